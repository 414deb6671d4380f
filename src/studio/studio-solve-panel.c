/* studio-solve-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The side pane of solve mode (studio-solve-panel.h).  The engine, when
 * the session needs it, is a StudioEngine of its own (the engine chosen in
 * Preferences, as the analysis uses), searching the position after the
 * solver's move with one line: the first line's move is the defence, and
 * a mate score against the defender within the solver's moves left is the
 * proof that an unlisted move wins in time.  It answers as soon as it
 * finds that proof, else after the engine time (2 s), so a move it cannot
 * prove in that time is called wrong.  The panel shows no spinner while it
 * waits: a GtkSpinner redraws every frame, and on a loaded machine with
 * software rendering that starved the engine client's reads (which run
 * below the redraw priority) so that the engine seemed never to start.
 */
#define G_LOG_DOMAIN "studio-solve-panel"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-engine.h"
#include "studio-solve-panel.h"
#include "studio-solve-progress.h"

#define DEFAULT_ENGINE_TIME 2000
/* How long past the engine time to wait for a first line at all. */
#define ENGINE_GRACE 8000

struct _StudioSolvePanel
{
  GtkWidget           parent_instance;

  /* Template widgets. */
  GtkLabel           *title_label;
  GtkLabel           *about_label;
  GtkLabel           *goal_label;
  GtkWidget          *message_box;
  GtkLabel           *message_label;
  GtkLabel           *counts_label;
  GtkWidget          *next_button;
  GtkRevealer        *solution_revealer;
  GtkLabel           *solution_label;

  /* Owned. */
  StudioSolveSession *session;
  StudioEngine       *engine;
  GSettings          *settings;
  char               *uri;
  char               *solution;
  char               *engine_move;   /* line 1's first move so far */

  StudioSolveRecord   record;        /* as read when the problem was set */
  guint               index;
  int                 next_index;
  guint               engine_time;
  gint64              engine_asked;  /* monotonic µs of the request */
  guint               generation;
  guint               timeout_id;
  guint               grace_id;
  guint               engine_proved : 1;
};

enum {
  POSITION_CHANGED,
  HINT,
  NEXT,
  DONE,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

G_DEFINE_FINAL_TYPE (StudioSolvePanel, studio_solve_panel, GTK_TYPE_WIDGET)

static void
set_message (StudioSolvePanel *self,
             const char       *text,
             const char       *style)
{
  gtk_label_set_label (self->message_label, text);
  gtk_widget_remove_css_class (self->message_box, "solve-right");
  gtk_widget_remove_css_class (self->message_box, "solve-wrong");
  if (style != NULL)
    gtk_widget_add_css_class (self->message_box, style);
}

/* The name of the colour @side plays in the problem, translated. */
static const char *
side_name (StudioSolvePanel *self,
           CheopsSide        side)
{
  return _(cheops_game_get_side_name (studio_solve_session_get_problem (self->session), side));
}

static void
update_counts (StudioSolvePanel *self)
{
  g_autofree char *counts = NULL;
  guint left = studio_solve_session_get_moves_left (self->session);
  StudioSolveState state = studio_solve_session_get_state (self->session);
  g_autofree char *left_text = NULL;

  if (state == STUDIO_SOLVE_STATE_TO_MOVE || state == STUDIO_SOLVE_STATE_WAITING)
    /* Translators: the solver's moves left to win in */
    left_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move left", "%u moves left", left), left);
  /* Translators: how the solving goes: "2 moves left · Wrong moves: 1 · Hints: 0" */
  counts = g_strdup_printf (_("Wrong moves: %u · Hints: %u"),
                            studio_solve_session_get_attempts (self->session),
                            studio_solve_session_get_hints (self->session));
  if (left_text != NULL)
    {
      char *both = g_strdup_printf ("%s · %s", left_text, counts);

      g_free (counts);
      counts = both;
    }
  gtk_label_set_label (self->counts_label, counts);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "solve.hint", state == STUDIO_SOLVE_STATE_TO_MOVE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "solve.next", self->next_index >= 0);
}

