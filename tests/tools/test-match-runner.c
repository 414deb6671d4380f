/* test-match-runner.c: `cheops match` in fastchess's conventions (issue 20)
 * and `cheops match-stats` over shards run with GNU parallel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built-in players (random, greedy) keep most of these fast and exact: a
 * built-in player's choices are drawn from -srand and the game's number,
 * so a match is the same whatever its concurrency.  The engine tests use
 * depth-limited searches (no clock), robust on a loaded machine.
 */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "cheops-match-stats.h"

/* Runs `cheops ARGS...` (NULL-terminated), returns its stdout; *@status is
 * its exit status, *@err (may be NULL) its stderr. */
static char *
run (const char * const *args, int *status, char **err)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GError) error = NULL;
  char *out = NULL, *errtext = NULL;

  g_ptr_array_add (argv, (gpointer) CHEOPS_TOOL_PATH);
  for (int i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_newv ((const char * const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, &errtext, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (proc));   /* no crash, no sanitizer abort */
  *status = g_subprocess_get_exit_status (proc);
  g_test_message ("%s%s", out, errtext);
  if (err != NULL)
    *err = errtext;
  else
    g_free (errtext);
  return out;
}

static char *
tmp_path (const char *dir, const char *name)
{
  return g_build_filename (dir, name, NULL);
}

/* The number of lines of @text starting with @prefix. */
static int
count_prefix (const char *text, const char *prefix)
{
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  int n = 0;

  for (int i = 0; lines[i] != NULL; i++)
    n += g_str_has_prefix (lines[i], prefix);
  return n;
}

/* The last results block of @out, from its "Results of" line to the
 * "Ptnml" line (or "LLR" with -sprt), newly allocated. */
static char *
last_block (const char *out)
{
  const char *start = g_strrstr (out, "Results of ");
  const char *end;

  g_assert_nonnull (start);
  end = strstr (start, "\n-----");
  g_assert_nonnull (end);
  return g_strndup (start, end - start + 1);
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* The games of @pgn as "ROUND RESULT" lines in the order of their Round
 * tags (sorted), joined. */
static char *
rounds_and_results (const char *pgn)
{
  g_auto (GStrv) games = g_strsplit (pgn, "[Event ", -1);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  GString *s = g_string_new ("");

  for (int i = 1; games[i] != NULL; i++)
    {
      char round[32] = "", result[16] = "";
      const char *r = strstr (games[i], "[Round \""), *res = strstr (games[i], "[Result \"");
      g_assert_nonnull (r);
      g_assert_nonnull (res);
      sscanf (r + 8, "%31[^\"]", round);
      sscanf (res + 9, "%15[^\"]", result);
      g_ptr_array_add (lines, g_strdup_printf ("%8s %s", round, result));
    }
  g_ptr_array_sort (lines, compare_strings);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (s, "%s\n", (char *) lines->pdata[i]);
  return g_string_free (s, FALSE);
}

/* fastchess's command line with built-in players: rounds of two games,
 * one per colour, the progress lines, a results block every
 * -ratinginterval games and at the end, every game in the PGN file with
 * its round. */
static void
test_fastchess_command_line (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-runner-XXXXXX", NULL);
  g_autofree char *pgn_path = tmp_path (dir, "out.pgn");
  g_autofree char *pgn_arg = g_strdup_printf ("file=%s", pgn_path);
  const char *args[] = { "match", "-variant", "cheops", "-engine", "builtin=random", "name=R1",
                         "-engine", "builtin=random", "name=R2", "-rounds", "5", "-games", "2",
                         "-srand", "11", "-ratinginterval", "4", "-pgnout", pgn_arg, NULL };
  g_autofree char *pgn = NULL, *block = NULL, *games_line = NULL;
  g_autofree char *out = NULL;
  int status;

  out = run (args, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpint (count_prefix (out, "Game "), ==, 10);
  g_assert_cmpint (count_prefix (out, "Game 10/10: "), ==, 1);
  /* After games 4 and 8, and at the end. */
  g_assert_cmpint (count_prefix (out, "Results of R1 vs R2 (-, 1t, default hash):"), ==, 3);
  g_assert_cmpint (count_prefix (out, "Elo: "), ==, 3);
  g_assert_cmpint (count_prefix (out, "LOS: "), ==, 3);
  g_assert_cmpint (count_prefix (out, "Ptnml(0-2): ["), ==, 3);
  g_assert_nonnull (strstr (out, "\nTime losses: R1 0, R2 0\n"));
  block = last_block (out);
  g_assert_nonnull (strstr (block, "\nGames: 10, "));

  g_assert_true (g_file_get_contents (pgn_path, &pgn, NULL, NULL));
  g_assert_cmpint (count_prefix (pgn, "[Event "), ==, 10);
  g_assert_cmpint (count_prefix (pgn, "[Variant \"Cheops\"]"), ==, 10);
  g_assert_cmpint (count_prefix (pgn, "[Termination \""), ==, 10);
  for (int r = 1; r <= 5; r++)
    {
      /* Round r: R1 first on side A, then on side B. */
      g_autofree char *first = g_strdup_printf ("[Round \"%d.1\"]\n[Green \"R1\"]\n[Orange \"R2\"]\n", r);
      g_autofree char *second = g_strdup_printf ("[Round \"%d.2\"]\n[Green \"R2\"]\n[Orange \"R1\"]\n", r);
      g_assert_nonnull (strstr (pgn, first));
      g_assert_nonnull (strstr (pgn, second));
    }
  g_unlink (pgn_path);
  g_rmdir (dir);
}

/* Games in parallel: the same games whatever -concurrency (built-in
 * players), and engine processes that search at the same time. */
static void
test_concurrency_same_games (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-runner-XXXXXX", NULL);
  g_autofree char *pgn1 = tmp_path (dir, "one.pgn"), *pgn3 = tmp_path (dir, "three.pgn");
  g_autofree char *arg1 = g_strdup_printf ("file=%s", pgn1), *arg3 = g_strdup_printf ("file=%s", pgn3);
  const char *args1[] = { "match", "-variant", "pyramids", "-engine", "builtin=greedy", "-engine", "builtin=random",
                          "-rounds", "6", "-repeat", "-srand", "5", "-concurrency", "1", "-pgnout", arg1, NULL };
  const char *args3[] = { "match", "-variant", "pyramids", "-engine", "builtin=greedy", "-engine", "builtin=random",
                          "-rounds", "6", "-repeat", "-srand", "5", "-concurrency", "3", "-pgnout", arg3, NULL };
  g_autofree char *out1 = NULL, *out3 = NULL, *text1 = NULL, *text3 = NULL, *r1 = NULL, *r3 = NULL;
  g_autofree char *b1 = NULL, *b3 = NULL;
  int status;

  out1 = run (args1, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  out3 = run (args3, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (pgn1, &text1, NULL, NULL));
  g_assert_true (g_file_get_contents (pgn3, &text3, NULL, NULL));
  r1 = rounds_and_results (text1);
  r3 = rounds_and_results (text3);
  g_assert_cmpstr (r1, ==, r3);
  b1 = last_block (out1);
  b3 = last_block (out3);
  g_assert_cmpstr (b1, ==, b3);
  g_unlink (pgn1);
  g_unlink (pgn3);
  g_rmdir (dir);
}

static void
test_concurrency_engines (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-runner-XXXXXX", NULL);
  g_autofree char *log_path = tmp_path (dir, "go.log");
  g_autofree char *engine = g_strdup_printf ("cmd=python3 '%s' wait 1500 a1b1", FAKE_CLOCK_ENGINE);
  const char *args[] = { "match", "-variant", "pyramids", "-engine", engine, "-engine", "builtin=greedy",
                         "-each", "tc=60+1", "-rounds", "1", "-games", "2", "-concurrency", "2", NULL };
  g_autofree char *out = NULL, *log = NULL;
  g_auto (GStrv) lines = NULL;
  int status, pid[2] = { 0, 0 }, n = 0;
  double start[2], end[2];

  g_setenv ("FAKE_ENGINE_LOG", log_path, TRUE);
  out = run (args, &status, NULL);
  g_unsetenv ("FAKE_ENGINE_LOG");
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpint (count_prefix (out, "Game "), ==, 2);
  /* Each game's engine answered one `go` (its second move, the same
   * again, is illegal or the game ended): two processes whose searches
   * overlap in time. */
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  lines = g_strsplit (log, "\n", -1);
  /* The first search of each of the two processes. */
  for (int i = 0; lines[i] != NULL && n < 2; i++)
    {
      int p;
      double s, e;
      if (sscanf (lines[i], "%d %lf %lf", &p, &s, &e) != 3 || (n == 1 && p == pid[0]))
        continue;
      pid[n] = p;
      start[n] = s;
      end[n] = e;
      n++;
    }
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (pid[0], !=, pid[1]);
  g_assert_cmpfloat (start[1], <, end[0]);
  g_assert_cmpfloat (start[0], <, end[1]);
  g_unlink (log_path);
  g_rmdir (dir);
}

/* -each and option names with spaces: sent to the engine (which lists
 * "Skill Level"), an option it does not list is named on stderr; the
 * engine's own tc= overrides -each's. */
static void
test_engine_options (void)
{
  const char *args[] = { "match", "-variant", "trigchess", "-engine", "cmd=" CHEOPS_ENGINE_PATH, "name=deep",
                         "option.Skill Level=3", "plies=2", "-engine", "builtin=greedy",
                         "-each", "plies=1", "option.No Such Option=7", "option.Hash=4", "-rounds", "1", NULL };
  g_autofree char *out = NULL, *err = NULL;
  int status;

  out = run (args, &status, &err);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (err, "does not list the option 'No Such Option'"));
  g_assert_null (strstr (err, "'Skill Level'"));
  g_assert_null (strstr (err, "'Hash'"));
  g_assert_nonnull (strstr (out, "Results of deep vs greedy (plies=2, 1t, 4MB):"));
}

/* A PGN file that cannot be written is an error, not a silent loss. */
static void
test_pgnout_write_error (void)
{
  const char *args[] = { "match", "-engine", "builtin=greedy", "-engine", "builtin=random", "-rounds", "2",
                         "-repeat", "-pgnout", "file=/dev/full", NULL };
  g_autofree char *out = NULL, *err = NULL;
  int status;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  out = run (args, &status, &err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "cannot write /dev/full: "));
}

/* match-stats names the engines in the match's order whatever game of a
 * round the file starts with: at -concurrency 2 a round's second game
 * (the second engine on side A) may finish, and be written, first. */
static void
test_match_stats_order (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-runner-XXXXXX", NULL);
  g_autofree char *pgn_path = tmp_path (dir, "out.pgn");
  g_autofree char *reversed_path = tmp_path (dir, "reversed.pgn");
  g_autofree char *pgn_arg = g_strdup_printf ("file=%s", pgn_path);
  const char *args[] = { "match", "-variant", "trigchess", "-engine", "builtin=greedy", "-engine", "builtin=random",
                         "-rounds", "2", "-repeat", "-concurrency", "1", "-pgnout", pgn_arg, NULL };
  const char *stats_args[] = { "match-stats", pgn_path, NULL };
  const char *reversed_args[] = { "match-stats", reversed_path, NULL };
  g_autofree char *out = NULL, *pgn = NULL, *stats = NULL, *reversed = NULL;
  g_auto (GStrv) games = NULL;
  g_autoptr (GString) text = g_string_new ("");
  int status;

  out = run (args, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (pgn_path, &pgn, NULL, NULL));
  /* The games in the opposite order: the file starts with game 2.2. */
  games = g_strsplit (pgn, "[Event ", -1);
  g_assert_cmpint (g_strv_length (games), ==, 5);
  for (int i = 4; i >= 1; i--)
    g_string_append_printf (text, "[Event %s", games[i]);
  g_assert_true (g_str_has_prefix (strstr (text->str, "[Round "), "[Round \"2.2\"]"));
  g_assert_true (g_file_set_contents (reversed_path, text->str, -1, NULL));

  stats = run (stats_args, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  reversed = run (reversed_args, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (stats, "Results of greedy vs random ("));
  {
    g_autofree char *block = last_block (stats), *reversed_block = last_block (reversed);
    g_assert_cmpstr (reversed_block, ==, block);
  }
  g_unlink (pgn_path);
  g_unlink (reversed_path);
  g_rmdir (dir);
}

/* -sprt stops the match once the LLR crosses a bound: greedy against
 * random is decided long before 300 rounds. */
static void
test_sprt_stops (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-runner-XXXXXX", NULL);
  g_autofree char *pgn_path = tmp_path (dir, "out.pgn");
  g_autofree char *pgn_arg = g_strdup_printf ("file=%s", pgn_path);
  const char *args[] = { "match", "-variant", "trigchess", "-engine", "builtin=greedy", "-engine", "builtin=random",
                         "-rounds", "300", "-repeat", "-concurrency", "2", "-sprt", "elo0=0", "elo1=10", "alpha=0.05",
                         "beta=0.05", "-pgnout", pgn_arg, NULL };
  g_autofree char *out = NULL, *pgn = NULL, *block = NULL;
  g_autofree char *games_needle = NULL;
  int status, games = 0;
  const char *g;

  out = run (args, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "SPRT ([0.00, 10.00]) completed - H1 was accepted\n"));
  block = last_block (out);
  g_assert_nonnull (strstr (block, "\nLLR: "));
  g_assert_nonnull (strstr (block, " (-2.94, 2.94) [0.00, 10.00]\n"));
  g = strstr (block, "\nGames: ");
  g_assert_nonnull (g);
  games = atoi (g + 8);
  g_assert_cmpint (games, >, 0);
  g_assert_cmpint (games, <, 600);
  /* The PGN holds exactly the games counted. */
  g_assert_true (g_file_get_contents (pgn_path, &pgn, NULL, NULL));
  g_assert_cmpint (count_prefix (pgn, "[Event "), ==, games);
  /* match-stats reads the same block and verdict back from the PGN. */
  {
    const char *stats_args[] = { "match-stats", "-sprt", "elo0=0", "elo1=10", "alpha=0.05", "beta=0.05", pgn_path,
                                 NULL };
    g_autofree char *stats_out = run (stats_args, &status, NULL);
    g_autofree char *stats_block = NULL;
    g_assert_cmpint (status, ==, 0);
    stats_block = last_block (stats_out);
    g_assert_cmpstr (stats_block, ==, block);
    g_assert_nonnull (strstr (stats_out, "SPRT ([0.00, 10.00]) completed - H1 was accepted\n"));
  }
  g_unlink (pgn_path);
  g_rmdir (dir);
}

/* An engine that dies loses the game: with -recover it is restarted and
 * the match goes on; without, the match stops with exit status 1. */
static void
test_recover (void)
{
  g_autofree char *engine = g_strdup_printf ("cmd=python3 '%s' die 0 a1b1", FAKE_CLOCK_ENGINE);
  const char *with[] = { "match", "-variant", "pyramids", "-engine", engine, "-engine", "builtin=greedy",
                         "-rounds", "2", "-repeat", "-recover", NULL };
  const char *without[] = { "match", "-variant", "pyramids", "-engine", engine, "-engine", "builtin=greedy",
                            "-rounds", "2", "-repeat", NULL };
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
  int status;

  out = run (with, &status, &err);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpint (count_prefix (out, "Game "), ==, 4);
  g_assert_nonnull (strstr (out, "{engine crashed}"));
  g_assert_nonnull (strstr (out, "\nGames: 4, Wins: 0, Losses: 4, Draws: 0,"));

  out2 = run (without, &status, &err2);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpint (count_prefix (out2, "Game "), ==, 1);
  g_assert_nonnull (strstr (err2, "crashed; the match stops"));
}

/* A loss on time is charged and reported. */
static void
test_time_loss_reported (void)
{
  g_autofree char *engine = g_strdup_printf ("cmd=python3 '%s' burn 300 a1b1", FAKE_CLOCK_ENGINE);
  const char *args[] = { "match", "-variant", "pyramids", "-engine", engine, "name=slow", "-engine",
                         "builtin=greedy", "-each", "tc=0.1+0.01", "-rounds", "1", NULL };
  g_autofree char *out = NULL;
  int status;

  out = run (args, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "{loses on time}"));
  g_assert_nonnull (strstr (out, "\nTime losses: slow 1, greedy 0\n"));
}

/* -openings file= format=epd order=sequential start=N: round 1 plays
 * the N-th position; order=random by -srand, the same for the same seed. */
static void
test_openings_epd (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-runner-XXXXXX", NULL);
  g_autofree char *book = tmp_path (dir, "book.epd"), *pgn_path = tmp_path (dir, "out.pgn");
  g_autofree char *book_arg = g_strdup_printf ("file=%s", book), *pgn_arg = g_strdup_printf ("file=%s", pgn_path);
  g_autofree char *pgn = NULL, *out = NULL, *err = NULL;
  const char *fens[3];
  const char *args[] = { "match", "-variant", "trigchess", "-engine", "builtin=greedy", "-engine", "builtin=random",
                         "-rounds", "1", "-repeat", "-openings", book_arg, "format=epd", "order=sequential",
                         "start=2", "-pgnout", pgn_arg, NULL };
  const char *bad[] = { "match", "-variant", "cheops", "-engine", "builtin=greedy", "-engine", "builtin=random",
                        "-rounds", "1", "-openings", book_arg, "format=epd", NULL };
  g_autofree char *positions = NULL;
  int status;

  /* Three positions after one move each (cheops fen). */
  {
    const char *moves[3] = { "b3", "Ga3", "Ge3" };
    GString *text = g_string_new ("# a test book\n");
    for (int i = 0; i < 3; i++)
      {
        const char *fen_args[] = { "fen", "--variant", "trigchess", moves[i], NULL };
        char *fen = run (fen_args, &status, NULL);
        if (status != 0)
          {
            /* A move this board lacks: the test's own fault. */
            g_error ("cheops fen %s failed", moves[i]);
          }
        g_strstrip (fen);
        fens[i] = fen;
        g_string_append_printf (text, "%s id \"p%d\";\n", fen, i + 1);
      }
    positions = g_string_free (text, FALSE);
  }
  g_assert_true (g_file_set_contents (book, positions, -1, NULL));
  out = run (args, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (pgn_path, &pgn, NULL, NULL));
  {
    g_autofree char *tag = g_strdup_printf ("[FEN \"%s\"]", fens[1]);
    g_assert_cmpint (count_prefix (pgn, tag), ==, 2);
    g_assert_nonnull (strstr (pgn, "[Book \"book.epd\"]"));
  }
  /* A TrigChess book read as Cheops: an error with the line. */
  g_free (out);
  out = run (bad, &status, &err);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "book.epd:2:"));
  for (int i = 0; i < 3; i++)
    g_free ((char *) fens[i]);
  g_unlink (book);
  g_unlink (pgn_path);
  g_rmdir (dir);
}

