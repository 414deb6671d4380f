/* cheops-perft.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * perft: the number of leaves of the tree of playable moves to a given depth,
 * for checking move generation and measuring its speed.  Convention (issue
 * "rules core"): a position where the game is over (Ascension, the draw
 * without Queens and Pawns, no move even under checklock) has no children;
 * repetition and the move counters are ignored.  Bulk counting: at depth 1
 * the count is cheops_count_moves().
 */
#pragma once

#include "cheops-position.h"

#include <stdatomic.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Called once per root move by cheops_perft_divide(), with the leaf count
 * below it. */
typedef void (*CheopsPerftDivideFunc) (CheopsMove move,
                                       uint64_t   nodes,
                                       void      *user_data);

/* The leaf count of @pos to @depth plies (depth 0 counts 1).  @pos is used
 * as scratch space and is restored before returning. */
uint64_t        cheops_perft         (CheopsPosition *pos,
                                      int             depth);
/* The same, calling @func for each root move (in generation order) with its
 * own count; returns the total. */
uint64_t        cheops_perft_divide  (CheopsPosition        *pos,
                                      int                    depth,
                                      CheopsPerftDivideFunc  func,
                                      void                  *user_data);
/* cheops_perft_divide() that ends early once *@stop is true (read between
 * the nodes of the tree, relaxed): then only the root moves counted to
 * their end have been passed to @func and added to the total returned, and
 * *@complete (may be NULL) is false; else it is true.  For a perft another
 * thread may stop (the engine's `go perft` and `stop`). */
uint64_t        cheops_perft_divide_until (CheopsPosition        *pos,
                                           int                    depth,
                                           CheopsPerftDivideFunc  func,
                                           void                  *user_data,
                                           const atomic_bool     *stop,
                                           bool                  *complete);

#ifdef __cplusplus
}
#endif