/* Writes the record of the problem shown (when it is from a file). */
static void
save_record (StudioSolvePanel *self)
{
  g_autoptr(StudioSolveProgress) progress = NULL;
  g_autoptr(GError) error = NULL;
  StudioSolveRecord record = self->record;
  StudioSolveState state = studio_solve_session_get_state (self->session);

  if (self->uri == NULL)
    return;

  record.attempts += studio_solve_session_get_attempts (self->session);
  record.hints += studio_solve_session_get_hints (self->session);
  record.solved = record.solved || state == STUDIO_SOLVE_STATE_SOLVED;
  record.shown = record.shown || state == STUDIO_SOLVE_STATE_SHOWN;
  progress = studio_solve_progress_new (NULL);
  if (!studio_solve_progress_set (progress, self->uri, self->index, &record, &error) ||
      (state == STUDIO_SOLVE_STATE_SOLVED && self->next_index >= 0 &&
       !studio_solve_progress_set_current (progress, self->uri, (guint) self->next_index, &error)))
    g_warning ("Could not record the solving progress in %s: %s",
               studio_solve_progress_get_path (progress), error->message);
}

static void
stop_engine (StudioSolvePanel *self)
{
  g_clear_handle_id (&self->timeout_id, g_source_remove);
  g_clear_handle_id (&self->grace_id, g_source_remove);
  g_clear_pointer (&self->engine_move, g_free);
  self->engine_proved = FALSE;
  if (self->engine != NULL)
    studio_engine_abandon (self->engine);
  self->generation = 0;
}

/* What a result of the session means to the user. */
static void
show_result (StudioSolvePanel  *self,
             StudioSolveResult  result,
             gboolean           judged_by_engine)
{
  StudioSolveSession *s = self->session;
  CheopsSide defender = cheops_side_other (studio_solve_session_get_solver (s));
  g_autofree char *text = NULL;

  switch (result)
    {
    case STUDIO_SOLVE_RESULT_RIGHT:
      /* Translators: after a right move: "Right! Orange answers k2." */
      text = g_strdup_printf (_("Right! %s answers %s."), side_name (self, defender),
                              studio_solve_session_get_reply (s));
      set_message (self, text, "solve-right");
      break;
    case STUDIO_SOLVE_RESULT_SOLVED:
      set_message (self, _("Solved!"), "solve-right");
      break;
    case STUDIO_SOLVE_RESULT_WRONG:
      if (studio_solve_session_get_refutation (s) != NULL)
        /* Translators: a wrong move and the file's answer to it: "Wrong: Kj4 refutes it. Try again." */
        text = g_strdup_printf (_("Wrong: %s refutes it. Try again."), studio_solve_session_get_refutation (s));
      else if (judged_by_engine)
        text = g_strdup (_("Wrong: the engine finds no win in time. Try again."));
      else
        text = g_strdup (_("Wrong. Try again."));
      set_message (self, text, "solve-wrong");
      break;
    case STUDIO_SOLVE_RESULT_ENGINE:
    case STUDIO_SOLVE_RESULT_REFUSED:
    default:
      break;
    }
  if (result != STUDIO_SOLVE_RESULT_ENGINE && result != STUDIO_SOLVE_RESULT_REFUSED)
    save_record (self);
  update_counts (self);
}

/* The engine has answered (or its time is up): the session decides. */
static void
engine_finish (StudioSolvePanel *self)
{
  const CheopsPosition *pos = cheops_game_node_get_position (studio_solve_session_get_node (self->session));
  gboolean judged = studio_solve_session_get_engine_judges (self->session);
  gboolean proved = self->engine_proved;
  CheopsMove defence = CHEOPS_MOVE_NONE;
  StudioSolveResult result;

  if (self->engine_move != NULL)
    defence = cheops_move_from_text (pos, self->engine_move, NULL);
  g_debug ("engine answered %s after %" G_GINT64_FORMAT " ms (win in time proved: %s)",
           self->engine_move != NULL ? self->engine_move : "nothing",
           (g_get_monotonic_time () - self->engine_asked) / 1000, proved ? "yes" : "no");
  stop_engine (self);

  result = studio_solve_session_engine_answer (self->session, proved, defence);
  if (result == STUDIO_SOLVE_RESULT_REFUSED)
    {
      set_message (self, _("The engine gave no defence. Start again, or show the solution."), "solve-wrong");
      update_counts (self);
      return;
    }
  show_result (self, result, judged);
  g_signal_emit (self, signals [POSITION_CHANGED], 0);
}

static gboolean
engine_timeout_cb (gpointer user_data)
{
  StudioSolvePanel *self = user_data;

  self->timeout_id = 0;
  /* No line yet (an engine still starting): a little longer. */
  if (self->engine_move == NULL && self->grace_id != 0)
    return G_SOURCE_REMOVE;
  engine_finish (self);
  return G_SOURCE_REMOVE;
}

