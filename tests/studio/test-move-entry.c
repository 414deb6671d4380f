/* test-move-entry.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The keyboard move entry (studio-move-entry.c, issue 14): in every game,
 * each legal move of the start position typed as the core writes it
 * (record notation, or the machine move text) is played; a prefix lists
 * the moves that begin with it, nothing typed all of them (Enter plays
 * none until one is chosen); a text no move begins with says so; a key
 * typed on the board opens the entry with it (a capital too); Cypher chess's compound move
 * ("Sd3,Rc0") and drop ("P@c5") typed in full; the candidates scroll past
 * 200 px.
 */
#include "studio-config.h"

#include <string.h>

#include <adwaita.h>

#include "cheops-game-model.h"
#include "studio-document.h"
#include "studio-move-entry.h"
#include "studio-test-util.h"
#include "studio-window.h"
#include "studio-window-private.h"

static StudioWindow *
window_with_game (CheopsGame *game)
{
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  studio_document_set_game (studio_window_get_document (window), game);
  studio_test_spin_frames ();
  return window;
}

/* Types @text into the entry (opened with it) and presses Enter. */
static gboolean
type_move (StudioWindow *window,
           const char   *text)
{
  _studio_window_open_move_entry (window, text);
  return studio_move_entry_play (window->move_entry);
}

