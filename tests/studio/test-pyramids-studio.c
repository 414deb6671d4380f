/* test-pyramids-studio.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pyramids in the studio (variants/pyramids.md), driven through the board
 * widget's own pointer gestures: a stack moved whole by a drag, a part of
 * it chosen from the parts popover and played by a click (a split, PY7), a
 * part merged onto a friendly stack (PY8), a part choice where only parts
 * of a stack can go, a promotion chosen from the popover of the 15 pinos
 * (PY5, a grid), the game in record notation (6.3, PY19) in the move list,
 * the status line and the analysis lines, saved and read back; the stack's
 * name in the tooltip over its cell (3.6, PY20); and the set-up building
 * stacks checker by checker, with the faraons' rights as switches (4.3).
 */
#include "studio-config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <adwaita.h>

#include "cheops-core.h"
#include "cheops-game.h"
#include "studio-analysis-panel.h"
#include "studio-board-view.h"
#include "studio-document.h"
#include "studio-setup-panel.h"
#include "studio-test-util.h"
#include "studio-window.h"
#include "studio-window-private.h"

static const CheopsVariant *pyramids;

static CheopsCell
cell (const char *name)
{
  CheopsCell c = cheops_variant_cell_parse (pyramids, name, NULL);

  g_assert_cmpuint (c, !=, CHEOPS_CELL_NONE);
  return c;
}

/* The board view's primary-button drag gesture (presses, clicks, drags). */
static GtkGestureDrag *
primary_gesture (GtkWidget *view)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (view);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_DRAG (controller) &&
          gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (controller)) == GDK_BUTTON_PRIMARY)
        return GTK_GESTURE_DRAG (controller);
    }
  g_assert_not_reached ();
  return NULL;
}

/* A press on @from and a release on @to (a click when they are the same),
 * as the gesture reports them: drag-begin at the centre of @from, a motion
 * half way and at @to, drag-end. */
static void
gesture (GtkWidget  *view,
         const char *from,
         const char *to)
{
  GtkGestureDrag *drag = primary_gesture (view);
  double x0, y0, x1, y1;

  g_assert_true (studio_board_view_cell_center (STUDIO_BOARD_VIEW (view), cell (from), &x0, &y0));
  g_assert_true (studio_board_view_cell_center (STUDIO_BOARD_VIEW (view), cell (to), &x1, &y1));
  g_signal_emit_by_name (drag, "drag-begin", x0, y0);
  if (x1 != x0 || y1 != y0)
    {
      g_signal_emit_by_name (drag, "drag-update", (x1 - x0) / 2, (y1 - y0) / 2);
      g_signal_emit_by_name (drag, "drag-update", x1 - x0, y1 - y0);
    }
  g_signal_emit_by_name (drag, "drag-end", x1 - x0, y1 - y0);
}

static void
click (GtkWidget  *view,
       const char *name)
{
  gesture (view, name, name);
}

/* The buttons of a choice or parts popover, in order, and their names. */
static GPtrArray *
popover_buttons (GtkWidget *popover,
                 GString   *names)
{
  GPtrArray *buttons = g_ptr_array_new ();
  GtkWidget *grid = studio_test_find_widget_of_type (popover, GTK_TYPE_GRID);

  g_assert_nonnull (grid);
  for (GtkWidget *b = gtk_widget_get_first_child (grid); b != NULL; b = gtk_widget_get_next_sibling (b))
    {
      GtkWidget *box = gtk_button_get_child (GTK_BUTTON (b));
      GtkWidget *label = gtk_widget_get_last_child (box);

      g_ptr_array_add (buttons, b);
      g_string_append_printf (names, "%s%s", names->len > 0 ? " " : "", gtk_label_get_label (GTK_LABEL (label)));
    }
  return buttons;
}

/* The grid's column of each button (rows of five). */
static int
button_column (GtkWidget *button)
{
  int column, row, width, height;

  gtk_grid_query_child (GTK_GRID (gtk_widget_get_parent (button)), button, &column, &row, &width, &height);
  return column + 10 * row;
}

