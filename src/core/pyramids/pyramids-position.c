/* pyramids-position.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Pyramids placement, Zobrist keys, playing and taking back moves (3.2-3.4,
 * 4.3, 4.4, 4.6), attacks (4.2), legal move generation (4.2 steps 1-3,
 * PY11) and the end of the game (4.5).
 *
 * Generation: for each stack, the targets of each mode are found once (the
 * rings N(1)-N(3) from tables, the O and D slides from rays and the
 * occupied set); each of its 2^k - 1 non-empty subsets (PY7) then takes the
 * union of its own modes (PY6), so a square reached by two modes is one
 * move (3.3), and keeps the squares it may land on: empty, enemy (PY9) or a
 * friendly pino with none of its sizes (PY8).
 *
 * Legality (4.2 steps 1-3): a candidate is kept when the opponent, with its
 * right as it stands after the move (steps 1-2), does not attack the
 * mover's faraon (step 3): told from the attack tables with the move's
 * squares emptied and filled and its capture taken off, and only when the
 * opponent's faraon reaches ours by a leap it may lose to the move's check
 * is the move played on a scratch copy (legal(), legal_slow()).  That look
 * is needed only for faraon moves, for every move while in check, and for
 * moves that empty a square standing alone between the faraon and an enemy
 * slider: out of check the opponent's right can only be lost by a move, and
 * a split leaves its square occupied (3.5), so any other move is legal.
 * Counting (perft's bulk count) adds up the known-legal targets without
 * writing them.
 */
#include "pyramids-private.h"

#include <string.h>

/* -------------------------------------------------------- placement */

static inline void
cell_remove (CheopsPosition *pos, CheopsCell cell)
{
  CheopsPiece piece = pos->board[cell];
  CheopsSide side;
  CheopsPieceType kind;
  CheopsCellSet bit = PY_BIT (cell);

  if (piece == CHEOPS_NO_PIECE)
    return;
  side = cheops_piece_side (piece);
  kind = cheops_piece_type (piece);
  pos->board[cell] = CHEOPS_NO_PIECE;
  pos->pieces[side][0] &= ~bit;
  pos->pieces[side][kind] &= ~bit;
  if (PYRAMIDS_IS_PINO (kind))
    for (unsigned s = 1, m = PYRAMIDS_PINO_MASK (kind); m; s++, m >>= 1)
      if (m & 1)
        pos->pieces[side][PYRAMIDS_SIZE_SET (s)] &= ~bit;
  pos->occupied &= ~bit;
  pos->key ^= py_zobrist[side][kind][cell];
}

/* Puts @piece on the empty @cell. */
static inline void
cell_add (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece)
{
  CheopsSide side = cheops_piece_side (piece);
  CheopsPieceType kind = cheops_piece_type (piece);
  CheopsCellSet bit = PY_BIT (cell);

  pos->board[cell] = piece;
  pos->pieces[side][0] |= bit;
  pos->pieces[side][kind] |= bit;
  if (PYRAMIDS_IS_PINO (kind))
    for (unsigned s = 1, m = PYRAMIDS_PINO_MASK (kind); m; s++, m >>= 1)
      if (m & 1)
        pos->pieces[side][PYRAMIDS_SIZE_SET (s)] |= bit;
  pos->occupied |= bit;
  pos->key ^= py_zobrist[side][kind][cell];
}

static inline void
cell_set (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece)
{
  cell_remove (pos, cell);
  if (piece != CHEOPS_NO_PIECE)
    cell_add (pos, cell, piece);
}

void
pyramids_position_clear (CheopsPosition *pos)
{
  cheops__position_clear (pos, &cheops_variant_pyramids);
}

void
pyramids_position_put (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece)
{
  CheopsPiece old;

  if (cell >= PY_N || cheops_piece_type (piece) >= PYRAMIDS_PIECE_TYPE_NB)
    return;
  old = pos->board[cell];
  cell_set (pos, cell, piece);
  if (old != CHEOPS_NO_PIECE && cheops_piece_type (old) == PYRAMIDS_FARAON)
    {
      CheopsSide s = cheops_piece_side (old);
      CheopsCellSet f = pos->pieces[s][PYRAMIDS_FARAON];
      pos->king[s] = f ? cheops_cellset_first (f) : CHEOPS_CELL_NONE;
    }
  if (piece != CHEOPS_NO_PIECE && cheops_piece_type (piece) == PYRAMIDS_FARAON)
    pos->king[cheops_piece_side (piece)] = cell;
}

