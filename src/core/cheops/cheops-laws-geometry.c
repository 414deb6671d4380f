/* cheops-geometry.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board (Article 2) and its lines (Article 3) as precomputed tables.
 *
 * Coordinates.  Column c = 0..16 (a..q), level l = 1..9; level l spans
 * columns l-1 .. 17-l (2.3).  A cell is light (points up) iff c + l is odd
 * (2.4).  With triangles two units wide, a light cell has vertices (c, l-1),
 * (c+2, l-1), (c+1, l) and a dark cell (c+1, l-1), (c, l), (c+2, l).
 *
 * Step distance.  Every cell lies between consecutive lines of three
 * families: the horizontal lines y = k, and the diagonal lines x + y = 2k and
 * x - y = 2k.  Name a cell by the indices (h, p, q) of those three strips;
 * a step crosses exactly one line, so the step distance is
 * |dh| + |dp| + |dq| (the usual metric of a triangular grid; the board is
 * convex, so it is also the distance on the board, RULINGS.md "Facts").
 *
 * Slider attacks.  Cell numbers grow level by level and, within a level,
 * left to right.  Along most rays they are monotonic, so the first piece on
 * a ray is the lowest (or highest) occupied cell of it; the band rays
 * NORTH_WEST and SOUTH_EAST visit two cells per level against the grain, and
 * there the first piece is found by looking at the neighbour on the same
 * level (see ray_first()).
 */
#include "cheops-laws-geometry.h"
#include "cheops-laws-geometry-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Offsets of the first cell of each level 1..9 (index 0 unused). */
static const int level_offset[CHEOPS_LAWS_LEVEL_NB + 2] = { 0, 0, 17, 32, 45, 56, 65, 72, 77, 80, 81 };

int8_t        cell_column_tab[CHEOPS_LAWS_CELL_NB];
int8_t        cell_level_tab[CHEOPS_LAWS_CELL_NB];
static int8_t strip_h[CHEOPS_LAWS_CELL_NB], strip_p[CHEOPS_LAWS_CELL_NB], strip_q[CHEOPS_LAWS_CELL_NB];
CheopsCellSet step_tab[CHEOPS_LAWS_CELL_NB];
CheopsCellSet corner_tab[CHEOPS_LAWS_CELL_NB];
CheopsCellSet king_tab[CHEOPS_LAWS_CELL_NB];
CheopsCellSet leap_tab[CHEOPS_LAWS_CELL_NB];
CheopsCellSet pawn_threat_tab[CHEOPS_SIDE_NB][CHEOPS_LAWS_CELL_NB];
CheopsCellSet pawn_step_tab[CHEOPS_LAWS_CELL_NB];
CheopsCellSet pawn_step_from_tab[CHEOPS_LAWS_CELL_NB];
CheopsCellSet pawn_attacker_tab[CHEOPS_SIDE_NB][CHEOPS_LAWS_CELL_NB];
CheopsCellSet ray_tab[CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_RAY_NB];
CheopsCellSet ray_from_tab[CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_RAY_NB];
CheopsCell    ray_list_tab[CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_RAY_NB][CHEOPS_LAWS_RAY_MAX_CELLS];
uint8_t       ray_len_tab[CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_RAY_NB];
CheopsCellSet line_full_tab[CHEOPS_LAWS_PIECE_TYPE_NB][CHEOPS_LAWS_CELL_NB];
uint8_t       line_ray_tab[CHEOPS_LAWS__LINE_KIND_NB][CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_CELL_NB];
static CheopsCellSet light_set, dark_set, all_set;
static bool          initialized;

static inline CheopsCell
make_cell (int c, int l)
{
  if (l < 1 || l > CHEOPS_LAWS_LEVEL_NB || c < l - 1 || c > 17 - l)
    return CHEOPS_CELL_NONE;
  return (CheopsCell) (level_offset[l] + c - (l - 1));
}

