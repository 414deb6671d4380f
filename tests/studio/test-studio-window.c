/* test-studio-window.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The studio's window under a display (xvfb-run): open a sample game,
 * navigate, play a move through the board's action, add a variation, a
 * comment, a glyph and an arrow, undo and redo, save and read the file
 * back — asserting the tree and the file.  Also: a file with an error opens
 * what it can and reports line and column; closing with unsaved changes
 * asks first.
 */
#include <adwaita.h>
#include <math.h>
#include <glib/gstdio.h>

#include "studio-test-util.h"
#include "cheops-core.h"
#include "studio-analysis-panel.h"
#include "studio-board-view.h"
#include "studio-engine.h"
#include "studio-eval-bar.h"
#include "studio-document.h"
#include "studio-move-tree-view.h"
#include "studio-window.h"
#include "studio-window-private.h"

static gboolean
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL;
}

static CheopsGameNode *
mainline_node (CheopsGame *game,
               guint       ply)
{
  CheopsGameNode *node = cheops_game_get_root (game);

  for (guint i = 0; i < ply && node != NULL; i++)
    node = cheops_game_node_get_first_child (node);

  return node;
}

static gboolean
save_finished (gpointer data)
{
  return *(int *) data != 0;
}

static void
save_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  int *state = user_data;

  *state = studio_document_save_finish (STUDIO_DOCUMENT (object), result, &error) ? 1 : 2;
  g_assert_no_error (error);
}

static gboolean
is_named (GtkWidget     *widget,
          gconstpointer  name)
{
  return g_strcmp0 (gtk_widget_get_name (widget), name) == 0;
}

static GtkWidget *
find_widget_named (GtkWidget  *widget,
                   const char *name)
{
  return studio_test_find_widget (widget, is_named, name);
}

/* A key pressed in the comment editor of the move list (edited in place,
 * issue 22), as its key controller gets it. */
static gboolean
comment_editor_key (GtkTextView     *view,
                    guint            keyval,
                    GdkModifierType  state)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (g_strcmp0 (gtk_event_controller_get_name (controller), "comment-keys") == 0)
        {
          g_signal_emit_by_name (controller, "key-pressed", keyval, 36, state, &handled);
          return handled;
        }
    }
  g_assert_not_reached ();
}

static GtkTextView *
comment_editor (GtkWidget *tree)
{
  GtkTextView *view = studio_move_tree_view_get_comment_editor (STUDIO_MOVE_TREE_VIEW (tree));

  g_assert_nonnull (view);
  return view;
}

static char *
comment_editor_dup_text (GtkWidget *tree)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (comment_editor (tree));
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

static void
comment_editor_set_text (GtkWidget  *tree,
                         const char *text)
{
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (comment_editor (tree)), text, -1);
}

/* Enter in the editor: saved, the editor gone. */
static void
comment_editor_save (GtkWidget *tree)
{
  g_assert_true (comment_editor_key (comment_editor (tree), GDK_KEY_Return, 0));
  g_assert_null (studio_move_tree_view_get_comment_editor (STUDIO_MOVE_TREE_VIEW (tree)));
}

