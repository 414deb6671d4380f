/* test-analyse.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops analyse` on the sample games of every variant with the bundled
 * engine at a fixed time (and a fixed depth): the output parses with the project's reader,
 * holds the same games, every mainline position has an [%eval] with its
 * depth, the comments and glyphs that were there are kept, and --side
 * judges one side only; bad usage exits 2.  Issue 24: the engine's first
 * choice is never marked, a second review only deepens (a shallower one
 * changes nothing), --backwards says so, --variations reviews the side
 * lines, --jobs 2 writes what --jobs 1 does, --resume keeps what a first
 * run did, and two --part runs through GNU parallel concatenate to the
 * whole review.
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

/* Runs @argv (NULL-terminated) with its output; FALSE if it cannot. */
static void
run_argv (const char *const *argv, int want_status, char **out, char **err)
{
  g_autoptr (GError) error = NULL;
  int status;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL, out, err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  if (WEXITSTATUS (status) != want_status && err != NULL)
    g_printerr ("%s", *err);
  g_assert_cmpint (WEXITSTATUS (status), ==, want_status);
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
       * the analysis's (depth 2; 4 before a move about to be marked,
       * searched again two plies deeper). */
      if (ply < 10)
        g_assert_true (ea->kind == eb->kind && ea->value == eb->value && ea->depth == eb->depth);
      else if (cheops_game_node_get_outcome (b) == CHEOPS_OUTCOME_NONE)
        {
          g_assert_true (eb->depth == 2 || eb->depth == 4);
          if (eb->depth == 4)
            g_assert_cmpint (cheops_game_node_get_position (b)->side_to_move, ==, CHEOPS_SIDE_B);
        }
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

/* The four games of the batch tests: four files, four games, four
 * games' rules. */
static GPtrArray *
four_files (void)
{
  static const char *names[] = { "apex-race.pgn", "cypher-selfplay.pgn", "pyramids-stacks.pgn",
                                 "trigchess-gyros.pgn" };
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    g_ptr_array_add (paths, sample (names[i]));
  return paths;
}

