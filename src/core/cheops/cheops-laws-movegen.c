/* cheops-movegen.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Move generation: the pieces' movement (Article 4), the Apex (Article 5),
 * legality (4.2.2-4.2.3), checklock (4.2.5-4.2.7, RULINGS.md R4) and the end
 * of the game (8.1, 8.4.1, R5).
 *
 * Legal moves are found the way fast chess generators find them: compute the
 * pieces giving check and the pieces pinned to their King once, then a move
 * of an unpinned piece is legal if it does not leave a check standing; King
 * moves are checked against the attacks on their destination with the King
 * lifted off the board; only pinned pieces (rare) are tried by playing the
 * move.  Checklock moves (rarer still) are always tried by playing them.
 */

#include <limits.h>

#include "cheops-laws.h"
#include "cheops-core-private.h"
#include "cheops-laws-geometry-private.h"

#define APEX_BIT ((CheopsCellSet) 1 << CHEOPS_LAWS_APEX)

/* The cells a piece of @type (not a Pawn) of @side may go to when its
 * movement reaches them: not its own pieces' (3.6.2) nor a King's (R3);
 * for a Swordmaster or an Assassin, not the Apex while it is empty (5.2,
 * R7). */
static inline CheopsCellSet
allowed_targets (const CheopsPosition *pos,
                 CheopsSide            side,
                 CheopsPieceType       type)
{
  CheopsCellSet t = ~pos->pieces[side][0] & ~pos->pieces[side ^ 1][CHEOPS_LAWS_KING];

  if ((type == CHEOPS_LAWS_SWORDMASTER || type == CHEOPS_LAWS_ASSASSIN)
      && pos->board[CHEOPS_LAWS_APEX] == CHEOPS_NO_PIECE)
    t &= ~APEX_BIT;
  return t;
}

/* The cells the piece on @from may move to by its movement and Article 5,
 * before looking at its own King: never onto its own pieces (3.6.2) nor onto
 * a King (R3).  A Swordmaster or Assassin goes to the Apex only to collapse
 * with the Queen standing there (5.2, R7); the King never (4.2.1 note,
 * king cells exclude the Apex); a Pawn onto the Apex only from the Gate when
 * it is empty, or by capturing the Queen from a flank (5.3, 5.4, R6). */
static inline CheopsCellSet
piece_targets (const CheopsPosition *pos,
               CheopsCell            from,
               CheopsPiece           piece)
{
  CheopsSide side = cheops_piece_side (piece);
  CheopsPieceType type = cheops_piece_type (piece);
  CheopsCellSet enemy = pos->pieces[side ^ 1][0];
  CheopsCellSet t;

  switch (type)
    {
    case CHEOPS_LAWS_KING:
      t = king_tab[from];
      break;
    case CHEOPS_LAWS_QUEEN:
      t = cheops_laws__band_attacks (from, pos->occupied);
      break;
    case CHEOPS_LAWS_SWORDMASTER:
      t = cheops_laws__sword_attacks (from, pos->occupied);
      break;
    case CHEOPS_LAWS_SISTER:
      t = cheops_laws__corner_attacks (from, pos->occupied);
      break;
    case CHEOPS_LAWS_ASSASSIN:
      t = leap_tab[from];
      break;
    case CHEOPS_LAWS_PAWN:
      /* 4.7.1: moves without capturing, to empty cells; 4.7.2: captures only
       * on the threatened cells. */
      return ((pawn_step_tab[from] & ~pos->occupied) | (pawn_threat_tab[side][from] & enemy))
             & ~pos->pieces[side ^ 1][CHEOPS_LAWS_KING];
    default:
      return 0;
    }
  return t & allowed_targets (pos, side, type);
}

