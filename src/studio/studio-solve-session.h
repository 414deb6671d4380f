/* studio-solve-session.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioSolveSession: solving one problem without seeing its solution.
 * GLib only (no GTK, no engine process): the studio's solve panel drives it
 * and asks the engine when the session says so; the tests drive it alone.
 *
 * A problem is a game (cheops-game.h) with a stipulation tag,
 * [Stipulation "#N"]: the side to move in the start position (the solver)
 * wins in N of its moves, "wins" meaning an outcome of the game's variant
 * whose winner is that side (cheops_variant_outcome_winner(): the Ascension
 * in Cheops, checkmate or stalemate in TrigChess, checkmate or a flip in
 * Cypher chess, checkmate in Pyramids).  Its mainline is the solution;
 * variations are tries (other solver moves, usually followed by their
 * refutation) and other defences (other defender moves, followed by the
 * solver's right continuation as their first move).
 *
 * How moves are judged (the rule the issue left open, decided here):
 *   - where the file has a line (the solver is at a node of the problem's
 *     tree that has children), only the file's move is right: the first
 *     child.  Any other move is wrong, a try of the file or not; a try's
 *     refutation, when the file gives one, is told
 *     (studio_solve_session_get_refutation()).  So the key is the file's
 *     key: a second key would be a cook, a fault of the problem, not a
 *     solution;
 *   - where the file's lines end (a solution written only up to some move,
 *     or after a defence the file does not give), the engine judges: the
 *     move is right if it wins at once, else if the engine proves a win in
 *     the moves left against its best defence (STUDIO_SOLVE_RESULT_ENGINE,
 *     then studio_solve_session_engine_answer()).
 * The defence is the file's first child at the defender's node (its best
 * defence, by the file), else the engine's best move.
 */
#pragma once

#include <glib-object.h>

#include "cheops-game-model.h"

G_BEGIN_DECLS

/* StudioSolveState: where a session stands. */
typedef enum {
  STUDIO_SOLVE_STATE_TO_MOVE,   /* the solver's move is awaited */
  STUDIO_SOLVE_STATE_WAITING,   /* the engine's answer is awaited */
  STUDIO_SOLVE_STATE_SOLVED,    /* the solver won within the stipulation */
  STUDIO_SOLVE_STATE_SHOWN,     /* the solution was shown before it was solved */
} StudioSolveState;

/* StudioSolveResult: what studio_solve_session_play() and
 * studio_solve_session_engine_answer() made of a move. */
typedef enum {
  STUDIO_SOLVE_RESULT_RIGHT,    /* accepted, and the defence was played */
  STUDIO_SOLVE_RESULT_SOLVED,   /* accepted, and it wins: solved */
  STUDIO_SOLVE_RESULT_WRONG,    /* refused: taken back, one attempt more */
  STUDIO_SOLVE_RESULT_ENGINE,   /* played; the engine must answer now */
  STUDIO_SOLVE_RESULT_REFUSED,  /* not playable now: nothing changed */
} StudioSolveResult;

#define STUDIO_TYPE_SOLVE_SESSION (studio_solve_session_get_type ())

G_DECLARE_FINAL_TYPE (StudioSolveSession, studio_solve_session, STUDIO, SOLVE_SESSION, GObject)

/**
 * studio_solve_read_stipulation:
 * @game: a game
 * @n_moves: (out) (optional): the N of the stipulation (win in N),
 *   1..CHEOPS_PROBLEM_MAX_MOVES
 * @error: a #GError, or %NULL
 *
 * Reads the game's [Stipulation] tag with the project's stipulation
 * parser (cheops_problem_get_stipulation(), src/game/cheops-problem.h:
 * "#N", "win in N", "+N"; helpmates and selfmates refused).
 *
 * Returns: %TRUE if @game is a problem the session can solve; %FALSE with
 *   the parser's CHEOPS_PROBLEM_ERROR otherwise
 */
gboolean              studio_solve_read_stipulation (CheopsGame  *game,
                                                     guint       *n_moves,
                                                     GError     **error);

/**
 * studio_solve_session_new:
 * @problem: the problem (a reference is taken; it is only read)
 * @error: a #GError, or %NULL
 *
 * Starts solving @problem at its start position.
 *
 * Returns: (transfer full) (nullable): a new session, or %NULL with the
 *   error of studio_solve_read_stipulation()
 */
