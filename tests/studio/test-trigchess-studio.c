/* test-trigchess-studio.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Step and Circle TrigChess in the studio (variants/trigchess.md): a game
 * started from New Game (remembered as the next New Game), moves played
 * through the document, the status line at a checkmate (TR13) and at the
 * third occurrence (TR15) in the game's words, the engine client choosing
 * UCI_Variant trigchess and the analysis lines in TrigChess SAN (6.3), a
 * game saved and read back with its Gold/Red tags and Variant (6.4, 6.5),
 * and the start page's samples read from data/samples.
 */
#include "studio-config.h"

#include <string.h>

#include <glib/gstdio.h>
#include <adwaita.h>

#include "cheops-core.h"
#include "cheops-game.h"
#include "studio-analysis-panel.h"
#include "studio-document.h"
#include "studio-engine.h"
#include "studio-setup-panel.h"
#include "studio-eval-bar.h"
#include "studio-board-scene.h"
#include "studio-test-util.h"
#include "studio-window.h"
#include "studio-window-private.h"

static const CheopsVariant *trigchess;

/* The label of a toast (adw_toast_set_custom_title(), with the whole
 * text in its tooltip). */
static gboolean
is_toast_label (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_tooltip_text (widget) != NULL;
}

static gboolean
has_toast (gpointer data)
{
  return studio_test_find_widget (data, is_toast_label, NULL) != NULL;
}

/* A window on the board with a new game of TrigChess, from New Game's
 * menu item (win.new-variant("trigchess")). */
static StudioWindow *
trigchess_window (void)
{
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "trigchess");
  g_assert_true (studio_document_get_variant (studio_window_get_document (window)) == trigchess);
  return window;
}

static void
play (StudioWindow *window,
      const char   *line)
{
  g_auto(GStrv) moves = g_strsplit (line, " ", -1);
  g_autoptr(GError) error = NULL;

  g_assert_true (studio_document_play_line (studio_window_get_document (window),
                                            (const char *const *) moves, g_strv_length (moves), &error));
  g_assert_no_error (error);
}

/* New Game offers each variant by title, starts the one chosen and
 * remembers it: Ctrl+N (win.new) then starts TrigChess again. */
static void
test_new_game (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  StudioWindow *window;
  StudioDocument *document;
  gboolean offered = FALSE;
  g_autofree char *status = NULL;
  g_autofree char *fen = NULL;

  g_settings_reset (settings, "last-variant");
  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  document = studio_window_get_document (window);

  /* The primary menu's New Game submenu: one item per variant. */
  {
    int n_variants = 0;

    while (cheops_variants[n_variants] != NULL)
      n_variants++;
    g_assert_cmpint (n_variants, >=, 2);
    g_assert_cmpint (g_menu_model_get_n_items (G_MENU_MODEL (window->new_submenu)), ==, n_variants);
  }
  for (int i = 0; i < g_menu_model_get_n_items (G_MENU_MODEL (window->new_submenu)); i++)
    {
      g_autofree char *label = NULL;
      g_autofree char *target = NULL;

      g_menu_model_get_item_attribute (G_MENU_MODEL (window->new_submenu), i, "label", "s", &label);
      g_menu_model_get_item_attribute (G_MENU_MODEL (window->new_submenu), i, "target", "s", &target);
      if (g_str_equal (label, "Step and Circle TrigChess"))
        {
          g_assert_cmpstr (target, ==, "trigchess");
          offered = TRUE;
        }
    }
  g_assert_true (offered);

  /* Ctrl+N with nothing remembered: Cheops. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  g_assert_true (studio_document_get_variant (document) == &cheops_variant_cheops);
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Cheops · Not saved");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "trigchess");
  g_assert_true (studio_document_get_variant (document) == trigchess);
  g_assert_cmpstr (g_settings_get_string (settings, "last-variant"), ==, "trigchess");
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, trigchess->start_fen);
  /* The subtitle says which game is open. */
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==,
                   "Step and Circle TrigChess · Not saved");
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Gold to move");

  /* Back to Cheops by the menu, then Ctrl+N: the last one chosen. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "cheops");
  g_assert_true (studio_document_get_variant (document) == &cheops_variant_cheops);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "trigchess");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new", NULL);
  g_assert_true (studio_document_get_variant (document) == trigchess);

  g_settings_reset (settings, "last-variant");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* 1. Ga3 b4 2. Gxc5#: Gold wins by checkmate at once (spec section 8,
 * TR13); the game has no move left. */
