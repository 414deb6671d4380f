/* cypher-notation.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cypher chess FEN (6.1, errors F1-F15, CY29), machine move text (6.2) and
 * record notation (6.3, CY30).
 */
#include "cypher-private.h"

#include <stdio.h>
#include <string.h>

static const char *const side_names[CHEOPS_SIDE_NB] = { "White", "Black" };

/* A counter as FEN's one digit. */
static unsigned
small_digit (uint32_t v)
{
  return v < 9 ? v : 9;
}

static CheopsPieceType
type_from_letter (char upper)
{
  switch (upper)
    {
    case 'K': return CYPHER_KING;
    case 'Q': return CYPHER_QUEEN;
    case 'R': return CYPHER_ROOK;
    case 'B': return CYPHER_BISHOP;
    case 'N': return CYPHER_KNIGHT;
    case 'P': return CYPHER_PAWN;
    case 'S': return CYPHER_SPY;
    default: return CHEOPS_NO_PIECE_TYPE;
    }
}

static char
type_letter (CheopsPieceType type)
{
  return cheops_variant_cypher.pieces[type].letter;
}

static const char *
type_name (CheopsPieceType type)
{
  return cheops_variant_cypher.pieces[type].name;
}

/* The cell named at the start of @text (column letter, row 0..10 without a
 * leading zero, the longest that fits), with its length in *@len; or
 * CHEOPS_CELL_NONE. */
static CheopsCell
parse_cell (const char *text, size_t *len)
{
  static const char columns[] = "zabcdefghi";
  const char *col;
  int row;

  *len = 0;
  if (text[0] == '\0' || (col = strchr (columns, text[0])) == NULL)
    return CY_NONE;
  if (text[1] < '0' || text[1] > '9')
    return CY_NONE;
  row = text[1] - '0';
  *len = 2;
  if (text[1] == '1' && text[2] == '0')
    {
      row = 10;
      *len = 3;
    }
  return cypher_cell_make ((int) (col - columns), row);
}

/* ---------------------------------------------------------------- FEN */

static const char *const field_names[7] = {
  "placement", "side to move", "hand", "checks", "mark", "halfmove clock", "fullmove number",
};

/* F12: a plain decimal number of 1 to 6 digits, no leading zero. */
static bool
read_number (const char *fen, const char *s, const char *e, int field, long *value, CheopsError *error)
{
  long v = 0;

  if (e - s < 1 || e - s > 6 || (s[0] == '0' && e - s > 1))
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, (int) (s - fen) + 1,
                              "%s: expected a decimal number of 1 to 6 digits without a leading zero, found '%.*s' (F12)",
                              field_names[field], (int) (e - s), s);
  for (const char *p = s; p < e; p++)
    {
      if (*p < '0' || *p > '9')
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, (int) (p - fen) + 1,
                                  "%s: expected a decimal number of 1 to 6 digits without a leading zero, found '%.*s' (F12)",
                                  field_names[field], (int) (e - s), s);
      v = v * 10 + (*p - '0');
    }
  *value = v;
  return true;
}

