/* test-geometry.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board and its lines (Articles 2-3), checked against the examples the
 * Laws print and against values derived by hand.
 */
#include <glib.h>
#include <string.h>

#include "cheops-core.h"

static CheopsCell
cell (const char *name)
{
  CheopsCell c = cheops_laws_cell_parse (name, NULL);
  g_assert_cmpint (c, !=, CHEOPS_CELL_NONE);
  return c;
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The cells of @set as sorted names separated by spaces, newly allocated. */
static char *
sorted_names (CheopsCellSet set)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  char buf[3];
  char *joined;

  while (set)
    g_ptr_array_add (names, g_strdup (cheops_laws_cell_name (cheops_cellset_pop (&set), buf)));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  joined = g_strjoinv (" ", (char **) names->pdata);
  g_ptr_array_free (names, TRUE);
  return joined;
}

static void
assert_set (CheopsCellSet set, const char *expected)
{
  g_autofree char *got = sorted_names (set);
  g_assert_cmpstr (got, ==, expected);
}

/* The ray from @from as names in order, e.g. "j3 j4 k4 k5". */
static void
assert_ray (const char *from, CheopsLawsRay ray, const char *expected)
{
  CheopsCell cells[CHEOPS_LAWS_RAY_MAX_CELLS];
  int n = cheops_laws_ray_list (cell (from), ray, cells);
  GString *s = g_string_new (NULL);
  char buf[3];

  for (int i = 0; i < n; i++)
    g_string_append_printf (s, "%s%s", i ? " " : "", cheops_laws_cell_name (cells[i], buf));
  g_assert_cmpstr (s->str, ==, expected);
  g_string_free (s, TRUE);
}

static void
test_cells (void)
{
  int light = 0, dark = 0;
  char buf[3];

  /* 2.2-2.4 */
  g_assert_cmpint (cheops_laws_cell_make (0, 1), ==, 0);
  g_assert_cmpint (cheops_laws_cell_make (16, 1), ==, 16);
  g_assert_cmpint (cheops_laws_cell_make (8, 9), ==, CHEOPS_LAWS_APEX);
  g_assert_cmpint (cheops_laws_cell_make (8, 8), ==, CHEOPS_LAWS_GATE);
  g_assert_cmpint (cheops_laws_cell_make (7, 8), ==, CHEOPS_LAWS_FLANK_H);
  g_assert_cmpint (cheops_laws_cell_make (9, 8), ==, CHEOPS_LAWS_FLANK_J);
  g_assert_cmpint (cheops_laws_cell_make (0, 2), ==, CHEOPS_CELL_NONE);   /* a2 is off the board */
  g_assert_cmpint (cheops_laws_cell_make (16, 2), ==, CHEOPS_CELL_NONE);
  g_assert_cmpint (cheops_laws_cell_make (7, 9), ==, CHEOPS_CELL_NONE);
  g_assert_cmpint (cheops_laws_cell_parse ("b2", NULL), ==, 17);
  g_assert_cmpint (cheops_laws_cell_parse ("a2", NULL), ==, CHEOPS_CELL_NONE);
  g_assert_cmpint (cheops_laws_cell_parse ("r1", NULL), ==, CHEOPS_CELL_NONE);
  g_assert_cmpint (cheops_laws_cell_parse ("i0", NULL), ==, CHEOPS_CELL_NONE);
  g_assert_cmpstr (cheops_laws_cell_name (CHEOPS_LAWS_APEX, buf), ==, "i9");
  g_assert_cmpstr (cheops_laws_cell_name (77, buf), ==, "h8");

  for (CheopsCell c = 0; c < CHEOPS_LAWS_CELL_NB; c++)
    {
      if (cheops_laws_cell_is_light (c))
        light++;
      else
        dark++;
      g_assert_cmpint (cheops_laws_cell_parse (cheops_laws_cell_name (c, buf), NULL), ==, c);
    }
  g_assert_cmpint (light, ==, 45);
  g_assert_cmpint (dark, ==, 36);
  g_assert_true (cheops_laws_cell_is_light (cell ("a1")));
  g_assert_false (cheops_laws_cell_is_light (cell ("b1")));
  g_assert_true (cheops_laws_cell_is_light (cell ("i9")));    /* the Apex is light (5.2 note) */
  g_assert_false (cheops_laws_cell_is_light (cell ("i8")));   /* the Gate is dark */
  g_assert_true (cheops_laws_cell_is_light (cell ("h8")));
  g_assert_cmpint (cheops_cellset_count (cheops_laws_light_cells ()), ==, 45);
  g_assert_cmpint (cheops_cellset_count (cheops_laws_all_cells ()), ==, 81);
}

