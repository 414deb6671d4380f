/* cheops-board-painter.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CheopsBoardPainter: the board drawn with Cairo and Pango, without GTK
 * (see cheops-board-painter.h).  Board units are the variant's (x to the
 * right, y upward, true proportions); a unit is `scale` pixels, and the
 * layout fits the board's bounding box, the room for its labels
 * (CheopsBoardShape.margin) and the pockets of a variant with drops into
 * the rectangle.  A flip turns the board as the variant says (Cheops
 * mirrors it, others take a half turn).  Colours of the board are the
 * variant's; the text colour of the labels is the caller's (the widget's
 * CSS colour, or a diagram's ink).
 */
#define G_LOG_DOMAIN "cheops-board-painter"

#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "cheops-board-painter.h"

typedef struct {
  double r, g, b;
} Rgb;

/* The four colours of arrows and marks: G R Y B. */
static const Rgb brush_colours[] = {
  { 0.082, 0.471, 0.106 },   /* G */
  { 0.533, 0.125, 0.125 },   /* R */
  { 0.902, 0.561, 0.000 },   /* Y */
  { 0.000, 0.188, 0.533 },   /* B */
};

static void
set_rgb (cairo_t   *cr,
         const Rgb *rgb,
         double     alpha)
{
  cairo_set_source_rgba (cr, rgb->r, rgb->g, rgb->b, alpha);
}

/**
 * cheops_board_painter_brush_rgb:
 * @brush: 0..3: green, red, yellow, blue
 * @rgb: (out): its colour, 0..1
 */
void
cheops_board_painter_brush_rgb (guint  brush,
                                double rgb[3])
{
  const Rgb *c = &brush_colours[MIN (brush, G_N_ELEMENTS (brush_colours) - 1)];

  rgb[0] = c->r;
  rgb[1] = c->g;
  rgb[2] = c->b;
}

/* The distance from a cell's centre to the nearest of its edges. */
static double
cell_inradius (const CheopsCellInfo *info)
{
  double best = G_MAXDOUBLE;

  for (guint i = 0; i < info->n_corners; i++)
    {
      const CheopsPoint *a = &info->corners[i];
      const CheopsPoint *b = &info->corners[(i + 1) % info->n_corners];
      double len = hypot (b->x - a->x, b->y - a->y);
      double d;

      if (len <= 0)
        continue;
      d = fabs ((b->x - a->x) * (a->y - info->centre.y) - (a->x - info->centre.x) * (b->y - a->y)) / len;
      best = MIN (best, d);
    }
  return best;
}

static double
board_label_size (const CheopsBoardShape *board,
                  double                  inradius)
{
  return board->label_size > 0 ? board->label_size : 0.73 * inradius;
}

/* The room around the bounding box for the labels: left, bottom, right,
 * top, in board units. */
static void
board_margins (const CheopsBoardShape *board,
               double                  inradius,
               double                  margin[4])
{
  double size = board_label_size (board, inradius);

  if (board->margin[0] > 0 || board->margin[1] > 0 || board->margin[2] > 0 || board->margin[3] > 0)
    {
      memcpy (margin, board->margin, 4 * sizeof (double));
      return;
    }

  for (guint i = 0; i < 4; i++)
    margin[i] = size;
  for (int i = 0; i < board->n_labels; i++)
    {
      const CheopsPoint *at = &board->labels[i].at;

      margin[0] = MAX (margin[0], board->min.x - at->x + size);
      margin[1] = MAX (margin[1], board->min.y - at->y + size);
      margin[2] = MAX (margin[2], at->x - board->max.x + size);
      margin[3] = MAX (margin[3], at->y - board->max.y + size);
    }
}


/**
 * cheops_board_painter_layout:
 * @self: the painter to fill
 * @variant: the variant whose board is drawn
 * @flipped: whether the board is turned (CheopsBoardShape.flip says how)
 * @width: the rectangle's width, in pixels
 * @height: its height
 *
 * Lays @variant's board out in a @width × @height rectangle at (0, 0): as
 * large as fits with its labels and, for a variant with drops, its pockets
 * on the right.  The first colour is side A's until @self->first_side is
 * set otherwise (a Cheops game's GreenCorner, 6.2).
 */
void
cheops_board_painter_layout (CheopsBoardPainter  *self,
                             const CheopsVariant *variant,
                             gboolean             flipped,
                             double               width,
                             double               height)
{
  const CheopsBoardShape *board;
  double margin[4];
  double board_w, board_h, total_w, total_h;

  g_return_if_fail (self != NULL && variant != NULL);

  board = variant->board;
  if (self->variant != variant || self->inradius_units <= 0)
    {
      self->inradius_units = G_MAXDOUBLE;
      for (int c = 0; c < board->n_cells; c++)
        self->inradius_units = MIN (self->inradius_units, cell_inradius (&board->cells[c]));
    }
  self->variant = variant;
  self->flipped = flipped;

  board_margins (board, self->inradius_units, margin);
  board_w = board->max.x - board->min.x;
  board_h = board->max.y - board->min.y;
  /* The pockets' column: a slot a little wider than a piece, and a gap. */
  self->pocket_slot_units = 2.5 * self->inradius_units;
  self->pocket_units = cheops_board_painter_n_pocket_kinds (variant) > 0 ? self->pocket_slot_units * 1.3 : 0;
  /* A mirrored board keeps its labels' sides; a turned one swaps them. */
  total_w = board_w + (margin[0] + margin[2]) + self->pocket_units;
  total_h = board_h + margin[3] + margin[1];

  self->scale = MIN (width / total_w, height / total_h);
  self->origin_x = (width - board_w * self->scale) / 2.0 - board->min.x * self->scale;
  if (margin[0] != margin[2])
    self->origin_x += (margin[0] - margin[2]) / 2.0 * self->scale;
  self->origin_x -= self->pocket_units / 2.0 * self->scale;
  self->pocket_x = self->origin_x + (board->max.x + margin[2] + self->pocket_units / 2.0) * self->scale;
  self->origin_y = (height - total_h * self->scale) / 2.0 + margin[3] * self->scale + board_h * self->scale
                   + board->min.y * self->scale;
}

