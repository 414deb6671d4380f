/* search.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search of cheops-engine: iterative deepening over a principal
 * variation search with a transposition table, quiescence, null move and
 * late-move reductions, MultiPV and several threads (lazy SMP), run in
 * threads of its own so that the UCI loop keeps reading commands.
 */
#ifndef SEARCH_H_INCLUDED
#define SEARCH_H_INCLUDED

#include <stdbool.h>
#include <stdint.h>

#include "cheops-core.h"

#define MAX_PLY              128
#define MAX_THREADS          64
#define MAX_MULTIPV          16
#define MAX_HISTORY_KEYS     1024

#define VALUE_DRAW           0
#define VALUE_MATE           32000
#define VALUE_INFINITE       32001
#define VALUE_NONE           32002
#define VALUE_MATE_IN_MAX    (VALUE_MATE - MAX_PLY)

/* SearchLimits: what `go` asked for.  Times in ms; -1 = not given. */
typedef struct {
  int        depth;                 /* 0: no depth limit */
  uint64_t   nodes;                 /* 0: no node limit */
  int64_t    movetime;
  int64_t    time[CHEOPS_SIDE_NB];  /* wtime (a side), btime (q side) */
  int64_t    inc[CHEOPS_SIDE_NB];
  int        movestogo;
  bool       infinite;
  int        perft;                 /* > 0: run perft to this depth instead */
  CheopsMove searchmoves[CHEOPS_MAX_MOVES];
  int        searchmove_count;
} SearchLimits;

/* SearchOptions: the UCI options that shape a search. */
typedef struct {
  int  multipv;        /* 1..MAX_MULTIPV */
  int  move_overhead;  /* ms */
  int  skill_level;    /* 0..20; 20 = full strength */
  bool quiet;          /* print no info and no bestmove (bench) */
} SearchOptions;

/* Builds the search's tables and one worker. */
void      search_init         (void);
/* Sets the number of search threads (1..MAX_THREADS).  Not during a search. */
bool      search_set_threads  (int threads);
/* Forgets everything learnt (history, killers, the transposition table). */
void      search_clear        (void);
/* Starts searching @pos in the background: @keys are the Zobrist keys of
 * the game's positions up to and including @pos (oldest first, for
 * repetitions), @key_count of them.  Prints `info` lines and finally
 * `bestmove` through uci_print().  Returns at once. */
void      search_start        (const CheopsPosition *pos,
                               const uint64_t       *keys,
                               int                   key_count,
                               const SearchLimits   *limits,
                               const SearchOptions  *options);
/* Asks the running search to stop (it answers bestmove within a few ms). */
void      search_stop         (void);
/* Waits for the running search, if any, to finish. */
void      search_wait         (void);
/* Whether a search is running. */
bool      search_is_running   (void);
/* Whether the running job is a `go perft`, which cannot be interrupted. */
bool      search_is_perft     (void);
/* The nodes searched by the last search (all threads). */
uint64_t  search_last_nodes   (void);
/* The best move found by the last search, or CHEOPS_MOVE_NONE. */
CheopsMove search_last_best   (void);

/* Sets @limits to "no limit". */
void      search_limits_init  (SearchLimits *limits);

#endif /* SEARCH_H_INCLUDED */
