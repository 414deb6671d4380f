/* studio-game-distinction.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cheops-game.h"

G_BEGIN_DECLS

/* Object data set on a CheopsGame (any non-NULL value) whose problem the
 * last Verify All left undecided (studio-window-problem.c). */
#define STUDIO_GAME_UNDECIDED_KEY "studio-problem-undecided"

char       *studio_game_dup_verdict              (CheopsGame *game);
const char *studio_games_find_distinguishing_tag (GListModel *games);
char       *studio_game_dup_distinction          (CheopsGame *game,
                                                  const char *tag);

G_END_DECLS
