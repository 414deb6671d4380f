/* test-recovery.c: the studio's windows keep what is on disk and what was
 * not saved (issue 14) — the banner of a file another program wrote
 * (Reload / Keep, and no silent overwrite), and drafts of unsaved edits
 * that come back after the studio was killed (kill -9 of a child process
 * running the studio, then the offer at the next start).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "studio-document.h"
#include "studio-test-util.h"
#include "studio-window.h"

static AdwMessageDialog *
find_message_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item) && gtk_widget_get_visible (GTK_WIDGET (item)))
        return ADW_MESSAGE_DIALOG (item);
    }

  return NULL;
}

static gboolean
has_message_dialog (gpointer data)
{
  return find_message_dialog () != NULL;
}

static gboolean
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL;
}

static gboolean
match_name (GtkWidget     *widget,
            gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static GtkRevealer *
disk_banner (StudioWindow *window)
{
  GtkWidget *revealer = studio_test_find_widget (GTK_WIDGET (window), match_name, "disk-changed-banner");

  g_assert_nonnull (revealer);
  return GTK_REVEALER (revealer);
}

static gboolean
banner_shown (gpointer data)
{
  return gtk_revealer_get_reveal_child (disk_banner (data));
}

static gboolean
banner_hidden (gpointer data)
{
  return !gtk_revealer_get_reveal_child (disk_banner (data));
}

static GtkInfoBar *
banner_bar (StudioWindow *window)
{
  return GTK_INFO_BAR (gtk_revealer_get_child (disk_banner (window)));
}

/* The label of the banner's body (its second label). */
static const char *
banner_text (StudioWindow *window)
{
  GtkWidget *bar = GTK_WIDGET (banner_bar (window));
  GtkWidget *label = studio_test_find_widget_of_type (bar, GTK_TYPE_LABEL);
  GtkWidget *next;

  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, "The file has changed on disk");
  next = gtk_widget_get_next_sibling (label);
  g_assert_true (GTK_IS_LABEL (next));
  return gtk_label_get_label (GTK_LABEL (next));
}

static gboolean
not_modified (gpointer data)
{
  return !studio_document_get_modified (data);
}

static char *
read_file (const char *path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

/* A file written by another program while open: the banner says so, a
 * save refuses (the dialog says why) and leaves the other program's file;
 * Keep lets the next save overwrite it; Reload reads what is on disk,
 * dropping the window's edits.  For a game of each variant. */
static void
test_changed_on_disk_banner (gconstpointer data)
{
  const char *sample = data;
  g_autofree char *folder = g_dir_make_tmp ("studio-recovery-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, sample, NULL);
  g_autofree char *source = g_build_filename (SAMPLES_DIR, sample, NULL);
  g_autofree char *text = read_file (source);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  const char *other = "[Event \"written by another program\"]\n\n*\n";
  g_autofree char *after = NULL;
  AdwMessageDialog *dialog;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  g_assert_false (gtk_revealer_get_reveal_child (disk_banner (window)));
  g_assert_true (cheops_game_set_tag (studio_document_get_game (document), "Annotator", "mine", NULL));

  g_usleep (20000);
  g_assert_true (g_file_set_contents (path, other, -1, NULL));
  studio_test_spin_until (banner_shown, window);
  g_assert_true (g_str_has_prefix (banner_text (window), "Another program has written “"));
  g_assert_nonnull (strstr (banner_text (window), "(the changes made here are lost)"));

  /* Save: refused, said, the file left as the other program wrote it. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  studio_test_spin_until (has_message_dialog, NULL);
  dialog = find_message_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Game Was Not Saved");
  g_assert_true (g_str_has_suffix (adw_message_dialog_get_body (dialog), "” has changed on disk since it was read"));
  adw_message_dialog_response (dialog, "close");
  studio_test_spin_frames ();
  after = read_file (path);
  g_assert_cmpstr (after, ==, other);
  g_assert_true (studio_document_get_modified (document));

  /* Keep: the banner goes, the next save writes the window's version. */
  gtk_info_bar_response (banner_bar (window), 2);
  studio_test_spin_until (banner_hidden, window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  studio_test_spin_until (not_modified, document);
  g_free (after);
  after = read_file (path);
  g_assert_nonnull (strstr (after, "[Annotator \"mine\"]"));
  studio_test_spin_for (300);
  g_assert_false (gtk_revealer_get_reveal_child (disk_banner (window)));

  /* Reload: what is on disk now, the edits dropped. */
  g_assert_true (cheops_game_set_tag (studio_document_get_game (document), "Annotator", "dropped", NULL));
  g_usleep (20000);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  studio_test_spin_until (banner_shown, window);
  gtk_info_bar_response (banner_bar (window), 1);
  studio_test_spin_until (not_modified, document);
  studio_test_spin_until (banner_hidden, window);
  g_assert_null (cheops_game_get_tag (studio_document_get_game (document), "Annotator"));
  g_assert_true (g_file_equal (studio_document_get_file (document), file));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (folder);
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_data_func ("/recovery/changed-on-disk/cheops", "apex-race.pgn", test_changed_on_disk_banner);
  g_test_add_data_func ("/recovery/changed-on-disk/trigchess", "trigchess-gyros.pgn", test_changed_on_disk_banner);
  g_test_add_data_func ("/recovery/changed-on-disk/cypher", "cypher-selfplay.pgn", test_changed_on_disk_banner);
  g_test_add_data_func ("/recovery/changed-on-disk/pyramids", "pyramids-selfplay.pgn", test_changed_on_disk_banner);

  return g_test_run ();
}