static gboolean
engine_grace_cb (gpointer user_data)
{
  StudioSolvePanel *self = user_data;

  self->grace_id = 0;
  if (self->timeout_id == 0)
    engine_finish (self);
  return G_SOURCE_REMOVE;
}

static void
engine_analysis_cb (StudioSolvePanel     *self,
                    StudioEngineAnalysis *analysis,
                    StudioEngine         *engine)
{
  const StudioEngineLine *line;
  guint left;

  /* The engine may start the search again under a new generation (when
   * it has declared its options): the desired search is still ours. */
  if (self->generation == 0 || analysis->generation != studio_engine_get_generation (engine) ||
      analysis->n_lines == 0)
    return;
  line = &analysis->lines[0];
  if (line->pv == NULL || line->pv[0] == NULL)
    return;
  g_free (self->engine_move);
  self->engine_move = g_strdup (line->pv[0]);

  /* The solver's moves left after the move on the board. */
  left = studio_solve_session_get_moves_left (self->session);
  if (studio_solve_session_get_engine_judges (self->session))
    left--;
  self->engine_proved = line->score_kind == CHEOPS_UCI_SCORE_MATE && line->bound == CHEOPS_UCI_BOUND_EXACT &&
                        line->mate_losing && (guint) ABS (line->score) <= left;
  /* Proved, or the first line after the engine time ran out. */
  if (self->engine_proved || self->timeout_id == 0)
    engine_finish (self);
}

static void
engine_state_cb (StudioSolvePanel *self)
{
  g_autofree char *text = NULL;

  if (self->engine == NULL || self->generation == 0 ||
      !studio_engine_state_is_error (studio_engine_get_state (self->engine)))
    return;
  /* Translators: %s is the engine client's sentence */
  text = g_strdup_printf (_("The engine could not answer: %s"), studio_engine_get_last_error (self->engine));
  stop_engine (self);
  set_message (self, text, "solve-wrong");
}

