/* test-contrast.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Legible everywhere (issue 21): every text the studio draws on colours of
 * its own meets WCAG AA (4.5:1, STUDIO_PALETTE_MIN_TEXT_CONTRAST) in the
 * light and the dark style, for every game (cheops_variants) and every
 * board theme — the analysis lines' score badges, the evaluation bar (its
 * score, and its edge against the window), the board's coordinates, the
 * labels on pieces, the move list, dimmed labels — computed from the colours in use: the
 * studio's palette (studio-palette.c), checked against libadwaita's style
 * sheet and against the widgets as they draw.  And a recolouring board
 * theme does not glare in the dark style.  Run under xvfb-run.
 */
#include <adwaita.h>
#include <math.h>

#include "cheops-board-painter.h"
#include "studio-test-util.h"
#include "studio-analysis-panel.h"
#include "studio-board-theme.h"
#include "studio-eval-bar.h"
#include "studio-palette.h"
#include "studio-board-scene.h"
#include "studio-board-view.h"
#include "studio-document.h"
#include "studio-window.h"
#include "studio-window-private.h"

static const double white[3] = { 1, 1, 1 };

static void
set_dark (gboolean dark)
{
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (),
                                      dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_true (adw_style_manager_get_dark (adw_style_manager_get_default ()) == dark);
}

static void
assert_contrast (const char   *what,
                 const double  a[3],
                 const double  b[3])
{
  double ratio = studio_palette_contrast (a, b);

  g_test_message ("%s: %.2f:1", what, ratio);
  if (ratio < STUDIO_PALETTE_MIN_TEXT_CONTRAST)
    g_error ("%s: contrast %.2f:1 below %.1f:1 (%.3f %.3f %.3f on %.3f %.3f %.3f)", what, ratio,
             STUDIO_PALETTE_MIN_TEXT_CONTRAST, a[0], a[1], a[2], b[0], b[1], b[2]);
}

/* @widget drawn as its window draws it: premultiplied ARGB32, native
 * endian, @width × @height (free with g_free). */
static guchar *
render_widget (GtkWidget *widget,
               int       *width,
               int       *height)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  guchar *data;

  *width = gtk_widget_get_width (widget);
  *height = gtk_widget_get_height (widget);
  g_assert_cmpint (*width, >, 0);
  gdk_paintable_snapshot (paintable, snapshot, *width, *height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (gtk_widget_get_native (widget)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, *width, *height));
  data = g_malloc ((gsize) *width * *height * 4);
  gdk_texture_download (texture, data, (gsize) *width * 4);

  return data;
}

/* The opaque pixel at (@x, @y) of render_widget()'s picture, 0..1 RGB. */
static void
pixel (const guchar *data,
       int           width,
       int           x,
       int           y,
       double        rgb[3])
{
  guint32 p = *(const guint32 *) (data + ((gsize) y * width + x) * 4);

  g_assert_cmpuint (p >> 24, ==, 0xff);
  rgb[0] = ((p >> 16) & 0xff) / 255.0;
  rgb[1] = ((p >> 8) & 0xff) / 255.0;
  rgb[2] = (p & 0xff) / 255.0;
}

static void
assert_rgb_near (const double a[3],
                 const double b[3])
{
  for (int c = 0; c < 3; c++)
    g_assert_cmpfloat_with_epsilon (a[c], b[c], 1.5 / 255);
}

static GtkWidget *
present (GtkWidget *child)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_default_size (GTK_WINDOW (window), 400, 400);
  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  while (!gtk_widget_get_mapped (child) || gtk_widget_get_width (child) <= 0)
    g_main_context_iteration (NULL, TRUE);
  studio_test_spin_frames ();

  return window;
}

/* The palette's window colours are libadwaita's, in both styles; the
 * board's coordinates take the window's text colour. */
