/* studio-window-files.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a StudioWindow does so that nothing is lost on disk (issue 14):
 *
 * - A file another program wrote while it is open
 *   (StudioDocument:changed-on-disk, noticed by a file monitor and by the
 *   check before every save) shows a banner over the board, as GNOME Text
 *   Editor does: “The file has changed on disk”, with Reload (read the
 *   file again; the window's unsaved changes are dropped) and Keep (the
 *   window's version stays; the next save overwrites the file).  Until the
 *   user chooses, a save refuses to overwrite the file.
 * - The preference save-backup becomes the document's keep-backup.
 * - Drafts (studio-drafts.c), one per tab: STUDIO_DRAFT_DELAY_MS after an
 *   edit, a tab whose document has unsaved edits writes a draft of it;
 *   the draft goes when the document is saved or back to what is saved,
 *   or when its tab or window is closed (closing with unsaved edits asks
 *   first, so a tab that goes has nothing the user kept).  At the start
 *   of the studio, studio_window_offer_drafts() offers the drafts no
 *   running studio holds (a crash, a kill -9): each restored one opens in
 *   a tab with its edits and its file name, marked modified.
 */
#define G_LOG_DOMAIN "studio-window-files"

#include "studio-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "studio-document.h"
#include "studio-drafts.h"
#include "studio-window-private.h"

/* A tab's draft (on its document): its name, and the write waiting for
 * the edits to stop. */
typedef struct {
  char  *id;
  guint  timeout;
} Draft;

static void
draft_free (Draft *draft)
{
  g_clear_handle_id (&draft->timeout, g_source_remove);
  g_free (draft->id);
  g_free (draft);
}

static Draft *
document_draft (StudioDocument *document)
{
  return g_object_get_data (G_OBJECT (document), "studio-draft");
}

enum {
  RESPONSE_RELOAD = 1,
  RESPONSE_KEEP,
};

static GtkRevealer *
disk_revealer (StudioWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "studio-disk-revealer");
}

static void
disk_changed_cb (StudioWindow *self)
{
  GtkRevealer *revealer = disk_revealer (self);
  GtkLabel *label = g_object_get_data (G_OBJECT (self), "studio-disk-label");
  GFile *file = studio_document_get_file (self->document);

  if (studio_document_get_changed_on_disk (self->document) && file != NULL)
    {
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *body = NULL;

      if (studio_document_get_modified (self->document))
        /* Translators: %s is a file name */
        body = g_strdup_printf (_("Another program has written “%s”. Reload it to see what is there now (the changes made here are lost), or keep the version shown here: the next save overwrites the file."), name);
      else
        /* Translators: %s is a file name */
        body = g_strdup_printf (_("Another program has written “%s”. Reload it to see what is there now, or keep the version shown here: the next save overwrites the file."), name);
      gtk_label_set_label (label, body);
      gtk_revealer_set_reveal_child (revealer, TRUE);
    }
  else
    gtk_revealer_set_reveal_child (revealer, FALSE);
}

static void
disk_response_cb (StudioWindow *self,
                  int           response,
                  GtkInfoBar   *bar)
{
  if (response == RESPONSE_RELOAD)
    _studio_window_reload (self);
  else if (response == RESPONSE_KEEP)
    studio_document_keep_changes (self->document);
}

static void
studio_window_files_add_banner (StudioWindow *self)
{
  GtkWidget *revealer = gtk_revealer_new ();
  GtkWidget *bar = gtk_info_bar_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *title = gtk_label_new (_("The file has changed on disk"));
  GtkWidget *label = gtk_label_new (NULL);

  gtk_widget_set_name (revealer, "disk-changed-banner");
  gtk_revealer_set_transition_type (GTK_REVEALER (revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_info_bar_set_message_type (GTK_INFO_BAR (bar), GTK_MESSAGE_WARNING);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_widget_add_css_class (title, "heading");
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), label);
  gtk_info_bar_add_child (GTK_INFO_BAR (bar), box);
  gtk_info_bar_add_button (GTK_INFO_BAR (bar), _("_Reload"), RESPONSE_RELOAD);
  gtk_info_bar_add_button (GTK_INFO_BAR (bar), _("_Keep"), RESPONSE_KEEP);
  gtk_revealer_set_child (GTK_REVEALER (revealer), bar);
  g_signal_connect_object (bar, "response", G_CALLBACK (disk_response_cb), self, G_CONNECT_SWAPPED);

  /* Under the problems banner, over the board. */
  gtk_widget_insert_after (revealer, gtk_widget_get_parent (GTK_WIDGET (self->problems_revealer)),
                           GTK_WIDGET (self->problems_revealer));
  g_object_set_data (G_OBJECT (self), "studio-disk-revealer", revealer);
  g_object_set_data (G_OBJECT (self), "studio-disk-label", label);
}