/* One step along @ray from (c, l), or CHEOPS_CELL_NONE off the board. */
static CheopsCell
ray_step (int c, int l, CheopsLawsRay ray)
{
  bool light = ((c + l) & 1) != 0;

  switch (ray)
    {
    case CHEOPS_LAWS_RAY_BAND_EAST:        return make_cell (c + 1, l);
    case CHEOPS_LAWS_RAY_BAND_WEST:        return make_cell (c - 1, l);
    /* 3.2.2: one column sideways, one level up, alternately. */
    case CHEOPS_LAWS_RAY_BAND_NORTH_EAST:  return light ? make_cell (c + 1, l) : make_cell (c, l + 1);
    case CHEOPS_LAWS_RAY_BAND_SOUTH_WEST:  return light ? make_cell (c, l - 1) : make_cell (c - 1, l);
    case CHEOPS_LAWS_RAY_BAND_NORTH_WEST:  return light ? make_cell (c - 1, l) : make_cell (c, l + 1);
    case CHEOPS_LAWS_RAY_BAND_SOUTH_EAST:  return light ? make_cell (c, l - 1) : make_cell (c + 1, l);
    /* 3.3.1: along the level two columns at a time, diagonally one and one. */
    case CHEOPS_LAWS_RAY_CORNER_EAST:       return make_cell (c + 2, l);
    case CHEOPS_LAWS_RAY_CORNER_WEST:       return make_cell (c - 2, l);
    case CHEOPS_LAWS_RAY_CORNER_NORTH_EAST: return make_cell (c + 1, l + 1);
    case CHEOPS_LAWS_RAY_CORNER_SOUTH_WEST: return make_cell (c - 1, l - 1);
    case CHEOPS_LAWS_RAY_CORNER_NORTH_WEST: return make_cell (c - 1, l + 1);
    case CHEOPS_LAWS_RAY_CORNER_SOUTH_EAST: return make_cell (c + 1, l - 1);
    /* 3.4.1 */
    case CHEOPS_LAWS_RAY_COLUMN_UP:         return make_cell (c, l + 1);
    case CHEOPS_LAWS_RAY_COLUMN_DOWN:       return make_cell (c, l - 1);
    case CHEOPS_LAWS_RAY_NB:
    default:                           return CHEOPS_CELL_NONE;
    }
}

static CheopsCellSet
bit_if (int c, int l)
{
  CheopsCell cell = make_cell (c, l);
  return cell == CHEOPS_CELL_NONE ? 0 : cheops_cellset_of (cell);
}

__attribute__((constructor))
static void
geometry_init (void)
{
  cheops_laws_init ();
}

