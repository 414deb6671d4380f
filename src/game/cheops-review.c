/* cheops-review.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Whole-game review (see the header for the curve, the thresholds and the
 * summary's formulas).
 */
#define G_LOG_DOMAIN "cheops-review"

#include <math.h>
#include <string.h>

#include "cheops-notation.h"
#include "cheops-review.h"

/* lila WinPercent: the logistic fitted to Stockfish's chess scores. */
#define WINNING_CHANCES_K 0.00368208

typedef struct {
  CheopsGameNode *node;       /* referenced */
  gboolean        terminal;   /* the game is over here: no engine */
  gboolean        has_result;
  CheopsEval      eval;       /* side A's view */
  double          chances_a;  /* winning chances of side A, -1 .. 1 */
  int             cp_a;       /* score for side A, clamped */
  gboolean        has_second;
  double          second_chances_a; /* of the second-best move */
  char          **pv;         /* owned, or NULL */
  /* The move played from here (the next position's move), searched from
   * here as such (searchmoves) at the depth of @eval. */
  gboolean        has_played;
  CheopsEval      played;     /* side A's view */
  double          played_chances_a;
  int             played_cp_a;
  /* cheops_review_begin_confirmation(): the move played from here is
   * judged no worse than the first search judged it. */
  gboolean        has_ceiling;
  CheopsReviewJudgement ceiling;
} Position;

/* One edit cheops_review_apply() made, to be undone by
 * cheops_review_remove() if the game still shows it. */
typedef enum {
  ADDED_EVAL,        /* node's eval set to @eval (it had @old_eval) */
  ADDED_GLYPH,       /* node's move glyph set to @nag (it had none) */
  ADDED_LINE,        /* node is the first move of a variation added */
} AddedKind;

typedef struct {
  AddedKind       kind;
  CheopsGameNode *node;       /* referenced */
  CheopsEval      eval;
  CheopsEval      old_eval;
  guint8          nag;
  guint8          old_nag;    /* ADDED_GLYPH: the glyph it replaced (0: none) */
} Added;

struct _CheopsReview {
  CheopsGame *game;           /* referenced */
  double      k;              /* the curve's constant for the game's variant */
  int         side;           /* -1: both */
  GArray     *positions;      /* Position */
  GArray     *added;          /* Added */
  gboolean    applied;
};

static int
clamp_cp (int cp)
{
  return CLAMP (cp, -CHEOPS_REVIEW_CP_CEILING, CHEOPS_REVIEW_CP_CEILING);
}

/* Each game's constant of the curve, fitted by
 * benchmarks/review-calibrate.py on the bundled engine's self-play games
 * by win rate (README.md, "How a verdict is decided": 60 games of each
 * at 0.2+0.02, reviewed at 20 ms a position). */
static const struct {
  const char *variant;
  double      k;
} curve_k[] = {
  { "cheops",    0.003451 },
  { "trigchess", 0.002139 },
  { "cypher",    0.000803 },
  { "pyramids",  0.001964 },
};

double
cheops_review_curve_k (const CheopsVariant *variant)
{
  if (variant != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (curve_k); i++)
      if (g_strcmp0 (variant->name, curve_k[i].variant) == 0)
        return curve_k[i].k;
  return WINNING_CHANCES_K;
}

static double
chances_k (double k,
           int    cp)
{
  return 2.0 / (1.0 + exp (-k * clamp_cp (cp))) - 1.0;
}

/* The winning chances of side A by @eval in a game of constant @k: its
 * centipawns clamped to the game's ceiling, the score whose chances are
 * those of 1000 cp on the chess curve (about 0.95: 1000 x 0.00368208 / k
 * centipawns), an Ascension as that ceiling - so a forced win is worth
 * the same in every game. */
static double
eval_chances_a (double            k,
                const CheopsEval *eval,
                CheopsSide        mover_of_position)
{
  double ceiling = CHEOPS_REVIEW_CP_CEILING * WINNING_CHANCES_K / k;
  double cp;

  if (eval->kind == CHEOPS_EVAL_CENTIPAWNS)
    cp = CLAMP ((double) eval->value, -ceiling, ceiling);
  else if (eval->value != 0)
    cp = eval->value > 0 ? ceiling : -ceiling;
  else
    cp = mover_of_position == CHEOPS_SIDE_A ? ceiling : -ceiling;
  return 2.0 / (1.0 + exp (-k * cp)) - 1.0;
}

