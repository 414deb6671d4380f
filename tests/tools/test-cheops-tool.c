/* test-cheops-tool.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The `cheops` command line: the exact output forms of perft, moves and
 * status, and the one-line errors with exit status 2.
 */
#include <glib.h>

#ifndef CHEOPS_TOOL_PATH
#error "CHEOPS_TOOL_PATH must be defined by the build"
#endif

/* Runs the tool with @args (NULL-terminated) and checks its exit status,
 * stdout and stderr exactly. */
static void
run (const char *const *args, int want_status, const char *want_out, const char *want_err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_ptr_array_add (argv, (gpointer) CHEOPS_TOOL_PATH);
  for (int i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, want_status);
  g_assert_cmpstr (out, ==, want_out);
  if (want_err)
    g_assert_cmpstr (err, ==, want_err);
}

static void
test_perft (void)
{
  run ((const char *[]) { "perft", "2", NULL }, 0, "Nodes searched: 484\n", "");
  run ((const char *[]) { "perft", "--fen", "1/1P1/5/7/9/11/13/15/K15k a 0 1", "--divide", "2", NULL }, 0,
       /* the q King on q1 has p1 o1 p2; after i9=Q# the game is over: no children */
       "a1b1: 3\na1b2: 3\na1c1: 3\ni8h8: 3\ni8i9: 0\ni8j8: 3\nNodes searched: 15\n", "");
  run ((const char *[]) { "perft", NULL }, 2, "", "cheops perft: missing DEPTH\n");
  run ((const char *[]) { "perft", "x", NULL }, 2, "", "cheops perft: unexpected argument 'x'\n");
  run ((const char *[]) { "perft", "-1", NULL }, 2, "", "cheops perft: depth: expected a number from 0 to 64, got '-1'\n");
}

static void
test_moves (void)
{
  run ((const char *[]) { "moves", "--fen", "q/P2/5/7/9/11/13/15/4K11k a 0 1", NULL }, 0,
       "e1c1\tKc1\ne1d1\tKd1\ne1d2\tKd2\ne1f1\tKf1\ne1f2\tKf2\ne1g1\tKg1\nh8i8\ti8\nh8i9\thxi9=Q#\nh8j8\tj8\n", "");
  run ((const char *[]) { "moves", "--fen", "1/3/5/7/9/11/13/15/K15k a 0 1", NULL }, 0, "", "");
  run ((const char *[]) { "moves", "--fen", "1/3/5/7/9/11/13/15/K15x a 0 1", NULL }, 2, "",
       "cheops moves: bad FEN at column 23: board, level 1: unknown piece letter 'x'\n");
  run ((const char *[]) { "moves", "--fen", NULL }, 2, "", "cheops moves: --fen needs a FEN\n");
}

static void
test_status (void)
{
  run ((const char *[]) { "status", NULL }, 0,
       "check: no\nchecklock: no\nlegal-moves: 22\noutcome: none\n", "");
  run ((const char *[]) { "status", "--fen", "1/3/5/7/9/1q9/3P9/15/K6m8k a 0 1", NULL }, 0,
       "check: yes\nchecklock: yes\nlegal-moves: 7\noutcome: none\n", "");
  run ((const char *[]) { "status", "--fen", "q/3/5/7/9/11/13/15/K15k a 0 1", NULL }, 0,
       "check: yes\nchecklock: no\nlegal-moves: 0\noutcome: q ascension\n", "");
  run ((const char *[]) { "status", "--fen", "1/3/5/7/9/11/13/2p12/K2pp11k a 0 1", NULL }, 0,
       "check: no\nchecklock: no\nlegal-moves: 0\noutcome: draw no-legal-move\n", "");
  run ((const char *[]) { "status", "--fen", "1/3/5/7/9/11/13/15/K15k a 0 1", NULL }, 0,
       "check: no\nchecklock: no\nlegal-moves: 0\noutcome: draw no-queen-no-pawn\n", "");
  run ((const char *[]) { "status", "--fen", "1/3/5/7/9/11/13/15/K15k c 0 1", NULL }, 2, "",
       "cheops status: bad FEN at column 25: side to move: expected 'a' or 'q'\n");
  run ((const char *[]) { "frobnicate", NULL }, 2, "", NULL);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tools/cheops/perft", test_perft);
  g_test_add_func ("/tools/cheops/moves", test_moves);
  g_test_add_func ("/tools/cheops/status", test_status);
  return g_test_run ();
}
