/* test-suite-tool.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops suite run`: the exact lines for a tiny suite at a fixed depth
 * (found, missed by bm, missed by am, no target), --out with the engine's
 * answers, a malformed suite (exit 1, each bad line with its line and
 * column, the good ones still run), the bundled engine (--builtin) and
 * the exits on bad usage and on an engine that does not start.
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

#ifndef CHEOPS_TOOL_PATH
#error "CHEOPS_TOOL_PATH must be defined by the build"
#endif

/* Runs the tool with @args; returns its exit status, *@out and *@err
 * (newly allocated), each "time N ms" of @out turned into "time T ms" (the
 * only figure that varies from run to run). */
static int
run (const char *const *args, char **out, char **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) time_re = g_regex_new ("time [0-9]+ ms", 0, 0, NULL);
  g_autofree char *raw = NULL;
  int status;

  g_ptr_array_add (argv, (gpointer) CHEOPS_TOOL_PATH);
  for (int i = 0; args[i]; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &raw, err, &status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  *out = g_regex_replace_literal (time_re, raw, -1, 0, "time T ms", 0, NULL);
  return WEXITSTATUS (status);
}

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "suites", name, NULL);
}

static const char tiny_lines[] =
  "found: found Qi9#; time T ms; depth 3; score mate 1\n"
  "missed: missed Qi9# (bm Kb2); time -; depth 3; score mate 1\n"
  "avoid: missed Qi9# (am Qi9#); time -; depth 3; score mate 1\n"
  "line 5: played Qi9# (no bm or am); time -; depth 3; score mate 1\n"
  "solved 1/3\n";

static void
test_tiny (void)
{
  g_autofree char *suite = data_path ("tiny.epd");
  g_autofree char *dir = g_dir_make_tmp ("suite-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.epd", NULL);
  g_autofree char *out = NULL, *err = NULL, *written = NULL, *masked = NULL;
  g_autoptr(GRegex) acs_re = g_regex_new ("acs [0-9]+;", 0, 0, NULL);

  g_assert_cmpint (run ((const char *[]) { "suite", "run", suite, "--engine", CHEOPS_ENGINE_PATH, "--depth", "3",
                                           "--threads", "1", "--hash", "8", "--out", out_path, NULL },
                        &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, tiny_lines);
  g_assert_cmpstr (err, ==, "");

  /* The suite back, its operations kept, with the engine's answers. */
  g_assert_true (g_file_get_contents (out_path, &written, NULL, NULL));
  masked = g_regex_replace_literal (acs_re, written, -1, 0, "acs S;", 0, NULL);
  g_assert_cmpstr (masked, ==,
    "1/3/5/7/MQ4k2/11/11p1/15/1K15 a 0 1 bm Qi9#; id \"found\"; acd 3; acn 277; acs S; ce 32766; pm Qi9#; pv Qi9#;\n"
    "1/3/5/1k5/7Q1/11/11p1/15/1K15 a 0 1 bm Kb2; id \"missed\"; acd 3; acn 217; acs S; ce 32766; pm Qi9#; pv Qi9#;\n"
    "1/3/5/1k5/7Q1/11/11p1/15/1K15 a 0 1 am Qi9#; id \"avoid\"; acd 3; acn 217; acs S; ce 32766; pm Qi9#; pv Qi9#;\n"
    "1/3/5/1k5/7Q1/11/11p1/15/1K15 a 0 1 c0 \"no target\"; acd 3; acn 217; acs S; ce 32766; pm Qi9#; pv Qi9#;\n");
  g_unlink (out_path);
  g_rmdir (dir);
}

/* The tool in the build tree finds the build tree's engine. */
static void
test_builtin (void)
{
  g_autofree char *suite = data_path ("tiny.epd");
  g_autofree char *out = NULL, *err = NULL;

  g_unsetenv ("CHEOPS_ENGINE");
  g_assert_cmpint (run ((const char *[]) { "suite", "run", suite, "--builtin", "--depth", "3", NULL }, &out, &err), ==, 0);
  g_assert_cmpstr (out, ==, tiny_lines);
}

static void
test_malformed (void)
{
  g_autofree char *suite = data_path ("bad.epd");
  g_autofree char *out = NULL, *err = NULL, *want = NULL;

  g_assert_cmpint (run ((const char *[]) { "suite", "run", suite, "--engine", CHEOPS_ENGINE_PATH, "--depth", "3", NULL },
                        &out, &err), ==, 1);
  want = g_strdup_printf ("good.1: found Qi9#; time T ms; depth 3; score mate 1\n"
                          "%s:3:29: bad FEN: board, level 1: unknown piece letter 'x'\n"
                          "%s:4:37: bm Qa1: illegal move Qa1: no Queen can reach a1\n"
                          "%s:5:40: this string is not closed\n"
                          "good.2: found Qi9#; time T ms; depth 3; score mate 1\n"
                          "solved 2/2\n", suite, suite, suite);
  g_assert_cmpstr (out, ==, want);
  g_assert_cmpstr (err, ==, "");
}

static void
test_usage (void)
{
  g_autofree char *suite = data_path ("tiny.epd");
  struct { const char *args[8]; int status; const char *err_start; } cases[] = {
    { { "suite", NULL }, 2, "cheops suite: a subcommand is needed\n" },
    { { "suite", "run", NULL }, 2, "cheops suite: a suite file is needed\n" },
    { { "suite", "run", suite, "--depth", "0", NULL }, 2, "cheops suite: --depth needs a whole number from 1 to 256\n" },
    { { "suite", "run", suite, "--depth", "3", "--movetime", "10", NULL }, 2, "cheops suite: --movetime or --depth, not both\n" },
    { { "suite", "run", suite, "--engine", "x", "--builtin", NULL }, 2, "cheops suite: --engine or --builtin, not both\n" },
    { { "suite", "run", "/nonexistent.epd", NULL }, 2, "cheops suite: Failed to open file “/nonexistent.epd”" },
    { { "suite", "run", suite, "--engine", "false", "--depth", "1", NULL }, 2, "cheops suite: cannot start 'false': 'false' did not answer uciok\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *out = NULL, *err = NULL;

      g_assert_cmpint (run (cases[i].args, &out, &err), ==, cases[i].status);
      g_assert_cmpstr (out, ==, "");
      g_assert_true (g_str_has_prefix (err, cases[i].err_start));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/suite-tool/tiny", test_tiny);
  g_test_add_func ("/suite-tool/builtin", test_builtin);
  g_test_add_func ("/suite-tool/malformed", test_malformed);
  g_test_add_func ("/suite-tool/usage", test_usage);
  return g_test_run ();
}
