/* solve.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The problem solver (solve.h): an AND/OR proof search of "the side to
 * move wins in N of its moves" over the core's playable moves.
 *
 * attacker (d): does the attacker, to move, win in at most d moves?  First
 *   every move is played once to see whether it ends the game with the
 *   attacker's win (a win in one ends the node); a move that ends it any
 *   other way is dropped; the rest are remembered with whether they give
 *   check.  With d > 1 the moves are then tried against every defence:
 *   the move the table remembers first, then checks, then the others.
 * defender (d): does every defence lose to a win in at most d moves?  The
 *   defence that refuted a sibling (the killer of its ply) is tried first;
 *   a defence that ends the game without the attacker's win refutes.
 * The transposition table holds attacker nodes only, keyed by the
 * position's key and its halfmove clock (a counter some outcomes depend
 * on), with the least depth proved to win and the greatest proved to fail:
 * a win in d is a win in any d' >= d, a failure in d a failure in any
 * d' <= d.  Repetitions (TrigChess TR15, Cypher chess CY23) depend on the
 * path, not on the position, so a table entry could hide one: when the
 * variant's repetition outcome can occur within the search's plies (a
 * position recurs at the earliest four plies later, so the count c needs
 * 4 (c - 1) plies), the path's keys are checked at every move and the
 * table is not used.
 *
 * The other genres (solve.h, CheopsSolveGenre) use the same nodes:
 * s#N is the same AND/OR search with the goal the defender's win and one
 *   more defender's ply (the attacker's last move must leave only
 *   defences that win for the defender); attacker (0) fails.
 * h#N and ser-#N enumerate every line (help_search(), series_search()):
 *   the fast search remembers in the table the nodes that hold no solution
 *   (keyed with the plies left, since a line must take exactly N moves).
 * The plain search (CheopsSolveLimits.plain, plain_attacker() and
 * plain_defender()) is a second, separate implementation of #N and s#N
 * for `--prove`: no table, no ordering, no cut-off.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cheops-position.h"
#include "solve.h"

/* One table entry: 16 bytes, two words that threads sharing the table
 * read and write without a lock (CheopsSolveLimits.threads): @data packs
 * the winning move (bits 0-31, or NONE), the least depth proved to win
 * (bits 32-39; 0: none) and the greatest proved to fail (bits 40-47; 0:
 * none), and @check is the position's key XOR @data, so that an entry
 * torn by two writers at once fails the check and reads as empty (the
 * "lockless hashing" of chess engines).  Whatever an entry says is a
 * proof, so losing one writer's update loses only work. */
typedef struct {
  _Atomic uint64_t check;
  _Atomic uint64_t data;
} SolveEntry;

#define ENTRY_MOVE(d)  ((CheopsMove) ((d) & 0xFFFFFFFFu))
#define ENTRY_WIN(d)   ((int) (((d) >> 32) & 0xFF))
#define ENTRY_FAIL(d)  ((int) (((d) >> 40) & 0xFF))
#define ENTRY_DATA(move, win, fail) \
  ((uint64_t) (move) | ((uint64_t) (uint8_t) (win) << 32) | ((uint64_t) (uint8_t) (fail) << 40))

/* The data of @e if it holds @key, else 0 (nothing known). */
static inline uint64_t
tt_read (SolveEntry *e, uint64_t key)
{
  uint64_t d = atomic_load_explicit (&e->data, memory_order_relaxed);
  uint64_t c = atomic_load_explicit (&e->check, memory_order_relaxed);

  return (c ^ d) == key ? d : 0;
}

/* Adds to @e what is proved of @key: a win in @win (0: none) with @move,
 * a failure in @fail (0: none); merged with what @e knows of @key, else
 * replacing it. */
static inline void
tt_write (SolveEntry *e, uint64_t key, CheopsMove move, int win, int fail)
{
  uint64_t old = tt_read (e, key), d;
  int w = ENTRY_WIN (old), f = ENTRY_FAIL (old);
  CheopsMove m = ENTRY_MOVE (old);

  if (win != 0 && (w == 0 || win < w))
    w = win;
  if (win != 0)
    m = move;   /* the latest winning move, as the single-threaded table always kept */
  if (fail > f)
    f = fail;
  d = ENTRY_DATA (m, w, f);
  atomic_store_explicit (&e->data, d, memory_order_relaxed);
  atomic_store_explicit (&e->check, key ^ d, memory_order_relaxed);
}

typedef enum {
  R_FAIL  = 0,
  R_WIN   = 1,
  R_ABORT = 2,
} SolveResultCode;

/* The moves of one ply and what the attacker's first pass learnt of them. */
typedef struct {
  CheopsMove moves[CHEOPS_MAX_MOVES];
  uint8_t    flags[CHEOPS_MAX_MOVES];
} SolvePly;

#define FLAG_DEAD  1   /* ends the game without the attacker's win */
#define FLAG_CHECK 2   /* gives check */

#define MAX_PLIES (2 * CHEOPS_SOLVE_MAX_DEPTH + 2)

typedef struct {
  CheopsPosition           pos;
  CheopsSide               attacker;
  CheopsSide               goal;        /* the side whose win fulfils the stipulation */
  CheopsSolveGenre         genre;
  bool                     self;        /* s#: the defender's last ply must win for it */
  bool                     plain;       /* --prove: no table, no ordering, no cut-off */
  const CheopsSolveLimits *limits;
  SolveEntry              *tt;
  uint64_t                 tt_mask;
  bool                     tt_shared;   /* another solver's table (threads) */
  bool                     use_tt;
  bool                     track_path;
  SolvePly                *plies;       /* MAX_PLIES */
  CheopsMove               killer[MAX_PLIES];
  uint64_t                 keys[MAX_PLIES + 1];  /* keys[0]: the root */
  int64_t                  nodes;
  int64_t                  next_check;
  struct timespec          start;
  const char              *stopped_by;
  /* Threads: non-zero when the task being searched was concluded by
   * another thread (a defence refuted it), so the search is abandoned:
   * R_ABORT without a stop.  NULL otherwise. */
  atomic_int              *abandon;
  CheopsSolveProgress      progress;
  double                   last_report;   /* seconds, of the last progress report */
  /* h#, ser-#: the line being played, the problem's and what was found. */
  CheopsMove               line[MAX_PLIES];
  const CheopsSolveProblem *problem;
  CheopsSolveResult        *result;
  bool                     line_matches;  /* the file's line is the start of a solution found */
} Solver;

static double
elapsed (const Solver *s)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return (double) (now.tv_sec - s->start.tv_sec) + (double) (now.tv_nsec - s->start.tv_nsec) * 1e-9;
}

/* Every 4096 moves (and at the node limit): the limits, the cancel flag
 * and, ten times a second, the progress hook. */
