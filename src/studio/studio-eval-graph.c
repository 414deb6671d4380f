/* studio-eval-graph.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioEvalGraph: the evaluation of every position of a game's mainline,
 * drawn with Cairo as an area chart under the move list.  It follows a
 * StudioDocument: the values are the nodes' stored evaluations ([%eval],
 * CheopsAnnotations), read again whenever the game changes (an edit, an
 * undo, an analysis writing its evaluations, another game shown), so it
 * shows a running analysis as its evaluations arrive.  It knows no game:
 * the colours are the variant's sides' (CheopsSideInfo.fill), the first
 * colour's advantage drawn upward, as the evaluation bar fills it from
 * the bottom.
 *
 * Scale: an evaluation becomes a share of the half-height with the
 * logistic curve of the evaluation bar (Lichess's for chess):
 * 2 / (1 + e^(-0.00368208 cp)) - 1, so ±1 pawn is ±0.18 and ±5 pawns
 * ±0.73, and only a forced win (an Ascension or mate score, [%eval #N])
 * reaches the edge.  A position without an evaluation leaves a gap: the
 * area is drawn over the runs of evaluated positions.
 *
 * Moves with a move glyph (! ? !! ?? !? ?!, NAGs 1..6) are marked with a
 * dot at their position, in the colour of the glyph (blunders red,
 * mistakes orange, inaccuracies yellow, good moves blue, interesting ones
 * green).  A vertical line marks the current move (dashed when the current
 * node is in a variation: the mainline move it branches from).  A click or
 * a drag goes to the mainline move under the pointer, and the tooltip
 * there names the move with its number and glyph and its evaluation
 * ("14. Mf5?: +0.53").  The graph takes the keyboard focus (Tab, or a
 * click): Left and Right go to the previous and the next mainline move,
 * Home and End to the start and the last move, and a focus ring in the
 * accent colour shows it has the focus while the keyboard is used
 * (style.css, evalgraph:focus-visible).  For screen readers it is a slider
 * through the mainline whose value text is the tooltip's.  The foreground
 * is the widget's CSS colour, so it reads in the dark style as in the light;
 * every size is a share of the allocation, so it reads at any width.
 *
 * The graph hides itself while the mainline holds no evaluation.
 */
#define G_LOG_DOMAIN "studio-eval-graph"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "studio-eval-graph.h"

struct _StudioEvalGraph
{
  GtkWidget       parent_instance;

  StudioDocument *document;
  /* The mainline: its nodes (refs) from the root, and per node the value
   * (-1..1 from the a side's view, NAN without an evaluation) and the move
   * glyph (0 without). */
  GPtrArray      *nodes;
  GArray         *values;
  GArray         *glyphs;
  guint           n_evals;
  /* Which side plays the first colour. */
  CheopsSide      first_side;

  double          drag_x;
  gboolean        hidden;   /* studio_eval_graph_set_hidden() */
  gboolean        compact;  /* studio_eval_graph_set_compact() */
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (StudioEvalGraph, studio_eval_graph, GTK_TYPE_WIDGET)

static GParamSpec *properties [N_PROPS];

/* Horizontal room at each end, so the first and last points' dots show. */
#define PAD_X 4.0
#define PAD_Y 3.0

/**
 * studio_eval_value:
 * @eval: an evaluation, from the a side's view (CheopsEval)
 * @mover: the side that played the move leading to the position (for
 *   "#0": the side that has achieved the Ascension)
 *
 * The graph's scale: the a side's share of the advantage, -1..1, by the
 * logistic curve 2 / (1 + e^(-0.00368208 cp)) - 1 for centipawns, ±1 for
 * a forced Ascension (positive when a achieves it).
 *
 * Returns: the value, or NAN for CHEOPS_EVAL_NONE
 */
double
studio_eval_value (const CheopsEval *eval,
                   CheopsSide        mover)
{
  g_return_val_if_fail (eval != NULL, NAN);

  switch (eval->kind)
    {
    case CHEOPS_EVAL_CENTIPAWNS:
      return 2.0 / (1.0 + exp (-0.00368208 * eval->value)) - 1.0;
    case CHEOPS_EVAL_ASCENSION:
      if (eval->value == 0)
        return mover == CHEOPS_SIDE_A ? 1.0 : -1.0;
      return eval->value > 0 ? 1.0 : -1.0;
    case CHEOPS_EVAL_NONE:
    default:
      return NAN;
    }
}

static void
studio_eval_graph_update_value (StudioEvalGraph *self)
{
  int marker = studio_eval_graph_get_marker (self);
  g_autofree char *text = marker >= 0 ? studio_eval_graph_dup_point_text (self, (guint) marker) : NULL;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) MAX (self->nodes->len, 1) - 1,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) MAX (marker, 0),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text != NULL ? text : "",
                                  -1);
}

