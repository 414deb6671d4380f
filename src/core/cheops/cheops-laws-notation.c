/* cheops-notation.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * FEN, machine move text and record notation (Appendix A), as DESIGN.md
 * section 3 and RULINGS.md R9 and R10 give them.
 */
#include "cheops-laws.h"
#include "cheops-core-private.h"
#include "cheops-laws-geometry-private.h"

#include <stdio.h>
#include <string.h>

static const char piece_letters[CHEOPS_LAWS_PIECE_TYPE_NB] = { '?', 'K', 'Q', 'M', 'S', 'A', 'P' };
static const char *const piece_names[CHEOPS_LAWS_PIECE_TYPE_NB] = {
  "piece", "King", "Queen", "Swordmaster", "Sister", "Assassin", "Pawn",
};

char
cheops_laws_piece_type_letter (CheopsPieceType type)
{
  return type < CHEOPS_LAWS_PIECE_TYPE_NB ? piece_letters[type] : '?';
}

const char *
cheops_laws_piece_type_name (CheopsPieceType type)
{
  return type < CHEOPS_LAWS_PIECE_TYPE_NB ? piece_names[type] : "piece";
}

static CheopsPieceType
type_from_letter (char upper)
{
  for (int t = 1; t < CHEOPS_LAWS_PIECE_TYPE_NB; t++)
    if (piece_letters[t] == upper)
      return (CheopsPieceType) t;
  return CHEOPS_NO_PIECE_TYPE;
}

/* ---------------------------------------------------------------- FEN */

/* Reads a decimal counter at *@p: returns 1 on success, 0 if the field is
 * not a number, -1 if it has more than 9 digits. */
static int
read_counter (const char **p, long *value)
{
  const char *s = *p;
  long v = 0;
  int digits = 0;

  while (*s >= '0' && *s <= '9')
    {
      if (digits < 9)
        v = v * 10 + (*s - '0');
      s++;
      digits++;
    }
  if (digits == 0 || (*s != '\0' && !cheops__is_space (*s)))
    return 0;
  if (digits > 9)
    return -1;
  *value = v;
  *p = s;
  return 1;
}

