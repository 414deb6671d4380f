/* test-match.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops match` (suite tools): built-in players and cheops-engine over
 * UCI, paired openings, progress lines, the final score and Elo lines, and
 * a PGN file whose every game replays with the core to the stated result.
 */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "cheops-core.h"

static char *
run_match (const char * const *extra, const char *pgn_path, int *status)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *openings = g_test_build_filename (G_TEST_DIST, "data", "openings.txt", NULL);
  g_autoptr (GSubprocess) proc = NULL;
  g_autoptr (GError) error = NULL;
  char *out = NULL;

  g_ptr_array_add (argv, (gpointer) CHEOPS_TOOL_PATH);
  g_ptr_array_add (argv, (gpointer) "match");
  for (int i = 0; extra[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) extra[i]);
  g_ptr_array_add (argv, (gpointer) "--openings");
  g_ptr_array_add (argv, openings);
  g_ptr_array_add (argv, (gpointer) "--pgn");
  g_ptr_array_add (argv, (gpointer) pgn_path);
  g_ptr_array_add (argv, NULL);
  proc = g_subprocess_newv ((const char * const *) argv->pdata, G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (proc, NULL, NULL, &out, NULL, &error);
  g_assert_no_error (error);
  /* A crash (or a sanitizer's abort) is a failure, not an exit status. */
  g_assert_true (g_subprocess_get_if_exited (proc));
  *status = g_subprocess_get_exit_status (proc);
  return out;
}

/* Replays every game of @pgn with the core; returns the number of games. */
static int
replay_pgn (const char *pgn, char results[][8], int max)
{
  g_auto (GStrv) games = g_strsplit (pgn, "[Event ", -1);
  int count = 0;

  for (int g = 1; games[g] != NULL && count < max; g++)
    {
      const char *text = games[g];
      const char *fen_tag = strstr (text, "[FEN \"");
      const char *result_tag = strstr (text, "[Result \"");
      const char *body = strstr (text, "\n\n");
      g_autofree char *fen = NULL;
      g_auto (GStrv) words = NULL;
      CheopsPosition pos;
      char result[8] = "";

      g_assert_nonnull (result_tag);
      g_assert_nonnull (body);
      g_assert_nonnull (strstr (text, "[Variant \"Cheops\"]"));
      sscanf (result_tag + 9, "%7[^\"]", result);
      fen = fen_tag ? g_strndup (fen_tag + 6, strcspn (fen_tag + 6, "\"")) : g_strdup (CHEOPS_LAWS_START_FEN);
      g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_cheops, fen, NULL));
      words = g_strsplit_set (body, " \n", -1);
      for (int i = 0; words[i] != NULL; i++)
        {
          const char *w = words[i];
          CheopsError err;
          CheopsMove m;
          CheopsUndo undo;

          if (w[0] == '\0' || (g_ascii_isdigit (w[0]) && (strchr (w, '.') || strchr (w, '-'))))
            continue;
          if (w[0] == '{')
            {
              while (words[i] != NULL && !strchr (words[i], '}'))
                i++;
              if (words[i] == NULL)
                break;
              continue;
            }
          if (strcmp (w, "*") == 0)
            continue;
          m = cheops_move_from_san (&pos, w, -1, &err);
          if (m == CHEOPS_MOVE_NONE)
            g_error ("game %d: '%s' does not replay: %s", count + 1, w, err.message);
          cheops_position_do_move (&pos, m, &undo);
        }
      /* An Ascension result is the core's verdict on the final position. */
      if (strcmp (result, "1-0") == 0 && strstr (text, "{by the Ascension}"))
        g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_LAWS_OUTCOME_ASCENSION_A);
      if (strcmp (result, "0-1") == 0 && strstr (text, "{by the Ascension}"))
        g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_LAWS_OUTCOME_ASCENSION_Q);
      strcpy (results[count++], result);
    }
  return count;
}

static void
check_match (const char * const *args, int games, const char *score_prefix)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-match-XXXXXX", NULL);
  g_autofree char *pgn_path = g_build_filename (dir, "out.pgn", NULL);
  g_autofree char *pgn = NULL;
  g_autofree char *out = NULL;
  g_auto (GStrv) lines = NULL;
  char results[64][8];
  int status, n, progress = 0;

  out = run_match (args, pgn_path, &status);
  g_assert_cmpint (status, ==, 0);
  lines = g_strsplit (out, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "Game "))
      {
        g_autofree char *prefix = g_strdup_printf ("Game %d/%d: ", progress + 1, games);
        g_assert_true (g_str_has_prefix (lines[i], prefix));
        progress++;
      }
  g_assert_cmpint (progress, ==, games);
  g_assert_nonnull (strstr (out, score_prefix));
  g_assert_nonnull (strstr (out, "\nElo: "));
  g_assert_nonnull (strstr (out, "\nPtnml(0-2): ["));

  g_assert_true (g_file_get_contents (pgn_path, &pgn, NULL, NULL));
  n = replay_pgn (pgn, results, 64);
  g_assert_cmpint (n, ==, games);
  /* The progress lines carry the same results as the PGN. */
  for (int i = 0, k = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "Game "))
      {
        g_autofree char *needle = g_strdup_printf ("): %s {", results[k++]);
        g_assert_nonnull (strstr (lines[i], needle));
      }
  g_unlink (pgn_path);
  g_rmdir (dir);
}

static void
test_builtin (void)
{
  const char *args[] = { "--builtin", "greedy", "--builtin", "random", "--games", "6", "--seed", "3", NULL };
  check_match (args, 6, "Score of greedy vs random: ");
}

static void
test_engine (void)
{
  const char *args[] = { "--engine", CHEOPS_ENGINE_PATH, "--builtin", "random", "--games", "2",
                         "--tc", "0.5+0.05", NULL };
  /* The engine wins both games of a pair against random moves. */
  check_match (args, 2, "Score of cheops-engine 0.1.0 vs random: 2 - 0 - 0 [1.000] 2");
}

static void
test_usage (void)
{
  const char *args[] = { "--builtin", "greedy", "--games", "2", NULL };
  int status;
  g_autofree char *out = run_match (args, "/dev/null", &status);
  g_assert_cmpint (status, ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match/builtin", test_builtin);
  g_test_add_func ("/match/engine", test_engine);
  g_test_add_func ("/match/usage", test_usage);
  return g_test_run ();
}
