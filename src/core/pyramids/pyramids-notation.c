/* pyramids-notation.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The text forms of Pyramids: FEN (6.1, PY17, errors E1-E15), machine move
 * text (6.2, PY18) and record notation (6.3, PY19).
 */
#include "pyramids-private.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- FEN */

#define FEN_FIELDS_MAX 6

static const char *const rights_text[4] = { "-", "F", "f", "Ff" };

__attribute__((format (printf, 3, 0)))
static bool
fen_syntax (CheopsError *error, int column, const char *format, const char *detail, int rank)
{
  char what[200];

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  snprintf (what, sizeof what, format, detail);
#pragma GCC diagnostic pop
  if (rank > 0)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, column, "FEN placement, rank %d: %s", rank, what);
  return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, column, "FEN %s", what);
}

/* Reads a counter of @len bytes at @text: decimal, no sign, no leading
 * zero, @min..999999 (E13). */
static bool
read_counter (const char *text, size_t len, int min, int *value)
{
  int v = 0;

  if (len == 0 || len > 6 || (len > 1 && text[0] == '0'))
    return false;
  for (size_t i = 0; i < len; i++)
    {
      if (text[i] < '0' || text[i] > '9')
        return false;
      v = v * 10 + (text[i] - '0');
    }
  if (v < min)
    return false;
  *value = v;
  return true;
}

/* One rank of the placement (E3-E8): @text, @len bytes, starting at column
 * @col0 (1-based) of the FEN, rank number @rank. */
static bool
read_rank (CheopsPosition *pos, const char *text, size_t len, int col0, int rank, CheopsError *error)
{
  int file = 0;
  bool last_count = false;

  for (size_t i = 0; i < len;)
    {
      char c = text[i];
      int col = col0 + (int) i;

      if (c >= '0' && c <= '9')
        {
          if (c == '0')
            return fen_syntax (error, col, "%san empty-square count of 0 (E4)", "", rank);
          if (last_count)
            return fen_syntax (error, col, "%stwo empty-square counts in a row (E4)", "", rank);
          file += c - '0';
          last_count = true;
          i++;
          continue;
        }
      last_count = false;
      if (c == 'S' || c == 's' || c == 'F' || c == 'f')
        {
          if (file < 9)
            pyramids_position_put (pos, pyramids_cell_make (file, rank),
                                   cheops_piece_make (c == 'S' || c == 'F' ? CHEOPS_SIDE_A : CHEOPS_SIDE_B,
                                                      c == 'S' || c == 's' ? PYRAMIDS_SLAVE : PYRAMIDS_FARAON));
          file++;
          i++;
          continue;
        }
      if (c == '(')
        {
          size_t j, point = 0;
          int points = 0, left = 0, right = 0;
          unsigned mask = 0;
          int prev = 5;

          for (j = i + 1; j < len && text[j] != ')'; j++)
            {
              if (text[j] == '.')
                {
                  points++;
                  point = j;
                }
              else if (text[j] < '1' || text[j] > '4')
                {
                  if (text[j] == '(')
                    return fen_syntax (error, col, "%sa pino token without its closing ')' (E6)", "", rank);
                  {
                    char bad[CHEOPS__QUOTE_CHAR_MAX];

                    cheops__quote_char (text + j, text + len, bad);
                    return fen_syntax (error, col0 + (int) j, "a pino token with '%s' inside: only sizes 1-4 and one point (E6)",
                                       bad, rank);
                  }
                }
            }
          if (j >= len)
            return fen_syntax (error, col, "%sa pino token without its closing ')' (E6)", "", rank);
          if (points != 1)
            return fen_syntax (error, col, "%sa pino token needs exactly one point (E6)", "", rank);
          left = (int) (point - i - 1);
          right = (int) (j - point - 1);
          if (left == 0 && right == 0)
            return fen_syntax (error, col, "%sa pino token with no size (E6)", "", rank);
          if (left > 0 && right > 0)
            return fen_syntax (error, col, "%sa pino with sizes on both sides of the point: two colours (E7)", "", rank);
          for (size_t k = left > 0 ? i + 1 : point + 1; k < (left > 0 ? point : j); k++)
            {
              int s = text[k] - '0';

              if (s >= prev)
                return fen_syntax (error, col0 + (int) k, "%sa pino's sizes must be different and largest first (E8)", "", rank);
              prev = s;
              mask |= 1u << (s - 1);
            }
          if (file < 9)
            pyramids_position_put (pos, pyramids_cell_make (file, rank),
                                   cheops_piece_make (left > 0 ? CHEOPS_SIDE_A : CHEOPS_SIDE_B, PYRAMIDS_PINO (mask)));
          file++;
          i = j + 1;
          continue;
        }
      {
        char bad[CHEOPS__QUOTE_CHAR_MAX];

        cheops__quote_char (text + i, text + len, bad);
        return fen_syntax (error, col, "'%s' is not a count, S, s, F, f or a pino token (E5)", bad, rank);
      }
    }
  if (file != 9)
    {
      char n[16];
      snprintf (n, sizeof n, "%d", file);
      return fen_syntax (error, col0, "covers %s squares, not 9 (E3)", n, rank);
    }
  return true;
}

