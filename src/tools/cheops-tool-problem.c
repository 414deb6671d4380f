/* cheops-tool-problem.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops problem verify [--time SECONDS] [--nodes N] [--depth N] [--defences] FILE...`:
 * checks the soundness of the problems of game files (issue 12) with the
 * exhaustive solver (src/engine/solve.h).
 *
 * For each game with a [Stipulation] tag (cheops-problem.h) it prints one
 * line, "FILE:LINE: game N: VERDICT: DETAILS", VERDICT being sound, cooked,
 * no-solution, wrong-solution or undecided, the details the keys (in the
 * variant's record notation), the file's first move where it is wrong,
 * and the work done ("1234 nodes, 0.012 s"); then one line per defence of
 * a key after which more than one continuation wins in time (a dual),
 * "FILE:LINE: game N: dual after 1. KEY DEFENCE: MOVE, MOVE"; with
 * --defences, every defence of each key in that form ("defence after"
 * where a single move wins, the outcome's status word where the defence
 * itself ends the game), for composing the solution's variations.  A game
 * without a Stipulation tag is no problem and is passed over.  A malformed
 * stipulation or FEN, or any other error of the game's text, is printed
 * as "FILE:LINE:COLUMN: MESSAGE"; a game with a malformed stipulation or
 * FEN is not verified, the rest of the file still is.  Limits, per
 * problem: --time (seconds of wall-clock time), --nodes (moves played),
 * --depth (a problem that asks for more moves is undecided without a
 * search).  When a problem takes more than a second, its progress goes to
 * standard error.  Exit status: 0 when every problem is sound, 1 when any
 * is not (or has an error), 2 for bad usage or a file that cannot be read.
 */
#define G_LOG_DOMAIN "cheops-tool"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cheops-game-model.h"
#include "cheops-notation.h"
#include "cheops-problem.h"
#include "cheops-tool.h"
#include "solve.h"

typedef struct {
  const char *path;
  guint       game;
  double      last;
  gboolean    tty;
  gboolean    shown;
} Progress;

static void
progress_cb (const CheopsSolveProgress *p,
             void                      *data)
{
  Progress *pr = data;

  if (p->seconds < 1.0 || p->seconds - pr->last < 1.0)
    return;
  pr->last = p->seconds;
  pr->shown = TRUE;
  fprintf (stderr, "%s%s: game %u: %s %d/%d, %" G_GINT64_FORMAT " nodes, %.0f s%s",
           pr->tty ? "\r" : "", pr->path, pr->game,
           p->phase == 0 ? "first moves" : "keys' defences", p->done, p->total,
           p->nodes, p->seconds, pr->tty ? "   " : "\n");
  fflush (stderr);
}

static void
append_san (GString *out, const CheopsPosition *pos, CheopsMove move)
{
  char san[CHEOPS_SAN_MAX];

  cheops_move_to_san (pos, move, san);
  g_string_append (out, san);
}

/* "1. Qd5" or "1... Qd5" */
static void
append_numbered (GString *out, const CheopsPosition *pos, CheopsMove move)
{
  g_string_append_printf (out, "%d%s ", pos->fullmove_number, pos->side_to_move == CHEOPS_SIDE_A ? "." : "...");
  append_san (out, pos, move);
}

