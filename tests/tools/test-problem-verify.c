/* test-problem-verify.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops problem verify`: the exact lines for the bundled problems of the
 * four games (the times, which vary, written as T), the duals, a malformed
 * stipulation and a malformed FEN reported with line and column while the
 * rest of the file is still verified, the limits, and the exit status.
 */
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#ifndef CHEOPS_TOOL_PATH
#error "CHEOPS_TOOL_PATH must be defined by the build"
#endif

/* Runs the tool with @args and checks its exit status and its standard
 * output, with every ", 0.123 s" made ", T s". */
static void
run (const char *const *args, int want_status, const char *want_out)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL, *err = NULL, *normal = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) times = g_regex_new (", [0-9]+\\.[0-9]+ s", 0, 0, NULL);
  int status;

  g_ptr_array_add (argv, (gpointer) CHEOPS_TOOL_PATH);
  for (int i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  normal = g_regex_replace_literal (times, out, -1, 0, ", T s", 0, NULL);
  if (want_out != NULL)   /* NULL: any output */
    g_assert_cmpstr (normal, ==, want_out);
  g_assert_cmpint (WEXITSTATUS (status), ==, want_status);
}

static char *
data_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "problems", name, NULL);
}

static char *
expect (const char *path, const char *lines)
{
  /* Each line of @lines starts with "@": the path. */
  g_auto(GStrv) parts = g_strsplit (lines, "@", -1);

  return g_strjoinv (path, parts);
}