/* A window showing a Pyramids game from @fen (a set-up game). */
static StudioWindow *
pyramids_window (const char *fen)
{
  StudioWindow *window = studio_window_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
  gtk_window_present (GTK_WINDOW (window));
  if (fen == NULL)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "pyramids");
  else
    {
      text = g_strdup_printf ("[Variant \"Pyramids\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n*\n", fen);
      g_assert_true (studio_window_load_text (window, text, &error));
      g_assert_no_error (error);
    }
  g_assert_true (studio_document_get_variant (studio_window_get_document (window)) == pyramids);
  while (gtk_widget_get_width (GTK_WIDGET (window->board_view)) <= 0)
    g_main_context_iteration (NULL, TRUE);
  return window;
}

static char *
current_san (StudioWindow *window)
{
  CheopsGameNode *node = studio_document_get_current (studio_window_get_document (window));

  return g_strdup (cheops_game_node_get_san (node));
}

/* The game of the tests: White's Jackal (42) and Squirrel (2) on the first
 * rank, a slave on h8 one step from promotion, Black's Rook on a9. */
#define GAME_FEN "(.4)3f4/7S1/9/9/9/9/9/9/1(42.)1(2.)F4 w - 0 1"

/* By gestures on the board: 1. 42c1 (the Jackal dragged whole) 4a8 2. 2ce3
 * (a click on c1, a click on it again, the Squirrel from the parts
 * popover, a click on e3: the split, PY7) 4a7 3. 2c1 (the Squirrel dragged
 * back onto the Rook: a merge, PY8, 42 again) 4a6 4. h9=431+ (the slave
 * dragged to h9, the Sphinx from the grid of 15) Ff8; the move list,
 * status, saved text and read-back FEN. */
