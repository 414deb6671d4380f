/* cheops-notation.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The text forms of every variant, dispatched to the position's variant:
 * FEN, machine move text ("d3e4", TrigChess "b5b6d") and record notation
 * ("SAN": Cheops Appendix A, TrigChess 6.3).  Each variant's spec gives its
 * forms and the errors a reader reports.
 */
#pragma once

#include "cheops-position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest SAN any variant writes, with its NUL. */
#define CHEOPS_SAN_MAX 24
/* The longest machine move text any variant writes, with its NUL. */
#define CHEOPS_MOVE_TEXT_MAX 16

/* Reads @fen, a FEN of @variant, into *@pos.  On success returns true.  On
 * failure returns false, leaves *@pos untouched and, if @error is not NULL,
 * fills it with CHEOPS_ERROR_FEN_SYNTAX or CHEOPS_ERROR_FEN_IMPOSSIBLE, the
 * 1-based character column where the problem is, and a message naming the
 * field (and the level or rank) and what is wrong.  Leading and trailing
 * white space is ignored. */
bool            cheops_position_from_fen   (CheopsPosition      *pos,
                                            const CheopsVariant *variant,
                                            const char          *fen,
                                            CheopsError         *error);

/* Writes the FEN of @pos into @buf (@size bytes, CHEOPS_FEN_MAX is always
 * enough) and returns its length in bytes, not counting the NUL. */
static inline size_t
cheops_position_to_fen (const CheopsPosition *pos, char *buf, size_t size)
{
  return pos->variant->f.to_fen (pos, buf, size);
}

/* Writes the machine text of @move, a move of @variant, into @buf and
 * returns its length in bytes. */
static inline size_t
cheops_move_to_text (const CheopsVariant *variant, CheopsMove move,
                     char buf[CHEOPS_MOVE_TEXT_MAX])
{
  return variant->f.move_to_text (move, buf);
}

/* Reads the machine text of a move of the side to move in @pos.  Returns
 * the move if it is playable (cheops_generate_moves()), else
 * CHEOPS_MOVE_NONE with *@error filled when @error is not NULL. */
static inline CheopsMove
cheops_move_from_text (const CheopsPosition *pos, const char *text, CheopsError *error)
{
  return pos->variant->f.move_from_text (pos, text, error);
}

/* Writes the record notation of @move, a playable move of @pos, into @buf
 * and returns its length in bytes. */
static inline size_t
cheops_move_to_san (const CheopsPosition *pos, CheopsMove move, char buf[CHEOPS_SAN_MAX])
{
  return pos->variant->f.move_to_san (pos, move, buf);
}

/* Reads record notation (or machine move text) for a move of the side to
 * move in @pos, @length bytes of @san (-1: up to its NUL), as leniently as
 * the variant's spec says.  Returns the move, or CHEOPS_MOVE_NONE with
 * *@error (CHEOPS_ERROR_MOVE_SYNTAX, _ILLEGAL or _AMBIGUOUS, with a message
 * such as "no Swordmaster can reach f5") filled when @error is not NULL. */
static inline CheopsMove
cheops_move_from_san (const CheopsPosition *pos, const char *san, ptrdiff_t length,
                      CheopsError *error)
{
  return pos->variant->f.move_from_san (pos, san, length, error);
}

/* The English name of a piece kind of @variant ("Swordmaster", "Dome"). */
static inline const char *
cheops_piece_type_name (const CheopsVariant *variant, CheopsPieceType type)
{
  return variant->pieces[type].name;
}

#ifdef __cplusplus
}
#endif
