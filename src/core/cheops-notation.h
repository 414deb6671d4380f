/* cheops-notation.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The text forms of DESIGN.md section 3: FEN, machine move text ("d3e4") and
 * record notation (Appendix A, "SAN"; RULINGS.md R9, R10).
 */
#pragma once

#include "cheops-position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest SAN this core writes ("Ahxxi9++", "e3f3++"), with its NUL. */
#define CHEOPS_SAN_MAX 16
/* The longest machine move text ("i8i9q"), with its NUL. */
#define CHEOPS_MOVE_TEXT_MAX 8

/* Reads @fen into *@pos.  On success returns true.  On failure returns
 * false, leaves *@pos untouched and, if @error is not NULL, fills it with
 * CHEOPS_ERROR_FEN_SYNTAX or CHEOPS_ERROR_FEN_IMPOSSIBLE, the 1-based
 * character column where the problem is, and a message naming the field
 * (and the level) and what is wrong.  Leading and trailing white space is
 * ignored; the two counters may be left out (they default to 0 and 1).
 * Rejects what R9 lists. */
bool            cheops_position_from_fen   (CheopsPosition *pos,
                                            const char     *fen,
                                            CheopsError    *error);
/* Writes the FEN of @pos into @buf (@size bytes, CHEOPS_FEN_MAX is always
 * enough) and returns its length in bytes, not counting the NUL. */
size_t          cheops_position_to_fen     (const CheopsPosition *pos,
                                            char                 *buf,
                                            size_t                size);

/* Writes the machine text of @move ("d3e4"; a collapse "i5i9"; no promotion
 * letter) into @buf and returns its length in bytes (always 4). */
size_t          cheops_move_to_text        (CheopsMove move,
                                            char       buf[CHEOPS_MOVE_TEXT_MAX]);
/* Reads the machine text of a move of the side to move in @pos ("d3e4", a
 * promotion optionally "i8i9q").  Returns the move if it is playable
 * (cheops_generate_moves()), else CHEOPS_MOVE_NONE with *@error filled. */
CheopsMove      cheops_move_from_text      (const CheopsPosition *pos,
                                            const char           *text,
                                            CheopsError          *error);

/* Writes the record notation of @move, a playable move of @pos, into @buf
 * and returns its length in bytes: Appendix A with A.3 disambiguation among
 * the moves the side may play, "x" for a capture, "xx" for a collapse,
 * "=Q" for a promotion, and the suffix "#" (Ascension), "++" (checklock) or
 * "+" (check) as R10 gives. */
size_t          cheops_move_to_san         (const CheopsPosition *pos,
                                            CheopsMove            move,
                                            char                  buf[CHEOPS_SAN_MAX]);
/* Reads record notation (or machine move text) for a move of the side to
 * move in @pos, @length bytes of @san (-1: up to its NUL).  Lenient as R10
 * says: redundant disambiguation, a missing "=Q", a missing capture mark
 * and a missing suffix are accepted; a capture mark ("x", "xx" for a
 * collapse), "=Q" or suffix that is present must be right.  Returns the
 * move, or CHEOPS_MOVE_NONE with *@error (CHEOPS_ERROR_MOVE_SYNTAX,
 * _ILLEGAL or _AMBIGUOUS, with a message such as "no Swordmaster can reach
 * f5") filled when @error is not NULL. */
CheopsMove      cheops_move_from_san       (const CheopsPosition *pos,
                                            const char           *san,
                                            ptrdiff_t             length,
                                            CheopsError          *error);

/* The letter of a piece type in record notation ('K' 'Q' 'M' 'S' 'A'; 'P'
 * for a Pawn, which SAN leaves out), and its English name ("Swordmaster"). */
char            cheops_piece_type_letter   (CheopsPieceType type);
const char     *cheops_piece_type_name     (CheopsPieceType type);

#ifdef __cplusplus
}
#endif
