/* review-screenshot.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Takes data/screenshots/review.png: the real application with a sample
 * game analysed by "Analyse Game" (the bundled engine at a fixed depth a
 * move), its summary under the move list and the move list showing the
 * glyphs and best lines, at one of the moves the review marked.  Renders
 * the window itself to a PNG, as studio-screenshot.c does; run it under
 * xvfb-run (data/screenshots/take-review-screenshot.sh does).
 *
 * Usage: review-screenshot SAMPLE.pgn DEPTH PLY OUT.png
 */
#include <adwaita.h>
#include <stdlib.h>

#include "studio-application.h"
#include "studio-review-panel.h"
#include "studio-window.h"

static const char *sample_path;
static int depth;
static guint ply;
static const char *out_path;
static StudioWindow *window;
static StudioReviewPanel *panel;
static int status = 1;

static StudioReviewPanel *
find_panel (GtkWidget *widget)
{
  if (STUDIO_IS_REVIEW_PANEL (widget))
    return STUDIO_REVIEW_PANEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      StudioReviewPanel *found = find_panel (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
take_shot_cb (gpointer data)
{
  GApplication *app = data;
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer;
  g_autofree char *summary = studio_review_panel_dup_summary_text (panel);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (gdk_texture_save_to_png (texture, out_path))
    {
      g_print ("%s: %d×%d\n%s\n", out_path, width, height, summary);
      status = 0;
    }
  else
    g_printerr ("could not write %s\n", out_path);

  /* The window holds an unsaved analysis: quit without asking. */
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static void
finished_cb (StudioReview *review,
             gboolean      cancelled,
             gpointer      data)
{
  StudioDocument *document = studio_window_get_document (window);

  studio_document_go_start (document);
  for (guint i = 0; i < ply; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  g_timeout_add_seconds (2, take_shot_cb, data);
}

static gboolean
wait_for_game_cb (gpointer data)
{
  StudioDocument *document = studio_window_get_document (window);

  if (studio_document_get_file (document) == NULL)
    return G_SOURCE_CONTINUE;
  panel = find_panel (GTK_WIDGET (window));
  g_signal_connect (studio_review_panel_get_review (panel), "finished", G_CALLBACK (finished_cb), data);
  if (!studio_review_panel_start (panel, FALSE, -1, depth, 0))
    g_application_quit (data);
  return G_SOURCE_REMOVE;
}

static void
activate_cb (GApplication *app)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (sample_path);

  window = STUDIO_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));
  studio_window_open_file (window, file);
  g_timeout_add (100, wait_for_game_cb, app);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(StudioApplication) app = NULL;
  g_autoptr(GSettings) settings = NULL;

  if (argc != 5)
    {
      g_printerr ("Usage: %s SAMPLE.pgn DEPTH PLY OUT.png\n", argv[0]);
      return 2;
    }
  sample_path = argv[1];
  depth = atoi (argv[2]);
  ply = (guint) atoi (argv[3]);
  out_path = argv[4];

  settings = g_settings_new ("org.cheops.Studio");
  g_settings_set_int (settings, "window-width", 1280);
  g_settings_set_int (settings, "window-height", 800);

  app = studio_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activate_cb), NULL);
  g_application_run (G_APPLICATION (app), 1, argv);
  return status;
}