static void
test_steps (void)
{
  /* 3.1.2: a light cell: left, right, below.  3.1.3: a dark cell: left,
   * right, above.  2.5: the Apex shares a side only with the Gate. */
  assert_set (cheops_laws_step_cells (cell ("i3")), "h3 i2 j3");
  assert_set (cheops_laws_step_cells (cell ("j3")), "i3 j4 k3");
  assert_set (cheops_laws_step_cells (cell ("a1")), "b1");
  assert_set (cheops_laws_step_cells (cell ("q1")), "p1");
  assert_set (cheops_laws_step_cells (cell ("i9")), "i8");
  assert_set (cheops_laws_step_cells (cell ("i8")), "h8 i9 j8");
  assert_set (cheops_laws_step_cells (cell ("h8")), "h7 i8");
  /* Corner cells: same colour, one point. */
  assert_set (cheops_laws_corner_cells (cell ("i3")), "g3 h2 h4 j2 j4 k3");
  assert_set (cheops_laws_corner_cells (cell ("i9")), "h8 j8");
  /* The King: step and corner, never the Apex (5.2). */
  assert_set (cheops_laws_king_cells (cell ("i3")), "g3 h2 h3 h4 i2 j2 j3 j4 k3");
  assert_set (cheops_laws_king_cells (cell ("i8")), "h7 h8 j7 j8");
  assert_set (cheops_laws_king_cells (cell ("h8")), "g7 h7 i7 i8 j8");
  assert_set (cheops_laws_king_cells (cell ("b1")), "a1 b2 c1 c2 d1");
}

static void
test_rays (void)
{
  /* 3.2.2, both examples. */
  assert_ray ("i3", CHEOPS_LAWS_RAY_BAND_NORTH_EAST, "j3 j4 k4 k5 l5 l6");
  assert_ray ("a1", CHEOPS_LAWS_RAY_BAND_NORTH_EAST, "b1 b2 c2 c3 d3 d4 e4 e5 f5 f6 g6 g7 h7 h8 i8 i9");
  assert_ray ("i9", CHEOPS_LAWS_RAY_BAND_SOUTH_WEST, "i8 h8 h7 g7 g6 f6 f5 e5 e4 d4 d3 c3 c2 b2 b1 a1");
  assert_ray ("i9", CHEOPS_LAWS_RAY_BAND_SOUTH_EAST, "i8 j8 j7 k7 k6 l6 l5 m5 m4 n4 n3 o3 o2 p2 p1 q1");
  assert_ray ("i3", CHEOPS_LAWS_RAY_BAND_NORTH_WEST, "h3 h4 g4 g5 f5 f6");
  assert_ray ("i3", CHEOPS_LAWS_RAY_BAND_EAST, "j3 k3 l3 m3 n3 o3");
  assert_ray ("i3", CHEOPS_LAWS_RAY_BAND_SOUTH_EAST, "i2 j2 j1 k1");
  /* 3.3.1, the three examples. */
  assert_ray ("i3", CHEOPS_LAWS_RAY_CORNER_EAST, "k3 m3 o3");
  assert_ray ("i3", CHEOPS_LAWS_RAY_CORNER_NORTH_EAST, "j4 k5 l6");
  assert_ray ("i3", CHEOPS_LAWS_RAY_CORNER_NORTH_WEST, "h4 g5 f6");
  assert_ray ("i3", CHEOPS_LAWS_RAY_CORNER_SOUTH_WEST, "h2 g1");
  /* 3.4.1 and the spine of 3.4.2. */
  assert_ray ("e1", CHEOPS_LAWS_RAY_COLUMN_UP, "e2 e3 e4 e5");
  assert_ray ("i1", CHEOPS_LAWS_RAY_COLUMN_UP, "i2 i3 i4 i5 i6 i7 i8 i9");
  assert_ray ("i9", CHEOPS_LAWS_RAY_COLUMN_DOWN, "i8 i7 i6 i5 i4 i3 i2 i1");
  assert_ray ("a1", CHEOPS_LAWS_RAY_COLUMN_UP, "");

  /* 3.3.2: a corner line keeps its colour. */
  for (CheopsCell c = 0; c < CHEOPS_LAWS_CELL_NB; c++)
    for (int r = CHEOPS_LAWS_RAY_CORNER_EAST; r <= CHEOPS_LAWS_RAY_CORNER_SOUTH_EAST; r++)
      {
        CheopsCellSet same = cheops_laws_cell_is_light (c) ? cheops_laws_light_cells () : cheops_laws_dark_cells ();
        g_assert_true ((cheops_laws_ray_cells (c, (CheopsLawsRay) r) & ~same) == 0);
      }
}

