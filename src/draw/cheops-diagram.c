/* cheops-diagram.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CheopsDiagram: a position drawn for print (see cheops-diagram.h).  The
 * board is drawn by CheopsBoardPainter, the very code of the studio's
 * board, on a white ground with dark ink for the labels and the caption:
 * cells, coordinates, the last move's tint, check, the pieces with their
 * flags, the pockets of a variant with drops, then the node's arrows and
 * cell marks.  Pieces are drawn as paths (cheops_draw_piece_mark()), so an
 * SVG holds vector paths for every piece.  Text (the labels, the caption)
 * goes through Pango; cairo's SVG surface writes glyphs as outlines
 * (<symbol> paths used by <use>), as it has no <text> output — text stays
 * sharp at any scale but is not selectable.
 */
#define G_LOG_DOMAIN "cheops-diagram"

#include <math.h>
#include <string.h>

#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include "cheops-board-painter.h"
#include "cheops-file-write.h"
#include "cheops-diagram.h"

/* The ink of labels and caption, and the ground. */
static const double ink[3] = { 0.14, 0.14, 0.16 };

/* The caption's font size and the room around it, per pixel of width. */
#define CAPTION_SIZE 0.038
#define CAPTION_PAD  0.02

/**
 * cheops_diagram_format_from_name:
 * @filename: a file name
 * @format: (out): the format its extension names
 *
 * Reads the format from the name's extension, ".svg" or ".png" (any case).
 *
 * Returns: FALSE for any other name
 */
gboolean
cheops_diagram_format_from_name (const char          *filename,
                                 CheopsDiagramFormat *format)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (filename != NULL && format != NULL, FALSE);

  lower = g_ascii_strdown (filename, -1);
  if (g_str_has_suffix (lower, ".svg"))
    *format = CHEOPS_DIAGRAM_SVG;
  else if (g_str_has_suffix (lower, ".png"))
    *format = CHEOPS_DIAGRAM_PNG;
  else
    return FALSE;
  return TRUE;
}

static PangoLayout *
caption_layout (cairo_t    *cr,
                const char *caption,
                int         width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_new ();
  double pad = MAX (4.0, width * CAPTION_PAD);

  pango_font_description_set_family (font, "Cantarell, sans-serif");
  pango_font_description_set_absolute_size (font, MAX (8.0, width * CAPTION_SIZE) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_width (layout, (int) MAX (1.0, (width - 2 * pad)) * PANGO_SCALE);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_text (layout, caption, -1);
  return layout;
}

/* The height of the board's part: the board's own proportions. */
static int
board_height (const CheopsDiagram *diagram,
              int                  width)
{
  double w, h;

  cheops_board_painter_extent (diagram->position->variant, &w, &h);
  return MAX (1, (int) ceil (width * h / w));
}

/* The caption's height, with its room, 0 without a caption. */
static int
caption_height (const CheopsDiagram *diagram,
                int                  width)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  PangoLayout *layout;
  int w, h;

  if (diagram->caption == NULL || diagram->caption[0] == '\0')
    return 0;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  layout = caption_layout (cr, diagram->caption, width);
  pango_layout_get_pixel_size (layout, &w, &h);
  g_object_unref (layout);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  return h + (int) ceil (MAX (4.0, width * CAPTION_PAD));
}

/**
 * cheops_diagram_get_size:
 * @diagram: what to draw
 * @width: the diagram's width, in pixels (PNG) or CSS pixels (SVG), > 0
 * @height: (out): its height: the board's part in the board's own
 *   proportions (labels and pockets included), and the caption's lines
 */
void
cheops_diagram_get_size (const CheopsDiagram *diagram,
                         int                  width,
                         int                 *height)
{
  g_return_if_fail (diagram != NULL && diagram->position != NULL && width > 0 && height != NULL);

  *height = board_height (diagram, width) + caption_height (diagram, width);
}

/**
 * cheops_diagram_draw:
 * @diagram: what to draw
 * @cr: a Cairo context, its user units pixels
 * @width: the width to draw at; the height is cheops_diagram_get_size()'s
 *
 * Draws the diagram at (0, 0) on a white ground.
 */
