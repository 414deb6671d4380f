/* fake-engine.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A scripted UCI engine for the engine client's tests: one program, and the
 * misbehaviour picked by its first argument:
 *
 *   good               well-behaved: answers uci/isready/setoption/position/
 *                      go/stop/quit; `go infinite` prints one info line per
 *                      MultiPV rank every 10 ms, depth rising; on `stop` it
 *                      prints 5 more info lines of the old search, 10 ms
 *                      apart, then bestmove (as a real engine finishing its
 *                      iteration does: they must be dropped after a
 *                      position change); `go depth N` ends by itself
 *   crash-at-start     writes a message on stderr and exits with status 3
 *                      before reading anything
 *   crash-mid-search   good, but aborts (SIGABRT) after 5 info lines of a search
 *   hang-on-stop       good, but ignores `stop` (goes on printing info)
 *   hang-in-search     good, but once searching reads nothing more and
 *                      prints nothing (no readyok to a ping, no bestmove)
 *   flood RATE         good, but prints RATE info lines per second while
 *                      searching (0: as fast as the pipe takes them)
 *   long-line          good, but a search prints 100 KiB without a newline
 *   garbage            a banner and junk before uciok (which it does send),
 *                      then a search prints junk lines: binary bytes, info
 *                      lines with bad values, words
 *   garbage-only       prints junk in answer to uci, never uciok
 *   late-uciok MS      good, but waits MS milliseconds before uciok (a
 *                      banner line first, as many engines print)
 *   early-uciok        good, but prints `uciok` at start-up, before it is
 *                      sent `uci` (then answers `uci` as usual)
 *   slow-readyok MS    good, but waits MS milliseconds before each readyok
 *                      (an engine allocating a large table)
 *   readyok-after-stop good, but an `isready` during a search is answered
 *                      only after `stop` (after its bestmove), as some
 *                      engines do, while the search goes on printing info
 *   no-cheops          offers UCI_Variant with chess only
 *   ignore-quit        good, but ignores quit, stdin EOF and SIGTERM
 *   exit-on-stop       good, but answers `stop` with a bestmove line that
 *                      has no newline, and exits (status 0)
 *   no-options         good, but declares neither Hash nor Threads
 *   script FILE        good, but a search prints the lines of FILE, one
 *                      every 10 ms, instead of its own; a line "wait MS"
 *                      prints nothing and waits MS milliseconds more; at
 *                      the end of the file the search goes quiet until
 *                      `stop` (then bestmove), unless the file printed a
 *                      bestmove line itself.  Each `go` reads FILE again
 *                      from its start, so a test may rewrite it between
 *                      searches
 *   book FILE          good, but a `go` whose position (the whole last
 *                      `position` command) is a line of FILE, followed by
 *                      a tab and a move ("position fen ... moves a b\tc d"),
 *                      prints one info line at once and that move as its
 *                      bestmove (a game played move by move, for engine
 *                      against engine); another position is searched as
 *                      `good` does
 *
 * Two environment variables serve the studio's preferences tests:
 * FAKE_ENGINE_LOG names a file to which every line received is appended
 * as it arrives (what the studio sent, in order), and FAKE_ENGINE_NAME
 * replaces the `id name` (to tell two engines apart).  A third,
 * FAKE_ENGINE_BESTMOVE, when set, is the move every bestmove line gives.
 * FAKE_ENGINE_HASH_MS, makes `setoption name Hash` take that many
 * milliseconds, as a real engine zeroing a large table does.
 *
 * FAKE_ENGINE_VARIANTS lists the UCI_Variant combo's values, separated by
 * spaces (default "cheops"); FAKE_ENGINE_PV replaces the whole PV of every
 * info line (moves of another game, "e2a3 b5b4"); FAKE_ENGINE_SCORE
 * replaces the score of line 1 ("mate 2").
 *
 * The first move of every PV is a tag of the position searched: the last
 * move of the `position ... moves` command, or "a1b1" without moves.  The
 * tests use it to tell which position a line is about.
 */

