/* cheops-board-painter.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CheopsBoardPainter: how a board is drawn with Cairo, without GTK — the
 * layout of a variant's board in a rectangle and the drawing of its cells,
 * coordinates, highlights, pieces, arrows and pockets.  The studio's board
 * widget (StudioBoardView) draws with it, and so does the diagram renderer
 * (cheops-diagram.h) that `cheops diagram` and the studio's Export Diagram
 * use: a diagram is the board as the studio draws it.  It knows no game:
 * everything is the variant's data (cheops-variant.h).
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "cheops-core.h"

G_BEGIN_DECLS

/* What a colour theme of the board changes; a zeroed style (the default)
 * draws the variant's own colours.  @shade_rgb and @edge_rgb, when set,
 * give the colour of a shade and of the outline (with @data); @label_alpha
 * is the coordinates' opacity over the text colour (0: 0.55); @min_label_px
 * the smallest label size in pixels (0: 7); @last_move the last move's tint
 * (NULL: a yellow green). */
typedef struct {
  void          (*shade_rgb) (const CheopsBoardShape *board,
                              int                     shade,
                              double                  rgb[3],
                              gpointer                data);
  void          (*edge_rgb)  (const CheopsBoardShape *board,
                              double                  rgb[3],
                              gpointer                data);
  gpointer        data;
  double          label_alpha;
  double          min_label_px;
  const double   *last_move;
} CheopsBoardStyle;

/* The layout of one board in a rectangle: a unit of the variant's board is
 * @scale pixels and board point (0, 0) lies at (@origin_x, @origin_y);
 * @flipped turns it as the variant says (CheopsBoardShape.flip).  Filled
 * by cheops_board_painter_layout() (which keeps @first_side and @style);
 * read the fields freely. */
typedef struct {
  const CheopsVariant *variant;
  gboolean             flipped;
  CheopsSide           first_side;   /* the side drawn in the first colour (sides[0]) */
  double               scale;
  double               origin_x;
  double               origin_y;
  double               inradius_units;    /* the smallest cell's inradius, in board units */
  double               pocket_units;      /* the pockets' column (0: none), board units */
  double               pocket_slot_units; /* a pocket slot's side, board units */
  double               pocket_x;          /* the pockets' centre, pixels */
  CheopsBoardStyle     style;             /* the colours; zeroed: the variant's */
} CheopsBoardPainter;

/* Draws one piece at (@cx, @cy) with radius @r and opacity @alpha: the
 * board widget's sprite cache, or by default cheops_draw_piece_mark(). */
typedef void (*CheopsPieceDrawFunc) (cairo_t     *cr,
                                     CheopsPiece  piece,
                                     double       cx,
                                     double       cy,
                                     double       r,
                                     double       alpha,
                                     gpointer     user_data);

void                  cheops_board_painter_layout        (CheopsBoardPainter  *self,
                                                          const CheopsVariant *variant,
                                                          gboolean             flipped,
                                                          double               width,
                                                          double               height);
void                  cheops_board_painter_extent        (const CheopsVariant *variant,
                                                          double              *width,
                                                          double              *height);
void                  cheops_board_painter_to_pixels     (const CheopsBoardPainter *self,
                                                          double               bx,
                                                          double               by,
                                                          double              *px,
                                                          double              *py);
void                  cheops_board_painter_to_board      (const CheopsBoardPainter *self,
                                                          double               px,
                                                          double               py,
                                                          double              *bx,
                                                          double              *by);
void                  cheops_board_painter_center        (const CheopsBoardPainter *self,
                                                          CheopsCell           cell,
                                                          double              *px,
                                                          double              *py);
double                cheops_board_painter_inradius      (const CheopsBoardPainter *self);
double                cheops_board_painter_piece_radius  (const CheopsBoardPainter *self);
const CheopsSideInfo *cheops_board_painter_side_colours  (const CheopsBoardPainter *self,
                                                          CheopsSide           side);
CheopsSide            cheops_board_painter_bottom_side   (const CheopsBoardPainter *self);
void                  cheops_board_painter_cell_path     (const CheopsBoardPainter *self,
                                                          cairo_t             *cr,
                                                          CheopsCell           cell);
void                  cheops_board_painter_fill_cell     (const CheopsBoardPainter *self,
                                                          cairo_t             *cr,
                                                          CheopsCell           cell,
                                                          double r, double g, double b, double a);
void                  cheops_board_painter_draw_cells    (const CheopsBoardPainter *self,
                                                          cairo_t             *cr);
void                  cheops_board_painter_draw_coordinates (const CheopsBoardPainter *self,
                                                          cairo_t             *cr,
                                                          const double         fg[3]);
void                  cheops_board_painter_draw_last_move (const CheopsBoardPainter *self,
                                                          cairo_t             *cr,
                                                          CheopsMove           move);
void                  cheops_board_painter_draw_check    (const CheopsBoardPainter *self,
                                                          cairo_t             *cr,
                                                          CheopsCell           cell,
                                                          gboolean             checklock);
void                  cheops_board_painter_draw_piece_flags (cairo_t           *cr,
                                                          unsigned             flags,
                                                          double               cx,
                                                          double               cy,
                                                          double               r);
void                  cheops_board_painter_draw_pieces   (const CheopsBoardPainter *self,
                                                          cairo_t             *cr,
                                                          const CheopsPosition *pos);
void                  cheops_board_painter_brush_rgb     (guint                brush,
                                                          double               rgb[3]);
void                  cheops_board_painter_draw_arrow    (const CheopsBoardPainter *self,
                                                          cairo_t             *cr,
                                                          CheopsCell           from,
                                                          CheopsCell           to,
                                                          guint                brush,
                                                          double               width_factor,
                                                          double               alpha,
                                                          gboolean             dashed);
guint                 cheops_board_painter_n_pocket_kinds (const CheopsVariant *variant);
void                  cheops_board_painter_pocket_slot   (const CheopsBoardPainter *self,
                                                          CheopsSide           side,
                                                          guint                index,
                                                          double              *px,
                                                          double              *py);
void                  cheops_board_painter_draw_pockets  (const CheopsBoardPainter *self,
                                                          cairo_t             *cr,
                                                          const CheopsPosition *pos,
                                                          const double         fg[3],
                                                          CheopsPieceType      picked,
                                                          gboolean             dragging,
                                                          CheopsPieceDrawFunc  draw_piece,
                                                          gpointer             user_data);
void                  cheops_board_painter_label_rgb     (const CheopsSideInfo *colours,
                                                          double                text[3],
                                                          double                halo[3]);
void                  cheops_draw_piece_mark             (cairo_t              *cr,
                                                          const CheopsVariant  *variant,
                                                          CheopsPieceType       type,
                                                          const CheopsSideInfo *colours,
                                                          double                cx,
                                                          double                cy,
                                                          double                radius);

G_END_DECLS