static void
test_blocking (void)
{
  CheopsCell i3 = cell ("i3");
  CheopsCellSet occ;

  /* 3.6.3: up to and including the first piece.  The NORTH_WEST band visits
   * h4 before g4 though g4 has the lower number. */
  occ = cheops_cellset_of (cell ("g4")) | cheops_cellset_of (cell ("h4"));
  assert_set (cheops_laws_ray_attacks (i3, CHEOPS_LAWS_RAY_BAND_NORTH_WEST, occ), "h3 h4");
  occ = cheops_cellset_of (cell ("g4")) | cheops_cellset_of (cell ("g5"));
  assert_set (cheops_laws_ray_attacks (i3, CHEOPS_LAWS_RAY_BAND_NORTH_WEST, occ), "g4 h3 h4");
  occ = cheops_cellset_of (cell ("j1")) | cheops_cellset_of (cell ("k1"));
  assert_set (cheops_laws_ray_attacks (i3, CHEOPS_LAWS_RAY_BAND_SOUTH_EAST, occ), "i2 j1 j2");
  occ = cheops_cellset_of (cell ("j1"));
  assert_set (cheops_laws_ray_attacks (i3, CHEOPS_LAWS_RAY_BAND_SOUTH_EAST, occ), "i2 j1 j2");
  occ = cheops_cellset_of (cell ("m3"));
  assert_set (cheops_laws_ray_attacks (i3, CHEOPS_LAWS_RAY_CORNER_EAST, occ), "k3 m3");
  /* 3.3.3, 3.6.4: a corner move passes over a cell of the other colour,
   * which does not block it. */
  occ = cheops_cellset_of (cell ("j3"));
  assert_set (cheops_laws_ray_attacks (i3, CHEOPS_LAWS_RAY_CORNER_EAST, occ), "k3 m3 o3");

  /* Between, for pins. */
  assert_set (cheops_laws_between_cells (CHEOPS_LAWS_QUEEN, cell ("a1"), cell ("e4")), "b1 b2 c2 c3 d3 d4");
  assert_set (cheops_laws_between_cells (CHEOPS_LAWS_QUEEN, cell ("e4"), cell ("a1")), "b1 b2 c2 c3 d3 d4");
  assert_set (cheops_laws_between_cells (CHEOPS_LAWS_SISTER, cell ("i3"), cell ("o3")), "k3 m3");
  assert_set (cheops_laws_between_cells (CHEOPS_LAWS_SWORDMASTER, cell ("i1"), cell ("i9")), "i2 i3 i4 i5 i6 i7 i8");
  assert_set (cheops_laws_between_cells (CHEOPS_LAWS_SWORDMASTER, cell ("a1"), cell ("e4")), "");
}

