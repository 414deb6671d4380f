/* bench-move-list.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Benchmark (reports, asserts nothing): the move list before issue 14
 * (old-move-tree-view.c: rebuilt in full on every change) and now
 * (src/studio/studio-move-tree-view.c: updated in place), side by side in
 * one run, for games of 1000 and 10 000 plies (the main line alone), 1000
 * plies with a variation at every ply, and a variation nested 10 000 deep.
 * For each: open (the document set, until the frame that shows it is
 * painted), play one move at the end of the line (until painted; the mean
 * of 5), navigate one move back (until painted; the mean of 20).  Wall time
 * and the process's CPU time (the machine may be shared).  Needs a display:
 * run under xvfb-run, from a release build:
 *
 *   meson setup _build-release --buildtype=release
 *   ninja -C _build-release benchmarks/studio/bench-move-list
 *   xvfb-run -a -s "-screen 0 1400x1000x24" _build-release/benchmarks/studio/bench-move-list [--limit S]
 *
 * Each case runs in a child process, stopped after S seconds (default 120):
 * the old list takes minutes on the largest games, and showed nothing after
 * 35 s on a 10 000-deep one.
 */
#include <adwaita.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "../../tests/studio/long-game.h"
#include "old-move-tree-view.h"
#include "studio-document.h"
#include "studio-move-tree-view.h"

typedef struct {
  double wall, cpu;   /* seconds */
} Cost;

static double
cpu_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void
after_paint_cb (GdkFrameClock *clock,
                gboolean      *painted)
{
  *painted = TRUE;
}

/* Runs the main loop until @widget's window has painted a frame after
 * this call (and what was pending before it ran). */
static void
wait_painted (GtkWidget *widget)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean painted = FALSE;
  gulong id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &painted);

  gtk_widget_queue_draw (widget);
  while (!painted)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
}

typedef struct {
  const char   *name;
  guint         n_plies;
  LongGameShape shape;
} Case;

static void
set_document (GtkWidget      *view,
              gboolean        old,
              StudioDocument *document)
{
  if (old)
    studio_old_move_tree_view_set_document (STUDIO_OLD_MOVE_TREE_VIEW (view), document);
  else
    studio_move_tree_view_set_document (STUDIO_MOVE_TREE_VIEW (view), document);
}

/* The node that ends the line played on: the main line's end, or the
 * deepest variation's. */
static CheopsGameNode *
line_end (CheopsGame    *game,
          LongGameShape  shape)
{
  CheopsGameNode *node = cheops_game_get_root (game);

  while (cheops_game_node_get_first_child (node) != NULL)
    node = shape == LONG_GAME_NESTED
           ? cheops_game_node_get_child (node, cheops_game_node_get_n_children (node) - 1)
           : cheops_game_node_get_first_child (node);
  return node;
}