bool
cypher_position_from_fen (CheopsPosition *out, const char *fen, CheopsError *error)
{
  CheopsPosition pos;
  const char *field[7], *field_end[7];
  int n_fields = 0;
  const char *p;
  char name[CHEOPS_CELL_NAME_MAX];

#define COL(ptr) ((int) ((ptr) - fen) + 1)
#define FLEN(i) ((int) (field_end[i] - field[i]))

  if (fen == NULL)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, 0, "no FEN given");

  /* F1: exactly seven fields. */
  p = fen;
  for (;;)
    {
      while (cheops__is_space (*p))
        p++;
      if (*p == '\0')
        break;
      if (n_fields == 7)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                                  "FEN: more than 7 fields (placement, side, hand, checks, mark, halfmove, fullmove) (F1)");
      field[n_fields] = p;
      while (*p != '\0' && !cheops__is_space (*p))
        p++;
      field_end[n_fields++] = p;
    }
  if (n_fields < 7)
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                              "FEN: %d field%s, expected 7 (placement, side, hand, checks, mark, halfmove, fullmove) (F1)",
                              n_fields, n_fields == 1 ? "" : "s");

  cypher_position_clear (&pos);

  /* F2: eleven rows, none empty. */
  {
    int rows = 1;
    for (p = field[0]; p < field_end[0]; p++)
      if (*p == '/')
        rows++;
    if (rows != CYPHER_ROWS)
      return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (field[0]),
                                "placement: %d row%s, expected 11 separated by '/' (F2)", rows, rows == 1 ? "" : "s");
  }

  /* F3, row 10 first. */
  p = field[0];
  for (int row = CYPHER_ROWS - 1; row >= 0; row--)
    {
      int n = 0;
      const char *row_start = p;

      if (p == field_end[0] || *p == '/')
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p), "placement: row %d is empty (F2)", row);
      while (p < field_end[0] && *p != '/')
        {
          if (*p >= '0' && *p <= '9')
            {
              const char *s = p;
              int v = 0;

              /* Only the first three digits count: a longer run is refused
                 below, and accumulating it all would overflow an int. */
              while (p < field_end[0] && *p >= '0' && *p <= '9')
                {
                  if (p - s < 3)
                    v = v * 10 + (*p - '0');
                  p++;
                }
              if (*s == '0')
                return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (s),
                                          v == 0 ? "placement: row %d: a run of 0 empty cells (F3)"
                                                 : "placement: row %d: a number with a leading zero (F3)", row);
              if (v > 10 || p - s > 2)
                return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (s),
                                          "placement: row %d: the number %.*s is above 10 (F3)", row, (int) (p - s), s);
              n += v;
              continue;
            }
          {
            char c = *p;
            char upper = c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c;
            CheopsPieceType t = type_from_letter (upper);
            CheopsSide s = c == upper ? CHEOPS_SIDE_A : CHEOPS_SIDE_B;

            if (t == CHEOPS_NO_PIECE_TYPE)
              {
                char quoted[CHEOPS__QUOTE_CHAR_MAX];

                cheops__quote_char (p, field_end[0], quoted);
                return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                                          "placement: row %d: '%s' is neither a piece letter (K Q R B N P S, k q r b n p s) nor a digit (F3)",
                                          row, quoted);
              }
            if (n < CYPHER_COLUMNS)
              cypher_position_put (&pos, cypher_cell_make (n, row), cheops_piece_make (s, t));
            n++;
            p++;
          }
        }
      if (n != CYPHER_COLUMNS)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (row_start),
                                  "placement: row %d describes %d cells, expected 10 (F3)", row, n);
      if (p < field_end[0])
        p++;   /* '/' */
    }

  /* F4, F5 */
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      static const int most[CYPHER_PIECE_TYPE_NB] = { 0, 1, 1, 2, 2, 2, 16, 1 };

      if (cheops_cellset_count (pos.pieces[s][CYPHER_KING]) != 1)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[0]),
                                  "placement: %s has %d Kings, expected exactly 1 (F4)", side_names[s],
                                  cheops_cellset_count (pos.pieces[s][CYPHER_KING]));
      if (cheops_cellset_count (pos.pieces[s][CYPHER_SPY]) != 1)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[0]),
                                  "placement: %s has %d Spies, expected exactly 1 (F4)", side_names[s],
                                  cheops_cellset_count (pos.pieces[s][CYPHER_SPY]));
      for (int t = CYPHER_QUEEN; t <= CYPHER_KNIGHT; t++)
        if (cheops_cellset_count (pos.pieces[s][t]) > most[t])
          return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[0]),
                                    "placement: %s has %d %ss, at most %d (there is no promotion) (F5)", side_names[s],
                                    cheops_cellset_count (pos.pieces[s][t]), type_name ((CheopsPieceType) t), most[t]);
    }
  /* F6 */
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsCellSet pawns = pos.pieces[s][CYPHER_PAWN];
      CheopsCellSet behind = 0;

      if (pawns & cy_court)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[0]),
                                  "placement: a %s pawn on the Court cell %s (F6)", side_names[s],
                                  cypher_cell_name (cheops_cellset_first (pawns & cy_court), name));
      for (int c = 1; c <= 8; c++)
        for (int r = s == CHEOPS_SIDE_A ? 1 : 8; r <= (s == CHEOPS_SIDE_A ? 2 : 9); r++)
          behind |= cy_shift_bit (cypher_cell_make (c, r));
      if (pawns & behind)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[0]),
                                  "placement: a %s pawn on %s, behind its start row (F6)", side_names[s],
                                  cypher_cell_name (cheops_cellset_first (pawns & behind), name));
    }

  /* F7 */
  if (FLEN (1) != 1 || (field[1][0] != 'w' && field[1][0] != 'b'))
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (field[1]),
                              "side to move: expected 'w' or 'b', found '%.*s' (F7)", FLEN (1), field[1]);
  cypher_position_set_side (&pos, field[1][0] == 'w' ? CHEOPS_SIDE_A : CHEOPS_SIDE_B);

  /* F8 */
  if (!(FLEN (2) == 1 && field[2][0] == '-'))
    {
      int n[2] = { 0, 0 };

      for (p = field[2]; p < field_end[2]; p++)
        {
          if (*p == 'P' && n[1] == 0)
            n[0]++;
          else if (*p == 'p')
            n[1]++;
          else
            return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (p),
                                      "hand: expected '-' or P's followed by p's, found '%.*s' (F8)", FLEN (2), field[2]);
        }
      for (int s = 0; s < CHEOPS_SIDE_NB; s++)
        {
          if (n[s] > 8)
            return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[2]),
                                      "hand: %s has %d pawns in hand, at most 8 (F8)", side_names[s], n[s]);
          pos.hand[s][CYPHER_PAWN] = (uint8_t) n[s];
        }
    }
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    if (cheops_cellset_count (pos.pieces[s][CYPHER_PAWN]) + pos.hand[s][CYPHER_PAWN] > 8)
      return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[2]),
                                "hand: %s has %d pawns on the board and %d in hand, more than 8 (F8)", side_names[s],
                                cheops_cellset_count (pos.pieces[s][CYPHER_PAWN]), pos.hand[s][CYPHER_PAWN]);

  /* F9 */
  if (FLEN (3) != 3 || field[3][0] < '0' || field[3][0] > '9' || field[3][1] != '+'
      || field[3][2] < '0' || field[3][2] > '9')
    return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (field[3]),
                              "checks: expected digit '+' digit, such as 0+0, found '%.*s' (F9)", FLEN (3), field[3]);
  {
    int c[2] = { field[3][0] - '0', field[3][2] - '0' };
    CheopsSide stm = pos.side_to_move;

    if (c[stm] > 3)
      return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[3]),
                                "checks: the side to move (%s) has the counter %d, at most 3 (F9)", side_names[stm], c[stm]);
    if (c[1 - stm] > 4)
      return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[3]),
                                "checks: the side that just moved (%s) has the counter %d, at most 4 (F9)",
                                side_names[1 - stm], c[1 - stm]);
    pos.state[CYPHER_STATE_CHECKS_A] = (uint32_t) c[0];
    pos.state[CYPHER_STATE_CHECKS_B] = (uint32_t) c[1];
  }

  /* F11 */
  if (!(FLEN (4) == 1 && field[4][0] == '-'))
    {
      size_t len;
      char text[8] = { 0 };
      CheopsCell m;
      CheopsSide mover = cheops_side_other (pos.side_to_move);
      CheopsPiece piece;

      if (FLEN (4) < (int) sizeof text)
        memcpy (text, field[4], (size_t) FLEN (4));
      m = FLEN (4) < (int) sizeof text ? parse_cell (text, &len) : CY_NONE;
      if (m == CY_NONE || (int) len != FLEN (4))
        return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (field[4]),
                                  "mark: expected '-' or a cell name, found '%.*s' (F11)", FLEN (4), field[4]);
      piece = pos.board[m];
      if (!(piece != CHEOPS_NO_PIECE && cheops_piece_side (piece) == mover
            && ((cy_is_major (cheops_piece_type (piece)) && cy_area[m] == CYPHER_FIELD)
                || (cheops_piece_type (piece) == CYPHER_PAWN && (cy_embed_row[mover] & cy_shift_bit (m))))))
        return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[4]),
                                  "mark: %s holds neither a %s major piece on a Field cell nor an embedded %s pawn (F11)",
                                  cypher_cell_name (m, name), side_names[mover], side_names[mover]);
      pos.state[CYPHER_STATE_MARK] = m;
    }

  /* F12 */
  {
    long half, full;

    if (!read_number (fen, field[5], field_end[5], 5, &half, error)
        || !read_number (fen, field[6], field_end[6], 6, &full, error))
      return false;
    if (full == 0)
      return cheops__set_error (error, CHEOPS_ERROR_FEN_SYNTAX, COL (field[6]),
                                "fullmove number: 0, it starts at 1 (F12)");
    pos.halfmove_clock = (int) half;
    pos.fullmove_number = (int) full;
  }
  pos.key = cypher_position_compute_key (&pos);

  /* F13: Spy distance (CY3), but for a King flip just made. */
  {
    CheopsSide stm = pos.side_to_move, mover = cheops_side_other (stm);

    for (int s = 0; s < CHEOPS_SIDE_NB; s++)
      {
        CheopsCell spy = cypher_position_spy (&pos, (CheopsSide) s);
        CheopsSide o = cheops_side_other ((CheopsSide) s);
        CheopsCell ko = pos.king[o];

        if (cy_adj[spy] & cy_shift_bit (pos.king[s]))
          return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[0]),
                                    "placement: the %s Spy on %s stands next to its own King (F13)", side_names[s],
                                    cypher_cell_name (spy, name));
        if (cy_adj[spy] & pos.pieces[o][CYPHER_SPY])
          return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[0]),
                                    "placement: the two Spies stand next to each other (F13)");
        if ((cy_adj[spy] & cy_shift_bit (ko))
            && !(o == mover && !(cy_area[spy] == CYPHER_COURT && cy_area[ko] == CYPHER_COURT)))
          return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[0]),
                                    "placement: the %s Spy on %s stands next to the %s King and no King flip was just made (F13)",
                                    side_names[s], cypher_cell_name (spy, name), side_names[o]);
      }

    /* F14: after a King flip the flipped Spy's check does not count (CY4). */
    if (cypher__attacked (&pos, mover,
                          cypher_position_king_flips (&pos, mover) ? cy_shift_bit (cypher_position_spy (&pos, stm)) : 0))
      return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[1]),
                                "side to move: %s, which just moved, is in check (F14)", side_names[mover]);

    /* F15 */
    if (cypher_position_spy_flips (&pos, stm))
      return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[1]),
                                "side to move: the %s Court Spy sees the %s Court King, a self-flip (F15)",
                                side_names[stm], side_names[mover]);

    /* F10 */
    {
      bool check = cypher_position_king_attacked (&pos, stm);
      uint32_t c = pos.state[CYPHER_STATE_CHECKS_A + mover];

      if (check && c == 0)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[3]),
                                  "checks: %s is in check, so the counter of %s must be at least 1 (F10)",
                                  side_names[stm], side_names[mover]);
      if (!check && c != 0)
        return cheops__set_error (error, CHEOPS_ERROR_FEN_IMPOSSIBLE, COL (field[3]),
                                  "checks: %s is not in check, so the counter of %s must be 0 (F10)",
                                  side_names[stm], side_names[mover]);
    }
  }

  *out = pos;
  return true;