static void
test_edit_save_reread (void)
{
  StudioWindow *window = studio_test_open_sample ("opening-lines.pgn");
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  GtkWidget *board = studio_window_get_board_view (window);
  GtkWidget *tree = studio_window_get_move_tree (window);
  StudioBoardScene *scene = studio_board_view_get_scene (STUDIO_BOARD_VIEW (board));
  CheopsGameNode *third = mainline_node (game, 3);
  CheopsGameNode *root = cheops_game_get_root (game);
  CheopsMove list[CHEOPS_MAX_MOVES], *end;
  CheopsMove fresh = CHEOPS_MOVE_NONE;
  CheopsGameNode *added;
  GtkTextView *comment_view;
  char text[CHEOPS_MOVE_TEXT_MAX];
  char san[CHEOPS_SAN_MAX];
  guint root_children;
  g_autofree char *tree_text = NULL;
  g_autofree char *tmpdir = NULL;
  g_autofree char *out_path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GFile) out_file = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GError) error = NULL;
  int save_state = 0;

  /* The sample: a game from the initial position, three first moves at
   * the root (the main line and two variations), nothing modified. */
  g_assert_cmpstr (cheops_game_get_tag (game, "Event"), ==, "Opening lines");
  g_assert_cmpuint (cheops_game_node_get_n_children (root), ==, 3);
  g_assert_cmpstr (cheops_game_node_get_san (mainline_node (game, 1)), ==, "eg2");
  g_assert_false (studio_document_get_modified (document));
  g_assert_true (studio_document_get_current (document) == root);

  /* Navigate: three moves on, to the end, back to the start. */
  for (int i = 0; i < 3; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  g_assert_true (studio_document_get_current (document) == third);
  g_assert_true (studio_board_scene_get_last_move (scene) == cheops_game_node_get_move (third));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
  g_assert_true (studio_document_get_current (document) == mainline_node (game, 2));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
  g_assert_true (studio_document_get_current (document) == cheops_game_get_mainline_end (game));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
  g_assert_true (studio_document_get_current (document) == root);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-down", NULL);
  g_assert_true (studio_document_get_current (document) == cheops_game_node_get_child (root, 1));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);

  /* Play a move through the board's action: a first move that is not yet
   * in the tree becomes a new variation at the root. */
  root_children = cheops_game_node_get_n_children (root);
  end = cheops_generate_moves (cheops_game_get_start_position (game), list);
  for (CheopsMove *m = list; m < end && fresh == CHEOPS_MOVE_NONE; m++)
    {
      gboolean known = FALSE;

      for (guint i = 0; i < root_children; i++)
        known |= cheops_game_node_get_move (cheops_game_node_get_child (root, i)) == *m;
      if (!known)
        fresh = *m;
    }
  g_assert_cmpuint (fresh, !=, CHEOPS_MOVE_NONE);
  cheops_move_to_text (&cheops_variant_cheops, fresh, text);
  cheops_move_to_san (cheops_game_get_start_position (game), fresh, san);
  gtk_widget_activate_action (board, "board.play", "s", text);

  added = studio_document_get_current (document);
  g_assert_true (cheops_game_node_get_parent (added) == root);
  g_assert_cmpuint (cheops_game_node_get_move (added), ==, fresh);
  g_assert_cmpuint (cheops_game_node_get_index (added), ==, root_children);
  g_assert_cmpuint (cheops_game_node_get_n_children (root), ==, root_children + 1);
  g_assert_true (studio_document_get_modified (document));
  g_assert_true (studio_board_scene_get_last_move (scene) == fresh);

  /* An illegal move through the same action changes nothing. */
  gtk_widget_activate_action (board, "board.play", "s", "a1i9");
  g_assert_true (studio_document_get_current (document) == added);

  /* A comment after the new move, typed into the move list's editor. */
  studio_move_tree_view_edit_comment (STUDIO_MOVE_TREE_VIEW (tree), added, FALSE);
  comment_view = comment_editor (tree);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (comment_view), "A quiet  start\non the side.", -1);
  comment_editor_save (tree);
  /* Blanks become one space; the line break typed (Shift+Enter) stays. */
  g_assert_cmpstr (cheops_game_node_get_comment_after (added), ==, "A quiet start\non the side.");

  /* A glyph from the move tree's palette, and an arrow drawn on the board. */
  gtk_widget_activate_action (tree, "tree.move-glyph", "y", (guint8) 5);
  g_assert_cmpuint (cheops_game_node_get_move_glyph (added), ==, 5);
  studio_board_scene_toggle_shape (scene, cheops_laws_cell_parse ("e2", NULL), cheops_laws_cell_parse ("i5", NULL),
                                   STUDIO_BRUSH_RED);
  g_assert_cmpuint (cheops_game_node_get_annotations (added)->arrows->len, ==, 1);

  tree_text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  g_assert_nonnull (strstr (tree_text, "A quiet start on the side."));
  {
    g_autofree char *shown = g_strdup_printf ("(1. %s!?", san);

    g_assert_nonnull (strstr (tree_text, shown));
  }

  /* A position glyph, written so that common fonts have it: a slight edge
   * is "+=" / "=+", not U+2A72 / U+2A71. */
  gtk_widget_activate_action (tree, "tree.position-glyph", "y", (guint8) 14);
  g_free (tree_text);
  tree_text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  {
    g_autofree char *shown = g_strdup_printf ("(1. %s!?+=", san);

    g_assert_nonnull (strstr (tree_text, shown));
  }
  gtk_widget_activate_action (tree, "tree.position-glyph", "y", (guint8) 15);
  g_free (tree_text);
  tree_text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  {
    g_autofree char *shown = g_strdup_printf ("(1. %s!?=+", san);

    g_assert_nonnull (strstr (tree_text, shown));
  }
  g_assert_cmpuint (cheops_game_node_get_position_glyph (added), ==, 15);
  for (int i = 0; i < 2; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (cheops_game_node_get_position_glyph (added), ==, 0);

  /* Undo the arrow, the glyph and the comment; redo them all. */
  for (int i = 0; i < 3; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (cheops_game_node_get_annotations (added)->arrows->len, ==, 0);
  g_assert_cmpuint (cheops_game_node_get_move_glyph (added), ==, 0);
  g_assert_null (cheops_game_node_get_comment_after (added));
  for (int i = 0; i < 3; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpuint (cheops_game_node_get_annotations (added)->arrows->len, ==, 1);
  g_assert_cmpuint (cheops_game_node_get_move_glyph (added), ==, 5);
  g_assert_cmpstr (cheops_game_node_get_comment_after (added), ==, "A quiet start\non the side.");

  /* Undoing the move itself takes the variation away and the view back to
   * the root; redo brings it back. */
  for (int i = 0; i < 4; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (cheops_game_node_get_n_children (root), ==, root_children);
  g_assert_true (studio_document_get_current (document) == root);
  g_assert_false (studio_document_get_modified (document));
  for (int i = 0; i < 4; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpuint (cheops_game_node_get_n_children (root), ==, root_children + 1);
  added = cheops_game_node_get_child (root, root_children);
  g_assert_cmpstr (cheops_game_node_get_comment_after (added), ==, "A quiet start\non the side.");

  /* Save, and read the file back. */
  tmpdir = g_dir_make_tmp ("studio-test-XXXXXX", &error);
  g_assert_no_error (error);
  out_path = g_build_filename (tmpdir, "saved.pgn", NULL);
  out_file = g_file_new_for_path (out_path);
  studio_document_save_async (document, out_file, NULL, save_done_cb, &save_state);
  studio_test_spin_until (save_finished, &save_state);
  g_assert_cmpint (save_state, ==, 1);
  g_assert_false (studio_document_get_modified (document));
  g_assert_true (g_file_equal (studio_document_get_file (document), out_file));

  g_file_get_contents (out_path, &contents, NULL, &error);
  g_assert_no_error (error);
  {
    /* (The paragraph break is a blank line.) */
    g_autofree char *expected = g_strdup_printf ("(1. %s $5 {[%%cal Re2i5] A quiet start  on the side.})", san);

    g_autofree char *flat = g_strdup (contents);

    /* The writer wraps lines at 80 columns. */
    g_strdelimit (flat, "\n", ' ');
    g_assert_nonnull (strstr (flat, expected));
  }

  games = cheops_pgn_read_file (out_path, &errors, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_true (cheops_game_equal (g_ptr_array_index (games, 0), game));

  g_unlink (out_path);
  g_rmdir (tmpdir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_file_with_errors (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  g_autoptr(GError) error = NULL;
  GPtrArray *problems;
  const char *text =
    "[Event \"Broken\"]\n"
    "\n"
    "1. eg2 2l3 2. Zq7 1-0\n";

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_window_load_text (window, text, &error));
  g_assert_no_error (error);

  /* What could be read is there; what could not is reported with its
   * line and column. */
  g_assert_cmpuint (cheops_game_count_nodes (studio_document_get_game (document)), ==, 3);
  problems = studio_document_get_load_errors (document);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (problems, 0), "3:15:"));

  /* Text with no game at all is refused and changes nothing. */
  g_assert_false (studio_window_load_text (window, "no game here {", &error));
  g_assert_nonnull (error);
  g_assert_cmpuint (cheops_game_count_nodes (studio_document_get_game (document)), ==, 3);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
no_message_dialog (gpointer data)
{
  return studio_test_find_message_dialog () == NULL;
}

static gboolean
document_saved (gpointer data)
{
  return !studio_document_get_modified (data);
}

/* A file with errors loses nothing when saved: games not edited are
 * written back exactly as they were read; saving an edited game that was
 * only partly read asks first ("Save a partly read game?"), and Cancel
 * leaves the file as it was. */
static void
test_partly_read_save (void)
{
  static const char text[] =
    "[Event \"Broken\"]\n"
    "\n"
    "1. fg3 lj1 2. Zq7 {after the error} 2... mk2 1-0\n"
    "\n"
    "[Event \"Second\"]\n"
    "\n"
    "1. fg3 ) lj1 {after the stray parenthesis} *\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *tmpdir = g_dir_make_tmp ("studio-test-XXXXXX", &error);
  g_autofree char *path = g_build_filename (tmpdir, "broken.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  StudioWindow *window;
  StudioDocument *document;
  AdwMessageDialog *dialog;
  int save_state = 0;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  window = studio_window_new (NULL);
  document = studio_window_get_document (window);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  g_assert_cmpuint (studio_document_get_n_games (document), ==, 2);
  g_assert_cmpuint (studio_document_get_load_errors (document)->len, ==, 2);
  g_assert_cmpuint (cheops_game_count_nodes (studio_document_get_game (document)), ==, 3);

  /* Not edited: saved as it was, every character. */
  g_assert_false (studio_document_get_save_loses_text (document));
  studio_document_save_async (document, NULL, NULL, save_done_cb, &save_state);
  studio_test_spin_until (save_finished, &save_state);
  g_assert_cmpint (save_state, ==, 1);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, text);
  g_clear_pointer (&contents, g_free);

  /* Edited: saving asks; Cancel writes nothing. */
  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "d3e4");
  g_assert_true (studio_document_get_modified (document));
  g_assert_true (studio_document_get_save_loses_text (document));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  dialog = studio_test_find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save a partly read game?");
  g_assert_true (adw_message_dialog_has_response (dialog, "save"));
  adw_message_dialog_response (dialog, "cancel");
  g_assert_true (studio_document_get_modified (document));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, text);
  g_clear_pointer (&contents, g_free);

  /* Save Anyway: the edited game is written from what was read, the
   * other one, not edited, still as it was. */
  /* A response given by code does not close the dialog (libadwaita 1.2
   * closes it on a click). */
  gtk_window_destroy (GTK_WINDOW (dialog));
  studio_test_spin_until (no_message_dialog, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  dialog = studio_test_find_message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "save");
  studio_test_spin_until (document_saved, document);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_null (strstr (contents, "after the error"));
  g_assert_nonnull (strstr (contents, "[Event \"Broken\"]\n"));
  g_assert_true (g_str_has_suffix (contents, "\n\n[Event \"Second\"]\n\n1. fg3 ) lj1 {after the stray parenthesis} *\n"));

  g_unlink (path);
  g_rmdir (tmpdir);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The engine is given the position after the last irreversible move and
 * the moves since (not every move from the start): they reach the current
 * position, the FEN's halfmove clock is 0 unless it is the start, and none
 * of the moves resets it. */
static void
test_engine_position (void)
{
  g_autoptr(StudioDocument) document = studio_document_new ();
  GRand *rng = g_rand_new_with_seed (7);
  CheopsPosition pos, replay;
  guint resets = 0;
  char expected[CHEOPS_FEN_MAX], got[CHEOPS_FEN_MAX];

  cheops_position_init_start (&pos, &cheops_variant_cheops);
  for (guint ply = 0; ply < 60; ply++)
    {
      CheopsMove list[CHEOPS_MAX_MOVES];
      int n = (int) (cheops_generate_moves (&pos, list) - list);
      CheopsMove move;
      CheopsUndo undo;
      g_autofree char *fen = NULL;
      g_auto(GStrv) moves = NULL;
      CheopsError err = { 0 };

      if (n == 0 || cheops_position_outcome (&pos) != CHEOPS_OUTCOME_NONE)
        break;
      move = list[g_rand_int_range (rng, 0, n)];
      g_assert_nonnull (studio_document_play_move (document, move, NULL));
      cheops_position_do_move (&pos, move, &undo);
      if (pos.halfmove_clock == 0)
        resets++;

      fen = studio_document_dup_engine_position (document, &moves);
      g_assert_true (cheops_position_from_fen (&replay, &cheops_variant_cheops, fen, &err));
      if (resets > 0)
        g_assert_cmpint (replay.halfmove_clock, ==, 0);
      else
        g_assert_cmpstr (fen, ==, CHEOPS_LAWS_START_FEN);
      g_assert_cmpuint (g_strv_length (moves), ==, resets > 0 ? (guint) pos.halfmove_clock : ply + 1);
      for (guint i = 0; moves[i] != NULL; i++)
        {
          CheopsMove m = cheops_move_from_text (&replay, moves[i], NULL);

          g_assert_true (m != CHEOPS_MOVE_NONE);
          cheops_position_do_move (&replay, m, &undo);
          g_assert_cmpint (replay.halfmove_clock, >, 0);
        }
      cheops_position_to_fen (&pos, expected, sizeof expected);
      cheops_position_to_fen (&replay, got, sizeof got);
      g_assert_cmpstr (got, ==, expected);
    }
  /* The random line went through irreversible moves and the list is
   * shorter than the line. */
  g_assert_cmpuint (resets, >, 2);
  g_rand_free (rng);
}

static void
test_paste_fen (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  g_autoptr(GError) error = NULL;
  g_autofree char *fen = NULL;
  const char *text = "1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1\n";

  g_assert_true (studio_window_load_text (window, text, &error));
  g_assert_no_error (error);
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, "1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1");
  g_assert_cmpuint (cheops_game_count_nodes (studio_document_get_game (document)), ==, 1);

  /* A FEN the core rejects is reported as a FEN (field, column, message),
   * not as a game whose first move cannot be read; nothing changes. */
  g_assert_false (studio_window_load_text (window, "1/P2/5/5k1/9/6M4/11x1/15/1K15 a 0 1\n", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_BAD_FEN);
  g_assert_cmpstr (error->message, ==, "Not a valid Cheops FEN: column 20: board, level 3: unknown piece letter 'x'");
  g_clear_error (&error);
  /* Seven levels are a FEN error too. */
  g_assert_false (studio_window_load_text (window, "q/P2/5/7/4M4/11/13 a 0 1", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_BAD_FEN);
  g_assert_cmpstr (error->message, ==, "Not a valid Cheops FEN: column 19: board: expected 9 levels separated by '/', found 7");
  g_clear_error (&error);
  g_assert_false (studio_window_load_text (window, "1/P2/5/5k1/9/6M4/11p1/15/1K15 z 0 1", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_BAD_FEN);
  g_assert_cmpstr (error->message, ==, "Not a valid Cheops FEN: column 31: side to move: expected 'a' or 'q'");
  g_clear_error (&error);
  /* A FEN of another game with a bad field is reported as that game's
   * (the reading that got furthest), not as this tab's. */
  g_assert_false (studio_window_load_text (window, "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/sssssssss/9/9/9/9/9/"
                                                   "SSSSSSSSS/(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) x Ff 0 1", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_BAD_FEN);
  g_assert_cmpstr (error->message, ==, "Not a valid Pyramids FEN: column 99: FEN side to move: 'x' is not w or b (E11)");
  g_clear_error (&error);
  g_free (fen);
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, "1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1");

  /* A good FEN of another game: a game of that one. */
  g_assert_true (studio_window_load_text (window, "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/"
                                                  "2RN2NR2/4S5 w - 0+0 - 0 1", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (studio_document_get_variant (studio_window_get_document (window))->name, ==, "cypher");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Copy the FEN and the game; paste a game into a window. */
static void
test_clipboard (void)
{
  StudioWindow *window = studio_test_open_sample ("ascension-studies.pgn");
  StudioDocument *document = studio_window_get_document (window);
  StudioWindow *other;
  g_autofree char *fen = NULL;
  g_autofree char *game = NULL;
  g_autofree char *expected = NULL;

  /* The file holds three games; the first is shown. */
  g_assert_cmpuint (studio_document_get_n_games (document), ==, 3);
  g_assert_cmpstr (cheops_game_get_tag (studio_document_get_game (document), "Event"), ==,
                   "Ascension study: the Pawn march");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-fen", NULL);
  fen = studio_test_clipboard_text (GTK_WIDGET (window));
  expected = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, expected);
  /* After 1. i8 (h8 to the Gate, along level 8: a sideways Pawn move,
   * which does not reset the halfmove clock, R8). */
  g_assert_cmpstr (fen, ==, "1/1P1/5/5k1/9/6M4/11p1/15/1K15 q 1 1");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-game", NULL);
  game = studio_test_clipboard_text (GTK_WIDGET (window));
  g_clear_pointer (&expected, g_free);
  expected = cheops_pgn_write_game (studio_document_get_game (document));
  g_assert_cmpstr (game, ==, expected);

  /* The copied game, pasted as text into another window, is the same. */
  other = studio_window_new (NULL);
  g_assert_true (studio_window_load_text (other, game, NULL));
  g_assert_true (cheops_game_equal (studio_document_get_game (studio_window_get_document (other)),
                                    studio_document_get_game (document)));

  gtk_window_destroy (GTK_WINDOW (other));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_destroyed (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static void
test_close_asks (void)
{
  StudioWindow *window = studio_test_open_sample ("opening-lines.pgn");
  StudioDocument *document = studio_window_get_document (window);
  AdwMessageDialog *dialog;
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);

  /* A move makes the game modified: closing asks and keeps the window. */
  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "g1h2");
  g_assert_true (studio_document_get_modified (document));
  gtk_window_close (GTK_WINDOW (window));
  dialog = studio_test_find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_nonnull (weak);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));

  adw_message_dialog_response (dialog, "cancel");
  g_assert_nonnull (weak);

  gtk_window_close (GTK_WINDOW (window));
  dialog = studio_test_find_message_dialog ();
  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, "discard");
  studio_test_spin_until (is_destroyed, &weak);
}

/* Whether the best line shows a score and at least two moves. */
static gboolean
has_lines (gpointer data)
{
  g_autofree char *line = studio_analysis_panel_dup_line (data, 0);
  g_auto(GStrv) words = NULL;

  if (line == NULL)
    return FALSE;
  words = g_strsplit (line, " ", 0);
  return g_strv_length (words) >= 3;
}

/* With the real engine of the build tree (skipped without one): the panel
 * shows lines in record notation for the current position, a click on a
 * line's move plays the line up to it, and switching off clears them. */
static void
test_analysis (void)
{
  g_autofree char *engine = cheops_uci_engine_find_bundled ();
  StudioWindow *window;
  StudioDocument *document;
  StudioAnalysisPanel *panel;
  CheopsGameNode *before, *after;
  g_autofree char *line = NULL;
  char **words;

  if (!g_file_test (engine, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no engine in the build tree");
      return;
    }

  window = studio_test_open_sample ("apex-race.pgn");
  document = studio_window_get_document (window);
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));

  for (int i = 0; i < 10; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  before = studio_document_get_current (document);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  g_assert_true (studio_analysis_panel_get_running (panel));
  studio_test_spin_until (has_lines, panel);

  /* "+0.35 6. Mf5 …": a score, then the moves from the fullmove number of
   * the position (ply 10: a to move at move 6). */
  line = studio_analysis_panel_dup_line (panel, 0);
  words = g_strsplit (line, " ", 0);
  g_assert_true (words[0][0] == '+' || g_str_has_prefix (words[0], "−") || words[0][0] == '#' ||
                 g_str_equal (words[0], "0.00"));
  g_assert_true (g_str_has_prefix (words[1], "6.\u2009"));
  g_strfreev (words);

  /* Under the lines: the nodes searched and the hash table's use. */
  {
    GtkWidget *search = studio_test_find_by_class (GTK_WIDGET (panel), "analysis-search");
    const char *text = gtk_label_get_label (GTK_LABEL (search));

    g_test_message ("search: %s", text);
    g_assert_true (g_regex_match_simple ("^[0-9]+(\\.[0-9])?( [kMG])? nodes searched · hash [0-9]+% full$",
                                         text, 0, 0));
  }

  /* Playing the first two moves of the best line. */
  g_assert_true (studio_analysis_panel_play_line (panel, 0, 1));
  after = studio_document_get_current (document);
  g_assert_true (cheops_game_node_get_parent (cheops_game_node_get_parent (after)) == before);
  g_assert_cmpuint (cheops_game_node_get_ply (after), ==, 12);

  /* The analysis follows the new position. */
  studio_test_spin_until (has_lines, panel);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  g_assert_false (studio_analysis_panel_get_running (panel));
  g_assert_cmpuint (studio_analysis_panel_get_n_lines (panel), ==, 0);

  /* The moves are an edit like any other: discard them to close. */
  for (int i = 0; i < 2 && studio_document_get_modified (document); i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (studio_document_get_modified (document));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
view_has_size (gpointer data)
{
  return gtk_widget_get_width (data) > 0 && gtk_widget_get_height (data) > 0;
}

/* Flipping mirrors the board about the spine (6.2): the point that was over
 * a1 is over q1, and a1 moved to where q1 was.  It holds whatever the
 * settings backend does: dconf without a session bus announces the old
 * value back after a failed write, simulated here by writing it back. */
static void
test_flip (void)
{
  StudioWindow *window = studio_test_open_sample ("apex-race.pgn");
  StudioBoardView *view = STUDIO_BOARD_VIEW (studio_window_get_board_view (window));
  StudioBoardScene *scene = studio_board_view_get_scene (view);
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  CheopsCell a1 = cheops_laws_cell_make (0, 1), q1 = cheops_laws_cell_make (16, 1);
  CheopsCell left = a1, right = q1;
  double ax, ay, qx, qy, x, y;
  gboolean was_flipped = studio_board_scene_get_flipped (scene);

  studio_test_spin_until (view_has_size, view);
  if (was_flipped)
    {
      left = q1;
      right = a1;
    }
  g_assert_true (studio_board_view_cell_center (view, left, &ax, &ay));
  g_assert_true (studio_board_view_cell_center (view, right, &qx, &qy));
  g_assert_cmpfloat (ax, <, qx);
  g_assert_cmpfloat (ay, ==, qy);
  g_assert_cmpuint (studio_board_view_cell_at (view, ax, ay), ==, left);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
  g_assert_true (studio_board_scene_get_flipped (scene) == !was_flipped);
  g_assert_cmpuint (studio_board_view_cell_at (view, ax, ay), ==, right);
  g_assert_cmpuint (studio_board_view_cell_at (view, qx, qy), ==, left);
  g_assert_true (studio_board_view_cell_center (view, left, &x, &y));
  g_assert_cmpfloat_with_epsilon (x, qx, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, qy, 1e-9);

  /* The backend announcing the old value does not undo the flip. */
  g_settings_set_boolean (settings, "board-flipped", was_flipped);
  for (int i = 0; i < 10; i++)
    g_main_context_iteration (NULL, FALSE);
  g_assert_true (studio_board_scene_get_flipped (scene) == !was_flipped);

  /* The F key's action again: back to the start. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.flip-board", NULL);
  g_assert_true (studio_board_scene_get_flipped (scene) == was_flipped);
  g_assert_cmpuint (studio_board_view_cell_at (view, ax, ay), ==, left);

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
paned_vertical (gpointer data)
{
  return gtk_orientable_get_orientation (data) == GTK_ORIENTATION_VERTICAL &&
         gtk_widget_get_height (data) > 0;
}

static gboolean
paned_horizontal (gpointer data)
{
  return gtk_orientable_get_orientation (data) == GTK_ORIENTATION_HORIZONTAL;
}

/* A narrow window puts the side pane under the board, inside the window,
 * and a wide one puts it back beside the board. */
static void
test_narrow (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples", "apex-race.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);
  GtkWidget *view = studio_window_get_board_view (window);
  GtkWidget *panel = studio_window_get_analysis_panel (window);
  GtkWidget *paned = gtk_widget_get_ancestor (view, GTK_TYPE_PANED);
  graphene_rect_t board, lines;

  g_assert_nonnull (paned);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 600);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, studio_window_get_document (window));
  studio_test_spin_until (paned_vertical, paned);
  /* A frame for the position of the divider. */
  for (int i = 0; i < 5; i++)
    {
      g_usleep (20000);
      while (g_main_context_iteration (NULL, FALSE));
    }

  g_assert_true (gtk_widget_compute_bounds (view, GTK_WIDGET (window), &board));
  g_assert_true (gtk_widget_compute_bounds (panel, GTK_WIDGET (window), &lines));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 400);
  g_assert_cmpfloat (lines.origin.x, >=, 0);
  g_assert_cmpfloat (lines.origin.x + lines.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpfloat (lines.origin.y, >=, board.origin.y + board.size.height);
  g_assert_cmpfloat (lines.origin.y + lines.size.height, <=, gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpfloat (board.size.height, >=, 200);

  /* Wide again (the window is hidden for the new size to be taken): the
   * board takes the larger part. */
  gtk_widget_hide (GTK_WIDGET (window));
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  gtk_window_present (GTK_WINDOW (window));
  studio_test_spin_until (paned_horizontal, paned);
  for (int i = 0; i < 5; i++)
    {
      g_usleep (20000);
      while (g_main_context_iteration (NULL, FALSE));
    }
  {
    int position = gtk_paned_get_position (GTK_PANED (paned));
    int width = gtk_widget_get_width (paned);

    g_assert_cmpint (position, >=, width / 2);
    g_assert_cmpint (width - position, >=, 300);

    /* Narrow and wide again: the side pane keeps its width, whatever the
     * window's width in between. */
    gtk_widget_hide (GTK_WIDGET (window));
    gtk_window_set_default_size (GTK_WINDOW (window), 360, 600);
    gtk_window_present (GTK_WINDOW (window));
    studio_test_spin_until (paned_vertical, paned);
    gtk_widget_hide (GTK_WIDGET (window));
    gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
    gtk_window_present (GTK_WINDOW (window));
    studio_test_spin_until (paned_horizontal, paned);
    for (int i = 0; i < 5; i++)
      {
        g_usleep (20000);
        while (g_main_context_iteration (NULL, FALSE));
      }
    g_assert_cmpint (abs ((gtk_widget_get_width (paned) - gtk_paned_get_position (GTK_PANED (paned))) - (width - position)), <=, 2);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
time_passed (gpointer data)
{
  return g_get_monotonic_time () >= *(gint64 *) data;
}

/* With the real engine (skipped without one): while the lines deepen every
 * line row keeps one height (a row that grew under the pointer made clicks
 * miss), and the statistics beside the switch are not cut at the default
 * width. */
static void
test_analysis_rows_steady (void)
{
  g_autofree char *engine = cheops_uci_engine_find_bundled ();
  StudioWindow *window;
  StudioAnalysisPanel *panel;
  GtkWidget *lines_box, *stats;
  int row_height = -1;
  guint samples = 0;

  if (!g_file_test (engine, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no engine in the build tree");
      return;
    }

  window = studio_test_open_sample ("apex-race.pgn");
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 800);
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  lines_box = studio_test_find_by_class (GTK_WIDGET (panel), "analysis-lines");
  stats = studio_test_find_by_class (GTK_WIDGET (panel), "analysis-stats");
  g_assert_nonnull (lines_box);
  g_assert_nonnull (stats);

  for (int i = 0; i < 10; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  studio_test_spin_until (has_lines, panel);

  for (int step = 0; step < 30; step++)
    {
      gint64 until = g_get_monotonic_time () + 50 * 1000;

      studio_test_spin_until (time_passed, &until);
      for (GtkWidget *row = gtk_widget_get_first_child (lines_box); row != NULL;
           row = gtk_widget_get_next_sibling (row))
        {
          if (!gtk_widget_get_visible (row) || gtk_widget_get_height (row) == 0)
            continue;
          if (row_height < 0)
            row_height = gtk_widget_get_height (row);
          g_assert_cmpint (gtk_widget_get_height (row), ==, row_height);
          samples++;
        }
      if (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (stats)), "Depth"))
        g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (stats))));
    }
  g_assert_cmpuint (samples, >, 0);
  g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (stats)), "Depth "));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
go (StudioWindow *window,
    const char   *action,
    guint         times)
{
  for (guint i = 0; i < times; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), action, NULL);
}

/* Right and End follow the main continuation (the first child), not the
 * variation last visited; Down and Up switch between the alternatives.
 * The sample has "4. Qg4 (4. Sj7 Qh8) (4. Ah1 kj1)" at ply 7. */
static void
test_forward_follows_mainline (void)
{
  StudioWindow *window = studio_test_open_sample ("apex-race.pgn");
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  CheopsGameNode *end, *node;

  end = cheops_game_get_root (game);
  while (cheops_game_node_get_first_child (end) != NULL)
    end = cheops_game_node_get_first_child (end);

  /* Into the variation 4. Sj7 Qh8 and to its end. */
  go (window, "win.go-forward", 7);
  g_assert_true (studio_document_get_current (document) == mainline_node (game, 7));
  go (window, "win.go-down", 1);
  node = studio_document_get_current (document);
  g_assert_cmpuint (cheops_game_node_get_index (node), ==, 1);
  g_assert_true (cheops_game_node_get_parent (node) == mainline_node (game, 6));
  go (window, "win.go-forward", 1);
  g_assert_true (cheops_game_node_get_parent (studio_document_get_current (document)) == node);

  /* Home, then Right twenty times: the main line, not the variation. */
  go (window, "win.go-start", 1);
  go (window, "win.go-forward", 20);
  g_assert_true (studio_document_get_current (document) == mainline_node (game, 20));

  /* From inside the variation, Right goes on in it (its own first child)... */
  studio_document_set_current (document, node);
  go (window, "win.go-forward", 1);
  g_assert_true (cheops_game_node_get_parent (studio_document_get_current (document)) == node);

  /* ... and from the branching move End goes to the end of the main line. */
  studio_document_set_current (document, mainline_node (game, 6));
  go (window, "win.go-end", 1);
  g_assert_true (studio_document_get_current (document) == end);

  /* Up and Down as before: from the main move to the second alternative and back. */
  studio_document_set_current (document, mainline_node (game, 7));
  go (window, "win.go-down", 2);
  g_assert_cmpuint (cheops_game_node_get_index (studio_document_get_current (document)), ==, 2);
  go (window, "win.go-up", 2);
  g_assert_true (studio_document_get_current (document) == mainline_node (game, 7));

  g_assert_false (studio_document_get_modified (document));
  gtk_window_destroy (GTK_WINDOW (window));
}

static double
luminance_at (cairo_surface_t *surface,
              double           x,
              double           y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 pixel;

  cairo_surface_flush (surface);
  pixel = *(const guint32 *) (data + (int) y * stride + (int) x * 4);

  return 0.299 * ((pixel >> 16) & 0xff) + 0.587 * ((pixel >> 8) & 0xff) + 0.114 * (pixel & 0xff);
}

/* The dots of the legal moves stand out from light and dark cells alike:
 * at the centre of each free destination the picture is much darker than
 * the cell without the dot. */
static void
test_destination_dots (void)
{
  StudioWindow *window = studio_test_open_sample ("apex-race.pgn");
  StudioBoardView *view = STUDIO_BOARD_VIEW (studio_window_get_board_view (window));
  StudioBoardScene *scene = studio_board_view_get_scene (view);
  const CheopsPosition *pos;
  cairo_surface_t *plain, *dotted;
  cairo_t *cr;
  CheopsCellSet set;
  int width, height;
  guint light = 0, dark = 0;

  studio_test_spin_until (view_has_size, view);
  width = gtk_widget_get_width (GTK_WIDGET (view));
  height = gtk_widget_get_height (GTK_WIDGET (view));

  plain = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (plain);
  studio_board_view_draw (view, cr, width, height);
  cairo_destroy (cr);

  studio_board_scene_click (scene, cheops_laws_cell_make (6, 1));  /* the Pawn on g1 */
  set = studio_board_scene_get_destinations (scene);
  g_assert_true (set != CHEOPS_CELLSET_EMPTY);
  dotted = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (dotted);
  studio_board_view_draw (view, cr, width, height);
  cairo_destroy (cr);

  pos = studio_board_scene_get_position (scene);
  while (set != CHEOPS_CELLSET_EMPTY)
    {
      CheopsCell cell = cheops_cellset_pop (&set);
      double x, y;

      if (pos->board[cell] != CHEOPS_NO_PIECE)
        continue;
      g_assert_true (studio_board_view_cell_center (view, cell, &x, &y));
      g_assert_cmpfloat (luminance_at (plain, x, y) - luminance_at (dotted, x, y), >, 60);
      if (cheops_laws_cell_is_light (cell))
        light++;
      else
        dark++;
    }
  g_assert_cmpuint (light, >, 0);
  g_assert_cmpuint (dark, >, 0);

  cairo_surface_destroy (plain);
  cairo_surface_destroy (dotted);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
collect_action_rows (GtkWidget  *widget,
                     GPtrArray  *rows)
{
  if (ADW_IS_ACTION_ROW (widget))
    g_ptr_array_add (rows, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_action_rows (child, rows);
}

/* A game without a file is titled by its event, else by its players; the
 * sample rows say who played and when, not the event again. */
static void
test_titles (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *title = NULL;
  gboolean found = FALSE;

  collect_action_rows (GTK_WIDGET (window), rows);
  g_assert_cmpuint (rows->len, >, 0);
  for (guint i = 0; i < rows->len; i++)
    {
      AdwActionRow *row = g_ptr_array_index (rows, i);
      const char *row_title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));

      g_assert_null (strstr (adw_action_row_get_subtitle (row), row_title));
      if (g_str_equal (row_title, "The race to the Apex"))
        {
          g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, "Cheops · cheops-engine – cheops-engine · 2026.11.30");
          found = TRUE;
        }
    }
  g_assert_true (found);

  g_assert_true (studio_window_load_text (window, "[Event \"Ascension study\"]\n[Green \"Ann\"]\n"
                                                  "[Orange \"Bob\"]\n\n*\n", &error));
  g_assert_no_error (error);
  title = studio_document_dup_title (document);
  g_assert_cmpstr (title, ==, "Ascension study");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Ascension study — Cheops Studio");
  g_clear_pointer (&title, g_free);

  g_assert_true (studio_window_load_text (window, "[Event \"?\"]\n[Green \"Ann\"]\n"
                                                  "[Orange \"Bob\"]\n\n*\n", &error));
  title = studio_document_dup_title (document);
  g_assert_cmpstr (title, ==, "Ann – Bob");
  g_clear_pointer (&title, g_free);

  g_assert_true (studio_window_load_text (window, "1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1", &error));
  title = studio_document_dup_title (document);
  g_assert_cmpstr (title, ==, "Untitled Game");

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_a_line (gpointer data)
{
  g_autofree char *line = studio_analysis_panel_dup_line (data, 0);

  return line != NULL;
}

/* The tester's report: engine on, a position where a Pawn promotes into
 * the Ascension (hxi9=Q#).  After the move the game is over: the engine's
 * late lines of the position left must not reach the bar (read with the
 * new side to move they showed the loser winning), the panel says who won
 * and the header no longer shows the last depth, the bar is all Green with
 * "1-0"; the move sets the Result in the same undo step (Article 8.1). */
static void
test_ascension_result (void)
{
  g_autofree char *engine = cheops_uci_engine_find_bundled ();
  StudioWindow *window;
  StudioDocument *document;
  CheopsGame *game;
  StudioAnalysisPanel *panel;
  StudioEvalBar *bar;
  g_autofree char *text = NULL;
  g_autofree char *tree_text = NULL;
  g_autofree char *pgn = NULL;

  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  document = studio_window_get_document (window);
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  bar = STUDIO_EVAL_BAR (studio_test_find_widget_of_type (GTK_WIDGET (window), STUDIO_TYPE_EVAL_BAR));
  g_assert_nonnull (bar);

  g_assert_true (studio_window_load_text (window, "q/P2/5/7/4M4/11/13/15/1K13k1 a 0 1", NULL));
  game = studio_document_get_game (document);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");

  if (g_file_test (engine, G_FILE_TEST_IS_EXECUTABLE))
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
      g_assert_true (studio_analysis_panel_get_running (panel));
      studio_test_spin_until (has_a_line, panel);
      /* Let it search a little deeper, so that lines are in flight. */
      studio_test_spin_for (300);
    }

  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "h8i9");
  g_assert_cmpuint (cheops_game_node_get_ply (studio_document_get_current (document)), ==, 1);
  g_assert_cmpint (studio_document_get_outcome (document), ==, CHEOPS_LAWS_OUTCOME_ASCENSION_A);

  /* The result: in the game, the move list and the copied game. */
  g_assert_cmpstr (cheops_game_get_result (game), ==, "1-0");
  tree_text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (studio_window_get_move_tree (window)));
  g_assert_true (g_str_has_suffix (g_strchomp (tree_text), "1-0"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-game", NULL);
  pgn = studio_test_clipboard_text (GTK_WIDGET (window));
  g_assert_nonnull (strstr (pgn, "[Result \"1-0\"]"));
  g_assert_true (g_str_has_suffix (g_strchomp (pgn), "1-0"));

  if (studio_analysis_panel_get_running (panel))
    {
      /* Whatever the engine still prints about the position left. */
      studio_test_spin_for (500);
      g_assert_cmpstr (studio_analysis_panel_get_status (panel), ==, "Game over");
      g_assert_cmpstr (studio_analysis_panel_get_message (panel), ==, "Green wins by the Ascension.");
      g_assert_cmpuint (studio_analysis_panel_get_n_lines (panel), ==, 0);
      g_assert_cmpfloat (studio_eval_bar_get_fraction (bar), ==, 1.0);
      text = studio_eval_bar_dup_text (bar);
      g_assert_cmpstr (text, ==, "1-0");
    }

  /* One undo takes back the move and the result. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 1);
  g_assert_false (studio_document_get_modified (document));

  /* With Green in the q corner, the same Ascension is Orange's. */
  g_assert_true (cheops_game_set_tag (game, "GreenCorner", "q", NULL));
  gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "h8i9");
  g_assert_cmpstr (cheops_game_get_result (game), ==, "0-1");
  if (studio_analysis_panel_get_running (panel))
    {
      g_assert_cmpstr (studio_analysis_panel_get_message (panel), ==, "Orange wins by the Ascension.");
      g_assert_cmpfloat (studio_eval_bar_get_fraction (bar), ==, 0.0);
      g_clear_pointer (&text, g_free);
      text = studio_eval_bar_dup_text (bar);
      g_assert_cmpstr (text, ==, "0-1");
      gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
    }

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  g_assert_cmpint (cheops_game_get_colour_side (game, 0), ==, CHEOPS_SIDE_A);

  /* An Ascension in a variation does not decide the game. */
  {
    CheopsMove list[CHEOPS_MAX_MOVES], *end, other = CHEOPS_MOVE_NONE;
    char move_text[CHEOPS_MOVE_TEXT_MAX];

    end = cheops_generate_moves (studio_document_get_position (document), list);
    for (CheopsMove *m = list; m < end && other == CHEOPS_MOVE_NONE; m++)
      {
        cheops_move_to_text (&cheops_variant_cheops, *m, move_text);
        if (!g_str_has_prefix (move_text, "h8"))
          other = *m;
      }
    g_assert_true (other != CHEOPS_MOVE_NONE);
    g_assert_nonnull (studio_document_play_move (document, other, NULL));
    studio_document_go_back (document);
    gtk_widget_activate_action (studio_window_get_board_view (window), "board.play", "s", "h8i9");
    g_assert_false (cheops_game_node_is_mainline (studio_document_get_current (document)));
    g_assert_cmpint (studio_document_get_outcome (document), ==, CHEOPS_LAWS_OUTCOME_ASCENSION_A);
    g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  }
  while (studio_document_get_modified (document))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A comment with "}" (which a game file cannot keep): the editor stays
 * open with the text, says why inline, cannot save it as it is, and offers
 * to write ")" instead; nothing of the text is lost. */
static void
test_comment_brace (void)
{
  StudioWindow *window = studio_test_open_sample ("opening-lines.pgn");
  StudioDocument *document = studio_window_get_document (window);
  CheopsGameNode *node = mainline_node (studio_document_get_game (document), 2);
  GtkWidget *tree = studio_window_get_move_tree (window);
  GtkWidget *button, *problem;
  g_autofree char *text = NULL;

  g_assert_nonnull (node);
  studio_move_tree_view_edit_comment (STUDIO_MOVE_TREE_VIEW (tree), node, FALSE);
  problem = find_widget_named (tree, "comment-problem");
  g_assert_nonnull (problem);
  button = studio_test_find_widget_of_type (problem, GTK_TYPE_BUTTON);
  g_assert_nonnull (button);

  /* A valid text: no message. */
  comment_editor_set_text (tree, "Threat: Mf5");
  g_assert_false (gtk_widget_get_visible (problem));

  /* Enter does not save it: the editor stays, with the message. */
  comment_editor_set_text (tree, "Threat: {Mf5} [%x");
  g_assert_true (gtk_widget_get_visible (problem));
  g_assert_true (comment_editor_key (comment_editor (tree), GDK_KEY_Return, 0));
  g_assert_nonnull (studio_move_tree_view_get_comment_editor (STUDIO_MOVE_TREE_VIEW (tree)));
  g_assert_false (studio_document_get_modified (document));

  /* The offered repair. */
  g_signal_emit_by_name (button, "clicked");
  text = comment_editor_dup_text (tree);
  g_assert_cmpstr (text, ==, "Threat: {Mf5) [ %x");
  g_assert_false (gtk_widget_get_visible (problem));
  comment_editor_save (tree);
  g_assert_cmpstr (cheops_game_node_get_comment_after (node), ==, "Threat: {Mf5) [ %x");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (studio_document_get_modified (document));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Undo and redo go to the move the step touched: add a move, a comment
 * and a glyph, undo three times, redo three times: the current move is the
 * move added again, not the move before it. */
static void
test_undo_redo_selects (void)
{
  StudioWindow *window = studio_test_open_sample ("opening-lines.pgn");
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  GtkWidget *tree = studio_window_get_move_tree (window);
  CheopsGameNode *parent = mainline_node (game, 2);
  CheopsGameNode *added;
  CheopsMove list[CHEOPS_MAX_MOVES], *end, fresh = CHEOPS_MOVE_NONE;

  studio_document_set_current (document, parent);
  end = cheops_generate_moves (studio_document_get_position (document), list);
  for (CheopsMove *m = list; m < end && fresh == CHEOPS_MOVE_NONE; m++)
    {
      gboolean known = FALSE;

      for (guint i = 0; i < cheops_game_node_get_n_children (parent); i++)
        known |= cheops_game_node_get_move (cheops_game_node_get_child (parent, i)) == *m;
      if (!known)
        fresh = *m;
    }
  g_assert_true (fresh != CHEOPS_MOVE_NONE);

  added = studio_document_play_move (document, fresh, NULL);
  g_assert_nonnull (added);
  g_assert_true (cheops_game_set_comment_after (game, added, "A new idea.", NULL));
  gtk_widget_activate_action (tree, "tree.move-glyph", "y", (guint8) 3);
  g_assert_cmpuint (cheops_game_node_get_move_glyph (added), ==, 3);

  /* Undo: the glyph and the comment go from the move added (which stays
   * current), then the move goes and its parent is current. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (cheops_game_node_get_move_glyph (added), ==, 0);
  g_assert_true (studio_document_get_current (document) == added);
  /* From elsewhere too: an undo shows what it changed. */
  studio_document_go_start (document);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_null (cheops_game_node_get_comment_after (added));
  g_assert_true (studio_document_get_current (document) == added);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (cheops_game_contains (game, added));
  g_assert_true (studio_document_get_current (document) == parent);
  g_assert_false (studio_document_get_modified (document));

  /* Redo: the move comes back and is current; so it stays. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  added = studio_document_get_current (document);
  g_assert_true (cheops_game_node_get_parent (added) == parent);
  g_assert_true (cheops_game_node_get_move (added) == fresh);
  studio_document_go_start (document);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpstr (cheops_game_node_get_comment_after (added), ==, "A new idea.");
  g_assert_true (studio_document_get_current (document) == added);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpuint (cheops_game_node_get_move_glyph (added), ==, 3);
  g_assert_true (studio_document_get_current (document) == added);

  /* A tag change does not move away from the current move. */
  g_assert_true (cheops_game_set_tag (game, "Event", "Club match", NULL));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_true (studio_document_get_current (document) == added);

  while (studio_document_get_modified (document))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Whether the current move's start is inside the visible part of @view. */
static gboolean
current_move_visible (GtkTextView *view)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (view);
  GtkTextMark *mark = gtk_text_buffer_get_mark (buffer, "current");
  GtkTextIter iter;
  GdkRectangle visible, location;

  g_assert_nonnull (mark);
  gtk_text_buffer_get_iter_at_mark (buffer, &iter, mark);
  gtk_text_view_get_visible_rect (view, &visible);
  gtk_text_view_get_iter_location (view, &iter, &location);

  return location.y >= visible.y && location.y + location.height <= visible.y + visible.height;
}

/* The move list keeps the current move in view when its size changes (the
 * narrow layout, a smaller window), without a key pressed. */
static void
test_tree_resize_keeps_current (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples", "apex-race.pgn", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(StudioDocument) document = studio_document_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *tree = studio_move_tree_view_new ();
  GtkTextView *view;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (studio_document_load_text (document, contents, -1, NULL, NULL));
  studio_move_tree_view_set_document (STUDIO_MOVE_TREE_VIEW (tree), document);
  view = GTK_TEXT_VIEW (studio_test_find_widget_of_type (tree, GTK_TYPE_TEXT_VIEW));
  gtk_window_set_child (GTK_WINDOW (window), tree);
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 600);
  gtk_window_present (GTK_WINDOW (window));
  studio_test_spin_frames ();

  /* The last move: at the bottom of a tall list. */
  studio_document_go_end (document);
  studio_test_spin_frames ();
  g_assert_true (current_move_visible (view));
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (view)), >, 500);

  /* Lower: the move would be below the view. */
  gtk_widget_hide (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 140);
  gtk_window_present (GTK_WINDOW (window));
  studio_test_spin_frames ();
  g_assert_cmpint (gtk_widget_get_height (window), <, 200);
  g_assert_true (current_move_visible (view));

  /* Narrower: the lines rewrap. */
  gtk_widget_hide (window);
  gtk_window_set_default_size (GTK_WINDOW (window), 200, 140);
  gtk_window_present (GTK_WINDOW (window));
  studio_test_spin_frames ();
  g_assert_true (current_move_visible (view));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The application icon resolves to the PNG renderings in the resources at
 * every size the window icon, the start page and the About window ask for,
 * never to an SVG: rendering an SVG would load librsvg at start-up (6 MiB
 * resident; benchmarks/studio/bench-startup.sh). */