static void
studio_eval_graph_update_accessible (StudioEvalGraph *self)
{
  g_autofree char *description = NULL;

  /* Translators: the evaluation graph's description for screen readers */
  description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "%u of %u position evaluated",
                                              "%u of %u positions evaluated",
                                              self->nodes->len),
                                 self->n_evals, self->nodes->len);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                  -1);
  studio_eval_graph_update_value (self);
}

/* Reads the mainline again. */
static void
studio_eval_graph_rebuild (StudioEvalGraph *self)
{
  CheopsGame *game;

  g_ptr_array_set_size (self->nodes, 0);
  g_array_set_size (self->values, 0);
  g_array_set_size (self->glyphs, 0);
  self->n_evals = 0;
  self->first_side = CHEOPS_SIDE_A;

  game = self->document != NULL ? studio_document_get_game (self->document) : NULL;
  if (game != NULL)
    {
      self->first_side = cheops_game_get_colour_side (game, 0);
      for (CheopsGameNode *node = cheops_game_get_root (game); node != NULL;
           node = cheops_game_node_get_first_child (node))
        {
          const CheopsAnnotations *annotations = cheops_game_node_get_annotations (node);
          double value = studio_eval_value (&annotations->eval, cheops_game_node_get_mover (node));
          guint8 glyph = cheops_game_node_is_root (node) ? 0 : cheops_game_node_get_move_glyph (node);

          g_ptr_array_add (self->nodes, cheops_game_node_ref (node));
          g_array_append_val (self->values, value);
          g_array_append_val (self->glyphs, glyph);
          if (!isnan (value))
            self->n_evals++;
        }
    }

  gtk_widget_set_visible (GTK_WIDGET (self), self->n_evals > 0 && !self->hidden);
  studio_eval_graph_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
document_changed_cb (StudioEvalGraph *self)
{
  studio_eval_graph_rebuild (self);
}

static void
document_current_cb (StudioEvalGraph *self)
{
  studio_eval_graph_update_value (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * studio_eval_graph_x_of:
 * @self: a #StudioEvalGraph
 * @index: a mainline index (0: the start position, i: after the i-th move)
 *
 * Returns: the x, in widget pixels, at which @index is drawn
 */
double
studio_eval_graph_x_of (StudioEvalGraph *self,
                        guint            index)
{
  double width;
  guint n;

  g_return_val_if_fail (STUDIO_IS_EVAL_GRAPH (self), 0);

  width = gtk_widget_get_width (GTK_WIDGET (self));
  n = self->nodes->len;
  if (n <= 1)
    return width / 2.0;
  return PAD_X + index * (width - 2 * PAD_X) / (n - 1);
}

/**
 * studio_eval_graph_index_at:
 * @self: a #StudioEvalGraph
 * @x: a widget x, in pixels
 *
 * Returns: the mainline index nearest @x (clamped to the mainline), or -1
 *   when there is no game
 */
int
studio_eval_graph_index_at (StudioEvalGraph *self,
                            double           x)
{
  double width;
  guint n;
  double i;

  g_return_val_if_fail (STUDIO_IS_EVAL_GRAPH (self), -1);

  n = self->nodes->len;
  if (n == 0)
    return -1;
  if (n == 1)
    return 0;
  width = gtk_widget_get_width (GTK_WIDGET (self));
  if (width <= 2 * PAD_X)
    return 0;
  i = round ((x - PAD_X) * (n - 1) / (width - 2 * PAD_X));
  return (int) CLAMP (i, 0, n - 1);
}

/**
 * studio_eval_graph_get_marker:
 * @self: a #StudioEvalGraph
 *
 * Returns: the mainline index the marker stands at: the current node's, or
 *   for a node in a variation the mainline node it branches from; -1 when
 *   there is none
 */
int
studio_eval_graph_get_marker (StudioEvalGraph *self)
{
  CheopsGameNode *node;

  g_return_val_if_fail (STUDIO_IS_EVAL_GRAPH (self), -1);

  if (self->document == NULL || self->nodes->len == 0)
    return -1;
  node = studio_document_get_current (self->document);
  while (node != NULL && !cheops_game_node_is_mainline (node))
    node = cheops_game_node_get_parent (node);
  if (node == NULL)
    return -1;
  for (guint i = 0; i < self->nodes->len; i++)
    if (g_ptr_array_index (self->nodes, i) == node)
      return (int) i;
  return -1;
}

static gboolean
studio_eval_graph_current_in_variation (StudioEvalGraph *self)
{
  CheopsGameNode *node = self->document != NULL ? studio_document_get_current (self->document) : NULL;

  return node != NULL && !cheops_game_node_is_mainline (node);
}

static void
glyph_rgb (guint8  glyph,
           double *rgb)
{
  /* GNOME's palette: red 3, orange 3, yellow 4, blue 3, green 4. */
  static const double colours[][3] = {
    [CHEOPS_NAG_BLUNDER]     = { 0.878, 0.106, 0.141 },
    [CHEOPS_NAG_MISTAKE]     = { 1.000, 0.471, 0.000 },
    [CHEOPS_NAG_DUBIOUS]     = { 0.898, 0.647, 0.039 },
    [CHEOPS_NAG_GOOD]        = { 0.208, 0.518, 0.894 },
    [CHEOPS_NAG_BRILLIANT]   = { 0.208, 0.518, 0.894 },
    [CHEOPS_NAG_INTERESTING] = { 0.180, 0.761, 0.494 },
  };

  rgb[0] = colours[glyph][0];
  rgb[1] = colours[glyph][1];
  rgb[2] = colours[glyph][2];
}

static void
studio_eval_graph_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  StudioEvalGraph *self = (StudioEvalGraph *)widget;
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double mid = height / 2.0;
  double half = height / 2.0 - PAD_Y;
  const CheopsVariant *variant;
  const CheopsSideInfo *up, *down;
  double up_sign;
  GdkRGBA fg;
  cairo_t *cr;
  int marker;

  if (width <= 0 || height <= 0 || self->document == NULL || self->nodes->len == 0)
    return;

  variant = studio_document_get_variant (self->document);
  up = &variant->sides[0];
  down = &variant->sides[1];
  /* Values are the a side's: the first colour's advantage goes up. */
  up_sign = self->first_side == CHEOPS_SIDE_A ? 1.0 : -1.0;

  /* gtk_widget_get_color() is GTK 4.10; this is the 4.8 way. */
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* A faint ground and the level line. */
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.04);
  cairo_fill (cr);

  /* The area: each run of evaluated positions, filled between the curve
   * and the level line, the upper half in the first colour and the lower
   * in the second (two clips of the same path). */
  for (guint half_index = 0; half_index < 2; half_index++)
    {
      const CheopsSideInfo *side = half_index == 0 ? up : down;

      cairo_save (cr);
      if (half_index == 0)
        cairo_rectangle (cr, 0, 0, width, mid);
      else
        cairo_rectangle (cr, 0, mid, width, height - mid);
      cairo_clip (cr);

      for (guint i = 0; i < self->nodes->len; i++)
        {
          guint j;

          if (isnan (g_array_index (self->values, double, i)))
            continue;
          cairo_move_to (cr, studio_eval_graph_x_of (self, i), mid);
          for (j = i; j < self->nodes->len && !isnan (g_array_index (self->values, double, j)); j++)
            cairo_line_to (cr, studio_eval_graph_x_of (self, j),
                           mid - up_sign * g_array_index (self->values, double, j) * half);
          cairo_line_to (cr, studio_eval_graph_x_of (self, j - 1), mid);
          cairo_close_path (cr);
          i = j;
        }
      cairo_set_source_rgba (cr, side->fill[0], side->fill[1], side->fill[2], 0.85);
      cairo_fill (cr);
      cairo_restore (cr);
    }

  /* The curve itself, in the foreground colour. */
  for (guint i = 0; i < self->nodes->len; i++)
    {
      double v = g_array_index (self->values, double, i);
      double x = studio_eval_graph_x_of (self, i), y = mid - up_sign * v * half;

      if (isnan (v))
        continue;
      if (i > 0 && !isnan (g_array_index (self->values, double, i - 1)))
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
    }
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
  cairo_set_line_width (cr, 1.0);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_stroke (cr);

  cairo_move_to (cr, 0, mid);
  cairo_line_to (cr, width, mid);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.25);
  cairo_stroke (cr);

  /* The current move. */
  marker = studio_eval_graph_get_marker (self);
  if (marker >= 0)
    {
      double x = round (studio_eval_graph_x_of (self, marker)) + 0.5;

      cairo_save (cr);
      if (studio_eval_graph_current_in_variation (self))
        cairo_set_dash (cr, (double[]) { 3.0, 2.0 }, 2, 0);
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, height);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.85);
      cairo_set_line_width (cr, 1.5);
      cairo_stroke (cr);
      cairo_restore (cr);
    }

  /* The glyphs' moves: a dot with a ring of the ground's contrast. */
  for (guint i = 0; i < self->nodes->len; i++)
    {
      guint8 glyph = g_array_index (self->glyphs, guint8, i);
      double v = g_array_index (self->values, double, i);
      double rgb[3];
      double r = CLAMP (height * 0.06, 2.5, 4.5);

      if (glyph < CHEOPS_NAG_GOOD || glyph > CHEOPS_NAG_DUBIOUS)
        continue;
      glyph_rgb (glyph, rgb);
      cairo_new_sub_path (cr);
      cairo_arc (cr, studio_eval_graph_x_of (self, i), isnan (v) ? mid : mid - up_sign * v * half,
                 r, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 1.0 - fg.red, 1.0 - fg.green, 1.0 - fg.blue, 0.9);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
    }

  cairo_destroy (cr);
}