void
cheops_laws_init (void)
{
  if (initialized)
    return;

  for (int l = 1; l <= CHEOPS_LAWS_LEVEL_NB; l++)
    for (int c = l - 1; c <= 17 - l; c++)
      {
        CheopsCell cell = make_cell (c, l);
        bool light = ((c + l) & 1) != 0;

        cell_column_tab[cell] = (int8_t) c;
        cell_level_tab[cell] = (int8_t) l;
        strip_h[cell] = (int8_t) (l - 1);
        strip_p[cell] = (int8_t) (light ? (c + l - 1) / 2 : (c + l) / 2);
        strip_q[cell] = (int8_t) (light ? (c - l + 1) / 2 : (c - l) / 2);   /* both >= 0 */
        all_set |= cheops_cellset_of (cell);
        if (light)
          light_set |= cheops_cellset_of (cell);
        else
          dark_set |= cheops_cellset_of (cell);
      }

  for (CheopsCell cell = 0; cell < CHEOPS_LAWS_CELL_NB; cell++)
    {
      int c = cell_column_tab[cell], l = cell_level_tab[cell];
      bool light = ((c + l) & 1) != 0;

      /* 3.1.2-3.1.3 */
      step_tab[cell] = bit_if (c - 1, l) | bit_if (c + 1, l)
                       | (light ? bit_if (c, l - 1) : bit_if (c, l + 1));
      /* 3.3.1: the first cell of each corner ray. */
      corner_tab[cell] = bit_if (c + 2, l) | bit_if (c - 2, l)
                         | bit_if (c + 1, l + 1) | bit_if (c - 1, l + 1)
                         | bit_if (c + 1, l - 1) | bit_if (c - 1, l - 1);
      /* 4.2.1 and Article 5: the King never enters the Apex. */
      king_tab[cell] = (step_tab[cell] | corner_tab[cell]) & ~cheops_cellset_of (CHEOPS_LAWS_APEX);

      /* 4.7.2, R6: the threat direction belongs to the side. */
      pawn_threat_tab[CHEOPS_SIDE_A][cell] = bit_if (c - 1, l + 1) | bit_if (c + 1, l + 1) | bit_if (c + 2, l);
      pawn_threat_tab[CHEOPS_SIDE_B][cell] = bit_if (c - 1, l + 1) | bit_if (c + 1, l + 1) | bit_if (c - 2, l);

      /* 4.7.1: like a King, never to a lower level; 5.3-5.4: onto the Apex
       * without capturing only from the Gate. */
      {
        CheopsCellSet s = step_tab[cell] | corner_tab[cell];
        CheopsCellSet keep = 0;
        while (s)
          {
            CheopsCell to = cheops_cellset_pop (&s);
            if (cell_level_tab[to] < l)
              continue;
            if (to == CHEOPS_LAWS_APEX && cell != CHEOPS_LAWS_GATE)
              continue;
            keep |= cheops_cellset_of (to);
          }
        pawn_step_tab[cell] = keep;
      }

      for (int r = 0; r < CHEOPS_LAWS_RAY_NB; r++)
        {
          int cc = c, ll = l, n = 0;
          CheopsCell next;

          while ((next = ray_step (cc, ll, (CheopsLawsRay) r)) != CHEOPS_CELL_NONE)
            {
              ray_tab[cell][r] |= cheops_cellset_of (next);
              ray_list_tab[cell][r][n++] = next;
              cc = cell_column_tab[next];
              ll = cell_level_tab[next];
            }
          ray_len_tab[cell][r] = (uint8_t) n;
          ray_from_tab[cell][r] = ray_tab[cell][r] | cheops_cellset_of (cell);
        }
    }

  for (CheopsCell cell = 0; cell < CHEOPS_LAWS_CELL_NB; cell++)
    {
      for (int r = CHEOPS_LAWS_RAY_BAND_EAST; r <= CHEOPS_LAWS_RAY_BAND_SOUTH_EAST; r++)
        line_full_tab[CHEOPS_LAWS_QUEEN][cell] |= ray_tab[cell][r];
      for (int r = CHEOPS_LAWS_RAY_CORNER_EAST; r <= CHEOPS_LAWS_RAY_CORNER_SOUTH_EAST; r++)
        line_full_tab[CHEOPS_LAWS_SISTER][cell] |= ray_tab[cell][r];
      line_full_tab[CHEOPS_LAWS_SWORDMASTER][cell] = ray_tab[cell][CHEOPS_LAWS_RAY_BAND_EAST] | ray_tab[cell][CHEOPS_LAWS_RAY_BAND_WEST]
                                                | ray_tab[cell][CHEOPS_LAWS_RAY_COLUMN_UP] | ray_tab[cell][CHEOPS_LAWS_RAY_COLUMN_DOWN];
    }

  /* Each line kind's ray from a that holds b, the first in the order the
   * between-cells lookup always took: bands E W NE SW NW SE, corner lines
   * likewise, level E W then column up and down. */
  {
    static const CheopsLawsRay kind_rays[CHEOPS_LAWS__LINE_KIND_NB][6] = {
      { CHEOPS_LAWS_RAY_BAND_EAST, CHEOPS_LAWS_RAY_BAND_WEST, CHEOPS_LAWS_RAY_BAND_NORTH_EAST,
        CHEOPS_LAWS_RAY_BAND_SOUTH_WEST, CHEOPS_LAWS_RAY_BAND_NORTH_WEST, CHEOPS_LAWS_RAY_BAND_SOUTH_EAST },
      { CHEOPS_LAWS_RAY_BAND_EAST, CHEOPS_LAWS_RAY_BAND_WEST, CHEOPS_LAWS_RAY_COLUMN_UP,
        CHEOPS_LAWS_RAY_COLUMN_DOWN, CHEOPS_LAWS_RAY_NB, CHEOPS_LAWS_RAY_NB },
      { CHEOPS_LAWS_RAY_CORNER_EAST, CHEOPS_LAWS_RAY_CORNER_WEST, CHEOPS_LAWS_RAY_CORNER_NORTH_EAST,
        CHEOPS_LAWS_RAY_CORNER_SOUTH_WEST, CHEOPS_LAWS_RAY_CORNER_NORTH_WEST, CHEOPS_LAWS_RAY_CORNER_SOUTH_EAST },
    };

    memset (line_ray_tab, CHEOPS_LAWS_RAY_NB, sizeof line_ray_tab);
    for (int k = 0; k < CHEOPS_LAWS__LINE_KIND_NB; k++)
      for (CheopsCell a = 0; a < CHEOPS_LAWS_CELL_NB; a++)
        for (int i = 5; i >= 0; i--)
          {
            CheopsLawsRay r = kind_rays[k][i];
            CheopsCellSet cells = r < CHEOPS_LAWS_RAY_NB ? ray_tab[a][r] : 0;

            /* From the last ray to the first, so that the first wins. */
            while (cells)
              line_ray_tab[k][a][cheops_cellset_pop (&cells)] = (uint8_t) r;
          }
  }

  /* The inverse of the Pawn steps. */
  for (CheopsCell from = 0; from < CHEOPS_LAWS_CELL_NB; from++)
    {
      CheopsCellSet t = pawn_step_tab[from];
      while (t)
        pawn_step_from_tab[cheops_cellset_pop (&t)] |= cheops_cellset_of (from);
    }

  /* The inverse of the Pawn threats. */
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    for (CheopsCell from = 0; from < CHEOPS_LAWS_CELL_NB; from++)
      {
        CheopsCellSet t = pawn_threat_tab[s][from];
        while (t)
          pawn_attacker_tab[s][cheops_cellset_pop (&t)] |= cheops_cellset_of (from);
      }

  /* 3.5, R1: every cell at a shortest step distance of exactly three. */
  for (CheopsCell a = 0; a < CHEOPS_LAWS_CELL_NB; a++)
    for (CheopsCell b = 0; b < CHEOPS_LAWS_CELL_NB; b++)
      if (cheops_laws_distance (a, b) == 3)
        leap_tab[a] |= cheops_cellset_of (b);

  initialized = true;
}

