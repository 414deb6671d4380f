/* test-learn.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Learn from Your Mistakes (issue 22) in each of the four games, on a small
 * reviewed game of tests/data/learn (moves of both sides marked ?!, ?, ??,
 * with [%eval]), driven as a user does: win.learn (Ctrl+Shift+M) opens the
 * Learn view, a click on the first side's button starts the session; the
 * stops are exactly that side's moves marked ? or ?? ("1 of 2"); the move
 * of the game played again on the board is a miss (the piece to move
 * marked), a second miss (typed in the move entry) shows the engine's move
 * as an arrow, that move played is found; Next goes to the second stop, Skip ends the session
 * with the count found; the game is never changed, and the move list hides
 * the variation at a stop (a review's better line) while a better move is
 * asked for, and the analysis the user ran is stopped meanwhile.  With the engine of the
 * build tree (skipped without one).
 */
#include <adwaita.h>
#include <string.h>

#include "cheops-core.h"
#include "cheops-game-model.h"
#include "studio-board-scene.h"
#include "studio-board-view.h"
#include "studio-document.h"
#include "studio-engine.h"
#include "studio-learn-panel.h"
#include "studio-move-entry.h"
#include "studio-move-tree-view.h"
#include "studio-test-util.h"
#include "studio-window.h"
#include "studio-window-private.h"

typedef struct {
  const char *variant;
  const char *line;             /* the variation at the first stop, as the move list shows it */
  const char *side_buttons[2];  /* their labels: a side's name, its number of stops */
  const char *stops[2];         /* the first side's moves marked ? or ?? */
  const char *question;         /* at the first stop */
} Case;

static const Case cases[] = {
  { "cheops", "(1. Af3)", { "Green (2)", "Orange (1)" }, { "1. Ah1", "3. e5" },
    "1. Ah1? was a mistake. Find a better move for Green." },
  { "trigchess", "(1. d3)", { "Gold (2)", "Red (1)" }, { "1. b3", "2. Gi3" },
    "1. b3? was a mistake. Find a better move for Gold." },
  { "cypher", "(1. a4)", { "White (2)", "Black (1)" }, { "1. Sz0", "3. Sz1" },
    "1. Sz0? was a mistake. Find a better move for White." },
  { "pyramids", "(1. a3)", { "White (2)", "Black (1)" }, { "1. Fb3", "3. Fd4" },
    "1. Fb3? was a mistake. Find a better move for White." },
};

static gboolean
best_known (gpointer data)
{
  return studio_learn_panel_get_best_move (data) != CHEOPS_MOVE_NONE;
}

static gboolean
not_checking (gpointer data)
{
  return studio_learn_panel_get_state (data) != STUDIO_LEARN_CHECKING;
}

/* Whether the board shows @shape among its shapes. */
static gboolean
board_has_shape (StudioWindow *window,
                 CheopsCell    from,
                 CheopsCell    to,
                 StudioBrush   brush)
{
  StudioBoardScene *scene = studio_board_view_get_scene (STUDIO_BOARD_VIEW (studio_window_get_board_view (window)));
  guint n = 0;
  const StudioShape *shapes = studio_board_scene_get_shapes (scene, &n);

  for (guint i = 0; i < n; i++)
    if (shapes[i].from == from && shapes[i].to == to && shapes[i].brush == brush)
      return TRUE;
  return FALSE;
}

/* Plays @move on the board as a click-and-drag would (board.play). */
static void
play (StudioWindow *window,
      CheopsMove    move)
{
  const CheopsVariant *variant = studio_document_get_variant (studio_window_get_document (window));
  char text[CHEOPS_MOVE_TEXT_MAX];

  cheops_move_to_text (variant, move, text);
  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", text);
}

/* Whether the move list shows @text. */
static gboolean
list_shows (StudioWindow *window,
            const char   *text)
{
  g_autofree char *list = studio_move_tree_view_dup_text (window->move_tree);

  return strstr (list, text) != NULL;
}

static char *
mistake_text (StudioLearnPanel *panel)
{
  return cheops_game_node_format_move (studio_learn_panel_get_mistake (panel), TRUE);
}

