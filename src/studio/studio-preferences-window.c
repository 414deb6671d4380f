/* studio-preferences-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioPreferencesWindow: the studio's preferences (app.preferences,
 * Ctrl+comma): which UCI engine analyses, and its Threads and Hash.
 *
 * Everything here is a GSettings key of org.cheops.Studio — `last-engine`
 * (a path, empty for the bundled cheops-engine), `engines` (every engine
 * chosen, offered again under Other Engines), `engine-threads`,
 * `engine-hash`, `board-theme` (every window's board follows it), `style`
 * (light, dark or the system's: studio_application_apply_style()) — and
 * nothing else: every window's analysis panel watches
 * those keys and applies them to its engine (StudioAnalysisPanel), so the
 * window only has to write them.  A chosen engine file is checked (a
 * regular, executable file) before it is stored; a refusal is shown as a
 * toast in this window and the old engine stays.
 */
#define G_LOG_DOMAIN "studio-preferences-window"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-board-theme.h"
#include "studio-preferences-window.h"
#include "studio-engine.h"

/* The most the Hash spin button offers, in MiB (cheops-engine's maximum). */
#define MAX_HASH_MIB 4096

struct _StudioPreferencesWindow
{
  AdwPreferencesWindow  parent_instance;

  /* Template widgets. */
  AdwActionRow         *engine_row;
  AdwComboRow          *theme_row;
  AdwPreferencesGroup  *others_group;
  GPtrArray            *other_rows; /* the rows of others_group, not owned */
  AdwComboRow          *style_row;
  AdwPreferencesGroup  *options_group;
  GtkSpinButton        *threads_spin;
  GtkAdjustment        *threads_adjustment;
  GtkSpinButton        *hash_spin;
  GtkAdjustment        *hash_adjustment;

  /* Owned. */
  GSettings            *settings;
  GtkFileChooserNative *chooser;

  /* Borrowed: the toast shown, until it is dismissed (weak pointer). */
  AdwToast             *toast;
};

G_DEFINE_FINAL_TYPE (StudioPreferencesWindow, studio_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* A dismissed toast is no longer the one shown, though the overlay holds
 * it until its hide animation ends. */
static void
toast_dismissed_cb (AdwToast                *toast,
                    StudioPreferencesWindow *self)
{
  if (self->toast == toast)
    g_clear_weak_pointer (&self->toast);
}

static void
studio_preferences_window_toast (StudioPreferencesWindow *self,
                                 const char              *message)
{
  /* A toast's title is markup in libadwaita 1.2. */
  g_autofree char *escaped = g_markup_escape_text (message, -1);

  /* A new refusal replaces the last one rather than waiting behind it:
   * the toast shown takes its text and its timeout starts again (adding
   * it again does that).  Not dismissed and replaced by a new toast: in
   * libadwaita 1.2 a toast dismissed during its show animation is freed
   * before that animation ends and reads it (a use after free, fixed in
   * 1.3; see _studio_window_toast()). */
  if (self->toast != NULL)
    {
      adw_toast_set_title (self->toast, escaped);
      adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), g_object_ref (self->toast));
      return;
    }

  self->toast = adw_toast_new (escaped);
  g_object_add_weak_pointer (G_OBJECT (self->toast), (gpointer *) &self->toast);
  g_signal_connect_object (self->toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self, 0);
  adw_toast_set_timeout (self->toast, 8);
  adw_preferences_window_add_toast (ADW_PREFERENCES_WINDOW (self), self->toast);
}

/* Shows the engine of `last-engine` in the engine row. */
static void
studio_preferences_window_update_engine (StudioPreferencesWindow *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "last-engine");

  if (path[0] == '\0')
    {
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->engine_row),
                                     _("Bundled engine (cheops-engine)"));
      adw_action_row_set_subtitle (self->engine_row, _("Comes with Cheops Studio"));
    }
  else
    {
      g_autofree char *display = g_filename_display_basename (path);
      g_autofree char *display_path = g_filename_display_name (path);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->engine_row), display);
      adw_action_row_set_subtitle (self->engine_row, display_path);
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "preferences.use-bundled-engine", path[0] != '\0');
}

/* "Use" of an other engine's row: it analyses now. */
static void
use_other_clicked_cb (GtkButton               *button,
                      StudioPreferencesWindow *self)
{
  g_settings_set_string (self->settings, "last-engine", g_object_get_data (G_OBJECT (button), "engine-path"));
}

