/* studio-board-theme.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "cheops-variant.h"

G_BEGIN_DECLS

/* The board's colour themes (the GSettings key "board-theme"). */
typedef enum {
  STUDIO_BOARD_THEME_DEFAULT = 0,
  STUDIO_BOARD_THEME_HIGH_CONTRAST,
  STUDIO_BOARD_THEME_BLUE,
  STUDIO_BOARD_THEME_GREEN,
  STUDIO_BOARD_THEME_NB
} StudioBoardTheme;

/* What a theme changes: the cells' shades (by class: light or dark), the
 * outline, the coordinates' opacity and the colours of the marks the
 * studio draws (the last move, the selection, the legal targets).  All
 * colours are 0..1 RGB. */
typedef struct {
  const char *id;            /* its GSettings value: "default" */
  const char *name;          /* English, translatable (N_()): "Default" */
  gboolean    recolour;      /* FALSE: the variant's own shades and outline */
  double      light[3];      /* the light shades' colour (recolour) */
  double      dark[3];       /* the dark shades' colour (recolour) */
  double      edge[3];       /* the outline's colour (recolour) */
  double      label_alpha;   /* the coordinates' opacity over the text colour */
  double      last_move[3];  /* the last move's cells */
  double      selected[3];   /* the selected cell and the targets' dots */
  double      target_ring[3]; /* the ring around a target that holds a piece */
  gboolean    has_dark;      /* whether it has colours of its own in the dark style: */
  double      dark_light[3]; /* the light shades' colour in the dark style */
  double      dark_dark[3];  /* the dark shades' colour in the dark style */
  double      dark_edge[3];  /* the outline's colour in the dark style */
} StudioBoardThemeInfo;

const StudioBoardThemeInfo *studio_board_theme_get_info  (StudioBoardTheme        theme);
StudioBoardTheme            studio_board_theme_from_id   (const char             *id);
void                        studio_board_theme_shade_rgb (StudioBoardTheme        theme,
                                                          const CheopsBoardShape *board,
                                                          int                     shade,
                                                          gboolean                dark,
                                                          double                  rgb[3]);
void                        studio_board_theme_edge_rgb  (StudioBoardTheme        theme,
                                                          const CheopsBoardShape *board,
                                                          gboolean                dark,
                                                          double                  rgb[3]);

G_END_DECLS
