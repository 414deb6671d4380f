/* studio-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioApplication: the AdwApplication of Cheops Studio.  It owns the
 * GSettings, the application actions (new window, about, quit, the
 * preferences that are plain settings) and their accelerators, and opens a
 * window per file given on the command line.
 */
#define G_LOG_DOMAIN "studio-application"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "studio-application.h"
#include "studio-preferences-window.h"
#include "studio-window.h"

struct _StudioApplication
{
  AdwApplication           parent_instance;

  GSettings               *settings;

  /* Borrowed: the one preferences window while it exists (weak pointer). */
  StudioPreferencesWindow *preferences;
};

G_DEFINE_FINAL_TYPE (StudioApplication, studio_application, ADW_TYPE_APPLICATION)

static void
studio_application_new_window_cb (GSimpleAction *action,
                                  GVariant      *param,
                                  gpointer       user_data)
{
  StudioApplication *self = user_data;
  StudioWindow *window;

  window = studio_window_new (self);
  gtk_window_present (GTK_WINDOW (window));
}

static void
studio_application_about_cb (GSimpleAction *action,
                             GVariant      *param,
                             gpointer       user_data)
{
  StudioApplication *self = user_data;
  static const char *developers[] = { "Cheops Studio developers", NULL };
  GtkWindow *parent;

  parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  adw_show_about_window (parent,
                         "application-name", _("Cheops Studio"),
                         "application-icon", APP_ID,
                         "developer-name", _("Cheops Studio developers"),
                         "version", PACKAGE_VERSION,
                         "website", "https://cheops.studio",
                         "issue-url", "https://cheops.studio/issues",
                         "comments", _("An analysis board for Cheops, Step and Circle TrigChess and other games"),
                         "copyright", "© 2026 Cheops Studio developers",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "developers", developers,
                         /* Translators: Replace "translator-credits" with your names, one name per line */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
studio_application_preferences_cb (GSimpleAction *action,
                                   GVariant      *param,
                                   gpointer       user_data)
{
  studio_application_show_preferences (STUDIO_APPLICATION (user_data));
}

static void
studio_application_quit_cb (GSimpleAction *action,
                            GVariant      *param,
                            gpointer       user_data)
{
  StudioApplication *self = user_data;
  GList *windows;

  /* Ask every window to close: each one asks about its own unsaved
   * changes, and the application ends when the last one is gone. */
  windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));
  for (const GList *iter = windows; iter != NULL; iter = iter->next)
    gtk_window_close (GTK_WINDOW (iter->data));
  g_list_free (windows);
}

static const GActionEntry app_actions[] = {
  { "new-window", studio_application_new_window_cb },
  { "preferences", studio_application_preferences_cb },
  { "about", studio_application_about_cb },
  { "quit", studio_application_quit_cb },
};

static void
studio_application_trim_cb (gpointer user_data)
{
#ifdef __GLIBC__
  /* Drawing the first frame leaves freed temporaries all over the heap
   * (with a software GL driver, the buffers of compiling the shaders);
   * give the free pages back to the system once, after start-up. */
  malloc_trim (0);
#endif
}

static void
studio_application_window_mapped_cb (GtkWidget *window,
                                     gpointer   user_data)
{
  g_signal_handlers_disconnect_by_func (window, studio_application_window_mapped_cb, user_data);
  g_timeout_add_once (1000, studio_application_trim_cb, NULL);
}

/* At the start, once: the drafts of a studio that stopped with unsaved
 * edits (studio-window-files.c). */
static void
studio_application_offer_drafts (StudioApplication *self,
                                 StudioWindow      *window)
{
  if (g_object_get_data (G_OBJECT (self), "studio-drafts-offered") != NULL)
    return;
  g_object_set_data (G_OBJECT (self), "studio-drafts-offered", GINT_TO_POINTER (TRUE));
  studio_window_offer_drafts (window);
}

