/* studio-board-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioBoardView: the board widget.  It draws a StudioBoardScene with Cairo
 * in its snapshot (gtk_snapshot_append_cairo) and turns pointer gestures
 * into scene calls.  It knows no game: everything it draws is the data of
 * the position's variant (cheops-variant.h) — the cells' polygons by shade,
 * the zones by their style, the outline, the edge labels, and the pieces'
 * marks (CheopsMarkOp, read by one interpreter,
 * studio_board_view_draw_piece_mark()) in the colours of the sides.  Board
 * units are the variant's (x to the right, y upward, true proportions); a
 * unit is `scale` pixels, and the layout fits the board's bounding box and
 * the room for its labels (CheopsBoardShape.margin) into the widget.  A
 * flip turns the board as the variant says (Cheops mirrors it, others
 * take a half turn).  Hit-testing maps a pointer back to board units and
 * asks cheops_variant_cell_at_point().
 *
 * Gestures: primary button click-click and drag-and-drop; secondary button
 * drag draws an arrow and a click marks a cell, with the colour from the
 * modifiers: none Green, Shift Red, Alt (or Ctrl) Blue, Shift+Alt (or
 * Shift+Ctrl) Yellow.  A move that from and to do not identify (a
 * promotion with a choice, or which part of a stack moves) opens a popover
 * at the target listing the choices with their marks and names, in rows of
 * five; Escape cancels it and the piece goes back.  A click on a selected
 * piece that moves in parts (a Pyramids stack, PY7) opens a popover of its
 * parts (::parts-requested); the part chosen is then selected, and while
 * it is dragged the rest of the stack stays drawn on its cell.  The
 * tooltip over a cell names its piece (studio_board_view_dup_cell_tooltip()).
 * While the scene is in editing mode (setting up a position) a
 * click of either button goes to studio_board_scene_edit_click() and a
 * piece can be dragged anywhere, or off the board.
 *
 * Two-part moves (CHEOPS_MOVE_COMPOUND): while the scene waits for a second
 * part its first part is drawn played and the pieces that may make the
 * second are marked with an amber ring; Escape plays the first part alone.
 * Drops: a variant with drop_kinds has a pocket on the right of the board
 * for each side (the bottom side's below, the other's above): each kind's
 * mark with the count in hand (pos->hand); a click or a drag from the
 * side to move's pocket picks a piece up, and only its playable drops'
 * targets are shown.
 *
 * HiDPI: the caches (the board layer, the piece sprites) are drawn at the
 * widget's scale factor, so the board is as sharp at GDK_SCALE=2 as at 1.
 *
 * Accessibility: the board is a GTK_ACCESSIBLE_ROLE_GRID whose children
 * are one StudioBoardCell per cell (studio-board-cell.c), allocated over
 * the cells, labelled with the cell's name and contents from the variant
 * ("e4, Orange Queen"), SELECTED when selected, described as a legal
 * target when the selected piece may go there; the board's description
 * names the selection and its targets, and its ACTIVE_DESCENDANT is the
 * selected cell.  Colour themes: studio-board-theme.h.
 */
#define G_LOG_DOMAIN "studio-board-view"

#include "studio-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "cheops-board-painter.h"
#include "studio-board-cell.h"
#include "studio-board-theme.h"
#include "studio-board-view.h"
#include "studio-palette.h"

/* The smallest size of the coordinates, in pixels: readable on the small
 * board of a narrow window. */
#define MIN_LABEL_PX 9.0

/* Piece kinds are 1..31 (cheops-types.h). */
#define PIECE_KINDS 32

struct _StudioBoardView
{
  GtkWidget         parent_instance;

  StudioBoardScene *scene;
  gulong            changed_handler;
  gulong            choice_handler;
  gulong            parts_handler;

  /* Layout of the last allocation (the painter shared with diagrams:
   * pixels per board unit, where board point (0, 0) lies, the pockets),
   * for the variant it was made for. */
  CheopsBoardPainter painter;

  /* Primary-button press. */
  CheopsCell        press_cell;
  CheopsCell        press_selected;
  double            press_x;
  double            press_y;

  /* Secondary-button drag: the arrow being drawn. */
  CheopsCell        arrow_from;
  CheopsCell        arrow_to;
  StudioBrush       arrow_brush;

  /* The promotion popover, while a choice is asked. */
  GtkWidget        *choice_popover;
  /* The popover of the parts of a stack, while it is open. */
  GtkWidget        *parts_popover;

  /* Caches, so that a frame is mostly two image copies: the board with its
   * coordinates (drawn again only when the size, the variant, the
   * orientation, the device scale or the text colour change), and one
   * sprite per piece mark and colour (drawn again when the size, the
   * variant or the scale change). */
  cairo_surface_t  *board_cache;
  int               board_cache_width;
  int               board_cache_height;
  double            board_cache_device_scale;
  const CheopsVariant *board_cache_variant;
  gboolean          board_cache_flipped;
  GdkRGBA           board_cache_fg;
  cairo_surface_t  *sprites[2][PIECE_KINDS];
  const CheopsVariant *sprites_variant;
  double            sprites_radius;
  double            sprites_device_scale;
  int               sprite_size;

  /* The device scale of the frame being drawn. */
  double            device_scale;

  /* The accessible cells (StudioBoardCell children, borrowed: unparented
   * in dispose), by cell index, for the variant they were made for. */
  GPtrArray        *cells;
  const CheopsVariant *cells_variant;
  gboolean          cells_flipped;

  /* The colour theme (studio-board-theme.h). */
  StudioBoardTheme  theme;
  StudioBoardTheme  board_cache_theme;
  gboolean          dark_style;         /* libadwaita's dark style, at the last frame */
  gboolean          board_cache_dark;

  guint             press_moved : 1;
  guint             press_dragging : 1;
};

