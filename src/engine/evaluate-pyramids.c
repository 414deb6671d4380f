/* evaluate-pyramids.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the engine knows of Pyramids (engine-variant.h;
 * shared/variants/pyramids.md): its static evaluation, the end of the game
 * it judges itself, its move kinds and its bench positions.
 *
 * The end of the game: checkmate loses and stalemate draws (4.5, PY12), so a
 * side without a move has lost only in check (no_move_in_check_loses); bare
 * faraons without rights draw (PY13, node_end()); the halfmove clock at 100
 * (the claim of PY14) and any repetition since the last irreversible move
 * score a draw, as in Cheops (the side to move could steer to the claim).
 *
 * The evaluation, from the side to move's point of view, in centipawns (a
 * slave = 100; README.md gives the values and the matches that checked
 * them):
 *
 *   material   a slave 100; a pino by the checkers it carries: size_value[]
 *              of each (Guard 1, Squirrel 2, Bishop 3, Rook 4), plus
 *              stack_bonus[] by the number of checkers (a stack moves by the
 *              union of its modes and may split at will, PY6, PY7: worth more
 *              than its parts), plus SPHINX_BONUS for 1, 3 and 4 together
 *              (their N(3) leap, PY6).
 *   mobility   per square an O or D slide of a size 4 or size 3 checker
 *              reaches (blocked as 3.5 says) that holds no piece of its own
 *              side: slide_weight.
 *   stacks     a pino the enemy attacks: - its value / hang_divisor[] when
 *              no own piece defends it (more when the enemy is to move), and
 *              when an enemy slave attacks it (a slave's capture, 3.2, is
 *              the cheapest trade) - (its value - 100) / 4 even if defended.
 *   slaves     slave_rank_bonus[] by ranks advanced from the start rank;
 *              on the rank before the last, + slave_promotion when a step
 *              to the last rank is open (an empty square ahead, or an enemy
 *              piece on a forward diagonal: the promotion of 4.4 to a full
 *              Pyramid is one move away).
 *   faraon     + faraon_shield per own piece on the faraon's ring N(1),
 *              - faraon_attacked per ring square the enemy attacks (its
 *              faraon's leaps counting while it has its right, 4.2),
 *              + faraon_right while it has its right (4.3, PY10: its leaps
 *              attack and the enemy faraon must keep away).
 *   tempo      + TEMPO for the side to move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine-variant.h"
#include "pyramids.h"

#define N_CELLS PYRAMIDS_CELL_NB
#define FULL_MASK 15u

/* Values, in centipawns: tuning targets (read_tuning()). */
static int size_value[5] = { 0, 250, 350, 330, 500 };
static int stack_bonus[5] = { 0, 0, 50, 120, 200 };
static int sphinx_bonus = 100;
static int slave_value = 100;
static int slide_weight = 2;
static int slave_rank_bonus[8] = { 0, 5, 12, 25, 45, 80, 150, 0 };
static int slave_promotion = 120;
static int faraon_shield = 6;
static int faraon_attacked = 14;
static int faraon_right = 40;
static int hang_divisor_to_move = 10;    /* a hanging pino of the side to move: it may still move it */
static int hang_divisor_waiting = 3;     /* of the side not to move: the enemy takes it next */

#define TEMPO 10

/* piece_value[kind]: the faraon 0, the slave, each of the 15 pinos. */
static int piece_value[PYRAMIDS_PIECE_TYPE_NB];

enum { TERM_MATERIAL, TERM_MOBILITY, TERM_STACKS, TERM_SLAVES, TERM_FARAON, TERM_NB };
static const char *const term_name[TERM_NB] = {
  "material", "mobility", "stacks", "slaves", "faraon"
};

/* The eight rays of each square, as lists of squares outward, ended by
 * CHEOPS_CELL_NONE: 0..3 orthogonal (O), 4..7 diagonal (D). */
static CheopsCell ray[8][N_CELLS][9];
static CheopsCellSet ring1[N_CELLS], ring2[N_CELLS], ring3[N_CELLS];
/* For each side: the squares from which a slave of that side captures on a
 * square (3.2: its forward diagonals). */
