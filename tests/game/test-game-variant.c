/* test-game-variant.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a game takes from its variant (sides and colours, roster tags,
 * outcomes and their wording, the Result of an outcome) and what a node
 * derives from its position (moves, outcome with repetition, check, FEN,
 * the engine's position command), cached in the node; the O(1) node
 * count.  Cheops here; TrigChess in its own section.
 */
#include <string.h>

#include "cheops-game-model.h"

#define CHEOPS_START "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1"
#define AFTER_FG3 "1/3/5/7/9/P9p/APP1P5ppa/MSQP6ppqsm/AKMSAPP3ppasmka q 0 1"
/* The sample "Ascension study: the Pawn march": Green forces the Ascension
 * in three (8.1). */
#define PAWN_MARCH "1/P2/5/5k1/9/6M4/11p1/15/1K15 a 0 1"

static CheopsGameNode *
play_sans (CheopsGame     *game,
           CheopsGameNode *node,
           const char     *sans)
{
  g_auto(GStrv) words = g_strsplit (sans, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      node = cheops_game_add_san (game, node, words[i], &error);
      g_assert_no_error (error);
    }
  return node;
}

static void
test_cheops_sides (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (cheops_game_get_variant (game) == &cheops_variant_cheops);
  g_assert_cmpuint (cheops_game_get_side_colour (game, CHEOPS_SIDE_A), ==, 0);
  g_assert_cmpuint (cheops_game_get_side_colour (game, CHEOPS_SIDE_B), ==, 1);
  g_assert_cmpstr (cheops_game_get_side_name (game, CHEOPS_SIDE_A), ==, "Green");
  g_assert_cmpstr (cheops_game_get_colour_tag (game, 0), ==, "Green");
  g_assert_cmpstr (cheops_game_get_colour_tag (game, 1), ==, "Orange");
  cheops_game_set_tag (game, "Green", "Ann", NULL);
  cheops_game_set_tag (game, "Orange", "Bob", NULL);
  g_assert_cmpstr (cheops_game_get_player (game, CHEOPS_SIDE_A), ==, "Ann");

  /* 6.2: the q side plays Green. */
  g_assert_true (cheops_game_set_tag (game, "GreenCorner", "q", &error));
  g_assert_cmpuint (cheops_game_get_side_colour (game, CHEOPS_SIDE_A), ==, 1);
  g_assert_cmpuint (cheops_game_get_side_colour (game, CHEOPS_SIDE_B), ==, 0);
  g_assert_cmpint (cheops_game_get_colour_side (game, 0), ==, CHEOPS_SIDE_B);
  g_assert_cmpint (cheops_game_get_colour_side (game, 0), ==, CHEOPS_SIDE_B);
  g_assert_cmpstr (cheops_game_get_side_name (game, CHEOPS_SIDE_A), ==, "Orange");
  g_assert_cmpstr (cheops_game_get_player (game, CHEOPS_SIDE_A), ==, "Bob");
  g_assert_true (cheops_game_set_tag (game, "GreenCorner", "a", &error));
  g_assert_cmpint (cheops_game_get_colour_side (game, 0), ==, CHEOPS_SIDE_A);

  {
    g_autoptr(CheopsGame) other = cheops_game_new_for_variant (&cheops_variant_cheops);
    g_autoptr(CheopsGame) from_fen = cheops_game_new_from_fen (&cheops_variant_cheops, PAWN_MARCH, &error);

    g_assert_no_error (error);
    g_assert_true (cheops_game_get_variant (other) == &cheops_variant_cheops);
    g_assert_true (cheops_game_get_variant (from_fen) == &cheops_variant_cheops);
    g_assert_cmpstr (cheops_game_node_get_fen (cheops_game_get_root (from_fen)), ==, PAWN_MARCH);
  }
}

