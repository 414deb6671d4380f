/* studio-engine.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioEngine: one UCI engine process (see the header for the contract).
 *
 * Two objects share the work:
 * - CheopsUciProcess (src/uci/cheops-uci-process.c, the UCI client
 *   library), one spawned process: its pipes, its write queue, its read
 *   buffers, its exit status and the report of its end.  When the engine
 *   lets go of it (restart, shutdown, an error, dispose) its output is
 *   drained and thrown away, and it is ended: `quit`, close stdin, wait,
 *   SIGTERM, wait, SIGKILL.  Dispose does the same steps synchronously,
 *   with short waits, and returns only once the child has been reaped.
 * - StudioEngine, the state machine: handshake, the one desired search with
 *   its generation counter, the stop -> bestmove handshake (Lichess
 *   protocol.ts, Nibbler 90_engine.js), hang timers (Cute Chess), and the
 *   model with its coalescing publisher (Lichess throttleWithFlush, Nibbler
 *   spin()).
 */

#define G_LOG_DOMAIN "studio-engine"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <gio/gio.h>

#include "studio-engine.h"
#include "cheops-uci-process.h"
#include "cheops-core.h"

/* Default time-outs (milliseconds). */
#define DEFAULT_HANDSHAKE_MS      10000
#define DEFAULT_PING_INTERVAL_MS  5000
#define DEFAULT_REPLY_MS          5000
#define DEFAULT_QUIT_MS           1000
#define DEFAULT_UPDATE_INTERVAL   100
#define DEFAULT_MAX_LINES         100000

/* The longest line an engine may print (a PV of 1000 moves is 5 KiB). */
#define MAX_LINE_BYTES            (64 * 1024)
/* A run of this many lines that are not UCI makes the engine FAILED. */
#define MAX_NONSENSE_RUN          100

/* The engine's timers run below GTK's redraw priority
 * (G_PRIORITY_HIGH_IDLE + 20), as the process's reads do, so a flooding
 * engine never delays a frame. */
#define IO_PRIORITY               G_PRIORITY_DEFAULT_IDLE

/* STUDIO_ENGINE_TRACE=1 in the environment logs every line exchanged with
 * the engine (g_debug, domain studio-engine). */
static gboolean
engine_trace_enabled (void)
{
  static int enabled = -1;

  if (enabled < 0)
    enabled = g_strcmp0 (g_getenv ("STUDIO_ENGINE_TRACE"), "1") == 0;
  return enabled;
}

/* Logs @line (which may be any bytes) when tracing. */
static void
engine_trace (const char *direction,
              const char *line)
{
  g_autofree char *valid = NULL;

  if (!engine_trace_enabled ())
    return;
  valid = g_utf8_make_valid (line, -1);
  g_debug ("%s %s", direction, valid);
}

typedef struct
{
  char *name;
  char *value;
} WantedOption;

struct _StudioEngine
{
  GObject               parent_instance;

  char                **argv;
  CheopsUciProcess     *process;      /* the current process, or NULL */
  GPtrArray            *dying;        /* CheopsUciProcess being ended */

  StudioEngineState     state;
  char                 *last_error;
  /* (nullable) the studio's settings, for engine-reply-timeout; NULL when
   * the schema is not installed (the defaults then apply). */
  GSettings            *settings;
  char                 *name;
  GPtrArray            *options;      /* CheopsUciOption *, as declared */
  GHashTable           *wanted;       /* lower-case name -> WantedOption * */
  GHashTable           *unsent;       /* lower-case names of wanted options not yet sent */
  guint                 engine_multipv; /* MultiPV last sent, 0 = never */

  /* Handshake and hang detection. */
  guint                 handshake_id;
  guint                 ping_id;
  guint                 reply_id;
  guint                 stop_id;
  guint                 pending_readyok;
  /* Options were sent and not yet acknowledged by a `readyok`: an engine
   * may take seconds to apply one (zeroing a large hash table), so the
   * replies meanwhile get the start-up time-out, not the short one. */
  gboolean              options_settling;
  guint                 got_uciok : 1;

  /* The one desired search, and the one running in the engine. */
  guint                 generation;        /* of the desired search */
  guint                 running_generation; /* of the search in the engine, 0 = none */
  gboolean              desired;
  char                 *desired_fen;      /* NULL: startpos */
  char                **desired_moves;
  char                 *desired_command;  /* the `position ...` line */
  guint                 desired_multipv;
  int                   desired_depth;    /* `go depth`, 0: none (studio_engine_analyze_limited()) */
  gint64                desired_movetime; /* `go movetime` ms, 0: none */
  char                 *desired_searchmove; /* `go searchmoves`, NULL: none (studio_engine_analyze_move()) */
  char                 *desired_go;       /* the whole `go ...` line, NULL: built from the above (studio_engine_search()) */
  /* The variant of the positions analysed (studio_engine_set_variant()),
   * the one last chosen in this process by UCI_Variant (NULL: none yet),
   * and whether the engine plays the desired one. */
  const CheopsVariant  *variant;
  const CheopsVariant  *desired_variant;
  const CheopsVariant  *sent_variant;
  gboolean              plays_variant;

  /* The model of the desired search and its publisher. */
  GPtrArray            *model_lines;      /* StudioEngineLine * or NULL, index multipv-1 */
  gint64                model_nodes;
  gint64                model_nps;
  int                   model_hashfull;
  gint64                model_time_ms;
  int                   model_search_depth;
  char                 *model_currmove;
  int                   model_currmovenumber;
  gboolean              model_finished;
  char                 *model_bestmove;
  gboolean              model_dirty;
  gint64                last_publish_us;
  guint                 publish_id;
  StudioEngineAnalysis *published;

  /* Misbehaviour accounting. */
  gint64                rate_window_us;
  guint                 rate_lines;
  guint                 nonsense_run;
  char                 *nonsense_sample;
  gboolean              spoke_uci;   /* it printed at least one UCI line */
  /* A `uciok` came before any `id` or `option` line: printed at start-up,
   * before the engine read our `uci`, not its answer.  The handshake waits
   * for the uciok after the declarations; it is taken as the answer only if
   * none comes before the handshake time-out (an engine that declares
   * nothing, not even its `id name`). */
  gboolean              early_uciok;

  /* Settings. */
  guint                 handshake_ms;
  guint                 ping_interval_ms;
  guint                 reply_ms;
  guint                 quit_ms;
  guint                 update_interval_ms;
  guint                 max_lines_per_second;
};

enum {
  PROP_0,
  PROP_ARGV,
  PROP_STATE,
  PROP_LAST_ERROR,
  PROP_NAME,
  PROP_PLAYS_VARIANT,
  PROP_UPDATE_INTERVAL,
  PROP_MAX_LINES_PER_SECOND,
  N_PROPS
};

