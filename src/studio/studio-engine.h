/* studio-engine.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioEngine: one UCI engine process, driven without ever blocking the
 * main loop (DESIGN.md section 5, ANCHORS.md section 3).
 *
 * How the studio uses it:
 *
 *   engine = studio_engine_new (NULL);            // the bundled cheops-engine
 *   g_signal_connect (engine, "analysis-updated", G_CALLBACK (on_analysis), self);
 *   g_signal_connect (engine, "notify::state", G_CALLBACK (on_state), self);
 *   studio_engine_analyze (engine, fen, moves, 3); // starts the engine if needed
 *   ...                                            // user goes to another node:
 *   studio_engine_analyze (engine, fen2, moves2, 3);
 *   studio_engine_stop (engine);                   // the "stop" button
 *   ...                                            // state CRASHED/HUNG/FAILED:
 *   show studio_engine_get_last_error (engine) and a Restart button that calls
 *   studio_engine_restart (engine);               // resumes the desired search
 *   g_object_unref (engine);                      // quits and reaps the process
 *
 * What it does for you:
 * - spawns the engine with GSubprocess from an argv (never a shell), reads its
 *   stdout in chunks asynchronously and splits lines, drains stderr (the last
 *   lines are quoted in crash messages), and writes through a queue of
 *   asynchronous writes;
 * - `uci` -> `uciok` and `isready` -> `readyok` with time-outs, then sets the
 *   options (`UCI_Variant` = cheops when the engine offers it, `Hash`,
 *   `Threads`, `MultiPV`, anything set with studio_engine_set_option());
 * - keeps ONE desired search: studio_engine_analyze() replaces it; a running
 *   search is stopped first and the next `position`/`go` goes out only after
 *   the engine's `bestmove` (the Lichess / Nibbler handshake); every
 *   analyze() bumps a generation counter, and info lines that arrive for an
 *   older search are dropped, so the model never shows a line for a position
 *   the user has left;
 * - merges info lines into a model (StudioEngineAnalysis) and publishes it
 *   with the "analysis-updated" signal at most once per update-interval
 *   (100 ms by default, i.e. ~10 times a second), and at once on `bestmove`
 *   and when the desired position changes;
 * - sends an `isready` ping every few seconds while analysing and times the
 *   `stop`, to tell a hung engine from a busy one;
 * - treats EOF / exit as a crash, a missed time-out as a hang, an overlong
 *   line, a flood above max-lines-per-second or a run of non-UCI lines as a
 *   failure: the process is killed, the state says which, and last-error
 *   holds a sentence for the user;
 * - on shutdown, restart and dispose: `quit`, close stdin, wait, SIGTERM,
 *   wait, SIGKILL, and wait until the child is reaped.  On Linux the child
 *   also gets PR_SET_PDEATHSIG, so it dies with the studio even if the studio
 *   crashes.  No orphan engine.
 *
 * Everything runs on the thread-default main context of the thread that
 * created the object; use it from that thread only.  Reads and timers run
 * at G_PRIORITY_DEFAULT_IDLE, below GTK's redraw priority, so a flooding
 * engine never delays a frame (bench-engine-client measures it).
 *
 * Link: meson dependency `studio_engine_dep` (src/studio/meson.build), which
 * needs GLib/GIO only, not GTK.
 */
#pragma once

#include <gio/gio.h>

#include "cheops-uci-engine.h"
#include "cheops-uci-protocol.h"
#include "cheops-variant.h"

G_BEGIN_DECLS

/* StudioEngineState: where the engine process stands (property "state"). */
typedef enum {
  STUDIO_ENGINE_STATE_NOT_STARTED = 0, /* no process (initial, or after shutdown) */
  STUDIO_ENGINE_STATE_STARTING,        /* spawned; uci/uciok, options, isready/readyok */
  STUDIO_ENGINE_STATE_IDLE,            /* ready, not searching */
  STUDIO_ENGINE_STATE_ANALYSING,       /* an infinite search is running */
  STUDIO_ENGINE_STATE_STOPPING,        /* `stop` sent, waiting for `bestmove` */
  /* The error states: the process is gone (killed if need be), last-error
   * says why, studio_engine_restart() starts a new one. */
  STUDIO_ENGINE_STATE_CRASHED,         /* it exited or closed its output unasked */
  STUDIO_ENGINE_STATE_HUNG,            /* it missed a time-out (uciok, readyok, bestmove after stop) */
  STUDIO_ENGINE_STATE_FAILED,          /* could not be started, or printed nonsense / flooded */
} StudioEngineState;

#define STUDIO_TYPE_ENGINE_STATE (studio_engine_state_get_type ())
GType        studio_engine_state_get_type (void) G_GNUC_CONST;

