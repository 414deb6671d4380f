/* studio-analysis-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioAnalysisPanel: live engine analysis of the position the user stands
 * on.  One switch (or the L key, win.analyze) starts and stops it; while it
 * runs it follows the document's current node.  It shows the engine's
 * MultiPV lines in record notation — a click on a move of a line plays the
 * line up to that move — with the depth, the speed and the hash use, and
 * reports the evaluation and the best move to the window (for the
 * evaluation bar and the board's arrow).  Threat mode analyses the position
 * with the other side to move: what the opponent would play if it could
 * move again.
 *
 * The engine is a StudioEngine (branch `client`): it publishes its model at
 * most ten times a second, never sends lines for a position the user has
 * left, and reports a crash, a hang or nonsense as an error state, which
 * the panel shows with a Restart button.  The game is never touched by the
 * engine, so nothing of the user's is lost.
 *
 * Which engine, and its Threads and Hash, are the settings `last-engine`,
 * `engine-threads` and `engine-hash` (the preferences window writes them);
 * until the user sets Threads and Hash, they fit the machine: threads from
 * its processors and a table sized from its memory
 * (studio_engine_option_setting()).
 * The panel follows them live: new option values go to the engine at once
 * (StudioEngine stops the search, sends them and searches again); a new
 * engine replaces the old one, which is shut down, and takes over the
 * analysis if it was running.
 */
#define G_LOG_DOMAIN "studio-analysis-panel"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-analysis-panel.h"
#include "studio-palette.h"
#include "studio-engine.h"
#include "cheops-uci-san.h"
#include "studio-game-text.h"
#include "studio-line-preview.h"

struct _StudioAnalysisPanel
{
  GtkWidget       parent_instance;

  /* Template widgets. */
  GtkWidget      *box;
  GtkSwitch      *engine_switch;
  GtkLabel       *engine_label;
  GtkLabel       *stats_label;
  GtkToggleButton *threat_button;
  GtkSpinButton  *multipv_spin;
  GtkAdjustment  *multipv_adjustment;
  GtkStack       *stack;
  GtkLabel       *off_label;
  GtkListBox     *lines_box;
  /* Why the engine may not run now (owned; NULL when it may):
   * studio_analysis_panel_set_blocked(). */
  char           *blocked;
  GtkLabel       *search_label;
  GtkLabel       *error_title;
  GtkLabel       *error_label;

  /* Owned. */
  StudioDocument *document;
  StudioEngine   *engine;
  GPtrArray      *rows;        /* LineRow */
  GSettings      *settings;
  /* Engines replaced by another, shut down and being reaped in the
   * background; released a while later (then their processes are gone, so
   * releasing them does not block), or at the latest in dispose. */
  GPtrArray      *retired;     /* StudioEngine */
  guint           retire_id;

  /* The option values given to the current engine (0: none yet). */
  int             threads;
  int             hash;

  /* What was sent to the engine, and the position it stands for (the
   * current node's, or in threat mode the same with the other side to
   * move), to turn lines into SAN without reading the FEN again. */
  char           *fen;
  char          **moves;
  CheopsPosition  analysed;
  CheopsSide      side_to_move;
  guint           fullmove;
  guint           n_root_moves; /* legal moves in @analysed */
  guint           generation;  /* of the search asked for, 0 = none */
  CheopsOutcome   outcome;     /* of the current node, when game_over */

  /* The lines hold still under the pointer (a line that changed between
   * reading and clicking played another move): while the pointer is on
   * lines it entered or moved over, the newest analysis of the same search
   * waits in @held.  Lines of a new position come in freely until the
   * pointer moves again (else they would stop at their first, shallow
   * update). */
  StudioEngineAnalysis *held;
  guint           rows_generation;  /* of the lines shown, 0 = none */
  guint           hold_generation;  /* of the lines pointed at, 0 = none */

  /* The preview of a line (issue 22), in a popover beside the line under
   * the pointer: a small board of the line's end, or of the position after
   * the move under the pointer, over the whole line in record notation.
   * (Not a tooltip: GTK's never showed over lines that change ten times a
   * second.) */
  GtkWidget      *preview_popover;
  GtkWidget      *preview_box;
  StudioLinePreview *preview;
  GtkLabel       *preview_label;

  guint           running : 1;
  guint           threat : 1;
  guint           game_over : 1;
  guint           pointer_on_lines : 1;
};

/* One MultiPV line in the list: its score and its moves. */
typedef struct {
  guint       index;       /* its place in the list, from 0 */
  GtkWidget  *row;
  GtkLabel   *score;
  GtkLabel   *moves;
  char      **san;         /* the line in SAN, for clicks */
  char       *ahead_class; /* the score's colour class, or NULL */
  GArray     *spans;       /* guint pairs: each move's bytes in the label's text */
} LineRow;

/* The classes "ahead-VARIANT-0" and "-1" colour a score in the first or
 * second colour of a variant's sides, for every variant: installed once
 * for the display. */
static void
ensure_ahead_css (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  g_autoptr(GString) css = NULL;
  GtkCssProvider *provider;

  if (display == NULL || g_object_get_data (G_OBJECT (display), "studio-ahead-css") != NULL)
    return;
  css = g_string_new (NULL);
  for (guint i = 0; cheops_variants[i] != NULL; i++)
    for (guint c = 0; c < 2; c++)
      {
        const double *rgb = cheops_variants[i]->sides[c].fill;
        double text[3];
        g_autofree char *fill_css = studio_palette_to_css (rgb);
        g_autofree char *text_css = NULL;

        /* Black or white, whichever reads on the side's colour. */
        studio_palette_text_on (rgb, text);
        text_css = studio_palette_to_css (text);
        g_string_append_printf (css, ".analysis-score.ahead-%s-%u { background-color: %s; color: %s; }\n",
                                cheops_variants[i]->name, c, fill_css, text_css);
      }
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (provider, css->str, (gssize) css->len);
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), "studio-ahead-css", provider, g_object_unref);
}

enum {
  PROP_0,
  PROP_RUNNING,
  PROP_THREAT,
  PROP_MULTIPV,
  N_PROPS
};

