/* studio-test-util.c: what the studio's GUI tests share — waiting for the
 * main loop, and the log writer that lets dconf's warnings through.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "studio-test-util.h"

static gboolean
keep_ticking (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/**
 * studio_test_spin_until:
 * @done: the condition waited for, called with @data between iterations
 * @data: for @done
 *
 * Runs the main loop until @done holds; fails the test after 20 s (a
 * generous bound: the tests run side by side, some with the real engine,
 * on machines with two cores).  A 20 ms tick keeps a wait that never ends
 * from hanging.
 */
void
studio_test_spin_until (StudioTestCondition done,
                        gpointer            data)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  guint tick = g_timeout_add (20, keep_ticking, NULL);

  while (!done (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }

  g_source_remove (tick);
}

/**
 * studio_test_spin_for:
 * @ms: how long, in milliseconds
 *
 * Runs the main loop for @ms.
 */
void
studio_test_spin_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + (gint64) ms * 1000;
  guint tick = g_timeout_add (10, keep_ticking, NULL);

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);

  g_source_remove (tick);
}

/**
 * studio_test_spin_frames:
 *
 * Lets about five frames pass (100 ms), handling whatever is pending.
 */
void
studio_test_spin_frames (void)
{
  for (int i = 0; i < 5; i++)
    {
      g_usleep (20000);
      while (g_main_context_iteration (NULL, FALSE));
    }
}

/**
 * studio_test_dconf_not_fatal:
 *
 * A GLogWriterFunc: dconf's warnings (no session bus under xvfb-run) are
 * not fatal; everything else goes to g_log_writer_default().
 *
 * Returns: how the message was handled
 */
GLogWriterOutput
studio_test_dconf_not_fatal (GLogLevelFlags   log_level,
                             const GLogField *fields,
                             gsize            n_fields,
                             gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "GLIB_DOMAIN") && fields[i].length == -1 &&
        g_str_equal (fields[i].value, "dconf") && (log_level & G_LOG_LEVEL_WARNING))
      {
        g_test_message ("dconf: ignored warning");
        return G_LOG_WRITER_HANDLED;
      }

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}
