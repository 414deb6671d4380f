/* test-move-list.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The move list (studio-move-tree-view.c) updated in place (issue 14): after
 * every kind of edit (a move played, a variation added, deleted, promoted,
 * demoted, made the main line, a comment, a glyph, undo and redo) the list
 * holds exactly the text and tags that a list built afresh shows; long and
 * deeply nested games open within a bound; the context menu opens from the
 * keyboard (Shift+F10, Menu) on the current move, and Demote Variation is
 * in it.
 */
#include "studio-config.h"

#include <string.h>

#include <adwaita.h>

#include "long-game.h"
#include "studio-document.h"
#include "studio-move-tree-view.h"
#include "studio-test-util.h"
#include "studio-window.h"
#include "studio-window-private.h"

/* The buffer's text with its tags: "<tag,tag>" written at each change of
 * the set of tags, so that two lists compare in text and in look. */
static char *
dump_list (GtkWidget *tree)
{
  GtkWidget *view = studio_test_find_widget_of_type (tree, GTK_TYPE_TEXT_VIEW);
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  GString *out = g_string_new (NULL);
  GtkTextIter iter, next;

  gtk_text_buffer_get_start_iter (buffer, &iter);
  while (!gtk_text_iter_is_end (&iter))
    {
      GSList *tags = gtk_text_iter_get_tags (&iter);
      g_autofree char *text = NULL;

      g_string_append_c (out, '<');
      for (GSList *l = tags; l != NULL; l = l->next)
        {
          g_autofree char *name = NULL;

          g_object_get (l->data, "name", &name, NULL);
          g_string_append_printf (out, "%s,", name);
        }
      g_string_append_c (out, '>');
      g_slist_free (tags);
      next = iter;
      gtk_text_iter_forward_to_tag_toggle (&next, NULL);
      text = gtk_text_iter_get_text (&iter, &next);
      g_string_append (out, text);
      iter = next;
    }
  return g_string_free (out, FALSE);
}

/* The list of @document as a new view builds it. */
static char *
dump_fresh (StudioDocument *document)
{
  GtkWidget *fresh = g_object_ref_sink (studio_move_tree_view_new ());
  char *text;

  studio_move_tree_view_set_document (STUDIO_MOVE_TREE_VIEW (fresh), document);
  text = dump_list (fresh);
  g_object_unref (fresh);
  return text;
}

static void
assert_same_as_fresh (GtkWidget      *tree,
                      StudioDocument *document)
{
  g_autofree char *shown = dump_list (tree);
  g_autofree char *fresh = dump_fresh (document);

  g_assert_cmpstr (shown, ==, fresh);
}

static CheopsGameNode *
mainline_node (CheopsGame *game,
               guint       ply)
{
  CheopsGameNode *node = cheops_game_get_root (game);

  for (guint i = 0; i < ply && node != NULL; i++)
    node = cheops_game_node_get_first_child (node);
  return node;
}

/* Edits of every kind, each compared with a list built afresh, and the
 * exact text around them. */
