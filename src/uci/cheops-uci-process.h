/* cheops-uci-process.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CheopsUciProcess: one engine process driven asynchronously from a GLib
 * main loop — the plumbing of the studio's engine client (StudioEngine),
 * part of the UCI client library (src/uci/meson.build).  Nothing here knows
 * UCI beyond "a line": the caller parses what it gets with
 * cheops-uci-protocol.h.
 *
 * The process is spawned with pipes on its stdin, stdout and stderr and,
 * on Linux, PR_SET_PDEATHSIG so that the kernel ends it with its parent.
 * Lines written are queued and written in order without blocking; stdout
 * is read and split into lines handed to a callback; the last lines of
 * stderr are kept to be quoted in a crash message.  Reads and writes run
 * at G_PRIORITY_DEFAULT_IDLE, below GTK's redraw priority, so that a
 * flooding engine never delays a frame (its timers, of the end and of the
 * escalation, at G_PRIORITY_DEFAULT).
 *
 * The end of the process is reported once, by the `ended` callback: when it
 * has exited and both its outputs are read to the end (so that its last
 * words on stderr are kept), or, when it closed its output or broke its
 * pipe without an exit status in sight, after a grace of half a second
 * (extended a few times while an exited process's stderr is still being
 * read).  Once let go of (cheops_uci_process_let_go()), no callback but
 * the `reaped` one of cheops_uci_process_terminate() is called.
 *
 * Not thread-safe: use it from the thread whose main context was the
 * thread-default one when it was spawned.
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct _CheopsUciProcess CheopsUciProcess;

/* What the process reports to its owner, each with the owner's @data. */
typedef struct {
  /* One line of its stdout, without the line break (any bytes but NUL;
   * the buffer is the process's: copy what you keep).  A last line
   * without a line break is handed over at the end of the output. */
  void (*line)     (const char *line,
                    gpointer    data);
  /* A line grew longer than the @max_line_bytes given at the spawn: it is
   * dropped, and this is called once per such line. */
  void (*overlong) (gpointer    data);
  /* The process is gone (see above); called at most once. */
  void (*ended)    (gpointer    data);
} CheopsUciProcessCallbacks;

/**
 * cheops_uci_process_spawn:
 * @argv: (array zero-terminated=1): the program and its arguments (no shell)
 * @max_line_bytes: the longest stdout line taken, in bytes
 * @callbacks: (not nullable): what to call, with @data; copied
 * @data: the owner's data for @callbacks (not referenced)
 * @error: set when the program cannot be started (a G_SPAWN_ERROR)
 *
 * Starts @argv with its three standard streams piped, and starts reading
 * them.
 *
 * Returns: (transfer full) (nullable): the process (one reference, freed
 *   with cheops_uci_process_unref()), or %NULL with @error set
 */
CheopsUciProcess *cheops_uci_process_spawn      (const char *const              *argv,
                                                 gsize                           max_line_bytes,
                                                 const CheopsUciProcessCallbacks *callbacks,
                                                 gpointer                        data,
                                                 GError                        **error);
/* Adds a reference; returns @self. */
CheopsUciProcess *cheops_uci_process_ref        (CheopsUciProcess  *self);
/* Drops a reference; the last one frees it (the process itself must have
 * been let go of or ended: cheops_uci_process_let_go(),
 * cheops_uci_process_terminate_sync()). */
void              cheops_uci_process_unref      (CheopsUciProcess  *self);

/* Queues @command (one line, without its line break) for the process's
 * stdin; does nothing once its stdin is being closed.  A write that fails
 * (the process is gone) drops what is queued and leads to `ended`. */
void              cheops_uci_process_send       (CheopsUciProcess  *self,
                                                 const char        *command);
/* The process's id, or 0 once it has exited (and been reaped). */
GPid              cheops_uci_process_get_pid    (CheopsUciProcess  *self);
/* Whether it has exited; its wait status (as from waitpid(): WIFSIGNALED()
 * and friends apply) is then cheops_uci_process_get_exit_status(). */
gboolean          cheops_uci_process_has_exited (CheopsUciProcess  *self);
int               cheops_uci_process_get_exit_status (CheopsUciProcess *self);
/* The last lines (at most 5, each at most 200 bytes, made valid UTF-8) it
 * wrote to stderr, oldest first: (element-type utf8) (transfer none). */
GList            *cheops_uci_process_get_stderr_tail (CheopsUciProcess *self);

/**
 * cheops_uci_process_let_go:
 * @self: a process
 *
 * Detaches the process from its owner: no callback of the spawn is called
 * any more, and its output is read on and dropped (so that it is never
 * blocked on a full pipe while it should be reading `quit`).
 */
void              cheops_uci_process_let_go     (CheopsUciProcess  *self);
/**
 * cheops_uci_process_terminate:
 * @self: a process let go of
 * @send_quit: write `quit` first (else SIGTERM at once)
 * @quit_ms: how long each step may take, in milliseconds
 * @reaped: (nullable): called once the process has exited, with @self and
 *   @data;
 *   not called if it has already exited (check
 *   cheops_uci_process_has_exited() first)
 * @data: for @reaped
 *
 * Ends the process without blocking: `quit` (if @send_quit), its stdin
 * closed, then after @quit_ms SIGTERM and after @quit_ms more SIGKILL.  Its
 * exit stops the escalation.  Does nothing the second time.
 */
void              cheops_uci_process_terminate  (CheopsUciProcess  *self,
                                                 gboolean           send_quit,
                                                 guint              quit_ms,
                                                 void             (*reaped) (CheopsUciProcess *self, gpointer data),
                                                 gpointer           data);
/**
 * cheops_uci_process_terminate_sync:
 * @self: a process
 * @quit_ms: how long each step may take, in milliseconds (at most 500)
 *
 * Ends the process now and waits until it has been reaped: `quit`, wait,
 * SIGTERM, wait, SIGKILL.  No main loop is needed (for dispose).  No
 * callback is called any more, the `reaped` one included.
 */
void              cheops_uci_process_terminate_sync (CheopsUciProcess *self,
                                                     guint             quit_ms);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CheopsUciProcess, cheops_uci_process_unref)

G_END_DECLS