static void
test_every_game (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      g_autoptr(CheopsGame) game = studio_game_new_for_variant (cheops_variants[v]);
      StudioWindow *window = window_with_game (game);
      StudioDocument *document = studio_window_get_document (window);
      CheopsGameNode *root = studio_document_get_current (document);
      const CheopsPosition *pos = cheops_game_node_get_position (root);
      guint n_moves;
      const CheopsMove *moves = cheops_game_node_get_moves (root, &n_moves);

      g_assert_cmpuint (n_moves, >, 0);
      for (guint i = 0; i < n_moves; i += MAX (1, n_moves / 7))
        {
          char san[CHEOPS_SAN_MAX];
          char text[CHEOPS_MOVE_TEXT_MAX];

          cheops_move_to_san (pos, moves[i], san);
          cheops_move_to_text (pos->variant, moves[i], text);
          /* By its record notation, then by its move text. */
          g_assert_true (type_move (window, san));
          g_assert_false (gtk_widget_get_visible (window->move_entry));
          g_assert_cmpint (cheops_game_node_get_move (studio_document_get_current (document)), ==, moves[i]);
          studio_document_set_current (document, root);
          g_assert_true (type_move (window, text));
          g_assert_cmpint (cheops_game_node_get_move (studio_document_get_current (document)), ==, moves[i]);
          studio_document_set_current (document, root);
        }

      /* A prefix: the candidates are the moves whose texts begin so, as
       * the core writes them. */
      {
        char first[CHEOPS_SAN_MAX];
        char prefix[3] = { 0 };
        g_autofree char *shown = NULL;
        g_autoptr(GString) expected = g_string_new (NULL);
        guint n = 0;

        cheops_move_to_san (pos, moves[0], first);
        prefix[0] = first[0];
        for (guint i = 0; i < n_moves && n < 12; i++)
          {
            char san[CHEOPS_SAN_MAX];
            char text[CHEOPS_MOVE_TEXT_MAX];

            cheops_move_to_san (pos, moves[i], san);
            cheops_move_to_text (pos->variant, moves[i], text);
            if (san[0] == prefix[0] || text[0] == prefix[0])
              {
                if (strcmp (san, text) != 0)
                  g_string_append_printf (expected, "%s  (%s)\n", san, text);
                else
                  g_string_append_printf (expected, "%s\n", san);
                n++;
              }
          }
        _studio_window_open_move_entry (window, prefix);
        g_assert_true (gtk_widget_get_visible (window->move_entry));
        shown = studio_move_entry_dup_candidates (window->move_entry);
        g_assert_cmpstr (shown, ==, expected->str);
        gtk_popover_popdown (GTK_POPOVER (window->move_entry));
      }

      /* Nothing typed (Ctrl+M): every legal move listed, the first 12 and
       * how many more; Enter plays nothing until the arrow keys choose one
       * (a fresh user found the empty entry listing nothing). */
      {
        g_autoptr(GString) expected = g_string_new (NULL);
        g_autofree char *shown = NULL;
        g_autofree char *more = n_moves > 12 ? g_strdup_printf ("and %u more", n_moves - 12) : g_strdup ("");
        GtkWidget *entry = studio_test_find_widget_of_type (window->move_entry, GTK_TYPE_ENTRY);
        gboolean handled = FALSE;

        for (guint i = 0; i < n_moves && i < 12; i++)
          {
            char san[CHEOPS_SAN_MAX];
            char text[CHEOPS_MOVE_TEXT_MAX];

            cheops_move_to_san (pos, moves[i], san);
            cheops_move_to_text (pos->variant, moves[i], text);
            if (strcmp (san, text) != 0)
              g_string_append_printf (expected, "%s  (%s)\n", san, text);
            else
              g_string_append_printf (expected, "%s\n", san);
          }
        _studio_window_open_move_entry (window, NULL);
        shown = studio_move_entry_dup_candidates (window->move_entry);
        g_assert_cmpstr (shown, ==, expected->str);
        g_assert_cmpstr (studio_move_entry_get_message (window->move_entry), ==, more);
        g_assert_false (studio_move_entry_play (window->move_entry));
        g_assert_true (studio_document_get_current (document) == root);
        /* Down twice: the second move. */
        for (int k = 0; k < 2; k++)
          {
            g_signal_emit_by_name (studio_test_key_controller (entry), "key-pressed", GDK_KEY_Down, 0, 0, &handled);
            g_assert_true (handled);
          }
        g_assert_true (studio_move_entry_play (window->move_entry));
        g_assert_cmpint (cheops_game_node_get_move (studio_document_get_current (document)), ==, moves[1]);
        studio_document_set_current (document, root);
      }

      /* Nothing begins so. */
      g_assert_false (type_move (window, "#$%"));
      g_assert_cmpstr (studio_move_entry_get_message (window->move_entry), ==, "No legal move begins with “#$%”");
      g_assert_true (studio_document_get_current (document) == root);
      gtk_popover_popdown (GTK_POPOVER (window->move_entry));

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* A key typed on the board opens the entry with it; the shortcut too. */
static void
test_typing_on_board (void)
{
  g_autoptr(CheopsGame) game = studio_game_new_for_variant (&cheops_variant_cheops);
  StudioWindow *window = window_with_game (game);
  GtkWidget *entry = studio_test_find_widget_of_type (window->move_entry, GTK_TYPE_ENTRY);
  gboolean handled = FALSE;

  g_signal_emit_by_name (studio_test_key_controller (GTK_WIDGET (window)), "key-pressed", GDK_KEY_A, 0, 0, &handled);
  g_assert_true (handled);
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_get_visible (window->move_entry));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "A");
  gtk_popover_popdown (GTK_POPOVER (window->move_entry));
  studio_test_spin_frames ();

  /* A capital (Shift held) opens the entry with it (a user lost it: "Md"
   * gave "d"; test-workspace types it with real keys). */
  handled = FALSE;
  g_signal_emit_by_name (studio_test_key_controller (GTK_WIDGET (window)), "key-pressed",
                         GDK_KEY_M, 0, GDK_SHIFT_MASK, &handled);
  g_assert_true (handled);
  studio_test_spin_frames ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "M");
  gtk_popover_popdown (GTK_POPOVER (window->move_entry));
  studio_test_spin_frames ();

  /* A capital of a shortcut's letter (f flips the board) opens the entry. */
  handled = FALSE;
  g_signal_emit_by_name (studio_test_key_controller (GTK_WIDGET (window)), "key-pressed",
                         GDK_KEY_F, 0, GDK_SHIFT_MASK, &handled);
  g_assert_true (handled);
  studio_test_spin_frames ();
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "F");
  gtk_popover_popdown (GTK_POPOVER (window->move_entry));
  studio_test_spin_frames ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.enter-move", NULL));
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_get_visible (window->move_entry));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (entry)), ==, "");
  gtk_popover_popdown (GTK_POPOVER (window->move_entry));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Twelve candidates ran past the foot of a 600 px window: the list
 * scrolls past 200 px, and Down to the last one scrolls it into view.  In
 * every game, with the letter that begins most moves of the start. */
