/* test-game-list.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Big game files in the studio (issue 23), under a display (xvfb-run):
 * a file is read in a worker, its first games shown while the rest is
 * read, with a progress bar and Cancel (the document goes back to what it
 * held); a save cancelled leaves the file as it was; the game list as a
 * table over the games of every open file: sorted by a column, filtered by
 * variant and result, searched over every tag (one the table does not
 * show), a game opened from it; 100 000 games listed with only the rows on
 * screen made, sorted and scrolled without a stall.
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "studio-test-util.h"
#include "cheops-core.h"
#include "cheops-pgn.h"
#include "studio-document.h"
#include "studio-game-table.h"
#include "studio-window.h"
#include "studio-window-private.h"

static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };

static guint
n_variants (void)
{
  guint n = 0;

  while (cheops_variants[n] != NULL)
    n++;
  return n;
}

/* Game @i of a generated file: variant i mod 4, result (i / 7) mod 4, a
 * Cheops game of 2, 1 or 0 plies by i mod 3 (the others none), an
 * Annotator tag (which the table does not show) on every game
 * i mod 100 = 7, dates through the months. */
static const CheopsVariant *
game_variant (guint i)
{
  return cheops_variants[i % n_variants ()];
}

static const char *
game_result (guint i)
{
  return results[(i / 7) % 4];
}

static guint
game_plies (guint i)
{
  return game_variant (i) == &cheops_variant_cheops ? 2 - i % 3 : 0;
}

static char *
write_file (const char *name,
            guint       n)
{
  g_autoptr(GString) text = g_string_new (NULL);
  char *path = g_build_filename (g_get_tmp_dir (), name, NULL);

  for (guint i = 0; i < n; i++)
    {
      const CheopsVariant *variant = game_variant (i);
      const char *moves[] = { "1. fg3 lj1 ", "1. fg3 ", "" };

      g_string_append_printf (text, "[Event \"Open %u\"]\n[Site \"Club\"]\n[Date \"2026.%02u.01\"]\n"
                                    "[%s \"Player %u\"]\n[%s \"Cleo\"]\n[Result \"%s\"]\n",
                              i / 10, i % 12 + 1, variant->sides[0].tag, i, variant->sides[1].tag,
                              game_result (i));
      if (variant != &cheops_variant_cheops)
        g_string_append_printf (text, "[Variant \"%s\"]\n", variant->title);
      if (i % 100 == 7)
        g_string_append_printf (text, "[Annotator \"Zed%u\"]\n", i);
      g_string_append_printf (text, "\n%s%s\n\n", variant == &cheops_variant_cheops ? moves[i % 3] : "",
                              game_result (i));
    }
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  return path;
}

static gboolean
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL;
}

static gboolean
document_idle (gpointer data)
{
  return !studio_document_get_loading (data) && !studio_document_get_saving (data);
}

static GtkRevealer *
busy_bar (StudioWindow *window)
{
  return g_object_get_data (G_OBJECT (window), "studio-busy-revealer");
}

static GtkButton *
busy_cancel (StudioWindow *window)
{
  return g_object_get_data (G_OBJECT (window), "studio-busy-cancel");
}

/* What a load showed while it ran. */
typedef struct {
  StudioWindow *window;
  guint         first_n;        /* games in the document when the first came */
  gboolean      bar_seen;
  gboolean      fraction_seen;
  gboolean      cancel_at_first;
  guint         n_batches;
  gboolean      opening_seen;   /* the subtitle said the file is being opened */
  gboolean      not_saved_seen; /* the subtitle said "Not saved" while it was */
} Watch;

/* On the list's items-changed, not notify::n-games: a first batch of one
 * game replacing the window's one game changes the list but not its
 * length, and a file read whole in less than a batch's time comes in two
 * batches only (one game, then all the rest). */
static void
n_games_cb (StudioDocument *document,
            guint           position,
            guint           removed,
            guint           added,
            Watch          *watch)
{
  if (!studio_document_get_loading (document))
    return;
  watch->n_batches++;
  if (watch->first_n == 0)
    {
      watch->first_n = studio_document_get_n_games (document);
      if (watch->cancel_at_first)
        studio_document_cancel_load (document);
    }
}

