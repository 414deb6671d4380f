/* tune-main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cheops-tune: Texel's tuning of the engine's static evaluation of one
 * variant (tune.h, README.md "Tuning").
 *
 *   cheops-tune [-variant NAME] [-skip PLIES] [-sample P] [-seed N]
 *               [-passes N] [-time SECONDS] FILE.pgn...
 *
 * reads the games (PGN of `cheops match -pgnout`), keeps the quiet
 * positions from ply PLIES (default 8) of each record on, each with
 * probability P (default 1), fits K, then runs passes of the local search
 * until none changes a value with every step at 1, or N passes (default
 * 1000), or SECONDS (default 600) have gone; prints the error after each
 * pass on standard error and the tuned values, as C, on standard output.
 * Exit 1 on an unreadable file or a variant without tunable values, 2 on
 * bad usage.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cheops-core.h"
#include "engine-variant.h"
#include "tune.h"

static void
usage (void)
{
  fprintf (stderr, "Usage: cheops-tune [-variant NAME] [-skip PLIES] [-sample P] [-seed N] [-passes N] [-time SECONDS] FILE.pgn...\n");
  exit (2);
}

int
main (int argc, char **argv)
{
  const char *variant_name = "cheops";
  int skip = 8, passes = 1000, first_file = -1;
  double sample = 1.0, time_limit = 600.0;
  guint32 seed = 1;
  const CheopsVariant *variant;
  const EngineVariant *ev;
  TuneSet *set;
  g_autoptr(GRand) rand = NULL;
  g_autofree int *steps = NULL;
  g_autofree int *before = NULL;
  double k, error;
  gint64 t0;
  guint games = 0, bad = 0;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (a[0] != '-')
        {
          first_file = i;
          break;
        }
      if (i + 1 >= argc)
        usage ();
      if (strcmp (a, "-variant") == 0)
        variant_name = argv[++i];
      else if (strcmp (a, "-skip") == 0)
        skip = atoi (argv[++i]);
      else if (strcmp (a, "-sample") == 0)
        sample = g_ascii_strtod (argv[++i], NULL);
      else if (strcmp (a, "-seed") == 0)
        seed = (guint32) strtoul (argv[++i], NULL, 10);
      else if (strcmp (a, "-passes") == 0)
        passes = atoi (argv[++i]);
      else if (strcmp (a, "-time") == 0)
        time_limit = g_ascii_strtod (argv[++i], NULL);
      else
        usage ();
    }
  if (first_file < 0)
    usage ();
  variant = cheops_variant_find (variant_name);
  if (variant == NULL)
    usage ();
  engine_variants_init ();
  ev = engine_variant_of (variant);
  if (ev == NULL || ev->n_params == 0)
    {
      fprintf (stderr, "cheops-tune: %s has no tunable values\n", variant_name);
      return 1;
    }

  t0 = g_get_monotonic_time ();
  rand = g_rand_new_with_seed (seed);
  set = tune_set_new (ev);
  for (int i = first_file; i < argc; i++)
    {
      g_autofree char *text = NULL;
      g_autoptr(GError) error_io = NULL;

      if (!g_file_get_contents (argv[i], &text, NULL, &error_io))
        {
          fprintf (stderr, "cheops-tune: %s\n", error_io->message);
          return 1;
        }
      games += tune_set_add_pgn (set, text, skip, sample, rand, &bad);
    }
  k = tune_fit_k (set);
  error = tune_error (set, k);
  fprintf (stderr, "%u games (%u with a bad move), %u quiet positions, %.1f s; K = %.4f, error %.6f\n",
           games, bad, tune_set_size (set), (g_get_monotonic_time () - t0) / 1e6, k, error);

  steps = g_new (int, ev->n_params);
  before = g_new (int, ev->n_params);
  for (int i = 0; i < ev->n_params; i++)
    before[i] = *ev->params[i].value;
  tune_initial_steps (ev, steps);
  for (int pass = 1; pass <= passes; pass++)
    {
      int changed = tune_local_pass (set, k, steps, &error);
      bool all_one = true;

      for (int i = 0; i < ev->n_params; i++)
        all_one = all_one && steps[i] == 1;
      fprintf (stderr, "pass %d: %d changed, error %.6f, %.1f s\n", pass, changed, error,
               (g_get_monotonic_time () - t0) / 1e6);
      if (changed == 0 && all_one)
        break;
      if ((g_get_monotonic_time () - t0) / 1e6 > time_limit)
        {
          fprintf (stderr, "time limit reached\n");
          break;
        }
    }

  printf ("/* cheops-tune -variant %s: %u positions, K = %.4f, error %.6f */\n",
          variant_name, tune_set_size (set), k, error);
  for (int i = 0; i < ev->n_params; i++)
    printf ("%-24s = %5d;   /* was %d */\n", ev->params[i].name, *ev->params[i].value, before[i]);
  tune_set_free (set);
  return 0;
}
