/* search.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search.  Iterative deepening with aspiration windows around a
 * principal variation search (alpha-beta, fail-soft), quiescence search,
 * transposition table, move ordering (TT move, MVV-LVA, killers, history),
 * reverse futility, null move, late-move reductions and pruning,
 * extensions for moves onto the Apex and for checks given while a Queen is
 * near it, MultiPV and lazy SMP.
 *
 * One search for every variant: it calls only the core's generic API
 * (cheops-position.h, dispatching through pos->variant) and the variant's
 * engine hooks (engine-variant.h; the game's own rules and tactics live in
 * evaluate-<variant>.c), and reports through a SearchReport.
 * - The moves searched are exactly cheops_generate_moves().  A side with no
 *   playable move has drawn or lost, as the variant says (Cheops 4.2.4,
 *   8.4.1: a draw; TrigChess TR13: a loss, by checkmate or stalemate;
 *   Cypher chess 4.10: a loss in check, else a draw).
 * - The end of the game is judged at the start of every node by the
 *   variant's node_end() (Cheops: the Ascension 8.1, R5; both sides without
 *   Queen and Pawn 8.4.1): a loss scores -VALUE_MATE + ply, so "score mate
 *   N" is a win in N moves by the variant's rules.
 * - The halfmove clock at the variant's halfmove_draw scores a draw.
 * - Repetitions: in a variant whose repetitions draw, any repetition of a
 *   position since the last irreversible move (Cheops 8.4.2-8.4.3: the side
 *   to move could steer to the third and fifth occurrence); otherwise the
 *   occurrences along the game and the search are counted and
 *   cheops_position_repetition_outcome() decides (TrigChess TR15: the
 *   mover making the third occurrence loses).
 * - Null move is never tried in check, and its mate scores are not
 *   trusted; the variant may forbid it (null_move_ok(): zugzwang) and
 *   forbid forward pruning (threat_pending()).
 * - Quiescence searches the moves of a kind other than MOVE_QUIET; a side
 *   with a win in one (win_in_one()) scores it at once; in check, or facing
 *   a win in one (threat_in_one()), it searches every playable move.
 */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cheops-notation.h"
#include "cheops-perft.h"
#include "movepick.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

typedef struct {
  CheopsMove move;
  int        score;
  int        previous_score;
  int        seldepth;
  int        pv_length;
  CheopsMove pv[MAX_PLY + 1];
} RootMove;

typedef struct {
  int        static_eval;
  bool       null_move;
  CheopsMove threat_move;   /* qsearch(): the opponent's Ascension if we passed */
  int        pv_length;
  CheopsMove pv[MAX_PLY + 1];
} Stack;

typedef struct {
  int              id;
  pthread_t        thread;
  const EngineVariant *ev;
  CheopsPosition   pos;
  uint64_t         keys[MAX_HISTORY_KEYS + MAX_PLY + 8];
  int              key_count;
  int              plies_from_null;
  _Atomic uint64_t nodes;
  int              seldepth;
  int              root_depth;
  int              completed_depth;
  int              pv_index;
  int              pv_count;
  CheopsMove       killers[MAX_PLY + 8][2];
  History          history;
  Stack            stack[MAX_PLY + 8];
  /* Per-ply storage, on the heap (worker_new()): a MovePicker of
   * CHEOPS_MAX_MOVES entries is about 72 KB, too much for a stack frame
   * per ply of a 128-ply search.  pickers[ply] serves search() or
   * qsearch() at that ply (never both at once: search() at depth 0 hands
   * its ply to qsearch() before it picks). */
  MovePicker      *pickers;           /* MAX_PLY + 8 of them */
  RootMove        *root_moves;        /* CHEOPS_MAX_MOVES of them */
  CheopsMove      *root_list;         /* CHEOPS_MAX_MOVES: worker_prepare()'s generation */
  int              root_count;
  void            *thread_stack;      /* THREAD_STACK bytes, faulted in (thread_start()) */
  CheopsMove       currmove;          /* root_search(): the move being searched */
  int              currmove_number;   /* its 1-based index in root_moves */
} Worker;

static Worker        *workers[MAX_THREADS];
static int            thread_count = 1;
static atomic_bool    stop_flag;      /* the search must end (stop, a limit, the end of a job's search) */
static atomic_bool    abort_flag;     /* search_stop() since the start of the search or job */
static atomic_bool    running;
static bool           joinable;
static pthread_t      main_thread;
static SearchLimits   limits;
static SearchOptions  options;
static TimeBudget     budget;
static bool           use_time;
static int64_t        start_time;
static int64_t        last_report;    /* ms since start_time of the last info or progress */
static CheopsMove     reported_move;  /* the first move of the last line 1 reported */
/* A timed search reads the clock every time_check_interval nodes (main
 * thread), an interval kept near a millisecond of wall time: halved when
 * the last one took a millisecond or more, doubled (to 64) when it took
 * less.  Wall time, not nodes, is what a clock charges: on a loaded machine
 * the engine gets a fraction of a processor, and 64 nodes of a Pyramids
 * search (tens of microseconds each) could take 60 ms of the clock. */
static TimeLag        time_lag = { { -1, -1 }, { -1, -1 }, 0 };
static int            timed_side;     /* the side a timed search is for */
static int            time_check_interval;
static int            time_check_countdown;
static int64_t        last_time_check;
static uint64_t       last_nodes;
static CheopsMove     last_best;
static SearchReport   report;
static const EngineVariant *root_ev;
static int            lmr_table[64][64];

/* The game's history and root, copied once for every worker. */
static CheopsPosition root_pos;
static CheopsMove     root_searchmoves[CHEOPS_MAX_MOVES];   /* limits.searchmoves, sorted */
static uint64_t       root_keys[MAX_HISTORY_KEYS];
static int            root_key_count;

/* Orders moves by their 32-bit value (qsort() and bsearch() of the
 * searchmoves). */
static int
move_cmp (const void *a, const void *b)
{
  CheopsMove x = *(const CheopsMove *) a, y = *(const CheopsMove *) b;
  return x < y ? -1 : x > y;
}

static inline int mated_in (int ply) { return -VALUE_MATE + ply; }
static inline int mate_in (int ply) { return VALUE_MATE - ply; }

static inline int
value_to_tt (int v, int ply)
{
  return v >= VALUE_MATE_IN_MAX ? v + ply : v <= -VALUE_MATE_IN_MAX ? v - ply : v;
}

static inline int
value_from_tt (int v, int ply)
{
  if (v == VALUE_NONE)
    return v;
  return v >= VALUE_MATE_IN_MAX ? v - ply : v <= -VALUE_MATE_IN_MAX ? v + ply : v;
}

static inline bool
stopped (void)
{
  return atomic_load_explicit (&stop_flag, memory_order_relaxed);
}

static uint64_t
total_nodes (void)
{
  uint64_t n = 0;
  for (int i = 0; i < thread_count; i++)
    n += atomic_load_explicit (&workers[i]->nodes, memory_order_relaxed);
  return n;
}

