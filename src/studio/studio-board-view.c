/* studio-board-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioBoardView: the board widget.  It draws a StudioBoardScene with Cairo
 * in its snapshot (gtk_snapshot_append_cairo) and turns pointer gestures
 * into scene calls.  The cells are the core's polygons
 * (cheops_laws_cell_polygon(): triangles 2 units wide and 1 unit high, x 0..18,
 * y 0..9 upward), scaled so that every triangle is equilateral: a unit of
 * x is `scale` pixels and a unit of y is `scale * sqrt(3)` pixels.
 * Hit-testing maps a pointer back to board units and asks
 * cheops_laws_cell_at_point().
 *
 * Pieces are vector marks, one per kind (4.1: "the marks are how the
 * pieces are drawn"): King a crown; Queen a six-rayed star, the six rays of
 * its bands (4.3); Swordmaster a cross, its level and column (4.4); Sister a
 * disc with a dark cell cut out (4.5 and its note); Assassin a ring, the
 * ring it leaps to (3.5.2); Pawn a small plain disc.
 *
 * Gestures: primary button click-click and drag-and-drop; secondary button
 * drag draws an arrow and a click marks a cell, with the colour from the
 * modifiers: none Green, Shift Red, Alt (or Ctrl) Blue, Shift+Alt (or
 * Shift+Ctrl) Yellow.  While the scene is in editing mode (setting up a
 * position) a click of either button goes to studio_board_scene_edit_click()
 * and a piece can be dragged anywhere, or off the board.
 */
#define G_LOG_DOMAIN "studio-board-view"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "studio-board-view.h"

#define SQRT3 1.7320508075688772

/* The board is 18 units wide and 9 levels high; around it room for the
 * coordinates, in x units. */
#define BOARD_WIDTH  18.0
#define BOARD_LEVELS 9.0
#define MARGIN_SIDE  1.1
#define MARGIN_TOP   0.35
#define MARGIN_BASE  1.0

struct _StudioBoardView
{
  GtkWidget         parent_instance;

  StudioBoardScene *scene;
  gulong            changed_handler;

  /* Layout of the last allocation: pixels per x unit and where board
   * point (0, 0) lies. */
  double            scale;
  double            origin_x;
  double            origin_y;

  /* Primary-button press. */
  CheopsCell        press_cell;
  CheopsCell        press_selected;
  double            press_x;
  double            press_y;

  /* Secondary-button drag: the arrow being drawn. */
  CheopsCell        arrow_from;
  CheopsCell        arrow_to;
  StudioBrush       arrow_brush;

  /* Caches, so that a frame is mostly two image copies: the board with its
   * coordinates (drawn again only when the size, the orientation or the
   * text colour change), and one sprite per piece mark and colour (drawn
   * again when the size changes). */
  cairo_surface_t  *board_cache;
  int               board_cache_width;
  int               board_cache_height;
  gboolean          board_cache_flipped;
  GdkRGBA           board_cache_fg;
  cairo_surface_t  *sprites[2][CHEOPS_LAWS_PIECE_TYPE_NB];
  double            sprites_radius;
  int               sprite_size;

  guint             press_moved : 1;
  guint             press_dragging : 1;
};

