/* studio-eval-bar.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioEvalBar: the evaluation bar beside the board.  Green fills it from
 * the bottom and Orange from the top in proportion to each side's winning
 * chances, computed from the engine's score with the logistic curve that
 * Lichess uses for chess (2 / (1 + e^(-0.00368208 cp)) - 1); an Ascension
 * in sight fills it whole.  The score is written at the winning end, in
 * black or white, whichever reads on that side's colour; a grey outline
 * keeps the bar's edge where a side's colour is as dark (or as light) as
 * the window (studio-palette.c).
 */
#define G_LOG_DOMAIN "studio-eval-bar"

#include "studio-config.h"

#include <math.h>

#include <adwaita.h>

#include "studio-eval-bar.h"
#include "studio-palette.h"

struct _StudioEvalBar
{
  GtkWidget  parent_instance;

  /* From the a side's view: centipawns, or moves to an Ascension. */
  int        score;
  guint      has_score : 1;
  guint      has_result : 1; /* a finished game: score is 1, -1 or 0 */
  guint      is_ascension : 1;
  guint      a_green : 1;   /* the a side plays the first colour */
  guint      upside_down : 1; /* the first colour fills from the top */
  GdkRGBA    colours[2];    /* the first colour's, the second's */
};

G_DEFINE_FINAL_TYPE (StudioEvalBar, studio_eval_bar, GTK_TYPE_WIDGET)

/* The a side's share of the bar, 0..1 (0.5 without a score). */
static double
studio_eval_bar_a_fraction (StudioEvalBar *self)
{
  if (self->has_result)
    return self->score > 0 ? 1.0 : self->score < 0 ? 0.0 : 0.5;
  if (!self->has_score)
    return 0.5;

  if (self->is_ascension)
    return self->score >= 0 ? 1.0 : 0.0;

  return 0.5 + 0.5 * (2.0 / (1.0 + exp (-0.00368208 * self->score)) - 1.0);
}

/**
 * studio_eval_bar_get_fraction:
 * @self: a #StudioEvalBar
 *
 * Returns: the share of the bar filled in Green, 0..1
 */
double
studio_eval_bar_get_fraction (StudioEvalBar *self)
{
  double a;

  g_return_val_if_fail (STUDIO_IS_EVAL_BAR (self), 0.5);

  a = studio_eval_bar_a_fraction (self);

  return self->a_green ? a : 1.0 - a;
}

/**
 * studio_eval_bar_format_score:
 * @is_ascension: whether @score counts moves to an Ascension (8.1)
 * @score: centipawns, or moves to an Ascension, from either side's view
 *
 * The text in the bar: the size of the advantage without its sign (the
 * colour at that end says whose it is), in pawns to one decimal ("0.3"),
 * or "#N" for an Ascension in N moves.  Exact halves round toward zero:
 * 0.05 is "0.0", so that a level game never shows an advantage.
 *
 * Returns: (transfer full): the text, at most 8 bytes
 */
char *
studio_eval_bar_format_score (gboolean is_ascension,
                              int      score)
{
  int tenths, rest;

  if (is_ascension)
    return g_strdup_printf ("#%d", ABS (score));

  /* In integers: %.1f would round 0.05 (not exactly representable) up. */
  tenths = ABS (score) / 10;
  rest = ABS (score) % 10;
  if (rest > 5)
    tenths++;

  return g_strdup_printf ("%d.%d", tenths / 10, tenths % 10);
}

/* Draws @text centred across the bar, its top at @y (or its bottom, when
 * @above), in the ink that reads on @under; a text wider than the bar is
 * drawn smaller, never clipped. */
static void
draw_label (GtkWidget     *widget,
            GtkSnapshot   *snapshot,
            const char    *text,
            double         y,
            gboolean       above,
            const GdkRGBA *under)
{
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (widget, text);
  PangoFontDescription *font = pango_font_description_from_string ("Sans Bold 7");
  int width = gtk_widget_get_width (widget);
  double zoom = 1.0;
  double fill[3] = { under->red, under->green, under->blue }, ink[3];
  int tw, th;

  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_get_pixel_size (layout, &tw, &th);
  /* "12.5" or "#14" is wider than the bar: smaller, never clipped. */
  if (tw > width - 4)
    zoom = (width - 4) / (double) tw;

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((width - tw * zoom) / 2.0, above ? y - th * zoom : y));
  gtk_snapshot_scale (snapshot, zoom, zoom);
  studio_palette_text_on (fill, ink);
  gtk_snapshot_append_layout (snapshot, layout, &(GdkRGBA) { ink[0], ink[1], ink[2], 1 });
  gtk_snapshot_restore (snapshot);
}

