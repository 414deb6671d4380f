/* pyramids.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pyramids (I. G. Kosintsev, 2011) as Cheops Studio plays it: its own types
 * and functions, behind the variant table cheops_variant_pyramids.  The
 * authority is variants/pyramids.md; section numbers ("3.3") and rulings
 * ("PY8") in this folder refer to it.  Code that works for every variant
 * uses cheops-position.h and cheops-notation.h; this header is for the
 * Pyramids code itself (its rules, its evaluation, its tests).
 *
 * What the fields of a CheopsPosition mean for Pyramids:
 * - variant: &cheops_variant_pyramids.
 * - board[0..80]: the 81 squares by the index of 2.2, 9 * (r - 1) + f
 *   (a1 = 0, i1 = 8, e5 = 40, i9 = 80); board[81..] always 0.  The piece
 *   code is (side << 5) | kind with kind PYRAMIDS_FARAON (1), PYRAMIDS_SLAVE
 *   (2) or, for a pino (a stack, 3.3), PYRAMIDS_PINO (mask) = 2 + mask, where
 *   mask is the set of its checker sizes, bit n-1 for size n (so 1 .. 15:
 *   kind 3 is the Guard "1", kind 10 the Rook "4", kind 17 the Pyramid
 *   "4321").
 * - pieces[side][0]: all of that side's pieces; pieces[side][kind] for kind
 *   1 .. 17: the squares holding exactly that kind (a pino kind: a stack
 *   of exactly those sizes); pieces[side][PYRAMIDS_SIZE_SET (n)] for n =
 *   1 .. 4 (entries 18 .. 21, beyond n_piece_types): the squares whose
 *   stack holds a checker of size n.  Side A (CHEOPS_SIDE_A) is White,
 *   upper case in FEN, moving first; side B is Black.
 * - king[side]: the square of that side's faraon.
 * - halfmove_clock: plies since the last capture or slave move (4.6).
 * - fullmove_number: from 1, grows after each move of Black (4.6).
 * - state[0]: the faraons' rights (4.3, PY10): bit 0 (PYRAMIDS_RIGHT_WHITE,
 *   the FEN's "F") and bit 1 (PYRAMIDS_RIGHT_BLACK, "f").  Part of the key
 *   (PY14: a position's identity includes its rights field).
 * - key: Zobrist key of placement, rights and side to move.
 * - hand[][] and state[1..3]: unused, always 0.
 *
 * Moves (6.2, PY18): cheops_move_make (from, to) for a slave, a faraon or a
 * whole stack; a part of a stack carries the mask of the sizes that move
 * (cheops_move_with_part (move, mask), mask a proper non-empty subset of
 * the stack: a whole-stack move never carries one, 3.3 PY7); a slave's
 * promotion carries the pino it becomes (cheops_move_make_promotion (from,
 * to, PYRAMIDS_PINO (mask)), PY5).
 */
#pragma once

#include "cheops-position.h"
#include "cheops-notation.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The initial position (section 5, PY16), White to move. */
#define PYRAMIDS_START_FEN \
  "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/sssssssss/9/9/9/9/9/SSSSSSSSS/(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) w Ff 0 1"

/* The variant table (registered in cheops_variants[]). */
extern const CheopsVariant cheops_variant_pyramids;

/* 81 squares (2.2). */
#define PYRAMIDS_CELL_NB 81

/* The piece kinds (3), indexes of cheops_variant_pyramids.pieces. */
enum {
  PYRAMIDS_FARAON = 1,
  PYRAMIDS_SLAVE = 2,
  PYRAMIDS_PIECE_TYPE_NB = 18
};

/* The kind of the pino whose sizes are @mask (1 .. 15, bit n-1 for size n). */
#define PYRAMIDS_PINO(mask) ((CheopsPieceType) (2 + (mask)))
/* Whether @kind is a pino, and its sizes. */
#define PYRAMIDS_IS_PINO(kind) ((kind) >= 3 && (kind) < PYRAMIDS_PIECE_TYPE_NB)
#define PYRAMIDS_PINO_MASK(kind) ((unsigned) (kind) - 2u)
/* The pieces[side][] entry of the squares holding a checker of size @n. */
#define PYRAMIDS_SIZE_SET(n) (PYRAMIDS_PIECE_TYPE_NB + (n) - 1)