enum {
  ANALYSIS_UPDATED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (StudioEngine, studio_engine, G_TYPE_OBJECT)

G_DEFINE_BOXED_TYPE (StudioEngineAnalysis, studio_engine_analysis,
                     studio_engine_analysis_ref, studio_engine_analysis_unref)

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

static void engine_fail              (StudioEngine      *self,
                                      StudioEngineState  state,
                                      const char        *message);
static void engine_handle_line       (StudioEngine      *self,
                                      const char        *line);
static void engine_let_go_of_process (StudioEngine      *self,
                                      gboolean           send_quit);
static void engine_start_desired     (StudioEngine      *self);

/* ------------------------------------------------------------------ */
/* The state enum and the analysis snapshot                            */
/* ------------------------------------------------------------------ */

GType
studio_engine_state_get_type (void)
{
  static gsize type_id = 0;

  if (g_once_init_enter (&type_id))
    {
      static const GEnumValue values[] = {
        { STUDIO_ENGINE_STATE_NOT_STARTED, "STUDIO_ENGINE_STATE_NOT_STARTED", "not-started" },
        { STUDIO_ENGINE_STATE_STARTING, "STUDIO_ENGINE_STATE_STARTING", "starting" },
        { STUDIO_ENGINE_STATE_IDLE, "STUDIO_ENGINE_STATE_IDLE", "idle" },
        { STUDIO_ENGINE_STATE_ANALYSING, "STUDIO_ENGINE_STATE_ANALYSING", "analysing" },
        { STUDIO_ENGINE_STATE_STOPPING, "STUDIO_ENGINE_STATE_STOPPING", "stopping" },
        { STUDIO_ENGINE_STATE_CRASHED, "STUDIO_ENGINE_STATE_CRASHED", "crashed" },
        { STUDIO_ENGINE_STATE_HUNG, "STUDIO_ENGINE_STATE_HUNG", "hung" },
        { STUDIO_ENGINE_STATE_FAILED, "STUDIO_ENGINE_STATE_FAILED", "failed" },
        { 0, NULL, NULL }
      };
      GType id = g_enum_register_static (g_intern_static_string ("StudioEngineState"), values);

      g_once_init_leave (&type_id, id);
    }
  return type_id;
}

gboolean
studio_engine_state_is_error (StudioEngineState state)
{
  return state == STUDIO_ENGINE_STATE_CRASHED
         || state == STUDIO_ENGINE_STATE_HUNG
         || state == STUDIO_ENGINE_STATE_FAILED;
}

StudioEngineAnalysis *
studio_engine_analysis_ref (StudioEngineAnalysis *analysis)
{
  g_return_val_if_fail (analysis != NULL, NULL);

  g_atomic_int_inc (&analysis->ref_count);
  return analysis;
}

void
studio_engine_analysis_unref (StudioEngineAnalysis *analysis)
{
  g_return_if_fail (analysis != NULL);

  if (!g_atomic_int_dec_and_test (&analysis->ref_count))
    return;
  for (guint i = 0; i < analysis->n_lines; i++)
    g_strfreev (analysis->lines[i].pv);
  g_free (analysis->lines);
  g_free (analysis->fen);
  g_strfreev (analysis->moves);
  g_free (analysis->bestmove);
  g_free (analysis->currmove);
  g_free (analysis);
}

static void
engine_line_free (StudioEngineLine *line)
{
  g_strfreev (line->pv);
  g_free (line);
}

static void
wanted_option_free (WantedOption *option)
{
  g_free (option->name);
  g_free (option->value);
  g_free (option);
}

static void
option_free (CheopsUciOption *option)
{
  cheops_uci_option_clear (option);
  g_free (option);
}

/* ------------------------------------------------------------------ */
/* Publishing the model                                                */
/* ------------------------------------------------------------------ */

static StudioEngineAnalysis *
engine_snapshot (StudioEngine *self)
{
  StudioEngineAnalysis *a = g_new0 (StudioEngineAnalysis, 1);
  guint n = 0;

  a->ref_count = 1;
  a->generation = self->generation;
  a->fen = g_strdup (self->desired_fen);
  a->moves = self->desired_moves != NULL ? g_strdupv (self->desired_moves) : g_new0 (char *, 1);
  a->lines = g_new0 (StudioEngineLine, self->model_lines->len + 1);
  for (guint i = 0; i < self->model_lines->len; i++)
    {
      const StudioEngineLine *line = g_ptr_array_index (self->model_lines, i);

      if (line == NULL)
        continue;
      a->lines[n] = *line;
      a->lines[n].pv = g_strdupv (line->pv);
      n++;
    }
  a->n_lines = n;
  a->depth = n > 0 && a->lines[0].multipv == 1 ? a->lines[0].depth : 0;
  a->nodes = self->model_nodes;
  a->nps = self->model_nps;
  a->hashfull = self->model_hashfull;
  a->time_ms = self->model_time_ms;
  a->search_depth = self->model_search_depth;
  a->currmove = g_strdup (self->model_currmove);
  a->currmovenumber = self->model_currmovenumber;
  a->finished = self->model_finished;
  a->bestmove = g_strdup (self->model_bestmove);
  return a;
}

static void
engine_publish (StudioEngine *self)
{
  g_clear_handle_id (&self->publish_id, g_source_remove);
  g_clear_pointer (&self->published, studio_engine_analysis_unref);
  self->published = engine_snapshot (self);
  self->model_dirty = FALSE;
  self->last_publish_us = g_get_monotonic_time ();
  g_signal_emit (self, signals [ANALYSIS_UPDATED], 0, self->published);
}

static gboolean
engine_publish_cb (gpointer user_data)
{
  StudioEngine *self = user_data;

  self->publish_id = 0;
  if (self->model_dirty)
    engine_publish (self);
  return G_SOURCE_REMOVE;
}

/* Marks the model changed and makes sure it is published: with @soon, in
 * the next main loop iteration; otherwise no sooner than update-interval
 * after the last publication (the coalescer). */
static void
engine_model_changed (StudioEngine *self,
                      gboolean      soon)
{
  gint64 now = g_get_monotonic_time ();
  gint64 due_us = self->last_publish_us + (gint64) self->update_interval_ms * 1000;
  guint delay_ms;

  self->model_dirty = TRUE;
  if (soon)
    g_clear_handle_id (&self->publish_id, g_source_remove);
  else if (self->publish_id != 0)
    return;
  delay_ms = soon || now >= due_us ? 0 : (guint) ((due_us - now + 999) / 1000);
  self->publish_id = g_timeout_add_full (IO_PRIORITY, delay_ms, engine_publish_cb, self, NULL);
}

/* Empties the model for the desired search (a new generation). */
static void
engine_model_reset (StudioEngine *self)
{
  g_ptr_array_set_size (self->model_lines, 0);
  self->model_nodes = 0;
  self->model_nps = 0;
  self->model_hashfull = 0;
  self->model_time_ms = 0;
  self->model_search_depth = 0;
  g_clear_pointer (&self->model_currmove, g_free);
  self->model_currmovenumber = 0;
  self->model_finished = FALSE;
  g_clear_pointer (&self->model_bestmove, g_free);
}

/* Merges one `info` line of the desired search into the model. */
static void
engine_model_merge (StudioEngine        *self,
                    const CheopsUciInfo *info)
{
  gboolean changed = FALSE;

  if (info->fields & CHEOPS_UCI_INFO_NODES)
    self->model_nodes = info->nodes, changed = TRUE;
  if (info->fields & CHEOPS_UCI_INFO_NPS)
    self->model_nps = info->nps, changed = TRUE;
  if (info->fields & CHEOPS_UCI_INFO_HASHFULL)
    self->model_hashfull = info->hashfull, changed = TRUE;
  if (info->fields & CHEOPS_UCI_INFO_TIME)
    self->model_time_ms = info->time_ms, changed = TRUE;
  /* The iteration running and its root move: a progress line names them,
   * a line with a score or a PV (an iteration's result) clears the move. */
  if (info->fields & CHEOPS_UCI_INFO_DEPTH)
    self->model_search_depth = info->depth, changed = TRUE;
  if (info->fields & CHEOPS_UCI_INFO_CURRMOVE)
    {
      g_free (self->model_currmove);
      self->model_currmove = g_strdup (info->currmove);
      self->model_currmovenumber = info->currmovenumber;
      changed = TRUE;
    }
  else if ((info->fields & (CHEOPS_UCI_INFO_SCORE | CHEOPS_UCI_INFO_PV)) != 0)
    {
      g_clear_pointer (&self->model_currmove, g_free);
      self->model_currmovenumber = 0;
    }

  /* A line is about one MultiPV rank when it has a score or a PV; lines
   * beyond the MultiPV asked for (left over from an earlier setting) are
   * dropped. */
  if ((info->fields & (CHEOPS_UCI_INFO_SCORE | CHEOPS_UCI_INFO_PV)) != 0
      && info->multipv >= 1 && (guint) info->multipv <= self->desired_multipv)
    {
      guint index = (guint) info->multipv - 1;
      StudioEngineLine *line;

      if (self->model_lines->len <= index)
        g_ptr_array_set_size (self->model_lines, index + 1);
      line = g_ptr_array_index (self->model_lines, index);
      if (line == NULL)
        {
          line = g_new0 (StudioEngineLine, 1);
          line->multipv = info->multipv;
          line->pv = g_new0 (char *, 1);
          g_ptr_array_index (self->model_lines, index) = line;
        }
      if (info->fields & CHEOPS_UCI_INFO_DEPTH)
        line->depth = info->depth;
      if (info->fields & CHEOPS_UCI_INFO_SELDEPTH)
        line->seldepth = info->seldepth;
      if (info->fields & CHEOPS_UCI_INFO_SCORE)
        {
          line->score_kind = info->score_kind;
          line->score = info->score;
          line->mate_losing = info->mate_losing;
          line->bound = info->bound;
        }
      if (info->fields & CHEOPS_UCI_INFO_PV)
        {
          g_strfreev (line->pv);
          line->pv = g_strdupv (info->pv);
        }
      changed = TRUE;
    }

  if (changed)
    engine_model_changed (self, FALSE);
}

/* ------------------------------------------------------------------ */
/* State, errors, timers                                               */
/* ------------------------------------------------------------------ */

static void
engine_set_state (StudioEngine      *self,
                  StudioEngineState  state)
{
  if (self->state == state)
    return;
  g_debug ("state %d -> %d", self->state, state);
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_STATE]);
}