double
cheops_review_winning_chances (int cp)
{
  return chances_k (WINNING_CHANCES_K, cp);
}

double
cheops_review_winning_chances_for (const CheopsVariant *variant,
                                   int                  cp)
{
  CheopsEval eval = { CHEOPS_EVAL_CENTIPAWNS, cp, 0 };

  return eval_chances_a (cheops_review_curve_k (variant), &eval, CHEOPS_SIDE_A);
}

double
cheops_review_win_percent (int cp)
{
  return 50.0 + 50.0 * cheops_review_winning_chances (cp);
}

CheopsReviewJudgement
cheops_review_judge (double before,
                     double after)
{
  double loss = before - after;

  if (loss >= 0.3)
    return CHEOPS_REVIEW_BLUNDER;
  if (loss >= 0.2)
    return CHEOPS_REVIEW_MISTAKE;
  if (loss >= 0.1)
    return CHEOPS_REVIEW_INACCURACY;
  return CHEOPS_REVIEW_NONE;
}

guint8
cheops_review_judgement_nag (CheopsReviewJudgement judgement)
{
  switch (judgement)
    {
    case CHEOPS_REVIEW_INACCURACY: return CHEOPS_NAG_DUBIOUS;
    case CHEOPS_REVIEW_MISTAKE:    return CHEOPS_NAG_MISTAKE;
    case CHEOPS_REVIEW_BLUNDER:    return CHEOPS_NAG_BLUNDER;
    case CHEOPS_REVIEW_ONLY_MOVE:  return CHEOPS_NAG_GOOD;
    case CHEOPS_REVIEW_NONE:
    default:                       return 0;
    }
}

double
cheops_review_move_accuracy (double win_before,
                             double win_after)
{
  double acc;

  if (win_after >= win_before)
    return 100.0;
  acc = 103.1668 * exp (-0.04354 * (win_before - win_after)) - 3.1669;
  return CLAMP (acc, 0.0, 100.0);
}

CheopsEval
cheops_review_eval_from_engine (CheopsSide side_to_move,
                                gboolean   ascension,
                                int        score,
                                gboolean   losing,
                                int        depth)
{
  CheopsEval eval;
  int value = ascension ? (losing ? -ABS (score) : ABS (score)) : score;

  eval.kind = ascension ? CHEOPS_EVAL_ASCENSION : CHEOPS_EVAL_CENTIPAWNS;
  eval.value = side_to_move == CHEOPS_SIDE_A ? value : -value;
  eval.depth = MAX (depth, 0);
  return eval;
}

int
cheops_review_eval_cp_for (const CheopsEval *eval,
                           CheopsSide        side,
                           CheopsSide        mover_of_position)
{
  int cp_a;

  g_return_val_if_fail (eval != NULL && eval->kind != CHEOPS_EVAL_NONE, 0);

  if (eval->kind == CHEOPS_EVAL_CENTIPAWNS)
    cp_a = clamp_cp (eval->value);
  else if (eval->value != 0)
    cp_a = eval->value > 0 ? CHEOPS_REVIEW_CP_CEILING : -CHEOPS_REVIEW_CP_CEILING;
  else
    cp_a = mover_of_position == CHEOPS_SIDE_A ? CHEOPS_REVIEW_CP_CEILING : -CHEOPS_REVIEW_CP_CEILING;
  return side == CHEOPS_SIDE_A ? cp_a : -cp_a;
}

static void
position_clear (gpointer data)
{
  Position *p = data;

  g_clear_pointer (&p->node, cheops_game_node_unref);
  g_clear_pointer (&p->pv, g_strfreev);
}

static void
added_clear (gpointer data)
{
  Added *a = data;

  g_clear_pointer (&a->node, cheops_game_node_unref);
}

/* The side that moved into @node's position (for the root: the other side
 * than the one to move). */
static CheopsSide
mover_into (CheopsGameNode *node)
{
  const CheopsPosition *pos = cheops_game_node_get_position (node);

  return cheops_side_other (pos->side_to_move);
}