static void
print_result (const char              *path,
              guint                    line,
              guint                    n_game,
              const CheopsPosition    *start,
              CheopsMove               mainline,
              const CheopsSolveResult *r,
              gboolean                 all_defences)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_string_append_printf (out, "%s:%u: game %u: %s: ", path, line, n_game, cheops_solve_verdict_name (r->verdict));
  switch (r->verdict)
    {
    case CHEOPS_SOLVE_SOUND:
      g_string_append (out, "key ");
      append_numbered (out, start, r->keys[0].move);
      break;
    case CHEOPS_SOLVE_COOKED:
    case CHEOPS_SOLVE_WRONG_SOLUTION:
      if (r->verdict == CHEOPS_SOLVE_WRONG_SOLUTION)
        {
          if (mainline == CHEOPS_MOVE_NONE)
            g_string_append (out, "the file gives no solution; ");
          else
            {
              g_string_append (out, "the solution begins with ");
              append_numbered (out, start, mainline);
              g_string_append (out, ", which does not win; ");
            }
        }
      g_string_append_printf (out, "%d key%s ", r->n_keys, r->n_keys == 1 ? "" : "s");
      for (int k = 0; k < r->n_keys; k++)
        {
          if (k > 0)
            g_string_append (out, ", ");
          append_numbered (out, start, r->keys[k].move);
        }
      break;
    case CHEOPS_SOLVE_NO_SOLUTION:
      g_string_append_printf (out, "none of the %d first moves wins in %d", r->n_first_moves, r->depth);
      break;
    case CHEOPS_SOLVE_UNDECIDED:
    default:
      g_string_append_printf (out, "%s reached", r->stopped_by != NULL ? r->stopped_by : "limit");
      if (r->n_keys > 0)
        {
          g_string_append (out, "; keys proved so far ");
          for (int k = 0; k < r->n_keys; k++)
            {
              if (k > 0)
                g_string_append (out, ", ");
              append_numbered (out, start, r->keys[k].move);
            }
        }
      break;
    }
  g_string_append_printf (out, "; %" G_GINT64_FORMAT " nodes, %.3f s\n", r->nodes, r->seconds);
  fputs (out->str, stdout);

  /* The duals, per defence of each key. */
  for (int k = 0; k < r->n_keys; k++)
    {
      const CheopsSolveKey *key = &r->keys[k];
      CheopsPosition after_key = *start;
      CheopsUndo undo;

      cheops_position_do_move (&after_key, key->move, &undo);
      for (int d = 0; d < key->n_defences; d++)
        {
          const CheopsSolveDefence *def = &key->defences[d];
          CheopsPosition after = after_key;
          g_autoptr(GString) dual = NULL;

          if (def->n_wins < 2 && !all_defences)
            continue;
          dual = g_string_new (NULL);
          g_string_append_printf (dual, "%s:%u: game %u: %s after ", path, line, n_game,
                                  def->n_wins >= 2 ? "dual" : "defence");
          append_numbered (dual, start, key->move);
          g_string_append_c (dual, ' ');
          append_san (dual, &after_key, def->move);
          g_string_append (dual, ": ");
          cheops_position_do_move (&after, def->move, &undo);
          if (def->outcome != CHEOPS_OUTCOME_NONE)
            g_string_append (dual, after.variant->outcomes[def->outcome].status);
          for (int w = 0; w < def->n_wins; w++)
            {
              if (w > 0)
                g_string_append (dual, ", ");
              append_san (dual, &after, def->wins[w]);
            }
          g_string_append_c (dual, '\n');
          fputs (dual->str, stdout);
        }
    }
}

static gboolean
parse_number (const char *text, double *out)
{
  char *end;
  double v = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || v < 0)
    return FALSE;
  *out = v;
  return TRUE;
}

