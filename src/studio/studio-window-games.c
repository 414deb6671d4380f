/* studio-window-games.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The games of a file in a StudioWindow: the StudioGamesButton over the
 * moves ("Game 2 of 3", and the searchable list of the file's games), the
 * actions win.next-game and win.previous-game (Alt+Page Down, Alt+Page
 * Up, set in studio-application.c), and the hint, once per run, that a file
 * just opened holds more games than the one shown.  Switching games goes
 * through studio_document_show_game(): the board, the moves, the headline,
 * the title and the analysis follow the document's notify::game.
 */
#define G_LOG_DOMAIN "studio-window-games"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-game-table.h"
#include "studio-window-private.h"

/**
 * _studio_window_games_update_actions:
 * @self: a #StudioWindow
 *
 * Enables win.next-game and win.previous-game when there is a game after or
 * before the one shown and the game is being walked (not while a position
 * is set up).
 */
void
_studio_window_games_update_actions (StudioWindow *self)
{
  guint index = studio_document_get_game_index (self->document);
  guint n = studio_document_get_n_games (self->document);
  gboolean playing = self->mode == STUDIO_WINDOW_MODE_GAME &&
                     g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "game") == 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.next-game", playing && index + 1 < n);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.previous-game", playing && index > 0);
}

static void
studio_window_actions_switch_game (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  guint index = studio_document_get_game_index (self->document);
  guint n = studio_document_get_n_games (self->document);

  if (g_str_equal (action_name, "win.next-game") && index + 1 < n)
    studio_document_show_game (self->document, index + 1);
  else if (g_str_equal (action_name, "win.previous-game") && index > 0)
    studio_document_show_game (self->document, index - 1);
  else
    gtk_widget_error_bell (widget);
}

/**
 * _studio_window_games_loaded:
 * @self: a #StudioWindow
 *
 * After a file was opened: if it holds several games, says (the first
 * time in this run of the program) how to reach the others.
 */
void
_studio_window_games_loaded (StudioWindow *self)
{
  static gboolean hint_given;
  guint n_games = studio_document_get_n_games (self->document);
  g_autofree char *message = NULL;

  if (n_games < 2 || hint_given)
    return;

  hint_given = TRUE;
  message = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          "This file holds %u game: choose one with the Game button above the moves",
                                          "This file holds %u games: choose one with the Game button above the moves",
                                          n_games),
                             n_games);
  _studio_window_toast (self, message);
}

/**
 * _studio_window_games_dup_loses_text_message:
 * @self: a #StudioWindow
 *
 * The body of the question asked before saving edited games that were
 * only partly read (studio_document_get_save_loses_text()): in a file of
 * several games it names them, since the game shown may be another.
 *
 * Returns: (transfer full): the message
 */
char *
_studio_window_games_dup_loses_text_message (StudioWindow *self)
{
  guint n_games = studio_document_get_n_games (self->document);
  g_autoptr(GString) numbers = g_string_new (NULL);
  guint n_lossy = 0;

  if (n_games == 1)
    return g_strdup (_("This game had errors when it was opened and was read only up to its first error. Saving "
                       "it writes what was read and your changes: the rest of the game in the file is lost."));

  for (guint i = 0; i < n_games; i++)
    if (studio_document_get_game_loses_text (self->document, i))
      {
        g_string_append_printf (numbers, "%s%u", n_lossy > 0 ? ", " : "", i + 1);
        n_lossy++;
      }

  /* Translators: %s is a game's number, or a list of them ("2, 5") */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Game %s of this file had errors when it was opened and was read only up "
                                       "to its first error. Saving writes what was read and your changes: the "
                                       "rest of that game in the file is lost.",
                                       "Games %s of this file had errors when they were opened and were read "
                                       "only up to their first error. Saving writes what was read and your "
                                       "changes: the rest of those games in the file is lost.",
                                       n_lossy),
                          numbers->str);
}

static void
game_table_activated_cb (StudioWindow   *self,
                         StudioDocument *document,
                         guint           index)
{
  _studio_window_select_document (self, document);
  studio_document_show_game (document, index);
  if (document == self->document)
    studio_window_show_game (self);
}

static void
game_table_destroy_cb (StudioWindow *self)
{
  g_object_set_data (G_OBJECT (self), "studio-game-table", NULL);
}

/* win.game-list: the table of the games of the window's open files
 * (studio-game-table.c), one per window, brought to the front if open. */
static void
studio_window_actions_game_list (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  StudioGameTable *table = g_object_get_data (G_OBJECT (self), "studio-game-table");

  studio_games_button_popdown (self->games_button);
  if (table == NULL)
    {
      g_autoptr(GListModel) documents = _studio_window_dup_documents (self);

      int width = gtk_widget_get_width (GTK_WIDGET (self));
      int height = gtk_widget_get_height (GTK_WIDGET (self));

      table = studio_game_table_new (documents, self->settings);
      /* Not wider or taller than the window it serves (a small screen). */
      if (width > 0 && height > 0)
        gtk_window_set_default_size (GTK_WINDOW (table), MIN (1000, MAX (width, 480)), MIN (620, MAX (height, 360)));
      gtk_window_set_transient_for (GTK_WINDOW (table), GTK_WINDOW (self));
      gtk_window_set_destroy_with_parent (GTK_WINDOW (table), TRUE);
      g_signal_connect_object (table, "game-activated", G_CALLBACK (game_table_activated_cb), self, G_CONNECT_SWAPPED);
      g_object_set_data (G_OBJECT (self), "studio-game-table", table);
      g_signal_connect_object (table, "destroy", G_CALLBACK (game_table_destroy_cb), self, G_CONNECT_SWAPPED);
    }
  gtk_window_present (GTK_WINDOW (table));
}

/**
 * _studio_window_class_games_init:
 * @klass: the window class
 *
 * Installs win.next-game and win.previous-game.
 */
void
_studio_window_class_games_init (StudioWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (STUDIO_TYPE_GAMES_BUTTON);

  gtk_widget_class_install_action (widget_class, "win.next-game", NULL, studio_window_actions_switch_game);
  gtk_widget_class_install_action (widget_class, "win.previous-game", NULL, studio_window_actions_switch_game);
  gtk_widget_class_install_action (widget_class, "win.game-list", NULL, studio_window_actions_game_list);
}

/**
 * _studio_window_games_bind:
 * @self: a #StudioWindow, bound to its selected tab's document
 *
 * Gives the games button the window's document and keeps the actions in
 * step with the game shown.
 */
void
_studio_window_games_bind (StudioWindow *self)
{
  studio_games_button_set_document (self->games_button, self->document);
  g_signal_connect_object (self->document, "notify::game-index",
                           G_CALLBACK (_studio_window_games_update_actions),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::n-games",
                           G_CALLBACK (_studio_window_games_update_actions),
                           self, G_CONNECT_SWAPPED);
}
