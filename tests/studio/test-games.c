/* test-games.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The games of a multi-game file under a display (xvfb-run): the sample
 * file of three studies and a generated file of 2000 games.  Switching
 * games through studio_document_show_game() and the actions win.next-game
 * and win.previous-game; each game keeps its edits, its undo history and
 * its current move; saving writes every game, the edit only in its game;
 * the search of the Game button's list narrows it to exact counts; the
 * list makes rows only for what is on screen; a single-game file shows no
 * Game button; the first error of a partly read game is listed and the
 * "partly read" rule holds per game.
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "studio-test-util.h"
#include "cheops-core.h"
#include "studio-application.h"
#include "studio-board-view.h"
#include "studio-eval-bar.h"
#include "studio-document.h"
#include "cheops-pgn.h"
#include "studio-games-button.h"
#include "studio-window.h"
#include "studio-window-private.h"

#define STUDY_1 "Ascension study: the Pawn march"
#define STUDY_2 "Ascension study: the entombed King"
#define STUDY_3 "Ascension study: Queen and Swordmaster"
#define FEN_1 "1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1"
#define FEN_2 "1/1P1/Aa3/7/2P3a1p/1P2P2p1p1/AP4P4p1/MS6p1P2qm/AKQ11Mka q 0 41"
#define FEN_3 "1/3/5/7/6q2/11/1P11/3P7p3/1K10ms1k1 q 0 1"
#define N_BIG 2000
/* The row widgets the list may make, far below N_BIG: the 200 items that
 * GtkListView keeps around its anchor, and its few own children. */
#define MAX_ROWS 210

static gboolean
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL;
}

static StudioWindow *
open_path (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, studio_window_get_document (window));

  return window;
}

static StudioWindow *
open_sample (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples", name, NULL);

  return open_path (path);
}

static int save_state;

static gboolean
save_finished (gpointer data)
{
  return save_state != 0;
}

static void
save_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  save_state = studio_document_save_finish (STUDIO_DOCUMENT (object), result, &error) ? 1 : 2;
  g_assert_no_error (error);
}

static void
save_to (StudioDocument *document,
         const char     *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  save_state = 0;
  studio_document_save_async (document, file, NULL, save_done_cb, NULL);
  studio_test_spin_until (save_finished, NULL);
  g_assert_cmpint (save_state, ==, 1);
}

static const char *
event_of (CheopsGame *game)
{
  return cheops_game_get_tag (game, "Event");
}

static guint
filtered_count (StudioGamesButton *button,
                const char        *query)
{
  gtk_editable_set_text (studio_games_button_get_search_entry (button), query);

  return g_list_model_get_n_items (studio_games_button_get_model (button));
}

/* The number of row widgets the list view has made. */
static guint
count_rows (GtkListView *list_view)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list_view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;

  return n;
}

/* The sample of three studies: switch through the public functions and
 * the actions; the board, the headline and the button follow; an edit of
 * game 2 survives going to game 3 and back, with its undo; saving writes
 * the three games, the edit in game 2 only. */
/* The project's own errors.pgn, which holds a byte that is not UTF-8 (0xff)
 * in one of its games: the studio opens what can be read and lists the rest
 * with line and column, as `cheops pgn check` does (it refused the whole
 * file as "not UTF-8 text"); an unedited save writes what the game model
 * writes for the file, every byte of the games with errors kept (it cut
 * the text at a NUL). */
