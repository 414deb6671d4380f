/* timeman.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Time management.  Sudden death is treated as 30 moves to go; the optimum
 * is an even share of the clock plus three quarters of the increment, the
 * maximum four optimums but never more than a third of what is left after
 * the overhead, so that a short clock (0.1 s + 0.01 s) is never run down.
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
  optimum = left / mtg + increment * 3 / 4;
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
}