static void studio_eval_graph_go_index (StudioEvalGraph *self,
                                        int              index);

static void
studio_eval_graph_go_to (StudioEvalGraph *self,
                         double           x)
{
  int index = studio_eval_graph_index_at (self, x);

  if (index >= 0)
    studio_eval_graph_go_index (self, index);
}

static void
drag_begin_cb (StudioEvalGraph *self,
               double           x,
               double           y)
{
  self->drag_x = x;
  /* A click gives the keys to the graph too. */
  gtk_widget_grab_focus (GTK_WIDGET (self));
  studio_eval_graph_go_to (self, x);
}

static void
drag_update_cb (StudioEvalGraph *self,
                double           dx,
                double           dy)
{
  studio_eval_graph_go_to (self, self->drag_x + dx);
}

/**
 * studio_eval_graph_dup_point_text:
 * @self: a #StudioEvalGraph
 * @index: a mainline index
 *
 * The text of the point at @index, as its tooltip shows it: the move with
 * its number and its move glyph, as the move list and the files write
 * them, and the evaluation stored there — "14. Mf5?: +0.53", "27. i9=Q: #0",
 * "3... ke8" without an evaluation, "+0.20" for the start position.
 *
 * Returns: (transfer full) (nullable): the text, or NULL when @index is
 *   out of range or the start position has no evaluation
 */