static void
test_style_colours (void)
{
  GtkWidget *label = gtk_label_new ("x");
  GtkWidget *window = present (label);

  for (int dark = 0; dark < 2; dark++)
    {
      GtkStyleContext *context = gtk_widget_get_style_context (label);
      GdkRGBA rgba;
      double want[3], got[3], alpha;

      set_dark (dark);
      studio_test_spin_frames ();

      g_assert_true (gtk_style_context_lookup_color (context, "window_bg_color", &rgba));
      studio_palette_window_bg (dark, want);
      got[0] = rgba.red, got[1] = rgba.green, got[2] = rgba.blue;
      assert_rgb_near (got, want);

      g_assert_true (gtk_style_context_lookup_color (context, "view_bg_color", &rgba));
      studio_palette_view_bg (dark, want);
      got[0] = rgba.red, got[1] = rgba.green, got[2] = rgba.blue;
      assert_rgb_near (got, want);

      g_assert_true (gtk_style_context_lookup_color (context, "window_fg_color", &rgba));
      alpha = studio_palette_window_fg (dark, want);
      got[0] = rgba.red, got[1] = rgba.green, got[2] = rgba.blue;
      assert_rgb_near (got, want);
      g_assert_cmpfloat_with_epsilon (rgba.alpha, alpha, 0.01);

      gtk_style_context_get_color (context, &rgba);
      got[0] = rgba.red, got[1] = rgba.green, got[2] = rgba.blue;
      assert_rgb_near (got, want);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  set_dark (FALSE);
}

/* The analysis lines' score badges: in each side's colour, in every
 * game, with a text that reads on it — as the style sheet in use draws
 * them. */
static void
test_score_badges (void)
{
  GtkWidget *box, *panel, *badge, *window;

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  panel = studio_analysis_panel_new ();
  badge = gtk_label_new ("+0.55");

  gtk_box_append (GTK_BOX (box), badge);
  gtk_box_append (GTK_BOX (box), panel);
  gtk_widget_set_halign (badge, GTK_ALIGN_START);
  gtk_widget_add_css_class (badge, "analysis-score");
  window = present (box);

  for (int dark = 0; dark < 2; dark++)
    {
      set_dark (dark);
      for (guint v = 0; cheops_variants[v] != NULL; v++)
        for (guint s = 0; s < 2; s++)
          {
            g_autofree char *klass = g_strdup_printf ("ahead-%s-%u", cheops_variants[v]->name, s);
            g_autofree char *what = g_strdup_printf ("%s score badge of %s, %s style", cheops_variants[v]->name,
                                                     cheops_variants[v]->sides[s].name, dark ? "dark" : "light");
            g_autofree guchar *data = NULL;
            double text[3], fill[3];
            GdkRGBA rgba;
            int w, h;

            gtk_widget_add_css_class (badge, klass);
            studio_test_spin_frames ();

            /* Its background: the side's colour. */
            data = render_widget (badge, &w, &h);
            pixel (data, w, 1, h / 2, fill);
            assert_rgb_near (fill, cheops_variants[v]->sides[s].fill);
            /* Its text. */
            gtk_style_context_get_color (gtk_widget_get_style_context (badge), &rgba);
            g_assert_cmpfloat (rgba.alpha, ==, 1.0);
            text[0] = rgba.red, text[1] = rgba.green, text[2] = rgba.blue;
            assert_contrast (what, text, fill);

            gtk_widget_remove_css_class (badge, klass);
          }
    }
  gtk_window_destroy (GTK_WINDOW (window));
  set_dark (FALSE);
}

static gboolean
is_spin_label (GtkWidget     *widget,
               gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && GTK_IS_SPIN_BUTTON (gtk_label_get_mnemonic_widget (GTK_LABEL (widget)));
}

/* Dimmed text (libadwaita's dim-label: the engine's statistics, the game's
 * players and date) on the window and on a view, in both styles, as
 * drawn: a full block in the label's colour at the label's opacity. */
static void
test_dim_labels (void)
{
  GtkWidget *label = gtk_label_new (NULL);
  GtkWidget *window;

  gtk_label_set_markup (GTK_LABEL (label), "<span size=\"xx-large\">\u2588\u2588\u2588</span>");
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_set_halign (label, GTK_ALIGN_CENTER);
  gtk_widget_set_valign (label, GTK_ALIGN_CENTER);
  window = present (label);

  for (int dark = 0; dark < 2; dark++)
    {
      g_autofree guchar *data = NULL;
      double bgs[2][3], ink[3];
      guint32 p;
      int w, h;

      set_dark (dark);
      studio_test_spin_frames ();
      data = render_widget (label, &w, &h);
      p = *(const guint32 *) (data + ((gsize) (h / 2) * w + w / 2) * 4);
      studio_palette_window_bg (dark, bgs[0]);
      studio_palette_view_bg (dark, bgs[1]);
      for (int b = 0; b < 2; b++)
        {
          g_autofree char *what = g_strdup_printf ("dimmed text on the %s, %s style", b == 0 ? "window" : "view",
                                                   dark ? "dark" : "light");
          double a = (p >> 24) / 255.0;

          /* Premultiplied: the colour plus what shows through. */
          ink[0] = ((p >> 16) & 0xff) / 255.0 + (1 - a) * bgs[b][0];
          ink[1] = ((p >> 8) & 0xff) / 255.0 + (1 - a) * bgs[b][1];
          ink[2] = (p & 0xff) / 255.0 + (1 - a) * bgs[b][2];
          g_test_message ("%s: opacity %.2f", what, a);
          assert_contrast (what, ink, bgs[b]);
        }
    }
  gtk_window_destroy (GTK_WINDOW (window));
  set_dark (FALSE);
}

/* The analysis panel's number of lines (MultiPV) is named where it shows,
 * not only in a tooltip (issue 21). */
static void
test_multipv_label (void)
{
  GtkWidget *panel = studio_analysis_panel_new ();
  GtkWidget *window = present (panel);
  GtkWidget *label = studio_test_find_widget (panel, is_spin_label, NULL);

  g_assert_nonnull (label);
  g_assert_true (gtk_widget_is_drawable (label));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, "Lines");
  g_assert_cmpint (gtk_widget_get_width (label), >, 10);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The pixels of an arrow (threat style: dashed, the painter's) from a
 * cell to its nearest neighbour, on a board of @variant 400 pixels wide,
 * that show at least a third opaque. */
static guint
short_arrow_pixels (const CheopsVariant *variant,
                    gboolean             dashed,
                    double              *length)
{
  CheopsBoardPainter painter = { 0 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 400, 400);
  cairo_t *cr = cairo_create (surface);
  CheopsCell from = variant->board->n_cells / 2, to = CHEOPS_CELL_NONE;
  double best = G_MAXDOUBLE, x0, y0;
  const guchar *data;
  guint n = 0;

  cheops_board_painter_layout (&painter, variant, FALSE, 400, 400);
  cheops_board_painter_center (&painter, from, &x0, &y0);
  for (CheopsCell c = 0; c < variant->board->n_cells; c++)
    {
      double x, y;

      cheops_board_painter_center (&painter, c, &x, &y);
      if (c != from && hypot (x - x0, y - y0) < best)
        best = hypot (x - x0, y - y0), to = c;
    }
  *length = best;
  cheops_board_painter_draw_arrow (&painter, cr, from, to, 1, 0.7, 0.85, dashed);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int y = 0; y < 400; y++)
    for (int x = 0; x < 400; x++)
      if ((*(const guint32 *) (data + y * cairo_image_surface_get_stride (surface) + x * 4) >> 24) > 85)
        n++;
  cairo_surface_destroy (surface);
  return n;
}

/* The threat arrow of a move to the next cell is seen (issue 21: nearly
 * invisible): in every game it covers at least a seventh of a square as
 * long as the move's side. */
static void
test_short_arrows (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    for (int dashed = 0; dashed < 2; dashed++)
      {
        double length;
        guint n = short_arrow_pixels (cheops_variants[v], dashed, &length);

        g_test_message ("%s, %s arrow to the next cell (%.0f px): %u pixels", cheops_variants[v]->name,
                        dashed ? "dashed" : "solid", length, n);
        g_assert_cmpfloat (n, >=, length * length / 7);
      }
}

/* The largest luminance difference from @fill among the pixels of rows
 * @y0 ..< @y1, inside the bar's outline. */
static double
ink_in_rows (const guchar *data,
             int           w,
             int           y0,
             int           y1,
             const double  fill[3])
{
  double best = 0;

  for (int y = y0; y < y1; y++)
    for (int x = 2; x < w - 2; x++)
      {
        double p[3];

        pixel (data, w, x, y, p);
        if (fabs (studio_palette_luminance (p) - studio_palette_luminance (fill)) > fabs (best))
          best = studio_palette_luminance (p) - studio_palette_luminance (fill);
      }
  return best;
}

/* The evaluation bar, in every game and both styles: its outline stands
 * out from the window (a side's part as dark as the window's background
 * keeps its edge), and the score reads on the part of the side ahead,
 * whichever side it is. */
static void
test_eval_bar (void)
{
  GtkWidget *bar = studio_eval_bar_new ();
  GtkWidget *window;

  gtk_widget_set_size_request (bar, 24, 200);
  gtk_widget_set_halign (bar, GTK_ALIGN_CENTER);
  window = present (bar);

  for (int dark = 0; dark < 2; dark++)
    {
      double bg[3], frame[3];

      set_dark (dark);
      studio_palette_window_bg (dark, bg);
      studio_palette_eval_bar_frame (dark, frame);
      for (guint v = 0; cheops_variants[v] != NULL; v++)
        for (int ahead = 0; ahead < 2; ahead++)
          {
            const double *fill = cheops_variants[v]->sides[ahead].fill;
            g_autofree char *what = g_strdup_printf ("%s evaluation bar, %s ahead, %s style", cheops_variants[v]->name,
                                                     cheops_variants[v]->sides[ahead].name, dark ? "dark" : "light");
            g_autofree char *edge = g_strdup_printf ("%s: its edge", what);
            g_autofree guchar *data = NULL;
            double got[3], ink[3], best;
            int w, h;

            studio_eval_bar_set_sides (STUDIO_EVAL_BAR (bar), cheops_variants[v], TRUE);
            studio_eval_bar_set_score (STUDIO_EVAL_BAR (bar), FALSE, ahead == 0 ? 350 : -350);
            studio_test_spin_frames ();
            data = render_widget (bar, &w, &h);

            /* The outline, in the palette's colour, against the window. */
            pixel (data, w, 0, h / 2, got);
            assert_rgb_near (got, frame);
            assert_contrast (edge, frame, bg);

            /* The part of the side ahead (the first from the bottom). */
            pixel (data, w, w / 2, ahead == 0 ? h - 30 : 30, got);
            assert_rgb_near (got, fill);

            /* The score: drawn in the palette's ink for that colour, which
             * reads on it; the pixel of the text farthest from the fill
             * lies toward the ink. */
            studio_palette_text_on (fill, ink);
            assert_contrast (what, ink, fill);
            best = ahead == 0 ? ink_in_rows (data, w, h - 16, h - 2, fill) : ink_in_rows (data, w, 2, 16, fill);
            g_test_message ("%s: text pixel luminance %+.3f from the fill", what, best);
            g_assert_true ((best > 0) == (studio_palette_luminance (ink) > studio_palette_luminance (fill)));
            g_assert_cmpfloat (fabs (best), >, 0.1);
          }
    }
  gtk_window_destroy (GTK_WINDOW (window));
  set_dark (FALSE);
}

/* A drawn game's bar (issue 22: "½-½" at its end was too small to read):
 * "½" on each side of the midpoint, each in the ink of its part; nothing
 * at the ends. */
static void
test_eval_bar_draw (void)
{
  GtkWidget *bar = studio_eval_bar_new ();
  GtkWidget *window;

  gtk_widget_set_size_request (bar, 20, 200);
  gtk_widget_set_halign (bar, GTK_ALIGN_CENTER);
  window = present (bar);

  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const double *a_fill = cheops_variants[v]->sides[0].fill, *b_fill = cheops_variants[v]->sides[1].fill;
      g_autofree guchar *data = NULL;
      g_autofree char *text = NULL;
      int w, h;

      studio_eval_bar_set_sides (STUDIO_EVAL_BAR (bar), cheops_variants[v], TRUE);
      studio_eval_bar_set_result (STUDIO_EVAL_BAR (bar), 0);
      studio_test_spin_frames ();
      text = studio_eval_bar_dup_text (STUDIO_EVAL_BAR (bar));
      g_assert_cmpstr (text, ==, "½-½");
      data = render_widget (bar, &w, &h);
      g_test_message ("%s: above the midpoint %+.3f, below %+.3f, at the ends %+.3f %+.3f", cheops_variants[v]->name,
                      ink_in_rows (data, w, h / 2 - 16, h / 2 - 2, b_fill),
                      ink_in_rows (data, w, h / 2 + 2, h / 2 + 16, a_fill),
                      ink_in_rows (data, w, 2, 16, b_fill), ink_in_rows (data, w, h - 16, h - 2, a_fill));
      /* Side A's part is the lower half (not turned). */
      g_assert_cmpfloat (fabs (ink_in_rows (data, w, h / 2 - 16, h / 2 - 2, b_fill)), >, 0.1);
      g_assert_cmpfloat (fabs (ink_in_rows (data, w, h / 2 + 2, h / 2 + 16, a_fill)), >, 0.1);
      g_assert_cmpfloat (fabs (ink_in_rows (data, w, 2, 16, b_fill)), <, 0.01);
      g_assert_cmpfloat (fabs (ink_in_rows (data, w, h - 16, h - 2, a_fill)), <, 0.01);
    }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The board's coordinates, in every game, theme and style: the window's
 * text colour at the theme's opacity, on the window (or on the cell under
 * a label that lies on the board). */
