/* test-recovery.c: the studio's windows keep what is on disk and what was
 * not saved (issue 14) — the banner of a file another program wrote
 * (Reload / Keep, and no silent overwrite), and drafts of unsaved edits
 * that come back after the studio was killed (kill -9 of a child process
 * running the studio, then the offer at the next start).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "studio-document.h"
#include "studio-drafts.h"
#include "studio-test-util.h"
#include "studio-window.h"

static gboolean
has_message_dialog (gpointer data)
{
  return studio_test_find_message_dialog () != NULL;
}

static gboolean
document_has_file (gpointer data)
{
  return studio_document_get_file (data) != NULL;
}

static gboolean
match_name (GtkWidget     *widget,
            gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

static gboolean
match_button_label (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

static GtkRevealer *
disk_banner (StudioWindow *window)
{
  GtkWidget *revealer = studio_test_find_widget (GTK_WIDGET (window), match_name, "disk-changed-banner");

  g_assert_nonnull (revealer);
  return GTK_REVEALER (revealer);
}

static gboolean
banner_shown (gpointer data)
{
  return gtk_revealer_get_reveal_child (disk_banner (data));
}

static gboolean
banner_hidden (gpointer data)
{
  return !gtk_revealer_get_reveal_child (disk_banner (data));
}

static GtkInfoBar *
banner_bar (StudioWindow *window)
{
  return GTK_INFO_BAR (gtk_revealer_get_child (disk_banner (window)));
}

/* The label of the banner's body (its second label). */
static const char *
banner_text (StudioWindow *window)
{
  GtkWidget *bar = GTK_WIDGET (banner_bar (window));
  GtkWidget *label = studio_test_find_widget_of_type (bar, GTK_TYPE_LABEL);
  GtkWidget *next;

  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==, "The file has changed on disk");
  next = gtk_widget_get_next_sibling (label);
  g_assert_true (GTK_IS_LABEL (next));
  return gtk_label_get_label (GTK_LABEL (next));
}

static gboolean
not_modified (gpointer data)
{
  return !studio_document_get_modified (data);
}

