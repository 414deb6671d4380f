/* studio-suite-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Suite panel (studio-suite-panel.h).  A run is a worker thread that
 * owns its engine (CheopsUciEngine) and its own copy of the suite; it
 * reports each result to the panel's main context.  Cancel cancels the
 * run's GCancellable: the worker sees it within 20 ms, kills and reaps the
 * engine, and ends; the panel forgets the run at once, so a late report is
 * dropped.  The panel never blocks on the worker, and a worker outliving
 * its panel (window closed mid-run) reaps its engine all the same.
 */
#define G_LOG_DOMAIN "studio-suite-panel"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cheops-main-context.h"
#include "studio-engine.h"
#include "studio-suite-panel.h"

typedef struct _Run Run;

struct _StudioSuitePanel
{
  GtkWidget          parent_instance;

  /* Template widgets. */
  GtkLabel          *title_label;
  GtkLabel          *summary_label;
  GtkListBox        *list;
  GtkDropDown       *limit_kind;
  GtkSpinButton     *limit_spin;
  GtkButton         *run_button;
  GtkButton         *cancel_button;
  GtkButton         *export_button;
  GtkProgressBar    *progress;

  /* Owned. */
  GPtrArray         *records;     /* CheopsEpdRecord */
  GPtrArray         *errors;      /* CheopsPgnError */
  GArray            *results;     /* CheopsSuiteResult, one per record */
  GPtrArray         *result_texts; /* strings, one per record */
  GPtrArray         *result_labels; /* borrowed GtkLabel, one per record */
  GPtrArray         *rows;        /* borrowed GtkListBoxRow, one per record */
  char              *title;
  char              *engine_command;
  GSettings         *settings;
  Run               *run;         /* the run going on, or NULL */

  guint              n_done;
  guint              n_busy;      /* workers alive */
  int                movetime_ms;
  int                depth;
};

