/* studio-move-entry.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "studio-document.h"

G_BEGIN_DECLS

typedef gboolean (*StudioMoveEntryTake) (CheopsMove move,
                                         gpointer   data);

GtkWidget *studio_move_entry_new            (StudioDocument *document);
void       studio_move_entry_set_document   (GtkWidget      *entry_popover,
                                             StudioDocument *document);
void       studio_move_entry_open           (GtkWidget      *entry_popover,
                                             const char     *text);
void       studio_move_entry_append         (GtkWidget      *entry_popover,
                                             const char     *text);
gboolean   studio_move_entry_has_keyboard   (GtkWidget      *entry_popover);
char      *studio_move_entry_dup_candidates (GtkWidget      *entry_popover);
gboolean   studio_move_entry_play           (GtkWidget      *entry_popover);
const char *studio_move_entry_get_message   (GtkWidget      *entry_popover);
void       studio_move_entry_set_take_func  (GtkWidget           *entry_popover,
                                             StudioMoveEntryTake  take,
                                             gpointer             data);

G_END_DECLS
