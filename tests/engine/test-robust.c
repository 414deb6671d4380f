/* test-robust.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cheops-engine's robustness and readout, through real pipes: input of any
 * length (`go searchmoves` with thousands of moves, tokens of 100 kB),
 * `go perft`, `bench` and `ucinewgame` stopped by `stop` and `quit` at once
 * with `isready` answered, a progress line at least once a second during
 * a long iteration, and the mate scores' signs (`score mate 0` when the
 * side to move has lost at the root, `mate -N` with N >= 1 for a loss).
 */
#include <signal.h>
#include <string.h>

#include "cheops-core.h"
#include "engine-pipe.h"

#define TIMEOUT_MS 10000

static char *
wait_for (EnginePipe *e, const char *prefix, GPtrArray *before)
{
  return engine_pipe_expect (e, prefix, TIMEOUT_MS, before);
}

/* Sends isready, expects readyok within @ms and returns the lines before it. */
static GPtrArray *
ready_within (EnginePipe *e, int ms)
{
  GPtrArray *before = g_ptr_array_new_with_free_func (g_free);
  gint64 t0 = g_get_monotonic_time ();
  char *line;

  engine_pipe_send (e, "isready");
  line = engine_pipe_wait_for (e, "readyok", ms, before);
  if (line == NULL)
    g_error ("no readyok within %d ms", ms);
  g_test_message ("readyok after %.0f ms", (g_get_monotonic_time () - t0) / 1000.0);
  g_free (line);
  return before;
}

static guint
count_prefix (GPtrArray *lines, const char *prefix)
{
  guint n = 0;
  for (guint i = 0; i < lines->len; i++)
    n += g_str_has_prefix (g_ptr_array_index (lines, i), prefix);
  return n;
}

/* The legal moves of @pos in move text. */
static GPtrArray *
legal_texts (const CheopsPosition *pos)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_generate_moves (pos, list);
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  for (CheopsMove *m = list; m < end; m++)
    {
      char text[CHEOPS_MOVE_TEXT_MAX];
      cheops_move_to_text (pos->variant, *m, text);
      g_ptr_array_add (texts, g_strdup (text));
    }
  return texts;
}

/* The move of a `bestmove M [ponder P]` line (in place). */
static const char *
best_move (char *line)
{
  char *space;

  g_assert_true (g_str_has_prefix (line, "bestmove "));
  line += strlen ("bestmove ");
  if ((space = strchr (line, ' ')) != NULL)
    *space = '\0';
  return line;
}

/* `go searchmoves` with far more moves than a position has (the buffer
 * held CHEOPS_MAX_MOVES = 320: SIGSEGV): duplicates and illegal moves are
 * ignored (one error line for the illegal ones), the search keeps to the
 * legal moves given, or searches every move when none is legal. */