bool
pyramids_position_from_fen (CheopsPosition *pos, const char *fen, CheopsError *error)
{
  CheopsPosition p;
  const char *field[FEN_FIELDS_MAX];
  size_t flen[FEN_FIELDS_MAX];
  int fcol[FEN_FIELDS_MAX];
  int nf = 0, rights = -1;
  const char *s;
  size_t rank_start[9], rank_len[9];
  int nr = 0;

  if (fen == NULL)
    fen = "";
  pyramids_position_clear (&p);
  for (s = fen; *s;)
    {
      while (*s && cheops__is_space (*s))
        s++;
      if (!*s)
        break;
      if (nf < FEN_FIELDS_MAX)
        {
          field[nf] = s;
          fcol[nf] = (int) (s - fen) + 1;
        }
      while (*s && !cheops__is_space (*s))
        s++;
      if (nf < FEN_FIELDS_MAX)
        flen[nf] = (size_t) (s - field[nf]);
      nf++;
    }
  /* E1.  The column is where the FEN goes wrong: its end when a field is
   * missing, the first field too many otherwise. */
  if (nf != 3 && nf != 5)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX,
                              nf > 5 ? fcol[5] : (int) strlen (fen) + 1,
                              "FEN: %d field%s, not 3 or 5 (placement side rights [halfmove fullmove]) (E1)",
                              nf, nf == 1 ? "" : "s");
  /* E2 */
  rank_start[0] = 0;
  for (size_t i = 0; i <= flen[0]; i++)
    if (i == flen[0] || field[0][i] == '/')
      {
        if (nr < 9)
          rank_len[nr] = i - rank_start[nr];
        nr++;
        if (nr < 9)
          rank_start[nr] = i + 1;
      }
  if (nr != 9)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, fcol[0],
                              "FEN placement: %d ranks, not 9 (E2)", nr);
  /* E3-E8, rank 9 first */
  for (int i = 0; i < 9; i++)
    if (!read_rank (&p, field[0] + rank_start[i], rank_len[i], fcol[0] + (int) rank_start[i], 9 - i, error))
      return false;
  /* E11 */
  if (flen[1] != 1 || (field[1][0] != 'w' && field[1][0] != 'b'))
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, fcol[1],
                              "FEN side to move: '%.*s' is not w or b (E11)", (int) (flen[1] > 16 ? 16 : flen[1]), field[1]);
  pyramids_position_set_side (&p, field[1][0] == 'w' ? CHEOPS_SIDE_A : CHEOPS_SIDE_B);
  /* E12 */
  for (int r = 0; r < 4; r++)
    if (strlen (rights_text[r]) == flen[2] && strncmp (rights_text[r], field[2], flen[2]) == 0)
      rights = r;
  if (rights < 0)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, fcol[2],
                              "FEN rights: '%.*s' is not Ff, F, f or - (E12)", (int) (flen[2] > 16 ? 16 : flen[2]), field[2]);
  pyramids_position_set_rights (&p, (unsigned) rights);
  /* E13 */
  if (nf == 5)
    {
      if (!read_counter (field[3], flen[3], 0, &p.halfmove_clock))
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, fcol[3],
                                  "FEN halfmove clock: '%.*s' is not a number 0-999999 without sign or leading zero (E13)",
                                  (int) (flen[3] > 16 ? 16 : flen[3]), field[3]);
      if (!read_counter (field[4], flen[4], 1, &p.fullmove_number))
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, fcol[4],
                                  "FEN fullmove number: '%.*s' is not a number 1-999999 without sign or leading zero (E13)",
                                  (int) (flen[4] > 16 ? 16 : flen[4]), field[4]);
    }
  /* E9 */
  for (int side = 0; side < 2; side++)
    {
      int n = cheops_cellset_count (p.pieces[side][PYRAMIDS_FARAON]);
      if (n != 1)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, fcol[0],
                                  "FEN placement: %d %s faraons, not exactly one (E9)", n, side == 0 ? "White" : "Black");
    }
  /* E10 */
  for (int r = 1; r <= 9; r += 8)
    if ((p.pieces[0][PYRAMIDS_SLAVE] | p.pieces[1][PYRAMIDS_SLAVE]) & py_rank_set[r])
      return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, fcol[0] + (int) rank_start[9 - r],
                                "FEN placement, rank %d: a slave on rank %d (E10)", r, r);
  /* E14 */
  if ((p.state[0] & PYRAMIDS_RIGHT (p.side_to_move)) && pyramids_position_king_attacked (&p, p.side_to_move))
    return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, fcol[2],
                              "FEN rights: the side to move is in check, so its faraon has lost its right (E14)");
  /* E15 */
  if (pyramids_position_king_attacked (&p, cheops_side_other (p.side_to_move)))
    return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, fcol[1],
                              "FEN side to move: the side not to move is in check (E15)");
  *pos = p;
  return true;
}