enum {
  PROP_0,
  PROP_SCENE,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (StudioBoardView, studio_board_view, GTK_TYPE_WIDGET)

static GParamSpec *properties [N_PROPS];

typedef struct {
  double r, g, b;
} Rgb;

/* Board colours: sandstone, with the Apex in gold. */
static const Rgb light_cell = { 0.937, 0.867, 0.718 };
static const Rgb dark_cell  = { 0.725, 0.553, 0.353 };
static const Rgb apex_cell  = { 0.973, 0.839, 0.451 };
static const Rgb board_edge = { 0.486, 0.341, 0.180 };

/* Piece colours (6.1: Green and Orange), fill and outline. */
static const Rgb green_fill     = { 0.180, 0.647, 0.427 };
static const Rgb green_outline  = { 0.063, 0.388, 0.235 };
static const Rgb orange_fill    = { 0.961, 0.475, 0.059 };
static const Rgb orange_outline = { 0.667, 0.263, 0.000 };

static const Rgb brush_colours[STUDIO_BRUSH_NB] = {
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

/* Board units to widget pixels, honouring the flip. */
static inline void
studio_board_view_to_pixels (StudioBoardView *self,
                             double           bx,
                             double           by,
                             double          *px,
                             double          *py)
{
  if (self->scene != NULL && studio_board_scene_get_flipped (self->scene))
    bx = BOARD_WIDTH - bx;

  *px = self->origin_x + bx * self->scale;
  *py = self->origin_y - by * self->scale * SQRT3;
}

static void
studio_board_view_layout (StudioBoardView *self,
                          int              width,
                          int              height)
{
  double total_w = BOARD_WIDTH + 2 * MARGIN_SIDE;
  double total_h = BOARD_LEVELS * SQRT3 + MARGIN_TOP + MARGIN_BASE;
  double board_h;

  self->scale = MIN (width / total_w, height / total_h);
  board_h = BOARD_LEVELS * SQRT3 * self->scale;
  self->origin_x = (width - BOARD_WIDTH * self->scale) / 2.0;
  self->origin_y = (height - total_h * self->scale) / 2.0 + MARGIN_TOP * self->scale + board_h;
}

static void
studio_board_view_cell_path (StudioBoardView *self,
                             cairo_t         *cr,
                             CheopsCell       cell)
{
  double xy[6];

  cheops_laws_cell_polygon (cell, xy);
  for (guint i = 0; i < 3; i++)
    {
      double px, py;

      studio_board_view_to_pixels (self, xy[2 * i], xy[2 * i + 1], &px, &py);
      if (i == 0)
        cairo_move_to (cr, px, py);
      else
        cairo_line_to (cr, px, py);
    }
  cairo_close_path (cr);
}

/* The centre of @cell's triangle (its centroid, which is also the centre of
 * its inscribed circle) in pixels. */
static void
studio_board_view_center (StudioBoardView *self,
                          CheopsCell       cell,
                          double          *px,
                          double          *py)
{
  double xy[6];

  cheops_laws_cell_polygon (cell, xy);
  studio_board_view_to_pixels (self,
                               (xy[0] + xy[2] + xy[4]) / 3.0,
                               (xy[1] + xy[3] + xy[5]) / 3.0,
                               px, py);
}

/* The radius of a cell's inscribed circle in pixels: a third of the
 * triangle's height. */
static inline double
studio_board_view_inradius (StudioBoardView *self)
{
  return self->scale * SQRT3 / 3.0;
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

static void
studio_board_view_draw_cells (StudioBoardView *self,
                              cairo_t         *cr)
{
  /* One path per colour: two fills instead of 81. */
  for (CheopsCell cell = 0; cell < CHEOPS_LAWS_CELL_NB; cell++)
    if (cheops_laws_cell_is_light (cell) && cell != CHEOPS_LAWS_APEX)
      studio_board_view_cell_path (self, cr, cell);
  set_rgb (cr, &light_cell, 1.0);
  cairo_fill (cr);

  for (CheopsCell cell = 0; cell < CHEOPS_LAWS_CELL_NB; cell++)
    if (!cheops_laws_cell_is_light (cell))
      studio_board_view_cell_path (self, cr, cell);
  set_rgb (cr, &dark_cell, 1.0);
  cairo_fill (cr);

  /* The Apex (2.5) in gold; the Gate and the flanks outlined in gold
   * inside their edges. */
  studio_board_view_cell_path (self, cr, CHEOPS_LAWS_APEX);
  set_rgb (cr, &apex_cell, 1.0);
  cairo_fill (cr);

  cairo_save (cr);
  cairo_set_line_width (cr, MAX (1.5, self->scale * 0.08));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint i = 0; i < 4; i++)
    {
      static const CheopsCell zone[] = { CHEOPS_LAWS_APEX, CHEOPS_LAWS_GATE, CHEOPS_LAWS_FLANK_H, CHEOPS_LAWS_FLANK_J };
      double cx, cy;

      studio_board_view_center (self, zone[i], &cx, &cy);
      cairo_save (cr);
      cairo_translate (cr, cx, cy);
      cairo_scale (cr, 0.78, 0.78);
      cairo_translate (cr, -cx, -cy);
      studio_board_view_cell_path (self, cr, zone[i]);
      cairo_restore (cr);
    }
  cairo_set_source_rgba (cr, 0.80, 0.58, 0.10, 0.85);
  cairo_stroke (cr);
  cairo_restore (cr);

  /* The outline of the pyramid. */
  {
    double x0, y0, x1, y1, x2, y2;

    studio_board_view_to_pixels (self, 0, 0, &x0, &y0);
    studio_board_view_to_pixels (self, BOARD_WIDTH, 0, &x1, &y1);
    studio_board_view_to_pixels (self, BOARD_WIDTH / 2, BOARD_LEVELS, &x2, &y2);
    cairo_move_to (cr, x0, y0);
    cairo_line_to (cr, x1, y1);
    cairo_line_to (cr, x2, y2);
    cairo_close_path (cr);
    set_rgb (cr, &board_edge, 1.0);
    cairo_set_line_width (cr, MAX (1.0, self->scale * 0.06));
    cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke (cr);
  }
}

static void
studio_board_view_draw_coordinates (StudioBoardView *self,
                                    cairo_t         *cr)
{
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  GdkRGBA fg;
  char text[4];

  /* gtk_widget_get_color() is GTK 4.10; this is the 4.8 way. */
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_new ();
  pango_font_description_set_family (font, "Cantarell, sans-serif");
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, MAX (7.0, self->scale * 0.42) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);

  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.55);

  /* Columns a..q under the base (2.2), column c centred at x = c + 1. */
  for (int c = 0; c < CHEOPS_LAWS_COLUMN_NB; c++)
    {
      double px, py;

      text[0] = 'a' + c;
      text[1] = 0;
      studio_board_view_to_pixels (self, c + 1, 0, &px, &py);
      draw_text_centered (cr, layout, text, px, py + self->scale * 0.5);
    }

