/* cheops-tool-uci.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The command-line tool's UCI engine process (see the header).
 */
#include <string.h>

#include "cheops-tool-uci.h"

#define EOF_LINE "\001EOF"
#define HANDSHAKE_TIMEOUT_MS 10000

static gpointer
reader_thread (gpointer data)
{
  CheopsToolEngine *p = data;
  GInputStream *out = g_subprocess_get_stdout_pipe (p->process);
  GDataInputStream *dis = g_data_input_stream_new (out);
  char *line;

  g_data_input_stream_set_newline_type (dis, G_DATA_STREAM_NEWLINE_TYPE_ANY);
  while ((line = g_data_input_stream_read_line_utf8 (dis, NULL, NULL, NULL)) != NULL)
    g_async_queue_push (p->lines, line);
  g_async_queue_push (p->lines, g_strdup (EOF_LINE));
  g_object_unref (dis);
  return NULL;
}

gboolean
cheops_tool_engine_send (CheopsToolEngine *p, const char *format, ...)
{
  va_list args;
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  if (p->process == NULL)
    return FALSE;
  line = g_strconcat (text, "\n", NULL);
  return g_output_stream_write_all (p->stdin_pipe, line, strlen (line), NULL, NULL, NULL)
         && g_output_stream_flush (p->stdin_pipe, NULL, NULL);
}

char *
cheops_tool_engine_wait_for (CheopsToolEngine *p,
                             const char       *prefix,
                             gint64            deadline,
                             void            (*skipped) (const char *line, gpointer data),
                             gpointer          data)
{
  size_t n = strlen (prefix);

  if (p->lines == NULL)
    return NULL;
  for (;;)
    {
      gint64 now = g_get_monotonic_time ();
      char *line;

      if (now >= deadline)
        return NULL;
      line = g_async_queue_timeout_pop (p->lines, (guint64) (deadline - now));
      if (line == NULL)
        return NULL;
      if (strcmp (line, EOF_LINE) == 0)
        {
          /* Keep the end of output visible for later waits. */
          g_async_queue_push_front (p->lines, line);
          return NULL;
        }
      if (n == 0 || (strncmp (line, prefix, n) == 0 && (line[n] == '\0' || line[n] == ' ')))
        return line;
      if (skipped != NULL)
        skipped (line, data);
      g_free (line);
    }
}

gboolean
cheops_tool_engine_sync (CheopsToolEngine *p)
{
  char *line;

  if (!cheops_tool_engine_send (p, "isready"))
    return FALSE;
  line = cheops_tool_engine_wait_for (p, "readyok", g_get_monotonic_time () + HANDSHAKE_TIMEOUT_MS * 1000,
                                      NULL, NULL);
  g_free (line);
  return line != NULL;
}

void
cheops_tool_engine_stop (CheopsToolEngine *p)
{
  if (p->process == NULL)
    return;
  cheops_tool_engine_send (p, "quit");
  g_output_stream_close (p->stdin_pipe, NULL, NULL);
  {
    gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
    char *line;
    while ((line = cheops_tool_engine_wait_for (p, "\001never", deadline, NULL, NULL)) != NULL)
      g_free (line);
  }
  g_subprocess_force_exit (p->process);
  g_subprocess_wait (p->process, NULL, NULL);
  g_thread_join (p->reader);
  g_clear_object (&p->process);
  p->stdin_pipe = NULL;
  g_async_queue_unref (p->lines);
  p->lines = NULL;
}

gboolean
cheops_tool_engine_start (CheopsToolEngine    *p,
                          const CheopsVariant *variant,
                          GError             **error)
{
  g_auto (GStrv) argv = NULL;
  char *line;
  gint64 deadline;

  if (!g_shell_parse_argv (p->command, NULL, &argv, error))
    return FALSE;
  p->process = g_subprocess_newv ((const char * const *) argv,
                                  G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                  error);
  if (p->process == NULL)
    return FALSE;
  p->stdin_pipe = g_subprocess_get_stdin_pipe (p->process);
  p->lines = g_async_queue_new_full (g_free);
  p->reader = g_thread_new ("engine-reader", reader_thread, p);

  deadline = g_get_monotonic_time () + HANDSHAKE_TIMEOUT_MS * 1000;
  cheops_tool_engine_send (p, "uci");
  for (;;)
    {
      line = cheops_tool_engine_wait_for (p, "", deadline, NULL, NULL);
      if (line == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "'%s' did not answer uciok", p->command);
          return FALSE;
        }
      if (g_str_has_prefix (line, "id name ") && p->name == NULL)
        p->name = g_strstrip (g_strdup (line + 8));
      if (strcmp (g_strstrip (line), "uciok") == 0)
        {
          g_free (line);
          break;
        }
      g_free (line);
    }
  if (variant != NULL)
    cheops_tool_engine_send (p, "setoption name UCI_Variant value %s", variant->name);
  if (p->name == NULL)
    p->name = g_strdup (p->command);
  return TRUE;
}