static void
append_position (CheopsReview   *self,
                 CheopsGameNode *node)
{
  Position p = { 0 };
  CheopsOutcome outcome = cheops_game_node_get_outcome (node);

  p.node = cheops_game_node_ref (node);
  if (outcome != CHEOPS_OUTCOME_NONE)
    {
      CheopsWinner winner = cheops_variant_outcome_winner (cheops_game_get_variant (self->game), outcome);

      p.terminal = TRUE;
      p.has_result = TRUE;
      if (winner == CHEOPS_WINNER_DRAW)
        p.eval = (CheopsEval) { CHEOPS_EVAL_CENTIPAWNS, 0, 0 };
      else
        {
          gboolean a_wins = winner == CHEOPS_WINNER_A;

          p.eval = (CheopsEval) { CHEOPS_EVAL_ASCENSION, 0, 0 };
          p.chances_a = a_wins ? 1.0 : -1.0;
          p.cp_a = a_wins ? CHEOPS_REVIEW_CP_CEILING : -CHEOPS_REVIEW_CP_CEILING;
        }
    }
  g_array_append_val (self->positions, p);
}

static CheopsReview *
review_alloc (CheopsGame *game,
              int         side)
{
  CheopsReview *self = g_new0 (CheopsReview, 1);

  self->game = g_object_ref (game);
  self->k = cheops_review_curve_k (cheops_game_get_variant (game));
  self->side = side >= 0 && side < CHEOPS_SIDE_NB ? side : -1;
  self->positions = g_array_new (FALSE, TRUE, sizeof (Position));
  g_array_set_clear_func (self->positions, position_clear);
  self->added = g_array_new (FALSE, TRUE, sizeof (Added));
  g_array_set_clear_func (self->added, added_clear);
  return self;
}

CheopsReview *
cheops_review_new (CheopsGame *game,
                   guint       from_ply,
                   int         side)
{
  CheopsReview *self;
  CheopsGameNode *node;

  g_return_val_if_fail (CHEOPS_IS_GAME (game), NULL);

  self = review_alloc (game, side);
  node = cheops_game_get_root (game);
  while (cheops_game_node_get_ply (node) < from_ply && cheops_game_node_get_next (node) != NULL)
    node = cheops_game_node_get_next (node);
  for (; node != NULL; node = cheops_game_node_get_next (node))
    append_position (self, node);
  return self;
}

CheopsReview *
cheops_review_new_for_line (CheopsGame     *game,
                            CheopsGameNode *first,
                            int             side)
{
  CheopsReview *self;

  g_return_val_if_fail (CHEOPS_IS_GAME (game), NULL);
  g_return_val_if_fail (first != NULL && !cheops_game_node_is_root (first), NULL);

  self = review_alloc (game, side);
  append_position (self, cheops_game_node_get_parent (first));
  for (CheopsGameNode *node = first; node != NULL; node = cheops_game_node_get_next (node))
    append_position (self, node);
  return self;
}

void
cheops_review_free (CheopsReview *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->positions);
  g_array_unref (self->added);
  g_object_unref (self->game);
  g_free (self);
}

guint
cheops_review_get_n_positions (CheopsReview *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->positions->len;
}

static Position *
position_at (CheopsReview *self,
             guint         index)
{
  g_return_val_if_fail (index < self->positions->len, NULL);
  return &g_array_index (self->positions, Position, index);
}

CheopsGameNode *
cheops_review_get_node (CheopsReview *self,
                        guint         index)
{
  Position *p;

  g_return_val_if_fail (self != NULL, NULL);
  p = position_at (self, index);
  return p != NULL ? p->node : NULL;
}

gboolean
cheops_review_needs_engine (CheopsReview *self,
                            guint         index)
{
  Position *p;

  g_return_val_if_fail (self != NULL, FALSE);
  p = position_at (self, index);
  return p != NULL && !p->terminal;
}

void
cheops_review_set_result (CheopsReview      *self,
                          guint              index,
                          const CheopsEval  *eval,
                          const char *const *pv)
{
  Position *p;

  g_return_if_fail (self != NULL);
  g_return_if_fail (eval != NULL && eval->kind != CHEOPS_EVAL_NONE);
  p = position_at (self, index);
  if (p == NULL || p->terminal)
    return;
  p->has_result = TRUE;
  p->eval = *eval;
  p->cp_a = cheops_review_eval_cp_for (eval, CHEOPS_SIDE_A, mover_into (p->node));
  p->chances_a = eval_chances_a (self->k, eval, mover_into (p->node));
  g_clear_pointer (&p->pv, g_strfreev);
  p->pv = pv != NULL ? g_strdupv ((char **) pv) : NULL;
}

