/* cheops-tool-analyse.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops analyse`: the whole-game review of every game of some files.
 *
 *   cheops analyse FILE... (--engine CMD | --builtin) (--movetime MS | --depth N | --nodes N)
 *                  [--out FILE] [--side SIDE] [--from PLY] [--backwards]
 *                  [--variations] [--jobs N] [--resume] [--part K/N]
 *
 * Each game's mainline positions from ply PLY (default 0, the start) are
 * searched by the engine (`position ...` as the game model gives it, with
 * the history repetition needs, then `go movetime MS`, `go depth N` or
 * `go nodes N` (a fixed amount of work: the same review on any machine at
 * any load); a search that ends without a score is done again at depth 1),
 * with MultiPV 2.  Each move to judge is then scored as such from the
 * position before it to the depth that position's search reached (`go
 * depth D searchmoves MOVE`; not needed when it is the engine's first or
 * second line there), so that the best and the played move are compared
 * at the same depth from the same position; a move that would be marked
 * ?!, ? or ?? is searched again, longer (two plies deeper, or ten times
 * the time or the nodes), best and played, and judged from that.  What the engine says
 * goes through cheops-review.h, which writes the annotations exactly as
 * the studio's Analyse Game does: [%eval] with depth on every position
 * (replacing only a shallower one), `?!` `?` `??` on the moves that lose
 * 0.1, 0.2, 0.3 of winning chances (each game's own curve), `!` on an
 * only move, the engine's best line as a variation with its [%eval];
 * comments, glyphs and variations already there are kept.
 * `--backwards` searches each game's positions from the last to the
 * first (the transposition table then carries what the end teaches).
 * `--variations` reviews every variation the game had as well, each as a
 * line of its own.  `--side SIDE` judges only the moves of the side
 * whose colour is SIDE (the variant's colour name, "Green", "Gold",
 * "White", any case, or its FEN letter); the other side's positions are
 * still searched.  The engine is CMD (split by shell rules, never run
 * through a shell) or, with --builtin, the bundled cheops-engine
 * (CHEOPS_ENGINE if set, else the build tree's beside this program, else
 * the installed one); each game's variant is set with `setoption name
 * UCI_Variant`.
 *
 * Scale: `--jobs N` reviews N games at a time, each job with its own
 * engine process (a thread here drives each); `--part K/N` takes only the
 * K-th of N equal runs of consecutive games (of all the FILEs together),
 * so that N machines can share a collection and their outputs,
 * concatenated in K order, are the whole collection in order.  The
 * output is written game by game, in the input's order, as soon as every
 * game before it is done; `--resume` (with --out) first reads the output
 * file and keeps its games as long as they are the input's games in
 * order and reviewed (every position that needs the engine has an
 * [%eval]), and reviews only the rest.
 *
 * Output: the annotated games (stdout, or --out FILE) as the project's
 * writer writes them; a game read with errors is written back as it was
 * read, not analysed (annotating it would lose what could not be read).
 * Standard error: one progress line per position ("game 1/3, 12/80:
 * 6... Mf5"), one per game done ("done 2/3 games", "done 1/1 game"), then per game and side
 * the judged moves, inaccuracies, mistakes, blunders, average centipawn
 * loss and accuracy, and at the end the direction and the time.
 * Exit status 0; 1 when a game had errors or the engine gave no answer
 * for a position (that position has no [%eval]); 2 bad usage, an engine
 * that cannot be started, a file that cannot be read or written.
 */
#include <errno.h>
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

#include "cheops-notation.h"
#include "cheops-pgn.h"
#include "cheops-review.h"
#include "cheops-tool.h"
#include "cheops-tool-player.h"
#include "cheops-uci-protocol.h"

/* Time for a `go depth N` to answer, and for `bestmove` after `stop`. */
#define DEPTH_TIMEOUT_S 600
#define STOP_TIMEOUT_S 5
/* A confirming search: this many plies deeper, or this many times the
 * time or the nodes (issue 24 measures a verdict by a search ten times
 * longer: the review's own confirmation is that search). */
#define CONFIRM_PLIES 2
#define CONFIRM_FACTOR 10

/* What one search said: the last scored line of the best PV (an exact
 * score preferred to a bound). */