size_t
pyramids_position_to_fen (const CheopsPosition *pos, char *buf, size_t size)
{
  char out[CHEOPS_FEN_MAX + 64];
  size_t n = 0;
  int len;

  for (int r = 9; r >= 1; r--)
    {
      int empty = 0;

      for (int f = 0; f < 9; f++)
        {
          CheopsPiece piece = pos->board[pyramids_cell_make (f, r)];
          CheopsPieceType kind = cheops_piece_type (piece);
          bool white = cheops_piece_side (piece) == CHEOPS_SIDE_A;

          if (piece == CHEOPS_NO_PIECE)
            {
              empty++;
              continue;
            }
          if (empty)
            out[n++] = (char) ('0' + empty);
          empty = 0;
          if (kind == PYRAMIDS_FARAON)
            out[n++] = white ? 'F' : 'f';
          else if (kind == PYRAMIDS_SLAVE)
            out[n++] = white ? 'S' : 's';
          else
            {
              out[n++] = '(';
              if (!white)
                out[n++] = '.';
              n += pyramids_sizes_to_text (PYRAMIDS_PINO_MASK (kind), out + n);
              if (white)
                out[n++] = '.';
              out[n++] = ')';
            }
        }
      if (empty)
        out[n++] = (char) ('0' + empty);
      if (r > 1)
        out[n++] = '/';
    }
  len = snprintf (out + n, sizeof out - n, " %c %s %d %d", pos->side_to_move == CHEOPS_SIDE_A ? 'w' : 'b',
                  rights_text[pos->state[0] & 3], pos->halfmove_clock, pos->fullmove_number);
  n += (size_t) len;
  if (size > 0)
    {
      size_t k = n < size - 1 ? n : size - 1;
      memcpy (buf, out, k);
      buf[k] = '\0';
    }
  return n;
}

/* ------------------------------------------------------ machine text */

static size_t
square_text (CheopsCell cell, char *buf)
{
  buf[0] = (char) ('a' + pyramids_cell_file (cell));
  buf[1] = (char) ('0' + pyramids_cell_rank (cell));
  buf[2] = '\0';
  return 2;
}

size_t
pyramids_move_to_text (CheopsMove move, char *buf)
{
  size_t n = square_text (cheops_move_from (move), buf);
  CheopsPieceType promotion = cheops_move_promotion (move);

  n += square_text (cheops_move_to (move), buf + n);
  if (promotion && PYRAMIDS_IS_PINO (promotion))
    n += pyramids_sizes_to_text (PYRAMIDS_PINO_MASK (promotion), buf + n);
  else if (cheops_move_part (move))
    n += pyramids_sizes_to_text (cheops_move_part (move), buf + n);
  buf[n] = '\0';
  return n;
}

