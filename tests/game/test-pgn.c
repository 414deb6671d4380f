/* test-pgn.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Game files: the fixtures in tests/data/pgn (every construct, and broken
 * games with their errors), round trips, random trees built through the
 * API, deep nesting, and the time a 10 000-node tree takes.
 */
#include <string.h>
#include <time.h>

#include <glib/gstdio.h>

#include "cheops-game-model.h"
#include "../linear-time.h"

static GPtrArray *
read_fixture (const char  *name,
              GPtrArray  **errors)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "pgn", name, NULL);
  g_autoptr(GError) error = NULL;
  GPtrArray *games = cheops_pgn_read_file (path, errors, &error);

  g_assert_no_error (error);
  g_assert_nonnull (games);
  return games;
}

static char *
fixture_text (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "pgn", name, NULL);
  g_autoptr(GError) error = NULL;
  char *text = NULL;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  return text;
}

/* The SANs of the main line, space separated. */
static char *
mainline (CheopsGame *game)
{
  GString *s = g_string_new (NULL);

  for (CheopsGameNode *n = cheops_game_node_get_first_child (cheops_game_get_root (game));
       n != NULL; n = cheops_game_node_get_first_child (n))
    g_string_append_printf (s, "%s%s", s->len ? " " : "", cheops_game_node_get_san (n));
  return g_string_free (s, FALSE);
}

static CheopsGameNode *
mainline_node (CheopsGame *game,
               guint       ply)
{
  CheopsGameNode *n = cheops_game_get_root (game);

  while (ply-- > 0)
    n = cheops_game_node_get_first_child (n);
  return n;
}

static void
assert_lines_fit (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_utf8_strlen (lines[i], -1) > 80)
      g_error ("line %u is longer than 80 columns: %s", i + 1, lines[i]);
}

/* Read → write → read gives equal games, and writing again is a fixed
 * point with no line over 80 columns. */
static void
assert_round_trip (GPtrArray *games)
{
  g_autofree char *text = cheops_pgn_write_games (games);
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) again = cheops_pgn_read_string (text, -1, &errors);
  g_autofree char *text2 = NULL;

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (again->len, ==, games->len);
  text2 = cheops_pgn_write_games (again);
  for (guint i = 0; i < games->len; i++)
    if (!cheops_game_equal (games->pdata[i], again->pdata[i]))
      {
        g_autofree char *one = cheops_pgn_write_game (games->pdata[i]);
        g_autofree char *two = cheops_pgn_write_game (again->pdata[i]);
        g_printerr ("game %u differs after a round trip:\n%s\n--- read back and written:\n%s\n", i, one, two);
        g_assert_not_reached ();
      }
  g_assert_cmpstr (text2, ==, text);
  assert_lines_fit (text);
}

static void
test_basic (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("basic.pgn", &errors);
  g_autofree char *line = NULL;
  CheopsGame *g;

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 3);
  g = games->pdata[0];
  g_assert_cmpstr (cheops_game_get_tag (g, "Event"), ==, "Club championship");
  g_assert_cmpstr (cheops_game_get_tag (g, "Green"), ==, "Ann");
  g_assert_cmpstr (cheops_game_get_result (g), ==, "1-0");
  line = mainline (g);
  g_assert_cmpstr (line, ==, "fg3 lj1 e3f3 mk2 de3 ji2 fe4 i1 gf2 3m4 e3f3 g1 de5 h3 1g2 h2 "
                             "f2e3 Sm2 ef2 Sk4 fe2 Aj1 gxh3 Sh1 Sxh1 Sl1");
  g_assert_cmpuint (cheops_game_count_nodes (g), ==, 27);
  g_assert_cmpstr (cheops_game_get_result (games->pdata[1]), ==, "1/2-1/2");
  g_assert_cmpuint (cheops_game_count_nodes (games->pdata[2]), ==, 1);
  g_assert_cmpstr (cheops_game_get_tag (games->pdata[2], "Site"), ==, "?");
  assert_round_trip (games);
}

static void
test_comments (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("comments.pgn", &errors);
  CheopsGame *g;
  const CheopsAnnotations *a;
  const guint8 *nags;
  guint n;

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 1);
  g = games->pdata[0];
  g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_get_root (g)), ==,
                   "The game begins; a comment before the first move.");
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (g, 1)), ==,
                   "after fg3 and a second comment, joined to the first");
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (g, 2)), ==, "a line comment after lj1");
  /* ! ? !! ?? !? ?! */
  for (guint ply = 3; ply <= 8; ply++)
    {
      nags = cheops_game_node_get_nags (mainline_node (g, ply), &n);
      g_assert_cmpuint (n, ==, 1);
      g_assert_cmpuint (nags[0], ==, ply - 2);
    }
  nags = cheops_game_node_get_nags (mainline_node (g, 9), &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (nags[0], ==, 14);
  g_assert_cmpuint (nags[1], ==, 32);
  nags = cheops_game_node_get_nags (mainline_node (g, 10), &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (nags[1], ==, 146);

  a = cheops_game_node_get_annotations (mainline_node (g, 11));
  g_assert_cmpint (a->eval.kind, ==, CHEOPS_EVAL_CENTIPAWNS);
  g_assert_cmpint (a->eval.value, ==, 53);
  g_assert_cmpint (a->eval.depth, ==, 0);
  g_assert_cmpuint (a->arrows->len, ==, 2);
  g_assert_cmpuint (g_array_index (a->arrows, CheopsArrow, 1).to, ==, CHEOPS_LAWS_APEX);
  g_assert_cmpint (g_array_index (a->arrows, CheopsArrow, 1).colour, ==, CHEOPS_MARK_RED);
  g_assert_cmpuint (a->marks->len, ==, 2);
  g_assert_cmpint (g_array_index (a->marks, CheopsCellMark, 1).colour, ==, CHEOPS_MARK_YELLOW);
  g_assert_cmpuint (g_array_index (a->marks, CheopsCellMark, 1).cell, ==, cheops_laws_cell_make (3, 2));
  g_assert_cmpuint (a->others->len, ==, 1);
  g_assert_cmpstr (a->others->pdata[0], ==, "%clk 0:05:00");
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (g, 11)), ==,
                   "White to move... no: orange to move");

  a = cheops_game_node_get_annotations (mainline_node (g, 12));
  g_assert_cmpint (a->eval.kind, ==, CHEOPS_EVAL_ASCENSION);
  g_assert_cmpint (a->eval.value, ==, 4);
  g_assert_cmpint (a->eval.depth, ==, 20);
  g_assert_null (cheops_game_node_get_comment_after (mainline_node (g, 12)));
  a = cheops_game_node_get_annotations (mainline_node (g, 13));
  g_assert_cmpint (a->eval.value, ==, -120);
  g_assert_cmpint (a->eval.depth, ==, 18);
  a = cheops_game_node_get_annotations (mainline_node (g, 14));
  g_assert_cmpint (a->eval.value, ==, -3);
  a = cheops_game_node_get_annotations (mainline_node (g, 15));
  g_assert_cmpint (a->eval.value, ==, 50);
  /* An unreadable [%eval] is kept as written. */
  a = cheops_game_node_get_annotations (mainline_node (g, 16));
  g_assert_cmpint (a->eval.kind, ==, CHEOPS_EVAL_NONE);
  g_assert_cmpstr (a->others->pdata[0], ==, "%eval nonsense");
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (g, 16)), ==, "kept");
  assert_round_trip (games);
}

static void
assert_children (CheopsGameNode *node,
                 const char     *sans)
{
  GString *s = g_string_new (NULL);

  for (CheopsGameNode *c = cheops_game_node_get_first_child (node); c; c = cheops_game_node_get_next_sibling (c))
    g_string_append_printf (s, "%s%s", s->len ? " " : "", cheops_game_node_get_san (c));
  g_assert_cmpstr (s->str, ==, sans);
  g_string_free (s, TRUE);
}

static void
test_variations (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("variations.pgn", &errors);
  CheopsGame *g;
  CheopsGameNode *root, *i1, *mk2, *de3;
  g_autofree char *line = NULL;

  g_assert_cmpuint (errors->len, ==, 0);
  g = games->pdata[0];
  root = cheops_game_get_root (g);
  assert_children (root, "fg3 i1 e3f3");
  i1 = cheops_game_node_get_child (root, 1);
  assert_children (i1, "lj1 mk2");
  assert_children (cheops_game_node_get_child (i1, 1), "fg3");
  line = mainline (g);
  g_assert_cmpstr (line, ==, "fg3 lj1 e3f3 mk2 de3 ji2");
  mk2 = mainline_node (g, 4);
  assert_children (cheops_game_node_get_parent (mk2), "mk2 nl3 Ak2");
  g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_node_get_child (cheops_game_node_get_parent (mk2), 1)),
                   ==, "a side line");
  de3 = cheops_game_node_get_first_child (cheops_game_node_get_child (cheops_game_node_get_parent (mk2), 1));
  assert_children (cheops_game_node_get_parent (de3), "de3 fe4 gf2");
  assert_children (de3, "i2");
  /* "( {comment before the move} 3. fe4 ji2 )" */
  assert_children (mk2, "de3 fe4");
  g_assert_cmpstr (cheops_game_node_get_comment_before (cheops_game_node_get_child (mk2, 1)), ==,
                   "comment before the move");
  g_assert_cmpuint (cheops_game_count_nodes (g), ==, 21);
  assert_round_trip (games);
}

static void
test_numbers (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("numbers.pgn", &errors);
  g_autofree char *line = NULL;

  g_assert_cmpuint (errors->len, ==, 0);
  line = mainline (games->pdata[0]);
  g_assert_cmpstr (line, ==, "fg3 lj1 e3f3 mk2 de3 ji2 fe4 i1 gf2 3m4 e3f3 g1 de5 h3 1g2 h2");
}

static void
test_q_first (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("q-first.pgn", &errors);
  CheopsGame *g;
  CheopsGameNode *first;
  g_autofree char *text = NULL;

  g_assert_cmpuint (errors->len, ==, 0);
  g = games->pdata[0];
  g_assert_cmpint (cheops_game_get_start_position (g)->side_to_move, ==, CHEOPS_SIDE_B);
  g_assert_cmpint (cheops_game_get_colour_side (g, 0), ==, CHEOPS_SIDE_B);
  first = mainline_node (g, 1);
  g_assert_cmpint (cheops_game_node_get_mover (first), ==, CHEOPS_SIDE_B);
  g_assert_cmpuint (cheops_game_node_get_move_number (first), ==, 1);
  g_assert_cmpuint (cheops_game_node_get_move_number (mainline_node (g, 2)), ==, 2);
  text = cheops_pgn_write_game (g);
  g_assert_nonnull (strstr (text, "[SetUp \"1\"]\n[FEN \"1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 0 1\"]\n"));
  g_assert_nonnull (strstr (text, "\n1... lj1 2. fg3 mk2 (2... Ak2 {the Assassin, not the Pawn}) 3. e3f3 *\n"));
  /* SetUp and FEN are the start position, not tags. */
  g_assert_null (cheops_game_get_tag (g, "FEN"));
  g_assert_null (cheops_game_get_tag (g, "SetUp"));
  assert_round_trip (games);
}

static void
test_unknown_tags (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("unknown-tags.pgn", &errors);
  CheopsGame *g;
  const char *name, *value;
  static const char * const extra[][2] = {
    { "Annotator", "Someone" }, { "TimeControl", "40/7200:3600" }, { "PlyCount", "2" },
    { "X_Private_Tag", "keep me" },
  };

  g_assert_cmpuint (errors->len, ==, 0);
  g = games->pdata[0];
  g_assert_cmpstr (cheops_game_get_tag (g, "Green"), ==, "Ann \"the Pyramid\" Smith");
  g_assert_cmpstr (cheops_game_get_tag (g, "Orange"), ==, "C:\\Bob");
  g_assert_cmpuint (cheops_game_get_n_tags (g), ==, 11);
  for (guint i = 0; i < G_N_ELEMENTS (extra); i++)
    {
      cheops_game_get_nth_tag (g, 7 + i, &name, &value);
      g_assert_cmpstr (name, ==, extra[i][0]);
      g_assert_cmpstr (value, ==, extra[i][1]);
    }
  assert_round_trip (games);
}

