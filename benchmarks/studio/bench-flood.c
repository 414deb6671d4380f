/* bench-flood.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Benchmark (reports, asserts nothing): does the window keep drawing every
 * frame in time while the engine floods it with info lines?  Opens a sample
 * game in a studio window, starts the analysis with the engine named by
 * CHEOPS_ENGINE (bench-flood.sh points it at the tests' fake engine in
 * "flood 10000" mode: 10 000 info lines a second), asks for a new frame of
 * the board on every tick of the frame clock for SECONDS, and prints how
 * long each frame's work took (update, layout and paint, from the clock's
 * "update" to its "after-paint") and the intervals between frames.
 *
 * Usage: bench-flood SAMPLE.pgn SECONDS
 */
#include <adwaita.h>
#include <stdlib.h>

#include "studio-analysis-panel.h"
#include "studio-window.h"

static GArray *work_ms;
static GArray *interval_ms;
static gint64 update_start;
static gint64 last_after_paint;

static void
update_cb (GdkFrameClock *clock)
{
  update_start = g_get_monotonic_time ();
}

static void
after_paint_cb (GdkFrameClock *clock)
{
  gint64 now = g_get_monotonic_time ();
  double work = (now - update_start) / 1000.0;

  g_array_append_val (work_ms, work);
  if (last_after_paint != 0)
    {
      double interval = (now - last_after_paint) / 1000.0;

      g_array_append_val (interval_ms, interval);
    }
  last_after_paint = now;
}

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static int
compare_double (gconstpointer a,
                gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

/* Prints the distribution of @values and how many exceed @limit ms. */
static void
report (const char *what,
        GArray     *values,
        double      limit)
{
  double *v = (double *) (gpointer) values->data;
  guint n = values->len, over = 0;

  if (n == 0)
    return;
  g_array_sort (values, compare_double);
  for (guint i = 0; i < n; i++)
    over += v[i] > limit;
  g_print ("%-16s %u frames: median %.2f ms, p99 %.2f ms, max %.2f ms, %u over %.0f ms\n",
           what, n, v[n / 2], v[(guint) (n * 0.99)], v[n - 1], over, limit);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GFile) file = NULL;
  StudioWindow *window;
  GdkFrameClock *clock;
  gint64 end;

  if (argc != 3)
    {
      g_printerr ("Usage: %s SAMPLE.pgn SECONDS\n", argv[0]);
      return 2;
    }

  gtk_init ();
  adw_init ();

  work_ms = g_array_new (FALSE, FALSE, sizeof (double));
  interval_ms = g_array_new (FALSE, FALSE, sizeof (double));

  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  file = g_file_new_for_commandline_arg (argv[1]);
  studio_window_open_file (window, file);
  while (studio_document_get_file (studio_window_get_document (window)) == NULL ||
         !gtk_widget_get_mapped (studio_window_get_board_view (window)))
    g_main_context_iteration (NULL, TRUE);

  for (int i = 0; i < 20; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  studio_analysis_panel_set_running (STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window)), TRUE);

  /* Let the engine start and the flood begin. */
  end = g_get_monotonic_time () + G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect (clock, "update", G_CALLBACK (update_cb), NULL);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), NULL);
  gtk_widget_add_tick_callback (studio_window_get_board_view (window), tick_cb, NULL, NULL);

  end = g_get_monotonic_time () + atoi (argv[2]) * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);

  g_signal_handlers_disconnect_by_func (clock, update_cb, NULL);
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, NULL);

  /* The work of a frame must fit in 16 ms; at 60 Hz a frame interval
   * above 25 ms means a missed frame. */
  report ("frame work", work_ms, 16.0);
  report ("frame interval", interval_ms, 25.0);

  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;

  return 0;
}
