/* studio-window-actions.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The win.* actions of StudioWindow: files (new, open, recent, save, save
 * as, closing with unsaved changes), the clipboard (paste a FEN or a game,
 * copy the FEN or the game), undo and redo, walking through the tree, the
 * board's orientation, the analysis and setting up a position.  Installed
 * as widget actions (gtk_widget_class_install_action), as GNOME Text Editor
 * does.
 */
#define G_LOG_DOMAIN "studio-window-actions"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-window-private.h"
#include "studio-diagram-dialog.h"
#include "studio-game-text.h"
#include "studio-tags-dialog.h"

/**
 * _studio_window_update_actions:
 * @self: a #StudioWindow
 *
 * Enables the actions that make sense now.
 */
void
_studio_window_update_actions (StudioWindow *self)
{
  StudioDocument *document = self->document;
  CheopsGameNode *node;
  gboolean game_page;
  gboolean playing;
  gboolean editing;

  if (document == NULL)
    return;

  node = studio_document_get_current (document);
  game_page = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "game") == 0;
  /* While a position is set up, the game is neither walked nor changed. */
  playing = game_page && self->mode == STUDIO_WINDOW_MODE_GAME;
  /* While a comment is edited in place, the keys of the shortcuts that
   * type (F, L, X; Ctrl+C, Ctrl+V, Ctrl+Z, Ctrl+M) are the text's. */
  editing = studio_move_tree_view_get_editing (self->move_tree);

  if (_studio_window_play_owns_undo (self))
    {
      /* A game against the engine goes on: Undo takes a move back. */
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                     playing && !editing && _studio_window_play_can_take_back (self));
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", FALSE);
    }
  else
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                     playing && !editing && cheops_game_can_undo (studio_document_get_game (document)));
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                     playing && !editing && cheops_game_can_redo (studio_document_get_game (document)));
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-back",
                                 playing && cheops_game_node_get_parent (node) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-start",
                                 playing && cheops_game_node_get_parent (node) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-forward",
                                 playing && cheops_game_node_get_first_child (node) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-end",
                                 playing && cheops_game_node_get_first_child (node) != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save", game_page);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-as", game_page);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-fen", game_page && !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-game", playing && !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-line", playing && !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-variation", playing && !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.paste-variation", playing && !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.paste", !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-diagram", playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy-diagram", playing);
  /* F flips the board, unless it is typed into the set-up's FEN (the
   * application's shortcuts see keys before the focused entry). */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.flip-board",
                                 game_page && !editing &&
                                 !(self->mode == STUDIO_WINDOW_MODE_SETUP && studio_setup_panel_get_typing (self->setup_panel)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.analyze", playing && !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.threat", playing && !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.setup-position", self->mode == STUDIO_WINDOW_MODE_GAME);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.solve",
                                 playing && _studio_window_current_is_problem (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-tags", playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.enter-move", playing && !editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.no-recent", FALSE);
  _studio_window_review_update_actions (self, playing);
  _studio_window_learn_update_actions (self, playing);
  _studio_window_games_update_actions (self);
  _studio_window_problem_update_actions (self);
  if (self->tab_view != NULL)
    _studio_window_tabs_update_actions (self);
}

/* A new game of @variant in @self (its initial position), or in a new
 * window when @self holds unsaved work. */
static void
studio_window_new_game (StudioWindow        *self,
                        const CheopsVariant *variant)
{
  g_autoptr(CheopsGame) game = studio_game_new_for_variant (variant);

  /* Never drop unsaved work: a new game then gets its own window. */
  _studio_window_show_new_game (self, game, _("The new game"));
}

/* win.new (Ctrl+N): a new game of the game chosen last (setting
 * last-variant; Cheops when it names none the studio knows). */
static void
studio_window_actions_new (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  g_autofree char *name = g_settings_get_string (self->settings, "last-variant");
  const CheopsVariant *variant = cheops_variant_find (name);

  studio_window_new_game (self, variant != NULL ? variant : &cheops_variant_cheops);
}

/* win.new-variant("trigchess"): a new game of that variant, remembered as
 * the one New Game starts next. */
static void
studio_window_actions_new_variant (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  const CheopsVariant *variant = cheops_variant_find (g_variant_get_string (param, NULL));

  if (variant == NULL)
    return;
  g_settings_set_string (self->settings, "last-variant", variant->name);
  studio_window_new_game (self, variant);
}

static GtkFileFilter *
game_file_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Game Files"));
  gtk_file_filter_add_pattern (filter, "*.pgn");
  gtk_file_filter_add_pattern (filter, "*.PGN");
  /* Test-position suites open in the Suite panel. */
  gtk_file_filter_add_pattern (filter, "*.epd");
  gtk_file_filter_add_pattern (filter, "*.EPD");
  gtk_file_filter_add_mime_type (filter, "application/x-chess-pgn");

  return filter;
}

