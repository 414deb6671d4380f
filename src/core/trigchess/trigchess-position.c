/* trigchess-position.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TrigChess placement, Zobrist keys, playing and taking back moves, attacks
 * (3.8), legal move generation (4.2, TR11), the end of the game (4.3) and
 * what a position alone can tell about its history.
 *
 * Legality: a move of a piece other than the King can expose its King only
 * by emptying its from-cell, and only if that cell lies on a path from an
 * enemy Dome or Gyro to the King, or is the first step M of an enemy Stag's
 * move onto the King (3.6).  Those cells are found once per position; a
 * move from any other cell is legal unless the King is in check.  Moves
 * from those cells, all moves in check and all King moves are tested by
 * looking at the attacks on the King with the move's occupancy.
 */
#include "trigchess-private.h"

#include <string.h>

#define ZOBRIST(piece, cell) \
  tc_zobrist[cheops_piece_side (piece)][cheops_piece_type (piece)][cell]

static inline void
add_piece (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece)
{
  cheops__position_add_piece (pos, cell, piece, ZOBRIST (piece, cell));
}

static inline void
remove_piece (CheopsPosition *pos, CheopsCell cell)
{
  cheops__position_remove_piece (pos, cell, ZOBRIST (pos->board[cell], cell));
}

void
trigchess_position_clear (CheopsPosition *pos)
{
  cheops__position_clear (pos, &cheops_variant_trigchess);
}

void
trigchess_position_put (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece)
{
  if (cell >= TC_N)
    return;
  if (pos->board[cell] != CHEOPS_NO_PIECE)
    {
      CheopsPiece old = pos->board[cell];
      CheopsSide s = cheops_piece_side (old);

      remove_piece (pos, cell);
      if (cheops_piece_type (old) == TRIGCHESS_KING && pos->king[s] == cell)
        {
          CheopsCellSet kings = pos->pieces[s][TRIGCHESS_KING];
          pos->king[s] = kings ? cheops_cellset_first (kings) : CHEOPS_CELL_NONE;
        }
    }
  if (piece != CHEOPS_NO_PIECE)
    {
      add_piece (pos, cell, piece);
      if (cheops_piece_type (piece) == TRIGCHESS_KING)
        pos->king[cheops_piece_side (piece)] = cell;
    }
}

void
trigchess_position_set_side (CheopsPosition *pos, CheopsSide side)
{
  if (pos->side_to_move != side)
    {
      pos->side_to_move = side;
      pos->key ^= tc_zobrist_side;
    }
}

uint64_t
trigchess_position_compute_key (const CheopsPosition *pos)
{
  uint64_t key = pos->side_to_move == CHEOPS_SIDE_B ? tc_zobrist_side : 0;

  for (int c = 0; c < TC_N; c++)
    if (pos->board[c])
      key ^= ZOBRIST (pos->board[c], c);
  return key;
}

void
trigchess_position_do_move (CheopsPosition *pos, CheopsMove move, CheopsUndo *undo)
{
  CheopsCell from = cheops_move_from (move);
  CheopsCell to = cheops_move_to (move);
  CheopsPiece piece = pos->board[from];
  CheopsPiece captured = pos->board[to];
  CheopsPieceType promotion = cheops_move_promotion (move);
  CheopsSide side = cheops_piece_side (piece);

  undo->moved = piece;
  undo->captured = captured;
  undo->halfmove_clock = pos->halfmove_clock;
  undo->fullmove_number = pos->fullmove_number;
  undo->key = pos->key;

  remove_piece (pos, from);
  if (captured)
    remove_piece (pos, to);
  add_piece (pos, to, promotion ? cheops_piece_make (side, promotion) : piece);   /* TR10 */
  if (cheops_piece_type (piece) == TRIGCHESS_KING)
    pos->king[side] = to;

  /* TR19 */
  if (captured || cheops_piece_type (piece) == TRIGCHESS_PAWN)
    pos->halfmove_clock = 0;
  else
    pos->halfmove_clock = cheops_counter_next (pos->halfmove_clock);
  /* TR15: only a sideways Pawn step among the clock's resets can be undone. */
  undo->state[0] = pos->state[0];
  if (captured || promotion
      || (cheops_piece_type (piece) == TRIGCHESS_PAWN && trigchess_cell_rank (to) != trigchess_cell_rank (from)))
    pos->state[0] = 0;
  else
    pos->state[0]++;
  if (side == CHEOPS_SIDE_B)
    pos->fullmove_number = cheops_counter_next (pos->fullmove_number);
  pos->side_to_move = cheops_side_other (side);
  pos->key ^= tc_zobrist_side;
}