/* The progress line of worker 0's iteration (SearchReport.progress). */
static void
report_progress (Worker *w, int64_t elapsed)
{
  SearchProgress p;

  p.depth = w->root_depth;
  p.seldepth = w->seldepth;
  p.nodes = total_nodes ();
  p.nps = elapsed > 0 ? p.nodes * 1000 / (uint64_t) elapsed : p.nodes * 1000;
  p.hashfull = tt_hashfull ();
  p.time = elapsed;
  p.currmove = w->currmove;
  p.currmovenumber = w->currmove_number;
  last_report = elapsed;
  report.progress (&p, report.data);
}

static inline void
count_node (Worker *w)
{
  uint64_t n = atomic_load_explicit (&w->nodes, memory_order_relaxed) + 1;
  int64_t now = -1;

  atomic_store_explicit (&w->nodes, n, memory_order_relaxed);
  /* The clock is read every time_check_interval nodes of a timed search
   * (above), the node and progress limits every 1024 (so fixed-node
   * searches stop where they always did). */
  if (w->id != 0)
    return;
  if ((use_time || limits.movetime >= 0) && --time_check_countdown <= 0)
    {
      now = timeman_now ();
      if (now - last_time_check >= 1)
        time_check_interval = time_check_interval > 1 ? time_check_interval / 2 : 1;
      else if (time_check_interval < 64)
        time_check_interval *= 2;
      time_check_countdown = time_check_interval;
      last_time_check = now;
    }
  if (now >= 0 || (n & 1023) == 0)
    {
      int64_t elapsed = (now >= 0 ? now : timeman_now ()) - start_time;
      /* The clock never stops the iterations up to TIMEMAN_MIN_DEPTH (2),
       * the first to see a mate in one against the side to move: stopped
       * after depth 1, the engine played into mates in one at 0.05 + 0.01 s
       * (issue 19); and on a loaded machine the search thread may first run
       * after the whole movetime has gone.  Under a clock only the
       * emergency limit (half of what is left) cuts them short; `go
       * movetime` always completes them (`stop` and `go nodes` still end
       * the search at once); and nothing but those ends depth 1, which
       * takes microseconds of CPU and sees a win in one. */
      bool first_done = w->completed_depth >= 1 || w->root_count == 1;
      bool clock_counts = w->completed_depth >= TIMEMAN_MIN_DEPTH || w->root_count == 1;
      if ((use_time && first_done && elapsed >= (clock_counts ? budget.maximum : budget.emergency))
          || (clock_counts && limits.movetime >= 0 && elapsed >= limits.movetime)
          || (limits.nodes > 0 && total_nodes () >= limits.nodes))
        atomic_store (&stop_flag, true);
      /* A long iteration: keep the readout moving (reads only). */
      else if (report.progress != NULL && w->currmove != CHEOPS_MOVE_NONE
               && elapsed - last_report >= SEARCH_PROGRESS_MS)
        report_progress (w, elapsed);
    }
}

void
search_limits_init (SearchLimits *l)
{
  memset (l, 0, sizeof *l);
  l->movetime = -1;
  l->time[0] = l->time[1] = -1;
  l->inc[0] = l->inc[1] = 0;
}

/* Search threads run on stacks of their own, allocated and written once:
 * a new thread's stack pages (glibc's cached ones or fresh) were faulted in
 * by the first search that reached their depth — 45-50 faults, a few ms on
 * a loaded machine, in a fresh engine's first `go` (issue 19). */
#define THREAD_STACK ((size_t) 8 * 1024 * 1024)

static void *main_stack;

/* Writes every page of @p (zeros over zeros): a memset() of calloc()'d
 * memory is optimized away by the compiler, this is not. */
static void
prefault (void *p, size_t size)
{
  volatile char *c = p;

  for (size_t i = 0; i < size; i += 4096)
    c[i] = 0;
}

static void *
stack_new (void)
{
  void *stack = NULL;

  if (posix_memalign (&stack, 4096, THREAD_STACK) != 0)
    return NULL;
  prefault (stack, THREAD_STACK);
  return stack;
}

/* pthread_create() on @stack (NULL: the default one). */
static int
thread_start (pthread_t *thread, void *(*fn) (void *), void *data, void *stack)
{
  pthread_attr_t attr;
  int r;

  if (stack == NULL)
    return pthread_create (thread, NULL, fn, data);
  pthread_attr_init (&attr);
  pthread_attr_setstack (&attr, stack, THREAD_STACK);
  r = pthread_create (thread, &attr, fn, data);
  pthread_attr_destroy (&attr);
  return r;
}

static Worker *
worker_new (int id)
{
  /* calloc() of these sizes maps fresh zero pages: only the entries a
   * search fills are ever touched. */
  Worker *w = calloc (1, sizeof (Worker));
  if (w == NULL)
    return NULL;
  w->pickers = calloc (MAX_PLY + 8, sizeof (MovePicker));
  w->root_moves = calloc (CHEOPS_MAX_MOVES, sizeof (RootMove));
  w->root_list = calloc (CHEOPS_MAX_MOVES, sizeof (CheopsMove));
  if (w->pickers == NULL || w->root_moves == NULL || w->root_list == NULL)
    {
      free (w->pickers);
      free (w->root_moves);
      free (w->root_list);
      free (w);
      return NULL;
    }
  /* First touch now, not in the first search: the pickers' pages are
   * written once here (a fresh engine's first `go` paid their faults,
   * about 2.4 thousand pages). */
  prefault (w->pickers, (MAX_PLY + 8) * sizeof (MovePicker));
  prefault (w->root_moves, CHEOPS_MAX_MOVES * sizeof (RootMove));
  if (id > 0)
    w->thread_stack = stack_new ();   /* NULL: the default stack */
  w->id = id;
  return w;
}

void
search_init (void)
{
  for (int d = 1; d < 64; d++)
    for (int m = 1; m < 64; m++)
      lmr_table[d][m] = (int) (0.5 + log (d) * log (m) / 2.25);
  workers[0] = worker_new (0);
  thread_count = 1;
  main_stack = stack_new ();
}

bool
search_set_threads (int n)
{
  if (n < 1 || n > MAX_THREADS)
    return false;
  for (int i = 1; i < n; i++)
    if (workers[i] == NULL && (workers[i] = worker_new (i)) == NULL)
      return false;
  thread_count = n;
  return true;
}

void
search_clear (void)
{
  for (int i = 0; i < MAX_THREADS; i++)
    if (workers[i] != NULL)
      {
        memset (workers[i]->history, 0, sizeof (History));
        memset (workers[i]->killers, 0, sizeof workers[i]->killers);
      }
  tt_clear ();
  timeman_lag_reset (&time_lag);
}

void
search_prepare (const CheopsPosition *pos)
{
  SearchLimits l;
  SearchOptions o = { 1, 0, 20 };

  search_stop ();
  search_wait ();
  if (pos != NULL && engine_variant_of (pos->variant) != NULL)
    {
      /* A short search of @pos, reported to no one: it starts a search
       * thread (whose stack glibc keeps for the next), faults in the pages
       * of the variant's code and tables and of the search's stack, as the
       * first real search would have. */
      search_limits_init (&l);
      l.depth = 3;
      search_start (pos, &pos->key, 1, &l, &o, NULL);
      search_wait ();
    }
  search_clear ();
}

