/* test-solve.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Solve mode in the window, under a display: tests/data/solve-problems.pgn
 * opened for solving; a wrong move refused and counted, the try's
 * refutation told; a hint marking the piece; the key accepted and
 * answered; the solution shown; the next problem; the engine defending
 * where the file gives only the key (the real cheops-engine); leaving
 * solve mode with the game as it was; the progress remembered by a new
 * window.  With SOLVE_SCREENSHOT=FILE.png, /studio/solve/screenshot writes
 * the README's picture of solve mode.
 */

#include <adwaita.h>
#include <glib/gstdio.h>

#include "studio-test-util.h"
#include "cheops-core.h"
#include "cheops-game-model.h"
#include "studio-analysis-panel.h"
#include "studio-board-scene.h"
#include "studio-board-view.h"
#include "studio-document.h"
#include "studio-solve-panel.h"
#include "studio-solve-progress.h"
#include "studio-window.h"
#include "studio-window-private.h"

static char *
problems_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "..", "data", "solve-problems.pgn", NULL);
}

static char *
problems_uri (void)
{
  g_autofree char *path = problems_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);

  return g_file_get_uri (file);
}

/* Whether @action is enabled in @window: a button set to it, put in the
 * window's board view for a moment, is sensitive exactly then. */
static gboolean
action_enabled (StudioWindow *window,
                const char   *action)
{
  GtkWidget *probe = gtk_button_new ();
  gboolean enabled;

  g_object_ref_sink (probe);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), action);
  gtk_widget_set_parent (probe, studio_window_get_board_view (window));
  enabled = gtk_widget_get_sensitive (probe);
  gtk_widget_unparent (probe);
  g_object_unref (probe);
  return enabled;
}

static gboolean
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL;
}

static gboolean
window_solving (gpointer data)
{
  return studio_window_get_solving (data);
}

/* A new window with the problem file opened for solving. */
static StudioWindow *
solve_problems (void)
{
  g_autofree char *path = problems_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_solve_file (window, file);
  studio_test_spin_until (window_solving, window);
  return window;
}

static StudioSolvePanel *
panel_of (StudioWindow *window)
{
  return STUDIO_SOLVE_PANEL (studio_window_get_solve_panel (window));
}

static StudioBoardScene *
scene_of (StudioWindow *window)
{
  return studio_board_view_get_scene (STUDIO_BOARD_VIEW (studio_window_get_board_view (window)));
}

static const char *
board_fen (StudioWindow *window)
{
  static char fen[CHEOPS_FEN_MAX];

  cheops_position_to_fen (studio_board_scene_get_position (scene_of (window)), fen, sizeof fen);
  return fen;
}

/* Plays @san on the board, as a click would. */
static void
play_on_board (StudioWindow *window,
               const char   *san)
{
  const CheopsPosition *pos = studio_board_scene_get_position (scene_of (window));
  CheopsMove move = cheops_move_from_san (pos, san, -1, NULL);

  g_assert_cmpuint (move, !=, CHEOPS_MOVE_NONE);
  g_assert_true (studio_board_scene_play_move (scene_of (window), move));
}

static void
close_window (StudioWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  studio_test_spin_frames ();
}

