/* cheops-types.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The basic types of the rules core, shared by every variant: cells, sides,
 * pieces, moves, the 128-cell set and the error record.  Plain C11 (with the GCC/Clang 128-bit integer extension),
 * libc only.  Article numbers refer to "The Laws of Cheops".
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A cell index, 0..CHEOPS_CELL_MAX-1.  Each variant numbers its own cells
 * (its CheopsBoardShape says how many and where they are); the game Cheops
 * numbers its 81 level by level from the base (a1 = 0 .. the Apex i9 = 80,
 * Article 2), TrigChess its 46 rank by rank (b1 = 0 .. h6 = 45, spec 2.3). */
typedef uint8_t CheopsCell;

/* The most cells any variant may have: cell sets are 128 bits wide. */
#define CHEOPS_CELL_MAX   128
#define CHEOPS_CELL_NONE  ((CheopsCell) 255)

/* A side.  CHEOPS_SIDE_A is the side written in upper case in FEN (in
 * Cheops the side of the a corner, 6.1; in TrigChess Gold), CHEOPS_SIDE_B the
 * side written in lower case (the q corner; Red).  In Cheops colours (Green,
 * Orange) belong to a game, not to a position (6.2). */
typedef enum {
  CHEOPS_SIDE_A = 0,
  CHEOPS_SIDE_B = 1,
  CHEOPS_SIDE_NB = 2
} CheopsSide;

/* A piece kind, 1..31 (at most CHEOPS_PIECE_TYPE_MAX - 1 with a cell set), numbered by each variant (its CheopsPieceInfo table
 * says what each is); 0 is no piece.  Kind 1 is always the royal piece whose
 * capture or attack the game turns on (the King; its cell is
 * CheopsPosition.king[]). */
typedef uint8_t CheopsPieceType;

#define CHEOPS_NO_PIECE_TYPE  ((CheopsPieceType) 0)
#define CHEOPS_KING           ((CheopsPieceType) 1)
/* Kinds below this have a cell set of their own in CheopsPosition.pieces. */
/* Kinds below this have a cell set of their own in CheopsPosition.pieces;
 * entries from the variant's n_piece_types up are the variant's own
 * (Pyramids keeps a set per checker size there). */
#define CHEOPS_PIECE_TYPE_MAX 24

/* A piece on a cell: 0 for an empty cell, else (side << 5) | kind. */
typedef uint8_t CheopsPiece;

#define CHEOPS_NO_PIECE ((CheopsPiece) 0)

static inline CheopsPiece
cheops_piece_make (CheopsSide side, CheopsPieceType type)
{
  return (CheopsPiece) ((unsigned) side << 5 | (unsigned) type);
}

static inline CheopsPieceType
cheops_piece_type (CheopsPiece piece)
{
  return (CheopsPieceType) (piece & 31);
}

static inline CheopsSide
cheops_piece_side (CheopsPiece piece)
{
  return (CheopsSide) (piece >> 5);
}

static inline CheopsSide
cheops_side_other (CheopsSide side)
{
  return (CheopsSide) (side ^ 1);
}

/* A move, packed in 32 bits.  Bits 0..6 are the from-cell, bits 7..13 the
 * to-cell, so a plain move of any variant is cheops_move_make (from, to) and
 * the game Cheops's moves keep the values they always had (what a Cheops move
 * captures, collapses (5.2) or promotes (4.7.3) follows from the position).
 * Bits 14..15 are the move's kind (CheopsMoveKind); the rest is a payload
 * whose meaning depends on the kind:
 * - CHEOPS_MOVE_NORMAL: bits 16..20 a promotion choice (a piece kind, 0 for
 *   none: TrigChess TR10), bits 21..24 the part of a stack that moves (a
 *   mask of checker sizes, 0 for the whole piece: Pyramids);
 * - CHEOPS_MOVE_DROP: a piece put on the to-cell from the hand; bits 16..20
 *   are its kind, the from-cell is unused (0);
 * - CHEOPS_MOVE_COMPOUND: a two-part move (Cypher chess): bits 16..22 the
 *   second part's from-cell, bits 23..29 its to-cell.
 * 0 (a plain move from cell 0 to cell 0) is never a move: CHEOPS_MOVE_NONE. */
typedef uint32_t CheopsMove;

typedef enum {
  CHEOPS_MOVE_NORMAL   = 0,
  CHEOPS_MOVE_DROP     = 1,
  CHEOPS_MOVE_COMPOUND = 2,
} CheopsMoveKind;

#define CHEOPS_MOVE_NONE ((CheopsMove) 0)

