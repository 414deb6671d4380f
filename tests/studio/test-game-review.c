/* test-game-review.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The studio's whole-game analysis under a display (xvfb-run), with the
 * bundled engine: "Analyse Game" at a fixed depth adds an [%eval] to every
 * mainline position and glyphs to the moves that lose, the summary names
 * both sides, one undo takes it all back and "Remove Analysis" does too;
 * Cancel in the middle keeps the part analysed as one undo step and
 * leaves no engine process, and the window stays usable meanwhile; and
 * `cheops analyse` at the same depth writes the same game as the studio.
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <signal.h>
#include <string.h>

#include "long-game.h"
#include "studio-test-util.h"
#include "cheops-core.h"
#include "cheops-pgn.h"
#include "studio-document.h"
#include "studio-review.h"
#include "studio-review-panel.h"
#include "studio-window.h"
#include "studio-window-private.h"

/* A sample game with its [%eval] commands taken out (so that what the
 * analysis adds can be told from what was there). */
static char *
sample_without_evals (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GRegex) regex = g_regex_new ("\\[%eval\\s[^]]*\\]\\s?", 0, 0, NULL);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return g_regex_replace_literal (regex, text, -1, 0, "", 0, NULL);
}

static gboolean
not_running (gpointer data)
{
  return !studio_review_panel_get_running (data);
}

/* A whole game's run with the real engine: its moves about to be marked
 * are searched again two plies deeper, so on a loaded machine it can take
 * longer than studio_test_spin_until()'s 20 s; three minutes. */
static void
spin_until_finished (StudioReviewPanel *panel)
{
  gint64 deadline = g_get_monotonic_time () + 180 * G_USEC_PER_SEC;

  while (!not_running (panel))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      /* The engine's lines wake the loop; a short sleep keeps a stuck
       * run from hanging the test past its deadline. */
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (5000);
    }
}

static gboolean
past_third (gpointer data)
{
  StudioReview *review = studio_review_panel_get_review (data);

  return studio_review_get_index (review) >= 3 && studio_review_get_engine_pid (review) != 0;
}

static StudioWindow *
open_window (const char *sample, StudioReviewPanel **panel)
{
  StudioWindow *window = studio_window_new (NULL);
  g_autofree char *text = sample_without_evals (sample);
  g_autoptr (GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_document_load_text (studio_window_get_document (window), text, -1, NULL, &error));
  g_assert_no_error (error);
  studio_window_show_game (window);
  *panel = STUDIO_REVIEW_PANEL (studio_test_find_widget_of_type (GTK_WIDGET (window), STUDIO_TYPE_REVIEW_PANEL));
  g_assert_nonnull (*panel);
  return window;
}

static guint
count_glyphs (CheopsGame *game)
{
  guint n = 0;

  for (CheopsGameNode *node = cheops_game_get_root (game); node != NULL; node = cheops_game_node_get_next (node))
    if (cheops_game_node_get_move_glyph (node) != 0)
      n++;
  return n;
}