void
cheops_review_set_second (CheopsReview     *self,
                          guint             index,
                          const CheopsEval *eval)
{
  Position *p;

  g_return_if_fail (self != NULL);
  p = position_at (self, index);
  if (p == NULL || p->terminal)
    return;
  p->has_second = eval != NULL && eval->kind != CHEOPS_EVAL_NONE;
  if (p->has_second)
    p->second_chances_a =
      eval_chances_a (self->k, eval, mover_into (p->node));
}

/* The next mainline node after @index's, or NULL at the last. */
static CheopsGameNode *
played_node (CheopsReview *self,
             guint         index)
{
  return index + 1 < self->positions->len ? position_at (self, index + 1)->node : NULL;
}

void
cheops_review_set_played (CheopsReview     *self,
                          guint             index,
                          const CheopsEval *eval)
{
  Position *p;

  g_return_if_fail (self != NULL);
  p = position_at (self, index);
  if (p == NULL || p->terminal || played_node (self, index) == NULL)
    return;
  p->has_played = eval != NULL && eval->kind != CHEOPS_EVAL_NONE;
  if (!p->has_played)
    return;
  p->played = *eval;
  /* Searched from @index's position: an Ascension "#0" cannot come from
   * it (a search of a position that is not over has a move to make). */
  p->played_cp_a = cheops_review_eval_cp_for (eval, CHEOPS_SIDE_A, mover_into (p->node));
  p->played_chances_a = eval_chances_a (self->k, eval, mover_into (p->node));
}

gboolean
cheops_review_get_played (CheopsReview *self,
                          guint         index,
                          CheopsEval   *eval)
{
  Position *p;

  g_return_val_if_fail (self != NULL, FALSE);
  p = position_at (self, index);
  if (p == NULL || !p->has_played)
    return FALSE;
  if (eval != NULL)
    *eval = p->played;
  return TRUE;
}

CheopsMove
cheops_review_get_played_move (CheopsReview *self,
                               guint         index)
{
  CheopsGameNode *next;

  g_return_val_if_fail (self != NULL, CHEOPS_MOVE_NONE);
  next = played_node (self, index);
  return next != NULL ? cheops_game_node_get_move (next) : CHEOPS_MOVE_NONE;
}

gboolean
cheops_review_judges_move (CheopsReview *self,
                           guint         index)
{
  CheopsGameNode *next;

  g_return_val_if_fail (self != NULL, FALSE);
  next = played_node (self, index);
  return next != NULL && (self->side < 0 || (int) cheops_game_node_get_mover (next) == self->side);
}

gboolean
cheops_review_is_first_choice (CheopsReview *self,
                               guint         index)
{
  Position *p;
  CheopsMove played, best;

  g_return_val_if_fail (self != NULL, FALSE);
  p = position_at (self, index);
  played = cheops_review_get_played_move (self, index);
  if (p == NULL || !p->has_result || p->terminal || p->pv == NULL || p->pv[0] == NULL
      || played == CHEOPS_MOVE_NONE)
    return FALSE;
  best = cheops_move_from_text (cheops_game_node_get_position (p->node), p->pv[0], NULL);
  return best != CHEOPS_MOVE_NONE && best == played;
}

gboolean
cheops_review_needs_confirmation (CheopsReview *self,
                                  guint         index)
{
  CheopsReviewJudgement j;

  g_return_val_if_fail (self != NULL, FALSE);
  if (index + 1 >= self->positions->len)
    return FALSE;
  j = cheops_review_get_judgement (self, index + 1);
  return j == CHEOPS_REVIEW_INACCURACY || j == CHEOPS_REVIEW_MISTAKE || j == CHEOPS_REVIEW_BLUNDER;
}

void
cheops_review_begin_confirmation (CheopsReview *self,
                                  guint         index)
{
  Position *p;

  g_return_if_fail (self != NULL);
  p = position_at (self, index);
  if (p == NULL || !cheops_review_needs_confirmation (self, index))
    return;
  p->ceiling = cheops_review_get_judgement (self, index + 1);
  p->has_ceiling = TRUE;
}

gboolean
cheops_review_has_result (CheopsReview *self,
                          guint         index)
{
  Position *p;

  g_return_val_if_fail (self != NULL, FALSE);
  p = position_at (self, index);
  return p != NULL && p->has_result;
}

