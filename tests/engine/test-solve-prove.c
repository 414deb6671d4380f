/* test-solve-prove.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The fast solver against the plain one (src/engine/solve.h,
 * CheopsSolveLimits.plain: no table, no ordering, no cut-off) on hundreds
 * of generated problems of every genre (#N, h#N, s#N, ser-#N) in every
 * game (issue 26): the positions are the composed problems' of
 * data/problems/ with 0 to 5 random plies played from them (a fixed seed,
 * so every run checks the same problems), with either side to move.  For
 * each problem the two must agree on the verdict, the keys, the tries' first
 * moves, the number of solutions and every solution line; for #N and s#N
 * the fast solver over two threads must give the same verdict, keys, tries,
 * defences and continuations as over one.  A problem whose
 * plain search passes its node limit is not counted; the test asks that
 * enough were compared in each game and genre.
 */
#include <string.h>

#include <glib.h>

#include "cheops-notation.h"
#include "cheops-position.h"
#include "solve.h"

static const struct {
  const CheopsVariant *variant;
  const char          *fen;
} seeds[] = {
  { &cheops_variant_cheops, "Q/K2/5/7/9/4k6/13/13M1/17 a 0 2" },
  { &cheops_variant_cheops, "Q/3/kK3/7/9/11/13/15/17 a 0 1" },
  { &cheops_variant_cheops, "1/K1Q/5/7/4k4/11/13/13M1/17 a 0 1" },
  { &cheops_variant_cheops, "1/3/3QK/4M2/9/11/13/15/5k11 a 0 1" },
  { &cheops_variant_trigchess, "7/7/9/D3K4/2kS3/7 g 0 1" },
  { &cheops_variant_trigchess, "7/7/2D6/4S4/6K/5k1 g 0 1" },
  { &cheops_variant_trigchess, "7/7/kS7/8D/7/1K5 g 0 1" },
  { &cheops_variant_trigchess, "7/1D1S3/6K2/9/7/6k g 0 1" },
  { &cheops_variant_cypher, "1k2Q5/R9/10/10/5s4/10/1S8/5K4/10/10/10 w - 0+0 - 0 1" },
  { &cheops_variant_cypher, "10/10/8K1/10/3R6/10/1Q2s5/10/10/1S8/3k6 w - 0+0 - 0 1" },
  { &cheops_variant_pyramids, "2(3.)6/9/6F1f/9/9/9/9/5(4.)3/9 w - 0 1" },
  { &cheops_variant_pyramids, "6f2/9/6F2/9/9/9/9/2(4.)5(4.)/9 w - 0 1" },
  /* The helpmates, selfmates and series-movers added in issue 26. */
  { &cheops_variant_cheops, "1/2q/2k2/5K1/7P1/11/13/15/17 a 0 1" },
  { &cheops_variant_cheops, "q/1k1/5/7/6M2/11/13/K14/17 a 0 1" },
  { &cheops_variant_cheops, "q/1k1/2K2/7/9/11/13/15/17 a 0 1" },
  { &cheops_variant_trigchess, "3GK2/3k3/9/9/7/7 g 0 1" },
  { &cheops_variant_trigchess, "7/7/1K7/k8/4S2/2d4 r 0 1" },
  { &cheops_variant_trigchess, "6K/1s2Pk1/9/9/7/7 g 0 1" },
  { &cheops_variant_trigchess, "5D1/5s1/4k2g1/9/p6/K6 g 0 1" },
  { &cheops_variant_trigchess, "5PK/3dgk1/9/9/5s1/7 g 0 1" },
  { &cheops_variant_cypher, "10/9s/10/10/3KN5/10/3S6/10/10/6k3/10 w - 0+0 - 0 1" },
  { &cheops_variant_cypher, "9s/10/2k1S2q2/10/10/2N7/10/10/10/8K1/10 w - 0+0 - 0 1" },
  { &cheops_variant_pyramids, "(.4)8/9/9/2(1.)6/f8/9/9/2(.1)6/F8 w - 0 1" },
  { &cheops_variant_pyramids, "(.4)8/9/6(.3)2/2(1.)6/f8/9/9/1(2.)(.1)6/F8 w - 0 1" },
};

/* The problems of one game compared, per genre. */
typedef struct {
  int compared[4];
  int threaded[4];   /* #N and s#N: two threads against one */
  int skipped[4];
  int verdicts[4][5];
} Tally;