static int
problem_verify (int    argc,
                char **argv)
{
  CheopsSolveLimits limits = { 0 };
  double max_depth = 0, value;
  gboolean all_defences = FALSE;
  int status = 0, first_file = argc;

  for (int i = 0; i < argc; i++)
    {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (a, "--defences") == 0)
        all_defences = TRUE;
      else if (strcmp (a, "--time") == 0 || strcmp (a, "--nodes") == 0 || strcmp (a, "--depth") == 0)
        {
          if (v == NULL || !parse_number (v, &value))
            {
              fprintf (stderr, "cheops problem verify: %s needs a number\n", a);
              return 2;
            }
          if (a[2] == 't')
            limits.max_seconds = value;
          else if (a[2] == 'n')
            limits.max_nodes = (int64_t) value;
          else
            max_depth = value;
          i++;
        }
      else if (a[0] == '-' && a[1] == '-')
        {
          fprintf (stderr, "cheops problem verify: unknown option %s\n", a);
          return 2;
        }
      else
        {
          first_file = i;
          break;
        }
    }
  if (first_file >= argc)
    {
      fprintf (stderr, "Usage: cheops problem verify [--time SECONDS] [--nodes N] [--depth N] [--defences] FILE...\n");
      return 2;
    }

  for (int i = first_file; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      gsize length = 0;
      g_autoptr(CheopsPgnReader) reader = NULL;
      g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);
      guint n_games = 0;
      const char *path = argv[i];

      if (!g_file_get_contents (path, &text, &length, &error))
        {
          fprintf (stderr, "cheops problem verify: %s\n", error->message);
          status = 2;
          continue;
        }
      reader = cheops_pgn_reader_new (text, (gssize) length);
      for (;;)
        {
          g_autoptr(CheopsGame) game = NULL;
          g_autoptr(GError) stip_error = NULL;
          CheopsStipulation stipulation;
          guint before = errors->len, line;
          gboolean bad_fen = FALSE;
          Progress progress = { path, 0, 0, isatty (2), FALSE };
          CheopsSolveResult *result;
          CheopsMove mainline;

          game = cheops_pgn_reader_next (reader, errors);
          if (game == NULL)
            break;
          n_games++;
          line = cheops_pgn_reader_get_game_line (reader);
          if (cheops_game_get_tag (game, CHEOPS_PROBLEM_TAG_STIPULATION) == NULL)
            continue;
          for (guint e = before; e < errors->len; e++)
            {
              const CheopsPgnError *pe = errors->pdata[e];

              printf ("%s:%u:%u: %s\n", path, pe->line, pe->column, pe->message);
              if (pe->code == CHEOPS_GAME_ERROR_BAD_FEN)
                bad_fen = TRUE;
            }
          if (errors->len > before)
            status = MAX (status, 1);
          if (bad_fen)
            {
              printf ("%s:%u: game %u: not verified: its FEN is malformed\n", path, line, n_games);
              continue;
            }
          if (!cheops_problem_get_stipulation (game, text, (gssize) length, line, &stipulation, &stip_error))
            {
              printf ("%s:%s\n", path, stip_error->message);
              printf ("%s:%u: game %u: not verified: its stipulation is malformed\n", path, line, n_games);
              status = MAX (status, 1);
              continue;
            }
          if (max_depth > 0 && stipulation.moves > max_depth)
            {
              printf ("%s:%u: game %u: undecided: it asks for %d moves, more than --depth %g\n",
                      path, line, n_games, stipulation.moves, max_depth);
              status = MAX (status, 1);
              continue;
            }
          mainline = cheops_problem_get_key (game);
          progress.game = n_games;
          limits.progress = progress_cb;
          limits.progress_data = &progress;
          result = cheops_solve (cheops_game_get_start_position (game), stipulation.moves, mainline, &limits);
          if (progress.shown && progress.tty)
            fputc ('\n', stderr);
          if (result == NULL)
            {
              printf ("%s:%u: game %u: undecided: out of memory\n", path, line, n_games);
              status = MAX (status, 1);
              continue;
            }
          print_result (path, line, n_games, cheops_game_get_start_position (game), mainline, result, all_defences);
          if (result->verdict != CHEOPS_SOLVE_SOUND)
            status = MAX (status, 1);
          cheops_solve_result_free (result);
        }
    }
  return status;
}

int
cheops_tool_problem (int    argc,
                     char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "verify") == 0)
    return problem_verify (argc - 2, argv + 2);
  fprintf (stderr, "Usage: cheops problem verify [--time SECONDS] [--nodes N] [--depth N] [--defences] FILE...\n");
  return 2;
}