StudioSolveSession   *studio_solve_session_new            (CheopsGame          *problem,
                                                           GError             **error);
CheopsGame           *studio_solve_session_get_problem    (StudioSolveSession  *self);
StudioSolveState      studio_solve_session_get_state      (StudioSolveSession  *self);
/* The side to move at the start, who must win. */
CheopsSide            studio_solve_session_get_solver     (StudioSolveSession  *self);
/* N of the stipulation, and how many of them are left (N minus the solver
 * moves accepted so far). */
guint                 studio_solve_session_get_n_moves    (StudioSolveSession  *self);
guint                 studio_solve_session_get_moves_left (StudioSolveSession  *self);
/* Wrong moves so far (since the session began, restarts included). */
guint                 studio_solve_session_get_attempts   (StudioSolveSession  *self);
/* Hints given so far. */
guint                 studio_solve_session_get_hints      (StudioSolveSession  *self);

/* The position on the board: a node of the session's own game (moves
 * played so far from the problem's start), owned by the session, valid
 * until the next call that changes the session. */
CheopsGameNode       *studio_solve_session_get_node       (StudioSolveSession  *self);
/* The defence played last, as record notation ("Kb2"), or NULL. */
const char           *studio_solve_session_get_reply      (StudioSolveSession  *self);
/* After a WRONG result: the file's refutation of that try (record
 * notation), or NULL when the file gives none. */
const char           *studio_solve_session_get_refutation (StudioSolveSession  *self);

/**
 * studio_solve_session_play:
 * @self: a session in state TO_MOVE
 * @move: a move of the solver at studio_solve_session_get_node()
 *
 * Judges the solver's @move (see the header's rules).  RIGHT: the move and
 * the file's defence are played; SOLVED: the move is played and wins;
 * WRONG: nothing is played, the attempts grow by one; ENGINE: the move is
 * played and the state is WAITING: the engine must judge it (when the file
 * has no line here) and give the defence, through
 * studio_solve_session_engine_answer(); REFUSED: @move is not a move of
 * the position, or the session is not in state TO_MOVE.
 *
 * Returns: the result
 */
StudioSolveResult     studio_solve_session_play           (StudioSolveSession  *self,
                                                           CheopsMove           move);
/* In state WAITING: whether the engine must also judge the move played
 * (TRUE: it is not in the file), and the position to give it, as the
 * engine client takes it: a FEN (newly allocated) and the machine move
 * texts played from it (*@moves, a newly allocated NULL-terminated
 * array).  The defender is to move there; the solver has
 * studio_solve_session_get_moves_left() moves left for the win (minus the
 * one being judged). */
gboolean              studio_solve_session_get_engine_judges (StudioSolveSession *self);
char                 *studio_solve_session_dup_engine_position (StudioSolveSession *self,
                                                           char              ***moves);
/**
 * studio_solve_session_engine_answer:
 * @self: a session in state WAITING
 * @wins_in_time: whether the engine proved that the solver wins in the
 *   moves left (a mate score for the solver within them)
 * @defence: the engine's best move for the defender
 *
 * WRONG: the move was the engine's to judge and it does not win in time:
 * it is taken back, one attempt more.  RIGHT: the @defence is played (the
 * solver's move counts as one of the N).  REFUSED: not WAITING, or
 * @defence is not a move of the position (nothing changes).
 *
 * Returns: the result
 */
StudioSolveResult     studio_solve_session_engine_answer  (StudioSolveSession  *self,
                                                           gboolean             wins_in_time,
                                                           CheopsMove           defence);
/* The file's right move here (the mainline child of the solver's node), to
 * hint at (counted), or CHEOPS_MOVE_NONE when the file has no line here or
 * the state is not TO_MOVE (not counted). */
CheopsMove            studio_solve_session_hint           (StudioSolveSession  *self);
/* Shows the solution: the state becomes SHOWN (unless SOLVED already).
 * Returns the file's mainline as a record: "1. Qd4 Kb2 2. Qc3#" (newly
 * allocated; "" for a problem without moves). */
char                 *studio_solve_session_show_solution  (StudioSolveSession  *self);
/* Back to the start position, state TO_MOVE; the attempts and hints stay. */
void                  studio_solve_session_restart        (StudioSolveSession  *self);

G_END_DECLS
