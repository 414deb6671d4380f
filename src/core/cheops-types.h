/* cheops-types.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The basic types of the Cheops rules core: cells, sides, pieces, moves and
 * the 81-cell set.  Plain C11 (with the GCC/Clang 128-bit integer extension),
 * libc only.  Article numbers refer to "The Laws of Cheops".
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A cell index, 0..80.  Cells are numbered level by level from the base
 * (level 1, a1 = 0 .. q1 = 16), and within a level from its leftmost column to
 * its rightmost, so the Apex i9 is 80 (Article 2, DESIGN.md section 2). */
typedef uint8_t CheopsCell;

#define CHEOPS_CELL_NB    81
#define CHEOPS_CELL_NONE  ((CheopsCell) 255)
#define CHEOPS_COLUMN_NB  17   /* columns a..q, numbered 0..16 */
#define CHEOPS_LEVEL_NB   9    /* levels 1..9 */

/* The named cells of 2.5: the Apex i9, the Gate i8, the flanks h8 and j8. */
#define CHEOPS_APEX       ((CheopsCell) 80)
#define CHEOPS_GATE       ((CheopsCell) 78)
#define CHEOPS_FLANK_H    ((CheopsCell) 77)
#define CHEOPS_FLANK_J    ((CheopsCell) 79)

/* A side, named by the base corner it started in (6.1): CHEOPS_SIDE_A is the
 * side of the a corner (upper case in FEN), CHEOPS_SIDE_Q the side of the q
 * corner (lower case).  Colours (Green, Orange) belong to a game, not to a
 * position (6.2). */
typedef enum {
  CHEOPS_SIDE_A = 0,
  CHEOPS_SIDE_Q = 1,
  CHEOPS_SIDE_NB = 2
} CheopsSide;

/* The piece kinds of 4.1.  The letters are K Q M S A and, in FEN only, P. */
typedef enum {
  CHEOPS_NO_PIECE_TYPE = 0,
  CHEOPS_KING          = 1,
  CHEOPS_QUEEN         = 2,
  CHEOPS_SWORDMASTER   = 3,
  CHEOPS_SISTER        = 4,
  CHEOPS_ASSASSIN      = 5,
  CHEOPS_PAWN          = 6,
  CHEOPS_PIECE_TYPE_NB = 7
} CheopsPieceType;

/* A piece on a cell: 0 for an empty cell, else (side << 3) | type. */
typedef uint8_t CheopsPiece;

#define CHEOPS_NO_PIECE ((CheopsPiece) 0)

static inline CheopsPiece
cheops_piece_make (CheopsSide side, CheopsPieceType type)
{
  return (CheopsPiece) ((unsigned) side << 3 | (unsigned) type);
}

static inline CheopsPieceType
cheops_piece_type (CheopsPiece piece)
{
  return (CheopsPieceType) (piece & 7);
}

static inline CheopsSide
cheops_piece_side (CheopsPiece piece)
{
  return (CheopsSide) (piece >> 3);
}

static inline CheopsSide
cheops_side_other (CheopsSide side)
{
  return (CheopsSide) (side ^ 1);
}

/* A move, packed in 16 bits: from-cell in bits 0..6, to-cell in bits 7..13.
 * Whether it captures, collapses (5.2) or promotes (4.7.3) follows from the
 * position it is played in.  0 (a1 to a1) is never a move: CHEOPS_MOVE_NONE. */
typedef uint16_t CheopsMove;

#define CHEOPS_MOVE_NONE ((CheopsMove) 0)

/* The largest number of moves a position can have, with margin: the move
 * arrays callers pass to the generators must hold this many entries. */
#define CHEOPS_MAX_MOVES 320

static inline CheopsMove
cheops_move_make (CheopsCell from, CheopsCell to)
{
  return (CheopsMove) (from | (unsigned) to << 7);
}

static inline CheopsCell
cheops_move_from (CheopsMove move)
{
  return (CheopsCell) (move & 0x7f);
}

static inline CheopsCell
cheops_move_to (CheopsMove move)
{
  return (CheopsCell) ((move >> 7) & 0x7f);
}

/* A set of cells: bit n stands for cell n.  Uses the 128-bit integer of GCC
 * and Clang; bits 81..127 are always zero. */
typedef unsigned __int128 CheopsCellSet;

#define CHEOPS_CELLSET_EMPTY ((CheopsCellSet) 0)

static inline CheopsCellSet
cheops_cellset_of (CheopsCell cell)
{
  return (CheopsCellSet) 1 << cell;
}

static inline bool
cheops_cellset_has (CheopsCellSet set, CheopsCell cell)
{
  return (set >> cell) & 1;
}

/* The number of cells in @set. */
static inline int
cheops_cellset_count (CheopsCellSet set)
{
  return __builtin_popcountll ((uint64_t) set) + __builtin_popcountll ((uint64_t) (set >> 64));
}

/* The lowest-numbered cell of a non-empty @set. */
static inline CheopsCell
cheops_cellset_first (CheopsCellSet set)
{
  uint64_t lo = (uint64_t) set;
  return lo ? (CheopsCell) __builtin_ctzll (lo)
            : (CheopsCell) (64 + __builtin_ctzll ((uint64_t) (set >> 64)));
}

/* The highest-numbered cell of a non-empty @set. */
static inline CheopsCell
cheops_cellset_last (CheopsCellSet set)
{
  uint64_t hi = (uint64_t) (set >> 64);
  return hi ? (CheopsCell) (127 - __builtin_clzll (hi))
            : (CheopsCell) (63 - __builtin_clzll ((uint64_t) set));
}

/* Removes and returns the lowest-numbered cell of a non-empty *@set. */
static inline CheopsCell
cheops_cellset_pop (CheopsCellSet *set)
{
  CheopsCell cell = cheops_cellset_first (*set);
  *set &= *set - 1;
  return cell;
}

/* An error record of the core: a code, where it happened and a readable
 * message.  @line and @column are 1-based (0 when they do not apply): for a
 * FEN, line is 1 and column is the character offset in the FEN text. */
typedef enum {
  CHEOPS_ERROR_NONE = 0,
  CHEOPS_ERROR_FEN_SYNTAX,       /* malformed FEN text */
  CHEOPS_ERROR_FEN_IMPOSSIBLE,   /* well-formed but not a position (R9) */
  CHEOPS_ERROR_MOVE_SYNTAX,      /* text that is not a move */
  CHEOPS_ERROR_MOVE_ILLEGAL,     /* a move that cannot be played here */
  CHEOPS_ERROR_MOVE_AMBIGUOUS,   /* SAN that fits more than one move */
  CHEOPS_ERROR_POSITION_UNREACHABLE, /* a position no game can reach */
} CheopsErrorCode;

typedef struct {
  CheopsErrorCode code;
  int             line;
  int             column;
  char            message[256];
} CheopsError;

#ifdef __cplusplus
}
#endif