/* Whether the move into position @index is judged; its mover in *@mover.
 * The position before needs its result, and the move what it left: the
 * played move's own search from the position before, or else the
 * position after's result (so a move is judged, and confirmed, before the
 * position after it is searched: a review going forwards). */
static gboolean
judged (CheopsReview *self,
        guint         index,
        CheopsSide   *mover)
{
  Position *before, *after;

  if (index == 0 || index >= self->positions->len)
    return FALSE;
  before = position_at (self, index - 1);
  after = position_at (self, index);
  if (!before->has_result || before->terminal
      || !(after->has_result || (before->has_played && !after->terminal)))
    return FALSE;
  *mover = cheops_game_node_get_mover (after->node);
  return self->side < 0 || (int) *mover == self->side;
}

static double
chances_for (const Position *p,
             CheopsSide      side)
{
  return side == CHEOPS_SIDE_A ? p->chances_a : -p->chances_a;
}

static int
cp_for (const Position *p,
        CheopsSide      side)
{
  return side == CHEOPS_SIDE_A ? p->cp_a : -p->cp_a;
}

/* What the move into position @index (judged, see judged()) left the
 * mover, as winning chances and centipawns from its view: the decided end
 * it reached; else the played move's own search from the position before
 * (comparable with that position's best, same depth); else the position
 * after's evaluation. */
static void
outcome_of_move (CheopsReview *self,
                 guint         index,
                 CheopsSide    mover,
                 double       *chances,
                 int          *cp)
{
  Position *before = position_at (self, index - 1);
  Position *after = position_at (self, index);

  if (!after->terminal && before->has_played)
    {
      *chances = mover == CHEOPS_SIDE_A ? before->played_chances_a : -before->played_chances_a;
      *cp = mover == CHEOPS_SIDE_A ? before->played_cp_a : -before->played_cp_a;
    }
  else
    {
      *chances = chances_for (after, mover);
      *cp = cp_for (after, mover);
    }
  /* Nothing is lost by the engine's own first choice (its score is the
   * best's, whatever the position after says at another depth). */
  if (cheops_review_is_first_choice (self, index - 1) && !after->terminal)
    {
      *chances = MAX (*chances, chances_for (before, mover));
      *cp = MAX (*cp, cp_for (before, mover));
    }
}

CheopsReviewJudgement
cheops_review_get_judgement (CheopsReview *self,
                             guint         index)
{
  CheopsSide mover;
  Position *before;
  CheopsReviewJudgement judgement;
  double after_chances;
  int after_cp;

  g_return_val_if_fail (self != NULL, CHEOPS_REVIEW_NONE);
  if (!judged (self, index, &mover))
    return CHEOPS_REVIEW_NONE;
  before = position_at (self, index - 1);
  outcome_of_move (self, index, mover, &after_chances, &after_cp);
  judgement = cheops_review_judge (chances_for (before, mover), after_chances);
  /* Confirmed: marked only as far as both searches agree. */
  if (before->has_ceiling && judgement != CHEOPS_REVIEW_NONE && judgement != CHEOPS_REVIEW_ONLY_MOVE
      && judgement > before->ceiling)
    judgement = before->ceiling;
  /* The only move: the engine's best, the second-best a blunder, and the
   * best not lost. */
  if (judgement == CHEOPS_REVIEW_NONE && before->has_second && cheops_review_is_first_choice (self, index - 1)
      && chances_for (before, mover) > -0.5)
    {
      double second = mover == CHEOPS_SIDE_A ? before->second_chances_a : -before->second_chances_a;

      if (cheops_review_judge (chances_for (before, mover), second) == CHEOPS_REVIEW_BLUNDER)
        judgement = CHEOPS_REVIEW_ONLY_MOVE;
    }
  return judgement;
}