static bool
check_stop (Solver *s)
{
  if (s->stopped_by != NULL)
    return true;
  if (s->nodes < s->next_check)
    return false;
  s->next_check = s->nodes + 4096;
  if (s->abandon != NULL && atomic_load (s->abandon) != 0)
    {
      s->next_check = s->nodes;   /* every node from now on, until the search is out */
      return true;
    }
  if (s->limits == NULL)
    return false;
  if (s->limits->max_nodes > 0 && s->limits->max_nodes < s->next_check)
    s->next_check = s->limits->max_nodes;
  if (s->limits->cancel != NULL && atomic_load (s->limits->cancel) != 0)
    s->stopped_by = "cancelled";
  else if (s->limits->max_nodes > 0 && s->nodes >= s->limits->max_nodes)
    s->stopped_by = "node limit";
  else
    {
      double t = elapsed (s);

      if (s->limits->max_seconds > 0 && t >= s->limits->max_seconds)
        s->stopped_by = "time limit";
      else if (s->limits->progress != NULL && t - s->last_report >= 0.1)
        {
          s->last_report = t;
          s->progress.nodes = s->nodes;
          s->progress.seconds = t;
          s->limits->progress (&s->progress, s->limits->progress_data);
        }
    }
  return s->stopped_by != NULL;
}

static uint64_t
tt_key (const CheopsPosition *pos)
{
  return pos->key ^ ((uint64_t) (unsigned) pos->halfmove_clock * 0x9E3779B97F4A7C15ull);
}

/* The outcome after a move that made @ply plies from the root: the
 * position's, else a repetition of the path's. */
static CheopsOutcome
outcome_after (Solver *s, int ply)
{
  CheopsOutcome o = cheops_position_outcome (&s->pos);

  if (o != CHEOPS_OUTCOME_NONE || !s->track_path)
    return o;
  s->keys[ply] = s->pos.key;
  {
    int count = cheops_repetition_count (s->keys, (size_t) ply + 1, cheops_position_repetition_horizon (&s->pos));

    return count > 1 ? cheops_position_repetition_outcome (&s->pos, count) : CHEOPS_OUTCOME_NONE;
  }
}

/* Whether the outcome @o fulfils the stipulation: a win of the goal side
 * (the attacker's for #N and ser-#N, the defender's for h#N and s#N). */
static inline bool
attacker_wins (const Solver *s, CheopsOutcome o)
{
  return o != CHEOPS_OUTCOME_NONE && cheops_variant_outcome_winner (s->pos.variant, o) == (CheopsWinner) s->goal;
}

static SolveResultCode defender (Solver *s, int depth, int ply, CheopsMove *refutation);

/* Whether the attacker, to move at @ply, wins in at most @depth moves;
 * *@best (may be NULL) receives the winning move. */
static SolveResultCode
attacker (Solver *s, int depth, int ply, CheopsMove *best)
{
  SolvePly *p = &s->plies[ply];
  CheopsMove *end;
  CheopsMove tt_move = CHEOPS_MOVE_NONE;
  SolveEntry *e = NULL;
  uint64_t key = 0;
  int n;

  if (depth <= 0)
    return R_FAIL;   /* s#: the defender's last ply is past */
  if (check_stop (s))
    return R_ABORT;
  if (s->use_tt)
    {
      key = tt_key (&s->pos);
      uint64_t d;

      e = &s->tt[key & s->tt_mask];
      d = tt_read (e, key);
      if (d != 0)
        {
          if (ENTRY_WIN (d) != 0 && ENTRY_WIN (d) <= depth)
            {
              if (best != NULL)
                *best = ENTRY_MOVE (d);
              return R_WIN;
            }
          if (ENTRY_FAIL (d) >= depth)
            return R_FAIL;
          tt_move = ENTRY_MOVE (d);
        }
    }

  end = cheops_generate_moves (&s->pos, p->moves);
  n = (int) (end - p->moves);

  /* First pass: a win in one, and which moves give check. */
  for (int i = 0; i < n; i++)
    {
      CheopsUndo undo;
      CheopsOutcome o;

      cheops_position_do_move (&s->pos, p->moves[i], &undo);
      s->nodes++;
      o = outcome_after (s, ply + 1);
      if (attacker_wins (s, o))
        {
          cheops_position_undo_move (&s->pos, p->moves[i], &undo);
          if (best != NULL)
            *best = p->moves[i];
          if (e != NULL)
            tt_write (e, key, p->moves[i], 1, 0);
          return R_WIN;
        }
      /* Checks only order the second pass: none at the last move. */
      p->flags[i] = o != CHEOPS_OUTCOME_NONE ? FLAG_DEAD
                    : depth > 1 && cheops_position_in_check (&s->pos) ? FLAG_CHECK : 0;
      cheops_position_undo_move (&s->pos, p->moves[i], &undo);
    }

  if (depth > 1 || s->self)
    {
      /* Order: the table's move, then checks, then the rest (three
       * sweeps; stable, no sorting). */
      for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < n; i++)
          {
            CheopsMove m = p->moves[i];
            CheopsUndo undo;
            SolveResultCode r;

            if (p->flags[i] & FLAG_DEAD)
              continue;
            if (pass == 0 ? m != tt_move
                : pass == 1 ? (m == tt_move || !(p->flags[i] & FLAG_CHECK))
                : (m == tt_move || (p->flags[i] & FLAG_CHECK)))
              continue;
            cheops_position_do_move (&s->pos, m, &undo);
            s->nodes++;
            if (s->track_path)
              s->keys[ply + 1] = s->pos.key;
            r = defender (s, depth - 1, ply + 1, NULL);
            cheops_position_undo_move (&s->pos, m, &undo);
            if (r == R_ABORT)
              return R_ABORT;
            if (r == R_WIN)
              {
                if (best != NULL)
                  *best = m;
                if (e != NULL)
                  tt_write (e, key, m, depth, 0);
                return R_WIN;
              }
          }
    }

  if (e != NULL)
    tt_write (e, key, CHEOPS_MOVE_NONE, 0, depth);
  return R_FAIL;
}

/* Whether every defence of the side to move at @ply loses to a win in at
 * most @depth moves of the attacker (R_WIN), or one refutes (R_FAIL, the
 * refutation in *@refutation when not NULL).  The position has not ended. */
