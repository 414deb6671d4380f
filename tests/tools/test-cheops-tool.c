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

/* --variant: TrigChess's forms (variants/trigchess.md 6.6, section 8). */
static void
test_variant (void)
{
  run ((const char *[]) { "perft", "--variant", "trigchess", "3", NULL }, 0, "Nodes searched: 922\n", "");
  run ((const char *[]) { "perft", "--variant=trigchess", "--divide", "1", NULL }, 0,
       "b2b3: 1\nd2d3: 1\ne2a3: 1\ne2c4: 1\ne2e3: 1\ne2g4: 1\ne2i3: 1\nf2f3: 1\nh2h3: 1\nNodes searched: 9\n", "");
  run ((const char *[]) { "perft", "--variant", "TrigChess", "--fen", "6k/P6/9/9/7/6K g 0 1", "--divide", "2", NULL }, 0,
       /* Red's King h6 has one trig, g6, after each */
       "b5b6d: 1\nb5b6g: 1\nb5b6s: 1\nb5c5: 1\nh1g1: 1\nNodes searched: 5\n", "");
  run ((const char *[]) { "moves", "--variant", "trigchess", NULL }, 0,
       "b2b3\tb3\nd2d3\td3\ne2a3\tGa3\ne2c4\tGc4\ne2e3\tGe3\ne2g4\tGg4\ne2i3\tGi3\nf2f3\tf3\nh2h3\th3\n", "");
  run ((const char *[]) { "moves", "--variant", "trigchess", "--fen", "6k/P6/9/9/7/6K g 0 1", NULL }, 0,
       "b5b6d\tb6=D\nb5b6g\tb6=G\nb5b6s\tb6=S\nb5c5\tc5\nh1g1\tKg1\n", "");
  /* Exactly the three lines of 6.6: no checklock line. */
  run ((const char *[]) { "status", "--variant", "trigchess", NULL }, 0,
       "check: no\nlegal-moves: 9\noutcome: none\n", "");
  run ((const char *[]) { "status", "--variant", "trigchess", "--fen", "k1K4/7/9/9/7/7 r 0 1", NULL }, 0,
       "check: no\nlegal-moves: 0\noutcome: g stalemate\n", "");
  run ((const char *[]) { "status", "--variant", "trigchess", "--fen", "k6/1D5/9/9/7/3K3 r 0 1", NULL }, 0,
       "check: yes\nlegal-moves: 0\noutcome: g checkmate\n", "");
  run ((const char *[]) { "status", "--variant", "trigchess", "--fen", "7/7/9/9/7/K1k4 g 0 1", NULL }, 0,
       "check: no\nlegal-moves: 0\noutcome: r stalemate\n", "");
  /* Game records: the moves after the FEN, SAN or move text. */
  run ((const char *[]) { "status", "--variant", "trigchess", "Ga3", "b5b4", "Gxc5#", NULL }, 0,
       "check: yes\nlegal-moves: 0\noutcome: g checkmate\n", "");
  run ((const char *[]) { "status", "--variant", "trigchess", "Ge3", "Ge4", "Ge2", "Ge5", "Ge3", "Ge4", "Ge2", NULL }, 0,
       /* Red, Gyro on e4: 4 Pawn moves, Ga4 Gc3 Ge5 Gg3 Gi4 Gxc2# Gxg2#, and Ke5 */
       "check: no\nlegal-moves: 12\noutcome: none\n", "");
  run ((const char *[]) { "status", "--variant", "trigchess", "Ge3", "Ge4", "Ge2", "Ge5", "Ge3", "Ge4", "Ge2", "Ge5",
                          NULL }, 0,
       "check: no\nlegal-moves: 9\noutcome: g repetition\n", "");
  /* A sideways Pawn move resets the clock but is undone: still the third occurrence (TR15). */
  run ((const char *[]) { "status", "--variant", "trigchess", "--fen", "3k3/7/3P5/9/7/3K3 g 0 1",
                          "c4", "Kd6", "d4", "Ke6", "c4", "Kd6", "d4", "Ke6", NULL }, 0,
       /* the Pawn d4's d5 c4 e4, the King e1's d1 f1 e2 */
       "check: no\nlegal-moves: 6\noutcome: g repetition\n", "");
  run ((const char *[]) { "status", "--variant", "trigchess", "Ge3", "Ge4", "Ge2", "Ge5", "Ge3", "Ge4", "Ge2", "Ge5",
                          "b3", NULL }, 2, "",
       "cheops status: move 9 'b3': the game is already over (g repetition)\n");
  run ((const char *[]) { "status", "--variant", "trigchess", "Ga3", "b4", "Gxc5", "Kd6", NULL }, 2, "",
       "cheops status: move 4 'Kd6': the game is already over (g checkmate)\n");
  run ((const char *[]) { "status", "--variant", "trigchess", "Ga3", "Ge3", NULL }, 2, "",
       "cheops status: move 2 'Ge3': illegal move Ge3: no Gyro can reach e3\n");
  run ((const char *[]) { "status", "--variant", "trigchess", "--fen", "6k/P6/9/9/7/6K g 0 1", "b5b6", NULL }, 2, "",
       "cheops status: move 1 'b5b6': illegal move b5b6: a promotion needs =D, =G or =S\n");
  /* Errors. */
  run ((const char *[]) { "status", "--variant", "trigchess", "--fen", "k6/1D5/9/9/7/3K3 g 0 1", NULL }, 2, "",
       "cheops status: bad FEN at column 18: side to move: Red is in check but not to move\n");
  run ((const char *[]) { "moves", "--variant", "trigchess", "--fen", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0", NULL },
       2, "", "cheops moves: bad FEN at column 40: FEN: 3 fields, expected 4 (placement, side to move, halfmove "
       "clock, fullmove number)\n");
  run ((const char *[]) { "perft", "--variant", "chess", "1", NULL }, 2, "", "cheops perft: unknown variant 'chess'\n");
  run ((const char *[]) { "status", "--variant", NULL }, 2, "", "cheops status: --variant needs a name\n");
  run ((const char *[]) { "status", "--fen", "1/3/5/7/9/11/13/15/K15k a 0 1", "--variant", "trigchess", NULL }, 2, "",
       "cheops status: bad FEN at column 1: placement: 9 ranks, expected 6 separated by '/'\n");
  /* Cheops by name, and its game records: the fifth occurrence draws. */
  run ((const char *[]) { "status", "--variant", "cheops", NULL }, 0,
       "check: no\nchecklock: no\nlegal-moves: 22\noutcome: none\n", "");
  run ((const char *[]) { "status", "e1g2", "m1k2", "g2e1", "k2m1", "e1g2", "m1k2", "g2e1", "k2m1",
                          "e1g2", "m1k2", "g2e1", "k2m1", "e1g2", "m1k2", "g2e1", NULL }, 0,
       /* the fourth occurrence of the position after 1. Ag2 Ak2 2. Ae1: Orange, Assassin on k2, to move */
       "check: no\nchecklock: no\nlegal-moves: 25\noutcome: none\n", "");
  run ((const char *[]) { "status", "e1g2", "m1k2", "g2e1", "k2m1", "e1g2", "m1k2", "g2e1", "k2m1",
                          "e1g2", "m1k2", "g2e1", "k2m1", "e1g2", "m1k2", "g2e1", "k2m1", NULL }, 0,
       "check: no\nchecklock: no\nlegal-moves: 22\noutcome: draw fifth-repetition\n", "");
}

/* Cypher chess (variants/cypher.md): perft, moves and status by the
 * registry; a record that repeats the start a third time draws and then
 * has no legal moves (CY23, CY28); a bad FEN is one line and status 2. */
static void
test_cypher (void)
{
  run ((const char *[]) { "perft", "--variant", "cypher", "2", NULL }, 0, "Nodes searched: 1217\n", "");
  run ((const char *[]) { "status", "--variant", "cypher", NULL }, 0,
       "check: no\nlegal-moves: 35\noutcome: none\n", "");
  run ((const char *[]) { "moves", "--variant", "cypher", "--fen", "10/9k/10/10/10/7s2/10/5K4/10/10/1S8 w - 0+1 - 0 1",
                          NULL }, 0,
       "e3d3\tKd3\ne3d4\tKd4\ne3e2\tKe2\ne3e4\tKe4\ne3f2\tKf2\ne3f3\tKf3\ne3f4\tKf4#\n", "");
  run ((const char *[]) { "status", "--variant", "cypher", "--fen", "10/9k/10/10/10/7s2/10/5K4/10/10/1S8 w - 0+1 - 0 1",
                          "Kf4#", NULL }, 0,
       "check: no\nlegal-moves: 0\noutcome: w flip\n", "");
  run ((const char *[]) { "status", "--variant", "cypher", "Sc0", "Sc10", "Sd0", "Sd10", "Sc0", "Sc10", "Sd0", NULL }, 0,
       /* the Spy on c10 leaves e9 to the Black King */
       "check: no\nlegal-moves: 36\noutcome: none\n", "");
  run ((const char *[]) { "status", "--variant", "cypher", "Sc0", "Sc10", "Sd0", "Sd10", "Sc0", "Sc10", "Sd0", "Sd10",
                          NULL }, 0,
       "check: no\nlegal-moves: 0\noutcome: draw repetition\n", "");
  run ((const char *[]) { "moves", "--variant", "cypher", "--fen", "10/9k w - 0+0 - 0 1", NULL }, 2, "",
       "cheops moves: bad FEN at column 1: placement: 2 rows, expected 11 separated by '/' (F2)\n");
  run ((const char *[]) { "status", "--variant", "Cypher", "--fen", "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0", NULL },
       2, "", "cheops status: bad FEN at column 45: FEN: 6 fields, expected 7 (placement, side, hand, checks, mark, "
       "halfmove, fullmove) (F1)\n");
  run ((const char *[]) { "perft", "--variant", "cypher", "--fen", "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 0", "1",
                          NULL }, 2, "", "cheops perft: bad FEN at column 46: fullmove number: 0, it starts at 1 (F12)\n");
}

/* `cheops fen`: the FEN after a record, each game's form; `COMMAND --help`. */
static void
test_fen_and_help (void)
{
  run ((const char *[]) { "fen", NULL }, 0,
       "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1\n", "");
  run ((const char *[]) { "fen", "--variant", "trigchess", "Ge3", "Ge4", NULL }, 0,
       "dsgkgsd/psp1psp/4g4/4G4/PSP1PSP/DSGKGSD g 2 2\n", "");
  run ((const char *[]) { "fen", "--fen", "1/3/5/7/9/11/13/15/4K7k4  a 0 1", NULL }, 0,
       "1/3/5/7/9/11/13/15/4K7k4 a 0 1\n", "");
  run ((const char *[]) { "fen", "--variant", "cypher", "--fen", "10/9k/10/10/10/7s2/10/5K4/10/10/1S8 w - 0+1 - 0 1",
                          "Kf4#", NULL }, 0,
       "10/9k/10/10/10/7s2/6K3/10/10/10/1S8 b - 0+1 - 1 1\n", "");
  run ((const char *[]) { "fen", "--variant", "pyramids", "--fen", "4f4/9/9/9/9/9/9/9/4F4", NULL }, 2, "",
       "cheops fen: bad FEN at column 22: FEN: 1 field, not 3 or 5 (placement side rights [halfmove fullmove]) (E1)\n");
  run ((const char *[]) { "fen", "Zz9", NULL }, 2, "", NULL);
  run ((const char *[]) { "status", "--help", NULL }, 0,
       "Usage: cheops status [--variant NAME] [--fen FEN] [MOVE...]\n", "");
  run ((const char *[]) { "fen", "-h", NULL }, 0, "Usage: cheops fen [--variant NAME] [--fen FEN] [MOVE...]\n", "");
}

/* Issue 25: "--help" anywhere after a command is its usage, never a file
 * or a value ("pgn format --help" opened a file named "--help"). */
static void
test_help_anywhere (void)
{
  static const char * const pgn_usage = "Usage: cheops pgn check FILE... | pgn format FILE\n";

  run ((const char *[]) { "pgn", "format", "--help", NULL }, 0, pgn_usage, "");
  run ((const char *[]) { "pgn", "check", "a.pgn", "--help", NULL }, 0, pgn_usage, "");
  run ((const char *[]) { "pgn", "--help", "check", NULL }, 0, pgn_usage, "");
  run ((const char *[]) { "perft", "2", "-h", NULL }, 0,
       "Usage: cheops perft [--variant NAME] [--fen FEN] [--divide] [--bench] DEPTH\n", "");
  run ((const char *[]) { "suite", "run", "--help", NULL }, 0,
       "Usage: cheops suite run FILE [--engine CMD | --builtin] [--movetime MS | --depth N] [--threads N] "
       "[--hash MB] [--variant NAME] [--out FILE]\n", "");
  run ((const char *[]) { "problem", "verify", "--help", NULL }, 0,
       "Usage: cheops problem verify [--time SECONDS] [--nodes N] [--depth N] [--defences] FILE...\n", "");
  for (const char * const *c = (const char * const[]) { "search", "explore", "analyse", "diagram", "match", NULL };
       *c != NULL; c++)
    {
      g_autofree char *out = NULL;
      int status;
      const char *argv[] = { CHEOPS_TOOL_PATH, *c, "--out", "x.png", "--help", NULL };

      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out, NULL, &status, NULL);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 0);
      g_assert_true (g_str_has_prefix (out, "Usage: cheops "));
      g_assert_false (g_file_test ("x.png", G_FILE_TEST_EXISTS));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tools/cheops/perft", test_perft);
  g_test_add_func ("/tools/cheops/moves", test_moves);
  g_test_add_func ("/tools/cheops/status", test_status);
  g_test_add_func ("/tools/cheops/variant", test_variant);
  g_test_add_func ("/tools/cheops/cypher", test_cypher);
  g_test_add_func ("/tools/cheops/fen", test_fen_and_help);
  g_test_add_func ("/tools/cheops/help-anywhere", test_help_anywhere);
  return g_test_run ();
}
