/* cheops-laws-geometry-private.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The core's own view of the geometry tables, so that the hot paths (move
 * generation, attacks) can inline the lookups.  Not installed, not for use
 * outside src/core.
 */
#pragma once

#include "cheops-laws-geometry.h"

#define cell_column_tab   cheops_laws__cell_column_tab
#define cell_level_tab    cheops_laws__cell_level_tab
#define step_tab          cheops_laws__step_tab
#define corner_tab        cheops_laws__corner_tab
#define king_tab          cheops_laws__king_tab
#define leap_tab          cheops_laws__leap_tab
#define pawn_threat_tab   cheops_laws__pawn_threat_tab
#define pawn_step_tab     cheops_laws__pawn_step_tab
#define pawn_attacker_tab cheops_laws__pawn_attacker_tab
#define ray_tab           cheops_laws__ray_tab
#define ray_list_tab      cheops_laws__ray_list_tab
#define ray_len_tab       cheops_laws__ray_len_tab
#define line_full_tab     cheops_laws__line_full_tab
#define line_ray_tab      cheops_laws__line_ray_tab
#define ray_from_tab      cheops_laws__ray_from_tab
#define pawn_step_from_tab cheops_laws__pawn_step_from_tab

extern int8_t        cell_column_tab[CHEOPS_LAWS_CELL_NB];
extern int8_t        cell_level_tab[CHEOPS_LAWS_CELL_NB];
extern CheopsCellSet step_tab[CHEOPS_LAWS_CELL_NB];
extern CheopsCellSet corner_tab[CHEOPS_LAWS_CELL_NB];
extern CheopsCellSet king_tab[CHEOPS_LAWS_CELL_NB];
extern CheopsCellSet leap_tab[CHEOPS_LAWS_CELL_NB];
extern CheopsCellSet pawn_threat_tab[CHEOPS_SIDE_NB][CHEOPS_LAWS_CELL_NB];
extern CheopsCellSet pawn_step_tab[CHEOPS_LAWS_CELL_NB];
/* The inverse of pawn_step_tab: the cells a Pawn steps to a cell from. */
extern CheopsCellSet pawn_step_from_tab[CHEOPS_LAWS_CELL_NB];
extern CheopsCellSet pawn_attacker_tab[CHEOPS_SIDE_NB][CHEOPS_LAWS_CELL_NB];
extern CheopsCellSet ray_tab[CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_RAY_NB];
/* ray_tab[cell][ray] with @cell itself. */
extern CheopsCellSet ray_from_tab[CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_RAY_NB];
extern CheopsCell    ray_list_tab[CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_RAY_NB][CHEOPS_LAWS_RAY_MAX_CELLS];
extern uint8_t       ray_len_tab[CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_RAY_NB];
/* The union of a cell's rays by the piece that moves along them, indexed by
 * CHEOPS_LAWS_QUEEN (bands), CHEOPS_LAWS_SWORDMASTER (level and column) and
 * CHEOPS_LAWS_SISTER (corner lines); the attacks on an empty board. */
extern CheopsCellSet line_full_tab[CHEOPS_LAWS_PIECE_TYPE_NB][CHEOPS_LAWS_CELL_NB];
/* The ray of a line piece's kind from a cell a that holds a cell b, by
 * [type - CHEOPS_LAWS_QUEEN][a][b] (Queen: bands, Swordmaster: level and
 * column, Sister: corner lines), or CHEOPS_LAWS_RAY_NB for none: the first
 * such ray in the order of cheops_laws__between_cells() (two rays of a kind
 * hold b only when b is next to a, with no cell between). */
#define CHEOPS_LAWS__LINE_KIND_NB 3
extern uint8_t       line_ray_tab[CHEOPS_LAWS__LINE_KIND_NB][CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_CELL_NB];

/* cheops_laws_cell_parse() of the two characters @column_char ('a'-'q')
 * and @level_char ('1'-'9'), inline: the cell, or CHEOPS_CELL_NONE when
 * they name none (level l spans columns l-1 .. 17-l, 2.3). */
