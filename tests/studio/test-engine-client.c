/* test-engine-client.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioEngine against the scripted engines of fake-engines/fake-engine.c
 * (crash at start, crash mid-search, hang on stop, hang in search, flood,
 * overlong line, garbage, late uciok, no Cheops variant, deaf to quit, and
 * a well-behaved one), and against the real cheops-engine when the build
 * tree has one.  Asserts states, messages, the generation rule, the
 * throttle, and that no child process outlives the client.
 */

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include <gio/gio.h>

#include "studio-engine.h"
#include "cheops-uci-san.h"

static const char *fake_path;

/* ------------------------------------------------------------------ */
/* Helpers                                                             */
/* ------------------------------------------------------------------ */

static StudioEngine *
fake_new (const char *mode,
          const char *arg)
{
  const char *argv[] = { fake_path, mode, arg, NULL };
  StudioEngine *engine = studio_engine_new (argv);

  /* Short time-outs keep the tests fast; each test sets what it checks. */
  studio_engine_set_timeouts (engine, 5000, 1000, 2000, 300);
  return engine;
}

typedef gboolean (*Condition) (gpointer data);

static gboolean
wake_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs one main loop iteration, waking after @ms at the latest. */
static void
iterate (guint ms)
{
  gboolean fired = FALSE;
  guint id = g_timeout_add (ms, wake_cb, &fired);

  g_main_context_iteration (NULL, TRUE);
  if (!fired)
    g_source_remove (id);
}

/* Runs the main loop until @cond holds or @timeout_ms pass. */
static gboolean
wait_until (Condition cond,
            gpointer  data,
            guint     timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  while (!cond (data))
    {
      if (g_get_monotonic_time () >= deadline)
        return FALSE;
      iterate (10);
    }
  return TRUE;
}

/* Runs the main loop for @ms milliseconds. */
static void
spin (guint ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) ms * 1000;

  while (g_get_monotonic_time () < deadline)
    iterate (5);
}

typedef struct {
  StudioEngine      *engine;
  StudioEngineState  state;
} StateWait;

static gboolean
state_is (gpointer data)
{
  StateWait *w = data;

  return studio_engine_get_state (w->engine) == w->state;
}

static gboolean
wait_for_state (StudioEngine      *engine,
                StudioEngineState  state,
                guint              timeout_ms)
{
  StateWait w = { engine, state };

  return wait_until (state_is, &w, timeout_ms);
}

static gboolean
pid_is_gone (gpointer data)
{
  GPid pid = GPOINTER_TO_INT (data);

  return kill (pid, 0) == -1 && errno == ESRCH;
}

/* Records every state and every published analysis. */
typedef struct {
  gpointer   engine;      /* weak */
  GArray    *states;      /* StudioEngineState */
  GPtrArray *analyses;    /* StudioEngineAnalysis * (refs) */
  GArray    *times;       /* gint64, monotonic us of each analysis */
} Recorder;

static void
recorder_state_cb (StudioEngine *engine,
                   GParamSpec   *pspec,
                   Recorder     *r)
{
  StudioEngineState state = studio_engine_get_state (engine);

  g_array_append_val (r->states, state);
}

static void
recorder_analysis_cb (StudioEngine         *engine,
                      StudioEngineAnalysis *analysis,
                      Recorder             *r)
{
  gint64 now = g_get_monotonic_time ();

  g_ptr_array_add (r->analyses, studio_engine_analysis_ref (analysis));
  g_array_append_val (r->times, now);
}

static Recorder *
recorder_new (StudioEngine *engine)
{
  Recorder *r = g_new0 (Recorder, 1);

  r->states = g_array_new (FALSE, FALSE, sizeof (StudioEngineState));
  r->analyses = g_ptr_array_new_with_free_func ((GDestroyNotify) studio_engine_analysis_unref);
  r->times = g_array_new (FALSE, FALSE, sizeof (gint64));
  r->engine = engine;
  g_object_add_weak_pointer (G_OBJECT (engine), &r->engine);
  g_signal_connect (engine, "notify::state", G_CALLBACK (recorder_state_cb), r);
  g_signal_connect (engine, "analysis-updated", G_CALLBACK (recorder_analysis_cb), r);
  return r;
}

static void
recorder_free (Recorder *r)
{
  if (r->engine != NULL)
    {
      g_signal_handlers_disconnect_by_data (r->engine, r);
      g_object_remove_weak_pointer (G_OBJECT (r->engine), &r->engine);
    }
  g_array_unref (r->states);
  g_ptr_array_unref (r->analyses);
  g_array_unref (r->times);
  g_free (r);
}

static gboolean
recorder_saw_state (Recorder          *r,
                    StudioEngineState  state)
{
  for (guint i = 0; i < r->states->len; i++)
    if (g_array_index (r->states, StudioEngineState, i) == state)
      return TRUE;
  return FALSE;
}

typedef struct {
  StudioEngine *engine;
  guint         n_lines;
  int           depth;
} AnalysisWait;

/* The published model has @n_lines lines and line 1 reached @depth. */
static gboolean
analysis_reached (gpointer data)
{
  AnalysisWait *w = data;
  StudioEngineAnalysis *a = studio_engine_get_analysis (w->engine);

  return a != NULL && a->generation == studio_engine_get_generation (w->engine)
         && a->n_lines >= w->n_lines && a->depth >= w->depth;
}

static gboolean
wait_for_analysis (StudioEngine *engine,
                   guint         n_lines,
                   int           depth,
                   guint         timeout_ms)
{
  AnalysisWait w = { engine, n_lines, depth };

  return wait_until (analysis_reached, &w, timeout_ms);
}

/* Unrefs @engine, asserting that it was the last reference and that the
 * engine process (if any) is gone when the unref returns. */
static void
finalize_and_check_pid (StudioEngine *engine,
                        GPid          pid)
{
  g_assert_finalize_object (engine);
  if (pid != 0)
    g_assert_true (pid_is_gone (GINT_TO_POINTER (pid)));
}

/* ------------------------------------------------------------------ */
/* The well-behaved engine                                             */
/* ------------------------------------------------------------------ */

static void
test_good_handshake (void)
{
  StudioEngine *engine = fake_new ("good", NULL);
  const CheopsUciOption *hash;
  GPid pid;

  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_NOT_STARTED);
  g_assert_null (studio_engine_get_analysis (engine));
  g_assert_cmpint (studio_engine_get_pid (engine), ==, 0);
  g_assert_true (studio_engine_start (engine));
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_STARTING);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
  g_assert_cmpstr (studio_engine_get_name (engine), ==, "Fake Engine (good)");
  g_assert_null (studio_engine_get_last_error (engine));

  hash = studio_engine_lookup_option (engine, "hash");
  g_assert_nonnull (hash);
  g_assert_cmpstr (hash->name, ==, "Hash");
  g_assert_cmpint (hash->type, ==, CHEOPS_UCI_OPTION_SPIN);
  g_assert_cmpint (hash->max, ==, 1024);
  g_assert_nonnull (studio_engine_lookup_option (engine, "Clear Hash"));
  g_assert_null (studio_engine_lookup_option (engine, "Ponder"));

  pid = studio_engine_get_pid (engine);
  g_assert_cmpint (pid, >, 0);
  g_assert_false (pid_is_gone (GINT_TO_POINTER (pid)));
  finalize_and_check_pid (engine, pid);
}

