/* studio-window-problem.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Problem panel of a StudioWindow (win.problem, in the main menu):
 * shown under the analysis in the game's side pane, so that the move tree
 * stays in view while a problem's lines are verified and added; the same
 * action hides it again.  The panel itself is StudioProblemPanel.
 *
 * Verify All Problems (win.verify-all, Ctrl+Shift+K; issue 26, "Collections
 * of problems"): every problem (a game whose Stipulation tag reads) of the
 * window's open files verified in the background, one after another in one
 * worker thread, each solve using every core (CheopsSolveLimits.threads,
 * as the Problem panel does); a bar over the board says how far it is and
 * has Cancel while it runs (then only its close button, beside the count
 * of verdicts), and the window goes on meanwhile.  Each verdict is stored as
 * it comes, in the game, as the Problem panel's Store writes it: the tag
 * [Verified "sound #2: key 1. Sh2"] — so that it travels with the file
 * (the words of `cheops problem verify`, which composers' other tools and
 * a text editor read), needs no cache to go stale beside the file, and is
 * an ordinary unsaved edit: the tab shows it, closing asks, a draft keeps
 * it.  The game lists show it beside the stipulation
 * (studio_game_dup_verdict()).  An undecided verdict (a cancel, a
 * problem over its time) is not stored: the lists show "undecided" for it
 * until the next verification (object data on the game).  A game changed
 * or gone while its problem was verified is left alone.
 *
 * Find Anticipations (win.find-anticipation): the problem's start position
 * searched in the open files (or a folder's) — an earlier problem or game
 * that holds it anticipates this one — by Find This Position's own window
 * and search (studio-window-explorer.c, cheops-position-search.h), and then
 * its mirror image where the game's board has a mirror symmetry that its
 * rules keep (cheops_position_mirror(): Cheops about the spine with the
 * sides exchanged, 6.2; TrigChess, Cypher chess and Pyramids left to
 * right), listed after it.
 */
#define G_LOG_DOMAIN "studio-window-problem"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cheops-problem.h"
#include "studio-game-distinction.h"
#include "studio-window-private.h"

/* The most wall-clock seconds one problem of a batch may take before it
 * is called undecided (the Problem panel verifies one without a limit). */
#define BATCH_SECONDS_PER_PROBLEM 60.0

/* One problem of a batch. */
typedef struct {
  StudioDocument     *document;
  CheopsGame         *game;
  guint               index;
  char               *stipulation;  /* its tag when queued, to see it unchanged */
  CheopsPosition      pos;
  CheopsSolveProblem  problem;
  CheopsMove          line[2 * CHEOPS_SOLVE_MAX_DEPTH];
  CheopsSolveResult  *result;       /* written by the worker before @finished */
  atomic_int          finished;
  gboolean            applied;      /* main thread only */
} Job;

typedef struct {
  StudioWindow *window;     /* not referenced: the batch dies with it */
  GPtrArray    *jobs;       /* Job */
  atomic_int    cancel;
  guint         next_apply; /* main thread: the first job not applied yet */
  guint         tick_id;
  gboolean      running;
  gboolean      destroyed;  /* the window is going: nothing more shown */
  guint         n_sound, n_other, n_undecided;
  /* The bar over the board: the tab's it was started from (its document),
   * shown while that tab shows its game, until closed. */
  StudioDocument *document;
  gboolean      bar_wanted;
  GtkWidget    *revealer;
  GtkLabel     *label;
  GtkProgressBar *progress;
  GtkWidget    *cancel_button;  /* shown while it runs only: the close button ends the bar after */
} Batch;

static void
job_free (gpointer data)
{
  Job *job = data;

  g_clear_object (&job->document);
  g_clear_object (&job->game);
  g_free (job->stipulation);
  cheops_solve_result_free (job->result);
  g_free (job);
}

/* The worker's share: it owns nothing; the jobs array outlives it (the
 * task holds a reference). */
static void
batch_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GPtrArray *jobs = task_data;
  atomic_int *cancel = g_object_get_data (G_OBJECT (task), "cancel");

  for (guint i = 0; i < jobs->len; i++)
    {
      Job *job = g_ptr_array_index (jobs, i);
      CheopsSolveLimits limits = {
        .cancel = cancel,
        .max_seconds = BATCH_SECONDS_PER_PROBLEM,
        .threads = (int) MIN (g_get_num_processors (), 64),   /* the cores it has */
      };

      if (atomic_load (cancel) == 0)
        {
          job->problem.line = job->line;
          job->result = cheops_solve_problem (&job->pos, &job->problem, &limits);
        }
      atomic_store (&job->finished, 1);
    }
  g_task_return_boolean (task, TRUE);
}

