/* trigchess-notation.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TrigChess FEN (6.1, errors F1-F10), machine move text (6.2) and record
 * notation (6.3, TR20).
 */
#include "trigchess-private.h"

#include <stdio.h>
#include <string.h>

static const char *const side_names[CHEOPS_SIDE_NB] = { "Gold", "Red" };

static CheopsPieceType
type_from_letter (char upper)
{
  switch (upper)
    {
    case 'K': return TRIGCHESS_KING;
    case 'D': return TRIGCHESS_DOME;
    case 'G': return TRIGCHESS_GYRO;
    case 'S': return TRIGCHESS_STAG;
    case 'P': return TRIGCHESS_PAWN;
    default: return CHEOPS_NO_PIECE_TYPE;
    }
}

static char
type_letter (CheopsPieceType type)
{
  return cheops_variant_trigchess.pieces[type].letter;
}

static const char *
type_name (CheopsPieceType type)
{
  return cheops_variant_trigchess.pieces[type].name;
}

/* ---------------------------------------------------------------- FEN */

/* Checks a counter field [@s, @e) (F7): 1 to 9 decimal digits. */
static bool
read_counter (const char *fen, const char *s, const char *e, const char *what, long *value,
              CheopsError *error)
{
  long v = 0;

  if (e - s < 1 || e - s > 9)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, (int) (s - fen) + 1,
                      "%s: expected 1 to 9 decimal digits, found '%.*s'", what, (int) (e - s), s);
  for (const char *p = s; p < e; p++)
    {
      if (*p < '0' || *p > '9')
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, (int) (p - fen) + 1,
                          "%s: expected 1 to 9 decimal digits, found '%.*s'", what, (int) (e - s), s);
      v = v * 10 + (*p - '0');
    }
  *value = v;
  return true;
}