static void
test_good_analyze_and_stop (void)
{
  StudioEngine *engine = fake_new ("good", NULL);
  const char *moves[] = { "c3d4", NULL };
  StudioEngineAnalysis *a;
  guint generation;
  GPid pid;

  /* analyze() starts the engine and publishes an empty model at once. */
  generation = studio_engine_analyze (engine, NULL, moves, 2);
  g_assert_cmpuint (generation, ==, 1);
  a = studio_engine_get_analysis (engine);
  g_assert_nonnull (a);
  g_assert_cmpuint (a->generation, ==, 1);
  g_assert_cmpuint (a->n_lines, ==, 0);
  g_assert_null (a->fen);
  g_assert_cmpstr (a->moves[0], ==, "c3d4");
  g_assert_false (a->finished);

  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  g_assert_true (wait_for_analysis (engine, 2, 3, 5000));
  a = studio_engine_get_analysis (engine);
  g_assert_cmpuint (a->generation, ==, generation);
  g_assert_cmpuint (a->n_lines, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const StudioEngineLine *line = &a->lines[i];

      g_assert_cmpint (line->multipv, ==, (int) i + 1);
      g_assert_cmpint (line->score_kind, ==, CHEOPS_UCI_SCORE_CP);
      /* The fake scores 10 * rank + depth. */
      g_assert_cmpint (line->score, ==, 10 * line->multipv + line->depth);
      g_assert_cmpint (line->seldepth, ==, line->depth + 2);
      g_assert_cmpuint (g_strv_length (line->pv), ==, 3);
      g_assert_cmpstr (line->pv[0], ==, "c3d4");
      g_assert_cmpstr (line->pv[1], ==, "c3d4");
    }
  g_assert_cmpint (a->depth, ==, a->lines[0].depth);
  g_assert_cmpint (a->nps, ==, 100000);
  g_assert_cmpint (a->nodes % 1000, ==, 0);
  g_assert_cmpint (a->nodes, >=, 3000);

  /* Asking again for the same search changes nothing. */
  g_assert_cmpuint (studio_engine_analyze (engine, NULL, moves, 2), ==, generation);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_ANALYSING);

  studio_engine_stop (engine);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_STOPPING);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 3000));
  spin (50);
  a = studio_engine_get_analysis (engine);
  g_assert_cmpuint (a->generation, ==, generation);
  g_assert_true (a->finished);
  g_assert_cmpstr (a->bestmove, ==, "c3d4");
  g_assert_cmpuint (a->n_lines, ==, 2);

  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
}

/* Every analysis published after the switch belongs to the new generation,
 * and no line of the old position (tag c3d4) ever shows, although the fake
 * prints five lines of the old search after `stop`. */
static void
test_good_generation (void)
{
  StudioEngine *engine = fake_new ("good", NULL);
  const char *moves_a[] = { "c3d4", NULL };
  const char *moves_b[] = { "e5f6", NULL };
  Recorder *r;
  guint gen_a, gen_b;
  char move[8];
  GPid pid;

  /* Publish every change, so that a stale line could not hide behind the
   * coalescer. */
  studio_engine_set_update_interval (engine, 0);
  gen_a = studio_engine_analyze (engine, NULL, moves_a, 3);
  g_assert_true (wait_for_analysis (engine, 3, 2, 5000));

  r = recorder_new (engine);
  gen_b = studio_engine_analyze (engine, NULL, moves_b, 3);
  g_assert_cmpuint (gen_b, ==, gen_a + 1);
  g_assert_cmpuint (studio_engine_get_analysis (engine)->generation, ==, gen_b);
  g_assert_cmpuint (studio_engine_get_analysis (engine)->n_lines, ==, 0);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_STOPPING);

  g_assert_true (wait_for_analysis (engine, 3, 4, 5000));
  g_assert_true (recorder_saw_state (r, STUDIO_ENGINE_STATE_IDLE));
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_ANALYSING);
  g_assert_cmpuint (r->analyses->len, >=, 2);
  for (guint i = 0; i < r->analyses->len; i++)
    {
      StudioEngineAnalysis *a = g_ptr_array_index (r->analyses, i);

      g_assert_cmpuint (a->generation, ==, gen_b);
      g_assert_cmpstr (a->moves[0], ==, "e5f6");
      g_assert_false (a->finished);
      for (guint j = 0; j < a->n_lines; j++)
        g_assert_cmpstr (a->lines[j].pv[0], ==, "e5f6");
    }
  recorder_free (r);

  /* A burst of changes (the user holding an arrow key): only the last
   * position is searched and shown. */
  r = recorder_new (engine);
  for (guint i = 0; i < 20; i++)
    {
      const char *moves[] = { move, NULL };

      g_snprintf (move, sizeof move, "%c%c%c%c", 'a' + i % 17, '1' + i % 9, 'b' + i % 16, '2' + i % 8);
      studio_engine_analyze (engine, NULL, moves, 1);
    }
  g_assert_cmpstr (move, ==, "c2e5");
  g_assert_cmpuint (studio_engine_get_generation (engine), ==, gen_b + 20);
  g_assert_true (wait_for_analysis (engine, 1, 3, 5000));
  spin (100);
  for (guint i = 0; i < r->analyses->len; i++)
    {
      StudioEngineAnalysis *a = g_ptr_array_index (r->analyses, i);

      for (guint j = 0; j < a->n_lines; j++)
        {
          g_assert_cmpuint (a->generation, ==, gen_b + 20);
          g_assert_cmpstr (a->lines[j].pv[0], ==, "c2e5");
        }
    }
  recorder_free (r);

  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
}

/* A stop for a position the user has left (the game ended there): nothing
 * of the old search is published after it, although the fake prints five
 * lines and a bestmove of it after `stop`; a new search later works. */