bool
cheops_laws_position_from_fen (CheopsPosition *out,
                          const char     *fen,
                          CheopsError    *error)
{
  CheopsPosition pos;
  const char *p = fen;
  int kings[CHEOPS_SIDE_NB] = { 0, 0 };
  long counter;

#define COL(ptr) ((int) ((ptr) - fen) + 1)

  if (fen == NULL)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, 0, "no FEN given");

  cheops_laws_position_clear (&pos);
  while (cheops__is_space (*p))
    p++;
  if (*p == '\0')
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p), "empty FEN");

  /* Field 1: the levels, 9 first (DESIGN.md section 3). */
  for (int level = CHEOPS_LAWS_LEVEL_NB; level >= 1; level--)
    {
      int first = level - 1, width = 19 - 2 * level, n = 0;
      const char *level_start = p;

      while (*p != '\0' && *p != '/' && !cheops__is_space (*p))
        {
          if (*p >= '0' && *p <= '9')
            {
              int run = *p - '0';
              const char *run_start = p;
              if (run == 0)
                return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (run_start),
                                  "board, level %d: a run of zero empty cells", level);
              p++;
              if (*p >= '0' && *p <= '9')
                run = run * 10 + (*p++ - '0');
              if (*p >= '0' && *p <= '9')
                return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (run_start),
                                  "board, level %d: a run of empty cells has more than two digits", level);
              n += run;
              if (n > width)
                return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (run_start),
                                  "board, level %d: more than %d cells", level, width);
            }
          else
            {
              char ch = *p;
              CheopsPieceType type = type_from_letter ((char) (ch >= 'a' && ch <= 'z' ? ch - 32 : ch));
              CheopsSide side = (ch >= 'a' && ch <= 'z') ? CHEOPS_SIDE_B : CHEOPS_SIDE_A;
              CheopsCell cell;
              char name[3];

              if (type == CHEOPS_NO_PIECE_TYPE)
                {
                  char quoted[CHEOPS__QUOTE_CHAR_MAX];

                  cheops__quote_char (p, p + strlen (p), quoted);
                  return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                                    "board, level %d: unknown piece letter '%s'",
                                    level, quoted);
                }
              if (n >= width)
                return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                                  "board, level %d: more than %d cells", level, width);
              cell = cheops_laws_cell_make (first + n, level);
              cheops_laws_cell_name (cell, name);
              /* R9: only a Queen on the Apex (5.1); a Sister only on dark cells (4.5.1). */
              if (cell == CHEOPS_LAWS_APEX && type != CHEOPS_LAWS_QUEEN)
                return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (p),
                                  "board, cell i9: %s %s on the Apex, where only a Queen may stand",
                                  type == CHEOPS_LAWS_ASSASSIN ? "an" : "a", cheops_laws_piece_type_name (type));
              if (type == CHEOPS_LAWS_SISTER && cheops_laws_cell_is_light (cell))
                return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (p),
                                  "board, cell %s: a Sister on a light cell", name);
              if (type == CHEOPS_LAWS_KING)
                kings[side]++;
              cheops_laws_position_put (&pos, cell, cheops_piece_make (side, type));
              n++;
              p++;
            }
        }
      if (n != width)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (level_start),
                          "board, level %d: %d cells, expected %d", level, n, width);
      if (level > 1)
        {
          if (*p != '/')
            return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                              "board: expected 9 levels separated by '/', found %d", CHEOPS_LAWS_LEVEL_NB - level + 1);
          p++;
        }
      else if (*p == '/')
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                          "board: more than 9 levels");
    }

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    if (kings[s] != 1)
      return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, 1,
                        "board: the %c side has %d Kings, expected exactly 1",
                        s == CHEOPS_SIDE_A ? 'a' : 'q', kings[s]);

  /* Field 2: the side to move. */
  if (!cheops__is_space (*p))
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p), "side to move: missing");
  while (cheops__is_space (*p))
    p++;
  if ((*p != 'a' && *p != 'q') || (p[1] != '\0' && !cheops__is_space (p[1])))
    {
      if (*p == '\0')
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p), "side to move: missing");
      return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                        "side to move: expected 'a' or 'q'");
    }
  cheops_laws_position_set_side (&pos, *p == 'a' ? CHEOPS_SIDE_A : CHEOPS_SIDE_B);
  p++;

  /* Fields 3 and 4: the counters, optional together. */
  while (cheops__is_space (*p))
    p++;
  if (*p != '\0')
    {
      const char *start = p;
      int r = read_counter (&p, &counter);
      if (r < 0)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (start),
                          "halfmove clock: too large (at most 9 digits)");
      if (r == 0)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (start),
                          "halfmove clock: expected a number of plies");
      pos.halfmove_clock = (int) counter;
      while (cheops__is_space (*p))
        p++;
      start = p;
      if (*p == '\0')
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p), "fullmove number: missing");
      r = read_counter (&p, &counter);
      if (r < 0)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (start),
                          "fullmove number: too large (at most 9 digits)");
      if (r == 0)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (start),
                          "fullmove number: expected a number");
      if (counter < 1)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (start),
                          "fullmove number: must be at least 1");
      pos.fullmove_number = (int) counter;
      while (cheops__is_space (*p))
        p++;
      if (*p != '\0')
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                          "unexpected text after the fullmove number");
    }
#undef COL

  *out = pos;
  return true;
}

