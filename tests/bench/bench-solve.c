/* bench-solve.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The problem solver over one and two threads (issue 26): `bench-solve
 * EPD [ROUNDS]` solves every problem of EPD (data/suites/ascension.epd:
 * Cheops FENs with `dm N` and `id`) whose N is 3 or more, as #N and as
 * #N+1, and TrigChess's composed #3 of data/problems/trigchess.pgn (as
 * #3 and #4), with one thread and with two, alternately, ROUNDS times
 * (3 by default).  For each problem and thread count it prints the nodes,
 * the best wall-clock time and the best critical path (CheopsSolveResult
 * .span_seconds: processor time of the one-thread parts plus the busiest
 * thread's of the split parts, what an idle machine with a core per
 * thread takes), checks that the verdict and the keys are the same, and
 * ends with the totals and their ratios.  A benchmark: it asserts
 * nothing but the agreement of the two (exit status 1 otherwise).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <glib.h>

#include "cheops-notation.h"
#include "cheops-position.h"
#include "cheops-variant.h"
#include "solve.h"

typedef struct {
  char                 *name;
  const CheopsVariant  *variant;
  char                 *fen;
  int                   depth;
} Problem;

static double
process_cpu (void)
{
  struct rusage ru;

  getrusage (RUSAGE_SELF, &ru);
  return (double) ru.ru_utime.tv_sec + (double) ru.ru_utime.tv_usec * 1e-6
         + (double) ru.ru_stime.tv_sec + (double) ru.ru_stime.tv_usec * 1e-6;
}

int
main (int argc, char **argv)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GPtrArray) problems = g_ptr_array_new ();
  int rounds = argc > 2 ? atoi (argv[2]) : 3;
  double total_wall[2] = { 0, 0 }, total_span[2] = { 0, 0 };
  int status = 0;

  if (argc < 2 || !g_file_get_contents (argv[1], &text, NULL, NULL))
    {
      fprintf (stderr, "usage: bench-solve EPD [ROUNDS]\n");
      return 2;
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      const char *id;
      int dm = 0;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      fields = g_strsplit_set (lines[i], " ;", -1);
      for (guint f = 4; fields[f] != NULL; f++)
        if (g_str_equal (fields[f], "dm") && fields[f + 1] != NULL)
          dm = atoi (fields[f + 1]);
      id = strstr (lines[i], "id \"");
      if (dm < 3)
        continue;
      for (int extra = 0; extra <= 1; extra++)
        {
          Problem *p = g_new0 (Problem, 1);

          p->name = g_strdup_printf ("%.6s #%d", id != NULL ? id + 4 : "?", dm + extra);
          p->variant = &cheops_variant_cheops;
          p->fen = g_strjoin (" ", fields[0], fields[1], fields[2], fields[3], NULL);
          p->depth = dm + extra;
          g_ptr_array_add (problems, p);
        }
    }
  for (int extra = 0; extra <= 1; extra++)
    {
      Problem *p = g_new0 (Problem, 1);

      p->name = g_strdup_printf ("trig-3 #%d", 3 + extra);
      p->variant = &cheops_variant_trigchess;
      p->fen = g_strdup ("7/1D1S3/6K2/9/7/6k g 0 1");
      p->depth = 3 + extra;
      g_ptr_array_add (problems, p);
    }

  printf ("%-12s %10s %9s %9s %10s %9s %9s %6s %6s\n", "problem", "nodes 1", "wall 1", "span 1",
          "nodes 2", "wall 2", "span 2", "wall", "span");
  for (guint i = 0; i < problems->len; i++)
    {
      Problem *p = problems->pdata[i];
      CheopsPosition pos;
      CheopsError error;
      double wall[2] = { 1e9, 1e9 }, span[2] = { 1e9, 1e9 };
      int64_t nodes[2] = { 0, 0 };
      g_autofree char *keys[2] = { NULL, NULL };

      if (!cheops_position_from_fen (&pos, p->variant, p->fen, &error))
        {
          fprintf (stderr, "%s: bad FEN %s\n", p->name, p->fen);
          return 2;
        }
      for (int round = 0; round < rounds; round++)
        for (int t = 0; t < 2; t++)
          {
            CheopsSolveLimits limits = { .threads = t + 1 };
            double c0 = process_cpu ();
            CheopsSolveResult *r = cheops_solve (&pos, p->depth, CHEOPS_MOVE_NONE, &limits);

            if (getenv ("BENCH_SOLVE_VERBOSE") != NULL)
              fprintf (stderr, "%s %d threads: %" G_GINT64_FORMAT " nodes, wall %.3f, process cpu %.3f, solve cpu %.3f, span %.3f\n",
                       p->name, t + 1, r->nodes, r->seconds, process_cpu () - c0, r->cpu_seconds, r->span_seconds);
            GString *k = g_string_new (cheops_solve_verdict_name (r->verdict));

            for (int j = 0; j < r->n_keys; j++)
              g_string_append_printf (k, " %u", (unsigned) r->keys[j].move);
            if (keys[t] == NULL)
              keys[t] = g_string_free (k, FALSE);
            else
              g_string_free (k, TRUE);
            nodes[t] = r->nodes;
            if (r->seconds < wall[t])
              wall[t] = r->seconds;
            if (r->span_seconds < span[t])
              span[t] = r->span_seconds;
            cheops_solve_result_free (r);
          }
      if (strcmp (keys[0], keys[1]) != 0)
        {
          fprintf (stderr, "%s: one thread says %s, two say %s\n", p->name, keys[0], keys[1]);
          status = 1;
        }
      printf ("%-12s %10" G_GINT64_FORMAT " %9.3f %9.3f %10" G_GINT64_FORMAT " %9.3f %9.3f %6.2f %6.2f\n",
              p->name, nodes[0], wall[0], span[0], nodes[1], wall[1], span[1], wall[1] / wall[0], span[1] / span[0]);
      for (int t = 0; t < 2; t++)
        {
          total_wall[t] += wall[t];
          total_span[t] += span[t];
        }
    }
  printf ("%-12s %10s %9.3f %9.3f %10s %9.3f %9.3f %6.2f %6.2f\n", "total", "", total_wall[0], total_span[0], "",
          total_wall[1], total_span[1], total_wall[1] / total_wall[0], total_span[1] / total_span[0]);
  return status;
}
