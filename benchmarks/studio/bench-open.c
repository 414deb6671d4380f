/* bench-open.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opening and saving a big game file in the studio (issue 23), before and
 * after in one run, in a real window under a display (xvfb-run):
 *
 * - before: the way the studio read a file until issue 23 — the bytes
 *   read, then every game read on the main thread at once
 *   (studio_document_load_text(), which the small files still take): the
 *   first game shows when the last is read, and the main loop stands
 *   still all that time;
 * - after: studio_window_open_file() (studio_document_load_async()): the
 *   games read in a worker, handed over in batches.
 *
 * For each: the time until the window shows the first game, until every
 * game is there, and the longest the main loop stood still (the longest
 * gap of a 5 ms timer).  Then the save of the whole file: before, the text
 * made on the main thread (cheops_pgn_write_games_to_bytes(), what the
 * studio did) then written; after, studio_document_save_async() (copies on
 * the main thread, text and write in a worker).  Figures only, no
 * assertion.
 *
 * Usage: xvfb-run -a bench-open FILE.pgn
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <sys/resource.h>

#include "cheops-pgn.h"
#include "studio-document.h"
#include "studio-window.h"

typedef struct {
  gint64 last;
  gint64 longest;
} Ticks;

static gboolean
tick_cb (gpointer data)
{
  Ticks *ticks = data;
  gint64 now = g_get_monotonic_time ();

  ticks->longest = MAX (ticks->longest, now - ticks->last);
  ticks->last = now;
  return G_SOURCE_CONTINUE;
}

static void
spin_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* The process's CPU time (user + system), in seconds. */
static double
cpu_time (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static gint64 first_shown;
static guint frames;

static void
frame_cb (GdkFrameClock *clock)
{
  frames++;
}

static void
game_cb (StudioDocument *document)
{
  if (first_shown == 0 && studio_document_get_n_games (document) > 0)
    first_shown = g_get_monotonic_time ();
}

static gboolean saved;

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GError) error = NULL;

  if (!studio_document_save_finish (STUDIO_DOCUMENT (object), result, &error))
    g_printerr ("save: %s\n", error->message);
  saved = TRUE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFile) out = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *out_path = NULL;
  StudioWindow *before, *after;
  StudioDocument *document;
  Ticks ticks;
  guint tick;
  gsize length;
  gint64 start, end;
  double before_total, before_stall, after_first, after_total, after_stall, cpu;

  if (argc != 2)
    {
      g_printerr ("usage: bench-open FILE.pgn\n");
      return 2;
    }
  gtk_init ();
  adw_init ();
  file = g_file_new_for_commandline_arg (argv[1]);
  out_path = g_build_filename (g_get_tmp_dir (), "bench-open-save.pgn", NULL);
  out = g_file_new_for_path (out_path);

  /* Before: read, then every game on the main thread. */
  before = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (before));
  spin_for (1000);
  ticks.last = g_get_monotonic_time ();
  ticks.longest = 0;
  tick = g_timeout_add (5, tick_cb, &ticks);
  start = g_get_monotonic_time ();
  cpu = cpu_time ();
  if (!g_file_load_contents (file, NULL, &contents, &length, NULL, NULL))
    return 1;
  if (!studio_document_load_text (studio_window_get_document (before), contents, (gssize) length, file, NULL))
    return 1;
  studio_window_show_game (before);
  end = g_get_monotonic_time ();
  cpu = cpu_time () - cpu;
  spin_for (300);
  g_source_remove (tick);
  before_total = (end - start) / 1e6;
  before_stall = ticks.longest / 1e6;
  g_print ("%s: %.1f MB, %u games\n", argv[1], length / 1e6,
           studio_document_get_n_games (studio_window_get_document (before)));
  g_print ("open, before: first game shown %.2f s, all %.2f s (CPU %.2f s), main loop held %.2f s at most\n",
           before_total, before_total, cpu, before_stall);
  gtk_window_destroy (GTK_WINDOW (before));
  spin_for (500);

  /* After: studio_window_open_file(). */
  after = studio_window_new (NULL);
  document = studio_window_get_document (after);
  gtk_window_present (GTK_WINDOW (after));
  spin_for (1000);
  g_signal_connect (document, "notify::game", G_CALLBACK (game_cb), NULL);
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (after)), "after-paint", G_CALLBACK (frame_cb), NULL);
  ticks.last = g_get_monotonic_time ();
  ticks.longest = 0;
  tick = g_timeout_add (5, tick_cb, &ticks);
  start = g_get_monotonic_time ();
  cpu = cpu_time ();
  studio_window_open_file (after, file);
  while (studio_document_get_file (document) == NULL || studio_document_get_loading (document))
    g_main_context_iteration (NULL, TRUE);
  end = g_get_monotonic_time ();
  cpu = cpu_time () - cpu;
  spin_for (300);
  g_source_remove (tick);
  after_first = (first_shown - start) / 1e6;
  after_total = (end - start) / 1e6;
  after_stall = ticks.longest / 1e6;
  g_print ("open, after:  first game shown %.2f s, all %.2f s (CPU %.2f s), main loop held %.2f s at most, %u frames drawn\n",
           after_first, after_total, cpu, after_stall, frames);

  /* Save, before: the text on the main thread (then the write). */
  {
    GPtrArray *games = g_ptr_array_new ();
    g_autoptr(GBytes) bytes = NULL;

    for (guint i = 0; i < studio_document_get_n_games (document); i++)
      g_ptr_array_add (games, studio_document_get_game_at (document, i));
    start = g_get_monotonic_time ();
    cpu = cpu_time ();
    bytes = cheops_pgn_write_games_to_bytes (games);
    end = g_get_monotonic_time ();
    cpu = cpu_time () - cpu;
    g_ptr_array_unref (games);
    g_print ("save, before: text made on the main thread in %.2f s (CPU %.2f s; the main loop held that long)\n",
             (end - start) / 1e6, cpu);
  }

  /* Save, after. */
  ticks.last = g_get_monotonic_time ();
  ticks.longest = 0;
  tick = g_timeout_add (5, tick_cb, &ticks);
  start = g_get_monotonic_time ();
  cpu = cpu_time ();
  studio_document_save_async (document, out, NULL, save_cb, NULL);
  while (!saved)
    g_main_context_iteration (NULL, TRUE);
  end = g_get_monotonic_time ();
  cpu = cpu_time () - cpu;
  g_source_remove (tick);
  g_print ("save, after:  written in %.2f s (CPU %.2f s), main loop held %.2f s at most\n",
           (end - start) / 1e6, cpu, ticks.longest / 1e6);

  g_remove (out_path);
  gtk_window_destroy (GTK_WINDOW (after));
  return 0;
}
