/* pyramids-geometry.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board of Pyramids (spec section 2) and the per-square tables of its
 * movements (3.1, 3.2), built once at start-up; the board as data for the
 * studio; the Zobrist keys.
 */
#include "pyramids-private.h"

#include <stdlib.h>

CheopsCellSet py_ring[4][PY_N];
CheopsCellSet py_ray[8][PY_N];
CheopsCellSet py_slave_step[2][PY_N], py_slave_cap[2][PY_N], py_slave_leap[2][PY_N];
CheopsCellSet py_slave_attackers[2][PY_N];
CheopsCellSet py_rank_set[10];
uint64_t py_zobrist[2][PYRAMIDS_PIECE_TYPE_NB][PY_N];
uint64_t py_zobrist_side, py_zobrist_rights[4];

CheopsCell
pyramids_cell_make (int file, int rank)
{
  if (file < 0 || file > 8 || rank < 1 || rank > 9)
    return CHEOPS_CELL_NONE;
  return (CheopsCell) (9 * (rank - 1) + file);   /* 2.2 */
}

CheopsCellSet
pyramids_ring (int n, CheopsCell cell)
{
  return n >= 1 && n <= 3 && cell < PY_N ? py_ring[n][cell] : 0;
}

size_t
pyramids_sizes_to_text (unsigned mask, char *buf)
{
  size_t n = 0;

  for (int s = 4; s >= 1; s--)
    if (mask & (1u << (s - 1)))
      buf[n++] = (char) ('0' + s);
  buf[n] = '\0';
  return n;
}

CheopsCellSet
pyramids_empty_board_reach (CheopsPieceType kind, CheopsSide side, bool right, CheopsCell cell)
{
  if (cell >= PY_N)
    return 0;
  if (kind == PYRAMIDS_FARAON)
    return py_ring[1][cell] | (right ? py_ring[2][cell] | py_ring[3][cell] : 0);
  if (kind == PYRAMIDS_SLAVE)
    return py_slave_step[side][cell] | py_slave_leap[side][cell];
  if (PYRAMIDS_IS_PINO (kind))
    return py_pino_targets (PYRAMIDS_PINO_MASK (kind), cell, PY_BIT (cell));
  return 0;
}

/* ----------------------------------------------------- the board as data */

static CheopsCellInfo board_cells[PY_N];
static const CheopsPoint board_outline[] = { { 0, 0 }, { 9, 0 }, { 9, 9 }, { 0, 9 } };
static CheopsEdgeLabel board_labels[36];
static const char *const file_labels[9] = { "a", "b", "c", "d", "e", "f", "g", "h", "i" };
static const char *const rank_labels[9] = { "1", "2", "3", "4", "5", "6", "7", "8", "9" };
static const char *const shade_names[2] = { "light", "dark" };
static const double shade_rgb[2][3] = { { 0.933, 0.878, 0.757 }, { 0.667, 0.502, 0.357 } };
static const CheopsZoneInfo zones[] = {
  { "White's promotion rank", PYRAMIDS_ZONE_PROMOTION_WHITE, CHEOPS_ZONE_STYLE_NONE, { 0, 0, 0 }, CHEOPS_SIDE_A, { 0 } },
  { "Black's promotion rank", PYRAMIDS_ZONE_PROMOTION_BLACK, CHEOPS_ZONE_STYLE_NONE, { 0, 0, 0 }, CHEOPS_SIDE_B, { 0 } },
  { "White's slave rank", PYRAMIDS_ZONE_START_WHITE, CHEOPS_ZONE_STYLE_NONE, { 0, 0, 0 }, CHEOPS_SIDE_A, { 0 } },
  { "Black's slave rank", PYRAMIDS_ZONE_START_BLACK, CHEOPS_ZONE_STYLE_NONE, { 0, 0, 0 }, CHEOPS_SIDE_B, { 0 } },
};

const CheopsBoardShape pyramids__board = {
  .n_cells = PY_N,
  .cells = board_cells,
  .n_outline = 4,
  .outline = board_outline,
  .min = { 0, 0 },
  .max = { 9, 9 },
  .n_labels = 36,
  .labels = board_labels,
  .n_shades = 2,
  .shade_names = shade_names,
  .shade_rgb = shade_rgb,
  .edge_rgb = { 0.416, 0.306, 0.208 },
  .n_zones = 4,
  .zones = zones,
  .flip = CHEOPS_FLIP_ROTATE,   /* 2.3: (x, y) -> (9 - x, 9 - y) */
};