static void
studio_eval_bar_snapshot (GtkWidget   *widget,
                          GtkSnapshot *snapshot)
{
  StudioEvalBar *self = (StudioEvalBar *)widget;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double green = studio_eval_bar_get_fraction (self);
  double split = height * (1.0 - green);
  GskRoundedRect outline;
  static const GdkRGBA mid_rgba = { 0.0, 0.0, 0.0, 0.35 };

  if (width <= 0 || height <= 0)
    return;

  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height), 4);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  /* Turned with a board turned half round: the first colour from the top. */
  if (self->upside_down)
    split = height - split;
  gtk_snapshot_append_color (snapshot, &self->colours[self->upside_down ? 0 : 1],
                             &GRAPHENE_RECT_INIT (0, 0, width, split));
  gtk_snapshot_append_color (snapshot, &self->colours[self->upside_down ? 1 : 0],
                             &GRAPHENE_RECT_INIT (0, split, width, height - split));
  /* The midpoint: an even game. */
  gtk_snapshot_append_color (snapshot, &mid_rgba, &GRAPHENE_RECT_INIT (0, height / 2.0 - 1, width, 2));
  gtk_snapshot_pop (snapshot);

  /* The outline, over the parts' edge. */
  {
    double frame[3];
    GdkRGBA frame_rgba;

    studio_palette_eval_bar_frame (adw_style_manager_get_dark (adw_style_manager_get_default ()), frame);
    frame_rgba = (GdkRGBA) { frame[0], frame[1], frame[2], 1.0 };
    gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 1, 1, 1, 1 },
                                (GdkRGBA[4]) { frame_rgba, frame_rgba, frame_rgba, frame_rgba });
  }

  if (self->has_score && self->has_result && self->score == 0)
    {
      /* A draw: "½" on each side of the midpoint, each in its side's part
       * ("½-½" at the bottom was too small to read in a 20 px bar). */
      draw_label (widget, snapshot, "½", height / 2.0 - 3, TRUE, &self->colours[self->upside_down ? 0 : 1]);
      draw_label (widget, snapshot, "½", height / 2.0 + 3, FALSE, &self->colours[self->upside_down ? 1 : 0]);
    }
  else if (self->has_score)
    {
      g_autofree char *text = NULL;
      gboolean green_ahead = self->a_green ? self->score >= 0 : self->score < 0;
      gboolean at_bottom = green_ahead != self->upside_down;

      if (!self->has_result)
        text = studio_eval_bar_format_score (self->is_ascension, self->score);
      else
        text = g_strdup (green_ahead ? "1-0" : "0-1");
      /* At the end of the leading side's part. */
      draw_label (widget, snapshot, text, at_bottom ? height - 3 : 3, at_bottom,
                  &self->colours[green_ahead ? 0 : 1]);
    }
}

static void
studio_eval_bar_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = *natural = 20;
  else
    *minimum = *natural = 120;
}

