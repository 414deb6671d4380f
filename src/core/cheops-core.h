/* cheops-core.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The whole rules core of Cheops Studio in one include: the variant-neutral
 * API, and the game Cheops's own header (its cell and piece names, used by
 * its evaluation and its tests).
 */
#pragma once

#include "cheops-types.h"
#include "cheops-variant.h"
#include "cheops-position.h"
#include "cheops-notation.h"
#include "cheops-perft.h"
#include "cheops-laws.h"
#include "trigchess.h"
#include "cypher.h"
#include "pyramids.h"
