/* cheops-core-private.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What every game's code in src/core shares and no caller outside the core
 * sees: the error record's filling, the text helpers of the readers, the
 * Zobrist sequence, and keeping a position's board, cell sets and key
 * together as pieces come and go.  All of it is the same for every
 * variant; each game keeps its own tables (its Zobrist keys among them).
 */
#pragma once

#include "cheops-position.h"

#include <string.h>

/* Fills @error (may be NULL) with @code, line 1, @column and the printf
 * @format; returns false, for `return cheops__set_error (...)`. */
__attribute__((format (printf, 4, 5)))
bool            cheops__set_error      (CheopsError     *error,
                                        CheopsErrorCode  code,
                                        int              column,
                                        const char      *format,
                                        ...);

/* Fills @error (may be NULL) with CHEOPS_ERROR_POSITION_UNREACHABLE, no
 * line or column, and the printf @format; returns false. */
__attribute__((format (printf, 2, 3)))
bool            cheops__set_unreachable (CheopsError *error,
                                         const char  *format,
                                         ...);

/* The room cheops__quote_char() needs: four bytes of a character or the
 * five of "\\xNN", and the NUL. */
#define CHEOPS__QUOTE_CHAR_MAX 8

/* Writes the character that starts at @p (@end: the end of the text, for
 * a sequence cut short) into @out as a NUL-terminated string for an error
 * message: the whole UTF-8 sequence when @p starts a valid one, else the
 * byte as "\xNN", so that a message never holds a broken UTF-8 byte.
 * Returns the number of bytes of the text it stands for (at least 1). */
size_t          cheops__quote_char     (const char      *p,
                                        const char      *end,
                                        char             out[CHEOPS__QUOTE_CHAR_MAX]);

/* The longest record notation the SAN readers take, with its NUL. */
#define CHEOPS__SAN_INPUT_MAX 32

/* The start of every SAN reader: copies the @length bytes of @san (-1: up
 * to its NUL; NULL reads as empty) into @text with a NUL, and a
 * NUL-terminated copy for messages (cut to fit) into @quoted, both of
 * CHEOPS__SAN_INPUT_MAX bytes; *@len is the length.  Returns false with
 * CHEOPS_ERROR_MOVE_SYNTAX "'…' is not a move" when the text is empty or
 * too long to be a move. */
/* Whether the generic layout of @pos holds together: each piece kind's
 * cell set (kinds 1..@n_piece_types-1 only, cells below @n_cells) matches
 * the board, the sets of a side are disjoint and make its set 0, the sides'
 * sets make pos->occupied, every occupied cell is in them, and each side
 * has exactly one King (kind 1) on pos->king[].  The variant checks its own
 * state and key beside it. */
bool            cheops__sets_are_consistent (const CheopsPosition *pos,
                                             int                   n_cells,
                                             int                   n_piece_types);

bool            cheops__san_input      (const char  *san,
                                        ptrdiff_t    length,
                                        char        *text,
                                        char        *quoted,
                                        size_t      *len,
                                        CheopsError *error);

/* White space as the FEN readers see it (C locale isspace). */
static inline bool
cheops__is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* The next number of the SplitMix64 sequence (Steele, Lea and Flood 2014):
 * a game's Zobrist keys come from a fixed seed, so they are the same in
 * every run and every program. */
static inline uint64_t
cheops__splitmix64 (uint64_t *state)
{
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Empties @pos as a position of @variant: no pieces, no King, side A to
 * move, counters 0 and 1, key 0. */
static inline void
cheops__position_clear (CheopsPosition      *pos,
                        const CheopsVariant *variant)
{
  memset (pos, 0, sizeof *pos);
  pos->variant = variant;
  pos->king[CHEOPS_SIDE_A] = CHEOPS_CELL_NONE;
  pos->king[CHEOPS_SIDE_B] = CHEOPS_CELL_NONE;
  pos->side_to_move = CHEOPS_SIDE_A;
  pos->fullmove_number = 1;
}

/* Puts @piece on the empty @cell: the board, the side's and the kind's cell
 * sets, the occupied set, and the key by @zobrist (the game's key of that
 * piece on that cell). */
static inline void
cheops__position_add_piece (CheopsPosition *pos,
                            CheopsCell      cell,
                            CheopsPiece     piece,
                            uint64_t        zobrist)
{
  CheopsCellSet bit = cheops_cellset_of (cell);
  CheopsSide side = cheops_piece_side (piece);

  pos->board[cell] = piece;
  pos->pieces[side][cheops_piece_type (piece)] |= bit;
  pos->pieces[side][0] |= bit;
  pos->occupied |= bit;
  pos->key ^= zobrist;
}

/* Takes the piece off @cell (which holds one), @zobrist as above. */
static inline void
cheops__position_remove_piece (CheopsPosition *pos,
                               CheopsCell      cell,
                               uint64_t        zobrist)
{
  CheopsPiece piece = pos->board[cell];
  CheopsCellSet bit = cheops_cellset_of (cell);
  CheopsSide side = cheops_piece_side (piece);

  pos->board[cell] = CHEOPS_NO_PIECE;
  pos->pieces[side][cheops_piece_type (piece)] &= ~bit;
  pos->pieces[side][0] &= ~bit;
  pos->occupied &= ~bit;
  pos->key ^= zobrist;
}