/* Plays @move in the worker's position and records the new key. */
static inline void
do_move (Worker *w, CheopsMove move, CheopsUndo *undo)
{
  cheops_position_do_move (&w->pos, move, undo);
  tt_prefetch (w->pos.key);
  w->keys[w->key_count++] = w->pos.key;
  w->plies_from_null++;
}

/* do_move() without the table's prefetch: for a move that may be pruned
 * at once (the caller prefetches once it is kept). */
static inline void
do_move_unfetched (Worker *w, CheopsMove move, CheopsUndo *undo)
{
  cheops_position_do_move (&w->pos, move, undo);
  w->keys[w->key_count++] = w->pos.key;
  w->plies_from_null++;
}

/* Whether the side to move is in check, right after a move was played. */
static inline bool
in_check_after_move (const EngineVariant *ev, const CheopsPosition *pos)
{
  return ev->move_checked != NULL ? ev->move_checked (pos) : cheops_position_in_check (pos);
}

static inline void
undo_move (Worker *w, CheopsMove move, const CheopsUndo *undo)
{
  cheops_position_undo_move (&w->pos, move, undo);
  w->key_count--;
  w->plies_from_null--;
}

/* Whether the position repeats one since the last irreversible move and the
 * last null move (the key: placement, side to move and the variant's
 * state), for a variant whose repetitions draw. */
static bool
is_repetition (const Worker *w)
{
  int horizon = cheops_position_repetition_horizon (&w->pos);
  int end = horizon < w->plies_from_null ? horizon : w->plies_from_null;
  uint64_t key = w->pos.key;

  if (end > w->key_count - 1)
    end = w->key_count - 1;
  for (int i = 4; i <= end; i += 2)
    if (w->keys[w->key_count - 1 - i] == key)
      return true;
  return false;
}

/* How often the position has occurred along the game and the search since
 * the last irreversible move and the last null move, this time included
 * (cheops_repetition_count() over the worker's keys). */
static int
repetition_count (const Worker *w)
{
  int horizon = cheops_position_repetition_horizon (&w->pos);
  int end = horizon < w->plies_from_null ? horizon : w->plies_from_null;
  uint64_t key = w->pos.key;
  int count = 1;

  if (end > w->key_count - 1)
    end = w->key_count - 1;
  for (int i = 4; i <= end; i += 2)
    count += w->keys[w->key_count - 1 - i] == key;
  return count;
}

/* For a variant whose repetitions do not simply draw: the score of the
 * node for the side to move when the mover (the side not to move) has made
 * the position occur for the count-th time and the core says the game ends
 * so (TrigChess TR15: the third loses for the mover), else VALUE_NONE. */
static int
repetition_score (const Worker *w, int ply)
{
  CheopsOutcome rep = cheops_position_repetition_outcome (&w->pos, repetition_count (w));
  CheopsWinner winner;

  if (rep == CHEOPS_OUTCOME_NONE)
    return VALUE_NONE;
  winner = cheops_variant_outcome_winner (w->pos.variant, rep);
  return winner == CHEOPS_WINNER_DRAW ? VALUE_DRAW
         : winner == (CheopsWinner) w->pos.side_to_move ? mate_in (ply) : mated_in (ply);
}

/* The score of a node whose side to move has no playable move. */
static inline int
no_move_score (const EngineVariant *ev, bool in_check, int ply)
{
  return ev->no_move_loses || (in_check && ev->no_move_in_check_loses) ? mated_in (ply) : VALUE_DRAW;
}

static void
update_pv (Stack *ss, CheopsMove move, const Stack *child)
{
  ss->pv[0] = move;
  memcpy (ss->pv + 1, child->pv, child->pv_length * sizeof (CheopsMove));
  ss->pv_length = child->pv_length + 1;
}

static inline void
history_update (int16_t *entry, int bonus)
{
  int v = *entry;
  v += bonus - v * abs (bonus) / 16384;
  *entry = (int16_t) v;
}

/* The quiescence plies in which a node threatened with the Ascension (see
 * qsearch()) still searches its checking moves. */
#define QS_THREAT_CHECK_PLIES 2

