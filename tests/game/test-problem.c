/* test-problem.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Problems (cheops-problem.h): the stipulation's forms and its errors with
 * their columns, where a tag stands in a file, the stipulation of a game
 * read from a file with the line and column of a malformed one, the
 * undoable tag edit, the solution's key; and the bundled problem files
 * read without an error.
 */
#include <glib.h>

#include "cheops-game-model.h"

static void
check_ok (const char *text, int moves)
{
  g_autoptr(GError) error = NULL;
  CheopsStipulation s = { 0 };
  guint column = 99;

  g_assert_true (cheops_stipulation_parse (text, &s, &column, &error));
  g_assert_no_error (error);
  g_assert_cmpint (s.moves, ==, moves);
  g_assert_cmpuint (column, ==, 99);   /* untouched on success */
}

static void
check_bad (const char *text, int code, guint column, const char *message)
{
  g_autoptr(GError) error = NULL;
  CheopsStipulation s = { 7 };
  guint got = 0;

  g_assert_false (cheops_stipulation_parse (text, &s, &got, &error));
  g_assert_error (error, CHEOPS_PROBLEM_ERROR, code);
  g_assert_cmpstr (error->message, ==, message);
  g_assert_cmpuint (got, ==, column);
  g_assert_cmpint (s.moves, ==, 7);    /* untouched on failure */
}