bool
trigchess_position_from_fen (CheopsPosition *out, const char *fen, CheopsError *error)
{
  CheopsPosition pos;
  const char *field[5], *field_end[5];
  int n_fields = 0;
  const char *p;
  long counter = 0;

#define COL(ptr) ((int) ((ptr) - fen) + 1)

  if (fen == NULL)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, 0, "no FEN given");

  /* F1: exactly four fields. */
  p = fen;
  for (;;)
    {
      while (cheops__is_space (*p))
        p++;
      if (*p == '\0')
        break;
      if (n_fields == 4)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                          "FEN: more than 4 fields (placement, side to move, halfmove clock, fullmove number)");
      field[n_fields] = p;
      while (*p != '\0' && !cheops__is_space (*p))
        p++;
      field_end[n_fields++] = p;
    }
  if (n_fields < 4)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                      "FEN: %d field%s, expected 4 (placement, side to move, halfmove clock, fullmove number)",
                      n_fields, n_fields == 1 ? "" : "s");

  trigchess_position_clear (&pos);

  /* F2: six ranks. */
  {
    int ranks = 1;
    for (p = field[0]; p < field_end[0]; p++)
      if (*p == '/')
        ranks++;
    if (ranks != 6)
      return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (field[0]),
                        "placement: %d rank%s, expected 6 separated by '/'", ranks, ranks == 1 ? "" : "s");
  }

  /* F3-F5, rank 6 first. */
  p = field[0];
  for (int rank = 6; rank >= 1; rank--)
    {
      static const int first[7] = { 0, 2, 2, 1, 1, 2, 2 }, width[7] = { 0, 7, 7, 9, 9, 7, 7 };
      int n = 0;
      bool digit_before = false;
      const char *rank_start = p;

      for (; p < field_end[0] && *p != '/'; p++)
        {
          char ch = *p;

          if (ch >= '0' && ch <= '9')
            {
              if (ch == '0')
                return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                                  "placement, rank %d: the digit 0 (a run of empty trigs is 1 to 9)", rank);
              if (digit_before)
                return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                                  "placement, rank %d: two digits in a row (a run of empty trigs is one digit)",
                                  rank);
              digit_before = true;
              n += ch - '0';
              continue;
            }
          digit_before = false;
          {
            CheopsPieceType type = type_from_letter ((char) (ch >= 'a' && ch <= 'z' ? ch - 32 : ch));
            CheopsSide side = ch >= 'a' && ch <= 'z' ? CHEOPS_SIDE_B : CHEOPS_SIDE_A;

            if (type == CHEOPS_NO_PIECE_TYPE || !((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')))
              {
                char quoted[CHEOPS__QUOTE_CHAR_MAX];

                cheops__quote_char (p, field_end[0], quoted);
                return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                                  "placement, rank %d: unexpected character '%s' (pieces are K D G S P "
                                  "k d g s p, empty runs 1-9)", rank, quoted);
              }
            if (n < width[rank])
              {
                CheopsCell cell = trigchess_cell_make (first[rank] + n, rank);

                /* F9 (TR18) */
                if (type == TRIGCHESS_PAWN && (rank == (side == CHEOPS_SIDE_A ? 1 : 6)
                                               || (tc_promo[side] & TC_BIT (cell))))
                  {
                    char name[3];
                    trigchess_cell_name (cell, name);
                    return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (p),
                                      rank == (side == CHEOPS_SIDE_A ? 1 : 6)
                                      ? "placement, rank %d: a %s Pawn on %s, its own first rank"
                                      : "placement, rank %d: a %s Pawn on %s, one of its promotion trigs",
                                      rank, side_names[side], name);
                  }
                trigchess_position_put (&pos, cell, cheops_piece_make (side, type));
              }
            n++;
          }
        }
      if (n != width[rank])
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (rank_start),
                          "placement, rank %d: %d trigs described, the rank has %d", rank, n, width[rank]);
      if (p < field_end[0])
        p++;   /* the '/' */
    }

  /* F6 */
  if (field_end[1] - field[1] != 1 || (field[1][0] != 'g' && field[1][0] != 'r'))
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (field[1]),
                      "side to move: expected 'g' or 'r', found '%.*s'",
                      (int) (field_end[1] - field[1]), field[1]);
  trigchess_position_set_side (&pos, field[1][0] == 'g' ? CHEOPS_SIDE_A : CHEOPS_SIDE_B);

  /* F7 */
  if (!read_counter (fen, field[2], field_end[2], "halfmove clock", &counter, error))
    return false;
  pos.halfmove_clock = (int) counter;
  if (!read_counter (fen, field[3], field_end[3], "fullmove number", &counter, error))
    return false;
  if (counter < 1)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (field[3]), "fullmove number: 0, it starts at 1");
  pos.fullmove_number = (int) counter;

  /* F8 */
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      int kings = cheops_cellset_count (pos.pieces[s][TRIGCHESS_KING]);
      if (kings != 1)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[0]),
                          kings == 0 ? "placement: %s has no King (exactly one is needed)"
                                     : "placement: %s has %d Kings (exactly one is needed)",
                          side_names[s], kings);
    }

  /* F10 (TR18) */
  if (trigchess_position_king_attacked (&pos, cheops_side_other (pos.side_to_move)))
    return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[1]),
                      "side to move: %s is in check but not to move", side_names[cheops_side_other (pos.side_to_move)]);
#undef COL

  *out = pos;
  return true;
}

size_t
trigchess_position_to_fen (const CheopsPosition *pos, char *buf, size_t size)
{
  char tmp[CHEOPS_FEN_MAX + 32];
  size_t n = 0;

  for (int rank = 6; rank >= 1; rank--)
    {
      int empty = 0;

      for (int f = 1; f <= 9; f++)
        {
          CheopsCell cell = trigchess_cell_make (f, rank);
          CheopsPiece piece;

          if (cell == CHEOPS_CELL_NONE)
            continue;
          piece = pos->board[cell];
          if (piece == CHEOPS_NO_PIECE)
            {
              empty++;
              continue;
            }
          if (empty)
            tmp[n++] = (char) ('0' + empty);
          empty = 0;
          tmp[n++] = cheops_variant_piece_letter (&cheops_variant_trigchess, piece);
        }
      if (empty)
        tmp[n++] = (char) ('0' + empty);
      if (rank > 1)
        tmp[n++] = '/';
    }
  n += (size_t) snprintf (tmp + n, sizeof tmp - n, " %c %d %d",
                          pos->side_to_move == CHEOPS_SIDE_A ? 'g' : 'r',
                          pos->halfmove_clock, pos->fullmove_number);
  if (size > 0)
    {
      size_t copy = n < size - 1 ? n : size - 1;
      memcpy (buf, tmp, copy);
      buf[copy] = '\0';
    }
  return n;
}

