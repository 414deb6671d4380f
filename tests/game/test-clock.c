/* test-clock.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The clock commands of chess tools in game files (issue 22): [%clk H:MM:SS]
 * (the time left after the move) and [%emt H:MM:SS] (the time the move
 * took) read to milliseconds by cheops_annotations_get_time(), in each of
 * the four games, and the file's text written back exactly as it was read;
 * forms that are not H:MM:SS are kept, not read; a time set is written in
 * that form.
 */
#include <string.h>

#include "cheops-annotations.h"
#include "cheops-game.h"
#include "cheops-pgn.h"

/* A game of each of the four games with clock commands, in the writer's
 * own layout (lines of at most 80 columns, broken at any space, also in a
 * comment), so that the round trip is exact. */
static const char *const games[] = {
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Green \"?\"]\n[Orange \"?\"]\n"
  "[Result \"*\"]\n[Variant \"Cheops\"]\n\n"
  "1. 2f3 {[%clk 0:04:57]} 1... mk3 {[%emt 0:00:03] [%clk 0:04:55]} 2. fe4 {[%eval\n"
  "0.25] [%clk 1:02:03.4] A quiet move.} 2... mk2 {[%clk 0:5:00]} *\n",
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Gold \"?\"]\n[Red \"?\"]\n"
  "[Result \"*\"]\n[Variant \"Step and Circle TrigChess\"]\n\n"
  "1. Ge3 {[%clk 0:04:57]} 1... Ge4 {[%emt 0:00:03] [%clk 0:04:55]} 2. Ke2 {[%eval\n"
  "0.25] [%clk 1:02:03.4] A quiet move.} 2... d4 {[%clk 0:5:00]} *\n",
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
  "[Result \"*\"]\n[Variant \"Cypher\"]\n\n"
  "1. e4 {[%clk 0:04:57]} 1... f6 {[%emt 0:00:03] [%clk 0:04:55]} 2. Qf4 {[%eval\n"
  "0.25] [%clk 1:02:03.4] A quiet move.} 2... e5 {[%clk 0:5:00]} *\n",
  "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n"
  "[Result \"*\"]\n[Variant \"Pyramids\"]\n\n"
  "1. 4b1 {[%clk 0:04:57]} 1... 4b9 {[%emt 0:00:03] [%clk 0:04:55]} 2. 42c1 {[%eval\n"
  "0.25] [%clk 1:02:03.4] A quiet move.} 2... 42c9 {[%clk 0:5:00]} *\n",
};

static const CheopsAnnotations *
annotations_at (CheopsGame *game,
                guint       ply)
{
  CheopsGameNode *node = cheops_game_get_root (game);

  for (guint i = 0; i < ply; i++)
    node = cheops_game_node_get_first_child (node);
  g_assert_nonnull (node);
  return cheops_game_node_get_annotations (node);
}

static void
test_round_trip (gconstpointer data)
{
  const char *text = data;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) read = cheops_pgn_read_string (text, -1, &errors);
  g_autofree char *written = NULL;
  CheopsGame *game;
  gint64 ms = -1;

  g_assert_cmpuint (read->len, ==, 1);
  g_assert_true (errors == NULL || errors->len == 0);
  game = read->pdata[0];

  g_assert_true (cheops_annotations_get_time (annotations_at (game, 1), CHEOPS_TIME_CLOCK, &ms));
  g_assert_cmpint (ms, ==, 297000);
  g_assert_false (cheops_annotations_get_time (annotations_at (game, 1), CHEOPS_TIME_ELAPSED, &ms));
  g_assert_true (cheops_annotations_get_time (annotations_at (game, 2), CHEOPS_TIME_ELAPSED, &ms));
  g_assert_cmpint (ms, ==, 3000);
  g_assert_true (cheops_annotations_get_time (annotations_at (game, 2), CHEOPS_TIME_CLOCK, &ms));
  g_assert_cmpint (ms, ==, 295000);
  g_assert_true (cheops_annotations_get_time (annotations_at (game, 3), CHEOPS_TIME_CLOCK, &ms));
  g_assert_cmpint (ms, ==, 3723400);
  g_assert_cmpint (annotations_at (game, 3)->eval.value, ==, 25);
  g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_node_get_parent (
                     cheops_game_node_get_first_child (cheops_game_node_get_first_child (
                       cheops_game_node_get_first_child (cheops_game_node_get_first_child (
                         cheops_game_get_root (game))))))), ==, "A quiet move.");
  /* "0:5:00" is not H:MM:SS: kept as written, not read. */
  ms = -1;
  g_assert_false (cheops_annotations_get_time (annotations_at (game, 4), CHEOPS_TIME_CLOCK, &ms));
  g_assert_cmpint (ms, ==, -1);
  g_assert_cmpstr (annotations_at (game, 4)->others->pdata[0], ==, "%clk 0:5:00");

  written = cheops_pgn_write_game (game);
  g_assert_cmpstr (written, ==, text);
}