static void
studio_application_activate (GApplication *app)
{
  StudioApplication *self = (StudioApplication *)app;
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (window == NULL)
    {
      window = GTK_WINDOW (studio_window_new (self));
      g_signal_connect (window, "map", G_CALLBACK (studio_application_window_mapped_cb), NULL);
    }

  gtk_window_present (window);
  studio_application_offer_drafts (self, STUDIO_WINDOW (window));
}

static void
studio_application_open (GApplication  *app,
                         GFile        **files,
                         int            n_files,
                         const char    *hint)
{
  StudioApplication *self = (StudioApplication *)app;
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));
  StudioWindow *window = active != NULL && STUDIO_IS_WINDOW (active) ? STUDIO_WINDOW (active) : NULL;
  gboolean fresh = window == NULL;

  /* The files open in tabs of one window, as GNOME Text Editor opens
   * them: the running studio's, or a new one (issue 21: a second window
   * only when asked for). */
  if (fresh)
    {
      window = studio_window_new (self);
      g_signal_connect (window, "map", G_CALLBACK (studio_application_window_mapped_cb), NULL);
    }
  for (int i = 0; i < n_files; i++)
    studio_window_open_file_in_tab (window, files[i]);
  gtk_window_present (GTK_WINDOW (window));
  if (fresh)
    studio_application_offer_drafts (self, window);
}

static void
studio_application_startup (GApplication *app)
{
  StudioApplication *self = (StudioApplication *)app;
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.new-window", { "<Control><Shift>n", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "app.preferences", { "<Control>comma", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    { "win.new", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.paste", { "<Control>v", NULL } },
    { "win.copy-fen", { "<Control>c", NULL } },
    { "win.copy-game", { "<Control><Shift>c", NULL } },
    { "win.copy-line(0)", { "<Control><Alt>c", NULL } },
    { "win.copy-variation", { "<Control><Alt><Shift>c", NULL } },
    { "win.paste-variation", { "<Control><Shift>v", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
    { "win.flip-board", { "f", NULL } },
    { "win.analyze", { "l", NULL } },
    { "win.threat", { "x", NULL } },
    { "win.setup-position", { "<Control>e", NULL } },
    { "win.edit-tags", { "<Control>i", NULL } },
    { "win.enter-move", { "<Control>m", NULL } },
    { "win.play", { "<Control><Shift>p", NULL } },
    { "win.next-game", { "<Alt>Page_Down", NULL } },
    { "win.previous-game", { "<Alt>Page_Up", NULL } },
    { "win.game-list", { "<Control><Shift>l", NULL } },
    { "win.next-mistake", { "<Alt>n", NULL } },
    { "win.learn", { "<Control><Shift>m", NULL } },
    { "win.previous-mistake", { "<Alt>p", NULL } },
    { "win.find-position", { "<Control><Shift>f", NULL } },
    { "win.explorer", { "<Control><Shift>e", NULL } },
    { "win.verify-all", { "<Control><Shift>k", NULL } },
    /* The tabs, as GNOME Text Editor has them (issue 21). */
    { "win.new-tab", { "<Control>t", NULL } },
    { "win.close-tab", { "<Control>w", NULL } },
    { "win.next-tab", { "<Control>Page_Down", "<Control>Tab", NULL } },
    { "win.previous-tab", { "<Control>Page_Up", "<Control><Shift>Tab", NULL } },
    { "window.close", { "<Control><Shift>w", NULL } },
  };

  G_APPLICATION_CLASS (studio_application_parent_class)->startup (app);

  /* Light, dark or the system's (Preferences → Appearance → Style). */
  studio_application_apply_style (self);
  g_signal_connect_object (self->settings, "changed::style", G_CALLBACK (studio_application_apply_style), self,
                           G_CONNECT_SWAPPED);

  g_action_map_add_action_entries (G_ACTION_MAP (self),
                                   app_actions,
                                   G_N_ELEMENTS (app_actions),
                                   self);

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                           accels[i].action,
                                           accels[i].accels);

  gtk_window_set_default_icon_name (APP_ID);
}

