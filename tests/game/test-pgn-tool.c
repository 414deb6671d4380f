/* test-pgn-tool.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops pgn check` and `cheops pgn format`, run in a subprocess through
 * cheops_tool_pgn() (the dispatch of the `cheops` binary is the tool's).
 */
#include <stdio.h>
#include <string.h>

#include <glib/gstdio.h>

#include "cheops-game-model.h"
#include "cheops-tool.h"

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "pgn", name, NULL);
}

static int
run (const char *first,
     ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  g_ptr_array_add (args, (char *) "pgn");
  va_start (ap, first);
  for (const char *a = first; a != NULL; a = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) a);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return cheops_tool_pgn ((int) args->len - 1, (char **) args->pdata);
}

/* Frees the strings given (NULL-terminated) and exits with @status: a
 * subprocess must not leave with g_autofree strings in scope (they are
 * never freed: LeakSanitizer reports them). */
static G_GNUC_NORETURN G_GNUC_NULL_TERMINATED void
exit_freeing (int status,
              ...)
{
  va_list ap;
  char *p;

  va_start (ap, status);
  while ((p = va_arg (ap, char *)) != NULL)
    g_free (p);
  va_end (ap);
  exit (status);
}

static void
test_check_good (void)
{
  if (g_test_subprocess ())
    {
      char *path = data_path ("basic.pgn");
      exit_freeing (run ("check", path, NULL), path, NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*basic.pgn:1: game 1: Ann - Bob, Club championship, 2026.11.30, 1-0\n"
                             "*basic.pgn:12: game 2: Bob - Ann, Club championship, 2026.11.30, 1/2-1/2\n"
                             "*basic.pgn:22: game 3: ? - ?, Blitz\n"
                             "*basic.pgn: 3 games, 0 errors\n");
}

static void
test_check_errors (void)
{
  if (g_test_subprocess ())
    {
      char *path = data_path ("errors.pgn");
      exit_freeing (run ("check", path, NULL), path, NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout ("*errors.pgn:4: game 1: ? - ?, good 1\n"
                             "*errors.pgn:8: game 2: ? - ?, illegal move\n"
                             "*errors.pgn:10:15: illegal move Mf5 at 2.: no Swordmaster can reach f5\n"
                             "*errors.pgn:79:8: this comment is not closed by “}”\n"
                             "*errors.pgn: 18 games, 15 errors\n");
}

static void
test_check_missing (void)
{
  if (g_test_subprocess ())
    exit (run ("check", "/nonexistent/file.pgn", NULL));
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*cheops pgn check: *nonexistent*");
}

static void
test_format (void)
{
  if (g_test_subprocess ())
    {
      char *path = data_path ("q-first.pgn");
      exit_freeing (run ("format", path, NULL), path, NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("[Event \"The q corner moves first\"]\n"
                             "[Site \"?\"]\n"
                             "[Date \"????.??.??\"]\n"
                             "[Round \"?\"]\n"
                             "[Green \"Ann\"]\n"
                             "[Orange \"Bob\"]\n"
                             "[Result \"*\"]\n"
                             "[Variant \"Cheops\"]\n"
                             "[SetUp \"1\"]\n"
                             "[FEN \"1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 0 1\"]\n"
                             "[GreenCorner \"q\"]\n"
                             "\n"
                             "1... lj1 2. fg3 mk2 (2... Ak2 {the Assassin, not the Pawn}) 3. e3f3 *\n");
}

/* Nothing of a file with errors is lost: every good game comes out in
 * canonical form, every bad one exactly as it was read (errors.formatted),
 * and every error is reported on stderr. */
static void
test_format_errors (void)
{
  g_autofree char *out_path = g_build_filename (g_get_tmp_dir (), "cheops-test-format-errors.pgn", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;
  g_autofree char *expected_path = data_path ("errors.formatted");

  if (g_test_subprocess ())
    {
      char *path = data_path ("errors.pgn");
      int status = freopen (out_path, "w", stdout) == NULL ? 3 : run ("format", path, NULL);
      exit_freeing (status, path, g_steal_pointer (&out_path), g_steal_pointer (&expected_path), NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*errors.pgn:10:15: illegal move Mf5 at 2.: no Swordmaster can reach f5\n"
                             "*errors.pgn:79:8: this comment is not closed by “}”\n");
  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));
  g_assert_true (g_file_get_contents (out_path, &got, NULL, NULL));
  g_unlink (out_path);
  g_assert_cmpstr (got, ==, expected);
  g_assert_nonnull (strstr (got, "1. fg3 lj1 2. Mf5 mk2 *\n"));
  g_assert_nonnull (strstr (got, "[Result \"1-0\"]\n\n1. fg3 0-1\n"));
}

/* A directory is named as such, not "mmap() failed: No such device". */
static void
test_check_directory (void)
{
  if (g_test_subprocess ())
    exit (run ("check", g_get_tmp_dir (), NULL));
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout ("");
  g_test_trap_assert_stderr ("cheops pgn check: *: is a directory\n");
}

/* The example of the bug report: a game after an illegal move and a
 * variation comes back whole. */
static void
test_format_bad_game_kept (void)
{
  static const char bad[] =
    "1. g1i1 k1i1 2. Zz9 {comment after error} 2... Am4 (2... l2j2 {deep}) 3. e1g2 *\n";
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "cheops-test-bad-game.pgn", NULL);

  g_assert_true (g_file_set_contents (path, bad, -1, NULL));
  if (g_test_subprocess ())
    {
      int status = run ("format", path, NULL);
      exit_freeing (status, g_steal_pointer (&path), NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_unlink (path);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout (bad);
  g_test_trap_assert_stderr ("*cheops-test-bad-game.pgn:1:17: unreadable move Zz9 at 2.: *\n");
}

/* A TrigChess file: players by Gold and Red, each game's end in TrigChess's
 * words; format writes it back exactly (it is canonical). */
static void
test_check_trigchess (void)
{
  if (g_test_subprocess ())
    {
      char *path = data_path ("trigchess.pgn");
      exit_freeing (run ("check", path, NULL), path, NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("*trigchess.pgn:1: game 1: Ann - Bob, TrigChess sanity, 2026.12.01, 1-0, "
                             "Gold wins by checkmate.\n"
                             "*trigchess.pgn:13: game 2: Bob - Ann, Third occurrence, 2026.12.01, 1-0, "
                             "Gold wins by the opponent's third repetition.\n"
                             "*trigchess.pgn:24: game 3: ? - ?, Kings only, 1-0, Gold wins by stalemate.\n"
                             "*trigchess.pgn: 3 games, 0 errors\n");
}

static void
test_format_trigchess (void)
{
  g_autofree char *out_path = g_build_filename (g_get_tmp_dir (), "cheops-test-format-trigchess.pgn", NULL);
  g_autofree char *expected_path = data_path ("trigchess.pgn");
  g_autofree char *expected = NULL;
  g_autofree char *got = NULL;

  if (g_test_subprocess ())
    {
      int status = freopen (out_path, "w", stdout) == NULL ? 3 : run ("format", expected_path, NULL);
      exit_freeing (status, g_steal_pointer (&out_path), g_steal_pointer (&expected_path), NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_assert_true (g_file_get_contents (expected_path, &expected, NULL, NULL));
  g_assert_true (g_file_get_contents (out_path, &got, NULL, NULL));
  g_unlink (out_path);
  g_assert_cmpstr (got, ==, expected);
}

/* An unknown variant is refused by name; its game is kept as it was, and
 * a TrigChess game that goes on after the third occurrence is refused at
 * the move after the end. */
static void
test_check_variant_errors (void)
{
  static const char text[] =
    "[Variant \"Xiangqi\"]\n\n1. Ga3 *\n\n"
    "[Variant \"TrigChess\"]\n[Gold \"Ann\"]\n\n"
    "1. Ge3 Ge4 2. Ge2 Ge5 3. Ge3 Ge4 4. Ge2 Ge5 5. Ge3 *\n";
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "cheops-test-variant-errors.pgn", NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  if (g_test_subprocess ())
    {
      int status = run ("check", path, NULL);
      exit_freeing (status, g_steal_pointer (&path), NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout ("*cheops-test-variant-errors.pgn:1: game 1: ? - ?\n"
                             "*cheops-test-variant-errors.pgn:1:11: unknown variant “Xiangqi”\n"
                             "*cheops-test-variant-errors.pgn:5: game 2: Ann - ?\n"
                             "*cheops-test-variant-errors.pgn:8:48: illegal move Ge3 at 5.: the game is over: "
                             "Gold wins by the opponent's third repetition.\n"
                             "*cheops-test-variant-errors.pgn: 2 games, 2 errors\n");
  g_unlink (path);
}

/* A game of tags without moves is a game of its own, escape lines and a
 * NUL byte are kept: check counts three games, format writes every byte
 * back. */
/* Whether @len bytes of @data hold @needle (NUL bytes and all). */
static gboolean
bytes_contain (const char *data,
               gsize       len,
               const char *needle,
               gsize       needle_len)
{
  for (gsize i = 0; i + needle_len <= len; i++)
    if (memcmp (data + i, needle, needle_len) == 0)
      return TRUE;
  return FALSE;
}

static const char robust_text[] =
  "% escape line\n[Event \"first\"]\n\n[Event \"second\"]\n\n1. fg3 *\n\n1. fg3 {x\0y} lj1 *\n";

static void
test_check_robust (void)
{
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "cheops-test-robust.pgn", NULL);

  g_assert_true (g_file_set_contents (path, robust_text, sizeof robust_text - 1, NULL));
  if (g_test_subprocess ())
    {
      int status = run ("check", path, NULL);
      exit_freeing (status, g_steal_pointer (&path), NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_unlink (path);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout ("*cheops-test-robust.pgn:2: game 1: ? - ?, first\n"
                             "*cheops-test-robust.pgn:4: game 2: ? - ?, second\n"
                             "*cheops-test-robust.pgn:8: game 3: ? - ?\n"
                             "*cheops-test-robust.pgn:8:8: this comment is not UTF-8 text\n"
                             "*cheops-test-robust.pgn: 3 games, 1 error\n");
}

static void
test_format_robust (void)
{
  g_autofree char *in_path = g_build_filename (g_get_tmp_dir (), "cheops-test-robust-in.pgn", NULL);
  g_autofree char *out_path = g_build_filename (g_get_tmp_dir (), "cheops-test-robust-out.pgn", NULL);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GBytes) expected = NULL;
  g_autoptr(GBytes) got_bytes = NULL;
  char *got = NULL;
  gsize got_len;

  g_assert_true (g_file_set_contents (in_path, robust_text, sizeof robust_text - 1, NULL));
  if (g_test_subprocess ())
    {
      int status = freopen (out_path, "w", stdout) == NULL ? 3 : run ("format", in_path, NULL);
      exit_freeing (status, g_steal_pointer (&out_path), g_steal_pointer (&in_path), NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_assert_true (g_file_get_contents (out_path, &got, &got_len, NULL));
  g_unlink (out_path);
  g_unlink (in_path);
  got_bytes = g_bytes_new_take (got, got_len);
  games = cheops_pgn_read_string (robust_text, sizeof robust_text - 1, NULL);
  expected = cheops_pgn_write_games_to_bytes (games);
  g_assert_true (g_bytes_equal (got_bytes, expected));
  g_assert_true (g_str_has_prefix (got, "% escape line\n[Event \"first\"]\n"));
  g_assert_true (bytes_contain (got, got_len, "\n\n[Event \"second\"]\n", sizeof "\n\n[Event \"second\"]\n" - 1));
  g_assert_true (got_len > 20 && memcmp (got + got_len - 20, "\n1. fg3 {x\0y} lj1 *\n", 20) == 0);
}

static void
test_usage (void)
{
  if (g_test_subprocess ())
    exit (run ("frobnicate", NULL));
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("Usage: cheops pgn check FILE...\n*");
}

/* Issue 25: a file of escape lines only (here with CR line ends, the
 * fuzzer's smallest case) is written back, not turned into nothing; and
 * an output that cannot be written is an error (exit 2), not a silent 0. */
static void
test_format_escapes_only (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      char *dir = g_dir_make_tmp ("cheops-pgn-XXXXXX", &error);
      char *path = g_build_filename (dir, "e.pgn", NULL);

      g_assert_no_error (error);
      g_assert_true (g_file_set_contents (path, "%a\r%b\r\r\r", -1, NULL));
      {
        int status = run ("format", path, NULL);

        g_unlink (path);
        g_rmdir (dir);
        exit_freeing (status, path, dir, NULL);
      }
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("%a\n%b\n");
  g_test_trap_assert_stderr ("");
}

/* Issue 25 (the fuzzer's finding): an escape line written after a game
 * with an error whose comment is not closed (the next game's escape line,
 * written before its tags) stays an escape line when read again, even with
 * a "}" in it: `pgn format` twice writes the same bytes, and the game with
 * the error is written back exactly as read both times. */
static const char unclosed_text[] =
  "[Event \"a\"]\n\n1. fg3 {not closed\n"
  "[Event \"b\"]\n\n1. fg3\n% escape } line\nlj1 *\n";

static void
test_format_twice_unclosed_comment (void)
{
  g_autofree char *in_path = g_build_filename (g_get_tmp_dir (), "cheops-test-twice-in.pgn", NULL);
  g_autofree char *mid_path = g_build_filename (g_get_tmp_dir (), "cheops-test-twice-mid.pgn", NULL);
  g_autofree char *out_path = g_build_filename (g_get_tmp_dir (), "cheops-test-twice-out.pgn", NULL);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gsize first_len, second_len;
  static const char bad_game[] = "[Event \"a\"]\n\n1. fg3 {not closed\n\n% escape } line\n[Event \"b\"]\n";

  g_assert_true (g_file_set_contents (in_path, unclosed_text, sizeof unclosed_text - 1, NULL));
  if (g_test_subprocess ())
    {
      int s1 = freopen (mid_path, "w", stdout) == NULL ? 3 : run ("format", in_path, NULL);
      int s2 = freopen (out_path, "w", stdout) == NULL ? 3 : run ("format", mid_path, NULL);

      /* Both passes find the one error: exit 1 each. */
      exit_freeing (s1 == 1 && s2 == 1 ? 0 : 4, g_steal_pointer (&out_path),
                    g_steal_pointer (&mid_path), g_steal_pointer (&in_path), NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*cheops-test-twice-in.pgn:3:8: this comment is not closed by “}”\n"
                             "*cheops-test-twice-mid.pgn:3:8: this comment is not closed by “}”\n");
  g_assert_true (g_file_get_contents (mid_path, &first, &first_len, NULL));
  g_assert_true (g_file_get_contents (out_path, &second, &second_len, NULL));
  g_unlink (out_path);
  g_unlink (mid_path);
  g_unlink (in_path);
  /* The game with the error, every byte, then the next game's escape
   * line before its tags; the second pass writes the same. */
  g_assert_true (g_str_has_prefix (first, bad_game));
  g_assert_cmpmem (second, second_len, first, first_len);
}

static void
test_format_full_disk (void)
{
  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  if (g_test_subprocess ())
    {
      char *path = data_path ("basic.pgn");

      g_assert_nonnull (freopen ("/dev/full", "w", stdout));
      exit_freeing (run ("format", path, NULL), path, NULL);
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("cheops pgn format: cannot write the output: No space left on device\n");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/tool/check-good", test_check_good);
  g_test_add_func ("/game/tool/check-errors", test_check_errors);
  g_test_add_func ("/game/tool/check-missing", test_check_missing);
  g_test_add_func ("/game/tool/format", test_format);
  g_test_add_func ("/game/tool/format-errors", test_format_errors);
  g_test_add_func ("/game/tool/check-directory", test_check_directory);
  g_test_add_func ("/game/tool/format-bad-game-kept", test_format_bad_game_kept);
  g_test_add_func ("/game/tool/usage", test_usage);
  g_test_add_func ("/game/tool/check-trigchess", test_check_trigchess);
  g_test_add_func ("/game/tool/format-trigchess", test_format_trigchess);
  g_test_add_func ("/game/tool/check-variant-errors", test_check_variant_errors);
  g_test_add_func ("/game/tool/check-robust", test_check_robust);
  g_test_add_func ("/game/tool/format-robust", test_format_robust);
  g_test_add_func ("/game/tool/format-escapes-only", test_format_escapes_only);
  g_test_add_func ("/game/tool/format-full-disk", test_format_full_disk);
  g_test_add_func ("/game/tool/format-twice-unclosed-comment", test_format_twice_unclosed_comment);

  return g_test_run ();
}