static void
test_searchmoves_long (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  CheopsPosition pos;
  g_autoptr (GPtrArray) legal = NULL;
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  GString *go = g_string_new ("go depth 2 searchmoves");
  g_autofree char *best = NULL, *best2 = NULL, *best3 = NULL;

  cheops_position_init_start (&pos, &cheops_variant_cheops);
  legal = legal_texts (&pos);
  g_assert_cmpuint (legal->len, >, 2);
  /* Every legal move ten times, and 500 illegal ones. */
  for (int k = 0; k < 10; k++)
    for (guint i = 0; i < legal->len; i++)
      g_string_append_printf (go, " %s", (char *) g_ptr_array_index (legal, i));
  for (int k = 0; k < 500; k++)
    g_string_append (go, " a1a1");
  engine_pipe_send (e, "position startpos");
  engine_pipe_send (e, "%s", go->str);
  best = wait_for (e, "bestmove", lines);
  g_assert_cmpuint (cheops_move_from_text (&pos, best_move (best), NULL), !=,
                    CHEOPS_MOVE_NONE);
  g_assert_cmpuint (count_prefix (lines, "info string error: "), ==, 1);

  /* Two moves, each 1000 times: the answer is one of them. */
  g_string_assign (go, "go depth 3 searchmoves");
  for (int k = 0; k < 1000; k++)
    g_string_append_printf (go, " %s %s", (char *) g_ptr_array_index (legal, 0),
                            (char *) g_ptr_array_index (legal, 1));
  engine_pipe_send (e, "%s", go->str);
  best2 = wait_for (e, "bestmove", NULL);
  best_move (best2);
  if (strcmp (best2 + strlen ("bestmove "), g_ptr_array_index (legal, 0)) != 0
      && strcmp (best2 + strlen ("bestmove "), g_ptr_array_index (legal, 1)) != 0)
    g_error ("'%s' is not one of the searchmoves %s %s", best2,
             (char *) g_ptr_array_index (legal, 0), (char *) g_ptr_array_index (legal, 1));

  /* Only illegal ones: every move is searched. */
  g_string_assign (go, "go depth 1 searchmoves");
  for (int k = 0; k < 3000; k++)
    g_string_append (go, " x9z0");
  engine_pipe_send (e, "%s", go->str);
  best3 = wait_for (e, "bestmove", NULL);
  g_assert_cmpuint (cheops_move_from_text (&pos, best_move (best3), NULL), !=,
                    CHEOPS_MOVE_NONE);
  g_ptr_array_unref (ready_within (e, 1000));
  g_string_free (go, TRUE);
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* Every command with a token of 100 kB is answered with exactly one error
 * line, and the engine goes on. */
static void
test_long_tokens (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  g_autofree char *big = g_strnfill (100000, 'x');
  g_autofree char *digits = g_strnfill (100000, '9');
  const char *formats[] = {
    "%s",
    "setoption name %s value 1",
    "setoption name Hash value %s",
    "setoption name UCI_Variant value %s",
    "setoption name %s value %s",
    "position fen %s",
    "position fen %s %s moves %s",
    "position startpos moves %s",
    "go depth %s",
    "go %s",
    "bench %s",
    "bench cheops %s",
  };

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autoptr (GPtrArray) lines = NULL;
      const char *arg = strstr (formats[i], "depth") || strstr (formats[i], "Hash")
                        || strstr (formats[i], "cheops") ? digits : big;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
      g_autofree char *command = g_strdup_printf (formats[i], arg, arg, arg);
#pragma GCC diagnostic pop
      engine_pipe_send (e, "%s", command);
      lines = ready_within (e, 5000);
      if (lines->len != 1 || !g_str_has_prefix (g_ptr_array_index (lines, 0), "info string error: ")
          || strlen (g_ptr_array_index (lines, 0)) > 1000)
        g_error ("'%.40s...' was answered with %u lines, first '%.80s'", command, lines->len,
                 lines->len ? (char *) g_ptr_array_index (lines, 0) : "");
    }
  engine_pipe_send (e, "go depth 2");
  g_free (wait_for (e, "bestmove", NULL));
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* Starts @command (a job of many seconds), lets it run @ms. */
static EnginePipe *
start_long (const char *command, int ms)
{
  EnginePipe *e = engine_pipe_new (NULL);

  engine_pipe_send (e, "position startpos");
  engine_pipe_send (e, "%s", command);
  g_usleep ((gulong) ms * 1000);
  return e;
}

/* `stop` ends a `go perft 7` at once with the counts of the root moves done
 * and their total on a `Nodes searched:` line; isready is answered during
 * the perft and right after. */
static void
test_perft_stop (void)
{
  EnginePipe *e = start_long ("go perft 7", 1000);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *total = NULL;
  guint64 sum = 0, reported;
  gint64 t0;

  g_ptr_array_unref (ready_within (e, 500));
  t0 = g_get_monotonic_time ();
  engine_pipe_send (e, "stop");
  total = engine_pipe_wait_for (e, "Nodes", 1000, lines);
  if (total == NULL)
    g_error ("`go perft 7` did not end within 1 s of stop");
  g_test_message ("perft stopped in %.0f ms: %s", (g_get_monotonic_time () - t0) / 1000.0, total);
  g_assert_true (g_str_has_prefix (total, "Nodes searched: "));
  g_assert_cmpuint (count_prefix (lines, "info string perft stopped"), ==, 1);
  /* The total is the sum of the lines printed. */
  for (guint i = 0; i < lines->len; i++)
    {
      const char *colon = strstr (g_ptr_array_index (lines, i), ": ");
      if (colon != NULL && !g_str_has_prefix (g_ptr_array_index (lines, i), "info"))
        sum += g_ascii_strtoull (colon + 2, NULL, 10);
    }
  reported = g_ascii_strtoull (total + strlen ("Nodes searched: "), NULL, 10);
  g_assert_cmpuint (sum, ==, reported);
  g_ptr_array_unref (ready_within (e, 300));
  /* Still working: a whole perft again, the core's count. */
  {
    CheopsPosition pos;
    g_autofree char *expected = NULL;

    cheops_position_init_start (&pos, &cheops_variant_cheops);
    expected = g_strdup_printf ("Nodes searched: %" G_GUINT64_FORMAT, cheops_perft (&pos, 3));
    engine_pipe_send (e, "go perft 3");
    g_free (total);
    total = wait_for (e, "Nodes", NULL);
    g_assert_cmpstr (total, ==, expected);
  }
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* quit during a long job: the process ends within a second. */
static void
check_quit_during (const char *command)
{
  EnginePipe *e = start_long (command, 300);
  gint64 t0 = g_get_monotonic_time ();
  int status = engine_pipe_free (e);
  double ms = (g_get_monotonic_time () - t0) / 1000.0;

  g_test_message ("'%s' then quit: exit %d after %.0f ms", command, status, ms);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpfloat (ms, <, 1000);
}

static void
test_perft_quit (void)
{
  check_quit_during ("go perft 7");
}

static void
test_bench_quit (void)
{
  check_quit_during ("bench 30");
}

/* `bench 30` (hours): isready answered while it runs, stop ends it at once
 * with its summary after a line saying it was stopped. */
static void
test_bench_stop (void)
{
  EnginePipe *e = start_long ("bench 30", 300);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *total = NULL;

  g_ptr_array_unref (ready_within (e, 500));
  engine_pipe_send (e, "stop");
  total = engine_pipe_wait_for (e, "Nodes", 1000, lines);
  if (total == NULL)
    g_error ("`bench 30` did not end within 1 s of stop");
  g_assert_true (g_str_has_prefix (total, "Nodes searched: "));
  g_assert_cmpuint (count_prefix (lines, "info string bench stopped"), ==, 1);
  g_ptr_array_unref (ready_within (e, 300));
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* ucinewgame during a perft and a bench ends them: readyok at once. */
static void
test_ucinewgame_during (void)
{
  const char *commands[] = { "go perft 7", "bench 30" };

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      EnginePipe *e = start_long (commands[i], 300);
      engine_pipe_send (e, "ucinewgame");
      g_ptr_array_unref (ready_within (e, 1000));
      engine_pipe_send (e, "go depth 1");
      g_free (wait_for (e, "bestmove", NULL));
      g_assert_cmpint (engine_pipe_free (e), ==, 0);
    }
}

/* The value of @key in an info line, or -1. */
static gint64
info_value (const char *line, const char *key)
{
  g_auto (GStrv) words = g_strsplit (line, " ", -1);

  for (int i = 0; words[i] != NULL && words[i + 1] != NULL; i++)
    if (strcmp (words[i], key) == 0)
      return g_ascii_strtoll (words[i + 1], NULL, 10);
  return -1;
}

/* During 3 s of a deep search an info line with nodes comes at least once
 * a second (by the engine's own clock, `time`; and by arrival, with slack
 * for a loaded machine), and the progress lines have Stockfish's form. */
static void
test_progress (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  gint64 t0, deadline, last_arrival, last_time = 0, max_gap = 0, max_arrival_gap = 0;
  guint progress = 0, with_nodes = 0;
  g_autofree char *best = NULL;

  engine_pipe_send (e, "position startpos moves d3e4 n3m4");
  engine_pipe_send (e, "go depth 100");
  t0 = last_arrival = g_get_monotonic_time ();
  deadline = t0 + 3 * G_USEC_PER_SEC;
  for (;;)
    {
      gint64 left = deadline - g_get_monotonic_time ();
      g_autofree char *line = left > 0 ? engine_pipe_read (e, (int) (left / 1000) + 1) : NULL;
      gint64 now = g_get_monotonic_time ();

      if (line == NULL)
        break;
      g_assert_false (g_str_has_prefix (line, "bestmove"));
      if (!g_str_has_prefix (line, "info ") || info_value (line, "nodes") < 0)
        continue;
      with_nodes++;
      max_gap = MAX (max_gap, info_value (line, "time") - last_time);
      max_arrival_gap = MAX (max_arrival_gap, now - last_arrival);
      last_time = info_value (line, "time");
      last_arrival = now;
      if (strstr (line, " currmove ") != NULL)
        {
          g_auto (GStrv) w = g_strsplit (line, " ", -1);
          const char *keys[] = { "info", "depth", NULL, "seldepth", NULL, "nodes", NULL, "nps", NULL,
                                 "hashfull", NULL, "time", NULL, "currmove", NULL, "currmovenumber",
                                 NULL };
          g_assert_cmpuint (g_strv_length (w), ==, G_N_ELEMENTS (keys));
          for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
            if (keys[k] != NULL)
              g_assert_cmpstr (w[k], ==, keys[k]);
          g_assert_cmpint (info_value (line, "currmovenumber"), >=, 1);
          progress++;
        }
    }
  max_arrival_gap = MAX (max_arrival_gap, g_get_monotonic_time () - last_arrival);
  g_test_message ("%u info lines with nodes, %u progress lines; largest gap %" G_GINT64_FORMAT
                  " ms by the engine's time, %" G_GINT64_FORMAT " ms by arrival",
                  with_nodes, progress, max_gap, max_arrival_gap / 1000);
  g_assert_cmpuint (progress, >=, 1);
  g_assert_cmpint (max_gap, <=, 1300);
  g_assert_cmpint (max_arrival_gap / 1000, <=, 2000);
  engine_pipe_send (e, "stop");
  best = wait_for (e, "bestmove", NULL);
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* The side to move has lost at the root (Cheops: the Ascension, 8.1;
 * TrigChess: checkmate, TR13): `info depth 0 score mate 0` before
 * `bestmove (none)` (the UCI convention, as Stockfish); a draw at the root
 * (Cheops 8.4.1: Kings alone): `info depth 0 score cp 0`. */
static void
test_mated_at_root (void)
{
  struct { const char *variant, *position, *info; } cases[] = {
    { "cheops", "fen Q/3/5/1k5/9/11/11p1/15/1K15 q 0 1", "info depth 0 score mate 0" },
    { "trigchess", "startpos moves e2a3 b5b4 a3c5", "info depth 0 score mate 0" },
    { "cheops", "fen 1/3/5/7/9/11/13/15/1K13k1 a 0 1", "info depth 0 score cp 0" },
  };
  EnginePipe *e = engine_pipe_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *best = NULL;

      engine_pipe_send (e, "setoption name UCI_Variant value %s", cases[i].variant);
      engine_pipe_send (e, "position %s", cases[i].position);
      engine_pipe_send (e, "go depth 3");
      best = wait_for (e, "bestmove", lines);
      g_assert_cmpstr (best, ==, "bestmove (none)");
      g_assert_cmpuint (lines->len, ==, 1);
      g_assert_cmpstr (g_ptr_array_index (lines, 0), ==, cases[i].info);
    }
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* A loss is `mate -N` with N >= 1 on every line: Red plays into the mate
 * of spec section 8 (1. Ga3 b4 2. Gxc5#). */
static void
test_losing_mate_negative (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *best = NULL;
  guint mates = 0;

  engine_pipe_send (e, "setoption name UCI_Variant value trigchess");
  engine_pipe_send (e, "position startpos moves e2a3");
  engine_pipe_send (e, "go depth 4 searchmoves b5b4");
  best = wait_for (e, "bestmove", lines);
  g_assert_cmpstr (best, ==, "bestmove b5b4 ponder a3c5");
  for (guint i = 0; i < lines->len; i++)
    {
      const char *mate = strstr (g_ptr_array_index (lines, i), " score mate ");
      if (mate != NULL)
        {
          g_assert_cmpint (g_ascii_strtoll (mate + strlen (" score mate "), NULL, 10), ==, -1);
          mates++;
        }
    }
  g_assert_cmpuint (mates, >=, 2);
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  signal (SIGPIPE, SIG_IGN);
  g_test_add_func ("/engine/robust/searchmoves-long", test_searchmoves_long);
  g_test_add_func ("/engine/robust/long-tokens", test_long_tokens);
  g_test_add_func ("/engine/robust/perft-stop", test_perft_stop);
  g_test_add_func ("/engine/robust/perft-quit", test_perft_quit);
  g_test_add_func ("/engine/robust/bench-stop", test_bench_stop);
  g_test_add_func ("/engine/robust/bench-quit", test_bench_quit);
  g_test_add_func ("/engine/robust/ucinewgame-during", test_ucinewgame_during);
  g_test_add_func ("/engine/robust/progress", test_progress);
  g_test_add_func ("/engine/robust/mated-at-root", test_mated_at_root);
  g_test_add_func ("/engine/robust/losing-mate-negative", test_losing_mate_negative);
  return g_test_run ();
}
