/* trigchess-private.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The per-cell tables of TrigChess, built once at start-up from the offset
 * tables of spec 3.2-3.7 (trigchess-geometry.c), for the rules code of this
 * folder only.
 */
#pragma once

#include "trigchess.h"
#include "cheops-core-private.h"

#define TC_N TRIGCHESS_CELL_NB
#define TC_NONE CHEOPS_CELL_NONE
#define TC_BIT(c) ((CheopsCellSet) 1 << (c))

/* A slider's six paths (3.4, 3.5): each of the three corners (Dome) or
 * stars (Gyro), both ways round, cut before the first trig off the board
 * (TR5). */
typedef struct {
  uint8_t       len[6];
  uint8_t       cell[6][5];
  CheopsCellSet mask[6];     /* the cells of each path */
} TcPaths;

/* A Stag's step through M to a target (3.6). */
typedef struct {
  uint8_t from;   /* the Stag's cell (for the reverse table) or its target */
  uint8_t m;      /* the first step, which must be empty */
} TcStagStep;

extern uint8_t        tc_file[TC_N], tc_rank[TC_N];
extern bool           tc_up[TC_N];
extern CheopsCellSet  tc_edge[TC_N];                 /* edge neighbours (3.2) */
extern TcPaths        tc_dome[TC_N], tc_gyro[TC_N];
extern CheopsCellSet  tc_dome_empty[TC_N], tc_gyro_empty[TC_N], tc_stag_empty[TC_N];
/* The Stag's targets from each cell (to, m), and the Stags that reach each
 * cell (from, m). */
extern uint8_t        tc_stag_n[TC_N], tc_stag_rev_n[TC_N];
extern CheopsCellSet  tc_stag_rev_mask[TC_N];      /* the cells whose Stag reaches a cell */
extern TcStagStep     tc_stag[TC_N][6], tc_stag_rev[TC_N][6];
/* Pawns (3.7), by side: the forward trig (or TC_NONE), the capture trigs,
 * the sideways trigs (empty outside the opponent's half), and the cells
 * from which a Pawn of that side captures onto a cell. */
extern uint8_t        tc_pawn_push[CHEOPS_SIDE_NB][TC_N];
extern CheopsCellSet  tc_pawn_cap[CHEOPS_SIDE_NB][TC_N];
extern CheopsCellSet  tc_pawn_side[CHEOPS_SIDE_NB][TC_N];
extern CheopsCellSet  tc_pawn_attackers[CHEOPS_SIDE_NB][TC_N];
extern CheopsCellSet  tc_promo[CHEOPS_SIDE_NB];
/* For pins: the cells a Dome (Gyro) on s passes on its paths to k, k
 * excluded, all paths together. */
extern CheopsCellSet  tc_dome_between[TC_N][TC_N], tc_gyro_between[TC_N][TC_N];
/* Zobrist keys. */
extern uint64_t       tc_zobrist[CHEOPS_SIDE_NB][8][TC_N];
extern uint64_t       tc_zobrist_side;

/* The cells a slider's @paths reach given @occ: each path up to and
 * including its first occupied trig (3.4, 3.5, 3.8). */
static inline CheopsCellSet
tc_slide (const TcPaths *paths, CheopsCellSet occ)
{
  CheopsCellSet set = 0;

  for (int d = 0; d < 6; d++)
    {
      if (!(paths->mask[d] & occ))
        {
          set |= paths->mask[d];
          continue;
        }
      for (int i = 0; i < paths->len[d]; i++)
        {
          CheopsCell c = paths->cell[d][i];
          set |= TC_BIT (c);
          if (occ & TC_BIT (c))
            break;
        }
    }
  return set;
}

/* Stag targets from @from given @occ (3.6: only M blocks). */
static inline CheopsCellSet
tc_stag_targets (CheopsCell from, CheopsCellSet occ)
{
  CheopsCellSet set = 0;

  for (int i = 0; i < tc_stag_n[from]; i++)
    if (!(occ & TC_BIT (tc_stag[from][i].m)))
      set |= TC_BIT (tc_stag[from][i].from);
  return set;
}

/* Whether a piece of side @by among those in @keep attacks @cell when the
 * occupied cells are @occ (3.8). */
static inline bool
tc_attacked (const CheopsPosition *pos, CheopsCell cell, CheopsSide by,
             CheopsCellSet occ, CheopsCellSet keep)
{
  const CheopsCellSet *p = pos->pieces[by];
  CheopsCellSet s;

  if (tc_pawn_attackers[by][cell] & p[TRIGCHESS_PAWN] & keep)
    return true;
  if (tc_edge[cell] & p[TRIGCHESS_KING] & keep)
    return true;
  s = p[TRIGCHESS_STAG] & keep & tc_stag_rev_mask[cell];
  if (s)
    for (int i = 0; i < tc_stag_rev_n[cell]; i++)
      if ((s & TC_BIT (tc_stag_rev[cell][i].from)) && !(occ & TC_BIT (tc_stag_rev[cell][i].m)))
        return true;
  s = p[TRIGCHESS_DOME] & keep & tc_dome_empty[cell];
  if (s && (tc_slide (&tc_dome[cell], occ) & s))
    return true;
  s = p[TRIGCHESS_GYRO] & keep & tc_gyro_empty[cell];
  if (s && (tc_slide (&tc_gyro[cell], occ) & s))
    return true;
  return false;
}

void trigchess__init (void);
