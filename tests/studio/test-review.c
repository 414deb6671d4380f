/* test-review.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The whole-game review's studio parts, under a display (xvfb-run): the
 * engine readout moves with a long iteration's progress lines (the header's
 * depth, speed and time; the move searched and the nodes under the lines) and says
 * "Mate found" for a proved mate (the fake engine's `script` mode plays
 * the engine's lines), threat mode numbers the threat from the side that
 * would move and draws its first move as the threat arrow, and the game
 * tags dialog edits, saves (one undo step) and refuses a bad date.
 */
#include <adwaita.h>
#include <glib/gstdio.h>

#include "studio-test-util.h"
#include "cheops-core.h"
#include "studio-analysis-panel.h"
#include "studio-board-scene.h"
#include "studio-board-view.h"
#include "studio-document.h"
#include "cheops-uci-san.h"
#include "studio-tags-dialog.h"
#include "studio-window.h"

typedef struct {
  char *dir;
  char *wrapper;
  char *script;
} FakeEngine;

/* A fake engine in `script` mode as the studio's engine (CHEOPS_ENGINE). */
static void
fake_engine_setup (FakeEngine *fake)
{
  g_autofree char *text = NULL;

  g_assert_nonnull (g_getenv ("STUDIO_FAKE_ENGINE"));
  fake->dir = g_dir_make_tmp ("studio-review-XXXXXX", NULL);
  fake->wrapper = g_build_filename (fake->dir, "engine", NULL);
  fake->script = g_build_filename (fake->dir, "script", NULL);
  text = g_strdup_printf ("#!/bin/sh\nexec '%s' script '%s'\n", g_getenv ("STUDIO_FAKE_ENGINE"), fake->script);
  g_assert_true (g_file_set_contents (fake->wrapper, text, -1, NULL));
  g_assert_cmpint (g_chmod (fake->wrapper, 0755), ==, 0);
  g_assert_true (g_file_set_contents (fake->script, "", -1, NULL));
  g_setenv ("CHEOPS_ENGINE", fake->wrapper, TRUE);
}

static void
fake_engine_teardown (FakeEngine *fake)
{
  g_unsetenv ("CHEOPS_ENGINE");
  g_remove (fake->script);
  g_remove (fake->wrapper);
  g_rmdir (fake->dir);
  g_free (fake->script);
  g_free (fake->wrapper);
  g_free (fake->dir);
}

static void
fake_engine_script (FakeEngine *fake,
                    const char *text)
{
  g_assert_true (g_file_set_contents (fake->script, text, -1, NULL));
}

/* The machine text and the SAN of move @index of @pos. */
static void
move_texts (const CheopsPosition *pos,
            guint                 index,
            char                **text,
            char                **san)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  guint n = (guint) (cheops_generate_moves (pos, list) - list);
  char buf[CHEOPS_MOVE_TEXT_MAX];
  const char *pv[2] = { buf, NULL };
  g_auto(GStrv) sans = NULL;

  g_assert_cmpuint (index, <, n);
  cheops_move_to_text (pos->variant, list[index], buf);
  sans = cheops_uci_pv_to_san_at (pos, pv, NULL);
  g_assert_nonnull (sans[0]);
  *text = g_strdup (buf);
  *san = g_strdup (sans[0]);
}

static guint
n_moves (const CheopsPosition *pos)
{
  CheopsMove list[CHEOPS_MAX_MOVES];

  return (guint) (cheops_generate_moves (pos, list) - list);
}

typedef struct {
  StudioAnalysisPanel *panel;
  const char          *status;
} StatusWait;

static gboolean
status_is (gpointer data)
{
  StatusWait *wait = data;

  return g_strcmp0 (studio_analysis_panel_get_status (wait->panel), wait->status) == 0;
}

static gboolean
has_line (gpointer data)
{
  g_autofree char *line = studio_analysis_panel_dup_line (data, 0);

  return line != NULL;
}

static void
restart_analysis (StudioWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
}