enum {
  PROP_0,
  PROP_SCENE,
  PROP_THEME,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (StudioBoardView, studio_board_view, GTK_TYPE_WIDGET)

static GParamSpec *properties [N_PROPS];

static void studio_board_view_clear_caches (StudioBoardView *self);
static void studio_board_view_close_parts (StudioBoardView *self);

static inline const CheopsVariant *
studio_board_view_variant (StudioBoardView *self)
{
  return studio_board_scene_get_position (self->scene)->variant;
}

static inline const CheopsBoardShape *
studio_board_view_board (StudioBoardView *self)
{
  return studio_board_view_variant (self)->board;
}

static void
theme_shade_rgb (const CheopsBoardShape *board,
                 int                     shade,
                 double                  rgb[3],
                 gpointer                data)
{
  studio_board_theme_shade_rgb (((StudioBoardView *) data)->theme, board, shade,
                                ((StudioBoardView *) data)->dark_style, rgb);
}

static void
theme_edge_rgb (const CheopsBoardShape *board,
                double                  rgb[3],
                gpointer                data)
{
  studio_board_theme_edge_rgb (((StudioBoardView *) data)->theme, board,
                               ((StudioBoardView *) data)->dark_style, rgb);
}

/* The painter, told the scene's flip and colours and the theme's
 * (studio-board-theme.h). */
static inline CheopsBoardPainter *
studio_board_view_painter (StudioBoardView *self)
{
  const StudioBoardThemeInfo *theme = studio_board_theme_get_info (self->theme);

  if (self->scene != NULL)
    {
      self->painter.flipped = studio_board_scene_get_flipped (self->scene);
      self->painter.first_side = studio_board_scene_get_green_side (self->scene);
    }
  self->painter.style.shade_rgb = theme_shade_rgb;
  self->painter.style.edge_rgb = theme_edge_rgb;
  self->painter.style.data = self;
  self->painter.style.label_alpha = theme->label_alpha;
  self->painter.style.min_label_px = MIN_LABEL_PX;
  self->painter.style.last_move = theme->last_move;
  return &self->painter;
}

/* Board units to widget pixels, honouring the flip. */
static inline void
studio_board_view_to_pixels (StudioBoardView *self,
                             double           bx,
                             double           by,
                             double          *px,
                             double          *py)
{
  cheops_board_painter_to_pixels (studio_board_view_painter (self), bx, by, px, py);
}

/* Widget pixels to board units, honouring the flip. */
static inline void
studio_board_view_to_board (StudioBoardView *self,
                            double           px,
                            double           py,
                            double          *bx,
                            double          *by)
{
  cheops_board_painter_to_board (studio_board_view_painter (self), px, py, bx, by);
}

static void
studio_board_view_layout (StudioBoardView *self,
                          int              width,
                          int              height)
{
  if (self->scene == NULL)
    {
      self->painter.scale = 0;
      return;
    }
  cheops_board_painter_layout (&self->painter, studio_board_view_variant (self),
                               studio_board_scene_get_flipped (self->scene), width, height);
  studio_board_view_painter (self);
}

static void
studio_board_view_cell_path (StudioBoardView *self,
                             cairo_t         *cr,
                             CheopsCell       cell)
{
  cheops_board_painter_cell_path (studio_board_view_painter (self), cr, cell);
}

/* The centre of @cell (where its piece stands) in pixels. */
static void
studio_board_view_center (StudioBoardView *self,
                          CheopsCell       cell,
                          double          *px,
                          double          *py)
{
  cheops_board_painter_center (studio_board_view_painter (self), cell, px, py);
}

/* The radius of the smallest cell's inscribed circle, in pixels. */
static inline double
studio_board_view_inradius (StudioBoardView *self)
{
  return cheops_board_painter_inradius (&self->painter);
}

/* The widget's CSS colour, as the painter takes it. */
static void
studio_board_view_fg (StudioBoardView *self,
                      double           fg[3])
{
  GdkRGBA rgba;

  /* gtk_widget_get_color() is GTK 4.10; this is the 4.8 way. */
  gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &rgba);
  fg[0] = rgba.red;
  fg[1] = rgba.green;
  fg[2] = rgba.blue;
}

static void
studio_board_view_draw_coordinates (StudioBoardView *self,
                                    cairo_t         *cr)
{
  double fg[3];

  studio_board_view_fg (self, fg);
  cheops_board_painter_draw_coordinates (studio_board_view_painter (self), cr, fg);
}

static void
studio_board_view_fill_cell (StudioBoardView *self,
                             cairo_t         *cr,
                             CheopsCell       cell,
                             double r, double g, double b, double a)
{
  cheops_board_painter_fill_cell (studio_board_view_painter (self), cr, cell, r, g, b, a);
}

static void
studio_board_view_draw_highlights (StudioBoardView *self,
                                   cairo_t         *cr)
{
  CheopsMove last = studio_board_scene_get_last_move (self->scene);
  CheopsCell selected = studio_board_scene_get_selected (self->scene);
  CheopsCell check = studio_board_scene_get_check_cell (self->scene);
  const StudioBoardThemeInfo *theme = studio_board_theme_get_info (self->theme);
  const double *sel = theme->selected;
  const CheopsMove *choices;
  guint n_choices;

  cheops_board_painter_draw_last_move (studio_board_view_painter (self), cr, last);

  if (selected != CHEOPS_CELL_NONE)
    studio_board_view_fill_cell (self, cr, selected, sel[0], sel[1], sel[2], 0.45);

  /* A two-part move waiting for its second part: its first part's cells as
   * the selection, and an amber ring on each piece that may move next. */
  {
    CheopsMove pending = studio_board_scene_get_pending (self->scene);
    CheopsCellSet next = studio_board_scene_get_continuations (self->scene);
    double r = studio_board_view_inradius (self);

    if (pending != CHEOPS_MOVE_NONE)
      {
        studio_board_view_fill_cell (self, cr, cheops_move_from (pending), sel[0], sel[1], sel[2], 0.30);
        studio_board_view_fill_cell (self, cr, cheops_move_to (pending), sel[0], sel[1], sel[2], 0.45);
      }
    while (next != CHEOPS_CELLSET_EMPTY)
      {
        CheopsCell cell = cheops_cellset_pop (&next);
        double cx, cy;

        studio_board_view_fill_cell (self, cr, cell, 1.0, 0.72, 0.0, 0.30);
        studio_board_view_center (self, cell, &cx, &cy);
        cairo_new_sub_path (cr);
        cairo_arc (cr, cx, cy, r * 0.97, 0, 2 * G_PI);
        cairo_set_source_rgba (cr, 0.80, 0.45, 0.0, 0.95);
        cairo_set_line_width (cr, MAX (2.0, r * 0.14));
        cairo_stroke (cr);
      }
  }

  /* A move waiting for its choice: its cells as the selection. */
  choices = studio_board_scene_get_choices (self->scene, &n_choices);
  if (n_choices > 0)
    {
      studio_board_view_fill_cell (self, cr, cheops_move_from (choices[0]), sel[0], sel[1], sel[2], 0.45);
      studio_board_view_fill_cell (self, cr, cheops_move_to (choices[0]), sel[0], sel[1], sel[2], 0.45);
    }

  cheops_board_painter_draw_check (studio_board_view_painter (self), cr, check,
                                   studio_board_scene_get_checklock (self->scene));
}

/**
 * studio_board_view_draw_piece_mark:
 * @cr: a Cairo context
 * @variant: the variant whose piece it is
 * @type: a piece kind of @variant (1 .. n_piece_types - 1)
 * @colours: the colours to draw it in: an entry of @variant's sides[]
 *   (which side has which is the scene's to say,
 *   studio_board_scene_get_side_colours())
 * @cx: the centre, in @cr's user units (pixels on the board)
 * @cy: the centre, in @cr's user units
 * @radius: the mark's radius (its unit: a full disc, as Cheops's officers',
 *   has this radius), in the same units; the shadow and outline reach
 *   about 1.1 × @radius
 *
 * Draws the mark of a piece of kind @type (CheopsPieceInfo.mark: a list of
 * CheopsMarkOp ending with CHEOPS_MARK_END) as the board draws it, so that
 * other widgets (the set-up palette, the promotion popover) show the very
 * same pieces: cheops_draw_piece_mark() of the board painter, which
 * diagrams draw with too.  DISC draws the piece's disc, with a soft shadow and lit
 * from above, in @colours' fill with its outline, and the CUTOUT steps
 * right after it are cut out of it (even-odd); the other steps draw in
 * white: FILL a polygon filled and outlined, STROKE a polyline, SEGMENTS
 * separate segments, RING a circle, DOT a disc, TEXT a text (bold, outlined
 * in @colours' outline).  Does
 * nothing for a kind @variant does not have.
 */
void
studio_board_view_draw_piece_mark (cairo_t              *cr,
                                   const CheopsVariant  *variant,
                                   CheopsPieceType       type,
                                   const CheopsSideInfo *colours,
                                   double                cx,
                                   double                cy,
                                   double                radius)
{
  g_return_if_fail (variant != NULL && colours != NULL);

  cheops_draw_piece_mark (cr, variant, type, colours, cx, cy, radius);
}

static void
studio_board_view_clear_sprites (StudioBoardView *self)
{
  for (guint c = 0; c < 2; c++)
    for (guint t = 0; t < PIECE_KINDS; t++)
      g_clear_pointer (&self->sprites[c][t], cairo_surface_destroy);
  self->sprites_radius = 0;
}

static void
studio_board_view_clear_caches (StudioBoardView *self)
{
  g_clear_pointer (&self->board_cache, cairo_surface_destroy);
  studio_board_view_clear_sprites (self);
}

