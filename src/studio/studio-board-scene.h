/* studio-board-scene.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "studio-types.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_BOARD_SCENE (studio_board_scene_get_type ())

G_DECLARE_FINAL_TYPE (StudioBoardScene, studio_board_scene, STUDIO, BOARD_SCENE, GObject)

StudioBoardScene     *studio_board_scene_new              (void);
void                  studio_board_scene_set_position     (StudioBoardScene     *self,
                                                           const CheopsPosition *position,
                                                           CheopsMove            last_move);
void                  studio_board_scene_set_node_position (StudioBoardScene    *self,
                                                           const CheopsPosition *position,
                                                           CheopsMove            last_move,
                                                           const CheopsMove     *moves,
                                                           guint                 n_moves,
                                                           gboolean              in_check);
const CheopsPosition *studio_board_scene_get_position     (StudioBoardScene     *self);
CheopsMove            studio_board_scene_get_last_move    (StudioBoardScene     *self);
void                  studio_board_scene_set_glyph        (StudioBoardScene     *self,
                                                           guint8                nag);
guint8                studio_board_scene_get_glyph        (StudioBoardScene     *self,
                                                           CheopsCell           *cell);
gboolean              studio_board_scene_get_flipped      (StudioBoardScene     *self);
void                  studio_board_scene_set_flipped      (StudioBoardScene     *self,
                                                           gboolean              flipped);
CheopsSide            studio_board_scene_get_green_side   (StudioBoardScene     *self);
void                  studio_board_scene_set_green_side   (StudioBoardScene     *self,
                                                           CheopsSide            side);
gboolean              studio_board_scene_get_interactive  (StudioBoardScene     *self);
void                  studio_board_scene_set_interactive  (StudioBoardScene     *self,
                                                           gboolean              interactive);
gboolean              studio_board_scene_get_editing      (StudioBoardScene     *self);
void                  studio_board_scene_set_editing      (StudioBoardScene     *self,
                                                           gboolean              editing);
void                  studio_board_scene_edit_click       (StudioBoardScene     *self,
                                                           CheopsCell            cell,
                                                           gboolean              primary);
CheopsCell            studio_board_scene_get_selected     (StudioBoardScene     *self);
CheopsCellSet         studio_board_scene_get_destinations (StudioBoardScene     *self);
CheopsCell            studio_board_scene_get_check_cell   (StudioBoardScene     *self);
gboolean              studio_board_scene_get_checklock    (StudioBoardScene     *self);
gboolean              studio_board_scene_select           (StudioBoardScene     *self,
                                                           CheopsCell            cell);
void                  studio_board_scene_clear_selection  (StudioBoardScene     *self);
gboolean              studio_board_scene_click            (StudioBoardScene     *self,
                                                           CheopsCell            cell);
gboolean              studio_board_scene_play             (StudioBoardScene     *self,
                                                           CheopsCell            from,
                                                           CheopsCell            to);
gboolean              studio_board_scene_play_move        (StudioBoardScene     *self,
                                                           CheopsMove            move);
const CheopsMove     *studio_board_scene_get_choices      (StudioBoardScene     *self,
                                                           guint                *n_choices);
gboolean              studio_board_scene_get_choice_is_part (StudioBoardScene *self);
CheopsPieceType       studio_board_scene_choice_type      (StudioBoardScene     *self,
                                                           CheopsMove            move);
guint                 studio_board_scene_get_parts        (StudioBoardScene     *self,
                                                           CheopsCell            cell,
                                                           guint                 parts[16]);
gboolean              studio_board_scene_select_part      (StudioBoardScene     *self,
                                                           CheopsCell            cell,
                                                           guint                 part);
gboolean              studio_board_scene_get_selected_part (StudioBoardScene    *self,
                                                           guint                *part);
CheopsPieceType       studio_board_scene_part_type        (StudioBoardScene     *self,
                                                           CheopsCell            cell,
                                                           guint                 part);
gboolean              studio_board_scene_request_parts    (StudioBoardScene     *self);
gboolean              studio_board_scene_choose           (StudioBoardScene     *self,
                                                           CheopsMove            move);
void                  studio_board_scene_cancel_choice    (StudioBoardScene     *self);
const CheopsSideInfo *studio_board_scene_get_side_colours (StudioBoardScene     *self,
                                                           CheopsSide            side);
gboolean              studio_board_scene_drag_begin       (StudioBoardScene     *self,
                                                           CheopsCell            cell);
void                  studio_board_scene_drag_motion      (StudioBoardScene     *self,
                                                           double                x,
                                                           double                y);
gboolean              studio_board_scene_drag_end         (StudioBoardScene     *self,
                                                           CheopsCell            cell);
void                  studio_board_scene_drag_cancel      (StudioBoardScene     *self);
gboolean              studio_board_scene_get_drag         (StudioBoardScene     *self,
                                                           CheopsCell           *from,
                                                           double               *x,
                                                           double               *y);
const StudioShape    *studio_board_scene_get_shapes       (StudioBoardScene     *self,
                                                           guint                *n_shapes);
void                  studio_board_scene_set_shapes       (StudioBoardScene     *self,
                                                           const StudioShape    *shapes,
                                                           guint                 n_shapes);
void                  studio_board_scene_toggle_shape     (StudioBoardScene     *self,
                                                           CheopsCell            from,
                                                           CheopsCell            to,
                                                           StudioBrush           brush);
const StudioShape    *studio_board_scene_get_engine_arrow (StudioBoardScene     *self);
void                  studio_board_scene_set_engine_arrow (StudioBoardScene     *self,
                                                           CheopsMove            move);
const StudioShape    *studio_board_scene_get_threat_arrow (StudioBoardScene     *self);
void                  studio_board_scene_set_threat_arrow (StudioBoardScene     *self,
                                                           CheopsMove            move);

/* Two-part moves, drops and the game's explanations. */
CheopsMove            studio_board_scene_get_pending      (StudioBoardScene     *self);
CheopsCellSet         studio_board_scene_get_continuations (StudioBoardScene    *self);
gboolean              studio_board_scene_finish_pending   (StudioBoardScene     *self);
gboolean              studio_board_scene_select_drop      (StudioBoardScene     *self,
                                                           CheopsPieceType       type);
CheopsPieceType       studio_board_scene_get_drop_type    (StudioBoardScene     *self);
gboolean              studio_board_scene_drag_begin_drop  (StudioBoardScene     *self,
                                                           CheopsPieceType       type);
CheopsPiece           studio_board_scene_get_drag_piece   (StudioBoardScene     *self);
const char           *studio_board_scene_get_note         (StudioBoardScene     *self);
char                 *studio_format_note                  (const CheopsNote     *note);

G_END_DECLS
