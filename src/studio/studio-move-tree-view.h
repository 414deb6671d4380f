/* studio-move-tree-view.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "studio-document.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_MOVE_TREE_VIEW (studio_move_tree_view_get_type ())

G_DECLARE_FINAL_TYPE (StudioMoveTreeView, studio_move_tree_view, STUDIO, MOVE_TREE_VIEW, GtkWidget)

GtkWidget      *studio_move_tree_view_new          (void);
StudioDocument *studio_move_tree_view_get_document (StudioMoveTreeView *self);
void            studio_move_tree_view_set_document (StudioMoveTreeView *self,
                                                    StudioDocument     *document);
char           *studio_move_tree_view_dup_text     (StudioMoveTreeView *self);
CheopsGameNode *studio_move_tree_view_node_at      (StudioMoveTreeView *self,
                                                    double              x,
                                                    double              y);
void            studio_move_tree_view_edit_comment (StudioMoveTreeView *self,
                                                    CheopsGameNode     *node,
                                                    gboolean            before);
gboolean        studio_move_tree_view_get_editing  (StudioMoveTreeView *self);
void            studio_move_tree_view_set_secret   (StudioMoveTreeView *self,
                                                    CheopsGameNode     *node);
GtkTextView    *studio_move_tree_view_get_comment_editor (StudioMoveTreeView *self);
gboolean        studio_move_tree_view_popup_menu   (StudioMoveTreeView *self);
gboolean        studio_move_tree_view_popup_position_glyphs (StudioMoveTreeView *self);
gboolean        studio_move_tree_view_toggle_move_glyph     (StudioMoveTreeView *self,
                                                             guint8              nag);

G_END_DECLS
