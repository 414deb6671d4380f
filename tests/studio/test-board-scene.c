/* test-board-scene.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board's view-model without a display: selection and legal
 * destinations, click-click and drag-and-drop moves, promotion on the Apex
 * without a question (4.7.3), a TrigChess promotion waiting for its choice
 * (TR10), check and checklock (4.2.5), arrows and marks,
 * and the editing mode of the position set-up.
 */
#include <glib-object.h>

#include "studio-board-scene.h"
#include "studio-eval-bar.h"

static CheopsCell
cell (const char *name)
{
  CheopsCell c = cheops_laws_cell_parse (name, NULL);

  g_assert_cmpuint (c, !=, CHEOPS_CELL_NONE);
  return c;
}

static void
move_played_cb (StudioBoardScene *scene,
                guint             move,
                gpointer          user_data)
{
  GArray *played = user_data;
  CheopsMove m = move;

  g_array_append_val (played, m);
}

/* What the editing signals said, as "c:i5:1" (edit-cell, primary) and
 * "m:h6-i7" / "m:h6-off" (edit-move). */
static void
edit_cell_cb (StudioBoardScene *scene,
              guint             c,
              gboolean          primary,
              GString          *log)
{
  char name[3];

  cheops_laws_cell_name ((CheopsCell) c, name);
  g_string_append_printf (log, "c:%s:%d ", name, primary);
}

static void
edit_move_cb (StudioBoardScene *scene,
              guint             from,
              guint             to,
              GString          *log)
{
  char a[3], b[4];

  cheops_laws_cell_name ((CheopsCell) from, a);
  if (to < CHEOPS_LAWS_CELL_NB)
    cheops_laws_cell_name ((CheopsCell) to, b);
  else
    g_strlcpy (b, "off", sizeof b);
  g_string_append_printf (log, "m:%s-%s ", a, b);
}

static StudioBoardScene *
scene_for (const char *fen,
           GArray     *played)
{
  StudioBoardScene *scene = studio_board_scene_new ();
  CheopsPosition pos;
  CheopsError error;

  g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_cheops, fen, &error));
  studio_board_scene_set_position (scene, &pos, CHEOPS_MOVE_NONE);
  g_signal_connect (scene, "move-played", G_CALLBACK (move_played_cb), played);

  return scene;
}

static void
test_select_and_click (void)
{
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (CheopsMove));
  g_autoptr(StudioBoardScene) scene = scene_for (CHEOPS_LAWS_START_FEN, played);
  const CheopsPosition *pos = studio_board_scene_get_position (scene);
  CheopsMove list[CHEOPS_MAX_MOVES], *end;
  CheopsCellSet expected = CHEOPS_CELLSET_EMPTY;
  CheopsCell to;

  /* The destinations of d3 are exactly its moves in the core's list. */
  end = cheops_generate_moves (pos, list);
  for (CheopsMove *m = list; m < end; m++)
    if (cheops_move_from (*m) == cell ("d3"))
      expected |= cheops_cellset_of (cheops_move_to (*m));
  g_assert_true (expected != CHEOPS_CELLSET_EMPTY);

  g_assert_false (studio_board_scene_click (scene, cell ("d3")));
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, cell ("d3"));
  g_assert_true (studio_board_scene_get_destinations (scene) == expected);

  /* A second click on it drops the selection; a q piece (not to move) and
   * an empty cell cannot be selected. */
  studio_board_scene_click (scene, cell ("d3"));
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, CHEOPS_CELL_NONE);
  studio_board_scene_click (scene, cell ("n3"));
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, CHEOPS_CELL_NONE);
  studio_board_scene_click (scene, cell ("i5"));
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, CHEOPS_CELL_NONE);

  /* Click-click plays the move (the scene only reports it). */
  studio_board_scene_click (scene, cell ("d3"));
  to = cheops_cellset_first (expected);
  g_assert_true (studio_board_scene_click (scene, to));
  g_assert_cmpuint (played->len, ==, 1);
  g_assert_cmpuint (g_array_index (played, CheopsMove, 0), ==, cheops_move_make (cell ("d3"), to));
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, CHEOPS_CELL_NONE);

  /* An illegal move is refused. */
  g_assert_false (studio_board_scene_play (scene, cell ("a1"), cell ("i9")));
  g_assert_cmpuint (played->len, ==, 1);
}