void
pyramids_position_set_side (CheopsPosition *pos, CheopsSide side)
{
  if (pos->side_to_move != side)
    {
      pos->side_to_move = side;
      pos->key ^= py_zobrist_side;
    }
}

void
pyramids_position_set_rights (CheopsPosition *pos, unsigned rights)
{
  rights &= 3;
  pos->key ^= py_zobrist_rights[pos->state[0] & 3] ^ py_zobrist_rights[rights];
  pos->state[0] = rights;
}

uint64_t
pyramids_position_compute_key (const CheopsPosition *pos)
{
  uint64_t key = pos->side_to_move == CHEOPS_SIDE_B ? py_zobrist_side : 0;

  key ^= py_zobrist_rights[pos->state[0] & 3];
  for (int c = 0; c < PY_N; c++)
    if (pos->board[c])
      key ^= py_zobrist[cheops_piece_side (pos->board[c])][cheops_piece_type (pos->board[c])][c];
  return key;
}

/* ---------------------------------------------------------- attacks */

bool
pyramids_position_is_attacked (const CheopsPosition *pos, CheopsCell cell, CheopsSide by, bool leaps)
{
  return py_attacked (pos, cell, by, pos->occupied, leaps);
}

bool
pyramids_position_king_attacked (const CheopsPosition *pos, CheopsSide side)
{
  CheopsSide by = cheops_side_other (side);

  if (pos->king[side] == CHEOPS_CELL_NONE)
    return false;
  return py_attacked (pos, pos->king[side], by, pos->occupied, (pos->state[0] & PYRAMIDS_RIGHT (by)) != 0);
}

/* Without playing @move: the mover's faraon, slaves and checker sets as
 * pyramids_position_do_move() leaves them (split and merge, PY7 and PY8;
 * promotion, PY5), the squares it empties and fills, and the attack on the
 * enemy faraon as pyramids_position_king_attacked() sees it after the move
 * (the mover keeps its right: a move takes only the opponent's, 4.3). */
bool
pyramids_position_gives_check (const CheopsPosition *pos, CheopsMove move)
{
  CheopsSide us = pos->side_to_move, them = cheops_side_other (us);
  CheopsCell from = cheops_move_from (move), to = cheops_move_to (move), k = pos->king[them];
  CheopsPiece piece = pos->board[from], target = pos->board[to];
  CheopsPieceType kind = cheops_piece_type (piece);
  CheopsCellSet p[PYRAMIDS_SIZE_SET (4) + 1];
  CheopsCellSet occ = pos->occupied | PY_BIT (to);
  CheopsCellSet bfrom = PY_BIT (from), bto = PY_BIT (to);

  if (k == CHEOPS_CELL_NONE)
    return false;
  p[PYRAMIDS_FARAON] = pos->pieces[us][PYRAMIDS_FARAON];
  p[PYRAMIDS_SLAVE] = pos->pieces[us][PYRAMIDS_SLAVE];
  for (unsigned n = 1; n <= 4; n++)
    p[PYRAMIDS_SIZE_SET (n)] = pos->pieces[us][PYRAMIDS_SIZE_SET (n)];
  if (PYRAMIDS_IS_PINO (kind))
    {
      unsigned stack = PYRAMIDS_PINO_MASK (kind), part = cheops_move_part (move);
      unsigned moving = part ? part : stack, rest = stack & ~moving;

      if (target != CHEOPS_NO_PIECE && cheops_piece_side (target) == us)
        moving |= PYRAMIDS_PINO_MASK (cheops_piece_type (target));   /* PY8: a merge */
      if (!rest)
        occ &= ~bfrom;
      for (unsigned n = 1; n <= 4; n++)
        {
          CheopsCellSet *set = &p[PYRAMIDS_SIZE_SET (n)];

          *set &= ~bfrom;
          if (rest & (1u << (n - 1)))
            *set |= bfrom;
          if (moving & (1u << (n - 1)))
            *set |= bto;
        }
    }
  else
    {
      CheopsPieceType promotion = cheops_move_promotion (move);

      occ &= ~bfrom;
      p[kind] &= ~bfrom;
      if (promotion && kind == PYRAMIDS_SLAVE)
        {
          /* PY5: the slave becomes the pino of the choice. */
          for (unsigned n = 1; n <= 4; n++)
            if (PYRAMIDS_PINO_MASK (promotion) & (1u << (n - 1)))
              p[PYRAMIDS_SIZE_SET (n)] |= bto;
        }
      else
        p[kind] |= bto;
    }
  return py_attacked_sets (p, k, us, occ, (pos->state[0] & PYRAMIDS_RIGHT (us)) != 0, 0);
}

