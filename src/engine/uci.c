/* uci.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The UCI command loop (DESIGN.md section 5).  The loop runs in the main
 * thread and only reads and dispatches; searches run in threads of their own
 * (search.c), so `isready` and `stop` are answered while a search runs.
 * Every malformed or illegal command is answered with one line
 * `info string error: ...` and otherwise ignored: the engine never crashes
 * or hangs on its input.
 *
 * The loop knows no game: the variant is the UCI_Variant option (a name of
 * cheops_variants[] that the engine plays, engine-variant.h), positions,
 * moves and outcomes are read and written through the core's generic API,
 * and the search reports through callbacks that print here.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench.h"
#include "cheops-notation.h"
#include "engine-variant.h"
#include "search.h"
#include "tt.h"
#include "uci.h"

#define ENGINE_NAME    "cheops-engine 0.1.0"
#define ENGINE_AUTHOR  "the Cheops Studio developers"
#define ARRAY_SIZE(a) (sizeof (a) / sizeof (a)[0])

static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;

/* The variant of UCI_Variant. */
static const CheopsVariant *variant = &cheops_variant_cheops;

/* The position set by `position`, and the keys of the game up to it, and
 * how the game stands after the moves of `position` (a repetition outcome
 * needs the list). */
static CheopsOutcome  game_outcome;
static CheopsPosition position;
static uint64_t      *game_keys;
static int            game_key_count;
static int            game_key_alloc;

#define DEFAULT_HASH_MB 16

static SearchOptions  options = { 1, 10, 20 };
static int            hash_mb = DEFAULT_HASH_MB;
static int            threads = 1;

/* uci_set_caps(): all 0 (no caps) unless a fuzzer set them. */
static UciCaps        caps;

void
uci_print (const char *format, ...)
{
  va_list args;

  pthread_mutex_lock (&print_lock);
  va_start (args, format);
  vfprintf (stdout, format, args);
  va_end (args);
  fputc ('\n', stdout);
  fflush (stdout);
  pthread_mutex_unlock (&print_lock);
}

static void
print_error (const char *format, ...) __attribute__ ((format (printf, 1, 2)));

static void
print_error (const char *format, ...)
{
  char buf[512];
  va_list args;

  va_start (args, format);
  vsnprintf (buf, sizeof buf, format, args);
  va_end (args);
  uci_print ("info string error: %s", buf);
}

static bool
keys_push (uint64_t **keys, int *count, int *alloc, uint64_t key)
{
  if (*count == *alloc)
    {
      int n = *alloc ? *alloc * 2 : 256;
      uint64_t *k = realloc (*keys, (size_t) n * sizeof (uint64_t));
      if (k == NULL)
        return false;
      *keys = k;
      *alloc = n;
    }
  (*keys)[(*count)++] = key;
  return true;
}

static void
set_start_position (void)
{
  cheops_position_init_start (&position, variant);
  game_outcome = CHEOPS_OUTCOME_NONE;
  game_key_count = 0;
  keys_push (&game_keys, &game_key_count, &game_key_alloc, position.key);
}

/* Parses a whole decimal integer in [@min, @max]. */
static bool
parse_int (const char *text, long long min, long long max, long long *out)
{
  char *end;
  long long v;

  if (text == NULL || *text == '\0')
    return false;
  errno = 0;
  v = strtoll (text, &end, 10);
  if (errno != 0 || *end != '\0' || v < min || v > max)
    return false;
  *out = v;
  return true;
}

static void
cmd_uci (void)
{
  uci_print ("id name %s", ENGINE_NAME);
  uci_print ("id author %s", ENGINE_AUTHOR);
  uci_print ("option name Hash type spin default 16 min 1 max 4096");
  uci_print ("option name Threads type spin default 1 min 1 max %d", MAX_THREADS);
  uci_print ("option name MultiPV type spin default 1 min 1 max %d", MAX_MULTIPV);
  {
    char line[512];
    size_t len = (size_t) snprintf (line, sizeof line, "option name UCI_Variant type combo default %s",
                                    cheops_variant_cheops.name);
    for (int i = 0; cheops_variants[i] != NULL; i++)
      if (engine_variant_of (cheops_variants[i]) != NULL && len < sizeof line)
        len += (size_t) snprintf (line + len, sizeof line - len, " var %s", cheops_variants[i]->name);
    uci_print ("%s", line);
  }
  uci_print ("option name Move Overhead type spin default 10 min 0 max 5000");
  uci_print ("option name Skill Level type spin default 20 min 0 max 20");
  uci_print ("uciok");
}

