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
static void
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

static const char *
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

/* ------------------------------------------- capture table (3.4) */

/* The captures among the legal moves of @fen, as SAN. */
static void
assert_captures (const char *fen, const char *expected)
{
  CheopsPosition pos;
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *got = NULL, *want = sorted (expected);

  load (&pos, fen);
  end = cheops_generate_moves (&pos, list);
  for (CheopsMove *m = list; m < end; m++)
    if (cheops_position_is_capture (&pos, *m))
      {
        char san[CHEOPS_SAN_MAX];
        cheops_move_to_san (&pos, *m, san);
        g_ptr_array_add (names, g_strdup (san));
      }
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  got = g_strjoinv (" ", (char **) names->pdata);
  if (strcmp (got, want) != 0)
    g_error ("%s: captures\n  %s\nexpected\n  %s", fen, got, want);
}

static void
test_capture_table (void)
{
  /* Row 1: a major on a Court cell (the Black rook e0) falls only to the
   * Spy, here from the Border (CY26); not to the Court Queen a0, nor to the
   * Field knight d2. */
  assert_captures ("8k1/10/s9/10/10/5S4/10/10/4N5/2K7/1Q3r4 w - 0+0 - 0 1", "Sxe0");
  /* Row 2: a major on the Border (the Black knight d5) falls only to a
   * pawn: not to the Field rook d1 nor the Court rook z5. */
  assert_captures ("8k1/10/s9/10/10/R3n5/3P6/5S4/10/2K1R5/10 w - 0+0 - 0 1", "cxd5");
  /* Row 3: a major on a Field cell (the Black rook d4) falls to a pawn, a
   * Border Queen, a Border King and a Border knight; not to the Field rook
   * d1, the Field knight e2 or the Spy. */
  assert_captures ("8k1/10/9s/10/10/3K1QN3/1S2r5/3P6/5N4/4R5/10 w - 0+0 - 0 1", "Kxd4 Nxd4 Qxd4 cxd4");
  /* Row 4: a pawn on a Field cell, not in sanctuary (Black d4), falls to
   * all but the Spy: pawn, Field King, Field rook, Border knight. */
  assert_captures ("8k1/10/10/10/9s/2N7/1S2pK4/3P6/10/4R5/10 w - 0+0 - 0 1", "Kxd4 Nxd4 Rxd4 cxd4");
  /* Row 5: a pawn in sanctuary (Black d3, rows 1-3 for Black, CY10) falls
   * to nothing: not to the rook d1, the King e4, the knight f4 nor the
   * Border Queen d5. */
  assert_captures ("8k1/10/10/10/9s/4Q5/1S3KN3/4p5/10/4R5/10 w - 0+0 - 0 1", "");
  /* A Border King takes a Border pawn, not a Border knight (CY9); the
   * Spy never takes a pawn. */
  assert_captures ("8k1/10/10/9s/1p8/4nKp3/10/10/10/10/1S8 w - 0+0 - 0 1", "Kxf5");
}

/* ------------------------------------------------------- check (4.2) */

/* A position built from "Ke5 re8 ..." (upper case White), @side to move,
 * without the FEN's validity rules (for check tests). */
static void
build (CheopsPosition *pos, const char *pieces, CheopsSide side)
{
  g_auto(GStrv) words = g_strsplit (pieces, " ", -1);

  cheops_position_clear (pos, V);
  for (int i = 0; words[i]; i++)
    {
      char letter = words[i][0];
      CheopsSide s = g_ascii_isupper (letter) ? CHEOPS_SIDE_A : CHEOPS_SIDE_B;
      CheopsPieceType type = cheops_variant_piece_type (V, letter);

      g_assert_cmpint (type, !=, CHEOPS_NO_PIECE_TYPE);
      cheops_position_put (pos, cell (words[i] + 1), cheops_piece_make (s, type));
    }
  cheops_position_set_side (pos, side);
  g_assert_true (cheops_position_is_consistent (pos));
}

static bool
checked (const char *pieces, CheopsSide side)
{
  CheopsPosition pos;

  build (&pos, pieces, side);
  return cheops_position_king_attacked (&pos, side);
}

#define W CHEOPS_SIDE_A
#define B CHEOPS_SIDE_B

