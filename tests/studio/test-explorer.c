/* test-explorer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Find This Position and the Explorer (issue 23) under a display
 * (xvfb-run), on tests/data/collections: cheops.pgn (Cheops games with
 * variations, comments, a game that starts on a set-up position, games
 * with errors, a TrigChess game) and variants.pgn (TrigChess, Cypher
 * chess, Pyramids and one Cheops game), both open in tabs.  The rows are
 * the ones reasoned out by hand from the games' main lines (the files'
 * comments and tests/tools/test-search-tool.c give the reasoning; the
 * positions after 1. Ah1 kj1 are worked out below); activating a row opens
 * the game at its ply, clicking a move of the Explorer plays it and the
 * Explorer follows.
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "studio-test-util.h"
#include "cheops-core.h"
#include "cheops-position-index.h"
#include "studio-document.h"
#include "studio-window.h"
#include "studio-window-private.h"

#ifndef COLLECTIONS_DIR
#error "COLLECTIONS_DIR must be defined by the build"
#endif

static gboolean
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL;
}

/* A window with cheops.pgn in its first tab and variants.pgn in its
 * second (selected). */
static StudioWindow *
open_collections (void)
{
  g_autoptr(GFile) cheops = g_file_new_build_filename (COLLECTIONS_DIR, "cheops.pgn", NULL);
  g_autoptr(GFile) variants = g_file_new_build_filename (COLLECTIONS_DIR, "variants.pgn", NULL);
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1300, 900);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, cheops);
  studio_test_spin_until (document_has_file, studio_window_get_document (window));
  studio_window_open_file_in_tab (window, variants);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  studio_test_spin_until (document_has_file, studio_window_get_tab_document (window, 1));
  return window;
}

/* Shows game @game (from 0) of tab @tab at ply @ply of its main line. */
static StudioDocument *
go_to (StudioWindow *window,
       guint         tab,
       guint         game,
       guint         ply)
{
  StudioDocument *document = studio_window_get_tab_document (window, tab);
  CheopsGameNode *node;

  studio_window_select_tab (window, tab);
  g_assert_true (studio_window_get_document (window) == document);
  studio_document_show_game (document, game);
  node = cheops_game_get_root (studio_document_get_game (document));
  for (guint p = 0; p < ply; p++)
    node = cheops_game_node_get_first_child (node);
  g_assert_nonnull (node);
  studio_document_set_current (document, node);
  return document;
}

static gboolean
has_class (GtkWidget     *widget,
           gconstpointer  data)
{
  return gtk_widget_has_css_class (widget, data);
}

static gboolean
has_name (GtkWidget     *widget,
          gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static GtkWidget *
find_named (GtkWidget  *root,
            const char *name)
{
  GtkWidget *widget = studio_test_find_widget (root, has_name, name);

  g_assert_nonnull (widget);
  return widget;
}

/* Find This Position. */

static gboolean
finder_done (gpointer data)
{
  GtkLabel *status = data;

  const char *text = gtk_label_get_label (status);

  /* Not "Searching…" nor "Reading “FILE”… N %". */
  return strstr (text, "this position") != NULL || g_str_has_prefix (text, "No game");
}

/* The rows of a Find window: "TITLE | SUBTITLE" per row, one a line, and
 * the status on the last line. */
static char *
finder_rows (GtkWindow *finder)
{
  GtkLabel *status = GTK_LABEL (find_named (GTK_WIDGET (finder), "find-position-status"));
  GtkWidget *list = find_named (GTK_WIDGET (finder), "find-position-list");
  GString *rows = g_string_new (NULL);

  studio_test_spin_until (finder_done, status);
  studio_test_spin_frames ();
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *title = studio_test_find_widget (row, has_class, "find-position-title");
      GtkWidget *subtitle = studio_test_find_widget (row, has_class, "find-position-subtitle");

      if (title != NULL && gtk_widget_get_child_visible (row))
        g_string_append_printf (rows, "%s | %s\n", gtk_label_get_label (GTK_LABEL (title)),
                                gtk_label_get_label (GTK_LABEL (subtitle)));
    }
  g_string_append (rows, gtk_label_get_label (status));
  return g_string_free (rows, FALSE);
}