static void
ask_engine (StudioSolvePanel *self)
{
  g_auto(GStrv) moves = NULL;
  g_autofree char *fen = studio_solve_session_dup_engine_position (self->session, &moves);

  if (self->engine == NULL)
    {
      g_autofree char *path = g_settings_get_string (self->settings, "last-engine");
      const char *argv[] = { path, NULL };

      self->engine = studio_engine_new (path[0] != 0 ? argv : NULL);
      g_signal_connect_object (self->engine, "analysis-updated",
                               G_CALLBACK (engine_analysis_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (self->engine, "notify::state",
                               G_CALLBACK (engine_state_cb), self, G_CONNECT_SWAPPED);
    }
  if (studio_engine_state_is_error (studio_engine_get_state (self->engine)))
    studio_engine_restart (self->engine);
  studio_engine_set_variant (self->engine, cheops_game_get_variant (studio_solve_session_get_problem (self->session)));
  g_clear_pointer (&self->engine_move, g_free);
  self->engine_proved = FALSE;
  self->engine_asked = g_get_monotonic_time ();
  self->generation = studio_engine_analyze (self->engine, fen, (const char *const *) moves, 1);
  self->timeout_id = g_timeout_add (self->engine_time, engine_timeout_cb, self);
  self->grace_id = g_timeout_add (self->engine_time + ENGINE_GRACE, engine_grace_cb, self);
  if (studio_solve_session_get_engine_judges (self->session))
    set_message (self, _("Not the file's line: the engine is checking that it wins in time…"), NULL);
  else
    set_message (self, _("Right! The engine is looking for the best defence…"), "solve-right");
}

static void
studio_solve_panel_actions (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *param)
{
  StudioSolvePanel *self = (StudioSolvePanel *)widget;

  if (g_str_equal (action_name, "solve.done"))
    {
      g_signal_emit (self, signals [DONE], 0);
      return;
    }
  if (g_str_equal (action_name, "solve.next"))
    {
      if (self->next_index >= 0)
        g_signal_emit (self, signals [NEXT], 0);
      return;
    }
  if (self->session == NULL)
    return;

  if (g_str_equal (action_name, "solve.hint"))
    {
      CheopsMove move = studio_solve_session_hint (self->session);

      if (move == CHEOPS_MOVE_NONE)
        set_message (self, _("No hint here: the file's solution ends. Any move that wins in time is right."), NULL);
      else
        {
          set_message (self, _("Hint: the piece to move is marked."), NULL);
          g_signal_emit (self, signals [HINT], 0, (guint) move);
          save_record (self);
        }
      update_counts (self);
    }
  else if (g_str_equal (action_name, "solve.show-solution"))
    {
      gboolean solved = studio_solve_session_get_state (self->session) == STUDIO_SOLVE_STATE_SOLVED;

      stop_engine (self);
      g_free (self->solution);
      self->solution = studio_solve_session_show_solution (self->session);
      gtk_label_set_label (self->solution_label,
                           self->solution[0] != '\0' ? self->solution : _("The file gives no solution."));
      gtk_revealer_set_reveal_child (self->solution_revealer, TRUE);
      if (!solved)
        set_message (self, _("The solution is shown. Start again to play it through."), NULL);
      save_record (self);
      update_counts (self);
    }
  else if (g_str_equal (action_name, "solve.restart"))
    {
      stop_engine (self);
      studio_solve_session_restart (self->session);
      set_message (self, _("Find the key move."), NULL);
      update_counts (self);
      g_signal_emit (self, signals [POSITION_CHANGED], 0);
    }
}

static void
studio_solve_panel_dispose (GObject *object)
{
  StudioSolvePanel *self = (StudioSolvePanel *)object;
  GtkWidget *child;

  stop_engine (self);
  g_clear_object (&self->engine);
  gtk_widget_dispose_template (GTK_WIDGET (self), STUDIO_TYPE_SOLVE_PANEL);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (studio_solve_panel_parent_class)->dispose (object);
}

static void
studio_solve_panel_finalize (GObject *object)
{
  StudioSolvePanel *self = (StudioSolvePanel *)object;

  g_clear_object (&self->session);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->uri, g_free);
  g_clear_pointer (&self->solution, g_free);
  g_clear_pointer (&self->engine_move, g_free);

  G_OBJECT_CLASS (studio_solve_panel_parent_class)->finalize (object);
}

static void
studio_solve_panel_class_init (StudioSolvePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_solve_panel_dispose;
  object_class->finalize = studio_solve_panel_finalize;

  signals [POSITION_CHANGED] =
    g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals [HINT] =
    g_signal_new ("hint", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals [NEXT] =
    g_signal_new ("next", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals [DONE] =
    g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/cheops/Studio/studio-solve-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, StudioSolvePanel, title_label);
  gtk_widget_class_bind_template_child (widget_class, StudioSolvePanel, about_label);
  gtk_widget_class_bind_template_child (widget_class, StudioSolvePanel, goal_label);
  gtk_widget_class_bind_template_child (widget_class, StudioSolvePanel, message_box);
  gtk_widget_class_bind_template_child (widget_class, StudioSolvePanel, message_label);
  gtk_widget_class_bind_template_child (widget_class, StudioSolvePanel, counts_label);
  gtk_widget_class_bind_template_child (widget_class, StudioSolvePanel, next_button);
  gtk_widget_class_bind_template_child (widget_class, StudioSolvePanel, solution_revealer);
  gtk_widget_class_bind_template_child (widget_class, StudioSolvePanel, solution_label);

  gtk_widget_class_install_action (widget_class, "solve.hint", NULL, studio_solve_panel_actions);
  gtk_widget_class_install_action (widget_class, "solve.show-solution", NULL, studio_solve_panel_actions);
  gtk_widget_class_install_action (widget_class, "solve.restart", NULL, studio_solve_panel_actions);
  gtk_widget_class_install_action (widget_class, "solve.next", NULL, studio_solve_panel_actions);
  gtk_widget_class_install_action (widget_class, "solve.done", NULL, studio_solve_panel_actions);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
studio_solve_panel_init (StudioSolvePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  self->settings = g_settings_new (APP_ID);
  self->engine_time = DEFAULT_ENGINE_TIME;
  self->next_index = -1;
}

GtkWidget *
studio_solve_panel_new (void)
{
  return g_object_new (STUDIO_TYPE_SOLVE_PANEL, NULL);
}

gboolean
studio_solve_panel_set_problem (StudioSolvePanel  *self,
                                CheopsGame        *problem,
                                guint              index,
                                guint              n_games,
                                int                next_index,
                                const char        *uri,
                                GError           **error)
{
  g_autoptr(StudioSolveSession) session = NULL;
  g_autofree char *title = NULL;
  g_autofree char *goal = NULL;
  g_autoptr(GString) about = g_string_new (NULL);
  const char *tags[] = { "Event", "Author", "Source" };
  guint n;

  g_return_val_if_fail (STUDIO_IS_SOLVE_PANEL (self), FALSE);
  g_return_val_if_fail (CHEOPS_IS_GAME (problem), FALSE);

  session = studio_solve_session_new (problem, error);
  if (session == NULL)
    return FALSE;

  stop_engine (self);
  g_set_object (&self->session, session);
  g_free (self->uri);
  self->uri = g_strdup (uri);
  self->index = index;
  self->next_index = next_index;
  self->record = (StudioSolveRecord) { 0 };
  g_clear_pointer (&self->solution, g_free);
  gtk_revealer_set_reveal_child (self->solution_revealer, FALSE);
  gtk_label_set_label (self->solution_label, "");

  if (uri != NULL)
    {
      g_autoptr(StudioSolveProgress) progress = studio_solve_progress_new (NULL);
      g_autoptr(GError) local_error = NULL;

      studio_solve_progress_get (progress, uri, index, &self->record);
      if (!studio_solve_progress_set_current (progress, uri, index, &local_error))
        g_warning ("Could not record the solving progress in %s: %s",
                   studio_solve_progress_get_path (progress), local_error->message);
    }

  /* Translators: "Problem 2 of 6": the game's place in its file */
  title = g_strdup_printf (_("Problem %u of %u"), index + 1, MAX (n_games, index + 1));
  gtk_label_set_label (self->title_label, title);
  for (guint i = 0; i < G_N_ELEMENTS (tags); i++)
    {
      const char *value = cheops_game_get_tag (problem, tags[i]);

      if (value != NULL && value[0] != '\0' && g_strcmp0 (value, "?") != 0)
        g_string_append_printf (about, "%s%s", about->len > 0 ? " · " : "", value);
    }
  gtk_label_set_label (self->about_label, about->str);
  gtk_widget_set_visible (GTK_WIDGET (self->about_label), about->len > 0);

  n = studio_solve_session_get_n_moves (session);
  /* Translators: the stipulation: "Green to play and win in 2 moves" */
  goal = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s to play and win in %u move",
                                       "%s to play and win in %u moves", n),
                          side_name (self, studio_solve_session_get_solver (session)), n);
  gtk_label_set_label (self->goal_label, goal);

  if (self->record.solved)
    set_message (self, _("You solved this problem before. Find the key move."), NULL);
  else
    set_message (self, _("Find the key move."), NULL);
  update_counts (self);
  g_signal_emit (self, signals [POSITION_CHANGED], 0);
  return TRUE;
}

StudioSolveSession *
studio_solve_panel_get_session (StudioSolvePanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_PANEL (self), NULL);
  return self->session;
}

