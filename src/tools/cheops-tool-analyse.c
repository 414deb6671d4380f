/* cheops-tool-analyse.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops analyse`: the whole-game review of every game of a file.
 *
 *   cheops analyse FILE (--engine CMD | --builtin) (--movetime MS | --depth N)
 *                  [--out FILE] [--side SIDE] [--from PLY]
 *
 * Each game's mainline positions from ply PLY (default 0, the start) are
 * searched by the engine (`position ...` as the game model gives it, with
 * the history repetition needs, then `go movetime MS` or `go depth N`;
 * a timed search that ends without a score is done again at depth 1),
 * with MultiPV 2, and what the engine says goes through cheops-review.h,
 * which writes the annotations exactly as the studio's Analyse Game does:
 * [%eval] with depth on every position, `?!` `?` `??` on the moves that
 * lose 0.1, 0.2, 0.3 of winning chances, `!` on an only move, the
 * engine's best line as a variation with its [%eval]; comments, glyphs
 * and variations already there are kept.
 * `--side SIDE` judges only the moves of the side whose colour is SIDE
 * (the variant's colour name, "Green", "Gold", "White", any case, or its
 * FEN letter); the other side's positions are still searched.  The
 * engine is CMD (split by shell rules, never run through a shell) or,
 * with --builtin, the bundled cheops-engine (CHEOPS_ENGINE if set, else
 * the build tree's beside this program, else the installed one); each
 * game's variant is set with `setoption name UCI_Variant`.
 *
 * Output: the annotated games (stdout, or --out FILE) as the project's
 * writer writes them; a game read with errors is written back as it was
 * read, not analysed (annotating it would lose what could not be read).
 * Standard error: one progress line per position ("game 1/3, 12/80:
 * 6... Mf5"), then per game and side the judged moves, inaccuracies,
 * mistakes, blunders, average centipawn loss and accuracy.
 * Exit status 0; 1 when a game had errors or the engine gave no answer
 * for a position (that position has no [%eval]); 2 bad usage, an engine
 * that cannot be started, a file that cannot be read or written.
 */
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

#include "cheops-notation.h"
#include "cheops-pgn.h"
#include "cheops-review.h"
#include "cheops-tool.h"
#include "cheops-tool-uci.h"
#include "studio-engine-protocol.h"

/* Time for a `go depth N` to answer, and for `bestmove` after `stop`. */
#define DEPTH_TIMEOUT_S 600
#define STOP_TIMEOUT_S 5

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
  /* The second-best line's score (MultiPV 2), for the only-move rule. */
  gboolean  has_second;
  gboolean  second_exact;
  gboolean  second_ascension;
  int       second_score;
  gboolean  second_losing;
} SearchResult;

static void
search_result_take_info (const char *line,
                         gpointer    data)
{
  SearchResult *r = data;
  StudioUciMessage m;

  if (studio_uci_parse_line (line, &m) == STUDIO_UCI_MESSAGE_INFO
      && (m.info.fields & STUDIO_UCI_INFO_SCORE) && m.info.multipv == 2
      && (m.info.bound == STUDIO_UCI_BOUND_EXACT || !r->second_exact))
    {
      r->has_second = TRUE;
      r->second_exact = m.info.bound == STUDIO_UCI_BOUND_EXACT;
      r->second_ascension = m.info.score_kind == STUDIO_UCI_SCORE_MATE;
      r->second_score = m.info.score;
      r->second_losing = m.info.mate_losing;
    }
  else if (m.kind == STUDIO_UCI_MESSAGE_INFO
      && (m.info.fields & STUDIO_UCI_INFO_SCORE) && m.info.multipv == 1
      && (m.info.bound == STUDIO_UCI_BOUND_EXACT || !r->exact))
    {
      r->has_score = TRUE;
      r->exact = m.info.bound == STUDIO_UCI_BOUND_EXACT;
      r->ascension = m.info.score_kind == STUDIO_UCI_SCORE_MATE;
      r->score = m.info.score;
      r->losing = m.info.mate_losing;
      r->depth = m.info.depth;
      if (m.info.pv != NULL)
        {
          g_strfreev (r->pv);
          r->pv = g_strdupv (m.info.pv);
        }
    }
  studio_uci_message_clear (&m);
}

/* Searches @node's position; FALSE when the engine gave no `bestmove` in
 * time (it is restarted) or no score. */