static CheopsCellSet slave_attackers[CHEOPS_SIDE_NB][N_CELLS];
/* For each side and square: a slave's advancement bonus there; the
 * squares of its one-step moves and its captures. */
static int           slave_bonus[CHEOPS_SIDE_NB][N_CELLS];
static CheopsCellSet slave_step[CHEOPS_SIDE_NB][N_CELLS];
static CheopsCellSet slave_capture[CHEOPS_SIDE_NB][N_CELLS];

/* Tuning by play: CHEOPS_ENGINE_EVAL_PYRAMIDS="v1=250,v4=520,stack3=150"
 * sets the size values (v1..v4), the stack bonuses (stack2..stack4), the
 * Sphinx bonus (sphinx), the slave terms (slave, rank7: the bonus on the
 * rank before the last, promo), slide (mobility weight), the faraon terms
 * (shield, attacked, right) and the hanging divisors (hangmove, hangwait). */
static void
read_tuning (void)
{
  const EngineTuning items[] = {
    { "v1", { &size_value[1] } },
    { "v2", { &size_value[2] } },
    { "v3", { &size_value[3] } },
    { "v4", { &size_value[4] } },
    { "stack2", { &stack_bonus[2] } },
    { "stack3", { &stack_bonus[3] } },
    { "stack4", { &stack_bonus[4] } },
    { "sphinx", { &sphinx_bonus } },
    { "slave", { &slave_value } },
    { "rank7", { &slave_rank_bonus[6] } },
    { "promo", { &slave_promotion } },
    { "slide", { &slide_weight } },
    { "shield", { &faraon_shield } },
    { "attacked", { &faraon_attacked } },
    { "right", { &faraon_right } },
    { "hangmove", { &hang_divisor_to_move } },
    { "hangwait", { &hang_divisor_waiting } },
  };

  engine_read_tuning ("CHEOPS_ENGINE_EVAL_PYRAMIDS", items, (int) (sizeof items / sizeof items[0]));
}

/* The material value of a pino of sizes @mask. */
static int
pino_value (unsigned mask)
{
  int v = stack_bonus[__builtin_popcount (mask)];

  for (int n = 1; n <= 4; n++)
    if (mask & (1u << (n - 1)))
      v += size_value[n];
  if ((mask & 13u) == 13u)
    v += sphinx_bonus;
  return v;
}

static void
evaluate_init (void)
{
  static const int dirs[8][2] = {
    { 0, 1 }, { 1, 0 }, { 0, -1 }, { -1, 0 }, { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 },
  };

  read_tuning ();
  piece_value[CHEOPS_NO_PIECE_TYPE] = 0;
  piece_value[PYRAMIDS_FARAON] = 0;
  piece_value[PYRAMIDS_SLAVE] = slave_value;
  for (unsigned mask = 1; mask <= FULL_MASK; mask++)
    piece_value[PYRAMIDS_PINO (mask)] = pino_value (mask);

  for (int c = 0; c < N_CELLS; c++)
    {
      int file = pyramids_cell_file ((CheopsCell) c), rank = pyramids_cell_rank ((CheopsCell) c);

      for (int d = 0; d < 8; d++)
        {
          int k = 0;
          for (int f = file + dirs[d][0], r = rank + dirs[d][1];
               f >= 0 && f < 9 && r >= 1 && r <= 9; f += dirs[d][0], r += dirs[d][1])
            ray[d][c][k++] = pyramids_cell_make (f, r);
          ray[d][c][k] = CHEOPS_CELL_NONE;
        }
      ring1[c] = pyramids_ring (1, (CheopsCell) c);
      ring2[c] = pyramids_ring (2, (CheopsCell) c);
      ring3[c] = pyramids_ring (3, (CheopsCell) c);
      for (int s = 0; s < CHEOPS_SIDE_NB; s++)
        {
          int forward = s == CHEOPS_SIDE_A ? 1 : -1;
          int advanced = s == CHEOPS_SIDE_A ? rank - 2 : 8 - rank;   /* 0 on the start rank */

          slave_bonus[s][c] = advanced >= 0 && advanced < 8 ? slave_rank_bonus[advanced] : 0;
          slave_step[s][c] = slave_capture[s][c] = 0;
          for (int df = -1; df <= 1; df++)
            {
              CheopsCell to = pyramids_cell_make (file + df, rank + forward);
              CheopsCell from = pyramids_cell_make (file + df, rank - forward);

              if (to != CHEOPS_CELL_NONE)
                {
                  slave_step[s][c] |= cheops_cellset_of (to);
                  if (df != 0)
                    slave_capture[s][c] |= cheops_cellset_of (to);
                }
              if (df != 0 && from != CHEOPS_CELL_NONE)
                slave_attackers[s][c] |= cheops_cellset_of (from);
            }
        }
    }
}

