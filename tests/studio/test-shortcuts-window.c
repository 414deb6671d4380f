/* test-shortcuts-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Keyboard Shortcuts window (gtk/help-overlay.ui, Ctrl+?) fits the
 * screens issue 21 names: its natural size, over every section and page, is
 * within a 1400 × 1000 screen, and it is readable on a 700 × 600 one (every
 * page of every section at most 700 × 600, so nothing is cut).  Each
 * section is one page (GTK 4.8's page switcher, with libadwaita's style,
 * also measures its labels at -3 px: a warning).  Before issue 21's fix the
 * window was one section of two pages, 1596 × 791.  Run under
 * xvfb-run.  With SHORTCUTS_SCREENSHOT=PREFIX in the environment it saves
 * each section's first page as PREFIX-SECTION.png (to look at).
 */
#include <adwaita.h>
#include <string.h>

#include "studio-test-util.h"
#include "studio-application.h"
#include "studio-window.h"

static gboolean
is_mapped (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (data));
}

static void
save_picture (GtkWidget  *window,
              const char *path)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (window);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (window);
  int height = gtk_widget_get_height (window);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

static gboolean
is_section (GtkWidget     *widget,
            gconstpointer  data)
{
  return GTK_IS_SHORTCUTS_SECTION (widget);
}

/* A key named by its keysym ("Page_Down") rather than as the keyboard
 * names it ("Page Down"). */
static gboolean
is_keysym_name (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_SHORTCUT_LABEL) != NULL
         && strchr (gtk_label_get_label (GTK_LABEL (widget)), '_') != NULL;
}

static void
collect_sections (GtkWidget *widget,
                  GPtrArray *sections)
{
  if (GTK_IS_SHORTCUTS_SECTION (widget))
    {
      g_ptr_array_add (sections, widget);
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_sections (child, sections);
}

/* The pages of a section: the children of its GtkStack. */
static GtkStack *
section_stack (GtkWidget *section)
{
  return GTK_STACK (studio_test_find_widget_of_type (section, GTK_TYPE_STACK));
}

static void
test_fits_screens (void)
{
  g_autoptr(StudioApplication) app = studio_application_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) sections = g_ptr_array_new ();
  const char *screenshot = g_getenv ("SHORTCUTS_SCREENSHOT");
  StudioWindow *window;
  GtkWidget *overlay;
  int min_width, nat_width, min_height, nat_height;

  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  window = studio_window_new (app);
  gtk_window_present (GTK_WINDOW (window));
  /* Built on first use, not with the window (issue 21's start-up). */
  g_assert_null (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
  overlay = GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  g_assert_nonnull (overlay);
  g_assert_nonnull (studio_test_find_widget (overlay, is_section, NULL));
  /* Once built, kept: the same window the next time. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL);
  g_assert_true (GTK_WIDGET (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window))) == overlay);
  studio_test_spin_until (is_mapped, overlay);
  studio_test_spin_frames ();

  /* Alt+Page Down, not Alt+Page_Down (in the groups and in the search's
   * copies). */
  g_assert_null (studio_test_find_widget (overlay, is_keysym_name, NULL));

  /* The whole window: every section and page is within it (the stacks are
   * homogeneous), so its natural size is the largest any of them asks. */
  gtk_widget_measure (overlay, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, &nat_width, NULL, NULL);
  gtk_widget_measure (overlay, GTK_ORIENTATION_VERTICAL, nat_width, &min_height, &nat_height, NULL, NULL);
  g_test_message ("shortcuts window: natural %d × %d, minimum %d × %d", nat_width, nat_height, min_width,
                  min_height);
  g_assert_cmpint (nat_width, <=, 1400);
  g_assert_cmpint (nat_height, <=, 1000);
  /* Readable on a 700 × 600 screen: nothing cut at that size. */
  g_assert_cmpint (nat_width, <=, 700);
  g_assert_cmpint (nat_height, <=, 600);

  /* Each section, each page, measured alone too (and pictured). */
  collect_sections (overlay, sections);
  g_assert_cmpuint (sections->len, >=, 1);
  for (guint i = 0; i < sections->len; i++)
    {
      GtkWidget *section = sections->pdata[i];
      g_autofree char *name = NULL;
      GtkStack *pages = section_stack (section);
      guint page_number = 0;

      g_object_get (section, "section-name", &name, NULL);
      g_object_set (overlay, "section-name", name, NULL);
      for (GtkWidget *page = gtk_widget_get_first_child (GTK_WIDGET (pages)); page != NULL;
           page = gtk_widget_get_next_sibling (page), page_number++)
        {
          int page_width, page_height;

          gtk_stack_set_visible_child (pages, page);
          studio_test_spin_frames ();
          gtk_widget_measure (page, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &page_width, NULL, NULL);
          gtk_widget_measure (page, GTK_ORIENTATION_VERTICAL, page_width, NULL, &page_height, NULL, NULL);
          g_test_message ("section %s page %u: %d × %d", name, page_number + 1, page_width, page_height);
          g_assert_cmpint (page_width, <=, 700);
          g_assert_cmpint (page_height, <=, 600);
          g_assert_cmpuint (page_number, ==, 0);
          if (screenshot != NULL)
            {
              g_autofree char *path = g_strdup_printf ("%s-%s-%u.png", screenshot, name, page_number + 1);

              studio_test_spin_for (400);  /* the stack's slide */
              save_picture (overlay, path);
            }
        }
    }

  gtk_window_destroy (GTK_WINDOW (overlay));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);
  g_test_add_func ("/Studio/ShortcutsWindow/fits-screens", test_fits_screens);
  return g_test_run ();
}
