/* test-cypher.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cheops-engine on Cypher chess (shared/variants/cypher.md), through real
 * pipes: `go perft` equals the core's divide with compound moves and drops
 * (6.2, 6.4), `position ... moves` reads a compound move (`i3h4,c3i3`, 4.4)
 * and drops (`P@a5`, `p@b5`, 4.8), `bestmove` is move text, flips in one
 * (4.9: a Spy flip, a King flip, the collusion capture of 4.6 that is also
 * a King flip) are found as `score mate 1`, a finished game answers
 * `bestmove (none)` with `d`'s "Game over" in the outcome table's words,
 * and the `bench cypher` signature (src/engine/README.md).
 */
#include <signal.h>
#include <string.h>

#include "cheops-core.h"
#include "engine-pipe.h"

#define TIMEOUT_MS 30000

#define CYPHER_BENCH_NODES "Nodes searched: " CYPHER_BENCH_SIGNATURE

/* 3.5: the White Spy i3 and Rook c3 on the base of Kings and Spies. */
#define ROOK_FEN "10/9k/10/9s/10/10/10/3R5S/10/9K/10 w - 0+0 - 0 1"
/* 8: prisoner release, White may drop on a5 b5 e5 g5 h5. */
#define DROP_FEN "s9/10/10/10/5k4/3p6/10/10/5K4/10/1S8 w PPp 0+0 - 0 1"

static const char *
find_line_prefix (GPtrArray *lines, const char *prefix)
{
  for (guint i = 0; i < lines->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (lines, i), prefix))
      return g_ptr_array_index (lines, i);
  return NULL;
}

static EnginePipe *
cypher_engine (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  engine_pipe_send (e, "setoption name UCI_Variant value cypher");
  return e;
}

static char *
fen_of_display (EnginePipe *e, GPtrArray **shown)
{
  g_autoptr (GPtrArray) lines = NULL;
  const char *fen;

  engine_pipe_send (e, "d");
  lines = engine_pipe_sync (e, TIMEOUT_MS);
  fen = find_line_prefix (lines, "Fen: ");
  g_assert_nonnull (fen);
  if (shown != NULL)
    *shown = g_ptr_array_ref (lines);
  return g_strdup (fen + 5);
}

typedef struct {
  GHashTable *counts;
} Divide;

static void
divide_cb (CheopsMove move, uint64_t nodes, void *data)
{
  Divide *d = data;
  char text[CHEOPS_MOVE_TEXT_MAX];
  cheops_move_to_text (&cheops_variant_cypher, move, text);
  g_hash_table_insert (d->counts, g_strdup (text), g_strdup_printf ("%" G_GUINT64_FORMAT, nodes));
}

/* `go perft N` prints the core's divide and total: the start (35 moves,
 * section 8), a position with compound moves (i3h4,c3i3: the Spy may leave
 * i3 only if the Rook closes the i-file behind it, L4) and one with drops. */
static void
test_perft (void)
{
  EnginePipe *e = cypher_engine ();
  const char *fens[] = { CYPHER_START_FEN, ROOK_FEN, DROP_FEN };
  const int depths[] = { 2, 2, 2 };
  const guint first_moves[] = { 35, 27, 0 };
  gboolean compound = FALSE, drop = FALSE;

  for (guint f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      CheopsPosition pos;
      Divide d = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free) };
      g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *total_line = NULL, *expected = NULL;
      guint moves = 0;
      uint64_t total;

      g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_cypher, fens[f], NULL));
      total = cheops_perft_divide (&pos, depths[f], divide_cb, &d);
      if (first_moves[f] > 0)
        g_assert_cmpuint (g_hash_table_size (d.counts), ==, first_moves[f]);
      engine_pipe_send (e, "position fen %s", fens[f]);
      engine_pipe_send (e, "go perft %d", depths[f]);
      total_line = engine_pipe_expect (e, "Nodes", TIMEOUT_MS, lines);
      expected = g_strdup_printf ("Nodes searched: %" G_GUINT64_FORMAT, total);
      g_assert_cmpstr (total_line, ==, expected);
      for (guint i = 0; i < lines->len; i++)
        {
          const char *line = g_ptr_array_index (lines, i);
          g_auto (GStrv) parts = NULL;
          if (line[0] == '\0')
            continue;
          parts = g_strsplit (line, ": ", 2);
          g_assert_nonnull (parts[1]);
          g_assert_cmpstr (g_hash_table_lookup (d.counts, parts[0]), ==, parts[1]);
          compound |= strchr (parts[0], ',') != NULL;
          drop |= strchr (parts[0], '@') != NULL;
          moves++;
        }
      g_assert_cmpuint (moves, ==, g_hash_table_size (d.counts));
      g_hash_table_unref (d.counts);
    }
  g_assert_true (compound);
  g_assert_true (drop);
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* Compound moves and drops in `position ... moves`, a refused move that
 * leaves the position, and a `bestmove` the core reads back (there, with a
 * pawn in hand, the engine plays a drop or a King step). */