static void
test_app_icon_png (void)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  static const int sizes[] = { 16, 24, 32, 48, 64, 128, 256 };

  gtk_icon_theme_add_resource_path (theme, "/org/cheops/Studio/icons");
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (int scale = 1; scale <= 2; scale++)
      {
        g_autoptr(GtkIconPaintable) icon = NULL;
        g_autoptr(GFile) file = NULL;
        g_autofree char *uri = NULL;

        icon = gtk_icon_theme_lookup_icon (theme, "org.cheops.Studio", NULL, sizes[i], scale,
                                           GTK_TEXT_DIR_LTR, 0);
        file = gtk_icon_paintable_get_file (icon);
        g_assert_nonnull (file);
        uri = g_file_get_uri (file);
        g_test_message ("%d@%d: %s", sizes[i], scale, uri);
        g_assert_true (g_str_has_prefix (uri, "resource:///org/cheops/Studio/icons/"));
        g_assert_true (g_str_has_suffix (uri, "/apps/org.cheops.Studio.png"));
      }

  /* The exact size where there is one. */
  {
    g_autoptr(GtkIconPaintable) icon =
      gtk_icon_theme_lookup_icon (theme, "org.cheops.Studio", NULL, 128, 1, GTK_TEXT_DIR_LTR, 0);
    g_autoptr(GFile) file = gtk_icon_paintable_get_file (icon);
    g_autofree char *uri = g_file_get_uri (file);

    g_assert_cmpstr (uri, ==, "resource:///org/cheops/Studio/icons/128x128/apps/org.cheops.Studio.png");
  }
}

