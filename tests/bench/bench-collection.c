/* bench-collection.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A benchmark of game collections (issue 23), not a test: it prints
 * figures.  tests/bench/bench-collection.sh runs it with `cheops search`.
 *
 *   bench-collection generate FILE GAMES [SEED]
 *       writes GAMES random legal games, the same for the same SEED: 70 %
 *       Cheops, 10 % each TrigChess, Cypher chess and Pyramids, 20-160
 *       plies, with tags, comments, NAGs and variations, results as the
 *       games ended or drawn at random;
 *   bench-collection fen FILE N PLY
 *       prints the FEN of game N (from 1) after PLY plies of its main line
 *       (a position to search for) and its variant's name;
 *   bench-collection list FILE [ROUNDS]
 *       loads FILE as a collection (through its index when there is one)
 *       and times the game list's filters and sorts over all its games,
 *       each change on top of the ones before ("+"), best of ROUNDS.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cheops-game-list.h"
#include "cheops-position-search.h"

static const char *const words[] = {
  "the", "Apex", "is", "a", "strong", "idea", "here", "but", "the", "Gate", "holds", "must", "watch", "both",
  "flanks", "after", "this", "move", "wins", "draws", "better", "was", "Court", "Spy", "stack", "faraon",
};

static const char *const names[] = {
  "Ann Archer", "Bob Baker", "Carol Cole", "Dan Dunn", "Eve Evans", "Fay Ford", "Gus Gray", "Hal Hunt",
  "Ivy Irwin", "Jo Jones", "Kim Kent", "Lea Long", "Max Moss", "Ned Nash", "Oda Orr", "Pia Post",
  "Quin Quay", "Rae Ross", "Sam Stone", "Tia Toll", "Émile Zola", "Ève Ünal", "Åsa Öberg", "Zoë Ziegler",
  "cheops-engine", "cheops-engine dev", "greedy", "random",
};

static char *
random_comment (GRand *rand)
{
  GString *s = g_string_new (NULL);

  for (int i = g_rand_int_range (rand, 2, 10); i > 0; i--)
    g_string_append_printf (s, "%s%s", s->len ? " " : "", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
  return g_string_free (s, FALSE);
}

static CheopsMove
random_move (GRand          *rand,
             CheopsGameNode *node)
{
  guint n;
  const CheopsMove *moves = cheops_game_node_get_moves (node, &n);

  return n > 0 ? moves[g_rand_int_range (rand, 0, (gint32) n)] : CHEOPS_MOVE_NONE;
}

static CheopsGameNode *
random_line (GRand          *rand,
             CheopsGame     *game,
             CheopsGameNode *node,
             int             length,
             gboolean        main)
{
  for (int i = 0; i < length; i++)
    {
      CheopsMove move = random_move (rand, node);
      CheopsGameNode *child;
      int r;

      if (move == CHEOPS_MOVE_NONE)
        break;
      child = cheops_game_add_move (game, node, move, NULL);
      r = g_rand_int_range (rand, 0, 100);
      if (r < 10)
        {
          g_autofree char *text = random_comment (rand);
          cheops_game_set_comment_after (game, child, text, NULL);
        }
      else if (r < 15)
        {
          guint8 nag = (guint8) g_rand_int_range (rand, 1, 7);
          cheops_game_set_nags (game, child, &nag, 1);
        }
      if (main && g_rand_int_range (rand, 0, 100) < 4)
        {
          /* A variation: another move here (the same one would continue
           * the main line from its child, making it the main line). */
          CheopsMove other = random_move (rand, node);

          if (other != move)
            random_line (rand, game, cheops_game_add_move (game, node, other, NULL),
                         g_rand_int_range (rand, 0, 6), FALSE);
        }
      node = child;
    }
  return node;
}

