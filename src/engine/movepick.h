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

typedef struct {
  CheopsMove moves[CHEOPS_MAX_MOVES];
  int        scores[CHEOPS_MAX_MOVES];
  uint8_t    kinds[CHEOPS_MAX_MOVES];   /* MoveKind bits, by @ev->move_kind */
  int        count;
  int        next;
} MovePicker;

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