CheopsCellSet
cheops_laws_position_sole_blockers (const CheopsPosition *pos,
                               CheopsCell            cell,
                               CheopsSide            by,
                               CheopsCellSet         candidates)
{
  const CheopsCellSet *p = pos->pieces[by];
  CheopsCellSet snipers, found = 0;

  snipers = (line_full_tab[CHEOPS_LAWS_QUEEN][cell] & p[CHEOPS_LAWS_QUEEN])
            | (line_full_tab[CHEOPS_LAWS_SWORDMASTER][cell] & p[CHEOPS_LAWS_SWORDMASTER])
            | (line_full_tab[CHEOPS_LAWS_SISTER][cell] & p[CHEOPS_LAWS_SISTER]);
  while (snipers)
    {
      CheopsCell s = cheops_cellset_pop (&snipers);
      CheopsCellSet b = cheops_laws__between_cells (cheops_piece_type (pos->board[s]), cell, s) & pos->occupied;

      if (b && (b & (b - 1)) == 0 && (b & candidates))
        found |= b;
    }
  return found;
}

/* Whether playing @move leaves the mover's King unattacked: the slow, sure
 * test by playing it. */
static bool
legal_by_playing (const CheopsPosition *pos,
                  CheopsMove            move)
{
  CheopsPosition *p = (CheopsPosition *) pos;   /* restored before returning */
  CheopsSide side = pos->side_to_move;
  CheopsUndo undo;
  bool ok;

  cheops_laws_position_do_move (p, move, &undo);
  ok = !cheops_laws_position_king_attacked (p, side);
  cheops_laws_position_undo_move (p, move, &undo);
  return ok;
}

/* What decides, in a position whose side to move has its King on @ksq,
 * which movements (piece_targets()) of the pieces on @movers (pieces of the
 * side to move) are legal under 4.2.2-4.2.3: the pieces giving check, the
 * pieces of @movers pinned to the King, and the cells a move of an
 * unpinned piece other than the King must go to. */
typedef struct {
  CheopsCell    ksq;
  bool          in_check;
  CheopsCellSet pinned;
  CheopsCellSet evasion;
} Legality;

static inline void
legality_init (const CheopsPosition *pos,
               Legality             *l,
               CheopsCellSet         movers)
{
  CheopsSide side = pos->side_to_move, them = side ^ 1;
  CheopsCell ksq = pos->king[side];
  const CheopsCellSet *p = pos->pieces[them];
  CheopsCellSet near, snipers;

  l->ksq = ksq;
  l->pinned = 0;
  /* Outside check any destination will do.  In check, a move of another
   * piece must, for every checker, capture it or stand between it and the
   * King.  Unlike chess, two checking lines can share a cell (bands zigzag:
   * a Sister on g6 and a Queen on h6 both check i4 through h5), so a double
   * check can be blocked by one move: intersect, don't give up. */
  l->evasion = ~(CheopsCellSet) 0;

  /* The checkers that do not move along lines (4.7.2, R2, 3.5): only
   * taking them helps. */
  near = (pawn_attacker_tab[them][ksq] & p[CHEOPS_LAWS_PAWN]) | (king_tab[ksq] & p[CHEOPS_LAWS_KING])
         | (leap_tab[ksq] & p[CHEOPS_LAWS_ASSASSIN]);
  l->in_check = near != 0;
  if (near)
    l->evasion = (near & (near - 1)) == 0 ? near : 0;

  /* The line pieces on the King's lines of their kind (the lines are
   * symmetric), each looked at once: nothing between it and the King, it
   * gives check (cheops_laws_position_attackers()); one piece of @movers
   * alone between, that piece is pinned (cheops_laws_position_sole_blockers()). */
  snipers = (line_full_tab[CHEOPS_LAWS_QUEEN][ksq] & p[CHEOPS_LAWS_QUEEN])
            | (line_full_tab[CHEOPS_LAWS_SWORDMASTER][ksq] & p[CHEOPS_LAWS_SWORDMASTER])
            | (line_full_tab[CHEOPS_LAWS_SISTER][ksq] & p[CHEOPS_LAWS_SISTER]);
  while (snipers)
    {
      CheopsCell s = cheops_cellset_pop (&snipers);
      CheopsCellSet between = cheops_laws__between_cells (cheops_piece_type (pos->board[s]), ksq, s);
      CheopsCellSet b = between & pos->occupied;

      if (b == 0)
        {
          l->in_check = true;
          l->evasion &= cheops_cellset_of (s) | between;
        }
      else if ((b & (b - 1)) == 0 && (b & movers))
        l->pinned |= b;
    }
}

