/* test-epd.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Test-position suites: reading, errors, writing, round trip.
 */
#include <string.h>

#include "cheops-game-model.h"
#include "../linear-time.h"

static void
test_read (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "epd", "suite.epd", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) records = NULL;
  g_autoptr(GString) got = g_string_new (NULL);
  CheopsEpdRecord *r;
  GPtrArray *bm;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  records = cheops_epd_read_string (text, -1, &errors);
  g_assert_cmpuint (records->len, ==, 3);

  r = records->pdata[0];
  g_assert_cmpuint (r->line, ==, 2);
  g_assert_cmpint (r->position.side_to_move, ==, CHEOPS_SIDE_A);
  bm = cheops_epd_record_get (r, "bm");
  g_assert_cmpuint (bm->len, ==, 2);
  g_assert_cmpstr (bm->pdata[0], ==, "fg3");
  g_assert_cmpstr (bm->pdata[1], ==, "i1");
  g_assert_true (cheops_epd_record_has_move (r, "bm", cheops_move_from_san (&r->position, "i1", -1, NULL)));
  g_assert_false (cheops_epd_record_has_move (r, "bm", cheops_move_from_san (&r->position, "Ag2", -1, NULL)));
  g_assert_true (cheops_epd_record_has_move (r, "am", cheops_move_from_san (&r->position, "Ag2", -1, NULL)));
  g_assert_cmpstr (cheops_epd_record_get_string (r, "id"), ==, "start.001");
  g_assert_cmpstr (cheops_epd_record_get_string (r, "c0"), ==, "the initial position");
  g_assert_null (cheops_epd_record_get (r, "c1"));

  r = records->pdata[1];
  g_assert_cmpint (r->position.side_to_move, ==, CHEOPS_SIDE_B);
  g_assert_cmpstr (cheops_epd_record_get_string (r, "acd"), ==, "12");

  /* Machine move text is kept as SAN; an opcode without operands. */
  r = records->pdata[2];
  g_assert_cmpuint (r->line, ==, 6);
  g_assert_cmpstr (cheops_epd_record_get_string (r, "bm"), ==, "fg3");
  g_assert_cmpuint (cheops_epd_record_get (r, "noop")->len, ==, 0);

  for (guint i = 0; i < errors->len; i++)
    {
      const CheopsPgnError *e = errors->pdata[i];
      g_string_append_printf (got, "%u %u:%u: %s\n", e->game_index, e->line, e->column, e->message);
    }
  g_assert_cmpstr (got->str, ==,
                   "3 7:53: bm Mf5: illegal move Mf5: no Swordmaster can reach f5\n"
                   "4 8:35: bad FEN: board, level 1: 16 cells, expected 17\n"
                   "5 9:65: operation id must end with “;”\n"
                   "6 10:56: this string is not closed\n");
}

