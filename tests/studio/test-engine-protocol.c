/* test-engine-protocol.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The UCI parser and formatter on real and malformed lines, and the PV to
 * SAN helper.  No process, no display.
 */

#include <gio/gio.h>

#include "cheops-uci-protocol.h"
#include "cheops-uci-san.h"
#include "../linear-time.h"
#include "../long-game.h"

static void
test_parse_info_full (void)
{
  CheopsUciMessage m;

  /* A Stockfish-style line. */
  g_assert_cmpint (cheops_uci_parse_line ("info depth 12 seldepth 18 multipv 2 score cp -35 "
                                          "nodes 123456 nps 987654 hashfull 42 tbhits 0 time 125 "
                                          "pv d3e4 n4m5 i8i9q\r\n", &m),
                   ==, CHEOPS_UCI_MESSAGE_INFO);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_INFO);
  g_assert_cmpuint (m.info.fields, ==,
                    CHEOPS_UCI_INFO_DEPTH | CHEOPS_UCI_INFO_SELDEPTH | CHEOPS_UCI_INFO_MULTIPV
                    | CHEOPS_UCI_INFO_SCORE | CHEOPS_UCI_INFO_NODES | CHEOPS_UCI_INFO_NPS
                    | CHEOPS_UCI_INFO_HASHFULL | CHEOPS_UCI_INFO_TIME | CHEOPS_UCI_INFO_PV);
  g_assert_cmpint (m.info.depth, ==, 12);
  g_assert_cmpint (m.info.seldepth, ==, 18);
  g_assert_cmpint (m.info.multipv, ==, 2);
  g_assert_cmpint (m.info.score_kind, ==, CHEOPS_UCI_SCORE_CP);
  g_assert_cmpint (m.info.score, ==, -35);
  g_assert_cmpint (m.info.bound, ==, CHEOPS_UCI_BOUND_EXACT);
  g_assert_cmpint (m.info.nodes, ==, 123456);
  g_assert_cmpint (m.info.nps, ==, 987654);
  g_assert_cmpint (m.info.hashfull, ==, 42);
  g_assert_cmpint (m.info.time_ms, ==, 125);
  g_assert_cmpuint (g_strv_length (m.info.pv), ==, 3);
  g_assert_cmpstr (m.info.pv[0], ==, "d3e4");
  g_assert_cmpstr (m.info.pv[1], ==, "n4m5");
  g_assert_cmpstr (m.info.pv[2], ==, "i8i9q");
  g_assert_null (m.info.string);
  cheops_uci_message_clear (&m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_EMPTY);
  g_assert_null (m.info.pv);
}