void
trigchess_position_undo_move (CheopsPosition *pos, CheopsMove move, const CheopsUndo *undo)
{
  CheopsCell from = cheops_move_from (move);
  CheopsCell to = cheops_move_to (move);

  remove_piece (pos, to);
  if (undo->captured)
    add_piece (pos, to, undo->captured);
  add_piece (pos, from, undo->moved);
  if (cheops_piece_type (undo->moved) == TRIGCHESS_KING)
    pos->king[cheops_piece_side (undo->moved)] = from;
  pos->side_to_move = cheops_piece_side (undo->moved);
  pos->state[0] = undo->state[0];
  pos->halfmove_clock = undo->halfmove_clock;
  pos->fullmove_number = undo->fullmove_number;
  pos->key = undo->key;
}

void
trigchess_position_do_null_move (CheopsPosition *pos, CheopsUndo *undo)
{
  undo->moved = CHEOPS_NO_PIECE;
  undo->captured = CHEOPS_NO_PIECE;
  undo->halfmove_clock = pos->halfmove_clock;
  undo->fullmove_number = pos->fullmove_number;
  undo->key = pos->key;
  undo->state[0] = pos->state[0];
  pos->state[0]++;
  pos->halfmove_clock = cheops_counter_next (pos->halfmove_clock);
  if (pos->side_to_move == CHEOPS_SIDE_B)
    pos->fullmove_number = cheops_counter_next (pos->fullmove_number);
  pos->side_to_move = cheops_side_other (pos->side_to_move);
  pos->key ^= tc_zobrist_side;
}

void
trigchess_position_undo_null_move (CheopsPosition *pos, const CheopsUndo *undo)
{
  pos->side_to_move = cheops_side_other (pos->side_to_move);
  pos->state[0] = undo->state[0];
  pos->halfmove_clock = undo->halfmove_clock;
  pos->fullmove_number = undo->fullmove_number;
  pos->key = undo->key;
}

bool
trigchess_position_is_attacked (const CheopsPosition *pos, CheopsCell cell, CheopsSide by)
{
  return tc_attacked (pos, cell, by, pos->occupied, ~(CheopsCellSet) 0);
}

CheopsCellSet
trigchess_position_attacks (const CheopsPosition *pos, CheopsCell cell)
{
  CheopsPiece piece = cell < TC_N ? pos->board[cell] : CHEOPS_NO_PIECE;

  switch (cheops_piece_type (piece))
    {
    case TRIGCHESS_KING: return tc_edge[cell];
    case TRIGCHESS_DOME: return tc_slide (&tc_dome[cell], pos->occupied);
    case TRIGCHESS_GYRO: return tc_slide (&tc_gyro[cell], pos->occupied);
    case TRIGCHESS_STAG: return tc_stag_targets (cell, pos->occupied);
    case TRIGCHESS_PAWN: return tc_pawn_cap[cheops_piece_side (piece)][cell];
    default: return 0;
    }
}

bool
trigchess_position_king_attacked (const CheopsPosition *pos, CheopsSide side)
{
  if (pos->king[side] == CHEOPS_CELL_NONE)
    return false;
  return tc_attacked (pos, pos->king[side], cheops_side_other (side), pos->occupied, ~(CheopsCellSet) 0);
}

bool
trigchess_position_is_capture (const CheopsPosition *pos, CheopsMove move)
{
  return pos->board[cheops_move_to (move)] != CHEOPS_NO_PIECE;
}

bool
trigchess_position_is_promotion (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPiece piece = pos->board[cheops_move_from (move)];

  return cheops_piece_type (piece) == TRIGCHESS_PAWN
         && (tc_promo[cheops_piece_side (piece)] & TC_BIT (cheops_move_to (move)));
}

/* ------------------------------------------------------- generation */

/* The trigs the piece on @from may move to by its movement (section 3),
 * before looking at its own King: never onto its own pieces nor onto the
 * enemy King (a King is never captured, 4.2). */