/* The URIs the window's Open Recent submenu offers, in order; "" for the
 * "No Recent Files" item. */
static char *
recent_menu_uris (StudioWindow *window)
{
  GMenuModel *menu = G_MENU_MODEL (window->recent_submenu);
  GString *uris = g_string_new (NULL);

  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autoptr(GVariant) target =
        g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_STRING);

      if (uris->len > 0)
        g_string_append_c (uris, ' ');
      g_string_append (uris, target != NULL ? g_variant_get_string (target, NULL) : "");
    }

  return g_string_free (uris, FALSE);
}

typedef struct {
  StudioWindow *window;
  const char   *expected;
} RecentWait;

static gboolean
recent_menu_is (gpointer data)
{
  RecentWait *wait = data;
  g_autofree char *uris = recent_menu_uris (wait->window);

  return g_strcmp0 (uris, wait->expected) == 0;
}

/* A copy of a sample game in a scratch directory, as a file to open. */
static GFile *
scratch_copy (const char *sample,
              const char *dir,
              const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "..", "data", "samples", sample, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *target = g_build_filename (dir, name, NULL);
  gsize length;

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (target, contents, length, NULL));

  return g_file_new_for_path (target);
}

static gboolean
document_file_is (gpointer data)
{
  RecentWait *wait = data;
  GFile *file = studio_document_get_file (studio_window_get_document (wait->window));
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : NULL;

  return g_strcmp0 (uri, wait->expected) == 0;
}

/* Opened files go to the recent files; the Open Recent submenu lists them,
 * newest first, in every window, leaves out files that are gone, and
 * opening an item opens that file. */