/* -draw and -resign adjudicate by the engines' scores. */
static void
test_adjudication (void)
{
  const char *draw[] = { "match", "-variant", "pyramids", "-engine", "cmd=" CHEOPS_ENGINE_PATH, "name=a",
                         "-engine", "cmd=" CHEOPS_ENGINE_PATH, "name=b", "-each", "plies=2", "-rounds", "1",
                         "-draw", "movenumber=0", "movecount=1", "score=100000", NULL };
  const char *resign[] = { "match", "-variant", "pyramids", "-engine", "cmd=" CHEOPS_ENGINE_PATH, "name=a",
                           "-engine", "cmd=" CHEOPS_ENGINE_PATH, "name=b", "-each", "plies=2", "-rounds", "1",
                           "-resign", "movecount=1", "score=1", NULL };
  g_autofree char *out = NULL, *out2 = NULL;
  int status;

  out = run (draw, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "Game 1/1: a (w) vs b (b): 1/2-1/2 {draw by adjudication}"));
  out2 = run (resign, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out2, "{resigns (adjudication)}"));
}

/* Bad command lines: a clear message and exit status 2. */
static void
test_usage_errors (void)
{
  const char *cases[][13] = {
    { "match", "-engine", "builtin=greedy", "-engine", "builtin=random", NULL },   /* no -rounds */
    { "match", "-engine", "builtin=greedy", "-engine", "builtin=random", "-rounds", "0", NULL },
    { "match", "-engine", "builtin=greedy", "-engine", "builtin=random", "-rounds", "2", "-games", "3", NULL },
    { "match", "-engine", "name=x", "-engine", "builtin=random", "-rounds", "2", NULL },
    { "match", "-engine", "builtin=greedy", "-engine", "builtin=random", "-rounds", "2", "-sprt", "elo0=5", "elo1=0", NULL },
    { "match", "-engine", "builtin=greedy", "-engine", "builtin=random", "-rounds", "2", "-each", "tc=40/60/2", NULL },
    { "match", "-engine", "builtin=greedy", "-engine", "builtin=random", "-rounds", "2", "-openings", "file=x", "format=fen", NULL },
    { "match", "-engine", "builtin=greedy", "-engine", "builtin=random", "-rounds", "2", "-openings", "format=epd", NULL },
    { "match", "-engine", "builtin=greedy", "-engine", "builtin=random", "-rounds", "2", "-concurrency", "x", NULL },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      int status;
      out = run (cases[i], &status, &err);
      g_assert_cmpint (status, ==, 2);
      g_assert_true (g_str_has_prefix (err, "cheops match: "));
    }

  /* The message names what was wrong, once, after the program's name. */
  {
    const char *bad_variant[] = { "match", "-variant", "foo", "-engine", "builtin=greedy", "-engine", "builtin=random",
                                  "-rounds", "1", NULL };
    const char *bad_option[] = { "match", "-bogus", NULL };
    const char *bad_setting[] = { "match", "-engine", "builtin=greedy", "wrong=1", NULL };
    g_autofree char *e1 = NULL, *e2 = NULL, *e3 = NULL;
    g_autofree char *o1 = NULL, *o2 = NULL, *o3 = NULL;
    int status;

    o1 = run (bad_variant, &status, &e1);
    g_assert_true (g_str_has_prefix (e1, "cheops match: unknown variant 'foo'\n"));
    o2 = run (bad_option, &status, &e2);
    g_assert_true (g_str_has_prefix (e2, "cheops match: '-bogus': unknown or incomplete option\n"));
    o3 = run (bad_setting, &status, &e3);
    g_assert_true (g_str_has_prefix (e3, "cheops match: 'wrong=1': "));
    g_assert_null (strstr (e3 + 1, "cheops match: "));
  }
}

