/* cheops-position.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Placement, Zobrist keys, playing and taking back moves, attacks, and the
 * end of the game.  Move generation is in cheops-movegen.c.
 */
#include "cheops-laws.h"
#include "cheops-core-private.h"
#include "cheops-laws-geometry-private.h"

#include <string.h>

/* Zobrist keys (Zobrist 1970): one per (piece code, cell) and one for the
 * q side to move, from a fixed SplitMix64 sequence so keys are the same in
 * every run and every program. */
static uint64_t zobrist_piece[CHEOPS_SIDE_NB][8][CHEOPS_LAWS_CELL_NB];
static uint64_t zobrist_side;

#define ZOBRIST(piece, cell) \
  zobrist_piece[cheops_piece_side (piece)][cheops_piece_type (piece)][cell]

__attribute__((constructor))
static void
zobrist_init (void)
{
  uint64_t state = 0xC4E095C4E095ull;

  /* In the order of the old piece codes (side << 3 | type), so that the keys
   * (and the engine's bench signature) stay what they always were. */
  for (int p = 0; p < 16; p++)
    for (int c = 0; c < CHEOPS_LAWS_CELL_NB; c++)
      zobrist_piece[p >> 3][p & 7][c] = cheops__splitmix64 (&state);
  zobrist_side = cheops__splitmix64 (&state);
}

void
cheops_laws_position_clear (CheopsPosition *pos)
{
  cheops__position_clear (pos, &cheops_variant_cheops);
}

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
cheops_laws_position_put (CheopsPosition *pos,
                     CheopsCell      cell,
                     CheopsPiece     piece)
{
  if (pos->board[cell] != CHEOPS_NO_PIECE)
    {
      CheopsPiece old = pos->board[cell];
      remove_piece (pos, cell);
      if (cheops_piece_type (old) == CHEOPS_LAWS_KING && pos->king[cheops_piece_side (old)] == cell)
        {
          CheopsCellSet kings = pos->pieces[cheops_piece_side (old)][CHEOPS_LAWS_KING];
          pos->king[cheops_piece_side (old)] = kings ? cheops_cellset_first (kings) : CHEOPS_CELL_NONE;
        }
    }
  if (piece != CHEOPS_NO_PIECE)
    {
      add_piece (pos, cell, piece);
      if (cheops_piece_type (piece) == CHEOPS_LAWS_KING)
        pos->king[cheops_piece_side (piece)] = cell;
    }
}

void
cheops_laws_position_set_side (CheopsPosition *pos,
                          CheopsSide      side)
{
  if (pos->side_to_move != side)
    {
      pos->side_to_move = side;
      pos->key ^= zobrist_side;
    }
}

uint64_t
cheops_laws_position_compute_key (const CheopsPosition *pos)
{
  uint64_t key = pos->side_to_move == CHEOPS_SIDE_B ? zobrist_side : 0;

  for (int c = 0; c < CHEOPS_LAWS_CELL_NB; c++)
    if (pos->board[c])
      key ^= ZOBRIST (pos->board[c], c);
  return key;
}

void
cheops_laws_position_do_move (CheopsPosition *pos,
                         CheopsMove      move,
                         CheopsUndo     *undo)
{
  CheopsCell from = cheops_move_from (move);
  CheopsCell to = cheops_move_to (move);
  CheopsPiece piece = pos->board[from];
  CheopsPiece captured = pos->board[to];
  CheopsPieceType type = cheops_piece_type (piece);
  CheopsSide side = cheops_piece_side (piece);

  undo->moved = piece;
  undo->captured = captured;
  undo->halfmove_clock = pos->halfmove_clock;
  undo->fullmove_number = pos->fullmove_number;
  undo->key = pos->key;

  if (to != CHEOPS_LAWS_APEX)
    {
      /* The usual move, off the Apex: the piece's sets change by its two
       * cells at once; a captured piece leaves its own (3.6.2), its cell
       * staying occupied. */
      CheopsCellSet from_bit = cheops_cellset_of (from), to_bit = cheops_cellset_of (to);
      CheopsCellSet both = from_bit | to_bit;

      pos->board[from] = CHEOPS_NO_PIECE;
      pos->board[to] = piece;
      pos->pieces[side][type] ^= both;
      pos->pieces[side][0] ^= both;
      pos->key ^= ZOBRIST (piece, from) ^ ZOBRIST (piece, to);
      if (captured)
        {
          CheopsSide them = cheops_piece_side (captured);

          pos->pieces[them][cheops_piece_type (captured)] ^= to_bit;
          pos->pieces[them][0] ^= to_bit;
          pos->occupied ^= from_bit;
          pos->key ^= ZOBRIST (captured, to);
        }
      else
        pos->occupied ^= both;
    }
  else
    {
      remove_piece (pos, from);
      if (captured)
        remove_piece (pos, to);   /* 3.6.2 */
      if (type == CHEOPS_LAWS_SWORDMASTER || type == CHEOPS_LAWS_ASSASSIN)
        ;                         /* 5.2: collapse, both pieces leave the board */
      else if (type == CHEOPS_LAWS_PAWN)
        add_piece (pos, to, cheops_piece_make (side, CHEOPS_LAWS_QUEEN));   /* 4.7.3 */
      else
        add_piece (pos, to, piece);
    }

  if (type == CHEOPS_LAWS_KING)
    pos->king[side] = to;

  /* R8: a capture, a collapse or a Pawn climbing resets the clock. */
  if (captured || (type == CHEOPS_LAWS_PAWN && cell_level_tab[to] > cell_level_tab[from]))
    pos->halfmove_clock = 0;
  else
    pos->halfmove_clock = cheops_counter_next (pos->halfmove_clock);
  if (side == CHEOPS_SIDE_B)
    pos->fullmove_number = cheops_counter_next (pos->fullmove_number);

  pos->side_to_move = cheops_side_other (side);
  pos->key ^= zobrist_side;
}