static void
engine_set_last_error (StudioEngine *self,
                       const char   *message)
{
  if (g_strcmp0 (self->last_error, message) == 0)
    return;
  g_free (self->last_error);
  self->last_error = g_strdup (message);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LAST_ERROR]);
}

static void
engine_clear_timers (StudioEngine *self)
{
  g_clear_handle_id (&self->handshake_id, g_source_remove);
  g_clear_handle_id (&self->ping_id, g_source_remove);
  g_clear_handle_id (&self->reply_id, g_source_remove);
  g_clear_handle_id (&self->stop_id, g_source_remove);
}

/* Seconds, for messages: "2", "0.5". */
static char *
format_seconds (guint ms)
{
  if (ms % 1000 == 0)
    return g_strdup_printf ("%u", ms / 1000);
  return g_strdup_printf ("%.1f", ms / 1000.0);
}

/* Appends the engine's last stderr lines to @message. */
static char *
engine_message_with_stderr (StudioEngine *self,
                            const char   *message)
{
  GString *s = g_string_new (message);

  if (self->process != NULL && cheops_uci_process_get_stderr_tail (self->process) != NULL)
    {
      g_string_append (s, "\n");
      g_string_append (s, _("Its last messages were:"));
      for (GList *l = cheops_uci_process_get_stderr_tail (self->process); l != NULL; l = l->next)
        g_string_append_printf (s, "\n%s", (const char *) l->data);
    }
  return g_string_free (s, FALSE);
}

/* Enters the error @state: lets go of the process (ending it), keeps the
 * desired search for a restart, and says why in last-error. */
static void
engine_fail (StudioEngine      *self,
             StudioEngineState  state,
             const char        *message)
{
  g_autofree char *full = NULL;

  g_assert (studio_engine_state_is_error (state));

  if (studio_engine_state_is_error (self->state))
    return;
  full = engine_message_with_stderr (self, message);
  g_debug ("error: %s", full);
  engine_clear_timers (self);
  engine_let_go_of_process (self, state != STUDIO_ENGINE_STATE_CRASHED);
  self->running_generation = 0;
  if (self->model_dirty)
    engine_model_changed (self, TRUE);
  engine_set_last_error (self, full);
  engine_set_state (self, state);
}

static char *
describe_exit (int         status,
               const char *when)
{
  if (WIFSIGNALED (status))
    {
      int sig = WTERMSIG (status);

      /* translators: the first %s is "while starting" or empty; %d is a
       * signal number and the last %s its name, such as "Segmentation fault" */
      return g_strdup_printf (_("The engine crashed%s (killed by signal %d: %s)."),
                              when, sig, g_strsignal (sig));
    }
  if (WIFEXITED (status))
    return g_strdup_printf (_("The engine stopped unexpectedly%s (exit status %d)."),
                            when, WEXITSTATUS (status));
  return g_strdup_printf (_("The engine stopped unexpectedly%s."), when);
}

static void
engine_report_crash (StudioEngine *self)
{
  CheopsUciProcess *process = self->process;
  const char *when = self->state == STUDIO_ENGINE_STATE_STARTING ? _(" while starting") : "";
  g_autofree char *message = NULL;

  if (cheops_uci_process_has_exited (process))
    message = describe_exit (cheops_uci_process_get_exit_status (process), when);
  else
    message = g_strdup_printf (_("The engine closed its output unexpectedly%s."), when);
  engine_fail (self, STUDIO_ENGINE_STATE_CRASHED, message);
}

/* One line of the current process's output (CheopsUciProcessCallbacks.line). */
static void
engine_process_line_cb (const char *line,
                        gpointer    data)
{
  StudioEngine *self = g_object_ref (data);

  engine_handle_line (self, line);
  g_object_unref (self);
}

/* A line too long to be UCI (CheopsUciProcessCallbacks.overlong). */
static void
engine_process_overlong_cb (gpointer data)
{
  StudioEngine *self = data;
  g_autofree char *message =
    g_strdup_printf (_("The engine printed a line longer than %d KiB, which is not UCI."),
                     MAX_LINE_BYTES / 1024);

  engine_fail (self, STUDIO_ENGINE_STATE_FAILED, message);
}

/* The current process ended (CheopsUciProcessCallbacks.ended): it exited,
 * closed its output or broke its pipe, and its last words on stderr, if
 * any, are read. */
static void
engine_process_ended_cb (gpointer data)
{
  StudioEngine *self = data;

  if (self->process == NULL || studio_engine_state_is_error (self->state))
    return;
  engine_report_crash (self);
}

/* A process let go of has been reaped: off the list of those ending. */
static void
engine_process_reaped_cb (CheopsUciProcess *process,
                          gpointer          data)
{
  StudioEngine *self = data;

  g_ptr_array_remove_fast (self->dying, process); /* drops the list's reference */
}

/* Detaches the current process and ends it in the background. */
static void
engine_let_go_of_process (StudioEngine *self,
                          gboolean      send_quit)
{
  CheopsUciProcess *process = g_steal_pointer (&self->process);

  if (process == NULL)
    return;
  cheops_uci_process_let_go (process);
  if (cheops_uci_process_has_exited (process))
    {
      cheops_uci_process_unref (process);
      return;
    }
  g_ptr_array_add (self->dying, process); /* takes our reference */
  cheops_uci_process_terminate (process, send_quit, self->quit_ms, engine_process_reaped_cb, self);
}

static void
engine_send (StudioEngine *self,
             const char   *command)
{
  if (self->process != NULL)
    {
      engine_trace (">", command);
      cheops_uci_process_send (self->process, command);
    }
}

static gboolean
engine_reply_timeout_cb (gpointer user_data)
{
  StudioEngine *self = user_data;
  g_autofree char *secs = NULL;
  g_autofree char *message = NULL;

  self->reply_id = 0;
  if (self->state == STUDIO_ENGINE_STATE_STARTING)
    {
      secs = format_seconds (self->handshake_ms);
      message = g_strdup_printf (_("The engine did not answer “isready” within %s s while starting."), secs);
    }
  else
    {
      secs = format_seconds (self->reply_ms);
      message = g_strdup_printf (_("The engine stopped answering: no “readyok” within %s s."), secs);
    }
  engine_fail (self, STUDIO_ENGINE_STATE_HUNG, message);
  return G_SOURCE_REMOVE;
}

/* (Re)starts the time-out for the `readyok` awaited: @timeout_ms, or the
 * start-up time-out if longer while options settle. */