  /* Levels 1..9 along both slopes, outside the edge at mid-level. */
  for (int l = 1; l <= CHEOPS_LAWS_LEVEL_NB; l++)
    {
      double px, py;

      g_snprintf (text, sizeof text, "%d", l);
      studio_board_view_to_pixels (self, l - 0.5 - 0.62, l - 0.5, &px, &py);
      draw_text_centered (cr, layout, text, px, py);
      studio_board_view_to_pixels (self, BOARD_WIDTH - (l - 0.5) + 0.62, l - 0.5, &px, &py);
      draw_text_centered (cr, layout, text, px, py);
    }
}

static void
studio_board_view_fill_cell (StudioBoardView *self,
                             cairo_t         *cr,
                             CheopsCell       cell,
                             double r, double g, double b, double a)
{
  studio_board_view_cell_path (self, cr, cell);
  cairo_set_source_rgba (cr, r, g, b, a);
  cairo_fill (cr);
}

static void
studio_board_view_draw_highlights (StudioBoardView *self,
                                   cairo_t         *cr)
{
  CheopsMove last = studio_board_scene_get_last_move (self->scene);
  CheopsCell selected = studio_board_scene_get_selected (self->scene);
  CheopsCell check = studio_board_scene_get_check_cell (self->scene);

  if (last != CHEOPS_MOVE_NONE)
    {
      studio_board_view_fill_cell (self, cr, cheops_move_from (last), 0.608, 0.780, 0.0, 0.38);
      studio_board_view_fill_cell (self, cr, cheops_move_to (last), 0.608, 0.780, 0.0, 0.48);
    }

  if (selected != CHEOPS_CELL_NONE)
    studio_board_view_fill_cell (self, cr, selected, 0.08, 0.33, 0.12, 0.45);

  if (check != CHEOPS_CELL_NONE)
    {
      double cx, cy, r = studio_board_view_inradius (self) * 1.9;
      cairo_pattern_t *pattern;

      studio_board_view_center (self, check, &cx, &cy);
      pattern = cairo_pattern_create_radial (cx, cy, 0, cx, cy, r);
      cairo_pattern_add_color_stop_rgba (pattern, 0.0, 1.0, 0.0, 0.0, 1.0);
      cairo_pattern_add_color_stop_rgba (pattern, 0.3, 0.91, 0.0, 0.0, 1.0);
      cairo_pattern_add_color_stop_rgba (pattern, 1.0, 0.66, 0.0, 0.0, 0.0);
      studio_board_view_cell_path (self, cr, check);
      cairo_set_source (cr, pattern);
      cairo_fill (cr);
      cairo_pattern_destroy (pattern);

      /* Checklock (4.2.5): the King is entombed — a heavy dark red
       * border around its cell. */
      if (studio_board_scene_get_checklock (self->scene))
        {
          cairo_save (cr);
          cairo_translate (cr, cx, cy);
          cairo_scale (cr, 0.86, 0.86);
          cairo_translate (cr, -cx, -cy);
          studio_board_view_cell_path (self, cr, check);
          cairo_restore (cr);
          cairo_set_source_rgba (cr, 0.40, 0.0, 0.0, 0.95);
          cairo_set_line_width (cr, MAX (2.0, self->scale * 0.14));
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          cairo_stroke (cr);
        }
    }
}

/**
 * studio_board_view_draw_piece_mark:
 * @cr: a Cairo context
 * @piece: a piece (a CheopsPiece, not 0)
 * @green: whether to draw it in Green (else Orange): which side is Green is
 *   a property of the game (6.2)
 * @cx: the centre, in @cr's user units (pixels on the board)
 * @cy: the centre, in @cr's user units
 * @radius: the radius of an officer's disc (a Pawn is drawn smaller), in
 *   the same units; the shadow and outline reach about 1.1 × @radius
 *
 * Draws the mark of @piece as the board draws it (4.1: "the marks are how
 * the pieces are drawn"), so that other widgets (the set-up palette) show
 * the very same pieces.
 */