/**
 * cheops_board_painter_extent:
 * @variant: a variant
 * @width: (out): the width its layout needs, in board units: the board,
 *   the room for its labels and its pockets
 * @height: (out): the height it needs
 *
 * For a drawing of the board's own proportions (a diagram): a rectangle
 * of @width × @height times any scale holds the board without margins.
 */
void
cheops_board_painter_extent (const CheopsVariant *variant,
                             double              *width,
                             double              *height)
{
  const CheopsBoardShape *board = variant->board;
  CheopsBoardPainter probe = { 0 };
  double margin[4];

  cheops_board_painter_layout (&probe, variant, FALSE, 1000.0, 1000.0);
  board_margins (board, probe.inradius_units, margin);
  *width = board->max.x - board->min.x + margin[0] + margin[2] + probe.pocket_units;
  *height = board->max.y - board->min.y + margin[1] + margin[3];
}

/**
 * cheops_board_painter_to_pixels:
 * @self: a laid-out painter
 * @bx: a board point's x, in board units
 * @by: its y
 * @px: (out): its x in pixels, honouring the flip
 * @py: (out): its y in pixels
 */
void
cheops_board_painter_to_pixels (const CheopsBoardPainter *self,
                                double                    bx,
                                double                    by,
                                double                   *px,
                                double                   *py)
{
  if (self->flipped)
    {
      const CheopsBoardShape *board = self->variant->board;

      bx = board->min.x + board->max.x - bx;
      if (board->flip == CHEOPS_FLIP_ROTATE)
        by = board->min.y + board->max.y - by;
    }

  *px = self->origin_x + bx * self->scale;
  *py = self->origin_y - by * self->scale;
}

/**
 * cheops_board_painter_to_board:
 * @self: a laid-out painter
 * @px: a pixel's x
 * @py: its y
 * @bx: (out): the board point there, in board units, honouring the flip
 * @by: (out): its y
 */
void
cheops_board_painter_to_board (const CheopsBoardPainter *self,
                               double                    px,
                               double                    py,
                               double                   *bx,
                               double                   *by)
{
  *bx = (px - self->origin_x) / self->scale;
  *by = (self->origin_y - py) / self->scale;
  if (self->flipped)
    {
      const CheopsBoardShape *board = self->variant->board;

      *bx = board->min.x + board->max.x - *bx;
      if (board->flip == CHEOPS_FLIP_ROTATE)
        *by = board->min.y + board->max.y - *by;
    }
}

/**
 * cheops_board_painter_cell_path:
 * @self: a laid-out painter
 * @cr: a Cairo context in the layout's pixels
 * @cell: a cell of the variant's board
 *
 * Adds @cell's polygon to @cr's path, closed.
 */
void
cheops_board_painter_cell_path (const CheopsBoardPainter *self,
                                cairo_t                  *cr,
                                CheopsCell                cell)
{
  const CheopsCellInfo *info = &self->variant->board->cells[cell];

  for (guint i = 0; i < info->n_corners; i++)
    {
      double px, py;

      cheops_board_painter_to_pixels (self, info->corners[i].x, info->corners[i].y, &px, &py);
      if (i == 0)
        cairo_move_to (cr, px, py);
      else
        cairo_line_to (cr, px, py);
    }
  cairo_close_path (cr);
}

/**
 * cheops_board_painter_center:
 * @self: a laid-out painter
 * @cell: a cell of the variant's board
 * @px: (out): the x of its centre (where its piece stands), in pixels
 * @py: (out): its y
 */
void
cheops_board_painter_center (const CheopsBoardPainter *self,
                             CheopsCell                cell,
                             double                   *px,
                             double                   *py)
{
  const CheopsCellInfo *info = &self->variant->board->cells[cell];

  cheops_board_painter_to_pixels (self, info->centre.x, info->centre.y, px, py);
}

/**
 * cheops_board_painter_inradius:
 * @self: a laid-out painter
 *
 * Returns: the radius of the smallest cell's inscribed circle, in pixels
 */
double
cheops_board_painter_inradius (const CheopsBoardPainter *self)
{
  return self->scale * self->inradius_units;
}

/**
 * cheops_board_painter_piece_radius:
 * @self: a laid-out painter
 *
 * Returns: the radius pieces are drawn at on the board, in pixels
 */
double
cheops_board_painter_piece_radius (const CheopsBoardPainter *self)
{
  return cheops_board_painter_inradius (self) * 0.84;
}

/**
 * cheops_board_painter_side_colours:
 * @self: a painter
 * @side: a side
 *
 * Returns: (transfer none): the colours @side is drawn in: the variant's
 *   first side's for @self->first_side, the second's for the other
 */
const CheopsSideInfo *
cheops_board_painter_side_colours (const CheopsBoardPainter *self,
                                   CheopsSide                side)
{
  return &self->variant->sides[side == self->first_side ? 0 : 1];
}

/**
 * cheops_board_painter_bottom_side:
 * @self: a painter
 *
 * Returns: the side whose pocket is at the bottom: side A's unless the
 *   board is turned a half turn
 */
