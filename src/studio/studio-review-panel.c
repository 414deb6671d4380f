/* studio-review-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The whole-game analysis strip and its dialog (see the header).  Built in
 * code: a progress row (bar and Cancel) and a summary box (a heading, one
 * line per side whose counts of moves are links to those moves, the
 * previous and next mistake, a close button), one of them shown at a
 * time.
 */
#define G_LOG_DOMAIN "studio-review-panel"

#include "studio-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <stdio.h>

#include "studio-review-panel.h"
#include "studio-engine.h"

struct _StudioReviewPanel
{
  GtkBox          parent_instance;

  GtkWidget      *progress_box;
  GtkProgressBar *progress_bar;
  GtkWidget      *summary_box;
  GtkLabel       *summary_title;
  GtkLabel       *summary_lines;

  StudioDocument *document;   /* owned: the window's selected tab's */
  StudioReview   *review;     /* owned */
  GSettings      *settings;   /* owned, NULL without the schema */
  char           *progress_text;
  guint           tick_id;    /* refreshes the time left */
  gboolean        closed;     /* the summary closed by its button */
};

G_DEFINE_FINAL_TYPE (StudioReviewPanel, studio_review_panel, GTK_TYPE_BOX)

enum {
  STATE_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The dialog's choices. */
typedef struct {
  StudioReviewPanel *panel;   /* referenced */
  GtkDropDown       *range;   /* 0 whole game, 1 from the current move */
  GtkDropDown       *side;    /* 0 both, 1 side A, 2 side B */
  GtkDropDown       *limit;   /* 0 time, 1 depth */
  GtkSpinButton     *value;
  gboolean           restoring; /* setting the value last chosen */
} DialogData;

static void
dialog_data_free (gpointer data)
{
  DialogData *d = data;

  g_object_unref (d->panel);
  g_free (d);
}

/* "0:34" */
static char *
format_time (gint64 ms)
{
  gint64 s = (ms + 999) / 1000;

  return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d", s / 60, (int) (s % 60));
}

static void
panel_update_progress (StudioReviewPanel *self)
{
  StudioReview *review = self->review;
  guint index = studio_review_get_index (review), n = studio_review_get_n_positions (review);
  CheopsGameNode *node = studio_review_get_node (review);
  gint64 left = studio_review_get_remaining_ms (review);
  g_autofree char *move = NULL;
  g_autofree char *time = NULL;

  if (!studio_review_get_running (review) || node == NULL)
    return;
  move = cheops_game_node_is_root (node) ? g_strdup (_("the start position"))
                                         : cheops_game_node_format_move (node, TRUE);
  g_free (self->progress_text);
  if (left >= 0)
    {
      time = format_time (left);
      /* Translators: the whole-game analysis's progress: the move whose
       * position is searched ("12... Mf5"), the position's number and how
       * many there are, and the time left ("0:34"). */
      self->progress_text = g_strdup_printf (_("Analysing %s (%u of %u), %s left"), move, index + 1, n, time);
    }
  else
    /* Translators: as above, before the time left is known. */
    self->progress_text = g_strdup_printf (_("Analysing %s (%u of %u)"), move, index + 1, n);
  gtk_progress_bar_set_text (self->progress_bar, self->progress_text);
  gtk_progress_bar_set_fraction (self->progress_bar, n > 0 ? (double) index / n : 0.0);
}

static gboolean
tick_cb (gpointer data)
{
  panel_update_progress (data);
  return G_SOURCE_CONTINUE;
}

static void
review_progress_cb (StudioReviewPanel *self,
                    StudioReview      *review)
{
  panel_update_progress (self);
}

/* A part of the summary: how many moves were judged @judgement. */
static char *
count_text (CheopsReviewJudgement judgement,
            guint                 n)
{
  /* Translators: the summary of one side's moves after a whole-game
   * analysis, one part each; an only move is one the engine found no
   * other for (marked "!"); ACPL is the average centipawn loss.  Each word
   * stays with its number (no-break spaces, U+00A0): "88" and its "%"
   * never part at a line's end.  The counts of moves are links to those
   * moves. */
  switch (judgement)
    {
    case CHEOPS_REVIEW_INACCURACY:
      return g_strdup_printf (_("inaccuracies\u00a0%u"), n);
    case CHEOPS_REVIEW_MISTAKE:
      return g_strdup_printf (_("mistakes\u00a0%u"), n);
    case CHEOPS_REVIEW_BLUNDER:
      return g_strdup_printf (_("blunders\u00a0%u"), n);
    case CHEOPS_REVIEW_ONLY_MOVE:
      return g_strdup_printf (_("only\u00a0moves\u00a0%u"), n);
    case CHEOPS_REVIEW_NONE:
    default:
      g_assert_not_reached ();
    }
}

/* The summary of the last run, one line per side whose moves were judged:
 * as plain text, or (@markup) as Pango markup where each count of moves
 * above 0 is a link ("0:2": side A's moves judged CHEOPS_REVIEW_MISTAKE)
 * to those moves (summary_activate_link_cb()). */
static char *
panel_build_summary (StudioReviewPanel *self,
                     gboolean           markup)
{
  CheopsReview *result = studio_review_get_result (self->review);
  CheopsGame *game = studio_review_get_game (self->review);
  GString *text;

  if (result == NULL || game == NULL)
    return g_strdup ("");
  text = g_string_new ("");
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsReviewSummary sum;
      const char *player = cheops_game_get_player (game, (CheopsSide) s);
      g_autofree char *who = NULL;
      static const CheopsReviewJudgement counts[] = {
        CHEOPS_REVIEW_INACCURACY, CHEOPS_REVIEW_MISTAKE, CHEOPS_REVIEW_BLUNDER, CHEOPS_REVIEW_ONLY_MOVE,
      };
      guint values[G_N_ELEMENTS (counts)];
      g_autofree char *acpl = NULL;
      g_autofree char *accuracy = NULL;

      cheops_review_get_summary (result, (CheopsSide) s, &sum);
      if (sum.moves == 0)
        continue;
      values[0] = sum.inaccuracies;
      values[1] = sum.mistakes;
      values[2] = sum.blunders;
      values[3] = sum.only_moves;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      if (g_strcmp0 (player, "?") != 0)
        who = g_strdup_printf ("%s (%s): ", _(cheops_game_get_side_name (game, (CheopsSide) s)), player);
      else
        who = g_strdup_printf ("%s: ", _(cheops_game_get_side_name (game, (CheopsSide) s)));
      if (markup)
        {
          g_autofree char *escaped = g_markup_escape_text (who, -1);

          g_string_append (text, escaped);
        }
      else
        g_string_append (text, who);
      for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
        {
          g_autofree char *part = count_text (counts[i], values[i]);

          if (markup && values[i] > 0)
            {
              g_autofree char *escaped = g_markup_escape_text (part, -1);

              g_string_append_printf (text, "<a href=\"%d:%d\">%s</a> · ", s, (int) counts[i], escaped);
            }
          else
            g_string_append_printf (text, "%s · ", part);
        }
      acpl = g_strdup_printf (_("ACPL\u00a0%.0f"), sum.acpl);
      accuracy = g_strdup_printf (_("accuracy\u00a0%.0f\u00a0%%"), sum.accuracy);
      if (markup)
        {
          g_autofree char *a = g_markup_escape_text (acpl, -1);
          g_autofree char *b = g_markup_escape_text (accuracy, -1);

          g_string_append_printf (text, "%s · %s", a, b);
        }
      else
        g_string_append_printf (text, "%s · %s", acpl, accuracy);
    }
  if (text->len == 0)
    g_string_append (text, _("No move could be judged."));
  return g_string_free (text, FALSE);
}

