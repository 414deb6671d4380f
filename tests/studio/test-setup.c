/* test-setup.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Setting up a position in the studio's window (win.setup-position), under
 * a display (xvfb-run): the set-up starts from the current position; pieces
 * placed and removed through the panel, the board scene and the widgets
 * give exact FENs; the side to move; a set-up the core does not read keeps
 * Done off with the core's reason and column; Done opens a new game with
 * [SetUp "1"] and [FEN "…"] — in this window, or in a new one when this one
 * has unsaved changes; Cancel changes nothing; while setting up no move is
 * played and the tree is not walked.  The real widgets are built and shown,
 * wide and narrow, so a broken template fails here.
 */
#include <adwaita.h>

#include "studio-test-util.h"
#include "cheops-core.h"
#include "studio-analysis-panel.h"
#include "studio-board-view.h"
#include "studio-document.h"
#include "studio-engine.h"
#include "studio-setup-panel.h"
#include "studio-window.h"
#include "studio-window-private.h"

/* A position with counters to carry: the initial placement, q to move. */
#define KNOWN_FEN "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7"

static CheopsCell
cell (const char *name)
{
  CheopsCell c = cheops_laws_cell_parse (name, NULL);

  g_assert_cmpuint (c, <, CHEOPS_LAWS_CELL_NB);
  return c;
}

static CheopsPiece
piece (char letter)
{
  CheopsSide side = g_ascii_islower (letter) ? CHEOPS_SIDE_B : CHEOPS_SIDE_A;

  switch (g_ascii_toupper (letter))
    {
    case 'K': return cheops_piece_make (side, CHEOPS_LAWS_KING);
    case 'Q': return cheops_piece_make (side, CHEOPS_LAWS_QUEEN);
    case 'M': return cheops_piece_make (side, CHEOPS_LAWS_SWORDMASTER);
    case 'S': return cheops_piece_make (side, CHEOPS_LAWS_SISTER);
    case 'A': return cheops_piece_make (side, CHEOPS_LAWS_ASSASSIN);
    case 'P': return cheops_piece_make (side, CHEOPS_LAWS_PAWN);
    default: g_assert_not_reached ();
    }
}

/* A window showing @text (a FEN or a game), presented. */
static StudioWindow *
window_with (const char *text)
{
  StudioWindow *window = studio_window_new (NULL);
  g_autoptr(GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_window_load_text (window, text, &error));
  g_assert_no_error (error);

  return window;
}

static StudioSetupPanel *
setup_panel (StudioWindow *window)
{
  return STUDIO_SETUP_PANEL (studio_window_get_setup_panel (window));
}

static StudioBoardScene *
scene_of (StudioWindow *window)
{
  return studio_board_view_get_scene (STUDIO_BOARD_VIEW (studio_window_get_board_view (window)));
}

static void
begin_setup (StudioWindow *window)
{
  g_assert_false (studio_window_get_setting_up (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.setup-position", NULL);
  g_assert_true (studio_window_get_setting_up (window));
}

static void
assert_setup_fen (StudioWindow *window,
                  const char   *expected)
{
  g_autofree char *fen = studio_setup_panel_dup_fen (setup_panel (window));
  char shown[CHEOPS_FEN_MAX];

  g_assert_cmpstr (fen, ==, expected);
  /* The board shows what the entry says. */
  cheops_position_to_fen (studio_board_scene_get_position (scene_of (window)), shown, sizeof shown);
  g_assert_cmpstr (shown, ==, expected);
}

/* The first widget under @widget that is a button for @action_name (or,
 * with @action_name NULL, a toggle button labelled @label). */
static GtkWidget *
find_button (GtkWidget  *widget,
             const char *action_name,
             const char *label)
{
  if (GTK_IS_BUTTON (widget))
    {
      if (action_name != NULL &&
          g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action_name) == 0)
        return widget;
      if (label != NULL && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
        return widget;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, action_name, label);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static guint
count_of_type (GtkWidget *widget,
               GType      type)
{
  guint n = G_TYPE_CHECK_INSTANCE_TYPE (widget, type) ? 1 : 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_of_type (child, type);

  return n;
}

/* The FEN field: a text view that wraps, so that the whole FEN is seen. */
static GtkWidget *
find_entry_row (GtkWidget *widget)
{
  return studio_test_find_widget_of_type (widget, GTK_TYPE_TEXT_VIEW);
}

/* Enter in the FEN field, as its key controller gets it. */
static void
press_enter_in_fen (StudioSetupPanel *panel)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (find_entry_row (GTK_WIDGET (panel)));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", GDK_KEY_Return, 36, 0, &handled);
    }
  g_assert_true (handled);
}

static GtkLabel *
problem_label (StudioWindow *window)
{
  GtkWidget *panel = studio_window_get_setup_panel (window);
  GtkWidget *stack[64];
  int n = 0;

  /* The visible caption with the "error" style under the entry. */
  stack[n++] = panel;
  while (n > 0)
    {
      GtkWidget *widget = stack[--n];

      if (GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "error"))
        return GTK_LABEL (widget);
      for (GtkWidget *child = gtk_widget_get_last_child (widget); child != NULL && n < 64;
           child = gtk_widget_get_prev_sibling (child))
        stack[n++] = child;
    }

  return NULL;
}

/* The set-up starts from the current position, with its counters; the
 * scene is in editing mode; moves are not played and the tree is not
 * walked; the panel's widgets are built and shown. */