static void
test_crlf_bom (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("crlf-bom.pgn", &errors);
  g_autofree char *text = fixture_text ("crlf-bom.pgn");
  CheopsGame *g;
  g_autofree char *line = NULL;

  /* The fixture really has them. */
  g_assert_true (g_str_has_prefix (text, "\xEF\xBB\xBF%"));
  g_assert_nonnull (strstr (text, "\r\n"));
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 1);
  g = games->pdata[0];
  g_assert_cmpstr (cheops_game_get_tag (g, "Event"), ==, "BOM and CRLF");
  g_assert_cmpstr (cheops_game_get_result (g), ==, "0-1");
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (g, 1)), ==, "a comment over two lines");
  line = mainline (g);
  g_assert_cmpstr (line, ==, "fg3 lj1 e3f3");
  assert_round_trip (games);
}

static void
test_semicolon (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("semicolon.pgn", &errors);
  CheopsGame *g;
  g_autofree char *text = NULL;

  g_assert_cmpuint (errors->len, ==, 0);
  g = games->pdata[0];
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (g, 1)), ==,
                   "a line comment may hold } and {");
  g_assert_cmpstr (cheops_game_node_get_comment_before (cheops_game_node_get_child (mainline_node (g, 1), 1)), ==,
                   "and so may one that starts a variation }");
  g_assert_cmpint (cheops_game_node_get_annotations (mainline_node (g, 3))->eval.value, ==, 25);
  /* A comment with "}" goes back out as a ";" comment. */
  text = cheops_pgn_write_game (g);
  g_assert_nonnull (strstr (text, "\n1. fg3 ;a line comment may hold } and {\n1... lj1 (;and so may one that "
                                  "starts a variation }\n1... mk2) 2. e3f3 {[%eval 0.25] with an annotation} *\n"));
  assert_round_trip (games);
}

/* Comment text is normalized (runs of blanks and line breaks to one space,
 * a run with a blank line to one paragraph break "\n", none at either
 * end), eight bytes at a time where it already is: random
 * comments of short and long words, single and double spaces, tabs, line
 * breaks and UTF-8, each placed at every offset from an eight-byte
 * boundary, against a plain reference. */
static void
test_comment_normalized (void)
{
  static const char * const pieces[] = {
    "a", "bc", "defghijk", "lmnopqrstuvwxyz0123", "é", "ö€", " ", " ", " ", "  ", "\t", "\n", " \r\n ", "\f", "\v",
  };
  GRand *rand = g_rand_new_with_seed (23);
  guint checked = 0;

  for (int round = 0; round < 300; round++)
    {
      g_autoptr(GString) comment = g_string_new (NULL);
      g_autoptr(GString) expected = g_string_new (NULL);
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GPtrArray) errors = NULL;
      g_autoptr(GPtrArray) games = NULL;
      int n = g_rand_int_range (rand, 1, 30);

      for (int i = 0; i < n; i++)
        g_string_append (comment, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
      /* The reference: words split at blanks; between two words a space,
       * or a paragraph break where their blanks hold two line feeds. */
      {
        const char *p = comment->str;
        guint n_feeds = 0;

        for (; *p != '\0'; p++)
          if (strchr (" \t\n\r\f\v", *p) != NULL)
            n_feeds += *p == '\n';
          else
            {
              if (p > comment->str && strchr (" \t\n\r\f\v", p[-1]) != NULL && expected->len > 0)
                g_string_append_c (expected, n_feeds >= 2 ? '\n' : ' ');
              n_feeds = 0;
              g_string_append_c (expected, *p);
            }
      }
      /* The comment at each offset from an eight-byte boundary of the text. */
      for (int shift = 0; shift < 8; shift++)
        g_string_append_printf (text, "[Event \"%d\"]\n\n1. fg3 %*s{%s} *\n\n", shift, shift, "", comment->str);
      games = cheops_pgn_read_string (text->str, text->len, &errors);
      g_assert_cmpuint (errors->len, ==, 0);
      g_assert_cmpuint (games->len, ==, 8);
      for (guint i = 0; i < games->len; i++)
        {
          const char *got = cheops_game_node_get_comment_after (mainline_node (games->pdata[i], 1));

          if (expected->len == 0)
            g_assert_null (got);
          else
            g_assert_cmpstr (got, ==, expected->str);
          checked++;
        }
    }
  g_assert_cmpuint (checked, ==, 2400);
  g_rand_free (rand);
}

/* The line and column of an error after comments over several lines, with
 * LF, CR LF and CR alone: the comment's line breaks are counted as the
 * comment is looked through. */
static void
test_error_after_multiline_comment (void)
{
  static const struct { const char *text; const char *expected; } cases[] = {
    { "1. fg3 {one\ntwo\nthree} lj1 {x\n  y} 2. Qq9 *", "0 4:9: unreadable move Qq9 at 2.: 'Qq9' is not a move: it does not end with a cell\n" },
    { "1. fg3 {one\r\ntwo} lj1\r\n{a\r\n b\r\n} Kk9 *", "0 5:3: unreadable move Kk9 at 2.: 'Kk9' is not a move: it does not end with a cell\n" },
    { "1. fg3 {one\rtwo\r} lj1 Mz1 *", "0 3:7: unreadable move Mz1 at 2.: 'Mz1' is not a move: it does not end with a cell\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) errors = NULL;
      g_autoptr(GPtrArray) games = cheops_pgn_read_string (cases[i].text, -1, &errors);
      g_autoptr(GString) got = g_string_new (NULL);

      for (guint j = 0; j < errors->len; j++)
        {
          const CheopsPgnError *e = errors->pdata[j];
          g_string_append_printf (got, "%u %u:%u: %s\n", e->game_index, e->line, e->column, e->message);
        }
      g_assert_cmpstr (got->str, ==, cases[i].expected);
    }
}

/* A [% command without its "]" runs to the end of its comment; kept as
 * text it would meet the "]" of the next comment (a fuzzer finding). */
static void
test_unclosed_command (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string ("1. fg3 {a [%eval 1 b} {c] d} *", -1, &errors);
  CheopsGameNode *fg3;
  const CheopsAnnotations *a;

  g_assert_cmpuint (errors->len, ==, 0);
  fg3 = mainline_node (games->pdata[0], 1);
  a = cheops_game_node_get_annotations (fg3);
  g_assert_cmpuint (a->others->len, ==, 1);
  g_assert_cmpstr (a->others->pdata[0], ==, "%eval 1 b");
  g_assert_cmpstr (cheops_game_node_get_comment_after (fg3), ==, "a c] d");
  assert_round_trip (games);
}

static void
test_errors (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("errors.pgn", &errors);
  g_autofree char *expected = fixture_text ("errors.expected");
  g_autoptr(GString) got = g_string_new (NULL);
  g_autofree char *line = NULL;

  for (guint i = 0; i < errors->len; i++)
    {
      const CheopsPgnError *e = errors->pdata[i];
      g_string_append_printf (got, "%u %u:%u: %s\n", e->game_index, e->line, e->column, e->message);
    }
  g_assert_cmpstr (got->str, ==, expected);
  /* Every game is there, the bad ones as far as they could be read. */
  g_assert_cmpuint (games->len, ==, 18);
  g_assert_cmpstr (cheops_game_get_tag (games->pdata[16], "Event"), ==, "good 3");
  line = mainline (games->pdata[16]);
  g_assert_cmpstr (line, ==, "fg3 lj1 e3f3");
  g_clear_pointer (&line, g_free);
  line = mainline (games->pdata[1]);                    /* up to the illegal move */
  g_assert_cmpstr (line, ==, "fg3 lj1");
  g_assert_cmpstr (cheops_game_get_tag (games->pdata[3], "Site"), ==, "Giza");
  g_assert_cmpuint (cheops_game_count_nodes (games->pdata[3]), ==, 2);   /* read on after the bad tag */
  g_assert_cmpstr (cheops_game_get_result (games->pdata[8]), ==, "1-0"); /* the tag is kept */
  g_assert_cmpuint (((CheopsPgnError *) errors->pdata[0])->code, ==, CHEOPS_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpuint (((CheopsPgnError *) errors->pdata[4])->code, ==, CHEOPS_GAME_ERROR_BAD_FEN);
  g_assert_cmpuint (((CheopsPgnError *) errors->pdata[5])->code, ==, CHEOPS_GAME_ERROR_VARIANT);
  g_assert_cmpuint (((CheopsPgnError *) errors->pdata[7])->code, ==, CHEOPS_GAME_ERROR_AMBIGUOUS_MOVE);
  /* The last comment, never closed, is still kept. */
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (games->pdata[17], 1)), ==,
                   "this comment never ends");
}

/* @n well-formed games, numbered from @first, for the recovery tests. */
static void
append_good_games (GString *text,
                   guint    first,
                   guint    n)
{
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "[Event \"good %u\"]\n[Site \"Giza\"]\n\n1. fg3 lj1 2. e3f3 *\n\n",
                            first + i);
}

/* Reads @text, which holds two good games, then @bad as game 3, then six
 * good games: every one of the nine is read, with one error at
 * @line:@column saying @message, and reading goes on after the bad one. */
static void
assert_recovers (const char *bad,
                 guint       line,
                 guint       column,
                 const char *message)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = NULL;
  const CheopsPgnError *e;

  append_good_games (text, 1, 2);
  /* Tags of the bad game follow its Event tag on the next line (a blank
   * line would end the tag section: a game of its own). */
  g_string_append_printf (text, "[Event \"bad\"]\n%s%s\n\n", bad[0] == '[' ? "" : "\n", bad);
  append_good_games (text, 3, 6);
  games = cheops_pgn_read_string (text->str, text->len, &errors);
  g_assert_cmpuint (errors->len, ==, 1);
  e = errors->pdata[0];
  g_assert_cmpuint (e->game_index, ==, 2);
  g_assert_cmpuint (e->line, ==, line);
  g_assert_cmpuint (e->column, ==, column);
  g_assert_cmpstr (e->message, ==, message);
  g_assert_cmpuint (games->len, ==, 9);
  g_assert_cmpstr (cheops_game_get_tag (games->pdata[2], "Event"), ==, "bad");
  for (guint i = 3; i < 9; i++)
    {
      g_autofree char *event = g_strdup_printf ("good %u", i);
      g_autofree char *line_text = mainline (games->pdata[i]);

      g_assert_cmpstr (cheops_game_get_tag (games->pdata[i], "Event"), ==, event);
      g_assert_cmpstr (cheops_game_get_tag (games->pdata[i], "Site"), ==, "Giza");
      g_assert_cmpstr (line_text, ==, "fg3 lj1 e3f3");
      g_assert_null (cheops_game_get_source_text (games->pdata[i]));
    }
  /* The bad game is written back as it was read. */
  {
    g_autofree char *bad_text = g_strdup_printf ("[Event \"bad\"]\n%s%s", bad[0] == '[' ? "" : "\n", bad);
    g_assert_cmpstr (cheops_game_get_source_text (games->pdata[2]), ==, bad_text);
  }
}

/* An unclosed "{" no longer swallows the games after it: the comment ends
 * at the next line that starts a tag pair. */
static void
test_unclosed_comment_recovers (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GString) text = g_string_new ("[Event \"one\"]\n\n1. fg3 *\n\n[Event \"two\"]\n\n1. fg3 *\n\n"
                                          "[Event \"three\"]\n\n1. g1i1 {unterminated comment\n"
                                          "that goes on [and on] over lines\n"
                                          "[not a tag: no quote]\n\n");
  CheopsGameNode *g1i1;

  append_good_games (text, 4, 6);
  games = cheops_pgn_read_string (text->str, text->len, &errors);
  g_assert_cmpuint (errors->len, ==, 1);
  g_assert_cmpstr (((CheopsPgnError *) errors->pdata[0])->message, ==, "this comment is not closed by “}”");
  g_assert_cmpuint (((CheopsPgnError *) errors->pdata[0])->line, ==, 11);
  g_assert_cmpuint (((CheopsPgnError *) errors->pdata[0])->column, ==, 9);
  g_assert_cmpuint (((CheopsPgnError *) errors->pdata[0])->game_index, ==, 2);
  g_assert_cmpuint (games->len, ==, 9);
  g1i1 = mainline_node (games->pdata[2], 1);
  g_assert_cmpstr (cheops_game_node_get_comment_after (g1i1), ==,
                   "unterminated comment that goes on [and on] over lines [not a tag: no quote]");
  g_assert_cmpstr (cheops_game_get_source_text (games->pdata[2]), ==,
                   "[Event \"three\"]\n\n1. g1i1 {unterminated comment\n"
                   "that goes on [and on] over lines\n[not a tag: no quote]");
  for (guint i = 3; i < 9; i++)
    {
      g_autofree char *event = g_strdup_printf ("good %u", i + 1);
      g_autofree char *line = mainline (games->pdata[i]);

      g_assert_cmpstr (cheops_game_get_tag (games->pdata[i], "Event"), ==, event);
      g_assert_cmpstr (line, ==, "fg3 lj1 e3f3");
    }
}

