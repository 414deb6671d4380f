/* bench-engine-client.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Benchmarks of the engine client (figures, not assertions):
 *  1. the UCI parser: typical `info` lines parsed per second;
 *  2. StudioEngine under a flood of 10 000 info lines per second from the
 *     fake engine: the share of one core the client spends, how many lines
 *     it handled, how many updates it published, and the longest gap
 *     between the ticks of a 16 ms timer at GTK's redraw priority (a
 *     stand-in for the frame clock: 16 ms means no frame was late);
 *  3. StudioEngine reading an unthrottled flood: lines handled per second.
 *
 * Run: meson test -C _build-release --benchmark --suite studio -v
 * (or _build-release/tests/studio/bench-engine-client with
 * STUDIO_FAKE_ENGINE set to the fake engine's path).
 */

#include <sys/resource.h>

#include <gio/gio.h>

#include "studio-engine.h"

/* G_PRIORITY_HIGH_IDLE + 20: GDK_PRIORITY_REDRAW, without linking GTK. */
#define REDRAW_PRIORITY (G_PRIORITY_HIGH_IDLE + 20)

static double
cpu_seconds (void)
{
  struct rusage ru;

  getrusage (RUSAGE_SELF, &ru);
  return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

static void
bench_parser (void)
{
  static const char *const lines[] = {
    "info depth 18 seldepth 27 multipv 1 score cp 34 nodes 2934812 nps 1203412 hashfull 312 tbhits 0 time 2438 "
    "pv d4e5 n4m5 c3d4 m3l4 e2f3 o2n3 d3e4 n3m4 e1f2 p1o2",
    "info depth 18 currmove e3f3 currmovenumber 7",
    "info depth 17 seldepth 22 multipv 2 score mate -4 upperbound nodes 1234 nps 5678 time 12 pv d4e5",
  };
  const guint n = 1000000;
  gint64 start = g_get_monotonic_time ();
  double secs;

  for (guint i = 0; i < n; i++)
    {
      CheopsUciMessage m;

      cheops_uci_parse_line (lines[i % G_N_ELEMENTS (lines)], &m);
      cheops_uci_message_clear (&m);
    }
  secs = (g_get_monotonic_time () - start) / 1e6;
  g_print ("parser: %u info lines in %.3f s = %.0f lines/s (%.2f us/line)\n", n, secs, n / secs, secs * 1e6 / n);
}

typedef struct {
  gint64 last_us;
  gint64 max_gap_us;
  guint  ticks;
  guint  late;       /* gaps over 20 ms: a frame 4 ms late */
  guint  updates;
} Probe;

static gboolean
probe_cb (gpointer data)
{
  Probe *p = data;
  gint64 now = g_get_monotonic_time ();

  if (p->last_us != 0)
    {
      p->ticks++;
      if (now - p->last_us > p->max_gap_us)
        p->max_gap_us = now - p->last_us;
      if (now - p->last_us > 20000)
        p->late++;
    }
  p->last_us = now;
  return G_SOURCE_CONTINUE;
}

static void
updated_cb (StudioEngine         *engine,
            StudioEngineAnalysis *analysis,
            Probe                *p)
{
  p->updates++;
}

static gboolean
quit_cb (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_REMOVE;
}

static void
run_flood (const char *fake,
           const char *rate,
           guint       seconds)
{
  const char *argv[] = { fake, "flood", rate, NULL };
  StudioEngine *engine = studio_engine_new (argv);
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  Probe probe = { 0 };
  gint64 wall_start, nodes_start;
  double cpu_start, wall, cpu;
  gint64 lines;
  guint probe_id;

  studio_engine_set_max_lines_per_second (engine, 0);
  g_signal_connect (engine, "analysis-updated", G_CALLBACK (updated_cb), &probe);
  studio_engine_analyze (engine, NULL, NULL, 1);
  while (studio_engine_get_state (engine) != STUDIO_ENGINE_STATE_ANALYSING)
    g_main_context_iteration (NULL, TRUE);
  /* Let it run a moment, then measure. */
  g_timeout_add (300, quit_cb, loop);
  g_main_loop_run (loop);

  nodes_start = studio_engine_get_analysis (engine)->nodes;
  probe.updates = 0;
  probe_id = g_timeout_add_full (REDRAW_PRIORITY, 16, probe_cb, &probe, NULL);
  wall_start = g_get_monotonic_time ();
  cpu_start = cpu_seconds ();
  g_timeout_add (seconds * 1000, quit_cb, loop);
  g_main_loop_run (loop);
  wall = (g_get_monotonic_time () - wall_start) / 1e6;
  cpu = cpu_seconds () - cpu_start;
  g_source_remove (probe_id);

  /* The fake counts a thousand nodes per line. */
  lines = (studio_engine_get_analysis (engine)->nodes - nodes_start) / 1000;
  if (studio_engine_get_state (engine) != STUDIO_ENGINE_STATE_ANALYSING)
    g_print ("flood %s: the engine left ANALYSING: %s\n", rate, studio_engine_get_last_error (engine));
  g_print ("flood %s lines/s: %.0f lines/s handled, client CPU %.1f %% of one core, "
           "%.1f updates/s published; 16 ms frames at redraw priority: longest gap %.2f ms, %u of %u over 20 ms\n",
           g_strcmp0 (rate, "0") == 0 ? "unthrottled" : rate,
           lines / wall, 100.0 * cpu / wall, probe.updates / wall, probe.max_gap_us / 1000.0, probe.late, probe.ticks);

  g_object_unref (engine);
  g_main_loop_unref (loop);
}

/* The same frame probe with no engine: the baseline. */
static void
run_idle (guint seconds)
{
  GMainLoop *loop = g_main_loop_new (NULL, FALSE);
  Probe probe = { 0 };
  guint probe_id = g_timeout_add_full (REDRAW_PRIORITY, 16, probe_cb, &probe, NULL);

  g_timeout_add (seconds * 1000, quit_cb, loop);
  g_main_loop_run (loop);
  g_source_remove (probe_id);
  g_print ("no engine (baseline): 16 ms frames at redraw priority: longest gap %.2f ms, %u of %u over 20 ms\n",
           probe.max_gap_us / 1000.0, probe.late, probe.ticks);
  g_main_loop_unref (loop);
}

int
main (int   argc,
      char *argv[])
{
  const char *fake = g_getenv ("STUDIO_FAKE_ENGINE");

  bench_parser ();
  if (fake == NULL)
    {
      g_printerr ("STUDIO_FAKE_ENGINE is not set: skipping the client benchmarks\n");
      return 0;
    }
  run_idle (3);
  run_flood (fake, "10000", 3);
  run_flood (fake, "0", 3);
  return 0;
}