/* An image surface at the frame's device scale, @width × @height in user
 * units. */
static cairo_surface_t *
create_similar (StudioBoardView *self,
                cairo_t         *cr,
                int              width,
                int              height)
{
  cairo_surface_t *target = cairo_get_target (cr);
  cairo_surface_t *surface;
  double s = self->device_scale;

  surface = cairo_surface_create_similar_image (target, CAIRO_FORMAT_ARGB32,
                                                (int) ceil (width * s), (int) ceil (height * s));
  cairo_surface_set_device_scale (surface, s, s);

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
  const CheopsVariant *variant = studio_board_view_variant (self);
  const CheopsSideInfo *colours = studio_board_scene_get_side_colours (self->scene, cheops_piece_side (piece));
  guint colour = colours == &variant->sides[0] ? 0 : 1;
  CheopsPieceType type = cheops_piece_type (piece);
  cairo_surface_t **sprite;

  if (type <= CHEOPS_NO_PIECE_TYPE || type >= variant->n_piece_types || type >= PIECE_KINDS)
    return;

  if (self->sprites_radius != r || self->sprites_variant != variant ||
      self->sprites_device_scale != self->device_scale)
    {
      studio_board_view_clear_sprites (self);
      self->sprites_radius = r;
      self->sprites_variant = variant;
      self->sprites_device_scale = self->device_scale;
      self->sprite_size = (int) ceil (r * 2.6);
    }

  sprite = &self->sprites[colour][type];
  if (*sprite == NULL)
    {
      cairo_t *scr;

      *sprite = create_similar (self, cr, self->sprite_size, self->sprite_size);
      scr = cairo_create (*sprite);
      studio_board_view_draw_piece_mark (scr, variant, type, colours,
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

/* The piece that moves from @from: the part chosen of a stack
 * (studio_board_scene_select_part()), else the whole piece. */
static CheopsPiece
studio_board_view_moving_piece (StudioBoardView *self,
                                CheopsCell       from)
{
  const CheopsPosition *pos = studio_board_scene_get_position (self->scene);
  CheopsPiece piece = pos->board[from];
  guint part;

  if (piece != CHEOPS_NO_PIECE && studio_board_scene_get_selected (self->scene) == from &&
      studio_board_scene_get_selected_part (self->scene, &part) && part != 0)
    {
      CheopsPieceType type = studio_board_scene_part_type (self->scene, from, part);

      if (type != CHEOPS_NO_PIECE_TYPE)
        return cheops_piece_make (cheops_piece_side (piece), type);
    }
  return piece;
}

/* What stays on @from while the piece moving from it is dragged: the rest
 * of a stack whose part moves, else nothing. */
static CheopsPiece
studio_board_view_staying_piece (StudioBoardView *self,
                                 CheopsCell       from)
{
  const CheopsPosition *pos = studio_board_scene_get_position (self->scene);
  CheopsPiece moving = studio_board_view_moving_piece (self, from);

  if (moving == pos->board[from] || pos->variant->f.unstack_piece == NULL)
    return CHEOPS_NO_PIECE;
  return pos->variant->f.unstack_piece (pos->board[from], moving);
}

static void
studio_board_view_draw_piece_flags (StudioBoardView *self,
                                    cairo_t         *cr,
                                    unsigned         flags,
                                    double           cx,
                                    double           cy,
                                    double           r)
{
  cheops_board_painter_draw_piece_flags (cr, flags, cx, cy, r);
}

static void
studio_board_view_draw_pieces (StudioBoardView *self,
                               cairo_t         *cr)
{
  const CheopsPosition *pos = studio_board_scene_get_position (self->scene);
  double r = studio_board_view_inradius (self) * 0.84;
  CheopsCell drag_from;
  gboolean dragging;
  const CheopsMove *choices;
  guint n_choices;
  CheopsCell choice_from = CHEOPS_CELL_NONE, choice_to = CHEOPS_CELL_NONE;

  dragging = studio_board_scene_get_drag (self->scene, &drag_from, NULL, NULL);

  /* A move waiting for its choice: the piece stands on its target (a
   * choice of part: it stays until the part is known). */
  choices = studio_board_scene_get_choices (self->scene, &n_choices);
  if (n_choices > 0 && !studio_board_scene_get_choice_is_part (self->scene))
    {
      choice_from = cheops_move_from (choices[0]);
      choice_to = cheops_move_to (choices[0]);
    }
  /* So does the first part of a two-part move waiting for its second. */
  if (studio_board_scene_get_pending (self->scene) != CHEOPS_MOVE_NONE)
    {
      choice_from = cheops_move_from (studio_board_scene_get_pending (self->scene));
      choice_to = cheops_move_to (studio_board_scene_get_pending (self->scene));
    }

  for (CheopsCell cell = 0; cell < pos->variant->board->n_cells; cell++)
    {
      CheopsPiece piece = pos->board[cell];
      double cx, cy;

      if (cell == choice_from)
        continue;
      if (cell == choice_to)
        piece = pos->board[choice_from];
      if (piece == CHEOPS_NO_PIECE)
        continue;

      studio_board_view_center (self, cell, &cx, &cy);
      if (!dragging && studio_board_view_staying_piece (self, cell) != CHEOPS_NO_PIECE)
        {
          /* A part of a stack chosen to move: it is lifted off the rest. */
          studio_board_view_draw_piece (self, cr, studio_board_view_staying_piece (self, cell), cx, cy, r, 1.0);
          studio_board_view_draw_piece (self, cr, studio_board_view_moving_piece (self, cell),
                                        cx, cy - r * 0.45, r, 1.0);
          continue;
        }
      if (dragging && cell == drag_from && studio_board_view_staying_piece (self, cell) != CHEOPS_NO_PIECE)
        {
          /* Part of a stack dragged: the rest stays, as it will. */
          studio_board_view_draw_piece (self, cr, studio_board_view_staying_piece (self, cell), cx, cy, r, 1.0);
          continue;
        }
      studio_board_view_draw_piece (self, cr, piece, cx, cy, r,
                                    dragging && cell == drag_from ? 0.3 : 1.0);
      if (cell != choice_to)
        studio_board_view_draw_piece_flags (self, cr, cheops_position_piece_flags (pos, cell), cx, cy, r);
    }
}

static void
studio_board_view_draw_destinations (StudioBoardView *self,
                                     cairo_t         *cr)
{
  const CheopsPosition *pos = studio_board_scene_get_position (self->scene);
  CheopsCellSet set = studio_board_scene_get_destinations (self->scene);
  double r = studio_board_view_inradius (self);
  const StudioBoardThemeInfo *theme = studio_board_theme_get_info (self->theme);

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
          cairo_set_source_rgba (cr, theme->target_ring[0], theme->target_ring[1], theme->target_ring[2], 0.85);
          cairo_stroke (cr);
        }
      else
        {
          cairo_arc (cr, cx, cy, r * 0.4 + halo, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, 1.0, 0.98, 0.92, 0.75);
          cairo_fill (cr);
          cairo_arc (cr, cx, cy, r * 0.4, 0, 2 * G_PI);
          cairo_set_source_rgba (cr, theme->selected[0], theme->selected[1], theme->selected[2], 0.85);
          cairo_fill (cr);
        }
    }
}
static void
studio_board_view_draw_arrow_full (StudioBoardView   *self,
                                   cairo_t           *cr,
                                   const StudioShape *shape,
                                   double             width_factor,
                                   double             alpha,
                                   gboolean           dashed)
{
  cheops_board_painter_draw_arrow (studio_board_view_painter (self), cr, shape->from, shape->to, shape->brush,
                                   width_factor, alpha, dashed);
}

static void
studio_board_view_draw_arrow (StudioBoardView   *self,
                              cairo_t           *cr,
                              const StudioShape *shape,
                              double             width_factor,
                              double             alpha)
{
  studio_board_view_draw_arrow_full (self, cr, shape, width_factor, alpha, FALSE);
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
    studio_board_view_draw_arrow (self, cr, engine, 0.7, 0.7);

  /* The threat (threat mode): red, thin, and seen through in dashes, so
   * that it is not read as a move to play. */
  engine = studio_board_scene_get_threat_arrow (self->scene);
  if (engine != NULL)
    studio_board_view_draw_arrow_full (self, cr, engine, 0.7, 0.85, TRUE);

  shapes = studio_board_scene_get_shapes (self->scene, &n_shapes);
  for (guint i = 0; i < n_shapes; i++)
    studio_board_view_draw_arrow (self, cr, &shapes[i], 1.0, 0.8);

  if (self->arrow_from != CHEOPS_CELL_NONE && self->arrow_to != CHEOPS_CELL_NONE)
    {
      StudioShape preview = { self->arrow_from, self->arrow_to, self->arrow_brush };

      studio_board_view_draw_arrow (self, cr, &preview, 1.0, 0.5);
    }
}

static void
studio_board_view_pocket_slot (StudioBoardView *self,
                               CheopsSide       side,
                               guint            index,
                               double          *px,
                               double          *py)
{
  cheops_board_painter_pocket_slot (studio_board_view_painter (self), side, index, px, py);
}

static void
draw_piece_cb (cairo_t     *cr,
               CheopsPiece  piece,
               double       cx,
               double       cy,
               double       r,
               double       alpha,
               gpointer     user_data)
{
  studio_board_view_draw_piece (user_data, cr, piece, cx, cy, r, alpha);
}

/* The pockets: each side's pieces in hand, by kind, with their counts; the
 * kind picked up (or dragged) by the side to move highlighted. */
static void
studio_board_view_draw_pockets (StudioBoardView *self,
                                cairo_t         *cr)
{
  double fg[3];

  studio_board_view_fg (self, fg);
  cheops_board_painter_draw_pockets (studio_board_view_painter (self), cr,
                                     studio_board_scene_get_position (self->scene), fg,
                                     studio_board_scene_get_drop_type (self->scene),
                                     studio_board_scene_get_drag (self->scene, NULL, NULL, NULL),
                                     draw_piece_cb, self);
}

/* The move's glyph (issue 22) as a badge at the cell of the piece that
 * moved, as Lichess and En Croissant show it: a disc in the glyph's colour
 * (studio_palette_glyph_badge()) on the cell's corner nearest the top
 * right of the screen, taken from the cell's own outline (the variant's
 * polygon, as the painter draws it: a square's corner, a triangle's or a
 * hexagon's vertex), drawn over the pieces. */
static void
studio_board_view_draw_glyph (StudioBoardView *self,
                              cairo_t         *cr)
{
  CheopsCell cell = CHEOPS_CELL_NONE;
  guint8 nag = studio_board_scene_get_glyph (self->scene, &cell);
  double fill[3], text[3];
  const char *symbol = studio_palette_glyph_badge (nag, fill, text);
  double cx, cy, vx = 0, vy = 0, best = -G_MAXDOUBLE, r, bx, by;
  cairo_path_t *path;
  g_autoptr(PangoLayout) layout = NULL;
  PangoFontDescription *font;
  PangoRectangle ink;

  if (symbol == NULL || cell == CHEOPS_CELL_NONE)
    return;

  cairo_save (cr);
  cairo_new_path (cr);
  studio_board_view_cell_path (self, cr, cell);
  path = cairo_copy_path_flat (cr);
  cairo_new_path (cr);
  for (int i = 0; i < path->num_data; i += path->data[i].header.length)
    if (path->data[i].header.type == CAIRO_PATH_MOVE_TO || path->data[i].header.type == CAIRO_PATH_LINE_TO)
      {
        double x = path->data[i + 1].point.x, y = path->data[i + 1].point.y;

        if (x - y > best)
          {
            best = x - y;
            vx = x;
            vy = y;
          }
      }
  cairo_path_destroy (path);
  if (best == -G_MAXDOUBLE)
    {
      cairo_restore (cr);
      return;
    }

  /* A little inside the corner, so that it stays on its cell's side of
   * the board's edge; its size from the smallest cell's. */
  studio_board_view_center (self, cell, &cx, &cy);
  r = MAX (8.0, studio_board_view_inradius (self) * 0.52);
  bx = vx + (cx - vx) * 0.22;
  by = vy + (cy - vy) * 0.22;

  cairo_arc (cr, bx, by, r, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, fill[0], fill[1], fill[2]);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_set_line_width (cr, MAX (1.0, r * 0.12));
  cairo_stroke (cr);

  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, r * (strlen (symbol) > 1 ? 1.05 : 1.3) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, symbol, -1);
  pango_layout_get_pixel_extents (layout, &ink, NULL);
  cairo_move_to (cr, bx - ink.x - ink.width / 2.0, by - ink.y - ink.height / 2.0);
  cairo_set_source_rgb (cr, text[0], text[1], text[2]);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

static void
studio_board_view_draw_scaled (StudioBoardView *self,
                               cairo_t         *cr,
                               int              width,
                               int              height,
                               double           device_scale)
{
  CheopsCell drag_from;
  double drag_x, drag_y;

  studio_board_view_layout (self, width, height);
  if (self->scene == NULL || self->painter.scale <= 0)
    return;

  self->device_scale = device_scale > 0 ? device_scale : 1.0;

  {
    GdkRGBA fg;
    gboolean flipped = studio_board_scene_get_flipped (self->scene);
    const CheopsVariant *variant = studio_board_view_variant (self);

    gtk_style_context_get_color (gtk_widget_get_style_context (GTK_WIDGET (self)), &fg);
    self->dark_style = adw_style_manager_get_dark (adw_style_manager_get_default ());
    if (self->board_cache == NULL || self->board_cache_dark != self->dark_style ||
        self->board_cache_width != width || self->board_cache_height != height ||
        self->board_cache_device_scale != self->device_scale ||
        self->board_cache_variant != variant ||
        self->board_cache_flipped != flipped || !gdk_rgba_equal (&self->board_cache_fg, &fg) ||
        self->board_cache_theme != self->theme)
      {
        cairo_t *bcr;

        g_clear_pointer (&self->board_cache, cairo_surface_destroy);
        self->board_cache = create_similar (self, cr, width, height);
        self->board_cache_width = width;
        self->board_cache_height = height;
        self->board_cache_device_scale = self->device_scale;
        self->board_cache_variant = variant;
        self->board_cache_flipped = flipped;
        self->board_cache_fg = fg;
        self->board_cache_theme = self->theme;
        self->board_cache_dark = self->dark_style;

        bcr = cairo_create (self->board_cache);
        cheops_board_painter_draw_cells (studio_board_view_painter (self), bcr);
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
  studio_board_view_draw_pockets (self, cr);
  studio_board_view_draw_shapes (self, cr);
  studio_board_view_draw_glyph (self, cr);

  if (studio_board_scene_get_drag (self->scene, &drag_from, &drag_x, &drag_y) && drag_x >= 0)
    {
      const CheopsPosition *pos = studio_board_scene_get_position (self->scene);
      CheopsCell under;
      double bx, by;

      /* In this frame's layout (the widget's may differ when drawing to
       * an image of another size). */
      studio_board_view_to_board (self, drag_x, drag_y, &bx, &by);
      under = cheops_variant_cell_at_point (pos->variant, bx, by);

      if (under != CHEOPS_CELL_NONE &&
          (studio_board_scene_get_editing (self->scene) ||
           cheops_cellset_has (studio_board_scene_get_destinations (self->scene), under)))
        {
          studio_board_view_cell_path (self, cr, under);
          cairo_set_source_rgba (cr, 0.08, 0.33, 0.12, 0.35);
          cairo_fill (cr);
        }

      /* A piece from the hand, or the piece (or part) moving from a cell. */
      studio_board_view_draw_piece (self, cr,
                                    drag_from == CHEOPS_CELL_NONE ? studio_board_scene_get_drag_piece (self->scene)
                                                                  : studio_board_view_moving_piece (self, drag_from),
                                    drag_x, drag_y,
                                    studio_board_view_inradius (self) * 0.84 * 1.12, 1.0);
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
 * coordinates, highlights, pieces, shapes and the dragged piece, with its
 * caches at the device scale of @cr's target.  The widget's snapshot draws
 * the same at its scale factor; benchmarks and tests call this on an image
 * surface.
 */
void
studio_board_view_draw (StudioBoardView *self,
                        cairo_t         *cr,
                        int              width,
                        int              height)
{
  double sx = 1, sy = 1;

  g_return_if_fail (STUDIO_IS_BOARD_VIEW (self));

  cairo_surface_get_device_scale (cairo_get_target (cr), &sx, &sy);
  studio_board_view_draw_scaled (self, cr, width, height, MAX (sx, sy));
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

  /* A Cairo node records what is drawn and is rendered at the window's
   * scale; the image caches are made at that scale too. */
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  studio_board_view_draw_scaled (self, cr, width, height, gtk_widget_get_scale_factor (widget));
  cairo_destroy (cr);
}

/* The promotion popover (a move that from and to do not identify). */

typedef struct {
  const CheopsVariant  *variant;
  CheopsPieceType       type;
  const CheopsSideInfo *colours;
} ChoiceMark;

static void
choice_mark_draw_cb (GtkDrawingArea *area,
                     cairo_t        *cr,
                     int             width,
                     int             height,
                     gpointer        user_data)
{
  ChoiceMark *mark = user_data;

  studio_board_view_draw_piece_mark (cr, mark->variant, mark->type, mark->colours,
                                     width / 2.0, height / 2.0, MIN (width, height) / 2.0 * 0.84);
}

static void
choice_clicked_cb (GtkButton       *button,
                   StudioBoardView *self)
{
  CheopsMove move = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "choice-move"));
  GtkWidget *popover = self->choice_popover;

  /* Chosen: closing the popover then cancels nothing. */
  self->choice_popover = NULL;
  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
  if (self->scene != NULL)
    studio_board_scene_choose (self->scene, move);
}

static gboolean
unparent_popover_cb (gpointer data)
{
  GtkWidget *popover = data;

  if (gtk_widget_get_parent (popover) != NULL)
    gtk_widget_unparent (popover);
  return G_SOURCE_REMOVE;
}

static void
choice_closed_cb (GtkPopover      *popover,
                  StudioBoardView *self)
{
  if (self->choice_popover == GTK_WIDGET (popover))
    {
      self->choice_popover = NULL;
      if (self->scene != NULL)
        studio_board_scene_cancel_choice (self->scene);
    }
  /* Unparented once it is closed (not inside its own signal). */
  g_idle_add_full (G_PRIORITY_DEFAULT, unparent_popover_cb, g_object_ref (popover), g_object_unref);
}

static void
studio_board_view_close_choice (StudioBoardView *self)
{
  GtkWidget *popover = self->choice_popover;

  self->choice_popover = NULL;
  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
}

/* A button of a choice popover: the mark of @type in @colours over its
 * name; @data is set on it as "choice-move". */
static GtkWidget *
choice_button_new (const CheopsVariant  *variant,
                   CheopsPieceType       type,
                   const CheopsSideInfo *colours,
                   const char           *key,
                   guint                 data)
{
  const char *name = type != CHEOPS_NO_PIECE_TYPE && type < variant->n_piece_types
                     ? variant->pieces[type].name : NULL;
  GtkWidget *button = gtk_button_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *area = gtk_drawing_area_new ();
  GtkWidget *label = gtk_label_new (name != NULL ? _(name) : "?");
  ChoiceMark *mark = g_new0 (ChoiceMark, 1);

  mark->variant = variant;
  mark->type = type;
  mark->colours = colours;
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 40);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 40);
  gtk_widget_set_halign (area, GTK_ALIGN_CENTER);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), choice_mark_draw_cb, mark, g_free);
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (box), area);
  gtk_box_append (GTK_BOX (box), label);
  gtk_button_set_child (GTK_BUTTON (button), box);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, name != NULL ? _(name) : NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name != NULL ? _(name) : "?",
                                  -1);
  g_object_set_data (G_OBJECT (button), key, GUINT_TO_POINTER (data));
  return button;
}