static void
engine_arm_reply_timer (StudioEngine *self,
                        guint         timeout_ms)
{
  if (self->options_settling)
    timeout_ms = MAX (timeout_ms, self->handshake_ms);
  g_clear_handle_id (&self->reply_id, g_source_remove);
  self->reply_id = g_timeout_add_full (IO_PRIORITY, timeout_ms, engine_reply_timeout_cb, self, NULL);
}

/* Sends `isready` and expects `readyok` within @timeout_ms. */
static void
engine_send_isready (StudioEngine *self,
                     guint         timeout_ms)
{
  engine_send (self, "isready");
  self->pending_readyok++;
  if (self->reply_id == 0)
    engine_arm_reply_timer (self, timeout_ms);
}

static gboolean
engine_ping_cb (gpointer user_data)
{
  StudioEngine *self = user_data;

  if (self->pending_readyok == 0)
    engine_send_isready (self, self->reply_ms);
  return G_SOURCE_CONTINUE;
}

static gboolean
engine_stop_timeout_cb (gpointer user_data)
{
  StudioEngine *self = user_data;
  g_autofree char *secs = format_seconds (self->reply_ms);
  g_autofree char *message =
    g_strdup_printf (_("The engine did not answer “stop” within %s s."), secs);

  self->stop_id = 0;
  engine_fail (self, STUDIO_ENGINE_STATE_HUNG, message);
  return G_SOURCE_REMOVE;
}

/* Sends `stop` for the running search and waits for its `bestmove`. */
static void
engine_send_stop (StudioEngine *self)
{
  g_assert (self->state == STUDIO_ENGINE_STATE_ANALYSING);

  engine_send (self, "stop");
  g_clear_handle_id (&self->ping_id, g_source_remove);
  self->stop_id = g_timeout_add_full (IO_PRIORITY, self->reply_ms, engine_stop_timeout_cb, self, NULL);
  engine_set_state (self, STUDIO_ENGINE_STATE_STOPPING);
}

static void engine_after_uciok (StudioEngine *self);

static gboolean
engine_handshake_timeout_cb (gpointer user_data)
{
  StudioEngine *self = user_data;
  g_autofree char *secs = format_seconds (self->handshake_ms);
  g_autofree char *message = NULL;

  self->handshake_id = 0;
  if (self->early_uciok && self->state == STUDIO_ENGINE_STATE_STARTING && !self->got_uciok)
    {
      /* Its only uciok came before any declaration: take it as the answer. */
      engine_after_uciok (self);
      return G_SOURCE_REMOVE;
    }
  if (self->nonsense_sample != NULL && !self->spoke_uci)
    {
      message = g_strdup_printf (_("The engine did not answer “uci” within %s s; "
                                   "it does not seem to be a UCI engine. It printed: “%s”"),
                                 secs, self->nonsense_sample);
      engine_fail (self, STUDIO_ENGINE_STATE_FAILED, message);
    }
  else
    {
      message = g_strdup_printf (_("The engine did not answer “uci” within %s s."), secs);
      engine_fail (self, STUDIO_ENGINE_STATE_HUNG, message);
    }
  return G_SOURCE_REMOVE;
}

static const CheopsUciOption *
engine_find_option (StudioEngine *self,
                    const char   *name)
{
  for (guint i = 0; i < self->options->len; i++)
    {
      const CheopsUciOption *option = g_ptr_array_index (self->options, i);

      if (g_ascii_strcasecmp (option->name, name) == 0)
        return option;
    }
  return NULL;
}

/* Sends the wanted options not sent yet that the engine declared. */
static void
engine_send_unsent_options (StudioEngine *self)
{
  GHashTableIter iter;
  gpointer key;
  gboolean sent = FALSE;

  g_hash_table_iter_init (&iter, self->unsent);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      const WantedOption *wanted = g_hash_table_lookup (self->wanted, key);
      const CheopsUciOption *declared = engine_find_option (self, wanted->name);
      g_autofree char *command = NULL;

      if (declared != NULL && declared->type == CHEOPS_UCI_OPTION_SPIN && declared->min < declared->max)
        {
          /* A number outside what the engine declared (a Hash larger than
           * its maximum, say) is brought inside it rather than refused. */
          gint64 value = g_ascii_strtoll (wanted->value, NULL, 10);
          char text[24];

          g_snprintf (text, sizeof text, "%" G_GINT64_FORMAT, CLAMP (value, declared->min, declared->max));
          command = cheops_uci_format_setoption (declared->name, text);
        }
      else if (declared != NULL)
        command = cheops_uci_format_setoption (declared->name, wanted->value);
      if (command != NULL)
        {
          engine_send (self, command);
          sent = TRUE;
        }
      g_hash_table_iter_remove (&iter);
    }

  /* A `readyok` awaited now may come only once the options are applied:
   * give it the longer time-out. */
  if (sent)
    {
      self->options_settling = TRUE;
      if (self->reply_id != 0)
        engine_arm_reply_timer (self, self->reply_ms);
    }
}

/* Whether the engine plays @variant: its UCI_Variant combo lists the
 * variant's name (any case); an engine without the option plays the
 * default variant, Cheops, only (DESIGN.md section 5); a UCI_Variant that
 * is not a combo is taken at its word. */
static gboolean
engine_plays (StudioEngine        *self,
              const CheopsVariant *variant)
{
  const CheopsUciOption *option = engine_find_option (self, "UCI_Variant");

  if (option == NULL)
    return variant == &cheops_variant_cheops;
  if (option->type != CHEOPS_UCI_OPTION_COMBO || option->vars == NULL)
    return TRUE;
  for (guint i = 0; option->vars[i] != NULL; i++)
    if (g_ascii_strcasecmp (option->vars[i], variant->name) == 0)
      return TRUE;
  return FALSE;
}

static void
engine_set_plays_variant (StudioEngine *self,
                          gboolean      plays)
{
  if (self->plays_variant == !!plays)
    return;
  self->plays_variant = !!plays;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_PLAYS_VARIANT]);
}

/* After `uciok`: refuse an engine that plays none of the studio's games,
 * choose the variant, send the options, then `isready`. */
static void
engine_after_uciok (StudioEngine *self)
{
  const CheopsUciOption *variant = engine_find_option (self, "UCI_Variant");
  GHashTableIter iter;
  gpointer key;

  g_clear_handle_id (&self->handshake_id, g_source_remove);
  self->got_uciok = TRUE;
  self->sent_variant = NULL;

  if (variant != NULL && variant->type == CHEOPS_UCI_OPTION_COMBO && variant->vars != NULL)
    {
      gboolean found = FALSE;

      for (guint i = 0; cheops_variants[i] != NULL; i++)
        if (engine_plays (self, cheops_variants[i]))
          found = TRUE;
      if (!found)
        {
          guint n = g_strv_length (variant->vars);
          g_autoptr(GString) list = g_string_new (NULL);
          g_autofree char *message = NULL;

          /* Name ten at most: Fairy-Stockfish offers ninety. */
          for (guint i = 0; i < MIN (n, 10); i++)
            g_string_append_printf (list, "%s%s", i > 0 ? ", " : "", variant->vars[i]);
          if (n > 10)
            g_string_append (list, ", …");
          /* Translators: the first %s is a game's title ("Cheops"), the
           * second the engine's list of variants */
          message = g_strdup_printf (_("The engine does not play %s (its variants are: %s)."),
                                     _(self->variant->title), list->str);

          engine_fail (self, STUDIO_ENGINE_STATE_FAILED, message);
          return;
        }
    }
  /* The variant of the search to come, before the `isready` of the
   * handshake (a later change goes out before its search). */
  if (variant != NULL && engine_plays (self, self->variant))
    {
      g_autofree char *command = cheops_uci_format_setoption ("UCI_Variant", self->variant->name);

      engine_send (self, command);
      self->sent_variant = self->variant;
    }

  /* Every wanted option goes out again to a new process. */
  g_hash_table_iter_init (&iter, self->wanted);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_hash_table_add (self->unsent, g_strdup (key));
  engine_send_unsent_options (self);
  self->engine_multipv = 0;

  engine_send_isready (self, self->handshake_ms);
}

