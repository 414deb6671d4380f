/* test-solve.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The problem solver (src/engine/solve.h) on composed problems of every
 * game, with their exact keys, defences, duals and the refutations of the
 * tries; each problem's answer is also reasoned by hand in the comment
 * above it (the same positions as data/problems/).  And its limits: a node
 * limit, a time limit and a cancel give "undecided", never a verdict.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "cheops-notation.h"
#include "cheops-position.h"
#include "solve.h"

static void
append_san (GString *out, const CheopsPosition *pos, CheopsMove move)
{
  char san[CHEOPS_SAN_MAX];

  cheops_move_to_san (pos, move, san);
  g_string_append (out, san);
}

/* The whole result as one line: "VERDICT keys K1 {D1: W, W; D2: W} K2 {}
 * | tries T1/R1 T2/R2" (a try's "/-" when it ends the game itself). */
static char *
describe (const CheopsPosition *start, const CheopsSolveResult *r, gboolean with_tries)
{
  GString *out = g_string_new (cheops_solve_verdict_name (r->verdict));

  g_string_append (out, " keys");
  for (int k = 0; k < r->n_keys; k++)
    {
      CheopsPosition after = *start;
      CheopsUndo undo;

      g_string_append_c (out, ' ');
      append_san (out, start, r->keys[k].move);
      cheops_position_do_move (&after, r->keys[k].move, &undo);
      g_string_append (out, " {");
      for (int d = 0; d < r->keys[k].n_defences; d++)
        {
          const CheopsSolveDefence *def = &r->keys[k].defences[d];
          CheopsPosition after2 = after;

          if (d > 0)
            g_string_append (out, "; ");
          append_san (out, &after, def->move);
          g_string_append (out, ":");
          cheops_position_do_move (&after2, def->move, &undo);
          if (def->outcome != CHEOPS_OUTCOME_NONE)
            g_string_append_printf (out, " %s", start->variant->outcomes[def->outcome].status);
          for (int w = 0; w < def->n_wins; w++)
            {
              g_string_append (out, w > 0 ? ", " : " ");
              append_san (out, &after2, def->wins[w]);
            }
        }
      g_string_append (out, "}");
    }
  if (with_tries)
    {
      g_string_append (out, " | tries");
      for (int t = 0; t < r->n_tries; t++)
        {
          CheopsPosition after = *start;
          CheopsUndo undo;

          g_string_append_c (out, ' ');
          append_san (out, start, r->tries[t].move);
          g_string_append_c (out, '/');
          cheops_position_do_move (&after, r->tries[t].move, &undo);
          if (r->tries[t].refutation != CHEOPS_MOVE_NONE)
            append_san (out, &after, r->tries[t].refutation);
          else
            g_string_append_c (out, '-');
        }
    }
  return g_string_free (out, FALSE);
}

/* Solves @fen (of @variant) for #@depth with the file's first move
 * @mainline (SAN, NULL: none) and checks the description; also that
 * cheops_solve_wins_in() agrees. */
static void
check (const CheopsVariant *variant, const char *fen, int depth, const char *mainline,
       gboolean with_tries, const char *want)
{
  CheopsPosition pos;
  CheopsError error;
  CheopsMove key = CHEOPS_MOVE_NONE;
  CheopsSolveResult *r;
  g_autofree char *got = NULL;
  int64_t nodes = 0;

  g_assert_true (cheops_position_from_fen (&pos, variant, fen, &error));
  if (mainline != NULL)
    {
      key = cheops_move_from_san (&pos, mainline, -1, &error);
      g_assert_cmpuint (key, !=, CHEOPS_MOVE_NONE);
    }
  r = cheops_solve (&pos, depth, key, NULL);
  g_assert_nonnull (r);
  got = describe (&pos, r, with_tries);
  g_assert_cmpstr (got, ==, want);
  g_assert_cmpint (r->depth, ==, depth);
  g_assert_cmpint (r->n_keys + r->n_tries, ==, r->n_first_moves);
  g_assert_null (r->stopped_by);
  g_assert_cmpint (r->nodes, >, 0);
  g_assert_cmpint (cheops_solve_wins_in (&pos, depth, NULL, &nodes), ==, r->n_keys > 0 ? 1 : 0);
  g_assert_cmpint (nodes, >, 0);
  cheops_solve_result_free (r);
}

/* Cheops (the Laws of Cheops; Ascension 8.1: at the end of its own move a
 * side has a Queen on the Apex i9 and the opponent's King in check).
 * Cells: column c (a = 0), level l; light when c + l is odd (2.4); level
 * l spans columns l-1 .. 17-l (2.3).
 *
 * C1, #1, sound: Q/K2/5/7/9/4k6/13/13M1/17 a 0 2 — a: Qi9, Kh8, Mo2;
 * q: Kh4.  The Queen already stands on the Apex, so a wins at once with
 * any move that leaves her there and ends with q's King in check.  Queen
 * moves leave the Apex.  The King on h8 neither reaches nor uncovers h4:
 * the Queen's bands from i9 run i8-h8-h7-g7-g6... and i8-j8-j7-k7-k6...
 * (3.2.2), neither through h4.  The Swordmaster on o2 moves along level 2
 * (b2..p2) and column o (o1, o3: column o has levels 1-3); it checks h4
 * only from level 4 or column h with the line open: of its cells only h2
 * is on column h, and h3 between is empty.  So 2. Mh2# is the one key.
 */
static void
test_cheops (void)
{
  const CheopsVariant *v = &cheops_variant_cheops;

  check (v, "Q/K2/5/7/9/4k6/13/13M1/17 a 0 2", 1, "Mh2", FALSE, "sound keys Mh2# {}");

  /* C2, #1, cooked: Q/3/kK3/7/9/11/13/15/17 a 0 1 — a: Qi9, Kh7; q: Kg7.
   * The band g7-h7-h8-i8-i9 (3.2.2: one column aside, one level up, in
   * turn) runs from q's King through a's King on h7 to the Queen: a King
   * move off that band uncovers the check, and the Queen stays on the
   * Apex.  a's King has three moves (`cheops moves`): i8 (on the band:
   * it still blocks), i6 and j7 (off it).  So Ki6# and Kj7# both win:
   * cooked; Ki8 fails ("/-": a win in one needs no refutation). */
  check (v, "Q/3/kK3/7/9/11/13/15/17 a 0 1", 1, "Ki6", TRUE,
         "cooked keys Ki6# {} Kj7# {} | tries Ki8/-");

  /* C3, #2, sound, no duals: 1/K1Q/5/7/4k4/11/13/13M1/17 a 0 1 — a: Kh8,
   * Qj8, Mo2; q: Ki5.  1. Qi9 (the band j8-i8-i9) takes the Apex without
   * check.  q has only its King; its nine moves (h4 i4 j4 g5 h5 j5 k5 h6
   * j6) stay on levels 4-6, off the Queen's bands.  a must then check with
   * the Queen staying on i9; the King on h8 cannot, so the Swordmaster
   * does: its cells are level 2 and o1, o3, none on levels 4-6, so it
   * checks only up a column, from the cell of level 2 in the King's
   * column (h2 for h4, h5, h6; i2; j2 for j4, j5, j6; g2; k2), each
   * column between empty: exactly one mate per defence, no dual.  The
   * try 1. Mi2+ (the Apex still empty) fails to 1... Kh4: no move then
   * both brings the Queen to i9 and checks h4. */
  check (v, "1/K1Q/5/7/4k4/11/13/13M1/17 a 0 1", 2, "Qi9", FALSE,
         "sound keys Qi9 {Kh4: Mh2#; Ki4: Mi2#; Kj4: Mj2#; Kg5: Mg2#; Kh5: Mh2#; Kj5: Mj2#; Kk5: Mk2#; "
         "Kh6: Mh2#; Kj6: Mj2#}");
  /* The same with the try, or nothing, as the file's solution. */
  check (v, "1/K1Q/5/7/4k4/11/13/13M1/17 a 0 1", 2, "Mi2", FALSE,
         "wrong-solution keys Qi9 {Kh4: Mh2#; Ki4: Mi2#; Kj4: Mj2#; Kg5: Mg2#; Kh5: Mh2#; Kj5: Mj2#; Kk5: Mk2#; "
         "Kh6: Mh2#; Kj6: Mj2#}");
  check (v, "1/K1Q/5/7/4k4/11/13/13M1/17 a 0 1", 2, NULL, FALSE,
         "wrong-solution keys Qi9 {Kh4: Mh2#; Ki4: Mi2#; Kj4: Mj2#; Kg5: Mg2#; Kh5: Mh2#; Kj5: Mj2#; Kk5: Mk2#; "
         "Kh6: Mh2#; Kj6: Mj2#}");

  /* C4, #2, sound with duals: 1/3/3QK/4M2/9/11/13/15/5k11 a 0 1 — a: Qj7,
   * Kk7, Mj6; q: Kf1.  1. Qi9 by the band j7-j8-i8-i9.  The Swordmaster
   * on j6 then checks along a level from column j (j1 for a King on level
   * 1, j2 for level 2: column j runs down to j1, the levels are empty
   * between) or down a column from level 6 (f6..l6: columns f, g, h only
   * for these Kings, column f having levels 1-6).  So after Kg1 both Mj1
   * and Mg6 mate (a dual), after Kh1 Mj1 and Mh6, after Kf2 Mj2 and Mf6,
   * after Kg2 Mj2 and Mg6; after Kd1, Ke1 and Ke2 only the level check
   * (columns d and e do not reach level 6). */
  check (v, "1/3/3QK/4M2/9/11/13/15/5k11 a 0 1", 2, "Qi9", FALSE,
         "sound keys Qi9 {Kd1: Mj1#; Ke1: Mj1#; Kg1: Mj1#, Mg6#; Kh1: Mj1#, Mh6#; Ke2: Mj2#; "
         "Kf2: Mj2#, Mf6#; Kg2: Mj2#, Mg6#}");

  /* C5, #1, no solution: 1/K1Q/5/7/9/4k6/13/15/17 a 0 1 — a: Kh8, Qj8;
   * q: Kh4.  Only the Queen may end on the Apex (5.1); 1. Qi9 puts her
   * there but nothing then checks h4 (her bands from i9 are blocked at h8
   * by her King or run j8-j7-k7-..., never to h4; the King is far), and
   * every other move leaves the Apex empty. */
  check (v, "1/K1Q/5/7/9/4k6/13/15/17 a 0 1", 1, NULL, FALSE, "no-solution keys");
}