/* The bar of a long load or save (studio_document_load_async(),
 * studio_document_save_async()): shown once it has run for
 * STUDIO_BUSY_DELAY_MS, over the board, with what is going on, a progress
 * bar and Cancel.  The window stays usable meanwhile: the games read come
 * into the list as they are read, the first shown at once. */
#define STUDIO_BUSY_DELAY_MS 250

static guint busy_delay_ms = STUDIO_BUSY_DELAY_MS;

/**
 * _studio_window_files_set_busy_delay:
 * @ms: milliseconds
 *
 * How long a load or save runs before its bar shows (for tests, which
 * make it 0; STUDIO_BUSY_DELAY_MS otherwise).
 */
void
_studio_window_files_set_busy_delay (guint ms)
{
  busy_delay_ms = ms;
}

static GtkRevealer *
busy_revealer (StudioWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "studio-busy-revealer");
}

static gboolean
busy_show_cb (gpointer user_data)
{
  StudioWindow *self = user_data;

  g_object_set_data (G_OBJECT (self), "studio-busy-timeout", NULL);
  if (busy_revealer (self) != NULL &&
      (studio_document_get_loading (self->document) || studio_document_get_saving (self->document)))
    gtk_revealer_set_reveal_child (busy_revealer (self), TRUE);
  return G_SOURCE_REMOVE;
}

static void
busy_update (StudioWindow *self)
{
  GtkRevealer *revealer = busy_revealer (self);
  GtkLabel *label = g_object_get_data (G_OBJECT (self), "studio-busy-label");
  GtkProgressBar *bar = g_object_get_data (G_OBJECT (self), "studio-busy-bar");
  gboolean loading = studio_document_get_loading (self->document);
  gboolean saving = studio_document_get_saving (self->document);
  double progress = studio_document_get_progress (self->document);
  guint timeout = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (self), "studio-busy-timeout"));

  if (!loading && !saving)
    {
      if (timeout != 0)
        g_source_remove (timeout);
      g_object_set_data (G_OBJECT (self), "studio-busy-timeout", NULL);
      gtk_revealer_set_reveal_child (revealer, FALSE);
      return;
    }

  if (loading)
    {
      GFile *file = g_object_get_data (G_OBJECT (self->document), "studio-opening");
      g_autofree char *name = file != NULL ? g_file_get_basename (file) : NULL;
      guint n = studio_document_get_n_games (self->document);
      g_autofree char *text = NULL;

      /* The games come into the document as they are read. */
      if (progress > 0 && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "game") != 0)
        studio_window_show_game (self);
      if (progress > 0)
        /* Translators: %s is a file name, %u how many games were read */
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Opening “%s”: %u game read…",
                                             "Opening “%s”: %u games read…", n),
                                name != NULL ? name : "", n);
      else
        /* Translators: %s is a file name */
        text = g_strdup_printf (_("Opening “%s”…"), name != NULL ? name : "");
      gtk_label_set_label (label, text);
    }
  else
    {
      g_autofree char *title = studio_document_dup_title (self->document);
      /* Translators: %s is a file name */
      g_autofree char *text = g_strdup_printf (_("Saving “%s”…"), title);

      gtk_label_set_label (label, text);
    }
  gtk_progress_bar_set_fraction (bar, CLAMP (progress, 0, 1));

  if (!gtk_revealer_get_reveal_child (revealer) && timeout == 0)
    g_object_set_data (G_OBJECT (self), "studio-busy-timeout",
                       GUINT_TO_POINTER (g_timeout_add_full (G_PRIORITY_DEFAULT, busy_delay_ms, busy_show_cb,
                                                             g_object_ref (self), g_object_unref)));
}