typedef void (*OpenFileFunc) (StudioWindow *self, GFile *file);

static void
open_response_cb (StudioWindow         *self,
                  int                   response,
                  GtkFileChooserNative *native)
{
  OpenFileFunc open = (OpenFileFunc) g_object_get_data (G_OBJECT (native), "studio-open-func");

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (file != NULL)
        open (self, file);
    }

  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);
}

/* Asks for a game file (the game files' filter) under @title; @open opens
 * the one chosen. */
static void
choose_game_file (StudioWindow *self,
                  const char   *title,
                  OpenFileFunc  open)
{
  g_autoptr(GtkFileFilter) filter = game_file_filter ();
  GtkFileChooserNative *native;

  native = gtk_file_chooser_native_new (title,
                                        GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        _("_Open"),
                                        _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_object_set_data (G_OBJECT (native), "studio-open-func", (gpointer) open);
  g_signal_connect_swapped (native, "response", G_CALLBACK (open_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
studio_window_actions_open (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *param)
{
  choose_game_file (STUDIO_WINDOW (widget), _("Open Game File"), studio_window_open_file);
}

static void
studio_window_actions_open_recent (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  studio_window_open_file (self, file);
}

typedef struct {
  StudioWindow *self;
  GFile        *file;        /* (nullable) where to, if not the document's file */
  gboolean      close_after;
} SaveData;

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  StudioDocument *document = (StudioDocument *)object;
  SaveData *data = user_data;
  g_autoptr(StudioWindow) self = data->self;
  g_autoptr(GFile) file = data->file;
  g_autoptr(GError) error = NULL;
  gboolean close_after = data->close_after;

  g_free (data);

  if (!studio_document_save_finish (document, result, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not save: %s"), error->message);
      GtkWidget *dialog;

      /* Cancelled (the bar of a long save): the file is as it was. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          if (close_after)
            _studio_window_close_asked_tab (self, FALSE);
          _studio_window_toast (self, _("Save cancelled: the file is unchanged"));
          return;
        }

      /* The file chooser records what it picks as a recent file: not a
       * file that could not be written. */
      if (file != NULL && !g_file_query_exists (file, NULL))
        {
          g_autofree char *uri = g_file_get_uri (file);

          gtk_recent_manager_remove_item (gtk_recent_manager_get_default (), uri, NULL);
        }

      /* The tab it was to close stays, and so does the window. */
      if (close_after)
        _studio_window_close_asked_tab (self, FALSE);
      dialog = adw_message_dialog_new (GTK_WINDOW (self), _("The Game Was Not Saved"), message);
      adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
      gtk_window_present (GTK_WINDOW (dialog));
      return;
    }

  _studio_window_add_recent (self, studio_document_get_file (document));
  /* What is on disk now may no longer have the problems it was read with. */
  _studio_window_show_problems (self);

  /* Saved before its tab closes (win.confirm-close's Save). */
  if (close_after)
    {
      _studio_window_close_asked_tab (self, TRUE);
      return;
    }

  _studio_window_toast (self, _("Saved"));
}

static void
save_now (StudioWindow *self,
          GFile        *file,
          gboolean      close_after)
{
  SaveData *data = g_new0 (SaveData, 1);

  data->self = g_object_ref (self);
  data->file = file != NULL ? g_object_ref (file) : NULL;
  data->close_after = close_after;
  studio_document_save_async (self->document, file, NULL, save_cb, data);
}

typedef struct {
  GFile    *file;
  gboolean  close_after;
} PartlyReadData;

static void
partly_read_data_free (gpointer data)
{
  PartlyReadData *d = data;

  g_clear_object (&d->file);
  g_free (d);
}

static void
partly_read_response_cb (AdwMessageDialog *dialog,
                         const char       *response,
                         StudioWindow     *self)
{
  PartlyReadData *d = g_object_get_data (G_OBJECT (dialog), "studio-save");

  if (g_str_equal (response, "save"))
    save_now (self, d->file, d->close_after);
  else if (d->close_after)
    _studio_window_close_asked_tab (self, FALSE);
}

/**
 * _studio_window_save:
 * @self: a #StudioWindow
 * @file: (nullable): where, or %NULL for the document's file
 * @close_after: close the tab win.confirm-close asked about once saved
 *
 * Saves the document; failures are shown in a dialog and keep the window.
 * When a game that was only partly read (its file had errors) has been
 * edited, saving would lose the part that could not be read: the user is
 * asked first (AdwMessageDialog, "response" signal: libadwaita 1.2).
 */
void
_studio_window_save (StudioWindow *self,
                     GFile        *file,
                     gboolean      close_after)
{
  g_autofree char *body = NULL;
  PartlyReadData *d;
  GtkWidget *dialog;

  if (!studio_document_get_save_loses_text (self->document))
    {
      save_now (self, file, close_after);
      return;
    }

  body = _studio_window_games_dup_loses_text_message (self);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save a partly read game?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "save", _("Save _Anyway"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  d = g_new0 (PartlyReadData, 1);
  d->file = file != NULL ? g_object_ref (file) : NULL;
  d->close_after = close_after;
  g_object_set_data_full (G_OBJECT (dialog), "studio-save", d, partly_read_data_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (partly_read_response_cb),
                           self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/**
 * _studio_window_game_file_name:
 * @file: the file the user chose to save to
 *
 * A name chosen without an extension gets ".pgn" (so that the Open dialog's
 * filter and the recent files find it again), unless a file of that name
 * is there already: then the name stays as chosen, since only that one was
 * confirmed for overwriting.
 *
 * Returns: (transfer full): @file or the file with ".pgn" added
 */
GFile *
_studio_window_game_file_name (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autoptr(GFile) parent = NULL;
  g_autoptr(GFile) candidate = NULL;
  g_autofree char *with_extension = NULL;

  if (name == NULL || strchr (name, '.') != NULL || (parent = g_file_get_parent (file)) == NULL)
    return g_object_ref (file);

  with_extension = g_strconcat (name, ".pgn", NULL);
  candidate = g_file_get_child (parent, with_extension);
  if (g_file_query_exists (candidate, NULL))
    return g_object_ref (file);
  return g_steal_pointer (&candidate);
}

static void
save_as_response_cb (GtkFileChooserNative *native,
                     int                   response,
                     SaveData             *data)
{
  g_autoptr(StudioWindow) self = data->self;
  gboolean close_after = data->close_after;

  g_free (data);

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      if (file != NULL)
        {
          g_autoptr(GFile) with_extension = _studio_window_game_file_name (file);

          _studio_window_save (self, with_extension, close_after);
        }
    }
  else if (close_after)
    _studio_window_close_asked_tab (self, FALSE);

  gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (native));
  g_object_unref (native);
}

/**
 * _studio_window_save_as:
 * @self: a #StudioWindow
 * @close_after: close the tab win.confirm-close asked about once saved
 *
 * Asks where to save the document, then saves it.
 */
void
_studio_window_save_as (StudioWindow *self,
                        gboolean      close_after)
{
  g_autoptr(GtkFileFilter) filter = game_file_filter ();
  GtkFileChooserNative *native;
  GFile *file = studio_document_get_file (self->document);
  SaveData *data;

  native = gtk_file_chooser_native_new (_("Save Game"),
                                        GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Save"),
                                        _("_Cancel"));
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);

  if (file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), file, NULL);
  else
    {
      /* The game's title (its Event, or its players) as the file name. */
      g_autofree char *title = studio_document_dup_title (self->document);
      g_autofree char *name = g_strconcat (g_strdelimit (title, "/\\:", '-'), ".pgn", NULL);

      g_autoptr(GFile) folder = _studio_window_default_folder (self);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
      gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
    }

  data = g_new0 (SaveData, 1);
  data->self = g_object_ref (self);
  data->close_after = close_after;
  g_signal_connect (native, "response", G_CALLBACK (save_as_response_cb), data);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
studio_window_actions_save (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  if (studio_document_get_file (self->document) == NULL)
    _studio_window_save_as (self, FALSE);
  else
    _studio_window_save (self, NULL, FALSE);
}

static void
studio_window_actions_save_as (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *param)
{
  _studio_window_save_as ((StudioWindow *)widget, FALSE);
}

static gboolean
close_idle_cb (gpointer data)
{
  StudioWindow *self = data;

  if (!self->tabs_disposed)
    _studio_window_close_asked_tab (self, TRUE);
  g_object_unref (self);

  return G_SOURCE_REMOVE;
}

static void
confirm_close_response_cb (StudioWindow     *self,
                           const char       *response,
                           AdwMessageDialog *dialog)
{
  /* Closed from the main loop, once the dialog has finished with its
   * parent. */
  if (g_str_equal (response, "discard"))
    g_idle_add (close_idle_cb, g_object_ref (self));
  else if (g_str_equal (response, "save"))
    {
      if (studio_document_get_file (self->document) == NULL)
        _studio_window_save_as (self, TRUE);
      else
        _studio_window_save (self, NULL, TRUE);
    }
  else
    _studio_window_close_asked_tab (self, FALSE);
}

/* win.confirm-close: asks whether to save a modified game before its tab
 * closes — the tab's close button, Ctrl+W, or the window closing with it
 * (AdwMessageDialog, "response" signal: libadwaita 1.2). */
static void
studio_window_actions_confirm_close (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  g_autofree char *title = studio_document_dup_title (self->document);
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  body = g_strdup_printf (_("“%s” has changes that are not saved. If you close without saving, they are lost."),
                          title);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Save Changes?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (confirm_close_response_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
paste_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  GdkClipboard *clipboard = (GdkClipboard *)object;
  g_autoptr(StudioWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  text = gdk_clipboard_read_text_finish (clipboard, result, &error);
  if (text == NULL)
    {
      _studio_window_toast (self, _("The clipboard holds no text"));
      return;
    }

  /* Setting up a position: the text goes into the FEN entry. */
  if (_studio_window_setup_take_text (self, text))
    return;

  if (!_studio_window_take_text (self, text, &error))
    {
      g_autofree char *message = NULL;

      /* A FEN the core rejects says so itself ("Not a valid Cheops FEN: column
       * 20: ..."); other text was read as a game and says where it went
       * wrong ("line 1:1: ..."), after a prefix kept short so that the
       * reason fits on the toast's one line. */
      if (g_error_matches (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_BAD_FEN))
        message = g_strdup (error->message);
      else
        message = g_strdup_printf (_("Not a game or a position: %s"), error->message);
      _studio_window_toast (self, message);
    }
}

/**
 * _studio_window_take_text:
 * @self: a #StudioWindow
 * @text: a game or games in game-file text, or a FEN (pasted or dropped)
 * @error: a location for a #GError
 *
 * Shows @text in @self's current tab — or, when it holds unsaved changes,
 * in a new tab, so that nothing is thrown away.
 *
 * Returns: %FALSE with @error set (and no tab opened) if @text holds
 *   neither a game nor a position
 */
gboolean
_studio_window_take_text (StudioWindow  *self,
                          const char    *text,
                          GError       **error)
{
  g_autoptr(StudioDocument) before = g_object_ref (self->document);
  gboolean new_tab = studio_document_get_modified (self->document);

  /* A new tab, of this tab's variant: game text without a [Variant] tag
   * is read as that variant first. */
  if (new_tab)
    _studio_window_add_tab (self, TRUE);

  /* Text that is no game opens no tab: back to the one it was pasted in. */
  if (!studio_window_load_text (self, text, error))
    {
      if (new_tab)
        {
          StudioDocument *opened = self->document;

          _studio_window_select_document (self, before);
          _studio_window_close_document_tab (self, opened);
        }
      return FALSE;
    }

  if (new_tab)
    _studio_window_announce_new_tab (self, _("The pasted game"));
  return TRUE;
}

static void
studio_window_actions_paste (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *param)
{
  GdkClipboard *clipboard = gtk_widget_get_clipboard (widget);

  gdk_clipboard_read_text_async (clipboard, NULL, paste_cb, g_object_ref (widget));
}

static void
studio_window_actions_copy (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  g_autofree char *text = NULL;
  gboolean fen = g_str_equal (action_name, "win.copy-fen");

  /* While a position is set up, its FEN (as the entry shows it). */
  if (fen && self->mode == STUDIO_WINDOW_MODE_SETUP)
    text = studio_setup_panel_dup_fen (self->setup_panel);
  else
    text = fen ? studio_document_dup_fen (self->document)
               : studio_document_dup_game_text (self->document);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  _studio_window_toast (self, fen ? _("FEN copied") : _("Game copied"));
}

/* win.copy-line(i) (Ctrl+Alt+C: line 0, the best): engine line i as a
 * game from the position analysed (studio-game-text.c). */
static void
studio_window_actions_copy_line (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  int index = g_variant_get_int32 (param);
  g_autofree char *text = NULL;

  if (index >= 0)
    text = studio_analysis_panel_dup_line_game_text (self->analysis_panel, (guint) index);
  if (text == NULL)
    {
      _studio_window_toast (self, _("No engine line to copy"));
      return;
    }
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  _studio_window_toast (self, _("Line copied"));
}

/* win.copy-variation (Ctrl+Alt+Shift+C): the variation the current move is
 * on, from the start to its end, as a game of its own. */
static void
studio_window_actions_copy_variation (GtkWidget  *widget,
                                      const char *action_name,
                                      GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  g_autofree char *text = studio_game_text_for_variation (studio_document_get_game (self->document),
                                                         studio_document_get_current (self->document));

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  _studio_window_toast (self, _("Variation copied"));
}

/**
 * _studio_window_paste_variation:
 * @self: a #StudioWindow
 * @text: game text (pasted)
 * @error: a location for a #GError
 *
 * Adds the moves of @text at the current move as a variation
 * (studio_game_paste_variation(): one undo step) and goes to the end of
 * its main line.
 *
 * Returns: %FALSE with @error set, the game unchanged, when @text is no
 *   game from the current position
 */
gboolean
_studio_window_paste_variation (StudioWindow  *self,
                                const char    *text,
                                GError       **error)
{
  CheopsGameNode *end = NULL;

  if (!studio_game_paste_variation (studio_document_get_game (self->document),
                                    studio_document_get_current (self->document), text, &end, error))
    return FALSE;
  studio_document_set_current (self->document, end);
  return TRUE;
}

static void
paste_variation_cb (GObject      *object,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  GdkClipboard *clipboard = (GdkClipboard *)object;
  g_autoptr(StudioWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (clipboard, result, NULL);

  if (text == NULL)
    {
      _studio_window_toast (self, _("The clipboard holds no text"));
      return;
    }
  if (!_studio_window_paste_variation (self, text, &error))
    {
      /* Translators: pasting game text as a variation failed: why
       * ("3:4: illegal move ...") */
      g_autofree char *message = g_strdup_printf (_("Not pasted as a variation: %s"), error->message);

      _studio_window_toast (self, message);
    }
}

/* win.paste-variation (Ctrl+Shift+V): the game text on the clipboard as a
 * variation at the current move, where win.paste (Ctrl+V) opens it as a
 * game. */
static void
studio_window_actions_paste_variation (GtkWidget  *widget,
                                       const char *action_name,
                                       GVariant   *param)
{
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, paste_variation_cb,
                                 g_object_ref (widget));
}

/* win.export-diagram: the current position as an SVG or PNG
 * (studio-diagram-dialog.c); win.copy-diagram: the same as an image on
 * the clipboard, as the board shows it. */
static void
studio_window_actions_diagram (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  if (g_str_equal (action_name, "win.export-diagram"))
    gtk_window_present (GTK_WINDOW (studio_diagram_dialog_new (self)));
  else
    {
      g_autoptr(GdkTexture) texture = studio_window_diagram_texture (self, 720);

      if (texture == NULL)
        return;
      gdk_clipboard_set_texture (gtk_widget_get_clipboard (widget), texture);
      _studio_window_toast (self, _("Diagram copied"));
    }
}

static void
studio_window_actions_undo (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  if (g_str_equal (action_name, "win.undo") && _studio_window_play_owns_undo (self))
    gtk_widget_activate_action (widget, "win.play-take-back", NULL);
  else if (_studio_window_play_owns_undo (self))
    return;
  else if (g_str_equal (action_name, "win.undo"))
    studio_document_undo (self->document);
  else
    studio_document_redo (self->document);
}

static void
studio_window_actions_go (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  gboolean moved = FALSE;

  if (g_str_equal (action_name, "win.go-back"))
    moved = studio_document_go_back (self->document);
  else if (g_str_equal (action_name, "win.go-forward"))
    moved = studio_document_go_forward (self->document);
  else if (g_str_equal (action_name, "win.go-start"))
    moved = studio_document_go_start (self->document);
  else if (g_str_equal (action_name, "win.go-end"))
    moved = studio_document_go_end (self->document);
  else if (g_str_equal (action_name, "win.go-up"))
    moved = studio_document_go_sibling (self->document, -1);
  else if (g_str_equal (action_name, "win.go-down"))
    moved = studio_document_go_sibling (self->document, +1);

  if (!moved)
    gtk_widget_error_bell (widget);
}

static void
studio_window_actions_flip (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  studio_board_scene_set_flipped (self->scene, !studio_board_scene_get_flipped (self->scene));
}

static void
studio_window_actions_analyze (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  /* Playing against the engine, its analysis stays hidden unless the
   * play bar's eye shows it. */
  /* Nor while Learn asks for a better move: it would give it away
   * (studio_analysis_panel_set_blocked() says why). */
  if (studio_analysis_panel_get_blocked (self->analysis_panel) != NULL)
    {
      _studio_window_toast (self, studio_analysis_panel_get_blocked (self->analysis_panel));
      return;
    }
  if (g_str_equal (action_name, "win.analyze"))
    studio_analysis_panel_set_running (self->analysis_panel,
                                       !studio_analysis_panel_get_running (self->analysis_panel));
  else
    {
      studio_analysis_panel_set_threat (self->analysis_panel,
                                        !studio_analysis_panel_get_threat (self->analysis_panel));
      if (studio_analysis_panel_get_threat (self->analysis_panel))
        studio_analysis_panel_set_running (self->analysis_panel, TRUE);
    }
}

/* win.setup-position: the board editor (studio-window-setup.c), from the
 * current position. */
static void
studio_window_actions_setup_position (GtkWidget  *widget,
                                      const char *action_name,
                                      GVariant   *param)
{
  _studio_window_begin_setup ((StudioWindow *)widget);
}

/* win.edit-tags: the game's tags in a dialog (studio-tags-dialog.c),
 * applied as one undo step when saved. */
static void
studio_window_actions_edit_tags (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  if (self->mode == STUDIO_WINDOW_MODE_SETUP)
    return;
  gtk_window_present (GTK_WINDOW (studio_tags_dialog_new (GTK_WINDOW (self), self->document)));
}

/* win.solve: solve mode (studio-window-solve.c) with the game shown. */
static void
studio_window_actions_solve (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  _studio_window_begin_solve (self, studio_document_get_game_index (self->document));
}

/* win.solve-file: a file of problems, opened straight into solve mode. */
static void
studio_window_actions_solve_file (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *param)
{
  choose_game_file (STUDIO_WINDOW (widget), _("Open Problems to Solve"), studio_window_solve_file);
}

/* win.enter-move (Ctrl+M): the keyboard move entry. */
static void
studio_window_actions_enter_move (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  if (self->mode == STUDIO_WINDOW_MODE_SETUP)
    return;
  /* In a game against the engine: why not here (as a click says). */
  if (_studio_window_play_refuses_move (self))
    {
      _studio_window_toast (self, _studio_window_play_refusal (self));
      return;
    }
  _studio_window_open_move_entry (self, NULL);
}

/* win.claim-draw: the draw the player to move may claim where the game
 * stands (_studio_window_get_claimable_draw(): Cheops 8.4.2, Pyramids
 * PY14) ends the game: its Result becomes "1/2-1/2" (undoable). */
static void
studio_window_actions_claim_draw (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  CheopsGame *game = studio_document_get_game (self->document);

  if (_studio_window_get_claimable_draw (self) == NULL || g_strcmp0 (cheops_game_get_result (game), "*") != 0)
    return;
  cheops_game_set_tag (game, "Result", "1/2-1/2", NULL);
}

static void
studio_window_actions_nothing (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *param)
{
}

/**
 * _studio_window_class_actions_init:
 * @klass: the window class
 *
 * Installs the win.* actions.  Their accelerators are set on the
 * application (studio-application.c) so the shortcuts window shows them.
 */
void
_studio_window_class_actions_init (StudioWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.new", NULL, studio_window_actions_new);
  gtk_widget_class_install_action (widget_class, "win.new-variant", "s", studio_window_actions_new_variant);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, studio_window_actions_open);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", studio_window_actions_open_recent);
  gtk_widget_class_install_action (widget_class, "win.no-recent", NULL, studio_window_actions_nothing);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, studio_window_actions_save);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, studio_window_actions_save_as);
  gtk_widget_class_install_action (widget_class, "win.confirm-close", NULL, studio_window_actions_confirm_close);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, studio_window_actions_paste);
  gtk_widget_class_install_action (widget_class, "win.copy-fen", NULL, studio_window_actions_copy);
  gtk_widget_class_install_action (widget_class, "win.copy-game", NULL, studio_window_actions_copy);
  gtk_widget_class_install_action (widget_class, "win.copy-line", "i", studio_window_actions_copy_line);
  gtk_widget_class_install_action (widget_class, "win.copy-variation", NULL, studio_window_actions_copy_variation);
  gtk_widget_class_install_action (widget_class, "win.paste-variation", NULL, studio_window_actions_paste_variation);
  gtk_widget_class_install_action (widget_class, "win.export-diagram", NULL, studio_window_actions_diagram);
  gtk_widget_class_install_action (widget_class, "win.copy-diagram", NULL, studio_window_actions_diagram);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, studio_window_actions_undo);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, studio_window_actions_undo);
  gtk_widget_class_install_action (widget_class, "win.go-back", NULL, studio_window_actions_go);
  gtk_widget_class_install_action (widget_class, "win.go-forward", NULL, studio_window_actions_go);
  gtk_widget_class_install_action (widget_class, "win.go-start", NULL, studio_window_actions_go);
  gtk_widget_class_install_action (widget_class, "win.go-end", NULL, studio_window_actions_go);
  gtk_widget_class_install_action (widget_class, "win.go-up", NULL, studio_window_actions_go);
  gtk_widget_class_install_action (widget_class, "win.go-down", NULL, studio_window_actions_go);
  gtk_widget_class_install_action (widget_class, "win.flip-board", NULL, studio_window_actions_flip);
  gtk_widget_class_install_action (widget_class, "win.analyze", NULL, studio_window_actions_analyze);
  gtk_widget_class_install_action (widget_class, "win.threat", NULL, studio_window_actions_analyze);
  gtk_widget_class_install_action (widget_class, "win.setup-position", NULL, studio_window_actions_setup_position);
  gtk_widget_class_install_action (widget_class, "win.edit-tags", NULL, studio_window_actions_edit_tags);
  gtk_widget_class_install_action (widget_class, "win.solve", NULL, studio_window_actions_solve);
  gtk_widget_class_install_action (widget_class, "win.solve-file", NULL, studio_window_actions_solve_file);
  gtk_widget_class_install_action (widget_class, "win.claim-draw", NULL, studio_window_actions_claim_draw);
  gtk_widget_class_install_action (widget_class, "win.enter-move", NULL, studio_window_actions_enter_move);
}