char *
studio_eval_graph_dup_point_text (StudioEvalGraph *self,
                                  guint            index)
{
  CheopsGameNode *node;
  const CheopsEval *eval;
  g_autofree char *move = NULL;
  g_autofree char *value = NULL;

  g_return_val_if_fail (STUDIO_IS_EVAL_GRAPH (self), NULL);

  if (index >= self->nodes->len)
    return NULL;
  node = g_ptr_array_index (self->nodes, index);
  eval = &cheops_game_node_get_annotations (node)->eval;
  if (eval->kind == CHEOPS_EVAL_CENTIPAWNS)
    value = g_strdup_printf ("%+.2f", eval->value / 100.0);
  else if (eval->kind == CHEOPS_EVAL_ASCENSION)
    value = g_strdup_printf ("#%d", eval->value);
  if (!cheops_game_node_is_root (node))
    {
      g_autofree char *text = cheops_game_node_format_move (node, TRUE);
      const char *glyph = cheops_nag_to_suffix (cheops_game_node_get_move_glyph (node));

      move = g_strconcat (text, glyph != NULL ? glyph : "", NULL);
    }
  if (move != NULL && value != NULL)
    /* Translators: the evaluation graph's tooltip over a point: the move
     * ("14. Mf5?") and its evaluation ("+0.53") */
    return g_strdup_printf (_("%s: %s"), move, value);
  if (move != NULL)
    return g_steal_pointer (&move);
  return g_steal_pointer (&value);
}