static void
test_drag (void)
{
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (CheopsMove));
  g_autoptr(StudioBoardScene) scene = scene_for (CHEOPS_LAWS_START_FEN, played);
  CheopsCell from;
  double x, y;

  g_assert_false (studio_board_scene_drag_begin (scene, cell ("i5")));
  g_assert_true (studio_board_scene_drag_begin (scene, cell ("g1")));
  studio_board_scene_drag_motion (scene, 10, 20);
  g_assert_true (studio_board_scene_get_drag (scene, &from, &x, &y));
  g_assert_cmpuint (from, ==, cell ("g1"));
  g_assert_cmpfloat (x, ==, 10);
  g_assert_cmpfloat (y, ==, 20);

  /* Dropped back on its cell: no move, still selected. */
  g_assert_false (studio_board_scene_drag_end (scene, cell ("g1")));
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, cell ("g1"));
  g_assert_false (studio_board_scene_get_drag (scene, NULL, NULL, NULL));

  /* Dropped on a cell it cannot reach: no move, nothing selected. */
  studio_board_scene_drag_begin (scene, cell ("g1"));
  g_assert_false (studio_board_scene_drag_end (scene, cell ("i5")));
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, CHEOPS_CELL_NONE);

  /* Dropped on g1's step neighbour h1: played. */
  studio_board_scene_drag_begin (scene, cell ("g1"));
  g_assert_true (studio_board_scene_drag_end (scene, cell ("h1")));
  g_assert_cmpuint (played->len, ==, 1);
  g_assert_cmpuint (g_array_index (played, CheopsMove, 0), ==, cheops_move_make (cell ("g1"), cell ("h1")));
}

static void
test_promotion_without_asking (void)
{
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (CheopsMove));
  /* asc-03: a Pawn on the Gate, the Apex empty. */
  g_autoptr(StudioBoardScene) scene = scene_for ("1/1P1/5/1k5/9/11/11p1/15/1K15 a 0 1", played);
  CheopsMove move;

  g_assert_true (studio_board_scene_play (scene, cell ("i8"), cell ("i9")));
  g_assert_cmpuint (played->len, ==, 1);
  move = g_array_index (played, CheopsMove, 0);
  g_assert_cmpuint (move, ==, cheops_move_make (cell ("i8"), cell ("i9")));
  g_assert_true (cheops_laws_position_is_promotion (studio_board_scene_get_position (scene), move));
}

static void
choice_requested_cb (StudioBoardScene *scene,
                     guint            *count)
{
  (*count)++;
}

/* TrigChess TR10: a Pawn reaching a promotion trig chooses a Dome, a Gyro
 * or a Stag; from and to alone do not say which, so the scene waits for
 * the choice (spec 3.7: b5 -> b6 with 3 promotion choices). */