static void
test_leaps (void)
{
  /* 3.5, R1: every cell exactly three steps away, derived by hand from the
   * strip coordinates.  The centre: nine cells, g2 i4 k2 among them. */
  assert_set (cheops_laws_leap_cells (cell ("i3")), "f3 g2 g4 h1 i4 j1 k2 k4 l3");
  /* An edge cell of the base, and a corner. */
  assert_set (cheops_laws_leap_cells (cell ("i1")), "f1 g2 i2 k2 l1");
  assert_set (cheops_laws_leap_cells (cell ("a1")), "c2 d1");
  assert_set (cheops_laws_leap_cells (cell ("b1")), "c3 d2 e1");
  /* The Apex: an Assassin collapses from h7 or j7 (5.2). */
  assert_set (cheops_laws_leap_cells (cell ("i9")), "h7 j7");

  for (CheopsCell a = 0; a < CHEOPS_LAWS_CELL_NB; a++)
    {
      CheopsCellSet s = cheops_laws_leap_cells (a);
      g_assert_cmpint (cheops_cellset_count (s), <=, 9);
      while (s)
        {
          CheopsCell b = cheops_cellset_pop (&s);
          g_assert_true (cheops_laws_cell_is_light (a) != cheops_laws_cell_is_light (b));
          g_assert_true (cheops_cellset_has (cheops_laws_leap_cells (b), a));
        }
    }
  g_assert_cmpint (cheops_laws_distance (cell ("a1"), cell ("q1")), ==, 16);
  g_assert_cmpint (cheops_laws_distance (cell ("i9"), cell ("i1")), ==, 16);
}

static void
test_pawns (void)
{
  /* 4.7.2: two cells one level up and one on its own level toward the
   * opponent's corner, two columns along. */
  assert_set (cheops_laws_pawn_threat_cells (CHEOPS_SIDE_A, cell ("e3")), "d4 f4 g3");
  assert_set (cheops_laws_pawn_threat_cells (CHEOPS_SIDE_B, cell ("e3")), "c3 d4 f4");
  assert_set (cheops_laws_pawn_threat_cells (CHEOPS_SIDE_A, cell ("i8")), "");   /* the Gate: none */
  assert_set (cheops_laws_pawn_threat_cells (CHEOPS_SIDE_A, cell ("h8")), "i9 j8");
  assert_set (cheops_laws_pawn_threat_cells (CHEOPS_SIDE_B, cell ("j8")), "h8 i9");
  assert_set (cheops_laws_pawn_threat_cells (CHEOPS_SIDE_A, cell ("o3")), "n4");   /* the edge of a level */
  assert_set (cheops_laws_pawn_attacker_cells (CHEOPS_SIDE_A, cell ("g3")), "e3 f2 h2");
  /* 4.7.1: never lower; 5.3-5.4: the Apex only from the Gate. */
  assert_set (cheops_laws_pawn_step_cells (cell ("e3")), "c3 d3 d4 f3 f4 g3");
  assert_set (cheops_laws_pawn_step_cells (cell ("d3")), "c3 d4 e3 e4 f3");
  assert_set (cheops_laws_pawn_step_cells (cell ("i8")), "h8 i9 j8");
  assert_set (cheops_laws_pawn_step_cells (cell ("h8")), "i8 j8");
}

static void
test_polygons (void)
{
  double xy[6];

  cheops_laws_cell_polygon (cell ("a1"), xy);
  g_assert_cmpfloat (xy[0], ==, 0); g_assert_cmpfloat (xy[1], ==, 0);
  g_assert_cmpfloat (xy[2], ==, 2); g_assert_cmpfloat (xy[3], ==, 0);
  g_assert_cmpfloat (xy[4], ==, 1); g_assert_cmpfloat (xy[5], ==, 1);
  cheops_laws_cell_polygon (cell ("i8"), xy);
  g_assert_cmpfloat (xy[0], ==, 9); g_assert_cmpfloat (xy[1], ==, 7);
  g_assert_cmpfloat (xy[2], ==, 8); g_assert_cmpfloat (xy[3], ==, 8);
  g_assert_cmpfloat (xy[4], ==, 10); g_assert_cmpfloat (xy[5], ==, 8);

  /* Hit-testing finds each cell at its centroid, and nothing outside. */
  for (CheopsCell c = 0; c < CHEOPS_LAWS_CELL_NB; c++)
    {
      cheops_laws_cell_polygon (c, xy);
      g_assert_cmpint (cheops_laws_cell_at_point ((xy[0] + xy[2] + xy[4]) / 3, (xy[1] + xy[3] + xy[5]) / 3), ==, c);
    }
  g_assert_cmpint (cheops_laws_cell_at_point (0.2, 0.9), ==, CHEOPS_CELL_NONE);
  g_assert_cmpint (cheops_laws_cell_at_point (9.0, 8.9), ==, CHEOPS_LAWS_APEX);
  g_assert_cmpint (cheops_laws_cell_at_point (9.0, 9.5), ==, CHEOPS_CELL_NONE);
  g_assert_cmpint (cheops_laws_cell_at_point (-1.0, 0.5), ==, CHEOPS_CELL_NONE);
}

