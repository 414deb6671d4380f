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
  /* `go searchmoves`: @searchmove_count playable moves (0: every move),
   * no duplicates, owned by the caller and read (copied) only by
   * search_start() and search_run(), so they need not outlive the call. */
  const CheopsMove *searchmoves;
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

/* Where a long iteration stands (UCI `info ... currmove M currmovenumber
 * K`, as Stockfish): sent by the reporting thread when no line went out
 * for SEARCH_PROGRESS_MS, so that a GUI's readout keeps moving. */
#define SEARCH_PROGRESS_MS 1000
typedef struct {
  int               depth;          /* the iteration's depth */
  int               seldepth;
  uint64_t          nodes;          /* all threads */
  uint64_t          nps;
  int               hashfull;       /* permille */
  int64_t           time;           /* ms since the start */
  CheopsMove        currmove;       /* the root move being searched */
  int               currmovenumber; /* 1-based, in the iteration's order */
} SearchProgress;

/* How a search reports: each function may be NULL (not called), and is
 * called from a search thread, never two at once.  @data is passed back. */
typedef struct {
  /* After each completed iteration, once per MultiPV line.  When the game
   * is over at the root (no root move): once, with depth 0, pv_length 0
   * and the score -VALUE_MATE (the side to move has lost: UCI `score mate
   * 0`) or VALUE_DRAW; nothing when the side to move has won (UCI has no
   * form for it). */
  void (*info)     (const SearchInfo *info, void *data);
  /* At the end: the best move (CHEOPS_MOVE_NONE when there is none) and
   * the expected reply (CHEOPS_MOVE_NONE when not known). */
  void (*bestmove) (CheopsMove best, CheopsMove ponder, void *data);
  /* `go perft`: each root move's count, in the order generated, then the
   * total of those reported; @complete is false when `stop` ended the
   * perft early (the root moves not reported were not counted, or not to
   * their end). */
  void (*perft_move) (CheopsMove move, uint64_t nodes, void *data);
  void (*perft_done) (uint64_t total, bool complete, void *data);
  /* During an iteration, at least every SEARCH_PROGRESS_MS. */
  void (*progress) (const SearchProgress *progress, void *data);
  void *data;
} SearchReport;

/* Whether @score is a win or a loss in a number of plies (within MAX_PLY
 * of +-VALUE_MATE), to be shown as UCI `score mate N`. */
bool      search_is_mate      (int score);
/* The N of UCI `score mate N` for a mate @score (search_is_mate()): the
 * moves to the end of a won (N >= 1) or lost (N <= -1) game; 0 only for a
 * loss at ply 0, the side to move having lost already (UCI `score mate 0`).
 * 0 too when @score is no mate score. */
int       search_mate_moves   (int score);

/* Builds the search's tables and one worker. */
void      search_init         (void);
/* Sets the number of search threads (1..MAX_THREADS).  Not during a search. */
bool      search_set_threads  (int threads);
/* Forgets everything learnt (history, killers, the transposition table). */
void      search_clear        (void);
/* What a new game costs, paid now and not by its first search (issue 19):
 * stops any search, then runs a short search of @pos (the new game's start;
 * may be NULL) that reports nothing — the search thread's start, the first
 * touch of the variant's code, tables and the stack — and forgets it all
 * (search_clear(), which faults the transposition table in again).  For
 * ucinewgame, a variant change and the engine's start, before `readyok`. */
void      search_prepare      (const CheopsPosition *pos);
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
/* Runs @job (@data) in the search thread, where search_stop() reaches it,
 * as search_start() does a search (search_wait() waits for it).  Returns at
 * once.  The job may call search_run() and search_stopped(). */
void      search_start_job    (void (*job) (void *data),
                               void  *data);
/* Within a job (and only there): searches @pos as search_start() would,
 * but in the calling thread, and returns when done: true, or false when
 * search_stop() ended it (then, or before it started). */
bool      search_run          (const CheopsPosition *pos,
                               const uint64_t       *keys,
                               int                   key_count,
                               const SearchLimits   *limits,
                               const SearchOptions  *options,
                               const SearchReport   *report);
/* Whether search_stop() was called since the running search or job
 * started. */
bool      search_stopped      (void);
/* The nodes searched by the last search (all threads). */
uint64_t  search_last_nodes   (void);
/* The best move found by the last search, or CHEOPS_MOVE_NONE. */
CheopsMove search_last_best   (void);

/* Sets @limits to "no limit". */
void      search_limits_init  (SearchLimits *limits);

#endif /* SEARCH_H_INCLUDED */
