/* studio-board-cell.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cheops-types.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_BOARD_CELL (studio_board_cell_get_type ())

G_DECLARE_FINAL_TYPE (StudioBoardCell, studio_board_cell, STUDIO, BOARD_CELL, GtkWidget)

GtkWidget  *studio_board_cell_new      (CheopsCell       cell);
CheopsCell  studio_board_cell_get_cell (StudioBoardCell *self);
const char *studio_board_cell_get_label (StudioBoardCell *self);
void        studio_board_cell_update   (StudioBoardCell *self,
                                        const char      *label,
                                        gboolean         selected,
                                        gboolean         target);

G_END_DECLS