static void
test_check (void)
{
  /* CY14: a Border King is checked by a Field rook; Spy transparency
   * (CY15): through a Field Spy of either side, not through a pawn. */
  g_assert_true (checked ("Ke5 Sa0 re8 si8 kz10", W));
  g_assert_true (checked ("Ke5 Sa0 re8 se7 kz10", W));
  g_assert_true (checked ("Ke5 Se7 re8 si8 kz10", W));
  g_assert_true (checked ("Ke5 Sa0 re8 se6 kz10", W));
  g_assert_false (checked ("Ke5 Sa0 re8 pe7 si8 kz10", W));
  /* A Field Spy does not check a Border King; a Border or Court one does. */
  g_assert_false (checked ("Ke5 Sa0 sh8 kz10", W));
  g_assert_true (checked ("Ke5 Sa0 sh5 kz10", W));
  g_assert_true (checked ("Ke5 Sa0 si9 kb9", W));
  /* A Field King: a Field major checks only colluding (CY16), a Border or
   * Court one always. */
  g_assert_false (checked ("Ke3 Sa0 re8 si8 kz10", W));
  g_assert_true (checked ("Ke3 Sa0 re10 si8 kz10", W));
  g_assert_true (checked ("Ke3 Sa0 re5 si8 kz10", W));
  /* A Court Spy blocks lines: between a Court Spy and a Court King it
   * stops the flip, so the base of 3.5 is a quiet position; without it
   * Black's Spy i7 flips the White King i1. */
  g_assert_cmpstr (outcome_of ("10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 1"), ==, "none");
  g_assert_cmpstr (outcome_of ("10/9k/10/9s/10/10/10/S9/10/9K/10 w - 0+0 - 0 1"), ==, "b flip");
  /* A Field Spy is transparent to a flip line: z0-i9 through d4. */
  g_assert_cmpstr (outcome_of ("10/9k/10/10/10/10/4s5/10/10/10/S2K6 b - 0+0 - 0 1"), ==, "w flip");
  g_assert_cmpstr (outcome_of ("10/1s7k/10/10/10/10/4p5/10/10/10/S2K6 b - 0+0 - 0 1"), ==, "none");

  /* Collusion across the Border (4.2): the White Spy c3 next to the
   * White rook c4, both on Field cells, makes the rook check the Black
   * King c8 up the c-file through the Border. */
  g_assert_true (checked ("Kh1 Sc3 Rc4 kc8 sz10", B));
  g_assert_false (checked ("Kh1 Sa2 Rc4 kc8 sz10", B));
  /* The colluding Spy itself checks a Field King (CY16). */
  g_assert_true (checked ("Kh1 Sc3 Rb3 kc8 sz10", B));
  g_assert_false (checked ("Kh1 Sc3 Ra1 kc8 sz10", B));
  /* Nothing but an embedded pawn checks a Court King (CY13). */
  g_assert_false (checked ("Kh1 Sc3 Rc4 kc10 sz8", B));

  /* Kings (CY27): Field Kings side by side do not check; a Court King
   * checks a Field King next to it; a Border King and a Field King next
   * to each other check each other; two Court Kings do not. */
  g_assert_false (checked ("Kd3 Sh1 ke4 sh8", W));
  g_assert_false (checked ("Kd3 Sh1 ke4 sh8", B));
  g_assert_true (checked ("Ka1 Sh1 kz1 sh8", W));
  g_assert_false (checked ("Ka1 Sh1 kz1 sh8", B));
  g_assert_true (checked ("Kd5 Sh1 ke4 sh8", W));
  g_assert_true (checked ("Kd5 Sh1 ke4 sh8", B));
  g_assert_false (checked ("Kz1 Sh1 kz2 sh8", W));
  g_assert_false (checked ("Kz1 Sh1 kz2 sh8", B));

  /* An embedded pawn checks a Court King on its forward diagonals; nothing
   * else does (CY13): not a pawn on row 8 next to z9. */
  g_assert_true (checked ("Kb1 Sh2 Pd9 ke10 sh7", B));
  g_assert_true (checked ("Kb1 Sh2 Pd9 kc10 sh7", B));
  g_assert_false (checked ("Kb1 Sh2 Pd9 kd10 sh7", B));
  g_assert_false (checked ("Kb1 Sh2 Pa8 kz9 sh7", B));
  g_assert_false (checked ("Kb1 Sh2 Qd8 Re9 kd10 sh7", B));
  /* Knights check with the leaps of their own cell (CY8). */
  g_assert_true (checked ("Kc3 Sh1 nz4 kz10 sh8", W));   /* Court: the long leap z4-c3 */
  g_assert_false (checked ("Kc3 Sh1 nb1 kz10 sh8", W));  /* Field, not colluding */
  g_assert_true (checked ("Kc3 Sh1 nd5 kz10 sh8", W));   /* Border: the short leap d5-c3 */
  g_assert_true (checked ("Kc3 Sh1 nb1 sa2 kz10", W));   /* Field, colluding with a2 */
}

/* ------------------------------------------ compound move (4.4) */

static void
test_compound (void)
{
  static const char *const fen = "8s1/10/5k4/10/10/10/10/10/5K4/2R7/1S8 w - 0+0 - 0 1";
  CheopsPosition pos, before;
  CheopsError error = { 0 };
  CheopsMove move;
  CheopsUndo undo;
  char buf[CHEOPS_SAN_MAX];
  g_autofree char *after = NULL, *plain = NULL;

  /* The Spy leaves Court for a1; the rook b1 may then enter Court on b0,
   * b10 or i1 (not z1: the Spy's new cell blocks it, CY7), or stay
   * (Sa10 stays in Court: no second part). */
  assert_moves (fen, "Sa1", "Sa1 Sa1,Rb0 Sa1,Rb10 Sa1,Ri1 Sa10");
  load (&pos, fen);
  before = pos;
  move = cheops_move_from_text (&pos, "a0a1,b1b0", &error);
  g_assert_cmphex (move, ==, cheops_move_make_compound (cell ("a0"), cell ("a1"), cell ("b1"), cell ("b0")));
  g_assert_cmpint (cheops_move_kind (move), ==, CHEOPS_MOVE_COMPOUND);
  cheops_move_to_text (V, move, buf);
  g_assert_cmpstr (buf, ==, "a0a1,b1b0");
  cheops_move_to_san (&pos, move, buf);
  g_assert_cmpstr (buf, ==, "Sa1,Rb0");
  g_assert_cmphex (cheops_move_from_san (&pos, "Sa1,Rb0", -1, &error), ==, move);
  g_assert_false (cheops_position_is_capture (&pos, move));
  cheops_position_do_move (&pos, move, &undo);
  after = fen_of (&pos);
  g_assert_cmpstr (after, ==, "8s1/10/5k4/10/10/10/10/10/5K4/1S8/2R7 b - 0+0 - 1 1");
  cheops_position_undo_move (&pos, move, &undo);
  g_assert_true (memcmp (&pos, &before, sizeof pos) == 0);
  /* Without its second part it is a plain Spy move. */
  move = cheops_move_from_san (&pos, "Sa1", -1, &error);
  g_assert_cmphex (move, ==, cheops_move_make (cell ("a0"), cell ("a1")));
  cheops_position_do_move (&pos, move, &undo);
  plain = fen_of (&pos);
  g_assert_cmpstr (plain, ==, "8s1/10/5k4/10/10/10/10/10/5K4/1SR7/10 b - 0+0 - 1 1");
  /* A compound move never captures (CY7): no 'x'. */
  g_assert_cmphex (cheops_move_from_san (&before, "Sa1,Rxb0", -1, &error), ==, CHEOPS_MOVE_NONE);
  /* The start position has none: the Spy cannot leave Court (8). */
  cheops_position_init_start (&pos, V);
  {
    CheopsMove list[CHEOPS_MAX_MOVES];
    CheopsMove *end = cheops_generate_moves (&pos, list);
    for (CheopsMove *m = list; m < end; m++)
      g_assert_cmpint (cheops_move_kind (*m), !=, CHEOPS_MOVE_COMPOUND);
  }
  /* The second part's disambiguation compares only compound moves with
   * the same Spy move and destination (6.3): Sd1,Nba0 and Sd1,Nca0. */
  assert_moves ("9s/10/7k2/10/10/10/10/7K2/2N7/3N6/4S5 w - 0+0 - 0 1", "Sd1,", "Sd1,Nba0 Sd1,Nca0 Sd1,Nz1 Sd1,Nz3 Sd1,Nc0 Sd1,Ne0");
}

/* --------------------------------------------------- re-take (4.5) */

