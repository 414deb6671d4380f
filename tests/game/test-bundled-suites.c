/* test-bundled-suites.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bundled test-position suites (the .epd files of data/suites), proved by the
 * rules core alone: every line reads, has an id and a dm, and
 * its bm is exactly the set of first moves that force a win in dm moves
 * (an exhaustive search, no evaluation: a win is an outcome of the
 * variant's table won by the side to move, every defence tried, the game's
 * history not looked at).  Ascension's wins in 3 are proved by
 * tests/engine/test-ascension.c; here dm 1 and 2 of every game.
 *
 * Usage: test-bundled-suites [--tap] SUITE.epd...
 */
#include <string.h>

#include "cheops-game-model.h"

static gboolean wins_in (const CheopsPosition *pos, int n);

/* Whether the side to move in @pos forces a win in @n moves with @move. */
static gboolean
wins_with (const CheopsPosition *pos,
           CheopsMove            move,
           int                   n)
{
  CheopsSide mover = pos->side_to_move;
  CheopsPosition next = *pos;
  CheopsUndo undo;
  CheopsOutcome o;
  CheopsMove *replies;
  int n_replies;
  gboolean all = TRUE;

  cheops_position_do_move (&next, move, &undo);
  o = cheops_position_outcome (&next);
  if (o != CHEOPS_OUTCOME_NONE)
    return cheops_variant_outcome_winner (pos->variant, o) == (CheopsWinner) mover;
  if (n <= 1)
    return FALSE;
  replies = g_new (CheopsMove, CHEOPS_MAX_MOVES);
  n_replies = (int) (cheops_generate_moves (&next, replies) - replies);
  for (int i = 0; i < n_replies && all; i++)
    {
      CheopsPosition after = next;
      CheopsUndo undo2;
      CheopsOutcome o2;

      cheops_position_do_move (&after, replies[i], &undo2);
      o2 = cheops_position_outcome (&after);
      if (o2 != CHEOPS_OUTCOME_NONE)
        all = cheops_variant_outcome_winner (pos->variant, o2) == (CheopsWinner) mover;
      else
        all = wins_in (&after, n - 1);
    }
  g_free (replies);
  return all && n_replies > 0;
}

static gboolean
wins_in (const CheopsPosition *pos,
         int                   n)
{
  CheopsMove *moves = g_new (CheopsMove, CHEOPS_MAX_MOVES);
  int n_moves = (int) (cheops_generate_moves (pos, moves) - moves);
  gboolean found = FALSE;

  for (int i = 0; i < n_moves && !found; i++)
    found = wins_with (pos, moves[i], n);
  g_free (moves);
  return found;
}

static void
check_suite (gconstpointer data)
{
  const char *path = data;
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) records = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  records = cheops_epd_read_string (text, -1, &errors);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (records->len, >=, 1);
  for (guint r = 0; r < records->len; r++)
    {
      CheopsEpdRecord *record = records->pdata[r];
      const char *id = cheops_epd_record_get_string (record, "id");
      const char *dm = cheops_epd_record_get_string (record, "dm");
      CheopsMove *moves;
      int n_moves, n;
      guint n_keys = 0;

      g_assert_nonnull (id);
      g_assert_nonnull (dm);
      g_assert_nonnull (cheops_epd_record_get (record, "bm"));
      n = atoi (dm);
      g_assert_cmpint (n, >=, 1);
      if (n > 2)
        continue;   /* test-ascension.c */
      moves = g_new (CheopsMove, CHEOPS_MAX_MOVES);
      n_moves = (int) (cheops_generate_moves (&record->position, moves) - moves);
      for (int i = 0; i < n_moves; i++)
        {
          gboolean wins = wins_with (&record->position, moves[i], n);
          gboolean listed = cheops_epd_record_has_move (record, "bm", moves[i]);

          if (wins != listed)
            {
              char san[CHEOPS_SAN_MAX];

              cheops_move_to_san (&record->position, moves[i], san);
              g_test_message ("%s: %s %s in %d but %s in bm", id, san, wins ? "wins" : "does not win", n,
                              listed ? "is" : "is not");
            }
          g_assert_cmpint (wins, ==, listed);
          n_keys += wins;
        }
      g_assert_cmpuint (n_keys, ==, cheops_epd_record_get (record, "bm")->len);
      g_free (moves);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);

  g_test_init (&argc, &argv, NULL);
  for (int i = 1; i < argc; i++)
    g_ptr_array_add (paths, g_strdup (argv[i]));
  for (guint i = 0; i < paths->len; i++)
    {
      g_autofree char *base = g_path_get_basename (paths->pdata[i]);
      g_autofree char *name = g_strdup_printf ("/bundled-suites/%s", base);

      g_test_add_data_func (name, paths->pdata[i], check_suite);
    }
  return g_test_run ();
}
