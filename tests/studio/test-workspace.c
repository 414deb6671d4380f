/* test-workspace.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The workspace as a user meets it (issue 21), under a display (xvfb-run):
 * real pointer clicks and key presses, synthesized with xdotool (XTest)
 * on the X server, so that they go through the server's focus and grabs
 * as a user's do.  A main-menu item chosen with the mouse leaves the
 * keyboard to the window: the game navigation keys work right after it.
 */
#include <adwaita.h>
#include <gdk/x11/gdkx.h>

#include "studio-test-util.h"
#include "cheops-core.h"
#include "studio-board-view.h"
#include "studio-document.h"
#include "studio-window.h"
#include "studio-window-private.h"

static gboolean
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL;
}

static StudioWindow *
open_sample (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, studio_window_get_document (window));

  return window;
}

/* The pointer and keys of these tests go through xdotool on an X server;
 * build-aux/dev.sh installs xdotool, so CI always runs them. */
static gboolean
real_input_available (void)
{
  g_autofree char *program = g_find_program_in_path ("xdotool");

  if (program == NULL)
    {
      g_test_skip ("xdotool is not installed (apt install xdotool)");
      return FALSE;
    }
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    {
      g_test_skip ("not an X11 display");
      return FALSE;
    }
  return TRUE;
}

static gboolean
xdotool_exited (gpointer data)
{
  return *(int *) data >= 0;
}

static void
xdotool_exit_cb (GObject      *object,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  int *status = user_data;
  g_autoptr(GError) error = NULL;

  *status = g_subprocess_wait_check_finish (G_SUBPROCESS (object), result, &error) ? 0 : 1;
  g_assert_no_error (error);
}

/* Runs xdotool with @argv (NULL-terminated, without the program's name),
 * the main loop turning meanwhile (the server's events reach the window
 * while xdotool waits for its own requests). */
static void
xdotool (const char * const *argv)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  int status = -1;

  g_ptr_array_add (args, (char *) "xdotool");
  for (guint i = 0; argv[i] != NULL; i++)
    g_ptr_array_add (args, (char *) argv[i]);
  g_ptr_array_add (args, NULL);
  process = g_subprocess_newv ((const char * const *) args->pdata, G_SUBPROCESS_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_subprocess_wait_check_async (process, NULL, xdotool_exit_cb, &status);
  studio_test_spin_until (xdotool_exited, &status);
  g_assert_cmpint (status, ==, 0);
  studio_test_spin_frames ();
}

/* A left click, through the X server, at the middle of @widget. */
static void
click_widget (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);
  GdkSurface *surface = gtk_native_get_surface (native);
  graphene_point_t middle = GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0,
                                                 gtk_widget_get_height (widget) / 2.0);
  graphene_point_t point;
  double dx, dy;
  g_autofree char *xid = NULL;
  g_autofree char *x = NULL;
  g_autofree char *y = NULL;

  g_assert_true (GDK_IS_X11_SURFACE (surface));
  g_assert_true (gtk_widget_get_mapped (widget));
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &middle, &point));
  gtk_native_get_surface_transform (native, &dx, &dy);
  xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (surface));
  x = g_strdup_printf ("%d", (int) (point.x + dx));
  y = g_strdup_printf ("%d", (int) (point.y + dy));
  xdotool ((const char *[]) { "mousemove", "--sync", "--window", xid, x, y, NULL });
  xdotool ((const char *[]) { "click", "1", NULL });
}

static gboolean
is_menu_item_labelled (GtkWidget     *widget,
                       gconstpointer  label)
{
  /* The popover menu's items are GtkModelButtons (a private type): a
   * button-like widget with a GtkLabel child showing @label. */
  GtkWidget *child;

  if (!gtk_widget_get_mapped (widget) || GTK_IS_LABEL (widget))
    return FALSE;
  for (child = gtk_widget_get_first_child (widget); child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child) && gtk_widget_get_mapped (child) &&
        g_strcmp0 (gtk_label_get_text (GTK_LABEL (child)), label) == 0 &&
        g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton"))
      return TRUE;
  return FALSE;
}

