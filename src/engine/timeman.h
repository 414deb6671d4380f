/* timeman.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Time management: how long to think on a move under a clock (UCI wtime,
 * btime, winc, binc, movestogo).
 */
#ifndef TIMEMAN_H_INCLUDED
#define TIMEMAN_H_INCLUDED

#include <stdint.h>

/* TimeBudget: the search stops starting new iterations after @optimum ms and
 * is stopped at once after @maximum ms. */
typedef struct {
  int64_t optimum;
  int64_t maximum;
} TimeBudget;

/* Milliseconds of a monotonic clock. */
int64_t timeman_now     (void);
/* The budget for a side with @time_left ms on its clock, @increment ms per
 * move, @moves_to_go moves to the next time control (0: sudden death) and
 * @overhead ms lost per move to communication. */
void    timeman_budget  (TimeBudget *budget,
                         int64_t     time_left,
                         int64_t     increment,
                         int         moves_to_go,
                         int64_t     overhead);

#endif /* TIMEMAN_H_INCLUDED */