static void
test_cheops_node_derived (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  CheopsGameNode *root = cheops_game_get_root (game);
  CheopsGameNode *node;
  const CheopsMove *moves;
  guint n = 0;
  char text[CHEOPS_MOVE_TEXT_MAX];

  moves = cheops_game_node_get_moves (root, &n);
  g_assert_cmpuint (n, ==, 22);
  cheops_move_to_text (&cheops_variant_cheops, moves[0], text);
  g_assert_cmpstr (text, ==, "e1h1");
  cheops_move_to_text (&cheops_variant_cheops, moves[21], text);
  g_assert_cmpstr (text, ==, "d4e5");
  /* Computed once: the same array every time. */
  g_assert_true (cheops_game_node_get_moves (root, NULL) == moves);
  g_assert_true (cheops_game_node_has_move (root, moves[5]));
  g_assert_false (cheops_game_node_has_move (root, cheops_move_make (0, 80)));
  g_assert_cmpstr (cheops_game_node_get_fen (root), ==, CHEOPS_START);
  g_assert_true (cheops_game_node_get_fen (root) == cheops_game_node_get_fen (root));
  g_assert_false (cheops_game_node_in_check (root));
  g_assert_cmpint (cheops_game_node_get_outcome (root), ==, CHEOPS_OUTCOME_NONE);
  g_assert_cmpstr (cheops_game_node_get_uci_position (root), ==, "position fen " CHEOPS_START);

  node = play_sans (game, root, "Ag2 Ak2");
  g_assert_cmpstr (cheops_game_node_get_uci_position (node), ==,
                   "position fen " CHEOPS_START " moves e1g2 m1k2");
  cheops_game_undo (game);
  /* The base is the last position after which nothing can repeat: after
   * fg3, a Pawn's climb (halfmove clock 0, R8), only the moves since. */
  cheops_game_undo (game);
  node = play_sans (game, root, "fg3 lj1 e3f3");
  g_assert_cmpstr (cheops_game_node_get_uci_position (node), ==,
                   "position fen " AFTER_FG3 " moves l1j1 e3f3");
  g_assert_cmpstr (cheops_game_node_get_fen (node), ==,
                   "1/3/5/7/9/P9p/AP1PP5ppa/MSQP6ppqsm/AKMSAPP2pp1asmka q 2 2");
  node = play_sans (game, node, "Ak2");
  g_assert_cmpstr (cheops_game_node_get_uci_position (node), ==,
                   "position fen " AFTER_FG3 " moves l1j1 e3f3 m1k2");
}

/* The Ascension (8.1) ends the record: no moves, no move added after it,
 * its sentence and its Result in either corner. */