/* Step and Circle TrigChess (shared/variants/trigchess.md: 3.2 the
 * neighbours, 3.3-3.6 the pieces; TR13: the side to move without a move
 * loses — checkmate in check, stalemate otherwise — so both win here).
 * Cell (f, r), a = 1: it points up when f + r is odd; an up trig's edge
 * neighbours are (0,-1), (0,+1), (-1,0), a down trig's (0,-1), (0,+1),
 * (+1,0) (Δrank, Δfile).  A Stag steps to an edge neighbour M, which must
 * be empty, and on to M's two far cells (3.6).
 *
 * T1, #2, sound: 7/7/9/D3K4/2kS3/7 g 0 1 — Gold: Da3, Ke3, Se2; Red: Kd2.
 * Red's King on d2 (down: c2, e2, d3) is short of d3, which Gold's King
 * on e3 (down: d3, f3, e4) attacks.  1. Sh2: the Stag on e2 (up) steps to
 * f2 and on to h2.  From h2 (down) it attacks e2 and f1 through g2.  So
 * Red's King has c2 only: 1... Kc2.  2. Sf1 (h2-g2-f1): from f1 (up) the
 * Stag attacks c1 and d2 through e1; the Dome on a3 runs a3-b3-b2 round
 * one corner (3.4), so it attacks b2.  The King on c2 (up: b2, d2, c1)
 * has no move and no piece attacks c2: stalemate, Gold wins.  Every other
 * first move fails: after the Dome's and the King's moves the Stag on e2
 * stays unguarded (Kf3 and Ke4 are not next to e2) and Red takes it, with
 * no win in one left to Gold; after 1. Sg3 Red plays Kc2 (the solver's
 * refutations, checked against the move lists). */
static void
test_trigchess (void)
{
  const CheopsVariant *v = &cheops_variant_trigchess;

  check (v, "7/7/9/D3K4/2kS3/7 g 0 1", 2, "Sh2", TRUE,
         "sound keys Sh2 {Kc2: Sf1} | tries Sg3/Kc2 Db2+/Kxe2 Db3+/Kxe2 Dc3+/Kxe2 Da4/Kxe2 Db4/Kxe2 "
         "Dc4/Kxe2 Kf3/Kxe2 Ke4/Kxe2");
  /* T5, #1, no solution: the same position.  A win in one needs Red
   * without a move, but after each of Gold's ten moves Red still has
   * Kxe2 or Kc2 (the refutations above are legal moves). */
  check (v, "7/7/9/D3K4/2kS3/7 g 0 1", 1, NULL, FALSE, "no-solution keys");

  /* T2, #2, sound with duals: 7/7/2D6/4S4/6K/5k1 g 0 1 — Gold: Dc4, Se3,
   * Kh2; Red: Kg1.  Red's King on g1 (down: f1, h1, g2) lacks g2, next to
   * Gold's King on h2 (down: g2, h3).  1. Dd3; 1... Kf1 2. De2# or 2. Df2#:
   * a dual.  1... Kh1 (up: its only edge neighbour is g1) 2. De2, 2. Df2
   * or 2. Kg2 (g2 is up: g1 is its neighbour) each take g1 without check:
   * stalemate three ways. */
  check (v, "7/7/2D6/4S4/6K/5k1 g 0 1", 2, "Dd3", FALSE,
         "sound keys Dd3 {Kf1: De2#, Df2#; Kh1: De2, Df2, Kg2}");

  /* T3, #2, cooked: 7/7/kS7/8D/7/1K5 g 0 1 — Gold: Sb4, Di3, Kc1; Red:
   * Ka4.  The King on a4 (up: b4, a3) has a3 and the Stag on b4.  The
   * Stag on b4 (down) cannot step to a4 (occupied); it goes through c4 to
   * e4 or d3, through b5 to c6.  1. Sd3: from d3 (up) it attacks a3 and b4
   * through c3, and not a4: stalemate at once, the cook.  The intended
   * 1. Sc6: from c6 (up) it attacks b4 through c5, so 1... Ka3 (a3 is
   * down: b3, a4); 2. Sd4 (c6-c5-d4): from d4 (down) it attacks a4 and b3
   * through c4: stalemate. */
  check (v, "7/7/kS7/8D/7/1K5 g 0 1", 2, "Sc6", FALSE, "cooked keys Sd3 {} Sc6 {Ka3: Sd4}");

  /* T4, #3, sound: 7/1D1S3/6K2/9/7/6k g 0 1 — Gold: Dc5, Se5, Kg4; Red:
   * Kh1.  The King in the corner h1 (up) has the one cell g1 (3.3).
   * 1. Sh5 (e5-f5-h5) Kg1 2. Si3 (h5-h4-i3): the King on g1 (down: f1,
   * h1, g2) now has f1 and h1 (g2 is attacked).  3. Sf3 (i3-h3-f3): from
   * f3 (up) the Stag attacks e1 and g1 through f2.  After 2... Kf1 (up: e1,
   * g1) and after 2... Kh1 (g1) Red has no move, not in check: stalemate. */
  check (v, "7/1D1S3/6K2/9/7/6k g 0 1", 3, "Sh5", FALSE, "sound keys Sh5 {Kg1: Si3}");
}

/* Cypher chess (shared/variants/cypher.md; 4.9: a Spy flips the enemy
 * King, and wins, when both stand on Court cells — row 0, row 10, column
 * z, column i — on one row, column or diagonal with every cell between
 * empty or holding a Spy outside the Court).
 *
 * Y1, #1, sound: 1k2Q5/R9/10/10/5s4/10/1S8/5K4/10/10/10 w — White: Qd10,
 * Rz9, Sa4, Ke3; Black: Ka10, Se6.  The Black King stands on the Court
 * (row 10).  The White Spy on a4 reaches the Court cells a0, e0, z3, z4,
 * z5, i4 and g10 (`cheops moves`).  Of these only a0 (column a, a1-a9
 * empty) and g10 (row 10) are in line with a10, and on row 10 the White
 * Queen on d10 stands between.  So 1. Sa0 flips; the solver finds no
 * other first move that wins (no checkmate; White's King is not next to
 * the Black Spy, so no King flip).
 * Y2, #1, cooked: 10/10/8K1/10/3R6/10/1Q2s5/10/10/1S8/3k6 w — the Black
 * King on c0 (row 0), the White Spy on a1: both a0 and z0 are on row 0
 * with nothing between them and c0: two flips. */
static void
test_cypher (void)
{
  const CheopsVariant *v = &cheops_variant_cypher;

  check (v, "1k2Q5/R9/10/10/5s4/10/1S8/5K4/10/10/10 w - 0+0 - 0 1", 1, "Sa0", FALSE, "sound keys Sa0# {}");
  check (v, "10/10/8K1/10/3R6/10/1Q2s5/10/10/1S8/3k6 w - 0+0 - 0 1", 1, "Sa0", FALSE,
         "cooked keys Sz0# {} Sa0# {}");
}

