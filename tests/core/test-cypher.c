/* test-cypher.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules core of Cypher chess against variants/cypher.md: the board (2),
 * every reach count of 3.5, the worked positions and sanity numbers of
 * section 8, move lists derived by hand for the capture table (3.4), check
 * (4.2), the compound move (4.4), the re-take (4.5), prisoner release (4.8),
 * flips (4.9), the end of the game (4.10), FEN (6.1, F1-F15), move text
 * (6.2), SAN (6.3) and perft.
 */
#include <glib.h>
#include <string.h>

#include "cheops-core.h"

#define V (&cheops_variant_cypher)

static CheopsCell
cell (const char *name)
{
  size_t len = 0;
  CheopsCell c = cheops_variant_cell_parse (V, name, &len);

  g_assert_cmpuint (len, ==, strlen (name));
  return c;
}

static void
load (CheopsPosition *pos, const char *fen)
{
  CheopsError error = { 0 };

  if (!cheops_position_from_fen (pos, V, fen, &error))
    g_error ("FEN %s: %s", fen, error.message);
  g_assert_true (cheops_position_is_consistent (pos));
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The SAN of the legal moves of @pos whose SAN starts with @prefix (all
 * when NULL), sorted, joined by " "; checks that each SAN and text reads
 * back as its move and that generation, counting and is_playable agree. */
static char *
sans_of (const CheopsPosition *pos, const char *prefix)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_generate_moves (pos, list);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  g_assert_cmpint (end - list, ==, cheops_count_moves (pos));
  for (CheopsMove *m = list; m < end; m++)
    {
      char text[CHEOPS_MOVE_TEXT_MAX], san[CHEOPS_SAN_MAX];
      CheopsError error = { 0 };

      g_assert_true (cheops_position_is_playable (pos, *m));
      cheops_move_to_text (V, *m, text);
      cheops_move_to_san (pos, *m, san);
      g_assert_cmphex (cheops_move_from_san (pos, san, -1, &error), ==, *m);
      g_assert_cmphex (cheops_move_from_text (pos, text, &error), ==, *m);
      if (prefix == NULL || g_str_has_prefix (san, prefix))
        g_ptr_array_add (names, g_strdup (san));
    }
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* @expected (SAN separated by spaces) sorted the same way. */
static char *
sorted (const char *expected)
{
  g_auto(GStrv) words = g_strsplit (expected, " ", -1);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (int i = 0; words[i]; i++)
    if (words[i][0])
      g_ptr_array_add (names, words[i]);
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* The legal moves of @fen (those whose SAN starts with @prefix) are exactly
 * @expected, in any order. */
static void
assert_moves (const char *fen, const char *prefix, const char *expected)
{
  CheopsPosition pos;
  g_autofree char *got = NULL, *want = sorted (expected);

  load (&pos, fen);
  got = sans_of (&pos, prefix);
  if (strcmp (got, want) != 0)
    g_error ("%s (%s): got\n  %s\nexpected\n  %s", fen, prefix ? prefix : "all", got, want);
}

static char *
fen_of (const CheopsPosition *pos)
{
  char buf[CHEOPS_FEN_MAX];

  cheops_position_to_fen (pos, buf, sizeof buf);
  return g_strdup (buf);
}

/* Plays @san on @pos (it must be playable). */
G_GNUC_UNUSED static void
play (CheopsPosition *pos, const char *san)
{
  CheopsError error = { 0 };
  CheopsMove move = cheops_move_from_san (pos, san, -1, &error);
  CheopsUndo undo;

  if (move == CHEOPS_MOVE_NONE)
    g_error ("%s: %s", san, error.message);
  cheops_position_do_move (pos, move, &undo);
  g_assert_true (cheops_position_is_consistent (pos));
}

G_GNUC_UNUSED static const char *
outcome_of (const char *fen)
{
  CheopsPosition pos;

  load (&pos, fen);
  return V->outcomes[cheops_position_outcome (&pos)].status;
}

/* ------------------------------------------------------------ board */

static void
test_board (void)
{
  const CheopsBoardShape *b = V->board;
  int court = 0, border = 0, field = 0;

  g_assert_true (cheops_variant_find ("cypher") == V);
  g_assert_true (cheops_variant_find (" Cypher ") == V);
  g_assert_true (cheops_variant_find ("Cypher chess") == V);
  g_assert_cmpstr (V->name, ==, "cypher");
  g_assert_cmpstr (V->title, ==, "Cypher");   /* 6.4: [Variant "Cypher"] */
  g_assert_cmpstr (V->sides[0].name, ==, "White");
  g_assert_cmpstr (V->sides[1].name, ==, "Black");
  g_assert_cmpstr (V->sides[0].tag, ==, "White");
  g_assert_cmpint (V->sides[0].letter, ==, 'w');
  g_assert_cmpint (V->sides[1].letter, ==, 'b');
  g_assert_cmpint (b->n_cells, ==, 110);
  g_assert_cmpint (b->flip, ==, CHEOPS_FLIP_ROTATE);
  g_assert_true (b->min.x == 0 && b->min.y == 0 && b->max.x == 10 && b->max.y == 11);
  /* 2.2 */
  g_assert_cmpint (cell ("z0"), ==, 0);
  g_assert_cmpint (cell ("a0"), ==, 1);
  g_assert_cmpint (cell ("i0"), ==, 9);
  g_assert_cmpint (cell ("z1"), ==, 10);
  g_assert_cmpint (cell ("e5"), ==, 55);
  g_assert_cmpint (cell ("z10"), ==, 100);
  g_assert_cmpint (cell ("d10"), ==, 104);
  g_assert_cmpint (cell ("i10"), ==, 109);
  g_assert_cmpint (cheops_variant_cell_parse (V, "j1", NULL), ==, CHEOPS_CELL_NONE);
  for (CheopsCell c = 0; c < 110; c++)
    {
      const CheopsCellInfo *info = &b->cells[c];
      int col = c % 10, row = c / 10;
      CypherArea area = cypher_cell_area (c);
      bool dark = (col + row) % 2 == 0;

      g_assert_cmpint (info->n_corners, ==, 4);
      g_assert_true (info->corners[0].x == col && info->corners[0].y == row);
      g_assert_true (info->corners[2].x == col + 1 && info->corners[2].y == row + 1);
      g_assert_true (info->centre.x == col + 0.5 && info->centre.y == row + 0.5);
      g_assert_cmpint (cheops_variant_cell_at_point (V, col + 0.3, row + 0.7), ==, c);
      /* CY31: dark when c + r is even; each area its own pair of shades. */
      g_assert_cmpstr (b->shade_names[info->shade], ==,
                       area == CYPHER_COURT ? (dark ? "Court dark" : "Court light")
                       : area == CYPHER_BORDER ? (dark ? "Border dark" : "Border light")
                       : (dark ? "dark" : "light"));
      if (area == CYPHER_COURT)
        {
          court++;
          g_assert_cmpint (info->zones, ==, CYPHER_ZONE_COURT);
          g_assert_true (row == 0 || row == 10 || col == 0 || col == 9);
        }
      else if (area == CYPHER_BORDER)
        {
          border++;
          g_assert_cmpint (info->zones, ==, CYPHER_ZONE_BORDER);
          g_assert_cmpint (row, ==, 5);
        }
      else
        {
          field++;
          g_assert_cmpint (info->zones, ==, CYPHER_ZONE_FIELD);
        }
    }
  /* 8: 38 Court, 8 Border, 64 Field; CY1: z5 and i5 are Court. */
  g_assert_cmpint (court, ==, 38);
  g_assert_cmpint (border, ==, 8);
  g_assert_cmpint (field, ==, 64);
  g_assert_cmpint (cypher_cell_area (cell ("z5")), ==, CYPHER_COURT);
  g_assert_cmpint (cypher_cell_area (cell ("i5")), ==, CYPHER_COURT);
  g_assert_cmpint (cypher_cell_area (cell ("a5")), ==, CYPHER_BORDER);
  g_assert_cmpint (cypher_cell_area (cell ("h5")), ==, CYPHER_BORDER);
  g_assert_cmpint (cypher_cell_area (cell ("a4")), ==, CYPHER_FIELD);
  g_assert_cmpstr (b->shade_names[b->cells[cell ("z0")].shade], ==, "Court dark");
  g_assert_cmpstr (b->shade_names[b->cells[cell ("i0")].shade], ==, "Court light");
  /* The tints differ from each other and from the plain shades. */
  for (int i = 0; i < b->n_shades; i++)
    for (int j = i + 1; j < b->n_shades; j++)
      g_assert_false (b->shade_rgb[i][0] == b->shade_rgb[j][0] && b->shade_rgb[i][1] == b->shade_rgb[j][1]
                      && b->shade_rgb[i][2] == b->shade_rgb[j][2]);
  g_assert_cmpint (b->n_labels, ==, 42);
  /* 3.1: K Q R B N P S, each with a mark; the chess pieces as symbols. */
  g_assert_cmpint (V->n_piece_types, ==, 8);
  g_assert_cmpint (V->pieces[CYPHER_KING].letter, ==, 'K');
  g_assert_cmpint (V->pieces[CYPHER_SPY].letter, ==, 'S');
  g_assert_cmpstr (V->pieces[CYPHER_SPY].name, ==, "Spy");
  for (int t = 1; t < V->n_piece_types; t++)
    {
      g_assert_nonnull (V->pieces[t].mark);
      g_assert_cmpint (V->pieces[t].mark[0].op, ==, CHEOPS_MARK_DISC);
      if (t != CYPHER_SPY)
        g_assert_cmpint (V->pieces[t].mark[1].op, ==, CHEOPS_MARK_TEXT);
    }
  g_assert_cmpstr (V->pieces[CYPHER_KING].mark[1].s, ==, "\u265A");
  g_assert_cmpint (V->pieces[CYPHER_SPY].mark[1].op, !=, CHEOPS_MARK_TEXT);
  /* 6.5's words. */
  {
    static const char *const words[] = {
      "none", "w checkmate", "b checkmate", "w flip", "b flip", "draw stalemate", "draw embedding",
      "draw four-checks", "draw repetition",
    };
    g_assert_cmpint (V->n_outcomes, ==, G_N_ELEMENTS (words));
    for (int i = 0; i < V->n_outcomes; i++)
      g_assert_cmpstr (V->outcomes[i].status, ==, words[i]);
    g_assert_true (V->outcomes[CYPHER_OUTCOME_DRAW_REPETITION].needs_history);
  }
}

/* ------------------------------------------------------- reach (3.5) */

static void
test_reach (void)
{
  static const struct { const char *fen, *piece; int count; const char *cells; } cases[] = {
    { "10/9k/10/9s/10/10/10/3R5S/10/9K/10 w - 0+0 - 0 1", "R", 15,
      "a3 b3 d3 e3 f3 g3 h3 c1 c2 c4 c5 c6 c7 c8 c9" },
    { "10/9k/10/9s/10/5Q4/10/9S/10/9K/10 w - 0+0 - 0 1", "Q", 29,
      "a5 b5 c5 d5 f5 g5 h5 e1 e2 e3 e4 e6 e7 e8 e9 d6 c7 b8 a9 f6 g7 h8 d4 c3 b2 a1 f4 g3 h2" },
    { "10/9k/10/9s/10/10/3B6/9S/10/9K/10 w - 0+0 - 0 1", "B", 12, "b3 a2 d5 e6 f7 g8 h9 b5 a6 d3 e2 f1" },
    { "10/9k/10/9s/10/10/4N5/9S/10/9K/10 w - 0+0 - 0 1", "N", 8, "b3 b5 c2 c6 e2 e6 f3 f5" },
    { "10/9k/10/9s/10/4N5/10/9S/10/9K/10 w - 0+0 - 0 1", "N", 16,
      "b4 b6 c3 c7 e3 e7 f4 f6 a4 a6 c2 c8 e2 e8 g4 g6" },
    { "10/9k/10/9s/10/10/10/N8S/10/9K/10 w - 0+0 - 0 1", "N", 4, "a0 a6 c2 c4" },
    { "5N4/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 1", "N", 4, "b9 d7 f7 h9" },
    { "10/9k/10/9s/10/10/10/9S/10/9K/1R8 w - 0+0 - 0 1", "R", 19,
      "z0 b0 c0 d0 e0 f0 g0 h0 i0 a1 a2 a3 a4 a5 a6 a7 a8 a9 a10" },
    { "10/9k/10/9s/10/10/10/9S/10/9K/Q9 w - 0+0 - 0 1", "Q", 27,
      "a0 b0 c0 d0 e0 f0 g0 h0 i0 z1 z2 z3 z4 z5 z6 z7 z8 z9 z10 a1 b2 c3 d4 e5 f6 g7 h8" },
    { "10/9k/10/9s/10/5K4/10/9S/10/10/10 w - 0+0 - 0 1", "K", 7, "d4 d5 d6 e4 e6 f5 f6" },
    { "8k1/10/s9/10/10/5S4/10/10/10/2K7/10 w - 0+0 - 0 1", "S", 33,
      "z5 a5 b5 c5 d5 f5 g5 h5 i5 e0 e1 e2 e3 e4 e6 e7 e8 e9 e10# d4 c3 z0 f6 g7 h8 d6 c7 b8 z10# f4 g3 h2 i1" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(GStrv) cells = g_strsplit (cases[i].cells, " ", -1);
      g_autoptr(GString) expected = g_string_new (NULL);

      g_assert_cmpint (g_strv_length (cells), ==, cases[i].count);
      for (int j = 0; cells[j]; j++)
        g_string_append_printf (expected, "%s%s%s", j ? " " : "", cases[i].piece, cells[j]);
      assert_moves (cases[i].fen, cases[i].piece, expected->str);
    }
}

/* ------------------------------------------------- section 8 numbers */

static void
test_first_moves (void)
{
  static const char *const white =
    "a4 a5 b4 b5 c4 c5 d4 d5 e4 e5 f4 f5 g4 g5 h4 h5 "
    "Sz0 Sa0 Sb0 Sc0 Se0 Sf0 Sg0 Sh0 Si0 Na2 Nh2 Ra1 Rb2 Rg2 Rh1 Bd1 Be1 Qd1 Qe1";
  static const char *const black =
    "a6 a5 b6 b5 c6 c5 d6 d5 e6 e5 f6 f5 g6 g5 h6 h5 "
    "Sz10 Sa10 Sb10 Sc10 Se10 Sf10 Sg10 Sh10 Si10 Na8 Nh8 Ra9 Rb8 Rg8 Rh9 Bd9 Be9 Qd9 Qe9";
  CheopsPosition pos;
  g_autofree char *fen = NULL;
  g_auto(GStrv) words = g_strsplit (white, " ", -1);

  g_assert_cmpint (g_strv_length (words), ==, 35);
  cheops_position_init_start (&pos, V);
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, CYPHER_START_FEN);
  g_assert_cmpint (cheops_count_moves (&pos), ==, 35);
  assert_moves (CYPHER_START_FEN, NULL, white);
  assert_moves ("4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 b - 0+0 - 0 1", NULL, black);
}

static void
test_worked_positions (void)
{
  /* CY14: a Border King checked by a Field rook. */
  assert_moves ("10/9k/5r4/9s/10/5K4/10/10/10/10/1S8 w - 0+1 - 0 1", NULL, "Kd4 Kd5 Kd6 Ke4 Ke6 Kf5 Kf6");
  /* Collusion (4.2, 4.6): Kxd7 is a collusion capture and a King flip. */
  assert_moves ("9s/10/5k4/4Q5/3S6/10/10/10/5K4/10/10 b - 1+0 - 0 1", NULL, "Kxd7# Ke9 Kf8");
  /* A Border Spy checks through f4; Kf4 flips it (CY4). */
  assert_moves ("10/9k/10/10/10/7s2/10/5K4/10/10/1S8 w - 0+1 - 0 1", NULL, "Kd3 Kd4 Ke2 Ke4 Kf2 Kf3 Kf4#");
  /* 4.8: the drops. */
  assert_moves ("s9/10/10/10/5k4/3p6/10/10/5K4/10/1S8 w PPp 0+0 - 0 1", "P@", "P@a5 P@b5 P@e5 P@g5 P@h5");
}

/* ------------------------------------------------------------ FEN */

static void
test_fen_round_trip (void)
{
  static const char *const fens[] = {
    CYPHER_START_FEN,
    "10/9k/5r4/9s/10/5K4/10/10/10/10/1S8 w - 0+1 - 0 1",
    "9s/10/5k4/4Q5/3S6/10/10/10/5K4/10/10 b - 1+0 - 0 1",
    "s9/10/10/10/5k4/3p6/10/10/5K4/10/1S8 w PPp 0+0 - 0 1",
    "s9/10/10/10/5k4/3p6/10/10/5K4/10/1S8 b Pppp 0+0 - 17 40",
  };

  for (guint i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      CheopsPosition pos;
      g_autofree char *fen = NULL;

      load (&pos, fens[i]);
      fen = fen_of (&pos);
      g_assert_cmpstr (fen, ==, fens[i]);
    }
  /* Spaces around and between fields. */
  {
    CheopsPosition pos;
    g_autofree char *fen = NULL;

    load (&pos, "  4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5   w - 0+0 -  0 1 ");
    fen = fen_of (&pos);
    g_assert_cmpstr (fen, ==, CYPHER_START_FEN);
  }
}

/* ----------------------------------------------------------- perft */

static void
test_perft (void)
{
  CheopsPosition pos;

  cheops_position_init_start (&pos, V);
  g_assert_cmpuint (cheops_perft (&pos, 1), ==, 35);
  g_assert_cmpuint (cheops_perft (&pos, 2), ==, 1217);
  g_assert_cmpuint (cheops_perft (&pos, 3), ==, 51325);
  if (g_test_slow ())
    g_assert_cmpuint (cheops_perft (&pos, 4), ==, 2156677);
  g_assert_true (cheops_position_is_consistent (&pos));
}

/* Random games: do and undo give back the very same position, the key
 * stays the one computed from scratch, and FEN reads back to itself. */
static void
test_do_undo (void)
{
  GRand *rand = g_rand_new_with_seed (20261201);

  for (int game = 0; game < 40; game++)
    {
      CheopsPosition pos;

      cheops_position_init_start (&pos, V);
      for (int ply = 0; ply < 160; ply++)
        {
          CheopsMove list[CHEOPS_MAX_MOVES];
          CheopsMove *end = cheops_generate_moves (&pos, list);
          CheopsPosition before = pos, back;
          CheopsUndo undo;
          CheopsMove move;
          g_autofree char *fen = NULL;

          if (end == list)
            break;
          move = list[g_rand_int_range (rand, 0, (int) (end - list))];
          cheops_position_do_move (&pos, move, &undo);
          g_assert_true (cheops_position_is_consistent (&pos));
          fen = fen_of (&pos);
          load (&back, fen);
          g_assert_cmphex (back.key, ==, pos.key);
          cheops_position_undo_move (&pos, move, &undo);
          g_assert_true (memcmp (&pos, &before, sizeof pos) == 0);
          cheops_position_do_move (&pos, move, &undo);
        }
    }
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/cypher/board", test_board);
  g_test_add_func ("/core/cypher/reach", test_reach);
  g_test_add_func ("/core/cypher/first-moves", test_first_moves);
  g_test_add_func ("/core/cypher/worked-positions", test_worked_positions);
  g_test_add_func ("/core/cypher/fen-round-trip", test_fen_round_trip);
  g_test_add_func ("/core/cypher/perft", test_perft);
  g_test_add_func ("/core/cypher/do-undo", test_do_undo);
  return g_test_run ();
}