enum {
  EVALUATION,
  BEST_MOVE,
  THREAT_MOVE,
  RESULT,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (StudioAnalysisPanel, studio_analysis_panel, GTK_TYPE_WIDGET)

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

static void
line_row_free (LineRow *row)
{
  g_clear_pointer (&row->san, g_strfreev);
  g_clear_pointer (&row->spans, g_array_unref);
  g_free (row->ahead_class);
  g_free (row);
}

static void
studio_analysis_panel_clear_lines (StudioAnalysisPanel *self)
{
  for (guint i = 0; i < self->rows->len; i++)
    {
      LineRow *row = g_ptr_array_index (self->rows, i);

      gtk_widget_set_visible (row->row, FALSE);
      g_clear_pointer (&row->san, g_strfreev);
    }
  self->rows_generation = 0;
  if (self->preview_popover != NULL)
    gtk_popover_popdown (GTK_POPOVER (self->preview_popover));
  g_clear_pointer (&self->held, studio_engine_analysis_unref);
  gtk_label_set_label (self->search_label, "");

  g_signal_emit (self, signals [EVALUATION], 0, FALSE, FALSE, 0);
  g_signal_emit (self, signals [BEST_MOVE], 0, (guint) CHEOPS_MOVE_NONE);
  g_signal_emit (self, signals [THREAT_MOVE], 0, (guint) CHEOPS_MOVE_NONE);
}

static gboolean
line_activate_link_cb (StudioAnalysisPanel *self,
                       const char          *uri,
                       GtkLabel            *label)
{
  LineRow *row = g_object_get_data (G_OBJECT (label), "line-row");
  guint64 index;

  if (row == NULL || row->san == NULL || row->san[0] == NULL)
    return TRUE;

  if (g_ascii_string_to_unsigned (uri, 10, 0, g_strv_length (row->san) - 1, &index, NULL))
    studio_analysis_panel_play_line (self, row->index, index);

  return TRUE;
}

/* The move of @row under (@x, @y) of its label, from 0, or -1 when the
 * pointer is on no move (a move number, a space, the end of the label). */
static int
line_move_at (LineRow *row,
              int      x,
              int      y)
{
  PangoLayout *layout = gtk_label_get_layout (row->moves);
  int offset_x = 0, offset_y = 0;
  int index = -1, trailing = 0;

  gtk_label_get_layout_offsets (row->moves, &offset_x, &offset_y);
  if (!pango_layout_xy_to_index (layout, (x - offset_x) * PANGO_SCALE, (y - offset_y) * PANGO_SCALE,
                                 &index, &trailing))
    return -1;
  for (guint i = 0; i + 1 < row->spans->len; i += 2)
    if ((guint) index >= g_array_index (row->spans, guint, i) && (guint) index < g_array_index (row->spans, guint, i + 1))
      return (int) (i / 2);
  return -1;
}

/* Shows in the preview the position of line @row after its move @upto
 * (from 0; the whole line when -1 or past its end), with the whole line
 * in record notation under it.  FALSE when the line has no moves. */
static gboolean
studio_analysis_panel_fill_preview (StudioAnalysisPanel *self,
                                    LineRow             *row,
                                    int                  upto)
{
  CheopsPosition pos = self->analysed;
  CheopsMove last = CHEOPS_MOVE_NONE;
  CheopsSide first_side = CHEOPS_SIDE_A;
  guint n = row->san != NULL ? g_strv_length (row->san) : 0;
  gboolean flipped = g_settings_get_boolean (self->settings, "board-flipped");

  if (n == 0)
    return FALSE;
  if (upto < 0 || (guint) upto >= n)
    upto = (int) n - 1;

  for (int i = 0; i <= upto; i++)
    {
      CheopsUndo undo;
      CheopsMove move = cheops_move_from_san (&pos, row->san[i], -1, NULL);

      if (move == CHEOPS_MOVE_NONE)
        break;
      cheops_position_do_move (&pos, move, &undo);
      last = move;
    }

  if (self->document != NULL && !studio_document_get_side_is_first (self->document, CHEOPS_SIDE_A))
    first_side = CHEOPS_SIDE_B;
  studio_line_preview_set_position (self->preview, &pos, last, first_side, flipped);
  gtk_label_set_label (self->preview_label, gtk_label_get_text (row->moves));
  return TRUE;
}

/* The pointer moved over a line: its preview beside it, after the move
 * under the pointer (else at the line's end). */
static void
line_motion_cb (GtkEventControllerMotion *motion,
                double                    x,
                double                    y,
                StudioAnalysisPanel      *self)
{
  GtkWidget *label = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (motion));
  LineRow *row = g_object_get_data (G_OBJECT (label), "line-row");
  double bx = x, by = y;
  double rx = 0, ry = 0;

  if (row == NULL || !studio_analysis_panel_fill_preview (self, row, line_move_at (row, (int) x, (int) y)))
    {
      gtk_popover_popdown (GTK_POPOVER (self->preview_popover));
      return;
    }
  /* Above the line, at the pointer: the lines stay in view, and the
   * window has room above them (they are at the bottom of the pane). */
  gtk_widget_translate_coordinates (label, GTK_WIDGET (self->lines_box), x, y, &bx, &by);
  gtk_widget_translate_coordinates (row->row, GTK_WIDGET (self->lines_box), 0, 0, &rx, &ry);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->preview_popover),
                               &(GdkRectangle) { (int) bx, (int) ry, 1, 1 });
  if (!gtk_widget_get_visible (self->preview_popover))
    gtk_popover_popup (GTK_POPOVER (self->preview_popover));
}

static void
line_leave_cb (GtkEventControllerMotion *motion,
               StudioAnalysisPanel      *self)
{
  gtk_popover_popdown (GTK_POPOVER (self->preview_popover));
}

static LineRow *
studio_analysis_panel_get_row (StudioAnalysisPanel *self,
                               guint                index)
{
  LineRow *row;
  GtkWidget *box;

  if (index < self->rows->len)
    return g_ptr_array_index (self->rows, index);

  row = g_new0 (LineRow, 1);
  row->index = index;
  box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  gtk_widget_add_css_class (box, "analysis-line");

  row->score = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (row->score, 0.5);
  gtk_widget_set_valign (GTK_WIDGET (row->score), GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (row->score), "analysis-score");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->score));

  row->moves = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (row->moves, 0);
  /* One line whatever the length of the line: rows that grew and shrank
   * with each update moved under the pointer between press and release. */
  gtk_label_set_single_line_mode (row->moves, TRUE);
  gtk_label_set_ellipsize (row->moves, PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (GTK_WIDGET (row->moves), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (row->moves), "analysis-pv");
  g_object_set_data (G_OBJECT (row->moves), "line-row", row);
  g_signal_connect_object (row->moves, "activate-link",
                           G_CALLBACK (line_activate_link_cb), self,
                           G_CONNECT_SWAPPED);
  row->spans = g_array_new (FALSE, FALSE, sizeof (guint));
  {
    GtkEventController *motion = gtk_event_controller_motion_new ();

    g_signal_connect_object (motion, "enter", G_CALLBACK (line_motion_cb), self, 0);
    g_signal_connect_object (motion, "motion", G_CALLBACK (line_motion_cb), self, 0);
    g_signal_connect_object (motion, "leave", G_CALLBACK (line_leave_cb), self, 0);
    gtk_widget_add_controller (GTK_WIDGET (row->moves), motion);
  }
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->moves));

  row->row = gtk_list_box_row_new ();
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row->row), FALSE);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row->row), box);
  gtk_list_box_append (self->lines_box, row->row);

  g_ptr_array_add (self->rows, row);

  return row;
}

/* For a mate score of 0 (the side to move is mated in the searched
 * position): whether the a side is the winner. */
static gboolean
side_mated_now_is_b (StudioAnalysisPanel *self)
{
  return self->side_to_move == CHEOPS_SIDE_B;
}

/* A score seen from the a side (as [%eval] and the bar want it). */
static int
score_for_a (StudioAnalysisPanel *self,
             int                  score)
{
  return self->side_to_move == CHEOPS_SIDE_A ? score : -score;
}

/* "#3", "#−2", "+0.35"; a mate score of 0 ("mate -0": the side to move
 * is mated now) with the winner's sign, "#+0" or "#−0" (@a_wins). */
static char *
format_score (CheopsUciScoreKind kind,
              int                a_score,
              gboolean           a_wins)
{
  if (kind == CHEOPS_UCI_SCORE_MATE && a_score == 0)
    return g_strdup (a_wins ? "#+0" : "#−0");
  if (kind == CHEOPS_UCI_SCORE_MATE)
    return g_strdup_printf ("#%s%d", a_score < 0 ? "−" : "", ABS (a_score));

  return g_strdup_printf ("%s%.2f", a_score > 0 ? "+" : a_score < 0 ? "−" : "", ABS (a_score) / 100.0);
}