static SolveResultCode
defender (Solver *s, int depth, int ply, CheopsMove *refutation)
{
  SolvePly *p = &s->plies[ply];
  CheopsMove *end = cheops_generate_moves (&s->pos, p->moves);
  int n = (int) (end - p->moves);
  CheopsMove killer = s->killer[ply];
  int first = -1;

  if (n == 0)
    return R_FAIL; /* no move and no outcome: not a proof of anything */

  for (int i = 0; i < n; i++)
    if (p->moves[i] == killer)
      first = i;

  for (int k = -1; k < n; k++)
    {
      int i = k < 0 ? first : k;
      CheopsMove m;
      CheopsUndo undo;
      CheopsOutcome o;
      SolveResultCode r;

      if (i < 0 || (k >= 0 && i == first))
        continue;
      m = p->moves[i];
      cheops_position_do_move (&s->pos, m, &undo);
      s->nodes++;
      o = outcome_after (s, ply + 1);
      if (o != CHEOPS_OUTCOME_NONE)
        r = attacker_wins (s, o) ? R_WIN : R_FAIL;
      else
        r = attacker (s, depth, ply + 1, NULL);
      cheops_position_undo_move (&s->pos, m, &undo);
      if (r == R_ABORT)
        return R_ABORT;
      if (r == R_FAIL)
        {
          s->killer[ply] = m;
          if (refutation != NULL)
            *refutation = m;
          return R_FAIL;
        }
    }
  return R_WIN;
}

/* The least count at which the variant's repetition outcome ends a game,
 * or 0 when it never does (up to 64). */
static int
repetition_count_needed (const CheopsPosition *pos)
{
  for (int c = 2; c <= 64; c++)
    if (cheops_position_repetition_outcome (pos, c) != CHEOPS_OUTCOME_NONE)
      return c;
  return 0;
}

/* Sets up *@s to solve in @pos; with @share, *@s uses @share's table
 * (a worker of a threaded solve) instead of allocating its own. */
static bool
solver_init (Solver *s, const CheopsPosition *pos, int depth, CheopsSolveGenre genre,
             const CheopsSolveLimits *limits, const Solver *share)
{
  /* The table: the caller's size, else 16 MB, but 1 MB for N <= 2, whose
   * trees are small: each new entry of a big, fresh table costs a page
   * fault, more than the table saves there. */
  size_t mb = limits != NULL && limits->tt_megabytes > 0 ? limits->tt_megabytes : depth <= 2 ? 1 : 16;
  size_t entries = 1;
  int c;

  memset (s, 0, sizeof *s);
  s->pos = *pos;
  s->attacker = pos->side_to_move;
  s->genre = genre;
  s->goal = genre == CHEOPS_SOLVE_DIRECT || genre == CHEOPS_SOLVE_SERIES
            ? s->attacker : cheops_side_other (s->attacker);
  s->self = genre == CHEOPS_SOLVE_SELF;
  s->plain = limits != NULL && limits->plain;
  s->limits = limits;
  clock_gettime (CLOCK_MONOTONIC, &s->start);
  c = repetition_count_needed (pos);
  /* The plies a line may have: 2N - 1 for #N, 2N for the others (ser-#
   * counts the defender's passes). */
  s->track_path = c > 0 && (genre == CHEOPS_SOLVE_DIRECT ? 2 * depth - 1 : 2 * depth) >= 4 * (c - 1);
  s->use_tt = !s->track_path && !s->plain;
  s->keys[0] = pos->key;
  s->plies = malloc (sizeof (SolvePly) * MAX_PLIES);
  if (s->plies == NULL)
    return false;
  if (s->use_tt && share != NULL)
    {
      s->tt = share->tt;
      s->tt_mask = share->tt_mask;
      s->tt_shared = true;
    }
  else if (s->use_tt)
    {
      while (entries * 2 * sizeof (SolveEntry) <= mb * 1024 * 1024)
        entries *= 2;
      /* Cleared in one sweep (the pages are touched in order, not one
       * fault per first probe). */
      s->tt = malloc (entries * sizeof (SolveEntry));
      if (s->tt == NULL)
        {
          free (s->plies);
          return false;
        }
      memset (s->tt, 0, entries * sizeof (SolveEntry));
      s->tt_mask = entries - 1;
    }
  return true;
}

static void
solver_clear (Solver *s)
{
  free (s->plies);
  if (!s->tt_shared)
    free (s->tt);
}

/* The plain search (CheopsSolveLimits.plain): #N and s#N re-decided with
 * no table, no ordering and no cut-off.  Every move of every node is
 * searched to the end, in the order of the core's move generation. */
static SolveResultCode plain_attacker (Solver *s, int depth, int ply);

/* Whether every defence at @ply loses (R_WIN) within @depth more attacker
 * moves; else R_FAIL, the first refuting defence in generation order in
 * *@refutation (may be NULL).  No defence and no outcome proves nothing. */
static SolveResultCode
plain_defender (Solver *s, int depth, int ply, CheopsMove *refutation)
{
  SolvePly *p = &s->plies[ply];
  int n = (int) (cheops_generate_moves (&s->pos, p->moves) - p->moves);
  bool all = n > 0;

  if (refutation != NULL)
    *refutation = CHEOPS_MOVE_NONE;
  for (int i = 0; i < n; i++)
    {
      CheopsMove m = p->moves[i];
      CheopsUndo undo;
      CheopsOutcome o;
      SolveResultCode r;

      cheops_position_do_move (&s->pos, m, &undo);
      s->nodes++;
      o = outcome_after (s, ply + 1);
      if (o != CHEOPS_OUTCOME_NONE)
        r = attacker_wins (s, o) ? R_WIN : R_FAIL;
      else
        r = plain_attacker (s, depth, ply + 1);
      cheops_position_undo_move (&s->pos, m, &undo);
      if (r == R_ABORT)
        return R_ABORT;
      if (r == R_FAIL && all)
        {
          all = false;
          if (refutation != NULL)
            *refutation = m;
        }
    }
  return all ? R_WIN : R_FAIL;
}

/* Whether some move of the attacker at @ply fulfils the stipulation
 * within @depth of its moves. */
static SolveResultCode
plain_attacker (Solver *s, int depth, int ply)
{
  SolvePly *p = &s->plies[ply];
  bool any = false;
  int n;

  if (depth <= 0)
    return R_FAIL;
  if (check_stop (s))
    return R_ABORT;
  n = (int) (cheops_generate_moves (&s->pos, p->moves) - p->moves);
  for (int i = 0; i < n; i++)
    {
      CheopsMove m = p->moves[i];
      CheopsUndo undo;
      CheopsOutcome o;
      SolveResultCode r;

      cheops_position_do_move (&s->pos, m, &undo);
      s->nodes++;
      o = outcome_after (s, ply + 1);
      if (o != CHEOPS_OUTCOME_NONE)
        r = attacker_wins (s, o) ? R_WIN : R_FAIL;
      else if (depth <= 1 && !s->self)
        r = R_FAIL;
      else
        r = plain_defender (s, depth - 1, ply + 1, NULL);
      cheops_position_undo_move (&s->pos, m, &undo);
      if (r == R_ABORT)
        return R_ABORT;
      if (r == R_WIN)
        any = true;
    }
  return any ? R_WIN : R_FAIL;
}

/* h#, ser-#: keeps the line s->line[0 .. @length - 1] as a solution and
 * notes whether the file's line is its start. */