static void
test_edits (void)
{
  g_autoptr(CheopsGame) game = long_game_new (60, LONG_GAME_VARIATIONS);
  g_autoptr(StudioDocument) document = studio_document_new ();
  GtkWidget *tree = g_object_ref_sink (studio_move_tree_view_new ());
  CheopsGame *g;
  CheopsGameNode *n30, *v30, *end, *added;
  g_autofree char *text = NULL;
  const CheopsMove *moves;
  guint n_moves;

  studio_document_set_game (document, game);
  g = studio_document_get_game (document);
  studio_move_tree_view_set_document (STUDIO_MOVE_TREE_VIEW (tree), document);
  assert_same_as_fresh (tree, document);

  text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  {
    CheopsGameNode *first = mainline_node (g, 1);
    CheopsGameNode *alt = cheops_game_node_get_next_sibling (first);
    g_autofree char *start = g_strdup_printf ("1. Ag2 (1. %s) 1… Ak2 (1… %s) 2. Ae1 ",
                                              cheops_game_node_get_san (alt),
                                              cheops_game_node_get_san (cheops_game_node_get_next_sibling (mainline_node (g, 2))));

    g_assert_true (g_str_has_prefix (text, start));
  }

  /* A move at the end of the main line. */
  end = cheops_game_get_mainline_end (g);
  moves = cheops_game_node_get_moves (end, &n_moves);
  g_assert_cmpuint (n_moves, >, 1);
  added = cheops_game_add_move (g, end, moves[0], NULL);
  g_assert_nonnull (added);
  studio_document_set_current (document, added);
  assert_same_as_fresh (tree, document);
  g_clear_pointer (&text, g_free);
  text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  {
    g_autofree char *tail = g_strdup_printf ("31. %s ", cheops_game_node_get_san (added));

    g_assert_true (g_str_has_suffix (text, tail));
  }

  /* A second variation in the middle, then a move inside it. */
  n30 = mainline_node (g, 30);
  moves = cheops_game_node_get_moves (cheops_game_node_get_parent (n30), &n_moves);
  v30 = NULL;
  for (guint i = 0; i < n_moves && v30 == NULL; i++)
    {
      gboolean there = FALSE;

      for (CheopsGameNode *c = cheops_game_node_get_first_child (cheops_game_node_get_parent (n30));
           c != NULL; c = cheops_game_node_get_next_sibling (c))
        there |= cheops_game_node_get_move (c) == moves[i];
      if (!there)
        v30 = cheops_game_add_move (g, cheops_game_node_get_parent (n30), moves[i], NULL);
    }
  g_assert_nonnull (v30);
  g_assert_cmpuint (cheops_game_node_get_index (v30), ==, 2);
  assert_same_as_fresh (tree, document);
  moves = cheops_game_node_get_moves (v30, &n_moves);
  g_assert_nonnull (cheops_game_add_move (g, v30, moves[0], NULL));
  assert_same_as_fresh (tree, document);

  /* Promote, demote (from the menu's action), make main line. */
  studio_document_set_current (document, v30);
  g_assert_true (cheops_game_promote_variation (g, v30));
  assert_same_as_fresh (tree, document);
  gtk_widget_activate_action (tree, "tree.demote", NULL);
  g_assert_cmpuint (cheops_game_node_get_index (v30), ==, 2);
  assert_same_as_fresh (tree, document);
  g_assert_true (cheops_game_make_mainline (g, v30));
  g_assert_true (cheops_game_node_is_mainline (v30));
  assert_same_as_fresh (tree, document);

  /* Comments and glyphs. */
  g_assert_true (cheops_game_set_comment_after (g, mainline_node (g, 10), "A quiet move.", NULL));
  assert_same_as_fresh (tree, document);
  g_assert_true (cheops_game_set_comment_before (g, cheops_game_node_get_next_sibling (mainline_node (g, 5)),
                                                 "Or this.", NULL));
  assert_same_as_fresh (tree, document);
  cheops_game_set_move_glyph (g, mainline_node (g, 7), 3);
  assert_same_as_fresh (tree, document);
  g_clear_pointer (&text, g_free);
  text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  g_assert_nonnull (strstr (text, "4. Ae1!! "));
  g_assert_nonnull (strstr (text, " 5… Ak2 A quiet move. (5… i1) 6. Ae1 "));

  /* Deletions. */
  g_assert_true (cheops_game_delete_variation (g, cheops_game_node_get_next_sibling (mainline_node (g, 20))));
  assert_same_as_fresh (tree, document);
  g_assert_true (cheops_game_delete_from (g, mainline_node (g, 25)));
  assert_same_as_fresh (tree, document);

  /* Back to the start and forward again. */
  while (cheops_game_undo (g))
    assert_same_as_fresh (tree, document);
  while (cheops_game_redo (g))
    assert_same_as_fresh (tree, document);

  g_object_unref (tree);
}

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

/* Runs the main loop until @widget's window has painted a frame after this
 * call: what the user waits for. */