CheopsCell
cheops_laws_cell_make (int column,
                  int level)
{
  return make_cell (column, level);
}

int
cheops_laws_cell_column (CheopsCell cell)
{
  return cell_column_tab[cell];
}

int
cheops_laws_cell_level (CheopsCell cell)
{
  return cell_level_tab[cell];
}

bool
cheops_laws_cell_is_light (CheopsCell cell)
{
  return ((cell_column_tab[cell] + cell_level_tab[cell]) & 1) != 0;
}

char *
cheops_laws_cell_name (CheopsCell cell,
                  char       buf[3])
{
  if (cell >= CHEOPS_LAWS_CELL_NB)
    {
      buf[0] = '-';
      buf[1] = '-';
    }
  else
    {
      buf[0] = (char) ('a' + cell_column_tab[cell]);
      buf[1] = (char) ('0' + cell_level_tab[cell]);
    }
  buf[2] = '\0';
  return buf;
}

CheopsCell
cheops_laws_cell_parse (const char *text,
                   size_t     *length)
{
  CheopsCell cell;

  if (text == NULL || text[0] < 'a' || text[0] > 'q' || text[1] < '1' || text[1] > '9')
    return CHEOPS_CELL_NONE;
  cell = make_cell (text[0] - 'a', text[1] - '0');
  if (cell != CHEOPS_CELL_NONE && length != NULL)
    *length = 2;
  return cell;
}

void
cheops_laws_cell_polygon (CheopsCell cell,
                     double     xy[6])
{
  double c = cell_column_tab[cell], l = cell_level_tab[cell];

  if (cheops_laws_cell_is_light (cell))
    {
      xy[0] = c;     xy[1] = l - 1;
      xy[2] = c + 2; xy[3] = l - 1;
      xy[4] = c + 1; xy[5] = l;
    }
  else
    {
      xy[0] = c + 1; xy[1] = l - 1;
      xy[2] = c;     xy[3] = l;
      xy[4] = c + 2; xy[5] = l;
    }
}

