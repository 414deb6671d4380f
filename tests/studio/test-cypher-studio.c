/* test-cypher-studio.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cypher chess in the studio (variants/cypher.md), played by simulated
 * clicks and drags on the board widget (its primary drag gesture's
 * signals, with the widget's own hit-testing): the compound move (4.4,
 * CY7) as a two-step gesture, with its second part and without it (Escape,
 * a click elsewhere), a prisoner release (4.8, CY19) from the pocket, a
 * King flip (4.9) ending the game; the game saved as text in the record
 * notation of 6.3 (`Sd3,Rc0`, `P@c5`) and read back; the pockets' counts
 * (pos->hand); and the rules explained in the status line (3.4, 4.5).
 */
#include "studio-config.h"

#include <string.h>

#include <adwaita.h>

#include "cheops-core.h"
#include "cheops-game.h"
#include "studio-board-scene.h"
#include "studio-board-view.h"
#include "studio-document.h"
#include "studio-setup-panel.h"
#include "studio-test-util.h"
#include "studio-window.h"
#include "studio-window-private.h"

static const CheopsVariant *cypher;

/* White: King g2, Spy d0 (Court), Rook c3, Pawn b4; Black: King e8, Spy
 * h10 (Court), Rook b8.  The game of the tests: 1. Sd3,Rc0 Rxb4 2. P@c5
 * Sh4 3. Kg3# (a King flip, 4.9). */
#define START_FEN "8s1/10/2r2k4/10/10/10/2P7/3R6/7K2/10/4S5 w - 0+0 - 0 1"
/* After it (the checks, the hands, the clocks of 6.1). */
#define END_FEN "10/10/5k4/10/10/3P6/2r5s1/4S2K2/10/10/3R6 b - 0+0 - 2 3"

static CheopsCell
cell (const char *name)
{
  CheopsCell c = cheops_variant_cell_parse (cypher, name, NULL);

  g_assert_cmpuint (c, !=, CHEOPS_CELL_NONE);
  return c;
}

/* A window showing a new game from @fen. */
static StudioWindow *
cypher_window (const char *fen)
{
  StudioWindow *window = studio_window_new (NULL);
  g_autofree char *text = g_strdup_printf ("[Variant \"Cypher\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n*\n", fen);
  g_autoptr(GError) error = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_window_load_text (window, text, &error));
  g_assert_no_error (error);
  g_assert_true (studio_document_get_variant (studio_window_get_document (window)) == cypher);
  studio_test_spin_frames ();
  return window;
}

/* The board view's primary-button drag gesture. */
static GtkGesture *
primary_gesture (GtkWidget *view)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (view);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_DRAG (c) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_PRIMARY)
        return GTK_GESTURE (c);
    }
  g_assert_not_reached ();
}

/* A press and release at (@x, @y), or a drag from there by (@dx, @dy). */
static void
gesture_at (StudioWindow *window,
            double        x,
            double        y,
            double        dx,
            double        dy)
{
  GtkGesture *gesture = primary_gesture (GTK_WIDGET (window->board_view));

  g_signal_emit_by_name (gesture, "drag-begin", x, y);
  if (dx != 0 || dy != 0)
    {
      g_signal_emit_by_name (gesture, "drag-update", dx / 2, dy / 2);
      g_signal_emit_by_name (gesture, "drag-update", dx, dy);
    }
  g_signal_emit_by_name (gesture, "drag-end", dx, dy);
}

static void
click (StudioWindow *window,
       const char   *name)
{
  double x, y;

  g_assert_true (studio_board_view_cell_center (window->board_view, cell (name), &x, &y));
  g_assert_cmpuint (studio_board_view_cell_at (window->board_view, x, y), ==, cell (name));
  gesture_at (window, x, y, 0, 0);
}

static void
drag (StudioWindow *window,
      const char   *from,
      const char   *to)
{
  double x0, y0, x1, y1;

  g_assert_true (studio_board_view_cell_center (window->board_view, cell (from), &x0, &y0));
  g_assert_true (studio_board_view_cell_center (window->board_view, cell (to), &x1, &y1));
  gesture_at (window, x0, y0, x1 - x0, y1 - y0);
}