static inline CheopsCell
cheops_laws__cell_parse2 (char column_char, char level_char)
{
  static const uint8_t level_first[CHEOPS_LAWS_LEVEL_NB + 1] = { 0, 0, 17, 32, 45, 56, 65, 72, 77, 80 };
  int c = column_char - 'a', l = level_char - '0';

  if (l < 1 || l > CHEOPS_LAWS_LEVEL_NB || c < l - 1 || c > 17 - l)
    return CHEOPS_CELL_NONE;
  return (CheopsCell) (level_first[l] + c - (l - 1));
}

/* Whether a ray's cell numbers grow (+1) or shrink (-1) as it goes, and
 * whether it visits two cells per level against that order (see
 * cheops-geometry.c). */
static const int8_t cheops_laws__ray_sign[CHEOPS_LAWS_RAY_NB] = {
  +1, -1, +1, -1, +1, -1,   /* bands: E W NE SW NW SE */
  +1, -1, +1, -1, +1, -1,   /* corners */
  +1, -1,                   /* column up, down */
};
static const bool cheops_laws__ray_against_grain[CHEOPS_LAWS_RAY_NB] = {
  [CHEOPS_LAWS_RAY_BAND_NORTH_WEST] = true,
  [CHEOPS_LAWS_RAY_BAND_SOUTH_EAST] = true,
};

/* The first cell of @blockers (non-empty, a subset of a ray of kind @ray)
 * along that ray. */
static inline CheopsCell
cheops_laws__ray_first (CheopsLawsRay ray, CheopsCellSet blockers)
{
  CheopsCell first;

  if (cheops_laws__ray_sign[ray] > 0)
    {
      first = cheops_cellset_first (blockers);
      /* NORTH_WEST visits, on each level, the right cell and then the one to
       * its left: if both are occupied, the right one (first + 1) is first. */
      if (cheops_laws__ray_against_grain[ray] && first + 1 < CHEOPS_LAWS_CELL_NB
          && cheops_cellset_has (blockers, (CheopsCell) (first + 1))
          && cell_level_tab[first + 1] == cell_level_tab[first])
        first++;
    }
  else
    {
      first = cheops_cellset_last (blockers);
      /* SOUTH_EAST visits, on each level, the left cell and then the one to
       * its right: if both are occupied, the left one (first - 1) is first. */
      if (cheops_laws__ray_against_grain[ray] && first > 0
          && cheops_cellset_has (blockers, (CheopsCell) (first - 1))
          && cell_level_tab[first - 1] == cell_level_tab[first])
        first--;
    }
  return first;
}

/* cheops_laws_ray_attacks(), inline. */
static inline CheopsCellSet
cheops_laws__ray_attacks (CheopsCell cell, CheopsLawsRay ray, CheopsCellSet occupied)
{
  CheopsCellSet full = ray_tab[cell][ray];
  CheopsCellSet blockers = full & occupied;

  if (blockers == 0)
    return full;
  /* 3.6.3: up to and including the first piece.  The ray from that piece in
   * the same direction is the rest of the line. */
  return full & ~ray_tab[cheops_laws__ray_first (ray, blockers)][ray];
}

static inline CheopsCellSet
cheops_laws__band_attacks (CheopsCell cell, CheopsCellSet occupied)
{
  return cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_BAND_EAST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_BAND_WEST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_BAND_NORTH_EAST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_BAND_SOUTH_WEST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_BAND_NORTH_WEST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_BAND_SOUTH_EAST, occupied);
}

static inline CheopsCellSet
cheops_laws__corner_attacks (CheopsCell cell, CheopsCellSet occupied)
{
  return cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_CORNER_EAST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_CORNER_WEST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_CORNER_NORTH_EAST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_CORNER_SOUTH_WEST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_CORNER_NORTH_WEST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_CORNER_SOUTH_EAST, occupied);
}

