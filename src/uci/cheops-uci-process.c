/* cheops-uci-process.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One engine process driven asynchronously (see the header).  A small
 * ref-counted record of one spawned process: its pipes, its write queue,
 * its read buffers and its exit status.  Every asynchronous operation holds
 * a reference to the record, never to the owner, so that the owner's end is
 * never delayed by an engine that keeps its pipes open.  When the owner
 * lets go of it, the callbacks are cleared, its output is drained and
 * thrown away, and the process is ended: `quit`, close stdin, wait,
 * SIGTERM, wait, SIGKILL (the steps of PyChess and Cute Chess, ANCHORS.md
 * section 3).  cheops_uci_process_terminate_sync() does the same steps with
 * short waits and returns only once the child has been reaped.
 */

#define G_LOG_DOMAIN "cheops-uci-process"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __linux__
# include <sys/prctl.h>
#endif

#include "cheops-uci-process.h"
#include "cheops-uci-private.h"

/* Reads and writes run below GTK's redraw priority
 * (G_PRIORITY_HIGH_IDLE + 20), so a flooding engine never delays a frame. */
#define IO_PRIORITY        G_PRIORITY_DEFAULT_IDLE
/* How many lines of stderr are kept to be quoted. */
#define STDERR_TAIL_LINES  5
/* After EOF on stdout (or a broken pipe), how long to wait for the exit
 * status and the end of stderr. */
#define EXIT_GRACE_MS      500
/* After the exit, how many more graces its stderr may take to reach EOF. */
#define EXIT_GRACE_ROUNDS  6
/* In terminate_sync: the longest wait per escalation step. */
#define SYNC_STEP_MS       500

struct _CheopsUciProcess
{
  gint                      ref_count;
  CheopsUciProcessCallbacks callbacks;
  gpointer                  data;
  gboolean                  attached;  /* the callbacks are called */
  void                    (*reaped) (CheopsUciProcess *self, gpointer data);
  gpointer                  reaped_data;
  gsize                     max_line_bytes;

  GSubprocess   *subprocess;
  GPid           pid;
  GOutputStream *stdin_pipe;
  GInputStream  *stdout_pipe;
  GInputStream  *stderr_pipe;
  GCancellable  *cancellable;   /* cancelled only by terminate_sync */

  GQueue         write_queue;   /* char *, each ending in "\n" */
  GString       *stdout_buffer; /* the start of a line not yet complete */
  GString       *stderr_buffer;
  GQueue         stderr_tail;   /* char *, the last STDERR_TAIL_LINES lines */

  guint          escalation_id; /* quit -> TERM -> KILL timer */
  guint          grace_id;      /* gone, waiting for the exit status and stderr */
  guint          grace_rounds;  /* how often the grace was extended for stderr */
  int            escalation_step;
  int            exit_status;   /* as from waitpid(), valid once exited */

  guint          writing : 1;
  guint          close_after_write : 1;
  guint          stdin_closed : 1;
  guint          stdout_eof : 1;
  guint          stderr_eof : 1;
  guint          exited : 1;
  guint          terminating : 1;
  guint          ended : 1;     /* `ended` was called */
};

CheopsUciProcess *
cheops_uci_process_ref (CheopsUciProcess *self)
{
  self->ref_count++;
  return self;
}

void
cheops_uci_process_unref (CheopsUciProcess *self)
{
  if (--self->ref_count > 0)
    return;
  g_assert (self->escalation_id == 0);
  g_assert (self->grace_id == 0);
  g_clear_object (&self->subprocess);
  g_clear_object (&self->cancellable);
  g_queue_clear_full (&self->write_queue, g_free);
  g_queue_clear_full (&self->stderr_tail, g_free);
  g_string_free (self->stdout_buffer, TRUE);
  g_string_free (self->stderr_buffer, TRUE);
  g_free (self);
}

/* Runs in the child between fork and exec (see cheops-uci-private.h). */
static void
child_setup (gpointer user_data)
{
#ifdef __linux__
  pid_t parent = (pid_t) GPOINTER_TO_INT (user_data);
  sigset_t none;

  prctl (PR_SET_PDEATHSIG, SIGKILL);
  /* The parent may have died before prctl(). */
  if (getppid () != parent)
    _exit (1);
  sigemptyset (&none);
  sigprocmask (SIG_SETMASK, &none, NULL);
#endif
}

GSubprocessLauncher *
_cheops_uci_launcher_new (GSubprocessFlags flags)
{
  GSubprocessLauncher *launcher = g_subprocess_launcher_new (flags);

  g_subprocess_launcher_set_child_setup (launcher, child_setup, GINT_TO_POINTER ((int) getpid ()), NULL);
  return launcher;
}

static void process_gone (CheopsUciProcess *self);