static GtkWindow *
the_finder (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      if (g_str_equal (gtk_widget_get_name (window), "find-position-window") && gtk_widget_get_visible (window))
        return GTK_WINDOW (window);
    }
  return NULL;
}

static void
test_find (void)
{
  StudioWindow *window = open_collections ();
  g_autofree char *rows = NULL;
  GtkWindow *finder;
  StudioDocument *document;
  CheopsGameNode *node;

  /* P1, after 1. Ah1 in game 1: game 3 at ply 1 (again at 5), game 5
   * starts there (other counters), 7 and 10 at ply 1; game 4 has it in a
   * variation only, game 6 has its pieces with the other side to move;
   * no game of variants.pgn (its Cheops game plays 1. i1). */
  go_to (window, 0, 0, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find-position", NULL));
  finder = the_finder ();
  g_assert_nonnull (finder);
  rows = finder_rows (finder);
  g_assert_cmpstr (rows, ==,
                   "Ann Archer – Bob Baker | cheops.pgn · game 1 · ply 1\n"
                   "Dan Dunn – Eve Evans | cheops.pgn · game 3 · ply 1\n"
                   "Fay Ford – Gus Gray | cheops.pgn · game 5 · ply 0\n"
                   "Hal Hunt – Ivy Irwin | cheops.pgn · game 7 · ply 1\n"
                   "Jo Jones – Kim Kent | cheops.pgn · game 10 · ply 1\n"
                   "5 games reach this position");
  gtk_window_destroy (finder);
  g_clear_pointer (&rows, g_free);

  /* TrigChess: Q_T after 1. b3 h4 2. h3 of game 1, in game 2 by
   * transposition, in game 3 only in a variation; cheops.pgn's TrigChess
   * game plays 1. Ge3. */
  go_to (window, 1, 0, 3);
  finder = _studio_window_find_position (window, NULL);
  rows = finder_rows (finder);
  g_assert_cmpstr (rows, ==,
                   "Lea Long – Max Moss | variants.pgn · game 1 · ply 3\n"
                   "Max Moss – Lea Long | variants.pgn · game 2 · ply 3\n"
                   "2 games reach this position");
  gtk_window_destroy (finder);
  g_clear_pointer (&rows, g_free);

  /* Cypher chess: Q_C after 1. a4 a6 2. h4 of game 4; game 5 starts on it
   * with a check counter, game 6 by transposition. */
  go_to (window, 1, 3, 3);
  finder = _studio_window_find_position (window, NULL);
  rows = finder_rows (finder);
  g_assert_cmpstr (rows, ==,
                   "Ned Nash – Oda Orr | variants.pgn · game 4 · ply 3\n"
                   "Cypher test | variants.pgn · game 5 · ply 0\n"
                   "Cypher test | variants.pgn · game 6 · ply 3\n"
                   "3 games reach this position");
  gtk_window_destroy (finder);
  g_clear_pointer (&rows, g_free);

  /* Pyramids: Q_P after 1. i3 a6 2. a3 of game 7; game 8 starts on it
   * without the faraons' rights, game 9 has its pieces with White to
   * move.  Activating game 8's row shows that game at its start. */
  document = go_to (window, 1, 6, 3);
  finder = _studio_window_find_position (window, NULL);
  rows = finder_rows (finder);
  g_assert_cmpstr (rows, ==,
                   "Pia Post – Quin Quay | variants.pgn · game 7 · ply 3\n"
                   "Pyramids test | variants.pgn · game 8 · ply 0\n"
                   "2 games reach this position");
  g_signal_emit_by_name (find_named (GTK_WIDGET (finder), "find-position-list"), "activate", 1u);
  g_assert_true (studio_window_get_document (window) == document);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 7);
  node = studio_document_get_current (document);
  g_assert_true (node == cheops_game_get_root (studio_document_get_game (document)));

  /* Game 3 of cheops.pgn: its tab is selected, at ply 1. */
  gtk_window_destroy (finder);
  go_to (window, 0, 0, 1);
  finder = _studio_window_find_position (window, NULL);
  g_clear_pointer (&rows, g_free);
  rows = finder_rows (finder);
  g_signal_emit_by_name (find_named (GTK_WIDGET (finder), "find-position-list"), "activate", 1u);
  document = studio_window_get_tab_document (window, 0);
  g_assert_true (studio_window_get_document (window) == document);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 2);
  node = studio_document_get_current (document);
  g_assert_cmpstr (cheops_game_node_get_san (node), ==, "Ah1");
  g_assert_true (cheops_game_node_get_parent (node) == cheops_game_get_root (studio_document_get_game (document)));

  gtk_window_destroy (finder);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A folder's files: a game of a file that is not open is read from it,
 * in a new tab when the current one has unsaved work. */