void
studio_board_view_draw_piece_mark (cairo_t     *cr,
                                   CheopsPiece  piece,
                                   gboolean     green,
                                   double       cx,
                                   double       cy,
                                   double       radius)
{
  CheopsPieceType type = cheops_piece_type (piece);
  double r = radius;
  const Rgb *fill = green ? &green_fill : &orange_fill;
  const Rgb *outline = green ? &green_outline : &orange_outline;
  double lw;

  cairo_save (cr);
  cairo_translate (cr, cx, cy);

  if (type == CHEOPS_LAWS_PAWN)
    r *= 0.62;

  lw = MAX (1.0, r * 0.11);

  /* A soft shadow under the disc. */
  cairo_arc (cr, 0, r * 0.08, r + lw * 0.5, 0, 2 * G_PI);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.22);
  cairo_fill (cr);

  /* The disc, lit from above. */
  {
    cairo_pattern_t *pattern = cairo_pattern_create_linear (0, -r, 0, r);

    cairo_pattern_add_color_stop_rgb (pattern, 0.0,
                                      MIN (1.0, fill->r * 1.12 + 0.06),
                                      MIN (1.0, fill->g * 1.12 + 0.06),
                                      MIN (1.0, fill->b * 1.12 + 0.06));
    cairo_pattern_add_color_stop_rgb (pattern, 1.0, fill->r * 0.88, fill->g * 0.88, fill->b * 0.88);
    cairo_arc (cr, 0, 0, r, 0, 2 * G_PI);

    /* The Sister's cut-out: a dark (point-down) cell (4.5.1, note). */
    if (type == CHEOPS_LAWS_SISTER)
      {
        double t = r * 0.58;

        cairo_new_sub_path (cr);
        cairo_move_to (cr, -t * SQRT3 / 2, -t / 2);
        cairo_line_to (cr, 0, t);
        cairo_line_to (cr, t * SQRT3 / 2, -t / 2);
        cairo_close_path (cr);
        cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
      }

    cairo_set_source (cr, pattern);
    cairo_fill_preserve (cr);
    cairo_pattern_destroy (pattern);
    set_rgb (cr, outline, 1.0);
    cairo_set_line_width (cr, lw);
    cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
    cairo_stroke (cr);
    cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);
  }

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  switch (type)
    {
    case CHEOPS_LAWS_KING:
      /* A crown. */
      cairo_move_to (cr, -0.52 * r, 0.36 * r);
      cairo_line_to (cr, -0.60 * r, -0.34 * r);
      cairo_line_to (cr, -0.28 * r, -0.02 * r);
      cairo_line_to (cr, 0.0, -0.50 * r);
      cairo_line_to (cr, 0.28 * r, -0.02 * r);
      cairo_line_to (cr, 0.60 * r, -0.34 * r);
      cairo_line_to (cr, 0.52 * r, 0.36 * r);
      cairo_close_path (cr);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, r * 0.06);
      cairo_stroke (cr);
      break;

    case CHEOPS_LAWS_QUEEN:
      /* Six rays: the three bands through the cell (3.2.1), the level
       * and the two slopes at 60 degrees. */
      cairo_set_line_width (cr, r * 0.17);
      for (int i = 0; i < 3; i++)
        {
          double a = i * G_PI / 3.0;
          double dx = cos (a) * r * 0.58, dy = sin (a) * r * 0.58;

          cairo_move_to (cr, -dx, -dy);
          cairo_line_to (cr, dx, dy);
        }
      cairo_stroke (cr);
      cairo_arc (cr, 0, 0, r * 0.17, 0, 2 * G_PI);
      cairo_fill (cr);
      break;

    case CHEOPS_LAWS_SWORDMASTER:
      /* Level and column (4.4.1). */
      cairo_set_line_width (cr, r * 0.22);
      cairo_move_to (cr, -0.56 * r, 0);
      cairo_line_to (cr, 0.56 * r, 0);
      cairo_move_to (cr, 0, -0.56 * r);
      cairo_line_to (cr, 0, 0.56 * r);
      cairo_stroke (cr);
      break;

    case CHEOPS_LAWS_ASSASSIN:
      /* The ring beyond the touching cells (3.5.2). */
      cairo_set_line_width (cr, r * 0.16);
      cairo_arc (cr, 0, 0, r * 0.48, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_arc (cr, 0, 0, r * 0.12, 0, 2 * G_PI);
      cairo_fill (cr);
      break;

    case CHEOPS_LAWS_SISTER:
    case CHEOPS_LAWS_PAWN:
    case CHEOPS_NO_PIECE_TYPE:
    case CHEOPS_LAWS_PIECE_TYPE_NB:
    default:
      break;
    }

  cairo_restore (cr);
}

static void
studio_board_view_clear_caches (StudioBoardView *self)
{
  g_clear_pointer (&self->board_cache, cairo_surface_destroy);
  for (guint c = 0; c < 2; c++)
    for (guint t = 0; t < CHEOPS_LAWS_PIECE_TYPE_NB; t++)
      g_clear_pointer (&self->sprites[c][t], cairo_surface_destroy);
  self->sprites_radius = 0;
}

/* An image surface like @cr's target (same device scale), @width × @height
 * in user units. */
static cairo_surface_t *
create_similar (cairo_t *cr,
                int      width,
                int      height)
{
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_surface_t *surface;
  double sx = 1, sy = 1;

  cairo_surface_get_device_scale (target, &sx, &sy);
  surface = cairo_surface_create_similar_image (target, CAIRO_FORMAT_ARGB32,
                                                (int) ceil (width * sx), (int) ceil (height * sy));
  cairo_surface_set_device_scale (surface, sx, sy);

  return surface;
}

/* Draws @piece from its cached sprite (made at the first use for radius
 * @r); @alpha below 1 draws it faded (the origin of a drag). */
