/* test-variant.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cheops-engine on a variant other than Cheops, through real pipes: the
 * UCI_Variant combo lists cheops_variants[], `position startpos` after a
 * switch is the variant's start, `go perft` equals the core's perft, the
 * TrigChess bench signature, a TrigChess mate in one (spec section 8:
 * 1. Ga3 b4 2. Gxc5#), the third occurrence scored as a loss for the mover
 * (TR15), also across the reversible sideways Pawn steps that reset the
 * halfmove clock (TR8, TR19), and `d`'s "Game over" in the outcome table's
 * words.
 */
#include <signal.h>
#include <string.h>

#include "cheops-core.h"
#include "engine-pipe.h"

#define TIMEOUT_MS 20000

/* The TrigChess bench signature (src/engine/README.md). */
#define TRIGCHESS_BENCH_NODES "Nodes searched: " TRIGCHESS_BENCH_SIGNATURE

static char *
wait_for (EnginePipe *e, const char *prefix, GPtrArray *before)
{
  return engine_pipe_expect (e, prefix, TIMEOUT_MS, before);
}

static GPtrArray *
sync_lines (EnginePipe *e)
{
  return engine_pipe_sync (e, TIMEOUT_MS);
}

static const char *
find_line_prefix (GPtrArray *lines, const char *prefix)
{
  for (guint i = 0; i < lines->len; i++)
    if (g_str_has_prefix (g_ptr_array_index (lines, i), prefix))
      return g_ptr_array_index (lines, i);
  return NULL;
}

/* The combo lists the variants of cheops_variants[] the engine plays (those
 * with an evaluation), in that order, Cheops the default.  A core variant
 * without one yet (Cypher chess, until its evaluation lands) is not
 * offered. */
static void
test_combo (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) expected = g_string_new ("option name UCI_Variant type combo default cheops");
  static const char *const played[] = { "cheops", "trigchess", "cypher", "pyramids" };

  for (guint i = 0; i < G_N_ELEMENTS (played); i++)
    {
      g_assert_nonnull (cheops_variant_find (played[i]));
      g_string_append_printf (expected, " var %s", played[i]);
    }
  g_assert_cmpstr (expected->str, ==,
                   "option name UCI_Variant type combo default cheops var cheops var trigchess var cypher var pyramids");
  engine_pipe_send (e, "uci");
  g_free (wait_for (e, "uciok", lines));
  g_assert_cmpstr (find_line_prefix (lines, "option name UCI_Variant "), ==, expected->str);
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

static char *
fen_of_display (EnginePipe *e)
{
  g_autoptr (GPtrArray) lines = NULL;
  const char *fen;

  engine_pipe_send (e, "d");
  lines = sync_lines (e);
  fen = find_line_prefix (lines, "Fen: ");
  g_assert_nonnull (fen);
  return g_strdup (fen + 5);
}

/* After a switch, startpos and FEN are the variant's; back again, Cheops's;
 * an unknown variant changes nothing. */