/* The squares an O (@first = 0) or D (@first = 4) slide from @cell reaches
 * through @occ, up to and including the first occupied square (3.5). */
static CheopsCellSet
slides (CheopsCell cell, int first, CheopsCellSet occ)
{
  CheopsCellSet set = 0;

  for (int d = first; d < first + 4; d++)
    for (const CheopsCell *p = ray[d][cell]; *p != CHEOPS_CELL_NONE; p++)
      {
        set |= cheops_cellset_of (*p);
        if (cheops_cellset_has (occ, *p))
          break;
      }
  return set;
}

static bool
has_right (const CheopsPosition *pos, CheopsSide side)
{
  return (pos->state[0] & PYRAMIDS_RIGHT (side)) != 0;
}

/* The terms, side by side.  What each side attacks (4.2: its faraon's
 * leaps only while it has its right) is gathered once, as a set, while its
 * pieces are counted (the slides of the mobility term are its O and D
 * attacks), and then read by the safety terms: the same answers as asking
 * pyramids_position_is_attacked() square by square, which was a third of
 * the search's time (issue 19). */
static void
evaluate_terms (const CheopsPosition *pos, int terms[CHEOPS_SIDE_NB][TERM_NB])
{
  CheopsCellSet occ = pos->pieces[CHEOPS_SIDE_A][0] | pos->pieces[CHEOPS_SIDE_B][0];
  CheopsCellSet attacks[CHEOPS_SIDE_NB] = { 0, 0 };

  memset (terms, 0, sizeof (int) * CHEOPS_SIDE_NB * TERM_NB);
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsSide side = (CheopsSide) s, them = cheops_side_other (side);
      CheopsCellSet own = pos->pieces[side][0];
      CheopsCellSet set, att = 0;
      int *term = terms[s];

      /* Pinos: material, slides. */
      for (int kind = PYRAMIDS_PINO (1); kind <= PYRAMIDS_PINO (FULL_MASK); kind++)
        {
          unsigned mask = PYRAMIDS_PINO_MASK (kind);

          set = pos->pieces[side][kind];
          while (set)
            {
              CheopsCell cell = cheops_cellset_pop (&set);

              term[TERM_MATERIAL] += piece_value[kind];
              if (mask & 8u)
                {
                  CheopsCellSet o = slides (cell, 0, occ);
                  term[TERM_MOBILITY] += slide_weight * cheops_cellset_count (o & ~own);
                  att |= o;
                }
              if (mask & 4u)
                {
                  CheopsCellSet d = slides (cell, 4, occ);
                  term[TERM_MOBILITY] += slide_weight * cheops_cellset_count (d & ~own);
                  att |= d;
                }
              if (mask & 1u)
                att |= ring1[cell];
              if (mask & 2u)
                att |= ring2[cell];
              if ((mask & 13u) == 13u)
                att |= ring3[cell];
            }
        }

      /* Slaves. */
      set = pos->pieces[side][PYRAMIDS_SLAVE];
      while (set)
        {
          CheopsCell cell = cheops_cellset_pop (&set);
          int rank = pyramids_cell_rank (cell);

          term[TERM_MATERIAL] += slave_value;
          term[TERM_SLAVES] += slave_bonus[s][cell];
          att |= slave_capture[s][cell];
          if ((side == CHEOPS_SIDE_A ? rank == 8 : rank == 2)
              && ((slave_step[s][cell] & ~occ) || (slave_capture[s][cell] & pos->pieces[them][0]
                                                   & ~pos->pieces[them][PYRAMIDS_FARAON])))
            term[TERM_SLAVES] += slave_promotion;
        }

      /* The faraon's attacks. */
      if (pos->king[side] != CHEOPS_CELL_NONE)
        {
          att |= ring1[pos->king[side]];
          if (has_right (pos, side))
            att |= ring2[pos->king[side]] | ring3[pos->king[side]];
        }
      attacks[s] = att;
    }

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsSide side = (CheopsSide) s, them = cheops_side_other (side);
      CheopsCellSet own = pos->pieces[side][0];
      CheopsCellSet enemy_slaves = pos->pieces[them][PYRAMIDS_SLAVE];
      int hang_divisor = side == pos->side_to_move ? hang_divisor_to_move : hang_divisor_waiting;
      CheopsCellSet set;
      int *term = terms[s];

      /* Pinos: safety. */
      for (int kind = PYRAMIDS_PINO (1); kind <= PYRAMIDS_PINO (FULL_MASK); kind++)
        {
          set = pos->pieces[side][kind];
          while (set)
            {
              CheopsCell cell = cheops_cellset_pop (&set);
              int value = piece_value[kind];

              if (slave_attackers[them][cell] & enemy_slaves)
                term[TERM_STACKS] -= (value - slave_value) / 4;
              else if (cheops_cellset_has (attacks[them], cell) && !cheops_cellset_has (attacks[s], cell))
                term[TERM_STACKS] -= value / hang_divisor;
            }
        }

      /* The faraon. */
      if (pos->king[side] != CHEOPS_CELL_NONE)
        {
          CheopsCellSet around = ring1[pos->king[side]];

          term[TERM_FARAON] += faraon_shield * cheops_cellset_count (around & own);
          term[TERM_FARAON] -= faraon_attacked * cheops_cellset_count (around & attacks[them]);
          if (has_right (pos, side))
            term[TERM_FARAON] += faraon_right;
        }
    }
}

