/* trigchess.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Step and Circle TrigChess (Graeme C. Neatham, 2007) as Cheops Studio plays
 * it: its own types and functions, behind the variant table
 * cheops_variant_trigchess.  The authority is variants/trigchess.md; section
 * numbers ("3.4") and rulings ("TR7") in this folder refer to it.  Code that
 * works for every variant uses cheops-position.h and cheops-notation.h; this
 * header is for TrigChess's own code (its rules, its evaluation, its tests).
 *
 * What the fields of a CheopsPosition mean for TrigChess:
 * - variant: &cheops_variant_trigchess.
 * - board[0..45]: the 46 trigs by the index of spec 2.3 (b1 = 0 .. h6 = 45,
 *   rank by rank from Gold's edge, each rank left to right); board[46..]
 *   always 0.
 * - pieces[side][kind]: the cells of each kind (TRIGCHESS_KING ..
 *   TRIGCHESS_PAWN); pieces[side][0] all of that side's pieces.  Side A
 *   (CHEOPS_SIDE_A) is Gold, written in upper case and moving first; side B
 *   is Red.
 * - king[side]: the cell of that side's King.
 * - halfmove_clock: plies since the last capture or Pawn move, promotions
 *   included (TR19).  Note: a sideways Pawn move (3.7) resets it but can be
 *   undone, so a repetition (TR15) can reach back across a reset clock:
 *   count repetitions over the whole record, not just the last
 *   halfmove_clock plies.
 * - fullmove_number: from 1, grows after each move of Red (4.5).
 * - key: Zobrist key of the placement and the side to move (TR15's
 *   "position"); the counters are not in it.
 * - state[0]: the plies since the last move that can never be undone (a
 *   capture, a promotion, a Pawn's forward step or capture; not a sideways
 *   Pawn step, which resets the halfmove clock, TR19, but may be undone),
 *   for repetition (TR15); not part of the key or the FEN (0 after a FEN
 *   is read: positions before it are not counted);
 * - hand[][] and state[1..3]: unused, always 0.
 *
 * Moves: cheops_move_make (from, to); a Pawn arriving on one of its
 * promotion trigs carries the chosen kind (TR10):
 * cheops_move_make_promotion (from, to, TRIGCHESS_DOME | _GYRO | _STAG).
 */
#pragma once

#include "cheops-position.h"
#include "cheops-notation.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The initial position (section 5, TR14), Gold to move. */
#define TRIGCHESS_START_FEN "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1"

/* The variant table (registered in cheops_variants[]). */
extern const CheopsVariant cheops_variant_trigchess;

/* 46 trigs (2.1). */
#define TRIGCHESS_CELL_NB 46

/* The piece kinds (3.1), indexes of cheops_variant_trigchess.pieces. */
enum {
  TRIGCHESS_KING = 1,
  TRIGCHESS_DOME,
  TRIGCHESS_GYRO,
  TRIGCHESS_STAG,
  TRIGCHESS_PAWN,
  TRIGCHESS_PIECE_TYPE_NB
};

/* The outcomes (6.6), indexes of cheops_variant_trigchess.outcomes; the
 * letter is the winner's. */
enum {
  TRIGCHESS_OUTCOME_G_CHECKMATE = 1,   /* Red to move, in check, no legal move (TR13) */
  TRIGCHESS_OUTCOME_R_CHECKMATE,
  TRIGCHESS_OUTCOME_G_STALEMATE,       /* Red to move, not in check, no legal move (TR13) */
  TRIGCHESS_OUTCOME_R_STALEMATE,
  TRIGCHESS_OUTCOME_G_REPETITION,      /* Red's move made the third occurrence (TR15) */
  TRIGCHESS_OUTCOME_R_REPETITION,
  TRIGCHESS_OUTCOME_NB
};

/* Zones of the board (CheopsCellInfo.zones bits). */
enum {
  TRIGCHESS_ZONE_PROMOTION_GOLD = 1 << 0,   /* b6 d6 f6 h6 (TR9) */
  TRIGCHESS_ZONE_PROMOTION_RED  = 1 << 1,   /* b1 d1 f1 h1 (TR9) */
  TRIGCHESS_ZONE_HALF_GOLD      = 1 << 2,   /* ranks 1-3 (2.5) */
  TRIGCHESS_ZONE_HALF_RED       = 1 << 3,   /* ranks 4-6 */
};

/* ---------------------------------------------------------- geometry */

/* The cell of file @file (1..9 for a..i) and rank @rank (1..6), or
 * CHEOPS_CELL_NONE when there is no such trig (2.2). */
CheopsCell      trigchess_cell_make           (int file, int rank);
/* The file (1..9) and rank (1..6) of @cell. */
int             trigchess_cell_file           (CheopsCell cell);
int             trigchess_cell_rank           (CheopsCell cell);
/* Whether @cell points up (flat side toward Gold; file + rank odd, 2.2). */
bool            trigchess_cell_is_up          (CheopsCell cell);
/* The Gyro class of @cell (2.5): 'A', 'B', 'C' or 'D'. */
char            trigchess_cell_gyro_class     (CheopsCell cell);
/* Writes the name of @cell ("e3") into @buf (3 bytes) and returns @buf. */
char           *trigchess_cell_name           (CheopsCell cell, char *buf);
/* The promotion trigs of @side (TR9). */
CheopsCellSet   trigchess_promotion_cells     (CheopsSide side);
/* The cells a lone piece of kind @type and side @side on @cell reaches on
 * an empty board (3.9; a King its edge neighbours). */