static void
studio_analysis_panel_update_row (StudioAnalysisPanel    *self,
                                  LineRow                *row,
                                  const StudioEngineLine *line)
{
  g_autoptr(GString) markup = g_string_new (NULL);
  /* The label's text as it shows it (the markup without its tags), to
   * know which move the pointer is on. */
  g_autoptr(GString) plain = g_string_new (NULL);
  g_autofree char *score = NULL;
  g_auto(GStrv) san = NULL;
  CheopsSide side = self->side_to_move;
  guint number = self->fullmove;
  int a_score = score_for_a (self, line->score);

  san = cheops_uci_pv_to_san_at (&self->analysed, (const char * const *) line->pv, NULL);

  /* A threat line says so: it is the opponent's idea, not a line to play
   * (issue 21). */
  if (self->threat)
    {
      g_autofree char *escaped = g_markup_escape_text (_("Threat:"), -1);

      g_string_append_printf (markup, "<b>%s</b> ", escaped);
      g_string_append_printf (plain, "%s ", _("Threat:"));
    }

  g_array_set_size (row->spans, 0);
  for (guint i = 0; san[i] != NULL; i++)
    {
      g_autofree char *escaped = g_markup_escape_text (san[i], -1);
      guint span[2];

      if (i > 0)
        {
          g_string_append_c (markup, ' ');
          g_string_append_c (plain, ' ');
        }
      if (side == CHEOPS_SIDE_A)
        {
          g_string_append_printf (markup, "<span alpha=\"60%%\">%u.</span>\u2009", number);
          g_string_append_printf (plain, "%u.\u2009", number);
        }
      else if (i == 0)
        {
          g_string_append_printf (markup, "<span alpha=\"60%%\">%u…</span>\u2009", number);
          g_string_append_printf (plain, "%u…\u2009", number);
        }
      span[0] = plain->len;
      g_string_append (plain, san[i]);
      span[1] = plain->len;
      g_array_append_vals (row->spans, span, 2);

      if (self->threat)
        g_string_append (markup, escaped);
      else
        g_string_append_printf (markup, "<a href=\"%u\">%s</a>", i, escaped);

      if (side == CHEOPS_SIDE_B)
        number++;
      side = cheops_side_other (side);
    }

  /* A line whose first move is no move here: most likely an engine that
   * plays another game (a chess engine without UCI_Variant).  Say so
   * rather than show an empty line. */
  if (san[0] == NULL && line->pv != NULL && line->pv[0] != NULL)
    {
      g_autofree char *escaped = g_markup_escape_text (line->pv[0], -1);
      /* Translators: an engine line whose first move (in the engine's
       * notation) cannot be played in the position */
      g_autofree char *text = g_strdup_printf (_("“%s” is not a move here: does this engine play %s?"),
                                               escaped, self->analysed.variant->title);

      g_string_append_printf (markup, "<span foreground=\"#c01c28\">%s</span>", text);
    }

  gtk_label_set_markup (row->moves, markup->str);
  g_clear_pointer (&row->san, g_strfreev);
  row->san = g_steal_pointer (&san);

  if (line->score_kind == CHEOPS_UCI_SCORE_NONE)
    score = g_strdup ("…");
  else
    /* Mated now (score 0): the side to move lost, whatever the sign. */
    score = format_score (line->score_kind, a_score, side_mated_now_is_b (self));
  gtk_label_set_label (row->score, score);
  /* "#3" in words, with the side's name in the game's words. */
  if (line->score_kind == CHEOPS_UCI_SCORE_MATE && a_score != 0 && self->document != NULL)
    {
      const char *winner = studio_document_get_side_name (self->document,
                                                          a_score > 0 ? CHEOPS_SIDE_A : CHEOPS_SIDE_B);
      /* Translators: a forced win the engine found: "Gold wins in 3 moves" */
      g_autofree char *words = g_strdup_printf (ngettext ("%s wins in %d move",
                                                          "%s wins in %d moves", ABS (a_score)),
                                                winner, ABS (a_score));

      gtk_widget_set_tooltip_text (GTK_WIDGET (row->score), words);
    }
  else if (line->score_kind == CHEOPS_UCI_SCORE_MATE && self->document != NULL)
    {
      const char *winner = studio_document_get_side_name (self->document,
                                                          side_mated_now_is_b (self) ? CHEOPS_SIDE_A : CHEOPS_SIDE_B);
      /* Translators: the engine says the side to move is mated now
       * ("mate -0"): "Gold has won" */
      g_autofree char *words = g_strdup_printf (_("%s has won"), winner);

      gtk_widget_set_tooltip_text (GTK_WIDGET (row->score), words);
    }
  else
    gtk_widget_set_tooltip_text (GTK_WIDGET (row->score), NULL);

  if (row->ahead_class != NULL)
    gtk_widget_remove_css_class (GTK_WIDGET (row->score), row->ahead_class);
  g_clear_pointer (&row->ahead_class, g_free);
  if (line->score_kind != CHEOPS_UCI_SCORE_NONE && a_score != 0 && self->document != NULL)
    {
      gboolean first = studio_document_get_side_is_first (self->document,
                                                          a_score > 0 ? CHEOPS_SIDE_A : CHEOPS_SIDE_B);

      /* In the colour of the side ahead (see ensure_ahead_css()). */
      row->ahead_class = g_strdup_printf ("ahead-%s-%d", self->analysed.variant->name, first ? 0 : 1);
      gtk_widget_add_css_class (GTK_WIDGET (row->score), row->ahead_class);
    }

  gtk_widget_set_visible (row->row, TRUE);
}

static char *
format_count (gint64 n)
{
  if (n >= 1000000000)
    return g_strdup_printf ("%.1f G", n / 1e9);
  if (n >= 1000000)
    return g_strdup_printf ("%.1f M", n / 1e6);
  if (n >= 1000)
    return g_strdup_printf ("%.0f k", n / 1e3);
  return g_strdup_printf ("%" G_GINT64_FORMAT, n);
}

