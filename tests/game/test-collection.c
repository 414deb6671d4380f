/* test-collection.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Game collections (issue 23): the light headers against the reader, games
 * read again from their text, the search key, position search and the
 * explorer with exact expected lists on tests/data/collections (the
 * reasoning is in the comments of the two files: transpositions, a
 * position at different plies and twice in one game, one only in a
 * variation, the other side to move, other counters, hands and rights,
 * errors part-way, a game where q plays Green), and the index: written,
 * used, and never trusted when stale, truncated or corrupt.
 */
#include <string.h>

#include <glib/gstdio.h>

#include "cheops-collection.h"
#include "cheops-position-index.h"
#include "cheops-position-search.h"

/* The positions of the expected lists (cheops.pgn's comments). */
#define P1 "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMS1PPA2ppasmka q 1 1"
#define P2 "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMS1P1APp1pasmka q 3 2"
#define QT "dsgkgsd/pspgps1/7p1/1P5P1/1SPGPS1/DSGKGSD r 0 2"
#define QC "4s5/2rn2nr2/3bqkb3/2ppppppp1/1p8/10/1P6P1/2PPPPPP2/3BQKB3/2RN2NR2/4S5 b - 0+0 - 0 2"
#define QP "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/1ssssssss/9/s8/9/9/S7S/1SSSSSSS1/(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) b Ff 0 2"

static char *
collection_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "collections", name, NULL);
}

static CheopsCollection *
load (const char                *path,
      CheopsCollectionLoadFlags  flags)
{
  g_autoptr(GError) error = NULL;
  CheopsCollection *c = cheops_collection_load (path, flags, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (c);
  return c;
}

static CheopsPosition
position (const CheopsVariant *variant,
          const char          *fen)
{
  CheopsPosition pos;
  CheopsError error;

  if (!cheops_position_from_fen (&pos, variant, fen, &error))
    g_error ("%s: %s", fen, error.message);
  return pos;
}

/* "FILE-BASENAME N PLY" per hit, then "| SAN GAMES W/D/L" per move. */
static char *
describe_search (CheopsPositionSearch *s)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < cheops_position_search_get_n_hits (s); i++)
    {
      const CheopsPositionHit *h = cheops_position_search_get_hit (s, i);
      g_autofree char *base = g_path_get_basename (cheops_collection_get_path (h->collection));

      g_string_append_printf (out, "%s %u %u\n", base, h->game + 1, h->ply);
    }
  for (guint i = 0; i < cheops_position_search_get_n_moves (s); i++)
    {
      const CheopsExplorerMove *m = cheops_position_search_get_move (s, i);
      const CheopsPositionHit *first = cheops_position_search_get_hit (s, m->first_hit);

      g_string_append_printf (out, "| %s %u %u/%u/%u first %u\n", m->san, m->n_games, m->wins, m->draws,
                              m->losses, first->game + 1);
    }
  return g_string_free (out, FALSE);
}

static char *
search (CheopsCollection  **collections,
        guint               n,
        const CheopsVariant *variant,
        const char          *fen)
{
  CheopsPosition pos = position (variant, fen);
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsPositionSearch) s =
    cheops_position_search_run (collections, n, &pos, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return describe_search (s);
}

/* The light headers of cheops.pgn, and every header against the game the
 * reader reads. */