static int
qsearch (Worker *w, int alpha, int beta, int ply, bool in_check, int qdepth)
{
  CheopsPosition *pos = &w->pos;
  const EngineVariant *ev = w->ev;
  Stack *ss = &w->stack[ply];
  TTData tte;
  NodeEnd end;
  bool tt_hit, full_width, threatened;
  int skipped_checks = 0;
  CheopsMove tt_move, best_move = CHEOPS_MOVE_NONE;
  int best, stand_pat = VALUE_NONE, old_alpha = alpha, move_count = 0, kind, v;
  MovePicker *mp = &w->pickers[ply];
  CheopsMove move;

  ss->pv_length = 0;
  count_node (w);
  if (stopped ())
    return 0;
  if (ply > w->seldepth)
    w->seldepth = ply;

  /* The end of the game by the variant (Cheops: the Ascension was achieved
   * against us, 8.1, R5). */
  end = ev->node_end (pos, in_check);
  if (end != NODE_GOES_ON)
    return end == NODE_LOST ? mated_in (ply) : VALUE_DRAW;
  if (ev->halfmove_draw > 0 && pos->halfmove_clock >= ev->halfmove_draw)
    return VALUE_DRAW;
  if (!ev->repetition_draws)
    {
      v = repetition_score (w, ply);
      if (v != VALUE_NONE)
        return v;
    }
  if (ply >= MAX_PLY - 1)
    return in_check ? VALUE_DRAW : ev->evaluate (pos);

  tt_hit = tt_probe (pos->key, &tte);
  tt_move = tt_hit ? tte.move : CHEOPS_MOVE_NONE;
  if (tt_hit)
    {
      int s = value_from_tt (tte.score, ply);
      if (tte.bound & (s >= beta ? BOUND_LOWER : BOUND_UPPER))
        return s;
    }

  /* A win in one and its threat: the variant's hooks (Cheops: the Queen on
   * the Apex, 8.1, in evaluate-cheops.c).  A check given while one of our Queens
   * stands on the Apex wins on the spot, so with such a check available
   * this node is worth a win and nothing else needs searching.
   *
   * Facing an enemy Queen on the Apex, standing pat is unsound only when
   * the opponent, were we to pass, could give such a check: then every
   * playable move is searched (capturing the Queen, a collapse of the Apex,
   * blocking, moving the King away...) and each reply that does not parry
   * is refuted at once by the test above in the child.  When the opponent
   * has no such check, standing pat is as sound as anywhere else in
   * quiescence (the usual assumption that some quiet move keeps the
   * evaluation), and only the tactical moves below are searched.
   *
   * A check given by the threatened side parries nothing by itself (after
   * the evasion the threat is back) but must be answered by every evasion;
   * such spite checks and evasions would chain without end.  So from the
   * QS_THREAT_CHECK_PLIES-th quiescence ply on, a threatened node searches
   * only its non-checking moves (the parries that remain: capturing the
   * Queen, a collapse of the Apex, blocking, moving the King away...).
   * That can only underrate the threatened side (a check that also parries
   * is missed), never let it stand pat on a lost position.
   *
   * With our Queen on the Apex and no Ascension available, the node is an
   * ordinary one: a check that takes the Queen off the Apex wins nothing
   * by itself.
   *
   * This replaces a full-width search of every node facing the Queen on the
   * Apex up to 4 quiescence plies deep, with all checks and no delta
   * pruning at the Queen's side's nodes in between: that tree grew
   * exponentially (a position reached depth 6 in 20 s) and still stood pat
   * from the 5th ply on. */
  ss->threat_move = CHEOPS_MOVE_NONE;
  if (!in_check && ev->win_in_one != NULL
      && ev->win_in_one (pos, ply >= 1 ? w->stack[ply - 1].threat_move : CHEOPS_MOVE_NONE, NULL))
    {
      best = mate_in (ply + 1);
      tt_store (pos->key, value_to_tt (best, ply), VALUE_NONE, CHEOPS_MOVE_NONE, -1, BOUND_EXACT);
      return best;
    }
  threatened = !in_check && ev->threat_in_one != NULL
               && ev->threat_in_one (pos, ply >= 2 ? w->stack[ply - 2].threat_move : CHEOPS_MOVE_NONE,
                                        &ss->threat_move);
  full_width = in_check || threatened;

  if (full_width)
    best = -VALUE_INFINITE;
  else
    {
      stand_pat = tt_hit && tte.eval != VALUE_NONE ? tte.eval : ev->evaluate (pos);
      if (stand_pat >= beta)
        {
          if (!tt_hit)
            tt_store (pos->key, value_to_tt (stand_pat, ply), stand_pat, CHEOPS_MOVE_NONE, -1, BOUND_LOWER);
          return stand_pat;
        }
      if (stand_pat > alpha)
        alpha = stand_pat;
      best = stand_pat;
    }

  /* In stages (the TT move before any generation) where the number of
   * moves is not needed: a node the TT move cuts off generates nothing. */
  if (full_width || !ev->stage_tt_move)
    movepick_init (mp, ev, pos, tt_move, NULL, NULL, !full_width);
  else
    movepick_init_staged (mp, ev, pos, tt_move, NULL, NULL, true);
  if (full_width && mp->count == 0)
    {
      /* No playable move at all: a draw or a loss, as the variant says
       * (Cheops 4.2.4, R4; TrigChess TR13; Pyramids 4.5 and Cypher 4.10: a loss in check). */
      return no_move_score (ev, in_check, ply);
    }

  while ((move = movepick_next (mp, &kind)) != CHEOPS_MOVE_NONE)
    {
      CheopsUndo undo;
      bool gives_check;

      if (!full_width && kind == MOVE_CAPTURE
          && stand_pat + ev->move_gain (pos, move) + 200 <= alpha)
        continue;   /* delta pruning */

      do_move_unfetched (w, move, &undo);
      gives_check = in_check_after_move (ev, pos);
      if ((!full_width && kind == MOVE_QUIET && !gives_check)
          || (threatened && gives_check && qdepth >= QS_THREAT_CHECK_PLIES))
        {
          skipped_checks += threatened && gives_check;
          undo_move (w, move, &undo);
          continue;
        }
      tt_prefetch (pos->key);   /* only for a move searched */
      move_count++;
      v = -qsearch (w, -beta, -alpha, ply + 1, gives_check, qdepth + 1);
      undo_move (w, move, &undo);
      if (stopped ())
        return 0;
      if (v > best)
        {
          best = v;
          if (v > alpha)
            {
              best_move = move;
              update_pv (ss, move, &w->stack[ply + 1]);
              if (v >= beta)
                break;
              alpha = v;
            }
        }
    }

  /* Threatened with only (skipped) checks to play: counted as the
   * Ascension that follows a check that parries nothing. */
  if (full_width && move_count == 0)
    return skipped_checks > 0 ? mated_in (ply + 2) : no_move_score (ev, in_check, ply);

  tt_store (pos->key, value_to_tt (best, ply), stand_pat, best_move, in_check ? 0 : -1,
            best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER);
  return best;
}