static void
record_solution (Solver *s, int length)
{
  CheopsSolveResult *r = s->result;
  const CheopsSolveProblem *pb = s->problem;

  if (r->n_stored < CHEOPS_SOLVE_MAX_STORED)
    {
      memcpy (r->solutions + (size_t) r->n_stored * (size_t) r->solution_plies, s->line,
              sizeof (CheopsMove) * (size_t) length);
      r->n_stored++;
    }
  r->n_solutions++;
  if (pb->n_line > 0 && pb->n_line <= length && !s->line_matches)
    {
      bool same = true;

      for (int j = 0; j < pb->n_line && same; j++)
        same = pb->line[j] == s->line[j];
      s->line_matches = same;
    }
}

/* The table's key of a line search's node: the position's with the plies
 * (or moves) left, since a line must take exactly N moves. */
static uint64_t
line_key (const CheopsPosition *pos, int left)
{
  return tt_key (pos) ^ ((uint64_t) (unsigned) left * 0xC2B2AE3D27D4EB4Full) ^ 0x5851F42D4C957F2Dull;
}

/* h#: every line of @left more plies from @ply (both sides cooperating)
 * whose last ply wins for the goal side and whose earlier plies do not end
 * the game.  R_WIN when one was found (and recorded), R_FAIL when none. */
static SolveResultCode
help_search (Solver *s, int left, int ply)
{
  SolvePly *p = &s->plies[ply];
  SolveEntry *e = NULL;
  uint64_t key = 0;
  bool found = false;
  int n;

  if (check_stop (s))
    return R_ABORT;
  if (s->use_tt)
    {
      key = line_key (&s->pos, left);
      e = &s->tt[key & s->tt_mask];
      if (ENTRY_FAIL (tt_read (e, key)) != 0)
        return R_FAIL;
    }
  n = (int) (cheops_generate_moves (&s->pos, p->moves) - p->moves);
  for (int i = 0; i < n; i++)
    {
      CheopsMove m = p->moves[i];
      CheopsUndo undo;
      CheopsOutcome o;
      SolveResultCode r = R_FAIL;

      cheops_position_do_move (&s->pos, m, &undo);
      s->nodes++;
      o = outcome_after (s, ply + 1);
      s->line[ply] = m;
      if (left == 1)
        {
          if (attacker_wins (s, o))
            {
              record_solution (s, ply + 1);
              r = R_WIN;
            }
        }
      else if (o == CHEOPS_OUTCOME_NONE)
        r = help_search (s, left - 1, ply + 1);
      cheops_position_undo_move (&s->pos, m, &undo);
      if (r == R_ABORT)
        return R_ABORT;
      if (r == R_WIN)
        found = true;
    }
  if (!found && e != NULL)
    tt_write (e, key, CHEOPS_MOVE_NONE, 0, 1);
  return found ? R_WIN : R_FAIL;
}

/* ser-#: every series of @left more moves of the attacker (to move at
 * @ply; its move number @index in the series) with the defender passing
 * (the variant's null move) between them, the last winning, none before
 * it giving check or ending the game. */
static SolveResultCode
series_search (Solver *s, int left, int ply, int index)
{
  SolvePly *p = &s->plies[ply];
  SolveEntry *e = NULL;
  uint64_t key = 0;
  bool found = false;
  int n;

  if (check_stop (s))
    return R_ABORT;
  if (s->use_tt)
    {
      key = line_key (&s->pos, left);
      e = &s->tt[key & s->tt_mask];
      if (ENTRY_FAIL (tt_read (e, key)) != 0)
        return R_FAIL;
    }
  n = (int) (cheops_generate_moves (&s->pos, p->moves) - p->moves);
  for (int i = 0; i < n; i++)
    {
      CheopsMove m = p->moves[i];
      CheopsUndo undo;
      CheopsOutcome o;
      SolveResultCode r = R_FAIL;

      cheops_position_do_move (&s->pos, m, &undo);
      s->nodes++;
      o = outcome_after (s, ply + 1);
      s->line[index] = m;
      if (left == 1)
        {
          if (attacker_wins (s, o))
            {
              record_solution (s, index + 1);
              r = R_WIN;
            }
        }
      else if (o == CHEOPS_OUTCOME_NONE && !cheops_position_in_check (&s->pos))
        {
          CheopsUndo pass;

          cheops_position_do_null_move (&s->pos, &pass);
          if (s->track_path)
            s->keys[ply + 2] = s->pos.key;
          r = series_search (s, left - 1, ply + 2, index + 1);
          cheops_position_undo_null_move (&s->pos, &pass);
        }
      cheops_position_undo_move (&s->pos, m, &undo);
      if (r == R_ABORT)
        return R_ABORT;
      if (r == R_WIN)
        found = true;
    }
  if (!found && e != NULL)
    tt_write (e, key, CHEOPS_MOVE_NONE, 0, 1);
  return found ? R_WIN : R_FAIL;
}

/* h#, ser-#: the solutions that begin with the first move @move (R_WIN
 * when there is one); *@outcome the game's end the move makes at once. */
static SolveResultCode
line_first_move (Solver *s, CheopsMove move, CheopsOutcome *outcome)
{
  int depth = s->problem->depth;
  CheopsUndo undo;
  CheopsOutcome o;
  SolveResultCode r = R_FAIL;

  cheops_position_do_move (&s->pos, move, &undo);
  s->nodes++;
  o = outcome_after (s, 1);
  *outcome = o;
  s->line[0] = move;
  if (s->genre == CHEOPS_SOLVE_HELP)
    {
      if (o == CHEOPS_OUTCOME_NONE)
        r = help_search (s, 2 * depth - 1, 1);
    }
  else if (depth == 1)
    {
      if (attacker_wins (s, o))
        {
          record_solution (s, 1);
          r = R_WIN;
        }
    }
  else if (o == CHEOPS_OUTCOME_NONE && !cheops_position_in_check (&s->pos))
    {
      CheopsUndo pass;

      cheops_position_do_null_move (&s->pos, &pass);
      if (s->track_path)
        s->keys[2] = s->pos.key;
      r = series_search (s, depth - 1, 2, 1);
      cheops_position_undo_null_move (&s->pos, &pass);
    }
  cheops_position_undo_move (&s->pos, move, &undo);
  return r;
}

/* Whether the attacker's @move, played at the root of *@s (ply 0 from its
 * current position at @ply), wins within @depth moves in all: *@outcome
 * the game's end it makes at once; *@refutation a defence that refutes. */