void
studio_solve_panel_play (StudioSolvePanel *self,
                         CheopsMove        move)
{
  StudioSolveResult result;

  g_return_if_fail (STUDIO_IS_SOLVE_PANEL (self));

  if (self->session == NULL)
    return;
  result = studio_solve_session_play (self->session, move);
  if (result == STUDIO_SOLVE_RESULT_REFUSED)
    {
      if (studio_solve_session_get_state (self->session) == STUDIO_SOLVE_STATE_SOLVED)
        set_message (self, _("Solved! Go on with the next problem."), "solve-right");
      else if (studio_solve_session_get_state (self->session) == STUDIO_SOLVE_STATE_SHOWN)
        set_message (self, _("The solution is shown. Start again to play it through."), NULL);
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }
  if (result == STUDIO_SOLVE_RESULT_ENGINE)
    ask_engine (self);
  show_result (self, result, FALSE);
  g_signal_emit (self, signals [POSITION_CHANGED], 0);
}

gboolean
studio_solve_panel_get_busy (StudioSolvePanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_PANEL (self), FALSE);
  return self->session != NULL &&
         studio_solve_session_get_state (self->session) == STUDIO_SOLVE_STATE_WAITING;
}

void
studio_solve_panel_stop (StudioSolvePanel *self)
{
  g_return_if_fail (STUDIO_IS_SOLVE_PANEL (self));
  stop_engine (self);
  if (self->engine != NULL)
    studio_engine_shutdown (self->engine);
}

void
studio_solve_panel_set_engine_time (StudioSolvePanel *self,
                                    guint             msec)
{
  g_return_if_fail (STUDIO_IS_SOLVE_PANEL (self));
  self->engine_time = MAX (msec, 1);
}

const char *
studio_solve_panel_get_message (StudioSolvePanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_PANEL (self), NULL);
  return gtk_label_get_label (self->message_label);
}

const char *
studio_solve_panel_get_counts (StudioSolvePanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_PANEL (self), NULL);
  return gtk_label_get_label (self->counts_label);
}

const char *
studio_solve_panel_get_solution (StudioSolvePanel *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_PANEL (self), NULL);
  return self->solution;
}