/* ----------------------------------------------------------- playing */

void
pyramids_position_do_move (CheopsPosition *pos, CheopsMove move, CheopsUndo *undo)
{
  CheopsCell from = cheops_move_from (move);
  CheopsCell to = cheops_move_to (move);
  CheopsPiece piece = pos->board[from];
  CheopsPiece target = pos->board[to];
  CheopsSide side = cheops_piece_side (piece), them = cheops_side_other (side);
  CheopsPieceType kind = cheops_piece_type (piece);
  bool capture = target != CHEOPS_NO_PIECE && cheops_piece_side (target) != side;

  undo->moved = piece;
  undo->captured = target;
  undo->halfmove_clock = pos->halfmove_clock;
  undo->fullmove_number = pos->fullmove_number;
  undo->key = pos->key;
  undo->state[0] = pos->state[0];

  if (PYRAMIDS_IS_PINO (kind))
    {
      unsigned stack = PYRAMIDS_PINO_MASK (kind);
      unsigned part = cheops_move_part (move);
      unsigned moving = part ? part : stack;
      unsigned rest = stack & ~moving;   /* PY7: the checkers not taken stay */

      cell_set (pos, from, rest ? cheops_piece_make (side, PYRAMIDS_PINO (rest)) : CHEOPS_NO_PIECE);
      if (target != CHEOPS_NO_PIECE && !capture)   /* PY8: a merge */
        moving |= PYRAMIDS_PINO_MASK (cheops_piece_type (target));
      cell_set (pos, to, cheops_piece_make (side, PYRAMIDS_PINO (moving)));   /* PY9 on a capture */
    }
  else
    {
      CheopsPieceType promotion = cheops_move_promotion (move);

      cell_remove (pos, from);
      cell_set (pos, to, promotion && kind == PYRAMIDS_SLAVE ? cheops_piece_make (side, promotion) : piece);  /* PY5 */
      if (kind == PYRAMIDS_FARAON)
        pos->king[side] = to;
    }

  /* 4.6 */
  if (capture || kind == PYRAMIDS_SLAVE)
    pos->halfmove_clock = 0;
  else
    pos->halfmove_clock = cheops_counter_next (pos->halfmove_clock);
  if (side == CHEOPS_SIDE_B)
    pos->fullmove_number = cheops_counter_next (pos->fullmove_number);
  pos->side_to_move = them;
  pos->key ^= py_zobrist_side;

  /* 4.3, 4.2 step 1: the opponent, checked by this move, loses its right. */
  if ((pos->state[0] & PYRAMIDS_RIGHT (them)) && pos->king[them] != CHEOPS_CELL_NONE
      && py_attacked (pos, pos->king[them], side, pos->occupied, (pos->state[0] & PYRAMIDS_RIGHT (side)) != 0))
    pyramids_position_set_rights (pos, pos->state[0] & ~PYRAMIDS_RIGHT (them));
}

void
pyramids_position_undo_move (CheopsPosition *pos, CheopsMove move, const CheopsUndo *undo)
{
  CheopsCell from = cheops_move_from (move);
  CheopsCell to = cheops_move_to (move);
  CheopsSide side = cheops_piece_side (undo->moved);

  cell_set (pos, to, undo->captured);
  cell_set (pos, from, undo->moved);
  if (cheops_piece_type (undo->moved) == PYRAMIDS_FARAON)
    pos->king[side] = from;
  if (undo->captured != CHEOPS_NO_PIECE && cheops_piece_type (undo->captured) == PYRAMIDS_FARAON)
    pos->king[cheops_piece_side (undo->captured)] = to;
  pos->side_to_move = side;
  pos->halfmove_clock = undo->halfmove_clock;
  pos->fullmove_number = undo->fullmove_number;
  pos->state[0] = undo->state[0];
  pos->key = undo->key;
}