static void
test_undecodable_file (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "pgn", "errors.pgn", NULL);
  g_autofree char *original = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GBytes) expected = NULL;
  StudioWindow *window;
  StudioDocument *document;
  gsize original_len, saved_len;
  gboolean has_ff = FALSE;

  g_assert_true (g_file_get_contents (path, &original, &original_len, NULL));
  g_assert_false (g_utf8_validate (original, (gssize) original_len, NULL));
  games = cheops_pgn_read_string (original, (gssize) original_len, &errors);
  g_assert_cmpuint (errors->len, >, 0);
  expected = cheops_pgn_write_games_to_bytes (games);

  window = open_path (path);
  document = studio_window_get_document (window);
  g_assert_cmpuint (studio_document_get_n_games (document), ==, games->len);
  g_assert_cmpuint (studio_document_get_load_errors (document)->len, ==, errors->len);

  out = g_build_filename (g_get_tmp_dir (), "studio-test-undecodable.pgn", NULL);
  save_to (document, out);
  g_assert_true (g_file_get_contents (out, &saved, &saved_len, NULL));
  g_assert_cmpmem (saved, saved_len, g_bytes_get_data (expected, NULL), g_bytes_get_size (expected));
  for (gsize i = 0; i < saved_len; i++)
    has_ff |= (guchar) saved[i] == 0xff;
  g_assert_true (has_ff);
  g_remove (out);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_sample_switch_edit_save (void)
{
  StudioWindow *window = open_sample ("ascension-studies.pgn");
  StudioDocument *document = studio_window_get_document (window);
  StudioGamesButton *button = window->games_button;
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples",
                                                 "ascension-studies.pgn", NULL);
  g_autoptr(GPtrArray) originals = NULL;
  g_autoptr(GPtrArray) saved = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *tmpdir = g_dir_make_tmp ("studio-games-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (tmpdir, "studies.pgn", NULL);
  g_autofree char *label = NULL;
  g_autofree char *fen = NULL;
  g_autofree char *eval_text = NULL;
  g_autofree char *status = NULL;
  CheopsGame *game2;
  CheopsGameNode *added;
  guint nodes2;

  originals = cheops_pgn_read_file (path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (originals->len, ==, 3);

  /* Three games, the first shown; the button says so. */
  g_assert_cmpuint (studio_document_get_n_games (document), ==, 3);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (document)), ==, 3);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 0);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (button)));
  label = studio_games_button_dup_label (button);
  g_assert_cmpstr (label, ==, "Game 1 of 3");
  g_assert_cmpstr (event_of (studio_document_get_game (document)), ==, STUDY_1);
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, FEN_1);
  g_assert_cmpstr (gtk_label_get_label (window->headline_label), ==, STUDY_1);
  g_assert_cmpstr (event_of (studio_document_get_game_at (document, 2)), ==, STUDY_3);
  g_assert_null (studio_document_get_game_error (document, 0));

  /* Walk into game 1, then to game 2 by the public function. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  /* The bar shows the game's stored evaluation there ([%eval #2]). */
  eval_text = studio_eval_bar_dup_text (window->eval_bar);
  g_assert_cmpstr (eval_text, ==, "#2");
  g_clear_pointer (&eval_text, g_free);
  g_assert_true (studio_document_show_game (document, 1));
  g_assert_false (studio_document_show_game (document, 1));
  /* ... and follows the switch: none at the start of game 2. */
  eval_text = studio_eval_bar_dup_text (window->eval_bar);
  g_assert_null (eval_text);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 1);
  g_assert_true (studio_document_get_game (document) == studio_document_get_game_at (document, 1));
  g_assert_cmpstr (event_of (studio_document_get_game (document)), ==, STUDY_2);
  g_clear_pointer (&fen, g_free);
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, FEN_2);
  g_assert_cmpstr (gtk_label_get_label (window->headline_label), ==, STUDY_2);
  g_clear_pointer (&label, g_free);
  label = studio_games_button_dup_label (button);
  g_assert_cmpstr (label, ==, "Game 2 of 3");
  /* The file's name stays the title. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "ascension-studies.pgn — Cheops Studio");

  /* Edit game 2: a variation at the root, 41... Af6 beside 41... An1. */
  game2 = studio_document_get_game (document);
  nodes2 = cheops_game_count_nodes (game2);
  g_assert_false (studio_document_get_modified (document));
  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "h7f6");
  added = studio_document_get_current (document);
  g_assert_cmpuint (cheops_game_count_nodes (game2), ==, nodes2 + 1);
  g_assert_false (cheops_game_node_is_mainline (added));
  g_assert_true (studio_document_get_modified (document));
  g_assert_true (cheops_game_can_undo (game2));

  /* To game 3 by the action: another start, no undo of its own. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 2);
  g_assert_cmpstr (event_of (studio_document_get_game (document)), ==, STUDY_3);
  g_clear_pointer (&fen, g_free);
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, FEN_3);
  g_assert_false (cheops_game_can_undo (studio_document_get_game (document)));
  g_assert_true (studio_document_get_modified (document));  /* the file is */
  /* The line under the board follows: q moves first here, as Orange, and
   * Green's King stands in check, so entombed (4.2.7). */
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Orange to move · Green: the King is entombed (4.2.7)");
  g_assert_cmpuint (studio_board_scene_get_position (studio_board_view_get_scene (
    STUDIO_BOARD_VIEW (studio_window_get_board_view (window))))->side_to_move, ==, CHEOPS_SIDE_B);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• ascension-studies.pgn — Cheops Studio");
  /* The last game: no next one. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 2);
  /* Undo in game 3 has nothing to undo and leaves game 2 alone. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (cheops_game_count_nodes (game2), ==, nodes2 + 1);

  /* Back to game 2: the edit is there, the current move remembered. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-game", NULL);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 1);
  g_assert_true (studio_document_get_game (document) == game2);
  g_assert_cmpuint (cheops_game_count_nodes (game2), ==, nodes2 + 1);
  g_assert_true (studio_document_get_current (document) == added);
  g_clear_pointer (&fen, g_free);
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, "1/1P1/A4/a6/2P3a1p/1P2P2p1p1/AP4P4p1/MS6p1P2qm/AKQ11Mka a 1 42");

  /* Undo still works on game 2, and so does redo. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (cheops_game_count_nodes (game2), ==, nodes2);
  g_assert_false (studio_document_get_modified (document));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpuint (cheops_game_count_nodes (game2), ==, nodes2 + 1);
  g_assert_true (studio_document_get_modified (document));

  /* Game 1 remembers its move too (two plies in). */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-game", NULL);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 0);
  g_assert_cmpuint (cheops_game_node_get_ply (studio_document_get_current (document)), ==, 2);
  eval_text = studio_eval_bar_dup_text (window->eval_bar);
  g_assert_cmpstr (eval_text, ==, "#2");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-game", NULL);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 0);

  /* Save (game 1 shown): every game written, the edit in game 2 only. */
  g_assert_false (studio_document_get_save_loses_text (document));
  save_to (document, out_path);
  g_assert_false (studio_document_get_modified (document));
  for (guint i = 0; i < 3; i++)
    g_assert_false (cheops_game_get_modified (studio_document_get_game_at (document, i)));
  saved = cheops_pgn_read_file (out_path, &errors, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (saved->len, ==, 3);
  g_assert_true (cheops_game_equal (g_ptr_array_index (saved, 0), g_ptr_array_index (originals, 0)));
  g_assert_false (cheops_game_equal (g_ptr_array_index (saved, 1), g_ptr_array_index (originals, 1)));
  g_assert_true (cheops_game_equal (g_ptr_array_index (saved, 1), game2));
  g_assert_cmpuint (cheops_game_count_nodes (g_ptr_array_index (saved, 1)), ==, nodes2 + 1);
  g_assert_true (cheops_game_equal (g_ptr_array_index (saved, 2), g_ptr_array_index (originals, 2)));

  g_unlink (out_path);
  g_rmdir (tmpdir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The search of the list narrows it to exact counts; Enter takes the game
 * selected, which is the first match. */
static void
test_sample_search (void)
{
  StudioWindow *window = open_sample ("ascension-studies.pgn");
  StudioDocument *document = studio_window_get_document (window);
  StudioGamesButton *button = window->games_button;
  GtkPopover *popover = studio_games_button_get_popover (button);
  GListModel *model = studio_games_button_get_model (button);

  studio_games_button_popup (button);
  studio_test_spin_for (100);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (popover)));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  /* The game shown is selected. */
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model)), ==, 0);

  g_assert_cmpuint (filtered_count (button, "ascension"), ==, 3);
  g_assert_cmpuint (filtered_count (button, "ENTOMBED"), ==, 1);
  g_assert_cmpuint (filtered_count (button, "study king"), ==, 1);
  g_assert_cmpuint (filtered_count (button, "1-0"), ==, 2);
  g_assert_cmpuint (filtered_count (button, "0-1"), ==, 1);
  g_assert_cmpuint (filtered_count (button, "cheops-engine 2026.11.30"), ==, 3);
  g_assert_cmpuint (filtered_count (button, "swordmaster pawn"), ==, 0);
  g_assert_cmpuint (filtered_count (button, ""), ==, 3);
  /* The matching rules, one game at a time. */
  g_assert_true (studio_games_button_game_matches (studio_document_get_game_at (document, 1), 1, " Entombed  king "));
  g_assert_false (studio_games_button_game_matches (studio_document_get_game_at (document, 1), 1, "queen"));
  g_assert_true (studio_games_button_game_matches (studio_document_get_game_at (document, 1), 1, NULL));

  /* Enter in the search takes the selected (first) match. */
  g_assert_cmpuint (filtered_count (button, "queen"), ==, 1);
  g_signal_emit_by_name (studio_games_button_get_search_entry (button), "activate");
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 2);
  g_assert_cmpstr (event_of (studio_document_get_game (document)), ==, STUDY_3);
  studio_test_spin_for (300);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (popover)));

  /* Opened again: the search is empty and the game shown selected. */
  studio_games_button_popup (button);
  studio_test_spin_for (100);
  g_assert_cmpstr (gtk_editable_get_text (studio_games_button_get_search_entry (button)), ==, "");
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 3);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model)), ==, 2);
  /* A row activated (a click) shows its game. */
  g_signal_emit_by_name (studio_games_button_get_list_view (button), "activate", 0);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 0);
  studio_games_button_popdown (button);

  gtk_window_destroy (GTK_WINDOW (window));
}

