/* test-trigchess.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules core of Step and Circle TrigChess against variants/trigchess.md:
 * the board (2), every reach count of 3.9, the examples of 3.4-3.7, move
 * lists derived by hand for each special rule, the end of the game (4.3),
 * the sanity numbers of section 8, FEN (6.1, F1-F10), move text (6.2), SAN
 * (6.3) and perft.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "cheops-core.h"

#define V (&cheops_variant_trigchess)

static CheopsCell
cell (const char *name)
{
  size_t len = 0;
  CheopsCell c = cheops_variant_cell_parse (V, name, &len);

  g_assert_cmpuint (len, ==, 2);
  return c;
}

/* A position built from "Ke1 De3 kh6 ..." (upper case Gold, lower case
 * Red), @side to move. */
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

/* The legal moves of @pos (only those from @from unless it is NULL) as
 * "text SAN" sorted by text, joined by ", "; checks that each SAN and text
 * reads back as its move. */
static char *
moves_of (const CheopsPosition *pos, const char *from)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_generate_moves (pos, list);
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  g_assert_cmpint (end - list, ==, cheops_count_moves (pos));
  for (CheopsMove *m = list; m < end; m++)
    {
      char text[CHEOPS_MOVE_TEXT_MAX], san[CHEOPS_SAN_MAX];
      CheopsError error = { 0 };

      g_assert_true (cheops_position_is_playable (pos, *m));
      if (from && cheops_move_from (*m) != cell (from))
        continue;
      cheops_move_to_text (V, *m, text);
      cheops_move_to_san (pos, *m, san);
      g_assert_cmphex (cheops_move_from_san (pos, san, -1, &error), ==, *m);
      g_assert_cmphex (cheops_move_from_text (pos, text, &error), ==, *m);
      g_ptr_array_add (lines, g_strdup_printf ("%s %s", text, san));
    }
  g_ptr_array_sort (lines, compare_strings);
  g_ptr_array_add (lines, NULL);
  return g_strjoinv (", ", (char **) lines->pdata);
}

/* The destinations of the moves from @from, sorted, joined by " ". */
static char *
targets_of (const CheopsPosition *pos, const char *from)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end = cheops_generate_moves (pos, list);
  g_autoptr(GPtrArray) names = g_ptr_array_new ();

  for (CheopsMove *m = list; m < end; m++)
    if (cheops_move_from (*m) == cell (from)
        && (cheops_move_promotion (*m) == 0 || cheops_move_promotion (*m) == TRIGCHESS_DOME))
      g_ptr_array_add (names, (gpointer) cheops_variant_cell_name (V, cheops_move_to (*m)));
  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* ------------------------------------------------------------ board */