/* cheops_variant_cell_at_point() finds every cell of every game at its
 * centroid, whichever way round its corners are listed (a Cheops cell
 * pointing down lists them clockwise: the board could not be clicked
 * there). */
static void
test_cell_at_point_all_variants (void)
{
  for (int v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsVariant *variant = cheops_variants[v];
      const CheopsBoardShape *board = variant->board;

      for (int c = 0; c < board->n_cells; c++)
        {
          const CheopsCellInfo *info = &board->cells[c];
          double x = 0, y = 0;

          for (guint i = 0; i < info->n_corners; i++)
            {
              x += info->corners[i].x;
              y += info->corners[i].y;
            }
          x /= info->n_corners;
          y /= info->n_corners;
          if (cheops_variant_cell_at_point (variant, x, y) != (CheopsCell) c)
            g_error ("%s: cell %s not found at its centroid (%.2f, %.2f)", variant->name,
                     cheops_variant_cell_name (variant, c), x, y);
        }
      g_assert_cmpint (cheops_variant_cell_at_point (variant, board->min.x - 1, board->min.y - 1), ==,
                       CHEOPS_CELL_NONE);
    }
}

/* The mirror image (issue 26: a problem's anticipation, its mirror image
 * included): each game's mirror cell, from the board's shapes, against
 * cells named by hand; the mirror of the mirror is the cell itself; and a
 * position's image is the same position for play — the same number of
 * moves to depth 3 (perft) from each game's start and from positions with
 * pieces off the middle line, Pawns and a hand included.
 *   Cheops (6.2): the spine i1-i9 stays; a1 and q1, b2 and p2, h8 and j8
 *   change places; the sides exchange (4.7.2), so a's start is q's start.
 *   TrigChess (2.1, TR1): b1-h1, a3-i3, e3 stays (f + r keeps its parity,
 *   so a trig keeps pointing up or down).
 *   Cypher chess (2.1, 2.3): z0-i0, d10-e10, a5-h5 (the Border); its
 *   start is not its own image (Queen d1, King e1).
 *   Pyramids (2.1): a1-i1, e5 stays, b8-h8. */