static void
test_learn (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *engine = cheops_uci_engine_find_bundled ();
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *stop = NULL;
  g_autoptr(GError) error = NULL;
  StudioWindow *window;
  StudioDocument *document;
  StudioLearnPanel *panel;
  CheopsGameNode *mistake;
  CheopsMove best;
  GtkWidget *button;
  GtkSwitch *engine_switch;

  if (!g_file_test (engine, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no engine in the build tree");
      return;
    }

  path = g_strdup_printf ("%s/learn/%s.pgn", LEARN_DATA_DIR, c->variant);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (_studio_window_take_text (window, text, &error));
  g_assert_no_error (error);
  document = studio_window_get_document (window);
  g_assert_cmpstr (studio_document_get_variant (document)->name, ==, c->variant);
  before = studio_document_dup_game_text (document);
  panel = window->learn_panel;

  g_assert_true (list_shows (window, c->line));
  /* The user analyses (L): Learn will pause it. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  g_assert_true (studio_analysis_panel_get_running (window->analysis_panel));

  /* Ctrl+Shift+M: the Learn view, whose mistakes. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.learn", NULL);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_cmpstr (_studio_window_views_get_shown (window), ==, "learn");
  g_assert_cmpint (studio_learn_panel_get_state (panel), ==, STUDIO_LEARN_OFF);
  button = studio_test_find_by_class (GTK_WIDGET (panel), "learn-side-b");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, c->side_buttons[1]);
  button = studio_test_find_by_class (GTK_WIDGET (panel), "learn-side-a");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, c->side_buttons[0]);
  g_signal_emit_by_name (button, "clicked");

  /* The first stop: the board before the mistake. */
  g_assert_cmpint (studio_learn_panel_get_state (panel), ==, STUDIO_LEARN_ASKING);
  g_assert_cmpstr (studio_learn_panel_get_progress (panel), ==, "1 of 2");
  g_assert_cmpstr (studio_learn_panel_get_message (panel), ==, c->question);
  mistake = studio_learn_panel_get_mistake (panel);
  stop = mistake_text (panel);
  g_assert_cmpstr (stop, ==, c->stops[0]);
  g_clear_pointer (&stop, g_free);
  g_assert_true (studio_document_get_current (document) == cheops_game_node_get_parent (mistake));
  /* The move list does not give the answer away: the variation there (a
   * review's better line) is hidden while a better move is asked for. */
  g_assert_false (list_shows (window, c->line));
  /* Nor the analysis: it is stopped, and cannot be started meanwhile,
   * neither by its key nor by the engine switch (greyed out, saying why;
   * a fresh user turned it on and saw the answer). */
  g_assert_false (studio_analysis_panel_get_running (window->analysis_panel));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  g_assert_false (studio_analysis_panel_get_running (window->analysis_panel));
  engine_switch = GTK_SWITCH (studio_test_find_widget_of_type (GTK_WIDGET (window->analysis_panel), GTK_TYPE_SWITCH));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (engine_switch)));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (engine_switch)), ==,
                   "The analysis is hidden while Learn asks for a better move: find it, or skip.");
  gtk_switch_set_active (engine_switch, TRUE);
  g_assert_false (gtk_switch_get_active (engine_switch));
  g_assert_false (studio_analysis_panel_get_running (window->analysis_panel));

  /* The move of the game again: a miss; the piece to move is marked. */
  play (window, cheops_game_node_get_move (mistake));
  g_assert_cmpint (studio_learn_panel_get_state (panel), ==, STUDIO_LEARN_ASKING);
  g_assert_true (g_str_has_suffix (studio_learn_panel_get_message (panel),
                                   " is the move of the game. Hint: the piece to move is marked."));
  g_assert_true (studio_document_get_current (document) == cheops_game_node_get_parent (mistake));
  studio_test_spin_until (best_known, panel);
  best = studio_learn_panel_get_best_move (panel);
  g_assert_true (best != cheops_game_node_get_move (mistake));
  g_assert_true (board_has_shape (window, cheops_move_from (best), cheops_move_from (best), STUDIO_BRUSH_GREEN));
  g_assert_false (board_has_shape (window, cheops_move_from (best), cheops_move_to (best), STUDIO_BRUSH_BLUE));

  /* A second miss, typed in the move entry (Ctrl+M) as a keyboard user
   * does: the engine's move as an arrow, the game still unchanged. */
  _studio_window_open_move_entry (window, cheops_game_node_get_san (mistake));
  g_assert_true (studio_move_entry_play (window->move_entry));
  g_assert_true (studio_document_get_current (document) == cheops_game_node_get_parent (mistake));
  g_assert_true (g_str_has_suffix (studio_learn_panel_get_message (panel),
                                   " is the move of the game. The engine's move is shown: play it, or skip."));
  g_assert_true (board_has_shape (window, cheops_move_from (best), cheops_move_to (best), STUDIO_BRUSH_BLUE));

  /* That move played: found. */
  play (window, best);
  studio_test_spin_until (not_checking, panel);
  g_assert_cmpint (studio_learn_panel_get_state (panel), ==, STUDIO_LEARN_FOUND);
  g_assert_true (g_str_has_suffix (studio_learn_panel_get_message (panel), " is a good move. Well found!"));
  g_assert_true (list_shows (window, c->line));
  /* Found: the analysis the user ran runs again. */
  g_assert_true (studio_analysis_panel_get_running (window->analysis_panel));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (engine_switch)));
  g_assert_true (gtk_switch_get_active (engine_switch));
  g_assert_true (board_has_shape (window, cheops_move_from (best), cheops_move_to (best), STUDIO_BRUSH_GREEN));
  g_assert_true (studio_document_get_current (document) == cheops_game_node_get_parent (mistake));

  /* Next: the second stop. */
  button = studio_test_find_widget (GTK_WIDGET (panel), (StudioTestMatch) gtk_widget_has_css_class, "suggested-action");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_visible (button));
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (studio_learn_panel_get_progress (panel), ==, "2 of 2");
  stop = mistake_text (panel);
  g_assert_cmpstr (stop, ==, c->stops[1]);
  g_assert_false (studio_analysis_panel_get_running (window->analysis_panel));
  g_assert_true (studio_document_get_current (document) ==
                 cheops_game_node_get_parent (studio_learn_panel_get_mistake (panel)));
  /* The engine's move it would show is never the game's (TrigChess's
   * second stop: the engine ranks the game's Gi3 first). */
  studio_test_spin_until (best_known, panel);
  g_assert_true (studio_learn_panel_get_best_move (panel)
                 != cheops_game_node_get_move (studio_learn_panel_get_mistake (panel)));
  g_assert_false (board_has_shape (window, cheops_move_from (best), cheops_move_to (best), STUDIO_BRUSH_GREEN) &&
                  board_has_shape (window, cheops_move_from (best), cheops_move_from (best), STUDIO_BRUSH_GREEN));

  /* Skip: the end, one of two found. */
  studio_learn_panel_skip (panel);
  g_assert_cmpint (studio_learn_panel_get_state (panel), ==, STUDIO_LEARN_DONE);
  g_assert_cmpstr (studio_learn_panel_get_message (panel), ==, "Done: you found a better move for 1 of 2 mistakes.");
  g_assert_cmpstr (studio_learn_panel_get_progress (panel), ==, "");
  /* Nothing left to judge: the judging engine is gone. */
  g_assert_null (studio_learn_panel_get_engine (panel));
  g_assert_true (list_shows (window, c->line));
  g_assert_true (studio_analysis_panel_get_running (window->analysis_panel));

  /* The game is as it was read. */
  after = studio_document_dup_game_text (document);
  g_assert_cmpstr (after, ==, before);
  g_assert_false (studio_document_get_modified (document));

  /* Escape closes it, as Close does: the view goes. */
  {
    gboolean handled = FALSE;

    g_signal_emit_by_name (studio_test_key_controller (GTK_WIDGET (window)), "key-pressed",
                           GDK_KEY_Escape, 0, 0, &handled);
    g_assert_true (handled);
  }
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_cmpstr (_studio_window_views_get_shown (window), !=, "learn");

  /* A session ends when another game replaces this one in its tab. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.learn", NULL);
  button = studio_test_find_by_class (GTK_WIDGET (panel), "learn-side-a");
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpint (studio_learn_panel_get_state (panel), ==, STUDIO_LEARN_ASKING);
  g_assert_nonnull (studio_learn_panel_get_engine (panel));
  {
    g_autoptr(CheopsGame) fresh = studio_game_new_for_variant (studio_document_get_variant (document));

    studio_document_set_game (document, fresh);
  }
  g_assert_cmpint (studio_learn_panel_get_state (panel), ==, STUDIO_LEARN_OFF);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (panel)));
  g_assert_null (studio_learn_panel_get_engine (panel));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
button_activates (GtkWidget     *widget,
                  gconstpointer  action)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

/* A game with no move marked ? or ??: Ctrl+Shift+M is not greyed out
 * (it would do nothing, and the menu would not say why); it says why in a
 * toast, whose button is Analyse Game. */