static int
search (Worker *w, int alpha, int beta, int depth, int ply, bool pv_node, bool in_check)
{
  CheopsPosition *pos = &w->pos;
  const EngineVariant *ev = w->ev;
  Stack *ss = &w->stack[ply];
  CheopsSide us = pos->side_to_move;
  TTData tte;
  bool tt_hit;
  NodeEnd end;
  CheopsMove tt_move, best_move = CHEOPS_MOVE_NONE, move;
  CheopsMove quiets[64];
  int quiet_count = 0, move_count = 0, best_kind = MOVE_QUIET;
  int eval, tt_score = VALUE_NONE, best = -VALUE_INFINITE, old_alpha = alpha, kind;
  MovePicker *mp = &w->pickers[ply];
  bool long_list, rest_scanned = false;

  if (depth <= 0)
    return qsearch (w, alpha, beta, ply, in_check, 0);

  ss->pv_length = 0;
  ss->threat_move = CHEOPS_MOVE_NONE;
  count_node (w);
  if (stopped ())
    return 0;
  if (ply > w->seldepth)
    w->seldepth = ply;

  /* The end of the game, by the variant (Cheops: in the order of R5). */
  end = ev->node_end (pos, in_check);
  if (end != NODE_GOES_ON)
    return end == NODE_LOST ? mated_in (ply) : VALUE_DRAW;
  if (ev->repetition_draws)
    {
      if ((ev->halfmove_draw > 0 && pos->halfmove_clock >= ev->halfmove_draw) || is_repetition (w))
        return VALUE_DRAW;
    }
  else
    {
      int v;
      if (ev->halfmove_draw > 0 && pos->halfmove_clock >= ev->halfmove_draw)
        return VALUE_DRAW;
      v = repetition_score (w, ply);
      if (v != VALUE_NONE)
        return v;
    }
  if (ply >= MAX_PLY - 1)
    return in_check ? VALUE_DRAW : ev->evaluate (pos);

  /* Mate distance pruning. */
  if (alpha < mated_in (ply))
    alpha = mated_in (ply);
  if (beta > VALUE_MATE - ply - 1)
    beta = VALUE_MATE - ply - 1;
  if (alpha >= beta)
    return alpha;

  tt_hit = tt_probe (pos->key, &tte);
  tt_move = tt_hit ? tte.move : CHEOPS_MOVE_NONE;
  if (tt_hit)
    {
      tt_score = value_from_tt (tte.score, ply);
      if (!pv_node && tte.depth >= depth
          && (tte.bound & (tt_score >= beta ? BOUND_LOWER : BOUND_UPPER)))
        {
          if (tt_score >= beta && tt_move != CHEOPS_MOVE_NONE
              && ev->move_kind (pos, tt_move) == MOVE_QUIET && w->killers[ply][0] != tt_move)
            {
              w->killers[ply][1] = w->killers[ply][0];
              w->killers[ply][0] = tt_move;
            }
          return tt_score;
        }
    }

  if (in_check)
    eval = ss->static_eval = VALUE_NONE;
  else
    {
      eval = ss->static_eval = tt_hit && tte.eval != VALUE_NONE ? tte.eval : ev->evaluate (pos);
      if (!tt_hit)
        tt_store (pos->key, VALUE_NONE, eval, CHEOPS_MOVE_NONE, -2, BOUND_NONE);
      else if (tt_score != VALUE_NONE && (tte.bound & (tt_score > eval ? BOUND_LOWER : BOUND_UPPER)))
        eval = tt_score;
    }

  if (!pv_node && !in_check && !(ev->threat_pending != NULL && ev->threat_pending (pos))
      && abs (beta) < VALUE_MATE_IN_MAX)
    {
      /* Reverse futility pruning. */
      if (depth <= 5 && eval - 100 * depth >= beta)
        return eval;

      /* Null move. */
      if (depth >= 3 && eval >= beta && !(ply > 0 && w->stack[ply - 1].null_move)
          && ev->null_move_ok (pos))
        {
          CheopsUndo undo;
          int r = 3 + depth / 4, v, saved_from_null = w->plies_from_null;

          ss->null_move = true;
          cheops_position_do_null_move (pos, &undo);
          w->keys[w->key_count++] = pos->key;
          w->plies_from_null = 0;
          v = -search (w, -beta, -beta + 1, depth - r, ply + 1, false, cheops_position_in_check (pos));
          w->plies_from_null = saved_from_null;
          w->key_count--;
          cheops_position_undo_null_move (pos, &undo);
          ss->null_move = false;
          if (stopped ())
            return 0;
          if (v >= beta)
            return v >= VALUE_MATE_IN_MAX ? beta : v;
        }
    }
  ss->null_move = false;

  /* Internal iterative reduction: no move to try first, search less. */
  if (pv_node && tt_move == CHEOPS_MOVE_NONE && depth >= 6)
    depth -= 2;

  /* In check the number of moves is needed (the only move is extended):
   * the whole list at once.  Otherwise in stages, the TT move before any
   * generation (a node it cuts off generates nothing), and the same order
   * after it (movepick.h). */
  if (in_check || !ev->stage_tt_move)
    movepick_init (mp, ev, pos, tt_move, w->killers[ply], &w->history, false);
  else
    movepick_init_staged (mp, ev, pos, tt_move, w->killers[ply], &w->history, false);
  if (movepick_generated (mp) && mp->count == 0)   /* no playable move: Cheops 4.2.4, 8.4.1, R4; TrigChess TR13; Pyramids 4.5; Cypher 4.10 */
    return no_move_score (ev, in_check, ply);

  while ((move = movepick_next (mp, &kind)) != CHEOPS_MOVE_NONE)
    {
      CheopsUndo undo;
      bool tactical = kind != MOVE_QUIET;
      bool gives_check, prunable;
      int ext = 0, new_depth, v;

      move_count++;
      /* Known once the list is generated, that is from the second move
       * on (the first move is never pruned: best is -VALUE_INFINITE). */
      long_list = mp->list_size > MOVEPICK_LONG_LIST;
      /* A long list (Pyramids: thousands of moves, nearly all quiet): the
       * pruning below is decided before the move is played, checks
       * included, since playing each late move only to see that it does
       * not check costs a do/undo per move of thousands.  Lists of up to
       * MOVEPICK_LONG_LIST moves (every Cheops and TrigChess list) are
       * pruned only after the check test, as before. */
      if (long_list && !pv_node && !in_check && !tactical && best > -VALUE_MATE_IN_MAX && depth <= 3
          && (move_count > 3 + depth * depth || eval + 120 + 90 * depth <= alpha))
        {
          /* Every move the picker hands out after a quiet one (but the
           * first, the TT move, which is never pruned) is quiet
           * (its scores: tactical moves above killers above history), and
           * both conditions only grow true (move_count and alpha rise):
           * the rest would be pruned here one by one.  Not picking them
           * spares the picker's sort of the rest of the list. */
          break;
        }
      /* Late-move and futility pruning of quiet moves near the leaves that
       * do not check: asked of the variant before the move is played where
       * it can tell (ev->gives_check; Pyramids), else after playing it. */
      prunable = !pv_node && !in_check && !tactical && best > -VALUE_MATE_IN_MAX && depth <= 3
                 && (move_count > 3 + depth * depth || eval + 120 + 90 * depth <= alpha);
      if (prunable && ev->gives_check != NULL && !ev->gives_check (pos, move))
        {
          /* Every later move is quiet and prunable too (see the long list
           * above): once, look whether any of them checks; if none does,
           * none will be searched, and picking them one by one (a
           * selection over the list each) only to prune them is spared. */
          if (!rest_scanned && movepick_generated (mp))
            {
              bool checks = false;

              rest_scanned = true;
              for (int i = mp->next; i < mp->count && !checks; i++)
                checks = ev->gives_check (pos, mp->moves[i]);
              if (!checks)
                break;
            }
          continue;
        }
      do_move_unfetched (w, move, &undo);
      gives_check = in_check_after_move (ev, pos);
      if (prunable && !gives_check)
        {
          undo_move (w, move, &undo);
          continue;
        }
      tt_prefetch (pos->key);   /* only for a move searched */

      if (ply < 2 * w->root_depth)
        {
          if (kind & (MOVE_PROMOTION | MOVE_SPECIAL))
            ext = 1;                      /* Cheops: onto the Apex (8.1, 4.7.3) */
          else if (gives_check && ev->check_extension != NULL && ev->check_extension (pos, us))
            ext = 1;                      /* Cheops: check with a Queen near the Apex */
          else if (in_check && mp->count == 1)
            ext = 1;                      /* the only move */
        }
      new_depth = depth - 1 + ext;

      if (move_count == 1)
        v = -search (w, -beta, -alpha, new_depth, ply + 1, pv_node, gives_check);
      else
        {
          int r = 0;
          if (depth >= 3 && move_count > 2 + 2 * pv_node && !tactical && !gives_check && !in_check)
            {
              r = lmr_table[depth < 64 ? depth : 63][move_count < 64 ? move_count : 63];
              if (pv_node)
                r--;
              if (move == w->killers[ply][0] || move == w->killers[ply][1])
                r--;
              r -= history_at (&w->history, us, move) / 8192;
              if (r > new_depth - 1)
                r = new_depth - 1;
              if (r < 0)
                r = 0;
            }
          v = -search (w, -alpha - 1, -alpha, new_depth - r, ply + 1, false, gives_check);
          if (v > alpha && r > 0)
            v = -search (w, -alpha - 1, -alpha, new_depth, ply + 1, false, gives_check);
          if (pv_node && v > alpha && v < beta)
            v = -search (w, -beta, -alpha, new_depth, ply + 1, true, gives_check);
        }
      undo_move (w, move, &undo);
      if (stopped ())
        return 0;

      if (v > best)
        {
          best = v;
          if (v > alpha)
            {
              best_move = move;
              best_kind = kind;
              if (pv_node)
                update_pv (ss, move, &w->stack[ply + 1]);
              if (v >= beta)
                break;
              alpha = v;
            }
        }
      if (!tactical && move != best_move && quiet_count < 64)
        quiets[quiet_count++] = move;
    }

  if (move_count == 0)   /* staged: no playable move after all (above) */
    return no_move_score (ev, in_check, ply);

  if (best >= beta && best_kind == MOVE_QUIET)
    {
      int bonus = depth * depth > 400 ? 400 : depth * depth;
      if (w->killers[ply][0] != best_move)
        {
          w->killers[ply][1] = w->killers[ply][0];
          w->killers[ply][0] = best_move;
        }
      history_update (history_of (&w->history, us, best_move), 32 * bonus);
      for (int i = 0; i < quiet_count; i++)
        history_update (history_of (&w->history, us, quiets[i]), -32 * bonus);
    }

  tt_store (pos->key, value_to_tt (best, ply), ss->static_eval, best_move, depth,
            best >= beta ? BOUND_LOWER : pv_node && best > old_alpha ? BOUND_EXACT : BOUND_UPPER);
  return best;
}