static inline CheopsCellSet
piece_targets (const CheopsPosition *pos, CheopsCell from, CheopsPiece piece)
{
  CheopsSide side = cheops_piece_side (piece);
  CheopsCellSet own = pos->pieces[side][0];
  CheopsCellSet t;

  switch (cheops_piece_type (piece))
    {
    case TRIGCHESS_KING:
      t = tc_edge[from] & ~own;
      break;
    case TRIGCHESS_DOME:
      t = tc_slide (&tc_dome[from], pos->occupied) & ~own;
      break;
    case TRIGCHESS_GYRO:
      t = tc_slide (&tc_gyro[from], pos->occupied) & ~own;
      break;
    case TRIGCHESS_STAG:
      t = tc_stag_targets (from, pos->occupied) & ~own;
      break;
    case TRIGCHESS_PAWN:
      {
        CheopsCell push = tc_pawn_push[side][from];

        t = (tc_pawn_side[side][from] & ~pos->occupied)
            | (tc_pawn_cap[side][from] & pos->pieces[side ^ 1][0]);
        if (push != TC_NONE && !(pos->occupied & TC_BIT (push)))
          t |= TC_BIT (push);
      }
      break;
    default:
      return 0;
    }
  return t & ~pos->pieces[side ^ 1][TRIGCHESS_KING];
}

/* The pieces of @side whose leaving their cell may uncover an attack on
 * the King on @ksq: on a path of an enemy Dome or Gyro to it, or the first
 * step of an enemy Stag onto it. */
static inline CheopsCellSet
pin_candidates (const CheopsPosition *pos, CheopsSide side, CheopsCell ksq)
{
  const CheopsCellSet *p = pos->pieces[side ^ 1];
  CheopsCellSet found = 0, s;

  s = p[TRIGCHESS_DOME] & tc_dome_empty[ksq];
  while (s)
    found |= tc_dome_between[cheops_cellset_pop (&s)][ksq];
  s = p[TRIGCHESS_GYRO] & tc_gyro_empty[ksq];
  while (s)
    found |= tc_gyro_between[cheops_cellset_pop (&s)][ksq];
  if (p[TRIGCHESS_STAG] & tc_stag_rev_mask[ksq])
    for (int i = 0; i < tc_stag_rev_n[ksq]; i++)
      if (p[TRIGCHESS_STAG] & TC_BIT (tc_stag_rev[ksq][i].from))
        found |= TC_BIT (tc_stag_rev[ksq][i].m);
  return found & pos->pieces[side][0];
}

/* Whether moving the piece on @from to @to leaves its side's King
 * unattacked (TR11). */
static inline bool
move_is_legal (const CheopsPosition *pos, CheopsCell from, CheopsCell to)
{
  CheopsSide side = pos->side_to_move;
  CheopsCell ksq = pos->king[side];
  CheopsCellSet occ = (pos->occupied & ~TC_BIT (from)) | TC_BIT (to);

  return !tc_attacked (pos, from == ksq ? to : ksq, side ^ 1, occ, ~TC_BIT (to));
}

/* Writes the moves from @from to each cell of @t (a Pawn's arrivals on its
 * promotion trigs once per choice, TR10) at @list, or only counts them
 * when @list is NULL; returns the number. */
static inline int
emit (CheopsMove *list, CheopsCell from, CheopsCellSet t, CheopsCellSet promo)
{
  int n = 0;

  if (list == NULL)
    return cheops_cellset_count (t) + 2 * cheops_cellset_count (t & promo);
  while (t)
    {
      CheopsCell to = cheops_cellset_pop (&t);

      if (promo & TC_BIT (to))
        {
          list[n++] = cheops_move_make_promotion (from, to, TRIGCHESS_DOME);
          list[n++] = cheops_move_make_promotion (from, to, TRIGCHESS_GYRO);
          list[n++] = cheops_move_make_promotion (from, to, TRIGCHESS_STAG);
        }
      else
        list[n++] = cheops_move_make (from, to);
    }
  return n;
}

/* Generates (when @list is not NULL) and counts the legal moves of the
 * pieces of the side to move among @which (4.2). */