static void
wait_painted (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean painted = FALSE;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);

  gtk_widget_queue_draw (widget);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

/* Long games open within a bound, and a move played at the end of one is
 * shown within a bound.  (The list rebuilt in full took 18 s for 5000
 * plies and showed nothing after 35 s for 20 000.) */
static void
test_long_game (gconstpointer data)
{
  LongGameShape shape = GPOINTER_TO_INT (data);
  guint n_plies = 10000;
  g_autoptr(CheopsGame) game = long_game_new (n_plies, shape);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  GtkWidget *tree = studio_window_get_move_tree (window);
  g_autofree char *text = NULL;
  CheopsGameNode *end, *added;
  const CheopsMove *moves;
  guint n_moves, open = 0;
  gint64 t0, t1;
  double open_s, play_s;

  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_get_mapped (tree));

  t0 = g_get_monotonic_time ();
  studio_document_set_game (document, game);
  studio_test_spin_frames ();
  t1 = g_get_monotonic_time ();
  open_s = (t1 - t0) / 1e6;

  text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  g_assert_true (g_str_has_prefix (text, shape == LONG_GAME_NESTED ? "1. Ah1 (1. Ag2 " : "1. Ag2 "));
  for (const char *s = text; *s; s++)
    open += *s == '(';
  g_assert_cmpuint (open, ==, shape == LONG_GAME_MAINLINE ? 0 : n_plies);

  /* The move that ends the line (the deepest, when nested). */
  end = cheops_game_get_root (studio_document_get_game (document));
  while (cheops_game_node_get_first_child (end) != NULL)
    end = cheops_game_node_get_child (end, cheops_game_node_get_n_children (end) - 1);
  moves = cheops_game_node_get_moves (end, &n_moves);
  t0 = g_get_monotonic_time ();
  added = cheops_game_add_move (studio_document_get_game (document), end, moves[0], NULL);
  studio_document_set_current (document, added);
  wait_painted (tree);
  t1 = g_get_monotonic_time ();
  play_s = (t1 - t0) / 1e6;
  studio_test_spin_frames ();
  g_test_message ("%u plies (shape %d): open %.3f s, one move shown %.3f s", n_plies, shape, open_s, play_s);

  g_clear_pointer (&text, g_free);
  text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  g_assert_nonnull (strstr (text, cheops_game_node_get_san (added)));
  {
    g_autofree char *fresh = dump_fresh (document);
    g_autofree char *shown = dump_list (tree);

    g_assert_cmpstr (shown, ==, fresh);
  }
  /* Bounds for a debug build on a loaded machine (the whole window, open:
   * until all is laid out; a move: until the frame that shows it is
   * painted; the text view's validation of the rest goes on in idle
   * steps).  The list rebuilt in full took minutes for either.  The
   * release build's figures are in the README (bench-move-list). */
  g_assert_cmpfloat (open_s, <, 15.0);
  g_assert_cmpfloat (play_s, <, 3.0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
press_key (GtkWidget       *window,
           guint            keyval,
           GdkModifierType  state)
{
  gboolean handled = FALSE;

  g_signal_emit_by_name (studio_test_key_controller (window), "key-pressed", keyval, 0, state, &handled);
  return handled;
}

/* Whether the label @label is an item of @model or of its sections. */
static gboolean
menu_has_label (GMenuModel *model,
                const char *label)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *text = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_LABEL, "s", &text) &&
          g_str_equal (text, label))
        return TRUE;
      if (section != NULL && menu_has_label (section, label))
        return TRUE;
    }
  return FALSE;
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

/* Shift+F10 and the Menu key open the list's menu on the current move;
 * Demote Variation is in it and does what it says. */
