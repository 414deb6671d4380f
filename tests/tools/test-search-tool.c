/* test-search-tool.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops search` and `cheops explore` (issue 23): their exact output on
 * tests/data/collections, whose comments give the reasoning (the expected
 * lists below were worked out by hand from the games' moves: which main
 * lines pass through each position, at which ply first, and what was
 * played then), the same whether the files are read (--no-index), read and
 * indexed, or answered from the index; and their one-line errors.
 */
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#ifndef CHEOPS_TOOL_PATH
#error "CHEOPS_TOOL_PATH must be defined by the build"
#endif

#define START "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1"
#define P1 "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMS1PPA2ppasmka q 1 1"
#define P2 "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMS1P1APp1pasmka q 3 2"
#define P1B "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMS1PPA1p1pasmka a 2 2"
#define QT "dsgkgsd/pspgps1/7p1/1P5P1/1SPGPS1/DSGKGSD r 0 2"
#define QC "4s5/2rn2nr2/3bqkb3/2ppppppp1/1p8/10/1P6P1/2PPPPPP2/3BQKB3/2RN2NR2/4S5 b - 0+0 - 0 2"
#define QP "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/1ssssssss/9/s8/9/9/S7S/1SSSSSSS1/(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) b Ff 0 2"

#define ERRORS_NOTE(cmd) "cheops " cmd ": cheops.pgn: 2 games with errors, searched up to the first\n"

static char *cache_dir;

/* Runs the tool in tests/data/collections with @args (NULL-terminated)
 * and checks its exit status, stdout and stderr exactly (stderr only when
 * @want_err is not NULL). */
