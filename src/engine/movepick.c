/* movepick.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Move ordering.  All playable moves are generated at once (the core's
 * generator is exact: in Cheops checklock included), classified once by the
 * variant's move_kind() (in a whole list with the TT move, only once a
 * second move is asked for) and picked by selection, which is
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

/* The stages of a staged picker (movepick_init_staged()); STAGE_LIST: the
 * list in mp->moves, by selection (movepick_init()). */
enum {
  STAGE_LIST,
  STAGE_TT,
  STAGE_LIST_GEN,
  STAGE_TACTICAL_GEN,
  STAGE_TACTICAL,
  STAGE_KILLER1,
  STAGE_KILLER2,
  STAGE_QUIET_GEN,
};

/* The score of a move of a kind other than MOVE_QUIET: MVV-LVA, or the
 * variant's gain for a drop or a compound move; promotions first. */
static inline int
tactical_score (const EngineVariant *ev, const CheopsPosition *pos, CheopsMove move, int kind)
{
  int score;

  if (cheops_move_kind (move) != CHEOPS_MOVE_NORMAL)
    /* A drop or a compound move (Cypher): no single attacker and
     * victim on from and to; the variant's gain stands for MVV. */
    score = SCORE_GOOD + 16 * ev->move_gain (pos, move);
  else
    {
      CheopsPieceType attacker = cheops_piece_type (pos->board[cheops_move_from (move)]);
      int victim = pos->board[cheops_move_to (move)] != CHEOPS_NO_PIECE
                   ? ev->piece_value[cheops_piece_type (pos->board[cheops_move_to (move)])] : 0;
      score = SCORE_GOOD + 16 * victim - (int) attacker;
    }
  if (kind & (MOVE_PROMOTION | MOVE_SPECIAL))
    score += 16 * 1000;
  return score;
}

/* The scores of moves[@from..count-1] of a whole list, as movepick_init()
 * gives them, with scores[] holding each move's history as it was read
 * there (so the same whatever the search did since): their kinds by
 * @ev->move_kind, the TT move first, then the tactical moves, the killers
 * and the quiet moves by that history. */
static void
score_list (MovePicker *mp, int from)
{
  const EngineVariant *ev = mp->ev;
  const CheopsPosition *pos = mp->pos;
  int (*move_kind) (const CheopsPosition *, CheopsMove) = ev->move_kind;
  CheopsMove tt_move = mp->tt_move, killer1 = mp->killer_moves[0], killer2 = mp->killer_moves[1];

  if (ev->move_kinds != NULL)
    {
      /* The kinds of the whole rest at once. */
      ev->move_kinds (pos, mp->moves + from, mp->count - from, mp->kinds + from);
      for (int i = from; i < mp->count; i++)
        {
          CheopsMove move = mp->moves[i];
          int kind = mp->kinds[i];

          if (move == tt_move)
            mp->scores[i] = SCORE_TT;
          else if (kind != MOVE_QUIET)
            mp->scores[i] = tactical_score (ev, pos, move, kind);
          else if (move == killer1)
            mp->scores[i] = SCORE_KILLER1;
          else if (move == killer2)
            mp->scores[i] = SCORE_KILLER2;
        }
      return;
    }
  for (int i = from; i < mp->count; i++)
    {
      CheopsMove move = mp->moves[i];
      int kind = move_kind (pos, move);

      if (move == tt_move)
        mp->scores[i] = SCORE_TT;
      else if (kind != MOVE_QUIET)
        mp->scores[i] = tactical_score (ev, pos, move, kind);
      else if (move == killer1)
        mp->scores[i] = SCORE_KILLER1;
      else if (move == killer2)
        mp->scores[i] = SCORE_KILLER2;
      mp->kinds[i] = (uint8_t) kind;
    }
}