/* Time since `go` as the header shows it: "0:07", "1:12", "1:02:03". */
static char *
format_elapsed (gint64 ms)
{
  gint64 s = MAX (ms, 0) / 1000;

  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

/* Whether line 1 is a proved forced win or loss searched past its end: a
 * mate in N moves is at most 2N plies long, so a depth beyond that says
 * nothing more (the engine then runs on to its deepest iteration, 127). */
static gboolean
analysis_mate_found (const StudioEngineAnalysis *analysis,
                     int                         depth)
{
  const StudioEngineLine *best;

  if (analysis->n_lines == 0 || analysis->lines[0].multipv != 1)
    return FALSE;
  best = &analysis->lines[0];
  return best->score_kind == CHEOPS_UCI_SCORE_MATE && best->bound == CHEOPS_UCI_BOUND_EXACT &&
         best->score != 0 && depth > 2 * ABS (best->score);
}

/* The header's short text: the depth running (or "Mate found"), the speed
 * and the time since the search began; it moves with every progress line
 * of a long iteration, not only with a new PV.  *@current receives the
 * root move searched with its number among the legal moves ("3/42 Ge3"),
 * or NULL: it goes under the lines, whose row has the panel's width (the
 * header must fit beside the switch uncut). */
static char *
studio_analysis_panel_format_stats (StudioAnalysisPanel        *self,
                                    const StudioEngineAnalysis *analysis,
                                    int                         depth,
                                    const char                 *nps,
                                    char                      **current)
{
  g_autofree char *elapsed = format_elapsed (analysis->time_ms);
  g_autofree char *where = NULL;

  if (analysis_mate_found (analysis, depth))
    /* Translators: in the engine header in place of the search depth
     * ("Depth 17") once the engine has proved a forced win */
    where = g_strdup (_("Mate found"));
  else
    /* Translators: the engine's search depth in plies, in the engine header */
    where = g_strdup_printf (_("Depth %d"), depth);

  if (analysis->currmove != NULL && analysis->currmovenumber > 0 && !analysis_mate_found (analysis, depth))
    {
      const char *pv[] = { analysis->currmove, NULL };
      g_auto(GStrv) san = cheops_uci_pv_to_san_at (&self->analysed, pv, NULL);

      if (san[0] != NULL)
        *current = self->n_root_moves > 0
          ? g_strdup_printf ("%d/%u %s", analysis->currmovenumber, self->n_root_moves, san[0])
          : g_strdup_printf ("%d %s", analysis->currmovenumber, san[0]);
    }

  /* Translators: the engine header: the depth (or "Mate found"), nodes per
   * second, time searched ("1:12"); short, to fit beside the switch */
  return g_strdup_printf (_("%s · %sN/s · %s"), where, nps, elapsed);
}

static void
studio_analysis_panel_analysis_updated_cb (StudioAnalysisPanel  *self,
                                           StudioEngineAnalysis *analysis,
                                           StudioEngine         *engine)
{
  g_autofree char *nps = NULL;
  g_autofree char *nodes = NULL;
  g_autofree char *stats = NULL;
  guint shown = 0;
  int depth;

  if (!self->running || analysis == NULL)
    return;
  /* Only the search asked for last: lines of a position the user left
   * would be read with the new side to move, their sign flipped. */
  if (self->game_over || analysis->generation != self->generation)
    return;

  /* The pointer is on lines of this search: they wait until it leaves
   * (the depth and speed above them go on). */
  if (self->pointer_on_lines && self->rows_generation == analysis->generation &&
      self->hold_generation == analysis->generation)
    {
      if (self->held != analysis)
        {
          g_clear_pointer (&self->held, studio_engine_analysis_unref);
          self->held = studio_engine_analysis_ref (analysis);
        }
      for (guint i = 0; i < analysis->n_lines; i++)
        if (analysis->lines[i].pv != NULL && analysis->lines[i].pv[0] != NULL)
          shown++;
    }
  else
    {
      g_clear_pointer (&self->held, studio_engine_analysis_unref);

      for (guint i = 0; i < analysis->n_lines; i++)
        {
          const StudioEngineLine *line = &analysis->lines[i];

          if (line->pv == NULL || line->pv[0] == NULL)
            continue;
          studio_analysis_panel_update_row (self, studio_analysis_panel_get_row (self, shown), line);
          shown++;
        }
      self->rows_generation = shown > 0 ? analysis->generation : 0;

      for (guint i = shown; i < self->rows->len; i++)
        gtk_widget_set_visible (((LineRow *) g_ptr_array_index (self->rows, i))->row, FALSE);
    }

  /* The depth running, from the latest line of any kind: a long
   * iteration's progress lines move the header (nodes, speed, time, the
   * move searched) while the lines wait for its PV. */
  depth = analysis->search_depth > 0 ? analysis->search_depth : analysis->depth;
  if (depth > 0)
    {
      nps = format_count (analysis->nps);
      nodes = format_count (analysis->nodes);
      g_autofree char *current = NULL;
      g_autofree char *header = studio_analysis_panel_format_stats (self, analysis, depth, nps, &current);
      g_autofree char *details = NULL;

      gtk_label_set_label (self->stats_label, header);
      /* Translators: engine statistics: search depth, nodes per second,
       * nodes searched, hash table use */
      details = g_strdup_printf (_("Depth %d · %sN/s · %sN · Hash %d%%"),
                                 depth, nps, nodes, (analysis->hashfull + 5) / 10);
      gtk_widget_set_tooltip_text (GTK_WIDGET (self->stats_label), details);
      if (current != NULL)
        /* Translators: under the engine lines while a depth runs: the move
         * being searched with its number among the legal moves ("3/42
         * Ge3"), nodes searched, and how full the engine's hash table is */
        stats = g_strdup_printf (_("%s · %s nodes searched · hash %d%% full"),
                                 current, nodes, (analysis->hashfull + 5) / 10);
      else
        /* Translators: under the engine lines: nodes searched, and how full
         * the engine's hash table is (UCI hashfull) */
        stats = g_strdup_printf (_("%s nodes searched · hash %d%% full"),
                                 nodes, (analysis->hashfull + 5) / 10);
      gtk_label_set_label (self->search_label, stats);
    }
  else if (analysis->finished && analysis->bestmove == NULL && shown == 0)
    /* `info depth 0 score mate 0` (or `cp 0`) then `bestmove (none)`: the
     * engine says the game is over at the root. */
    gtk_label_set_label (self->stats_label, _("Game over"));

  if (shown > 0)
    {
      const StudioEngineLine *best = &analysis->lines[0];
      CheopsPosition pos;
      CheopsMove move = CHEOPS_MOVE_NONE;

      /* A threat line's score is the opponent's idea, not the position's
       * evaluation: the bar is left to the position. */
      /* "mate -0" (mated now): no score whose sign could say who won (the
       * bar showed the side to move winning, issue 25); the window shows
       * the game's result, which the rules decide, instead. */
      if (best->score_kind == CHEOPS_UCI_SCORE_MATE && best->score == 0 && !self->threat)
        g_signal_emit (self, signals [EVALUATION], 0, FALSE, FALSE, 0);
      else if (best->score_kind != CHEOPS_UCI_SCORE_NONE && !self->threat)
        g_signal_emit (self, signals [EVALUATION], 0, TRUE,
                       best->score_kind == CHEOPS_UCI_SCORE_MATE,
                       score_for_a (self, best->score));

      /* The best move as an arrow, only for the real side to move; in
       * threat mode the threat's first move, as the threat arrow. */
      if (!self->threat && self->document != NULL)
        {
          pos = *studio_document_get_position (self->document);
          move = cheops_move_from_text (&pos, best->pv[0], NULL);
        }
      g_signal_emit (self, signals [BEST_MOVE], 0, (guint) move);
      move = CHEOPS_MOVE_NONE;
      if (self->threat)
        {
          pos = self->analysed;
          move = cheops_move_from_text (&pos, best->pv[0], NULL);
        }
      g_signal_emit (self, signals [THREAT_MOVE], 0, (guint) move);
    }
}

static void
studio_analysis_panel_update_state (StudioAnalysisPanel *self)
{
  StudioEngineState state = self->engine != NULL ? studio_engine_get_state (self->engine)
                                                 : STUDIO_ENGINE_STATE_NOT_STARTED;
  const char *name = self->engine != NULL ? studio_engine_get_name (self->engine) : NULL;

  gtk_label_set_label (self->engine_label, name != NULL ? name : _("Engine"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stats_label), NULL);

  if (studio_engine_state_is_error (state))
    {
      const char *message = studio_engine_get_last_error (self->engine);

      gtk_label_set_label (self->error_title,
                           state == STUDIO_ENGINE_STATE_HUNG ? _("The Engine Stopped Responding")
                           : state == STUDIO_ENGINE_STATE_CRASHED ? _("The Engine Stopped")
                           : _("The Engine Failed"));
      gtk_label_set_label (self->error_label, message != NULL ? message : "");
      gtk_label_set_label (self->stats_label, _("Not running"));
      gtk_stack_set_visible_child_name (self->stack, "error");
      g_signal_emit (self, signals [EVALUATION], 0, FALSE, FALSE, 0);
      g_signal_emit (self, signals [BEST_MOVE], 0, (guint) CHEOPS_MOVE_NONE);
      g_signal_emit (self, signals [THREAT_MOVE], 0, (guint) CHEOPS_MOVE_NONE);
      return;
    }

  /* No error shown: no error text kept either.  The stack is homogeneous
   * in width, and measures a hidden page's width at that page's minimum
   * height, where a wrapped message is one long line: a long message left
   * in the hidden error page would widen the panel and push the board's
   * divider (seen after switching from a failed engine to a working one). */
  gtk_label_set_label (self->error_label, "");

  if (!self->running)
    {
      gtk_label_set_label (self->off_label, self->blocked != NULL ? self->blocked
                                            : _("Switch the engine on to see its best lines for this position."));
      gtk_label_set_label (self->stats_label, _("Off"));
      gtk_stack_set_visible_child_name (self->stack, "off");
      return;
    }

  if (self->game_over)
    {
      g_autofree char *text = NULL;

      if (self->outcome != CHEOPS_OUTCOME_NONE && self->document != NULL)
        text = studio_document_dup_outcome_text (self->document, self->outcome);
      else
        /* Translators: threat mode in a position where the opponent,
         * to move, would have no move */
        text = g_strdup (_("The opponent would have no move here."));

      gtk_label_set_label (self->off_label, text);
      /* Translators: the engine header in a finished position */
      gtk_label_set_label (self->stats_label, _("Game over"));
      gtk_stack_set_visible_child_name (self->stack, "off");
      return;
    }

  /* A running engine that does not play this game: said in place of the
   * lines, and the engine stays ready for a game it plays. */
  if (self->engine != NULL && !studio_engine_get_plays_variant (self->engine))
    {
      const CheopsVariant *variant = studio_engine_get_variant (self->engine);
      /* Translators: %s is a game's title ("Step and Circle TrigChess") */
      g_autofree char *text = g_strdup_printf (_("This engine does not play %s."), _(variant->title));

      gtk_label_set_label (self->off_label, text);
      /* Translators: the engine header when the engine cannot analyse the game */
      gtk_label_set_label (self->stats_label, _("Not this game"));
      gtk_stack_set_visible_child_name (self->stack, "off");
      g_signal_emit (self, signals [EVALUATION], 0, FALSE, FALSE, 0);
      g_signal_emit (self, signals [BEST_MOVE], 0, (guint) CHEOPS_MOVE_NONE);
      g_signal_emit (self, signals [THREAT_MOVE], 0, (guint) CHEOPS_MOVE_NONE);
      return;
    }

  if (state == STUDIO_ENGINE_STATE_STARTING)
    gtk_label_set_label (self->stats_label, _("Starting…"));
  gtk_stack_set_visible_child_name (self->stack, "lines");
}

/* Gives the engine the Threads and Hash of the settings: all of them to a
 * new engine (@all), else those that changed.  StudioEngine keeps them
 * until the engine has declared its options, sends only the declared ones,
 * and while it searches, stops, sends and searches again under a new
 * generation, which the panel takes over so as to keep showing its lines. */
static void
studio_analysis_panel_send_options (StudioAnalysisPanel *self,
                                    gboolean             all)
{
  static const struct {
    const char *key;
    const char *option;
    gsize       offset;
  } options[] = {
    { "engine-threads", "Threads", G_STRUCT_OFFSET (StudioAnalysisPanel, threads) },
    { "engine-hash", "Hash", G_STRUCT_OFFSET (StudioAnalysisPanel, hash) },
  };

  if (self->engine == NULL)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (options); i++)
    {
      int *sent = G_STRUCT_MEMBER_P (self, options[i].offset);
      int value = studio_engine_option_setting (self->settings, options[i].key);
      char text[16];

      if (!all && value == *sent)
        continue;
      *sent = value;
      g_snprintf (text, sizeof text, "%d", value);
      studio_engine_set_option (self->engine, options[i].option, text);
    }

  if (self->generation != 0)
    self->generation = studio_engine_get_generation (self->engine);
}

