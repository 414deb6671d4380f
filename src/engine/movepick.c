/* movepick.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Move ordering.  All playable moves are generated at once (the core's
 * generator is exact: in Cheops checklock included), classified once by the
 * variant's move_kind() and picked by selection, which is
 * cheap because a cut usually comes from one of the first moves.  A list
 * of more than MOVEPICK_LONG_LIST moves (Pyramids) is sorted once after
 * its first MOVEPICK_SELECT_FIRST picks.
 */
#include <stdlib.h>

#include "movepick.h"

#define SCORE_TT      (1 << 30)
#define SCORE_GOOD    (1 << 24)
#define SCORE_KILLER1 (1 << 22)
#define SCORE_KILLER2 ((1 << 22) - 1)

void
movepick_init (MovePicker *mp, const EngineVariant *ev, const CheopsPosition *pos, CheopsMove tt_move,
               const CheopsMove killers[2], const History *history, bool tactical_only)
{
  /* Generated in place: the moves kept are compacted towards the front
   * (the write index never passes the read index). */
  CheopsMove *all = mp->moves;
  CheopsMove *end;
  CheopsSide us = pos->side_to_move;
  const int *piece_value = ev->piece_value;
  int (*move_kind) (const CheopsPosition *, CheopsMove) = ev->move_kind;
  int n = 0;

  if (tactical_only && ev->generate_tactical != NULL)
    {
      /* Only the moves that may be tactical (a Pyramids list of hundreds
       * holds a few), and the TT move after them when it is another
       * playable move. */
      bool tt_found = tt_move == CHEOPS_MOVE_NONE;
      end = ev->generate_tactical (pos, all);
      for (CheopsMove *m = all; m < end && !tt_found; m++)
        tt_found = *m == tt_move;
      if (!tt_found && cheops_position_is_playable (pos, tt_move))
        *end++ = tt_move;
    }
  else
    end = cheops_generate_moves (pos, all);

  for (CheopsMove *m = all; m < end; m++)
    {
      CheopsMove move = *m;
      int kind = move_kind (pos, move);
      int score;

      if (tactical_only && kind == MOVE_QUIET && move != tt_move)
        continue;
      if (move == tt_move)
        score = SCORE_TT;
      else if (kind != MOVE_QUIET && cheops_move_kind (move) != CHEOPS_MOVE_NORMAL)
        {
          /* A drop or a compound move (Cypher): no single attacker and
           * victim on from and to; the variant's gain stands for MVV. */
          score = SCORE_GOOD + 16 * ev->move_gain (pos, move);
          if (kind & (MOVE_PROMOTION | MOVE_SPECIAL))
            score += 16 * 1000;
        }
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
  mp->sorted = false;
  mp->sort_at = n > MOVEPICK_LONG_LIST ? MOVEPICK_SELECT_FIRST : n;
  mp->tt_pending = false;
  mp->tt_skip = false;
}

void
movepick_init_staged (MovePicker *mp, const EngineVariant *ev, const CheopsPosition *pos, CheopsMove tt_move,
                      const CheopsMove killers[2], const History *history, bool tactical_only)
{
  if (tt_move == CHEOPS_MOVE_NONE || !cheops_position_is_playable (pos, tt_move))
    {
      movepick_init (mp, ev, pos, CHEOPS_MOVE_NONE, killers, history, tactical_only);
      return;
    }
  mp->ev = ev;
  mp->pos = pos;
  mp->killers = killers;
  mp->history = history;
  mp->tactical_only = tactical_only;
  mp->tt_move = tt_move;
  mp->tt_pending = true;
  mp->tt_skip = false;
  mp->count = 0;
  mp->next = 0;
}

/* Sorts moves[next..count) by score, best first, once (qsort over an
 * index, the index breaking ties, so equal scores keep their order).  The
 * scratch arrays are per thread: the search threads sort at once. */
typedef struct {
  int        score;
  int        index;
} PickKey;

static int
pick_key_cmp (const void *a, const void *b)
{
  const PickKey *x = a, *y = b;
  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return x->index - y->index;
}

static __attribute__ ((noinline, cold)) void
sort_rest (MovePicker *mp)
{
  static _Thread_local PickKey keys[CHEOPS_MAX_MOVES];
  static _Thread_local CheopsMove moves[CHEOPS_MAX_MOVES];
  static _Thread_local uint8_t kinds[CHEOPS_MAX_MOVES];
  int n = mp->count - mp->next;

  for (int i = 0; i < n; i++)
    {
      keys[i].score = mp->scores[mp->next + i];
      keys[i].index = i;
      moves[i] = mp->moves[mp->next + i];
      kinds[i] = mp->kinds[mp->next + i];
    }
  qsort (keys, (size_t) n, sizeof (PickKey), pick_key_cmp);
  for (int i = 0; i < n; i++)
    {
      mp->scores[mp->next + i] = keys[i].score;
      mp->moves[mp->next + i] = moves[keys[i].index];
      mp->kinds[mp->next + i] = kinds[keys[i].index];
    }
  mp->sorted = true;
}

static CheopsMove movepick_pick (MovePicker *mp, int *kind);

CheopsMove
movepick_next (MovePicker *mp, int *kind)
{
  if (mp->tt_pending)
    {
      /* Stage 1: the TT move alone; stage 2 at the next call. */
      mp->tt_pending = false;
      mp->tt_skip = true;
      *kind = mp->ev->move_kind (mp->pos, mp->tt_move);
      return mp->tt_move;
    }
  if (mp->tt_skip)
    {
      /* Stage 2: the whole list, scored as movepick_init() does with the
       * TT move first, which is picked (so the rest come in the same
       * order as unstaged) and skipped. */
      CheopsMove tt_move = mp->tt_move;
      movepick_init (mp, mp->ev, mp->pos, tt_move, mp->killers, mp->history, mp->tactical_only);
      if (mp->count > 0 && movepick_pick (mp, kind) != tt_move)
        mp->next = 0;   /* not in the list (cannot happen: it was playable) */
    }
  return movepick_pick (mp, kind);
}

static CheopsMove
movepick_pick (MovePicker *mp, int *kind)
{
  int best;
  CheopsMove move;
  int score;

  if (mp->next >= mp->count)
    return CHEOPS_MOVE_NONE;
  if (mp->next >= mp->sort_at)
    {
      if (!mp->sorted)
        sort_rest (mp);
      *kind = mp->kinds[mp->next];
      return mp->moves[mp->next++];
    }
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