void
pyramids_position_do_null_move (CheopsPosition *pos, CheopsUndo *undo)
{
  undo->moved = CHEOPS_NO_PIECE;
  undo->captured = CHEOPS_NO_PIECE;
  undo->halfmove_clock = pos->halfmove_clock;
  undo->fullmove_number = pos->fullmove_number;
  undo->key = pos->key;
  undo->state[0] = pos->state[0];
  pos->halfmove_clock = cheops_counter_next (pos->halfmove_clock);
  if (pos->side_to_move == CHEOPS_SIDE_B)
    pos->fullmove_number = cheops_counter_next (pos->fullmove_number);
  pos->side_to_move = cheops_side_other (pos->side_to_move);
  pos->key ^= py_zobrist_side;
}

void
pyramids_position_undo_null_move (CheopsPosition *pos, const CheopsUndo *undo)
{
  pos->side_to_move = cheops_side_other (pos->side_to_move);
  pos->halfmove_clock = undo->halfmove_clock;
  pos->fullmove_number = undo->fullmove_number;
  pos->state[0] = undo->state[0];
  pos->key = undo->key;
}

/* -------------------------------------------------------- generation */

typedef struct {
  const CheopsPosition *pos;
  CheopsPosition scratch;  /* a copy of *pos for legal_slow(), made on first use */
  bool           scratch_ready;
  CheopsMove    *list;     /* NULL: count only */
  int            n;
} Gen;

/* 4.2 step 3, after steps 1 and 2 (done by do_move): the move played on a
 * copy. */
static __attribute__ ((noinline)) bool
legal_slow (Gen *g, CheopsMove move)
{
  CheopsPosition *pos = &g->scratch;
  CheopsSide side;
  CheopsUndo undo;
  bool ok;

  if (!g->scratch_ready)
    {
      g->scratch = *g->pos;
      g->scratch_ready = true;
    }
  side = pos->side_to_move;
  pyramids_position_do_move (pos, move, &undo);
  ok = !pyramids_position_king_attacked (pos, side);
  pyramids_position_undo_move (pos, move, &undo);
  return ok;
}

/* 4.2 step 3 without playing the move: the mover's faraon (on its new
 * square if it moved) is attacked after the move by the opponent's pieces
 * but the one captured, with the squares the move empties and fills.
 * Only the opponent's right is not known without the move: a move that
 * checks the opponent takes it away (step 1), so when the opponent has it
 * and its faraon's leap is what reaches ours, the move is played
 * (legal_slow()). */
static inline bool
legal (Gen *g, CheopsMove move)
{
  const CheopsPosition *pos = g->pos;
  CheopsSide us = pos->side_to_move, them = cheops_side_other (us);
  CheopsCell from = cheops_move_from (move), to = cheops_move_to (move);
  CheopsPiece piece = pos->board[from], target = pos->board[to];
  CheopsPieceType kind = cheops_piece_type (piece);
  CheopsCellSet gone = target != CHEOPS_NO_PIECE && cheops_piece_side (target) != us ? PY_BIT (to) : 0;
  CheopsCellSet occ = pos->occupied | PY_BIT (to);
  CheopsCell k = pos->king[us];

  if (kind == PYRAMIDS_FARAON)
    {
      k = to;
      occ &= ~PY_BIT (from);
    }
  else if (!PYRAMIDS_IS_PINO (kind) || cheops_move_part (move) == 0)
    occ &= ~PY_BIT (from);   /* a part leaves its square occupied (3.5) */
  if (py_attacked_but (pos, k, them, occ, false, gone))
    return false;
  if (!(pos->state[0] & PYRAMIDS_RIGHT (them))
      || !((py_ring[2][k] | py_ring[3][k]) & pos->pieces[them][PYRAMIDS_FARAON]))
    return true;
  return legal_slow (g, move);
}

/* @move, kept if legal (@test: look; else known legal). */
static inline void
emit (Gen *g, CheopsMove move, bool test)
{
  if (!test || legal (g, move))
    {
      if (g->list)
        g->list[g->n] = move;
      g->n++;
    }
}

/* Every move from @from to each square of @targets with the payload
 * @payload (a part mask already shifted, or 0), known legal unless @test. */