char *
studio_review_panel_dup_summary_text (StudioReviewPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW_PANEL (self), NULL);

  return panel_build_summary (self, FALSE);
}

/* Whether @node is still in @game (not cut off by an edit). */
static gboolean
node_in_game (CheopsGameNode *node,
              CheopsGame     *game)
{
  while (!cheops_game_node_is_root (node))
    {
      node = cheops_game_node_get_parent (node);
      if (node == NULL)
        return FALSE;
    }
  return node == cheops_game_get_root (game);
}

/**
 * studio_review_panel_find_judged:
 * @self: a #StudioReviewPanel
 * @side: the side whose moves are wanted
 * @judgement: their judgement in the last run
 *
 * The move the summary's link for @side's moves judged @judgement goes to:
 * the first of them after the current move along the mainline (from a
 * move in a variation: after the mainline move it branches from), or
 * after the last the first again.
 *
 * Returns: (transfer none) (nullable): the move's node, or NULL when the
 *   last run judged no move so (or none is still in the game)
 */
CheopsGameNode *
studio_review_panel_find_judged (StudioReviewPanel     *self,
                                 CheopsSide             side,
                                 CheopsReviewJudgement  judgement)
{
  CheopsReview *result;
  CheopsGame *game;
  CheopsGameNode *current, *first = NULL;
  guint current_ply;

  g_return_val_if_fail (STUDIO_IS_REVIEW_PANEL (self), NULL);

  result = studio_review_get_result (self->review);
  game = studio_review_get_game (self->review);
  if (result == NULL || game == NULL || self->document == NULL || studio_document_get_game (self->document) != game)
    return NULL;
  current = studio_document_get_current (self->document);
  while (current != NULL && !cheops_game_node_is_mainline (current))
    current = cheops_game_node_get_parent (current);
  current_ply = current != NULL ? cheops_game_node_get_ply (current) : 0;
  for (guint i = 1; i < cheops_review_get_n_positions (result); i++)
    {
      CheopsGameNode *node = cheops_review_get_node (result, i);

      if (cheops_game_node_get_mover (node) != side || cheops_review_get_judgement (result, i) != judgement
          || !node_in_game (node, game))
        continue;
      if (cheops_game_node_get_ply (node) > current_ply)
        return node;
      if (first == NULL)
        first = node;
    }
  return first;
}

