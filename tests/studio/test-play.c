/* test-play.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Play Against the Engine (issue 22) under a display (xvfb-run), with the
 * bundled engine at level 1, in each of the four games, driven as a user
 * does: win.play (Ctrl+Shift+P) opens the dialog, Play starts, the user's
 * moves are clicked on the board or typed in the move entry, the bar's
 * actions take back, resign, claim; and the tree the game ends with is
 * checked exactly.
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "studio-test-util.h"
#include "cheops-core.h"
#include "cheops-position.h"
#include "cheops-pgn.h"
#include "studio-board-scene.h"
#include "studio-document.h"
#include "studio-move-entry.h"
#include "studio-play-dialog.h"
#include "studio-window.h"
#include "studio-window-private.h"

static StudioPlayDialog *
find_play_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (STUDIO_IS_PLAY_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return STUDIO_PLAY_DIALOG (w);
    }
  return NULL;
}

/* The dialog's combo rows by @index: 0 start, 1 side, 2 level, 3 and 4 side
 * A's engine and level, 5 and 6 side B's (engine against engine; against
 * the user, the engine's side's engine row), 7 clock.  On the screen the
 * level comes after side B's engine (the engine's row before its
 * strength). */
static AdwComboRow *
dialog_row (StudioPlayDialog *dialog,
            guint             index)
{
  static const int shown_at[] = { 0, 1, 5, 2, 3, 4, 6, 7 };
  GtkWidget *list = studio_test_find_widget_of_type (adw_message_dialog_get_extra_child (ADW_MESSAGE_DIALOG (dialog)),
                                                     GTK_TYPE_LIST_BOX);
  GtkListBoxRow *row;

  g_assert_cmpuint (index, <, G_N_ELEMENTS (shown_at));
  row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (list), shown_at[index]);

  g_assert_true (ADW_IS_COMBO_ROW (row));
  return ADW_COMBO_ROW (row);
}

static gboolean
levels_named (gpointer data)
{
  GListModel *model = adw_combo_row_get_model (dialog_row (data, 2));
  g_autoptr(GtkStringObject) first = g_list_model_get_item (model, 0);

  return g_str_has_prefix (gtk_string_object_get_string (first), "Level 1 · looks 1 ply ahead");
}

/* A window with a new game of @variant, and a game against the engine
 * started by the shortcut's action and the dialog's Play: the user plays
 * @side, level 1, clock @clock (an index of studio_play_time_controls). */
static StudioWindow *
start_game (const CheopsVariant *variant,
            CheopsSide           side,
            guint                clock)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioPlayDialog *dialog;

  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", variant->name);
  g_assert_true (studio_document_get_variant (studio_window_get_document (window)) == variant);
  studio_test_spin_frames ();

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL));
  dialog = find_play_dialog ();
  g_assert_nonnull (dialog);
  /* The levels are named by the engine's Skill Level once it answered. */
  studio_test_spin_until (levels_named, dialog);
  {
    GListModel *levels = adw_combo_row_get_model (dialog_row (dialog, 2));
    g_autoptr(GtkStringObject) last = g_list_model_get_item (levels, STUDIO_PLAY_N_LEVELS - 1);

    g_assert_cmpuint (g_list_model_get_n_items (levels), ==, STUDIO_PLAY_N_LEVELS);
    g_assert_cmpstr (gtk_string_object_get_string (last), ==, "Level 8 · full strength, 5 s a move");
  }
  {
    /* The new game's choice names the game (a fresh user could not tell
     * which game it would be). */
    GListModel *starts = adw_combo_row_get_model (dialog_row (dialog, 0));
    g_autoptr(GtkStringObject) fresh = g_list_model_get_item (starts, 1);
    g_autofree char *expected = g_strdup_printf ("A new game of %s", variant->title);

    g_assert_cmpstr (gtk_string_object_get_string (fresh), ==, expected);
  }
  adw_combo_row_set_selected (dialog_row (dialog, 0), 0);      /* this position */
  adw_combo_row_set_selected (dialog_row (dialog, 1), side);
  adw_combo_row_set_selected (dialog_row (dialog, 2), 0);      /* level 1 */
  adw_combo_row_set_selected (dialog_row (dialog, 7), clock);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
  studio_test_spin_frames ();
  g_assert_true (_studio_window_play_is_active (window));
  /* The analysis is hidden while playing. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->eval_bar)));
  return window;
}

static gboolean
engine_done (gpointer data)
{
  return !_studio_window_play_engine_thinking (data);
}

static gboolean
has_termination (gpointer data)
{
  return cheops_game_get_tag (data, "Termination") != NULL;
}

/* Types @san in the move entry and presses Enter, as a user does. */
static void
type_move (StudioWindow *window,
           const char   *san)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.enter-move", NULL);
  _studio_window_open_move_entry (window, san);
  g_assert_true (studio_move_entry_play (window->move_entry));
}

/* Whether @move at @pos neither ends the game nor lets any reply end it
 * (a user's move in these tests must leave the game going on: level 1
 * takes a mate in one). */
static gboolean
is_safe (const CheopsPosition *pos,
         CheopsMove            move)
{
  CheopsPosition after = *pos;
  CheopsUndo undo;
  CheopsMove replies[CHEOPS_MAX_MOVES];
  CheopsMove *end;

  cheops_position_do_move (&after, move, &undo);
  if (cheops_position_outcome (&after) != CHEOPS_OUTCOME_NONE)
    return FALSE;
  end = cheops_generate_moves (&after, replies);
  for (CheopsMove *r = replies; r < end; r++)
    {
      CheopsPosition reply = after;

      cheops_position_do_move (&reply, *r, &undo);
      if (cheops_position_outcome (&reply) != CHEOPS_OUTCOME_NONE)
        return FALSE;
    }
  return TRUE;
}

/* The SAN of the @skip-th safe move (is_safe()) in the core's order at
 * @node. */
static char *
first_move_san (CheopsGameNode *node,
                guint           skip)
{
  guint n;
  const CheopsMove *moves = cheops_game_node_get_moves (node, &n);
  const CheopsPosition *pos = cheops_game_node_get_position (node);
  char san[CHEOPS_SAN_MAX];

  for (guint i = 0; i < n; i++)
    if (is_safe (pos, moves[i]) && skip-- == 0)
      {
        cheops_move_to_san (pos, moves[i], san);
        return g_strdup (san);
      }
  g_assert_not_reached ();
}

/* Each node from the root has exactly one child, @plies deep: the game is
 * one line, the main line. */
static void
assert_one_line (CheopsGame *game,
                 guint       plies)
{
  CheopsGameNode *node = cheops_game_get_root (game);

  g_autofree char *text = cheops_pgn_write_game (game);

  g_test_message ("one line of %u plies? %s", plies, text);
  for (guint i = 0; i < plies; i++)
    {
      g_assert_cmpuint (cheops_game_node_get_n_children (node), ==, 1);
      node = cheops_game_node_get_first_child (node);
      g_assert_cmpuint (cheops_game_node_get_mover (node), ==, i % 2 == 0 ? CHEOPS_SIDE_A : CHEOPS_SIDE_B);
    }
  g_assert_cmpuint (cheops_game_node_get_n_children (node), ==, 0);
}

/* The first @plies moves of @game's main line each have one [%clk] (its
 * mover's time left: within the minute) and one [%emt] (the time it
 * took: under the minute), whole seconds; the moves after have none. */
static void
assert_clocks (CheopsGame *game,
               guint       plies)
{
  guint i = 0;

  for (CheopsGameNode *node = cheops_game_node_get_first_child (cheops_game_get_root (game)); node != NULL;
       node = cheops_game_node_get_first_child (node), i++)
    {
      const CheopsAnnotations *a = cheops_game_node_get_annotations (node);
      const char *clk, *emt;

      if (i >= plies)
        {
          g_assert_true (a == NULL || a->others->len == 0);
          continue;
        }
      g_assert_nonnull (a);
      g_assert_cmpuint (a->others->len, ==, 2);
      clk = g_ptr_array_index (a->others, 0);
      emt = g_ptr_array_index (a->others, 1);
      g_test_message ("ply %u: [%s] [%s]", i + 1, clk, emt);
      g_assert_true (g_regex_match_simple ("^%clk 0:0(0:[0-5][0-9]|1:00)$", clk, 0, 0));
      g_assert_true (g_regex_match_simple ("^%emt 0:00:[0-5][0-9]$", emt, 0, 0));
    }
  g_assert_cmpuint (i, >=, plies);
}

/* The visible message dialog that is not the play dialog (the tests'
 * adw_message_dialog_response() leaves that one shown), or NULL. */
static AdwMessageDialog *
find_resign_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && !STUDIO_IS_PLAY_DIALOG (w) && gtk_widget_get_visible (GTK_WIDGET (w)))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