static void
busy_cancel_cb (StudioWindow *self)
{
  studio_document_cancel_load (self->document);
  studio_document_cancel_save (self->document);
}

static void
studio_window_files_add_busy_bar (StudioWindow *self)
{
  GtkWidget *revealer = gtk_revealer_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *texts = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *bar = gtk_progress_bar_new ();
  GtkWidget *cancel = gtk_button_new_with_mnemonic (_("_Cancel"));

  gtk_widget_set_name (revealer, "busy-bar");
  gtk_revealer_set_transition_type (GTK_REVEALER (revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_widget_add_css_class (box, "toolbar");
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (texts, TRUE);
  gtk_widget_set_valign (texts, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (cancel, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (texts), label);
  gtk_box_append (GTK_BOX (texts), bar);
  gtk_box_append (GTK_BOX (box), texts);
  gtk_box_append (GTK_BOX (box), cancel);
  gtk_revealer_set_child (GTK_REVEALER (revealer), box);
  g_signal_connect_object (cancel, "clicked", G_CALLBACK (busy_cancel_cb), self, G_CONNECT_SWAPPED);

  /* Over the banners and the board. */
  gtk_widget_insert_before (revealer, gtk_widget_get_parent (GTK_WIDGET (self->problems_revealer)),
                            GTK_WIDGET (self->problems_revealer));
  g_object_set_data (G_OBJECT (self), "studio-busy-revealer", revealer);
  g_object_set_data (G_OBJECT (self), "studio-busy-label", label);
  g_object_set_data (G_OBJECT (self), "studio-busy-bar", bar);
  g_object_set_data (G_OBJECT (self), "studio-busy-cancel", cancel);
}

/**
 * _studio_window_files_bind:
 * @self: a #StudioWindow, bound to its selected tab's document
 *
 * The banner of a file changed on disk, and the bar of a load or save
 * running, follow the window's document.
 */
void
_studio_window_files_bind (StudioWindow *self)
{
  if (disk_revealer (self) == NULL)
    studio_window_files_add_banner (self);
  if (busy_revealer (self) == NULL)
    studio_window_files_add_busy_bar (self);
  g_signal_connect_object (self->document, "notify::progress",
                           G_CALLBACK (busy_update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::loading",
                           G_CALLBACK (busy_update), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::saving",
                           G_CALLBACK (busy_update), self, G_CONNECT_SWAPPED);
  /* The subtitle says the file is being opened until it is read or the
   * reading is cancelled. */
  g_signal_connect_object (self->document, "notify::loading",
                           G_CALLBACK (_studio_window_update_title), self, G_CONNECT_SWAPPED);
  busy_update (self);
  g_signal_connect_object (self->document, "notify::changed-on-disk",
                           G_CALLBACK (disk_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::modified",
                           G_CALLBACK (disk_changed_cb), self, G_CONNECT_SWAPPED);
  disk_changed_cb (self);
}

static void
draft_write_now (StudioDocument *document)
{
  Draft *draft = document_draft (document);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GArray) modified = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) edited = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  guint n_games = studio_document_get_n_games (document);
  gboolean partial;

  if (!studio_document_get_modified (document))
    return;
  if (draft->id == NULL)
    draft->id = studio_drafts_new_id ();
  for (guint i = 0; i < n_games; i++)
    if (cheops_game_get_modified (studio_document_get_game_at (document, i)))
      {
        g_array_append_val (modified, i);
        g_ptr_array_add (edited, studio_document_get_game_at (document, i));
      }
  /* A file of several games whose tag on disk is known: only the games
   * edited (the others are the file's). */
  partial = n_games > 1 && studio_document_get_file (document) != NULL &&
            studio_document_get_disk_etag (document) != NULL;
  bytes = partial ? cheops_pgn_write_games_to_bytes (edited) : studio_document_write_bytes (document);
  title = studio_document_dup_title (document);
  if (!studio_drafts_write (draft->id, bytes,
                            studio_document_get_file (document),
                            studio_document_get_disk_etag (document),
                            title, studio_document_get_game_index (document),
                            modified, n_games, partial, &error))
    g_warning ("Could not write the draft of “%s”: %s", title, error->message);
}

static void
draft_timeout_cb (gpointer user_data)
{
  StudioDocument *document = user_data;
  Draft *draft = document_draft (document);

  draft->timeout = 0;
  draft_write_now (document);
}

/* An edit, an undo, a save: a draft soon, or none. */
static void
draft_update (StudioDocument *document)
{
  Draft *draft = document_draft (document);

  g_clear_handle_id (&draft->timeout, g_source_remove);
  if (studio_document_get_modified (document))
    draft->timeout = g_timeout_add_once (STUDIO_DRAFT_DELAY_MS, draft_timeout_cb, document);
  else if (draft->id != NULL)
    studio_drafts_remove (draft->id);
}

/**
 * _studio_window_files_document_closed:
 * @self: a #StudioWindow
 * @document: the document of a tab that closes (or of a window that goes)
 *
 * Removes the tab's draft: closing with unsaved edits asked first, so
 * the tab has nothing the user kept (a tab dragged to another window
 * goes from this one too: its next edit writes its draft again).
 */
void
_studio_window_files_document_closed (StudioWindow   *self,
                                      StudioDocument *document)
{
  Draft *draft = document_draft (document);

  /* A file still being read into it: no more of it. */
  studio_document_cancel_load (document);
  if (draft == NULL)
    return;
  g_clear_handle_id (&draft->timeout, g_source_remove);
  if (draft->id != NULL)
    studio_drafts_remove (draft->id);
  g_clear_pointer (&draft->id, g_free);
  /* Its handlers stay: a tab dragged to another window's tab bar keeps
   * its document, whose next edit writes a draft again. */
}

/* Opens @d in @self (whose document holds nothing unsaved) and makes it
 * the window's draft. */
static gboolean
restore_draft (StudioWindow *self,
               StudioDraft  *d)
{
  g_autoptr(GBytes) text = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;
  g_autoptr(GArray) alone = NULL;
  gsize base_length = 0;
  Draft *draft = document_draft (self->document);
  GArray *modified = d->modified;
  guint game_index = d->game_index;

  /* A partial draft: the file's other games, as long as the file is the
   * one the draft was made of (else its games alone, without the file). */
  if (d->partial)
    {
      g_autofree char *etag = NULL;

      if (!g_file_load_contents (d->file, NULL, &base, &base_length, &etag, NULL) ||
          g_strcmp0 (etag, d->etag) != 0)
        {
          /* Alone, each drafted game is the one with edits. */
          g_clear_pointer (&base, g_free);
          alone = g_array_new (FALSE, FALSE, sizeof (guint));
          for (guint i = 0; i < d->modified->len; i++)
            g_array_append_val (alone, i);
          modified = alone;
          game_index = 0;
          for (guint i = 0; i < d->modified->len; i++)
            if (g_array_index (d->modified, guint, i) == d->game_index)
              game_index = i;
        }
    }

  text = studio_draft_load_text (d, &error);
  if (text == NULL ||
      !studio_document_restore_draft (self->document, g_bytes_get_data (text, NULL), g_bytes_get_size (text),
                                      base, base_length, d->partial && base == NULL ? NULL : d->file,
                                      d->etag, game_index, d->n_games, modified, &error))
    {
      /* Translators: the first %s is a title, the second why */
      g_autofree char *message = g_strdup_printf (_("Could not restore “%s”: %s"), d->title, error->message);

      _studio_window_toast (self, message);
      return FALSE;
    }

  /* The draft now follows this tab (the load above removed nothing: the
   * tab had no draft). */
  g_clear_handle_id (&draft->timeout, g_source_remove);
  g_free (draft->id);
  draft->id = g_strdup (d->id);
  _studio_window_after_load (self);
  return TRUE;
}

static void
offer_response_cb (AdwMessageDialog *dialog,
                   const char       *response,
                   StudioWindow     *self)
{
  GPtrArray *drafts = g_object_get_data (G_OBJECT (dialog), "studio-drafts");
  GPtrArray *checks = g_object_get_data (G_OBJECT (dialog), "studio-checks");
  StudioWindow *target = self;

  /* Closed without a choice (Escape): the drafts stay for the next start. */
  if (!g_str_equal (response, "restore") && !g_str_equal (response, "discard"))
    return;

  for (guint i = 0; i < drafts->len; i++)
    {
      StudioDraft *d = g_ptr_array_index (drafts, i);
      gboolean wanted = g_str_equal (response, "restore") &&
                        gtk_check_button_get_active (g_ptr_array_index (checks, i));

      if (!wanted)
        {
          studio_drafts_remove (d->id);
          continue;
        }

      /* The first into this window's tab when it holds nothing, the
       * others each in a tab of its own. */
      if (target == NULL || studio_document_get_modified (self->document) ||
          !studio_document_get_is_empty (self->document))
        _studio_window_add_tab (self, TRUE);
      restore_draft (self, d);
      target = NULL;
    }
}

/**
 * studio_window_offer_drafts:
 * @self: a #StudioWindow, the first of the studio's start
 *
 * When the drafts folder holds drafts that no running studio holds (the
 * studio crashed or was killed with unsaved edits), asks over @self which
 * to restore: a dialog lists each (title and file), all checked; Restore
 * opens the checked ones — the first in @self when it holds nothing, each
 * other in a new tab — with their edits and file names, marked
 * modified, and discards the rest; Discard discards them all; closing the
 * dialog keeps them for the next start.  The application calls it once,
 * at its start.
 *
 * Returns: whether there were drafts to offer (the dialog is shown)
 */
gboolean
studio_window_offer_drafts (StudioWindow *self)
{
  g_autoptr(GPtrArray) drafts = NULL;
  GPtrArray *checks;
  GtkWidget *dialog;
  GtkWidget *list;

  g_return_val_if_fail (STUDIO_IS_WINDOW (self), FALSE);

  drafts = studio_drafts_list ();
  if (drafts->len == 0)
    return FALSE;

  dialog = adw_message_dialog_new (GTK_WINDOW (self),
                                   g_dngettext (GETTEXT_PACKAGE, "Restore Unsaved Game?", "Restore Unsaved Games?", drafts->len),
                                   g_dngettext (GETTEXT_PACKAGE,
                                                "The studio stopped while a file had changes that were not saved. If it is checked, it opens again with them; otherwise they are discarded.",
                                                "The studio stopped while files had changes that were not saved. The checked ones open again with them; the changes of the others are discarded.",
                                                drafts->len));
  list = gtk_list_box_new ();
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  checks = g_ptr_array_new ();
  for (guint i = 0; i < drafts->len; i++)
    {
      StudioDraft *d = g_ptr_array_index (drafts, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *check = gtk_check_button_new ();
      g_autofree char *title = g_markup_escape_text (d->title, -1);
      g_autofree char *where = d->file != NULL ? g_file_get_parse_name (d->file) : g_strdup (_("Not saved to a file"));
      g_autofree char *subtitle = g_markup_escape_text (where, -1);

      gtk_check_button_set_active (GTK_CHECK_BUTTON (check), TRUE);
      gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      adw_action_row_add_prefix (ADW_ACTION_ROW (row), check);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), check);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_ptr_array_add (checks, check);
    }
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), list);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "discard", _("_Discard"),
                                    "restore", _("_Restore"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "restore", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "restore");
  g_object_set_data_full (G_OBJECT (dialog), "studio-drafts", g_steal_pointer (&drafts), (GDestroyNotify) g_ptr_array_unref);
  g_object_set_data_full (G_OBJECT (dialog), "studio-checks", checks, (GDestroyNotify) g_ptr_array_unref);
  g_signal_connect_object (dialog, "response", G_CALLBACK (offer_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/**
 * _studio_window_files_document_init:
 * @self: a #StudioWindow, its settings made
 * @document: the document of a new tab
 *
 * Binds the preference save-backup to @document and keeps a draft of its
 * unsaved edits.
 */
void
_studio_window_files_document_init (StudioWindow   *self,
                                    StudioDocument *document)
{
  g_settings_bind (self->settings, "save-backup", document, "keep-backup", G_SETTINGS_BIND_GET);

  g_object_set_data_full (G_OBJECT (document), "studio-draft", g_new0 (Draft, 1), (GDestroyNotify) draft_free);
  g_signal_connect (document, "notify::modified", G_CALLBACK (draft_update), NULL);
  g_signal_connect (document, "changed", G_CALLBACK (draft_update), NULL);
}