CheopsSide
cheops_board_painter_bottom_side (const CheopsBoardPainter *self)
{
  return self->flipped && self->variant->board->flip == CHEOPS_FLIP_ROTATE ? CHEOPS_SIDE_B : CHEOPS_SIDE_A;
}

/**
 * cheops_board_painter_fill_cell:
 * @self: a laid-out painter
 * @cr: a Cairo context in the layout's pixels
 * @cell: a cell
 * @r: red, 0..1
 * @g: green
 * @b: blue
 * @a: opacity
 *
 * Fills @cell in a colour.
 */
void
cheops_board_painter_fill_cell (const CheopsBoardPainter *self,
                                cairo_t                  *cr,
                                CheopsCell                cell,
                                double r, double g, double b, double a)
{
  cheops_board_painter_cell_path (self, cr, cell);
  cairo_set_source_rgba (cr, r, g, b, a);
  cairo_fill (cr);
}

static void
draw_text_centered (cairo_t     *cr,
                    PangoLayout *layout,
                    const char  *text,
                    double       x,
                    double       y)
{
  int w, h;

  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_move_to (cr, x - w / 2.0, y - h / 2.0);
  pango_cairo_show_layout (cr, layout);
}

/* The cells of @zone's bit, in one path, each shrunk by @factor about its
 * centre. */
static void
cheops_board_painter_zone_path (const CheopsBoardPainter *self,
                                cairo_t                  *cr,
                                uint16_t                  bit,
                                double                    factor)
{
  const CheopsBoardShape *board = self->variant->board;

  for (CheopsCell cell = 0; cell < board->n_cells; cell++)
    {
      double cx, cy;

      if ((board->cells[cell].zones & bit) == 0)
        continue;
      if (factor == 1.0)
        {
          cheops_board_painter_cell_path (self, cr, cell);
          continue;
        }
      cheops_board_painter_center (self, cell, &cx, &cy);
      cairo_save (cr);
      cairo_translate (cr, cx, cy);
      cairo_scale (cr, factor, factor);
      cairo_translate (cr, -cx, -cy);
      cheops_board_painter_cell_path (self, cr, cell);
      cairo_restore (cr);
    }
}


/**
 * cheops_board_painter_draw_cells:
 * @self: a laid-out painter
 * @cr: a Cairo context in the layout's pixels
 *
 * Draws the board: the cells by shade, the zones by their style
 * (CheopsZoneInfo), and the outline, in the colours of @self->style.
 */
void
cheops_board_painter_draw_cells (const CheopsBoardPainter *self,
                                 cairo_t                  *cr)
{
  const CheopsBoardShape *board = self->variant->board;
  uint16_t tinted = 0;

  for (int z = 0; z < board->n_zones; z++)
    if (board->zones[z].style & CHEOPS_ZONE_STYLE_TINT)
      tinted |= board->zones[z].bit;

  /* One path per shade: a fill per shade instead of one per cell; a
   * tinted zone's cells are filled in its colour instead. */
  for (int shade = 0; shade < board->n_shades; shade++)
    {
      for (CheopsCell cell = 0; cell < board->n_cells; cell++)
        if (board->cells[cell].shade == shade && (board->cells[cell].zones & tinted) == 0)
          cheops_board_painter_cell_path (self, cr, cell);
      if (self->style.shade_rgb != NULL)
        {
          double rgb[3];

          self->style.shade_rgb (board, shade, rgb, self->style.data);
          cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
        }
      else
        cairo_set_source_rgb (cr, board->shade_rgb[shade][0], board->shade_rgb[shade][1], board->shade_rgb[shade][2]);
      cairo_fill (cr);
    }

  for (int z = 0; z < board->n_zones; z++)
    {
      const CheopsZoneInfo *zone = &board->zones[z];

      if ((zone->style & CHEOPS_ZONE_STYLE_TINT) == 0)
        continue;
      cheops_board_painter_zone_path (self, cr, zone->bit, 1.0);
      cairo_set_source_rgb (cr, zone->rgb[0], zone->rgb[1], zone->rgb[2]);
      cairo_fill (cr);
    }

  /* Outlined zones (Cheops's Apex, Gate and flanks, 2.5): a border
   * inside each cell's edges; dotted ones a small disc at the centre.
   * Zones of the same border colour share one stroke. */
  cairo_save (cr);
  cairo_set_line_width (cr, MAX (1.5, self->scale * 0.08));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (int z = 0; z < board->n_zones; z++)
    {
      const CheopsZoneInfo *zone = &board->zones[z];
      gboolean opaque = zone->outline_rgba[3] <= 0;

      if ((zone->style & CHEOPS_ZONE_STYLE_OUTLINE) == 0)
        continue;
      cheops_board_painter_zone_path (self, cr, zone->bit, 0.78);
      if (z + 1 < board->n_zones &&
          (board->zones[z + 1].style & CHEOPS_ZONE_STYLE_OUTLINE) &&
          memcmp (board->zones[z + 1].outline_rgba, zone->outline_rgba, sizeof zone->outline_rgba) == 0 &&
          (!opaque || memcmp (board->zones[z + 1].rgb, zone->rgb, sizeof zone->rgb) == 0))
        continue;
      if (opaque)
        cairo_set_source_rgb (cr, zone->rgb[0], zone->rgb[1], zone->rgb[2]);
      else
        cairo_set_source_rgba (cr, zone->outline_rgba[0], zone->outline_rgba[1], zone->outline_rgba[2],
                               zone->outline_rgba[3]);
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  for (int z = 0; z < board->n_zones; z++)
    {
      const CheopsZoneInfo *zone = &board->zones[z];

      if ((zone->style & CHEOPS_ZONE_STYLE_DOT) == 0)
        continue;
      for (CheopsCell cell = 0; cell < board->n_cells; cell++)
        if (board->cells[cell].zones & zone->bit)
          {
            double cx, cy;

            cheops_board_painter_center (self, cell, &cx, &cy);
            cairo_new_sub_path (cr);
            cairo_arc (cr, cx, cy, cheops_board_painter_inradius (self) * 0.16, 0, 2 * G_PI);
          }
      cairo_set_source_rgb (cr, zone->rgb[0], zone->rgb[1], zone->rgb[2]);
      cairo_fill (cr);
    }

  /* The board's outline. */
  for (int i = 0; i < board->n_outline; i++)
    {
      double px, py;

      cheops_board_painter_to_pixels (self, board->outline[i].x, board->outline[i].y, &px, &py);
      if (i == 0)
        cairo_move_to (cr, px, py);
      else
        cairo_line_to (cr, px, py);
    }
  cairo_close_path (cr);
  if (self->style.edge_rgb != NULL)
    {
      double rgb[3];

      self->style.edge_rgb (board, rgb, self->style.data);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
    }
  else
    cairo_set_source_rgb (cr, board->edge_rgb[0], board->edge_rgb[1], board->edge_rgb[2]);
  cairo_set_line_width (cr, MAX (1.0, self->scale * 0.06));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);
}