/* Right, wrong, hint, show solution, next problem. */
static void
test_right_wrong_hint (void)
{
  StudioWindow *window = solve_problems ();
  StudioSolvePanel *panel = panel_of (window);
  const StudioShape *shapes;
  guint n_shapes = 0;
  const CheopsPosition *pos;

  /* The solution is nowhere on screen: the side pane shows the panel. */
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (window->side_pane)), ==, "solve");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->eval_bar)));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (window->move_tree)));
  g_assert_cmpuint (studio_document_get_game_index (studio_window_get_document (window)), ==, 0);
  g_assert_cmpstr (board_fen (window), ==, "1/3/5/7/MQ4k2/11/11p1/15/1K15 a 0 1");
  g_assert_cmpstr (studio_solve_panel_get_message (panel), ==, "Find the key move.");
  g_assert_cmpstr (studio_solve_panel_get_counts (panel), ==, "1 move left · Wrong moves: 0 · Hints: 0");
  g_assert_false (action_enabled (window, "win.go-forward"));
  g_assert_false (action_enabled (window, "win.solve"));

  /* Wrong: refused (the board keeps the problem), counted, refuted. */
  play_on_board (window, "Qi8");
  g_assert_cmpstr (studio_solve_panel_get_message (panel), ==, "Wrong: Kj4 refutes it. Try again.");
  g_assert_cmpstr (studio_solve_panel_get_counts (panel), ==, "1 move left · Wrong moves: 1 · Hints: 0");
  g_assert_cmpstr (board_fen (window), ==, "1/3/5/7/MQ4k2/11/11p1/15/1K15 a 0 1");
  play_on_board (window, "Kc1");
  g_assert_cmpstr (studio_solve_panel_get_message (panel), ==, "Wrong. Try again.");
  g_assert_cmpstr (studio_solve_panel_get_counts (panel), ==, "1 move left · Wrong moves: 2 · Hints: 0");

  /* Hint: the Queen on f5 is marked. */
  gtk_widget_activate_action (GTK_WIDGET (panel), "solve.hint", NULL);
  g_assert_cmpstr (studio_solve_panel_get_message (panel), ==, "Hint: the piece to move is marked.");
  g_assert_cmpstr (studio_solve_panel_get_counts (panel), ==, "1 move left · Wrong moves: 2 · Hints: 1");
  shapes = studio_board_scene_get_shapes (scene_of (window), &n_shapes);
  g_assert_cmpuint (n_shapes, ==, 1);
  pos = studio_board_scene_get_position (scene_of (window));
  g_assert_cmpstr (pos->variant->board->cells[shapes[0].from].name, ==, "f5");
  /* Blue, seen on every side's pieces (green vanished on a Green one). */
  g_assert_cmpint (shapes[0].brush, ==, STUDIO_BRUSH_BLUE);
  g_assert_cmpuint (shapes[0].to, ==, shapes[0].from);
  /* A wrong move after the hint is taken back: the hint's mark stays. */
  play_on_board (window, "Kc1");
  g_assert_cmpstr (studio_solve_panel_get_counts (panel), ==, "1 move left · Wrong moves: 3 · Hints: 1");
  shapes = studio_board_scene_get_shapes (scene_of (window), &n_shapes);
  g_assert_cmpuint (n_shapes, ==, 1);
  g_assert_cmpstr (pos->variant->board->cells[shapes[0].from].name, ==, "f5");

  /* Right: the Ascension. */
  play_on_board (window, "Qi9");
  g_assert_cmpstr (studio_solve_panel_get_message (panel), ==, "Solved!");
  g_assert_cmpstr (studio_solve_panel_get_counts (panel), ==, "Wrong moves: 3 · Hints: 1");
  g_assert_cmpstr (gtk_label_get_text (window->status_label), ==, "Green wins by the Ascension.");
  g_assert_cmpstr (board_fen (window), ==, "Q/3/5/7/M5k2/11/11p1/15/1K15 q 1 1");

  /* The next problem: a key answered by the file's defence. */
  gtk_widget_activate_action (GTK_WIDGET (panel), "solve.next", NULL);
  g_assert_cmpuint (studio_document_get_game_index (studio_window_get_document (window)), ==, 1);
  g_assert_true (studio_window_get_solving (window));
  g_assert_cmpstr (studio_solve_panel_get_message (panel), ==, "Find the key move.");
  g_assert_cmpstr (studio_solve_panel_get_counts (panel), ==, "2 moves left · Wrong moves: 0 · Hints: 0");
  g_assert_cmpstr (board_fen (window), ==, "1/3/5/7/6k2/11/1Q11/8M2pp2/1K15 a 0 1");
  play_on_board (window, "Qi9");
  g_assert_cmpstr (studio_solve_panel_get_message (panel), ==, "Right! Orange answers k2.");
  g_assert_cmpstr (studio_solve_panel_get_counts (panel), ==, "1 move left · Wrong moves: 0 · Hints: 0");
  g_assert_cmpstr (gtk_label_get_text (window->status_label), ==, "Green to move");

  /* Show Solution. */
  g_assert_null (studio_solve_panel_get_solution (panel));
  gtk_widget_activate_action (GTK_WIDGET (panel), "solve.show-solution", NULL);
  g_assert_cmpstr (studio_solve_panel_get_solution (panel), ==, "1. Qi9 k2 2. Mxk2#");
  g_assert_cmpstr (studio_solve_panel_get_message (panel), ==,
                   "The solution is shown. Start again to play it through.");
  /* No more moves count now; Start Again plays it through. */
  gtk_widget_activate_action (GTK_WIDGET (panel), "solve.restart", NULL);
  g_assert_cmpstr (board_fen (window), ==, "1/3/5/7/6k2/11/1Q11/8M2pp2/1K15 a 0 1");

  close_window (window);
}