static void
test_headers (void)
{
  g_autofree char *path = collection_path ("cheops.pgn");
  g_autoptr(CheopsCollection) c = load (path, CHEOPS_COLLECTION_LOAD_NO_INDEX);
  CheopsWinner winner;
  guint line, column;
  const char *message;

  g_assert_false (cheops_collection_get_from_index (c));
  g_assert_cmpuint (cheops_collection_get_n_games (c), ==, 10);
  g_assert_cmpstr (cheops_collection_get_tag (c, 0, "Event"), ==, "Club championship");
  g_assert_cmpstr (cheops_collection_get_player (c, 0, 0), ==, "Ann Archer");
  g_assert_cmpstr (cheops_collection_get_player (c, 0, 1), ==, "Bob Baker");
  g_assert_cmpint (cheops_collection_get_result (c, 0), ==, CHEOPS_GAME_RESULT_COLOUR0_WINS);
  g_assert_true (cheops_collection_get_winner (c, 0, &winner));
  g_assert_cmpint (winner, ==, CHEOPS_WINNER_A);
  g_assert_cmpuint (cheops_collection_get_plies (c, 0), ==, 5);
  g_assert_cmpuint (cheops_collection_get_line (c, 0), ==, 1);
  g_assert_false (cheops_collection_get_error (c, 0, NULL, NULL, NULL));
  g_assert_cmpuint (cheops_collection_get_plies (c, 2), ==, 8);
  g_assert_cmpint (cheops_collection_get_result (c, 4), ==, CHEOPS_GAME_RESULT_DRAW);
  g_assert_cmpuint (cheops_collection_get_plies (c, 4), ==, 3);
  g_assert_cmpint (cheops_collection_get_result (c, 5), ==, CHEOPS_GAME_RESULT_UNFINISHED);
  g_assert_false (cheops_collection_get_winner (c, 5, &winner));
  /* Game 7: read up to its error at 2. Kz1. */
  g_assert_true (cheops_collection_get_error (c, 6, &line, &column, &message));
  g_assert_cmpuint (line, ==, 73);
  g_assert_cmpuint (column, ==, 64);
  g_assert_nonnull (strstr (message, "Kz1"));
  g_assert_cmpuint (cheops_collection_get_plies (c, 6), ==, 2);
  /* Game 8: TrigChess, its players Gold and Red. */
  g_assert_true (cheops_collection_get_variant (c, 7) == &cheops_variant_trigchess);
  g_assert_cmpstr (cheops_collection_get_player (c, 7, 0), ==, "Hal Hunt");
  g_assert_cmpstr (cheops_collection_get_tag (c, 7, "Gold"), ==, "Hal Hunt");
  /* Game 9: an unknown variant. */
  g_assert_true (cheops_collection_get_error (c, 8, &line, &column, NULL));
  g_assert_cmpuint (line, ==, 87);
  g_assert_cmpuint (column, ==, 11);
  /* Game 10: q plays Green, and Green won. */
  g_assert_cmpint (cheops_collection_get_result (c, 9), ==, CHEOPS_GAME_RESULT_COLOUR0_WINS);
  g_assert_true (cheops_collection_get_winner (c, 9, &winner));
  g_assert_cmpint (winner, ==, CHEOPS_WINNER_B);
  g_assert_cmpuint (cheops_collection_get_n_positions (c), ==, 6 + 5 + 9 + 4 + 4 + 3 + 3 + 2 + 1 + 4);
}

/* Each game of @path read again from its own text is the game the reader
 * reads in the whole file, with the same errors at the same lines; its
 * header says what the game says. */
static void
check_games_read_again (const char *path)
{
  g_autoptr(CheopsCollection) c = load (path, CHEOPS_COLLECTION_LOAD_NO_INDEX);
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_file (path, &errors, &error);
  guint e = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (cheops_collection_get_n_games (c), ==, games->len);
  for (guint i = 0; i < games->len; i++)
    {
      CheopsGame *want = games->pdata[i];
      g_autoptr(GPtrArray) again_errors = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);
      g_autoptr(CheopsGame) again = cheops_collection_read_game (c, i, again_errors, &error);
      guint plies = 0, n_errors = 0, line, column;
      const char *message;

      g_assert_no_error (error);
      g_assert_true (cheops_game_equal (again, want));
      for (CheopsGameNode *n = cheops_game_node_get_first_child (cheops_game_get_root (want)); n != NULL;
           n = cheops_game_node_get_first_child (n))
        plies++;
      g_assert_cmpuint (cheops_collection_get_plies (c, i), ==, plies);
      g_assert_true (cheops_collection_get_variant (c, i) == cheops_game_get_variant (want));
      g_assert_cmpuint (cheops_collection_get_n_tags (c, i), ==, cheops_game_get_n_tags (want));
      for (guint t = 0; t < cheops_game_get_n_tags (want); t++)
        {
          const char *name, *value, *name2, *value2;

          cheops_game_get_nth_tag (want, t, &name, &value);
          cheops_collection_get_nth_tag (c, i, t, &name2, &value2);
          g_assert_cmpstr (name, ==, name2);
          g_assert_cmpstr (value, ==, value2);
        }
      g_assert_cmpstr (cheops_game_result_to_string (cheops_collection_get_result (c, i)), ==,
                       cheops_game_get_result (want));
      while (e + n_errors < errors->len && ((CheopsPgnError *) errors->pdata[e + n_errors])->game_index == i)
        n_errors++;
      g_assert_cmpuint (again_errors->len, ==, n_errors);
      for (guint k = 0; k < n_errors; k++)
        {
          const CheopsPgnError *a = again_errors->pdata[k], *b = errors->pdata[e + k];

          g_assert_cmpuint (a->line, ==, b->line);
          g_assert_cmpstr (a->message, ==, b->message);
        }
      if (n_errors > 0)
        {
          const CheopsPgnError *first = errors->pdata[e];

          g_assert_true (cheops_collection_get_error (c, i, &line, &column, &message));
          g_assert_cmpuint (line, ==, first->line);
          g_assert_cmpuint (column, ==, first->column);
          g_assert_cmpstr (message, ==, first->message);
        }
      else
        g_assert_false (cheops_collection_get_error (c, i, NULL, NULL, NULL));
      e += n_errors;
    }
}