static int
generate (const char *path,
          guint       n_games,
          guint32     seed)
{
  static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
  GRand *rand = g_rand_new_with_seed (seed);
  FILE *out = fopen (path, "w");
  GString *text = g_string_new (NULL);
  gsize written = 0;
  guint per_variant[4] = { 0 };

  if (out == NULL)
    {
      perror (path);
      return 2;
    }
  for (guint i = 0; i < n_games; i++)
    {
      int r = g_rand_int_range (rand, 0, 100);
      guint v = r < 70 ? 0 : r < 80 ? 1 : r < 90 ? 2 : 3;
      const CheopsVariant *const variants[] = {
        &cheops_variant_cheops, &cheops_variant_trigchess, &cheops_variant_cypher, &cheops_variant_pyramids,
      };
      const CheopsVariant *variant = variants[v];
      g_autoptr(CheopsGame) game = cheops_game_new_for_variant (variant);
      g_autofree char *round = g_strdup_printf ("%u", i + 1);
      g_autofree char *event = g_strdup_printf ("Bench %u", g_rand_int_range (rand, 1, 201));
      g_autofree char *date = g_strdup_printf ("%04d.%02d.%02d", g_rand_int_range (rand, 2000, 2027),
                                               g_rand_int_range (rand, 1, 13), g_rand_int_range (rand, 1, 29));
      CheopsGameNode *end;
      CheopsOutcome outcome;

      per_variant[v]++;
      cheops_game_set_tag (game, "Event", event, NULL);
      cheops_game_set_tag (game, "Site", "Cheops Studio", NULL);
      cheops_game_set_tag (game, "Date", date, NULL);
      cheops_game_set_tag (game, "Round", round, NULL);
      cheops_game_set_tag (game, variant->sides[0].tag, names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))], NULL);
      cheops_game_set_tag (game, variant->sides[1].tag, names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))], NULL);
      end = random_line (rand, game, cheops_game_get_root (game),
                         g_rand_int_range (rand, 20, v == 3 ? 81 : 161), TRUE);
      outcome = cheops_game_node_get_outcome (end);
      cheops_game_set_tag (game, "Result",
                           outcome != CHEOPS_OUTCOME_NONE ? cheops_game_outcome_result (game, outcome)
                                                          : results[g_rand_int_range (rand, 0, 4)], NULL);
      cheops_game_clear_history (game);
      g_string_truncate (text, 0);
      if (i > 0)
        g_string_append_c (text, '\n');
      cheops_pgn_write_game_to (game, text);
      fwrite (text->str, 1, text->len, out);
      written += text->len;
    }
  fclose (out);
  g_string_free (text, TRUE);
  g_rand_free (rand);
  printf ("%s: %u games (Cheops %u, TrigChess %u, Cypher chess %u, Pyramids %u), %.1f MB\n", path, n_games,
          per_variant[0], per_variant[1], per_variant[2], per_variant[3], written / 1e6);
  return 0;
}

static CheopsCollection *
load (const char *path)
{
  g_autoptr(GError) error = NULL;
  CheopsCollection *c = cheops_collection_load (path, CHEOPS_COLLECTION_LOAD_DEFAULT, NULL, NULL, NULL, &error);

  if (c == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      exit (2);
    }
  return c;
}

static int
fen (const char *path,
     guint       n,
     guint       ply)
{
  g_autoptr(CheopsCollection) c = load (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsGame) game = NULL;
  CheopsGameNode *node;

  if (n < 1 || n > cheops_collection_get_n_games (c))
    {
      fprintf (stderr, "%s has %u games\n", path, cheops_collection_get_n_games (c));
      return 2;
    }
  game = cheops_collection_read_game (c, n - 1, NULL, &error);
  if (game == NULL)
    {
      fprintf (stderr, "%s\n", error->message);
      return 2;
    }
  node = cheops_game_get_root (game);
  for (guint p = 0; p < ply && cheops_game_node_get_first_child (node) != NULL; p++)
    node = cheops_game_node_get_first_child (node);
  printf ("%s\n%s\n", cheops_game_get_variant (game)->name, cheops_game_node_get_fen (node));
  return 0;
}

