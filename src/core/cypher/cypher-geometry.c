/* cypher-geometry.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board of Cypher chess (spec section 2) and the per-cell move tables
 * of its pieces (3.2), built once at start-up; the board as data for the
 * studio (2.4, 2.5, CY31); the Zobrist keys.
 */
#include "cypher-private.h"

const int8_t   cy_dir_dc[8] = { 1, -1, 0, 0, 1, -1, 1, -1 };
const int8_t   cy_dir_dr[8] = { 0, 0, 1, -1, 1, 1, -1, -1 };

CheopsCellSet  cy_bit[CY_N];
uint8_t        cy_area[CY_N];
CheopsCellSet  cy_court, cy_border, cy_field;
CheopsCellSet  cy_adj[CY_N];
uint8_t        cy_ray_len[CY_N][8];
uint8_t        cy_ray[CY_N][8][10];
CheopsCellSet  cypher_ray_mask[CY_N][8];
CheopsCellSet  cy_orth[CY_N], cy_diag[CY_N];
CheopsCellSet  cy_short[CY_N], cy_long[CY_N];
CheopsCellSet  cy_leaps[CY_N];
CheopsCellSet  cy_pawn_diag[CHEOPS_SIDE_NB][CY_N];
CheopsCellSet  cy_pawn_attackers[CHEOPS_SIDE_NB][CY_N];
CheopsCellSet  cy_pawn_reach[CHEOPS_SIDE_NB][CY_N];
CheopsCellSet  cy_sanctuary[CHEOPS_SIDE_NB];
CheopsCellSet  cy_embed_row[CHEOPS_SIDE_NB];
CheopsCellSet  cy_start_row[CHEOPS_SIDE_NB];
CheopsCellSet  cy_cells, cy_column_z, cy_column_i;
CheopsCellSet  cy_empty_reach[CYPHER_PIECE_TYPE_NB][CY_N];
CheopsCellSet  cy_between[CY_N][CY_N];
bool           cy_aligned[CY_N][CY_N];
uint64_t       cy_zobrist[CHEOPS_SIDE_NB][8][CY_N];
uint64_t       cy_zobrist_side;
uint64_t       cy_zobrist_hand[CHEOPS_SIDE_NB][17];
uint64_t       cy_zobrist_checks[CHEOPS_SIDE_NB][16];
uint64_t       cy_zobrist_mark[CY_N + 1];