static inline CheopsCellSet
cheops_laws__sword_attacks (CheopsCell cell, CheopsCellSet occupied)
{
  return cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_BAND_EAST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_BAND_WEST, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_COLUMN_UP, occupied)
         | cheops_laws__ray_attacks (cell, CHEOPS_LAWS_RAY_COLUMN_DOWN, occupied);
}

/* The pieces of @sliders (pieces that move along @ray's line) that reach
 * @cell along @ray: the first piece met from @cell, if it is one of them
 * (the lines are symmetric). */
static inline CheopsCellSet
cheops_laws__ray_attackers (CheopsCell cell, CheopsLawsRay ray, CheopsCellSet occupied, CheopsCellSet sliders)
{
  if ((ray_tab[cell][ray] & sliders) == 0)
    return 0;
  return cheops_laws__ray_attacks (cell, ray, occupied) & sliders;
}

/* The pieces of @sliders, all of kind @type (CHEOPS_LAWS_QUEEN,
 * CHEOPS_LAWS_SWORDMASTER or CHEOPS_LAWS_SISTER), whose lines reach @cell
 * (3.6.3): equal to the pieces s of @sliders whose band, sword or corner
 * attacks from s hold @cell, looking only along the lines from @cell that
 * hold one of them. */
static inline CheopsCellSet
cheops_laws__line_attackers (CheopsPieceType type, CheopsCell cell, CheopsCellSet occupied, CheopsCellSet sliders)
{
  CheopsCellSet att = 0;

  sliders &= line_full_tab[type][cell];
  if (sliders == 0)
    return 0;
  switch (type)
    {
    case CHEOPS_LAWS_QUEEN:
      for (int r = CHEOPS_LAWS_RAY_BAND_EAST; r <= CHEOPS_LAWS_RAY_BAND_SOUTH_EAST; r++)
        att |= cheops_laws__ray_attackers (cell, (CheopsLawsRay) r, occupied, sliders);
      break;
    case CHEOPS_LAWS_SWORDMASTER:
      att |= cheops_laws__ray_attackers (cell, CHEOPS_LAWS_RAY_BAND_EAST, occupied, sliders);
      att |= cheops_laws__ray_attackers (cell, CHEOPS_LAWS_RAY_BAND_WEST, occupied, sliders);
      att |= cheops_laws__ray_attackers (cell, CHEOPS_LAWS_RAY_COLUMN_UP, occupied, sliders);
      att |= cheops_laws__ray_attackers (cell, CHEOPS_LAWS_RAY_COLUMN_DOWN, occupied, sliders);
      break;
    case CHEOPS_LAWS_SISTER:
      for (int r = CHEOPS_LAWS_RAY_CORNER_EAST; r <= CHEOPS_LAWS_RAY_CORNER_SOUTH_EAST; r++)
        att |= cheops_laws__ray_attackers (cell, (CheopsLawsRay) r, occupied, sliders);
      break;
    default:
      break;
    }
  return att;
}

/* cheops_laws_between_cells(), inline: the cells strictly between @a and
 * @b on the line of a piece of @type through both (the first of its rays
 * from @a that holds @b), or none. */
static inline CheopsCellSet
cheops_laws__between_cells (CheopsPieceType type, CheopsCell a, CheopsCell b)
{
  unsigned kind = (unsigned) type - CHEOPS_LAWS_QUEEN;
  unsigned ray;

  /* CHEOPS_LAWS_QUEEN, CHEOPS_LAWS_SWORDMASTER and CHEOPS_LAWS_SISTER follow
   * each other (kinds 0, 1, 2); any other piece has no line. */
  if (kind >= CHEOPS_LAWS__LINE_KIND_NB)
    return 0;
  ray = line_ray_tab[kind][a][b];
  if (ray >= CHEOPS_LAWS_RAY_NB)
    return 0;
  return ray_tab[a][ray] & ~ray_from_tab[b][ray];
}