static void
test_startpos (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  g_autofree char *trig = NULL, *trig_moved = NULL, *cheops = NULL, *still = NULL;
  g_autoptr (GPtrArray) lines = NULL;

  engine_pipe_send (e, "setoption name UCI_Variant value trigchess");
  engine_pipe_send (e, "position startpos");
  trig = fen_of_display (e);
  g_assert_cmpstr (trig, ==, "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1");
  engine_pipe_send (e, "position startpos moves e2a3 b5b4");
  trig_moved = fen_of_display (e);
  g_assert_cmpstr (trig_moved, ==, "dsgkgsd/1spgpsp/1p7/G8/PSP1PSP/DSGKGSD g 0 2");

  engine_pipe_send (e, "setoption name UCI_Variant value chess");
  lines = sync_lines (e);
  g_assert_cmpuint (lines->len, ==, 1);
  g_assert_true (g_str_has_prefix (g_ptr_array_index (lines, 0), "info string error: "));
  engine_pipe_send (e, "position startpos");
  still = fen_of_display (e);
  g_assert_cmpstr (still, ==, trig);

  engine_pipe_send (e, "setoption name UCI_Variant value Cheops");
  engine_pipe_send (e, "position startpos");
  cheops = fen_of_display (e);
  g_assert_cmpstr (cheops, ==, CHEOPS_LAWS_START_FEN);
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

typedef struct {
  GHashTable *counts;
} Divide;

static void
divide_cb (CheopsMove move, uint64_t nodes, void *data)
{
  Divide *d = data;
  char text[CHEOPS_MOVE_TEXT_MAX];
  cheops_move_to_text (&cheops_variant_trigchess, move, text);
  g_hash_table_insert (d->counts, g_strdup (text), g_strdup_printf ("%" G_GUINT64_FORMAT, nodes));
}

/* `go perft N` on TrigChess prints the core's divide, sorted, and the
 * core's total (the start: 922 at depth 3 by `cheops perft
 * --variant trigchess`). */
static void
test_perft (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  const char *fens[] = {
    "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1",
    "dsgkgsd/1spgpsp/1p7/G8/PSP1PSP/DSGKGSD g 0 2",
    "ds4d/2k1s1p/g1Gp1p3/1S1P1P1S1/1p1K2P/D5D g 0 17",
  };
  const int depths[] = { 3, 2, 2 };

  for (guint f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      CheopsPosition pos;
      Divide d = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free) };
      g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *total_line = NULL, *expected = NULL;
      guint moves = 0;
      uint64_t total;

      g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_trigchess, fens[f], NULL));
      total = cheops_perft_divide (&pos, depths[f], divide_cb, &d);
      if (f == 0)
        g_assert_cmpuint (total, ==, TRIGCHESS_START_PERFT3);
      engine_pipe_send (e, "setoption name UCI_Variant value trigchess");
      engine_pipe_send (e, "position fen %s", fens[f]);
      engine_pipe_send (e, "go perft %d", depths[f]);
      total_line = wait_for (e, "Nodes", lines);
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
          moves++;
        }
      g_assert_cmpuint (moves, ==, g_hash_table_size (d.counts));
      g_hash_table_unref (d.counts);
    }
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* Spec section 8: after 1. Ga3 b4, 2. Gxc5 is checkmate: `score mate 1`
 * and bestmove a3c5.  And Red, mated, has no move. */