static void
test_good_abandon (void)
{
  StudioEngine *engine = fake_new ("good", NULL);
  const char *moves_a[] = { "c3d4", NULL };
  const char *moves_b[] = { "e5f6", NULL };
  StudioEngineAnalysis *a;
  Recorder *r;
  guint gen_a;
  GPid pid;

  studio_engine_set_update_interval (engine, 0);
  gen_a = studio_engine_analyze (engine, NULL, moves_a, 2);
  g_assert_true (wait_for_analysis (engine, 2, 2, 5000));

  r = recorder_new (engine);
  studio_engine_abandon (engine);
  g_assert_cmpuint (studio_engine_get_generation (engine), ==, gen_a + 1);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_STOPPING);
  a = studio_engine_get_analysis (engine);
  g_assert_cmpuint (a->generation, ==, gen_a + 1);
  g_assert_cmpuint (a->n_lines, ==, 0);
  g_assert_null (a->moves[0]);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 3000));
  spin (150);
  /* Only the empty model, published once by abandon() itself. */
  g_assert_cmpuint (r->analyses->len, ==, 1);
  a = g_ptr_array_index (r->analyses, 0);
  g_assert_cmpuint (a->generation, ==, gen_a + 1);
  g_assert_cmpuint (a->n_lines, ==, 0);
  g_assert_false (a->finished);
  g_assert_null (a->bestmove);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_IDLE);
  recorder_free (r);

  /* The engine is still usable. */
  g_assert_cmpuint (studio_engine_analyze (engine, NULL, moves_b, 1), ==, gen_a + 2);
  g_assert_true (wait_for_analysis (engine, 1, 2, 5000));
  g_assert_cmpstr (studio_engine_get_analysis (engine)->lines[0].pv[0], ==, "e5f6");

  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
}

static void
test_good_set_option (void)
{
  StudioEngine *engine = fake_new ("good", NULL);
  guint generation;
  GPid pid;

  generation = studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_analysis (engine, 1, 2, 5000));
  g_assert_cmpstr (studio_engine_get_analysis (engine)->lines[0].pv[0], ==, "a1b1");

  /* An option during a search: stop, set, search again (new generation). */
  studio_engine_set_option (engine, "Hash", "64");
  g_assert_cmpuint (studio_engine_get_generation (engine), ==, generation + 1);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_STOPPING);
  g_assert_true (wait_for_analysis (engine, 1, 2, 5000));
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_ANALYSING);

  /* An option the engine does not have changes nothing. */
  studio_engine_set_option (engine, "Ponder", "true");
  g_assert_cmpuint (studio_engine_get_generation (engine), ==, generation + 1);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_ANALYSING);

  /* MultiPV follows analyze() ... */
  studio_engine_analyze (engine, NULL, NULL, 3);
  g_assert_cmpuint (studio_engine_get_generation (engine), ==, generation + 2);
  g_assert_true (wait_for_analysis (engine, 3, 2, 5000));
  g_assert_cmpuint (studio_engine_get_analysis (engine)->n_lines, ==, 3);

  /* ... and the option, which means the same. */
  studio_engine_set_option (engine, "multipv", "2");
  g_assert_cmpuint (studio_engine_get_generation (engine), ==, generation + 3);
  g_assert_true (wait_for_analysis (engine, 2, 3, 5000));
  spin (100);
  g_assert_cmpuint (studio_engine_get_analysis (engine)->n_lines, ==, 2);
  studio_engine_set_option (engine, "MultiPV", "many");
  g_assert_cmpuint (studio_engine_get_generation (engine), ==, generation + 3);

  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
}

typedef struct {
  const char *path;
  const char *line;
} LogWait;

static gboolean
log_has_line (gpointer data)
{
  LogWait *wait = data;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (wait->path, &text, NULL, NULL))
    return FALSE;
  lines = g_strsplit (text, "\n", -1);
  return g_strv_contains ((const char * const *) lines, wait->line);
}

/* A number outside the range the engine declared is brought inside it:
 * the fake engine declares Hash 1..1024. */
static void
test_good_set_option_clamped (void)
{
  g_autofree char *dir = g_dir_make_tmp ("engine-log-XXXXXX", NULL);
  g_autofree char *log = g_build_filename (dir, "received", NULL);
  StudioEngine *engine;
  LogWait wait = { log, "setoption name Hash value 1024" };
  GPid pid;

  g_setenv ("FAKE_ENGINE_LOG", log, TRUE);
  engine = fake_new ("good", NULL);
  studio_engine_set_option (engine, "Hash", "4096");
  /* The process starts here, with the log in its environment. */
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_unsetenv ("FAKE_ENGINE_LOG");
  g_assert_true (wait_until (log_has_line, &wait, 5000));
  wait.line = "setoption name Hash value 4096";
  g_assert_false (log_has_line (&wait));

  studio_engine_set_option (engine, "Hash", "0");
  wait.line = "setoption name Hash value 1";
  g_assert_true (wait_until (log_has_line, &wait, 5000));

  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
  g_remove (log);
  g_rmdir (dir);
}

/* The log's lines that start with "setoption name UCI_Variant" or
 * "position", in order, joined by " | ". */
static char *
variant_and_position_lines (const char *log)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  GString *out = g_string_new (NULL);

  if (!g_file_get_contents (log, &text, NULL, NULL))
    return g_string_free (out, FALSE);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "setoption name UCI_Variant") || g_str_has_prefix (lines[i], "position"))
      g_string_append_printf (out, "%s%s", out->len > 0 ? " | " : "", lines[i]);
  return g_string_free (out, FALSE);
}

/* The variant of the positions: chosen by UCI_Variant before the first
 * search of each variant, not again for the next position of the same
 * one; a variant the engine does not list gets no search and
 * "plays-variant" FALSE, and the engine plays on when the game is one it
 * plays.  "other" is a copy of the Cheops table under another name (the
 * client reads only the name and title). */
static void
test_good_variant (void)
{
  g_autofree char *dir = g_dir_make_tmp ("engine-log-XXXXXX", NULL);
  g_autofree char *log = g_build_filename (dir, "received", NULL);
  CheopsVariant other = cheops_variant_cheops;
  CheopsVariant unknown = cheops_variant_cheops;
  StudioEngine *engine;
  LogWait wait = { log, NULL };
  g_autofree char *got = NULL;
  const char *moves[] = { "e2a3", NULL };
  GPid pid;

  other.name = "other";
  other.title = "Other Game";
  unknown.name = "unknown";
  unknown.title = "Unknown Game";

  g_setenv ("FAKE_ENGINE_LOG", log, TRUE);
  g_setenv ("FAKE_ENGINE_VARIANTS", "cheops other", TRUE);
  engine = fake_new ("good", NULL);
  g_assert_true (studio_engine_get_variant (engine) == &cheops_variant_cheops);
  studio_engine_set_variant (engine, &other);
  studio_engine_analyze (engine, NULL, moves, 1);
  g_unsetenv ("FAKE_ENGINE_LOG");
  g_unsetenv ("FAKE_ENGINE_VARIANTS");
  g_assert_true (wait_for_analysis (engine, 1, 1, 5000));
  g_assert_true (studio_engine_get_plays_variant (engine));
  /* The engine's move text is the game's: "e2a3" passes as a PV move. */
  g_assert_cmpstr (studio_engine_get_analysis (engine)->lines[0].pv[0], ==, "e2a3");

  /* The same variant again: no second UCI_Variant. */
  studio_engine_analyze (engine, NULL, NULL, 1);
  wait.line = "position startpos";
  g_assert_true (wait_until (log_has_line, &wait, 5000));
  g_assert_true (wait_for_analysis (engine, 1, 1, 5000));

  /* A game it does not play: no search, said by the property. */
  studio_engine_set_variant (engine, &unknown);
  studio_engine_analyze (engine, "x", NULL, 1);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
  spin (100);
  g_assert_false (studio_engine_get_plays_variant (engine));
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_IDLE);

  /* Back to Cheops: the engine is told, and searches. */
  studio_engine_set_variant (engine, &cheops_variant_cheops);
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_analysis (engine, 1, 1, 5000));
  g_assert_true (studio_engine_get_plays_variant (engine));

  got = variant_and_position_lines (log);
  g_assert_cmpstr (got, ==,
                   "setoption name UCI_Variant value other | position startpos moves e2a3 | position startpos"
                   " | setoption name UCI_Variant value cheops | position startpos");

  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
  g_remove (log);
  g_rmdir (dir);
}

