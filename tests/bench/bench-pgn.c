/* bench-pgn.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A benchmark of the game-file reader, not a test: it prints figures.
 *
 *   bench-pgn generate FILE MEGABYTES [SEED]
 *       writes random legal games (random moves checked by the core) with
 *       comments, variations (some nested), NAGs and [%eval]/[%cal]
 *       annotations until FILE holds MEGABYTES of text;
 *   bench-pgn read FILE [ROUNDS]
 *       reads every game of FILE (moves checked by the core, trees built and
 *       freed) ROUNDS times and prints the best time and MB/s;
 *   bench-pgn tree
 *       times writing and reading a 10 000-node tree.
 *
 * tests/bench/bench-pgn.sh compares the reader with pgn-extract.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cheops-game-model.h"

static const char * const words[] = {
  "the", "Apex", "is", "a", "strong", "idea", "here", "but", "Orange", "holds",
  "Green", "must", "watch", "the", "Gate", "and", "both", "flanks", "checklock",
  "threatens", "after", "this", "Swordmaster", "move", "Pawn", "climbs", "level",
  "wins", "draws", "better", "was", "Sister", "Assassin", "leap", "collapse",
};

static char *
random_comment (GRand *rand)
{
  GString *s = g_string_new (NULL);

  for (int i = g_rand_int_range (rand, 2, 14); i > 0; i--)
    g_string_append_printf (s, "%s%s", s->len ? " " : "", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
  return g_string_free (s, FALSE);
}

static CheopsMove
random_move (GRand                *rand,
             const CheopsPosition *pos)
{
  CheopsMove moves[CHEOPS_MAX_MOVES];
  int n = (int) (cheops_generate_moves (pos, moves) - moves);

  return n > 0 ? moves[g_rand_int_range (rand, 0, n)] : CHEOPS_MOVE_NONE;
}

/* Adds a line of up to @length random moves from @node; with a small
 * chance each move gets a variation of its own (nesting). */
static CheopsGameNode *
random_line (GRand          *rand,
             CheopsGame     *game,
             CheopsGameNode *node,
             int             length,
             int             depth)
{
  for (int i = 0; i < length; i++)
    {
      CheopsMove move = random_move (rand, cheops_game_node_get_position (node));
      CheopsGameNode *child;
      int r;

      if (move == CHEOPS_MOVE_NONE)
        break;
      child = cheops_game_add_move (game, node, move, NULL);
      r = g_rand_int_range (rand, 0, 100);
      if (r < 15)
        {
          g_autofree char *text = random_comment (rand);
          cheops_game_set_comment_after (game, child, text, NULL);
        }
      else if (r < 20)
        {
          g_autoptr(CheopsAnnotations) a = cheops_annotations_new ();
          a->eval.kind = CHEOPS_EVAL_CENTIPAWNS;
          a->eval.value = g_rand_int_range (rand, -500, 500);
          a->eval.depth = g_rand_int_range (rand, 10, 30);
          if (g_rand_boolean (rand))
            cheops_annotations_toggle_arrow (a, cheops_game_get_variant (game), CHEOPS_MARK_GREEN, cheops_move_from (move), cheops_move_to (move));
          cheops_game_set_annotations (game, child, a);
        }
      if (g_rand_int_range (rand, 0, 100) < 8)
        {
          guint8 nag = g_rand_int_range (rand, 1, 7);
          cheops_game_set_nags (game, child, &nag, 1);
        }
      if (depth < 3 && g_rand_int_range (rand, 0, 100) < (depth == 0 ? 10 : 4))
        random_line (rand, game, node, g_rand_int_range (rand, 1, 9), depth + 1);
      node = child;
    }
  return node;
}

static int
generate (const char *path,
          double      megabytes,
          guint32     seed)
{
  GRand *rand = g_rand_new_with_seed (seed);
  FILE *out = fopen (path, "w");
  gsize target = (gsize) (megabytes * 1e6), written = 0;
  GString *text = g_string_new (NULL);
  guint n_games = 0;

  if (out == NULL)
    {
      perror (path);
      return 2;
    }
  while (written < target)
    {
      g_autoptr(CheopsGame) game = cheops_game_new ();
      g_autofree char *round = g_strdup_printf ("%u", ++n_games);

      cheops_game_set_tag (game, "Event", "Generated", NULL);
      cheops_game_set_tag (game, "Round", round, NULL);
      cheops_game_set_tag (game, "Green", "Engine A", NULL);
      cheops_game_set_tag (game, "Orange", "Engine B", NULL);
      cheops_game_set_tag (game, "Result", "*", NULL);
      random_line (rand, game, cheops_game_get_root (game), g_rand_int_range (rand, 40, 160), 0);
      cheops_game_clear_history (game);
      g_string_truncate (text, 0);
      if (n_games > 1)
        g_string_append_c (text, '\n');
      cheops_pgn_write_game_to (game, text);
      fwrite (text->str, 1, text->len, out);
      written += text->len;
    }
  fclose (out);
  g_string_free (text, TRUE);
  g_rand_free (rand);
  printf ("%s: %u games, %.1f MB\n", path, n_games, written / 1e6);
  return 0;
}