typedef struct {
  gboolean  has_score;
  gboolean  exact;
  gboolean  ascension;
  int       score;
  gboolean  losing;
  int       depth;
  char    **pv;
  /* The second-best line's score (MultiPV 2), for the only-move rule,
   * and its first move (owned, or NULL). */
  gboolean  has_second;
  gboolean  second_exact;
  gboolean  second_ascension;
  int       second_score;
  gboolean  second_losing;
  int       second_depth;
  char     *second_move;
} SearchResult;

static void
search_result_clear (SearchResult *r)
{
  g_clear_pointer (&r->pv, g_strfreev);
  g_clear_pointer (&r->second_move, g_free);
}

static void
search_result_take_info (const char *line,
                         gpointer    data)
{
  SearchResult *r = data;
  CheopsUciMessage m;

  if (cheops_uci_parse_line (line, &m) == CHEOPS_UCI_MESSAGE_INFO
      && (m.info.fields & CHEOPS_UCI_INFO_SCORE) && m.info.multipv == 2
      && (m.info.bound == CHEOPS_UCI_BOUND_EXACT || !r->second_exact))
    {
      r->has_second = TRUE;
      r->second_exact = m.info.bound == CHEOPS_UCI_BOUND_EXACT;
      r->second_ascension = m.info.score_kind == CHEOPS_UCI_SCORE_MATE;
      r->second_score = m.info.score;
      r->second_losing = m.info.mate_losing;
      r->second_depth = m.info.depth;
      if (m.info.pv != NULL && m.info.pv[0] != NULL)
        {
          g_free (r->second_move);
          r->second_move = g_strdup (m.info.pv[0]);
        }
    }
  else if (m.kind == CHEOPS_UCI_MESSAGE_INFO
      && (m.info.fields & CHEOPS_UCI_INFO_SCORE) && m.info.multipv == 1
      && (m.info.bound == CHEOPS_UCI_BOUND_EXACT || !r->exact))
    {
      r->has_score = TRUE;
      r->exact = m.info.bound == CHEOPS_UCI_BOUND_EXACT;
      r->ascension = m.info.score_kind == CHEOPS_UCI_SCORE_MATE;
      r->score = m.info.score;
      r->losing = m.info.mate_losing;
      r->depth = m.info.depth;
      if (m.info.pv != NULL)
        {
          g_strfreev (r->pv);
          r->pv = g_strdupv (m.info.pv);
        }
    }
  cheops_uci_message_clear (&m);
}

/* Searches @node's position (`go depth @depth`, `movetime @movetime_ms`,
 * `nodes @nodes`, each 0 for none; only @searchmove when not NULL); FALSE
 * when the engine gave no `bestmove` in time (it is restarted by the
 * caller) or no score. */
static gboolean
search (CheopsToolPlayer *engine,
        CheopsGameNode   *node,
        int               depth,
        gint64            movetime_ms,
        gint64            nodes,
        const char       *searchmove,
        SearchResult     *r)
{
  gint64 deadline;
  char *line;
  g_autoptr (GString) go = g_string_new ("go");

  memset (r, 0, sizeof *r);
  cheops_uci_engine_send (engine->uci, "%s", cheops_game_node_get_uci_position (node));
  if (depth > 0)
    g_string_append_printf (go, " depth %d", depth);
  if (movetime_ms > 0)
    g_string_append_printf (go, " movetime %" G_GINT64_FORMAT, movetime_ms);
  if (nodes > 0)
    g_string_append_printf (go, " nodes %" G_GINT64_FORMAT, nodes);
  if (searchmove != NULL)
    g_string_append_printf (go, " searchmoves %s", searchmove);
  cheops_uci_engine_send (engine->uci, "%s", go->str);
  if (movetime_ms > 0)
    deadline = g_get_monotonic_time () + (movetime_ms + 10000) * 1000;
  else
    deadline = g_get_monotonic_time () + (gint64) DEPTH_TIMEOUT_S * G_USEC_PER_SEC;
  line = cheops_uci_engine_wait_for_full (engine->uci, "bestmove", deadline, NULL, search_result_take_info, r);
  if (line == NULL)
    {
      cheops_uci_engine_send (engine->uci, "stop");
      line = cheops_uci_engine_wait_for_full (engine->uci, "bestmove",
                                          g_get_monotonic_time () + (gint64) STOP_TIMEOUT_S * G_USEC_PER_SEC, NULL,
                                          search_result_take_info, r);
    }
  if (line == NULL)
    return FALSE;
  g_free (line);
  if (!r->has_score && (movetime_ms > 0 || nodes > 0))
    {
      /* An engine that gave up its time or nodes before a scored line
       * (the bundled one can, at a few ms): one search of depth 1, which
       * always scores. */
      search_result_clear (r);
      return search (engine, node, 1, 0, 0, searchmove, r);
    }
  return r->has_score;
}

