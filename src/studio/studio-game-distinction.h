/* studio-game-distinction.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cheops-game.h"

G_BEGIN_DECLS

const char *studio_games_find_distinguishing_tag (GListModel *games);
char       *studio_game_dup_distinction          (CheopsGame *game,
                                                  const char *tag);

G_END_DECLS