static void
test_parse (void)
{
  g_autofree char *text = NULL;
  CheopsStipulation three = { 3 };

  check_ok ("#3", 3);
  check_ok ("  # 3 ", 3);
  check_ok ("#1", 1);
  check_ok ("#16", 16);
  check_ok ("+2", 2);
  check_ok ("win in 4", 4);
  check_ok ("Wins In 2", 2);
  check_ok ("WIN  IN\t5", 5);

  check_bad ("", CHEOPS_PROBLEM_ERROR_SYNTAX, 1,
             "expected a stipulation: “#” and a number of moves, as “#3”");
  check_bad ("mate in 3", CHEOPS_PROBLEM_ERROR_SYNTAX, 1,
             "expected a stipulation: “#” and a number of moves, as “#3”");
  check_bad ("#", CHEOPS_PROBLEM_ERROR_SYNTAX, 2, "expected a number of moves");
  check_bad ("#x", CHEOPS_PROBLEM_ERROR_SYNTAX, 2, "expected a number of moves");
  check_bad (" #0", CHEOPS_PROBLEM_ERROR_RANGE, 3, "the number of moves must be 1 to 16");
  check_bad ("#17", CHEOPS_PROBLEM_ERROR_RANGE, 2, "the number of moves must be 1 to 16");
  check_bad ("#99999999999999999999", CHEOPS_PROBLEM_ERROR_RANGE, 2, "the number of moves must be 1 to 16");
  check_bad ("#3 moves", CHEOPS_PROBLEM_ERROR_SYNTAX, 4, "unexpected text after the number of moves");
  check_bad ("#2.5", CHEOPS_PROBLEM_ERROR_SYNTAX, 3, "unexpected text after the number of moves");
  check_bad ("win 3", CHEOPS_PROBLEM_ERROR_SYNTAX, 5, "expected “in” and a number of moves");
  /* Columns count characters, not bytes. */
  check_bad ("#3 ✓", CHEOPS_PROBLEM_ERROR_SYNTAX, 4, "unexpected text after the number of moves");
  check_bad ("hs#2", CHEOPS_PROBLEM_ERROR_UNSUPPORTED, 1,
             "“hs#” problems are not supported: only “#N”, “h#N”, “s#N” and “ser-#N”");
  check_bad (" r#3", CHEOPS_PROBLEM_ERROR_UNSUPPORTED, 2,
             "“r#” problems are not supported: only “#N”, “h#N”, “s#N” and “ser-#N”");
  check_bad ("h#", CHEOPS_PROBLEM_ERROR_SYNTAX, 3, "expected a number of moves");
  check_bad ("s#0", CHEOPS_PROBLEM_ERROR_RANGE, 3, "the number of moves must be 1 to 16");
  check_bad ("ser-# 17", CHEOPS_PROBLEM_ERROR_RANGE, 7, "the number of moves must be 1 to 16");
  check_bad ("ser#3", CHEOPS_PROBLEM_ERROR_SYNTAX, 1,
             "expected a stipulation: “#” and a number of moves, as “#3”");
  check_bad ("h#2 win", CHEOPS_PROBLEM_ERROR_SYNTAX, 5, "unexpected text after the number of moves");

  text = cheops_stipulation_to_string (&three);
  g_assert_cmpstr (text, ==, "#3");

  /* The other genres: the genre read, and written back the same. */
  {
    static const struct { const char *text; int moves; CheopsStipulationGenre genre; const char *canonical; } genres[] = {
      { "#3", 3, CHEOPS_STIPULATION_DIRECT, "#3" },
      { "h#2", 2, CHEOPS_STIPULATION_HELP, "h#2" },
      { " H# 3 ", 3, CHEOPS_STIPULATION_HELP, "h#3" },
      { "s#1", 1, CHEOPS_STIPULATION_SELF, "s#1" },
      { "S#16", 16, CHEOPS_STIPULATION_SELF, "s#16" },
      { "ser-#4", 4, CHEOPS_STIPULATION_SERIES, "ser-#4" },
      { "SER-# 2", 2, CHEOPS_STIPULATION_SERIES, "ser-#2" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (genres); i++)
      {
        CheopsStipulation s = { 0, CHEOPS_STIPULATION_SERIES };
        g_autofree char *back = NULL;

        check_ok (genres[i].text, genres[i].moves);
        g_assert_true (cheops_stipulation_parse (genres[i].text, &s, NULL, NULL));
        g_assert_cmpint (s.genre, ==, genres[i].genre);
        back = cheops_stipulation_to_string (&s);
        g_assert_cmpstr (back, ==, genres[i].canonical);
      }
  }
}

static const char file_text[] =
  "[Event \"one\"]\n"                                   /* 1 */
  "[SetUp \"1\"]\n"                                     /* 2 */
  "[FEN \"7/7/9/D3K4/2kS3/7 g 0 1\"]\n"                 /* 3 */
  "[Variant \"TrigChess\"]\n"                           /* 4 */
  "[Stipulation \"#2\"]\n"                              /* 5 */
  "\n"
  "1. Sh2 Kc2 2. Sf1 1-0\n"                             /* 7 */
  "\n"
  "[Event \"two\"] [Stipulation \"#3 or so\"]\n"        /* 9 */
  "[Variant \"TrigChess\"]\n"
  "\n"
  "*\n"
  "\n"
  "[Event \"three\"]\n"                                 /* 14 */
  "\n"
  "*\n";

static void
test_locate (void)
{
  guint line = 0, column = 0;

  g_assert_true (cheops_problem_locate_tag (file_text, -1, 1, "Stipulation", &line, &column));
  g_assert_cmpuint (line, ==, 5);
  g_assert_cmpuint (column, ==, 15);
  g_assert_true (cheops_problem_locate_tag (file_text, -1, 1, "FEN", &line, &column));
  g_assert_cmpuint (line, ==, 3);
  g_assert_cmpuint (column, ==, 7);
  /* The second tag pair of a line. */
  g_assert_true (cheops_problem_locate_tag (file_text, -1, 9, "Stipulation", &line, &column));
  g_assert_cmpuint (line, ==, 9);
  g_assert_cmpuint (column, ==, 29);
  /* Not in this game's tags (the first game's is before it). */
  g_assert_false (cheops_problem_locate_tag (file_text, -1, 14, "Stipulation", &line, &column));
  g_assert_false (cheops_problem_locate_tag (file_text, -1, 1, "Stip", &line, &column));
  g_assert_false (cheops_problem_locate_tag (file_text, -1, 99, "Event", &line, &column));
}

static void
test_game (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (file_text, -1, &errors);
  g_autoptr(GError) error = NULL;
  CheopsStipulation s = { 0 };
  CheopsGame *one, *two, *three;
  char san[CHEOPS_SAN_MAX];

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 3);
  one = games->pdata[0];
  two = games->pdata[1];
  three = games->pdata[2];

  g_assert_true (cheops_problem_get_stipulation (one, file_text, -1, 1, &s, &error));
  g_assert_cmpint (s.moves, ==, 2);
  cheops_move_to_san (cheops_game_get_start_position (one), cheops_problem_get_key (one), san);
  g_assert_cmpstr (san, ==, "Sh2");

  /* A malformed one: the place in the file ("#3 or so": " or so" at
   * column 29 + 3). */
  g_assert_false (cheops_problem_get_stipulation (two, file_text, -1, 9, &s, &error));
  g_assert_error (error, CHEOPS_PROBLEM_ERROR, CHEOPS_PROBLEM_ERROR_SYNTAX);
  g_assert_cmpstr (error->message, ==, "9:32: unexpected text after the number of moves");
  g_clear_error (&error);
  /* Without the file: line 0, the column in the value. */
  g_assert_false (cheops_problem_get_stipulation (two, NULL, 0, 0, &s, &error));
  g_assert_cmpstr (error->message, ==, "0:4: unexpected text after the number of moves");
  g_clear_error (&error);
  g_assert_cmpuint (cheops_problem_get_key (two), ==, CHEOPS_MOVE_NONE);

  g_assert_false (cheops_problem_get_stipulation (three, file_text, -1, 14, &s, &error));
  g_assert_error (error, CHEOPS_PROBLEM_ERROR, CHEOPS_PROBLEM_ERROR_NO_STIPULATION);
  g_clear_error (&error);

  /* The tag edit is undoable. */
  g_assert_false (cheops_game_can_undo (three));
  cheops_problem_set_stipulation (three, &(CheopsStipulation) { 4 });
  g_assert_cmpstr (cheops_game_get_tag (three, "Stipulation"), ==, "#4");
  g_assert_true (cheops_game_undo (three));
  g_assert_null (cheops_game_get_tag (three, "Stipulation"));
  g_assert_true (cheops_game_redo (three));
  g_assert_cmpstr (cheops_game_get_tag (three, "Stipulation"), ==, "#4");
  cheops_problem_set_stipulation (three, NULL);
  g_assert_null (cheops_game_get_tag (three, "Stipulation"));
}

/* The bundled problem files read without an error, and each of their
 * games has a well-formed stipulation. */
static void
test_bundled (void)
{
  static const char *const names[] = { "cheops.pgn", "trigchess.pgn", "cypher.pgn", "pyramids.pgn" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "problems", names[i], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) errors = NULL;
      g_autoptr(GPtrArray) games = NULL;

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        continue;
      games = cheops_pgn_read_file (path, &errors, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (errors->len, ==, 0);
      g_assert_cmpuint (games->len, >=, 2);
      for (guint g = 0; g < games->len; g++)
        {
          CheopsStipulation s;

          g_assert_true (cheops_problem_get_stipulation (games->pdata[g], NULL, 0, 0, &s, &error));
          g_assert_no_error (error);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/problem/parse", test_parse);
  g_test_add_func ("/game/problem/locate", test_locate);
  g_test_add_func ("/game/problem/game", test_game);
  g_test_add_func ("/game/problem/bundled", test_bundled);

  return g_test_run ();
}