static Batch *
batch_of (StudioWindow *self)
{
  return g_object_get_data (G_OBJECT (self), "studio-problem-batch");
}

/* Whether @game is a problem the solver takes (its stipulation reads). */
static gboolean
game_is_problem (CheopsGame *game)
{
  CheopsStipulation stip;

  return cheops_problem_get_stipulation (game, NULL, -1, 0, &stip, NULL);
}

/* Whether @document holds a problem, cached on it until its games change. */
static void
document_games_changed_cb (StudioDocument *document)
{
  g_object_set_data (G_OBJECT (document), "studio-has-problems", NULL);
}

static gboolean
document_has_problems (StudioDocument *document)
{
  gpointer cached = g_object_get_data (G_OBJECT (document), "studio-has-problems");
  gboolean has = FALSE;

  if (cached != NULL)
    return GPOINTER_TO_INT (cached) == 2;
  if (g_object_get_data (G_OBJECT (document), "studio-has-problems-followed") == NULL)
    {
      g_signal_connect (document, "items-changed", G_CALLBACK (document_games_changed_cb), NULL);
      g_object_set_data (G_OBJECT (document), "studio-has-problems-followed", GINT_TO_POINTER (1));
    }
  for (guint i = 0; !has && i < studio_document_get_n_games (document); i++)
    has = game_is_problem (studio_document_get_game_at (document, i));
  /* The shown game's tags change without items-changed (a Stipulation
   * set): it is read afresh each time, the others are cached. */
  g_object_set_data (G_OBJECT (document), "studio-has-problems", GINT_TO_POINTER (has ? 2 : 1));
  return has;
}

static gboolean
window_has_problems (StudioWindow *self)
{
  g_autoptr(GListModel) documents = _studio_window_dup_documents (self);
  guint n = g_list_model_get_n_items (documents);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(StudioDocument) document = g_list_model_get_item (documents, i);

      if (game_is_problem (studio_document_get_game (document)) || document_has_problems (document))
        return TRUE;
    }
  return FALSE;
}

/**
 * _studio_window_problem_sync_bar:
 * @self: a #StudioWindow
 *
 * Shows the bar of Verify All Problems (its progress, then its counts)
 * only while the tab it was started from is shown with its game in game
 * mode: not on another tab, the start page, nor while a position is set
 * up or problems are solved; and not once the user closed it.
 */
void
_studio_window_problem_sync_bar (StudioWindow *self)
{
  Batch *batch = batch_of (self);
  gboolean show;

  if (batch == NULL || batch->destroyed)
    return;
  show = batch->bar_wanted && batch->document != NULL && self->document == batch->document
         && self->mode == STUDIO_WINDOW_MODE_GAME
         && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "game") == 0;
  /* At once: a bar sliding over another tab's board is no better. */
  gtk_revealer_set_transition_type (GTK_REVEALER (batch->revealer),
                                    show ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN : GTK_REVEALER_TRANSITION_TYPE_NONE);
  gtk_revealer_set_reveal_child (GTK_REVEALER (batch->revealer), show);
}

/**
 * _studio_window_problem_update_actions:
 * @self: a #StudioWindow
 *
 * win.verify-all is enabled when the open files hold a problem and no
 * Verify All runs; win.verify-all-cancel while one does;
 * win.find-anticipation when the game shown is a problem.
 */
void
_studio_window_problem_update_actions (StudioWindow *self)
{
  Batch *batch = batch_of (self);
  gboolean running = batch != NULL && batch->running;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.verify-all", !running && window_has_problems (self));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.verify-all-cancel", running);
  /* Not while solving: the file's own game would give the solution away. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.find-anticipation",
                                 self->mode != STUDIO_WINDOW_MODE_SOLVE && self->document != NULL
                                 && game_is_problem (studio_document_get_game (self->document)));
  _studio_window_problem_sync_bar (self);
}

/* Stores the verdict of @job in its game, if the game is still where it
 * was and unchanged as a problem. */