static gboolean
same_result (const CheopsSolveResult *a, const CheopsSolveResult *b)
{
  if (a->verdict != b->verdict || a->n_keys != b->n_keys || a->n_tries != b->n_tries
      || a->n_solutions != b->n_solutions || a->n_stored != b->n_stored
      || a->mainline_is_key != b->mainline_is_key)
    return FALSE;
  for (int k = 0; k < a->n_keys; k++)
    if (a->keys[k].move != b->keys[k].move)
      return FALSE;
  for (int t = 0; t < a->n_tries; t++)
    if (a->tries[t].move != b->tries[t].move)
      return FALSE;
  if (a->n_stored > 0
      && memcmp (a->solutions, b->solutions, sizeof (CheopsMove) * (size_t) a->n_stored * (size_t) a->solution_plies) != 0)
    return FALSE;
  return TRUE;
}

/* Whether the keys' analyses of @a and @b are the same: every defence,
 * its outcome and its winning continuations, in order. */
static gboolean
same_defences (const CheopsSolveResult *a, const CheopsSolveResult *b)
{
  for (int k = 0; k < a->n_keys; k++)
    {
      const CheopsSolveKey *ka = &a->keys[k], *kb = &b->keys[k];

      if (ka->outcome != kb->outcome || ka->n_defences != kb->n_defences)
        return FALSE;
      for (int d = 0; d < ka->n_defences; d++)
        {
          const CheopsSolveDefence *da = &ka->defences[d], *db = &kb->defences[d];

          if (da->move != db->move || da->outcome != db->outcome || da->n_wins != db->n_wins
              || (da->n_wins > 0 && memcmp (da->wins, db->wins, sizeof (CheopsMove) * (size_t) da->n_wins) != 0))
            return FALSE;
        }
    }
  return TRUE;
}

static void
compare_one (const CheopsPosition *pos, CheopsSolveGenre genre, int depth, Tally *tally)
{
  CheopsMove first[CHEOPS_MAX_MOVES];
  int n = (int) (cheops_generate_moves (pos, first) - first);
  CheopsSolveProblem problem = { .genre = genre, .depth = depth };
  CheopsSolveLimits fast_limits = { .max_nodes = 200000 };
  CheopsSolveLimits plain_limits = { .max_nodes = 200000, .plain = true };
  CheopsSolveResult *fast, *plain;
  CheopsMove line[2 * CHEOPS_SOLVE_MAX_DEPTH];
  char fen[256];

  /* The file's solution: the first one the fast solver finds, else the
   * first move, so that every verdict occurs. */
  fast = cheops_solve_problem (pos, &problem, &fast_limits);
  g_assert_nonnull (fast);
  if (fast->n_stored > 0)
    {
      problem.n_line = fast->solution_plies;
      memcpy (line, fast->solutions, sizeof (CheopsMove) * (size_t) problem.n_line);
    }
  else if (fast->n_keys > 0)
    {
      problem.n_line = 1;
      line[0] = fast->keys[0].move;
    }
  else if (n > 0)
    {
      problem.n_line = 1;
      line[0] = first[0];
    }
  problem.line = line;
  cheops_solve_result_free (fast);

  fast = cheops_solve_problem (pos, &problem, &fast_limits);
  g_assert_nonnull (fast);
  plain = cheops_solve_problem (pos, &problem, &plain_limits);
  g_assert_nonnull (plain);
  cheops_position_to_fen (pos, fen, sizeof fen);
  if (fast->verdict == CHEOPS_SOLVE_UNDECIDED || plain->verdict == CHEOPS_SOLVE_UNDECIDED)
    tally->skipped[genre]++;
  else
    {
      if (!same_result (fast, plain))
        g_error ("%s %s%d: fast %s (%d keys, %" G_GINT64_FORMAT " solutions), plain %s (%d keys, %"
                 G_GINT64_FORMAT " solutions)", fen, cheops_solve_genre_sign (genre), depth,
                 cheops_solve_verdict_name (fast->verdict), fast->n_keys, fast->n_solutions,
                 cheops_solve_verdict_name (plain->verdict), plain->n_keys, plain->n_solutions);
      /* The plain search has no cut-off: it never plays fewer moves. */
      g_assert_cmpint (plain->nodes, >=, fast->nodes > 0 ? 1 : 0);
      tally->compared[genre]++;
      tally->verdicts[genre][fast->verdict]++;
      if (genre == CHEOPS_SOLVE_DIRECT)
        g_assert_cmpint (cheops_solve_wins_in (pos, depth, NULL, NULL), ==, fast->n_keys > 0 ? 1 : 0);
      /* #N and s#N over two threads (a shared table, the first moves and
       * their defences split): the same verdict, keys, tries' first moves,
       * defences and continuations. */
      if (genre == CHEOPS_SOLVE_DIRECT || genre == CHEOPS_SOLVE_SELF)
        {
          CheopsSolveLimits threaded_limits = { .max_nodes = 400000, .threads = 2 };
          CheopsSolveResult *threaded = cheops_solve_problem (pos, &problem, &threaded_limits);

          g_assert_nonnull (threaded);
          if (threaded->verdict != CHEOPS_SOLVE_UNDECIDED)
            {
              if (!same_result (fast, threaded) || !same_defences (fast, threaded))
                g_error ("%s %s%d: one thread %s (%d keys), two %s (%d keys)", fen, cheops_solve_genre_sign (genre),
                         depth, cheops_solve_verdict_name (fast->verdict), fast->n_keys,
                         cheops_solve_verdict_name (threaded->verdict), threaded->n_keys);
              tally->threaded[genre]++;
            }
          cheops_solve_result_free (threaded);
        }
    }
  cheops_solve_result_free (fast);
  cheops_solve_result_free (plain);
}