enum {
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

enum {
  POSITION_ACTIVATED,
  CLOSE_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

G_DEFINE_FINAL_TYPE (StudioSuitePanel, studio_suite_panel, GTK_TYPE_WIDGET)

/* ------------------------------------------------------------------ */
/* The run: shared by the panel and its worker                         */
/* ------------------------------------------------------------------ */

struct _Run
{
  GWeakRef           panel;
  GMainContext      *context;
  GCancellable      *cancellable;
  char              *command;
  int                threads;
  int                hash;
  CheopsSuiteLimits  limits;
  char              *suite_text;  /* the suite, as the worker reads it */
};

static void
run_free (Run *run)
{
  g_weak_ref_clear (&run->panel);
  g_main_context_unref (run->context);
  g_object_unref (run->cancellable);
  g_free (run->command);
  g_free (run->suite_text);
}

static Run *
run_ref (Run *run)
{
  return g_atomic_rc_box_acquire (run);
}

static void
run_unref (Run *run)
{
  g_atomic_rc_box_release_full (run, (GDestroyNotify) run_free);
}

typedef enum {
  REPORT_STARTED,   /* position @index is being searched */
  REPORT_RESULT,    /* position @index has @result */
  REPORT_FAILED,    /* the engine could not be started: @message */
  REPORT_DONE,      /* the worker ends (its engine reaped) */
} ReportKind;

typedef struct {
  Run               *run;
  ReportKind         kind;
  guint              index;
  CheopsSuiteResult  result;
  char              *message;
} Report;

static void
report_free (Report *report)
{
  run_unref (report->run);
  cheops_suite_result_clear (&report->result);
  g_free (report->message);
  g_free (report);
}

static void panel_take_report (StudioSuitePanel *self,
                               Report           *report);

static gboolean
report_dispatch (gpointer data)
{
  Report *report = data;
  g_autoptr(StudioSuitePanel) self = g_weak_ref_get (&report->run->panel);

  if (self != NULL)
    panel_take_report (self, report);
  return G_SOURCE_REMOVE;
}

/* From the worker: hands @report to the panel's thread. */
static void
post (Run        *run,
      ReportKind  kind,
      guint       index,
      CheopsSuiteResult *result,
      char       *message)
{
  Report *report = g_new0 (Report, 1);

  report->run = run_ref (run);
  report->kind = kind;
  report->index = index;
  if (result != NULL)
    {
      report->result = *result;
      memset (result, 0, sizeof *result);
    }
  else
    report->result.found_ms = -1;
  report->message = message;
  cheops_main_context_post (run->context, report_dispatch, report, (GDestroyNotify) report_free);
}

static CheopsUciEngine *
worker_start_engine (Run     *run,
                     GError **error)
{
  CheopsUciEngine *engine = cheops_uci_engine_new (run->command, error);

  if (engine == NULL)
    return NULL;
  if (run->threads > 0 && cheops_uci_engine_has_option (engine, "Threads"))
    cheops_uci_engine_send (engine, "setoption name Threads value %d", run->threads);
  if (run->hash > 0 && cheops_uci_engine_has_option (engine, "Hash"))
    cheops_uci_engine_send (engine, "setoption name Hash value %d", run->hash);
  return engine;
}

static gpointer
worker_thread (gpointer data)
{
  Run *run = data;
  g_autoptr(GPtrArray) records = cheops_epd_read_string (run->suite_text, -1, NULL);
  CheopsUciEngine *engine = NULL;

  for (guint i = 0; i < records->len && !g_cancellable_is_cancelled (run->cancellable); i++)
    {
      CheopsSuiteResult result;

      if (engine == NULL)
        {
          g_autoptr(GError) error = NULL;

          engine = worker_start_engine (run, &error);
          if (engine == NULL)
            {
              post (run, REPORT_FAILED, i, NULL, g_strdup (error->message));
              break;
            }
        }
      post (run, REPORT_STARTED, i, NULL, NULL);
      cheops_suite_run_record (engine, records->pdata[i], &run->limits, run->cancellable, &result);
      if (result.status == CHEOPS_SUITE_CANCELLED)
        {
          cheops_suite_result_clear (&result);
          break;
        }
      if (result.status == CHEOPS_SUITE_FAILED)
        g_clear_pointer (&engine, cheops_uci_engine_free);   /* a fresh one for the next */
      post (run, REPORT_RESULT, i, &result, NULL);
    }
  if (engine != NULL && g_cancellable_is_cancelled (run->cancellable))
    cheops_uci_engine_kill (engine);
  g_clear_pointer (&engine, cheops_uci_engine_free);
  post (run, REPORT_DONE, 0, NULL, NULL);
  run_unref (run);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* The panel                                                           */
/* ------------------------------------------------------------------ */

static void
clear_results (StudioSuitePanel *self)
{
  for (guint i = 0; i < self->results->len; i++)
    cheops_suite_result_clear (&g_array_index (self->results, CheopsSuiteResult, i));
  g_array_set_size (self->results, 0);
  g_ptr_array_set_size (self->result_texts, 0);
  g_array_set_size (self->results, self->records != NULL ? self->records->len : 0);
  for (guint i = 0; i < self->results->len; i++)
    {
      CheopsSuiteResult *r = &g_array_index (self->results, CheopsSuiteResult, i);

      memset (r, 0, sizeof *r);
      r->status = CHEOPS_SUITE_CANCELLED;   /* "none yet" */
      r->found_ms = -1;
      g_ptr_array_add (self->result_texts, g_strdup (""));
      if (i < self->result_labels->len)
        {
          gtk_label_set_text (self->result_labels->pdata[i], "");
          gtk_widget_set_visible (self->result_labels->pdata[i], FALSE);
        }
    }
  self->n_done = 0;
}

static void
update_summary (StudioSuitePanel *self)
{
  g_autofree char *summary = NULL;
  guint n = self->records != NULL ? self->records->len : 0;
  guint solved, counted;

  studio_suite_panel_get_totals (self, &solved, &counted);
  if (self->n_done == 0)
    summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u position", "%u positions", n), n);
  else
    /* Translators: the totals of a suite run: solved of those counted, then
     * how many positions have a result of all */
    summary = g_strdup_printf (_("Solved %u of %u · %u of %u run"), solved, counted, self->n_done, n);
  if (self->errors != NULL && self->errors->len > 0)
    {
      g_autofree char *with = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u line not read",
                                                            "%s · %u lines not read", self->errors->len),
                                               summary, self->errors->len);
      g_free (summary);
      summary = g_steal_pointer (&with);
    }
  gtk_label_set_text (self->summary_label, summary);