/* A count of the summary: to the next move it counts. */
static gboolean
summary_activate_link_cb (StudioReviewPanel *self,
                          const char        *uri,
                          GtkLabel          *label)
{
  int side, judgement;
  CheopsGameNode *node;

  if (sscanf (uri, "%d:%d", &side, &judgement) != 2 || side < 0 || side >= CHEOPS_SIDE_NB)
    return FALSE;
  node = studio_review_panel_find_judged (self, (CheopsSide) side, (CheopsReviewJudgement) judgement);
  if (node == NULL)
    gtk_widget_error_bell (GTK_WIDGET (label));
  else
    studio_document_set_current (self->document, node);
  return TRUE;
}

static void
panel_show_summary (StudioReviewPanel *self)
{
  g_autofree char *lines = panel_build_summary (self, TRUE);
  const char *error = studio_review_get_error (self->review);

  gtk_label_set_markup (self->summary_lines, lines);
  gtk_label_set_text (self->summary_title, error != NULL ? error : _("Analysis"));
  gtk_widget_set_visible (self->progress_box, FALSE);
  gtk_widget_set_visible (self->summary_box, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
}

static void panel_follow_document (StudioReviewPanel *self);

static void
review_finished_cb (StudioReviewPanel *self,
                    gboolean           cancelled,
                    StudioReview      *review)
{
  g_clear_handle_id (&self->tick_id, g_source_remove);
  g_clear_pointer (&self->progress_text, g_free);
  panel_follow_document (self);
  g_signal_emit (self, signals[STATE_CHANGED], 0);
}

static void
cancel_clicked_cb (StudioReviewPanel *self)
{
  studio_review_panel_cancel (self);
}

static void
close_clicked_cb (StudioReviewPanel *self)
{
  self->closed = TRUE;
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/* The panel shows the last run only over its game: another game in the
 * tab, another tab, another variant hides it (no summary of one game over
 * another's board); back on its game, it shows again, unless closed. */
static void
panel_follow_document (StudioReviewPanel *self)
{
  CheopsGame *game = studio_review_get_game (self->review);
  gboolean ours = game != NULL && self->document != NULL && game == studio_document_get_game (self->document);

  if (!ours)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return;
    }
  if (studio_review_get_running (self->review))
    {
      gtk_widget_set_visible (self->summary_box, FALSE);
      gtk_widget_set_visible (self->progress_box, TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
    }
  else if (!self->closed && (studio_review_get_result (self->review) != NULL || studio_review_get_error (self->review) != NULL))
    panel_show_summary (self);
  else
    gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
studio_review_panel_dispose (GObject *object)
{
  StudioReviewPanel *self = (StudioReviewPanel *)object;

  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_clear_object (&self->review);
  g_clear_object (&self->settings);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (studio_review_panel_parent_class)->dispose (object);
}

static void
studio_review_panel_finalize (GObject *object)
{
  StudioReviewPanel *self = (StudioReviewPanel *)object;

  g_free (self->progress_text);
  G_OBJECT_CLASS (studio_review_panel_parent_class)->finalize (object);
}

static void
studio_review_panel_class_init (StudioReviewPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = studio_review_panel_dispose;
  object_class->finalize = studio_review_panel_finalize;

  signals[STATE_CHANGED] = g_signal_new ("state-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                         0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
studio_review_panel_init (StudioReviewPanel *self)
{
  GtkWidget *button, *box;
  GSettingsSchema *schema;

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self), "review-panel");

  /* The progress row. */
  self->progress_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (self->progress_box, 12);
  gtk_widget_set_margin_end (self->progress_box, 6);
  gtk_widget_set_margin_top (self->progress_box, 6);
  gtk_widget_set_margin_bottom (self->progress_box, 6);
  self->progress_bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_progress_bar_set_show_text (self->progress_bar, TRUE);
  gtk_progress_bar_set_ellipsize (self->progress_bar, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (self->progress_bar), TRUE);
  gtk_widget_set_valign (GTK_WIDGET (self->progress_bar), GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->progress_box), GTK_WIDGET (self->progress_bar));
  button = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_widget_set_tooltip_text (button, _("Stop the analysis; what was analysed is kept"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (cancel_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->progress_box), button);
  gtk_box_append (GTK_BOX (self), self->progress_box);

  /* The summary. */
  self->summary_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_set_margin_start (self->summary_box, 12);
  gtk_widget_set_margin_end (self->summary_box, 6);
  gtk_widget_set_margin_top (self->summary_box, 6);
  gtk_widget_set_margin_bottom (self->summary_box, 6);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (box, TRUE);
  self->summary_title = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary_title, 0);
  gtk_label_set_wrap (self->summary_title, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_title), "heading");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->summary_title));
  self->summary_lines = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary_lines, 0);
  gtk_label_set_wrap (self->summary_lines, TRUE);
  /* Not selectable: GTK's Tab from link to link works in a label that
   * is not (its counts are links). */
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_lines), "caption");
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_lines), "review-summary");
  g_signal_connect_object (self->summary_lines, "activate-link", G_CALLBACK (summary_activate_link_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->summary_lines));
  gtk_box_append (GTK_BOX (self->summary_box), box);
  /* Through the review's verdicts: the window's actions. */
  button = gtk_button_new_from_icon_name ("go-previous-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Previous Mistake (Alt+P)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.previous-mistake");
  gtk_box_append (GTK_BOX (self->summary_box), button);
  button = gtk_button_new_from_icon_name ("go-next-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Next Mistake (Alt+N)"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.next-mistake");
  gtk_box_append (GTK_BOX (self->summary_box), button);
  button = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_set_valign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Close the summary"));
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (close_clicked_cb), self);
  gtk_box_append (GTK_BOX (self->summary_box), button);
  gtk_box_append (GTK_BOX (self), self->summary_box);

  /* The engine of the preferences, when the schema is there. */
  schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (), "org.cheops.Studio", TRUE);
  if (schema != NULL)
    {
      self->settings = g_settings_new ("org.cheops.Studio");
      g_settings_schema_unref (schema);
    }
  {
    g_autofree char *path = self->settings != NULL ? g_settings_get_string (self->settings, "last-engine")
                                                   : g_strdup ("");
    const char *argv[] = { path, NULL };

    self->review = studio_review_new (path[0] != '\0' ? argv : NULL);
  }
  g_signal_connect_object (self->review, "progress", G_CALLBACK (review_progress_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->review, "finished", G_CALLBACK (review_finished_cb), self, G_CONNECT_SWAPPED);
}