static SolveResultCode
move_wins (Solver *s, CheopsMove move, int depth, int ply, CheopsOutcome *outcome, CheopsMove *refutation)
{
  CheopsUndo undo;
  CheopsOutcome o;
  SolveResultCode r;

  *outcome = CHEOPS_OUTCOME_NONE;
  *refutation = CHEOPS_MOVE_NONE;
  cheops_position_do_move (&s->pos, move, &undo);
  s->nodes++;
  o = outcome_after (s, ply + 1);
  if (o != CHEOPS_OUTCOME_NONE)
    {
      *outcome = o;
      r = attacker_wins (s, o) ? R_WIN : R_FAIL;
    }
  else if (depth <= 1 && !s->self)
    r = R_FAIL;
  else
    {
      if (s->track_path)
        s->keys[ply + 1] = s->pos.key;
      r = s->plain ? plain_defender (s, depth - 1, ply + 1, refutation)
                   : defender (s, depth - 1, ply + 1, refutation);
    }
  cheops_position_undo_move (&s->pos, move, &undo);
  return r;
}

static void
report (Solver *s, int phase, int done, int total)
{
  if (s->limits == NULL || s->limits->progress == NULL)
    return;
  s->progress = (CheopsSolveProgress) { phase, done, total, s->nodes, elapsed (s) };
  s->last_report = s->progress.seconds;
  s->limits->progress (&s->progress, s->limits->progress_data);
}

/* Generates the defences against the key @key->move into @key->defences
 * (the moves only).  Returns false when out of memory (a stop). */
static bool
key_defences (Solver *s, CheopsSolveKey *key)
{
  CheopsMove *defences = s->plies[1].moves;
  CheopsUndo undo;
  int n;

  cheops_position_do_move (&s->pos, key->move, &undo);
  n = (int) (cheops_generate_moves (&s->pos, defences) - defences);
  cheops_position_undo_move (&s->pos, key->move, &undo);
  key->defences = calloc ((size_t) n > 0 ? (size_t) n : 1, sizeof (CheopsSolveDefence));
  if (key->defences == NULL)
    {
      s->stopped_by = "out of memory";
      return false;
    }
  key->n_defences = n;
  for (int i = 0; i < n; i++)
    key->defences[i].move = defences[i];
  return true;
}

/* The defence @i against the key @key->move: the game's end it makes and
 * the attacker's continuations after it that win within @depth - 1 moves.
 * Returns false on a stop. */
static bool
analyse_defence (Solver *s, CheopsSolveKey *key, int i, int depth)
{
  CheopsSolveDefence *d = &key->defences[i];
  CheopsMove *attacks = s->plies[2].moves + 0;
  CheopsMove *list;
  CheopsUndo undo, dundo;
  int m, n_wins = 0;

  cheops_position_do_move (&s->pos, key->move, &undo);
  s->keys[1] = s->pos.key;
  cheops_position_do_move (&s->pos, d->move, &dundo);
  s->nodes++;
  d->outcome = outcome_after (s, 2);
  if (d->outcome == CHEOPS_OUTCOME_NONE)
    {
      s->keys[2] = s->pos.key;
      /* s#: after the defender's last ply no attacker's move is left. */
      m = depth > 1 ? (int) (cheops_generate_moves (&s->pos, attacks) - attacks) : 0;
      /* The search below overwrites the ply's list: a copy. */
      list = malloc (sizeof (CheopsMove) * ((size_t) m > 0 ? (size_t) m : 1));
      d->wins = malloc (sizeof (CheopsMove) * ((size_t) m > 0 ? (size_t) m : 1));
      if (d->wins == NULL || list == NULL)
        s->stopped_by = "out of memory";
      else
        memcpy (list, attacks, sizeof (CheopsMove) * (size_t) m);
      for (int j = 0; j < m && s->stopped_by == NULL; j++)
        {
          CheopsOutcome o;
          CheopsMove refutation;
          SolveResultCode r = move_wins (s, list[j], depth - 1, 2, &o, &refutation);

          if (r == R_ABORT)
            break;
          if (r == R_WIN)
            d->wins[n_wins++] = list[j];
        }
      free (list);
      d->n_wins = n_wins;
    }
  cheops_position_undo_move (&s->pos, d->move, &dundo);
  cheops_position_undo_move (&s->pos, key->move, &undo);
  return s->stopped_by == NULL;
}

/* The defences against the key @key->move and their winning
 * continuations (within @depth - 1 moves).  Returns false on a stop. */
static bool
analyse_key (Solver *s, CheopsSolveKey *key, int depth)
{
  if (!key_defences (s, key))
    return false;
  for (int i = 0; i < key->n_defences; i++)
    if (!analyse_defence (s, key, i, depth) || check_stop (s))
      break;
  return s->stopped_by == NULL;
}

/* A solve of #N or s#N over threads (CheopsSolveLimits.threads): a team
 * of solvers, one per thread, sharing the calling thread's table (its
 * entries are read and written without a lock, SolveEntry).
 *
 * Phase 0: each first move is a task.  A thread takes the next task (a
 * shared counter), plays its move and publishes the defences against it
 * (the refutation of an earlier first move first, as defender() does);
 * then it and any thread that has no task left take those defences one by
 * one (work stealing at the defender's first ply: a thread with nothing
 * to do joins the task with the most defences left).  A defence that
 * refutes ends the task for all; the last thread to leave a task
 * concludes it: refuted, a key, or undecided when a thread stopped.
 * Phase 1: the defences of the keys, each one item (its continuations
 * proved one by one), taken from a shared counter. */
enum { TASK_OPEN = 0, TASK_SHARED, TASK_DONE };

typedef struct {
  CheopsMove      move;
  atomic_int      state;       /* TASK_OPEN, TASK_SHARED (defences published), TASK_DONE */
  int             n;           /* the defences, once shared */
  CheopsMove     *defences;    /* n, in the order to try; freed with the team */
  atomic_int      next;        /* the next defence to take */
  atomic_int      active;      /* threads at work on it, its owner included */
  atomic_int      refuted;
  atomic_int      aborted;
  CheopsMove      refutation;  /* written by the thread that set refuted */
  SolveResultCode code;
  CheopsOutcome   outcome;
} RootTask;

#define TEAM_MAX 64

typedef struct {
  int             threads;
  int             depth;
  Solver         *solvers[TEAM_MAX];   /* [0]: the calling thread's */
  RootTask       *tasks;
  int             n_tasks;
  atomic_int      next_task;
  CheopsSolveKey *keys;                /* phase 1 */
  int             n_keys;
  int            *items;               /* key index << 16 | defence index */
  int             n_items;
  atomic_int      next_item;
  double          cpu_workers;    /* processor seconds of members 1.. */
  double          cpu_own;        /* of member 0 (the calling thread) in team_run() */
  double          span;           /* the sum over team_run()s of the busiest member's */
} Team;

typedef struct {
  Team   *team;
  int     index;
  void *(*fn) (void *);
  double  cpu;       /* processor seconds the member spent in fn */
} TeamMember;

/* The calling thread's processor time, seconds. */
static double
thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

static void *
team_member_run (void *data)
{
  TeamMember *me = data;
  double start = thread_cpu_seconds ();

  me->fn (me);
  me->cpu = thread_cpu_seconds () - start;
  return NULL;
}