static char *
write_big_file (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *tmpdir = g_dir_make_tmp ("studio-games-XXXXXX", NULL);
  char *path = g_build_filename (tmpdir, "big.pgn", NULL);

  /* One small game, again and again: the Event numbers it, Green is Ann in
   * the even games and Bob in the odd ones, Orange always Cleo. */
  for (guint i = 1; i <= N_BIG; i++)
    g_string_append_printf (text,
                            "[Event \"Training %u\"]\n[Site \"Club\"]\n[Date \"2026.01.01\"]\n"
                            "[Green \"%s\"]\n[Orange \"Cleo\"]\n[Result \"*\"]\n\n"
                            "1. fg3 lj1 *\n\n",
                            i, i % 2 == 0 ? "Ann" : "Bob");
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));

  return path;
}

/* 2000 games: the list stays lazy (a few dozen rows), the search counts
 * are exact, and switching is quick. */
static void
test_big_file (void)
{
  g_autofree char *path = write_big_file ();
  g_autofree char *dir = g_path_get_dirname (path);
  StudioWindow *window;
  StudioDocument *document;
  StudioGamesButton *button;
  GtkListView *list_view;
  GListModel *model;
  g_autofree char *label = NULL;
  gint64 start, elapsed;
  guint rows;

  start = g_get_monotonic_time ();
  window = open_path (path);
  elapsed = g_get_monotonic_time () - start;
  g_test_message ("opening %d games: %.1f ms", N_BIG, elapsed / 1000.0);
  document = studio_window_get_document (window);
  button = window->games_button;
  list_view = studio_games_button_get_list_view (button);
  model = studio_games_button_get_model (button);

  g_assert_cmpuint (studio_document_get_n_games (document), ==, N_BIG);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (button)));
  label = studio_games_button_dup_label (button);
  g_assert_cmpstr (label, ==, "Game 1 of 2000");

  /* Open the list: rows only around what is on screen (GtkListView of GTK
   * 4.8 keeps at most 200 row widgets, whatever the length of the list). */
  studio_games_button_popup (button);
  studio_test_spin_for (300);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_BIG);
  rows = count_rows (list_view);
  g_test_message ("row widgets for %d games: %u", N_BIG, rows);
  g_assert_cmpuint (rows, >, 5);
  g_assert_cmpuint (rows, <=, MAX_ROWS);

  /* The search, with counts worked out by hand. */
  g_assert_cmpuint (filtered_count (button, "ann"), ==, N_BIG / 2);
  g_assert_cmpuint (filtered_count (button, "bob cleo"), ==, N_BIG / 2);
  g_assert_cmpuint (filtered_count (button, "cleo"), ==, N_BIG);
  g_assert_cmpuint (filtered_count (button, "training 1999"), ==, 1);
  /* "150" in 150, 1150 and 1500 to 1509. */
  g_assert_cmpuint (filtered_count (button, "training 150"), ==, 12);
  /* ... of which Ann (even) has 150, 1150, 1500, 1502, 1504, 1506, 1508. */
  g_assert_cmpuint (filtered_count (button, "150 ann"), ==, 7);
  g_assert_cmpuint (filtered_count (button, "nobody"), ==, 0);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (GTK_STACK (gtk_widget_get_parent (
    gtk_widget_get_parent (GTK_WIDGET (list_view))))), ==, "empty");
  g_assert_cmpuint (filtered_count (button, ""), ==, N_BIG);

  /* Take game 1500 from the list; the rows stay few after scrolling. */
  g_assert_cmpuint (filtered_count (button, "training 1500"), ==, 1);
  g_signal_emit_by_name (studio_games_button_get_search_entry (button), "activate");
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 1499);
  g_assert_cmpstr (event_of (studio_document_get_game (document)), ==, "Training 1500");
  studio_test_spin_for (300);
  studio_games_button_popup (button);
  studio_test_spin_for (300);
  g_assert_cmpuint (gtk_single_selection_get_selected (GTK_SINGLE_SELECTION (model)), ==, 1499);
  g_assert_cmpuint (count_rows (list_view), <=, MAX_ROWS);
  studio_games_button_popdown (button);

  /* Switching is quick: 200 games on by the action, each shown whole. */
  start = g_get_monotonic_time ();
  for (guint i = 0; i < 200; i++)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
      g_main_context_iteration (NULL, FALSE);
    }
  elapsed = g_get_monotonic_time () - start;
  g_test_message ("200 switches: %.1f ms", elapsed / 1000.0);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 1699);
  g_assert_cmpstr (event_of (studio_document_get_game (document)), ==, "Training 1700");
  g_assert_cmpint (elapsed, <, 4 * G_USEC_PER_SEC);

  /* The last game, and no further. */
  g_assert_true (studio_document_show_game (document, N_BIG - 1));
  g_clear_pointer (&label, g_free);
  label = studio_games_button_dup_label (button);
  g_assert_cmpstr (label, ==, "Game 2000 of 2000");
  g_assert_cmpstr (gtk_label_get_label (window->headline_label), ==, "Training 2000");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, N_BIG - 1);

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