static int
evaluate (const CheopsPosition *pos)
{
  int terms[CHEOPS_SIDE_NB][TERM_NB];
  CheopsSide us = pos->side_to_move;
  CheopsSide them = cheops_side_other (us);
  int score = TEMPO;

  evaluate_terms (pos, terms);
  for (int t = 0; t < TERM_NB; t++)
    score += terms[us][t] - terms[them][t];
  return score;
}

static void
evaluate_trace (const CheopsPosition *pos, EnginePrintFunc print)
{
  int terms[CHEOPS_SIDE_NB][TERM_NB];

  evaluate_terms (pos, terms);
  print ("%-10s %6s %6s %6s", "term", "w", "b", "w-b");
  for (int t = 0; t < TERM_NB; t++)
    print ("%-10s %6d %6d %6d", term_name[t], terms[0][t], terms[1][t], terms[0][t] - terms[1][t]);
  print ("Evaluation (side to move, tempo included): %d", evaluate (pos));
}

/* Bare faraons without rights draw (4.5 step 3, PY13).  Checkmate and
 * stalemate are judged by the search from the empty move list; the 75-move
 * rule is beyond the search's draw at 100. */
static NodeEnd
node_end (const CheopsPosition *pos, bool in_check)
{
  (void) in_check;
  if ((pos->state[0] & (PYRAMIDS_RIGHT_WHITE | PYRAMIDS_RIGHT_BLACK)) == 0
      && pos->pieces[CHEOPS_SIDE_A][0] == pos->pieces[CHEOPS_SIDE_A][PYRAMIDS_FARAON]
      && pos->pieces[CHEOPS_SIDE_B][0] == pos->pieces[CHEOPS_SIDE_B][PYRAMIDS_FARAON])
    return NODE_DRAWN;
  return NODE_GOES_ON;
}

/* A capture lands on an enemy piece (a merge onto a friendly pino is not
 * one, 3.3 PY8).  A promotion to the full Pyramid 4321 is the tactical
 * promotion (searched in quiescence, extended); the 14 lesser choices of
 * the same step (4.4) are quiet even when they capture: the Pyramid moves
 * by every mode and may split off any part later (PY6, PY7). */