CheopsCellSet   trigchess_empty_board_reach   (CheopsPieceType type, CheopsSide side, CheopsCell cell);

/* ----------------------------------------- the functions of the table */

void            trigchess_position_clear          (CheopsPosition *pos);
void            trigchess_position_put            (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece);
void            trigchess_position_set_side       (CheopsPosition *pos, CheopsSide side);
uint64_t        trigchess_position_compute_key    (const CheopsPosition *pos);
/* Plays @move: capture, compulsory promotion to the move's kind (TR10), the
 * counters (TR19). */
void            trigchess_position_do_move        (CheopsPosition *pos, CheopsMove move, CheopsUndo *undo);
void            trigchess_position_undo_move      (CheopsPosition *pos, CheopsMove move, const CheopsUndo *undo);
void            trigchess_position_do_null_move   (CheopsPosition *pos, CheopsUndo *undo);
void            trigchess_position_undo_null_move (CheopsPosition *pos, const CheopsUndo *undo);
/* Whether @side's King is attacked (3.8, TR12). */
bool            trigchess_position_king_attacked  (const CheopsPosition *pos, CheopsSide side);
/* Whether a piece of side @by attacks @cell (3.8, TR12). */
bool            trigchess_position_is_attacked    (const CheopsPosition *pos, CheopsCell cell, CheopsSide by);
/* The trigs the piece on @cell attacks (3.8, TR12): those it could
 * capture on if an enemy piece stood there, with the current blockers; 0
 * for an empty cell. */
CheopsCellSet   trigchess_position_attacks        (const CheopsPosition *pos, CheopsCell cell);
/* The legal moves (4.2, TR11), each promotion choice a move of its own. */
CheopsMove     *trigchess_generate_moves          (const CheopsPosition *pos, CheopsMove *list);
int             trigchess_count_moves             (const CheopsPosition *pos);
CheopsMove     *trigchess_generate_moves_to       (const CheopsPosition *pos, CheopsCell to,
                                                   CheopsPieceType type, CheopsMove *list);
/* Whether @move is exactly one of trigchess_generate_moves() (payload bits
 * included). */
bool            trigchess_position_is_playable    (const CheopsPosition *pos, CheopsMove move);
bool            trigchess_position_is_capture     (const CheopsPosition *pos, CheopsMove move);
/* Whether @move (a playable move) is a Pawn arriving on a promotion trig. */
bool            trigchess_position_is_promotion   (const CheopsPosition *pos, CheopsMove move);
/* Checkmate or stalemate of the side to move (TR13); never a draw (TR17). */
CheopsOutcome   trigchess_position_outcome        (const CheopsPosition *pos);
/* @count >= 3: the mover (the side not to move in @pos) loses (TR15). */
CheopsOutcome   trigchess_repetition_outcome      (const CheopsPosition *pos, int count);
/* state[0]: the plies since the last move that can never be undone (TR15). */
int             trigchess_position_repetition_horizon (const CheopsPosition *pos);
/* Whether @pos may arise in a game from the initial position, as far as the
 * position alone can tell.  Refuses, with CHEOPS_ERROR_POSITION_UNREACHABLE
 * and a message:
 * - a side without exactly one King;
 * - a Pawn on its own first rank or its own promotion trigs (TR18);
 * - both Kings in check, or the side not to move in check (4.2, TR11);
 * - more than 4 Pawns of a side;
 * - a Gyro on a class no Gyro of its side can ever stand on: Gold's Gyros
 *   start in C, A and B and promote on A and C trigs (4.4), so a Gold Gyro
 *   on a class D trig, or two on class B, cannot arise (Red: class B, or
 *   two on class D);
 * - more promoted pieces than Pawns lost: a side's Pawns plus its Domes
 *   beyond 2, Stags beyond 4 and Gyros beyond the one of each class it
 *   starts with (A and C) come to more than 4 (3.1, TR10). */
bool            trigchess_position_is_reachable   (const CheopsPosition *pos, CheopsError *error);
bool            trigchess_position_is_consistent  (const CheopsPosition *pos);
/* The FEN of 6.1, refusing F1-F10 each with its own one-line message naming
 * the field (and rank) and the column where it is. */
bool            trigchess_position_from_fen       (CheopsPosition *pos, const char *fen, CheopsError *error);
size_t          trigchess_position_to_fen         (const CheopsPosition *pos, char *buf, size_t size);
/* 6.2: "b2b3"; a promotion "b5b6d" (letter in lower case). */
size_t          trigchess_move_to_text            (CheopsMove move, char *buf);
/* 6.2: the letter (d, g or s, lower case) is required on a promotion and
 * refused on any other move.  Errors: CHEOPS_ERROR_MOVE_SYNTAX for text not
 * of that form (an upper-case letter included), CHEOPS_ERROR_MOVE_ILLEGAL
 * for a move that cannot be played. */
CheopsMove      trigchess_move_from_text          (const CheopsPosition *pos, const char *text,
                                                   CheopsError *error);
/* 6.3, TR20. */
size_t          trigchess_move_to_san             (const CheopsPosition *pos, CheopsMove move, char *buf);
/* 6.3: accepts what the writer writes, more disambiguation than needed, a
 * missing "+" or "#", and machine move text; refuses no or several
 * matching moves, a wrong or missing "x", a missing "=D/=G/=S" on a
 * promotion or "=" on another move, a wrong "+" or "#", and a Pawn capture
 * without its file. */
CheopsMove      trigchess_move_from_san           (const CheopsPosition *pos, const char *san,
                                                   ptrdiff_t length, CheopsError *error);

#ifdef __cplusplus
}
#endif