/* Pyramids (shared/variants/pyramids.md: the checker 4 slides along ranks
 * and files, the 3 along diagonals, 3.3; the faraon steps, 3.4; PY12
 * checkmate wins, a stalemate draws).
 *
 * P1, #1, sound: 2(3.)6/9/6F1f/9/9/9/9/5(4.)3/9 w — White: 3 on c9, F
 * g7, 4 on f2; Black: f i7.  White's checks are 4i2 (up the i-file) and
 * 3g5 (c9-g5, then g5-h6-i7).  After 1. 4i2 the faraon's squares h8, h7,
 * h6 are White's faraon's (g7 is next to each), i6 and i8 the 4's (i8
 * along the file once i7 is left): mate.  After 1. 3g5+ the faraon goes
 * to i8 (no White piece reaches it).  So 4i2 is the one key.
 * P2, #1, cooked: 6f2/9/6F2/9/9/9/9/2(4.)5(4.)/9 w — the faraon on g9 is
 * held on the back rank by White's faraon on g7 (f8, g8, h8); either 4
 * goes up to rank 9 (c2-c9 or i2-i9) and checks along it, f9 and h9 on
 * the same line: two mates. */
static void
test_pyramids (void)
{
  const CheopsVariant *v = &cheops_variant_pyramids;

  check (v, "2(3.)6/9/6F1f/9/9/9/9/5(4.)3/9 w - 0 1", 1, "4i2", FALSE, "sound keys 4i2# {}");
  check (v, "6f2/9/6F2/9/9/9/9/2(4.)5(4.)/9 w - 0 1", 1, "4c9", FALSE, "cooked keys 4c9# {} 4i9# {}");
}

/* h#, ser-#: solves @fen for @genre @depth with the file's line @line
 * (SAN moves separated by blanks, a series' without the passes; NULL:
 * none) and @intended solutions, and checks "VERDICT: LINE; LINE" (every
 * solution, the moves in SAN); the plain search (--prove) must agree. */
static void
check_lines (const CheopsVariant *variant, const char *fen, CheopsSolveGenre genre, int depth, int intended,
             const char *line, const char *want)
{
  CheopsPosition pos, at;
  CheopsError error;
  CheopsMove moves[2 * CHEOPS_SOLVE_MAX_DEPTH];
  CheopsSolveProblem problem = { .genre = genre, .depth = depth, .intended = intended, .line = moves };
  CheopsSolveLimits plain_limits = { .plain = true };
  CheopsSolveResult *r, *plain;
  GString *got;

  g_assert_true (cheops_position_from_fen (&pos, variant, fen, &error));
  at = pos;
  if (line != NULL)
    {
      g_auto(GStrv) sans = g_strsplit (line, " ", -1);

      for (int i = 0; sans[i] != NULL; i++)
        {
          CheopsUndo undo;

          moves[i] = cheops_move_from_san (&at, sans[i], -1, &error);
          g_assert_cmpuint (moves[i], !=, CHEOPS_MOVE_NONE);
          cheops_position_do_move (&at, moves[i], &undo);
          if (genre == CHEOPS_SOLVE_SERIES)
            cheops_position_do_null_move (&at, &undo);
          problem.n_line = i + 1;
        }
    }
  r = cheops_solve_problem (&pos, &problem, NULL);
  g_assert_nonnull (r);
  got = g_string_new (cheops_solve_verdict_name (r->verdict));
  g_string_append_c (got, ':');
  g_assert_cmpint (r->n_stored, ==, r->n_solutions);
  for (int i = 0; i < r->n_stored; i++)
    {
      CheopsPosition p = pos;

      g_string_append (got, i > 0 ? "; " : " ");
      for (int j = 0; j < r->solution_plies; j++)
        {
          CheopsMove m = r->solutions[i * r->solution_plies + j];
          CheopsUndo undo;

          if (j > 0)
            g_string_append_c (got, ' ');
          append_san (got, &p, m);
          cheops_position_do_move (&p, m, &undo);
          if (genre == CHEOPS_SOLVE_SERIES)
            cheops_position_do_null_move (&p, &undo);
        }
    }
  g_assert_cmpstr (got->str, ==, want);
  g_string_free (got, TRUE);
  plain = cheops_solve_problem (&pos, &problem, &plain_limits);
  g_assert_cmpint (plain->verdict, ==, r->verdict);
  g_assert_cmpint (plain->n_solutions, ==, r->n_solutions);
  g_assert_cmpmem (plain->solutions, sizeof (CheopsMove) * (size_t) plain->n_stored * (size_t) plain->solution_plies,
                   r->solutions, sizeof (CheopsMove) * (size_t) r->n_stored * (size_t) r->solution_plies);
  cheops_solve_result_free (plain);
  cheops_solve_result_free (r);
}

/* Pyramids, helpmates and series-movers (shared/variants/pyramids.md:
 * the checker 4 slides along ranks and files, 3.3; the faraon steps, 3.4,
 * and never stands next to the other faraon, so it never gives check;
 * PY12: checkmate wins).  "-": no faraon has its right (4.3).
 *
 * PH1, h#1, sound: f8/2F6/9/9/9/9/9/9/7(4.)1 b — Black: f a9; White: F c8,
 * 4 h1.  The faraon on a9 has a8, b8 and b9, and c8's faraon holds b8 and
 * b9: 1... Fa8 is Black's only move.  From a8 it has a7, b7, b8, a9, b9;
 * b7, b8, b9 are next to c8, so White mates by a check that also holds a7
 * and a9: along the a-file (h1-a1 along rank 1, a2..a7 empty: it holds a7
 * and, beyond the faraon, a9).  Along rank 8 the faraon on c8 is in the
 * way, and no other line reaches a8.  One solution: 1... Fa8 2. 4a1#.
 * The same with the file's line 1... Fa8 2. 4h8 (no solution's start):
 * wrong-solution.
 * PH2, h#1, cooked: the same with a second 4 on h2: 2. 4a2# too (the a-file
 * from a2 holds a7 and a9 the same way); two 4s never merge (a shared
 * size, 3.3).  Two solutions, one intended.  With [Solutions "2"]: sound.
 * PH3, h#1, no solution: PH1 with White to move.  Black's only piece is
 * its faraon, which never gives check: Black cannot win.
 *
 * PS1, ser-#2, sound: f8/9/3F5/9/9/9/9/9/7(4.)1 w — White: F d7, 4 h1;
 * Black: f a9 (flights a8, b8, b9).  Only the 4 can check: along the
 * a-file (holding a8) or rank 9 (holding b9).  With the faraon on d7
 * (next to none of a8, b8, b9) one check never suffices, so the series
 * is a faraon move and then the check (a 4 move first either checks, not
 * allowed, or leaves the faraon on d7).  Of the faraon's steps only c8
 * reaches b8 and b9 together (c7 holds b8 only; the rest none); then
 * 2. 4a1 holds a8 and mates, while 2. 4h9 would leave a8.  One solution:
 * 1. Fc8 2. 4a1#.  With the file's line 1. Fc7: wrong-solution.
 * PS2, ser-#1, no solution: the same position: no single White move mates
 * (the faraon on d7 holds no flight, a 4 check holds one of the three).
 * PS3, ser-#2, cooked: f8/9/2F6/9/9/9/9/9/6(4.)2 w — White: F c7, 4 g1.
 * Now 1. Fb7 (holding a8 and b8) 2. 4g9# (g1-g9 up the g-file, then the
 * rank 9 check holds b9) mates too, beside 1. Fc8 2. 4a1# (g1-a1): two
 * solutions. */
static void
test_pyramids_lines (void)
{
  const CheopsVariant *v = &cheops_variant_pyramids;
  const char *ph1 = "f8/2F6/9/9/9/9/9/9/7(4.)1 b - 0 1";
  const char *ph2 = "f8/2F6/9/9/9/9/9/7(4.)1/7(4.)1 b - 0 1";
  const char *ps1 = "f8/9/3F5/9/9/9/9/9/7(4.)1 w - 0 1";

  check_lines (v, ph1, CHEOPS_SOLVE_HELP, 1, 0, "Fa8 4a1", "sound: Fa8 4a1#");
  check_lines (v, ph1, CHEOPS_SOLVE_HELP, 1, 0, "Fa8 4h8", "wrong-solution: Fa8 4a1#");
  check_lines (v, ph2, CHEOPS_SOLVE_HELP, 1, 0, "Fa8 4a1", "cooked: Fa8 4a1#; Fa8 4a2#");
  check_lines (v, ph2, CHEOPS_SOLVE_HELP, 1, 2, "Fa8 4a1", "sound: Fa8 4a1#; Fa8 4a2#");
  /* Three intended, two found: the file's claim is wrong. */
  check_lines (v, ph2, CHEOPS_SOLVE_HELP, 1, 3, "Fa8 4a1", "wrong-solution: Fa8 4a1#; Fa8 4a2#");
  check_lines (v, "f8/2F6/9/9/9/9/9/9/7(4.)1 w - 0 1", CHEOPS_SOLVE_HELP, 1, 0, NULL, "no-solution:");

  check_lines (v, ps1, CHEOPS_SOLVE_SERIES, 2, 0, "Fc8 4a1", "sound: Fc8 4a1#");
  check_lines (v, ps1, CHEOPS_SOLVE_SERIES, 2, 0, "Fc8", "sound: Fc8 4a1#");
  check_lines (v, ps1, CHEOPS_SOLVE_SERIES, 2, 0, "Fc7", "wrong-solution: Fc8 4a1#");
  check_lines (v, ps1, CHEOPS_SOLVE_SERIES, 1, 0, NULL, "no-solution:");
  check_lines (v, "f8/9/2F6/9/9/9/9/9/6(4.)2 w - 0 1", CHEOPS_SOLVE_SERIES, 2, 0, "Fc8 4a1",
               "cooked: Fb7 4g9#; Fc8 4a1#");
}