static void
studio_analysis_panel_create_engine (StudioAnalysisPanel *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "last-engine");
  const char *argv[] = { path, NULL };

  g_assert (self->engine == NULL);

  self->engine = studio_engine_new (path[0] != 0 ? argv : NULL);
  g_signal_connect_object (self->engine, "analysis-updated",
                           G_CALLBACK (studio_analysis_panel_analysis_updated_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "notify::state",
                           G_CALLBACK (studio_analysis_panel_update_state),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "notify::name",
                           G_CALLBACK (studio_analysis_panel_update_state),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "notify::plays-variant",
                           G_CALLBACK (studio_analysis_panel_update_state),
                           self, G_CONNECT_SWAPPED);
  studio_analysis_panel_send_options (self, TRUE);
}

static gboolean
release_retired_cb (gpointer user_data)
{
  StudioAnalysisPanel *self = user_data;

  self->retire_id = 0;
  g_ptr_array_set_size (self->retired, 0);
  return G_SOURCE_REMOVE;
}

static void studio_analysis_panel_sync (StudioAnalysisPanel *self);

/* `last-engine` changed: the old engine goes (never an orphan process),
 * the new one takes over the analysis at once if it was running. */
static void
last_engine_changed_cb (StudioAnalysisPanel *self)
{
  g_autofree char *path = g_settings_get_string (self->settings, "last-engine");
  g_autofree char *program = path[0] != '\0' ? g_strdup (path) : cheops_uci_engine_find_bundled ();
  StudioEngine *old = self->engine;

  /* None yet: the next start reads the setting. */
  if (old == NULL)
    return;
  /* A settings backend may announce a value that did not change. */
  if (g_strcmp0 (studio_engine_get_argv (old)[0], program) == 0)
    return;

  g_signal_handlers_disconnect_by_data (old, self);
  studio_engine_shutdown (old);
  g_ptr_array_add (self->retired, g_steal_pointer (&self->engine));
  /* StudioEngine escalates quit -> SIGTERM -> SIGKILL a second apart by
   * default: three seconds and the old processes are reaped. */
  g_clear_handle_id (&self->retire_id, g_source_remove);
  self->retire_id = g_timeout_add_seconds (3, release_retired_cb, self);

  self->generation = 0;
  self->threads = self->hash = 0;

  if (self->running)
    studio_analysis_panel_sync (self);
  else
    {
      studio_analysis_panel_clear_lines (self);
      studio_analysis_panel_update_state (self);
    }
}

static void
engine_option_changed_cb (StudioAnalysisPanel *self)
{
  studio_analysis_panel_send_options (self, FALSE);
}

/* Sends the current position to the engine (or stops it). */
static void
studio_analysis_panel_sync (StudioAnalysisPanel *self)
{
  const CheopsPosition *pos;
  CheopsMove list[CHEOPS_MAX_MOVES];

  if (self->document == NULL)
    return;

  pos = studio_document_get_position (self->document);

  if (!self->running)
    {
      if (self->engine != NULL)
        studio_engine_stop (self->engine);
      studio_analysis_panel_clear_lines (self);
      studio_analysis_panel_update_state (self);
      return;
    }

  if (self->engine == NULL)
    studio_analysis_panel_create_engine (self);

  g_clear_pointer (&self->fen, g_free);
  g_clear_pointer (&self->moves, g_strfreev);

  if (self->threat)
    {
      CheopsPosition flipped = *pos;
      char buf[CHEOPS_FEN_MAX];

      /* The opponent to move in the same placement. */
      cheops_position_set_side (&flipped, cheops_side_other (pos->side_to_move));
      cheops_position_to_fen (&flipped, buf, sizeof buf);
      self->fen = g_strdup (buf);
      self->moves = g_new0 (char *, 1);
      self->side_to_move = flipped.side_to_move;
      /* Numbered as the move after a pass of the side to move: a's
       * threat when q is to move at move N (after "N. ...") is "N+1. ",
       * q's threat when a is to move at move N is "N… " (the counter
       * grows after q's moves). */
      self->fullmove = (guint) flipped.fullmove_number + (flipped.side_to_move == CHEOPS_SIDE_A ? 1 : 0);
      self->analysed = flipped;
      self->n_root_moves = (guint) (cheops_generate_moves (&flipped, list) - list);
      self->game_over = self->n_root_moves == 0;
      self->outcome = CHEOPS_OUTCOME_NONE;
    }
  else
    {
      /* From the last irreversible move on: a short command for a deep
       * node, with all the engine needs for repetitions. */
      self->fen = studio_document_dup_engine_position (self->document, &self->moves);
      guint n_moves;

      self->side_to_move = pos->side_to_move;
      self->fullmove = pos->fullmove_number;
      self->analysed = *pos;
      /* The node's moves: none once the game is over there. */
      cheops_game_node_get_moves (studio_document_get_current (self->document), &n_moves);
      self->n_root_moves = n_moves;
      self->game_over = n_moves == 0;
      self->outcome = CHEOPS_OUTCOME_NONE;
    }

  /* A finished game (an Ascension, a draw of 8.4.1 or 8.4.3) is over
   * whoever is to move, threat mode included. */
  if (studio_document_get_outcome (self->document) != CHEOPS_OUTCOME_NONE)
    {
      self->game_over = TRUE;
      self->outcome = studio_document_get_outcome (self->document);
    }
  else if (self->game_over && !self->threat)
    /* No move, yet no outcome the variant names: say the game is over by
     * the position's own outcome (never seen in the variants of today). */
    self->outcome = cheops_position_outcome (pos);

  studio_analysis_panel_clear_lines (self);

  if (self->game_over)
    {
      int a_result;

      /* The position was left: drop what the engine still prints about it. */
      studio_engine_abandon (self->engine);
      self->generation = 0;
      a_result = 0;
      if (self->outcome != CHEOPS_OUTCOME_NONE)
        {
          CheopsWinner winner = cheops_variant_outcome_winner (self->analysed.variant, self->outcome);

          a_result = winner == CHEOPS_WINNER_A ? 1 : winner == CHEOPS_WINNER_B ? -1 : 0;
        }
      g_signal_emit (self, signals [RESULT], 0, a_result);
    }
  else
    {
      studio_engine_set_variant (self->engine, self->analysed.variant);
      self->generation = studio_engine_analyze (self->engine, self->fen, (const char * const *) self->moves,
                                                studio_analysis_panel_get_multipv (self));
      /* Until the first depth of this search: not the last one's. */
      gtk_label_set_label (self->stats_label, _("Searching…"));
    }

  studio_analysis_panel_update_state (self);
}

