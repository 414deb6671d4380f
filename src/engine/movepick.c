/* movepick.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Move ordering.  All playable moves are generated at once (the core's
 * generator is exact: in Cheops checklock included), classified once by the
 * variant's move_kind() and picked by selection, which is
 * cheap because a cut usually comes from one of the first moves.
 */
#include "movepick.h"

#define SCORE_TT      (1 << 30)
#define SCORE_GOOD    (1 << 24)
#define SCORE_KILLER1 (1 << 22)
#define SCORE_KILLER2 ((1 << 22) - 1)

void
movepick_init (MovePicker *mp, const EngineVariant *ev, const CheopsPosition *pos, CheopsMove tt_move,
               const CheopsMove killers[2], const History *history, bool tactical_only)
{
  CheopsMove all[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_generate_moves (pos, all);
  CheopsSide us = pos->side_to_move;
  const int *piece_value = ev->piece_value;
  int (*move_kind) (const CheopsPosition *, CheopsMove) = ev->move_kind;
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
          if (kind & (MOVE_PROMOTION | MOVE_SPECIAL))
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
      mp->kinds[n] = (uint8_t) kind;
      n++;
    }
  mp->count = n;
  mp->next = 0;
}

CheopsMove
movepick_next (MovePicker *mp, int *kind)
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
  *kind = mp->kinds[best];
  mp->moves[best] = mp->moves[mp->next];
  mp->scores[best] = mp->scores[mp->next];
  mp->kinds[best] = mp->kinds[mp->next];
  mp->moves[mp->next] = move;
  mp->scores[mp->next] = score;
  mp->kinds[mp->next] = (uint8_t) *kind;
  mp->next++;
  return move;
}