static void
apply_job (Batch *batch,
           Job   *job)
{
  g_autofree char *value = NULL;
  const char *old;

  job->applied = TRUE;
  if (job->index >= studio_document_get_n_games (job->document)
      || studio_document_get_game_at (job->document, job->index) != job->game
      || g_strcmp0 (cheops_game_get_tag (job->game, CHEOPS_PROBLEM_TAG_STIPULATION), job->stipulation) != 0
      || memcmp (cheops_game_get_start_position (job->game), &job->pos, sizeof job->pos) != 0)
    return;
  /* Not reached before a cancel: no news about it. */
  if (job->result == NULL)
    return;

  if (job->result->verdict == CHEOPS_SOLVE_UNDECIDED)
    {
      batch->n_undecided++;
      g_object_set_data (G_OBJECT (job->game), STUDIO_GAME_UNDECIDED_KEY, GINT_TO_POINTER (1));
      studio_document_game_edited_at (job->document, job->index);
      return;
    }
  if (job->result->verdict == CHEOPS_SOLVE_SOUND)
    batch->n_sound++;
  else
    batch->n_other++;
  g_object_set_data (G_OBJECT (job->game), STUDIO_GAME_UNDECIDED_KEY, NULL);
  value = studio_problem_dup_verified_tag (&job->pos, job->result);
  old = cheops_game_get_tag (job->game, CHEOPS_PROBLEM_TAG_VERIFIED);
  /* The same verdict again is no edit. */
  if (value != NULL && g_strcmp0 (old, value) != 0)
    cheops_game_set_tag (job->game, CHEOPS_PROBLEM_TAG_VERIFIED, value, NULL);
  studio_document_game_edited_at (job->document, job->index);
}

static void
update_bar (Batch *batch)
{
  guint n = batch->jobs != NULL ? batch->jobs->len : 0;
  g_autofree char *text = NULL;

  if (batch->running)
    {
      /* Translators: the progress of Verify All Problems: problems verified, of all */
      text = g_strdup_printf (_("Verifying problems: %u of %u"), batch->next_apply, n);
      gtk_progress_bar_set_fraction (batch->progress, n > 0 ? (double) batch->next_apply / n : 0);
    }
  else
    /* Translators: the end of Verify All Problems; the three numbers add up */
    text = g_strdup_printf (_("Problems verified: %u sound, %u not sound, %u undecided"),
                            batch->n_sound, batch->n_other, batch->n_undecided);
  gtk_label_set_text (batch->label, text);
}

static void
apply_finished (Batch *batch)
{
  while (batch->jobs != NULL && batch->next_apply < batch->jobs->len)
    {
      Job *job = g_ptr_array_index (batch->jobs, batch->next_apply);

      if (!atomic_load (&job->finished))
        break;
      apply_job (batch, job);
      batch->next_apply++;
    }
  update_bar (batch);
}

static gboolean
batch_tick_cb (gpointer data)
{
  apply_finished (data);
  return G_SOURCE_CONTINUE;
}

static void
batch_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  StudioWindow *self = STUDIO_WINDOW (source);
  Batch *batch = batch_of (self);

  if (batch == NULL || !batch->running || batch->destroyed)
    return;
  apply_finished (batch);
  g_clear_handle_id (&batch->tick_id, g_source_remove);
  batch->running = FALSE;
  g_clear_pointer (&batch->jobs, g_ptr_array_unref);
  gtk_widget_set_visible (GTK_WIDGET (batch->progress), FALSE);
  gtk_widget_set_visible (batch->cancel_button, FALSE);
  update_bar (batch);
  _studio_window_problem_update_actions (self);
}

static void
batch_free (gpointer data)
{
  Batch *batch = data;

  atomic_store (&batch->cancel, 1);
  g_clear_handle_id (&batch->tick_id, g_source_remove);
  g_clear_pointer (&batch->jobs, g_ptr_array_unref);
  g_clear_object (&batch->document);
  g_free (batch);
}

/* The window goes: the worker stops soon (the task holds the window, and
 * with it the batch, until it has). */
static void
window_destroy_cb (StudioWindow *self)
{
  Batch *batch = batch_of (self);

  if (batch == NULL)
    return;
  batch->destroyed = TRUE;
  atomic_store (&batch->cancel, 1);
  g_clear_handle_id (&batch->tick_id, g_source_remove);
}