/* The side whose colour @name names in @game ("Green", "g"), or -1. */
static int
side_by_name (CheopsGame *game,
              const char *name)
{
  const CheopsVariant *v = cheops_game_get_variant (game);

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      const char *colour = cheops_game_get_side_name (game, (CheopsSide) s);

      if (g_ascii_strcasecmp (colour, name) == 0
          || (strlen (name) == 1 && g_ascii_tolower (name[0]) == g_ascii_tolower (v->sides[s].letter)))
        return s;
    }
  return -1;
}

/* The options, shared by the jobs (read only once they run). */
typedef struct {
  char        *engine_command;
  gint64       movetime_ms;
  int          depth;
  gint64       nodes;
  gint64       from_ply;
  const char  *side_name;
  gboolean     backwards;
  gboolean     variations;
} Options;

/* One game of the run. */
typedef struct {
  CheopsGame *game;          /* owned */
  const char *path;          /* its file (not owned) */
  guint       number;        /* its number in the run, from 1 */
  gboolean    kept;          /* resumed: already reviewed in the output */
  gboolean    done;
  GString    *report;        /* its summary lines for stderr */
} Item;

/* The run: what the jobs share, under @lock. */
typedef struct {
  const Options *options;
  GPtrArray     *items;      /* Item*, in output order */
  guint          next;       /* the next item for a job */
  guint          n_done;
  int            status;     /* the worst exit status so far */
  gboolean       fatal;      /* a job could not go on: stop */
  GMutex         lock;
  GCond          cond;       /* an item done */
} Run;

static void
item_free (gpointer data)
{
  Item *item = data;

  g_clear_object (&item->game);
  if (item->report != NULL)
    g_string_free (item->report, TRUE);
  g_free (item);
}

static void
run_status (Run *run,
            int  status)
{
  g_mutex_lock (&run->lock);
  run->status = MAX (run->status, status);
  if (status >= 2)
    run->fatal = TRUE;
  g_cond_broadcast (&run->cond);
  g_mutex_unlock (&run->lock);
}

/* Progress and messages: one line at a time. */
static void G_GNUC_PRINTF (2, 3)
say (Run        *run,
     const char *format,
     ...)
{
  va_list args;
  g_autofree char *text = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_mutex_lock (&run->lock);
  fputs (text, stderr);
  fflush (stderr);
  g_mutex_unlock (&run->lock);
}

/* A job's engine and what it was told. */
typedef struct {
  CheopsToolPlayer     engine;
  const CheopsVariant *sent_variant;
} Job;

static gboolean
job_restart (Run *run,
             Job *job)
{
  cheops_tool_player_stop (&job->engine);
  job->sent_variant = NULL;
  if (!cheops_tool_player_start (&job->engine, NULL, NULL))
    {
      say (run, "cheops analyse: cannot restart the engine\n");
      return FALSE;
    }
  return TRUE;
}

/* One search with the engine restarted when it hangs; FALSE without a
 * result (and FALSE in *@fatal when the engine is gone for good). */
static gboolean
job_search (Run            *run,
            Job            *job,
            CheopsGameNode *node,
            int             depth,
            gint64          movetime_ms,
            gint64          nodes,
            const char     *searchmove,
            SearchResult   *r,
            gboolean       *fatal)
{
  if (search (&job->engine, node, depth, movetime_ms, nodes, searchmove, r))
    return TRUE;
  search_result_clear (r);
  if (job->engine.uci != NULL && !cheops_uci_engine_sync (job->engine.uci, CHEOPS_TOOL_READY_TIMEOUT_MS))
    {
      const CheopsVariant *variant = job->sent_variant;

      /* A hung or dead engine: a fresh one for what is left. */
      if (!job_restart (run, job))
        *fatal = TRUE;
      else if (variant != NULL)
        {
          cheops_uci_engine_send (job->engine.uci, "setoption name UCI_Variant value %s", variant->name);
          cheops_uci_engine_send (job->engine.uci, "setoption name MultiPV value 2");
          job->sent_variant = variant;
        }
    }
  return FALSE;
}

