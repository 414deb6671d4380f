/* studio-window-suite.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's test-position suites: a `.epd` file opened (File → Open,
 * the command line, a recent file, a drop) or a bundled suite chosen from
 * the main menu's Test Suites shows the Suite panel above the move list;
 * a click on one of its positions sets that position up on the board as a
 * game of its variant, for analysis (a new window where unsaved work would
 * be lost, as everywhere).  The bundled suites are the .epd files of data/suites,
 * compiled into the resources under /org/cheops/Studio/suites/.
 */
#define G_LOG_DOMAIN "studio-window-suite"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cheops-game-model.h"
#include "studio-document.h"
#include "studio-window-private.h"

#define SUITES_PATH "/org/cheops/Studio/suites/"

gboolean
_studio_window_is_suite_file (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = name != NULL ? g_ascii_strdown (name, -1) : NULL;

  return lower != NULL && g_str_has_suffix (lower, ".epd");
}

static void position_activated_cb (StudioWindow     *self,
                                   guint             index,
                                   StudioSuitePanel *panel);
static void close_requested_cb    (StudioWindow     *self,
                                   StudioSuitePanel *panel);

/* The Suite panel is made the first time a suite is opened (issue 21: a
 * window builds only what it shows). */
static StudioSuitePanel *
ensure_suite_panel (StudioWindow *self)
{
  if (self->suite_panel == NULL)
    {
      self->suite_panel = STUDIO_SUITE_PANEL (studio_suite_panel_new ());
      gtk_revealer_set_child (self->suite_revealer, GTK_WIDGET (self->suite_panel));
      g_signal_connect_object (self->suite_panel, "position-activated", G_CALLBACK (position_activated_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->suite_panel, "close-requested", G_CALLBACK (close_requested_cb), self,
                               G_CONNECT_SWAPPED);
    }
  return self->suite_panel;
}

gboolean
_studio_window_show_suite (StudioWindow  *self,
                           const char    *text,
                           gssize         length,
                           const char    *title,
                           GError       **error)
{
  if (!studio_suite_panel_load (ensure_suite_panel (self), text, length, title, error))
    return FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->suite_revealer), TRUE);
  gtk_revealer_set_reveal_child (self->suite_revealer, TRUE);
  studio_suite_panel_activate (self->suite_panel, 0);
  return TRUE;
}

static void
suite_loaded_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  GFile *file = G_FILE (object);
  g_autoptr(StudioWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *name = g_file_get_basename (file);
  gsize length = 0;

  if (!g_file_load_contents_finish (file, result, &contents, &length, NULL, &error)
      || !_studio_window_show_suite (self, contents, (gssize) length, name, &error))
    {
      /* Translators: a test-position suite could not be opened: why */
      g_autofree char *message = g_strdup_printf (_("Could not open the suite: %s"), error->message);

      _studio_window_toast (self, message);
      return;
    }
  _studio_window_add_recent (self, file);
}

void
_studio_window_open_suite_file (StudioWindow *self,
                                GFile        *file)
{
  g_file_load_contents_async (file, NULL, suite_loaded_cb, g_object_ref (self));
}

/* A position of the suite, set up on the board. */
static void
position_activated_cb (StudioWindow     *self,
                       guint             index,
                       StudioSuitePanel *panel)
{
  CheopsEpdRecord *record = studio_suite_panel_get_record (panel, index);
  char fen[CHEOPS_FEN_MAX];
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsGame) game = NULL;

  cheops_position_to_fen (&record->position, fen, sizeof fen);
  game = cheops_game_new_from_fen (record->position.variant, fen, &error);
  if (game == NULL)
    {
      _studio_window_toast (self, error->message);
      return;
    }
  _studio_window_show_new_game (self, game, _("The position"));
}

static void
close_requested_cb (StudioWindow     *self,
                    StudioSuitePanel *panel)
{
  gtk_revealer_set_reveal_child (self->suite_revealer, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->suite_revealer), FALSE);
}

static void
open_suite_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  StudioWindow *self = STUDIO_WINDOW (widget);
  const char *name = g_variant_get_string (parameter, NULL);
  g_autofree char *path = g_strconcat (SUITES_PATH, name, NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;

  bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  if (bytes == NULL
      || !_studio_window_show_suite (self, g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes),
                                     name, &error))
    {
      g_autofree char *message = g_strdup_printf (_("Could not open the suite: %s"), error->message);

      _studio_window_toast (self, message);
    }
}

void
_studio_window_class_suite_init (StudioWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (STUDIO_TYPE_SUITE_PANEL);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, suites_submenu);
  gtk_widget_class_install_action (widget_class, "win.open-suite", "s", open_suite_action);
}

/* The main menu's Test Suites: one item per bundled suite, named by the
 * game of its first position and its file name. */
static void
fill_suites_menu (StudioWindow *self)
{
  g_auto(GStrv) names = g_resources_enumerate_children (SUITES_PATH, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);

  if (names == NULL)
    return;
  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *path = g_strconcat (SUITES_PATH, names[i], NULL);
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
      g_autoptr(GPtrArray) records = NULL;
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *label = NULL;
      g_autofree char *base = g_strdup (names[i]);
      char *dot = strrchr (base, '.');

      if (bytes == NULL)
        continue;
      records = cheops_epd_read_string (g_bytes_get_data (bytes, NULL), (gssize) g_bytes_get_size (bytes), NULL);
      if (records->len == 0)
        continue;
      if (dot != NULL)
        *dot = '\0';
      /* Translators: a bundled test suite in the menu: the game, the suite's
       * name, how many positions */
      label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s (%u position)", "%s: %s (%u positions)",
                                            records->len),
                               ((CheopsEpdRecord *) records->pdata[0])->position.variant->title, base, records->len);
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target (item, "win.open-suite", "s", names[i]);
      g_menu_append_item (self->suites_submenu, item);
    }
}

void
_studio_window_suite_init (StudioWindow *self)
{
  /* A view of the side pane, under the move list (studio-window-views.c). */
  self->suite_revealer = GTK_REVEALER (gtk_revealer_new ());
  gtk_revealer_set_transition_type (self->suite_revealer, GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_revealer_set_reveal_child (self->suite_revealer, FALSE);
  /* Hidden, not only folded: its width would count in a narrow window. */
  gtk_widget_set_visible (GTK_WIDGET (self->suite_revealer), FALSE);
  gtk_revealer_set_transition_type (self->suite_revealer, GTK_REVEALER_TRANSITION_TYPE_NONE);
  /* Translators: the side pane's view of a test-position suite */
  _studio_window_views_add (self, "suite", _("Suite"), GTK_WIDGET (self->suite_revealer));
  fill_suites_menu (self);
}

/**
 * studio_window_get_suite_panel:
 * @self: a #StudioWindow
 *
 * Returns: (transfer none): the Suite panel (shown once a suite is open;
 *   made now if none was opened yet)
 */
GtkWidget *
studio_window_get_suite_panel (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);
  return GTK_WIDGET (ensure_suite_panel (self));
}