static void
run_case (const Case *c,
          gboolean    old,
          Cost       *open,
          Cost       *play,
          Cost       *back,
          Cost       *frame)
{
  g_autoptr(CheopsGame) game = long_game_new (c->n_plies, c->shape);
  g_autoptr(StudioDocument) document = studio_document_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = old ? studio_old_move_tree_view_new () : studio_move_tree_view_new ();
  CheopsGame *g;
  double w0, c0;

  gtk_window_set_default_size (GTK_WINDOW (window), 420, 900);
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (view))
    g_main_context_iteration (NULL, TRUE);
  wait_painted (view);

  studio_document_set_game (document, game);
  g = studio_document_get_game (document);
  studio_document_set_current (document, line_end (g, c->shape));

  w0 = g_get_monotonic_time () / 1e6;
  c0 = cpu_now ();
  set_document (view, old, document);
  wait_painted (view);
  open->wall = g_get_monotonic_time () / 1e6 - w0;
  open->cpu = cpu_now () - c0;

  play->wall = play->cpu = 0;
  for (int i = 0; i < 5; i++)
    {
      CheopsGameNode *end = line_end (g, c->shape);
      guint n_moves;
      const CheopsMove *moves = cheops_game_node_get_moves (end, &n_moves);
      CheopsGameNode *added;

      w0 = g_get_monotonic_time () / 1e6;
      c0 = cpu_now ();
      added = cheops_game_add_move (g, end, moves[0], NULL);
      studio_document_set_current (document, added);
      wait_painted (view);
      play->wall += (g_get_monotonic_time () / 1e6 - w0) / 5;
      play->cpu += (cpu_now () - c0) / 5;
    }

  back->wall = back->cpu = 0;
  for (int i = 0; i < 20; i++)
    {
      CheopsGameNode *current = studio_document_get_current (document);

      w0 = g_get_monotonic_time () / 1e6;
      c0 = cpu_now ();
      studio_document_set_current (document, cheops_game_node_get_parent (current));
      wait_painted (view);
      back->wall += (g_get_monotonic_time () / 1e6 - w0) / 20;
      back->cpu += (cpu_now () - c0) / 20;
    }

  /* A frame with nothing changed, for comparison. */
  w0 = g_get_monotonic_time () / 1e6;
  c0 = cpu_now ();
  for (int i = 0; i < 20; i++)
    wait_painted (view);
  frame->wall = (g_get_monotonic_time () / 1e6 - w0) / 20;
  frame->cpu = (cpu_now () - c0) / 20;

  set_document (view, old, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
print_cost (const char *what,
            const Cost *before,
            double      limit,
            const Cost *after)
{
  if (before != NULL && before->wall >= 0)
    g_print ("  %-16s %10.1f ms (cpu %8.1f) %10.1f ms (cpu %8.1f) %8.0f×\n", what,
             before->wall * 1e3, before->cpu * 1e3, after->wall * 1e3, after->cpu * 1e3,
             after->wall > 0 ? before->wall / after->wall : 0);
  else if (before != NULL)
    g_print ("  %-16s %8s %3.0f s %15s %10.1f ms (cpu %8.1f)\n", what, "over", limit, "",
             after->wall * 1e3, after->cpu * 1e3);
  else
    g_print ("  %-16s %10s    %15s %10.1f ms (cpu %8.1f)\n", what, "skipped", "",
             after->wall * 1e3, after->cpu * 1e3);
}

/* Runs one case in a child process (so that one too slow to wait for can
 * be stopped), with at most @limit seconds of wall time; the figures come
 * back through a pipe.  Returns FALSE when the child ran out of time. */
static gboolean
run_case_limited (const Case *c,
                  gboolean    old,
                  double      limit,
                  Cost        costs[4])
{
  int fds[2];
  pid_t pid;
  gsize got = 0;
  gint64 deadline = g_get_monotonic_time () + (gint64) (limit * G_USEC_PER_SEC);

  if (pipe (fds) != 0)
    g_error ("pipe: %s", g_strerror (errno));
  pid = fork ();
  if (pid < 0)
    g_error ("fork: %s", g_strerror (errno));
  if (pid == 0)
    {
      close (fds[0]);
      gtk_init ();
      adw_init ();
      run_case (c, old, &costs[0], &costs[1], &costs[2], &costs[3]);
      if (write (fds[1], costs, 4 * sizeof (Cost)) != (ssize_t) (4 * sizeof (Cost)))
        _exit (1);
      _exit (0);
    }
  close (fds[1]);
  while (got < 4 * sizeof (Cost))
    {
      struct pollfd p = { fds[0], POLLIN, 0 };
      int wait_ms = (int) ((deadline - g_get_monotonic_time ()) / 1000);
      ssize_t n;

      if (wait_ms <= 0 || poll (&p, 1, wait_ms) <= 0)
        break;
      n = read (fds[0], (char *) costs + got, 4 * sizeof (Cost) - got);
      if (n <= 0)
        break;
      got += (gsize) n;
    }
  close (fds[0]);
  if (got < 4 * sizeof (Cost))
    kill (pid, SIGKILL);
  waitpid (pid, NULL, 0);
  return got == 4 * sizeof (Cost);
}

int
main (int   argc,
      char *argv[])
{
  static const Case cases[] = {
    { "1000 plies", 1000, LONG_GAME_MAINLINE },
    { "1000 plies, a variation at every ply", 1000, LONG_GAME_VARIATIONS },
    { "10 000 plies", 10000, LONG_GAME_MAINLINE },
    { "10 000 plies, a variation at every ply", 10000, LONG_GAME_VARIATIONS },
    { "a variation nested 10 000 deep", 10000, LONG_GAME_NESTED },
  };
  double limit = 120;

  if (argc > 2 && g_str_equal (argv[1], "--limit"))
    limit = g_ascii_strtod (argv[2], NULL);

  g_print ("The move list before (rebuilt in full) and after (updated in place), in a 420×900 window:\n"
           "wall time until the frame is painted, the process's cpu time in (); each case in its own\n"
           "process, stopped after %.0f s (--limit S)\n", limit);
  g_print ("  %-16s %28s %28s\n", "", "before", "after");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      Cost before[4], after[4];
      gboolean old_done = run_case_limited (&cases[i], TRUE, limit, before);

      if (!run_case_limited (&cases[i], FALSE, limit, after))
        g_error ("%s: the new list took over %.0f s", cases[i].name, limit);
      if (!old_done)
        for (int k = 0; k < 4; k++)
          before[k].wall = -1;
      g_print ("%s\n", cases[i].name);
      print_cost ("open", &before[0], limit, &after[0]);
      print_cost ("play one move", &before[1], limit, &after[1]);
      print_cost ("one move back", &before[2], limit, &after[2]);
      print_cost ("(a frame alone)", &before[3], limit, &after[3]);
    }

  return 0;
}