/* What the commands read and what is not read. */
static void
test_forms (void)
{
  static const struct { const char *command; gint64 ms; } cases[] = {
    { "%clk 0:00:00", 0 },
    { "%clk 0:04:57", 297000 },
    { "%clk 12:00:01", 43201000 },
    { "%clk 0:00:09.5", 9500 },
    { "%clk 0:00:09.25", 9250 },
    { "%clk 0:00:09.125", 9125 },
    { "%clk 123:59:59", 446399000 },
    { "%clk 0:60:00", -1 },
    { "%clk 0:00:60", -1 },
    { "%clk 4:57", -1 },
    { "%clk 0:4:57", -1 },
    { "%clk 0:04:57.", -1 },
    { "%clk 0:04:57.1234", -1 },
    { "%clk -0:04:57", -1 },
    { "%clk 0:04:57 ", -1 },
    { "%clk", -1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CheopsAnnotations) a = cheops_annotations_new ();
      g_autoptr(GString) out = g_string_new (NULL);
      gint64 ms = -1;

      cheops_annotations_add_command (a, &cheops_variant_cheops, cases[i].command, -1);
      g_assert_cmpint (cheops_annotations_get_time (a, CHEOPS_TIME_CLOCK, &ms), ==, cases[i].ms >= 0);
      g_assert_cmpint (ms, ==, cases[i].ms);
      cheops_annotations_append (a, &cheops_variant_cheops, out);
      g_assert_true (g_str_has_prefix (out->str, "["));
      g_assert_cmpint (strncmp (out->str + 1, cases[i].command, strlen (cases[i].command)), ==, 0);
    }
}

/* A time set replaces the one there, in its place, in H:MM:SS. */
static void
test_set (void)
{
  g_autoptr(CheopsAnnotations) a = cheops_annotations_new ();
  g_autoptr(GString) out = g_string_new (NULL);
  gint64 ms = 0;

  cheops_annotations_add_command (a, &cheops_variant_cheops, "%emt 0:00:03", -1);
  cheops_annotations_add_command (a, &cheops_variant_cheops, "%clk 0:5:00", -1);
  cheops_annotations_add_command (a, &cheops_variant_cheops, "%foo bar", -1);
  cheops_annotations_add_command (a, &cheops_variant_cheops, "%eval 0.10", -1);
  cheops_annotations_set_time (a, CHEOPS_TIME_CLOCK, 3723400);
  cheops_annotations_set_time (a, CHEOPS_TIME_ELAPSED, 1005);
  cheops_annotations_append (a, &cheops_variant_cheops, out);
  g_assert_cmpstr (out->str, ==, "[%eval 0.10] [%emt 0:00:01.005] [%clk 1:02:03.4] [%foo bar]");
  g_assert_true (cheops_annotations_get_time (a, CHEOPS_TIME_CLOCK, &ms));
  g_assert_cmpint (ms, ==, 3723400);

  cheops_annotations_set_time (a, CHEOPS_TIME_ELAPSED, -1);
  g_string_truncate (out, 0);
  cheops_annotations_append (a, &cheops_variant_cheops, out);
  g_assert_cmpstr (out->str, ==, "[%eval 0.10] [%clk 1:02:03.4] [%foo bar]");

  g_clear_pointer (&a, cheops_annotations_free);
  a = cheops_annotations_new ();
  cheops_annotations_set_time (a, CHEOPS_TIME_CLOCK, 0);
  g_string_truncate (out, 0);
  cheops_annotations_append (a, &cheops_variant_cheops, out);
  g_assert_cmpstr (out->str, ==, "[%clk 0:00:00]");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/game/clock/round-trip/cheops", games[0], test_round_trip);
  g_test_add_data_func ("/game/clock/round-trip/trigchess", games[1], test_round_trip);
  g_test_add_data_func ("/game/clock/round-trip/cypher", games[2], test_round_trip);
  g_test_add_data_func ("/game/clock/round-trip/pyramids", games[3], test_round_trip);
  g_test_add_func ("/game/clock/forms", test_forms);
  g_test_add_func ("/game/clock/set", test_set);

  return g_test_run ();
}