/* 4.2.3: the King never moves onto an attacked cell; look through the
 * King's own cell, which it leaves. */
static inline bool
king_step_legal (const CheopsPosition *pos,
                 const Legality       *l,
                 CheopsCell            to)
{
  return cheops_laws_position_attackers (pos, to, pos->side_to_move ^ 1,
                                         pos->occupied & ~cheops_cellset_of (l->ksq)) == 0;
}

/* Whether @move, a movement of a piece of the side to move by
 * piece_targets(), is legal under 4.2.2-4.2.3: a King move by
 * king_step_legal(), a pinned piece's by playing it, any other when it
 * goes to an evasion cell. */
static inline bool
movement_legal (const CheopsPosition *pos,
                const Legality       *l,
                CheopsMove            move)
{
  CheopsCell from = cheops_move_from (move);

  if (from == l->ksq)
    return king_step_legal (pos, l, cheops_move_to (move));
  if (cheops_cellset_has (l->pinned, from))
    return legal_by_playing (pos, move);
  return cheops_cellset_has (l->evasion, cheops_move_to (move));
}

/* Generates (when @list is not NULL) and counts the moves legal under
 * 4.2.2-4.2.3; with @list NULL, stops counting at @limit or more (the
 * count is then @limit or more, not exact). */
static int
legal_moves_up_to (const CheopsPosition *pos,
                   CheopsMove           *list,
                   int                   limit)
{
  CheopsSide side = pos->side_to_move;
  CheopsCell ksq = pos->king[side];
  CheopsCellSet pieces;
  Legality l;
  int n = 0;

  if (ksq == CHEOPS_CELL_NONE)
    return 0;
  legality_init (pos, &l, pos->pieces[side][0]);

  pieces = pos->pieces[side][0] & ~cheops_cellset_of (ksq);
  while (pieces)
    {
      CheopsCell from = cheops_cellset_pop (&pieces);
      CheopsCellSet t = piece_targets (pos, from, pos->board[from]);

      if (cheops_cellset_has (l.pinned, from))
        {
          while (t)
            {
              CheopsMove m = cheops_move_make (from, cheops_cellset_pop (&t));
              if (legal_by_playing (pos, m))
                {
                  if (list)
                    list[n] = m;
                  n++;
                }
            }
          continue;
        }

      t &= l.evasion;
      if (list == NULL)
        {
          n += cheops_cellset_count (t);
          if (n >= limit)
            return n;
        }
      else
        while (t)
          list[n++] = cheops_move_make (from, cheops_cellset_pop (&t));
    }

  {
    CheopsCellSet t = piece_targets (pos, ksq, pos->board[ksq]);

    while (t)
      {
        CheopsCell to = cheops_cellset_pop (&t);
        if (king_step_legal (pos, &l, to))
          {
            if (list)
              list[n] = cheops_move_make (ksq, to);
            n++;
          }
      }
  }
  return n;
}

static inline int
legal_moves (const CheopsPosition *pos,
             CheopsMove           *list)
{
  return legal_moves_up_to (pos, list, INT_MAX);
}

bool
cheops_laws_position_has_legal_move (const CheopsPosition *pos)
{
  return legal_moves_up_to (pos, NULL, 1) > 0;
}

/* Whether @move, a movement of a piece of the side to move by piece_targets(),
 * is a checklock move (R4). */
static bool
checklock_ok (const CheopsPosition *pos,
              CheopsMove            move)
{
  CheopsPosition *p = (CheopsPosition *) pos;   /* restored before returning */
  CheopsSide side = pos->side_to_move;
  CheopsPieceType type = cheops_piece_type (pos->board[cheops_move_from (move)]);
  CheopsUndo undo;
  bool ok;

  if (type == CHEOPS_LAWS_KING)
    return false;
  if ((type == CHEOPS_LAWS_QUEEN || type == CHEOPS_LAWS_PAWN) && cheops_move_to (move) == CHEOPS_LAWS_APEX)
    return false;
  cheops_laws_position_do_move (p, move, &undo);
  ok = !cheops_laws_position_king_attacked (p, side ^ 1);
  cheops_laws_position_undo_move (p, move, &undo);
  return ok;
}

