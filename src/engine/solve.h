/* solve.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The problem solver: an exhaustive proof search of "the side to move wins
 * in N of its own moves" for a position of any variant (issue 12).  An
 * AND/OR search over the core's playable moves: at the attacker's nodes one
 * move must win, at the defender's every move must lose.  A win is whatever
 * the variant's outcome table (CheopsOutcomeInfo.winner) gives the attacker
 * — Ascension or checkmate in Cheops, checkmate, stalemate or the
 * opponent's third repetition in TrigChess, checkmate or a flip in Cypher
 * chess, checkmate in Pyramids; a draw or the defender's win is no win.  It
 * prunes only what a proof allows (a proved move ends its node, a refuted
 * defence ends its node) and never evaluates: what it says is a proof, or
 * "undecided" when a limit stops it first.
 *
 * Plain C, the core only (no GLib), so that the engine, the `cheops` tool,
 * the studio and the tests can link it (the static library cheops-solve).
 * A solve allocates its transposition table and its per-ply move lists
 * once, at its start; the search itself never allocates.  Several solves
 * may run at once in different threads: they share nothing (the threads
 * of one solve, CheopsSolveLimits.threads, share its table).
 */
#ifndef SOLVE_H_INCLUDED
#define SOLVE_H_INCLUDED

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cheops-position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most moves a stipulation may ask for (a "#N" with N above this is
 * refused by the caller: the search's per-ply tables are sized by it). */
#define CHEOPS_SOLVE_MAX_DEPTH 16

/* The genre of a problem (its stipulation's kind); the side to move in
 * the problem's position is "the attacker" (it moves first), the other
 * side "the defender".  Whatever the genre, a win is what the variant's
 * outcome table gives (CheopsOutcomeInfo.winner), never game knowledge of
 * the solver's.
 *   DIRECT  "#N": the attacker wins in at most N of its moves against
 *           every defence.
 *   HELP    "h#N": both sides cooperate; the defender wins with its N-th
 *           move (ply 2N) and no earlier ply ends the game.  A solution is
 *           a whole line of 2N plies.
 *   SELF    "s#N": the attacker forces the defender to win by the
 *           defender's N-th move at the latest; the defender avoids it (a
 *           game end with any other result refutes, a draw included).  A
 *           game end with the defender's win after any ply in time fulfils
 *           it, as a defender's move that ends the game with the
 *           attacker's win fulfils "#N".
 *   SERIES  "ser-#N": the attacker makes N moves in a row while the
 *           defender passes (the variant's null move, CheopsVariantFuncs
 *           .do_null_move); the N-th wins, and none before it checks or
 *           ends the game.  A solution is the line of the N moves. */
typedef enum {
  CHEOPS_SOLVE_DIRECT = 0,
  CHEOPS_SOLVE_HELP,
  CHEOPS_SOLVE_SELF,
  CHEOPS_SOLVE_SERIES,
} CheopsSolveGenre;

/* What verifying a problem concluded (`cheops problem verify`'s words are
 * cheops_solve_verdict_name()'s). */
typedef enum {
  CHEOPS_SOLVE_SOUND = 0,       /* exactly one key, and the file's solution begins with it
                                 * (h#, ser-#: exactly the intended number of solutions, and
                                 * the file's line is the start of one) */
  CHEOPS_SOLVE_COOKED,          /* more than one first move wins in N (h#, ser-#: more
                                 * solutions than intended) */
  CHEOPS_SOLVE_NO_SOLUTION,     /* no first move wins in N (h#, ser-#: no solution) */
  CHEOPS_SOLVE_WRONG_SOLUTION,  /* a key exists, the file's solution does not begin with one
                                 * (h#, ser-#: or fewer solutions than intended) */
  CHEOPS_SOLVE_UNDECIDED,       /* a limit or a cancel stopped the search */
} CheopsSolveVerdict;

/* Where a solve is, for a progress bar: @done of @total root moves
 * examined in the phase @phase (0: finding the keys, 1: the defences and
 * duals of the keys), @nodes moves played so far, @seconds of wall-clock
 * time since the start.  Called from the solving thread. */
typedef struct {
  int     phase;
  int     done;
  int     total;
  int64_t nodes;
  double  seconds;
} CheopsSolveProgress;

typedef void (*CheopsSolveProgressFunc) (const CheopsSolveProgress *progress,
                                         void                      *user_data);

/* The limits and hooks of a solve.  Zero everywhere means no limit, no
 * cancel, no progress and the default table. */
typedef struct {
  int64_t                  max_nodes;     /* moves played; 0: no limit */
  double                   max_seconds;   /* wall-clock seconds; 0: no limit */
  const atomic_int        *cancel;        /* stops the solve when it becomes non-zero; may be NULL */
  CheopsSolveProgressFunc  progress;      /* may be NULL */
  void                    *progress_data;
  size_t                   tt_megabytes;  /* transposition table; 0: 16, or 1 for N <= 2 */
  /* The plain exhaustive search (`cheops problem verify --prove`): no
   * table, no move ordering, no cut-off — every move of every node is
   * searched to its end, in the order of the core's move generation, and
   * the verdict is re-decided by that second, independent search.  Its
   * trees grow as the moves' count to the power 2N - 1: for N <= 3. */
  bool                     plain;
  /* The threads a solve of #N or s#N splits its work over: the first
   * moves, each move's defences (a thread with no first move left joins
   * the one with the most defences left), then the keys' defences; they
   * share one table (tt_megabytes, read and written without a lock), the
   * node limit is shared out among them, progress is reported by the
   * calling thread's share; 0 or 1: the calling thread alone.  h#, ser-#
   * and the plain search run in the calling thread. */
  int                      threads;
} CheopsSolveLimits;

/* A defence against a key: the defender's move @move and every
 * continuation of the attacker after it that wins in the moves left
 * (@n_wins of them in @wins; more than one is a dual), or none when the
 * defence itself ends the game with the attacker's win (@outcome, else
 * CHEOPS_OUTCOME_NONE). */
typedef struct {
  CheopsMove     move;
  CheopsOutcome  outcome;
  int            n_wins;
  CheopsMove    *wins;
} CheopsSolveDefence;

/* A first move that wins in N (a key): @move, the game's end it reaches at
 * once when it wins in one (@outcome, else CHEOPS_OUTCOME_NONE), and the
 * defender's @n_defences moves after it with their winning continuations
 * (none for a win in one). */
typedef struct {
  CheopsMove          move;
  CheopsOutcome       outcome;
  int                 n_defences;
  CheopsSolveDefence *defences;
} CheopsSolveKey;

/* A first move that does not win in N (a try) and a defence that refutes
 * it (CHEOPS_MOVE_NONE when the move itself ends the game without the
 * attacker's win, @outcome then says how). */
typedef struct {
  CheopsMove    move;
  CheopsMove    refutation;
  CheopsOutcome outcome;
} CheopsSolveTry;

/* What a solve found.  Keys and tries are in the order of the core's move
 * generation.  When @verdict is CHEOPS_SOLVE_UNDECIDED, @keys and @tries
 * hold what was proved before the stop (a key listed is proved; the moves
 * not listed were not decided) and @stopped_by says why ("node limit",
 * "time limit", "cancelled"). */
typedef struct {
  CheopsSolveVerdict  verdict;
  CheopsSolveGenre    genre;
  CheopsSide          attacker;
  int                 depth;         /* N */
  /* h#, ser-#: the solutions, whole lines (for h# 2N plies, the
   * attacker's first; for ser-# the attacker's N moves, the defender's
   * passes left out), @solution_plies moves each, the first @n_stored of
   * them in @solutions (at most CHEOPS_SOLVE_MAX_STORED), in the order of
   * the core's move generation; @n_solutions counts them all (proved so
   * far when undecided); @intended is the number the problem states.  The
   * keys are then the distinct first moves of the solutions (without
   * defences) and the tries the other first moves (refutation NONE). */
  int64_t             n_solutions;
  int                 n_stored;
  int                 solution_plies;
  CheopsMove         *solutions;
  int                 intended;
  int                 n_keys;
  CheopsSolveKey     *keys;
  int                 n_tries;
  CheopsSolveTry     *tries;
  int                 n_first_moves; /* the attacker's playable first moves */
  bool                mainline_is_key; /* the file's first move is a key */
  const char         *stopped_by;    /* static English, or NULL */
  int64_t             nodes;         /* moves played in all */
  double              seconds;       /* wall-clock time */
  /* Processor time, seconds: @cpu_seconds of all the solve's threads;
   * @span_seconds along its critical path, the parts run by the calling
   * thread alone and, of each part split over threads, the busiest
   * thread's — the wall-clock time with a core per thread and nothing
   * else running, which a loaded machine cannot show (benchmarks).  The
   * same with one thread. */
  double              cpu_seconds;
  double              span_seconds;
} CheopsSolveResult;

/* The most solutions of an h# or ser-# a result keeps (all are counted). */
#define CHEOPS_SOLVE_MAX_STORED 256

/* A problem to solve: its genre and N (1..CHEOPS_SOLVE_MAX_DEPTH), for
 * h# and ser-# the number of solutions the composer states
 * (`[Solutions "2"]`; 0 means 1), and the file's solution: the first
 * @n_line moves of its mainline (none: @n_line 0, so a solution found
 * makes the verdict wrong-solution).  For #N and s#N only its first move
 * counts; for h# and ser-# the line must be the start of a solution (a
 * ser-# line is the attacker's moves only). */
typedef struct {
  CheopsSolveGenre  genre;
  int               depth;
  int               intended;
  const CheopsMove *line;
  int               n_line;
} CheopsSolveProblem;

/* Solves @problem in @pos and judges it: for #N and s#N as
 * cheops_solve() does (every key with its defences and the attacker's
 * continuations that still fulfil the stipulation after each, a refutation
 * of every other first move); for h#N and ser-#N every solution.  @limits
 * may be NULL (no limit); with @limits->plain the plain exhaustive search
 * decides.  @pos is not changed.  Returns a newly allocated result (free
 * it with cheops_solve_result_free()), or NULL when memory cannot be had
 * or the depth or genre is out of range. */
CheopsSolveResult *cheops_solve_problem      (const CheopsPosition     *pos,
                                              const CheopsSolveProblem *problem,
                                              const CheopsSolveLimits  *limits);

/* The stipulation's sign of @genre: "#", "h#", "s#", "ser-#" (static). */
const char        *cheops_solve_genre_sign   (CheopsSolveGenre genre);

/* Solves "the side to move in @pos wins in @depth of its moves"
 * (1..CHEOPS_SOLVE_MAX_DEPTH) and judges the problem whose solution begins
 * with @mainline (CHEOPS_MOVE_NONE: the file gives none, so a key found
 * makes the verdict wrong-solution).  Finds every key, for each key every
 * defence and the continuations that win after it, and a refutation of
 * every other first move.  @limits may be NULL (no limit).  @pos is not
 * changed (the search plays on a copy).  Returns a newly allocated result
 * (free it with cheops_solve_result_free()), or NULL when memory for the
 * tables cannot be had or @depth is out of range. */
CheopsSolveResult *cheops_solve              (const CheopsPosition    *pos,
                                              int                      depth,
                                              CheopsMove               mainline,
                                              const CheopsSolveLimits *limits);

void               cheops_solve_result_free  (CheopsSolveResult *result);

/* The word of @verdict: "sound", "cooked", "no-solution",
 * "wrong-solution", "undecided" (static, not translated: the command
 * line's output). */
const char        *cheops_solve_verdict_name (CheopsSolveVerdict verdict);

/* Whether the side to move in @pos wins in at most @depth of its moves
 * (1..CHEOPS_SOLVE_MAX_DEPTH): 1 yes, 0 no, -1 undecided (a limit).  The
 * same proof search without the keys' analysis; for a solve mode that
 * checks a single move, and for tests.  *@nodes (may be NULL) receives the
 * moves played. */
int                cheops_solve_wins_in      (const CheopsPosition    *pos,
                                              int                      depth,
                                              const CheopsSolveLimits *limits,
                                              int64_t                 *nodes);

#ifdef __cplusplus
}
#endif

#endif /* SOLVE_H_INCLUDED */
