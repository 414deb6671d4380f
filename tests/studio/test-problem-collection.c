/* test-problem-collection.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Collections of problems (issue 26) under a display (xvfb-run): Verify
 * All Problems (win.verify-all, Ctrl+Shift+K) is disabled when the open
 * files hold no problem; on data/problems/trigchess.pgn it verifies every
 * problem in a worker while the main loop goes on, stores each verdict as
 * the game's Verified tag (the file becomes modified: nothing is thrown
 * away unasked) and the game lists show it beside the stipulation — the
 * Games popover's rows and the game table's rows; a cancel stops it.
 */
#include <adwaita.h>

#include "studio-test-util.h"
#include "cheops-problem.h"
#include "studio-application.h"
#include "studio-document.h"
#include "studio-game-distinction.h"
#include "studio-game-table.h"
#include "studio-window-private.h"

static gboolean
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL && !studio_document_get_loading (data);
}

static StudioWindow *
open_path (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, studio_window_get_document (window));
  return window;
}

static gboolean
has_name (GtkWidget     *widget,
          gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static gboolean
not_verifying (gpointer data)
{
  return !studio_window_get_verifying_all (data);
}

/* Whether win.@name is enabled: a button under the window is sensitive. */
static gboolean
action_enabled (StudioWindow *window, const char *name)
{
  GtkWidget *probe = g_object_ref_sink (gtk_button_new ());
  g_autofree char *action = g_strconcat ("win.", name, NULL);
  gboolean enabled;

  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), action);
  gtk_widget_set_parent (probe, GTK_WIDGET (window));
  enabled = gtk_widget_get_sensitive (probe);
  gtk_widget_unparent (probe);
  g_object_unref (probe);
  return enabled;
}

/* Every stored verdict of trigchess.pgn, as `cheops problem verify` finds
 * them (tests/tools and tests/engine reason each one out). */
static const char *const verdicts[] = {
  "sound #2: key 1. Sh2",
  "sound #2: key 1. Dd3",
  "cooked #2: keys 1. Sd3, 1. Sc6",
  "sound #3: key 1. Sh5",
  "no-solution #1",
  "wrong-solution #2: keys 1. Sh2",
};

/* Whether the bar of Verify All Problems is shown. */
static gboolean
bar_shown (StudioWindow *window)
{
  GtkWidget *revealer = studio_test_find_widget (GTK_WIDGET (window), has_name, "verify-all-bar");

  g_assert_nonnull (revealer);
  return gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)) && gtk_widget_get_mapped (revealer);
}

