/* test-analyse.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops analyse` on the sample games of every variant with the bundled
 * engine at a fixed time (and a fixed depth): the output parses with the project's reader,
 * holds the same games, every mainline position has an [%eval] with its
 * depth, the comments and glyphs that were there are kept, and --side
 * judges one side only; bad usage exits 2.
 */
#include <glib/gstdio.h>
#include <string.h>

#include "cheops-game-model.h"
#include "cheops-pgn.h"

#ifndef CHEOPS_TOOL_PATH
#error "CHEOPS_TOOL_PATH must be defined by the build"
#endif

static char *
run (const char *const *args, int want_status, char **err_out)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  char *out = NULL, *err = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  g_ptr_array_add (argv, (gpointer) CHEOPS_TOOL_PATH);
  g_ptr_array_add (argv, (gpointer) "analyse");
  for (int i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  if (WEXITSTATUS (status) != want_status)
    g_printerr ("%s", err);
  g_assert_cmpint (WEXITSTATUS (status), ==, want_status);
  if (err_out != NULL)
    *err_out = err;
  else
    g_free (err);
  return out;
}

static char *
sample (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "samples", name, NULL);
}

static void
check_file (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = sample (name);
  g_autofree char *err = NULL;
  /* A time, not a depth: the Pyramids engine can take seconds for a
   * depth of 2 in a position full of stacks. */
  const char *args[] = { path, "--builtin", "--movetime", "20", NULL };
  g_autofree char *out = run (args, 0, &err);
  g_autoptr (GPtrArray) errors = NULL;
  g_autoptr (GPtrArray) in = cheops_pgn_read_file (path, NULL, NULL);
  g_autoptr (GPtrArray) games = cheops_pgn_read_string (out, -1, &errors);

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, in->len);
  g_assert_nonnull (strstr (err, "game 1: "));
  g_assert_nonnull (strstr (err, "ACPL "));
  for (guint g = 0; g < games->len; g++)
    {
      CheopsGameNode *a = cheops_game_get_root (g_ptr_array_index (in, g));
      CheopsGameNode *b = cheops_game_get_root (g_ptr_array_index (games, g));

      for (; a != NULL; a = cheops_game_node_get_next (a), b = cheops_game_node_get_next (b))
        {
          const CheopsEval *e;
          guint8 glyph = cheops_game_node_get_move_glyph (a);

          g_assert_nonnull (b);
          g_assert_cmpint (cheops_game_node_get_move (a), ==, cheops_game_node_get_move (b));
          e = &cheops_game_node_get_annotations (b)->eval;
          g_assert_cmpint (e->kind, !=, CHEOPS_EVAL_NONE);
          /* A decided end has no search: "#0" or 0.00 without depth. */
          if (cheops_game_node_get_outcome (b) == CHEOPS_OUTCOME_NONE)
            g_assert_cmpint (e->depth, >=, 1);
          g_assert_cmpstr (cheops_game_node_get_comment_after (a), ==, cheops_game_node_get_comment_after (b));
          if (glyph != 0)
            g_assert_cmpint (cheops_game_node_get_move_glyph (b), ==, glyph);
          /* The variations that were there are still there, first. */
          g_assert_cmpuint (cheops_game_node_get_n_children (b), >=, cheops_game_node_get_n_children (a));
          for (guint c = 1; c < cheops_game_node_get_n_children (a); c++)
            g_assert_cmpint (cheops_game_node_get_move (cheops_game_node_get_child (a, c)), ==,
                             cheops_game_node_get_move (cheops_game_node_get_child (b, c)));
        }
      g_assert_null (b);
    }
}

/* --side and --from: glyphs only on the moves of that side from that ply;
 * --out writes the same text as stdout. */
static void
test_side_from_out (void)
{
  g_autofree char *path = sample ("trigchess-gyros.pgn");
  g_autofree char *dir = g_dir_make_tmp ("analyse-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.pgn", NULL);
  const char *args[] = { path, "--builtin", "--depth", "2", "--side", "red", "--from", "10", NULL };
  const char *args_out[] = { path, "--builtin", "--depth", "2", "--side", "red", "--from", "10",
                             "--out", out_path, NULL };
  g_autofree char *out = run (args, 0, NULL);
  g_autofree char *out2 = run (args_out, 0, NULL);
  g_autofree char *written = NULL;
  g_autoptr (GPtrArray) in = cheops_pgn_read_file (path, NULL, NULL);
  g_autoptr (GPtrArray) games = cheops_pgn_read_string (out, -1, NULL);
  CheopsGameNode *a = cheops_game_get_root (g_ptr_array_index (in, 0));
  CheopsGameNode *b = cheops_game_get_root (g_ptr_array_index (games, 0));
  guint added = 0;

  g_assert_cmpstr (out2, ==, "");
  g_assert_true (g_file_get_contents (out_path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, out);
  for (; a != NULL; a = cheops_game_node_get_next (a), b = cheops_game_node_get_next (b))
    {
      guint ply = cheops_game_node_get_ply (b);

      const CheopsEval *ea = &cheops_game_node_get_annotations (a)->eval;
      const CheopsEval *eb = &cheops_game_node_get_annotations (b)->eval;

      /* Before ply 10 the sample's own evaluations (depth 11), from it
       * the analysis's (depth 2). */
      if (ply < 10)
        g_assert_true (ea->kind == eb->kind && ea->value == eb->value && ea->depth == eb->depth);
      else if (cheops_game_node_get_outcome (b) == CHEOPS_OUTCOME_NONE)
        g_assert_cmpint (eb->depth, ==, 2);
      if (cheops_game_node_get_move_glyph (a) == cheops_game_node_get_move_glyph (b))
        continue;
      added++;
      g_assert_cmpuint (ply, >, 10);
      g_assert_cmpint (cheops_game_node_get_mover (b), ==, CHEOPS_SIDE_B);
    }
  g_assert_cmpuint (added, >, 0);
  g_remove (out_path);
  g_rmdir (dir);
}

static void
test_usage (void)
{
  g_autofree char *path = sample ("trigchess-gyros.pgn");
  const char *no_limit[] = { path, "--builtin", NULL };
  const char *no_engine[] = { path, "--depth", "3", NULL };
  const char *both[] = { path, "--builtin", "--depth", "3", "--movetime", "10", NULL };
  const char *bad_side[] = { path, "--builtin", "--depth", "1", "--side", "green", NULL };
  const char *missing[] = { "/nonexistent.pgn", "--builtin", "--depth", "1", NULL };
  g_autofree char *o1 = run (no_limit, 2, NULL);
  g_autofree char *o2 = run (no_engine, 2, NULL);
  g_autofree char *o3 = run (both, 2, NULL);
  g_autofree char *o4 = run (bad_side, 2, NULL);
  g_autofree char *o5 = run (missing, 2, NULL);

  g_assert_cmpstr (o1, ==, "");
  g_assert_cmpstr (o4, ==, "");
}

int
main (int argc, char **argv)
{
  static const char *files[] = {
    "apex-race.pgn", "ascension-studies.pgn", "cypher-selfplay.pgn", "opening-lines.pgn",
    "pyramids-selfplay.pgn", "pyramids-stacks.pgn", "trigchess-gyros.pgn",
  };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *name = g_strdup_printf ("/tools/analyse/%s", files[i]);
      g_test_add_data_func (name, files[i], check_file);
    }
  g_test_add_func ("/tools/analyse/side-from-out", test_side_from_out);
  g_test_add_func ("/tools/analyse/usage", test_usage);
  return g_test_run ();
}