static int
legal_moves (const CheopsPosition *pos, CheopsCellSet which, CheopsMove *list)
{
  CheopsSide side = pos->side_to_move;
  CheopsCell ksq = pos->king[side];
  CheopsCellSet pieces, careful, promo_pawn = tc_promo[side];
  int n = 0;

  if (ksq == CHEOPS_CELL_NONE)
    return 0;

  if (tc_attacked (pos, ksq, side ^ 1, pos->occupied, ~(CheopsCellSet) 0))
    careful = ~(CheopsCellSet) 0;
  else
    careful = pin_candidates (pos, side, ksq);

  pieces = pos->pieces[side][0] & which & ~TC_BIT (ksq);
  while (pieces)
    {
      CheopsCell from = cheops_cellset_pop (&pieces);
      CheopsPiece piece = pos->board[from];
      CheopsCellSet t = piece_targets (pos, from, piece);
      CheopsCellSet promo = cheops_piece_type (piece) == TRIGCHESS_PAWN ? promo_pawn : 0;

      if (careful & TC_BIT (from))
        {
          CheopsCellSet all = t;
          while (all)
            {
              CheopsCell to = cheops_cellset_pop (&all);
              if (!move_is_legal (pos, from, to))
                t &= ~TC_BIT (to);
            }
        }
      n += emit (list ? list + n : NULL, from, t, promo);
    }

  if (which & TC_BIT (ksq))
    {
      CheopsCellSet t = piece_targets (pos, ksq, pos->board[ksq]), all = t;

      while (all)
        {
          CheopsCell to = cheops_cellset_pop (&all);
          if (!move_is_legal (pos, ksq, to))
            t &= ~TC_BIT (to);
        }
      n += emit (list ? list + n : NULL, ksq, t, 0);
    }
  return n;
}

CheopsMove *
trigchess_generate_moves (const CheopsPosition *pos, CheopsMove *list)
{
  return list + legal_moves (pos, ~(CheopsCellSet) 0, list);
}

int
trigchess_count_moves (const CheopsPosition *pos)
{
  return legal_moves (pos, ~(CheopsCellSet) 0, NULL);
}

CheopsMove *
trigchess_generate_moves_to (const CheopsPosition *pos, CheopsCell to, CheopsPieceType type,
                             CheopsMove *list)
{
  CheopsSide side = pos->side_to_move;
  CheopsCellSet pieces;
  CheopsMove *out = list;

  if (to >= TC_N || pos->king[side] == CHEOPS_CELL_NONE)
    return list;
  pieces = type == CHEOPS_NO_PIECE_TYPE ? pos->pieces[side][0]
           : type < CHEOPS_PIECE_TYPE_MAX ? pos->pieces[side][type] : 0;
  while (pieces)
    {
      CheopsCell from = cheops_cellset_pop (&pieces);
      CheopsPiece piece = pos->board[from];

      if ((piece_targets (pos, from, piece) & TC_BIT (to)) && move_is_legal (pos, from, to))
        out += emit (out, from, TC_BIT (to),
                     cheops_piece_type (piece) == TRIGCHESS_PAWN ? tc_promo[side] : 0);
    }
  return out;
}

bool
trigchess_position_is_playable (const CheopsPosition *pos, CheopsMove move)
{
  CheopsCell from = cheops_move_from (move), to = cheops_move_to (move);
  CheopsPieceType promotion = cheops_move_promotion (move);
  CheopsPiece piece;

  /* Only plain moves with a promotion choice: no kind, no part, no high bits. */
  if ((move >> 21) != 0 || cheops_move_kind (move) != CHEOPS_MOVE_NORMAL || from >= TC_N || to >= TC_N)
    return false;
  piece = pos->board[from];
  if (piece == CHEOPS_NO_PIECE || cheops_piece_side (piece) != pos->side_to_move
      || pos->king[pos->side_to_move] == CHEOPS_CELL_NONE)
    return false;
  if (trigchess_position_is_promotion (pos, move))
    {
      if (promotion != TRIGCHESS_DOME && promotion != TRIGCHESS_GYRO && promotion != TRIGCHESS_STAG)
        return false;
    }
  else if (promotion != 0)
    return false;
  return (piece_targets (pos, from, piece) & TC_BIT (to)) && move_is_legal (pos, from, to);
}

CheopsOutcome
trigchess_position_outcome (const CheopsPosition *pos)
{
  bool gold = pos->side_to_move == CHEOPS_SIDE_A;

  if (legal_moves (pos, ~(CheopsCellSet) 0, NULL) > 0)
    return CHEOPS_OUTCOME_NONE;
  /* TR13: the side to move loses; the letter is the winner's. */
  if (trigchess_position_king_attacked (pos, pos->side_to_move))
    return gold ? TRIGCHESS_OUTCOME_R_CHECKMATE : TRIGCHESS_OUTCOME_G_CHECKMATE;
  return gold ? TRIGCHESS_OUTCOME_R_STALEMATE : TRIGCHESS_OUTCOME_G_STALEMATE;
}

CheopsOutcome
trigchess_repetition_outcome (const CheopsPosition *pos, int count)
{
  if (count < 3)
    return CHEOPS_OUTCOME_NONE;
  /* TR15: the mover, the side not to move now, loses. */
  return pos->side_to_move == CHEOPS_SIDE_A ? TRIGCHESS_OUTCOME_G_REPETITION : TRIGCHESS_OUTCOME_R_REPETITION;
}