/* Reports the end to the owner, once. */
static void
process_report_end (CheopsUciProcess *self)
{
  if (self->grace_id != 0)
    {
      g_clear_handle_id (&self->grace_id, g_source_remove);
      cheops_uci_process_unref (self);
    }
  if (self->ended || !self->attached)
    return;
  self->ended = TRUE;
  self->callbacks.ended (self->data);
}

static gboolean
grace_cb (gpointer user_data)
{
  CheopsUciProcess *self = user_data;

  /* Exited, but its stderr not yet read to the end: the last words are in
   * the pipe, and the reads run at idle priority, after this timer, on a
   * busy machine.  Wait a few more moments for them (EOF is sure to come:
   * the writer is gone). */
  if (self->attached && self->exited && !self->stderr_eof && self->grace_rounds < EXIT_GRACE_ROUNDS)
    {
      self->grace_rounds++;
      return G_SOURCE_CONTINUE;
    }
  self->grace_id = 0;
  cheops_uci_process_ref (self);
  process_report_end (self);
  cheops_uci_process_unref (self);  /* the timer's */
  cheops_uci_process_unref (self);
  return G_SOURCE_REMOVE;
}

/* The process closed its output, broke its pipe or exited.  Once it has
 * exited and both its outputs are read to the end, report the end; until
 * then wait a moment (GLib reaps the child in its worker thread), and
 * report what is known when the moment is over. */
static void
process_gone (CheopsUciProcess *self)
{
  if (!self->attached || self->ended)
    return;
  if (self->exited && self->stdout_eof && self->stderr_eof)
    {
      process_report_end (self);
      return;
    }
  if (self->grace_id == 0)
    self->grace_id = g_timeout_add_full (G_PRIORITY_DEFAULT, EXIT_GRACE_MS, grace_cb,
                                         cheops_uci_process_ref (self), NULL);
}

static void write_next (CheopsUciProcess *self);

static void
write_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  CheopsUciProcess *self = user_data;
  g_autoptr(GError) error = NULL;

  self->writing = FALSE;
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (object), result, NULL, &error))
    {
      /* Broken pipe: the engine is gone or going; the exit watch and the
       * EOF on stdout say so too.  Drop what is queued. */
      g_queue_clear_full (&self->write_queue, g_free);
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        process_gone (self);
    }
  else
    {
      g_free (g_queue_pop_head (&self->write_queue));
      write_next (self);
    }
  cheops_uci_process_unref (self);
}

static void
close_cb (GObject      *object,
          GAsyncResult *result,
          gpointer      user_data)
{
  CheopsUciProcess *self = user_data;

  g_output_stream_close_finish (G_OUTPUT_STREAM (object), result, NULL);
  cheops_uci_process_unref (self);
}

static void
write_next (CheopsUciProcess *self)
{
  const char *line;

  if (self->writing || self->stdin_closed)
    return;
  line = g_queue_peek_head (&self->write_queue);
  if (line == NULL)
    {
      if (self->close_after_write)
        {
          self->stdin_closed = TRUE;
          g_output_stream_close_async (self->stdin_pipe, IO_PRIORITY, NULL,
                                       close_cb, cheops_uci_process_ref (self));
        }
      return;
    }
  self->writing = TRUE;
  g_output_stream_write_all_async (self->stdin_pipe, line, strlen (line), IO_PRIORITY,
                                   self->cancellable, write_cb, cheops_uci_process_ref (self));
}

void
cheops_uci_process_send (CheopsUciProcess *self,
                         const char       *command)
{
  if (self->stdin_closed || self->close_after_write)
    return;
  g_queue_push_tail (&self->write_queue, g_strconcat (command, "\n", NULL));
  write_next (self);
}

/* Splits the buffer's complete lines off and hands each to the owner;
 * keeps the rest.  The owner may let go of the process meanwhile. */
static void
stdout_lines (CheopsUciProcess *self)
{
  GString *buffer = self->stdout_buffer;
  gsize start = 0;

  for (;;)
    {
      char *nl = memchr (buffer->str + start, '\n', buffer->len - start);

      if (nl == NULL)
        break;
      *nl = '\0';
      if (self->attached)
        self->callbacks.line (buffer->str + start, self->data);
      start = (gsize) (nl - buffer->str) + 1;
    }
  g_string_erase (buffer, 0, start);
}

static void read_stdout (CheopsUciProcess *self);