static void
test_read_again (void)
{
  static const char *const pgn[] = {
    "basic.pgn", "canonical.pgn", "comments.pgn", "crlf-bom.pgn", "errors.pgn", "numbers.pgn",
    "q-first.pgn", "semicolon.pgn", "trigchess.pgn", "unknown-tags.pgn", "variations.pgn",
  };
  static const char *const samples[] = {
    "apex-race.pgn", "ascension-studies.pgn", "cypher-selfplay.pgn", "opening-lines.pgn",
    "pyramids-selfplay.pgn", "pyramids-stacks.pgn", "trigchess-gyros.pgn",
  };

  for (guint i = 0; i < G_N_ELEMENTS (pgn); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "pgn", pgn[i], NULL);
      check_games_read_again (path);
    }
  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", samples[i], NULL);
      check_games_read_again (path);
    }
  {
    g_autofree char *a = collection_path ("cheops.pgn");
    g_autofree char *b = collection_path ("variants.pgn");
    check_games_read_again (a);
    check_games_read_again (b);
  }
}

/* The search key: placement and side to move, nothing else. */
static void
test_key (void)
{
  CheopsPosition a, b;

  a = position (&cheops_variant_cheops, P1);
  b = position (&cheops_variant_cheops, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMS1PPA2ppasmka q 7 12");
  g_assert_true (a.key == b.key);
  g_assert_true (cheops_position_search_key (&a) == cheops_position_search_key (&b));
  b = position (&cheops_variant_cheops, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMS1PPA2ppasmka a 1 1");
  g_assert_true (cheops_position_search_key (&a) != cheops_position_search_key (&b));

  /* Cypher chess: a check counter (its FEN's field 4) changes the core's
   * key, not the search key. */
  a = position (&cheops_variant_cypher, QC);
  b = position (&cheops_variant_cypher,
                "4s5/2rn2nr2/3bqkb3/2ppppppp1/1p8/10/1P6P1/2PPPPPP2/3BQKB3/2RN2NR2/4S5 b - 0+1 - 5 9");
  g_assert_true (a.key != b.key);
  g_assert_true (cheops_position_search_key (&a) == cheops_position_search_key (&b));

  /* Pyramids: the faraons' rights likewise. */
  a = position (&cheops_variant_pyramids, QP);
  b = position (&cheops_variant_pyramids,
                "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/1ssssssss/9/s8/9/9/S7S/1SSSSSSS1/(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) b - 3 20");
  g_assert_true (a.key != b.key);
  g_assert_true (cheops_position_search_key (&a) == cheops_position_search_key (&b));

  /* Two variants never share a key, even on empty-looking boards. */
  a = position (&cheops_variant_cheops, cheops_variant_cheops.start_fen);
  b = position (&cheops_variant_trigchess, cheops_variant_trigchess.start_fen);
  g_assert_true (cheops_position_search_key (&a) != cheops_position_search_key (&b));
}

/* The key reads the occupied set: it must be the board's pieces in every
 * position of every sample game, in all four games. */
static void
test_key_occupied (void)
{
  static const char *const samples[] = {
    "apex-race.pgn", "cypher-selfplay.pgn", "opening-lines.pgn", "pyramids-selfplay.pgn",
    "pyramids-stacks.pgn", "trigchess-gyros.pgn",
  };
  guint n_positions = 0;

  for (guint i = 0; i < G_N_ELEMENTS (samples); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples", samples[i], NULL);
      g_autoptr(GPtrArray) games = cheops_pgn_read_file (path, NULL, NULL);

      for (guint g = 0; g < games->len; g++)
        {
          g_autoptr(GPtrArray) stack = g_ptr_array_new ();

          g_ptr_array_add (stack, cheops_game_get_root (games->pdata[g]));
          while (stack->len > 0)
            {
              CheopsGameNode *node = g_ptr_array_steal_index (stack, stack->len - 1);
              const CheopsPosition *pos = cheops_game_node_get_position (node);
              CheopsCellSet on_board = 0;

              for (guint c = 0; c < CHEOPS_CELL_MAX; c++)
                if (pos->board[c] != 0)
                  on_board |= cheops_cellset_of ((CheopsCell) c);
              g_assert_true (on_board == pos->occupied);
              n_positions++;
              for (CheopsGameNode *child = cheops_game_node_get_first_child (node); child != NULL;
                   child = cheops_game_node_get_next_sibling (child))
                g_ptr_array_add (stack, child);
            }
        }
    }
  g_assert_cmpuint (n_positions, >, 300);
}

static const char expected_p0[] =
  "cheops.pgn 1 0\ncheops.pgn 2 0\ncheops.pgn 3 0\ncheops.pgn 4 0\ncheops.pgn 7 0\ncheops.pgn 10 0\n"
  "variants.pgn 10 0\n"
  /* Ah1: game 1 (1-0, a won), 3 (0-1), 7 (*), 10 (Green is q: 1-0 is a loss for a) */
  "| Ah1 4 1/0/2 first 1\n"
  /* i1: game 2 (draw), 4 (0-1), the Cheops game of variants.pgn (*) */
  "| i1 3 0/1/1 first 2\n";
static const char expected_p1[] =
  "cheops.pgn 1 1\ncheops.pgn 3 1\ncheops.pgn 5 0\ncheops.pgn 7 1\ncheops.pgn 10 1\n"
  /* game 3 comes back at ply 5 and plays kj1 there: its first time counts */
  "| kj1 4 1/1/1 first 1\n"
  "| Aj1 1 1/0/0 first 3\n";
static const char expected_p2[] =
  "cheops.pgn 1 3\ncheops.pgn 2 3\ncheops.pgn 3 7\ncheops.pgn 5 2\ncheops.pgn 10 3\n"
  "| lj2 2 1/1/0 first 2\n"
  "| lk3 1 0/1/0 first 5\n"
  "| m5 1 0/0/1 first 1\n";
static const char expected_qt[] =
  "variants.pgn 1 3\nvariants.pgn 2 3\n"
  "| b4 1 0/0/1 first 1\n"
  "| d4 1 1/0/0 first 2\n";
static const char expected_qc[] =
  "variants.pgn 4 3\nvariants.pgn 5 0\nvariants.pgn 6 3\n"
  "| g6 2 1/0/1 first 5\n"
  "| h6 1 0/1/0 first 4\n";
static const char expected_qp[] =
  "variants.pgn 7 3\nvariants.pgn 8 0\n"
  "| b6 1 0/0/0 first 8\n"
  "| i6 1 1/0/0 first 7\n";

static void
check_all_searches (CheopsCollection *cheops,
                    CheopsCollection *variants)
{
  CheopsCollection *both[] = { cheops, variants };
  g_autofree char *p0 = search (both, 2, &cheops_variant_cheops, cheops_variant_cheops.start_fen);
  g_autofree char *p1 = search (both, 2, &cheops_variant_cheops, P1);
  g_autofree char *p2 = search (both, 2, &cheops_variant_cheops, P2);
  g_autofree char *qt = search (both, 2, &cheops_variant_trigchess, QT);
  g_autofree char *qc = search (both, 2, &cheops_variant_cypher, QC);
  g_autofree char *qp = search (both, 2, &cheops_variant_pyramids, QP);
  g_autofree char *tc = search (both, 2, &cheops_variant_trigchess, cheops_variant_trigchess.start_fen);

  g_assert_cmpstr (p0, ==, expected_p0);
  g_assert_cmpstr (p1, ==, expected_p1);
  g_assert_cmpstr (p2, ==, expected_p2);
  g_assert_cmpstr (qt, ==, expected_qt);
  g_assert_cmpstr (qc, ==, expected_qc);
  g_assert_cmpstr (qp, ==, expected_qp);
  /* TrigChess's start: variants.pgn's games 1-3 and cheops.pgn's game 8. */
  g_assert_cmpstr (tc, ==,
                   "cheops.pgn 8 0\nvariants.pgn 1 0\nvariants.pgn 2 0\nvariants.pgn 3 0\n"
                   "| b3 2 1/0/0 first 1\n| Ge3 1 0/0/0 first 8\n| h3 1 0/0/1 first 2\n");
}

static void
test_search (void)
{
  g_autofree char *a = collection_path ("cheops.pgn");
  g_autofree char *b = collection_path ("variants.pgn");
  g_autoptr(CheopsCollection) cheops = load (a, CHEOPS_COLLECTION_LOAD_NO_INDEX);
  g_autoptr(CheopsCollection) variants = load (b, CHEOPS_COLLECTION_LOAD_NO_INDEX);
  CheopsCollection *only_variants[] = { variants };
  g_autofree char *none = search (only_variants, 1, &cheops_variant_cheops, P1);
  CheopsPosition pos = position (&cheops_variant_cheops, P2);
  g_autoptr(CheopsPositionSearch) s = cheops_position_search_run (&cheops, 1, &pos, NULL, NULL, NULL, NULL);
  guint wins, draws, losses;
  char score[8];

  check_all_searches (cheops, variants);
  g_assert_cmpstr (none, ==, "");
  /* P2's games for q: 1 (1-0) lost, 2 and 5 drawn, 3 (0-1) won, 10 (Green
   * is q) won. */
  cheops_position_search_get_results (s, &wins, &draws, &losses);
  g_assert_cmpuint (wins, ==, 2);
  g_assert_cmpuint (draws, ==, 2);
  g_assert_cmpuint (losses, ==, 1);

  g_assert_cmpint (cheops_score_tenths (1, 2), ==, 333);
  g_assert_cmpint (cheops_score_tenths (2, 1), ==, 667);
  g_assert_cmpint (cheops_score_tenths (1, 15), ==, 63);   /* 6.25 rounds up */
  g_assert_cmpint (cheops_score_tenths (0, 0), ==, -1);
  cheops_score_format (1, 2, score);
  g_assert_cmpstr (score, ==, "33.3");
  cheops_score_format (3, 0, score);
  g_assert_cmpstr (score, ==, "100.0");
  cheops_score_format (0, 4, score);
  g_assert_cmpstr (score, ==, "0.0");
  cheops_score_format (0, 0, score);
  g_assert_cmpstr (score, ==, "-");
}

/* Index files. */

static char *cache_dir;

static char *
copy_to_temp (const char *name,
              const char *folder)
{
  g_autofree char *from = collection_path (name);
  g_autofree char *text = NULL;
  gsize length;
  char *to = g_build_filename (folder, name, NULL);

  g_assert_true (g_file_get_contents (from, &text, &length, NULL));
  g_assert_true (g_file_set_contents (to, text, (gssize) length, NULL));
  return to;
}

static void
check_loads (const char *cheops_path,
             const char *variants_path,
             gboolean    want_from_index)
{
  g_autoptr(CheopsCollection) cheops = load (cheops_path, CHEOPS_COLLECTION_LOAD_DEFAULT);
  g_autoptr(CheopsCollection) variants = load (variants_path, CHEOPS_COLLECTION_LOAD_DEFAULT);

  g_assert_cmpint (cheops_collection_get_from_index (cheops), ==, want_from_index);
  g_assert_null (cheops_collection_get_index_warning (cheops));
  check_all_searches (cheops, variants);
  /* The headers from an index are those read. */
  {
    g_autoptr(CheopsCollection) read = load (cheops_path, CHEOPS_COLLECTION_LOAD_NO_INDEX);

    for (guint i = 0; i < cheops_collection_get_n_games (read); i++)
      {
        guint l1 = 0, l2 = 0, c1 = 0, c2 = 0;
        const char *m1 = NULL, *m2 = NULL;

        g_assert_cmpuint (cheops_collection_get_n_tags (read, i), ==, cheops_collection_get_n_tags (cheops, i));
        for (guint t = 0; t < cheops_collection_get_n_tags (read, i); t++)
          {
            const char *n1, *v1, *n2, *v2;

            cheops_collection_get_nth_tag (read, i, t, &n1, &v1);
            cheops_collection_get_nth_tag (cheops, i, t, &n2, &v2);
            g_assert_cmpstr (n1, ==, n2);
            g_assert_cmpstr (v1, ==, v2);
          }
        g_assert_cmpint (cheops_collection_get_error (read, i, &l1, &c1, &m1), ==,
                         cheops_collection_get_error (cheops, i, &l2, &c2, &m2));
        g_assert_cmpuint (l1, ==, l2);
        g_assert_cmpuint (c1, ==, c2);
        g_assert_cmpstr (m1, ==, m2);
        g_assert_true (cheops_collection_get_variant (read, i) == cheops_collection_get_variant (cheops, i));
      }
  }
}

static void
write_bytes (const char *path,
             const char *bytes,
             gsize       length)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, bytes, (gssize) length, &error);
  g_assert_no_error (error);
}