static void
bar_response_cb (GtkInfoBar   *bar,
                 int           response,
                 StudioWindow *self)
{
  Batch *batch = batch_of (self);

  if (batch == NULL)
    return;
  if (response == GTK_RESPONSE_CANCEL)
    atomic_store (&batch->cancel, 1);
  else if (!batch->running)
    {
      batch->bar_wanted = FALSE;
      _studio_window_problem_sync_bar (self);
    }
}

static Batch *
ensure_batch (StudioWindow *self)
{
  Batch *batch = batch_of (self);
  GtkWidget *bar, *box;

  if (batch != NULL)
    return batch;
  batch = g_new0 (Batch, 1);
  batch->window = self;
  bar = gtk_info_bar_new ();
  gtk_info_bar_set_show_close_button (GTK_INFO_BAR (bar), TRUE);
  batch->cancel_button = gtk_info_bar_add_button (GTK_INFO_BAR (bar), _("_Cancel"), GTK_RESPONSE_CANCEL);
  gtk_widget_set_name (batch->cancel_button, "verify-all-cancel");
  g_signal_connect_object (bar, "response", G_CALLBACK (bar_response_cb), self, 0);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_set_hexpand (box, TRUE);
  batch->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (batch->label, 0);
  gtk_label_set_wrap (batch->label, TRUE);
  batch->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (batch->label));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (batch->progress));
  gtk_info_bar_add_child (GTK_INFO_BAR (bar), box);
  batch->revealer = gtk_revealer_new ();
  gtk_revealer_set_transition_type (GTK_REVEALER (batch->revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN);
  gtk_revealer_set_child (GTK_REVEALER (batch->revealer), bar);
  gtk_widget_set_name (batch->revealer, "verify-all-bar");
  /* Beside the window's other bar over the board (a file's problems). */
  gtk_widget_insert_after (batch->revealer, gtk_widget_get_parent (GTK_WIDGET (self->problems_revealer)),
                           GTK_WIDGET (self->problems_revealer));
  g_object_set_data_full (G_OBJECT (self), "studio-problem-batch", batch, batch_free);
  g_signal_connect (self, "destroy", G_CALLBACK (window_destroy_cb), NULL);
  return batch;
}

/**
 * studio_window_verify_all_problems:
 * @self: a #StudioWindow
 *
 * Starts verifying every problem of the window's open files in a worker
 * thread, storing each verdict in its game as it comes (see the top of
 * this file).  Does nothing while a verification of all runs.
 *
 * Returns: the number of problems queued (0: none, or one runs already)
 */
guint
studio_window_verify_all_problems (StudioWindow *self)
{
  g_autoptr(GListModel) documents = NULL;
  g_autoptr(GTask) task = NULL;
  Batch *batch;
  GPtrArray *jobs;
  guint n;

  g_return_val_if_fail (STUDIO_IS_WINDOW (self), 0);

  batch = ensure_batch (self);
  if (batch->running)
    return 0;
  jobs = g_ptr_array_new_with_free_func (job_free);
  documents = _studio_window_dup_documents (self);
  n = g_list_model_get_n_items (documents);
  for (guint d = 0; d < n; d++)
    {
      g_autoptr(StudioDocument) document = g_list_model_get_item (documents, d);

      for (guint i = 0; i < studio_document_get_n_games (document); i++)
        {
          CheopsGame *game = studio_document_get_game_at (document, i);
          CheopsStipulation stip;
          Job *job;

          if (!cheops_problem_get_stipulation (game, NULL, -1, 0, &stip, NULL))
            continue;
          job = g_new0 (Job, 1);
          job->document = g_object_ref (document);
          job->game = g_object_ref (game);
          job->index = i;
          job->stipulation = g_strdup (cheops_game_get_tag (game, CHEOPS_PROBLEM_TAG_STIPULATION));
          job->pos = *cheops_game_get_start_position (game);
          job->problem.genre = (CheopsSolveGenre) stip.genre;
          job->problem.depth = stip.moves;
          if (!cheops_problem_get_solutions (game, &job->problem.intended, NULL))
            job->problem.intended = 1;
          /* The game's line, as far as the stipulation's moves go. */
          for (CheopsGameNode *node = cheops_game_node_get_first_child (cheops_game_get_root (game));
               node != NULL && job->problem.n_line < (int) G_N_ELEMENTS (job->line);
               node = cheops_game_node_get_first_child (node))
            job->line[job->problem.n_line++] = cheops_game_node_get_move (node);
          g_ptr_array_add (jobs, job);
        }
    }
  if (jobs->len == 0)
    {
      g_ptr_array_unref (jobs);
      return 0;
    }

  batch->jobs = jobs;
  batch->next_apply = 0;
  batch->n_sound = batch->n_other = batch->n_undecided = 0;
  atomic_store (&batch->cancel, 0);
  batch->running = TRUE;
  gtk_widget_set_visible (GTK_WIDGET (batch->progress), TRUE);
  gtk_widget_set_visible (batch->cancel_button, TRUE);
  update_bar (batch);
  g_set_object (&batch->document, self->document);
  batch->bar_wanted = TRUE;
  _studio_window_problem_sync_bar (self);
  batch->tick_id = g_timeout_add (100, batch_tick_cb, batch);

  task = g_task_new (self, NULL, batch_done_cb, NULL);
  g_task_set_source_tag (task, studio_window_verify_all_problems);
  g_task_set_task_data (task, g_ptr_array_ref (jobs), (GDestroyNotify) g_ptr_array_unref);
  /* The worker reads the flag through the task; the batch (the window's)
   * may go first: the flag is then set, the task keeps its jobs. */
  g_object_set_data (G_OBJECT (task), "cancel", &batch->cancel);
  g_task_run_in_thread (task, batch_thread);
  _studio_window_problem_update_actions (self);
  return jobs->len;
}

