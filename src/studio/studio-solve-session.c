/* studio-solve-session.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Solving a problem: the rules of judging are in studio-solve-session.h.
 * The session plays the solver's and the defender's moves into a game of
 * its own (so the board gets a node with its moves, check and outcome
 * derived by the game model, repetition included) and follows the
 * problem's tree beside it while the moves are the file's.
 */
#define G_LOG_DOMAIN "studio-solve-session"

#include <string.h>
#include <glib/gi18n.h>

#include "cheops-problem.h"
#include "studio-solve-session.h"

struct _StudioSolveSession
{
  GObject           parent_instance;

  CheopsGame       *problem;     /* owned ref, only read */
  CheopsGame       *play;        /* owned: the moves played */
  CheopsGameNode   *node;        /* borrowed, in play: the position shown */
  CheopsGameNode   *file_node;   /* borrowed, in problem: where the file's
                                  * lines stand, NULL once off them */
  const char       *refutation;  /* borrowed SAN, in problem */
  char             *reply;       /* owned SAN of the last defence */

  CheopsSide        solver;
  guint             n_moves;
  guint             moves_made;
  guint             attempts;
  guint             hints;
  StudioSolveState  state;
  guint             engine_judges : 1;
};

G_DEFINE_FINAL_TYPE (StudioSolveSession, studio_solve_session, G_TYPE_OBJECT)

static void
studio_solve_session_finalize (GObject *object)
{
  StudioSolveSession *self = (StudioSolveSession *)object;

  g_clear_object (&self->play);
  g_clear_object (&self->problem);
  g_clear_pointer (&self->reply, g_free);

  G_OBJECT_CLASS (studio_solve_session_parent_class)->finalize (object);
}

static void
studio_solve_session_class_init (StudioSolveSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = studio_solve_session_finalize;
}

static void
studio_solve_session_init (StudioSolveSession *self)
{
}

gboolean
studio_solve_read_stipulation (CheopsGame  *game,
                               guint       *n_moves,
                               GError     **error)
{
  CheopsStipulation stipulation;

  if (!cheops_problem_get_stipulation (game, NULL, -1, 0, &stipulation, error))
    return FALSE;
  /* Solve mode answers the solver's moves as the defender's: "#N" only
   * (the Problem panel verifies the other genres). */
  if (stipulation.genre != CHEOPS_STIPULATION_DIRECT)
    {
      g_autofree char *text = cheops_stipulation_to_string (&stipulation);

      g_set_error (error, CHEOPS_PROBLEM_ERROR, CHEOPS_PROBLEM_ERROR_UNSUPPORTED,
                   _("solve mode plays “#N” problems, not “%s”"), text);
      return FALSE;
    }
  if (n_moves != NULL)
    *n_moves = (guint) stipulation.moves;
  return TRUE;
}

StudioSolveSession *
studio_solve_session_new (CheopsGame  *problem,
                          GError     **error)
{
  g_autoptr(StudioSolveSession) self = NULL;
  guint n_moves;

  g_return_val_if_fail (CHEOPS_IS_GAME (problem), NULL);

  if (!studio_solve_read_stipulation (problem, &n_moves, error))
    return NULL;

  self = g_object_new (STUDIO_TYPE_SOLVE_SESSION, NULL);
  self->problem = g_object_ref (problem);
  self->n_moves = n_moves;
  self->solver = cheops_game_get_start_position (problem)->side_to_move;
  studio_solve_session_restart (self);
  return g_steal_pointer (&self);
}

CheopsGame *
studio_solve_session_get_problem (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), NULL);
  return self->problem;
}

StudioSolveState
studio_solve_session_get_state (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), STUDIO_SOLVE_STATE_TO_MOVE);
  return self->state;
}

CheopsSide
studio_solve_session_get_solver (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), CHEOPS_SIDE_A);
  return self->solver;
}

guint
studio_solve_session_get_n_moves (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), 0);
  return self->n_moves;
}

guint
studio_solve_session_get_moves_left (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), 0);
  return self->n_moves - self->moves_made;
}

guint
studio_solve_session_get_attempts (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), 0);
  return self->attempts;
}

guint
studio_solve_session_get_hints (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), 0);
  return self->hints;
}

CheopsGameNode *
studio_solve_session_get_node (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), NULL);
  return self->node;
}

const char *
studio_solve_session_get_reply (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), NULL);
  return self->reply;
}

const char *
studio_solve_session_get_refutation (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), NULL);
  return self->refutation;
}

gboolean
studio_solve_session_get_engine_judges (StudioSolveSession *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), FALSE);
  return self->state == STUDIO_SOLVE_STATE_WAITING && self->engine_judges;
}

