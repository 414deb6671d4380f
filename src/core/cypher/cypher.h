/* cypher.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cypher chess (Daniel Figahs) as Cheops Studio plays it: its own types and
 * functions, behind the variant table cheops_variant_cypher.  The authority
 * is variants/cypher.md; section numbers ("3.4") and rulings ("CY7") in this
 * folder refer to it.  Code that works for every variant uses
 * cheops-position.h and cheops-notation.h; this header is for Cypher's own
 * code (its rules, its evaluation, its tests).
 *
 * What the fields of a CheopsPosition mean for Cypher chess:
 * - variant: &cheops_variant_cypher.
 * - board[0..109]: the 110 cells by the index of 2.2, 10 * row + column
 *   (z0 = 0, i0 = 9, z1 = 10, e5 = 55, i10 = 109); board[110..] always 0.
 * - pieces[side][kind]: the cells of each kind (CYPHER_KING .. CYPHER_SPY);
 *   pieces[side][0] all of that side's pieces.  Side A (CHEOPS_SIDE_A) is
 *   White, written in upper case and moving first (CY2); side B is Black.
 * - king[side]: the cell of that side's King.
 * - halfmove_clock: plies since the last capture, pawn move or prisoner
 *   release (6.1).  Each of those moves can never be undone, so it is also
 *   the repetition horizon (CY23).
 * - fullmove_number: from 1, grows after each move of Black.
 * - hand[side][CYPHER_PAWN]: that side's pawns in hand (4.8, CY19; a White
 *   pawn captured by Black goes to hand[White]); the other kinds always 0.
 * - state[CYPHER_STATE_CHECKS_A], state[CYPHER_STATE_CHECKS_B]: the
 *   four-check counters of White and Black (4.10, CY21: the number of that
 *   side's consecutive moves, up to its latest, that left the enemy King in
 *   check), FEN field 4.
 * - state[CYPHER_STATE_MARK]: the mark of FEN field 5 (4.5, 4.7): the cell
 *   of the piece that opened a re-take window, or of the pawn that just
 *   embedded; CHEOPS_CELL_NONE for "-".
 * - state[CYPHER_STATE_IN_CHECK]: whether the side to move is in check
 *   (4.2), as cypher_position_do_move() found it for its four-check counter:
 *   CYPHER_IN_CHECK_YES or CYPHER_IN_CHECK_NO right after a move (and after
 *   its take-back, which restores the state), CYPHER_IN_CHECK_UNKNOWN (0)
 *   after anything else that makes or changes a position (clearing, a FEN,
 *   putting a piece, setting the side or a set-up value, a null move): then
 *   it is computed when asked.  Not in the key, not in the FEN.
 * - key: Zobrist key of the first five FEN fields (CY23's "same
 *   position"): placement, side to move, hands, check counters and mark.
 *
 * Moves (CheopsMove, cheops-types.h):
 * - a plain move: cheops_move_make (from, to), a capture included;
 * - a prisoner release (4.8): cheops_move_make_drop (CYPHER_PAWN, to), kind
 *   CHEOPS_MOVE_DROP, the from-cell 0;
 * - a compound move (4.4, CY7): the Spy from a Court cell to a Field or
 *   Border cell, then one own major from a Field or Border cell to an empty
 *   Court cell: cheops_move_make_compound (spy_from, spy_to, from2, to2),
 *   kind CHEOPS_MOVE_COMPOUND.  Without its optional second part the same
 *   Spy move is a plain move cheops_move_make (spy_from, spy_to).
 */
#pragma once

#include "cheops-position.h"
#include "cheops-notation.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The initial position (section 5), White to move. */
#define CYPHER_START_FEN "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"

/* The variant table (registered in cheops_variants[]). */
extern const CheopsVariant cheops_variant_cypher;

/* 110 cells, 10 columns (z a b ... i) by 11 rows (0..10) (2.1). */
#define CYPHER_CELL_NB 110
#define CYPHER_COLUMNS 10
#define CYPHER_ROWS 11

/* The piece kinds (3.1), indexes of cheops_variant_cypher.pieces. */
enum {
  CYPHER_KING = 1,
  CYPHER_QUEEN,
  CYPHER_ROOK,
  CYPHER_BISHOP,
  CYPHER_KNIGHT,
  CYPHER_PAWN,
  CYPHER_SPY,
  CYPHER_PIECE_TYPE_NB
};