/* A long iteration's progress lines move the header (speed, time) and the
 * line under the engine lines (the move searched, its number among the
 * legal moves, the nodes), while the line shown stays the last PV's; a mate proved
 * far past its length says "Mate found" instead of "Depth 127". */
static void
test_moving_readout (void)
{
  FakeEngine fake;
  StudioWindow *window;
  StudioAnalysisPanel *panel;
  const CheopsPosition *pos;
  g_autofree char *m1 = NULL, *s1 = NULL, *m2 = NULL, *s2 = NULL, *m3 = NULL, *s3 = NULL;
  g_autofree char *script = NULL;
  g_autofree char *status = NULL;
  g_autofree char *line = NULL;
  g_autofree char *expected_line = NULL;
  g_autofree char *expected_search = NULL;
  StatusWait wait;

  fake_engine_setup (&fake);
  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  pos = studio_document_get_position (studio_window_get_document (window));
  move_texts (pos, 0, &m1, &s1);
  move_texts (pos, 2, &m2, &s2);
  move_texts (pos, 3, &m3, &s3);

  script = g_strdup_printf ("info depth 16 seldepth 22 multipv 1 score cp 12 nodes 1000000 nps 611000 "
                            "hashfull 100 time 1500 pv %s\n"
                            "wait 400\n"
                            "info depth 17 seldepth 25 nodes 44000000 nps 611000 hashfull 200 time 72000 "
                            "currmove %s currmovenumber 3\n"
                            "wait 400\n"
                            "info depth 17 seldepth 25 nodes 45000000 nps 612000 hashfull 210 time 73400 "
                            "currmove %s currmovenumber 4\n",
                            m1, m2, m3);
  fake_engine_script (&fake, script);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);

  wait.panel = panel;
  wait.status = status = g_strdup_printf ("Depth 16 · 611 kN/s · 0:01");
  studio_test_spin_until (status_is, &wait);
  line = studio_analysis_panel_dup_line (panel, 0);
  expected_line = g_strdup_printf ("+0.12 1.\u2009%s", s1);
  g_assert_cmpstr (line, ==, expected_line);
  g_assert_cmpstr (studio_analysis_panel_get_search_text (panel), ==, "1.0 M nodes searched · hash 10% full");

  /* A progress line: no new PV, yet the header and the nodes move. */
  g_free (status);
  wait.status = status = g_strdup_printf ("Depth 17 · 611 kN/s · 1:12");
  studio_test_spin_until (status_is, &wait);
  g_free (expected_search);
  expected_search = g_strdup_printf ("3/%u %s · 44.0 M nodes searched · hash 20%% full", n_moves (pos), s2);
  g_assert_cmpstr (studio_analysis_panel_get_search_text (panel), ==, expected_search);
  g_clear_pointer (&line, g_free);
  line = studio_analysis_panel_dup_line (panel, 0);
  g_assert_cmpstr (line, ==, expected_line);

  g_free (status);
  wait.status = status = g_strdup_printf ("Depth 17 · 612 kN/s · 1:13");
  studio_test_spin_until (status_is, &wait);
  g_free (expected_search);
  expected_search = g_strdup_printf ("4/%u %s · 45.0 M nodes searched · hash 21%% full", n_moves (pos), s3);
  g_assert_cmpstr (studio_analysis_panel_get_search_text (panel), ==, expected_search);
  g_clear_pointer (&line, g_free);
  line = studio_analysis_panel_dup_line (panel, 0);
  g_assert_cmpstr (line, ==, expected_line);

  /* A mate in 3: at depth 5 (not yet past its 6 plies) still a depth; at
   * 127, "Mate found". */
  g_free (script);
  script = g_strdup_printf ("info depth 5 seldepth 6 multipv 1 score mate 3 nodes 5000 nps 50000 "
                            "hashfull 1 time 100 pv %s\n"
                            "wait 400\n"
                            "info depth 127 seldepth 6 multipv 1 score mate 3 nodes 900000 nps 450000 "
                            "hashfull 5 time 2000 pv %s\n",
                            m1, m1);
  fake_engine_script (&fake, script);
  restart_analysis (window);
  g_free (status);
  wait.status = status = g_strdup ("Depth 5 · 50 kN/s · 0:00");
  studio_test_spin_until (status_is, &wait);
  g_free (status);
  wait.status = status = g_strdup ("Mate found · 450 kN/s · 0:02");
  studio_test_spin_until (status_is, &wait);
  g_clear_pointer (&line, g_free);
  line = studio_analysis_panel_dup_line (panel, 0);
  g_free (expected_line);
  expected_line = g_strdup_printf ("#3 1.\u2009%s", s1);
  g_assert_cmpstr (line, ==, expected_line);

  /* The game over at the root, as the engine says it. */
  fake_engine_script (&fake, "info depth 0 score mate 0\nbestmove (none)\n");
  restart_analysis (window);
  g_free (status);
  wait.status = status = g_strdup ("Game over");
  studio_test_spin_until (status_is, &wait);
  g_assert_cmpuint (studio_analysis_panel_get_n_lines (panel), ==, 0);

  if (g_getenv ("STUDIO_REVIEW_SHOT") != NULL)
    {
      fake_engine_script (&fake, script + 0);
      g_free (script);
      script = g_strdup_printf ("info depth 16 seldepth 22 multipv 1 score cp 12 nodes 1000000 nps 611000 "
                                "hashfull 100 time 1500 pv %s\n"
                                "info depth 17 seldepth 25 nodes 44000000 nps 611000 hashfull 200 time 72000 "
                                "currmove %s currmovenumber 3\n", m1, m2);
      fake_engine_script (&fake, script);
      restart_analysis (window);
      studio_test_spin_for (1000);
      {
        GdkPaintable *paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
        GtkSnapshot *snapshot = gtk_snapshot_new ();
        g_autoptr(GskRenderNode) node = NULL;
        g_autoptr(GdkTexture) texture = NULL;
        int w = gtk_widget_get_width (GTK_WIDGET (window)), h = gtk_widget_get_height (GTK_WIDGET (window));

        gdk_paintable_snapshot (paintable, snapshot, w, h);
        node = gtk_snapshot_free_to_node (snapshot);
        texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                               &GRAPHENE_RECT_INIT (0, 0, w, h));
        gdk_texture_save_to_png (texture, g_getenv ("STUDIO_REVIEW_SHOT"));
        g_object_unref (paintable);
      }
    }

  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  fake_engine_teardown (&fake);
}

