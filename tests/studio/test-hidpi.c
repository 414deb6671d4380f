/* test-hidpi.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * At GDK_SCALE=2 the board is drawn at the widget's scale factor: what the
 * widget's own snapshot renders at scale 2 is the board drawn at device
 * scale 2 (crisp marks and coordinates), not the board drawn at 1 and
 * scaled up — for every game.  Run under xvfb-run; the program sets
 * GDK_SCALE=2 itself.
 */
#include <adwaita.h>
#include <math.h>

#include "studio-test-util.h"
#include "studio-board-view.h"

/* The board drawn by studio_board_view_draw() at @width × @height user
 * pixels and @device_scale, then scaled to (@width × @height) × 2 device
 * pixels with a bilinear filter (a no-op at device scale 2). */
static cairo_surface_t *
draw_board (StudioBoardView *view,
            int              width,
            int              height,
            double           device_scale)
{
  cairo_surface_t *board, *out;
  cairo_t *cr;

  board = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) (width * device_scale), (int) (height * device_scale));
  cairo_surface_set_device_scale (board, device_scale, device_scale);
  cr = cairo_create (board);
  studio_board_view_draw (view, cr, width, height);
  cairo_destroy (cr);

  out = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * 2, height * 2);
  cr = cairo_create (out);
  cairo_scale (cr, 2 / device_scale, 2 / device_scale);
  cairo_surface_set_device_scale (board, 1, 1);
  cairo_set_source_surface (cr, board, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_BILINEAR);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (board);
  cairo_surface_flush (out);

  return out;
}

/* The mean absolute difference per channel (0..255) of @texture's pixels
 * and @surface's, of the same size. */
static double
mean_difference (GdkTexture      *texture,
                 cairo_surface_t *surface)
{
  int width = gdk_texture_get_width (texture), height = gdk_texture_get_height (texture);
  g_autofree guchar *pixels = g_malloc ((gsize) width * height * 4);
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint64 sum = 0;

  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, height);
  gdk_texture_download (texture, pixels, width * 4);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width * 4; x++)
      sum += abs ((int) pixels[y * width * 4 + x] - (int) data[y * stride + x]);

  return (double) sum / ((double) width * height * 4);
}

static void
test_board_scale_2 (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsVariant *variant = cheops_variants[v];
      GtkWidget *window = gtk_window_new ();
      GtkWidget *view = studio_board_view_new ();
      StudioBoardScene *scene = studio_board_view_get_scene (STUDIO_BOARD_VIEW (view));
      CheopsPosition pos;
      CheopsError error;
      int width, height;
      g_autoptr(GdkPaintable) paintable = NULL;
      GtkSnapshot *snapshot;
      g_autoptr(GskRenderNode) node = NULL;
      g_autoptr(GdkTexture) texture = NULL;
      cairo_surface_t *crisp, *blurred;
      double to_crisp, to_blurred;

      gtk_window_set_default_size (GTK_WINDOW (window), 420, 380);
      gtk_window_set_child (GTK_WINDOW (window), view);
      gtk_window_present (GTK_WINDOW (window));
      while (!gtk_widget_get_mapped (view) || gtk_widget_get_width (view) <= 0)
        g_main_context_iteration (NULL, TRUE);
      g_assert_cmpint (gtk_widget_get_scale_factor (view), ==, 2);

      g_assert_true (cheops_position_from_fen (&pos, variant, variant->start_fen, &error));
      studio_board_scene_set_position (scene, &pos, CHEOPS_MOVE_NONE);
      studio_test_spin_frames ();
      width = gtk_widget_get_width (view);
      height = gtk_widget_get_height (view);

      /* The widget's own frame, as the window renders it at scale 2. */
      paintable = gtk_widget_paintable_new (view);
      snapshot = gtk_snapshot_new ();
      gtk_snapshot_scale (snapshot, 2, 2);
      gdk_paintable_snapshot (paintable, snapshot, width, height);
      node = gtk_snapshot_free_to_node (snapshot);
      g_assert_nonnull (node);
      texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                             &GRAPHENE_RECT_INIT (0, 0, width * 2, height * 2));

      crisp = draw_board (STUDIO_BOARD_VIEW (view), width, height, 2);
      blurred = draw_board (STUDIO_BOARD_VIEW (view), width, height, 1);
      to_crisp = mean_difference (texture, crisp);
      to_blurred = mean_difference (texture, blurred);
      g_test_message ("%s %d×%d: %.3f from the board drawn at 2, %.3f from the board drawn at 1 and scaled",
                      variant->name, width, height, to_crisp, to_blurred);
      g_assert_cmpfloat (to_crisp, <, 0.5);
      g_assert_cmpfloat (to_crisp * 4, <, to_blurred);

      cairo_surface_destroy (crisp);
      cairo_surface_destroy (blurred);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("GDK_SCALE", "2", TRUE);
  studio_test_init (&argc, &argv);

  g_test_add_func ("/hidpi/board-scale-2", test_board_scale_2);

  return g_test_run ();
}
