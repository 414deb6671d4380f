/* test-openings-books.c: the bundled opening books of `cheops match`
 * (data/openings/VARIANT.epd, issue 20) and `cheops openings`, which makes
 * them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each book: read by the core's EPD reader without an error, at least 200
 * positions, all of the book's variant, distinct (hash keys), legal and
 * playable (not ended, a legal move), 4 to 8 plies from the start (by the
 * move number and the side to move), each with its engine score `ce`
 * within ±60 cp and its depth `acd`.
 */
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "cheops-core.h"
#include "cheops-epd.h"

static void
check_book (gconstpointer data)
{
  const CheopsVariant *variant = data;
  g_autofree char *name = g_strdup_printf ("%s.epd", variant->name);
  g_autofree char *path = g_build_filename (SOURCE_ROOT, "data", "openings", name, NULL);
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) errors = NULL;
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GHashTable) keys = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  CheopsPosition start;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  records = cheops_epd_read_string_for_variant (text, -1, variant, &errors);
  for (guint i = 0; i < errors->len; i++)
    {
      g_autofree char *e = cheops_pgn_error_to_string (errors->pdata[i]);
      g_test_message ("%s:%s", path, e);
    }
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (records->len, >=, 200);
  cheops_position_init_start (&start, variant);
  for (guint i = 0; i < records->len; i++)
    {
      CheopsEpdRecord *r = records->pdata[i];
      CheopsPosition pos = r->position;
      CheopsMove moves[CHEOPS_MAX_MOVES];
      char fen[CHEOPS_FEN_MAX], again[CHEOPS_FEN_MAX];
      const char *ce = cheops_epd_record_get_string (r, "ce");
      int plies;
      gint64 *key = g_new (gint64, 1);
      CheopsPosition reread;

      g_assert_true (pos.variant == variant);
      /* Legal: the FEN reads back to itself through the core. */
      cheops_position_to_fen (&pos, fen, sizeof fen);
      g_assert_true (cheops_position_from_fen (&reread, variant, fen, NULL));
      cheops_position_to_fen (&reread, again, sizeof again);
      g_assert_cmpstr (fen, ==, again);
      g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_OUTCOME_NONE);
      g_assert_true (cheops_generate_moves (&pos, moves) > moves);
      plies = (pos.fullmove_number - start.fullmove_number) * 2 + (pos.side_to_move != start.side_to_move);
      g_assert_cmpint (plies, >=, 4);
      g_assert_cmpint (plies, <=, 8);
      g_assert_nonnull (ce);
      g_assert_cmpint (abs (atoi (ce)), <=, 60);
      g_assert_nonnull (cheops_epd_record_get_string (r, "acd"));
      *key = (gint64) pos.key;
      if (g_hash_table_contains (keys, key))
        g_error ("%s: line %u repeats a position", path, r->line);
      g_hash_table_add (keys, key);
    }
}

/* `cheops openings` gives the same book for the same seed, and the book
 * passes the same checks (at a small count and depth). */
static void
test_openings_command (void)
{
  g_autofree char *dir = g_dir_make_tmp ("cheops-openings-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.epd", NULL), *b = g_build_filename (dir, "b.epd", NULL);
  g_autofree char *ta = NULL, *tb = NULL;
  g_autoptr (GPtrArray) errors = NULL;
  g_autoptr (GPtrArray) records = NULL;

  for (int i = 0; i < 2; i++)
    {
      const char *argv[] = { CHEOPS_TOOL_PATH, "openings", "--variant", "cypher", "--engine", CHEOPS_ENGINE_PATH,
                             "--count", "6", "--depth", "2", "--seed", "7", "--out", i == 0 ? a : b, NULL };
      g_autoptr (GError) error = NULL;
      int status;
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, NULL, NULL, &status, &error);
      g_assert_no_error (error);
      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
  g_assert_true (g_file_get_contents (a, &ta, NULL, NULL));
  g_assert_true (g_file_get_contents (b, &tb, NULL, NULL));
  g_assert_cmpstr (ta, ==, tb);
  records = cheops_epd_read_string_for_variant (ta, -1, &cheops_variant_cypher, &errors);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (records->len, ==, 6);
  g_unlink (a);
  g_unlink (b);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  const CheopsVariant *variants[] = { &cheops_variant_cheops, &cheops_variant_trigchess, &cheops_variant_cypher,
                                      &cheops_variant_pyramids };

  g_test_init (&argc, &argv, NULL);
  for (size_t i = 0; i < G_N_ELEMENTS (variants); i++)
    {
      g_autofree char *name = g_strdup_printf ("/openings/book/%s", variants[i]->name);
      g_test_add_data_func (name, variants[i], check_book);
    }
  g_test_add_func ("/openings/command", test_openings_command);
  return g_test_run ();
}