#undef COL
#undef FLEN
}

size_t
cypher_position_to_fen (const CheopsPosition *pos, char *buf, size_t size)
{
  char fen[CHEOPS_FEN_MAX + 32];
  size_t n = 0;
  char name[CHEOPS_CELL_NAME_MAX];

  for (int row = CYPHER_ROWS - 1; row >= 0; row--)
    {
      int empty = 0;

      for (int c = 0; c < CYPHER_COLUMNS; c++)
        {
          CheopsPiece piece = pos->board[cypher_cell_make (c, row)];

          if (piece == CHEOPS_NO_PIECE)
            {
              empty++;
              continue;
            }
          if (empty)
            n += (size_t) snprintf (fen + n, sizeof fen - n, "%d", empty);
          empty = 0;
          fen[n++] = cheops_variant_piece_letter (&cheops_variant_cypher, piece);
        }
      if (empty)
        n += (size_t) snprintf (fen + n, sizeof fen - n, "%d", empty);
      if (row > 0)
        fen[n++] = '/';
    }
  fen[n++] = ' ';
  fen[n++] = pos->side_to_move == CHEOPS_SIDE_A ? 'w' : 'b';
  fen[n++] = ' ';
  if (pos->hand[0][CYPHER_PAWN] + pos->hand[1][CYPHER_PAWN] == 0)
    fen[n++] = '-';
  else
    {
      for (int i = 0; i < pos->hand[0][CYPHER_PAWN] && i < 16; i++)
        fen[n++] = 'P';
      for (int i = 0; i < pos->hand[1][CYPHER_PAWN] && i < 16; i++)
        fen[n++] = 'p';
    }
  n += (size_t) snprintf (fen + n, sizeof fen - n, " %u+%u %s %d %d",
                          small_digit (pos->state[CYPHER_STATE_CHECKS_A]),
                          small_digit (pos->state[CYPHER_STATE_CHECKS_B]),
                          pos->state[CYPHER_STATE_MARK] < CY_N
                            ? cypher_cell_name ((CheopsCell) pos->state[CYPHER_STATE_MARK], name) : "-",
                          pos->halfmove_clock, pos->fullmove_number);
  if (size > 0)
    {
      size_t copy = n < size - 1 ? n : size - 1;
      memcpy (buf, fen, copy);
      buf[copy] = '\0';
    }
  return n;
}