static void
test_retake (void)
{
  CheopsPosition pos;
  g_autofree char *fen = NULL;

  /* The Border rook d5 takes the Field bishop d7: the window opens on d7
   * (the mark); the Field knight b8 may re-take it, only it (not the
   * Field bishop a6, which the knight otherwise may not take either). */
  load (&pos, "9s/10/2n4k2/4b5/1B8/4R5/10/10/3K6/10/S9 w - 0+0 - 0 1");
  play (&pos, "Rxd7");
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "9s/10/2n4k2/4R5/1B8/10/10/10/3K6/10/S9 b - 0+0 d7 0 1");
  assert_captures (fen, "Nxd7");
  /* Without the window, no. */
  assert_captures ("9s/10/2n4k2/4R5/1B8/10/10/10/3K6/10/S9 b - 0+0 - 0 1", "");
  /* The window closes after one move, whatever is played (CY18). */
  play (&pos, "Kf8");
  play (&pos, "Kc3");
  g_clear_pointer (&fen, g_free);
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "9s/10/2n3k3/4R5/1B8/10/10/3K6/10/10/S9 b - 0+0 - 2 2");
  assert_captures (fen, "");
  /* A pawn capture, and a capture of a pawn, open none. */
  load (&pos, "9s/10/2n4k2/4p5/1B8/4R5/10/10/3K6/10/S9 w - 0+0 - 0 1");
  play (&pos, "Rxd7");
  g_assert_cmpuint (pos.state[CYPHER_STATE_MARK], ==, CHEOPS_CELL_NONE);
  g_assert_cmpint (pos.hand[CHEOPS_SIDE_B][CYPHER_PAWN], ==, 1);   /* 4.8: to its owner */
}

/* ------------------------------------------ prisoner release (4.8) */

static void
test_drops (void)
{
  CheopsPosition pos;
  CheopsError error = { 0 };
  CheopsMove move;
  g_autofree char *fen = NULL;
  char buf[CHEOPS_SAN_MAX];

  /* 8: a5 b5 e5 g5 h5; c5 is occupied, d5 and f5 would check the King e6,
   * z5 and i5 are Court (CY19). */
  assert_moves ("s9/10/10/10/5k4/3p6/10/10/5K4/10/1S8 w PPp 0+0 - 0 1", "P@", "P@a5 P@b5 P@e5 P@g5 P@h5");
  /* Not in check. */
  assert_moves ("10/9k/5r4/9s/10/5K4/10/10/10/10/1S8 w P 0+1 - 0 1", "P@", "");
  load (&pos, "s9/10/10/10/5k4/3p6/10/10/5K4/10/1S8 w PPp 0+0 - 7 9");
  move = cheops_move_from_text (&pos, "P@a5", &error);
  g_assert_cmphex (move, ==, cheops_move_make_drop (CYPHER_PAWN, cell ("a5")));
  g_assert_cmphex (cheops_move_from_text (&pos, "p@a5", &error), ==, move);
  g_assert_cmphex (cheops_move_from_san (&pos, "P@a5", -1, &error), ==, move);
  g_assert_cmphex (cheops_move_from_text (&pos, "P@c5", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_ILLEGAL);
  g_assert_cmphex (cheops_move_from_text (&pos, "P@z5", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmphex (cheops_move_from_text (&pos, "P@d5", &error), ==, CHEOPS_MOVE_NONE);
  cheops_move_to_text (V, move, buf);
  g_assert_cmpstr (buf, ==, "P@a5");
  cheops_move_to_san (&pos, move, buf);
  g_assert_cmpstr (buf, ==, "P@a5");
  play (&pos, "P@a5");
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "s9/10/10/10/5k4/1P1p6/10/10/5K4/10/1S8 b Pp 0+0 - 0 9");
  /* The released pawn is not on its start row: one step only (CY19). */
  play (&pos, "Ke7");
  g_clear_pointer (&fen, g_free);
  fen = fen_of (&pos);
  assert_moves (fen, "a", "a6");
}

/* ------------------------------------------------------ flips (4.9) */

static void
test_flips (void)
{
  CheopsPosition pos;
  CheopsMove list[CHEOPS_MAX_MOVES];

  /* The Spy flips the King across the board: Sz10 along row 10 to h10. */
  load (&pos, "8k1/10/s9/10/10/5S4/10/10/10/2K7/10 w - 0+0 - 0 1");
  play (&pos, "Sz10#");
  g_assert_cmpstr (V->outcomes[cheops_position_outcome (&pos)].status, ==, "w flip");
  g_assert_true (cheops_generate_moves (&pos, list) == list);   /* CY28 */
  g_assert_cmpint (cheops_count_moves (&pos), ==, 0);
  /* A piece leaving the line flips too: the knight d4 on z0-i9. */
  assert_moves ("10/1s7k/10/10/10/10/4N5/10/10/10/S2K6 w - 0+0 - 0 1", "N",
                "Nb3# Nb5# Nc2# Nc6# Ne2# Ne6# Nf3# Nf5#");
  /* The King flips the Spy, though the Spy checks it (CY4). */
  load (&pos, "10/9k/10/10/10/7s2/10/5K4/10/10/1S8 w - 0+1 - 0 1");
  play (&pos, "Kf4#");
  g_assert_cmpstr (V->outcomes[cheops_position_outcome (&pos)].status, ==, "w flip");
  g_assert_cmpint (cheops_count_moves (&pos), ==, 0);
  /* Self-flip (L4, CY5): the White Spy i3 may not leave the line i1-i7. */
  assert_moves ("10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 1", "S", "Si4 Si5");
  /* Court-Court: the King i1 may not go next to the Court Spy g0 (h0, L3)
   * nor into its lines (i0, i2); h1 next to it is a King flip. */
  assert_moves ("10/10/5k4/10/10/10/3S6/10/10/9K/7s2 w - 0+0 - 0 1", "K", "Kh1# Kh2");
  /* A Spy never moves next to a King or the other Spy (L2, CY3): see the
   * Spy e5 of 3.5 (test_reach). */
}

/* ------------------------------------------------ end of game (4.10) */

static void
test_end_of_game (void)
{
  CheopsPosition pos;
  g_autofree char *fen = NULL;

  /* Checkmate: the King i10 in check from the embedded pawn h9; h10 is
   * checked by g9, i9 is in the White Spy's line z0-i9, h9 is a pawn in
   * sanctuary; the Black Spy is boxed in. */
  g_assert_cmpstr (outcome_of ("9k/7PP1/1BPB6/1PsP6/1NPP6/10/10/10/4K5/10/S9 b - 1+0 - 0 1"), ==, "w checkmate");
  /* Stalemate: the same without the check. */
  g_assert_cmpstr (outcome_of ("9k/7P2/1PPB6/1PsP6/1PPP6/10/10/10/4K5/10/S7R1 b - 0+0 - 0 1"), ==, "draw stalemate");

  /* The embedding draw (4.7, CY12): the pawn embeds on d9 with the Black
   * King on d10 in front of it. */
  load (&pos, "4k5/10/4P5/8s1/10/10/10/10/8S1/2K7/10 w - 0+0 - 0 1");
  play (&pos, "d9");
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "4k5/4P5/10/8s1/10/10/10/10/8S1/2K7/10 b - 0+0 d9 0 1");
  g_assert_cmpstr (outcome_of (fen), ==, "draw embedding");
  g_assert_cmpint (cheops_count_moves (&pos), ==, 0);
  /* With the King on c10 the embedded pawn checks it instead. */
  load (&pos, "3k6/10/4P5/8s1/10/10/10/10/8S1/2K7/10 w - 0+0 - 0 1");
  play (&pos, "d9+");
  g_clear_pointer (&fen, g_free);
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "3k6/4P5/10/8s1/10/10/10/10/8S1/2K7/10 b - 1+0 d9 0 1");
  g_assert_cmpstr (outcome_of (fen), ==, "none");
  /* A King that steps in front later does not draw (CY12). */
  assert_moves (fen, "K", "Kb9 Kb10 Kc9 Kd10");
  play (&pos, "Kd10");
  g_clear_pointer (&fen, g_free);
  fen = fen_of (&pos);
  g_assert_cmpstr (outcome_of (fen), ==, "none");

  /* Four checks in a row (CY21): the White counter is 3; Re8+ is the
   * fourth check and draws; a quiet move resets it. */
  load (&pos, "10/10/1R8/8s1/10/5k4/10/10/8S1/2K7/10 w - 3+0 - 0 1");
  play (&pos, "Re8+");
  g_clear_pointer (&fen, g_free);
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "10/10/5R4/8s1/10/5k4/10/10/8S1/2K7/10 b - 4+0 - 1 1");
  g_assert_cmpstr (outcome_of (fen), ==, "draw four-checks");
  g_assert_cmpint (cheops_count_moves (&pos), ==, 0);
  load (&pos, "10/10/1R8/8s1/10/5k4/10/10/8S1/2K7/10 w - 3+0 - 0 1");
  play (&pos, "Kc1");
  g_clear_pointer (&fen, g_free);
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "10/10/1R8/8s1/10/5k4/10/10/8S1/3K6/10 b - 0+0 - 1 1");
  /* Three in a row do not draw. */
  load (&pos, "10/10/1R8/8s1/10/5k4/10/10/8S1/2K7/10 w - 2+0 - 0 1");
  play (&pos, "Re8+");
  g_assert_cmpint (pos.state[CYPHER_STATE_CHECKS_A], ==, 3);
  g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_OUTCOME_NONE);

  /* A win by the move beats a draw by the same move (CY22): a fourth
   * check that mates is checkmate. */
  g_assert_cmpstr (outcome_of ("9k/7PP1/1BPB6/1PsP6/1NPP6/10/10/10/4K5/10/S9 b - 4+0 - 0 1"), ==, "w checkmate");
}

