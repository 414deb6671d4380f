/* old-move-tree-view.h: the move list before issue 14, for bench-move-list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "studio-document.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_OLD_MOVE_TREE_VIEW (studio_old_move_tree_view_get_type ())

G_DECLARE_FINAL_TYPE (StudioOldMoveTreeView, studio_old_move_tree_view, STUDIO, OLD_MOVE_TREE_VIEW, GtkWidget)

GtkWidget      *studio_old_move_tree_view_new          (void);
void            studio_old_move_tree_view_set_document (StudioOldMoveTreeView *self,
                                                        StudioDocument        *document);
char           *studio_old_move_tree_view_dup_text     (StudioOldMoveTreeView *self);
CheopsGameNode *studio_old_move_tree_view_node_at      (StudioOldMoveTreeView *self,
                                                        double                 x,
                                                        double                 y);
void            studio_old_move_tree_view_edit_comment (StudioOldMoveTreeView *self,
                                                        CheopsGameNode        *node,
                                                        gboolean               before);
StudioDocument *studio_old_move_tree_view_get_document (StudioOldMoveTreeView *self);

G_END_DECLS