/* A square name at @text ("e5"), or CHEOPS_CELL_NONE. */
static CheopsCell
read_square (const char *text)
{
  if (text[0] < 'a' || text[0] > 'i' || text[1] < '1' || text[1] > '9')
    return CHEOPS_CELL_NONE;
  return pyramids_cell_make (text[0] - 'a', text[1] - '0');
}

/* Sizes 1-4 strictly decreasing at @text, @len bytes (at least one); the
 * mask, or 0 when it is not such a run. */
static unsigned
read_sizes (const char *text, size_t len)
{
  unsigned mask = 0;
  int prev = 5;

  if (len == 0 || len > 4)
    return 0;
  for (size_t i = 0; i < len; i++)
    {
      int s = text[i] - '0';
      if (s < 1 || s >= prev)
        return 0;
      prev = s;
      mask |= 1u << (s - 1);
    }
  return mask;
}

/* The move of @pos that machine text with squares @from, @to and sizes
 * @sizes (0: none) names, whether or not it is legal, or CHEOPS_MOVE_NONE
 * when the sizes do not fit the piece. */
static CheopsMove
machine_move (const CheopsPosition *pos, CheopsCell from, CheopsCell to, unsigned sizes)
{
  CheopsPiece piece = pos->board[from];
  CheopsPieceType kind = cheops_piece_type (piece);
  CheopsMove move = cheops_move_make (from, to);

  if (piece == CHEOPS_NO_PIECE)
    return sizes ? CHEOPS_MOVE_NONE : move;
  if (kind == PYRAMIDS_SLAVE && (py_rank_set[cheops_piece_side (piece) == CHEOPS_SIDE_A ? 9 : 1] & PY_BIT (to)))
    return sizes ? cheops_move_make_promotion (from, to, PYRAMIDS_PINO (sizes)) : CHEOPS_MOVE_NONE;
  if (PYRAMIDS_IS_PINO (kind))
    {
      unsigned stack = PYRAMIDS_PINO_MASK (kind);
      if (sizes & ~stack)
        return CHEOPS_MOVE_NONE;
      /* 6.2: the full set is read as the whole stack. */
      return sizes && sizes != stack ? cheops_move_with_part (move, sizes) : move;
    }
  return sizes ? CHEOPS_MOVE_NONE : move;
}

CheopsMove
pyramids_move_from_text (const CheopsPosition *pos, const char *text, CheopsError *error)
{
  size_t len = text ? strlen (text) : 0;
  CheopsCell from, to;
  unsigned sizes = 0;
  CheopsMove move;

  if (len < 4 || len > 8 || (from = read_square (text)) == CHEOPS_CELL_NONE
      || (to = read_square (text + 2)) == CHEOPS_CELL_NONE
      || (len > 4 && (sizes = read_sizes (text + 4, len - 4)) == 0))
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1,
                         "'%s' is not a move: from, to and sizes largest first (e2e4, d4e531, e8e9431)", text ? text : "");
      return CHEOPS_MOVE_NONE;
    }
  move = machine_move (pos, from, to, sizes);
  if (move == CHEOPS_MOVE_NONE || !pyramids_position_is_playable (pos, move))
    {
      CheopsPiece piece = pos->board[from];

      if (move == CHEOPS_MOVE_NONE && cheops_piece_type (piece) == PYRAMIDS_SLAVE && sizes == 0)
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "%s: a promotion must name its pino (e8e9431)", text);
      else
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "%s cannot be played here", text);
      return CHEOPS_MOVE_NONE;
    }
  return move;
}

/* --------------------------------------------------------------- SAN */

/* '+', '#' or 0 after @move (6.3). */
static char
suffix_of (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPosition after = *pos;
  CheopsUndo undo;
  char c = 0;

  pyramids_position_do_move (&after, move, &undo);
  if (pyramids_position_king_attacked (&after, after.side_to_move))
    c = pyramids_count_moves (&after) == 0 ? '#' : '+';
  return c;
}