static inline void
emit_all (Gen *g, CheopsCell from, CheopsCellSet targets, CheopsMove payload, bool test)
{
  if (!test && g->list == NULL)
    {
      g->n += cheops_cellset_count (targets);
      return;
    }
  while (targets)
    emit (g, cheops_move_make (from, cheops_cellset_pop (&targets)) | payload, test);
}

/* The own pieces of @us that stand alone between their faraon on @k and an
 * enemy slider of the matching mode (O: a checker 4, D: a checker 3): the
 * only squares whose emptying can expose the faraon (3.5, 4.2). */
static CheopsCellSet
pin_blockers (const CheopsPosition *pos, CheopsSide us, CheopsCell k)
{
  CheopsSide them = cheops_side_other (us);
  CheopsCellSet occ = pos->occupied, pinned = 0;
  CheopsCellSet ortho = pos->pieces[them][PYRAMIDS_SIZE_SET (4)], diag = pos->pieces[them][PYRAMIDS_SIZE_SET (3)];

  for (int d = 0; d < 8; d++)
    {
      CheopsCellSet block = py_ray[d][k] & occ, beyond;
      CheopsCell b, c;
      bool straight = d == 0 || d == 1 || d == 4 || d == 5;

      if (!block || !((straight ? ortho : diag) & py_ray[d][k]))
        continue;
      b = d < 4 ? cheops_cellset_first (block) : cheops_cellset_last (block);
      if (!(pos->pieces[us][0] & PY_BIT (b)))
        continue;
      beyond = py_ray[d][b] & occ;
      if (!beyond)
        continue;
      c = d < 4 ? cheops_cellset_first (beyond) : cheops_cellset_last (beyond);
      if ((straight ? ortho : diag) & PY_BIT (c))
        pinned |= PY_BIT (b);
    }
  return pinned;
}

/* The squares where a move of @us other than the faraon's may parry the
 * check to its faraon: all of them when the enemy faraon checks by a leap
 * (a move that checks it takes its right, 4.2 step 1); else the one checker
 * and the squares between it and the faraon on their line; none with two
 * checkers. */
static CheopsCellSet
evasion_targets (const CheopsPosition *pos, CheopsSide us)
{
  CheopsSide them = cheops_side_other (us);
  const CheopsCellSet *p = pos->pieces[them];
  CheopsCell k = pos->king[us];
  CheopsCellSet occ = pos->occupied, checkers, s1 = p[PYRAMIDS_SIZE_SET (1)];
  CheopsCell c;

  if ((pos->state[0] & PYRAMIDS_RIGHT (them)) && ((py_ring[2][k] | py_ring[3][k]) & p[PYRAMIDS_FARAON]))
    return PY_ALL;
  checkers = (py_ring[1][k] & (s1 | p[PYRAMIDS_FARAON]))
             | (py_slave_attackers[them][k] & p[PYRAMIDS_SLAVE])
             | (py_ring[2][k] & p[PYRAMIDS_SIZE_SET (2)])
             | (py_ring[3][k] & s1 & p[PYRAMIDS_SIZE_SET (3)] & p[PYRAMIDS_SIZE_SET (4)])
             | (py_bishop (k, occ) & p[PYRAMIDS_SIZE_SET (3)])
             | (py_rook (k, occ) & p[PYRAMIDS_SIZE_SET (4)]);
  if (checkers == 0 || (checkers & (checkers - 1)) != 0)
    return checkers == 0 ? PY_ALL : 0;
  c = cheops_cellset_first (checkers);
  for (int d = 0; d < 8; d++)
    if (py_ray[d][k] & PY_BIT (c))
      return PY_BIT (c) | (py_ray[d][k] & ~py_ray[d][c] & ~PY_BIT (c));
  return PY_BIT (c);
}

/* The legal moves of @pos landing in @to_mask, of kind @type (see
 * pyramids_generate_moves_to()). */