/* The counts of a results block: games, wins, losses, draws, the five
 * pentanomial cells. */
static void
block_counts (const char *block, int c[9])
{
  const char *g = strstr (block, "Games: "), *p = strstr (block, "Ptnml(0-2): [");

  g_assert_nonnull (g);
  g_assert_nonnull (p);
  g_assert_cmpint (sscanf (g, "Games: %d, Wins: %d, Losses: %d, Draws: %d", &c[0], &c[1], &c[2], &c[3]), ==, 4);
  g_assert_cmpint (sscanf (p, "Ptnml(0-2): [%d, %d, %d, %d, %d]", &c[4], &c[5], &c[6], &c[7], &c[8]), ==, 5);
}

/* Two shards (different -srand) run by GNU parallel, their PGNs merged
 * by match-stats: the block of the sum. */
static void
test_shards_parallel (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-runner-XXXXXX", NULL);
  g_autofree char *parallel = g_find_program_in_path ("parallel");
  g_autofree char *command = NULL, *out = NULL, *err = NULL, *merged = NULL, *expected_block = NULL;
  g_autofree char *shard_out[2] = { NULL, NULL }, *pgn[2] = { NULL, NULL };
  g_autoptr (GError) error = NULL;
  CheopsMatchStats sum = { 0 };
  GString *expected = g_string_new ("");
  int status, total[9] = { 0 };

  if (parallel == NULL)
    {
      /* build-aux/dev.sh installs it; a bare machine may lack it. */
      g_test_skip ("GNU parallel is not installed");
      return;
    }
  /* The run as the README shows it, on this machine: shard {} plays with
   * -srand {}. */
  command = g_strdup_printf ("'%s' --will-cite -j 2 \"'%s' match -variant cheops -engine builtin=random name=R1 "
                             "-engine builtin=random name=R2 -rounds 15 -repeat -srand {} -ratinginterval 0 "
                             "-pgnout file='%s'/shard-{}.pgn > '%s'/shard-{}.txt\" ::: 1 2",
                             parallel, CHEOPS_TOOL_PATH, dir, dir);
  g_spawn_command_line_sync (command, NULL, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  for (int i = 0; i < 2; i++)
    {
      g_autofree char *txt = g_strdup_printf ("%s/shard-%d.txt", dir, i + 1);
      g_autofree char *block = NULL;
      int c[9];
      pgn[i] = g_strdup_printf ("%s/shard-%d.pgn", dir, i + 1);
      g_assert_true (g_file_get_contents (txt, &shard_out[i], NULL, NULL));
      block = last_block (shard_out[i]);
      block_counts (block, c);
      g_assert_cmpint (c[0], ==, 30);
      for (int k = 0; k < 9; k++)
        total[k] += c[k];
      g_unlink (txt);
    }
  {
    const char *args[] = { "match-stats", pgn[0], pgn[1], NULL };
    int c[9];
    out = run (args, &status, &err);
    g_assert_cmpint (status, ==, 0);
    merged = last_block (out);
    block_counts (merged, c);
    for (int k = 0; k < 9; k++)
      g_assert_cmpint (c[k], ==, total[k]);
  }
  /* The whole block is the one of the summed counts. */
  sum.wins = total[1];
  sum.losses = total[2];
  sum.draws = total[3];
  sum.ll = total[4];
  sum.ld = total[5];
  sum.dd = total[6];   /* WL and DD pairs print as one cell: the Elo is the same, the WL/DD ratio not */
  sum.wd = total[7];
  sum.ww = total[8];
  cheops_match_stats_format (expected, &sum, "R1", "R2", "-", "1t", "default hash", "", FALSE,
                             CHEOPS_SPRT_NORMALIZED, 0, 0, 0.05, 0.05);
  expected_block = g_string_free (expected, FALSE);
  {
    /* Compare all but the Ptnml line's WL/DD ratio. */
    const char *cut_m = strstr (merged, "], WL/DD"), *cut_e = strstr (expected_block, "], WL/DD");
    g_assert_nonnull (cut_m);
    g_assert_nonnull (cut_e);
    g_assert_cmpint (cut_m - merged, ==, cut_e - expected_block);
    g_assert_cmpint (strncmp (merged, expected_block, cut_m - merged), ==, 0);
  }
  /* A shard read twice is two shards' games: the counts double. */
  {
    const char *args[] = { "match-stats", pgn[0], pgn[0], NULL };
    g_autofree char *o = NULL, *b = NULL, *one = last_block (shard_out[0]);
    int c[9], c1[9];
    o = run (args, &status, NULL);
    b = last_block (o);
    block_counts (b, c);
    block_counts (one, c1);
    for (int k = 0; k < 9; k++)
      g_assert_cmpint (c[k], ==, 2 * c1[k]);
  }
  for (int i = 0; i < 2; i++)
    g_unlink (pgn[i]);
  g_rmdir (dir);
}

/* match-stats on bad input: an error with the file and line. */
static void
test_match_stats_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-runner-XXXXXX", NULL);
  g_autofree char *path = tmp_path (dir, "bad.pgn");
  const char *text = "[Event \"x\"]\n[Round \"1.1\"]\n[Green \"A\"]\n[Orange \"B\"]\n[Result \"1-0\"]\n\n1-0\n\n"
                     "[Event \"x\"]\n[Round \"1.2\"]\n[Green \"C\"]\n[Orange \"A\"]\n[Result \"1-0\"]\n\n1-0\n";
  const char *args[] = { "match-stats", path, NULL };
  const char *missing[] = { "match-stats", "/nonexistent/x.pgn", NULL };
  g_autofree char *out = NULL, *err = NULL, *out2 = NULL, *err2 = NULL;
  int status;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  out = run (args, &status, &err);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "bad.pgn:9: the game is not between the match's two players"));
  out2 = run (missing, &status, &err2);
  g_assert_cmpint (status, ==, 2);
  g_unlink (path);
  g_rmdir (dir);
}