/* TrigChess, helpmates and series-movers (the cells and pieces as for
 * T1-T4 above; TR13: the side to move without a move loses).
 *
 * TH1, h#1, sound: T1's position with Red to move, 7/7/9/D3K4/2kS3/7 r —
 * Red's King on d2 has c2 and the Stag on e2 (d3 is held by Gold's King,
 * T1).  After 1... Kc2 (up: b2, d2, c1) the Dome's a3-b3-b2 (T1) checks
 * it from b2 and takes b2; d2 and c1 are the Stag's on e2 (its far cells
 * through d1 ... checked against `cheops moves`); after 1... Kxe2 Gold has
 * no win at once (the solver's lists).  One line: 1... Kc2 2. Db2#.
 * TH2, h#1, sound: T2's position with Red to move, 7/7/2D6/4S4/6K/5k1 r —
 * Red's King on g1 has f1 and h1 (g2 is next to Gold's King on h2, T2).
 * 1... Kh1 leaves it the one cell g1 (T2), which 2. Kg2 takes without
 * check (g2 is up: g1 is its neighbour): stalemate, Gold wins.  With the
 * Dome on c4 (not d3 as after T2's key) neither De2 nor Df2 exists, and
 * after 1... Kf1 Gold has no win at once (the solver's lists).
 * TH4, h#1, no solution: T1 with Gold to move: after each of Gold's ten
 * moves Red's lone King has no move that leaves Gold without one (the
 * solver's lists).
 * TS1, ser-#1, sound: T3's position, 7/7/kS7/8D/7/1K5 g: 1. Sd3 stalemates
 * at once (T3: the Stag on d3 holds a3 and b4).  T3's #2 keys were Sd3
 * and Sc6 only, and Sc6 lets Red reach a3: Sd3 is the one win in one.
 * TS2, ser-#2, cooked: the same position: a first move that neither
 * checks nor ends the game nor stands in the Stag's way to d3 (through
 * c4), then 2. Sd3 as in TS1 — nine lines: six Dome moves and the King's
 * three (their list checked against `cheops moves`).
 * TS3, ser-#1, no solution: T1's position: T5 shows no win in one. */
static void
test_trigchess_lines (void)
{
  const CheopsVariant *v = &cheops_variant_trigchess;

  check_lines (v, "7/7/9/D3K4/2kS3/7 r 0 1", CHEOPS_SOLVE_HELP, 1, 0, "Kc2 Db2", "sound: Kc2 Db2#");
  check_lines (v, "7/7/2D6/4S4/6K/5k1 r 0 1", CHEOPS_SOLVE_HELP, 1, 0, "Kh1 Kg2", "sound: Kh1 Kg2");
  check_lines (v, "7/7/2D6/4S4/6K/5k1 r 0 1", CHEOPS_SOLVE_HELP, 1, 0, "Kf1", "wrong-solution: Kh1 Kg2");
  check_lines (v, "7/7/9/D3K4/2kS3/7 g 0 1", CHEOPS_SOLVE_HELP, 1, 0, NULL, "no-solution:");
  check_lines (v, "7/7/kS7/8D/7/1K5 g 0 1", CHEOPS_SOLVE_SERIES, 1, 0, "Sd3", "sound: Sd3");
  check_lines (v, "7/7/kS7/8D/7/1K5 g 0 1", CHEOPS_SOLVE_SERIES, 2, 0, "Dh2 Sd3",
               "cooked: Dh2 Sd3; Dg3 Sd3; Dh3 Sd3; Dg4 Sd3; Dh4 Sd3; Di4 Sd3; Kb1 Sd3; Kd1 Sd3; Kc2 Sd3");
  check_lines (v, "7/7/9/D3K4/2kS3/7 g 0 1", CHEOPS_SOLVE_SERIES, 1, 0, NULL, "no-solution:");
}

/* Cypher chess, series-movers: a ser-#1 is a #1 (one move, which must
 * win at once), so Y1 and Y2 above decide them: Y1 sound (1. Sa0, the one
 * flip), Y2 cooked (a0 and z0). */
static void
test_cypher_lines (void)
{
  const CheopsVariant *v = &cheops_variant_cypher;

  check_lines (v, "1k2Q5/R9/10/10/5s4/10/1S8/5K4/10/10/10 w - 0+0 - 0 1", CHEOPS_SOLVE_SERIES, 1, 0, "Sa0",
               "sound: Sa0#");
  check_lines (v, "10/10/8K1/10/3R6/10/1Q2s5/10/10/1S8/3k6 w - 0+0 - 0 1", CHEOPS_SOLVE_SERIES, 1, 0, "Sa0",
               "cooked: Sz0#; Sa0#");
}

/* Cheops, series-movers (cells and bands as for C1-C5 above).
 * CS1, ser-#2, sound: C3's position, 1/K1Q/5/7/4k4/11/13/13M1/17 a — a:
 * Kh8, Qj8, Mo2; q: Ki5.  The Ascension needs the Queen on the Apex i9
 * and a check (8.1).  Only the Queen reaches i9 (j8-i8-i9, C3) and from
 * there she does not check i5 (C3); so the series is 1. Qi9 and a check
 * by the Swordmaster, which checks i5 only up column i from i2 (its cells
 * are level 2 and o1, o3; C3): 2. Mi2.  The other order, 1. Mi2+, checks
 * before the last move.  One solution.
 * CS2, ser-#1, cooked: C2's position: Ki6# and Kj7# (C2).
 * CS3, ser-#1, no solution: C3's position: no move both takes the Apex
 * and checks (C3's try 1. Mi2+ leaves the Apex empty). */
static void
test_cheops_lines (void)
{
  const CheopsVariant *v = &cheops_variant_cheops;

  check_lines (v, "1/K1Q/5/7/4k4/11/13/13M1/17 a 0 1", CHEOPS_SOLVE_SERIES, 2, 0, "Qi9 Mi2", "sound: Qi9 Mi2#");
  check_lines (v, "Q/3/kK3/7/9/11/13/15/17 a 0 1", CHEOPS_SOLVE_SERIES, 1, 0, "Ki6", "cooked: Ki6#; Kj7#");
  check_lines (v, "1/K1Q/5/7/4k4/11/13/13M1/17 a 0 1", CHEOPS_SOLVE_SERIES, 1, 0, NULL, "no-solution:");
}

/* s#N: solves @fen as a selfmate in @depth with the file's first move
 * @mainline (SAN, NULL: none) and checks describe()'s line (each key's
 * defences with the defender's win they end in, or the attacker's
 * continuations; with @with_tries the refutations); the plain search
 * (--prove) must agree on the verdict, the keys and the tries' moves. */
static void
check_self (const CheopsVariant *variant, const char *fen, int depth, const char *mainline,
            gboolean with_tries, const char *want)
{
  CheopsPosition pos;
  CheopsError error;
  CheopsMove line[1];
  CheopsSolveProblem problem = { .genre = CHEOPS_SOLVE_SELF, .depth = depth, .line = line };
  CheopsSolveLimits plain_limits = { .plain = true };
  CheopsSolveResult *r, *plain;
  g_autofree char *got = NULL;

  g_assert_true (cheops_position_from_fen (&pos, variant, fen, &error));
  if (mainline != NULL)
    {
      line[0] = cheops_move_from_san (&pos, mainline, -1, &error);
      g_assert_cmpuint (line[0], !=, CHEOPS_MOVE_NONE);
      problem.n_line = 1;
    }
  r = cheops_solve_problem (&pos, &problem, NULL);
  g_assert_nonnull (r);
  got = describe (&pos, r, with_tries);
  g_assert_cmpstr (got, ==, want);
  g_assert_cmpint (r->n_keys + r->n_tries, ==, r->n_first_moves);
  plain = cheops_solve_problem (&pos, &problem, &plain_limits);
  g_assert_nonnull (plain);
  g_assert_cmpint (plain->verdict, ==, r->verdict);
  g_assert_cmpint (plain->n_keys, ==, r->n_keys);
  g_assert_cmpint (plain->n_tries, ==, r->n_tries);
  for (int k = 0; k < r->n_keys; k++)
    g_assert_cmpuint (plain->keys[k].move, ==, r->keys[k].move);
  for (int t = 0; t < r->n_tries; t++)
    g_assert_cmpuint (plain->tries[t].move, ==, r->tries[t].move);
  cheops_solve_result_free (plain);
  cheops_solve_result_free (r);
}

