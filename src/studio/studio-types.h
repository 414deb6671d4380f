/* studio-types.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared small types of the studio: the colours of user-drawn shapes.
 */
#pragma once

#include <glib.h>

#include "cheops-core.h"

G_BEGIN_DECLS

/* The four brushes of `[%cal]` / `[%csl]` annotations (the letters G R Y B
 * that chess tools use). */
typedef enum {
  STUDIO_BRUSH_GREEN,
  STUDIO_BRUSH_RED,
  STUDIO_BRUSH_YELLOW,
  STUDIO_BRUSH_BLUE,
  STUDIO_BRUSH_NB
} StudioBrush;

/* A user-drawn arrow (from != to) or cell mark (from == to). */
typedef struct {
  CheopsCell  from;
  CheopsCell  to;
  StudioBrush brush;
} StudioShape;


G_END_DECLS
