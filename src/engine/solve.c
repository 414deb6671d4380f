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
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cheops-position.h"
#include "solve.h"

/* One table entry: 16 bytes. */
typedef struct {
  uint64_t   key;
  CheopsMove move;       /* the winning move, or NONE */
  uint8_t    win_depth;  /* least depth proved to win; 0: none */
  uint8_t    fail_depth; /* greatest depth proved to fail; 0: none */
  uint16_t   pad;
} SolveEntry;

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
  const CheopsSolveLimits *limits;
  SolveEntry              *tt;
  uint64_t                 tt_mask;
  bool                     use_tt;
  bool                     track_path;
  SolvePly                *plies;       /* MAX_PLIES */
  CheopsMove               killer[MAX_PLIES];
  uint64_t                 keys[MAX_PLIES + 1];  /* keys[0]: the root */
  int64_t                  nodes;
  int64_t                  next_check;
  struct timespec          start;
  const char              *stopped_by;
  CheopsSolveProgress      progress;
  double                   last_report;   /* seconds, of the last progress report */
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

static inline bool
attacker_wins (const Solver *s, CheopsOutcome o)
{
  return o != CHEOPS_OUTCOME_NONE && cheops_variant_outcome_winner (s->pos.variant, o) == (CheopsWinner) s->attacker;
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

  if (check_stop (s))
    return R_ABORT;
  if (s->use_tt)
    {
      key = tt_key (&s->pos);
      e = &s->tt[key & s->tt_mask];
      if (e->key == key)
        {
          if (e->win_depth != 0 && e->win_depth <= depth)
            {
              if (best != NULL)
                *best = e->move;
              return R_WIN;
            }
          if (e->fail_depth >= depth)
            return R_FAIL;
          tt_move = e->move;
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
            {
              if (e->key != key)
                *e = (SolveEntry) { .key = key };
              e->win_depth = 1;
              e->move = p->moves[i];
            }
          return R_WIN;
        }
      /* Checks only order the second pass: none at the last move. */
      p->flags[i] = o != CHEOPS_OUTCOME_NONE ? FLAG_DEAD
                    : depth > 1 && cheops_position_in_check (&s->pos) ? FLAG_CHECK : 0;
      cheops_position_undo_move (&s->pos, p->moves[i], &undo);
    }

  if (depth > 1)
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
                  {
                    if (e->key != key)
                      *e = (SolveEntry) { .key = key };
                    if (e->win_depth == 0 || e->win_depth > depth)
                      e->win_depth = (uint8_t) depth;
                    e->move = m;
                  }
                return R_WIN;
              }
          }
    }

  if (e != NULL)
    {
      if (e->key != key)
        *e = (SolveEntry) { .key = key };
      if (e->fail_depth < depth)
        e->fail_depth = (uint8_t) depth;
    }
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

