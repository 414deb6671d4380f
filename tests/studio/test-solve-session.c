/* test-solve-session.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Solve mode's model without a display: StudioSolveSession on the
 * problems of tests/data/solve-problems.pgn (one or two of each game),
 * right, wrong, tries with their refutations, other defences, the engine's
 * turn where the file's lines end, hints, the solution shown; and
 * StudioSolveProgress written and read back.
 */

#include <glib/gstdio.h>

#include "cheops-game-model.h"
#include "studio-solve-progress.h"
#include "cheops-problem.h"
#include "studio-solve-session.h"

/* The games of tests/data/solve-problems.pgn, read once. */
static GPtrArray *
problems (void)
{
  static GPtrArray *games;

  if (games == NULL)
    {
      g_autofree char *path = g_build_filename (g_getenv ("SOLVE_DATA_DIR"), "solve-problems.pgn", NULL);
      g_autoptr(GPtrArray) errors = NULL;
      g_autoptr(GError) error = NULL;

      games = cheops_pgn_read_file (path, &errors, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (errors->len, ==, 0);
      g_assert_cmpuint (games->len, ==, 6);
    }
  return games;
}

static StudioSolveSession *
session_for (guint index)
{
  g_autoptr(GError) error = NULL;
  StudioSolveSession *session = studio_solve_session_new (g_ptr_array_index (problems (), index), &error);

  g_assert_no_error (error);
  g_assert_nonnull (session);
  return session;
}

/* The move @san (record notation or move text) at the session's node. */
static CheopsMove
move_of (StudioSolveSession *session,
         const char         *san)
{
  const CheopsPosition *pos = cheops_game_node_get_position (studio_solve_session_get_node (session));
  CheopsMove move = cheops_move_from_san (pos, san, -1, NULL);

  g_assert_cmpuint (move, !=, CHEOPS_MOVE_NONE);
  return move;
}

static StudioSolveResult
play (StudioSolveSession *session,
      const char         *san)
{
  return studio_solve_session_play (session, move_of (session, san));
}

static const char *
node_fen (StudioSolveSession *session)
{
  return cheops_game_node_get_fen (studio_solve_session_get_node (session));
}

static void
test_stipulation (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  g_autoptr(GError) error = NULL;
  guint n = 0;

  g_assert_false (studio_solve_read_stipulation (game, &n, &error));
  g_assert_error (error, CHEOPS_PROBLEM_ERROR, CHEOPS_PROBLEM_ERROR_NO_STIPULATION);
  g_clear_error (&error);

  g_assert_true (cheops_game_set_tag (game, "Stipulation", "#3", NULL));
  g_assert_true (studio_solve_read_stipulation (game, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 3);

  /* The project's parser: its other forms too (cheops-problem.h). */
  g_assert_true (cheops_game_set_tag (game, "Stipulation", "win in 12", NULL));
  g_assert_true (studio_solve_read_stipulation (game, &n, NULL));
  g_assert_cmpuint (n, ==, 12);

  const struct { const char *text; int code; } bad[] = {
    { "#0", CHEOPS_PROBLEM_ERROR_RANGE },
    { "#17", CHEOPS_PROBLEM_ERROR_RANGE },
    { "h#2", CHEOPS_PROBLEM_ERROR_UNSUPPORTED },   /* solve mode: #N only */
    { "s#3", CHEOPS_PROBLEM_ERROR_UNSUPPORTED },
    { "ser-#3", CHEOPS_PROBLEM_ERROR_UNSUPPORTED },
    { "r#2", CHEOPS_PROBLEM_ERROR_UNSUPPORTED },
    { "#", CHEOPS_PROBLEM_ERROR_SYNTAX },
    { "#2x", CHEOPS_PROBLEM_ERROR_SYNTAX },
    { "=2", CHEOPS_PROBLEM_ERROR_SYNTAX },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_true (cheops_game_set_tag (game, "Stipulation", bad[i].text, NULL));
      g_assert_false (studio_solve_read_stipulation (game, &n, &error));
      g_assert_error (error, CHEOPS_PROBLEM_ERROR, bad[i].code);
      g_clear_error (&error);
      g_assert_null (studio_solve_session_new (game, NULL));
    }
}

/* Cheops, #1: a try with its refutation, a move the file does not have,
 * an illegal move, a hint, the key. */
static void
test_cheops_one (void)
{
  StudioSolveSession *s = session_for (0);
  const char *start = "1/3/5/7/MQ4k2/11/11p1/15/1K15 a 0 1";
  CheopsMove hint;

  g_assert_cmpint (studio_solve_session_get_state (s), ==, STUDIO_SOLVE_STATE_TO_MOVE);
  g_assert_cmpint (studio_solve_session_get_solver (s), ==, CHEOPS_SIDE_A);
  g_assert_cmpuint (studio_solve_session_get_n_moves (s), ==, 1);
  g_assert_cmpuint (studio_solve_session_get_moves_left (s), ==, 1);
  g_assert_cmpstr (node_fen (s), ==, start);

  /* The try: refused, its refutation told. */
  g_assert_cmpint (play (s, "Qi8"), ==, STUDIO_SOLVE_RESULT_WRONG);
  g_assert_cmpuint (studio_solve_session_get_attempts (s), ==, 1);
  g_assert_cmpstr (studio_solve_session_get_refutation (s), ==, "Kj4");
  g_assert_cmpstr (node_fen (s), ==, start);
  g_assert_cmpint (studio_solve_session_get_state (s), ==, STUDIO_SOLVE_STATE_TO_MOVE);

  /* A move the file does not know: wrong too, no refutation. */
  g_assert_cmpint (play (s, "Kc1"), ==, STUDIO_SOLVE_RESULT_WRONG);
  g_assert_cmpuint (studio_solve_session_get_attempts (s), ==, 2);
  g_assert_null (studio_solve_session_get_refutation (s));

  /* Not a move of the position: nothing counted. */
  g_assert_cmpint (studio_solve_session_play (s, cheops_move_make (0, 80)), ==, STUDIO_SOLVE_RESULT_REFUSED);
  g_assert_cmpuint (studio_solve_session_get_attempts (s), ==, 2);

  hint = studio_solve_session_hint (s);
  g_assert_cmpuint (hint, ==, move_of (s, "f5i9"));
  g_assert_cmpuint (studio_solve_session_get_hints (s), ==, 1);

  g_assert_cmpint (play (s, "Qi9"), ==, STUDIO_SOLVE_RESULT_SOLVED);
  g_assert_cmpint (studio_solve_session_get_state (s), ==, STUDIO_SOLVE_STATE_SOLVED);
  g_assert_cmpuint (studio_solve_session_get_moves_left (s), ==, 0);
  g_assert_cmpuint (studio_solve_session_get_attempts (s), ==, 2);
  g_assert_cmpstr (cheops_game_node_get_san (studio_solve_session_get_node (s)), ==, "Qi9#");
  /* Solved: no more moves, no hint. */
  g_assert_cmpuint (studio_solve_session_hint (s), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpuint (studio_solve_session_get_hints (s), ==, 1);
  /* The solution shown after solving leaves it solved. */
  {
    g_autofree char *solution = studio_solve_session_show_solution (s);

    g_assert_cmpstr (solution, ==, "1. Qi9#");
    g_assert_cmpint (studio_solve_session_get_state (s), ==, STUDIO_SOLVE_STATE_SOLVED);
  }
  /* The session holds nothing that outlives it. */
  g_assert_finalize_object (s);
}

/* Cheops, #2: the key is answered by the file's defence, then the mate. */
static void
test_cheops_two (void)
{
  g_autoptr(StudioSolveSession) s = session_for (1);

  g_assert_cmpint (play (s, "Qi9"), ==, STUDIO_SOLVE_RESULT_RIGHT);
  g_assert_cmpstr (studio_solve_session_get_reply (s), ==, "k2");
  g_assert_cmpuint (studio_solve_session_get_moves_left (s), ==, 1);
  g_assert_cmpint (studio_solve_session_get_state (s), ==, STUDIO_SOLVE_STATE_TO_MOVE);
  /* The wrong second move is taken back: the defence stays. */
  g_assert_cmpint (play (s, "Kc1"), ==, STUDIO_SOLVE_RESULT_WRONG);
  g_assert_cmpstr (cheops_game_node_get_san (studio_solve_session_get_node (s)), ==, "k2");
  g_assert_cmpuint (studio_solve_session_get_moves_left (s), ==, 1);
  g_assert_cmpint (play (s, "Mxk2"), ==, STUDIO_SOLVE_RESULT_SOLVED);
  g_assert_cmpuint (studio_solve_session_get_attempts (s), ==, 1);

  /* Again from the start: the attempts stay. */
  studio_solve_session_restart (s);
  g_assert_cmpint (studio_solve_session_get_state (s), ==, STUDIO_SOLVE_STATE_TO_MOVE);
  g_assert_cmpuint (studio_solve_session_get_moves_left (s), ==, 2);
  g_assert_cmpuint (studio_solve_session_get_attempts (s), ==, 1);
  g_assert_cmpstr (node_fen (s), ==, "1/3/5/7/6k2/11/1Q11/8M2pp2/1K15 a 0 1");
  {
    g_autofree char *solution = studio_solve_session_show_solution (s);

    g_assert_cmpstr (solution, ==, "1. Qi9 k2 2. Mxk2#");
  }
  g_assert_cmpint (studio_solve_session_get_state (s), ==, STUDIO_SOLVE_STATE_SHOWN);
  /* Shown: the session takes no more moves. */
  g_assert_cmpint (play (s, "Qi9"), ==, STUDIO_SOLVE_RESULT_REFUSED);
}

/* TrigChess, #2 for the second side (Red): the file's best defence, then
 * the other defence of a variation, as a session sees neither. */
static void
test_trigchess_two (void)
{
  g_autoptr(StudioSolveSession) s = session_for (2);

  g_assert_cmpint (studio_solve_session_get_solver (s), ==, CHEOPS_SIDE_B);
  g_assert_cmpint (play (s, "Df3"), ==, STUDIO_SOLVE_RESULT_RIGHT);
  g_assert_cmpstr (studio_solve_session_get_reply (s), ==, "b3");
  g_assert_cmpint (play (s, "Dd2"), ==, STUDIO_SOLVE_RESULT_SOLVED);
  {
    g_autofree char *solution = studio_solve_session_show_solution (s);

    g_assert_cmpstr (solution, ==, "32... Df3 33. b3 Dd2#");
  }
}

/* TrigChess, #2 whose file gives only the key: the engine defends. */
static void
test_engine_defends (void)
{
  g_autoptr(StudioSolveSession) s = session_for (3);
  g_auto(GStrv) moves = NULL;
  g_autofree char *fen = NULL;
  CheopsGameNode *node;

  g_assert_cmpint (play (s, "Df3"), ==, STUDIO_SOLVE_RESULT_ENGINE);
  g_assert_cmpint (studio_solve_session_get_state (s), ==, STUDIO_SOLVE_STATE_WAITING);
  /* The file says it is right: the engine only defends. */
  g_assert_false (studio_solve_session_get_engine_judges (s));
  g_assert_null (studio_solve_session_get_reply (s));
  fen = studio_solve_session_dup_engine_position (s, &moves);
  g_assert_cmpstr (fen, ==, "4s2/pk5/5d1g1/9/Pp5/3KG2 r 1 32");
  g_assert_cmpuint (g_strv_length (moves), ==, 1);
  g_assert_cmpstr (moves[0], ==, "f4f3");
  /* No move of the solver meanwhile; a defence that is no move refused. */
  g_assert_cmpint (studio_solve_session_play (s, CHEOPS_MOVE_NONE), ==, STUDIO_SOLVE_RESULT_REFUSED);
  g_assert_cmpint (studio_solve_session_engine_answer (s, TRUE, cheops_move_make (0, 1)),
                   ==, STUDIO_SOLVE_RESULT_REFUSED);
  g_assert_cmpint (studio_solve_session_get_state (s), ==, STUDIO_SOLVE_STATE_WAITING);

  g_assert_cmpint (studio_solve_session_engine_answer (s, FALSE, move_of (s, "Gf2")),
                   ==, STUDIO_SOLVE_RESULT_RIGHT);
  g_assert_cmpstr (studio_solve_session_get_reply (s), ==, "Gf2");
  g_assert_cmpuint (studio_solve_session_get_moves_left (s), ==, 1);
  /* Off the file with one move left: no hint, and only a win is right. */
  g_assert_cmpuint (studio_solve_session_hint (s), ==, CHEOPS_MOVE_NONE);
  node = studio_solve_session_get_node (s);
  g_assert_cmpint (play (s, "Sc6"), ==, STUDIO_SOLVE_RESULT_WRONG);
  g_assert_true (studio_solve_session_get_node (s) == node);
  g_assert_cmpuint (studio_solve_session_get_attempts (s), ==, 1);
  g_assert_cmpint (play (s, "Dxf2"), ==, STUDIO_SOLVE_RESULT_SOLVED);
}

/* A problem without a line: the engine judges each move. */
static void
test_engine_judges (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new_from_fen (&cheops_variant_trigchess,
                                                         "4s2/pk5/5d1g1/9/Pp5/3KG2 r 1 32", NULL);
  g_autoptr(StudioSolveSession) s = NULL;

  g_assert_true (cheops_game_set_tag (game, "Stipulation", "#2", NULL));
  s = studio_solve_session_new (game, NULL);

  g_assert_cmpint (play (s, "Kc6"), ==, STUDIO_SOLVE_RESULT_ENGINE);
  g_assert_true (studio_solve_session_get_engine_judges (s));
  /* The engine finds no win in time: taken back. */
  g_assert_cmpint (studio_solve_session_engine_answer (s, FALSE, CHEOPS_MOVE_NONE),
                   ==, STUDIO_SOLVE_RESULT_WRONG);
  g_assert_cmpuint (studio_solve_session_get_attempts (s), ==, 1);
  g_assert_cmpint (studio_solve_session_get_state (s), ==, STUDIO_SOLVE_STATE_TO_MOVE);
  g_assert_cmpstr (node_fen (s), ==, "4s2/pk5/5d1g1/9/Pp5/3KG2 r 1 32");
  g_assert_cmpuint (studio_solve_session_get_moves_left (s), ==, 2);

  /* It proves a win: the move counts and the defence is played. */
  g_assert_cmpint (play (s, "Df3"), ==, STUDIO_SOLVE_RESULT_ENGINE);
  g_assert_true (studio_solve_session_get_engine_judges (s));
  g_assert_cmpint (studio_solve_session_engine_answer (s, TRUE, move_of (s, "b3")),
                   ==, STUDIO_SOLVE_RESULT_RIGHT);
  g_assert_false (studio_solve_session_get_engine_judges (s));
  g_assert_cmpuint (studio_solve_session_get_moves_left (s), ==, 1);
  g_assert_cmpint (play (s, "Dd2"), ==, STUDIO_SOLVE_RESULT_SOLVED);
  g_assert_cmpuint (studio_solve_session_get_attempts (s), ==, 1);
  {
    g_autofree char *solution = studio_solve_session_show_solution (s);

    g_assert_cmpstr (solution, ==, "");
  }
}

/* Cypher chess and Pyramids, #2 each, solved along the file. */
static void
test_cypher_pyramids (void)
{
  g_autoptr(StudioSolveSession) cypher = session_for (4);
  g_autoptr(StudioSolveSession) pyramids = session_for (5);

  g_assert_cmpint (play (cypher, "Qi6"), ==, STUDIO_SOLVE_RESULT_WRONG);
  g_assert_cmpint (play (cypher, "Qi7"), ==, STUDIO_SOLVE_RESULT_RIGHT);
  g_assert_cmpstr (studio_solve_session_get_reply (cypher), ==, "Ki5");
  g_assert_cmpuint (studio_solve_session_hint (cypher), ==, move_of (cypher, "Si1"));
  g_assert_cmpint (play (cypher, "Si1"), ==, STUDIO_SOLVE_RESULT_SOLVED);
  g_assert_cmpuint (studio_solve_session_get_attempts (cypher), ==, 1);

  g_assert_cmpint (play (pyramids, "2f7"), ==, STUDIO_SOLVE_RESULT_RIGHT);
  g_assert_cmpstr (studio_solve_session_get_reply (pyramids), ==, "Fe8");
  g_assert_cmpint (play (pyramids, "4321xh5"), ==, STUDIO_SOLVE_RESULT_SOLVED);
  g_assert_cmpuint (studio_solve_session_get_attempts (pyramids), ==, 0);
}

static void
test_progress (void)
{
  g_autofree char *dir = g_dir_make_tmp ("solve-progress-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sub", "progress.ini", NULL);
  const char *uri = "file:///tmp/problems.pgn";
  StudioSolveRecord record = { TRUE, 3, 1, FALSE };
  StudioSolveRecord read;
  g_autoptr(GError) error = NULL;

  {
    g_autoptr(StudioSolveProgress) progress = studio_solve_progress_new (path);

    g_assert_cmpstr (studio_solve_progress_get_path (progress), ==, path);
    studio_solve_progress_get (progress, uri, 2, &read);
    g_assert_false (read.solved);
    g_assert_cmpuint (read.attempts, ==, 0);
    g_assert_cmpuint (studio_solve_progress_get_current (progress, uri), ==, 0);
    g_assert_true (studio_solve_progress_set (progress, uri, 2, &record, &error));
    g_assert_no_error (error);
    record = (StudioSolveRecord) { FALSE, 0, 0, TRUE };
    g_assert_true (studio_solve_progress_set (progress, uri, 0, &record, NULL));
    g_assert_true (studio_solve_progress_set_current (progress, uri, 3, NULL));
  }
  {
    g_autoptr(StudioSolveProgress) progress = studio_solve_progress_new (path);

    studio_solve_progress_get (progress, uri, 2, &read);
    g_assert_true (read.solved);
    g_assert_cmpuint (read.attempts, ==, 3);
    g_assert_cmpuint (read.hints, ==, 1);
    g_assert_false (read.shown);
    studio_solve_progress_get (progress, uri, 0, &read);
    g_assert_false (read.solved);
    g_assert_true (read.shown);
    g_assert_cmpuint (studio_solve_progress_get_current (progress, uri), ==, 3);
    g_assert_cmpuint (studio_solve_progress_count_solved (progress, uri), ==, 1);
    g_assert_cmpuint (studio_solve_progress_get_current (progress, "file:///other.pgn"), ==, 0);
    g_assert_cmpuint (studio_solve_progress_count_solved (progress, "file:///other.pgn"), ==, 0);
  }

  /* A file that is not a key file is no progress, and is replaced. */
  g_assert_true (g_file_set_contents (path, "not [ a key file\n", -1, NULL));
  {
    g_autoptr(StudioSolveProgress) progress = studio_solve_progress_new (path);

    studio_solve_progress_get (progress, uri, 2, &read);
    g_assert_false (read.solved);
    g_assert_true (studio_solve_progress_set_current (progress, uri, 1, NULL));
  }
  {
    g_autoptr(StudioSolveProgress) progress = studio_solve_progress_new (path);

    g_assert_cmpuint (studio_solve_progress_get_current (progress, uri), ==, 1);
  }

  g_remove (path);
  {
    g_autofree char *sub = g_path_get_dirname (path);

    g_rmdir (sub);
  }
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/solve/stipulation", test_stipulation);
  g_test_add_func ("/solve/cheops-one", test_cheops_one);
  g_test_add_func ("/solve/cheops-two", test_cheops_two);
  g_test_add_func ("/solve/trigchess-two", test_trigchess_two);
  g_test_add_func ("/solve/engine-defends", test_engine_defends);
  g_test_add_func ("/solve/engine-judges", test_engine_judges);
  g_test_add_func ("/solve/cypher-pyramids", test_cypher_pyramids);
  g_test_add_func ("/solve/progress", test_progress);
  return g_test_run ();
}