/* Leaving solve mode shows the game as it was, nothing lost. */
static void
test_leave_restores (void)
{
  g_autofree char *path = problems_path ();
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  StudioAnalysisPanel *analysis = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  CheopsGameNode *node;

  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  /* The third game, one move in: a problem, shown with its solution. */
  g_assert_true (studio_document_show_game (document, 2));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  node = studio_document_get_current (document);
  g_assert_cmpstr (cheops_game_node_get_san (node), ==, "Df3");
  g_assert_true (action_enabled (window, "win.solve"));

  /* With the analysis on: paused while solving, on again after. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  g_assert_true (studio_analysis_panel_get_running (analysis));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.solve", NULL);
  g_assert_true (studio_window_get_solving (window));
  g_assert_false (studio_analysis_panel_get_running (analysis));
  /* The problem starts at its start, whatever move the game was at. */
  g_assert_cmpstr (board_fen (window), ==, "4s2/pk5/5d1g1/9/Pp5/3KG2 r 1 32");
  g_assert_cmpstr (gtk_label_get_text (window->status_label), ==, "Red to move");
  play_on_board (window, "Df3");
  g_assert_cmpstr (studio_solve_panel_get_message (panel_of (window)), ==, "Right! Gold answers b3.");
  /* One mode at a time (issue 21): no set-up while solving, by the action
   * or by a direct call; the window stays in solve mode, its views too. */
  g_assert_false (action_enabled (window, "win.setup-position"));
  _studio_window_begin_setup (window);
  g_assert_cmpint (window->mode, ==, STUDIO_WINDOW_MODE_SOLVE);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (window->side_pane)), ==, "solve");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->eval_bar)));

  /* Leave Solve Mode. */
  gtk_widget_activate_action (GTK_WIDGET (panel_of (window)), "solve.done", NULL);
  g_assert_false (studio_window_get_solving (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (window->side_pane)), ==, "game");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->eval_bar)));
  g_assert_true (studio_analysis_panel_get_running (analysis));
  g_assert_true (studio_document_get_current (document) == node);
  g_assert_false (studio_document_get_modified (document));
  g_assert_cmpuint (cheops_game_count_nodes (studio_document_get_game (document)), ==, 6);
  g_assert_cmpstr (board_fen (window), ==, cheops_game_node_get_fen (node));
  g_assert_true (action_enabled (window, "win.go-forward"));
  /* A game that is no problem cannot be solved. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  g_assert_false (action_enabled (window, "win.solve"));

  close_window (window);
}

static gboolean
panel_idle (gpointer data)
{
  return !studio_solve_panel_get_busy (data);
}

/* The file gives only the key: the engine defends. */
static void
test_engine_defends (void)
{
  StudioWindow *window = solve_problems ();
  StudioSolvePanel *panel = panel_of (window);
  const char *mates[] = { "Dd2", "Dxf2", "Dg2" };
  g_autoptr(CheopsGame) after = NULL;
  gboolean solved = FALSE;

  g_assert_true (_studio_window_begin_solve (window, 3));
  g_assert_cmpstr (board_fen (window), ==, "4s2/pk5/5d1g1/9/Pp5/3KG2 r 1 32");
  play_on_board (window, "Df3");
  g_assert_true (studio_solve_panel_get_busy (panel));
  g_assert_cmpstr (studio_solve_panel_get_message (panel), ==, "Right! The engine is looking for the best defence…");
  /* No move while the engine thinks. */
  g_assert_cmpuint (cheops_cellset_count (studio_board_scene_get_destinations (scene_of (window))), ==, 0);
  studio_test_spin_until (panel_idle, panel);
  g_assert_true (g_str_has_prefix (studio_solve_panel_get_message (panel), "Right! Gold answers "));
  g_assert_cmpstr (studio_solve_panel_get_counts (panel), ==, "1 move left · Wrong moves: 0 · Hints: 0");

  /* Whichever defence it chose, one of these mates. */
  for (guint i = 0; i < G_N_ELEMENTS (mates) && !solved; i++)
    {
      const CheopsPosition *pos = studio_board_scene_get_position (scene_of (window));
      CheopsMove move = cheops_move_from_san (pos, mates[i], -1, NULL);
      CheopsPosition copy;
      CheopsUndo undo;

      if (move == CHEOPS_MOVE_NONE)
        continue;
      copy = *pos;
      cheops_position_do_move (&copy, move, &undo);
      if (cheops_position_outcome (&copy) == CHEOPS_OUTCOME_NONE)
        continue;
      play_on_board (window, mates[i]);
      solved = TRUE;
    }
  g_assert_true (solved);
  g_assert_cmpstr (studio_solve_panel_get_message (panel), ==, "Solved!");

  close_window (window);
}

