/* test-match-clock.c: `cheops match` charges a move the processor time the
 * engine used, never the time it waited for a processor.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A fake engine (fake-clock-engine.py) answers its first `go` after 300 ms
 * of a 0.1+0.01 clock, then plays the same move again, which is illegal:
 * if it waited (slept: no processor time) the first move is not charged
 * and the game ends by the illegal second move; if it computed, it loses
 * on time at once.
 */
#include <glib.h>
#include <string.h>
#include <sys/wait.h>

/* The result of one game of `cheops match` against greedy, with the fake
 * engine in @mode for 300 ms a move: its "{reason}". */
static char *
play (const char *mode)
{
  g_autofree char *engine = g_strdup_printf ("python3 '%s' %s 300 a1b1", FAKE_CLOCK_ENGINE, mode);
  const char *argv[] = { CHEOPS_TOOL_PATH, "match", "--variant", "pyramids", "--engine", engine,
                         "--builtin", "greedy", "--games", "1", "--tc", "0.1+0.01", NULL };
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  const char *open, *close;
  int status;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  g_test_message ("%s", out);
  g_assert_true (WIFEXITED (status));
  open = strchr (out, '{');
  close = open != NULL ? strchr (open, '}') : NULL;
  g_assert_nonnull (close);
  return g_strndup (open + 1, close - open - 1);
}

static void
test_wait_not_charged (void)
{
  g_autofree char *reason = play ("wait");

  g_assert_cmpstr (reason, ==, "illegal move");
}

static void
test_computing_charged (void)
{
  g_autofree char *reason = play ("burn");

  g_assert_cmpstr (reason, ==, "loses on time");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tools/match/wait-not-charged", test_wait_not_charged);
  g_test_add_func ("/tools/match/computing-charged", test_computing_charged);
  return g_test_run ();
}
