/* bench-board-draw.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Benchmark (reports, asserts nothing): how long the board takes to draw
 * one frame at 1200×1000 pixels — cells, coordinates, highlights, legal
 * destinations, 30 pieces, arrows and marks — with the same Cairo code the
 * widget's snapshot runs, into an ARGB32 image surface (what a Cairo node
 * is rendered into).  Needs a display for GTK: run under xvfb-run.
 *
 * Usage: bench-board-draw SAMPLE.pgn [FRAMES]
 */
#include <adwaita.h>
#include <stdlib.h>

#include "cheops-game-model.h"
#include "studio-board-view.h"

int
main (int   argc,
      char *argv[])
{
  const char *sample = argc > 1 ? argv[1] : "data/samples/apex-race.pgn";
  int frames = argc > 2 ? atoi (argv[2]) : 500;
  GtkWidget *window;
  GtkWidget *view;
  StudioBoardScene *scene;
  CheopsPosition pos;
  cairo_surface_t *surface;
  GArray *times = g_array_new (FALSE, FALSE, sizeof (double));
  double total = 0, worst = 0;

  gtk_init ();
  adw_init ();

  /* In a shown window, as in the studio (an unrooted widget would look its
   * style up again on every frame). */
  window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 1000);
  view = g_object_ref (studio_board_view_new ());
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (view))
    g_main_context_iteration (NULL, TRUE);
  scene = studio_board_view_get_scene (STUDIO_BOARD_VIEW (view));

  /* A middlegame: the sample "The race to the Apex" after 48 plies, with a
   * piece selected, the last move, arrows, a mark and the engine's arrow. */
  {
    g_autoptr(GPtrArray) games = cheops_pgn_read_file (sample, NULL, NULL);
    CheopsGameNode *node;

    if (games == NULL || games->len == 0)
      g_error ("cannot read %s", sample);
    node = cheops_game_get_root (g_ptr_array_index (games, 0));
    for (int i = 0; i < 48 && cheops_game_node_get_first_child (node) != NULL; i++)
      node = cheops_game_node_get_first_child (node);
    pos = *cheops_game_node_get_position (node);
    studio_board_scene_set_position (scene, &pos, cheops_game_node_get_move (node));
  }
  studio_board_scene_select (scene, cheops_laws_cell_parse ("j7", NULL));
  studio_board_scene_toggle_shape (scene, cheops_laws_cell_parse ("i8", NULL), cheops_laws_cell_parse ("i9", NULL), STUDIO_BRUSH_GREEN);
  studio_board_scene_toggle_shape (scene, cheops_laws_cell_parse ("c2", NULL), cheops_laws_cell_parse ("i5", NULL), STUDIO_BRUSH_RED);
  studio_board_scene_toggle_shape (scene, cheops_laws_cell_parse ("i8", NULL), cheops_laws_cell_parse ("i8", NULL), STUDIO_BRUSH_YELLOW);
  studio_board_scene_set_engine_arrow (scene, cheops_move_make (cheops_laws_cell_parse ("j7", NULL),
                                                                cheops_laws_cell_parse ("i8", NULL)));

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 1000);

  for (int i = 0; i < frames; i++)
    {
      cairo_t *cr = cairo_create (surface);
      gint64 start = g_get_monotonic_time ();
      double ms;

      studio_board_view_draw (STUDIO_BOARD_VIEW (view), cr, 1200, 1000);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      ms = (g_get_monotonic_time () - start) / 1000.0;
      /* The first frame also builds the caches (board layer, sprites). */
      if (i == 0)
        {
          g_print ("board draw 1200x1000: first frame (building the caches) %.3f ms\n", ms);
          continue;
        }
      g_array_append_val (times, ms);
      total += ms;
      worst = MAX (worst, ms);
    }

  {
    double *t = (double *) (gpointer) times->data;
    int n = times->len;

    /* Sort for the median. */
    for (int i = 1; i < n; i++)
      for (int j = i; j > 0 && t[j - 1] > t[j]; j--)
        {
          double x = t[j];
          t[j] = t[j - 1];
          t[j - 1] = x;
        }

    g_print ("board draw 1200x1000: %d frames, mean %.3f ms, median %.3f ms, p99 %.3f ms, max %.3f ms\n",
             n, total / n, t[n / 2], t[(int) (n * 0.99)], worst);
  }

  if (g_getenv ("BENCH_PNG") != NULL)
    cairo_surface_write_to_png (surface, g_getenv ("BENCH_PNG"));

  cairo_surface_destroy (surface);
  g_object_unref (view);
  gtk_window_destroy (GTK_WINDOW (window));
  g_array_unref (times);

  return 0;
}
