/* cheops-game-model.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The whole of libcheops-game in one include: game trees with undo
 * (cheops-game.h, cheops-game-node.h), annotations, game files
 * (cheops-pgn.h) and test-position suites (cheops-epd.h).
 */
#pragma once

#include "cheops-game-types.h"
#include "cheops-annotations.h"
#include "cheops-game-node.h"
#include "cheops-game.h"
#include "cheops-pgn.h"
#include "cheops-epd.h"
#include "cheops-file-write.h"
#include "cheops-problem.h"