void
cheops_diagram_draw (const CheopsDiagram *diagram,
                     cairo_t             *cr,
                     int                  width)
{
  const CheopsPosition *pos;
  CheopsBoardPainter painter = { 0 };
  int height, board_h;

  g_return_if_fail (diagram != NULL && diagram->position != NULL && cr != NULL && width > 0);

  pos = diagram->position;
  board_h = board_height (diagram, width);
  cheops_diagram_get_size (diagram, width, &height);

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill (cr);

  painter.first_side = diagram->first_side;
  if (diagram->style != NULL)
    painter.style = *diagram->style;
  cheops_board_painter_layout (&painter, pos->variant, diagram->flipped, width, board_h);
  cheops_board_painter_draw_cells (&painter, cr);
  cheops_board_painter_draw_coordinates (&painter, cr, ink);
  cheops_board_painter_draw_last_move (&painter, cr, diagram->last_move);
  if (cheops_position_in_check (pos))
    cheops_board_painter_draw_check (&painter, cr, pos->king[pos->side_to_move], FALSE);
  cheops_board_painter_draw_pieces (&painter, cr, pos);
  cheops_board_painter_draw_pockets (&painter, cr, pos, ink, CHEOPS_NO_PIECE_TYPE, FALSE, NULL, NULL);

  if (diagram->annotations != NULL)
    {
      const CheopsAnnotations *a = diagram->annotations;
      int n_cells = pos->variant->board->n_cells;

      for (guint i = 0; i < a->marks->len; i++)
        {
          const CheopsCellMark *mark = &g_array_index (a->marks, CheopsCellMark, i);

          if (mark->cell < n_cells)
            cheops_board_painter_draw_arrow (&painter, cr, mark->cell, mark->cell, mark->colour, 1.0, 0.8, FALSE);
        }
      for (guint i = 0; i < a->arrows->len; i++)
        {
          const CheopsArrow *arrow = &g_array_index (a->arrows, CheopsArrow, i);

          if (arrow->from < n_cells && arrow->to < n_cells)
            cheops_board_painter_draw_arrow (&painter, cr, arrow->from, arrow->to, arrow->colour, 1.0, 0.8, FALSE);
        }
    }

  if (diagram->caption != NULL && diagram->caption[0] != '\0')
    {
      PangoLayout *layout = caption_layout (cr, diagram->caption, width);
      double pad = MAX (4.0, width * CAPTION_PAD);

      cairo_move_to (cr, pad, board_h);
      cairo_set_source_rgb (cr, ink[0], ink[1], ink[2]);
      pango_cairo_show_layout (cr, layout);
      g_object_unref (layout);
    }
  cairo_restore (cr);
}

/**
 * cheops_diagram_render_image:
 * @diagram: what to draw
 * @width: the image's width in pixels, > 0
 *
 * Returns: (transfer full): an ARGB32 image surface of @width ×
 *   cheops_diagram_get_size() pixels holding the diagram (check its
 *   status: cairo reports a failed allocation there)
 */
cairo_surface_t *
cheops_diagram_render_image (const CheopsDiagram *diagram,
                             int                  width)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  int height;

  g_return_val_if_fail (diagram != NULL && diagram->position != NULL && width > 0, NULL);

  cheops_diagram_get_size (diagram, width, &height);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  if (cairo_surface_status (surface) != CAIRO_STATUS_SUCCESS)
    return surface;
  cr = cairo_create (surface);
  cheops_diagram_draw (diagram, cr, width);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static gboolean
check_status (cairo_status_t  status,
              const char     *filename,
              GError        **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, G_FILE_ERROR, status == CAIRO_STATUS_WRITE_ERROR ? G_FILE_ERROR_IO : G_FILE_ERROR_FAILED,
               "%s: %s", filename, cairo_status_to_string (status));
  return FALSE;
}

/* A cairo_write_func_t: appends to a GByteArray. */
static cairo_status_t
append_to_bytes (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/**
 * cheops_diagram_write:
 * @diagram: what to draw
 * @format: SVG (vector paths) or PNG
 * @width: the width, in pixels (an SVG's in CSS pixels: its width
 *   attribute), 16 .. 8192
 * @filename: the file to write (replaced atomically: a symbolic link is
 *   written through, the old file's permissions are kept)
 * @error: a G_FILE_ERROR_INVAL for a width out of range, a G_FILE_ERROR
 *   with cairo's reason when drawing fails, or the G_IO_ERROR of
 *   cheops_file_write_atomic() when the file cannot be written (a full
 *   disk: the old file is unchanged)
 *
 * Writes the diagram to @filename, by cheops_file_write_atomic().
 *
 * Returns: whether it was written
 */
gboolean
cheops_diagram_write (const CheopsDiagram *diagram,
                      CheopsDiagramFormat  format,
                      int                  width,
                      const char          *filename,
                      GError             **error)
{
  cairo_surface_t *surface;
  cairo_status_t status;
  GByteArray *out;
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (diagram != NULL && diagram->position != NULL, FALSE);
  g_return_val_if_fail (filename != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (width < 16 || width > 8192)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: the width %d is not in 16..8192", filename, width);
      return FALSE;
    }

  /* Drawn into memory, then written by the one rule for files
   * (cheops_file_write_atomic()): a failed write leaves the old file
   * whole (cairo wrote straight to it: a full disk destroyed it, issue 25). */
  out = g_byte_array_new ();
  if (format == CHEOPS_DIAGRAM_SVG)
    {
      cairo_t *cr;
      int height;

      cheops_diagram_get_size (diagram, width, &height);
      surface = cairo_svg_surface_create_for_stream (append_to_bytes, out, width, height);
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
      cr = cairo_create (surface);
      cheops_diagram_draw (diagram, cr, width);
      status = cairo_status (cr);
      cairo_destroy (cr);
      cairo_surface_finish (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_status (surface);
      cairo_surface_destroy (surface);
    }
  else
    {
      surface = cheops_diagram_render_image (diagram, width);
      status = cairo_surface_status (surface);
      if (status == CAIRO_STATUS_SUCCESS)
        status = cairo_surface_write_to_png_stream (surface, append_to_bytes, out);
      cairo_surface_destroy (surface);
    }
  bytes = g_byte_array_free_to_bytes (out);
  if (!check_status (status, filename, error))
    return FALSE;
  return cheops_file_write_atomic (filename, bytes, CHEOPS_FILE_WRITE_NONE, NULL, error);
}
