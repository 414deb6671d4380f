/* test-game-list.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game list (cheops-game-list.h): filters, text search over every tag,
 * sorting and items on tests/data/collections; then 100 000 generated
 * games, filtered and sorted without a row being built, each change timed
 * (processor time, which a loaded machine spoils less than wall time).
 */
#include <string.h>
#include <time.h>

#include <glib/gstdio.h>

#include "cheops-game-list.h"

static CheopsCollection *
load (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "collections", name, NULL);
  g_autoptr(GError) error = NULL;
  CheopsCollection *c = cheops_collection_load (path, CHEOPS_COLLECTION_LOAD_NO_INDEX, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return c;
}

/* "FILE:N" of every item, space separated (makes the items). */
static char *
describe (GListModel *model)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr(CheopsGameEntry) e = g_list_model_get_item (model, i);
      g_autofree char *base = g_path_get_basename (cheops_collection_get_path (cheops_game_entry_get_collection (e)));

      g_string_append_printf (out, "%s%c:%u", out->len ? " " : "", base[0], cheops_game_entry_get_index (e) + 1);
    }
  return g_string_free (out, FALSE);
}

typedef struct {
  guint n_signals;
  guint removed, added;
} Changes;

static void
items_changed_cb (GListModel *model,
                  guint       position,
                  guint       removed,
                  guint       added,
                  gpointer    user_data)
{
  Changes *c = user_data;

  g_assert_cmpuint (position, ==, 0);
  c->n_signals++;
  c->removed = removed;
  c->added = added;
}

#define ASSERT_ITEMS(list, want) \
  G_STMT_START { g_autofree char *got_ = describe (G_LIST_MODEL (list)); g_assert_cmpstr (got_, ==, want); } G_STMT_END