static void
test_cheops_ascension (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsGame) game = cheops_game_new_from_fen (NULL, PAWN_MARCH, &error);
  CheopsGameNode *end;
  g_autofree char *won = NULL;
  g_autofree char *won_q = NULL;
  guint n = 99;

  g_assert_no_error (error);
  end = play_sans (game, cheops_game_get_root (game), "i8 Ki6 i9=Q l3 Mi4#");
  g_assert_cmpint (cheops_game_node_get_outcome (end), ==, CHEOPS_LAWS_OUTCOME_ASCENSION_A);
  g_assert_true (cheops_game_node_in_check (end));
  g_assert_null (cheops_game_node_get_moves (end, &n));
  g_assert_cmpuint (n, ==, 0);
  won = cheops_game_describe_outcome (game, CHEOPS_LAWS_OUTCOME_ASCENSION_A);
  g_assert_cmpstr (won, ==, "Green wins by the Ascension.");
  g_assert_cmpstr (cheops_game_outcome_result (game, CHEOPS_LAWS_OUTCOME_ASCENSION_A), ==, "1-0");
  g_assert_cmpstr (cheops_game_outcome_result (game, CHEOPS_LAWS_OUTCOME_ASCENSION_Q), ==, "0-1");
  g_assert_null (cheops_game_outcome_result (game, CHEOPS_OUTCOME_NONE));
  g_assert_null (cheops_game_add_san (game, end, "Kh6", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpstr (error->message, ==, "the game is over: Green wins by the Ascension.");
  g_clear_error (&error);

  cheops_game_set_tag (game, "GreenCorner", "q", NULL);
  won_q = cheops_game_describe_outcome (game, CHEOPS_LAWS_OUTCOME_ASCENSION_A);
  g_assert_cmpstr (won_q, ==, "Orange wins by the Ascension.");
  g_assert_cmpstr (cheops_game_outcome_result (game, CHEOPS_LAWS_OUTCOME_ASCENSION_A), ==, "0-1");
}

static void
test_cheops_draw_words (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  static const struct { CheopsOutcome outcome; const char *text; } cases[] = {
    { CHEOPS_OUTCOME_NONE, "The game is not over." },
    { CHEOPS_LAWS_OUTCOME_DRAW_NO_QUEEN_NO_PAWN, "Draw: neither side has a Queen or a Pawn." },
    { CHEOPS_LAWS_OUTCOME_DRAW_NO_LEGAL_MOVE, "Draw: the side to move has no move." },
    { CHEOPS_LAWS_OUTCOME_DRAW_FIFTH_REPETITION, "Draw: the same position for the fifth time." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = cheops_game_describe_outcome (game, cases[i].outcome);
      g_assert_cmpstr (text, ==, cases[i].text);
    }
  g_assert_cmpstr (cheops_game_outcome_result (game, CHEOPS_LAWS_OUTCOME_DRAW_FIFTH_REPETITION), ==, "1/2-1/2");
}

/* 8.4.3: the fifth occurrence of a position draws, counted along the
 * path from the start (which counts once), each line on its own.  A
 * record may go on after a draw that leaves moves, as always. */
static void
test_cheops_fifth_repetition (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  static const char cycle[] = "Ag2 Ak2 Ae1 Am1";
  CheopsGameNode *node = cheops_game_get_root (game);
  CheopsGameNode *fourth = NULL;
  CheopsGameNode *side;
  guint n = 0;

  for (int i = 0; i < 4; i++)
    {
      node = play_sans (game, node, cycle);
      /* The start position for the (i + 2)-th time. */
      g_assert_cmpint (cheops_game_node_get_outcome (node), ==,
                       i < 3 ? CHEOPS_OUTCOME_NONE : CHEOPS_LAWS_OUTCOME_DRAW_FIFTH_REPETITION);
      if (i == 2)
        fourth = node;
    }
  g_assert_cmpint (cheops_game_node_get_outcome (cheops_game_node_get_parent (node)), ==, CHEOPS_OUTCOME_NONE);
  /* A draw with moves left: they are still offered, and may be played. */
  cheops_game_node_get_moves (node, &n);
  g_assert_cmpuint (n, ==, 22);
  g_assert_nonnull (play_sans (game, node, "fg3"));
  /* A variation that repeats nothing is not a repetition. */
  side = play_sans (game, cheops_game_node_get_parent (cheops_game_node_get_parent (fourth)), "fg3");
  g_assert_cmpint (cheops_game_node_get_outcome (side), ==, CHEOPS_OUTCOME_NONE);
}

/* The node count is O(1), kept by every edit, undo and redo. */
static void
test_count_nodes (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  CheopsGameNode *root = cheops_game_get_root (game);
  CheopsGameNode *a, *b;
  CheopsPosition start;

  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 1);
  a = play_sans (game, root, "fg3 lj1 e3f3");
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 4);
  b = play_sans (game, cheops_game_node_get_parent (a), "Ag2 Ak2");
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 6);
  /* The same move again adds nothing. */
  play_sans (game, root, "fg3");
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 6);
  g_assert_true (cheops_game_delete_variation (game, b));
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 4);
  cheops_game_undo (game);
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 6);
  cheops_game_redo (game);
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 4);
  g_assert_true (cheops_game_delete_from (game, cheops_game_node_get_first_child (root)));
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 1);
  cheops_game_undo (game);
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 4);
  cheops_position_init_start (&start, &cheops_variant_cheops);
  cheops_game_set_start_position (game, &start);
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 1);
  cheops_game_undo (game);
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 4);
  {
    g_autoptr(CheopsGame) copy = cheops_game_copy (game);
    g_assert_cmpuint (cheops_game_count_nodes (copy), ==, 4);
  }
}