static gboolean
is_primary_menu_button (GtkWidget     *widget,
                        gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

static gboolean
popover_shown (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static gboolean
popover_hidden (gpointer data)
{
  return !gtk_widget_get_visible (data);
}

typedef struct {
  GtkWidget *popover;
  const char *label;
} MenuItem;

static gboolean
menu_item_mapped (gpointer data)
{
  MenuItem *item = data;

  return studio_test_find_widget (item->popover, is_menu_item_labelled, item->label) != NULL;
}

/* Clicks the main menu's ☰ button, then each item of @path (submenus, then
 * the item), all with the pointer; waits for the menu to close. */
static void
click_main_menu (StudioWindow        *window,
                 const char * const  *path)
{
  GtkWidget *button = studio_test_find_widget (GTK_WIDGET (window), is_primary_menu_button, NULL);
  GtkWidget *popover;

  g_assert_nonnull (button);
  g_test_message ("click the main menu");
  click_widget (button);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  g_assert_nonnull (popover);
  studio_test_spin_until (popover_shown, popover);
  for (guint i = 0; path[i] != NULL; i++)
    {
      MenuItem item = { popover, path[i] };

      studio_test_spin_until (menu_item_mapped, &item);
      /* The submenu's slide ends before its items take clicks. */
      studio_test_spin_for (300);
      g_test_message ("click %s", path[i]);
      click_widget (studio_test_find_widget (popover, is_menu_item_labelled, path[i]));
    }
  studio_test_spin_until (popover_hidden, popover);
}

static void
press_key (const char *key)
{
  g_test_message ("key %s", key);
  xdotool ((const char *[]) { "key", key, NULL });
}

static gboolean
window_active (gpointer data)
{
  return gtk_window_is_active (data);
}

static gboolean
current_is (gpointer data)
{
  gpointer *pair = data;

  return studio_document_get_current (pair[0]) == pair[1];
}

/* Game → Flip Board chosen with the mouse, then Right: one move on — the
 * key went to the window, not into a closed popover (issue 21: under
 * GTK 4.8 on X11 no key reached the window until the menu was opened and
 * closed again). */
static void
test_menu_click_keeps_keys (void)
{
  StudioWindow *window;
  StudioDocument *document;
  StudioBoardScene *scene;
  CheopsGameNode *root, *first, *second;
  gboolean flipped;
  gpointer wait[2];

  if (!real_input_available ())
    return;
  window = open_sample ("opening-lines.pgn");
  document = studio_window_get_document (window);
  scene = studio_board_view_get_scene (STUDIO_BOARD_VIEW (studio_window_get_board_view (window)));
  root = cheops_game_get_root (studio_document_get_game (document));
  first = cheops_game_node_get_first_child (root);
  second = cheops_game_node_get_first_child (first);
  flipped = studio_board_scene_get_flipped (scene);
  wait[0] = document;
  wait[1] = first;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  studio_test_spin_until (window_active, window);
  studio_test_spin_for (300);
  g_assert_true (studio_document_get_current (document) == root);

  /* The keys reach the window before the menu… */
  press_key ("Right");
  studio_test_spin_until (current_is, wait);

  /* …and after an item chosen with the mouse. */
  click_main_menu (window, (const char *[]) { "Game", "Flip Board", NULL });
  g_assert_true (studio_board_scene_get_flipped (scene) == !flipped);
  press_key ("Right");
  wait[1] = second;
  studio_test_spin_until (current_is, wait);
  press_key ("Left");
  wait[1] = first;
  studio_test_spin_until (current_is, wait);

  /* Once more, the flip back: the second time is no different. */
  click_main_menu (window, (const char *[]) { "Game", "Flip Board", NULL });
  g_assert_true (studio_board_scene_get_flipped (scene) == flipped);
  press_key ("Home");
  wait[1] = root;
  studio_test_spin_until (current_is, wait);

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_func ("/Studio/Workspace/menu-click-keeps-keys", test_menu_click_keeps_keys);

  return g_test_run ();
}
