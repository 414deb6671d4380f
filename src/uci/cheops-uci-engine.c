/* cheops-uci-engine.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One UCI engine process driven synchronously (cheops-uci-engine.h); the
 * plumbing `cheops match` had, shared with `cheops suite run` and the
 * studio's suite runner.
 */
#define G_LOG_DOMAIN "cheops-uci"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cheops-uci-engine.h"
#include "cheops-uci-private.h"

#define EOF_LINE "\001EOF"
#define HANDSHAKE_TIMEOUT_MS 10000
#define POLL_US 20000

struct _CheopsUciEngine {
  char          *command;
  char          *name;
  GSubprocess   *process;
  GOutputStream *stdin_pipe;   /* borrowed from process */
  GAsyncQueue   *lines;
  GThread       *reader;
  GPtrArray     *options;      /* option names from the handshake */
};

static gpointer
reader_thread (gpointer data)
{
  CheopsUciEngine *self = data;
  GInputStream *out = g_subprocess_get_stdout_pipe (self->process);
  GDataInputStream *dis = g_data_input_stream_new (out);
  char *line;

  g_data_input_stream_set_newline_type (dis, G_DATA_STREAM_NEWLINE_TYPE_ANY);
  while ((line = g_data_input_stream_read_line_utf8 (dis, NULL, NULL, NULL)) != NULL)
    g_async_queue_push (self->lines, line);
  g_async_queue_push (self->lines, g_strdup (EOF_LINE));
  g_object_unref (dis);
  return NULL;
}

gboolean
cheops_uci_engine_send (CheopsUciEngine *self,
                        const char      *format,
                        ...)
{
  va_list args;
  g_autofree char *text = NULL;
  g_autofree char *line = NULL;

  if (self == NULL)
    return FALSE;
  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  if (self->process == NULL || self->stdin_pipe == NULL)
    return FALSE;
  line = g_strconcat (text, "\n", NULL);
  return g_output_stream_write_all (self->stdin_pipe, line, strlen (line), NULL, NULL, NULL)
         && g_output_stream_flush (self->stdin_pipe, NULL, NULL);
}

char *
cheops_uci_engine_wait_for_full (CheopsUciEngine *self,
                                 const char      *prefix,
                                 gint64           deadline,
                                 GCancellable    *cancellable,
                                 void           (*skipped) (const char *line, gpointer data),
                                 gpointer         data)
{
  size_t n;

  g_return_val_if_fail (prefix != NULL, NULL);
  if (self == NULL || self->lines == NULL)
    return NULL;
  n = strlen (prefix);
  for (;;)
    {
      gint64 now = g_get_monotonic_time ();
      char *line;

      if (now >= deadline || g_cancellable_is_cancelled (cancellable))
        return NULL;
      line = g_async_queue_timeout_pop (self->lines, (guint64) MIN (deadline - now, POLL_US));
      if (line == NULL)
        continue;
      if (strcmp (line, EOF_LINE) == 0)
        {
          /* Keep the end of output visible for later waits. */
          g_async_queue_push_front (self->lines, line);
          return NULL;
        }
      if (n == 0 || (strncmp (line, prefix, n) == 0 && (line[n] == '\0' || line[n] == ' ')))
        return line;
      if (skipped != NULL)
        skipped (line, data);
      g_free (line);
    }
}

char *
cheops_uci_engine_wait_for (CheopsUciEngine *self,
                            const char      *prefix,
                            gint64           deadline,
                            GCancellable    *cancellable)
{
  return cheops_uci_engine_wait_for_full (self, prefix, deadline, cancellable, NULL, NULL);
}

gboolean
cheops_uci_engine_sync (CheopsUciEngine *self,
                        int              timeout_ms)
{
  char *line;

  if (!cheops_uci_engine_send (self, "isready"))
    return FALSE;
  line = cheops_uci_engine_wait_for (self, "readyok", g_get_monotonic_time () + (gint64) timeout_ms * 1000, NULL);
  g_free (line);
  return line != NULL;
}

/* Reaps the process: SIGKILL unless @gently, where `quit` and 2 s go
 * first. */
static void
stop_process (CheopsUciEngine *self,
              gboolean         gently)
{
  if (self->process == NULL)
    return;
  if (gently)
    {
      gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
      char *line;

      cheops_uci_engine_send (self, "quit");
      g_output_stream_close (self->stdin_pipe, NULL, NULL);
      while ((line = cheops_uci_engine_wait_for (self, "\001never", deadline, NULL)) != NULL)
        g_free (line);
    }
  g_subprocess_force_exit (self->process);
  g_subprocess_wait (self->process, NULL, NULL);
  g_thread_join (self->reader);
  self->reader = NULL;
  g_clear_object (&self->process);
  self->stdin_pipe = NULL;
  /* The end of output stays visible to later waits. */
  g_async_queue_push_front (self->lines, g_strdup (EOF_LINE));
}