/* Reading: a move after the Ascension is an error at that move, and a
 * Result that contradicts the Ascension is one too. */
static void
test_cheops_read_after_end (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = NULL;
  const CheopsPgnError *e;

  games = cheops_pgn_read_string ("[FEN \"" PAWN_MARCH "\"]\n\n1. i8 Ki6 2. i9=Q l3 3. Mi4# Kh6 *\n", -1, &errors);
  g_assert_cmpuint (errors->len, ==, 1);
  e = errors->pdata[0];
  g_assert_cmpuint (e->code, ==, CHEOPS_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpuint (e->line, ==, 3);
  g_assert_cmpuint (e->column, ==, 30);
  g_assert_cmpstr (e->message, ==, "illegal move Kh6 at 3...: the game is over: Green wins by the Ascension.");
  g_assert_cmpuint (cheops_game_count_nodes (games->pdata[0]), ==, 6);
  g_clear_pointer (&games, g_ptr_array_unref);
  g_clear_pointer (&errors, g_ptr_array_unref);

  games = cheops_pgn_read_string ("[Result \"0-1\"]\n[FEN \"" PAWN_MARCH "\"]\n\n1. i8 Ki6 2. i9=Q l3 3. Mi4# 0-1\n",
                                  -1, &errors);
  g_assert_cmpuint (errors->len, ==, 1);
  e = errors->pdata[0];
  g_assert_cmpuint (e->code, ==, CHEOPS_GAME_ERROR_RESULT);
  g_assert_cmpuint (e->line, ==, 4);
  g_assert_cmpuint (e->column, ==, 30);
  g_assert_cmpstr (e->message, ==, "the result 0-1 differs from the end of the game: Green wins by the Ascension.");
  g_clear_pointer (&games, g_ptr_array_unref);
  g_clear_pointer (&errors, g_ptr_array_unref);

  /* Without a result token the tag's value is named; "*" is a record
   * left open, and agrees with anything. */
  games = cheops_pgn_read_string ("[Result \"0-1\"]\n[FEN \"" PAWN_MARCH "\"]\n\n1. i8 Ki6 2. i9=Q l3 3. Mi4#\n\n"
                                  "[FEN \"" PAWN_MARCH "\"]\n\n1. i8 Ki6 2. i9=Q l3 3. Mi4# *\n", -1, &errors);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpuint (errors->len, ==, 1);
  e = errors->pdata[0];
  g_assert_cmpuint (e->line, ==, 1);
  g_assert_cmpuint (e->column, ==, 10);
  g_assert_cmpuint (cheops_game_count_nodes (games->pdata[1]), ==, 6);
  g_assert_cmpint (cheops_game_node_get_outcome (cheops_game_get_mainline_end (games->pdata[1])), ==,
                   CHEOPS_LAWS_OUTCOME_ASCENSION_A);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/variant/cheops-sides", test_cheops_sides);
  g_test_add_func ("/game/variant/cheops-node-derived", test_cheops_node_derived);
  g_test_add_func ("/game/variant/cheops-ascension", test_cheops_ascension);
  g_test_add_func ("/game/variant/cheops-draw-words", test_cheops_draw_words);
  g_test_add_func ("/game/variant/cheops-fifth-repetition", test_cheops_fifth_repetition);
  g_test_add_func ("/game/variant/count-nodes", test_count_nodes);
  g_test_add_func ("/game/variant/cheops-read-after-end", test_cheops_read_after_end);

  return g_test_run ();
}