static void
test_start (void)
{
  StudioWindow *window = window_with ("[Event \"Setup\"]\n\n1. g1h2 *\n");
  StudioDocument *document = studio_window_get_document (window);
  StudioSetupPanel *panel = setup_panel (window);
  StudioBoardScene *scene = scene_of (window);
  CheopsGameNode *node;
  g_autofree char *fen = NULL;

  /* At the end of the game: after 1. g1h2. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  node = studio_document_get_current (document);
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, "1/3/5/7/9/P9p/APP7ppa/MSQPP1P3ppqsm/AKMSAP4ppasmka q 0 1");

  begin_setup (window);
  assert_setup_fen (window, "1/3/5/7/9/P9p/APP7ppa/MSQPP1P3ppqsm/AKMSAP4ppasmka q 0 1");
  g_assert_true (studio_board_scene_get_editing (scene));
  g_assert_true (studio_setup_panel_get_valid (panel));
  g_assert_null (studio_setup_panel_get_problem (panel));
  g_assert_cmpuint (studio_board_scene_get_last_move (scene), ==, CHEOPS_MOVE_NONE);

  /* The widgets: the panel in place of the moves, the eval bar away, the
   * palette of 12 pieces and the eraser, and Done on. */
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (panel)));
  g_assert_false (gtk_widget_get_mapped (studio_window_get_move_tree (window)));
  g_assert_cmpuint (count_of_type (GTK_WIDGET (panel), GTK_TYPE_TOGGLE_BUTTON), ==, 12 + 1 + 2);
  g_assert_cmpuint (count_of_type (GTK_WIDGET (panel), GTK_TYPE_DRAWING_AREA), ==, 12);
  g_assert_true (gtk_widget_is_sensitive (find_button (GTK_WIDGET (panel), "setup.done", NULL)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Set Up a Cheops Position — Cheops Studio");
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "Set Up a Cheops Position");

  /* No move is played (q's Pawn k1 to j2 would be one), the move-list
   * actions do nothing, and a second set-up does not start. */
  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "k1j2");
  g_assert_true (studio_document_get_current (document) == node);
  g_assert_cmpuint (cheops_game_node_get_n_children (node), ==, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_true (studio_document_get_current (document) == node);
  assert_setup_fen (window, "1/3/5/7/9/P9p/APP7ppa/MSQPP1P3ppqsm/AKMSAP4ppasmka q 0 1");

  /* Escape, even while the FEN is being typed: back to the game, which is
   * where it was.  (The key goes to the window's key controller, as a key
   * press would.) */
  {
    GtkWidget *row = find_entry_row (GTK_WIDGET (panel));
    g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
    gboolean handled = FALSE;

    studio_test_spin_frames ();
    g_assert_true (gtk_widget_grab_focus (row));
    g_assert_true (GTK_IS_TEXT_VIEW (gtk_root_get_focus (GTK_ROOT (window))));
    for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++)
      {
        g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

        if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
          g_signal_emit_by_name (controller, "key-pressed", GDK_KEY_Escape, 9, 0, &handled);
      }
    g_assert_true (handled);
  }
  g_assert_false (studio_window_get_setting_up (window));
  g_assert_false (studio_board_scene_get_editing (scene));
  g_assert_true (studio_document_get_current (document) == node);
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_get_mapped (studio_window_get_move_tree (window)));
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (panel)));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Pieces placed and removed through the panel's functions, the board
 * scene (clicks and drags as the board view makes them) and the palette. */
static void
test_place_remove (void)
{
  StudioWindow *window = window_with (KNOWN_FEN);
  StudioSetupPanel *panel = setup_panel (window);
  StudioBoardScene *scene = scene_of (window);

  begin_setup (window);
  assert_setup_fen (window, KNOWN_FEN);

  /* An a Queen on i5 (level 5 runs e..m). */
  studio_setup_panel_set_brush (panel, piece ('Q'));
  studio_setup_panel_click_cell (panel, cell ("i5"), TRUE);
  assert_setup_fen (window, "1/3/5/7/4Q4/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");
  /* The same piece again removes it. */
  studio_setup_panel_click_cell (panel, cell ("i5"), TRUE);
  assert_setup_fen (window, KNOWN_FEN);

  /* Through the scene, as the board's click: a q Assassin on h6. */
  studio_setup_panel_set_brush (panel, piece ('a'));
  studio_board_scene_click (scene, cell ("h6"));
  assert_setup_fen (window, "1/3/5/2a4/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");
  /* Another piece on an occupied cell replaces it: a Pawn on the q King. */
  studio_setup_panel_set_brush (panel, piece ('P'));
  studio_board_scene_click (scene, cell ("p1"));
  assert_setup_fen (window, "1/3/5/2a4/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmPa q 3 7");
  studio_setup_panel_put (panel, cell ("p1"), piece ('k'));
  assert_setup_fen (window, "1/3/5/2a4/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");

  /* The secondary button empties a cell (the a Pawn on d4). */
  studio_board_scene_edit_click (scene, cell ("d4"), FALSE);
  assert_setup_fen (window, "1/3/5/2a4/9/10p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");
  /* The eraser too (the q Pawn on n4). */
  studio_setup_panel_set_brush (panel, CHEOPS_NO_PIECE);
  studio_board_scene_click (scene, cell ("n4"));
  assert_setup_fen (window, "1/3/5/2a4/9/11/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");

  /* A drag moves a piece: the q Assassin h6 to i7 (level 7 runs g..k)... */
  g_assert_true (studio_board_scene_drag_begin (scene, cell ("h6")));
  studio_board_scene_drag_motion (scene, 10, 10);
  g_assert_false (studio_board_scene_drag_end (scene, cell ("i7")));
  assert_setup_fen (window, "1/3/2a2/7/9/11/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");
  /* ...onto another piece, which it replaces (c3 onto e3)... */
  g_assert_true (studio_board_scene_drag_begin (scene, cell ("c3")));
  g_assert_false (studio_board_scene_drag_end (scene, cell ("e3")));
  assert_setup_fen (window, "1/3/2a2/7/9/11/1PA7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");
  /* ...and off the board it is gone. */
  g_assert_true (studio_board_scene_drag_begin (scene, cell ("i7")));
  g_assert_false (studio_board_scene_drag_end (scene, CHEOPS_CELL_NONE));
  assert_setup_fen (window, "1/3/5/7/9/11/1PA7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");
  /* An empty cell cannot be picked up; dropping back in place is no edit. */
  g_assert_false (studio_board_scene_drag_begin (scene, cell ("i5")));
  g_assert_true (studio_board_scene_drag_begin (scene, cell ("e3")));
  g_assert_false (studio_board_scene_drag_end (scene, cell ("e3")));
  assert_setup_fen (window, "1/3/5/7/9/11/1PA7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");
  /* The panel's own function for a drag does the same. */
  studio_setup_panel_move_piece (panel, cell ("d3"), cell ("d4"));
  assert_setup_fen (window, "1/3/5/7/9/P10/2A7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");

  /* The palette's widgets choose the brush: the second row is Orange, the
   * q side here (Green holds the a corner). */
  {
    GtkWidget *palette_button = NULL;
    GtkWidget *panel_widget = GTK_WIDGET (panel);
    GtkWidget *stack[64];
    int n = 0;

    stack[n++] = panel_widget;
    while (n > 0 && palette_button == NULL)
      {
        GtkWidget *widget = stack[--n];

        if (GTK_IS_TOGGLE_BUTTON (widget) &&
            g_strcmp0 (gtk_widget_get_tooltip_text (widget), "Orange Swordmaster") == 0)
          palette_button = widget;
        for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL && n < 64;
             child = gtk_widget_get_next_sibling (child))
          stack[n++] = child;
      }
    g_assert_nonnull (palette_button);
    gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (palette_button), TRUE);
    g_assert_cmpuint (studio_setup_panel_get_brush (panel), ==, piece ('m'));
    studio_board_scene_click (scene, cell ("i9"));
  }
  /* A Swordmaster on the Apex: the core says no (R9). */
  assert_setup_fen (window, "m/3/5/7/9/P10/2A7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");
  g_assert_false (studio_setup_panel_get_valid (panel));
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "On i9: a Swordmaster on the Apex, where only a Queen may stand");

  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.cancel", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The side to move, through the function and the two buttons. */