static void
test_promotion_choice (void)
{
  const CheopsVariant *trig = cheops_variant_find ("trigchess");
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (CheopsMove));
  g_autoptr(StudioBoardScene) scene = studio_board_scene_new ();
  CheopsPosition pos;
  CheopsError error;
  const CheopsMove *choices;
  CheopsCell b5, b6;
  guint n = 99, requested = 0;

  g_assert_nonnull (trig);
  g_assert_true (cheops_position_from_fen (&pos, trig, "3k3/P6/9/9/7/3K3 g 0 1", &error));
  studio_board_scene_set_position (scene, &pos, CHEOPS_MOVE_NONE);
  g_signal_connect (scene, "move-played", G_CALLBACK (move_played_cb), played);
  g_signal_connect (scene, "choice-requested", G_CALLBACK (choice_requested_cb), &requested);
  b5 = cheops_variant_cell_parse (trig, "b5", NULL);
  b6 = cheops_variant_cell_parse (trig, "b6", NULL);

  /* Click-click: b5, then b6. */
  g_assert_false (studio_board_scene_click (scene, b5));
  g_assert_true (studio_board_scene_click (scene, b6));
  g_assert_cmpuint (played->len, ==, 0);
  g_assert_cmpuint (requested, ==, 1);
  choices = studio_board_scene_get_choices (scene, &n);
  g_assert_cmpuint (n, ==, 3);
  /* In the order of the table's promotion_choices: Dome, Gyro, Stag. */
  g_assert_cmpuint (choices[0], ==, cheops_move_make_promotion (b5, b6, cheops_variant_piece_type (trig, 'D')));
  g_assert_cmpuint (choices[1], ==, cheops_move_make_promotion (b5, b6, cheops_variant_piece_type (trig, 'G')));
  g_assert_cmpuint (choices[2], ==, cheops_move_make_promotion (b5, b6, cheops_variant_piece_type (trig, 'S')));
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, CHEOPS_CELL_NONE);

  /* Cancelled: nothing played, nothing waits. */
  studio_board_scene_cancel_choice (scene);
  studio_board_scene_get_choices (scene, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (played->len, ==, 0);
  g_assert_false (studio_board_scene_choose (scene, choices[1]));
  g_assert_cmpuint (played->len, ==, 0);

  /* Drag and drop, then the Gyro. */
  g_assert_true (studio_board_scene_drag_begin (scene, b5));
  g_assert_true (studio_board_scene_drag_end (scene, b6));
  g_assert_cmpuint (requested, ==, 2);
  g_assert_cmpuint (played->len, ==, 0);
  g_assert_true (studio_board_scene_choose (scene, cheops_move_make_promotion (b5, b6, cheops_variant_piece_type (trig, 'G'))));
  g_assert_cmpuint (played->len, ==, 1);
  g_assert_cmpuint (cheops_move_promotion (g_array_index (played, CheopsMove, 0)), ==, cheops_variant_piece_type (trig, 'G'));
  studio_board_scene_get_choices (scene, &n);
  g_assert_cmpuint (n, ==, 0);

  /* A move given whole (board.play "b5b6s") is played at once. */
  g_assert_true (studio_board_scene_play_move (scene, cheops_move_make_promotion (b5, b6, cheops_variant_piece_type (trig, 'S'))));
  g_assert_cmpuint (played->len, ==, 2);
  g_assert_cmpuint (requested, ==, 2);
  g_assert_false (studio_board_scene_play_move (scene, cheops_move_make (b5, b6)));
}

static void
test_check_and_checklock (void)
{
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (CheopsMove));
  g_autoptr(StudioBoardScene) scene = NULL;

  /* From a random game (the engine's checklock tests): the q King on o3
   * is in check and q has no move legal under 4.2.2, so it is in
   * checklock and plays one of its five checklock moves. */
  scene = scene_for ("1/2p/2Pp1/6P/P7P/11/A9Q1k/1K9M3/11S5 q 7 127", played);
  g_assert_cmpuint (studio_board_scene_get_check_cell (scene), ==, cell ("o3"));
  g_assert_true (studio_board_scene_get_checklock (scene));

  /* In check but not in checklock: asc-05 with q to move (the core counts
   * seven legal moves there). */
  g_clear_object (&scene);
  scene = scene_for ("1/3/5/7/8k/11/Q10p1/15/1K10M4 q 0 1", played);
  g_assert_cmpuint (studio_board_scene_get_check_cell (scene), ==, cell ("m5"));
  g_assert_false (studio_board_scene_get_checklock (scene));

  /* The other side's King in check with a to move: entombed since its
   * own move (4.2.7), shown as such (the sample study, after 41... An1). */
  g_clear_object (&scene);
  scene = scene_for ("1/1P1/Aa3/7/2P3a1p/1P2P2p1p1/AP4P4p1/MS6p1P2qm/AKQ10aMk1 a 1 42", played);
  g_assert_cmpuint (studio_board_scene_get_check_cell (scene), ==, cell ("p1"));
  g_assert_true (studio_board_scene_get_checklock (scene));

  /* The initial position: no check. */
  g_clear_object (&scene);
  scene = scene_for (CHEOPS_LAWS_START_FEN, played);
  g_assert_cmpuint (studio_board_scene_get_check_cell (scene), ==, CHEOPS_CELL_NONE);
  g_assert_false (studio_board_scene_get_checklock (scene));
}