/* The largest number of moves a position of any variant can have, with
 * margin: the move arrays callers pass to the generators must hold this many
 * entries (CHEOPS_MAX_MOVES * 4 = 32 KB: fine for a list per perft level or
 * per call, not per ply of a deep recursion; the engine keeps its per-ply
 * lists on the heap, src/engine/README.md).
 *
 * Pyramids sets the bound (shared/variants/pyramids.md): a side has at
 * most 17 pinos (its 8 checkers, two of each size (PY16), as 8 separate
 * pinos, and one more for each of its 9 slaves promoted, 4.4); no pino has
 * more moves than a lone full stack 4321 on e5, 416 counting every part
 * (3.7); a slave at most 3 targets x 15 promotion choices = 45 (4.4, 8.4);
 * the faraon with its right 48 (3.7).  17 x 416 + 9 x 45 + 48 = 7525 < 8192
 * (a loose bound: promoted slaves are counted twice, and pinos block each
 * other).  Cheops and TrigChess positions stay far below the old bound of
 * 320. */
#define CHEOPS_MAX_MOVES 8192

static inline CheopsMove
cheops_move_make (CheopsCell from, CheopsCell to)
{
  return (CheopsMove) (from | (unsigned) to << 7);
}

/* A move from @from to @to that promotes to a piece of kind @promotion. */
static inline CheopsMove
cheops_move_make_promotion (CheopsCell from, CheopsCell to, CheopsPieceType promotion)
{
  return (CheopsMove) (from | (unsigned) to << 7 | (unsigned) promotion << 16);
}

/* A drop of a piece of kind @type from the hand onto @to. */
static inline CheopsMove
cheops_move_make_drop (CheopsPieceType type, CheopsCell to)
{
  return (CheopsMove) ((unsigned) to << 7 | (unsigned) CHEOPS_MOVE_DROP << 14 | (unsigned) type << 16);
}

/* A two-part move: @from to @to, then @from2 to @to2. */
static inline CheopsMove
cheops_move_make_compound (CheopsCell from, CheopsCell to, CheopsCell from2, CheopsCell to2)
{
  return (CheopsMove) (from | (unsigned) to << 7 | (unsigned) CHEOPS_MOVE_COMPOUND << 14
                       | (unsigned) from2 << 16 | (unsigned) to2 << 23);
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

static inline CheopsMoveKind
cheops_move_kind (CheopsMove move)
{
  return (CheopsMoveKind) ((move >> 14) & 3);
}

/* The promotion choice of a CHEOPS_MOVE_NORMAL move (0: none), or the kind
 * dropped by a CHEOPS_MOVE_DROP. */
static inline CheopsPieceType
cheops_move_promotion (CheopsMove move)
{
  return (CheopsPieceType) ((move >> 16) & 31);
}

/* The checker sizes that move, for a CHEOPS_MOVE_NORMAL move of part of a
 * stack (Pyramids), as a mask (bit n-1 for size n); 0 for the whole piece. */
static inline unsigned
cheops_move_part (CheopsMove move)
{
  return (move >> 21) & 15;
}

/* The same move with the part mask @part (Pyramids). */
static inline CheopsMove
cheops_move_with_part (CheopsMove move, unsigned part)
{
  return (CheopsMove) ((move & ~((CheopsMove) 15 << 21)) | (CheopsMove) (part & 15) << 21);
}

/* The second part of a CHEOPS_MOVE_COMPOUND move. */
static inline CheopsCell
cheops_move_from2 (CheopsMove move)
{
  return (CheopsCell) ((move >> 16) & 0x7f);
}

static inline CheopsCell
cheops_move_to2 (CheopsMove move)
{
  return (CheopsCell) ((move >> 23) & 0x7f);
}

/* A set of cells: bit n stands for cell n.  Uses the 128-bit integer of GCC
 * and Clang; the bits of cells a variant does not have are always zero. */
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

/* Removes and returns the lowest-numbered cell of a non-empty *@set.  On
 * the two 64-bit halves (the compilers handle them better than the 128-bit
 * integer): only the half that holds the cell changes. */
static inline CheopsCell
cheops_cellset_pop (CheopsCellSet *set)
{
  uint64_t lo = (uint64_t) *set, hi = (uint64_t) (*set >> 64);
  CheopsCell cell;

  if (lo)
    {
      cell = (CheopsCell) __builtin_ctzll (lo);
      lo &= lo - 1;
    }
  else
    {
      cell = (CheopsCell) (64 + __builtin_ctzll (hi));
      hi &= hi - 1;
    }
  *set = (CheopsCellSet) hi << 64 | lo;
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