/* A closed comment over several lines is one comment, even with "[" at the
 * head of a line, as long as that line is not a tag pair. */
static void
test_multiline_comment (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string ("[Event \"x\"]\n\n1. fg3 {first line\n"
                                                       "  [%clk 0:01:00] second\n[ not a tag\n"
                                                       "last} lj1 *\n", -1, &errors);

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (games->pdata[0], 1)), ==,
                   "first line second [ not a tag last");
  g_assert_cmpuint (cheops_game_count_nodes (games->pdata[0]), ==, 3);
  g_assert_null (cheops_game_get_source_text (games->pdata[0]));
}

/* A comment holding what looks like a tag pair is written so that no line
 * starts with it, and reads back the same. */
static void
test_comment_tag_text_round_trip (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  g_autoptr(GString) comment = g_string_new (NULL);
  g_autoptr(GPtrArray) games = g_ptr_array_new ();
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) back = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  CheopsGameNode *node;

  node = cheops_game_add_san (game, cheops_game_get_root (game), "fg3", NULL);
  for (guint i = 0; i < 40; i++)
    g_string_append (comment, "see [Event \"x\"] and [ Site \"y\"] ");
  g_assert_true (cheops_game_set_comment_after (game, node, comment->str, NULL));
  g_ptr_array_add (games, game);
  text = cheops_pgn_write_games (games);
  g_assert_null (strstr (text, "\n[Event \"x\"]"));
  g_assert_null (strstr (text, "\n[ Site"));
  back = cheops_pgn_read_string (text, -1, &errors);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (back->len, ==, 1);
  g_assert_true (cheops_game_equal (game, back->pdata[0]));
}

/* A comment's paragraph breaks ("\n", Shift+Enter in the studio's editor:
 * any line feed typed is one) are written as blank lines and read back;
 * the lines a long paragraph is wrapped over are not breaks. */
static void
test_comment_paragraphs (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  g_autoptr(GString) comment = g_string_new ("Opening \t\r\n\n  words");
  g_autoptr(GPtrArray) games = g_ptr_array_new ();
  g_autoptr(GPtrArray) back = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autofree char *text = NULL;
  CheopsGameNode *fg3, *lj1;

  fg3 = cheops_game_add_san (game, cheops_game_get_root (game), "fg3", NULL);
  lj1 = cheops_game_add_san (game, fg3, "lj1", NULL);
  for (guint i = 0; i < 30; i++)
    g_string_append (comment, " and more words");
  g_string_append (comment, "\nlast paragraph\n%not an escape\n[Event \"x\"] not a tag\n");
  g_assert_true (cheops_game_set_comment_after (game, fg3, comment->str, NULL));
  /* Blanks around line feeds, and several feeds, make one break. */
  g_assert_true (g_str_has_prefix (cheops_game_node_get_comment_after (fg3), "Opening\nwords and more words and"));
  g_assert_true (g_str_has_suffix (cheops_game_node_get_comment_after (fg3),
                                   "and more words\nlast paragraph\n%not an escape\n[Event \"x\"] not a tag"));
  g_assert_true (cheops_game_set_comment_after (game, lj1, "one\ntwo", NULL));
  g_assert_cmpstr (cheops_game_node_get_comment_after (lj1), ==, "one\ntwo");
  g_ptr_array_add (games, game);
  text = cheops_pgn_write_games (games);
  g_assert_nonnull (strstr (text, "\n\nlast paragraph\n\n %not an escape"));
  g_assert_nonnull (strstr (text, "an escape [Event"));
  g_assert_nonnull (strstr (text, "{one\n\ntwo}"));
  g_assert_nonnull (strstr (text, "{Opening\n\nwords and more words"));
  back = cheops_pgn_read_string (text, -1, &errors);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (back->len, ==, 1);
  /* All comes back but the break before the paragraph that starts like a
   * tag pair. */
  {
    g_autoptr(GString) expected = g_string_new (cheops_game_node_get_comment_after (fg3));

    g_string_replace (expected, "\n[Event", " [Event", 1);
    g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (back->pdata[0], 1)), ==, expected->str);
    g_assert_true (cheops_game_set_comment_after (game, fg3, expected->str, NULL));
  }
  g_assert_true (cheops_game_equal (game, back->pdata[0]));
}

/* A game with an error is written back exactly as it was read: nothing
 * after the error is lost.  Edited, it is written canonically; undone, as
 * read again. */
static void
test_bad_game_kept (void)
{
  static const char * const bad[] = {
    "1. g1i1 k1i1 2. Zz9 {comment after error} 2... Am4 (2... l2j2 {deep}) 3. e1g2 *",
    "1. fg3 ) lj1 {after the stray parenthesis} 2. e3f3 *",
    "1. fg3 lj1 2. Mf5 mk2 {after the illegal move} *",
    "[Site \"Giza\n[Round \"3\"]\n\n1. fg3 {the tag was not closed} *",
    "[Site Giza]\n\n1. fg3 {the tag was not quoted} *",
    "[Site \"G\xFFza\"]\n\n1. fg3 {a tag not UTF-8} *",
    "1. fg3 {caf\xE9} lj1 {a comment not UTF-8} *",
    "[Result \"1-0\"]\n\n1. fg3 {the result differs} 0-1",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *text = g_strdup_printf ("[Event \"before\"]\n\n1. fg3 *\n\n"
                                               "[Event \"bad\"]\n%s\n\n"
                                               "[Event \"after\"]\n\n1. fg3 lj1 *\n", bad[i]);
      g_autofree char *bad_text = g_strdup_printf ("[Event \"bad\"]\n%s", bad[i]);
      g_autoptr(GPtrArray) errors = NULL;
      g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
      g_autofree char *written = NULL;
      g_autofree char *expected = NULL;
      g_autofree char *first = NULL;
      g_autofree char *last = NULL;
      CheopsGame *game;

      g_test_message ("bad game %u", i);
      g_assert_cmpuint (errors->len, ==, 1);
      g_assert_cmpuint (((CheopsPgnError *) errors->pdata[0])->game_index, ==, 1);
      g_assert_cmpuint (games->len, ==, 3);
      game = games->pdata[1];
      g_assert_true (cheops_game_get_partly_read (game));
      g_assert_false (cheops_game_get_partly_read (games->pdata[0]));
      g_assert_cmpstr (cheops_game_get_source_text (game), ==, bad_text);
      first = cheops_pgn_write_game (games->pdata[0]);
      last = cheops_pgn_write_game (games->pdata[2]);
      expected = g_strdup_printf ("%s\n%s\n\n%s", first, bad_text, last);
      written = cheops_pgn_write_games (games);
      g_assert_cmpstr (written, ==, expected);

      /* An edit makes the canonical text the one written. */
      g_assert_true (cheops_game_set_tag (game, "Event", "edited", NULL));
      g_assert_null (cheops_game_get_source_text (game));
      g_assert_true (cheops_game_get_partly_read (game));
      g_clear_pointer (&written, g_free);
      written = cheops_pgn_write_game (game);
      g_assert_true (g_str_has_prefix (written, "[Event \"edited\"]\n"));
      g_assert_true (cheops_game_undo (game));
      g_assert_cmpstr (cheops_game_get_source_text (game), ==, bad_text);
    }
}

/* An unclosed variation and an unclosed tag do not take the later games
 * with them either. */
static void
test_recovery (void)
{
  assert_recovers ("1. fg3 {closed} (1. i1 lj1 {inside}", 13, 17, "this variation is not closed");
  assert_recovers ("[Site \"Giza\n1. fg3 *", 12, 12, "tag Site is not closed by “]” on its line");
  assert_recovers ("1. g1i1 {unterminated comment\nover two lines", 13, 9,
                   "this comment is not closed by “}”");
}

static void
test_result_tag_kept (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string ("[Result \"1-0\"]\n\n1. fg3 0-1\n", -1, &errors);
  g_autofree char *written = NULL;

  g_assert_cmpuint (errors->len, ==, 1);
  g_assert_cmpuint (((CheopsPgnError *) errors->pdata[0])->code, ==, CHEOPS_GAME_ERROR_RESULT);
  g_assert_cmpstr (((CheopsPgnError *) errors->pdata[0])->message, ==,
                   "the result 0-1 differs from the Result tag “1-0”");
  g_assert_cmpstr (cheops_game_get_result (games->pdata[0]), ==, "1-0");
  written = cheops_pgn_write_games (games);
  g_assert_cmpstr (written, ==, "[Result \"1-0\"]\n\n1. fg3 0-1\n");
}

static void
test_read_game (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsGame) game = cheops_pgn_read_game ("1. fg3 lj1", -1, &error);
  CheopsGame *bad;

  g_assert_no_error (error);
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 3);
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  bad = cheops_pgn_read_game ("\n\n  1. fg3 Mf5", -1, &error);
  g_assert_null (bad);
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpstr (error->message, ==, "3:10: illegal move Mf5 at 1...: no Swordmaster can reach f5");
  g_clear_error (&error);
  g_assert_null (cheops_pgn_read_game ("  \n% only an escape\n", -1, &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX);
}

static void
test_canonical (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("canonical.pgn", &errors);
  g_autofree char *expected = fixture_text ("canonical.pgn");
  g_autofree char *text = cheops_pgn_write_games (games);

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 9);
  g_assert_cmpstr (text, ==, expected);
}

static void
test_all_fixtures_round_trip (void)
{
  static const char * const names[] = {
    "basic.pgn", "comments.pgn", "variations.pgn", "numbers.pgn", "q-first.pgn",
    "unknown-tags.pgn", "crlf-bom.pgn", "semicolon.pgn", "canonical.pgn",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GPtrArray) games = read_fixture (names[i], NULL);
      assert_round_trip (games);
    }
}

/* Random trees, built through the API from random legal moves. */

static const char * const words[] = {
  "Ascension", "Apex", "gate", "the", "a", "Swordmaster", "checklock!", "(sic)", "x;y",
  "50%", "\"quoted\"", "Ωμέγα", "pyramid", "à", "[not", "a]", "command", "—", "q-side",
  "{", "levelled", "1-0", "*", "$5", "12...", "wins.",
};

static char *
random_text (GRand *rand)
{
  GString *s = g_string_new (NULL);
  guint n = g_rand_int_range (rand, 1, 25);

  for (guint i = 0; i < n; i++)
    {
      const char *w = words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))];
      if (strcmp (w, "{") == 0)
        w = "brace";
      g_string_append_printf (s, "%s%s", i ? " " : "", w);
    }
  return g_string_free (s, FALSE);
}

static CheopsAnnotations *
random_annotations (GRand *rand)
{
  CheopsAnnotations *a = cheops_annotations_new ();

  if (g_rand_boolean (rand))
    {
      a->eval.kind = g_rand_boolean (rand) ? CHEOPS_EVAL_CENTIPAWNS : CHEOPS_EVAL_ASCENSION;
      a->eval.value = a->eval.kind == CHEOPS_EVAL_CENTIPAWNS ? g_rand_int_range (rand, -3000, 3000)
                                                            : g_rand_int_range (rand, -20, 21);
      a->eval.depth = g_rand_boolean (rand) ? g_rand_int_range (rand, 1, 60) : 0;
    }
  for (int i = g_rand_int_range (rand, 0, 4); i > 0; i--)
    {
      CheopsCell from = g_rand_int_range (rand, 0, CHEOPS_LAWS_CELL_NB);
      CheopsCell to = g_rand_int_range (rand, 0, CHEOPS_LAWS_CELL_NB);
      if (from != to)
        cheops_annotations_toggle_arrow (a, &cheops_variant_cheops, g_rand_int_range (rand, 0, 4), from, to);
    }
  for (int i = g_rand_int_range (rand, 0, 4); i > 0; i--)
    cheops_annotations_toggle_mark (a, &cheops_variant_cheops, g_rand_int_range (rand, 0, 4),
                                    g_rand_int_range (rand, 0, CHEOPS_LAWS_CELL_NB));
  if (g_rand_int_range (rand, 0, 4) == 0)
    g_ptr_array_add (a->others, g_strdup_printf ("%%clk 0:%02d:00", g_rand_int_range (rand, 0, 60)));
  return a;
}

