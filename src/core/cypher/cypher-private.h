/* cypher-private.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The per-cell tables of Cypher chess, built once at start-up from the
 * rules of sections 2 and 3 (cypher-geometry.c), for the rules code of this
 * folder only.
 */
#pragma once

#include "cypher.h"
#include "cheops-core-private.h"

#define CY_N CYPHER_CELL_NB
#define CY_NONE CHEOPS_CELL_NONE
/* The set of one cell: read from a table (a 128-bit shift by a variable
 * costs several instructions); cy_bit[] itself is built with cy_shift_bit(). */
#define cy_shift_bit(c) ((CheopsCellSet) 1 << (c))
#define CY_BIT(c) (cy_bit[c])

extern CheopsCellSet  cy_bit[CY_N];                  /* CY_BIT() */

/* The eight directions (3.2): 0-3 orthogonal, 4-7 diagonal. */
extern const int8_t   cy_dir_dc[8], cy_dir_dr[8];

extern uint8_t        cy_area[CY_N];                 /* CypherArea of each cell */
extern CheopsCellSet  cy_court, cy_border, cy_field; /* 2.3 */
extern CheopsCellSet  cy_adj[CY_N];                  /* cells next to a cell */
extern uint8_t        cy_ray_len[CY_N][8];
extern uint8_t        cy_ray[CY_N][8][10];           /* each ray, nearest first */
#define cy_ray_mask cypher_ray_mask                  /* cypher.h */
extern CheopsCellSet  cy_orth[CY_N], cy_diag[CY_N];  /* all cells of the 4 orthogonal / diagonal rays */
extern CheopsCellSet  cy_short[CY_N], cy_long[CY_N]; /* knight leaps (CY8) */
extern CheopsCellSet  cy_leaps[CY_N];                /* the leaps of a knight standing there */
/* Pawns, by side: the forward diagonals (what a pawn there checks), the cells
 * whose pawns' forward diagonals hold a cell. */
extern CheopsCellSet  cy_pawn_diag[CHEOPS_SIDE_NB][CY_N];
extern CheopsCellSet  cy_pawn_attackers[CHEOPS_SIDE_NB][CY_N];
/* Every cell a pawn of that side there may move to: its step, its double
 * step from the start row, its forward diagonals (3.2, CY20). */
extern CheopsCellSet  cy_pawn_reach[CHEOPS_SIDE_NB][CY_N];
extern CheopsCellSet  cy_sanctuary[CHEOPS_SIDE_NB];   /* rows where that side's pawns are safe (CY10) */
extern CheopsCellSet  cy_embed_row[CHEOPS_SIDE_NB];   /* 4.7 */
extern CheopsCellSet  cy_start_row[CHEOPS_SIDE_NB];   /* 2.6 */
extern CheopsCellSet  cy_cells;                      /* the 110 cells */
extern CheopsCellSet  cy_column_z, cy_column_i;      /* the first and the last column */
/* The cells a piece of each kind (not a pawn: all cells) reaches from a
 * cell on an empty board: the King's neighbours, the Queen's and Spy's
 * lines, the Rook's orthogonal ones, the Bishop's diagonal ones, the
 * Knight's leaps (cy_leaps). */
extern CheopsCellSet  cy_empty_reach[CYPHER_PIECE_TYPE_NB][CY_N];
/* The cells strictly between two cells in line (0 when not in line or next
 * to each other), and whether they are in line at all. */
extern CheopsCellSet  cy_between[CY_N][CY_N];
extern bool           cy_aligned[CY_N][CY_N];
/* Zobrist keys: pieces, side to move, hand counts, check counters, mark. */
extern uint64_t       cy_zobrist[CHEOPS_SIDE_NB][8][CY_N];
extern uint64_t       cy_zobrist_side;
extern uint64_t       cy_zobrist_hand[CHEOPS_SIDE_NB][17];
extern uint64_t       cy_zobrist_checks[CHEOPS_SIDE_NB][16];
extern uint64_t       cy_zobrist_mark[CY_N + 1];     /* [CY_N]: no mark */

/* Q, R, B, N: the "major pieces" of 3.1. */
static inline bool
cy_is_major (CheopsPieceType t)
{
  return t >= CYPHER_QUEEN && t <= CYPHER_KNIGHT;
}

static inline uint64_t
cy_mark_key (uint32_t mark)
{
  return cy_zobrist_mark[mark < CY_N ? mark : CY_N];
}

/* The cells a slider on @from reaches along the rays @d0..@d1-1, given the
 * occupied cells @occ (cypher_slide()). */
static inline CheopsCellSet
cy_slide (CheopsCell from, int d0, int d1, CheopsCellSet occ)
{
  return cypher_slide (from, d0, d1, occ);
}

/* The cells from which a pawn of @side reaches a cell of @to: the cells c
 * with cy_pawn_reach[@side][c] & @to not empty (its step, its double step
 * from the start row, its forward diagonals), made by shifting the whole
 * set back along each step instead of testing cell by cell.  A diagonal
 * step never wraps from one edge column to the other. */
static inline CheopsCellSet
cy_pawn_sources (CheopsSide side, CheopsCellSet to)
{
  to &= cy_cells;
  if (side == CHEOPS_SIDE_A)
    return ((to >> 10) | ((to >> 20) & cy_start_row[side]) | ((to >> 9) & ~cy_column_z)
            | ((to >> 11) & ~cy_column_i)) & cy_cells;
  return ((to << 10) | ((to << 20) & cy_start_row[side]) | ((to << 9) & ~cy_column_i)
          | ((to << 11) & ~cy_column_z)) & cy_cells;
}

/* Whether @side's King is in check, the pieces on @exclude not counting as
 * checkers (the flipped Spy after a King flip, CY4). */
bool cypher__attacked (const CheopsPosition *pos, CheopsSide side, CheopsCellSet exclude);

void cypher__init (void);

/* Whether the side to move of @pos is in check: read from
 * pos->state[CYPHER_STATE_IN_CHECK] when the last move left it known (as
 * cypher_position_do_move() computed it), else computed
 * (cypher__attacked()).  The same answer either way. */
static inline bool
cypher__in_check (const CheopsPosition *pos)
{
  uint32_t known = pos->state[CYPHER_STATE_IN_CHECK];

  if (known != CYPHER_IN_CHECK_UNKNOWN)
    return known == CYPHER_IN_CHECK_YES;
  return cypher__attacked (pos, pos->side_to_move, 0);
}

/* The table's move_note (cypher-notes.c): the words that explain the
 * capture table (3.4), Court entry (4.4) and the re-take window (4.5). */
bool cypher_move_note (const CheopsPosition *pos, CheopsCell from, CheopsCell to, CheopsNote *note);
/* The table's piece_flags (cypher-notes.c): sanctuary and embedded pawns. */
unsigned cypher_piece_flags (const CheopsPosition *pos, CheopsCell cell);
/* The table's set-up values (cypher-notes.c): the check counters, the mark. */
int  cypher_get_setup_value (const CheopsPosition *pos, int index);
void cypher_set_setup_value (CheopsPosition *pos, int index, int value);