static void
run_with (const char        *flag,
          const char *const *args,
          int                want_status,
          const char        *want_out,
          const char        *want_err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "collections", NULL);
  g_auto(GStrv) env = g_environ_setenv (g_get_environ (), "XDG_CACHE_HOME", cache_dir, TRUE);
  int status;

  g_ptr_array_add (argv, (gpointer) CHEOPS_TOOL_PATH);
  g_ptr_array_add (argv, (gpointer) args[0]);
  if (flag != NULL)
    g_ptr_array_add (argv, (gpointer) flag);
  for (int i = 1; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (dir, (char **) argv->pdata, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpstr (out, ==, want_out);
  if (want_err != NULL)
    g_assert_cmpstr (err, ==, want_err);
  g_assert_cmpint (WEXITSTATUS (status), ==, want_status);
}

/* The same answer read from the files, read and indexed, and from the
 * index. */
static void
run (const char *const *args,
     const char        *want_out,
     const char        *want_err)
{
  run_with ("--no-index", args, 0, want_out, want_err);
  run_with ("--reindex", args, 0, want_out, want_err);
  run_with (NULL, args, 0, want_out, want_err);
}

static void
test_cheops (void)
{
  /* The start: every Cheops game but 5 and 6 (other starts), 8
   * (TrigChess) and 9 (an unknown variant: its start unknown). */
  run ((const char *[]) { "search", "--fen", START, "cheops.pgn", NULL },
       "cheops.pgn\t1\t0\ncheops.pgn\t2\t0\ncheops.pgn\t3\t0\ncheops.pgn\t4\t0\ncheops.pgn\t7\t0\n"
       "cheops.pgn\t10\t0\n6 games\n", ERRORS_NOTE ("search"));
  /* Ah1 in 1 (1-0: a won), 3 (0-1), 7 (*), 10 (q plays Green: 1-0 is a
   * loss for a): 1 of 3 decided; i1 in 2 (draw) and 4 (0-1). */
  run ((const char *[]) { "explore", "cheops.pgn", NULL },
       "Ah1\t4\t33.3\ni1\t2\t0.0\n6 games\n", ERRORS_NOTE ("explore"));
  /* Two files, in the order given; the Cheops game of variants.pgn. */
  run ((const char *[]) { "search", "--fen", START, "variants.pgn", "cheops.pgn", NULL },
       "variants.pgn\t10\t0\ncheops.pgn\t1\t0\ncheops.pgn\t2\t0\ncheops.pgn\t3\t0\ncheops.pgn\t4\t0\n"
       "cheops.pgn\t7\t0\ncheops.pgn\t10\t0\n7 games\n", NULL);

  /* P1, after 1. Ah1: game 5 starts there (other counters), game 3 comes
   * back at ply 5, game 4 has it in a variation only, game 6 has its
   * pieces with a to move. */
  run ((const char *[]) { "search", "--fen", P1, "cheops.pgn", NULL },
       "cheops.pgn\t1\t1\ncheops.pgn\t3\t1\ncheops.pgn\t5\t0\ncheops.pgn\t7\t1\ncheops.pgn\t10\t1\n5 games\n",
       NULL);
  /* kj1 in 1 (lost for q), 5 (draw), 7 (*), 10 (won); Aj1 in 3 (won),
   * at its first time there. */
  run ((const char *[]) { "explore", "--fen", P1, "cheops.pgn", NULL },
       "kj1\t4\t50.0\nAj1\t1\t100.0\n5 games\n", NULL);
  /* The same with --variant and the counters of game 5. */
  run ((const char *[]) { "explore", "--variant", "Cheops", "--fen",
                          "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMS1PPA2ppasmka q 7 12", "cheops.pgn", NULL },
       "kj1\t4\t50.0\nAj1\t1\t100.0\n5 games\n", NULL);

  /* P1B, after 1. Ah1 kj1 (a to move): game 1 at ply 2, game 3 at ply 6
   * (the start again at ply 4, 3. Ah1 kj1), game 5 at ply 1 (12... kj1),
   * game 7 at ply 2 (read up to its error there: it plays no move), game
   * 10 at ply 2; never game 2 (1. i1 kj1) nor variants.pgn's 1. i1 kj1.
   * The move after it: i1 in 1 (1-0: won by a), 3 (0-1), 5 (draw) and 10
   * (q plays Green: 1-0 lost by a): 1 of 3 decided. */
  run ((const char *[]) { "search", "--fen", P1B, "cheops.pgn", "variants.pgn", NULL },
       "cheops.pgn\t1\t2\ncheops.pgn\t3\t6\ncheops.pgn\t5\t1\ncheops.pgn\t7\t2\ncheops.pgn\t10\t2\n5 games\n",
       NULL);
  run ((const char *[]) { "explore", "--fen", P1B, "cheops.pgn", "variants.pgn", NULL },
       "i1\t4\t33.3\n5 games\n", NULL);

  /* P2: 1. Ah1 kj1 2. i1 or 1. i1 kj1 2. Ah1; game 3 at ply 7, game 5 at
   * ply 2, game 7 broke off before it, game 10 ends there (no move),
   * game 1's 2... lj2 is a variation. */
  run ((const char *[]) { "search", "--fen", P2, "cheops.pgn", NULL },
       "cheops.pgn\t1\t3\ncheops.pgn\t2\t3\ncheops.pgn\t3\t7\ncheops.pgn\t5\t2\ncheops.pgn\t10\t3\n5 games\n",
       NULL);
  run ((const char *[]) { "explore", "--fen", P2, "cheops.pgn", NULL },
       "lj2\t2\t100.0\nlk3\t1\t-\nm5\t1\t0.0\n5 games\n", NULL);
}

static void
test_variants (void)
{
  /* TrigChess: Q_T by transposition in 1 and 2, only in a variation in
   * 3. */
  run ((const char *[]) { "search", "--variant", "trigchess", "--fen", QT, "variants.pgn", "cheops.pgn", NULL },
       "variants.pgn\t1\t3\nvariants.pgn\t2\t3\n2 games\n", NULL);
  run ((const char *[]) { "explore", "--variant", "trigchess", "--fen", QT, "variants.pgn", NULL },
       "b4\t1\t0.0\nd4\t1\t100.0\n2 games\n", NULL);
  /* TrigChess's start in both files: b3 in 1 (1-0) and 3 (*), h3 in 2
   * (0-1), Ge3 in cheops.pgn's game 8 (*). */
  run ((const char *[]) { "explore", "--variant", "trigchess", "cheops.pgn", "variants.pgn", NULL },
       "b3\t2\t100.0\nGe3\t1\t-\nh3\t1\t0.0\n4 games\n", NULL);
  run ((const char *[]) { "search", "--variant", "trigchess", "--fen",
                          "dsgkgsd/pspgps1/7p1/1P7/1SPGPSP/DSGKGSD g 0 2", "variants.pgn", NULL },
       "variants.pgn\t1\t2\n1 game\n", NULL);

  /* Cypher chess: game 5 starts on Q_C with a check counter and other
   * move counters, game 6 by transposition. */
  run ((const char *[]) { "search", "--variant", "cypher", "--fen", QC, "variants.pgn", NULL },
       "variants.pgn\t4\t3\nvariants.pgn\t5\t0\nvariants.pgn\t6\t3\n3 games\n", NULL);
  run ((const char *[]) { "explore", "--variant", "cypher", "--fen", QC, "variants.pgn", NULL },
       "g6\t2\t50.0\nh6\t1\t-\n3 games\n", NULL);

  /* Pyramids: game 8 starts on Q_P without the faraons' rights, game 9
   * on its pieces with White to move. */
  run ((const char *[]) { "search", "--variant", "pyramids", "--fen", QP, "variants.pgn", NULL },
       "variants.pgn\t7\t3\nvariants.pgn\t8\t0\n2 games\n", NULL);
  run ((const char *[]) { "explore", "--variant", "pyramids", "--fen", QP, "variants.pgn", NULL },
       "b6\t1\t-\ni6\t1\t100.0\n2 games\n", NULL);

  /* A position no game reaches. */
  run ((const char *[]) { "search", "--variant", "pyramids", "--fen", QP, "cheops.pgn", NULL },
       "0 games\n", NULL);
  run ((const char *[]) { "explore", "--variant", "cypher", "cheops.pgn", NULL }, "0 games\n", NULL);
}

static void
test_errors (void)
{
  run_with (NULL, (const char *[]) { "search", "cheops.pgn", NULL }, 2, "", "cheops search: missing --fen FEN\n");
  run_with (NULL, (const char *[]) { "search", "--fen", START, NULL }, 2, "", "cheops search: missing FILE\n");
  run_with (NULL, (const char *[]) { "explore", "--fen", NULL }, 2, "", "cheops explore: --fen needs a FEN\n");
  run_with (NULL, (const char *[]) { "explore", "--variant", "chess", "cheops.pgn", NULL }, 2, "",
            "cheops explore: unknown variant 'chess'\n");
  run_with (NULL, (const char *[]) { "explore", "--frob", "cheops.pgn", NULL }, 2, "",
            "cheops explore: unexpected argument '--frob'\n");
  run_with (NULL, (const char *[]) { "search", "--fen", "x", "cheops.pgn", NULL }, 2, "",
            "cheops search: bad FEN at column 1: board, level 9: unknown piece letter 'x'\n");
  /* A file that cannot be read: said, and the others searched. */
  run_with (NULL, (const char *[]) { "search", "--fen", P1, "missing.pgn", ".", "variants.pgn", NULL }, 2,
            "0 games\n",
            "cheops search: missing.pgn: No such file or directory\ncheops search: .: is a directory\n");
}

int
main (int    argc,
      char **argv)
{
  int status;

  cache_dir = g_dir_make_tmp ("cheops-search-cache-XXXXXX", NULL);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/search-tool/cheops", test_cheops);
  g_test_add_func ("/search-tool/variants", test_variants);
  g_test_add_func ("/search-tool/errors", test_errors);
  status = g_test_run ();
  {
    g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", cache_dir);
    (void) !system (rm);
  }
  g_free (cache_dir);
  return status;
}