/* A polygon of @n points of @op, in units of @r. */
static void
mark_polygon (cairo_t            *cr,
              const CheopsMarkOp *op,
              double              r,
              gboolean            close)
{
  for (guint i = 0; i < op->n && i < CHEOPS_MARK_POINTS_MAX; i++)
    {
      if (i == 0)
        cairo_move_to (cr, op->pts[i][0] * r, op->pts[i][1] * r);
      else
        cairo_line_to (cr, op->pts[i][0] * r, op->pts[i][1] * r);
    }
  if (close)
    cairo_close_path (cr);
}

/**
 * cheops_board_painter_label_rgb:
 * @colours: a side's colours (an entry of a variant's sides[])
 * @text: (out): the colour of the marks and texts drawn on its pieces
 *   (a Pyramids stack's "31"), 0..1 RGB: white
 * @halo: (out): the outline around a text on its pieces: the side's
 *   outline colour, so that the text reads on a light disc as on a dark one
 */
void
cheops_board_painter_label_rgb (const CheopsSideInfo *colours,
                                double                text[3],
                                double                halo[3])
{
  g_return_if_fail (colours != NULL);

  text[0] = text[1] = text[2] = 1.0;
  memcpy (halo, colours->outline, 3 * sizeof (double));
}

/**
 * cheops_draw_piece_mark:
 * @cr: a Cairo context
 * @variant: the variant whose piece it is
 * @type: a piece kind of @variant (1 .. n_piece_types - 1)
 * @colours: the colours to draw it in: an entry of @variant's sides[]
 *   (which side has which is the scene's to say,
 *   cheops_board_painter_side_colours())
 * @cx: the centre, in @cr's user units (pixels on the board)
 * @cy: the centre, in @cr's user units
 * @radius: the mark's radius (its unit: a full disc, as Cheops's officers',
 *   has this radius), in the same units; the shadow and outline reach
 *   about 1.1 × @radius
 *
 * Draws the mark of a piece of kind @type (CheopsPieceInfo.mark: a list of
 * CheopsMarkOp ending with CHEOPS_MARK_END) as the board draws it, so that
 * other widgets (the set-up palette, the promotion popover) show the very
 * same pieces.  DISC draws the piece's disc, with a soft shadow and lit
 * from above, in @colours' fill with its outline, and the CUTOUT steps
 * right after it are cut out of it (even-odd); the other steps draw in
 * white: FILL a polygon filled and outlined, STROKE a polyline, SEGMENTS
 * separate segments, RING a circle, DOT a disc, TEXT a text (bold, outlined
 * in @colours' outline).  Does
 * nothing for a kind @variant does not have.
 */