static gboolean
is_button_labelled (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

/* Resign (win.play-resign) and the answer to the dialog that asks first. */
static void
answer_resign (StudioWindow *window,
               const char   *response)
{
  AdwMessageDialog *dialog;
  GtkWidget *button;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-resign", NULL));
  dialog = find_resign_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (adw_message_dialog_has_response (dialog, "resign"));
  g_assert_cmpint (adw_message_dialog_get_response_appearance (dialog, "resign"), ==, ADW_RESPONSE_DESTRUCTIVE);
  /* Its button clicked, as a user does (it closes the dialog). */
  button = studio_test_find_widget (GTK_WIDGET (dialog), is_button_labelled,
                                    g_str_equal (response, "resign") ? "_Resign" : "_Cancel");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  studio_test_spin_frames ();
  g_assert_null (find_resign_dialog ());
}

static GtkWidget *wait_for_toast (StudioWindow *window,
                                  const char   *text);

/* The evaluation bar's text is @text. */
static void
assert_bar_text (StudioWindow *window,
                 const char   *text)
{
  g_autofree char *shown = studio_eval_bar_dup_text (window->eval_bar);

  g_assert_cmpstr (shown, ==, text);
}

/* Whether the evaluation bar shows no result (a score, or nothing). */
static gboolean
bar_not_result (gpointer data)
{
  StudioWindow *window = data;
  g_autofree char *shown = studio_eval_bar_dup_text (window->eval_bar);

  return g_strcmp0 (shown, "1-0") != 0 && g_strcmp0 (shown, "0-1") != 0 && g_strcmp0 (shown, "½-½") != 0;
}

/* In each game: the user's move typed, the engine's reply; Take Back
 * removes both (the game is empty again, the user to move); two moves
 * each; Resign: the Result, [Termination "normal"], the comment. */
static void
test_take_back_resign (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsVariant *variant = cheops_variants[v];
      StudioWindow *window = start_game (variant, CHEOPS_SIDE_A, 0);
      StudioDocument *document = studio_window_get_document (window);
      CheopsGame *game = studio_document_get_game (document);
      CheopsGameNode *root = cheops_game_get_root (game);
      g_autofree char *first = first_move_san (root, 0);
      g_autofree char *second = NULL;
      g_autofree char *comment = NULL;
      CheopsGameNode *end;

      g_test_message ("%s: %s", variant->name, first);
      type_move (window, first);
      studio_test_spin_until (engine_done, window);
      assert_one_line (game, 2);
      g_assert_cmpstr (cheops_game_node_get_san (cheops_game_node_get_first_child (root)), ==, first);
      /* The board followed the engine's move. */
      g_assert_true (studio_document_get_current (document) == cheops_game_get_mainline_end (game));

      /* A move back, the game is not played there: a letter typed opens
       * no entry, a move clicked is refused, the toast says where the
       * game goes on (a fresh user's move went into a variation). */
      gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
      /* The move entry's popover, opened and closed by type_move() within
       * one frame, settles first (once, in a full run, the key went to its
       * text). */
      studio_test_spin_frames ();
      {
        gboolean handled = FALSE;
        guint n;
        const CheopsMove *moves = cheops_game_node_get_moves (studio_document_get_current (document), &n);

        g_assert_true (_studio_window_play_refuses_move (window));
        g_signal_emit_by_name (studio_test_key_controller (GTK_WIDGET (window)), "key-pressed",
                               GDK_KEY_e, 0, 0, &handled);
        g_assert_true (handled);
        g_assert_false (gtk_widget_get_visible (window->move_entry));
        wait_for_toast (window, "The game goes on at its last move: End goes there.");
        studio_board_scene_click (window->scene, cheops_move_from (moves[n - 1]));
        studio_board_scene_click (window->scene, cheops_move_to (moves[n - 1]));
        assert_one_line (game, 2);
        g_assert_cmpuint (cheops_game_node_get_n_children (studio_document_get_current (document)), ==, 1);
      }
      gtk_widget_activate_action (GTK_WIDGET (window), "win.go-end", NULL);
      g_assert_false (_studio_window_play_refuses_move (window));

      /* Take Back: the user's move and the engine's reply. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-take-back", NULL));
      assert_one_line (game, 0);
      g_assert_true (studio_document_get_current (document) == root);
      g_assert_false (_studio_window_play_engine_thinking (window));

      /* Two moves each, the second of the user's another than the first
       * generated (the engine's reply may differ from the first time). */
      type_move (window, first);
      studio_test_spin_until (engine_done, window);
      end = cheops_game_get_mainline_end (game);
      second = first_move_san (end, 1);
      type_move (window, second);
      studio_test_spin_until (engine_done, window);
      assert_one_line (game, 4);
      end = cheops_game_node_get_parent (cheops_game_get_mainline_end (game));
      g_assert_cmpstr (cheops_game_node_get_san (end), ==, second);

      /* Resign asks first: Cancel, and the game goes on. */
      answer_resign (window, "cancel");
      g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
      g_assert_null (cheops_game_node_get_comment_after (cheops_game_get_mainline_end (game)));
      g_assert_true (gtk_widget_is_sensitive (studio_test_find_by_class (GTK_WIDGET (window), "play-bar")));
      answer_resign (window, "resign");
      end = cheops_game_get_mainline_end (game);
      assert_one_line (game, 4);
      g_assert_cmpstr (cheops_game_get_result (game), ==,
                       cheops_game_get_side_colour (game, CHEOPS_SIDE_A) == 0 ? "0-1" : "1-0");
      g_assert_cmpstr (cheops_game_get_tag (game, "Termination"), ==, "normal");
      comment = g_strdup_printf ("%s resigns.", cheops_game_get_side_name (game, CHEOPS_SIDE_A));
      g_assert_cmpstr (cheops_game_node_get_comment_after (end), ==, comment);
      /* Over: no more take back or resign; the analysis shown again. */
      g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-resign", NULL)
                      && find_resign_dialog () != NULL);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.play-take-back", NULL);
      assert_one_line (game, 4);
      g_assert_cmpstr (cheops_game_node_get_comment_after (end), ==, comment);
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->eval_bar)));
      /* The evaluation bar shows the result, not the engine's view of the
       * position resigned (a fresh user saw an even bar there). */
      assert_bar_text (window, cheops_game_get_result (game));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
      g_assert_false (_studio_window_play_is_active (window));
      /* The play's bar closed: the Result at the main line's end, still;
       * a move back, no result; forward again, the result. */
      assert_bar_text (window, cheops_game_get_result (game));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.go-back", NULL);
      studio_test_spin_until (bar_not_result, window);
      gtk_widget_activate_action (GTK_WIDGET (window), "win.go-forward", NULL);
      assert_bar_text (window, cheops_game_get_result (game));

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* The user plays side B with a clock of 1 min: the engine moves first;
 * the user's reply is clicked on the board (from, to); then the user's
 * clock is set to run out: the user loses on time, [Termination "time
 * forfeit"], and the game has the three moves. */
static void
test_engine_first_clock (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsVariant *variant = cheops_variants[v];
      StudioWindow *window = start_game (variant, CHEOPS_SIDE_B, 1);   /* 1 min + 0 */
      StudioDocument *document = studio_window_get_document (window);
      CheopsGame *game = studio_document_get_game (document);
      StudioPlayClock *clock = _studio_window_play_get_clock (window);
      CheopsGameNode *end;
      guint n;
      const CheopsMove *moves;
      CheopsMove move = CHEOPS_MOVE_NONE;
      g_autofree char *comment = NULL;

      g_assert_nonnull (clock);
      g_assert_cmpint (clock->base_ms, ==, 60000);
      studio_test_spin_until (engine_done, window);
      assert_one_line (game, 1);
      /* Each side's first move is not timed (as on Lichess): the engine's
       * is made, the clocks stand while the user finds the board. */
      g_assert_cmpint (clock->running, ==, -1);
      g_assert_cmpint (clock->remaining_ms[CHEOPS_SIDE_A], ==, 60000);
      g_assert_cmpint (clock->remaining_ms[CHEOPS_SIDE_B], ==, 60000);
      /* Each move gets its clock as it is played, not at the game's end. */
      assert_clocks (game, 1);
      /* The user may not move for the engine: refused at its turn only. */
      g_assert_false (_studio_window_play_refuses_move (window));

      /* A plain move (no choice to make) clicked from its cell to its cell. */
      end = cheops_game_get_mainline_end (game);
      moves = cheops_game_node_get_moves (end, &n);
      for (guint i = 0; i < n && move == CHEOPS_MOVE_NONE; i++)
        {
          guint same = 0;

          for (guint k = 0; k < n; k++)
            same += cheops_move_from (moves[k]) == cheops_move_from (moves[i])
                    && cheops_move_to (moves[k]) == cheops_move_to (moves[i]);
          if (cheops_move_kind (moves[i]) == CHEOPS_MOVE_NORMAL && cheops_move_promotion (moves[i]) == 0
              && cheops_move_part (moves[i]) == 0 && same == 1
              && is_safe (cheops_game_node_get_position (end), moves[i]))
            move = moves[i];
        }
      g_assert_true (move != CHEOPS_MOVE_NONE);
      studio_board_scene_click (window->scene, cheops_move_from (move));
      studio_board_scene_click (window->scene, cheops_move_to (move));
      g_assert_true (cheops_game_node_get_move (studio_document_get_current (document)) == move);
      assert_clocks (game, 2);
      /* Both have moved: the clock of the side to move runs from now on. */
      g_assert_cmpint (clock->remaining_ms[CHEOPS_SIDE_B], ==, 60000);
      /* The engine takes 5 s (its clock set back): after its move, its
       * clock shows the time charged, as its [%clk] ("0:54" for 54.99 s
       * left; before, the seconds begun, "0:55", as if nothing was
       * charged). */
      g_assert_true (_studio_window_play_engine_thinking (window));
      /* A letter typed while the engine thinks opens no move entry (a
       * fresh user's keys piled up there): the key is taken, the entry
       * stays shut. */
      {
        gboolean handled = FALSE;

        g_signal_emit_by_name (studio_test_key_controller (GTK_WIDGET (window)), "key-pressed",
                               GDK_KEY_e, 0, 0, &handled);
        g_assert_true (handled);
        g_assert_false (gtk_widget_get_visible (window->move_entry));
      }
      g_assert_cmpint (clock->running, ==, CHEOPS_SIDE_A);
      clock->running_since_us -= 5 * G_USEC_PER_SEC;
      studio_test_spin_until (engine_done, window);
      assert_one_line (game, 3);
      assert_clocks (game, 3);
      g_assert_cmpint (clock->remaining_ms[CHEOPS_SIDE_A], <=, 55000);
      {
        GtkWidget *label = studio_test_find_by_class (GTK_WIDGET (window), "play-clock");
        g_autofree char *shown = g_strdup_printf ("0:%02d", (int) (clock->remaining_ms[CHEOPS_SIDE_A] / 1000));

        g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, shown);
      }

      /* Take Back keeps the clocks as they are (the user's time is not
       * given back, as on Lichess): 20 s left stay at most 20 s. */
      g_assert_cmpint (clock->running, ==, CHEOPS_SIDE_B);
      clock->remaining_ms[CHEOPS_SIDE_B] = 20000;
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-take-back", NULL));
      assert_one_line (game, 1);
      g_assert_cmpint (clock->running, ==, CHEOPS_SIDE_B);
      g_assert_cmpint (clock->remaining_ms[CHEOPS_SIDE_B], <=, 20000);
      g_assert_cmpint (clock->remaining_ms[CHEOPS_SIDE_B], >, 0);
      studio_board_scene_click (window->scene, cheops_move_from (move));
      studio_board_scene_click (window->scene, cheops_move_to (move));
      studio_test_spin_until (engine_done, window);
      assert_one_line (game, 3);

      /* The user's clock has 50 ms left: the flag falls. */
      g_assert_cmpint (clock->running, ==, CHEOPS_SIDE_B);
      clock->remaining_ms[CHEOPS_SIDE_B] = 50;
      studio_test_spin_until (has_termination, game);
      g_assert_cmpstr (cheops_game_get_result (game), ==,
                       cheops_game_get_side_colour (game, CHEOPS_SIDE_A) == 0 ? "1-0" : "0-1");
      g_assert_cmpstr (cheops_game_get_tag (game, "Termination"), ==, "time forfeit");
      comment = g_strdup_printf ("%s loses on time.", cheops_game_get_side_name (game, CHEOPS_SIDE_B));
      assert_clocks (game, 3);
      g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_get_mainline_end (game)), ==, comment);
      assert_one_line (game, 3);

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* From a position inside a game: the moves come in as a new variation
 * there; the main line and its Result stay; a draw is offered only where
 * the game has draws (none in TrigChess, TR17). */