/* A thread's pause while another publishes its task's defences. */
static void
team_pause (void)
{
  struct timespec ts = { 0, 50 * 1000 };

  nanosleep (&ts, NULL);
}

/* The defence @j of @t, the task's move played in *@s: R_WIN when the
 * attacker then wins within @depth - 1 more moves. */
static SolveResultCode
task_defence (Solver *s, const RootTask *t, int j, int depth)
{
  CheopsMove m = t->defences[j];
  CheopsUndo undo;
  CheopsOutcome o;
  SolveResultCode r;

  cheops_position_do_move (&s->pos, m, &undo);
  s->nodes++;
  o = outcome_after (s, 2);
  if (o != CHEOPS_OUTCOME_NONE)
    r = attacker_wins (s, o) ? R_WIN : R_FAIL;
  else
    r = attacker (s, depth - 1, 2, NULL);
  cheops_position_undo_move (&s->pos, m, &undo);
  return r;
}

/* Takes defences of @t (its move played in *@s) until none is left or
 * one refutes. */
static void
task_take (Solver *s, RootTask *t, int depth)
{
  for (;;)
    {
      SolveResultCode r;
      int j;

      if (atomic_load (&t->refuted) || atomic_load (&t->aborted))
        break;
      j = atomic_fetch_add (&t->next, 1);
      if (j >= t->n)
        break;
      s->abandon = &t->refuted;
      r = task_defence (s, t, j, depth);
      s->abandon = NULL;
      if (r == R_ABORT)
        {
          if (s->stopped_by != NULL)
            atomic_store (&t->aborted, 1);
          break;   /* else another thread refuted it */
        }
      if (r == R_FAIL)
        {
          int expected = 0;

          s->killer[1] = t->defences[j];
          if (atomic_compare_exchange_strong (&t->refuted, &expected, 1))
            t->refutation = t->defences[j];
          break;
        }
    }
}

/* Leaves the task @t: the last of its owner and helpers to leave
 * concludes it (refuted, a key, or undecided when one stopped). */
static void
task_leave (RootTask *t)
{
  atomic_store (&t->next, t->n);   /* nothing more to take */
  if (atomic_fetch_sub (&t->active, 1) == 1)
    {
      t->code = atomic_load (&t->refuted) ? R_FAIL : atomic_load (&t->aborted) ? R_ABORT : R_WIN;
      atomic_store (&t->state, TASK_DONE);
    }
}

/* The owner's side of a task: its move, its defences published, taken,
 * and the conclusion once the helpers are done. */
static void
task_own (Solver *s, RootTask *t, int depth)
{
  CheopsUndo undo;
  CheopsOutcome o;

  cheops_position_do_move (&s->pos, t->move, &undo);
  s->nodes++;
  o = outcome_after (s, 1);
  t->outcome = CHEOPS_OUTCOME_NONE;
  t->refutation = CHEOPS_MOVE_NONE;
  if (o != CHEOPS_OUTCOME_NONE)
    {
      t->outcome = o;
      t->code = attacker_wins (s, o) ? R_WIN : R_FAIL;
    }
  else if (depth <= 1 && !s->self)
    t->code = R_FAIL;
  else
    {
      SolvePly *p = &s->plies[1];
      int n = (int) (cheops_generate_moves (&s->pos, p->moves) - p->moves);

      if (s->track_path)
        s->keys[1] = s->pos.key;
      t->defences = n > 0 ? malloc (sizeof (CheopsMove) * (size_t) n) : NULL;
      if (n == 0)
        t->code = R_FAIL;   /* no move and no outcome: no proof (defender()) */
      else if (t->defences == NULL)
        {
          s->stopped_by = "out of memory";
          t->code = R_ABORT;
        }
      else
        {
          int k = 0;

          for (int i = 0; i < n; i++)
            if (p->moves[i] == s->killer[1])
              t->defences[k++] = p->moves[i];
          for (int i = 0; i < n; i++)
            if (p->moves[i] != s->killer[1])
              t->defences[k++] = p->moves[i];
          t->n = n;
          atomic_store (&t->active, 1);   /* the owner */
          atomic_store (&t->state, TASK_SHARED);
          task_take (s, t, depth);
          task_leave (t);
        }
    }
  cheops_position_undo_move (&s->pos, t->move, &undo);
  if (atomic_load (&t->state) == TASK_OPEN)
    atomic_store (&t->state, TASK_DONE);
}

/* A helper's side of a task: takes its defences while some are left. */
static void
task_help (Solver *s, RootTask *t, int depth)
{
  int active = atomic_load (&t->active);
  CheopsUndo undo;

  /* Join only while someone is in it (once its last one has left, it is
   * concluded). */
  do
    if (active <= 0)
      return;
  while (!atomic_compare_exchange_weak (&t->active, &active, active + 1));
  cheops_position_do_move (&s->pos, t->move, &undo);
  s->nodes++;
  if (s->track_path)
    s->keys[1] = s->pos.key;
  task_take (s, t, depth);
  cheops_position_undo_move (&s->pos, t->move, &undo);
  task_leave (t);
}

static void *
team_roots (void *data)
{
  TeamMember *me = data;
  Team *tm = me->team;
  Solver *s = tm->solvers[me->index];

  while (s->stopped_by == NULL)
    {
      int i = atomic_fetch_add (&tm->next_task, 1);
      RootTask *best = NULL;
      int best_left = 0;
      bool opening = false;

      if (i < tm->n_tasks)
        {
          if (me->index == 0)
            report (s, 0, i, tm->n_tasks);
          task_own (s, &tm->tasks[i], tm->depth);
          continue;
        }
      /* No task left to own: help the one with the most defences left. */
      for (int t = 0; t < tm->n_tasks; t++)
        {
          RootTask *task = &tm->tasks[t];
          int state = atomic_load (&task->state);

          if (state == TASK_OPEN)
            opening = true;
          else if (state == TASK_SHARED && !atomic_load (&task->refuted) && !atomic_load (&task->aborted))
            {
              int left = task->n - atomic_load (&task->next);

              if (left > best_left)
                {
                  best_left = left;
                  best = task;
                }
            }
        }
      if (best != NULL)
        task_help (s, best, tm->depth);
      else if (opening)
        team_pause ();   /* a task's defences are about to be published */
      else
        break;
    }
  return NULL;
}

static void *
team_keys (void *data)
{
  TeamMember *me = data;
  Team *tm = me->team;
  Solver *s = tm->solvers[me->index];

  while (s->stopped_by == NULL)
    {
      int i = atomic_fetch_add (&tm->next_item, 1);

      if (i >= tm->n_items)
        break;
      if (me->index == 0)
        report (s, 1, tm->items[i] >> 16, tm->n_keys);
      analyse_defence (s, &tm->keys[tm->items[i] >> 16], tm->items[i] & 0xFFFF, tm->depth);
      check_stop (s);
    }
  return NULL;
}