static void
count_cb (StudioBoardScene *scene,
          gpointer          user_data)
{
  (*(guint *) user_data)++;
}

static void
test_shapes (void)
{
  g_autoptr(StudioBoardScene) scene = studio_board_scene_new ();
  const StudioShape *shapes;
  guint n, changes = 0;

  g_signal_connect (scene, "shapes-changed", G_CALLBACK (count_cb), &changes);

  studio_board_scene_toggle_shape (scene, cell ("d2"), cell ("i5"), STUDIO_BRUSH_GREEN);
  studio_board_scene_toggle_shape (scene, cell ("i9"), cell ("i9"), STUDIO_BRUSH_RED);
  shapes = studio_board_scene_get_shapes (scene, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (shapes[0].from, ==, cell ("d2"));
  g_assert_cmpuint (shapes[0].to, ==, cell ("i5"));
  g_assert_cmpint (shapes[1].brush, ==, STUDIO_BRUSH_RED);

  /* The same arrow in another colour recolours it; in the same colour
   * removes it. */
  studio_board_scene_toggle_shape (scene, cell ("d2"), cell ("i5"), STUDIO_BRUSH_BLUE);
  shapes = studio_board_scene_get_shapes (scene, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpint (shapes[0].brush, ==, STUDIO_BRUSH_BLUE);
  studio_board_scene_toggle_shape (scene, cell ("d2"), cell ("i5"), STUDIO_BRUSH_BLUE);
  shapes = studio_board_scene_get_shapes (scene, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpuint (shapes[0].from, ==, cell ("i9"));
  g_assert_cmpuint (changes, ==, 4);

  /* Setting them (a new node) does not count as the user's change. */
  studio_board_scene_set_shapes (scene, NULL, 0);
  studio_board_scene_get_shapes (scene, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpuint (changes, ==, 4);
}

/* The evaluation bar's text: no sign, one decimal, halves toward zero. */
static void
test_eval_bar_text (void)
{
  static const struct { gboolean ascension; int score; const char *text; } cases[] = {
    { FALSE, -5, "0.0" }, { FALSE, 5, "0.0" }, { FALSE, 0, "0.0" }, { FALSE, 6, "0.1" },
    { FALSE, -15, "0.1" }, { FALSE, 35, "0.3" }, { FALSE, 36, "0.4" }, { FALSE, 99, "1.0" },
    { FALSE, -1234, "12.3" }, { FALSE, 1096, "11.0" }, { TRUE, -3, "#3" }, { TRUE, 12, "#12" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = studio_eval_bar_format_score (cases[i].ascension, cases[i].score);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Editing mode (setting up a position): no moves, clicks and drags are
 * reported for the owner to apply, a position without Kings is shown. */
static void
test_editing (void)
{
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (CheopsMove));
  g_autoptr(StudioBoardScene) scene = scene_for (CHEOPS_LAWS_START_FEN, played);
  g_autoptr(GString) log = g_string_new (NULL);
  CheopsPosition empty;

  g_signal_connect (scene, "edit-cell", G_CALLBACK (edit_cell_cb), log);
  g_signal_connect (scene, "edit-move", G_CALLBACK (edit_move_cb), log);

  /* Not editing: edit_click() does nothing. */
  studio_board_scene_edit_click (scene, cell ("i5"), TRUE);
  g_assert_cmpstr (log->str, ==, "");

  studio_board_scene_set_editing (scene, TRUE);
  g_assert_true (studio_board_scene_get_editing (scene));
  /* No piece is selected for a move, no move is played. */
  g_assert_false (studio_board_scene_select (scene, cell ("d3")));
  g_assert_false (studio_board_scene_play (scene, cell ("d3"), cell ("e4")));
  g_assert_false (studio_board_scene_click (scene, cell ("d3")));
  studio_board_scene_edit_click (scene, cell ("i5"), FALSE);
  studio_board_scene_edit_click (scene, CHEOPS_CELL_NONE, TRUE);
  g_assert_cmpstr (log->str, ==, "c:d3:1 c:i5:0 ");

  /* Any piece can be picked up, and dropped anywhere or off the board;
   * an empty cell cannot; back on its own cell is no edit. */
  g_string_truncate (log, 0);
  g_assert_false (studio_board_scene_drag_begin (scene, cell ("i5")));
  g_assert_true (studio_board_scene_drag_begin (scene, cell ("p1")));
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, cell ("p1"));
  g_assert_true (studio_board_scene_get_destinations (scene) == CHEOPS_CELLSET_EMPTY);
  g_assert_false (studio_board_scene_drag_end (scene, cell ("i5")));
  g_assert_true (studio_board_scene_drag_begin (scene, cell ("a1")));
  g_assert_false (studio_board_scene_drag_end (scene, CHEOPS_CELL_NONE));
  g_assert_true (studio_board_scene_drag_begin (scene, cell ("c3")));
  g_assert_false (studio_board_scene_drag_end (scene, cell ("c3")));
  g_assert_cmpstr (log->str, ==, "m:p1-i5 m:a1-off ");
  g_assert_cmpuint (studio_board_scene_get_selected (scene), ==, CHEOPS_CELL_NONE);
  /* The scene changes nothing itself: the owner sets the position. */
  g_assert_cmpuint (studio_board_scene_get_position (scene)->board[cell ("p1")], ==,
                    cheops_piece_make (CHEOPS_SIDE_B, CHEOPS_LAWS_KING));

  /* A board without Kings is shown, with no check. */
  cheops_position_clear (&empty, &cheops_variant_cheops);
  studio_board_scene_set_position (scene, &empty, CHEOPS_MOVE_NONE);
  g_assert_cmpuint (studio_board_scene_get_check_cell (scene), ==, CHEOPS_CELL_NONE);

  /* Back to playing (from a position again): moves as before. */
  {
    CheopsPosition start;

    cheops_position_init_start (&start, &cheops_variant_cheops);
    studio_board_scene_set_position (scene, &start, CHEOPS_MOVE_NONE);
  }
  studio_board_scene_set_editing (scene, FALSE);
  g_assert_true (studio_board_scene_select (scene, cell ("d3")));
  g_assert_true (studio_board_scene_click (scene, cell ("e4")));
  g_assert_cmpuint (played->len, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Studio/BoardScene/select-and-click", test_select_and_click);
  g_test_add_func ("/Studio/BoardScene/drag", test_drag);
  g_test_add_func ("/Studio/BoardScene/promotion-without-asking", test_promotion_without_asking);
  g_test_add_func ("/Studio/BoardScene/promotion-choice", test_promotion_choice);
  g_test_add_func ("/Studio/BoardScene/check-and-checklock", test_check_and_checklock);
  g_test_add_func ("/Studio/BoardScene/shapes", test_shapes);
  g_test_add_func ("/Studio/BoardScene/editing", test_editing);
  g_test_add_func ("/Studio/EvalBar/text", test_eval_bar_text);

  return g_test_run ();
}