static void
test_play_by_gestures (void)
{
  StudioWindow *window = pyramids_window (GAME_FEN);
  StudioDocument *document = studio_window_get_document (window);
  GtkWidget *view = GTK_WIDGET (window->board_view);
  GtkWidget *popover;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(GPtrArray) buttons = NULL;
  g_autofree char *san = NULL;
  g_autofree char *status = NULL;
  g_autofree char *text = NULL;
  g_autofree char *fen = NULL;
  guint part;

  /* A press and drag moves the stack whole. */
  gesture (view, "b1", "c1");
  san = current_san (window);
  g_assert_cmpstr (san, ==, "42c1");
  gesture (view, "a9", "a8");
  g_clear_pointer (&san, g_free);
  san = current_san (window);
  g_assert_cmpstr (san, ==, "4a8");

  /* A click selects the whole stack: its destinations are the whole
   * stack's and its parts'; a click on it again offers the parts. */
  click (view, "c1");
  g_assert_cmpuint (studio_board_scene_get_selected (window->scene), ==, cell ("c1"));
  g_assert_false (studio_board_scene_get_selected_part (window->scene, NULL));
  g_assert_null (studio_board_view_get_parts_popover (STUDIO_BOARD_VIEW (view)));
  click (view, "c1");
  popover = studio_board_view_get_parts_popover (STUDIO_BOARD_VIEW (view));
  g_assert_nonnull (popover);
  g_assert_cmpuint (studio_board_scene_get_selected (window->scene), ==, cell ("c1"));
  buttons = popover_buttons (popover, names);
  g_assert_cmpstr (names->str, ==, "Jackal Rook Squirrel");
  g_signal_emit_by_name (g_ptr_array_index (buttons, 2), "clicked");
  g_assert_null (studio_board_view_get_parts_popover (STUDIO_BOARD_VIEW (view)));
  g_assert_true (studio_board_scene_get_selected_part (window->scene, &part));
  g_assert_cmpuint (part, ==, 2);   /* size 2: bit 1 */
  /* The Squirrel's N(2) ring from c1 (3.1): a1 a2 a3 b3 c3 d3 e3 e2, not
   * e1 (the faraon). */
  g_assert_cmpint (cheops_cellset_count (studio_board_scene_get_destinations (window->scene)), ==, 8);
  g_assert_true (cheops_cellset_has (studio_board_scene_get_destinations (window->scene), cell ("e3")));
  g_assert_false (cheops_cellset_has (studio_board_scene_get_destinations (window->scene), cell ("c2")));
  click (view, "e3");
  g_clear_pointer (&san, g_free);
  san = current_san (window);
  g_assert_cmpstr (san, ==, "2ce3");
  g_assert_cmpuint (studio_document_get_position (document)->board[cell ("c1")], ==,
                    cheops_piece_make (CHEOPS_SIDE_A, cheops_variant_piece_type (pyramids, '4')));
  gesture (view, "a8", "a7");

  /* The merge: the Squirrel back onto the Rook. */
  gesture (view, "e3", "c1");
  g_clear_pointer (&san, g_free);
  san = current_san (window);
  g_assert_cmpstr (san, ==, "2c1");
  gesture (view, "a7", "a6");

  /* The promotion: a grid of the 15 pinos, rows of five. */
  gesture (view, "h8", "h9");
  popover = studio_board_view_get_choice_popover (STUDIO_BOARD_VIEW (view));
  g_assert_nonnull (popover);
  g_ptr_array_unref (g_steal_pointer (&buttons));
  g_string_truncate (names, 0);
  buttons = popover_buttons (popover, names);
  g_assert_cmpstr (names->str, ==,
                   "Guard Squirrel Bishop Rook Lion Horse Dragon Ibis Jackal Queen "
                   "Scarab Cobra Sphinx Obelisk Pyramid");
  g_assert_cmpint (button_column (g_ptr_array_index (buttons, 4)), ==, 4);
  g_assert_cmpint (button_column (g_ptr_array_index (buttons, 5)), ==, 10);
  g_assert_cmpint (button_column (g_ptr_array_index (buttons, 14)), ==, 24);
  g_signal_emit_by_name (g_ptr_array_index (buttons, 12), "clicked");
  g_assert_null (studio_board_view_get_choice_popover (STUDIO_BOARD_VIEW (view)));
  g_clear_pointer (&san, g_free);
  san = current_san (window);
  g_assert_cmpstr (san, ==, "h9=431+");
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Black to move, in check");
  gesture (view, "e9", "f8");

  text = studio_document_dup_game_text (document);
  g_assert_nonnull (strstr (text, "[Variant \"Pyramids\"]\n"));
  g_assert_nonnull (strstr (text, "1. 42c1 4a8 2. 2ce3 4a7 3. 2c1 4a6 4. h9=431+ Ff8 *"));
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, "7(431.)1/5f3/9/(.4)8/9/9/9/9/2(42.)(2.)F4 w - 1 5");

  /* Read back by another window: the same moves and position. */
  {
    StudioWindow *reader = studio_window_new (NULL);
    StudioDocument *read = studio_window_get_document (reader);
    g_autoptr(GError) error = NULL;
    g_autofree char *again = NULL;
    g_autofree char *fen2 = NULL;

    g_assert_true (studio_window_load_text (reader, text, &error));
    g_assert_no_error (error);
    g_assert_true (studio_document_get_variant (read) == pyramids);
    again = studio_document_dup_game_text (read);
    g_assert_cmpstr (again, ==, text);
    g_assert_true (studio_document_go_end (read));
    fen2 = studio_document_dup_fen (read);
    g_assert_cmpstr (fen2, ==, fen);
    gtk_window_destroy (GTK_WINDOW (reader));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Where only parts of a stack can go, the drop asks which part: the
 * Sphinx (431) on c3 cannot join the Guard on d4 whole (both have a 1,
 * 3.3), but its 43 and its 3 can (D); the popover names them, largest
 * first, and the Bishop plays c3d43.  Escape on the parts popover keeps
 * the whole stack selected. */
static void
test_part_choice (void)
{
  StudioWindow *window = pyramids_window ("4f4/9/9/9/9/3(1.)5/2(431.)6/9/4F4 w - 0 1");
  GtkWidget *view = GTK_WIDGET (window->board_view);
  GtkWidget *popover;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(GPtrArray) buttons = NULL;
  g_autofree char *san = NULL;

  gesture (view, "c3", "d4");
  g_assert_true (studio_board_scene_get_choice_is_part (window->scene));
  popover = studio_board_view_get_choice_popover (STUDIO_BOARD_VIEW (view));
  g_assert_nonnull (popover);
  buttons = popover_buttons (popover, names);
  g_assert_cmpstr (names->str, ==, "Queen Bishop");
  g_signal_emit_by_name (g_ptr_array_index (buttons, 1), "clicked");
  san = current_san (window);
  g_assert_cmpstr (san, ==, "3d4");
  {
    char text[CHEOPS_MOVE_TEXT_MAX];
    CheopsGameNode *node = studio_document_get_current (studio_window_get_document (window));

    cheops_move_to_text (pyramids, cheops_game_node_get_move (node), text);
    g_assert_cmpstr (text, ==, "c3d43");
  }

  /* The parts of the rest (41 on c3) after a move of Black's. */
  gesture (view, "e9", "e8");
  click (view, "c3");
  click (view, "c3");
  popover = studio_board_view_get_parts_popover (STUDIO_BOARD_VIEW (view));
  g_assert_nonnull (popover);
  g_ptr_array_unref (g_steal_pointer (&buttons));
  g_string_truncate (names, 0);
  buttons = popover_buttons (popover, names);
  g_assert_cmpstr (names->str, ==, "Dragon Rook Guard");
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_get_visible (popover));
  gtk_popover_popdown (GTK_POPOVER (popover));
  studio_test_spin_frames ();
  g_assert_null (studio_board_view_get_parts_popover (STUDIO_BOARD_VIEW (view)));
  g_assert_cmpuint (studio_board_scene_get_selected (window->scene), ==, cell ("c3"));
  g_assert_false (studio_board_scene_get_selected_part (window->scene, NULL));

  /* A piece without parts (the faraon): a second click puts it down. */
  click (view, "e1");
  g_assert_cmpuint (studio_board_scene_get_selected (window->scene), ==, cell ("e1"));
  click (view, "e1");
  g_assert_null (studio_board_view_get_parts_popover (STUDIO_BOARD_VIEW (view)));
  g_assert_cmpuint (studio_board_scene_get_selected (window->scene), ==, CHEOPS_CELL_NONE);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The tooltip over a cell names the piece by its colour and its kind's
 * name in the table (3.6): a stack as the whole it is. */
static void
test_stack_tooltip (void)
{
  StudioWindow *window = pyramids_window ("4f4/9/9/9/3(431.)5/9/7(.21)1/9/(4321.)3F4 w - 0 1");
  StudioBoardView *view = window->board_view;
  g_autofree char *sphinx = studio_board_view_dup_cell_tooltip (view, cell ("d5"));
  g_autofree char *pyramid = studio_board_view_dup_cell_tooltip (view, cell ("a1"));
  g_autofree char *lion = studio_board_view_dup_cell_tooltip (view, cell ("h3"));
  g_autofree char *faraon = studio_board_view_dup_cell_tooltip (view, cell ("e9"));

  g_assert_cmpstr (sphinx, ==, "White Sphinx on d5");
  g_assert_cmpstr (pyramid, ==, "White Pyramid on a1");
  g_assert_cmpstr (lion, ==, "Black Lion on h3");
  g_assert_cmpstr (faraon, ==, "Black Faraon on e9");
  g_assert_null (studio_board_view_dup_cell_tooltip (view, cell ("e4")));
  g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (view)));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The set-up: the palette offers the faraon, the slave and the four
 * checkers; a checker clicked onto a stack of its side joins it, clicked
 * again it comes off; another side's checker replaces the stack; the
 * rights are switches, written in the FEN's rights field (4.3, 6.1). */