/* The child of @node (in the problem) whose move is @move, or NULL. */
static CheopsGameNode *
file_child (CheopsGameNode *node,
            CheopsMove      move)
{
  if (node == NULL)
    return NULL;
  for (CheopsGameNode *child = cheops_game_node_get_first_child (node);
       child != NULL;
       child = cheops_game_node_get_next_sibling (child))
    if (cheops_game_node_get_move (child) == move)
      return child;
  return NULL;
}

/* Whether the game stands won by the solver at the session's node. */
static gboolean
solver_has_won (StudioSolveSession *self)
{
  CheopsOutcome outcome = cheops_game_node_get_outcome (self->node);
  CheopsWinner winner;

  if (outcome == CHEOPS_OUTCOME_NONE)
    return FALSE;
  winner = cheops_variant_outcome_winner (cheops_game_get_variant (self->play), outcome);
  return (self->solver == CHEOPS_SIDE_A && winner == CHEOPS_WINNER_A) ||
         (self->solver == CHEOPS_SIDE_B && winner == CHEOPS_WINNER_B);
}

/* Plays @move at the session's node (a move of the position: the caller
 * checked it). */
static void
session_advance (StudioSolveSession *self,
                 CheopsMove          move)
{
  CheopsGameNode *child = cheops_game_add_move (self->play, self->node, move, NULL);

  g_assert (child != NULL);
  self->node = child;
}

/* Takes back the solver's move just played (the session's node is the
 * position after it). */
static void
session_take_back (StudioSolveSession *self)
{
  self->node = cheops_game_node_get_parent (self->node);
  self->attempts++;
  self->state = STUDIO_SOLVE_STATE_TO_MOVE;
  self->engine_judges = FALSE;
}

/* After the solver's move, now counted: solved, or the defence from the
 * file, or the engine's turn. */
static StudioSolveResult
session_after_solver_move (StudioSolveSession *self)
{
  CheopsGameNode *defence;

  if (solver_has_won (self))
    {
      self->state = STUDIO_SOLVE_STATE_SOLVED;
      return STUDIO_SOLVE_RESULT_SOLVED;
    }
  defence = self->file_node != NULL ? cheops_game_node_get_first_child (self->file_node) : NULL;
  if (defence != NULL &&
      cheops_game_node_has_move (self->node, cheops_game_node_get_move (defence)))
    {
      session_advance (self, cheops_game_node_get_move (defence));
      self->file_node = defence;
      g_free (self->reply);
      self->reply = g_strdup (cheops_game_node_get_san (self->node));
      self->state = STUDIO_SOLVE_STATE_TO_MOVE;
      return STUDIO_SOLVE_RESULT_RIGHT;
    }
  self->file_node = NULL;
  self->state = STUDIO_SOLVE_STATE_WAITING;
  self->engine_judges = FALSE;
  return STUDIO_SOLVE_RESULT_ENGINE;
}

StudioSolveResult
studio_solve_session_play (StudioSolveSession *self,
                           CheopsMove          move)
{
  CheopsGameNode *child;

  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), STUDIO_SOLVE_RESULT_REFUSED);

  if (self->state != STUDIO_SOLVE_STATE_TO_MOVE ||
      self->moves_made >= self->n_moves ||
      !cheops_game_node_has_move (self->node, move))
    return STUDIO_SOLVE_RESULT_REFUSED;

  self->refutation = NULL;
  g_clear_pointer (&self->reply, g_free);

  /* The file has a line here: only its move is right. */
  if (self->file_node != NULL && cheops_game_node_get_first_child (self->file_node) != NULL)
    {
      child = file_child (self->file_node, move);
      if (child == NULL || child != cheops_game_node_get_first_child (self->file_node))
        {
          CheopsGameNode *refutation = child != NULL ? cheops_game_node_get_first_child (child) : NULL;

          if (refutation != NULL)
            self->refutation = cheops_game_node_get_san (refutation);
          self->attempts++;
          return STUDIO_SOLVE_RESULT_WRONG;
        }
      session_advance (self, move);
      self->file_node = child;
      self->moves_made++;
      if (!solver_has_won (self) && self->moves_made >= self->n_moves)
        {
          /* The file's line overruns its stipulation: no win in time. */
          self->moves_made--;
          self->file_node = cheops_game_node_get_parent (child);
          session_take_back (self);
          return STUDIO_SOLVE_RESULT_WRONG;
        }
      return session_after_solver_move (self);
    }

  /* Off the file's lines: a win at once is right; else the engine judges,
   * unless no move is left to win with. */
  session_advance (self, move);
  self->file_node = NULL;
  if (solver_has_won (self))
    {
      self->moves_made++;
      self->state = STUDIO_SOLVE_STATE_SOLVED;
      return STUDIO_SOLVE_RESULT_SOLVED;
    }
  if (self->moves_made + 1 >= self->n_moves ||
      cheops_game_node_get_outcome (self->node) != CHEOPS_OUTCOME_NONE)
    {
      session_take_back (self);
      return STUDIO_SOLVE_RESULT_WRONG;
    }
  self->state = STUDIO_SOLVE_STATE_WAITING;
  self->engine_judges = TRUE;
  return STUDIO_SOLVE_RESULT_ENGINE;
}

