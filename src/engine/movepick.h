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

#include "cheops-core.h"

/* History of quiet moves, [side][from][to], updated by the search. */
typedef int16_t History[CHEOPS_SIDE_NB][CHEOPS_LAWS_CELL_NB][CHEOPS_LAWS_CELL_NB];

/* What kind of move it is in its position. */
typedef enum {
  MOVE_QUIET     = 0,
  MOVE_CAPTURE   = 1,    /* takes a piece (3.6.2), a collapse included (5.2) */
  MOVE_PROMOTION = 2,    /* a Pawn onto the Apex (4.7.3); may capture too */
  MOVE_TO_APEX   = 4,    /* a Queen onto the Apex (8.1) */
} MoveKind;

typedef struct {
  CheopsMove moves[CHEOPS_MAX_MOVES];
  int        scores[CHEOPS_MAX_MOVES];
  int        count;
  int        next;
} MovePicker;

/* The kind (a MoveKind bit set) of @move in @pos. */
int         move_kind      (const CheopsPosition *pos,
                            CheopsMove            move);
/* The gain in material of a capture, collapse or promotion (for MVV-LVA and
 * quiescence pruning). */
int         move_gain      (const CheopsPosition *pos,
                            CheopsMove            move);
/* Generates and scores the playable moves of @pos: the TT move first, then
 * promotions, moves onto the Apex and captures by MVV-LVA, then the two
 * killers, then quiet moves by history.  With @tactical_only, only
 * captures, collapses, promotions and moves onto the Apex are kept. */
void        movepick_init  (MovePicker           *mp,
                            const CheopsPosition *pos,
                            CheopsMove            tt_move,
                            const CheopsMove      killers[2],
                            const History        *history,
                            bool                  tactical_only);
/* The next best move, or CHEOPS_MOVE_NONE when none is left. */
CheopsMove  movepick_next  (MovePicker *mp);

#endif /* MOVEPICK_H_INCLUDED */