/* What pos->state[] holds (see above). */
enum {
  CYPHER_STATE_CHECKS_A = 0,
  CYPHER_STATE_CHECKS_B = 1,
  CYPHER_STATE_MARK = 2,
  CYPHER_STATE_IN_CHECK = 3,
};

/* The values of pos->state[CYPHER_STATE_IN_CHECK] (see above). */
enum {
  CYPHER_IN_CHECK_UNKNOWN = 0,
  CYPHER_IN_CHECK_NO = 1,
  CYPHER_IN_CHECK_YES = 2,
};

/* The outcomes (4.10, 6.5), indexes of cheops_variant_cypher.outcomes. */
enum {
  CYPHER_OUTCOME_W_CHECKMATE = 1,   /* Black to move, in check, no legal move */
  CYPHER_OUTCOME_B_CHECKMATE,
  CYPHER_OUTCOME_W_FLIP,            /* White's move flipped (4.9) */
  CYPHER_OUTCOME_B_FLIP,
  CYPHER_OUTCOME_DRAW_STALEMATE,
  CYPHER_OUTCOME_DRAW_EMBEDDING,    /* 4.7, CY12 */
  CYPHER_OUTCOME_DRAW_FOUR_CHECKS,  /* 4.10, CY21 */
  CYPHER_OUTCOME_DRAW_REPETITION,   /* CY23; needs the record */
  CYPHER_OUTCOME_NB
};

/* The areas (2.3): a cell's area. */
typedef enum {
  CYPHER_FIELD = 0,
  CYPHER_BORDER = 1,
  CYPHER_COURT = 2,
} CypherArea;

/* Zones of the board (CheopsCellInfo.zones bits). */
enum {
  CYPHER_ZONE_COURT  = 1 << 0,   /* the perimeter, 38 cells (CY1) */
  CYPHER_ZONE_BORDER = 1 << 1,   /* a5-h5 */
  CYPHER_ZONE_FIELD  = 1 << 2,   /* the other 64 */
};

/* ---------------------------------------------------------- geometry */

/* The cell of column @column (0..9 for z..i) and row @row (0..10), or
 * CHEOPS_CELL_NONE off the board (2.2). */
CheopsCell      cypher_cell_make      (int column, int row);
static inline int cypher_cell_column (CheopsCell cell) { return cell % 10; }
static inline int cypher_cell_row    (CheopsCell cell) { return cell / 10; }
/* The area of @cell (2.3, CY1). */
CypherArea      cypher_cell_area      (CheopsCell cell);
/* The cells of an area. */
CheopsCellSet   cypher_area_cells     (CypherArea area);
/* Writes the name of @cell ("z0", "e10") into @buf (4 bytes), returns @buf. */
char           *cypher_cell_name      (CheopsCell cell, char *buf);

/* The cells of each ray from each cell (3.2), nearest first: directions 0-3
 * orthogonal (+1, -1, +10, -10 in cell numbers), 4-7 diagonal (+11, +9,
 * -9, -11).  Read only; built when the program starts. */
extern CheopsCellSet cypher_ray_mask[CYPHER_CELL_NB][8];

/* The cells a slider on @from reaches along the rays @d0..@d1-1 (0, 4: the
 * orthogonal ones, a Rook; 4, 8: the diagonal ones, a Bishop; 0, 8: all, a
 * Queen or Spy) with the cells @occ occupied: each ray up to and including
 * its first occupied cell.  Computed on the two 64-bit halves of the cell
 * sets (cells 0-63, 64-109), which the compilers handle better than the
 * 128-bit integers. */