/* state[0] bits (4.3). */
#define PYRAMIDS_RIGHT_WHITE 1u
#define PYRAMIDS_RIGHT_BLACK 2u
#define PYRAMIDS_RIGHT(side) (1u << (side))

/* The outcomes (4.5, 6.5), indexes of cheops_variant_pyramids.outcomes. */
enum {
  PYRAMIDS_OUTCOME_W_CHECKMATE = 1,   /* Black to move, in check, no legal move (PY12) */
  PYRAMIDS_OUTCOME_B_CHECKMATE,
  PYRAMIDS_OUTCOME_STALEMATE,         /* not in check, no legal move (PY12) */
  PYRAMIDS_OUTCOME_BARE_FARAONS,      /* only the faraons, no right left (PY13) */
  PYRAMIDS_OUTCOME_REPETITION,        /* fifth occurrence (PY14) */
  PYRAMIDS_OUTCOME_75_MOVE,           /* halfmove clock 150 or more (PY14) */
  PYRAMIDS_OUTCOME_NB
};

/* Zones (CheopsCellInfo.zones bits; not drawn). */
enum {
  PYRAMIDS_ZONE_PROMOTION_WHITE = 1 << 0,   /* rank 9 (4.4) */
  PYRAMIDS_ZONE_PROMOTION_BLACK = 1 << 1,   /* rank 1 */
  PYRAMIDS_ZONE_START_WHITE     = 1 << 2,   /* rank 2 (3.2) */
  PYRAMIDS_ZONE_START_BLACK     = 1 << 3,   /* rank 8 */
};

/* ---------------------------------------------------------- geometry */

/* The square of file @file (0..8 for a..i) and rank @rank (1..9), or
 * CHEOPS_CELL_NONE (2.2). */
CheopsCell      pyramids_cell_make        (int file, int rank);
static inline int pyramids_cell_file      (CheopsCell cell) { return cell % 9; }
static inline int pyramids_cell_rank      (CheopsCell cell) { return cell / 9 + 1; }
/* The n-th ring of @cell (n = 1..3, PY1): the squares at distance exactly n. */
CheopsCellSet   pyramids_ring             (int n, CheopsCell cell);
/* The squares a lone piece reaches on an empty board (3.7): a pino of
 * sizes @mask moving whole (PY6), or with @kind PYRAMIDS_FARAON (@right:
 * with its right) or PYRAMIDS_SLAVE of @side. */
CheopsCellSet   pyramids_empty_board_reach (CheopsPieceType kind, CheopsSide side, bool right, CheopsCell cell);
/* Writes the sizes of @mask largest first ("431") into @buf (5 bytes),
 * returns its length. */
size_t          pyramids_sizes_to_text    (unsigned mask, char *buf);

/* ----------------------------------------- the functions of the table */

void            pyramids_position_clear          (CheopsPosition *pos);
void            pyramids_position_put            (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece);
void            pyramids_position_set_side       (CheopsPosition *pos, CheopsSide side);
/* Sets the rights (state[0], PYRAMIDS_RIGHT_*), keeping the key. */
void            pyramids_position_set_rights     (CheopsPosition *pos, unsigned rights);
uint64_t        pyramids_position_compute_key    (const CheopsPosition *pos);
/* Plays @move: split, merge (PY7, PY8), capture of the whole stack (PY9),
 * promotion (PY5), the loss of the opponent's right when the move checks
 * it (4.3, PY11 step 1), the counters (4.6). */
void            pyramids_position_do_move        (CheopsPosition *pos, CheopsMove move, CheopsUndo *undo);
void            pyramids_position_undo_move      (CheopsPosition *pos, CheopsMove move, const CheopsUndo *undo);
void            pyramids_position_do_null_move   (CheopsPosition *pos, CheopsUndo *undo);
void            pyramids_position_undo_null_move (CheopsPosition *pos, const CheopsUndo *undo);
/* Whether @side's faraon is attacked (4.2), the other faraon counting its
 * leaps only while it has its right. */