/* The tooltip over a point (the marker's, from the keyboard). */
static gboolean
query_tooltip_cb (GtkWidget  *widget,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip)
{
  StudioEvalGraph *self = (StudioEvalGraph *)widget;
  int index = keyboard ? studio_eval_graph_get_marker (self) : studio_eval_graph_index_at (self, x);
  g_autofree char *text = index >= 0 ? studio_eval_graph_dup_point_text (self, (guint) index) : NULL;

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* Goes to the mainline position @index (clamped). */
static void
studio_eval_graph_go_index (StudioEvalGraph *self,
                            int              index)
{
  CheopsGameNode *node;

  if (self->document == NULL || self->nodes->len == 0)
    return;
  index = CLAMP (index, 0, (int) self->nodes->len - 1);
  node = g_ptr_array_index (self->nodes, index);
  if (studio_document_get_current (self->document) != node)
    studio_document_set_current (self->document, node);
}

/* Left and Right: the previous and the next mainline move (from a move
 * in a variation: back to the mainline move it branches from, or on to
 * the mainline's next); Home and End: the start and the last move. */
static gboolean
key_pressed_cb (StudioEvalGraph       *self,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                GtkEventControllerKey *controller)
{
  int marker = studio_eval_graph_get_marker (self);
  gboolean in_variation = studio_eval_graph_current_in_variation (self);

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SHIFT_MASK)) != 0 || marker < 0)
    return FALSE;
  switch (keyval)
    {
    case GDK_KEY_Left: case GDK_KEY_KP_Left:
      studio_eval_graph_go_index (self, in_variation ? marker : marker - 1);
      break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right:
      studio_eval_graph_go_index (self, marker + 1);
      break;
    case GDK_KEY_Home: case GDK_KEY_KP_Home:
      studio_eval_graph_go_index (self, 0);
      break;
    case GDK_KEY_End: case GDK_KEY_KP_End:
      studio_eval_graph_go_index (self, (int) self->nodes->len - 1);
      break;
    default:
      return FALSE;
    }
  if (studio_eval_graph_get_marker (self) == marker && !in_variation)
    gtk_widget_error_bell (GTK_WIDGET (self));
  return TRUE;
}

static void
studio_eval_graph_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 40;
      *natural = 200;
    }
  else
    {
      StudioEvalGraph *self = STUDIO_EVAL_GRAPH (widget);

      /* Compact, under the moves of a narrow window's side pane. */
      *minimum = self->compact ? 32 : 40;
      *natural = self->compact ? 40 : 72;
    }
}

static void
studio_eval_graph_dispose (GObject *object)
{
  StudioEvalGraph *self = (StudioEvalGraph *)object;

  studio_eval_graph_set_document (self, NULL);

  G_OBJECT_CLASS (studio_eval_graph_parent_class)->dispose (object);
}

static void
studio_eval_graph_finalize (GObject *object)
{
  StudioEvalGraph *self = (StudioEvalGraph *)object;

  g_clear_pointer (&self->nodes, g_ptr_array_unref);
  g_clear_pointer (&self->values, g_array_unref);
  g_clear_pointer (&self->glyphs, g_array_unref);

  G_OBJECT_CLASS (studio_eval_graph_parent_class)->finalize (object);
}