static inline CheopsCellSet
cypher_slide (CheopsCell from, int d0, int d1, CheopsCellSet occ)
{
  uint64_t occ_lo = (uint64_t) occ, occ_hi = (uint64_t) (occ >> 64);
  uint64_t set_lo = 0, set_hi = 0;

  for (int d = d0; d < d1; d++)
    {
      CheopsCellSet ray = cypher_ray_mask[from][d];
      uint64_t ray_lo = (uint64_t) ray, ray_hi = (uint64_t) (ray >> 64);
      uint64_t hit_lo = ray_lo & occ_lo, hit_hi = ray_hi & occ_hi;

      if (d == 0 || d == 2 || d == 4 || d == 5)
        {
          /* Towards higher cells: up to the lowest occupied one, the cells
           * of hit ^ (hit - 1) (all of them when hit is 0). */
          set_lo |= ray_lo & (hit_lo ^ (hit_lo - 1));
          set_hi |= ray_hi & (hit_hi ^ (hit_hi - (hit_lo == 0)));
        }
      else if (hit_hi)
        {
          /* Towards lower cells: from the highest occupied one on. */
          set_hi |= ray_hi & (~(uint64_t) 0 << (63 ^ __builtin_clzll (hit_hi)));
        }
      else
        {
          /* Nothing occupied in the high half: all of it, and the low half
           * from its highest occupied cell on (hit_lo | 1: cell 0 stands
           * for none, below every other cell). */
          set_hi |= ray_hi;
          set_lo |= ray_lo & (~(uint64_t) 0 << (63 ^ __builtin_clzll (hit_lo | 1)));
        }
    }
  return (CheopsCellSet) set_hi << 64 | set_lo;
}

/* ---------------------------------------------------------- rules */

/* The cell of @side's Spy, or CHEOPS_CELL_NONE. */
CheopsCell      cypher_position_spy       (const CheopsPosition *pos, CheopsSide side);
/* Whether @side's Spy is colluding (4.2, CY16), and the colluding pieces
 * (the Spy and the own Field majors next to it; 0 when none). */
CheopsCellSet   cypher_position_colluders (const CheopsPosition *pos, CheopsSide side);
/* Whether @side's Spy flips the enemy King (4.9: both on Court cells, in
 * line, the cells between empty or holding Field or Border Spies). */
bool            cypher_position_spy_flips (const CheopsPosition *pos, CheopsSide side);
/* Whether @side's King stands next to the enemy Spy with the two not both on
 * Court cells: a King flip by @side (4.9). */
bool            cypher_position_king_flips (const CheopsPosition *pos, CheopsSide side);
/* Whether @side's King is in check (4.2: the check table, Spy transparency,
 * collusion, CY13, CY14, CY15, CY27). */
bool            cypher_position_king_attacked (const CheopsPosition *pos, CheopsSide side);
/* Whether @move (a playable move of @pos) gives check: the enemy King is
 * attacked after it (cypher_position_king_attacked()).  @pos is a position
 * where the side not to move is not in check (as every legal position):
 * most moves are known not to check from the geometry alone, the others
 * are played on a copy. */
bool            cypher_position_gives_check (const CheopsPosition *pos, CheopsMove move);

/* Right after cypher_position_do_move(): whether that move checked, that is
 * whether the side to move is in check (cypher_position_king_attacked()),
 * read from the mover's four-check counter that the move just set (not
 * valid after a null move or for a position read from a FEN or set up). */
bool            cypher_position_move_checked (const CheopsPosition *pos);

/* ----------------------------------------- the functions of the table */

void            cypher_position_clear          (CheopsPosition *pos);
void            cypher_position_put            (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece);
void            cypher_position_set_side       (CheopsPosition *pos, CheopsSide side);
uint64_t        cypher_position_compute_key    (const CheopsPosition *pos);
/* Plays @move (a plain move, a drop or a compound move): capture (the
 * captured pawn to its owner's hand, 4.8), the counters, the mover's
 * four-check counter (4.10), the mark (4.5, 4.7). */
void            cypher_position_do_move        (CheopsPosition *pos, CheopsMove move, CheopsUndo *undo);
void            cypher_position_undo_move      (CheopsPosition *pos, CheopsMove move, const CheopsUndo *undo);
/* Passes (for searches): the mark is cleared, the counters kept. */
void            cypher_position_do_null_move   (CheopsPosition *pos, CheopsUndo *undo);
void            cypher_position_undo_null_move (CheopsPosition *pos, const CheopsUndo *undo);
/* The legal moves (4.3 L1-L4, 4.4-4.8); none in a finished game (CY28). */
CheopsMove     *cypher_generate_moves          (const CheopsPosition *pos, CheopsMove *list);
int             cypher_count_moves             (const CheopsPosition *pos);
/* The same legal moves as cypher_generate_moves(), in the same order, found
 * the slow, sure way: every move the movement, capture and Court-entry rules
 * allow (3.2-3.4, 4.4, 4.8) is played and kept when the position after it
 * obeys L1-L4 (4.3).  The reference that the fast generator is
 * cross-checked against (tests/core/test-cypher.c); @list holds
 * CHEOPS_MAX_MOVES; returns the end of the moves written. */