static void
progress_cb (StudioDocument *document,
             GParamSpec     *pspec,
             Watch          *watch)
{
  double progress = studio_document_get_progress (document);

  if (studio_document_get_loading (document) && progress > 0 && progress < 1)
    watch->fraction_seen = TRUE;
}

/* The bar over the board while the file is read. */
static gboolean
watch_bar_cb (gpointer data)
{
  Watch *watch = data;
  StudioDocument *document = studio_window_get_document (watch->window);

  if (studio_document_get_loading (document) && gtk_revealer_get_reveal_child (busy_bar (watch->window)))
    watch->bar_seen = TRUE;
  if (studio_document_get_loading (document))
    {
      const char *subtitle = adw_window_title_get_subtitle (watch->window->window_title);

      if (g_strcmp0 (subtitle, "Cheops · Opening “studio-test-open-progress.pgn”…") == 0)
        watch->opening_seen = TRUE;
      if (subtitle != NULL && strstr (subtitle, "Not saved") != NULL)
        watch->not_saved_seen = TRUE;
    }
  return G_SOURCE_CONTINUE;
}

#define N_OPEN 30000

/* A file of 30 000 games: the first games are in the document (and shown)
 * while the rest is read, the bar shows the progress meanwhile, and at the
 * end every game is there, the file the document's, the bar gone. */
static void
test_open_progress (void)
{
  g_autofree char *path = write_file ("studio-test-open-progress.pgn", N_OPEN);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  Watch watch = { window };
  gint64 start = g_get_monotonic_time ();
  guint tick;

  gtk_window_present (GTK_WINDOW (window));
  /* The window's first frames drawn (slow under Xvfb): the main loop is
   * then free to take the batches as they come. */
  studio_test_spin_for (500);
  g_signal_connect (document, "items-changed", G_CALLBACK (n_games_cb), &watch);
  g_signal_connect (document, "notify::progress", G_CALLBACK (progress_cb), &watch);
  tick = g_timeout_add (5, watch_bar_cb, &watch);
  studio_window_open_file (window, file);
  g_assert_true (studio_document_get_loading (document));
  studio_test_spin_until (document_has_file, document);
  g_source_remove (tick);
  g_test_message ("%u games read in %.2f s, first shown when %u were, %u batches",
                  N_OPEN, (g_get_monotonic_time () - start) / 1e6, watch.first_n, watch.n_batches);

  g_assert_cmpuint (studio_document_get_n_games (document), ==, N_OPEN);
  g_assert_cmpuint (studio_document_get_load_errors (document)->len, ==, 0);
  g_assert_cmpuint (watch.first_n, >=, 1);
  g_assert_cmpuint (watch.first_n, <, N_OPEN);
  g_assert_cmpuint (watch.n_batches, >=, 2);
  g_assert_true (watch.bar_seen);
  g_assert_true (watch.fraction_seen);
  /* The subtitle said the file was being opened, never "Not saved" (issue
   * 21), and says where it is once read. */
  g_assert_true (watch.opening_seen);
  g_assert_false (watch.not_saved_seen);
  g_assert_null (strstr (adw_window_title_get_subtitle (window->window_title), "Opening"));
  g_assert_false (studio_document_get_loading (document));
  g_assert_false (gtk_revealer_get_reveal_child (busy_bar (window)));
  g_assert_cmpfloat (studio_document_get_progress (document), ==, -1);
  g_assert_cmpstr (cheops_game_get_tag (studio_document_get_game (document), "Event"), ==, "Open 0");
  g_assert_true (g_file_equal (studio_document_get_file (document), file));

  g_signal_handlers_disconnect_by_data (document, &watch);
  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
}

/* Cancel at the first games: the window's game (with its edit) is back,
 * without the file; a second open then reads the file whole. */