static void
test_write (void)
{
  CheopsPosition start;
  g_autoptr(CheopsEpdRecord) r = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  const char *bm[] = { "f2g3", "i1" };
  const char *c0[] = { "say \"hi\"; then \\ go" };
  const char *tricky[] = { "two words", "" };
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_epd_record_free);
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text2 = NULL;

  cheops_position_init_start (&start, &cheops_variant_cheops);
  r = cheops_epd_record_new (&start);
  g_assert_true (cheops_epd_record_set (r, "bm", bm, 2, &error));
  g_assert_true (cheops_epd_record_set (r, "id", (const char *[]) { "x.1" }, 1, &error));
  g_assert_true (cheops_epd_record_set (r, "c0", c0, 1, &error));
  g_assert_true (cheops_epd_record_set (r, "pv", tricky, 2, &error));
  g_assert_no_error (error);
  line = cheops_epd_record_to_string (r);
  g_assert_cmpstr (line, ==, CHEOPS_LAWS_START_FEN " bm fg3 i1; id \"x.1\"; c0 \"say \\\"hi\\\"; then \\\\ go\"; "
                             "pv \"two words\" \"\";");
  g_assert_false (cheops_epd_record_set (r, "bm", (const char *[]) { "Mf5" }, 1, &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (cheops_epd_record_set (r, "9x", NULL, 0, &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID);
  g_clear_error (&error);

  /* Round trip. */
  g_ptr_array_add (records, g_steal_pointer (&r));
  text = cheops_epd_write (records);
  again = cheops_epd_read_string (text, -1, &errors);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (again->len, ==, 1);
  text2 = cheops_epd_write (again);
  g_assert_cmpstr (text2, ==, text);
  g_assert_cmpstr (cheops_epd_record_get_string (again->pdata[0], "c0"), ==, c0[0]);
}

/* Every operand is written so that it reads back as it was: one holding a
 * carriage return (a blank to the reader) is quoted, and a quoted one
 * holding it reads back with it.  A line break cannot be written on an
 * EPD line: set refuses it. */
static void
test_operands_round_trip (void)
{
  static const char * const operands[] = { "\r1", "a\rb", "x\r", "\t", "semi;colon", "q\"", "back\\slash", "plain" };
  CheopsPosition start;
  g_autoptr(CheopsEpdRecord) r = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) records = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_epd_record_free);
  g_autoptr(GPtrArray) again = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autofree char *text = NULL;
  g_autofree char *text2 = NULL;
  GPtrArray *got;

  cheops_position_init_start (&start, &cheops_variant_cheops);
  r = cheops_epd_record_new (&start);
  g_assert_true (cheops_epd_record_set (r, "pv", operands, G_N_ELEMENTS (operands), &error));
  g_assert_no_error (error);
  g_assert_false (cheops_epd_record_set (r, "c1", (const char *[]) { "two\nlines" }, 1, &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID);
  g_clear_error (&error);
  g_ptr_array_add (records, g_steal_pointer (&r));
  text = cheops_epd_write (records);
  g_assert_cmpstr (text, ==, CHEOPS_LAWS_START_FEN " pv \"\r1\" \"a\rb\" \"x\r\" \"\t\" \"semi;colon\" \"q\\\"\" "
                             "\"back\\\\slash\" plain;\n");
  again = cheops_epd_read_string (text, -1, &errors);
  g_assert_cmpuint (errors->len, ==, 0);
  g_assert_cmpuint (again->len, ==, 1);
  got = cheops_epd_record_get (again->pdata[0], "pv");
  g_assert_cmpuint (got->len, ==, G_N_ELEMENTS (operands));
  for (guint i = 0; i < got->len; i++)
    g_assert_cmpstr (got->pdata[i], ==, operands[i]);
  text2 = cheops_epd_write (again);
  g_assert_cmpstr (text2, ==, text);
}

/* A line with a NUL byte is a bad line (reported), not cut short. */
static void
test_nul_line (void)
{
  static const char text[] = CHEOPS_LAWS_START_FEN " id \"a\0b\";\n" CHEOPS_LAWS_START_FEN " id \"ok\";\n";
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) records = cheops_epd_read_string (text, sizeof text - 1, &errors);
  const CheopsPgnError *e;

  g_assert_cmpuint (records->len, ==, 1);
  g_assert_cmpstr (cheops_epd_record_get_string (records->pdata[0], "id"), ==, "ok");
  g_assert_cmpuint (errors->len, ==, 1);
  e = errors->pdata[0];
  g_assert_cmpuint (e->line, ==, 1);
  g_assert_cmpuint (e->column, ==, strlen (CHEOPS_LAWS_START_FEN " id \"a") + 1);
  g_assert_cmpstr (e->message, ==, "unexpected control character U+0000");
}

/* The variant of a line: the opcode "variant" (any name
 * cheops_variant_find() knows), else the reader's default, else Cheops.
 * The FEN and the moves are read as that variant's; the writer names a
 * variant other than Cheops first. */