static void
test_small (void)
{
  g_autoptr(CheopsCollection) cheops = load ("cheops.pgn");
  g_autoptr(CheopsCollection) variants = load ("variants.pgn");
  g_autoptr(CheopsGameList) list = cheops_game_list_new ();
  g_autoptr(CheopsGameEntry) entry = NULL;
  Changes changes = { 0 };
  g_autofree char *player0 = NULL, *result = NULL, *variant = NULL, *date = NULL, *event = NULL, *error = NULL;
  guint plies, position;

  g_assert_true (g_list_model_get_item_type (G_LIST_MODEL (list)) == CHEOPS_TYPE_GAME_ENTRY);
  g_signal_connect (list, "items-changed", G_CALLBACK (items_changed_cb), &changes);
  cheops_game_list_add_collection (list, cheops);
  cheops_game_list_add_collection (list, variants);
  g_assert_cmpuint (changes.n_signals, ==, 2);
  g_assert_cmpuint (changes.removed, ==, 10);
  g_assert_cmpuint (changes.added, ==, 20);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 20);
  g_assert_cmpuint (cheops_game_list_get_n_games (list), ==, 20);
  g_assert_cmpuint (cheops_game_entry_count_alive (), ==, 0);

  /* An item, made on demand. */
  entry = g_list_model_get_item (G_LIST_MODEL (list), 6);
  g_assert_cmpuint (cheops_game_entry_count_alive (), ==, 1);
  g_object_get (entry, "player0", &player0, "result", &result, "variant", &variant, "date", &date,
                "event", &event, "plies", &plies, "error", &error, NULL);
  g_assert_cmpstr (player0, ==, "Hal Hunt");
  g_assert_cmpstr (result, ==, "*");
  g_assert_cmpstr (variant, ==, "Cheops");
  g_assert_cmpstr (date, ==, "2024.06.01");
  g_assert_cmpstr (event, ==, "Blitz");
  g_assert_cmpuint (plies, ==, 2);
  g_assert_true (g_str_has_prefix (error, "73:64: "));
  {
    g_autoptr(GError) read_error = NULL;
    g_autoptr(CheopsGame) game = cheops_game_entry_read_game (entry, NULL, &read_error);

    g_assert_no_error (read_error);
    g_assert_cmpstr (cheops_game_get_tag (game, "Green"), ==, "Hal Hunt");
  }
  g_clear_object (&entry);
  g_assert_cmpuint (cheops_game_entry_count_alive (), ==, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (list), 20));

  /* Filters. */
  cheops_game_list_set_variant_filter (list, &cheops_variant_cypher);
  ASSERT_ITEMS (list, "v:4 v:5 v:6");
  cheops_game_list_set_result_filter (list, 1u << CHEOPS_GAME_RESULT_COLOUR1_WINS | 1u << CHEOPS_GAME_RESULT_DRAW);
  ASSERT_ITEMS (list, "v:4 v:5");
  cheops_game_list_set_variant_filter (list, NULL);
  ASSERT_ITEMS (list, "c:2 c:3 c:4 c:5 v:2 v:4 v:5 v:7");
  cheops_game_list_set_result_filter (list, CHEOPS_GAME_LIST_ALL_RESULTS);

  /* Text: every word in some tag, any case. */
  changes.n_signals = 0;
  cheops_game_list_set_search_text (list, "ann");
  ASSERT_ITEMS (list, "c:1 c:2");
  cheops_game_list_set_search_text (list, "  ANN   cole ");
  ASSERT_ITEMS (list, "c:2");
  cheops_game_list_set_search_text (list, "ann cole");   /* the same words: no change */
  g_assert_cmpuint (changes.n_signals, ==, 2);
  cheops_game_list_set_search_text (list, "cairo 2024.03.01");
  ASSERT_ITEMS (list, "c:1");
  /* The variant's title, and a tag that is not in the roster. */
  cheops_game_list_set_search_text (list, "circle");
  ASSERT_ITEMS (list, "c:8 v:1 v:2 v:3");
  cheops_game_list_set_search_text (list, "q");
  ASSERT_ITEMS (list, "c:10 v:7");   /* [GreenCorner "q"], Quin Quay */
  cheops_game_list_set_search_text (list, "nobody");
  ASSERT_ITEMS (list, "");
  cheops_game_list_set_search_text (list, NULL);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 20);

  /* Sorting, ties in file order. */
  cheops_game_list_set_variant_filter (list, &cheops_variant_cheops);
  ASSERT_ITEMS (list, "c:1 c:2 c:3 c:4 c:5 c:6 c:7 c:9 c:10 v:10");
  cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_PLIES, TRUE);
  ASSERT_ITEMS (list, "c:3 c:1 c:2 c:4 c:5 c:10 c:6 c:7 v:10 c:9");
  cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_PLAYER0, FALSE);
  /* "?" (c:9 and v:10: no player tags) before the names, in the C locale
   * of the test */
  ASSERT_ITEMS (list, "c:9 v:10 c:1 c:2 c:3 c:4 c:5 c:6 c:7 c:10");
  cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_RESULT, FALSE);
  ASSERT_ITEMS (list, "c:1 c:10 c:3 c:4 c:2 c:5 c:6 c:7 c:9 v:10");
  g_assert_true (cheops_game_list_find (list, cheops, 9, &position));
  g_assert_cmpuint (position, ==, 1);
  g_assert_false (cheops_game_list_find (list, cheops, 7, &position));   /* TrigChess: filtered out */
  cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_DATE, TRUE);
  /* v:10 has no date: "????.??.??" after the digits in the C locale */
  ASSERT_ITEMS (list, "v:10 c:10 c:9 c:7 c:6 c:5 c:3 c:4 c:2 c:1");
  cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_FILE_ORDER, FALSE);
  cheops_game_list_set_variant_filter (list, NULL);

  g_assert_true (cheops_game_list_remove_collection (list, cheops));
  g_assert_false (cheops_game_list_remove_collection (list, cheops));
  g_assert_cmpuint (cheops_game_list_get_n_collections (list), ==, 1);
  g_assert_true (cheops_game_list_get_collection (list, 0) == variants);
  ASSERT_ITEMS (list, "v:1 v:2 v:3 v:4 v:5 v:6 v:7 v:8 v:9 v:10");
  g_assert_cmpuint (cheops_game_entry_count_alive (), ==, 0);
}

/* 100 000 games. */

#define N_BIG 100000

static const char *const names[] = {
  "Ann Archer", "Bob Baker", "Carol Cole", "Dan Dunn", "Émile Zola", "Ève Ünal", "Fay Ford", "Gus Gray",
  "Hal Hunt", "Ivy Irwin", "Jo Jones", "Kim Kent",
};

static char *
write_big (const char *folder)
{
  char *path = g_build_filename (folder, "big.pgn", NULL);
  GString *text = g_string_new (NULL);
  GRand *rand = g_rand_new_with_seed (23);
  static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };

  for (guint i = 0; i < N_BIG; i++)
    {
      const char *result = results[g_rand_int_range (rand, 0, 4)];
      gboolean trig = i % 5 == 4;

      g_string_append_printf (text,
                              "[Event \"Event %u\"]\n[Site \"Site %u\"]\n[Date \"20%02u.%02u.%02u\"]\n"
                              "[Round \"%u\"]\n[%s \"%s\"]\n[%s \"%s\"]\n[Result \"%s\"]\n%s\n%s %s\n\n",
                              i % 500, i % 37, 10 + i % 15, 1 + i % 12, 1 + i % 28, i + 1,
                              trig ? "Gold" : "Green", names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))],
                              trig ? "Red" : "Orange", names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))],
                              result, trig ? "[Variant \"TrigChess\"]\n" : "",
                              trig ? "1. b3" : "1. Ah1", result);
    }
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  g_string_free (text, TRUE);
  g_rand_free (rand);
  return path;
}