/* ---------------------------------------------------- machine text */

size_t
cypher_move_to_text (CheopsMove move, char *buf)
{
  char a[CHEOPS_CELL_NAME_MAX], b[CHEOPS_CELL_NAME_MAX], c[CHEOPS_CELL_NAME_MAX], d[CHEOPS_CELL_NAME_MAX];

  switch (cheops_move_kind (move))
    {
    case CHEOPS_MOVE_DROP:
      return (size_t) snprintf (buf, CHEOPS_MOVE_TEXT_MAX, "P@%s", cypher_cell_name (cheops_move_to (move), a));
    case CHEOPS_MOVE_COMPOUND:
      return (size_t) snprintf (buf, CHEOPS_MOVE_TEXT_MAX, "%s%s,%s%s",
                                cypher_cell_name (cheops_move_from (move), a), cypher_cell_name (cheops_move_to (move), b),
                                cypher_cell_name (cheops_move_from2 (move), c), cypher_cell_name (cheops_move_to2 (move), d));
    default:
      return (size_t) snprintf (buf, CHEOPS_MOVE_TEXT_MAX, "%s%s",
                                cypher_cell_name (cheops_move_from (move) % CY_N, a),
                                cypher_cell_name (cheops_move_to (move) % CY_N, b));
    }
}