static void
test_variation (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsVariant *variant = cheops_variants[v];
      g_autoptr(CheopsGame) game = studio_game_new_for_variant (variant);
      StudioWindow *window = studio_window_new (NULL);
      StudioDocument *document = studio_window_get_document (window);
      CheopsGameNode *root = cheops_game_get_root (game);
      CheopsGameNode *node;
      StudioPlayDialog *dialog;
      g_autofree char *other = first_move_san (root, 1);

      /* A game of one move, the first generated; the user stands at its start. */
      g_assert_nonnull (cheops_game_add_move (game, root, cheops_game_node_get_moves (root, NULL)[0], NULL));
      g_assert_cmpstr (cheops_game_node_get_san (cheops_game_node_get_first_child (root)), !=, other);
      gtk_window_present (GTK_WINDOW (window));
      studio_window_show_game (window);
      studio_document_set_game (document, game);
      studio_document_set_current (document, root);
      studio_test_spin_frames ();

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL));
      dialog = find_play_dialog ();
      studio_test_spin_until (levels_named, dialog);
      adw_combo_row_set_selected (dialog_row (dialog, 2), 0);
      adw_combo_row_set_selected (dialog_row (dialog, 7), 0);
      /* The side offered is the side to move. */
      g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 1)), ==, CHEOPS_SIDE_A);
      adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
      studio_test_spin_frames ();

      type_move (window, other);
      studio_test_spin_until (engine_done, window);
      g_assert_cmpuint (cheops_game_node_get_n_children (root), ==, 2);
      g_assert_cmpuint (cheops_game_node_get_n_children (cheops_game_node_get_child (root, 0)), ==, 0);
      node = cheops_game_node_get_child (root, 1);
      g_assert_cmpstr (cheops_game_node_get_san (node), ==, other);
      g_assert_cmpuint (cheops_game_node_get_n_children (node), ==, 1);
      g_assert_false (cheops_game_node_is_mainline (node));

      /* Draws: offered where the game has them, on the user's turn. */
      if (variant == &cheops_variant_trigchess)
        {
          gtk_widget_activate_action (GTK_WIDGET (window), "win.play-draw", NULL);
          g_assert_null (cheops_game_node_get_comment_after (cheops_game_node_get_first_child (node)));
          g_assert_true (_studio_window_play_is_active (window));
        }

      /* Resigning in a variation: the comment, not the game's tags. */
      answer_resign (window, "resign");
      g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
      g_assert_null (cheops_game_get_tag (game, "Termination"));
      g_assert_nonnull (cheops_game_node_get_comment_after (cheops_game_node_get_first_child (node)));

      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static gboolean
four_plies (gpointer data)
{
  return cheops_game_node_get_ply (cheops_game_get_mainline_end (data)) >= 4;
}

/* Engine against engine in each game ("Neither" side): without a clock,
 * move by move until Close stops it (the game one line, its result "*");
 * with a clock, the side to move's flag falls: "time forfeit". */
/* A label reading "<side> · <engine> (Level 1)", @data the side's name. */
static gboolean
is_side_at_level_1 (GtkWidget     *widget,
                    gconstpointer  data)
{
  const char *text;
  g_autofree char *prefix = NULL;

  if (!GTK_IS_LABEL (widget))
    return FALSE;
  text = gtk_label_get_text (GTK_LABEL (widget));
  prefix = g_strdup_printf ("%s · ", (const char *) data);
  return g_str_has_prefix (text, prefix) && g_str_has_suffix (text, " (Level 1)");
}

/* Every move of the play taken back: the clocks stand again until both
 * sides have moved (a fresh user took back 1. e4 f6 and lost on time
 * without a move). */
static void
test_take_back_to_start_clock (void)
{
  StudioWindow *window = start_game (&cheops_variant_cypher, CHEOPS_SIDE_A, 1);
  CheopsGame *game = studio_document_get_game (studio_window_get_document (window));
  g_autofree char *first = first_move_san (cheops_game_get_root (game), 0);
  StudioPlayClock *clock = _studio_window_play_get_clock (window);

  g_assert_cmpint (clock->running, ==, -1);
  type_move (window, first);
  studio_test_spin_until (engine_done, window);
  assert_one_line (game, 2);
  g_assert_cmpint (clock->running, ==, CHEOPS_SIDE_A);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-take-back", NULL));
  assert_one_line (game, 0);
  g_assert_cmpint (clock->running, ==, -1);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_engine_against_engine (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsVariant *variant = cheops_variants[v];
      StudioWindow *window = start_game (variant, CHEOPS_SIDE_NB, 0);
      StudioDocument *document = studio_window_get_document (window);
      CheopsGame *game = studio_document_get_game (document);
      guint plies;
      StudioPlayClock *clock;
      CheopsSide flagged;
      g_autofree char *comment = NULL;

      studio_test_spin_until (four_plies, game);
      /* The bar names each side's engine with its level. */
      for (int side = 0; side < CHEOPS_SIDE_NB; side++)
        g_assert_nonnull (studio_test_find_widget (GTK_WIDGET (window), is_side_at_level_1,
                                                   cheops_game_get_side_name (game, (CheopsSide) side)));
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
      g_assert_false (_studio_window_play_is_active (window));
      plies = cheops_game_node_get_ply (cheops_game_get_mainline_end (game));
      studio_test_spin_for (1200);
      /* Stopped: no move after Close; the game is one line, unfinished. */
      assert_one_line (game, plies);
      g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
      g_assert_null (cheops_game_get_tag (game, "Termination"));
      gtk_window_destroy (GTK_WINDOW (window));

      window = start_game (variant, CHEOPS_SIDE_NB, 1);
      document = studio_window_get_document (window);
      game = studio_document_get_game (document);
      clock = _studio_window_play_get_clock (window);
      studio_test_spin_until (four_plies, game);
      flagged = cheops_game_node_get_position (cheops_game_get_mainline_end (game))->side_to_move;
      clock->remaining_ms[flagged] = 1;
      studio_test_spin_until (has_termination, game);
      g_assert_cmpstr (cheops_game_get_tag (game, "Termination"), ==, "time forfeit");
      g_assert_cmpstr (cheops_game_get_result (game), ==,
                       cheops_game_get_side_colour (game, flagged) == 0 ? "0-1" : "1-0");
      comment = g_strdup_printf ("%s loses on time.", cheops_game_get_side_name (game, flagged));
      g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_get_mainline_end (game)), ==, comment);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

static gboolean
is_play_bar (GtkWidget     *widget,
             gconstpointer  data)
{
  return gtk_widget_has_css_class (widget, "play-bar");
}

static GtkWidget *
play_bar (StudioWindow *window)
{
  GtkWidget *bar = studio_test_find_widget (GTK_WIDGET (window), is_play_bar, NULL);

  g_assert_nonnull (bar);
  return bar;
}

static gboolean
six_plies (gpointer data)
{
  return cheops_game_node_get_ply (cheops_game_get_mainline_end (data)) >= 6;
}

/* A game against the engine belongs to its tab: another tab shown
 * (Ctrl+PgDn, Ctrl+PgUp), it pauses (the bar and the engine's thinking
 * gone, the analysis back, no move more, nothing written into it); its
 * tab shown again, it goes on: the bar, the engine's reply to the move
 * played just before the switch, and the next.  Likewise the engine
 * against itself.  Before the fix the switch left the game: no reply came. */
