/* cheops-tool-uci.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A UCI engine process for the command-line tool, driven synchronously
 * (`cheops match`, `cheops analyse`): spawned with GSubprocess from its
 * command split into argv by shell rules (never through a shell), its
 * output read line by line by a thread into a queue, waits with
 * deadlines: a CheopsUciEngine (src/game/cheops-uci-engine.h, shared with
 * `cheops suite run` and the studio's suite runner) held the way these
 * commands hold a player.  The studio's analysis has its own, asynchronous
 * client (src/studio/studio-engine.c).
 */
#pragma once

#include <gio/gio.h>

#include "cheops-uci-engine.h"
#include "cheops-variant.h"

/* One engine process.  Zero-initialise, set @command, then
 * cheops_tool_engine_start(). */
typedef struct {
  char            *command;   /* the command line (not owned) */
  char            *name;      /* its `id name`, else a copy of @command (owned, freed by the caller) */
  CheopsUciEngine *uci;       /* the process, NULL when there is none */
} CheopsToolEngine;

/* Spawns @engine->command and does the handshake (`uci` ... `uciok`,
 * within 10 s), then, for a non-NULL @variant, `setoption name UCI_Variant
 * value <variant->name>`.  FALSE with a G_SHELL_ERROR, G_SPAWN_ERROR or
 * G_IO_ERROR_TIMED_OUT ("'CMD' did not answer uciok") otherwise. */
gboolean cheops_tool_engine_start    (CheopsToolEngine *engine,
                                      const CheopsVariant *variant,
                                      GError          **error);
/* Sends one command (a line break is added); FALSE when there is no
 * process or the write fails. */
gboolean cheops_tool_engine_send     (CheopsToolEngine *engine,
                                      const char       *format,
                                      ...) G_GNUC_PRINTF (2, 3);
/* Waits until @deadline (monotonic µs) for a line starting with @prefix
 * (followed by a space or its end; "" matches any line): the line
 * (owned), or NULL on time-out or at the end of the engine's output.
 * Lines before it are dropped, or handed to @skipped (may be NULL) with
 * @data first. */
char    *cheops_tool_engine_wait_for (CheopsToolEngine *engine,
                                      const char       *prefix,
                                      gint64            deadline,
                                      void            (*skipped) (const char *line, gpointer data),
                                      gpointer          data);
/* Sends `isready` and waits up to 10 s for `readyok`. */
gboolean cheops_tool_engine_sync     (CheopsToolEngine *engine);
/* `quit`, closes its input, drains its output for up to 2 s, kills it and
 * reaps it.  Does nothing without a process.  @engine->name stays. */
void     cheops_tool_engine_stop     (CheopsToolEngine *engine);