static void
test_coordinates (void)
{
  for (int dark = 0; dark < 2; dark++)
    for (guint v = 0; cheops_variants[v] != NULL; v++)
      for (guint t = 0; t < STUDIO_BOARD_THEME_NB; t++)
        {
          const CheopsVariant *variant = cheops_variants[v];
          const StudioBoardThemeInfo *info = studio_board_theme_get_info (t);
          double fg[3], bg[3], ink[3];
          guint on_cells = 0;

          studio_palette_window_fg (dark, fg);
          g_assert_cmpint (variant->board->n_labels, >, 0);
          for (int i = 0; i < variant->board->n_labels; i++)
            {
              CheopsCell cell = cheops_variant_cell_at_point (variant, variant->board->labels[i].at.x,
                                                              variant->board->labels[i].at.y);
              g_autofree char *what = g_strdup_printf ("%s coordinate %s, theme %s, %s style", variant->name,
                                                       variant->board->labels[i].text, info->id,
                                                       dark ? "dark" : "light");

              if (cell == CHEOPS_CELL_NONE)
                studio_palette_window_bg (dark, bg);
              else
                {
                  studio_board_theme_shade_rgb (t, variant->board, variant->board->cells[cell].shade, dark, bg);
                  on_cells++;
                }
              studio_palette_blend (fg, info->label_alpha > 0 ? info->label_alpha : 0.55, bg, ink);
              assert_contrast (what, ink, bg);
            }
          g_test_message ("%s %s: %d coordinates, %u on cells", variant->name, info->id,
                          variant->board->n_labels, on_cells);
        }
}