/* Returns TRUE for CRASHED, HUNG and FAILED. */
gboolean     studio_engine_state_is_error (StudioEngineState state);

/* StudioEngineLine: the latest information about one MultiPV line. */
typedef struct {
  int                 multipv;     /* 1-based rank */
  int                 depth;       /* plies, of the latest info for this line */
  int                 seldepth;
  CheopsUciScoreKind  score_kind;  /* NONE until the engine gave a score */
  /* Seen from the side to move in the analysed position (fen + moves):
   * centipawns, or moves to an Ascension (+N: the side to move achieves it
   * in N moves, -N: the opponent does).  See CheopsUciInfo. */
  int                 score;
  gboolean            mate_losing; /* MATE: the side to move is mated (also "mate -0") */
  CheopsUciBound      bound;       /* EXACT, or the score is a bound */
  char              **pv;          /* NULL-terminated move texts ("d3e4"); never NULL */
} StudioEngineLine;

/* StudioEngineAnalysis: an immutable snapshot of the analysis of one
 * desired search, handed out by "analysis-updated".  All fields are
 * read-only; keep it with studio_engine_analysis_ref(). */
typedef struct {
  guint               generation;  /* of the studio_engine_analyze() call it belongs to */
  char               *fen;         /* the position analysed: this FEN ... */
  char              **moves;       /* ... then these move texts (NULL-terminated, never NULL) */
  guint               n_lines;     /* lines[0..n_lines-1], sorted by multipv (1, 2, ...) */
  StudioEngineLine   *lines;
  int                 depth;       /* depth of line 1 (0 before the first info) */
  gint64              nodes;       /* latest values from any info line, 0 if none yet */
  gint64              nps;         /* nodes per second */
  int                 hashfull;    /* per mille */
  gint64              time_ms;     /* since `go` */
  gboolean            finished;    /* TRUE once `bestmove` ended this search */
  char               *bestmove;    /* move text of `bestmove` when finished, else NULL */
  /* The iteration running: the depth of the latest info line of any kind
   * (a progress line's included, 0 before the first), and the root move it
   * searches with its 1-based number in the engine's order, from the
   * latest progress line of that depth (`currmove`, `currmovenumber`);
   * NULL and 0 when the latest line named none (a new PV: the iteration
   * ended). */
  int                 search_depth;
  char               *currmove;
  int                 currmovenumber;
  /*< private >*/
  gint                ref_count;
} StudioEngineAnalysis;

#define STUDIO_TYPE_ENGINE_ANALYSIS (studio_engine_analysis_get_type ())
GType                 studio_engine_analysis_get_type (void) G_GNUC_CONST;
StudioEngineAnalysis *studio_engine_analysis_ref      (StudioEngineAnalysis *analysis);
void                  studio_engine_analysis_unref    (StudioEngineAnalysis *analysis);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (StudioEngineAnalysis, studio_engine_analysis_unref)

#define STUDIO_TYPE_ENGINE (studio_engine_get_type ())
G_DECLARE_FINAL_TYPE (StudioEngine, studio_engine, STUDIO, ENGINE, GObject)

/**
 * studio_engine_default_threads:
 * @processors: the processors this process may run on
 *
 * The rule for the Threads the studio gives an engine when the user has not
 * chosen (issue 19): every processor up to 4; beyond, one is left to the
 * studio and the desktop; at most 64 (cheops-engine's maximum).  0 counts
 * as 1.
 *
 * Returns: a thread count, 1..64
 */
int                   studio_engine_default_threads   (guint processors);
/**
 * studio_engine_default_hash:
 * @physical_mib: the machine's memory, in MiB (0: unknown)
 * @available_mib: the memory available now, in MiB (0: unknown, no limit)
 *
 * The rule for the Hash the studio gives an engine when the user has not
 * chosen (issue 19): a 32nd of the machine's memory, and no more than a
 * quarter of what is available, rounded down to a power of two, 16..256
 * MiB (a 1 GiB machine gets 32, 4 GiB 128, 8 GiB and more 256; every window
 * analyses with its own engine, and cheops-engine writes its whole table
 * when it starts).  16 MiB, the engines' usual default, fills within
 * seconds of analysis ("hash 100% full").
 *
 * Returns: a size in MiB, a power of two of 16..256
 */
int                   studio_engine_default_hash      (guint64 physical_mib,
                                                       guint64 available_mib);
/**
 * studio_engine_machine_threads:
 *
 * studio_engine_default_threads() of this machine: g_get_num_processors()
 * (the processors this process may use).
 *
 * Returns: a thread count, 1..64
 */
