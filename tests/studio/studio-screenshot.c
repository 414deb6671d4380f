/* studio-screenshot.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Takes the screenshot of the README and the AppStream metainfo: the real
 * application (its style sheet included) with a sample game loaded, a few
 * moves in, and the engine analysing.  The window renders itself to a PNG
 * (GTK's own renderer), so no window manager is needed; run it under
 * xvfb-run (data/screenshots/take-screenshot.sh does).
 *
 * Usage: studio-screenshot SAMPLE.pgn PLY SECONDS OUT.png
 *
 * With STUDIO_SCREENSHOT_PROBLEM=N in the environment it shows game N
 * (from 0) of the file with the Problem panel open and verified instead
 * of the analysis (data/screenshots/problem.png).
 *
 * The picture is at the window's scale factor (GDK_SCALE=2: twice the
 * pixels, as a HiDPI screen shows it).  STUDIO_SCREENSHOT_SIZE=WxH sets
 * the window's size (default 1280x800); STUDIO_SCREENSHOT_SETUP=1 takes it
 * in the set-up of the position shown (win.setup-position);
 * STUDIO_SCREENSHOT_THEME=blue draws the board in that theme.  Dark style:
 * ADW_DEBUG_COLOR_SCHEME=prefer-dark (libadwaita's own variable).
 */
#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>

#include "studio-analysis-panel.h"
#include "studio-application.h"
#include "studio-problem-panel.h"
#include "studio-window.h"

static const char *sample_path;
static guint ply;
static guint seconds;
static const char *out_path;
static StudioWindow *window;
static int status = 1;

static gboolean
take_shot_cb (gpointer data)
{
  GApplication *app = data;
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));
  int scale = gtk_widget_get_scale_factor (GTK_WIDGET (window));
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer;

  /* At the window's scale, as its own frames are drawn. */
  gtk_snapshot_scale (snapshot, scale, scale);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL)
    return G_SOURCE_CONTINUE;  /* not drawn yet: again at the next tick */
  renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width * scale, height * scale));

  if (gdk_texture_save_to_png (texture, out_path))
    {
      g_print ("%s: %d×%d at scale %d, %u analysis lines shown\n", out_path, width, height, scale,
               studio_analysis_panel_get_n_lines (STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window))));
      status = 0;
    }
  else
    g_printerr ("could not write %s\n", out_path);

  /* Stops the engine and closes the window (nothing is modified). */
  gtk_window_destroy (GTK_WINDOW (window));
  g_application_quit (app);

  return G_SOURCE_REMOVE;
}

static gboolean
wait_for_game_cb (gpointer data)
{
  StudioDocument *document = studio_window_get_document (window);

  if (studio_document_get_file (document) == NULL)
    return G_SOURCE_CONTINUE;

  if (g_getenv ("STUDIO_SCREENSHOT_PROBLEM") != NULL)
    {
      GtkWidget *panel = NULL;

      studio_document_show_game (document, (guint) atoi (g_getenv ("STUDIO_SCREENSHOT_PROBLEM")));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.problem", NULL);
      for (GtkWidget *w = gtk_widget_get_first_child (GTK_WIDGET (window)); w != NULL && panel == NULL; )
        {
          /* Depth first, to the first StudioProblemPanel. */
          if (STUDIO_IS_PROBLEM_PANEL (w))
            panel = w;
          else if (gtk_widget_get_first_child (w) != NULL)
            w = gtk_widget_get_first_child (w);
          else
            {
              while (w != NULL && gtk_widget_get_next_sibling (w) == NULL)
                w = gtk_widget_get_parent (w);
              if (w != NULL)
                w = gtk_widget_get_next_sibling (w);
            }
        }
      g_assert (panel != NULL);
      for (guint i = 0; i < ply; i++)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
      studio_problem_panel_verify (STUDIO_PROBLEM_PANEL (panel));
      g_timeout_add_seconds (seconds, take_shot_cb, data);
      return G_SOURCE_REMOVE;
    }
  for (guint i = 0; i < ply; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  if (g_strcmp0 (g_getenv ("STUDIO_SCREENSHOT_SETUP"), "1") == 0)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.setup-position", NULL);
  else
    gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);

  g_timeout_add_seconds (seconds, take_shot_cb, data);

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
  int width = 1280, height = 800;

  if (argc != 5)
    {
      g_printerr ("Usage: %s SAMPLE.pgn PLY SECONDS OUT.png\n", argv[0]);
      return 2;
    }

  sample_path = argv[1];
  ply = atoi (argv[2]);
  seconds = atoi (argv[3]);
  out_path = argv[4];

  /* A fixed size for a stable picture (GSETTINGS_BACKEND=memory keeps the
   * user's settings out of it). */
  settings = g_settings_new ("org.cheops.Studio");
  if (g_getenv ("STUDIO_SCREENSHOT_SIZE") != NULL &&
      sscanf (g_getenv ("STUDIO_SCREENSHOT_SIZE"), "%dx%d", &width, &height) != 2)
    {
      g_printerr ("STUDIO_SCREENSHOT_SIZE is WIDTHxHEIGHT\n");
      return 2;
    }
  g_settings_set_int (settings, "window-width", width);
  g_settings_set_int (settings, "window-height", height);
  g_settings_set_int (settings, "multipv", 3);
  if (g_getenv ("STUDIO_SCREENSHOT_THEME") != NULL)
    g_settings_set_string (settings, "board-theme", g_getenv ("STUDIO_SCREENSHOT_THEME"));

  app = studio_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activate_cb), NULL);
  g_application_run (G_APPLICATION (app), 1, argv);

  return status;
}