  gtk_progress_bar_set_fraction (self->progress, n > 0 ? (double) self->n_done / n : 0.0);
  {
    g_autofree char *text = g_strdup_printf ("%u / %u", self->n_done, n);
    gtk_progress_bar_set_text (self->progress, text);
  }
  gtk_widget_set_sensitive (GTK_WIDGET (self->run_button), self->run == NULL && n > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), self->run != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->export_button), self->n_done > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->limit_kind), self->run == NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->limit_spin), self->run == NULL);
}

/* The text of a result, for its row. */
static char *
result_text (CheopsEpdRecord         *record,
             const CheopsSuiteResult *r)
{
  g_autofree char *score = cheops_suite_result_score (r);
  g_autofree char *targets = cheops_suite_record_targets (record);

  switch (r->status)
    {
    case CHEOPS_SUITE_FOUND:
      /* Translators: a solved suite position: the move, the time to find it
       * in ms, the depth, the score ("mate 3", "cp 35") */
      return g_strdup_printf (_("Found %s · %d ms · depth %d · %s"),
                              r->san, (int) MIN (r->found_ms, G_MAXINT), r->depth, score);
    case CHEOPS_SUITE_MISSED:
      /* Translators: a suite position not solved: the move played, the
       * targets ("bm Qi9"), the depth, the score */
      return g_strdup_printf (_("Missed: %s (%s) · depth %d · %s"), r->san, targets, r->depth, score);
    case CHEOPS_SUITE_NO_TARGET:
      /* Translators: a suite position without bm or am: the move played */
      return g_strdup_printf (_("Played %s · depth %d · %s"), r->san, r->depth, score);
    case CHEOPS_SUITE_FAILED:
      /* Translators: the engine gave no move for a suite position: why */
      return g_strdup_printf (_("Failed: %s"), r->message != NULL ? r->message : "");
    case CHEOPS_SUITE_CANCELLED:
    default:
      return g_strdup ("");
    }
}

static void
set_run (StudioSuitePanel *self,
         Run              *run)
{
  if (self->run == run)
    return;
  g_clear_pointer (&self->run, run_unref);
  self->run = run;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_RUNNING]);
}

static void
panel_take_report (StudioSuitePanel *self,
                   Report           *report)
{
  if (report->kind == REPORT_DONE)
    {
      g_assert (self->n_busy > 0);
      self->n_busy--;
      if (self->run == report->run)
        set_run (self, NULL);
      update_summary (self);
      return;
    }
  if (self->run != report->run)
    return;   /* a cancelled run's */
  switch (report->kind)
    {
    case REPORT_STARTED:
      if (report->index < self->result_labels->len)
        {
          GtkLabel *label = self->result_labels->pdata[report->index];

          gtk_label_set_text (label, _("Searching…"));
          gtk_widget_set_visible (GTK_WIDGET (label), TRUE);
        }
      break;
    case REPORT_RESULT:
      if (report->index < self->results->len)
        {
          CheopsSuiteResult *r = &g_array_index (self->results, CheopsSuiteResult, report->index);
          GtkLabel *label = self->result_labels->pdata[report->index];
          char *text;

          cheops_suite_result_clear (r);
          *r = report->result;
          memset (&report->result, 0, sizeof report->result);
          text = result_text (self->records->pdata[report->index], r);
          g_free (self->result_texts->pdata[report->index]);
          self->result_texts->pdata[report->index] = text;
          gtk_label_set_text (label, text);
          gtk_widget_remove_css_class (GTK_WIDGET (label), "success");
          gtk_widget_remove_css_class (GTK_WIDGET (label), "error");
          if (r->status == CHEOPS_SUITE_FOUND)
            gtk_widget_add_css_class (GTK_WIDGET (label), "success");
          else if (r->status == CHEOPS_SUITE_MISSED || r->status == CHEOPS_SUITE_FAILED)
            gtk_widget_add_css_class (GTK_WIDGET (label), "error");
          self->n_done++;
        }
      break;
    case REPORT_FAILED:
      {
        /* Translators: the engine of a suite run could not be started: why */
        g_autofree char *text = g_strdup_printf (_("The engine could not be started: %s"), report->message);

        gtk_label_set_text (self->summary_label, text);
        set_run (self, NULL);
        /* Keep the message: update_summary() would replace it. */
        gtk_widget_set_sensitive (GTK_WIDGET (self->run_button), TRUE);
        gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), FALSE);
        return;
      }
    case REPORT_DONE:
    default:
      break;
    }
  update_summary (self);
}

/* ------------------------------------------------------------------ */
/* Rows                                                                */
/* ------------------------------------------------------------------ */