static void
test_menu_keys (void)
{
  g_autoptr(CheopsGame) game = long_game_new (8, LONG_GAME_VARIATIONS);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  GtkWidget *tree = studio_window_get_move_tree (window);
  GtkPopover *popover;
  CheopsGame *g;
  CheopsGameNode *node, *alt;

  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  studio_document_set_game (document, game);
  g = studio_document_get_game (document);
  studio_test_spin_frames ();
  popover = GTK_POPOVER (studio_test_find_widget_of_type (tree, GTK_TYPE_POPOVER_MENU));
  g_assert_nonnull (popover);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));

  /* At the start: no move, no menu. */
  studio_document_set_current (document, cheops_game_get_root (g));
  g_assert_false (press_key (GTK_WIDGET (window), GDK_KEY_F10, GDK_SHIFT_MASK));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));

  node = mainline_node (g, 3);
  alt = cheops_game_node_get_next_sibling (node);
  studio_document_set_current (document, node);
  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_F10, GDK_SHIFT_MASK));
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_assert_true (menu_has_label (gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover)),
                                 "D_emote Variation"));
  gtk_popover_popdown (popover);
  studio_test_spin_frames ();
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));

  /* F10 alone is not the menu's key. */
  g_assert_false (press_key (GTK_WIDGET (window), GDK_KEY_F10, 0));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));

  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_Menu, 0));
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  /* The item chosen: the main line's move goes below its variation. */
  gtk_widget_activate_action (tree, "tree.demote", NULL);
  gtk_popover_popdown (popover);
  studio_test_spin_frames ();
  g_assert_cmpuint (cheops_game_node_get_index (node), ==, 1);
  g_assert_cmpuint (cheops_game_node_get_index (alt), ==, 0);
  g_assert_true (studio_document_get_current (document) == node);
  /* Still enabled: the move before it, on the main line, has a variation
   * below it, which demoting would put first there. */
  g_assert_true (action_enabled (tree, "tree.demote"));
  /* At the start, nothing to demote. */
  studio_document_set_current (document, cheops_game_get_root (g));
  g_assert_false (action_enabled (tree, "tree.demote"));
  studio_document_set_current (document, node);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (cheops_game_node_get_index (node), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A draw the player to move may claim (Cheops 8.4.2: the start position
 * for the third time after eight plies) is in the status line with its
 * Claim link; the claim makes the result a draw, undoably; none at the
 * second occurrence, none in TrigChess. */
static void
test_claim_draw (void)
{
  g_autoptr(CheopsGame) game = long_game_new (8, LONG_GAME_MAINLINE);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *g;
  g_autofree char *status = NULL;

  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  studio_document_set_game (document, game);
  g = studio_document_get_game (document);

  studio_document_set_current (document, mainline_node (g, 4));
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Green to move");
  g_assert_null (_studio_window_get_claimable_draw (window));

  /* The end of the main line: the start position for the third time. */
  studio_document_set_current (document, mainline_node (g, 8));
  g_clear_pointer (&status, g_free);
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Green to move · Green may claim a draw: the same position for the third time (8.4.2)");
  /* The link first after the dot: a line cut at its end keeps it. */
  g_assert_nonnull (strstr (gtk_label_get_label (window->status_label),
                            "</span> <a href=\"claim-draw\">Claim the Draw</a> · Green to move · Green may claim"));

  /* The link's action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.claim-draw", NULL));
  g_assert_cmpstr (cheops_game_get_result (g), ==, "1/2-1/2");
  g_clear_pointer (&status, g_free);
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Draw claimed: the same position for the third time (8.4.2).");
  g_assert_null (strstr (gtk_label_get_label (window->status_label), "claim-draw"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (cheops_game_get_result (g), ==, "*");
  g_clear_pointer (&status, g_free);
  status = _studio_window_dup_status (window);
  g_assert_true (g_str_has_suffix (status, "may claim a draw: the same position for the third time (8.4.2)"));

  /* TrigChess has no draws (TR17). */
  {
    g_autoptr(CheopsGame) trig = cheops_game_new_for_variant (&cheops_variant_trigchess);

    studio_document_set_game (document, trig);
    g_assert_null (_studio_window_get_claimable_draw (window));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.claim-draw", NULL));
    g_assert_cmpstr (cheops_game_get_result (studio_document_get_game (document)), ==, "*");
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The editor's key controller, given a key. */
static gboolean
comment_key (GtkTextView     *view,
             guint            keyval,
             GdkModifierType  state)
{
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (controller), "comment-keys") == 0)
        {
          g_signal_emit_by_name (controller, "key-pressed", keyval, 36, state, &handled);
          g_object_unref (controllers);
          return handled;
        }
    }
  g_assert_not_reached ();
}