/* "Forget" of an other engine's row: out of `engines`. */
static void
forget_other_clicked_cb (GtkButton               *button,
                         StudioPreferencesWindow *self)
{
  studio_preferences_forget_engine (self->settings, g_object_get_data (G_OBJECT (button), "engine-path"));
}

/* A suffix button of an other engine's row for @path. */
static GtkWidget *
other_button (const char *label,
              const char *tooltip,
              const char *path,
              GCallback   clicked,
              gpointer    self)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, tooltip);
  g_object_set_data_full (G_OBJECT (button), "engine-path", g_strdup (path), g_free);
  g_signal_connect_object (button, "clicked", clicked, self, 0);
  return button;
}

/* Other Engines: a row for each of `engines` but the one analysing, with
 * Use and Forget; the group hidden when there is none. */
static void
studio_preferences_window_update_others (StudioPreferencesWindow *self)
{
  g_autofree char *current = g_settings_get_string (self->settings, "last-engine");
  g_auto(GStrv) engines = g_settings_get_strv (self->settings, "engines");

  for (guint i = 0; i < self->other_rows->len; i++)
    adw_preferences_group_remove (self->others_group, g_ptr_array_index (self->other_rows, i));
  g_ptr_array_set_size (self->other_rows, 0);
  for (guint i = 0; engines[i] != NULL; i++)
    {
      g_autofree char *display = NULL;
      g_autofree char *display_path = NULL;
      GtkWidget *row;

      if (g_str_equal (engines[i], current))
        continue;
      display = g_filename_display_basename (engines[i]);
      display_path = g_filename_display_name (engines[i]);
      row = adw_action_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), display);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), display_path);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 other_button (_("_Use"), _("Analyse with this engine"), engines[i],
                                               G_CALLBACK (use_other_clicked_cb), self));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 other_button (_("_Forget"), _("Take this engine off the list"), engines[i],
                                               G_CALLBACK (forget_other_clicked_cb), self));
      adw_preferences_group_add (self->others_group, row);
      g_ptr_array_add (self->other_rows, row);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->others_group), self->other_rows->len > 0);
}

static void
chooser_response_cb (StudioPreferencesWindow *self,
                     int                      response,
                     GtkFileChooserNative    *chooser)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

  /* The refusal is already shown as a toast. */
  if (file != NULL && !studio_preferences_window_choose_engine (self, file, &error))
    g_debug ("Engine refused: %s", error->message);

  if (self->chooser == chooser)
    g_clear_object (&self->chooser);
}