/* `cheops analyse` of the four files with @extra (NULL-terminated). */
static char *
run_four (const char *const *extra, int want_status, char **err)
{
  g_autoptr (GPtrArray) paths = four_files ();
  g_autoptr (GPtrArray) args = g_ptr_array_new ();

  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_add (args, paths->pdata[i]);
  g_ptr_array_add (args, (gpointer) "--builtin");
  g_ptr_array_add (args, (gpointer) "--depth");
  g_ptr_array_add (args, (gpointer) "2");
  for (guint i = 0; extra[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) extra[i]);
  g_ptr_array_add (args, NULL);
  return run ((const char *const *) args->pdata, want_status, err);
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The engine's own first choice is never marked: a move the review marks
 * ?!, ? or ?? has the engine's best line beside it, another move. */
static void
test_first_choice (void)
{
  g_autofree char *path = sample ("trigchess-gyros.pgn");
  const char *args[] = { path, "--builtin", "--depth", "3", NULL };
  g_autofree char *out = run (args, 0, NULL);
  g_autoptr (GPtrArray) in = cheops_pgn_read_file (path, NULL, NULL);
  g_autoptr (GPtrArray) games = cheops_pgn_read_string (out, -1, NULL);
  CheopsGameNode *a = cheops_game_get_root (g_ptr_array_index (in, 0));
  CheopsGameNode *b = cheops_game_get_root (g_ptr_array_index (games, 0));
  guint marked = 0;

  for (; b != NULL; a = cheops_game_node_get_next (a), b = cheops_game_node_get_next (b))
    {
      guint8 glyph = cheops_game_node_get_move_glyph (b);
      CheopsGameNode *parent, *best;

      if (glyph == cheops_game_node_get_move_glyph (a)
          || (glyph != CHEOPS_NAG_DUBIOUS && glyph != CHEOPS_NAG_MISTAKE && glyph != CHEOPS_NAG_BLUNDER))
        continue;
      marked++;
      parent = cheops_game_node_get_parent (b);
      g_assert_cmpuint (cheops_game_node_get_n_children (parent), >,
                        cheops_game_node_get_n_children (cheops_game_node_get_parent (a)));
      best = cheops_game_node_get_child (parent, cheops_game_node_get_n_children (parent) - 1);
      g_assert_cmpint (cheops_game_node_get_move (best), !=, cheops_game_node_get_move (b));
      g_assert_cmpint (cheops_game_node_get_annotations (best)->eval.kind, !=, CHEOPS_EVAL_NONE);
    }
  g_assert_cmpuint (marked, >, 0);
}

/* Depth kept: a deeper review deepens every evaluation, a shallower one
 * changes nothing, and one between takes nothing shallower; --backwards
 * says so and searches the last move first. */
static void
test_deepen_backwards (void)
{
  g_autofree char *path = sample ("apex-race.pgn");
  g_autofree char *dir = g_dir_make_tmp ("analyse-XXXXXX", NULL);
  g_autofree char *p1 = g_build_filename (dir, "d1.pgn", NULL);
  g_autofree char *p3 = g_build_filename (dir, "d3.pgn", NULL);
  g_autofree char *p3b = g_build_filename (dir, "d3b.pgn", NULL);
  const char *a1[] = { path, "--builtin", "--depth", "1", "--out", p1, NULL };
  const char *a3[] = { p1, "--builtin", "--depth", "3", "--backwards", "--out", p3, NULL };
  /* Depth 1: its searches of moves about to be marked, two plies deeper,
   * reach depth 3, no deeper than the file's.  Depth 2: those reach 4. */
  const char *again[] = { p3, "--builtin", "--depth", "1", "--out", p3b, NULL };
  g_autofree char *p3c = g_build_filename (dir, "d3c.pgn", NULL);
  const char *between[] = { p3, "--builtin", "--depth", "2", "--out", p3c, NULL };
  g_autofree char *o1 = run (a1, 0, NULL);
  g_autofree char *err3 = NULL;
  g_autofree char *o3 = run (a3, 0, &err3);
  g_autofree char *o3b = run (again, 0, NULL);
  g_autofree char *o3c = run (between, 0, NULL);
  g_autofree char *t1 = read_text (p1), *t3 = read_text (p3), *t3b = read_text (p3b), *t3c = read_text (p3c);
  g_autoptr (GPtrArray) g3c = cheops_pgn_read_string (t3c, -1, NULL);
  g_autoptr (GPtrArray) g1 = cheops_pgn_read_string (t1, -1, NULL);
  g_autoptr (GPtrArray) g3 = cheops_pgn_read_string (t3, -1, NULL);
  CheopsGameNode *a = cheops_game_get_root (g_ptr_array_index (g1, 0));
  CheopsGameNode *b = cheops_game_get_root (g_ptr_array_index (g3, 0));
  CheopsGameNode *last = cheops_game_get_mainline_end (g_ptr_array_index (g3, 0));
  g_autofree char *last_move = cheops_game_node_format_move (last, TRUE);
  g_autofree char *first_line = NULL;
  guint deeper = 0;

  /* Backwards, and said so; the first position searched is the last. */
  g_assert_nonnull (strstr (err3, "backwards (last move first)"));
  first_line = g_strdup_printf ("game 1/1, 1/%u: %s\n", cheops_game_node_get_ply (last) + 1, last_move);
  g_assert_true (g_str_has_prefix (err3, first_line));
  for (; a != NULL; a = cheops_game_node_get_next (a), b = cheops_game_node_get_next (b))
    {
      const CheopsEval *e1 = &cheops_game_node_get_annotations (a)->eval;
      const CheopsEval *e3 = &cheops_game_node_get_annotations (b)->eval;

      g_assert_cmpint (e3->kind, !=, CHEOPS_EVAL_NONE);
      g_assert_cmpint (e3->depth, >=, e1->depth);
      deeper += e3->depth > e1->depth;
    }
  g_assert_cmpuint (deeper, >, 0);
  /* A shallower review than the file's: not a byte changed. */
  g_assert_cmpstr (t3b, ==, t3);
  /* One whose confirming searches go deeper than the file's: an
   * evaluation changes only for a deeper one, and the mainline's glyphs
   * only after a position searched deeper. */
  deeper = 0;
  for (a = cheops_game_get_root (g_ptr_array_index (g3, 0)), b = cheops_game_get_root (g_ptr_array_index (g3c, 0));
       a != NULL; a = cheops_game_node_get_next (a), b = cheops_game_node_get_next (b))
    {
      const CheopsEval *e3 = &cheops_game_node_get_annotations (a)->eval;
      const CheopsEval *ec = &cheops_game_node_get_annotations (b)->eval;

      g_assert_cmpint (ec->depth, >=, e3->depth);
      if (ec->depth == e3->depth)
        g_assert_true (ec->kind == e3->kind && ec->value == e3->value);
      deeper += ec->depth > e3->depth;
      if (!cheops_game_node_is_root (a)
          && cheops_game_node_get_move_glyph (a) != cheops_game_node_get_move_glyph (b))
        g_assert_cmpint (cheops_game_node_get_annotations (cheops_game_node_get_parent (b))->eval.depth, >,
                         cheops_game_node_get_annotations (cheops_game_node_get_parent (a))->eval.depth);
    }
  g_assert_cmpuint (deeper, >, 0);
  g_remove (p3c);
  g_remove (p1);
  g_remove (p3);
  g_remove (p3b);
  g_rmdir (dir);
}

/* --variations: every position of the side lines the game had gets its
 * [%eval] too. */
static void
test_variations (void)
{
  g_autofree char *path = sample ("opening-lines.pgn");
  const char *plain[] = { path, "--builtin", "--depth", "2", NULL };
  const char *with[] = { path, "--builtin", "--depth", "2", "--variations", NULL };
  g_autofree char *out_plain = run (plain, 0, NULL);
  g_autofree char *out = run (with, 0, NULL);
  g_autoptr (GPtrArray) in = cheops_pgn_read_file (path, NULL, NULL);
  g_autoptr (GPtrArray) games = cheops_pgn_read_string (out, -1, NULL);
  g_autoptr (GPtrArray) games_plain = cheops_pgn_read_string (out_plain, -1, NULL);
  guint side_nodes = 0, evaluated = 0, evaluated_plain = 0;

  /* Walk the input's tree and the outputs' by the same child indices. */
  g_autoptr (GQueue) queue = g_queue_new ();
  g_queue_push_tail (queue, cheops_game_get_root (g_ptr_array_index (in, 0)));
  g_queue_push_tail (queue, cheops_game_get_root (g_ptr_array_index (games, 0)));
  g_queue_push_tail (queue, cheops_game_get_root (g_ptr_array_index (games_plain, 0)));
  g_queue_push_tail (queue, GUINT_TO_POINTER (FALSE));
  while (!g_queue_is_empty (queue))
    {
      CheopsGameNode *a = g_queue_pop_head (queue), *b = g_queue_pop_head (queue), *c = g_queue_pop_head (queue);
      gboolean in_variation = GPOINTER_TO_UINT (g_queue_pop_head (queue));

      g_assert_cmpint (cheops_game_node_get_move (a), ==, cheops_game_node_get_move (b));
      if (in_variation && cheops_game_node_get_outcome (a) == CHEOPS_OUTCOME_NONE)
        {
          side_nodes++;
          evaluated += cheops_game_node_get_annotations (b)->eval.depth >= 2;
          evaluated_plain += cheops_game_node_get_annotations (c)->eval.depth >= 2;
        }
      for (guint i = 0; i < cheops_game_node_get_n_children (a); i++)
        {
          g_queue_push_tail (queue, cheops_game_node_get_child (a, i));
          g_queue_push_tail (queue, cheops_game_node_get_child (b, i));
          g_queue_push_tail (queue, cheops_game_node_get_child (c, i));
          g_queue_push_tail (queue, GUINT_TO_POINTER (in_variation || i > 0));
        }
    }
  g_assert_cmpuint (side_nodes, >, 5);
  g_assert_cmpuint (evaluated, ==, side_nodes);
  g_assert_cmpuint (evaluated_plain, <, side_nodes);
}

/* A file of one game: "1 game", never "1 games" (it said "done 1/1 games"
 * and "analysed 1 games" before). */
static void
test_one_game (void)
{
  g_autofree char *path = sample ("apex-race.pgn");
  const char *args[] = { path, "--builtin", "--depth", "1", NULL };
  g_autofree char *err = NULL;
  g_autofree char *out = run (args, 0, &err);

  g_assert_nonnull (strstr (err, "done 1/1 game\n"));
  g_assert_nonnull (strstr (err, "analysed 1 game (0 kept)"));
  g_assert_null (strstr (err, "1 games"));
}

/* --jobs 2 writes what --jobs 1 does (depth-limited: the same searches);
 * --resume after a run of the first half keeps it and does the rest. */
static void
test_jobs_resume (void)
{
  g_autofree char *dir = g_dir_make_tmp ("analyse-XXXXXX", NULL);
  g_autofree char *part = g_build_filename (dir, "part.pgn", NULL);
  const char *one[] = { "--jobs", "1", NULL };
  const char *two[] = { "--jobs", "2", NULL };
  const char *half[] = { "--part", "1/2", "--out", part, NULL };
  const char *resume[] = { "--jobs", "2", "--resume", "--out", part, NULL };
  g_autofree char *err = NULL, *err_half = NULL, *err_resume = NULL;
  g_autofree char *out1 = run_four (one, 0, &err);
  g_autofree char *out2 = run_four (two, 0, NULL);
  g_autofree char *o3 = run_four (half, 0, &err_half);
  g_autofree char *o4 = NULL, *resumed = NULL;
  g_autoptr (GPtrArray) first_half = NULL;

  g_assert_nonnull (strstr (err, "done 4/4 games"));
  g_assert_nonnull (strstr (err, "with 1 job"));
  g_assert_cmpstr (out2, ==, out1);
  first_half = cheops_pgn_read_file (part, NULL, NULL);
  g_assert_cmpuint (first_half->len, ==, 2);
  o4 = run_four (resume, 0, &err_resume);
  g_assert_nonnull (strstr (err_resume, "resumed: 2 of 4 games kept"));
  g_assert_nonnull (strstr (err_resume, "analysed 2 games (2 kept)"));
  resumed = read_text (part);
  g_assert_cmpstr (resumed, ==, out1);
  g_remove (part);
  g_rmdir (dir);
}

/* A review split in two through GNU parallel (--part K/2, one engine
 * each), the outputs concatenated: the whole review, game for game. */
static void
test_parallel (void)
{
  g_autofree char *parallel = g_find_program_in_path ("parallel");
  g_autofree char *dir = g_dir_make_tmp ("analyse-XXXXXX", NULL);
  g_autofree char *pattern = g_build_filename (dir, "part-{}.pgn", NULL);
  g_autoptr (GPtrArray) paths = four_files ();
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *whole = NULL, *out = NULL, *err = NULL;
  g_autoptr (GString) merged = g_string_new (NULL);
  g_autoptr (GPtrArray) merged_games = NULL, whole_games = NULL;
  const char *none[] = { NULL };

  if (parallel == NULL)
    {
      g_test_skip ("GNU parallel is not installed (build-aux/dev.sh installs it)");
      return;
    }
  g_ptr_array_add (argv, parallel);
  g_ptr_array_add (argv, (gpointer) "--will-cite");
  g_ptr_array_add (argv, (gpointer) "--halt");
  g_ptr_array_add (argv, (gpointer) "now,fail=1");
  g_ptr_array_add (argv, (gpointer) CHEOPS_TOOL_PATH);
  g_ptr_array_add (argv, (gpointer) "analyse");
  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_add (argv, paths->pdata[i]);
  g_ptr_array_add (argv, (gpointer) "--builtin");
  g_ptr_array_add (argv, (gpointer) "--depth");
  g_ptr_array_add (argv, (gpointer) "2");
  g_ptr_array_add (argv, (gpointer) "--part");
  g_ptr_array_add (argv, (gpointer) "{}/2");
  g_ptr_array_add (argv, (gpointer) "--out");
  g_ptr_array_add (argv, pattern);
  g_ptr_array_add (argv, (gpointer) ":::");
  g_ptr_array_add (argv, (gpointer) "1");
  g_ptr_array_add (argv, (gpointer) "2");
  g_ptr_array_add (argv, NULL);
  run_argv ((const char *const *) argv->pdata, 0, &out, &err);
  for (guint k = 1; k <= 2; k++)
    {
      g_autofree char *name = g_strdup_printf ("part-%u.pgn", k);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *text = read_text (path);

      g_string_append (merged, text);
      g_remove (path);
    }
  g_rmdir (dir);
  whole = run_four (none, 0, NULL);
  merged_games = cheops_pgn_read_string (merged->str, -1, NULL);
  whole_games = cheops_pgn_read_string (whole, -1, NULL);
  g_assert_cmpuint (merged_games->len, ==, 4);
  g_assert_cmpuint (whole_games->len, ==, 4);
  for (guint g = 0; g < 4; g++)
    g_assert_true (cheops_game_equal (g_ptr_array_index (merged_games, g), g_ptr_array_index (whole_games, g)));
  {
    g_autofree char *rewritten = cheops_pgn_write_games (merged_games);
    g_assert_cmpstr (rewritten, ==, whole);
  }
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
  {
    const char *no_out[] = { path, "--builtin", "--depth", "1", "--resume", NULL };
    const char *bad_part[] = { path, "--builtin", "--depth", "1", "--part", "3/2", NULL };
    const char *bad_jobs[] = { path, "--builtin", "--depth", "1", "--jobs", "0", NULL };
    g_autofree char *o6 = run (no_out, 2, NULL);
    g_autofree char *o7 = run (bad_part, 2, NULL);
    g_autofree char *o8 = run (bad_jobs, 2, NULL);
    const char *zero_nodes[] = { path, "--builtin", "--nodes", "0", NULL };
    const char *nodes_and_depth[] = { path, "--builtin", "--nodes", "1000", "--depth", "2", NULL };
    g_autofree char *o10 = run (zero_nodes, 2, NULL);
    g_autofree char *o11 = run (nodes_and_depth, 2, NULL);

    g_assert_cmpstr (o6, ==, "");
  }
  /* More jobs than games: said, and the review done by one. */
  {
    const char *more_jobs[] = { path, "--builtin", "--depth", "1", "--jobs", "2", NULL };
    g_autofree char *err = NULL;
    g_autofree char *o9 = run (more_jobs, 0, &err);

    g_assert_nonnull (strstr (err, "cheops analyse: 2 jobs asked, 1 game to review: a job reviews whole games\n"));
    g_assert_nonnull (strstr (err, " with 1 job in "));
  }
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
  g_test_add_func ("/tools/analyse/first-choice", test_first_choice);
  g_test_add_func ("/tools/analyse/deepen-backwards", test_deepen_backwards);
  g_test_add_func ("/tools/analyse/variations", test_variations);
  g_test_add_func ("/tools/analyse/jobs-resume", test_jobs_resume);
  g_test_add_func ("/tools/analyse/one-game", test_one_game);
  g_test_add_func ("/tools/analyse/parallel", test_parallel);
  return g_test_run ();
}