static char *
editor_text (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* Issues 21 and 22: the comment is edited in place, in the list, where it
 * stands; Enter saves, as does Ctrl+Enter, and Shift+Enter is left to the
 * text (a new line); Escape leaves it unchanged and keeps the text typed
 * as a draft, which the next edit of that comment starts with; a text a
 * game file could not keep is not saved (the editor stays, with its
 * message). */
static void
test_comment_keys (void)
{
  g_autoptr(CheopsGame) game = long_game_new (8, LONG_GAME_MAINLINE);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  StudioMoveTreeView *tree = STUDIO_MOVE_TREE_VIEW (studio_window_get_move_tree (window));
  CheopsGameNode *third;
  GtkTextView *view;
  g_autofree char *text = NULL;
  g_autofree char *shown = NULL;

  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  studio_document_set_game (document, game);
  third = mainline_node (studio_document_get_game (document), 3);
  studio_test_spin_frames ();
  g_assert_null (studio_move_tree_view_get_comment_editor (tree));

  /* In place: the editor is in the list, after the move, with the focus. */
  studio_move_tree_view_edit_comment (tree, third, FALSE);
  view = studio_move_tree_view_get_comment_editor (tree);
  g_assert_nonnull (view);
  g_assert_true (gtk_widget_is_ancestor (GTK_WIDGET (view), GTK_WIDGET (tree)));
  studio_test_spin_frames ();
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == GTK_WIDGET (view));
  g_assert_true (studio_move_tree_view_get_editing (tree));
  shown = studio_move_tree_view_dup_text (tree);
  /* (The editor is no text: the two line breaks around it read as spaces.) */
  g_assert_true (strstr (shown, "2. Ae1  2… ") != NULL);

  /* Enter saves. */
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "A quiet move.", -1);
  g_assert_false (comment_key (view, GDK_KEY_Return, GDK_SHIFT_MASK));
  g_assert_null (cheops_game_node_get_comment_after (third));
  g_assert_true (comment_key (view, GDK_KEY_Return, 0));
  g_assert_cmpstr (cheops_game_node_get_comment_after (third), ==, "A quiet move.");
  g_assert_null (studio_move_tree_view_get_comment_editor (tree));
  g_assert_false (studio_move_tree_view_get_editing (tree));
  g_clear_pointer (&shown, g_free);
  shown = studio_move_tree_view_dup_text (tree);
  g_assert_true (strstr (shown, "2. Ae1 A quiet move. 2… ") != NULL);

  /* Ctrl+Enter too. */
  studio_move_tree_view_edit_comment (tree, third, FALSE);
  view = studio_move_tree_view_get_comment_editor (tree);
  text = editor_text (view);
  g_assert_cmpstr (text, ==, "A quiet move.");
  g_clear_pointer (&text, g_free);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "Quiet.", -1);
  g_assert_true (comment_key (view, GDK_KEY_KP_Enter, GDK_CONTROL_MASK));
  g_assert_cmpstr (cheops_game_node_get_comment_after (third), ==, "Quiet.");

  /* Escape: unchanged, the text kept as a draft for the next edit. */
  studio_move_tree_view_edit_comment (tree, third, FALSE);
  view = studio_move_tree_view_get_comment_editor (tree);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "Typed, not saved.", -1);
  g_assert_true (comment_key (view, GDK_KEY_Escape, 0));
  g_assert_null (studio_move_tree_view_get_comment_editor (tree));
  g_assert_cmpstr (cheops_game_node_get_comment_after (third), ==, "Quiet.");
  studio_move_tree_view_edit_comment (tree, third, FALSE);
  view = studio_move_tree_view_get_comment_editor (tree);
  text = editor_text (view);
  g_assert_cmpstr (text, ==, "Typed, not saved.");
  g_clear_pointer (&text, g_free);

  /* A "}" cannot be saved: the editor stays. */
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "a } b", -1);
  g_assert_true (comment_key (view, GDK_KEY_Return, 0));
  g_assert_nonnull (studio_move_tree_view_get_comment_editor (tree));
  g_assert_cmpstr (cheops_game_node_get_comment_after (third), ==, "Quiet.");

  /* Saved, the draft is gone: the next edit starts with the comment. */
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "Typed, then saved.", -1);
  g_assert_true (comment_key (view, GDK_KEY_Return, 0));
  g_assert_cmpstr (cheops_game_node_get_comment_after (third), ==, "Typed, then saved.");
  studio_move_tree_view_edit_comment (tree, third, FALSE);
  view = studio_move_tree_view_get_comment_editor (tree);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (view), "Other.", -1);
  g_assert_true (comment_key (view, GDK_KEY_Escape, 0));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (cheops_game_node_get_comment_after (third), ==, "Quiet.");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A result the rules gave the main line's end follows that end when an
 * edit moves it (issue 22: a fresh user found "1-0" kept after deleting
 * the mate): Delete on the mate makes it "*", undo brings both back; a
 * result the rules did not give (a resignation) is kept. */