int                   studio_engine_machine_threads   (void);
/**
 * studio_engine_machine_hash:
 *
 * studio_engine_default_hash() of this machine: its memory from sysconf()
 * (_SC_PHYS_PAGES × _SC_PAGESIZE), what is available from MemAvailable of
 * /proc/meminfo (no limit when it cannot be read).
 *
 * Returns: a size in MiB, a power of two of 16..256
 */
int                   studio_engine_machine_hash      (void);
/**
 * studio_engine_option_setting:
 * @settings: the studio's settings (org.cheops.Studio)
 * @key: a key of @settings holding an int: "engine-threads", "engine-hash"…
 *
 * The value the studio gives the engine for @key: the user's, when the user
 * ever set it (g_settings_get_user_value()); else, for "engine-threads"
 * and "engine-hash", studio_engine_machine_threads() and
 * studio_engine_machine_hash() (the schema's defaults, 1 and 16, only say
 * "not chosen"); else the key's default.
 *
 * Returns: the number
 */
int                   studio_engine_option_setting    (GSettings  *settings,
                                                       const char *key);

/**
 * studio_engine_new:
 * @argv: (nullable) (array zero-terminated=1): the engine's program and
 *   arguments; %NULL means { cheops_uci_engine_find_bundled (), NULL }
 *
 * Creates a client in state NOT_STARTED; no process is spawned yet.
 *
 * Returns: (transfer full): a new #StudioEngine
 */
StudioEngine         *studio_engine_new               (const char *const *argv);

/**
 * studio_engine_start:
 * @self: a #StudioEngine in state NOT_STARTED or an error state
 *
 * Spawns the engine and starts the handshake (state STARTING, then IDLE, or
 * ANALYSING if a search is desired).  Does nothing in any other state.
 * If the program cannot be spawned the state becomes FAILED with last-error
 * set, and %FALSE is returned; every later failure is reported through the
 * state and last-error only.
 *
 * Returns: %FALSE if spawning failed
 */
gboolean              studio_engine_start             (StudioEngine *self);

/**
 * studio_engine_restart:
 * @self: a #StudioEngine
 *
 * Ends the current process if any (quit -> SIGTERM -> SIGKILL, without
 * blocking), clears last-error and starts a new one.  The desired search,
 * the options and the MultiPV survive, so analysis resumes where it was.
 */
void                  studio_engine_restart           (StudioEngine *self);

/**
 * studio_engine_shutdown:
 * @self: a #StudioEngine
 *
 * Forgets the desired search and ends the process (quit -> SIGTERM ->
 * SIGKILL, without blocking the main loop).  The state becomes NOT_STARTED
 * at once; the process is reaped in the background, or at the latest when
 * @self is disposed.
 */
void                  studio_engine_shutdown          (StudioEngine *self);

/**
 * studio_engine_set_variant:
 * @self: a #StudioEngine
 * @variant: the game of the positions given to studio_engine_analyze()
 *   from now on (static, of cheops_variants[]); Cheops until set
 *
 * Before the first search of a variant in an engine process the client
 * sends `setoption name UCI_Variant value <variant->name>` (when the engine
 * declares UCI_Variant).  A search of a variant the engine does not play
 * (its UCI_Variant combo does not list it; an engine without UCI_Variant
 * plays Cheops only) is not sent: the engine stays IDLE and
 * "plays-variant" turns FALSE until a search of a variant it plays.  An
 * engine that plays none of cheops_variants[] fails at the handshake.
 */
void                  studio_engine_set_variant       (StudioEngine        *self,
                                                       const CheopsVariant *variant);
const CheopsVariant  *studio_engine_get_variant       (StudioEngine        *self);

/* Property "plays-variant" (boolean, notifies): FALSE when the desired
 * search is of a variant this engine does not play (see
 * studio_engine_set_variant()); TRUE otherwise, and until known. */
gboolean              studio_engine_get_plays_variant (StudioEngine        *self);

/**
 * studio_engine_analyze:
 * @self: a #StudioEngine
 * @fen: (nullable): the FEN of the start position (DESIGN.md section 3);
 *   %NULL for the initial position
 * @moves: (nullable) (array zero-terminated=1): move texts ("d3e4") played
 *   from @fen to reach the position to analyse; the studio sends the game's
 *   moves so that the engine sees the repetition history (8.4.3)
 * @multipv: how many best lines to show, 1..256
 *
 * Makes this infinite analysis the desired search.  Bumps the generation,
 * resets the model and publishes the empty model at once (so a view clears
 * the lines of the old position).  If another search is running it is
 * stopped first; if the engine is NOT_STARTED it is started.  In an error
 * state the search is remembered and begins after studio_engine_restart().
 * Calling it again with the same position and @multipv while that search
 * runs does nothing (and returns the same generation).
 *
 * To show threats (what the opponent would play if it were its move), pass
 * the position with the side to move flipped; that is the studio's job.
 *
 * Returns: the generation of this search, or 0 if @fen or @moves cannot be
 *   sent (a control character, or a move that is not move text)
 */