static CheopsGame *
random_game (GRand *rand,
             guint  n_nodes)
{
  CheopsGame *game = cheops_game_new ();
  g_autoptr(GPtrArray) nodes = g_ptr_array_new ();
  guint attempts = 0;

  /* Sometimes q moves first, sometimes the game starts after a few moves. */
  if (g_rand_int_range (rand, 0, 4) == 0)
    {
      CheopsPosition pos;
      cheops_position_init_start (&pos, &cheops_variant_cheops);
      cheops_position_set_side (&pos, CHEOPS_SIDE_B);
      cheops_game_set_start_position (game, &pos);
    }
  else if (g_rand_int_range (rand, 0, 4) == 0)
    {
      CheopsPosition pos;
      CheopsMove moves[CHEOPS_MAX_MOVES];
      cheops_position_init_start (&pos, &cheops_variant_cheops);
      for (int i = g_rand_int_range (rand, 1, 30); i > 0; i--)
        {
          int n = (int) (cheops_generate_moves (&pos, moves) - moves);
          CheopsUndo undo;
          if (n == 0)
            break;
          cheops_position_do_move (&pos, moves[g_rand_int_range (rand, 0, n)], &undo);
        }
      cheops_game_set_start_position (game, &pos);
    }
  if (g_rand_boolean (rand))
    {
      g_autofree char *text = random_text (rand);
      g_assert_true (cheops_game_set_comment_after (game, cheops_game_get_root (game), text, NULL));
    }
  cheops_game_set_tag (game, "Event", "Random", NULL);
  cheops_game_set_tag (game, "Result", (const char *[]) { "1-0", "0-1", "1/2-1/2", "*" }[g_rand_int_range (rand, 0, 4)], NULL);
  if (g_rand_boolean (rand))
    cheops_game_set_tag (game, "Annotator", "Random \"tree\" \\ maker", NULL);

  g_ptr_array_add (nodes, cheops_game_get_root (game));
  while (nodes->len < n_nodes && attempts++ < 20 * n_nodes)
    {
      CheopsGameNode *node = g_rand_int_range (rand, 0, 10) < 7 ? nodes->pdata[nodes->len - 1]
                                                                : nodes->pdata[g_rand_int_range (rand, 0, nodes->len)];
      CheopsMove moves[CHEOPS_MAX_MOVES];
      int n = (int) (cheops_generate_moves (cheops_game_node_get_position (node), moves) - moves);
      CheopsGameNode *child;
      guint before = cheops_game_node_get_n_children (node);

      if (n == 0)
        continue;
      child = cheops_game_add_move (game, node, moves[g_rand_int_range (rand, 0, n)], NULL);
      g_assert_nonnull (child);
      if (cheops_game_node_get_n_children (node) == before)
        continue;                     /* an existing child, reused */
      g_ptr_array_add (nodes, child);
      if (g_rand_int_range (rand, 0, 5) == 0)
        {
          g_autofree char *text = random_text (rand);
          g_assert_true (cheops_game_set_comment_after (game, child, text, NULL));
        }
      if (before > 0 && g_rand_int_range (rand, 0, 3) == 0)
        {
          g_autofree char *text = random_text (rand);
          g_assert_true (cheops_game_set_comment_before (game, child, text, NULL));
        }
      if (g_rand_int_range (rand, 0, 6) == 0)
        {
          guint8 nags[3];
          guint k = g_rand_int_range (rand, 1, 4);
          for (guint i = 0; i < k; i++)
            nags[i] = g_rand_int_range (rand, 1, 256);
          cheops_game_set_nags (game, child, nags, k);
        }
      if (g_rand_int_range (rand, 0, 6) == 0)
        {
          g_autoptr(CheopsAnnotations) a = random_annotations (rand);
          cheops_game_set_annotations (game, child, a);
        }
    }
  cheops_game_clear_history (game);
  return game;
}

static void
test_random_trees (void)
{
  GRand *rand = g_rand_new_with_seed (20261130);

  for (guint i = 0; i < 120; i++)
    {
      g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
      g_autoptr(CheopsGame) copy = NULL;
      CheopsGame *game = random_game (rand, g_rand_int_range (rand, 1, 200));

      g_ptr_array_add (games, game);
      assert_round_trip (games);
      copy = cheops_game_copy (game);
      g_assert_true (cheops_game_equal (copy, game));
    }
  /* Several games in one text. */
  {
    g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
    for (guint i = 0; i < 20; i++)
      g_ptr_array_add (games, random_game (rand, 60));
    assert_round_trip (games);
  }
  g_rand_free (rand);
}

/* Every edit of a random tree, undone all the way and redone all the way,
 * gives back each state exactly. */
static void
test_random_edits_undo (void)
{
  GRand *rand = g_rand_new_with_seed (77);

  for (guint round = 0; round < 10; round++)
    {
      g_autoptr(CheopsGame) game = random_game (rand, 80);
      g_autoptr(GPtrArray) states = g_ptr_array_new_with_free_func (g_free);

      g_ptr_array_add (states, cheops_pgn_write_game (game));
      for (guint i = 0; i < 60; i++)
        {
          g_autoptr(GPtrArray) all = g_ptr_array_new ();
          GPtrArray *stack = g_ptr_array_new ();
          CheopsGameNode *node;
          gboolean changed = TRUE;
          g_autofree char *before = cheops_pgn_write_game (game);
          g_autofree char *after = NULL;

          g_ptr_array_add (stack, cheops_game_get_root (game));
          while (stack->len > 0)
            {
              CheopsGameNode *n = g_ptr_array_steal_index_fast (stack, stack->len - 1);
              g_ptr_array_add (all, n);
              for (CheopsGameNode *c = cheops_game_node_get_first_child (n); c; c = cheops_game_node_get_next_sibling (c))
                g_ptr_array_add (stack, c);
            }
          g_ptr_array_free (stack, TRUE);
          node = all->pdata[g_rand_int_range (rand, 0, all->len)];

          switch (g_rand_int_range (rand, 0, 9))
            {
            case 0:
              {
                CheopsMove moves[CHEOPS_MAX_MOVES];
                int n = (int) (cheops_generate_moves (cheops_game_node_get_position (node), moves) - moves);
                guint k = cheops_game_node_get_n_children (node);
                changed = n > 0 && cheops_game_add_move (game, node, moves[g_rand_int_range (rand, 0, n)], NULL)
                          && cheops_game_node_get_n_children (node) > k;
              }
              break;
            case 1: changed = cheops_game_promote_variation (game, node); break;
            case 2: changed = cheops_game_demote_variation (game, node); break;
            case 3: changed = cheops_game_make_mainline (game, node); break;
            case 4: changed = cheops_game_delete_variation (game, node); break;
            case 5: changed = g_rand_int_range (rand, 0, 3) == 0 && cheops_game_delete_from (game, node); break;
            case 6:
              {
                g_autofree char *text = random_text (rand);
                changed = cheops_game_set_comment_after (game, node, text, NULL);
              }
              break;
            case 7:
              {
                guint8 nag = g_rand_int_range (rand, 1, 256);
                cheops_game_set_nags (game, node, &nag, 1);
              }
              break;
            case 8:
              {
                g_autoptr(CheopsAnnotations) a = random_annotations (rand);
                cheops_game_set_annotations (game, node, a);
              }
              break;
            }
          after = cheops_pgn_write_game (game);
          if (strcmp (before, after) == 0)
            continue;
          g_assert_true (changed);
          g_ptr_array_add (states, g_steal_pointer (&after));
        }
      /* All the way back... */
      for (guint i = states->len - 1; i > 0; i--)
        {
          g_autofree char *now = NULL;
          g_assert_true (cheops_game_undo (game));
          now = cheops_pgn_write_game (game);
          g_assert_cmpstr (now, ==, states->pdata[i - 1]);
        }
      g_assert_false (cheops_game_undo (game));
      /* ...and forth. */
      for (guint i = 1; i < states->len; i++)
        {
          g_autofree char *now = NULL;
          g_assert_true (cheops_game_redo (game));
          now = cheops_pgn_write_game (game);
          g_assert_cmpstr (now, ==, states->pdata[i]);
        }
      g_assert_false (cheops_game_redo (game));
    }
  g_rand_free (rand);
}

/* A cycle of four moves that returns to the initial position: each side's
 * corner Assassin leaps out and back (3.5). */
static const char * const cycle[] = { "Ag2", "Ak2", "Ae1", "Am1" };

/* A line of @n_plies, every ply with a one-move variation; if @nested,
 * the line goes on inside the variations, so that they nest @n_plies deep. */
static CheopsGame *
long_game (guint    n_plies,
           gboolean nested,
           gboolean comments)
{
  CheopsGame *game = cheops_game_new ();
  CheopsGameNode *node = cheops_game_get_root (game);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < n_plies; i++)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (node);
      CheopsMove on = cheops_move_from_san (pos, cycle[i % 4], -1, NULL);
      CheopsMove moves[CHEOPS_MAX_MOVES], side = CHEOPS_MOVE_NONE;
      CheopsGameNode *next, *leaf;
      int n = (int) (cheops_generate_moves (pos, moves) - moves);

      g_assert_cmpuint (on, !=, CHEOPS_MOVE_NONE);
      for (int k = 0; k < n && side == CHEOPS_MOVE_NONE; k++)
        if (moves[k] != on)
          side = moves[k];
      if (nested)
        {
          leaf = cheops_game_add_move (game, node, side, &error);
          next = cheops_game_add_move (game, node, on, &error);
        }
      else
        {
          next = cheops_game_add_move (game, node, on, &error);
          leaf = cheops_game_add_move (game, node, side, &error);
        }
      g_assert_no_error (error);
      if (comments && i % 3 == 0)
        cheops_game_set_comment_after (game, next, "a comment of a few words", NULL);
      (void) leaf;
      node = next;
    }
  cheops_game_clear_history (game);
  return game;
}

static void
test_deep_nesting (void)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  CheopsGame *game = long_game (10000, TRUE, FALSE);
  g_autofree char *text = cheops_pgn_write_game (game);
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) again = NULL;
  guint open = 0, max_open = 0;

  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 20001);
  for (const char *s = text; *s; s++)
    if (*s == '(')
      {
        open++;
        max_open = MAX (max_open, open);
      }
    else if (*s == ')')
      open--;
  g_assert_cmpuint (max_open, ==, 10000);
  again = cheops_pgn_read_string (text, -1, &errors);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_true (cheops_game_equal (game, again->pdata[0]));
  g_ptr_array_add (games, game);
  assert_round_trip (games);

  /* A 100 000-ply line is freed without recursion. */
  {
    CheopsGame *big = long_game (50000, FALSE, FALSE);
    g_assert_cmpuint (cheops_game_count_nodes (big), ==, 100001);
    g_object_unref (big);
  }
}

static void
test_speed (void)
{
  g_autoptr(CheopsGame) game = long_game (5000, FALSE, TRUE);
  g_autoptr(GPtrArray) games = NULL;
  g_autofree char *text = NULL;
  gint64 t0, t1, t2;

  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 10001);
  t0 = g_get_monotonic_time ();
  text = cheops_pgn_write_game (game);
  t1 = g_get_monotonic_time ();
  games = cheops_pgn_read_string (text, -1, NULL);
  t2 = g_get_monotonic_time ();
  g_assert_true (cheops_game_equal (game, games->pdata[0]));
  g_test_message ("10 001 nodes, %zu bytes: written in %.1f ms, read in %.1f ms",
                  strlen (text), (t1 - t0) / 1000.0, (t2 - t1) / 1000.0);
  /* The goal is 100 ms each on a release build; this bound leaves room for
   * a loaded machine and a debug build. */
  g_assert_cmpint (t1 - t0, <, 500000);
  g_assert_cmpint (t2 - t1, <, 500000);
}

/* TrigChess (variants/trigchess.md). */

#define TRIG_START "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1"
/* Spec section 8: the initial position occurs a third time after Red's
 * last move, so Red loses (TR15). */
#define TRIG_REPETITION "1. Ge3 Ge4 2. Ge2 Ge5 3. Ge3 Ge4 4. Ge2 Ge5"

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static CheopsGame *
read_one (const char *text,
          GPtrArray **errors)
{
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, errors);

  g_assert_cmpuint (games->len, ==, 1);
  return g_object_ref (games->pdata[0]);
}

/* A TrigChess file is read in its variant and written back exactly: the
 * Gold and Red roster tags, [Variant "Step and Circle TrigChess"], a FEN
 * read as TrigChess's; each game's end in TrigChess's words. */