static void
studio_board_view_draw_piece (StudioBoardView *self,
                              cairo_t         *cr,
                              CheopsPiece      piece,
                              double           cx,
                              double           cy,
                              double           r,
                              double           alpha)
{
  gboolean green = cheops_piece_side (piece) == studio_board_scene_get_green_side (self->scene);
  CheopsPieceType type = cheops_piece_type (piece);
  cairo_surface_t **sprite;

  if (type <= CHEOPS_NO_PIECE_TYPE || type >= CHEOPS_LAWS_PIECE_TYPE_NB)
    return;

  if (self->sprites_radius != r)
    {
      for (guint c = 0; c < 2; c++)
        for (guint t = 0; t < CHEOPS_LAWS_PIECE_TYPE_NB; t++)
          g_clear_pointer (&self->sprites[c][t], cairo_surface_destroy);
      self->sprites_radius = r;
      self->sprite_size = (int) ceil (r * 2.6);
    }

  sprite = &self->sprites[green ? 0 : 1][type];
  if (*sprite == NULL)
    {
      cairo_t *scr;

      *sprite = create_similar (cr, self->sprite_size, self->sprite_size);
      scr = cairo_create (*sprite);
      studio_board_view_draw_piece_mark (scr, piece, green,
                                         self->sprite_size / 2.0, self->sprite_size / 2.0, r);
      cairo_destroy (scr);
    }

  /* At whole pixels, so that the copy needs no filtering. */
  cairo_save (cr);
  cairo_set_source_surface (cr, *sprite,
                            round (cx - self->sprite_size / 2.0),
                            round (cy - self->sprite_size / 2.0));
  if (alpha < 1.0)
    cairo_paint_with_alpha (cr, alpha);
  else
    cairo_paint (cr);
  cairo_restore (cr);
}

static void
studio_board_view_draw_pieces (StudioBoardView *self,
                               cairo_t         *cr)
{
  const CheopsPosition *pos = studio_board_scene_get_position (self->scene);
  double r = studio_board_view_inradius (self) * 0.84;
  CheopsCell drag_from;
  gboolean dragging;

  dragging = studio_board_scene_get_drag (self->scene, &drag_from, NULL, NULL);

  for (CheopsCell cell = 0; cell < CHEOPS_LAWS_CELL_NB; cell++)
    {
      double cx, cy;

      if (pos->board[cell] == CHEOPS_NO_PIECE)
        continue;

      studio_board_view_center (self, cell, &cx, &cy);
      studio_board_view_draw_piece (self, cr, pos->board[cell], cx, cy, r,
                                    dragging && cell == drag_from ? 0.3 : 1.0);
    }
}

static void
studio_board_view_draw_destinations (StudioBoardView *self,
                                     cairo_t         *cr)
{
  const CheopsPosition *pos = studio_board_scene_get_position (self->scene);
  CheopsCellSet set = studio_board_scene_get_destinations (self->scene);
  double r = studio_board_view_inradius (self);

  while (set != CHEOPS_CELLSET_EMPTY)
    {
      CheopsCell cell = cheops_cellset_pop (&set);
      double cx, cy;

      double halo = MAX (1.5, r * 0.08);

      /* Dark green inside a light halo: seen on light and dark cells. */
      studio_board_view_center (self, cell, &cx, &cy);
      if (pos->board[cell] != CHEOPS_NO_PIECE)
        {
          /* A capture (or collapse): a ring around the target. */
          double width = MAX (2.5, r * 0.16);

          cairo_set_line_width (cr, width + 2 * halo);
          cairo_arc (cr, cx, cy, r * 0.96, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 1.0, 0.98, 0.92, 0.7);
          cairo_stroke (cr);
          cairo_set_line_width (cr, width);
          cairo_arc (cr, cx, cy, r * 0.96, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 0.08, 0.33, 0.12, 0.85);
          cairo_stroke (cr);
        }
      else
        {
          cairo_arc (cr, cx, cy, r * 0.4 + halo, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 1.0, 0.98, 0.92, 0.75);
          cairo_fill (cr);
          cairo_arc (cr, cx, cy, r * 0.4, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 0.08, 0.33, 0.12, 0.85);
          cairo_fill (cr);
        }
    }
}

