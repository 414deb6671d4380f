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
/* The next best move, or CHEOPS_MOVE_NONE when none is left; its MoveKind
 * bits go to *@kind. */
CheopsMove  movepick_next  (MovePicker *mp,
                            int        *kind);

#endif /* MOVEPICK_H_INCLUDED */
