/* cheops-review.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Whole-game review: the evaluations of consecutive mainline positions
 * turned into judgements of the moves between them (inaccuracy `?!`,
 * mistake `?`, blunder `??`), written into the game as [%eval], glyphs and
 * the engine's best line, and a summary per side.  No engine and no GTK
 * here: the studio (studio-review.c) and `cheops analyse`
 * (cheops-tool-analyse.c) run the engine and hand each position's result
 * to a CheopsReview, so that both write exactly the same annotations.
 *
 * The curve (Lichess's, lila `WinPercent`): a score of @cp centipawns for a
 * side, clamped to +-CHEOPS_REVIEW_CP_CEILING (1000), gives that side the
 * winning chances
 *     wc(cp) = 2 / (1 + exp(-0.00368208 * cp)) - 1        (-1 .. 1)
 * and the win percentage 50 + 50 * wc(cp) (0 .. 100).  An Ascension (mate)
 * score counts as the ceiling: +1000 for the side that achieves it, -1000
 * for the other (lila's `fromMate`); a position where the game is over is
 * exact: wc = +1 for the winner, -1 for the loser, 0 for a draw.
 *
 * The thresholds: a move's loss is wc(before) - wc(after), both from the
 * view of the side that moved (a gain counts as 0).  A loss of at least
 * 0.3 is a blunder, 0.2 a mistake, 0.1 an inaccuracy (lila `Advice`): on
 * the win-percentage scale, swings of 15, 10 and 5 points.
 *
 * An only move `!` (not Lichess's; the project's rule): the move played is
 * the engine's best (the first move of its line in the position before),
 * its second-best move there (MultiPV 2) would lose at least 0.3 of
 * winning chances against it (it would be a blunder), and the best keeps
 * the mover's winning chances above -0.5 (a move that only delays a loss
 * is not one).
 *
 * Each game has its own constant in place of 0.00368208 (a centipawn
 * means different things in Cheops and Pyramids): fitted by
 * benchmarks/review-calibrate.py by maximum likelihood to the results of
 * the bundled engine's self-play games (cheops_review_curve_k(); README.md,
 * "How a verdict is decided").  The thresholds in winning chances are the
 * same for all four games; the clamp of the curve is the game's own
 * (cheops_review_winning_chances_for()).
 *
 * What a move lost is measured by comparable searches: the position
 * before it searched for its best (the [%eval] there), and the same
 * position searched with the move played alone (UCI `go searchmoves`) to
 * the same depth (cheops_review_set_played()): the loss is
 * wc(best) - wc(played).  Without the played move's search the position
 * after's evaluation stands in for it (a search of another position, one
 * ply deeper or shallower: less steady).  A move that ends the game is
 * judged by the end itself.  The engine's own first choice (the first
 * move of its best line in the position before) is never marked ?!, ? or
 * ??.  A driver searches a move about to be marked again, longer, before
 * it is (cheops_review_needs_confirmation()), and the move is marked only
 * as far as both searches agree (cheops_review_begin_confirmation()).
 *
 * A review replaces a position's [%eval] only by a deeper one (an end's
 * exact evaluation always), so reviewing again with more time deepens a
 * file and a shorter review loses nothing.  Likewise the verdict on a
 * move (its glyph, the best line added) is given only when this review's
 * search of the position before is deeper than the [%eval] the game had
 * there (or it had none, or one of unknown depth, typed by hand): a glyph
 * ?!, ?, ?? or ! on a move whose position before had an [%eval] of a known
 * depth came with a shallower review and is replaced by (or removed for)
 * this review's verdict; every other glyph is kept.
 *
 * Average centipawn loss (ACPL) of a side: the mean over its judged moves
 * of max(0, cp(before) - cp(after)) from its view, both clamped to +-1000
 * (an Ascension score and a won end as +-1000, a drawn end 0).  Accuracy:
 * the mean over its judged moves of Lichess's per-move accuracy
 *     acc = 103.1668 * exp(-0.04354 * (win%(before) - win%(after))) - 3.1669
 * clamped to 0 .. 100 (100 when the move lost nothing) - a plain mean, not
 * lila's volatility-weighted blend.
 */
#pragma once

#include <glib.h>

#include "cheops-annotations.h"
#include "cheops-game.h"

G_BEGIN_DECLS

/* The clamp of scores, in centipawns (lila's Cp.CEILING). */
#define CHEOPS_REVIEW_CP_CEILING 1000
/* The longest best line written as a variation, in plies. */
#define CHEOPS_REVIEW_LINE_PLIES 8

typedef enum {
  CHEOPS_REVIEW_NONE = 0,      /* nothing to say (or not judged) */
  CHEOPS_REVIEW_INACCURACY,    /* ?!, loss >= 0.1 */
  CHEOPS_REVIEW_MISTAKE,       /* ?,  loss >= 0.2 */
  CHEOPS_REVIEW_BLUNDER,       /* ??, loss >= 0.3 */
  CHEOPS_REVIEW_ONLY_MOVE,     /* !, the only move that keeps the game (see below) */
} CheopsReviewJudgement;