static void
restart_clicked_cb (StudioAnalysisPanel *self)
{
  if (self->engine == NULL)
    return;

  studio_engine_restart (self->engine);
  studio_analysis_panel_update_state (self);
}

static void
engine_switch_notify_cb (StudioAnalysisPanel *self)
{
  studio_analysis_panel_set_running (self, gtk_switch_get_active (self->engine_switch));
}

static void
threat_toggled_cb (StudioAnalysisPanel *self)
{
  studio_analysis_panel_set_threat (self, gtk_toggle_button_get_active (self->threat_button));
}

static void
multipv_changed_cb (StudioAnalysisPanel *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MULTIPV]);
  if (self->running)
    studio_analysis_panel_sync (self);
}

static void
studio_analysis_panel_dispose (GObject *object)
{
  StudioAnalysisPanel *self = (StudioAnalysisPanel *)object;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);

  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);

  /* Unreferencing the engine quits it (quit, TERM, KILL: no orphan). */
  if (self->engine != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->engine, self);
      g_clear_object (&self->engine);
    }
  g_clear_handle_id (&self->retire_id, g_source_remove);
  if (self->retired != NULL)
    g_ptr_array_set_size (self->retired, 0);

  g_clear_pointer (&self->preview_popover, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (self), STUDIO_TYPE_ANALYSIS_PANEL);

  G_OBJECT_CLASS (studio_analysis_panel_parent_class)->dispose (object);
}

static void
studio_analysis_panel_finalize (GObject *object)
{
  StudioAnalysisPanel *self = (StudioAnalysisPanel *)object;

  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->retired, g_ptr_array_unref);
  g_clear_object (&self->preview_box);
  g_clear_pointer (&self->held, studio_engine_analysis_unref);
  g_clear_pointer (&self->fen, g_free);
  g_clear_pointer (&self->moves, g_strfreev);
  g_clear_pointer (&self->blocked, g_free);

  G_OBJECT_CLASS (studio_analysis_panel_parent_class)->finalize (object);
}

static void
studio_analysis_panel_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  StudioAnalysisPanel *self = STUDIO_ANALYSIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;

    case PROP_THREAT:
      g_value_set_boolean (value, self->threat);
      break;

    case PROP_MULTIPV:
      g_value_set_int (value, studio_analysis_panel_get_multipv (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_analysis_panel_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  StudioAnalysisPanel *self = STUDIO_ANALYSIS_PANEL (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      studio_analysis_panel_set_running (self, g_value_get_boolean (value));
      break;

    case PROP_THREAT:
      studio_analysis_panel_set_threat (self, g_value_get_boolean (value));
      break;

    case PROP_MULTIPV:
      studio_analysis_panel_set_multipv (self, g_value_get_int (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_analysis_panel_class_init (StudioAnalysisPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_analysis_panel_dispose;
  object_class->finalize = studio_analysis_panel_finalize;
  object_class->get_property = studio_analysis_panel_get_property;
  object_class->set_property = studio_analysis_panel_set_property;

  /**
   * StudioAnalysisPanel:running:
   *
   * Whether the engine analyses the current position.
   */
  properties [PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * StudioAnalysisPanel:threat:
   *
   * Whether the engine analyses the position with the other side to move.
   */
  properties [PROP_THREAT] =
    g_param_spec_boolean ("threat", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * StudioAnalysisPanel:multipv:
   *
   * How many lines the engine shows (UCI MultiPV), 1..8.
   */
  properties [PROP_MULTIPV] =
    g_param_spec_int ("multipv", NULL, NULL, 1, 8, 3,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StudioAnalysisPanel::evaluation:
   * @has_score: whether there is an evaluation (FALSE clears it)
   * @is_ascension: whether @score counts moves to an Ascension
   * @score: from the a side's view: centipawns or moves
   *
   * The evaluation of the best line changed.
   */
  signals [EVALUATION] =
    g_signal_new ("evaluation",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_BOOLEAN, G_TYPE_BOOLEAN, G_TYPE_INT);

  /**
   * StudioAnalysisPanel::best-move:
   * @move: the CheopsMove the engine prefers, or CHEOPS_MOVE_NONE
   */
  signals [BEST_MOVE] =
    g_signal_new ("best-move",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * StudioAnalysisPanel::threat-move:
   * @move: in threat mode, the first move of the threat line (a move of
   *   the side not to move, in the same placement), or CHEOPS_MOVE_NONE
   */
  signals [THREAT_MOVE] =
    g_signal_new ("threat-move",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * StudioAnalysisPanel::result:
   * @a_result: 1 if the a side won, -1 if the q side won, 0 for a draw
   *
   * The current position ends the game (Article 8): there is no evaluation
   * but the result.  The next position clears it with ::evaluation.
   */
  signals [RESULT] =
    g_signal_new ("result",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cheops/Studio/studio-analysis-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, box);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, engine_switch);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, engine_label);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, stats_label);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, threat_button);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, multipv_spin);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, multipv_adjustment);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, stack);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, off_label);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, lines_box);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, search_label);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, error_title);
  gtk_widget_class_bind_template_child (widget_class, StudioAnalysisPanel, error_label);
  gtk_widget_class_bind_template_callback (widget_class, restart_clicked_cb);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "analysispanel");
}

/* The pointer came onto the lines, or moved over them: the lines shown
 * are the ones it points at. */
static void
lines_pointed_cb (StudioAnalysisPanel *self)
{
  self->pointer_on_lines = TRUE;
  self->hold_generation = self->rows_generation;
}

static void
lines_leave_cb (StudioAnalysisPanel *self)
{
  g_autoptr(StudioEngineAnalysis) held = g_steal_pointer (&self->held);

  self->pointer_on_lines = FALSE;
  self->hold_generation = 0;
  if (held != NULL && self->engine != NULL)
    studio_analysis_panel_analysis_updated_cb (self, held, self->engine);
}

static gboolean
unparent_idle_cb (gpointer data)
{
  gtk_widget_unparent (data);
  g_object_unref (data);
  return G_SOURCE_REMOVE;
}

static void
line_menu_closed_cb (GtkPopover *popover)
{
  g_idle_add (unparent_idle_cb, g_object_ref (popover));
}

/* A right click on a line: its menu — copy it as a game,
 * (win.copy-line takes the line's index). */
