/* evaluate-trigchess.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the engine knows of Step and Circle TrigChess (engine-variant.h;
 * shared/variants/trigchess.md): its static evaluation, its move kinds and
 * its bench positions.  The end of the game needs no hook of its own: a
 * side with no legal move has lost (checkmate or stalemate, TR13), which the
 * generic search scores from the empty move list, and the third occurrence
 * loses for the mover (TR15), which it asks the core about.  There are no
 * draws (TR17).
 *
 * The evaluation, from the side to move's point of view, in centipawns
 * (README.md gives the values and the self-play matches that checked them:
 * no one-value change won clearly, so they are still the hand values):
 *
 *   material   piece_value[]: Pawn 100, Stag, Gyro, Dome.
 *   placement  each piece but the King: placement_weight[kind] x the
 *              number of trigs it reaches from its cell on an empty board
 *              (3.9, trigchess_empty_board_reach(): centrality).
 *   pawns      pawn_rank_bonus[] by ranks advanced toward the far rank,
 *              + PAWN_NEAR_PROMOTION when a promotion trig (TR9) is one
 *              step away (its empty-board reach).
 *   mobility   per trig a piece reaches on an empty board that holds no
 *              piece of its own side (an estimate: it ignores blocking).
 *   king       per edge neighbour of the King: + KING_SHIELD for an own
 *              piece, - KING_ATTACKED for a trig the enemy attacks.
 *   tempo      + tempo for the side to move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine-variant.h"
#include "trigchess.h"

static int piece_value[TRIGCHESS_PIECE_TYPE_NB] = { 0, 0, 400, 250, 225, 150 };
static int placement_weight[TRIGCHESS_PIECE_TYPE_NB] = { 0, 0, 8, 4, 2, 0 };
static int mobility_weight[TRIGCHESS_PIECE_TYPE_NB] = { 0, 0, 8, 8, 8, 0 };
static int pawn_rank_bonus[6] = { 0, 0, 38, 104, 200, 0 };
static int pawn_near_promotion = 200;
static int king_shield = 0;
static int king_attacked = 60;
static int tempo = 6;

/* The values above as the tuner sees them (tune.h, README.md "Tuning"). */
static const EngineParam params[] = {
  { "piece_value[D]", &piece_value[TRIGCHESS_DOME], 400, 700 },
  { "piece_value[G]", &piece_value[TRIGCHESS_GYRO], 250, 500 },
  { "piece_value[S]", &piece_value[TRIGCHESS_STAG], 220, 450 },
  { "piece_value[P]", &piece_value[TRIGCHESS_PAWN], 80, 150 },
  { "placement_weight[D]", &placement_weight[TRIGCHESS_DOME], 0, 8 },
  { "placement_weight[G]", &placement_weight[TRIGCHESS_GYRO], 0, 8 },
  { "placement_weight[S]", &placement_weight[TRIGCHESS_STAG], 0, 8 },
  { "mobility_weight[D]", &mobility_weight[TRIGCHESS_DOME], 0, 8 },
  { "mobility_weight[G]", &mobility_weight[TRIGCHESS_GYRO], 0, 8 },
  { "mobility_weight[S]", &mobility_weight[TRIGCHESS_STAG], 0, 8 },
  { "pawn_rank_bonus[2]", &pawn_rank_bonus[2], 0, 60 },
  { "pawn_rank_bonus[3]", &pawn_rank_bonus[3], 0, 120 },
  { "pawn_rank_bonus[4]", &pawn_rank_bonus[4], 0, 200 },
  { "pawn_near_promotion", &pawn_near_promotion, 0, 200 },
  { "king_shield", &king_shield, 0, 40 },
  { "king_attacked", &king_attacked, 0, 60 },
  { "tempo", &tempo, 0, 40 },
};

enum { TERM_MATERIAL, TERM_PLACEMENT, TERM_PAWNS, TERM_MOBILITY, TERM_KING, TERM_NB };
static const char *const term_name[TERM_NB] = {
  "material", "placement", "pawns", "mobility", "king"
};