/* Generates (when @list is not NULL) and counts the checklock moves of R4:
 * 4.2.6 and 5.5, no King move, no Queen or Pawn onto the Apex (a capture
 * there included), and the opponent's King left unattacked. */
static int
checklock_moves (const CheopsPosition *pos,
                 CheopsMove           *list)
{
  CheopsSide side = pos->side_to_move;
  CheopsCellSet pieces = pos->pieces[side][0] & ~pos->pieces[side][CHEOPS_LAWS_KING];
  int n = 0;

  while (pieces)
    {
      CheopsCell from = cheops_cellset_pop (&pieces);
      CheopsCellSet t = piece_targets (pos, from, pos->board[from]);

      while (t)
        {
          CheopsMove m = cheops_move_make (from, cheops_cellset_pop (&t));
          if (checklock_ok (pos, m))
            {
              if (list)
                list[n] = m;
              n++;
            }
        }
    }
  return n;
}

/* Whether the game is over before any move is looked at: the Ascension
 * (8.1, judged as R5 says) or both sides without Queen and Pawn (8.4.1). */
static CheopsOutcome
static_outcome (const CheopsPosition *pos)
{
  CheopsSide stm = pos->side_to_move;
  CheopsPiece apex = pos->board[CHEOPS_LAWS_APEX];

  if (apex == cheops_piece_make (stm ^ 1, CHEOPS_LAWS_QUEEN) && cheops_laws_position_king_attacked (pos, stm))
    return stm == CHEOPS_SIDE_A ? CHEOPS_LAWS_OUTCOME_ASCENSION_Q : CHEOPS_LAWS_OUTCOME_ASCENSION_A;
  if ((pos->pieces[0][CHEOPS_LAWS_QUEEN] | pos->pieces[0][CHEOPS_LAWS_PAWN]
       | pos->pieces[1][CHEOPS_LAWS_QUEEN] | pos->pieces[1][CHEOPS_LAWS_PAWN]) == 0)
    return CHEOPS_LAWS_OUTCOME_DRAW_NO_QUEEN_NO_PAWN;
  return CHEOPS_OUTCOME_NONE;
}

CheopsMove *
cheops_laws_generate_legal (const CheopsPosition *pos,
                       CheopsMove           *list)
{
  return list + legal_moves (pos, list);
}

CheopsMove *
cheops_laws_generate_checklock (const CheopsPosition *pos,
                           CheopsMove           *list)
{
  return list + checklock_moves (pos, list);
}

CheopsMove *
cheops_laws_generate_moves (const CheopsPosition *pos,
                       CheopsMove           *list)
{
  int n;

  if (static_outcome (pos) != CHEOPS_OUTCOME_NONE)
    return list;
  n = legal_moves (pos, list);
  if (n == 0 && cheops_laws_position_in_check (pos))
    n = checklock_moves (pos, list);
  return list + n;
}

/* The number of playable moves of a position that is not over by
 * static_outcome(): the legal moves, else in check the checklock moves. */
static int
playable_count (const CheopsPosition *pos)
{
  int n = legal_moves (pos, NULL);

  if (n == 0 && cheops_laws_position_in_check (pos))
    n = checklock_moves (pos, NULL);
  return n;
}

int
cheops_laws_count_moves (const CheopsPosition *pos)
{
  if (static_outcome (pos) != CHEOPS_OUTCOME_NONE)
    return 0;
  return playable_count (pos);
}

CheopsMove *
cheops_laws_generate_moves_to (const CheopsPosition *pos,
                          CheopsCell            to,
                          CheopsPieceType       type,
                          CheopsMove           *list)
{
  return cheops_laws_generate_moves_matching (pos, to, type, -1, -1, list);
}

