/* test-tt.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The transposition table (src/engine/tt.c, linked directly): every
 * CheopsMove of every variant comes back whole (cheops-types.h: promotion
 * choices and part masks of Pyramids, drops and compound moves of Cypher
 * chess), with its score, evaluation, depth and bound; a key that differs
 * in a checked bit misses.
 */
#include <glib.h>

#include "tt.h"

static const uint64_t keys[] = {
  0x0123456789abcdefULL, 0xfedcba9876543210ULL, 0x8000000000000001ULL, 0x00000000000000ffULL,
  0x3fffffffffffffffULL, 0xdeadbeefcafef00dULL,
};

static void
check_round_trip (CheopsMove move, uint64_t key)
{
  TTData d;

  tt_store (key, -1234, 567, move, 9, BOUND_LOWER);
  g_assert_true (tt_probe (key, &d));
  g_assert_cmphex (d.move, ==, move);
  g_assert_cmpint (d.score, ==, -1234);
  g_assert_cmpint (d.eval, ==, 567);
  g_assert_cmpint (d.depth, ==, 9);
  g_assert_cmpint (d.bound, ==, BOUND_LOWER);
}

static void
test_moves_round_trip (void)
{
  const CheopsMove moves[] = {
    cheops_move_make (3, 12),                                   /* Cheops d1 to d2-ish: 14 bits */
    cheops_move_make (127, 127),
    cheops_move_make_promotion (37, 45, 4),                     /* TrigChess b5b6d-like */
    cheops_move_make_promotion (67, 76, 31),                    /* a 5-bit choice: Pyramids 4.4 */
    cheops_move_with_part (cheops_move_make (40, 49), 5),       /* part 31 of a stack: PY7 */
    cheops_move_with_part (cheops_move_make_promotion (70, 79, 17), 15),
    cheops_move_make_drop (6, 27),                              /* Cypher: a drop */
    cheops_move_make_compound (12, 28, 60, 44),                 /* Cypher: a compound move */
    cheops_move_make_compound (127, 127, 127, 127),             /* every payload bit */
  };

  g_assert_true (tt_resize (16));
  for (gsize i = 0; i < G_N_ELEMENTS (moves); i++)
    for (gsize k = 0; k < G_N_ELEMENTS (keys); k++)
      {
        tt_clear ();
        check_round_trip (moves[i], keys[k]);
      }
  /* All at once, each under its own key (in a cluster of its own: the top
   * bits choose it), with the other fields varied. */
  tt_clear ();
  for (gsize i = 0; i < G_N_ELEMENTS (moves); i++)
    tt_store (keys[0] ^ ((uint64_t) (i + 1) << 56), (int) i, -(int) i, moves[i], (int) i - 2, BOUND_EXACT);
  for (gsize i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      TTData d;
      g_assert_true (tt_probe (keys[0] ^ ((uint64_t) (i + 1) << 56), &d));
      g_assert_cmphex (d.move, ==, moves[i]);
      g_assert_cmpint (d.score, ==, (int) i);
      g_assert_cmpint (d.eval, ==, -(int) i);
      g_assert_cmpint (d.depth, ==, (int) i - 2);
      g_assert_cmpint (d.bound, ==, BOUND_EXACT);
    }
}

/* A store with no move keeps the entry's move, of any kind. */
static void
test_keep_move (void)
{
  CheopsMove move = cheops_move_make_compound (1, 2, 3, 4);
  TTData d;

  g_assert_true (tt_resize (16));
  tt_store (keys[1], 10, 20, move, 5, BOUND_UPPER);
  tt_store (keys[1], 11, 21, CHEOPS_MOVE_NONE, 6, BOUND_LOWER);
  g_assert_true (tt_probe (keys[1], &d));
  g_assert_cmphex (d.move, ==, move);
  g_assert_cmpint (d.score, ==, 11);
  g_assert_cmpint (d.depth, ==, 6);
}

/* The key check: in a 16 MB table a key differing in any one bit misses
 * (the low 50 bits are checked, the high ones choose the cluster). */
static void
test_key_check (void)
{
  g_assert_true (tt_resize (16));
  tt_clear ();
  tt_store (keys[0], 1, 2, cheops_move_with_part (cheops_move_make (9, 18), 3), 4, BOUND_EXACT);
  for (int bit = 0; bit < 64; bit++)
    {
      TTData d;
      g_assert_false (tt_probe (keys[0] ^ ((uint64_t) 1 << bit), &d));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tt/moves-round-trip", test_moves_round_trip);
  g_test_add_func ("/tt/keep-move", test_keep_move);
  g_test_add_func ("/tt/key-check", test_key_check);
  return g_test_run ();
}