/* setoption name <id...> [value <x...>] */
static void
cmd_setoption (char **tok, int n)
{
  char name[256] = "", value[256] = "";
  int i = 1;
  long long v;

  if (n < 3 || strcmp (tok[1], "name") != 0)
    {
      print_error ("setoption needs 'name <option>'");
      return;
    }
  for (i = 2; i < n && strcmp (tok[i], "value") != 0; i++)
    {
      if (strlen (name) + strlen (tok[i]) + 2 >= sizeof name)
        break;
      if (name[0])
        strcat (name, " ");
      strcat (name, tok[i]);
    }
  for (i++; i < n; i++)
    {
      if (strlen (value) + strlen (tok[i]) + 2 >= sizeof value)
        break;
      if (value[0])
        strcat (value, " ");
      strcat (value, tok[i]);
    }

  /* Options change what a search uses: finish the running one first. */
  search_stop ();
  search_wait ();

  if (strcasecmp (name, "Hash") == 0)
    {
      if (!parse_int (value, 1, 4096, &v))
        print_error ("Hash must be a number from 1 to 4096");
      else if (caps.max_hash_mb > 0 && v > caps.max_hash_mb)
        print_error ("Hash is capped at %d", caps.max_hash_mb);
      else if (!tt_resize ((size_t) v))
        print_error ("cannot allocate %lld MB of hash", v);
      else
        hash_mb = (int) v;
    }
  else if (strcasecmp (name, "Threads") == 0)
    {
      if (caps.max_threads > 0 && parse_int (value, 1, MAX_THREADS, &v) && v > caps.max_threads)
        print_error ("Threads is capped at %d", caps.max_threads);
      else if (!parse_int (value, 1, MAX_THREADS, &v) || !search_set_threads ((int) v))
        print_error ("Threads must be a number from 1 to %d", MAX_THREADS);
      else
        threads = (int) v;
    }
  else if (strcasecmp (name, "MultiPV") == 0)
    {
      if (!parse_int (value, 1, MAX_MULTIPV, &v))
        print_error ("MultiPV must be a number from 1 to %d", MAX_MULTIPV);
      else
        options.multipv = (int) v;
    }
  else if (strcasecmp (name, "UCI_Variant") == 0)
    {
      const CheopsVariant *found = cheops_variant_find (value);
      if (found == NULL || engine_variant_of (found) == NULL)
        print_error ("unsupported variant '%.40s'", value);
      else if (found != variant)
        {
          /* A new game: its start position, a clean table. */
          variant = found;
          set_start_position ();
          search_prepare (&position);
        }
    }
  else if (strcasecmp (name, "Move Overhead") == 0)
    {
      if (!parse_int (value, 0, 5000, &v))
        print_error ("Move Overhead must be a number from 0 to 5000");
      else
        options.move_overhead = (int) v;
    }
  else if (strcasecmp (name, "Skill Level") == 0)
    {
      if (!parse_int (value, 0, 20, &v))
        print_error ("Skill Level must be a number from 0 to 20");
      else
        options.skill_level = (int) v;
    }
  else
    print_error ("unknown option '%.40s'", name);
}

/* The earlier occurrences of each key of a `position ... moves` list, so
 * that the repetitions of each position are counted in time linear in the
 * list: @prev[i] is the last j < i with the same key as i, or -1; @last is
 * an open-addressing table of the last index of each key (-1: empty),
 * @size entries, a power of two at least twice the keys. */
typedef struct {
  int *prev;
  int *last;
  int  size;
} KeyChains;

static void
key_chains_free (KeyChains *c)
{
  free (c->prev);
  free (c->last);
  memset (c, 0, sizeof *c);
}

/* Adds the key @keys[@i] (@keys holding at least i + 1 keys, @alloc
 * entries allocated); false if memory ran out. */