static void
test_setup_stacks (void)
{
  StudioWindow *window = pyramids_window (NULL);
  StudioSetupPanel *panel;
  CheopsPieceType rook = cheops_variant_piece_type (pyramids, '4');
  CheopsPieceType guard = cheops_variant_piece_type (pyramids, '1');
  CheopsPieceType bishop = CHEOPS_NO_PIECE_TYPE;
  CheopsCell e5 = cell ("e5");
  g_autofree char *fen = NULL;
  int n_placeable = 0;

  for (CheopsPieceType t = 1; t < pyramids->n_piece_types; t++)
    {
      if (pyramids->pieces[t].placeable)
        n_placeable++;
      if (g_str_equal (pyramids->pieces[t].name, "Bishop"))
        bishop = t;
    }
  g_assert_cmpint (n_placeable, ==, 6);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.setup-position", NULL);
  panel = STUDIO_SETUP_PANEL (studio_window_get_setup_panel (window));
  gtk_widget_activate_action (GTK_WIDGET (panel), "setup.clear", NULL);

  studio_setup_panel_set_brush (panel, cheops_piece_make (CHEOPS_SIDE_A, rook));
  studio_setup_panel_click_cell (panel, e5, TRUE);
  studio_setup_panel_set_brush (panel, cheops_piece_make (CHEOPS_SIDE_A, guard));
  studio_setup_panel_click_cell (panel, e5, TRUE);
  studio_setup_panel_set_brush (panel, cheops_piece_make (CHEOPS_SIDE_A, bishop));
  studio_setup_panel_click_cell (panel, e5, TRUE);
  fen = studio_setup_panel_dup_fen (panel);
  g_assert_cmpstr (fen, ==, "9/9/9/9/4(431.)4/9/9/9/9 w - 0 1");
  g_assert_cmpstr (cheops_piece_type_name (pyramids, cheops_piece_type (studio_setup_panel_get_position (panel)->board[e5])),
                   ==, "Sphinx");

  /* The Guard clicked again comes off: the Queen stays. */
  studio_setup_panel_set_brush (panel, cheops_piece_make (CHEOPS_SIDE_A, guard));
  studio_setup_panel_click_cell (panel, e5, TRUE);
  g_clear_pointer (&fen, g_free);
  fen = studio_setup_panel_dup_fen (panel);
  g_assert_cmpstr (fen, ==, "9/9/9/9/4(43.)4/9/9/9/9 w - 0 1");

  /* A Black Guard cannot join a White stack: it takes the square. */
  studio_setup_panel_set_brush (panel, cheops_piece_make (CHEOPS_SIDE_B, guard));
  studio_setup_panel_click_cell (panel, e5, TRUE);
  g_clear_pointer (&fen, g_free);
  fen = studio_setup_panel_dup_fen (panel);
  g_assert_cmpstr (fen, ==, "9/9/9/9/4(.1)4/9/9/9/9 w - 0 1");

  /* The faraons and their rights: switches, White's first. */
  studio_setup_panel_set_brush (panel, cheops_piece_make (CHEOPS_SIDE_A, CHEOPS_KING));
  studio_setup_panel_click_cell (panel, cell ("e1"), TRUE);
  studio_setup_panel_set_brush (panel, cheops_piece_make (CHEOPS_SIDE_B, CHEOPS_KING));
  studio_setup_panel_click_cell (panel, cell ("e9"), TRUE);
  g_assert_false (studio_setup_panel_get_flag (panel, 0));
  studio_setup_panel_set_flag (panel, 1, TRUE);
  g_clear_pointer (&fen, g_free);
  fen = studio_setup_panel_dup_fen (panel);
  g_assert_cmpstr (fen, ==, "4f4/9/9/9/4(.1)4/9/9/9/4F4 w f 0 1");
  {
    GtkWidget *row = studio_test_find_widget_of_type (GTK_WIDGET (panel), GTK_TYPE_SWITCH);

    /* The first switch is White's; turned by the user. */
    g_assert_nonnull (row);
    gtk_switch_set_active (GTK_SWITCH (row), TRUE);
  }
  g_clear_pointer (&fen, g_free);
  fen = studio_setup_panel_dup_fen (panel);
  g_assert_cmpstr (fen, ==, "4f4/9/9/9/4(.1)4/9/9/9/4F4 w Ff 0 1");
  g_assert_true (studio_setup_panel_get_flag (panel, 0));
  g_assert_true (studio_setup_panel_get_valid (panel));

  /* A FEN typed with other rights sets the switches. */
  studio_setup_panel_set_fen (panel, "4f4/9/9/9/4(.1)4/9/9/9/4F4 w F 0 1");
  g_assert_true (studio_setup_panel_get_flag (panel, 0));
  g_assert_false (studio_setup_panel_get_flag (panel, 1));
  {
    GtkWidget *first = studio_test_find_widget_of_type (GTK_WIDGET (panel), GTK_TYPE_SWITCH);

    g_assert_true (gtk_switch_get_active (GTK_SWITCH (first)));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The brightness (0..255, the mean of R, G, B) of the pixel at (@x, @y). */
static int
brightness (cairo_surface_t *surface,
            int              x,
            int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 pixel = *(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4);

  return (int) (((pixel >> 16) & 255) + ((pixel >> 8) & 255) + (pixel & 255)) / 3;
}

/* Writes the board drawn at @size to STUDIO_TEST_RENDER_DIR, if set. */
static void
write_board_png (StudioBoardView *view,
                 const char      *name,
                 int              size)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;

  if (g_getenv ("STUDIO_TEST_RENDER_DIR") == NULL)
    return;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size);
  cr = cairo_create (surface);
  studio_board_view_draw (view, cr, size, size);
  cairo_destroy (cr);
  file = g_strconcat (name, ".png", NULL);
  path = g_build_filename (g_getenv ("STUDIO_TEST_RENDER_DIR"), file, NULL);
  cairo_surface_write_to_png (surface, path);
  cairo_surface_destroy (surface);
}

