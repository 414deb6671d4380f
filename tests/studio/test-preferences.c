/* test-preferences.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The preferences window under a display (xvfb-run): app.preferences opens
 * one modal window, transient for the studio window, from the primary menu,
 * Ctrl+comma and the shortcuts window; its spin buttons are bound to
 * engine-threads and engine-hash.  Choosing an engine while analysing shuts
 * the old one down (its process is gone) and gives the new one Threads and
 * Hash before its first `go`; a new option value reaches the running engine;
 * an engine without those options does not get them; one that cannot start
 * shows the panel's error; a file that is not an executable program is
 * refused and `last-engine` kept; "Use Bundled Engine" empties it.
 *
 * The engines are tests/studio/fake-engines/fake-engine behind small shell
 * scripts (exec, so the process id is the engine's) that set
 * FAKE_ENGINE_LOG (every line the engine receives) and FAKE_ENGINE_NAME.
 */
#include <adwaita.h>
#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>

#include "studio-test-util.h"
#include "studio-analysis-panel.h"
#include "studio-application.h"
#include "studio-engine.h"
#include "studio-preferences-window.h"
#include "studio-window.h"
#include "studio-window-private.h"

static char *tmp_dir;

/* An engine program: a script that runs the fake engine in @mode, logging
 * to <tmp>/@name.log and calling itself "@id_name". */
static char *
make_engine (const char *name,
             const char *mode,
             const char *id_name)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autofree char *log = g_strconcat (path, ".log", NULL);
  g_autofree char *script = NULL;
  g_autoptr(GError) error = NULL;

  script = g_strdup_printf ("#!/bin/sh\n"
                            "FAKE_ENGINE_LOG='%s' FAKE_ENGINE_NAME='%s' exec '%s' %s\n",
                            log, id_name, g_getenv ("STUDIO_FAKE_ENGINE"), mode);
  g_file_set_contents (path, script, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  g_remove (log);

  return g_steal_pointer (&path);
}

/* The lines the engine at @engine_path received so far. */
static GStrv
read_log (const char *engine_path)
{
  g_autofree char *log = g_strconcat (engine_path, ".log", NULL);
  g_autofree char *text = NULL;

  if (!g_file_get_contents (log, &text, NULL, NULL))
    return g_new0 (char *, 1);
  g_strchomp (text);
  if (text[0] == '\0')
    return g_new0 (char *, 1);
  return g_strsplit (text, "\n", -1);
}

/* The index of the first line from @from on that is @line, or -1. */
static int
find_line (const char *const *lines,
           const char        *line,
           int                from)
{
  for (int i = from; lines[i] != NULL; i++)
    if (g_str_equal (lines[i], line))
      return i;
  return -1;
}

/* The index of the first `go` command from @from on, or -1. */
static int
find_go (const char *const *lines,
         int                from)
{
  for (int i = from; lines[i] != NULL; i++)
    if (g_str_equal (lines[i], "go") || g_str_has_prefix (lines[i], "go "))
      return i;
  return -1;
}

static guint
count_go (const char *engine_path)
{
  g_auto(GStrv) lines = read_log (engine_path);
  guint n = 0;

  for (int i = 0; (i = find_go ((const char *const *) lines, i)) >= 0; i++)
    n++;
  return n;
}

typedef struct {
  const char *engine_path;
  guint       n;
} GoWait;

static gboolean
engine_got_go (gpointer data)
{
  GoWait *wait = data;

  return count_go (wait->engine_path) >= wait->n;
}

static void
wait_for_go (const char *engine_path,
             guint       n)
{
  GoWait wait = { engine_path, n };

  studio_test_spin_until (engine_got_go, &wait);
}

static gboolean
pid_gone (gpointer data)
{
  return kill ((pid_t) GPOINTER_TO_INT (data), 0) != 0 && errno == ESRCH;
}

static gboolean
panel_named (gpointer data)
{
  StudioAnalysisPanel *panel = data;
  const char *wanted = g_object_get_data (G_OBJECT (panel), "wanted-name");

  return g_strcmp0 (studio_analysis_panel_get_engine_name (panel), wanted) == 0;
}

static void
wait_for_name (StudioAnalysisPanel *panel,
               const char          *name)
{
  g_object_set_data_full (G_OBJECT (panel), "wanted-name", g_strdup (name), g_free);
  studio_test_spin_until (panel_named, panel);
}

static gboolean
has_lines (gpointer data)
{
  return studio_analysis_panel_get_n_lines (data) > 0;
}

static gboolean
has_error (gpointer data)
{
  return studio_analysis_panel_get_error (data) != NULL;
}

static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static gboolean
is_menu_button (GtkWidget     *widget,
                gconstpointer  data)
{
  /* The primary menu's button, not the arrow of New Game's split button. */
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL
         && g_strcmp0 (gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget)), "open-menu-symbolic") == 0;
}

static gboolean
is_shortcut_for (GtkWidget     *widget,
                 gconstpointer  action)
{
  g_autofree char *name = NULL;

  if (!GTK_IS_SHORTCUTS_SHORTCUT (widget))
    return FALSE;
  g_object_get (widget, "action-name", &name, NULL);
  return g_strcmp0 (name, action) == 0;
}

