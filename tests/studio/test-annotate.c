/* test-annotate.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Annotating at the speed of the keyboard (issue 22), in each of the four
 * games: a short game with a variation is pasted, then walked and annotated
 * with the keys alone, as a user would press them — Ctrl+1 … Ctrl+6 the
 * move glyphs (again: removed), Ctrl+0 none, Ctrl+= the position glyphs'
 * menu, Ctrl+Up and Ctrl+Down promote and demote, Delete the move and what
 * follows, undone with Ctrl+Z — and the game text it ends with is checked
 * exactly, and the board's badge of the glyph at the moved piece; Ctrl+Enter
 * and Ctrl+Shift+Enter the comments after and before the move, edited in
 * place (Enter saves, Escape keeps a draft).  The keys do nothing while a
 * text is typed.
 */
#include "studio-config.h"

#include <string.h>

#include <adwaita.h>

#include "studio-board-view.h"
#include "studio-document.h"
#include "studio-palette.h"
#include "studio-move-tree-view.h"
#include "studio-test-util.h"
#include "studio-window.h"
#include "studio-window-private.h"

typedef struct {
  const char *game;       /* the movetext pasted, with its [Variant] */
  const char *a, *b, *c, *d, *e;  /* 1. a b (1... c) 2. d e */
} Case;

static const Case cases[] = {
  { "[Variant \"Cheops\"]\n\n1. 2f3 mk3 (1... i1) 2. fe4 mk2 *\n",
    "2f3", "mk3", "i1", "fe4", "mk2" },
  { "[Variant \"Step and Circle TrigChess\"]\n\n1. Ge3 Ge4 (1... b4) 2. Ke2 d4 *\n",
    "Ge3", "Ge4", "b4", "Ke2", "d4" },
  { "[Variant \"Cypher\"]\n\n1. e4 f6 (1... a6) 2. Qf4 e5 *\n",
    "e4", "f6", "a6", "Qf4", "e5" },
  { "[Variant \"Pyramids\"]\n\n1. 4b1 4b9 (1... a6) 2. 42c1 42c9 *\n",
    "4b1", "4b9", "a6", "42c1", "42c9" },
};

/* A key pressed on the window, as the window's key controller gets it. */
static gboolean
press (StudioWindow    *window,
       guint            keyval,
       GdkModifierType  state)
{
  gboolean handled = FALSE;

  g_signal_emit_by_name (studio_test_key_controller (GTK_WIDGET (window)), "key-pressed", keyval, 0, state,
                         &handled);
  while (g_main_context_iteration (NULL, FALSE));
  return handled;
}

/* A key pressed in the comment editor, as its key controller gets it. */
static gboolean
editor_key (GtkTextView     *view,
            guint            keyval,
            GdkModifierType  state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (controller), "comment-keys") == 0)
        {
          g_signal_emit_by_name (controller, "key-pressed", keyval, 36, state, &handled);
          while (g_main_context_iteration (NULL, FALSE));
          return handled;
        }
    }
  g_assert_not_reached ();
}

/* Typed into the editor (its text replaced). */
static void
type_text (GtkTextView *view,
           const char  *text)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), text, -1);
}

static char *
editor_text (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* Whether @action is enabled for @widget: a button under it is sensitive. */
static gboolean
action_enabled (GtkWidget  *widget,
                const char *action)
{
  GtkWidget *probe = g_object_ref_sink (gtk_button_new ());
  gboolean enabled;

  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), action);
  gtk_widget_set_parent (probe, widget);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_widget_unparent (probe);
  g_object_unref (probe);
  return enabled;
}

/* The movetext of the document's game as it would be saved (the tags
 * left out), on one line. */
static char *
movetext (StudioDocument *document)
{
  g_autofree char *text = studio_document_dup_game_text (document);
  const char *body = strstr (text, "\n\n");

  g_assert_nonnull (body);
  /* The writer's line breaks (at 80 columns) read as the spaces they are. */
  return g_strstrip (g_strdelimit (g_strdup (body + 2), "\n", ' '));
}