void
cheops_draw_piece_mark (cairo_t              *cr,
                                   const CheopsVariant  *variant,
                                   CheopsPieceType       type,
                                   const CheopsSideInfo *colours,
                                   double                cx,
                                   double                cy,
                                   double                radius)
{
  const CheopsMarkOp *op;
  double r = radius;

  g_return_if_fail (variant != NULL && colours != NULL);

  if (type == CHEOPS_NO_PIECE_TYPE || type >= variant->n_piece_types || variant->pieces[type].mark == NULL)
    return;

  cairo_save (cr);
  cairo_translate (cr, cx, cy);

  for (op = variant->pieces[type].mark; op->op != CHEOPS_MARK_END; op++)
    {
      switch (op->op)
        {
        case CHEOPS_MARK_DISC:
          {
            const double *fill = colours->fill;
            double d = r * op->a;
            double lw = MAX (1.0, d * 0.11);
            cairo_pattern_t *pattern;

            /* A soft shadow under the disc. */
            cairo_arc (cr, 0, d * 0.08, d + lw * 0.5, 0, 2 * G_PI);
            cairo_set_source_rgba (cr, 0, 0, 0, 0.22);
            cairo_fill (cr);

            /* The disc, lit from above, with what is cut out of it. */
            pattern = cairo_pattern_create_linear (0, -d, 0, d);
            cairo_pattern_add_color_stop_rgb (pattern, 0.0,
                                              MIN (1.0, fill[0] * 1.12 + 0.06),
                                              MIN (1.0, fill[1] * 1.12 + 0.06),
                                              MIN (1.0, fill[2] * 1.12 + 0.06));
            cairo_pattern_add_color_stop_rgb (pattern, 1.0, fill[0] * 0.88, fill[1] * 0.88, fill[2] * 0.88);
            cairo_arc (cr, 0, 0, d, 0, 2 * G_PI);
            while (op[1].op == CHEOPS_MARK_CUTOUT)
              {
                op++;
                cairo_new_sub_path (cr);
                mark_polygon (cr, op, r, TRUE);
                cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
              }
            cairo_set_source (cr, pattern);
            cairo_fill_preserve (cr);
            cairo_pattern_destroy (pattern);
            cairo_set_source_rgb (cr, colours->outline[0], colours->outline[1], colours->outline[2]);
            cairo_set_line_width (cr, lw);
            cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
            cairo_stroke (cr);
            cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);

            /* What follows is drawn in white. */
            {
              double text[3], halo[3];

              cheops_board_painter_label_rgb (colours, text, halo);
              cairo_set_source_rgb (cr, text[0], text[1], text[2]);
            }
            cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
            cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          }
          break;

        case CHEOPS_MARK_CUTOUT:
          /* Only right after a DISC (handled there). */
          break;

        case CHEOPS_MARK_FILL:
          mark_polygon (cr, op, r, TRUE);
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, r * op->w);
          cairo_stroke (cr);
          break;

        case CHEOPS_MARK_STROKE:
          mark_polygon (cr, op, r, FALSE);
          cairo_set_line_width (cr, r * op->w);
          cairo_stroke (cr);
          break;

        case CHEOPS_MARK_SEGMENTS:
          for (guint i = 0; i + 1 < op->n && i + 1 < CHEOPS_MARK_POINTS_MAX; i += 2)
            {
              cairo_move_to (cr, op->pts[i][0] * r, op->pts[i][1] * r);
              cairo_line_to (cr, op->pts[i + 1][0] * r, op->pts[i + 1][1] * r);
            }
          cairo_set_line_width (cr, r * op->w);
          cairo_stroke (cr);
          break;

        case CHEOPS_MARK_RING:
          cairo_new_sub_path (cr);
          cairo_arc (cr, op->pts[0][0] * r, op->pts[0][1] * r, r * op->a, 0, 2 * G_PI);
          cairo_set_line_width (cr, r * op->w);
          cairo_stroke (cr);
          break;

        case CHEOPS_MARK_DOT:
          cairo_new_sub_path (cr);
          cairo_arc (cr, op->pts[0][0] * r, op->pts[0][1] * r, r * op->a, 0, 2 * G_PI);
          cairo_fill (cr);
          break;

        case CHEOPS_MARK_TEXT:
          if (op->s != NULL)
            {
              g_autoptr(PangoLayout) layout = pango_cairo_create_layout (cr);
              PangoFontDescription *font = pango_font_description_new ();

              pango_font_description_set_family (font, "Cantarell, sans-serif");
              pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
              pango_font_description_set_absolute_size (font, MAX (1.0, r * op->a) * PANGO_SCALE);
              pango_layout_set_font_description (layout, font);
              pango_font_description_free (font);
              /* White, outlined in the side's outline colour: the text
               * reads on a light disc as on a dark one. */
              {
                int w, h;

                pango_layout_set_text (layout, op->s, -1);
                pango_layout_get_size (layout, &w, &h);
                cairo_move_to (cr, op->pts[0][0] * r - w / 2.0 / PANGO_SCALE,
                               op->pts[0][1] * r - h / 2.0 / PANGO_SCALE);
                pango_cairo_layout_path (cr, layout);
                cairo_save (cr);
                {
                  double text[3], halo[3];

                  cheops_board_painter_label_rgb (colours, text, halo);
                  cairo_set_source_rgb (cr, halo[0], halo[1], halo[2]);
                }
                cairo_set_line_width (cr, MAX (1.0, r * op->a * 0.16));
                cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
                cairo_stroke_preserve (cr);
                cairo_restore (cr);
                cairo_fill (cr);
              }
            }
          break;

        case CHEOPS_MARK_END:
        default:
          break;
        }
    }

  cairo_restore (cr);
}