static void
test_mate_in_one (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *best = NULL, *none = NULL;
  g_autoptr (GPtrArray) shown = NULL;

  engine_pipe_send (e, "setoption name UCI_Variant value trigchess");
  engine_pipe_send (e, "position startpos moves e2a3 b5b4");
  engine_pipe_send (e, "go depth 3");
  best = wait_for (e, "bestmove", lines);
  g_assert_cmpstr (best, ==, "bestmove a3c5");
  g_assert_nonnull (strstr (g_ptr_array_index (lines, lines->len - 1), " score mate 1 "));

  engine_pipe_send (e, "position startpos moves e2a3 b5b4 a3c5");
  engine_pipe_send (e, "go depth 3");
  none = wait_for (e, "bestmove", NULL);
  g_assert_cmpstr (none, ==, "bestmove (none)");
  engine_pipe_send (e, "d");
  shown = sync_lines (e);
  g_assert_cmpstr (find_line_prefix (shown, "Game over: "), ==,
                   "Game over: Gold (g) wins by checkmate (TR13)");
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* Spec section 8: 1. Ge3 Ge4 2. Ge2 Ge5 3. Ge3 Ge4 4. Ge2 Ge5 makes the
 * start occur a third time: Red's last move loses (TR15).  Red to move
 * before it: that move scores a loss (not a draw), and is not chosen. */
static void
test_repetition_loses (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  const char *moves = "e2e3 e5e4 e3e2 e4e5 e2e3 e5e4 e3e2";
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) shown = NULL;
  g_autofree char *best = NULL, *other = NULL;
  const char *info;

  engine_pipe_send (e, "setoption name UCI_Variant value trigchess");
  engine_pipe_send (e, "position startpos moves %s", moves);
  engine_pipe_send (e, "go depth 2 searchmoves e4e5");
  best = wait_for (e, "bestmove", lines);
  g_assert_cmpstr (best, ==, "bestmove e4e5");
  info = g_ptr_array_index (lines, lines->len - 1);
  if (strstr (info, " score mate -1 ") == NULL)
    g_error ("the third occurrence was not scored as a loss: %s", info);

  engine_pipe_send (e, "go depth 3");
  other = wait_for (e, "bestmove", NULL);
  g_assert_cmpstr (other, !=, "bestmove e4e5");

  engine_pipe_send (e, "position startpos moves %s e4e5", moves);
  engine_pipe_send (e, "d");
  shown = sync_lines (e);
  g_assert_cmpstr (find_line_prefix (shown, "Game over: "), ==,
                   "Game over: Gold (g) wins by the opponent's third repetition (TR15)");
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* A sideways Pawn step (TR8) resets the halfmove clock (TR19) but is
 * reversible: 1. g4h4 Kd6 2. h4g4 Ke6 3. g4h4 Kd6 4. h4g4 Ke6 makes the
 * set-up position occur a third time, and Red's last move loses (TR15),
 * though no move of it came after the clock's last reset.  Red to move
 * before it: Ke6 scores a loss; after it, the game is over. */
static void
test_repetition_across_pawn_steps (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  const char *fen = "3k3/7/6P2/9/7/3K3 g 0 1";
  const char *moves = "g4h4 e6d6 h4g4 d6e6 g4h4 e6d6 h4g4";
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) shown = NULL;
  g_autoptr (GPtrArray) refused = NULL;
  g_autofree char *best = NULL;
  const char *info;

  engine_pipe_send (e, "setoption name UCI_Variant value trigchess");
  engine_pipe_send (e, "position fen %s moves %s", fen, moves);
  engine_pipe_send (e, "go depth 2 searchmoves d6e6");
  best = wait_for (e, "bestmove", lines);
  g_assert_cmpstr (best, ==, "bestmove d6e6");
  info = g_ptr_array_index (lines, lines->len - 1);
  if (strstr (info, " score mate -1 ") == NULL)
    g_error ("the third occurrence across Pawn steps was not scored as a loss: %s", info);

  engine_pipe_send (e, "position fen %s moves %s d6e6", fen, moves);
  engine_pipe_send (e, "d");
  shown = sync_lines (e);
  g_assert_cmpstr (find_line_prefix (shown, "Game over: "), ==,
                   "Game over: Gold (g) wins by the opponent's third repetition (TR15)");
  engine_pipe_send (e, "position fen %s moves %s d6e6 e1e2", fen, moves);
  refused = sync_lines (e);
  g_assert_cmpuint (refused->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (refused, 0), ==,
                   "info string error: move 'e1e2' after the end of the game");
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* `bench trigchess`: the variant's positions and signature, the same on
 * two runs; plain `bench` keeps Cheops's. */
static void
test_bench (void)
{
  for (int run = 0; run < 2; run++)
    {
      EnginePipe *e = engine_pipe_new (NULL);
      g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *total = NULL;

      engine_pipe_send (e, "bench trigchess");
      total = wait_for (e, "Nodes", lines);
      g_assert_cmpstr (total, ==, TRIGCHESS_BENCH_NODES);
      g_assert_cmpint (engine_pipe_free (e), ==, 0);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  signal (SIGPIPE, SIG_IGN);
  g_test_add_func ("/engine/variant/combo", test_combo);
  g_test_add_func ("/engine/variant/startpos", test_startpos);
  g_test_add_func ("/engine/variant/perft", test_perft);
  g_test_add_func ("/engine/variant/trigchess-mate-in-one", test_mate_in_one);
  g_test_add_func ("/engine/variant/trigchess-repetition-loses", test_repetition_loses);
  g_test_add_func ("/engine/variant/trigchess-repetition-pawn-steps", test_repetition_across_pawn_steps);
  g_test_add_func ("/engine/variant/trigchess-bench", test_bench);
  return g_test_run ();
}