static char *
read_file (const char *path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

/* A file written by another program while open: the banner says so, a
 * save refuses (the dialog says why) and leaves the other program's file;
 * Keep lets the next save overwrite it; Reload reads what is on disk,
 * dropping the window's edits.  For a game of each variant. */
static void
test_changed_on_disk_banner (gconstpointer data)
{
  const char *sample = data;
  g_autofree char *folder = g_dir_make_tmp ("studio-recovery-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, sample, NULL);
  g_autofree char *source = g_build_filename (SAMPLES_DIR, sample, NULL);
  g_autofree char *text = read_file (source);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  const char *other = "[Event \"written by another program\"]\n\n*\n";
  g_autofree char *after = NULL;
  AdwMessageDialog *dialog;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  g_assert_false (gtk_revealer_get_reveal_child (disk_banner (window)));
  g_assert_true (cheops_game_set_tag (studio_document_get_game (document), "Annotator", "mine", NULL));

  g_usleep (20000);
  g_assert_true (g_file_set_contents (path, other, -1, NULL));
  studio_test_spin_until (banner_shown, window);
  g_assert_true (g_str_has_prefix (banner_text (window), "Another program has written “"));
  g_assert_nonnull (strstr (banner_text (window), "(the changes made here are lost)"));

  /* Save: refused, said, the file left as the other program wrote it. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  studio_test_spin_until (has_message_dialog, NULL);
  dialog = studio_test_find_message_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "The Game Was Not Saved");
  g_assert_true (g_str_has_suffix (adw_message_dialog_get_body (dialog), "” has changed on disk since it was read"));
  adw_message_dialog_response (dialog, "close");
  studio_test_spin_frames ();
  after = read_file (path);
  g_assert_cmpstr (after, ==, other);
  g_assert_true (studio_document_get_modified (document));

  /* Keep: the banner goes, the next save writes the window's version. */
  gtk_info_bar_response (banner_bar (window), 2);
  studio_test_spin_until (banner_hidden, window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  studio_test_spin_until (not_modified, document);
  g_free (after);
  after = read_file (path);
  g_assert_nonnull (strstr (after, "[Annotator \"mine\"]"));
  studio_test_spin_for (300);
  g_assert_false (gtk_revealer_get_reveal_child (disk_banner (window)));

  /* Reload: what is on disk now, the edits dropped. */
  g_assert_true (cheops_game_set_tag (studio_document_get_game (document), "Annotator", "dropped", NULL));
  g_usleep (20000);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  studio_test_spin_until (banner_shown, window);
  gtk_info_bar_response (banner_bar (window), 1);
  studio_test_spin_until (not_modified, document);
  studio_test_spin_until (banner_hidden, window);
  g_assert_null (cheops_game_get_tag (studio_document_get_game (document), "Annotator"));
  g_assert_true (g_file_equal (studio_document_get_file (document), file));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (folder);
}

/* The child's documents: a file of three Cheops games whose second is
 * edited (a tag, a comment: a partial draft, that game alone), a new
 * Pyramids game with a move, never saved, and a file of TrigChess opened
 * but not edited (no draft). */
#define CHILD_TAG "killed with edits"

static gboolean
n_drafts_is (gpointer data)
{
  g_autoptr(GPtrArray) drafts = studio_drafts_list ();

  return drafts->len == GPOINTER_TO_UINT (data);
}

static CheopsMove
first_move (const CheopsPosition *position)
{
  CheopsMove *moves = g_new (CheopsMove, CHEOPS_MAX_MOVES);
  CheopsMove *end = cheops_generate_moves (position, moves);
  CheopsMove move;

  g_assert_true (end > moves);
  move = moves[0];
  g_free (moves);
  return move;
}

/* The studio the parent kills: run as `test-recovery --draft-child FILE
 * UNEDITED`, with the parent's XDG_DATA_HOME.  Prints "ready" once both
 * drafts are written, then runs until killed. */
static int
draft_child (const char *path,
             const char *unedited_path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) unedited = g_file_new_for_path (unedited_path);
  StudioWindow *window;
  StudioWindow *other;
  StudioWindow *third;
  StudioDocument *document;
  g_autoptr(CheopsGame) game = NULL;
  g_autoptr(GError) error = NULL;
  CheopsGame *shown;

  gtk_init ();
  adw_init ();

  window = studio_window_new (NULL);
  document = studio_window_get_document (window);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_open_file (window, file);
  studio_test_spin_until (document_has_file, document);
  g_assert_cmpuint (studio_document_get_n_games (document), ==, 3);
  g_assert_true (studio_document_show_game (document, 1));
  shown = studio_document_get_game (document);
  g_assert_true (cheops_game_set_tag (shown, "Annotator", CHILD_TAG, &error));
  g_assert_true (cheops_game_set_comment_after (shown, cheops_game_node_get_first_child (cheops_game_get_root (shown)),
                                                "a comment not saved", &error));
  g_assert_no_error (error);

  other = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (other));
  game = studio_game_new_for_variant (cheops_variant_find ("pyramids"));
  studio_document_set_game (studio_window_get_document (other), game);
  studio_window_show_game (other);
  g_assert_nonnull (studio_document_play_move (studio_window_get_document (other),
                                               first_move (studio_document_get_position (studio_window_get_document (other))),
                                               &error));
  g_assert_no_error (error);

  third = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (third));
  studio_window_open_file (third, unedited);
  studio_test_spin_until (document_has_file, studio_window_get_document (third));

  studio_test_spin_until (n_drafts_is, GUINT_TO_POINTER (2));
  g_print ("ready\n");
  fflush (stdout);
  for (;;)
    g_main_context_iteration (NULL, TRUE);
  return 0;
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

static gboolean
no_message_dialog (gpointer data)
{
  return studio_test_find_message_dialog () == NULL;
}

/* The studio killed (SIGKILL) with unsaved edits in two windows: the next
 * start offers both, restoring opens each with its edits and its file name
 * (or none), marked modified; the file on disk is as it was; saving one
 * and closing the other removes their drafts. */
static void
test_kill_and_restore (void)
{
  g_autofree char *folder = g_dir_make_tmp ("studio-recovery-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "ascension-studies.pgn", NULL);
  g_autofree char *unedited = g_build_filename (folder, "trigchess-gyros.pgn", NULL);
  g_autofree char *source = g_build_filename (SAMPLES_DIR, "ascension-studies.pgn", NULL);
  g_autofree char *source2 = g_build_filename (SAMPLES_DIR, "trigchess-gyros.pgn", NULL);
  g_autofree char *text = read_file (source);
  g_autofree char *text2 = read_file (source2);
  g_autofree char *self_path = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *line = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GSubprocess) child = NULL;
  g_autoptr(GDataInputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GPtrArray) drafts = NULL;
  StudioWindow *window;
  StudioDocument *other_document;
  StudioDocument *document;
  AdwMessageDialog *dialog;
  GtkWidget *list;
  GtkWidget *row;
  CheopsGame *game;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_true (g_file_set_contents (unedited, text2, -1, NULL));

  /* The studio, with edits, killed once its drafts are written. */
  child = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                            self_path, "--draft-child", path, unedited, NULL);
  g_assert_no_error (error);
  out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
  line = g_data_input_stream_read_line (out, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, "ready");
  g_assert_cmpint (kill (atoi (g_subprocess_get_identifier (child)), SIGKILL), ==, 0);
  g_assert_true (g_subprocess_wait (child, NULL, &error));
  g_assert_true (g_subprocess_get_if_signaled (child));
  g_assert_cmpint (g_subprocess_get_term_sig (child), ==, SIGKILL);

  drafts = studio_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 2);
  /* The file's draft holds its edited game alone. */
  {
    StudioDraft *d = g_ptr_array_index (drafts, 0);
    g_autoptr(GBytes) drafted = studio_draft_load_text (d, NULL);

    g_assert_true (d->partial);
    g_assert_cmpuint (d->n_games, ==, 3);
    g_assert_cmpuint (d->modified->len, ==, 1);
    g_assert_cmpuint (g_array_index (d->modified, guint, 0), ==, 1);
    g_assert_cmpuint (d->game_index, ==, 1);
    g_assert_nonnull (drafted);
    g_assert_cmpuint (g_bytes_get_size (drafted), <, strlen (text));
  }

  /* The next start. */
  window = studio_window_new (NULL);
  document = studio_window_get_document (window);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_window_offer_drafts (window));
  dialog = studio_test_find_message_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Restore Unsaved Games?");
  list = adw_message_dialog_get_extra_child (dialog);
  g_assert_true (GTK_IS_LIST_BOX (list));
  /* Oldest first: the file edited first, then the new game. */
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 0));
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "ascension-studies.pgn");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, path);
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 1));
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Not saved to a file");
  g_assert_null (gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), 2));
  /* As the user does: a click on Restore (which also closes the dialog). */
  gtk_widget_activate (studio_test_find_widget (GTK_WIDGET (dialog), match_button_label, "_Restore"));
  studio_test_spin_until (no_message_dialog, NULL);

  /* The file, with its edits, in this window, modified. */
  g_assert_true (g_file_equal (studio_document_get_file (document), file));
  g_assert_true (studio_document_get_modified (document));
  g_assert_false (studio_document_get_changed_on_disk (document));
  g_assert_cmpuint (studio_document_get_n_games (document), ==, 3);
  g_assert_cmpuint (studio_document_get_game_index (document), ==, 1);
  g_assert_false (cheops_game_get_modified (studio_document_get_game_at (document, 0)));
  g_assert_null (cheops_game_get_tag (studio_document_get_game_at (document, 0), "Annotator"));
  g_assert_false (cheops_game_get_modified (studio_document_get_game_at (document, 2)));
  game = studio_document_get_game (document);
  g_assert_true (game == studio_document_get_game_at (document, 1));
  g_assert_cmpstr (cheops_game_get_tag (game, "Annotator"), ==, CHILD_TAG);
  g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_node_get_first_child (cheops_game_get_root (game))),
                   ==, "a comment not saved");
  g_assert_false (cheops_game_undo (game));
  g_assert_true (studio_document_get_modified (document));
  after = read_file (path);
  g_assert_cmpstr (after, ==, text);

  /* The new game in a tab of its own, in the same window (no other
   * window), still without a file. */
  g_assert_cmpuint (n_studio_windows (), ==, 1);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  g_assert_true (studio_window_get_tab_document (window, 0) == document);
  other_document = studio_window_get_tab_document (window, 1);
  g_assert_null (studio_document_get_file (other_document));
  g_assert_true (studio_document_get_modified (other_document));
  g_assert_cmpstr (studio_document_get_variant (other_document)->name, ==, "pyramids");
  g_assert_cmpuint (cheops_game_node_get_n_children (cheops_game_get_root (studio_document_get_game (other_document))), ==, 1);

  /* Both drafts now follow their tabs: a save removes one, closing the
   * other tab (it asks; Discard) the other. */
  g_clear_pointer (&drafts, g_ptr_array_unref);
  drafts = studio_drafts_list ();
  g_assert_cmpuint (drafts->len, ==, 2);
  studio_window_select_tab (window, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  studio_test_spin_until (not_modified, document);
  studio_test_spin_until (n_drafts_is, GUINT_TO_POINTER (1));
  g_free (after);
  after = read_file (path);
  g_assert_nonnull (strstr (after, "[Annotator \"" CHILD_TAG "\"]"));
  studio_window_select_tab (window, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.close-tab", NULL);
  studio_test_spin_until (has_message_dialog, NULL);
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 2);
  adw_message_dialog_response (studio_test_find_message_dialog (), "discard");
  studio_test_spin_until (n_drafts_is, GUINT_TO_POINTER (0));
  g_assert_cmpuint (studio_window_get_n_tabs (window), ==, 1);
  g_assert_true (studio_window_get_document (window) == document);

  /* Nothing more to offer. */
  g_assert_false (studio_window_offer_drafts (window));
  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_unlink (unedited);
  g_rmdir (folder);
}