static void
choose_engine_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *param)
{
  StudioPreferencesWindow *self = STUDIO_PREFERENCES_WINDOW (widget);
  g_autofree char *path = g_settings_get_string (self->settings, "last-engine");

  if (self->chooser != NULL)
    {
      gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
      return;
    }

  self->chooser = gtk_file_chooser_native_new (_("Choose an Engine"),
                                               GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Choose"),
                                               _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (self->chooser), TRUE);

  /* Start in the folder of the engine chosen last. */
  if (path[0] != '\0')
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GFile) folder = g_file_get_parent (file);

      if (folder != NULL)
        gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->chooser), folder, NULL);
    }

  g_signal_connect_object (self->chooser, "response",
                           G_CALLBACK (chooser_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
use_bundled_engine_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *param)
{
  studio_preferences_window_use_bundled_engine (STUDIO_PREFERENCES_WINDOW (widget));
}

static void
studio_preferences_window_dispose (GObject *object)
{
  StudioPreferencesWindow *self = (StudioPreferencesWindow *)object;

  if (self->chooser != NULL)
    {
      gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
      g_clear_object (&self->chooser);
    }
  g_clear_weak_pointer (&self->toast);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->other_rows, g_ptr_array_unref);

  gtk_widget_dispose_template (GTK_WIDGET (self), STUDIO_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (studio_preferences_window_parent_class)->dispose (object);
}

/* board-theme (a theme's id) <-> the theme row's "selected" (its index). */
static gboolean
theme_get_mapping (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  g_value_set_uint (value, studio_board_theme_from_id (g_variant_get_string (variant, NULL)));
  return TRUE;
}

static GVariant *
theme_set_mapping (const GValue       *value,
                   const GVariantType *expected_type,
                   gpointer            user_data)
{
  return g_variant_new_string (studio_board_theme_get_info (g_value_get_uint (value))->id);
}

/* style ("system", "light", "dark") <-> the style row's "selected", in the
 * same order. */
static const char *const style_ids[] = { "system", "light", "dark" };

static gboolean
style_get_mapping (GValue   *value,
                   GVariant *variant,
                   gpointer  user_data)
{
  const char *id = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (style_ids); i++)
    if (g_str_equal (id, style_ids[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
style_set_mapping (const GValue       *value,
                   const GVariantType *expected_type,
                   gpointer            user_data)
{
  return g_variant_new_string (style_ids[MIN (g_value_get_uint (value), G_N_ELEMENTS (style_ids) - 1)]);
}

static void
studio_preferences_window_class_init (StudioPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cheops/Studio/studio-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, StudioPreferencesWindow, engine_row);
  gtk_widget_class_bind_template_child (widget_class, StudioPreferencesWindow, theme_row);
  gtk_widget_class_bind_template_child (widget_class, StudioPreferencesWindow, others_group);
  gtk_widget_class_bind_template_child (widget_class, StudioPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, StudioPreferencesWindow, options_group);
  gtk_widget_class_bind_template_child (widget_class, StudioPreferencesWindow, threads_spin);
  gtk_widget_class_bind_template_child (widget_class, StudioPreferencesWindow, threads_adjustment);
  gtk_widget_class_bind_template_child (widget_class, StudioPreferencesWindow, hash_spin);
  gtk_widget_class_bind_template_child (widget_class, StudioPreferencesWindow, hash_adjustment);

  gtk_widget_class_install_action (widget_class, "preferences.choose-engine", NULL, choose_engine_action);
  gtk_widget_class_install_action (widget_class, "preferences.use-bundled-engine", NULL, use_bundled_engine_action);
}

/* A page of its own, Files: whether a save keeps a backup (save-backup). */
static void
studio_preferences_window_add_files_page (StudioPreferencesWindow *self)
{
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (adw_preferences_page_new ());
  AdwPreferencesGroup *group = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
  AdwActionRow *row = ADW_ACTION_ROW (adw_action_row_new ());
  GtkWidget *toggle = gtk_switch_new ();

  adw_preferences_page_set_title (page, _("Files"));
  adw_preferences_page_set_icon_name (page, "document-save-symbolic");
  adw_preferences_group_set_title (group, _("Saving"));
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Keep a _Backup"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (row, _("A save keeps the file as it was before beside it, with “~” after its name"));
  gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
  gtk_widget_set_name (toggle, "save-backup-switch");
  adw_action_row_add_suffix (row, toggle);
  adw_action_row_set_activatable_widget (row, toggle);
  g_settings_bind (self->settings, "save-backup", toggle, "active", G_SETTINGS_BIND_DEFAULT);
  adw_preferences_group_add (group, GTK_WIDGET (row));
  adw_preferences_page_add (page, group);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (self), page);
}

/* The setting's value for the spin buttons: the user's, or the machine's
 * when the user never set it (studio_engine_option_setting()).  @user_data
 * is the binding's own reference to the settings (the window's may be gone
 * while the binding lives on). */
static gboolean
threads_get_mapping (GValue   *value,
                     GVariant *variant,
                     gpointer  user_data)
{
  (void) variant;
  g_value_set_double (value, studio_engine_option_setting (user_data, "engine-threads"));
  return TRUE;
}

static gboolean
hash_get_mapping (GValue   *value,
                  GVariant *variant,
                  gpointer  user_data)
{
  (void) variant;
  g_value_set_double (value, studio_engine_option_setting (user_data, "engine-hash"));
  return TRUE;
}

static void
studio_preferences_window_init (StudioPreferencesWindow *self)
{
  guint processors = g_get_num_processors ();

  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new ("org.cheops.Studio");

  /* Threads: 1 to the number of processors; more if the setting already
   * says more (written on a bigger machine), so that opening this window
   * does not rewrite it. */
  gtk_adjustment_set_upper (self->threads_adjustment,
                            MAX (processors, (guint) g_settings_get_int (self->settings, "engine-threads")));
  gtk_adjustment_set_upper (self->hash_adjustment, MAX_HASH_MIB);

  /* Until the user sets them, Threads and Hash show what the engine gets:
   * the machine's (studio_engine_option_setting()); a value set here is the
   * user's from then on. */
  g_settings_bind_with_mapping (self->settings, "engine-threads", self->threads_adjustment, "value",
                                G_SETTINGS_BIND_DEFAULT, threads_get_mapping, NULL,
                                g_object_ref (self->settings), g_object_unref);
  g_settings_bind_with_mapping (self->settings, "engine-hash", self->hash_adjustment, "value",
                                G_SETTINGS_BIND_DEFAULT, hash_get_mapping, NULL,
                                g_object_ref (self->settings), g_object_unref);
  {
    /* Translators: the engine options' defaults on this machine (issue 19):
     * the number of threads, then the hash table's size in MiB */
    g_autofree char *fit = g_strdup_printf (_("Until you change them, they fit this machine "
                                              "(Threads %d, Hash Table %d MiB)."),
                                            studio_engine_machine_threads (), studio_engine_machine_hash ());
    g_autofree char *text = g_strdup_printf ("%s %s", adw_preferences_group_get_description (self->options_group),
                                             fit);

    adw_preferences_group_set_description (self->options_group, text);
  }

  {
    g_autoptr(GtkStringList) themes = gtk_string_list_new (NULL);

    for (guint i = 0; i < STUDIO_BOARD_THEME_NB; i++)
      gtk_string_list_append (themes, _(studio_board_theme_get_info (i)->name));
    adw_combo_row_set_model (self->theme_row, G_LIST_MODEL (themes));
    g_settings_bind_with_mapping (self->settings, "board-theme", self->theme_row, "selected",
                                  G_SETTINGS_BIND_DEFAULT, theme_get_mapping, theme_set_mapping, NULL, NULL);
  }
  /* The application applies it (studio_application_apply_style()). */
  g_settings_bind_with_mapping (self->settings, "style", self->style_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, style_get_mapping, style_set_mapping, NULL, NULL);

  g_signal_connect_object (self->settings, "changed::last-engine",
                           G_CALLBACK (studio_preferences_window_update_engine), self,
                           G_CONNECT_SWAPPED);
  studio_preferences_window_update_engine (self);
  self->other_rows = g_ptr_array_new ();
  g_signal_connect_object (self->settings, "changed::last-engine",
                           G_CALLBACK (studio_preferences_window_update_others), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::engines",
                           G_CALLBACK (studio_preferences_window_update_others), self, G_CONNECT_SWAPPED);
  studio_preferences_window_update_others (self);
  studio_preferences_window_add_files_page (self);
}

/**
 * studio_preferences_window_new:
 *
 * Creates the preferences window, modal, showing the `org.cheops.Studio`
 * settings; the caller sets its application and transient parent and
 * presents it.
 *
 * Returns: (transfer floating): a new #StudioPreferencesWindow
 */
GtkWidget *
studio_preferences_window_new (void)
{
  return g_object_new (STUDIO_TYPE_PREFERENCES_WINDOW, NULL);
}

/**
 * studio_preferences_check_engine_path:
 * @path: (type filename): a path in the file system's encoding
 * @error: return location for a #GError, or %NULL
 *
 * Checks that @path names something the studio can start as an engine: a
 * regular file (after symbolic links) that this user may execute.  Whether
 * it speaks UCI and plays Cheops shows only when it runs.
 *
 * Returns: %TRUE if it can be used; else %FALSE with @error set, in the
 *   #G_IO_ERROR domain (NOT_FOUND, IS_DIRECTORY, NOT_REGULAR_FILE,
 *   PERMISSION_DENIED), with a translated message naming the file
 */
gboolean
studio_preferences_check_engine_path (const char  *path,
                                      GError     **error)
{
  g_autofree char *display = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  display = g_filename_display_name (path);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                   _("“%s” does not exist."), display);
      return FALSE;
    }
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   _("“%s” is a folder, not an engine."), display);
      return FALSE;
    }
  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   _("“%s” is not a regular file."), display);
      return FALSE;
    }
  if (!g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                   _("“%s” is not an executable program."), display);
      return FALSE;
    }

  return TRUE;
}