static void
generate (Gen *g, const CheopsPosition *pos, CheopsCellSet to_mask, CheopsPieceType type)
{
  CheopsSide us = pos->side_to_move, them = cheops_side_other (us);
  const CheopsCellSet *p = pos->pieces[us];
  CheopsCellSet own = p[0], occ = pos->occupied;
  CheopsCellSet enemy = pos->pieces[them][0] & ~pos->pieces[them][PYRAMIDS_FARAON];
  CheopsCellSet own_pinos = own & ~(p[PYRAMIDS_SLAVE] | p[PYRAMIDS_FARAON]);
  CheopsCellSet set;

  CheopsCellSet pinned, to_mask_pieces;
  bool check;

  g->pos = pos;
  g->scratch_ready = false;
  g->n = 0;
  if (pos->king[us] == CHEOPS_CELL_NONE)
    return;
  /* Not in check, a move other than the faraon's can expose it only by
   * emptying a pinned square: the opponent's right can only be lost by the
   * move, and a split leaves its square occupied (3.5). */
  check = py_attacked (pos, pos->king[us], them, occ, (pos->state[0] & PYRAMIDS_RIGHT (them)) != 0);
  pinned = check ? PY_ALL : pin_blockers (pos, us, pos->king[us]);
  /* In check, a move other than the faraon's parries only by taking the
   * one checker or landing between it and the faraon — unless the check is
   * the enemy faraon's leap, which any move checking it parries (its right
   * goes, 4.2 step 1).  The squares kept are a superset: each move is
   * still tested (legal()). */
  if (check)
    to_mask_pieces = evasion_targets (pos, us) & to_mask;
  else
    to_mask_pieces = to_mask;

  /* The faraon (3.4, PY10). */
  if (type == CHEOPS_NO_PIECE_TYPE || type == PYRAMIDS_FARAON)
    {
      CheopsCell from = pos->king[us];
      CheopsCellSet t = py_ring[1][from];

      if (pos->state[0] & PYRAMIDS_RIGHT (us))
        t |= py_ring[2][from] | py_ring[3][from];
      t &= ~own & ~pos->pieces[them][PYRAMIDS_FARAON] & to_mask;
      while (t)
        emit (g, cheops_move_make (from, cheops_cellset_pop (&t)), true);
    }

  /* Slaves (3.2, PY3-PY5). */
  if (type == CHEOPS_NO_PIECE_TYPE || type == PYRAMIDS_SLAVE)
    {
      CheopsCellSet last = py_rank_set[us == CHEOPS_SIDE_A ? 9 : 1];

      set = p[PYRAMIDS_SLAVE];
      while (set)
        {
          CheopsCell from = cheops_cellset_pop (&set);
          CheopsCellSet t = ((py_slave_step[us][from] | py_slave_leap[us][from]) & ~occ)
                            | (py_slave_cap[us][from] & enemy);

          bool test = (pinned & PY_BIT (from)) != 0;

          t &= to_mask_pieces;
          emit_all (g, from, t & ~last, 0, test);
          t &= last;
          while (t)
            {
              CheopsCell to = cheops_cellset_pop (&t);

              for (unsigned m = 1; m <= 15; m++)
                emit (g, cheops_move_make_promotion (from, to, PYRAMIDS_PINO (m)), test);
            }
        }
    }

  /* Pinos (3.3, PY6-PY9). */
  if (type == CHEOPS_NO_PIECE_TYPE || PYRAMIDS_IS_PINO (type))
    {
      unsigned want = PYRAMIDS_IS_PINO (type) ? PYRAMIDS_PINO_MASK (type) : 0;
      CheopsCellSet land = ~own & PY_ALL & ~pos->pieces[them][PYRAMIDS_FARAON] & to_mask_pieces;

      set = own_pinos;
      while (set)
        {
          CheopsCell from = cheops_cellset_pop (&set);
          unsigned stack = PYRAMIDS_PINO_MASK (cheops_piece_type (pos->board[from]));
          CheopsCellSet mode[5] = { 0 }, n3 = 0;

          if (want && (want & ~stack))
            continue;
          if (stack & 1)
            mode[1] = py_ring[1][from];
          if (stack & 2)
            mode[2] = py_ring[2][from];
          if (stack & 4)
            mode[3] = py_bishop (from, occ);
          if (stack & 8)
            mode[4] = py_rook (from, occ);
          if ((stack & 13) == 13)
            n3 = py_ring[3][from];
          for (unsigned sub = stack; sub; sub = (sub - 1) & stack)
            {
              CheopsCellSet t = 0, sizes = 0;
              unsigned part = sub == stack ? 0 : sub;

              if (want && sub != want)
                continue;
              for (int s = 1; s <= 4; s++)
                if (sub & (1u << (s - 1)))
                  {
                    t |= mode[s];
                    sizes |= p[PYRAMIDS_SIZE_SET (s)];
                  }
              if ((sub & 13) == 13)
                t |= n3;
              /* 3.3: empty, enemy, or a friendly pino with none of the sizes. */
              t &= land | (own_pinos & ~sizes & to_mask_pieces);
              /* A part leaves its square occupied: only a whole pinned
               * stack (or any move in check) needs a look. */
              emit_all (g, from, t, (CheopsMove) part << 21, part == 0 ? (pinned & PY_BIT (from)) != 0 : check);
            }
        }
    }
}

