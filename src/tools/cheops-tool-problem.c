/* cheops-tool-problem.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops problem verify [--time SECONDS] [--nodes N] [--depth N] [--defences] [--prove] [--full]
 * [--threads N] [--write OUTPUT] FILE...`:
 * checks the soundness of the problems of game files (issues 12, 26) with
 * the exhaustive solver (src/engine/solve.h): "#N", "h#N", "s#N" and
 * "ser-#N" (cheops-problem.h).
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
 * standard error.
 *
 * h#N and ser-#N have solutions, whole lines: the verdict line names them
 * ("sound: solution 1. Kc2 Sd4 2. Ka3 Sb4#"; "cooked: 3 solutions, 1
 * intended: …", the number intended from the tag [Solutions "K"], 1
 * without it), every one of them after it as "FILE:LINE: game N:
 * solution …" when there are several.  The file's mainline must be the
 * start of a solution (for ser-#, whose defender only passes, its first
 * move is enough).  s#N reads as #N: keys, defences, duals.
 *
 * --prove re-decides each problem of N <= 3 with the plain exhaustive
 * search (no table, no ordering, no cut-off; CheopsSolveLimits.plain) and
 * prints the verdict only when both searches agree on it, on the keys and
 * on the number of solutions, with "proved by the plain search (NODES
 * nodes)"; when the plain search is stopped by a limit the verdict is
 * "undecided", and when the two disagree it is "undecided" with the
 * disagreement said (a defect of the solver: please report it).  A
 * problem of N > 3 is verified as without --prove and said "not proved".
 *
 * --threads N splits the work of #N and s#N over N threads sharing one
 * table (the first moves, their defences, the keys' defences; the same
 * verdicts and lines, the node counts vary a little; the node limit
 * shared out).
 *
 * --full adds, for #N and s#N, the short solution, each key's threat,
 * the set play, the tries refuted by one defence only and the duals of
 * the main play at every attacker's move after the second
 * (print_full()).
 *
 * --write OUTPUT (one FILE) writes every game of FILE to OUTPUT with what
 * was found added to each verified problem (cheops_problem_write_solution()): for #N and
 * s#N the keys ("!", "key" and the threat as a comment), every defence
 * with its winning continuations ("dual" where several), the tries
 * refuted by one defence only ("?", "try", the refutation "!"); for h#N
 * the solutions.  A FILE with any error is not written (nothing of it may
 * be lost).  Exit status: 0 when every problem is sound, 1 when any
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
#include "cheops-problem-write.h"
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

/* A solution of an h# or ser-# (@r's line @i) as "1. A B 2. C D"; a
 * series' moves numbered one by one, the defender's passes left out. */
static void
append_solution (GString *out, const CheopsPosition *start, const CheopsSolveResult *r, int i)
{
  CheopsPosition pos = *start;
  const CheopsMove *line = r->solutions + (size_t) i * (size_t) r->solution_plies;

  for (int j = 0; j < r->solution_plies; j++)
    {
      CheopsUndo undo;

      if (j > 0)
        g_string_append_c (out, ' ');
      if (r->genre == CHEOPS_SOLVE_SERIES)
        {
          g_string_append_printf (out, "%d. ", j + 1);
          append_san (out, &pos, line[j]);
        }
      else if (j == 0)
        append_numbered (out, &pos, line[j]);
      else if (pos.side_to_move == CHEOPS_SIDE_A)
        append_numbered (out, &pos, line[j]);
      else
        append_san (out, &pos, line[j]);
      cheops_position_do_move (&pos, line[j], &undo);
      if (r->genre == CHEOPS_SOLVE_SERIES && j + 1 < r->solution_plies)
        cheops_position_do_null_move (&pos, &undo);
    }
}