static void
test_bundled (void)
{
  g_autofree char *cheops = data_file ("cheops.pgn");
  g_autofree char *trig = data_file ("trigchess.pgn");
  g_autofree char *cypher = data_file ("cypher.pgn");
  g_autofree char *pyramids = data_file ("pyramids.pgn");
  g_autofree char *want_cheops = expect (cheops,
    "@:14: game 1: sound: key 2. Mh2#; 33 nodes, T s\n"
    "@:27: game 2: cooked: 2 keys 1. Ki6#, 1. Kj7#; 3 nodes, T s\n"
    "@:40: game 3: sound: key 1. Qi9; 2610 nodes, T s\n"
    "@:55: game 4: sound: key 1. Qi9; 1611 nodes, T s\n"
    "@:55: game 4: dual after 1. Qi9 Kg1: Mj1#, Mg6#\n"
    "@:55: game 4: dual after 1. Qi9 Kh1: Mj1#, Mh6#\n"
    "@:55: game 4: dual after 1. Qi9 Kf2: Mj2#, Mf6#\n"
    "@:55: game 4: dual after 1. Qi9 Kg2: Mj2#, Mg6#\n"
    "@:70: game 5: no-solution: none of the 33 first moves wins in 1; 33 nodes, T s\n"
    "@:82: game 6: wrong-solution: the solution begins with 1. Mi2+, which does not win; 1 key 1. Qi9; 2610 nodes, T s\n"
    "@:94: game 7: sound: solution 1. Qi9 2. Mi2#; 1807 nodes, T s\n"
    "@:107: game 8: cooked: 2 solutions, 1 intended: 1. Ki6#; 1. Kj7#; 3 nodes, T s\n"
    "@:107: game 8: solution 1. Ki6#\n"
    "@:107: game 8: solution 1. Kj7#\n"
    "@:120: game 9: no-solution: no line of 1 move fulfils ser-#1; 45 nodes, T s\n"
    "@:133: game 10: sound: solution 1. Kj5 Qh8 2. Kk6 Qi9#; 2484 nodes, T s\n"
    "@:146: game 11: cooked: 2 solutions, 1 intended: 1. Kj5 Qh8 2. Kl5 Qi9#; 1. Kj5 Qh8 2. Kk6 Qi9#; 3400 nodes, T s\n"
    "@:146: game 11: solution 1. Kj5 Qh8 2. Kl5 Qi9#\n"
    "@:146: game 11: solution 1. Kj5 Qh8 2. Kk6 Qi9#\n"
    "@:159: game 12: wrong-solution: the file's line 1. Kj5 … is the start of no solution; 1 solution, 1 intended: 1. Kj5 Qh8 2. Kk6 Qi9#; 2484 nodes, T s\n"
    "@:172: game 13: no-solution: no line of 2 moves fulfils h#2; 2415 nodes, T s\n"
    "@:185: game 14: sound: key 1. Mh5; 43 nodes, T s\n"
    "@:198: game 15: cooked: 2 keys 1. Kg7, 1. Kk7; 16 nodes, T s\n"
    "@:211: game 16: wrong-solution: the solution begins with 1. Mk7, which does not win; 1 key 1. Mh5; 43 nodes, T s\n"
    "@:224: game 17: no-solution: none of the 4 first moves wins in 1; 6 nodes, T s\n"
    "@:237: game 18: wrong-solution: the file's line 1. Mi2+ is the start of no solution; 1 solution, 1 intended: 1. Qi9 2. Mi2#; 1807 nodes, T s\n");
  g_autofree char *want_trig = expect (trig,
    "@:13: game 1: sound: key 1. Sh2; 137 nodes, T s\n"
    "@:27: game 2: sound: key 1. Dd3; 369 nodes, T s\n"
    "@:27: game 2: dual after 1. Dd3 Kf1: De2#, Df2#\n"
    "@:27: game 2: dual after 1. Dd3 Kh1: De2, Df2, Kg2\n"
    "@:41: game 3: cooked: 2 keys 1. Sd3, 1. Sc6; 184 nodes, T s\n"
    "@:55: game 4: sound: key 1. Sh5; 2613 nodes, T s\n"
    "@:68: game 5: no-solution: none of the 10 first moves wins in 1; 10 nodes, T s\n"
    "@:81: game 6: wrong-solution: the solution begins with 1. Dc3+, which does not win; 1 key 1. Sh2; 137 nodes, T s\n"
    "@:94: game 7: sound: solution 1... Kc2 2. Db2#; 24 nodes, T s\n"
    "@:107: game 8: sound: solution 1... Kh1 2. Kg2; 40 nodes, T s\n"
    "@:120: game 9: wrong-solution: the file's line 1... Kf1 is the start of no solution; 1 solution, 1 intended: 1... Kh1 2. Kg2; 40 nodes, T s\n"
    "@:133: game 10: no-solution: no line of 1 move fulfils h#1; 27 nodes, T s\n"
    "@:146: game 11: sound: solution 1. Sd3; 12 nodes, T s\n"
    "@:159: game 12: cooked: 9 solutions, 1 intended: 1. Dh2 2. Sd3; 1. Dg3 2. Sd3; 1. Dh3 2. Sd3; 1. Dg4 2. Sd3; …; 164 nodes, T s\n"
    "@:159: game 12: solution 1. Dh2 2. Sd3\n"
    "@:159: game 12: solution 1. Dg3 2. Sd3\n"
    "@:159: game 12: solution 1. Dh3 2. Sd3\n"
    "@:159: game 12: solution 1. Dg4 2. Sd3\n"
    "@:159: game 12: solution 1. Dh4 2. Sd3\n"
    "@:159: game 12: solution 1. Di4 2. Sd3\n"
    "@:159: game 12: solution 1. Kb1 2. Sd3\n"
    "@:159: game 12: solution 1. Kd1 2. Sd3\n"
    "@:159: game 12: solution 1. Kc2 2. Sd3\n"
    "@:172: game 13: no-solution: no line of 1 move fulfils ser-#1; 10 nodes, T s\n"
    "@:185: game 14: sound: solution 1. Kg6 Kxe6 2. Kh6 Kf6; 231 nodes, T s\n"
    "@:198: game 15: cooked: 2 solutions, 1 intended: 1... Dc2 2. Kc4 Ka4 3. Sxc2; 1... Dc2 2. Kb5 Ka4 3. Sxc2; 1643 nodes, T s\n"
    "@:198: game 15: solution 1... Dc2 2. Kc4 Ka4 3. Sxc2\n"
    "@:198: game 15: solution 1... Dc2 2. Kb5 Ka4 3. Sxc2\n"
    "@:211: game 16: wrong-solution: the file's line 1. Gc4 is the start of no solution; 1 solution, 1 intended: 1. Kg6 Kxe6 2. Kh6 Kf6; 231 nodes, T s\n"
    "@:224: game 17: no-solution: no line of 2 moves fulfils h#2; 206 nodes, T s\n"
    "@:237: game 18: sound: key 1. f6=D+; 69 nodes, T s\n"
    "@:250: game 19: cooked: 2 keys 1. De5+, 1. Df5+; 112 nodes, T s\n"
    "@:263: game 20: wrong-solution: the solution begins with 1. e5, which does not win; 1 key 1. f6=D+; 69 nodes, T s\n"
    "@:276: game 21: no-solution: none of the 4 first moves wins in 1; 8 nodes, T s\n"
    "@:289: game 22: wrong-solution: the file's line 1. Sc6 is the start of no solution; 1 solution, 1 intended: 1. Sd3; 12 nodes, T s\n"
    "@:302: game 23: sound: key 1. f6=D+; 49 nodes, T s\n"
    "@:302: game 23: dual after 1. f6=D+ Kh5: Dxf5+, Dg5+\n");
  g_autofree char *want_four = expect (cypher,
    "@:12: game 1: sound: key 1. Sa0#; 78 nodes, T s\n"
    "@:26: game 2: cooked: 2 keys 1. Sz0#, 1. Sa0#; 48 nodes, T s\n"
    "@:40: game 3: sound: solution 1. Sa0#; 78 nodes, T s\n"
    "@:53: game 4: cooked: 2 solutions, 1 intended: 1. Sz0#; 1. Sa0#; 48 nodes, T s\n"
    "@:53: game 4: solution 1. Sz0#\n"
    "@:53: game 4: solution 1. Sa0#\n"
    "@:66: game 5: sound: solution 1. Sd3 Ke2#; 1095 nodes, T s\n"
    "@:79: game 6: cooked: 2 solutions, 1 intended: 1. Se10 Kf9#; 1. Si10 Kh9#; 1394 nodes, T s\n"
    "@:79: game 6: solution 1. Se10 Kf9#\n"
    "@:79: game 6: solution 1. Si10 Kh9#\n"
    "@:92: game 7: wrong-solution: the file's line 1. Sc3 is the start of no solution; 1 solution, 1 intended: 1. Sd3 Ke2#; 1095 nodes, T s\n"
    "@:105: game 8: no-solution: no line of 1 move fulfils h#1; 955 nodes, T s\n"
    "@:118: game 9: no-solution: no line of 1 move fulfils ser-#1; 33 nodes, T s\n"
    "@:131: game 10: wrong-solution: the file's line 1. Sg10 is the start of no solution; 1 solution, 1 intended: 1. Sa0#; 78 nodes, T s\n"
    "@:144: game 11: sound: key 1. Sb10+; 85 nodes, T s\n"
    "@:157: game 12: cooked: 2 keys 1. Sb6+, 1. Qd9+; 136 nodes, T s\n"
    "@:170: game 13: wrong-solution: the solution begins with 1. Sd10+, which does not win; 1 key 1. Sb10+; 85 nodes, T s\n"
    "@:183: game 14: no-solution: none of the 47 first moves wins in 1; 93 nodes, T s\n");
  g_autofree char *want_pyr = expect (pyramids,
    "@:12: game 1: sound: key 1. 4i2#; 29 nodes, T s\n"
    "@:25: game 2: cooked: 2 keys 1. 4c9#, 1. 4i9#; 33 nodes, T s\n"
    "@:38: game 3: sound: solution 1... Fa8 2. 4a1#; 22 nodes, T s\n"
    "@:51: game 4: wrong-solution: the file's line 1... Fa8 … is the start of no solution; 1 solution, 1 intended: 1... Fa8 2. 4a1#; 22 nodes, T s\n"
    "@:64: game 5: cooked: 2 solutions, 1 intended: 1... Fa8 2. 4a1#; 1... Fa8 2. 4a2#; 29 nodes, T s\n"
    "@:64: game 5: solution 1... Fa8 2. 4a1#\n"
    "@:64: game 5: solution 1... Fa8 2. 4a2#\n"
    "@:77: game 6: sound: solutions 1... Fa8 2. 4a1#; 1... Fa8 2. 4a2#; 29 nodes, T s\n"
    "@:77: game 6: solution 1... Fa8 2. 4a1#\n"
    "@:77: game 6: solution 1... Fa8 2. 4a2#\n"
    "@:91: game 7: no-solution: no line of 1 move fulfils h#1; 50 nodes, T s\n"
    "@:104: game 8: sound: solution 1. Fc8 2. 4a1#; 542 nodes, T s\n"
    "@:117: game 9: no-solution: no line of 1 move fulfils ser-#1; 24 nodes, T s\n"
    "@:130: game 10: cooked: 2 solutions, 1 intended: 1. Fb7 2. 4g9#; 1. Fc8 2. 4a1#; 503 nodes, T s\n"
    "@:130: game 10: solution 1. Fb7 2. 4g9#\n"
    "@:130: game 10: solution 1. Fc8 2. 4a1#\n"
    "@:143: game 11: wrong-solution: the file's line 1. Fc7 is the start of no solution; 1 solution, 1 intended: 1. Fc8 2. 4a1#; 542 nodes, T s\n"
    "@:156: game 12: sound: key 1. 1b5+; 19 nodes, T s\n"
    "@:169: game 13: cooked: 2 keys 1. 1b5+, 1. 1b6+; 23 nodes, T s\n"
    "@:182: game 14: wrong-solution: the solution begins with 1. 1b6+, which does not win; 1 key 1. 1b5+; 19 nodes, T s\n"
    "@:195: game 15: no-solution: none of the 22 first moves wins in 1; 43 nodes, T s\n");
  g_autofree char *both = g_strconcat (want_four, want_pyr, NULL);

  run ((const char *[]) { "problem", "verify", cheops, NULL }, 1, want_cheops);
  run ((const char *[]) { "problem", "verify", trig, NULL }, 1, want_trig);
  run ((const char *[]) { "problem", "verify", cypher, pyramids, NULL }, 1, both);
}