static void
test_parse_info_partial (void)
{
  CheopsUciMessage m;

  /* Mate scores, bounds, keys in another order, extra blanks, unknown keys. */
  cheops_uci_parse_line ("  info   multipv 1 score mate -3 upperbound  depth 7 wdl 10 20 970 pv a1b1", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_INFO);
  g_assert_cmpint (m.info.score_kind, ==, CHEOPS_UCI_SCORE_MATE);
  g_assert_cmpint (m.info.score, ==, -3);
  g_assert_cmpint (m.info.bound, ==, CHEOPS_UCI_BOUND_UPPER);
  g_assert_true (m.info.mate_losing);
  g_assert_cmpint (m.info.depth, ==, 7);
  g_assert_cmpstr (m.info.pv[0], ==, "a1b1");
  g_assert_null (m.info.pv[1]);
  cheops_uci_message_clear (&m);

  /* A mate score keeps its sign even for 0: "mate -0" (the side to move
   * is mated now) is losing, "mate 0" and "mate +0" are not. */
  cheops_uci_parse_line ("info depth 1 score mate -0", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_INFO);
  g_assert_cmpint (m.info.score_kind, ==, CHEOPS_UCI_SCORE_MATE);
  g_assert_cmpint (m.info.score, ==, 0);
  g_assert_true (m.info.mate_losing);
  cheops_uci_message_clear (&m);
  g_assert_false (m.info.mate_losing);
  cheops_uci_parse_line ("info depth 1 score mate 0", &m);
  g_assert_cmpint (m.info.score_kind, ==, CHEOPS_UCI_SCORE_MATE);
  g_assert_cmpint (m.info.score, ==, 0);
  g_assert_false (m.info.mate_losing);
  cheops_uci_message_clear (&m);
  cheops_uci_parse_line ("info depth 1 score mate +0", &m);
  g_assert_false (m.info.mate_losing);
  cheops_uci_message_clear (&m);
  cheops_uci_parse_line ("info depth 1 score mate 4", &m);
  g_assert_cmpint (m.info.score, ==, 4);
  g_assert_false (m.info.mate_losing);
  cheops_uci_message_clear (&m);
  /* A centipawn score is never "losing" in this sense. */
  cheops_uci_parse_line ("info depth 1 score cp -0", &m);
  g_assert_cmpint (m.info.score_kind, ==, CHEOPS_UCI_SCORE_CP);
  g_assert_false (m.info.mate_losing);
  cheops_uci_message_clear (&m);

  cheops_uci_parse_line ("info score cp 15 lowerbound nodes 10", &m);
  g_assert_cmpint (m.info.bound, ==, CHEOPS_UCI_BOUND_LOWER);
  g_assert_cmpint (m.info.nodes, ==, 10);
  g_assert_cmpint (m.info.multipv, ==, 1); /* absent: 1 */
  g_assert_false (m.info.fields & CHEOPS_UCI_INFO_MULTIPV);
  g_assert_false (m.info.fields & CHEOPS_UCI_INFO_PV);
  g_assert_null (m.info.pv);
  cheops_uci_message_clear (&m);

  /* currmove lines carry no score or pv. */
  cheops_uci_parse_line ("info depth 20 currmove e3f3 currmovenumber 4", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_INFO);
  g_assert_cmpuint (m.info.fields, ==, CHEOPS_UCI_INFO_DEPTH | CHEOPS_UCI_INFO_CURRMOVE
                    | CHEOPS_UCI_INFO_CURRMOVENUMBER);
  g_assert_cmpstr (m.info.currmove, ==, "e3f3");
  g_assert_cmpint (m.info.currmovenumber, ==, 4);
  cheops_uci_message_clear (&m);
  g_assert_null (m.info.currmove);

  /* The engine's progress line of a long iteration (src/engine/uci.c). */
  cheops_uci_parse_line ("info depth 17 seldepth 29 nodes 44000000 nps 611000 hashfull 402 "
                         "time 72000 currmove b5b6d currmovenumber 3", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_INFO);
  g_assert_cmpuint (m.info.fields, ==, CHEOPS_UCI_INFO_DEPTH | CHEOPS_UCI_INFO_SELDEPTH
                    | CHEOPS_UCI_INFO_NODES | CHEOPS_UCI_INFO_NPS | CHEOPS_UCI_INFO_HASHFULL
                    | CHEOPS_UCI_INFO_TIME | CHEOPS_UCI_INFO_CURRMOVE | CHEOPS_UCI_INFO_CURRMOVENUMBER);
  g_assert_cmpint (m.info.depth, ==, 17);
  g_assert_cmpint (m.info.nodes, ==, 44000000);
  g_assert_cmpint (m.info.time_ms, ==, 72000);
  g_assert_cmpstr (m.info.currmove, ==, "b5b6d");
  g_assert_cmpint (m.info.currmovenumber, ==, 3);
  {
    CheopsUciInfo copy;

    cheops_uci_info_copy (&copy, &m.info);
    g_assert_cmpstr (copy.currmove, ==, "b5b6d");
    g_assert_true (copy.currmove != m.info.currmove);
    cheops_uci_info_clear (&copy);
  }
  cheops_uci_message_clear (&m);

  /* A currmove that is no move text is skipped, not an error. */
  cheops_uci_parse_line ("info depth 3 currmove (none) currmovenumber x", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_INFO);
  g_assert_cmpuint (m.info.fields, ==, CHEOPS_UCI_INFO_DEPTH);
  g_assert_null (m.info.currmove);
  cheops_uci_message_clear (&m);

  /* info string keeps the rest of the line, key words included. */
  cheops_uci_parse_line ("info string NNUE depth pv evaluation enabled", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_INFO);
  g_assert_cmpuint (m.info.fields, ==, CHEOPS_UCI_INFO_STRING);
  g_assert_cmpstr (m.info.string, ==, "NNUE depth pv evaluation enabled");
  cheops_uci_message_clear (&m);

  /* A pv ends at the next key. */
  cheops_uci_parse_line ("info pv d3e4 e3f3 depth 5", &m);
  g_assert_cmpuint (g_strv_length (m.info.pv), ==, 2);
  g_assert_cmpint (m.info.depth, ==, 5);
  cheops_uci_message_clear (&m);
}

