/* cheops-laws-geometry.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board of Articles 2 and 3: the 81 cells, their names, colours and
 * polygons, and the precomputed lines pieces move along (step, band, corner,
 * column, leap, King and Pawn cells).  All tables are built once, before
 * main() runs (or by cheops_laws_init()), and are read-only afterwards, so every
 * function here is thread-safe and allocation-free.
 */
#pragma once

#include "cheops-types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The 81 cells: numbered level by level from the base (level 1, a1 = 0 ..
 * q1 = 16), and within a level from its leftmost column to its rightmost,
 * so the Apex i9 is 80 (Article 2, DESIGN.md section 2). */
#define CHEOPS_LAWS_CELL_NB    81
#define CHEOPS_LAWS_COLUMN_NB  17   /* columns a..q, numbered 0..16 */
#define CHEOPS_LAWS_LEVEL_NB   9    /* levels 1..9 */

/* The named cells of 2.5: the Apex i9, the Gate i8, the flanks h8 and j8. */
#define CHEOPS_LAWS_APEX       ((CheopsCell) 80)
#define CHEOPS_LAWS_GATE       ((CheopsCell) 78)
#define CHEOPS_LAWS_FLANK_H    ((CheopsCell) 77)
#define CHEOPS_LAWS_FLANK_J    ((CheopsCell) 79)

/* Zone bits of the board (CheopsCellInfo.zones). */
#define CHEOPS_LAWS_ZONE_APEX   (1u << 0)
#define CHEOPS_LAWS_ZONE_GATE   (1u << 1)
#define CHEOPS_LAWS_ZONE_FLANK  (1u << 2)

/* The piece kinds of 4.1.  The letters are K Q M S A and, in FEN only, P. */
enum {
  CHEOPS_LAWS_KING          = 1,
  CHEOPS_LAWS_QUEEN         = 2,
  CHEOPS_LAWS_SWORDMASTER   = 3,
  CHEOPS_LAWS_SISTER        = 4,
  CHEOPS_LAWS_ASSASSIN      = 5,
  CHEOPS_LAWS_PAWN          = 6,
  CHEOPS_LAWS_PIECE_TYPE_NB = 7
};


/* The rays of the board.  A ray is the part of a line (3.2-3.4) that runs
 * from a cell, not including it, to the edge of the board, in one direction.
 *
 * Bands (3.2, the Queen): EAST and WEST run along the level one step at a
 * time; NORTH_EAST climbs by a step right from a light cell and a step up
 * from a dark one (i3 j3 j4 k4 k5), NORTH_WEST by a step left from a light
 * cell and up from a dark one; SOUTH_WEST and SOUTH_EAST are their reverses.
 *
 * Corner lines (3.3, the Sister): EAST and WEST two columns at a time along
 * the level (i3 k3 m3), the four diagonals one column and one level at a time
 * (i3 j4 k5, i3 h4 g5 and their reverses downward).
 *
 * Columns (3.4): UP and DOWN.  The Swordmaster (4.4) moves along the two
 * level rays (CHEOPS_LAWS_RAY_BAND_EAST, CHEOPS_LAWS_RAY_BAND_WEST) and the two column
 * rays. */
typedef enum {
  CHEOPS_LAWS_RAY_BAND_EAST = 0,
  CHEOPS_LAWS_RAY_BAND_WEST,
  CHEOPS_LAWS_RAY_BAND_NORTH_EAST,
  CHEOPS_LAWS_RAY_BAND_SOUTH_WEST,
  CHEOPS_LAWS_RAY_BAND_NORTH_WEST,
  CHEOPS_LAWS_RAY_BAND_SOUTH_EAST,
  CHEOPS_LAWS_RAY_CORNER_EAST,
  CHEOPS_LAWS_RAY_CORNER_WEST,
  CHEOPS_LAWS_RAY_CORNER_NORTH_EAST,
  CHEOPS_LAWS_RAY_CORNER_SOUTH_WEST,
  CHEOPS_LAWS_RAY_CORNER_NORTH_WEST,
  CHEOPS_LAWS_RAY_CORNER_SOUTH_EAST,
  CHEOPS_LAWS_RAY_COLUMN_UP,
  CHEOPS_LAWS_RAY_COLUMN_DOWN,
  CHEOPS_LAWS_RAY_NB
} CheopsLawsRay;

/* The longest ray has 16 cells (a level-1 ray from a corner). */
#define CHEOPS_LAWS_RAY_MAX_CELLS 16

/* Builds the tables.  They are also built automatically before main(), so
 * calling this is only needed from code that runs earlier; it is idempotent. */
void            cheops_laws_init                (void);

/* The cell at @column (0..16 for a..q) and @level (1..9), or
 * CHEOPS_CELL_NONE when that is off the board (2.3). */
CheopsCell      cheops_laws_cell_make           (int column,
                                            int level);
/* The column of @cell, 0..16 (a..q). */
int             cheops_laws_cell_column         (CheopsCell cell);
/* The level of @cell, 1..9. */
int             cheops_laws_cell_level          (CheopsCell cell);
/* Whether @cell is light, i.e. points up (2.4): column + level is odd. */
bool            cheops_laws_cell_is_light       (CheopsCell cell);

/* Writes the name of @cell ("a1" .. "i9", 2 characters and a NUL) into @buf,
 * which must hold 3 bytes, and returns @buf. */