static bool
key_chains_add (KeyChains *c, const uint64_t *keys, int i, int alloc)
{
  int *prev = realloc (c->prev, (size_t) alloc * sizeof *prev);
  size_t slot;

  if (prev == NULL)
    return false;
  c->prev = prev;
  if (2 * (i + 1) > c->size)
    {
      int size = c->size > 0 ? 2 * c->size : 512;
      int *last = malloc ((size_t) size * sizeof *last);

      if (last == NULL)
        return false;
      memset (last, 0xff, (size_t) size * sizeof *last);
      free (c->last);
      c->last = last;
      c->size = size;
      /* Put back the last index of each key so far. */
      for (int j = 0; j < i; j++)
        {
          for (slot = keys[j] & (size_t) (size - 1); last[slot] >= 0 && keys[last[slot]] != keys[j];
               slot = (slot + 1) & (size_t) (size - 1))
            ;
          last[slot] = j;
        }
    }
  for (slot = keys[i] & (size_t) (c->size - 1); c->last[slot] >= 0 && keys[c->last[slot]] != keys[i];
       slot = (slot + 1) & (size_t) (c->size - 1))
    ;
  c->prev[i] = c->last[slot];
  c->last[slot] = i;
  return true;
}

/* cheops_repetition_count (@keys, @n, @horizon) along the chain of the
 * last key's earlier occurrences: the same count, in time linear in them
 * (at most the few a game allows before a repetition ends it). */
static int
key_chains_count (const KeyChains *c, int n, int horizon)
{
  int count = 1;

  for (int j = c->prev[n - 1]; j >= 0 && n - 1 - j <= horizon; j = c->prev[j])
    if ((n - 1 - j) % 2 == 0)
      count++;
  return count;
}

/* position startpos|fen <FEN> [moves <move>...] */
static void
cmd_position (char **tok, int n)
{
  KeyChains chains = { 0 };
  CheopsPosition pos;
  CheopsError error;
  CheopsOutcome outcome = CHEOPS_OUTCOME_NONE;
  uint64_t *keys = NULL;
  int key_count = 0, key_alloc = 0;
  int i;

  if (n < 2)
    {
      print_error ("position needs 'startpos' or 'fen <FEN>'");
      return;
    }
  if (strcmp (tok[1], "startpos") == 0)
    {
      cheops_position_init_start (&pos, variant);
      i = 2;
    }
  else if (strcmp (tok[1], "fen") == 0)
    {
      char fen[1024] = "";
      for (i = 2; i < n && strcmp (tok[i], "moves") != 0; i++)
        {
          if (strlen (fen) + strlen (tok[i]) + 2 >= sizeof fen)
            {
              print_error ("FEN too long");
              return;
            }
          if (fen[0])
            strcat (fen, " ");
          strcat (fen, tok[i]);
        }
      memset (&error, 0, sizeof error);
      if (!cheops_position_from_fen (&pos, variant, fen, &error))
        {
          print_error ("bad FEN '%s': %s (column %d)", fen, error.message, error.column);
          return;
        }
    }
  else
    {
      print_error ("position needs 'startpos' or 'fen <FEN>', not '%s'", tok[1]);
      return;
    }

  if (!keys_push (&keys, &key_count, &key_alloc, pos.key)
      || !key_chains_add (&chains, keys, key_count - 1, key_alloc))
    goto oom;
  if (i < n)
    {
      if (strcmp (tok[i], "moves") != 0)
        {
          print_error ("expected 'moves', found '%s'", tok[i]);
          free (keys);
          key_chains_free (&chains);
          return;
        }
      for (i++; i < n; i++)
        {
          CheopsMove move;
          CheopsUndo undo;

          memset (&error, 0, sizeof error);
          move = cheops_move_from_text (&pos, tok[i], &error);
          if (move == CHEOPS_MOVE_NONE)
            {
              print_error ("illegal move '%s': %s", tok[i], error.message);
              free (keys);
              key_chains_free (&chains);
              return;
            }
          if (outcome != CHEOPS_OUTCOME_NONE)
            {
              print_error ("move '%s' after the end of the game", tok[i]);
              free (keys);
              key_chains_free (&chains);
              return;
            }
          cheops_position_do_move (&pos, move, &undo);
          if (!keys_push (&keys, &key_count, &key_alloc, pos.key)
              || !key_chains_add (&chains, keys, key_count - 1, key_alloc))
            goto oom;
          /* A repetition ends the game along this list (Cheops 8.4.3: the
           * fifth draws; TrigChess TR15: the third loses for the mover).
           * Counted along the chains, not by a look at every position
           * before (a Cypher chess list has no horizon: quadratic). */
          outcome = cheops_position_repetition_outcome (
            &pos, key_chains_count (&chains, key_count, cheops_position_repetition_horizon (&pos)));
        }
    }
  key_chains_free (&chains);

  position = pos;
  game_outcome = outcome;
  free (game_keys);
  game_keys = keys;
  game_key_count = key_count;
  game_key_alloc = key_alloc;
  return;

oom:
  free (keys);
  key_chains_free (&chains);
  print_error ("out of memory");
}