size_t
cheops_laws_position_to_fen (const CheopsPosition *pos,
                        char                 *buf,
                        size_t                size)
{
  char tmp[CHEOPS_FEN_MAX + 32];
  size_t n = 0;

  for (int level = CHEOPS_LAWS_LEVEL_NB; level >= 1; level--)
    {
      int empty = 0;
      for (int c = level - 1; c <= 17 - level; c++)
        {
          CheopsPiece piece = pos->board[cheops_laws_cell_make (c, level)];
          if (piece == CHEOPS_NO_PIECE)
            {
              empty++;
              continue;
            }
          if (empty)
            n += (size_t) sprintf (tmp + n, "%d", empty);
          empty = 0;
          {
            char letter = piece_letters[cheops_piece_type (piece)];
            tmp[n++] = cheops_piece_side (piece) == CHEOPS_SIDE_B ? (char) (letter + 32) : letter;
          }
        }
      if (empty)
        n += (size_t) sprintf (tmp + n, "%d", empty);
      if (level > 1)
        tmp[n++] = '/';
    }
  n += (size_t) snprintf (tmp + n, sizeof tmp - n, " %c %d %d",
                          pos->side_to_move == CHEOPS_SIDE_A ? 'a' : 'q',
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

size_t
cheops_laws_move_to_text (CheopsMove move,
                          char      *buf)
{
  cheops_laws_cell_name (cheops_move_from (move), buf);
  cheops_laws_cell_name (cheops_move_to (move), buf + 2);
  return 4;
}

/* Parses "d3e4" or "i8i9q" at the start of @text (exactly @len bytes).
 * Returns the move or CHEOPS_MOVE_NONE if the text is not of that form. */
static CheopsMove
parse_machine (const char *text, size_t len)
{
  CheopsCell from, to;

  if (len != 4 && !(len == 5 && (text[4] == 'q' || text[4] == 'Q')))
    return CHEOPS_MOVE_NONE;
  from = cheops_laws__cell_parse2 (text[0], text[1]);
  to = cheops_laws__cell_parse2 (text[2], text[3]);
  if (from == CHEOPS_CELL_NONE || to == CHEOPS_CELL_NONE)
    return CHEOPS_MOVE_NONE;
  return cheops_move_make (from, to);
}

CheopsMove
cheops_laws_move_from_text (const CheopsPosition *pos,
                       const char           *text,
                       CheopsError          *error)
{
  size_t len = text ? strlen (text) : 0;
  CheopsMove move = text ? parse_machine (text, len) : CHEOPS_MOVE_NONE;
  char name[3];

  if (move == CHEOPS_MOVE_NONE)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1, "'%s' is not a move (expected e.g. d3e4)", text ? text : "");
      return CHEOPS_MOVE_NONE;
    }
  if (len == 5 && !cheops_laws_position_is_promotion (pos, move))
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 5, "illegal move %s: it is not a promotion", text);
      return CHEOPS_MOVE_NONE;
    }
  if (!cheops_laws_position_is_playable (pos, move))
    {
      CheopsPiece piece = pos->board[cheops_move_from (move)];
      cheops_laws_cell_name (cheops_move_from (move), name);
      if (piece == CHEOPS_NO_PIECE || cheops_piece_side (piece) != pos->side_to_move)
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %.4s: no piece of the side to move on %s",
                   text, cheops_laws_cell_name (cheops_move_from (move), name));
      else
        {
          char to[3];
          cheops_laws_cell_name (cheops_move_to (move), to);
          cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %.4s: the %s on %s cannot move to %s", text,
                     cheops_laws_piece_type_name (cheops_piece_type (piece)), name, to);
        }
      return CHEOPS_MOVE_NONE;
    }
  return move;
}

/* ---------------------------------------------------------------- SAN */

/* The check suffix of @move (R10): "#" for the Ascension, "++" for
 * checklock, "+" for check, else "". */
static const char *
san_suffix (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPosition *p = (CheopsPosition *) pos;   /* restored before returning */
  CheopsUndo undo;
  const char *suffix = "";

  cheops_laws_position_do_move (p, move, &undo);
  if (cheops_laws_position_in_check (p))
    {
      /* R5: the opponent in check with the mover's Queen on the Apex is the
       * Ascension; no need to count the opponent's moves for that. */
      if (p->board[CHEOPS_LAWS_APEX] == cheops_piece_make (cheops_side_other (p->side_to_move), CHEOPS_LAWS_QUEEN))
        suffix = "#";
      else if (!cheops_laws_position_has_legal_move (p))
        suffix = "++";
      else
        suffix = "+";
    }
  cheops_laws_position_undo_move (p, move, &undo);
  return suffix;
}