static void
test_find_folder (void)
{
  StudioWindow *window = open_collections ();
  g_autofree char *folder = g_dir_make_tmp ("explorer-folder-XXXXXX", NULL);
  g_autofree char *source = g_build_filename (COLLECTIONS_DIR, "variants.pgn", NULL);
  g_autofree char *copy = g_build_filename (folder, "copy.pgn", NULL);
  g_autofree char *other = g_build_filename (folder, "notes.txt", NULL);
  g_autofree char *text = NULL;
  g_autofree char *rows = NULL;
  g_autoptr(GError) error = NULL;
  StudioDocument *document;
  GtkWindow *finder;
  gsize length;
  guint64 key;
  const CheopsMove *moves;
  guint n_moves;

  g_assert_true (g_file_get_contents (source, &text, &length, &error));
  g_assert_true (g_file_set_contents (copy, text, (gssize) length, &error));
  g_assert_true (g_file_set_contents (other, "1. i1 *\n", -1, &error));

  /* Cypher chess's Q_C, with an edit after it: the tab has unsaved work. */
  document = go_to (window, 1, 3, 3);
  key = cheops_position_search_key (studio_document_get_position (document));
  finder = _studio_window_find_position (window, folder);
  rows = finder_rows (finder);
  g_assert_cmpstr (rows, ==,
                   "Ned Nash – Oda Orr | copy.pgn · game 4 · ply 3\n"
                   "Cypher test | copy.pgn · game 5 · ply 0\n"
                   "Cypher test | copy.pgn · game 6 · ply 3\n"
                   "3 games reach this position");
  studio_document_go_end (document);
  moves = cheops_game_node_get_moves (studio_document_get_current (document), &n_moves);
  g_assert_cmpuint (n_moves, >, 0);
  g_assert_nonnull (studio_document_play_move (document, moves[0], &error));
  g_assert_no_error (error);
  g_assert_true (studio_document_get_modified (document));

  g_signal_emit_by_name (find_named (GTK_WIDGET (finder), "find-position-list"), "activate", 2u);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 3);
  document = studio_window_get_document (window);
  g_assert_true (document == studio_window_get_tab_document (window, 2));
  g_assert_cmpstr (cheops_game_get_tag (studio_document_get_game (document), "Event"), ==, "Cypher test");
  g_assert_cmpuint (cheops_position_search_key (studio_document_get_position (document)), ==, key);
  g_assert_cmpstr (cheops_game_node_get_san (studio_document_get_current (document)), ==, "a4");

  gtk_window_destroy (finder);
  g_unlink (copy);
  g_unlink (other);
  g_rmdir (folder);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
count_tick (gpointer data)
{
  (*(guint *) data)++;
  return G_SOURCE_CONTINUE;
}

/* A large file is read and searched in a worker thread: while it is read
 * the window goes on (its main loop runs, the status says how far), and
 * every one of its games is found. */
