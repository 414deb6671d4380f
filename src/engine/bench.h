/* bench.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `bench`: searches a variant's fixed positions (EngineVariant.bench_fens)
 * to a fixed depth with one thread and a cleared 16 MB table, and prints the
 * total node count (a signature of the search: any functional change
 * changes it) and the speed.
 */
#ifndef BENCH_H_INCLUDED
#define BENCH_H_INCLUDED

#include <stdint.h>

#include "engine-variant.h"

/* Runs the benchmark of @ev to @depth (0: the variant's bench_depth) and
 * prints with @print one line per position, then "Total time (ms)",
 * "Nodes/second" and, last, "Nodes searched: N".  Returns the node count.
 * Only within a job of the search thread (search_start_job()): search_stop()
 * ends it early, with "info string bench stopped in position I of N" before
 * the summary. */
uint64_t bench_run (const EngineVariant *ev,
                    int                  depth,
                    EnginePrintFunc      print);

#endif /* BENCH_H_INCLUDED */