static void
test_game (gconstpointer data)
{
  const CheopsVariant *variant = data;
  GRand *rand = g_rand_new_with_seed (26);
  Tally tally = { 0 };
  int total = 0;

  for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
    {
      CheopsPosition seed;
      CheopsError error;

      if (seeds[s].variant != variant)
        continue;
      g_assert_true (cheops_position_from_fen (&seed, variant, seeds[s].fen, &error));
      for (int k = 0; k < 10; k++)
        {
          CheopsPosition pos = seed;
          int plies = k == 0 ? 0 : g_rand_int_range (rand, 1, 6);
          gboolean ok = TRUE;

          for (int p = 0; p < plies && ok; p++)
            {
              CheopsMove moves[CHEOPS_MAX_MOVES];
              int n = (int) (cheops_generate_moves (&pos, moves) - moves);
              CheopsUndo undo;

              if (n == 0)
                ok = FALSE;
              else
                {
                  cheops_position_do_move (&pos, moves[g_rand_int_range (rand, 0, n)], &undo);
                  ok = cheops_position_outcome (&pos) == CHEOPS_OUTCOME_NONE;
                }
            }
          if (!ok)
            continue;
          /* The plain search's tree grows as the moves' count to the
           * power of its plies: the longer problems only where the side
           * to move has few moves (h#2 and s#2 search 4 plies, ser-#3 5
           * with the passes). */
          for (int genre = CHEOPS_SOLVE_DIRECT; genre <= CHEOPS_SOLVE_SERIES; genre++)
            for (int depth = 1; depth <= (genre == CHEOPS_SOLVE_SERIES ? 3 : 2); depth++)
              if (depth == 1 || (genre == CHEOPS_SOLVE_DIRECT && depth == 2) || cheops_count_moves (&pos) <= 24)
                compare_one (&pos, (CheopsSolveGenre) genre, depth, &tally);
        }
    }
  for (int genre = 0; genre < 4; genre++)
    {
      g_test_message ("%s %s: %d compared (sound %d, cooked %d, no-solution %d, wrong-solution %d), %d skipped",
                      variant->name, cheops_solve_genre_sign (genre), tally.compared[genre],
                      tally.verdicts[genre][CHEOPS_SOLVE_SOUND], tally.verdicts[genre][CHEOPS_SOLVE_COOKED],
                      tally.verdicts[genre][CHEOPS_SOLVE_NO_SOLUTION], tally.verdicts[genre][CHEOPS_SOLVE_WRONG_SOLUTION],
                      tally.skipped[genre]);
      g_assert_cmpint (tally.compared[genre], >=, 12);
      if (genre == CHEOPS_SOLVE_DIRECT || genre == CHEOPS_SOLVE_SELF)
        g_assert_cmpint (tally.threaded[genre], ==, tally.compared[genre]);
      total += tally.compared[genre];
    }
  g_assert_cmpint (total, >=, 80);
  g_assert_cmpint (tally.skipped[0] + tally.skipped[1] + tally.skipped[2] + tally.skipped[3], <=, total / 10);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (int i = 0; cheops_variants[i] != NULL; i++)
    {
      g_autofree char *path = g_strdup_printf ("/solve/prove/%s", cheops_variants[i]->name);

      g_test_add_data_func (path, cheops_variants[i], test_game);
    }
  return g_test_run ();
}