static CheopsEval
result_eval (CheopsGameNode *node,
             SearchResult   *r)
{
  return cheops_review_eval_from_engine (cheops_game_node_get_position (node)->side_to_move,
                                         r->ascension, r->score, r->losing, r->depth);
}

/* Searches position @index of @review: its best (MultiPV 2), then the
 * move played from it to the same depth, as such; a move about to be
 * marked is searched again, longer.  FALSE when the engine gave no
 * result for the position. */
static gboolean
review_position (Run          *run,
                 Job          *job,
                 CheopsReview *review,
                 guint         index,
                 gboolean     *fatal)
{
  const Options *o = run->options;
  CheopsGameNode *node = cheops_review_get_node (review, index);
  const CheopsPosition *pos = cheops_game_node_get_position (node);
  int depth = o->depth;
  gint64 movetime_ms = o->movetime_ms;
  gint64 nodes = o->nodes;

  for (int attempt = 0; attempt < 2; attempt++)
    {
      SearchResult r;
      CheopsEval eval;
      CheopsMove played;
      char played_text[CHEOPS_MOVE_TEXT_MAX];

      if (!job_search (run, job, node, depth, movetime_ms, nodes, NULL, &r, fatal))
        return attempt > 0;   /* a failed confirmation keeps the first results */
      eval = result_eval (node, &r);
      cheops_review_set_result (review, index, &eval, (const char *const *) r.pv);
      if (r.has_second)
        {
          CheopsEval second = cheops_review_eval_from_engine (pos->side_to_move, r.second_ascension,
                                                              r.second_score, r.second_losing, r.depth);
          cheops_review_set_second (review, index, &second);
        }
      else
        cheops_review_set_second (review, index, NULL);
      cheops_review_set_played (review, index, NULL);

      played = cheops_review_get_played_move (review, index);
      if (played != CHEOPS_MOVE_NONE && cheops_review_judges_move (review, index)
          && cheops_review_needs_engine (review, index + 1) && !cheops_review_is_first_choice (review, index))
        {
          cheops_move_to_text (pos->variant, played, played_text);
          if (r.has_second && r.second_move != NULL && r.second_depth == r.depth
              && cheops_move_from_text (pos, r.second_move, NULL) == played)
            {
              /* The engine's second line is the move played, at the
               * same depth: its score is the move's. */
              CheopsEval e = cheops_review_eval_from_engine (pos->side_to_move, r.second_ascension,
                                                             r.second_score, r.second_losing, r.depth);
              cheops_review_set_played (review, index, &e);
            }
          else
            {
              SearchResult p;

              /* To the best's depth; a timed review caps it (20 times its
               * time and a second, or 20 times its nodes) should the move
               * take far longer. */
              if (job_search (run, job, node, MAX (r.depth, 1), o->movetime_ms > 0 ? 20 * movetime_ms + 1000 : 0,
                              20 * nodes, played_text, &p, fatal))
                {
                  CheopsEval e = result_eval (node, &p);
                  cheops_review_set_played (review, index, &e);
                }
              search_result_clear (&p);
            }
        }
      /* A move about to be marked is searched again, longer, best and
       * played alike; the longer search's verdict stands. */
      if (attempt == 0 && cheops_review_needs_confirmation (review, index))
        {
          cheops_review_begin_confirmation (review, index);
          if (o->depth > 0)
            depth = MAX (o->depth, r.depth) + CONFIRM_PLIES;
          else if (o->nodes > 0)
            nodes = o->nodes * CONFIRM_FACTOR;
          else
            movetime_ms = o->movetime_ms * CONFIRM_FACTOR;
          search_result_clear (&r);
          continue;
        }
      search_result_clear (&r);
      break;
    }
  return TRUE;
}

/* Searches every position of @review that needs the engine, in the
 * run's direction, with a progress line for each (@what before its
 * number: "" or "variation 2/5, "). */
