/* test-tune.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The tuner's arithmetic (src/engine/tune.h): the error on hand-made
 * positions, the fit of K, a pass of the local search and the reading of
 * a game record.
 */
#include <math.h>
#include <glib.h>

#include "cheops-core.h"
#include "cheops-notation.h"
#include "engine-variant.h"
#include "tune.h"

static const char *const fens[] = {
  "1/q2/5/7/9/1P7pp/APP1P6pa/M1Q1PS3pp2sm/AKMS1PP2pApasmka q 3 6",
  "1/3/5/1S5/9/PP7pp/APP1P4p1pa/M3P1aPp1p2km/AKM8p2m1a q 0 19",
  "1/3/5/6p/4Pa3/PSP4p2p/APQ6sps1/M4S3p1aq1m/AKM4PP2p2mk1 q 0 20",
};

static TuneSet *
hand_set (const EngineVariant *ev, const double *results_a, CheopsPosition *pos)
{
  TuneSet *set = tune_set_new (ev);

  for (int i = 0; i < 3; i++)
    {
      g_assert_true (cheops_position_from_fen (&pos[i], &cheops_variant_cheops, fens[i], NULL));
      tune_set_add (set, &pos[i], results_a[i]);
    }
  return set;
}

static void
test_error (void)
{
  const EngineVariant *ev = &engine_variant_cheops;
  const double results_a[3] = { 1.0, 0.5, 0.0 };
  CheopsPosition pos[3];
  TuneSet *set = hand_set (ev, results_a, pos);
  double k = 0.8, expected = 0.0;

  for (int i = 0; i < 3; i++)
    {
      int e = ev->evaluate (&pos[i]);
      /* The result for the side to move: these three have q to move. */
      double r = pos[i].side_to_move == CHEOPS_SIDE_A ? results_a[i] : 1.0 - results_a[i];
      double s = 1.0 / (1.0 + pow (10.0, -k * e / 400.0));
      g_assert_cmpint (pos[i].side_to_move, ==, CHEOPS_SIDE_B);
      expected += (r - s) * (r - s);
    }
  expected /= 3;
  g_assert_cmpuint (tune_set_size (set), ==, 3);
  g_assert_cmpfloat_with_epsilon (tune_error (set, k), expected, 1e-12);
  tune_set_free (set);
}

static void
test_fit_and_pass (void)
{
  const EngineVariant *ev = &engine_variant_cheops;
  /* Results against the evaluation's sign, so that its values are wrong. */
  double results_a[3];
  CheopsPosition pos[3];
  TuneSet *set;
  int *saved = g_new (int, ev->n_params);
  int *steps = g_new (int, ev->n_params);
  double k, error, before;

  for (int i = 0; i < 3; i++)
    {
      g_assert_true (cheops_position_from_fen (&pos[i], &cheops_variant_cheops, fens[i], NULL));
      results_a[i] = ev->evaluate (&pos[i]) > 0 ? 1.0 : 0.0;   /* q to move: good for q is bad for a */
    }
  /* K: each position won once and drawn once by the side the evaluation
   * favours, so that the best K is finite. */
  set = tune_set_new (ev);
  for (int i = 0; i < 3; i++)
    {
      tune_set_add (set, &pos[i], 1.0 - results_a[i]);
      tune_set_add (set, &pos[i], 0.5);
    }
  k = tune_fit_k (set);
  g_assert_cmpfloat (k, >, 0.05);
  g_assert_cmpfloat (k, <, 5.0);
  g_assert_cmpfloat (tune_error (set, k), <=, tune_error (set, k + 0.01) + 1e-15);
  g_assert_cmpfloat (tune_error (set, k), <=, tune_error (set, k - 0.01) + 1e-15);
  tune_set_free (set);

  /* A pass lowers the error of results the values get wrong. */
  set = hand_set (ev, results_a, pos);

  for (int i = 0; i < ev->n_params; i++)
    saved[i] = *ev->params[i].value;
  tune_initial_steps (ev, steps);
  before = error = tune_error (set, k);
  g_assert_cmpint (tune_local_pass (set, k, steps, &error), >, 0);
  g_assert_cmpfloat (error, <, before);
  g_assert_cmpfloat_with_epsilon (error, tune_error (set, k), 1e-12);
  for (int i = 0; i < ev->n_params; i++)
    {
      g_assert_cmpint (*ev->params[i].value, >=, ev->params[i].min);
      g_assert_cmpint (*ev->params[i].value, <=, ev->params[i].max);
      *ev->params[i].value = saved[i];
    }
  ev->init ();
  tune_set_free (set);
  g_free (saved);
  g_free (steps);
}

static void
test_pgn (void)
{
  const char *pgn =
    "[Event \"cheops match\"]\n[Variant \"Cheops\"]\n[Result \"0-1\"]\n"
    "[FEN \"1/3/5/7/9/1P6p1p/APP6a1p1/MSQ2PP3ppqsm/AKMSAPP3ppasmka q 3 3\"]\n\n"
    "3... Aj1 4. g1f2 i1 5. h3 g1 6. Ah1 gxf2 7. Qxf2 mm3 {a comment} 0-1\n\n"
    "[Event \"cheops match\"]\n[Variant \"TrigChess\"]\n[Result \"1-0\"]\n\n1. x 1-0\n";
  TuneSet *set = tune_set_new (&engine_variant_cheops);
  GRand *rand = g_rand_new_with_seed (1);
  guint bad = 0;

  g_assert_cmpuint (tune_set_add_pgn (set, pgn, 0, 1.0, rand, &bad), ==, 2);
  /* The TrigChess game's error is not this variant's. */
  g_assert_cmpuint (bad, ==, 0);
  /* At most one position before each of the Cheops game's 9 moves. */
  g_assert_cmpuint (tune_set_size (set), >, 0);
  g_assert_cmpuint (tune_set_size (set), <=, 9);
  tune_set_free (set);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  engine_variants_init ();
  g_test_add_func ("/tune/error", test_error);
  g_test_add_func ("/tune/fit-and-pass", test_fit_and_pass);
  g_test_add_func ("/tune/pgn", test_pgn);
  return g_test_run ();
}