static void
test_checkmate (void)
{
  StudioWindow *window = trigchess_window ();
  StudioDocument *document = studio_window_get_document (window);
  g_autofree char *status = NULL;
  guint n_moves = 99;

  play (window, "Ga3 b4 Gxc5#");
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Gold wins by checkmate.");
  g_assert_cmpstr (studio_document_get_result (document, studio_document_get_outcome (document)), ==, "1-0");
  cheops_game_node_get_moves (studio_document_get_current (document), &n_moves);
  g_assert_cmpuint (n_moves, ==, 0);
  /* The user test: the bar stayed level after a checkmate.  Gold's side
   * full, engine off. */
  g_assert_cmpfloat (studio_eval_bar_get_fraction (window->eval_bar), ==, 1.0);
  {
    g_autofree char *bar_text = studio_eval_bar_dup_text (window->eval_bar);

    g_assert_cmpstr (bar_text, ==, "1-0");
  }

  /* One move back: Red to move, not yet mated. */
  g_assert_true (studio_document_go_back (document));
  g_assert_cmpfloat (studio_eval_bar_get_fraction (window->eval_bar), ==, 0.5);
  g_clear_pointer (&status, g_free);
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Gold to move");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* 1. Ge3 Ge4 2. Ge2 Ge5 3. Ge3 Ge4 4. Ge2 Ge5: Red's last move makes the
 * initial position occur a third time, and Red loses (TR15). */
static void
test_repetition (void)
{
  StudioWindow *window = trigchess_window ();
  StudioDocument *document = studio_window_get_document (window);
  g_autofree char *status = NULL;

  play (window, "Ge3 Ge4 Ge2 Ge5 Ge3 Ge4 Ge2");
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Red to move");
  play (window, "Ge5");
  g_clear_pointer (&status, g_free);
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Gold wins by the opponent's third repetition.");

  /* The user test: a move tried after the end said "the game is over:
   * ..." in lower case.  The toast is a sentence of the studio's. */
  {
    CheopsMove moves[CHEOPS_MAX_MOVES];
    GtkWidget *label;

    g_assert_true (cheops_generate_moves (studio_document_get_position (document), moves) > moves);
    g_signal_emit_by_name (window->scene, "move-played", (guint) moves[0]);
    studio_test_spin_until (has_toast, window->toast_overlay);
    label = studio_test_find_widget (GTK_WIDGET (window->toast_overlay), is_toast_label, NULL);
    g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==,
                     "The game is over: Gold wins by the opponent's third repetition.");
  }
  g_assert_cmpstr (studio_document_get_result (document, studio_document_get_outcome (document)), ==, "1-0");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The user test: game text without a [Variant] tag pasted into a
 * TrigChess window was read as Cheops ("unreadable move Ga3").  It is read
 * as the window's variant first; a Cheops game without the tag still
 * reads as Cheops; text that is no game of any variant is refused with the
 * document variant's reason. */
static void
test_paste_without_variant_tag (void)
{
  StudioWindow *window = trigchess_window ();
  StudioDocument *document = studio_window_get_document (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *status = NULL;

  g_assert_true (studio_window_load_text (window, "1. Ga3 b4 2. Gxc5# 1-0\n", &error));
  g_assert_no_error (error);
  g_assert_true (studio_document_get_variant (document) == trigchess);
  g_assert_cmpuint (studio_document_get_load_errors (document)->len, ==, 0);
  g_assert_true (studio_document_go_end (document));
  status = _studio_window_dup_status (window);
  g_assert_cmpstr (status, ==, "Gold wins by checkmate.");

  /* A Cheops game without the tag, in the same TrigChess window. */
  g_assert_true (studio_window_load_text (window, "1. eg2 mk3 *\n", &error) ||
                 (g_printerr ("%s\n", error->message), FALSE));
  g_assert_true (studio_document_get_variant (document) == &cheops_variant_cheops);
  g_assert_cmpuint (studio_document_get_load_errors (document)->len, ==, 0);

  /* No game of any variant: TrigChess's reason (this window's, read
   * first) after the short prefix the toast shows. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "trigchess");
  g_assert_false (studio_window_load_text (window, "1. Zz9 1-0\n", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "line 1:4: unreadable move Zz9"));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The user test: after F, Red is at the bottom of a TrigChess board (a
 * half turn, CHEOPS_FLIP_ROTATE), and so is Red's end of the bar; a
 * Cheops board is mirrored and its bar stays as it is. */
static void
test_flip_turns_eval_bar (void)
{
  StudioWindow *window = trigchess_window ();
  gboolean was_flipped = studio_board_scene_get_flipped (window->scene);

  studio_board_scene_set_flipped (window->scene, FALSE);
  g_assert_false (studio_eval_bar_get_upside_down (window->eval_bar));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
  g_assert_true (studio_board_scene_get_flipped (window->scene));
  g_assert_true (studio_eval_bar_get_upside_down (window->eval_bar));

  /* Cheops, still flipped: mirrored, the bar as it was. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "cheops");
  g_assert_true (studio_board_scene_get_flipped (window->scene));
  g_assert_false (studio_eval_bar_get_upside_down (window->eval_bar));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "trigchess");
  g_assert_true (studio_eval_bar_get_upside_down (window->eval_bar));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
  g_assert_false (studio_eval_bar_get_upside_down (window->eval_bar));

  studio_board_scene_set_flipped (window->scene, was_flipped);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "cheops");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The user test: the set-up's FEN field showed only the end of the board
 * ("…DSGKGSD"), not the side to move and counters, and the page did not
 * say which game.  The field wraps and holds the whole FEN from its
 * start; the header names the game. */
static void
test_setup_shows_whole_fen (void)
{
  StudioWindow *window = trigchess_window ();
  GtkWidget *panel;
  GtkWidget *view;
  g_autofree char *fen = NULL;
  GtkTextIter cursor;
  GtkTextBuffer *buffer;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.setup-position", NULL);
  g_assert_true (studio_window_get_setting_up (window));
  panel = studio_window_get_setup_panel (window);
  view = studio_test_find_widget_of_type (panel, GTK_TYPE_TEXT_VIEW);
  g_assert_nonnull (view);
  g_assert_cmpint (gtk_text_view_get_wrap_mode (GTK_TEXT_VIEW (view)), ==, GTK_WRAP_CHAR);
  fen = studio_setup_panel_dup_fen (STUDIO_SETUP_PANEL (panel));
  g_assert_cmpstr (fen, ==, trigchess->start_fen);
  buffer = gtk_text_view_get_buffer (GTK_TEXT_VIEW (view));
  gtk_text_buffer_get_iter_at_mark (buffer, &cursor, gtk_text_buffer_get_insert (buffer));
  g_assert_cmpint (gtk_text_iter_get_offset (&cursor), ==, 0);
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==,
                   "Set Up a Step and Circle TrigChess Position");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "Set Up a Step and Circle TrigChess Position — Cheops Studio");

  /* A FEN pasted on two lines reads as one. */
  {
    g_autofree char *two_lines = g_strdup (trigchess->start_fen);

    *strchr (two_lines, ' ') = '\n';
    studio_setup_panel_set_fen (STUDIO_SETUP_PANEL (panel), two_lines);
    g_assert_true (studio_setup_panel_get_valid (STUDIO_SETUP_PANEL (panel)));
    studio_setup_panel_set_fen (STUDIO_SETUP_PANEL (panel), "x");
    g_assert_false (studio_setup_panel_get_valid (STUDIO_SETUP_PANEL (panel)));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Saved as text and read back: Gold and Red take White's and Black's
 * places, the Variant tag names the game (6.4, 6.5), the moves are SAN. */
static void
test_save_and_read_back (void)
{
  StudioWindow *window = trigchess_window ();
  StudioDocument *document = studio_window_get_document (window);
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  g_autoptr(GError) error = NULL;

  play (window, "Ga3 b4 Gxc5#");
  text = studio_document_dup_game_text (document);
  g_assert_nonnull (strstr (text, "[Variant \"Step and Circle TrigChess\"]\n"));
  g_assert_nonnull (strstr (text, "[Gold \"?\"]\n[Red \"?\"]\n"));
  g_assert_null (strstr (text, "[Green "));
  g_assert_nonnull (strstr (text, "1. Ga3 b4 2. Gxc5# 1-0"));

  /* Read by a window that shows a Cheops game. */
  {
    StudioWindow *reader = studio_window_new (NULL);
    StudioDocument *read = studio_window_get_document (reader);
    g_autofree char *status = NULL;

    g_assert_true (studio_document_get_variant (read) == &cheops_variant_cheops);
    g_assert_true (studio_window_load_text (reader, text, &error));
    g_assert_no_error (error);
    g_assert_true (studio_document_get_variant (read) == trigchess);
    again = studio_document_dup_game_text (read);
    g_assert_cmpstr (again, ==, text);
    studio_document_go_end (read);
    status = _studio_window_dup_status (reader);
    g_assert_cmpstr (status, ==, "Gold wins by checkmate.");
    gtk_window_destroy (GTK_WINDOW (reader));
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A fake engine that plays cheops and trigchess and answers every search
 * with @pv (TrigChess machine text) and a forced win. */
static char *
make_engine (const char *dir,
             const char *pv)
{
  g_autofree char *path = g_build_filename (dir, "engine", NULL);
  g_autofree char *log = g_build_filename (dir, "engine.log", NULL);
  g_autofree char *script = NULL;
  g_autoptr(GError) error = NULL;

  script = g_strdup_printf ("#!/bin/sh\n"
                            "FAKE_ENGINE_LOG='%s' FAKE_ENGINE_VARIANTS='cheops trigchess' "
                            "FAKE_ENGINE_PV='%s' FAKE_ENGINE_SCORE='mate 2' exec '%s' good\n",
                            log, pv, g_getenv ("STUDIO_FAKE_ENGINE"));
  g_file_set_contents (path, script, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return g_steal_pointer (&path);
}

static gboolean
has_lines (gpointer data)
{
  return studio_analysis_panel_get_n_lines (data) > 0;
}

/* Analysis of a TrigChess game: UCI_Variant trigchess before the search,
 * the line in TrigChess SAN with Gold's and Red's move numbers, the
 * forced win said in the game's colours. */
static void
test_analysis (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autofree char *dir = g_dir_make_tmp ("trigchess-engine-XXXXXX", NULL);
  g_autofree char *engine = make_engine (dir, "e2a3 b5b4 a3c5");
  g_autofree char *log_path = g_build_filename (dir, "engine.log", NULL);
  g_autofree char *log = NULL;
  g_autofree char *line = NULL;
  StudioAnalysisPanel *panel;
  StudioWindow *window;
  const char *setoption, *position;

  g_settings_set_string (settings, "last-engine", engine);
  window = trigchess_window ();
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  studio_test_spin_until (has_lines, panel);

  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  setoption = strstr (log, "setoption name UCI_Variant value trigchess\n");
  position = strstr (log, "position ");
  g_assert_nonnull (setoption);
  g_assert_nonnull (position);
  g_assert_true (setoption < position);
  g_assert_null (strstr (log, "UCI_Variant value cheops"));

  line = studio_analysis_panel_dup_line (panel, 0);
  g_assert_cmpstr (line, ==, "#2 1.\u2009Ga3 b4 2.\u2009Gxc5#");

  studio_analysis_panel_set_running (panel, FALSE);
  g_settings_reset (settings, "last-engine");
  gtk_window_destroy (GTK_WINDOW (window));
  studio_test_spin_for (200);
  g_remove (log_path);
  g_remove (engine);
  g_rmdir (dir);
}

/* The start page lists every game file of data/samples (adding a sample
 * is adding the file), each with its game's title. */
static void
test_samples_from_data (void)
{
  g_auto(GStrv) resources = g_resources_enumerate_children ("/org/cheops/Studio/samples/",
                                                            G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_autoptr(GDir) dir = g_dir_open (SAMPLES_SRCDIR, 0, NULL);
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (resources);
  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".pgn"))
      g_ptr_array_add (files, g_strdup (name));
  g_assert_cmpuint (files->len, >, 0);
  g_assert_cmpuint (g_strv_length (resources), ==, files->len);
  for (guint i = 0; i < files->len; i++)
    g_assert_true (g_strv_contains ((const char *const *) resources, g_ptr_array_index (files, i)));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);
  trigchess = cheops_variant_find ("trigchess");
  g_assert_nonnull (trigchess);

  g_test_add_func ("/Studio/TrigChess/new-game", test_new_game);
  g_test_add_func ("/Studio/TrigChess/checkmate", test_checkmate);
  g_test_add_func ("/Studio/TrigChess/repetition", test_repetition);
  g_test_add_func ("/Studio/TrigChess/paste-without-variant-tag", test_paste_without_variant_tag);
  g_test_add_func ("/Studio/TrigChess/flip-turns-eval-bar", test_flip_turns_eval_bar);
  g_test_add_func ("/Studio/TrigChess/setup-shows-whole-fen", test_setup_shows_whole_fen);
  g_test_add_func ("/Studio/TrigChess/save-and-read-back", test_save_and_read_back);
  g_test_add_func ("/Studio/TrigChess/analysis", test_analysis);
  g_test_add_func ("/Studio/TrigChess/samples-from-data", test_samples_from_data);

  return g_test_run ();
}