static gboolean
search (CheopsToolEngine *engine,
        CheopsGameNode   *node,
        int               depth,
        gint64            movetime_ms,
        SearchResult     *r)
{
  gint64 deadline;
  char *line;

  memset (r, 0, sizeof *r);
  cheops_tool_engine_send (engine, "%s", cheops_game_node_get_uci_position (node));
  if (movetime_ms > 0)
    {
      cheops_tool_engine_send (engine, "go movetime %" G_GINT64_FORMAT, movetime_ms);
      deadline = g_get_monotonic_time () + (movetime_ms + 10000) * 1000;
    }
  else
    {
      cheops_tool_engine_send (engine, "go depth %d", depth);
      deadline = g_get_monotonic_time () + (gint64) DEPTH_TIMEOUT_S * G_USEC_PER_SEC;
    }
  line = cheops_tool_engine_wait_for (engine, "bestmove", deadline, search_result_take_info, r);
  if (line == NULL)
    {
      cheops_tool_engine_send (engine, "stop");
      line = cheops_tool_engine_wait_for (engine, "bestmove",
                                          g_get_monotonic_time () + (gint64) STOP_TIMEOUT_S * G_USEC_PER_SEC,
                                          search_result_take_info, r);
    }
  if (line == NULL)
    return FALSE;
  g_free (line);
  if (!r->has_score && movetime_ms > 0)
    {
      /* An engine that gave up its time before a scored line (the bundled
       * one can, at a few ms): one search of depth 1, which always scores. */
      g_strfreev (r->pv);
      return search (engine, node, 1, 0, r);
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

/* The bundled engine: CHEOPS_ENGINE, else the build tree's when this
 * program runs from the build tree, else the installed one. */
static char *
builtin_engine_path (void)
{
  return cheops_uci_engine_find_bundled ();
}

static void
print_summary (CheopsGame   *game,
               CheopsReview *review,
               guint         index,
               int           side)
{
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsReviewSummary sum;

      if (side >= 0 && s != side)
        continue;
      cheops_review_get_summary (review, (CheopsSide) s, &sum);
      fprintf (stderr, "game %u: %s (%s): %u moves, %u inaccuracies, %u mistakes, %u blunders, "
               "%u only moves, ACPL %.1f, accuracy %.1f%%\n", index + 1,
               cheops_game_get_side_name (game, (CheopsSide) s), cheops_game_get_player (game, (CheopsSide) s),
               sum.moves, sum.inaccuracies, sum.mistakes, sum.blunders, sum.only_moves, sum.acpl, sum.accuracy);
    }
}

static int
usage (const char *message)
{
  fprintf (stderr, "cheops analyse: %s\n"
           "Usage: cheops analyse FILE (--engine CMD | --builtin) (--movetime MS | --depth N)\n"
           "                      [--out FILE] [--side SIDE] [--from PLY]\n", message);
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

int
cheops_tool_analyse (int argc, char **argv)
{
  const char *path = NULL, *out_path = NULL, *side_name = NULL, *command = NULL;
  gboolean builtin = FALSE;
  gint64 movetime_ms = 0, depth = 0, from_ply = 0;
  g_autoptr (GPtrArray) games = NULL;
  g_autoptr (GPtrArray) errors = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *engine_command = NULL;
  CheopsToolEngine engine = { 0 };
  const CheopsVariant *sent_variant = NULL;
  int status = 0;
  gint64 started = g_get_monotonic_time ();

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
          if (!parse_count (v, 3600000, &movetime_ms) || movetime_ms == 0)
            return usage ("--movetime is milliseconds, 1 to 3600000");
          i++;
        }
      else if (strcmp (a, "--depth") == 0 && v != NULL)
        {
          if (!parse_count (v, 127, &depth) || depth == 0)
            return usage ("--depth is plies, 1 to 127");
          i++;
        }
      else if (strcmp (a, "--out") == 0 && v != NULL)
        out_path = argv[++i];
      else if (strcmp (a, "--side") == 0 && v != NULL)
        side_name = argv[++i];
      else if (strcmp (a, "--from") == 0 && v != NULL)
        {
          if (!parse_count (v, G_MAXUINT, &from_ply))
            return usage ("--from is a ply number, 0 for the start");
          i++;
        }
      else if (a[0] != '-' && path == NULL)
        path = a;
      else
        return usage ("unknown or incomplete option");
    }
  if (path == NULL)
    return usage ("a FILE of games is needed");
  if (builtin == (command != NULL))
    return usage ("one of --engine CMD or --builtin is needed");
  if ((movetime_ms > 0) == (depth > 0))
    return usage ("one of --movetime MS or --depth N is needed");

  games = cheops_pgn_read_file (path, &errors, &error);
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

  if (builtin)
    {
      g_autofree char *exe = builtin_engine_path ();
      engine_command = g_shell_quote (exe);
    }
  else
    engine_command = g_strdup (command);
  engine.command = engine_command;
  if (!cheops_tool_engine_start (&engine, NULL, &error))
    {
      fprintf (stderr, "cheops analyse: cannot start '%s': %s\n", engine_command, error->message);
      g_free (engine.name);
      return 2;
    }

  for (guint g = 0; g < games->len; g++)
    {
      CheopsGame *game = g_ptr_array_index (games, g);
      const CheopsVariant *variant = cheops_game_get_variant (game);
      g_autoptr (CheopsReview) review = NULL;
      int side = -1;
      guint n;

      if (cheops_game_get_partly_read (game))
        continue;
      if (side_name != NULL && (side = side_by_name (game, side_name)) < 0)
        {
          fprintf (stderr, "cheops analyse: game %u (%s) has no side '%s'\n", g + 1, variant->title, side_name);
          cheops_tool_engine_stop (&engine);
          g_free (engine.name);
          return 2;
        }
      if (variant != sent_variant)
        {
          cheops_tool_engine_send (&engine, "setoption name UCI_Variant value %s", variant->name);
          /* Two lines: the second-best move's score judges an only move. */
          cheops_tool_engine_send (&engine, "setoption name MultiPV value 2");
          sent_variant = variant;
        }
      cheops_tool_engine_send (&engine, "ucinewgame");
      if (!cheops_tool_engine_sync (&engine))
        {
          fprintf (stderr, "cheops analyse: the engine did not answer isready\n");
          cheops_tool_engine_stop (&engine);
          g_free (engine.name);
          return 2;
        }

      review = cheops_review_new (game, (guint) from_ply, side);
      n = cheops_review_get_n_positions (review);
      for (guint i = 0; i < n; i++)
        {
          CheopsGameNode *node = cheops_review_get_node (review, i);
          g_autofree char *move = cheops_game_node_is_root (node) ? g_strdup ("start")
                                                                  : cheops_game_node_format_move (node, TRUE);
          SearchResult r;

          fprintf (stderr, "game %u/%u, %u/%u: %s\n", g + 1, games->len, i + 1, n, move);
          if (!cheops_review_needs_engine (review, i))
            continue;
          if (search (&engine, node, (int) depth, movetime_ms, &r))
            {
              CheopsEval eval = cheops_review_eval_from_engine (cheops_game_node_get_position (node)->side_to_move,
                                                                r.ascension, r.score, r.losing, r.depth);

              cheops_review_set_result (review, i, &eval, (const char *const *) r.pv);
              if (r.has_second)
                {
                  CheopsEval second =
                    cheops_review_eval_from_engine (cheops_game_node_get_position (node)->side_to_move,
                                                    r.second_ascension, r.second_score, r.second_losing, r.depth);

                  cheops_review_set_second (review, i, &second);
                }
            }
          else
            {
              fprintf (stderr, "cheops analyse: game %u, %s: no evaluation from the engine\n", g + 1, move);
              status = 1;
              if (engine.uci != NULL && !cheops_tool_engine_sync (&engine))
                {
                  /* A hung or dead engine: a fresh one for what is left. */
                  cheops_tool_engine_stop (&engine);
                  if (!cheops_tool_engine_start (&engine, variant, NULL))
                    {
                      fprintf (stderr, "cheops analyse: cannot restart the engine\n");
                      g_free (engine.name);
                      return 2;
                    }
                }
            }
          g_strfreev (r.pv);
        }
      cheops_review_apply (review);
      print_summary (game, review, g, side);
    }
  cheops_tool_engine_stop (&engine);
  g_free (engine.name);

  if (out_path != NULL)
    {
      if (!cheops_pgn_write_file (out_path, games, &error))
        {
          fprintf (stderr, "cheops analyse: %s\n", error->message);
          return 2;
        }
    }
  else
    {
      g_autoptr (GBytes) bytes = cheops_pgn_write_games_to_bytes (games);
      gsize size;
      const char *data = g_bytes_get_data (bytes, &size);

      if (fwrite (data, 1, size, stdout) != size || fflush (stdout) != 0)
        {
          fprintf (stderr, "cheops analyse: cannot write the output\n");
          return 2;
        }
    }
  fprintf (stderr, "analysed %u games in %.1f s\n", games->len,
           (g_get_monotonic_time () - started) / (double) G_USEC_PER_SEC);
  return status;
}