/* Lays @n buttons out: a row of up to 5 for a few, else a grid of 5
 * columns (the 15 pinos of Pyramids, 3 rows). */
static GtkWidget *
choice_grid_new (void)
{
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 2);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 2);
  gtk_grid_set_column_homogeneous (GTK_GRID (grid), TRUE);
  return grid;
}

#define CHOICE_COLUMNS 5

/* A popover pointing at @cell, its child @child. */
static GtkWidget *
studio_board_view_popover_at (StudioBoardView *self,
                              CheopsCell       cell,
                              GtkWidget       *child,
                              const char      *css_class)
{
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (GTK_WIDGET (self)));
  double cx, cy, r, wx = 0, wy = 0, above, below;

  gtk_widget_add_css_class (popover, css_class);
  gtk_widget_set_parent (popover, GTK_WIDGET (self));

  studio_board_view_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)));
  studio_board_view_center (self, cell, &cx, &cy);
  r = studio_board_view_inradius (self);
  gtk_popover_set_pointing_to (GTK_POPOVER (popover),
                               &(GdkRectangle) { (int) floor (cx - r), (int) floor (cy - r),
                                                 (int) ceil (2 * r), (int) ceil (2 * r) });

  /* Inside the window (issue 21: the fifteen parts of a Pyramid ran past
   * a 700 × 600 one): on the side of the cell with more room, and
   * scrolled if even that is too short. */
  if (root != NULL)
    gtk_widget_translate_coordinates (GTK_WIDGET (self), root, cx, cy, &wx, &wy);
  below = root != NULL ? gtk_widget_get_height (root) - (wy + r) : G_MAXINT;
  above = wy - r;
  gtk_popover_set_position (GTK_POPOVER (popover), below >= above ? GTK_POS_BOTTOM : GTK_POS_TOP);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_width (GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scroller), TRUE);
  if (root != NULL)
    gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller),
                                                MAX (120, (int) MAX (above, below) - 40));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), child);
  gtk_popover_set_child (GTK_POPOVER (popover), scroller);
  return popover;
}