static void
board_init (void)
{
  int n = 0;

  for (CheopsCell cell = 0; cell < PY_N; cell++)
    {
      CheopsCellInfo *info = &board_cells[cell];
      int f = pyramids_cell_file (cell), r = pyramids_cell_rank (cell);

      info->name[0] = (char) ('a' + f);
      info->name[1] = (char) ('0' + r);
      info->name[2] = '\0';
      /* 2.3: (f, r-1) (f+1, r-1) (f+1, r) (f, r), counter-clockwise. */
      info->n_corners = 4;
      info->corners[0] = (CheopsPoint) { f, r - 1 };
      info->corners[1] = (CheopsPoint) { f + 1, r - 1 };
      info->corners[2] = (CheopsPoint) { f + 1, r };
      info->corners[3] = (CheopsPoint) { f, r };
      info->centre = (CheopsPoint) { f + 0.5, r - 0.5 };
      info->shade = (f + r) % 2 == 1 ? 1 : 0;   /* 2.4: dark when f + r is odd */
      info->zones = (uint16_t) ((r == 9 ? PYRAMIDS_ZONE_PROMOTION_WHITE : 0) | (r == 1 ? PYRAMIDS_ZONE_PROMOTION_BLACK : 0)
                                | (r == 2 ? PYRAMIDS_ZONE_START_WHITE : 0) | (r == 8 ? PYRAMIDS_ZONE_START_BLACK : 0));
    }
  for (int f = 0; f < 9; f++)
    {
      board_labels[n].text = file_labels[f];
      board_labels[n++].at = (CheopsPoint) { f + 0.5, -0.4 };
      board_labels[n].text = file_labels[f];
      board_labels[n++].at = (CheopsPoint) { f + 0.5, 9.4 };
    }
  for (int r = 1; r <= 9; r++)
    {
      board_labels[n].text = rank_labels[r - 1];
      board_labels[n++].at = (CheopsPoint) { -0.4, r - 0.5 };
      board_labels[n].text = rank_labels[r - 1];
      board_labels[n++].at = (CheopsPoint) { 9.4, r - 0.5 };
    }
}

void
pyramids__init (void)
{
  static bool done;
  static const int dirs[8][2] = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { -1, 1 }, { 0, -1 }, { -1, 0 }, { -1, -1 }, { 1, -1 } };
  uint64_t state = 0x9F1A2A3D5ull;   /* fixed: the same keys in every run */

  if (done)
    return;
  done = true;

  for (CheopsCell cell = 0; cell < PY_N; cell++)
    {
      int f = pyramids_cell_file (cell), r = pyramids_cell_rank (cell);

      py_rank_set[r] |= PY_BIT (cell);
      /* PY1: the rings by king-step distance. */
      for (CheopsCell o = 0; o < PY_N; o++)
        {
          int df = abs (pyramids_cell_file (o) - f), dr = abs (pyramids_cell_rank (o) - r);
          int d = df > dr ? df : dr;

          if (d >= 1 && d <= 3)
            py_ring[d][cell] |= PY_BIT (o);
        }
      for (int d = 0; d < 8; d++)
        for (int k = 1;; k++)
          {
            CheopsCell c = pyramids_cell_make (f + k * dirs[d][0], r + k * dirs[d][1]);
            if (c == CHEOPS_CELL_NONE)
              break;
            py_ray[d][cell] |= PY_BIT (c);
          }
      /* 3.2, PY3, PY4: White's offsets; Black's with the rank negated. */
      for (int s = 0; s < 2; s++)
        {
          int fwd = s == CHEOPS_SIDE_A ? 1 : -1;
          int start = s == CHEOPS_SIDE_A ? 2 : 8;

          for (int df = -2; df <= 2; df++)
            {
              CheopsCell c = pyramids_cell_make (f + df, r + fwd);

              if (df >= -1 && df <= 1 && c != CHEOPS_CELL_NONE)
                {
                  py_slave_step[s][cell] |= PY_BIT (c);
                  if (df != 0)
                    py_slave_cap[s][cell] |= PY_BIT (c);
                }
              c = pyramids_cell_make (f + df, r + 2 * fwd);
              if (r == start && c != CHEOPS_CELL_NONE)
                py_slave_leap[s][cell] |= PY_BIT (c);
            }
        }
    }
  for (int s = 0; s < 2; s++)
    for (CheopsCell cell = 0; cell < PY_N; cell++)
      {
        CheopsCellSet caps = py_slave_cap[s][cell];
        while (caps)
          py_slave_attackers[s][cheops_cellset_pop (&caps)] |= PY_BIT (cell);
      }

  for (int s = 0; s < 2; s++)
    for (int t = 0; t < PYRAMIDS_PIECE_TYPE_NB; t++)
      for (int c = 0; c < PY_N; c++)
        py_zobrist[s][t][c] = cheops__splitmix64 (&state);
  py_zobrist_side = cheops__splitmix64 (&state);
  py_zobrist_rights[0] = 0;
  py_zobrist_rights[1] = cheops__splitmix64 (&state);
  py_zobrist_rights[2] = cheops__splitmix64 (&state);
  py_zobrist_rights[3] = py_zobrist_rights[1] ^ py_zobrist_rights[2];

  board_init ();
}