static void
test_large_in_worker (void)
{
  StudioWindow *window = studio_window_new (NULL);
  g_autofree char *folder = g_dir_make_tmp ("explorer-large-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "large.pgn", NULL);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  GtkWindow *finder;
  GtkLabel *status;
  gboolean seen_reading = FALSE;
  guint ticks = 0, ticks_while_reading = 0, tick;
  gint64 deadline;

  for (guint i = 0; i < 40000; i++)
    g_string_append_printf (text, "[Event \"Large %u\"]\n[Result \"%s\"]\n\n{A comment.} 1. %s kj1 (1... Aj1) 2. i1 %s\n\n",
                            i, i % 2 ? "1-0" : "*", i % 3 ? "Ah1" : "Ae1", i % 2 ? "1-0" : "*");
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, &error));
  gtk_window_present (GTK_WINDOW (window));

  tick = g_timeout_add (5, count_tick, &ticks);
  finder = _studio_window_find_position (window, folder);
  status = GTK_LABEL (find_named (GTK_WIDGET (finder), "find-position-status"));
  deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (!finder_done (status))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      if (g_str_has_prefix (gtk_label_get_label (status), "Reading “large.pgn”… "))
        {
          seen_reading = TRUE;
          ticks_while_reading = ticks;
        }
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (tick);
  g_assert_true (seen_reading);
  g_assert_cmpuint (ticks_while_reading, >, 0);
  g_assert_cmpstr (gtk_label_get_label (status), ==, "40000 games reach this position");

  gtk_window_destroy (finder);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (folder);
}

static gboolean
window_solving (gpointer data)
{
  return studio_window_get_solving (data);
}

/* While problems are solved, neither finds the problem's own game. */
static void
test_not_while_solving (void)
{
  g_autoptr(GFile) file = g_file_new_build_filename (COLLECTIONS_DIR, "..", "..", "..", "data", "problems",
                                                     "cheops.pgn", NULL);
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  studio_window_solve_file (window, file);
  studio_test_spin_until (window_solving, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find-position", NULL));
  g_assert_null (the_finder ());
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.explorer", NULL));
  g_assert_false (_studio_window_explorer_is_shown (window));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The Explorer. */

typedef struct {
  GtkLabel   *status;
  const char *want;
  GtkWidget  *list;
} Wait;

/* "SAN\tGAMES\tSCORE" per row, one a line, then the status. */
static char *
explorer_rows (StudioWindow *window,
               const char   *want_status)
{
  GtkLabel *status = GTK_LABEL (find_named (GTK_WIDGET (window), "explorer-status"));
  GtkWidget *list = find_named (GTK_WIDGET (window), "explorer-moves");
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  GString *rows = g_string_new (NULL);

  /* Until the search asked for is shown (its status), or 20 s. */
  while (g_get_monotonic_time () < deadline
         && !(g_str_equal (gtk_label_get_label (status), want_status) && gtk_widget_get_sensitive (list)))
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      const char *sep = "";

      for (GtkWidget *label = gtk_widget_get_first_child (box); label != NULL;
           label = gtk_widget_get_next_sibling (label), sep = "\t")
        g_string_append_printf (rows, "%s%s", sep, gtk_label_get_label (GTK_LABEL (label)));
      g_string_append_c (rows, '\n');
    }
  g_string_append (rows, gtk_label_get_label (status));
  return g_string_free (rows, FALSE);
}

static GtkListBoxRow *
explorer_row (StudioWindow *window,
              guint         index)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (find_named (GTK_WIDGET (window),
                                                                                 "explorer-moves")),
                                                      (int) index);

  g_assert_nonnull (row);
  return row;
}