static void
test_index (void)
{
  g_autofree char *folder = g_dir_make_tmp ("cheops-collection-XXXXXX", NULL);
  g_autofree char *cheops_path = copy_to_temp ("cheops.pgn", folder);
  g_autofree char *variants_path = copy_to_temp ("variants.pgn", folder);
  g_autofree char *index_path = cheops_position_index_path (cheops_path);
  g_autofree char *good = NULL;
  gsize length;
  /* Places to spoil: the header, each section, the last byte. */
  const gsize spots[] = { 0, 9, 16, 52, 80, 124, 130, 200, 700, 1000 };

  g_assert_true (g_str_has_prefix (index_path, cache_dir));
  g_assert_false (g_file_test (index_path, G_FILE_TEST_EXISTS));
  check_loads (cheops_path, variants_path, FALSE);
  g_assert_true (g_file_test (index_path, G_FILE_TEST_EXISTS));
  check_loads (cheops_path, variants_path, TRUE);

  g_assert_true (g_file_get_contents (index_path, &good, &length, NULL));
  g_assert_cmpuint (length, >, 1000);

  /* A byte changed anywhere: read again, the index rewritten whole. */
  for (guint i = 0; i <= G_N_ELEMENTS (spots); i++)
    {
      g_autofree char *bad = g_memdup2 (good, length);
      gsize at = i < G_N_ELEMENTS (spots) ? spots[i] : length - 1;

      bad[at] ^= 0x10;
      g_test_message ("a bit flipped at byte %zu of %zu", at, length);
      write_bytes (index_path, bad, length);
      check_loads (cheops_path, variants_path, FALSE);
      check_loads (cheops_path, variants_path, TRUE);
    }
  /* Truncated, or with more after it. */
  {
    const gsize lengths[] = { 0, 7, 100, 128, 136, length / 2, length - 8, length - 1 };

    for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
      {
        write_bytes (index_path, good, lengths[i]);
        check_loads (cheops_path, variants_path, FALSE);
        check_loads (cheops_path, variants_path, TRUE);
      }
    {
      g_autofree char *longer = g_malloc0 (length + 8);

      memcpy (longer, good, length);
      write_bytes (index_path, longer, length + 8);
      check_loads (cheops_path, variants_path, FALSE);
    }
  }

  /* The game file changes: a game added at its end is found at once, and
   * a collection loaded before will not read its games from the new
   * text. */
  {
    g_autoptr(CheopsCollection) before = load (cheops_path, CHEOPS_COLLECTION_LOAD_DEFAULT);
    g_autofree char *text = NULL;
    g_autofree char *more = NULL;
    g_autoptr(GError) error = NULL;
    g_autoptr(CheopsGame) game = NULL;
    CheopsPosition pos = position (&cheops_variant_cheops, P1);
    g_autoptr(CheopsCollection) after = NULL;
    g_autoptr(CheopsPositionSearch) s = NULL;

    g_assert_true (cheops_collection_get_from_index (before));
    g_assert_true (g_file_get_contents (cheops_path, &text, NULL, NULL));
    more = g_strconcat (text, "\n[Event \"Added\"]\n\n1. Ah1 Aj1 *\n", NULL);
    write_bytes (cheops_path, more, strlen (more));
    after = load (cheops_path, CHEOPS_COLLECTION_LOAD_DEFAULT);
    g_assert_false (cheops_collection_get_from_index (after));
    g_assert_cmpuint (cheops_collection_get_n_games (after), ==, 11);
    s = cheops_position_search_run (&after, 1, &pos, NULL, NULL, NULL, NULL);
    g_assert_cmpuint (cheops_position_search_get_n_hits (s), ==, 6);
    g_assert_cmpuint (cheops_position_search_get_hit (s, 5)->game, ==, 10);
    g_assert_cmpstr (cheops_position_search_get_move (s, 0)->san, ==, "kj1");
    g_assert_cmpuint (cheops_position_search_get_move (s, 1)->n_games, ==, 2);   /* Aj1 */

    game = cheops_collection_read_game (before, 0, NULL, &error);
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    g_assert_null (game);
    g_clear_object (&after);
    after = load (cheops_path, CHEOPS_COLLECTION_LOAD_DEFAULT);
    g_assert_true (cheops_collection_get_from_index (after));
  }

  /* REINDEX reads and rewrites; NO_INDEX leaves no index. */
  {
    g_autoptr(CheopsCollection) c = load (cheops_path, CHEOPS_COLLECTION_LOAD_REINDEX);
    g_autofree char *lone = copy_to_temp ("variants.pgn", cache_dir);
    g_autofree char *lone_index = cheops_position_index_path (lone);
    g_autoptr(CheopsCollection) d = load (lone, CHEOPS_COLLECTION_LOAD_NO_INDEX);

    g_assert_false (cheops_collection_get_from_index (c));
    g_assert_false (g_file_test (lone_index, G_FILE_TEST_EXISTS));
  }

  /* An index that cannot be written: the collection is still loaded. */
  {
    g_autofree char *positions = g_path_get_dirname (index_path);
    g_autofree char *locked = g_build_filename (folder, "locked.pgn", NULL);
    g_autofree char *locked_index = NULL;
    g_autoptr(CheopsCollection) c = NULL;

    write_bytes (locked, "1. Ah1 *\n", 9);
    locked_index = cheops_position_index_path (locked);
    /* A directory where the index would go. */
    g_assert_cmpint (g_mkdir (locked_index, 0700), ==, 0);
    c = load (locked, CHEOPS_COLLECTION_LOAD_DEFAULT);
    g_assert_nonnull (cheops_collection_get_index_warning (c));
    g_assert_cmpuint (cheops_collection_get_n_games (c), ==, 1);
    g_rmdir (locked_index);
    g_unlink (locked);
  }

  g_unlink (index_path);
  g_unlink (cheops_path);
  g_unlink (variants_path);
  g_rmdir (folder);
}