/* The verdict line of an h# or ser-#. */
static void
append_lines_verdict (GString *out, const CheopsPosition *start, const CheopsMove *file_line, int n_file_line,
                      const CheopsSolveResult *r)
{
  switch (r->verdict)
    {
    case CHEOPS_SOLVE_SOUND:
      g_string_append (out, r->n_solutions == 1 ? "solution " : "solutions ");
      break;
    case CHEOPS_SOLVE_NO_SOLUTION:
      g_string_append_printf (out, "no line of %d move%s fulfils %s%d", r->depth, r->depth == 1 ? "" : "s",
                              cheops_solve_genre_sign (r->genre), r->depth);
      return;
    case CHEOPS_SOLVE_UNDECIDED:
      g_string_append_printf (out, "%s reached; %" G_GINT64_FORMAT " solution%s found so far",
                              r->stopped_by != NULL ? r->stopped_by : "limit", r->n_solutions,
                              r->n_solutions == 1 ? "" : "s");
      return;
    case CHEOPS_SOLVE_WRONG_SOLUTION:
      if (!r->mainline_is_key)
        {
          if (n_file_line == 0)
            g_string_append (out, "the file gives no solution; ");
          else
            {
              g_string_append (out, "the file's line ");
              append_numbered (out, start, file_line[0]);
              g_string_append (out, n_file_line > 1 ? " … is the start of no solution; " : " is the start of no solution; ");
            }
        }
      G_GNUC_FALLTHROUGH;
    case CHEOPS_SOLVE_COOKED:
    default:
      g_string_append_printf (out, "%" G_GINT64_FORMAT " solution%s, %d intended: ", r->n_solutions,
                              r->n_solutions == 1 ? "" : "s", r->intended);
      break;
    }
  for (int i = 0; i < r->n_stored; i++)
    {
      if (i > 0)
        g_string_append (out, "; ");
      append_solution (out, start, r, i);
      if (i == 3 && r->n_stored > 4)
        {
          g_string_append (out, "; …");
          break;
        }
    }
}

