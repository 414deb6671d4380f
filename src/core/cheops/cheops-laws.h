/* cheops-laws.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game Cheops (nine-level pyramid chess, "The Laws of Cheops"; article
 * numbers such as "5.4" refer to it, R1..R10 to RULINGS.md): its own types
 * and functions, behind the variant table cheops_variant_cheops.  Code that
 * works for every variant uses cheops-position.h and cheops-notation.h;
 * this header is for the game Cheops's own code (its rules, its evaluation
 * in the engine, its tests).
 *
 * A position of Cheops is a CheopsPosition whose variant is
 * &cheops_variant_cheops.  pieces[side][kind] holds each kind's cells;
 * hand[] and state[] are unused (always zero).
 */
#pragma once

#include "cheops-position.h"
#include "cheops-notation.h"
#include "cheops-laws-geometry.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The initial position (6.1), the a side to move. */
#define CHEOPS_LAWS_START_FEN "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1"

/* How a game of Cheops stands (Article 8, RULINGS.md R5): indexes of
 * cheops_variant_cheops.outcomes. */
enum {
  CHEOPS_LAWS_OUTCOME_ASCENSION_A = 1,          /* the a side achieved the Ascension (8.1) */
  CHEOPS_LAWS_OUTCOME_ASCENSION_Q,              /* the q side achieved the Ascension (8.1) */
  CHEOPS_LAWS_OUTCOME_DRAW_NO_QUEEN_NO_PAWN,    /* 8.4.1, first case */
  CHEOPS_LAWS_OUTCOME_DRAW_NO_LEGAL_MOVE,       /* 8.4.1 second case, 4.2.4, 4.2.5 */
  CHEOPS_LAWS_OUTCOME_DRAW_SEVENTY_FIVE_MOVES,  /* 8.4.3, second case: 150 plies */
  CHEOPS_LAWS_OUTCOME_DRAW_FIFTH_REPETITION,    /* 8.4.3, first case (needs a history) */
  CHEOPS_LAWS_OUTCOME_NB
};

/* The Cheops implementations behind the variant table (see
 * cheops-position.h and cheops-notation.h for what each does); the Cheops
 * code calls them directly. */
void            cheops_laws_position_clear          (CheopsPosition *pos);
void            cheops_laws_position_put            (CheopsPosition *pos,
                                                     CheopsCell      cell,
                                                     CheopsPiece     piece);
void            cheops_laws_position_set_side       (CheopsPosition *pos,
                                                     CheopsSide      side);
uint64_t        cheops_laws_position_compute_key    (const CheopsPosition *pos);
/* Plays @move: capture (3.6.2), promotion on the Apex (4.7.3), collapse
 * (5.2) and the counters (R8). */
void            cheops_laws_position_do_move        (CheopsPosition *pos,
                                                     CheopsMove      move,
                                                     CheopsUndo     *undo);
void            cheops_laws_position_undo_move      (CheopsPosition   *pos,
                                                     CheopsMove        move,
                                                     const CheopsUndo *undo);
void            cheops_laws_position_do_null_move   (CheopsPosition *pos,
                                                     CheopsUndo     *undo);
void            cheops_laws_position_undo_null_move (CheopsPosition   *pos,
                                                     const CheopsUndo *undo);
bool            cheops_laws_position_king_attacked  (const CheopsPosition *pos,
                                                     CheopsSide            side);
bool            cheops_laws_position_in_check       (const CheopsPosition *pos);
CheopsMove     *cheops_laws_generate_moves          (const CheopsPosition *pos,
                                                     CheopsMove           *list);
int             cheops_laws_count_moves             (const CheopsPosition *pos);
CheopsMove     *cheops_laws_generate_moves_to       (const CheopsPosition *pos,
                                                     CheopsCell            to,
                                                     CheopsPieceType       type,
                                                     CheopsMove           *list);
/* The moves of cheops_laws_generate_moves_to() (those of
 * cheops_laws_generate_moves() to @to by a piece of @type) whose piece
 * stands on column @column (0 = a; -1: any) and level @level (1-9; -1:
 * any), as record notation's disambiguation asks (A.3); the others are not
 * tested for legality.  Returns the end of the list written at @list. */
CheopsMove     *cheops_laws_generate_moves_matching (const CheopsPosition *pos,
                                                     CheopsCell            to,
                                                     CheopsPieceType       type,
                                                     int                   column,
                                                     int                   level,
                                                     CheopsMove           *list);
bool            cheops_laws_position_is_playable    (const CheopsPosition *pos,
                                                     CheopsMove            move);
/* How the game stands, in the order of R5: the Ascension; the draw without
 * Queens and Pawns; no playable move; the seventy-five-move draw from the
 * halfmove clock (8.4.3). */
CheopsOutcome   cheops_laws_position_outcome        (const CheopsPosition *pos);
/* 8.4.3: the fifth occurrence draws at once. */
CheopsOutcome   cheops_laws_repetition_outcome      (const CheopsPosition *pos,
                                                     int                   count);
/* Whether @pos may arise in a game played from the initial position by the
 * Laws, as far as a position alone can tell.  Refuses, with
 * CHEOPS_ERROR_POSITION_UNREACHABLE and a message:
 * - the Kings next to each other: a King may not step into danger (4.2.3),
 *   and a side in checklock may not give check (4.2.6, R4) (4.2);
 * - both Kings in check: the side not to move could end its turn in check
 *   only in checklock (4.2.2, 4.2.5), where its move could not leave the
 *   other King attacked (4.2.6, R4);
 * - more pieces of a kind than a side starts with (4.1: 1 King, 1 Queen,
 *   2 Swordmasters, 2 Sisters, 3 Assassins, 7 Pawns), except Queens
 *   promoted from Pawns: Queens and Pawns together at most 8 (4.7.3, the
 *   only promotion). */