void
cheops_laws_position_undo_move (CheopsPosition   *pos,
                           CheopsMove        move,
                           const CheopsUndo *undo)
{
  CheopsCell from = cheops_move_from (move);
  CheopsCell to = cheops_move_to (move);

  if (pos->board[to])
    remove_piece (pos, to);
  if (undo->captured)
    add_piece (pos, to, undo->captured);
  add_piece (pos, from, undo->moved);
  if (cheops_piece_type (undo->moved) == CHEOPS_LAWS_KING)
    pos->king[cheops_piece_side (undo->moved)] = from;

  pos->side_to_move = cheops_piece_side (undo->moved);
  pos->halfmove_clock = undo->halfmove_clock;
  pos->fullmove_number = undo->fullmove_number;
  pos->key = undo->key;
}

void
cheops_laws_position_do_null_move (CheopsPosition *pos,
                              CheopsUndo     *undo)
{
  undo->moved = CHEOPS_NO_PIECE;
  undo->captured = CHEOPS_NO_PIECE;
  undo->halfmove_clock = pos->halfmove_clock;
  undo->fullmove_number = pos->fullmove_number;
  undo->key = pos->key;
  pos->halfmove_clock = cheops_counter_next (pos->halfmove_clock);
  if (pos->side_to_move == CHEOPS_SIDE_B)
    pos->fullmove_number = cheops_counter_next (pos->fullmove_number);
  pos->side_to_move = cheops_side_other (pos->side_to_move);
  pos->key ^= zobrist_side;
}

void
cheops_laws_position_undo_null_move (CheopsPosition   *pos,
                                const CheopsUndo *undo)
{
  pos->side_to_move = cheops_side_other (pos->side_to_move);
  pos->halfmove_clock = undo->halfmove_clock;
  pos->fullmove_number = undo->fullmove_number;
  pos->key = undo->key;
}