typedef struct {
  StudioBoardScene *scene;
  CheopsMove        move;
} ArrowWait;

static gboolean
threat_arrow_is (gpointer data)
{
  ArrowWait *wait = data;
  const StudioShape *arrow = studio_board_scene_get_threat_arrow (wait->scene);

  return arrow != NULL && arrow->from == cheops_move_from (wait->move) && arrow->to == cheops_move_to (wait->move);
}

/* Threat mode: the line is the opponent's, numbered from its side ("1… "
 * when a is to move at move 1; "2. " when q is to move after 1. ...), its
 * first move is the threat arrow (red, beside the best-move arrow, which
 * threat mode does not show), and leaving threat mode takes it away. */
static void
test_threat_line (void)
{
  FakeEngine fake;
  StudioWindow *window;
  StudioDocument *document;
  StudioAnalysisPanel *panel;
  StudioBoardScene *scene;
  CheopsPosition flipped;
  CheopsMove list[CHEOPS_MAX_MOVES];
  g_autofree char *text = NULL, *san = NULL, *script = NULL, *line = NULL, *expected = NULL;
  ArrowWait wait;

  fake_engine_setup (&fake);
  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  document = studio_window_get_document (window);
  panel = STUDIO_ANALYSIS_PANEL (studio_window_get_analysis_panel (window));
  scene = studio_board_view_get_scene (STUDIO_BOARD_VIEW (studio_window_get_board_view (window)));

  /* a to move at move 1: the threat is q's "1… ". */
  flipped = *studio_document_get_position (document);
  g_assert_cmpint (flipped.side_to_move, ==, CHEOPS_SIDE_A);
  cheops_position_set_side (&flipped, CHEOPS_SIDE_B);
  move_texts (&flipped, 1, &text, &san);
  cheops_generate_moves (&flipped, list);
  script = g_strdup_printf ("info depth 3 seldepth 3 multipv 1 score cp 20 nodes 3000 nps 30000 "
                            "hashfull 0 time 100 pv %s\n", text);
  fake_engine_script (&fake, script);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.threat", NULL);
  g_assert_true (studio_analysis_panel_get_threat (panel));
  studio_test_spin_until (has_line, panel);
  line = studio_analysis_panel_dup_line (panel, 0);
  /* +20 for q, the side that would move: −0.20 seen from a. */
  /* Labelled as a threat (issue 21). */
  expected = g_strdup_printf ("−0.20 Threat: 1…\u2009%s", san);
  g_assert_cmpstr (line, ==, expected);
  wait.scene = scene;
  wait.move = list[1];
  studio_test_spin_until (threat_arrow_is, &wait);
  g_assert_cmpint (studio_board_scene_get_threat_arrow (scene)->brush, ==, STUDIO_BRUSH_RED);
  g_assert_null (studio_board_scene_get_engine_arrow (scene));

  /* Leaving threat mode takes the arrow away. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.threat", NULL);
  studio_test_spin_frames ();
  g_assert_null (studio_board_scene_get_threat_arrow (scene));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  g_assert_false (studio_analysis_panel_get_running (panel));

  /* q to move after a's first move: a's threat is "2. ". */
  {
    CheopsMove moves[CHEOPS_MAX_MOVES];

    cheops_generate_moves (studio_document_get_position (document), moves);
    g_assert_nonnull (studio_document_play_move (document, moves[0], NULL));
  }
  flipped = *studio_document_get_position (document);
  g_assert_cmpint (flipped.side_to_move, ==, CHEOPS_SIDE_B);
  g_assert_cmpint (flipped.fullmove_number, ==, 1);
  cheops_position_set_side (&flipped, CHEOPS_SIDE_A);
  g_clear_pointer (&text, g_free);
  g_clear_pointer (&san, g_free);
  move_texts (&flipped, 0, &text, &san);
  cheops_generate_moves (&flipped, list);
  g_free (script);
  script = g_strdup_printf ("info depth 3 seldepth 3 multipv 1 score cp 30 nodes 3000 nps 30000 "
                            "hashfull 0 time 100 pv %s\n", text);
  fake_engine_script (&fake, script);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.threat", NULL);
  studio_test_spin_until (has_line, panel);
  g_clear_pointer (&line, g_free);
  line = studio_analysis_panel_dup_line (panel, 0);
  g_free (expected);
  expected = g_strdup_printf ("+0.30 Threat: 2.\u2009%s", san);
  g_assert_cmpstr (line, ==, expected);
  wait.move = list[0];
  studio_test_spin_until (threat_arrow_is, &wait);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.threat", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  gtk_window_destroy (GTK_WINDOW (window));
  fake_engine_teardown (&fake);
}