static void
test_result_follows (void)
{
  static const char mate[] = "[Variant \"Step and Circle TrigChess\"]\n[Result \"1-0\"]\n\n"
                             "1. b3 f4 2. Gi3 Se4 3. Gg5# 1-0\n";
  static const char resigned[] = "[Variant \"Step and Circle TrigChess\"]\n[Result \"1-0\"]\n\n"
                                 "1. b3 f4 2. Gi3 Se4 1-0\n";
  StudioWindow *window = studio_window_new (NULL);
  g_autoptr(GError) error = NULL;
  CheopsGame *game;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (_studio_window_take_text (window, mate, &error));
  g_assert_no_error (error);
  game = studio_document_get_game (studio_window_get_document (window));
  g_assert_cmpstr (cheops_game_get_result (game), ==, "1-0");
  g_assert_cmpstr (studio_document_get_mainline_result (studio_window_get_document (window)), ==, "1-0");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  g_assert_cmpstr (cheops_game_node_get_san (studio_document_get_current (studio_window_get_document (window))), ==,
                   "Gg5#");
  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_Delete, 0));
  g_assert_cmpuint (cheops_game_node_get_ply (cheops_game_get_mainline_end (game)), ==, 4);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  /* One undo step: the mate and its result back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (cheops_game_node_get_ply (cheops_game_get_mainline_end (game)), ==, 5);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "1-0");
  gtk_window_destroy (GTK_WINDOW (window));

  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (_studio_window_take_text (window, resigned, &error));
  g_assert_no_error (error);
  game = studio_document_get_game (studio_window_get_document (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  g_assert_true (press_key (GTK_WIDGET (window), GDK_KEY_Delete, 0));
  g_assert_cmpuint (cheops_game_node_get_ply (cheops_game_get_mainline_end (game)), ==, 3);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "1-0");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_func ("/Studio/MoveList/edits", test_edits);
  g_test_add_data_func ("/Studio/MoveList/long-mainline", GINT_TO_POINTER (LONG_GAME_MAINLINE), test_long_game);
  g_test_add_data_func ("/Studio/MoveList/long-variations", GINT_TO_POINTER (LONG_GAME_VARIATIONS), test_long_game);
  g_test_add_data_func ("/Studio/MoveList/deep-nested", GINT_TO_POINTER (LONG_GAME_NESTED), test_long_game);
  g_test_add_func ("/Studio/MoveList/menu-keys", test_menu_keys);
  g_test_add_func ("/Studio/Claim/draw", test_claim_draw);
  g_test_add_func ("/Studio/MoveList/comment-keys", test_comment_keys);
  g_test_add_func ("/Studio/MoveList/result-follows", test_result_follows);

  return g_test_run ();
}