static double
cpu_seconds (void)
{
  return (double) clock () / CLOCKS_PER_SEC;
}

typedef void (*Step) (CheopsGameList *list);

static void step_variant (CheopsGameList *list) { cheops_game_list_set_variant_filter (list, &cheops_variant_pyramids); }
static void step_results (CheopsGameList *list) { cheops_game_list_set_result_filter (list, 1u << CHEOPS_GAME_RESULT_DRAW); }
static void step_text (CheopsGameList *list) { cheops_game_list_set_search_text (list, "zola"); }
static void step_text2 (CheopsGameList *list) { cheops_game_list_set_search_text (list, "zola bench 12"); }
static void step_sort (CheopsGameList *list) { cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_PLAYER0, FALSE); }
static void step_sort2 (CheopsGameList *list) { cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_PLIES, TRUE); }

static void
step_clear (CheopsGameList *list)
{
  cheops_game_list_set_variant_filter (list, NULL);
  cheops_game_list_set_result_filter (list, CHEOPS_GAME_LIST_ALL_RESULTS);
  cheops_game_list_set_search_text (list, NULL);
  cheops_game_list_set_sort (list, CHEOPS_GAME_LIST_COLUMN_FILE_ORDER, FALSE);
}

static int
list (const char *path,
      int         rounds)
{
  static const struct {
    const char *what;
    Step        step;
  } steps[] = {
    { "variant: Pyramids", step_variant },
    { "+ result: draws", step_results },
    { "+ text \"zola\" (the first)", step_text },
    { "+ text \"zola bench 12\"", step_text2 },
    { "+ sort by player of colour 0", step_sort },
    { "+ sort by plies, descending", step_sort2 },
    { "all off, file order", step_clear },
  };
  double best[G_N_ELEMENTS (steps)];
  guint items[G_N_ELEMENTS (steps)];
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr(CheopsCollection) c = load (path);
  double load_s = (g_get_monotonic_time () - t0) / 1e6;

  for (guint s = 0; s < G_N_ELEMENTS (steps); s++)
    best[s] = G_MAXDOUBLE;
  for (int r = 0; r < rounds; r++)
    {
      /* A fresh list each round: the first text search and sort build
       * their caches. */
      g_autoptr(CheopsGameList) l = cheops_game_list_new ();

      cheops_game_list_add_collection (l, c);
      for (guint s = 0; s < G_N_ELEMENTS (steps); s++)
        {
          double c0 = cpu_seconds ();

          steps[s].step (l);
          best[s] = MIN (best[s], cpu_seconds () - c0);
          items[s] = g_list_model_get_n_items (G_LIST_MODEL (l));
        }
    }
  printf ("%s: %u games loaded in %.3f s (%s)\n", path, cheops_collection_get_n_games (c), load_s,
          cheops_collection_get_from_index (c) ? "from its index" : "read");
  for (guint s = 0; s < G_N_ELEMENTS (steps); s++)
    printf ("  %-32s %7.1f ms CPU (best of %d), %u games listed\n", steps[s].what, best[s] * 1e3, rounds, items[s]);
  printf ("  game entries made: %u\n", cheops_game_entry_count_alive ());
  return 0;
}

int
main (int    argc,
      char **argv)
{
  if (argc >= 4 && strcmp (argv[1], "generate") == 0)
    return generate (argv[2], (guint) atoi (argv[3]), argc > 4 ? (guint32) atoi (argv[4]) : 1);
  if (argc == 5 && strcmp (argv[1], "fen") == 0)
    return fen (argv[2], (guint) atoi (argv[3]), (guint) atoi (argv[4]));
  if (argc >= 3 && strcmp (argv[1], "list") == 0)
    return list (argv[2], argc > 3 ? atoi (argv[3]) : 3);
  fprintf (stderr, "Usage: bench-collection generate FILE GAMES [SEED]\n"
                   "       bench-collection fen FILE N PLY\n"
                   "       bench-collection list FILE [ROUNDS]\n");
  return 2;
}