/* Threefold repetition (CY23) from a record: the start position and the
 * same after 4 and 8 plies of knight moves. */
static void
test_repetition (void)
{
  static const char *const moves[] = { "Nh2", "Nh8", "Nf1", "Nf9", "Nh2", "Nh8", "Nf1", "Nf9" };
  CheopsPosition pos;
  uint64_t keys[16];
  size_t n = 0;

  cheops_position_init_start (&pos, V);
  keys[n++] = pos.key;
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      int count;

      play (&pos, moves[i]);
      keys[n++] = pos.key;
      count = cheops_repetition_count (keys, n, cheops_position_repetition_horizon (&pos));
      g_assert_cmpint (count, ==, i < 3 ? 1 : i < 7 ? 2 : 3);
      g_assert_cmpstr (V->outcomes[cheops_position_repetition_outcome (&pos, count)].status, ==,
                       i == 7 ? "draw repetition" : "none");
    }
  /* A drop and its capture, twice round, repeat the position although each
   * of them resets the halfmove clock (4.8, CY23): the third occurrence
   * after 16 plies draws. */
  {
    static const char *const loop[] = { "P@a5", "Rxa5", "Kh1", "Ra6", "P@a5", "Rxa5", "Ki1", "Ra6" };
    uint64_t loop_keys[20];
    size_t k = 0;

    load (&pos, "10/9k/10/9s/1r8/10/10/9S/10/9K/10 w P 0+0 - 0 1");
    loop_keys[k++] = pos.key;
    for (guint i = 0; i < 2 * G_N_ELEMENTS (loop); i++)
      {
        int count;

        play (&pos, loop[i % G_N_ELEMENTS (loop)]);
        loop_keys[k++] = pos.key;
        count = cheops_repetition_count (loop_keys, k, cheops_position_repetition_horizon (&pos));
        g_assert_cmpint (count, ==, i < 7 ? 1 : i < 15 ? 2 : 3);
        g_assert_cmpstr (V->outcomes[cheops_position_repetition_outcome (&pos, count)].status, ==,
                         i == 15 ? "draw repetition" : "none");
      }
    g_assert_cmpint (pos.halfmove_clock, ==, 2);
  }
  /* The same placement with another check counter or mark is another
   * position (the first five FEN fields). */
  {
    CheopsPosition a, b;

    load (&a, "10/10/1R8/8s1/10/5k4/10/10/8S1/2K7/10 w - 0+0 - 0 1");
    load (&b, "10/10/1R8/8s1/10/5k4/10/10/8S1/2K7/10 w - 2+0 - 0 1");
    g_assert_cmphex (a.key, !=, b.key);
    load (&b, "10/10/1R8/8s1/10/5k4/10/10/8S1/2K7/10 w - 0+0 - 5 9");
    g_assert_cmphex (a.key, ==, b.key);
    load (&b, "10/10/1R8/8s1/10/5k4/10/10/8S1/2K7/10 w P 0+0 - 0 1");
    g_assert_cmphex (a.key, !=, b.key);
  }
}

/* ------------------------------------------------- FEN errors (6.1) */