void
movepick_init (MovePicker *mp, const EngineVariant *ev, const CheopsPosition *pos, CheopsMove tt_move,
               const CheopsMove killers[2], const History *history, bool tactical_only)
{
  /* Generated in place: the moves kept are compacted towards the front
   * (the write index never passes the read index). */
  CheopsMove *all = mp->moves;
  CheopsMove *end;
  CheopsSide us = pos->side_to_move;
  int (*move_kind) (const CheopsPosition *, CheopsMove) = ev->move_kind;
  int n = 0;

  if (tactical_only && ev->generate_tactical != NULL)
    {
      /* Only the moves that may be tactical (a Pyramids list of hundreds
       * holds a few), and the TT move after them when it is another
       * playable move. */
      bool tt_found = tt_move == CHEOPS_MOVE_NONE;
      end = ev->generate_tactical (pos, tt_move, all);
      for (CheopsMove *m = all; m < end && !tt_found; m++)
        tt_found = *m == tt_move;
      if (!tt_found && cheops_position_is_playable (pos, tt_move))
        *end++ = tt_move;
    }
  else if (tactical_only)
    end = cheops_generate_moves (pos, all);
  else
    {
      /* The whole list.  Its moves' history is read now; their kinds and
       * the rest of their scores (score_list()) only when needed: at
       * once without a TT move in the list, else once a second move is
       * asked for.  The TT move's score is above every other, so it is
       * the first pick whatever the others score, and a node that it
       * cuts off classifies nothing more.  The same order as scoring the
       * whole list now. */
      int tt_index = -1;

      end = cheops_generate_moves (pos, all);
      n = (int) (end - all);
      for (int i = 0; i < n; i++)
        {
          CheopsMove move = all[i];

          mp->scores[i] = history != NULL ? history_at (history, us, move) : 0;
          if (move == tt_move)
            tt_index = i;
        }
      mp->ev = ev;
      mp->pos = pos;
      mp->tt_move = tt_move;
      mp->killer_moves[0] = killers != NULL ? killers[0] : CHEOPS_MOVE_NONE;
      mp->killer_moves[1] = killers != NULL ? killers[1] : CHEOPS_MOVE_NONE;
      mp->count = n;
      mp->list_size = n;
      mp->next = 0;
      mp->sorted = false;
      mp->sort_at = n > MOVEPICK_LONG_LIST ? MOVEPICK_SELECT_FIRST : n;
      mp->stage = STAGE_LIST;
      mp->deferred = tt_index >= 0;
      mp->tt_index = tt_index;
      if (!mp->deferred)
        score_list (mp, 0);
      return;
    }

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
        score = tactical_score (ev, pos, move, kind);
      else if (killers != NULL && move == killers[0])
        score = SCORE_KILLER1;
      else if (killers != NULL && move == killers[1])
        score = SCORE_KILLER2;
      else
        score = history != NULL
                ? history_at (history, us, move)
                : 0;
      mp->moves[n] = move;
      mp->scores[n] = score;
      mp->kinds[n] = (uint8_t) kind;
      n++;
    }
  mp->count = n;
  mp->list_size = (int) (end - all);
  mp->next = 0;
  mp->sorted = false;
  mp->sort_at = n > MOVEPICK_LONG_LIST ? MOVEPICK_SELECT_FIRST : n;
  mp->stage = STAGE_LIST;
  mp->deferred = false;
}

void
movepick_init_staged (MovePicker *mp, const EngineVariant *ev, const CheopsPosition *pos, CheopsMove tt_move,
                      const CheopsMove killers[2], const History *history, bool tactical_only)
{
  bool tt_ok = tt_move != CHEOPS_MOVE_NONE && cheops_position_is_playable (pos, tt_move);

  if (!tt_ok && (tactical_only || ev->generate_tactical == NULL))
    {
      movepick_init (mp, ev, pos, CHEOPS_MOVE_NONE, killers, history, tactical_only);
      return;
    }
  mp->ev = ev;
  mp->pos = pos;
  mp->killers = killers;
  mp->history = history;
  mp->tactical_only = tactical_only;
  mp->tt_move = tt_ok ? tt_move : CHEOPS_MOVE_NONE;
  mp->done_count = 0;
  if (tt_ok)
    mp->done[mp->done_count++] = tt_move;
  mp->stage = tt_ok ? STAGE_TT : STAGE_TACTICAL_GEN;
  mp->deferred = false;
  mp->count = 0;
  mp->list_size = 0;
  mp->next = 0;
}

/* The tactical stage's list: @ev->generate_tactical's moves of a kind
 * other than MOVE_QUIET, but the TT move, scored as movepick_init()
 * scores them. */
static void
generate_tactical_stage (MovePicker *mp)
{
  const EngineVariant *ev = mp->ev;
  const CheopsPosition *pos = mp->pos;
  CheopsMove *end = ev->generate_tactical (pos, CHEOPS_MOVE_NONE, mp->moves);
  int n = 0;

  for (CheopsMove *m = mp->moves; m < end; m++)
    {
      CheopsMove move = *m;
      int kind = ev->move_kind (pos, move);

      if (kind == MOVE_QUIET || move == mp->tt_move)
        continue;
      mp->moves[n] = move;
      mp->scores[n] = tactical_score (ev, pos, move, kind);
      mp->kinds[n] = (uint8_t) kind;
      n++;
    }
  mp->count = n;
  mp->next = 0;
  mp->sorted = false;
  mp->sort_at = n;
}

/* The quiet stage's list: every playable quiet move not handed out yet
 * (the TT move, the killers), by history. */