bool            pyramids_position_king_attacked  (const CheopsPosition *pos, CheopsSide side);
/* Whether @move (a playable move of @pos) checks the enemy faraon: as
 * pyramids_position_king_attacked() of the other side after the move, found
 * from the sets without playing it (the search's pruning of quiet moves
 * asks it of every move). */
bool            pyramids_position_gives_check    (const CheopsPosition *pos, CheopsMove move);
/* Whether side @by attacks @cell (4.2); @leaps: whether @by's faraon
 * counts its N(2) and N(3) rings. */
bool            pyramids_position_is_attacked    (const CheopsPosition *pos, CheopsCell cell, CheopsSide by,
                                                  bool leaps);
/* The legal moves (4.2 steps 1-3, PY11), one per machine move text
 * (PY15): each choice of moving checkers and each promotion choice. */
CheopsMove     *pyramids_generate_moves          (const CheopsPosition *pos, CheopsMove *list);
int             pyramids_count_moves             (const CheopsPosition *pos);
/* The legal moves to @to by what moves of kind @type: PYRAMIDS_FARAON,
 * PYRAMIDS_SLAVE, or PYRAMIDS_PINO (mask of the moving checkers, whole or
 * part); CHEOPS_NO_PIECE_TYPE: any. */
CheopsMove     *pyramids_generate_moves_to       (const CheopsPosition *pos, CheopsCell to,
                                                  CheopsPieceType type, CheopsMove *list);
/* The moves of pyramids_generate_moves() that land on a square of
 * @targets (bit n: square n), in the same order, written to @list (room
 * for CHEOPS_MAX_MOVES); returns the end.  A search's captures and
 * promotions without the rest of a list of hundreds of moves. */
CheopsMove     *pyramids_generate_moves_onto     (const CheopsPosition *pos, CheopsCellSet targets,
                                                  CheopsMove *list);
bool            pyramids_position_is_playable    (const CheopsPosition *pos, CheopsMove move);
/* Whether @move lands on an enemy piece (a merge is not a capture, 3.3). */
bool            pyramids_position_is_capture     (const CheopsPosition *pos, CheopsMove move);
/* The sizes that @move (a move of @pos) moves: the part, the whole stack,
 * or 0 for a slave or faraon. */
unsigned        pyramids_move_sizes              (const CheopsPosition *pos, CheopsMove move);
/* 4.5 steps 1-3 and 5: checkmate, stalemate, bare faraons, 75 moves. */
CheopsOutcome   pyramids_position_outcome        (const CheopsPosition *pos);
/* @count >= 5: draw repetition (4.5 step 4), unless steps 1-3 apply. */
CheopsOutcome   pyramids_repetition_outcome      (const CheopsPosition *pos, int count);
/* One faraon a side, no slave on rank 1 or 9, the side not to move not in
 * check, a checked side to move without its right (PY21). */
bool            pyramids_position_is_reachable   (const CheopsPosition *pos, CheopsError *error);
bool            pyramids_position_is_consistent  (const CheopsPosition *pos);
/* The FEN of 6.1 (PY17), refusing E1-E15 in the order stated there, each
 * with a one-line message naming the field (and rank) and the column. */
bool            pyramids_position_from_fen       (CheopsPosition *pos, const char *fen, CheopsError *error);
size_t          pyramids_position_to_fen         (const CheopsPosition *pos, char *buf, size_t size);
/* 6.2 (PY18): "e2e4", a part "d4e531", a promotion "e8e9431". */
size_t          pyramids_move_to_text            (CheopsMove move, char *buf);
CheopsMove      pyramids_move_from_text          (const CheopsPosition *pos, const char *text,
                                                  CheopsError *error);
/* 6.3 (PY19). */
size_t          pyramids_move_to_san             (const CheopsPosition *pos, CheopsMove move, char *buf);
CheopsMove      pyramids_move_from_san           (const CheopsPosition *pos, const char *san,
                                                  ptrdiff_t length, CheopsError *error);

#ifdef __cplusplus
}
#endif
