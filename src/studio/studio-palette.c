/* studio-palette.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The studio's own colours in one place, and the arithmetic to check
 * them: the WCAG 2.1 relative luminance and contrast ratio.  The widgets
 * that draw text on colours of their own (the analysis lines' score
 * badges, the evaluation bar, the move list) take their colours from
 * here, and tests/studio/test-contrast.c checks every pair against
 * STUDIO_PALETTE_MIN_TEXT_CONTRAST for every game, board theme and style.
 * The window's background and text colours are libadwaita 1.2's
 * (@window_bg_color, @window_fg_color, @view_bg_color); the test checks
 * that the style sheet in use agrees.  No game knowledge: the sides'
 * colours are the variant's (CheopsSideInfo.fill).
 */
#define G_LOG_DOMAIN "studio-palette"

#include "studio-config.h"

#include <math.h>

#include "studio-palette.h"

static void
set_rgb (double rgb[3],
         double r,
         double g,
         double b)
{
  rgb[0] = r;
  rgb[1] = g;
  rgb[2] = b;
}

static double
linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

/**
 * studio_palette_luminance:
 * @rgb: an sRGB colour, 0..1
 *
 * Returns: its relative luminance (WCAG 2.1), 0 (black) .. 1 (white)
 */
double
studio_palette_luminance (const double rgb[3])
{
  return 0.2126 * linear (rgb[0]) + 0.7152 * linear (rgb[1]) + 0.0722 * linear (rgb[2]);
}

/**
 * studio_palette_contrast:
 * @a: an opaque sRGB colour, 0..1
 * @b: another
 *
 * Returns: the contrast ratio of @a and @b (WCAG 2.1), 1 .. 21, in either
 *   order
 */