/* Cheops, helpmates and selfmates (data/problems/cheops.pgn, games
 * 10-18; the Laws' articles as for C1-C5 above).  The Apex i9 has one
 * side-neighbour, the Gate i8 (2.5), so each of the Queen's two bands
 * from the Apex runs through the Gate: i9-i8-h8-h7-g7-g6-f6-f5-e5-... to
 * the left and i9-i8-j8-j7-k7-k6-l6-l5-m5-... to the right (3.2.2).  Two
 * Kings never stand next to each other (4.2.3), so a King never checks;
 * only a Queen may stand on the Apex (5.1).
 *
 * CH1, h#2, sound: 1/2q/2k2/5K1/7P1/11/13/15/17 a — a: Kk6, Pl5; q: Qj8,
 * Ki7.  a starts, q must ascend with its second move (8.1).  a's King on
 * k6 is in check from j8 (the right band j8-j7-k7-k6), so 1. Kj5 is a's
 * one move.  q's second move must end with its Queen on the Apex and a's
 * King attacked; only the Queen can attack it, so from i9 along a band:
 * a's King must stand on a band of the Apex.  It cannot be there already
 * when the Queen stands on i9 (4.2.3: it may not step onto an attacked
 * cell), so the Queen's second move is the one to i9, and a's second
 * move takes the King from j5 onto a band cell the Queen does not attack:
 * of j5's cells only k6 and l5 are on a band of the Apex, and l5 holds
 * a's own Pawn.  So q's first move must clear j8 from the band, leave k6
 * unattacked and keep the Gate in reach: 1... Qh8 (on the left band; the
 * Gate i8 itself would hold k6 along i8-j8-j7-k7-k6).  Then 2. Kk6 Qi9#:
 * the band i9-i8-j8-j7-k7-k6 is empty.  One solution (the solver's and the
 * plain search's lists agree).
 * CH2, h#2, cooked: CH1 without the Pawn: 2. Kl5 Qi9# too (l5 is on the
 * same band, k6 empty).  Two solutions.
 * CH3, h#2, wrong solution: CH1 with the file's line 1. Kj5 Qi9 — the
 * Queen on the Apex at once, after which no King move of a's reaches a
 * band cell that is not attacked.
 * CH4, h#2, no solution: CH1 with q to move.  Now a must ascend, and a
 * has no Queen (5.1, 8.1): there is no line at all.
 *
 * CS4, s#1, sound: q/1k1/5/7/6M2/11/13/K14/17 a — a: Kb2, Mk5; q: Qi9,
 * Ki8.  a must force q to ascend at once.  q's Queen stands on the Apex
 * already and cannot move (both its bands begin at the Gate, where its
 * own King stands); the King on the dark Gate has h8 and j8 by step, h7
 * and j7 by corner (3.1.3, 3.3.1), the Apex being barred to it (5.2).
 * Leaving the left band (to j8 or j7) opens i9-i8-h8-h7-g7-g6-f6-f5-e5-
 * e4-d4-d3-c3-c2-b2 to a's King: check with the Queen on the Apex, the
 * Ascension.  On h8 or h7 the King still blocks that band, and the right
 * band leads nowhere near b2.  So a must take h8 and h7 from the King:
 * 1. Mh5, the Swordmaster's only cell on column h (4.4.1: its level 5
 * crosses column h at h5), holds h6-h7-h8.  Then 1... Kj7# and 1... Kj8#
 * are q's only moves, both wins.  Every other first move leaves q a King
 * move to h7 or h8: 1. Mk7 (holding level 7, h7 and j7) leaves h8, and
 * 1... Kh8 alone refutes it, a try.
 * CS5, s#1, cooked: q/1k1/2K2/7/9/11/13/15/17 a — a: Ki7; q as in CS4.
 * 1. Kg7 stands on the left band; q's King may not step next to it (h8,
 * h7), so it goes to j7 or j8 and opens the left band to g7: the
 * Ascension.  1. Kk7 is the same on the right band (q's King to h7 or
 * h8).  Two keys.  (a's other moves, Kh6, Ki6, Kj6, leave the King off
 * both bands: q's King moves then check nothing.)
 * CS6, s#1, wrong solution: CS4 with the file's 1. Mk7 (refuted by 1...
 * Kh8, above).
 * CS7, s#1, no solution: CS4 with q to move.  q would have to make a
 * ascend, and a has no Queen.
 * CS8, ser-#2, wrong solution: CS1's position with the file's 1. Mi2+,
 * a check before the last move (ser-#: none before it may check). */
static void
test_cheops_help_self (void)
{
  const CheopsVariant *v = &cheops_variant_cheops;
  const char *ch1 = "1/2q/2k2/5K1/7P1/11/13/15/17 a 0 1";
  const char *cs4 = "q/1k1/5/7/6M2/11/13/K14/17 a 0 1";

  check_lines (v, ch1, CHEOPS_SOLVE_HELP, 2, 0, "Kj5 Qh8 Kk6 Qi9", "sound: Kj5 Qh8 Kk6 Qi9#");
  check_lines (v, "1/2q/2k2/5K1/9/11/13/15/17 a 0 1", CHEOPS_SOLVE_HELP, 2, 0, "Kj5 Qh8 Kk6 Qi9",
               "cooked: Kj5 Qh8 Kl5 Qi9#; Kj5 Qh8 Kk6 Qi9#");
  check_lines (v, ch1, CHEOPS_SOLVE_HELP, 2, 0, "Kj5 Qi9", "wrong-solution: Kj5 Qh8 Kk6 Qi9#");
  check_lines (v, "1/2q/2k2/5K1/7P1/11/13/15/17 q 0 1", CHEOPS_SOLVE_HELP, 2, 0, NULL, "no-solution:");

  check_self (v, cs4, 1, "Mh5", TRUE,
              "sound keys Mh5 {Kj7#: q ascension; Kj8#: q ascension} | tries Mk1/Kh7 Mk2/Kh7 Mk3/Kh7 Mk4/Kh7 Me5/Kh7 "
              "Mf5/Kh7 Mg5/Kh7 Mi5+/Kh7 Mj5/Kh7 Ml5/Kh7 Mm5/Kh7 Mk6/Kh7 Mk7/Kh8 Ka1/Kh8 Kb1/Kh8 Kc1/Kh8 Kc2/Kh8 Kd2/Kh8 Kc3/Kh8");
  check_self (v, "q/1k1/2K2/7/9/11/13/15/17 a 0 1", 1, "Kg7", FALSE,
              "cooked keys Kg7 {Kj7#: q ascension; Kj8#: q ascension} Kk7 {Kh7#: q ascension; Kh8#: q ascension}");
  check_self (v, cs4, 1, "Mk7", FALSE, "wrong-solution keys Mh5 {Kj7#: q ascension; Kj8#: q ascension}");
  check_self (v, "q/1k1/5/7/6M2/11/13/K14/17 q 0 1", 1, NULL, FALSE, "no-solution keys");

  check_lines (v, "1/K1Q/5/7/4k4/11/13/13M1/17 a 0 1", CHEOPS_SOLVE_SERIES, 2, 0, "Mi2",
               "wrong-solution: Qi9 Mi2#");
}