/* The labels on pieces (a Pyramids stack's "31", a Cypher piece's
 * letter): white, outlined in the side's outline colour. */
static void
test_piece_labels (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    for (guint s = 0; s < 2; s++)
      {
        g_autofree char *what = g_strdup_printf ("%s label on a %s piece", cheops_variants[v]->name,
                                                 cheops_variants[v]->sides[s].name);
        double text[3], halo[3];

        cheops_board_painter_label_rgb (&cheops_variants[v]->sides[s], text, halo);
        g_assert_cmpfloat (text[0], ==, white[0]);
        assert_contrast (what, text, halo);
      }
}

/* The move list's numbers, side lines and comments, on the list. */
static void
test_move_list (void)
{
  for (int dark = 0; dark < 2; dark++)
    for (guint i = 0; i < STUDIO_PALETTE_MOVE_NB; i++)
      {
        g_autofree char *what = g_strdup_printf ("move list text %u, %s style", i, dark ? "dark" : "light");
        double rgb[3], bg[3], window_bg[3];

        studio_palette_move_text (dark, i, rgb);
        studio_palette_view_bg (dark, bg);
        studio_palette_window_bg (dark, window_bg);
        assert_contrast (what, rgb, bg);
        assert_contrast (what, rgb, window_bg);
      }
}