static void
studio_application_dispose (GObject *object)
{
  StudioApplication *self = (StudioApplication *)object;

  if (self->preferences != NULL)
    {
      g_object_remove_weak_pointer (G_OBJECT (self->preferences), (gpointer *) &self->preferences);
      self->preferences = NULL;
    }
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (studio_application_parent_class)->dispose (object);
}

/* GtkShortcutsShortcut's labels do not wrap, so one long title (or a
 * longer translation) widens its whole column of the Keyboard Shortcuts
 * window past a small screen (issue 21: 1596 px).  Every title, subtitle
 * and group title of @widget wraps at SHORTCUT_TITLE_CHARS characters
 * instead; the keys' labels (inside a GtkShortcutLabel) are left alone. */
#define SHORTCUT_TITLE_CHARS 28

/* GTK 4.8's GtkShortcutLabel shows a key without a symbol of its own by
 * its keysym name ("Page_Down"); name it as the keyboard does ("Page
 * Down": GTK's own, translated, label of the key). */
static void
name_keys (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget))
    {
      const char *text = gtk_label_get_label (GTK_LABEL (widget));
      guint keyval;

      if (strchr (text, '_') != NULL && (keyval = gdk_keyval_from_name (text)) != GDK_KEY_VoidSymbol)
        {
          g_autofree char *label = gtk_accelerator_get_label (keyval, 0);

          gtk_label_set_label (GTK_LABEL (widget), label);
        }
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_keys (child);
}

static void
accelerator_changed_cb (GtkWidget  *shortcut_label,
                        GParamSpec *pspec,
                        gpointer    user_data)
{
  name_keys (shortcut_label);
}

/* Each GtkShortcutLabel of @widget (the groups' and the search page's
 * copies), now and whenever it makes its keys anew (when the window reads
 * the application's accelerators). */
