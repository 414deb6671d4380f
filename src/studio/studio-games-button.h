/* studio-games-button.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "studio-document.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_GAMES_BUTTON (studio_games_button_get_type ())

G_DECLARE_FINAL_TYPE (StudioGamesButton, studio_games_button, STUDIO, GAMES_BUTTON, GtkWidget)

GtkWidget      *studio_games_button_new              (void);
StudioDocument *studio_games_button_get_document     (StudioGamesButton *self);
void            studio_games_button_set_document     (StudioGamesButton *self,
                                                      StudioDocument    *document);
char           *studio_games_button_dup_label        (StudioGamesButton *self);
void            studio_games_button_popup            (StudioGamesButton *self);
void            studio_games_button_popdown          (StudioGamesButton *self);
GtkPopover     *studio_games_button_get_popover      (StudioGamesButton *self);
GtkEditable    *studio_games_button_get_search_entry (StudioGamesButton *self);
GtkListView    *studio_games_button_get_list_view    (StudioGamesButton *self);
GListModel     *studio_games_button_get_model        (StudioGamesButton *self);
gboolean        studio_games_button_game_matches     (CheopsGame        *game,
                                                      guint              index,
                                                      const char        *query);

G_END_DECLS