/* ::choice-requested: a popover at the target lists the choices, each with
 * its mark and its name (a promotion's piece, or the part of a stack that
 * moves), in rows of five; Escape (or a click outside) cancels. */
static void
choice_requested_cb (StudioBoardView  *self,
                     StudioBoardScene *scene)
{
  const CheopsPosition *pos = studio_board_scene_get_position (scene);
  const CheopsVariant *variant = pos->variant;
  const CheopsMove *choices;
  guint n_choices;
  GtkWidget *popover, *grid;
  CheopsSide side;

  choices = studio_board_scene_get_choices (scene, &n_choices);
  if (n_choices == 0)
    return;

  studio_board_view_close_choice (self);
  studio_board_view_close_parts (self);

  side = cheops_piece_side (pos->board[cheops_move_from (choices[0])]);
  grid = choice_grid_new ();
  for (guint i = 0; i < n_choices; i++)
    {
      GtkWidget *button = choice_button_new (variant, studio_board_scene_choice_type (scene, choices[i]),
                                             studio_board_scene_get_side_colours (scene, side),
                                             "choice-move", choices[i]);

      g_signal_connect (button, "clicked", G_CALLBACK (choice_clicked_cb), self);
      gtk_grid_attach (GTK_GRID (grid), button, (int) (i % CHOICE_COLUMNS), (int) (i / CHOICE_COLUMNS), 1, 1);
    }
  popover = studio_board_view_popover_at (self, cheops_move_to (choices[0]), grid, "promotion-choice");
  g_signal_connect (popover, "closed", G_CALLBACK (choice_closed_cb), self);
  self->choice_popover = popover;
  gtk_popover_popup (GTK_POPOVER (popover));
}

