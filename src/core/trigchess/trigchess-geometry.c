/* trigchess-geometry.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board of TrigChess (spec section 2) and the per-cell move tables of
 * its pieces (3.2-3.7), built once at start-up from the spec's offset
 * tables; the board as data for the studio; the Zobrist keys.
 */
#include "trigchess-private.h"

#include <math.h>

#define SQRT3 1.7320508075688772

uint8_t        tc_file[TC_N], tc_rank[TC_N];
bool           tc_up[TC_N];
CheopsCellSet  tc_edge[TC_N];
TcPaths        tc_dome[TC_N], tc_gyro[TC_N];
CheopsCellSet  tc_dome_empty[TC_N], tc_gyro_empty[TC_N], tc_stag_empty[TC_N];
uint8_t        tc_stag_n[TC_N], tc_stag_rev_n[TC_N];
CheopsCellSet  tc_stag_rev_mask[TC_N];
TcStagStep     tc_stag[TC_N][6], tc_stag_rev[TC_N][6];
uint8_t        tc_pawn_push[CHEOPS_SIDE_NB][TC_N];
CheopsCellSet  tc_pawn_cap[CHEOPS_SIDE_NB][TC_N];
CheopsCellSet  tc_pawn_side[CHEOPS_SIDE_NB][TC_N];
CheopsCellSet  tc_pawn_attackers[CHEOPS_SIDE_NB][TC_N];
CheopsCellSet  tc_promo[CHEOPS_SIDE_NB];
CheopsCellSet  tc_dome_between[TC_N][TC_N], tc_gyro_between[TC_N][TC_N];
uint64_t       tc_zobrist[CHEOPS_SIDE_NB][8][TC_N];
uint64_t       tc_zobrist_side;

/* 2.2, 2.3: ranks 1, 2, 5, 6 have files b..h, ranks 3 and 4 a..i. */
static const int rank_first_file[7] = { 0, 2, 2, 1, 1, 2, 2 };
static const int rank_width[7] = { 0, 7, 7, 9, 9, 7, 7 };
static const int rank_start[7] = { 0, 0, 7, 14, 23, 32, 39 };

CheopsCell
trigchess_cell_make (int file, int rank)
{
  if (rank < 1 || rank > 6 || file < rank_first_file[rank] || file >= rank_first_file[rank] + rank_width[rank])
    return CHEOPS_CELL_NONE;
  return (CheopsCell) (rank_start[rank] + file - rank_first_file[rank]);
}

int
trigchess_cell_file (CheopsCell cell)
{
  return tc_file[cell];
}

int
trigchess_cell_rank (CheopsCell cell)
{
  return tc_rank[cell];
}

bool
trigchess_cell_is_up (CheopsCell cell)
{
  return tc_up[cell];
}

char
trigchess_cell_gyro_class (CheopsCell cell)
{
  /* 2.5: (r', c) = (r, f-1) for an up cell, (r-1, f-1) for a down cell. */
  int r = tc_up[cell] ? tc_rank[cell] : tc_rank[cell] - 1;
  int c = tc_file[cell] - 1;
  int u = ((r + c) / 2) & 1, w = (((r - c) / 2) % 2 + 2) % 2;

  return u == 1 ? (w == 0 ? 'A' : 'B') : (w == 1 ? 'C' : 'D');
}

char *
trigchess_cell_name (CheopsCell cell, char *buf)
{
  buf[0] = (char) ('a' + tc_file[cell] - 1);
  buf[1] = (char) ('0' + tc_rank[cell]);
  buf[2] = '\0';
  return buf;
}

CheopsCellSet
trigchess_promotion_cells (CheopsSide side)
{
  return tc_promo[side];
}

CheopsCellSet
trigchess_empty_board_reach (CheopsPieceType type, CheopsSide side, CheopsCell cell)
{
  switch (type)
    {
    case TRIGCHESS_KING: return tc_edge[cell];
    case TRIGCHESS_DOME: return tc_dome_empty[cell];
    case TRIGCHESS_GYRO: return tc_gyro_empty[cell];
    case TRIGCHESS_STAG: return tc_stag_empty[cell];
    case TRIGCHESS_PAWN:
      return tc_pawn_cap[side][cell] | tc_pawn_side[side][cell]
             | (tc_pawn_push[side][cell] != TC_NONE ? TC_BIT (tc_pawn_push[side][cell]) : 0);
    default: return 0;
    }
}

