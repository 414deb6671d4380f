/* test-eval-graph.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The evaluation graph under the move list, under a display (xvfb-run), for
 * each of the four games: a game of six moves with stored evaluations
 * shows one point per mainline position with the values of the logistic
 * scale (an Ascension score at the edge), follows an edit and its undo, a
 * click on it goes to the move under the pointer and a drag follows the
 * pointer, and the marker follows the current move (into a variation: the
 * move it branches from); and from the keyboard (issue 24): the graph
 * takes the focus and then shows a focus ring, Left, Right, Home and End
 * walk the mainline, and a point's text (its tooltip) names the move with
 * its number and glyph and the evaluation.
 */
#include "studio-config.h"

#include <math.h>
#include <string.h>

#include <adwaita.h>

#include "cheops-core.h"
#include "cheops-game.h"
#include "studio-document.h"
#include "studio-eval-graph.h"
#include "studio-test-util.h"
#include "studio-window.h"
#include "studio-window-private.h"

static GtkGesture *
drag_gesture (GtkWidget *widget)
{
  return GTK_GESTURE (studio_test_controller_of_type (widget, GTK_TYPE_GESTURE_DRAG));
}

/* A key as GTK delivers it: the window's capture handler first, then the
 * focus widget's own. */
static void
press_key (GtkWidget *window,
           guint      keyval)
{
  gboolean handled = FALSE;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  g_signal_emit_by_name (studio_test_key_controller (window), "key-pressed", keyval, 0, 0, &handled);
  g_assert_false (handled);   /* not the window's: the graph's */
  g_assert_nonnull (focus);
  g_signal_emit_by_name (studio_test_key_controller (focus), "key-pressed", keyval, 0, 0, &handled);
  g_assert_true (handled);
}

/* The widget as the window draws it, RGBA bytes (free with g_free). */
static guchar *
render (GtkWidget *widget,
        gsize     *stride)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int width = gtk_widget_get_width (widget), height = gtk_widget_get_height (widget);
  guchar *data;

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), width, height);
  node = gtk_snapshot_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, width, height));
  *stride = (gsize) width * 4;
  data = g_malloc (*stride * height);
  gdk_texture_download (texture, data, *stride);
  return data;
}

static gboolean
is_allocated (gpointer data)
{
  return gtk_widget_get_width (data) > 100 && gtk_widget_get_mapped (data);
}

static void
set_eval (CheopsGame     *game,
          CheopsGameNode *node,
          CheopsEvalKind  kind,
          int             value)
{
  g_autoptr(CheopsAnnotations) annotations = cheops_annotations_copy (cheops_game_node_get_annotations (node));

  annotations->eval.kind = kind;
  annotations->eval.value = value;
  cheops_game_set_annotations (game, node, annotations);
}