/* The parts popover (a stack clicked again, Pyramids PY7). */

static void
part_clicked_cb (GtkButton       *button,
                 StudioBoardView *self)
{
  guint part = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "part"));
  CheopsCell cell = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "part-cell"));

  studio_board_view_close_parts (self);
  if (self->scene != NULL)
    studio_board_scene_select_part (self->scene, cell, part);
}

static void
parts_closed_cb (GtkPopover      *popover,
                 StudioBoardView *self)
{
  if (self->parts_popover == GTK_WIDGET (popover))
    self->parts_popover = NULL;
  g_idle_add_full (G_PRIORITY_DEFAULT, unparent_popover_cb, g_object_ref (popover), g_object_unref);
}

static void
studio_board_view_close_parts (StudioBoardView *self)
{
  GtkWidget *popover = self->parts_popover;

  self->parts_popover = NULL;
  if (popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (popover));
}

/* ::parts-requested: a popover at the stack lists the sets of checkers
 * that can move, the whole stack first, each drawn and named as the piece
 * it is on its own; choosing one selects it (its destinations shown).
 * Escape keeps the whole stack selected. */
static void
parts_requested_cb (StudioBoardView  *self,
                    guint             cell,
                    StudioBoardScene *scene)
{
  const CheopsPosition *pos = studio_board_scene_get_position (scene);
  guint parts[16];
  guint n = studio_board_scene_get_parts (scene, (CheopsCell) cell, parts);
  GtkWidget *popover, *grid, *box, *label;

  if (n < 2)
    return;

  studio_board_view_close_parts (self);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  label = gtk_label_new (_("Which checkers move?"));
  gtk_widget_add_css_class (label, "heading");
  gtk_box_append (GTK_BOX (box), label);
  grid = choice_grid_new ();
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *button = choice_button_new (pos->variant, studio_board_scene_part_type (scene, (CheopsCell) cell, parts[i]),
                                             studio_board_scene_get_side_colours (scene, cheops_piece_side (pos->board[cell])),
                                             "part", parts[i]);

      g_object_set_data (G_OBJECT (button), "part-cell", GUINT_TO_POINTER (cell));
      g_signal_connect (button, "clicked", G_CALLBACK (part_clicked_cb), self);
      gtk_grid_attach (GTK_GRID (grid), button, (int) (i % CHOICE_COLUMNS), (int) (i / CHOICE_COLUMNS), 1, 1);
    }
  gtk_box_append (GTK_BOX (box), grid);
  popover = studio_board_view_popover_at (self, (CheopsCell) cell, box, "parts-choice");
  g_signal_connect (popover, "closed", G_CALLBACK (parts_closed_cb), self);
  self->parts_popover = popover;
  gtk_popover_popup (GTK_POPOVER (popover));
}

/**
 * studio_board_view_get_parts_popover:
 * @self: a #StudioBoardView
 *
 * Returns: (transfer none) (nullable): the popover offering the parts of
 *   a stack, while one is open (its buttons, in the order of
 *   studio_board_scene_get_parts(), are children of a grid, each with the
 *   part's name as its tooltip)
 */
GtkWidget *
studio_board_view_get_parts_popover (StudioBoardView *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_VIEW (self), NULL);

  return self->parts_popover;
}

/* ::changed: redraw; a choice the scene dropped (a new position) closes
 * its popover. */
/* The accessible label of @cell: its name and what stands on it. */
static char *
dup_cell_label (StudioBoardView      *self,
                const CheopsPosition *pos,
                CheopsCell            cell)
{
  CheopsPiece piece = pos->board[cell];
  const char *name = cheops_variant_cell_name (pos->variant, cell);

  if (piece != CHEOPS_NO_PIECE && cheops_piece_type (piece) < pos->variant->n_piece_types)
    /* Translators: a cell of the board for a screen reader: its name, then
     * its piece's side colour and kind ("e4, Orange Queen") */
    return g_strdup_printf (_("%s, %s %s"), name,
                            _(studio_board_scene_get_side_colours (self->scene, cheops_piece_side (piece))->name),
                            _(cheops_piece_type_name (pos->variant, cheops_piece_type (piece))));
  /* Translators: an empty cell of the board for a screen reader ("e4, empty") */
  return g_strdup_printf (_("%s, empty"), name);
}

/* Brings the accessible cells up to date with the scene: one per cell of
 * its variant (made again when the variant changes), their labels, the
 * selection and its legal targets. */
static void
studio_board_view_update_cells (StudioBoardView *self)
{
  const CheopsPosition *pos;
  CheopsCell selected;
  CheopsCellSet targets;

  if (self->scene == NULL || self->cells == NULL)
    return;
  pos = studio_board_scene_get_position (self->scene);

  if (studio_board_scene_get_flipped (self->scene) != self->cells_flipped)
    {
      self->cells_flipped = studio_board_scene_get_flipped (self->scene);
      gtk_widget_queue_allocate (GTK_WIDGET (self));
    }
  if (pos->variant != self->cells_variant)
    {
      for (guint i = 0; i < self->cells->len; i++)
        gtk_widget_unparent (g_ptr_array_index (self->cells, i));
      g_ptr_array_set_size (self->cells, 0);
      self->cells_variant = pos->variant;
      for (CheopsCell c = 0; c < pos->variant->board->n_cells; c++)
        {
          GtkWidget *cell = studio_board_cell_new (c);

          gtk_widget_set_parent (cell, GTK_WIDGET (self));
          g_ptr_array_add (self->cells, cell);
        }
      gtk_widget_queue_allocate (GTK_WIDGET (self));
    }

  selected = studio_board_scene_get_selected (self->scene);
  targets = selected != CHEOPS_CELL_NONE ? studio_board_scene_get_destinations (self->scene) : CHEOPS_CELLSET_EMPTY;
  for (CheopsCell c = 0; c < self->cells->len; c++)
    {
      g_autofree char *label = dup_cell_label (self, pos, c);

      studio_board_cell_update (g_ptr_array_index (self->cells, c), label, c == selected,
                                cheops_cellset_has (targets, c));
    }

  if (selected != CHEOPS_CELL_NONE && selected < self->cells->len)
    {
      StudioBoardCell *cell = g_ptr_array_index (self->cells, selected);
      g_autoptr(GString) names = g_string_new ("");
      g_autofree char *description = NULL;

      while (targets != CHEOPS_CELLSET_EMPTY)
        {
          CheopsCell target = cheops_cellset_pop (&targets);

          if (names->len > 0)
            g_string_append (names, ", ");
          g_string_append (names, cheops_variant_cell_name (pos->variant, target));
        }
      if (names->len > 0)
        /* Translators: the board's description for a screen reader while a
         * piece is selected: the selected cell ("e4, Orange Queen"), then
         * the cells it may move to ("e5, e6, f5") */
        description = g_strdup_printf (_("Selected: %s. Targets: %s"), studio_board_cell_get_label (cell), names->str);
      else
        /* Translators: the board's description for a screen reader while a
         * piece that cannot move is selected ("e4, Orange Queen") */
        description = g_strdup_printf (_("Selected: %s. No legal moves"), studio_board_cell_get_label (cell));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                      -1);
      gtk_accessible_update_relation (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT, cell,
                                      -1);
    }
  else
    {
      gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_RELATION_ACTIVE_DESCENDANT);
    }
}