CheopsMove *
cheops_laws_generate_moves_matching (const CheopsPosition *pos,
                                     CheopsCell            to,
                                     CheopsPieceType       type,
                                     int                   column,
                                     int                   level,
                                     CheopsMove           *list)
{
  CheopsSide side = pos->side_to_move;
  CheopsCellSet pieces = pos->pieces[side][type], from_set = 0;
  CheopsCell ksq = pos->king[side];
  int n = 0;

  if (static_outcome (pos) != CHEOPS_OUTCOME_NONE)
    return list;
  /* A cheap superset first: the lines, leaps and neighbourhoods are
   * symmetric, so only pieces on them can reach @to; piece_targets() then
   * decides exactly. */
  switch (type)
    {
    case CHEOPS_LAWS_QUEEN:
    case CHEOPS_LAWS_SWORDMASTER:
    case CHEOPS_LAWS_SISTER:
      /* The line pieces whose lines reach @to, found from @to: each of
       * them moves there when @to is a cell its kind may go to. */
      if (cheops_cellset_has (allowed_targets (pos, side, type), to))
        from_set = cheops_laws__line_attackers (type, to, pos->occupied, pieces);
      pieces = 0;
      break;
    case CHEOPS_LAWS_ASSASSIN:
      pieces &= leap_tab[to];
      break;
    case CHEOPS_LAWS_KING:
      pieces &= king_tab[to];
      break;
    case CHEOPS_LAWS_PAWN:
      /* 4.7.1: a step to an empty cell; 4.7.2: a capture on a threatened
       * cell (for the Apex: the Gate, and the flanks). */
      pieces &= pos->board[to] == CHEOPS_NO_PIECE ? pawn_step_from_tab[to] : pawn_attacker_tab[side][to];
      break;
    default:
      break;
    }
  while (pieces)
    {
      CheopsCell from = cheops_cellset_pop (&pieces);
      if (cheops_cellset_has (piece_targets (pos, from, pos->board[from]), to))
        from_set |= cheops_cellset_of (from);
    }
  /* The column and level asked for (A.3): the other pieces are not
   * looked at further. */
  if (column >= 0 || level >= 0)
    {
      CheopsCellSet t = from_set;

      while (t)
        {
          CheopsCell from = cheops_cellset_pop (&t);
          if ((column >= 0 && cell_column_tab[from] != column) || (level >= 0 && cell_level_tab[from] != level))
            from_set &= ~cheops_cellset_of (from);
        }
    }
  if (from_set == 0)
    return list;

  /* Legality as legal_moves() decides it (the same checks and pins), so
   * that the list is exactly the moves of cheops_laws_generate_moves() to
   * @to; without a King, by playing each move, as before. */
  if (ksq != CHEOPS_CELL_NONE)
    {
      Legality l;
      CheopsCellSet movers = from_set & ~cheops_cellset_of (ksq);

      /* A King's moves need only the attacks on their cells
       * (king_step_legal()); the checks and pins, for the others. */
      bool in_check_known = movers != 0;

      if (movers)
        legality_init (pos, &l, movers);
      else
        {
          l.ksq = ksq;
          l.in_check = false;
          l.pinned = 0;
          l.evasion = ~(CheopsCellSet) 0;
        }
      {
        CheopsCellSet t = from_set;

        while (t)
          {
            CheopsMove m = cheops_move_make (cheops_cellset_pop (&t), to);
            if (movement_legal (pos, &l, m))
              list[n++] = m;
          }
      }
      /* No legal move to @to: in checklock the checklock moves are
       * played. */
      if (n == 0 && (in_check_known ? l.in_check : cheops_laws_position_in_check (pos))
          && !cheops_laws_position_has_legal_move (pos))
        {
          CheopsCellSet t = from_set;

          while (t)
            {
              CheopsMove m = cheops_move_make (cheops_cellset_pop (&t), to);
              if (checklock_ok (pos, m))
                list[n++] = m;
            }
        }
    }
  else
    {
      CheopsCellSet t = from_set;

      while (t)
        {
          CheopsMove m = cheops_move_make (cheops_cellset_pop (&t), to);
          if (legal_by_playing (pos, m))
            list[n++] = m;
        }
      if (n == 0 && cheops_laws_position_in_check (pos) && !cheops_laws_position_has_legal_move (pos))
        {
          t = from_set;
          while (t)
            {
              CheopsMove m = cheops_move_make (cheops_cellset_pop (&t), to);
              if (checklock_ok (pos, m))
                list[n++] = m;
            }
        }
    }
  return list + n;
}