static CheopsCellSet reach[CHEOPS_SIDE_NB][TRIGCHESS_PIECE_TYPE_NB][TRIGCHESS_CELL_NB];
static int           reach_count[CHEOPS_SIDE_NB][TRIGCHESS_PIECE_TYPE_NB][TRIGCHESS_CELL_NB];
static int           pawn_bonus[CHEOPS_SIDE_NB][TRIGCHESS_CELL_NB];

/* Tuning by play: CHEOPS_ENGINE_EVAL_TRIGCHESS="D=520,place=3,mob=2" sets
 * material values (D G S P), the placement and mobility weights of every
 * piece (place, mob), the pawn terms (pawn4 pawn5: ranks 4 and 5 of Gold's,
 * near) and the King terms (shield, attacked). */
static void
read_tuning (void)
{
  const EngineTuning items[] = {
    { "D", { &piece_value[TRIGCHESS_DOME] } },
    { "G", { &piece_value[TRIGCHESS_GYRO] } },
    { "S", { &piece_value[TRIGCHESS_STAG] } },
    { "P", { &piece_value[TRIGCHESS_PAWN] } },
    { "place", { &placement_weight[TRIGCHESS_DOME], &placement_weight[TRIGCHESS_GYRO],
                 &placement_weight[TRIGCHESS_STAG] } },
    { "mob", { &mobility_weight[TRIGCHESS_DOME], &mobility_weight[TRIGCHESS_GYRO],
               &mobility_weight[TRIGCHESS_STAG] } },
    { "pawn4", { &pawn_rank_bonus[3] } },
    { "pawn5", { &pawn_rank_bonus[4] } },
    { "near", { &pawn_near_promotion } },
    { "shield", { &king_shield } },
    { "attacked", { &king_attacked } },
  };

  engine_read_tuning ("CHEOPS_ENGINE_EVAL_TRIGCHESS", items, (int) (sizeof items / sizeof items[0]));
}

static void
evaluate_init (void)
{
  read_tuning ();
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    for (int c = 0; c < TRIGCHESS_CELL_NB; c++)
      {
        CheopsSide side = (CheopsSide) s;
        int rank = trigchess_cell_rank ((CheopsCell) c);
        int advanced = side == CHEOPS_SIDE_A ? rank - 1 : 6 - rank;   /* 0 on the own back rank */

        for (int t = TRIGCHESS_KING; t < TRIGCHESS_PIECE_TYPE_NB; t++)
          {
            reach[s][t][c] = trigchess_empty_board_reach ((CheopsPieceType) t, side, (CheopsCell) c);
            reach_count[s][t][c] = cheops_cellset_count (reach[s][t][c]);
          }
        pawn_bonus[s][c] = advanced >= 0 && advanced < 6 ? pawn_rank_bonus[advanced] : 0;
        if (reach[s][TRIGCHESS_PAWN][c] & trigchess_promotion_cells (side))
          pawn_bonus[s][c] += pawn_near_promotion;
      }
}

static void
evaluate_terms (const CheopsPosition *pos, int terms[CHEOPS_SIDE_NB][TERM_NB])
{
  memset (terms, 0, sizeof (int) * CHEOPS_SIDE_NB * TERM_NB);
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsSide side = (CheopsSide) s;
      CheopsCellSet own = pos->pieces[side][0];
      int *term = terms[s];

      for (int type = TRIGCHESS_DOME; type <= TRIGCHESS_PAWN; type++)
        {
          CheopsCellSet set = pos->pieces[side][type];
          while (set)
            {
              CheopsCell cell = cheops_cellset_pop (&set);

              term[TERM_MATERIAL] += piece_value[type];
              if (type == TRIGCHESS_PAWN)
                term[TERM_PAWNS] += pawn_bonus[s][cell];
              else
                {
                  term[TERM_PLACEMENT] += placement_weight[type] * reach_count[s][type][cell];
                  term[TERM_MOBILITY] += mobility_weight[type] * cheops_cellset_count (reach[s][type][cell] & ~own);
                }
            }
        }
      if (pos->king[side] != CHEOPS_CELL_NONE)
        {
          CheopsCellSet around = reach[s][TRIGCHESS_KING][pos->king[side]];
          term[TERM_KING] += king_shield * cheops_cellset_count (around & own);
          while (around)
            if (trigchess_position_is_attacked (pos, cheops_cellset_pop (&around), cheops_side_other (side)))
              term[TERM_KING] -= king_attacked;
        }
    }
}