static void
print_result (const char              *path,
              guint                    line,
              guint                    n_game,
              const CheopsPosition    *start,
              const CheopsMove        *file_line,
              int                      n_file_line,
              const CheopsSolveResult *r,
              gboolean                 all_defences,
              const char              *proof)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_string_append_printf (out, "%s:%u: game %u: %s: ", path, line, n_game, cheops_solve_verdict_name (r->verdict));
  if (r->genre == CHEOPS_SOLVE_HELP || r->genre == CHEOPS_SOLVE_SERIES)
    {
      append_lines_verdict (out, start, file_line, n_file_line, r);
      g_string_append_printf (out, "; %" G_GINT64_FORMAT " nodes, %.3f s%s%s\n", r->nodes, r->seconds,
                              proof != NULL ? "; " : "", proof != NULL ? proof : "");
      fputs (out->str, stdout);
      /* Every solution on a line of its own when there are several. */
      for (int i = 0; i < r->n_stored && r->n_solutions > 1 && r->verdict != CHEOPS_SOLVE_UNDECIDED; i++)
        {
          g_autoptr(GString) sol = g_string_new (NULL);

          g_string_append_printf (sol, "%s:%u: game %u: solution ", path, line, n_game);
          append_solution (sol, start, r, i);
          g_string_append_c (sol, '\n');
          fputs (sol->str, stdout);
        }
      return;
    }
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
          if (n_file_line == 0)
            g_string_append (out, "the file gives no solution; ");
          else
            {
              g_string_append (out, "the solution begins with ");
              append_numbered (out, start, file_line[0]);
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
  g_string_append_printf (out, "; %" G_GINT64_FORMAT " nodes, %.3f s%s%s\n", r->nodes, r->seconds,
                          proof != NULL ? "; " : "", proof != NULL ? proof : "");
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

/* Whether the fast and the plain search came to the same answer: the
 * verdict, the keys (in the order of the move generation, as both list
 * them) and the number of solutions. */
static gboolean
same_answer (const CheopsSolveResult *a, const CheopsSolveResult *b)
{
  if (a->verdict != b->verdict || a->n_keys != b->n_keys || a->n_solutions != b->n_solutions)
    return FALSE;
  for (int k = 0; k < a->n_keys; k++)
    if (a->keys[k].move != b->keys[k].move)
      return FALSE;
  return TRUE;
}

/* The moves @moves[0 .. @n - 1] played from @pos, numbered as a game
 * writes them ("1. Qi9 Kg1 2. Mj1", "1... Qe5+ 2. Kb2"). */
static void
append_line (GString *out, const CheopsPosition *pos, const CheopsMove *moves, int n)
{
  CheopsPosition p = *pos;

  for (int i = 0; i < n; i++)
    {
      CheopsUndo undo;

      if (i > 0)
        g_string_append_c (out, ' ');
      if (i == 0 || p.side_to_move == CHEOPS_SIDE_A)
        append_numbered (out, &p, moves[i]);
      else
        append_san (out, &p, moves[i]);
      cheops_position_do_move (&p, moves[i], &undo);
    }
}

/* Duals deeper than the attacker's second move (--full): along the main
 * play from @start, @line (@n_line moves: the key, a defence, the
 * attacker's only continuation, a defence, ...) reaches @pos, where the
 * attacker's only continuation @move fulfils the stipulation in @depth
 * moves (@depth >= 2).  Solves @pos again, prints the defences after
 * @move that leave more than one continuation ("dual after 1. K D 2. M
 * D2: X, Y") and follows those that leave one.  Returns FALSE when a
 * solve is undecided or out of memory (nothing more is printed). */
static gboolean
print_deep_duals (const char *path, guint line_no, guint n_game, const CheopsPosition *start,
                  CheopsMove *line, int n_line, const CheopsPosition *pos, CheopsMove move,
                  CheopsSolveGenre genre, int depth, const CheopsSolveLimits *limits)
{
  CheopsSolveProblem problem = { .genre = genre, .depth = depth, .line = &move, .n_line = 1 };
  CheopsSolveResult *r = cheops_solve_problem (pos, &problem, limits);
  const CheopsSolveKey *key = NULL;
  CheopsPosition after = *pos;
  CheopsUndo undo;
  gboolean ok = TRUE;

  if (r == NULL || r->verdict == CHEOPS_SOLVE_UNDECIDED)
    {
      cheops_solve_result_free (r);
      return FALSE;
    }
  for (int k = 0; k < r->n_keys; k++)
    if (r->keys[k].move == move)
      key = &r->keys[k];
  if (key == NULL)
    {
      cheops_solve_result_free (r);
      return TRUE;   /* not reached: the move was proved to win */
    }
  cheops_position_do_move (&after, move, &undo);
  line[n_line] = move;
  for (int d = 0; d < key->n_defences && ok; d++)
    {
      const CheopsSolveDefence *def = &key->defences[d];
      CheopsPosition after2 = after;
      CheopsUndo dundo;

      if (def->n_wins == 0)
        continue;
      line[n_line + 1] = def->move;
      cheops_position_do_move (&after2, def->move, &dundo);
      if (def->n_wins >= 2)
        {
          g_autoptr(GString) out = g_string_new (NULL);

          g_string_append_printf (out, "%s:%u: game %u: dual after ", path, line_no, n_game);
          append_line (out, start, line, n_line + 2);
          g_string_append (out, ": ");
          for (int w = 0; w < def->n_wins; w++)
            {
              if (w > 0)
                g_string_append (out, ", ");
              append_san (out, &after2, def->wins[w]);
            }
          g_string_append_c (out, '\n');
          fputs (out->str, stdout);
        }
      else if (depth - 1 >= 2)
        ok = print_deep_duals (path, line_no, n_game, start, line, n_line + 2, &after2, def->wins[0], genre,
                               depth - 1, limits);
    }
  cheops_solve_result_free (r);
  return ok;
}

/* --full for #N and s#N (issue 26): the short solutions (the least M < N
 * in which the stipulation is fulfilled, with its keys), the threat of
 * each key (the attacker's moves that fulfil it in N - 1 if the defender
 * could pass; none after a key that checks, for the defender may not
 * pass in check), the set play (each defence before the key, the
 * attacker passing, with the attacker's answers that fulfil it in N - 1
 * after it), the tries refuted by exactly one defence, with that
 * refutation, and the duals of the main play deeper than the attacker's
 * second move (print_deep_duals(): along each defence that leaves a single
 * continuation).  For s#N a defence refutes when it ends the game without
 * the defender's win, or leaves the attacker no s#(N - 1) (at s#1: when it
 * does not end the game).  Each is a solve of its own, under the same
 * limits. */
static void
print_full (const char *path, guint line, guint n_game, const CheopsPosition *start,
            const CheopsSolveResult *r, const CheopsSolveLimits *limits)
{
  int depth = r->depth;
  CheopsSolveGenre genre = r->genre;

  if ((genre != CHEOPS_SOLVE_DIRECT && genre != CHEOPS_SOLVE_SELF) || r->verdict == CHEOPS_SOLVE_UNDECIDED)
    return;
  /* Short solutions. */
  for (int m = 1; m < depth; m++)
    {
      g_autoptr(GString) out = g_string_new (NULL);

      if (cheops_problem_append_wins (out, start, genre, m, limits) > 0)
        {
          printf ("%s:%u: game %u: short solution in %d: %s\n", path, line, n_game, m, out->str);
          break;
        }
    }
  /* The threat of each key. */
  for (int k = 0; k < r->n_keys && depth > 1; k++)
    {
      g_autoptr(GString) out = g_string_new (NULL);
      g_autoptr(GString) key = g_string_new (NULL);

      append_numbered (key, start, r->keys[k].move);
      if (cheops_problem_append_threat (out, start, r, k, limits))
        printf ("%s:%u: game %u: threat after %s: %s\n", path, line, n_game, key->str, out->str);
    }
  /* Set play: the defender's moves if the attacker could pass. */
  if (depth > 1 && !cheops_position_in_check (start))
    {
      CheopsPosition passed = *start;
      CheopsMove defences[CHEOPS_MAX_MOVES];
      CheopsUndo pass;
      int n;

      cheops_position_do_null_move (&passed, &pass);
      n = (int) (cheops_generate_moves (&passed, defences) - defences);
      for (int d = 0; d < n; d++)
        {
          CheopsPosition after = passed;
          CheopsUndo undo;
          g_autoptr(GString) out = g_string_new (NULL);
          g_autoptr(GString) def = g_string_new (NULL);

          append_numbered (def, &passed, defences[d]);
          cheops_position_do_move (&after, defences[d], &undo);
          if (cheops_position_outcome (&after) != CHEOPS_OUTCOME_NONE)
            continue;
          if (cheops_problem_append_wins (out, &after, genre, depth - 1, limits) > 0)
            printf ("%s:%u: game %u: set play %s: %s\n", path, line, n_game, def->str, out->str);
        }
    }
  /* Tries: refuted by exactly one defence. */
  for (int t = 0; t < r->n_tries && (depth > 1 || genre == CHEOPS_SOLVE_SELF); t++)
    {
      CheopsMove refutation = cheops_problem_only_refutation (start, r, t, limits);

      if (refutation != CHEOPS_MOVE_NONE)
        {
          g_autoptr(GString) out = g_string_new (NULL);
          CheopsPosition after = *start;
          CheopsUndo undo;

          append_numbered (out, start, r->tries[t].move);
          g_string_append (out, "! refuted only by ");
          cheops_position_do_move (&after, r->tries[t].move, &undo);
          append_numbered (out, &after, refutation);
          printf ("%s:%u: game %u: try %s\n", path, line, n_game, out->str);
        }
    }
  /* Duals deeper than the attacker's second move, along the defences
   * with a single continuation. */
  for (int k = 0; k < r->n_keys && depth > 2; k++)
    {
      const CheopsSolveKey *key = &r->keys[k];
      CheopsPosition after_key = *start;
      CheopsUndo undo;

      cheops_position_do_move (&after_key, key->move, &undo);
      for (int d = 0; d < key->n_defences; d++)
        {
          CheopsMove moves[2 * CHEOPS_SOLVE_MAX_DEPTH + 2];
          CheopsPosition after = after_key;
          CheopsUndo dundo;

          if (key->defences[d].n_wins != 1)
            continue;
          moves[0] = key->move;
          moves[1] = key->defences[d].move;
          cheops_position_do_move (&after, moves[1], &dundo);
          if (!print_deep_duals (path, line, n_game, start, moves, 2, &after, key->defences[d].wins[0], genre,
                                 depth - 1, limits))
            {
              printf ("%s:%u: game %u: deeper duals: undecided (a limit)\n", path, line, n_game);
              k = r->n_keys;
              break;
            }
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
  gboolean all_defences = FALSE, prove = FALSE, full = FALSE;
  const char *write_path = NULL;
  int status = 0, first_file = argc;

  for (int i = 0; i < argc; i++)
    {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (a, "--defences") == 0)
        all_defences = TRUE;
      else if (strcmp (a, "--prove") == 0)
        prove = TRUE;
      else if (strcmp (a, "--full") == 0)
        full = TRUE;
      else if (strcmp (a, "--write") == 0)
        {
          if (v == NULL)
            {
              fprintf (stderr, "cheops problem verify: --write needs the file to write\n");
              return 2;
            }
          write_path = v;
          i++;
        }
      else if (strcmp (a, "--threads") == 0)
        {
          if (v == NULL || !parse_number (v, &value) || value < 1 || value > 64 || value != (int) value)
            {
              fprintf (stderr, "cheops problem verify: --threads needs a whole number 1 to 64\n");
              return 2;
            }
          limits.threads = (int) value;
          i++;
        }
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
  if (first_file >= argc || (write_path != NULL && argc - first_file != 1))
    {
      fprintf (stderr, "Usage: cheops problem verify [--time SECONDS] [--nodes N] [--depth N] [--defences] [--prove] [--full] [--threads N] [--write OUTPUT] FILE...\n"
                       "(--write takes one FILE)\n");
      return 2;
    }

  for (int i = first_file; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;
      gsize length = 0;
      g_autoptr(CheopsPgnReader) reader = NULL;
      g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);
      g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
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
          CheopsSolveResult *result, *plain = NULL;
          CheopsSolveProblem problem = { 0 };
          CheopsMove file_line[2 * CHEOPS_SOLVE_MAX_DEPTH];
          g_autofree char *proof = NULL;

          game = cheops_pgn_reader_next (reader, errors);
          if (game == NULL)
            break;
          n_games++;
          g_ptr_array_add (games, g_object_ref (game));
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
          if (!cheops_problem_get_solutions (game, &problem.intended, &stip_error))
            {
              guint tag_line = line, tag_column = 1;

              cheops_problem_locate_tag (text, (gssize) length, line, CHEOPS_PROBLEM_TAG_SOLUTIONS,
                                         &tag_line, &tag_column);
              printf ("%s:%u:%u: %s\n", path, tag_line, tag_column, stip_error->message);
              printf ("%s:%u: game %u: not verified: its Solutions tag is malformed\n", path, line, n_games);
              status = MAX (status, 1);
              continue;
            }
          /* The file's solution: its mainline, as far as N moves go. */
          problem.genre = (CheopsSolveGenre) stipulation.genre;
          problem.depth = stipulation.moves;
          problem.n_line = 0;
          for (CheopsGameNode *node = cheops_game_node_get_first_child (cheops_game_get_root (game));
               node != NULL && problem.n_line < (int) G_N_ELEMENTS (file_line);
               node = cheops_game_node_get_first_child (node))
            file_line[problem.n_line++] = cheops_game_node_get_move (node);
          problem.line = file_line;
          progress.game = n_games;
          limits.progress = progress_cb;
          limits.progress_data = &progress;
          limits.plain = FALSE;
          result = cheops_solve_problem (cheops_game_get_start_position (game), &problem, &limits);
          if (result != NULL && prove && problem.depth <= 3 && result->verdict != CHEOPS_SOLVE_UNDECIDED)
            {
              limits.plain = TRUE;
              plain = cheops_solve_problem (cheops_game_get_start_position (game), &problem, &limits);
              if (plain == NULL)
                proof = g_strdup ("not proved: out of memory");
              else if (plain->verdict == CHEOPS_SOLVE_UNDECIDED)
                {
                  proof = g_strdup_printf ("the plain search stopped: %s", plain->stopped_by);
                  result->verdict = CHEOPS_SOLVE_UNDECIDED;
                  result->stopped_by = "the plain search's limit";
                }
              else if (!same_answer (result, plain))
                {
                  proof = g_strdup_printf ("the plain search disagrees: it finds %s with %d key%s and %"
                                           G_GINT64_FORMAT " solutions (a defect of the solver)",
                                           cheops_solve_verdict_name (plain->verdict), plain->n_keys,
                                           plain->n_keys == 1 ? "" : "s", plain->n_solutions);
                  result->verdict = CHEOPS_SOLVE_UNDECIDED;
                  result->stopped_by = "disagreement";
                }
              else
                proof = g_strdup_printf ("proved by the plain search (%" G_GINT64_FORMAT " nodes)", plain->nodes);
            }
          else if (result != NULL && prove && problem.depth > 3)
            proof = g_strdup ("not proved: the plain search takes N <= 3");
          if (progress.shown && progress.tty)
            fputc ('\n', stderr);
          if (result == NULL)
            {
              printf ("%s:%u: game %u: undecided: out of memory\n", path, line, n_games);
              status = MAX (status, 1);
              continue;
            }
          print_result (path, line, n_games, cheops_game_get_start_position (game), file_line, problem.n_line,
                        result, all_defences, proof);
          if (full)
            {
              limits.plain = FALSE;
              limits.progress = NULL;
              print_full (path, line, n_games, cheops_game_get_start_position (game), result, &limits);
            }
          if (write_path != NULL && result->verdict != CHEOPS_SOLVE_UNDECIDED)
            {
              g_autoptr(GError) write_error = NULL;

              limits.plain = FALSE;
              limits.progress = NULL;
              if (!cheops_problem_write_solution (game, result, &limits, &write_error))
                {
                  printf ("%s:%u: game %u: not written: %s\n", path, line, n_games, write_error->message);
                  status = MAX (status, 1);
                }
            }
          if (result->verdict != CHEOPS_SOLVE_SOUND || (prove && plain == NULL))
            status = MAX (status, 1);
          cheops_solve_result_free (result);
          cheops_solve_result_free (plain);
        }
      if (write_path != NULL)
        {
          /* Nothing of the file may be lost: a file with errors is not
           * rewritten. */
          if (errors->len > 0)
            {
              fprintf (stderr, "cheops problem verify: %s not written: %s has errors a rewrite could lose (cheops pgn check lists them)\n", write_path, path);
              status = MAX (status, 1);
            }
          else if (!cheops_pgn_write_file (write_path, games, &error))
            {
              fprintf (stderr, "cheops problem verify: %s\n", error->message);
              status = 2;
            }
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
  fprintf (stderr, "Usage: cheops problem verify [--time SECONDS] [--nodes N] [--depth N] [--defences] [--prove] [--full] [--threads N] [--write OUTPUT] FILE...\n");
  return 2;
}
