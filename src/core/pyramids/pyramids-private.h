/* pyramids-private.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The per-square tables of Pyramids, built once at start-up
 * (pyramids-geometry.c), and the attack helpers, for the rules code of this
 * folder only.
 */
#pragma once

#include "pyramids.h"
#include "cheops-core-private.h"

#define PY_N PYRAMIDS_CELL_NB
#define PY_BIT(c) ((CheopsCellSet) 1 << (c))
#define PY_ALL ((((CheopsCellSet) 1) << PY_N) - 1)

/* The rings N(1), N(2), N(3) of each square (3.1, PY1); [0] unused. */
extern CheopsCellSet py_ring[4][PY_N];
/* The eight rays of each square (3.1): 0..3 toward higher indexes (N, E,
 * NE, NW), 4..7 toward lower (S, W, SW, SE); a ray excludes its square. */
extern CheopsCellSet py_ray[8][PY_N];
/* Slaves (3.2, PY3, PY4) by side: the one-step squares, the capture
 * squares, the two-rank first leaps (only from the start rank), and the
 * squares from which a slave of that side attacks a square. */
extern CheopsCellSet py_slave_step[2][PY_N], py_slave_cap[2][PY_N], py_slave_leap[2][PY_N];
extern CheopsCellSet py_slave_attackers[2][PY_N];
extern CheopsCellSet py_rank_set[10];   /* [1..9] */
/* Zobrist keys: [side][kind][square], the side to move, the rights. */
extern uint64_t py_zobrist[2][PYRAMIDS_PIECE_TYPE_NB][PY_N];
extern uint64_t py_zobrist_side, py_zobrist_rights[4];

void pyramids__init (void);

/* The squares a slide along ray @d from @cell reaches given @occ: up to and
 * including the first occupied square (PY2). */
static inline CheopsCellSet
py_slide_ray (int d, CheopsCell cell, CheopsCellSet occ)
{
  CheopsCellSet ray = py_ray[d][cell], block = ray & occ;

  if (!block)
    return ray;
  return ray & ~py_ray[d][d < 4 ? cheops_cellset_first (block) : cheops_cellset_last (block)];
}

/* O (orthogonal) and D (diagonal) slides from @cell (3.1). */
static inline CheopsCellSet
py_rook (CheopsCell cell, CheopsCellSet occ)
{
  return py_slide_ray (0, cell, occ) | py_slide_ray (1, cell, occ)
         | py_slide_ray (4, cell, occ) | py_slide_ray (5, cell, occ);
}

static inline CheopsCellSet
py_bishop (CheopsCell cell, CheopsCellSet occ)
{
  return py_slide_ray (2, cell, occ) | py_slide_ray (3, cell, occ)
         | py_slide_ray (6, cell, occ) | py_slide_ray (7, cell, occ);
}

/* The squares a set of checkers of sizes @mask on @cell reaches by the
 * union of their modes (PY6), with blockers @occ. */
static inline CheopsCellSet
py_pino_targets (unsigned mask, CheopsCell cell, CheopsCellSet occ)
{
  CheopsCellSet t = 0;

  if (mask & 1)
    t |= py_ring[1][cell];
  if (mask & 2)
    t |= py_ring[2][cell];
  if (mask & 4)
    t |= py_bishop (cell, occ);
  if (mask & 8)
    t |= py_rook (cell, occ);
  if ((mask & 13) == 13)
    t |= py_ring[3][cell];
  return t;
}

/* Whether side @by attacks @cell (4.2) with blockers @occ, its pieces on
 * @gone taken off (a capture; 0: none); @leaps: whether @by's faraon counts
 * its N(2) and N(3) rings. */
/* Whether side @by, its pieces' sets @p (indexed as pos->pieces[by]: the
 * faraon, the slaves and PYRAMIDS_SIZE_SET (1..4) are read), attacks @cell
 * with @occ occupied, its pieces on @gone not counting but its faraon. */
static inline bool
py_attacked_sets (const CheopsCellSet *p, CheopsCell cell, CheopsSide by, CheopsCellSet occ, bool leaps,
                  CheopsCellSet gone)
{
  CheopsCellSet s1 = p[PYRAMIDS_SIZE_SET (1)] & ~gone, s2 = p[PYRAMIDS_SIZE_SET (2)] & ~gone;
  CheopsCellSet s3 = p[PYRAMIDS_SIZE_SET (3)] & ~gone, s4 = p[PYRAMIDS_SIZE_SET (4)] & ~gone;
  CheopsCellSet far = p[PYRAMIDS_FARAON];

  if (py_ring[1][cell] & (s1 | far))
    return true;
  if (py_slave_attackers[by][cell] & p[PYRAMIDS_SLAVE] & ~gone)
    return true;
  if (!leaps)
    far = 0;
  if (py_ring[2][cell] & (s2 | far))
    return true;
  if (py_ring[3][cell] & ((s1 & s3 & s4) | far))
    return true;
  /* The slides only when a checker of that size stands on one of the
   * cell's lines at all. */
  if ((py_bishop (cell, 0) & s3) && (py_bishop (cell, occ) & s3))
    return true;
  if ((py_rook (cell, 0) & s4) && (py_rook (cell, occ) & s4))
    return true;
  return false;
}

static inline bool
py_attacked_but (const CheopsPosition *pos, CheopsCell cell, CheopsSide by, CheopsCellSet occ, bool leaps,
                 CheopsCellSet gone)
{
  return py_attacked_sets (pos->pieces[by], cell, by, occ, leaps, gone);
}

/* Whether side @by attacks @cell (4.2) with blockers @occ; @leaps: whether
 * @by's faraon counts its N(2) and N(3) rings. */
static inline bool
py_attacked (const CheopsPosition *pos, CheopsCell cell, CheopsSide by, CheopsCellSet occ, bool leaps)
{
  return py_attacked_but (pos, cell, by, occ, leaps, 0);
}
