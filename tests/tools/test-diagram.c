/* test-diagram.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Diagrams (cheops-diagram.h) and `cheops diagram`, for each of the four
 * games, without a display: an SVG parses as XML (GMarkup), is an <svg> of
 * the width asked, and draws the board and every piece as vector paths; a
 * turned board, an arrow and a cell mark change the drawing; a PNG reads
 * back (cairo_image_surface_create_from_png) at the width asked and the
 * height of cheops_diagram_get_size(), a caption making it taller; the
 * command writes both and refuses a bad name, FEN, size or cell.
 */
#include <string.h>

#include <cairo.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "cheops-core.h"
#include "cheops-diagram.h"
#include "cheops-game-model.h"

typedef struct {
  char  *root;
  char  *width;
  guint  n_paths;
  guint  n_elements;
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
  stats->n_elements++;
}

/* Parses @path as XML (a GMarkup parse fails on anything that is not
 * well-formed) and counts its elements. */
static void
parse_svg (const char *path,
           SvgStats   *stats)
{
  static const GMarkupParser parser = { svg_start, NULL, NULL, NULL, NULL };
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GMarkupParseContext) context = NULL;
  gsize length;
  const char *body;

  memset (stats, 0, sizeof *stats);
  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  g_assert_no_error (error);
  /* GMarkup reads no XML declaration: skip it. */
  g_assert_true (g_str_has_prefix (text, "<?xml"));
  body = strstr (text, "?>") + 2;
  context = g_markup_parse_context_new (&parser, 0, stats, NULL);
  g_assert_true (g_markup_parse_context_parse (context, body, -1, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
}

static void
svg_stats_clear (SvgStats *stats)
{
  g_free (stats->root);
  g_free (stats->width);
}

static guint
n_pieces (const CheopsPosition *pos)
{
  guint n = 0;

  for (CheopsCell cell = 0; cell < pos->variant->board->n_cells; cell++)
    if (pos->board[cell] != CHEOPS_NO_PIECE)
      n++;
  return n;
}

static CheopsAnnotations *
shapes_for (const CheopsVariant *variant)
{
  CheopsAnnotations *annotations = cheops_annotations_new ();
  CheopsArrow arrow = { CHEOPS_MARK_RED, 0, variant->board->n_cells - 1 };
  CheopsCellMark mark = { CHEOPS_MARK_BLUE, variant->board->n_cells / 2 };

  g_array_append_val (annotations->arrows, arrow);
  g_array_append_val (annotations->marks, mark);
  return annotations;
}

static void
test_svg (gconstpointer data)
{
  const CheopsVariant *variant = data;
  g_autofree char *dir = g_dir_make_tmp ("cheops-diagram-XXXXXX", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain.svg", NULL);
  g_autofree char *turned = g_build_filename (dir, "turned.svg", NULL);
  g_autofree char *marked = g_build_filename (dir, "marked.svg", NULL);
  g_autofree char *text_plain = NULL, *text_turned = NULL, *text_marked = NULL;
  g_autoptr(CheopsAnnotations) shapes = shapes_for (variant);
  g_autoptr(GError) error = NULL;
  CheopsPosition pos;
  CheopsDiagram diagram = { 0 };
  SvgStats stats, marked_stats;

  g_assert_true (cheops_position_from_fen (&pos, variant, variant->start_fen, NULL));
  diagram.position = &pos;

  g_assert_true (cheops_diagram_write (&diagram, CHEOPS_DIAGRAM_SVG, 480, plain, &error));
  g_assert_no_error (error);
  parse_svg (plain, &stats);
  g_assert_cmpstr (stats.root, ==, "svg");
  g_assert_cmpstr (stats.width, ==, "480px");
  /* Each piece is a disc path at least; the cells and outline add more. */
  g_assert_cmpuint (stats.n_paths, >, n_pieces (&pos));

  diagram.flipped = TRUE;
  g_assert_true (cheops_diagram_write (&diagram, CHEOPS_DIAGRAM_SVG, 480, turned, &error));
  g_assert_no_error (error);
  diagram.flipped = FALSE;
  diagram.annotations = shapes;
  g_assert_true (cheops_diagram_write (&diagram, CHEOPS_DIAGRAM_SVG, 480, marked, &error));
  g_assert_no_error (error);
  parse_svg (marked, &marked_stats);
  /* The arrow (its light edge and its body) and the ring: three paths
   * more. */
  g_assert_cmpuint (marked_stats.n_paths, ==, stats.n_paths + 3);

  g_assert_true (g_file_get_contents (plain, &text_plain, NULL, NULL));
  g_assert_true (g_file_get_contents (turned, &text_turned, NULL, NULL));
  g_assert_true (g_file_get_contents (marked, &text_marked, NULL, NULL));
  g_assert_cmpstr (text_plain, !=, text_turned);
  g_assert_cmpstr (text_plain, !=, text_marked);

  svg_stats_clear (&stats);
  svg_stats_clear (&marked_stats);
  g_remove (plain);
  g_remove (turned);
  g_remove (marked);
  g_rmdir (dir);
}

static void
test_png (gconstpointer data)
{
  const CheopsVariant *variant = data;
  g_autofree char *dir = g_dir_make_tmp ("cheops-diagram-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "d.png", NULL);
  g_autoptr(GError) error = NULL;
  CheopsPosition pos;
  CheopsDiagram diagram = { 0 };
  cairo_surface_t *image;
  int height, captioned_height;

  g_assert_true (cheops_position_from_fen (&pos, variant, variant->start_fen, NULL));
  diagram.position = &pos;
  cheops_diagram_get_size (&diagram, 300, &height);
  g_assert_cmpint (height, >, 100);
  diagram.caption = "Caption · 1. line\nand a second line";
  cheops_diagram_get_size (&diagram, 300, &captioned_height);
  g_assert_cmpint (captioned_height, >, height + 20);

  g_assert_true (cheops_diagram_write (&diagram, CHEOPS_DIAGRAM_PNG, 300, path, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 300);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, captioned_height);
  cairo_surface_destroy (image);

  /* Another size: the width asked, the same proportions. */
  diagram.caption = NULL;
  g_assert_true (cheops_diagram_write (&diagram, CHEOPS_DIAGRAM_PNG, 600, path, &error));
  g_assert_no_error (error);
  image = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 600);
  g_assert_cmpint (abs (cairo_image_surface_get_height (image) - 2 * height), <=, 1);
  cairo_surface_destroy (image);

  /* A size out of range, a directory that does not exist. */
  g_assert_false (cheops_diagram_write (&diagram, CHEOPS_DIAGRAM_PNG, 8, path, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
  g_clear_error (&error);
  g_remove (path);
  g_rmdir (dir);
  g_assert_false (cheops_diagram_write (&diagram, CHEOPS_DIAGRAM_PNG, 300, path, &error));
  g_assert_nonnull (error);
}

/* The image in memory (the studio's clipboard copy) is the PNG's. */
static void
test_image (gconstpointer data)
{
  const CheopsVariant *variant = data;
  g_autoptr(CheopsAnnotations) shapes = shapes_for (variant);
  CheopsPosition pos;
  CheopsDiagram diagram = { 0 };
  cairo_surface_t *plain, *marked;
  int height;
  gboolean differ = FALSE;

  g_assert_true (cheops_position_from_fen (&pos, variant, variant->start_fen, NULL));
  diagram.position = &pos;
  cheops_diagram_get_size (&diagram, 256, &height);
  plain = cheops_diagram_render_image (&diagram, 256);
  diagram.annotations = shapes;
  marked = cheops_diagram_render_image (&diagram, 256);
  g_assert_cmpint (cairo_image_surface_get_width (plain), ==, 256);
  g_assert_cmpint (cairo_image_surface_get_height (plain), ==, height);
  /* The ground is white: the top-left pixel, away from the board. */
  g_assert_cmphex (((guint32 *) cairo_image_surface_get_data (plain))[0], ==, 0xffffffff);
  for (int y = 0; y < height && !differ; y++)
    differ = memcmp (cairo_image_surface_get_data (plain) + y * cairo_image_surface_get_stride (plain),
                     cairo_image_surface_get_data (marked) + y * cairo_image_surface_get_stride (marked),
                     256 * 4) != 0;
  g_assert_true (differ);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (marked);
}

static int
run_tool (const char *const *args,
          char             **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  int status;

  g_ptr_array_add (argv, (gpointer) CHEOPS_TOOL_PATH);
  g_ptr_array_add (argv, (gpointer) "diagram");
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL,
                               NULL, err, &status, &error));
  g_assert_no_error (error);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static void
test_command (gconstpointer data)
{
  const CheopsVariant *variant = data;
  g_autofree char *dir = g_dir_make_tmp ("cheops-diagram-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "d.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "d.svg", NULL);
  g_autofree char *bad = g_build_filename (dir, "d.gif", NULL);
  g_autofree char *err = NULL;
  g_autofree char *cal = NULL;
  cairo_surface_t *image;
  CheopsPosition pos;
  CheopsDiagram diagram = { 0 };
  SvgStats stats;
  int height;

  g_assert_true (cheops_position_from_fen (&pos, variant, variant->start_fen, NULL));
  diagram.position = &pos;
  diagram.caption = "Study 1";
  cheops_diagram_get_size (&diagram, 320, &height);

  g_assert_cmpint (run_tool ((const char *[]) { "--variant", variant->name, "--fen", variant->start_fen,
                                                "--size", "320", "--caption", "Study 1", "--out", png, NULL },
                             &err), ==, 0);
  g_assert_cmpstr (err, ==, "");
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 320);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, height);
  cairo_surface_destroy (image);

  /* Arrows and marks named as the variant names its cells. */
  cal = g_strdup_printf ("R%s%s", cheops_variant_cell_name (variant, 0),
                         cheops_variant_cell_name (variant, variant->board->n_cells - 1));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool ((const char *[]) { "--variant", variant->name, "--flip", "--cal", cal,
                                                "--out", svg, NULL }, &err), ==, 0);
  parse_svg (svg, &stats);
  g_assert_cmpstr (stats.root, ==, "svg");
  g_assert_cmpstr (stats.width, ==, "480px");
  g_assert_cmpuint (stats.n_paths, >, n_pieces (&pos));
  svg_stats_clear (&stats);

  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool ((const char *[]) { "--variant", variant->name, "--out", bad, NULL }, &err), ==, 2);
  g_assert_true (g_str_has_suffix (err, ": the name must end in .svg or .png\n"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool ((const char *[]) { "--variant", variant->name, "--fen", "x", "--out", png, NULL },
                             &err), ==, 2);
  g_assert_true (g_str_has_prefix (err, "cheops diagram: bad FEN at column "));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool ((const char *[]) { "--size", "9", "--out", png, NULL }, &err), ==, 2);
  g_assert_cmpstr (err, ==, "cheops diagram: --size: expected a width in pixels from 16 to 8192, got '9'\n");
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_tool ((const char *[]) { "--variant", variant->name, "--csl", "Gzz99", "--out", png, NULL },
                             &err), ==, 2);
  g_assert_true (g_str_has_prefix (err, "cheops diagram: --csl: not cell marks of "));

  g_remove (png);
  g_remove (svg);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (guint i = 0; cheops_variants[i] != NULL; i++)
    {
      const CheopsVariant *variant = cheops_variants[i];
      g_autofree char *svg = g_strdup_printf ("/diagram/%s/svg", variant->name);
      g_autofree char *png = g_strdup_printf ("/diagram/%s/png", variant->name);
      g_autofree char *image = g_strdup_printf ("/diagram/%s/image", variant->name);
      g_autofree char *command = g_strdup_printf ("/diagram/%s/command", variant->name);

      g_test_add_data_func (svg, variant, test_svg);
      g_test_add_data_func (png, variant, test_png);
      g_test_add_data_func (image, variant, test_image);
      g_test_add_data_func (command, variant, test_command);
    }

  return g_test_run ();
}