static int
read_file (const char *path,
           int         rounds)
{
  double best = G_MAXDOUBLE, best_cpu = G_MAXDOUBLE;
  gsize size = 0;
  guint n_games = 0, n_errors = 0, n_nodes = 0;

  for (int r = 0; r < rounds; r++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(CheopsPgnReader) reader = NULL;
      g_autoptr(GPtrArray) errors = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);
      CheopsGame *game;
      gint64 t0 = g_get_monotonic_time ();
      clock_t c0 = clock ();
      double seconds;

      reader = cheops_pgn_reader_new_for_path (path, &error);
      if (reader == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          return 2;
        }
      n_games = 0;
      while ((game = cheops_pgn_reader_next (reader, errors)) != NULL)
        {
          n_games++;
          if (r == 0)
            n_nodes += cheops_game_count_nodes (game);
          g_object_unref (game);
        }
      seconds = (g_get_monotonic_time () - t0) / 1e6;
      best = MIN (best, seconds);
      best_cpu = MIN (best_cpu, (double) (clock () - c0) / CLOCKS_PER_SEC);
      n_errors = errors->len;
      if (r == 0)
        {
          GMappedFile *m = g_mapped_file_new (path, FALSE, NULL);
          size = g_mapped_file_get_length (m);
          g_mapped_file_unref (m);
        }
    }
  printf ("%s: %.1f MB, %u games, %u nodes, %u errors: best of %d in %.3f s = %.1f MB/s "
          "(CPU time %.3f s = %.1f MB/s)\n",
          path, size / 1e6, n_games, n_nodes, n_errors, rounds, best, size / 1e6 / best,
          best_cpu, size / 1e6 / best_cpu);
  return n_errors > 0 ? 1 : 0;
}

static int
tree (void)
{
  static const char * const cycle[] = { "Ag2", "Ak2", "Ae1", "Am1" };
  g_autoptr(CheopsGame) game = cheops_game_new ();
  CheopsGameNode *node = cheops_game_get_root (game);
  g_autoptr(GPtrArray) games = NULL;
  char *text;
  gint64 t0, t1, t2;

  /* 5 000 plies on the main line, each with a one-move variation, and a
   * comment on every third move: 10 001 nodes. */
  for (int i = 0; i < 5000; i++)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (node);
      CheopsMove on = cheops_move_from_san (pos, cycle[i % 4], -1, NULL);
      CheopsMove moves[CHEOPS_MAX_MOVES];
      CheopsGameNode *next = cheops_game_add_move (game, node, on, NULL);

      cheops_generate_moves (pos, moves);
      cheops_game_add_move (game, node, moves[0] != on ? moves[0] : moves[1], NULL);
      if (i % 3 == 0)
        cheops_game_set_comment_after (game, next, "a comment of a few words", NULL);
      node = next;
    }
  t0 = g_get_monotonic_time ();
  text = cheops_pgn_write_game (game);
  t1 = g_get_monotonic_time ();
  games = cheops_pgn_read_string (text, -1, NULL);
  t2 = g_get_monotonic_time ();
  printf ("tree of %u nodes, %zu bytes: written in %.1f ms, read in %.1f ms\n",
          cheops_game_count_nodes (games->pdata[0]), strlen (text), (t1 - t0) / 1e3, (t2 - t1) / 1e3);
  g_free (text);
  return 0;
}

int
main (int    argc,
      char **argv)
{
  if (argc >= 4 && strcmp (argv[1], "generate") == 0)
    return generate (argv[2], g_ascii_strtod (argv[3], NULL), argc > 4 ? atoi (argv[4]) : 1);
  if (argc >= 3 && strcmp (argv[1], "read") == 0)
    return read_file (argv[2], argc > 3 ? atoi (argv[3]) : 3);
  if (argc == 2 && strcmp (argv[1], "tree") == 0)
    return tree ();
  fprintf (stderr, "Usage: bench-pgn generate FILE MEGABYTES [SEED]\n"
                   "       bench-pgn read FILE [ROUNDS]\n"
                   "       bench-pgn tree\n");
  return 2;
}
