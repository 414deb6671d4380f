/* cheops-core.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The whole rules core of Cheops Studio in one include.
 */
#pragma once

#include "cheops-types.h"
#include "cheops-geometry.h"
#include "cheops-position.h"
#include "cheops-notation.h"
#include "cheops-perft.h"