/* An option an engine takes long to apply (a large Hash zeroed): the
 * replies meanwhile get the start-up time-out, so a healthy engine is not
 * taken for a hung one (a user test saw the bundled engine killed after
 * Hash 4096). */
static void
test_good_slow_option (void)
{
  StudioEngine *engine;
  GPid pid;

  g_setenv ("FAKE_ENGINE_HASH_MS", "1500", TRUE);
  engine = fake_new ("good", NULL);
  /* Pings every 200 ms, answered within 500 ms — or 5 s after options. */
  studio_engine_set_timeouts (engine, 5000, 200, 500, 300);
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_unsetenv ("FAKE_ENGINE_HASH_MS");
  g_assert_true (wait_for_analysis (engine, 1, 2, 5000));

  studio_engine_set_option (engine, "Hash", "512");
  spin (2500);
  g_assert_null (studio_engine_get_last_error (engine));
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_ANALYSING);
  g_assert_true (wait_for_analysis (engine, 1, 2, 5000));

  pid = studio_engine_get_pid (engine);
  g_assert_cmpuint (pid, !=, 0);
  finalize_and_check_pid (engine, pid);
}

/* An engine killed from outside: CRASHED with the signal named, and
 * restart() brings the same search back. */
static void
test_good_killed_and_restarted (void)
{
  StudioEngine *engine = fake_new ("good", NULL);
  const char *moves[] = { "e5f6", NULL };
  guint generation;
  GPid pid;

  generation = studio_engine_analyze (engine, NULL, moves, 2);
  g_assert_true (wait_for_analysis (engine, 2, 2, 5000));
  pid = studio_engine_get_pid (engine);
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_CRASHED, 3000));
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine), "killed by signal 9"));
  g_assert_cmpint (studio_engine_get_pid (engine), ==, 0);

  studio_engine_restart (engine);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_STARTING);
  g_assert_null (studio_engine_get_last_error (engine));
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  g_assert_cmpint (studio_engine_get_pid (engine), !=, pid);
  g_assert_cmpuint (studio_engine_get_generation (engine), ==, generation);
  g_assert_true (wait_for_analysis (engine, 2, 3, 5000));
  g_assert_cmpstr (studio_engine_get_analysis (engine)->lines[0].pv[0], ==, "e5f6");

  /* restart() of a working engine replaces the process too. */
  pid = studio_engine_get_pid (engine);
  studio_engine_restart (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  g_assert_cmpint (studio_engine_get_pid (engine), !=, pid);
  g_assert_true (wait_until (pid_is_gone, GINT_TO_POINTER (pid), 3000));

  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
}

static void
test_good_shutdown (void)
{
  StudioEngine *engine = fake_new ("good", NULL);
  GPid pid;

  studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  pid = studio_engine_get_pid (engine);
  studio_engine_shutdown (engine);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_NOT_STARTED);
  g_assert_cmpint (studio_engine_get_pid (engine), ==, 0);
  /* `quit` ends it without a signal, in the background. */
  g_assert_true (wait_until (pid_is_gone, GINT_TO_POINTER (pid), 3000));

  /* It can be started again. */
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  pid = studio_engine_get_pid (engine);
  g_assert_cmpint (pid, >, 0);
  /* Disposing while analysing leaves no process behind. */
  finalize_and_check_pid (engine, pid);
}

/* ------------------------------------------------------------------ */
/* Misbehaving engines                                                 */
/* ------------------------------------------------------------------ */

static void
test_crash_at_start (void)
{
  StudioEngine *engine = fake_new ("crash-at-start", NULL);
  Recorder *r = recorder_new (engine);
  const char *error;

  studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_CRASHED, 5000));
  error = studio_engine_get_last_error (engine);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error, "while starting"));
  g_assert_nonnull (strstr (error, "exit status 3"));
  g_assert_nonnull (strstr (error, "cannot open its network file"));
  g_assert_cmpint (studio_engine_get_pid (engine), ==, 0);
  g_assert_false (recorder_saw_state (r, STUDIO_ENGINE_STATE_IDLE));

  /* restart() tries again (and fails again, the same way). */
  g_array_set_size (r->states, 0);
  studio_engine_restart (engine);
  g_assert_true (recorder_saw_state (r, STUDIO_ENGINE_STATE_STARTING));
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_CRASHED, 5000));
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine), "exit status 3"));

  finalize_and_check_pid (engine, 0);
  recorder_free (r);
}

static void
test_crash_mid_search (void)
{
  StudioEngine *engine = fake_new ("crash-mid-search", NULL);
  Recorder *r = recorder_new (engine);
  const char *error;
  guint generation;
  GPid pid;

  generation = studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  pid = studio_engine_get_pid (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_CRASHED, 5000));
  error = studio_engine_get_last_error (engine);
  g_assert_nonnull (strstr (error, "killed by signal 6"));
  g_assert_null (strstr (error, "while starting"));
  g_assert_nonnull (strstr (error, "assertion failed in search"));
  g_assert_true (pid_is_gone (GINT_TO_POINTER (pid)));
  /* What it found before crashing stays readable. */
  g_assert_cmpuint (studio_engine_get_analysis (engine)->generation, ==, generation);

  /* Restart resumes the desired search (which crashes it again). */
  g_array_set_size (r->states, 0);
  studio_engine_restart (engine);
  g_assert_null (studio_engine_get_last_error (engine));
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_CRASHED, 5000));
  g_assert_true (recorder_saw_state (r, STUDIO_ENGINE_STATE_ANALYSING));

  finalize_and_check_pid (engine, 0);
  recorder_free (r);
}

/* The last line without a newline is read; the exit after it is a crash. */
static void
test_exit_on_stop (void)
{
  StudioEngine *engine = fake_new ("exit-on-stop", NULL);
  Recorder *r = recorder_new (engine);
  const char *moves[] = { "g3h4", NULL };
  StudioEngineAnalysis *a;

  studio_engine_analyze (engine, NULL, moves, 1);
  g_assert_true (wait_for_analysis (engine, 1, 2, 5000));
  studio_engine_stop (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_CRASHED, 3000));
  g_assert_true (recorder_saw_state (r, STUDIO_ENGINE_STATE_IDLE));
  g_assert_cmpstr (studio_engine_get_last_error (engine), ==, "The engine stopped unexpectedly (exit status 0).");
  spin (50);
  a = studio_engine_get_analysis (engine);
  g_assert_true (a->finished);
  g_assert_cmpstr (a->bestmove, ==, "g3h4");

  finalize_and_check_pid (engine, 0);
  recorder_free (r);
}