/* The search's reports, printed as UCI.  The search runs on one variant at
 * a time, the one of the position it was given: report_variant. */
static const CheopsVariant *report_variant;

static void
report_info (const SearchInfo *info, void *data)
{
  char pv[(MAX_PLY + 1) * (CHEOPS_MOVE_TEXT_MAX + 1)];
  char score[32];
  size_t len = 0;

  (void) data;
  /* A loss is `mate -N` (N >= 1), a win `mate N`; `mate 0` only at depth
   * 0, the side to move having lost at the root (search.h). */
  if (search_is_mate (info->score))
    snprintf (score, sizeof score, "mate %d", search_mate_moves (info->score));
  else
    snprintf (score, sizeof score, "cp %d", info->score);
  if (info->depth == 0)
    {
      /* The game is over at the root: the score alone (as Stockfish). */
      uci_print ("info depth 0 score %s", score);
      return;
    }
  for (int k = 0; k < info->pv_length; k++)
    {
      char text[CHEOPS_MOVE_TEXT_MAX];
      cheops_move_to_text (report_variant, info->pv[k], text);
      len += (size_t) snprintf (pv + len, sizeof pv - len, "%s%s", k ? " " : "", text);
    }
  pv[len] = '\0';
  uci_print ("info depth %d seldepth %d multipv %d score %s nodes %llu nps %llu hashfull %d time %lld pv %s",
             info->depth, info->seldepth, info->multipv, score,
             (unsigned long long) info->nodes, (unsigned long long) info->nps, info->hashfull,
             (long long) info->time, pv);
}

/* A long iteration's progress, as Stockfish's currmove line. */
static void
report_progress (const SearchProgress *p, void *data)
{
  char text[CHEOPS_MOVE_TEXT_MAX];

  (void) data;
  cheops_move_to_text (report_variant, p->currmove, text);
  uci_print ("info depth %d seldepth %d nodes %llu nps %llu hashfull %d time %lld currmove %s currmovenumber %d",
             p->depth, p->seldepth, (unsigned long long) p->nodes, (unsigned long long) p->nps,
             p->hashfull, (long long) p->time, text, p->currmovenumber);
}

static void
report_bestmove (CheopsMove best, CheopsMove ponder, void *data)
{
  char text[CHEOPS_MOVE_TEXT_MAX];
  char reply[CHEOPS_MOVE_TEXT_MAX];

  (void) data;
  if (best == CHEOPS_MOVE_NONE)
    {
      uci_print ("bestmove (none)");
      return;
    }
  cheops_move_to_text (report_variant, best, text);
  if (ponder != CHEOPS_MOVE_NONE)
    {
      cheops_move_to_text (report_variant, ponder, reply);
      uci_print ("bestmove %s ponder %s", text, reply);
    }
  else
    uci_print ("bestmove %s", text);
}

typedef struct {
  char     text[CHEOPS_MOVE_TEXT_MAX];
  uint64_t nodes;
} PerftLine;

static PerftLine perft_lines[CHEOPS_MAX_MOVES];
static int       perft_count;
static int       perft_root_moves;   /* of the position the perft counts */