static void
lines_menu_pressed_cb (StudioAnalysisPanel *self,
                       int                  n_press,
                       double               x,
                       double               y,
                       GtkGesture          *gesture)
{
  GtkListBoxRow *list_row = gtk_list_box_get_row_at_y (self->lines_box, (int) y);
  g_autoptr(GMenu) menu = NULL;
  g_autofree char *copy = NULL;
  GtkWidget *popover;
  int index = -1;

  for (guint i = 0; i < self->rows->len && list_row != NULL; i++)
    {
      LineRow *row = g_ptr_array_index (self->rows, i);

      if (row->row == GTK_WIDGET (list_row) && row->san != NULL && row->san[0] != NULL)
        index = (int) i;
    }
  if (index < 0)
    return;
  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);

  menu = g_menu_new ();
  copy = g_strdup_printf ("win.copy-line(%d)", index);
  g_menu_append (menu, _("_Copy Line as Game"), copy);
  popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_widget_set_parent (popover, GTK_WIDGET (self->lines_box));
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &(GdkRectangle) { (int) x, (int) y, 1, 1 });
  /* Unparented once closed, after its action ran. */
  g_signal_connect (popover, "closed", G_CALLBACK (line_menu_closed_cb), NULL);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static void
studio_analysis_panel_init (StudioAnalysisPanel *self)
{
  GtkEventController *motion;
  GtkGesture *click;

  gtk_widget_init_template (GTK_WIDGET (self));
  ensure_ahead_css (GTK_WIDGET (self));
  cheops_position_init_start (&self->analysed, &cheops_variant_cheops);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect_object (motion, "enter", G_CALLBACK (lines_pointed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "motion", G_CALLBACK (lines_pointed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "leave", G_CALLBACK (lines_leave_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->lines_box), motion);

  click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect_object (click, "pressed", G_CALLBACK (lines_menu_pressed_cb), self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self->lines_box), GTK_EVENT_CONTROLLER (click));

  self->preview_box = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 6));
  self->preview = STUDIO_LINE_PREVIEW (studio_line_preview_new ());
  gtk_widget_set_halign (GTK_WIDGET (self->preview), GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (self->preview_box), GTK_WIDGET (self->preview));
  self->preview_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->preview_label, TRUE);
  gtk_label_set_max_width_chars (self->preview_label, 40);
  gtk_label_set_xalign (self->preview_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->preview_label), "analysis-preview-line");
  gtk_box_append (GTK_BOX (self->preview_box), GTK_WIDGET (self->preview_label));
  self->preview_popover = gtk_popover_new ();
  gtk_popover_set_child (GTK_POPOVER (self->preview_popover), self->preview_box);
  gtk_popover_set_autohide (GTK_POPOVER (self->preview_popover), FALSE);
  gtk_popover_set_position (GTK_POPOVER (self->preview_popover), GTK_POS_TOP);
  gtk_widget_set_can_target (self->preview_popover, FALSE);
  gtk_widget_set_can_focus (self->preview_popover, FALSE);
  gtk_widget_add_css_class (self->preview_popover, "analysis-preview");
  gtk_widget_set_parent (self->preview_popover, GTK_WIDGET (self->lines_box));

  self->rows = g_ptr_array_new_with_free_func ((GDestroyNotify) line_row_free);
  self->retired = g_ptr_array_new_with_free_func (g_object_unref);

  self->settings = g_settings_new ("org.cheops.Studio");
  g_signal_connect_object (self->settings, "changed::last-engine",
                           G_CALLBACK (last_engine_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::engine-threads",
                           G_CALLBACK (engine_option_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->settings, "changed::engine-hash",
                           G_CALLBACK (engine_option_changed_cb), self,
                           G_CONNECT_SWAPPED);
  /* GSettings announces changes of the keys read since connecting. */
  g_free (g_settings_get_string (self->settings, "last-engine"));
  g_settings_get_int (self->settings, "engine-threads");
  g_settings_get_int (self->settings, "engine-hash");

  g_signal_connect_swapped (self->engine_switch, "notify::active",
                            G_CALLBACK (engine_switch_notify_cb), self);
  g_signal_connect_swapped (self->threat_button, "toggled",
                            G_CALLBACK (threat_toggled_cb), self);
  g_signal_connect_swapped (self->multipv_adjustment, "value-changed",
                            G_CALLBACK (multipv_changed_cb), self);

  studio_analysis_panel_update_state (self);
}

/**
 * studio_analysis_panel_new:
 *
 * Returns: (transfer floating): a panel, not running, without a document
 */
GtkWidget *
studio_analysis_panel_new (void)
{
  return g_object_new (STUDIO_TYPE_ANALYSIS_PANEL, NULL);
}

static void
document_changed_cb (StudioAnalysisPanel *self)
{
  if (self->running)
    studio_analysis_panel_sync (self);
}

/**
 * studio_analysis_panel_set_document:
 * @self: a #StudioAnalysisPanel
 * @document: (nullable): the document whose current position is analysed
 */
void
studio_analysis_panel_set_document (StudioAnalysisPanel *self,
                                    StudioDocument      *document)
{
  g_return_if_fail (STUDIO_IS_ANALYSIS_PANEL (self));

  if (self->document == document)
    return;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);

  if (document != NULL)
    {
      g_signal_connect_object (document, "notify::current",
                               G_CALLBACK (document_changed_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "notify::game",
                               G_CALLBACK (document_changed_cb), self,
                               G_CONNECT_SWAPPED);
    }

  document_changed_cb (self);
}

/**
 * studio_analysis_panel_get_running:
 * @self: a #StudioAnalysisPanel
 *
 * Returns: whether the analysis is switched on
 */
gboolean
studio_analysis_panel_get_running (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), FALSE);

  return self->running;
}

/**
 * studio_analysis_panel_set_running:
 * @self: a #StudioAnalysisPanel
 * @running: whether to analyse
 *
 * Starts the engine (at the first time) and analyses the current position,
 * or stops the search.
 */
void
studio_analysis_panel_set_running (StudioAnalysisPanel *self,
                                   gboolean             running)
{
  g_return_if_fail (STUDIO_IS_ANALYSIS_PANEL (self));

  running = !!running && self->blocked == NULL;
  if (self->running == running)
    {
      /* A switch turned on while blocked goes back off. */
      if (gtk_switch_get_active (self->engine_switch) != running)
        gtk_switch_set_active (self->engine_switch, running);
      return;
    }

  self->running = running;
  gtk_switch_set_active (self->engine_switch, running);
  studio_analysis_panel_sync (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_RUNNING]);
}

/**
 * studio_analysis_panel_set_blocked:
 * @self: a #StudioAnalysisPanel
 * @why: (nullable): why the engine may not run now, a sentence for people
 *   (translated), or %NULL when it may again
 *
 * Stops the engine and keeps it off while @why is set: the engine switch
 * is greyed out with @why as its tooltip and in place of the lines, and
 * studio_analysis_panel_set_running() refuses to start it.  A game played
 * against the engine and Learn from Your Mistakes block it (issue 22: the
 * switch gave Learn's answer away).  Unblocking starts nothing: the caller
 * restarts the engine if it ran before.
 */
void
studio_analysis_panel_set_blocked (StudioAnalysisPanel *self,
                                   const char          *why)
{
  g_return_if_fail (STUDIO_IS_ANALYSIS_PANEL (self));

  if (g_strcmp0 (self->blocked, why) == 0)
    return;
  g_free (self->blocked);
  self->blocked = g_strdup (why);
  if (why != NULL)
    studio_analysis_panel_set_running (self, FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->engine_switch), why == NULL);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->engine_switch), why);
  studio_analysis_panel_sync (self);
}

/**
 * studio_analysis_panel_get_blocked:
 * @self: a #StudioAnalysisPanel
 *
 * Returns: (nullable) (transfer none): why the engine may not run now, or
 *   %NULL (studio_analysis_panel_set_blocked())
 */
const char *
studio_analysis_panel_get_blocked (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), NULL);

  return self->blocked;
}

/**
 * studio_analysis_panel_get_threat:
 * @self: a #StudioAnalysisPanel
 *
 * Returns: whether threat mode is on
 */
gboolean
studio_analysis_panel_get_threat (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), FALSE);

  return self->threat;
}

/**
 * studio_analysis_panel_set_threat:
 * @self: a #StudioAnalysisPanel
 * @threat: whether to analyse with the other side to move
 */