static void
test_hang_on_stop (void)
{
  StudioEngine *engine = fake_new ("hang-on-stop", NULL);
  GPid pid;

  studio_engine_set_timeouts (engine, 0, 0, 400, 200);
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_analysis (engine, 1, 2, 5000));
  pid = studio_engine_get_pid (engine);
  studio_engine_stop (engine);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_STOPPING);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_HUNG, 3000));
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine), "“stop” within 0.4 s"));
  g_assert_cmpint (studio_engine_get_pid (engine), ==, 0);
  /* The hung engine is ended in the background. */
  g_assert_true (wait_until (pid_is_gone, GINT_TO_POINTER (pid), 3000));

  finalize_and_check_pid (engine, pid);
}

static void
test_hang_in_search (void)
{
  StudioEngine *engine = fake_new ("hang-in-search", NULL);
  Recorder *r = recorder_new (engine);
  GPid pid;

  /* Ping every 200 ms, 400 ms to answer. */
  studio_engine_set_timeouts (engine, 0, 200, 400, 200);
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  pid = studio_engine_get_pid (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_HUNG, 3000));
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine), "no “readyok” within 0.4 s"));
  /* It reads nothing, so `quit` cannot end it: SIGTERM does. */
  g_assert_true (wait_until (pid_is_gone, GINT_TO_POINTER (pid), 3000));
  g_assert_false (recorder_saw_state (r, STUDIO_ENGINE_STATE_STOPPING));

  finalize_and_check_pid (engine, pid);
  recorder_free (r);
}

static void
test_flood_throttled (void)
{
  StudioEngine *engine = fake_new ("flood", "10000");
  Recorder *r;
  gint64 start;
  guint n;
  GPid pid;

  studio_engine_analyze (engine, NULL, NULL, 2);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  r = recorder_new (engine);
  start = g_get_monotonic_time ();
  spin (2000);
  n = r->analyses->len;
  g_test_message ("%u analyses published in %.2f s of a flood of 10000 lines/s", n,
                  (g_get_monotonic_time () - start) / 1e6);

  /* The engine survives the flood ... */
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_ANALYSING);
  /* ... its lines do arrive (the fake counts 1000 nodes a line) ... */
  g_assert_cmpint (studio_engine_get_analysis (engine)->nodes, >, 5000 * 1000);
  /* ... and no more than ~10 updates a second reach the view. */
  g_assert_cmpuint (n, >=, 8);
  g_assert_cmpuint (n, <=, 21);
  for (guint i = 1; i < r->times->len; i++)
    {
      gint64 gap = g_array_index (r->times, gint64, i) - g_array_index (r->times, gint64, i - 1);

      g_assert_cmpint (gap, >=, 95 * 1000);
    }

  /* And it still answers stop. */
  studio_engine_stop (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 3000));

  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
  recorder_free (r);
}

static void
test_flood_limit (void)
{
  StudioEngine *engine = fake_new ("flood", "20000");
  GPid pid;

  studio_engine_set_max_lines_per_second (engine, 5000);
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  pid = studio_engine_get_pid (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_FAILED, 5000));
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine), "more than 5000 lines in a second"));
  g_assert_true (wait_until (pid_is_gone, GINT_TO_POINTER (pid), 3000));
  finalize_and_check_pid (engine, pid);
}

static void
test_long_line (void)
{
  StudioEngine *engine = fake_new ("long-line", NULL);
  GPid pid;

  studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  pid = studio_engine_get_pid (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_FAILED, 5000));
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine), "longer than 64 KiB"));
  g_assert_cmpuint (studio_engine_get_analysis (engine)->n_lines, ==, 0);
  finalize_and_check_pid (engine, pid);
}

static void
test_garbage (void)
{
  StudioEngine *engine = fake_new ("garbage", NULL);
  GPid pid;

  /* A banner and some junk before uciok are tolerated ... */
  g_assert_true (studio_engine_start (engine));
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
  g_assert_cmpstr (studio_engine_get_name (engine), ==, "Fake Engine (garbage)");
  /* ... a search that prints only junk is not. */
  studio_engine_analyze (engine, NULL, NULL, 1);
  pid = studio_engine_get_pid (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_FAILED, 5000));
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine), "not UCI"));
  /* None of the malformed info lines reached the model. */
  g_assert_cmpuint (studio_engine_get_analysis (engine)->n_lines, ==, 0);
  g_assert_cmpint (studio_engine_get_analysis (engine)->nodes, ==, 0);
  finalize_and_check_pid (engine, pid);
}

static void
test_garbage_only (void)
{
  StudioEngine *engine = fake_new ("garbage-only", NULL);
  GPid pid;

  studio_engine_set_timeouts (engine, 500, 0, 0, 0);
  g_assert_true (studio_engine_start (engine));
  pid = studio_engine_get_pid (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_FAILED, 3000));
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine), "within 0.5 s"));
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine), "not seem to be a UCI engine"));
  finalize_and_check_pid (engine, pid);
}

static void
test_late_uciok (void)
{
  StudioEngine *engine = fake_new ("late-uciok", "1000");
  GPid pid;

  /* Late but within the time-out: fine. */
  studio_engine_set_timeouts (engine, 3000, 0, 0, 0);
  studio_engine_start (engine);
  spin (500);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_STARTING);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 3000));
  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);

  /* Later than the time-out: hung. */
  engine = fake_new ("late-uciok", "1000");
  studio_engine_set_timeouts (engine, 300, 0, 0, 0);
  studio_engine_start (engine);
  pid = studio_engine_get_pid (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_HUNG, 3000));
  /* The banner is not mistaken for the output of a non-UCI program. */
  g_assert_cmpstr (studio_engine_get_last_error (engine), ==, "The engine did not answer “uci” within 0.3 s.");
  finalize_and_check_pid (engine, pid);
}

/* An engine that prints `uciok` before it is sent `uci`: that uciok
 * answers nothing, so the handshake waits for the one that answers `uci`
 * and the options declared before it are sent. */
static void
test_early_uciok (void)
{
  g_autofree char *dir = g_dir_make_tmp ("engine-log-XXXXXX", NULL);
  g_autofree char *log = g_build_filename (dir, "received", NULL);
  StudioEngine *engine;
  LogWait wait = { log, "setoption name UCI_Variant value cheops" };
  GPid pid;

  g_setenv ("FAKE_ENGINE_LOG", log, TRUE);
  engine = fake_new ("early-uciok", NULL);
  studio_engine_set_option (engine, "Hash", "64");
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_unsetenv ("FAKE_ENGINE_LOG");
  g_assert_true (wait_for_analysis (engine, 1, 1, 5000));
  g_assert_true (log_has_line (&wait));
  wait.line = "setoption name Hash value 64";
  g_assert_true (log_has_line (&wait));
  g_assert_null (studio_engine_get_last_error (engine));

  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
  g_remove (log);
  g_rmdir (dir);
}