static void
test_mirror (void)
{
  static const struct { const CheopsVariant *v; const char *pairs; const char *fens[3]; const char *want_fens[3]; } games[] = {
    { &cheops_variant_cheops, "a1 q1 b2 p2 h8 j8 i9 i9 i1 i1 c3 o3",
      { "1/3/5/7/9/11/1P11/15/1K13k1 a 0 1", "1/2q/2k2/5K1/7P1/11/13/15/17 a 0 1", NULL },
      { "1/3/5/7/9/11/11p1/15/1K13k1 q 0 1", "1/Q2/2K2/1k5/1p7/11/13/15/17 q 0 1", NULL } },
    { &cheops_variant_trigchess, "b1 h1 a3 i3 e3 e3 c6 g6 d2 f2",
      { "7/7/9/D3K4/2kS3/7 g 0 1", "6K/1s2Pk1/9/9/7/7 g 0 1", NULL },
      { "7/7/9/4K3D/3Sk2/7 g 0 1", "K6/1kP2s1/9/9/7/7 g 0 1", NULL } },
    { &cheops_variant_cypher, "z0 i0 d10 e10 a5 h5 z5 i5",
      { "9s/10/2k1S2q2/10/10/2N7/10/10/10/8K1/10 w - 0+0 - 0 1",
        "10/10/10/2s2S4/7nK1/10/10/10/3k6/10/10 b P 0+0 - 0 1", NULL },
      { "s9/10/2q2S1k2/10/10/7N2/10/10/10/1K8/10 w - 0+0 - 0 1",
        "10/10/10/4S2s2/1Kn7/10/10/10/6k3/10/10 b P 0+0 - 0 1", NULL } },
    { &cheops_variant_pyramids, "a1 i1 e5 e5 b8 h8 i9 a9",
      { "(.4)8/9/6(.3)2/2(1.)6/f8/9/9/1(2.)(.1)6/F8 w - 0 1", NULL },
      { "8(.4)/9/2(.3)6/6(1.)2/8f/9/9/6(.1)(2.)1/8F w - 0 1", NULL } },
  };

  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    {
      const CheopsVariant *v = games[g].v;
      g_auto(GStrv) pairs = g_strsplit (games[g].pairs, " ", -1);
      CheopsPosition start, image;

      for (guint i = 0; pairs[i] != NULL; i += 2)
        {
          CheopsCell a = cheops_variant_cell_parse (v, pairs[i], NULL);
          CheopsCell b = cheops_variant_cell_parse (v, pairs[i + 1], NULL);

          g_assert_cmpint (cheops_variant_mirror_cell (v, a), ==, b);
          g_assert_cmpint (cheops_variant_mirror_cell (v, b), ==, a);
        }
      for (CheopsCell c = 0; c < v->board->n_cells; c++)
        {
          CheopsCell m = cheops_variant_mirror_cell (v, c);

          g_assert_cmpint (m, !=, CHEOPS_CELL_NONE);
          g_assert_cmpint (cheops_variant_mirror_cell (v, m), ==, c);
          /* A cell keeps its colour (Cheops 6.2: a Sister is dark-bound) and
           * its zones, except Cypher chess's chessboard colours, which no
           * rule uses (CY31) and which 10 columns swap, as chess's 8 do;
           * its areas (its tints) stay. */
          if (v != &cheops_variant_cypher)
            g_assert_cmpint (v->board->cells[m].shade, ==, v->board->cells[c].shade);
          else
            g_assert_cmpint (v->board->cells[m].shade / 2, ==, v->board->cells[c].shade / 2);
          if (v->mirror == CHEOPS_MIRROR_LEFT_RIGHT)
            g_assert_cmpint (v->board->cells[m].zones, ==, v->board->cells[c].zones);
        }
      g_assert_cmpint (cheops_variant_mirror_cell (v, CHEOPS_CELL_NONE), ==, CHEOPS_CELL_NONE);
      g_assert_nonnull (v->mirror_rule);

      /* The start: its image is itself (the sides exchanged in Cheops),
       * but in Cypher chess, whose Queens stand on the d-file and Kings on
       * the e-file (5). */
      cheops_position_init_start (&start, v);
      g_assert_true (cheops_position_mirror (&start, &image));
      if (v == &cheops_variant_cypher)
        g_assert_cmpuint (image.key, !=, start.key);
      else if (v->mirror == CHEOPS_MIRROR_LEFT_RIGHT_SIDES)
        {
          CheopsPosition swapped = start;

          cheops_position_set_side (&swapped, 1 - start.side_to_move);
          g_assert_cmpuint (image.key, ==, swapped.key);
        }
      else
        g_assert_cmpuint (image.key, ==, start.key);
      g_assert_cmpuint (cheops_perft (&image, 3), ==, cheops_perft (&start, 3));

      for (guint f = 0; games[g].fens[f] != NULL; f++)
        {
          CheopsPosition pos, back;
          CheopsError error;
          char fen[256];

          g_assert_true (cheops_position_from_fen (&pos, v, games[g].fens[f], &error));
          g_assert_true (cheops_position_mirror (&pos, &image));
          v->f.to_fen (&image, fen, sizeof fen);
          g_assert_cmpstr (fen, ==, games[g].want_fens[f]);
          g_assert_cmpuint (image.key, ==, cheops_position_compute_key (&image));
          g_assert_true (cheops_position_mirror (&image, &back));
          g_assert_cmpuint (back.key, ==, pos.key);
          g_assert_cmpuint (cheops_perft (&image, 3), ==, cheops_perft (&pos, 3));
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/geometry/cells", test_cells);
  g_test_add_func ("/core/geometry/steps", test_steps);
  g_test_add_func ("/core/geometry/rays", test_rays);
  g_test_add_func ("/core/geometry/blocking", test_blocking);
  g_test_add_func ("/core/geometry/leaps", test_leaps);
  g_test_add_func ("/core/geometry/pawns", test_pawns);
  g_test_add_func ("/core/geometry/polygons", test_polygons);
  g_test_add_func ("/core/geometry/cell-at-point", test_cell_at_point_all_variants);
  g_test_add_func ("/core/geometry/mirror", test_mirror);
  return g_test_run ();
}