static void
report_perft_move (CheopsMove move, uint64_t nodes, void *data)
{
  (void) data;
  if (perft_count < CHEOPS_MAX_MOVES)
    {
      cheops_move_to_text (report_variant, move, perft_lines[perft_count].text);
      perft_lines[perft_count].nodes = nodes;
      perft_count++;
    }
}

static int
perft_line_cmp (const void *a, const void *b)
{
  return strcmp (((const PerftLine *) a)->text, ((const PerftLine *) b)->text);
}

/* `go perft N`: one line per root move sorted by move text, then the total.
 * Stopped early: first `info string perft stopped after K of M root
 * moves`, then the moves counted to their end and their total. */
static void
report_perft_done (uint64_t total, bool complete, void *data)
{
  (void) data;
  if (!complete)
    uci_print ("info string perft stopped after %d of %d root moves", perft_count,
               perft_root_moves);
  qsort (perft_lines, (size_t) perft_count, sizeof (PerftLine), perft_line_cmp);
  for (int i = 0; i < perft_count; i++)
    uci_print ("%s: %llu", perft_lines[i].text, (unsigned long long) perft_lines[i].nodes);
  uci_print ("%s", "");
  uci_print ("Nodes searched: %llu", (unsigned long long) total);
  perft_count = 0;
}

static const SearchReport uci_report = {
  .info = report_info,
  .bestmove = report_bestmove,
  .perft_move = report_perft_move,
  .perft_done = report_perft_done,
  .progress = report_progress,
};

/* go [depth N] [nodes N] [movetime MS] [wtime MS] [btime MS] [winc MS]
 *    [binc MS] [movestogo N] [infinite] [ponder] [perft N]
 *    [searchmoves <move>...] */