static void
test_nothing_marked (void)
{
  g_autofree char *path = g_strdup_printf ("%s/learn/cheops.pgn", LEARN_DATA_DIR);
  g_autofree char *text = NULL;
  g_autofree char *plain = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) glyph = g_regex_new (" \\$[0-9]+", 0, 0, NULL);
  StudioWindow *window;
  GtkWidget *button;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  /* The same game, its glyphs taken away. */
  plain = g_regex_replace_literal (glyph, text, -1, 0, "", 0, &error);
  g_assert_no_error (error);
  g_assert_null (strstr (plain, "$"));
  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (_studio_window_take_text (window, plain, &error));
  g_assert_no_error (error);

  /* (A disabled action is not activated: no toast would come.) */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.learn", NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->learn_panel)));
  g_assert_nonnull (studio_test_find_toast (GTK_WIDGET (window->toast_overlay),
                                            "No move of this game is marked ? or ??: review it first"));
  button = studio_test_find_widget (GTK_WIDGET (window->toast_overlay), button_activates, "win.analyse-game");
  g_assert_nonnull (button);
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (button)), ==, "_Analyse Game…");

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf ("/Studio/Learn/%s", cases[i].variant);

      g_test_add_data_func (name, &cases[i], test_learn);
    }
  g_test_add_func ("/Studio/Learn/nothing-marked", test_nothing_marked);
  return g_test_run ();
}
