/* test-export-diagram.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Export Diagram… and Copy Diagram in the studio, under a display
 * (xvfb-run), for each of the four games: the dialog offers the move as
 * the caption (a problem's stipulation instead when the game has one) and
 * the board's flip; it writes an SVG that parses (GMarkup) with the width
 * asked and vector paths, and a PNG of the width asked and the height of
 * cheops_diagram_get_size(); Copy Diagram puts a 720-pixel texture on the
 * clipboard.
 */
#include "studio-config.h"

#include <stdlib.h>
#include <string.h>

#include <adwaita.h>
#include <cairo.h>
#include <glib/gstdio.h>

#include "cheops-core.h"
#include "cheops-game.h"
#include "studio-board-theme.h"
#include "studio-diagram-dialog.h"
#include "studio-palette.h"
#include "studio-document.h"
#include "studio-test-util.h"
#include "studio-window.h"
#include "studio-window-private.h"

typedef struct {
  char  *root;
  char  *width;
  guint  n_paths;
} SvgStats;

static void
svg_start (GMarkupParseContext  *context,
           const char           *element,
           const char          **names,
           const char          **values,
           gpointer              data,
           GError              **error)
{
  SvgStats *stats = data;

  if (stats->root == NULL)
    {
      stats->root = g_strdup (element);
      for (guint i = 0; names[i] != NULL; i++)
        if (strcmp (names[i], "width") == 0)
          stats->width = g_strdup (values[i]);
    }
  if (strcmp (element, "path") == 0)
    stats->n_paths++;
}

static void
parse_svg (const char *path,
           SvgStats   *stats)
{
  static const GMarkupParser parser = { svg_start, NULL, NULL, NULL, NULL };
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GMarkupParseContext) context = NULL;

  memset (stats, 0, sizeof *stats);
  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (text, "<?xml"));
  context = g_markup_parse_context_new (&parser, 0, stats, NULL);
  g_assert_true (g_markup_parse_context_parse (context, strstr (text, "?>") + 2, -1, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
}

static void
test_export (gconstpointer data)
{
  const CheopsVariant *variant = data;
  StudioWindow *window = studio_window_new (NULL);
  StudioDocument *document = studio_window_get_document (window);
  g_autofree char *dir = g_dir_make_tmp ("studio-diagram-XXXXXX", NULL);
  g_autofree char *svg = g_build_filename (dir, "d.svg", NULL);
  g_autofree char *png = g_build_filename (dir, "d.png", NULL);
  g_autofree char *expected_caption = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsAnnotations) shapes = cheops_annotations_new ();
  CheopsArrow arrow = { CHEOPS_MARK_GREEN, 0, 1 };
  StudioDiagramDialog *dialog;
  CheopsGameNode *node;
  CheopsGame *game;
  CheopsDiagram diagram = { 0 };
  cairo_surface_t *image;
  SvgStats stats;
  int height;

  /* Each game's test starts from the default format (another's may
   * have chosen PNG: remembered, test_remembered()). */
  {
    g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");

    g_settings_reset (settings, "diagram-format");
  }
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", variant->name);
  game = studio_document_get_game (document);
  g_assert_true (cheops_game_get_variant (game) == variant);
  for (guint i = 0; i < 3; i++)
    {
      guint n;
      const CheopsMove *moves = cheops_game_node_get_moves (studio_document_get_current (document), &n);

      g_assert_cmpuint (n, >, 0);
      g_assert_nonnull (studio_document_play_move (document, moves[0], &error));
      g_assert_no_error (error);
    }
  node = studio_document_get_current (document);
  g_array_append_val (shapes->arrows, arrow);
  cheops_game_set_annotations (game, node, shapes);
  studio_board_scene_set_flipped (window->scene, TRUE);

  /* The dialog starts as the board shows the move. */
  dialog = STUDIO_DIAGRAM_DIALOG (studio_diagram_dialog_new (window));
  expected_caption = cheops_game_node_format_move (node, TRUE);
  g_assert_cmpstr (studio_diagram_dialog_get_caption (dialog), ==, expected_caption);
  g_assert_cmpint (studio_diagram_dialog_get_format (dialog), ==, CHEOPS_DIAGRAM_SVG);
  g_assert_cmpint (studio_diagram_dialog_get_size (dialog), ==, 480);
  g_assert_true (studio_diagram_dialog_get_flipped (dialog));

  studio_diagram_dialog_set_size (dialog, 400);
  g_assert_true (studio_diagram_dialog_export (dialog, svg, &error));
  g_assert_no_error (error);
  parse_svg (svg, &stats);
  g_assert_cmpstr (stats.root, ==, "svg");
  g_assert_cmpstr (stats.width, ==, "400px");
  g_assert_cmpuint (stats.n_paths, >, 10);
  g_free (stats.root);
  g_free (stats.width);

  studio_diagram_dialog_set_format (dialog, CHEOPS_DIAGRAM_PNG);
  studio_diagram_dialog_set_size (dialog, 333);
  studio_diagram_dialog_set_caption (dialog, "A caption");
  g_assert_true (studio_diagram_dialog_export (dialog, png, &error));
  g_assert_no_error (error);
  diagram.position = cheops_game_node_get_position (node);
  diagram.caption = "A caption";
  cheops_diagram_get_size (&diagram, 333, &height);
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 333);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, height);
  cairo_surface_destroy (image);
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* A problem: its stipulation is the caption. */
  g_assert_true (cheops_game_set_tag (game, "Stipulation", "#2", NULL));
  {
    g_autofree char *caption = studio_window_dup_diagram_caption (window);

    g_assert_cmpstr (caption, ==, "#2");
  }

  /* Copy Diagram: a texture 720 pixels wide on the clipboard. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-diagram", NULL);
  {
    GdkContentProvider *content = gdk_clipboard_get_content (gtk_widget_get_clipboard (GTK_WIDGET (window)));
    GValue value = G_VALUE_INIT;
    GdkTexture *texture;

    g_assert_nonnull (content);
    g_value_init (&value, GDK_TYPE_TEXTURE);
    g_assert_true (gdk_content_provider_get_value (content, &value, &error));
    g_assert_no_error (error);
    texture = g_value_get_object (&value);
    g_assert_cmpint (gdk_texture_get_width (texture), ==, 720);
    diagram.caption = NULL;
    cheops_diagram_get_size (&diagram, 720, &height);
    g_assert_cmpint (gdk_texture_get_height (texture), ==, height);
    g_value_unset (&value);
  }

  g_remove (svg);
  g_remove (png);
  g_rmdir (dir);
  studio_test_spin_frames ();
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The pixels of @path (a PNG) within 1 of @rgb (0..1 RGB). */
static guint
count_pixels (const char   *path,
              const double  rgb[3])
{
  cairo_surface_t *image = cairo_image_surface_create_from_png (path);
  const guchar *data;
  int stride;
  guint n = 0;

  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_flush (image);
  data = cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image);
  for (int y = 0; y < cairo_image_surface_get_height (image); y++)
    for (int x = 0; x < cairo_image_surface_get_width (image); x++)
      {
        guint32 p = *(const guint32 *) (data + y * stride + x * 4);

        if (abs ((int) ((p >> 16) & 0xff) - (int) (rgb[0] * 255 + 0.5)) <= 1 &&
            abs ((int) ((p >> 8) & 0xff) - (int) (rgb[1] * 255 + 0.5)) <= 1 &&
            abs ((int) (p & 0xff) - (int) (rgb[2] * 255 + 0.5)) <= 1)
          n++;
      }
  cairo_surface_destroy (image);
  return n;
}