static void
test_parse_info_malformed (void)
{
  static const char *const bad[] = {
    "info depth x",
    "info depth",
    "info depth -1",
    "info score cp",
    "info score cp abc",
    "info score pawns 3",
    "info score",
    "info nodes 12k",
    "info hashfull 1001",
    "info multipv 0 pv a1b1",
    "info pv",
    "info pv zz99",
    "info pv d3e4 r0a1x2",        /* a payload of a letter and a digit */
    "info pv d3e0,",              /* a second part missing */
    "info pv d3e4X",              /* a piece letter is lower case */
    "info depth 99999999999999999999",
    "info refutation d3e4 !!",
  };
  CheopsUciMessage m;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("%s", bad[i]);
      g_assert_cmpint (cheops_uci_parse_line (bad[i], &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);
      g_assert_null (m.info.pv);
      g_assert_cmpuint (m.info.fields, ==, 0);
      cheops_uci_message_clear (&m);
    }
}

static void
test_parse_other (void)
{
  CheopsUciMessage m;

  g_assert_cmpint (cheops_uci_parse_line ("uciok", &m), ==, CHEOPS_UCI_MESSAGE_UCIOK);
  g_assert_cmpint (cheops_uci_parse_line ("readyok\r", &m), ==, CHEOPS_UCI_MESSAGE_READYOK);
  g_assert_cmpint (cheops_uci_parse_line ("readyok now", &m), ==, CHEOPS_UCI_MESSAGE_UNKNOWN);
  g_assert_cmpint (cheops_uci_parse_line ("", &m), ==, CHEOPS_UCI_MESSAGE_EMPTY);
  g_assert_cmpint (cheops_uci_parse_line (" \t ", &m), ==, CHEOPS_UCI_MESSAGE_EMPTY);
  g_assert_cmpint (cheops_uci_parse_line (NULL, &m), ==, CHEOPS_UCI_MESSAGE_EMPTY);
  g_assert_cmpint (cheops_uci_parse_line ("Stockfish 16 by the Stockfish developers", &m),
                   ==, CHEOPS_UCI_MESSAGE_UNKNOWN);
  g_assert_cmpint (cheops_uci_parse_line ("\xff\xfe info depth 3", &m), ==, CHEOPS_UCI_MESSAGE_UNKNOWN);
  g_assert_cmpint (cheops_uci_parse_line ("info depth 3 \xc3", &m), ==, CHEOPS_UCI_MESSAGE_UNKNOWN);

  cheops_uci_parse_line ("id name Cheops Engine 0.1", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_ID);
  g_assert_cmpstr (m.id_key, ==, "name");
  g_assert_cmpstr (m.id_value, ==, "Cheops Engine 0.1");
  cheops_uci_message_clear (&m);
  g_assert_cmpint (cheops_uci_parse_line ("id name", &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);

  cheops_uci_parse_line ("bestmove i8i9q ponder n4m5", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_BESTMOVE);
  g_assert_cmpstr (m.bestmove, ==, "i8i9q");
  g_assert_cmpstr (m.ponder, ==, "n4m5");
  cheops_uci_message_clear (&m);

  cheops_uci_parse_line ("bestmove d3e4", &m);
  g_assert_cmpstr (m.bestmove, ==, "d3e4");
  g_assert_null (m.ponder);
  cheops_uci_message_clear (&m);

  cheops_uci_parse_line ("bestmove (none)", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_BESTMOVE);
  g_assert_null (m.bestmove);
  cheops_uci_message_clear (&m);

  cheops_uci_parse_line ("bestmove 0000", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_BESTMOVE);
  g_assert_null (m.bestmove);
  cheops_uci_message_clear (&m);

  g_assert_cmpint (cheops_uci_parse_line ("bestmove", &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);
  g_assert_cmpint (cheops_uci_parse_line ("bestmove e2e4!", &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);
  g_assert_true (m.bad_bestmove);
  cheops_uci_message_clear (&m);

  /* An upper-case piece letter, as some engines print it, is read as the
   * lower-case one (the variant's move text then reads it); "=q" is not
   * move text, and the message says the bestmove was bad. */
  g_assert_cmpint (cheops_uci_parse_line ("bestmove i8i9Q ponder b5b6D", &m), ==, CHEOPS_UCI_MESSAGE_BESTMOVE);
  g_assert_cmpstr (m.bestmove, ==, "i8i9q");
  g_assert_cmpstr (m.ponder, ==, "b5b6d");
  cheops_uci_message_clear (&m);
  g_assert_cmpint (cheops_uci_parse_line ("bestmove i8i9=q", &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);
  g_assert_true (m.bad_bestmove);
  cheops_uci_message_clear (&m);
  g_assert_false (m.bad_bestmove);
  g_assert_cmpint (cheops_uci_parse_line ("info depth x", &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);
  g_assert_false (m.bad_bestmove);
  cheops_uci_message_clear (&m);
}

static void
test_parse_option (void)
{
  CheopsUciMessage m;

  cheops_uci_parse_line ("option name Hash type spin default 16 min 1 max 33554432", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_OPTION);
  g_assert_cmpstr (m.option.name, ==, "Hash");
  g_assert_cmpint (m.option.type, ==, CHEOPS_UCI_OPTION_SPIN);
  g_assert_cmpstr (m.option.default_value, ==, "16");
  g_assert_cmpint (m.option.min, ==, 1);
  g_assert_cmpint (m.option.max, ==, 33554432);
  g_assert_null (m.option.vars);
  cheops_uci_message_clear (&m);

  cheops_uci_parse_line ("option name Clear Hash type button", &m);
  g_assert_cmpint (m.kind, ==, CHEOPS_UCI_MESSAGE_OPTION);
  g_assert_cmpstr (m.option.name, ==, "Clear Hash");
  g_assert_cmpint (m.option.type, ==, CHEOPS_UCI_OPTION_BUTTON);
  g_assert_null (m.option.default_value);
  cheops_uci_message_clear (&m);

  cheops_uci_parse_line ("option name UCI_Variant type combo default cheops var cheops var chess var grand chess", &m);
  g_assert_cmpint (m.option.type, ==, CHEOPS_UCI_OPTION_COMBO);
  g_assert_cmpstr (m.option.default_value, ==, "cheops");
  g_assert_cmpuint (g_strv_length (m.option.vars), ==, 3);
  g_assert_cmpstr (m.option.vars[0], ==, "cheops");
  g_assert_cmpstr (m.option.vars[1], ==, "chess");
  g_assert_cmpstr (m.option.vars[2], ==, "grand chess");
  cheops_uci_message_clear (&m);

  cheops_uci_parse_line ("option name EvalFile type string default <empty>", &m);
  g_assert_cmpint (m.option.type, ==, CHEOPS_UCI_OPTION_STRING);
  g_assert_cmpstr (m.option.default_value, ==, "");
  cheops_uci_message_clear (&m);

  cheops_uci_parse_line ("option name Ponder type check default false", &m);
  g_assert_cmpint (m.option.type, ==, CHEOPS_UCI_OPTION_CHECK);
  g_assert_cmpstr (m.option.default_value, ==, "false");
  cheops_uci_message_clear (&m);

  g_assert_cmpint (cheops_uci_parse_line ("option name Hash", &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);
  g_assert_cmpint (cheops_uci_parse_line ("option type spin", &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);
  g_assert_cmpint (cheops_uci_parse_line ("option name X type dial", &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);
  g_assert_cmpint (cheops_uci_parse_line ("option name X type spin min ten", &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);
  g_assert_cmpint (cheops_uci_parse_line ("option foo", &m), ==, CHEOPS_UCI_MESSAGE_MALFORMED);
}

static void
test_move_text (void)
{
  /* Cheops, TrigChess (a promotion's letter, TR10) and a board of ten
   * ranks (Cypher's "z10"). */
  static const char *const good[] = { "d3e4", "i8i9", "i8i9q", "a1q1", "i5i9", "0000",
                                      "b5b6d", "c5d6g", "c6b6s", "e2a3", "d10e4",
                                      /* Cypher chess: row 0, drops, compound moves */
                                      "a0b1", "d0a0", "P@c5", "p@c5", "a0a1,b1b0", "d10d9,c8z5",
                                      /* Pyramids: the moving sizes, a promotion's pino */
                                      "d4e531", "e8e94321", NULL };
  static const char *const bad[] = { "", "d3", "d3e", "D3E4", "d3e4qq", "d100e4", "quit",
                                     "d3e4Q", "d3 e4", "d3e4;", "0001", "P@", "Q@c5", "a0a1,",
                                     ",a0a1", "a0a1,b1b0,c1c0", "d4e54321x", "P@c5 e4", NULL };

  for (guint i = 0; good[i] != NULL; i++)
    g_assert_true (cheops_uci_is_move_text (good[i]));
  for (guint i = 0; bad[i] != NULL; i++)
    g_assert_false (cheops_uci_is_move_text (bad[i]));
  g_assert_false (cheops_uci_is_move_text (NULL));
}

static void
test_format (void)
{
  const char *moves[] = { "d4e5", "n4m5", NULL };
  const char *bad_move[] = { "d4e5", "quit", NULL };
  const char *fen = "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1";
  g_autofree char *a = cheops_uci_format_position (NULL, NULL);
  g_autofree char *b = cheops_uci_format_position (fen, moves);
  g_autofree char *c = cheops_uci_format_position ("  1/3/5 a 0 1 \n", NULL);
  g_autofree char *d = cheops_uci_format_setoption ("Clear Hash", NULL);
  g_autofree char *e = cheops_uci_format_setoption ("Hash", "64");
  g_autofree char *f = cheops_uci_format_go (0, 0, 0);
  g_autofree char *g = cheops_uci_format_go (12, 0, 500);
  g_autofree char *h = cheops_uci_format_position (NULL, (const char *[]) { NULL });

  g_assert_cmpstr (a, ==, "position startpos");
  g_assert_cmpstr (b, ==, "position fen 1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1 moves d4e5 n4m5");
  g_assert_cmpstr (c, ==, "position fen 1/3/5 a 0 1");
  g_assert_cmpstr (d, ==, "setoption name Clear Hash");
  g_assert_cmpstr (e, ==, "setoption name Hash value 64");
  g_assert_cmpstr (f, ==, "go infinite");
  g_assert_cmpstr (g, ==, "go depth 12 movetime 500");
  g_assert_cmpstr (h, ==, "position startpos");

  /* Nothing can smuggle a second command into the engine. */
  g_assert_null (cheops_uci_format_position ("1/3 a 0 1\nquit", NULL));
  g_assert_null (cheops_uci_format_position ("1/3 a\r0 1", NULL));
  g_assert_null (cheops_uci_format_position ("", NULL));
  g_assert_null (cheops_uci_format_position (NULL, bad_move));
  g_assert_null (cheops_uci_format_setoption ("Hash\nquit", "1"));
  g_assert_null (cheops_uci_format_setoption ("Hash", "1\nquit"));
  g_assert_null (cheops_uci_format_setoption ("", "1"));
}

static void
test_pv_to_san (void)
{
  const char *pv[] = { "d4e5", "n4m5", NULL };
  const char *illegal[] = { "d4e5", "d4e5", "n4m5", NULL };
  const char *after[] = { "d4e5", NULL };
  const char *pv2[] = { "n4m5", NULL };
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) san = NULL;

  san = cheops_uci_pv_to_san (&cheops_variant_cheops, NULL, NULL, pv, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (san), ==, 2);
  g_assert_cmpstr (san[0], ==, "e5");
  g_assert_cmpstr (san[1], ==, "m5");
  g_clear_pointer (&san, g_strfreev);

  /* The position is the FEN plus the moves given. */
  san = cheops_uci_pv_to_san (&cheops_variant_cheops, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1", after, pv2, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (san), ==, 1);
  g_assert_cmpstr (san[0], ==, "m5");
  g_clear_pointer (&san, g_strfreev);

  /* It stops at the first move that cannot be played, keeping the rest. */
  san = cheops_uci_pv_to_san (&cheops_variant_cheops, NULL, NULL, illegal, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpuint (g_strv_length (san), ==, 1);
  g_assert_cmpstr (san[0], ==, "e5");
  g_clear_pointer (&san, g_strfreev);
  g_clear_error (&error);

  san = cheops_uci_pv_to_san (&cheops_variant_cheops, "not a fen", NULL, pv, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
  g_assert_cmpuint (g_strv_length (san), ==, 0);
}

/* Issue 25: an engine's line is read in time linear in its length
 * (tests/linear-time.h): @head, n times @unit, @tail, through
 * cheops_uci_parse_line() (which `cheops analyse` uses too). */
typedef struct {
  const char          *name;
  const char          *head;
  const char          *unit;
  const char          *tail;
  CheopsUciMessageKind kind;
  guint                n0;
} LineAdversary;

static char *
line_adversary_text (guint    n,
                     gpointer data)
{
  const LineAdversary *a = data;
  GString *s = g_string_new (a->head);

  for (guint i = 0; i < n; i++)
    g_string_append (s, a->unit);
  g_string_append (s, a->tail);
  return g_string_free (s, FALSE);
}

static void
line_adversary_read (const char *text,
                     gpointer    data)
{
  const LineAdversary *a = data;
  CheopsUciMessage m;

  g_assert_cmpint (cheops_uci_parse_line (text, &m), ==, a->kind);
  cheops_uci_message_clear (&m);
}


typedef struct {
  const CheopsVariant *variant;
  char               **game;
} PvAdversary;

/* The game's first n moves, as a PV (the text is a count: the moves are
 * the game's, the line already read). */
static char *
pv_adversary_text (guint    n,
                   gpointer data)
{
  PvAdversary *a = data;

  g_assert_cmpuint (n, <=, g_strv_length (a->game));
  return g_strdup_printf ("%u", n);
}

static void
pv_adversary_read (const char *text,
                   gpointer    data)
{
  PvAdversary *a = data;
  guint n = (guint) g_ascii_strtoull (text, NULL, 10);
  char *saved = a->game[n];
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) san = NULL;

  a->game[n] = NULL;
  san = cheops_uci_pv_to_san (a->variant, NULL, NULL, (const char * const *) a->game, &error);
  a->game[n] = saved;
  g_assert_no_error (error);
  g_assert_cmpuint (g_strv_length (san), ==, n);
}

static void
test_linear_time (void)
{
  static const LineAdversary adversaries[] = {
    { "pv", "info depth 9 score cp 1 pv", " a1b1", "", CHEOPS_UCI_MESSAGE_INFO, 10000 },
    { "many-pvs", "info depth 9 score cp 1", " pv a1b1 a2b2", "", CHEOPS_UCI_MESSAGE_INFO, 10000 },
    { "string", "info depth 9 string", " x\t y", "", CHEOPS_UCI_MESSAGE_INFO, 10000 },
    { "long-string-word", "info string ", "x", "", CHEOPS_UCI_MESSAGE_INFO, 100000 },
    { "unknown-words", "info", " frob", " depth 9", CHEOPS_UCI_MESSAGE_INFO, 10000 },
    { "many-fields", "info", " depth 9 nodes 12 score cp 1 lowerbound time 5", "", CHEOPS_UCI_MESSAGE_INFO, 10000 },
    { "blanks", "info depth", " \t\r", " 9", CHEOPS_UCI_MESSAGE_INFO, 100000 },
    { "bad-pv", "info depth 9 pv a1b1", " a1b1", " ?", CHEOPS_UCI_MESSAGE_MALFORMED, 10000 },
    { "option-name", "option name", " x", " type string default y", CHEOPS_UCI_MESSAGE_OPTION, 10000 },
    { "option-vars", "option name x type combo default v", " var v", "", CHEOPS_UCI_MESSAGE_OPTION, 10000 },
    { "option-default", "option name x type string default", " v", "", CHEOPS_UCI_MESSAGE_OPTION, 10000 },
    { "id", "id name", " x", "", CHEOPS_UCI_MESSAGE_ID, 10000 },
    { "bestmove", "bestmove a1b1 ponder ", "a", "", CHEOPS_UCI_MESSAGE_BESTMOVE, 100000 },
    { "unknown", "frob", " x", "", CHEOPS_UCI_MESSAGE_UNKNOWN, 10000 },
  };
  PvAdversary pv = { cheops_variant_find ("cypher"), NULL };

  for (guint i = 0; i < G_N_ELEMENTS (adversaries); i++)
    linear_time_assert (adversaries[i].name, line_adversary_text, line_adversary_read,
                        (gpointer) &adversaries[i], adversaries[i].n0, 0);

  /* The PV of a long Cypher chess game to SAN. */
  g_assert_nonnull (pv.variant);
  pv.game = long_game_moves (pv.variant, 100000);
  linear_time_assert ("pv-to-san", pv_adversary_text, pv_adversary_read, &pv, 1000,
                      g_strv_length (pv.game));
  g_strfreev (pv.game);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/studio/engine-protocol/info/full", test_parse_info_full);
  g_test_add_func ("/studio/engine-protocol/info/partial", test_parse_info_partial);
  g_test_add_func ("/studio/engine-protocol/info/malformed", test_parse_info_malformed);
  g_test_add_func ("/studio/engine-protocol/other", test_parse_other);
  g_test_add_func ("/studio/engine-protocol/option", test_parse_option);
  g_test_add_func ("/studio/engine-protocol/move-text", test_move_text);
  g_test_add_func ("/studio/engine-protocol/format", test_format);
  g_test_add_func ("/studio/engine-protocol/pv-to-san", test_pv_to_san);
  g_test_add_func ("/studio/engine-protocol/linear-time", test_linear_time);

  return g_test_run ();
}