/* Lays the board out and gives each accessible cell its cell's bounding
 * box. */
static void
studio_board_view_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  StudioBoardView *self = (StudioBoardView *)widget;

  if (self->scene == NULL || self->cells == NULL)
    return;
  studio_board_view_update_cells (self);
  studio_board_view_layout (self, width, height);
  for (CheopsCell c = 0; c < self->cells->len; c++)
    {
      GtkWidget *child = g_ptr_array_index (self->cells, c);
      const CheopsCellInfo *info = &studio_board_view_board (self)->cells[c];
      double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
      int min;

      for (guint i = 0; i < info->n_corners && self->painter.scale > 0; i++)
        {
          double px, py;

          studio_board_view_to_pixels (self, info->corners[i].x, info->corners[i].y, &px, &py);
          x0 = MIN (x0, px);
          y0 = MIN (y0, py);
          x1 = MAX (x1, px);
          y1 = MAX (y1, py);
        }
      if (x1 < x0)
        x0 = y0 = x1 = y1 = 0;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
      gtk_widget_size_allocate (child,
                                &(GtkAllocation) { (int) floor (x0), (int) floor (y0),
                                                   (int) ceil (x1 - floor (x0)), (int) ceil (y1 - floor (y0)) },
                                -1);
    }
}

static void
scene_changed_cb (StudioBoardView  *self,
                  StudioBoardScene *scene)
{
  guint n_choices;

  studio_board_scene_get_choices (scene, &n_choices);
  if (n_choices == 0 && self->choice_popover != NULL)
    studio_board_view_close_choice (self);
  if (self->parts_popover != NULL && studio_board_scene_get_selected (scene) == CHEOPS_CELL_NONE)
    studio_board_view_close_parts (self);
  studio_board_view_update_cells (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* A tooltip shown names what stood under the pointer ("Gold King on
   * e1"): asked again, so that it names what stands there now. */
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
}

/**
 * studio_board_view_get_choice_popover:
 * @self: a #StudioBoardView
 *
 * Returns: (transfer none) (nullable): the popover asking for a promotion
 *   or part choice, while one is open (its buttons, in the order of
 *   studio_board_scene_get_choices(), are children of a grid, rows of
 *   five)
 */
GtkWidget *
studio_board_view_get_choice_popover (StudioBoardView *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_VIEW (self), NULL);

  return self->choice_popover;
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

/**
 * studio_board_view_dup_cell_tooltip:
 * @self: a #StudioBoardView
 * @cell: a cell
 *
 * The tooltip over @cell: the piece there, by its side's colour and its
 * kind's name in the variant's table, and the cell ("White Sphinx on e5":
 * a stack is named by what it is as a whole, Pyramids 3.6).
 *
 * Returns: (transfer full) (nullable): the text, or %NULL for an empty
 *   cell
 */
char *
studio_board_view_dup_cell_tooltip (StudioBoardView *self,
                                    CheopsCell       cell)
{
  const CheopsPosition *pos;
  CheopsPiece piece;
  CheopsPieceType type;

  g_return_val_if_fail (STUDIO_IS_BOARD_VIEW (self), NULL);

  if (self->scene == NULL)
    return NULL;
  pos = studio_board_scene_get_position (self->scene);
  if (cell >= pos->variant->board->n_cells || pos->board[cell] == CHEOPS_NO_PIECE)
    return NULL;
  piece = pos->board[cell];
  type = cheops_piece_type (piece);
  if (type >= pos->variant->n_piece_types)
    return NULL;

  /* Translators: the tooltip of a piece on the board: its side's colour,
   * its kind and its cell ("White Sphinx on e5") */
  return g_strdup_printf (_("%s %s on %s"),
                          _(studio_board_scene_get_side_colours (self->scene, cheops_piece_side (piece))->name),
                          _(cheops_piece_type_name (pos->variant, type)),
                          cheops_variant_cell_name (pos->variant, cell));
}

static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  StudioBoardView *self = STUDIO_BOARD_VIEW (widget);
  g_autofree char *text = NULL;
  CheopsCell cell;

  if (keyboard || self->scene == NULL || studio_board_scene_get_drag (self->scene, NULL, NULL, NULL))
    return FALSE;
  cell = studio_board_view_cell_at (self, x, y);
  text = studio_board_view_dup_cell_tooltip (self, cell);
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
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

  /* A press on the side to move's pocket picks a piece up from the hand
   * (a drag, or a click-click). */
  if (!studio_board_scene_get_editing (self->scene))
    {
      CheopsSide side;
      CheopsPieceType type;

      if (studio_board_view_pocket_at (self, x, y, &side, &type))
        {
          const CheopsPosition *pos = studio_board_scene_get_position (self->scene);

          if (side == pos->side_to_move && studio_board_scene_get_drop_type (self->scene) != type &&
              studio_board_scene_drag_begin_drop (self->scene, type))
            {
              self->press_dragging = TRUE;
              gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
            }
          else
            studio_board_scene_clear_selection (self->scene);
          return;
        }
    }

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
  if ((self->press_selected != CHEOPS_CELL_NONE ||
       studio_board_scene_get_drop_type (self->scene) != CHEOPS_NO_PIECE_TYPE) &&
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
    /* Nothing to pick up: a click (it drops the selection, plays a
     * two-part move's first part alone, or explains a forbidden move). */
    studio_board_scene_click (self->scene, cell);
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
  else if (studio_board_scene_get_drop_type (self->scene) != CHEOPS_NO_PIECE_TYPE)
    {
      /* A click on the pocket: the piece stays picked up, its targets
       * shown, until a click on one of them. */
      CheopsPieceType type = studio_board_scene_get_drop_type (self->scene);

      studio_board_scene_select_drop (self->scene, type);
    }
  else
    {
      /* A click: picking the piece up again puts it down. */
      studio_board_scene_drag_end (self->scene, self->press_cell);
      /* A stack clicked again offers its parts (Pyramids PY7). */
      if (self->press_selected == self->press_cell &&
          !studio_board_scene_request_parts (self->scene))
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

/* Escape: a two-part move waiting is played without its second part, a
 * piece picked up is put down. */
static gboolean
key_pressed_cb (StudioBoardView       *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  if (keyval != GDK_KEY_Escape || self->scene == NULL)
    return FALSE;
  if (studio_board_scene_get_pending (self->scene) != CHEOPS_MOVE_NONE)
    {
      studio_board_scene_finish_pending (self->scene);
      return TRUE;
    }
  if (studio_board_scene_get_selected (self->scene) != CHEOPS_CELL_NONE ||
      studio_board_scene_get_drop_type (self->scene) != CHEOPS_NO_PIECE_TYPE)
    {
      studio_board_scene_clear_selection (self->scene);
      return TRUE;
    }
  return FALSE;
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
  const CheopsVariant *variant;
  CheopsCell from, to;
  size_t len, len2;
  gboolean played;

  if (self->scene == NULL)
    return;

  variant = studio_board_scene_get_position (self->scene)->variant;
  from = cheops_variant_cell_parse (variant, text, &len);
  if (from == CHEOPS_CELL_NONE)
    return;
  to = cheops_variant_cell_parse (variant, text + len, &len2);
  if (to == CHEOPS_CELL_NONE)
    return;

  /* With a promotion choice ("b5b6d"): that move; from and to alone: as
   * the pointer plays them (asking, if there is a choice). */
  if (text[len + len2] != 0)
    {
      CheopsError error;

      played = studio_board_scene_play_move (self->scene,
                                             cheops_move_from_text (studio_board_scene_get_position (self->scene),
                                                                    text, &error));
    }
  else
    played = studio_board_scene_play (self->scene, from, to);
  if (!played)
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
  GtkWidget *child;

  studio_board_view_clear_caches (self);

  if (self->scene != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->scene);
      g_clear_signal_handler (&self->choice_handler, self->scene);
      g_clear_signal_handler (&self->parts_handler, self->scene);
      g_clear_object (&self->scene);
    }

  /* The promotion and parts popovers, open or closing. */
  self->choice_popover = NULL;
  self->parts_popover = NULL;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  g_clear_pointer (&self->cells, g_ptr_array_unref);

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

    case PROP_THEME:
      g_value_set_string (value, studio_board_view_get_theme (self));
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

    case PROP_THEME:
      studio_board_view_set_theme (self, g_value_get_string (value));
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
  widget_class->size_allocate = studio_board_view_size_allocate;

  /**
   * StudioBoardView:scene:
   *
   * The view-model drawn and driven by this view.
   */
  properties [PROP_SCENE] =
    g_param_spec_object ("scene", NULL, NULL,
                         STUDIO_TYPE_BOARD_SCENE,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * StudioBoardView:theme:
   *
   * The id of the colour theme the board is drawn in ("default",
   * "high-contrast", "blue", "green": studio-board-theme.h); an unknown id
   * is the default theme.
   */
  properties [PROP_THEME] =
    g_param_spec_string ("theme", NULL, NULL,
                         "default",
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "board.play", "s", studio_board_view_play_action);
  gtk_widget_class_install_action (widget_class, "board.flip", NULL, studio_board_view_flip_action);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
studio_board_view_init (StudioBoardView *self)
{
  GtkGesture *gesture;

  self->press_cell = CHEOPS_CELL_NONE;
  self->press_selected = CHEOPS_CELL_NONE;
  self->arrow_from = CHEOPS_CELL_NONE;
  self->arrow_to = CHEOPS_CELL_NONE;
  self->cells = g_ptr_array_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
  /* A theme may have colours of its own in the dark style. */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
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

  {
    GtkEventController *keys = gtk_event_controller_key_new ();

    g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
  }

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

  studio_board_view_close_choice (self);
  studio_board_view_close_parts (self);
  if (self->scene != NULL)
    {
      g_clear_signal_handler (&self->changed_handler, self->scene);
      g_clear_signal_handler (&self->choice_handler, self->scene);
      g_clear_object (&self->scene);
    }

  if (scene != NULL)
    {
      self->scene = g_object_ref (scene);
      self->changed_handler = g_signal_connect_swapped (scene, "changed",
                                                        G_CALLBACK (scene_changed_cb),
                                                        self);
      self->choice_handler = g_signal_connect_swapped (scene, "choice-requested",
                                                       G_CALLBACK (choice_requested_cb),
                                                       self);
      self->parts_handler = g_signal_connect_swapped (scene, "parts-requested",
                                                      G_CALLBACK (parts_requested_cb),
                                                      self);
    }

  studio_board_view_update_cells (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SCENE]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * studio_board_view_get_theme:
 * @self: a #StudioBoardView
 *
 * Returns: (transfer none): the id of the board's colour theme, static
 */
const char *
studio_board_view_get_theme (StudioBoardView *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_VIEW (self), NULL);

  return studio_board_theme_get_info (self->theme)->id;
}

/**
 * studio_board_view_set_theme:
 * @self: a #StudioBoardView
 * @id: (nullable): a theme's id ("high-contrast"); %NULL or an unknown id
 *   is the default theme
 *
 * Draws the board in that theme: its shades, outline, coordinates and
 * marks (studio_board_theme_shade_rgb()).
 */
void
studio_board_view_set_theme (StudioBoardView *self,
                             const char      *id)
{
  StudioBoardTheme theme;

  g_return_if_fail (STUDIO_IS_BOARD_VIEW (self));

  theme = studio_board_theme_from_id (id);
  if (theme == self->theme)
    return;
  self->theme = theme;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_THEME]);
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
  if (self->painter.scale <= 0)
    return CHEOPS_CELL_NONE;

  studio_board_view_to_board (self, x, y, &bx, &by);

  return cheops_variant_cell_at_point (studio_board_view_variant (self), bx, by);
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
  if (self->scene == NULL || cell >= studio_board_view_board (self)->n_cells)
    return FALSE;

  studio_board_view_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)));
  if (self->painter.scale <= 0)
    return FALSE;

  studio_board_view_center (self, cell, x, y);

  return TRUE;
}