/* Reads the machine text of 6.2 (the whole of @text) into *@move without
 * looking at the position; false when it is not of that form. */
static bool
parse_text (const char *text, CheopsMove *move)
{
  size_t la, lb, lc, ld;
  CheopsCell a, b, c, d;

  if ((text[0] == 'P' || text[0] == 'p') && text[1] == '@')
    {
      a = parse_cell (text + 2, &la);
      if (a == CY_NONE || text[2 + la] != '\0')
        return false;
      *move = cheops_move_make_drop (CYPHER_PAWN, a);
      return true;
    }
  a = parse_cell (text, &la);
  if (a == CY_NONE)
    return false;
  b = parse_cell (text + la, &lb);
  if (b == CY_NONE)
    return false;
  if (text[la + lb] == '\0')
    {
      *move = cheops_move_make (a, b);
      return true;
    }
  if (text[la + lb] != ',')
    return false;
  c = parse_cell (text + la + lb + 1, &lc);
  if (c == CY_NONE)
    return false;
  d = parse_cell (text + la + lb + 1 + lc, &ld);
  if (d == CY_NONE || text[la + lb + 1 + lc + ld] != '\0')
    return false;
  *move = cheops_move_make_compound (a, b, c, d);
  return true;
}

CheopsMove
cypher_move_from_text (const CheopsPosition *pos, const char *text, CheopsError *error)
{
  CheopsMove move;

  if (text == NULL || strlen (text) >= 32 || !parse_text (text, &move))
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1,
                         "'%s' is not a move (expected e.g. e3e5, P@c5 or a0a1,b1b0)", text != NULL ? text : "");
      return CHEOPS_MOVE_NONE;
    }
  if (!cypher_position_is_playable (pos, move))
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s", text);
      return CHEOPS_MOVE_NONE;
    }
  return move;
}