static void
test_tab_switch (void)
{
  StudioWindow *window = start_game (&cheops_variant_cypher, CHEOPS_SIDE_A, 0);
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  g_autofree char *first = first_move_san (cheops_game_get_root (game), 0);
  g_autofree char *second = NULL;
  g_autofree char *third = NULL;

  type_move (window, first);
  studio_test_spin_until (engine_done, window);
  assert_one_line (game, 2);

  /* The user's move, and at once another tab while the engine thinks. */
  second = first_move_san (cheops_game_get_mainline_end (game), 0);
  type_move (window, second);
  g_assert_true (_studio_window_play_engine_thinking (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-tab", NULL);
  studio_test_spin_frames ();
  g_assert_true (studio_window_get_document (window) != document);
  g_assert_false (_studio_window_play_engine_thinking (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->eval_bar)));
  g_assert_false (gtk_widget_get_visible (play_bar (window)));
  studio_test_spin_for (1500);
  assert_one_line (game, 3);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  g_assert_null (cheops_game_node_get_comment_after (cheops_game_get_mainline_end (game)));

  /* Its tab again: the engine's reply comes, and the game goes on. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-tab", NULL));
  studio_test_spin_frames ();
  g_assert_true (studio_window_get_document (window) == document);
  g_assert_true (_studio_window_play_is_active (window));
  g_assert_true (gtk_widget_get_visible (play_bar (window)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->eval_bar)));
  studio_test_spin_until (engine_done, window);
  assert_one_line (game, 4);
  third = first_move_san (cheops_game_get_mainline_end (game), 0);
  type_move (window, third);
  studio_test_spin_until (six_plies, game);
  assert_one_line (game, 6);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  g_assert_null (cheops_game_get_tag (game, "Termination"));
  gtk_window_destroy (GTK_WINDOW (window));

  /* The engine against itself: it stands still in another tab, then goes on. */
  window = start_game (&cheops_variant_cypher, CHEOPS_SIDE_NB, 0);
  document = studio_window_get_document (window);
  game = studio_document_get_game (document);
  studio_test_spin_until (four_plies, game);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-tab", NULL);
  studio_test_spin_frames ();
  {
    guint plies = cheops_game_node_get_ply (cheops_game_get_mainline_end (game));

    studio_test_spin_for (1500);
    g_assert_cmpuint (cheops_game_node_get_ply (cheops_game_get_mainline_end (game)), ==, plies);
    g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.next-tab", NULL));
  studio_test_spin_frames ();
  g_assert_true (studio_window_get_document (window) == document);
  studio_test_spin_until (six_plies, game);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_analysis_toggle (GtkWidget     *widget,
                    gconstpointer  data)
{
  return GTK_IS_TOGGLE_BUTTON (widget)
         && g_strcmp0 (gtk_widget_get_tooltip_text (widget), "Show the engine’s analysis while playing") == 0;
}

/* Undo (Ctrl+Z) while the game goes on is a take-back; after the game,
 * the game's own undo. */
static void
test_undo_takes_back (void)
{
  StudioWindow *window = start_game (&cheops_variant_cheops, CHEOPS_SIDE_A, 0);
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  g_autofree char *first = first_move_san (cheops_game_get_root (game), 0);

  GtkWidget *toggle = studio_test_find_widget (GTK_WIDGET (window), is_analysis_toggle, NULL);

  /* The eye button shows the analysis while playing, and hides it again. */
  g_assert_nonnull (toggle);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->eval_bar)));
  g_assert_true (studio_analysis_panel_get_running (window->analysis_panel));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), FALSE);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->eval_bar)));
  g_assert_false (studio_analysis_panel_get_running (window->analysis_panel));
  /* L (win.analyze) and the threat do not show it behind the eye's back. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyze", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.threat", NULL);
  g_assert_false (studio_analysis_panel_get_running (window->analysis_panel));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->eval_bar)));

  type_move (window, first);
  studio_test_spin_until (engine_done, window);
  assert_one_line (game, 2);
  /* Ctrl+Z (win.undo) takes back the user's move with the engine's reply,
   * as the bar's button does, and the game goes on: before, it undid the
   * reply alone and ended the game without a word (issue 22's fresh
   * user).  Redo has nothing to bring back while the game goes on. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  assert_one_line (game, 0);
  g_assert_true (_studio_window_play_is_active (window));
  g_assert_false (_studio_window_play_get_end_words (window) != NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  assert_one_line (game, 0);
  /* While the engine thinks, Ctrl+Z takes back the user's move alone and
   * the engine stops: no reply comes in afterwards. */
  type_move (window, first);
  g_assert_true (_studio_window_play_engine_thinking (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  assert_one_line (game, 0);
  g_assert_false (_studio_window_play_engine_thinking (window));
  studio_test_spin_for (300);
  assert_one_line (game, 0);
  /* The game goes on. */
  type_move (window, first);
  studio_test_spin_until (engine_done, window);
  assert_one_line (game, 2);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  g_assert_null (cheops_game_get_tag (game, "Termination"));
  /* Once the game is left, Undo and Redo are the game's own again: one
   * move a step. */
  g_assert_true (_studio_window_play_is_active (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
  g_assert_false (_studio_window_play_is_active (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  assert_one_line (game, 1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  assert_one_line (game, 2);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The game's tags, "Name=value" a line, in file order. */
static char *
tags_text (CheopsGame *game)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < cheops_game_get_n_tags (game); i++)
    {
      const char *name, *value;

      cheops_game_get_nth_tag (game, i, &name, &value);
      g_string_append_printf (text, "%s=%s\n", name, value);
    }
  return g_string_free (text, FALSE);
}

/* The user's name as the play writes it: the real name, or the login name
 * where the system has none. */
static const char *
expected_user (void)
{
  const char *real = g_get_real_name ();

  return real != NULL && *real != '\0' && !g_str_equal (real, "Unknown") ? real : g_get_user_name ();
}

static char *
today (void)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();

  return g_date_time_format (now, "%Y.%m.%d");
}

/* The dialog for the game shown, from "This position" (or a new game with
 * @new_game), the user @side, level 1, clock @clock; Play. */
static void
play_from_here (StudioWindow *window,
                gboolean      new_game,
                CheopsSide    side,
                guint         clock)
{
  StudioPlayDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL));
  dialog = find_play_dialog ();
  g_assert_nonnull (dialog);
  studio_test_spin_until (levels_named, dialog);
  adw_combo_row_set_selected (dialog_row (dialog, 0), new_game ? 1 : 0);
  adw_combo_row_set_selected (dialog_row (dialog, 1), side);
  adw_combo_row_set_selected (dialog_row (dialog, 2), 0);
  adw_combo_row_set_selected (dialog_row (dialog, 7), clock);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
  studio_test_spin_frames ();
  g_assert_true (_studio_window_play_is_active (window));
}

/* The child of @node whose move is @san, or NULL. */
static CheopsGameNode *
child_with_san (CheopsGameNode *node,
                const char     *san)
{
  for (guint i = 0; i < cheops_game_node_get_n_children (node); i++)
    if (g_strcmp0 (cheops_game_node_get_san (cheops_game_node_get_child (node, i)), san) == 0)
      return cheops_game_node_get_child (node, i);
  return NULL;
}

/* Playing from the middle of a recorded game ("Opening lines", Green and
 * Orange "cheops-engine", a Date, Result "*"), the user's move other than
 * the game's: the play is a variation, the game's tags stay exactly as
 * they were, and the variation's first move has a comment before it that
 * names the players, the date and the clock: "Green: <user> · Orange:
 * cheops-engine 0.1.0 (Level 1) · <today> · 1 min + 0 s".  Take Back
 * takes the comment with the move; played again, it is there once. */
static void
test_tags_variation (void)
{
  StudioWindow *window = studio_test_open_sample ("opening-lines.pgn");
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  CheopsGameNode *node = cheops_game_node_get_first_child (cheops_game_node_get_first_child (cheops_game_get_root (game)));
  const char *main_san = cheops_game_node_get_san (cheops_game_node_get_first_child (node));
  guint n_children = cheops_game_node_get_n_children (node);
  g_autofree char *before = tags_text (game);
  g_autofree char *date = today ();
  g_autofree char *expected = g_strdup_printf ("Green: %s · Orange: cheops-engine 0.1.0 (Level 1) · %s · 1 min + 0 s",
                                               expected_user (), date);
  g_autofree char *mine = NULL;
  CheopsGameNode *variation;

  g_assert_cmpstr (cheops_game_get_tag (game, "Green"), ==, "cheops-engine");
  for (guint skip = 0; mine == NULL || child_with_san (node, mine) != NULL; skip++)
    {
      g_free (mine);
      mine = first_move_san (node, skip);
    }
  g_test_message ("the game's %s, the user's %s", main_san, mine);
  studio_document_set_current (document, node);
  studio_test_spin_frames ();
  play_from_here (window, FALSE, CHEOPS_SIDE_A, 1);

  for (guint round = 0; round < 2; round++)
    {
      g_autofree char *after = NULL;

      type_move (window, mine);
      studio_test_spin_until (engine_done, window);
      variation = child_with_san (node, mine);
      g_assert_nonnull (variation);
      g_assert_cmpuint (cheops_game_node_get_index (variation), ==, n_children);
      g_assert_cmpuint (cheops_game_node_get_n_children (variation), ==, 1);
      g_assert_cmpstr (cheops_game_node_get_comment_before (variation), ==, expected);
      g_assert_null (cheops_game_node_get_comment_before (cheops_game_node_get_first_child (variation)));
      after = tags_text (game);
      g_assert_cmpstr (after, ==, before);
      if (round == 0)
        {
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-take-back", NULL));
          g_assert_cmpuint (cheops_game_node_get_n_children (node), ==, n_children);
        }
    }

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
  g_assert_cmpstr (cheops_game_node_get_comment_before (variation), ==, expected);
  {
    g_autofree char *after = tags_text (game);

    g_assert_cmpstr (after, ==, before);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Playing on from the end of a recorded game's main line: the moves
 * continue the main line, but the game's players did not play them: its
 * tags stay exactly as they were (Result "*", no Termination, even after
 * the user resigns), and a comment after the game's last move names the
 * play ("Green: <user> · Orange: cheops-engine 0.1.0 (Level 1) · <today>",
 * no clock).  Take Back gives that move its comment back as it was. */
static void
test_tags_continued (void)
{
  StudioWindow *window = studio_test_open_sample ("opening-lines.pgn");
  StudioDocument *document = studio_window_get_document (window);
  CheopsGame *game = studio_document_get_game (document);
  CheopsGameNode *end = cheops_game_get_mainline_end (game);
  g_autofree char *old = g_strdup (cheops_game_node_get_comment_after (end));
  g_autofree char *before = tags_text (game);
  g_autofree char *date = today ();
  g_autofree char *words = g_strdup_printf ("Green: %s · Orange: cheops-engine 0.1.0 (Level 1) · %s",
                                            expected_user (), date);
  g_autofree char *expected = old != NULL ? g_strdup_printf ("%s %s", old, words) : g_strdup (words);
  g_autofree char *mine = first_move_san (end, 0);
  g_autofree char *after = NULL;
  g_autofree char *resigns = g_strdup_printf ("%s resigns.", cheops_game_get_side_name (game, CHEOPS_SIDE_A));

  g_assert_cmpuint (cheops_game_node_get_ply (end), ==, 24);
  g_assert_cmpuint (cheops_game_node_get_position (end)->side_to_move, ==, CHEOPS_SIDE_A);
  studio_document_set_current (document, end);
  studio_test_spin_frames ();
  play_from_here (window, FALSE, CHEOPS_SIDE_A, 0);

  type_move (window, mine);
  studio_test_spin_until (engine_done, window);
  g_assert_cmpuint (cheops_game_node_get_ply (cheops_game_get_mainline_end (game)), ==, 26);
  g_assert_cmpstr (cheops_game_node_get_comment_after (end), ==, expected);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-take-back", NULL));
  g_assert_true (cheops_game_get_mainline_end (game) == end);
  g_assert_cmpstr (cheops_game_node_get_comment_after (end), ==, old);

  type_move (window, mine);
  studio_test_spin_until (engine_done, window);
  g_assert_cmpstr (cheops_game_node_get_comment_after (end), ==, expected);
  answer_resign (window, "resign");
  g_assert_cmpuint (cheops_game_node_get_ply (cheops_game_get_mainline_end (game)), ==, 26);
  g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_get_mainline_end (game)), ==, resigns);
  g_assert_cmpstr (cheops_game_node_get_comment_after (end), ==, expected);
  after = tags_text (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  g_assert_null (cheops_game_get_tag (game, "Termination"));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A game that names no player (a new one, played from its start): the
 * play is its record.  Green the user, Orange "cheops-engine 0.1.0
 * (Level 1)", Date today, TimeControl "180+2" (3 min + 2 s), and after
 * the resignation Result "0-1" and Termination "normal"; no comment names
 * the play.  Then "A new game" from a recorded game: a new tab whose game
 * has the same roster (no clock: no TimeControl), the recorded game's
 * tags untouched. */
static void
test_tags_own_game (void)
{
  StudioWindow *window = start_game (&cheops_variant_cheops, CHEOPS_SIDE_A, 2);
  CheopsGame *game = studio_document_get_game (studio_window_get_document (window));
  CheopsGameNode *root = cheops_game_get_root (game);
  g_autofree char *mine = first_move_san (root, 0);
  g_autofree char *date = today ();
  g_autofree char *tags = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(CheopsGame) recorded = NULL;
  CheopsGame *fresh;
  g_autofree char *recorded_before = NULL;
  g_autofree char *recorded_after = NULL;

  type_move (window, mine);
  studio_test_spin_until (engine_done, window);
  answer_resign (window, "resign");
  g_assert_cmpstr (cheops_game_get_tag (game, "Green"), ==, expected_user ());
  g_assert_cmpstr (cheops_game_get_tag (game, "Orange"), ==, "cheops-engine 0.1.0 (Level 1)");
  g_assert_cmpstr (cheops_game_get_tag (game, "Date"), ==, date);
  g_assert_cmpstr (cheops_game_get_tag (game, "TimeControl"), ==, "180+2");
  g_assert_cmpstr (cheops_game_get_result (game), ==, "0-1");
  g_assert_cmpstr (cheops_game_get_tag (game, "Termination"), ==, "normal");
  g_assert_null (cheops_game_node_get_comment_after (root));
  g_assert_null (cheops_game_node_get_comment_before (cheops_game_node_get_first_child (root)));
  gtk_window_destroy (GTK_WINDOW (window));

  window = studio_test_open_sample ("opening-lines.pgn");
  /* Kept: the new game may take its place in the tab (nothing unsaved). */
  recorded = g_object_ref (studio_document_get_game (studio_window_get_document (window)));
  recorded_before = tags_text (recorded);
  play_from_here (window, TRUE, CHEOPS_SIDE_B, 0);
  fresh = studio_document_get_game (studio_window_get_document (window));
  g_assert_true (fresh != recorded);
  tags = tags_text (fresh);
  expected = g_strdup_printf ("Event=?\nSite=?\nDate=%s\nRound=?\nGreen=cheops-engine 0.1.0 (Level 1)\n"
                              "Orange=%s\nResult=*\n", date, expected_user ());
  g_assert_cmpstr (tags, ==, expected);
  recorded_after = tags_text (recorded);
  g_assert_cmpstr (recorded_after, ==, recorded_before);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
two_plies (gpointer data)
{
  return cheops_game_node_get_ply (cheops_game_get_mainline_end (data)) >= 2;
}

/* The end of a finished game: Pyramids, the user Black at level 1 resigns
 * after the engine's first move: the line under the board says "Black
 * resigns.", no more "● Black to move".  Then engine against engine
 * ("Neither") from "This position": the play is a new game in a new tab
 * (the resigned game is unsaved), set up from the end's FEN ([SetUp "1"],
 * [FEN ...]), its moves from its root, both players the engine; the
 * resigned game's text (moves, tags, comments) is exactly as it was.
 * Closed, and that new game given the Result "0-1" at its end: the line
 * says "Black wins (0-1)", and playing yourself from there is again a new
 * game, the decided one untouched.  In its middle, a position still plays
 * into a variation (test_tags_variation()). */
static void
test_from_finished (void)
{
  StudioWindow *window = start_game (&cheops_variant_pyramids, CHEOPS_SIDE_B, 0);
  g_autoptr(StudioDocument) resigned = g_object_ref (studio_window_get_document (window));
  CheopsGame *game = studio_document_get_game (resigned);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  char fen[CHEOPS_FEN_MAX];
  StudioDocument *fresh_doc;
  CheopsGame *fresh;
  CheopsGameNode *end;
  StudioPlayDialog *dialog;
  guint plies;

  studio_test_spin_until (engine_done, window);
  assert_one_line (game, 1);
  answer_resign (window, "resign");
  end = cheops_game_get_mainline_end (game);
  g_assert_cmpstr (cheops_game_node_get_comment_after (end), ==, "Black resigns.");
  g_assert_cmpstr (cheops_game_get_result (game), ==, "1-0");
  g_assert_true (studio_document_get_current (resigned) == end);
  g_assert_cmpstr (gtk_label_get_text (window->status_label), ==, "Black resigns.");
  g_assert_cmpstr (gtk_label_get_label (window->status_label), ==, "Black resigns.");
  before = cheops_pgn_write_game (game);
  cheops_position_to_fen (cheops_game_node_get_position (end), fen, sizeof fen);

  /* Engine against engine from "This position". */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL));
  dialog = find_play_dialog ();
  g_assert_nonnull (dialog);
  studio_test_spin_until (levels_named, dialog);
  adw_combo_row_set_selected (dialog_row (dialog, 0), 0);
  adw_combo_row_set_selected (dialog_row (dialog, 1), CHEOPS_SIDE_NB);
  adw_combo_row_set_selected (dialog_row (dialog, 3), 0);
  adw_combo_row_set_selected (dialog_row (dialog, 4), 0);
  adw_combo_row_set_selected (dialog_row (dialog, 5), 0);
  adw_combo_row_set_selected (dialog_row (dialog, 6), 0);
  adw_combo_row_set_selected (dialog_row (dialog, 7), 0);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
  studio_test_spin_frames ();
  g_assert_true (_studio_window_play_is_active (window));
  fresh_doc = studio_window_get_document (window);
  g_assert_true (fresh_doc != resigned);
  fresh = studio_document_get_game (fresh_doc);
  studio_test_spin_until (two_plies, fresh);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
  plies = cheops_game_node_get_ply (cheops_game_get_mainline_end (fresh));
  g_assert_cmpuint (plies, >=, 2);

  after = cheops_pgn_write_game (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (cheops_game_get_mainline_end (game) == end);
  {
    char root_fen[CHEOPS_FEN_MAX];
    CheopsGameNode *node = cheops_game_get_root (fresh);

    cheops_position_to_fen (cheops_game_node_get_position (node), root_fen, sizeof root_fen);
    g_assert_cmpstr (root_fen, ==, fen);
    /* One line from the root, no comment: nothing of the resigned game. */
    for (guint i = 0; i < plies; i++)
      {
        g_assert_cmpuint (cheops_game_node_get_n_children (node), ==, 1);
        node = cheops_game_node_get_first_child (node);
        g_assert_null (cheops_game_node_get_comment_before (node));
        g_assert_null (cheops_game_node_get_comment_after (node));
      }
    g_assert_null (cheops_game_node_get_comment_after (cheops_game_get_root (fresh)));
  }
  text = cheops_pgn_write_game (fresh);
  g_test_message ("%s", text);
  {
    g_autofree char *date = today ();
    g_autofree char *tags = tags_text (fresh);

    /* Black's engine is a process started for this play, before it told
     * its name: the name its program told in the other process, not the
     * dialog's "Bundled engine (cheops-engine)". */
    expected = g_strdup_printf ("Event=?\nSite=?\nDate=%s\nRound=?\nWhite=cheops-engine 0.1.0 (Level 1)\n"
                                "Black=cheops-engine 0.1.0 (Level 1)\nResult=*\n", date);
    g_assert_cmpstr (tags, ==, expected);
    g_free (expected);
    expected = g_strdup_printf ("[SetUp \"1\"]\n[FEN \"%s\"]\n", fen);
    g_assert_nonnull (strstr (text, expected));
  }

  /* A decided Result at the end of its main line, no play on. */
  cheops_game_set_tag (fresh, "Result", "0-1", NULL);
  studio_document_set_current (fresh_doc, cheops_game_get_mainline_end (fresh));
  studio_test_spin_frames ();
  g_assert_cmpstr (gtk_label_get_label (window->status_label), ==, "Black wins (0-1)");
  g_free (before);
  before = cheops_pgn_write_game (fresh);
  cheops_position_to_fen (cheops_game_node_get_position (cheops_game_get_mainline_end (fresh)), fen, sizeof fen);
  play_from_here (window, FALSE,
                  cheops_game_node_get_position (cheops_game_get_mainline_end (fresh))->side_to_move, 0);
  g_assert_true (studio_window_get_document (window) != fresh_doc);
  {
    CheopsGame *third = studio_document_get_game (studio_window_get_document (window));
    char root_fen[CHEOPS_FEN_MAX];

    cheops_position_to_fen (cheops_game_node_get_position (cheops_game_get_root (third)), root_fen,
                            sizeof root_fen);
    g_assert_cmpstr (root_fen, ==, fen);
    g_assert_cmpuint (cheops_game_node_get_n_children (cheops_game_get_root (third)), ==, 0);
    g_assert_cmpstr (cheops_game_get_result (third), ==, "*");
  }
  g_free (after);
  after = cheops_pgn_write_game (fresh);
  g_assert_cmpstr (after, ==, before);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* @label shows all its text: not ellipsized, given at least the width
 * and the height it needs (at that width). */
static void
assert_label_whole (GtkWidget *label)
{
  int min_width, min_height;

  g_test_message ("label “%s”: %d×%d", gtk_label_get_text (GTK_LABEL (label)),
                  gtk_widget_get_width (label), gtk_widget_get_height (label));
  g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (label))));
  gtk_widget_measure (label, GTK_ORIENTATION_HORIZONTAL, -1, &min_width, NULL, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_width (label), >=, min_width);
  gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label), &min_height, NULL, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_height (label), >=, min_height);
}