/* Issue 25: an engine that answers `isready` during a search only after
 * `stop` (as some do), but goes on sending info lines, is not hung: the
 * info lines show it alive.  (Before: HUNG and killed after the reply
 * time-out, 0.3 s here.) */
static void
test_readyok_after_stop (void)
{
  StudioEngine *engine = fake_new ("readyok-after-stop", NULL);
  GPid pid;

  studio_engine_set_timeouts (engine, 0, 100, 300, 0); /* ping every 100 ms, 300 ms for readyok */
  studio_engine_start (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_ANALYSING, 5000));
  spin (1500);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_ANALYSING);
  g_assert_null (studio_engine_get_last_error (engine));
  studio_engine_stop (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
  /* The held readyok arrives after the bestmove, and all is well. */
  spin (300);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_IDLE);
  g_assert_null (studio_engine_get_last_error (engine));
  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
}

/* The time allowed for a reply is the setting engine-reply-timeout
 * (seconds; the tests run on the memory backend): a readyok 2 s late is a
 * hang with 1 s and fine with 3 s. */
static void
test_reply_timeout_setting (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");
  /* Not fake_new(): its time-outs would override the setting. */
  const char *argv[] = { fake_path, "slow-readyok", "2000", NULL };
  StudioEngine *engine;
  GPid pid;

  g_assert_cmpint (g_settings_get_int (settings, "engine-reply-timeout"), ==, 10);
  g_settings_set_int (settings, "engine-reply-timeout", 1);
  engine = studio_engine_new (argv);
  studio_engine_start (engine);
  pid = studio_engine_get_pid (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_HUNG, 5000));
  g_assert_cmpstr (studio_engine_get_last_error (engine), ==,
                   "The engine did not answer “isready” within 1 s while starting.");
  finalize_and_check_pid (engine, pid);

  g_settings_set_int (settings, "engine-reply-timeout", 3);
  engine = studio_engine_new (argv);
  studio_engine_start (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
  g_assert_null (studio_engine_get_last_error (engine));
  /* A change reaches an engine already made. */
  g_settings_set_int (settings, "engine-reply-timeout", 1);
  studio_engine_set_timeouts (engine, 0, 200, 0, 0); /* ping every 200 ms */
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_HUNG, 5000));
  g_assert_cmpstr (studio_engine_get_last_error (engine), ==,
                   "The engine stopped answering: no “readyok” within 1 s.");
  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
  g_settings_reset (settings, "engine-reply-timeout");
}

/* A bestmove with an upper-case piece letter is a move (its letter
 * lower-cased); one that is not move text makes the engine FAILED with a
 * message saying so, not HUNG after the stop time-out. */
static void
test_bestmove_case (void)
{
  StudioEngine *engine;
  GPid pid;

  g_setenv ("FAKE_ENGINE_BESTMOVE", "i8i9Q", TRUE);
  engine = fake_new ("good", NULL);
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_unsetenv ("FAKE_ENGINE_BESTMOVE");
  g_assert_true (wait_for_analysis (engine, 1, 1, 5000));
  studio_engine_stop (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
  spin (300); /* the analysis is published at most every 100 ms */
  g_assert_cmpstr (studio_engine_get_analysis (engine)->bestmove, ==, "i8i9q");
  g_assert_null (studio_engine_get_last_error (engine));
  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);

  g_setenv ("FAKE_ENGINE_BESTMOVE", "i8i9=q", TRUE);
  engine = fake_new ("good", NULL);
  studio_engine_analyze (engine, NULL, NULL, 1);
  g_unsetenv ("FAKE_ENGINE_BESTMOVE");
  g_assert_true (wait_for_analysis (engine, 1, 1, 5000));
  pid = studio_engine_get_pid (engine);
  studio_engine_stop (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_FAILED, 5000));
  g_assert_cmpstr (studio_engine_get_last_error (engine), ==,
                   "The engine answered “bestmove i8i9=q”, but “i8i9=q” is not move text.");
  finalize_and_check_pid (engine, pid);
}

static void
test_no_cheops (void)
{
  StudioEngine *engine = fake_new ("no-cheops", NULL);
  GPid pid;

  studio_engine_start (engine);
  pid = studio_engine_get_pid (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_FAILED, 3000));
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine), "does not play Cheops (its variants are: chess, shogi)"));
  finalize_and_check_pid (engine, pid);
}

static void
test_ignore_quit (void)
{
  StudioEngine *engine = fake_new ("ignore-quit", NULL);
  gint64 start;
  GPid pid;

  studio_engine_set_timeouts (engine, 0, 0, 0, 200);
  studio_engine_start (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
  pid = studio_engine_get_pid (engine);

  /* Disposing: quit (ignored), SIGTERM (ignored), SIGKILL; and reaped
   * before the unref returns. */
  start = g_get_monotonic_time ();
  finalize_and_check_pid (engine, pid);
  g_test_message ("dispose took %.3f s", (g_get_monotonic_time () - start) / 1e6);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 3 * G_USEC_PER_SEC);

  /* The same through shutdown(), without blocking. */
  engine = fake_new ("ignore-quit", NULL);
  studio_engine_set_timeouts (engine, 0, 0, 0, 200);
  studio_engine_start (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
  pid = studio_engine_get_pid (engine);
  start = g_get_monotonic_time ();
  studio_engine_shutdown (engine);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 100 * 1000);
  g_assert_false (pid_is_gone (GINT_TO_POINTER (pid)));
  g_assert_true (wait_until (pid_is_gone, GINT_TO_POINTER (pid), 3000));
  finalize_and_check_pid (engine, pid);
}

/* The studio dies without disposing anything (a crash, kill -9): the
 * kernel ends the engine (PR_SET_PDEATHSIG).  The engine here ignores EOF on
 * stdin and SIGTERM, so nothing else would end it. */
static void
test_parent_dies (void)
{
  const char *pid_file = g_getenv ("STUDIO_TEST_PID_FILE");
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  GPid pid;
  gboolean gone;
  int fd;

  if (g_test_subprocess ())
    {
      StudioEngine *engine = fake_new ("ignore-quit", NULL);
      g_autofree char *text = NULL;

      studio_engine_start (engine);
      g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
      text = g_strdup_printf ("%d", (int) studio_engine_get_pid (engine));
      g_assert_true (g_file_set_contents (pid_file, text, -1, NULL));
      _exit (0);
    }

  fd = g_file_open_tmp ("studio-engine-pid-XXXXXX", &path, &error);
  g_assert_no_error (error);
  close (fd);
  g_setenv ("STUDIO_TEST_PID_FILE", path, TRUE);
  g_test_trap_subprocess (NULL, 20 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_unsetenv ("STUDIO_TEST_PID_FILE");

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_unlink (path);
  pid = (GPid) atoi (contents);
  g_assert_cmpint (pid, >, 0);
  /* Orphans are reaped by init (or the nearest subreaper), so "gone" means
   * no such process any more. */
  gone = wait_until (pid_is_gone, GINT_TO_POINTER (pid), 3000);
  if (!gone)
    kill (pid, SIGKILL);
  g_assert_true (gone);
}

static void
test_spawn_failure (void)
{
  const char *argv[] = { "/nonexistent/cheops-engine", NULL };
  StudioEngine *engine = studio_engine_new (argv);

  g_assert_false (studio_engine_start (engine));
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_FAILED);
  g_assert_nonnull (strstr (studio_engine_get_last_error (engine),
                            "Could not start the engine “/nonexistent/cheops-engine”"));
  /* The desired search waits for a restart. */
  g_assert_cmpuint (studio_engine_analyze (engine, NULL, NULL, 1), ==, 1);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_FAILED);
  finalize_and_check_pid (engine, 0);
}