static void
test_recent_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("studio-recent-XXXXXX", NULL);
  g_autoptr(GFile) a = scratch_copy ("apex-race.pgn", dir, "a.pgn");
  g_autoptr(GFile) b = scratch_copy ("opening-lines.pgn", dir, "b.pgn");
  g_autofree char *uri_a = g_file_get_uri (a);
  g_autofree char *uri_b = g_file_get_uri (b);
  g_autofree char *both = g_strconcat (uri_b, " ", uri_a, NULL);
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  StudioWindow *window = studio_window_new (NULL);
  StudioWindow *other;
  RecentWait wait = { window, "" };

  g_assert_nonnull (dir);
  gtk_recent_manager_purge_items (manager, NULL);
  gtk_window_present (GTK_WINDOW (window));
  studio_test_spin_until (recent_menu_is, &wait);

  /* With no recent file, a file chooser for a new file starts in the
   * Documents folder (or the home folder), not the working directory. */
  {
    g_autoptr(GFile) folder = _studio_window_default_folder (window);
    const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

    g_assert_cmpstr (g_file_peek_path (folder), ==,
                     documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR) ? documents : g_get_home_dir ());
  }

  studio_window_open_file (window, a);
  wait.expected = uri_a;
  studio_test_spin_until (recent_menu_is, &wait);
  /* Then in the folder of the newest recent game file. */
  {
    g_autoptr(GFile) folder = _studio_window_default_folder (window);

    g_assert_cmpstr (g_file_peek_path (folder), ==, dir);
  }

  /* Opening the next file in a new window: both windows list both files,
   * the newest first.  (The recent list orders by time in seconds.) */
  g_usleep (1100 * 1000);
  other = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (other));
  studio_window_open_file (other, b);
  wait.expected = both;
  studio_test_spin_until (recent_menu_is, &wait);
  wait.window = other;
  studio_test_spin_until (recent_menu_is, &wait);

  /* The menu item opens its file. */
  gtk_widget_activate_action (GTK_WIDGET (other), "win.open-recent", "s", uri_a);
  wait.expected = uri_a;
  studio_test_spin_until (document_file_is, &wait);
  g_assert_cmpstr (cheops_game_get_tag (studio_document_get_game (studio_window_get_document (other)), "Event"),
                   ==, "The race to the Apex");

  /* A file deleted since is left out when the list is next built. */
  g_assert_cmpint (g_remove (g_file_peek_path (b)), ==, 0);
  _studio_window_add_recent (other, a);
  wait.window = window;
  studio_test_spin_until (recent_menu_is, &wait);

  /* Opening a recent file that is gone since the menu was built says so
   * and changes nothing. */
  gtk_widget_activate_action (GTK_WIDGET (other), "win.open-recent", "s", uri_b);
  for (int i = 0; i < 20; i++)
    {
      g_usleep (10000);
      while (g_main_context_iteration (NULL, FALSE));
    }
  wait.window = other;
  wait.expected = uri_a;
  g_assert_true (document_file_is (&wait));

  /* Opened again, a file moves to the top. */
  {
    g_autoptr(GFile) c = scratch_copy ("ascension-studies.pgn", dir, "c.pgn");
    g_autofree char *uri_c = g_file_get_uri (c);
    g_autofree char *c_a = g_strconcat (uri_c, " ", uri_a, NULL);
    g_autofree char *a_c = g_strconcat (uri_a, " ", uri_c, NULL);

    g_usleep (1100 * 1000);
    _studio_window_add_recent (other, c);
    wait.expected = c_a;
    studio_test_spin_until (recent_menu_is, &wait);
    g_usleep (1100 * 1000);
    _studio_window_add_recent (other, a);
    wait.expected = a_c;
    studio_test_spin_until (recent_menu_is, &wait);
    g_remove (g_file_peek_path (c));
  }

  /* Two files of one name: each item says its folder. */
  {
    g_autofree char *sub = g_build_filename (dir, "sub", NULL);
    g_autoptr(GFile) twin = NULL;
    g_autofree char *uri_twin = NULL;
    g_autofree char *expected = NULL;
    g_autofree char *label0 = NULL;
    g_autofree char *label1 = NULL;
    g_autofree char *folder = NULL;

    g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
    twin = scratch_copy ("apex-race.pgn", sub, "a.pgn");
    uri_twin = g_file_get_uri (twin);
    expected = g_strconcat (uri_twin, " ", uri_a, NULL);
    g_usleep (1100 * 1000);
    _studio_window_add_recent (other, twin);
    wait.expected = expected;
    studio_test_spin_until (recent_menu_is, &wait);
    g_assert_true (g_menu_model_get_item_attribute (G_MENU_MODEL (window->recent_submenu), 0,
                                                    G_MENU_ATTRIBUTE_LABEL, "s", &label0));
    g_assert_true (g_menu_model_get_item_attribute (G_MENU_MODEL (window->recent_submenu), 1,
                                                    G_MENU_ATTRIBUTE_LABEL, "s", &label1));
    /* The scratch directory is not under the home directory. */
    folder = g_strconcat ("a.pgn — ", sub, NULL);
    g_assert_cmpstr (label0, ==, folder);
    g_free (folder);
    folder = g_strconcat ("a.pgn — ", dir, NULL);
    g_assert_cmpstr (label1, ==, folder);
    g_remove (g_file_peek_path (twin));
    g_rmdir (sub);
  }

  /* A file that cannot be read is no recent file: opening it fails and it
   * leaves the list (the file chooser records whatever it picked). */
  {
    g_autofree char *bad_path = g_build_filename (dir, "folder.pgn", NULL);
    g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
    g_autofree char *uri_bad = g_file_get_uri (bad);
    g_autofree char *expected = NULL;
    guint n_windows = g_list_model_get_n_items (gtk_window_get_toplevels ());

    g_assert_cmpint (g_mkdir (bad_path, 0700), ==, 0);
    g_usleep (1100 * 1000);
    _studio_window_add_recent (other, bad);
    expected = g_strconcat (uri_bad, " ", uri_a, NULL);
    wait.expected = expected;
    studio_test_spin_until (recent_menu_is, &wait);

    /* With unsaved changes, a file opens in a new tab; one that cannot be
     * read leaves no empty tab (and no window) behind. */
    {
      StudioDocument *doc = studio_window_get_document (other);
      CheopsMove legal[CHEOPS_MAX_MOVES];

      g_assert_cmpint (cheops_generate_moves (studio_document_get_position (doc), legal) - legal, >, 0);
      g_assert_nonnull (studio_document_play_move (doc, legal[0], NULL));
      g_assert_true (studio_document_get_modified (doc));
    }
    gtk_widget_activate_action (GTK_WIDGET (other), "win.open-recent", "s", uri_bad);
    wait.expected = uri_a;
    studio_test_spin_until (recent_menu_is, &wait);
    g_assert_false (gtk_recent_manager_has_item (manager, uri_bad));
    for (int i = 0; i < 10; i++)
      {
        g_usleep (10000);
        while (g_main_context_iteration (NULL, FALSE));
      }
    g_assert_cmpuint (g_list_model_get_n_items (gtk_window_get_toplevels ()), ==, n_windows);
    g_assert_cmpuint (studio_window_get_n_tabs (other), ==, 1);
    while (studio_document_get_modified (studio_window_get_document (other)))
      gtk_widget_activate_action (GTK_WIDGET (other), "win.undo", NULL);
    g_rmdir (bad_path);
  }

  gtk_recent_manager_purge_items (manager, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  gtk_window_destroy (GTK_WINDOW (other));
  g_remove (g_file_peek_path (a));
  g_rmdir (dir);
}

/* The line under the board: who is to move, check, checklock, the end
 * of the game; colours as the game gives them to the corners.  Positions
 * from tests/core/test-rules.c, where their status is hand-checked. */
static void
test_status_line (void)
{
  static const struct {
    const char *text;
    const char *status;
  } cases[] = {
    { "[FEN \"1/1P1/5/7/9/11/13/15/K15k a 0 1\"]\n\n*\n", "Green to move" },
    { "[FEN \"1/1P1/5/7/9/11/13/15/K15k q 0 1\"]\n\n*\n", "Orange to move" },
    { "[FEN \"1/3/5/7/9/11/13/15/K15k a 0 1\"]\n\n*\n",
      "Draw: neither side has a Queen or a Pawn." },
    { "[FEN \"1/3/5/1sq4/5S3/5K5/4k8/15/17 a 0 1\"]\n\n*\n", "Green to move, in check" },
    { "[FEN \"1/3/5/7/9/1q9/3P9/15/K6m8k a 0 1\"]\n\n*\n",
      "Green to move, in checklock: the King is entombed and may not move (4.2.5)" },
    /* The a corner is Orange's here. */
    { "[GreenCorner \"q\"]\n[FEN \"1/3/5/7/9/1q9/3P9/15/K6m8k a 0 1\"]\n\n*\n",
      "Orange to move, in checklock: the King is entombed and may not move (4.2.5)" },
    /* The sample study after Orange's checklock move: Orange's King still
     * in check, entombed, with Green to move. */
    { "[FEN \"1/1P1/Aa3/7/2P3a1p/1P2P2p1p1/AP4P4p1/MS6p1P2qm/AKQ10aMk1 a 1 42\"]\n\n*\n",
      "Green to move · Orange: the King is entombed (4.2.7)" },
    { "[FEN \"q/3/5/7/9/11/13/15/K15k a 0 1\"]\n\n*\n", "Orange wins by the Ascension." },
  };
  StudioWindow *window = studio_window_new (NULL);

  gtk_window_present (GTK_WINDOW (window));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *status = NULL;

      g_assert_true (studio_window_load_text (window, cases[i].text, &error));
      g_assert_no_error (error);
      status = _studio_window_dup_status (window);
      g_assert_cmpstr (status, ==, cases[i].status);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->status_label)));
      g_assert_nonnull (strstr (gtk_label_get_text (window->status_label), cases[i].status));
    }

  /* Hidden while a position is set up. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.setup-position", NULL);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->status_label)));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* With the engine off, the evaluation bar shows the game's own [%eval] at
 * the current move, and nothing where the game has none. */
static void
test_eval_bar_stored (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  StudioEvalBar *bar = STUDIO_EVAL_BAR (studio_test_find_widget_of_type (GTK_WIDGET (window), STUDIO_TYPE_EVAL_BAR));
  g_autoptr(GError) error = NULL;

  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_window_load_text (window,
                                          "[Event \"e\"]\n\n1. eg2 { [%eval 2.50] } 1... mk3 2. eg3 { [%eval -1.00] } *\n",
                                          &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (studio_eval_bar_get_fraction (bar), ==, 0.5);
  studio_document_go_forward (document);
  /* 250 centipawns for Green (the a side): more than half the bar. */
  g_assert_cmpfloat_with_epsilon (studio_eval_bar_get_fraction (bar),
                                  0.5 + 0.5 * (2.0 / (1.0 + exp (-0.00368208 * 250)) - 1.0), 1e-9);
  studio_document_go_forward (document);
  g_assert_cmpfloat (studio_eval_bar_get_fraction (bar), ==, 0.5);
  studio_document_go_forward (document);
  g_assert_cmpfloat (studio_eval_bar_get_fraction (bar), <, 0.5);

  gtk_window_destroy (GTK_WINDOW (window));
}

static int
stats_depth (GtkWidget *stats)
{
  const char *text = gtk_label_get_label (GTK_LABEL (stats));

  return g_str_has_prefix (text, "Depth ") ? atoi (text + 6) : 0;
}

static void
emit_motion (GtkWidget  *widget,
             const char *signal)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean found = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_EVENT_CONTROLLER_MOTION (controller))
        continue;
      if (g_str_equal (signal, "enter") || g_str_equal (signal, "motion"))
        g_signal_emit_by_name (controller, signal, 5.0, 5.0);
      else
        g_signal_emit_by_name (controller, "leave");
      found = TRUE;
    }
  g_assert_true (found);
}