/* TrigChess, helpmates and selfmates (data/problems/trigchess.pgn, games
 * 14-23; the cells and pieces as for T1-T4 above; TR13: the side to move
 * without a move loses; 3.3: a King on the corner b1, h1, b6 or h6 has a
 * single cell).
 *
 * TH5, h#2, sound: 3GK2/3k3/9/9/7/7 g — Gold: Ge6, Kf6; Red: Ke5.  Gold
 * starts and Red must win with its second move, with its lone King: by
 * leaving Gold no move.  1. Kg6 (Gold's one King move; its other five
 * moves are the Gyro's) Kxe6 (the Gyro gone) 2. Kh6 (into the corner)
 * Kf6: f6 points down, so g6 is its edge neighbour (3.2) and Red's King
 * holds the corner King's only cell.  Gold, not in check, has no move:
 * stalemated, Red wins.  No other line: the solver's lists, and the plain
 * search's.
 * TH6, h#2, cooked: 7/7/1K7/k8/4S2/2d4 r — Red: Ka3, Dd1; Gold: Kb4, Sf2.
 * Red starts; Gold wins with its second move by leaving Red no move, so
 * Red's Dome must go: 1... Dc2 puts it where the Stag takes it, f2-e2-c2
 * (3.6: e2, the step between, is empty).  Red's King on a3 (down: a4, b3
 * its only edge neighbours on the board) then goes 2... Ka4 (up: b4 and
 * a3), and 3. Sxc2: from c2 (up) the Stag attacks a3 through b2, and b4
 * is held by Gold's King — on c4 (up: b4 its edge neighbour) or on b5 (up:
 * b4 its edge neighbour too), Gold's first move either way.  Red has no
 * move: two solutions, one intended.
 * TH7, h#2, wrong solution: TH5 with the file's 1. Gc4: the Gyro leaves
 * Red's King's reach, and TH5 has one solution, beginning 1. Kg6.
 * TH8, h#2, no solution: TH5 with Red to start: Gold cannot leave Red's
 * King without a move with its second move (the solver's and the plain
 * search's lists).
 *
 * TS4, s#2, sound: 6K/1s2Pk1/9/9/7/7 g — Gold: Kh6, Pf5; Red: Sc5, Kg5.
 * Gold's King on the corner h6 has the one cell g6.  1. f6=D+: the Pawn
 * steps forward to the promotion trig f6 (3.7, 4.4) and becomes a Dome,
 * which attacks the twelve trigs touching f6 (3.4), g5 among them: check.
 * Red's King (g5 points down: f5, h5, g6) may not take the Dome on f6 (not
 * its edge neighbour), f5 and g6 touch f6; its only move is 1... Kh5.
 * 2. Dg5+ (g5 touches f6) checks h5 again, and Red's only answer is 2...
 * Kxg5: Red's King on g5 now holds g6, the only cell of Gold's King, and
 * Gold has nothing else: stalemated, Red wins.  Gold's other first moves
 * (e5, f6=G, f6=S) check nothing and leave Red several moves; each is
 * refuted by 1... Sa4, the Stag's step away (the solver's refutations).
 * TS5, s#2, cooked: 5D1/5s1/4k2g1/9/p6/K6 g — Gold: Dg6, Kb1; Red: Sg5,
 * Ke4, Gh4, Pb2.  Gold's King on the corner b1 has the one cell c1, which
 * Red's Pawn on b2 attacks (3.7: a Red Pawn captures toward rank 1): once
 * the Dome is gone Gold has no move.  1. De5+ Ke3 (the only answer) 2.
 * De4+, and Red must take the Dome, Kxe4 or Sxe4: Red wins either way.
 * 1. Df5+ does the same after 1... Ke3 2. De4+, and 1... Gxf5 stalemates
 * Gold at once, in time.  Two keys.
 * TS6, s#2, wrong solution: TS4 with the file's 1. e5.
 * TS7, s#1, no solution: TS4's position: in one move Gold cannot force
 * Red to win at once — after 1. f6=D+ Kh5 Gold's Dome still moves, and
 * after each other first move Red has moves that leave Gold one.
 * TS8, ser-#1, wrong solution: TS1's position with the file's 1. Sc6 (T3:
 * it lets Red's King reach a3; only 1. Sd3 stalemates at once).
 * TS9, s#2, sound with a dual: 5PK/3dgk1/9/9/5s1/7 g — Gold: Kh6, Pg6;
 * Red: De5, Gf5, Kg5, Sg2.  g6 is no promotion trig (TR21), but a Pawn in
 * the opponent's half steps sideways (3.7): 1. f6=D+, the Dome on f6
 * checking g5 as in TS4.  Red has three answers (the list): 1... Dxf6#,
 * the Dome taken on f6 by Red's Dome, which then holds g6 (it touches f6)
 * and checks h6 ((0,+2): a point neighbour, 3.2): checkmate, Red wins at
 * once; 1... Gxf6, taken by the Gyro: g6 is held by Red's King on g5 and
 * Gold, not in check, is stalemated; 1... Kh5, and then two Dome checks
 * force Red to win: 2. Dg5+ Kxg5 (or Dxg5#), as in TS4, and 2. Dxf5+ (the
 * Gyro taken; f5 touches h5) Dxf5, Red's only answer, whose Dome on f5
 * holds g6 ((+1,+1): a point neighbour): stalemate.  A dual at Gold's
 * second move.  Gold's other first moves, f6=G and f6=S, check nothing
 * and are refuted by 1... Sd2, the Stag's step away. */
static void
test_trigchess_help_self (void)
{
  const CheopsVariant *v = &cheops_variant_trigchess;
  const char *th5 = "3GK2/3k3/9/9/7/7 g 0 1";
  const char *ts4 = "6K/1s2Pk1/9/9/7/7 g 0 1";

  check_lines (v, th5, CHEOPS_SOLVE_HELP, 2, 0, "Kg6 Kxe6 Kh6 Kf6", "sound: Kg6 Kxe6 Kh6 Kf6");
  check_lines (v, "7/7/1K7/k8/4S2/2d4 r 0 1", CHEOPS_SOLVE_HELP, 2, 0, "Dc2 Kc4 Ka4 Sxc2",
               "cooked: Dc2 Kc4 Ka4 Sxc2; Dc2 Kb5 Ka4 Sxc2");
  check_lines (v, th5, CHEOPS_SOLVE_HELP, 2, 0, "Gc4", "wrong-solution: Kg6 Kxe6 Kh6 Kf6");
  check_lines (v, "3GK2/3k3/9/9/7/7 r 0 1", CHEOPS_SOLVE_HELP, 2, 0, NULL, "no-solution:");

  check_self (v, ts4, 2, "f6=D+", TRUE, "sound keys f6=D+ {Kh5: Dg5+} | tries e5/Sa4 f6=G/Sa4 f6=S/Sa4");
  check_self (v, "5D1/5s1/4k2g1/9/p6/K6 g 0 1", 2, "De5+", FALSE,
              "cooked keys De5+ {Ke3: De4+} Df5+ {Gxf5: r stalemate; Ke3: De4+}");
  check_self (v, ts4, 2, "e5", FALSE, "wrong-solution keys f6=D+ {Kh5: Dg5+}");
  check_self (v, ts4, 1, NULL, FALSE, "no-solution keys");
  check_lines (v, "7/7/kS7/8D/7/1K5 g 0 1", CHEOPS_SOLVE_SERIES, 1, 0, "Sc6", "wrong-solution: Sd3");
  check_self (v, "5PK/3dgk1/9/9/5s1/7 g 0 1", 2, "f6=D+", TRUE,
              "sound keys f6=D+ {Dxf6#: r checkmate; Gxf6: r stalemate; Kh5: Dxf5+, Dg5+} | tries f6=G/Sd2 f6=S/Sd2");
}

/* Cypher chess, helpmates, selfmates and series-movers
 * (data/problems/cypher.pgn, games 5-14; the areas of 2.3: the Court is
 * row 0, row 10, column z and column i; 4.9: a King that ends its move
 * next to the enemy Spy flips it and wins unless both stand on Court
 * cells; a Spy may never stand next to a King, L2; a Spy flips a King
 * only when both stand on Court cells).
 *
 * YH3, h#1, sound: 10/9s/10/10/3KN5/10/3S6/10/10/6k3/10 w — White: Kc6,
 * Nd6, Sc4; Black: Kf1, Si9.  White starts, Black must win with its move.
 * White's King stays off the Court (its cells b5-d7), so Black's Spy
 * flips nothing; Black wins by a King flip: its King must end next to
 * White's Spy, which may not stand next to it, so the Spy must come to a
 * cell two from f1 (d0-d3, e3, f3, g3, h0-h3).  Of these the Spy on c4
 * reaches d3 only (its moves: `cheops moves`).  1. Sd3 Ke2#: e2 and d3 are
 * Field cells.  (From d3 the King's other cells next to the Spy, e3 and
 * e4, are two steps from f1.)  One solution.
 * YH4, h#1, cooked: 1S8/7k2/2K7/10/N9/10/10/4s5/6b3/10/10 w — White: Sa10,
 * Kb8, Nz6; Black: Kg9, Sd3, Bf2.  The Spy slides along row 10 to e10 or
 * to i10, each two cells from g9 (f10 and h10 would be next to the King,
 * L2); then Black's King steps from g9 to f9 or h9, a Field cell next to
 * the Spy on the Court: 1. Se10 Kf9# and 1. Si10 Kh9#, two solutions.
 * YH5, h#1, wrong solution: YH3 with the file's 1. Sc3 (three cells from
 * f1: the King cannot reach the Spy).
 * YH6, h#1, no solution: 10/10/10/10/1k8/10/6s3/10/3K1B4/10/3S6 w — White:
 * Kc2, Be2, Sc0; Black: Ka6, Sf4.  White's King cannot reach the Court
 * (its cells are on rows 1-3), so no Spy flip; for a King flip White's Spy
 * must come within two cells of a6, and from c0 it reaches z0-i0 along
 * row 0 and a2, z3 along its diagonal (c1, b1 and d1 are next to its own
 * King, L2, and its King and Bishop stand behind them): none is.  No checkmate
 * either (the solver's and the plain search's lists).
 * YS3, ser-#1, no solution: YH3's position, White to move: no King flip
 * (White's King is far from Black's Spy), no Spy flip (Black's King on f1
 * is a Field cell), and no move mates (the lists).
 * YS4, ser-#1, wrong solution: Y1 with the file's 1. Sg10: on row 10 the
 * Queen on d10 stands between g10 and a10 (Y1).
 *
 * YS5, s#1, sound: 9s/10/2k1S2q2/10/10/2N7/10/10/10/8K1/10 w — White: Sd8,
 * Nb5, Kh1; Black: Kb8, Qg8, Si10.  White must force Black to win at
 * once.  1. Sb10+: from the Court the Spy checks b8 along b10-b9-b8 (4.2).
 * The Knight on b5 stands on the Border, so it has the short and the long
 * leaps (CY8) and checks a Field King (4.2): it holds a7, c7 (short) and
 * a8, c8 (long); b7 lies on the line of check.  A Spy is never captured
 * (3.4) and neither Black piece reaches b9, so Black's only moves are
 * Ka9, Kb9 and Kc9: each ends on a Field cell next to the Spy on the
 * Court, a King flip, Black wins.  Every other first move leaves Black a
 * move that does not win; 1. Sd10+ (the check along d10-c9-b8) is
 * refuted by 1... Kb7 among others, the King stepping away from the Spy.
 * YS6, s#1, cooked: 9s/Q9/2k1S5/1N8/10/10/10/10/10/8K1/10 w — White: Qz9,
 * Sd8, Na7, Kh1; Black: Kb8, Si10.  After 1. Sb6+ (the Spy next to c7)
 * and after 1. Qd9+ (the Spy on d8 stays next to c7) Black's King has the
 * one move Kc7 (the lists), next to the Spy, both on Field cells: a King
 * flip.  Two keys.
 * YS7, s#1, wrong solution: YS5 with the file's 1. Sd10+.
 * YS8, s#1, no solution: YS5 with Black to move: no Black move forces
 * White to win at once (the solver's and the plain search's lists). */