/* ---------------------------------------------------------- move text */

static CheopsCell
parse_cell (const char *text)
{
  if (text[0] < 'a' || text[0] > 'i' || text[1] < '1' || text[1] > '6')
    return CHEOPS_CELL_NONE;
  return trigchess_cell_make (text[0] - 'a' + 1, text[1] - '0');
}

size_t
trigchess_move_to_text (CheopsMove move, char *buf)
{
  CheopsPieceType promotion = cheops_move_promotion (move);

  trigchess_cell_name (cheops_move_from (move), buf);
  trigchess_cell_name (cheops_move_to (move), buf + 2);
  if (promotion)
    {
      buf[4] = (char) (type_letter (promotion) + 32);
      buf[5] = '\0';
      return 5;
    }
  return 4;
}

/* Parses "b2b3" or "b5b6d" (exactly @len bytes); CHEOPS_MOVE_NONE if the
 * text is not of that form. */
static CheopsMove
parse_machine (const char *text, size_t len)
{
  CheopsCell from, to;
  CheopsPieceType promotion = 0;

  if (len != 4 && len != 5)
    return CHEOPS_MOVE_NONE;
  from = parse_cell (text);
  to = parse_cell (text + 2);
  if (from == CHEOPS_CELL_NONE || to == CHEOPS_CELL_NONE)
    return CHEOPS_MOVE_NONE;
  if (len == 5)
    {
      /* 6.2: a lower-case letter. */
      promotion = text[4] == 'd' ? TRIGCHESS_DOME : text[4] == 'g' ? TRIGCHESS_GYRO
                  : text[4] == 's' ? TRIGCHESS_STAG : CHEOPS_NO_PIECE_TYPE;
      if (promotion == CHEOPS_NO_PIECE_TYPE)
        return CHEOPS_MOVE_NONE;
    }
  return cheops_move_make_promotion (from, to, promotion);
}

CheopsMove
trigchess_move_from_text (const CheopsPosition *pos, const char *text, CheopsError *error)
{
  size_t len = text ? strlen (text) : 0;
  CheopsMove move = text ? parse_machine (text, len) : CHEOPS_MOVE_NONE;
  CheopsCell from, to;
  CheopsPiece piece;
  char fname[3], tname[3];

  if (move == CHEOPS_MOVE_NONE)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1, "'%s' is not a move (expected e.g. b2b3, or b5b6d for a "
                 "promotion)", text ? text : "");
      return CHEOPS_MOVE_NONE;
    }
  from = cheops_move_from (move);
  to = cheops_move_to (move);
  piece = pos->board[from];
  trigchess_cell_name (from, fname);
  trigchess_cell_name (to, tname);
  if (piece == CHEOPS_NO_PIECE || cheops_piece_side (piece) != pos->side_to_move)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: no piece of the side to move on %s",
                 text, fname);
      return CHEOPS_MOVE_NONE;
    }
  if (!trigchess_position_is_playable (pos, cheops_move_make (from, to))
      && !trigchess_position_is_playable (pos, cheops_move_make_promotion (from, to, TRIGCHESS_DOME)))
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: the %s on %s cannot move to %s", text,
                 type_name (cheops_piece_type (piece)), fname, tname);
      return CHEOPS_MOVE_NONE;
    }
  if (trigchess_position_is_promotion (pos, move) && cheops_move_promotion (move) == 0)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 5, "illegal move %s: a promotion needs its piece letter "
                 "(%s%sd, g or s)", text, fname, tname);
      return CHEOPS_MOVE_NONE;
    }
  if (!trigchess_position_is_promotion (pos, move) && cheops_move_promotion (move) != 0)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 5, "illegal move %s: it is not a promotion", text);
      return CHEOPS_MOVE_NONE;
    }
  return move;
}

/* ---------------------------------------------------------------- SAN */

/* "#" if the opponent is now checkmated, "+" if in check, else "" (a
 * stalemating move has no mark, TR20). */