CheopsUciEngine *
cheops_uci_engine_new (const char  *command,
                       GError     **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_auto(GStrv) argv = NULL;
  CheopsUciEngine *self;
  gint64 deadline;

  g_return_val_if_fail (command != NULL, NULL);
  /* Writing to the pipe of an engine that died raises SIGPIPE, whose
   * default action would end this program: ignored, the write fails. */
  {
    struct sigaction sa;

    if (sigaction (SIGPIPE, NULL, &sa) == 0 && sa.sa_handler == SIG_DFL)
      signal (SIGPIPE, SIG_IGN);
  }
  if (!g_shell_parse_argv (command, NULL, &argv, error))
    return NULL;
  launcher = _cheops_uci_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  self = g_new0 (CheopsUciEngine, 1);
  self->command = g_strdup (command);
  self->options = g_ptr_array_new_with_free_func (g_free);
  self->lines = g_async_queue_new_full (g_free);
  self->process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv, error);
  if (self->process == NULL)
    {
      cheops_uci_engine_free (self);
      return NULL;
    }
  self->stdin_pipe = g_subprocess_get_stdin_pipe (self->process);
  self->reader = g_thread_new ("engine-reader", reader_thread, self);

  deadline = g_get_monotonic_time () + HANDSHAKE_TIMEOUT_MS * 1000;
  cheops_uci_engine_send (self, "uci");
  for (;;)
    {
      char *line = cheops_uci_engine_wait_for (self, "", deadline, NULL);

      if (line == NULL)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT, "'%s' did not answer uciok", command);
          stop_process (self, FALSE);
          cheops_uci_engine_free (self);
          return NULL;
        }
      if (g_str_has_prefix (line, "id name ") && self->name == NULL)
        self->name = g_strstrip (g_strdup (line + 8));
      if (g_str_has_prefix (line, "option name "))
        {
          const char *start = line + 12;
          const char *end = strstr (start, " type ");
          g_ptr_array_add (self->options, g_strndup (start, end != NULL ? (gsize) (end - start) : strlen (start)));
        }
      if (strcmp (g_strstrip (line), "uciok") == 0)
        {
          g_free (line);
          break;
        }
      g_free (line);
    }
  if (self->name == NULL)
    self->name = g_strdup (command);
  return self;
}

void
cheops_uci_engine_kill (CheopsUciEngine *self)
{
  g_return_if_fail (self != NULL);
  stop_process (self, FALSE);
}

void
cheops_uci_engine_free (CheopsUciEngine *self)
{
  if (self == NULL)
    return;
  stop_process (self, TRUE);
  g_async_queue_unref (self->lines);
  g_ptr_array_unref (self->options);
  g_free (self->name);
  g_free (self->command);
  g_free (self);
}

const char *
cheops_uci_engine_get_name (CheopsUciEngine *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->name;
}

const char *
cheops_uci_engine_get_identifier (CheopsUciEngine *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->process != NULL ? g_subprocess_get_identifier (self->process) : NULL;
}

const char *
cheops_uci_engine_get_command (CheopsUciEngine *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->command;
}

gboolean
cheops_uci_engine_has_option (CheopsUciEngine *self,
                              const char      *name)
{
  g_return_val_if_fail (self != NULL, FALSE);
  for (guint i = 0; i < self->options->len; i++)
    if (g_ascii_strcasecmp (self->options->pdata[i], name) == 0)
      return TRUE;
  return FALSE;
}

CheopsUciEngine *
cheops_uci_engine_new_for_variant (const char          *command,
                                   const CheopsVariant *variant,
                                   GError             **error)
{
  CheopsUciEngine *self = cheops_uci_engine_new (command, error);

  if (self != NULL && variant != NULL)
    cheops_uci_engine_send (self, "setoption name UCI_Variant value %s", variant->name);
  return self;
}

/* TRUE if @path lies inside the directory @dir. */
static gboolean
path_is_inside (const char *path,
                const char *dir)
{
  size_t len = strlen (dir);

  return len > 0 && strncmp (path, dir, len) == 0 && (path[len] == '/' || dir[len - 1] == '/');
}

char *
cheops_uci_engine_find_bundled (void)
{
  const char *env = g_getenv ("CHEOPS_ENGINE");

  if (env != NULL && *env != '\0')
    return g_strdup (env);
#if defined(CHEOPS_BUILD_ROOT) && defined(CHEOPS_BUILD_ENGINE_PATH)
  {
    g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
    g_autofree char *root = realpath (CHEOPS_BUILD_ROOT, NULL);

    if (exe != NULL && root != NULL && path_is_inside (exe, root)
        && g_file_test (CHEOPS_BUILD_ENGINE_PATH, G_FILE_TEST_IS_EXECUTABLE))
      return g_strdup (CHEOPS_BUILD_ENGINE_PATH);
  }
#endif
#ifdef CHEOPS_LIBEXECDIR
  return g_build_filename (CHEOPS_LIBEXECDIR, "cheops-engine", NULL);
#else
  return g_strdup ("cheops-engine");
#endif
}