void
studio_analysis_panel_set_threat (StudioAnalysisPanel *self,
                                  gboolean             threat)
{
  g_return_if_fail (STUDIO_IS_ANALYSIS_PANEL (self));

  threat = !!threat;
  if (self->threat == threat)
    return;

  self->threat = threat;
  gtk_toggle_button_set_active (self->threat_button, threat);
  if (self->running)
    studio_analysis_panel_sync (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_THREAT]);
}

/**
 * studio_analysis_panel_get_multipv:
 * @self: a #StudioAnalysisPanel
 *
 * Returns: the number of lines asked of the engine
 */
guint
studio_analysis_panel_get_multipv (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), 1);

  return (guint) gtk_adjustment_get_value (self->multipv_adjustment);
}

/**
 * studio_analysis_panel_set_multipv:
 * @self: a #StudioAnalysisPanel
 * @multipv: 1..8
 */
void
studio_analysis_panel_set_multipv (StudioAnalysisPanel *self,
                                   guint                multipv)
{
  g_return_if_fail (STUDIO_IS_ANALYSIS_PANEL (self));

  gtk_adjustment_set_value (self->multipv_adjustment, CLAMP (multipv, 1, 8));
}

/**
 * studio_analysis_panel_get_n_lines:
 * @self: a #StudioAnalysisPanel
 *
 * Returns: how many lines are shown
 */
guint
studio_analysis_panel_get_n_lines (StudioAnalysisPanel *self)
{
  guint n = 0;

  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), 0);

  for (guint i = 0; i < self->rows->len; i++)
    if (gtk_widget_get_visible (((LineRow *) g_ptr_array_index (self->rows, i))->row))
      n++;

  return n;
}

/**
 * studio_analysis_panel_dup_line:
 * @self: a #StudioAnalysisPanel
 * @index: a line shown, from 0
 *
 * Returns: (transfer full) (nullable): the line as shown ("+0.35 1. Mf5 …")
 */
char *
studio_analysis_panel_dup_line (StudioAnalysisPanel *self,
                                guint                index)
{
  LineRow *row;

  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), NULL);

  if (index >= self->rows->len)
    return NULL;

  row = g_ptr_array_index (self->rows, index);
  if (!gtk_widget_get_visible (row->row))
    return NULL;

  return g_strdup_printf ("%s %s", gtk_label_get_label (row->score), gtk_label_get_text (row->moves));
}

/**
 * studio_analysis_panel_get_status:
 * @self: a #StudioAnalysisPanel
 *
 * The engine header's text ("Depth 12 · 1.2 MN/s", "Game over", "Off").
 *
 * Returns: (transfer none): the text
 */
const char *
studio_analysis_panel_get_status (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), NULL);

  return gtk_label_get_label (self->stats_label);
}

/**
 * studio_analysis_panel_get_search_text:
 * @self: a #StudioAnalysisPanel
 *
 * The line under the engine lines ("2.0 MN searched · hash 20% full"),
 * empty before the first depth of a search.
 *
 * Returns: (transfer none): the text
 */
const char *
studio_analysis_panel_get_search_text (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), NULL);

  return gtk_label_get_label (self->search_label);
}

/**
 * studio_analysis_panel_get_message:
 * @self: a #StudioAnalysisPanel
 *
 * The message shown instead of lines ("Green wins by Ascension."), or %NULL
 * when the lines are shown.
 *
 * Returns: (transfer none) (nullable): the text
 */
const char *
studio_analysis_panel_get_message (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), NULL);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "off") != 0)
    return NULL;
  return gtk_label_get_label (self->off_label);
}

/**
 * studio_analysis_panel_play_line:
 * @self: a #StudioAnalysisPanel
 * @line: a line shown, from 0
 * @move: a move of that line, from 0
 *
 * Plays the line's moves up to and including @move in the document, as
 * one undo step (what a click on that move does).  Nothing in threat mode,
 * whose lines are the opponent's and cannot be played from here.
 *
 * Returns: whether the moves were played
 */
gboolean
studio_analysis_panel_play_line (StudioAnalysisPanel *self,
                                 guint                line,
                                 guint                move)
{
  g_auto(GStrv) moves = NULL;
  LineRow *row;

  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), FALSE);

  if (self->document == NULL || self->threat || line >= self->rows->len)
    return FALSE;

  row = g_ptr_array_index (self->rows, line);
  if (!gtk_widget_get_visible (row->row) || row->san == NULL || move >= g_strv_length (row->san))
    return FALSE;

  /* A copy: playing the first move moves the analysis to the new
   * position, which clears the rows. */
  moves = g_strdupv (row->san);

  return studio_document_play_line (self->document, (const char * const *) moves, move + 1, NULL);
}

/**
 * studio_analysis_panel_get_engine:
 * @self: a #StudioAnalysisPanel
 *
 * The engine client of the panel: made at the first start, replaced when
 * the setting `last-engine` changes.
 *
 * Returns: (transfer none) (nullable): the engine, or %NULL before the
 *   analysis was first switched on (and after a change of engine while it
 *   was off)
 */
StudioEngine *
studio_analysis_panel_get_engine (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), NULL);

  return self->engine;
}

/**
 * studio_analysis_panel_get_engine_name:
 * @self: a #StudioAnalysisPanel
 *
 * Returns: (transfer none): the header's engine name: the engine's
 *   `id name` once it has said it, else "Engine"
 */
const char *
studio_analysis_panel_get_engine_name (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), NULL);

  return gtk_label_get_label (self->engine_label);
}

/**
 * studio_analysis_panel_get_name_shortfall:
 * @self: a #StudioAnalysisPanel
 *
 * Returns: how many pixels the header's engine name lacks to show whole
 *   at its current allocation (0: it shows whole, or it is not allocated)
 */
int
studio_analysis_panel_get_name_shortfall (StudioAnalysisPanel *self)
{
  int natural;

  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), 0);

  if (!gtk_widget_get_mapped (GTK_WIDGET (self->engine_label)))
    return 0;
  gtk_widget_measure (GTK_WIDGET (self->engine_label), GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  return MAX (0, natural - gtk_widget_get_width (GTK_WIDGET (self->engine_label)));
}

/**
 * studio_analysis_panel_get_error:
 * @self: a #StudioAnalysisPanel
 *
 * Returns: (transfer none) (nullable): while the panel shows an engine
 *   error (with its Restart button), the message; else %NULL
 */
const char *
studio_analysis_panel_get_error (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), NULL);

  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "error") != 0)
    return NULL;
  return gtk_label_get_label (self->error_label);
}

/**
 * studio_analysis_panel_dup_line_game_text:
 * @self: a #StudioAnalysisPanel
 * @index: a line shown, from 0
 *
 * Line @index as a game of its own (studio_game_text_for_line()): its
 * moves from the position analysed — the current move's, or in threat
 * mode the same with the other side to move — with [SetUp "1"] and [FEN]
 * unless that is the variant's initial position.
 *
 * Returns: (transfer full) (nullable): the game text, or %NULL when no
 *   line @index with moves is shown
 */
char *
studio_analysis_panel_dup_line_game_text (StudioAnalysisPanel *self,
                                          guint                index)
{
  LineRow *row;

  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), NULL);

  if (index >= self->rows->len)
    return NULL;
  row = g_ptr_array_index (self->rows, index);
  if (!gtk_widget_get_visible (row->row) || row->san == NULL || row->san[0] == NULL)
    return NULL;

  return studio_game_text_for_line (&self->analysed, (const char * const *) row->san,
                                    g_strv_length (row->san), NULL);
}

/**
 * studio_analysis_panel_get_preview:
 * @self: a #StudioAnalysisPanel
 *
 * The preview of the lines (for tests): a box holding the small board
 * (a #StudioLinePreview) and a label with the whole line, in a popover
 * shown while the pointer is on a line.
 *
 * Returns: (transfer none): the box
 */
GtkWidget *
studio_analysis_panel_get_preview (StudioAnalysisPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_ANALYSIS_PANEL (self), NULL);

  return self->preview_box;
}