static void
cmd_go (char **tok, int n)
{
  /* Static: up to CHEOPS_MAX_MOVES (32 KB) moves, read (copied) by
   * search_start() below; the UCI loop is one thread. */
  static CheopsMove searchmoves[CHEOPS_MAX_MOVES];
  SearchLimits limits;
  long long v;

  search_limits_init (&limits);
  limits.searchmoves = searchmoves;
  for (int i = 1; i < n; i++)
    {
      const char *t = tok[i];
      const char *arg = i + 1 < n ? tok[i + 1] : NULL;

      if (strcmp (t, "infinite") == 0)
        limits.infinite = true;
      else if (strcmp (t, "ponder") == 0)
        ;   /* pondering is searching without a clock: nothing to do */
      else if (strcmp (t, "searchmoves") == 0)
        {
          /* The rest of the line, of any length: duplicates are dropped,
           * illegal moves ignored (one error line for all), so that at most
           * the position's legal moves are kept; none legal: every move is
           * searched. */
          int illegal = 0;
          const char *first_illegal = NULL;

          for (i++; i < n; i++)
            {
              CheopsMove move = cheops_move_from_text (&position, tok[i], NULL);
              bool seen = false;

              if (move == CHEOPS_MOVE_NONE)
                {
                  if (illegal++ == 0)
                    first_illegal = tok[i];
                  continue;
                }
              for (int k = 0; k < limits.searchmove_count && !seen; k++)
                seen = searchmoves[k] == move;
              if (!seen && limits.searchmove_count < CHEOPS_MAX_MOVES)
                searchmoves[limits.searchmove_count++] = move;
            }
          if (illegal > 0)
            print_error ("%d illegal move%s in searchmoves ignored, the first '%.40s'%s", illegal,
                         illegal > 1 ? "s" : "", first_illegal,
                         strlen (first_illegal) > 40 ? "..." : "");
        }
      else if (strcmp (t, "depth") == 0 || strcmp (t, "nodes") == 0 || strcmp (t, "movetime") == 0
               || strcmp (t, "wtime") == 0 || strcmp (t, "btime") == 0 || strcmp (t, "winc") == 0
               || strcmp (t, "binc") == 0 || strcmp (t, "movestogo") == 0 || strcmp (t, "perft") == 0
               || strcmp (t, "mate") == 0)
        {
          long long min = strcmp (t, "wtime") == 0 || strcmp (t, "btime") == 0
                          || strcmp (t, "winc") == 0 || strcmp (t, "binc") == 0
                          ? -1000000000LL : 0;
          if (!parse_int (arg, min, (long long) 1 << 50, &v))
            {
              print_error ("'go %s' needs a number, got '%s'", t, arg ? arg : "");
              return;
            }
          i++;
          if (strcmp (t, "depth") == 0)
            limits.depth = v > MAX_PLY - 1 ? MAX_PLY - 1 : (int) v;
          else if (strcmp (t, "mate") == 0)
            limits.depth = 2 * v + 1 > MAX_PLY - 1 ? MAX_PLY - 1 : (int) (2 * v + 1);
          else if (strcmp (t, "nodes") == 0)
            limits.nodes = (uint64_t) v;
          else if (strcmp (t, "movetime") == 0)
            limits.movetime = v;
          else if (strcmp (t, "wtime") == 0)
            limits.time[CHEOPS_SIDE_A] = v < 0 ? 0 : v;
          else if (strcmp (t, "btime") == 0)
            limits.time[CHEOPS_SIDE_B] = v < 0 ? 0 : v;
          else if (strcmp (t, "winc") == 0)
            limits.inc[CHEOPS_SIDE_A] = v < 0 ? 0 : v;
          else if (strcmp (t, "binc") == 0)
            limits.inc[CHEOPS_SIDE_B] = v < 0 ? 0 : v;
          else if (strcmp (t, "movestogo") == 0)
            limits.movestogo = v > 1000 ? 1000 : (int) v;
          else if (strcmp (t, "perft") == 0)
            {
              if (v < 1 || v > 20)
                {
                  print_error ("perft depth must be from 1 to 20");
                  return;
                }
              limits.perft = (int) v;
            }
        }
      else
        {
          print_error ("unknown go parameter '%s'", t);
          return;
        }
    }

  if (caps.max_depth > 0 && (limits.depth == 0 || limits.depth > caps.max_depth))
    limits.depth = caps.max_depth;
  if (caps.max_nodes > 0 && (limits.nodes == 0 || limits.nodes > caps.max_nodes))
    limits.nodes = caps.max_nodes;
  if (caps.max_perft > 0 && limits.perft > caps.max_perft)
    limits.perft = caps.max_perft;
  if (caps.max_depth > 0)
    limits.infinite = false;

  /* A new go ends the search before it (which answers its own bestmove). */
  search_stop ();
  search_wait ();
  report_variant = position.variant;
  perft_count = 0;
  perft_root_moves = cheops_count_moves (&position);
  search_start (&position, game_keys, game_key_count, &limits, &options, &uci_report);
}

static void
print_line (const char *format, ...)
{
  char buf[512];
  va_list args;

  va_start (args, format);
  vsnprintf (buf, sizeof buf, format, args);
  va_end (args);
  uci_print ("%s", buf);
}

/* The middle of @cell's bounding box (an up and a down triangle of one
 * row share it, unlike their centres). */
static CheopsPoint
cell_middle (const CheopsCellInfo *cell)
{
  CheopsPoint lo = cell->corners[0], hi = cell->corners[0];

  for (int k = 1; k < cell->n_corners; k++)
    {
      lo.x = fmin (lo.x, cell->corners[k].x);
      lo.y = fmin (lo.y, cell->corners[k].y);
      hi.x = fmax (hi.x, cell->corners[k].x);
      hi.y = fmax (hi.y, cell->corners[k].y);
    }
  return (CheopsPoint) { (lo.x + hi.x) / 2, (lo.y + hi.y) / 2 };
}

/* The board as text, from the variant's board data: one line per row of
 * cells (the top row first), each cell at a column proportional to its
 * middle's x; a piece by its FEN letter, an empty cell by '.' (shade 0) or
 * ',' (any other shade). */