static const char *
san_suffix (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPosition *p = (CheopsPosition *) pos;   /* restored before returning */
  CheopsUndo undo;
  const char *suffix = "";

  trigchess_position_do_move (p, move, &undo);
  if (trigchess_position_king_attacked (p, p->side_to_move))
    suffix = trigchess_count_moves (p) == 0 ? "#" : "+";
  trigchess_position_undo_move (p, move, &undo);
  return suffix;
}

size_t
trigchess_move_to_san (const CheopsPosition *pos, CheopsMove move, char *buf)
{
  CheopsCell from = cheops_move_from (move), to = cheops_move_to (move);
  CheopsPieceType type = cheops_piece_type (pos->board[from]);
  CheopsPieceType promotion = cheops_move_promotion (move);
  bool capture = pos->board[to] != CHEOPS_NO_PIECE;
  size_t n = 0;
  char name[3];

  if (type != TRIGCHESS_PAWN)
    buf[n++] = type_letter (type);
  if (type == TRIGCHESS_PAWN && capture)
    buf[n++] = (char) ('a' + tc_file[from] - 1);   /* 6.3: always the file, and it is enough */
  else if (type != TRIGCHESS_KING)
    {
      /* 6.3: rivals are the other pieces of the kind with a legal move to
       * the trig (for a Pawn non-capture: without capturing, which is every
       * Pawn move to an empty trig). */
      CheopsMove list[CHEOPS_MAX_MOVES];
      CheopsMove *end = trigchess_generate_moves_to (pos, to, type, list);
      bool need = false, file_unique = true, rank_unique = true;

      for (CheopsMove *m = list; m < end; m++)
        {
          CheopsCell f = cheops_move_from (*m);
          if (f == from)
            continue;
          need = true;
          if (tc_file[f] == tc_file[from])
            file_unique = false;
          if (tc_rank[f] == tc_rank[from])
            rank_unique = false;
        }
      if (need)
        {
          if (file_unique)
            buf[n++] = (char) ('a' + tc_file[from] - 1);
          else if (rank_unique)
            buf[n++] = (char) ('0' + tc_rank[from]);
          else
            {
              buf[n++] = (char) ('a' + tc_file[from] - 1);
              buf[n++] = (char) ('0' + tc_rank[from]);
            }
        }
    }
  if (capture)
    buf[n++] = 'x';
  trigchess_cell_name (to, name);
  buf[n++] = name[0];
  buf[n++] = name[1];
  if (promotion)
    {
      buf[n++] = '=';
      buf[n++] = type_letter (promotion);
    }
  {
    const char *suffix = san_suffix (pos, move);
    size_t len = strlen (suffix);
    memcpy (buf + n, suffix, len);
    n += len;
  }
  buf[n] = '\0';
  return n;
}

