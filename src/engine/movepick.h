/* movepick.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Move ordering for the search: the playable moves of a position
 * (cheops_generate_moves(), so checklock moves too, R4), scored and handed
 * out best first.
 */
#ifndef MOVEPICK_H_INCLUDED
#define MOVEPICK_H_INCLUDED

#include <stdbool.h>
#include <stdint.h>

#include "cheops-position.h"
#include "engine-variant.h"

/* History of quiet moves, [side][from][to], updated by the search. */
typedef int16_t History[CHEOPS_SIDE_NB][CHEOPS_CELL_MAX][CHEOPS_CELL_MAX];

/* A picker's storage: CHEOPS_MAX_MOVES entries of each array (about 72 KB),
 * too large for a stack frame per search ply, so the search keeps one per
 * ply on the heap (search.c, Worker.pickers), allocated once per search
 * thread; movepick_init() touches only the entries it fills. */
typedef struct {
  CheopsMove moves[CHEOPS_MAX_MOVES];
  int        scores[CHEOPS_MAX_MOVES];
  uint8_t    kinds[CHEOPS_MAX_MOVES];   /* MoveKind bits, by @ev->move_kind */
  int        count;
  int        next;
  int        sort_at;                   /* from this pick on, the rest is sorted once (movepick.c) */
  bool       sorted;
  /* Staged (movepick_init_staged()): the TT move was handed out before
   * any generation; the list is generated at the next call, and the TT
   * move, picked first from it again, is skipped. */
  bool       tt_pending;
  bool       tt_skip;
  CheopsMove tt_move;
  bool       tactical_only;
  const EngineVariant  *ev;
  const CheopsPosition *pos;
  const CheopsMove     *killers;
  const History        *history;
} MovePicker;

/* Lists longer than this are handed out by selection for their first
 * MOVEPICK_SELECT_FIRST moves and then sorted once (a Pyramids position has
 * thousands of moves: selection over all of them is quadratic).  Every
 * Cheops and TrigChess list is shorter (the old CHEOPS_MAX_MOVES was 320),
 * so their order, and the bench signatures, are those of pure selection. */
#define MOVEPICK_LONG_LIST     320
#define MOVEPICK_SELECT_FIRST  4

/* Generates and scores the playable moves of @pos: the TT move first, then
 * promotions, the variant's special moves and captures by MVV-LVA (values
 * @ev->piece_value), then the two killers, then quiet moves by history.
 * With @tactical_only, only moves of a kind other than MOVE_QUIET are kept
 * (and the TT move). */
void        movepick_init  (MovePicker           *mp,
                            const EngineVariant  *ev,
                            const CheopsPosition *pos,
                            CheopsMove            tt_move,
                            const CheopsMove      killers[2],
                            const History        *history,
                            bool                  tactical_only);
/* As movepick_init(), but in stages: when @tt_move is a playable move of
 * @pos (cheops_position_is_playable()), it alone is handed out first and
 * nothing is generated until the next call, which generates and scores the
 * whole list as movepick_init() does and hands out the rest in the same
 * order (the TT move, scored first, is picked and skipped).  A node that
 * the TT move cuts off generates nothing.  mp->count is 0 until the list
 * is generated: a caller that needs the number of moves (no playable move,
 * the only move) must use movepick_init().  @pos, @killers and @history are
 * kept and read at the next call: @pos must then be as it was. */
void        movepick_init_staged (MovePicker           *mp,
                                  const EngineVariant  *ev,
                                  const CheopsPosition *pos,
                                  CheopsMove            tt_move,
                                  const CheopsMove      killers[2],
                                  const History        *history,
                                  bool                  tactical_only);
/* The next best move, or CHEOPS_MOVE_NONE when none is left; its MoveKind
 * bits go to *@kind. */
CheopsMove  movepick_next  (MovePicker *mp,
                            int        *kind);

#endif /* MOVEPICK_H_INCLUDED */