/* -------------------------------------------------------------- SAN */

/* "#" when @move wins (checkmate or flip), "+" when it leaves the enemy King
 * in check, else "" (6.3). */
static const char *
suffix (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPosition after = *pos;
  CheopsUndo undo;
  CheopsOutcome o;
  CheopsSide mover = pos->side_to_move;

  cypher_position_do_move (&after, move, &undo);
  o = cypher_position_outcome (&after);
  if ((o == CYPHER_OUTCOME_W_FLIP || o == CYPHER_OUTCOME_W_CHECKMATE) && mover == CHEOPS_SIDE_A)
    return "#";
  if ((o == CYPHER_OUTCOME_B_FLIP || o == CYPHER_OUTCOME_B_CHECKMATE) && mover == CHEOPS_SIDE_B)
    return "#";
  return cypher_position_king_attacked (&after, after.side_to_move) ? "+" : "";
}

/* The disambiguation of a move of the piece on @from to @to among the
 * moves @others (from-cells of other pieces of the same letter that can
 * reach the same cell): "" / column / row / cell (6.3). */
static void
disambiguation (CheopsCell from, const CheopsCell *others, int n, char *out)
{
  char name[CHEOPS_CELL_NAME_MAX];
  bool same_col = false, same_row = false;

  out[0] = '\0';
  if (n == 0)
    return;
  for (int i = 0; i < n; i++)
    {
      if (cypher_cell_column (others[i]) == cypher_cell_column (from))
        same_col = true;
      if (cypher_cell_row (others[i]) == cypher_cell_row (from))
        same_row = true;
    }
  cypher_cell_name (from, name);
  if (!same_col)
    {
      out[0] = name[0];
      out[1] = '\0';
    }
  else if (!same_row)
    strcpy (out, name + 1);
  else
    strcpy (out, name);
}

size_t
cypher_move_to_san (const CheopsPosition *pos, CheopsMove move, char *buf)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end = cypher_generate_moves (pos, list);
  char to_name[CHEOPS_CELL_NAME_MAX], from_name[CHEOPS_CELL_NAME_MAX], dis[CHEOPS_CELL_NAME_MAX];
  CheopsCell others[16];
  int n_others = 0;
  CheopsCell from = cheops_move_from (move), to = cheops_move_to (move);

  if (cheops_move_kind (move) == CHEOPS_MOVE_DROP)
    return (size_t) snprintf (buf, CHEOPS_SAN_MAX, "P@%s%s", cypher_cell_name (to, to_name), suffix (pos, move));

  if (cheops_move_kind (move) == CHEOPS_MOVE_COMPOUND)
    {
      CheopsCell from2 = cheops_move_from2 (move), to2 = cheops_move_to2 (move);
      CheopsPiece second = pos->board[from2];
      char to2_name[CHEOPS_CELL_NAME_MAX];

      for (CheopsMove *m = list; m < end; m++)
        if (*m != move && cheops_move_kind (*m) == CHEOPS_MOVE_COMPOUND && cheops_move_from (*m) == from
            && cheops_move_to (*m) == to && cheops_move_to2 (*m) == to2
            && pos->board[cheops_move_from2 (*m)] == second && n_others < 16)
          others[n_others++] = cheops_move_from2 (*m);
      disambiguation (from2, others, n_others, dis);
      return (size_t) snprintf (buf, CHEOPS_SAN_MAX, "S%s,%c%s%s%s", cypher_cell_name (to, to_name),
                                type_letter (cheops_piece_type (second)), dis, cypher_cell_name (to2, to2_name),
                                suffix (pos, move));
    }

  {
    CheopsPiece piece = pos->board[from];
    CheopsPieceType t = cheops_piece_type (piece);
    bool capture = pos->board[to] != CHEOPS_NO_PIECE;

    cypher_cell_name (to, to_name);
    if (t == CYPHER_PAWN)
      {
        if (capture)
          return (size_t) snprintf (buf, CHEOPS_SAN_MAX, "%cx%s%s", cypher_cell_name (from, from_name)[0], to_name,
                                    suffix (pos, move));
        return (size_t) snprintf (buf, CHEOPS_SAN_MAX, "%s%s", to_name, suffix (pos, move));
      }
    if (t != CYPHER_KING && t != CYPHER_SPY)
      for (CheopsMove *m = list; m < end; m++)
        if (*m != move && cheops_move_kind (*m) == CHEOPS_MOVE_NORMAL && cheops_move_to (*m) == to
            && pos->board[cheops_move_from (*m)] == piece && n_others < 16)
          others[n_others++] = cheops_move_from (*m);
    disambiguation (from, others, n_others, dis);
    return (size_t) snprintf (buf, CHEOPS_SAN_MAX, "%c%s%s%s%s", type_letter (t), dis, capture ? "x" : "", to_name,
                              suffix (pos, move));
  }
}