/* In the dark style a theme of the studio's own (Blue, Green) dims: its
 * lightest cell has at most a third of white's luminance, where in the
 * light style it is bright.  (The default theme is the game's own
 * colours; High Contrast keeps white on purpose.) */
/* The move glyphs' badges on the board (issue 22): their text at least
 * 4.5:1 on their colour; no badge for a NAG that is no move glyph. */
static void
test_glyph_badges (void)
{
  double fill[3], text[3];

  for (guint8 nag = 1; nag <= 7; nag++)
    {
      const char *symbol = studio_palette_glyph_badge (nag, fill, text);

      g_assert_nonnull (symbol);
      g_test_message ("%s: %.2f", symbol, studio_palette_contrast (fill, text));
      g_assert_cmpfloat (studio_palette_contrast (fill, text), >=, STUDIO_PALETTE_MIN_TEXT_CONTRAST);
    }
  g_assert_null (studio_palette_glyph_badge (0, fill, text));
  g_assert_null (studio_palette_glyph_badge (10, fill, text));
}

static void
test_dark_boards (void)
{
  for (guint t = 0; t < STUDIO_BOARD_THEME_NB; t++)
    {
      const StudioBoardThemeInfo *info = studio_board_theme_get_info (t);

      if (!info->recolour || t == STUDIO_BOARD_THEME_HIGH_CONTRAST)
        continue;
      for (guint v = 0; cheops_variants[v] != NULL; v++)
        {
          const CheopsBoardShape *board = cheops_variants[v]->board;
          double lightest[2] = { 0, 0 };

          for (int dark = 0; dark < 2; dark++)
            for (int s = 0; s < board->n_shades; s++)
              {
                double rgb[3];

                studio_board_theme_shade_rgb (t, board, s, dark, rgb);
                lightest[dark] = MAX (lightest[dark], studio_palette_luminance (rgb));
              }
          g_test_message ("%s %s: lightest cell %.2f light, %.2f dark", cheops_variants[v]->name, info->id,
                          lightest[0], lightest[1]);
          g_assert_cmpfloat (lightest[0], >, 0.5);
          g_assert_cmpfloat (lightest[1], <=, 1.0 / 3);
        }
    }
}