typedef struct {
  guint n;
  guint position;
} Changes;

static void
count_items_changed (GListModel *model,
                     guint       position,
                     guint       removed,
                     guint       added,
                     Changes    *changes)
{
  g_assert_cmpuint (removed, ==, 1);
  g_assert_cmpuint (added, ==, 1);
  changes->n++;
  changes->position = position;
}

/* A single game: no button, and the game actions do nothing. */
static void
test_single_game (void)
{
  StudioWindow *window = open_sample ("apex-race.pgn");
  StudioDocument *document = studio_window_get_document (window);
  Changes changes = { 0, 0 };

  g_assert_cmpuint (studio_document_get_n_games (document), ==, 1);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->games_button)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-game", NULL);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 0);

  /* A file of three games in the same window shows the button; a new game
   * hides it again. */
  g_assert_true (studio_window_load_text (window,
                                          "[Event \"A\"]\n\n1. fg3 *\n\n[Event \"B\"]\n\n1. fg3 *\n\n"
                                          "[Event \"C\"]\n\n*\n", NULL));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->games_button)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  g_assert_cmpstr (event_of (studio_document_get_game (document)), ==, "B");

  /* A listed tag edited (the Result): that game's item changes, once, and
   * the search sees the new value. */
  g_signal_connect (document, "items-changed", G_CALLBACK (count_items_changed), &changes);
  g_assert_cmpuint (filtered_count (window->games_button, "1-0"), ==, 0);
  cheops_game_set_tag (studio_document_get_game (document), "Result", "1-0", NULL);
  g_assert_cmpuint (changes.n, ==, 1);
  g_assert_cmpuint (changes.position, ==, 1);
  g_assert_cmpuint (filtered_count (window->games_button, "1-0"), ==, 1);
  /* A move is no listed tag: no change of the item. */
  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "lj1");
  g_assert_cmpuint (changes.n, ==, 1);
  g_signal_handlers_disconnect_by_func (document, count_items_changed, &changes);
  gtk_editable_set_text (studio_games_button_get_search_entry (window->games_button), "");
  /* Both undone: nothing to lose, so win.new takes this window. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (studio_document_get_modified (document));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  g_assert_cmpuint (studio_document_get_n_games (document), ==, 1);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->games_button)));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A game read with an error: its first error is listed with it; editing
 * another game loses nothing, editing it asks before saving. */
