/* cypher-notes.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words that explain Cypher chess where the board alone would surprise
 * a user (CheopsVariantFuncs.move_note): why a piece that seems to reach an
 * enemy piece may not take it there (the capture table of 3.4, CY9, CY10,
 * CY26), why a major may not step into Court (3.2, CY6, 4.4), and the
 * re-take window that the mark of FEN field 5 opens (4.5, CY18); and the
 * marks of pawns in sanctuary and embedded pawns (CY10, 4.7).  Words
 * only: no rule depends on them, and nothing here is on the engine's path.
 */
#include "cypher-private.h"

#define N_(s) (s)
#define CLAMP_VALUE(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))

/* The piece names of the table (cypher-variant.c), to translate. */
static const char *
piece_name (CheopsPieceType t)
{
  return cheops_variant_cypher.pieces[t].name;
}

/* Whether the piece of kind @t on @from reaches @to by its movement (3.2),
 * to capture there, on the board of @pos. */
static bool
reaches (const CheopsPosition *pos, CheopsCell from, CheopsPieceType t, CheopsCell to)
{
  CheopsCellSet occ = pos->occupied;
  CheopsSide side = cheops_piece_side (pos->board[from]);

  switch (t)
    {
    case CYPHER_KING: return cy_adj[from] & cy_shift_bit (to);
    case CYPHER_QUEEN: case CYPHER_SPY: return cy_slide (from, 0, 8, occ) & cy_shift_bit (to);
    case CYPHER_ROOK: return cy_slide (from, 0, 4, occ) & cy_shift_bit (to);
    case CYPHER_BISHOP: return cy_slide (from, 4, 8, occ) & cy_shift_bit (to);
    case CYPHER_KNIGHT: return cy_leaps[from] & cy_shift_bit (to);
    case CYPHER_PAWN:
      return !(cy_embed_row[side] & cy_shift_bit (from)) && (cy_pawn_diag[side][from] & cy_shift_bit (to));
    default: return false;
    }
}

/* Whether a playable move goes from @from to @to (a plain move, or the
 * first part of a compound move). */