/* A stack's mark shows its sizes as concentric circles (3.6): the
 * Pyramid's discs of its 4, 3, 2 and 1, with a light ring just outside
 * the edge of its 3, 2 and 1 (0.78, 0.60, 0.42 of the radius), the disc
 * darker between, in both sides' colours. */
static void
test_stack_marks (void)
{
  CheopsPieceType pyramid = CHEOPS_NO_PIECE_TYPE;
  const double radius = 90;

  for (CheopsPieceType t = 1; t < pyramids->n_piece_types; t++)
    if (g_str_equal (pyramids->pieces[t].name, "Pyramid"))
      pyramid = t;
  g_assert_cmpuint (pyramid, !=, CHEOPS_NO_PIECE_TYPE);

  for (CheopsSide side = CHEOPS_SIDE_A; side < CHEOPS_SIDE_NB; side++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 200);
      cairo_t *cr = cairo_create (surface);

      studio_board_view_draw_piece_mark (cr, pyramids, pyramid, &pyramids->sides[side], 100, 100, radius);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      /* Along the row through the centre, to the left of the digits. */
      for (guint i = 0; i < 3; i++)
        {
          static const double rings[] = { 0.78, 0.60, 0.42 };
          int ring = brightness (surface, (int) round (100 - (rings[i] + 0.055) * radius), 100);
          int between = brightness (surface, (int) round (100 - (rings[i] + 0.13) * radius), 100);

          g_assert_cmpint (ring, >, between + 40);
        }
      cairo_surface_destroy (surface);
    }

  /* Renderings to look at, small and large. */
  {
    StudioWindow *window = pyramids_window ("4f4/9/9/9/3(431.)(.42)4/9/7(.21)1/9/(4321.)3F2(.321)1 w - 0 1");

    write_board_png (window->board_view, "pyramids-small", 300);
    write_board_png (window->board_view, "pyramids-large", 1000);
    /* The Sphinx's 3 chosen to move: lifted off the 41 left. */
    g_assert_true (studio_board_scene_select_part (window->scene, cell ("d5"), 4));
    write_board_png (window->board_view, "pyramids-part", 600);
    gtk_window_destroy (GTK_WINDOW (window));
  }
}