static void
studio_board_view_draw_arrow (StudioBoardView   *self,
                              cairo_t           *cr,
                              const StudioShape *shape,
                              double             width_factor,
                              double             alpha)
{
  const Rgb *rgb = &brush_colours[shape->brush];
  double r = studio_board_view_inradius (self);
  double x0, y0, x1, y1, dx, dy, len, w, head;

  studio_board_view_center (self, shape->from, &x0, &y0);

  if (shape->from == shape->to)
    {
      /* A cell mark: a ring inside the cell. */
      cairo_set_line_width (cr, MAX (2.0, r * 0.18));
      cairo_arc (cr, x0, y0, r * 0.88, 0, 2 * G_PI);
      set_rgb (cr, rgb, 0.85);
      cairo_stroke (cr);
      return;
    }

  studio_board_view_center (self, shape->to, &x1, &y1);
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
  set_rgb (cr, rgb, alpha);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
studio_board_view_draw_shapes (StudioBoardView *self,
                               cairo_t         *cr)
{
  const StudioShape *shapes;
  const StudioShape *engine;
  guint n_shapes;

  engine = studio_board_scene_get_engine_arrow (self->scene);
  if (engine != NULL)
    studio_board_view_draw_arrow (self, cr, engine, 0.7, 0.55);

  shapes = studio_board_scene_get_shapes (self->scene, &n_shapes);
  for (guint i = 0; i < n_shapes; i++)
    studio_board_view_draw_arrow (self, cr, &shapes[i], 1.0, 0.8);

  if (self->arrow_from != CHEOPS_CELL_NONE && self->arrow_to != CHEOPS_CELL_NONE)
    {
      StudioShape preview = { self->arrow_from, self->arrow_to, self->arrow_brush };

      studio_board_view_draw_arrow (self, cr, &preview, 1.0, 0.5);
    }
}

/**
 * studio_board_view_draw:
 * @self: a #StudioBoardView
 * @cr: a Cairo context
 * @width: the width to draw in, in pixels
 * @height: the height to draw in, in pixels
 *
 * Draws the whole board as the widget shows it at @width × @height: cells,
 * coordinates, highlights, pieces, shapes and the dragged piece.  The
 * widget's snapshot calls it; benchmarks call it on an image surface.
 */
void
studio_board_view_draw (StudioBoardView *self,
                        cairo_t         *cr,
                        int              width,
                        int              height)
{
  CheopsCell drag_from;
  double drag_x, drag_y;

  g_return_if_fail (STUDIO_IS_BOARD_VIEW (self));

  studio_board_view_layout (self, width, height);
  if (self->scene == NULL || self->scale <= 0)
    return;

  {
    GdkRGBA fg;
    gboolean flipped = studio_board_scene_get_flipped (self->scene);

    gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
    if (self->board_cache == NULL ||
        self->board_cache_width != width || self->board_cache_height != height ||
        self->board_cache_flipped != flipped || !gdk_rgba_equal (&self->board_cache_fg, &fg))
      {
        cairo_t *bcr;

        g_clear_pointer (&self->board_cache, cairo_surface_destroy);
        self->board_cache = create_similar (cr, width, height);
        self->board_cache_width = width;
        self->board_cache_height = height;
        self->board_cache_flipped = flipped;
        self->board_cache_fg = fg;

        bcr = cairo_create (self->board_cache);
        studio_board_view_draw_cells (self, bcr);
        studio_board_view_draw_coordinates (self, bcr);
        cairo_destroy (bcr);
      }

    /* A copy, not a blend: the board is the first thing in the frame. */
    cairo_save (cr);
    cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
    cairo_set_source_surface (cr, self->board_cache, 0, 0);
    cairo_paint (cr);
    cairo_restore (cr);
  }
  studio_board_view_draw_highlights (self, cr);
  studio_board_view_draw_destinations (self, cr);
  studio_board_view_draw_pieces (self, cr);
  studio_board_view_draw_shapes (self, cr);

  if (studio_board_scene_get_drag (self->scene, &drag_from, &drag_x, &drag_y) && drag_x >= 0)
    {
      const CheopsPosition *pos = studio_board_scene_get_position (self->scene);
      CheopsCell under = studio_board_view_cell_at (self, drag_x, drag_y);

      if (under != CHEOPS_CELL_NONE &&
          (studio_board_scene_get_editing (self->scene) ||
           cheops_cellset_has (studio_board_scene_get_destinations (self->scene), under)))
        {
          studio_board_view_cell_path (self, cr, under);
          cairo_set_source_rgba (cr, 0.08, 0.33, 0.12, 0.35);
          cairo_fill (cr);
        }

      studio_board_view_draw_piece (self, cr, pos->board[drag_from], drag_x, drag_y,
                                    studio_board_view_inradius (self) * 0.84 * 1.12, 1.0);
    }
}

static void
studio_board_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  StudioBoardView *self = (StudioBoardView *)widget;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  studio_board_view_draw (self, cr, width, height);
  cairo_destroy (cr);
}

static void
studio_board_view_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 280;
      *natural = 720;
    }
  else
    {
      *minimum = 200;
      *natural = 620;
    }
}

static StudioBrush
brush_from_state (GdkModifierType state)
{
  gboolean shift = (state & GDK_SHIFT_MASK) != 0;
  gboolean alt = (state & (GDK_ALT_MASK | GDK_CONTROL_MASK)) != 0;

  if (shift && alt)
    return STUDIO_BRUSH_YELLOW;
  if (shift)
    return STUDIO_BRUSH_RED;
  if (alt)
    return STUDIO_BRUSH_BLUE;
  return STUDIO_BRUSH_GREEN;
}

