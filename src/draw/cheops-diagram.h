/* cheops-diagram.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Diagrams of a position for articles, books and problem columns: the
 * board as the studio draws it (CheopsBoardPainter), with its coordinates,
 * the arrows and cell marks of a node ([%cal], [%csl]), optionally the last
 * move, turned or not, and an optional caption under it; written as SVG
 * (cairo's SVG surface: vector paths) or PNG at a chosen width.  Cairo and
 * Pango only, no GTK: `cheops diagram` and the studio share it.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "cheops-annotations.h"
#include "cheops-board-painter.h"
#include "cheops-core.h"

G_BEGIN_DECLS

typedef enum {
  CHEOPS_DIAGRAM_SVG,
  CHEOPS_DIAGRAM_PNG,
} CheopsDiagramFormat;

/* What a diagram shows.  @position is required; the rest may stay zero
 * (CHEOPS_SIDE_A in the first colour, not turned, no last move, no
 * arrows, no caption). */
typedef struct {
  const CheopsPosition    *position;
  CheopsSide               first_side;   /* the side drawn in the variant's first colour */
  gboolean                 flipped;
  CheopsMove               last_move;    /* tinted when not CHEOPS_MOVE_NONE (0) */
  const CheopsAnnotations *annotations;  /* its arrows and marks, or NULL */
  const char              *caption;      /* UTF-8, one line or more, or NULL */
  const CheopsBoardStyle  *style;        /* the board's colours (a theme), or NULL: the variant's */
} CheopsDiagram;

gboolean         cheops_diagram_format_from_name (const char          *filename,
                                                  CheopsDiagramFormat *format);
void             cheops_diagram_get_size         (const CheopsDiagram *diagram,
                                                  int                  width,
                                                  int                 *height);
void             cheops_diagram_draw             (const CheopsDiagram *diagram,
                                                  cairo_t             *cr,
                                                  int                  width);
cairo_surface_t *cheops_diagram_render_image     (const CheopsDiagram *diagram,
                                                  int                  width);
gboolean         cheops_diagram_write            (const CheopsDiagram *diagram,
                                                  CheopsDiagramFormat  format,
                                                  int                  width,
                                                  const char          *filename,
                                                  GError             **error);

G_END_DECLS