static void
test_bad_input (void)
{
  StudioEngine *engine = fake_new ("good", NULL);
  const char *bad_moves[] = { "d3e4", "quit", NULL };

  g_assert_cmpuint (studio_engine_analyze (engine, "1/3 a 0 1\nquit", NULL, 1), ==, 0);
  g_assert_cmpuint (studio_engine_analyze (engine, NULL, bad_moves, 1), ==, 0);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_NOT_STARTED);
  g_assert_cmpuint (studio_engine_get_generation (engine), ==, 0);
  finalize_and_check_pid (engine, 0);
}

static void
test_default_path (void)
{
  const char *build_engine = g_getenv ("CHEOPS_BUILD_ENGINE");
  g_autofree char *saved = g_strdup (g_getenv ("CHEOPS_ENGINE"));
  g_autofree char *path = NULL;
  g_autoptr(StudioEngine) engine = NULL;

  g_setenv ("CHEOPS_ENGINE", "/opt/my-engine", TRUE);
  path = cheops_uci_engine_find_bundled ();
  g_assert_cmpstr (path, ==, "/opt/my-engine");
  engine = studio_engine_new (NULL);
  g_assert_cmpstr (studio_engine_get_argv (engine)[0], ==, "/opt/my-engine");
  g_assert_null (studio_engine_get_argv (engine)[1]);
  g_clear_pointer (&path, g_free);

  /* This test runs from the build tree: the build tree's engine. */
  g_unsetenv ("CHEOPS_ENGINE");
  path = cheops_uci_engine_find_bundled ();
  g_assert_cmpstr (path, ==, build_engine);
  g_clear_pointer (&path, g_free);

  g_setenv ("CHEOPS_ENGINE", "", TRUE);
  path = cheops_uci_engine_find_bundled ();
  g_assert_cmpstr (path, ==, build_engine);

  if (saved != NULL)
    g_setenv ("CHEOPS_ENGINE", saved, TRUE);
  else
    g_unsetenv ("CHEOPS_ENGINE");
}

/* A real UCI engine that does not play Cheops (Fairy-Stockfish, installed
 * as a Debian package on the CI machine): its long option list is read
 * without complaint, and the missing variant is said plainly. */
static void
test_real_uci_engine_without_cheops (void)
{
  const char *argv[] = { "/usr/games/fairy-stockfish", NULL };
  StudioEngine *engine;
  GPid pid;

  if (!g_file_test (argv[0], G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no /usr/games/fairy-stockfish");
      return;
    }
  engine = studio_engine_new (argv);
  studio_engine_analyze (engine, NULL, NULL, 1);
  pid = studio_engine_get_pid (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_FAILED, 10000));
  g_assert_cmpstr (studio_engine_get_name (engine), ==, "Fairy-Stockfish 11.1 LB 64");
  g_assert_cmpstr (studio_engine_get_last_error (engine), ==,
                   "The engine does not play Cheops (its variants are: 3check, 5check, ai-wok, "
                   "almost, amazon, antichess, asean, breakthrough, bughouse, cambodian, …).");
  g_assert_cmpint (studio_engine_lookup_option (engine, "MultiPV")->max, ==, 500);
  g_assert_cmpstr (studio_engine_lookup_option (engine, "Debug Log File")->default_value, ==, "");
  finalize_and_check_pid (engine, pid);
}

/* ------------------------------------------------------------------ */
/* The real engine                                                     */
/* ------------------------------------------------------------------ */

static void
test_real_engine (void)
{
  const char *path = g_getenv ("CHEOPS_BUILD_ENGINE");
  const char *argv[] = { path, NULL };
  StudioEngine *engine;
  StudioEngineAnalysis *a;
  GPid pid;

  if (path == NULL || !g_file_test (path, G_FILE_TEST_IS_EXECUTABLE))
    {
      g_test_skip ("no cheops-engine in the build tree");
      return;
    }

  engine = studio_engine_new (argv);
  /* Ping every 200 ms: the engine must answer isready while searching. */
  studio_engine_set_timeouts (engine, 0, 200, 0, 0);
  studio_engine_analyze (engine, NULL, NULL, 2);
  g_assert_true (wait_for_analysis (engine, 2, 3, 20000));
  spin (1000);
  g_assert_cmpint (studio_engine_get_state (engine), ==, STUDIO_ENGINE_STATE_ANALYSING);
  g_assert_null (studio_engine_get_last_error (engine));
  g_assert_nonnull (studio_engine_get_name (engine));
  a = studio_engine_get_analysis (engine);
  for (guint i = 0; i < a->n_lines; i++)
    {
      g_autoptr(GError) error = NULL;
      g_auto(GStrv) san = cheops_uci_pv_to_san (&cheops_variant_cheops, a->fen, (const char *const *) a->moves,
                                                   (const char *const *) a->lines[i].pv, &error);

      /* Every move of every line is legal. */
      g_assert_no_error (error);
      g_assert_cmpuint (g_strv_length (san), ==, g_strv_length (a->lines[i].pv));
      g_assert_cmpuint (g_strv_length (san), >, 0);
      g_assert_cmpint (a->lines[i].score_kind, !=, CHEOPS_UCI_SCORE_NONE);
    }
  g_assert_cmpint (a->nodes, >, 0);

  /* Play the best move: every line shown from then on is legal in the new
   * position (a stale line of the old one would mostly not be). */
  {
    g_autofree char *best = g_strdup (a->lines[0].pv[0]);
    const char *moves[] = { best, NULL };
    Recorder *r = recorder_new (engine);
    guint generation;

    studio_engine_set_update_interval (engine, 0);
    generation = studio_engine_analyze (engine, NULL, moves, 2);
    g_assert_true (wait_for_analysis (engine, 2, 3, 20000));
    g_assert_cmpuint (r->analyses->len, >=, 2);
    for (guint i = 0; i < r->analyses->len; i++)
      {
        StudioEngineAnalysis *b = g_ptr_array_index (r->analyses, i);

        g_assert_cmpuint (b->generation, ==, generation);
        g_assert_cmpstr (b->moves[0], ==, best);
        for (guint j = 0; j < b->n_lines; j++)
          {
            g_autoptr(GError) error = NULL;
            g_auto(GStrv) san = cheops_uci_pv_to_san (&cheops_variant_cheops, NULL, moves, (const char *const *) b->lines[j].pv, &error);

            g_assert_no_error (error);
            g_assert_cmpuint (g_strv_length (san), ==, g_strv_length (b->lines[j].pv));
          }
      }
    recorder_free (r);
  }

  studio_engine_stop (engine);
  g_assert_true (wait_for_state (engine, STUDIO_ENGINE_STATE_IDLE, 5000));
  pid = studio_engine_get_pid (engine);
  finalize_and_check_pid (engine, pid);
}