size_t
pyramids_move_to_san (const CheopsPosition *pos, CheopsMove move, char *buf)
{
  CheopsCell from = cheops_move_from (move), to = cheops_move_to (move);
  CheopsPieceType kind = cheops_piece_type (pos->board[from]);
  bool capture = pyramids_position_is_capture (pos, move);
  CheopsMove list[128];
  CheopsMove *end;
  size_t n = 0;
  char suffix;

  if (kind == PYRAMIDS_FARAON)
    buf[n++] = 'F';
  else if (kind == PYRAMIDS_SLAVE)
    {
      bool square = false;

      if (!capture)
        {
          /* Another slave of the same file moving to @to without capture. */
          end = pyramids_generate_moves_to (pos, to, PYRAMIDS_SLAVE, list);
          for (CheopsMove *m = list; m < end; m++)
            if (cheops_move_from (*m) != from && pyramids_cell_file (cheops_move_from (*m)) == pyramids_cell_file (from)
                && !pyramids_position_is_capture (pos, *m))
              square = true;
        }
      if (square)
        n += square_text (from, buf + n);
      else if (capture || pyramids_cell_file (from) != pyramids_cell_file (to))
        buf[n++] = (char) ('a' + pyramids_cell_file (from));
    }
  else
    {
      unsigned sizes = pyramids_move_sizes (pos, move);
      bool other = false, same_file = false;

      n += pyramids_sizes_to_text (sizes, buf + n);
      end = pyramids_generate_moves_to (pos, to, PYRAMIDS_PINO (sizes), list);
      for (CheopsMove *m = list; m < end; m++)
        if (cheops_move_from (*m) != from)
          {
            other = true;
            if (pyramids_cell_file (cheops_move_from (*m)) == pyramids_cell_file (from))
              same_file = true;
          }
      if (same_file)
        n += square_text (from, buf + n);
      else if (other)
        buf[n++] = (char) ('a' + pyramids_cell_file (from));
    }
  if (capture)
    buf[n++] = 'x';
  n += square_text (to, buf + n);
  if (kind == PYRAMIDS_SLAVE && cheops_move_promotion (move))
    {
      buf[n++] = '=';
      n += pyramids_sizes_to_text (PYRAMIDS_PINO_MASK (cheops_move_promotion (move)), buf + n);
    }
  suffix = suffix_of (pos, move);
  if (suffix)
    buf[n++] = suffix;
  buf[n] = '\0';
  return n;
}

static CheopsMove
san_fail (CheopsError *error, CheopsErrorCode code, const char *quoted, const char *why)
{
  cheops__set_error (error, code, 1, "'%s' %s", quoted, why);
  return CHEOPS_MOVE_NONE;
}