size_t
cheops_laws_move_to_san (const CheopsPosition *pos,
                    CheopsMove            move,
                         char                 *buf)
{
  CheopsCell from = cheops_move_from (move), to = cheops_move_to (move);
  CheopsPieceType type = cheops_piece_type (pos->board[from]);
  bool capture = pos->board[to] != CHEOPS_NO_PIECE;
  bool collapse = cheops_laws_position_is_collapse (pos, move);
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_laws_generate_moves_to (pos, to, type, list);
  bool need = false, column_unique = true, level_unique = true;
  char name[3];
  size_t n = 0;

  /* A.3 among the moves the side may play (R10): other pieces of the same
   * kind that can reach the same cell, capturing the same way. */
  for (CheopsMove *m = list; m < end; m++)
    {
      CheopsCell f = cheops_move_from (*m);
      if (*m == move || cheops_piece_type (pos->board[f]) != type)
        continue;
      need = true;
      if (cheops_laws_cell_column (f) == cheops_laws_cell_column (from))
        column_unique = false;
      if (cheops_laws_cell_level (f) == cheops_laws_cell_level (from))
        level_unique = false;
    }

  if (type != CHEOPS_LAWS_PAWN)
    buf[n++] = cheops_laws_piece_type_letter (type);

  if (type == CHEOPS_LAWS_PAWN && capture)
    {
      /* R10: Pawn captures always carry the from-column. */
      buf[n++] = (char) ('a' + cheops_laws_cell_column (from));
      if (need && !column_unique)
        buf[n++] = (char) ('0' + cheops_laws_cell_level (from));
    }
  else if (need)
    {
      if (column_unique)
        buf[n++] = (char) ('a' + cheops_laws_cell_column (from));
      else if (level_unique)
        buf[n++] = (char) ('0' + cheops_laws_cell_level (from));
      else
        {
          buf[n++] = (char) ('a' + cheops_laws_cell_column (from));
          buf[n++] = (char) ('0' + cheops_laws_cell_level (from));
        }
    }

  if (collapse)
    {
      buf[n++] = 'x';
      buf[n++] = 'x';
    }
  else if (capture)
    buf[n++] = 'x';

  cheops_laws_cell_name (to, name);
  buf[n++] = name[0];
  buf[n++] = name[1];
  if (type == CHEOPS_LAWS_PAWN && to == CHEOPS_LAWS_APEX)
    {
      buf[n++] = '=';
      buf[n++] = 'Q';
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
cheops_laws_move_from_san (const CheopsPosition *pos,
                      const char           *san,
                      ptrdiff_t             length,
                      CheopsError          *error)
{
  char quoted[CHEOPS__SAN_INPUT_MAX];
  const char *text;
  size_t len, i = 0;
  CheopsPieceType type = CHEOPS_LAWS_PAWN;
  int want_column = -1, want_level = -1, marks = 0;
  bool promotion = false;
  const char *suffix = "";
  CheopsCell to;
  /* One move per piece of a kind at most, all to one cell. */
  CheopsMove list[CHEOPS_LAWS_CELL_NB], found = CHEOPS_MOVE_NONE;
  CheopsMove *end;
  int matches = 0;
  char name[3];
  const char *input = san;
  size_t input_len;

  /* The text read and a copy for messages (made only for a message:
   * QUOTED). */
  input_len = san == NULL ? 0 : length < 0 ? strlen (san) : (size_t) length;
  if (input_len == 0 || input_len >= CHEOPS__SAN_INPUT_MAX)
    {
      char unused[CHEOPS__SAN_INPUT_MAX];

      cheops__san_input (san, length, unused, quoted, &len, error);
      return CHEOPS_MOVE_NONE;
    }
  /* Read in place: its first len bytes, len shrinking as the suffix, the
   * promotion, the cell and the capture marks are taken off its end. */
  text = san;
  len = input_len;
#define QUOTED (memcpy (quoted, input, input_len), quoted[input_len] = '\0', quoted)

  /* Machine move text (DESIGN.md section 3) is accepted too. */
  bool machine_form = false;
  {
    CheopsMove m = parse_machine (text, len);
    machine_form = m != CHEOPS_MOVE_NONE;
    if (m != CHEOPS_MOVE_NONE)
      {
        if (cheops_laws_position_is_playable (pos, m))
          return m;
        if (len == 5)
          return cheops_laws_move_from_text (pos, QUOTED, error);
        /* "e3f3" is also record notation with full disambiguation: go on. */
      }
  }

  /* The suffix: "#", "++" or "+". */
  if (len >= 2 && text[len - 1] == '+' && text[len - 2] == '+')
    suffix = "++", len -= 2;
  else if (len >= 1 && (text[len - 1] == '+' || text[len - 1] == '#'))
    suffix = text[len - 1] == '+' ? "+" : "#", len -= 1;

  /* Promotion "=Q" (optional, R10). */
  if (len >= 2 && text[len - 2] == '=' && text[len - 1] == 'Q')
    promotion = true, len -= 2;

  if (len >= 1 && text[0] >= 'A' && text[0] <= 'Z')
    {
      type = type_from_letter (text[0]);
      if (type == CHEOPS_NO_PIECE_TYPE || type == CHEOPS_LAWS_PAWN)
        {
          cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1, "'%s': unknown piece letter '%c'", QUOTED, text[0]);
          return CHEOPS_MOVE_NONE;
        }
      i = 1;
    }

  if (len < i + 2 || (to = cheops_laws__cell_parse2 (text[len - 2], text[len - 1])) == CHEOPS_CELL_NONE)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1, "'%s' is not a move: it does not end with a cell", QUOTED);
      return CHEOPS_MOVE_NONE;
    }
  len -= 2;

  while (len > i && text[len - 1] == 'x')
    marks++, len--;
  if (i < len && text[i] >= 'a' && text[i] <= 'q')
    want_column = text[i++] - 'a';
  if (i < len && text[i] >= '1' && text[i] <= '9')
    want_level = text[i++] - '0';
  if (i != len || marks > 2)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1, "'%s' is not a move", QUOTED);
      return CHEOPS_MOVE_NONE;
    }

  end = cheops_laws_generate_moves_matching (pos, to, type, want_column, want_level, list);
  for (CheopsMove *m = list; m < end; m++)
    {
      CheopsCell f = cheops_move_from (*m);
      if (cheops_piece_type (pos->board[f]) != type)
        continue;
      if (want_column >= 0 && cheops_laws_cell_column (f) != want_column)
        continue;
      if (want_level >= 0 && cheops_laws_cell_level (f) != want_level)
        continue;
      matches++;
      found = *m;
    }

  if (matches != 1)
    cheops_laws_cell_name (to, name);
  if (matches == 0)
    {
      if (machine_form)
        return cheops_laws_move_from_text (pos, QUOTED, error);   /* "e1e1" is machine text, not SAN */
      if (cheops_laws_count_moves (pos) == 0)
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: the side to move has no move", QUOTED);
      else if (want_column >= 0 || want_level >= 0)
        {
          char where[3] = { 0, 0, 0 };
          int k = 0;
          if (want_column >= 0)
            where[k++] = (char) ('a' + want_column);
          if (want_level >= 0)
            where[k++] = (char) ('0' + want_level);
          cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: no %s from %s can reach %s", QUOTED,
                     cheops_laws_piece_type_name (type), where, name);
        }
      else
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: no %s can reach %s", QUOTED,
                   cheops_laws_piece_type_name (type), name);
      return CHEOPS_MOVE_NONE;
    }
  if (matches > 1)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_AMBIGUOUS, 1, "ambiguous move %s: more than one %s can reach %s", QUOTED,
                 cheops_laws_piece_type_name (type), name);
      return CHEOPS_MOVE_NONE;
    }

  /* R10: a capture mark or suffix that is present must be right. */
  {
    bool capture = cheops_laws_position_is_capture (pos, found);
    bool collapse = cheops_laws_position_is_collapse (pos, found);
    char right[CHEOPS_SAN_MAX];
    size_t rlen;
    const char *rsuffix;

    if (marks == 2 && !collapse)
      {
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: 'xx' marks a collapse, and this is none", QUOTED);
        return CHEOPS_MOVE_NONE;
      }
    if (marks == 1 && (!capture || collapse))
      {
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1,
                   collapse ? "illegal move %s: a collapse is written 'xx'"
                            : "illegal move %s: 'x' marks a capture, and there is nothing to capture", QUOTED);
        return CHEOPS_MOVE_NONE;
      }
    if (promotion && !cheops_laws_position_is_promotion (pos, found))
      {
        cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: it is not a promotion", QUOTED);
        return CHEOPS_MOVE_NONE;
      }
    /* The suffix alone first (the whole SAN, with its disambiguation, is
     * written only for the message). */
    if (*suffix && strcmp (san_suffix (pos, found), suffix) != 0)
      {
        rlen = cheops_laws_move_to_san (pos, found, right);
        rsuffix = right + rlen;
        while (rsuffix > right && (rsuffix[-1] == '+' || rsuffix[-1] == '#'))
          rsuffix--;
        if (strcmp (rsuffix, suffix) != 0)
          {
            cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "wrong suffix in %s: the move is %s", QUOTED, right);
            return CHEOPS_MOVE_NONE;
          }
      }
  }
  return found;
}
#undef QUOTED