/* --prove on the bundled problems (issue 26): the plain exhaustive search
 * re-decides every one of the 70 problems of the four files and agrees:
 * the output is the fast solver's (test_bundled's lines, which the
 * problems' comments in tests/engine/test-solve.c reason out) with "; proved
 * by the plain search (N nodes)" after each verdict, and nothing is left
 * undecided. */
static void
test_bundled_prove (void)
{
  static const char *const names[] = { "cheops.pgn", "trigchess.pgn", "cypher.pgn", "pyramids.pgn" };
  g_autoptr(GRegex) times = g_regex_new (", [0-9]+\\.[0-9]+ s", 0, 0, NULL);
  g_autoptr(GRegex) proved = g_regex_new ("; proved by the plain search \\([0-9]+ nodes\\)$", G_REGEX_MULTILINE, 0, NULL);
  guint n_proved = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = data_file (names[i]);
      const char *fast_argv[] = { CHEOPS_TOOL_PATH, "problem", "verify", path, NULL };
      const char *prove_argv[] = { CHEOPS_TOOL_PATH, "problem", "verify", "--prove", path, NULL };
      g_autofree char *fast = NULL, *plain = NULL, *a = NULL, *b = NULL, *c = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GMatchInfo) match = NULL;
      int fast_status, plain_status;

      g_spawn_sync (NULL, (char **) fast_argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &fast, NULL,
                    &fast_status, &error);
      g_assert_no_error (error);
      g_spawn_sync (NULL, (char **) prove_argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &plain, NULL,
                    &plain_status, &error);
      g_assert_no_error (error);
      g_assert_cmpint (plain_status, ==, fast_status);
      for (g_regex_match (proved, plain, 0, &match); g_match_info_matches (match); g_match_info_next (match, NULL))
        n_proved++;
      a = g_regex_replace_literal (times, fast, -1, 0, ", T s", 0, NULL);
      b = g_regex_replace_literal (times, plain, -1, 0, ", T s", 0, NULL);
      c = g_regex_replace_literal (proved, b, -1, 0, "", 0, NULL);
      g_assert_cmpstr (c, ==, a);
      g_assert_null (strstr (plain, "undecided"));
    }
  g_assert_cmpuint (n_proved, ==, 18 + 23 + 14 + 15);
}