void
cheops_review_get_summary (CheopsReview        *self,
                           CheopsSide           side,
                           CheopsReviewSummary *summary)
{
  double loss_sum = 0, accuracy_sum = 0;

  g_return_if_fail (self != NULL && summary != NULL);
  memset (summary, 0, sizeof *summary);
  for (guint i = 1; i < self->positions->len; i++)
    {
      CheopsSide mover;
      Position *before;
      double after_chances;
      int after_cp;

      if (!judged (self, i, &mover) || mover != side)
        continue;
      before = position_at (self, i - 1);
      outcome_of_move (self, i, mover, &after_chances, &after_cp);
      summary->moves++;
      switch (cheops_review_get_judgement (self, i))
        {
        case CHEOPS_REVIEW_INACCURACY: summary->inaccuracies++; break;
        case CHEOPS_REVIEW_MISTAKE:    summary->mistakes++; break;
        case CHEOPS_REVIEW_BLUNDER:    summary->blunders++; break;
        case CHEOPS_REVIEW_ONLY_MOVE:  summary->only_moves++; break;
        case CHEOPS_REVIEW_NONE:
        default:                       break;
        }
      loss_sum += MAX (0, cp_for (before, mover) - after_cp);
      accuracy_sum += cheops_review_move_accuracy (50.0 + 50.0 * chances_for (before, mover),
                                                   50.0 + 50.0 * after_chances);
    }
  if (summary->moves > 0)
    {
      summary->acpl = loss_sum / summary->moves;
      summary->accuracy = accuracy_sum / summary->moves;
    }
}

static void
record (CheopsReview   *self,
        AddedKind       kind,
        CheopsGameNode *node,
        const CheopsEval *eval,
        const CheopsEval *old_eval,
        guint8          nag,
        guint8          old_nag)
{
  Added a = { 0 };

  a.kind = kind;
  a.node = cheops_game_node_ref (node);
  if (eval != NULL)
    a.eval = *eval;
  if (old_eval != NULL)
    a.old_eval = *old_eval;
  a.nag = nag;
  a.old_nag = old_nag;
  g_array_append_val (self->added, a);
}

static gboolean
eval_equal (const CheopsEval *a,
            const CheopsEval *b)
{
  return a->kind == b->kind && (a->kind == CHEOPS_EVAL_NONE || (a->value == b->value && a->depth == b->depth));
}

/* Sets @node's eval to @eval, keeping its other annotations; TRUE if that
 * changed anything. */
static gboolean
set_eval (CheopsGame       *game,
          CheopsGameNode   *node,
          const CheopsEval *eval)
{
  g_autoptr (CheopsAnnotations) a = cheops_annotations_copy (cheops_game_node_get_annotations (node));

  if (eval_equal (&a->eval, eval))
    return FALSE;
  a->eval = *eval;
  cheops_game_set_annotations (game, node, a);
  return TRUE;
}

/* Adds the best line @pv at @parent as a new variation (not when its first
 * move is a child of @parent already: the move played or a variation the
 * game has); its first node gets @eval.  Returns that node, or NULL. */
static CheopsGameNode *
add_line (CheopsGame        *game,
          CheopsGameNode    *parent,
          const char *const *pv,
          const CheopsEval  *eval)
{
  CheopsGameNode *first = NULL, *node = parent;

  if (pv == NULL || pv[0] == NULL)
    return NULL;
  for (guint i = 0; pv[i] != NULL && i < CHEOPS_REVIEW_LINE_PLIES; i++)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (node);
      CheopsMove move = cheops_move_from_text (pos, pv[i], NULL);
      CheopsGameNode *child;

      if (move == CHEOPS_MOVE_NONE || !cheops_game_node_has_move (node, move))
        break;
      if (i == 0)
        for (child = cheops_game_node_get_first_child (node); child != NULL;
             child = cheops_game_node_get_next_sibling (child))
          if (cheops_game_node_get_move (child) == move)
            return NULL;
      child = cheops_game_add_move (game, node, move, NULL);
      if (child == NULL)
        break;
      if (i == 0)
        {
          first = child;
          set_eval (game, child, eval);
        }
      node = child;
    }
  return first;
}

/* Whether @glyph is one a review writes (?!, ?, ??, !). */
static gboolean
review_glyph (guint8 glyph)
{
  return glyph == CHEOPS_NAG_DUBIOUS || glyph == CHEOPS_NAG_MISTAKE || glyph == CHEOPS_NAG_BLUNDER
         || glyph == CHEOPS_NAG_GOOD;
}

/* Whether the evaluation @new, of a search, replaces @old in a file: when
 * there is none, or @new is deeper (an evaluation of unknown depth counts
 * as depth 0). */
static gboolean
deeper (const CheopsEval *new,
        const CheopsEval *old)
{
  return old->kind == CHEOPS_EVAL_NONE || new->depth > old->depth;
}