/* The cell at offset (@dr, @df) from @cell, with @dr negated for a down
 * trig (3.2: a down trig is an up trig mirrored top to bottom). */
static CheopsCell
offset (CheopsCell cell, int dr, int df)
{
  if (!tc_up[cell])
    dr = -dr;
  return trigchess_cell_make (tc_file[cell] + df, tc_rank[cell] + dr);
}

/* 3.4: the three corner hexagons of an up trig, one way round. */
static const int dome_offsets[3][5][2] = {
  { { 0, -1 }, { 0, -2 }, { -1, -2 }, { -1, -1 }, { -1, 0 } },   /* left */
  { { 0, +1 }, { +1, +1 }, { +1, 0 }, { +1, -1 }, { 0, -1 } },   /* top */
  { { -1, 0 }, { -1, +1 }, { -1, +2 }, { 0, +2 }, { 0, +1 } },   /* right */
};

/* 3.5: the three stars of an up trig, one way round. */
static const int gyro_offsets[3][5][2] = {
  { { +1, 0 }, { +2, -2 }, { +1, -4 }, { 0, -4 }, { -1, -2 } },
  { { -1, -2 }, { -2, -2 }, { -3, 0 }, { -2, +2 }, { -1, +2 } },
  { { -1, +2 }, { 0, +4 }, { +1, +4 }, { +2, +2 }, { +1, 0 } },
};

/* 3.6: first step M, then its two targets, for an up trig. */
static const int stag_offsets[3][3][2] = {
  { { 0, -1 }, { 0, -3 }, { +1, -2 } },
  { { 0, +1 }, { 0, +3 }, { +1, +2 } },
  { { -1, 0 }, { -2, -1 }, { -2, +1 } },
};

/* Builds a slider's six paths from @offsets: each way round, cut before
 * the first trig off the board (TR5). */
static void
build_paths (CheopsCell cell, const int offsets[3][5][2], TcPaths *paths,
             CheopsCellSet *empty, CheopsCellSet between[TC_N][TC_N])
{
  *empty = 0;
  for (int d = 0; d < 6; d++)
    {
      CheopsCellSet passed = 0;

      paths->len[d] = 0;
      paths->mask[d] = 0;
      for (int i = 0; i < 5; i++)
        {
          const int *o = offsets[d / 2][d % 2 == 0 ? i : 4 - i];
          CheopsCell c = offset (cell, o[0], o[1]);

          if (c == CHEOPS_CELL_NONE)
            break;
          paths->cell[d][paths->len[d]++] = c;
          paths->mask[d] |= TC_BIT (c);
          between[cell][c] |= passed;
          passed |= TC_BIT (c);
        }
      *empty |= paths->mask[d];
    }
}

/* ---------------------------------------------------- board as data */

static CheopsCellInfo board_cells[TC_N];
/* Files under Gold's edge and above Red's (18), ranks on both sides (12). */
static CheopsEdgeLabel board_labels[18 + 12];
static const char *const file_labels[9] = { "a", "b", "c", "d", "e", "f", "g", "h", "i" };
static const char *const rank_labels[6] = { "1", "2", "3", "4", "5", "6" };

/* 2.4, counter-clockwise, y scaled by sqrt(3). */
static const CheopsPoint board_outline[] = {
  { 1, 0 }, { 9, 0 }, { 8, 1 * SQRT3 }, { 10, 3 * SQRT3 }, { 8, 5 * SQRT3 },
  { 9, 6 * SQRT3 }, { 1, 6 * SQRT3 }, { 2, 5 * SQRT3 }, { 0, 3 * SQRT3 }, { 2, 1 * SQRT3 },
};

static const char *const shade_names[] = { "light", "dark" };
static const double shade_rgb[][3] = {
  { 0.937, 0.867, 0.718 },
  { 0.725, 0.553, 0.353 },
};

/* 2.5: each side's promotion trigs tinted faintly in its colour; the halves
 * are for the rules only. */
