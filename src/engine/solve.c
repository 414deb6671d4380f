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
  CheopsSide               goal;        /* the side whose win fulfils the stipulation */
  CheopsSolveGenre         genre;
  bool                     self;        /* s#: the defender's last ply must win for it */
  bool                     plain;       /* --prove: no table, no ordering, no cut-off */
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
solver_init (Solver *s, const CheopsPosition *pos, int depth, CheopsSolveGenre genre,
             const CheopsSolveLimits *limits)
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
      if (e->key == key && e->fail_depth != 0)
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
    *e = (SolveEntry) { .key = key, .fail_depth = 1 };
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
      if (e->key == key && e->fail_depth != 0)
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
    *e = (SolveEntry) { .key = key, .fail_depth = 1 };
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
          /* s#: after the defender's last ply no attacker's move is left. */
          m = depth > 1 ? (int) (cheops_generate_moves (&s->pos, attacks) - attacks) : 0;
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
cheops_solve_problem (const CheopsPosition     *pos,
                      const CheopsSolveProblem *problem,
                      const CheopsSolveLimits  *limits)
{
  Solver *s;
  CheopsSolveResult *result;
  CheopsMove first[CHEOPS_MAX_MOVES];
  CheopsMove mainline;
  int depth, n, intended;
  bool lines;

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
  if (s == NULL || result == NULL || !solver_init (s, pos, depth, problem->genre, limits))
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
   * solution that begins with it). */
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
  for (int k = 0; k < result->n_keys && s->stopped_by == NULL && !lines; k++)
    {
      report (s, 1, k, result->n_keys);
      if (result->keys[k].outcome == CHEOPS_OUTCOME_NONE)
        analyse_key (s, &result->keys[k], depth);
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
  if (s == NULL || !solver_init (s, pos, depth, CHEOPS_SOLVE_DIRECT, limits))
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
