/* movepick.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Move ordering.  All playable moves are generated at once (the core's
 * generator is exact, checklock included) and picked by selection, which is
 * cheap because a cut usually comes from one of the first moves.
 */
#include "evaluate.h"
#include "movepick.h"

#define SCORE_TT      (1 << 30)
#define SCORE_GOOD    (1 << 24)
#define SCORE_KILLER1 (1 << 22)
#define SCORE_KILLER2 ((1 << 22) - 1)

int
move_kind (const CheopsPosition *pos, CheopsMove move)
{
  CheopsCell from = cheops_move_from (move);
  CheopsCell to = cheops_move_to (move);
  CheopsPieceType type = cheops_piece_type (pos->board[from]);
  int kind = MOVE_QUIET;

  if (pos->board[to] != CHEOPS_NO_PIECE)
    kind |= MOVE_CAPTURE;
  if (to == CHEOPS_LAWS_APEX)
    {
      if (type == CHEOPS_LAWS_PAWN)
        kind |= MOVE_PROMOTION;
      else if (type == CHEOPS_LAWS_QUEEN)
        kind |= MOVE_TO_APEX;
    }
  return kind;
}

int
move_gain (const CheopsPosition *pos, CheopsMove move)
{
  CheopsCell from = cheops_move_from (move);
  CheopsCell to = cheops_move_to (move);
  CheopsPieceType type = cheops_piece_type (pos->board[from]);
  int gain = 0;

  if (pos->board[to] != CHEOPS_NO_PIECE)
    gain += piece_value[cheops_piece_type (pos->board[to])];
  if (to == CHEOPS_LAWS_APEX)
    {
      if (type == CHEOPS_LAWS_PAWN)
        gain += piece_value[CHEOPS_LAWS_QUEEN] - piece_value[CHEOPS_LAWS_PAWN];
      else if (type != CHEOPS_LAWS_QUEEN && pos->board[to] != CHEOPS_NO_PIECE)
        gain -= piece_value[type];   /* a collapse costs the piece too (5.2) */
    }
  return gain;
}

void
movepick_init (MovePicker *mp, const CheopsPosition *pos, CheopsMove tt_move,
               const CheopsMove killers[2], const History *history, bool tactical_only)
{
  CheopsMove all[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_generate_moves (pos, all);
  CheopsSide us = pos->side_to_move;
  int n = 0;

  for (CheopsMove *m = all; m < end; m++)
    {
      CheopsMove move = *m;
      int kind = move_kind (pos, move);
      int score;

      if (tactical_only && kind == MOVE_QUIET && move != tt_move)
        continue;
      if (move == tt_move)
        score = SCORE_TT;
      else if (kind != MOVE_QUIET)
        {
          CheopsPieceType attacker = cheops_piece_type (pos->board[cheops_move_from (move)]);
          int victim = pos->board[cheops_move_to (move)] != CHEOPS_NO_PIECE
                       ? piece_value[cheops_piece_type (pos->board[cheops_move_to (move)])] : 0;
          score = SCORE_GOOD + 16 * victim - (int) attacker;
          if (kind & (MOVE_PROMOTION | MOVE_TO_APEX))
            score += 16 * 1000;
        }
      else if (killers != NULL && move == killers[0])
        score = SCORE_KILLER1;
      else if (killers != NULL && move == killers[1])
        score = SCORE_KILLER2;
      else
        score = history != NULL
                ? (*history)[us][cheops_move_from (move)][cheops_move_to (move)]
                : 0;
      mp->moves[n] = move;
      mp->scores[n] = score;
      n++;
    }
  mp->count = n;
  mp->next = 0;
}

CheopsMove
movepick_next (MovePicker *mp)
{
  int best;
  CheopsMove move;
  int score;

  if (mp->next >= mp->count)
    return CHEOPS_MOVE_NONE;
  best = mp->next;
  for (int i = mp->next + 1; i < mp->count; i++)
    if (mp->scores[i] > mp->scores[best])
      best = i;
  move = mp->moves[best];
  score = mp->scores[best];
  mp->moves[best] = mp->moves[mp->next];
  mp->scores[best] = mp->scores[mp->next];
  mp->moves[mp->next] = move;
  mp->scores[mp->next] = score;
  mp->next++;
  return move;
}