char *
studio_solve_session_dup_engine_position (StudioSolveSession   *self,
                                          char               ***moves)
{
  const CheopsVariant *variant;
  g_autoptr(GPtrArray) path = NULL;
  g_autoptr(GPtrArray) texts = NULL;
  char fen[CHEOPS_FEN_MAX];

  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), NULL);

  variant = cheops_game_get_variant (self->play);
  cheops_position_to_fen (cheops_game_get_start_position (self->play), fen, sizeof fen);
  path = cheops_game_node_get_path (self->node);
  texts = g_ptr_array_new ();
  for (guint i = 1; i < path->len; i++)
    {
      char text[CHEOPS_MOVE_TEXT_MAX];
      size_t length = cheops_move_to_text (variant, cheops_game_node_get_move (g_ptr_array_index (path, i)), text);

      g_ptr_array_add (texts, g_strndup (text, length));
    }
  g_ptr_array_add (texts, NULL);
  if (moves != NULL)
    *moves = (char **) g_ptr_array_steal (texts, NULL);
  else
    g_strfreev ((char **) g_ptr_array_steal (texts, NULL));
  return g_strdup (fen);
}

StudioSolveResult
studio_solve_session_engine_answer (StudioSolveSession *self,
                                    gboolean            wins_in_time,
                                    CheopsMove          defence)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), STUDIO_SOLVE_RESULT_REFUSED);

  if (self->state != STUDIO_SOLVE_STATE_WAITING)
    return STUDIO_SOLVE_RESULT_REFUSED;
  if (self->engine_judges && !wins_in_time)
    {
      session_take_back (self);
      return STUDIO_SOLVE_RESULT_WRONG;
    }
  if (!cheops_game_node_has_move (self->node, defence))
    return STUDIO_SOLVE_RESULT_REFUSED;
  if (self->engine_judges)
    self->moves_made++;
  self->engine_judges = FALSE;
  session_advance (self, defence);
  g_free (self->reply);
  self->reply = g_strdup (cheops_game_node_get_san (self->node));
  self->state = STUDIO_SOLVE_STATE_TO_MOVE;
  return STUDIO_SOLVE_RESULT_RIGHT;
}

CheopsMove
studio_solve_session_hint (StudioSolveSession *self)
{
  CheopsGameNode *right;

  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), CHEOPS_MOVE_NONE);

  if (self->state != STUDIO_SOLVE_STATE_TO_MOVE || self->file_node == NULL)
    return CHEOPS_MOVE_NONE;
  right = cheops_game_node_get_first_child (self->file_node);
  if (right == NULL)
    return CHEOPS_MOVE_NONE;
  self->hints++;
  return cheops_game_node_get_move (right);
}

char *
studio_solve_session_show_solution (StudioSolveSession *self)
{
  g_autoptr(GString) text = g_string_new (NULL);
  CheopsGameNode *root;

  g_return_val_if_fail (STUDIO_IS_SOLVE_SESSION (self), NULL);

  if (self->state != STUDIO_SOLVE_STATE_SOLVED)
    self->state = STUDIO_SOLVE_STATE_SHOWN;
  root = cheops_game_get_root (self->problem);
  for (CheopsGameNode *node = cheops_game_node_get_first_child (root);
       node != NULL;
       node = cheops_game_node_get_first_child (node))
    {
      gboolean number = cheops_game_node_get_parent (node) == root ||
                        cheops_game_node_get_mover (node) == CHEOPS_SIDE_A;
      g_autofree char *move = cheops_game_node_format_move (node, number);

      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, move);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

void
studio_solve_session_restart (StudioSolveSession *self)
{
  const CheopsPosition *start;
  char fen[CHEOPS_FEN_MAX];

  g_return_if_fail (STUDIO_IS_SOLVE_SESSION (self));

  start = cheops_game_get_start_position (self->problem);
  cheops_position_to_fen (start, fen, sizeof fen);
  g_clear_object (&self->play);
  self->play = cheops_game_new_from_fen (start->variant, fen, NULL);
  g_assert (self->play != NULL);
  self->node = cheops_game_get_root (self->play);
  self->file_node = cheops_game_get_root (self->problem);
  self->refutation = NULL;
  g_clear_pointer (&self->reply, g_free);
  self->moves_made = 0;
  self->engine_judges = FALSE;
  self->state = STUDIO_SOLVE_STATE_TO_MOVE;
}