static void
test_cypher_help_self (void)
{
  const CheopsVariant *v = &cheops_variant_cypher;
  const char *yh3 = "10/9s/10/10/3KN5/10/3S6/10/10/6k3/10 w - 0+0 - 0 1";
  const char *ys5 = "9s/10/2k1S2q2/10/10/2N7/10/10/10/8K1/10 w - 0+0 - 0 1";

  check_lines (v, yh3, CHEOPS_SOLVE_HELP, 1, 0, "Sd3 Ke2", "sound: Sd3 Ke2#");
  check_lines (v, "1S8/7k2/2K7/10/N9/10/10/4s5/6b3/10/10 w - 0+0 - 0 1", CHEOPS_SOLVE_HELP, 1, 0, "Se10 Kf9",
               "cooked: Se10 Kf9#; Si10 Kh9#");
  check_lines (v, yh3, CHEOPS_SOLVE_HELP, 1, 0, "Sc3", "wrong-solution: Sd3 Ke2#");
  check_lines (v, "10/10/10/10/1k8/10/6s3/10/3K1B4/10/3S6 w - 0+0 - 0 1", CHEOPS_SOLVE_HELP, 1, 0, NULL,
               "no-solution:");
  check_lines (v, yh3, CHEOPS_SOLVE_SERIES, 1, 0, NULL, "no-solution:");
  check_lines (v, "1k2Q5/R9/10/10/5s4/10/1S8/5K4/10/10/10 w - 0+0 - 0 1", CHEOPS_SOLVE_SERIES, 1, 0, "Sg10",
               "wrong-solution: Sa0#");

  check_self (v, ys5, 1, "Sb10+", FALSE, "sound keys Sb10+ {Ka9#: b flip; Kb9#: b flip; Kc9#: b flip}");
  check_self (v, "9s/Q9/2k1S5/1N8/10/10/10/10/10/8K1/10 w - 0+0 - 0 1", 1, "Sb6+", FALSE, "cooked keys Sb6+ {Kc7#: b flip} Qd9+ {Kc7#: b flip}");
  check_self (v, ys5, 1, "Sd10+", FALSE, "wrong-solution keys Sb10+ {Ka9#: b flip; Kb9#: b flip; Kc9#: b flip}");
  check_self (v, "9s/10/2k1S2q2/10/10/2N7/10/10/10/8K1/10 b - 0+0 - 0 1", 1, NULL, FALSE, "no-solution keys");
}

/* Pyramids, selfmates (data/problems/pyramids.pgn, games 12-15; as for
 * PH1-PS3 above: a 1 steps to the eight squares around it, N(1), a 2
 * leaps to the sixteen at distance exactly 2, N(2), a 3 slides along
 * diagonals, a 4 along ranks and files, 3.3; "-": neither faraon has its
 * right, so each steps by N(1) only, 4.3; PY12: checkmate wins).
 *
 * PS4, s#1, sound: (.4)8/9/9/2(1.)6/f8/9/9/2(.1)6/F8 w — White: F a1, 1
 * c6; Black: 4 a9, f a5, 1 c2.  White must force Black to mate at once.
 * 1. 1b5+: the 1 steps next to Black's faraon and checks it; it holds a4,
 * a6, b4 and b6 too, so of the faraon's squares (a4, a6, b4, b5, b6) only
 * b5 is left, by capture (nothing of White's guards b5), and neither
 * Black 1 nor 4 reaches b5: 1... Fxb5 is Black's only move.  It opens the
 * a-file: the 4 on a9 checks a1 down a8-a2 and holds a2; Black's 1 on c2
 * holds b1 and b2.  White, with its faraon alone, can neither flee, take
 * a9 nor come between: checkmate, Black wins.  1. 1b6+ leaves a4 and b4
 * to the faraon (1... Fa4 refutes), and White's other moves check nothing.
 * PS5, s#1, cooked: (.4)8/9/6(.3)2/2(1.)6/f8/9/9/1(2.)(.1)6/F8 w — PS4
 * with a White 2 on b2 and a Black 3 on g7.  The 3 pins the 2 to its
 * faraon along g7-f6-e5-d4-c3-b2-a1, but the pinned 2 still holds a4 and
 * b4 (at distance 2 from b2): so 1. 1b6+ works too — the faraon's only
 * square is b6, by capture, and after 1... Fxb6 the 2 may not come between
 * on a4 (it would open the diagonal to its faraon).  1. 1b5+ works as in
 * PS4.  Two keys.
 * PS6, s#1, wrong solution: PS4 with the file's 1. 1b6+ (1... Fa4).
 * PS7, s#1, no solution: PS4 with Black to move: Black's checks by its 1
 * on b1 and b2 are answered by the faraon's capture; 1... Fb4# opens the
 * a-file and mates White itself, Black's own win, not White's; every other
 * move leaves White a move that does not mate, Fa2 (the a-file still shut
 * by Black's faraon) or Fb1, Fb2 (the solver's refutations; the plain
 * search agrees).
 * (Game 11, ser-#2, wrong solution: PS1 with the file's 1. Fc7, above.) */
static void
test_pyramids_self (void)
{
  const CheopsVariant *v = &cheops_variant_pyramids;
  const char *ps4 = "(.4)8/9/9/2(1.)6/f8/9/9/2(.1)6/F8 w - 0 1";

  check_self (v, ps4, 1, "1b5+", FALSE, "sound keys 1b5+ {Fxb5#: b checkmate}");
  check_self (v, "(.4)8/9/6(.3)2/2(1.)6/f8/9/9/1(2.)(.1)6/F8 w - 0 1", 1, "1b5+", FALSE, "cooked keys 1b5+ {Fxb5#: b checkmate} 1b6+ {Fxb6#: b checkmate}");
  check_self (v, ps4, 1, "1b6+", TRUE, "wrong-solution keys 1b5+ {Fxb5#: b checkmate} | tries Fa2/Fa4 1c5/Fa4 1d5/Fa4 1b6+/Fa4 1d6/Fa4 1b7/Fa4 1c7/Fa4 1d7/Fa4");
  check_self (v, "(.4)8/9/9/2(1.)6/f8/9/9/2(.1)6/F8 b - 0 1", 1, NULL, TRUE, "no-solution keys | tries Fa4/Fa2 Fb4#/- Fa6/Fa2 1b1+/Fxb1 1c1/Fa2 1d1/Fa2 1b2+/Fxb2 1d2/Fb2 1b3/Fb1 1c3/Fb1 1d3/Fb1 4a6/Fa2 4a7/Fa2 4a8/Fa2 4b9/Fa2 4c9/Fa2 4d9/Fa2 4e9/Fa2 4f9/Fa2 4g9/Fa2 4h9/Fa2 4i9/Fa2");
}

/* An independent check: data/suites/ascension.epd lists, for each of its
 * composed Cheops problems, every first move that forces the Ascension in
 * exactly dm moves (bm), proved by tests/engine/test-ascension.c with its
 * own search.  No move of these wins faster, so the solver's keys for #dm
 * are exactly bm. */
static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