static void
test_graph (gconstpointer data)
{
  const CheopsVariant *variant = data;
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  StudioEvalGraph *graph = window->eval_graph;
  g_autoptr(CheopsGame) new_game = studio_game_new_for_variant (variant);
  CheopsGame *game;
  CheopsGameNode *nodes[7];
  GtkGesture *drag;
  double value, x;

  gtk_window_set_default_size (GTK_WINDOW (window), 1300, 900);
  gtk_window_present (GTK_WINDOW (window));
  studio_document_set_game (document, new_game);
  studio_window_show_game (window);
  game = studio_document_get_game (document);
  g_assert_true (cheops_game_get_variant (game) == variant);

  /* No evaluation: no graph. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (graph)));

  /* Six moves, each the first the game offers. */
  nodes[0] = cheops_game_get_root (game);
  for (guint i = 1; i < 7; i++)
    {
      g_autoptr(GError) error = NULL;
      guint n;
      const CheopsMove *moves = cheops_game_node_get_moves (nodes[i - 1], &n);

      g_assert_cmpuint (n, >, 0);
      nodes[i] = studio_document_play_move (document, moves[0], &error);
      g_assert_no_error (error);
      g_assert_nonnull (nodes[i]);
    }
  g_assert_cmpuint (studio_eval_graph_get_n_points (graph), ==, 7);
  g_assert_cmpuint (studio_eval_graph_get_n_evals (graph), ==, 0);

  /* Evaluations after moves 1 to 5 (+0.50, -1.00, +2.00, 0.00, -3.00), an
   * Ascension for the q side in 2 after move 6, and a blunder glyph. */
  set_eval (game, nodes[1], CHEOPS_EVAL_CENTIPAWNS, 50);
  set_eval (game, nodes[2], CHEOPS_EVAL_CENTIPAWNS, -100);
  set_eval (game, nodes[3], CHEOPS_EVAL_CENTIPAWNS, 200);
  set_eval (game, nodes[4], CHEOPS_EVAL_CENTIPAWNS, 0);
  set_eval (game, nodes[5], CHEOPS_EVAL_CENTIPAWNS, -300);
  set_eval (game, nodes[6], CHEOPS_EVAL_ASCENSION, -2);
  cheops_game_set_move_glyph (game, nodes[5], CHEOPS_NAG_BLUNDER);

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (graph)));
  g_assert_cmpuint (studio_eval_graph_get_n_points (graph), ==, 7);
  g_assert_cmpuint (studio_eval_graph_get_n_evals (graph), ==, 6);
  g_assert_false (studio_eval_graph_get_value (graph, 0, NULL));
  g_assert_true (studio_eval_graph_get_value (graph, 1, &value));
  g_assert_cmpfloat_with_epsilon (value, 2.0 / (1.0 + exp (-0.00368208 * 50)) - 1.0, 1e-9);
  g_assert_true (studio_eval_graph_get_value (graph, 2, &value));
  g_assert_cmpfloat_with_epsilon (value, -0.182, 0.001);
  g_assert_true (studio_eval_graph_get_value (graph, 4, &value));
  g_assert_cmpfloat (value, ==, 0.0);
  g_assert_true (studio_eval_graph_get_value (graph, 6, &value));
  g_assert_cmpfloat (value, ==, -1.0);
  g_assert_cmpuint (studio_eval_graph_get_glyph (graph, 5), ==, CHEOPS_NAG_BLUNDER);
  g_assert_cmpuint (studio_eval_graph_get_glyph (graph, 4), ==, 0);

  /* Undo takes the glyph back; undo again the last evaluation: the graph
   * follows the game. */
  g_assert_true (studio_document_undo (document));
  g_assert_true (studio_document_undo (document));
  g_assert_cmpuint (studio_eval_graph_get_n_evals (graph), ==, 5);
  g_assert_false (studio_eval_graph_get_value (graph, 6, NULL));
  g_assert_cmpuint (studio_eval_graph_get_glyph (graph, 5), ==, 0);
  g_assert_true (studio_document_redo (document));
  g_assert_cmpuint (studio_eval_graph_get_n_evals (graph), ==, 6);

  /* The marker follows the current move. */
  studio_document_set_current (document, nodes[6]);
  g_assert_cmpint (studio_eval_graph_get_marker (graph), ==, 6);

  studio_test_spin_until (is_allocated, graph);
  studio_test_spin_frames ();

  /* A click on the point of move 2 goes there; a drag to the point of
   * move 5 follows the pointer. */
  drag = drag_gesture (GTK_WIDGET (graph));
  x = studio_eval_graph_x_of (graph, 2);
  g_assert_cmpint (studio_eval_graph_index_at (graph, x + 1), ==, 2);
  g_signal_emit_by_name (drag, "drag-begin", x + 1, 10.0);
  g_assert_true (studio_document_get_current (document) == nodes[2]);
  g_assert_cmpuint (cheops_game_node_get_ply (studio_document_get_current (document)), ==, 2);
  g_assert_cmpint (studio_eval_graph_get_marker (graph), ==, 2);
  g_signal_emit_by_name (drag, "drag-update", studio_eval_graph_x_of (graph, 5) - x - 1, 3.0);
  g_assert_true (studio_document_get_current (document) == nodes[5]);
  g_signal_emit_by_name (drag, "drag-end", studio_eval_graph_x_of (graph, 5) - x - 1, 3.0);
  g_assert_cmpint (studio_eval_graph_get_marker (graph), ==, 5);

  /* Far left is the start, far right the last move. */
  g_signal_emit_by_name (drag, "drag-begin", 0.0, 10.0);
  g_signal_emit_by_name (drag, "drag-end", 0.0, 0.0);
  g_assert_true (studio_document_get_current (document) == nodes[0]);
  g_signal_emit_by_name (drag, "drag-begin", (double) gtk_widget_get_width (GTK_WIDGET (graph)), 10.0);
  g_signal_emit_by_name (drag, "drag-end", 0.0, 0.0);
  g_assert_true (studio_document_get_current (document) == nodes[6]);

  /* A variation from move 3: the marker stays at move 3 (the move it
   * branches from) and the mainline keeps its seven points. */
  {
    g_autoptr(GError) error = NULL;
    guint n;
    const CheopsMove *moves = cheops_game_node_get_moves (nodes[3], &n);
    CheopsGameNode *side_line;

    g_assert_cmpuint (n, >, 1);
    studio_document_set_current (document, nodes[3]);
    side_line = studio_document_play_move (document, moves[n - 1], &error);
    g_assert_no_error (error);
    g_assert_false (cheops_game_node_is_mainline (side_line));
    g_assert_cmpint (studio_eval_graph_get_marker (graph), ==, 3);
    g_assert_cmpuint (studio_eval_graph_get_n_points (graph), ==, 7);
  }

  /* The keyboard.  Without the focus, no ring at the graph's edge; Tab
   * (focus visible, the graph focused) draws one. */
  {
    GtkWidget *widget = GTK_WIDGET (graph);
    gsize stride;
    g_autofree guchar *plain = NULL, *ringed = NULL;
    int y = gtk_widget_get_height (widget) / 2;
    g_autofree char *text = NULL, *expected = NULL, *move = NULL;

    g_assert_true (gtk_widget_get_focusable (widget));
    studio_test_spin_frames ();
    plain = render (widget, &stride);
    gtk_window_set_focus_visible (GTK_WINDOW (window), TRUE);
    gtk_widget_grab_focus (widget);
    g_assert_true (gtk_widget_has_focus (widget));
    studio_test_spin_frames ();
    g_assert_true (gtk_widget_has_visible_focus (widget));
    ringed = render (widget, &stride);
    g_assert_cmpmem (plain + y * stride, 4, plain + y * stride + 12 * 4, 4);   /* the same ground */
    g_assert_true (memcmp (plain + y * stride, ringed + y * stride, 4) != 0);  /* the ring */

    /* From the move of the variation, Left goes back to the mainline
     * move it branches from; then along the mainline. */
    press_key (GTK_WIDGET (window), GDK_KEY_Left);
    g_assert_true (studio_document_get_current (document) == nodes[3]);
    press_key (GTK_WIDGET (window), GDK_KEY_Left);
    g_assert_true (studio_document_get_current (document) == nodes[2]);
    press_key (GTK_WIDGET (window), GDK_KEY_Right);
    press_key (GTK_WIDGET (window), GDK_KEY_Right);
    g_assert_true (studio_document_get_current (document) == nodes[4]);
    g_assert_cmpint (studio_eval_graph_get_marker (graph), ==, 4);
    press_key (GTK_WIDGET (window), GDK_KEY_End);
    g_assert_true (studio_document_get_current (document) == nodes[6]);
    press_key (GTK_WIDGET (window), GDK_KEY_Right);
    g_assert_true (studio_document_get_current (document) == nodes[6]);
    press_key (GTK_WIDGET (window), GDK_KEY_Home);
    g_assert_true (studio_document_get_current (document) == nodes[0]);
    press_key (GTK_WIDGET (window), GDK_KEY_Left);
    g_assert_true (studio_document_get_current (document) == nodes[0]);
    g_assert_true (gtk_widget_has_focus (widget));

    /* The points' text: move with number and glyph, evaluation. */
    cheops_game_set_move_glyph (game, nodes[5], CHEOPS_NAG_BLUNDER);
    move = cheops_game_node_format_move (nodes[5], TRUE);
    expected = g_strdup_printf ("%s??: -3.00", move);
    text = studio_eval_graph_dup_point_text (graph, 5);
    g_assert_cmpstr (text, ==, expected);
    g_clear_pointer (&text, g_free);
    g_clear_pointer (&move, g_free);
    move = cheops_game_node_format_move (nodes[6], TRUE);
    g_clear_pointer (&expected, g_free);
    expected = g_strdup_printf ("%s: #-2", move);
    text = studio_eval_graph_dup_point_text (graph, 6);
    g_assert_cmpstr (text, ==, expected);
    g_clear_pointer (&text, g_free);
    g_assert_null (studio_eval_graph_dup_point_text (graph, 0));   /* the start, no evaluation */
    g_assert_null (studio_eval_graph_dup_point_text (graph, 7));
  }

  studio_test_spin_frames ();
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GtkCssProvider) css = NULL;

  studio_test_init (&argc, &argv);
  /* The studio's own style sheet (its focus ring), which the application
   * would load. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, "/org/cheops/Studio/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  for (guint i = 0; cheops_variants[i] != NULL; i++)
    {
      g_autofree char *path = g_strdup_printf ("/Studio/EvalGraph/%s", cheops_variants[i]->name);

      g_test_add_data_func (path, cheops_variants[i], test_graph);
    }

  return g_test_run ();
}