static void
test_board (void)
{
  const CheopsBoardShape *b = V->board;
  int up = 0, classes[4] = { 0 };
  const double s3 = sqrt (3.0);

  g_assert_true (cheops_variant_find ("trigchess") == V);
  g_assert_true (cheops_variant_find ("  TRIGCHESS ") == V);
  g_assert_true (cheops_variant_find ("Step and Circle TrigChess") == V);
  g_assert_true (cheops_variant_find ("trigChess") == V);
  g_assert_cmpstr (V->start_fen, ==, "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1");
  g_assert_cmpint (b->n_cells, ==, 46);
  g_assert_cmpint (b->flip, ==, CHEOPS_FLIP_ROTATE);
  /* 2.3: the index. */
  g_assert_cmpint (cell ("b1"), ==, 0);
  g_assert_cmpint (cell ("h1"), ==, 6);
  g_assert_cmpint (cell ("a3"), ==, 14);
  g_assert_cmpint (cell ("i4"), ==, 31);
  g_assert_cmpint (cell ("h6"), ==, 45);
  g_assert_cmpint (cheops_variant_cell_parse (V, "a1", NULL), ==, CHEOPS_CELL_NONE);
  g_assert_cmpint (cheops_variant_cell_parse (V, "i5", NULL), ==, CHEOPS_CELL_NONE);
  for (int c = 0; c < 46; c++)
    {
      const CheopsCellInfo *info = &b->cells[c];

      up += trigchess_cell_is_up ((CheopsCell) c);
      classes[trigchess_cell_gyro_class ((CheopsCell) c) - 'A']++;
      g_assert_cmpint (info->shade, ==, trigchess_cell_is_up ((CheopsCell) c) ? 0 : 1);
      g_assert_cmpint (cheops_variant_cell_at_point (V, info->centre.x, info->centre.y), ==, c);
    }
  /* Section 8. */
  g_assert_cmpint (up, ==, 23);
  g_assert_cmpint (classes[0], ==, 12);
  g_assert_cmpint (classes[1], ==, 11);
  g_assert_cmpint (classes[2], ==, 12);
  g_assert_cmpint (classes[3], ==, 11);
  g_assert_cmpint (trigchess_cell_gyro_class (cell ("d1")), ==, 'C');
  g_assert_cmpint (trigchess_cell_gyro_class (cell ("f1")), ==, 'A');
  g_assert_cmpint (trigchess_cell_gyro_class (cell ("e2")), ==, 'B');
  g_assert_cmpint (trigchess_cell_gyro_class (cell ("e5")), ==, 'D');
  g_assert_cmpint (trigchess_cell_gyro_class (cell ("h6")), ==, 'C');
  /* 2.4's examples, y times sqrt(3). */
  {
    static const struct { const char *name; double xy[6]; } ex[] = {
      { "b1", { 1, 0, 3, 0, 2, 1 } },
      { "e1", { 5, 0, 6, 1, 4, 1 } },
      { "a3", { 1, 2, 2, 3, 0, 3 } },
      { "h6", { 8, 5, 9, 6, 7, 6 } },
    };
    for (size_t i = 0; i < G_N_ELEMENTS (ex); i++)
      {
        const CheopsCellInfo *info = &b->cells[cell (ex[i].name)];
        g_assert_cmpstr (info->name, ==, ex[i].name);
        g_assert_cmpint (info->n_corners, ==, 3);
        for (int k = 0; k < 3; k++)
          {
            g_assert_cmpfloat_with_epsilon (info->corners[k].x, ex[i].xy[2 * k], 1e-9);
            g_assert_cmpfloat_with_epsilon (info->corners[k].y, ex[i].xy[2 * k + 1] * s3, 1e-9);
          }
      }
    g_assert_cmpfloat_with_epsilon (b->cells[cell ("b1")].centre.y, s3 / 3, 1e-9);
    g_assert_cmpfloat_with_epsilon (b->cells[cell ("e1")].centre.y, 2 * s3 / 3, 1e-9);
  }
  g_assert_cmpint (b->n_outline, ==, 10);
  g_assert_cmpfloat_with_epsilon (b->outline[3].x, 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (b->outline[3].y, 3 * s3, 1e-9);
  /* Zones: TR9's promotion trigs; the halves. */
  {
    GString *gold = g_string_new (NULL), *red = g_string_new (NULL);
    int gold_half = 0;
    for (int c = 0; c < 46; c++)
      {
        if (b->cells[c].zones & TRIGCHESS_ZONE_PROMOTION_GOLD)
          g_string_append_printf (gold, "%s ", b->cells[c].name);
        if (b->cells[c].zones & TRIGCHESS_ZONE_PROMOTION_RED)
          g_string_append_printf (red, "%s ", b->cells[c].name);
        gold_half += (b->cells[c].zones & TRIGCHESS_ZONE_HALF_GOLD) != 0;
      }
    g_assert_cmpstr (gold->str, ==, "b6 d6 f6 h6 ");
    g_assert_cmpstr (red->str, ==, "b1 d1 f1 h1 ");
    g_assert_cmpint (gold_half, ==, 23);
    g_string_free (gold, TRUE);
    g_string_free (red, TRUE);
  }
  /* Labels: 9 files twice, 6 ranks twice. */
  g_assert_cmpint (b->n_labels, ==, 30);
  /* Pieces, sides, outcomes, promotion choices. */
  g_assert_cmpint (V->n_piece_types, ==, 6);
  g_assert_cmpstr (V->pieces[TRIGCHESS_DOME].name, ==, "Dome");
  g_assert_cmpint (V->pieces[TRIGCHESS_STAG].letter, ==, 'S');
  g_assert_cmpint (V->sides[CHEOPS_SIDE_A].letter, ==, 'g');
  g_assert_cmpstr (V->sides[CHEOPS_SIDE_B].tag, ==, "Red");
  g_assert_cmpint (V->promotion_choices[0], ==, TRIGCHESS_DOME);
  g_assert_cmpint (V->promotion_choices[1], ==, TRIGCHESS_GYRO);
  g_assert_cmpint (V->promotion_choices[2], ==, TRIGCHESS_STAG);
  g_assert_cmpint (V->promotion_choices[3], ==, 0);
  g_assert_cmpstr (V->outcomes[TRIGCHESS_OUTCOME_R_STALEMATE].status, ==, "r stalemate");
  g_assert_cmpstr (V->outcomes[TRIGCHESS_OUTCOME_G_REPETITION].reason, ==, "by the opponent's third repetition");
  g_assert_true (V->outcomes[TRIGCHESS_OUTCOME_G_REPETITION].needs_history);
  for (int t = 1; t < V->n_piece_types; t++)
    g_assert_cmpint (V->pieces[t].mark[0].op, ==, CHEOPS_MARK_DISC);
}

/* ------------------------------------------------------------ 3.9 */

/* 3.9's tables, by cell index (rank 1 first). */
static const int reach_dome[46] = {
  4, 7, 7, 9, 7, 7, 4,
  8, 10, 12, 12, 12, 10, 8,
  6, 9, 12, 12, 12, 12, 12, 9, 6,
  6, 9, 12, 12, 12, 12, 12, 9, 6,
  8, 10, 12, 12, 12, 10, 8,
  4, 7, 7, 9, 7, 7, 4,
};
static const int reach_gyro[46] = {
  4, 5, 5, 5, 5, 5, 4,
  6, 6, 8, 7, 8, 6, 6,
  5, 6, 8, 9, 10, 9, 8, 6, 5,
  5, 6, 8, 9, 10, 9, 8, 6, 5,
  6, 6, 8, 7, 8, 6, 6,
  4, 5, 5, 5, 5, 5, 4,
};
static const int reach_stag[46] = {
  2, 3, 3, 4, 3, 3, 2,
  4, 3, 5, 4, 5, 3, 4,
  3, 3, 4, 6, 6, 6, 4, 3, 3,
  3, 3, 4, 6, 6, 6, 4, 3, 3,
  4, 3, 5, 4, 5, 3, 4,
  2, 3, 3, 4, 3, 3, 2,
};

/* The number of legal moves of a lone Gold piece of @type on @c, the two
 * Kings put where they cannot touch its paths or targets. */
static int
lone_reach (CheopsPieceType type, CheopsCell c)
{
  CheopsPosition pos;
  CheopsCellSet avoid = trigchess_empty_board_reach (type, CHEOPS_SIDE_A, c)
                        | trigchess_empty_board_reach (TRIGCHESS_KING, CHEOPS_SIDE_A, c)
                        | cheops_cellset_of (c);
  CheopsCell kings[2] = { CHEOPS_CELL_NONE, CHEOPS_CELL_NONE };
  CheopsMove list[CHEOPS_MAX_MOVES], *end;
  int n = 0;

  for (CheopsCell k = 0; k < 46 && kings[1] == CHEOPS_CELL_NONE; k++)
    {
      if (cheops_cellset_has (avoid, k))
        continue;
      if (kings[0] == CHEOPS_CELL_NONE)
        kings[0] = k;
      else if (!cheops_cellset_has (trigchess_empty_board_reach (TRIGCHESS_KING, 0, k), kings[0]))
        kings[1] = k;
    }
  g_assert_cmpint (kings[1], !=, CHEOPS_CELL_NONE);
  cheops_position_clear (&pos, V);
  cheops_position_put (&pos, c, cheops_piece_make (CHEOPS_SIDE_A, type));
  cheops_position_put (&pos, kings[0], cheops_piece_make (CHEOPS_SIDE_A, TRIGCHESS_KING));
  cheops_position_put (&pos, kings[1], cheops_piece_make (CHEOPS_SIDE_B, TRIGCHESS_KING));
  g_assert_false (cheops_position_in_check (&pos));
  end = cheops_generate_moves (&pos, list);
  for (CheopsMove *m = list; m < end; m++)
    n += cheops_move_from (*m) == c;
  return n;
}

static void
test_reach_tables (void)
{
  for (CheopsCell c = 0; c < 46; c++)
    {
      CheopsPosition pos;
      char *far = NULL;
      CheopsCellSet near;

      g_assert_cmpint (lone_reach (TRIGCHESS_DOME, c), ==, reach_dome[c]);
      g_assert_cmpint (lone_reach (TRIGCHESS_GYRO, c), ==, reach_gyro[c]);
      g_assert_cmpint (lone_reach (TRIGCHESS_STAG, c), ==, reach_stag[c]);

      /* King: 3 everywhere but the 12 cells of 2 and the corners of 1. */
      near = trigchess_empty_board_reach (TRIGCHESS_KING, 0, c);
      for (CheopsCell k = 0; k < 46 && far == NULL; k++)
        {
          bool ok = k != c && !cheops_cellset_has (near, k);
          for (CheopsCellSet n = near; n && ok;)
            ok = !cheops_cellset_has (trigchess_empty_board_reach (TRIGCHESS_KING, 0, cheops_cellset_pop (&n)), k);
          if (ok)
            far = g_strdup_printf ("K%s k%s", cheops_variant_cell_name (V, c), cheops_variant_cell_name (V, k));
        }
      build (&pos, far, CHEOPS_SIDE_A);
      {
        const char *name = cheops_variant_cell_name (V, c);
        int want = strstr ("b1 h1 b6 h6", name) ? 1 : strstr ("a3 a4 i3 i4 b2 h2 b5 h5 d1 f1 d6 f6", name) ? 2 : 3;
        g_assert_cmpint (cheops_count_moves (&pos), ==, want);
      }
      g_free (far);
    }
  /* 8: the largest reach. */
  g_assert_cmpint (lone_reach (TRIGCHESS_GYRO, cell ("e4")), ==, 10);
}

/* ------------------------------------------------ 3.4-3.7 examples */

static void
expect_targets (const char *pieces, const char *from, const char *want)
{
  CheopsPosition pos;
  g_autofree char *got = NULL;

  build (&pos, pieces, CHEOPS_SIDE_A);
  got = targets_of (&pos, from);
  g_assert_cmpstr (got, ==, want);
}

static void
expect_targets_red (const char *pieces, const char *from, const char *want)
{
  CheopsPosition pos;
  g_autofree char *got = NULL;

  build (&pos, pieces, CHEOPS_SIDE_B);
  got = targets_of (&pos, from);
  g_assert_cmpstr (got, ==, want);
}

static void
test_examples (void)
{
  /* 3.4 */
  expect_targets ("De3 Kh1 kh6", "e3", "c3 c4 d2 d3 d4 e2 e4 f2 f3 f4 g3 g4");
  expect_targets ("Db1 Kh1 kh6", "b1", "b2 c1 c2 d1");
  expect_targets ("Da3 Kh1 kh6", "a3", "a4 b2 b3 b4 c3 c4");
  /* 3.5 */
  expect_targets ("Ge3 Kh1 kh6", "e3", "a3 c1 c4 c5 e2 e6 g1 g4 g5 i3");
  expect_targets ("Gb1 Kh1 kh6", "b1", "b2 d3 f1 f2");
  expect_targets ("Ge2 Kh1 kh6", "e2", "a3 c1 c4 e3 g1 g4 i3");
  /* 3.6 */
  expect_targets ("Se3 Kh1 kh6", "e3", "b3 c2 d5 f5 g2 h3");
  expect_targets ("Sb1 Kh1 kh6", "b1", "d2 e1");
  expect_targets ("Se1 Kc6 kg6", "e1", "b1 d3 f3 h1");
  /* 3.7, Gold */
  expect_targets ("Pd2 Kh1 kh6", "d2", "d3");
  expect_targets ("Pd4 Kh1 kh6", "d4", "c4 d5 e4");
  expect_targets ("Pa4 Kh1 kh6", "a4", "b4");
  {
    CheopsPosition pos;
    g_autofree char *b5 = NULL, *c6 = NULL;

    build (&pos, "Pb5 Kh1 kh6", CHEOPS_SIDE_A);
    b5 = moves_of (&pos, "b5");
    g_assert_cmpstr (b5, ==, "b5b6d b6=D, b5b6g b6=G, b5b6s b6=S, b5c5 c5");
    /* (Red's King on e3: a Gyro on d6 would check one on h6.) */
    build (&pos, "Pc6 Kh1 ke3", CHEOPS_SIDE_A);
    c6 = moves_of (&pos, "c6");
    g_assert_cmpstr (c6, ==, "c6b6d b6=D, c6b6g b6=G, c6b6s b6=S, c6d6d d6=D, c6d6g d6=G, c6d6s d6=S");
  }
  /* 3.7, Red */
  expect_targets_red ("pe3 Kh1 kh6", "e3", "d3 e2 f3");
  {
    CheopsPosition pos;
    g_autofree char *b2 = NULL;

    build (&pos, "pb2 Kh6 kh4", CHEOPS_SIDE_B);
    b2 = moves_of (&pos, "b2");
    g_assert_cmpstr (b2, ==, "b2b1d b1=D, b2b1g b1=G, b2b1s b1=S, b2c2 c2");
  }
}

/* -------------------------------------- hand-derived special rules */

static void
test_special_rules (void)
{
  CheopsPosition pos;

  /* Dome on e3 (a down trig): its left hexagon is d3 c3 c4 d4 e4 one way,
   * e4 d4 c4 c3 d3 the other.  Own Stag on c4: c3 still comes by the first
   * way, d4 by the second (TR4). */
  expect_targets ("De3 Sc4 Kh1 kh6", "e3", "c3 d2 d3 d4 e2 e4 f2 f3 f4 g3 g4");
  /* Own pieces on d3 and d4 close both ways to c3 and c4. */
  expect_targets ("De3 Sd3 Sd4 Kh1 kh6", "e3", "d2 e2 e4 f2 f3 f4 g3 g4");
  /* An enemy piece on d3 is taken, and still blocks the first way to c3;
   * the second way (e4 d4 c4 c3) brings the Dome there. */
  expect_targets ("De3 sd3 Kh1 kh6", "e3", "c3 c4 d2 d3 d4 e2 e4 f2 f3 f4 g3 g4");
  /* Dome on a3 (down), own Pawn on a4: the board edge ends the paths
   * (TR5); b4 still comes the long way round (b3 c3 c4 b4). */
  expect_targets ("Da3 Pa4 Kh1 kh6", "a3", "b2 b3 b4 c3 c4");

  /* Gyro on e3: star c4 c5 e6 g5 g4.  Own pieces on c5 and g5 leave e6
   * unreached from both ways; c5 alone leaves e6 to the other way. */
  expect_targets ("Ge3 Pc5 Kh1 kh6", "e3", "a3 c1 c4 e2 e6 g1 g4 g5 i3");
  expect_targets ("Ge3 Pc5 Pg5 Kh1 kh6", "e3", "a3 c1 c4 e2 g1 g4 i3");
  /* Its edge neighbours never block it: it passes through corners. */
  expect_targets ("Ge3 Sd3 Sf3 Se4 Kh1 kh6", "e3", "a3 c1 c4 c5 e2 e6 g1 g4 g5 i3");
  /* Gyro on b1 (edge): its star b2 d3 f2 f1 runs one way only, the other
   * way leaves the board at once (TR5); an enemy on d3 is taken and ends
   * the path, so f2 and f1 are not reached. */
  expect_targets ("Gb1 sd3 Kh1 kh6", "b1", "b2 d3");

  /* Stag on e3 (down): M d3 -> b3 c2, M f3 -> h3 g2, M e4 -> d5 f5.  A Red
   * Pawn on M d3 blocks b3 and c2; own Pawn on h3; Red Dome on f5 taken. */
  build (&pos, "Se3 pd3 Ph3 df5 Kb1 ke6", CHEOPS_SIDE_A);
  {
    g_autofree char *got = moves_of (&pos, "e3");
    g_assert_cmpstr (got, ==, "e3d5 Sd5, e3f5 Sxf5, e3g2 Sg2");
  }
  /* The Stag leaps over everything but M: pieces on the other trigs
   * around do not block. */
  expect_targets ("Se3 Pc3 Pe2 Pd4 Pf4 Kb1 ke6", "e3", "b3 c2 d5 f5 g2 h3");

  /* Pawns: sideways only while standing in the opponent's half (TR8). */
  expect_targets ("Pd3 Kh1 kh6", "d3", "d4");
  /* Captures only forward-diagonal, forward never captures. */
  expect_targets ("Pd4 pc5 sd5 ge5 Kh1 kh6", "d4", "c4 c5 e4 e5");
  build (&pos, "Pc5 db6 gd6 Kh1 ke3", CHEOPS_SIDE_A);
  {
    g_autofree char *got = moves_of (&pos, "c5");
    g_assert_cmpstr (got, ==,
                     "c5b5 b5, c5b6d cxb6=D, c5b6g cxb6=G, c5b6s cxb6=S, c5c6 c6, "
                     "c5d5 d5, c5d6d cxd6=D, c5d6g cxd6=G, c5d6s cxd6=S");
  }
  /* TR21: Gold Pawns on c6, e6, g6 stay Pawns and move only sideways. */
  expect_targets ("Pe6 Kb1 kb4", "e6", "d6 f6");
  expect_targets ("Pg6 Sf6 Kb1 kb4", "g6", "h6");

  /* A promotion puts the chosen piece (TR10); undo brings the Pawn back. */
  build (&pos, "Pb5 Kh1 kh6", CHEOPS_SIDE_A);
  {
    CheopsUndo undo;
    CheopsMove m = cheops_move_make_promotion (cell ("b5"), cell ("b6"), TRIGCHESS_GYRO);
    char fen[CHEOPS_FEN_MAX];

    g_assert_true (cheops_position_is_playable (&pos, m));
    g_assert_false (cheops_position_is_playable (&pos, cheops_move_make (cell ("b5"), cell ("b6"))));
    g_assert_false (cheops_position_is_playable (&pos, cheops_move_make_promotion (cell ("b5"), cell ("b6"),
                                                                                  TRIGCHESS_KING)));
    g_assert_false (cheops_position_is_playable (&pos, cheops_move_make_promotion (cell ("b5"), cell ("b6"),
                                                                                  TRIGCHESS_PAWN)));
    g_assert_false (cheops_position_is_playable (&pos, cheops_move_make_promotion (cell ("b5"), cell ("c5"),
                                                                                  TRIGCHESS_DOME)));
    g_assert_false (cheops_position_is_playable (&pos, cheops_move_with_part (m, 1)));
    g_assert_false (cheops_position_is_playable (&pos, m | (CHEOPS_MOVE_DROP << 14)));
    cheops_position_do_move (&pos, m, &undo);
    g_assert_true (cheops_position_is_consistent (&pos));
    cheops_position_to_fen (&pos, fen, sizeof fen);
    g_assert_cmpstr (fen, ==, "G5k/7/9/9/7/6K r 0 1");
    cheops_position_undo_move (&pos, m, &undo);
    g_assert_true (cheops_position_is_consistent (&pos));
    cheops_position_to_fen (&pos, fen, sizeof fen);
    g_assert_cmpstr (fen, ==, "6k/P6/9/9/7/6K g 0 1");
  }

  /* A pin: Red's Dome d1 runs d1 c1 b1 round the left hexagon, so Gold's
   * Stag c1 (which would go to b3 or d3 through c2) may not move; Gold's
   * King b1 has no free neighbour: only h2h3. */
  build (&pos, "Kb1 Sc1 dd1 Ph2 kh6", CHEOPS_SIDE_A);
  {
    g_autofree char *got = moves_of (&pos, NULL);
    g_assert_cmpstr (got, ==, "h2h3 h3");
  }
  /* Without the Dome the Stag moves, to f1 too (M d1 is empty now). */
  build (&pos, "Kb1 Sc1 Ph2 kh6", CHEOPS_SIDE_A);
  {
    g_autofree char *got = moves_of (&pos, NULL);
    g_assert_cmpstr (got, ==, "c1b3 Sb3, c1d3 Sd3, c1f1 Sf1, h2h3 h3");
  }
  /* A Stag's first step pins too: Red's Stag e4 (up) reaches d2 through
   * M e3, where Gold's Gyro stands; every Gyro move empties e3 (it cannot
   * take the Stag, an edge neighbour), so only the King moves. */
  build (&pos, "Kd2 Ge3 se4 kh6", CHEOPS_SIDE_A);
  {
    g_autofree char *got = moves_of (&pos, NULL);
    g_assert_cmpstr (got, ==, "d2c2 Kc2, d2d3 Kd3, d2e2 Ke2");
  }
  build (&pos, "Kd2 Ge3 kh6", CHEOPS_SIDE_A);
  g_assert_cmpint (cheops_count_moves (&pos), ==, 13);

  /* In check: Red's Gyro c2 checks e1 across a corner (8), which nothing
   * can block; Gold's Dome d1 takes it through c1, or the King steps to e2
   * or f1 (d1 is its own Dome's). */
  build (&pos, "Ke1 Dd1 gc2 ke6", CHEOPS_SIDE_A);
  g_assert_true (cheops_position_in_check (&pos));
  {
    g_autofree char *got = moves_of (&pos, NULL);
    g_assert_cmpstr (got, ==, "d1c2 Dxc2, e1e2 Ke2, e1f1 Kf1");
  }
}

/* -------------------------------------------- end of the game, 8 */

static void
expect_status (const char *fen, bool check, int legal, const char *outcome)
{
  CheopsPosition pos;

  load (&pos, fen);
  g_assert_cmpint (cheops_position_in_check (&pos), ==, check);
  g_assert_cmpint (cheops_count_moves (&pos), ==, legal);
  g_assert_cmpstr (V->outcomes[cheops_position_outcome (&pos)].status, ==, outcome);
}

static void
test_end_of_game (void)
{
  /* Section 8. */
  expect_status ("k1K4/7/9/9/7/7 r 0 1", false, 0, "g stalemate");
  expect_status ("k6/1D5/9/9/7/3K3 r 0 1", true, 0, "g checkmate");
  /* Mirrored: Gold King b1, Red King d1, Gold to move: c1 is attacked. */
  expect_status ("7/7/9/9/7/K1k4 g 0 1", false, 0, "r stalemate");
  /* Red Dome c2 checks b1 through c1 and covers c1 (the mirror of 8's mate). */
  expect_status ("3k3/7/9/9/1d5/K6 g 0 1", true, 0, "r checkmate");
  expect_status (TRIGCHESS_START_FEN, false, 9, "none");
  /* TR15: the third occurrence loses for the mover. */
  {
    CheopsPosition pos;
    load (&pos, TRIGCHESS_START_FEN);
    g_assert_cmpint (cheops_position_repetition_outcome (&pos, 2), ==, CHEOPS_OUTCOME_NONE);
    g_assert_cmpint (cheops_position_repetition_outcome (&pos, 3), ==, TRIGCHESS_OUTCOME_G_REPETITION);
    cheops_position_set_side (&pos, CHEOPS_SIDE_B);
    g_assert_cmpint (cheops_position_repetition_outcome (&pos, 3), ==, TRIGCHESS_OUTCOME_R_REPETITION);
  }
}

/* Plays the SAN moves of @record from @fen, counting occurrences (the
 * whole record, TR15); returns the outcome after the last and the number
 * of moves played before the game ended (all, if it did not). */
static CheopsOutcome
play_record (const char *fen, const char *record, CheopsPosition *pos)
{
  g_auto(GStrv) moves = g_strsplit (record, " ", -1);
  uint64_t keys[64];
  size_t n = 0;
  CheopsOutcome outcome;

  load (pos, fen);
  keys[n++] = pos->key;
  outcome = cheops_position_outcome (pos);
  for (int i = 0; moves[i]; i++)
    {
      CheopsError error = { 0 };
      CheopsMove m;
      CheopsUndo undo;

      if (moves[i][0] == '\0' || g_ascii_isdigit (moves[i][0]))
        continue;
      g_assert_cmpint (outcome, ==, CHEOPS_OUTCOME_NONE);
      m = cheops_move_from_san (pos, moves[i], -1, &error);
      if (m == CHEOPS_MOVE_NONE)
        g_error ("%s: %s", moves[i], error.message);
      cheops_position_do_move (pos, m, &undo);
      g_assert_true (cheops_position_is_consistent (pos));
      keys[n++] = pos->key;
      outcome = cheops_position_repetition_outcome (pos, cheops_repetition_count (keys, n,
                                                                                  cheops_position_repetition_horizon (pos)));
      if (outcome == CHEOPS_OUTCOME_NONE)
        outcome = cheops_position_outcome (pos);
    }
  return outcome;
}

static void
test_sanity_numbers (void)
{
  CheopsPosition pos;
  CheopsOutcome o;

  load (&pos, TRIGCHESS_START_FEN);
  {
    g_autofree char *got = moves_of (&pos, NULL);
    g_assert_cmpstr (got, ==, "b2b3 b3, d2d3 d3, e2a3 Ga3, e2c4 Gc4, e2e3 Ge3, e2g4 Gg4, e2i3 Gi3, f2f3 f3, h2h3 h3");
  }
  load (&pos, "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD r 0 1");
  {
    g_autofree char *got = moves_of (&pos, NULL);
    g_assert_cmpstr (got, ==, "b5b4 b4, d5d4 d4, e5a4 Ga4, e5c3 Gc3, e5e4 Ge4, e5g3 Gg3, e5i4 Gi4, f5f4 f4, h5h4 h4");
  }
  o = play_record (TRIGCHESS_START_FEN, "1. Ga3 b4 2. Gxc5#", &pos);
  g_assert_cmpstr (V->outcomes[o].status, ==, "g checkmate");
  g_assert_cmpint (cheops_count_moves (&pos), ==, 0);
  /* The same without the '#' is read too (6.3). */
  o = play_record (TRIGCHESS_START_FEN, "1. Ga3 b4 2. Gxc5", &pos);
  g_assert_cmpstr (V->outcomes[o].status, ==, "g checkmate");
  o = play_record (TRIGCHESS_START_FEN, "1. Ge3 Ge4 2. Ge2 Ge5 3. Ge3 Ge4 4. Ge2", &pos);
  g_assert_cmpstr (V->outcomes[o].status, ==, "none");
  o = play_record (TRIGCHESS_START_FEN, "1. Ge3 Ge4 2. Ge2 Ge5 3. Ge3 Ge4 4. Ge2 Ge5", &pos);
  g_assert_cmpstr (V->outcomes[o].status, ==, "g repetition");
  g_assert_cmpint (cheops_count_moves (&pos), ==, 9);

  /* A sideways Pawn move resets the clock (TR19) but is undone by the
   * next: the third occurrence still counts across it (TR15). */
  o = play_record ("3k3/7/3P5/9/7/3K3 g 0 1", "c4 Kd6 d4 Ke6 c4 Kd6 d4 Ke6", &pos);
  g_assert_cmpstr (V->outcomes[o].status, ==, "g repetition");
  g_assert_cmpint (pos.halfmove_clock, ==, 1);
  g_assert_cmpint (cheops_position_repetition_horizon (&pos), ==, 8);
  /* A forward step can never be undone: the horizon starts again. */
  o = play_record ("3k3/7/3P5/9/7/3K3 g 0 1", "c4 Kd6 d4 Ke6 d5", &pos);
  g_assert_cmpint (cheops_position_repetition_horizon (&pos), ==, 0);
  g_assert_cmpint (pos.halfmove_clock, ==, 0);
}

/* ------------------------------------------------------------- FEN */

static void
expect_fen_error (const char *fen, int column, const char *message)
{
  CheopsPosition pos;
  CheopsError error = { 0 };

  g_assert_false (cheops_position_from_fen (&pos, V, fen, &error));
  g_assert_cmpstr (error.message, ==, message);
  g_assert_cmpint (error.column, ==, column);
  g_assert_cmpint (error.line, ==, 1);
}

static void
test_fen (void)
{
  static const char *const round[] = {
    TRIGCHESS_START_FEN,
    "k1K4/7/9/9/7/7 r 0 1",
    "k6/1D5/9/9/7/3K3 r 0 1",
    "d1g1gsd/2pkp2/8p/4Gs3/P1P2S1/DSK1GSD r 1 10",
    "3k3/7/3P5/9/7/3K3 g 123456789 987654321",
  };
  for (size_t i = 0; i < G_N_ELEMENTS (round); i++)
    {
      CheopsPosition pos;
      char fen[CHEOPS_FEN_MAX];

      load (&pos, round[i]);
      g_assert_cmpuint (cheops_position_to_fen (&pos, fen, sizeof fen), ==, strlen (round[i]));
      g_assert_cmpstr (fen, ==, round[i]);
    }
  /* Leading, trailing and repeated white space. */
  {
    CheopsPosition pos;
    char fen[CHEOPS_FEN_MAX];
    load (&pos, "  \tdsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD   g 0\t1 \n");
    cheops_position_to_fen (&pos, fen, sizeof fen);
    g_assert_cmpstr (fen, ==, TRIGCHESS_START_FEN);
  }
  /* A position without legal moves is valid (6.1); counts above the start
   * are allowed. */
  {
    CheopsPosition pos;
    load (&pos, "DDDk3/7/9/9/7/K6 r 0 1");
  }

  /* F1 */
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0", 40,
                    "FEN: 3 fields, expected 4 (placement, side to move, halfmove clock, fullmove number)");
  expect_fen_error ("", 1, "FEN: 0 fields, expected 4 (placement, side to move, halfmove clock, fullmove number)");
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1 x", 43,
                    "FEN: more than 4 fields (placement, side to move, halfmove clock, fullmove number)");
  /* F2 */
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP g 0 1", 1, "placement: 5 ranks, expected 6 separated by '/'");
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD/7 g 0 1", 1,
                    "placement: 7 ranks, expected 6 separated by '/'");
  /* F3 */
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPQPSP/DSGKGSD g 0 1", 24,
                    "placement, rank 2: unexpected character 'Q' (pieces are K D G S P k d g s p, empty runs 1-9)");
  /* F4 */
  expect_fen_error ("dsgkgsd/pspgpsp/09/9/PSPGPSP/DSGKGSD g 0 1", 17,
                    "placement, rank 4: the digit 0 (a run of empty trigs is 1 to 9)");
  expect_fen_error ("dsgkgsd/pspgpsp/9/45/PSPGPSP/DSGKGSD g 0 1", 20,
                    "placement, rank 3: two digits in a row (a run of empty trigs is one digit)");
  /* F5 */
  expect_fen_error ("dsgkgsd/pspgpsp/8/9/PSPGPSP/DSGKGSD g 0 1", 17,
                    "placement, rank 4: 8 trigs described, the rank has 9");
  expect_fen_error ("dsgkgsdd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1", 1,
                    "placement, rank 6: 8 trigs described, the rank has 7");
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGS g 0 1", 29,
                    "placement, rank 1: 6 trigs described, the rank has 7");
  /* F6 */
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD w 0 1", 37, "side to move: expected 'g' or 'r', found 'w'");
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD gr 0 1", 37,
                    "side to move: expected 'g' or 'r', found 'gr'");
  /* F7 */
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g -1 1", 39,
                    "halfmove clock: expected 1 to 9 decimal digits, found '-1'");
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 1234567890 1", 39,
                    "halfmove clock: expected 1 to 9 decimal digits, found '1234567890'");
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1.5", 42,
                    "fullmove number: expected 1 to 9 decimal digits, found '1.5'");
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 0", 41, "fullmove number: 0, it starts at 1");
  /* F8 */
  expect_fen_error ("dsgdgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1", 1,
                    "placement: Red has no King (exactly one is needed)");
  expect_fen_error ("dsgkgsd/pspgpsp/9/9/PSPGPSP/DSKKGSD g 0 1", 1,
                    "placement: Gold has 2 Kings (exactly one is needed)");
  /* F9 (TR18) */
  expect_fen_error ("3k3/7/9/9/7/P2K3 g 0 1", 13, "placement, rank 1: a Gold Pawn on b1, its own first rank");
  expect_fen_error ("3k2P/7/9/9/7/3K3 g 0 1", 4, "placement, rank 6: a Gold Pawn on h6, one of its promotion trigs");
  expect_fen_error ("p2k3/7/9/9/7/3K3 g 0 1", 1, "placement, rank 6: a Red Pawn on b6, its own first rank");
  expect_fen_error ("3k3/7/9/9/7/2pK3 g 0 1", 14, "placement, rank 1: a Red Pawn on d1, one of its promotion trigs");
  /* ...but a Gold Pawn on c6 (TR21) and a Red one on e1 are fine. */
  {
    CheopsPosition pos;
    load (&pos, "1P1k3/7/9/9/7/K2p3 g 0 1");
  }
  /* F10 (TR18): Gold to move, Red in check from the Dome c5. */
  expect_fen_error ("k6/1D5/9/9/7/3K3 g 0 1", 18, "side to move: Red is in check but not to move");
}