static void
primary_drag_begin_cb (StudioBoardView *self,
                       double           x,
                       double           y,
                       GtkGestureDrag  *gesture)
{
  CheopsCell cell;

  if (self->scene == NULL)
    return;

  cell = studio_board_view_cell_at (self, x, y);
  self->press_cell = cell;
  self->press_selected = studio_board_scene_get_selected (self->scene);
  self->press_x = x;
  self->press_y = y;
  self->press_moved = FALSE;
  self->press_dragging = FALSE;

  gtk_widget_grab_focus (GTK_WIDGET (self));

  /* Setting up a position: a press picks up the piece there, if any; the
   * release decides between a click and a drag. */
  if (studio_board_scene_get_editing (self->scene))
    {
      studio_board_scene_drag_begin (self->scene, cell);
      self->press_dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }

  /* A press on a destination of the selected piece plays the move
   * (click-click); a press on a piece that can move picks it up. */
  if (self->press_selected != CHEOPS_CELL_NONE &&
      cell != CHEOPS_CELL_NONE &&
      cheops_cellset_has (studio_board_scene_get_destinations (self->scene), cell))
    {
      studio_board_scene_click (self->scene, cell);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }

  if (studio_board_scene_drag_begin (self->scene, cell))
    {
      self->press_dragging = TRUE;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
  else
    studio_board_scene_clear_selection (self->scene);
}

static void
primary_drag_update_cb (StudioBoardView *self,
                        double           dx,
                        double           dy,
                        GtkGestureDrag  *gesture)
{
  if (!self->press_dragging)
    return;

  if (!self->press_moved &&
      gtk_drag_check_threshold (GTK_WIDGET (self), 0, 0, (int) dx, (int) dy))
    self->press_moved = TRUE;

  if (self->press_moved)
    studio_board_scene_drag_motion (self->scene, self->press_x + dx, self->press_y + dy);
}

static void
primary_drag_end_cb (StudioBoardView *self,
                     double           dx,
                     double           dy,
                     GtkGestureDrag  *gesture)
{
  if (!self->press_dragging)
    return;

  self->press_dragging = FALSE;

  if (studio_board_scene_get_editing (self->scene))
    {
      CheopsCell cell = studio_board_view_cell_at (self, self->press_x + dx, self->press_y + dy);

      if (self->press_moved && studio_board_scene_get_drag (self->scene, NULL, NULL, NULL))
        studio_board_scene_drag_end (self->scene, cell);
      else
        {
          studio_board_scene_drag_cancel (self->scene);
          if (cell == self->press_cell)
            studio_board_scene_edit_click (self->scene, cell, TRUE);
        }
      return;
    }

  if (self->press_moved)
    {
      CheopsCell cell = studio_board_view_cell_at (self, self->press_x + dx, self->press_y + dy);

      studio_board_scene_drag_end (self->scene, cell);
    }
  else
    {
      /* A click: picking the piece up again puts it down. */
      studio_board_scene_drag_end (self->scene, self->press_cell);
      if (self->press_selected == self->press_cell)
        studio_board_scene_clear_selection (self->scene);
    }
}

static void
primary_drag_cancel_cb (StudioBoardView  *self,
                        GdkEventSequence *sequence,
                        GtkGesture       *gesture)
{
  self->press_dragging = FALSE;
  if (self->scene != NULL)
    studio_board_scene_drag_cancel (self->scene);
}

static void
secondary_drag_begin_cb (StudioBoardView *self,
                         double           x,
                         double           y,
                         GtkGestureDrag  *gesture)
{
  GdkModifierType state;

  state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture));
  self->arrow_from = studio_board_view_cell_at (self, x, y);
  self->arrow_to = CHEOPS_CELL_NONE;
  self->arrow_brush = brush_from_state (state);
  if (self->scene != NULL)
    studio_board_scene_clear_selection (self->scene);
}

static void
secondary_drag_update_cb (StudioBoardView *self,
                          double           dx,
                          double           dy,
                          GtkGestureDrag  *gesture)
{
  double x, y;
  CheopsCell to;

  if (self->arrow_from == CHEOPS_CELL_NONE ||
      (self->scene != NULL && studio_board_scene_get_editing (self->scene)))
    return;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  to = studio_board_view_cell_at (self, x + dx, y + dy);
  if (to == self->arrow_from)
    to = CHEOPS_CELL_NONE;
  if (to != self->arrow_to)
    {
      self->arrow_to = to;
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
secondary_drag_end_cb (StudioBoardView *self,
                       double           dx,
                       double           dy,
                       GtkGestureDrag  *gesture)
{
  double x, y;
  CheopsCell to;

  if (self->arrow_from == CHEOPS_CELL_NONE || self->scene == NULL)
    return;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);
  to = studio_board_view_cell_at (self, x + dx, y + dy);
  if (studio_board_scene_get_editing (self->scene))
    {
      /* Setting up a position: a secondary click empties the cell. */
      if (to == self->arrow_from)
        studio_board_scene_edit_click (self->scene, to, FALSE);
    }
  else if (to != CHEOPS_CELL_NONE)
    studio_board_scene_toggle_shape (self->scene, self->arrow_from, to, self->arrow_brush);

  self->arrow_from = self->arrow_to = CHEOPS_CELL_NONE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* board.play (s): plays a move given as machine text ("g1h2") through the
 * same path as a move made with the pointer. */
static void
studio_board_view_play_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *param)
{
  StudioBoardView *self = (StudioBoardView *)widget;
  const char *text = g_variant_get_string (param, NULL);
  CheopsCell from, to;
  size_t len;

  if (self->scene == NULL)
    return;

  from = cheops_laws_cell_parse (text, &len);
  if (from == CHEOPS_CELL_NONE)
    return;
  to = cheops_laws_cell_parse (text + len, NULL);
  if (to == CHEOPS_CELL_NONE)
    return;

  if (!studio_board_scene_play (self->scene, from, to))
    gtk_widget_error_bell (widget);
}

static void
studio_board_view_flip_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *param)
{
  StudioBoardView *self = (StudioBoardView *)widget;

  if (self->scene != NULL)
    studio_board_scene_set_flipped (self->scene, !studio_board_scene_get_flipped (self->scene));
}