char           *cheops_laws_cell_name           (CheopsCell cell,
                                            char       buf[3]);
/* Reads a cell name (lower-case column letter, then level digit) from the
 * start of @text.  Returns the cell and sets *@length (if not NULL) to the 2
 * bytes read, or returns CHEOPS_CELL_NONE when the text does not start with
 * the name of a cell on the board. */
CheopsCell      cheops_laws_cell_parse          (const char *text,
                                            size_t     *length);

/* The triangle of @cell in board units, for drawing and hit-testing: three
 * (x, y) pairs in @xy, where triangles are 2 units wide and 1 unit high, x
 * runs 0..18 from the a side to the q side and y 0..9 upward from the base
 * (DESIGN.md section 2; RULINGS.md "Facts").  A light cell lists its base
 * vertices first and its top last; a dark cell its bottom vertex first. */
void            cheops_laws_cell_polygon        (CheopsCell cell,
                                            double     xy[6]);
/* The cell whose triangle contains the point (@x, @y) in the units of
 * cheops_laws_cell_polygon(), or CHEOPS_CELL_NONE outside the board. */
CheopsCell      cheops_laws_cell_at_point       (double x,
                                            double y);

/* The shortest number of steps (3.1) between two cells, 0..16. */
int             cheops_laws_distance            (CheopsCell a,
                                            CheopsCell b);

/* The step neighbours of @cell (3.1): left, right, and below for a light
 * cell or above for a dark one; fewer at the edges. */
CheopsCellSet   cheops_laws_step_cells          (CheopsCell cell);
/* The same-colour cells that touch @cell at a point only (3.3): the first
 * cell of each of its six corner rays. */
CheopsCellSet   cheops_laws_corner_cells        (CheopsCell cell);
/* The King's cells (4.2.1): step and corner cells, up to nine. */
CheopsCellSet   cheops_laws_king_cells          (CheopsCell cell);
/* The leap cells of @cell (3.5, RULINGS.md R1): every cell at a shortest
 * step distance of exactly three.  Up to nine, all of the other colour. */
CheopsCellSet   cheops_laws_leap_cells          (CheopsCell cell);
/* The cells a Pawn of @side on @cell threatens (4.7.2, R6): (c-1, l+1),
 * (c+1, l+1) and (c+2, l) for the a side or (c-2, l) for the q side, as far
 * as they are on the board.  Empty on the Gate. */
CheopsCellSet   cheops_laws_pawn_threat_cells   (CheopsSide side,
                                            CheopsCell cell);
/* The cells from which a Pawn of @side threatens @cell (the inverse of
 * cheops_laws_pawn_threat_cells()). */
CheopsCellSet   cheops_laws_pawn_attacker_cells (CheopsSide side,
                                            CheopsCell cell);
/* The cells a Pawn on @cell may move to without capturing, before looking
 * at what stands there (4.7.1, R6): its King cells on the same or a higher
 * level, without the Apex unless @cell is the Gate (5.3, 5.4).  The same for
 * both sides. */
CheopsCellSet   cheops_laws_pawn_step_cells     (CheopsCell cell);
/* All the cells of @ray from @cell, not including @cell. */
CheopsCellSet   cheops_laws_ray_cells           (CheopsCell cell,
                                            CheopsLawsRay  ray);
/* Writes the cells of @ray from @cell into @out (room for
 * CHEOPS_LAWS_RAY_MAX_CELLS), nearest first, and returns how many there are. */
int             cheops_laws_ray_list            (CheopsCell cell,
                                            CheopsLawsRay  ray,
                                            CheopsCell out[CHEOPS_LAWS_RAY_MAX_CELLS]);

/* The cells attacked along @ray from @cell when the cells in @occupied hold
 * pieces (3.6.3): the ray up to and including its first occupied cell. */
CheopsCellSet   cheops_laws_ray_attacks         (CheopsCell    cell,
                                            CheopsLawsRay     ray,
                                            CheopsCellSet occupied);
/* The union of cheops_laws_ray_attacks() over the six band rays (the Queen), the
 * six corner rays (the Sister) and the level and column rays (the
 * Swordmaster). */
CheopsCellSet   cheops_laws_band_attacks        (CheopsCell    cell,
                                            CheopsCellSet occupied);
CheopsCellSet   cheops_laws_corner_attacks      (CheopsCell    cell,
                                            CheopsCellSet occupied);
CheopsCellSet   cheops_laws_sword_attacks       (CheopsCell    cell,
                                            CheopsCellSet occupied);

/* The cells strictly between @a and @b when both lie on one line of the
 * kind given by the piece @type that moves along it (CHEOPS_LAWS_QUEEN: band,
 * CHEOPS_LAWS_SISTER: corner line, CHEOPS_LAWS_SWORDMASTER: level or column), else the
 * empty set. */
CheopsCellSet   cheops_laws_between_cells       (CheopsPieceType type,
                                            CheopsCell      a,
                                            CheopsCell      b);

/* All light cells and all dark cells. */
CheopsCellSet   cheops_laws_light_cells         (void);
CheopsCellSet   cheops_laws_dark_cells          (void);
/* All 81 cells. */
CheopsCellSet   cheops_laws_all_cells           (void);

#ifdef __cplusplus
}
#endif
