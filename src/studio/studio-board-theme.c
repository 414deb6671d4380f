/* studio-board-theme.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board's colour themes.  A theme knows no game: it recolours a
 * variant's shades through their indices in CheopsBoardShape.  Each shade
 * is light or dark by its luminance (above or below the mean of the
 * variant's shades); a recolouring theme gives each class its colour, and
 * keeps each shade's difference from its class's mean, so a board with
 * more than two shades (Cypher chess's sectors) keeps them apart.  Zones
 * keep the variant's colours: they are the game's marks.
 */
#define G_LOG_DOMAIN "studio-board-theme"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "studio-board-theme.h"

static const StudioBoardThemeInfo themes[STUDIO_BOARD_THEME_NB] = {
  [STUDIO_BOARD_THEME_DEFAULT] = {
    "default", N_("Default"), FALSE,
    { 0 }, { 0 }, { 0 }, 0.55,
    { 0.608, 0.780, 0.0 }, { 0.08, 0.33, 0.12 }, { 0.08, 0.33, 0.12 },
  },
  /* White and a mid grey: 4.8:1 between the shades, and a black piece's
   * outline still 4.4:1 on a dark cell; black coordinates and outline. */
  [STUDIO_BOARD_THEME_HIGH_CONTRAST] = {
    "high-contrast", N_("High Contrast"), TRUE,
    { 1.0, 1.0, 1.0 }, { 0.45, 0.45, 0.45 }, { 0.0, 0.0, 0.0 }, 1.0,
    { 0.0, 0.40, 1.0 }, { 0.0, 0.0, 0.0 }, { 0.0, 0.0, 0.0 },
  },
  [STUDIO_BOARD_THEME_BLUE] = {
    "blue", N_("Blue"), TRUE,
    { 0.871, 0.890, 0.902 }, { 0.549, 0.635, 0.678 }, { 0.239, 0.310, 0.361 }, 0.65,
    { 0.608, 0.780, 0.0 }, { 0.08, 0.20, 0.40 }, { 0.08, 0.20, 0.40 },
    /* Dimmed in the dark style, the pieces of both sides still clear of
     * both shades. */
    TRUE, { 0.494, 0.553, 0.600 }, { 0.310, 0.369, 0.420 }, { 0.110, 0.145, 0.176 },
  },
  [STUDIO_BOARD_THEME_GREEN] = {
    "green", N_("Green"), TRUE,
    { 0.933, 0.933, 0.824 }, { 0.463, 0.588, 0.337 }, { 0.220, 0.290, 0.165 }, 0.65,
    { 0.969, 0.925, 0.353 }, { 0.10, 0.22, 0.05 }, { 0.10, 0.22, 0.05 },
    TRUE, { 0.553, 0.565, 0.471 }, { 0.290, 0.376, 0.208 }, { 0.102, 0.137, 0.075 },
  },
};

/**
 * studio_board_theme_get_info:
 * @theme: a #StudioBoardTheme
 *
 * Returns: (transfer none): the theme's description, static; the default
 * theme's for a value out of range.
 */
const StudioBoardThemeInfo *
studio_board_theme_get_info (StudioBoardTheme theme)
{
  if ((guint) theme >= STUDIO_BOARD_THEME_NB)
    theme = STUDIO_BOARD_THEME_DEFAULT;
  return &themes[theme];
}

/**
 * studio_board_theme_from_id:
 * @id: (nullable): a theme's GSettings value ("high-contrast")
 *
 * Returns: the theme of that id, or %STUDIO_BOARD_THEME_DEFAULT for %NULL
 * or an unknown id.
 */
StudioBoardTheme
studio_board_theme_from_id (const char *id)
{
  if (id != NULL)
    for (guint i = 0; i < STUDIO_BOARD_THEME_NB; i++)
      if (strcmp (themes[i].id, id) == 0)
        return i;
  return STUDIO_BOARD_THEME_DEFAULT;
}

static double
luminance (const double rgb[3])
{
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}

/**
 * studio_board_theme_shade_rgb:
 * @theme: a #StudioBoardTheme
 * @board: a variant's board
 * @shade: a shade index, 0 .. @board->n_shades - 1
 * @dark: the dark style (libadwaita's): a theme with dark-style colours
 *   (has_dark) uses those
 * @rgb: (out): its colour in @theme, 0..1 RGB
 *
 * The colour @theme gives the cells of @shade: the variant's own
 * (board->shade_rgb) in the default theme; otherwise the theme's light or
 * dark colour (the shade's class by its luminance against the mean of the
 * board's shades) plus the shade's difference from its class's mean,
 * clamped to 0..1.
 */
void
studio_board_theme_shade_rgb (StudioBoardTheme        theme,
                              const CheopsBoardShape *board,
                              int                     shade,
                              gboolean                dark,
                              double                  rgb[3])
{
  const StudioBoardThemeInfo *info = studio_board_theme_get_info (theme);
  double mean = 0, class_mean[3] = { 0, 0, 0 };
  gboolean light;
  int n_class = 0;

  g_return_if_fail (board != NULL && shade >= 0 && shade < board->n_shades);

  memcpy (rgb, board->shade_rgb[shade], 3 * sizeof (double));
  if (!info->recolour)
    return;

  for (int i = 0; i < board->n_shades; i++)
    mean += luminance (board->shade_rgb[i]);
  mean /= board->n_shades;
  light = board->n_shades == 1 || luminance (board->shade_rgb[shade]) >= mean;

  for (int i = 0; i < board->n_shades; i++)
    if ((board->n_shades == 1 || luminance (board->shade_rgb[i]) >= mean) == light)
      {
        for (int c = 0; c < 3; c++)
          class_mean[c] += board->shade_rgb[i][c];
        n_class++;
      }

  for (int c = 0; c < 3; c++)
    {
      double base;

      if (dark && info->has_dark)
        base = light ? info->dark_light[c] : info->dark_dark[c];
      else
        base = light ? info->light[c] : info->dark[c];

      rgb[c] = CLAMP (base + board->shade_rgb[shade][c] - class_mean[c] / n_class, 0.0, 1.0);
    }
}

/**
 * studio_board_theme_edge_rgb:
 * @theme: a #StudioBoardTheme
 * @board: a variant's board
 * @dark: the dark style (as for studio_board_theme_shade_rgb())
 * @rgb: (out): the colour of the board's outline in @theme, 0..1 RGB
 */
void
studio_board_theme_edge_rgb (StudioBoardTheme        theme,
                             const CheopsBoardShape *board,
                             gboolean                dark,
                             double                  rgb[3])
{
  const StudioBoardThemeInfo *info = studio_board_theme_get_info (theme);

  g_return_if_fail (board != NULL);

  memcpy (rgb, !info->recolour ? board->edge_rgb : dark && info->has_dark ? info->dark_edge : info->edge,
          3 * sizeof (double));
}