static void
print_board (const CheopsPosition *pos)
{
  const CheopsBoardShape *board = pos->variant->board;
  double dx = 0;
  double done_y = 1e300;

  /* The column step: the smallest distance between two cells of a row. */
  for (int a = 0; a < board->n_cells; a++)
    for (int b = 0; b < board->n_cells; b++)
      {
        CheopsPoint pa = cell_middle (&board->cells[a]), pb = cell_middle (&board->cells[b]);
        double d = pb.x - pa.x;
        if (d > 1e-6 && fabs (pb.y - pa.y) < 1e-6 && (dx == 0 || d < dx))
          dx = d;
      }
  if (dx == 0)
    dx = 1;
  for (;;)
    {
      double y = -1e300;
      char line[256];
      int width = 0;

      /* The highest row below the one printed last. */
      for (int c = 0; c < board->n_cells; c++)
        {
          double cy = cell_middle (&board->cells[c]).y;
          if (cy < done_y - 1e-6 && cy > y)
            y = cy;
        }
      if (y == -1e300)
        break;
      memset (line, ' ', sizeof line);
      for (int c = 0; c < board->n_cells; c++)
        {
          CheopsPoint m = cell_middle (&board->cells[c]);
          int col = (int) lround ((m.x - board->min.x) / dx);
          CheopsPiece p = pos->board[c];

          if (fabs (m.y - y) >= 1e-6 || col < 0 || col >= (int) sizeof line - 1)
            continue;
          line[col] = p != CHEOPS_NO_PIECE ? cheops_variant_piece_letter (pos->variant, p)
                      : board->cells[c].shade == 0 ? '.' : ',';
          if (col + 1 > width)
            width = col + 1;
        }
      line[width] = '\0';
      uci_print ("%s", line);
      done_y = y;
    }
}

/* The "Game over" line: the wording of the variant's outcome table. */
static void
print_outcome (const CheopsVariant *v, CheopsOutcome outcome)
{
  const CheopsOutcomeInfo *info = &v->outcomes[outcome];

  if (info->winner == CHEOPS_WINNER_DRAW)
    uci_print ("Game over: draw: %s (%s)", info->reason, info->rule);
  else
    uci_print ("Game over: %s (%c) wins %s (%s)", v->sides[info->winner].name,
               v->sides[info->winner].letter, info->reason, info->rule);
}

/* d: the board, the FEN, the key and the evaluation. */
static void
cmd_display (void)
{
  char fen[CHEOPS_FEN_MAX];
  CheopsOutcome outcome = cheops_position_outcome (&position);
  const CheopsVariant *v = position.variant;

  if (outcome == CHEOPS_OUTCOME_NONE)
    outcome = game_outcome;
  print_board (&position);
  cheops_position_to_fen (&position, fen, sizeof fen);
  uci_print ("Variant: %s", v->name);
  uci_print ("Fen: %s", fen);
  uci_print ("Key: %016llx", (unsigned long long) position.key);
  uci_print ("Side to move: %c%s, %d playable moves", v->sides[position.side_to_move].letter,
             cheops_position_in_check (&position) ? ", in check" : "",
             cheops_count_moves (&position));
  if (outcome != CHEOPS_OUTCOME_NONE)
    print_outcome (v, outcome);
  else
    engine_variant_of (v)->evaluate_trace (&position, print_line);
}

/* Splits @line in place into whitespace-separated tokens, in *@tok (grown
 * as needed, *@alloc entries): a command has no length limit, so that a
 * `position ... moves` line of a game of any length can be given.
 * Returns the number of tokens, or -1 if memory ran out. */
static int
tokenize (char *line, char ***tok, int *alloc)
{
  int n = 0;
  char *save = NULL;

  for (char *t = strtok_r (line, " \t\r\n", &save); t != NULL;
       t = strtok_r (NULL, " \t\r\n", &save))
    {
      if (n == *alloc)
        {
          int grown = *alloc > 0 ? *alloc * 2 : 256;
          char **bigger = realloc (*tok, (size_t) grown * sizeof **tok);

          if (bigger == NULL)
            return -1;
          *tok = bigger;
          *alloc = grown;
        }
      (*tok)[n++] = t;
    }
  return n;
}

typedef struct {
  const EngineVariant *ev;
  int                  depth;
} BenchJob;

static BenchJob bench_job;

static void
run_bench_job (void *data)
{
  const BenchJob *job = data;

  bench_run (job->ev, job->depth, print_line);
  /* bench uses one thread and a cleared 16 MB table: put all back. */
  search_set_threads (threads);
  if (hash_mb != 16)
    tt_resize ((size_t) hash_mb);
  search_clear ();
}