/**
 * studio_preferences_window_choose_engine:
 * @self: a #StudioPreferencesWindow
 * @file: the engine's program, as the file chooser returns it
 * @error: return location for a #GError, or %NULL
 *
 * What choosing a file in "Choose…" does: checks @file with
 * studio_preferences_check_engine_path() and stores its path in
 * `last-engine`, so that every analysis panel switches to it.  A refused
 * file (not a local file, missing, a folder, not executable) leaves
 * `last-engine` as it was and shows why in a toast.
 *
 * Returns: %TRUE if the engine was stored; else %FALSE with @error set
 *   (#G_IO_ERROR domain)
 */
gboolean
studio_preferences_window_choose_engine (StudioPreferencesWindow  *self,
                                         GFile                    *file,
                                         GError                  **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (STUDIO_IS_PREFERENCES_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (&local_error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   _("“%s” is not a local file: an engine must be a program on this computer."), uri);
    }
  else
    studio_preferences_check_engine_path (path, &local_error);

  if (local_error != NULL)
    {
      studio_preferences_window_toast (self, local_error->message);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }

  studio_preferences_remember_engine (self->settings, path);
  g_settings_set_string (self->settings, "last-engine", path);
  return TRUE;
}

/**
 * studio_preferences_remember_engine:
 * @settings: the `org.cheops.Studio` settings
 * @path: an engine's program (a file name)
 *
 * Adds @path at the end of the setting `engines` (the engines chosen in
 * Preferences, which Preferences offers again and a game against the
 * engine may choose), unless it is there already.
 */