static const CheopsZoneInfo zones[] = {
  { "Gold's promotion trigs", TRIGCHESS_ZONE_PROMOTION_GOLD, CHEOPS_ZONE_STYLE_TINT,
    { 0.965, 0.851, 0.510 }, CHEOPS_SIDE_A },
  { "Red's promotion trigs", TRIGCHESS_ZONE_PROMOTION_RED, CHEOPS_ZONE_STYLE_TINT,
    { 0.898, 0.647, 0.588 }, CHEOPS_SIDE_B },
  { "Gold's half", TRIGCHESS_ZONE_HALF_GOLD, CHEOPS_ZONE_STYLE_NONE, { 0, 0, 0 }, CHEOPS_SIDE_A },
  { "Red's half", TRIGCHESS_ZONE_HALF_RED, CHEOPS_ZONE_STYLE_NONE, { 0, 0, 0 }, CHEOPS_SIDE_B },
};

const CheopsBoardShape trigchess__board = {
  .n_cells = TC_N,
  .cells = board_cells,
  .n_outline = 10,
  .outline = board_outline,
  .min = { 0, 0 },
  .max = { 10, 6 * SQRT3 },
  .n_labels = 30,
  .labels = board_labels,
  .n_shades = 2,
  .shade_names = shade_names,
  .shade_rgb = shade_rgb,
  .edge_rgb = { 0.486, 0.341, 0.180 },
  .n_zones = 4,
  .zones = zones,
  .flip = CHEOPS_FLIP_ROTATE,
};

static void
board_init (void)
{
  int n = 0;

  for (CheopsCell cell = 0; cell < TC_N; cell++)
    {
      CheopsCellInfo *info = &board_cells[cell];
      double c = tc_file[cell] - 1, r = tc_rank[cell];

      trigchess_cell_name (cell, info->name);
      info->n_corners = 3;
      if (tc_up[cell])
        {
          info->corners[0] = (CheopsPoint) { c, (r - 1) * SQRT3 };
          info->corners[1] = (CheopsPoint) { c + 2, (r - 1) * SQRT3 };
          info->corners[2] = (CheopsPoint) { c + 1, r * SQRT3 };
          info->centre = (CheopsPoint) { c + 1, (r - 2.0 / 3.0) * SQRT3 };
        }
      else
        {
          info->corners[0] = (CheopsPoint) { c + 1, (r - 1) * SQRT3 };
          info->corners[1] = (CheopsPoint) { c + 2, r * SQRT3 };
          info->corners[2] = (CheopsPoint) { c, r * SQRT3 };
          info->centre = (CheopsPoint) { c + 1, (r - 1.0 / 3.0) * SQRT3 };
        }
      info->shade = tc_up[cell] ? 0 : 1;   /* 2.5: up light, down dark */
      info->zones = (uint16_t) ((tc_promo[CHEOPS_SIDE_A] & TC_BIT (cell) ? TRIGCHESS_ZONE_PROMOTION_GOLD : 0)
                                | (tc_promo[CHEOPS_SIDE_B] & TC_BIT (cell) ? TRIGCHESS_ZONE_PROMOTION_RED : 0)
                                | (r <= 3 ? TRIGCHESS_ZONE_HALF_GOLD : TRIGCHESS_ZONE_HALF_RED));
    }

  /* Files a..i under Gold's edge and above Red's edge, each at its
   * column (x = f), a and i too: their trigs (a3, a4, i3, i4) stand in the
   * same columns as the board's bottom and top corners.  Beside the slanted
   * edges they would touch the rank numbers 2 and 5. */
  for (int f = 1; f <= 9; f++)
    {
      board_labels[n].text = file_labels[f - 1];
      board_labels[n++].at = (CheopsPoint) { f, -0.45 * SQRT3 };
      board_labels[n].text = file_labels[f - 1];
      board_labels[n++].at = (CheopsPoint) { f, 6.45 * SQRT3 };
    }
  /* Ranks at both sides, outside the edge at mid-rank. */
  for (int r = 1; r <= 6; r++)
    {
      double edge_x = r == 3 || r == 4 ? 0.5 : 1.5;

      board_labels[n].text = rank_labels[r - 1];
      board_labels[n++].at = (CheopsPoint) { edge_x - 0.6, (r - 0.5) * SQRT3 };
      board_labels[n].text = rank_labels[r - 1];
      board_labels[n++].at = (CheopsPoint) { 10 - edge_x + 0.6, (r - 0.5) * SQRT3 };
    }
}