static void
test_side_to_move (void)
{
  StudioWindow *window = window_with (KNOWN_FEN);
  StudioSetupPanel *panel = setup_panel (window);
  GtkWidget *green, *orange;

  begin_setup (window);
  green = find_button (GTK_WIDGET (panel), NULL, "Green");
  orange = find_button (GTK_WIDGET (panel), NULL, "Orange");
  g_assert_nonnull (green);
  g_assert_nonnull (orange);
  /* q to move, and Green holds the a corner: Orange's button is down. */
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (orange)));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (green)));

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (green), TRUE);
  assert_setup_fen (window, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 3 7");
  g_assert_cmpint (studio_setup_panel_get_position (panel)->side_to_move, ==, CHEOPS_SIDE_A);

  studio_setup_panel_set_side_to_move (panel, CHEOPS_SIDE_B);
  assert_setup_fen (window, KNOWN_FEN);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (orange)));

  /* A typed FEN sets the buttons too. */
  studio_setup_panel_set_fen (panel, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a");
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (green)));

  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.cancel", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* When the game gives Green the q corner, the palette's first row and the
 * first side button are the q side's, and Done keeps the colours. */
static void
test_green_corner_q (void)
{
  StudioWindow *window = window_with ("[GreenCorner \"q\"]\n\n*\n");
  StudioDocument *document = studio_window_get_document (window);
  StudioSetupPanel *panel = setup_panel (window);
  GtkWidget *green;
  g_autofree char *text = NULL;

  begin_setup (window);
  g_assert_cmpint (studio_setup_panel_get_green_side (panel), ==, CHEOPS_SIDE_B);
  green = find_button (GTK_WIDGET (panel), NULL, "Green");
  /* a to move: Orange's side. */
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (green)));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (green), TRUE);
  assert_setup_fen (window, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 0 1");

  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.done", NULL);
  g_assert_false (studio_window_get_setting_up (window));
  g_assert_cmpint (cheops_game_get_colour_side (studio_document_get_game (document), 0), ==, CHEOPS_SIDE_B);
  g_assert_false (studio_document_get_modified (document));
  text = studio_document_dup_game_text (document);
  g_assert_nonnull (strstr (text, "[GreenCorner \"q\"]\n"));
  g_assert_nonnull (strstr (text, "[SetUp \"1\"]\n[FEN \"1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 0 1\"]\n"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* What the core does not read keeps Done off, with its reason. */
static void
test_invalid (void)
{
  StudioWindow *window = window_with (KNOWN_FEN);
  StudioDocument *document = studio_window_get_document (window);
  StudioSetupPanel *panel = setup_panel (window);
  GtkWidget *done;
  GtkLabel *label;
  g_autofree char *before = studio_document_dup_game_text (document);
  g_autofree char *after = NULL;

  begin_setup (window);
  done = find_button (GTK_WIDGET (panel), "setup.done", NULL);
  label = problem_label (window);
  g_assert_nonnull (done);
  g_assert_nonnull (label);
  g_assert_true (gtk_widget_is_sensitive (done));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (label)));

  /* No King at all: R9, as the core's FEN reader says it. */
  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.clear", NULL);
  assert_setup_fen (window, "1/3/5/7/9/11/13/15/17 q 0 1");
  g_assert_false (studio_setup_panel_get_valid (panel));
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "Green has 0 Kings, expected exactly 1");
  g_assert_false (gtk_widget_is_sensitive (done));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (label)));
  g_assert_cmpstr (gtk_label_get_label (label), ==,
                   "Green has 0 Kings, expected exactly 1");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (done), ==,
                   "Green has 0 Kings, expected exactly 1");
  /* Done does nothing. */
  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.done", NULL);
  g_assert_true (studio_window_get_setting_up (window));

  /* One King a side: a position.  The core's messages name the sides by
   * colour here. */
  studio_setup_panel_put (panel, cell ("b1"), piece ('K'));
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "Orange has 0 Kings, expected exactly 1");
  studio_setup_panel_put (panel, cell ("p1"), piece ('k'));
  studio_setup_panel_put (panel, cell ("o1"), piece ('k'));
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "Orange has 2 Kings, expected exactly 1");
  studio_setup_panel_click_cell (panel, cell ("o1"), FALSE);
  assert_setup_fen (window, "1/3/5/7/9/11/13/15/1K13k1 q 0 1");
  g_assert_true (studio_setup_panel_get_valid (panel));
  g_assert_true (gtk_widget_is_sensitive (done));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (label)));

  /* Positions no game can reach, as the core says (4.1, 4.2): the Kings
   * side by side; a side with three Swordmasters. */
  studio_setup_panel_move_piece (panel, cell ("p1"), cell ("c1"));
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "Impossible position: the Kings stand next to each other, which no game can reach (4.2)");
  g_assert_false (gtk_widget_is_sensitive (done));
  studio_setup_panel_move_piece (panel, cell ("c1"), cell ("p1"));
  g_assert_true (studio_setup_panel_get_valid (panel));
  studio_setup_panel_put (panel, cell ("f6"), piece ('M'));
  studio_setup_panel_put (panel, cell ("g6"), piece ('M'));
  studio_setup_panel_put (panel, cell ("h6"), piece ('M'));
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "Impossible position: Green has 3 Swordmasters; a side starts with 2 and gets no more (4.1)");
  g_assert_false (gtk_widget_is_sensitive (done));
  studio_setup_panel_put (panel, cell ("f6"), CHEOPS_NO_PIECE);
  studio_setup_panel_put (panel, cell ("g6"), CHEOPS_NO_PIECE);
  studio_setup_panel_put (panel, cell ("h6"), CHEOPS_NO_PIECE);
  assert_setup_fen (window, "1/3/5/7/9/11/13/15/1K13k1 q 0 1");
  g_assert_true (studio_setup_panel_get_valid (panel));

  /* A Sister on a light cell (i5: c + l odd), with the column of its
   * letter in the FEN. */
  studio_setup_panel_put (panel, cell ("i5"), piece ('S'));
  assert_setup_fen (window, "1/3/5/7/4S4/11/13/15/1K13k1 q 0 1");
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "On i5: a Sister on a light cell");
  g_assert_false (gtk_widget_is_sensitive (done));
  /* On a dark cell (i4) it stands. */
  studio_setup_panel_move_piece (panel, cell ("i5"), cell ("i4"));
  assert_setup_fen (window, "1/3/5/7/9/5S5/13/15/1K13k1 q 0 1");
  g_assert_true (studio_setup_panel_get_valid (panel));

  /* A Pawn on the Apex. */
  studio_setup_panel_put (panel, CHEOPS_LAWS_APEX, piece ('P'));
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "On i9: a Pawn on the Apex, where only a Queen may stand");
  studio_setup_panel_put (panel, CHEOPS_LAWS_APEX, piece ('q'));
  g_assert_true (studio_setup_panel_get_valid (panel));

  /* Cancel: the game is as it was. */
  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.cancel", NULL);
  after = studio_document_dup_game_text (document);
  g_assert_cmpstr (after, ==, before);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A typed FEN: read when the core reads it (the text stays as typed, the
 * board follows); else the board keeps its position and the core's
 * message with its column is shown under the entry. */