/**
 * studio_review_panel_set_document:
 * @self: a #StudioReviewPanel
 * @document: (nullable): the document whose game is analysed
 *
 * Follows @document: the last run's progress or summary shows while the
 * document shows that run's game, and hides over any other game.
 */
void
studio_review_panel_set_document (StudioReviewPanel *self,
                                  StudioDocument    *document)
{
  g_return_if_fail (STUDIO_IS_REVIEW_PANEL (self));

  if (self->document == document)
    return;
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  if (document != NULL)
    g_signal_connect_object (document, "notify::game", G_CALLBACK (panel_follow_document), self,
                             G_CONNECT_SWAPPED);
  panel_follow_document (self);
}

gboolean
studio_review_panel_start (StudioReviewPanel *self,
                           gboolean           from_current,
                           int                side,
                           int                depth,
                           gint64             movetime_ms)
{
  CheopsGame *game;
  guint from_ply = 0;

  g_return_val_if_fail (STUDIO_IS_REVIEW_PANEL (self), FALSE);
  g_return_val_if_fail (self->document != NULL, FALSE);

  if (studio_review_get_running (self->review))
    return FALSE;
  game = studio_document_get_game (self->document);
  if (from_current)
    {
      /* A move in a variation: from where its line leaves the mainline. */
      CheopsGameNode *node = studio_document_get_current (self->document);

      while (!cheops_game_node_is_mainline (node))
        node = cheops_game_node_get_parent (node);
      from_ply = cheops_game_node_get_ply (node);
    }

  /* The engine of the preferences with their Threads and Hash. */
  if (self->settings != NULL)
    {
      g_autofree char *path = g_settings_get_string (self->settings, "last-engine");
      char text[16];

      if (path[0] != '\0')
        {
          const char *argv[] = { path, NULL };

          g_signal_handlers_disconnect_by_data (self->review, self);
          g_object_unref (self->review);
          self->review = studio_review_new (argv);
          g_signal_connect_object (self->review, "progress", G_CALLBACK (review_progress_cb), self,
                                   G_CONNECT_SWAPPED);
          g_signal_connect_object (self->review, "finished", G_CALLBACK (review_finished_cb), self,
                                   G_CONNECT_SWAPPED);
        }
      g_snprintf (text, sizeof text, "%d", studio_engine_option_setting (self->settings, "engine-threads"));
      studio_review_set_option (self->review, "Threads", text);
      g_snprintf (text, sizeof text, "%d", studio_engine_option_setting (self->settings, "engine-hash"));
      studio_review_set_option (self->review, "Hash", text);
    }

  self->closed = FALSE;
  gtk_widget_set_visible (self->summary_box, FALSE);
  gtk_widget_set_visible (self->progress_box, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  if (!studio_review_start (self->review, game, from_ply, side, depth, movetime_ms))
    {
      gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
      return FALSE;
    }
  if (studio_review_get_running (self->review))
    {
      g_clear_handle_id (&self->tick_id, g_source_remove);
      self->tick_id = g_timeout_add_seconds (1, tick_cb, self);
    }
  g_signal_emit (self, signals[STATE_CHANGED], 0);
  return TRUE;
}

void
studio_review_panel_cancel (StudioReviewPanel *self)
{
  g_return_if_fail (STUDIO_IS_REVIEW_PANEL (self));

  studio_review_cancel (self->review);
}

gboolean
studio_review_panel_get_running (StudioReviewPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW_PANEL (self), FALSE);
  return studio_review_get_running (self->review);
}