static void
test_cancel_open (void)
{
  g_autofree char *path = write_file ("studio-test-cancel-open.pgn", N_OPEN);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *before = studio_document_get_game (document);
  Watch watch = { window, .cancel_at_first = TRUE };

  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (document, "items-changed", G_CALLBACK (n_games_cb), &watch);
  studio_window_open_file (window, file);
  studio_test_spin_until (document_idle, document);

  g_assert_cmpuint (watch.first_n, >=, 1);
  g_assert_cmpuint (watch.first_n, <, N_OPEN);
  g_assert_true (studio_document_get_game (document) == before);
  g_assert_cmpuint (studio_document_get_n_games (document), ==, 1);
  g_assert_null (studio_document_get_file (document));
  g_assert_false (studio_document_get_modified (document));
  g_assert_false (gtk_revealer_get_reveal_child (busy_bar (window)));

  /* The bar's Cancel, once it shows. */
  watch.cancel_at_first = FALSE;
  watch.first_n = 0;
  studio_window_open_file (window, file);
  studio_test_spin_until ((StudioTestCondition) gtk_revealer_get_reveal_child, busy_bar (window));
  g_assert_true (studio_document_get_loading (document));
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==,
                   "Cheops · Opening “studio-test-cancel-open.pgn”…");
  g_signal_emit_by_name (busy_cancel (window), "clicked");
  studio_test_spin_until (document_idle, document);
  g_assert_true (studio_document_get_game (document) == before);
  g_assert_null (studio_document_get_file (document));
  /* Cancelled: the subtitle is the window's game's again. */
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Cheops · Not saved");

  /* Not cancelled: the whole file. */
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  g_assert_cmpuint (studio_document_get_n_games (document), ==, N_OPEN);

  g_signal_handlers_disconnect_by_data (document, &watch);
  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
}

static void
items_thread_cb (GListModel *model,
                 guint       position,
                 guint       removed,
                 guint       added,
                 GThread   **thread)
{
  if (g_thread_self () != *thread)
    *thread = NULL;
}

/* The worker hands its batches to the main thread even while no loop runs
 * there: with g_main_context_invoke_full() it ran the delivery itself,
 * in its own thread, whenever the main thread did not hold the context
 * (between two iterations), and so touched the document and the list's
 * widgets from the worker.  Here the main thread sleeps a second without
 * iterating right after the open: nothing of the file may come meanwhile,
 * and every change of the list then comes in the main thread. */
static void
test_open_main_thread (void)
{
  g_autofree char *path = write_file ("studio-test-open-main-thread.pgn", N_OPEN);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  GThread *thread = g_thread_self ();

  gtk_window_present (GTK_WINDOW (window));
  studio_test_spin_frames ();
  g_signal_connect (document, "items-changed", G_CALLBACK (items_thread_cb), &thread);
  studio_window_open_file (window, file);
  g_usleep (G_USEC_PER_SEC);
  g_assert_true (thread == g_thread_self ());
  g_assert_cmpuint (studio_document_get_n_games (document), ==, 1);
  g_assert_null (studio_document_get_file (document));
  studio_test_spin_until (document_has_file, document);
  g_assert_true (thread == g_thread_self ());
  g_assert_cmpuint (studio_document_get_n_games (document), ==, N_OPEN);

  g_signal_handlers_disconnect_by_data (document, &thread);
  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
}

/* A save of the open file, an edit made: the bar shows, its Cancel stops
 * the save, the file on disk is byte for byte as it was, the game still
 * modified; saved again without Cancel, the file holds the edit. */