static void
test_partly_read_per_game (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  g_autofree char *message = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_window_load_text (window,
                                          "[Event \"Good\"]\n\n1. fg3 lj1 *\n\n"
                                          "[Event \"Broken\"]\n\n1. fg3 lj1 2. Zq7 2... mk2 *\n", NULL));
  g_assert_cmpuint (studio_document_get_n_games (document), ==, 2);
  g_assert_null (studio_document_get_game_error (document, 0));
  g_assert_cmpstr (studio_document_get_game_error (document, 1), ==,
                   g_ptr_array_index (studio_document_get_load_errors (document), 0));
  g_assert_true (g_str_has_prefix (studio_document_get_game_error (document, 1), "7:"));

  /* The good game edited: nothing lost. */
  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "d3e4");
  g_assert_true (studio_document_get_modified (document));
  g_assert_false (studio_document_get_save_loses_text (document));

  /* The broken one edited: saving would lose its unread part. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  g_assert_cmpstr (event_of (studio_document_get_game (document)), ==, "Broken");
  g_assert_false (studio_document_get_save_loses_text (document));
  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "d3e4");
  g_assert_true (studio_document_get_save_loses_text (document));
  g_assert_false (studio_document_get_game_loses_text (document, 0));
  g_assert_true (studio_document_get_game_loses_text (document, 1));
  /* The question before saving names it, whichever game is shown. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-game", NULL);
  message = _studio_window_games_dup_loses_text_message (window);
  g_assert_cmpstr (message, ==, "Game 2 of this file had errors when it was opened and was read only up to its "
                   "first error. Saving writes what was read and your changes: the rest of that game in the file "
                   "is lost.");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-game", NULL);
  /* ... and undone, not any more. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (studio_document_get_save_loses_text (document));
  g_assert_true (studio_document_get_modified (document));  /* game 1 still is */

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Alt+Page Down and Alt+Page Up (Ctrl+Page Down/Up are the tabs', as in
 * GNOME Text Editor), in the shortcuts window too. */