/**
 * studio_board_view_pocket_at:
 * @self: a #StudioBoardView
 * @x: a point in widget coordinates (pixels)
 * @y: a point in widget coordinates (pixels)
 * @side: (out) (optional): whose pocket
 * @type: (out) (optional): the kind of its slot
 *
 * Hit-tests the pockets (shown for a variant with drop_kinds).
 *
 * Returns: whether the point is on a pocket slot
 */
gboolean
studio_board_view_pocket_at (StudioBoardView *self,
                             double           x,
                             double           y,
                             CheopsSide      *side,
                             CheopsPieceType *type)
{
  const CheopsVariant *variant;
  guint n;

  g_return_val_if_fail (STUDIO_IS_BOARD_VIEW (self), FALSE);

  if (self->scene == NULL)
    return FALSE;
  studio_board_view_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)));
  variant = studio_board_view_variant (self);
  n = cheops_board_painter_n_pocket_kinds (variant);
  if (self->painter.scale <= 0 || self->painter.pocket_units <= 0)
    return FALSE;

  for (CheopsSide s = CHEOPS_SIDE_A; s < CHEOPS_SIDE_NB; s++)
    for (guint i = 0; i < n; i++)
      {
        double cx, cy, half = self->painter.pocket_slot_units * self->painter.scale * 0.5;

        studio_board_view_pocket_slot (self, s, i, &cx, &cy);
        if (fabs (x - cx) <= half && fabs (y - cy) <= half)
          {
            if (side != NULL)
              *side = s;
            if (type != NULL)
              *type = variant->drop_kinds[i];
            return TRUE;
          }
      }
  return FALSE;
}

/**
 * studio_board_view_pocket_center:
 * @self: a #StudioBoardView
 * @side: whose pocket
 * @type: a kind of the variant's drop_kinds
 * @x: (out): the centre of its slot in widget coordinates
 * @y: (out): the centre of its slot in widget coordinates
 *
 * Returns: %FALSE when the widget has no size yet, the variant has no
 *   pockets or @type is not one of its drop kinds
 */
gboolean
studio_board_view_pocket_center (StudioBoardView *self,
                                 CheopsSide       side,
                                 CheopsPieceType  type,
                                 double          *x,
                                 double          *y)
{
  const CheopsVariant *variant;
  guint n;

  g_return_val_if_fail (STUDIO_IS_BOARD_VIEW (self), FALSE);

  if (self->scene == NULL)
    return FALSE;
  studio_board_view_layout (self, gtk_widget_get_width (GTK_WIDGET (self)),
                            gtk_widget_get_height (GTK_WIDGET (self)));
  variant = studio_board_view_variant (self);
  n = cheops_board_painter_n_pocket_kinds (variant);
  if (self->painter.scale <= 0 || self->painter.pocket_units <= 0)
    return FALSE;
  for (guint i = 0; i < n; i++)
    if (variant->drop_kinds[i] == type)
      {
        studio_board_view_pocket_slot (self, side, i, x, y);
        return TRUE;
      }
  return FALSE;
}