/* The Threads and Hash the studio gives an engine until the user sets them
 * (issue 19): from the machine's processors and memory, exact values of the
 * rule; the user's own value wins, a reset brings the machine's back. */
static void
test_machine_defaults (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("org.cheops.Studio");

  g_assert_cmpint (studio_engine_default_threads (0), ==, 1);
  g_assert_cmpint (studio_engine_default_threads (1), ==, 1);
  g_assert_cmpint (studio_engine_default_threads (2), ==, 2);
  g_assert_cmpint (studio_engine_default_threads (4), ==, 4);
  g_assert_cmpint (studio_engine_default_threads (8), ==, 7);
  g_assert_cmpint (studio_engine_default_threads (64), ==, 63);
  g_assert_cmpint (studio_engine_default_threads (256), ==, 64);

  /* MiB of memory, MiB available (0: unknown). */
  g_assert_cmpint (studio_engine_default_hash (0, 0), ==, 16);
  g_assert_cmpint (studio_engine_default_hash (256, 0), ==, 16);
  g_assert_cmpint (studio_engine_default_hash (1024, 0), ==, 32);
  g_assert_cmpint (studio_engine_default_hash (2048, 1500), ==, 64);
  g_assert_cmpint (studio_engine_default_hash (4096, 0), ==, 128);
  g_assert_cmpint (studio_engine_default_hash (4000, 0), ==, 64);
  g_assert_cmpint (studio_engine_default_hash (8192, 8000), ==, 256);
  g_assert_cmpint (studio_engine_default_hash (24105, 23068), ==, 256);
  g_assert_cmpint (studio_engine_default_hash (1 << 20, 0), ==, 256);
  /* Little available now: a quarter of it. */
  g_assert_cmpint (studio_engine_default_hash (16384, 600), ==, 128);
  g_assert_cmpint (studio_engine_default_hash (16384, 100), ==, 16);

  g_test_message ("this machine: %u processors, %d threads, Hash %d MiB", g_get_num_processors (),
                  studio_engine_machine_threads (), studio_engine_machine_hash ());
  g_assert_cmpint (studio_engine_machine_threads (), ==, studio_engine_default_threads (g_get_num_processors ()));

  g_settings_reset (settings, "engine-threads");
  g_settings_reset (settings, "engine-hash");
  g_assert_cmpint (studio_engine_option_setting (settings, "engine-threads"), ==, studio_engine_machine_threads ());
  g_assert_cmpint (studio_engine_option_setting (settings, "engine-hash"), ==, studio_engine_machine_hash ());
  /* The user's choice wins, even the schema's default value. */
  g_settings_set_int (settings, "engine-threads", 1);
  g_settings_set_int (settings, "engine-hash", 16);
  g_assert_cmpint (studio_engine_option_setting (settings, "engine-threads"), ==, 1);
  g_assert_cmpint (studio_engine_option_setting (settings, "engine-hash"), ==, 16);
  g_settings_reset (settings, "engine-threads");
  g_settings_reset (settings, "engine-hash");
  g_assert_cmpint (studio_engine_option_setting (settings, "engine-hash"), ==, studio_engine_machine_hash ());
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  fake_path = g_getenv ("STUDIO_FAKE_ENGINE");
  if (fake_path == NULL)
    g_error ("STUDIO_FAKE_ENGINE is not set (run through meson test)");

  g_test_add_func ("/studio/engine-client/machine-defaults", test_machine_defaults);
  g_test_add_func ("/studio/engine-client/good/handshake", test_good_handshake);
  g_test_add_func ("/studio/engine-client/good/analyze-and-stop", test_good_analyze_and_stop);
  g_test_add_func ("/studio/engine-client/good/generation", test_good_generation);
  g_test_add_func ("/studio/engine-client/good/set-option", test_good_set_option);
  g_test_add_func ("/studio/engine-client/good/set-option-clamped", test_good_set_option_clamped);
  g_test_add_func ("/studio/engine-client/good/slow-option", test_good_slow_option);
  g_test_add_func ("/studio/engine-client/good/variant", test_good_variant);
  g_test_add_func ("/studio/engine-client/good/shutdown", test_good_shutdown);
  g_test_add_func ("/studio/engine-client/good/killed-and-restarted", test_good_killed_and_restarted);
  g_test_add_func ("/studio/engine-client/bad-input", test_bad_input);
  g_test_add_func ("/studio/engine-client/default-path", test_default_path);
  g_test_add_func ("/studio/engine-client/crash-at-start", test_crash_at_start);
  g_test_add_func ("/studio/engine-client/crash-mid-search", test_crash_mid_search);
  g_test_add_func ("/studio/engine-client/good/abandon", test_good_abandon);
  g_test_add_func ("/studio/engine-client/exit-on-stop", test_exit_on_stop);
  g_test_add_func ("/studio/engine-client/hang-on-stop", test_hang_on_stop);
  g_test_add_func ("/studio/engine-client/hang-in-search", test_hang_in_search);
  g_test_add_func ("/studio/engine-client/flood/throttled", test_flood_throttled);
  g_test_add_func ("/studio/engine-client/flood/limit", test_flood_limit);
  g_test_add_func ("/studio/engine-client/long-line", test_long_line);
  g_test_add_func ("/studio/engine-client/garbage", test_garbage);
  g_test_add_func ("/studio/engine-client/garbage-only", test_garbage_only);
  g_test_add_func ("/studio/engine-client/late-uciok", test_late_uciok);
  g_test_add_func ("/studio/engine-client/early-uciok", test_early_uciok);
  g_test_add_func ("/studio/engine-client/bestmove-case", test_bestmove_case);
  g_test_add_func ("/studio/engine-client/reply-timeout-setting", test_reply_timeout_setting);
  g_test_add_func ("/studio/engine-client/no-cheops", test_no_cheops);
  g_test_add_func ("/studio/engine-client/ignore-quit", test_ignore_quit);
  g_test_add_func ("/studio/engine-client/spawn-failure", test_spawn_failure);
  g_test_add_func ("/studio/engine-client/parent-dies", test_parent_dies);
  g_test_add_func ("/studio/engine-client/readyok-after-stop", test_readyok_after_stop);
  g_test_add_func ("/studio/engine-client/real-engine", test_real_engine);
  g_test_add_func ("/studio/engine-client/real-uci-engine-without-cheops", test_real_uci_engine_without_cheops);

  return g_test_run ();
}