static void
assert_movetext (StudioDocument *document,
                 const char     *expected)
{
  g_autofree char *shown = movetext (document);

  g_assert_cmpstr (shown, ==, expected);
}

static const char *
current_san (StudioDocument *document)
{
  return cheops_game_node_get_san (studio_document_get_current (document));
}

/* How many pixels of the board, drawn as the window shows it at 360 × 360,
 * have the fill of the badge of @nag (its inside, away from the edge's
 * antialiasing). */
static guint
count_badge_pixels (StudioWindow *window,
                    guint8        nag)
{
  GtkWidget *view = studio_window_get_board_view (window);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 360, 360);
  cairo_t *cr = cairo_create (surface);
  double fill[3], text[3];
  guint32 want;
  guint count = 0;

  g_assert_nonnull (studio_palette_glyph_badge (nag, fill, text));
  want = (guint32) (fill[0] * 255 + 0.5) << 16 | (guint32) (fill[1] * 255 + 0.5) << 8 | (guint32) (fill[2] * 255 + 0.5);
  studio_board_view_draw (STUDIO_BOARD_VIEW (view), cr, 360, 360);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  for (int y = 0; y < 360; y++)
    {
      const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (surface) +
                                              y * cairo_image_surface_get_stride (surface));

      for (int x = 0; x < 360; x++)
        if ((row[x] & 0xffffff) == want)
          count++;
    }
  cairo_surface_destroy (surface);
  return count;
}

/* The badge the board shows: the glyph of the current move, at the cell
 * its piece went to. */
static void
assert_badge (StudioWindow   *window,
              StudioDocument *document,
              guint8          nag)
{
  StudioBoardScene *scene = studio_board_view_get_scene (STUDIO_BOARD_VIEW (studio_window_get_board_view (window)));
  CheopsGameNode *node = studio_document_get_current (document);
  CheopsCell cell = CHEOPS_CELL_NONE;

  g_assert_cmpuint (studio_board_scene_get_glyph (scene, &cell), ==, nag);
  if (nag != 0)
    {
      g_assert_cmpuint (cell, ==, cheops_move_to (cheops_game_node_get_move (node)));
      g_assert_cmpuint (count_badge_pixels (window, nag), >, 40);
    }
}