CheopsMove     *cypher_generate_moves_reference (const CheopsPosition *pos, CheopsMove *list);
/* The legal plain moves to @to by a piece of kind @type (0: any); drops
 * and compound moves are not among them. */
CheopsMove     *cypher_generate_moves_to       (const CheopsPosition *pos, CheopsCell to,
                                                CheopsPieceType type, CheopsMove *list);
/* Which moves cypher_generate_moves_filtered() keeps: a plain move by a
 * piece of kind t standing on a cell of @from to a cell of @to[t] (to any
 * cell when it stands on a cell of @from_all); with @compound, a compound
 * move (4.4) whose Spy stands on @from and whose Spy part ends on a cell of
 * @to[CYPHER_SPY] (any, on @from_all); a drop (4.8) onto a cell of
 * @drops. */
typedef struct {
  CheopsCellSet from;
  CheopsCellSet to[CYPHER_PIECE_TYPE_NB];
  bool          compound;
  CheopsCellSet drops;
  CheopsCellSet from_all;
} CypherMoveFilter;
/* Adds to @filter every move of the side to move of @pos that may give
 * check, by the geometry and the areas that may check a King there (4.2;
 * cypher_position_gives_check() tells them apart):
 * generated with it, they are a superset of the checking moves, in the
 * whole list's order.  @pos: the side not to move is not in check. */
void            cypher_position_check_filter   (const CheopsPosition *pos, CypherMoveFilter *filter);
/* The legal moves of cypher_generate_moves() that @filter keeps, in the same
 * order, generated only for the pieces and cells it names (legality tested
 * as there), so a search asks for its captures, or the moves of a few
 * pieces, without generating every move.  @list holds CHEOPS_MAX_MOVES;
 * returns the end of the moves written.  Cross-checked against the whole
 * list by tests/core/test-cypher.c. */
CheopsMove     *cypher_generate_moves_filtered (const CheopsPosition *pos, const CypherMoveFilter *filter,
                                                CheopsMove *list);
bool            cypher_position_is_playable    (const CheopsPosition *pos, CheopsMove move);
bool            cypher_position_is_capture     (const CheopsPosition *pos, CheopsMove move);
/* 4.10 rows 1-5 in the order of CY22. */
CheopsOutcome   cypher_position_outcome        (const CheopsPosition *pos);
/* @count >= 3: draw by repetition (CY23). */
CheopsOutcome   cypher_repetition_outcome      (const CheopsPosition *pos, int count);
/* The halfmove clock: captures, pawn moves and drops are never undone. */
int             cypher_position_repetition_horizon (const CheopsPosition *pos);
/* What a position alone can tell: F4-F6, F13-F15 are checked when the FEN
 * is read; this adds nothing beyond them (any valid FEN may be reached as
 * far as the spec says). */
bool            cypher_position_is_reachable   (const CheopsPosition *pos, CheopsError *error);
bool            cypher_position_is_consistent  (const CheopsPosition *pos);
/* The FEN of 6.1, refusing F1-F15 each with a one-line message that names
 * the field and the fault (CHEOPS_ERROR_FEN_SYNTAX for F1-F3, F7-F9, F11's
 * form, F12; CHEOPS_ERROR_FEN_IMPOSSIBLE for the rest). */
bool            cypher_position_from_fen       (CheopsPosition *pos, const char *fen, CheopsError *error);
size_t          cypher_position_to_fen         (const CheopsPosition *pos, char *buf, size_t size);
/* 6.2: "e3e5", "P@c5", "a0a1,b1b0". */
size_t          cypher_move_to_text            (CheopsMove move, char *buf);
CheopsMove      cypher_move_from_text          (const CheopsPosition *pos, const char *text,
                                                CheopsError *error);
/* 6.3, CY30. */
size_t          cypher_move_to_san             (const CheopsPosition *pos, CheopsMove move, char *buf);
CheopsMove      cypher_move_from_san           (const CheopsPosition *pos, const char *san,
                                                ptrdiff_t length, CheopsError *error);

#ifdef __cplusplus
}
#endif