static GtkWidget *
small_label (const char *text,
             const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static GtkWidget *
record_row (StudioSuitePanel *self,
            CheopsEpdRecord  *record,
            guint             index)
{
  g_autofree char *name = cheops_suite_record_name (record);
  g_autofree char *targets = cheops_suite_record_targets (record);
  const char *comment = cheops_epd_record_get_string (record, "c0");
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name_label = small_label (name, "heading");
  GtkWidget *result;

  gtk_widget_set_margin_start (box, 8);
  gtk_widget_set_margin_end (box, 8);
  gtk_widget_set_margin_top (box, 4);
  gtk_widget_set_margin_bottom (box, 4);
  gtk_widget_set_hexpand (name_label, TRUE);
  gtk_box_append (GTK_BOX (top), name_label);
  if (*targets != '\0')
    gtk_box_append (GTK_BOX (top), small_label (targets, "numeric"));
  gtk_box_append (GTK_BOX (box), top);
  {
    /* The game, for a suite of several. */
    g_autofree char *game = g_strdup_printf ("%s", record->position.variant->title);
    GtkWidget *label = small_label (comment != NULL ? comment : game, "dim-label");

    gtk_widget_add_css_class (label, "caption");
    gtk_box_append (GTK_BOX (box), label);
  }
  result = small_label ("", "caption");
  gtk_widget_set_visible (result, FALSE);
  gtk_box_append (GTK_BOX (box), result);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data (G_OBJECT (row), "suite-index", GUINT_TO_POINTER (index + 1));
  g_ptr_array_add (self->result_labels, result);
  g_ptr_array_add (self->rows, row);
  return row;
}

static GtkWidget *
error_row (const CheopsPgnError *e)
{
  /* Translators: a suite line that could not be read: line, column, why */
  g_autofree char *text = g_strdup_printf (_("Line %u:%u: %s"), e->line, e->column, e->message);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *label = small_label (text, "error");

  gtk_widget_set_margin_start (label, 8);
  gtk_widget_set_margin_end (label, 8);
  gtk_widget_set_margin_top (label, 4);
  gtk_widget_set_margin_bottom (label, 4);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

static void
fill_list (StudioSuitePanel *self)
{
  GtkWidget *child;
  guint e = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->result_labels, 0);
  g_ptr_array_set_size (self->rows, 0);
  for (guint i = 0; i <= self->records->len; i++)
    {
      CheopsEpdRecord *record = i < self->records->len ? self->records->pdata[i] : NULL;

      while (e < self->errors->len
             && (record == NULL || ((CheopsPgnError *) self->errors->pdata[e])->line < record->line))
        gtk_list_box_append (self->list, error_row (self->errors->pdata[e++]));
      if (record != NULL)
        gtk_list_box_append (self->list, record_row (self, record, i));
    }
}

/* ------------------------------------------------------------------ */
/* Callbacks                                                           */
/* ------------------------------------------------------------------ */

static void
row_activated_cb (StudioSuitePanel *self,
                  GtkListBoxRow    *row)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "suite-index"));

  if (index > 0)
    g_signal_emit (self, signals [POSITION_ACTIVATED], 0, index - 1);
}

static void
read_limits (StudioSuitePanel *self)
{
  int value = gtk_spin_button_get_value_as_int (self->limit_spin);

  if (gtk_drop_down_get_selected (self->limit_kind) == 1)
    {
      self->depth = value;
      self->movetime_ms = 0;
    }
  else
    {
      self->movetime_ms = value;
      self->depth = 0;
    }
}

static void
limit_kind_changed_cb (StudioSuitePanel *self)
{
  GtkAdjustment *adj = gtk_spin_button_get_adjustment (self->limit_spin);

  if (gtk_drop_down_get_selected (self->limit_kind) == 1)
    {
      gtk_adjustment_configure (adj, self->depth > 0 ? self->depth : 8, 1, 64, 1, 4, 0);
    }
  else
    {
      gtk_adjustment_configure (adj, self->movetime_ms > 0 ? self->movetime_ms : 1000, 1, 3600000, 100, 1000, 0);
    }
  read_limits (self);
}

static void
run_clicked_cb (StudioSuitePanel *self)
{
  studio_suite_panel_run (self);
}

static void
cancel_clicked_cb (StudioSuitePanel *self)
{
  studio_suite_panel_cancel (self);
}