static void
test_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *path = collection_path ("cheops.pgn");
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "collections", NULL);
  g_autoptr(CheopsCollection) c = NULL;
  CheopsPosition pos = position (&cheops_variant_cheops, P1);
  CheopsPositionSearch *s;

  c = cheops_collection_load ("/nonexistent/games.pgn", 0, NULL, NULL, NULL, &error);
  g_assert_null (c);
  g_assert_nonnull (error);
  g_clear_error (&error);
  c = cheops_collection_load (dir, 0, NULL, NULL, NULL, &error);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_assert_null (c);
  g_clear_error (&error);

  g_cancellable_cancel (cancellable);
  c = cheops_collection_load (path, CHEOPS_COLLECTION_LOAD_NO_INDEX, NULL, NULL, cancellable, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (c);
  g_clear_error (&error);

  c = load (path, CHEOPS_COLLECTION_LOAD_NO_INDEX);
  /* The scan looks at the cancellable every 4096 games: none here. */
  s = cheops_position_search_run (&c, 1, &pos, NULL, NULL, cancellable, &error);
  g_assert_no_error (error);
  cheops_position_search_unref (s);
}

/* The async pair in a main loop: progress in this thread, the same
 * results as the synchronous calls. */
typedef struct {
  GMainLoop            *loop;
  GThread              *thread;
  double                last;
  guint                 n_reports;
  CheopsCollection     *collection;
  CheopsPositionSearch *search;
  GError               *error;
} AsyncState;

