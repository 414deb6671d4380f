/* bench-map-time: starts a program and reports how long it took until its
 * first top-level window was mapped, for benchmarks/studio/bench-startup.sh.
 *
 *   bench-map-time COMMAND [ARG...]
 *
 * Prints "MILLISECONDS PID" on standard output as soon as a child of the
 * root window is mapped (under Xvfb, with no window manager, an
 * application's top-level windows are the root's children), and exits,
 * leaving the program running (its output sent to /dev/null) for the
 * caller to measure and kill.  The
 * events are selected before the program starts, so no map is missed; the
 * time resolution is the kernel's, not a polling interval.  Exits 1 with a
 * message if the display cannot be opened, the program cannot be started,
 * or nothing is mapped within 30 s. */
#include <X11/Xlib.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static double
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int
main (int argc, char **argv)
{
  Display *display;
  double start;
  pid_t pid;

  if (argc < 2)
    {
      fprintf (stderr, "usage: %s COMMAND [ARG...]\n", argv[0]);
      return 1;
    }
  /* The X server of xvfb-run may still be starting: try for 5 s. */
  display = XOpenDisplay (NULL);
  for (int i = 0; display == NULL && i < 50; i++)
    {
      usleep (100000);
      display = XOpenDisplay (NULL);
    }
  if (display == NULL)
    {
      fprintf (stderr, "%s: cannot open the display\n", argv[0]);
      return 1;
    }
  XSelectInput (display, DefaultRootWindow (display), SubstructureNotifyMask);
  XSync (display, False);

  start = now_ms ();
  pid = fork ();
  if (pid < 0)
    {
      perror ("fork");
      return 1;
    }
  if (pid == 0)
    {
      int null = open ("/dev/null", O_RDWR);

      /* Not our standard output: the caller reads that to its end. */
      close (ConnectionNumber (display));
      dup2 (null, STDOUT_FILENO);
      dup2 (null, STDERR_FILENO);
      execvp (argv[1], argv + 1);
      perror (argv[1]);
      _exit (127);
    }

  while (now_ms () - start < 30000)
    {
      struct pollfd pfd = { ConnectionNumber (display), POLLIN, 0 };

      while (XPending (display) > 0)
        {
          XEvent event;

          XNextEvent (display, &event);
          if (event.type == MapNotify)
            {
              printf ("%.0f %d\n", now_ms () - start, (int) pid);
              return 0;
            }
        }
      poll (&pfd, 1, 100);
    }
  fprintf (stderr, "%s: no window mapped within 30 s\n", argv[0]);
  return 1;
}