/**
 * studio_window_cancel_verify_all:
 * @self: a #StudioWindow
 *
 * Stops the verification of all problems: the problem under way ends
 * undecided, the others are not verified.
 */
void
studio_window_cancel_verify_all (StudioWindow *self)
{
  Batch *batch;

  g_return_if_fail (STUDIO_IS_WINDOW (self));

  batch = batch_of (self);
  if (batch != NULL && batch->running)
    atomic_store (&batch->cancel, 1);
}

/**
 * studio_window_get_verifying_all:
 * @self: a #StudioWindow
 *
 * Returns: whether a verification of all problems runs
 */
gboolean
studio_window_get_verifying_all (StudioWindow *self)
{
  Batch *batch;

  g_return_val_if_fail (STUDIO_IS_WINDOW (self), FALSE);

  batch = batch_of (self);
  return batch != NULL && batch->running;
}

static void
problem_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  StudioWindow *self = STUDIO_WINDOW (widget);

  gtk_revealer_set_reveal_child (self->problem_revealer, !gtk_revealer_get_reveal_child (self->problem_revealer));
}

static void
verify_all_action_cb (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  studio_window_verify_all_problems (STUDIO_WINDOW (widget));
}

static void
verify_all_cancel_action_cb (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  studio_window_cancel_verify_all (STUDIO_WINDOW (widget));
}

/**
 * studio_window_find_anticipations:
 * @self: a #StudioWindow
 *
 * Opens a Find window for the start position of the game shown (a
 * problem's diagram) and starts searching the open files for it and for
 * its mirror image (cheops_position_mirror(); none where the game's board
 * has no mirror symmetry, or the position is its own image).
 *
 * Returns: (transfer none): the Find window
 */
GtkWindow *
studio_window_find_anticipations (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);

  return _studio_window_find_position_at (self, NULL,
                                          cheops_game_get_start_position (studio_document_get_game (self->document)),
                                          TRUE, _("Find Anticipations"));
}

static void
find_anticipation_action_cb (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  studio_window_find_anticipations (STUDIO_WINDOW (widget));
}

/**
 * _studio_window_class_problem_init:
 * @klass: the #StudioWindowClass
 *
 * Installs win.problem, which shows or hides the Problem panel (and
 * registers the panel's type for the window's template), win.verify-all
 * and win.verify-all-cancel.
 */
void
_studio_window_class_problem_init (StudioWindowClass *klass)
{
  g_type_ensure (STUDIO_TYPE_PROBLEM_PANEL);
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.problem", NULL, problem_action_cb);
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.verify-all", NULL, verify_all_action_cb);
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.verify-all-cancel", NULL,
                                   verify_all_cancel_action_cb);
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.find-anticipation", NULL,
                                   find_anticipation_action_cb);
}