static void
test_fen_errors (void)
{
  static const struct { const char *fen, *rule, *field; CheopsErrorCode code; } cases[] = {
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0", "F1", "FEN", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 1 x", "F1", "FEN", CHEOPS_ERROR_FEN_SYNTAX },
    { "9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 1", "F2", "placement", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k//9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 1", "F2", "placement", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/8S/10/9K/10 w - 0+0 - 0 1", "F3", "placement", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S1/10/9K/10 w - 0+0 - 0 1", "F3", "placement", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/09S/10/9K/10 w - 0+0 - 0 1", "F3", "placement", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/0 w - 0+0 - 0 1", "F3", "placement", CHEOPS_ERROR_FEN_SYNTAX },
    { "11/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 1", "F3", "placement", CHEOPS_ERROR_FEN_SYNTAX },
    /* A run of digits long enough to overflow an int if it were all read
       (UBSan saw the overflow; the sanitize build fails on it). */
    { "10/9k/10/9s/10/10/10/99999999999999999999S/10/9K/10 w - 0+0 - 0 1", "F3", "placement", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/12345678901234567890123/10/9K/10 w - 0+0 - 0 1", "F3", "placement", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9X/10/9K/10 w - 0+0 - 0 1", "F3", "placement", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/10/10/10/10/9S/10/9K/10 w - 0+0 - 0 1", "F4", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/10/9S/10/K8K/10 w - 0+0 - 0 1", "F4", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/RRR7/9S/10/9K/10 w - 0+0 - 0 1", "F5", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/QQ8/9S/10/9K/10 w - 0+0 - 0 1", "F5", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/P9/9S/10/9K/10 w - 0+0 - 0 1", "F6", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/10/9S/1P8/9K/10 w - 0+0 - 0 1", "F6", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/1p8/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 1", "F6", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 x - 0+0 - 0 1", "F7", "side to move", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 W - 0+0 - 0 1", "F7", "side to move", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w pP 0+0 - 0 1", "F8", "hand", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w PPPPPPPPP 0+0 - 0 1", "F8", "hand", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/10/1PPPPPPPPS/10/9K/10 w P 0+0 - 0 1", "F8", "hand", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w -- 0+0 - 0 1", "F8", "hand", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0-0 - 0 1", "F9", "checks", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 10+0 - 0 1", "F9", "checks", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 4+0 - 0 1", "F9", "checks", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 b - 5+0 - 0 1", "F9", "checks", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+1 - 0 1", "F10", "checks", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/5r4/9s/10/5K4/10/10/10/10/1S8 w - 0+0 - 0 1", "F10", "checks", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 j1 0 1", "F11", "mark", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 e05 0 1", "F11", "mark", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 e5 0 1", "F11", "mark", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/4R5/10/9S/10/9K/10 w - 0+0 d5 0 1", "F11", "mark", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/4R5/10/10/9S/10/9K/10 w - 0+0 d6 0 1", "F11", "mark", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 01 1", "F12", "halfmove clock", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - -1 1", "F12", "halfmove clock", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 1234567", "F12", "fullmove number", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 0", "F12", "fullmove number", CHEOPS_ERROR_FEN_SYNTAX },
    { "10/9k/10/9s/10/10/10/10/9S/9K/10 w - 0+0 - 0 1", "F13", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/9s/10/10/9S/10/9K/10 w - 0+0 - 0 1", "F4", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/10/10/10/10/8sS/10/9K/10 w - 0+0 - 0 1", "F13", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/8K1/10/10/9S/10/10/10 w - 0+0 - 0 1", "F13", "placement", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/5r4/9s/10/5K4/10/10/10/10/1S8 b - 0+0 - 0 1", "F14", "side to move", CHEOPS_ERROR_FEN_IMPOSSIBLE },
    { "10/9k/10/9s/10/10/10/S9/10/9K/10 b - 0+0 - 0 1", "F15", "side to move", CHEOPS_ERROR_FEN_IMPOSSIBLE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CheopsPosition pos;
      CheopsError error = { 0 };
      g_autofree char *rule = g_strdup_printf ("(%s)", cases[i].rule);

      cheops_position_init_start (&pos, V);
      if (cheops_position_from_fen (&pos, V, cases[i].fen, &error))
        g_error ("%s: read, expected %s", cases[i].fen, cases[i].rule);
      if (!g_str_has_prefix (error.message, cases[i].field) || strstr (error.message, rule) == NULL
          || strchr (error.message, '\n') != NULL || error.code != cases[i].code)
        g_error ("%s: '%s' (code %d), expected %s from field %s, code %d", cases[i].fen, error.message, error.code,
                 cases[i].rule, cases[i].field, cases[i].code);
      /* *pos is left untouched. */
      g_assert_cmpint (pos.board[cell ("d0")], ==, cheops_piece_make (CHEOPS_SIDE_A, CYPHER_SPY));
    }
  /* The exceptions of F13 and F14: a King flip just made (8). */
  {
    CheopsPosition pos;

    load (&pos, "10/9k/10/10/10/7s2/10/5K4/10/10/1S8 w - 0+1 - 0 1");
    play (&pos, "Kf4#");
    {
      g_autofree char *fen = fen_of (&pos);
      g_assert_cmpstr (fen, ==, "10/9k/10/10/10/7s2/6K3/10/10/10/1S8 b - 0+1 - 1 1");
      load (&pos, fen);
    }
    /* A finished game is a valid FEN; its outcome is reported (6.1). */
    g_assert_cmpint (cheops_position_outcome (&pos), ==, CYPHER_OUTCOME_W_FLIP);
  }
}

/* ------------------------------------------------------ SAN (6.3) */

static void
expect_san_error (const char *fen, const char *san, CheopsErrorCode code)
{
  CheopsPosition pos;
  CheopsError error = { 0 };

  load (&pos, fen);
  if (cheops_move_from_san (&pos, san, -1, &error) != CHEOPS_MOVE_NONE)
    g_error ("%s: '%s' read, expected error %d", fen, san, code);
  g_assert_cmpint (error.code, ==, code);
  g_assert_null (strchr (error.message, '\n'));
}

static CheopsMove
read_san (const char *fen, const char *san)
{
  CheopsPosition pos;
  CheopsError error = { 0 };
  CheopsMove move;

  load (&pos, fen);
  move = cheops_move_from_san (&pos, san, -1, &error);
  if (move == CHEOPS_MOVE_NONE)
    g_error ("%s: '%s': %s", fen, san, error.message);
  return move;
}

static void
test_san (void)
{
  static const char *const rooks_row = "10/10/6k3/8s1/10/10/6K3/10/8S1/1R1R6/10 w - 0+0 - 0 1";
  static const char *const rooks_col = "10/10/6k3/8s1/10/10/6K3/1R8/8S1/1R8/10 w - 0+0 - 0 1";
  static const char *const captures = "8k1/10/9s/10/10/3K1QN3/1S2r5/3P6/5N4/4R5/10 w - 0+0 - 0 1";
  static const char *const four = "10/10/1R8/8s1/10/5k4/10/10/8S1/2K7/10 w - 0+0 - 0 1";
  CheopsMove m;

  /* Disambiguation: the column, else the row. */
  assert_moves (rooks_row, "R", "Rab1 Rcb1 Ra2 Ra3 Ra4 Ra5 Ra6 Ra7 Ra8 Ra9 Rc2 Rc3 Rc4 Rc5 Rc6 Rc7 Rc8 Rc9 "
                "Rd1 Re1 Rf1 Rg1 Rh1");
  assert_moves (rooks_col, "R", "R1a2 R3a2 Rb1 Rc1 Rd1 Re1 Rf1 Rg1 Rh1 Ra4 Ra5 Ra6 Ra7 Ra8 Ra9 "
                "Rb3 Rc3 Rd3 Re3 Rf3 Rg3 Rh3");
  /* Pawn captures, piece captures; the King and the Spy never need more. */
  assert_captures (captures, "Kxd4 Nxd4 Qxd4 cxd4");
  /* "+" and "#". */
  assert_moves (four, "Re", "Re8+");
  assert_moves ("9s/10/5k4/4Q5/3S6/10/10/10/5K4/10/10 b - 1+0 - 0 1", NULL, "Kxd7# Ke9 Kf8");

  /* Reading: machine text, redundant disambiguation, no suffix, no 'x'. */
  m = read_san (rooks_row, "Rab1");
  g_assert_cmphex (read_san (rooks_row, "a1b1"), ==, m);
  g_assert_cmphex (read_san (rooks_row, "Ra1b1"), ==, m);
  g_assert_cmphex (read_san (rooks_row, "R1a2"), ==, read_san (rooks_row, "Ra2"));
  m = read_san (captures, "Qxd4");
  g_assert_cmphex (read_san (captures, "Qd4"), ==, m);
  g_assert_cmphex (read_san (captures, "e5d4"), ==, m);
  g_assert_cmphex (read_san (captures, "cxd4"), ==, read_san (captures, "cd4"));
  g_assert_cmphex (read_san (four, "Re8"), ==, read_san (four, "Re8+"));
  /* Refused: ambiguous, 'x' on a non-capture, a wrong suffix, unreadable
   * text, a move that is not legal, any move in a finished game. */
  expect_san_error (rooks_row, "Rb1", CHEOPS_ERROR_MOVE_AMBIGUOUS);
  expect_san_error (rooks_row, "Raxb1", CHEOPS_ERROR_MOVE_ILLEGAL);
  expect_san_error (rooks_row, "Rab1+", CHEOPS_ERROR_MOVE_ILLEGAL);
  expect_san_error (rooks_row, "Rab1#", CHEOPS_ERROR_MOVE_ILLEGAL);
  expect_san_error (four, "Re8#", CHEOPS_ERROR_MOVE_ILLEGAL);
  expect_san_error (rooks_row, "Zb1", CHEOPS_ERROR_MOVE_SYNTAX);
  expect_san_error (rooks_row, "", CHEOPS_ERROR_MOVE_SYNTAX);
  expect_san_error (rooks_row, "Rb1b1b1", CHEOPS_ERROR_MOVE_SYNTAX);
  /* Digit runs that would overflow an int if read whole (UBSan). */
  expect_san_error (rooks_row, "Ra99999999999999999999", CHEOPS_ERROR_MOVE_SYNTAX);
  expect_san_error (rooks_row, "Rb12345678901234567890123", CHEOPS_ERROR_MOVE_SYNTAX);
  expect_san_error (rooks_row, "Rz1", CHEOPS_ERROR_MOVE_ILLEGAL);    /* Court entry */
  expect_san_error (captures, "Rxd4", CHEOPS_ERROR_MOVE_ILLEGAL);    /* 3.4 */
  expect_san_error (captures, "d1d4", CHEOPS_ERROR_MOVE_ILLEGAL);
  expect_san_error ("10/10/5R4/8s1/10/5k4/10/10/8S1/2K7/10 b - 4+0 - 1 1", "Kd4", CHEOPS_ERROR_MOVE_ILLEGAL);
  /* Machine text: no promotion suffix, no leading zeros, no 'x'. */
  {
    CheopsPosition pos;
    CheopsError error = { 0 };

    load (&pos, rooks_row);
    g_assert_cmphex (cheops_move_from_text (&pos, "a1b1", &error), ==, read_san (rooks_row, "Rab1"));
    g_assert_cmphex (cheops_move_from_text (&pos, "a1b1q", &error), ==, CHEOPS_MOVE_NONE);
    g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_SYNTAX);
    g_assert_cmphex (cheops_move_from_text (&pos, "a01b1", &error), ==, CHEOPS_MOVE_NONE);
    g_assert_cmphex (cheops_move_from_text (&pos, "a1xb1", &error), ==, CHEOPS_MOVE_NONE);
    g_assert_cmphex (cheops_move_from_text (&pos, "Rab1", &error), ==, CHEOPS_MOVE_NONE);
    g_assert_cmphex (cheops_move_from_text (&pos, "a1z1", &error), ==, CHEOPS_MOVE_NONE);
    g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_ILLEGAL);
  }
  {
    char buf[CHEOPS_MOVE_TEXT_MAX];

    cheops_move_to_text (V, cheops_move_make (cell ("d10"), cell ("d9")), buf);
    g_assert_cmpstr (buf, ==, "d10d9");
    cheops_move_to_text (V, cheops_move_make (cell ("d0"), cell ("a0")), buf);
    g_assert_cmpstr (buf, ==, "d0a0");
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
          /* The in-check state the move left (cypher.h) is what the same
           * position read from its FEN, where it is unknown, computes. */
          g_assert_cmpuint (pos.state[CYPHER_STATE_IN_CHECK], !=, CYPHER_IN_CHECK_UNKNOWN);
          g_assert_cmpuint (back.state[CYPHER_STATE_IN_CHECK], ==, CYPHER_IN_CHECK_UNKNOWN);
          g_assert_true (cheops_position_in_check (&pos) == cheops_position_in_check (&back));
          cheops_position_undo_move (&pos, move, &undo);
          g_assert_true (memcmp (&pos, &before, sizeof pos) == 0);
          cheops_position_do_move (&pos, move, &undo);
        }
    }
  g_rand_free (rand);
}