static void
test_accelerators (void)
{
  g_autoptr(StudioApplication) app = studio_application_new ();
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) next = NULL;
  g_auto(GStrv) previous = NULL;
  g_autoptr(GtkBuilder) builder = NULL;
  GObject *overlay;

  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);

  next = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.next-game");
  previous = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.previous-game");
  g_assert_cmpuint (g_strv_length (next), ==, 1);
  g_assert_cmpstr (next[0], ==, "<Alt>Page_Down");
  g_assert_cmpuint (g_strv_length (previous), ==, 1);
  g_assert_cmpstr (previous[0], ==, "<Alt>Page_Up");

  builder = gtk_builder_new_from_resource ("/org/cheops/Studio/help-overlay.ui");
  overlay = gtk_builder_get_object (builder, "help_overlay");
  g_assert_nonnull (overlay);
  {
    g_autofree char *xml = NULL;
    g_autoptr(GBytes) bytes = g_resources_lookup_data ("/org/cheops/Studio/help-overlay.ui", 0, NULL);

    xml = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    g_assert_nonnull (strstr (xml, "win.next-game"));
    g_assert_nonnull (strstr (xml, "win.previous-game"));
  }
  gtk_window_destroy (GTK_WINDOW (overlay));
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The texts of the list's rows, "number|title|subtitle" a line each, in
 * the order of the numbers. */