guint                 studio_engine_analyze           (StudioEngine      *self,
                                                       const char        *fen,
                                                       const char *const *moves,
                                                       guint              multipv);

/**
 * studio_engine_analyze_limited:
 * @self: a #StudioEngine
 * @fen: (nullable): as for studio_engine_analyze()
 * @moves: (nullable) (array zero-terminated=1): as for studio_engine_analyze()
 * @multipv: as for studio_engine_analyze()
 * @depth: plies (`go depth`), or 0 for no depth limit
 * @movetime_ms: milliseconds (`go movetime`), or 0 for no time limit
 *
 * studio_engine_analyze() with a limit: the search ends on its own (the
 * engine's `bestmove`), and the model is then published with finished set
 * (the whole-game review queues its positions this way).  With both
 * limits 0 it is studio_engine_analyze().
 *
 * Returns: the generation of this search, or 0 as studio_engine_analyze()
 */
guint                 studio_engine_analyze_limited   (StudioEngine      *self,
                                                       const char        *fen,
                                                       const char *const *moves,
                                                       guint              multipv,
                                                       int                depth,
                                                       gint64             movetime_ms);

/**
 * studio_engine_analyze_move:
 * @self: a #StudioEngine
 * @fen: (nullable): as for studio_engine_analyze()
 * @moves: (nullable) (array zero-terminated=1): as for studio_engine_analyze()
 * @searchmove: one move's machine text, searched alone (`go searchmoves`)
 * @depth: plies (`go depth`), or 0 for no depth limit
 * @movetime_ms: milliseconds (`go movetime`), or 0 for no time limit
 *
 * studio_engine_analyze_limited() with one line (MultiPV 1) of the move
 * @searchmove only: the score of that move from the position (the
 * whole-game review compares it with the best's at the same depth).
 *
 * Returns: the search's generation, 0 when the position cannot be sent
 *   or @searchmove is not one word
 */
guint                 studio_engine_analyze_move      (StudioEngine      *self,
                                                       const char        *fen,
                                                       const char *const *moves,
                                                       const char        *searchmove,
                                                       int                depth,
                                                       gint64             movetime_ms);

/**
 * studio_engine_search:
 * @self: a #StudioEngine
 * @fen: (nullable): as for studio_engine_analyze()
 * @moves: (nullable) (array zero-terminated=1): as for studio_engine_analyze()
 * @go: the whole `go` command to send, one line ("go wtime 60000 btime
 *   60000 winc 0 binc 0", "go nodes 500 movetime 1000")
 *
 * A search for a move to play (a game against the engine,
 * studio-play.c): studio_engine_analyze_limited() with one line and the
 * limits the caller wrote; the model is published with finished set and
 * its bestmove when the engine answers.  Give a limit: a `go` without one
 * searches until studio_engine_stop().
 *
 * Returns: the search's generation, 0 as studio_engine_analyze()
 */
guint                 studio_engine_search            (StudioEngine      *self,
                                                       const char        *fen,
                                                       const char *const *moves,
                                                       const char        *go);

/**
 * studio_engine_stop:
 * @self: a #StudioEngine
 *
 * Forgets the desired search and stops the running one (`stop`, state
 * STOPPING until `bestmove`, then IDLE).  The last model stays readable and
 * is published once more, with finished set, when `bestmove` arrives.
 */
void                  studio_engine_stop              (StudioEngine *self);

/**
 * studio_engine_abandon:
 * @self: a #StudioEngine
 *
 * Like studio_engine_stop(), for a position the user has left (one with
 * nothing to analyse, a finished game): starts a new generation with no
 * search, publishes an empty model at once (no fen, no moves, no lines) and
 * stops the running search; the lines and the `bestmove` the engine still
 * prints for the old search are dropped, never published.
 */
void                  studio_engine_abandon           (StudioEngine *self);

/**
 * studio_engine_set_option:
 * @self: a #StudioEngine
 * @name: a UCI option name ("Hash", "Threads", ...); "MultiPV" is
 *   handled as studio_engine_analyze() with the desired position and the
 *   new count (1..256; anything else is ignored)
 * @value: (nullable): the value as UCI text ("64", "true"), %NULL for a button
 *
 * Remembers the option and sends it when the engine is not searching (UCI
 * forbids `setoption` during a search): at once when IDLE; when ANALYSING
 * the search is stopped, the option sent and the search started again under
 * a new generation.  Remembered options are sent again after a restart.
 * Options the engine did not declare are not sent.
 */