/* A fake engine that plays pyramids and answers every search with @pv
 * (Pyramids machine text). */
static char *
make_engine (const char *dir,
             const char *pv)
{
  g_autofree char *path = g_build_filename (dir, "engine", NULL);
  g_autofree char *script = NULL;
  g_autoptr(GError) error = NULL;

  script = g_strdup_printf ("#!/bin/sh\n"
                            "FAKE_ENGINE_VARIANTS='cheops pyramids' "
                            "FAKE_ENGINE_PV='%s' FAKE_ENGINE_SCORE='cp 35' exec '%s' good\n",
                            pv, g_getenv ("STUDIO_FAKE_ENGINE"));
  g_file_set_contents (path, script, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return g_steal_pointer (&path);
}

static gboolean
has_lines (gpointer data)
{
  return studio_analysis_panel_get_n_lines (data) > 0;
}

/* The analysis lines in record notation (6.3): a split (c1e32 = 2ce3: the Squirrel of d1 could go there too)
 * and a merge (e3c1 = 2c1). */
static void
test_analysis (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *dir = g_dir_make_tmp ("pyramids-engine-XXXXXX", NULL);
  g_autofree char *engine = make_engine (dir, "b1c1 a9a8 c1e32 a8a7 e3c1");
  g_autofree char *line = NULL;
  StudioAnalysisPanel *panel;
  StudioWindow *window;

  g_settings_set_string (settings, "last-engine", engine);
  window = pyramids_window (GAME_FEN);
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  studio_test_spin_until (has_lines, panel);
  line = studio_analysis_panel_dup_line (panel, 0);
  g_assert_cmpstr (line, ==, "+0.35 1.\u200942c1 4a8 2.\u20092ce3 4a7 3.\u20092c1");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "last-engine");
  {
    g_autofree char *log = g_build_filename (dir, "engine", NULL);

    g_unlink (log);
    g_rmdir (dir);
  }
}