static StudioTagsDialog *
find_tags_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (STUDIO_IS_TAGS_DIALOG (item))
        return STUDIO_TAGS_DIALOG (item);
    }
  return NULL;
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

static char *
save_and_read (StudioDocument *document,
               const char     *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  char *text = NULL;
  int state = 0;

  studio_document_save_async (document, file, NULL, save_done_cb, &state);
  studio_test_spin_until (save_finished, &state);
  g_assert_cmpint (state, ==, 1);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* Ctrl+T's dialog: the players under the variant's colours; a bad date is
 * refused with its message; Save writes every change as one undo step;
 * the file has the tags; undo restores them all; the Result offers the
 * rules' one and warns at another. */
static void
test_tags_dialog (void)
{
  g_autofree char *dir = g_dir_make_tmp ("studio-tags-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "game.pgn", NULL);
  g_autofree char *text = NULL;
  StudioWindow *window;
  StudioDocument *document;
  CheopsGame *game;
  StudioTagsDialog *dialog;
  g_autofree char *headline = NULL;

  window = studio_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  studio_window_show_game (window);
  document = studio_window_get_document (window);
  game = studio_document_get_game (document);
  g_assert_true (cheops_game_set_tag (game, "Annotator", "Someone", NULL));
  cheops_game_clear_history (game);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-tags", NULL);
  dialog = find_tags_dialog ();
  g_assert_nonnull (dialog);
  g_assert_cmpstr (studio_tags_dialog_get_row_title (dialog, 0), ==, "Green");
  g_assert_cmpstr (studio_tags_dialog_get_row_title (dialog, 1), ==, "Orange");
  g_assert_cmpstr (studio_tags_dialog_get_value (dialog, "Annotator"), ==, "Someone");
  g_assert_null (studio_tags_dialog_get_rules_result (dialog));
  g_assert_null (studio_tags_dialog_get_error (dialog));

  /* A bad date: said, and Save refuses. */
  g_assert_true (studio_tags_dialog_set_value (dialog, "Date", "2024-05-01"));
  g_assert_cmpstr (studio_tags_dialog_get_error (dialog), ==,
                   "The date must read YYYY.MM.DD, with ?? for what is not known, as in 2024.05.??.");
  g_assert_false (studio_tags_dialog_save (dialog));
  g_assert_false (cheops_game_can_undo (game));
  g_assert_true (studio_tags_dialog_set_value (dialog, "Date", "2024.13.01"));
  g_assert_nonnull (studio_tags_dialog_get_error (dialog));
  g_assert_true (studio_tags_dialog_set_value (dialog, "Date", "2024.05.??"));
  g_assert_null (studio_tags_dialog_get_error (dialog));

  g_assert_true (studio_tags_dialog_set_value (dialog, "Green", "Ann Smith"));
  g_assert_true (studio_tags_dialog_set_value (dialog, "Orange", "Bob Jones"));
  g_assert_true (studio_tags_dialog_set_value (dialog, "Event", "Club match"));
  g_assert_false (studio_tags_dialog_add_tag (dialog, "Annotator"));
  g_assert_false (studio_tags_dialog_add_tag (dialog, "FEN"));
  g_assert_false (studio_tags_dialog_add_tag (dialog, "9lives"));
  g_assert_true (studio_tags_dialog_add_tag (dialog, "TimeControl"));
  g_assert_true (studio_tags_dialog_set_value (dialog, "TimeControl", "40/7200"));
  g_assert_true (studio_tags_dialog_remove_tag (dialog, "Annotator"));
  g_assert_false (studio_tags_dialog_remove_tag (dialog, "Event"));

  if (g_getenv ("STUDIO_TAGS_SHOT") != NULL)
    {
      GdkPaintable *paintable;
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      int w, h;

      studio_tags_dialog_set_value (dialog, "Date", "2024-05");
      studio_test_spin_for (500);
      w = gtk_widget_get_width (GTK_WIDGET (dialog));
      h = gtk_widget_get_height (GTK_WIDGET (dialog));
      paintable = gtk_widget_paintable_new (GTK_WIDGET (dialog));
      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (dialog)), node,
                                             &GRAPHENE_RECT_INIT (0, 0, w, h));
      gdk_texture_save_to_png (texture, g_getenv ("STUDIO_TAGS_SHOT"));
      g_object_unref (paintable);
      studio_tags_dialog_set_value (dialog, "Date", "2024.05.??");
    }

  g_assert_true (studio_tags_dialog_save (dialog));
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_assert_cmpstr (cheops_game_get_tag (game, "Green"), ==, "Ann Smith");
  g_assert_cmpstr (cheops_game_get_tag (game, "Orange"), ==, "Bob Jones");
  g_assert_cmpstr (cheops_game_get_tag (game, "Date"), ==, "2024.05.??");
  g_assert_cmpstr (cheops_game_get_tag (game, "TimeControl"), ==, "40/7200");
  g_assert_null (cheops_game_get_tag (game, "Annotator"));
  headline = cheops_game_dup_headline (game);
  g_assert_cmpstr (headline, ==, "Ann Smith - Bob Jones, Club match");

  text = save_and_read (document, path);
  g_assert_nonnull (strstr (text, "[Event \"Club match\"]\n"));
  g_assert_nonnull (strstr (text, "[Date \"2024.05.??\"]\n"));
  g_assert_nonnull (strstr (text, "[Green \"Ann Smith\"]\n"));
  g_assert_nonnull (strstr (text, "[Orange \"Bob Jones\"]\n"));
  g_assert_nonnull (strstr (text, "[TimeControl \"40/7200\"]\n"));
  g_assert_null (strstr (text, "Annotator"));

  /* One undo step brings every tag back. */
  g_assert_true (studio_document_undo (document));
  g_assert_cmpstr (cheops_game_get_tag (game, "Green"), ==, "?");
  g_assert_cmpstr (cheops_game_get_tag (game, "Orange"), ==, "?");
  g_assert_cmpstr (cheops_game_get_tag (game, "Event"), ==, "?");
  g_assert_cmpstr (cheops_game_get_tag (game, "Date"), ==, "????.??.??");
  g_assert_cmpstr (cheops_game_get_tag (game, "Annotator"), ==, "Someone");
  g_assert_null (cheops_game_get_tag (game, "TimeControl"));
  g_assert_false (cheops_game_can_undo (game));

  gtk_window_destroy (GTK_WINDOW (window));
  g_remove (path);
  g_rmdir (dir);
}