static void
studio_eval_graph_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  StudioEvalGraph *self = STUDIO_EVAL_GRAPH (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_eval_graph_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  StudioEvalGraph *self = STUDIO_EVAL_GRAPH (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      studio_eval_graph_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_eval_graph_class_init (StudioEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_eval_graph_dispose;
  object_class->finalize = studio_eval_graph_finalize;
  object_class->get_property = studio_eval_graph_get_property;
  object_class->set_property = studio_eval_graph_set_property;

  widget_class->snapshot = studio_eval_graph_snapshot;
  widget_class->measure = studio_eval_graph_measure;

  properties [PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL,
                         STUDIO_TYPE_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);
}

static void
studio_eval_graph_init (StudioEvalGraph *self)
{
  GtkGesture *drag;
  GtkEventController *keys;

  self->nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_game_node_unref);
  self->values = g_array_new (FALSE, FALSE, sizeof (double));
  self->glyphs = g_array_new (FALSE, FALSE, sizeof (guint8));

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (drag_begin_cb), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (drag_update_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  keys = gtk_event_controller_key_new ();
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);

  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (query_tooltip_cb), NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation graph"),
                                  -1);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/**
 * studio_eval_graph_new:
 *
 * Returns: (transfer floating): a graph following no document
 */
GtkWidget *
studio_eval_graph_new (void)
{
  return g_object_new (STUDIO_TYPE_EVAL_GRAPH, NULL);
}

/**
 * studio_eval_graph_get_document:
 * @self: a #StudioEvalGraph
 *
 * Returns: (transfer none) (nullable): the document it follows
 */
StudioDocument *
studio_eval_graph_get_document (StudioEvalGraph *self)
{
  g_return_val_if_fail (STUDIO_IS_EVAL_GRAPH (self), NULL);

  return self->document;
}

/**
 * studio_eval_graph_set_document:
 * @self: a #StudioEvalGraph
 * @document: (nullable): the document to follow
 *
 * Shows @document's game's mainline, and follows its changes and its
 * current node; a click goes to a node of @document.
 */
void
studio_eval_graph_set_document (StudioEvalGraph *self,
                                StudioDocument  *document)
{
  g_return_if_fail (STUDIO_IS_EVAL_GRAPH (self));
  g_return_if_fail (document == NULL || STUDIO_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    {
      g_signal_connect_object (document, "changed", G_CALLBACK (document_changed_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "notify::current", G_CALLBACK (document_current_cb), self,
                               G_CONNECT_SWAPPED);
    }
  if (self->nodes != NULL)
    studio_eval_graph_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_DOCUMENT]);
}

/**
 * studio_eval_graph_get_n_points:
 * @self: a #StudioEvalGraph
 *
 * Returns: the number of mainline positions drawn (the start position and
 *   one per move)
 */
guint
studio_eval_graph_get_n_points (StudioEvalGraph *self)
{
  g_return_val_if_fail (STUDIO_IS_EVAL_GRAPH (self), 0);

  return self->nodes->len;
}

/**
 * studio_eval_graph_get_n_evals:
 * @self: a #StudioEvalGraph
 *
 * Returns: how many of them have an evaluation
 */
guint
studio_eval_graph_get_n_evals (StudioEvalGraph *self)
{
  g_return_val_if_fail (STUDIO_IS_EVAL_GRAPH (self), 0);

  return self->n_evals;
}

/**
 * studio_eval_graph_get_value:
 * @self: a #StudioEvalGraph
 * @index: a mainline index
 * @value: (out) (optional): the value drawn, -1..1 from the a side's view
 *   (studio_eval_value())
 *
 * Returns: whether the position at @index has an evaluation
 */
gboolean
studio_eval_graph_get_value (StudioEvalGraph *self,
                             guint            index,
                             double          *value)
{
  double v;

  g_return_val_if_fail (STUDIO_IS_EVAL_GRAPH (self), FALSE);

  if (index >= self->values->len)
    return FALSE;
  v = g_array_index (self->values, double, index);
  if (value != NULL)
    *value = v;
  return !isnan (v);
}

/**
 * studio_eval_graph_get_glyph:
 * @self: a #StudioEvalGraph
 * @index: a mainline index
 *
 * Returns: the move glyph marked at @index (CHEOPS_NAG_GOOD ..
 *   CHEOPS_NAG_DUBIOUS are drawn as dots), 0 for none or out of range
 */
guint8
studio_eval_graph_get_glyph (StudioEvalGraph *self,
                             guint            index)
{
  g_return_val_if_fail (STUDIO_IS_EVAL_GRAPH (self), 0);

  return index < self->glyphs->len ? g_array_index (self->glyphs, guint8, index) : 0;
}

/**
 * studio_eval_graph_set_hidden:
 * @self: a #StudioEvalGraph
 * @hidden: whether to stay hidden even with evaluations (the window's
 *   narrow layout while it shows a view in the moves' place)
 */
void
studio_eval_graph_set_hidden (StudioEvalGraph *self,
                              gboolean         hidden)
{
  g_return_if_fail (STUDIO_IS_EVAL_GRAPH (self));

  self->hidden = !!hidden;
  gtk_widget_set_visible (GTK_WIDGET (self), self->n_evals > 0 && !self->hidden);
}

/**
 * studio_eval_graph_set_compact:
 * @self: a #StudioEvalGraph
 * @compact: whether to ask for less height: 40 pixels rather than 72, at
 *   least 32 rather than 40 (the window's narrow layout, where the graph
 *   shares the side pane's height with the move list)
 */
void
studio_eval_graph_set_compact (StudioEvalGraph *self,
                               gboolean         compact)
{
  g_return_if_fail (STUDIO_IS_EVAL_GRAPH (self));

  if (self->compact == !!compact)
    return;
  self->compact = !!compact;
  gtk_widget_queue_resize (GTK_WIDGET (self));
}