static void
test_typed_fen (void)
{
  StudioWindow *window = window_with (KNOWN_FEN);
  StudioSetupPanel *panel = setup_panel (window);
  GtkWidget *done;
  char shown[CHEOPS_FEN_MAX];

  begin_setup (window);
  done = find_button (GTK_WIDGET (panel), "setup.done", NULL);

  /* Column 49 is the 'x' in place of the last 'a'. */
  studio_setup_panel_set_fen (panel, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmkx a 0 1");
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "The FEN text, at character 49: board, level 1: unknown piece letter 'x'");
  g_assert_cmpstr (gtk_label_get_label (problem_label (window)), ==,
                   "The FEN text, at character 49: board, level 1: unknown piece letter 'x'");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (problem_label (window))));
  g_assert_false (gtk_widget_is_sensitive (done));
  cheops_position_to_fen (studio_board_scene_get_position (scene_of (window)), shown, sizeof shown);
  g_assert_cmpstr (shown, ==, KNOWN_FEN);
  /* Enter in the entry is Done, which is off. */
  press_enter_in_fen (panel);
  g_assert_true (studio_window_get_setting_up (window));

  /* A level one cell short. */
  studio_setup_panel_set_fen (panel, "1/3/5/7/8/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1");
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "The FEN text, at character 9: board, level 5: 8 cells, expected 9");

  /* Read: the board follows, the text stays as typed (no counters). */
  studio_setup_panel_set_fen (panel, "  1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP5asmka q");
  g_assert_null (studio_setup_panel_get_problem (panel));
  g_assert_true (gtk_widget_is_sensitive (done));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (problem_label (window))));
  cheops_position_to_fen (studio_board_scene_get_position (scene_of (window)), shown, sizeof shown);
  g_assert_cmpstr (shown, ==, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP5asmka q 0 1");
  {
    g_autofree char *text = studio_setup_panel_dup_fen (panel);

    g_assert_cmpstr (text, ==, "  1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP5asmka q");
  }

  /* An edit on the board writes the FEN of the position again. */
  studio_setup_panel_click_cell (panel, cell ("i1"), FALSE);
  assert_setup_fen (window, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP5asmka q 0 1");

  /* Done (Enter in the entry) takes the position read. */
  press_enter_in_fen (panel);
  g_assert_false (studio_window_get_setting_up (window));
  {
    g_autofree char *fen = studio_document_dup_fen (studio_window_get_document (window));

    g_assert_cmpstr (fen, ==, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP5asmka q 0 1");
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Done with nothing unsaved: this window's document becomes a new game at
 * the position, whose file carries SetUp and FEN (DESIGN.md section 4). */
static void
test_done_same_window (void)
{
  StudioWindow *window = window_with (KNOWN_FEN);
  StudioDocument *document = studio_window_get_document (window);
  StudioSetupPanel *panel = setup_panel (window);
  StudioBoardScene *scene = scene_of (window);
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n_windows = g_list_model_get_n_items (toplevels);
  g_autofree char *fen = NULL;
  g_autofree char *text = NULL;
  const char *expected = "1/3/5/7/4Q4/P9p/APP7ppa/MS1PP5ppqsm/AKMSAPP3ppasmka q 3 7";
  char shown[CHEOPS_FEN_MAX];

  g_assert_false (studio_document_get_modified (document));
  begin_setup (window);
  /* The Queen from d2 to i5 (a second one would be more pieces than a
   * game can have: 4.1, 4.7.3). */
  studio_setup_panel_move_piece (panel, cell ("d2"), cell ("i5"));
  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.done", NULL);

  g_assert_false (studio_window_get_setting_up (window));
  g_assert_cmpuint (g_list_model_get_n_items (toplevels), ==, n_windows);
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, expected);
  g_assert_null (cheops_game_node_get_parent (studio_document_get_current (document)));
  text = studio_document_dup_game_text (document);
  g_assert_nonnull (strstr (text, "[Variant \"Cheops\"]\n[SetUp \"1\"]\n"
                                  "[FEN \"1/3/5/7/4Q4/P9p/APP7ppa/MS1PP5ppqsm/AKMSAPP3ppasmka q 3 7\"]\n"));

  /* The board plays again, from there: its first legal move. */
  g_assert_false (studio_board_scene_get_editing (scene));
  cheops_position_to_fen (studio_board_scene_get_position (scene), shown, sizeof shown);
  g_assert_cmpstr (shown, ==, expected);
  {
    CheopsMove moves[CHEOPS_MAX_MOVES];
    char move_text[CHEOPS_MOVE_TEXT_MAX];

    g_assert_true (cheops_generate_moves (studio_board_scene_get_position (scene), moves) > moves);
    cheops_move_to_text (&cheops_variant_cheops, moves[0], move_text);
    gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", move_text);
    g_assert_nonnull (cheops_game_node_get_parent (studio_document_get_current (document)));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static StudioWindow *
other_window (StudioWindow *than)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (STUDIO_IS_WINDOW (item) && item != (GObject *) than)
        return STUDIO_WINDOW (item);
    }

  return NULL;
}

static gboolean
is_toast_text (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

static gboolean
window_has_toast (gpointer data)
{
  StudioWindow *window = ((gpointer *) data)[0];

  return studio_test_find_widget (GTK_WIDGET (window->toast_overlay), is_toast_text,
                                  ((gpointer *) data)[1]) != NULL;
}

/* Done with unsaved changes: the set-up opens in a new tab of the same
 * window (no new window) and the changed game stays as it is in its tab;
 * a toast says so (issue 21: the new window opened without a word). */
static void
test_done_new_tab (void)
{
  StudioWindow *window = window_with (KNOWN_FEN);
  StudioDocument *document = studio_window_get_document (window);
  StudioSetupPanel *panel = setup_panel (window);
  StudioDocument *opened;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *text = NULL;

  /* q plays k1j2: unsaved. */
  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "k1j2");
  g_assert_true (studio_document_get_modified (document));
  before = studio_document_dup_game_text (document);
  g_assert_null (other_window (window));
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 1);

  begin_setup (window);
  /* The tabs stay as they are while a position is set up. */
  g_assert_false (gtk_widget_is_sensitive (GTK_WIDGET (window->tab_bar)));
  assert_setup_fen (window, "1/3/5/7/9/P9p/APP7ppa/MSQPP3p1ppqsm/AKMSAPP4pasmka a 0 8");
  studio_setup_panel_reset (panel);
  assert_setup_fen (window, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1");
  studio_setup_panel_set_side_to_move (panel, CHEOPS_SIDE_B);
  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.done", NULL);

  g_assert_null (other_window (window));
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (window->tab_bar)));
  opened = studio_window_get_document (window);
  g_assert_true (opened != document);
  g_assert_true (studio_window_get_tab_document (window, 0) == document);
  g_assert_true (studio_window_get_tab_document (window, 1) == opened);
  fen = studio_document_dup_fen (opened);
  g_assert_cmpstr (fen, ==, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 0 1");
  text = studio_document_dup_game_text (opened);
  /* The initial position with q to move is a set-up too (A.4). */
  g_assert_nonnull (strstr (text, "[SetUp \"1\"]\n[FEN \"1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 0 1\"]\n"));
  g_assert_false (studio_window_get_setting_up (window));
  {
    gpointer here[2] = { window, "The position opened in a new tab, to keep the other tab's unsaved changes" };

    studio_test_spin_until (window_has_toast, here);
  }

  /* The first tab: its game untouched and still unsaved. */
  after = studio_document_dup_game_text (document);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (studio_document_get_modified (document));

  /* Unsaved: closed without asking. */
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Initial Position is the position of 6.1 with a to move: no SetUp tag. */
static void
test_done_initial (void)
{
  StudioWindow *window = window_with ("1/3/5/7/9/11/13/15/1K13k1 q 0 1");
  StudioDocument *document = studio_window_get_document (window);
  StudioSetupPanel *panel = setup_panel (window);
  g_autofree char *text = NULL;

  begin_setup (window);
  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.initial", NULL);
  assert_setup_fen (window, CHEOPS_LAWS_START_FEN);
  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.done", NULL);
  text = studio_document_dup_game_text (document);
  g_assert_null (strstr (text, "[SetUp"));
  g_assert_null (strstr (text, "[FEN"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Cancel after edits: the game, the node, the board and its arrows are as
 * they were. */
static void
test_cancel (void)
{
  StudioWindow *window = window_with ("[Event \"Setup\"]\n\n1. g1h2 k1j2 *\n");
  StudioDocument *document = studio_window_get_document (window);
  StudioSetupPanel *panel = setup_panel (window);
  StudioBoardScene *scene = scene_of (window);
  CheopsGameNode *node;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *fen = NULL;
  char shown[CHEOPS_FEN_MAX];
  guint n_shapes;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  studio_board_scene_toggle_shape (scene, cell ("g1"), cell ("h2"), STUDIO_BRUSH_RED);
  studio_board_scene_get_shapes (scene, &n_shapes);
  g_assert_cmpuint (n_shapes, ==, 1);
  node = studio_document_get_current (document);
  before = studio_document_dup_game_text (document);
  fen = studio_document_dup_fen (document);

  begin_setup (window);
  /* The board shows no arrows while setting up. */
  studio_board_scene_get_shapes (scene, &n_shapes);
  g_assert_cmpuint (n_shapes, ==, 0);
  studio_setup_panel_clear (panel);
  studio_setup_panel_put (panel, cell ("i5"), piece ('Q'));
  studio_setup_panel_set_side_to_move (panel, CHEOPS_SIDE_A);
  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.cancel", NULL);

  g_assert_false (studio_window_get_setting_up (window));
  g_assert_true (studio_document_get_current (document) == node);
  after = studio_document_dup_game_text (document);
  g_assert_cmpstr (after, ==, before);
  cheops_position_to_fen (studio_board_scene_get_position (scene), shown, sizeof shown);
  g_assert_cmpstr (shown, ==, fen);
  g_assert_cmpuint (studio_board_scene_get_last_move (scene), ==,
                    cheops_game_node_get_move (node));
  studio_board_scene_get_shapes (scene, &n_shapes);
  g_assert_cmpuint (n_shapes, ==, 1);
  /* The board plays again: q's k1j2 from there. */
  g_assert_cmpuint (studio_board_scene_get_destinations (scene), ==, 0);
  g_assert_true (studio_board_scene_select (scene, cell ("k1")));

  /* From the start page, Cancel goes back there. */
  gtk_window_destroy (GTK_WINDOW (window));
  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  begin_setup (window);
  assert_setup_fen (window, CHEOPS_LAWS_START_FEN);
  gtk_widget_activate_action (GTK_WIDGET (setup_panel (window)), "setup.cancel", NULL);
  g_assert_false (studio_window_get_setting_up (window));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Cheops Studio");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Opening another game while setting up ends the set-up (nothing of the
 * new game is edited by the old set-up). */
static void
test_document_replaced (void)
{
  StudioWindow *window = window_with (KNOWN_FEN);
  StudioDocument *document = studio_window_get_document (window);
  StudioSetupPanel *panel = setup_panel (window);
  g_autofree char *fen = NULL;
  char shown[CHEOPS_FEN_MAX];

  begin_setup (window);
  studio_setup_panel_clear (panel);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  g_assert_false (studio_window_get_setting_up (window));
  g_assert_false (studio_board_scene_get_editing (scene_of (window)));
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, CHEOPS_LAWS_START_FEN);
  cheops_position_to_fen (studio_board_scene_get_position (scene_of (window)), shown, sizeof shown);
  g_assert_cmpstr (shown, ==, CHEOPS_LAWS_START_FEN);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
setup_fen_is (gpointer data)
{
  StudioWindow *window = data;
  g_autofree char *fen = studio_setup_panel_dup_fen (setup_panel (window));

  return g_str_equal (fen, "1/3/5/7/9/11/13/15/1K13k1 a 0 1");
}

/* While setting up, Copy FEN copies the set-up's FEN and Paste puts the
 * clipboard's text into the entry (not into a new game). */
static void
test_clipboard (void)
{
  StudioWindow *window = window_with (KNOWN_FEN);
  StudioDocument *document = studio_window_get_document (window);
  StudioSetupPanel *panel = setup_panel (window);
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  g_autofree char *text = NULL;
  g_autofree char *fen = NULL;

  begin_setup (window);
  studio_setup_panel_put (panel, cell ("i5"), piece ('Q'));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-fen", NULL);
  text = studio_test_clipboard_text (GTK_WIDGET (window));
  g_assert_cmpstr (text, ==, "1/3/5/7/4Q4/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 3 7");

  gdk_clipboard_set_text (clipboard, "  1/3/5/7/9/11/13/15/1K13k1 a 0 1\n");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.paste", NULL);
  studio_test_spin_until (setup_fen_is, window);
  g_assert_true (studio_window_get_setting_up (window));
  g_assert_true (studio_setup_panel_get_valid (panel));
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, KNOWN_FEN);

  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.cancel", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
drop_text_on (StudioWindow *window,
              const char   *text)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  GValue value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, text);
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        g_signal_emit_by_name (controller, "drop", &value, 10.0, 10.0, &accepted);
    }
  g_value_unset (&value);

  return accepted;
}

/* While setting up, dropped text goes into the FEN entry too. */
static void
test_drop (void)
{
  StudioWindow *window = window_with (KNOWN_FEN);
  StudioDocument *document = studio_window_get_document (window);
  StudioSetupPanel *panel = setup_panel (window);
  g_autofree char *fen = NULL;
  g_autofree char *text = NULL;

  begin_setup (window);
  g_assert_true (drop_text_on (window, "1/3/5/7/9/11/13/15/1K13k1\na 5 9\n"));
  g_assert_true (studio_window_get_setting_up (window));
  text = studio_setup_panel_dup_fen (panel);
  g_assert_cmpstr (text, ==, "1/3/5/7/9/11/13/15/1K13k1 a 5 9");
  assert_setup_fen (window, "1/3/5/7/9/11/13/15/1K13k1 a 5 9");
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, KNOWN_FEN);

  /* Not a FEN: the reason, and the board keeps its position. */
  g_assert_true (drop_text_on (window, "https://example.org/not-a-game"));
  g_assert_cmpstr (studio_setup_panel_get_problem (panel), ==,
                   "The FEN text, at character 1: board, level 9: unknown piece letter 'h'");

  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.cancel", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The analysis pauses while setting up and runs again afterwards. */
static void
test_analysis_pauses (void)
{
  g_autofree char *engine = cheops_uci_engine_find_bundled ();
  StudioWindow *window;
  StudioAnalysisPanel *analysis;

  if (engine == NULL || !g_file_test (engine, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no engine in the build tree");
      return;
    }

  window = window_with (KNOWN_FEN);
  analysis = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  g_assert_true (studio_analysis_panel_get_running (analysis));

  begin_setup (window);
  g_assert_false (studio_analysis_panel_get_running (analysis));
  /* The analysis key does nothing meanwhile. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  g_assert_false (studio_analysis_panel_get_running (analysis));
  studio_setup_panel_clear (setup_panel (window));
  gtk_widget_activate_action (GTK_WIDGET (setup_panel (window)), "setup.cancel", NULL);
  g_assert_true (studio_analysis_panel_get_running (analysis));

  studio_analysis_panel_set_running (analysis, FALSE);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
paned_vertical (gpointer data)
{
  return gtk_orientable_get_orientation (data) == GTK_ORIENTATION_VERTICAL &&
         gtk_widget_get_height (data) > 0;
}

/* In a narrow window the set-up panel goes under the board, inside the
 * window, and the board keeps a usable size. */
static void
test_narrow (void)
{
  StudioWindow *window = studio_window_new (NULL);
  GtkWidget *view = studio_window_get_board_view (window);
  GtkWidget *panel = studio_window_get_setup_panel (window);
  GtkWidget *paned = gtk_widget_get_ancestor (view, GTK_TYPE_PANED);
  GtkWidget *done;
  graphene_rect_t board, bounds, done_bounds;

  gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_window_load_text (window, KNOWN_FEN, NULL));
  studio_test_spin_until (paned_vertical, paned);
  begin_setup (window);
  studio_test_spin_frames ();

  g_assert_true (gtk_widget_compute_bounds (view, GTK_WIDGET (window), &board));
  g_assert_true (gtk_widget_compute_bounds (panel, GTK_WIDGET (window), &bounds));
  g_assert_cmpfloat (bounds.origin.x, >=, 0);
  g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpfloat (bounds.origin.y, >=, board.origin.y + board.size.height);
  g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpfloat (board.size.height, >=, 200);

  /* Done and Cancel stay in sight (the rest of the panel scrolls). */
  done = find_button (panel, "setup.done", NULL);
  g_assert_true (gtk_widget_compute_bounds (done, GTK_WIDGET (window), &done_bounds));
  g_assert_cmpfloat (done_bounds.origin.y + done_bounds.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_true (gtk_widget_get_mapped (done));

  gtk_widget_activate_action (panel, "setup.cancel", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_typing (gpointer data)
{
  return studio_setup_panel_get_typing (data);
}

/* F flips the board, but not while the FEN entry has the focus (the
 * application's one-letter shortcuts see the keys first): then the letter
 * is typed, and the panel's Flip button still flips. */
static void
test_typing (void)
{
  StudioWindow *window = window_with (KNOWN_FEN);
  StudioSetupPanel *panel = setup_panel (window);
  StudioBoardScene *scene = scene_of (window);
  GtkWidget *entry;

  begin_setup (window);
  g_assert_false (studio_board_scene_get_flipped (scene));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
  g_assert_true (studio_board_scene_get_flipped (scene));

  entry = find_entry_row (GTK_WIDGET (panel));
  g_assert_nonnull (entry);
  g_assert_true (gtk_widget_grab_focus (entry));
  studio_test_spin_until (is_typing, panel);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
  g_assert_true (studio_board_scene_get_flipped (scene));
  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.flip", NULL);
  g_assert_false (studio_board_scene_get_flipped (scene));

  /* Focus back on the board: F flips again. */
  gtk_widget_grab_focus (studio_window_get_board_view (window));
  g_assert_false (studio_setup_panel_get_typing (panel));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
  g_assert_true (studio_board_scene_get_flipped (scene));
  studio_board_scene_set_flipped (scene, FALSE);

  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.cancel", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The palette draws the board's own marks: a Green King's pixels are the
 * board's green. */
static void
test_palette_marks (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 40, 40);
  cairo_t *cr = cairo_create (surface);
  const guint32 *pixels;
  guint32 centre_left;

  studio_board_view_draw_piece_mark (cr, &cheops_variant_cheops, cheops_piece_type (piece ('K')),
                                     &cheops_variant_cheops.sides[0], 20, 20, 16);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  pixels = (const guint32 *)(gpointer) cairo_image_surface_get_data (surface);
  /* Left of the crown, inside the disc: green (more G than R and B). */
  centre_left = pixels[20 * (cairo_image_surface_get_stride (surface) / 4) + 8];
  g_assert_cmpuint ((centre_left >> 8) & 0xff, >, (centre_left >> 16) & 0xff);
  g_assert_cmpuint ((centre_left >> 8) & 0xff, >, centre_left & 0xff);
  g_assert_cmpuint (centre_left >> 24, ==, 0xff);
  cairo_surface_destroy (surface);
}

static gboolean
widget_has_label (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_TOGGLE_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

static void
collect_palette (GtkWidget *widget,
                 GString   *names)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (gtk_widget_has_css_class (c, "palette-button") && gtk_widget_get_tooltip_text (c) != NULL)
        g_string_append_printf (names, "%s%s", names->len > 0 ? ", " : "", gtk_widget_get_tooltip_text (c));
      collect_palette (c, names);
    }
}

/* A TrigChess set-up: the palette offers K D G S P of each side in their
 * colours and names, the side buttons say Gold and Red, Clear Board and
 * Initial Position give that variant's empty board and start (spec 5),
 * and the FEN is read by TrigChess's rules. */
static void
test_trigchess_panel (void)
{
  const CheopsVariant *trig = cheops_variant_find ("trigchess");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *panel = studio_setup_panel_new ();
  g_autoptr(GString) names = g_string_new (NULL);
  g_autofree char *fen = NULL;
  CheopsPosition pos;

  g_assert_nonnull (trig);
  gtk_window_set_child (GTK_WINDOW (window), panel);
  gtk_window_present (GTK_WINDOW (window));
  cheops_position_init_start (&pos, trig);
  studio_setup_panel_set_position (STUDIO_SETUP_PANEL (panel), &pos);

  collect_palette (panel, names);
  g_assert_cmpstr (names->str, ==,
                   "Eraser, Gold King, Red King, Gold Dome, Red Dome, Gold Gyro, Red Gyro, "
                   "Gold Stag, Red Stag, Gold Pawn, Red Pawn");
  g_assert_nonnull (studio_test_find_widget (panel, widget_has_label, "Gold"));
  g_assert_nonnull (studio_test_find_widget (panel, widget_has_label, "Red"));
  g_assert_true (studio_setup_panel_get_valid (STUDIO_SETUP_PANEL (panel)));

  gtk_widget_activate_action (panel, "setup.clear", NULL);
  fen = studio_setup_panel_dup_fen (STUDIO_SETUP_PANEL (panel));
  g_assert_cmpstr (fen, ==, "7/7/9/9/7/7 g 0 1");
  g_clear_pointer (&fen, g_free);
  /* No King: the core's reason, in words without the FEN's field. */
  g_assert_false (studio_setup_panel_get_valid (STUDIO_SETUP_PANEL (panel)));
  g_assert_cmpstr (studio_setup_panel_get_problem (STUDIO_SETUP_PANEL (panel)), ==,
                   "Gold has no King (exactly one is needed)");

  /* A Red Dome from the palette onto d4. */
  studio_setup_panel_set_brush (STUDIO_SETUP_PANEL (panel),
                                cheops_piece_make (CHEOPS_SIDE_B, cheops_variant_piece_type (trig, 'D')));
  studio_setup_panel_click_cell (STUDIO_SETUP_PANEL (panel), cheops_variant_cell_parse (trig, "d4", NULL), TRUE);
  fen = studio_setup_panel_dup_fen (STUDIO_SETUP_PANEL (panel));
  g_assert_cmpstr (fen, ==, "7/7/3d5/9/7/7 g 0 1");
  g_clear_pointer (&fen, g_free);

  gtk_widget_activate_action (panel, "setup.initial", NULL);
  fen = studio_setup_panel_dup_fen (STUDIO_SETUP_PANEL (panel));
  g_assert_cmpstr (fen, ==, trig->start_fen);
  g_assert_true (studio_setup_panel_get_valid (STUDIO_SETUP_PANEL (panel)));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_func ("/Studio/Setup/start", test_start);
  g_test_add_func ("/Studio/Setup/trigchess-panel", test_trigchess_panel);
  g_test_add_func ("/Studio/Setup/place-remove", test_place_remove);
  g_test_add_func ("/Studio/Setup/side-to-move", test_side_to_move);
  g_test_add_func ("/Studio/Setup/green-corner-q", test_green_corner_q);
  g_test_add_func ("/Studio/Setup/invalid", test_invalid);
  g_test_add_func ("/Studio/Setup/typed-fen", test_typed_fen);
  g_test_add_func ("/Studio/Setup/done-same-window", test_done_same_window);
  g_test_add_func ("/Studio/Setup/done-new-tab", test_done_new_tab);
  g_test_add_func ("/Studio/Setup/done-initial", test_done_initial);
  g_test_add_func ("/Studio/Setup/cancel", test_cancel);
  g_test_add_func ("/Studio/Setup/document-replaced", test_document_replaced);
  g_test_add_func ("/Studio/Setup/clipboard", test_clipboard);
  g_test_add_func ("/Studio/Setup/drop", test_drop);
  g_test_add_func ("/Studio/Setup/analysis-pauses", test_analysis_pauses);
  g_test_add_func ("/Studio/Setup/typing", test_typing);
  g_test_add_func ("/Studio/Setup/narrow", test_narrow);
  g_test_add_func ("/Studio/Setup/palette-marks", test_palette_marks);

  return g_test_run ();
}