gboolean
studio_review_panel_can_remove (StudioReviewPanel *self)
{
  CheopsReview *result;

  g_return_val_if_fail (STUDIO_IS_REVIEW_PANEL (self), FALSE);

  result = studio_review_get_result (self->review);
  return result != NULL && self->document != NULL
         && studio_review_get_game (self->review) == studio_document_get_game (self->document)
         && cheops_review_get_applied (result);
}

gboolean
studio_review_panel_remove (StudioReviewPanel *self)
{
  guint edits;

  g_return_val_if_fail (STUDIO_IS_REVIEW_PANEL (self), FALSE);

  if (!studio_review_panel_can_remove (self))
    return FALSE;
  edits = cheops_review_remove (studio_review_get_result (self->review));
  studio_review_forget (self->review);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_signal_emit (self, signals[STATE_CHANGED], 0);
  return edits > 0;
}

StudioReview *
studio_review_panel_get_review (StudioReviewPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW_PANEL (self), NULL);
  return self->review;
}

const char *
studio_review_panel_get_progress_text (StudioReviewPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW_PANEL (self), "");
  return self->progress_text != NULL ? self->progress_text : "";
}

/* The dialog ------------------------------------------------------------ */

static void
limit_changed_cb (GtkDropDown *limit,
                  GParamSpec  *pspec,
                  DialogData  *d)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");

  d->restoring = TRUE;
  g_settings_set_string (settings, "review-limit", gtk_drop_down_get_selected (limit) == 0 ? "time" : "depth");
  /* The time or the depth last chosen (review-movetime, review-depth). */
  if (gtk_drop_down_get_selected (limit) == 0)
    {
      gtk_spin_button_set_range (d->value, 10, 600000);
      gtk_spin_button_set_increments (d->value, 100, 1000);
      gtk_spin_button_set_value (d->value, g_settings_get_int (settings, "review-movetime"));
    }
  else
    {
      gtk_spin_button_set_range (d->value, 1, 64);
      gtk_spin_button_set_increments (d->value, 1, 4);
      gtk_spin_button_set_value (d->value, g_settings_get_int (settings, "review-depth"));
    }
  d->restoring = FALSE;
}

