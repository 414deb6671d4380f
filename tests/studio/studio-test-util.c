/* studio-test-util.c: what the studio's GUI tests share — waiting for the
 * main loop, and the log writer that lets dconf's warnings through.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>

#include "studio-test-util.h"

/**
 * studio_test_init:
 * @argc: main()'s
 * @argv: main()'s
 *
 * Sets up a GUI test program: a scratch XDG_DATA_HOME (so that the recent
 * files written are not the user's), GTK's test set-up, libadwaita, and
 * studio_test_dconf_not_fatal() as the log writer.  Call first in main().
 */
void
studio_test_init (int    *argc,
                  char ***argv)
{
  g_autofree char *home = g_dir_make_tmp ("studio-test-home-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", home, TRUE);
  gtk_test_init (argc, argv, NULL);
  adw_init ();
  g_log_set_writer_func (studio_test_dconf_not_fatal, NULL, NULL);
}

static gboolean
keep_ticking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/**
 * studio_test_spin_until:
 * @done: the condition waited for, called with @data between iterations
 * @data: for @done
 *
 * Runs the main loop until @done holds; fails the test after 20 s (a
 * generous bound: the tests run side by side, some with the real engine,
 * on machines with two cores).  A 20 ms tick keeps a wait that never ends
 * from hanging.
 */
void
studio_test_spin_until (StudioTestCondition done,
                        gpointer            data)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  guint tick = g_timeout_add (20, keep_ticking, NULL);

  while (!done (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }

  g_source_remove (tick);
}

static void
read_text_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (object), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

static gboolean
text_read (gpointer data)
{
  return *(char **) data != NULL;
}

/**
 * studio_test_clipboard_text:
 * @widget: a widget whose clipboard is read
 *
 * Reads the clipboard's text, running the main loop until it is there.
 *
 * Returns: (transfer full): the text, "" when the clipboard holds none
 */
char *
studio_test_clipboard_text (GtkWidget *widget)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, read_text_cb, &text);
  studio_test_spin_until (text_read, &text);

  return text;
}

/**
 * studio_test_find_widget:
 * @widget: where to start
 * @match: says whether a widget is the one looked for
 * @data: for @match
 *
 * Returns: (transfer none) (nullable): the first widget, depth first from
 *   @widget itself, that @match accepts
 */
GtkWidget *
studio_test_find_widget (GtkWidget       *widget,
                         StudioTestMatch  match,
                         gconstpointer    data)
{
  if (match (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = studio_test_find_widget (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
is_of_type (GtkWidget     *widget,
            gconstpointer  type)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

/**
 * studio_test_find_widget_of_type:
 * @widget: where to start
 * @type: a widget type
 *
 * Returns: (transfer none) (nullable): the first widget of @type under
 *   @widget (or @widget itself)
 */
GtkWidget *
studio_test_find_widget_of_type (GtkWidget *widget,
                                 GType      type)
{
  return studio_test_find_widget (widget, is_of_type, GSIZE_TO_POINTER (type));
}

static gboolean
has_class (GtkWidget     *widget,
           gconstpointer  css_class)
{
  return gtk_widget_has_css_class (widget, css_class);
}

/**
 * studio_test_find_by_class:
 * @widget: where to start
 * @css_class: a style class
 *
 * Returns: (transfer none) (nullable): the first widget with @css_class
 *   under @widget (or @widget itself)
 */
GtkWidget *
studio_test_find_by_class (GtkWidget  *widget,
                           const char *css_class)
{
  return studio_test_find_widget (widget, has_class, css_class);
}

static gboolean
toast_reads (GtkWidget     *widget,
             gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

/**
 * studio_test_find_toast:
 * @overlay: a window's toast overlay
 * @text: a toast's whole message
 *
 * The window's toasts are labels whose tooltip is the whole message
 * (_studio_window_toast() cuts a long one to fit).
 *
 * Returns: (transfer none) (nullable): the label of the toast reading
 *   @text under @overlay
 */
GtkWidget *
studio_test_find_toast (GtkWidget  *overlay,
                        const char *text)
{
  return studio_test_find_widget (overlay, toast_reads, text);
}

/**
 * studio_test_spin_for:
 * @ms: how long, in milliseconds
 *
 * Runs the main loop for @ms.
 */
void
studio_test_spin_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;
  guint tick = g_timeout_add (10, keep_ticking, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);

  g_source_remove (tick);
}

/**
 * studio_test_spin_frames:
 *
 * Lets about five frames pass (100 ms), handling whatever is pending.
 */
void
studio_test_spin_frames (void)
{
  for (int i = 0; i < 5; i++)
    {
      g_usleep (20000);
      while (g_main_context_iteration (NULL, FALSE));
    }
}

/**
 * studio_test_dconf_not_fatal:
 *
 * A GLogWriterFunc: dconf's warnings (no session bus under xvfb-run) are
 * not fatal; everything else goes to g_log_writer_default().
 *
 * Returns: how the message was handled
 */
GLogWriterOutput
studio_test_dconf_not_fatal (GLogLevelFlags   log_level,
                             const GLogField *fields,
                             gsize            n_fields,
                             gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN") && fields[i].length == -1 &&
        g_str_equal (fields[i].value, "dconf") && (log_level & G_LOG_LEVEL_WARNING))
      {
        g_test_message ("dconf: ignored warning");
        return G_LOG_WRITER_HANDLED;
      }

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

/**
 * studio_test_find_message_dialog:
 *
 * Returns: (transfer none) (nullable): the first visible AdwMessageDialog
 * among the application's toplevel windows, or NULL when none shows
 */
AdwMessageDialog *
studio_test_find_message_dialog (void)
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
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL;
}

/* A new window, presented, with data/samples/@name open in it (waits until
 * the document has the file). */
StudioWindow *
studio_test_open_sample (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, studio_window_get_document (window));

  return window;
}

/* Removes the directory @dir of a test and the files in it (no
 * subdirectories), made writable first (a test may have made it read-only);
 * what cannot be removed is left. */
void
studio_test_remove_dir (const char *dir)
{
  g_autoptr(GDir) handle = NULL;
  const char *name;

  g_chmod (dir, 0755);
  handle = g_dir_open (dir, 0, NULL);
  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

/**
 * studio_test_controller_of_type:
 * @widget: a widget with an event controller of @type of its own
 * @type: a #GtkEventController type (#GTK_TYPE_EVENT_CONTROLLER_KEY,
 *   #GTK_TYPE_GESTURE_DRAG...)
 *
 * The first controller of @widget of @type, to emit its signals on as GTK
 * would; aborts the test if there is none.
 *
 * Returns: (transfer none): the controller
 */
GtkEventController *
studio_test_controller_of_type (GtkWidget *widget,
                                GType      type)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) c = g_list_model_get_item (controllers, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
        return GTK_EVENT_CONTROLLER (c);
    }
  g_assert_not_reached ();
}

/**
 * studio_test_key_controller:
 * @widget: a widget with a #GtkEventControllerKey of its own
 *
 * The first key controller of @widget (a window's: the keys typed on the
 * board): studio_test_controller_of_type() for key controllers.
 *
 * Returns: (transfer none): the controller
 */
GtkEventController *
studio_test_key_controller (GtkWidget *widget)
{
  return studio_test_controller_of_type (widget, GTK_TYPE_EVENT_CONTROLLER_KEY);
}
