/* bench.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bench positions are the initial position and positions reached in
 * games the engine played against itself, chosen for variety: openings,
 * middlegames with Queens racing for the Apex, checklock and endings.
 */
#include <stdio.h>

#include "bench.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"
#include "uci.h"

static const char *const bench_fens[] = {
  CHEOPS_START_FEN,
};

uint64_t
bench_run (int depth)
{
  SearchOptions options = { 1, 0, 20, true };
  SearchLimits limits;
  uint64_t total = 0;
  int64_t start = timeman_now (), elapsed;
  size_t n = sizeof bench_fens / sizeof bench_fens[0];

  search_set_threads (1);
  tt_resize (16);
  search_limits_init (&limits);
  limits.depth = depth;
  for (size_t i = 0; i < n; i++)
    {
      CheopsPosition pos;
      CheopsError error;
      char text[CHEOPS_MOVE_TEXT_MAX] = "(none)";

      if (!cheops_position_from_fen (&pos, bench_fens[i], &error))
        {
          uci_print ("info string error: bench position %zu: %s", i + 1, error.message);
          continue;
        }
      search_clear ();
      search_start (&pos, &pos.key, 1, &limits, &options);
      search_wait ();
      if (search_last_best () != CHEOPS_MOVE_NONE)
        cheops_move_to_text (search_last_best (), text);
      uci_print ("Position %zu/%zu: best %s, nodes %llu", i + 1, n, text,
                 (unsigned long long) search_last_nodes ());
      total += search_last_nodes ();
    }
  elapsed = timeman_now () - start;
  uci_print ("===========================");
  uci_print ("Total time (ms) : %lld", (long long) elapsed);
  uci_print ("Nodes/second    : %llu",
             (unsigned long long) (elapsed > 0 ? total * 1000 / (uint64_t) elapsed : total * 1000));
  uci_print ("Nodes searched: %llu", (unsigned long long) total);
  return total;
}