static void
test_cancel_save (void)
{
  g_autofree char *path = write_file ("studio-test-cancel-save.pgn", N_OPEN);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  gsize before_len, after_len;
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  g_autoptr(GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  g_assert_true (g_file_get_contents (path, &before, &before_len, NULL));

  g_assert_true (cheops_game_set_tag (studio_document_get_game (document), "Event", "Edited", &error));
  g_assert_no_error (error);
  g_assert_true (studio_document_get_modified (document));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_true (studio_document_get_saving (document));
  g_signal_emit_by_name (busy_cancel (window), "clicked");
  studio_test_spin_until (document_idle, document);

  g_assert_true (g_file_get_contents (path, &after, &after_len, NULL));
  g_assert_cmpmem (after, after_len, before, before_len);
  g_assert_true (studio_document_get_modified (document));
  g_assert_null (studio_test_find_message_dialog ());

  /* Saved whole: the edit is in the file. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  studio_test_spin_until (document_idle, document);
  g_assert_false (studio_document_get_modified (document));
  g_clear_pointer (&after, g_free);
  g_assert_true (g_file_get_contents (path, &after, &after_len, NULL));
  g_assert_true (g_str_has_prefix (after, "[Event \"Edited\"]"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
}

static StudioGameTable *
open_table (StudioWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.game-list", NULL);
  return g_object_get_data (G_OBJECT (window), "studio-game-table");
}

static GtkColumnViewColumn *
column_titled (GtkColumnView *view,
               const char    *title)
{
  GListModel *columns = gtk_column_view_get_columns (view);

  for (guint i = 0; i < g_list_model_get_n_items (columns); i++)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, i);

      if (g_strcmp0 (gtk_column_view_column_get_title (column), title) == 0)
        return column;
    }
  g_assert_not_reached ();
}

#define N_TABLE 1200

typedef struct {
  GListModel *model;
  guint       n;
} Count;

static gboolean
count_is (gpointer data)
{
  Count *count = data;

  return g_list_model_get_n_items (count->model) == count->n;
}

static void
wait_count (GListModel *model,
            guint       n)
{
  Count count = { model, n };

  studio_test_spin_until (count_is, &count);
}

static char *
row_string (GListModel *model,
            guint       position,
            const char *property)
{
  g_autoptr(GObject) row = g_list_model_get_item (model, position);
  char *value = NULL;

  /* (None yet while the incremental filter works.) */
  if (row != NULL)
    g_object_get (row, property, &value, NULL);
  return value;
}

static guint
row_uint (GListModel *model,
          guint       position,
          const char *property)
{
  g_autoptr(GObject) row = g_list_model_get_item (model, position);
  guint value = 0;

  g_assert_nonnull (row);
  g_object_get (row, property, &value, NULL);
  return value;
}

/* Sorted by plies, most first, every game there: the sort (and the
 * filter after it, both incremental) is done when the list is. */
static gboolean sorted_by_plies_all (gpointer data);

static gboolean
sorted_by_plies (gpointer data)
{
  GListModel *model = data;
  guint n = g_list_model_get_n_items (model);

  return n == N_TABLE + 10 && sorted_by_plies_all (model);
}

/* Every row has at most the plies of the row before. */
static gboolean
sorted_by_plies_all (gpointer data)
{
  GListModel *model = data;
  guint n = g_list_model_get_n_items (model);

  for (guint i = 1; i < n; i++)
    if (row_uint (model, i - 1, "plies") < row_uint (model, i, "plies"))
      return FALSE;
  return TRUE;
}


/* Two open files, in two tabs: the table lists the games of both, sorts
 * by a column, filters by variant and result, searches a tag it does not
 * show, and opens a game in its tab. */
static void
test_table (void)
{
  g_autofree char *path = write_file ("studio-test-table.pgn", N_TABLE);
  g_autofree char *path2 = write_file ("studio-test-table-2.pgn", 10);
  g_autofree char *path3 = write_file ("studio-test-table-3.pgn", 5);
  g_autoptr(GFile) file3 = g_file_new_for_path (path3);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) file2 = g_file_new_for_path (path2);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  StudioDocument *document2;
  StudioGameTable *table;
  GtkColumnView *view;
  GListModel *model;
  g_autofree char *event = NULL;
  guint expected;

  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  studio_window_open_file_in_tab (window, file2);
  document2 = studio_window_get_document (window);
  g_assert_true (document2 != document);
  studio_test_spin_until (document_has_file, document2);

  table = open_table (window);
  g_assert_nonnull (table);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (table)));
  view = studio_game_table_get_view (table);
  model = studio_game_table_get_model (table);
  wait_count (model, N_TABLE + 10);

  /* Sort by plies, most first: the Cheops games of 2 plies, then 1, then
   * the rest. */
  gtk_column_view_sort_by_column (view, column_titled (view, "Plies"), GTK_SORT_DESCENDING);
  studio_test_spin_until (sorted_by_plies, model);
  g_assert_cmpuint (row_uint (model, 0, "plies"), ==, 2);
  g_assert_cmpuint (row_uint (model, 0, "plies"), ==, game_plies (0));
  g_assert_cmpuint (row_uint (model, N_TABLE + 9, "plies"), ==, 0);

  /* Filter: a variant; then a result too (counts from the generator). */
  gtk_drop_down_set_selected (studio_game_table_get_variant_filter (table), 2);
  expected = 0;
  for (guint i = 0; i < N_TABLE; i++)
    expected += game_variant (i) == cheops_variants[1];
  for (guint i = 0; i < 10; i++)
    expected += game_variant (i) == cheops_variants[1];
  wait_count (model, expected);
  gtk_drop_down_set_selected (studio_game_table_get_result_filter (table), 2);
  expected = 0;
  for (guint i = 0; i < N_TABLE; i++)
    expected += game_variant (i) == cheops_variants[1] && g_str_equal (game_result (i), "0-1");
  for (guint i = 0; i < 10; i++)
    expected += game_variant (i) == cheops_variants[1] && g_str_equal (game_result (i), "0-1");
  g_assert_cmpuint (expected, >, 0);
  wait_count (model, expected);
  gtk_drop_down_set_selected (studio_game_table_get_variant_filter (table), 0);
  gtk_drop_down_set_selected (studio_game_table_get_result_filter (table), 0);
  wait_count (model, N_TABLE + 10);

  /* Search a tag the table does not show: the Annotator of every game
   * i mod 100 = 7 (the second file has game 7 too); then one of them. */
  gtk_editable_set_text (studio_game_table_get_search (table), "zed");
  wait_count (model, N_TABLE / 100 + 1);
  gtk_editable_set_text (studio_game_table_get_search (table), "ZED507 club");
  wait_count (model, 1);
  event = row_string (model, 0, "event");
  g_assert_cmpstr (event, ==, "Open 50");

  /* Open it: its tab, the game shown. */
  g_assert_true (studio_window_get_document (window) == document2);
  g_signal_emit_by_name (view, "activate", 0);
  g_assert_true (studio_window_get_document (window) == document);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 507);
  g_assert_cmpstr (cheops_game_get_tag (studio_document_get_game (document), "Annotator"), ==, "Zed507");

  /* A file opened in a new tab while the table is open: its games join
   * the table. */
  gtk_editable_set_text (studio_game_table_get_search (table), "");
  wait_count (model, N_TABLE + 10);
  studio_window_open_file_in_tab (window, file3);
  g_assert_true (studio_window_get_document (window) != document);
  studio_test_spin_until (document_has_file, studio_window_get_document (window));
  wait_count (model, N_TABLE + 10 + 5);
  /* Still sorted by plies, its games among the others. */
  studio_test_spin_until (sorted_by_plies_all, model);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_TABLE + 10 + 5);

  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
  g_remove (path2);
  g_remove (path3);
}