static void
test_variant (void)
{
  g_autofree char *text = g_strdup_printf ("%s bm Ga3; variant TrigChess; id \"t.1\";\n"
                                           "%s variant \"Step and Circle TrigChess\"; bm Ga3;\n"
                                           "%s bm fg3;\n"
                                           "%s variant xiangqi;\n"
                                           "%s variant;\n",
                                           cheops_variant_trigchess.start_fen,
                                           cheops_variant_trigchess.start_fen,
                                           CHEOPS_LAWS_START_FEN,
                                           CHEOPS_LAWS_START_FEN,
                                           CHEOPS_LAWS_START_FEN);
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) records = cheops_epd_read_string (text, -1, &errors);
  g_autoptr(GString) got = g_string_new (NULL);
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *expected_errors = g_strdup_printf ("3 4:%u: unknown variant “xiangqi”\n"
                                                      "4 5:%u: operation variant must have one operand, a variant's name\n",
                                                      (guint) strlen (CHEOPS_LAWS_START_FEN " variant ") + 1,
                                                      (guint) strlen (CHEOPS_LAWS_START_FEN " ") + 1);
  CheopsEpdRecord *r;

  for (guint i = 0; i < errors->len; i++)
    {
      const CheopsPgnError *e = errors->pdata[i];
      g_string_append_printf (got, "%u %u:%u: %s\n", e->game_index, e->line, e->column, e->message);
    }
  g_assert_cmpstr (got->str, ==, expected_errors);
  g_assert_cmpuint (records->len, ==, 3);
  r = records->pdata[0];
  g_assert_true (r->position.variant == &cheops_variant_trigchess);
  g_assert_cmpstr (cheops_epd_record_get_string (r, "bm"), ==, "Ga3");
  g_assert_cmpstr (cheops_epd_record_get_string (r, "id"), ==, "t.1");
  g_assert_null (cheops_epd_record_get (r, "variant"));
  g_assert_true (((CheopsEpdRecord *) records->pdata[1])->position.variant == &cheops_variant_trigchess);
  g_assert_true (((CheopsEpdRecord *) records->pdata[2])->position.variant == &cheops_variant_cheops);

  written = cheops_epd_write (records);
  expected = g_strdup_printf ("%s variant trigchess; bm Ga3; id \"t.1\";\n"
                              "%s variant trigchess; bm Ga3;\n"
                              "%s bm fg3;\n",
                              cheops_variant_trigchess.start_fen, cheops_variant_trigchess.start_fen,
                              CHEOPS_LAWS_START_FEN);
  g_assert_cmpstr (written, ==, expected);

  /* "variant" is the position's, not an operation to set. */
  {
    g_autoptr(GError) error = NULL;
    g_assert_false (cheops_epd_record_set (r, "variant", (const char *[]) { "cheops" }, 1, &error));
    g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID);
  }

  /* A suite of one variant: the reader's default. */
  {
    g_autofree char *suite = g_strdup_printf ("%s bm Ga3;\n%s variant cheops; bm fg3;\n",
                                              cheops_variant_trigchess.start_fen, CHEOPS_LAWS_START_FEN);
    g_autoptr(GPtrArray) errs = NULL;
    g_autoptr(GPtrArray) recs = cheops_epd_read_string_for_variant (suite, -1, &cheops_variant_trigchess, &errs);

    g_assert_cmpuint (errs->len, ==, 0);
    g_assert_cmpuint (recs->len, ==, 2);
    g_assert_true (((CheopsEpdRecord *) recs->pdata[0])->position.variant == &cheops_variant_trigchess);
    g_assert_true (((CheopsEpdRecord *) recs->pdata[1])->position.variant == &cheops_variant_cheops);
  }

  /* FENs of other shapes: Cypher chess's seven fields (its hands and mark
   * are "-", which a chess FEN does not have) and Pyramids's rights "Ff"
   * end where the line's variant says, and what is written reads back. */
  {
    g_autofree char *suite = g_strdup_printf ("%s variant cypher; bm e4;\n%s variant pyramids; id \"p\";\n"
                                              "10/9k/10/9s/1r8/10/10/9S/10/9K/10 w P 0+0 - 0 1 variant cypher; bm P@a5;\n",
                                              cheops_variant_cypher.start_fen, cheops_variant_pyramids.start_fen);
    g_autoptr(GPtrArray) errs = NULL;
    g_autoptr(GPtrArray) recs = cheops_epd_read_string (suite, -1, &errs);
    g_autoptr(GPtrArray) errs2 = NULL;
    g_autoptr(GPtrArray) recs2 = NULL;
    g_autofree char *written_back = NULL;
    g_autofree char *text2 = NULL;

    g_assert_cmpuint (errs->len, ==, 0);
    g_assert_cmpuint (recs->len, ==, 3);
    g_assert_true (((CheopsEpdRecord *) recs->pdata[0])->position.variant == &cheops_variant_cypher);
    g_assert_true (((CheopsEpdRecord *) recs->pdata[1])->position.variant == &cheops_variant_pyramids);
    g_assert_true (((CheopsEpdRecord *) recs->pdata[2])->position.variant == &cheops_variant_cypher);
    g_assert_cmpint (((CheopsEpdRecord *) recs->pdata[2])->position.hand[0][0]
                     + ((CheopsEpdRecord *) recs->pdata[2])->position.hand[0][1]
                     + ((CheopsEpdRecord *) recs->pdata[2])->position.hand[0][2]
                     + ((CheopsEpdRecord *) recs->pdata[2])->position.hand[0][3]
                     + ((CheopsEpdRecord *) recs->pdata[2])->position.hand[0][4]
                     + ((CheopsEpdRecord *) recs->pdata[2])->position.hand[0][5]
                     + ((CheopsEpdRecord *) recs->pdata[2])->position.hand[0][6]
                     + ((CheopsEpdRecord *) recs->pdata[2])->position.hand[0][7], ==, 1);
    written_back = cheops_epd_write (recs);
    recs2 = cheops_epd_read_string (written_back, -1, &errs2);
    g_assert_cmpuint (errs2->len, ==, 0);
    g_assert_cmpuint (recs2->len, ==, 3);
    text2 = cheops_epd_write (recs2);
    g_assert_cmpstr (text2, ==, written_back);
    g_assert_nonnull (strstr (written_back, cheops_variant_cypher.start_fen));
    g_assert_nonnull (strstr (written_back, cheops_variant_pyramids.start_fen));
  }
}