/* ------------------------------------------------------ reachability */

static int
count_class (CheopsCellSet set, char cls)
{
  int n = 0;

  while (set)
    if (trigchess_cell_gyro_class (cheops_cellset_pop (&set)) == cls)
      n++;
  return n;
}

bool
trigchess_position_is_reachable (const CheopsPosition *pos, CheopsError *error)
{
  static const char *const names[CHEOPS_SIDE_NB] = { "Gold", "Red" };

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      const CheopsCellSet *p = pos->pieces[s];
      CheopsCellSet bad_pawns = p[TRIGCHESS_PAWN] & (tc_promo[s]);
      int pawns = cheops_cellset_count (p[TRIGCHESS_PAWN]);
      int domes = cheops_cellset_count (p[TRIGCHESS_DOME]);
      int stags = cheops_cellset_count (p[TRIGCHESS_STAG]);
      char own_class = s == CHEOPS_SIDE_A ? 'B' : 'D', never_class = s == CHEOPS_SIDE_A ? 'D' : 'B';
      int gyros_a = count_class (p[TRIGCHESS_GYRO], 'A');
      int gyros_c = count_class (p[TRIGCHESS_GYRO], 'C');
      int promoted;

      if (cheops_cellset_count (p[TRIGCHESS_KING]) != 1)
        return cheops__set_unreachable (error, "%s has %d Kings; a side has exactly one", names[s],
                            cheops_cellset_count (p[TRIGCHESS_KING]));
      for (CheopsCell c = 0; c < TC_N; c++)
        if ((p[TRIGCHESS_PAWN] & TC_BIT (c)) && tc_rank[c] == (s == CHEOPS_SIDE_A ? 1 : 6))
          bad_pawns |= TC_BIT (c);
      if (bad_pawns)
        {
          char name[3];
          return cheops__set_unreachable (error, "a %s Pawn on %s: a Pawn never stands on its own first rank or its "
                              "promotion trigs (TR18)", names[s],
                              trigchess_cell_name (cheops_cellset_first (bad_pawns), name));
        }
      if (pawns > 4)
        return cheops__set_unreachable (error, "%s has %d Pawns; a side starts with 4 and gains none", names[s], pawns);
      if (count_class (p[TRIGCHESS_GYRO], never_class) > 0)
        return cheops__set_unreachable (error, "a %s Gyro on a class %c trig: %s's Gyros start and promote only on "
                            "other classes, and a Gyro never leaves its class (2.5, 4.4)",
                            names[s], never_class, names[s]);
      if (count_class (p[TRIGCHESS_GYRO], own_class) > 1)
        return cheops__set_unreachable (error, "%s has %d Gyros on class %c trigs; only its one Gyro that starts there "
                            "can stand on them (2.5, 4.4)", names[s],
                            count_class (p[TRIGCHESS_GYRO], own_class), own_class);
      promoted = (domes > 2 ? domes - 2 : 0) + (stags > 4 ? stags - 4 : 0)
                 + (gyros_a > 1 ? gyros_a - 1 : 0) + (gyros_c > 1 ? gyros_c - 1 : 0);
      if (pawns + promoted > 4)
        return cheops__set_unreachable (error, "%s has %d Pawns and %d promoted pieces; together at most the 4 Pawns "
                            "it starts with", names[s], pawns, promoted);
    }
  {
    bool a = trigchess_position_king_attacked (pos, CHEOPS_SIDE_A);
    bool b = trigchess_position_king_attacked (pos, CHEOPS_SIDE_B);

    if (a && b)
      return cheops__set_unreachable (error, "both Kings are in check");
    if (pos->side_to_move == CHEOPS_SIDE_A ? b : a)
      return cheops__set_unreachable (error, "%s, not to move, is in check (TR11)",
                          names[cheops_side_other (pos->side_to_move)]);
  }
  return true;
}

bool
trigchess_position_is_consistent (const CheopsPosition *pos)
{
  if (pos->variant != &cheops_variant_trigchess || !cheops__sets_are_consistent (pos, TC_N, TRIGCHESS_PIECE_TYPE_NB))
    return false;
  return pos->key == trigchess_position_compute_key (pos);
}

int
trigchess_position_repetition_horizon (const CheopsPosition *pos)
{
  return (int) pos->state[0];
}