static void
studio_eval_bar_class_init (StudioEvalBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  widget_class->snapshot = studio_eval_bar_snapshot;
  widget_class->measure = studio_eval_bar_measure;

  gtk_widget_class_set_css_name (widget_class, "evalbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_METER);
}

static void
studio_eval_bar_init (StudioEvalBar *self)
{
  self->a_green = TRUE;
  studio_eval_bar_set_sides (self, &cheops_variant_cheops, TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

/**
 * studio_eval_bar_new:
 *
 * Returns: (transfer floating): an empty evaluation bar
 */
GtkWidget *
studio_eval_bar_new (void)
{
  return g_object_new (STUDIO_TYPE_EVAL_BAR, NULL);
}

/**
 * studio_eval_bar_set_score:
 * @self: a #StudioEvalBar
 * @is_ascension: whether @score counts moves to an Ascension (8.1)
 * @score: from the a side's view: centipawns, or moves to an Ascension
 *   (positive: the a side achieves it; negative: the q side)
 *
 * Shows an evaluation.
 */
void
studio_eval_bar_set_score (StudioEvalBar *self,
                           gboolean       is_ascension,
                           int            score)
{
  g_return_if_fail (STUDIO_IS_EVAL_BAR (self));

  if (self->has_score && !self->has_result && self->is_ascension == !!is_ascension && self->score == score)
    return;

  self->has_result = FALSE;
  self->has_score = TRUE;
  self->is_ascension = !!is_ascension;
  self->score = score;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * studio_eval_bar_set_result:
 * @self: a #StudioEvalBar
 * @a_result: 1 if the a side won, -1 if the q side won, 0 for a draw
 *
 * Shows the result of a finished game: the bar all in the winner's colour
 * with "1-0" or "0-1" (Green's result first, as in the Result tag), or
 * centred for a draw, "½" on each side of the midpoint.
 */
void
studio_eval_bar_set_result (StudioEvalBar *self,
                            int            a_result)
{
  g_return_if_fail (STUDIO_IS_EVAL_BAR (self));

  self->has_score = TRUE;
  self->has_result = TRUE;
  self->is_ascension = FALSE;
  self->score = CLAMP (a_result, -1, 1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * studio_eval_bar_dup_text:
 * @self: a #StudioEvalBar
 *
 * Returns: (transfer full) (nullable): the text shown in the bar ("½-½"
 *   for a draw's two halves), or %NULL
 */
char *
studio_eval_bar_dup_text (StudioEvalBar *self)
{
  g_return_val_if_fail (STUDIO_IS_EVAL_BAR (self), NULL);

  if (!self->has_score)
    return NULL;
  if (!self->has_result)
    return studio_eval_bar_format_score (self->is_ascension, self->score);
  if (self->score == 0)
    return g_strdup ("½-½");
  return g_strdup ((self->a_green ? self->score > 0 : self->score < 0) ? "1-0" : "0-1");
}

/**
 * studio_eval_bar_clear:
 * @self: a #StudioEvalBar
 *
 * Shows no evaluation (an even bar, no text).
 */
void
studio_eval_bar_clear (StudioEvalBar *self)
{
  g_return_if_fail (STUDIO_IS_EVAL_BAR (self));

  if (!self->has_score)
    return;

  self->has_score = FALSE;
  self->has_result = FALSE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * studio_eval_bar_set_sides:
 * @self: a #StudioEvalBar
 * @variant: the game's variant: the bar is filled in its sides' colours,
 *   the first colour from the bottom
 * @a_first: whether side A plays the first colour (a Cheops game's
 *   [GreenCorner] may give it to the q corner)
 */
void
studio_eval_bar_set_sides (StudioEvalBar       *self,
                           const CheopsVariant *variant,
                           gboolean             a_first)
{
  g_return_if_fail (STUDIO_IS_EVAL_BAR (self));

  for (guint i = 0; i < 2; i++)
    self->colours[i] = (GdkRGBA) { variant->sides[i].fill[0], variant->sides[i].fill[1],
                                   variant->sides[i].fill[2], 1.0 };
  studio_eval_bar_set_a_green (self, a_first);
}

/**
 * studio_eval_bar_set_a_green:
 * @self: a #StudioEvalBar
 * @a_green: whether the a side plays the first colour
 */
void
studio_eval_bar_set_a_green (StudioEvalBar *self,
                             gboolean       a_green)
{
  g_return_if_fail (STUDIO_IS_EVAL_BAR (self));

  self->a_green = !!a_green;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * studio_eval_bar_set_upside_down:
 * @self: a #StudioEvalBar
 * @upside_down: whether the first colour fills the bar from the top (and
 *   the second from the bottom): for a board turned half round
 *   (CHEOPS_FLIP_ROTATE) and flipped, whose first side is then at the top
 */
void
studio_eval_bar_set_upside_down (StudioEvalBar *self,
                                 gboolean       upside_down)
{
  g_return_if_fail (STUDIO_IS_EVAL_BAR (self));

  if (self->upside_down == !!upside_down)
    return;
  self->upside_down = !!upside_down;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * studio_eval_bar_get_upside_down:
 * @self: a #StudioEvalBar
 *
 * Returns: whether the first colour fills the bar from the top
 */
gboolean
studio_eval_bar_get_upside_down (StudioEvalBar *self)
{
  g_return_val_if_fail (STUDIO_IS_EVAL_BAR (self), FALSE);

  return self->upside_down;
}