static char *
dup_row_texts (GtkListView *list_view)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) text = g_string_new (NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (list_view)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *row = gtk_widget_get_first_child (child);
      GtkLabel *number = row != NULL ? g_object_get_data (G_OBJECT (row), "number") : NULL;
      GtkLabel *subtitle;

      if (number == NULL)
        continue;
      subtitle = g_object_get_data (G_OBJECT (row), "subtitle");
      g_ptr_array_add (lines, g_strdup_printf ("%3s|%s|%s", gtk_label_get_label (number),
                                               gtk_label_get_label (g_object_get_data (G_OBJECT (row), "title")),
                                               gtk_widget_get_visible (GTK_WIDGET (subtitle)) ? gtk_label_get_label (subtitle) : ""));
    }
  g_ptr_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (text, "%s\n", (char *) g_ptr_array_index (lines, i));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A problems file (issue 21): every game has the same Event and no
 * players; each row shows the problem's stipulation (from the file), the
 * event and date under it.  (Every row read "Cheops Studio problems".) */
static void
test_problems_rows (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "problems", "cheops.pgn", NULL);
  StudioWindow *window = open_path (path);
  StudioGamesButton *button = window->games_button;
  g_autofree char *texts = NULL;

  studio_games_button_popup (button);
  studio_test_spin_for (200);
  texts = dup_row_texts (studio_games_button_get_list_view (button));
  g_assert_cmpstr (texts, ==,
                   "  1|#1|Cheops Studio problems · 2026.12.01\n"
                   "  2|#1|Cheops Studio problems · 2026.12.01\n"
                   "  3|#2|Cheops Studio problems · 2026.12.01\n"
                   "  4|#2|Cheops Studio problems · 2026.12.01\n"
                   "  5|#1|Cheops Studio problems · 2026.12.01\n"
                   "  6|#2|Cheops Studio problems · 2026.12.01\n"
                   "  7|ser-#2|Cheops Studio problems · 2026.12.04\n"
                   "  8|ser-#1|Cheops Studio problems · 2026.12.04\n"
                   "  9|ser-#1|Cheops Studio problems · 2026.12.04\n"
                   " 10|h#2|Cheops Studio problems · 2026.12.05\n"
                   " 11|h#2|Cheops Studio problems · 2026.12.05\n"
                   " 12|h#2|Cheops Studio problems · 2026.12.05\n"
                   " 13|h#2|Cheops Studio problems · 2026.12.05\n"
                   " 14|s#1|Cheops Studio problems · 2026.12.05\n"
                   " 15|s#1|Cheops Studio problems · 2026.12.05\n"
                   " 16|s#1|Cheops Studio problems · 2026.12.05\n"
                   " 17|s#1|Cheops Studio problems · 2026.12.05\n"
                   " 18|ser-#2|Cheops Studio problems · 2026.12.05\n");
  /* The search finds what the rows show. */
  g_assert_cmpuint (filtered_count (button, "ser-#"), ==, 4);
  g_assert_cmpuint (filtered_count (button, "#2"), ==, 9);
  g_assert_cmpuint (filtered_count (button, ""), ==, 18);
  studio_games_button_popdown (button);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_func ("/Studio/Games/sample-switch-edit-save", test_sample_switch_edit_save);
  g_test_add_func ("/Studio/Games/sample-search", test_sample_search);
  g_test_add_func ("/Studio/Games/big-file", test_big_file);
  g_test_add_func ("/Studio/Games/single-game", test_single_game);
  g_test_add_func ("/Studio/Games/partly-read-per-game", test_partly_read_per_game);
  g_test_add_func ("/Studio/Games/accelerators", test_accelerators);
  g_test_add_func ("/Studio/Games/undecodable-file", test_undecodable_file);
  g_test_add_func ("/Studio/Games/problems-rows", test_problems_rows);

  return g_test_run ();
}