static gboolean
is_button_for (GtkWidget     *widget,
               gconstpointer  action)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static gboolean
is_label_with_text (GtkWidget     *widget,
                    gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

static gboolean
is_label_ending_with (GtkWidget     *widget,
                      gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_str_has_suffix (gtk_label_get_text (GTK_LABEL (widget)), text);
}

static GtkSpinButton *
find_spin (GtkWidget  *window,
           const char *name)
{
  GtkWidget *spin = studio_test_find_widget (window, is_named, name);

  g_assert_nonnull (spin);
  g_assert_true (GTK_IS_SPIN_BUTTON (spin));
  return GTK_SPIN_BUTTON (spin);
}

static void
reset_settings (GSettings *settings)
{
  g_settings_reset (settings, "last-engine");
  g_settings_reset (settings, "engine-threads");
  g_settings_reset (settings, "engine-hash");
  g_settings_reset (settings, "style");
  g_settings_reset (settings, "engines");
}

/* A studio window analysing the start position with the engine of
 * `last-engine`. */
static StudioWindow *
analysing_window (StudioAnalysisPanel **panel)
{
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  *panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  /* From the start page to the board, with a new game. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  g_assert_true (studio_analysis_panel_get_running (*panel));

  return window;
}

static StudioPreferencesWindow *
preferences_for (StudioWindow *window)
{
  GtkWidget *preferences = studio_preferences_window_new ();

  gtk_window_set_transient_for (GTK_WINDOW (preferences), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (preferences));

  return STUDIO_PREFERENCES_WINDOW (preferences);
}

/* Whether @model (a menu) has an item for @action; its position among the
 * items of its section in @index. */
static gboolean
menu_has_action (GMenuModel *model,
                 const char *action,
                 int        *index)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      if (section != NULL && menu_has_action (section, action, index))
        return TRUE;
      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name)
          && g_str_equal (name, action))
        {
          *index = i;
          return TRUE;
        }
    }
  return FALSE;
}

/* The entries a user sees on opening @model: items and submenus, those of
 * its sections counted in, a submenu as one. */
static int
menu_top_level_entries (GMenuModel *model)
{
  int n = 0;

  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autoptr(GMenuModel) section = g_menu_model_get_item_link (model, i, G_MENU_LINK_SECTION);

      n += section != NULL ? menu_top_level_entries (section) : 1;
    }
  return n;
}

/* An AdwPreferencesRow titled @data (with its mnemonic). */
static gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  data)
{
  return ADW_IS_PREFERENCES_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), data) == 0;
}

static gboolean
preferences_gone (gpointer data)
{
  return studio_application_get_preferences_window (data) == NULL;
}

/* app.preferences: one modal window, transient for the active window, from
 * the menu, Ctrl+comma and the shortcuts window; bound spin buttons. */