static void
click_pocket (StudioWindow *window,
              CheopsSide    side)
{
  double x, y;
  CheopsSide hit_side;
  CheopsPieceType hit_type;

  g_assert_true (studio_board_view_pocket_center (window->board_view, side, CHEOPS_PIECE_TYPE_MAX - 1, &x, &y) == FALSE);
  g_assert_true (studio_board_view_pocket_center (window->board_view, side, cypher->drop_kinds[0], &x, &y));
  g_assert_true (studio_board_view_pocket_at (window->board_view, x, y, &hit_side, &hit_type));
  g_assert_cmpint (hit_side, ==, side);
  g_assert_cmpuint (hit_type, ==, cypher->drop_kinds[0]);
  gesture_at (window, x, y, 0, 0);
}

static void
escape (StudioWindow *window)
{
  gboolean handled = FALSE;

  g_signal_emit_by_name (studio_test_key_controller (GTK_WIDGET (window->board_view)), "key-pressed",
                         GDK_KEY_Escape, 9, (GdkModifierType) 0, &handled);
  g_assert_true (handled);
}

/* The SAN of the current node's move. */
static char *
last_san (StudioWindow *window)
{
  StudioDocument *document = studio_window_get_document (window);
  CheopsGameNode *node = studio_document_get_current (document);
  CheopsGameNode *parent = cheops_game_node_get_parent (node);
  char san[64];

  g_assert_nonnull (parent);
  san[cheops_move_to_san (cheops_game_node_get_position (parent), cheops_game_node_get_move (node), san)] = '\0';
  return g_strdup (san);
}

static char *
cells_text (CheopsCellSet set)
{
  GString *text = g_string_new (NULL);

  while (set != CHEOPS_CELLSET_EMPTY)
    {
      CheopsCell c = cheops_cellset_pop (&set);

      g_string_append_printf (text, "%s%s", text->len > 0 ? " " : "", cheops_variant_cell_name (cypher, c));
    }
  return g_string_free (text, FALSE);
}

/* The whole game by the pointer: the compound move's two steps, a capture
 * by a drag, a drop from the pocket, a compound move cut short by Escape,
 * the King flip; saved and read back. */