#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char *mode = "good";
static int multipv = 1;
static char tag[16] = "a1b1";
static int searching = 0;
static int held_readyok = 0;   /* readyok-after-stop: isready held until stop */
static int search_depth_limit = 0;
static int depth = 0;
static long long nodes = 0;
static int lines_in_search = 0;
static int flood_rate = 0;
static FILE *log_file = NULL;
static const char *script_path = NULL;
static FILE *script_file = NULL;
static int script_wait_ms = 0;
static char last_position[65536] = "";
static char book_move[64] = "";   /* book: the move of the position searched, "" none */

static int
is_mode (const char *m)
{
  return strcmp (mode, m) == 0;
}

static long long
now_ms (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (long long) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void
sleep_ms (int ms)
{
  struct timespec ts = { ms / 1000, (long) (ms % 1000) * 1000000 };

  nanosleep (&ts, NULL);
}

static void
print_info (int rank)
{
  char score[32];
  char pv[256];

  nodes += 1000;
  if (rank == 1 && getenv ("FAKE_ENGINE_SCORE") != NULL)
    snprintf (score, sizeof score, "%s", getenv ("FAKE_ENGINE_SCORE"));
  else
    snprintf (score, sizeof score, "cp %d", 10 * rank + depth);
  if (getenv ("FAKE_ENGINE_PV") != NULL)
    snprintf (pv, sizeof pv, "%s", getenv ("FAKE_ENGINE_PV"));
  else
    snprintf (pv, sizeof pv, "%s c3d4 e5f6", tag);
  printf ("info depth %d seldepth %d multipv %d score %s nodes %lld nps 100000 "
          "hashfull %d time %d pv %s\n",
          depth, depth + 2, rank, score, nodes, depth % 1000, depth * 10, pv);
}

static void
print_bestmove (void)
{
  if (book_move[0] != '\0')
    printf ("bestmove %s\n", book_move);
  else if (getenv ("FAKE_ENGINE_BESTMOVE") != NULL)
    printf ("bestmove %s\n", getenv ("FAKE_ENGINE_BESTMOVE"));
  else
    printf ("bestmove %s ponder c3d4\n", tag);
  fflush (stdout);
  searching = 0;
}

static void
print_garbage (int i)
{
  switch (i % 5)
    {
    case 0:
      {
        static const char junk[] = "\x01\xff\xfe binary \x80\x81\n";

        fwrite (junk, 1, sizeof junk - 1, stdout);
      }
      break;
    case 1:
      printf ("info depth x score cp\n");
      break;
    case 2:
      printf ("info depth 3 pv zz99 !!\n");
      break;
    case 3:
      printf ("the quick brown fox %d\n", i);
      break;
    default:
      printf ("bestmove\n");
      break;
    }
}

/* One step of a running search. */
static void
search_step (void)
{
  if (is_mode ("long-line"))
    {
      for (int i = 0; i < 100 * 1024 / 8; i++)
        fputs ("xxxxxxxx", stdout);
      fflush (stdout);
      return;
    }
  if (is_mode ("garbage"))
    {
      for (int i = 0; i < 20; i++)
        print_garbage (i);
      fflush (stdout);
      return;
    }
  if (is_mode ("flood"))
    {
      /* In 10 ms steps: RATE / 100 lines per step. */
      int n = flood_rate > 0 ? flood_rate / 100 : 1000;

      for (int i = 0; i < n; i++)
        {
          /* One line a thousand nodes; the depth grows every 100 lines. */
          depth = 1 + (int) (nodes / 100000);
          print_info (1 + i % multipv);
        }
      fflush (stdout);
      return;
    }

  if (is_mode ("script"))
    {
      char buf[4096];

      if (script_file == NULL || fgets (buf, sizeof buf, script_file) == NULL)
        {
          if (script_file != NULL)
            fclose (script_file);
          script_file = NULL;
          return;
        }
      if (strncmp (buf, "wait ", 5) == 0)
        {
          script_wait_ms = atoi (buf + 5);
          return;
        }
      fputs (buf, stdout);
      if (strchr (buf, '\n') == NULL)
        fputc ('\n', stdout);
      fflush (stdout);
      if (strncmp (buf, "bestmove", 8) == 0)
        searching = 0;
      return;
    }

  depth++;
  for (int rank = 1; rank <= multipv; rank++)
    print_info (rank);
  fflush (stdout);
  lines_in_search += multipv;
  if (book_move[0] != '\0')
    {
      print_bestmove ();
      return;
    }
  if (is_mode ("crash-mid-search") && lines_in_search >= 5)
    {
      fprintf (stderr, "fake-engine: assertion failed in search\n");
      fflush (stderr);
      abort ();
    }
  if (search_depth_limit > 0 && depth >= search_depth_limit)
    print_bestmove ();
}

static void
handle_command (char *line)
{
  char *nl = strchr (line, '\n');

  if (nl != NULL)
    *nl = '\0';

  if (log_file != NULL)
    {
      fprintf (log_file, "%s\n", line);
      fflush (log_file);
    }

  if (strcmp (line, "uci") == 0)
    {
      if (is_mode ("garbage-only"))
        {
          for (int i = 0; i < 10; i++)
            print_garbage (i);
          fflush (stdout);
          return;
        }
      if (is_mode ("garbage"))
        {
          printf ("Fake Engine 1.0 by nobody (a banner, not UCI)\n");
          for (int i = 0; i < 10; i++)
            print_garbage (i);
        }
      if (getenv ("FAKE_ENGINE_NAME") != NULL)
        printf ("id name %s\n", getenv ("FAKE_ENGINE_NAME"));
      else
        printf ("id name Fake Engine (%s)\n", mode);
      printf ("id author The Cheops Studio tests\n");
      if (!is_mode ("no-options"))
        {
          printf ("option name Hash type spin default 16 min 1 max 1024\n");
          printf ("option name Threads type spin default 1 min 1 max 8\n");
        }
      printf ("option name MultiPV type spin default 1 min 1 max 16\n");
      printf ("option name Clear Hash type button\n");
      if (is_mode ("no-cheops"))
        printf ("option name UCI_Variant type combo default chess var chess var shogi\n");
      else
        {
          const char *list = getenv ("FAKE_ENGINE_VARIANTS") != NULL ? getenv ("FAKE_ENGINE_VARIANTS") : "cheops";
          char copy[256];

          snprintf (copy, sizeof copy, "%s", list);
          printf ("option name UCI_Variant type combo default cheops");
          for (char *v = strtok (copy, " "); v != NULL; v = strtok (NULL, " "))
            printf (" var %s", v);
          printf ("\n");
        }
      fflush (stdout);
      if (is_mode ("late-uciok"))
        {
          printf ("Fake Engine: loading its network, please wait\n");
          fflush (stdout);
          sleep_ms (flood_rate);
        }
      printf ("uciok\n");
      fflush (stdout);
    }
  else if (strcmp (line, "isready") == 0 && is_mode ("readyok-after-stop") && searching)
    held_readyok++;
  else if (strcmp (line, "isready") == 0)
    {
      if (is_mode ("slow-readyok"))
        sleep_ms (flood_rate);
      printf ("readyok\n");
      fflush (stdout);
    }
  else if (strncmp (line, "setoption name MultiPV value ", 29) == 0)
    multipv = atoi (line + 29);
  else if (strncmp (line, "setoption name Hash value ", 26) == 0 && getenv ("FAKE_ENGINE_HASH_MS") != NULL)
    usleep ((useconds_t) atoi (getenv ("FAKE_ENGINE_HASH_MS")) * 1000);
  else if (strncmp (line, "position ", 9) == 0)
    {
      char *moves = strstr (line, " moves ");

      snprintf (last_position, sizeof last_position, "%s", line);
      strcpy (tag, "a1b1");
      if (moves != NULL)
        {
          char *last = strrchr (line, ' ');

          snprintf (tag, sizeof tag, "%s", last + 1);
        }
    }
  else if (strncmp (line, "go", 2) == 0)
    {
      char *d = strstr (line, "depth ");

      search_depth_limit = d != NULL ? atoi (d + 6) : 0;
      searching = 1;
      depth = 0;
      nodes = 0;
      lines_in_search = 0;
      book_move[0] = '\0';
      if (is_mode ("book") && script_path != NULL)
        {
          FILE *book = fopen (script_path, "r");
          static char entry[65536];

          while (book != NULL && fgets (entry, sizeof entry, book) != NULL)
            {
              char *tab = strchr (entry, '\t');
              char *end;

              if (tab == NULL)
                continue;
              *tab = '\0';
              if (strcmp (entry, last_position) != 0)
                continue;
              if ((end = strchr (tab + 1, '\n')) != NULL)
                *end = '\0';
              snprintf (book_move, sizeof book_move, "%s", tab + 1);
              break;
            }
          if (book != NULL)
            fclose (book);
        }
      if (is_mode ("script"))
        {
          if (script_file != NULL)
            fclose (script_file);
          script_file = script_path != NULL ? fopen (script_path, "r") : NULL;
        }
      if (is_mode ("hang-in-search"))
        for (;;)
          sleep_ms (1000);
    }
  else if (strcmp (line, "stop") == 0)
    {
      if (is_mode ("hang-on-stop") || !searching)
        return;
      if (is_mode ("exit-on-stop"))
        {
          printf ("bestmove %s", tag);
          fflush (stdout);
          exit (0);
        }
      for (int i = 0; i < 5 && !is_mode ("script"); i++)
        {
          sleep_ms (10);
          depth++;
          print_info (1);
          fflush (stdout);
        }
      print_bestmove ();
      for (; held_readyok > 0; held_readyok--)
        printf ("readyok\n");
      fflush (stdout);
    }
  else if (strcmp (line, "quit") == 0)
    {
      if (!is_mode ("ignore-quit"))
        exit (0);
    }
}

int
main (int    argc,
      char **argv)
{
  static char inbuf[65536];
  static char line[65536];
  size_t inlen = 0;
  long long next_step = 0;

  if (argc > 1)
    mode = argv[1];
  if (argc > 2)
    flood_rate = atoi (argv[2]);
  if (argc > 2 && (is_mode ("script") || is_mode ("book")))
    script_path = argv[2];

  if (is_mode ("crash-at-start"))
    {
      fprintf (stderr, "fake-engine: cannot open its network file\n");
      return 3;
    }
  if (is_mode ("ignore-quit"))
    signal (SIGTERM, SIG_IGN);
  if (is_mode ("early-uciok"))
    {
      printf ("uciok\n");
      fflush (stdout);
    }
  if (getenv ("FAKE_ENGINE_LOG") != NULL && getenv ("FAKE_ENGINE_LOG")[0] != '\0')
    {
      log_file = fopen (getenv ("FAKE_ENGINE_LOG"), "a");
      if (log_file == NULL)
        {
          perror ("fake-engine: FAKE_ENGINE_LOG");
          return 4;
        }
    }

  for (;;)
    {
      struct pollfd pfd = { 0, POLLIN, 0 };
      int timeout = -1;

      if (searching && !(is_mode ("flood") && flood_rate == 0))
        {
          long long wait = next_step - now_ms ();

          timeout = wait > 0 ? (int) wait : 0;
        }
      else if (searching)
        timeout = 0;

      if (poll (&pfd, 1, timeout) > 0)
        {
          /* Unbuffered reads, so that poll() sees every pending line. */
          ssize_t n = read (0, inbuf + inlen, sizeof inbuf - 1 - inlen);
          char *nl;

          if (n <= 0)
            {
              if (is_mode ("ignore-quit"))
                for (;;)
                  sleep_ms (1000);
              return 0;
            }
          inlen += (size_t) n;
          inbuf[inlen] = '\0';
          while ((nl = memchr (inbuf, '\n', inlen)) != NULL)
            {
              size_t len = (size_t) (nl - inbuf) + 1;

              memcpy (line, inbuf, len);
              line[len] = '\0';
              memmove (inbuf, inbuf + len, inlen - len);
              inlen -= len;
              handle_command (line);
            }
          if (inlen == sizeof inbuf - 1)
            inlen = 0;
          continue;
        }
      if (searching && now_ms () >= next_step)
        {
          search_step ();
          next_step = now_ms () + 10 + script_wait_ms;
          script_wait_ms = 0;
        }
    }
}