static void
rounded_square (cairo_t *cr,
                double   cx,
                double   cy,
                double   half,
                double   radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, cx + half - radius, cy - half + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, cx + half - radius, cy + half - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, cx - half + radius, cy + half - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, cx - half + radius, cy - half + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* The marks of CheopsPieceFlags on a piece of radius @r at (@cx, @cy):
 * SAFE (it cannot be taken there) a small teal shield at its upper left,
 * FIXED (it never moves again) a dark bar under it, as if set in the
 * board. */
/**
 * cheops_board_painter_draw_piece_flags:
 * @cr: a Cairo context
 * @flags: CheopsPieceFlags of the piece (cheops_position_piece_flags())
 * @cx: the piece's centre, in @cr's units
 * @cy: the piece's centre
 * @r: the piece's radius
 *
 * Draws the marks of @flags on a piece.
 */
void
cheops_board_painter_draw_piece_flags (cairo_t         *cr,
                                       unsigned         flags,
                                       double           cx,
                                       double           cy,
                                       double           r)
{
  if (flags & CHEOPS_PIECE_FLAG_FIXED)
    {
      double w = r * 1.3, h = MAX (2.0, r * 0.2);

      cairo_rectangle (cr, cx - w / 2, cy + r * 0.92, w, h);
      cairo_set_source_rgba (cr, 0.15, 0.12, 0.10, 0.9);
      cairo_fill (cr);
    }
  if (flags & CHEOPS_PIECE_FLAG_SAFE)
    {
      double s = r * 0.36, x = cx - r * 0.78, y = cy - r * 0.78;

      /* A shield: flat top, pointed bottom. */
      cairo_move_to (cr, x - s, y - s * 0.8);
      cairo_line_to (cr, x + s, y - s * 0.8);
      cairo_line_to (cr, x + s, y + s * 0.1);
      cairo_curve_to (cr, x + s, y + s * 0.7, x + s * 0.3, y + s, x, y + s * 1.2);
      cairo_curve_to (cr, x - s * 0.3, y + s, x - s, y + s * 0.7, x - s, y + s * 0.1);
      cairo_close_path (cr);
      cairo_set_source_rgb (cr, 0.0, 0.50, 0.50);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_set_line_width (cr, MAX (1.0, r * 0.07));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_stroke (cr);
    }
}


/**
 * cheops_board_painter_draw_arrow:
 * @self: a laid-out painter
 * @cr: a Cairo context in the layout's pixels
 * @from: the arrow's first cell
 * @to: its last cell; @from itself for a cell mark (a ring in the cell)
 * @brush: its colour, 0..3: green, red, yellow, blue (CheopsMarkColour's
 *   order, [%cal Gd2f3]'s letters)
 * @width_factor: the body's width, 1.0 for a user's arrow
 * @alpha: its opacity
 * @dashed: a pale body in a dashed outline (a threat), else filled
 *
 * Draws an arrow or a cell mark as the board draws them.
 */
void
cheops_board_painter_draw_arrow (const CheopsBoardPainter *self,
                                 cairo_t                  *cr,
                                 CheopsCell                from,
                                 CheopsCell                to,
                                 guint                     brush,
                                 double                    width_factor,
                                 double                    alpha,
                                 gboolean                  dashed)
{
  const Rgb *rgb = &brush_colours[MIN (brush, G_N_ELEMENTS (brush_colours) - 1)];
  double r = cheops_board_painter_inradius (self);
  double x0, y0, x1, y1, dx, dy, len, w, head;

  cheops_board_painter_center (self, from, &x0, &y0);

  if (from == to)
    {
      /* A cell mark: a ring inside the cell, a path of its own (a point
       * left by what was drawn before, a Cypher pocket's counter, drew a
       * line from there to the ring). */
      cairo_set_line_width (cr, MAX (2.0, r * 0.18));
      cairo_new_path (cr);
      cairo_arc (cr, x0, y0, r * 0.88, 0, 2 * G_PI);
      set_rgb (cr, rgb, 0.85);
      cairo_stroke (cr);
      return;
    }

  cheops_board_painter_center (self, to, &x1, &y1);
  dx = x1 - x0;
  dy = y1 - y0;
  len = hypot (dx, dy);
  if (len < 1)
    return;
  dx /= len;
  dy /= len;

  w = MAX (2.0, self->scale * 0.2 * width_factor);
  head = w * 2.4;

  /* Stop the head short of the cell's centre. */
  x1 -= dx * r * 0.35;
  y1 -= dy * r * 0.35;
  len -= r * 0.35;

  /* A move to the next cell: a head that would swallow the whole arrow
   * (leaving a sliver, issue 21) takes at most 60 % of it, and the body
   * keeps a third of its width. */
  if (head > len * 0.6)
    {
      head = MAX (len * 0.6, 4.0);
      w = MIN (w, MAX (head / 1.6, 2.0));
    }

  cairo_save (cr);
  cairo_translate (cr, x0, y0);
  cairo_rotate (cr, atan2 (dy, dx));
  cairo_move_to (cr, 0, -w / 2);
  cairo_line_to (cr, len - head, -w / 2);
  cairo_line_to (cr, len - head, -head * 0.55);
  cairo_line_to (cr, len, 0);
  cairo_line_to (cr, len - head, head * 0.55);
  cairo_line_to (cr, len - head, w / 2);
  cairo_line_to (cr, 0, w / 2);
  cairo_close_path (cr);
  /* A light edge under the arrow's own: it stays seen over a dark piece
   * or stack (a Pyramids stack hid the engine's arrow, issue 21). */
  cairo_save (cr);
  cairo_set_line_width (cr, MAX (2.0, w * 0.35));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_source_rgba (cr, 1, 1, 1, MIN (1.0, alpha * 0.9));
  cairo_stroke_preserve (cr);
  cairo_restore (cr);
  if (dashed)
    {
      /* A pale body in a dashed outline. */
      double dash = MAX (3.0, w * 0.9);

      set_rgb (cr, rgb, alpha * 0.45);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, MAX (1.5, w * 0.28));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_set_dash (cr, (double[]) { dash, dash * 0.6 }, 2, 0);
      set_rgb (cr, rgb, alpha);
      cairo_stroke (cr);
    }
  else
    {
      set_rgb (cr, rgb, alpha);
      cairo_fill (cr);
    }
  cairo_restore (cr);
}


/**
 * cheops_board_painter_draw_coordinates:
 * @self: a laid-out painter
 * @cr: a Cairo context in the layout's pixels
 * @fg: the text colour, 0..1 RGB (drawn at 55 % opacity)
 *
 * Draws the board's edge labels where the variant's table puts them (they
 * follow a flip), in bold Cantarell.
 */