bool            cheops_laws_position_is_reachable   (const CheopsPosition *pos,
                                                     CheopsError          *error);
bool            cheops_laws_position_is_capture     (const CheopsPosition *pos,
                                                     CheopsMove            move);
bool            cheops_laws_position_is_consistent  (const CheopsPosition *pos);
/* Reads a FEN (DESIGN.md section 3), rejecting what R9 lists; the two
 * counters may be left out (they default to 0 and 1). */
bool            cheops_laws_position_from_fen       (CheopsPosition *pos,
                                                     const char     *fen,
                                                     CheopsError    *error);
size_t          cheops_laws_position_to_fen         (const CheopsPosition *pos,
                                                     char                 *buf,
                                                     size_t                size);
/* "d3e4"; a collapse "i5i9"; no promotion letter (always 4 bytes). */
size_t          cheops_laws_move_to_text            (CheopsMove move,
                                                     char      *buf);
/* "d3e4", a promotion optionally "i8i9q". */
CheopsMove      cheops_laws_move_from_text          (const CheopsPosition *pos,
                                                     const char           *text,
                                                     CheopsError          *error);
/* Appendix A with A.3 disambiguation among the moves the side may play,
 * "x" for a capture, "xx" for a collapse, "=Q" for a promotion, and the
 * suffix "#" (Ascension), "++" (checklock) or "+" (check) as R10 gives. */
size_t          cheops_laws_move_to_san             (const CheopsPosition *pos,
                                                     CheopsMove            move,
                                                     char                 *buf);
/* Lenient as R10 says: redundant disambiguation, a missing "=Q", a missing
 * capture mark and a missing suffix are accepted; a capture mark ("x",
 * "xx" for a collapse), "=Q" or suffix that is present must be right. */
CheopsMove      cheops_laws_move_from_san           (const CheopsPosition *pos,
                                                     const char           *san,
                                                     ptrdiff_t             length,
                                                     CheopsError          *error);

/* Whether a piece of side @by attacks @cell (3.6.5, R2): could capture on it
 * if an enemy piece stood there, whether or not that capture would be legal.
 * A King attacks its nine King cells, never the Apex. */
bool            cheops_laws_position_is_attacked    (const CheopsPosition *pos,
                                                     CheopsCell            cell,
                                                     CheopsSide            by);
/* The pieces of side @by that attack @cell, given @occupied as the cells that
 * hold pieces (for looking through a piece that is about to move). */
CheopsCellSet   cheops_laws_position_attackers      (const CheopsPosition *pos,
                                                     CheopsCell            cell,
                                                     CheopsSide            by,
                                                     CheopsCellSet         occupied);
/* The pieces among @candidates that alone stand between @cell and a Queen,
 * Swordmaster or Sister of side @by on a line that piece moves along (3.6.3):
 * with @cell a King and @candidates its own pieces, the pinned pieces
 * (4.2.2); with @candidates @by's own pieces, those whose move may uncover
 * an attack on @cell (a discovered check). */
CheopsCellSet   cheops_laws_position_sole_blockers  (const CheopsPosition *pos,
                                                     CheopsCell            cell,
                                                     CheopsSide            by,
                                                     CheopsCellSet         candidates);
/* The moves of the side to move that are legal under 4.2.2-4.2.3 and
 * Article 5.  Ignores whether the game is over. */
CheopsMove     *cheops_laws_generate_legal          (const CheopsPosition *pos,
                                                     CheopsMove           *list);
/* Whether the side to move has a move legal under 4.2.2-4.2.3 and Article
 * 5 (cheops_laws_generate_legal() gives one or more), found without
 * listing them all.  Ignores whether the game is over. */
bool            cheops_laws_position_has_legal_move (const CheopsPosition *pos);
/* The checklock moves (4.2.6, R4): moves that obey the pieces' movement and
 * Article 5, are not King moves, take no Queen or Pawn onto the Apex, and
 * leave the opponent's King unattacked. */
CheopsMove     *cheops_laws_generate_checklock      (const CheopsPosition *pos,
                                                     CheopsMove           *list);
/* Whether the side to move is in checklock (4.2.5): in check with no move
 * legal under 4.2.2. */
bool            cheops_laws_position_in_checklock   (const CheopsPosition *pos);
/* Whether @move is a collapse (5.2): a Swordmaster or Assassin onto the
 * Apex, where an enemy Queen stands. */
bool            cheops_laws_position_is_collapse    (const CheopsPosition *pos,
                                                     CheopsMove            move);
/* Whether @move promotes a Pawn on the Apex (4.7.3). */
bool            cheops_laws_position_is_promotion   (const CheopsPosition *pos,
                                                     CheopsMove            move);
/* Whether the side to move may claim the draw of 8.4.2's second case: the
 * last fifty moves by each player (100 plies, R8) without a capture, a
 * collapse or a Pawn climbing. */
bool            cheops_laws_position_fifty_move_claimable (const CheopsPosition *pos);

/* The letter of a piece type in record notation ('K' 'Q' 'M' 'S' 'A'; 'P'
 * for a Pawn, which SAN leaves out), and its English name ("Swordmaster"). */
char            cheops_laws_piece_type_letter       (CheopsPieceType type);
const char     *cheops_laws_piece_type_name         (CheopsPieceType type);

#ifdef __cplusplus
}
#endif