static void
test_action_and_window (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autoptr(StudioApplication) app = studio_application_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) accels = NULL;
  StudioWindow *window;
  GtkWidget *preferences, *menu_button, *overlay;
  GtkSpinButton *threads, *hash;
  int preferences_index = -1, shortcuts_index = -1;
  guint processors = g_get_num_processors ();
  int machine_hash;

  reset_settings (settings);
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "app.preferences");
  g_assert_cmpuint (g_strv_length (accels), ==, 1);
  g_assert_cmpstr (accels[0], ==, "<Control>comma");

  window = studio_window_new (app);
  gtk_window_present (GTK_WINDOW (window));

  /* In the primary menu, just above Keyboard Shortcuts. */
  menu_button = studio_test_find_widget (GTK_WIDGET (window), is_menu_button, NULL);
  g_assert_nonnull (menu_button);
  g_assert_true (menu_has_action (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button)),
                                  "app.preferences", &preferences_index));
  g_assert_true (menu_has_action (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button)),
                                  "win.show-help-overlay", &shortcuts_index));
  g_assert_cmpint (preferences_index + 1, ==, shortcuts_index);
  /* Issue 21: one flat list of about 25 items ran below the edge of an
   * 800 px window; now at most 12 entries, the rest in submenus. */
  g_assert_cmpint (menu_top_level_entries (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (menu_button))), <=, 12);

  /* In the shortcuts window (built on first use: issue 21). */
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
  overlay = GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_nonnull (overlay);
  g_assert_nonnull (studio_test_find_widget (overlay, is_shortcut_for, "app.preferences"));
  gtk_widget_hide (overlay);

  g_assert_null (studio_application_get_preferences_window (app));
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  preferences = studio_application_get_preferences_window (app);
  g_assert_nonnull (preferences);
  g_assert_true (STUDIO_IS_PREFERENCES_WINDOW (preferences));
  g_assert_true (gtk_widget_get_visible (preferences));
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (preferences)));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (preferences)) == GTK_WINDOW (window));
  g_assert_true (gtk_window_get_application (GTK_WINDOW (preferences)) == GTK_APPLICATION (app));

  /* Once more: the same window. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "preferences", NULL);
  g_assert_true (studio_application_get_preferences_window (app) == preferences);

  /* The bundled engine, and its button insensitive. */
  g_assert_cmpstr (studio_preferences_window_get_engine_title (STUDIO_PREFERENCES_WINDOW (preferences)), ==,
                   "Bundled engine (cheops-engine)");
  g_assert_false (gtk_widget_get_sensitive (studio_test_find_widget (preferences, is_button_for,
                                                         "preferences.use-bundled-engine")));
  g_assert_true (gtk_widget_get_sensitive (studio_test_find_widget (preferences, is_button_for,
                                                        "preferences.choose-engine")));

  /* Threads 1..processors, Hash 1..4096 MiB, both bound both ways. */
  threads = find_spin (preferences, "threads-spin");
  hash = find_spin (preferences, "hash-spin");
  g_assert_cmpfloat (gtk_adjustment_get_lower (gtk_spin_button_get_adjustment (threads)), ==, 1);
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (threads)), ==, processors);
  g_assert_cmpfloat (gtk_adjustment_get_lower (gtk_spin_button_get_adjustment (hash)), ==, 1);
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_spin_button_get_adjustment (hash)), ==, 4096);
  /* Until the user sets them, the machine's (issue 19): what the engine
   * gets too (the rule's exact values: test-engine-client). */
  machine_hash = studio_engine_machine_hash ();
  g_test_message ("machine: %d threads, Hash %d MiB", studio_engine_machine_threads (), machine_hash);
  g_assert_cmpint (studio_engine_machine_threads (), ==, studio_engine_default_threads (processors));
  g_assert_cmpint (machine_hash, >=, 16);
  g_assert_cmpint (machine_hash, <=, 256);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (threads), ==, studio_engine_machine_threads ());
  g_assert_cmpint (gtk_spin_button_get_value_as_int (hash), ==, machine_hash);
  {
    /* And says so. */
    g_autofree char *fit = g_strdup_printf (" Until you change them, they fit this machine (Threads %d, Hash Table "
                                            "%d MiB).", studio_engine_machine_threads (), machine_hash);
    g_assert_nonnull (studio_test_find_widget (preferences, is_label_ending_with, fit));
  }
  g_settings_set_int (settings, "engine-threads", 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (threads), ==, 1);
  g_settings_reset (settings, "engine-threads");
  g_assert_cmpint (gtk_spin_button_get_value_as_int (threads), ==, studio_engine_machine_threads ());

  gtk_spin_button_set_value (hash, 200);
  g_assert_cmpint (g_settings_get_int (settings, "engine-hash"), ==, 200);
  g_settings_set_int (settings, "engine-hash", 48);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (hash), ==, 48);
  g_settings_set_int (settings, "engine-threads", 1);
  gtk_spin_button_set_value (threads, processors);
  g_assert_cmpint (g_settings_get_int (settings, "engine-threads"), ==, processors);
  g_settings_set_int (settings, "engine-threads", 1);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (threads), ==, 1);

  /* Appearance → Style: Follow System, Light, Dark, bound to `style`, and
   * the application makes the studio so at once. */
  {
    AdwComboRow *style = ADW_COMBO_ROW (studio_test_find_widget (preferences, is_row_titled, "_Style"));
    AdwStyleManager *manager = adw_style_manager_get_default ();

    g_assert_nonnull (style);
    g_assert_cmpuint (adw_combo_row_get_selected (style), ==, 0);
    g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_DEFAULT);
    adw_combo_row_set_selected (style, 2);
    g_assert_cmpstr (g_settings_get_string (settings, "style"), ==, "dark");
    g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_FORCE_DARK);
    g_assert_true (adw_style_manager_get_dark (manager));
    adw_combo_row_set_selected (style, 1);
    g_assert_cmpstr (g_settings_get_string (settings, "style"), ==, "light");
    g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_FORCE_LIGHT);
    g_assert_false (adw_style_manager_get_dark (manager));
    g_settings_set_string (settings, "style", "dark");
    g_assert_cmpuint (adw_combo_row_get_selected (style), ==, 2);
    g_settings_reset (settings, "style");
    g_assert_cmpuint (adw_combo_row_get_selected (style), ==, 0);
    g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_DEFAULT);
  }

  /* Closing destroys it; the next activation makes a new one. */
  gtk_window_close (GTK_WINDOW (preferences));
  studio_test_spin_until (preferences_gone, app);

  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings (settings);
}

/* Engine A analysing; B chosen: A's process ends, B gets Threads and Hash
 * before its first `go` and takes over; a new Threads or Hash value goes to
 * the running B, and the panel keeps following B's search. */
typedef struct {
  StudioAnalysisPanel *panel;
  const char          *before;
} StatusChange;

static gboolean
status_changed (gpointer data)
{
  StatusChange *change = data;

  return g_strcmp0 (studio_analysis_panel_get_status (change->panel), change->before) != 0;
}

