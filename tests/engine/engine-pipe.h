/* engine-pipe.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Test helper: cheops-engine spawned with GSubprocess, spoken to through
 * real pipes, its output read line by line with time-outs.
 */
#pragma once

#include <gio/gio.h>

typedef struct _EnginePipe EnginePipe;

/* Spawns the engine built in this tree (CHEOPS_ENGINE_PATH) with @args
 * (NULL-terminated, may be NULL) after its name. */
EnginePipe *engine_pipe_new      (const char * const *args);
/* Sends one command line. */
void        engine_pipe_send     (EnginePipe *self,
                                  const char *format,
                                  ...) G_GNUC_PRINTF (2, 3);
/* The next line, or NULL after @timeout_ms or at the end of output. */
char       *engine_pipe_read     (EnginePipe *self,
                                  int         timeout_ms);
/* Reads until a line starting with @prefix (then a space or its end) and
 * returns it; the lines before it are appended to @before when not NULL.
 * NULL on time-out or end of output. */
char       *engine_pipe_wait_for (EnginePipe *self,
                                  const char *prefix,
                                  int         timeout_ms,
                                  GPtrArray  *before);
/* engine_pipe_wait_for() that ends the test (g_error) when no such line
 * comes within @timeout_ms; returns the line (free it). */
char       *engine_pipe_expect   (EnginePipe *self,
                                  const char *prefix,
                                  int         timeout_ms,
                                  GPtrArray  *before);
/* Sends isready, expects readyok within @timeout_ms (else ends the test)
 * and returns the lines that came before it (unref it). */
GPtrArray  *engine_pipe_sync     (EnginePipe *self,
                                  int         timeout_ms);
/* The engine's process id, as text (g_subprocess_get_identifier()). */
const char *engine_pipe_get_pid  (EnginePipe *self);
/* Sends quit, waits for the process and frees everything; returns its exit
 * status (-1 when it had to be killed). */
int         engine_pipe_free     (EnginePipe *self);