static void
test_position_moves (void)
{
  EnginePipe *e = cypher_engine ();
  g_autofree char *after_compound = NULL, *after_drops = NULL, *best = NULL, *refused = NULL;
  g_autoptr (GPtrArray) lines = NULL;

  engine_pipe_send (e, "position fen " ROOK_FEN " moves i3h4,c3i3");
  after_compound = fen_of_display (e, NULL);
  g_assert_cmpstr (after_compound, ==, "10/9k/10/9s/10/10/8S1/9R/10/9K/10 b - 0+0 - 1 1");

  /* The Spy leaving i3 alone would open the i-file to the Black Court Spy
   * (L4, CY5): refused, and the position stays. */
  engine_pipe_send (e, "position fen " ROOK_FEN " moves i3h3");
  lines = engine_pipe_sync (e, TIMEOUT_MS);
  g_assert_cmpuint (lines->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (lines, 0), "info string error: "));
  refused = fen_of_display (e, NULL);
  g_assert_cmpstr (refused, ==, after_compound);

  engine_pipe_send (e, "position fen " DROP_FEN " moves P@a5 p@b5");
  after_drops = fen_of_display (e, NULL);
  g_assert_cmpstr (after_drops, ==, "s9/10/10/10/5k4/1Ppp6/10/10/5K4/10/1S8 w P 0+0 - 0 2");

  engine_pipe_send (e, "go depth 4");
  best = engine_pipe_expect (e, "bestmove", TIMEOUT_MS, NULL);
  g_assert_true (g_str_has_prefix (best, "bestmove "));
  {
    CheopsPosition pos;
    CheopsError error;
    g_auto (GStrv) parts = g_strsplit (best, " ", 0);
    g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_cypher, after_drops, NULL));
    g_assert_true (cheops_move_from_text (&pos, parts[1], &error) != CHEOPS_MOVE_NONE);
  }
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

typedef struct {
  const char *fen;
  const char *best[2];   /* the winning moves (one or two) */
  const char *over;      /* `d` after the first one */
} FlipCase;

/* 3.5 and 8: a Spy flip (e5e10 and e5z10 both see h10), a King flip out of
 * check (Kf4, CY4) and the collusion capture Kxd7 (4.6), each `score mate
 * 1`; after it, no move and the winner's words. */
static void
test_flips (void)
{
  static const FlipCase cases[] = {
    { "8k1/10/s9/10/10/5S4/10/10/10/2K7/10 w - 0+0 - 0 1", { "e5e10", "e5z10" },
      "Game over: White (w) wins by a flip (4.9)" },
    { "10/9k/10/10/10/7s2/10/5K4/10/10/1S8 w - 0+1 - 0 1", { "e3f4", NULL },
      "Game over: White (w) wins by a flip (4.9)" },
    { "9s/10/5k4/4Q5/3S6/10/10/10/5K4/10/10 b - 1+0 - 0 1", { "e8d7", NULL },
      "Game over: Black (b) wins by a flip (4.9)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      EnginePipe *e = cypher_engine ();
      g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GPtrArray) shown = NULL;
      g_autofree char *best = NULL, *none = NULL, *fen = NULL;
      const char *move;

      engine_pipe_send (e, "position fen %s", cases[i].fen);
      engine_pipe_send (e, "go depth 3");
      best = engine_pipe_expect (e, "bestmove", TIMEOUT_MS, lines);
      move = best + strlen ("bestmove ");
      if (!(g_str_has_prefix (move, cases[i].best[0])
            || (cases[i].best[1] != NULL && g_str_has_prefix (move, cases[i].best[1]))))
        g_error ("%s: %s, not a flip", cases[i].fen, best);
      g_assert_nonnull (strstr (g_ptr_array_index (lines, lines->len - 1), " score mate 1 "));

      engine_pipe_send (e, "position fen %s moves %s", cases[i].fen, cases[i].best[0]);
      engine_pipe_send (e, "go depth 3");
      none = engine_pipe_expect (e, "bestmove", TIMEOUT_MS, NULL);
      g_assert_cmpstr (none, ==, "bestmove (none)");
      fen = fen_of_display (e, &shown);
      g_assert_cmpstr (find_line_prefix (shown, "Game over: "), ==, cases[i].over);
      g_assert_cmpint (engine_pipe_free (e), ==, 0);
    }
}

/* `bench cypher`: its positions and signature; plain `bench` is Cheops's. */
static void
test_bench (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *total = NULL;

  engine_pipe_send (e, "bench cypher");
  total = engine_pipe_expect (e, "Nodes", 120000, lines);
  g_assert_cmpstr (total, ==, CYPHER_BENCH_NODES);
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  signal (SIGPIPE, SIG_IGN);
  g_test_add_func ("/engine/cypher/perft", test_perft);
  g_test_add_func ("/engine/cypher/position-moves", test_position_moves);
  g_test_add_func ("/engine/cypher/flips", test_flips);
  g_test_add_func ("/engine/cypher/bench", test_bench);
  return g_test_run ();
}
