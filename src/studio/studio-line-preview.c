/* studio-line-preview.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioLinePreview: a small board that only shows a position (no clicks,
 * no drags): the end of an engine line, or the position after the move
 * of the line under the pointer, in the tooltip of the analysis panel's
 * lines (issue 22).  It draws the board as the diagrams do
 * (cheops-diagram.h: CheopsBoardPainter, the variant's own colours),
 * turned and coloured as the main board is, the last move tinted.
 */
#define G_LOG_DOMAIN "studio-line-preview"

#include "studio-config.h"

#include "cheops-diagram.h"
#include "studio-line-preview.h"

/* The board's width in the tooltip, in pixels. */
#define PREVIEW_WIDTH 200

struct _StudioLinePreview
{
  GtkWidget      parent_instance;

  CheopsPosition position;
  CheopsMove     last_move;
  CheopsSide     first_side;
  gboolean       flipped;
};

G_DEFINE_FINAL_TYPE (StudioLinePreview, studio_line_preview, GTK_TYPE_WIDGET)

static void
studio_line_preview_fill_diagram (StudioLinePreview *self,
                                  CheopsDiagram     *diagram)
{
  *diagram = (CheopsDiagram) {
    .position = &self->position,
    .first_side = self->first_side,
    .flipped = self->flipped,
    .last_move = self->last_move,
  };
}

static void
studio_line_preview_measure (GtkWidget      *widget,
                             GtkOrientation  orientation,
                             int             for_size,
                             int            *minimum,
                             int            *natural,
                             int            *minimum_baseline,
                             int            *natural_baseline)
{
  StudioLinePreview *self = STUDIO_LINE_PREVIEW (widget);

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = PREVIEW_WIDTH;
  else
    {
      CheopsDiagram diagram;
      int height = PREVIEW_WIDTH;

      studio_line_preview_fill_diagram (self, &diagram);
      cheops_diagram_get_size (&diagram, PREVIEW_WIDTH, &height);
      *minimum = *natural = height;
    }
}

static void
studio_line_preview_snapshot (GtkWidget   *widget,
                              GtkSnapshot *snapshot)
{
  StudioLinePreview *self = STUDIO_LINE_PREVIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  CheopsDiagram diagram;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;
  studio_line_preview_fill_diagram (self, &diagram);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  cheops_diagram_draw (&diagram, cr, width);
  cairo_destroy (cr);
}

static void
studio_line_preview_class_init (StudioLinePreviewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->measure = studio_line_preview_measure;
  widget_class->snapshot = studio_line_preview_snapshot;
  gtk_widget_class_set_css_name (widget_class, "linepreview");
}

static void
studio_line_preview_init (StudioLinePreview *self)
{
  cheops_position_init_start (&self->position, &cheops_variant_cheops);
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

/**
 * studio_line_preview_new:
 *
 * Returns: (transfer floating): a preview of Cheops's initial position
 */
GtkWidget *
studio_line_preview_new (void)
{
  return g_object_new (STUDIO_TYPE_LINE_PREVIEW, NULL);
}

/**
 * studio_line_preview_set_position:
 * @self: a #StudioLinePreview
 * @position: the position to show (copied), of any variant
 * @last_move: the move that led there, tinted, or %CHEOPS_MOVE_NONE
 * @first_side: the side drawn in the variant's first colour (the main
 *   board's, studio_board_scene_get_green_side())
 * @flipped: whether the board is turned as the variant turns it
 */
void
studio_line_preview_set_position (StudioLinePreview    *self,
                                  const CheopsPosition *position,
                                  CheopsMove            last_move,
                                  CheopsSide            first_side,
                                  gboolean              flipped)
{
  g_return_if_fail (STUDIO_IS_LINE_PREVIEW (self));
  g_return_if_fail (position != NULL);

  if (self->position.variant != position->variant)
    gtk_widget_queue_resize (GTK_WIDGET (self));
  self->position = *position;
  self->last_move = last_move;
  self->first_side = first_side;
  self->flipped = !!flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * studio_line_preview_get_position:
 * @self: a #StudioLinePreview
 *
 * Returns: (transfer none): the position shown
 */
const CheopsPosition *
studio_line_preview_get_position (StudioLinePreview *self)
{
  g_return_val_if_fail (STUDIO_IS_LINE_PREVIEW (self), NULL);

  return &self->position;
}

/**
 * studio_line_preview_get_last_move:
 * @self: a #StudioLinePreview
 *
 * Returns: the move tinted, or %CHEOPS_MOVE_NONE
 */
CheopsMove
studio_line_preview_get_last_move (StudioLinePreview *self)
{
  g_return_val_if_fail (STUDIO_IS_LINE_PREVIEW (self), CHEOPS_MOVE_NONE);

  return self->last_move;
}
