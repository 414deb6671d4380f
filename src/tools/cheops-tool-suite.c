/* cheops-tool-suite.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops suite run`: a test-position suite (EPD-like, cheops-epd.h)
 * against a UCI engine, one search per position.
 *
 *   cheops suite run FILE [--engine CMD | --builtin] [--movetime MS | --depth N]
 *                    [--threads N] [--hash MB] [--variant NAME] [--out FILE]
 *
 * --engine CMD is any UCI engine (split into argv by shell rules, never run
 * through a shell); --builtin (the default) is the bundled cheops-engine,
 * found as the studio finds it.  --movetime MS (default 1000) or --depth N
 * per position; --threads and --hash are set as the UCI options Threads and
 * Hash; --variant names the game of lines without a `variant` operation
 * (default Cheops); --out writes the suite back as EPD with the engine's
 * answers (acd acn acs ce pm pv: cheops-suite-run.h).
 *
 * Output, in the file's order: a line per position
 * (cheops_suite_result_to_line(): "ID: found Qi9; time 12 ms; depth 9;
 * score mate 1"), and "FILE:LINE:COLUMN: MESSAGE" for a line that cannot
 * be read (a bad FEN, an illegal bm or am...: that position is left out,
 * the others run); then "solved K/N", N counting the positions with a bm
 * or am that ran.  Exit status 0; 1 if any line could not be read; 2 on
 * bad usage, an unreadable file or --out, an engine that cannot be started
 * (or restarted after it died), or SIGINT/SIGTERM (what ran is summed up
 * and written to --out first).  The engine is quit and reaped on every
 * exit path; a dead or hung engine is restarted for the next position.
 */
#define G_LOG_DOMAIN "cheops-tool"

#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cheops-game-model.h"
#include "cheops-suite-run.h"
#include "cheops-tool.h"

static int
usage (const char *message)
{
  fprintf (stderr, "cheops suite: %s\n"
           "Usage: cheops suite run FILE [--engine CMD | --builtin] [--movetime MS | --depth N]\n"
           "                        [--threads N] [--hash MB] [--variant NAME] [--out FILE]\n",
           message);
  return 2;
}

static gboolean
parse_count (const char *text,
             int         min,
             int         max,
             int        *out)
{
  char *end;
  long n;

  if (text == NULL)
    return FALSE;
  n = strtol (text, &end, 10);
  if (end == text || *end != '\0' || n < min || n > max)
    return FALSE;
  *out = (int) n;
  return TRUE;
}

/* SIGINT and SIGTERM are blocked in every thread and taken here, which
 * cancels the run. */
static gpointer
signal_thread (gpointer data)
{
  GCancellable *cancellable = data;
  sigset_t set;
  int sig;

  sigemptyset (&set);
  sigaddset (&set, SIGINT);
  sigaddset (&set, SIGTERM);
  if (sigwait (&set, &sig) == 0)
    g_cancellable_cancel (cancellable);
  return NULL;
}

static CheopsUciEngine *
start_engine (const char *command,
              int         threads,
              int         hash)
{
  g_autoptr(GError) error = NULL;
  CheopsUciEngine *engine = cheops_uci_engine_new (command, &error);

  if (engine == NULL)
    {
      fprintf (stderr, "cheops suite: cannot start '%s': %s\n", command, error->message);
      return NULL;
    }
  if (threads > 0)
    cheops_uci_engine_send (engine, "setoption name Threads value %d", threads);
  if (hash > 0)
    cheops_uci_engine_send (engine, "setoption name Hash value %d", hash);
  return engine;
}