/* ------------------------------------------- fast against reference */

/* The machine text of the moves from @m to @end, joined by spaces. */
static char *
moves_text (const CheopsPosition *pos, const CheopsMove *m, const CheopsMove *end)
{
  GString *out = g_string_new (NULL);

  (void) pos;
  for (; m < end; m++)
    {
      char text[CHEOPS_MOVE_TEXT_MAX];

      cheops_move_to_text (V, *m, text);
      g_string_append_printf (out, "%s%s", out->len ? " " : "", text);
    }
  return g_string_free (out, FALSE);
}

typedef struct {
  int positions, in_check, with_drops, with_compounds, with_king_flips, to_lists, filters, checks, not_checks;
} CrossStats;

/* A random set of cells: each cell in it with probability 1/@one_in. */
static CheopsCellSet
random_cells (GRand *rand, int one_in)
{
  CheopsCellSet set = 0;

  for (CheopsCell c = 0; c < CYPHER_CELL_NB; c++)
    if (g_rand_int_range (rand, 0, one_in) == 0)
      set |= (CheopsCellSet) 1 << c;
  return set;
}

/* Whether @filter keeps @move of @pos (cypher.h, CypherMoveFilter). */
static bool
filter_keeps (const CheopsPosition *pos, const CypherMoveFilter *filter, CheopsMove move)
{
  CheopsCellSet to = (CheopsCellSet) 1 << cheops_move_to (move);

  if (cheops_move_kind (move) == CHEOPS_MOVE_DROP)
    return (filter->drops & to) != 0;
  if (cheops_move_kind (move) == CHEOPS_MOVE_COMPOUND && !filter->compound)
    return false;
  if (filter->from_all & ((CheopsCellSet) 1 << cheops_move_from (move)))
    return true;
  if (!(filter->from & ((CheopsCellSet) 1 << cheops_move_from (move))))
    return false;
  return (filter->to[cheops_piece_type (pos->board[cheops_move_from (move)])] & to) != 0;
}