static void
test_analyse_undo_remove (void)
{
  StudioReviewPanel *panel;
  StudioWindow *window = open_window ("trigchess-gyros.pgn", &panel);
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  g_autoptr (CheopsGame) before = cheops_game_copy (game);
  g_autofree char *summary = NULL;
  guint glyphs_before = count_glyphs (game), n = 0;

  g_assert_cmpint (cheops_game_node_get_annotations (cheops_game_get_mainline_end (game))->eval.kind, ==,
                   CHEOPS_EVAL_NONE);
  g_assert_true (studio_review_panel_start (panel, FALSE, -1, 2, 0));
  g_assert_true (studio_review_panel_get_running (panel));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_nonnull (strstr (studio_review_panel_get_progress_text (panel), "(1 of 67)"));
  /* A second run is refused while one goes on. */
  g_assert_false (studio_review_panel_start (panel, FALSE, -1, 2, 0));
  spin_until_finished (panel);

  /* Every mainline position has an evaluation of depth 2 or more (a move
   * about to be marked is searched again deeper; the decided
   * end: "#0"), and the moves that lost got glyphs. */
  for (CheopsGameNode *node = cheops_game_get_root (game); node != NULL; node = cheops_game_node_get_next (node))
    {
      const CheopsEval *e = &cheops_game_node_get_annotations (node)->eval;

      n++;
      g_assert_cmpint (e->kind, !=, CHEOPS_EVAL_NONE);
      if (cheops_game_node_get_outcome (node) == CHEOPS_OUTCOME_NONE)
        g_assert_cmpint (e->depth, >=, 2);
      else
        g_assert_true (e->kind == CHEOPS_EVAL_ASCENSION && e->value == 0);
    }
  g_assert_cmpuint (n, ==, 67);

  /* `cheops analyse` at the same depth on the same text writes the same
   * game: one code (cheops-review) for both, the same searches. */
  {
    g_autofree char *tool = g_test_build_filename (G_TEST_BUILT, "..", "..", "src", "tools", "cheops", NULL);
    g_autofree char *dir = g_dir_make_tmp ("game-review-XXXXXX", NULL);
    g_autofree char *in = g_build_filename (dir, "in.pgn", NULL);
    g_autofree char *text = sample_without_evals ("trigchess-gyros.pgn");
    g_autofree char *out = NULL;
    g_autoptr (GError) error = NULL;
    g_autoptr (CheopsGame) cli = NULL;
    const char *argv[] = { tool, "analyse", in, "--builtin", "--depth", "2", NULL };
    int status;

    g_assert_true (g_file_test (tool, G_FILE_TEST_IS_EXECUTABLE));
    g_assert_true (g_file_set_contents (in, text, -1, NULL));
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                                 &out, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_cmpint (status, ==, 0);
    cli = cheops_pgn_read_game (out, -1, &error);
    g_assert_no_error (error);
    g_assert_true (cheops_game_equal (cli, game));
    g_remove (in);
    g_rmdir (dir);
  }
  g_assert_cmpuint (count_glyphs (game), >, glyphs_before);
  summary = studio_review_panel_dup_summary_text (panel);
  g_assert_nonnull (strstr (summary, "Gold (cheops-engine): "));
  g_assert_nonnull (strstr (summary, "\nRed (cheops-engine): "));
  g_assert_nonnull (strstr (summary, "ACPL\u00a0"));
  /* Issue 21: "accuracy 88" with its "%" on a line of its own; a number
   * and its word or sign are bound by no-break spaces. */
  g_assert_true (g_regex_match_simple ("accuracy\u00a0[0-9]+\u00a0%$", summary, G_REGEX_MULTILINE, 0));
  g_assert_null (strstr (summary, " %"));
  g_assert_true (studio_review_panel_can_remove (panel));
  g_assert_cmpuint (studio_review_get_engine_pid (studio_review_panel_get_review (panel)), ==, 0);

  /* One undo step takes the analysis back. */
  g_assert_true (studio_document_undo (document));
  g_assert_true (cheops_game_equal (game, before));
  g_assert_false (cheops_game_can_undo (game));
  g_assert_true (studio_document_redo (document));
  g_assert_false (cheops_game_equal (game, before));

  /* Remove Analysis, the action: one more step, the game as before. */
  studio_test_spin_frames ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-analysis", NULL);
  g_assert_true (cheops_game_equal (game, before));
  g_assert_false (studio_review_panel_can_remove (panel));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (studio_document_undo (document));   /* the removal */
  g_assert_false (cheops_game_equal (game, before));
  g_assert_true (studio_document_undo (document));   /* the analysis */
  g_assert_true (cheops_game_equal (game, before));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_cancel (void)
{
  StudioReviewPanel *panel;
  StudioWindow *window = open_window ("cypher-selfplay.pgn", &panel);
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  g_autoptr (CheopsGame) before = cheops_game_copy (game);
  StudioReview *review = studio_review_panel_get_review (panel);
  GPid pid;
  guint evaluated = 0, index, n = 0;

  /* 300 ms a move, from the current move (the start), one side only. */
  studio_document_go_start (document);
  g_assert_true (studio_review_panel_start (panel, TRUE, CHEOPS_SIDE_B, 0, 300));
  studio_test_spin_until (past_third, panel);
  pid = studio_review_get_engine_pid (review);
  g_assert_cmpint (pid, >, 0);
  g_assert_cmpint (kill (pid, 0), ==, 0);
  g_assert_nonnull (strstr (studio_review_panel_get_progress_text (panel), " left"));

  /* The window is usable meanwhile: walking the game works. */
  g_assert_true (studio_document_go_forward (document));
  g_assert_true (studio_document_go_forward (document));
  g_assert_cmpuint (cheops_game_node_get_ply (studio_document_get_current (document)), ==, 2);

  index = studio_review_get_index (review);
  studio_review_panel_cancel (panel);
  g_assert_false (studio_review_panel_get_running (panel));
  /* No engine process is left. */
  g_assert_cmpint (studio_review_get_engine_pid (review), ==, 0);
  g_assert_cmpint (kill (pid, 0), ==, -1);
  g_assert_cmpint (errno, ==, ESRCH);

  /* The part analysed is kept: the positions before the one being
   * searched have their evaluations, the rest none (but a decided end,
   * whose evaluation is its result). */
  for (CheopsGameNode *node = cheops_game_get_root (game); node != NULL; node = cheops_game_node_get_next (node))
    {
      gboolean has = cheops_game_node_get_annotations (node)->eval.kind != CHEOPS_EVAL_NONE;

      if (cheops_game_node_get_outcome (node) != CHEOPS_OUTCOME_NONE)
        g_assert_true (has);
      else
        {
          g_assert_cmpint (has, ==, n < index);
          evaluated += has;
        }
      n++;
    }
  g_assert_cmpuint (evaluated, ==, index);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  /* As one undo step. */
  g_assert_true (studio_document_undo (document));
  g_assert_true (cheops_game_equal (game, before));
  g_assert_false (cheops_game_can_undo (game));

  gtk_window_destroy (GTK_WINDOW (window));
}

typedef struct {
  guint    finished;
  gboolean cancelled;
} FinishWait;

static void
finished_cb (StudioReview *review,
             gboolean      cancelled,
             FinishWait   *wait)
{
  wait->finished++;
  wait->cancelled = cancelled;
}

static gboolean
finished (gpointer data)
{
  return ((FinishWait *) data)->finished > 0;
}

/* The driver with the fake engine: its scores, from the side to move, are
 * stored from side A's view with their depth ("cp 13" at depth 3 is +0.13
 * with a to move, -0.13 with q to move); an engine that crashes mid-run,
 * or does not play the game, ends the run as cancelled, with a message,
 * and leaves no process. */
static void
test_driver_fake_engine (void)
{
  const char *good[] = { g_getenv ("STUDIO_FAKE_ENGINE"), "good", NULL };
  const char *crash[] = { g_getenv ("STUDIO_FAKE_ENGINE"), "crash-mid-search", NULL };
  g_autoptr (StudioReview) review = NULL;
  g_autoptr (CheopsGame) game = cheops_game_new ();
  CheopsGameNode *node = cheops_game_get_root (game);
  FinishWait wait = { 0 };
  guint i = 0;

  g_assert_nonnull (good[0]);
  for (guint k = 0; k < 4; k++)
    node = cheops_game_add_move (game, node, cheops_game_node_get_moves (node, NULL)[0], NULL);

  review = studio_review_new (good);
  g_signal_connect (review, "finished", G_CALLBACK (finished_cb), &wait);
  g_assert_true (studio_review_start (review, game, 0, -1, 3, 0));
  studio_test_spin_until (finished, &wait);
  g_assert_false (wait.cancelled);
  g_assert_null (studio_review_get_error (review));
  g_assert_cmpint (studio_review_get_engine_pid (review), ==, 0);
  for (node = cheops_game_get_root (game); node != NULL; node = cheops_game_node_get_next (node), i++)
    {
      const CheopsEval *e = &cheops_game_node_get_annotations (node)->eval;

      g_assert_cmpint (e->kind, ==, CHEOPS_EVAL_CENTIPAWNS);
      g_assert_cmpint (e->value, ==, i % 2 == 0 ? 13 : -13);
      g_assert_cmpint (e->depth, ==, 3);
    }
  g_assert_cmpuint (i, ==, 5);
  g_assert_true (cheops_game_undo (game));
  g_assert_cmpint (cheops_game_node_get_annotations (cheops_game_get_root (game))->eval.kind, ==,
                   CHEOPS_EVAL_NONE);
  g_clear_object (&review);

  memset (&wait, 0, sizeof wait);
  review = studio_review_new (crash);
  g_signal_connect (review, "finished", G_CALLBACK (finished_cb), &wait);
  g_assert_true (studio_review_start (review, game, 0, -1, 10, 0));
  studio_test_spin_until (finished, &wait);
  g_assert_true (wait.cancelled);
  g_assert_nonnull (studio_review_get_error (review));
  g_assert_false (studio_review_get_running (review));
  g_assert_cmpint (studio_review_get_engine_pid (review), ==, 0);
  /* A game the engine does not play (the fake one plays Cheops only). */
  {
    g_autoptr (CheopsGame) trig = cheops_game_new_for_variant (cheops_variant_find ("trigchess"));

    g_clear_object (&review);
    memset (&wait, 0, sizeof wait);
    review = studio_review_new (good);
    g_signal_connect (review, "finished", G_CALLBACK (finished_cb), &wait);
    g_assert_true (studio_review_start (review, trig, 0, -1, 3, 0));
    studio_test_spin_until (finished, &wait);
    g_assert_true (wait.cancelled);
    g_assert_cmpstr (studio_review_get_error (review), ==, "The engine does not play this game.");
    g_assert_cmpint (studio_review_get_engine_pid (review), ==, 0);
    g_assert_false (cheops_game_can_undo (trig));
  }

  /* Bad limits are refused. */
  g_assert_false (studio_review_start (review, game, 0, -1, 0, 0));
  g_assert_false (studio_review_start (review, game, 0, -1, 3, 100));
}

/* The Analyse Game dialog's limit: its drop-down (the third) and value. */
static void
limit_widgets (AdwMessageDialog *dialog,
               GtkDropDown     **limit,
               GtkSpinButton   **value)
{
  GtkWidget *box = adw_message_dialog_get_extra_child (dialog);
  GtkWidget *row = gtk_widget_get_last_child (box);          /* "Limit" */
  GtkWidget *pair = gtk_widget_get_last_child (row);         /* drop-down, spin */

  *limit = GTK_DROP_DOWN (gtk_widget_get_first_child (pair));
  *value = GTK_SPIN_BUTTON (gtk_widget_get_last_child (pair));
}

/* Issue 21: Analyse Game offers the limit and the value last set (the
 * keys review-limit, review-movetime, review-depth), analysed or not. */
/* A game without moves: Analyse Game says so, opens no dialog and leaves
 * the game unmodified, without an undo step. */
static void
test_no_moves (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);

  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "pyramids");
  studio_test_spin_frames ();
  document = studio_window_get_document (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL));
  g_assert_null (studio_test_find_message_dialog ());
  g_assert_nonnull (studio_test_find_toast (GTK_WIDGET (window->toast_overlay),
                                            "This game has no moves to analyse yet"));
  g_assert_false (studio_document_get_modified (document));
  g_assert_false (cheops_game_can_undo (studio_document_get_game (document)));
  /* Nor does Learn offer Analyse Game there (a fresh user's dead end). */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.learn", NULL);
  g_assert_nonnull (studio_test_find_toast (GTK_WIDGET (window->toast_overlay),
                                            "This game has no moves yet: play a game, or open one, and review it first"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_dialog_remembers (void)
{
  g_autoptr(CheopsGame) game = long_game_new (8, LONG_GAME_MAINLINE);
  StudioWindow *window = studio_window_new (NULL);
  AdwMessageDialog *dialog;
  GtkDropDown *limit;
  GtkSpinButton *value;

  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  studio_document_set_game (studio_window_get_document (window), game);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL));
  dialog = studio_test_find_message_dialog ();
  g_assert_nonnull (dialog);
  limit_widgets (dialog, &limit, &value);
  g_assert_cmpuint (gtk_drop_down_get_selected (limit), ==, 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (value), ==, 500);
  gtk_spin_button_set_value (value, 1500);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL));
  dialog = studio_test_find_message_dialog ();
  limit_widgets (dialog, &limit, &value);
  g_assert_cmpuint (gtk_drop_down_get_selected (limit), ==, 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (value), ==, 1500);
  gtk_drop_down_set_selected (limit, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (value), ==, 12);
  gtk_spin_button_set_value (value, 7);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL));
  dialog = studio_test_find_message_dialog ();
  limit_widgets (dialog, &limit, &value);
  g_assert_cmpuint (gtk_drop_down_get_selected (limit), ==, 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (value), ==, 7);
  gtk_drop_down_set_selected (limit, 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (value), ==, 1500);
  adw_message_dialog_response (dialog, "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));

  studio_test_spin_frames ();
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Issue 21, state that follows the game: the summary of a run shows over
 * its own game only — not in another tab, not over another game or
 * variant opened in the same tab — and back in its tab it shows again. */
static void
test_summary_follows_game (void)
{
  StudioReviewPanel *panel;
  StudioWindow *window = open_window ("trigchess-gyros.pgn", &panel);
  StudioDocument *document = studio_window_get_document (window);
  g_autoptr(GError) error = NULL;

  /* A short run: the last four moves, depth 1. */
  studio_document_go_end (document);
  for (int i = 0; i < 4; i++)
    studio_document_go_back (document);
  g_assert_true (studio_review_panel_start (panel, TRUE, -1, 1, 0));
  studio_test_spin_until (not_running, panel);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  g_assert_true (studio_document_get_modified (document));

  /* Another tab: no summary of the first tab's game. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-tab", NULL);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_true (studio_window_load_text (window, "[Variant \"Pyramids\"]\n\n*\n", &error));
  g_assert_no_error (error);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));

  /* Back: its summary again. */
  studio_window_select_tab (window, 0);
  g_assert_true (studio_window_get_document (window) == document);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));

  /* Another game, of another variant, in the same tab (its analysis
   * undone: nothing unsaved): the summary goes, and stays gone. */
  while (studio_document_get_modified (document))
    g_assert_true (studio_document_undo (document));
  g_assert_true (studio_window_load_text (window, "[Variant \"Cypher\"]\n\n*\n", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_cmpstr (studio_document_get_variant (document)->name, ==, "cypher");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  studio_window_select_tab (window, 1);
  studio_window_select_tab (window, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_button_for (GtkWidget *widget, gconstpointer data)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), data) == 0;
}