static void
test_height (void)
{
  guint n_scrolled = 0;

  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      g_autoptr(CheopsGame) game = studio_game_new_for_variant (cheops_variants[v]);
      StudioWindow *window = window_with_game (game);
      CheopsGameNode *root = studio_document_get_current (studio_window_get_document (window));
      const CheopsPosition *pos = cheops_game_node_get_position (root);
      GtkWidget *scroller = studio_test_find_widget_of_type (window->move_entry, GTK_TYPE_SCROLLED_WINDOW);
      GtkWidget *entry = studio_test_find_widget_of_type (window->move_entry, GTK_TYPE_ENTRY);
      GtkWidget *list = studio_test_find_widget_of_type (window->move_entry, GTK_TYPE_LIST_BOX);
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
      guint counts[128] = { 0 };
      guint n_moves, best = 0;
      const CheopsMove *moves = cheops_game_node_get_moves (root, &n_moves);
      char prefix[2] = { 0 };
      gboolean handled = FALSE;

      /* A move is a candidate when its record notation or its move text
       * begins so. */
      for (guint i = 0; i < n_moves; i++)
        {
          char san[CHEOPS_SAN_MAX];
          char text[CHEOPS_MOVE_TEXT_MAX];

          cheops_move_to_san (pos, moves[i], san);
          cheops_move_to_text (pos->variant, moves[i], text);
          if ((guchar) san[0] < 128 && ++counts[(guchar) san[0]] > counts[best])
            best = (guchar) san[0];
          if (text[0] != san[0] && (guchar) text[0] < 128 && ++counts[(guchar) text[0]] > counts[best])
            best = (guchar) text[0];
        }
      g_test_message ("%s: %u moves begin with %c", cheops_variants[v]->name, counts[best], best);
      prefix[0] = (char) best;
      _studio_window_open_move_entry (window, prefix);
      studio_test_spin_frames ();
      g_assert_cmpint (gtk_widget_get_height (scroller), >, 0);
      g_assert_cmpint (gtk_widget_get_height (scroller), <=, 200);
      g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 0);
      if (counts[best] < 8)
        {
          /* Few (TrigChess's start: 5): all shown, nothing to scroll. */
          g_assert_cmpint (gtk_widget_get_height (list), <=, gtk_widget_get_height (scroller));
        }
      else
        {
          n_scrolled++;
          g_assert_cmpint (gtk_widget_get_height (list), >, 200);
          for (guint i = 0; i < 11; i++)
            g_signal_emit_by_name (studio_test_key_controller (entry), "key-pressed", GDK_KEY_Down, 0, 0, &handled);
          g_assert_true (handled);
          g_assert_cmpint (gtk_list_box_row_get_index (gtk_list_box_get_selected_row (GTK_LIST_BOX (list))), ==,
                           (int) MIN (counts[best], 12) - 1);
          g_assert_cmpfloat (gtk_adjustment_get_value (adj), >, 0);
        }
      gtk_popover_popdown (GTK_POPOVER (window->move_entry));
      gtk_window_destroy (GTK_WINDOW (window));
    }
  /* Cheops, Cypher chess and Pyramids have 8 or more. */
  g_assert_cmpuint (n_scrolled, ==, 3);
}

/* Cypher chess: the compound move and the drop, typed as the record
 * writes them (cypher.md 6.3). */
static void
test_cypher (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsGame) game = cheops_game_new_from_fen (
    &cheops_variant_cypher, "8s1/10/2r2k4/10/10/10/2P7/3R6/7K2/10/4S5 w - 0+0 - 0 1", &error);
  StudioWindow *window;
  StudioDocument *document;

  g_assert_no_error (error);
  window = window_with_game (game);
  document = studio_window_get_document (window);
  g_assert_true (type_move (window, "Sd3,Rc0"));
  g_assert_cmpstr (cheops_game_node_get_san (studio_document_get_current (document)), ==, "Sd3,Rc0");
  g_assert_true (type_move (window, "Rxb4"));
  g_assert_true (type_move (window, "P@c5"));
  g_assert_cmpstr (cheops_game_node_get_san (studio_document_get_current (document)), ==, "P@c5");
  g_assert_cmpuint (cheops_game_node_get_ply (studio_document_get_current (document)), ==, 3);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_func ("/Studio/MoveEntry/every-game", test_every_game);
  g_test_add_func ("/Studio/MoveEntry/typing-on-board", test_typing_on_board);
  g_test_add_func ("/Studio/MoveEntry/cypher", test_cypher);
  g_test_add_func ("/Studio/MoveEntry/height", test_height);

  return g_test_run ();
}