static double
cpu_seconds (void)
{
  return (double) clock () / CLOCKS_PER_SEC;
}

/* Runs one change of the list and checks that it took under a second of
 * processor time and built no row. */
#define TIMED(what, call) \
  G_STMT_START { \
    double t0_ = cpu_seconds (); \
    gint64 w0_ = g_get_monotonic_time (); \
    call; \
    g_test_message ("%-36s %7.1f ms CPU, %7.1f ms wall, %u items", what, (cpu_seconds () - t0_) * 1e3, \
                    (g_get_monotonic_time () - w0_) / 1e3, g_list_model_get_n_items (G_LIST_MODEL (list))); \
    g_assert_cmpfloat (cpu_seconds () - t0_, <, 1.0); \
    g_assert_cmpuint (cheops_game_entry_count_alive (), ==, 0); \
  } G_STMT_END

static void
test_big (void)
{
  g_autofree char *folder = g_dir_make_tmp ("cheops-game-list-XXXXXX", NULL);
  g_autofree char *path = write_big (folder);
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsCollection) c = NULL;
  g_autoptr(CheopsGameList) list = cheops_game_list_new ();
  double t0 = cpu_seconds ();
  guint n_cheops, n_zola;

  c = cheops_collection_load (path, CHEOPS_COLLECTION_LOAD_NO_INDEX, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_test_message ("read %u games in %.2f s CPU", cheops_collection_get_n_games (c), cpu_seconds () - t0);
  g_assert_cmpuint (cheops_collection_get_n_games (c), ==, N_BIG);

  TIMED ("add the collection", cheops_game_list_add_collection (list, c));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, N_BIG);
  TIMED ("filter: Cheops", cheops_game_list_set_variant_filter (list, &cheops_variant_cheops));
  n_cheops = g_list_model_get_n_items (G_LIST_MODEL (list));
  g_assert_cmpuint (n_cheops, ==, N_BIG / 5 * 4);
  TIMED ("filter: decided", cheops_game_list_set_result_filter (list, 1u << CHEOPS_GAME_RESULT_COLOUR0_WINS
                                                                        | 1u << CHEOPS_GAME_RESULT_COLOUR1_WINS));
  TIMED ("filter: all results", cheops_game_list_set_result_filter (list, CHEOPS_GAME_LIST_ALL_RESULTS));
  TIMED ("text: \"zola\" (first text search)", cheops_game_list_set_search_text (list, "zola"));
  n_zola = g_list_model_get_n_items (G_LIST_MODEL (list));
  g_assert_cmpuint (n_zola, >, n_cheops / 12 / 2);
  g_assert_cmpuint (n_zola, <, n_cheops / 4);
  TIMED ("text: \"ZOLA\"", cheops_game_list_set_search_text (list, "ZOLA"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, n_zola);
  TIMED ("text: \"ève\"", cheops_game_list_set_search_text (list, "ève"));
  TIMED ("text: \"event 42\"", cheops_game_list_set_search_text (list, "event 42"));
  TIMED ("text: \"99999\" (a round)", cheops_game_list_set_search_text (list, "99999"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, 1);
  TIMED ("text: none", cheops_game_list_set_search_text (list, ""));
  TIMED ("sort: player of colour 0", cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_PLAYER0, FALSE));
  TIMED ("sort: date, descending", cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_DATE, TRUE));
  TIMED ("sort: event", cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_EVENT, FALSE));
  TIMED ("sort: file order", cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_FILE_ORDER, FALSE));
  TIMED ("filter: every variant", cheops_game_list_set_variant_filter (list, NULL));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (list)), ==, N_BIG);

  /* A view shows a screenful: only those rows are made. */
  {
    g_autoptr(GPtrArray) shown = g_ptr_array_new_with_free_func (g_object_unref);

    for (guint i = 50000; i < 50040; i++)
      g_ptr_array_add (shown, g_list_model_get_item (G_LIST_MODEL (list), i));
    g_assert_cmpuint (cheops_game_entry_count_alive (), ==, 40);
    g_assert_cmpuint (cheops_game_entry_get_index (shown->pdata[0]), ==, 50000);
  }
  g_unlink (path);
  g_rmdir (folder);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game-list/small", test_small);
  g_test_add_func ("/game-list/100000-games", test_big);
  return g_test_run ();
}
