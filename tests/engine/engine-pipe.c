/* engine-pipe.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "engine-pipe.h"

#define EOF_MARK "\001EOF"

struct _EnginePipe {
  GSubprocess   *process;
  GOutputStream *in;
  GAsyncQueue   *lines;
  GThread       *reader;
};

static gpointer
reader_thread (gpointer data)
{
  EnginePipe *self = data;
  GDataInputStream *dis = g_data_input_stream_new (g_subprocess_get_stdout_pipe (self->process));
  char *line;

  while ((line = g_data_input_stream_read_line_utf8 (dis, NULL, NULL, NULL)) != NULL)
    g_async_queue_push (self->lines, line);
  g_async_queue_push (self->lines, g_strdup (EOF_MARK));
  g_object_unref (dis);
  return NULL;
}

EnginePipe *
engine_pipe_new (const char * const *args)
{
  EnginePipe *self = g_new0 (EnginePipe, 1);
  GPtrArray *argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;

  g_ptr_array_add (argv, (gpointer) CHEOPS_ENGINE_PATH);
  for (int i = 0; args != NULL && args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  self->process = g_subprocess_newv ((const char * const *) argv->pdata,
                                     G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                     &error);
  g_ptr_array_free (argv, TRUE);
  g_assert_no_error (error);
  self->in = g_subprocess_get_stdin_pipe (self->process);
  self->lines = g_async_queue_new_full (g_free);
  self->reader = g_thread_new ("engine-pipe", reader_thread, self);
  return self;
}

void
engine_pipe_send (EnginePipe *self, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_autoptr (GError) error = NULL;

  line = g_strconcat (text, "\n", NULL);
  if (!g_output_stream_write_all (self->in, line, strlen (line), NULL, NULL, &error)
      || !g_output_stream_flush (self->in, NULL, &error))
    g_error ("cannot send '%.60s' to the engine: %s", text, error->message);
}

char *
engine_pipe_read (EnginePipe *self, int timeout_ms)
{
  char *line = g_async_queue_timeout_pop (self->lines, (guint64) timeout_ms * 1000);

  if (line != NULL && strcmp (line, EOF_MARK) == 0)
    {
      g_async_queue_push_front (self->lines, line);
      return NULL;
    }
  return line;
}

char *
engine_pipe_wait_for (EnginePipe *self, const char *prefix, int timeout_ms, GPtrArray *before)
{
  gint64 deadline = g_get_monotonic_time () + (gint64) timeout_ms * 1000;
  size_t n = strlen (prefix);

  for (;;)
    {
      gint64 left = deadline - g_get_monotonic_time ();
      char *line;

      if (left <= 0)
        return NULL;
      line = engine_pipe_read (self, (int) (left / 1000) + 1);
      if (line == NULL)
        return NULL;
      if (strncmp (line, prefix, n) == 0 && (line[n] == '\0' || line[n] == ' '))
        return line;
      if (before != NULL)
        g_ptr_array_add (before, line);
      else
        g_free (line);
    }
}

int
engine_pipe_free (EnginePipe *self)
{
  int status = -1;
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  gboolean eof = FALSE;

  /* An engine run with a command (`cheops-engine bench`) may have left
   * already: then the quit cannot be written, and need not be. */
  g_output_stream_write_all (self->in, "quit\n", 5, NULL, NULL, NULL);
  g_output_stream_close (self->in, NULL, NULL);
  /* The end of its output tells that it left; give it five seconds. */
  while (!eof && g_get_monotonic_time () < deadline)
    {
      char *line = g_async_queue_timeout_pop (self->lines, 10000);
      if (line != NULL && strcmp (line, EOF_MARK) == 0)
        eof = TRUE;
      g_free (line);
    }
  if (!eof)
    g_subprocess_force_exit (self->process);
  g_subprocess_wait (self->process, NULL, NULL);
  if (eof && g_subprocess_get_if_exited (self->process))
    status = g_subprocess_get_exit_status (self->process);
  g_thread_join (self->reader);
  g_async_queue_unref (self->lines);
  g_object_unref (self->process);
  g_free (self);
  return status;
}

char *
engine_pipe_expect (EnginePipe *self,
                    const char *prefix,
                    int         timeout_ms,
                    GPtrArray  *before)
{
  char *line = engine_pipe_wait_for (self, prefix, timeout_ms, before);

  if (line == NULL)
    g_error ("no '%s' from the engine within %d ms", prefix, timeout_ms);
  return line;
}

GPtrArray *
engine_pipe_sync (EnginePipe *self,
                  int         timeout_ms)
{
  GPtrArray *before = g_ptr_array_new_with_free_func (g_free);

  engine_pipe_send (self, "isready");
  g_free (engine_pipe_expect (self, "readyok", timeout_ms, before));
  return before;
}

const char *
engine_pipe_get_pid (EnginePipe *self)
{
  return g_subprocess_get_identifier (self->process);
}