/* Issue 21: Export Diagram draws the board in the board's theme (the key
 * board-theme), and offers the format last chosen (the key
 * diagram-format). */
static void
test_remembered (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  StudioWindow *window = studio_window_new (NULL);
  g_autofree char *dir = g_dir_make_tmp ("studio-diagram-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "d.png", NULL);
  g_autoptr(GError) error = NULL;
  StudioDiagramDialog *dialog;
  double light[3];

  g_settings_reset (settings, "diagram-format");
  gtk_window_present (GTK_WINDOW (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", "cheops");

  /* PNG chosen: the next dialog offers PNG. */
  dialog = STUDIO_DIAGRAM_DIALOG (studio_diagram_dialog_new (window));
  g_assert_cmpint (studio_diagram_dialog_get_format (dialog), ==, CHEOPS_DIAGRAM_SVG);
  studio_diagram_dialog_set_format (dialog, CHEOPS_DIAGRAM_PNG);
  gtk_window_destroy (GTK_WINDOW (dialog));
  dialog = STUDIO_DIAGRAM_DIALOG (studio_diagram_dialog_new (window));
  g_assert_cmpint (studio_diagram_dialog_get_format (dialog), ==, CHEOPS_DIAGRAM_PNG);

  /* The Blue theme: its light shade in the picture; none in the default
   * theme's. */
  studio_board_theme_shade_rgb (STUDIO_BOARD_THEME_BLUE, cheops_variant_cheops.board, 0, FALSE, light);
  {
    double other[3];

    studio_board_theme_shade_rgb (STUDIO_BOARD_THEME_BLUE, cheops_variant_cheops.board, 1, FALSE, other);
    if (studio_palette_luminance (other) > studio_palette_luminance (light))
      memcpy (light, other, sizeof light);
  }
  g_assert_true (studio_diagram_dialog_export (dialog, png, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (count_pixels (png, light), <, 50);
  g_settings_set_string (settings, "board-theme", "blue");
  g_assert_true (studio_diagram_dialog_export (dialog, png, &error));
  g_assert_no_error (error);
  g_test_message ("pixels of the Blue theme's light shade: %u", count_pixels (png, light));
  g_assert_cmpuint (count_pixels (png, light), >, 1000);
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_settings_reset (settings, "board-theme");
  g_settings_reset (settings, "diagram-format");
  g_remove (png);
  g_rmdir (dir);
  studio_test_spin_frames ();
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);

  for (guint i = 0; cheops_variants[i] != NULL; i++)
    {
      g_autofree char *path = g_strdup_printf ("/Studio/Diagram/%s", cheops_variants[i]->name);

      g_test_add_data_func (path, cheops_variants[i], test_export);
    }

  g_test_add_func ("/Studio/Diagram/remembered", test_remembered);

  return g_test_run ();
}
