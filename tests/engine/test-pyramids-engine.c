/* test-pyramids-engine.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cheops-engine on Pyramids (shared/variants/pyramids.md), through real
 * pipes: `go perft` equals the core's perft, also on a list of more than
 * the old 320 moves (a lone full stack, 3.7: 416 moves); the faraon's mate
 * of 8.2 found as `score mate 1`; checkmate (`score mate 0`) and stalemate
 * (`score cp 0`, PY12) at the root; a search over a huge move list returns
 * a playable move; the bench signature (src/engine/README.md).
 */
#include <string.h>

#include "cheops-core.h"
#include "engine-pipe.h"

#define TIMEOUT_MS 60000

static const CheopsVariant *
pyramids (void)
{
  const CheopsVariant *v = cheops_variant_find ("pyramids");
  g_assert_nonnull (v);
  return v;
}

typedef struct {
  GHashTable *counts;
} Divide;

static void
divide_cb (CheopsMove move, uint64_t nodes, void *data)
{
  Divide *d = data;
  char text[CHEOPS_MOVE_TEXT_MAX];
  cheops_move_to_text (pyramids (), move, text);
  g_hash_table_insert (d->counts, g_strdup (text), g_strdup_printf ("%" G_GUINT64_FORMAT, nodes));
}

/* `go perft N` prints the core's divide, sorted, and its total: the start
 * (92 moves a side, 8.1), a lone Pyramid 4321 on e5 (416 moves, 3.7 and
 * 8.3, plus the faraon's 5 steps: more than the old CHEOPS_MAX_MOVES of
 * 320), and a middlegame of the engine's games with two Pyramids a side. */
static void
test_perft (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  const char *fens[] = {
    "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/sssssssss/9/9/9/9/9/SSSSSSSSS/(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) w Ff 0 1",
    "1f7/9/9/9/4(4321.)4/9/9/9/7F1 w - 0 1",
    "3(.4321)f4/s3ss3/1s3(.4321)3/1ss2s2s/1S7/S2S1SSs1/2(4321.)1S3(4321.)/4SS2S/4F4 w Ff 0 16",
  };
  const int depths[] = { 2, 2, 1 };
  const guint root_moves[] = { 92, 421, 403 };

  engine_pipe_send (e, "setoption name UCI_Variant value pyramids");
  for (guint f = 0; f < G_N_ELEMENTS (fens); f++)
    {
      CheopsPosition pos;
      Divide d = { g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free) };
      g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      g_autofree char *total_line = NULL, *expected = NULL;
      guint moves = 0;
      uint64_t total;

      g_assert_true (cheops_position_from_fen (&pos, pyramids (), fens[f], NULL));
      total = cheops_perft_divide (&pos, depths[f], divide_cb, &d);
      g_assert_cmpuint (g_hash_table_size (d.counts), ==, root_moves[f]);
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
          moves++;
        }
      g_assert_cmpuint (moves, ==, root_moves[f]);
      g_hash_table_unref (d.counts);
    }
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

static char *
bestmove_of (EnginePipe *e, GPtrArray *lines)
{
  char *line = engine_pipe_expect (e, "bestmove", TIMEOUT_MS, lines);
  char *space;

  g_assert_nonnull (line);
  memmove (line, line + strlen ("bestmove "), strlen (line) - strlen ("bestmove ") + 1);
  if ((space = strchr (line, ' ')) != NULL)
    *space = '\0';
  return line;
}

static const char *
last_info (GPtrArray *lines)
{
  for (guint i = lines->len; i-- > 0;)
    if (g_str_has_prefix (g_ptr_array_index (lines, i), "info depth"))
      return g_ptr_array_index (lines, i);
  return NULL;
}

/* 8.2: faraons e2 and e7 with their rights; Fc5, Fd5, Fe5, Ff5 and Fg5
 * mate.  8.5: a checkmate (`score mate 0`, no move) and a stalemate (a
 * draw, PY12: `score cp 0`). */
static void
test_mates (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) lines2 = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) lines3 = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *best = NULL, *none = NULL, *none2 = NULL;
  const char *info;

  engine_pipe_send (e, "setoption name UCI_Variant value pyramids");
  engine_pipe_send (e, "position fen 9/9/4f4/9/9/9/9/4F4/9 w Ff 0 1");
  engine_pipe_send (e, "go depth 3");
  best = bestmove_of (e, lines);
  g_assert_true (strcmp (best, "e2c5") == 0 || strcmp (best, "e2d5") == 0 || strcmp (best, "e2e5") == 0
                 || strcmp (best, "e2f5") == 0 || strcmp (best, "e2g5") == 0);
  info = last_info (lines);
  g_assert_nonnull (strstr (info, " score mate 1 "));

  engine_pipe_send (e, "position fen 4f4/9/9/9/9/9/9/7(.4)1/F6(.4)1 w - 0 1");
  engine_pipe_send (e, "go depth 3");
  none = bestmove_of (e, lines2);
  g_assert_cmpstr (none, ==, "(none)");
  g_assert_nonnull (strstr (last_info (lines2), " score mate 0"));

  engine_pipe_send (e, "position fen 8f/9/9/9/9/9/1(.43)7/9/F8 w - 0 1");
  engine_pipe_send (e, "go depth 3");
  none2 = bestmove_of (e, lines3);
  g_assert_cmpstr (none2, ==, "(none)");
  g_assert_nonnull (strstr (last_info (lines3), " score cp 0"));
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* A search over 421 root moves and thousands below returns a playable
 * move, also with searchmoves of a part and a promotion-free list. */
static void
test_huge_search (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) lines2 = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *best = NULL, *best2 = NULL;
  const char *fen = "1f7/9/9/9/4(4321.)4/9/9/9/7F1 w - 0 1";
  CheopsPosition pos;

  g_assert_true (cheops_position_from_fen (&pos, pyramids (), fen, NULL));
  engine_pipe_send (e, "setoption name UCI_Variant value pyramids");
  engine_pipe_send (e, "position fen %s", fen);
  engine_pipe_send (e, "go depth 2");
  best = bestmove_of (e, lines);
  g_assert_cmpuint (cheops_move_from_text (&pos, best, NULL), !=, CHEOPS_MOVE_NONE);

  /* searchmoves keeps parts whole: the 31 of e5 to d5 (PY7), or the
   * whole stack to a5. */
  engine_pipe_send (e, "go depth 2 searchmoves e5d531 e5a5");
  best2 = bestmove_of (e, lines2);
  g_assert_true (strcmp (best2, "e5d531") == 0 || strcmp (best2, "e5a5") == 0);
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

/* `bench pyramids`: the variant's positions and signature. */
static void
test_bench (void)
{
  EnginePipe *e = engine_pipe_new (NULL);
  g_autofree char *total = NULL;

  engine_pipe_send (e, "bench pyramids");
  total = engine_pipe_expect (e, "Nodes", TIMEOUT_MS * 2, NULL);
  g_assert_cmpstr (total, ==, "Nodes searched: " PYRAMIDS_BENCH_SIGNATURE);
  g_assert_cmpint (engine_pipe_free (e), ==, 0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/pyramids/perft", test_perft);
  g_test_add_func ("/engine/pyramids/mates", test_mates);
  g_test_add_func ("/engine/pyramids/huge-search", test_huge_search);
  g_test_add_func ("/engine/pyramids/bench", test_bench);
  return g_test_run ();
}