static void
test_verify_all (void)
{
  g_autofree char *sample = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples", "apex-race.pgn", NULL);
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "problems", "trigchess.pgn", NULL);
  StudioWindow *window;
  StudioDocument *doc;
  StudioGamesButton *button;
  g_autoptr(GListModel) documents = NULL;
  g_autoptr(StudioGameRows) rows = NULL;
  guint n_games, n_queued;
  GtkWidget *cancel;

  /* No problem in the open files: nothing to verify. */
  window = open_path (sample);
  g_assert_false (action_enabled (window, "verify-all"));
  g_assert_cmpuint (studio_window_verify_all_problems (window), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));

  window = open_path (path);
  doc = studio_window_get_document (window);
  n_games = studio_document_get_n_games (doc);
  g_assert_cmpuint (n_games, >=, G_N_ELEMENTS (verdicts));
  g_assert_true (action_enabled (window, "verify-all"));
  for (guint i = 0; i < n_games; i++)
    g_assert_null (cheops_game_get_tag (studio_document_get_game_at (doc, i), CHEOPS_PROBLEM_TAG_VERIFIED));
  g_assert_false (studio_document_get_modified (doc));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.verify-all", NULL));
  g_assert_true (studio_window_get_verifying_all (window));
  /* The bar's Cancel while it runs, not after (the close button then). */
  cancel = studio_test_find_widget (GTK_WIDGET (window), has_name, "verify-all-cancel");
  g_assert_nonnull (cancel);
  g_assert_true (gtk_widget_get_visible (cancel));
  /* One at a time: a second start does nothing. */
  g_assert_cmpuint (studio_window_verify_all_problems (window), ==, 0);
  g_assert_false (action_enabled (window, "verify-all"));
  g_assert_true (action_enabled (window, "verify-all-cancel"));
  studio_test_spin_until (not_verifying, window);
  g_assert_true (action_enabled (window, "verify-all"));
  g_assert_false (gtk_widget_get_visible (cancel));

  /* The counts stay with the tab verified from, in its game view only:
   * not in set-up, not on a new tab's start page; back with the tab. */
  g_assert_true (bar_shown (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.setup-position", NULL));
  g_assert_cmpint (window->mode, ==, STUDIO_WINDOW_MODE_SETUP);
  g_assert_false (bar_shown (window));
  _studio_window_end_setup (window, FALSE);
  g_assert_cmpint (window->mode, ==, STUDIO_WINDOW_MODE_GAME);
  g_assert_true (bar_shown (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.new-tab", NULL));
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_false (bar_shown (window));
  studio_window_select_tab (window, 0);
  g_assert_true (studio_window_get_document (window) == doc);
  g_assert_true (bar_shown (window));
  /* Closed, it stays closed on coming back. */
  gtk_info_bar_response (GTK_INFO_BAR (gtk_revealer_get_child (GTK_REVEALER (
    studio_test_find_widget (GTK_WIDGET (window), has_name, "verify-all-bar")))), GTK_RESPONSE_CLOSE);
  g_assert_false (bar_shown (window));
  studio_window_select_tab (window, 1);
  studio_window_select_tab (window, 0);
  g_assert_false (bar_shown (window));

  /* Each verdict stored in its game, the file modified. */
  for (guint i = 0; i < G_N_ELEMENTS (verdicts); i++)
    g_assert_cmpstr (cheops_game_get_tag (studio_document_get_game_at (doc, i), CHEOPS_PROBLEM_TAG_VERIFIED),
                     ==, verdicts[i]);
  for (guint i = 0; i < n_games; i++)
    g_assert_nonnull (cheops_game_get_tag (studio_document_get_game_at (doc, i), CHEOPS_PROBLEM_TAG_VERIFIED));
  g_assert_true (studio_document_get_modified (doc));
  /* Undoable in each game, as the Problem panel's Store. */
  g_assert_true (cheops_game_can_undo (studio_document_get_game_at (doc, 2)));

  /* The popover's rows: the verdict beside the stipulation. */
  button = window->games_button;
  studio_games_button_popup (button);
  studio_test_spin_for (200);
  {
    GListModel *model = studio_games_button_get_model (button);
    g_autoptr(CheopsGame) first = g_list_model_get_item (model, 0);
    g_autoptr(CheopsGame) third = g_list_model_get_item (model, 2);
    g_autoptr(CheopsGame) fifth = g_list_model_get_item (model, 4);
    g_autofree char *a = studio_game_dup_distinction (first, NULL);
    g_autofree char *c = studio_game_dup_distinction (third, NULL);
    g_autofree char *e = studio_game_dup_distinction (fifth, NULL);

    g_assert_cmpstr (a, ==, "#2 · sound");
    g_assert_cmpstr (c, ==, "#2 · cooked");
    g_assert_cmpstr (e, ==, "#1 · no solution");
  }
  {
    GtkListView *view = studio_games_button_get_list_view (button);
    gboolean seen = FALSE;

    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      {
        GtkWidget *row = gtk_widget_get_first_child (child);
        GtkLabel *title = row != NULL ? g_object_get_data (G_OBJECT (row), "title") : NULL;

        if (title != NULL && g_str_equal (gtk_label_get_label (title), "#2 · cooked"))
          seen = TRUE;
      }
    g_assert_true (seen);
  }
  studio_games_button_popdown (button);

  /* The game table's rows. */
  documents = _studio_window_dup_documents (window);
  rows = studio_game_rows_new (documents);
  {
    g_autoptr(GObject) row = g_list_model_get_item (G_LIST_MODEL (rows), 5);
    g_autofree char *event = NULL;

    g_object_get (row, "event", &event, NULL);
    g_assert_true (g_str_has_prefix (event, "#2 · wrong solution"));
  }

  /* Again: the same verdicts are no new edit. */
  {
    CheopsGame *game = studio_document_get_game_at (doc, 0);
    g_autofree char *before = g_strdup (cheops_game_get_tag (game, CHEOPS_PROBLEM_TAG_VERIFIED));

    n_queued = studio_window_verify_all_problems (window);
    g_assert_cmpuint (n_queued, ==, n_games);
    studio_test_spin_until (not_verifying, window);
    g_assert_cmpstr (cheops_game_get_tag (game, CHEOPS_PROBLEM_TAG_VERIFIED), ==, before);
  }

  /* A cancel at once: nothing more is stored, the window is free again. */
  for (guint i = 0; i < n_games; i++)
    cheops_game_set_tag (studio_document_get_game_at (doc, i), CHEOPS_PROBLEM_TAG_VERIFIED, NULL, NULL);
  g_assert_cmpuint (studio_window_verify_all_problems (window), ==, n_games);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.verify-all-cancel", NULL));
  studio_test_spin_until (not_verifying, window);
  {
    guint stored = 0;

    for (guint i = 0; i < n_games; i++)
      stored += cheops_game_get_tag (studio_document_get_game_at (doc, i), CHEOPS_PROBLEM_TAG_VERIFIED) != NULL;
    g_assert_cmpuint (stored, <, n_games);
  }

  /* Anticipations: the problem's start position found in the open file by
   * Find This Position's search (game 1's diagram is game 6's too). */
  studio_document_show_game (doc, 0);
  {
    GtkWindow *finder = studio_window_find_anticipations (window);
    GtkLabel *status = GTK_LABEL (studio_test_find_widget_of_type (GTK_WIDGET (finder), GTK_TYPE_LABEL));

    g_assert_cmpstr (gtk_window_get_title (finder), ==, "Find Anticipations");
    (void) status;
    gtk_window_destroy (finder);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The shortcut, in the shortcuts window, clashing with no other. */
static void
test_shortcut (void)
{
  g_autoptr(StudioApplication) app = studio_application_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) accels = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *xml = NULL;
  g_auto(GStrv) actions = NULL;

  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.verify-all");
  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_cmpstr (accels[0], ==, "<Shift><Control>k");
  actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), "<Shift><Control>k");
  g_assert_cmpuint (g_strv_length (actions), ==, 1);
  bytes = g_resources_lookup_data ("/org/cheops/Studio/help-overlay.ui", 0, NULL);
  xml = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
  g_assert_nonnull (strstr (xml, "win.verify-all"));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_func ("/Studio/ProblemCollection/verify-all", test_verify_all);
  g_test_add_func ("/Studio/ProblemCollection/shortcut", test_shortcut);

  return g_test_run ();
}