bool
cheops_laws_position_is_playable (const CheopsPosition *pos,
                             CheopsMove            move)
{
  CheopsCell from = cheops_move_from (move);
  CheopsPiece piece = pos->board[from];

  /* A Cheops move is a plain from-to pair (bits 14 and up are zero). */
  if ((move >> 14) != 0 || piece == CHEOPS_NO_PIECE || cheops_piece_side (piece) != pos->side_to_move
      || static_outcome (pos) != CHEOPS_OUTCOME_NONE
      || !cheops_cellset_has (piece_targets (pos, from, piece), cheops_move_to (move)))
    return false;
  if (legal_by_playing (pos, move))
    return true;
  return cheops_laws_position_in_check (pos) && !cheops_laws_position_has_legal_move (pos) && checklock_ok (pos, move);
}

bool
cheops_laws_position_in_checklock (const CheopsPosition *pos)
{
  return cheops_laws_position_in_check (pos) && !cheops_laws_position_has_legal_move (pos);
}

CheopsOutcome
cheops_laws_position_outcome (const CheopsPosition *pos)
{
  CheopsOutcome outcome = static_outcome (pos);

  if (outcome != CHEOPS_OUTCOME_NONE)
    return outcome;
  if (playable_count (pos) == 0)
    return CHEOPS_LAWS_OUTCOME_DRAW_NO_LEGAL_MOVE;   /* 4.2.4, 4.2.5, 8.4.1 */
  if (pos->halfmove_clock >= 150)
    return CHEOPS_LAWS_OUTCOME_DRAW_SEVENTY_FIVE_MOVES;   /* 8.4.3, R8 */
  return CHEOPS_OUTCOME_NONE;
}

bool
cheops_laws_position_is_reachable (const CheopsPosition *pos,
                              CheopsError          *error)
{
  /* 4.1: how many of each kind a side starts with. */
  static const struct { CheopsPieceType type; int most; const char *name; } start[] = {
    { CHEOPS_LAWS_SWORDMASTER, 2, "Swordmasters" },
    { CHEOPS_LAWS_SISTER, 2, "Sisters" },
    { CHEOPS_LAWS_ASSASSIN, 3, "Assassins" },
    { CHEOPS_LAWS_PAWN, 7, "Pawns" },
  };
  if (cheops_laws_king_cells (pos->king[CHEOPS_SIDE_A]) & cheops_cellset_of (pos->king[CHEOPS_SIDE_B]))
    return cheops__set_unreachable (error, "the Kings stand next to each other, which no game can reach (4.2)");

  if (cheops_laws_position_king_attacked (pos, CHEOPS_SIDE_A) && cheops_laws_position_king_attacked (pos, CHEOPS_SIDE_B))
    return cheops__set_unreachable (error, "both Kings are in check, which no game can reach: a side ends its turn "
                                    "in check only in checklock, and then may not check (4.2.2, 4.2.6)");

  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      char letter = side == CHEOPS_SIDE_A ? 'a' : 'q';
      int queens = cheops_cellset_count (pos->pieces[side][CHEOPS_LAWS_QUEEN]);
      int pawns = cheops_cellset_count (pos->pieces[side][CHEOPS_LAWS_PAWN]);

      for (size_t i = 0; i < sizeof start / sizeof start[0]; i++)
        {
          int n = cheops_cellset_count (pos->pieces[side][start[i].type]);

          if (n > start[i].most)
            return cheops__set_unreachable (error, "the %c side has %d %s; a side starts with %d and "
                                            "gets no more (4.1)", letter, n, start[i].name, start[i].most);
        }
      if (queens + pawns > 8)
        return cheops__set_unreachable (error, "the %c side has %d Queens and %d Pawns; a Queen comes only "
                                        "from a Pawn, so together they are at most 8 (4.1, 4.7.3)",
                                        letter, queens, pawns);
    }

  return true;
}