static void
test_trigchess_file (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = read_fixture ("trigchess.pgn", &errors);
  g_autofree char *expected = fixture_text ("trigchess.pgn");
  g_autofree char *written = NULL;
  static const char * const roster[] = { "Event", "Site", "Date", "Round", "Gold", "Red", "Result" };
  static const CheopsOutcome ends[] = {
    TRIGCHESS_OUTCOME_G_CHECKMATE, TRIGCHESS_OUTCOME_G_REPETITION, TRIGCHESS_OUTCOME_G_STALEMATE,
  };
  static const char * const outcome_words[] = {
    "Gold wins by checkmate.", "Gold wins by the opponent's third repetition.", "Gold wins by stalemate.",
  };

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 3);
  for (guint i = 0; i < games->len; i++)
    {
      CheopsGame *game = games->pdata[i];
      CheopsOutcome end = cheops_game_node_get_outcome (cheops_game_get_mainline_end (game));
      g_autofree char *how = cheops_game_describe_outcome (game, end);

      g_assert_true (cheops_game_get_variant (game) == &cheops_variant_trigchess);
      for (guint t = 0; t < 7; t++)
        {
          const char *name;
          cheops_game_get_nth_tag (game, t, &name, NULL);
          g_assert_cmpstr (name, ==, roster[t]);
        }
      g_assert_cmpint (end, ==, ends[i]);
      g_assert_cmpstr (how, ==, outcome_words[i]);
      g_assert_cmpstr (cheops_game_outcome_result (game, end), ==, "1-0");
      g_assert_cmpstr (cheops_game_get_result (game), ==, "1-0");
    }
  g_assert_cmpstr (cheops_game_get_tag (games->pdata[0], "Gold"), ==, "Ann");
  g_assert_cmpstr (cheops_game_get_player (games->pdata[0], CHEOPS_SIDE_B), ==, "Bob");
  g_assert_cmpstr (cheops_game_node_get_fen (cheops_game_get_root (games->pdata[2])), ==, "k1K4/7/9/9/7/7 r 0 1");
  written = cheops_pgn_write_games (games);
  g_assert_cmpstr (written, ==, expected);
  assert_round_trip (games);
}

/* [Variant] takes any name cheops_variant_find() knows; no tag is Cheops. */
static void
test_trigchess_variant_names (void)
{
  static const struct { const char *tag; const CheopsVariant *variant; } cases[] = {
    { "[Variant \"Step and Circle TrigChess\"]\n", &cheops_variant_trigchess },
    { "[Variant \"trigchess\"]\n", &cheops_variant_trigchess },
    { "[Variant \" TrigChess \"]\n", &cheops_variant_trigchess },
    { "[Variant \"STEP AND CIRCLE TRIGCHESS\"]\n", &cheops_variant_trigchess },
    { "[Variant \" Cheops \"]\n", &cheops_variant_cheops },
    { "[Variant \"Cheops\"]\n", &cheops_variant_cheops },
    { "", &cheops_variant_cheops },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf ("%s\n%s *\n", cases[i].tag,
                                               cases[i].variant == &cheops_variant_cheops ? "1. fg3" : "1. Ga3 b4");
      g_autoptr(GPtrArray) errors = NULL;
      g_autoptr(CheopsGame) game = read_one (text, &errors);
      g_autofree char *written = cheops_pgn_write_game (game);
      g_autofree char *variant_tag = g_strdup_printf ("[Variant \"%s\"]\n", cases[i].variant->title);

      g_assert_cmpuint (errors->len, ==, 0);
      g_assert_true (cheops_game_get_variant (game) == cases[i].variant);
      g_assert_cmpuint (cheops_game_count_nodes (game), ==, cases[i].variant == &cheops_variant_cheops ? 2 : 3);
      g_assert_nonnull (strstr (written, variant_tag));
    }

  /* TrigChess moves are no Cheops moves. */
  {
    g_autoptr(GPtrArray) errors = NULL;
    g_autoptr(CheopsGame) game = read_one ("1. Ga3 *\n", &errors);
    g_assert_cmpuint (errors->len, ==, 1);
    g_assert_cmpuint (((CheopsPgnError *) errors->pdata[0])->code, ==, CHEOPS_GAME_ERROR_BAD_MOVE);
  }
}

/* An unknown variant is named, at its value, and the game's text is kept
 * and written back as it was. */
static void
test_unknown_variant (void)
{
  static const char text[] = "[Event \"x\"]\n[Variant \"Xiangqi\"]\n\n1. Ga3 b4 *";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
  const CheopsPgnError *e;
  g_autofree char *written = NULL;

  g_assert_cmpuint (games->len, ==, 1);
  g_assert_cmpuint (errors->len, ==, 1);
  e = errors->pdata[0];
  g_assert_cmpuint (e->code, ==, CHEOPS_GAME_ERROR_VARIANT);
  g_assert_cmpuint (e->line, ==, 2);
  g_assert_cmpuint (e->column, ==, 11);
  g_assert_cmpstr (e->message, ==, "unknown variant “Xiangqi”");
  g_assert_cmpstr (cheops_game_get_source_text (games->pdata[0]), ==, text);
  written = cheops_pgn_write_games (games);
  g_assert_cmpstr (written, ==, "[Event \"x\"]\n[Variant \"Xiangqi\"]\n\n1. Ga3 b4 *\n");
}

/* TR15 from a game record: the mover whose move makes the third
 * occurrence loses, the start counting once; the record ends there. */
static void
test_trigchess_repetition (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(CheopsGame) game = read_one ("[Variant \"TrigChess\"]\n[Result \"1-0\"]\n\n" TRIG_REPETITION " 1-0\n",
                                         &errors);
  CheopsGameNode *end = cheops_game_get_mainline_end (game);
  CheopsGameNode *node;
  g_autoptr(GError) error = NULL;
  guint n = 99;
  const CheopsPgnError *e;

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (cheops_game_node_get_ply (end), ==, 8);
  g_assert_cmpint (cheops_game_node_get_outcome (end), ==, TRIGCHESS_OUTCOME_G_REPETITION);
  g_assert_cmpstr (cheops_game_node_get_fen (end), ==, "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 8 5");
  /* The second occurrence (ply 4) and the other positions go on. */
  for (node = cheops_game_node_get_parent (end); node != NULL; node = cheops_game_node_get_parent (node))
    g_assert_cmpint (cheops_game_node_get_outcome (node), ==, CHEOPS_OUTCOME_NONE);
  /* The move that repeats is legal; after it no move is offered... */
  g_assert_null (cheops_game_node_get_moves (end, &n));
  g_assert_cmpuint (n, ==, 0);
  g_assert_false (cheops_game_node_in_check (end));
  /* ...nor can one be added. */
  g_assert_null (cheops_game_add_san (game, end, "Ge3", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpstr (error->message, ==, "the game is over: Gold wins by the opponent's third repetition.");
  g_clear_object (&game);
  g_clear_pointer (&errors, g_ptr_array_unref);

  /* A fifth move is an error at that move. */
  game = read_one ("[Variant \"TrigChess\"]\n\n" TRIG_REPETITION " 5. Ge3 *\n", &errors);
  g_assert_cmpuint (errors->len, ==, 1);
  e = errors->pdata[0];
  g_assert_cmpuint (e->code, ==, CHEOPS_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpuint (e->line, ==, 3);
  g_assert_cmpuint (e->column, ==, 48);
  g_assert_cmpstr (e->message, ==, "illegal move Ge3 at 5.: the game is over: Gold wins by the opponent's third repetition.");
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 9);
  g_clear_object (&game);
  g_clear_pointer (&errors, g_ptr_array_unref);

  /* A Result that says Red won contradicts it. */
  game = read_one ("[Variant \"TrigChess\"]\n[Result \"0-1\"]\n\n" TRIG_REPETITION "\n", &errors);
  g_assert_cmpuint (errors->len, ==, 1);
  e = errors->pdata[0];
  g_assert_cmpuint (e->code, ==, CHEOPS_GAME_ERROR_RESULT);
  g_assert_cmpuint (e->line, ==, 2);
  g_assert_cmpuint (e->column, ==, 10);
  g_assert_cmpstr (e->message, ==, "the result 0-1 differs from the end of the game: Gold wins by the opponent's third repetition.");
  g_clear_object (&game);
  g_clear_pointer (&errors, g_ptr_array_unref);

  /* Each line counts along its own path: a variation that leaves the
   * cycle at move 4 repeats nothing, and a variation may end the game. */
  game = read_one ("[Variant \"TrigChess\"]\n\n1. Ge3 Ge4 2. Ge2 Ge5 3. Ge3 Ge4 4. Ge2 (4. b3 Ge5 5. Ge2) Ge5 *\n",
                   &errors);
  g_assert_cmpuint (errors->len, ==, 0);
  node = cheops_game_node_get_next_sibling (cheops_game_node_get_parent (cheops_game_get_mainline_end (game)));
  g_assert_nonnull (node);
  for (; node != NULL; node = cheops_game_node_get_first_child (node))
    g_assert_cmpint (cheops_game_node_get_outcome (node), ==, CHEOPS_OUTCOME_NONE);
  g_assert_cmpint (cheops_game_node_get_outcome (cheops_game_get_mainline_end (game)), ==,
                   TRIGCHESS_OUTCOME_G_REPETITION);
}

/* Spec section 8: 1. Ga3 b4 2. Gxc5# ends by checkmate. */
static void
test_trigchess_checkmate (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(CheopsGame) game = read_one ("[Variant \"TrigChess\"]\n\n1. Ga3 b4 2. Gxc5# 0-1\n", &errors);
  CheopsGameNode *end = cheops_game_get_mainline_end (game);
  const CheopsPgnError *e;
  guint n = 99;

  g_assert_cmpuint (errors->len, ==, 1);
  e = errors->pdata[0];
  g_assert_cmpuint (e->code, ==, CHEOPS_GAME_ERROR_RESULT);
  g_assert_cmpstr (e->message, ==, "the result 0-1 differs from the end of the game: Gold wins by checkmate.");
  g_assert_cmpint (cheops_game_node_get_outcome (end), ==, TRIGCHESS_OUTCOME_G_CHECKMATE);
  g_assert_true (cheops_game_node_in_check (end));
  cheops_game_node_get_moves (end, &n);
  g_assert_cmpuint (n, ==, 0);
  g_assert_cmpstr (cheops_game_node_get_san (end), ==, "Gxc5#");
}

/* [%cal] and [%csl] of a TrigChess game name TrigChess's cells (TR3: files
 * a..i, ranks 1..6; the index of 2.3, rank 1 first): read as TrigChess
 * cells, written back exactly; a name TrigChess does not have (q1 is
 * Cheops's) keeps its whole command verbatim, as an unknown command is. */
static void
test_trigchess_annotations (void)
{
  static const char text[] =
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[Gold \"?\"]\n[Red \"?\"]\n"
    "[Result \"*\"]\n[Variant \"Step and Circle TrigChess\"]\n"
    "\n"
    "1. Ge3 {[%cal Gi4a3,Rh6i4] [%csl Ya3,Bh6] A plan.} 1... Ge4 {[%cal Gc5e6] [%cal\n"
    "Gq1a3] [%csl Rq1,Gi4]} *\n";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(CheopsGame) game = read_one (text, &errors);
  g_autofree char *written = NULL;
  const CheopsAnnotations *a;
  const CheopsArrow *arrow;
  const CheopsCellMark *mark;

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_true (cheops_game_get_variant (game) == &cheops_variant_trigchess);

  /* 1. Ge3: i4 is index 31, a3 14, h6 45 (2.3). */
  a = cheops_game_node_get_annotations (mainline_node (game, 1));
  g_assert_cmpuint (a->arrows->len, ==, 2);
  arrow = &g_array_index (a->arrows, CheopsArrow, 0);
  g_assert_cmpint (arrow->colour, ==, CHEOPS_MARK_GREEN);
  g_assert_cmpuint (arrow->from, ==, 31);
  g_assert_cmpuint (arrow->to, ==, 14);
  arrow = &g_array_index (a->arrows, CheopsArrow, 1);
  g_assert_cmpint (arrow->colour, ==, CHEOPS_MARK_RED);
  g_assert_cmpuint (arrow->from, ==, 45);
  g_assert_cmpuint (arrow->to, ==, 31);
  g_assert_cmpuint (a->marks->len, ==, 2);
  mark = &g_array_index (a->marks, CheopsCellMark, 0);
  g_assert_cmpint (mark->colour, ==, CHEOPS_MARK_YELLOW);
  g_assert_cmpuint (mark->cell, ==, 14);
  mark = &g_array_index (a->marks, CheopsCellMark, 1);
  g_assert_cmpint (mark->colour, ==, CHEOPS_MARK_BLUE);
  g_assert_cmpuint (mark->cell, ==, 45);
  g_assert_cmpuint (a->others->len, ==, 0);
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (game, 1)), ==, "A plan.");

  /* 1... Ge4: c5 is 33, e6 42; the commands naming q1 are kept whole. */
  a = cheops_game_node_get_annotations (mainline_node (game, 2));
  g_assert_cmpuint (a->arrows->len, ==, 1);
  arrow = &g_array_index (a->arrows, CheopsArrow, 0);
  g_assert_cmpuint (arrow->from, ==, 33);
  g_assert_cmpuint (arrow->to, ==, 42);
  g_assert_cmpuint (a->marks->len, ==, 0);
  g_assert_cmpuint (a->others->len, ==, 2);
  g_assert_cmpstr (a->others->pdata[0], ==, "%cal Gq1a3");
  g_assert_cmpstr (a->others->pdata[1], ==, "%csl Rq1,Gi4");

  written = cheops_pgn_write_game (game);
  g_assert_cmpstr (written, ==, text);
}

/* The same commands read in one variant and in the other: the cell names
 * and indexes are the variant's (Cheops: a column a..q and a level 1..9,
 * DESIGN.md 2; TrigChess TR3). */
static void
test_annotations_of_variant (void)
{
  static const struct {
    const char *command;
    guint       cheops_shapes, trigchess_shapes;   /* arrows and marks read */
  } cases[] = {
    { "%cal Gc5e6", 0, 1 },        /* c5 is not a Cheops cell */
    { "%cal Gi4h6,Rh6i4", 2, 2 },  /* both have i4 and h6 */
    { "%csl Ra3", 0, 1 },          /* nor a3 */
    { "%csl Rq1", 1, 0 },          /* q1 is not a TrigChess cell */
    { "%cal Gi9h8", 1, 0 },        /* nor ranks 7 to 9 */
    { "%csl Bi4,Yq1", 2, 0 },      /* one unknown cell: the whole command kept */
  };
  const CheopsVariant *variants[] = { &cheops_variant_cheops, &cheops_variant_trigchess };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
      {
        g_autoptr(CheopsAnnotations) a = cheops_annotations_new ();
        g_autoptr(GString) out = g_string_new (NULL);
        guint shapes = v == 0 ? cases[i].cheops_shapes : cases[i].trigchess_shapes;
        g_autofree char *expected = g_strdup_printf ("[%s]", cases[i].command);

        cheops_annotations_add_command (a, variants[v], cases[i].command, -1);
        g_assert_cmpuint (a->arrows->len + a->marks->len, ==, shapes);
        g_assert_cmpuint (a->others->len, ==, shapes > 0 ? 0 : 1);
        if (shapes == 0)
          g_assert_cmpstr (a->others->pdata[0], ==, cases[i].command);
        cheops_annotations_append (a, variants[v], out);
        g_assert_cmpstr (out->str, ==, expected);
      }

  /* i4 in each: Cheops's is column i (8) of level 4; TrigChess's index 31. */
  {
    g_autoptr(CheopsAnnotations) a = cheops_annotations_new ();
    g_autoptr(CheopsAnnotations) b = cheops_annotations_new ();
    g_autoptr(GString) out = g_string_new (NULL);

    cheops_annotations_add_command (a, &cheops_variant_cheops, "%csl Gi4", -1);
    cheops_annotations_add_command (b, &cheops_variant_trigchess, "%csl Gi4", -1);
    g_assert_cmpuint (g_array_index (a->marks, CheopsCellMark, 0).cell, ==, cheops_laws_cell_make (8, 4));
    g_assert_cmpuint (g_array_index (b->marks, CheopsCellMark, 0).cell, ==, 31);

    /* A cell index is named by the variant it is written in. */
    cheops_annotations_toggle_arrow (b, &cheops_variant_trigchess, CHEOPS_MARK_RED, 0, 45);
    cheops_annotations_toggle_mark (b, &cheops_variant_trigchess, CHEOPS_MARK_YELLOW, 14);
    cheops_annotations_append (b, &cheops_variant_trigchess, out);
    g_assert_cmpstr (out->str, ==, "[%cal Rb1h6] [%csl Gi4,Ya3]");
  }
}

/* A node's derived data in TrigChess, and a new game of the variant. */
static void
test_trigchess_node_derived (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsGame) game = cheops_game_new_for_variant (&cheops_variant_trigchess);
  CheopsGameNode *root = cheops_game_get_root (game);
  CheopsGameNode *node;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *joined = NULL;
  g_autofree char *written = NULL;
  const CheopsMove *moves;
  guint n = 0;

  moves = cheops_game_node_get_moves (root, &n);
  for (guint i = 0; i < n; i++)
    {
      char text[CHEOPS_MOVE_TEXT_MAX];
      cheops_move_to_text (&cheops_variant_trigchess, moves[i], text);
      g_ptr_array_add (texts, g_strdup (text));
    }
  g_ptr_array_sort (texts, compare_strings);
  g_ptr_array_add (texts, NULL);
  joined = g_strjoinv (" ", (char **) texts->pdata);
  /* Spec section 8: Gold's 9 moves. */
  g_assert_cmpstr (joined, ==, "b2b3 d2d3 e2a3 e2c4 e2e3 e2g4 e2i3 f2f3 h2h3");
  g_assert_cmpstr (cheops_game_node_get_fen (root), ==, TRIG_START);
  node = cheops_game_add_san (game, root, "Ge3", &error);
  g_assert_no_error (error);
  node = cheops_game_add_san (game, node, "Ge4", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cheops_game_node_get_uci_position (node), ==, "position fen " TRIG_START " moves e2e3 e5e4");
  node = cheops_game_add_san (game, node, "b3", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cheops_game_node_get_uci_position (node), ==,
                   "position fen dsgkgsd/psp1psp/4g4/1P2G4/1SP1PSP/DSGKGSD r 0 2");
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 4);

  cheops_game_set_tag (game, "Gold", "Ann", NULL);
  cheops_game_set_tag (game, "Red", "Bob", NULL);
  written = cheops_pgn_write_game (game);
  g_assert_cmpstr (written, ==,
                   "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                   "[Gold \"Ann\"]\n[Red \"Bob\"]\n[Result \"*\"]\n"
                   "[Variant \"Step and Circle TrigChess\"]\n\n1. Ge3 Ge4 2. b3 *\n");
  {
    g_autofree char *headline = cheops_game_dup_headline (game);
    g_assert_cmpstr (headline, ==, "Ann - Bob");
  }
}