static int
evaluate (const CheopsPosition *pos)
{
  int terms[CHEOPS_SIDE_NB][TERM_NB];
  CheopsSide us = pos->side_to_move;
  CheopsSide them = cheops_side_other (us);
  int score = tempo;

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
  print ("%-10s %6s %6s %6s", "term", "g", "r", "g-r");
  for (int t = 0; t < TERM_NB; t++)
    print ("%-10s %6d %6d %6d", term_name[t], terms[0][t], terms[1][t], terms[0][t] - terms[1][t]);
  print ("Evaluation (side to move, tempo included): %d", evaluate (pos));
}

/* No draw by material or position (TR17). */
static NodeEnd
node_end (const CheopsPosition *pos, bool in_check)
{
  (void) pos;
  (void) in_check;
  return NODE_GOES_ON;
}

static int
move_kind (const CheopsPosition *pos, CheopsMove move)
{
  int kind = MOVE_QUIET;

  if (pos->board[cheops_move_to (move)] != CHEOPS_NO_PIECE)
    kind |= MOVE_CAPTURE;
  if (cheops_move_promotion (move) != 0)
    kind |= MOVE_PROMOTION;   /* TR9, TR10 */
  return kind;
}

static int
move_gain (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPiece victim = pos->board[cheops_move_to (move)];
  CheopsPieceType promotion = cheops_move_promotion (move);
  int gain = 0;

  if (victim != CHEOPS_NO_PIECE)
    gain += piece_value[cheops_piece_type (victim)];
  if (promotion != 0)
    gain += piece_value[promotion] - piece_value[TRIGCHESS_PAWN];
  return gain;
}

/* Passing is never a move (4.1) and stalemate wins for the other side, so
 * zugzwang is real: no null move with only King and Pawns. */
static bool
null_move_ok (const CheopsPosition *pos)
{
  CheopsSide us = pos->side_to_move;
  return (pos->pieces[us][TRIGCHESS_DOME] | pos->pieces[us][TRIGCHESS_GYRO]
          | pos->pieces[us][TRIGCHESS_STAG]) != 0;
}

/* The start and positions from the engine's games against itself
 * (README.md: the TrigChess bench signature). */
static const char *const bench_fens[] = {
  TRIGCHESS_START_FEN,
  "dsg2sd/p2k1Gp/3p1p1g1/1P1P1P3/1g1K2P/DSG1GSD g 1 8",
  "dsgkgsd/ps3s1/2p4p1/4PP1G1/PgGK2P/DS3SD g 0 8",
  "ds4d/2k1s1p/g1Gp1p3/1S1P1P1S1/1p1K2P/D5D g 0 17",
  "d3ss1/2gkg1d/1p1p1pG1g/1S1P1P1p1/P1GKG1P/D1S2D1 g 12 17",
  "d2kgsd/p1G4/g2ssP1p1/3DP4/6s/3KSSD g 0 17",
  "2g1d2/pd1k2p/1s1p1p1s1/1PgP1P2G/D1GK2P/1SS3D g 11 17",
  "3kss1/p3g1G/2d1s1s2/2g1P1p1S/2DK3/1S3D1 g 0 27",
  NULL,
};

const EngineVariant engine_variant_trigchess = {
  .variant          = &cheops_variant_trigchess,
  .init             = evaluate_init,
  .evaluate         = evaluate,
  .evaluate_trace   = evaluate_trace,
  .piece_value      = piece_value,
  .node_end         = node_end,
  .no_move_loses    = true,    /* TR13: checkmate and stalemate */
  .repetition_draws = false,   /* TR15: the third occurrence loses for the mover */
  .halfmove_draw    = 0,       /* TR17: no draws */
  .move_kind        = move_kind,
  .stage_tt_move    = false,   /* measured: README.md, "Staged generation" */
  .move_gain        = move_gain,
  .win_in_one       = NULL,
  .threat_in_one    = NULL,
  .threat_pending   = NULL,
  .check_extension  = NULL,
  .null_move_ok     = null_move_ok,
  .bench_fens       = bench_fens,
  .bench_depth      = 10,
  .params           = params,
  .n_params         = (int) (sizeof params / sizeof params[0]),
};