/* The winning chances (-1 .. 1) of a side whose score is @cp centipawns
 * (clamped to +-1000 first), by the curve above with Lichess's chess
 * constant. */
double                cheops_review_winning_chances (int cp);
/* The constant k of @variant's curve (Lichess's chess one for a variant
 * not calibrated, or NULL). */
double                cheops_review_curve_k         (const CheopsVariant *variant);
/* The winning chances (-1 .. 1) of @cp centipawns in @variant's game, by
 * its own constant k (what a CheopsReview of that game uses): @cp is
 * clamped to the game's ceiling, 1000 x 0.00368208 / k centipawns (the
 * score whose chances are those of 1000 cp in chess, about 0.95), which is
 * also what an Ascension counts for in winning chances (ACPL still clamps
 * at +-1000). */
double                cheops_review_winning_chances_for (const CheopsVariant *variant,
                                                         int                  cp);
/* The same as a win percentage, 0 .. 100. */
double                cheops_review_win_percent     (int cp);
/* The judgement of a move that took the mover's winning chances from
 * @before to @after (-1 .. 1 each). */
CheopsReviewJudgement cheops_review_judge           (double before,
                                                     double after);
/* The NAG of @judgement: CHEOPS_NAG_DUBIOUS, _MISTAKE, _BLUNDER, _GOOD
 * (for an only move); 0 for CHEOPS_REVIEW_NONE. */
guint8                cheops_review_judgement_nag   (CheopsReviewJudgement judgement);
/* Lichess's accuracy of one move (0 .. 100) from the mover's win
 * percentages before and after it. */
double                cheops_review_move_accuracy   (double win_before,
                                                     double win_after);

/* The [%eval] of an engine's score, which is from the view of the side to
 * move (UCI): @side_to_move of the position searched; @ascension TRUE for
 * `score mate N` (@score = N moves, @losing TRUE when the side to move is
 * the one that loses, "mate -N"), FALSE for `score cp` (@score in
 * centipawns); @depth in plies (0: unknown).  The result is from side A's
 * view, as cheops-annotations.h stores it. */
CheopsEval            cheops_review_eval_from_engine (CheopsSide side_to_move,
                                                      gboolean   ascension,
                                                      int        score,
                                                      gboolean   losing,
                                                      int        depth);
/* The score of @eval (side A's view, kind not NONE) for @side, in
 * centipawns clamped to +-1000 (an Ascension as +-1000; "#0", an
 * Ascension achieved, as +1000 for the side that just moved into it,
 * @mover_of_position). */
int                   cheops_review_eval_cp_for     (const CheopsEval *eval,
                                                     CheopsSide        side,
                                                     CheopsSide        mover_of_position);

/* A review of one game: the mainline positions from a ply to the end,
 * the results given for them, the annotations they make. */
typedef struct _CheopsReview CheopsReview;

/* The per-side summary of the judged moves. */
typedef struct {
  guint  moves;          /* moves judged (both positions evaluated) */
  guint  inaccuracies;
  guint  mistakes;
  guint  blunders;
  guint  only_moves;     /* the moves judged "!" */
  double acpl;           /* average centipawn loss; 0 when moves is 0 */
  double accuracy;       /* mean per-move accuracy, 0 .. 100; 0 when moves is 0 */
} CheopsReviewSummary;

/* A review of @game (referenced) covering the mainline positions at plies
 * >= @from_ply (0: from the start position; past the end: only the last
 * position), judging the moves of @side (CHEOPS_SIDE_A or _B), or of both
 * for @side < 0 (or >= CHEOPS_SIDE_NB).  The nodes are taken now: later
 * edits of the game do not change them, and a node no longer in the game
 * when applying is skipped.  Free with cheops_review_free(). */
CheopsReview         *cheops_review_new             (CheopsGame     *game,
                                                     guint           from_ply,
                                                     int             side);
/* A review of a line of @game (referenced): the position before @first
 * (its parent; @first is not the root), then @first's and those after it
 * along each node's first child (cheops_game_node_get_next()) - for a
 * variation, @first its first move.  As cheops_review_new() otherwise. */
CheopsReview         *cheops_review_new_for_line    (CheopsGame     *game,
                                                     CheopsGameNode *first,
                                                     int             side);
void                  cheops_review_free            (CheopsReview   *self);

/* The number of positions (>= 1), and position @index's node (owned by
 * the review; index 0 is the position before the first judged move). */
guint                 cheops_review_get_n_positions (CheopsReview   *self);
CheopsGameNode       *cheops_review_get_node        (CheopsReview   *self,
                                                     guint           index);
/* Whether position @index needs the engine: FALSE when the game is over
 * there (cheops_game_node_get_outcome(), repetition included), whose
 * evaluation is the outcome (set at construction: a win "#0", a draw
 * 0.00). */
gboolean              cheops_review_needs_engine    (CheopsReview   *self,
                                                     guint           index);
