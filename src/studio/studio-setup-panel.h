/* studio-setup-panel.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "studio-types.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_SETUP_PANEL (studio_setup_panel_get_type ())

G_DECLARE_FINAL_TYPE (StudioSetupPanel, studio_setup_panel, STUDIO, SETUP_PANEL, GtkWidget)

GtkWidget            *studio_setup_panel_new               (void);
void                  studio_setup_panel_set_position      (StudioSetupPanel     *self,
                                                            const CheopsPosition *position);
const CheopsPosition *studio_setup_panel_get_position      (StudioSetupPanel     *self);
char                 *studio_setup_panel_dup_fen           (StudioSetupPanel     *self);
void                  studio_setup_panel_set_fen           (StudioSetupPanel     *self,
                                                            const char           *text);
gboolean              studio_setup_panel_get_valid         (StudioSetupPanel     *self);
const char           *studio_setup_panel_get_problem       (StudioSetupPanel     *self);
gboolean              studio_setup_panel_get_typing        (StudioSetupPanel     *self);
CheopsSide            studio_setup_panel_get_green_side    (StudioSetupPanel     *self);
void                  studio_setup_panel_set_green_side    (StudioSetupPanel     *self,
                                                            CheopsSide            side);
CheopsPiece           studio_setup_panel_get_brush         (StudioSetupPanel     *self);
void                  studio_setup_panel_set_brush         (StudioSetupPanel     *self,
                                                            CheopsPiece           piece);
void                  studio_setup_panel_put               (StudioSetupPanel     *self,
                                                            CheopsCell            cell,
                                                            CheopsPiece           piece);
void                  studio_setup_panel_click_cell        (StudioSetupPanel     *self,
                                                            CheopsCell            cell,
                                                            gboolean              primary);
void                  studio_setup_panel_move_piece        (StudioSetupPanel     *self,
                                                            CheopsCell            from,
                                                            CheopsCell            to);
gboolean              studio_setup_panel_get_flag          (StudioSetupPanel     *self,
                                                            int                   index);
void                  studio_setup_panel_set_flag          (StudioSetupPanel     *self,
                                                            int                   index,
                                                            gboolean              on);
void                  studio_setup_panel_set_side_to_move  (StudioSetupPanel     *self,
                                                            CheopsSide            side);
void                  studio_setup_panel_clear             (StudioSetupPanel     *self);
void                  studio_setup_panel_reset             (StudioSetupPanel     *self);
void                  studio_setup_panel_set_columns       (StudioSetupPanel     *self,
                                                            guint                 n_columns);
guint                 studio_setup_panel_get_columns       (StudioSetupPanel     *self);

G_END_DECLS