/* tc=MOVES/BASE, fastchess's repeating control (issue 20): each player has
 * BASE seconds for its next MOVES moves, told in `movestogo`, and the
 * period's last move brings BASE again.  The first engine's commands are
 * logged through a wrapper (the game ends by -draw after 8 moves each). */
static void
test_tc_moves (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-runner-XXXXXX", NULL);
  g_autofree char *log_path = tmp_path (dir, "commands.log");
  g_autofree char *wrapper = tmp_path (dir, "engine.sh");
  g_autofree char *script = g_strdup_printf ("#!/bin/sh\ntee -a '%s' | '%s'\n", log_path, CHEOPS_ENGINE_PATH);
  g_autofree char *cmd = g_strdup_printf ("cmd=%s", wrapper);
  const char *args[] = { "match", "-variant", "cheops", "-engine", cmd, "name=logged",
                         "-engine", "cmd=" CHEOPS_ENGINE_PATH, "name=plain", "-each", "tc=3/20", "plies=2",
                         "-rounds", "1", "-draw", "movenumber=8", "movecount=1", "score=100000", NULL };
  const char *bad[] = { "match", "-engine", "builtin=greedy", "-engine", "builtin=random", "-rounds", "1",
                        "-each", "tc=0/20", NULL };
  g_autofree char *out = NULL, *log = NULL, *err = NULL;
  g_auto (GStrv) lines = NULL;
  GString *togo = g_string_new ("");
  gint64 wtime[16] = { 0 };
  int status, n = 0;

  g_assert_true (g_file_set_contents (wrapper, script, -1, NULL));
  g_assert_cmpint (g_chmod (wrapper, 0755), ==, 0);
  out = run (args, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "Results of logged vs plain (3/20 plies=2, "));
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  lines = g_strsplit (log, "\n", -1);
  for (int i = 0; lines[i] != NULL && n < 8; i++)
    if (g_str_has_prefix (lines[i], "go "))
      {
        const char *w = strstr (lines[i], " wtime "), *m = strstr (lines[i], " movestogo ");

        g_assert_nonnull (w);
        g_assert_nonnull (m);
        wtime[n++] = g_ascii_strtoll (w + 7, NULL, 10);
        g_string_append_printf (togo, "%d ", atoi (m + 11));
      }
  g_assert_cmpint (n, ==, 8);
  g_assert_cmpstr (togo->str, ==, "3 2 1 3 2 1 3 2 ");
  /* 20 s for moves 1-3, then 20 s more for moves 4-6, 7-9. */
  g_assert_cmpint (wtime[0], ==, 20000);
  g_assert_cmpint (wtime[3], >, 20000);
  g_assert_cmpint (wtime[3], <=, 40000);
  g_assert_cmpint (wtime[6], >, 40000);
  g_assert_cmpint (wtime[6], <=, 60000);
  g_string_free (togo, TRUE);

  g_free (out);
  out = run (bad, &status, &err);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "tc= is [MOVES/]BASE[+INC]"));
  g_unlink (log_path);
  g_unlink (wrapper);
  g_rmdir (dir);
}