/* A cell mark (a ring) draws only around its cell, in every game: a
 * Cypher pocket's counter, drawn before it, left its point, and the ring
 * began with a line from there across the board (a fresh user's finding
 * in Learn's hint).  The pixels a ring changes lie within two cells of
 * its centre. */
static void
test_ring_alone (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      StudioWindow *window = studio_window_new (NULL);
      GtkWidget *board;
      StudioDocument *document;
      CheopsGameNode *node;
      const CheopsMove *moves;
      StudioShape ring;
      g_autofree guchar *plain = NULL;
      g_autofree guchar *marked = NULL;
      int w, h, x0 = G_MAXINT, x1 = -1, y0 = G_MAXINT, y1 = -1;
      guint n;

      gtk_window_set_default_size (GTK_WINDOW (window), 1200, 900);
      gtk_window_present (GTK_WINDOW (window));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-variant", "s", cheops_variants[v]->name);
      studio_test_spin_frames ();
      document = studio_window_get_document (window);
      node = studio_document_get_current (document);
      moves = cheops_game_node_get_moves (node, &n);
      g_assert_cmpuint (n, >, 0);
      board = studio_window_get_board_view (window);
      plain = render_widget (board, &w, &h);
      ring = (StudioShape) { cheops_move_from (moves[0]), cheops_move_from (moves[0]), STUDIO_BRUSH_GREEN };
      studio_board_scene_set_shapes (window->scene, &ring, 1);
      studio_test_spin_frames ();
      marked = render_widget (board, &w, &h);
      for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
          if (((const guint32 *) plain)[y * w + x] != ((const guint32 *) marked)[y * w + x])
            {
              x0 = MIN (x0, x); x1 = MAX (x1, x);
              y0 = MIN (y0, y); y1 = MAX (y1, y);
            }
      g_test_message ("%s: the ring changed %d..%d × %d..%d of %d × %d", cheops_variants[v]->name, x0, x1, y0, y1, w, h);
      g_assert_cmpint (x1, >=, x0);
      /* A cell is far less than a fifth of the board across. */
      g_assert_cmpint (x1 - x0, <, w / 5);
      g_assert_cmpint (y1 - y0, <, h / 5);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

int
main (int   argc,
      char *argv[])
{
  studio_test_init (&argc, &argv);
  /* Before any widget of the studio: the application's style sheet, as AdwApplication loads it. */
  {
    g_autoptr(GtkCssProvider) provider = gtk_css_provider_new ();

    gtk_css_provider_load_from_resource (provider, "/org/cheops/Studio/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (provider),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

  g_test_add_func ("/contrast/style-colours", test_style_colours);
  g_test_add_func ("/contrast/score-badges", test_score_badges);
  g_test_add_func ("/contrast/eval-bar", test_eval_bar);
  g_test_add_func ("/contrast/eval-bar-draw", test_eval_bar_draw);
  g_test_add_func ("/contrast/ring-alone", test_ring_alone);
  g_test_add_func ("/contrast/coordinates", test_coordinates);
  g_test_add_func ("/contrast/piece-labels", test_piece_labels);
  g_test_add_func ("/contrast/move-list", test_move_list);
  g_test_add_func ("/contrast/glyph-badges", test_glyph_badges);
  g_test_add_func ("/contrast/dark-boards", test_dark_boards);
  g_test_add_func ("/contrast/dim-labels", test_dim_labels);
  g_test_add_func ("/contrast/multipv-label", test_multipv_label);
  g_test_add_func ("/contrast/short-arrows", test_short_arrows);

  return g_test_run ();
}