/* Issue 21: the parts of a full Pyramid (fifteen) and a promotion's
 * choices stay inside a 700 × 600 window: the popover is no wider and no
 * taller than the window. */
static void
test_parts_fit_narrow (void)
{
  StudioWindow *window = pyramids_window ("1f7/9/9/9/9/9/9/9/(4321.)6F1 w - 0 1");
  GtkWidget *view = GTK_WIDGET (window->board_view);
  GtkWidget *popover;
  g_autoptr(GString) names = g_string_new (NULL);
  g_autoptr(GPtrArray) buttons = NULL;
  int width, height, x, y;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 600);
  while (gtk_widget_get_width (GTK_WIDGET (window)) > 700)
    g_main_context_iteration (NULL, TRUE);
  studio_test_spin_frames ();
  click (view, "a1");
  click (view, "a1");
  popover = studio_board_view_get_parts_popover (STUDIO_BOARD_VIEW (view));
  g_assert_nonnull (popover);
  buttons = popover_buttons (popover, names);
  g_assert_cmpuint (buttons->len, ==, 15);
  studio_test_spin_frames ();
  width = gtk_widget_get_width (popover);
  height = gtk_widget_get_height (popover);
  x = gdk_popup_get_position_x (GDK_POPUP (gtk_native_get_surface (GTK_NATIVE (popover))));
  y = gdk_popup_get_position_y (GDK_POPUP (gtk_native_get_surface (GTK_NATIVE (popover))));
  g_test_message ("parts popover %d × %d at %d, %d in a window %d × %d", width, height, x, y,
                  gtk_widget_get_width (GTK_WIDGET (window)), gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (x, >=, 0);
  g_assert_cmpint (y, >=, 0);
  g_assert_cmpint (x + width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (y + height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  gtk_popover_popdown (GTK_POPOVER (popover));
  studio_test_spin_frames ();
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);
  pyramids = cheops_variant_find ("pyramids");
  g_assert_nonnull (pyramids);

  g_test_add_func ("/pyramids-studio/play-by-gestures", test_play_by_gestures);
  g_test_add_func ("/pyramids-studio/part-choice", test_part_choice);
  g_test_add_func ("/pyramids-studio/parts-fit-narrow", test_parts_fit_narrow);
  g_test_add_func ("/pyramids-studio/stack-tooltip", test_stack_tooltip);
  g_test_add_func ("/pyramids-studio/stack-marks", test_stack_marks);
  g_test_add_func ("/pyramids-studio/setup-stacks", test_setup_stacks);
  g_test_add_func ("/pyramids-studio/analysis", test_analysis);

  return g_test_run ();
}