static int
move_kind (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPiece target = pos->board[cheops_move_to (move)];
  CheopsPieceType promotion = cheops_move_promotion (move);

  if (promotion != 0)
    return promotion == PYRAMIDS_PINO (FULL_MASK)
           ? MOVE_PROMOTION | (target != CHEOPS_NO_PIECE ? MOVE_CAPTURE : 0) : MOVE_QUIET;
  if (target != CHEOPS_NO_PIECE && cheops_piece_side (target) != pos->side_to_move)
    return MOVE_CAPTURE;
  return MOVE_QUIET;
}

static int
move_gain (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPiece target = pos->board[cheops_move_to (move)];
  CheopsPieceType promotion = cheops_move_promotion (move);
  int gain = 0;

  if (target != CHEOPS_NO_PIECE && cheops_piece_side (target) != pos->side_to_move)
    gain += piece_value[cheops_piece_type (target)];
  if (promotion != 0)
    gain += piece_value[promotion] - slave_value;
  return gain;
}

/* The moves that may be captures or the promotion to 4321: those onto an
 * enemy piece or onto the mover's last rank (4.4). */
static CheopsMove *
generate_tactical (const CheopsPosition *pos, CheopsMove also, CheopsMove *list)
{
  (void) also;   /* the picker adds it */
  CheopsSide us = pos->side_to_move, them = cheops_side_other (us);
  int last = us == CHEOPS_SIDE_A ? 9 : 1;
  CheopsCellSet targets = pos->pieces[them][0];

  for (int file = 0; file < 9; file++)
    targets |= (CheopsCellSet) 1 << pyramids_cell_make (file, last);
  return pyramids_generate_moves_onto (pos, targets, list);
}

/* Passing is never a move (4.1): no null move for a side with only its
 * faraon and slaves (zugzwang is real there). */
static bool
null_move_ok (const CheopsPosition *pos)
{
  CheopsSide us = pos->side_to_move;
  return (pos->pieces[us][0] & ~pos->pieces[us][PYRAMIDS_FARAON] & ~pos->pieces[us][PYRAMIDS_SLAVE]) != 0;
}

/* The start and positions from the engine's games against itself
 * (README.md: the Pyramids bench signature). */
static const char *const bench_fens[] = {
  PYRAMIDS_START_FEN,
  "3(.4321)f3(.4321)/sssssssss/9/9/9/9/9/SSSSSSSSS/3(4321.)F(4321.)3 w Ff 12 7",
  "3(.4321)f4/s3ss3/1s3(.4321)3/1ss2s2s/1S7/S2S1SSs1/2(4321.)1S3(4321.)/4SS2S/4F4 w Ff 0 16",
  "3(.4321)5/s4s3/1s3(.4321)3/1ss6/1S4s1f/3SSSSs1/2(4321.)3S1s/4S3S/3F3(4321.)1 w Ff 2 28",
  "(.4)(.2)(.31)1f(.2)(.31)1(.4)/sssssssss/9/9/9/4(4321.)4/9/SSSSSSSSS/4F(1.)(3.)(2.)(4.) b Ff 7 4",
  "4f3(.4321)/sssssssss/9/4(.4321)4/9/9/5(21.)3/SSSSSSSSS/(3.)2(4.)F1(31.)(2.)(4.) w Ff 14 8",
  NULL,
};

const EngineVariant engine_variant_pyramids = {
  .variant          = &cheops_variant_pyramids,
  .init             = evaluate_init,
  .evaluate         = evaluate,
  .evaluate_trace   = evaluate_trace,
  .piece_value      = piece_value,
  .node_end         = node_end,
  .no_move_loses    = false,   /* stalemate draws (4.5, PY12) ... */
  .no_move_in_check_loses = true,   /* ... checkmate loses */
  .repetition_draws = true,    /* PY14: threefold by claim, fivefold automatic */
  .halfmove_draw    = 100,     /* PY14: claimable at 100 */
  .move_kind        = move_kind,
  .stage_tt_move    = true,
  .move_gain        = move_gain,
  .generate_tactical = generate_tactical,
  .gives_check      = pyramids_position_gives_check,
  .win_in_one       = NULL,
  .threat_in_one    = NULL,
  .threat_pending   = NULL,
  .check_extension  = NULL,
  .null_move_ok     = null_move_ok,
  .bench_fens       = bench_fens,
  .bench_depth      = 3,
};