/* Searches the root moves from pv_index on, in the window (@alpha, @beta). */
static int
root_search (Worker *w, int alpha, int beta, int depth)
{
  CheopsPosition *pos = &w->pos;
  int best = -VALUE_INFINITE;

  w->stack[0].pv_length = 0;
  for (int i = w->pv_index; i < w->root_count; i++)
    {
      RootMove *rm = &w->root_moves[i];
      CheopsUndo undo;
      bool gives_check;
      int kind = w->ev->move_kind (pos, rm->move), ext, v;

      w->currmove = rm->move;
      w->currmove_number = i + 1;
      count_node (w);
      do_move (w, rm->move, &undo);
      gives_check = in_check_after_move (w->ev, pos);
      ext = (kind & (MOVE_PROMOTION | MOVE_SPECIAL)) ? 1 : 0;
      w->seldepth = 1;
      if (i == w->pv_index)
        v = -search (w, -beta, -alpha, depth - 1 + ext, 1, true, gives_check);
      else
        {
          v = -search (w, -alpha - 1, -alpha, depth - 1 + ext, 1, false, gives_check);
          if (v > alpha && v < beta)
            v = -search (w, -beta, -alpha, depth - 1 + ext, 1, true, gives_check);
        }
      undo_move (w, rm->move, &undo);
      if (stopped ())
        break;

      if (i == w->pv_index || v > alpha)
        {
          Stack *child = &w->stack[1];
          rm->score = v;
          rm->seldepth = w->seldepth;
          rm->pv[0] = rm->move;
          memcpy (rm->pv + 1, child->pv, child->pv_length * sizeof (CheopsMove));
          rm->pv_length = child->pv_length + 1;
        }
      else
        rm->score = -VALUE_INFINITE;

      if (v > best)
        best = v;
      if (v > alpha)
        {
          alpha = v;
          if (v >= beta)
            break;
        }
    }
  return best;
}

static int
root_move_cmp (const void *a, const void *b)
{
  const RootMove *x = a, *y = b;
  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  if (x->previous_score != y->previous_score)
    return x->previous_score > y->previous_score ? -1 : 1;
  return 0;
}

/* Stable sort of root_moves[from..count) (insertion sort: the list is short
 * and nearly sorted). */
static void
sort_root_moves (Worker *w, int from)
{
  for (int i = from + 1; i < w->root_count; i++)
    {
      RootMove tmp = w->root_moves[i];
      int j = i - 1;
      while (j >= from && root_move_cmp (&w->root_moves[j], &tmp) > 0)
        {
          w->root_moves[j + 1] = w->root_moves[j];
          j--;
        }
      w->root_moves[j + 1] = tmp;
    }
}

bool
search_is_mate (int v)
{
  return v >= VALUE_MATE_IN_MAX || v <= -VALUE_MATE_IN_MAX;
}

int
search_mate_moves (int v)
{
  /* A win at ply p is p plies away: (p + 1) / 2 of the winner's moves; a
   * loss at ply p (even when the loser moves last, e.g. into a third
   * occurrence) is likewise (p + 1) / 2 moves of the loser away. */
  if (v >= VALUE_MATE_IN_MAX)
    return (VALUE_MATE - v + 1) / 2;
  if (v <= -VALUE_MATE_IN_MAX)
    return -((VALUE_MATE + v + 1) / 2);
  return 0;
}

static void
report_info (Worker *w, int depth)
{
  int64_t elapsed = timeman_now () - start_time;
  uint64_t nodes = total_nodes ();
  uint64_t nps = elapsed > 0 ? nodes * 1000 / (uint64_t) elapsed : nodes * 1000;
  int hashfull = tt_hashfull ();
  int lines = options.multipv < w->root_count ? options.multipv : w->root_count;

  last_report = elapsed;

  for (int i = 0; i < lines; i++)
    {
      RootMove *rm = &w->root_moves[i];
      bool updated = rm->score != -VALUE_INFINITE;
      int d = updated ? depth : depth - 1;
      int score = updated ? rm->score : rm->previous_score;
      SearchInfo info;

      if (d < 1 || score == -VALUE_INFINITE)
        continue;
      info.depth = d;
      info.seldepth = rm->seldepth;
      info.multipv = i + 1;
      info.score = score;
      info.nodes = nodes;
      info.nps = nps;
      info.hashfull = hashfull;
      info.time = elapsed;
      info.pv = rm->pv;
      info.pv_length = rm->pv_length;
      if (i == 0)
        reported_move = rm->pv[0];
      report.info (&info, report.data);
    }
}