static void
progress_cb (double   fraction,
             gpointer user_data)
{
  AsyncState *st = user_data;

  g_assert_true (g_thread_self () == st->thread);
  g_assert_cmpfloat (fraction, >=, st->last);
  g_assert_cmpfloat (fraction, <=, 1.0);
  st->last = fraction;
  st->n_reports++;
}

static void
loaded_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  AsyncState *st = user_data;

  st->collection = cheops_collection_load_finish (result, &st->error);
  g_main_loop_quit (st->loop);
}

static void
searched_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  AsyncState *st = user_data;

  st->search = cheops_position_search_finish (result, &st->error);
  g_main_loop_quit (st->loop);
}

static void
test_async (void)
{
  g_autofree char *path = collection_path ("cheops.pgn");
  AsyncState st = { g_main_loop_new (NULL, FALSE), g_thread_self (), 0, 0, NULL, NULL, NULL };
  CheopsPosition pos = position (&cheops_variant_cheops, P2);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *text = NULL;

  cheops_collection_load_async (path, CHEOPS_COLLECTION_LOAD_NO_INDEX, progress_cb, &st, NULL, NULL, loaded_cb, &st);
  g_main_loop_run (st.loop);
  g_assert_no_error (st.error);
  g_assert_nonnull (st.collection);
  g_assert_cmpuint (cheops_collection_get_n_games (st.collection), ==, 10);
  g_assert_cmpuint (st.n_reports, >=, 1);

  st.last = 0;
  cheops_position_search_async (&st.collection, 1, &pos, progress_cb, &st, NULL, NULL, searched_cb, &st);
  g_main_loop_run (st.loop);
  g_assert_no_error (st.error);
  text = describe_search (st.search);
  g_assert_cmpstr (text, ==, expected_p2);
  g_clear_pointer (&st.search, cheops_position_search_unref);
  g_clear_object (&st.collection);

  /* The worker reports while this thread runs no loop (so that nothing
   * holds the default context): the reports still come in this thread,
   * once the loop runs. */
  st.last = 0;
  st.n_reports = 0;
  cheops_collection_load_async (path, CHEOPS_COLLECTION_LOAD_NO_INDEX, progress_cb, &st, NULL, NULL, loaded_cb, &st);
  g_usleep (300 * 1000);
  g_assert_cmpuint (st.n_reports, ==, 0);
  g_main_loop_run (st.loop);
  g_assert_no_error (st.error);
  g_assert_cmpuint (cheops_collection_get_n_games (st.collection), ==, 10);
  g_assert_cmpuint (st.n_reports, >=, 1);
  g_clear_object (&st.collection);

  /* Cancelled before it starts: the error, never a result. */
  g_cancellable_cancel (cancellable);
  cheops_collection_load_async (path, CHEOPS_COLLECTION_LOAD_NO_INDEX, NULL, NULL, NULL, cancellable, loaded_cb, &st);
  g_main_loop_run (st.loop);
  g_assert_error (st.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (st.collection);
  g_clear_error (&st.error);
  g_main_loop_unref (st.loop);
}

int
main (int    argc,
      char **argv)
{
  int status;

  /* The indexes go to a cache of the test's own. */
  cache_dir = g_dir_make_tmp ("cheops-cache-XXXXXX", NULL);
  g_setenv ("XDG_CACHE_HOME", cache_dir, TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/collection/headers", test_headers);
  g_test_add_func ("/collection/read-again", test_read_again);
  g_test_add_func ("/collection/key", test_key);
  g_test_add_func ("/collection/key-occupied", test_key_occupied);
  g_test_add_func ("/collection/search", test_search);
  g_test_add_func ("/collection/index", test_index);
  g_test_add_func ("/collection/errors", test_errors);
  g_test_add_func ("/collection/async", test_async);
  status = g_test_run ();
  {
    g_autofree char *rm = g_strdup_printf ("rm -rf '%s'", cache_dir);
    (void) !system (rm);
  }
  g_free (cache_dir);
  return status;
}