/* A partial draft (the edited game of a file of three) whose file was
 * written by another program after the draft: its games no longer line
 * up, so the drafted game opens alone, without the file (Save As keeps
 * it), rather than in the wrong place or not at all. */
static void
test_partial_draft_file_changed (void)
{
  g_autofree char *folder = g_dir_make_tmp ("studio-recovery-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (folder, "ascension-studies.pgn", NULL);
  g_autofree char *source = g_build_filename (SAMPLES_DIR, "ascension-studies.pgn", NULL);
  g_autofree char *text = read_file (source);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GArray) modified = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GBytes) drafted = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *etag = NULL;
  const char *game_text = "[Event \"drafted\"]\n\n*\n";
  StudioWindow *window;
  StudioDocument *document;
  AdwMessageDialog *dialog;
  guint one = 1;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  {
    g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_ETAG_VALUE, 0, NULL, NULL);

    etag = g_strdup (g_file_info_get_etag (info));
  }
  g_array_append_val (modified, one);
  drafted = g_bytes_new_static (game_text, strlen (game_text));
  g_assert_true (studio_drafts_write ("partial-test", drafted, file, etag, "ascension-studies.pgn",
                                      1, modified, 3, TRUE, &error));
  g_assert_no_error (error);
  /* The draft of a living studio (this one) is listed: it is not running
   * another process. */
  g_usleep (20000);
  g_assert_true (g_file_set_contents (path, "[Event \"rewritten\"]\n\n*\n", -1, NULL));

  window = studio_window_new (NULL);
  document = studio_window_get_document (window);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (studio_window_offer_drafts (window));
  dialog = studio_test_find_message_dialog ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Restore Unsaved Game?");
  gtk_widget_activate (studio_test_find_widget (GTK_WIDGET (dialog), match_button_label, "_Restore"));
  studio_test_spin_until (no_message_dialog, NULL);

  g_assert_null (studio_document_get_file (document));
  g_assert_true (studio_document_get_modified (document));
  g_assert_cmpuint (studio_document_get_n_games (document), ==, 1);
  g_assert_cmpstr (cheops_game_get_tag (studio_document_get_game (document), "Event"), ==, "drafted");

  gtk_window_destroy (GTK_WINDOW (window));
  studio_test_spin_until (n_drafts_is, GUINT_TO_POINTER (0));
  g_unlink (path);
  g_rmdir (folder);
}

int
main (int   argc,
      char *argv[])
{
  if (argc == 4 && g_str_equal (argv[1], "--draft-child"))
    return draft_child (argv[2], argv[3]);

  studio_test_init (&argc, &argv);

  g_test_add_func ("/recovery/drafts/kill-and-restore", test_kill_and_restore);
  g_test_add_func ("/recovery/drafts/partial-file-changed", test_partial_draft_file_changed);

  g_test_add_data_func ("/recovery/changed-on-disk/cheops", "apex-race.pgn", test_changed_on_disk_banner);
  g_test_add_data_func ("/recovery/changed-on-disk/trigchess", "trigchess-gyros.pgn", test_changed_on_disk_banner);
  g_test_add_data_func ("/recovery/changed-on-disk/cypher", "cypher-selfplay.pgn", test_changed_on_disk_banner);
  g_test_add_data_func ("/recovery/changed-on-disk/pyramids", "pyramids-selfplay.pgn", test_changed_on_disk_banner);

  return g_test_run ();
}