static void
review_line (Run          *run,
             Job          *job,
             Item         *item,
             CheopsReview *review,
             const char   *what,
             gboolean     *fatal)
{
  guint n = cheops_review_get_n_positions (review);

  for (guint k = 0; k < n && !*fatal; k++)
    {
      guint i = run->options->backwards ? n - 1 - k : k;
      CheopsGameNode *node = cheops_review_get_node (review, i);
      g_autofree char *move = cheops_game_node_is_root (node) ? g_strdup ("start")
                                                              : cheops_game_node_format_move (node, TRUE);

      say (run, "game %u/%u, %s%u/%u: %s\n", item->number, run->items->len, what, k + 1, n, move);
      if (!cheops_review_needs_engine (review, i))
        continue;
      if (!review_position (run, job, review, i, fatal))
        {
          say (run, "cheops analyse: game %u, %s: no evaluation from the engine\n", item->number, move);
          run_status (run, 1);
        }
    }
}

/* Collects the first node of every variation in the tree under @node. */
static void
collect_variations (CheopsGameNode *node,
                    GPtrArray      *out)
{
  for (guint c = 0; c < cheops_game_node_get_n_children (node); c++)
    {
      CheopsGameNode *child = cheops_game_node_get_child (node, c);

      if (c > 0)
        g_ptr_array_add (out, cheops_game_node_ref (child));
      collect_variations (child, out);
    }
}

static void
append_summary (GString      *out,
                CheopsGame   *game,
                CheopsReview *review,
                guint         number,
                int           side)
{
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsReviewSummary sum;

      if (side >= 0 && s != side)
        continue;
      cheops_review_get_summary (review, (CheopsSide) s, &sum);
      g_string_append_printf (out, "game %u: %s (%s): %u moves, %u inaccuracies, %u mistakes, %u blunders, "
                              "%u only moves, ACPL %.1f, accuracy %.1f%%\n", number,
                              cheops_game_get_side_name (game, (CheopsSide) s),
                              cheops_game_get_player (game, (CheopsSide) s),
                              sum.moves, sum.inaccuracies, sum.mistakes, sum.blunders, sum.only_moves,
                              sum.acpl, sum.accuracy);
    }
}

/* Reviews one game with @job's engine. */
static void
review_item (Run  *run,
             Job  *job,
             Item *item)
{
  const Options *o = run->options;
  CheopsGame *game = item->game;
  const CheopsVariant *variant = cheops_game_get_variant (game);
  g_autoptr (CheopsReview) review = NULL;
  g_autoptr (GPtrArray) variations = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_game_node_unref);
  int side = -1;
  gboolean fatal = FALSE;

  item->report = g_string_new (NULL);
  if (cheops_game_get_partly_read (game))
    return;
  if (o->side_name != NULL && (side = side_by_name (game, o->side_name)) < 0)
    {
      say (run, "cheops analyse: game %u (%s) has no side '%s'\n", item->number, variant->title, o->side_name);
      run_status (run, 2);
      return;
    }
  if (variant != job->sent_variant)
    {
      cheops_uci_engine_send (job->engine.uci, "setoption name UCI_Variant value %s", variant->name);
      /* Two lines: the second-best move's score judges an only move. */
      cheops_uci_engine_send (job->engine.uci, "setoption name MultiPV value 2");
      job->sent_variant = variant;
    }
  cheops_uci_engine_send (job->engine.uci, "ucinewgame");
  if (!cheops_uci_engine_sync (job->engine.uci, CHEOPS_TOOL_READY_TIMEOUT_MS))
    {
      say (run, "cheops analyse: the engine did not answer isready\n");
      run_status (run, 2);
      return;
    }

  /* The variations the game had, before the review adds its lines. */
  if (o->variations)
    collect_variations (cheops_game_get_root (game), variations);

  review = cheops_review_new (game, (guint) o->from_ply, side);
  review_line (run, job, item, review, "", &fatal);
  cheops_review_apply (review);
  append_summary (item->report, game, review, item->number, side);

  for (guint v = 0; v < variations->len && !fatal; v++)
    {
      CheopsGameNode *first = g_ptr_array_index (variations, v);
      g_autoptr (CheopsReview) line = NULL;
      g_autofree char *label = NULL;

      if (!cheops_game_contains (game, first))
        continue;
      line = cheops_review_new_for_line (game, first, side);
      label = g_strdup_printf ("variation %u/%u, ", v + 1, variations->len);
      review_line (run, job, item, line, label, &fatal);
      cheops_review_apply (line);
    }
  if (fatal)
    run_status (run, 2);
}