/* Iterative deepening of one worker.  Worker 0 reports and keeps time. */
static void
iterative_deepening (Worker *w, int max_depth, int pv_count)
{
  int previous = 0;

  w->completed_depth = 0;
  for (int depth = 1 + (w->id & 1); depth <= max_depth && depth < MAX_PLY; depth++)
    {
      w->root_depth = depth;
      for (int i = 0; i < w->root_count; i++)
        w->root_moves[i].previous_score = w->root_moves[i].score;

      for (w->pv_index = 0; w->pv_index < pv_count && !stopped (); w->pv_index++)
        {
          int prev = w->root_moves[w->pv_index].previous_score;
          int delta = 20, alpha = -VALUE_INFINITE, beta = VALUE_INFINITE;

          if (depth >= 4 && abs (prev) < VALUE_MATE_IN_MAX)
            {
              alpha = prev - delta > -VALUE_INFINITE ? prev - delta : -VALUE_INFINITE;
              beta = prev + delta < VALUE_INFINITE ? prev + delta : VALUE_INFINITE;
            }
          for (;;)
            {
              int v = root_search (w, alpha, beta, depth);
              sort_root_moves (w, w->pv_index);
              if (stopped ())
                break;
              if (v <= alpha)
                {
                  beta = (alpha + beta) / 2;
                  alpha = v - delta > -VALUE_INFINITE ? v - delta : -VALUE_INFINITE;
                }
              else if (v >= beta)
                beta = v + delta < VALUE_INFINITE ? v + delta : VALUE_INFINITE;
              else
                break;
              delta += delta / 2;
              if (delta > 1000)
                {
                  alpha = -VALUE_INFINITE;
                  beta = VALUE_INFINITE;
                }
            }
          sort_root_moves (w, 0);
        }
      if (stopped ())
        {
          /* An iteration cut short: its moves searched to their end are
           * sorted in (those not reached keep their place), so the best
           * move may be one no line showed yet.  Report it, as Stockfish
           * does, so that `bestmove` is always the first move of the last
           * line (issue 19): when the first move changed, or it got a new
           * score in this iteration (report_info() reports a move not
           * reached at the depth before, with its score then). */
          RootMove *first = &w->root_moves[0];
          if (w->id == 0 && report.info != NULL
              && (first->move != reported_move || first->score != first->previous_score))
            report_info (w, depth);
          break;
        }
      w->completed_depth = depth;
      if (w->id != 0)
        continue;

      if (report.info != NULL)
        report_info (w, depth);

      {
        int best = w->root_moves[0].score;
        int64_t elapsed = timeman_now () - start_time;

        /* A forced Ascension found to its end: stop looking. */
        if (!limits.infinite && limits.depth == 0 && abs (best) >= VALUE_MATE_IN_MAX
            && depth >= VALUE_MATE - abs (best) + 2)
          break;
        if (use_time)
          {
            if (w->root_count == 1 && depth >= 2)
              break;
            /* Do not start an iteration that cannot end in time; the
             * budget grows when the best move's score drops.  Never
             * before TIMEMAN_MIN_DEPTH is complete (above). */
            int64_t optimum = budget.optimum;
            if (best < previous - 30)
              optimum = optimum * 3 / 2;
            if (depth >= TIMEMAN_MIN_DEPTH && elapsed > optimum * 6 / 10)
              break;
          }
        previous = best;
      }
    }
}

static void *
helper_main (void *data)
{
  Worker *w = data;
  iterative_deepening (w, limits.depth > 0 ? limits.depth : MAX_PLY - 1,
                       options.multipv);
  return NULL;
}

/* A long root list (more than MOVEPICK_LONG_LIST moves: Pyramids) in the
 * order of the move picker's first classes: captures and promotions by the
 * variant's gain, then the rest, each class in generation order.  With
 * hundreds of root moves a short time budget ends the first iteration
 * before its end, so the moves it reaches must be the likely ones.  Lists
 * of every Cheops and TrigChess position are shorter and keep the
 * generation order (their search is unchanged). */
typedef struct {
  int key;
  int index;
} RootKey;

static int
root_key_cmp (const void *a, const void *b)
{
  const RootKey *x = a, *y = b;
  if (x->key != y->key)
    return x->key > y->key ? -1 : 1;
  return x->index - y->index;
}

static void
order_long_root (Worker *w)
{
  static RootKey keys[CHEOPS_MAX_MOVES];
  CheopsMove *moves = w->root_list;   /* free again once the root moves are made */

  for (int i = 0; i < w->root_count; i++)
    {
      CheopsMove m = w->root_moves[i].move;
      int kind = w->ev->move_kind (&w->pos, m);

      keys[i].key = kind == MOVE_QUIET ? 0 : 1 + w->ev->move_gain (&w->pos, m);
      keys[i].index = i;
      moves[i] = m;
    }
  qsort (keys, (size_t) w->root_count, sizeof (RootKey), root_key_cmp);
  for (int i = 0; i < w->root_count; i++)
    {
      RootMove *rm = &w->root_moves[i];
      rm->move = rm->pv[0] = moves[keys[i].index];
    }
}

/* Prepares a worker for the search of the root position. */
static void
worker_prepare (Worker *w)
{
  CheopsMove *moves = w->root_list;
  CheopsMove *end;

  w->pos = root_pos;
  w->ev = root_ev;
  memcpy (w->keys, root_keys, root_key_count * sizeof (uint64_t));
  w->key_count = root_key_count;
  w->plies_from_null = root_key_count;
  atomic_store (&w->nodes, 0);
  w->seldepth = 0;
  w->completed_depth = 0;
  w->root_count = 0;
  w->currmove = CHEOPS_MOVE_NONE;
  w->currmove_number = 0;
  if (cheops_position_outcome (&w->pos) != CHEOPS_OUTCOME_NONE)
    return;
  end = cheops_generate_moves (&w->pos, moves);
  for (CheopsMove *m = moves; m < end; m++)
    {
      if (limits.searchmove_count > 0
          && bsearch (m, root_searchmoves, (size_t) limits.searchmove_count, sizeof (CheopsMove),
                      move_cmp) == NULL)
        continue;
      RootMove *rm = &w->root_moves[w->root_count++];
      rm->move = *m;
      rm->score = rm->previous_score = -VALUE_INFINITE;
      rm->seldepth = 0;
      rm->pv[0] = *m;
      rm->pv_length = 1;
    }
  if (w->root_count > MOVEPICK_LONG_LIST)
    order_long_root (w);
}

/* The Skill Level's choice among the MultiPV lines (the method of
 * Stockfish's Skill::pick_best): weaker levels add more random push to
 * worse moves. */
static CheopsMove
skill_pick (Worker *w, int lines)
{
  int weakness = 120 - 2 * options.skill_level;
  int top = w->root_moves[0].score;
  int delta, max_score = -VALUE_INFINITE;
  CheopsMove best = w->root_moves[0].move;

  if (lines > w->root_count)
    lines = w->root_count;
  delta = top - w->root_moves[lines - 1].score;
  if (delta > 100)
    delta = 100;
  for (int i = 0; i < lines; i++)
    {
      int score = w->root_moves[i].score;
      int push = (weakness * (top - score) + delta * (rand () % weakness)) / 128;
      if (score == -VALUE_INFINITE)
        continue;
      if (score + push >= max_score)
        {
          max_score = score + push;
          best = w->root_moves[i].move;
        }
    }
  return best;
}

static void
perft_cb (CheopsMove move, uint64_t nodes, void *data)
{
  (void) data;
  if (report.perft_move != NULL)
    report.perft_move (move, nodes, report.data);
}

/* `go perft N`: each root move's count (cheops_perft_divide()'s), then the
 * total; after search_stop(), the moves counted to their end only. */
static void
run_perft (void)
{
  CheopsPosition pos = root_pos;
  bool complete;
  uint64_t total = cheops_perft_divide_until (&pos, limits.perft, perft_cb, NULL, &stop_flag, &complete);

  if (report.perft_done != NULL)
    report.perft_done (total, complete, report.data);
  last_nodes = total;
}

/* The game is over at the root: its score for the side to move, once, at
 * depth 0 (UCI `score mate 0` for a loss, `cp 0` for a draw; nothing for
 * a win, which UCI cannot say). */
static void
report_root_end (void)
{
  CheopsOutcome outcome = cheops_position_outcome (&root_pos);
  CheopsWinner winner;
  SearchInfo info;

  if (report.info == NULL || outcome == CHEOPS_OUTCOME_NONE)
    return;
  winner = cheops_variant_outcome_winner (root_pos.variant, outcome);
  if (winner == (CheopsWinner) root_pos.side_to_move)
    return;
  memset (&info, 0, sizeof info);
  info.multipv = 1;
  info.score = winner == CHEOPS_WINNER_DRAW ? VALUE_DRAW : mated_in (0);
  info.time = timeman_now () - start_time;
  info.hashfull = tt_hashfull ();
  report.info (&info, report.data);
}

