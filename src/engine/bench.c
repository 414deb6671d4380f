/* bench.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bench: each variant's positions (evaluate-<variant>.c), searched one
 * after the other with a cleared table.  It runs as a job of the search
 * thread (search_start_job()), so that `stop` ends it: then a line
 * `info string bench stopped in position I of N` precedes the summary, whose
 * `Nodes searched:` counts the nodes searched so far (no signature).
 */
#include "bench.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

uint64_t
bench_run (const EngineVariant *ev, int depth, EnginePrintFunc print)
{
  SearchOptions options = { 1, 0, 20 };
  SearchLimits limits;
  uint64_t total = 0;
  int64_t start = timeman_now (), elapsed;
  size_t n = 0;

  while (ev->bench_fens[n] != NULL)
    n++;
  search_set_threads (1);
  tt_resize (16);
  search_limits_init (&limits);
  limits.depth = depth > 0 ? depth : ev->bench_depth;
  for (size_t i = 0; i < n; i++)
    {
      CheopsPosition pos;
      CheopsError error;
      char text[CHEOPS_MOVE_TEXT_MAX] = "(none)";

      if (!cheops_position_from_fen (&pos, ev->variant, ev->bench_fens[i], &error))
        {
          print ("info string error: bench position %zu: %s", i + 1, error.message);
          continue;
        }
      search_clear ();
      if (!search_run (&pos, &pos.key, 1, &limits, &options, NULL))
        {
          /* `stop` (or quit, ucinewgame...): the summary of what was done. */
          total += search_last_nodes ();
          print ("info string bench stopped in position %zu of %zu", i + 1, n);
          break;
        }
      if (search_last_best () != CHEOPS_MOVE_NONE)
        cheops_move_to_text (ev->variant, search_last_best (), text);
      print ("Position %zu/%zu: best %s, nodes %llu", i + 1, n, text,
             (unsigned long long) search_last_nodes ());
      total += search_last_nodes ();
    }
  elapsed = timeman_now () - start;
  print ("===========================");
  print ("Total time (ms) : %lld", (long long) elapsed);
  print ("Nodes/second    : %llu",
         (unsigned long long) (elapsed > 0 ? total * 1000 / (uint64_t) elapsed : total * 1000));
  print ("Nodes searched: %llu", (unsigned long long) total);
  return total;
}