/* -openings format=pgn (issue 20): each game of a PGN book is an opening,
 * its start and main-line moves, every move read by the core; plies=N
 * keeps the first N; a bad move is an error with its line and column, a
 * game of another variant or moves that end the game an error with the
 * game's line. */
static void
test_openings_pgn (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-runner-XXXXXX", NULL);
  g_autofree char *book = tmp_path (dir, "book.pgn"), *pgn_path = tmp_path (dir, "out.pgn");
  g_autofree char *mate = tmp_path (dir, "mate.pgn"), *bad = tmp_path (dir, "bad.pgn");
  g_autofree char *book_arg = g_strdup_printf ("file=%s", book), *pgn_arg = g_strdup_printf ("file=%s", pgn_path);
  g_autofree char *mate_arg = g_strdup_printf ("file=%s", mate), *bad_arg = g_strdup_printf ("file=%s", bad);
  const char *args[] = { "match", "-variant", "trigchess", "-engine", "builtin=greedy", "-engine", "builtin=random",
                         "-rounds", "2", "-repeat", "-openings", book_arg, "format=pgn", "order=sequential",
                         "-pgnout", pgn_arg, NULL };
  const char *as_cheops[] = { "match", "-variant", "cheops", "-engine", "builtin=greedy", "-engine",
                              "builtin=random", "-rounds", "1", "-openings", book_arg, "format=pgn", NULL };
  const char *mate_all[] = { "match", "-variant", "trigchess", "-engine", "builtin=greedy", "-engine",
                             "builtin=random", "-rounds", "1", "-openings", mate_arg, "format=pgn", NULL };
  const char *mate_cut[] = { "match", "-variant", "trigchess", "-engine", "builtin=greedy", "-engine",
                             "builtin=random", "-rounds", "1", "-openings", mate_arg, "format=pgn", "plies=2",
                             NULL };
  const char *bad_move[] = { "match", "-variant", "trigchess", "-engine", "builtin=greedy", "-engine",
                             "builtin=random", "-rounds", "1", "-openings", bad_arg, "format=pgn", NULL };
  g_autofree char *out = NULL, *err = NULL, *pgn = NULL;
  g_auto (GStrv) games = NULL;
  int status;

  g_assert_true (g_file_set_contents (book,
                                      "[Event \"one\"]\n[Variant \"Step and Circle TrigChess\"]\n\n"
                                      "1. Ga3 (1. Ge3) d4 2. b3 {a comment} *\n\n"
                                      "[Event \"two\"]\n\n1. Ge3 *\n", -1, NULL));
  out = run (args, &status, NULL);
  g_assert_cmpint (status, ==, 0);
  g_assert_true (g_file_get_contents (pgn_path, &pgn, NULL, NULL));
  games = g_strsplit (pgn, "[Event ", -1);
  g_assert_cmpint (g_strv_length (games), ==, 5);
  for (int i = 1; i <= 4; i++)
    {
      gboolean first_round = strstr (games[i], "[Round \"1.") != NULL;
      g_assert_nonnull (strstr (games[i], first_round ? "\n\n1. Ga3 d4 2. b3 " : "\n\n1. Ge3 "));
      g_assert_nonnull (strstr (games[i], "[Book \"book.pgn\"]"));
    }

  /* A TrigChess book for a Cheops match: the game's line. */
  g_free (out);
  out = run (as_cheops, &status, &err);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "book.pgn:1: a game of Step and Circle TrigChess, not of Cheops"));
  g_clear_pointer (&err, g_free);

  /* 1. Ga3 d4 2. Gxc5# ends the game: all its moves are an error, the
   * first two plies an opening. */
  g_assert_true (g_file_set_contents (mate, "\n[Event \"mate\"]\n\n1. Ga3 d4 2. Gxc5# 1-0\n", -1, NULL));
  g_free (out);
  out = run (mate_all, &status, &err);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "mate.pgn:2: the opening's moves end the game"));
  g_clear_pointer (&err, g_free);
  g_free (out);
  out = run (mate_cut, &status, NULL);
  g_assert_cmpint (status, ==, 0);

  /* A move the core refuses: its line and column. */
  g_assert_true (g_file_set_contents (bad, "[Event \"bad\"]\n\n1. Ga3 d4 2. Gxc6 *\n", -1, NULL));
  g_free (out);
  out = run (bad_move, &status, &err);
  g_assert_cmpint (status, ==, 2);
  g_assert_nonnull (strstr (err, "bad.pgn:3:14: "));

  g_unlink (book);
  g_unlink (pgn_path);
  g_unlink (mate);
  g_unlink (bad);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match/fastchess-command-line", test_fastchess_command_line);
  g_test_add_func ("/match/concurrency-same-games", test_concurrency_same_games);
  g_test_add_func ("/match/concurrency-engines", test_concurrency_engines);
  g_test_add_func ("/match/engine-options", test_engine_options);
  g_test_add_func ("/match/pgnout-write-error", test_pgnout_write_error);
  g_test_add_func ("/match/sprt-stops", test_sprt_stops);
  g_test_add_func ("/match/recover", test_recover);
  g_test_add_func ("/match/time-loss-reported", test_time_loss_reported);
  g_test_add_func ("/match/openings-epd", test_openings_epd);
  g_test_add_func ("/match/openings-pgn", test_openings_pgn);
  g_test_add_func ("/match/adjudication", test_adjudication);
  g_test_add_func ("/match/tc-moves", test_tc_moves);
  g_test_add_func ("/match/usage-errors", test_usage_errors);
  g_test_add_func ("/match-stats/shards-parallel", test_shards_parallel);
  g_test_add_func ("/match-stats/errors", test_match_stats_errors);
  g_test_add_func ("/match-stats/order", test_match_stats_order);
  return g_test_run ();
}