static gboolean
first_date_is_december (gpointer data)
{
  g_autofree char *date = row_string (data, 0, "date");

  return g_strcmp0 (date, "2026.12.01") == 0;
}

/* The sort and the widths are kept: a new table sorts as the last did. */
static void
test_table_remembered (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *path = write_file ("studio-test-remembered.pgn", 24);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *sort = NULL;
  gboolean descending;
  g_autoptr(GVariant) widths = NULL;
  StudioWindow *window = studio_window_new (NULL);
  StudioGameTable *table;
  GtkColumnView *view;
  GtkColumnViewColumn *date;

  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, studio_window_get_document (window));
  table = open_table (window);
  studio_test_spin_for (100);
  view = studio_game_table_get_view (table);
  date = column_titled (view, "Date");
  gtk_column_view_sort_by_column (view, date, GTK_SORT_DESCENDING);
  gtk_column_view_column_set_fixed_width (date, 133);
  studio_test_spin_for (100);
  gtk_window_destroy (GTK_WINDOW (table));

  g_settings_get (settings, "game-list-sort", "(sb)", &sort, &descending);
  g_assert_cmpstr (sort, ==, "date");
  g_assert_true (descending);
  widths = g_settings_get_value (settings, "game-list-widths");
  g_assert_cmpuint (g_variant_n_children (widths), ==, 8);

  table = open_table (window);
  view = studio_game_table_get_view (table);
  date = column_titled (view, "Date");
  g_assert_cmpint (gtk_column_view_column_get_fixed_width (date), ==, 133);
  studio_test_spin_until (first_date_is_december, studio_game_table_get_model (table));

  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
}