/* Runs @fn on every member of @tm, the calling thread as member 0; a
 * member whose thread cannot be started runs in the calling thread. */
static void
team_run (Team *tm, void *(*fn) (void *))
{
  pthread_t ids[TEAM_MAX];
  bool started[TEAM_MAX] = { false };
  TeamMember members[TEAM_MAX];
  double busiest = 0;

  for (int t = 0; t < tm->threads; t++)
    members[t] = (TeamMember) { tm, t, fn, 0 };
  for (int t = 1; t < tm->threads; t++)
    started[t] = pthread_create (&ids[t], NULL, team_member_run, &members[t]) == 0;
  team_member_run (&members[0]);
  for (int t = 1; t < tm->threads; t++)
    if (started[t])
      pthread_join (ids[t], NULL);
    else
      {
        team_member_run (&members[t]);   /* in the calling thread: its time is member 0's */
        members[0].cpu += members[t].cpu;
        members[t].cpu = 0;
      }
  for (int t = 0; t < tm->threads; t++)
    {
      if (members[t].cpu > busiest)
        busiest = members[t].cpu;
      if (t > 0)
        tm->cpu_workers += members[t].cpu;
    }
  tm->cpu_own += members[0].cpu;
  tm->span += busiest;
}

/* The first stop of any member, into member 0. */
static void
team_collect_stop (Team *tm)
{
  for (int t = 1; t < tm->threads && tm->solvers[0]->stopped_by == NULL; t++)
    tm->solvers[0]->stopped_by = tm->solvers[t]->stopped_by;
}

/* Sets up a team of @threads around *@s (the calling thread's solver,
 * whose table the others share; the node limit shared out among them in
 * @own, the progress hook only for *@s, in @own0).  Returns false when
 * memory cannot be had. */
static bool
team_init (Team *tm, Solver *s, const CheopsPosition *pos, int depth, CheopsSolveGenre genre,
           const CheopsSolveLimits *limits, int threads, CheopsSolveLimits *own, CheopsSolveLimits *own0)
{
  memset (tm, 0, sizeof *tm);
  if (threads > TEAM_MAX)
    threads = TEAM_MAX;
  *own = *limits;
  if (own->max_nodes > 0)
    own->max_nodes = own->max_nodes / threads > 0 ? own->max_nodes / threads : 1;
  own->progress = NULL;
  *own0 = *limits;
  own0->max_nodes = own->max_nodes;
  tm->threads = threads;
  tm->depth = depth;
  tm->solvers[0] = s;
  for (int t = 1; t < threads; t++)
    {
      tm->solvers[t] = malloc (sizeof (Solver));
      if (tm->solvers[t] == NULL || !solver_init (tm->solvers[t], pos, depth, genre, own, s))
        {
          free (tm->solvers[t]);
          tm->solvers[t] = NULL;
          tm->threads = t;
          return false;
        }
    }
  s->limits = own0;
  s->next_check = 0;
  return true;
}

/* Frees the team's solvers and tasks; their nodes go to member 0, whose
 * limits become @limits again. */
static void
team_clear (Team *tm, const CheopsSolveLimits *limits)
{
  for (int t = 1; t < tm->threads; t++)
    if (tm->solvers[t] != NULL)
      {
        tm->solvers[0]->nodes += tm->solvers[t]->nodes;
        solver_clear (tm->solvers[t]);
        free (tm->solvers[t]);
      }
  for (int i = 0; i < tm->n_tasks; i++)
    free (tm->tasks[i].defences);
  free (tm->tasks);
  free (tm->items);
  tm->solvers[0]->limits = limits;
}