void
trigchess__init (void)
{
  static bool done;
  uint64_t state = 0x7A1C4E55D0E5ull;   /* fixed: the same keys in every run */

  if (done)
    return;
  done = true;

  for (int r = 1; r <= 6; r++)
    for (int f = rank_first_file[r]; f < rank_first_file[r] + rank_width[r]; f++)
      {
        CheopsCell c = trigchess_cell_make (f, r);
        tc_file[c] = (uint8_t) f;
        tc_rank[c] = (uint8_t) r;
        tc_up[c] = (f + r) % 2 == 1;
      }

  /* TR9 */
  tc_promo[CHEOPS_SIDE_A] = TC_BIT (trigchess_cell_make (2, 6)) | TC_BIT (trigchess_cell_make (4, 6))
                            | TC_BIT (trigchess_cell_make (6, 6)) | TC_BIT (trigchess_cell_make (8, 6));
  tc_promo[CHEOPS_SIDE_B] = TC_BIT (trigchess_cell_make (2, 1)) | TC_BIT (trigchess_cell_make (4, 1))
                            | TC_BIT (trigchess_cell_make (6, 1)) | TC_BIT (trigchess_cell_make (8, 1));

  for (CheopsCell cell = 0; cell < TC_N; cell++)
    {
      static const int edge_offsets[3][2] = { { 0, -1 }, { 0, +1 }, { -1, 0 } };

      for (int i = 0; i < 3; i++)
        {
          CheopsCell c = offset (cell, edge_offsets[i][0], edge_offsets[i][1]);
          if (c != CHEOPS_CELL_NONE)
            tc_edge[cell] |= TC_BIT (c);
        }

      build_paths (cell, dome_offsets, &tc_dome[cell], &tc_dome_empty[cell], tc_dome_between);
      build_paths (cell, gyro_offsets, &tc_gyro[cell], &tc_gyro_empty[cell], tc_gyro_between);

      for (int i = 0; i < 3; i++)
        {
          CheopsCell m = offset (cell, stag_offsets[i][0][0], stag_offsets[i][0][1]);

          if (m == CHEOPS_CELL_NONE)
            continue;
          for (int j = 1; j <= 2; j++)
            {
              CheopsCell t = offset (cell, stag_offsets[i][j][0], stag_offsets[i][j][1]);

              if (t == CHEOPS_CELL_NONE)
                continue;
              tc_stag[cell][tc_stag_n[cell]++] = (TcStagStep) { t, m };
              tc_stag_empty[cell] |= TC_BIT (t);
              tc_stag_rev[t][tc_stag_rev_n[t]++] = (TcStagStep) { cell, m };
              tc_stag_rev_mask[t] |= TC_BIT (cell);
            }
        }

      /* 3.7: Gold's offsets, Red's with the rank negated, the same for up
       * and down trigs; sideways only while standing in the opponent's
       * half. */
      for (int s = 0; s < CHEOPS_SIDE_NB; s++)
        {
          int fwd = s == CHEOPS_SIDE_A ? +1 : -1;
          int f = tc_file[cell], r = tc_rank[cell];
          CheopsCell c;

          tc_pawn_push[s][cell] = trigchess_cell_make (f, r + fwd);
          for (int df = -1; df <= 1; df += 2)
            {
              c = trigchess_cell_make (f + df, r + fwd);
              if (c != CHEOPS_CELL_NONE)
                tc_pawn_cap[s][cell] |= TC_BIT (c);
              c = trigchess_cell_make (f + df, r);
              if (c != CHEOPS_CELL_NONE && (s == CHEOPS_SIDE_A ? r >= 4 : r <= 3))
                tc_pawn_side[s][cell] |= TC_BIT (c);
            }
        }
    }

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    for (CheopsCell cell = 0; cell < TC_N; cell++)
      {
        CheopsCellSet caps = tc_pawn_cap[s][cell];
        while (caps)
          tc_pawn_attackers[s][cheops_cellset_pop (&caps)] |= TC_BIT (cell);
      }

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    for (int t = 0; t < 8; t++)
      for (int c = 0; c < TC_N; c++)
        tc_zobrist[s][t][c] = cheops__splitmix64 (&state);
  tc_zobrist_side = cheops__splitmix64 (&state);

  board_init ();
}