double
studio_palette_contrast (const double a[3],
                         const double b[3])
{
  double la = studio_palette_luminance (a), lb = studio_palette_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

/**
 * studio_palette_blend:
 * @fg: a colour drawn with opacity @alpha, 0..1 RGB
 * @alpha: its opacity, 0..1
 * @bg: the opaque colour under it
 * @out: (out): what shows, 0..1 RGB (Cairo's and GSK's OVER, in sRGB)
 */
void
studio_palette_blend (const double fg[3],
                      double       alpha,
                      const double bg[3],
                      double       out[3])
{
  for (int c = 0; c < 3; c++)
    out[c] = fg[c] * alpha + bg[c] * (1.0 - alpha);
}

/**
 * studio_palette_window_bg:
 * @dark: the dark style
 * @rgb: (out): libadwaita's @window_bg_color (behind the board and the
 *   evaluation bar)
 */
void
studio_palette_window_bg (gboolean dark,
                          double   rgb[3])
{
  if (dark)
    set_rgb (rgb, 0x24 / 255.0, 0x24 / 255.0, 0x24 / 255.0);
  else
    set_rgb (rgb, 0xfa / 255.0, 0xfa / 255.0, 0xfa / 255.0);
}

/**
 * studio_palette_view_bg:
 * @dark: the dark style
 * @rgb: (out): libadwaita's @view_bg_color (behind the move list)
 */
void
studio_palette_view_bg (gboolean dark,
                        double   rgb[3])
{
  if (dark)
    set_rgb (rgb, 0x1e / 255.0, 0x1e / 255.0, 0x1e / 255.0);
  else
    set_rgb (rgb, 1.0, 1.0, 1.0);
}

/**
 * studio_palette_window_fg:
 * @dark: the dark style
 * @rgb: (out): libadwaita's @window_fg_color without its opacity
 *
 * Returns: its opacity (0.8 in the light style, 1 in the dark)
 */
double
studio_palette_window_fg (gboolean dark,
                          double   rgb[3])
{
  if (dark)
    {
      set_rgb (rgb, 1.0, 1.0, 1.0);
      return 1.0;
    }
  set_rgb (rgb, 0.0, 0.0, 0.0);
  return 0.8;
}

/**
 * studio_palette_text_on:
 * @fill: a background colour, 0..1 RGB (a side's colour: a score badge,
 *   the evaluation bar's part)
 * @text: (out): the colour of a text on it: black or white, whichever
 *   contrasts more (at least 4.58:1 for any @fill)
 */
void
studio_palette_text_on (const double fill[3],
                        double       text[3])
{
  static const double black[3] = { 0, 0, 0 }, white[3] = { 1, 1, 1 };

  if (studio_palette_contrast (fill, white) >= studio_palette_contrast (fill, black))
    set_rgb (text, 1, 1, 1);
  else
    set_rgb (text, 0, 0, 0);
}

/**
 * studio_palette_eval_bar_frame:
 * @dark: the dark style
 * @rgb: (out): the evaluation bar's outline: a grey that stands out from
 *   the window's background (over 5:1), so that a side's part as dark
 *   (or as light) as the background keeps its edge
 */
void
studio_palette_eval_bar_frame (gboolean dark,
                               double   rgb[3])
{
  if (dark)
    set_rgb (rgb, 0.62, 0.62, 0.62);
  else
    set_rgb (rgb, 0.40, 0.40, 0.40);
}

/**
 * studio_palette_move_text:
 * @dark: the dark style
 * @what: which text of the move list
 * @rgb: (out): its colour, on studio_palette_view_bg()
 */
void
studio_palette_move_text (gboolean              dark,
                          StudioPaletteMoveText what,
                          double                rgb[3])
{
  /* GNOME's palette: light 4 / 2, dark 4, blue 1 / 5. */
  static const double colours[2][STUDIO_PALETTE_MOVE_NB][3] = {
    { { 0x6f / 255.0, 0x6e / 255.0, 0x73 / 255.0 },   /* number, light */
      { 0x5e / 255.0, 0x5c / 255.0, 0x64 / 255.0 },   /* variation */
      { 0x1a / 255.0, 0x5f / 255.0, 0xb4 / 255.0 } }, /* comment */
    { { 0x9a / 255.0, 0x99 / 255.0, 0x96 / 255.0 },   /* number, dark */
      { 0xc0 / 255.0, 0xbf / 255.0, 0xbc / 255.0 },   /* variation */
      { 0x99 / 255.0, 0xc1 / 255.0, 0xf1 / 255.0 } }, /* comment */
  };

  g_return_if_fail ((guint) what < STUDIO_PALETTE_MOVE_NB);

  for (int c = 0; c < 3; c++)
    rgb[c] = colours[dark ? 1 : 0][what][c];
}

/**
 * studio_palette_to_css:
 * @rgb: a colour, 0..1 RGB
 *
 * Returns: (transfer full): it as CSS and Pango take it: "#rrggbb"
 */
char *
studio_palette_to_css (const double rgb[3])
{
  return g_strdup_printf ("#%02x%02x%02x", (guint) (CLAMP (rgb[0], 0, 1) * 255 + 0.5),
                          (guint) (CLAMP (rgb[1], 0, 1) * 255 + 0.5), (guint) (CLAMP (rgb[2], 0, 1) * 255 + 0.5));
}

/**
 * studio_palette_glyph_badge:
 * @nag: a move glyph's NAG: 1 "!", 2 "?", 3 "!!", 4 "??", 5 "!?", 6 "?!",
 *   7 "□"
 * @fill: (out): the badge's colour (as Lichess colours them: green for a
 *   good move, teal for a brilliant one, orange, red, purple and ochre),
 *   dark enough for a white text
 * @text: (out): the glyph's colour on it: white (at least 4.5:1, checked
 *   by test-contrast)
 *
 * The badge a move glyph gets on the board, at the moved piece (issue 22).
 *
 * Returns: (nullable): the glyph as text, or %NULL for a NAG that is no
 *   move glyph (no badge)
 */
const char *
studio_palette_glyph_badge (guint8 nag,
                            double fill[3],
                            double text[3])
{
  static const struct { const char *symbol; double rgb[3]; } badges[] = {
    { "!", { 0x1d / 255.0, 0x6f / 255.0, 0x42 / 255.0 } },   /* green */
    { "?", { 0xa8 / 255.0, 0x45 / 255.0, 0x00 / 255.0 } },   /* orange */
    { "!!", { 0x0b / 255.0, 0x62 / 255.0, 0x6f / 255.0 } },  /* teal */
    { "??", { 0xa5 / 255.0, 0x1d / 255.0, 0x2d / 255.0 } },  /* red */
    { "!?", { 0x61 / 255.0, 0x35 / 255.0, 0x83 / 255.0 } },  /* purple */
    { "?!", { 0x86 / 255.0, 0x5e / 255.0, 0x3c / 255.0 } },  /* ochre */
    { "□", { 0x3d / 255.0, 0x38 / 255.0, 0x46 / 255.0 } },   /* grey */
  };

  if (nag < 1 || nag > G_N_ELEMENTS (badges))
    return NULL;
  for (int c = 0; c < 3; c++)
    fill[c] = badges[nag - 1].rgb[c];
  set_rgb (text, 1, 1, 1);
  return badges[nag - 1].symbol;
}