/* A piece move's text, "Nbd3", "xe5", "d": letter (0 for none), the
 * disambiguation's column (-1 for none) and row (-1), whether 'x' is there,
 * the destination.  False when it is not of that form. */
typedef struct {
  CheopsPieceType type;   /* 0: a pawn (no letter) */
  int             column, row;
  bool            x;
  CheopsCell      to;
} SanPart;

static bool
parse_part (const char *s, size_t n, SanPart *part)
{
  static const char columns[] = "zabcdefghi";
  size_t i = 0, len;
  char buf[CHEOPS__SAN_INPUT_MAX];

  memset (part, 0, sizeof *part);
  part->column = part->row = -1;
  if (n == 0 || n >= sizeof buf)
    return false;
  memcpy (buf, s, n);
  buf[n] = '\0';
  if (buf[0] >= 'A' && buf[0] <= 'Z')
    {
      part->type = type_from_letter (buf[0]);
      if (part->type == CHEOPS_NO_PIECE_TYPE || part->type == CYPHER_PAWN)
        return false;
      i = 1;
    }
  /* The destination: the last cell name, at the end. */
  for (size_t start = n; start-- > i;)
    {
      CheopsCell c = parse_cell (buf + start, &len);
      if (c != CY_NONE && start + len == n)
        {
          /* Prefer the longest name at the end ("a10" over "10"'s "0"). */
          part->to = c;
          n = start;
          goto found;
        }
    }
  return false;
found:
  if (n > i && buf[n - 1] == 'x')
    {
      part->x = true;
      n--;
    }
  if (i < n && strchr (columns, buf[i]) != NULL && buf[i] != '\0')
    part->column = (int) (strchr (columns, buf[i]) - columns), i++;
  if (i < n)
    {
      int r = 0;
      size_t s0 = i;

      /* Only the first three digits count (a longer run is refused below);
         accumulating it all would overflow an int. */
      while (i < n && buf[i] >= '0' && buf[i] <= '9')
        {
          if (i - s0 < 3)
            r = r * 10 + (buf[i] - '0');
          i++;
        }
      if (i - s0 > 2 || r > 10 || (buf[s0] == '0' && i - s0 > 1) || i == s0)
        return false;
      part->row = r;
    }
  return i == n;
}

static bool
part_matches (const CheopsPosition *pos, const SanPart *part, CheopsCell from, CheopsCell to)
{
  CheopsPieceType t = cheops_piece_type (pos->board[from]);

  if (to != part->to)
    return false;
  if ((part->type == 0 ? CYPHER_PAWN : part->type) != t)
    return false;
  if (part->column >= 0 && cypher_cell_column (from) != part->column)
    return false;
  if (part->row >= 0 && cypher_cell_row (from) != part->row)
    return false;
  /* A pawn written without its column moves straight on. */
  if (t == CYPHER_PAWN && part->column < 0 && cypher_cell_column (from) != cypher_cell_column (to))
    return false;
  return true;
}