/* TrigChess: the players are Gold and Red. */
static void
test_tags_dialog_trigchess (void)
{
  StudioDocument *document = studio_document_new ();
  g_autoptr(CheopsGame) game = studio_game_new_for_variant (&cheops_variant_trigchess);
  GtkWidget *dialog;

  studio_document_set_game (document, game);
  dialog = studio_tags_dialog_new (NULL, document);
  g_assert_cmpstr (studio_tags_dialog_get_row_title (STUDIO_TAGS_DIALOG (dialog), 0), ==, "Gold");
  g_assert_cmpstr (studio_tags_dialog_get_row_title (STUDIO_TAGS_DIALOG (dialog), 1), ==, "Red");
  g_assert_true (studio_tags_dialog_set_value (STUDIO_TAGS_DIALOG (dialog), "Gold", "G. Player"));
  g_assert_true (studio_tags_dialog_save (STUDIO_TAGS_DIALOG (dialog)));
  g_assert_cmpstr (cheops_game_get_tag (game, "Gold"), ==, "G. Player");
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (document);
}

static void
test_date_format (void)
{
  g_assert_true (studio_tags_date_is_valid ("2024.05.01"));
  g_assert_true (studio_tags_date_is_valid ("????.??.??"));
  g_assert_true (studio_tags_date_is_valid ("2024.??.??"));
  g_assert_false (studio_tags_date_is_valid ("2024.5.1"));
  g_assert_false (studio_tags_date_is_valid ("2024/05/01"));
  g_assert_false (studio_tags_date_is_valid ("2024.00.01"));
  g_assert_false (studio_tags_date_is_valid ("2024.05.32"));
  g_assert_false (studio_tags_date_is_valid ("20?4.05.01"));
  g_assert_false (studio_tags_date_is_valid (""));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_func ("/Studio/Review/moving-readout", test_moving_readout);
  g_test_add_func ("/Studio/Review/threat-line", test_threat_line);
  g_test_add_func ("/Studio/Review/tags-dialog", test_tags_dialog);
  g_test_add_func ("/Studio/Review/tags-dialog-trigchess", test_tags_dialog_trigchess);
  g_test_add_func ("/Studio/Review/date-format", test_date_format);

  return g_test_run ();
}