/* Starts the desired search; the engine must be IDLE. */
static void
engine_start_desired (StudioEngine *self)
{
  g_autofree char *go = NULL;

  g_assert (self->state == STUDIO_ENGINE_STATE_IDLE);

  if (!self->desired)
    return;
  /* A game this engine does not play: no search; the studio says so
   * (property "plays-variant"). */
  engine_set_plays_variant (self, engine_plays (self, self->desired_variant));
  if (!self->plays_variant)
    return;
  engine_send_unsent_options (self);
  if (self->sent_variant != self->desired_variant && engine_find_option (self, "UCI_Variant") != NULL)
    {
      g_autofree char *command = cheops_uci_format_setoption ("UCI_Variant", self->desired_variant->name);

      /* A new game in the engine: it may clear its table, so the next
       * reply gets the longer time-out, as for other options. */
      engine_send (self, command);
      self->sent_variant = self->desired_variant;
      self->options_settling = TRUE;
      if (self->reply_id != 0)
        engine_arm_reply_timer (self, self->reply_ms);
    }
  if (self->engine_multipv != self->desired_multipv && engine_find_option (self, "MultiPV") != NULL)
    {
      g_autofree char *value = g_strdup_printf ("%u", self->desired_multipv);
      g_autofree char *command = cheops_uci_format_setoption ("MultiPV", value);

      engine_send (self, command);
      self->engine_multipv = self->desired_multipv;
    }
  engine_send (self, self->desired_command);
  go = self->desired_go != NULL ? g_strdup (self->desired_go)
                                 : cheops_uci_format_go (self->desired_depth, 0, self->desired_movetime);
  if (self->desired_searchmove != NULL)
    {
      char *with_move = g_strdup_printf ("%s searchmoves %s", go, self->desired_searchmove);

      g_free (go);
      go = with_move;
    }
  engine_send (self, go);
  self->running_generation = self->generation;
  g_clear_handle_id (&self->ping_id, g_source_remove);
  self->ping_id = g_timeout_add_full (IO_PRIORITY, self->ping_interval_ms, engine_ping_cb, self, NULL);
  engine_set_state (self, STUDIO_ENGINE_STATE_ANALYSING);
}

/* Counts lines per second; FALSE (and FAILED) when the engine floods. */
static gboolean
engine_count_line (StudioEngine *self)
{
  gint64 now = g_get_monotonic_time ();

  if (now - self->rate_window_us >= G_USEC_PER_SEC)
    {
      self->rate_window_us = now;
      self->rate_lines = 0;
    }
  self->rate_lines++;
  if (self->max_lines_per_second != 0 && self->rate_lines > self->max_lines_per_second)
    {
      g_autofree char *message =
        g_strdup_printf (_("The engine floods its output (more than %u lines in a second)."),
                         self->max_lines_per_second);

      engine_fail (self, STUDIO_ENGINE_STATE_FAILED, message);
      return FALSE;
    }
  return TRUE;
}

static void
engine_note_nonsense (StudioEngine *self,
                      const char   *line)
{
  self->nonsense_run++;
  if (self->nonsense_sample == NULL)
    {
      g_autofree char *valid = g_utf8_make_valid (line, MIN (strlen (line), 80));

      /* Control characters would garble a message. */
      for (char *p = valid; *p != '\0'; p++)
        if ((unsigned char) *p < 0x20)
          *p = ' ';
      self->nonsense_sample = g_steal_pointer (&valid);
    }
  if (self->nonsense_run >= MAX_NONSENSE_RUN)
    {
      g_autofree char *message =
        g_strdup_printf (_("The engine prints output that is not UCI, such as “%s”."),
                         self->nonsense_sample);

      engine_fail (self, STUDIO_ENGINE_STATE_FAILED, message);
    }
}

/* One line of the engine's standard output. */
static void
engine_handle_line (StudioEngine *self,
                    const char   *line)
{
  CheopsUciMessage message;

  if (self->process == NULL || studio_engine_state_is_error (self->state))
    return;
  if (!engine_count_line (self))
    return;

  engine_trace ("<", line);
  switch (cheops_uci_parse_line (line, &message))
    {
    case CHEOPS_UCI_MESSAGE_EMPTY:
      break;

    case CHEOPS_UCI_MESSAGE_MALFORMED:
      if (message.bad_bestmove && self->state == STUDIO_ENGINE_STATE_STOPPING)
        {
          /* The answer to our `stop`, unreadable: say what was wrong now
           * rather than wait for the stop time-out and call it a hang.
           * (While analysing, a stray one is counted as nonsense.) */
          g_autofree char *valid = g_utf8_make_valid (line, MIN (strlen (line), 80));
          g_autofree char *text = NULL;
          g_auto(GStrv) words = NULL;
          g_autofree char *msg = NULL;

          for (char *p = valid; *p != '\0'; p++)
            if ((unsigned char) *p < 0x20)
              *p = ' ';
          text = g_strstrip (g_strdup (valid));
          words = g_strsplit_set (text, " \t", 3);
          /* Translators: the engine's line, then the word that is not a move */
          msg = g_strdup_printf (_("The engine answered “%s”, but “%s” is not move text."),
                                 text, words[0] != NULL && words[1] != NULL ? words[1] : "");
          engine_fail (self, STUDIO_ENGINE_STATE_FAILED, msg);
          break;
        }
      engine_note_nonsense (self, line);
      break;

    case CHEOPS_UCI_MESSAGE_UNKNOWN:
      engine_note_nonsense (self, line);
      break;

    case CHEOPS_UCI_MESSAGE_ID:
      self->nonsense_run = 0;
      self->spoke_uci = TRUE;
      if (g_strcmp0 (message.id_key, "name") == 0 && g_strcmp0 (self->name, message.id_value) != 0)
        {
          g_free (self->name);
          self->name = g_strdup (message.id_value);
          g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_NAME]);
        }
      break;

    case CHEOPS_UCI_MESSAGE_OPTION:
      self->nonsense_run = 0;
      self->spoke_uci = TRUE;
      if (!self->got_uciok && engine_find_option (self, message.option.name) == NULL)
        {
          CheopsUciOption *copy = g_new0 (CheopsUciOption, 1);

          cheops_uci_option_copy (copy, &message.option);
          g_ptr_array_add (self->options, copy);
        }
      break;

    case CHEOPS_UCI_MESSAGE_UCIOK:
      self->nonsense_run = 0;
      if (self->state == STUDIO_ENGINE_STATE_STARTING && !self->got_uciok)
        {
          if (!self->spoke_uci)
            self->early_uciok = TRUE;
          else
            engine_after_uciok (self);
        }
      break;

    case CHEOPS_UCI_MESSAGE_READYOK:
      self->nonsense_run = 0;
      if (self->pending_readyok == 0)
        break;
      self->pending_readyok--;
      g_clear_handle_id (&self->reply_id, g_source_remove);
      if (self->pending_readyok > 0)
        engine_arm_reply_timer (self, self->reply_ms);
      else
        self->options_settling = FALSE;
      if (self->state == STUDIO_ENGINE_STATE_STARTING && self->got_uciok && self->pending_readyok == 0)
        {
          engine_set_state (self, STUDIO_ENGINE_STATE_IDLE);
          if (self->state == STUDIO_ENGINE_STATE_IDLE)
            engine_start_desired (self);
        }
      break;

    case CHEOPS_UCI_MESSAGE_INFO:
      self->nonsense_run = 0;
      /* A searching engine that sends info is alive, whether or not it
       * answers a ping before `stop` (some answer `isready` only then):
       * the time allowed for the readyok starts again (issue 25; such an
       * engine was declared hung and killed after the reply time-out). */
      if (self->state == STUDIO_ENGINE_STATE_ANALYSING && self->reply_id != 0)
        engine_arm_reply_timer (self, self->reply_ms);
      /* The generation rule: only lines of the search that is running AND
       * desired reach the model; lines of a search being stopped because
       * the user moved on are dropped. */
      if ((self->state == STUDIO_ENGINE_STATE_ANALYSING || self->state == STUDIO_ENGINE_STATE_STOPPING)
          && self->running_generation != 0 && self->running_generation == self->generation)
        engine_model_merge (self, &message.info);
      break;

    case CHEOPS_UCI_MESSAGE_BESTMOVE:
      self->nonsense_run = 0;
      if (self->state != STUDIO_ENGINE_STATE_ANALYSING && self->state != STUDIO_ENGINE_STATE_STOPPING)
        break; /* not ours: ignore */
      g_clear_handle_id (&self->stop_id, g_source_remove);
      g_clear_handle_id (&self->ping_id, g_source_remove);
      if (self->running_generation == self->generation)
        {
          /* The desired search ended (stopped by the user, or the engine
           * finished on its own): the model is final. */
          self->model_finished = TRUE;
          g_free (self->model_bestmove);
          self->model_bestmove = g_strdup (message.bestmove);
          g_clear_pointer (&self->model_currmove, g_free);
          self->model_currmovenumber = 0;
          self->desired = FALSE;
          engine_model_changed (self, TRUE);
        }
      self->running_generation = 0;
      engine_set_state (self, STUDIO_ENGINE_STATE_IDLE);
      if (self->state == STUDIO_ENGINE_STATE_IDLE)
        engine_start_desired (self);
      break;

    default:
      g_assert_not_reached ();
    }
  cheops_uci_message_clear (&message);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */
/* ------------------------------------------------------------------ */

static void
studio_engine_dispose (GObject *object)
{
  StudioEngine *self = (StudioEngine *)object;
  CheopsUciProcess *process = g_steal_pointer (&self->process);

  engine_clear_timers (self);
  g_clear_handle_id (&self->publish_id, g_source_remove);
  if (self->settings != NULL)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);

  if (process != NULL)
    {
      cheops_uci_process_terminate_sync (process, self->quit_ms);
      cheops_uci_process_unref (process);
    }
  while (self->dying->len > 0)
    {
      cheops_uci_process_terminate_sync (g_ptr_array_index (self->dying, self->dying->len - 1), self->quit_ms);
      g_ptr_array_remove_index_fast (self->dying, self->dying->len - 1);
    }

  G_OBJECT_CLASS (studio_engine_parent_class)->dispose (object);
}

static void
studio_engine_finalize (GObject *object)
{
  StudioEngine *self = (StudioEngine *)object;

  g_strfreev (self->argv);
  g_ptr_array_unref (self->dying);
  g_free (self->last_error);
  g_free (self->name);
  g_ptr_array_unref (self->options);
  g_hash_table_unref (self->wanted);
  g_hash_table_unref (self->unsent);
  g_free (self->desired_fen);
  g_strfreev (self->desired_moves);
  g_free (self->desired_command);
  g_free (self->desired_searchmove);
  g_free (self->desired_go);
  g_ptr_array_unref (self->model_lines);
  g_free (self->model_bestmove);
  g_free (self->model_currmove);
  g_clear_pointer (&self->published, studio_engine_analysis_unref);
  g_free (self->nonsense_sample);

  G_OBJECT_CLASS (studio_engine_parent_class)->finalize (object);
}