/* The best line stays as it is while the engine goes two depths deeper. */
static void
assert_lines_hold (StudioAnalysisPanel *panel,
                   GtkWidget           *stats)
{
  g_autofree char *held = studio_analysis_panel_dup_line (panel, 0);
  int depth = stats_depth (stats);
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  while (stats_depth (stats) < depth + 2)
    {
      g_autofree char *now = studio_analysis_panel_dup_line (panel, 0);

      g_assert_cmpstr (now, ==, held);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

/* With the real engine (skipped without one): the lines hold still while
 * the pointer is on them (a line that changed between reading and
 * clicking played another move) while depth and speed go on; a new
 * position still shows its own lines. */
static void
test_lines_hold_under_pointer (void)
{
  g_autofree char *engine = cheops_uci_engine_find_bundled ();
  StudioWindow *window;
  StudioAnalysisPanel *panel;
  GtkWidget *lines_box, *stats;

  if (!g_file_test (engine, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no engine in the build tree");
      return;
    }

  window = studio_test_open_sample ("apex-race.pgn");
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  lines_box = studio_test_find_by_class (GTK_WIDGET (panel), "analysis-lines");
  stats = studio_test_find_by_class (GTK_WIDGET (panel), "analysis-stats");
  for (int i = 0; i < 10; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  studio_test_spin_until (has_lines, panel);

  emit_motion (lines_box, "enter");
  assert_lines_hold (panel, stats);

  /* Another position while the pointer stays: its own lines come, and go
   * on deepening (not held at their first, shallow update) ... */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  studio_test_spin_until (has_lines, panel);
  {
    g_autofree char *line = studio_analysis_panel_dup_line (panel, 0);

    /* Ply 11: q to move at move 6, "6… ". */
    g_assert_nonnull (strstr (line, "6…"));
  }
  /* ... until the pointer moves over them. */
  emit_motion (lines_box, "motion");
  assert_lines_hold (panel, stats);

  emit_motion (lines_box, "leave");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* With the real engine (skipped without one): threat mode shows what the
 * opponent would play, but its score is not the position's, so the
 * evaluation bar does not move. */
static void
test_threat_keeps_bar (void)
{
  g_autofree char *engine = cheops_uci_engine_find_bundled ();
  StudioWindow *window;
  StudioAnalysisPanel *panel;
  StudioEvalBar *bar;
  GtkWidget *stats;
  double before;

  if (!g_file_test (engine, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no engine in the build tree");
      return;
    }

  window = studio_test_open_sample ("apex-race.pgn");
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  bar = STUDIO_EVAL_BAR (studio_test_find_widget_of_type (GTK_WIDGET (window), STUDIO_TYPE_EVAL_BAR));
  stats = studio_test_find_by_class (GTK_WIDGET (panel), "analysis-stats");
  for (int i = 0; i < 10; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
  before = studio_eval_bar_get_fraction (bar);

  /* X: threat mode, which also starts the engine. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.threat", NULL);
  g_assert_true (studio_analysis_panel_get_running (panel));
  studio_test_spin_until (has_lines, panel);
  {
    int depth = stats_depth (stats);
    gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

    while (stats_depth (stats) < depth + 2)
      {
        g_assert_cmpfloat (studio_eval_bar_get_fraction (bar), ==, before);
        g_assert_cmpint (g_get_monotonic_time (), <, deadline);
        g_main_context_iteration (NULL, TRUE);
      }
  }
  g_assert_cmpfloat (studio_eval_bar_get_fraction (bar), ==, before);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.threat", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  g_assert_false (studio_analysis_panel_get_running (panel));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* An engine whose moves are no Cheops moves (here the fake engine, whose
 * first move a1b1 is not playable in the initial position): its line says
 * so instead of showing nothing. */
static void
test_foreign_engine_line (void)
{
  g_autofree char *dir = g_dir_make_tmp ("studio-engine-XXXXXX", NULL);
  g_autofree char *wrapper = g_build_filename (dir, "engine", NULL);
  g_autofree char *script = g_strdup_printf ("#!/bin/sh\nexec '%s' good\n", g_getenv ("STUDIO_FAKE_ENGINE"));
  StudioWindow *window;
  StudioAnalysisPanel *panel;
  g_autofree char *line = NULL;

  g_assert_nonnull (g_getenv ("STUDIO_FAKE_ENGINE"));
  g_assert_true (g_file_set_contents (wrapper, script, -1, NULL));
  g_assert_cmpint (g_chmod (wrapper, 0755), ==, 0);
  g_setenv ("CHEOPS_ENGINE", wrapper, TRUE);

  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  studio_test_spin_until (has_lines, panel);
  line = studio_analysis_panel_dup_line (panel, 0);
  g_assert_nonnull (strstr (line, "“a1b1” is not a move here: does this engine play Cheops?"));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  g_unsetenv ("CHEOPS_ENGINE");
  g_remove (wrapper);
  g_rmdir (dir);
}

/* Save As: a name without an extension gets ".pgn", unless that file is
 * there already. */
static void
test_save_as_extension (void)
{
  g_autofree char *dir = g_dir_make_tmp ("studio-name-XXXXXX", NULL);
  g_autofree char *plain = g_build_filename (dir, "game", NULL);
  g_autofree char *with = g_build_filename (dir, "game.pgn", NULL);
  g_autofree char *other = g_build_filename (dir, "notes.txt", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (plain);
  g_autoptr(GFile) result = NULL;
  g_autoptr(GFile) file_other = g_file_new_for_path (other);

  result = _studio_window_game_file_name (file);
  g_assert_cmpstr (g_file_peek_path (result), ==, with);
  g_clear_object (&result);

  result = _studio_window_game_file_name (file_other);
  g_assert_cmpstr (g_file_peek_path (result), ==, other);
  g_clear_object (&result);

  g_assert_true (g_file_set_contents (with, "*\n", -1, NULL));
  result = _studio_window_game_file_name (file);
  g_assert_cmpstr (g_file_peek_path (result), ==, plain);

  g_remove (with);
  g_rmdir (dir);
}

static gboolean
drop_on (StudioWindow *window,
         const GValue *value)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  gboolean accepted = FALSE;
  gboolean found = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);
      const GType *types;
      gsize n_types;

      if (!GTK_IS_DROP_TARGET (controller))
        continue;
      /* Files and text are what a user drags in. */
      types = gtk_drop_target_get_gtypes (GTK_DROP_TARGET (controller), &n_types);
      g_assert_cmpuint (n_types, ==, 2);
      g_assert_true (types[0] == GDK_TYPE_FILE_LIST);
      g_assert_true (types[1] == G_TYPE_STRING);
      g_signal_emit_by_name (controller, "drop", value, 10.0, 10.0, &accepted);
      found = TRUE;
    }
  g_assert_true (found);

  return accepted;
}

/* The tab of @window showing @file, or -1. */
static int
tab_showing (StudioWindow *window,
             GFile        *file)
{
  for (guint i = 0; i < studio_window_get_n_tabs (window); i++)
    {
      GFile *shown = studio_document_get_file (studio_window_get_tab_document (window, i));

      if (shown != NULL && g_file_equal (shown, file))
        return (int) i;
    }

  return -1;
}

typedef struct {
  StudioWindow *window;
  GFile        *files[2];
} DropWait;

static gboolean
two_tabs_shown (gpointer data)
{
  DropWait *wait = data;

  return tab_showing (wait->window, wait->files[0]) >= 0 && tab_showing (wait->window, wait->files[1]) >= 0;
}

static guint
n_studio_windows (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  guint n = 0;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      n += STUDIO_IS_WINDOW (item);
    }
  return n;
}

/* Files dropped on the window open: the first there, the next in a tab
 * of its own beside it — no new window.  Text dropped is taken as a
 * paste: a FEN sets up the position; text that is neither a game nor a
 * FEN changes nothing; a drop on unsaved work opens a new tab, says so,
 * and keeps the work. */
static void
test_drop (void)
{
  g_autofree char *dir = g_dir_make_tmp ("studio-drop-XXXXXX", NULL);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  DropWait wait = { window, { NULL, NULL } };
  GValue value = G_VALUE_INIT;
  GSList *list = NULL;
  g_autofree char *fen = NULL;
  guint n_windows;

  wait.files[0] = scratch_copy ("apex-race.pgn", dir, "first.pgn");
  wait.files[1] = scratch_copy ("opening-lines.pgn", dir, "second.pgn");
  gtk_window_present (GTK_WINDOW (window));
  n_windows = n_studio_windows ();

  list = g_slist_append (g_slist_append (NULL, wait.files[0]), wait.files[1]);
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_set_boxed (&value, list);
  g_assert_true (drop_on (window, &value));
  g_value_unset (&value);
  g_slist_free (list);
  studio_test_spin_until (two_tabs_shown, &wait);
  g_assert_cmpuint (n_studio_windows (), ==, n_windows);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_cmpint (tab_showing (window, wait.files[0]), ==, 0);
  g_assert_cmpint (tab_showing (window, wait.files[1]), ==, 1);
  g_assert_cmpstr (cheops_game_get_tag (studio_document_get_game (studio_window_get_tab_document (window, 1)), "Event"),
                   ==, "Opening lines");
  g_assert_cmpstr (studio_window_get_tab_title (window, 1), ==, "second.pgn");
  /* The second tab is the one shown; closed (nothing unsaved), the first. */
  g_assert_true (studio_window_get_document (window) == studio_window_get_tab_document (window, 1));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 1);
  g_assert_true (studio_window_get_document (window) == document);

  /* A FEN dragged from a web page. */
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, "1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1");
  g_assert_true (drop_on (window, &value));
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, "1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1");
  g_assert_null (studio_document_get_file (document));

  /* Text that is no game: refused, the position stays. */
  g_value_set_string (&value, "https://example.org/not-a-game");
  g_assert_false (drop_on (window, &value));
  g_free (fen);
  fen = studio_document_dup_fen (document);
  g_assert_cmpstr (fen, ==, "1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1");
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 1);

  /* Unsaved work: the dropped game goes to a new tab, not a window. */
  {
    CheopsMove legal[CHEOPS_MAX_MOVES];

    g_assert_cmpint (cheops_generate_moves (studio_document_get_position (document), legal) - legal, >, 0);
    g_assert_nonnull (studio_document_play_move (document, legal[0], NULL));
  }
  g_assert_true (studio_document_get_modified (document));
  g_value_set_string (&value, "[Event \"Dropped\"]\n\n1. h2-h3 *\n");
  g_assert_true (drop_on (window, &value));
  g_value_unset (&value);
  g_assert_true (studio_document_get_modified (document));
  g_assert_cmpuint (cheops_game_count_nodes (studio_document_get_game (document)), ==, 2);
  g_assert_cmpuint (n_studio_windows (), ==, n_windows);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_cmpstr (cheops_game_get_tag (studio_document_get_game (studio_window_get_document (window)), "Event"),
                   ==, "Dropped");
  /* Text that is no game on unsaved work opens no tab either. */
  studio_window_select_tab (window, 0);
  g_value_init (&value, G_TYPE_STRING);
  g_value_set_string (&value, "https://example.org/not-a-game");
  g_assert_false (drop_on (window, &value));
  g_value_unset (&value);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_true (studio_window_get_document (window) == document);

  while (studio_document_get_modified (document))
    gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  for (int i = 0; i < 2; i++)
    {
      g_remove (g_file_peek_path (wait.files[i]));
      g_object_unref (wait.files[i]);
    }
  g_rmdir (dir);
}

static gboolean
has_message_dialog (gpointer data)
{
  return studio_test_find_message_dialog () != NULL;
}

/* As a click on the dialog's button: the response, then the dialog goes. */
static void
respond (const char *response)
{
  AdwMessageDialog *dialog = studio_test_find_message_dialog ();

  g_assert_nonnull (dialog);
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

static gboolean
n_tabs_is (gpointer data)
{
  gpointer *wait = data;

  return studio_window_get_n_tabs (wait[0]) == GPOINTER_TO_UINT (wait[1]);
}

static gboolean
toast_is (GtkWidget     *widget,
          gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), data) == 0;
}

static gboolean
window_has_toast (gpointer data)
{
  gpointer *wait = data;

  return studio_test_find_widget (GTK_WIDGET (((StudioWindow *) wait[0])->toast_overlay), toast_is, wait[1]) != NULL;
}

static const char *
shown_variant (StudioWindow *window)
{
  StudioBoardScene *scene = studio_board_view_get_scene (STUDIO_BOARD_VIEW (studio_window_get_board_view (window)));

  return studio_board_scene_get_position (scene)->variant->name;
}

/* Issue 21, tabs: a game that would replace unsaved work opens in a second
 * tab of the same window (not a window), with a toast; each tab keeps its
 * game and switching shows the other's moves, variant, headline and status;
 * Ctrl+W on an unsaved tab asks (Cancel keeps it, Discard closes it);
 * Ctrl+T opens a tab on the start page; the last tab closed closes the
 * window. */
static void
test_tabs (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *first = studio_window_get_document (window);
  StudioDocument *second;
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsGame) pyramids = studio_game_new_for_variant (cheops_variant_find ("pyramids"));
  g_autofree char *first_moves = NULL;
  g_autofree char *first_status = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GtkWidget) guard = NULL;
  guint n_windows;

  gtk_window_present (GTK_WINDOW (window));
  guard = g_object_ref_sink (g_object_ref (GTK_WIDGET (window)));
  n_windows = n_studio_windows ();
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 1);
  /* One tab: no tab bar (autohide), as GNOME Text Editor. */
  g_assert_true (adw_tab_bar_get_autohide (window->tab_bar));

  g_assert_true (studio_window_load_text (window, "[Event \"First\"]\n\n1. h2-h3 *\n", &error));
  g_assert_no_error (error);
  {
    CheopsMove legal[CHEOPS_MAX_MOVES];

    g_assert_cmpint (cheops_generate_moves (studio_document_get_position (first), legal) - legal, >, 0);
    g_assert_nonnull (studio_document_play_move (first, legal[0], NULL));
  }
  g_assert_true (studio_document_get_modified (first));
  g_assert_true (g_str_has_prefix (studio_window_get_tab_title (window, 0), "• "));
  first_moves = studio_move_tree_view_dup_text (window->move_tree);
  first_status = g_strdup (gtk_label_get_text (window->status_label));
  g_assert_cmpstr (shown_variant (window), ==, "cheops");

  /* A Pyramids game on unsaved work: a second tab, no new window. */
  _studio_window_show_new_game (window, pyramids, "The game");
  g_assert_cmpuint (n_studio_windows (), ==, n_windows);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  second = studio_window_get_document (window);
  g_assert_true (second != first);
  g_assert_true (studio_window_get_tab_document (window, 0) == first);
  g_assert_true (studio_window_get_tab_document (window, 1) == second);
  {
    gpointer wait[2] = { window, "The game opened in a new tab, to keep the other tab's unsaved changes" };

    studio_test_spin_until (window_has_toast, wait);
  }
  /* Everything shown is the new tab's: the board's variant, no moves, the
   * status line in Pyramids' words. */
  g_assert_cmpstr (shown_variant (window), ==, "pyramids");
  text = studio_move_tree_view_dup_text (window->move_tree);
  g_assert_cmpstr (text, !=, first_moves);
  g_clear_pointer (&text, g_free);
  g_assert_cmpstr (gtk_label_get_text (window->status_label), !=, first_status);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->stack), ==, "game");
  g_assert_true (studio_document_get_modified (first));

  /* Back to the first tab: its moves, its variant, its status again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-tab", NULL);
  g_assert_true (studio_window_get_document (window) == first);
  g_assert_cmpstr (shown_variant (window), ==, "cheops");
  text = studio_move_tree_view_dup_text (window->move_tree);
  g_assert_cmpstr (text, ==, first_moves);
  g_clear_pointer (&text, g_free);
  g_assert_cmpstr (gtk_label_get_text (window->status_label), ==, first_status);
  g_assert_cmpstr (gtk_label_get_label (window->headline_label), ==, "First");
  /* Next and previous wrap round. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-tab", NULL);
  g_assert_true (studio_window_get_document (window) == second);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.next-tab", NULL);
  g_assert_true (studio_window_get_document (window) == first);

  /* Ctrl+W on the unsaved tab asks; Cancel keeps it. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
  studio_test_spin_until (has_message_dialog, NULL);
  g_assert_cmpstr (adw_message_dialog_get_heading (studio_test_find_message_dialog ()), ==, "Save Changes?");
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  respond ("cancel");
  studio_test_spin_until (no_message_dialog, NULL);
  studio_test_spin_for (50);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_true (studio_window_get_document (window) == first);
  g_assert_true (studio_document_get_modified (first));

  /* ... Discard closes it: the other tab is shown. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
  studio_test_spin_until (has_message_dialog, NULL);
  respond ("discard");
  {
    gpointer wait[2] = { window, GUINT_TO_POINTER (1) };

    studio_test_spin_until (n_tabs_is, wait);
  }
  g_assert_true (studio_window_get_document (window) == second);
  g_assert_cmpstr (shown_variant (window), ==, "pyramids");

  /* Ctrl+T: a tab on the start page; closed at once (nothing unsaved). */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-tab", NULL);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->stack), ==, "start");
  g_assert_cmpstr (studio_window_get_tab_title (window, 1), ==, "New Tab");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 1);
  g_assert_cmpstr (gtk_stack_get_visible_child_name (window->stack), ==, "game");
  g_assert_true (studio_window_get_document (window) == second);

  /* The last tab closed (nothing unsaved) closes the window. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
  studio_test_spin_for (50);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (n_studio_windows (), ==, n_windows - 1);
}

/* Files given to the studio (its command line, the file manager) open as
 * GNOME Text Editor opens them: the first in the untouched tab, the next
 * beside it in a tab of its own, one window. */