static void
test_switch_engine_while_analysing (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *engine_a = make_engine ("engine-a", "good", "Engine A");
  g_autofree char *engine_b = make_engine ("engine-b", "good", "Engine B");
  g_autoptr(GFile) file_b = g_file_new_for_path (engine_b);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) log_a = NULL;
  g_auto(GStrv) log_b = NULL;
  StudioPreferencesWindow *preferences;
  StudioAnalysisPanel *panel;
  StudioWindow *window;
  StudioEngine *engine;
  StatusChange status_change;
  GPid pid_a, pid_b;
  int go, threads, hash;
  char *status;

  reset_settings (settings);
  g_settings_set_string (settings, "last-engine", engine_a);
  g_settings_set_int (settings, "engine-threads", 2);
  g_settings_set_int (settings, "engine-hash", 32);

  window = analysing_window (&panel);
  wait_for_go (engine_a, 1);
  wait_for_name (panel, "Engine A");
  studio_test_spin_until (has_lines, panel);
  engine = studio_analysis_panel_get_engine (panel);
  g_assert_cmpstr (studio_engine_get_argv (engine)[0], ==, engine_a);
  pid_a = studio_engine_get_pid (engine);
  g_assert_cmpint (pid_a, >, 0);

  /* A was given the options too, before its first go. */
  log_a = read_log (engine_a);
  go = find_go ((const char *const *) log_a, 0);
  g_assert_cmpint (find_line ((const char *const *) log_a, "setoption name Threads value 2", 0), >=, 0);
  g_assert_cmpint (find_line ((const char *const *) log_a, "setoption name Threads value 2", 0), <, go);
  g_assert_cmpint (find_line ((const char *const *) log_a, "setoption name Hash value 32", 0), >=, 0);
  g_assert_cmpint (find_line ((const char *const *) log_a, "setoption name Hash value 32", 0), <, go);
  g_clear_pointer (&log_a, g_strfreev);

  preferences = preferences_for (window);
  g_assert_true (studio_preferences_window_choose_engine (preferences, file_b, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (g_settings_get_string (settings, "last-engine"), ==, engine_b);
  g_assert_cmpstr (studio_preferences_window_get_engine_title (preferences), ==, "engine-b");
  g_assert_cmpstr (studio_preferences_window_get_engine_subtitle (preferences), ==, engine_b);
  g_assert_true (gtk_widget_get_sensitive (studio_test_find_widget (GTK_WIDGET (preferences), is_button_for,
                                                        "preferences.use-bundled-engine")));

  /* A is shut down: told to quit, and its process is gone. */
  studio_test_spin_until (pid_gone, GINT_TO_POINTER (pid_a));
  log_a = read_log (engine_a);
  g_assert_cmpstr (log_a[g_strv_length (log_a) - 1], ==, "quit");

  /* B took over at once, with the options before its first go. */
  engine = studio_analysis_panel_get_engine (panel);
  g_assert_cmpstr (studio_engine_get_argv (engine)[0], ==, engine_b);
  wait_for_go (engine_b, 1);
  log_b = read_log (engine_b);
  g_assert_cmpstr (log_b[0], ==, "uci");
  go = find_go ((const char *const *) log_b, 0);
  threads = find_line ((const char *const *) log_b, "setoption name Threads value 2", 0);
  hash = find_line ((const char *const *) log_b, "setoption name Hash value 32", 0);
  g_assert_cmpint (threads, >=, 0);
  g_assert_cmpint (threads, <, go);
  g_assert_cmpint (hash, >=, 0);
  g_assert_cmpint (hash, <, go);
  wait_for_name (panel, "Engine B");
  studio_test_spin_until (has_lines, panel);
  pid_b = studio_engine_get_pid (engine);
  g_assert_cmpint (pid_b, >, 0);
  g_assert_cmpint (pid_b, !=, pid_a);
  g_clear_pointer (&log_b, g_strfreev);

  /* Threads changed in the window while B searches: stop, setoption, go. */
  gtk_spin_button_set_value (find_spin (GTK_WIDGET (preferences), "threads-spin"), 1);
  g_assert_cmpint (g_settings_get_int (settings, "engine-threads"), ==, 1);
  wait_for_go (engine_b, 2);
  log_b = read_log (engine_b);
  go = find_go ((const char *const *) log_b, 0);
  threads = find_line ((const char *const *) log_b, "setoption name Threads value 1", 0);
  g_assert_cmpint (threads, >, go);
  g_assert_cmpint (find_line ((const char *const *) log_b, "stop", go), <, threads);
  g_assert_cmpint (find_go ((const char *const *) log_b, go + 1), >, threads);
  /* Nothing else was sent again. */
  g_assert_cmpint (find_line ((const char *const *) log_b, "setoption name Hash value 32", hash + 1), ==, -1);
  g_clear_pointer (&log_b, g_strfreev);

  /* The panel follows the new search (its depth keeps changing). */
  studio_test_spin_for (100);
  status = g_strdup (studio_analysis_panel_get_status (panel));
  g_assert_true (g_str_has_prefix (status, "Depth "));
  /* Waited for, not slept on: under a sanitizer on a loaded machine the
   * fake engine's next depth can take longer than any fixed pause. */
  status_change.panel = panel;
  status_change.before = status;
  studio_test_spin_until (status_changed, &status_change);
  g_free (status);

  /* Hash likewise. */
  g_settings_set_int (settings, "engine-hash", 64);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (find_spin (GTK_WIDGET (preferences), "hash-spin")), ==, 64);
  wait_for_go (engine_b, 3);
  log_b = read_log (engine_b);
  hash = find_line ((const char *const *) log_b, "setoption name Hash value 64", 0);
  g_assert_cmpint (hash, >, threads);
  g_assert_cmpint (find_go ((const char *const *) log_b, hash), >, hash);
  g_assert_true (studio_analysis_panel_get_engine (panel) == engine);
  g_assert_cmpint (studio_engine_get_pid (engine), ==, pid_b);

  gtk_window_destroy (GTK_WINDOW (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
  studio_test_spin_until (pid_gone, GINT_TO_POINTER (pid_b));
  reset_settings (settings);
}

/* Until the user sets them, the analysing engine gets the machine's Threads
 * and Hash (issue 19; brought inside the fake engine's declared 1..8 and
 * 1..1024), before its first go; a value the user sets goes out instead. */
static void
test_machine_defaults_sent (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *engine_a = make_engine ("engine-a", "good", "Engine A");
  g_autofree char *threads_line = g_strdup_printf ("setoption name Threads value %d",
                                                   MIN (studio_engine_machine_threads (), 8));
  g_autofree char *hash_line = g_strdup_printf ("setoption name Hash value %d",
                                                MIN (studio_engine_machine_hash (), 1024));
  g_auto(GStrv) log_a = NULL;
  StudioAnalysisPanel *panel;
  StudioWindow *window;
  int go, threads, hash;

  reset_settings (settings);
  g_settings_set_string (settings, "last-engine", engine_a);

  window = analysing_window (&panel);
  wait_for_go (engine_a, 1);
  log_a = read_log (engine_a);
  go = find_go ((const char *const *) log_a, 0);
  threads = find_line ((const char *const *) log_a, threads_line, 0);
  hash = find_line ((const char *const *) log_a, hash_line, 0);
  g_test_message ("expected \"%s\" and \"%s\"", threads_line, hash_line);
  g_assert_cmpint (threads, >=, 0);
  g_assert_cmpint (threads, <, go);
  g_assert_cmpint (hash, >=, 0);
  g_assert_cmpint (hash, <, go);
  g_clear_pointer (&log_a, g_strfreev);

  /* The user's Hash, though it is the schema's default, goes out. */
  g_settings_set_int (settings, "engine-hash", 16);
  if (studio_engine_machine_hash () != 16)
    {
      wait_for_go (engine_a, 2);
      log_a = read_log (engine_a);
      g_assert_cmpint (find_line ((const char *const *) log_a, "setoption name Hash value 16", 0), >, hash);
    }

  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings (settings);
}

/* An engine that declares neither Threads nor Hash does not get them. */
static void
test_engine_without_options (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *engine_a = make_engine ("engine-a", "good", "Engine A");
  g_autofree char *engine_c = make_engine ("engine-c", "no-options", "Engine C");
  g_autoptr(GFile) file_c = g_file_new_for_path (engine_c);
  g_auto(GStrv) log_c = NULL;
  StudioPreferencesWindow *preferences;
  StudioAnalysisPanel *panel;
  StudioWindow *window;
  GPid pid_a;

  reset_settings (settings);
  g_settings_set_string (settings, "last-engine", engine_a);
  g_settings_set_int (settings, "engine-threads", 2);

  window = analysing_window (&panel);
  wait_for_go (engine_a, 1);
  pid_a = studio_engine_get_pid (studio_analysis_panel_get_engine (panel));

  preferences = preferences_for (window);
  g_assert_true (studio_preferences_window_choose_engine (preferences, file_c, NULL));
  studio_test_spin_until (pid_gone, GINT_TO_POINTER (pid_a));
  wait_for_go (engine_c, 1);
  wait_for_name (panel, "Engine C");
  studio_test_spin_until (has_lines, panel);

  /* Changing them now sends nothing either, and does not stop the search. */
  g_settings_set_int (settings, "engine-threads", 1);
  g_settings_set_int (settings, "engine-hash", 128);
  studio_test_spin_for (200);

  log_c = read_log (engine_c);
  g_assert_cmpint (find_line ((const char *const *) log_c, "setoption name UCI_Variant value cheops", 0), >=, 0);
  for (guint i = 0; log_c[i] != NULL; i++)
    {
      g_assert_false (g_str_has_prefix (log_c[i], "setoption name Threads"));
      g_assert_false (g_str_has_prefix (log_c[i], "setoption name Hash"));
    }
  g_assert_cmpint (find_line ((const char *const *) log_c, "stop", 0), ==, -1);
  g_assert_cmpuint (count_go (engine_c), ==, 1);

  gtk_window_destroy (GTK_WINDOW (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings (settings);
}

/* An engine that cannot start shows the panel's error, with Restart. */
static void
test_engine_fails_to_start (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *engine_a = make_engine ("engine-a", "good", "Engine A");
  g_autofree char *engine_d = make_engine ("engine-d", "crash-at-start", "Engine D");
  g_autoptr(GFile) file_d = g_file_new_for_path (engine_d);
  StudioPreferencesWindow *preferences;
  StudioAnalysisPanel *panel;
  StudioWindow *window;
  int board_width, panel_min;
  GPid pid_a;

  reset_settings (settings);
  g_settings_set_string (settings, "last-engine", engine_a);

  window = analysing_window (&panel);
  wait_for_go (engine_a, 1);
  studio_test_spin_until (has_lines, panel);
  pid_a = studio_engine_get_pid (studio_analysis_panel_get_engine (panel));
  board_width = gtk_widget_get_width (studio_window_get_board_view (window));
  gtk_widget_measure (GTK_WIDGET (panel), GTK_ORIENTATION_HORIZONTAL, -1, &panel_min, NULL, NULL, NULL);
  g_assert_cmpint (board_width, >, 0);

  preferences = preferences_for (window);
  g_assert_true (studio_preferences_window_choose_engine (preferences, file_d, NULL));
  studio_test_spin_until (pid_gone, GINT_TO_POINTER (pid_a));
  studio_test_spin_until (has_error, panel);
  g_assert_true (studio_engine_state_is_error (studio_engine_get_state (studio_analysis_panel_get_engine (panel))));
  g_assert_nonnull (strstr (studio_analysis_panel_get_error (panel), "cannot open its network file"));
  g_assert_cmpuint (studio_analysis_panel_get_n_lines (panel), ==, 0);
  g_assert_true (studio_analysis_panel_get_running (panel));

  /* Back to A: the error goes, A analyses again. */
  {
    g_autoptr(GFile) file_a = g_file_new_for_path (engine_a);

    g_assert_true (studio_preferences_window_choose_engine (preferences, file_a, NULL));
  }
  wait_for_go (engine_a, 2);
  studio_test_spin_until (has_lines, panel);
  g_assert_null (studio_analysis_panel_get_error (panel));

  /* The message of the hidden error page does not widen the panel, which
   * would push the board's divider. */
  {
    int min;

    gtk_widget_measure (GTK_WIDGET (panel), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
    g_assert_cmpint (min, ==, panel_min);
    studio_test_spin_for (100);
    g_assert_cmpint (gtk_widget_get_width (studio_window_get_board_view (window)), ==, board_width);
  }

  gtk_window_destroy (GTK_WINDOW (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings (settings);
}

typedef struct {
  GtkWidget  *window;
  const char *text;
} ToastWait;

static gboolean
toast_shown (gpointer data)
{
  ToastWait *wait = data;

  return studio_test_find_widget (wait->window, is_label_with_text, wait->text) != NULL;
}

/* Refuses @path with @code: the error says so, a toast shows it, and
 * `last-engine` is still @kept. */
static void
assert_refused (StudioPreferencesWindow *preferences,
                GSettings               *settings,
                const char              *path,
                int                      code,
                const char              *kept)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *engine = NULL;
  ToastWait wait;

  g_assert_false (studio_preferences_window_choose_engine (preferences, file, &error));
  g_assert_error (error, G_IO_ERROR, code);
  g_assert_nonnull (strstr (error->message, path));
  engine = g_settings_get_string (settings, "last-engine");
  g_assert_cmpstr (engine, ==, kept);
  g_assert_cmpstr (studio_preferences_window_get_engine_subtitle (preferences), ==, kept);

  wait.window = GTK_WIDGET (preferences);
  wait.text = error->message;
  studio_test_spin_until (toast_shown, &wait);
}

/* Not an executable regular file: refused, last-engine unchanged. */
static void
test_refused_files (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *engine_a = make_engine ("engine-a", "good", "Engine A");
  g_autofree char *plain = g_build_filename (tmp_dir, "not & <executable>", NULL);
  g_autofree char *missing = g_build_filename (tmp_dir, "missing-engine", NULL);
  g_autoptr(GError) error = NULL;
  StudioPreferencesWindow *preferences;
  StudioAnalysisPanel *panel;
  StudioWindow *window;
  GPid pid_a;

  reset_settings (settings);
  g_settings_set_string (settings, "last-engine", engine_a);
  g_file_set_contents (plain, "#!/bin/sh\n", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (plain, 0644), ==, 0);

  window = analysing_window (&panel);
  wait_for_go (engine_a, 1);
  pid_a = studio_engine_get_pid (studio_analysis_panel_get_engine (panel));
  preferences = preferences_for (window);

  assert_refused (preferences, settings, plain, G_IO_ERROR_PERMISSION_DENIED, engine_a);
  assert_refused (preferences, settings, tmp_dir, G_IO_ERROR_IS_DIRECTORY, engine_a);
  assert_refused (preferences, settings, missing, G_IO_ERROR_NOT_FOUND, engine_a);
  assert_refused (preferences, settings, "/dev/null", G_IO_ERROR_NOT_REGULAR_FILE, engine_a);

  /* A file with no local path (a URI the chooser could return). */
  {
    g_autoptr(GFile) remote = g_file_new_for_uri ("https://example.org/engine");

    g_assert_false (studio_preferences_window_choose_engine (preferences, remote, &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
    g_clear_error (&error);
  }

  /* A still analyses, undisturbed. */
  g_assert_cmpint (studio_engine_get_pid (studio_analysis_panel_get_engine (panel)), ==, pid_a);
  g_assert_false (pid_gone (GINT_TO_POINTER (pid_a)));
  g_assert_cmpuint (count_go (engine_a), ==, 1);

  gtk_window_destroy (GTK_WINDOW (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (plain);
  reset_settings (settings);
}

/* "Use Bundled Engine" empties last-engine; the panel moves to the bundled
 * engine; the button is then insensitive. */
static void
test_use_bundled_engine (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *engine_a = make_engine ("engine-a", "good", "Engine A");
  g_autofree char *bundled = cheops_uci_engine_find_bundled ();
  g_autofree char *engine = NULL;
  StudioPreferencesWindow *preferences;
  StudioAnalysisPanel *panel;
  StudioWindow *window;
  GtkWidget *button;
  GPid pid_a;

  reset_settings (settings);
  g_settings_set_string (settings, "last-engine", engine_a);

  window = analysing_window (&panel);
  wait_for_go (engine_a, 1);
  pid_a = studio_engine_get_pid (studio_analysis_panel_get_engine (panel));
  preferences = preferences_for (window);
  button = studio_test_find_widget (GTK_WIDGET (preferences), is_button_for, "preferences.use-bundled-engine");
  g_assert_true (gtk_widget_get_sensitive (button));
  g_assert_cmpstr (studio_preferences_window_get_engine_title (preferences), ==, "engine-a");

  gtk_widget_activate_action (GTK_WIDGET (preferences), "preferences.use-bundled-engine", NULL);
  engine = g_settings_get_string (settings, "last-engine");
  g_assert_cmpstr (engine, ==, "");
  g_assert_cmpstr (studio_preferences_window_get_engine_title (preferences), ==,
                   "Bundled engine (cheops-engine)");
  g_assert_false (gtk_widget_get_sensitive (button));

  studio_test_spin_until (pid_gone, GINT_TO_POINTER (pid_a));
  g_assert_cmpstr (studio_engine_get_argv (studio_analysis_panel_get_engine (panel))[0], ==, bundled);

  /* Analysis off, then a change of engine: the old one goes at once and
   * the next start uses the new one. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  {
    g_autoptr(GFile) file_a = g_file_new_for_path (engine_a);
    GPid pid = studio_engine_get_pid (studio_analysis_panel_get_engine (panel));

    g_assert_true (studio_preferences_window_choose_engine (preferences, file_a, NULL));
    g_assert_null (studio_analysis_panel_get_engine (panel));
    if (pid != 0)
      studio_test_spin_until (pid_gone, GINT_TO_POINTER (pid));
    g_assert_cmpuint (count_go (engine_a), ==, 1);
    gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
    wait_for_go (engine_a, 2);
    wait_for_name (panel, "Engine A");
  }

  gtk_window_destroy (GTK_WINDOW (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings (settings);
}

static gboolean
eval_bar_cleared (gpointer data)
{
  g_autofree char *text = studio_eval_bar_dup_text (data);

  return text == NULL;
}

/* Issue 25: an engine's "mate -0" (the side to move is mated now) shows
 * with the winner's sign ("#−0": Green, to move, is mated), and the
 * evaluation bar is not given "#0" (it showed the side to move winning):
 * it shows the game as the rules see it, here nothing. */
static void
test_mate_minus_zero (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *script = g_build_filename (tmp_dir, "mated-script", NULL);
  g_autofree char *mode = g_strdup_printf ("script '%s'", script);
  g_autofree char *engine_path = NULL;
  g_autofree char *line = NULL;
  StudioAnalysisPanel *panel;
  StudioWindow *window;

  g_assert_true (g_file_set_contents (script, "info depth 1 multipv 1 score mate -0 pv a1b1\n", -1, NULL));
  engine_path = make_engine ("mated", mode, "Mated");
  reset_settings (settings);
  g_settings_set_string (settings, "last-engine", engine_path);
  window = analysing_window (&panel);
  studio_test_spin_until (has_lines, panel);
  line = studio_analysis_panel_dup_line (panel, 0);
  g_assert_true (g_str_has_prefix (line, "#−0"));
  studio_test_spin_until (eval_bar_cleared, window->eval_bar);
  studio_test_spin_for (200);
  g_assert_true (eval_bar_cleared (window->eval_bar));
  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings (settings);
}

static gboolean
name_whole (gpointer data)
{
  return studio_analysis_panel_get_name_shortfall (data) == 0;
}

/* Side by side in a wide window, the header shows the engine's name whole:
 * the side pane takes the room it lacks from the board, which keeps at
 * least half the width. */
static void
test_engine_name_whole (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *engine = make_engine ("engine-long", "good", "Engine With A Long Name For Its Header 1.2");
  StudioAnalysisPanel *panel;
  StudioWindow *window;
  GtkPaned *paned;

  reset_settings (settings);
  g_settings_set_string (settings, "last-engine", engine);
  window = studio_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 800);
  gtk_window_present (GTK_WINDOW (window));
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  wait_for_name (panel, "Engine With A Long Name For Its Header 1.2");
  studio_test_spin_for (300);
  /* Made wider: the board took the growth. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  studio_test_spin_for (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, 1300);
  studio_test_spin_until (name_whole, panel);
  g_assert_cmpint (studio_analysis_panel_get_name_shortfall (panel), ==, 0);
  paned = GTK_PANED (gtk_widget_get_ancestor (GTK_WIDGET (panel), GTK_TYPE_PANED));
  g_assert_nonnull (paned);
  g_assert_cmpint (gtk_paned_get_position (paned), >=, gtk_widget_get_width (GTK_WIDGET (paned)) / 2);
  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings (settings);
}

/* A button labelled @data (with its mnemonic). */
static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

static gboolean
is_group_titled (GtkWidget     *widget,
                 gconstpointer  data)
{
  return ADW_IS_PREFERENCES_GROUP (widget)
         && g_strcmp0 (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget)), data) == 0;
}

/* The titles of the action rows under @widget, a line each. */
static void
collect_rows (GtkWidget *widget,
              GString   *titles)
{
  if (ADW_IS_ACTION_ROW (widget))
    g_string_append_printf (titles, "%s\n", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_rows (child, titles);
}

/* Other Engines' rows ("" when the group is hidden). */
static char *
other_engines (StudioPreferencesWindow *preferences)
{
  GtkWidget *group = studio_test_find_widget (GTK_WIDGET (preferences), is_group_titled, "Other Engines");
  GString *titles = g_string_new ("");

  g_assert_nonnull (group);
  if (gtk_widget_get_visible (group))
    collect_rows (group, titles);
  return g_string_free (titles, FALSE);
}

/* Each engine chosen is remembered (`engines`); Other Engines lists those
 * not analysing, each with Use (it analyses) and Forget (off the list). */
static void
test_other_engines (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *engine_a = make_engine ("engine-a", "good", "Engine A");
  g_autofree char *engine_b = make_engine ("engine-b", "good", "Engine B");
  g_autoptr(GFile) file_a = g_file_new_for_path (engine_a);
  g_autoptr(GFile) file_b = g_file_new_for_path (engine_b);
  StudioWindow *window = studio_window_new (NULL);
  StudioPreferencesWindow *preferences;
  g_auto(GStrv) engines = NULL;
  g_autofree char *others = NULL;
  GtkWidget *button;

  reset_settings (settings);
  gtk_window_present (GTK_WINDOW (window));
  preferences = preferences_for (window);
  others = other_engines (preferences);
  g_assert_cmpstr (others, ==, "");

  g_assert_true (studio_preferences_window_choose_engine (preferences, file_a, NULL));
  g_assert_true (studio_preferences_window_choose_engine (preferences, file_b, NULL));
  g_assert_true (studio_preferences_window_choose_engine (preferences, file_a, NULL));
  engines = g_settings_get_strv (settings, "engines");
  g_assert_cmpuint (g_strv_length (engines), ==, 2);
  g_assert_cmpstr (engines[0], ==, engine_a);
  g_assert_cmpstr (engines[1], ==, engine_b);
  g_clear_pointer (&others, g_free);
  others = other_engines (preferences);
  g_assert_cmpstr (others, ==, "engine-b\n");

  /* Use: B analyses, A is the other. */
  button = studio_test_find_widget (GTK_WIDGET (preferences), is_button_labelled, "_Use");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (studio_preferences_window_get_engine_title (preferences), ==, "engine-b");
  g_clear_pointer (&others, g_free);
  others = other_engines (preferences);
  g_assert_cmpstr (others, ==, "engine-a\n");

  /* Forget A: off the list, the group hidden; B still analyses. */
  button = studio_test_find_widget (GTK_WIDGET (preferences), is_button_labelled, "_Forget");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_clear_pointer (&engines, g_strfreev);
  engines = g_settings_get_strv (settings, "engines");
  g_assert_cmpuint (g_strv_length (engines), ==, 1);
  g_assert_cmpstr (engines[0], ==, engine_b);
  g_clear_pointer (&others, g_free);
  others = other_engines (preferences);
  g_assert_cmpstr (others, ==, "");
  g_assert_cmpstr (studio_preferences_window_get_engine_title (preferences), ==, "engine-b");

  gtk_window_destroy (GTK_WINDOW (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
  reset_settings (settings);
  g_settings_reset (settings, "engines");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  /* No session bus: the application registers as a plain local one. */
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/cheops-studio-test-bus", TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  g_assert_nonnull (g_getenv ("STUDIO_FAKE_ENGINE"));
  tmp_dir = g_dir_make_tmp ("cheops-prefs-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/Studio/Preferences/action-and-window", test_action_and_window);
  g_test_add_func ("/Studio/Preferences/switch-engine-while-analysing", test_switch_engine_while_analysing);
  g_test_add_func ("/Studio/Preferences/machine-defaults-sent", test_machine_defaults_sent);
  g_test_add_func ("/Studio/Preferences/engine-without-options", test_engine_without_options);
  g_test_add_func ("/Studio/Preferences/engine-fails-to-start", test_engine_fails_to_start);
  g_test_add_func ("/Studio/Preferences/refused-files", test_refused_files);
  g_test_add_func ("/Studio/Preferences/use-bundled-engine", test_use_bundled_engine);
  g_test_add_func ("/Studio/Preferences/mate-minus-zero", test_mate_minus_zero);
  g_test_add_func ("/Studio/Preferences/engine-name-whole", test_engine_name_whole);
  g_test_add_func ("/Studio/Preferences/other-engines", test_other_engines);

  status = g_test_run ();
  studio_test_remove_dir (tmp_dir);
  g_free (tmp_dir);

  return status;
}