CheopsMove *
pyramids_generate_moves (const CheopsPosition *pos, CheopsMove *list)
{
  Gen g;

  g.list = list;
  generate (&g, pos, PY_ALL, CHEOPS_NO_PIECE_TYPE);
  return list + g.n;
}

CheopsMove *
pyramids_generate_moves_onto (const CheopsPosition *pos, CheopsCellSet targets, CheopsMove *list)
{
  Gen g;

  g.list = list;
  generate (&g, pos, targets & PY_ALL, CHEOPS_NO_PIECE_TYPE);
  return list + g.n;
}

int
pyramids_count_moves (const CheopsPosition *pos)
{
  Gen g;

  g.list = NULL;
  generate (&g, pos, PY_ALL, CHEOPS_NO_PIECE_TYPE);
  return g.n;
}

CheopsMove *
pyramids_generate_moves_to (const CheopsPosition *pos, CheopsCell to, CheopsPieceType type, CheopsMove *list)
{
  Gen g;

  if (to >= PY_N || type >= PYRAMIDS_PIECE_TYPE_NB)
    return list;
  g.list = list;
  generate (&g, pos, PY_BIT (to), type);
  return list + g.n;
}

unsigned
pyramids_move_sizes (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPieceType kind = cheops_piece_type (pos->board[cheops_move_from (move)]);

  if (!PYRAMIDS_IS_PINO (kind))
    return 0;
  return cheops_move_part (move) ? cheops_move_part (move) : PYRAMIDS_PINO_MASK (kind);
}

bool
pyramids_position_is_playable (const CheopsPosition *pos, CheopsMove move)
{
  /* The moves to one square by one moving set: at most one per own square
   * (81), or a few slaves' 15 promotions each. */
  CheopsMove list[128];
  CheopsCell from = cheops_move_from (move), to = cheops_move_to (move);
  CheopsPiece piece;
  CheopsPieceType type;
  CheopsMove *end;

  if (cheops_move_kind (move) != CHEOPS_MOVE_NORMAL || (move >> 25) != 0 || from >= PY_N || to >= PY_N)
    return false;
  piece = pos->board[from];
  if (piece == CHEOPS_NO_PIECE || cheops_piece_side (piece) != pos->side_to_move)
    return false;
  type = cheops_piece_type (piece);
  if (PYRAMIDS_IS_PINO (type))
    {
      unsigned sizes = pyramids_move_sizes (pos, move);
      if (sizes & ~PYRAMIDS_PINO_MASK (type))
        return false;
      type = PYRAMIDS_PINO (sizes);
    }
  end = pyramids_generate_moves_to (pos, to, type, list);
  for (CheopsMove *m = list; m < end; m++)
    if (*m == move)
      return true;
  return false;
}

bool
pyramids_position_is_capture (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPiece target = pos->board[cheops_move_to (move)];

  return target != CHEOPS_NO_PIECE
         && cheops_piece_side (target) != cheops_piece_side (pos->board[cheops_move_from (move)]);
}

/* --------------------------------------------------- end of the game */

CheopsOutcome
pyramids_position_outcome (const CheopsPosition *pos)
{
  CheopsSide us = pos->side_to_move;

  /* 4.5 steps 1 and 2 (PY12). */
  if (pyramids_count_moves (pos) == 0)
    {
      if (pyramids_position_king_attacked (pos, us))
        return us == CHEOPS_SIDE_A ? PYRAMIDS_OUTCOME_B_CHECKMATE : PYRAMIDS_OUTCOME_W_CHECKMATE;
      return PYRAMIDS_OUTCOME_STALEMATE;
    }
  /* Step 3 (PY13). */
  if ((pos->state[0] & 3) == 0
      && pos->occupied == (pos->pieces[0][PYRAMIDS_FARAON] | pos->pieces[1][PYRAMIDS_FARAON]))
    return PYRAMIDS_OUTCOME_BARE_FARAONS;
  /* Step 5 (PY14). */
  if (pos->halfmove_clock >= 150)
    return PYRAMIDS_OUTCOME_75_MOVE;
  return CHEOPS_OUTCOME_NONE;
}