static void
test_explorer (void)
{
  StudioWindow *window = open_collections ();
  StudioDocument *document;
  char *rows;

  g_assert_false (_studio_window_explorer_is_shown (window));

  /* Cheops's start: Ah1 in cheops.pgn's games 1 (1-0: won by a), 3 (0-1),
   * 7 (*) and 10 (q plays Green: its 1-0 lost by a), i1 in its games 2
   * (draw), 4 (0-1) and variants.pgn's game 10 (*); over the 7 games, 1
   * won and 3 lost: 25.0. */
  document = go_to (window, 0, 0, 0);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.explorer", NULL));
  g_assert_true (_studio_window_explorer_is_shown (window));
  g_assert_cmpstr (_studio_window_views_get_shown (window), ==, "explorer");
  rows = explorer_rows (window, "7 games reach this position, score 25.0%");
  g_assert_cmpstr (rows, ==, "Ah1\t4\t33.3\ni1\t3\t0.0\n7 games reach this position, score 25.0%");
  g_free (rows);

  /* P1 (after 1. Ah1), q to move: kj1 in games 1 (lost by q), 5 (draw),
   * 7 (*), 10 (won by q); Aj1 in game 3 (won by q); 2 won, 1 lost. */
  go_to (window, 0, 0, 1);
  rows = explorer_rows (window, "5 games reach this position, score 66.7%");
  g_assert_cmpstr (rows, ==, "kj1\t4\t50.0\nAj1\t1\t100.0\n5 games reach this position, score 66.7%");
  g_free (rows);

  /* Clicking kj1 plays it (game 1's own 1... kj1), and the Explorer
   * follows: after 1. Ah1 kj1, game 1 at ply 2 (2. i1, 1-0: won by a), game
   * 3 at ply 6 (the start again at ply 4; 4. i1, 0-1), game 5 at ply 1
   * (13. i1, draw), game 7 at ply 2 (read up to its error there: no move),
   * game 10 at ply 2 (2. i1, lost by a); i1: 1 won, 2 lost of 4. */
  g_signal_emit_by_name (explorer_row (window, 0), "activate");
  g_assert_cmpstr (cheops_game_node_get_san (studio_document_get_current (document)), ==, "kj1");
  g_assert_cmpuint (cheops_game_node_get_ply (studio_document_get_current (document)), ==, 2);
  rows = explorer_rows (window, "5 games reach this position, score 33.3%");
  g_assert_cmpstr (rows, ==, "i1\t4\t33.3\n5 games reach this position, score 33.3%");
  g_free (rows);

  /* TrigChess's start: b3 in variants.pgn's 1 (1-0) and 3 (*), h3 in its 2
   * (0-1), Ge3 in cheops.pgn's game 8 (*). */
  go_to (window, 1, 0, 0);
  /* Each tab shows the view it was left with: the Explorer to the front. */
  g_assert_cmpstr (_studio_window_views_get_shown (window), ==, "analysis");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.explorer", NULL));
  g_assert_cmpstr (_studio_window_views_get_shown (window), ==, "explorer");
  g_assert_true (_studio_window_explorer_is_shown (window));
  rows = explorer_rows (window, "4 games reach this position, score 50.0%");
  g_assert_cmpstr (rows, ==, "b3\t2\t100.0\nGe3\t1\t-\nh3\t1\t0.0\n4 games reach this position, score 50.0%");
  g_free (rows);

  /* Pyramids's Q_P: b6 in game 8 (*), i6 in game 7 (0-1, Black to move). */
  go_to (window, 1, 6, 3);
  rows = explorer_rows (window, "2 games reach this position, score 100.0%");
  g_assert_cmpstr (rows, ==, "b6\t1\t-\ni6\t1\t100.0\n2 games reach this position, score 100.0%");
  g_free (rows);
  /* After b6 (game 8, unfinished): no decided game, no score. */
  go_to (window, 1, 7, 1);
  g_assert_cmpstr (cheops_game_node_get_san (studio_document_get_current (studio_window_get_document (window))), ==, "b6");
  rows = explorer_rows (window, "1 game reaches this position, none decided");
  g_free (rows);

  /* One collection chosen: only its games. */
  {
    g_autofree char *path = g_build_filename (COLLECTIONS_DIR, "cheops.pgn", NULL);

    go_to (window, 1, 9, 0);
    _studio_window_explorer_set_collection (window, path);
    rows = explorer_rows (window, "6 games reach this position, score 25.0%");
    g_assert_cmpstr (rows, ==, "Ah1\t4\t33.3\ni1\t2\t0.0\n6 games reach this position, score 25.0%");
    g_free (rows);
    _studio_window_explorer_set_collection (window, NULL);
  }

  /* Cypher chess's Q_C: g6 in games 5 (0-1: won by Black, to move) and 6
   * (1-0), h6 in game 4 (draw); clicking g6 plays it in game 4 as a new
   * variation. */
  document = go_to (window, 1, 3, 3);
  g_assert_cmpstr (_studio_window_views_get_shown (window), ==, "explorer");
  rows = explorer_rows (window, "3 games reach this position, score 50.0%");
  g_assert_cmpstr (rows, ==, "g6\t2\t50.0\nh6\t1\t-\n3 games reach this position, score 50.0%");
  g_free (rows);
  g_signal_emit_by_name (explorer_row (window, 0), "activate");
  g_assert_cmpstr (cheops_game_node_get_san (studio_document_get_current (document)), ==, "g6");
  g_assert_true (studio_document_get_modified (document));

  /* Hidden again by the action. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.explorer", NULL));
  g_assert_false (_studio_window_explorer_is_shown (window));
  g_assert_cmpstr (_studio_window_views_get_shown (window), !=, "explorer");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Find Anticipations with the mirror image (issue 26): a file of problems
 * and games; the problem's start position is searched, then its mirror
 * image (cheops_position_mirror(), tests/core/test-geometry.c
 * /core/geometry/mirror).
 *   Cheops, CH1 (data/problems/cheops.pgn's h#2: a Kk6, Pl5; q Qj8, Ki7; a
 *   to move): game 2 starts on its image about the spine with the sides
 *   exchanged (6.2: a's King k6 becomes q's King g6, q's Queen j8 a's
 *   Queen h8; q to move) — found, marked "mirror image"; game 3 starts on
 *   the plain mirror (each piece keeping its side, a to move), where a's
 *   Pawn would threaten toward its own corner (4.7.2): not the same
 *   problem, not found.
 *   TrigChess, T1 (#2: Gold Da3, Ke3, Se2; Red Kd2; Gold to move): its
 *   image (2.1) has the Dome on i3 and Red's King on f2; game 5 reaches
 *   it after 1. Di3 Kf2 (from the Dome on i4 and the King on g2), at ply
 *   2; game 6 has the image's pieces with Red to move: not found; game 7
 *   is TrigChess's start, with neither. */
static void
test_anticipations (void)
{
  g_autofree char *dir = g_dir_make_tmp ("anticipations-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "anticipations.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  g_autofree char *rows = NULL;
  GtkWindow *finder;

  g_assert_true (g_file_set_contents (path,
    "[Event \"CH1\"]\n[SetUp \"1\"]\n[FEN \"1/2q/2k2/5K1/7P1/11/13/15/17 a 0 1\"]\n[Stipulation \"h#2\"]\n\n"
    "1. Kj5 Qh8 2. Kk6 Qi9# 0-1\n\n"
    "[Event \"CH1 mirrored\"]\n[SetUp \"1\"]\n[FEN \"1/Q2/2K2/1k5/1p7/11/13/15/17 q 0 1\"]\n\n*\n\n"
    "[Event \"CH1 plain mirror\"]\n[SetUp \"1\"]\n[FEN \"1/q2/2k2/1K5/1P7/11/13/15/17 a 0 1\"]\n\n*\n\n"
    "[Event \"T1\"]\n[Variant \"TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/9/D3K4/2kS3/7 g 0 1\"]\n"
    "[Stipulation \"#2\"]\n\n1. Sh2 Kc2 2. Sf1 1-0\n\n"
    "[Event \"T1 mirrored later\"]\n[Variant \"TrigChess\"]\n[SetUp \"1\"]\n[FEN \"7/7/8D/4K4/3S1k1/7 g 0 1\"]\n\n"
    "1. Di3 Kf2 *\n\n"
    "[Event \"T1 mirrored, Red to move\"]\n[Variant \"TrigChess\"]\n[SetUp \"1\"]\n"
    "[FEN \"7/7/9/4K3D/3Sk2/7 r 0 1\"]\n\n*\n\n"
    "[Event \"TrigChess start\"]\n[Variant \"TrigChess\"]\n\n*\n", -1, NULL));

  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);

  studio_document_show_game (document, 0);
  finder = studio_window_find_anticipations (window);
  g_assert_cmpstr (gtk_window_get_title (finder), ==, "Find Anticipations");
  rows = finder_rows (finder);
  g_assert_cmpstr (rows, ==,
                   "CH1 | anticipations.pgn · game 1 · ply 0\n"
                   "CH1 mirrored | anticipations.pgn · game 2 · ply 0 · mirror image\n"
                   "1 game reaches this position\n"
                   "1 game reaches its mirror image");
  /* The mirror image's row opens its game at its ply. */
  g_signal_emit_by_name (find_named (GTK_WIDGET (finder), "find-position-list"), "activate", 1u);
  g_assert_cmpuint (studio_document_get_game_index (studio_window_get_document (window)), ==, 1);
  gtk_window_destroy (finder);
  g_clear_pointer (&rows, g_free);

  studio_document_show_game (studio_window_get_document (window), 3);
  finder = studio_window_find_anticipations (window);
  rows = finder_rows (finder);
  g_assert_cmpstr (rows, ==,
                   "T1 | anticipations.pgn · game 4 · ply 0\n"
                   "T1 mirrored later | anticipations.pgn · game 5 · ply 2 · mirror image\n"
                   "1 game reaches this position\n"
                   "1 game reaches its mirror image");
  g_signal_emit_by_name (find_named (GTK_WIDGET (finder), "find-position-list"), "activate", 1u);
  g_assert_cmpuint (studio_document_get_game_index (studio_window_get_document (window)), ==, 4);
  g_assert_cmpstr (cheops_game_node_get_san (studio_document_get_current (studio_window_get_document (window))),
                   ==, "Kf2");
  gtk_window_destroy (finder);
  g_clear_pointer (&rows, g_free);

  /* Find This Position searches the position alone. */
  studio_document_show_game (studio_window_get_document (window), 1);
  finder = _studio_window_find_position (window, NULL);
  rows = finder_rows (finder);
  g_assert_cmpstr (rows, ==,
                   "CH1 mirrored | anticipations.pgn · game 2 · ply 0\n"
                   "1 game reaches this position");
  gtk_window_destroy (finder);

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *cache = g_dir_make_tmp ("studio-explorer-cache-XXXXXX", NULL);

  /* The position indexes go to a cache of the test's own. */
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  studio_test_init (&argc, &argv);
  /* No animations: with them, about one run in six of /Studio/Explorer/find
   * under load crashed in libadwaita 1.2's toast overlay (valgrind: in
   * adw_animation_skip(), a "done" handler reads a 56-byte block another
   * "done" handler of the same skip has freed), the backtrace of the
   * known libadwaita 1.2.0 crash when a toast is dismissed during its
   * animation (adw-toast-overlay.c); this test opens two files, each with
   * its toast, at once. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  g_test_add_func ("/Studio/Explorer/find", test_find);
  g_test_add_func ("/Studio/Explorer/find-folder", test_find_folder);
  g_test_add_func ("/Studio/Explorer/explorer", test_explorer);
  g_test_add_func ("/Studio/Explorer/large-in-worker", test_large_in_worker);
  g_test_add_func ("/Studio/Explorer/not-while-solving", test_not_while_solving);
  g_test_add_func ("/Studio/Explorer/anticipations", test_anticipations);

  return g_test_run ();
}