/* ------------------------------------------------------- move text */

static void
test_move_text (void)
{
  CheopsPosition pos;
  CheopsError error = { 0 };
  char text[CHEOPS_MOVE_TEXT_MAX];

  build (&pos, "Pb5 Pd3 Kh1 kh6", CHEOPS_SIDE_A);
  g_assert_cmpuint (cheops_move_to_text (V, cheops_move_make_promotion (cell ("b5"), cell ("b6"), TRIGCHESS_STAG),
                                         text), ==, 5);
  g_assert_cmpstr (text, ==, "b5b6s");
  g_assert_cmphex (cheops_move_from_text (&pos, "b5b6d", &error), ==,
                   cheops_move_make_promotion (cell ("b5"), cell ("b6"), TRIGCHESS_DOME));
  g_assert_cmphex (cheops_move_from_text (&pos, "d3d4", &error), ==, cheops_move_make (cell ("d3"), cell ("d4")));

  g_assert_cmphex (cheops_move_from_text (&pos, "b5b6", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpstr (error.message, ==, "illegal move b5b6: a promotion needs its piece letter (b5b6d, g or s)");
  g_assert_cmphex (cheops_move_from_text (&pos, "d3d4d", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpstr (error.message, ==, "illegal move d3d4d: it is not a promotion");
  g_assert_cmphex (cheops_move_from_text (&pos, "b5b6D", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_SYNTAX);
  g_assert_cmphex (cheops_move_from_san (&pos, "b5b6D", -1, &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_SYNTAX);
  g_assert_cmphex (cheops_move_from_text (&pos, "b5b6k", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_SYNTAX);
  g_assert_cmphex (cheops_move_from_text (&pos, "d3d5", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpstr (error.message, ==, "illegal move d3d5: the Pawn on d3 cannot move to d5");
  g_assert_cmphex (cheops_move_from_text (&pos, "e3e4", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpstr (error.message, ==, "illegal move e3e4: no piece of the side to move on e3");
  g_assert_cmphex (cheops_move_from_text (&pos, "a1a2", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_SYNTAX);
}

/* ------------------------------------------------------------- SAN */

static void
expect_san (const CheopsPosition *pos, const char *from, const char *to, CheopsPieceType promotion,
            const char *want)
{
  char san[CHEOPS_SAN_MAX];
  CheopsMove m = cheops_move_make_promotion (cell (from), cell (to), promotion);
  CheopsError error = { 0 };

  g_assert_true (cheops_position_is_playable (pos, m));
  cheops_move_to_san (pos, m, san);
  g_assert_cmpstr (san, ==, want);
  g_assert_cmphex (cheops_move_from_san (pos, want, -1, &error), ==, m);
}

static void
expect_san_read (const CheopsPosition *pos, const char *san, const char *from, const char *to,
                 CheopsPieceType promotion)
{
  CheopsError error = { 0 };
  CheopsMove m = cheops_move_from_san (pos, san, -1, &error);

  if (m == CHEOPS_MOVE_NONE)
    g_error ("%s: %s", san, error.message);
  g_assert_cmphex (m, ==, cheops_move_make_promotion (cell (from), cell (to), promotion));
}

static void
expect_san_error (const CheopsPosition *pos, const char *san, CheopsErrorCode code, const char *message)
{
  CheopsError error = { 0 };

  g_assert_cmphex (cheops_move_from_san (pos, san, -1, &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, code);
  g_assert_cmpstr (error.message, ==, message);
}

static void
test_san (void)
{
  CheopsPosition pos;

  /* 6.3: Domes on c3, c5 and e3 all reach d4. */
  build (&pos, "Dc3 Dc5 De3 Kh1 kh6", CHEOPS_SIDE_A);
  expect_san (&pos, "c3", "d4", 0, "Dc3d4");
  expect_san (&pos, "c5", "d4", 0, "D5d4");
  expect_san (&pos, "e3", "d4", 0, "Ded4");
  expect_san_error (&pos, "Dd4", CHEOPS_ERROR_MOVE_AMBIGUOUS, "ambiguous move Dd4: more than one Dome can reach d4");
  expect_san_error (&pos, "Dcd4", CHEOPS_ERROR_MOVE_AMBIGUOUS, "ambiguous move Dcd4: more than one Dome can reach d4");
  expect_san_error (&pos, "D3d4", CHEOPS_ERROR_MOVE_AMBIGUOUS, "ambiguous move D3d4: more than one Dome can reach d4");
  expect_san_read (&pos, "De3d4", "e3", "d4", 0);
  /* Stags on c2 and g2 both reach e3. */
  build (&pos, "Sc2 Sg2 Ke1 ke6", CHEOPS_SIDE_A);
  expect_san (&pos, "c2", "e3", 0, "Sce3");
  expect_san (&pos, "g2", "e3", 0, "Sge3");
  /* Pawn non-captures: d4 forward, c5 and e5 sideways all reach d5. */
  build (&pos, "Pd4 Pc5 Pe5 Kh1 kh6", CHEOPS_SIDE_A);
  expect_san (&pos, "d4", "d5", 0, "dd5");
  expect_san (&pos, "c5", "d5", 0, "cd5");
  expect_san (&pos, "e5", "d5", 0, "ed5");
  expect_san_error (&pos, "d5", CHEOPS_ERROR_MOVE_AMBIGUOUS, "ambiguous move d5: more than one Pawn can reach d5");
  expect_san_read (&pos, "d4d5", "d4", "d5", 0);
  /* b5 forward and c6 sideways both reach b6 and promote. */
  build (&pos, "Pb5 Pc6 Kh1 kh4", CHEOPS_SIDE_A);
  expect_san (&pos, "b5", "b6", TRIGCHESS_DOME, "bb6=D");
  expect_san (&pos, "c6", "b6", TRIGCHESS_DOME, "cb6=D");
  expect_san (&pos, "c6", "d6", TRIGCHESS_STAG, "d6=S");
  expect_san_error (&pos, "bb6", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move bb6: a promotion needs =D, =G or =S");
  expect_san_error (&pos, "bb6=K", CHEOPS_ERROR_MOVE_SYNTAX, "'bb6=K': a Pawn promotes to D, G or S");
  expect_san_error (&pos, "b5b6", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move b5b6: a promotion needs =D, =G or =S");
  expect_san_read (&pos, "b5b6g", "b5", "b6", TRIGCHESS_GYRO);
  expect_san_read (&pos, "b5b6=G", "b5", "b6", TRIGCHESS_GYRO);
  /* Pawn captures carry the file. */
  build (&pos, "Pc5 db6 Pd3 se4 Kh1 kh6", CHEOPS_SIDE_A);
  expect_san (&pos, "c5", "b6", TRIGCHESS_DOME, "cxb6=D");
  expect_san (&pos, "d3", "e4", 0, "dxe4");
  expect_san_error (&pos, "xe4", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move xe4: a Pawn capture starts with the Pawn's file");
  expect_san_error (&pos, "e4", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move e4: a capture is written with 'x'");
  expect_san_error (&pos, "dxd4", CHEOPS_ERROR_MOVE_ILLEGAL,
                    "illegal move dxd4: 'x' marks a capture, and there is nothing to capture on d4");
  expect_san_error (&pos, "d4=D", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move d4=D: it is not a promotion");
  expect_san_error (&pos, "Gd4", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move Gd4: no Gyro can reach d4");
  expect_san_error (&pos, "ed4", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move ed4: no Pawn from e can reach d4");
  expect_san_error (&pos, "Pd4", CHEOPS_ERROR_MOVE_SYNTAX, "'Pd4': unknown piece letter 'P' (K D G S, none for a Pawn)");
  expect_san_error (&pos, "d", CHEOPS_ERROR_MOVE_SYNTAX, "'d' is not a move: it does not end with a trig");
  /* From the start: more disambiguation than needed, and suffixes. */
  load (&pos, TRIGCHESS_START_FEN);
  expect_san_read (&pos, "Gee3", "e2", "e3", 0);
  expect_san_read (&pos, "G2e3", "e2", "e3", 0);
  expect_san_read (&pos, "Ge2e3", "e2", "e3", 0);
  expect_san_read (&pos, "e2e3", "e2", "e3", 0);
  expect_san_error (&pos, "Ge3+", CHEOPS_ERROR_MOVE_ILLEGAL, "wrong suffix in Ge3+: the move is Ge3");
  expect_san_error (&pos, "Dd4", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move Dd4: no Dome can reach d4");
  expect_san_error (&pos, "Kd1", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move Kd1: no King can reach d1");
  /* '#' for the mate of 8, '+' for a check, nothing for a stalemate (TR20). */
  {
    CheopsOutcome o = play_record (TRIGCHESS_START_FEN, "Ga3 b4", &pos);
    g_assert_cmpint (o, ==, CHEOPS_OUTCOME_NONE);
    expect_san (&pos, "a3", "c5", 0, "Gxc5#");
    expect_san_error (&pos, "Gxc5+", CHEOPS_ERROR_MOVE_ILLEGAL, "wrong suffix in Gxc5+: the move is Gxc5#");
  }
  /* The Dome from c4 to c5 gives 8's mate: it checks b6 through c6 and
   * covers c6. */
  build (&pos, "Dc4 Kd1 kb6", CHEOPS_SIDE_A);
  expect_san (&pos, "c4", "c5", 0, "Dc5#");
  expect_san_read (&pos, "Dc5", "c4", "c5", 0);
  expect_san_error (&pos, "Dc5+", CHEOPS_ERROR_MOVE_ILLEGAL, "wrong suffix in Dc5+: the move is Dc5#");
  /* From c4 to b5 it mates too: b5 touches b6 and c6 at their corners. */
  expect_san (&pos, "c4", "b5", 0, "Db5#");
  /* A check: the Dome from b5 to c6 checks e6 (through d6) and covers d6
   * and e5, but the King has f6. */
  build (&pos, "Db5 Kd1 ke6", CHEOPS_SIDE_A);
  expect_san (&pos, "b5", "c6", 0, "Dc6+");
  /* A stalemating move has no mark (TR20): Gold's King from e6 to d6 takes
   * c6, the Red King b6's only trig, without check. */
  build (&pos, "Ke6 kb6", CHEOPS_SIDE_A);
  expect_san (&pos, "e6", "d6", 0, "Kd6");
  expect_san_error (&pos, "Kd6#", CHEOPS_ERROR_MOVE_ILLEGAL, "wrong suffix in Kd6#: the move is Kd6");
  {
    CheopsUndo undo;
    CheopsMove m = cheops_move_make (cell ("e6"), cell ("d6"));
    cheops_position_do_move (&pos, m, &undo);
    g_assert_cmpstr (V->outcomes[cheops_position_outcome (&pos)].status, ==, "g stalemate");
  }
}

/* ------------------------------------------------------------ perft */

static uint64_t
perft_plain (CheopsPosition *pos, int depth)
{
  CheopsMove list[CHEOPS_MAX_MOVES], *end;
  uint64_t n = 0;

  if (depth == 0)
    return 1;
  end = cheops_generate_moves (pos, list);
  for (CheopsMove *m = list; m < end; m++)
    {
      CheopsUndo undo;
      uint64_t key = pos->key;

      cheops_position_do_move (pos, *m, &undo);
      g_assert_cmphex (pos->key, ==, cheops_position_compute_key (pos));
      n += perft_plain (pos, depth - 1);
      cheops_position_undo_move (pos, *m, &undo);
      g_assert_cmphex (pos->key, ==, key);
    }
  return n;
}

static void
test_perft (void)
{
  CheopsPosition pos;

  cheops_position_init_start (&pos, cheops_variant_find ("trigchess"));
  g_assert_true (pos.variant == V);
  g_assert_cmpuint (cheops_perft (&pos, 0), ==, 1);
  g_assert_cmpuint (cheops_perft (&pos, 1), ==, 9);
  g_assert_cmpuint (cheops_perft (&pos, 2), ==, 85);
  /* Depths 3 and 4 agree with tests/reference/trigchess_ref.py perft. */
  g_assert_cmpuint (cheops_perft (&pos, 3), ==, 922);
  g_assert_cmpuint (cheops_perft (&pos, 4), ==, 9288);
  /* Bulk counting equals counting by playing; keys stay right. */
  g_assert_cmpuint (perft_plain (&pos, 3), ==, 922);
  g_assert_true (cheops_position_is_consistent (&pos));

  /* The generic API serves Cheops as before (its start: 22, 484, 12766). */
  cheops_position_init_start (&pos, cheops_variant_find ("cheops"));
  g_assert_cmpuint (cheops_perft (&pos, 1), ==, 22);
  g_assert_cmpuint (cheops_perft (&pos, 2), ==, 484);
  g_assert_cmpuint (cheops_perft (&pos, 3), ==, 12766);
}

/* 3.8 from both ends: a trig is attacked by a side (looked up from the
 * trig) exactly when one of that side's pieces attacks it (looked at from
 * the piece), and every capture is onto an attacked trig. */
static void
check_attacks (const CheopsPosition *pos)
{
  CheopsMove list[CHEOPS_MAX_MOVES], *end = cheops_generate_moves (pos, list);

  for (int by = 0; by < CHEOPS_SIDE_NB; by++)
    for (CheopsCell t = 0; t < 46; t++)
      {
        CheopsCellSet pieces = pos->pieces[by][0];
        bool any = false;

        while (pieces)
          any |= cheops_cellset_has (trigchess_position_attacks (pos, cheops_cellset_pop (&pieces)), t);
        g_assert_cmpint (trigchess_position_is_attacked (pos, t, (CheopsSide) by), ==, any);
      }
  for (CheopsMove *m = list; m < end; m++)
    if (cheops_position_is_capture (pos, *m))
      g_assert_true (cheops_cellset_has (trigchess_position_attacks (pos, cheops_move_from (*m)),
                                         cheops_move_to (*m)));
}

/* Random games: generation, counting, playability (with wrong payloads),
 * attacks and do/undo agree with each other and with the definitions. */
static void
test_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (20071114);

  for (int game = 0; game < 24; game++)
    {
      CheopsPosition pos;

      cheops_position_init_start (&pos, V);
      for (int ply = 0; ply < 100; ply++)
        {
          CheopsMove list[CHEOPS_MAX_MOVES], *end = cheops_generate_moves (&pos, list);
          int n = (int) (end - list);
          CheopsUndo undo;
          CheopsMove m;
          int playable = 0;

          g_assert_cmpint (n, ==, cheops_count_moves (&pos));
          check_attacks (&pos);
          /* Every (from, to, promotion) is playable exactly when generated. */
          for (CheopsCell f = 0; f < 46; f++)
            for (CheopsCell t = 0; t < 46; t++)
              for (CheopsPieceType p = 0; p < 6; p++)
                if (cheops_position_is_playable (&pos, cheops_move_make_promotion (f, t, p)))
                  playable++;
          g_assert_cmpint (playable, ==, n);
          for (CheopsCell t = 0; t < 46; t++)
            {
              CheopsMove to_list[CHEOPS_MAX_MOVES];
              int want = 0;
              for (CheopsMove *x = list; x < end; x++)
                want += cheops_move_to (*x) == t;
              g_assert_cmpint (cheops_generate_moves_to (&pos, t, CHEOPS_NO_PIECE_TYPE, to_list) - to_list, ==, want);
            }
          if (n == 0)
            {
              g_assert_cmpint (cheops_position_outcome (&pos), !=, CHEOPS_OUTCOME_NONE);
              break;
            }
          g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_OUTCOME_NONE);
          m = list[g_rand_int_range (rand, 0, n)];
          g_assert_false (cheops_position_is_playable (&pos, m | (1u << 30)));
          cheops_position_do_move (&pos, m, &undo);
          g_assert_true (cheops_position_is_consistent (&pos));
          /* TR11: the mover's King is never left attacked. */
          g_assert_false (cheops_position_king_attacked (&pos, cheops_side_other (pos.side_to_move)));
          g_assert_true (cheops_position_is_reachable (&pos, NULL));
          {
            char fen[CHEOPS_FEN_MAX];
            CheopsPosition back;
            cheops_position_to_fen (&pos, fen, sizeof fen);
            load (&back, fen);
            g_assert_true (memcmp (back.board, pos.board, sizeof pos.board) == 0);
            g_assert_cmphex (back.key, ==, pos.key);
          }
        }
    }
  g_rand_free (rand);
}

/* ------------------------------------------------------ reachability */

static void
test_reachable (void)
{
  CheopsPosition pos;
  CheopsError error = { 0 };

  load (&pos, TRIGCHESS_START_FEN);
  g_assert_true (cheops_position_is_reachable (&pos, &error));
  /* Five Gold Pawns. */
  build (&pos, "Pb2 Pc2 Pd2 Pe2 Pf2 Ke1 ke6", CHEOPS_SIDE_A);
  g_assert_false (cheops_position_is_reachable (&pos, &error));
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_POSITION_UNREACHABLE);
  g_assert_cmpstr (error.message, ==, "Gold has 5 Pawns; a side starts with 4 and gains none");
  /* Four Pawns and a third Dome. */
  build (&pos, "Pb2 Pd2 Pf2 Ph2 Db1 Dh1 Dc1 Ke1 ke6", CHEOPS_SIDE_A);
  g_assert_false (cheops_position_is_reachable (&pos, &error));
  g_assert_cmpstr (error.message, ==, "Gold has 4 Pawns and 1 promoted pieces; together at most the 4 Pawns it starts with");
  /* Three Pawns and a third Dome: fine. */
  build (&pos, "Pb2 Pd2 Pf2 Db1 Dh1 Dc1 Ke1 ke6", CHEOPS_SIDE_A);
  g_assert_true (cheops_position_is_reachable (&pos, &error));
  /* A Gold Gyro on a class D trig (e5 is D). */
  build (&pos, "Ge5 Ke1 kb6", CHEOPS_SIDE_A);
  g_assert_false (cheops_position_is_reachable (&pos, &error));
  g_assert_cmpstr (error.message, ==, "a Gold Gyro on a class D trig: Gold's Gyros start and promote only on other "
                   "classes, and a Gyro never leaves its class (2.5, 4.4)");
  /* Two Red Gyros on class D trigs (e5, c6 are D). */
  build (&pos, "ge5 gc6 Ke1 kb6", CHEOPS_SIDE_A);
  g_assert_false (cheops_position_is_reachable (&pos, &error));
  g_assert_cmpstr (error.message, ==, "Red has 2 Gyros on class D trigs; only its one Gyro that starts there can "
                   "stand on them (2.5, 4.4)");
  /* Both Kings in check (Kings on neighbouring trigs). */
  build (&pos, "Ke3 ke4", CHEOPS_SIDE_A);
  g_assert_false (cheops_position_is_reachable (&pos, &error));
  g_assert_cmpstr (error.message, ==, "both Kings are in check");
  build (&pos, "Kd1 Dc5 kb6", CHEOPS_SIDE_A);
  g_assert_false (cheops_position_is_reachable (&pos, &error));
  g_assert_cmpstr (error.message, ==, "Red, not to move, is in check (TR11)");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/trigchess/board", test_board);
  g_test_add_func ("/core/trigchess/reach-tables", test_reach_tables);
  g_test_add_func ("/core/trigchess/examples", test_examples);
  g_test_add_func ("/core/trigchess/special-rules", test_special_rules);
  g_test_add_func ("/core/trigchess/end-of-game", test_end_of_game);
  g_test_add_func ("/core/trigchess/sanity-numbers", test_sanity_numbers);
  g_test_add_func ("/core/trigchess/fen", test_fen);
  g_test_add_func ("/core/trigchess/move-text", test_move_text);
  g_test_add_func ("/core/trigchess/san", test_san);
  g_test_add_func ("/core/trigchess/perft", test_perft);
  g_test_add_func ("/core/trigchess/random-games", test_random_games);
  g_test_add_func ("/core/trigchess/reachable", test_reachable);
  return g_test_run ();
}