/* A file of one sound problem exits 0; a malformed stipulation and a
 * malformed FEN are reported where they are and the games after them are
 * still verified. */
static void
test_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("problem-verify-XXXXXX", NULL);
  g_autofree char *sound = g_build_filename (dir, "sound.pgn", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.pgn", NULL);
  g_autofree char *want = NULL;

  g_assert_true (g_file_set_contents (sound,
    "[Variant \"TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/9/D3K4/2kS3/7 g 0 1\"]\n[Stipulation \"#2\"]\n\n"
    "1. Sh2 Kc2 2. Sf1 1-0\n"
    "\n"
    "[Event \"not a problem\"]\n\n1. e4 *\n", -1, NULL));
  want = g_strdup_printf ("%s:1: game 1: sound: key 1. Sh2; 137 nodes, T s\n", sound);
  run ((const char *[]) { "problem", "verify", sound, NULL }, 0, want);
  g_clear_pointer (&want, g_free);

  g_assert_true (g_file_set_contents (bad,
    "[Variant \"TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/9/D3K4/2kS3/7 g 0 1\"]\n[Stipulation \"# 2x\"]\n\n*\n"   /* 1-6 */
    "\n"
    "[Variant \"TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/9/D3K4/2kX3/7 g 0 1\"]\n[Stipulation \"#2\"]\n\n*\n"   /* 8-13 */
    "\n"
    "[SetUp \"1\"]\n[FEN \"Q/3/kK3/7/9/11/13/15/17 a 0 1\"]\n[Stipulation \"#1\"]\n\n1. Ki6# 1-0\n", -1, NULL));
  want = g_strdup_printf ("%s:4:18: unexpected text after the number of moves\n"
                          "%s:1: game 1: not verified: its stipulation is malformed\n"
                          "%s:10:20: bad FEN: placement, rank 2: unexpected character 'X' (pieces are K D G S P k d g s p, "
                          "empty runs 1-9)\n"
                          "%s:8: game 2: not verified: its FEN is malformed\n"
                          "%s:15: game 3: cooked: 2 keys 1. Ki6#, 1. Kj7#; 3 nodes, T s\n",
                          bad, bad, bad, bad, bad);
  run ((const char *[]) { "problem", "verify", bad, NULL }, 1, want);
  g_clear_pointer (&want, g_free);

  /* The limits: --depth below the stipulation, a node limit. */
  want = g_strdup_printf ("%s:1: game 1: undecided: it asks for 2 moves, more than --depth 1\n", sound);
  run ((const char *[]) { "problem", "verify", "--depth", "1", sound, NULL }, 1, want);
  g_clear_pointer (&want, g_free);
  want = g_strdup_printf ("%s:1: game 1: undecided: node limit reached; keys proved so far 1. Sh2; 63 nodes, T s\n", sound);
  run ((const char *[]) { "problem", "verify", "--nodes", "50", sound, NULL }, 1, want);
  g_clear_pointer (&want, g_free);
  /* Every defence of the key. */
  want = g_strdup_printf ("%s:1: game 1: sound: key 1. Sh2; 137 nodes, T s\n"
                          "%s:1: game 1: defence after 1. Sh2 Kc2: Sf1\n", sound, sound);
  run ((const char *[]) { "problem", "verify", "--defences", sound, NULL }, 0, want);
  g_clear_pointer (&want, g_free);

  /* --prove: the plain search agrees; stopped by the node limit it
   * leaves the problem undecided, never sound (issue 26). */
  want = g_strdup_printf ("%s:1: game 1: sound: key 1. Sh2; 137 nodes, T s; proved by the plain search (253 nodes)\n",
                          sound);
  run ((const char *[]) { "problem", "verify", "--prove", sound, NULL }, 0, want);
  g_clear_pointer (&want, g_free);
  want = g_strdup_printf ("%s:1: game 1: undecided: the plain search's limit reached; keys proved so far 1. Sh2; "
                          "137 nodes, T s; the plain search stopped: node limit\n", sound);
  run ((const char *[]) { "problem", "verify", "--prove", "--nodes", "150", sound, NULL }, 1, want);
  g_clear_pointer (&want, g_free);

  /* --full (T1 of test-solve.c): the threat of 1. Sh2 is the Dome's
   * check round the corner once Red's King cannot leave d2 for e2 (the
   * three ser-#2 lines after 1. Sh2); the set play is the helpmate TH1's
   * 1... Kc2 2. Db2#; the tries refuted by one defence only are those of
   * T1: 1. Sg3 by Kc2, the Dome's checks and the King's moves by Kxe2
   * (the Stag on e2 left unguarded); T1's other tries, Da4, Db4 and Dc4,
   * are refuted by Kxe2 and by another defence (the Dome off the a3-b3-b2
   * road: Kc2 too, by the move lists), so they are no tries here. */
  want = g_strdup_printf ("%s:1: game 1: sound: key 1. Sh2; 137 nodes, T s\n"
                          "%s:1: game 1: threat after 1. Sh2: Db2#, Db3#, Dc3#\n"
                          "%s:1: game 1: set play 1... Kc2: Db2#\n"
                          "%s:1: game 1: try 1. Sg3! refuted only by 1... Kc2\n"
                          "%s:1: game 1: try 1. Db2+! refuted only by 1... Kxe2\n"
                          "%s:1: game 1: try 1. Db3+! refuted only by 1... Kxe2\n"
                          "%s:1: game 1: try 1. Dc3+! refuted only by 1... Kxe2\n"
                          "%s:1: game 1: try 1. Kf3! refuted only by 1... Kxe2\n"
                          "%s:1: game 1: try 1. Ke4! refuted only by 1... Kxe2\n",
                          sound, sound, sound, sound, sound, sound, sound, sound, sound);
  run ((const char *[]) { "problem", "verify", "--full", sound, NULL }, 0, want);
  g_clear_pointer (&want, g_free);

  /* A malformed Solutions tag, with its place. */
  g_assert_true (g_file_set_contents (bad,
    "[Variant \"TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/9/D3K4/2kS3/7 r 0 1\"]\n[Stipulation \"h#1\"]\n"
    "[Solutions \"two\"]\n\n*\n", -1, NULL));
  want = g_strdup_printf ("%s:5:13: the Solutions tag “two” is not a number of solutions\n"
                          "%s:1: game 1: not verified: its Solutions tag is malformed\n", bad, bad);
  run ((const char *[]) { "problem", "verify", bad, NULL }, 1, want);
  g_clear_pointer (&want, g_free);

  /* Usage. */
  run ((const char *[]) { "problem", "verify", NULL }, 2, "");
  run ((const char *[]) { "problem", "verify", "--time", NULL }, 2, "");
  run ((const char *[]) { "problem", "solve", sound, NULL }, 2, "");
  run ((const char *[]) { "problem", "verify", "/nonexistent/x.pgn", NULL }, 2, "");

  g_unlink (sound);
  g_unlink (bad);
  g_rmdir (dir);
}