/* cypher_generate_moves_filtered() against the reference list @slow (@n
 * moves) filtered, with random filters (each cell kept with 1 chance in 1,
 * 2, 4 or 16), and cypher_position_is_playable() for every move and for
 * moves that are not playable. */
static void
cross_check_filtered (const CheopsPosition *pos, const CheopsMove *slow, int n, GRand *rand, CrossStats *stats)
{
  for (int round = 0; round < 4; round++)
    {
      static const int one_in[4] = { 1, 2, 4, 16 };
      CypherMoveFilter filter;
      CheopsMove got[CHEOPS_MAX_MOVES];
      CheopsMove *end;
      int k = 0;

      filter.from = random_cells (rand, one_in[round]);
      for (int t = 0; t < CYPHER_PIECE_TYPE_NB; t++)
        filter.to[t] = random_cells (rand, one_in[g_rand_int_range (rand, 0, 4)]);
      filter.compound = g_rand_boolean (rand);
      filter.drops = random_cells (rand, one_in[g_rand_int_range (rand, 0, 4)]);
      filter.from_all = round == 3 ? random_cells (rand, 4) : 0;
      end = cypher_generate_moves_filtered (pos, &filter, got);
      for (int i = 0; i < n; i++)
        if (filter_keeps (pos, &filter, slow[i]))
          {
            g_assert_cmpint (k, <, (int) (end - got));
            g_assert_cmphex (got[k], ==, slow[i]);
            k++;
          }
      g_assert_cmpint (k, ==, (int) (end - got));
      stats->filters++;
    }
  for (int i = 0; i < n; i++)
    g_assert_true (cypher_position_is_playable (pos, slow[i]));
  for (int i = 0; i < 8; i++)
    {
      CheopsMove move = cheops_move_make (g_rand_int_range (rand, 0, CYPHER_CELL_NB),
                                          g_rand_int_range (rand, 0, CYPHER_CELL_NB));
      bool listed = false;

      if (i == 7)
        move = cheops_move_make_drop (CYPHER_PAWN, g_rand_int_range (rand, 0, CYPHER_CELL_NB));
      for (int j = 0; j < n; j++)
        listed |= slow[j] == move;
      g_assert_cmpint (cypher_position_is_playable (pos, move), ==, listed);
    }
}

/* The fast generator against the slow reference at @pos: the same moves in
 * the same order, the same count, and (every @to_every-th position) the same
 * plain moves to every cell. */
static void
cross_check_position (const CheopsPosition *pos, CrossStats *stats, bool to_lists, GRand *rand)
{
  CheopsMove fast[CHEOPS_MAX_MOVES], slow[CHEOPS_MAX_MOVES];
  CheopsMove *fast_end = cypher_generate_moves (pos, fast);
  CheopsMove *slow_end = cypher_generate_moves_reference (pos, slow);
  int n = (int) (slow_end - slow);

  if (fast_end - fast != n || memcmp (fast, slow, (size_t) n * sizeof *slow) != 0)
    {
      g_autofree char *fen = fen_of (pos);
      g_autofree char *a = moves_text (pos, fast, fast_end);
      g_autofree char *b = moves_text (pos, slow, slow_end);
      g_error ("%s: fast %d moves [%s], reference %d [%s]", fen, (int) (fast_end - fast), a, n, b);
    }
  g_assert_cmpint (cypher_count_moves (pos), ==, n);
  if (rand != NULL)
    cross_check_filtered (pos, slow, n, rand, stats);
  /* cypher_position_gives_check() (most moves judged without playing them)
   * against each move played, and cypher_position_check_filter() keeps
   * every move that checks. */
  CypherMoveFilter checks_filter = { 0 };
  cypher_position_check_filter (pos, &checks_filter);
  for (int i = 0; i < n; i++)
    {
      CheopsPosition after = *pos;
      CheopsUndo undo;
      bool checks;

      cheops_position_do_move (&after, slow[i], &undo);
      checks = cypher_position_king_attacked (&after, after.side_to_move);
      g_assert_cmpint (cypher_position_move_checked (&after), ==, checks);
      if (cypher_position_gives_check (pos, slow[i]) != checks)
        {
          g_autofree char *fen = fen_of (pos);
          char text[CHEOPS_MOVE_TEXT_MAX];

          cheops_move_to_text (V, slow[i], text);
          g_error ("%s: %s gives check: %d, played: %d", fen, text, !checks, checks);
        }
      if (checks)
        g_assert_true (filter_keeps (pos, &checks_filter, slow[i]));
      if (checks)
        stats->checks++;
      else
        stats->not_checks++;
    }
  stats->positions++;
  if (cypher_position_king_attacked (pos, pos->side_to_move))
    stats->in_check++;
  for (int i = 0; i < n; i++)
    {
      if (cheops_move_kind (slow[i]) == CHEOPS_MOVE_DROP)
        {
          stats->with_drops++;
          break;
        }
    }
  for (int i = 0; i < n; i++)
    if (cheops_move_kind (slow[i]) == CHEOPS_MOVE_COMPOUND)
      {
        stats->with_compounds++;
        break;
      }
  for (int i = 0; i < n; i++)
    if (cheops_move_kind (slow[i]) == CHEOPS_MOVE_NORMAL
        && cheops_piece_type (pos->board[cheops_move_from (slow[i])]) == CYPHER_KING)
      {
        CheopsPosition after = *pos;
        CheopsUndo undo;

        cheops_position_do_move (&after, slow[i], &undo);
        if (cypher_position_king_flips (&after, pos->side_to_move))
          {
            stats->with_king_flips++;
            break;
          }
      }
  if (!to_lists)
    return;
  stats->to_lists++;
  for (CheopsCell to = 0; to < CYPHER_CELL_NB; to++)
    {
      CheopsMove list[CHEOPS_MAX_MOVES];
      CheopsMove *end = cypher_generate_moves_to (pos, to, CHEOPS_NO_PIECE_TYPE, list);
      CheopsMove *m = list;

      for (int i = 0; i < n; i++)
        if (cheops_move_kind (slow[i]) == CHEOPS_MOVE_NORMAL && cheops_move_to (slow[i]) == to)
          {
            g_assert_true (m < end);
            g_assert_cmphex (*m, ==, slow[i]);
            m++;
          }
      g_assert_true (m == end);
    }
}