/* Every mapped label under @widget shows all its text; returns how many. */
static guint
assert_labels_whole (GtkWidget *widget)
{
  guint n = 0;

  if (!gtk_widget_get_mapped (widget))
    return 0;
  if (GTK_IS_LABEL (widget) && *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    {
      assert_label_whole (widget);
      return 1;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += assert_labels_whole (child);
  return n;
}

static gboolean
is_popover (GtkWidget     *widget,
            gconstpointer  data)
{
  return GTK_IS_POPOVER (widget);
}

/* The dialog over a 700 × 600 window, "Neither: the engine plays both"
 * chosen: every label of the dialog shows all its text, and so does each
 * row's popover of choices, which fits in the window (issue 22: the side
 * showed "Neither: the engine pl…", and the popovers cut every level's
 * name after 20 characters, "Level 2 · looks 4 plies …"). */
static void
test_dialog_fits (gconstpointer data)
{
  const CheopsVariant *variant = data;
  StudioWindow *window = studio_window_new (NULL);
  StudioPlayDialog *dialog;
  guint n;

  gtk_window_set_default_size (GTK_WINDOW (window), 700, 600);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", variant->name);
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL));
  dialog = find_play_dialog ();
  studio_test_spin_until (levels_named, dialog);
  adw_combo_row_set_selected (dialog_row (dialog, 1), CHEOPS_SIDE_NB);
  /* "A new game of Pyramids" chosen: it was cut to "A new game of
   * Pyram…" beside its title (issue 22's fresh user). */
  adw_combo_row_set_selected (dialog_row (dialog, 0), 1);
  studio_test_spin_frames ();
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 700);

  /* Neither chosen, engine against engine: the heading; the start's
   * title with its choice under it; the clock's title with its choice
   * beside, the side's with "Neither" beside; each side's engine's and
   * level's titles with their choices under them; two buttons. */
  n = assert_labels_whole (GTK_WIDGET (dialog));
  g_assert_cmpuint (n, ==, 17);

  /* Every row shown: all but the level against the user (row 2). */
  for (guint i = 0; i < 8; i++)
    {
      AdwComboRow *row = dialog_row (dialog, i);
      GtkWidget *popover = studio_test_find_widget (GTK_WIDGET (row), is_popover, NULL);
      GListModel *model = adw_combo_row_get_model (row);

      g_assert_cmpint (gtk_widget_get_visible (GTK_WIDGET (row)), ==, i != 2);
      if (i == 2)
        continue;
      g_assert_nonnull (popover);
      gtk_popover_popup (GTK_POPOVER (popover));
      studio_test_spin_frames ();
      g_assert_true (gtk_widget_get_mapped (popover));
      g_test_message ("row %u: popover %d×%d", i, gtk_widget_get_width (popover), gtk_widget_get_height (popover));
      g_assert_cmpint (gtk_widget_get_width (popover), <=, 700);
      g_assert_cmpint (gtk_widget_get_height (popover), <=, 600);
      /* Every choice is there, whole. */
      g_assert_cmpuint (assert_labels_whole (popover), ==, g_list_model_get_n_items (model));
      gtk_popover_popdown (GTK_POPOVER (popover));
      studio_test_spin_frames ();
    }

  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* win.play's dialog, its levels named. */