static int
suite_run (int    argc,
           char **argv)
{
  const char *path = NULL, *out_path = NULL, *engine_command = NULL;
  const CheopsVariant *variant = NULL;
  gboolean builtin = FALSE;
  CheopsSuiteLimits limits = { 0, 0 };
  int threads = 0, hash = 0;
  g_autofree char *text = NULL;
  g_autofree char *command = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GCancellable) cancellable = NULL;
  CheopsUciEngine *engine = NULL;
  gsize length;
  guint next_error = 0;
  int solved = 0, counted = 0, status = 0;
  gboolean interrupted = FALSE;
  sigset_t set;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (a, "--engine") == 0 && v != NULL)
        engine_command = argv[++i];
      else if (strcmp (a, "--builtin") == 0)
        builtin = TRUE;
      else if (strcmp (a, "--movetime") == 0)
        {
          if (!parse_count (v, 1, 3600000, &limits.movetime_ms))
            return usage ("--movetime needs milliseconds from 1 to 3600000");
          i++;
        }
      else if (strcmp (a, "--depth") == 0)
        {
          if (!parse_count (v, 1, 256, &limits.depth))
            return usage ("--depth needs a whole number from 1 to 256");
          i++;
        }
      else if (strcmp (a, "--threads") == 0)
        {
          if (!parse_count (v, 1, 1024, &threads))
            return usage ("--threads needs a whole number from 1 to 1024");
          i++;
        }
      else if (strcmp (a, "--hash") == 0)
        {
          if (!parse_count (v, 1, 1 << 20, &hash))
            return usage ("--hash needs megabytes from 1 to 1048576");
          i++;
        }
      else if (strcmp (a, "--variant") == 0 && v != NULL)
        {
          if ((variant = cheops_variant_find (v)) == NULL)
            return usage ("unknown --variant");
          i++;
        }
      else if (strcmp (a, "--out") == 0 && v != NULL)
        out_path = argv[++i];
      else if (a[0] == '-' && a[1] != '\0')
        return usage ("unknown or incomplete option");
      else if (path == NULL)
        path = a;
      else
        return usage ("one suite file");
    }
  if (path == NULL)
    return usage ("a suite file is needed");
  if (engine_command != NULL && builtin)
    return usage ("--engine or --builtin, not both");
  if (limits.movetime_ms > 0 && limits.depth > 0)
    return usage ("--movetime or --depth, not both");
  if (limits.movetime_ms == 0 && limits.depth == 0)
    limits.movetime_ms = 1000;

  if (!g_file_get_contents (path, &text, &length, &error))
    {
      fprintf (stderr, "cheops suite: %s\n", error->message);
      return 2;
    }
  records = cheops_epd_read_string_for_variant (text, (gssize) length, variant, &errors);

  if (engine_command != NULL)
    command = g_strdup (engine_command);
  else
    {
      g_autofree char *bundled = cheops_uci_engine_find_bundled ();
      command = g_shell_quote (bundled);
    }

  /* Signals: taken by a thread of their own (blocked before any thread,
   * the engine's reader included, is made). */
  cancellable = g_cancellable_new ();
  sigemptyset (&set);
  sigaddset (&set, SIGINT);
  sigaddset (&set, SIGTERM);
  pthread_sigmask (SIG_BLOCK, &set, NULL);
  g_thread_unref (g_thread_new ("signals", signal_thread, cancellable));

  if (records->len > 0 && (engine = start_engine (command, threads, hash)) == NULL)
    return 2;

  for (guint i = 0; i <= records->len && !interrupted; i++)
    {
      CheopsEpdRecord *record = i < records->len ? records->pdata[i] : NULL;
      CheopsSuiteResult result;
      g_autofree char *line = NULL;

      /* The errors of the lines before this one. */
      while (next_error < errors->len
             && (record == NULL || ((CheopsPgnError *) errors->pdata[next_error])->line < record->line))
        {
          const CheopsPgnError *e = errors->pdata[next_error++];
          printf ("%s:%u:%u: %s\n", path, e->line, e->column, e->message);
        }
      if (record == NULL)
        break;
      if (engine == NULL && (engine = start_engine (command, threads, hash)) == NULL)
        {
          status = 2;
          break;
        }
      cheops_suite_run_record (engine, record, &limits, cancellable, &result);
      if (result.status == CHEOPS_SUITE_CANCELLED)
        {
          interrupted = TRUE;
          cheops_suite_result_clear (&result);
          break;
        }
      if (result.status == CHEOPS_SUITE_FAILED)
        g_clear_pointer (&engine, cheops_uci_engine_free);   /* a fresh one for the next */
      line = cheops_suite_result_to_line (record, &result);
      printf ("%s\n", line);
      fflush (stdout);
      if (cheops_suite_counts (record, result.status))
        counted++;
      if (result.status == CHEOPS_SUITE_FOUND)
        solved++;
      cheops_suite_result_annotate (record, &result);
      cheops_suite_result_clear (&result);
    }
  g_clear_pointer (&engine, cheops_uci_engine_free);

  printf ("solved %d/%d\n", solved, counted);
  if (out_path != NULL)
    {
      char *epd = cheops_epd_write (records);
      g_autoptr(GBytes) bytes = g_bytes_new_take (epd, strlen (epd));
      g_autoptr(GError) write_error = NULL;

      if (!cheops_file_write_atomic (out_path, bytes, CHEOPS_FILE_WRITE_NONE, NULL, &write_error))
        {
          fprintf (stderr, "cheops suite: %s\n", write_error->message);
          return 2;
        }
    }
  if (interrupted)
    {
      fprintf (stderr, "cheops suite: interrupted\n");
      return 2;
    }
  if (status == 0 && errors->len > 0)
    status = 1;
  return status;
}

int
cheops_tool_suite (int    argc,
                   char **argv)
{
  if (argc >= 2 && strcmp (argv[1], "run") == 0)
    return suite_run (argc - 1, argv + 1);
  return usage (argc >= 2 ? "unknown subcommand" : "a subcommand is needed");
}