static void
test_tabs_open_files (void)
{
  g_autofree char *dir = g_dir_make_tmp ("studio-tabs-XXXXXX", NULL);
  StudioWindow *window = studio_window_new (NULL);
  DropWait wait = { window, { NULL, NULL } };
  guint n_windows;

  wait.files[0] = scratch_copy ("apex-race.pgn", dir, "first.pgn");
  wait.files[1] = scratch_copy ("opening-lines.pgn", dir, "second.pgn");
  gtk_window_present (GTK_WINDOW (window));
  n_windows = n_studio_windows ();
  studio_window_open_file_in_tab (window, wait.files[0]);
  studio_window_open_file_in_tab (window, wait.files[1]);
  studio_test_spin_until (two_tabs_shown, &wait);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_cmpint (tab_showing (window, wait.files[0]), ==, 0);
  g_assert_cmpint (tab_showing (window, wait.files[1]), ==, 1);
  g_assert_cmpuint (n_studio_windows (), ==, n_windows);

  gtk_window_destroy (GTK_WINDOW (window));
  for (int i = 0; i < 2; i++)
    {
      g_remove (g_file_peek_path (wait.files[i]));
      g_object_unref (wait.files[i]);
    }
  g_rmdir (dir);
}

/* Closing a window with two unsaved tabs asks for each, in turn: Discard
 * on the first goes on to the second; Cancel there keeps the window with
 * the second tab. */
static void
test_tabs_close_window (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *documents[2];

  gtk_window_present (GTK_WINDOW (window));
  for (guint i = 0; i < 2; i++)
    {
      CheopsMove legal[CHEOPS_MAX_MOVES];

      if (i > 0)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.new-tab", NULL);
      studio_window_show_game (window);
      documents[i] = studio_window_get_document (window);
      g_assert_cmpint (cheops_generate_moves (studio_document_get_position (documents[i]), legal) - legal, >, 0);
      g_assert_nonnull (studio_document_play_move (documents[i], legal[i], NULL));
    }
  studio_window_select_tab (window, 0);

  gtk_window_close (GTK_WINDOW (window));
  studio_test_spin_until (has_message_dialog, NULL);
  g_assert_true (studio_window_get_document (window) == documents[0]);
  respond ("discard");
  {
    gpointer wait[2] = { window, GUINT_TO_POINTER (1) };

    studio_test_spin_until (n_tabs_is, wait);
  }
  /* The second tab asks in turn. */
  studio_test_spin_until (has_message_dialog, NULL);
  g_assert_true (studio_window_get_document (window) == documents[1]);
  respond ("cancel");
  studio_test_spin_until (no_message_dialog, NULL);
  studio_test_spin_for (50);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 1);
  g_assert_true (studio_document_get_modified (documents[1]));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Tests of the user test's four findings (comment before the first move,
 * the problems banner after a save, paste wording and toasts, samples). */

/* Whether @action ("tree.comment-before") is enabled for @widget: a button
 * set to it, put inside @widget for a moment, is sensitive exactly then. */
static gboolean
widget_action_enabled (GtkWidget  *widget,
                       const char *action)
{
  GtkWidget *probe = gtk_button_new ();
  gboolean enabled;

  g_object_ref_sink (probe);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), action);
  gtk_widget_set_parent (probe, widget);
  enabled = gtk_widget_get_sensitive (probe);
  gtk_widget_unparent (probe);
  g_object_unref (probe);

  return enabled;
}

static gboolean
window_gone (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (item == data && gtk_widget_get_visible (GTK_WIDGET (item)))
        return FALSE;
    }
  return TRUE;
}

/* A response given by code leaves the dialog open (libadwaita 1.2 closes
 * it on a click): close it as a click would. */
static void
close_message_dialog (AdwMessageDialog *dialog)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  studio_test_spin_until (window_gone, dialog);
}

/* The user test: "Comment Before Move…" on 1. i8 of ascension-studies.pgn
 * opened empty and then refused to save, losing the text, although the
 * game's opening comment stands right before that move.  The comment
 * before the first move of the game is the root's comment after
 * (cheops-game-node.h); before the first move of a variation, the move's
 * own comment before; a move that continues a line has none, and the menu
 * item is insensitive there. */
static void
test_comment_before_first_move (void)
{
  StudioWindow *window = studio_test_open_sample ("ascension-studies.pgn");
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  GtkWidget *tree = studio_window_get_move_tree (window);
  CheopsGameNode *root = cheops_game_get_root (game);
  CheopsGameNode *first = mainline_node (game, 1);
  CheopsGameNode *second = mainline_node (game, 2);
  CheopsGameNode *fourth = mainline_node (game, 4);
  CheopsGameNode *variation = cheops_game_node_get_child (fourth, 1);
  const char *opening = "Green to move forces the Ascension in three. The Pawn on h8 cannot enter the empty "
                        "Apex from a flank (5.4): it must first step to the Gate.";
  g_autofree char *text = NULL;
  g_autofree char *tree_text = NULL;
  g_autofree char *after_first = NULL;

  g_assert_cmpstr (cheops_game_node_get_comment_after (root), ==, opening);
  g_assert_cmpstr (cheops_game_node_get_san (first), ==, "i8");
  g_assert_cmpstr (cheops_game_node_get_san (variation), ==, "Mj6#");

  /* 1. i8: the item is sensitive and edits the opening comment. */
  studio_document_set_current (document, first);
  g_assert_true (widget_action_enabled (tree, "tree.comment-before"));
  g_assert_true (widget_action_enabled (tree, "tree.comment-after"));
  gtk_widget_activate_action (tree, "tree.comment-before", NULL);
  g_assert_nonnull (comment_editor (tree));
  text = comment_editor_dup_text (tree);
  g_assert_cmpstr (text, ==, opening);
  comment_editor_set_text (tree, "Green mates in three.");
  comment_editor_save (tree);
  g_assert_cmpstr (cheops_game_node_get_comment_after (root), ==, "Green mates in three.");
  g_assert_null (cheops_game_node_get_comment_before (first));
  tree_text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  g_assert_true (g_str_has_prefix (tree_text, "Green mates in three. 1. i8 "));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (cheops_game_node_get_comment_after (root), ==, opening);
  g_assert_false (studio_document_get_modified (document));

  /* 1... Ki6 continues the line: the text before it is the comment after
   * 1. i8 (what a game file writes between the two), which Comment Before
   * edits (issue 14: Comment Before works on any move). */
  studio_document_set_current (document, second);
  g_assert_true (widget_action_enabled (tree, "tree.comment-before"));
  g_assert_true (widget_action_enabled (tree, "tree.comment-after"));
  gtk_widget_activate_action (tree, "tree.comment-before", NULL);
  g_assert_nonnull (comment_editor (tree));
  g_clear_pointer (&text, g_free);
  text = comment_editor_dup_text (tree);
  after_first = g_strdup (cheops_game_node_get_comment_after (first));
  g_assert_cmpstr (text, ==, after_first != NULL ? after_first : "");
  comment_editor_set_text (tree, "Forced.");
  comment_editor_save (tree);
  g_assert_cmpstr (cheops_game_node_get_comment_after (first), ==, "Forced.");
  g_assert_null (cheops_game_node_get_comment_before (second));
  g_clear_pointer (&tree_text, g_free);
  tree_text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  g_assert_nonnull (strstr (tree_text, "1. i8 Forced. 1… Ki6 "));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (cheops_game_node_get_comment_after (first), ==, after_first);

  /* The first move of a variation, (3. Mj6#): its own comment before. */
  studio_document_set_current (document, variation);
  g_assert_true (widget_action_enabled (tree, "tree.comment-before"));
  gtk_widget_activate_action (tree, "tree.comment-before", NULL);
  g_assert_nonnull (comment_editor (tree));
  g_clear_pointer (&text, g_free);
  text = comment_editor_dup_text (tree);
  g_assert_cmpstr (text, ==, "");
  comment_editor_set_text (tree, "Also mate.");
  comment_editor_save (tree);
  g_assert_cmpstr (cheops_game_node_get_comment_before (variation), ==, "Also mate.");
  g_assert_null (cheops_game_node_get_comment_after (fourth));
  g_clear_pointer (&tree_text, g_free);
  tree_text = studio_move_tree_view_dup_text (STUDIO_MOVE_TREE_VIEW (tree));
  g_assert_nonnull (strstr (tree_text, "(Also mate. 3. Mj6#)"));

  /* Promoted, that move keeps its comment before as a first child, where
   * a game file would read it as the comment after 2... l3: the item edits
   * both as one text, which goes after 2... l3, in one undo step. */
  g_assert_true (cheops_game_promote_variation (game, variation));
  g_assert_cmpuint (cheops_game_node_get_index (variation), ==, 0);
  studio_document_set_current (document, variation);
  g_assert_true (widget_action_enabled (tree, "tree.comment-before"));
  gtk_widget_activate_action (tree, "tree.comment-before", NULL);
  g_assert_nonnull (comment_editor (tree));
  g_clear_pointer (&text, g_free);
  text = comment_editor_dup_text (tree);
  g_assert_cmpstr (text, ==, "Also mate.");
  comment_editor_set_text (tree, "Two mates.");
  comment_editor_save (tree);
  g_assert_cmpstr (cheops_game_node_get_comment_after (fourth), ==, "Two mates.");
  g_assert_null (cheops_game_node_get_comment_before (variation));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_null (cheops_game_node_get_comment_after (fourth));
  g_assert_cmpstr (cheops_game_node_get_comment_before (variation), ==, "Also mate.");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The move of the comment edited is deleted meanwhile: the editor goes
 * with it, the text typed kept as its draft; the move back (undo), its
 * next edit starts with that text: nothing typed is lost. */
static void
test_comment_failure_keeps_text (void)
{
  StudioWindow *window = studio_test_open_sample ("ascension-studies.pgn");
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  GtkWidget *tree = studio_window_get_move_tree (window);
  CheopsGameNode *variation = cheops_game_node_get_child (mainline_node (game, 4), 1);
  g_autofree char *text = NULL;

  studio_move_tree_view_edit_comment (STUDIO_MOVE_TREE_VIEW (tree), variation, TRUE);
  comment_editor_set_text (tree, "Typed with care.");
  g_assert_true (cheops_game_delete_variation (game, variation));
  g_assert_null (studio_move_tree_view_get_comment_editor (STUDIO_MOVE_TREE_VIEW (tree)));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_true (cheops_game_contains (game, variation));
  studio_move_tree_view_edit_comment (STUDIO_MOVE_TREE_VIEW (tree), variation, TRUE);
  text = comment_editor_dup_text (tree);
  g_assert_cmpstr (text, ==, "Typed with care.");
  comment_editor_save (tree);
  g_assert_cmpstr (cheops_game_node_get_comment_before (variation), ==, "Typed with care.");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The user test: a file with an unclosed comment, edited and saved with
 * "Save Anyway", is clean on disk, but the banner about its problems
 * stayed.  After the save the load errors are those of what was written:
 * none, the banner goes, and a later save does not ask again.  Undone back
 * to the state it was read in, the game is written as it was read, errors
 * included, and the banner and the question come back. */
static void
test_problems_banner_after_save (void)
{
  static const char text[] =
    "[Event \"x\"]\n"
    "[SetUp \"1\"]\n"
    "[FEN \"1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1\"]\n"
    "\n"
    "1. i8 {unclosed\n"
    "1... Ki6 2. i9=Q\n";
  static const char clean[] =
    "[Event \"x\"]\n"
    "[Site \"?\"]\n"
    "[Date \"????.??.??\"]\n"
    "[Round \"?\"]\n"
    "[Green \"?\"]\n"
    "[Orange \"?\"]\n"
    "[Result \"*\"]\n"
    "[Variant \"Cheops\"]\n"
    "[SetUp \"1\"]\n"
    "[FEN \"1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1\"]\n"
    "\n"
    "1. i8 {now closed} *\n";
  g_autoptr(GError) error = NULL;
  g_autofree char *tmpdir = g_dir_make_tmp ("studio-test-XXXXXX", &error);
  g_autofree char *path = g_build_filename (tmpdir, "unclosed.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  StudioWindow *window;
  StudioDocument *document;
  CheopsGame *game;
  CheopsGameNode *first;
  AdwMessageDialog *dialog;
  GPtrArray *problems;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  window = studio_window_new (NULL);
  document = studio_window_get_document (window);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  game = studio_document_get_game (document);
  first = mainline_node (game, 1);

  problems = studio_document_get_load_errors (document);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (problems, 0), ==, "5:7: this comment is not closed by “}”");
  g_assert_true (gtk_revealer_get_reveal_child (window->problems_revealer));
  g_assert_cmpstr (gtk_label_get_label (window->problems_title), ==,
                   "Part of this file could not be read. What could be read is shown. Saving keeps a game "
                   "with errors as it is in the file, unless you edit it.");
  g_assert_cmpstr (gtk_label_get_label (window->problems_label), ==, "Line 5:7: this comment is not closed by “}”");

  /* Edit, save, Save Anyway: the file is clean, and so is the window. */
  g_assert_true (cheops_game_set_comment_after (game, first, "now closed", NULL));
  g_assert_true (studio_document_get_save_loses_text (document));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  dialog = studio_test_find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save a partly read game?");
  adw_message_dialog_response (dialog, "save");
  close_message_dialog (dialog);
  studio_test_spin_until (document_saved, document);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, clean);
  g_clear_pointer (&contents, g_free);
  g_assert_cmpuint (studio_document_get_load_errors (document)->len, ==, 0);
  g_assert_false (gtk_revealer_get_reveal_child (window->problems_revealer));
  g_assert_false (studio_document_get_save_loses_text (document));

  /* Another edit saves without asking: nothing more can be lost. */
  g_assert_true (cheops_game_set_comment_after (game, first, "closed again", NULL));
  g_assert_false (studio_document_get_save_loses_text (document));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_null (studio_test_find_message_dialog ());
  studio_test_spin_until (document_saved, document);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "1. i8 {closed again} *\n"));
  g_clear_pointer (&contents, g_free);
  g_assert_false (gtk_revealer_get_reveal_child (window->problems_revealer));

  /* Undone to the game as read: written as read, the error is back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_nonnull (cheops_game_get_source_text (game));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  g_assert_null (studio_test_find_message_dialog ());
  studio_test_spin_until (document_saved, document);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, text);
  problems = studio_document_get_load_errors (document);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (problems, 0), ==, "5:7: this comment is not closed by “}”");
  g_assert_true (gtk_revealer_get_reveal_child (window->problems_revealer));
  g_assert_true (cheops_game_set_comment_after (game, first, "now closed", NULL));
  g_assert_true (studio_document_get_save_loses_text (document));

  g_unlink (path);
  g_rmdir (tmpdir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_toast_label (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_tooltip_text (widget) != NULL;
}

static GtkWidget *
find_toast_label (GtkWidget *widget)
{
  return studio_test_find_widget (widget, is_toast_label, NULL);
}

static gboolean
has_toast (gpointer data)
{
  return find_toast_label (data) != NULL;
}

static gboolean
board_has_focus (gpointer data)
{
  StudioWindow *window = data;

  return gtk_root_get_focus (GTK_ROOT (window)) == studio_window_get_board_view (window);
}

static gboolean
focus_in_widget (StudioWindow *window,
                 GtkWidget    *widget)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && (focus == widget || gtk_widget_is_ancestor (focus, widget));
}

/* Issue 21: after a click on MultiPV's + or −, the arrow keys, Home, F, L
 * and X edited the number instead of moving through the game.  Now the
 * spin button gives the focus back to the board after a change and on
 * Escape. */