CheopsOutcome
pyramids_repetition_outcome (const CheopsPosition *pos, int count)
{
  CheopsOutcome o;

  if (count < 5)
    return CHEOPS_OUTCOME_NONE;
  /* 4.5: steps 1-3 come before the repetition of step 4. */
  o = pyramids_position_outcome (pos);
  if (o != CHEOPS_OUTCOME_NONE && o != PYRAMIDS_OUTCOME_75_MOVE)
    return o;
  return PYRAMIDS_OUTCOME_REPETITION;
}

bool
pyramids_position_is_reachable (const CheopsPosition *pos, CheopsError *error)
{
  CheopsSide us = pos->side_to_move, them = cheops_side_other (us);

  for (int s = 0; s < 2; s++)
    if (cheops_cellset_count (pos->pieces[s][PYRAMIDS_FARAON]) != 1)
      return cheops__set_unreachable (error, "%s has not exactly one faraon (PY21)", s == 0 ? "White" : "Black");
  if ((pos->pieces[0][PYRAMIDS_SLAVE] | pos->pieces[1][PYRAMIDS_SLAVE]) & (py_rank_set[1] | py_rank_set[9]))
    return cheops__set_unreachable (error, "a slave stands on rank 1 or rank 9 (4.4, PY21)");
  if (pyramids_position_king_attacked (pos, them))
    return cheops__set_unreachable (error, "the side not to move is in check (4.2, PY21)");
  if ((pos->state[0] & PYRAMIDS_RIGHT (us)) && pyramids_position_king_attacked (pos, us))
    return cheops__set_unreachable (error, "the side to move is in check but keeps its faraon's right (4.3, PY21)");
  return true;
}

bool
pyramids_position_is_consistent (const CheopsPosition *pos)
{
  CheopsCellSet all = 0;

  if (pos->variant != &cheops_variant_pyramids || (pos->state[0] & ~3u) || pos->state[1] || pos->state[2] || pos->state[3])
    return false;
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsCellSet side_all = 0, sizes[5] = { 0 };

      for (int t = 1; t < CHEOPS_PIECE_TYPE_MAX; t++)
        {
          CheopsCellSet set = pos->pieces[s][t];

          if (t >= PYRAMIDS_PIECE_TYPE_NB)
            {
              if (t < PYRAMIDS_SIZE_SET (1) || t > PYRAMIDS_SIZE_SET (4))
                {
                  if (set)
                    return false;
                }
              continue;
            }
          if (set & side_all)
            return false;
          side_all |= set;
          while (set)
            {
              CheopsCell c = cheops_cellset_pop (&set);

              if (c >= PY_N || pos->board[c] != cheops_piece_make ((CheopsSide) s, (CheopsPieceType) t))
                return false;
              if (PYRAMIDS_IS_PINO (t))
                for (int n = 1; n <= 4; n++)
                  if (PYRAMIDS_PINO_MASK (t) & (1u << (n - 1)))
                    sizes[n] |= PY_BIT (c);
            }
        }
      for (int n = 1; n <= 4; n++)
        if (sizes[n] != pos->pieces[s][PYRAMIDS_SIZE_SET (n)])
          return false;
      if (side_all != pos->pieces[s][0] || (side_all & all))
        return false;
      all |= side_all;
      if (pos->pieces[s][PYRAMIDS_FARAON]
          ? pos->king[s] != cheops_cellset_first (pos->pieces[s][PYRAMIDS_FARAON])
          : pos->king[s] != CHEOPS_CELL_NONE)
        return false;
    }
  if (all != pos->occupied)
    return false;
  for (int c = 0; c < CHEOPS_CELL_MAX; c++)
    if (pos->board[c] != CHEOPS_NO_PIECE && !(all & PY_BIT (c)))
      return false;
  return pos->key == pyramids_position_compute_key (pos);
}