/* What one window solved, the next one knows. */
static void
test_progress_remembered (void)
{
  g_autofree char *uri = problems_uri ();
  StudioWindow *window = solve_problems ();
  g_autoptr(StudioSolveProgress) progress = NULL;
  StudioSolveRecord record;

  /* Solved with one wrong move: the file's current problem becomes the
   * next one. */
  g_assert_true (_studio_window_begin_solve (window, 4));
  play_on_board (window, "Qi6");
  play_on_board (window, "Qi7");
  play_on_board (window, "Si1");
  g_assert_cmpstr (studio_solve_panel_get_message (panel_of (window)), ==, "Solved!");
  close_window (window);

  progress = studio_solve_progress_new (NULL);
  studio_solve_progress_get (progress, uri, 4, &record);
  g_assert_true (record.solved);
  g_assert_cmpuint (record.attempts, ==, 1);
  g_assert_cmpuint (studio_solve_progress_get_current (progress, uri), ==, 5);

  /* A new window opens the file at the Pyramids problem. */
  window = solve_problems ();
  g_assert_cmpuint (studio_document_get_game_index (studio_window_get_document (window)), ==, 5);
  g_assert_cmpstr (studio_solve_panel_get_message (panel_of (window)), ==, "Find the key move.");
  /* The Cypher chess one says it was solved, and counts on. */
  g_assert_true (_studio_window_begin_solve (window, 4));
  g_assert_cmpstr (studio_solve_panel_get_message (panel_of (window)), ==,
                   "You solved this problem before. Find the key move.");
  play_on_board (window, "Qi5");
  close_window (window);

  g_clear_object (&progress);
  progress = studio_solve_progress_new (NULL);
  studio_solve_progress_get (progress, uri, 4, &record);
  g_assert_true (record.solved);
  g_assert_cmpuint (record.attempts, ==, 2);
  g_assert_cmpuint (studio_solve_progress_get_current (progress, uri), ==, 4);
}

/* A file without problems opens as a game file, saying why it is not
 * solved. */
static void
test_no_problem_file (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples", "opening-lines.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  studio_window_solve_file (window, file);
  studio_test_spin_until (document_has_file, studio_window_get_document (window));
  studio_test_spin_frames ();
  g_assert_false (studio_window_get_solving (window));
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (window->side_pane)), ==, "game");
  g_assert_false (action_enabled (window, "win.solve"));
  /* The next file opened is not solved either. */
  g_assert_null (g_object_get_data (G_OBJECT (window), "studio-solve-after-load"));
  close_window (window);
}

/* The README's picture: the Pyramids problem after its key, answered.
 * Only with SOLVE_SCREENSHOT set. */
static void
test_screenshot (void)
{
  const char *out = g_getenv ("SOLVE_SCREENSHOT");
  StudioWindow *window;
  g_autoptr(GdkPaintable) paintable = NULL;
  GtkSnapshot *snapshot;
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GtkCssProvider) css = NULL;
  int width, height;

  if (out == NULL)
    {
      g_test_skip ("SOLVE_SCREENSHOT is not set");
      return;
    }
  /* The studio's own style sheet, which the application would load. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/org/cheops/Studio/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  window = solve_problems ();
  g_assert_true (_studio_window_begin_solve (window, 5));
  play_on_board (window, "2f7");
  g_assert_cmpstr (studio_solve_panel_get_message (panel_of (window)), ==, "Right! Black answers Fe8.");
  studio_test_spin_for (500);

  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, out));
  close_window (window);
  gtk_style_context_remove_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css));
}

int
main (int argc, char **argv)
{
  studio_test_init (&argc, &argv);
  g_test_add_func ("/studio/solve/right-wrong-hint", test_right_wrong_hint);
  g_test_add_func ("/studio/solve/leave-restores", test_leave_restores);
  g_test_add_func ("/studio/solve/engine-defends", test_engine_defends);
  g_test_add_func ("/studio/solve/progress-remembered", test_progress_remembered);
  g_test_add_func ("/studio/solve/no-problem-file", test_no_problem_file);
  g_test_add_func ("/studio/solve/screenshot", test_screenshot);
  return g_test_run ();
}