static gpointer
job_thread (gpointer data)
{
  Run *run = data;
  Job job = { 0 };
  g_autoptr (GError) error = NULL;

  job.engine.command = run->options->engine_command;
  if (!cheops_tool_player_start (&job.engine, NULL, &error))
    {
      say (run, "cheops analyse: cannot start '%s': %s\n", run->options->engine_command, error->message);
      run_status (run, 2);
      g_free (job.engine.name);
      return NULL;
    }
  for (;;)
    {
      Item *item = NULL;

      g_mutex_lock (&run->lock);
      while (run->next < run->items->len && !run->fatal)
        {
          Item *candidate = g_ptr_array_index (run->items, run->next++);

          if (!candidate->kept)
            {
              item = candidate;
              break;
            }
        }
      g_mutex_unlock (&run->lock);
      if (item == NULL)
        break;
      review_item (run, &job, item);
      g_mutex_lock (&run->lock);
      item->done = TRUE;
      run->n_done++;
      fprintf (stderr, "done %u/%u %s\n", run->n_done, run->items->len, run->items->len == 1 ? "game" : "games");
      g_cond_broadcast (&run->cond);
      g_mutex_unlock (&run->lock);
    }
  cheops_tool_player_stop (&job.engine);
  g_free (job.engine.name);
  return NULL;
}

static int
usage (const char *message)
{
  fprintf (stderr, "cheops analyse: %s\n"
           "Usage: cheops analyse FILE... (--engine CMD | --builtin) (--movetime MS | --depth N | --nodes N)\n"
           "                      [--out FILE] [--side SIDE] [--from PLY] [--backwards] [--variations]\n"
           "                      [--jobs N] [--resume] [--part K/N]\n", message);
  return 2;
}

static gboolean
parse_count (const char *text, gint64 max, gint64 *out)
{
  char *end;
  gint64 n = g_ascii_strtoll (text, &end, 10);

  if (end == text || *end != '\0' || n < 0 || n > max)
    return FALSE;
  *out = n;
  return TRUE;
}

/* Whether @out, a game of the output being resumed, is @in reviewed:
 * the same start and mainline, and an [%eval] on every mainline position
 * from @from_ply that is not a decided end.  A game of @in read with
 * errors is written as read: it is kept when @out is the same text. */
static gboolean
reviewed_already (CheopsGame *in,
                  CheopsGame *out,
                  guint       from_ply)
{
  CheopsGameNode *a, *b;

  if (cheops_game_get_partly_read (in) || cheops_game_get_partly_read (out))
    return FALSE;
  if (cheops_game_get_variant (in) != cheops_game_get_variant (out))
    return FALSE;
  a = cheops_game_get_root (in);
  b = cheops_game_get_root (out);
  if (g_strcmp0 (cheops_game_node_get_fen (a), cheops_game_node_get_fen (b)) != 0)
    return FALSE;
  for (; a != NULL && b != NULL; a = cheops_game_node_get_next (a), b = cheops_game_node_get_next (b))
    {
      if (!cheops_game_node_is_root (a) && cheops_game_node_get_move (a) != cheops_game_node_get_move (b))
        return FALSE;
      if (cheops_game_node_get_ply (b) >= from_ply && cheops_game_node_get_outcome (b) == CHEOPS_OUTCOME_NONE
          && cheops_game_node_get_annotations (b)->eval.kind == CHEOPS_EVAL_NONE)
        return FALSE;
    }
  return a == NULL && b == NULL;
}

/* Writes @item's game (after the others: a blank line first). */
static gboolean
write_item (FILE     *out,
            Item     *item,
            gboolean  first)
{
  g_autoptr (GString) text = g_string_new (first ? "" : "\n");

  cheops_pgn_write_game_to (item->game, text);
  return fwrite (text->str, 1, text->len, out) == text->len && fflush (out) == 0;
}