static void
close_clicked_cb (StudioSuitePanel *self)
{
  studio_suite_panel_cancel (self);
  g_signal_emit (self, signals [CLOSE_REQUESTED], 0);
}

static void
export_response_cb (StudioSuitePanel     *self,
                    int                   response,
                    GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *text = studio_suite_panel_dup_results_epd (self);
      g_autoptr(GError) error = NULL;

      if (!g_file_replace_contents (file, text, strlen (text), NULL, FALSE, G_FILE_CREATE_NONE,
                                    NULL, NULL, &error))
        {
          /* Translators: the results of a suite could not be written: why */
          g_autofree char *message = g_strdup_printf (_("Could not export the results: %s"), error->message);

          gtk_label_set_text (self->summary_label, message);
        }
    }
  g_object_unref (native);
}

static void
export_clicked_cb (StudioSuitePanel *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkFileChooserNative *native;
  g_autofree char *name = NULL;

  native = gtk_file_chooser_native_new (_("Export Suite Results"),
                                        GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  {
    g_autofree char *base = g_strdup (self->title != NULL ? self->title : "suite.epd");
    char *dot = strrchr (base, '.');

    if (dot != NULL)
      *dot = '\0';
    /* Translators: the file name offered for exported suite results */
    name = g_strdup_printf (_("%s-results.epd"), base);
  }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  g_signal_connect_swapped (native, "response", G_CALLBACK (export_response_cb), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
studio_suite_panel_dispose (GObject *object)
{
  StudioSuitePanel *self = (StudioSuitePanel *)object;

  GtkWidget *child;

  studio_suite_panel_cancel (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), STUDIO_TYPE_SUITE_PANEL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (studio_suite_panel_parent_class)->dispose (object);
}

static void
studio_suite_panel_finalize (GObject *object)
{
  StudioSuitePanel *self = (StudioSuitePanel *)object;

  for (guint i = 0; i < self->results->len; i++)
    cheops_suite_result_clear (&g_array_index (self->results, CheopsSuiteResult, i));
  g_array_unref (self->results);
  g_ptr_array_unref (self->result_texts);
  g_ptr_array_unref (self->result_labels);
  g_ptr_array_unref (self->rows);
  g_clear_pointer (&self->records, g_ptr_array_unref);
  g_clear_pointer (&self->errors, g_ptr_array_unref);
  g_clear_object (&self->settings);
  g_free (self->title);
  g_free (self->engine_command);
  G_OBJECT_CLASS (studio_suite_panel_parent_class)->finalize (object);
}

static void
studio_suite_panel_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  StudioSuitePanel *self = STUDIO_SUITE_PANEL (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->run != NULL);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_suite_panel_class_init (StudioSuitePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_suite_panel_dispose;
  object_class->finalize = studio_suite_panel_finalize;
  object_class->get_property = studio_suite_panel_get_property;

  properties [PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StudioSuitePanel::position-activated:
   * @index: the position's index in the suite
   *
   * A position was clicked: the window sets it up on the board.
   */
  signals [POSITION_ACTIVATED] =
    g_signal_new ("position-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /**
   * StudioSuitePanel::close-requested:
   *
   * The Close button: the run is cancelled; the window hides the panel.
   */
  signals [CLOSE_REQUESTED] =
    g_signal_new ("close-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cheops/Studio/studio-suite-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, StudioSuitePanel, title_label);
  gtk_widget_class_bind_template_child (widget_class, StudioSuitePanel, summary_label);
  gtk_widget_class_bind_template_child (widget_class, StudioSuitePanel, list);
  gtk_widget_class_bind_template_child (widget_class, StudioSuitePanel, limit_kind);
  gtk_widget_class_bind_template_child (widget_class, StudioSuitePanel, limit_spin);
  gtk_widget_class_bind_template_child (widget_class, StudioSuitePanel, run_button);
  gtk_widget_class_bind_template_child (widget_class, StudioSuitePanel, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, StudioSuitePanel, export_button);
  gtk_widget_class_bind_template_child (widget_class, StudioSuitePanel, progress);
  gtk_widget_class_bind_template_callback (widget_class, row_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, limit_kind_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, run_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, close_clicked_cb);
  gtk_widget_class_bind_template_callback (widget_class, export_clicked_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
studio_suite_panel_init (StudioSuitePanel *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->results = g_array_new (FALSE, TRUE, sizeof (CheopsSuiteResult));
  self->result_texts = g_ptr_array_new_with_free_func (g_free);
  self->result_labels = g_ptr_array_new ();
  self->rows = g_ptr_array_new ();
  self->movetime_ms = 1000;
  if (source != NULL && (schema = g_settings_schema_source_lookup (source, APP_ID, TRUE)) != NULL)
    self->settings = g_settings_new (APP_ID);
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */

GtkWidget *
studio_suite_panel_new (void)
{
  return g_object_new (STUDIO_TYPE_SUITE_PANEL, NULL);
}

gboolean
studio_suite_panel_load (StudioSuitePanel  *self,
                         const char        *text,
                         gssize             length,
                         const char        *title,
                         GError           **error)
{
  GPtrArray *errors = NULL;
  GPtrArray *records;

  g_return_val_if_fail (STUDIO_IS_SUITE_PANEL (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  records = cheops_epd_read_string (text, length, &errors);
  if (records->len == 0)
    {
      if (errors->len > 0)
        {
          g_autofree char *first = cheops_pgn_error_to_string (errors->pdata[0]);
          g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX, first);
        }
      else
        g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX, _("no positions"));
      g_ptr_array_unref (records);
      g_ptr_array_unref (errors);
      return FALSE;
    }

  studio_suite_panel_cancel (self);
  g_clear_pointer (&self->records, g_ptr_array_unref);
  g_clear_pointer (&self->errors, g_ptr_array_unref);
  self->records = records;
  self->errors = errors;
  g_free (self->title);
  self->title = g_strdup (title);
  gtk_label_set_text (self->title_label, title != NULL ? title : "");
  fill_list (self);
  clear_results (self);
  update_summary (self);
  return TRUE;
}

guint
studio_suite_panel_get_n_positions (StudioSuitePanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SUITE_PANEL (self), 0);
  return self->records != NULL ? self->records->len : 0;
}

GPtrArray *
studio_suite_panel_get_errors (StudioSuitePanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SUITE_PANEL (self), NULL);
  return self->errors;
}

CheopsEpdRecord *
studio_suite_panel_get_record (StudioSuitePanel *self,
                               guint             index)
{
  g_return_val_if_fail (STUDIO_IS_SUITE_PANEL (self), NULL);
  g_return_val_if_fail (self->records != NULL && index < self->records->len, NULL);
  return self->records->pdata[index];
}

void
studio_suite_panel_activate (StudioSuitePanel *self,
                             guint             index)
{
  g_return_if_fail (STUDIO_IS_SUITE_PANEL (self));
  g_return_if_fail (index < self->rows->len);
  gtk_list_box_select_row (self->list, self->rows->pdata[index]);
  g_signal_emit (self, signals [POSITION_ACTIVATED], 0, index);
}

void
studio_suite_panel_set_engine_command (StudioSuitePanel *self,
                                       const char       *command)
{
  g_return_if_fail (STUDIO_IS_SUITE_PANEL (self));
  g_free (self->engine_command);
  self->engine_command = g_strdup (command);
}

void
studio_suite_panel_set_limits (StudioSuitePanel *self,
                               int               movetime_ms,
                               int               depth)
{
  g_return_if_fail (STUDIO_IS_SUITE_PANEL (self));
  g_return_if_fail (movetime_ms > 0 || depth > 0);
  self->movetime_ms = movetime_ms > 0 ? movetime_ms : 0;
  self->depth = movetime_ms > 0 ? 0 : depth;
  g_signal_handlers_block_by_func (self->limit_kind, limit_kind_changed_cb, self);
  gtk_drop_down_set_selected (self->limit_kind, movetime_ms > 0 ? 0 : 1);
  g_signal_handlers_unblock_by_func (self->limit_kind, limit_kind_changed_cb, self);
  if (movetime_ms > 0)
    gtk_adjustment_configure (gtk_spin_button_get_adjustment (self->limit_spin), movetime_ms, 1, 3600000, 100, 1000, 0);
  else
    gtk_adjustment_configure (gtk_spin_button_get_adjustment (self->limit_spin), depth, 1, 64, 1, 4, 0);
}

void
studio_suite_panel_run (StudioSuitePanel *self)
{
  Run *run;

  g_return_if_fail (STUDIO_IS_SUITE_PANEL (self));
  if (self->records == NULL || self->records->len == 0)
    return;
  studio_suite_panel_cancel (self);
  read_limits (self);

  run = g_atomic_rc_box_new0 (Run);
  g_weak_ref_init (&run->panel, self);
  run->context = g_main_context_ref_thread_default ();
  run->cancellable = g_cancellable_new ();
  run->limits.movetime_ms = self->movetime_ms;
  run->limits.depth = self->depth;
  run->suite_text = cheops_epd_write (self->records);
  if (self->engine_command != NULL)
    run->command = g_strdup (self->engine_command);
  else
    {
      g_autofree char *path = self->settings != NULL ? g_settings_get_string (self->settings, "last-engine") : NULL;

      if (path == NULL || *path == '\0')
        {
          g_free (path);
          path = cheops_uci_engine_find_bundled ();
        }
      run->command = g_shell_quote (path);
      if (self->settings != NULL)
        {
          run->threads = studio_engine_option_setting (self->settings, "engine-threads");
          run->hash = studio_engine_option_setting (self->settings, "engine-hash");
        }
    }

  clear_results (self);
  set_run (self, run);
  self->n_busy++;
  g_thread_unref (g_thread_new ("suite-run", worker_thread, run_ref (run)));
  update_summary (self);
}

void
studio_suite_panel_cancel (StudioSuitePanel *self)
{
  g_return_if_fail (STUDIO_IS_SUITE_PANEL (self));
  if (self->run == NULL)
    return;
  g_cancellable_cancel (self->run->cancellable);
  /* A result on its way is dropped; the worker reaps its engine. */
  for (guint i = 0; i < self->result_labels->len; i++)
    if (g_strcmp0 (self->result_texts->pdata[i], "") == 0)
      gtk_widget_set_visible (self->result_labels->pdata[i], FALSE);
  set_run (self, NULL);
  update_summary (self);
}

gboolean
studio_suite_panel_get_running (StudioSuitePanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SUITE_PANEL (self), FALSE);
  return self->run != NULL;
}

gboolean
studio_suite_panel_get_busy (StudioSuitePanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SUITE_PANEL (self), FALSE);
  return self->n_busy > 0;
}

guint
studio_suite_panel_get_n_done (StudioSuitePanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SUITE_PANEL (self), 0);
  return self->n_done;
}

void
studio_suite_panel_get_totals (StudioSuitePanel *self,
                               guint            *solved,
                               guint            *counted)
{
  g_return_if_fail (STUDIO_IS_SUITE_PANEL (self));
  *solved = *counted = 0;
  for (guint i = 0; i < self->results->len; i++)
    {
      const CheopsSuiteResult *r = studio_suite_panel_get_result (self, i);

      if (r == NULL)
        continue;
      if (cheops_suite_counts (self->records->pdata[i], r->status))
        (*counted)++;
      if (r->status == CHEOPS_SUITE_FOUND)
        (*solved)++;
    }
}

const CheopsSuiteResult *
studio_suite_panel_get_result (StudioSuitePanel *self,
                               guint             index)
{
  const CheopsSuiteResult *r;

  g_return_val_if_fail (STUDIO_IS_SUITE_PANEL (self), NULL);
  if (index >= self->results->len)
    return NULL;
  r = &g_array_index (self->results, CheopsSuiteResult, index);
  return r->status == CHEOPS_SUITE_CANCELLED ? NULL : r;
}

const char *
studio_suite_panel_get_result_text (StudioSuitePanel *self,
                                    guint             index)
{
  g_return_val_if_fail (STUDIO_IS_SUITE_PANEL (self), NULL);
  g_return_val_if_fail (index < self->result_texts->len, NULL);
  return self->result_texts->pdata[index];
}

char *
studio_suite_panel_dup_results_epd (StudioSuitePanel *self)
{
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) copy = NULL;

  g_return_val_if_fail (STUDIO_IS_SUITE_PANEL (self), NULL);
  if (self->records == NULL)
    return g_strdup ("");
  /* A copy (the suite's own records stay as read), read back as written. */
  text = cheops_epd_write (self->records);
  copy = cheops_epd_read_string (text, -1, NULL);
  for (guint i = 0; i < copy->len && i < self->results->len; i++)
    {
      const CheopsSuiteResult *r = studio_suite_panel_get_result (self, i);

      if (r != NULL)
        cheops_suite_result_annotate (copy->pdata[i], r);
    }
  return cheops_epd_write (copy);
}