/* Issue 25: reading a suite is linear in the text (tests/linear-time.h).
 * Each text is @head, @n times @unit ("#" in it the unit's number), then
 * @tail.  (Before: many operations of distinct opcodes on one line: 4
 * times at twice the operations, each looked up among those before.) */
typedef struct {
  const char *name;
  const char *head;
  const char *unit;
  const char *tail;
  guint       n0;
} EpdAdversary;

static char *
epd_adversary_text (guint    n,
                    gpointer data)
{
  const EpdAdversary *a = data;
  GString *s = g_string_new (a->head);

  for (guint i = 0; i < n; i++)
    {
      const char *number = strchr (a->unit, '#');

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

static void
epd_adversary_read (const char *text,
                    gpointer    data)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) records = cheops_epd_read_string (text, -1, &errors);

  /* Every text is read into records or errors. */
  g_assert_cmpuint (records->len + errors->len, >, 0);
}

static void
test_linear_time (void)
{
  static const EpdAdversary adversaries[] = {
    { "distinct-opcodes", CHEOPS_LAWS_START_FEN, " o# x;", "\n", 8000 },
    { "same-opcode", CHEOPS_LAWS_START_FEN, " c0 x;", "\n", 8000 },
    { "operands", CHEOPS_LAWS_START_FEN " pv", " x", ";\n", 32000 },
    { "semicolons", CHEOPS_LAWS_START_FEN " id x", ";", "\n", 1000000 },
    { "quoted-string", CHEOPS_LAWS_START_FEN " c0 \"", "ab\\\"c\\\\ ;", "\";\n", 160000 },
    { "unclosed-string", CHEOPS_LAWS_START_FEN " c0 \"", "ab\\\"c\\\\ ;", "\n", 160000 },
    { "bm-moves", CHEOPS_LAWS_START_FEN " bm", " fg3", ";\n", 12800 },
    { "fen-field", "", "AKMSAPP3", " a bm fg3;\n", 160000 },
    { "fen-fields", "", "1 ", "\n", 640000 },
    { "blanks", CHEOPS_LAWS_START_FEN, " \t\r", " id x;\n", 640000 },
    { "lines", "", CHEOPS_LAWS_START_FEN " bm fg3; id \"#\";\n", "", 1600 },
    { "bad-lines", "", "x y z; id \"#\n", "", 6400 },
    { "comment-lines", "", "# #\n\n", CHEOPS_LAWS_START_FEN "\n", 16000 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (adversaries); i++)
    linear_time_assert (adversaries[i].name, epd_adversary_text, epd_adversary_read,
                        (gpointer) &adversaries[i], adversaries[i].n0, 0);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/epd/read", test_read);
  g_test_add_func ("/game/epd/write", test_write);
  g_test_add_func ("/game/epd/operands-round-trip", test_operands_round_trip);
  g_test_add_func ("/game/epd/nul-line", test_nul_line);
  g_test_add_func ("/game/epd/variant", test_variant);
  g_test_add_func ("/game/epd/linear-time", test_linear_time);

  return g_test_run ();
}
