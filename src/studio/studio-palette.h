/* studio-palette.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The least contrast of a text against its background (WCAG 2.1 AA,
 * success criterion 1.4.3, normal text). */
#define STUDIO_PALETTE_MIN_TEXT_CONTRAST 4.5

/* What the move list colours (studio-move-tree-view.c). */
typedef enum {
  STUDIO_PALETTE_MOVE_NUMBER,     /* "12." */
  STUDIO_PALETTE_MOVE_VARIATION,  /* the moves of a side line */
  STUDIO_PALETTE_MOVE_COMMENT,    /* a comment */
  STUDIO_PALETTE_MOVE_NB
} StudioPaletteMoveText;

double studio_palette_luminance      (const double rgb[3]);
double studio_palette_contrast       (const double a[3],
                                      const double b[3]);
void   studio_palette_blend          (const double fg[3],
                                      double       alpha,
                                      const double bg[3],
                                      double       out[3]);
void   studio_palette_window_bg      (gboolean     dark,
                                      double       rgb[3]);
void   studio_palette_view_bg        (gboolean     dark,
                                      double       rgb[3]);
double studio_palette_window_fg      (gboolean     dark,
                                      double       rgb[3]);
void   studio_palette_text_on        (const double fill[3],
                                      double       text[3]);
void   studio_palette_eval_bar_frame (gboolean     dark,
                                      double       rgb[3]);
void   studio_palette_move_text      (gboolean              dark,
                                      StudioPaletteMoveText what,
                                      double                rgb[3]);
char  *studio_palette_to_css         (const double rgb[3]);
const char *studio_palette_glyph_badge (guint8       nag,
                                        double       fill[3],
                                        double       text[3]);

G_END_DECLS