/* A game changes its variant with its start position: the roster's colour
 * tags take the variant's names and keep their values; undo goes back. */
static void
test_start_position_variant (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  CheopsPosition start;
  const char *name;

  cheops_game_set_tag (game, "Green", "Ann", NULL);
  cheops_position_init_start (&start, &cheops_variant_trigchess);
  cheops_game_set_start_position (game, &start);
  g_assert_true (cheops_game_get_variant (game) == &cheops_variant_trigchess);
  cheops_game_get_nth_tag (game, 4, &name, NULL);
  g_assert_cmpstr (name, ==, "Gold");
  g_assert_cmpstr (cheops_game_get_tag (game, "Gold"), ==, "Ann");
  g_assert_null (cheops_game_get_tag (game, "Green"));
  g_assert_true (cheops_game_set_tag (game, "Red", "Bob", NULL));
  cheops_game_get_nth_tag (game, 5, &name, NULL);
  g_assert_cmpstr (name, ==, "Red");
  g_assert_cmpuint (cheops_game_get_n_tags (game), ==, 7);
  cheops_game_undo (game);
  cheops_game_undo (game);
  g_assert_true (cheops_game_get_variant (game) == &cheops_variant_cheops);
  g_assert_cmpstr (cheops_game_get_tag (game, "Green"), ==, "Ann");
  g_assert_cmpstr (cheops_game_get_tag (game, "Orange"), ==, "?");
}

/* Robustness of game files (the issue's items). */

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

/* The text of @games as written by the length-aware writer. */
static GBytes *
write_bytes (GPtrArray *games)
{
  return cheops_pgn_write_games_to_bytes (games);
}

static void
assert_bytes_equal (GBytes     *bytes,
                    const char *expected,
                    gsize       expected_len)
{
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);

  if (len != expected_len || memcmp (data, expected, len) != 0)
    {
      g_printerr ("got %zu bytes: %.*s\n", (size_t) len, (int) len, data);
      g_assert_not_reached ();
    }
}

/* A game with tags and no moves, followed after a blank line by the next
 * game's tags, is a game of its own: its result is its Result tag's, or
 * "*".  So is a game whose next tag repeats a name of its tags. */
static void
test_tags_only_game (void)
{
  static const char text[] =
    "[Event \"first\"]\n[Result \"1-0\"]\n\n"
    "[Event \"second\"]\n\n"
    "[Event \"third\"]\n\n1. fg3 *\n\n"
    "[Event \"fourth\"]\n[Event \"fifth\"]\n\n1. fg3 lj1 *\n";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
  static const char * const events[] = { "first", "second", "third", "fourth", "fifth" };
  static const char * const results[] = { "1-0", "*", "*", "*", "*" };
  static const guint nodes[] = { 1, 1, 2, 1, 3 };
  g_autofree char *written = NULL;

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      g_assert_cmpstr (cheops_game_get_tag (games->pdata[i], "Event"), ==, events[i]);
      g_assert_cmpstr (cheops_game_get_result (games->pdata[i]), ==, results[i]);
      g_assert_cmpuint (cheops_game_count_nodes (games->pdata[i]), ==, nodes[i]);
    }
  written = cheops_pgn_write_game (games->pdata[0]);
  g_assert_cmpstr (written, ==,
                   "[Event \"first\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                   "[Green \"?\"]\n[Orange \"?\"]\n[Result \"1-0\"]\n[Variant \"Cheops\"]\n\n1-0\n");
  assert_round_trip (games);
}

/* "%" escape lines are kept and written back where they were: those
 * before a game (the file's first lines, or between two games) before its
 * tags, those inside a game before its tags too, those after the last
 * game after it. */
static void
test_escape_lines_kept (void)
{
  static const char text[] =
    "% leading one\r\n%leading two\n"
    "[Event \"a\"]\n\n1. fg3 *\n\n"
    "% between\n\n"
    "[Event \"b\"]\n%inside the tags\n\n1. fg3\n%inside the moves\nlj1 *\n"
    "%between again\n"
    "[Event \"c\"]\n\n1. fg3 Zz9 *\n%after the last\n";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
  g_autofree char *a = NULL, *b = NULL, *expected = NULL, *written = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GPtrArray) errors2 = NULL;
  g_autofree char *written2 = NULL;

  g_assert_cmpuint (errors->len, ==, 1);
  g_assert_cmpuint (games->len, ==, 3);
  a = cheops_pgn_write_game (games->pdata[0]);
  b = cheops_pgn_write_game (games->pdata[1]);
  g_assert_true (g_str_has_prefix (a, "% leading one\n%leading two\n[Event \"a\"]\n"));
  g_assert_true (g_str_has_prefix (b, "% between\n%inside the tags\n%inside the moves\n[Event \"b\"]\n"));
  g_assert_true (g_str_has_suffix (b, "\n1. fg3 lj1 *\n"));
  expected = g_strdup_printf ("%s\n%s\n%%between again\n[Event \"c\"]\n\n1. fg3 Zz9 *\n%%after the last\n", a, b);
  written = cheops_pgn_write_games (games);
  g_assert_cmpstr (written, ==, expected);

  /* A fixed point. */
  again = cheops_pgn_read_string (written, -1, &errors2);
  g_assert_cmpuint (errors2->len, ==, 1);
  g_assert_cmpuint (again->len, ==, 3);
  written2 = cheops_pgn_write_games (again);
  g_assert_cmpstr (written2, ==, written);

  /* A copy keeps them. */
  {
    g_autoptr(CheopsGame) copy = cheops_game_copy (games->pdata[0]);
    g_autofree char *c = cheops_pgn_write_game (copy);
    g_assert_cmpstr (c, ==, a);
  }
}

/* A NUL byte in a game: the game has an error, and its text is written
 * back whole, NUL and all; the length-aware writer loses no byte. */