static void
name_shortcut_keys (GtkWidget *widget)
{
  if (GTK_IS_SHORTCUT_LABEL (widget))
    {
      name_keys (widget);
      g_signal_connect (widget, "notify::accelerator", G_CALLBACK (accelerator_changed_cb), NULL);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_shortcut_keys (child);
}

static void
wrap_shortcut_titles (GtkWidget *widget)
{
  if (GTK_IS_SHORTCUT_LABEL (widget))
    return;
  if (GTK_IS_LABEL (widget))
    {
      gtk_label_set_wrap (GTK_LABEL (widget), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (widget), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (widget), SHORTCUT_TITLE_CHARS);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    wrap_shortcut_titles (child);
}

static void
wrap_shortcut_groups (GtkWidget *widget)
{
  if (GTK_IS_SHORTCUTS_GROUP (widget))
    {
      wrap_shortcut_titles (widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    wrap_shortcut_groups (child);
}

/* The Keyboard Shortcuts window is built on first use, not with every
 * window (issue 21: a window builds only what it shows).  Its resource is
 * not at gtk/help-overlay.ui, where GtkApplication would build it for each
 * window at once; this action, added to each window, builds it the first time
 * (GtkApplicationWindow then keeps it, and its own "show-help-overlay"
 * action is this one). */
#define HELP_OVERLAY_RESOURCE "/org/cheops/Studio/help-overlay.ui"

static void
show_help_overlay_cb (GSimpleAction *action,
                      GVariant      *parameter,
                      gpointer       user_data)
{
  GtkApplicationWindow *window = user_data;
  GtkShortcutsWindow *overlay = gtk_application_window_get_help_overlay (window);

  if (overlay == NULL)
    {
      g_autoptr(GtkBuilder) builder = gtk_builder_new_from_resource (HELP_OVERLAY_RESOURCE);

      overlay = GTK_SHORTCUTS_WINDOW (gtk_builder_get_object (builder, "help_overlay"));
      wrap_shortcut_groups (GTK_WIDGET (overlay));
      gtk_application_window_set_help_overlay (window, overlay);
      name_shortcut_keys (GTK_WIDGET (overlay));
    }
  gtk_window_present (GTK_WINDOW (overlay));
}

static void
studio_application_window_added (GtkApplication *application,
                                 GtkWindow      *window)
{
  GTK_APPLICATION_CLASS (studio_application_parent_class)->window_added (application, window);

  if (GTK_IS_APPLICATION_WINDOW (window))
    {
      g_autoptr(GSimpleAction) action = g_simple_action_new ("show-help-overlay", NULL);

      g_signal_connect_object (action, "activate", G_CALLBACK (show_help_overlay_cb), window, 0);
      g_action_map_add_action (G_ACTION_MAP (window), G_ACTION (action));
    }
}

static void
studio_application_class_init (StudioApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  object_class->dispose = studio_application_dispose;

  app_class->activate = studio_application_activate;
  app_class->open = studio_application_open;
  app_class->startup = studio_application_startup;
  gtk_app_class->window_added = studio_application_window_added;
}

static void
studio_application_init (StudioApplication *self)
{
  self->settings = g_settings_new ("org.cheops.Studio");
}

/**
 * studio_application_new:
 *
 * Creates the application, with the id `org.cheops.Studio`, which opens
 * files given on the command line.
 *
 * Returns: (transfer full): a new #StudioApplication
 */
StudioApplication *
studio_application_new (void)
{
  return g_object_new (STUDIO_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/org/cheops/Studio",
                       NULL);
}

/**
 * studio_application_apply_style:
 * @self: a #StudioApplication
 *
 * Makes the studio light, dark or as the system is, as the setting
 * `style` says ("light", "dark"; "system" or anything else: the system's
 * preference), through libadwaita's style manager; the application calls
 * it at start-up and whenever the setting changes.
 */
void
studio_application_apply_style (StudioApplication *self)
{
  g_autofree char *style = NULL;
  AdwColorScheme scheme = ADW_COLOR_SCHEME_DEFAULT;

  g_return_if_fail (STUDIO_IS_APPLICATION (self));

  style = g_settings_get_string (self->settings, "style");
  if (g_str_equal (style, "light"))
    scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_str_equal (style, "dark"))
    scheme = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
}

/**
 * studio_application_get_settings:
 * @self: a #StudioApplication
 *
 * Returns: (transfer none): the `org.cheops.Studio` settings
 */
GSettings *
studio_application_get_settings (StudioApplication *self)
{
  g_return_val_if_fail (STUDIO_IS_APPLICATION (self), NULL);

  return self->settings;
}

/**
 * studio_application_show_preferences:
 * @self: a #StudioApplication
 *
 * What app.preferences (Ctrl+comma) does: presents the preferences window,
 * modal and transient for the active studio window.  There is one at a
 * time: while it exists it is presented again (moved over the window that
 * is active now) rather than a second one made; closing it destroys it.
 */
void
studio_application_show_preferences (StudioApplication *self)
{
  GtkWindow *parent;

  g_return_if_fail (STUDIO_IS_APPLICATION (self));

  parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (self->preferences == NULL)
    {
      self->preferences = STUDIO_PREFERENCES_WINDOW (studio_preferences_window_new ());
      g_object_add_weak_pointer (G_OBJECT (self->preferences), (gpointer *) &self->preferences);
      gtk_window_set_application (GTK_WINDOW (self->preferences), GTK_APPLICATION (self));
    }

  if (parent != NULL && parent != GTK_WINDOW (self->preferences))
    gtk_window_set_transient_for (GTK_WINDOW (self->preferences), parent);

  gtk_window_present (GTK_WINDOW (self->preferences));
}

/**
 * studio_application_get_preferences_window:
 * @self: a #StudioApplication
 *
 * Returns: (transfer none) (nullable): the preferences window while it
 *   exists (see studio_application_show_preferences())
 */
GtkWidget *
studio_application_get_preferences_window (StudioApplication *self)
{
  g_return_val_if_fail (STUDIO_IS_APPLICATION (self), NULL);

  return (GtkWidget *) self->preferences;
}