static void
studio_board_view_dispose (GObject *object)
{
  StudioBoardView *self = (StudioBoardView *)object;

  studio_board_view_clear_caches (self);

  if (self->scene != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->scene);
      g_clear_object (&self->scene);
    }

  G_OBJECT_CLASS (studio_board_view_parent_class)->dispose (object);
}

static void
studio_board_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  StudioBoardView *self = STUDIO_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENE:
      g_value_set_object (value, self->scene);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_board_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  StudioBoardView *self = STUDIO_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_SCENE:
      studio_board_view_set_scene (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_board_view_class_init (StudioBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_board_view_dispose;
  object_class->get_property = studio_board_view_get_property;
  object_class->set_property = studio_board_view_set_property;

  widget_class->snapshot = studio_board_view_snapshot;
  widget_class->measure = studio_board_view_measure;

  /**
   * StudioBoardView:scene:
   *
   * The view-model drawn and driven by this view.
   */
  properties [PROP_SCENE] =
    g_param_spec_object ("scene", NULL, NULL,
                         STUDIO_TYPE_BOARD_SCENE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "board.play", "s", studio_board_view_play_action);
  gtk_widget_class_install_action (widget_class, "board.flip", NULL, studio_board_view_flip_action);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
studio_board_view_init (StudioBoardView *self)
{
  GtkGesture *gesture;

  self->press_cell = CHEOPS_CELL_NONE;
  self->press_selected = CHEOPS_CELL_NONE;
  self->arrow_from = CHEOPS_CELL_NONE;
  self->arrow_to = CHEOPS_CELL_NONE;

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (primary_drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (primary_drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (primary_drag_end_cb), self);
  g_signal_connect_swapped (gesture, "cancel", G_CALLBACK (primary_drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect_swapped (gesture, "drag-begin", G_CALLBACK (secondary_drag_begin_cb), self);
  g_signal_connect_swapped (gesture, "drag-update", G_CALLBACK (secondary_drag_update_cb), self);
  g_signal_connect_swapped (gesture, "drag-end", G_CALLBACK (secondary_drag_end_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);

  /* A scene of its own until another is set. */
  {
    g_autoptr(StudioBoardScene) scene = studio_board_scene_new ();

    studio_board_view_set_scene (self, scene);
  }
}

/**
 * studio_board_view_new:
 *
 * Returns: (transfer floating): a board view with its own scene
 */
GtkWidget *
studio_board_view_new (void)
{
  return g_object_new (STUDIO_TYPE_BOARD_VIEW, NULL);
}

/**
 * studio_board_view_get_scene:
 * @self: a #StudioBoardView
 *
 * Returns: (transfer none) (nullable): the scene
 */
StudioBoardScene *
studio_board_view_get_scene (StudioBoardView *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_VIEW (self), NULL);

  return self->scene;
}

/**
 * studio_board_view_set_scene:
 * @self: a #StudioBoardView
 * @scene: (nullable): the scene to show
 */
void
studio_board_view_set_scene (StudioBoardView  *self,
                             StudioBoardScene *scene)
{
  g_return_if_fail (STUDIO_IS_BOARD_VIEW (self));
  g_return_if_fail (scene == NULL || STUDIO_IS_BOARD_SCENE (scene));

  if (self->scene == scene)
    return;

  if (self->scene != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->scene);
      g_clear_object (&self->scene);
    }

  if (scene != NULL)
    {
      self->scene = g_object_ref (scene);
      self->changed_handler = g_signal_connect_swapped (scene, "changed",
                                                        G_CALLBACK (gtk_widget_queue_draw),
                                                        self);
    }

  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SCENE]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * studio_board_view_cell_at:
 * @self: a #StudioBoardView
 * @x: a point in widget coordinates (pixels)
 * @y: a point in widget coordinates (pixels)
 *
 * Returns: the cell under the point, or CHEOPS_CELL_NONE off the board
 */
CheopsCell
studio_board_view_cell_at (StudioBoardView *self,
                           double           x,
                           double           y)
{
  double bx, by;

  g_return_val_if_fail (STUDIO_IS_BOARD_VIEW (self), CHEOPS_CELL_NONE);

  studio_board_view_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)));
  if (self->scale <= 0)
    return CHEOPS_CELL_NONE;

  bx = (x - self->origin_x) / self->scale;
  by = (self->origin_y - y) / (self->scale * SQRT3);
  if (self->scene != NULL && studio_board_scene_get_flipped (self->scene))
    bx = BOARD_WIDTH - bx;

  return cheops_laws_cell_at_point (bx, by);
}

/**
 * studio_board_view_cell_center:
 * @self: a #StudioBoardView
 * @cell: a cell
 * @x: (out): the centre of @cell in widget coordinates
 * @y: (out): the centre of @cell in widget coordinates
 *
 * Returns: %FALSE when the widget has no size yet
 */
gboolean
studio_board_view_cell_center (StudioBoardView *self,
                               CheopsCell       cell,
                               double          *x,
                               double          *y)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (cell < CHEOPS_LAWS_CELL_NB, FALSE);

  studio_board_view_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)));
  if (self->scale <= 0)
    return FALSE;

  studio_board_view_center (self, cell, x, y);

  return TRUE;
}