/* The main loop's longest stall while something runs: a 5 ms tick. */
typedef struct {
  gint64 last;
  gint64 longest;
} Ticks;

static gboolean
tick_cb (gpointer data)
{
  Ticks *ticks = data;
  gint64 now = g_get_monotonic_time ();

  ticks->longest = MAX (ticks->longest, now - ticks->last);
  ticks->last = now;
  return G_SOURCE_CONTINUE;
}

static gboolean
first_event_is (gpointer data)
{
  GListModel *model = data;
  g_autofree char *event = row_string (model, 0, "event");

  return g_strcmp0 (event, "Open 9999") == 0;
}

#define N_HUGE 100000
/* The stall allowed: generous, for a 2-core machine loaded 7 times over.
 * A sort of 100 000 rows held the loop for 1.8-4.7 s (README); now the
 * sort and the search hold it 15-170 ms at load 5-15, and the longest
 * stall is a frame that makes a screen of rows (showing the table,
 * scrolling to the end: 0.4-1.2 s in a debug build at that load). */
#define MAX_STALL_US (5000 * 1000)
#define MAX_ROWS_ALIVE 2000

/* 100 000 games: the table makes only the rows it shows, sorts them by
 * event (a row selected: the same game stays selected) and scrolls to the
 * end with the main loop never stalled long.  The sort makes no row but
 * those shown (GtkSortListModel made and kept all 100 000 at once, in one
 * turn of the main loop: this failed with 100 205 rows alive). */