void
cheops_board_painter_draw_coordinates (const CheopsBoardPainter *self,
                                       cairo_t                  *cr,
                                       const double              fg[3])
{
  const CheopsBoardShape *board = self->variant->board;
  PangoLayout *layout;
  PangoFontDescription *font;

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_new ();
  pango_font_description_set_family (font, "Cantarell, sans-serif");
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font,
                                            MAX (self->style.min_label_px > 0 ? self->style.min_label_px : 7.0,
                                                 self->scale * board_label_size (board, self->inradius_units))
                                            * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  cairo_set_source_rgba (cr, fg[0], fg[1], fg[2], self->style.label_alpha > 0 ? self->style.label_alpha : 0.55);

  for (int i = 0; i < board->n_labels; i++)
    {
      double px, py;

      cheops_board_painter_to_pixels (self, board->labels[i].at.x, board->labels[i].at.y, &px, &py);
      draw_text_centered (cr, layout, board->labels[i].text, px, py);
    }
  g_object_unref (layout);
}

/**
 * cheops_board_painter_draw_last_move:
 * @self: a laid-out painter
 * @cr: a Cairo context in the layout's pixels
 * @move: the move that led to the position, or CHEOPS_MOVE_NONE
 *
 * Tints the cells of @move: its from cell (not for a drop) and its to
 * cell, and for a two-part move its second part's too.
 */
void
cheops_board_painter_draw_last_move (const CheopsBoardPainter *self,
                                     cairo_t                  *cr,
                                     CheopsMove                move)
{
  static const double yellow_green[3] = { 0.608, 0.780, 0.0 };
  const double *c = self->style.last_move != NULL ? self->style.last_move : yellow_green;

  if (move == CHEOPS_MOVE_NONE)
    return;

  if (cheops_move_kind (move) != CHEOPS_MOVE_DROP)
    cheops_board_painter_fill_cell (self, cr, cheops_move_from (move), c[0], c[1], c[2], 0.38);
  cheops_board_painter_fill_cell (self, cr, cheops_move_to (move), c[0], c[1], c[2], 0.48);
  if (cheops_move_kind (move) == CHEOPS_MOVE_COMPOUND)
    {
      cheops_board_painter_fill_cell (self, cr, cheops_move_from2 (move), c[0], c[1], c[2], 0.38);
      cheops_board_painter_fill_cell (self, cr, cheops_move_to2 (move), c[0], c[1], c[2], 0.48);
    }
}

/**
 * cheops_board_painter_draw_check:
 * @self: a laid-out painter
 * @cr: a Cairo context in the layout's pixels
 * @cell: the cell of the King in check, or CHEOPS_CELL_NONE
 * @checklock: whether it cannot get out of it (Cheops's checklock, 4.2.5;
 *   a checkmate): a heavy dark red border too
 *
 * Draws check as a red glow on @cell.
 */
void
cheops_board_painter_draw_check (const CheopsBoardPainter *self,
                                 cairo_t                  *cr,
                                 CheopsCell                cell,
                                 gboolean                  checklock)
{
  double cx, cy, r;
  cairo_pattern_t *pattern;

  if (cell == CHEOPS_CELL_NONE)
    return;

  r = cheops_board_painter_inradius (self) * 1.9;
  cheops_board_painter_center (self, cell, &cx, &cy);
  pattern = cairo_pattern_create_radial (cx, cy, 0, cx, cy, r);
  cairo_pattern_add_color_stop_rgba (pattern, 0.0, 1.0, 0.0, 0.0, 1.0);
  cairo_pattern_add_color_stop_rgba (pattern, 0.3, 0.91, 0.0, 0.0, 1.0);
  cairo_pattern_add_color_stop_rgba (pattern, 1.0, 0.66, 0.0, 0.0, 0.0);
  cheops_board_painter_cell_path (self, cr, cell);
  cairo_set_source (cr, pattern);
  cairo_fill (cr);
  cairo_pattern_destroy (pattern);

  if (checklock)
    {
      cairo_save (cr);
      cairo_translate (cr, cx, cy);
      cairo_scale (cr, 0.86, 0.86);
      cairo_translate (cr, -cx, -cy);
      cheops_board_painter_cell_path (self, cr, cell);
      cairo_restore (cr);
      cairo_set_source_rgba (cr, 0.40, 0.0, 0.0, 0.95);
      cairo_set_line_width (cr, MAX (2.0, self->scale * 0.14));
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      cairo_stroke (cr);
    }
}

/**
 * cheops_board_painter_draw_pieces:
 * @self: a laid-out painter
 * @cr: a Cairo context in the layout's pixels
 * @pos: a position of the painter's variant
 *
 * Draws every piece of @pos on its cell with its flags
 * (cheops_position_piece_flags()), as vector paths
 * (cheops_draw_piece_mark()).  The board widget draws the same marks from
 * its sprite cache, and places pieces itself while the user moves them.
 */
void
cheops_board_painter_draw_pieces (const CheopsBoardPainter *self,
                                  cairo_t                  *cr,
                                  const CheopsPosition     *pos)
{
  double r = cheops_board_painter_piece_radius (self);

  g_return_if_fail (pos != NULL && pos->variant == self->variant);

  for (CheopsCell cell = 0; cell < pos->variant->board->n_cells; cell++)
    {
      CheopsPiece piece = pos->board[cell];
      double cx, cy;

      if (piece == CHEOPS_NO_PIECE)
        continue;
      cheops_board_painter_center (self, cell, &cx, &cy);
      cheops_draw_piece_mark (cr, pos->variant, cheops_piece_type (piece),
                              cheops_board_painter_side_colours (self, cheops_piece_side (piece)), cx, cy, r);
      cheops_board_painter_draw_piece_flags (cr, cheops_position_piece_flags (pos, cell), cx, cy, r);
    }
}