/* --full beyond #N's second move (issue 26): the duals of the main play
 * at the attacker's third move, and s#N's short solution, threat, set
 * play and tries.
 *
 * asc-20 of data/suites/ascension.epd as #3 (Cheops): 1. i8 (the Pawn
 * march) threatens 2. i9=Q# (a Queen on the Apex and the opponent's King
 * attacked: the Ascension, 8.1, RULINGS R5).  After 1... Ki6 the only
 * second move is 2. i9=Q, no Ascension yet (the King on i6 is not
 * attacked), and then every defence leaves two Swordmaster moves that
 * attack the King, the Queen on the Apex: the Ascension at once (each
 * marked # by the core's outcome, not by the solver), the duals at the
 * attacker's third move, along the one variation whose second move is
 * single (after 1... Kl6 the second move is already dual).
 *
 * A Cypher chess s#2 found among positions played on from the suite's
 * (data/suites/cypher.epd): Black's Spy check 27... Sf0+ leaves White the
 * single move 28. Kf1, which flips (CY: White wins), so the key forces
 * White's win at once: a short solution in 1, and no threat (the key
 * checks); with Black passing first, each of the White moves listed lets
 * the same 28... Sf0+ force it (set play); 27... Ne5+ is refuted by 28.
 * Kf1 only.  The key is proved by the plain search too (--prove: 7 364 187
 * nodes; too slow for this test in a debug build). */