CheopsMove
trigchess_move_from_san (const CheopsPosition *pos, const char *san, ptrdiff_t length, CheopsError *error)
{
  char text[CHEOPS__SAN_INPUT_MAX], quoted[CHEOPS__SAN_INPUT_MAX];
  size_t len, i = 0;
  CheopsPieceType type = TRIGCHESS_PAWN, promotion = 0;
  bool has_promotion = false, has_x = false, machine_form;
  int want_file = -1, want_rank = -1;
  char suffix = 0;
  CheopsCell to, found_from = CHEOPS_CELL_NONE;
  CheopsMove list[CHEOPS_MAX_MOVES], found;
  CheopsMove *end;
  int froms = 0;
  char name[3];

  if (!cheops__san_input (san, length, text, quoted, &len, error))
    return CHEOPS_MOVE_NONE;

  /* Machine move text (6.2) is accepted too.  Four characters may also be
   * record notation with the whole from-cell (a Pawn's "b5b6=D" without
   * its "=D" is refused below, as record notation). */
  {
    CheopsMove m = parse_machine (text, len);
    machine_form = m != CHEOPS_MOVE_NONE;
    if (machine_form && (len == 5 || trigchess_position_is_playable (pos, m)))
      return trigchess_move_from_text (pos, text, error);
  }

  if (len >= 1 && (text[len - 1] == '+' || text[len - 1] == '#'))
    suffix = text[--len];
  text[len] = '\0';

  if (len >= 2 && text[len - 2] == '=')
    {
      promotion = type_from_letter (text[len - 1]);
      if (promotion != TRIGCHESS_DOME && promotion != TRIGCHESS_GYRO && promotion != TRIGCHESS_STAG)
        {
          cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, (int) len, "'%s': a Pawn promotes to D, G or S", quoted);
          return CHEOPS_MOVE_NONE;
        }
      has_promotion = true;
      len -= 2;
      text[len] = '\0';
    }

  if (len >= 1 && text[0] >= 'A' && text[0] <= 'Z')
    {
      type = type_from_letter (text[0]);
      if (type == CHEOPS_NO_PIECE_TYPE || type == TRIGCHESS_PAWN)
        {
          cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1, "'%s': unknown piece letter '%c' (K D G S, none for a "
                     "Pawn)", quoted, text[0]);
          return CHEOPS_MOVE_NONE;
        }
      i = 1;
    }

  if (len < i + 2 || (to = parse_cell (text + len - 2)) == CHEOPS_CELL_NONE)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1, "'%s' is not a move: it does not end with a trig", quoted);
      return CHEOPS_MOVE_NONE;
    }
  len -= 2;
  if (len > i && text[len - 1] == 'x')
    has_x = true, len--;
  if (i < len && text[i] >= 'a' && text[i] <= 'i')
    want_file = text[i++] - 'a' + 1;
  if (i < len && text[i] >= '1' && text[i] <= '6')
    want_rank = text[i++] - '0';
  if (i != len)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1, "'%s' is not a move", quoted);
      return CHEOPS_MOVE_NONE;
    }

  trigchess_cell_name (to, name);
  end = trigchess_generate_moves_to (pos, to, type, list);
  for (CheopsMove *m = list; m < end; m++)
    {
      CheopsCell f = cheops_move_from (*m);

      if (want_file >= 0 && tc_file[f] != want_file)
        continue;
      if (want_rank >= 0 && tc_rank[f] != want_rank)
        continue;
      if (f != found_from)
        froms++;
      found_from = f;
    }

  if (froms == 0)
    {
      if (machine_form)
        return trigchess_move_from_text (pos, quoted, error);
      if (trigchess_count_moves (pos) == 0)
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: the side to move has no move", quoted);
      else if (want_file >= 0 || want_rank >= 0)
        {
          char where[3] = { 0, 0, 0 };
          int k = 0;

          if (want_file >= 0)
            where[k++] = (char) ('a' + want_file - 1);
          if (want_rank >= 0)
            where[k++] = (char) ('0' + want_rank);
          cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: no %s from %s can reach %s", quoted,
                     type_name (type), where, name);
        }
      else
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: no %s can reach %s", quoted,
                   type_name (type), name);
      return CHEOPS_MOVE_NONE;
    }
  if (froms > 1)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_AMBIGUOUS, 1, "ambiguous move %s: more than one %s can reach %s", quoted,
                 type_name (type), name);
      return CHEOPS_MOVE_NONE;
    }

  {
    bool capture = pos->board[to] != CHEOPS_NO_PIECE;
    bool is_promotion = trigchess_position_is_promotion (pos, cheops_move_make (found_from, to));

    found = cheops_move_make_promotion (found_from, to, is_promotion ? promotion : 0);

    if (has_x && !capture)
      {
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1,
                   "illegal move %s: 'x' marks a capture, and there is nothing to capture on %s", quoted, name);
        return CHEOPS_MOVE_NONE;
      }
    if (!has_x && capture)
      {
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: a capture is written with 'x'", quoted);
        return CHEOPS_MOVE_NONE;
      }
    if (type == TRIGCHESS_PAWN && capture && want_file < 0)
      {
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: a Pawn capture starts with the Pawn's "
                   "file", quoted);
        return CHEOPS_MOVE_NONE;
      }
    if (is_promotion && !has_promotion)
      {
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: a promotion needs =D, =G or =S", quoted);
        return CHEOPS_MOVE_NONE;
      }
    if (!is_promotion && has_promotion)
      {
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: it is not a promotion", quoted);
        return CHEOPS_MOVE_NONE;
      }
    if (suffix)
      {
        const char *right = san_suffix (pos, found);

        if (right[0] != suffix)
          {
            char correct[CHEOPS_SAN_MAX];
            trigchess_move_to_san (pos, found, correct);
            cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "wrong suffix in %s: the move is %s", quoted, correct);
            return CHEOPS_MOVE_NONE;
          }
      }
  }
  return found;
}