static StudioPlayDialog *
open_dialog (StudioWindow *window)
{
  StudioPlayDialog *dialog;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL));
  dialog = find_play_dialog ();
  g_assert_nonnull (dialog);
  studio_test_spin_until (levels_named, dialog);
  return dialog;
}

/* The dialog's Play: the dialog gone, the game started. */
static void
play_from_dialog (StudioWindow     *window,
                  StudioPlayDialog *dialog)
{
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
  gtk_window_destroy (GTK_WINDOW (dialog));
  studio_test_spin_frames ();
  g_assert_true (_studio_window_play_is_active (window));
}

/* The dialog opened again shows the choices of the last game started
 * (issue 22: a fresh user found "You play" and engine against engine's
 * levels reset): a new game, Black, level 3 and a clock; then Neither
 * (showing level 3 for both until chosen) with levels 2 and 4.  From "This position", "You play" is the side to
 * move there. */
static void
test_dialog_remembers (void)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioPlayDialog *dialog;

  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "cypher");
  studio_test_spin_frames ();

  dialog = open_dialog (window);
  /* Five rows fit a 1400 × 1000 screen: nothing scrolled away. */
  {
    GtkWidget *scrolled = studio_test_find_widget_of_type (GTK_WIDGET (dialog), GTK_TYPE_SCROLLED_WINDOW);
    GtkAdjustment *adj;

    studio_test_spin_frames ();
    adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
    g_test_message ("rows: upper %.1f, page %.1f", gtk_adjustment_get_upper (adj), gtk_adjustment_get_page_size (adj));
    g_assert_cmpfloat (gtk_adjustment_get_upper (adj), <=, gtk_adjustment_get_page_size (adj) + 0.5);
  }
  adw_combo_row_set_selected (dialog_row (dialog, 0), 1);      /* a new game */
  adw_combo_row_set_selected (dialog_row (dialog, 1), CHEOPS_SIDE_B);
  adw_combo_row_set_selected (dialog_row (dialog, 2), 2);      /* level 3 */
  adw_combo_row_set_selected (dialog_row (dialog, 7), 2);
  play_from_dialog (window, dialog);
  /* Black plays from the bottom: the board turned round. */
  g_assert_true (studio_board_scene_get_flipped (window->scene));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL);
  studio_test_spin_frames ();
  g_assert_false (_studio_window_play_is_active (window));
  /* At the start, White to move: a new game's side stays the one chosen. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-start", NULL);
  g_assert_cmpint (studio_document_get_position (studio_window_get_document (window))->side_to_move, ==, CHEOPS_SIDE_A);

  dialog = open_dialog (window);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 0)), ==, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 1)), ==, CHEOPS_SIDE_B);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 2)), ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 7)), ==, 2);

  /* Engine against engine, levels 2 and 4, from a new game.  Before any
   * is chosen, both sides' levels are the level just used against the
   * user (a fresh user found Level 1 there), also after it changes. */
  adw_combo_row_set_selected (dialog_row (dialog, 1), CHEOPS_SIDE_NB);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 4)), ==, 2);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 6)), ==, 2);
  adw_combo_row_set_selected (dialog_row (dialog, 1), CHEOPS_SIDE_A);
  adw_combo_row_set_selected (dialog_row (dialog, 2), 4);
  adw_combo_row_set_selected (dialog_row (dialog, 1), CHEOPS_SIDE_NB);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 4)), ==, 4);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 6)), ==, 4);
  adw_combo_row_set_selected (dialog_row (dialog, 4), 1);
  adw_combo_row_set_selected (dialog_row (dialog, 6), 3);
  adw_combo_row_set_selected (dialog_row (dialog, 7), 0);
  play_from_dialog (window, dialog);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL);
  studio_test_spin_frames ();

  dialog = open_dialog (window);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 1)), ==, CHEOPS_SIDE_NB);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 4)), ==, 1);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 6)), ==, 3);

  /* "This position", against the engine, White: played, stopped; at a
   * position with Black to move, "You play" is Black, the side to move. */
  adw_combo_row_set_selected (dialog_row (dialog, 0), 0);
  adw_combo_row_set_selected (dialog_row (dialog, 1), CHEOPS_SIDE_A);
  play_from_dialog (window, dialog);
  g_assert_false (studio_board_scene_get_flipped (window->scene));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL);
  studio_test_spin_frames ();
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "cypher");
  gtk_widget_activate_action (GTK_WIDGET (window->board_view), "board.play", "s", "a3a4");
  studio_test_spin_frames ();
  g_assert_cmpint (studio_document_get_position (studio_window_get_document (window))->side_to_move, ==, CHEOPS_SIDE_B);
  dialog = open_dialog (window);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 0)), ==, 0);
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 1)), ==, CHEOPS_SIDE_B);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "cypher");
  gtk_widget_activate_action (GTK_WIDGET (window->board_view), "board.play", "s", "a3a4");
  studio_test_spin_frames ();
  dialog = open_dialog (window);
  adw_combo_row_set_selected (dialog_row (dialog, 0), 0);
  studio_test_spin_frames ();
  g_assert_cmpuint (adw_combo_row_get_selected (dialog_row (dialog, 1)), !=, CHEOPS_SIDE_NB);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  gtk_window_destroy (GTK_WINDOW (dialog));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_toast_label (GtkWidget     *widget,
                gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0;
}

typedef struct {
  StudioWindow *window;
  const char *text;
} ToastWait;

static gboolean
toast_mapped (gpointer data)
{
  ToastWait *wait = data;
  GtkWidget *label = studio_test_find_widget (GTK_WIDGET (wait->window->toast_overlay), is_toast_label, wait->text);

  return label != NULL && gtk_widget_get_mapped (label);
}

/* The toast reading @text, once shown and done moving in: its widget, the
 * toast overlay's child that holds the label. */
static GtkWidget *
wait_for_toast (StudioWindow *window,
                const char   *text)
{
  ToastWait wait = { window, text };
  GtkWidget *toast;

  studio_test_spin_until (toast_mapped, &wait);
  studio_test_spin_for (600);  /* its show animation, 300 ms */
  toast = studio_test_find_widget (GTK_WIDGET (window->toast_overlay), is_toast_label, text);
  while (gtk_widget_get_parent (toast) != GTK_WIDGET (window->toast_overlay))
    toast = gtk_widget_get_parent (toast);
  return toast;
}

/* No button of the play bar lies under @toast (their bounds in the
 * window's coordinates do not meet); returns how many were checked. */
static guint
assert_bar_clear_of (StudioWindow *window,
                     GtkWidget    *toast)
{
  graphene_rect_t toast_box, button_box, meet;
  guint n = 0;

  g_assert_true (gtk_widget_compute_bounds (toast, GTK_WIDGET (window), &toast_box));
  g_test_message ("toast at %.0f,%.0f %.0f×%.0f", toast_box.origin.x, toast_box.origin.y,
                  toast_box.size.width, toast_box.size.height);
  for (GtkWidget *child = gtk_widget_get_first_child (play_bar (window)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!GTK_IS_BUTTON (child))
        continue;
      g_assert_true (gtk_widget_get_mapped (child));
      g_assert_true (gtk_widget_compute_bounds (child, GTK_WIDGET (window), &button_box));
      g_test_message ("button %s at %.0f,%.0f %.0f×%.0f", gtk_widget_get_tooltip_text (child),
                      button_box.origin.x, button_box.origin.y, button_box.size.width, button_box.size.height);
      g_assert_false (graphene_rect_intersection (&toast_box, &button_box, &meet));
      n++;
    }
  return n;
}

/* While playing, a toast leaves the play bar's buttons in sight, in the
 * wide layout (1200 × 800) and the narrow one (700 × 600): the engine's
 * "The engine declines the draw." after ½ (an offer before the engine has
 * a score), and a toast of three lines at 700 px (issue 22: the bar was
 * under the board, at the bottom of the window where toasts come, and
 * the toast hid ½ and Resign). */
static void
test_toast_clear_of_bar (gconstpointer data)
{
  int width = GPOINTER_TO_INT (data);
  StudioWindow *window = studio_window_new (NULL);
  StudioPlayDialog *dialog;
  GtkWidget *toast;
  const char *long_text = "A toast long enough to wrap over three lines in a narrow window, as a long "
                          "message of a file that could not be read does, and then some more words.";

  gtk_window_set_default_size (GTK_WINDOW (window), width, width == 700 ? 600 : 800);
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", cheops_variant_cheops.name);
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL));
  dialog = find_play_dialog ();
  studio_test_spin_until (levels_named, dialog);
  adw_combo_row_set_selected (dialog_row (dialog, 0), 0);
  adw_combo_row_set_selected (dialog_row (dialog, 1), CHEOPS_SIDE_A);
  adw_combo_row_set_selected (dialog_row (dialog, 7), 0);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
  studio_test_spin_frames ();
  g_assert_true (_studio_window_play_is_active (window));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-draw", NULL));
  toast = wait_for_toast (window, "The engine declines the draw.");
  /* Take back, ½, Resign, Show Analysis, Close. */
  g_assert_cmpuint (assert_bar_clear_of (window, toast), ==, 5);

  _studio_window_toast (window, long_text);
  toast = wait_for_toast (window, long_text);
  g_assert_cmpuint (assert_bar_clear_of (window, toast), ==, 5);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Engine against engine to the end ------------------------------------- */

static char *tmp_dir;

/* An engine program: the fake engine in book mode on <tmp>/book, named
 * @id_name, logging to <tmp>/@name.log, its score read from
 * <tmp>/@name.score when it starts. */