CheopsMove
cypher_move_from_san (const CheopsPosition *pos, const char *san, ptrdiff_t length, CheopsError *error)
{
  char text[CHEOPS__SAN_INPUT_MAX], quoted[CHEOPS__SAN_INPUT_MAX];
  size_t len;
  CheopsMove list[CHEOPS_MAX_MOVES], *end, found = CHEOPS_MOVE_NONE, move;
  int n_found = 0;
  char given_suffix = 0;
  char correct[CHEOPS_SAN_MAX];
  const char *comma;

  if (!cheops__san_input (san, length, text, quoted, &len, error))
    return CHEOPS_MOVE_NONE;
  if (len > 0 && (text[len - 1] == '+' || text[len - 1] == '#'))
    {
      given_suffix = text[len - 1];
      text[--len] = '\0';
    }
  end = cypher_generate_moves (pos, list);

  if (parse_text (text, &move))
    {
      bool ok = false;
      for (CheopsMove *m = list; m < end; m++)
        if (*m == move)
          ok = true;
      if (!ok)
        {
          cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, list == end ? "illegal move %s: the game is over or the side to move has no move"
                                                                              : "illegal move %s", quoted);
          return CHEOPS_MOVE_NONE;
        }
      found = move;
      n_found = 1;
    }
  else if ((comma = strchr (text, ',')) != NULL)
    {
      SanPart spy, second;

      if (!parse_part (text, (size_t) (comma - text), &spy) || spy.type != CYPHER_SPY
          || !parse_part (comma + 1, strlen (comma + 1), &second) || second.type == 0 || second.type == CYPHER_SPY)
        {
          cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1,
                             "'%s' is not a move (a compound move is written e.g. Sa1,Rb0)", quoted);
          return CHEOPS_MOVE_NONE;
        }
      if (spy.x || second.x)
        {
          cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: a compound move never captures", quoted);
          return CHEOPS_MOVE_NONE;
        }
      for (CheopsMove *m = list; m < end; m++)
        if (cheops_move_kind (*m) == CHEOPS_MOVE_COMPOUND
            && part_matches (pos, &spy, cheops_move_from (*m), cheops_move_to (*m))
            && part_matches (pos, &second, cheops_move_from2 (*m), cheops_move_to2 (*m)))
          {
            found = *m;
            n_found++;
          }
    }
  else
    {
      SanPart part;

      if (!parse_part (text, len, &part))
        {
          cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1, "'%s' is not a move", quoted);
          return CHEOPS_MOVE_NONE;
        }
      for (CheopsMove *m = list; m < end; m++)
        if (cheops_move_kind (*m) == CHEOPS_MOVE_NORMAL && part_matches (pos, &part, cheops_move_from (*m), cheops_move_to (*m)))
          {
            found = *m;
            n_found++;
          }
      if (n_found == 1 && part.x && !cypher_position_is_capture (pos, found))
        {
          cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: it captures nothing", quoted);
          return CHEOPS_MOVE_NONE;
        }
      if (n_found == 0)
        {
          char to_name[CHEOPS_CELL_NAME_MAX];
          if (list == end)
            cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: the game is over or the side to move has no move", quoted);
          else
            cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s: no %s can reach %s", quoted,
                               type_name (part.type == 0 ? CYPHER_PAWN : part.type), cypher_cell_name (part.to, to_name));
          return CHEOPS_MOVE_NONE;
        }
    }
  if (n_found == 0)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "illegal move %s", quoted);
      return CHEOPS_MOVE_NONE;
    }
  if (n_found > 1)
    {
      cheops__set_error (error, CHEOPS_ERROR_MOVE_AMBIGUOUS, 1, "ambiguous move %s: it fits more than one move", quoted);
      return CHEOPS_MOVE_NONE;
    }
  if (given_suffix)
    {
      size_t n = cypher_move_to_san (pos, found, correct);
      char right = n > 0 && (correct[n - 1] == '+' || correct[n - 1] == '#') ? correct[n - 1] : 0;

      if (right != given_suffix)
        {
          cheops__set_error (error, CHEOPS_ERROR_MOVE_ILLEGAL, 1, "wrong suffix in %s: the move is %s", quoted, correct);
          return CHEOPS_MOVE_NONE;
        }
    }
  return found;
}