static void
test_multipv_focus (void)
{
  StudioWindow *window = studio_test_open_sample ("apex-race.pgn");
  GtkWidget *panel = GTK_WIDGET (window->analysis_panel);
  GtkWidget *spin = studio_test_find_widget_of_type (panel, GTK_TYPE_SPIN_BUTTON);
  guint multipv = studio_analysis_panel_get_multipv (window->analysis_panel);
  gboolean escaped = FALSE;
  g_autoptr(GListModel) controllers = NULL;

  g_assert_nonnull (spin);

  /* A change: the board has the keys again. */
  g_assert_true (gtk_widget_grab_focus (spin));
  g_assert_true (focus_in_widget (window, spin));
  gtk_spin_button_spin (GTK_SPIN_BUTTON (spin), multipv < 8 ? GTK_SPIN_STEP_FORWARD : GTK_SPIN_STEP_BACKWARD, 1);
  studio_test_spin_until (board_has_focus, window);

  /* Escape: the same, without a change. */
  g_assert_true (gtk_widget_grab_focus (spin));
  g_assert_true (focus_in_widget (window, spin));
  controllers = gtk_widget_observe_controllers (spin);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !escaped; i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        g_signal_emit_by_name (controller, "key-pressed", GDK_KEY_Escape, 9, 0, &escaped);
    }
  g_assert_true (escaped);
  g_assert_true (board_has_focus (window));

  studio_analysis_panel_set_multipv (window->analysis_panel, multipv);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The user test: pasting text that is not a game said "Nothing to paste:
 * No game could be read: …", and the toast ran into its close button;
 * pasted text with an error was described as a file.  Now: "The pasted
 * text is not a game or a position: line 1:1: …", wrapped (the whole text
 * also in the tooltip), and a banner about "this text". */
static void
test_paste_wording (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
  g_autoptr(GError) error = NULL;
  const char *expected = "Not a game or a position: line 1:1: "
                         "unreadable move hello at 1.: 'hello' is not a move: it does not end with a cell";
  GtkWidget *label;

  gtk_window_present (GTK_WINDOW (window));
  gdk_clipboard_set_text (clipboard, "hello world");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.paste", NULL);
  studio_test_spin_until (has_toast, window->toast_overlay);
  label = find_toast_label (GTK_WIDGET (window->toast_overlay));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, expected);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (label), ==, expected);
  g_assert_false (gtk_label_get_use_markup (GTK_LABEL (label)));
  /* Wrapped, whole, to the window's width (test-workspace's
   * /Studio/Workspace/long-toast-narrow at 700 px). */
  g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_NONE);
  g_assert_true (gtk_label_get_wrap (GTK_LABEL (label)));
  g_assert_cmpint (gtk_label_get_max_width_chars (GTK_LABEL (label)), <=, 80);
  /* Nothing was loaded. */
  g_assert_true (studio_document_get_is_empty (document));

  /* The document's own words, for callers to put after theirs. */
  g_assert_false (studio_document_load_text (document, "hello world", -1, NULL, &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==,
                   "line 1:1: unreadable move hello at 1.: 'hello' is not a move: it does not end with a cell");
  g_clear_error (&error);

  /* Pasted text with an error: the banner speaks of text, not a file. */
  g_assert_true (studio_window_load_text (window, "[Event \"Broken\"]\n\n1. eg2 2l3 2. Zq7 1-0\n", &error));
  g_assert_no_error (error);
  g_assert_null (studio_document_get_file (document));
  g_assert_true (gtk_revealer_get_reveal_child (window->problems_revealer));
  g_assert_cmpstr (gtk_label_get_label (window->problems_title), ==,
                   "Part of this text could not be read. What could be read is shown. Saving keeps a game "
                   "with errors as it was in the text, unless you edit it.");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The user test: a sample game from the start page said "Not saved" as if
 * it held unsaved work.  Untouched it is a "Sample game"; edited it is
 * unsaved ("•", "Not saved"); undone, a sample again; another game loaded
 * in its place is not a sample. */
static void
test_sample_subtitle (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  GtkListBoxRow *sample = NULL;
  CheopsGame *game;

  gtk_window_present (GTK_WINDOW (window));
  collect_action_rows (GTK_WIDGET (window->samples_list), rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_str_equal (adw_preferences_row_get_title (g_ptr_array_index (rows, i)),
                     "Ascension study: the Pawn march"))
      sample = g_ptr_array_index (rows, i);
  g_assert_nonnull (sample);
  g_signal_emit_by_name (window->samples_list, "row-activated", sample);

  game = studio_document_get_game (document);
  g_assert_cmpstr (cheops_game_get_tag (game, "Event"), ==, "Ascension study: the Pawn march");
  g_assert_true (studio_document_get_is_sample (document));
  g_assert_false (studio_document_get_modified (document));
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "Ascension study: the Pawn march");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Cheops · Sample game");

  g_assert_true (cheops_game_set_comment_after (game, cheops_game_get_root (game), "Mine now.", NULL));
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "• Ascension study: the Pawn march");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Cheops · Not saved");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (adw_window_title_get_title (window->window_title), ==, "Ascension study: the Pawn march");
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Cheops · Sample game");

  g_assert_true (studio_window_load_text (window, "[Event \"Pasted\"]\n\n*\n", NULL));
  g_assert_false (studio_document_get_is_sample (document));
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "Cheops · Not saved");

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_toast_or_file (gpointer data)
{
  StudioWindow *window = data;

  return find_toast_label (GTK_WIDGET (window->toast_overlay)) != NULL ||
         studio_document_get_file (studio_window_get_document (window)) != NULL;
}

/* Issue 21: a garbage file's toast said `unexpected “”`.  Whatever a file
 * holds, what the studio says of it names what was found: no empty
 * quotes, no bytes that are not text in the message. */
static void
test_garbage_file_message (void)
{
  static const struct { const char *bytes; gsize length; } garbage[] = {
    { "\xff\xfe\x00g\x00a\x00r", 8 },
    { "\x7f" "ELF\x02\x01\x01", 7 },
    { "PK\x03\x04\x14\x00", 6 },
    { "\x00\x00\x00", 3 },
    { "\xe2\x80\x9c\xe2\x80\x9d", 6 },
    { "}}}{{{", 6 },
    { "\xc2\xa0\xe2\x80\x8b\xef\xbb\xbf", 8 },
    { "\xe2\x80\x8b", 3 },
    { "\xcc\x81", 2 },
    { "\x1b[31m", 5 },
    { "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", 15 },
    { "[Event \"x\"]\n\n1. \xcc\x81 *\n", 22 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (garbage); i++)
    {
      g_autofree char *path = NULL;
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;
      StudioWindow *window = studio_window_new (NULL);
      GtkWidget *label;
      const char *said;
      int fd = g_file_open_tmp ("garbage-XXXXXX.pgn", &path, &error);

      g_assert_no_error (error);
      close (fd);
      g_assert_true (g_file_set_contents (path, garbage[i].bytes, garbage[i].length, NULL));
      file = g_file_new_for_path (path);
      gtk_window_present (GTK_WINDOW (window));
      studio_window_open_file (window, file);
      studio_test_spin_until (has_toast_or_file, window);
      label = find_toast_label (GTK_WIDGET (window->toast_overlay));
      if (label != NULL)
        said = gtk_label_get_label (GTK_LABEL (label));
      else
        said = gtk_label_get_label (window->problems_title);
      g_test_message ("garbage %u: %s", i, said);
      if (label == NULL)
        {
          const char *detail = gtk_label_get_label (window->problems_label);
          g_test_message ("garbage %u detail: %s", i, detail);
        }
      g_assert_true (g_utf8_validate (said, -1, NULL));
      g_assert_null (strstr (said, "unexpected “”"));
      /* No space, format character or combining mark between quotes:
       * those are named by their code points. */
      for (const char *q = strstr (said, "“"); q != NULL; q = strstr (q + 1, "“"))
        {
          gunichar u = g_utf8_get_char (g_utf8_next_char (q));

          g_assert_true (g_unichar_isgraph (u) && !g_unichar_ismark (u));
        }
      gtk_window_destroy (GTK_WINDOW (window));
      g_unlink (path);
    }
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_func ("/Studio/Window/edit-save-reread", test_edit_save_reread);
  g_test_add_func ("/Studio/Window/file-with-errors", test_file_with_errors);
  g_test_add_func ("/Studio/Window/partly-read-save", test_partly_read_save);
  g_test_add_func ("/Studio/Window/engine-position", test_engine_position);
  g_test_add_func ("/Studio/Window/paste-fen", test_paste_fen);
  g_test_add_func ("/Studio/Window/clipboard", test_clipboard);
  g_test_add_func ("/Studio/Window/close-asks", test_close_asks);
  g_test_add_func ("/Studio/Window/analysis", test_analysis);
  g_test_add_func ("/Studio/Window/analysis-rows-steady", test_analysis_rows_steady);
  g_test_add_func ("/Studio/Window/flip", test_flip);
  g_test_add_func ("/Studio/Window/multipv-focus", test_multipv_focus);
  g_test_add_func ("/Studio/Window/titles", test_titles);
  g_test_add_func ("/Studio/Window/destination-dots", test_destination_dots);
  g_test_add_func ("/Studio/Window/forward-follows-mainline", test_forward_follows_mainline);
  g_test_add_func ("/Studio/Window/narrow", test_narrow);
  g_test_add_func ("/Studio/Window/ascension-result", test_ascension_result);
  g_test_add_func ("/Studio/Window/comment-brace", test_comment_brace);
  g_test_add_func ("/Studio/Window/undo-redo-selects", test_undo_redo_selects);
  g_test_add_func ("/Studio/Window/tree-resize-keeps-current", test_tree_resize_keeps_current);
  g_test_add_func ("/Studio/Window/app-icon-png", test_app_icon_png);
  g_test_add_func ("/Studio/Window/recent-files", test_recent_files);
  g_test_add_func ("/Studio/Window/drop", test_drop);
  g_test_add_func ("/Studio/Window/tabs", test_tabs);
  g_test_add_func ("/Studio/Window/tabs-close-window", test_tabs_close_window);
  g_test_add_func ("/Studio/Window/tabs-open-files", test_tabs_open_files);
  g_test_add_func ("/Studio/Window/save-as-extension", test_save_as_extension);
  g_test_add_func ("/Studio/Window/status-line", test_status_line);
  g_test_add_func ("/Studio/Window/eval-bar-stored", test_eval_bar_stored);
  g_test_add_func ("/Studio/Window/lines-hold-under-pointer", test_lines_hold_under_pointer);
  g_test_add_func ("/Studio/Window/threat-keeps-bar", test_threat_keeps_bar);
  g_test_add_func ("/Studio/Window/foreign-engine-line", test_foreign_engine_line);
  g_test_add_func ("/Studio/Window/comment-before-first-move", test_comment_before_first_move);
  g_test_add_func ("/Studio/Window/comment-failure-keeps-text", test_comment_failure_keeps_text);
  g_test_add_func ("/Studio/Window/problems-banner-after-save", test_problems_banner_after_save);
  g_test_add_func ("/Studio/Window/paste-wording", test_paste_wording);
  g_test_add_func ("/Studio/Window/garbage-file-message", test_garbage_file_message);
  g_test_add_func ("/Studio/Window/sample-subtitle", test_sample_subtitle);

  return g_test_run ();
}
