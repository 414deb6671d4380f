/* bench.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `bench`: searches a fixed set of positions to a fixed depth with one
 * thread and a cleared 16 MB table, and prints the total node count (a
 * signature of the search: any functional change changes it) and the speed.
 */
#ifndef BENCH_H_INCLUDED
#define BENCH_H_INCLUDED

#include <stdint.h>

#define BENCH_DEFAULT_DEPTH 8

/* Runs the benchmark to @depth and prints one line per position, then
 * "Total time (ms)", "Nodes/second" and, last, "Nodes searched: N".
 * Returns the node count. */
uint64_t bench_run (int depth);

#endif /* BENCH_H_INCLUDED */
