/* test-ascension.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The composed Ascension problems of data/suites/ascension.epd.
 *
 * /ascension/proof (suite engine): proves each problem with the rules core
 * alone, by exhaustive search: the side to move forces an Ascension (8.1) in
 * exactly `dm` moves and not fewer, and `bm` is exactly the set of first
 * moves that do.
 *
 * /ascension/solve (suite slow, a benchmark bar): cheops-engine, given one
 * second a problem, reports `score mate <dm>` and plays one of `bm`.
 */
#include <string.h>

#include "cheops-core.h"
#include "engine-pipe.h"

typedef struct {
  char  *fen;
  char **bm;
  int    dm;
  char  *id;
} Problem;

static CheopsOutcome
ascension_of (CheopsSide side)
{
  return side == CHEOPS_SIDE_A ? CHEOPS_LAWS_OUTCOME_ASCENSION_A : CHEOPS_LAWS_OUTCOME_ASCENSION_Q;
}

static gboolean defender_loses (CheopsPosition *pos, int n);

/* Whether the side to move forces an Ascension within @n of its moves. */
static gboolean
attacker_wins (CheopsPosition *pos, int n)
{
  CheopsMove moves[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_generate_moves (pos, moves);
  CheopsSide us = pos->side_to_move;

  for (CheopsMove *m = moves; m < end; m++)
    {
      CheopsUndo undo;
      CheopsOutcome o;
      gboolean win;

      cheops_position_do_move (pos, *m, &undo);
      o = cheops_position_outcome (pos);
      win = o == ascension_of (us) || (n > 1 && o == CHEOPS_OUTCOME_NONE && defender_loses (pos, n - 1));
      cheops_position_undo_move (pos, *m, &undo);
      if (win)
        return TRUE;
    }
  return FALSE;
}

/* Whether every move of the side to move lets the other side force an
 * Ascension within @n moves. */
static gboolean
defender_loses (CheopsPosition *pos, int n)
{
  CheopsMove moves[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_generate_moves (pos, moves);

  if (end == moves)
    return FALSE;   /* no move: a draw (8.4.1) */
  for (CheopsMove *m = moves; m < end; m++)
    {
      CheopsUndo undo;
      gboolean lost;

      cheops_position_do_move (pos, *m, &undo);
      lost = cheops_position_outcome (pos) == CHEOPS_OUTCOME_NONE && attacker_wins (pos, n);
      cheops_position_undo_move (pos, *m, &undo);
      if (!lost)
        return FALSE;
    }
  return TRUE;
}

static void
problem_free (Problem *p)
{
  g_free (p->fen);
  g_strfreev (p->bm);
  g_free (p->id);
  g_free (p);
}

/* The problems, freed with the array. */
static GPtrArray *
read_problems (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "suites", "ascension.epd", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *problems = g_ptr_array_new_with_free_func ((GDestroyNotify) problem_free);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      char *line = lines[i], *bm, *dm, *id;
      Problem *p;

      if (line[0] == '\0' || line[0] == '#')
        continue;
      bm = strstr (line, " bm ");
      dm = strstr (line, " dm ");
      id = strstr (line, " id \"");
      g_assert_nonnull (bm);
      g_assert_nonnull (dm);
      g_assert_nonnull (id);
      p = g_new0 (Problem, 1);
      p->fen = g_strndup (line, (gsize) (bm - line));
      {
        g_autofree char *moves = g_strndup (bm + 4, strcspn (bm + 4, ";"));
        p->bm = g_strsplit (moves, " ", -1);
      }
      p->dm = atoi (dm + 4);
      p->id = g_strndup (id + 5, strcspn (id + 5, "\""));
      g_ptr_array_add (problems, p);
    }
  return problems;
}

static void
test_proof (void)
{
  g_autoptr(GPtrArray) problems = read_problems ();
  int count[4] = { 0 };

  g_assert_cmpuint (problems->len, >=, 20);
  for (guint i = 0; i < problems->len; i++)
    {
      Problem *p = g_ptr_array_index (problems, i);
      CheopsPosition pos;
      CheopsMove moves[CHEOPS_MAX_MOVES];
      CheopsMove *end;
      guint winners = 0;

      g_test_message ("%s", p->id);
      g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_cheops, p->fen, NULL));
      g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_OUTCOME_NONE);
      g_assert_cmpint (p->dm, >=, 1);
      g_assert_cmpint (p->dm, <=, 3);
      count[p->dm]++;
      if (p->dm > 1)
        g_assert_false (attacker_wins (&pos, p->dm - 1));
      end = cheops_generate_moves (&pos, moves);
      for (CheopsMove *m = moves; m < end; m++)
        {
          CheopsUndo undo;
          CheopsOutcome o;
          CheopsSide us = pos.side_to_move;
          gboolean win, listed;
          char text[CHEOPS_MOVE_TEXT_MAX];

          cheops_position_do_move (&pos, *m, &undo);
          o = cheops_position_outcome (&pos);
          win = o == ascension_of (us)
                || (p->dm > 1 && o == CHEOPS_OUTCOME_NONE && defender_loses (&pos, p->dm - 1));
          cheops_position_undo_move (&pos, *m, &undo);
          cheops_move_to_text (&cheops_variant_cheops, *m, text);
          listed = g_strv_contains ((const char * const *) p->bm, text);
          if (win != listed)
            g_error ("%s: %s %s a first move of the Ascension in %d but %s listed", p->id, text,
                     win ? "is" : "is not", p->dm, listed ? "is" : "is not");
          winners += win;
        }
      g_assert_cmpuint (winners, ==, g_strv_length (p->bm));
    }
  /* Each length is represented. */
  g_assert_cmpint (count[1], >=, 5);
  g_assert_cmpint (count[2], >=, 3);
  g_assert_cmpint (count[3], >=, 3);
}

static void
test_solve (void)
{
  g_autoptr(GPtrArray) problems = read_problems ();
  EnginePipe *e = engine_pipe_new (NULL);
  int solved = 0;

  for (guint i = 0; i < problems->len; i++)
    {
      Problem *p = g_ptr_array_index (problems, i);
      g_autofree char *expected = g_strdup_printf (" score mate %d ", p->dm);
      g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *best = NULL;
      g_auto (GStrv) words = NULL;
      const char *last_info = "";
      gint64 t0 = g_get_monotonic_time ();
      double seconds;

      engine_pipe_send (e, "ucinewgame");
      engine_pipe_send (e, "position fen %s", p->fen);
      engine_pipe_send (e, "go movetime 1000");
      best = engine_pipe_wait_for (e, "bestmove", 5000, lines);
      seconds = (g_get_monotonic_time () - t0) / 1e6;
      g_assert_nonnull (best);
      for (guint k = 0; k < lines->len; k++)
        if (strstr (g_ptr_array_index (lines, k), " score "))
          last_info = g_ptr_array_index (lines, k);
      words = g_strsplit (best, " ", -1);
      g_test_message ("%s: %s, %s (%.2f s)", p->id, best, last_info, seconds);
      if (strstr (last_info, expected) && g_strv_contains ((const char * const *) p->bm, words[1])
          && seconds < 1.2)
        solved++;
      else
        g_test_message ("NOT SOLVED: %s", p->id);
    }
  g_test_message ("solved %d of %u", solved, problems->len);
  g_assert_cmpint (solved, ==, (int) problems->len);
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ascension/proof", test_proof);
  g_test_add_func ("/ascension/solve", test_solve);
  return g_test_run ();
}