static const char column_letters[CYPHER_COLUMNS] = { 'z', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i' };

CheopsCell
cypher_cell_make (int column, int row)
{
  if (column < 0 || column >= CYPHER_COLUMNS || row < 0 || row >= CYPHER_ROWS)
    return CHEOPS_CELL_NONE;
  return (CheopsCell) (10 * row + column);
}

CypherArea
cypher_cell_area (CheopsCell cell)
{
  return (CypherArea) cy_area[cell];
}

CheopsCellSet
cypher_area_cells (CypherArea area)
{
  return area == CYPHER_COURT ? cy_court : area == CYPHER_BORDER ? cy_border : cy_field;
}

char *
cypher_cell_name (CheopsCell cell, char *buf)
{
  int row = cypher_cell_row (cell);

  buf[0] = column_letters[cypher_cell_column (cell)];
  if (row >= 10)
    {
      buf[1] = '1';
      buf[2] = (char) ('0' + row - 10);
      buf[3] = '\0';
    }
  else
    {
      buf[1] = (char) ('0' + row);
      buf[2] = '\0';
    }
  return buf;
}

/* ---------------------------------------------------- board as data */

static CheopsCellInfo board_cells[CY_N];
/* Columns under White's edge and above Black's (20), rows on both sides (22). */
static CheopsEdgeLabel board_labels[20 + 22];
static const char *const column_labels[CYPHER_COLUMNS] = { "z", "a", "b", "c", "d", "e", "f", "g", "h", "i" };
static const char *const row_labels[CYPHER_ROWS] = { "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10" };

/* 2.4: the rectangle (0, 0)-(10, 11), counter-clockwise. */
static const CheopsPoint board_outline[] = {
  { 0, 0 }, { 10, 0 }, { 10, 11 }, { 0, 11 },
};

/* 2.5, CY31: light and dark as on a chessboard, and the same pair tinted
 * for each area that has a tint: Court a cool blue-grey, Border a rose.
 * The tint is a shade of its own, not a TINT zone, so that the chessboard
 * pattern stays visible under it.  The board's colours are the same in
 * the studio's light and dark styles; the tinted pairs keep the contrast of
 * the plain pair. */
enum {
  SHADE_LIGHT, SHADE_DARK,
  SHADE_COURT_LIGHT, SHADE_COURT_DARK,
  SHADE_BORDER_LIGHT, SHADE_BORDER_DARK,
  SHADE_NB
};

static const char *const shade_names[SHADE_NB] = {
  "light", "dark", "Court light", "Court dark", "Border light", "Border dark",
};
static const double shade_rgb[SHADE_NB][3] = {
  { 0.937, 0.867, 0.718 },
  { 0.725, 0.553, 0.353 },
  { 0.816, 0.851, 0.890 },
  { 0.525, 0.580, 0.659 },
  { 0.945, 0.780, 0.760 },
  { 0.776, 0.478, 0.443 },
};

/* The areas, for the rules and for the studio's words; their colour is the
 * tint of their light cells.  Drawn through the shades above, so no style. */
static const CheopsZoneInfo zones[] = {
  { "Court", CYPHER_ZONE_COURT, CHEOPS_ZONE_STYLE_NONE, { 0.816, 0.851, 0.890 }, -1, { 0 } },
  { "Border", CYPHER_ZONE_BORDER, CHEOPS_ZONE_STYLE_NONE, { 0.945, 0.780, 0.760 }, -1, { 0 } },
  { "Field", CYPHER_ZONE_FIELD, CHEOPS_ZONE_STYLE_NONE, { 0, 0, 0 }, -1, { 0 } },
};

const CheopsBoardShape cypher__board = {
  .n_cells = CY_N,
  .cells = board_cells,
  .n_outline = 4,
  .outline = board_outline,
  .min = { 0, 0 },
  .max = { 10, 11 },
  .n_labels = 42,
  .labels = board_labels,
  .n_shades = SHADE_NB,
  .shade_names = shade_names,
  .shade_rgb = shade_rgb,
  .edge_rgb = { 0.420, 0.310, 0.200 },
  .n_zones = 3,
  .zones = zones,
  .flip = CHEOPS_FLIP_ROTATE,
};

static void
board_init (void)
{
  int n = 0;

  for (CheopsCell cell = 0; cell < CY_N; cell++)
    {
      CheopsCellInfo *info = &board_cells[cell];
      double c = cypher_cell_column (cell), r = cypher_cell_row (cell);
      bool dark = ((int) c + (int) r) % 2 == 0;   /* CY31: z0 dark */

      cypher_cell_name (cell, info->name);
      info->n_corners = 4;
      info->corners[0] = (CheopsPoint) { c, r };
      info->corners[1] = (CheopsPoint) { c + 1, r };
      info->corners[2] = (CheopsPoint) { c + 1, r + 1 };
      info->corners[3] = (CheopsPoint) { c, r + 1 };
      info->centre = (CheopsPoint) { c + 0.5, r + 0.5 };
      switch (cy_area[cell])
        {
        case CYPHER_COURT:
          info->shade = dark ? SHADE_COURT_DARK : SHADE_COURT_LIGHT;
          info->zones = CYPHER_ZONE_COURT;
          break;
        case CYPHER_BORDER:
          info->shade = dark ? SHADE_BORDER_DARK : SHADE_BORDER_LIGHT;
          info->zones = CYPHER_ZONE_BORDER;
          break;
        default:
          info->shade = dark ? SHADE_DARK : SHADE_LIGHT;
          info->zones = CYPHER_ZONE_FIELD;
          break;
        }
    }
  for (int c = 0; c < CYPHER_COLUMNS; c++)
    {
      board_labels[n].text = column_labels[c];
      board_labels[n++].at = (CheopsPoint) { c + 0.5, -0.45 };
      board_labels[n].text = column_labels[c];
      board_labels[n++].at = (CheopsPoint) { c + 0.5, 11.45 };
    }
  for (int r = 0; r < CYPHER_ROWS; r++)
    {
      board_labels[n].text = row_labels[r];
      board_labels[n++].at = (CheopsPoint) { -0.5, r + 0.5 };
      board_labels[n].text = row_labels[r];
      board_labels[n++].at = (CheopsPoint) { 10.5, r + 0.5 };
    }
}

static CheopsCellSet
offsets (CheopsCell cell, const int (*off)[2], int n)
{
  CheopsCellSet set = 0;
  int c = cypher_cell_column (cell), r = cypher_cell_row (cell);

  for (int i = 0; i < n; i++)
    {
      CheopsCell to = cypher_cell_make (c + off[i][0], r + off[i][1]);
      if (to != CY_NONE)
        set |= CY_BIT (to);
    }
  return set;
}

void
cypher__init (void)
{
  static bool done;
  static const int short_leap[8][2] = { { 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 }, { 1, -2 }, { 2, -1 }, { -1, -2 }, { -2, -1 } };
  static const int long_leap[8][2] = { { 1, 3 }, { 3, 1 }, { -1, 3 }, { -3, 1 }, { 1, -3 }, { 3, -1 }, { -1, -3 }, { -3, -1 } };
  static const int king_step[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 }, { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
  uint64_t state = 0xC7F4E2C4E55ull;   /* fixed: the same keys in every run */

  if (done)
    return;
  done = true;

  for (CheopsCell cell = 0; cell < CY_N; cell++)
    cy_bit[cell] = cy_shift_bit (cell);
  /* 2.3, CY1 */
  for (CheopsCell cell = 0; cell < CY_N; cell++)
    {
      int c = cypher_cell_column (cell), r = cypher_cell_row (cell);

      cy_cells |= CY_BIT (cell);
      if (c == 0)
        cy_column_z |= CY_BIT (cell);
      else if (c == 9)
        cy_column_i |= CY_BIT (cell);
      if (r == 0 || r == 10 || c == 0 || c == 9)
        {
          cy_area[cell] = CYPHER_COURT;
          cy_court |= CY_BIT (cell);
        }
      else if (r == 5)
        {
          cy_area[cell] = CYPHER_BORDER;
          cy_border |= CY_BIT (cell);
        }
      else
        {
          cy_area[cell] = CYPHER_FIELD;
          cy_field |= CY_BIT (cell);
        }
    }

  /* 3.2 */
  for (CheopsCell cell = 0; cell < CY_N; cell++)
    {
      int c = cypher_cell_column (cell), r = cypher_cell_row (cell);

      cy_adj[cell] = offsets (cell, king_step, 8);
      cy_short[cell] = offsets (cell, short_leap, 8);
      cy_long[cell] = offsets (cell, long_leap, 8);
      /* CY8: the knight's own cell decides. */
      cy_leaps[cell] = cy_area[cell] == CYPHER_FIELD ? cy_short[cell]
                       : cy_area[cell] == CYPHER_COURT ? cy_long[cell]
                       : cy_short[cell] | cy_long[cell];
      for (int d = 0; d < 8; d++)
        {
          int n = 0;
          CheopsCellSet mask = 0;

          for (CheopsCell to = cypher_cell_make (c + cy_dir_dc[d], r + cy_dir_dr[d]);
               to != CY_NONE;
               to = cypher_cell_make (cypher_cell_column (to) + cy_dir_dc[d], cypher_cell_row (to) + cy_dir_dr[d]))
            {
              CheopsCellSet between = mask;

              cy_ray[cell][d][n++] = to;
              cy_aligned[cell][to] = true;
              cy_between[cell][to] = between;
              mask |= CY_BIT (to);
            }
          cy_ray_len[cell][d] = (uint8_t) n;
          cy_ray_mask[cell][d] = mask;
          if (d < 4)
            cy_orth[cell] |= mask;
          else
            cy_diag[cell] |= mask;
        }
      /* Pawns: White forward +1 row, Black -1 (3.2). */
      for (int s = 0; s < CHEOPS_SIDE_NB; s++)
        {
          int dr = s == CHEOPS_SIDE_A ? 1 : -1;
          CheopsCell a = cypher_cell_make (c - 1, r + dr), b = cypher_cell_make (c + 1, r + dr);

          if (a != CY_NONE)
            cy_pawn_diag[s][cell] |= CY_BIT (a);
          if (b != CY_NONE)
            cy_pawn_diag[s][cell] |= CY_BIT (b);
        }
    }
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    for (CheopsCell cell = 0; cell < CY_N; cell++)
      {
        CheopsCellSet d = cy_pawn_diag[s][cell];
        while (d)
          cy_pawn_attackers[s][cheops_cellset_pop (&d)] |= CY_BIT (cell);
      }
  for (int c = 1; c <= 8; c++)
    {
      /* 2.6, CY10 */
      for (int r = 7; r <= 9; r++)
        cy_sanctuary[CHEOPS_SIDE_A] |= CY_BIT (cypher_cell_make (c, r));
      for (int r = 1; r <= 3; r++)
        cy_sanctuary[CHEOPS_SIDE_B] |= CY_BIT (cypher_cell_make (c, r));
      cy_embed_row[CHEOPS_SIDE_A] |= CY_BIT (cypher_cell_make (c, 9));
      cy_embed_row[CHEOPS_SIDE_B] |= CY_BIT (cypher_cell_make (c, 1));
      cy_start_row[CHEOPS_SIDE_A] |= CY_BIT (cypher_cell_make (c, 3));
      cy_start_row[CHEOPS_SIDE_B] |= CY_BIT (cypher_cell_make (c, 7));
    }
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    for (CheopsCell cell = 0; cell < CY_N; cell++)
      {
        int dr = s == CHEOPS_SIDE_A ? 1 : -1, c = cypher_cell_column (cell), r = cypher_cell_row (cell);
        CheopsCell one = cypher_cell_make (c, r + dr), two = cypher_cell_make (c, r + 2 * dr);

        cy_pawn_reach[s][cell] = cy_pawn_diag[s][cell];
        if (one != CY_NONE)
          cy_pawn_reach[s][cell] |= CY_BIT (one);
        if (two != CY_NONE && (cy_start_row[s] & CY_BIT (cell)))
          cy_pawn_reach[s][cell] |= CY_BIT (two);
      }
  for (CheopsCell cell = 0; cell < CY_N; cell++)
    for (int t = 0; t < CYPHER_PIECE_TYPE_NB; t++)
      switch (t)
        {
        case CYPHER_KING: cy_empty_reach[t][cell] = cy_adj[cell]; break;
        case CYPHER_QUEEN: case CYPHER_SPY: cy_empty_reach[t][cell] = cy_orth[cell] | cy_diag[cell]; break;
        case CYPHER_ROOK: cy_empty_reach[t][cell] = cy_orth[cell]; break;
        case CYPHER_BISHOP: cy_empty_reach[t][cell] = cy_diag[cell]; break;
        case CYPHER_KNIGHT: cy_empty_reach[t][cell] = cy_leaps[cell]; break;
        default: cy_empty_reach[t][cell] = ~(CheopsCellSet) 0; break;
        }

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    for (int t = 0; t < 8; t++)
      for (int c = 0; c < CY_N; c++)
        cy_zobrist[s][t][c] = cheops__splitmix64 (&state);
  cy_zobrist_side = cheops__splitmix64 (&state);
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      for (int i = 0; i < 17; i++)
        cy_zobrist_hand[s][i] = i == 0 ? 0 : cheops__splitmix64 (&state);
      for (int i = 0; i < 16; i++)
        cy_zobrist_checks[s][i] = i == 0 ? 0 : cheops__splitmix64 (&state);
    }
  for (int c = 0; c < CY_N; c++)
    cy_zobrist_mark[c] = cheops__splitmix64 (&state);
  cy_zobrist_mark[CY_N] = 0;

  board_init ();
}