static void
test_ascension_epd (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "suites", "ascension.epd", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  guint checked = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      g_autofree char *fen = NULL;
      g_autoptr(GPtrArray) want = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) got = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *want_text = NULL, *got_text = NULL;
      CheopsPosition pos;
      CheopsError error;
      CheopsSolveResult *r;
      int dm = 0;
      guint f;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      fields = g_strsplit_set (lines[i], " ;", -1);
      fen = g_strjoin (" ", fields[0], fields[1], fields[2], fields[3], NULL);
      g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_cheops, fen, &error));
      for (f = 4; fields[f] != NULL; f++)
        if (g_str_equal (fields[f], "bm"))
          for (f++; fields[f] != NULL && fields[f][0] != '\0'; f++)
            g_ptr_array_add (want, g_strdup (fields[f]));
        else if (g_str_equal (fields[f], "dm"))
          dm = atoi (fields[f + 1]);
      g_assert_cmpint (dm, >=, 1);
      r = cheops_solve (&pos, dm, CHEOPS_MOVE_NONE, NULL);
      for (int k = 0; k < r->n_keys; k++)
        {
          char buf[CHEOPS_MOVE_TEXT_MAX];

          cheops_move_to_text (pos.variant, r->keys[k].move, buf);
          g_ptr_array_add (got, g_strdup (buf));
        }
      cheops_solve_result_free (r);
      g_ptr_array_sort (want, compare_strings);
      g_ptr_array_sort (got, compare_strings);
      g_ptr_array_add (want, NULL);
      g_ptr_array_add (got, NULL);
      want_text = g_strjoinv (" ", (char **) want->pdata);
      got_text = g_strjoinv (" ", (char **) got->pdata);
      g_assert_cmpstr (got_text, ==, want_text);
      checked++;
    }
  g_assert_cmpuint (checked, ==, 24);
}

/* A node limit, a time limit and a cancel stop the search: undecided,
 * with what stopped it, never a verdict. */
static void
test_limits (void)
{
  CheopsPosition pos;
  CheopsError error;
  CheopsSolveLimits limits = { .max_nodes = 100 };
  atomic_int cancel = 1;
  CheopsSolveResult *r;

  g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_trigchess, "7/1D1S3/6K2/9/7/6k g 0 1", &error));
  /* The limit stops it at 100 moves (the solve takes 2613). */
  r = cheops_solve (&pos, 3, CHEOPS_MOVE_NONE, &limits);
  g_assert_cmpint (r->verdict, ==, CHEOPS_SOLVE_UNDECIDED);
  g_assert_cmpstr (r->stopped_by, ==, "node limit");
  cheops_solve_result_free (r);
  g_assert_cmpint (cheops_solve_wins_in (&pos, 3, &limits, NULL), ==, -1);

  limits = (CheopsSolveLimits) { .cancel = &cancel };
  r = cheops_solve (&pos, 3, CHEOPS_MOVE_NONE, &limits);
  g_assert_cmpint (r->verdict, ==, CHEOPS_SOLVE_UNDECIDED);
  g_assert_cmpstr (r->stopped_by, ==, "cancelled");
  g_assert_cmpint (r->n_keys, ==, 0);
  cheops_solve_result_free (r);

  limits = (CheopsSolveLimits) { .max_seconds = 1e-9 };
  r = cheops_solve (&pos, 3, CHEOPS_MOVE_NONE, &limits);
  g_assert_cmpint (r->verdict, ==, CHEOPS_SOLVE_UNDECIDED);
  g_assert_cmpstr (r->stopped_by, ==, "time limit");
  cheops_solve_result_free (r);

  /* Out of range. */
  g_assert_null (cheops_solve (&pos, 0, CHEOPS_MOVE_NONE, NULL));
  g_assert_null (cheops_solve (&pos, CHEOPS_SOLVE_MAX_DEPTH + 1, CHEOPS_MOVE_NONE, NULL));
  g_assert_cmpint (cheops_solve_wins_in (&pos, 0, NULL, NULL), ==, -1);
}

/* --threads: the first moves and their defences split over threads (one
 * shared table) give the same keys, defences, continuations and tries'
 * moves as one thread (each try with a refutation, perhaps another one),
 * the processor times add up, and a node limit still gives undecided. */
static void
test_threads (void)
{
  static const struct { const CheopsVariant *v; const char *fen; int depth; } problems[] = {
    { &cheops_variant_trigchess, "7/7/9/D3K4/2kS3/7 g 0 1", 2 },
    { &cheops_variant_trigchess, "7/1D1S3/6K2/9/7/6k g 0 1", 3 },
    { &cheops_variant_trigchess, "7/7/kS7/8D/7/1K5 g 0 1", 2 },
    { &cheops_variant_cheops, "1/K1Q/5/7/4k4/11/13/13M1/17 a 0 1", 2 },
    { &cheops_variant_cheops, "1/3/3QK/4M2/9/11/13/15/5k11 a 0 1", 2 },
    { &cheops_variant_pyramids, "6f2/9/6F2/9/9/9/9/2(4.)5(4.)/9 w - 0 1", 1 },
    /* The composed #3 of data/suites/ascension.epd: many defences, the
     * threads join each other's first moves. */
    { &cheops_variant_cheops, "1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1", 3 },
    { &cheops_variant_cheops, "1/3/5/7/6q2/11/1P11/3P7p3/1K10ms1k1 q 0 1", 3 },
    { &cheops_variant_cheops, "1/3/5/7/9/7k3/13/15/QK7M4p2 a 0 1", 3 },
    { &cheops_variant_cheops, "1/3/5/7/9/4m6/13/1P11qp/1K14k q 0 1", 3 },
    /* TrigChess #5: the path checked for repetitions, no table. */
    { &cheops_variant_trigchess, "7/7/9/D3K4/2kS3/7 g 0 1", 5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (problems); i++)
    for (int threads = 2; threads <= 3; threads++)
      {
        CheopsPosition pos;
        CheopsError error;
        CheopsSolveLimits limits = { .threads = threads };
        CheopsSolveResult *one, *many;
        g_autofree char *a = NULL, *b = NULL;

        g_assert_true (cheops_position_from_fen (&pos, problems[i].v, problems[i].fen, &error));
        one = cheops_solve (&pos, problems[i].depth, CHEOPS_MOVE_NONE, NULL);
        many = cheops_solve (&pos, problems[i].depth, CHEOPS_MOVE_NONE, &limits);
        a = describe (&pos, one, FALSE);
        b = describe (&pos, many, FALSE);
        g_assert_cmpstr (b, ==, a);
        g_assert_cmpint (many->n_tries, ==, one->n_tries);
        g_assert_cmpfloat (one->span_seconds, ==, one->cpu_seconds);
        g_assert_cmpfloat (many->span_seconds, <=, many->cpu_seconds);
        g_assert_cmpfloat (many->span_seconds, >, 0);
        for (int t = 0; t < one->n_tries; t++)
          g_assert_cmpuint (many->tries[t].move, ==, one->tries[t].move);
        cheops_solve_result_free (one);
        cheops_solve_result_free (many);
      }
  {
    CheopsPosition pos;
    CheopsError error;
    CheopsSolveLimits limits = { .threads = 2, .max_nodes = 100 };
    CheopsSolveResult *r;

    g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_trigchess, "7/1D1S3/6K2/9/7/6k g 0 1", &error));
    r = cheops_solve (&pos, 3, CHEOPS_MOVE_NONE, &limits);
    g_assert_cmpint (r->verdict, ==, CHEOPS_SOLVE_UNDECIDED);
    g_assert_cmpstr (r->stopped_by, ==, "node limit");
    cheops_solve_result_free (r);
  }
}

static int progress_calls;

static void
progress_cb (const CheopsSolveProgress *p, void *data)
{
  int *last_done = data;

  g_assert_cmpint (p->done, <=, p->total);
  g_assert_cmpint (p->nodes, >=, 0);
  *last_done = p->done;
  progress_calls++;
}

static void
test_progress (void)
{
  CheopsPosition pos;
  CheopsError error;
  int last_done = -1;
  CheopsSolveLimits limits = { .progress = progress_cb, .progress_data = &last_done };
  CheopsSolveResult *r;

  g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_trigchess, "7/7/9/D3K4/2kS3/7 g 0 1", &error));
  r = cheops_solve (&pos, 2, CHEOPS_MOVE_NONE, &limits);
  /* Phase 0 reports each of the 10 first moves, phase 1 the one key and
   * its end. */
  g_assert_cmpint (progress_calls, ==, 10 + 2);
  g_assert_cmpint (last_done, ==, 1);
  cheops_solve_result_free (r);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/solve/cheops", test_cheops);
  g_test_add_func ("/solve/trigchess", test_trigchess);
  g_test_add_func ("/solve/cypher", test_cypher);
  g_test_add_func ("/solve/pyramids", test_pyramids);
  g_test_add_func ("/solve/pyramids/lines", test_pyramids_lines);
  g_test_add_func ("/solve/trigchess/lines", test_trigchess_lines);
  g_test_add_func ("/solve/cheops/lines", test_cheops_lines);
  g_test_add_func ("/solve/cypher/lines", test_cypher_lines);
  g_test_add_func ("/solve/cheops/help-self", test_cheops_help_self);
  g_test_add_func ("/solve/trigchess/help-self", test_trigchess_help_self);
  g_test_add_func ("/solve/cypher/help-self", test_cypher_help_self);
  g_test_add_func ("/solve/pyramids/self", test_pyramids_self);
  g_test_add_func ("/solve/ascension-epd", test_ascension_epd);
  g_test_add_func ("/solve/limits", test_limits);
  g_test_add_func ("/solve/threads", test_threads);
  g_test_add_func ("/solve/progress", test_progress);

  return g_test_run ();
}