CheopsCellSet
cheops_laws_position_attackers (const CheopsPosition *pos,
                           CheopsCell            cell,
                           CheopsSide            by,
                           CheopsCellSet         occupied)
{
  const CheopsCellSet *p = pos->pieces[by];
  CheopsCellSet att;

  /* 4.7.2: the Pawns of `by` that threaten @cell. */
  att = pawn_attacker_tab[by][cell] & p[CHEOPS_LAWS_PAWN];

  /* R2: the King attacks its King cells, never the Apex. */
  att |= king_tab[cell] & p[CHEOPS_LAWS_KING];
  att |= leap_tab[cell] & p[CHEOPS_LAWS_ASSASSIN];
  /* 3.6.3: the line pieces, along the lines from @cell (the lines are
   * symmetric).  A line is followed only when a piece that moves along it
   * stands on it: the same sets as the band, sword and corner attacks of
   * @cell intersected with those pieces, for a fraction of the work (most
   * lines from a cell hold none). */
  {
    CheopsCellSet queens = p[CHEOPS_LAWS_QUEEN] & line_full_tab[CHEOPS_LAWS_QUEEN][cell];
    CheopsCellSet swords = p[CHEOPS_LAWS_SWORDMASTER] & line_full_tab[CHEOPS_LAWS_SWORDMASTER][cell];
    CheopsCellSet sisters = p[CHEOPS_LAWS_SISTER] & line_full_tab[CHEOPS_LAWS_SISTER][cell];

    if (queens | swords)
      {
        /* The level lines: a Queen's band and a Swordmaster's line both. */
        att |= cheops_laws__ray_attackers (cell, CHEOPS_LAWS_RAY_BAND_EAST, occupied, queens | swords);
        att |= cheops_laws__ray_attackers (cell, CHEOPS_LAWS_RAY_BAND_WEST, occupied, queens | swords);
      }
    if (queens)
      for (int r = CHEOPS_LAWS_RAY_BAND_NORTH_EAST; r <= CHEOPS_LAWS_RAY_BAND_SOUTH_EAST; r++)
        att |= cheops_laws__ray_attackers (cell, (CheopsLawsRay) r, occupied, queens);
    if (swords)
      {
        att |= cheops_laws__ray_attackers (cell, CHEOPS_LAWS_RAY_COLUMN_UP, occupied, swords);
        att |= cheops_laws__ray_attackers (cell, CHEOPS_LAWS_RAY_COLUMN_DOWN, occupied, swords);
      }
    if (sisters)
      for (int r = CHEOPS_LAWS_RAY_CORNER_EAST; r <= CHEOPS_LAWS_RAY_CORNER_SOUTH_EAST; r++)
        att |= cheops_laws__ray_attackers (cell, (CheopsLawsRay) r, occupied, sisters);
  }
  return att;
}

bool
cheops_laws_position_is_attacked (const CheopsPosition *pos,
                             CheopsCell            cell,
                             CheopsSide            by)
{
  return cheops_laws_position_attackers (pos, cell, by, pos->occupied) != 0;
}

bool
cheops_laws_position_king_attacked (const CheopsPosition *pos,
                               CheopsSide            side)
{
  if (pos->king[side] == CHEOPS_CELL_NONE)
    return false;
  return cheops_laws_position_is_attacked (pos, pos->king[side], cheops_side_other (side));
}

bool
cheops_laws_position_in_check (const CheopsPosition *pos)
{
  return cheops_laws_position_king_attacked (pos, pos->side_to_move);
}

bool
cheops_laws_position_is_capture (const CheopsPosition *pos,
                            CheopsMove            move)
{
  return pos->board[cheops_move_to (move)] != CHEOPS_NO_PIECE;
}

bool
cheops_laws_position_is_collapse (const CheopsPosition *pos,
                             CheopsMove            move)
{
  CheopsPieceType type = cheops_piece_type (pos->board[cheops_move_from (move)]);

  return cheops_move_to (move) == CHEOPS_LAWS_APEX
         && pos->board[CHEOPS_LAWS_APEX] != CHEOPS_NO_PIECE
         && (type == CHEOPS_LAWS_SWORDMASTER || type == CHEOPS_LAWS_ASSASSIN);
}

bool
cheops_laws_position_is_promotion (const CheopsPosition *pos,
                              CheopsMove            move)
{
  return cheops_move_to (move) == CHEOPS_LAWS_APEX
         && cheops_piece_type (pos->board[cheops_move_from (move)]) == CHEOPS_LAWS_PAWN;
}

bool
cheops_laws_position_fifty_move_claimable (const CheopsPosition *pos)
{
  return pos->halfmove_clock >= 100;
}

bool
cheops_laws_position_is_consistent (const CheopsPosition *pos)
{
  CheopsCellSet all = 0;

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsCellSet side_all = 0;
      for (int t = 1; t < CHEOPS_LAWS_PIECE_TYPE_NB; t++)
        {
          CheopsCellSet set = pos->pieces[s][t];
          if (set & side_all)
            return false;
          side_all |= set;
          while (set)
            {
              CheopsCell c = cheops_cellset_pop (&set);
              if (pos->board[c] != cheops_piece_make ((CheopsSide) s, (CheopsPieceType) t))
                return false;
            }
        }
      if (side_all != pos->pieces[s][0] || (side_all & all))
        return false;
      all |= side_all;
      if (cheops_cellset_count (pos->pieces[s][CHEOPS_LAWS_KING]) != 1
          || !cheops_cellset_has (pos->pieces[s][CHEOPS_LAWS_KING], pos->king[s]))
        return false;
    }
  if (all != pos->occupied)
    return false;
  for (int c = 0; c < CHEOPS_LAWS_CELL_NB; c++)
    if ((pos->board[c] != 0) != cheops_cellset_has (all, (CheopsCell) c))
      return false;
  return pos->key == cheops_laws_position_compute_key (pos);
}