static void
test_keys (gconstpointer data)
{
  const Case *c = data;
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document;
  GtkWidget *tree = studio_window_get_move_tree (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *draft = NULL;
  GtkPopover *popover;
  GtkTextView *editor;

  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  g_assert_true (_studio_window_take_text (window, c->game, &error));
  g_assert_no_error (error);
  document = studio_window_get_document (window);
  studio_test_spin_frames ();
  expected = g_strdup_printf ("1. %s %s (1... %s) 2. %s %s *", c->a, c->b, c->c, c->d, c->e);
  assert_movetext (document, expected);
  g_assert_true (cheops_game_node_is_root (studio_document_get_current (document)));

  /* At the start there is no move to annotate: the key is taken (a bell),
   * nothing changes. */
  g_assert_true (press (window, GDK_KEY_1, GDK_CONTROL_MASK));
  assert_movetext (document, expected);

  /* Ctrl+1 "!", again: gone; Ctrl+3 "!!"; Ctrl+0 none; Ctrl+3 again. */
  g_assert_true (press (window, GDK_KEY_Right, 0));
  g_assert_cmpstr (current_san (document), ==, c->a);
  assert_badge (window, document, 0);
  g_assert_true (press (window, GDK_KEY_1, GDK_CONTROL_MASK));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("1. %s $1 %s (1... %s) 2. %s %s *", c->a, c->b, c->c, c->d, c->e);
  assert_movetext (document, expected);
  g_assert_true (press (window, GDK_KEY_1, GDK_CONTROL_MASK));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("1. %s %s (1... %s) 2. %s %s *", c->a, c->b, c->c, c->d, c->e);
  assert_movetext (document, expected);
  g_assert_true (press (window, GDK_KEY_KP_3, GDK_CONTROL_MASK));
  g_assert_true (press (window, GDK_KEY_0, GDK_CONTROL_MASK));
  assert_movetext (document, expected);
  g_assert_true (press (window, GDK_KEY_3, GDK_CONTROL_MASK));

  /* The reply: "?", replaced by "??". */
  g_assert_true (press (window, GDK_KEY_Right, 0));
  g_assert_true (press (window, GDK_KEY_2, GDK_CONTROL_MASK));
  assert_badge (window, document, 2);
  g_assert_true (press (window, GDK_KEY_4, GDK_CONTROL_MASK));
  assert_badge (window, document, 4);
  g_assert_cmpuint (count_badge_pixels (window, 2), ==, 0);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("1. %s $3 %s $4 (1... %s) 2. %s %s *", c->a, c->b, c->c, c->d, c->e);
  assert_movetext (document, expected);

  /* Its variation "!?", promoted with Ctrl+Up. */
  g_assert_true (press (window, GDK_KEY_Down, 0));
  g_assert_cmpstr (current_san (document), ==, c->c);
  g_assert_true (press (window, GDK_KEY_5, GDK_CONTROL_MASK));
  g_assert_true (press (window, GDK_KEY_Up, GDK_CONTROL_MASK));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("1. %s $3 %s $5 (1... %s $4 2. %s %s) *", c->a, c->c, c->b, c->d, c->e);
  assert_movetext (document, expected);
  /* On the main line now: nothing to promote (a bell). */
  g_assert_true (press (window, GDK_KEY_Up, GDK_CONTROL_MASK));
  assert_movetext (document, expected);

  /* Ctrl+= opens the position glyphs' menu at the move; its item "±"
   * chosen (the arrows and Enter activate the item's action). */
  popover = GTK_POPOVER (studio_test_find_widget_of_type (tree, GTK_TYPE_POPOVER_MENU));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_assert_true (press (window, GDK_KEY_equal, GDK_CONTROL_MASK));
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  gtk_widget_activate_action (tree, "tree.position-glyph", "y", (guint8) 16);
  gtk_popover_popdown (popover);
  studio_test_spin_frames ();

  /* Ctrl+Down: back below the move it was promoted over. */
  g_assert_true (press (window, GDK_KEY_Down, GDK_CONTROL_MASK));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("1. %s $3 %s $4 (1... %s $5 $16) 2. %s %s *", c->a, c->b, c->c, c->d, c->e);
  assert_movetext (document, expected);

  /* Up to the main line's move, on to the next: "?!". */
  g_assert_true (press (window, GDK_KEY_Up, 0));
  g_assert_cmpstr (current_san (document), ==, c->b);
  g_assert_true (press (window, GDK_KEY_Right, 0));
  g_assert_cmpstr (current_san (document), ==, c->d);
  g_assert_true (press (window, GDK_KEY_6, GDK_CONTROL_MASK));

  /* Delete: the move and what follows; Ctrl+Z brings them back. */
  g_assert_true (press (window, GDK_KEY_Delete, 0));
  g_assert_cmpstr (current_san (document), ==, c->b);
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("1. %s $3 %s $4 (1... %s $5 $16) *", c->a, c->b, c->c);
  assert_movetext (document, expected);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  studio_test_spin_frames ();
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("1. %s $3 %s $4 (1... %s $5 $16) 2. %s $6 %s *", c->a, c->b, c->c, c->d, c->e);
  assert_movetext (document, expected);

  /* The last move deleted. */
  g_assert_true (press (window, GDK_KEY_End, 0));
  g_assert_cmpstr (current_san (document), ==, c->e);
  g_assert_true (press (window, GDK_KEY_KP_Delete, 0));

  /* Ctrl+Enter: the comment after the current move, edited in place in
   * the list; while it is typed, the keys are the text's (F flips no
   * board, Delete deletes no move); Enter saves. */
  g_assert_cmpstr (current_san (document), ==, c->d);
  g_assert_true (action_enabled (GTK_WIDGET (window), "win.flip-board"));
  g_assert_true (press (window, GDK_KEY_Return, GDK_CONTROL_MASK));
  editor = studio_move_tree_view_get_comment_editor (STUDIO_MOVE_TREE_VIEW (tree));
  g_assert_nonnull (editor);
  studio_test_spin_frames ();
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (editor));
  g_assert_false (press (window, GDK_KEY_Delete, 0));
  g_assert_false (press (window, GDK_KEY_1, GDK_CONTROL_MASK));
  g_assert_false (action_enabled (GTK_WIDGET (window), "win.flip-board"));
  g_assert_false (action_enabled (GTK_WIDGET (window), "win.undo"));
  g_assert_false (action_enabled (GTK_WIDGET (window), "win.paste"));
  /* Shift+Enter is the text view's: a new line, which the comment keeps
   * (a paragraph break: shown in the list, a blank line in the file). */
  type_text (editor, "Keeps the centre.");
  g_assert_false (editor_key (editor, GDK_KEY_Return, GDK_SHIFT_MASK));
  type_text (editor, "Keeps the centre.\nA plan: ");
  g_assert_true (editor_key (editor, GDK_KEY_Return, 0));
  g_assert_null (studio_move_tree_view_get_comment_editor (STUDIO_MOVE_TREE_VIEW (tree)));
  g_assert_true (action_enabled (GTK_WIDGET (window), "win.flip-board"));
  /* The keyboard back on the board (not on nothing, where Tab went to the
   * evaluation graph). */
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (window->board_view));
  g_assert_cmpstr (cheops_game_node_get_comment_after (studio_document_get_current (document)), ==,
                   "Keeps the centre.\nA plan:");
  {
    g_autofree char *list = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
    g_autofree char *file = studio_document_dup_game_text (document);

    /* (The list's text with its line breaks read as spaces.) */
    g_assert_nonnull (strstr (list, "Keeps the centre. A plan:"));
    g_assert_nonnull (strstr (file, "{Keeps the centre.\n\nA plan:}"));
  }
  g_clear_pointer (&expected, g_free);
  /* movetext(): each line break read as a space. */
  expected = g_strdup_printf ("1. %s $3 %s $4 (1... %s $5 $16) 2. %s $6 {Keeps the centre.  A plan:} *",
                              c->a, c->b, c->c, c->d);
  assert_movetext (document, expected);

  /* Ctrl+Shift+Enter on the variation's move: the comment before it;
   * Escape leaves it, the text kept as a draft that the next edit starts
   * with. */
  g_assert_true (press (window, GDK_KEY_Left, 0));
  g_assert_true (press (window, GDK_KEY_Down, 0));
  g_assert_cmpstr (current_san (document), ==, c->c);
  g_assert_true (press (window, GDK_KEY_Return, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  editor = studio_move_tree_view_get_comment_editor (STUDIO_MOVE_TREE_VIEW (tree));
  type_text (editor, "Also possible.");
  g_assert_true (editor_key (editor, GDK_KEY_Escape, 0));
  g_assert_null (studio_move_tree_view_get_comment_editor (STUDIO_MOVE_TREE_VIEW (tree)));
  assert_movetext (document, expected);
  g_assert_true (press (window, GDK_KEY_Return, GDK_CONTROL_MASK | GDK_SHIFT_MASK));
  editor = studio_move_tree_view_get_comment_editor (STUDIO_MOVE_TREE_VIEW (tree));
  draft = editor_text (editor);
  g_assert_cmpstr (draft, ==, "Also possible.");
  g_assert_true (editor_key (editor, GDK_KEY_KP_Enter, 0));
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("1. %s $3 %s $4 ({Also possible.} 1... %s $5 $16) 2. %s $6 {Keeps the centre.  A plan:} *",
                              c->a, c->b, c->c, c->d);
  assert_movetext (document, expected);

  /* While a move is typed, Delete and the other keys are the entry's. */
  _studio_window_open_move_entry (window, "a");
  studio_test_spin_frames ();
  g_assert_false (press (window, GDK_KEY_Delete, 0));
  g_assert_false (press (window, GDK_KEY_1, GDK_CONTROL_MASK));
  g_assert_false (press (window, GDK_KEY_Up, GDK_CONTROL_MASK));

  assert_movetext (document, expected);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* [%clk] and [%emt] shown beside the move (the list's text), joined to
 * it, and kept when the game is written. */
static void
test_clock (gconstpointer data)
{
  const Case *c = data;
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document;
  GtkWidget *tree = studio_window_get_move_tree (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *variant = g_strndup (c->game, strstr (c->game, "\n\n") - c->game);
  g_autofree char *game = NULL;
  g_autofree char *shown = NULL;
  g_autofree char *expected = NULL;

  game = g_strdup_printf ("%s\n\n1. %s {[%%clk 0:04:57]} %s {[%%emt 0:00:03] [%%clk 0:04:55]} 2. %s "
                          "{[%%clk 1:02:03.4] Slow.} %s {[%%emt 0:00:12]} *\n",
                          variant, c->a, c->b, c->d, c->e);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  g_assert_true (_studio_window_take_text (window, game, &error));
  g_assert_no_error (error);
  document = studio_window_get_document (window);
  studio_test_spin_frames ();

  shown = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  expected = g_strdup_printf ("1. %s 4:57 %s 4:55 [0:03] 2. %s 1:02:03.4 Slow. 2… %s [0:12] ",
                              c->a, c->b, c->d, c->e);
  g_assert_cmpstr (shown, ==, expected);
  /* In the list itself, a number, its move and the move's times are
   * joined by no-break spaces (U+00A0): a line never ends between them. */
  {
    GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (studio_test_find_widget_of_type (tree,
                                                                                                      GTK_TYPE_TEXT_VIEW)));
    GtkTextIter start, end;
    g_autofree char *raw = NULL;

    g_clear_pointer (&expected, g_free);
    gtk_text_buffer_get_bounds (buffer, &start, &end);
    raw = gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
    expected = g_strdup_printf ("1.\u00a0%s\u00a04:57 %s\u00a04:55\u00a0[0:03] 2.\u00a0%s\u00a01:02:03.4 Slow. "
                                "2…\u00a0%s\u00a0[0:12] ", c->a, c->b, c->d, c->e);
    g_assert_cmpstr (raw, ==, expected);
  }
  g_clear_pointer (&expected, g_free);
  expected = g_strdup_printf ("1. %s {[%%clk 0:04:57]} 1... %s {[%%emt 0:00:03] [%%clk 0:04:55]} 2. %s",
                              c->a, c->b, c->d);
  g_clear_pointer (&shown, g_free);
  shown = movetext (document);
  g_assert_true (g_str_has_prefix (shown, expected));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  /* Every key redraws the window: with Xvfb's software OpenGL each frame
   * costs a GL renderer much (three quarters of the test's time in
   * llvmpipe, a minute on a loaded machine); Cairo draws the same. */
  g_setenv ("GSK_RENDERER", "cairo", FALSE);
  studio_test_init (&argc, &argv);

  g_test_add_data_func ("/Studio/Annotate/keys/cheops", &cases[0], test_keys);
  g_test_add_data_func ("/Studio/Annotate/keys/trigchess", &cases[1], test_keys);
  g_test_add_data_func ("/Studio/Annotate/keys/cypher", &cases[2], test_keys);
  g_test_add_data_func ("/Studio/Annotate/keys/pyramids", &cases[3], test_keys);

  g_test_add_data_func ("/Studio/Annotate/clock/cheops", &cases[0], test_clock);
  g_test_add_data_func ("/Studio/Annotate/clock/trigchess", &cases[1], test_clock);
  g_test_add_data_func ("/Studio/Annotate/clock/cypher", &cases[2], test_clock);
  g_test_add_data_func ("/Studio/Annotate/clock/pyramids", &cases[3], test_clock);

  return g_test_run ();
}