CheopsCell
cheops_laws_cell_at_point (double x,
                      double y)
{
  int l;
  double f;

  if (!(y >= 0.0 && y < CHEOPS_LAWS_LEVEL_NB))
    return CHEOPS_CELL_NONE;
  l = (int) floor (y) + 1;
  f = y - (l - 1);   /* height within the level, 0..1 */

  for (int c = l - 1; c <= 17 - l; c++)
    {
      bool light = ((c + l) & 1) != 0;
      /* At height f a light cell spans [c+f, c+2-f], a dark one [c+1-f, c+1+f]. */
      double lo = light ? c + f : c + 1 - f;
      double hi = light ? c + 2 - f : c + 1 + f;
      if (x >= lo && x < hi)
        return make_cell (c, l);
    }
  return CHEOPS_CELL_NONE;
}

int
cheops_laws_distance (CheopsCell a,
                 CheopsCell b)
{
  return abs (strip_h[a] - strip_h[b]) + abs (strip_p[a] - strip_p[b]) + abs (strip_q[a] - strip_q[b]);
}

CheopsCellSet
cheops_laws_step_cells (CheopsCell cell)
{
  return step_tab[cell];
}

CheopsCellSet
cheops_laws_corner_cells (CheopsCell cell)
{
  return corner_tab[cell];
}

CheopsCellSet
cheops_laws_king_cells (CheopsCell cell)
{
  return king_tab[cell];
}

CheopsCellSet
cheops_laws_leap_cells (CheopsCell cell)
{
  return leap_tab[cell];
}

CheopsCellSet
cheops_laws_pawn_threat_cells (CheopsSide side,
                          CheopsCell cell)
{
  return pawn_threat_tab[side][cell];
}

CheopsCellSet
cheops_laws_pawn_attacker_cells (CheopsSide side,
                            CheopsCell cell)
{
  return pawn_attacker_tab[side][cell];
}

CheopsCellSet
cheops_laws_pawn_step_cells (CheopsCell cell)
{
  return pawn_step_tab[cell];
}

CheopsCellSet
cheops_laws_ray_cells (CheopsCell cell,
                  CheopsLawsRay  ray)
{
  return ray_tab[cell][ray];
}

int
cheops_laws_ray_list (CheopsCell cell,
                 CheopsLawsRay  ray,
                 CheopsCell out[CHEOPS_LAWS_RAY_MAX_CELLS])
{
  int n = ray_len_tab[cell][ray];
  memcpy (out, ray_list_tab[cell][ray], (size_t) n);
  return n;
}

CheopsCellSet
cheops_laws_ray_attacks (CheopsCell    cell,
                    CheopsLawsRay     ray,
                    CheopsCellSet occupied)
{
  return cheops_laws__ray_attacks (cell, ray, occupied);
}

CheopsCellSet
cheops_laws_band_attacks (CheopsCell    cell,
                     CheopsCellSet occupied)
{
  return cheops_laws__band_attacks (cell, occupied);
}

CheopsCellSet
cheops_laws_corner_attacks (CheopsCell    cell,
                       CheopsCellSet occupied)
{
  return cheops_laws__corner_attacks (cell, occupied);
}

CheopsCellSet
cheops_laws_sword_attacks (CheopsCell    cell,
                      CheopsCellSet occupied)
{
  return cheops_laws__sword_attacks (cell, occupied);
}

CheopsCellSet
cheops_laws_between_cells (CheopsPieceType type,
                      CheopsCell      a,
                      CheopsCell      b)
{
  return cheops_laws__between_cells (type, a, b);
}

CheopsCellSet
cheops_laws_light_cells (void)
{
  return light_set;
}

CheopsCellSet
cheops_laws_dark_cells (void)
{
  return dark_set;
}

CheopsCellSet
cheops_laws_all_cells (void)
{
  return all_set;
}