void                  studio_engine_set_option        (StudioEngine *self,
                                                       const char   *name,
                                                       const char   *value);

/**
 * studio_engine_lookup_option:
 * @self: a #StudioEngine
 * @name: an option name, matched without regard to case as UCI says
 *
 * Returns: (transfer none) (nullable): the engine's declaration of @name
 *   (type, default, min/max, combo values), known once the state has left
 *   STARTING; %NULL if the engine does not have it
 */
const CheopsUciOption *studio_engine_lookup_option    (StudioEngine *self,
                                                       const char   *name);

/* Property "state" (StudioEngineState, notifies). */
StudioEngineState     studio_engine_get_state         (StudioEngine *self);

/**
 * studio_engine_get_last_error:
 * @self: a #StudioEngine
 *
 * Property "last-error" (notifies): a sentence for the user saying what went
 * wrong ("The engine stopped unexpectedly (killed by signal 11: Segmentation
 * fault)."), translated, possibly followed by the engine's last lines on
 * stderr.  Set on entering an error state, cleared by restart/start.
 *
 * Returns: (transfer none) (nullable): the message, or %NULL
 */
const char           *studio_engine_get_last_error    (StudioEngine *self);

/**
 * studio_engine_get_analysis:
 * @self: a #StudioEngine
 *
 * Returns: (transfer none) (nullable): the last published snapshot (the one
 *   "analysis-updated" carried last), or %NULL before the first analyze()
 */
StudioEngineAnalysis *studio_engine_get_analysis      (StudioEngine *self);

/* The generation of the desired search (0: none yet). */
guint                 studio_engine_get_generation    (StudioEngine *self);

/* Property "name": the engine's `id name`, or NULL before uciok. */
const char           *studio_engine_get_name          (StudioEngine *self);

/* The program and arguments the engine is spawned with. */
const char *const    *studio_engine_get_argv          (StudioEngine *self);

/* The process id of the running engine, or 0 when there is none (tests use
 * it to check that no process survives). */
GPid                  studio_engine_get_pid           (StudioEngine *self);

/**
 * studio_engine_set_timeouts:
 * @self: a #StudioEngine
 * @handshake_ms: time for `uciok` after `uci` and for `readyok` after the
 *   start-up `isready` (default 10000)
 * @ping_interval_ms: while analysing, an `isready` ping is sent this often
 *   (default 5000)
 * @reply_ms: time for `readyok` after a ping and for `bestmove` after `stop`
 *   (default 5000)
 * @quit_ms: after `quit`, then again after SIGTERM, how long to wait for the
 *   process to exit before the next step (default 1000)
 *
 * Sets the time-outs (milliseconds; 0 keeps the current value).  Missing
 * the first three makes the state HUNG.  Tests use short values.
 *
 * When the schema org.cheops.Studio is installed, its key
 * engine-reply-timeout (seconds, default 10) sets @handshake_ms and
 * @reply_ms at construction and again whenever it changes (the defaults
 * above apply without the schema); this function overrides it until the
 * next change.
 */
void                  studio_engine_set_timeouts      (StudioEngine *self,
                                                       guint         handshake_ms,
                                                       guint         ping_interval_ms,
                                                       guint         reply_ms,
                                                       guint         quit_ms);

/* Property "update-interval" (milliseconds, default 100, 0 = publish every
 * change): the minimum time between two "analysis-updated" emissions. */
void                  studio_engine_set_update_interval (StudioEngine *self,
                                                         guint         interval_ms);

/* Property "max-lines-per-second" (default 100000, 0 = no limit): an engine
 * that prints more lines than this within one second is FAILED ("floods"). */
void                  studio_engine_set_max_lines_per_second (StudioEngine *self,
                                                              guint         max_lines);

/*
 * Signals:
 *
 * "analysis-updated" (StudioEngine *self, StudioEngineAnalysis *analysis,
 *                     gpointer user_data)
 *   A new snapshot of the desired search's model (transfer none: ref it to
 *   keep it).  Emitted at most once per update-interval while info lines
 *   arrive; synchronously inside analyze() when the position changes (an
 *   empty model with the new generation); and in the next main loop
 *   iteration after `bestmove` ends the search (finished set) or the engine
 *   fails (the last lines it gave).
 *   Every snapshot's generation is the current desired generation at the
 *   time of emission: stale lines never reach the view.
 */

G_END_DECLS