static void
test_nul_byte_kept (void)
{
  static const char text[] = "[Event \"n\"]\n\n1. fg3 {x\0y} lj1 *\n\n[Event \"ok\"]\n\n1. fg3 *\n";
  static const char source[] = "[Event \"n\"]\n\n1. fg3 {x\0y} lj1 *";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, sizeof text - 1, &errors);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) errors2 = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GBytes) bytes2 = NULL;
  g_autoptr(GString) expected = g_string_new_len (source, sizeof source - 1);
  g_autofree char *second = NULL;
  const char *got;
  gsize len = 0;
  const CheopsPgnError *e;

  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpuint (errors->len, ==, 1);
  e = errors->pdata[0];
  g_assert_cmpuint (e->line, ==, 3);
  g_assert_cmpuint (e->column, ==, 8);
  g_assert_cmpstr (e->message, ==, "this comment is not UTF-8 text");
  got = cheops_game_get_source (games->pdata[0], &len);
  g_assert_cmpuint (len, ==, sizeof source - 1);
  g_assert_true (memcmp (got, source, len) == 0);

  second = cheops_pgn_write_game (games->pdata[1]);
  g_string_append_printf (expected, "\n\n%s", second);
  bytes = write_bytes (games);
  assert_bytes_equal (bytes, expected->str, expected->len);
  /* The file writer too. */
  {
    g_autofree char *dir = g_dir_make_tmp ("test-pgn-XXXXXX", NULL);
    g_autofree char *path = g_build_filename (dir, "nul.pgn", NULL);
    g_autofree char *contents = NULL;
    gsize size;

    g_assert_true (cheops_pgn_write_file (path, games, NULL));
    g_assert_true (g_file_get_contents (path, &contents, &size, NULL));
    g_assert_cmpuint (size, ==, expected->len);
    g_assert_true (memcmp (contents, expected->str, size) == 0);
    g_assert_cmpint (g_remove (path), ==, 0);
    g_assert_cmpint (g_rmdir (dir), ==, 0);
  }

  again = cheops_pgn_read_string (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &errors2);
  g_assert_cmpuint (again->len, ==, 2);
  g_assert_cmpuint (errors2->len, ==, 1);
  bytes2 = write_bytes (again);
  g_assert_true (g_bytes_equal (bytes, bytes2));
}

/* Bytes that are not UTF-8, or a NUL, anywhere in a file: each is an
 * error of its game, with line and column, the other games read as they
 * are, and the file is written back byte for byte. */
static void
test_undecodable_bytes (void)
{
  static const char text[] =
    "[Event \"G\xFFza\"]\n\n1. fg3 *\n\n"
    "[Event \"fine\"]\n\n1. fg3 lj1 *\n\n"
    "1. fg3 \xC3 lj1 *\n\n"
    "\0\n\n"
    "% escape \xFE\0 kept\n"
    "[Event \"also fine\"]\n\n1. fg3 *\n";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, sizeof text - 1, &errors);
  g_autoptr(GString) got = g_string_new (NULL);
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GPtrArray) errors2 = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GBytes) bytes2 = NULL;

  for (guint i = 0; i < errors->len; i++)
    {
      const CheopsPgnError *e = errors->pdata[i];
      g_string_append_printf (got, "%u %u:%u: %s\n", e->game_index, e->line, e->column, e->message);
    }
  g_assert_cmpstr (got->str, ==,
                   "0 1:9: the value of tag Event is not UTF-8 text\n"
                   "2 9:8: bytes that are not UTF-8 text\n"
                   "3 11:1: unexpected control character U+0000\n");
  g_assert_cmpuint (games->len, ==, 5);
  g_assert_cmpstr (cheops_game_get_tag (games->pdata[1], "Event"), ==, "fine");
  g_assert_cmpuint (cheops_game_count_nodes (games->pdata[1]), ==, 3);
  g_assert_cmpstr (cheops_game_get_tag (games->pdata[4], "Event"), ==, "also fine");

  bytes = write_bytes (games);
  again = cheops_pgn_read_string (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &errors2);
  g_assert_cmpuint (again->len, ==, 5);
  g_assert_cmpuint (errors2->len, ==, 3);
  bytes2 = write_bytes (again);
  g_assert_true (g_bytes_equal (bytes, bytes2));
  /* Every undecodable byte is still there. */
  {
    gsize len;
    const char *data = g_bytes_get_data (bytes, &len);
    g_assert_nonnull (memchr (data, '\xFF', len));
    g_assert_nonnull (memchr (data, '\xC3', len));
    g_assert_nonnull (memchr (data, '\xFE', len));
    g_assert_true (bytes_contain (data, len, "% escape \xFE\0 kept\n[Event", sizeof "% escape \xFE\0 kept\n[Event" - 1));
    g_assert_true (bytes_contain (data, len, "\n\0\n", sizeof "\n\0\n" - 1));
  }
}

/* A game with an error is kept from the head of its first line, its
 * leading blanks included: " %~" is no escape line, and is not written as
 * one.  A game that started in the middle of a line, at a "%", is written
 * after a blank for the same reason. */
static void
test_source_leading_blanks (void)
{
  static const char text[] = " %~ 1. fg3 *\n";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
  g_autofree char *written = NULL;
  g_autoptr(GPtrArray) errors2 = NULL;
  g_autoptr(GPtrArray) games2 = NULL;
  g_autofree char *written2 = NULL;
  g_autofree char *first = NULL;

  g_assert_cmpuint (games->len, ==, 1);
  g_assert_cmpuint (errors->len, ==, 1);
  g_assert_cmpstr (((CheopsPgnError *) errors->pdata[0])->message, ==, "unexpected “%”");
  g_assert_cmpstr (cheops_game_get_source_text (games->pdata[0]), ==, " %~ 1. fg3 *");
  written = cheops_pgn_write_games (games);
  g_assert_cmpstr (written, ==, text);
  g_clear_pointer (&written, g_free);
  g_clear_pointer (&games, g_ptr_array_unref);
  g_clear_pointer (&errors, g_ptr_array_unref);

  games = cheops_pgn_read_string ("1. fg3 * %~ lj1 *\n", -1, &errors);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpuint (errors->len, ==, 1);
  g_assert_cmpstr (cheops_game_get_source_text (games->pdata[1]), ==, "%~ lj1 *");
  written = cheops_pgn_write_games (games);
  first = cheops_pgn_write_game (games->pdata[0]);
  g_assert_true (g_str_has_prefix (written, first));
  g_assert_cmpstr (written + strlen (first), ==, "\n %~ lj1 *\n");
  games2 = cheops_pgn_read_string (written, -1, &errors2);
  g_assert_cmpuint (games2->len, ==, 2);
  g_assert_cmpuint (errors2->len, ==, 1);
  g_assert_cmpstr (((CheopsPgnError *) errors2->pdata[0])->message, ==, "unexpected “%”");
  written2 = cheops_pgn_write_games (games2);
  g_assert_cmpstr (written2, ==, written);
}

/* A character that would show as empty quotes (a space other than ASCII's,
 * a format character) or join the quote (a combining mark) is named by its
 * code point (issue 21: a toast said `unexpected “”`); a visible one is
 * quoted. */
static void
test_invisible_character (void)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "\xe2\x80\x8b", "unexpected invisible character U+200B" },
    { "1. fg3 \xc2\xa0 *", "unexpected invisible character U+00A0" },
    { "\xcc\x81", "unexpected invisible character U+0301" },
    { "\xe2\x80\x9c", "unexpected ““”" },
    { "\xc3\xa9", "unexpected “é”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) errors = NULL;
      g_autoptr(GPtrArray) games = cheops_pgn_read_string (cases[i].text, -1, &errors);

      g_assert_cmpuint (errors->len, >=, 1);
      g_assert_cmpstr (((CheopsPgnError *) errors->pdata[0])->message, ==, cases[i].message);
    }
}

/* A game without [Variant] is of the reader's default variant (Cheops
 * unless told otherwise); a [Variant] tag still wins over the default. */
static void
test_default_variant (void)
{
  const CheopsVariant *trigchess = cheops_variant_find ("trigchess");
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) cheops_errors = NULL;
  g_autoptr(GPtrArray) cheops_games = NULL;
  g_autoptr(GPtrArray) tagged_errors = NULL;
  g_autoptr(GPtrArray) tagged = NULL;
  g_autofree char *message = NULL;

  g_assert_nonnull (trigchess);
  games = cheops_pgn_read_string_for_variant ("1. Ga3 b4 2. Gxc5# 1-0\n", -1, trigchess, &errors);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_true (cheops_game_get_variant (g_ptr_array_index (games, 0)) == trigchess);

  /* The same text read as before: Cheops, which has no move Ga3. */
  cheops_games = cheops_pgn_read_string ("1. Ga3 b4 2. Gxc5# 1-0\n", -1, &cheops_errors);
  g_assert_cmpuint (cheops_errors->len, >, 0);
  message = cheops_pgn_error_to_string (g_ptr_array_index (cheops_errors, 0));
  g_assert_true (g_str_has_prefix (message, "1:4: unreadable move Ga3"));

  tagged = cheops_pgn_read_string_for_variant ("[Variant \"Cheops\"]\n\n1. eg2 mk3 *\n", -1, trigchess,
                                               &tagged_errors);
  g_assert_cmpuint (tagged_errors->len, ==, 0);
  g_assert_true (cheops_game_get_variant (g_ptr_array_index (tagged, 0)) == &cheops_variant_cheops);
}

/* Cypher chess's drop and compound moves (cypher.md 6.3: "P@a5",
 * "Sa1,Rb0") are move tokens: read, written back the same. */
static void
test_cypher_drop_and_compound (void)
{
  static const char text[] =
    "[Variant \"Cypher\"]\n[SetUp \"1\"]\n[FEN \"s9/10/10/10/5k4/3p6/10/10/5K4/10/1S8 w PPp 0+0 - 0 1\"]\n\n"
    "1. P@a5 P@e5 *\n\n"
    "[Variant \"Cypher\"]\n[SetUp \"1\"]\n[FEN \"8s1/10/5k4/10/10/10/10/10/5K4/2R7/1S8 w - 0+0 - 0 1\"]\n\n"
    "1. Sa1,Rb0 *\n";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
  g_autoptr(GBytes) written = NULL;
  gsize size;
  const char *data;

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 2);
  written = cheops_pgn_write_games_to_bytes (games);
  data = g_bytes_get_data (written, &size);
  g_assert_nonnull (g_strstr_len (data, (gssize) size, "1. P@a5 P@e5 *"));
  g_assert_nonnull (g_strstr_len (data, (gssize) size, "1. Sa1,Rb0 *"));
}

/* Issue 25: CR alone ends a line as LF and CR LF do, everywhere a line
 * matters: an escape line on the first line, ";" comments, tag lines.
 * (Before: the whole CR-only file read as no game.) */
static void
test_line_ends (void)
{
  static const char * const breaks[] = { "\n", "\r\n", "\r" };

  for (guint i = 0; i < G_N_ELEMENTS (breaks); i++)
    {
      const char *nl = breaks[i];
      g_autofree char *text = g_strconcat ("% escape", nl,
                                           "[Event \"a\"]", nl, nl,
                                           "1. fg3 ; note", nl, "lj1 *", nl, nl,
                                           "[Event \"b\"]", nl, nl,
                                           "1. fg3 *", nl, NULL);
      g_autoptr(GPtrArray) errors = NULL;
      g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
      g_autofree char *line = NULL;
      g_autofree char *written = NULL;

      g_assert_cmpuint (games->len, ==, 2);
      g_assert_cmpuint (errors->len, ==, 0);
      line = mainline (games->pdata[0]);
      g_assert_cmpstr (line, ==, "fg3 lj1");
      g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (games->pdata[0], 1)), ==, "note");
      g_assert_cmpstr (cheops_game_get_tag (games->pdata[1], "Event"), ==, "b");
      written = cheops_pgn_write_game (games->pdata[0]);
      g_assert_true (g_str_has_prefix (written, "% escape\n[Event \"a\"]\n"));
    }

  /* A broken game in a CR-only file: its line and column, and its bytes
   * written back exactly as read. */
  {
    static const char text[] = "[Event \"x\"]\r\r1. fg3 zz9 *\r\r[Event \"y\"]\r\r1. fg3 *\r";
    static const char source[] = "[Event \"x\"]\r\r1. fg3 zz9 *";
    g_autoptr(GPtrArray) errors = NULL;
    g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
    const CheopsPgnError *e;
    const char *got;
    gsize len = 0;

    g_assert_cmpuint (games->len, ==, 2);
    g_assert_cmpuint (errors->len, ==, 1);
    e = errors->pdata[0];
    g_assert_cmpuint (e->line, ==, 3);
    g_assert_cmpuint (e->column, ==, 8);
    got = cheops_game_get_source (games->pdata[0], &len);
    g_assert_cmpuint (len, ==, sizeof source - 1);
    g_assert_true (memcmp (got, source, len) == 0);
    {
      g_autoptr(GBytes) bytes = write_bytes (games);
      gsize n;
      const char *data = g_bytes_get_data (bytes, &n);

      g_assert_true (n > len && memcmp (data, source, len) == 0);
    }
  }
}