static void
generate_quiet_stage (MovePicker *mp)
{
  const EngineVariant *ev = mp->ev;
  const CheopsPosition *pos = mp->pos;
  CheopsSide us = pos->side_to_move;
  CheopsMove *end = cheops_generate_moves (pos, mp->moves);
  int n = 0;

  mp->list_size = (int) (end - mp->moves);
  for (CheopsMove *m = mp->moves; m < end; m++)
    {
      CheopsMove move = *m;
      bool done = false;

      for (int i = 0; i < mp->done_count; i++)
        done |= move == mp->done[i];
      if (done || ev->move_kind (pos, move) != MOVE_QUIET)
        continue;
      mp->moves[n] = move;
      mp->scores[n] = mp->history != NULL
                      ? history_at (mp->history, us, move) : 0;
      mp->kinds[n] = MOVE_QUIET;
      n++;
    }
  mp->count = n;
  mp->next = 0;
  mp->sorted = false;
  mp->sort_at = n > MOVEPICK_LONG_LIST ? MOVEPICK_SELECT_FIRST : n;
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
  CheopsMove move;

  switch (mp->stage)
    {
    case STAGE_TT:
      /* The TT move alone, before any generation. */
      mp->stage = mp->tactical_only || mp->ev->generate_tactical == NULL ? STAGE_LIST_GEN : STAGE_TACTICAL_GEN;
      *kind = mp->ev->move_kind (mp->pos, mp->tt_move);
      return mp->tt_move;

    case STAGE_LIST_GEN:
      /* The whole list, scored as movepick_init() does with the TT move
       * first, which is picked (so the rest come in the same order as
       * unstaged) and skipped. */
      movepick_init (mp, mp->ev, mp->pos, mp->tt_move, mp->killers, mp->history, mp->tactical_only);
      if (mp->count > 0 && movepick_pick (mp, kind) != mp->tt_move)
        mp->next = 0;   /* not in the list (cannot happen: it was playable) */
      return movepick_pick (mp, kind);

    case STAGE_TACTICAL_GEN:
      generate_tactical_stage (mp);
      mp->stage = STAGE_TACTICAL;
      /* fall through */
    case STAGE_TACTICAL:
      if ((move = movepick_pick (mp, kind)) != CHEOPS_MOVE_NONE)
        return move;
      mp->stage = STAGE_KILLER1;
      /* fall through */
    case STAGE_KILLER1:
    case STAGE_KILLER2:
      while (mp->stage != STAGE_QUIET_GEN)
        {
          int i = mp->stage - STAGE_KILLER1;

          mp->stage++;
          move = mp->killers != NULL ? mp->killers[i] : CHEOPS_MOVE_NONE;
          if (move == CHEOPS_MOVE_NONE || move == mp->tt_move || (i == 1 && move == mp->killers[0])
              || !cheops_position_is_playable (mp->pos, move) || mp->ev->move_kind (mp->pos, move) != MOVE_QUIET)
            continue;
          mp->done[mp->done_count++] = move;
          *kind = MOVE_QUIET;
          return move;
        }
      /* fall through */
    case STAGE_QUIET_GEN:
      generate_quiet_stage (mp);
      mp->stage = STAGE_LIST;
      /* fall through */
    default:
      return movepick_pick (mp, kind);
    }
}

static CheopsMove
movepick_pick (MovePicker *mp, int *kind)
{
  int best;
  CheopsMove move;
  int score;

  if (mp->next >= mp->count)
    return CHEOPS_MOVE_NONE;
  if (mp->deferred)
    {
      if (mp->next == 0)
        {
          /* The TT move, as the selection below would find it (the one
           * best score), swapped to the front. */
          best = mp->tt_index;
          move = mp->moves[best];
          mp->moves[best] = mp->moves[0];
          mp->scores[best] = mp->scores[0];
          mp->moves[0] = move;
          mp->scores[0] = SCORE_TT;
          *kind = mp->ev->move_kind (mp->pos, move);
          mp->kinds[0] = (uint8_t) *kind;
          mp->next = 1;
          return move;
        }
      mp->deferred = false;
      score_list (mp, mp->next);
    }
  if (mp->next >= mp->sort_at)
    {
      if (!mp->sorted)
        sort_rest (mp);
      *kind = mp->kinds[mp->next];
      return mp->moves[mp->next++];
    }
  /* The first of the best: the highest score (a loop the compiler
   * vectorizes), then its first index, as the plain selection finds it. */
  {
    const int *scores = mp->scores;
    int top = scores[mp->next];

    for (int i = mp->next + 1; i < mp->count; i++)
      top = scores[i] > top ? scores[i] : top;
    best = mp->next;
    while (scores[best] != top)
      best++;
  }
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