static void
test_full_deeper (void)
{
  g_autofree char *dir = g_dir_make_tmp ("problem-full-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "full.pgn", NULL);
  g_autofree char *want = NULL, *head = NULL, *drop = NULL, *tail = NULL;

  g_assert_true (g_file_set_contents (path,
    "[Variant \"Cheops\"]\n[SetUp \"1\"]\n[FEN \"1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1\"]\n[Stipulation \"#3\"]\n\n1. i8 *\n\n"
    "[Variant \"Cypher\"]\n[SetUp \"1\"]\n"
    "[FEN \"10/2r7/5k4/6pp2/2np3n2/1qpbp1bPp1/7SP1/1P1NPPp3/6K3/4Bp1r2/s7N1 b PPP 0+0 - 9 27\"]\n"
    "[Stipulation \"s#2\"]\n\n27... Sf0+ *\n", -1, NULL));
  head = expect (path,
    "@:1: game 1: sound: key 1. i8; 18658 nodes, T s\n"
    "@:1: game 1: dual after 1. i8 Kl6: Mj5, i9=Q#\n"
    "@:1: game 1: threat after 1. i8: i9=Q#\n"
    "@:1: game 1: dual after 1. i8 Ki6 2. i9=Q l3: Mi4#, Mj6#\n"
    "@:1: game 1: dual after 1. i8 Ki6 2. i9=Q m3: Mi4#, Mj6#\n"
    "@:1: game 1: dual after 1. i8 Ki6 2. i9=Q o3: Mi4#, Mj6#\n"
    "@:1: game 1: dual after 1. i8 Ki6 2. i9=Q m4: Mi4#, Mj6#\n"
    "@:1: game 1: dual after 1. i8 Ki6 2. i9=Q n4: Mi4#, Mj6#\n"
    "@:1: game 1: dual after 1. i8 Ki6 2. i9=Q Kh5: Mh4#, Mj5#\n"
    "@:1: game 1: dual after 1. i8 Ki6 2. i9=Q Kh6: Mh4#, Mj6#\n"
    "@:1: game 1: dual after 1. i8 Ki6 2. i9=Q Ki7: Mi4#, Mj7#\n"
    "@:8: game 2: sound: key 27... Sf0+; 30643 nodes, T s\n"
    "@:8: game 2: short solution in 1: Sf0+\n"
    "@:8: game 2: threat after 27... Sf0+: none, the key checks\n"
    "@:8: game 2: set play 28. Ni3: Sf0+\n"
    "@:8: game 2: set play 28. Bc2: Sf0+\n"
    "@:8: game 2: set play 28. Bb3: Sf0+\n"
    "@:8: game 2: set play 28. Ba4: Sf0+\n"
    "@:8: game 2: set play 28. a4: Sf0+\n"
    "@:8: game 2: set play 28. Nb1: Sf0+\n"
    "@:8: game 2: set play 28. Na2: Sf0+\n"
    "@:8: game 2: set play 28. Ne2: Sf0+\n"
    "@:8: game 2: set play 28. Na4: Sf0+\n"
    "@:8: game 2: set play 28. Ne4: Sf0+\n"
    "@:8: game 2: set play 28. Nxb5: Sf0+\n"
    "@:8: game 2: set play 28. d4: Sf0+\n"
    "@:8: game 2: set play 28. Sh3: Sf0+\n"
    "@:8: game 2: set play 28. Sf4: Sf0+\n");
  /* A drop's "@" written apart (expect() puts the path for each "@"). */
  drop = g_strdup_printf ("%s:8: game 2: set play 28. P@e5: Sf0+\n", path);
  tail = expect (path, "@:8: game 2: try 27... Ne5+! refuted only by 28. Kf1\n");
  want = g_strconcat (head, drop, tail, NULL);
  run ((const char *[]) { "problem", "verify", "--full", path, NULL }, 0, want);
  g_unlink (path);
  g_rmdir (dir);
}

/* --write: the problem's solution written into the game (issue 26).  T1
 * (TrigChess #2, the file giving 1. Sh2): the key keeps its place as the
 * mainline with "!", the comment "key" and its threat (the --full line of
 * /tools/problem-verify/errors: 2. Db2#, Db3#, Dc3#), its one defence
 * 1... Kc2 with 2. Sf1; the six tries refuted by one defence only (the
 * same --full lines) come as variations, "?" and "try", their refutations
 * "!" and "the only refutation".  The game without a stipulation is
 * written unchanged; reading the written file gives the same verdict.  A
 * file with an error is not rewritten (nothing of it may be lost), and
 * --write takes one file. */
static void
test_write (void)
{
  g_autofree char *dir = g_dir_make_tmp ("problem-write-XXXXXX", NULL);
  g_autofree char *in = g_build_filename (dir, "in.pgn", NULL);
  g_autofree char *out = g_build_filename (dir, "out.pgn", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.pgn", NULL);
  g_autofree char *written = NULL, *want = NULL;

  g_assert_true (g_file_set_contents (in,
    "[Event \"T1\"]\n[Variant \"TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/9/D3K4/2kS3/7 g 0 1\"]\n[Stipulation \"#2\"]\n\n"
    "1. Sh2 *\n\n[Event \"not a problem\"]\n\n{ a comment } *\n", -1, NULL));
  want = g_strdup_printf ("%s:1: game 1: sound: key 1. Sh2; 137 nodes, T s\n", in);
  run ((const char *[]) { "problem", "verify", "--write", out, in, NULL }, 0, want);
  g_assert_true (g_file_get_contents (out, &written, NULL, NULL));
  g_assert_cmpstr (written, ==,
    "[Event \"T1\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Gold \"?\"]\n[Red \"?\"]\n[Result \"*\"]\n"
    "[Variant \"Step and Circle TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/9/D3K4/2kS3/7 g 0 1\"]\n[Stipulation \"#2\"]\n\n"
    "1. Sh2 $1 {key, threat: Db2#, Db3#, Dc3#} (1. Sg3 $2 {try} 1... Kc2 $1 {the only\n"
    "refutation}) (1. Db2+ $2 {try} 1... Kxe2 $1 {the only refutation}) (1. Db3+ $2\n"
    "{try} 1... Kxe2 $1 {the only refutation}) (1. Dc3+ $2 {try} 1... Kxe2 $1 {the\n"
    "only refutation}) (1. Kf3 $2 {try} 1... Kxe2 $1 {the only refutation}) (1. Ke4\n"
    "$2 {try} 1... Kxe2 $1 {the only refutation}) 1... Kc2 2. Sf1 *\n\n"
    "[Event \"not a problem\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Green \"?\"]\n[Orange \"?\"]\n"
    "[Result \"*\"]\n[Variant \"Cheops\"]\n\n{a comment} *\n");
  g_clear_pointer (&want, g_free);
  want = g_strdup_printf ("%s:1: game 1: sound: key 1. Sh2; 137 nodes, T s\n", out);
  run ((const char *[]) { "problem", "verify", out, NULL }, 0, want);
  g_clear_pointer (&want, g_free);

  /* A file with an error: verified, not written. */
  g_assert_true (g_file_set_contents (bad,
    "[Variant \"TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/9/D3K4/2kS3/7 g 0 1\"]\n[Stipulation \"#2\"]\n\n1. Sh2 Zz9 *\n",
    -1, NULL));
  g_unlink (out);
  run ((const char *[]) { "problem", "verify", "--write", out, bad, NULL }, 1, NULL);
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  run ((const char *[]) { "problem", "verify", "--write", out, in, bad, NULL }, 2, "");
  run ((const char *[]) { "problem", "verify", "--write", NULL }, 2, "");
  g_unlink (in);
  g_unlink (bad);
  g_unlink (out);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tools/problem-verify/bundled", test_bundled);
  g_test_add_func ("/tools/problem-verify/bundled-prove", test_bundled_prove);
  g_test_add_func ("/tools/problem-verify/errors", test_errors);
  g_test_add_func ("/tools/problem-verify/full-deeper", test_full_deeper);
  g_test_add_func ("/tools/problem-verify/write", test_write);

  return g_test_run ();
}
