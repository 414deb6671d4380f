/* studio-board-view.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "studio-board-scene.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_BOARD_VIEW (studio_board_view_get_type ())

G_DECLARE_FINAL_TYPE (StudioBoardView, studio_board_view, STUDIO, BOARD_VIEW, GtkWidget)

GtkWidget        *studio_board_view_new           (void);
StudioBoardScene *studio_board_view_get_scene     (StudioBoardView *self);
void              studio_board_view_set_scene     (StudioBoardView *self,
                                                   StudioBoardScene *scene);
const char       *studio_board_view_get_theme     (StudioBoardView *self);
void              studio_board_view_set_theme     (StudioBoardView *self,
                                                   const char      *id);
CheopsCell        studio_board_view_cell_at       (StudioBoardView *self,
                                                   double           x,
                                                   double           y);
gboolean          studio_board_view_cell_center   (StudioBoardView *self,
                                                   CheopsCell       cell,
                                                   double          *x,
                                                   double          *y);
void              studio_board_view_draw          (StudioBoardView *self,
                                                   cairo_t         *cr,
                                                   int              width,
                                                   int              height);
void              studio_board_view_draw_piece_mark (cairo_t              *cr,
                                                     const CheopsVariant  *variant,
                                                     CheopsPieceType       type,
                                                     const CheopsSideInfo *colours,
                                                     double                cx,
                                                     double                cy,
                                                     double                radius);
GtkWidget        *studio_board_view_get_choice_popover (StudioBoardView *self);
gboolean          studio_board_view_pocket_at     (StudioBoardView *self,
                                                   double           x,
                                                   double           y,
                                                   CheopsSide      *side,
                                                   CheopsPieceType *type);
gboolean          studio_board_view_pocket_center (StudioBoardView *self,
                                                   CheopsSide       side,
                                                   CheopsPieceType  type,
                                                   double          *x,
                                                   double          *y);
GtkWidget        *studio_board_view_get_parts_popover (StudioBoardView *self);
char             *studio_board_view_dup_cell_tooltip (StudioBoardView *self,
                                                      CheopsCell       cell);

G_END_DECLS