static void
stdout_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  CheopsUciProcess *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  gsize size = 0;
  const char *data = NULL;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, &error);
  if (bytes != NULL)
    data = g_bytes_get_data (bytes, &size);
  if (bytes == NULL || size == 0)
    {
      /* EOF, or the pipe broke: either way the engine is gone or going.
       * A last line without its newline still counts. */
      self->stdout_eof = TRUE;
      if (self->attached && self->stdout_buffer->len > 0)
        {
          g_string_append_c (self->stdout_buffer, '\n');
          stdout_lines (self);
        }
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        process_gone (self);
      cheops_uci_process_unref (self);
      return;
    }

  if (!self->attached)
    {
      /* Let go of: drain and discard. */
      read_stdout (self);
      cheops_uci_process_unref (self);
      return;
    }

  g_string_append_len (self->stdout_buffer, data, (gssize) size);
  stdout_lines (self);

  if (self->stdout_buffer->len > self->max_line_bytes)
    {
      g_string_truncate (self->stdout_buffer, 0);
      if (self->attached)
        self->callbacks.overlong (self->data);
    }

  if (!self->stdout_eof)
    read_stdout (self);
  cheops_uci_process_unref (self);
}

static void
read_stdout (CheopsUciProcess *self)
{
  g_input_stream_read_bytes_async (self->stdout_pipe, 65536, IO_PRIORITY, self->cancellable,
                                   stdout_cb, cheops_uci_process_ref (self));
}

static void read_stderr (CheopsUciProcess *self);

static void
stderr_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  CheopsUciProcess *self = user_data;
  g_autoptr(GBytes) bytes = NULL;
  gsize size = 0;
  const char *data = NULL;
  gsize start = 0;
  GString *buffer = self->stderr_buffer;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (object), result, NULL);
  if (bytes != NULL)
    data = g_bytes_get_data (bytes, &size);
  if (bytes == NULL || size == 0)
    {
      self->stderr_eof = TRUE;
      /* An engine may close stderr and live on; only once it has exited or
       * closed stdout too is this the end of it. */
      if (self->exited || self->stdout_eof)
        process_gone (self);
      cheops_uci_process_unref (self);
      return;
    }

  g_string_append_len (buffer, data, (gssize) size);
  for (;;)
    {
      char *nl = memchr (buffer->str + start, '\n', buffer->len - start);
      g_autofree char *line = NULL;

      if (nl == NULL)
        break;
      line = g_strndup (buffer->str + start, MIN ((gsize) (nl - (buffer->str + start)), 200));
      g_strchomp (line);
      start = (gsize) (nl - buffer->str) + 1;
      if (*line == '\0')
        continue;
      g_queue_push_tail (&self->stderr_tail, g_utf8_make_valid (line, -1));
      while (g_queue_get_length (&self->stderr_tail) > STDERR_TAIL_LINES)
        g_free (g_queue_pop_head (&self->stderr_tail));
    }
  g_string_erase (buffer, 0, start);
  if (buffer->len > 4096)
    g_string_truncate (buffer, 0);

  read_stderr (self);
  cheops_uci_process_unref (self);
}

static void
read_stderr (CheopsUciProcess *self)
{
  g_input_stream_read_bytes_async (self->stderr_pipe, 4096, IO_PRIORITY, self->cancellable,
                                   stderr_cb, cheops_uci_process_ref (self));
}

static void
clear_timers (CheopsUciProcess *self)
{
  if (self->escalation_id != 0)
    {
      g_clear_handle_id (&self->escalation_id, g_source_remove);
      cheops_uci_process_unref (self);
    }
  if (self->grace_id != 0)
    {
      g_clear_handle_id (&self->grace_id, g_source_remove);
      cheops_uci_process_unref (self);
    }
}

static void
wait_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  CheopsUciProcess *self = user_data;
  void (*reaped) (CheopsUciProcess *, gpointer) = self->reaped;

  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  self->exited = TRUE;
  self->exit_status = g_subprocess_get_status (G_SUBPROCESS (object));
  if (self->escalation_id != 0)
    {
      g_clear_handle_id (&self->escalation_id, g_source_remove);
      cheops_uci_process_unref (self);
    }

  if (self->attached)
    process_gone (self);
  else if (reaped != NULL)
    {
      self->reaped = NULL;
      reaped (self, self->reaped_data);
    }
  cheops_uci_process_unref (self);
}

CheopsUciProcess *
cheops_uci_process_spawn (const char *const               *argv,
                          gsize                            max_line_bytes,
                          const CheopsUciProcessCallbacks *callbacks,
                          gpointer                         data,
                          GError                         **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  GSubprocess *subprocess;
  CheopsUciProcess *self;
  const char *id;

  g_return_val_if_fail (callbacks != NULL, NULL);

  launcher = _cheops_uci_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                       | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                       | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  subprocess = g_subprocess_launcher_spawnv (launcher, argv, error);
  if (subprocess == NULL)
    return NULL;

  self = g_new0 (CheopsUciProcess, 1);
  self->ref_count = 1;
  self->callbacks = *callbacks;
  self->data = data;
  self->attached = TRUE;
  self->max_line_bytes = max_line_bytes;
  self->subprocess = subprocess;
  id = g_subprocess_get_identifier (subprocess);
  self->pid = id != NULL ? (GPid) atoi (id) : 0;
  self->stdin_pipe = g_subprocess_get_stdin_pipe (subprocess);
  self->stdout_pipe = g_subprocess_get_stdout_pipe (subprocess);
  self->stderr_pipe = g_subprocess_get_stderr_pipe (subprocess);
  self->cancellable = g_cancellable_new ();
  self->stdout_buffer = g_string_new (NULL);
  self->stderr_buffer = g_string_new (NULL);
  g_queue_init (&self->write_queue);
  g_queue_init (&self->stderr_tail);

  g_subprocess_wait_async (subprocess, NULL, wait_cb, cheops_uci_process_ref (self));
  read_stdout (self);
  read_stderr (self);
  return self;
}