/* One search (or perft) of the root set up by search_setup(), in the
 * calling thread. */
static void
search_body (void)
{
  Worker *w = workers[0];
  int max_depth = limits.depth > 0 ? limits.depth : MAX_PLY - 1;
  int pv_count = options.multipv;
  bool skill = options.skill_level < 20;
  CheopsMove best = CHEOPS_MOVE_NONE;

  if (limits.perft > 0)
    {
      run_perft ();
      return;
    }

  if (skill)
    {
      if (pv_count < 4)
        pv_count = 4;
      if (max_depth > 1 + options.skill_level)
        max_depth = 1 + options.skill_level;
    }

  tt_new_search ();
  reported_move = CHEOPS_MOVE_NONE;
  for (int i = 0; i < thread_count; i++)
    worker_prepare (workers[i]);
  if (pv_count > w->root_count)
    pv_count = w->root_count;

  if (w->root_count > 0)
    {
      for (int i = 1; i < thread_count; i++)
        thread_start (&workers[i]->thread, helper_main, workers[i], workers[i]->thread_stack);
      iterative_deepening (w, max_depth, pv_count);

      /* `go infinite` answers bestmove only after `stop`. */
      while (limits.infinite && !stopped ())
        {
          struct timespec ts = { 0, 1000000 };
          nanosleep (&ts, NULL);
        }
      atomic_store (&stop_flag, true);
      for (int i = 1; i < thread_count; i++)
        pthread_join (workers[i]->thread, NULL);
      best = skill ? skill_pick (w, pv_count) : w->root_moves[0].move;
    }
  else
    {
      report_root_end ();
      while (limits.infinite && !stopped ())
        {
          struct timespec ts = { 0, 1000000 };
          nanosleep (&ts, NULL);
        }
    }

  last_nodes = total_nodes ();
  last_best = best;
  if (use_time)
    timeman_lag_done (&time_lag, timed_side, timeman_now () - start_time);
  if (report.bestmove != NULL)
    report.bestmove (best,
                     best != CHEOPS_MOVE_NONE && best == w->root_moves[0].move
                     && w->root_moves[0].pv_length > 1 ? w->root_moves[0].pv[1] : CHEOPS_MOVE_NONE,
                     report.data);
}

static void *
search_main (void *data)
{
  (void) data;
  search_body ();
  atomic_store (&running, false);
  return NULL;
}

/* Copies what a search needs (search_start()'s arguments). */
static void
search_setup (const CheopsPosition *pos, const uint64_t *keys, int key_count,
              const SearchLimits *l, const SearchOptions *o, const SearchReport *r)
{
  if (r != NULL)
    report = *r;
  else
    memset (&report, 0, sizeof report);
  root_ev = engine_variant_of (pos->variant);
  start_time = timeman_now ();
  last_report = 0;
  time_check_interval = 16;
  time_check_countdown = 16;
  last_time_check = start_time;
  limits = *l;
  if (limits.searchmove_count > CHEOPS_MAX_MOVES)
    limits.searchmove_count = CHEOPS_MAX_MOVES;
  if (limits.searchmove_count > 0)
    memcpy (root_searchmoves, l->searchmoves, (size_t) limits.searchmove_count * sizeof (CheopsMove));
  qsort (root_searchmoves, (size_t) limits.searchmove_count, sizeof (CheopsMove), move_cmp);
  limits.searchmoves = root_searchmoves;
  options = *o;
  if (options.multipv < 1)
    options.multipv = 1;
  if (options.multipv > MAX_MULTIPV)
    options.multipv = MAX_MULTIPV;

  root_pos = *pos;
  if (key_count > MAX_HISTORY_KEYS)
    {
      keys += key_count - MAX_HISTORY_KEYS;
      key_count = MAX_HISTORY_KEYS;
    }
  if (key_count < 1 || keys[key_count - 1] != pos->key)
    {
      root_keys[0] = pos->key;
      root_key_count = 1;
    }
  else
    {
      memcpy (root_keys, keys, key_count * sizeof (uint64_t));
      root_key_count = key_count;
    }

  use_time = limits.time[pos->side_to_move] >= 0;
  if (use_time)
    {
      int64_t lag = timeman_lag_update (&time_lag, pos->side_to_move, limits.time[pos->side_to_move],
                                        limits.inc[pos->side_to_move] > 0 ? limits.inc[pos->side_to_move] : 0);

      timed_side = pos->side_to_move;
      timeman_budget (&budget, limits.time[pos->side_to_move], limits.inc[pos->side_to_move],
                      limits.movestogo, lag > options.move_overhead ? lag : options.move_overhead);
    }
}

void
search_start (const CheopsPosition *pos, const uint64_t *keys, int key_count,
              const SearchLimits *l, const SearchOptions *o, const SearchReport *r)
{
  search_wait ();
  search_setup (pos, keys, key_count, l, o, r);
  atomic_store (&abort_flag, false);
  atomic_store (&stop_flag, false);
  atomic_store (&running, true);
  joinable = true;
  thread_start (&main_thread, search_main, NULL, main_stack);
}

typedef struct {
  void (*job) (void *data);
  void  *data;
} Job;

static Job job;

static void *
job_main (void *data)
{
  (void) data;
  job.job (job.data);
  atomic_store (&running, false);
  return NULL;
}

void
search_start_job (void (*fn) (void *data), void *data)
{
  search_wait ();
  job.job = fn;
  job.data = data;
  atomic_store (&abort_flag, false);
  atomic_store (&stop_flag, false);
  atomic_store (&running, true);
  joinable = true;
  thread_start (&main_thread, job_main, NULL, main_stack);
}

bool
search_run (const CheopsPosition *pos, const uint64_t *keys, int key_count,
            const SearchLimits *l, const SearchOptions *o, const SearchReport *r)
{
  search_setup (pos, keys, key_count, l, o, r);
  /* The search before this one ended by setting stop_flag: clear it, then
   * look for a stop (search_stop() sets abort_flag before stop_flag, so a
   * stop is never lost between the two). */
  atomic_store (&stop_flag, false);
  if (atomic_load (&abort_flag))
    {
      atomic_store (&stop_flag, true);
      return false;
    }
  search_body ();
  return !atomic_load (&abort_flag);
}

bool
search_stopped (void)
{
  return atomic_load (&abort_flag);
}

void
search_stop (void)
{
  atomic_store (&abort_flag, true);
  atomic_store (&stop_flag, true);
}

void
search_wait (void)
{
  if (joinable)
    {
      pthread_join (main_thread, NULL);
      joinable = false;
    }
}

bool
search_is_running (void)
{
  return atomic_load (&running);
}

uint64_t
search_last_nodes (void)
{
  return last_nodes;
}

CheopsMove
search_last_best (void)
{
  return last_best;
}