static void
test_table_100000 (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *path = write_file ("studio-test-table-100000.pgn", N_HUGE);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  StudioGameTable *table;
  GtkColumnView *view;
  GListModel *model;
  Ticks ticks;
  guint tick;
  gint64 start, longest;
  g_autofree char *selected_event = NULL;

  /* In the files' order (no sort kept from /Studio/GameList/remembered). */
  g_settings_reset (settings, "game-list-sort");
  gtk_window_present (GTK_WINDOW (window));
  start = g_get_monotonic_time ();
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  g_test_message ("100 000 games read in %.2f s", (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpuint (studio_document_get_n_games (document), ==, N_HUGE);

  ticks.last = g_get_monotonic_time ();
  ticks.longest = 0;
  tick = g_timeout_add (5, tick_cb, &ticks);

  start = g_get_monotonic_time ();
  table = open_table (window);
  view = studio_game_table_get_view (table);
  model = studio_game_table_get_model (table);
  wait_count (model, N_HUGE);
  studio_test_spin_for (300);
  g_test_message ("table shown in %.2f s, %u rows made, longest stall %.0f ms",
                  (g_get_monotonic_time () - start) / 1e6, studio_game_rows_count_alive (), ticks.longest / 1000.0);
  g_assert_cmpuint (studio_game_rows_count_alive (), <, MAX_ROWS_ALIVE);

  /* Sort by event, last first: "Open 9999" (collated after "Open 999"). */
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (model), 5);
  selected_event = row_string (model, 5, "event");
  g_test_message ("longest stall before the sort: %.0f ms", ticks.longest / 1000.0);
  ticks.longest = 0;
  start = g_get_monotonic_time ();
  gtk_column_view_sort_by_column (view, column_titled (view, "Event"), GTK_SORT_DESCENDING);
  /* (A sort made within the call stalls the loop as long as the call.) */
  ticks.longest = MAX (ticks.longest, g_get_monotonic_time () - start);
  studio_test_spin_until (first_event_is, model);
  g_test_message ("sorted in %.2f s", (g_get_monotonic_time () - start) / 1e6);
  studio_test_spin_for (100);
  g_test_message ("sorted: longest stall %.0f ms", ticks.longest / 1000.0);
  longest = ticks.longest;
  ticks.longest = 0;
  g_test_message ("rows alive after the sort: %u", studio_game_rows_count_alive ());
  g_assert_cmpuint (studio_game_rows_count_alive (), <, MAX_ROWS_ALIVE);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model)), !=, GTK_INVALID_LIST_POSITION);
  {
    g_autofree char *event = row_string (model, gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model)), "event");

    g_assert_cmpstr (event, ==, selected_event);
  }

  /* To the end. */
  gtk_widget_activate_action (GTK_WIDGET (view), "list.scroll-to-item", "u", N_HUGE - 1);
  studio_test_spin_for (300);

  /* A search over every tag of 100 000 games. */
  longest = MAX (longest, ticks.longest);
  ticks.longest = 0;
  start = g_get_monotonic_time ();
  gtk_editable_set_text (studio_game_table_get_search (table), "zed");
  ticks.longest = MAX (ticks.longest, g_get_monotonic_time () - start);
  wait_count (model, N_HUGE / 100);
  g_test_message ("searched in %.2f s", (g_get_monotonic_time () - start) / 1e6);

  g_test_message ("searched: longest stall %.0f ms", ticks.longest / 1000.0);
  g_source_remove (tick);
  longest = MAX (longest, ticks.longest);
  g_test_message ("longest stall of the main loop while sorting, scrolling, searching: %.0f ms", longest / 1000.0);
  g_assert_cmpint (longest, <, MAX_STALL_US);

  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
}

/* The table's window closes with Escape, as GNOME's dialogs do: a
 * shortcut on the window, and in the search (whose own Escape binding
 * keeps Escape from the window) a first Escape clears the words, the next
 * closes (it did not close before). */
static void
test_table_escape (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioGameTable *table;
  GtkShortcut *escape = NULL;
  GtkEditable *search;

  gtk_window_present (GTK_WINDOW (window));
  table = open_table (window);
  g_assert_nonnull (table);
  g_object_add_weak_pointer (G_OBJECT (table), (gpointer *) &table);
  studio_test_spin_frames ();

  /* The window's shortcut. */
  for (guint i = 0; escape == NULL; i++)
    {
      g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (table));
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      g_assert_nonnull (controller);
      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == GDK_KEY_Escape &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == 0)
            escape = shortcut;
        }
    }
  g_assert_true (gtk_shortcut_action_activate (gtk_shortcut_get_action (escape), 0, GTK_WIDGET (table), NULL));
  studio_test_spin_frames ();
  g_assert_null (table);

  /* In the search: clears, then closes. */
  table = open_table (window);
  g_assert_nonnull (table);
  g_object_add_weak_pointer (G_OBJECT (table), (gpointer *) &table);
  search = studio_game_table_get_search (table);
  gtk_editable_set_text (search, "zed");
  g_signal_emit_by_name (search, "stop-search");
  studio_test_spin_frames ();
  g_assert_nonnull (table);
  g_assert_cmpstr (gtk_editable_get_text (search), ==, "");
  g_signal_emit_by_name (search, "stop-search");
  studio_test_spin_frames ();
  g_assert_null (table);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The event cells of the table's rows, "number|event" a line each, in the
 * order of the numbers. */