static void
studio_engine_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  StudioEngine *self = STUDIO_ENGINE (object);

  switch (prop_id)
    {
    case PROP_ARGV:
      g_value_set_boxed (value, self->argv);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_LAST_ERROR:
      g_value_set_string (value, self->last_error);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_PLAYS_VARIANT:
      g_value_set_boolean (value, self->plays_variant);
      break;
    case PROP_UPDATE_INTERVAL:
      g_value_set_uint (value, self->update_interval_ms);
      break;
    case PROP_MAX_LINES_PER_SECOND:
      g_value_set_uint (value, self->max_lines_per_second);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_engine_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  StudioEngine *self = STUDIO_ENGINE (object);

  switch (prop_id)
    {
    case PROP_ARGV:
      g_strfreev (self->argv);
      self->argv = g_value_dup_boxed (value);
      break;
    case PROP_UPDATE_INTERVAL:
      studio_engine_set_update_interval (self, g_value_get_uint (value));
      break;
    case PROP_MAX_LINES_PER_SECOND:
      studio_engine_set_max_lines_per_second (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_engine_class_init (StudioEngineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  struct sigaction sa;

  object_class->dispose = studio_engine_dispose;
  object_class->finalize = studio_engine_finalize;
  object_class->get_property = studio_engine_get_property;
  object_class->set_property = studio_engine_set_property;

  /* Writing to the pipe of an engine that died raises SIGPIPE, whose
   * default action would end the studio; ignore it (the write then fails
   * with EPIPE, which is handled) unless the program chose a handler. */
  if (sigaction (SIGPIPE, NULL, &sa) == 0 && sa.sa_handler == SIG_DFL)
    signal (SIGPIPE, SIG_IGN);

  properties [PROP_ARGV] =
    g_param_spec_boxed ("argv", NULL, NULL, G_TYPE_STRV,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties [PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, STUDIO_TYPE_ENGINE_STATE, STUDIO_ENGINE_STATE_NOT_STARTED,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties [PROP_LAST_ERROR] =
    g_param_spec_string ("last-error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties [PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties [PROP_PLAYS_VARIANT] =
    g_param_spec_boolean ("plays-variant", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties [PROP_UPDATE_INTERVAL] =
    g_param_spec_uint ("update-interval", NULL, NULL, 0, 10000, DEFAULT_UPDATE_INTERVAL,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties [PROP_MAX_LINES_PER_SECOND] =
    g_param_spec_uint ("max-lines-per-second", NULL, NULL, 0, G_MAXUINT, DEFAULT_MAX_LINES,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals [ANALYSIS_UPDATED] =
    g_signal_new ("analysis-updated",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  STUDIO_TYPE_ENGINE_ANALYSIS | G_SIGNAL_TYPE_STATIC_SCOPE);
}

/* The setting engine-reply-timeout (seconds) is the time allowed for the
 * answer to `uci`, `isready` and `stop`: the handshake's and the reply's
 * time-outs.  A time-out armed already keeps its length. */
static void
engine_reply_timeout_changed_cb (GSettings  *settings,
                                 const char *key,
                                 gpointer    user_data)
{
  StudioEngine *self = user_data;
  guint ms = (guint) CLAMP (g_settings_get_int (settings, key), 1, 600) * 1000;

  self->handshake_ms = ms;
  self->reply_ms = ms;
}

static void
studio_engine_init (StudioEngine *self)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  self->dying = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_uci_process_unref);
  self->options = g_ptr_array_new_with_free_func ((GDestroyNotify) option_free);
  self->wanted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) wanted_option_free);
  self->unsent = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->model_lines = g_ptr_array_new_with_free_func ((GDestroyNotify) engine_line_free);
  self->desired_multipv = 1;
  self->variant = self->desired_variant = &cheops_variant_cheops;
  self->plays_variant = TRUE;
  self->handshake_ms = DEFAULT_HANDSHAKE_MS;
  self->ping_interval_ms = DEFAULT_PING_INTERVAL_MS;
  self->reply_ms = DEFAULT_REPLY_MS;
  self->quit_ms = DEFAULT_QUIT_MS;
  self->update_interval_ms = DEFAULT_UPDATE_INTERVAL;
  self->max_lines_per_second = DEFAULT_MAX_LINES;

  /* Looked up rather than assumed: the engine client runs without an
   * installed schema too (its tests, other programs). */
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, "org.cheops.Studio", TRUE);
  if (schema != NULL && g_settings_schema_has_key (schema, "engine-reply-timeout"))
    {
      self->settings = g_settings_new_full (schema, NULL, NULL);
      g_signal_connect (self->settings, "changed::engine-reply-timeout",
                        G_CALLBACK (engine_reply_timeout_changed_cb), self);
      engine_reply_timeout_changed_cb (self->settings, "engine-reply-timeout", self);
    }
}

/* ------------------------------------------------------------------ */
/* Public API                                                          */
/* ------------------------------------------------------------------ */


int
studio_engine_default_threads (guint processors)
{
  if (processors <= 4)
    return MAX ((int) processors, 1);
  return (int) MIN (processors - 1, 64);
}

int
studio_engine_default_hash (guint64 physical_mib,
                            guint64 available_mib)
{
  guint64 limit = physical_mib / 32;
  int hash = 16;

  if (available_mib > 0)
    limit = MIN (limit, available_mib / 4);
  while (hash * 2 <= 256 && (guint64) hash * 2 <= limit)
    hash *= 2;
  return hash;
}

int
studio_engine_machine_threads (void)
{
  return studio_engine_default_threads (g_get_num_processors ());
}

int
studio_engine_machine_hash (void)
{
  long pages = sysconf (_SC_PHYS_PAGES), page_size = sysconf (_SC_PAGESIZE);
  guint64 physical = pages > 0 && page_size > 0 ? (guint64) pages * (guint64) page_size / (1024 * 1024) : 0;
  guint64 available = 0;
  g_autofree char *meminfo = NULL;

  if (g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL))
    {
      const char *line = strstr (meminfo, "\nMemAvailable:");

      if (line != NULL)
        available = g_ascii_strtoull (line + strlen ("\nMemAvailable:"), NULL, 10) / 1024;
    }
  return studio_engine_default_hash (physical, available);
}

int
studio_engine_option_setting (GSettings  *settings,
                              const char *key)
{
  g_autoptr (GVariant) user = g_settings_get_user_value (settings, key);

  if (user != NULL)
    return g_variant_get_int32 (user);
  if (strcmp (key, "engine-threads") == 0)
    return studio_engine_machine_threads ();
  if (strcmp (key, "engine-hash") == 0)
    return studio_engine_machine_hash ();
  return g_settings_get_int (settings, key);
}

StudioEngine *
studio_engine_new (const char *const *argv)
{
  g_auto(GStrv) default_argv = NULL;

  if (argv == NULL || argv[0] == NULL)
    {
      default_argv = g_new0 (char *, 2);
      default_argv[0] = cheops_uci_engine_find_bundled ();
      argv = (const char *const *) default_argv;
    }
  return g_object_new (STUDIO_TYPE_ENGINE, "argv", argv, NULL);
}

gboolean
studio_engine_start (StudioEngine *self)
{
  static const CheopsUciProcessCallbacks callbacks = {
    engine_process_line_cb, engine_process_overlong_cb, engine_process_ended_cb,
  };
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (STUDIO_IS_ENGINE (self), FALSE);

  if (self->state != STUDIO_ENGINE_STATE_NOT_STARTED && !studio_engine_state_is_error (self->state))
    return TRUE;

  engine_let_go_of_process (self, TRUE);
  engine_clear_timers (self);
  engine_set_last_error (self, NULL);
  self->got_uciok = FALSE;
  self->pending_readyok = 0;
  self->options_settling = FALSE;
  self->running_generation = 0;
  self->nonsense_run = 0;
  g_clear_pointer (&self->nonsense_sample, g_free);
  self->spoke_uci = FALSE;
  self->early_uciok = FALSE;
  self->rate_window_us = g_get_monotonic_time ();
  self->rate_lines = 0;
  g_ptr_array_set_size (self->options, 0);

  self->process = cheops_uci_process_spawn ((const char *const *) self->argv, MAX_LINE_BYTES,
                                            &callbacks, self, &error);
  if (self->process == NULL)
    {
      g_autofree char *message =
        g_strdup_printf (_("Could not start the engine “%s”: %s"),
                         self->argv != NULL && self->argv[0] != NULL ? self->argv[0] : "",
                         error->message);

      engine_set_last_error (self, message);
      engine_set_state (self, STUDIO_ENGINE_STATE_FAILED);
      return FALSE;
    }

  engine_set_state (self, STUDIO_ENGINE_STATE_STARTING);
  engine_send (self, "uci");
  self->handshake_id = g_timeout_add_full (IO_PRIORITY, self->handshake_ms,
                                           engine_handshake_timeout_cb, self, NULL);
  return TRUE;
}

void
studio_engine_restart (StudioEngine *self)
{
  g_return_if_fail (STUDIO_IS_ENGINE (self));

  engine_clear_timers (self);
  engine_let_go_of_process (self, TRUE);
  self->running_generation = 0;
  /* From an error state start() goes straight to STARTING; from a working
   * state pass through NOT_STARTED, which start() requires. */
  if (!studio_engine_state_is_error (self->state))
    engine_set_state (self, STUDIO_ENGINE_STATE_NOT_STARTED);
  studio_engine_start (self);
}

void
studio_engine_shutdown (StudioEngine *self)
{
  g_return_if_fail (STUDIO_IS_ENGINE (self));

  self->desired = FALSE;
  engine_clear_timers (self);
  engine_let_go_of_process (self, TRUE);
  self->running_generation = 0;
  engine_set_state (self, STUDIO_ENGINE_STATE_NOT_STARTED);
}

guint
studio_engine_analyze (StudioEngine      *self,
                       const char        *fen,
                       const char *const *moves,
                       guint              multipv)
{
  return studio_engine_analyze_limited (self, fen, moves, multipv, 0, 0);
}

static guint
engine_analyze_limited (StudioEngine      *self,
                        const char        *fen,
                        const char *const *moves,
                        guint              multipv,
                        int                depth,
                        gint64             movetime_ms,
                        const char        *searchmove,
                        const char        *go);

guint
studio_engine_analyze_limited (StudioEngine      *self,
                               const char        *fen,
                               const char *const *moves,
                               guint              multipv,
                               int                depth,
                               gint64             movetime_ms)
{
  return engine_analyze_limited (self, fen, moves, multipv, depth, movetime_ms, NULL, NULL);
}

guint
studio_engine_analyze_move (StudioEngine      *self,
                            const char        *fen,
                            const char *const *moves,
                            const char        *searchmove,
                            int                depth,
                            gint64             movetime_ms)
{
  g_return_val_if_fail (searchmove != NULL && *searchmove != '\0' && strchr (searchmove, ' ') == NULL
                        && strchr (searchmove, '\n') == NULL, 0);
  return engine_analyze_limited (self, fen, moves, 1, depth, movetime_ms, searchmove, NULL);
}

guint
studio_engine_search (StudioEngine      *self,
                      const char        *fen,
                      const char *const *moves,
                      const char        *go)
{
  g_return_val_if_fail (go != NULL && g_str_has_prefix (go, "go") && strchr (go, '\n') == NULL
                        && strchr (go, '\r') == NULL, 0);
  return engine_analyze_limited (self, fen, moves, 1, 0, 0, NULL, go);
}

static guint
engine_analyze_limited (StudioEngine      *self,
                        const char        *fen,
                        const char *const *moves,
                        guint              multipv,
                        int                depth,
                        gint64             movetime_ms,
                        const char        *searchmove,
                        const char        *go)
{
  g_autofree char *command = NULL;

  g_return_val_if_fail (STUDIO_IS_ENGINE (self), 0);

  depth = MAX (depth, 0);
  movetime_ms = MAX (movetime_ms, 0);

  multipv = CLAMP (multipv, 1, 256);
  command = cheops_uci_format_position (fen, moves);
  if (command == NULL)
    return 0;

  /* The same search again while it is wanted: nothing to do. */
  if (self->desired && self->generation != 0
      && g_strcmp0 (command, self->desired_command) == 0
      && multipv == self->desired_multipv
      && depth == self->desired_depth && movetime_ms == self->desired_movetime
      && g_strcmp0 (searchmove, self->desired_searchmove) == 0
      && g_strcmp0 (go, self->desired_go) == 0
      && self->desired_variant == self->variant)
    return self->generation;

  self->generation++;
  self->desired = TRUE;
  g_free (self->desired_fen);
  self->desired_fen = g_strdup (fen);
  g_strfreev (self->desired_moves);
  self->desired_moves = g_strdupv ((char **) moves);
  g_free (self->desired_command);
  self->desired_command = g_steal_pointer (&command);
  self->desired_multipv = multipv;
  self->desired_depth = depth;
  self->desired_movetime = movetime_ms;
  g_free (self->desired_searchmove);
  self->desired_searchmove = g_strdup (searchmove);
  g_free (self->desired_go);
  self->desired_go = g_strdup (go);
  self->desired_variant = self->variant;
  engine_model_reset (self);
  engine_publish (self);

  switch (self->state)
    {
    case STUDIO_ENGINE_STATE_NOT_STARTED:
      studio_engine_start (self);
      break;
    case STUDIO_ENGINE_STATE_IDLE:
      engine_start_desired (self);
      break;
    case STUDIO_ENGINE_STATE_ANALYSING:
      engine_send_stop (self);
      break;
    case STUDIO_ENGINE_STATE_STARTING:
    case STUDIO_ENGINE_STATE_STOPPING:
    case STUDIO_ENGINE_STATE_CRASHED:
    case STUDIO_ENGINE_STATE_HUNG:
    case STUDIO_ENGINE_STATE_FAILED:
    default:
      break;
    }
  return self->generation;
}

void
studio_engine_set_variant (StudioEngine        *self,
                           const CheopsVariant *variant)
{
  g_return_if_fail (STUDIO_IS_ENGINE (self));
  g_return_if_fail (variant != NULL);

  self->variant = variant;
}

const CheopsVariant *
studio_engine_get_variant (StudioEngine *self)
{
  g_return_val_if_fail (STUDIO_IS_ENGINE (self), NULL);

  return self->variant;
}

gboolean
studio_engine_get_plays_variant (StudioEngine *self)
{
  g_return_val_if_fail (STUDIO_IS_ENGINE (self), TRUE);

  return self->plays_variant;
}

void
studio_engine_stop (StudioEngine *self)
{
  g_return_if_fail (STUDIO_IS_ENGINE (self));

  self->desired = FALSE;
  if (self->state == STUDIO_ENGINE_STATE_ANALYSING)
    engine_send_stop (self);
}

void
studio_engine_abandon (StudioEngine *self)
{
  g_return_if_fail (STUDIO_IS_ENGINE (self));

  /* A new generation with nothing desired: the running search no longer
   * matches it, so its late `info` lines and its `bestmove` are dropped by
   * the generation rule, and the empty model is published at once (a
   * pending publication of the old lines is cancelled by it). */
  self->generation++;
  self->desired = FALSE;
  g_clear_pointer (&self->desired_fen, g_free);
  g_clear_pointer (&self->desired_moves, g_strfreev);
  g_clear_pointer (&self->desired_command, g_free);
  g_clear_pointer (&self->desired_searchmove, g_free);
  g_clear_pointer (&self->desired_go, g_free);
  engine_model_reset (self);
  engine_publish (self);
  if (self->state == STUDIO_ENGINE_STATE_ANALYSING)
    engine_send_stop (self);
}

void
studio_engine_set_option (StudioEngine *self,
                          const char   *name,
                          const char   *value)
{
  WantedOption *wanted;
  char *key;

  g_return_if_fail (STUDIO_IS_ENGINE (self));
  g_return_if_fail (name != NULL && *name != '\0');

  /* MultiPV belongs to the search (analyze()), not to the option table. */
  if (g_ascii_strcasecmp (name, "MultiPV") == 0)
    {
      guint64 multipv = 1;

      if (value == NULL || !g_ascii_string_to_unsigned (value, 10, 1, 256, &multipv, NULL))
        return;
      if (self->desired)
        {
          g_auto(GStrv) moves = g_strdupv (self->desired_moves);
          g_autofree char *fen = g_strdup (self->desired_fen);

          studio_engine_analyze (self, fen, (const char *const *) moves, (guint) multipv);
        }
      else
        self->desired_multipv = (guint) multipv;
      return;
    }

  key = g_ascii_strdown (name, -1);
  wanted = g_new0 (WantedOption, 1);
  wanted->name = g_strdup (name);
  wanted->value = g_strdup (value);
  g_hash_table_insert (self->wanted, g_strdup (key), wanted);
  g_hash_table_add (self->unsent, key);

  switch (self->state)
    {
    case STUDIO_ENGINE_STATE_IDLE:
      engine_send_unsent_options (self);
      break;
    case STUDIO_ENGINE_STATE_ANALYSING:
      /* Stop, set, search again: a new generation, as the lines change. */
      if (engine_find_option (self, name) != NULL && self->desired)
        {
          self->generation++;
          engine_model_reset (self);
          engine_publish (self);
          engine_send_stop (self);
        }
      break;
    case STUDIO_ENGINE_STATE_NOT_STARTED:
    case STUDIO_ENGINE_STATE_STARTING:
    case STUDIO_ENGINE_STATE_STOPPING:
    case STUDIO_ENGINE_STATE_CRASHED:
    case STUDIO_ENGINE_STATE_HUNG:
    case STUDIO_ENGINE_STATE_FAILED:
    default:
      break; /* sent before the next search, or after uciok */
    }
}

const CheopsUciOption *
studio_engine_lookup_option (StudioEngine *self,
                             const char   *name)
{
  g_return_val_if_fail (STUDIO_IS_ENGINE (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return engine_find_option (self, name);
}

StudioEngineState
studio_engine_get_state (StudioEngine *self)
{
  g_return_val_if_fail (STUDIO_IS_ENGINE (self), STUDIO_ENGINE_STATE_NOT_STARTED);

  return self->state;
}

const char *
studio_engine_get_last_error (StudioEngine *self)
{
  g_return_val_if_fail (STUDIO_IS_ENGINE (self), NULL);

  return self->last_error;
}

StudioEngineAnalysis *
studio_engine_get_analysis (StudioEngine *self)
{
  g_return_val_if_fail (STUDIO_IS_ENGINE (self), NULL);

  return self->published;
}

guint
studio_engine_get_generation (StudioEngine *self)
{
  g_return_val_if_fail (STUDIO_IS_ENGINE (self), 0);

  return self->generation;
}

const char *
studio_engine_get_name (StudioEngine *self)
{
  g_return_val_if_fail (STUDIO_IS_ENGINE (self), NULL);

  return self->name;
}

const char *const *
studio_engine_get_argv (StudioEngine *self)
{
  g_return_val_if_fail (STUDIO_IS_ENGINE (self), NULL);

  return (const char *const *) self->argv;
}

GPid
studio_engine_get_pid (StudioEngine *self)
{
  g_return_val_if_fail (STUDIO_IS_ENGINE (self), 0);

  if (self->process == NULL)
    return 0;
  return cheops_uci_process_get_pid (self->process);
}

void
studio_engine_set_timeouts (StudioEngine *self,
                            guint         handshake_ms,
                            guint         ping_interval_ms,
                            guint         reply_ms,
                            guint         quit_ms)
{
  g_return_if_fail (STUDIO_IS_ENGINE (self));

  if (handshake_ms != 0)
    self->handshake_ms = handshake_ms;
  if (ping_interval_ms != 0)
    self->ping_interval_ms = ping_interval_ms;
  if (reply_ms != 0)
    self->reply_ms = reply_ms;
  if (quit_ms != 0)
    self->quit_ms = quit_ms;
}

void
studio_engine_set_update_interval (StudioEngine *self,
                                   guint         interval_ms)
{
  g_return_if_fail (STUDIO_IS_ENGINE (self));

  if (self->update_interval_ms == interval_ms)
    return;
  self->update_interval_ms = interval_ms;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_UPDATE_INTERVAL]);
}

void
studio_engine_set_max_lines_per_second (StudioEngine *self,
                                        guint         max_lines)
{
  g_return_if_fail (STUDIO_IS_ENGINE (self));

  if (self->max_lines_per_second == max_lines)
    return;
  self->max_lines_per_second = max_lines;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MAX_LINES_PER_SECOND]);
}