bool
uci_execute (char *line)
{
  static char **tok;
  static int tok_alloc;
  int n = tokenize (line, &tok, &tok_alloc);

  if (n < 0)
    {
      print_error ("out of memory");
      return true;
    }
  if (n == 0)
    return true;
  if (strcmp (tok[0], "uci") == 0)
    cmd_uci ();
  else if (strcmp (tok[0], "isready") == 0)
    uci_print ("readyok");
  else if (strcmp (tok[0], "setoption") == 0)
    cmd_setoption (tok, n);
  else if (strcmp (tok[0], "ucinewgame") == 0)
    {
      set_start_position ();
      search_prepare (&position);
    }
  else if (strcmp (tok[0], "position") == 0)
    cmd_position (tok, n);
  else if (strcmp (tok[0], "go") == 0)
    cmd_go (tok, n);
  else if (strcmp (tok[0], "stop") == 0)
    search_stop ();
  else if (strcmp (tok[0], "ponderhit") == 0)
    ;
  else if (strcmp (tok[0], "quit") == 0)
    {
      /* A search, a perft or a bench ends within a few ms of stop. */
      search_stop ();
      search_wait ();
      return false;
    }
  else if (strcmp (tok[0], "bench") == 0)
    {
      /* bench [VARIANT] [DEPTH]: the variant's own positions, by default
       * Cheops's whatever UCI_Variant says (its signature, README.md). */
      const EngineVariant *ev = &engine_variant_cheops;
      long long depth = 0;
      int k = 1;
      if (n > k && !isdigit ((unsigned char) tok[k][0]))
        {
          const CheopsVariant *v = cheops_variant_find (tok[k]);
          ev = v != NULL ? engine_variant_of (v) : NULL;
          k++;
        }
      if (ev == NULL)
        print_error ("bench: unknown variant '%.40s'", tok[1]);
      else if (n > k && !parse_int (tok[k], 1, 40, &depth))
        print_error ("bench depth must be from 1 to 40");
      else
        {
          if (caps.max_bench_depth > 0 && (depth == 0 || depth > caps.max_bench_depth))
            depth = caps.max_bench_depth;
          search_stop ();
          search_wait ();
          bench_job.ev = ev;
          bench_job.depth = (int) depth;
          /* In the search thread, where stop, quit and ucinewgame reach it. */
          search_start_job (run_bench_job, &bench_job);
        }
    }
  else if (strcmp (tok[0], "d") == 0)
    cmd_display ();
  else
    print_error ("unknown command '%.40s'", tok[0]);
  return true;
}

bool
uci_handle_line (const char *line)
{
  char *copy = strdup (line);
  bool go_on;

  if (copy == NULL)
    {
      print_error ("out of memory");
      return true;
    }
  go_on = uci_execute (copy);
  free (copy);
  return go_on;
}

void
uci_set_caps (const UciCaps *c)
{
  if (c != NULL)
    caps = *c;
  else
    memset (&caps, 0, sizeof caps);
}

void
uci_reset (void)
{
  search_stop ();
  search_wait ();
  variant = &cheops_variant_cheops;
  options = (SearchOptions) { 1, 10, 20 };
  if (threads != 1)
    search_set_threads (threads = 1);
  {
    int want = caps.max_hash_mb > 0 && caps.max_hash_mb < DEFAULT_HASH_MB ? caps.max_hash_mb
               : DEFAULT_HASH_MB;
    if (hash_mb != want)
      tt_resize ((size_t) (hash_mb = want));
  }
  set_start_position ();
}

int
uci_loop (FILE *in)
{
  char *line = NULL;
  size_t size = 0;

  if (game_key_count == 0)
    set_start_position ();
  while (getline (&line, &size, in) >= 0)
    if (!uci_execute (line))
      break;
  free (line);
  /* The end of input is a quit. */
  search_stop ();
  search_wait ();
  return 0;
}

void
uci_init (void)
{
  tt_resize ((size_t) hash_mb);
  set_start_position ();
  search_prepare (&position);
}
