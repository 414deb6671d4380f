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
 * is stopped at once after @maximum ms — but only once it has finished
 * the iterations that see a mate in one against the side to move (depth
 * 2, TIMEMAN_MIN_DEPTH); until then it is stopped only after @emergency
 * ms (half of the clock left beyond the overhead, at least @maximum), when
 * the clock is too short for even those (issue 19). */
typedef struct {
  int64_t optimum;
  int64_t maximum;
  int64_t emergency;
} TimeBudget;

/* The depth a search under a clock or `go movetime` always completes (if
 * the clock allows: TimeBudget.emergency): depth 2 is the first that
 * searches every reply of the opponent to each move, so the first to see a
 * mate in one against the side to move; depth 1 sees its own. */
#define TIMEMAN_MIN_DEPTH 2

/* Milliseconds of a monotonic clock. */
int64_t timeman_now     (void);
/* The budget for a side with @time_left ms on its clock, @increment ms per
 * move, @moves_to_go moves to the next time control (0: sudden death) and
 * @overhead ms lost per move to communication (the increment counts only
 * beyond it). */
void    timeman_budget  (TimeBudget *budget,
                         int64_t     time_left,
                         int64_t     increment,
                         int         moves_to_go,
                         int64_t     overhead);

/* TimeLag: what the clock charges beyond what the engine measures (the
 * writing and reading of the moves, and the waits for a processor of both
 * programs on a loaded machine), learnt from the clocks that each `go`
 * gives: a side's clock before and after a move tell what that move was
 * charged, the engine knows how long it searched; the difference is the
 * lag.  The estimate follows a longer lag at once and a shorter one slowly
 * (an eighth of the difference a move), and outlives a new game. */
typedef struct {
  int64_t clock[2];    /* the side's clock at its last go, ms; -1: none */
  int64_t elapsed[2];  /* how long that search took by the engine's clock; -1: none */
  int64_t lag;         /* the estimate, ms, 0..1000 */
} TimeLag;

/* Forgets the clocks (a new game), keeps the estimate. */
void    timeman_lag_reset  (TimeLag    *lag);
/* At a `go` for @side with @time_left and @increment ms: learns from the
 * side's last move, if any, and returns the estimate (ms). */
int64_t timeman_lag_update (TimeLag    *lag,
                            int         side,
                            int64_t     time_left,
                            int64_t     increment);
/* At the end of that search: it took @elapsed ms by the engine's clock. */
void    timeman_lag_done   (TimeLag    *lag,
                            int         side,
                            int64_t     elapsed);

#endif /* TIMEMAN_H_INCLUDED */