CheopsSolveResult *
cheops_solve_problem (const CheopsPosition     *pos,
                      const CheopsSolveProblem *problem,
                      const CheopsSolveLimits  *limits)
{
  Solver *s;
  CheopsSolveResult *result;
  CheopsMove first[CHEOPS_MAX_MOVES];
  CheopsMove mainline;
  int depth, n, intended;
  bool lines, threaded;
  double cpu_start = thread_cpu_seconds (), cpu_own;
  Team team;
  CheopsSolveLimits own, own0;

  if (problem == NULL || problem->depth < 1 || problem->depth > CHEOPS_SOLVE_MAX_DEPTH
      || problem->genre < CHEOPS_SOLVE_DIRECT || problem->genre > CHEOPS_SOLVE_SERIES
      || problem->n_line < 0 || (problem->n_line > 0 && problem->line == NULL))
    return NULL;
  depth = problem->depth;
  lines = problem->genre == CHEOPS_SOLVE_HELP || problem->genre == CHEOPS_SOLVE_SERIES;
  intended = problem->intended > 0 ? problem->intended : 1;
  mainline = problem->n_line > 0 ? problem->line[0] : CHEOPS_MOVE_NONE;
  s = malloc (sizeof *s);
  result = calloc (1, sizeof *result);
  if (s == NULL || result == NULL || !solver_init (s, pos, depth, problem->genre, limits, NULL))
    {
      free (s);
      free (result);
      return NULL;
    }
  s->problem = problem;
  s->result = result;
  result->genre = problem->genre;
  result->attacker = pos->side_to_move;
  result->depth = depth;
  result->intended = lines ? intended : 1;
  n = (int) (cheops_generate_moves (&s->pos, first) - first);
  result->n_first_moves = n;
  result->keys = calloc ((size_t) n > 0 ? (size_t) n : 1, sizeof (CheopsSolveKey));
  result->tries = calloc ((size_t) n > 0 ? (size_t) n : 1, sizeof (CheopsSolveTry));
  if (lines)
    {
      result->solution_plies = problem->genre == CHEOPS_SOLVE_HELP ? 2 * depth : depth;
      result->solutions = malloc (sizeof (CheopsMove) * CHEOPS_SOLVE_MAX_STORED * (size_t) result->solution_plies);
    }
  if (result->keys == NULL || result->tries == NULL || (lines && result->solutions == NULL))
    {
      solver_clear (s);
      free (s);
      cheops_solve_result_free (result);
      return NULL;
    }

  /* Phase 0: every first move, proved or refuted (h#, ser-#: every
   * solution that begins with it); #N and s#N over threads on request. */
  threaded = !lines && limits != NULL && limits->threads > 1 && !s->plain && n > 0;
  if (threaded)
    {
      threaded = team_init (&team, s, pos, depth, problem->genre, limits, limits->threads, &own, &own0);
      team.tasks = calloc ((size_t) n, sizeof (RootTask));
      if (!threaded || team.tasks == NULL)
        {
          team_clear (&team, limits);
          threaded = false;
        }
    }
  if (threaded)
    {
      team.n_tasks = n;
      for (int i = 0; i < n; i++)
        team.tasks[i].move = first[i];
      team_run (&team, team_roots);
      team_collect_stop (&team);
      for (int i = 0; i < n; i++)
        {
          RootTask *t = &team.tasks[i];

          if (t->code == R_WIN && atomic_load (&t->state) == TASK_DONE)
            result->keys[result->n_keys++] = (CheopsSolveKey) { .move = t->move, .outcome = t->outcome };
          else if (t->code == R_FAIL && atomic_load (&t->state) == TASK_DONE)
            result->tries[result->n_tries++] = (CheopsSolveTry) { t->move, t->refutation, t->outcome };
          else if (s->stopped_by == NULL)
            s->stopped_by = "node limit";   /* not reached: a task left undone without a stop */
        }
      n = 0;   /* done: the loop below has nothing left */
    }
  for (int i = 0; i < n; i++)
    {
      CheopsOutcome o;
      CheopsMove refutation = CHEOPS_MOVE_NONE;
      SolveResultCode r;

      report (s, 0, i, n);
      if (lines)
        r = line_first_move (s, first[i], &o);
      else
        r = move_wins (s, first[i], depth, 0, &o, &refutation);
      if (r == R_ABORT)
        break;
      if (r == R_WIN)
        result->keys[result->n_keys++] = (CheopsSolveKey) { .move = first[i], .outcome = lines ? CHEOPS_OUTCOME_NONE : o };
      else
        result->tries[result->n_tries++] = (CheopsSolveTry) { first[i], refutation, o };
    }

  /* Phase 1: the defences of each key and the duals after them. */
  if (threaded && s->stopped_by == NULL)
    {
      int n_items = 0;

      for (int k = 0; k < result->n_keys && s->stopped_by == NULL; k++)
        if (result->keys[k].outcome == CHEOPS_OUTCOME_NONE && key_defences (s, &result->keys[k]))
          n_items += result->keys[k].n_defences;
      team.items = malloc (sizeof (int) * (size_t) (n_items > 0 ? n_items : 1));
      if (team.items == NULL)
        s->stopped_by = "out of memory";
      for (int k = 0; k < result->n_keys && team.items != NULL; k++)
        for (int i = 0; i < result->keys[k].n_defences; i++)
          team.items[team.n_items++] = k << 16 | i;
      team.keys = result->keys;
      team.n_keys = result->n_keys;
      if (s->stopped_by == NULL)
        {
          team_run (&team, team_keys);
          team_collect_stop (&team);
        }
    }
  for (int k = 0; k < result->n_keys && s->stopped_by == NULL && !lines && !threaded; k++)
    {
      report (s, 1, k, result->n_keys);
      if (result->keys[k].outcome == CHEOPS_OUTCOME_NONE)
        analyse_key (s, &result->keys[k], depth);
    }
  cpu_own = thread_cpu_seconds () - cpu_start;
  result->cpu_seconds = cpu_own;
  result->span_seconds = cpu_own;
  if (threaded)
    {
      result->cpu_seconds = cpu_own + team.cpu_workers;
      result->span_seconds = cpu_own - team.cpu_own + team.span;
      team_clear (&team, limits);
    }
  if (s->stopped_by == NULL)
    report (s, 1, result->n_keys, result->n_keys);

  if (lines)
    result->mainline_is_key = s->line_matches;
  else
    for (int k = 0; k < result->n_keys; k++)
      if (result->keys[k].move == mainline && mainline != CHEOPS_MOVE_NONE)
        result->mainline_is_key = true;

  if (s->stopped_by != NULL)
    result->verdict = CHEOPS_SOLVE_UNDECIDED;
  else if (result->n_keys == 0)
    result->verdict = CHEOPS_SOLVE_NO_SOLUTION;
  else if (!result->mainline_is_key)
    result->verdict = CHEOPS_SOLVE_WRONG_SOLUTION;
  else if (lines ? result->n_solutions > intended : result->n_keys > 1)
    result->verdict = CHEOPS_SOLVE_COOKED;
  else if (lines && result->n_solutions < intended)
    result->verdict = CHEOPS_SOLVE_WRONG_SOLUTION;
  else
    result->verdict = CHEOPS_SOLVE_SOUND;
  result->stopped_by = s->stopped_by;
  result->nodes = s->nodes;
  result->seconds = elapsed (s);
  solver_clear (s);
  free (s);
  return result;
}

CheopsSolveResult *
cheops_solve (const CheopsPosition    *pos,
              int                      depth,
              CheopsMove               mainline,
              const CheopsSolveLimits *limits)
{
  CheopsSolveProblem problem = {
    .genre = CHEOPS_SOLVE_DIRECT,
    .depth = depth,
    .line = &mainline,
    .n_line = mainline != CHEOPS_MOVE_NONE ? 1 : 0,
  };

  return cheops_solve_problem (pos, &problem, limits);
}

const char *
cheops_solve_genre_sign (CheopsSolveGenre genre)
{
  switch (genre)
    {
    case CHEOPS_SOLVE_HELP: return "h#";
    case CHEOPS_SOLVE_SELF: return "s#";
    case CHEOPS_SOLVE_SERIES: return "ser-#";
    case CHEOPS_SOLVE_DIRECT:
    default: return "#";
    }
}

void
cheops_solve_result_free (CheopsSolveResult *result)
{
  if (result == NULL)
    return;
  if (result->keys != NULL)
    for (int k = 0; k < result->n_keys; k++)
      {
        for (int d = 0; d < result->keys[k].n_defences; d++)
          free (result->keys[k].defences[d].wins);
        free (result->keys[k].defences);
      }
  free (result->keys);
  free (result->tries);
  free (result->solutions);
  free (result);
}

const char *
cheops_solve_verdict_name (CheopsSolveVerdict verdict)
{
  switch (verdict)
    {
    case CHEOPS_SOLVE_SOUND: return "sound";
    case CHEOPS_SOLVE_COOKED: return "cooked";
    case CHEOPS_SOLVE_NO_SOLUTION: return "no-solution";
    case CHEOPS_SOLVE_WRONG_SOLUTION: return "wrong-solution";
    case CHEOPS_SOLVE_UNDECIDED: return "undecided";
    default: return "undecided";
    }
}

int
cheops_solve_wins_in (const CheopsPosition    *pos,
                      int                      depth,
                      const CheopsSolveLimits *limits,
                      int64_t                 *nodes)
{
  Solver *s;
  SolveResultCode r;

  if (nodes != NULL)
    *nodes = 0;
  if (depth < 1 || depth > CHEOPS_SOLVE_MAX_DEPTH)
    return -1;
  s = malloc (sizeof *s);
  if (s == NULL || !solver_init (s, pos, depth, CHEOPS_SOLVE_DIRECT, limits, NULL))
    {
      free (s);
      return -1;
    }
  r = attacker (s, depth, 0, NULL);
  if (nodes != NULL)
    *nodes = s->nodes;
  solver_clear (s);
  free (s);
  return r == R_WIN ? 1 : r == R_FAIL ? 0 : -1;
}
