/* test-toasts.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Toasts that come quickly, with animations on (as users have them), in
 * the studio window (_studio_window_toast()) and the preferences window
 * (a refused engine).  In libadwaita 1.2 (1.2.2 in Debian 12) a toast
 * dismissed during its show animation is freed by its hide animation's
 * "done" handler before its show animation's "done" handler reads it (a
 * use after free in adw_animation_skip(), fixed in libadwaita 1.3): a
 * toast shown as a replacement animates for 500 ms, its hide for 300 ms,
 * so one dismissed within 200 ms of being shown is read after it is
 * freed.  The preferences window did exactly that when a refusal came
 * while another was shown (dismiss the toast shown, add the new one);
 * three refusals at once freed the second toast's block 200 ms before its
 * show animation ended.  This test runs with glibc's tcache off
 * (GLIBC_TUNABLES in tests/studio/meson.build) so that the freed block is
 * filled with MALLOC_PERTURB_'s byte (meson test sets one) and the read
 * crashes every time rather than now and then; under valgrind the invalid
 * read is reported either way.
 *
 * The studio now never dismisses a toast to show another: the toast shown
 * takes the newest message and its timeout starts again, so the newest
 * message is the one visible (with queued toasts each older one stayed
 * 4 s first).
 */

#include <adwaita.h>
#include <string.h>

#include "studio-test-util.h"
#include "studio-preferences-window.h"
#include "studio-window.h"
#include "studio-window-private.h"

/* The toast widgets of @overlay that are shown, not hiding (a hiding
 * toast cannot be targeted). */
static GPtrArray *
shown_toasts (GtkWidget *overlay)
{
  GPtrArray *toasts = g_ptr_array_new ();

  for (GtkWidget *child = gtk_widget_get_first_child (overlay); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (g_str_equal (gtk_widget_get_css_name (child), "toast") &&
        gtk_widget_get_can_target (child))
      g_ptr_array_add (toasts, child);
  return toasts;
}

static gboolean
is_heading_label (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "heading");
}

/* The text of the one toast shown over @overlay. */
static const char *
shown_toast_text (GtkWidget *overlay)
{
  g_autoptr(GPtrArray) toasts = shown_toasts (overlay);
  GtkWidget *label;

  g_assert_cmpuint (toasts->len, ==, 1);
  label = studio_test_find_widget (toasts->pdata[0], is_heading_label, NULL);
  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static void
assert_animations_on (GtkWidget *widget)
{
  gboolean animations;

  g_object_get (gtk_widget_get_settings (widget), "gtk-enable-animations", &animations, NULL);
  g_assert_true (animations);
}

/* Three messages at once, then a burst of twenty 30 ms apart: the window
 * shows one toast, with the newest message. */
static void
test_window_quick (void)
{
  StudioWindow *window = studio_window_new (NULL);
  GtkWidget *overlay;

  gtk_window_present (GTK_WINDOW (window));
  studio_test_spin_until (is_mapped, window);
  overlay = GTK_WIDGET (window->toast_overlay);
  assert_animations_on (overlay);

  _studio_window_toast (window, "First");
  _studio_window_toast (window, "Second");
  _studio_window_toast (window, "Third");
  studio_test_spin_for (700);
  g_assert_cmpstr (shown_toast_text (overlay), ==, "Third");

  for (int i = 0; i < 20; i++)
    {
      g_autofree char *message = g_strdup_printf ("Message %d", i);

      _studio_window_toast (window, message);
      studio_test_spin_for (30);
    }
  studio_test_spin_for (700);
  g_assert_cmpstr (shown_toast_text (overlay), ==, "Message 19");

  gtk_window_destroy (GTK_WINDOW (window));
  studio_test_spin_frames ();
}

/* After its toast has gone (4 s), the window shows a new one; while it
 * hides, a new message is shown at once. */
static void
test_window_after_timeout (void)
{
  StudioWindow *window = studio_window_new (NULL);
  GtkWidget *overlay;
  g_autoptr(GPtrArray) none = NULL;

  gtk_window_present (GTK_WINDOW (window));
  studio_test_spin_until (is_mapped, window);
  overlay = GTK_WIDGET (window->toast_overlay);

  _studio_window_toast (window, "Before");
  studio_test_spin_for (4500);
  none = shown_toasts (overlay);
  g_assert_cmpuint (none->len, ==, 0);
  _studio_window_toast (window, "After");
  _studio_window_toast (window, "After again");
  studio_test_spin_for (700);
  g_assert_cmpstr (shown_toast_text (overlay), ==, "After again");

  gtk_window_destroy (GTK_WINDOW (window));
  studio_test_spin_frames ();
}

/* Refusals in quick succession in the preferences window: the newest one
 * is shown, and nothing is read after it is freed. */
static void
test_preferences_quick (void)
{
  GtkWidget *preferences = studio_preferences_window_new ();
  g_autofree char *missing = g_build_filename (g_get_tmp_dir (), "studio-no-such-engine", NULL);
  GtkWidget *overlay;

  gtk_window_present (GTK_WINDOW (preferences));
  studio_test_spin_until (is_mapped, preferences);
  overlay = studio_test_find_widget_of_type (preferences, ADW_TYPE_TOAST_OVERLAY);
  g_assert_nonnull (overlay);
  assert_animations_on (overlay);

  for (int i = 0; i < 3; i++)
    {
      g_autofree char *path = g_strdup_printf ("%s-%d", missing, i);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;

      g_assert_false (studio_preferences_window_choose_engine (STUDIO_PREFERENCES_WINDOW (preferences), file, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
    }
  studio_test_spin_for (1000);
  g_assert_nonnull (strstr (shown_toast_text (overlay), "studio-no-such-engine-2"));

  gtk_window_destroy (GTK_WINDOW (preferences));
  studio_test_spin_frames ();
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);
  /* Animations on, whatever the display's settings say. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);

  g_test_add_func ("/Studio/Toasts/window-quick", test_window_quick);
  g_test_add_func ("/Studio/Toasts/window-after-timeout", test_window_after_timeout);
  g_test_add_func ("/Studio/Toasts/preferences-quick", test_preferences_quick);

  return g_test_run ();
}