/* The fast generator (pins, checks, Spy transparency, the capture table,
 * compound moves, drops; see cypher-position.c) against the reference that
 * plays every move, over random games from the start and from every
 * position of tests/reference/cypher_positions.txt. */
static void
test_fast_against_reference (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "reference", "cypher_positions.txt", NULL);
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) fens = g_ptr_array_new_with_free_func (g_free);
  GRand *rand = g_rand_new_with_seed (20261204);
  CrossStats stats = { 0 };
  GError *error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  g_assert_no_error (error);
  g_ptr_array_add (fens, g_strdup ("4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"));
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      char *hash = strchr (lines[i], '#');
      g_autofree char *fen = g_strstrip (g_strndup (lines[i], hash ? (gsize) (hash - lines[i]) : strlen (lines[i])));

      if (*fen != '\0')
        g_ptr_array_add (fens, g_steal_pointer (&fen));
    }
  g_assert_cmpuint (fens->len, >, 100);

  /* A check parried by taking a colluder that does not check: the Black
   * Field Spy d6 checks the Field King d3 only while it colludes with the
   * Knight e7 (4.2, CY16), which the Border Rook e5 may take (CY9). */
  {
    CheopsPosition pos;
    CheopsMove list[CHEOPS_MAX_MOVES];
    CheopsMove *end;
    bool found = false;

    load (&pos, "5k4/10/10/5n4/4s5/5R4/10/4K5/10/10/9S w - 0+1 - 0 1");
    g_assert_true (cypher_position_king_attacked (&pos, CHEOPS_SIDE_A));
    cross_check_position (&pos, &stats, true, rand);
    end = cypher_generate_moves (&pos, list);
    for (CheopsMove *m = list; m < end; m++)
      found |= *m == cheops_move_make (cypher_cell_make (5, 5), cypher_cell_make (5, 7));
    g_assert_true (found);
  }

  for (guint f = 0; f < fens->len; f++)
    for (int game = 0; game < (f == 0 ? 40 : 3); game++)
      {
        CheopsPosition pos;

        load (&pos, fens->pdata[f]);
        for (int ply = 0; ply < 100; ply++)
          {
            CheopsMove list[CHEOPS_MAX_MOVES];
            CheopsMove *end;
            CheopsUndo undo;

            cross_check_position (&pos, &stats, stats.positions % 16 == 0, rand);
            end = cypher_generate_moves_reference (&pos, list);
            if (end == list)
              break;
            /* And the position after a move that checks, if one does
             * (evasions: the fast generator plays out only the moves that
             * may parry). */
            for (int tries = 0; tries < 8; tries++)
              {
                CheopsMove move = list[g_rand_int_range (rand, 0, (int) (end - list))];
                if (cypher_position_gives_check (&pos, move))
                  {
                    CheopsPosition after = pos;
                    cheops_position_do_move (&after, move, &undo);
                    cross_check_position (&after, &stats, false, NULL);
                    break;
                  }
              }
            cheops_position_do_move (&pos, list[g_rand_int_range (rand, 0, (int) (end - list))], &undo);
          }
      }
  g_rand_free (rand);
  g_test_message ("%d positions, %d in check, %d with drops, %d with compound moves, %d with King flips, %d with moves to every cell, %d filtered lists, %d moves that check, %d that do not",
                  stats.positions, stats.in_check, stats.with_drops, stats.with_compounds, stats.with_king_flips, stats.to_lists,
                  stats.filters, stats.checks, stats.not_checks);
  /* Enough of each kind that the cross-check means something. */
  g_assert_cmpint (stats.positions, >=, 10000);
  g_assert_cmpint (stats.in_check, >=, 2500);
  g_assert_cmpint (stats.filters, >=, 40000);
  g_assert_cmpint (stats.checks, >=, 10000);
  g_assert_cmpint (stats.not_checks, >=, 500000);
  g_assert_cmpint (stats.with_drops, >=, 300);
  g_assert_cmpint (stats.with_compounds, >=, 300);
  g_assert_cmpint (stats.with_king_flips, >=, 100);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/cypher/board", test_board);
  g_test_add_func ("/core/cypher/reach", test_reach);
  g_test_add_func ("/core/cypher/first-moves", test_first_moves);
  g_test_add_func ("/core/cypher/worked-positions", test_worked_positions);
  g_test_add_func ("/core/cypher/capture-table", test_capture_table);
  g_test_add_func ("/core/cypher/check", test_check);
  g_test_add_func ("/core/cypher/compound", test_compound);
  g_test_add_func ("/core/cypher/retake", test_retake);
  g_test_add_func ("/core/cypher/drops", test_drops);
  g_test_add_func ("/core/cypher/flips", test_flips);
  g_test_add_func ("/core/cypher/end-of-game", test_end_of_game);
  g_test_add_func ("/core/cypher/repetition", test_repetition);
  g_test_add_func ("/core/cypher/fen-round-trip", test_fen_round_trip);
  g_test_add_func ("/core/cypher/fen-errors", test_fen_errors);
  g_test_add_func ("/core/cypher/san", test_san);
  g_test_add_func ("/core/cypher/perft", test_perft);
  g_test_add_func ("/core/cypher/do-undo", test_do_undo);
  g_test_add_func ("/core/cypher/fast-against-reference", test_fast_against_reference);
  return g_test_run ();
}