static char *
make_book_engine (const char *name,
                  const char *id_name)
{
  g_autofree char *path = g_build_filename (tmp_dir, name, NULL);
  g_autofree char *book = g_build_filename (tmp_dir, "book", NULL);
  g_autofree char *script = NULL;
  g_autoptr(GError) error = NULL;

  script = g_strdup_printf ("#!/bin/sh\n"
                            "FAKE_ENGINE_SCORE=\"$(cat '%s.score')\" FAKE_ENGINE_LOG='%s.log' "
                            "FAKE_ENGINE_VARIANTS='cheops trigchess cypher pyramids' FAKE_ENGINE_NAME='%s' exec '%s' book '%s'\n",
                            path, path, id_name, g_getenv ("STUDIO_FAKE_ENGINE"), book);
  g_file_set_contents (path, script, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return g_steal_pointer (&path);
}

static void
set_score (const char *engine,
           const char *score)
{
  g_autofree char *path = g_strconcat (engine, ".score", NULL);
  g_autofree char *log = g_strconcat (engine, ".log", NULL);

  g_assert_true (g_file_set_contents (path, score, -1, NULL));
  g_remove (log);
}

static char *
read_log (const char *engine)
{
  g_autofree char *path = g_strconcat (engine, ".log", NULL);
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

static guint
count_lines (const char *text,
             const char *line)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  guint n = 0;

  for (guint i = 0; lines[i] != NULL; i++)
    n += g_str_equal (lines[i], line);
  return n;
}

/* A move of @node's that goes from @from to @to, plainly, or NONE. */
static CheopsMove
find_move (CheopsGameNode *node,
           CheopsCell      from,
           CheopsCell      to)
{
  guint n;
  const CheopsMove *moves = cheops_game_node_get_moves (node, &n);

  for (guint i = 0; i < n; i++)
    if (cheops_move_from (moves[i]) == from && cheops_move_to (moves[i]) == to
        && cheops_move_kind (moves[i]) == CHEOPS_MOVE_NORMAL && cheops_move_promotion (moves[i]) == 0
        && cheops_move_part (moves[i]) == 0)
      return moves[i];
  return CHEOPS_MOVE_NONE;
}

/* Into @game (a new game of its variant): a move of each side out and
 * back, twice: 8 plies, the start position for the third time at the
 * last (and at no other ply the game over). */
static void
build_shuffle (CheopsGame *game)
{
  CheopsGameNode *root = cheops_game_get_root (game);
  guint n_a;
  const CheopsMove *a_moves = cheops_game_node_get_moves (root, &n_a);

  for (guint i = 0; i < n_a; i++)
    {
      CheopsMove ma = a_moves[i];
      CheopsGameNode *n1;
      guint n_b;
      const CheopsMove *b_moves;

      if (find_move (root, cheops_move_from (ma), cheops_move_to (ma)) != ma)
        continue;
      n1 = cheops_game_add_move (game, root, ma, NULL);
      b_moves = cheops_game_node_get_moves (n1, &n_b);
      for (guint k = 0; k < n_b; k++)
        {
          CheopsMove mb = b_moves[k], back_a, back_b;
          CheopsGameNode *n2, *n3, *n4, *node;

          if (find_move (n1, cheops_move_from (mb), cheops_move_to (mb)) != mb)
            continue;
          n2 = cheops_game_add_move (game, n1, mb, NULL);
          back_a = find_move (n2, cheops_move_to (ma), cheops_move_from (ma));
          n3 = back_a != CHEOPS_MOVE_NONE ? cheops_game_add_move (game, n2, back_a, NULL) : NULL;
          back_b = n3 != NULL ? find_move (n3, cheops_move_to (mb), cheops_move_from (mb)) : CHEOPS_MOVE_NONE;
          n4 = back_b != CHEOPS_MOVE_NONE ? cheops_game_add_move (game, n3, back_b, NULL) : NULL;
          if (n4 == NULL || cheops_game_node_get_position (n4)->key != cheops_game_node_get_position (root)->key)
            {
              cheops_game_delete_from (game, n2);
              continue;
            }
          node = n4;
          node = cheops_game_add_move (game, node, ma, NULL);
          node = cheops_game_add_move (game, node, mb, NULL);
          node = cheops_game_add_move (game, node, back_a, NULL);
          node = cheops_game_add_move (game, node, back_b, NULL);
          g_assert_nonnull (node);
          g_assert_cmpuint (cheops_game_node_get_ply (node), ==, 8);
          return;
        }
      cheops_game_delete_from (game, n1);
    }
  g_assert_not_reached ();
}

/* Into @game: @plies safe moves (is_safe()), the first in the core's
 * order that repeats no position of the line. */
static void
build_line (CheopsGame *game,
            guint       plies)
{
  CheopsGameNode *node = cheops_game_get_root (game);

  for (guint ply = 0; ply < plies; ply++)
    {
      guint n;
      const CheopsMove *moves = cheops_game_node_get_moves (node, &n);
      CheopsGameNode *next = NULL;

      for (guint i = 0; i < n && next == NULL; i++)
        {
          if (!is_safe (cheops_game_node_get_position (node), moves[i]))
            continue;
          next = cheops_game_add_move (game, node, moves[i], NULL);
          if (cheops_game_node_get_repetition_count (next) > 1)
            {
              cheops_game_delete_from (game, next);
              next = NULL;
            }
        }
      g_assert_nonnull (next);
      node = next;
    }
}

/* <tmp>/book: each position of @game's main line as the studio sends it,
 * a tab and the move played there. */
static void
write_book (CheopsGame *game)
{
  g_autoptr(GString) book = g_string_new ("");
  g_autofree char *path = g_build_filename (tmp_dir, "book", NULL);

  for (CheopsGameNode *node = cheops_game_get_root (game); cheops_game_node_get_first_child (node) != NULL;
       node = cheops_game_node_get_first_child (node))
    {
      char text[CHEOPS_MOVE_TEXT_MAX];

      cheops_move_to_text (cheops_game_get_variant (game),
                           cheops_game_node_get_move (cheops_game_node_get_first_child (node)), text);
      g_string_append_printf (book, "%s\t%s\n", cheops_game_node_get_uci_position (node), text);
    }
  g_assert_true (g_file_set_contents (path, book->str, -1, NULL));
}

/* @game's main line is @expected's, move by move. */
static void
assert_same_moves (CheopsGame *game,
                   CheopsGame *expected)
{
  CheopsGameNode *a = cheops_game_get_root (game);
  CheopsGameNode *b = cheops_game_get_root (expected);

  for (;;)
    {
      a = cheops_game_node_get_first_child (a);
      b = cheops_game_node_get_first_child (b);
      if (a == NULL || b == NULL)
        break;
      g_assert_cmpstr (cheops_game_node_get_san (a), ==, cheops_game_node_get_san (b));
    }
  g_assert_null (a);
  g_assert_null (b);
}

static gboolean
engine_rows_named (gpointer data)
{
  GListModel *engines = adw_combo_row_get_model (dialog_row (data, 3));

  return g_list_model_get_n_items (engines) == 2;
}

static gboolean
three_engines_named (gpointer data)
{
  return g_list_model_get_n_items (adw_combo_row_get_model (dialog_row (data, 3))) == 3;
}

/* Engine against engine in a new window with a new game of @variant,
 * through the dialog: side A's engine @engine_a (0: the bundled one, 1:
 * the one of Preferences) at @level_a, side B's likewise, clock @clock. */
static StudioWindow *
start_engines (const CheopsVariant *variant,
               guint                engine_a,
               guint                level_a,
               guint                engine_b,
               guint                level_b,
               guint                clock)
{
  StudioWindow *window = studio_window_new (NULL);
  StudioPlayDialog *dialog;
  GListModel *model;

  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", variant->name);
  studio_test_spin_frames ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL));
  dialog = find_play_dialog ();
  g_assert_nonnull (dialog);
  studio_test_spin_until (engine_rows_named, dialog);

  adw_combo_row_set_selected (dialog_row (dialog, 0), 0);
  /* "Neither": the level's row gives way to each side's engine and level. */
  adw_combo_row_set_selected (dialog_row (dialog, 1), CHEOPS_SIDE_NB);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog_row (dialog, 2))));
  for (guint i = 3; i <= 6; i++)
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog_row (dialog, i))));
  model = adw_combo_row_get_model (dialog_row (dialog, 3));
  {
    g_autoptr(GtkStringObject) bundled = g_list_model_get_item (model, 0);
    g_autoptr(GtkStringObject) chosen = g_list_model_get_item (model, 1);
    g_autoptr(GtkStringObject) level = g_list_model_get_item (adw_combo_row_get_model (dialog_row (dialog, 4)), 1);
    g_autofree char *title = g_strdup_printf ("%s’s engine", cheops_game_get_side_name (
                                                studio_document_get_game (studio_window_get_document (window)),
                                                CHEOPS_SIDE_A));

    g_assert_cmpstr (gtk_string_object_get_string (bundled), ==, "Bundled engine (cheops-engine)");
    g_assert_cmpstr (gtk_string_object_get_string (chosen), ==, "alpha");
    /* The fake engine has no Skill Level: levels by nodes. */
    g_assert_cmpstr (gtk_string_object_get_string (level), ==, "Level 2 · 200 positions a move, 0.2 s at most");
    g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (dialog_row (dialog, 3))), ==, title);
  }
  adw_combo_row_set_selected (dialog_row (dialog, 3), engine_a);
  adw_combo_row_set_selected (dialog_row (dialog, 4), level_a - 1);
  adw_combo_row_set_selected (dialog_row (dialog, 5), engine_b);
  adw_combo_row_set_selected (dialog_row (dialog, 6), level_b - 1);
  adw_combo_row_set_selected (dialog_row (dialog, 7), clock);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
  studio_test_spin_frames ();
  g_assert_true (_studio_window_play_is_active (window));
  return window;
}

/* Engine against engine to its end, by two engines (the one of
 * Preferences, "Fake Alpha", and another in the bundled one's place,
 * "Fake Beta"), or one engine with two levels, each side its process,
 * each playing its moves from a book of the game expected:
 * - TrigChess, a clock: the third occurrence of the start position loses
 *   for its mover (TR15): 1-0, "normal", the variant's words;
 * - Cheops, the same engine at levels 1 and 8, no clock: the third
 *   occurrence is claimed at once (8.4.2) as `cheops match` claims it:
 *   1/2-1/2, "normal";
 * - Cypher chess, a clock: Fake Alpha says +12.00, Fake Beta -12.00: after
 *   6 plies of agreement side B resigns by adjudication (twosided, 3
 *   moves, 10.00): "adjudication".
 * Each time the game's moves are the book's, and each engine was given
 * its own level.  Then the user against Fake Alpha in Pyramids, chosen in
 * the dialog's row of the engine's side. */
