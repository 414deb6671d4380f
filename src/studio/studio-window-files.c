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
 */
#define G_LOG_DOMAIN "studio-window-files"

#include "studio-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "studio-document.h"
#include "studio-window-private.h"

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

  g_signal_connect_object (self->document, "notify::changed-on-disk",
                           G_CALLBACK (disk_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->document, "notify::modified",
                           G_CALLBACK (disk_changed_cb), self, G_CONNECT_SWAPPED);
}

/**
 * _studio_window_files_init:
 * @self: a #StudioWindow, constructed (its settings exist)
 *
 * Adds the banner of a file changed on disk and binds the preference
 * save-backup to the document.
 */
void
_studio_window_files_init (StudioWindow *self)
{
  studio_window_files_add_banner (self);
  g_settings_bind (self->settings, "save-backup", self->document, "keep-backup", G_SETTINGS_BIND_GET);
}