static bool
playable (const CheopsPosition *pos, CheopsCell from, CheopsCell to)
{
  CheopsMove moves[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_generate_moves (pos, moves);

  for (CheopsMove *m = moves; m < end; m++)
    if (cheops_move_kind (*m) != CHEOPS_MOVE_DROP && cheops_move_from (*m) == from && cheops_move_to (*m) == to)
      return true;
  return false;
}

static bool
note_set (CheopsNote *note, const char *format, const char *a0, const char *a1, uint8_t translate)
{
  note->format = format;
  note->args[0] = a0;
  note->args[1] = a1;
  note->args[2] = NULL;
  note->translate = translate;
  return true;
}

/* The re-take window (4.5, CY18): the side to move may take the piece on
 * the mark with a Field major or its King, which the table of 3.4 would
 * not allow otherwise. */
static bool
retake_note (const CheopsPosition *pos, CheopsNote *note)
{
  uint32_t mark = pos->state[CYPHER_STATE_MARK];
  CheopsSide side = pos->side_to_move;
  CheopsMove moves[CHEOPS_MAX_MOVES];
  CheopsMove *end;
  CheopsCell taker = CY_NONE;
  int n = 0;

  if (mark >= CY_N || cy_area[mark] != CYPHER_FIELD)
    return false;
  if (pos->board[mark] == CHEOPS_NO_PIECE || cheops_piece_side (pos->board[mark]) == side ||
      !cy_is_major (cheops_piece_type (pos->board[mark])))
    return false;   /* the mark of an embedded pawn (4.7) */

  end = cheops_generate_moves (pos, moves);
  for (CheopsMove *m = moves; m < end; m++)
    {
      CheopsCell from = cheops_move_from (*m);
      CheopsPieceType t = cheops_piece_type (pos->board[from]);

      if (cheops_move_kind (*m) != CHEOPS_MOVE_NORMAL || cheops_move_to (*m) != mark ||
          cy_area[from] != CYPHER_FIELD || !(cy_is_major (t) || t == CYPHER_KING))
        continue;
      if (from != taker)
        n++;
      taker = from;
    }
  if (n == 0)
    return false;
  if (n == 1)
    /* Translators: "Re-take: the Knight may capture on e4 this move
     * (4.5)": a Field piece may take the piece that has just captured */
    return note_set (note, N_("Re-take: the %s may capture on %s this move (4.5)"),
                     piece_name (cheops_piece_type (pos->board[taker])),
                     cheops_variant_cypher.board->cells[mark].name, 1);
  /* Translators: "Re-take: the Bishop on e4 may be taken from the Field
   * this move (4.5)" */
  return note_set (note, N_("Re-take: the %s on %s may be taken from the Field this move (4.5)"),
                   piece_name (cheops_piece_type (pos->board[mark])),
                   cheops_variant_cypher.board->cells[mark].name, 1);
}

/* The function of the table (CheopsVariantFuncs.move_note). */
bool
cypher_move_note (const CheopsPosition *pos,
                  CheopsCell            from,
                  CheopsCell            to,
                  CheopsNote           *note)
{
  CheopsSide side = pos->side_to_move;
  CheopsPiece mover, target;
  CheopsPieceType t, tt;
  const char *where;

  if (from == CHEOPS_CELL_NONE && to == CHEOPS_CELL_NONE)
    return retake_note (pos, note);
  if (from >= CY_N || to >= CY_N || from == to)
    return false;

  mover = pos->board[from];
  target = pos->board[to];
  if (mover == CHEOPS_NO_PIECE || cheops_piece_side (mover) != side)
    return false;
  t = cheops_piece_type (mover);

  /* 3.2, CY6, 4.4: a major steps into Court only from Court, or as the
   * second part of the Spy's move out of Court. */
  if (target == CHEOPS_NO_PIECE)
    {
      if (cy_is_major (t) && cy_area[from] != CYPHER_COURT && cy_area[to] == CYPHER_COURT &&
          reaches (pos, from, t, to) && !playable (pos, from, to))
        /* Translators: "The Rook may enter Court only as the Spy leaves
         * it (4.4)" */
        return note_set (note, N_("The %s may enter Court only as the Spy leaves it (4.4)"),
                         piece_name (t), NULL, 1);
      return false;
    }

  if (cheops_piece_side (target) == side || !reaches (pos, from, t, to) || playable (pos, from, to))
    return false;

  tt = cheops_piece_type (target);
  where = cheops_variant_cypher.board->cells[to].name;
  if (tt == CYPHER_KING)
    return note_set (note, N_("A King is never taken (3.4)"), NULL, NULL, 0);
  if (tt == CYPHER_SPY)
    return note_set (note, N_("A Spy is never taken (3.4)"), NULL, NULL, 0);
  if (tt == CYPHER_PAWN)
    {
      if (cy_sanctuary[cheops_piece_side (target)] & cy_shift_bit (to))
        /* Translators: "The Pawn on c7 is in sanctuary: no piece can take
         * it (CY10)" */
        return note_set (note, N_("The Pawn on %s is in sanctuary: no piece can take it (CY10)"), where, NULL, 0);
      if (t == CYPHER_SPY)
        return note_set (note, N_("The Spy takes only in Court (3.4)"), NULL, NULL, 0);
      return false;
    }
  /* A major (3.4). */
  if (cy_area[to] == CYPHER_COURT)
    {
      if (t == CYPHER_SPY)
        return false;
      /* Translators: "The Rook on b0 stands in Court: only the Spy can take
       * it (3.4)" */
      return note_set (note, N_("The %s on %s stands in Court: only the Spy can take it (3.4)"),
                       piece_name (tt), where, 1);
    }
  if (t == CYPHER_SPY)
    return note_set (note, N_("The Spy takes only in Court (3.4)"), NULL, NULL, 0);
  if (cy_area[to] == CYPHER_BORDER)
    {
      if (t == CYPHER_PAWN)
        return false;
      /* Translators: "The Queen on e5 stands on the Border: only a Pawn can
       * take it (3.4)" */
      return note_set (note, N_("The %s on %s stands on the Border: only a Pawn can take it (3.4)"),
                       piece_name (tt), where, 1);
    }
  if (t != CYPHER_PAWN && cy_area[from] == CYPHER_FIELD)
    /* Translators: "The Bishop on c4 cannot be taken from the Field (3.4)":
     * the piece trying to take stands in the Field */
    return note_set (note, N_("The %s on %s cannot be taken from the Field (3.4)"), piece_name (tt), where, 1);
  return false;
}

/* The table's piece_flags: a pawn in sanctuary cannot be taken (CY10); an
 * embedded pawn never moves (4.7) and cannot be taken either. */
unsigned
cypher_piece_flags (const CheopsPosition *pos,
                    CheopsCell            cell)
{
  CheopsPiece piece = cell < CY_N ? pos->board[cell] : CHEOPS_NO_PIECE;
  CheopsSide side = cheops_piece_side (piece);
  unsigned flags = 0;

  if (cheops_piece_type (piece) != CYPHER_PAWN)
    return 0;
  if (cy_sanctuary[side] & cy_shift_bit (cell))
    flags |= CHEOPS_PIECE_FLAG_SAFE;
  if (cy_embed_row[side] & cy_shift_bit (cell))
    flags |= CHEOPS_PIECE_FLAG_FIXED | CHEOPS_PIECE_FLAG_SAFE;
  return flags;
}

/* The set-up's values (CheopsVariant.setup_values): the four-check
 * counters (4.10, CY21; FEN field 4) and the mark (4.5, 4.7; field 5). */
int
cypher_get_setup_value (const CheopsPosition *pos,
                        int                   index)
{
  switch (index)
    {
    case 0: return (int) pos->state[CYPHER_STATE_CHECKS_A];
    case 1: return (int) pos->state[CYPHER_STATE_CHECKS_B];
    case 2: return pos->state[CYPHER_STATE_MARK] < CY_N ? (int) pos->state[CYPHER_STATE_MARK] : CHEOPS_CELL_NONE;
    default: return 0;
    }
}

void
cypher_set_setup_value (CheopsPosition *pos,
                        int             index,
                        int             value)
{
  switch (index)
    {
    case 0:
      pos->state[CYPHER_STATE_CHECKS_A] = (uint32_t) CLAMP_VALUE (value, 0, 9);
      break;
    case 1:
      pos->state[CYPHER_STATE_CHECKS_B] = (uint32_t) CLAMP_VALUE (value, 0, 9);
      break;
    case 2:
      pos->state[CYPHER_STATE_MARK] = value >= 0 && value < CY_N ? (uint32_t) value : CY_NONE;
      break;
    default:
      return;
    }
  pos->state[CYPHER_STATE_IN_CHECK] = CYPHER_IN_CHECK_UNKNOWN;
  pos->key = cypher_position_compute_key (pos);
}