guint
cheops_review_apply (CheopsReview *self)
{
  guint edits = 0;
  g_autofree CheopsEval *had = NULL;

  g_return_val_if_fail (self != NULL, 0);
  if (self->applied)
    return 0;
  self->applied = TRUE;

  /* The evaluations the game had, before this review changes any. */
  had = g_new0 (CheopsEval, self->positions->len);
  for (guint i = 0; i < self->positions->len; i++)
    {
      Position *p = position_at (self, i);

      if (cheops_game_contains (self->game, p->node))
        had[i] = cheops_game_node_get_annotations (p->node)->eval;
    }

  cheops_game_begin_group (self->game);
  for (guint i = 0; i < self->positions->len; i++)
    {
      Position *p = position_at (self, i);
      CheopsReviewJudgement judgement;
      guint8 glyph, nag;
      gboolean redo_glyph;
      CheopsSide mover;

      if (!p->has_result || !cheops_game_contains (self->game, p->node))
        continue;
      /* An end's evaluation is exact; a search's replaces only a shallower
       * one, so that a review again with more time deepens the file. */
      if ((p->terminal || deeper (&p->eval, &had[i])) && set_eval (self->game, p->node, &p->eval))
        {
          record (self, ADDED_EVAL, p->node, &p->eval, &had[i], 0, 0);
          edits++;
        }
      if (i == 0 || !judged (self, i, &mover))
        continue;
      /* The verdict on a move is this review's to give only when its
       * search of the position before is deeper than what the game had
       * there (nothing, an [%eval] of unknown depth, or a shallower one):
       * a review no deeper than the file's changes no verdict of it. */
      if (had[i - 1].kind != CHEOPS_EVAL_NONE && had[i - 1].depth > 0
          && position_at (self, i - 1)->eval.depth <= had[i - 1].depth)
        continue;
      judgement = cheops_review_get_judgement (self, i);
      glyph = cheops_game_node_get_move_glyph (p->node);
      nag = cheops_review_judgement_nag (judgement);
      /* A review's kind of glyph on a move whose position before had an
       * evaluation of a known (so shallower) depth came from a shallower
       * review: this one's verdict replaces it (or takes it away).  Any
       * other glyph is the user's and is kept. */
      redo_glyph = glyph != 0 && review_glyph (glyph) && had[i - 1].kind != CHEOPS_EVAL_NONE
                   && had[i - 1].depth > 0;
      if ((glyph == 0 && nag != 0) || (redo_glyph && nag != glyph))
        {
          cheops_game_set_move_glyph (self->game, p->node, nag);
          record (self, ADDED_GLYPH, p->node, NULL, NULL, nag, glyph);
          edits++;
        }
      if (judgement == CHEOPS_REVIEW_NONE || judgement == CHEOPS_REVIEW_ONLY_MOVE)
        continue;
      {
        Position *before = position_at (self, i - 1);
        CheopsGameNode *line;

        if (!cheops_game_contains (self->game, before->node))
          continue;
        line = add_line (self->game, before->node, (const char *const *) before->pv, &before->eval);
        if (line != NULL)
          {
            record (self, ADDED_LINE, line, NULL, NULL, 0, 0);
            edits++;
          }
      }
    }
  cheops_game_end_group (self->game);
  return edits;
}

guint
cheops_review_remove (CheopsReview *self)
{
  guint edits = 0;

  g_return_val_if_fail (self != NULL, 0);

  cheops_game_begin_group (self->game);
  /* Lines first (their nodes carry evals of their own), then the rest. */
  for (guint i = self->added->len; i-- > 0;)
    {
      Added *a = &g_array_index (self->added, Added, i);

      if (!cheops_game_contains (self->game, a->node))
        continue;
      switch (a->kind)
        {
        case ADDED_LINE:
          if (cheops_game_delete_from (self->game, a->node))
            edits++;
          break;
        case ADDED_GLYPH:
          if (cheops_game_node_get_move_glyph (a->node) == a->nag)
            {
              cheops_game_set_move_glyph (self->game, a->node, a->old_nag);
              edits++;
            }
          break;
        case ADDED_EVAL:
          if (eval_equal (&cheops_game_node_get_annotations (a->node)->eval, &a->eval)
              && set_eval (self->game, a->node, &a->old_eval))
            edits++;
          break;
        default:
          g_assert_not_reached ();
        }
    }
  cheops_game_end_group (self->game);
  g_array_set_size (self->added, 0);
  return edits;
}

gboolean
cheops_review_get_applied (CheopsReview *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->added->len > 0;
}