void
studio_preferences_remember_engine (GSettings  *settings,
                                    const char *path)
{
  g_auto(GStrv) engines = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) updated = NULL;

  g_return_if_fail (G_IS_SETTINGS (settings) && path != NULL && path[0] != '\0');

  engines = g_settings_get_strv (settings, "engines");
  if (g_strv_contains ((const char *const *) engines, path))
    return;
  g_strv_builder_addv (builder, (const char **) engines);
  g_strv_builder_add (builder, path);
  updated = g_strv_builder_end (builder);
  g_settings_set_strv (settings, "engines", (const char *const *) updated);
}

/**
 * studio_preferences_forget_engine:
 * @settings: the `org.cheops.Studio` settings
 * @path: an engine's program
 *
 * Takes @path out of the setting `engines` (nothing if it is not there);
 * `last-engine` is not changed.
 */
void
studio_preferences_forget_engine (GSettings  *settings,
                                  const char *path)
{
  g_auto(GStrv) engines = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) updated = NULL;

  g_return_if_fail (G_IS_SETTINGS (settings) && path != NULL);

  engines = g_settings_get_strv (settings, "engines");
  for (guint i = 0; engines[i] != NULL; i++)
    if (!g_str_equal (engines[i], path))
      g_strv_builder_add (builder, engines[i]);
  updated = g_strv_builder_end (builder);
  g_settings_set_strv (settings, "engines", (const char *const *) updated);
}

/**
 * studio_preferences_window_use_bundled_engine:
 * @self: a #StudioPreferencesWindow
 *
 * What "Use Bundled Engine" does (action preferences.use-bundled-engine):
 * sets `last-engine` to the empty string, the bundled cheops-engine.
 */
void
studio_preferences_window_use_bundled_engine (StudioPreferencesWindow *self)
{
  g_return_if_fail (STUDIO_IS_PREFERENCES_WINDOW (self));

  g_settings_set_string (self->settings, "last-engine", "");
}

/**
 * studio_preferences_window_get_engine_title:
 * @self: a #StudioPreferencesWindow
 *
 * Returns: (transfer none): the engine row's title: "Bundled engine
 *   (cheops-engine)" or the chosen program's file name
 */
const char *
studio_preferences_window_get_engine_title (StudioPreferencesWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_PREFERENCES_WINDOW (self), NULL);

  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (self->engine_row));
}

/**
 * studio_preferences_window_get_engine_subtitle:
 * @self: a #StudioPreferencesWindow
 *
 * Returns: (transfer none) (nullable): the engine row's subtitle: the
 *   chosen program's full path, or a note for the bundled engine
 */
const char *
studio_preferences_window_get_engine_subtitle (StudioPreferencesWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_PREFERENCES_WINDOW (self), NULL);

  return adw_action_row_get_subtitle (self->engine_row);
}