static bool
solver_init (Solver *s, const CheopsPosition *pos, int depth, const CheopsSolveLimits *limits)
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
  s->limits = limits;
  clock_gettime (CLOCK_MONOTONIC, &s->start);
  c = repetition_count_needed (pos);
  s->track_path = c > 0 && 2 * depth - 1 >= 4 * (c - 1);
  s->use_tt = !s->track_path;
  s->keys[0] = pos->key;
  s->plies = malloc (sizeof (SolvePly) * MAX_PLIES);
  if (s->plies == NULL)
    return false;
  if (s->use_tt)
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
  free (s->tt);
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
  else if (depth <= 1)
    r = R_FAIL;
  else
    {
      if (s->track_path)
        s->keys[ply + 1] = s->pos.key;
      r = defender (s, depth - 1, ply + 1, refutation);
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

/* The defences against the key @key->move and their winning
 * continuations (within @depth - 1 moves).  Returns false on a stop. */
static bool
analyse_key (Solver *s, CheopsSolveKey *key, int depth)
{
  CheopsMove defences[CHEOPS_MAX_MOVES];
  CheopsMove attacks[CHEOPS_MAX_MOVES];
  CheopsUndo undo;
  int n;

  cheops_position_do_move (&s->pos, key->move, &undo);
  s->keys[1] = s->pos.key;
  n = (int) (cheops_generate_moves (&s->pos, defences) - defences);
  key->defences = calloc ((size_t) n > 0 ? (size_t) n : 1, sizeof (CheopsSolveDefence));
  if (key->defences == NULL)
    {
      cheops_position_undo_move (&s->pos, key->move, &undo);
      return false;
    }
  key->n_defences = n;
  for (int i = 0; i < n; i++)
    {
      CheopsSolveDefence *d = &key->defences[i];
      CheopsUndo dundo;
      int m, n_wins = 0;

      d->move = defences[i];
      cheops_position_do_move (&s->pos, defences[i], &dundo);
      s->nodes++;
      d->outcome = outcome_after (s, 2);
      if (d->outcome == CHEOPS_OUTCOME_NONE)
        {
          s->keys[2] = s->pos.key;
          m = (int) (cheops_generate_moves (&s->pos, attacks) - attacks);
          d->wins = malloc (sizeof (CheopsMove) * ((size_t) m > 0 ? (size_t) m : 1));
          if (d->wins == NULL)
            s->stopped_by = "out of memory";
          for (int j = 0; j < m && s->stopped_by == NULL; j++)
            {
              CheopsOutcome o;
              CheopsMove refutation;
              SolveResultCode r = move_wins (s, attacks[j], depth - 1, 2, &o, &refutation);

              if (r == R_ABORT)
                break;
              if (r == R_WIN)
                d->wins[n_wins++] = attacks[j];
            }
          d->n_wins = n_wins;
        }
      cheops_position_undo_move (&s->pos, defences[i], &dundo);
      if (s->stopped_by != NULL || check_stop (s))
        break;
    }
  cheops_position_undo_move (&s->pos, key->move, &undo);
  return s->stopped_by == NULL;
}

CheopsSolveResult *
cheops_solve (const CheopsPosition    *pos,
              int                      depth,
              CheopsMove               mainline,
              const CheopsSolveLimits *limits)
{
  Solver *s;
  CheopsSolveResult *result;
  CheopsMove first[CHEOPS_MAX_MOVES];
  int n;

  if (depth < 1 || depth > CHEOPS_SOLVE_MAX_DEPTH)
    return NULL;
  s = malloc (sizeof *s);
  result = calloc (1, sizeof *result);
  if (s == NULL || result == NULL || !solver_init (s, pos, depth, limits))
    {
      free (s);
      free (result);
      return NULL;
    }
  result->attacker = pos->side_to_move;
  result->depth = depth;
  n = (int) (cheops_generate_moves (&s->pos, first) - first);
  result->n_first_moves = n;
  result->keys = calloc ((size_t) n > 0 ? (size_t) n : 1, sizeof (CheopsSolveKey));
  result->tries = calloc ((size_t) n > 0 ? (size_t) n : 1, sizeof (CheopsSolveTry));
  if (result->keys == NULL || result->tries == NULL)
    {
      solver_clear (s);
      free (s);
      cheops_solve_result_free (result);
      return NULL;
    }

  /* Phase 0: every first move, proved or refuted. */
  for (int i = 0; i < n; i++)
    {
      CheopsOutcome o;
      CheopsMove refutation;
      SolveResultCode r;

      report (s, 0, i, n);
      r = move_wins (s, first[i], depth, 0, &o, &refutation);
      if (r == R_ABORT)
        break;
      if (r == R_WIN)
        result->keys[result->n_keys++] = (CheopsSolveKey) { .move = first[i], .outcome = o };
      else
        result->tries[result->n_tries++] = (CheopsSolveTry) { first[i], refutation, o };
    }

  /* Phase 1: the defences of each key and the duals after them. */
  for (int k = 0; k < result->n_keys && s->stopped_by == NULL; k++)
    {
      report (s, 1, k, result->n_keys);
      if (result->keys[k].outcome == CHEOPS_OUTCOME_NONE)
        analyse_key (s, &result->keys[k], depth);
    }
  if (s->stopped_by == NULL)
    report (s, 1, result->n_keys, result->n_keys);

  for (int k = 0; k < result->n_keys; k++)
    if (result->keys[k].move == mainline && mainline != CHEOPS_MOVE_NONE)
      result->mainline_is_key = true;

  if (s->stopped_by != NULL)
    result->verdict = CHEOPS_SOLVE_UNDECIDED;
  else if (result->n_keys == 0)
    result->verdict = CHEOPS_SOLVE_NO_SOLUTION;
  else if (!result->mainline_is_key)
    result->verdict = CHEOPS_SOLVE_WRONG_SOLUTION;
  else if (result->n_keys > 1)
    result->verdict = CHEOPS_SOLVE_COOKED;
  else
    result->verdict = CHEOPS_SOLVE_SOUND;
  result->stopped_by = s->stopped_by;
  result->nodes = s->nodes;
  result->seconds = elapsed (s);
  solver_clear (s);
  free (s);
  return result;
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
  if (s == NULL || !solver_init (s, pos, depth, limits))
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