int
cheops_tool_analyse (int argc, char **argv)
{
  const char *out_path = NULL, *command = NULL;
  g_autoptr (GPtrArray) paths = g_ptr_array_new ();
  gboolean builtin = FALSE, resume = FALSE;
  gint64 jobs = 1, part_k = 1, part_n = 1;
  Options o = { 0 };
  Run run = { 0 };
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (item_free);
  g_autoptr (GPtrArray) threads = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *engine_command = NULL;
  FILE *out = stdout;
  guint written = 0, n_kept = 0;
  int status = 0;
  gint64 started = g_get_monotonic_time ();
  gint64 depth = 0;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (a, "--builtin") == 0)
        builtin = TRUE;
      else if (strcmp (a, "--engine") == 0 && v != NULL)
        command = argv[++i];
      else if (strcmp (a, "--movetime") == 0 && v != NULL)
        {
          if (!parse_count (v, 3600000, &o.movetime_ms) || o.movetime_ms == 0)
            return usage ("--movetime is milliseconds, 1 to 3600000");
          i++;
        }
      else if (strcmp (a, "--depth") == 0 && v != NULL)
        {
          if (!parse_count (v, 120, &depth) || depth == 0)
            return usage ("--depth is plies, 1 to 120");
          i++;
        }
      else if (strcmp (a, "--nodes") == 0 && v != NULL)
        {
          if (!parse_count (v, G_GINT64_CONSTANT (1000000000000), &o.nodes) || o.nodes == 0)
            return usage ("--nodes is a number of nodes, 1 to 10^12");
          i++;
        }
      else if (strcmp (a, "--out") == 0 && v != NULL)
        out_path = argv[++i];
      else if (strcmp (a, "--side") == 0 && v != NULL)
        o.side_name = argv[++i];
      else if (strcmp (a, "--from") == 0 && v != NULL)
        {
          if (!parse_count (v, G_MAXUINT, &o.from_ply))
            return usage ("--from is a ply number, 0 for the start");
          i++;
        }
      else if (strcmp (a, "--jobs") == 0 && v != NULL)
        {
          if (!parse_count (v, 256, &jobs) || jobs == 0)
            return usage ("--jobs is a number of engines, 1 to 256");
          i++;
        }
      else if (strcmp (a, "--part") == 0 && v != NULL)
        {
          g_auto (GStrv) kn = g_strsplit (v, "/", 2);

          if (g_strv_length (kn) != 2 || !parse_count (kn[0], 1000000, &part_k)
              || !parse_count (kn[1], 1000000, &part_n) || part_k < 1 || part_k > part_n)
            return usage ("--part is K/N, 1 <= K <= N");
          i++;
        }
      else if (strcmp (a, "--backwards") == 0)
        o.backwards = TRUE;
      else if (strcmp (a, "--variations") == 0)
        o.variations = TRUE;
      else if (strcmp (a, "--resume") == 0)
        resume = TRUE;
      else if (a[0] != '-' || strcmp (a, "-") == 0)
        g_ptr_array_add (paths, (gpointer) a);
      else
        return usage ("unknown or incomplete option");
    }
  o.depth = (int) depth;
  if (paths->len == 0)
    return usage ("a FILE of games is needed");
  if (builtin == (command != NULL))
    return usage ("one of --engine CMD or --builtin is needed");
  if ((o.movetime_ms > 0) + (o.depth > 0) + (o.nodes > 0) != 1)
    return usage ("one of --movetime MS, --depth N or --nodes N is needed");
  if (resume && out_path == NULL)
    return usage ("--resume needs --out FILE");

  /* Every game of every file, in order. */
  for (guint f = 0; f < paths->len; f++)
    {
      const char *path = g_ptr_array_index (paths, f);
      g_autoptr (GPtrArray) errors = NULL;
      g_autoptr (GPtrArray) games = cheops_pgn_read_file (path, &errors, &error);

      if (games == NULL)
        {
          fprintf (stderr, "cheops analyse: %s\n", error->message);
          return 2;
        }
      for (guint e = 0; e < errors->len; e++)
        {
          CheopsPgnError *pe = g_ptr_array_index (errors, e);
          g_autofree char *text = cheops_pgn_error_to_string (pe);

          fprintf (stderr, "%s:%s (game %u is not analysed)\n", path, text, pe->game_index + 1);
          status = 1;
        }
      for (guint g = 0; g < games->len; g++)
        {
          Item *item = g_new0 (Item, 1);

          item->game = g_object_ref (g_ptr_array_index (games, g));
          item->path = path;
          g_ptr_array_add (all, item);
        }
    }
  /* --part K/N: the K-th of N runs of consecutive games. */
  run.items = g_ptr_array_new ();
  {
    guint first = (guint) (all->len * (part_k - 1) / part_n), end = (guint) (all->len * part_k / part_n);

    for (guint i = first; i < end; i++)
      {
        Item *item = g_ptr_array_index (all, i);

        item->number = i - first + 1;
        g_ptr_array_add (run.items, item);
      }
  }

  if (builtin)
    {
      g_autofree char *exe = cheops_uci_engine_find_bundled ();
      engine_command = g_shell_quote (exe);
    }
  else
    engine_command = g_strdup (command);
  o.engine_command = engine_command;

  /* --resume: the output's games that are the input's, reviewed, in
   * order, are kept (written back at once, atomically), the rest done. */
  if (resume && g_file_test (out_path, G_FILE_TEST_EXISTS))
    {
      g_autoptr (GPtrArray) had = cheops_pgn_read_file (out_path, NULL, &error);
      g_autoptr (GPtrArray) kept = g_ptr_array_new ();

      if (had == NULL)
        {
          fprintf (stderr, "cheops analyse: %s\n", error->message);
          g_ptr_array_unref (run.items);
          return 2;
        }
      for (guint i = 0; i < had->len && i < run.items->len; i++)
        {
          Item *item = g_ptr_array_index (run.items, i);
          CheopsGame *game = g_ptr_array_index (had, i);

          if (!reviewed_already (item->game, game, (guint) o.from_ply))
            break;
          g_set_object (&item->game, game);
          item->kept = TRUE;
          g_ptr_array_add (kept, game);
          n_kept++;
        }
      if (!cheops_pgn_write_file (out_path, kept, &error))
        {
          fprintf (stderr, "cheops analyse: %s\n", error->message);
          g_ptr_array_unref (run.items);
          return 2;
        }
      written = n_kept;
      fprintf (stderr, "resumed: %u of %u %s kept from %s\n", n_kept, run.items->len,
               run.items->len == 1 ? "game" : "games", out_path);
    }
  if (out_path != NULL)
    {
      out = fopen (out_path, written > 0 ? "ab" : "wb");
      if (out == NULL)
        {
          fprintf (stderr, "cheops analyse: cannot write '%s': %s\n", out_path, g_strerror (errno));
          g_ptr_array_unref (run.items);
          return 2;
        }
    }

  run.options = &o;
  run.status = status;
  run.n_done = n_kept;
  g_mutex_init (&run.lock);
  g_cond_init (&run.cond);
  if (jobs > (gint64) MAX (run.items->len - n_kept, 1))
    {
      /* A job reviews whole games: more jobs than games to review would
       * have nothing to do (a new user wondered where the second went). */
      fprintf (stderr, "cheops analyse: %" G_GINT64_FORMAT " jobs asked, %u game%s to review: a job reviews whole games\n",
               jobs, run.items->len - n_kept, run.items->len - n_kept == 1 ? "" : "s");
      jobs = MAX (run.items->len - n_kept, 1);
    }
  for (gint64 j = 0; j < jobs; j++)
    g_ptr_array_add (threads, g_thread_new ("analyse-job", job_thread, &run));

  /* The output, game by game in order, as soon as each is done. */
  g_mutex_lock (&run.lock);
  while (written < run.items->len)
    {
      Item *item = g_ptr_array_index (run.items, written);

      if (run.fatal)
        break;
      if (!item->kept && !item->done)
        {
          g_cond_wait (&run.cond, &run.lock);
          continue;
        }
      g_mutex_unlock (&run.lock);
      if (item->report != NULL)
        fputs (item->report->str, stderr);
      if (!write_item (out, item, written == 0))
        {
          fprintf (stderr, "cheops analyse: cannot write the output\n");
          run_status (&run, 2);
        }
      g_mutex_lock (&run.lock);
      written++;
    }
  g_mutex_unlock (&run.lock);
  for (guint j = 0; j < threads->len; j++)
    g_thread_join (g_ptr_array_index (threads, j));
  status = run.status;
  if (out != stdout && fclose (out) != 0)
    {
      fprintf (stderr, "cheops analyse: cannot write '%s'\n", out_path);
      status = 2;
    }
  fprintf (stderr, "analysed %u game%s (%u kept) %s with %u job%s in %.1f s\n", run.items->len - n_kept,
           run.items->len - n_kept == 1 ? "" : "s", n_kept,
           o.backwards ? "backwards (last move first)" : "forwards (first move first)",
           (guint) jobs, jobs > 1 ? "s" : "",
           (g_get_monotonic_time () - started) / (double) G_USEC_PER_SEC);
  g_mutex_clear (&run.lock);
  g_cond_clear (&run.cond);
  g_ptr_array_unref (run.items);
  return status;
}