static void
test_engines_to_the_end (void)
{
  g_autofree char *alpha = NULL;
  g_autofree char *beta = NULL;
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  g_autoptr(GError) error = NULL;

  tmp_dir = g_dir_make_tmp ("test-play-XXXXXX", &error);
  g_assert_no_error (error);
  alpha = make_book_engine ("alpha", "Fake Alpha");
  beta = make_book_engine ("beta", "Fake Beta");
  g_setenv ("CHEOPS_ENGINE", beta, TRUE);
  g_settings_set_string (settings, "last-engine", alpha);

  /* TrigChess: Fake Alpha (level 2) against Fake Beta (level 5), 1 min. */
  {
    g_autoptr(CheopsGame) expected = studio_game_new_for_variant (&cheops_variant_trigchess);
    StudioWindow *window;
    CheopsGame *game;
    CheopsOutcome outcome;
    g_autofree char *words = NULL;
    g_autofree char *log_a = NULL;
    g_autofree char *log_b = NULL;

    build_shuffle (expected);
    write_book (expected);
    set_score (alpha, "cp 5");
    set_score (beta, "cp -5");
    window = start_engines (&cheops_variant_trigchess, 1, 2, 0, 5, 1);
    game = studio_document_get_game (studio_window_get_document (window));
    studio_test_spin_until (has_termination, game);
    assert_same_moves (game, expected);
    assert_one_line (game, 8);
    assert_clocks (game, 8);
    outcome = cheops_game_node_get_outcome (cheops_game_get_mainline_end (game));
    g_assert_cmpstr (cheops_variant_trigchess.outcomes[outcome].rule, ==, "TR15");
    g_assert_cmpstr (cheops_game_get_result (game), ==,
                     cheops_game_get_side_colour (game, CHEOPS_SIDE_A) == 0 ? "1-0" : "0-1");
    g_assert_cmpstr (cheops_game_get_tag (game, "Termination"), ==, "normal");
    words = cheops_game_describe_outcome (game, outcome);
    g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_get_mainline_end (game)), ==, words);
    /* Each engine its level: 200 and 12800 nodes, by the clock, and the
     * level's time a move at most (levels 2 and 5: 0.2 s and 1 s). */
    log_a = read_log (alpha);
    log_b = read_log (beta);
    g_assert_nonnull (strstr (log_a, " winc 0 binc 0 nodes 200 movetime 200\n"));
    g_assert_null (strstr (log_a, "nodes 12800"));
    g_assert_nonnull (strstr (log_b, " winc 0 binc 0 nodes 12800 movetime 1000\n"));
    g_assert_null (strstr (log_b, "nodes 200 "));
    /* Stopped at the end: the bar says the result. */
    g_assert_false (_studio_window_play_engine_thinking (window));
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
    gtk_window_destroy (GTK_WINDOW (window));
  }

  /* Cheops: Fake Alpha against itself, levels 1 and 8, no clock. */
  {
    g_autoptr(CheopsGame) expected = studio_game_new_for_variant (&cheops_variant_cheops);
    StudioWindow *window;
    CheopsGame *game;
    g_autofree char *log = NULL;
    g_autofree char *comment = NULL;

    build_shuffle (expected);
    write_book (expected);
    set_score (alpha, "cp 0");
    window = start_engines (&cheops_variant_cheops, 1, 1, 1, 8, 0);
    game = studio_document_get_game (studio_window_get_document (window));
    studio_test_spin_until (has_termination, game);
    assert_same_moves (game, expected);
    assert_one_line (game, 8);
    g_assert_cmpstr (cheops_game_get_result (game), ==, "1/2-1/2");
    g_assert_cmpstr (cheops_game_get_tag (game, "Termination"), ==, "normal");
    comment = g_strdup_printf ("%s claims a draw: the same position for the third time (8.4.2).",
                               cheops_game_get_side_name (game, CHEOPS_SIDE_A));
    g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_get_mainline_end (game)), ==, comment);
    /* Two processes of the one program (the dialog's and side B's), each
     * its level: 50 nodes in 0.2 s, and full strength in 5 s. */
    log = read_log (alpha);
    g_assert_cmpuint (count_lines (log, "uci"), ==, 2);
    g_assert_cmpuint (count_lines (log, "go nodes 50 movetime 200"), ==, 4);
    g_assert_cmpuint (count_lines (log, "go movetime 5000"), ==, 4);
    gtk_window_destroy (GTK_WINDOW (window));
  }

  /* Cypher chess: Fake Beta (side A, +12.00) against Fake Alpha (side B,
   * -12.00), 1 min: side B resigns by adjudication after 7 plies. */
  {
    g_autoptr(CheopsGame) expected = studio_game_new_for_variant (&cheops_variant_cypher);
    StudioWindow *window;
    CheopsGame *game;
    g_autofree char *comment = NULL;

    build_line (expected, 10);
    write_book (expected);
    set_score (alpha, "cp -1200");
    set_score (beta, "cp 1200");
    window = start_engines (&cheops_variant_cypher, 0, 3, 1, 3, 1);
    game = studio_document_get_game (studio_window_get_document (window));
    studio_test_spin_until (has_termination, game);
    assert_one_line (game, 7);
    {
      /* The book's first 7 plies. */
      CheopsGameNode *a = cheops_game_get_root (game), *b = cheops_game_get_root (expected);

      for (guint i = 0; i < 7; i++)
        {
          a = cheops_game_node_get_first_child (a);
          b = cheops_game_node_get_first_child (b);
          g_assert_cmpstr (cheops_game_node_get_san (a), ==, cheops_game_node_get_san (b));
        }
    }
    assert_clocks (game, 7);
    g_assert_cmpstr (cheops_game_get_result (game), ==,
                     cheops_game_get_side_colour (game, CHEOPS_SIDE_A) == 0 ? "1-0" : "0-1");
    g_assert_cmpstr (cheops_game_get_tag (game, "Termination"), ==, "adjudication");
    comment = g_strdup_printf ("%s resigns by adjudication: both engines see it lost.",
                               cheops_game_get_side_name (game, CHEOPS_SIDE_B));
    g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_get_mainline_end (game)), ==, comment);
    gtk_window_destroy (GTK_WINDOW (window));
  }

  /* Pyramids, the user against an engine of the dialog's choice: side A
   * the user, side B's engine row shown (not side A's), Fake Alpha at
   * level 2; the user's move typed, Fake Alpha's reply from the book. */
  {
    g_autoptr(CheopsGame) expected = studio_game_new_for_variant (&cheops_variant_pyramids);
    StudioWindow *window = studio_window_new (NULL);
    StudioPlayDialog *dialog;
    CheopsGame *game;
    g_autofree char *log = NULL;

    g_autofree char *gamma = make_book_engine ("gamma", "Fake Gamma");
    const char *chosen[] = { alpha, gamma, NULL };

    build_line (expected, 4);
    write_book (expected);
    set_score (alpha, "cp 0");
    set_score (gamma, "cp 0");
    /* Every engine chosen in Preferences is offered: alpha (analysing)
     * and gamma (chosen before). */
    g_settings_set_strv (settings, "engines", chosen);
    gtk_window_present (GTK_WINDOW (window));
    gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", cheops_variant_pyramids.name);
    studio_test_spin_frames ();
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL));
    dialog = find_play_dialog ();
    g_assert_nonnull (dialog);
    studio_test_spin_until (three_engines_named, dialog);
    {
      GListModel *engines = adw_combo_row_get_model (dialog_row (dialog, 5));
      g_autoptr(GtkStringObject) second = g_list_model_get_item (engines, 1);
      g_autoptr(GtkStringObject) third = g_list_model_get_item (engines, 2);

      g_assert_cmpstr (gtk_string_object_get_string (second), ==, "alpha");
      g_assert_cmpstr (gtk_string_object_get_string (third), ==, "gamma");
    }
    adw_combo_row_set_selected (dialog_row (dialog, 0), 0);
    adw_combo_row_set_selected (dialog_row (dialog, 1), CHEOPS_SIDE_A);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog_row (dialog, 2))));    /* the level */
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog_row (dialog, 3))));   /* side A's engine */
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog_row (dialog, 4))));
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (dialog_row (dialog, 5))));    /* side B's engine */
    g_assert_false (gtk_widget_get_visible (GTK_WIDGET (dialog_row (dialog, 6))));
    adw_combo_row_set_selected (dialog_row (dialog, 5), 1);
    {
      /* The level's names are the chosen engine's: Fake Alpha has no
       * Skill Level, so nodes. */
      GListModel *levels = adw_combo_row_get_model (dialog_row (dialog, 2));
      g_autoptr(GtkStringObject) second = g_list_model_get_item (levels, 1);

      g_assert_cmpstr (gtk_string_object_get_string (second), ==, "Level 2 · 200 positions a move, 0.2 s at most");
    }
    adw_combo_row_set_selected (dialog_row (dialog, 2), 1);
    adw_combo_row_set_selected (dialog_row (dialog, 7), 0);
    adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "play");
    studio_test_spin_frames ();
    g_assert_true (_studio_window_play_is_active (window));
    game = studio_document_get_game (studio_window_get_document (window));
    type_move (window, cheops_game_node_get_san (cheops_game_node_get_first_child (cheops_game_get_root (expected))));
    studio_test_spin_until (engine_done, window);
    assert_one_line (game, 2);
    {
      CheopsGameNode *a = cheops_game_get_root (game), *b = cheops_game_get_root (expected);

      for (guint i = 0; i < 2; i++)
        {
          a = cheops_game_node_get_first_child (a);
          b = cheops_game_node_get_first_child (b);
          g_assert_cmpstr (cheops_game_node_get_san (a), ==, cheops_game_node_get_san (b));
        }
    }
    log = read_log (alpha);
    g_assert_cmpuint (count_lines (log, "go nodes 200 movetime 200"), ==, 1);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.play-stop", NULL));
    gtk_window_destroy (GTK_WINDOW (window));
    g_settings_reset (settings, "engines");
  }

  g_settings_reset (settings, "last-engine");
  g_unsetenv ("CHEOPS_ENGINE");
  studio_test_remove_dir (tmp_dir);
  g_clear_pointer (&tmp_dir, g_free);
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  g_test_add_func ("/Studio/Play/take-back-resign", test_take_back_resign);
  g_test_add_func ("/Studio/Play/engine-first-clock", test_engine_first_clock);
  g_test_add_func ("/Studio/Play/take-back-to-start-clock", test_take_back_to_start_clock);
  g_test_add_func ("/Studio/Play/variation", test_variation);
  g_test_add_func ("/Studio/Play/undo-takes-back", test_undo_takes_back);
  g_test_add_func ("/Studio/Play/engine-against-engine", test_engine_against_engine);
  g_test_add_func ("/Studio/Play/tab-switch", test_tab_switch);
  for (guint i = 0; cheops_variants[i] != NULL; i++)
    {
      g_autofree char *path = g_strdup_printf ("/Studio/Play/dialog-fits/%s", cheops_variants[i]->name);

      g_test_add_data_func (path, cheops_variants[i], test_dialog_fits);
    }
  g_test_add_func ("/Studio/Play/dialog-remembers", test_dialog_remembers);
  g_test_add_func ("/Studio/Play/tags/variation", test_tags_variation);
  g_test_add_func ("/Studio/Play/tags/continued", test_tags_continued);
  g_test_add_func ("/Studio/Play/tags/own-game", test_tags_own_game);
  g_test_add_func ("/Studio/Play/from-finished", test_from_finished);
  g_test_add_data_func ("/Studio/Play/toast-clear-of-bar/wide", GINT_TO_POINTER (1200), test_toast_clear_of_bar);
  g_test_add_data_func ("/Studio/Play/toast-clear-of-bar/narrow", GINT_TO_POINTER (700), test_toast_clear_of_bar);
  g_test_add_func ("/Studio/Play/engines-to-the-end", test_engines_to_the_end);

  return g_test_run ();
}
