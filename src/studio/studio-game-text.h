/* studio-game-text.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "cheops-game-model.h"

G_BEGIN_DECLS

char     *studio_game_text_for_line      (const CheopsPosition *position,
                                          const char *const    *san,
                                          guint                 n_moves,
                                          GError              **error);
char     *studio_game_text_for_variation (CheopsGame           *game,
                                          CheopsGameNode       *node);
gboolean  studio_game_paste_variation    (CheopsGame           *game,
                                          CheopsGameNode       *at,
                                          const char           *text,
                                          CheopsGameNode      **end,
                                          GError              **error);

G_END_DECLS
