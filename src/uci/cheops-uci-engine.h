/* cheops-uci-engine.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CheopsUciEngine: one UCI engine process driven synchronously, line by
 * line, for the command line (`cheops match`, `analyse`, `openings`,
 * `suite run`) and for the studio's suite runner (which drives it from a
 * worker thread); part of the UCI client library (src/uci/meson.build).
 *
 * The process is spawned with GSubprocess from a command split into argv
 * by shell rules (never through a shell), with PR_SET_PDEATHSIG on Linux so
 * that it dies with the thread that started it; a reader thread queues its
 * output lines.  SIGPIPE is ignored (if it had its default action) so that
 * writing to a dead engine fails instead of ending the program.
 * cheops_uci_engine_free() always reaps it: `quit`, close
 * its input, wait up to 2 s, then SIGKILL and wait.  Nothing here knows a
 * game.
 */
#pragma once

#include <gio/gio.h>

#include "cheops-variant.h"

G_BEGIN_DECLS

typedef struct _CheopsUciEngine CheopsUciEngine;

/* Spawns @command (shell-split, e.g. "fairy-stockfish" or
 * "/usr/bin/cheops-engine --foo") and does the handshake: `uci`, waiting up
 * to 10 s for `uciok` (the `id name` line names it).  Returns a new engine
 * (free with cheops_uci_engine_free()), or NULL with @error set (a bad
 * command line, a program that cannot be spawned: G_SPAWN_ERROR or
 * G_SHELL_ERROR; no `uciok` in time: G_IO_ERROR_TIMED_OUT, the process
 * already reaped). */
CheopsUciEngine *cheops_uci_engine_new          (const char      *command,
                                                 GError         **error);
/* cheops_uci_engine_new(), then, for a non-NULL @variant, `setoption name
 * UCI_Variant value <variant->name>` (the engine plays that game; DESIGN.md
 * section 5).  Returns and fails as cheops_uci_engine_new(). */
CheopsUciEngine *cheops_uci_engine_new_for_variant (const char          *command,
                                                    const CheopsVariant *variant,
                                                    GError             **error);
/* Quits and reaps the process (see above); NULL is ignored. */
void             cheops_uci_engine_free         (CheopsUciEngine *self);
/* Kills the process at once (SIGKILL) and reaps it; later sends fail and
 * waits return NULL.  For Cancel; cheops_uci_engine_free() is still due. */
void             cheops_uci_engine_kill         (CheopsUciEngine *self);
/* The engine's `id name`, else its command (borrowed). */
const char      *cheops_uci_engine_get_name     (CheopsUciEngine *self);
/* The process's identifier (its pid as text, borrowed), or NULL once it is
 * gone (g_subprocess_get_identifier()). */
const char      *cheops_uci_engine_get_identifier (CheopsUciEngine *self);
/* The command it was started with (borrowed). */
const char      *cheops_uci_engine_get_command  (CheopsUciEngine *self);
/* Whether the engine listed the option @name (`option name NAME ...`)
 * in its handshake. */
gboolean         cheops_uci_engine_has_option   (CheopsUciEngine *self,
                                                 const char      *name);
/* Sends one line (a line break is added); FALSE if the process is gone or
 * the write failed, or @self is NULL (no engine). */
gboolean         cheops_uci_engine_send         (CheopsUciEngine *self,
                                                 const char      *format,
                                                 ...) G_GNUC_PRINTF (2, 3);
/* Waits until @deadline (g_get_monotonic_time() µs) for a line starting
 * with the word @prefix ("" for any line) and returns it (newly
 * allocated, without line break), dropping the lines before it.  NULL on
 * time-out, at the end of the engine's output (it stays the end for later
 * waits), or once @cancellable (may be NULL) is cancelled: it is checked
 * every 20 ms. */
char            *cheops_uci_engine_wait_for     (CheopsUciEngine *self,
                                                 const char      *prefix,
                                                 gint64           deadline,
                                                 GCancellable    *cancellable);
/* cheops_uci_engine_wait_for(), handing each line before the one waited
 * for to @skipped (may be NULL) with @data instead of dropping it silently
 * (the `info` lines of a search).  A NULL @self (no engine) returns NULL. */
char            *cheops_uci_engine_wait_for_full (CheopsUciEngine *self,
                                                  const char      *prefix,
                                                  gint64           deadline,
                                                  GCancellable    *cancellable,
                                                  void           (*skipped) (const char *line, gpointer data),
                                                  gpointer         data);
/* `isready`, then waits up to @timeout_ms for `readyok`; FALSE without,
 * or for a NULL @self. */
gboolean         cheops_uci_engine_sync         (CheopsUciEngine *self,
                                                 int              timeout_ms);

/* Finds the bundled engine, for every client (the studio, `cheops match`,
 * `analyse`, `openings`, `suite run`): the environment variable
 * `CHEOPS_ENGINE` if set and not empty; else, when the running program
 * lies inside the meson build tree (the studio run uninstalled, a test)
 * and the build tree's `src/engine/cheops-engine` is executable, that one;
 * else `<libexecdir>/cheops-engine` (DESIGN.md section 6).  The file is
 * not required to exist (a start then fails with a message).
 * Returns: (transfer full): an absolute path (or the variable's value). */
char            *cheops_uci_engine_find_bundled (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CheopsUciEngine, cheops_uci_engine_free)

G_END_DECLS