GPid
cheops_uci_process_get_pid (CheopsUciProcess *self)
{
  return self->exited ? 0 : self->pid;
}

gboolean
cheops_uci_process_has_exited (CheopsUciProcess *self)
{
  return self->exited;
}

int
cheops_uci_process_get_exit_status (CheopsUciProcess *self)
{
  return self->exit_status;
}

GList *
cheops_uci_process_get_stderr_tail (CheopsUciProcess *self)
{
  return self->stderr_tail.head;
}

void
cheops_uci_process_let_go (CheopsUciProcess *self)
{
  self->attached = FALSE;
  if (self->grace_id != 0)
    {
      g_clear_handle_id (&self->grace_id, g_source_remove);
      cheops_uci_process_unref (self);
    }
}

static gboolean
escalate_cb (gpointer user_data)
{
  CheopsUciProcess *self = user_data;

  if (self->escalation_step == 0)
    {
      g_debug ("engine %d did not quit: SIGTERM", (int) self->pid);
      g_subprocess_send_signal (self->subprocess, SIGTERM);
      self->escalation_step = 1;
      return G_SOURCE_CONTINUE;
    }
  g_debug ("engine %d did not end on SIGTERM: SIGKILL", (int) self->pid);
  g_subprocess_force_exit (self->subprocess);
  self->escalation_id = 0;
  cheops_uci_process_unref (self);
  return G_SOURCE_REMOVE;
}

void
cheops_uci_process_terminate (CheopsUciProcess *self,
                              gboolean          send_quit,
                              guint             quit_ms,
                              void            (*reaped) (CheopsUciProcess *self, gpointer data),
                              gpointer          data)
{
  if (self->terminating)
    return;
  self->terminating = TRUE;
  if (self->exited)
    return;
  self->reaped = reaped;
  self->reaped_data = data;
  if (send_quit)
    cheops_uci_process_send (self, "quit");
  self->close_after_write = TRUE;
  write_next (self);
  if (!send_quit)
    {
      g_subprocess_send_signal (self->subprocess, SIGTERM);
      self->escalation_step = 1;
    }
  self->escalation_id = g_timeout_add_full (G_PRIORITY_DEFAULT, quit_ms, escalate_cb,
                                            cheops_uci_process_ref (self), NULL);
}

/* Waits up to @timeout_ms, without a main loop, for the child to have been
 * reaped (GSubprocess reaps in GLib's worker thread). */
static gboolean
wait_reaped_sync (CheopsUciProcess *self,
                  guint             timeout_ms)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;

  for (;;)
    {
      if (g_subprocess_get_identifier (self->subprocess) == NULL)
        return TRUE;
      if (g_get_monotonic_time () >= deadline)
        return FALSE;
      g_usleep (2000);
    }
}

void
cheops_uci_process_terminate_sync (CheopsUciProcess *self,
                                   guint             quit_ms)
{
  guint step_ms = MIN (quit_ms, SYNC_STEP_MS);

  self->attached = FALSE;
  self->reaped = NULL;
  g_cancellable_cancel (self->cancellable);
  clear_timers (self);
  if (g_subprocess_get_identifier (self->subprocess) == NULL)
    return;

  if (!self->writing && !self->stdin_closed && self->escalation_step == 0)
    {
      GPollableOutputStream *pollable = G_POLLABLE_OUTPUT_STREAM (self->stdin_pipe);

      g_pollable_output_stream_write_nonblocking (pollable, "quit\n", 5, NULL, NULL);
      self->stdin_closed = TRUE;
      g_output_stream_close (self->stdin_pipe, NULL, NULL);
      if (wait_reaped_sync (self, step_ms))
        return;
    }
  g_subprocess_send_signal (self->subprocess, SIGTERM);
  if (wait_reaped_sync (self, step_ms))
    return;
  g_subprocess_force_exit (self->subprocess);
  if (!wait_reaped_sync (self, 5000))
    g_warning ("engine process %d was killed but has not been reaped", (int) self->pid);
}
