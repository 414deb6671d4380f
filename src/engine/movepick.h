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

/* History of quiet moves, by side and by the move's from- and to-cell,
 * updated by the search: a side's entry of a move is at the move's low 14
 * bits, from | to << 7 (history_of()). */
typedef int16_t History[CHEOPS_SIDE_NB][CHEOPS_CELL_MAX * CHEOPS_CELL_MAX];
_Static_assert (CHEOPS_CELL_MAX == 128,
                "history_of() reads a move's from- and to-cell as its low 14 bits (cheops-types.h)");

/* The entry of @move for @side in @history: from the move's from- and
 * to-cell as they stand in its low bits (cheops_move_from(),
 * cheops_move_to()), without taking them apart. */
static inline int16_t *
history_of (History *history, CheopsSide side, CheopsMove move)
{
  return &(*history)[side][move & (CHEOPS_CELL_MAX * CHEOPS_CELL_MAX - 1)];
}

/* The value of that entry. */
static inline int
history_at (const History *history, CheopsSide side, CheopsMove move)
{
  return (*history)[side][move & (CHEOPS_CELL_MAX * CHEOPS_CELL_MAX - 1)];
}

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
  int        list_size;                 /* all playable moves, once generated (0 before) */
  /* A whole list whose TT move is handed out first (movepick.c): the other
   * moves are classified and scored only when a second move is asked for;
   * until then scores[] holds their history (read at movepick_init()). */
  bool       deferred;
  int        tt_index;                  /* the TT move's index in moves[], while deferred */
  CheopsMove killer_moves[2];           /* the killers as movepick_init() found them */
  /* Staged (movepick_init_staged()): what the next call hands out. */
  int        stage;
  CheopsMove tt_move;
  CheopsMove done[3];                   /* handed out before the quiet stage: TT move, killers */
  int        done_count;
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
/* As movepick_init(), but in stages.  When @tt_move is a playable move
 * of @pos (cheops_position_is_playable()), it alone is handed out first
 * and nothing is generated until the next call.  Then:
 * - with @tactical_only, or for a variant without generate_tactical, the
 *   whole list as movepick_init() scores it, the TT move skipped;
 * - else (Pyramids) the moves of @ev->generate_tactical of a kind other
 *   than MOVE_QUIET, by MVV-LVA as movepick_init() scores them; then the
 *   killers that are playable quiet moves; then, generated only now, the
 *   quiet moves not handed out yet, by history (a list of hundreds of
 *   moves is generated only at a node that neither the TT move, a capture
 *   nor a killer cut off).
 * The classes and their order are movepick_init()'s; quiet moves are
 * scored when their stage starts (with the history of the moves searched
 * before).  mp->count and mp->list_size are 0 until the list is generated:
 * a caller that needs the number of moves (no playable move, the only
 * move) must use movepick_init().  @pos, @killers and @history are kept
 * and read at later calls: @pos must then be as it was. */
void        movepick_init_staged (MovePicker           *mp,
                                  const EngineVariant  *ev,
                                  const CheopsPosition *pos,
                                  CheopsMove            tt_move,
                                  const CheopsMove      killers[2],
                                  const History        *history,
                                  bool                  tactical_only);
/* Whether @mp's whole list is generated and mp->count is its number of
 * moves (movepick_init(); a staged picker only once it reached its last
 * stage). */
static inline bool
movepick_generated (const MovePicker *mp)
{
  return mp->stage == 0;
}

/* The next best move, or CHEOPS_MOVE_NONE when none is left; its MoveKind
 * bits go to *@kind. */
CheopsMove  movepick_next  (MovePicker *mp,
                            int        *kind);

#endif /* MOVEPICK_H_INCLUDED */