static char *
dup_event_texts (GListModel *model)
{
  guint n = g_list_model_get_n_items (model);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_full (n, g_free);
  g_autoptr(GString) text = g_string_new (NULL);

  g_ptr_array_set_size (lines, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *event = row_string (model, i, "event");
      guint number = row_uint (model, i, "number");

      g_assert_cmpuint (number, >=, 1);
      g_assert_cmpuint (number, <=, n);
      g_ptr_array_index (lines, number - 1) = g_strdup_printf ("%u|%s", number, event);
    }
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s\n", (char *) g_ptr_array_index (lines, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* What tells the games of a file apart (issue 21), in the table's Event
 * column: a problem's stipulation, from the file, before the event every
 * game shares; in a file whose games share event, date and players, the
 * first tag that differs.  (Every row read "Cheops Studio problems", and
 * "Club training".) */
static void
test_table_distinction (void)
{
  g_autofree char *problems = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "problems", "pyramids.pgn", NULL);
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "studio-test-distinction.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (problems);
  g_autoptr(GFile) file2 = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  g_autoptr(GString) training = g_string_new (NULL);
  StudioGameTable *table;
  GListModel *model;
  g_autofree char *texts = NULL;

  for (guint i = 1; i <= 3; i++)
    g_string_append_printf (training, "[Event \"Club training\"]\n[Site \"Club\"]\n[Date \"2026.01.01\"]\n"
                                      "[Round \"%u\"]\n[Result \"*\"]\n\n*\n\n", i);
  g_assert_true (g_file_set_contents (path, training->str, training->len, NULL));

  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  table = open_table (window);
  model = studio_game_table_get_model (table);
  wait_count (model, 15);
  texts = dup_event_texts (model);
  g_assert_cmpstr (texts, ==,
                   "1|#1 · Cheops Studio problems\n"
                   "2|#1 · Cheops Studio problems\n"
                   "3|h#1 · Cheops Studio problems\n"
                   "4|h#1 · Cheops Studio problems\n"
                   "5|h#1 · Cheops Studio problems\n"
                   "6|h#1 · Cheops Studio problems\n"
                   "7|h#1 · Cheops Studio problems\n"
                   "8|ser-#2 · Cheops Studio problems\n"
                   "9|ser-#1 · Cheops Studio problems\n"
                   "10|ser-#2 · Cheops Studio problems\n"
                   "11|ser-#2 · Cheops Studio problems\n"
                   "12|s#1 · Cheops Studio problems\n"
                   "13|s#1 · Cheops Studio problems\n"
                   "14|s#1 · Cheops Studio problems\n"
                   "15|s#1 · Cheops Studio problems\n");
  gtk_window_destroy (GTK_WINDOW (table));
  g_clear_pointer (&texts, g_free);

  studio_window_open_file (window, file2);
  studio_test_spin_until (document_idle, studio_window_get_document (window));
  g_assert_true (g_file_equal (studio_document_get_file (studio_window_get_document (window)), file2));
  table = open_table (window);
  model = studio_game_table_get_model (table);
  wait_count (model, 3);
  texts = dup_event_texts (model);
  g_assert_cmpstr (texts, ==,
                   "1|Round: 1 · Club training\n"
                   "2|Round: 2 · Club training\n"
                   "3|Round: 3 · Club training\n");

  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);
  _studio_window_files_set_busy_delay (0);

  g_test_add_func ("/Studio/GameList/open-progress", test_open_progress);
  g_test_add_func ("/Studio/GameList/cancel-open", test_cancel_open);
  g_test_add_func ("/Studio/GameList/open-main-thread", test_open_main_thread);
  g_test_add_func ("/Studio/GameList/cancel-save", test_cancel_save);
  g_test_add_func ("/Studio/GameList/table", test_table);
  g_test_add_func ("/Studio/GameList/distinction", test_table_distinction);
  g_test_add_func ("/Studio/GameList/remembered", test_table_remembered);
  g_test_add_func ("/Studio/GameList/100000", test_table_100000);
  g_test_add_func ("/Studio/GameList/escape", test_table_escape);

  return g_test_run ();
}
