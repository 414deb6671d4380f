/* test-movepick.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The move picker (src/engine/movepick.c, linked directly) in every
 * variant, along random games (seeded): a staged picker
 * (movepick_init_staged(), issue 19) hands out exactly the moves of the
 * unstaged one (movepick_init(): every playable move, or the tactical ones
 * and the TT move), each once, whatever the TT move and killers (playable
 * or not); the TT move first when playable; in the full list every move of
 * a kind other than MOVE_QUIET before every quiet move but the TT move;
 * and where the variant generates the whole list after the TT move, in
 * the same order as unstaged.
 */
#include <glib.h>

#include "cheops-core.h"
#include "movepick.h"

static MovePicker picker;

/* The moves of @mp in order, into @out; returns their number. */
static int
drain (MovePicker *mp, CheopsMove *out, int *kinds)
{
  int n = 0, kind;
  CheopsMove m;

  while ((m = movepick_next (mp, &kind)) != CHEOPS_MOVE_NONE)
    {
      g_assert_cmpint (n, <, CHEOPS_MAX_MOVES);
      kinds[n] = kind;
      out[n++] = m;
    }
  return n;
}

static int
move_cmp (gconstpointer a, gconstpointer b)
{
  CheopsMove x = *(const CheopsMove *) a, y = *(const CheopsMove *) b;
  return x < y ? -1 : x > y;
}

static int cypher_tactical_checked;   /* positions where the above was compared */
static CheopsMove ref[CHEOPS_MAX_MOVES], got[CHEOPS_MAX_MOVES];
static int ref_kinds[CHEOPS_MAX_MOVES], got_kinds[CHEOPS_MAX_MOVES];

static void
check_position (const EngineVariant *ev, const CheopsPosition *pos, CheopsMove tt_move,
                const CheopsMove killers[2], const History *history, bool tactical_only)
{
  int n_ref, n_got;
  bool tt_playable = tt_move != CHEOPS_MOVE_NONE && cheops_position_is_playable (pos, tt_move);

  movepick_init (&picker, ev, pos, tt_playable ? tt_move : CHEOPS_MOVE_NONE, killers, history, tactical_only);
  n_ref = drain (&picker, ref, ref_kinds);
  movepick_init_staged (&picker, ev, pos, tt_move, killers, history, tactical_only);
  n_got = drain (&picker, got, got_kinds);

  g_assert_cmpint (n_got, ==, n_ref);
  /* Cypher chess lists the TT move in its place among its tactical moves
   * (generate_tactical's @also): the tactical picker hands out exactly
   * what it does with the whole list filtered, in the same order (so the
   * search's nodes are the same). */
  if (tactical_only && ev == &engine_variant_cypher)
    {
      static CheopsMove whole[CHEOPS_MAX_MOVES];
      static int whole_kinds[CHEOPS_MAX_MOVES];
      EngineVariant unfiltered = *ev;
      int n_whole;

      unfiltered.generate_tactical = NULL;
      movepick_init (&picker, &unfiltered, pos, tt_playable ? tt_move : CHEOPS_MOVE_NONE, killers, history, true);
      n_whole = drain (&picker, whole, whole_kinds);
      g_assert_cmpint (n_whole, ==, n_ref);
      for (int i = 0; i < n_ref; i++)
        g_assert_cmphex (whole[i], ==, ref[i]);
      cypher_tactical_checked++;
    }
  if (tt_playable)
    g_assert_cmphex (got[0], ==, tt_move);
  /* Every move of a kind other than MOVE_QUIET before the first quiet one
   * (the TT move aside). */
  if (!tactical_only)
    {
      bool quiet_seen = false;
      for (int i = tt_playable ? 1 : 0; i < n_got; i++)
        {
          if (got_kinds[i] == MOVE_QUIET)
            quiet_seen = true;
          else
            g_assert_false (quiet_seen);
        }
    }
  /* Each kind as the variant says. */
  for (int i = 0; i < n_got; i++)
    g_assert_cmpint (got_kinds[i], ==, ev->move_kind (pos, got[i]));
  /* The same order where the whole list follows the TT move. */
  if (tactical_only || ev->generate_tactical == NULL)
    for (int i = 0; i < n_got; i++)
      g_assert_cmphex (got[i], ==, ref[i]);
  /* The same moves, each once. */
  qsort (ref, n_ref, sizeof (CheopsMove), (GCompareFunc) move_cmp);
  qsort (got, n_got, sizeof (CheopsMove), (GCompareFunc) move_cmp);
  for (int i = 0; i < n_got; i++)
    {
      g_assert_cmphex (got[i], ==, ref[i]);
      if (i > 0)
        g_assert_cmphex (got[i], !=, got[i - 1]);
    }
}

static void
test_variant (gconstpointer data)
{
  const CheopsVariant *variant = cheops_variant_find (data);
  const EngineVariant *ev = engine_variant_of (variant);
  static CheopsMove list[CHEOPS_MAX_MOVES];
  static History history;
  GRand *rand = g_rand_new_with_seed (19);
  CheopsMove foreign = CHEOPS_MOVE_NONE;   /* a move of an earlier position */
  int positions = 0;

  g_assert_nonnull (ev);
  for (int game = 0; game < 12; game++)
    {
      CheopsPosition pos;

      cheops_position_init_start (&pos, variant);
      for (int ply = 0; ply < 60; ply++)
        {
          CheopsMove *end = cheops_generate_moves (&pos, list);
          int n = (int) (end - list);
          CheopsUndo undo;

          if (n == 0 || cheops_position_outcome (&pos) != CHEOPS_OUTCOME_NONE)
            break;
          /* A history with some weight (as a search leaves it). */
          for (int i = 0; i < n; i++)
            *history_of (&history, pos.side_to_move, list[i]) = (int16_t) g_rand_int_range (rand, -2000, 2000);
          for (int tactical = 0; tactical < 2; tactical++)
            {
              CheopsMove killers[2] = { list[g_rand_int_range (rand, 0, n)], foreign };
              check_position (ev, &pos, CHEOPS_MOVE_NONE, killers, &history, tactical);
              check_position (ev, &pos, list[g_rand_int_range (rand, 0, n)], killers, &history, tactical);
              check_position (ev, &pos, foreign, killers, &history, tactical);
              killers[1] = killers[0];
              check_position (ev, &pos, killers[0], killers, NULL, tactical);
            }
          positions++;
          foreign = list[g_rand_int_range (rand, 0, n)];
          cheops_position_do_move (&pos, foreign, &undo);
        }
    }
  g_assert_cmpint (positions, >, 100);
  if (ev == &engine_variant_cypher)
    g_assert_cmpint (cypher_tactical_checked, >, 1000);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  engine_variants_init ();
  g_test_add_data_func ("/engine/movepick/cheops", "cheops", test_variant);
  g_test_add_data_func ("/engine/movepick/trigchess", "trigchess", test_variant);
  g_test_add_data_func ("/engine/movepick/cypher", "cypher", test_variant);
  g_test_add_data_func ("/engine/movepick/pyramids", "pyramids", test_variant);
  return g_test_run ();
}