/* Next and previous mistake (issue 24): the actions of Alt+N and Alt+P
 * (studio-application.c) and of the summary's buttons go along the current line to the moves marked ?!, ? or ??. */
static void
test_mistake_navigation (void)
{
  StudioReviewPanel *panel;
  StudioWindow *window = open_window ("trigchess-gyros.pgn", &panel);
  StudioDocument *doc = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (doc);
  CheopsGameNode *root = cheops_game_get_root (game), *node, *marked[2] = { NULL, NULL };
  guint ply = 0;

  /* Only two marks: ? on ply 3, ?? on ply 7; a !? on ply 5 is none. */
  for (node = cheops_game_node_get_next (root); node != NULL; node = cheops_game_node_get_next (node), ply++)
    {
      guint8 glyph = ply + 1 == 3 ? CHEOPS_NAG_MISTAKE : ply + 1 == 7 ? CHEOPS_NAG_BLUNDER
                     : ply + 1 == 5 ? CHEOPS_NAG_INTERESTING : 0;

      cheops_game_set_move_glyph (game, node, glyph);
      if (ply + 1 == 3)
        marked[0] = node;
      else if (ply + 1 == 7)
        marked[1] = node;
    }
  g_assert_nonnull (marked[1]);
  g_assert_nonnull (studio_test_find_widget (GTK_WIDGET (panel), is_button_for, "win.next-mistake"));
  g_assert_nonnull (studio_test_find_widget (GTK_WIDGET (panel), is_button_for, "win.previous-mistake"));

  studio_document_set_current (doc, root);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-mistake", NULL);
  g_assert_true (studio_document_get_current (doc) == marked[0]);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-mistake", NULL);
  g_assert_true (studio_document_get_current (doc) == marked[1]);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-mistake", NULL);
  g_assert_true (studio_document_get_current (doc) == marked[1]);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-mistake", NULL);
  g_assert_true (studio_document_get_current (doc) == marked[0]);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-mistake", NULL);
  g_assert_true (studio_document_get_current (doc) == marked[0]);
  studio_document_set_current (doc, cheops_game_get_mainline_end (game));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-mistake", NULL);
  g_assert_true (studio_document_get_current (doc) == marked[1]);
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
summary_label (StudioReviewPanel *panel)
{
  GtkWidget *label = studio_test_find_by_class (GTK_WIDGET (panel), "review-summary");

  g_assert_true (GTK_IS_LABEL (label));
  return label;
}

/* Tab to the @k-th link of @label (from 0) and Enter, as a user would. */
static void
activate_link (GtkWidget *label,
               guint      k)
{
  gboolean handled = FALSE;

  gtk_window_set_focus (GTK_WINDOW (gtk_widget_get_root (label)), NULL);
  for (guint i = 0; i <= k; i++)
    g_assert_true (gtk_widget_child_focus (label, GTK_DIR_TAB_FORWARD));
  g_signal_emit_by_name (label, "activate-current-link", &handled);
}

/* The summary per side clickable to its moves (issue 24): each count of
 * moves above 0 is a link; following it goes to the first of those moves
 * after the current one, again to the next, after the last to the first;
 * the moves are the ones the review judged so, of that side. */
static void
test_summary_links (void)
{
  StudioReviewPanel *panel;
  StudioWindow *window = open_window ("trigchess-gyros.pgn", &panel);
  StudioDocument *document = studio_window_get_document (window);
  CheopsReview *result;
  GtkWidget *label;
  guint k = 0, best_k = 0, best_n = 0;
  int best_side = -1;
  CheopsReviewJudgement best_judgement = CHEOPS_REVIEW_NONE;
  g_autoptr(GPtrArray) moves = g_ptr_array_new ();

  g_assert_true (studio_review_panel_start (panel, FALSE, -1, 2, 0));
  spin_until_finished (panel);
  result = studio_review_get_result (studio_review_panel_get_review (panel));
  g_assert_nonnull (result);
  label = summary_label (panel);
  g_assert_true (gtk_widget_get_mapped (label));

  /* The links, in the summary's order: per side, inaccuracies, mistakes,
   * blunders, only moves, each when above 0.  The count with the most
   * moves is followed. */
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsReviewSummary sum;
      guint counts[4];
      const CheopsReviewJudgement judgements[4] = { CHEOPS_REVIEW_INACCURACY, CHEOPS_REVIEW_MISTAKE,
                                                    CHEOPS_REVIEW_BLUNDER, CHEOPS_REVIEW_ONLY_MOVE };

      cheops_review_get_summary (result, (CheopsSide) s, &sum);
      counts[0] = sum.inaccuracies;
      counts[1] = sum.mistakes;
      counts[2] = sum.blunders;
      counts[3] = sum.only_moves;
      for (guint j = 0; j < 4; j++)
        if (counts[j] > 0)
          {
            if (counts[j] > best_n)
              {
                best_n = counts[j];
                best_k = k;
                best_side = s;
                best_judgement = judgements[j];
              }
            k++;
          }
    }
  g_assert_cmpuint (best_n, >=, 2);
  for (guint i = 1; i < cheops_review_get_n_positions (result); i++)
    if (cheops_review_get_judgement (result, i) == best_judgement
        && cheops_game_node_get_mover (cheops_review_get_node (result, i)) == (CheopsSide) best_side)
      g_ptr_array_add (moves, cheops_review_get_node (result, i));
  g_assert_cmpuint (moves->len, ==, best_n);

  /* From the start: the first, the next, ..., the first again. */
  studio_document_go_start (document);
  for (guint i = 0; i <= moves->len; i++)
    {
      activate_link (label, best_k);
      g_assert_true (studio_document_get_current (document) == g_ptr_array_index (moves, i % moves->len));
    }
  /* From the middle of the game: the first after it. */
  studio_document_set_current (document, cheops_game_node_get_parent (g_ptr_array_index (moves, 1)));
  activate_link (label, best_k);
  g_assert_true (studio_document_get_current (document) == g_ptr_array_index (moves, 1));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_autoptr (GSettings) settings = NULL;

  studio_test_init (&argc, &argv);
  /* The engine options of `cheops analyse --builtin` (the engine's own
   * defaults), which analyse-undo-remove compares the review with: the
   * studio's own, fitted to the machine (issue 19), would be 2 threads
   * here, whose lazy SMP searches differ from run to run. */
  settings = g_settings_new ("org.cheops.Studio");
  g_settings_set_int (settings, "engine-threads", 1);
  g_settings_set_int (settings, "engine-hash", 16);
  g_test_add_func ("/studio/game-review/mistake-navigation", test_mistake_navigation);
  g_test_add_func ("/studio/game-review/summary-links", test_summary_links);
  g_test_add_func ("/studio/game-review/analyse-undo-remove", test_analyse_undo_remove);
  g_test_add_func ("/studio/game-review/cancel", test_cancel);
  g_test_add_func ("/studio/game-review/dialog-remembers", test_dialog_remembers);
  g_test_add_func ("/studio/game-review/no-moves", test_no_moves);
  g_test_add_func ("/studio/game-review/summary-follows-game", test_summary_follows_game);
  g_test_add_func ("/studio/game-review/driver-fake-engine", test_driver_fake_engine);
  return g_test_run ();
}