/* Gives position @index its evaluation @eval (side A's view, kind not
 * NONE; see cheops_review_eval_from_engine()) and the engine's best line
 * @pv from it (machine move texts, NULL-terminated; may be NULL; copied).
 * Replaces an earlier result.  Ignored for a position that does not need
 * the engine. */
void                  cheops_review_set_result      (CheopsReview       *self,
                                                     guint               index,
                                                     const CheopsEval   *eval,
                                                     const char *const  *pv);
/* Gives position @index the evaluation of the engine's second-best move
 * there (side A's view, as cheops_review_set_result()'s; the MultiPV 2
 * line), for the only-move rule; NULL forgets it.  Ignored for a position
 * that does not need the engine. */
void                  cheops_review_set_second      (CheopsReview       *self,
                                                     guint               index,
                                                     const CheopsEval   *eval);
/* Gives position @index the evaluation @eval (side A's view, as
 * cheops_review_set_result()'s) of the move played from it (the move into
 * position @index + 1), from a search of position @index restricted to
 * that move (UCI `go depth D searchmoves MOVE`) to the depth D of its
 * result: the two are then comparable, and the move's judgement is made
 * from them (see above).  NULL forgets it.  Ignored for the last position
 * and one that does not need the engine. */
void                  cheops_review_set_played      (CheopsReview       *self,
                                                     guint               index,
                                                     const CheopsEval   *eval);
/* Whether position @index has the played move's evaluation; it in *@eval
 * (may be NULL). */
gboolean              cheops_review_get_played      (CheopsReview       *self,
                                                     guint               index,
                                                     CheopsEval         *eval);
/* The move played from position @index (the move into @index + 1), or
 * CHEOPS_MOVE_NONE at the last position. */
CheopsMove            cheops_review_get_played_move (CheopsReview       *self,
                                                     guint               index);
/* Whether the move played from position @index is one this review
 * judges (there is one, and its mover is a side reviewed). */
gboolean              cheops_review_judges_move     (CheopsReview       *self,
                                                     guint               index);
/* Whether the move played from position @index is the first move of the
 * best line given for it (the engine's first choice at that depth). */
gboolean              cheops_review_is_first_choice (CheopsReview       *self,
                                                     guint               index);
/* Whether the move played from position @index would now be marked ?!, ?
 * or ?? (cheops_review_get_judgement (@index + 1)): a driver searches
 * position @index again, longer, and gives the new results (best and
 * played, the same depth), which replace these, before applying. */
gboolean              cheops_review_needs_confirmation (CheopsReview    *self,
                                                        guint            index);
/* Before the longer search of position @index that
 * cheops_review_needs_confirmation() asks for: remembers the judgement the
 * first search gives the move played from it (?!, ? or ??), so that the
 * move is then marked only as far as both searches agree - the longer
 * search's, but never worse than the first's (a ?! the longer search
 * finds a ? stays ?!; one it finds harmless loses its mark).  Does
 * nothing when the move needs no confirmation. */
void                  cheops_review_begin_confirmation (CheopsReview    *self,
                                                        guint            index);
/* Whether position @index has an evaluation (given, or an end's). */
gboolean              cheops_review_has_result      (CheopsReview   *self,
                                                     guint           index);
/* The judgement of the move into position @index (>= 1): NONE when either
 * position has no evaluation or the mover is not a side reviewed;
 * ONLY_MOVE needs the position before to have its best line and its
 * second-best evaluation. */
CheopsReviewJudgement cheops_review_get_judgement   (CheopsReview   *self,
                                                     guint           index);
/* The summary of @side's judged moves. */
void                  cheops_review_get_summary     (CheopsReview        *self,
                                                     CheopsSide           side,
                                                     CheopsReviewSummary *summary);

/* Writes what the results say into the game, as ONE undo step (a group):
 * each evaluated position's [%eval] (with its depth), replacing an
 * evaluation it had only by a deeper one (see above) and keeping its
 * other annotations; each judged move that is an inaccuracy, mistake,
 * blunder or only move gets its glyph unless it has a move glyph already
 * (the user's judgement is kept; a shallower review's is redone, see
 * above), and,
 * unless it is an only move, the engine's best
 * line from the position before it (at most CHEOPS_REVIEW_LINE_PLIES
 * plies, legal moves only) as a new variation there, its first move's
 * [%eval] the evaluation of that position - unless the line starts with
 * the move played or with the first move of a variation already there.
 * Comments, glyphs and variations already in the game are kept.
 * Returns the number of edits made (0: nothing changed, no undo step).
 * May be called once per review (later calls do nothing and return 0). */
guint                 cheops_review_apply           (CheopsReview   *self);
/* Removes, as ONE undo step, what cheops_review_apply() added and is still
 * as it left it: its variations, its glyphs, its evaluations (a position's
 * earlier [%eval] comes back).  Returns the number of edits (0: nothing was
 * left to remove). */
guint                 cheops_review_remove          (CheopsReview   *self);
/* Whether cheops_review_apply() added anything cheops_review_remove()
 * could still remove (the game is not checked). */
gboolean              cheops_review_get_applied     (CheopsReview   *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CheopsReview, cheops_review_free)

G_END_DECLS
