/* search.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search of cheops-engine: iterative deepening over a principal
 * variation search with a transposition table, quiescence, null move and
 * late-move reductions, MultiPV and several threads (lazy SMP), run in
 * threads of its own so that the UCI loop keeps reading commands.  One
 * search for every variant: it calls the core's generic API and the
 * variant's engine hooks (engine-variant.h), and reports through the
 * callbacks of a SearchReport (it prints nothing itself).
 */
#ifndef SEARCH_H_INCLUDED
#define SEARCH_H_INCLUDED

#include <stdbool.h>
#include <stdint.h>

#include "cheops-position.h"
#include "engine-variant.h"

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
} SearchOptions;

/* One line of a completed iteration (UCI `info`).  @score is from the side
 * to move's point of view: centipawns, or within MAX_PLY of +-VALUE_MATE a
 * win (a loss) in VALUE_MATE - |score| plies (search_mate_moves()). */
typedef struct {
  int               depth;
  int               seldepth;
  int               multipv;      /* 1-based line */
  int               score;
  uint64_t          nodes;        /* all threads */
  uint64_t          nps;
  int               hashfull;     /* permille */
  int64_t           time;         /* ms since the start */
  const CheopsMove *pv;           /* @pv_length moves, valid during the call */
  int               pv_length;
} SearchInfo;

/* How a search reports: each function may be NULL (not called), and is
 * called from a search thread, never two at once.  @data is passed back. */
typedef struct {
  /* After each completed iteration, once per MultiPV line. */
  void (*info)     (const SearchInfo *info, void *data);
  /* At the end: the best move (CHEOPS_MOVE_NONE when there is none) and
   * the expected reply (CHEOPS_MOVE_NONE when not known). */
  void (*bestmove) (CheopsMove best, CheopsMove ponder, void *data);
  /* `go perft`: each root move's count, in the order generated, then the
   * total. */
  void (*perft_move) (CheopsMove move, uint64_t nodes, void *data);
  void (*perft_done) (uint64_t total, void *data);
  void *data;
} SearchReport;

/* The number of moves to the end of a won (> 0) or lost (< 0) game that a
 * mate @score means (UCI `score mate N`); 0 when @score is no such score. */
int       search_mate_moves   (int score);

/* Builds the search's tables and one worker. */
void      search_init         (void);
/* Sets the number of search threads (1..MAX_THREADS).  Not during a search. */
bool      search_set_threads  (int threads);
/* Forgets everything learnt (history, killers, the transposition table). */
void      search_clear        (void);
/* Starts searching @pos (of a variant engine_variant_of() knows) in the
 * background: @keys are the Zobrist keys of the game's positions up to and
 * including @pos (oldest first, for repetitions), @key_count of them.
 * Reports through *@report (copied; may be NULL for none).  Returns at
 * once. */
void      search_start        (const CheopsPosition *pos,
                               const uint64_t       *keys,
                               int                   key_count,
                               const SearchLimits   *limits,
                               const SearchOptions  *options,
                               const SearchReport   *report);
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
