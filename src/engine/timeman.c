/* timeman.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Time management.  Sudden death is treated as 30 moves to go; the optimum
 * is an even share of the clock plus three quarters of the increment beyond
 * the overhead, the maximum four optimums but never more than a third of
 * what is left after the overhead, so that a short clock (0.1 s + 0.01 s)
 * is never run down.  The overhead is the Move Overhead option or the lag
 * learnt from the clocks (TimeLag), whichever is longer: on a loaded
 * machine a move is charged tens of milliseconds the engine never sees.
 * Neither limit stops a search before it has completed depth 2
 * (TIMEMAN_MIN_DEPTH), the first to see a mate in one against the side to
 * move: until then only the emergency limit, half of the clock left beyond
 * the overhead, does (issue 19: at 0.05 + 0.01 s the optimum is about a
 * millisecond, and the engine stopped after depth 1 and walked into mates
 * in one).
 */
#include <time.h>

#include "timeman.h"

int64_t
timeman_now (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void
timeman_budget (TimeBudget *budget, int64_t time_left, int64_t increment,
                int moves_to_go, int64_t overhead)
{
  int mtg = moves_to_go > 0 ? (moves_to_go < 30 ? moves_to_go : 30) : 30;
  int64_t left = time_left - overhead;
  int64_t optimum, maximum;

  if (left < 1)
    left = 1;
  optimum = left / mtg + (increment > overhead ? (increment - overhead) * 3 / 4 : 0);
  maximum = optimum * 4;
  if (mtg == 1)
    maximum = left * 4 / 5;
  else if (maximum > left / 3)
    maximum = left / 3;
  if (optimum > maximum)
    optimum = maximum;
  if (optimum < 1)
    optimum = 1;
  if (maximum < 1)
    maximum = 1;
  budget->optimum = optimum;
  budget->maximum = maximum;
  budget->emergency = left / 2 > maximum ? left / 2 : maximum;
}

void
timeman_lag_reset (TimeLag *lag)
{
  for (int s = 0; s < 2; s++)
    {
      lag->clock[s] = -1;
      lag->elapsed[s] = -1;
    }
}

int64_t
timeman_lag_update (TimeLag *lag, int side, int64_t time_left, int64_t increment)
{
  if (side < 0 || side > 1)
    return lag->lag;
  /* The last move took the clock from clock to time_left - increment. */
  if (lag->clock[side] >= 0 && lag->elapsed[side] >= 0)
    {
      int64_t charged = lag->clock[side] + increment - time_left;
      int64_t sample = charged - lag->elapsed[side];

      if (sample < 0)
        sample = 0;
      if (sample > 1000)
        sample = 1000;
      if (sample >= lag->lag)
        lag->lag = sample;
      else
        lag->lag -= (lag->lag - sample + 7) / 8;
    }
  lag->clock[side] = time_left;
  lag->elapsed[side] = -1;
  return lag->lag;
}

void
timeman_lag_done (TimeLag *lag, int side, int64_t elapsed)
{
  if (side >= 0 && side <= 1 && lag->clock[side] >= 0)
    lag->elapsed[side] = elapsed;
}
