/* studio-board-cell.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioBoardCell: one cell of the board for assistive technologies.  The
 * board view (a GTK_ACCESSIBLE_ROLE_GRID) has one of these children per
 * cell of its variant's board, allocated over the cell's bounding box so a
 * screen reader or magnifier knows where it is; it draws nothing and takes
 * no pointer or focus (the board view does both).  Its accessible label is
 * the cell's name and contents ("e4, Orange Queen"), its state SELECTED
 * whether it is the selected cell, and its description says when it is the
 * target of a legal move of the selected piece.  GTK 4.8 lets only widgets
 * be accessible objects, hence a widget per cell.
 */
#define G_LOG_DOMAIN "studio-board-cell"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-board-cell.h"

struct _StudioBoardCell
{
  GtkWidget   parent_instance;

  CheopsCell  cell;
  char       *label;

  guint       selected : 1;
  guint       target : 1;
};

G_DEFINE_FINAL_TYPE (StudioBoardCell, studio_board_cell, GTK_TYPE_WIDGET)

static void
studio_board_cell_finalize (GObject *object)
{
  StudioBoardCell *self = (StudioBoardCell *)object;

  g_clear_pointer (&self->label, g_free);

  G_OBJECT_CLASS (studio_board_cell_parent_class)->finalize (object);
}

static void
studio_board_cell_class_init (StudioBoardCellClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = studio_board_cell_finalize;

  gtk_widget_class_set_css_name (widget_class, "cell");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID_CELL);
}

static void
studio_board_cell_init (StudioBoardCell *self)
{
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
  gtk_widget_set_can_focus (GTK_WIDGET (self), FALSE);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self),
                               GTK_ACCESSIBLE_STATE_SELECTED, FALSE,
                               -1);
}

/**
 * studio_board_cell_new:
 * @cell: the cell it stands for
 *
 * Returns: (transfer floating): a new #StudioBoardCell with no label
 */
GtkWidget *
studio_board_cell_new (CheopsCell cell)
{
  StudioBoardCell *self = g_object_new (STUDIO_TYPE_BOARD_CELL, NULL);

  self->cell = cell;

  return GTK_WIDGET (self);
}

/**
 * studio_board_cell_get_cell:
 * @self: a #StudioBoardCell
 *
 * Returns: the cell it stands for
 */
CheopsCell
studio_board_cell_get_cell (StudioBoardCell *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_CELL (self), CHEOPS_CELL_NONE);

  return self->cell;
}

/**
 * studio_board_cell_get_label:
 * @self: a #StudioBoardCell
 *
 * Returns: (transfer none) (nullable): its accessible label, as last set
 */
const char *
studio_board_cell_get_label (StudioBoardCell *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_CELL (self), NULL);

  return self->label;
}

/**
 * studio_board_cell_update:
 * @self: a #StudioBoardCell
 * @label: its name and contents ("e4, Orange Queen")
 * @selected: whether it is the selected cell
 * @target: whether the selected piece has a legal move to it
 *
 * Sets its accessible label, state and description; only what changed is
 * sent on, so that a screen reader hears of the cells that changed.
 */
void
studio_board_cell_update (StudioBoardCell *self,
                          const char      *label,
                          gboolean         selected,
                          gboolean         target)
{
  g_return_if_fail (STUDIO_IS_BOARD_CELL (self));
  g_return_if_fail (label != NULL);

  if (g_strcmp0 (self->label, label) != 0)
    {
      g_free (self->label);
      self->label = g_strdup (label);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      -1);
    }
  if (self->selected != !!selected)
    {
      self->selected = !!selected;
      gtk_accessible_update_state (GTK_ACCESSIBLE (self),
                                   GTK_ACCESSIBLE_STATE_SELECTED, self->selected,
                                   -1);
    }
  if (self->target != !!target)
    {
      self->target = !!target;
      if (self->target)
        gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                        /* Translators: what a screen reader says of a cell the
                                         * selected piece may move to */
                                        GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _("Legal target"),
                                        -1);
      else
        gtk_accessible_reset_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}