/**
 * cheops_board_painter_n_pocket_kinds:
 * @variant: a variant
 *
 * Returns: the number of kinds the pockets show (the variant's
 *   drop_kinds); 0 for a variant without drops
 */
guint
cheops_board_painter_n_pocket_kinds (const CheopsVariant *variant)
{
  guint n = 0;

  while (variant->drop_kinds != NULL && variant->drop_kinds[n] != CHEOPS_NO_PIECE_TYPE)
    n++;
  return n;
}

/**
 * cheops_board_painter_pocket_slot:
 * @self: a laid-out painter
 * @side: a side
 * @index: the index of a kind among the variant's drop_kinds
 * @px: (out): the slot's centre, in pixels
 * @py: (out): its y
 *
 * Where @side's @index-th kind sits in its pocket: the bottom side's slots
 * stacked up from the board's bottom edge, the other's down from its top
 * edge.
 */
void
cheops_board_painter_pocket_slot (const CheopsBoardPainter *self,
                                  CheopsSide                side,
                                  guint                     index,
                                  double                   *px,
                                  double                   *py)
{
  const CheopsBoardShape *board = self->variant->board;
  double offset = (index + 0.5) * self->pocket_slot_units;

  *px = self->pocket_x;
  if (side == cheops_board_painter_bottom_side (self))
    *py = self->origin_y - (board->min.y + offset) * self->scale;
  else
    *py = self->origin_y - (board->max.y - offset) * self->scale;
}

static void
draw_piece_default (cairo_t     *cr,
                    CheopsPiece  piece,
                    double       cx,
                    double       cy,
                    double       r,
                    double       alpha,
                    gpointer     user_data)
{
  const CheopsBoardPainter *self = user_data;

  if (alpha < 1.0)
    cairo_push_group (cr);
  cheops_draw_piece_mark (cr, self->variant, cheops_piece_type (piece),
                          cheops_board_painter_side_colours (self, cheops_piece_side (piece)), cx, cy, r);
  if (alpha < 1.0)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint_with_alpha (cr, alpha);
    }
}

/**
 * cheops_board_painter_draw_pockets:
 * @self: a laid-out painter
 * @cr: a Cairo context in the layout's pixels
 * @pos: a position of the painter's variant (its hands, pos->hand)
 * @fg: the text colour, 0..1 RGB (the slots' outlines)
 * @picked: the kind the side to move has picked up, or CHEOPS_NO_PIECE_TYPE
 * @dragging: whether that kind is being dragged (drawn faded)
 * @draw_piece: (nullable): how to draw a piece; NULL: cheops_draw_piece_mark()
 * @user_data: for @draw_piece
 *
 * Draws the pockets of a variant with drops: each side's pieces in hand,
 * by kind, with their counts in a badge.  Nothing for a variant without.
 */
void
cheops_board_painter_draw_pockets (const CheopsBoardPainter *self,
                                   cairo_t                  *cr,
                                   const CheopsPosition     *pos,
                                   const double              fg[3],
                                   CheopsPieceType           picked,
                                   gboolean                  dragging,
                                   CheopsPieceDrawFunc       draw_piece,
                                   gpointer                  user_data)
{
  const CheopsVariant *variant = pos->variant;
  guint n = cheops_board_painter_n_pocket_kinds (variant);
  double r = cheops_board_painter_piece_radius (self);
  double half = self->pocket_slot_units * self->scale * 0.46;
  PangoLayout *layout;
  PangoFontDescription *font;

  if (self->pocket_units <= 0 || n == 0)
    return;
  if (draw_piece == NULL)
    {
      draw_piece = draw_piece_default;
      user_data = (gpointer) self;
    }

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_new ();
  pango_font_description_set_family (font, "Cantarell, sans-serif");
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, MAX (7.0, r * 0.62) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  for (CheopsSide side = CHEOPS_SIDE_A; side < CHEOPS_SIDE_NB; side++)
    for (guint i = 0; i < n; i++)
      {
        CheopsPieceType type = variant->drop_kinds[i];
        guint count = type < CHEOPS_PIECE_TYPE_MAX ? pos->hand[side][type] : 0;
        gboolean is_picked = picked == type && side == pos->side_to_move;
        char text[16];
        double cx, cy, bx, by, br = r * 0.36;

        cheops_board_painter_pocket_slot (self, side, i, &cx, &cy);
        rounded_square (cr, cx, cy, half, half * 0.25);
        if (is_picked)
          cairo_set_source_rgba (cr, 0.08, 0.33, 0.12, 0.45);
        else
          cairo_set_source_rgba (cr, fg[0], fg[1], fg[2], 0.08);
        cairo_fill_preserve (cr);
        cairo_set_source_rgba (cr, fg[0], fg[1], fg[2], 0.25);
        cairo_set_line_width (cr, 1.0);
        cairo_stroke (cr);

        draw_piece (cr, cheops_piece_make (side, type), cx, cy, r,
                    count == 0 ? 0.25 : is_picked && dragging ? 0.3 : 1.0, user_data);

        /* The count in a badge at the lower right. */
        bx = cx + half - br * 0.9;
        by = cy + half - br * 0.9;
        cairo_new_sub_path (cr);
        cairo_arc (cr, bx, by, br, 0, 2 * G_PI);
        cairo_set_source_rgba (cr, 0.12, 0.12, 0.14, count == 0 ? 0.45 : 0.92);
        cairo_fill (cr);
        g_snprintf (text, sizeof text, "%u", count);
        cairo_set_source_rgb (cr, 1, 1, 1);
        draw_text_centered (cr, layout, text, bx, by);
      }
  g_object_unref (layout);
}