/* The value as the user sets it is offered again next time, whether or
 * not the game is analysed now. */
static void
value_changed_cb (GtkSpinButton *value,
                  DialogData    *d)
{
  g_autoptr(GSettings) settings = NULL;

  if (d->restoring)
    return;
  settings = g_settings_new ("org.cheops.Studio");
  g_settings_set_int (settings, gtk_drop_down_get_selected (d->limit) == 0 ? "review-movetime" : "review-depth",
                      gtk_spin_button_get_value_as_int (value));
}

static void
dialog_response_cb (AdwMessageDialog *dialog,
                    const char       *response,
                    DialogData       *d)
{
  guint side, value;

  if (g_strcmp0 (response, "analyse") != 0)
    return;
  side = gtk_drop_down_get_selected (d->side);
  value = (guint) gtk_spin_button_get_value_as_int (d->value);

  if (gtk_drop_down_get_selected (d->limit) == 0)
    studio_review_panel_start (d->panel, gtk_drop_down_get_selected (d->range) == 1,
                               side == 0 ? -1 : (int) side - 1, 0, value);
  else
    studio_review_panel_start (d->panel, gtk_drop_down_get_selected (d->range) == 1,
                               side == 0 ? -1 : (int) side - 1, (int) value, 0);
}

static GtkWidget *
labelled (const char *mnemonic,
          GtkWidget  *widget)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new_with_mnemonic (mnemonic);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_label_set_mnemonic_widget (GTK_LABEL (label), widget);
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), widget);
  return box;
}

void
studio_review_panel_show_dialog (StudioReviewPanel *self,
                                 GtkWindow         *parent)
{
  GtkWidget *dialog, *box, *limit_box;
  DialogData *d;
  const char *ranges[] = { _("Whole game"), _("From the current move"), NULL };
  const char *limits[] = { _("Time per move (ms)"), _("Depth per move"), NULL };
  const char *sides[4];

  g_return_if_fail (STUDIO_IS_REVIEW_PANEL (self));
  g_return_if_fail (self->document != NULL);

  d = g_new0 (DialogData, 1);
  d->panel = g_object_ref (self);
  sides[0] = _("Both sides");
  sides[1] = studio_document_get_side_name (self->document, CHEOPS_SIDE_A);
  sides[2] = studio_document_get_side_name (self->document, CHEOPS_SIDE_B);
  sides[3] = NULL;

  dialog = adw_message_dialog_new (parent, _("Analyse Game"),
                                   _("The engine searches every position of the main line, adds its evaluations, "
                                     "marks the moves that lose ground and shows its better line."));
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  d->range = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (ranges));
  d->side = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (sides));
  d->limit = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (limits));
  d->value = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (10, 600000, 100));
  gtk_box_append (GTK_BOX (box), labelled (_("_Moves"), GTK_WIDGET (d->range)));
  gtk_box_append (GTK_BOX (box), labelled (_("_Side"), GTK_WIDGET (d->side)));
  limit_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_box_append (GTK_BOX (limit_box), GTK_WIDGET (d->limit));
  gtk_box_append (GTK_BOX (limit_box), GTK_WIDGET (d->value));
  gtk_box_append (GTK_BOX (box), labelled (_("_Limit"), limit_box));
  {
    g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
    g_autofree char *limit = g_settings_get_string (settings, "review-limit");

    gtk_drop_down_set_selected (d->limit, g_strcmp0 (limit, "depth") == 0 ? 1 : 0);
  }
  limit_changed_cb (d->limit, NULL, d);
  g_signal_connect (d->limit, "notify::selected", G_CALLBACK (limit_changed_cb), d);
  g_signal_connect (d->value, "value-changed", G_CALLBACK (value_changed_cb), d);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), box);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "analyse", _("_Analyse"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "analyse", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "analyse");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_data (dialog, "response", G_CALLBACK (dialog_response_cb), d,
                         (GClosureNotify) (void (*) (void)) dialog_data_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}