static void
test_play_by_clicks (void)
{
  StudioWindow *window = cypher_window (START_FEN);
  StudioDocument *document = studio_window_get_document (window);
  StudioBoardScene *scene = window->scene;
  const CheopsPosition *pos;
  g_autofree char *status = NULL;
  g_autofree char *san = NULL;
  g_autofree char *text = NULL;
  g_autofree char *cells = NULL;
  g_autoptr(GError) error = NULL;

  /* 1. Sd3,Rc0: the Spy leaves Court (4.4) ... */
  click (window, "d0");
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, cell ("d0"));
  click (window, "d3");
  g_assert_cmpuint (studio_board_scene_get_pending (scene), ==, cheops_move_make (cell ("d0"), cell ("d3")));
  g_assert_cmpuint (cheops_game_node_get_n_children (studio_document_get_current (document)), ==, 0);
  /* ... the Rook may now enter Court: it alone is marked. */
  cells = cells_text (studio_board_scene_get_continuations (scene));
  g_assert_cmpstr (cells, ==, "c3");
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "White to move · Sd3: move a marked piece to complete the move, "
                               "or press Escape to play it alone");
  click (window, "c3");
  g_clear_pointer (&cells, g_free);
  cells = cells_text (studio_board_scene_get_destinations (scene));
  g_assert_cmpstr (cells, ==, "c0 z3 c10");   /* CY7: the Spy on d3 blocks i3 */
  click (window, "c0");
  g_assert_cmpuint (studio_board_scene_get_pending (scene), ==, CHEOPS_MOVE_NONE);
  san = last_san (window);
  g_assert_cmpstr (san, ==, "Sd3,Rc0");

  /* 1... Rxb4 by a drag: White's pawn goes to White's hand (4.8). */
  pos = studio_document_get_position (document);
  g_assert_cmpuint (pos->hand[CHEOPS_SIDE_A][cypher->drop_kinds[0]], ==, 0);
  drag (window, "b8", "b4");
  g_clear_pointer (&san, g_free);
  san = last_san (window);
  g_assert_cmpstr (san, ==, "Rxb4");
  pos = studio_document_get_position (document);
  g_assert_cmpuint (pos->hand[CHEOPS_SIDE_A][cypher->drop_kinds[0]], ==, 1);
  g_assert_cmpuint (pos->hand[CHEOPS_SIDE_B][cypher->drop_kinds[0]], ==, 0);

  /* 2. P@c5: the pocket offers only the legal drops (CY19: the empty
   * Border cells; none gives check here). */
  click_pocket (window, CHEOPS_SIDE_A);
  g_assert_cmpuint (studio_board_scene_get_drop_type (scene), ==, cypher->drop_kinds[0]);
  g_clear_pointer (&cells, g_free);
  cells = cells_text (studio_board_scene_get_destinations (scene));
  g_assert_cmpstr (cells, ==, "a5 b5 c5 d5 e5 f5 g5 h5");
  click (window, "c5");
  g_clear_pointer (&san, g_free);
  san = last_san (window);
  g_assert_cmpstr (san, ==, "P@c5");
  pos = studio_document_get_position (document);
  g_assert_cmpuint (pos->hand[CHEOPS_SIDE_A][cypher->drop_kinds[0]], ==, 0);

  /* 2... Sh4: a compound move is possible (the Rook b4 to z4 or b0), but
   * Escape plays the Spy's move alone. */
  click (window, "h10");
  click (window, "h4");
  g_clear_pointer (&cells, g_free);
  cells = cells_text (studio_board_scene_get_continuations (scene));
  g_assert_cmpstr (cells, ==, "b4");
  escape (window);
  g_clear_pointer (&san, g_free);
  san = last_san (window);
  g_assert_cmpstr (san, ==, "Sh4");

  /* 3. Kg3#: the King steps next to the Field Spy and flips it (4.9). */
  click (window, "g2");
  click (window, "g3");
  g_clear_pointer (&san, g_free);
  san = last_san (window);
  g_assert_cmpstr (san, ==, "Kg3#");
  g_clear_pointer (&status, g_free);
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "White wins by a flip.");
  g_assert_cmpstr (studio_document_get_result (document, studio_document_get_outcome (document)), ==, "1-0");

  /* Saved and read back: the moves, the end position, the result. */
  text = studio_document_dup_game_text (document);
  g_assert_nonnull (strstr (text, "[Variant \"Cypher\"]\n"));
  g_assert_nonnull (strstr (text, "[FEN \"" START_FEN "\"]\n"));
  g_assert_nonnull (strstr (text, "1. Sd3,Rc0 Rxb4 2. P@c5 Sh4 3. Kg3# 1-0"));
  {
    StudioWindow *reader = studio_window_new (NULL);
    StudioDocument *read = studio_window_get_document (reader);
    g_autofree char *again = NULL;
    g_autofree char *fen = NULL;
    g_autofree char *read_status = NULL;

    g_assert_true (studio_window_load_text (reader, text, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (studio_document_get_load_errors (read)->len, ==, 0);
    g_assert_true (studio_document_get_variant (read) == cypher);
    again = studio_document_dup_game_text (read);
    g_assert_cmpstr (again, ==, text);
    g_assert_true (studio_document_go_end (read));
    fen = studio_document_dup_fen (read);
    g_assert_cmpstr (fen, ==, END_FEN);
    read_status = _studio_window_dup_status (reader);
    g_assert_cmpstr (read_status, ==, "White wins by a flip.");
    g_assert_cmpstr (studio_document_get_result (read, studio_document_get_outcome (read)), ==, "1-0");
    gtk_window_destroy (GTK_WINDOW (reader));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The other ways to end a compound move: a click elsewhere plays the Spy's
 * move alone; the second part by a drag. */
static void
test_compound_click_elsewhere_and_drag (void)
{
  StudioWindow *window = cypher_window (START_FEN);
  StudioDocument *document = studio_window_get_document (window);
  g_autofree char *san = NULL;

  click (window, "d0");
  click (window, "d3");
  g_assert_cmpuint (studio_board_scene_get_pending (window->scene), !=, CHEOPS_MOVE_NONE);
  click (window, "e6");   /* an empty Field cell, no marked piece */
  san = last_san (window);
  g_assert_cmpstr (san, ==, "Sd3");

  /* Back, and the second part dragged: Sd5,Rc10. */
  g_assert_true (studio_document_go_back (document));
  drag (window, "d0", "d5");
  g_assert_cmpuint (studio_board_scene_get_pending (window->scene), ==, cheops_move_make (cell ("d0"), cell ("d5")));
  /* A drag to a cell the Rook may not reach keeps the move waiting. */
  drag (window, "c3", "d4");
  g_assert_cmpuint (studio_board_scene_get_pending (window->scene), !=, CHEOPS_MOVE_NONE);
  drag (window, "c3", "c10");
  g_clear_pointer (&san, g_free);
  san = last_san (window);
  g_assert_cmpstr (san, ==, "Sd5,Rc10");
  /* The move list holds both moves as one each: Sd3 and Sd5,Rc10. */
  g_assert_cmpuint (cheops_game_node_get_n_children (cheops_game_node_get_parent (studio_document_get_current (document))),
                    ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The pockets show each side's hand (6.1 field 3, "PPp": White 2, Black
 * 1), only for a game with drops; a click on the other side's pocket picks
 * nothing; the drops offered are the legal ones only (section 8: not c5,
 * occupied, nor d5 and f5, which would check the King on e6). */
static void
test_pocket_counts (void)
{
  StudioWindow *window = cypher_window ("s9/10/10/10/5k4/3p6/10/10/5K4/10/1S8 w PPp 0+0 - 0 1");
  StudioDocument *document = studio_window_get_document (window);
  const CheopsPosition *pos = studio_document_get_position (document);
  g_autofree char *cells = NULL;
  g_autofree char *san = NULL;
  double x, y;

  g_assert_cmpuint (pos->hand[CHEOPS_SIDE_A][cypher->drop_kinds[0]], ==, 2);
  g_assert_cmpuint (pos->hand[CHEOPS_SIDE_B][cypher->drop_kinds[0]], ==, 1);

  click_pocket (window, CHEOPS_SIDE_B);
  g_assert_cmpuint (studio_board_scene_get_drop_type (window->scene), ==, CHEOPS_NO_PIECE_TYPE);
  /* Click-click from the pocket; a second click on it puts the pawn back. */
  click_pocket (window, CHEOPS_SIDE_A);
  cells = cells_text (studio_board_scene_get_destinations (window->scene));
  g_assert_cmpstr (cells, ==, "a5 b5 e5 g5 h5");
  click_pocket (window, CHEOPS_SIDE_A);
  g_assert_cmpuint (studio_board_scene_get_drop_type (window->scene), ==, CHEOPS_NO_PIECE_TYPE);
  /* A drag from the pocket onto an illegal cell drops nothing; onto a legal
   * one it drops. */
  g_assert_true (studio_board_view_pocket_center (window->board_view, CHEOPS_SIDE_A, cypher->drop_kinds[0], &x, &y));
  {
    double x1, y1;

    g_assert_true (studio_board_view_cell_center (window->board_view, cell ("d5"), &x1, &y1));
    gesture_at (window, x, y, x1 - x, y1 - y);
    g_assert_cmpuint (cheops_game_node_get_n_children (studio_document_get_current (document)), ==, 0);
    g_assert_true (studio_board_view_cell_center (window->board_view, cell ("b5"), &x1, &y1));
    gesture_at (window, x, y, x1 - x, y1 - y);
  }
  san = last_san (window);
  g_assert_cmpstr (san, ==, "P@b5");
  pos = studio_document_get_position (document);
  g_assert_cmpuint (pos->hand[CHEOPS_SIDE_A][cypher->drop_kinds[0]], ==, 1);
  g_assert_cmpuint (pos->hand[CHEOPS_SIDE_B][cypher->drop_kinds[0]], ==, 1);

  /* A game without drops has no pockets. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "cheops");
  g_assert_false (studio_board_view_pocket_center (window->board_view, CHEOPS_SIDE_A, 1, &x, &y));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The status line explains the capture table (3.4) when the user tries a
 * capture it forbids, and the re-take window (4.5). */
static void
test_sector_hints (void)
{
  StudioWindow *window = cypher_window ("10/9k/10/9s/10/10/3b6/3R5S/10/9K/10 w - 0+0 - 0 1");
  g_autofree char *status = NULL;

  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "White to move");
  /* The Field Rook c3 onto the Field Bishop c4. */
  click (window, "c3");
  click (window, "c4");
  g_clear_pointer (&status, g_free);
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "White to move · The Bishop on c4 cannot be taken from the Field (3.4)");
  /* A move played clears it. */
  click (window, "c3");
  click (window, "c2");
  g_clear_pointer (&status, g_free);
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Black to move");
  gtk_window_destroy (GTK_WINDOW (window));

  /* The Black Rook on e4 has just taken from the Border: White's Field
   * Knight may take it back, on this move only. */
  window = cypher_window ("10/9k/10/9s/10/10/5r4/3N5S/10/9K/10 w - 0+0 e4 0 1");
  g_clear_pointer (&status, g_free);
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "White to move · Re-take: the Knight may capture on e4 this move (4.5)");
  gtk_window_destroy (GTK_WINDOW (window));

  /* Court (3.4): only the Spy takes there; a major enters Court only as
   * the Spy leaves it (4.4). */
  {
    CheopsPosition pos;
    CheopsError error;
    CheopsNote note;
    g_autofree char *words = NULL;

    g_assert_true (cheops_position_from_fen (&pos, cypher, "10/9k/10/9s/10/10/10/3R5S/3b6/9K/10 w - 0+0 - 0 1", &error));
    g_assert_false (cheops_position_move_note (&pos, cell ("c3"), cell ("c4"), &note));
    g_assert_true (cheops_position_move_note (&pos, cell ("c3"), cell ("z3"), &note));
    words = studio_format_note (&note);
    g_assert_cmpstr (words, ==, "The Rook may enter Court only as the Spy leaves it (4.4)");
    g_assert_false (cheops_position_move_note (&pos, CHEOPS_CELL_NONE, CHEOPS_CELL_NONE, &note));
  }
}

static void
collect (GtkWidget *widget,
         GType      type,
         GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect (child, type, found);
}

/* The set-up offers the hands (6.1 field 3), the check counters (field 4)
 * and the mark (field 5), each written into the FEN. */
static void
test_setup_extras (void)
{
  StudioWindow *window = cypher_window (START_FEN);
  g_autoptr(GPtrArray) spins = g_ptr_array_new ();
  g_autoptr(GPtrArray) entries = g_ptr_array_new ();
  GtkWidget *panel;
  g_autofree char *fen = NULL;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.setup-position", NULL);
  panel = studio_window_get_setup_panel (window);
  collect (panel, GTK_TYPE_SPIN_BUTTON, spins);
  collect (panel, GTK_TYPE_ENTRY, entries);
  /* White's and Black's pawns in hand, White's and Black's counters. */
  g_assert_cmpuint (spins->len, ==, 4);
  g_assert_cmpuint (entries->len, ==, 1);

  gtk_spin_button_set_value (g_ptr_array_index (spins, 0), 2);
  gtk_spin_button_set_value (g_ptr_array_index (spins, 1), 1);
  gtk_spin_button_set_value (g_ptr_array_index (spins, 2), 3);
  gtk_editable_set_text (g_ptr_array_index (entries, 0), "b8");
  fen = studio_setup_panel_dup_fen (STUDIO_SETUP_PANEL (panel));
  g_assert_cmpstr (fen, ==, "8s1/10/2r2k4/10/10/10/2P7/3R6/7K2/10/4S5 w PPp 3+0 b8 0 1");
  g_assert_true (studio_setup_panel_get_valid (STUDIO_SETUP_PANEL (panel)));

  /* Black's counter above 0 with White not in check: F10. */
  gtk_spin_button_set_value (g_ptr_array_index (spins, 3), 1);
  g_assert_false (studio_setup_panel_get_valid (STUDIO_SETUP_PANEL (panel)));
  gtk_spin_button_set_value (g_ptr_array_index (spins, 3), 0);
  gtk_editable_set_text (g_ptr_array_index (entries, 0), "");
  g_clear_pointer (&fen, g_free);
  fen = studio_setup_panel_dup_fen (STUDIO_SETUP_PANEL (panel));
  g_assert_cmpstr (fen, ==, "8s1/10/2r2k4/10/10/10/2P7/3R6/7K2/10/4S5 w PPp 3+0 - 0 1");

  /* A FEN typed sets the rows. */
  studio_setup_panel_set_fen (STUDIO_SETUP_PANEL (panel), START_FEN);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (g_ptr_array_index (spins, 0)), ==, 0);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (g_ptr_array_index (spins, 2)), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);
  cypher = cheops_variant_find ("cypher");
  g_assert_nonnull (cypher);
  g_assert_nonnull (cypher->drop_kinds);

  g_test_add_func ("/Studio/Cypher/play-by-clicks", test_play_by_clicks);
  g_test_add_func ("/Studio/Cypher/compound-click-elsewhere-and-drag", test_compound_click_elsewhere_and_drag);
  g_test_add_func ("/Studio/Cypher/pocket-counts", test_pocket_counts);
  g_test_add_func ("/Studio/Cypher/sector-hints", test_sector_hints);
  g_test_add_func ("/Studio/Cypher/setup-extras", test_setup_extras);

  return g_test_run ();
}
