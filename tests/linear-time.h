/* linear-time.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 25: parsing work linear in the input.  A test builds an adversarial
 * input of n units and of 2n units, reads each, and checks that the larger
 * takes at most about twice the time: 3 times plus 5 ms (a loaded machine's
 * caches make a reading of twice the input up to 2.7 times slower), where
 * quadratic work takes 4 times.  Time is the processor time of the reading thread
 * (CLOCK_THREAD_CPUTIME_ID), so that other processes on a loaded machine do
 * not add to it, the least of up to ten readings; n is doubled from the
 * test's first size until n units take 20 ms at least (or the input is
 * 2 MB), so that the figures are well above the clock's resolution.  Header only, for the tests of
 * each reader (game files, EPD, the engine's UCI commands, engine output).
 */
#pragma once

#include <malloc.h>
#include <string.h>
#include <time.h>

#include <glib.h>

/* Builds the input of @n units (g_free). */
typedef char *(*LinearTimeMake) (guint    n,
                                 gpointer data);
/* Reads @text, as the reader under test does. */
typedef void  (*LinearTimeRead) (const char *text,
                                 gpointer    data);

/* The processor time of this thread, in seconds. */
static inline double
linear_time_thread_seconds (void)
{
  struct timespec ts;

  g_assert_cmpint (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts), ==, 0);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static inline double
linear_time_once (LinearTimeRead read,
                  const char    *text,
                  gpointer       data)
{
  double t0 = linear_time_thread_seconds ();

  read (text, data);
  return linear_time_thread_seconds () - t0;
}

/* Asserts that reading @make's input of 2n units takes at most 3 times
 * (plus 5 ms) what n units take, n being @n0 doubled until n units take
 * 20 ms (at most 12 doublings, and 2 MB: twice as much may not fit
 * in the processor's caches; and 2n at most @n_max units, unless 0).
 * The input of 2n units is read once before it is timed, as the first
 * input is.  While 2n units take too long, the two are read again in turn,
 * up to ten times each in all, and the least time of each kept, so that a
 * slower moment of the machine slows both.  @name names the input in the test's
 * messages. */
static inline void
linear_time_assert (const char     *name,
                    LinearTimeMake  make,
                    LinearTimeRead  read,
                    gpointer        data,
                    guint           n0,
                    guint           n_max)
{
  guint n = n0;
  double t1, t2;
  char *small, *large;

  /* Memory freed kept for the next reading, not given back to the system
   * and faulted in again at each reading (glibc). */
  mallopt (M_TRIM_THRESHOLD, 512 << 20);
  mallopt (M_MMAP_THRESHOLD, 64 << 20);
  for (guint doublings = 0;; doublings++)
    {
      small = make (n, data);
      if (doublings == 0)
        read (small, data);     /* warms up */
      t1 = linear_time_once (read, small, data);
      if (t1 >= 0.020 || doublings == 12
          || strlen (small) >= 2 << 20 || (n_max > 0 && 4 * n > n_max))
        break;
      g_free (small);
      n *= 2;
    }
  large = make (2 * n, data);
  read (large, data);           /* warms up: its memory faulted in once */
  t2 = linear_time_once (read, large, data);
  /* Every reading again while 2n units take too long, however much too
   * long: one reading 12 times slower than the small one's was seen on a
   * machine busy compiling (page faults are the thread's time too).  A
   * quadratic reader fails all ten; a second of readings at most. */
  for (guint rep = 1; rep < 10 && t2 > 3 * t1 + 0.005 && 10 * (t1 + t2) < 1.0; rep++)
    {
      t1 = MIN (t1, linear_time_once (read, small, data));
      t2 = MIN (t2, linear_time_once (read, large, data));
    }
  g_free (small);
  g_free (large);
  g_test_message ("%s: %u units %.4f s, %u units %.4f s: %.2f times",
                  name, n, t1, 2 * n, t2, t2 / t1);
  g_assert_cmpfloat (t2, <=, 3 * t1 + 0.005);
}