/* Issue 25: a byte order mark between games (two exported files joined
 * with cat) is not an error and splits nothing. */
static void
test_bom_between_games (void)
{
  static const char text[] = "\xEF\xBB\xBF[Event \"a\"]\n\n1. fg3 *\n\n"
                             "\xEF\xBB\xBF[Event \"b\"]\n[Site \"s\"]\n\n1. fg3 lj1 *\n";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
  g_autofree char *line = NULL;

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpstr (cheops_game_get_tag (games->pdata[1], "Event"), ==, "b");
  g_assert_cmpstr (cheops_game_get_tag (games->pdata[1], "Site"), ==, "s");
  line = mainline (games->pdata[1]);
  g_assert_cmpstr (line, ==, "fg3 lj1");
}

/* Issue 25: a comment before a variation's first move stays with that move
 * when the variation becomes the main line and the game is written and
 * read again (before: it became the previous move's comment). */
static void
test_comment_before_made_mainline (void)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string ("1. fg3 lj1 (1... {before} mk2) *\n", -1, &errors);
  CheopsGame *game = games->pdata[0];
  CheopsGameNode *fg3 = mainline_node (game, 1);
  CheopsGameNode *mk2 = cheops_game_node_get_child (fg3, 1);
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) again = NULL;
  g_autofree char *line = NULL;
  g_autofree char *text2 = NULL;

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpstr (cheops_game_node_get_comment_before (mk2), ==, "before");
  g_assert_true (cheops_game_make_mainline (game, mk2));
  text = cheops_pgn_write_game (game);
  again = cheops_pgn_read_string (text, -1, NULL);
  line = mainline (again->pdata[0]);
  g_assert_cmpstr (line, ==, "fg3 mk2");
  g_assert_null (cheops_game_node_get_comment_after (mainline_node (again->pdata[0], 1)));
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (again->pdata[0], 2)), ==, "before");
  /* And so it stays: a fixed point. */
  text2 = cheops_pgn_write_game (again->pdata[0]);
  g_assert_cmpstr (text2, ==, text);
}

/* A move's comments read in pieces (a variation between them, commands
 * among them) are joined in the order read, in every game of a file (the
 * reader keeps its buffers from game to game: issue 23). */
static void
test_comments_around_variations (void)
{
  static const char text[] =
    "[Event \"one\"]\n\n"
    "1. fg3 {one} (1. fg3 {in the variation}) {two} (1. fg3) {[%eval 0.50]} (1. fg3) {three   four} "
    "1... lj1 {[%eval -0.25] alone} *\n\n"
    "[Event \"two\"]\n\n"
    "{root} 1. fg3 (1. fg3 {v}) {five} 1... lj1 {six} (1... lj1) {seven} *\n";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);
  CheopsGame *g;
  CheopsGameNode *variation;

  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 2);
  g = games->pdata[0];
  g_assert_null (cheops_game_node_get_comment_after (cheops_game_get_root (g)));
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (g, 1)), ==, "one two three four");
  g_assert_cmpint (cheops_game_node_get_annotations (mainline_node (g, 1))->eval.value, ==, 50);
  variation = cheops_game_node_get_next_sibling (mainline_node (g, 1));
  g_assert_cmpstr (cheops_game_node_get_comment_after (variation), ==, "in the variation");
  g_assert_null (cheops_game_node_get_comment_after (cheops_game_node_get_next_sibling (variation)));
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (g, 2)), ==, "alone");
  g_assert_cmpint (cheops_game_node_get_annotations (mainline_node (g, 2))->eval.value, ==, -25);
  g = games->pdata[1];
  g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_get_root (g)), ==, "root");
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (g, 1)), ==, "five");
  g_assert_cmpstr (cheops_game_node_get_comment_after (cheops_game_node_get_next_sibling (mainline_node (g, 1))),
                   ==, "v");
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (g, 2)), ==, "six seven");
  g_assert_true (cheops_annotations_is_empty (cheops_game_node_get_annotations (mainline_node (g, 1))));
}

/* A node read from a file, held, outlives its game and the reader (the
 * reader takes its nodes from shared chunks, issue 23; build-aux/dev.sh
 * sanitize checks the memory). */
static void
test_node_outlives_reader (void)
{
  static const char text[] =
    "[Event \"x\"]\n\n1. fg3 {kept} 1... lj1 *\n\n[Event \"y\"]\n\n1. fg3 {other} *\n";
  CheopsPgnReader *reader = cheops_pgn_reader_new (text, -1);
  CheopsGame *first = cheops_pgn_reader_next (reader, NULL);
  CheopsGame *second = cheops_pgn_reader_next (reader, NULL);
  CheopsGameNode *node = cheops_game_node_ref (mainline_node (first, 1));
  CheopsMove move = cheops_game_node_get_move (node);

  g_object_unref (first);
  cheops_pgn_reader_free (reader);
  g_assert_cmpstr (cheops_game_node_get_comment_after (node), ==, "kept");
  g_assert_cmphex (cheops_game_node_get_move (node), ==, move);
  g_assert_cmpstr (cheops_game_node_get_comment_after (mainline_node (second, 1)), ==, "other");
  g_object_unref (second);
  g_assert_cmpstr (cheops_game_node_get_comment_after (node), ==, "kept");
  cheops_game_node_unref (node);
}

/* Issue 25: reading is linear in the text, checked on adversarial texts
 * by linear_time_assert() (tests/linear-time.h, as the other readers' tests).
 * (Before: many variations of one move, many comments after one move,
 * many ";" comments, comments without "}", many tags, many errors on one
 * line: 12-40 times.) */
typedef struct {
  const char *name;
  const char *head;
  const char *unit;
  const char *tail;
  guint       n;
} Adversary;

static char *
adversary_text (const Adversary *a,
                guint            n)
{
  GString *s = g_string_new (a->head);

  for (guint i = 0; i < n; i++)
    {
      const char *number = strchr (a->unit, '#');

      /* "#" is a number, each unit its own. */
      if (number != NULL)
        {
          g_string_append_len (s, a->unit, number - a->unit);
          g_string_append_printf (s, "%u", i);
          g_string_append (s, number + 1);
        }
      else
        g_string_append (s, a->unit);
    }
  g_string_append (s, a->tail);
  return g_string_free (s, FALSE);
}

static char *
adversary_make (guint    n,
                gpointer data)
{
  return adversary_text (data, n);
}

static void
adversary_read (const char *text,
                gpointer    data)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string (text, -1, &errors);

  g_assert_cmpuint (games->len, >, 0);
}

/* Each adversary's unit repeated: linear_time_assert() (linear-time.h)
 * doubles n from a quarter of the size given here until n units take
 * 20 ms of the reading thread's processor time, and checks that 2n take
 * at most about twice as long; quadratic work takes 4 times. */
static const Adversary adversaries[] = {
  { "variations", "[Event \"x\"]\n\n1. fg3 ", "(1. fg3 ", "", 20000 },
  { "closed-variations", "[Event \"x\"]\n\n1. fg3 ", "(1. fg3) ", "*\n", 30000 },
  { "comments", "[Event \"x\"]\n\n1. fg3 ", "{c} ", "*\n", 100000 },
  { "comments-between-variations", "[Event \"x\"]\n\n1. fg3 ", "{c} (1. fg3 {d}) ", "*\n", 30000 },
  { "line-comments", "[Event \"x\"]\n\n1. fg3 ", ";c\n", "*\n", 100000 },
  { "unclosed-comments", "", "[Event \"x\"]\n\n1. fg3 {\n", "", 10000 },
  { "tags", "", "[T# \"v\"]\n", "\n1. fg3 *\n", 30000 },
  { "errors-on-a-line", "", "1. fg3 zz9 * ", "\n", 10000 },
  { "escape-lines", "", "%e\r", "1. fg3 *\n", 300000 },
};

/* One adversary, in a process of its own: the heap that an adversary's
 * hundreds of thousands of nodes leave behind slowed the next one's larger
 * reading up to 9 times (malloc's free lists, not the reader's work), so
 * that each is timed from a fresh heap. */
static void
test_linear_time (gconstpointer data)
{
  const Adversary *a = data;

  if (g_test_subprocess ())
    {
      linear_time_assert (a->name, adversary_make, adversary_read,
                          (gpointer) a, MAX (a->n / 4, 1), 0);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/pgn/basic", test_basic);
  g_test_add_func ("/game/pgn/invisible-character", test_invisible_character);
  g_test_add_func ("/game/pgn/comments", test_comments);
  g_test_add_func ("/game/pgn/comment-normalized", test_comment_normalized);
  g_test_add_func ("/game/pgn/error-after-multiline-comment", test_error_after_multiline_comment);
  g_test_add_func ("/game/pgn/comments-around-variations", test_comments_around_variations);
  g_test_add_func ("/game/pgn/node-outlives-reader", test_node_outlives_reader);
  g_test_add_func ("/game/pgn/variations", test_variations);
  g_test_add_func ("/game/pgn/numbers", test_numbers);
  g_test_add_func ("/game/pgn/q-first", test_q_first);
  g_test_add_func ("/game/pgn/unknown-tags", test_unknown_tags);
  g_test_add_func ("/game/pgn/crlf-bom", test_crlf_bom);
  g_test_add_func ("/game/pgn/semicolon", test_semicolon);
  g_test_add_func ("/game/pgn/unclosed-command", test_unclosed_command);
  g_test_add_func ("/game/pgn/errors", test_errors);
  g_test_add_func ("/game/pgn/unclosed-comment-recovers", test_unclosed_comment_recovers);
  g_test_add_func ("/game/pgn/multiline-comment", test_multiline_comment);
  g_test_add_func ("/game/pgn/comment-tag-text-round-trip", test_comment_tag_text_round_trip);
  g_test_add_func ("/game/pgn/comment-paragraphs", test_comment_paragraphs);
  g_test_add_func ("/game/pgn/bad-game-kept", test_bad_game_kept);
  g_test_add_func ("/game/pgn/recovery", test_recovery);
  g_test_add_func ("/game/pgn/result-tag-kept", test_result_tag_kept);
  g_test_add_func ("/game/pgn/read-game", test_read_game);
  g_test_add_func ("/game/pgn/canonical", test_canonical);
  g_test_add_func ("/game/pgn/round-trip", test_all_fixtures_round_trip);
  g_test_add_func ("/game/pgn/random-trees", test_random_trees);
  g_test_add_func ("/game/pgn/random-edits-undo", test_random_edits_undo);
  g_test_add_func ("/game/pgn/deep-nesting", test_deep_nesting);
  g_test_add_func ("/game/pgn/speed", test_speed);
  g_test_add_func ("/game/pgn/trigchess-file", test_trigchess_file);
  g_test_add_func ("/game/pgn/trigchess-variant-names", test_trigchess_variant_names);
  g_test_add_func ("/game/pgn/unknown-variant", test_unknown_variant);
  g_test_add_func ("/game/pgn/trigchess-repetition", test_trigchess_repetition);
  g_test_add_func ("/game/pgn/trigchess-checkmate", test_trigchess_checkmate);
  g_test_add_func ("/game/pgn/trigchess-node-derived", test_trigchess_node_derived);
  g_test_add_func ("/game/pgn/trigchess-annotations", test_trigchess_annotations);
  g_test_add_func ("/game/pgn/annotations-of-variant", test_annotations_of_variant);
  g_test_add_func ("/game/pgn/start-position-variant", test_start_position_variant);
  g_test_add_func ("/game/pgn/tags-only-game", test_tags_only_game);
  g_test_add_func ("/game/pgn/escape-lines-kept", test_escape_lines_kept);
  g_test_add_func ("/game/pgn/nul-byte-kept", test_nul_byte_kept);
  g_test_add_func ("/game/pgn/undecodable-bytes", test_undecodable_bytes);
  g_test_add_func ("/game/pgn/source-leading-blanks", test_source_leading_blanks);
  g_test_add_func ("/game/pgn/default-variant", test_default_variant);
  g_test_add_func ("/game/pgn/cypher-drop-and-compound", test_cypher_drop_and_compound);
  g_test_add_func ("/game/pgn/line-ends", test_line_ends);
  g_test_add_func ("/game/pgn/bom-between-games", test_bom_between_games);
  for (guint i = 0; i < G_N_ELEMENTS (adversaries); i++)
    {
      g_autofree char *path = g_strdup_printf ("/game/pgn/linear-time/%s", adversaries[i].name);

      g_test_add_data_func (path, &adversaries[i], test_linear_time);
    }
  g_test_add_func ("/game/pgn/comment-before-made-mainline", test_comment_before_made_mainline);

  return g_test_run ();
}