CheopsMove
pyramids_move_from_san (const CheopsPosition *pos, const char *san, ptrdiff_t length, CheopsError *error)
{
  char text[CHEOPS__SAN_INPUT_MAX], quoted[CHEOPS__SAN_INPUT_MAX];
  size_t len;
  char suffix = 0;
  unsigned promo = 0, sizes = 0;
  bool has_promo = false, x = false;
  CheopsPieceType type;
  CheopsCell to, dis_square = CHEOPS_CELL_NONE;
  int dis_file = -1;
  size_t head = 0, body_end;
  CheopsMove list[128], *end, found = CHEOPS_MOVE_NONE;
  int n_found = 0;

  if (!cheops__san_input (san, length, text, quoted, &len, error))
    return CHEOPS_MOVE_NONE;
  if (text[len - 1] == '+' || text[len - 1] == '#')
    {
      suffix = text[--len];
      text[len] = '\0';
    }

  /* Machine move text (6.3 "accept machine move text"). */
  if (len >= 4 && read_square (text) != CHEOPS_CELL_NONE && read_square (text + 2) != CHEOPS_CELL_NONE
      && (len == 4 || read_sizes (text + 4, len - 4) != 0))
    {
      CheopsMove move = machine_move (pos, read_square (text), read_square (text + 2),
                                      len > 4 ? read_sizes (text + 4, len - 4) : 0);

      if (move != CHEOPS_MOVE_NONE && pyramids_position_is_playable (pos, move))
        {
          found = move;
          n_found = 1;
          goto check_suffix;
        }
    }

  /* What moves. */
  if (text[0] == 'F')
    {
      type = PYRAMIDS_FARAON;
      head = 1;
    }
  else if (text[0] >= '1' && text[0] <= '4')
    {
      while (head < len && text[head] >= '1' && text[head] <= '4')
        head++;
      sizes = read_sizes (text, head);
      if (sizes == 0)
        return san_fail (error, CHEOPS_ERROR_MOVE_SYNTAX, quoted, "is not a move: sizes must be different, largest first");
      type = PYRAMIDS_PINO (sizes);
    }
  else
    type = PYRAMIDS_SLAVE;

  /* A promotion's "=sizes". */
  body_end = len;
  for (size_t i = head; i < len; i++)
    if (text[i] == '=')
      {
        promo = read_sizes (text + i + 1, len - i - 1);
        if (type != PYRAMIDS_SLAVE || promo == 0)
          return san_fail (error, CHEOPS_ERROR_MOVE_SYNTAX, quoted, "is not a move: '=' takes a pino's sizes after a slave's move");
        has_promo = true;
        body_end = i;
        break;
      }
  /* The target, an 'x', and a disambiguation before it. */
  if (body_end < head + 2 || (to = read_square (text + body_end - 2)) == CHEOPS_CELL_NONE)
    return san_fail (error, CHEOPS_ERROR_MOVE_SYNTAX, quoted, "is not a move");
  body_end -= 2;
  if (body_end > head && text[body_end - 1] == 'x')
    {
      x = true;
      body_end--;
    }
  if (body_end - head == 2 && type != PYRAMIDS_FARAON && (dis_square = read_square (text + head)) != CHEOPS_CELL_NONE)
    ;
  else if (body_end - head == 1 && type != PYRAMIDS_FARAON && text[head] >= 'a' && text[head] <= 'i')
    dis_file = text[head] - 'a';
  else if (body_end != head)
    return san_fail (error, CHEOPS_ERROR_MOVE_SYNTAX, quoted, "is not a move");
  if (type == PYRAMIDS_SLAVE && x && dis_file < 0 && dis_square == CHEOPS_CELL_NONE)
    return san_fail (error, CHEOPS_ERROR_MOVE_SYNTAX, quoted, "is not a move: a slave's capture names its file (dxe5)");

  end = pyramids_generate_moves_to (pos, to, type, list);
  for (CheopsMove *m = list; m < end; m++)
    {
      CheopsCell from = cheops_move_from (*m);

      if (dis_square != CHEOPS_CELL_NONE && from != dis_square)
        continue;
      if (dis_file >= 0 && pyramids_cell_file (from) != dis_file)
        continue;
      /* 6.3: a slave's non-capture without file or square is a slave of the
       * target's file. */
      if (type == PYRAMIDS_SLAVE && dis_file < 0 && dis_square == CHEOPS_CELL_NONE
          && pyramids_cell_file (from) != pyramids_cell_file (to))
        continue;
      if (type == PYRAMIDS_SLAVE && cheops_move_promotion (*m) && (!has_promo || PYRAMIDS_PINO (promo) != cheops_move_promotion (*m)))
        {
          if (!has_promo)
            return san_fail (error, CHEOPS_ERROR_MOVE_ILLEGAL, quoted, "is a promotion: name the pino (e9=431)");
          continue;
        }
      if (type == PYRAMIDS_SLAVE && has_promo && !cheops_move_promotion (*m))
        continue;
      if (found != *m)
        {
          if (pyramids_position_is_capture (pos, *m) != x)
            return san_fail (error, CHEOPS_ERROR_MOVE_ILLEGAL, quoted,
                             x ? "has an 'x' but does not capture" : "captures: write the 'x'");
          found = *m;
          n_found++;
        }
    }
  if (n_found == 0)
    return san_fail (error, CHEOPS_ERROR_MOVE_ILLEGAL, quoted, "fits no legal move");
  if (n_found > 1)
    return san_fail (error, CHEOPS_ERROR_MOVE_AMBIGUOUS, quoted, "fits more than one legal move");

check_suffix:
  if (suffix)
    {
      char right = suffix_of (pos, found);
      if (right != suffix)
        return san_fail (error, CHEOPS_ERROR_MOVE_ILLEGAL, quoted,
                         right == '#' ? "is checkmate: write '#'" : right == '+' ? "gives check: write '+', not '#'"
                                                                                  : "does not give check");
    }
  return found;
}
