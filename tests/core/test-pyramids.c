/* test-pyramids.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules core of Pyramids against variants/pyramids.md: the board (2),
 * every reach of 3.7 and its table of move counts, the rules of splitting
 * and merging (PY7, PY8), slides and leaps (PY1, PY2), slaves (PY3-PY5),
 * the faraon's right (4.3, PY10, PY11), the end of the game (4.5), the
 * sanity numbers of section 8, FEN (6.1, E1-E15), move text (6.2), record
 * notation (6.3) and perft (PY15).
 */
#include <glib.h>
#include <string.h>

#include "cheops-core.h"

#define V (&cheops_variant_pyramids)

static CheopsCell
cell (const char *name)
{
  size_t len = 0;
  CheopsCell c = cheops_variant_cell_parse (V, name, &len);

  g_assert_cmpuint (len, ==, 2);
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

/* Every legal move of @pos, target by target (so that the list may be longer
 * than CHEOPS_MAX_MOVES), into a new array; checks that their number is
 * cheops_count_moves() and, when the list fits, that cheops_generate_moves()
 * gives the same moves. */
static GArray *
all_moves (const CheopsPosition *pos)
{
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (CheopsMove));
  CheopsMove list[CHEOPS_MAX_MOVES];

  for (CheopsCell to = 0; to < 81; to++)
    {
      CheopsMove *end = cheops_generate_moves_to (pos, to, CHEOPS_NO_PIECE_TYPE, list);
      g_array_append_vals (moves, list, (guint) (end - list));
    }
  g_assert_cmpint ((int) moves->len, ==, cheops_count_moves (pos));
  if (moves->len <= CHEOPS_MAX_MOVES)
    {
      CheopsMove *end = cheops_generate_moves (pos, list);

      g_assert_cmpint (end - list, ==, (int) moves->len);
      for (CheopsMove *m = list; m < end; m++)
        g_assert_true (cheops_position_is_playable (pos, *m));
      /* pyramids_generate_moves_onto(): the moves onto the targets, in
       * the same order (the enemy pieces; squares picked by the key). */
      for (int t = 0; t < 2; t++)
        {
          static CheopsMove onto[CHEOPS_MAX_MOVES];
          CheopsCellSet targets = t == 0 ? pos->pieces[cheops_side_other (pos->side_to_move)][0]
                                         : ((CheopsCellSet) pos->key << 64 | (CheopsCellSet) (pos->key * 7));
          CheopsMove *onto_end = pyramids_generate_moves_onto (pos, targets, onto), *o = onto;

          for (CheopsMove *m = list; m < end; m++)
            if ((targets >> cheops_move_to (*m)) & 1)
              {
                g_assert_true (o < onto_end);
                g_assert_cmpuint (*o, ==, *m);
                o++;
              }
          g_assert_true (o == onto_end);
        }
    }
  return moves;
}

/* The legal moves of @pos from @from (NULL: all) moving the sizes @sizes
 * (0: any), as machine texts (@san: record notation) sorted and joined by
 * spaces.  Checks that each text and SAN reads back as its move. */
static char *
moves_of_dup (const CheopsPosition *pos, const char *from, unsigned sizes, gboolean san)
{
  g_autoptr(GArray) moves = all_moves (pos);
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < moves->len; i++)
    {
      CheopsMove m = g_array_index (moves, CheopsMove, i);
      char text[CHEOPS_MOVE_TEXT_MAX], record[CHEOPS_SAN_MAX];
      CheopsError error = { 0 };

      if (from != NULL && cheops_move_from (m) != cell (from))
        continue;
      if (sizes != 0 && pyramids_move_sizes (pos, m) != sizes)
        continue;
      cheops_move_to_text (V, m, text);
      cheops_move_to_san (pos, m, record);
      if (cheops_move_from_text (pos, text, &error) != m)
        g_error ("text %s: %s", text, error.message);
      if (cheops_move_from_san (pos, record, -1, &error) != m)
        g_error ("SAN %s (%s): %s", record, text, error.message);
      g_ptr_array_add (words, g_strdup (san ? record : text));
    }
  g_ptr_array_sort (words, compare_strings);
  g_ptr_array_add (words, NULL);
  return g_strjoinv (" ", (char **) words->pdata);
}

/* moves_of_dup(), freed at the end of the test (for assertions). */
static const char *
moves_of (const CheopsPosition *pos, const char *from, unsigned sizes, gboolean san)
{
  char *moves = moves_of_dup (pos, from, sizes, san);

  g_test_queue_free (moves);
  return moves;
}

static int
count_of (const CheopsPosition *pos, const char *from, unsigned sizes)
{
  g_autofree char *s = moves_of_dup (pos, from, sizes, FALSE);
  int n = s[0] ? 1 : 0;

  for (const char *p = s; *p; p++)
    n += *p == ' ';
  return n;
}

/* The set of the squares named in @names ("d4 d5 e4"). */
static CheopsCellSet
set_of (const char *names)
{
  g_auto(GStrv) words = g_strsplit (names, " ", -1);
  CheopsCellSet set = 0;

  for (int i = 0; words[i]; i++)
    if (words[i][0])
      {
        g_assert_false (cheops_cellset_has (set, cell (words[i])));
        set |= cheops_cellset_of (cell (words[i]));
      }
  return set;
}

/* The to-squares of the legal moves from @from moving @sizes (0: any). */
static CheopsCellSet
targets_of (const CheopsPosition *pos, const char *from, unsigned sizes)
{
  g_autoptr(GArray) moves = all_moves (pos);
  CheopsCellSet set = 0;

  for (guint i = 0; i < moves->len; i++)
    {
      CheopsMove m = g_array_index (moves, CheopsMove, i);
      if (cheops_move_from (m) == cell (from) && (sizes == 0 || pyramids_move_sizes (pos, m) == sizes))
        set |= cheops_cellset_of (cheops_move_to (m));
    }
  return set;
}

static char *
fen_of (const CheopsPosition *pos)
{
  char buf[CHEOPS_FEN_MAX];

  cheops_position_to_fen (pos, buf, sizeof buf);
  return g_strdup (buf);
}

static char *
san_of (const CheopsPosition *pos, const char *text)
{
  char san[CHEOPS_SAN_MAX];
  CheopsError error = { 0 };
  CheopsMove m = cheops_move_from_text (pos, text, &error);

  if (m == CHEOPS_MOVE_NONE)
    g_error ("%s: %s", text, error.message);
  cheops_move_to_san (pos, m, san);
  g_assert_cmpuint (cheops_move_from_san (pos, san, -1, NULL), ==, m);
  return g_strdup (san);
}

#define ASSERT_SAN(pos, text, want) \
  G_STMT_START { g_autofree char *_s = san_of (pos, text); g_assert_cmpstr (_s, ==, want); } G_STMT_END

static void
check_san_error (const CheopsPosition *pos, const char *san, CheopsErrorCode code)
{
  CheopsError error = { 0 };

  if (cheops_move_from_san (pos, san, -1, &error) != CHEOPS_MOVE_NONE)
    g_error ("'%s' was read", san);
  g_assert_cmpint (error.code, ==, code);
  g_assert_nonnull (strstr (error.message, san));
}

/* Plays @text (machine text or SAN) on @pos, checking do/undo. */
static void
play (CheopsPosition *pos, const char *text)
{
  CheopsError error = { 0 };
  CheopsMove m = cheops_move_from_san (pos, text, -1, &error);
  CheopsPosition before = *pos;
  CheopsUndo undo;

  if (m == CHEOPS_MOVE_NONE)
    g_error ("%s: %s", text, error.message);
  cheops_position_do_move (pos, m, &undo);
  g_assert_true (cheops_position_is_consistent (pos));
  cheops_position_undo_move (pos, m, &undo);
  g_assert_true (memcmp (&before, pos, sizeof before) == 0);
  cheops_position_do_move (pos, m, &undo);
}

static unsigned
sizes (const char *digits)
{
  unsigned m = 0;

  for (; *digits; digits++)
    m |= 1u << (*digits - '1');
  return m;
}

/* A FEN with a lone White piece @token on @square and the faraons where
 * no piece on e5 or a1 reaches them (b1/h9 for e5, f4/i6 for a1). */
static void
lone (CheopsPosition *pos, CheopsPieceType kind, const char *square)
{
  cheops_position_clear (pos, V);
  if (strcmp (square, "e5") == 0)
    {
      cheops_position_put (pos, cell ("b1"), cheops_piece_make (CHEOPS_SIDE_A, PYRAMIDS_FARAON));
      cheops_position_put (pos, cell ("h9"), cheops_piece_make (CHEOPS_SIDE_B, PYRAMIDS_FARAON));
    }
  else
    {
      cheops_position_put (pos, cell ("f4"), cheops_piece_make (CHEOPS_SIDE_A, PYRAMIDS_FARAON));
      cheops_position_put (pos, cell ("i6"), cheops_piece_make (CHEOPS_SIDE_B, PYRAMIDS_FARAON));
    }
  cheops_position_put (pos, cell (square), cheops_piece_make (CHEOPS_SIDE_A, kind));
  g_assert_true (cheops_position_is_consistent (pos));
}

/* Section 2, 3.6, 6.4, 6.5: the variant table. */
static void
test_board (void)
{
  const CheopsBoardShape *b = V->board;
  int dark = 0;
  static const char *const names[16] = {
    NULL, "Guard", "Squirrel", "Lion", "Bishop", "Horse", "Ibis", "Scarab",
    "Rook", "Dragon", "Jackal", "Cobra", "Queen", "Sphinx", "Obelisk", "Pyramid",
  };
  static const char *const words[PYRAMIDS_OUTCOME_NB] = {
    "none", "w checkmate", "b checkmate", "draw stalemate", "draw bare-faraons", "draw repetition", "draw 75-move",
  };
  gboolean registered = FALSE;

  for (int i = 0; cheops_variants[i]; i++)
    registered |= cheops_variants[i] == V;
  g_assert_true (registered);
  g_assert_true (cheops_variant_find ("pyramids") == V);
  g_assert_true (cheops_variant_find (" Pyramids ") == V);
  g_assert_cmpstr (V->title, ==, "Pyramids");
  g_assert_cmpstr (V->name, ==, "pyramids");
  g_assert_cmpint (V->sides[0].letter, ==, 'w');
  g_assert_cmpint (V->sides[1].letter, ==, 'b');
  g_assert_cmpstr (V->sides[0].name, ==, "White");
  g_assert_cmpstr (V->sides[1].tag, ==, "Black");

  /* 2.2 */
  g_assert_cmpint (b->n_cells, ==, 81);
  g_assert_cmpint (cell ("a1"), ==, 0);
  g_assert_cmpint (cell ("i1"), ==, 8);
  g_assert_cmpint (cell ("a2"), ==, 9);
  g_assert_cmpint (cell ("e5"), ==, 40);
  g_assert_cmpint (cell ("i9"), ==, 80);
  for (int c = 0; c < 81; c++)
    {
      int f = c % 9, r = c / 9 + 1;
      const CheopsCellInfo *info = &b->cells[c];

      g_assert_cmpint (info->name[0], ==, 'a' + f);
      g_assert_cmpint (info->name[1], ==, '0' + r);
      g_assert_cmpint (info->name[2], ==, 0);
      /* 2.3 */
      g_assert_cmpint (info->n_corners, ==, 4);
      g_assert_cmpfloat (info->corners[0].x, ==, f);
      g_assert_cmpfloat (info->corners[0].y, ==, r - 1);
      g_assert_cmpfloat (info->corners[2].x, ==, f + 1);
      g_assert_cmpfloat (info->corners[2].y, ==, r);
      g_assert_cmpint (cheops_variant_cell_at_point (V, f + 0.5, r - 0.5), ==, c);
      g_assert_cmpint (cheops_variant_cell_at_point (V, f + 0.01, r - 0.99), ==, c);
      /* 2.4 */
      g_assert_cmpint (info->shade, ==, (f + r) % 2);
      dark += info->shade;
    }
  g_assert_cmpint (dark, ==, 41);
  g_assert_cmpint (b->cells[cell ("a1")].shade, ==, 1);
  g_assert_cmpint (b->cells[cell ("i9")].shade, ==, 1);
  g_assert_cmpint (cheops_variant_cell_at_point (V, 9.5, 4), ==, CHEOPS_CELL_NONE);
  g_assert_cmpint (b->flip, ==, CHEOPS_FLIP_ROTATE);
  g_assert_cmpint (b->n_labels, ==, 36);
  g_assert_cmpstr (b->shade_names[1], ==, "dark");

  /* 3.6 */
  g_assert_cmpint (V->n_piece_types, ==, 18);
  g_assert_cmpstr (V->pieces[PYRAMIDS_FARAON].name, ==, "Faraon");
  g_assert_cmpstr (V->pieces[PYRAMIDS_SLAVE].name, ==, "Slave");
  for (unsigned m = 1; m <= 15; m++)
    {
      const CheopsMarkOp *op = V->pieces[PYRAMIDS_PINO (m)].mark;
      char digits[5];
      float last = 2;
      int discs = 0;

      g_assert_cmpstr (V->pieces[PYRAMIDS_PINO (m)].name, ==, names[m]);
      pyramids_sizes_to_text (m, digits);
      for (; op->op != CHEOPS_MARK_END; op++)
        if (op->op == CHEOPS_MARK_DISC)
          {
            g_assert_cmpfloat (op->a, <, last);   /* largest first, below */
            last = op->a;
            discs++;
          }
        else if (op->op == CHEOPS_MARK_RING)
          {
            /* The light ring just outside a smaller checker's disc (the
             * studio's drawing data: every edge reads on both sides). */
            g_assert_cmpint (discs, >=, 2);
            g_assert_cmpfloat (op->a, >, last);
            g_assert_cmpfloat (op->a, <, last + 0.1);
          }
        else
          {
            g_assert_cmpint (op->op, ==, CHEOPS_MARK_TEXT);
            g_assert_cmpstr (op->s, ==, digits);
          }
      g_assert_cmpint (discs, ==, (int) strlen (digits));
    }
  /* PY5: the 15 pinos, each once. */
  {
    unsigned seen = 0;
    int n = 0;

    for (; V->promotion_choices[n]; n++)
      seen |= 1u << PYRAMIDS_PINO_MASK (V->promotion_choices[n]);
    g_assert_cmpint (n, ==, 15);
    g_assert_cmpuint (seen, ==, 0xfffe);
  }
  g_assert_cmpint (V->n_outcomes, ==, PYRAMIDS_OUTCOME_NB);
  for (int o = 0; o < PYRAMIDS_OUTCOME_NB; o++)
    g_assert_cmpstr (V->outcomes[o].status, ==, words[o]);
  g_assert_cmpint (V->outcomes[PYRAMIDS_OUTCOME_W_CHECKMATE].winner, ==, CHEOPS_WINNER_A);
  g_assert_cmpint (V->outcomes[PYRAMIDS_OUTCOME_B_CHECKMATE].winner, ==, CHEOPS_WINNER_B);
  g_assert_true (V->outcomes[PYRAMIDS_OUTCOME_REPETITION].needs_history);
}

/* 3.7: reach on an empty board, by the geometry and by the generator. */
static void
check_reach (CheopsPieceType kind, const char *square, const char *names, int n)
{
  CheopsPosition pos;
  CheopsCellSet want = set_of (names);

  g_assert_cmpint (cheops_cellset_count (want), ==, n);
  g_assert_true (pyramids_empty_board_reach (kind, CHEOPS_SIDE_A, FALSE, cell (square)) == want);
  if (PYRAMIDS_IS_PINO (kind))
    {
      lone (&pos, kind, square);
      g_assert_true (targets_of (&pos, square, PYRAMIDS_PINO_MASK (kind)) == want);
    }
}

static void
test_reach (void)
{
  CheopsPosition pos;

  check_reach (PYRAMIDS_PINO (1), "e5", "d4 d5 d6 e4 e6 f4 f5 f6", 8);
  check_reach (PYRAMIDS_PINO (1), "a1", "a2 b1 b2", 3);
  check_reach (PYRAMIDS_PINO (2), "e5", "c3 c4 c5 c6 c7 d3 d7 e3 e7 f3 f7 g3 g4 g5 g6 g7", 16);
  check_reach (PYRAMIDS_PINO (2), "a1", "a3 b3 c1 c2 c3", 5);
  check_reach (PYRAMIDS_PINO (2), "e1", "c1 c2 c3 d3 e3 f3 g1 g2 g3", 9);
  check_reach (PYRAMIDS_PINO (4), "e5", "a1 b2 c3 d4 f6 g7 h8 i9 a9 b8 c7 d6 f4 g3 h2 i1", 16);
  g_assert_cmpint (cheops_cellset_count (pyramids_empty_board_reach (PYRAMIDS_PINO (4), 0, FALSE, cell ("a1"))), ==, 8);
  for (int c = 0; c < 81; c++)
    g_assert_cmpint (cheops_cellset_count (pyramids_empty_board_reach (PYRAMIDS_PINO (8), 0, FALSE, (CheopsCell) c)), ==, 16);
  check_reach (PYRAMIDS_PINO (13), "a1",
               "a2 a3 a4 a5 a6 a7 a8 a9 b1 c1 d1 e1 f1 g1 h1 i1 b2 c3 d4 e5 f6 g7 h8 i9 d2 d3 b4 c4", 28);
  check_reach (PYRAMIDS_PINO (13), "e5",
               "a5 b5 c5 d5 f5 g5 h5 i5 e1 e2 e3 e4 e6 e7 e8 e9 a1 b2 c3 d4 f6 g7 h8 i9 a9 b8 c7 d6 f4 g3 h2 i1 "
               "b3 b4 b6 b7 c2 c8 d2 d8 f2 f8 g2 g8 h3 h4 h6 h7", 48);
  check_reach (PYRAMIDS_PINO (15), "e5",
               "a5 b5 c5 d5 f5 g5 h5 i5 e1 e2 e3 e4 e6 e7 e8 e9 a1 b2 c3 d4 f6 g7 h8 i9 a9 b8 c7 d6 f4 g3 h2 i1 "
               "b3 b4 b6 b7 c2 c8 d2 d8 f2 f8 g2 g8 h3 h4 h6 h7 c4 c6 d3 d7 f3 f7 g4 g6", 56);
  g_assert_cmpint (cheops_cellset_count (pyramids_empty_board_reach (PYRAMIDS_FARAON, 0, TRUE, cell ("e5"))), ==, 48);
  g_assert_cmpint (cheops_cellset_count (pyramids_empty_board_reach (PYRAMIDS_FARAON, 0, FALSE, cell ("e5"))), ==, 8);
  g_assert_cmpint (cheops_cellset_count (pyramids_empty_board_reach (PYRAMIDS_FARAON, 0, TRUE, cell ("a1"))), ==, 15);
  /* Slaves (3.2) */
  g_assert_true (pyramids_empty_board_reach (PYRAMIDS_SLAVE, CHEOPS_SIDE_A, FALSE, cell ("e2")) == set_of ("d3 e3 f3 c4 d4 e4 f4 g4"));
  g_assert_true (pyramids_empty_board_reach (PYRAMIDS_SLAVE, CHEOPS_SIDE_A, FALSE, cell ("a2")) == set_of ("a3 b3 a4 b4 c4"));
  g_assert_true (pyramids_empty_board_reach (PYRAMIDS_SLAVE, CHEOPS_SIDE_A, FALSE, cell ("e3")) == set_of ("d4 e4 f4"));
  g_assert_true (pyramids_empty_board_reach (PYRAMIDS_SLAVE, CHEOPS_SIDE_B, FALSE, cell ("e8")) == set_of ("d7 e7 f7 c6 d6 e6 f6 g6"));
  /* ... and by the generator. */
  load (&pos, "4f4/9/9/9/9/9/9/4S4/F8 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "e2", 0, FALSE), ==, "e2c4 e2d3 e2d4 e2e3 e2e4 e2f3 e2f4 e2g4");
  load (&pos, "4f4/4s4/9/9/9/9/9/9/F8 w - 0 1");
  g_assert_cmpint (pos.side_to_move, ==, CHEOPS_SIDE_A);
  load (&pos, "4f4/4s4/9/9/9/9/9/9/F8 b - 0 1");
  g_assert_cmpstr (moves_of (&pos, "e8", 0, FALSE), ==, "e8c6 e8d6 e8d7 e8e6 e8e7 e8f6 e8f7 e8g6");
  /* The faraon on e5 with its right, alone but for the other faraon. */
  /* 47: all 48 but b8, next to the Black faraon (4.2: two faraons never
   * stand side by side). */
  load (&pos, "f8/9/9/9/4F4/9/9/9/9 w F 0 1");
  g_assert_cmpint (count_of (&pos, "e5", 0), ==, 47);
  g_assert_true (targets_of (&pos, "e5", 0) == (pyramids_empty_board_reach (PYRAMIDS_FARAON, 0, TRUE, cell ("e5")) & ~set_of ("b8")));
  load (&pos, "8f/9/9/9/9/9/9/9/F8 w F 0 1");
  g_assert_cmpint (count_of (&pos, "a1", 0), ==, 15);
}

/* 3.7's table: whole-stack reach and all-part move counts of each pino on
 * e5 and a1, and the 416 of 4321 on e5 by moving set. */
static void
test_reach_table (void)
{
  static const struct { const char *pino; int reach_e5, moves_e5, reach_a1, moves_a1; } table[] = {
    { "4", 16, 16, 16, 16 }, { "3", 16, 16, 8, 8 }, { "2", 16, 16, 5, 5 }, { "1", 8, 8, 3, 3 },
    { "43", 32, 64, 24, 48 }, { "42", 28, 60, 19, 40 }, { "41", 20, 44, 17, 36 },
    { "32", 28, 60, 12, 25 }, { "31", 20, 44, 10, 21 }, { "21", 24, 48, 8, 16 },
    { "432", 40, 176, 26, 110 }, { "431", 48, 160, 28, 106 }, { "421", 32, 144, 20, 88 },
    { "321", 32, 144, 14, 60 }, { "4321", 56, 416, 30, 240 },
  };
  static const struct { const char *set; int n; } by_set[] = {
    { "4321", 56 }, { "432", 40 }, { "431", 48 }, { "421", 32 }, { "321", 32 }, { "43", 32 }, { "42", 28 },
    { "41", 20 }, { "32", 28 }, { "31", 20 }, { "21", 24 }, { "4", 16 }, { "3", 16 }, { "2", 16 }, { "1", 8 },
  };
  CheopsPosition pos;
  int total = 0;

  for (guint i = 0; i < G_N_ELEMENTS (table); i++)
    {
      CheopsPieceType kind = PYRAMIDS_PINO (sizes (table[i].pino));

      lone (&pos, kind, "e5");
      g_assert_cmpint (cheops_cellset_count (targets_of (&pos, "e5", 0)), ==, table[i].reach_e5);
      g_assert_cmpint (cheops_cellset_count (targets_of (&pos, "e5", sizes (table[i].pino))), ==, table[i].reach_e5);
      g_assert_cmpint (count_of (&pos, "e5", 0), ==, table[i].moves_e5);
      lone (&pos, kind, "a1");
      g_assert_cmpint (cheops_cellset_count (targets_of (&pos, "a1", sizes (table[i].pino))), ==, table[i].reach_a1);
      g_assert_cmpint (count_of (&pos, "a1", 0), ==, table[i].moves_a1);
    }
  lone (&pos, PYRAMIDS_PINO (15), "e5");
  for (guint i = 0; i < G_N_ELEMENTS (by_set); i++)
    {
      g_assert_cmpint (count_of (&pos, "e5", sizes (by_set[i].set)), ==, by_set[i].n);
      total += by_set[i].n;
    }
  g_assert_cmpint (total, ==, 416);
  /* A whole-stack move carries no part; a part carries its sizes (6.2). */
  g_assert_cmpstr (moves_of (&pos, "e5", 15, FALSE), !=, "");
  {
    g_autofree char *whole = moves_of_dup (&pos, "e5", 15, FALSE);
    g_autofree char *part = moves_of_dup (&pos, "e5", 13, FALSE);

    g_assert_true (g_str_has_prefix (whole, "e5a1 e5a5 e5a9 "));
    g_assert_true (g_str_has_prefix (part, "e5a1431 e5a5431 e5a9431 "));
  }
}

/* 8.1: the initial position. */
static void
test_initial (void)
{
  CheopsPosition pos;
  g_autofree char *san = NULL;
  g_autofree char *fen = NULL;
  g_auto(GStrv) words = NULL;
  GHashTable *seen = g_hash_table_new (g_str_hash, g_str_equal);

  cheops_position_init_start (&pos, V);
  g_assert_true (cheops_position_is_consistent (&pos));
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, PYRAMIDS_START_FEN);
  g_assert_cmpstr (V->start_fen, ==, "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/sssssssss/9/9/9/9/9/SSSSSSSSS/"
                                     "(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) w Ff 0 1");
  g_assert_cmpint (pos.state[0], ==, PYRAMIDS_RIGHT_WHITE | PYRAMIDS_RIGHT_BLACK);
  g_assert_cmpint (cheops_count_moves (&pos), ==, 92);
  san = moves_of_dup (&pos, NULL, 0, TRUE);
  g_assert_cmpstr (san, ==,
                   "1c1 1g1 2a3 2b3 2c3 2d1 2d3 2f1 2f3 2g3 2h3 2i3 4b1 4h1 "
                   "Fb3 Fb4 Fc3 Fc4 Fd3 Fd4 Fe3 Fe4 Ff3 Ff4 Fg3 Fg4 Fh3 Fh4 "
                   "a3 a4 ab3 ab4 ac4 b3 b4 ba3 ba4 bc3 bc4 bd4 c3 c4 ca4 cb3 cb4 cd3 cd4 ce4 "
                   "d3 d4 db4 dc3 dc4 de3 de4 df4 e3 e4 ec4 ed3 ed4 ef3 ef4 eg4 f3 f4 fd4 fe3 fe4 fg3 fg4 fh4 "
                   "g3 g4 ge4 gf3 gf4 gh3 gh4 gi4 h3 h4 hf4 hg3 hg4 hi3 hi4 i3 i4 ig4 ih3 ih4");
  words = g_strsplit (san, " ", -1);
  for (int i = 0; words[i]; i++)
    g_assert_true (g_hash_table_add (seen, words[i]));   /* all 92 different */
  g_assert_cmpint (g_hash_table_size (seen), ==, 92);
  g_hash_table_unref (seen);
  /* By piece. */
  g_assert_cmpstr (moves_of (&pos, "e1", 0, FALSE), ==,
                   "e1b3 e1b4 e1c3 e1c4 e1d3 e1d4 e1e3 e1e4 e1f3 e1f4 e1g3 e1g4 e1h3 e1h4");
  g_assert_cmpstr (moves_of (&pos, "b1", 0, FALSE), ==, "b1a3 b1b3 b1c3 b1d1 b1d3");
  g_assert_cmpstr (moves_of (&pos, "h1", 0, FALSE), ==, "h1f1 h1f3 h1g3 h1h3 h1i3");
  g_assert_cmpstr (moves_of (&pos, "a1", 0, FALSE), ==, "a1b1");
  g_assert_cmpstr (moves_of (&pos, "i1", 0, FALSE), ==, "i1h1");
  g_assert_cmpstr (moves_of (&pos, "d1", 0, FALSE), ==, "d1c1");
  g_assert_cmpstr (moves_of (&pos, "f1", 0, FALSE), ==, "f1g1");
  g_assert_cmpstr (moves_of (&pos, "c1", 0, FALSE), ==, "");
  g_assert_cmpstr (moves_of (&pos, "g1", 0, FALSE), ==, "");
  g_assert_cmpstr (moves_of (&pos, "a2", 0, FALSE), ==, "a2a3 a2a4 a2b3 a2b4 a2c4");
  g_assert_cmpstr (moves_of (&pos, "e2", 0, FALSE), ==, "e2c4 e2d3 e2d4 e2e3 e2e4 e2f3 e2f4 e2g4");
  /* Black, to move in the same position, also 92. */
  load (&pos, "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/sssssssss/9/9/9/9/9/SSSSSSSSS/(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) b Ff 0 1");
  g_assert_cmpint (cheops_count_moves (&pos), ==, 92);
  g_assert_cmpstr (moves_of (&pos, "b9", 0, FALSE), ==, "b9a7 b9b7 b9c7 b9d7 b9d9");
}

/* 8.2, 4.3, PY10, PY11: the faraon's right. */
static void
test_right (void)
{
  CheopsPosition pos;
  const char *mates[] = { "Fc5", "Fd5", "Fe5", "Ff5", "Fg5" };
  g_autofree char *fen = NULL;

  load (&pos, "9/9/4f4/9/9/9/9/4F4/9 w Ff 0 1");
  g_assert_cmpint (cheops_count_moves (&pos), ==, 34);
  g_assert_cmpint (count_of (&pos, "e2", 0), ==, 34);
  for (guint i = 0; i < G_N_ELEMENTS (mates); i++)
    {
      char san[CHEOPS_SAN_MAX];
      CheopsMove m = cheops_move_from_san (&pos, mates[i], -1, NULL);
      g_autofree char *mate = g_strconcat (mates[i], "#", NULL);

      g_assert_cmpuint (m, !=, CHEOPS_MOVE_NONE);
      cheops_move_to_san (&pos, m, san);
      g_assert_cmpstr (san, ==, mate);
    }
  /* Every leap to within 3 of e7 checks it by the leap: legal (4.2). */
  ASSERT_SAN (&pos, "e2e4", "Fe4+");
  ASSERT_SAN (&pos, "e2b5", "Fb5+");
  ASSERT_SAN (&pos, "e2e1", "Fe1");
  play (&pos, "Fe5");
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "9/9/4f4/9/4F4/9/9/9/9 b F 1 1");
  g_assert_true (cheops_position_in_check (&pos));
  g_assert_cmpint (cheops_count_moves (&pos), ==, 0);
  g_assert_cmpint (cheops_position_outcome (&pos), ==, PYRAMIDS_OUTCOME_W_CHECKMATE);

  /* Rights f: White has lost its right; 8 steps, none within 3 of e7. */
  load (&pos, "9/9/4f4/9/9/9/9/4F4/9 w f 0 1");
  g_assert_cmpstr (moves_of (&pos, NULL, 0, FALSE), ==, "e2d1 e2d2 e2d3 e2e1 e2e3 e2f1 e2f2 e2f3");

  /* In check from the leap only: the two Rook checks answer it. */
  load (&pos, "(4.)8/9/9/9/9/4f4/9/9/4F4 w f 0 1");
  g_assert_true (cheops_position_in_check (&pos));
  g_assert_cmpstr (moves_of (&pos, NULL, 0, TRUE), ==, "4a4+ 4e9+");
  g_assert_cmpstr (moves_of (&pos, NULL, 0, FALSE), ==, "a9a4 a9e9");
  play (&pos, "a9a4");
  g_free (fen);
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "9/9/9/9/9/(4.)3f4/9/9/4F4 b - 1 1");

  /* The right is kept while no check comes: a quiet move keeps it. */
  load (&pos, "4f4/9/9/9/9/9/9/9/(4.)3F4 w Ff 0 1");
  play (&pos, "4a2");
  g_assert_cmpint (pos.state[0], ==, 3);
  play (&pos, "Fe6");
  g_assert_cmpint (pos.state[0], ==, 3);
  /* The faraon's leap gives check: Black's right is lost, White's kept. */
  load (&pos, "4f4/9/9/9/9/9/9/9/(4.)3F4 w Ff 0 1");
  g_assert_cmpstr (moves_of (&pos, "e1", 0, FALSE), ==, "e1b1 e1b2 e1b3 e1b4 e1c1 e1c2 e1c3 e1c4 e1d1 e1d2 e1d3 e1d4 e1e2 e1e3 e1e4 e1f1 e1f2 e1f3 e1f4 e1g1 e1g2 e1g3 e1g4 e1h1 e1h2 e1h3 e1h4");
  load (&pos, "4f4/9/9/9/9/9/9/9/(4.)3F4 w Ff 0 1");
  play (&pos, "a1a9");   /* check from the Rook along rank 9 */
  g_assert_cmpint (pos.state[0], ==, PYRAMIDS_RIGHT_WHITE);
  g_assert_true (cheops_position_in_check (&pos));
  /* A checked faraon cannot leap out of check (4.3). */
  g_assert_cmpstr (moves_of (&pos, "e9", 0, FALSE), ==, "e9d8 e9e8 e9f8");
}

/* 8.3, 3.5: a pinned stack moves parts off the line. */
static void
test_stacks (void)
{
  CheopsPosition pos;
  char san[CHEOPS_SAN_MAX];

  load (&pos, "4(.4)4/9/9/9/f8/9/9/4(43.)4/4F4 w - 0 1");
  g_assert_cmpint (cheops_count_moves (&pos), ==, 36);
  g_assert_cmpstr (moves_of (&pos, "e2", 12, FALSE), ==, "e2e3 e2e4 e2e5 e2e6 e2e7 e2e8 e2e9");
  g_assert_cmpstr (moves_of (&pos, "e2", 4, FALSE), ==,
                   "e2a63 e2b53 e2c43 e2d13 e2d33 e2f13 e2f33 e2g43 e2h53 e2i63");
  g_assert_cmpstr (moves_of (&pos, "e2", 8, FALSE), ==,
                   "e2a24 e2b24 e2c24 e2d24 e2e34 e2e44 e2e54 e2e64 e2e74 e2e84 e2e94 e2f24 e2g24 e2h24 e2i24");
  g_assert_cmpstr (moves_of (&pos, "e1", 0, FALSE), ==, "e1d1 e1d2 e1f1 e1f2");
  cheops_move_to_san (&pos, cheops_move_from_text (&pos, "e2e94", NULL), san);
  g_assert_cmpstr (san, ==, "4xe9");
  cheops_move_to_san (&pos, cheops_move_from_text (&pos, "e2e9", NULL), san);
  g_assert_cmpstr (san, ==, "43xe9+");
  /* The full set is read as the whole stack; a writer never writes it. */
  g_assert_cmpuint (cheops_move_from_text (&pos, "e2e943", NULL), ==, cheops_move_from_text (&pos, "e2e9", NULL));
  g_assert_cmpuint (cheops_move_part (cheops_move_from_text (&pos, "e2e9", NULL)), ==, 0);
  g_assert_cmpuint (cheops_move_part (cheops_move_from_text (&pos, "e2e94", NULL)), ==, 8);
  /* The 3 alone may not leave the file while the 4 ... does stay. */
  g_assert_cmpuint (cheops_move_from_text (&pos, "e2e33", NULL), ==, CHEOPS_MOVE_NONE);
}

/* 8.4, 3.2, 4.4, PY3-PY5: slaves. */
static void
test_slaves (void)
{
  CheopsPosition pos;
  char text[CHEOPS_MOVE_TEXT_MAX], san[CHEOPS_SAN_MAX];
  CheopsError error = { 0 };
  CheopsMove m;

  load (&pos, "3(.4)5/4S4/9/9/9/9/9/9/F7f w - 0 1");
  g_assert_cmpint (cheops_count_moves (&pos), ==, 45 + 3);
  g_assert_cmpint (count_of (&pos, "e8", 0), ==, 45);
  g_assert_cmpstr (moves_of (&pos, "e8", 0, TRUE), ==,
                   "e9=1 e9=2 e9=21 e9=3 e9=31 e9=32 e9=321 e9=4 e9=41 e9=42 e9=421 e9=43 e9=431 e9=432 e9=4321 "
                   "ef9=1 ef9=2 ef9=21 ef9=3 ef9=31 ef9=32 ef9=321 ef9=4 ef9=41 ef9=42 ef9=421 ef9=43 ef9=431 "
                   "ef9=432 ef9=4321 "
                   "exd9=1 exd9=2 exd9=21 exd9=3 exd9=31 exd9=32 exd9=321 exd9=4 exd9=41 exd9=42 exd9=421 exd9=43 "
                   "exd9=431 exd9=432 exd9=4321");
  m = cheops_move_from_text (&pos, "e8e9431", NULL);
  g_assert_cmpuint (m, ==, cheops_move_make_promotion (cell ("e8"), cell ("e9"), PYRAMIDS_PINO (13)));
  cheops_move_to_text (V, m, text);
  g_assert_cmpstr (text, ==, "e8e9431");
  g_assert_cmpuint (cheops_move_from_san (&pos, "e9=431", -1, NULL), ==, m);
  g_assert_cmpuint (cheops_move_from_text (&pos, "e8d921", NULL), ==,
                    cheops_move_make_promotion (cell ("e8"), cell ("d9"), PYRAMIDS_PINO (3)));
  g_assert_cmpuint (cheops_move_from_san (&pos, "exd9=21", -1, NULL), ==,
                    cheops_move_make_promotion (cell ("e8"), cell ("d9"), PYRAMIDS_PINO (3)));
  /* The pino must be named, and right. */
  g_assert_cmpuint (cheops_move_from_text (&pos, "e8e9", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_ILLEGAL);
  g_assert_cmpuint (cheops_move_from_san (&pos, "e9", -1, &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpuint (cheops_move_from_san (&pos, "e9=34", -1, &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpuint (cheops_move_from_text (&pos, "e8e934", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_SYNTAX);
  /* Promotion in play: the slave becomes the pino; the clock resets. */
  pos.halfmove_clock = 7;
  pos.key = cheops_position_compute_key (&pos);
  play (&pos, "exd9=4321");
  g_assert_cmpint (pos.board[cell ("d9")], ==, cheops_piece_make (CHEOPS_SIDE_A, PYRAMIDS_PINO (15)));
  g_assert_cmpint (pos.halfmove_clock, ==, 0);

  /* PY3: forward only; steps need an empty square; captures only
   * diagonally forward; never onto a friend. */
  load (&pos, "4f4/9/9/9/3s(.1)(1.)3/4S4/9/9/4F4 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "e4", 0, FALSE), ==, "e4d5");
  load (&pos, "4f4/9/9/9/3(1.)s4/4S4/9/9/4F4 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "e4", 0, FALSE), ==, "e4f5");
  /* PY4: the first leap, over anything, only to empty squares, only from
   * the start rank, never capturing. */
  load (&pos, "4f4/9/9/9/9/2s1(1.)4/3sss3/4S4/4F4 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "e2", 0, FALSE), ==, "e2d3 e2d4 e2f3 e2f4 e2g4");
  load (&pos, "4f4/9/9/9/9/9/4S4/9/4F4 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "e3", 0, FALSE), ==, "e3d4 e3e4 e3f4");
  /* Black: toward rank 1; its start rank is 8. */
  load (&pos, "4f4/4s4/3S5/9/9/9/9/9/4F4 b - 0 1");
  g_assert_cmpstr (moves_of (&pos, "e8", 0, FALSE), ==, "e8c6 e8d6 e8d7 e8e6 e8e7 e8f6 e8f7 e8g6");
  load (&pos, "4f4/9/9/9/9/9/3s5/4S4/F8 b - 0 1");
  g_assert_cmpstr (moves_of (&pos, "d3", 0, TRUE), ==, "d2 dc2 dxe2");
  /* Black promotes on rank 1, capturing too. */
  load (&pos, "4f4/9/9/9/9/9/9/3s5/F3(1.)4 b - 0 1");
  g_assert_cmpint (count_of (&pos, "d2", 0), ==, 45);
  m = cheops_move_from_san (&pos, "dxe1=4", -1, NULL);
  cheops_move_to_text (V, m, text);
  g_assert_cmpstr (text, ==, "d2e14");
  cheops_move_to_san (&pos, cheops_move_from_text (&pos, "d2c1321", NULL), san);
  g_assert_cmpstr (san, ==, "dc1=321#");
  cheops_move_to_san (&pos, cheops_move_from_text (&pos, "d2d14", NULL), san);
  g_assert_cmpstr (san, ==, "d1=4+");
}

/* PY7, PY8, PY9, 3.3: splits, merges, captures. */
static void
test_split_merge (void)
{
  CheopsPosition pos;
  g_autofree char *fen = NULL;
  CheopsMove m;

  /* A 2 of d4 leaves 41 on d4 and joins a 31 on f4, making 321 (3.3). */
  load (&pos, "4f4/9/9/9/9/3(421.)1(31.)3/9/9/4F4 w - 0 1");
  m = cheops_move_from_text (&pos, "d4f42", NULL);
  g_assert_cmpuint (m, ==, cheops_move_with_part (cheops_move_make (cell ("d4"), cell ("f4")), 2));
  g_assert_false (cheops_position_is_capture (&pos, m));
  play (&pos, "d4f42");
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "4f4/9/9/9/9/3(41.)1(321.)3/9/9/4F4 b - 1 1");
  /* A merge needs no shared size: the 1 of d4 may not join 321, nor the
   * 41 (shares 1); the 4 may, making 4321. */
  load (&pos, "4f4/9/9/9/9/3(41.)1(321.)3/9/9/4F4 w - 0 1");
  g_assert_false (cheops_cellset_has (targets_of (&pos, "d4", 9), cell ("f4")));
  g_assert_true (cheops_cellset_has (targets_of (&pos, "d4", 8), cell ("f4")));
  play (&pos, "d4f44");
  g_free (fen);
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "4f4/9/9/9/9/3(1.)1(4321.)3/9/9/4F4 b - 1 1");
  /* Not onto a friendly slave or faraon. */
  load (&pos, "4f4/9/9/9/9/9/9/3(4.)S4/3F5 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "d2", 0, FALSE), ==, "d2a2 d2b2 d2c2 d2d3 d2d4 d2d5 d2d6 d2d7 d2d8 d2d9");
  /* A capture removes the whole stack (PY9); the capturing set stays
   * alone (no merge with an enemy). */
  load (&pos, "4f4/9/9/9/9/9/9/(4.)3(.4321)4/4F4 w - 0 1");
  play (&pos, "4xe2");
  g_free (fen);
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "4f4/9/9/9/9/9/9/4(4.)4/4F4 b - 0 1");
  /* A part's capture: the rest stays, the clock resets. */
  load (&pos, "4f4/9/9/9/9/9/9/(41.)3(.3)4/4F4 w - 5 9");
  play (&pos, "a2e24");
  g_free (fen);
  fen = fen_of (&pos);
  g_assert_cmpstr (fen, ==, "4f4/9/9/9/9/9/9/(1.)3(4.)4/4F4 b - 0 9");
  /* A split or merge is not a reset (4.6). */
  load (&pos, "4f4/9/9/9/9/9/9/(41.)8/4F4 w - 5 9");
  play (&pos, "a2a34");
  g_assert_cmpint (pos.halfmove_clock, ==, 6);
  /* The 41 reaches d5 from e5 by N(1) and by O: one move (3.3). */
  lone (&pos, PYRAMIDS_PINO (9), "e5");
  g_assert_cmpint (count_of (&pos, "e5", 9), ==, 20);
}

/* PY1, PY2, 3.5: slides stop at the first occupied square, leaps do not. */
static void
test_slides_leaps (void)
{
  CheopsPosition pos;

  /* The Rook on a1: up to its own slave on a3 (not onto it), right up to
   * and capturing the enemy on d1. */
  load (&pos, "4f4/9/9/9/9/9/S8/9/(4.)2(.1)1F3 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "a1", 0, FALSE), ==, "a1a2 a1b1 a1c1 a1d1");
  /* The Bishop blocked by a friend, capturing an enemy. */
  load (&pos, "4f4/9/9/9/9/3s5/9/1S7/(3.)3F4 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "a1", 0, FALSE), ==, "");
  load (&pos, "4f4/9/9/9/9/3s5/9/9/(3.)3F4 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "a1", 0, FALSE), ==, "a1b2 a1c3 a1d4");
  /* The Squirrel leaps over a full ring. */
  load (&pos, "4f4/9/9/9/9/9/SSS6/(2.)S7/(4321.)(4321.)2F4 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "a2", 0, FALSE), ==, "a2a4 a2b4 a2c1 a2c2 a2c4");
  /* N(3) of the Sphinx over two rings. */
  load (&pos, "4f4/9/9/9/9/SSS6/SSS6/(431.)SS6/(4321.)(4321.)(4321.)1F4 w - 0 1");
  g_assert_cmpstr (moves_of (&pos, "a2", 0, FALSE), ==, "a2a5 a2b5 a2c5 a2d1 a2d2 a2d3 a2d4 a2d5");
}

/* 8.5, 4.5: the end of the game, as `cheops status` judges a record. */
static CheopsOutcome
record_outcome (const char *fen, const char *moves, int *n_legal, gboolean *check)
{
  CheopsPosition pos;
  g_auto(GStrv) words = g_strsplit (moves, " ", -1);
  uint64_t keys[64];
  size_t n = 0;
  CheopsOutcome outcome;

  load (&pos, fen);
  keys[n++] = pos.key;
  outcome = cheops_position_outcome (&pos);
  for (int i = 0; words[i] && words[i][0]; i++)
    {
      g_assert_cmpint (outcome, ==, CHEOPS_OUTCOME_NONE);
      play (&pos, words[i]);
      keys[n++] = pos.key;
      outcome = cheops_position_repetition_outcome (&pos, cheops_repetition_count (keys, n, cheops_position_repetition_horizon (&pos)));
      if (outcome == CHEOPS_OUTCOME_NONE)
        outcome = cheops_position_outcome (&pos);
    }
  *n_legal = cheops_count_moves (&pos);
  *check = cheops_position_in_check (&pos);
  return outcome;
}

static void
test_end_of_game (void)
{
  int n;
  gboolean check;
  const char *rep = "a1a2 a9b9 a2a1 b9a9 a1a2 a9b9 a2a1 b9a9 a1a2 a9b9 a2a1 b9a9 a1a2 a9b9 a2a1 b9a9";
  g_autofree char *fifteen = g_strndup (rep, strlen (rep) - 5);

  g_assert_cmpint (record_outcome ("4f4/9/9/9/9/9/9/7(.4)1/F6(.4)1 w - 0 1", "", &n, &check), ==, PYRAMIDS_OUTCOME_B_CHECKMATE);
  g_assert_cmpint (n, ==, 0);
  g_assert_true (check);
  g_assert_cmpint (record_outcome ("8f/9/9/9/9/9/1(.43)7/9/F8 w - 0 1", "", &n, &check), ==, PYRAMIDS_OUTCOME_STALEMATE);
  g_assert_cmpint (n, ==, 0);
  g_assert_false (check);
  g_assert_cmpint (record_outcome ("4f4/9/9/9/9/9/9/9/4F4 w - 0 1", "", &n, &check), ==, PYRAMIDS_OUTCOME_BARE_FARAONS);
  g_assert_cmpint (n, ==, 5);   /* PY15: not 0 */
  g_assert_cmpint (record_outcome ("4f4/9/9/9/9/9/9/9/4F4 w Ff 0 1", "", &n, &check), ==, CHEOPS_OUTCOME_NONE);
  g_assert_cmpint (n, ==, 27);
  g_assert_cmpint (record_outcome ("4f4/9/9/9/9/9/9/9/4F4 w F 0 1", "", &n, &check), ==, CHEOPS_OUTCOME_NONE);
  g_assert_cmpint (record_outcome ("4f4/9/9/9/9/9/9/9/(4.)3F4 w - 150 90", "", &n, &check), ==, PYRAMIDS_OUTCOME_75_MOVE);
  g_assert_cmpint (record_outcome ("4f4/9/9/9/9/9/9/9/(4.)3F4 w - 149 90", "", &n, &check), ==, CHEOPS_OUTCOME_NONE);
  g_assert_cmpint (record_outcome ("4f4/9/9/9/9/9/9/9/(4.)3F4 w - 149 90", "a1a2", &n, &check), ==, PYRAMIDS_OUTCOME_75_MOVE);
  /* Fivefold repetition: the FEN counts once. */
  g_assert_cmpint (record_outcome ("(.4)3f4/9/9/9/9/9/9/9/(4.)3F4 w - 0 1", rep, &n, &check), ==, PYRAMIDS_OUTCOME_REPETITION);
  g_assert_cmpint (n, ==, 16);
  g_assert_cmpint (record_outcome ("(.4)3f4/9/9/9/9/9/9/9/(4.)3F4 w - 0 1", fifteen, &n, &check), ==, CHEOPS_OUTCOME_NONE);
  /* The rights are part of a position (PY14): the same placement with
   * other rights is another position. */
  {
    CheopsPosition a, b;
    load (&a, "4f4/9/9/9/9/9/9/9/4F4 w Ff 0 1");
    load (&b, "4f4/9/9/9/9/9/9/9/4F4 w F 0 1");
    g_assert_cmpuint (a.key, !=, b.key);
  }
  /* Checkmate on the move that reaches 150 still wins (4.5). */
  g_assert_cmpint (record_outcome ("4f4/9/9/9/9/9/6(.4)2/7(.4)1/F8 b - 149 90", "g3g1", &n, &check), ==, PYRAMIDS_OUTCOME_B_CHECKMATE);
}

/* 6.1, PY17, PY21: FEN round trips and each error E1-E15. */
static void
check_fen_error (const char *fen, const char *code, CheopsErrorCode kind, int column)
{
  CheopsPosition pos;
  CheopsError error = { 0 };

  cheops_position_init_start (&pos, V);
  if (cheops_position_from_fen (&pos, V, fen, &error))
    g_error ("FEN %s read without error, expected %s", fen, code);
  if (strstr (error.message, code) == NULL || strchr (error.message, '\n') != NULL)
    g_error ("FEN %s: '%s', expected %s", fen, error.message, code);
  g_assert_cmpint (error.code, ==, kind);
  if (column > 0)
    g_assert_cmpint (error.column, ==, column);
  g_assert_true (cheops_position_is_consistent (&pos));   /* untouched */
}

static void
test_fen (void)
{
  static const char *const round[] = {
    PYRAMIDS_START_FEN,
    "9/9/4f4/9/4F4/9/9/9/9 b F 1 1",
    "4(.4)4/9/9/9/f8/9/9/4(43.)4/4F4 w - 0 1",
    "(.4321)(4321.)(.1)(2.)(.32)(41.)(.421)(431.)f/9/9/9/9/9/9/9/1F7 b - 999999 999999",
    "4f4/9/9/9/9/9/9/9/4F4 b f 12 34",
  };
  CheopsPosition pos;

  for (guint i = 0; i < G_N_ELEMENTS (round); i++)
    {
      g_autofree char *back = NULL;

      load (&pos, round[i]);
      back = fen_of (&pos);
      g_assert_cmpstr (back, ==, round[i]);
    }
  /* Three fields, many spaces and tabs. */
  load (&pos, "  4f4/9/9/9/9/9/9/9/4F4 \t w   Ff  ");
  {
    g_autofree char *back = fen_of (&pos);
    g_assert_cmpstr (back, ==, "4f4/9/9/9/9/9/9/9/4F4 w Ff 0 1");
  }

  /* E1: the column is the FEN's end when a field is missing, the first
   * field too many otherwise. */
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w", "FEN: 2 fields, not 3 or 5", CHEOPS_ERROR_FEN_SYNTAX, 24);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4", "FEN: 1 field, not 3 or 5", CHEOPS_ERROR_FEN_SYNTAX, 22);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w - 0", "(E1)", CHEOPS_ERROR_FEN_SYNTAX, 28);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w - 0 1 x", "FEN: 6 fields", CHEOPS_ERROR_FEN_SYNTAX, 31);
  check_fen_error ("", "(E1)", CHEOPS_ERROR_FEN_SYNTAX, 1);
  check_fen_error ("4f4/9/9/9/9/9/9/4F4 w - 0 1", "(E2)", CHEOPS_ERROR_FEN_SYNTAX, 1);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4/9 w - 0 1", "(E2)", CHEOPS_ERROR_FEN_SYNTAX, 1);
  check_fen_error ("4f4/8/9/9/9/9/9/9/4F4 w - 0 1", "rank 8: covers 8 squares, not 9 (E3)", CHEOPS_ERROR_FEN_SYNTAX, 5);
  check_fen_error ("4f5/9/9/9/9/9/9/9/4F4 w - 0 1", "rank 9: covers 10 squares", CHEOPS_ERROR_FEN_SYNTAX, 1);
  check_fen_error ("4f4/9/9/9/9/9/9/9/04F4 w - 0 1", "rank 1: an empty-square count of 0 (E4)", CHEOPS_ERROR_FEN_SYNTAX, 19);
  check_fen_error ("4f4/9/9/9/9/9/9/9/31F4 w - 0 1", "rank 1: two empty-square counts in a row (E4)", CHEOPS_ERROR_FEN_SYNTAX, 20);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F3x w - 0 1", "rank 1: 'x' is not a count", CHEOPS_ERROR_FEN_SYNTAX, 22);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F3K w - 0 1", "(E5)", CHEOPS_ERROR_FEN_SYNTAX, 22);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F3(4. w - 0 1", "rank 1: a pino token without its closing ')' (E6)", CHEOPS_ERROR_FEN_SYNTAX, 22);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F3(4) w - 0 1", "exactly one point (E6)", CHEOPS_ERROR_FEN_SYNTAX, 22);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F3(4..) w - 0 1", "exactly one point (E6)", CHEOPS_ERROR_FEN_SYNTAX, 22);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F3(5.) w - 0 1", "with '5' inside", CHEOPS_ERROR_FEN_SYNTAX, 23);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F3(.) w - 0 1", "no size (E6)", CHEOPS_ERROR_FEN_SYNTAX, 22);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F3(4.3) w - 0 1", "both sides of the point: two colours (E7)", CHEOPS_ERROR_FEN_SYNTAX, 22);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F3(44.) w - 0 1", "largest first (E8)", CHEOPS_ERROR_FEN_SYNTAX, 24);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F3(.34) w - 0 1", "largest first (E8)", CHEOPS_ERROR_FEN_SYNTAX, 25);
  check_fen_error ("9/9/9/9/9/9/9/9/4F4 w - 0 1", "0 Black faraons, not exactly one (E9)", CHEOPS_ERROR_FEN_IMPOSSIBLE, 1);
  check_fen_error ("4f4/9/9/9/9/9/9/9/3FF4 w - 0 1", "2 White faraons, not exactly one (E9)", CHEOPS_ERROR_FEN_IMPOSSIBLE, 1);
  check_fen_error ("4fS3/9/9/9/9/9/9/9/4F4 w - 0 1", "rank 9: a slave on rank 9 (E10)", CHEOPS_ERROR_FEN_IMPOSSIBLE, 1);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4Fs3 w - 0 1", "rank 1: a slave on rank 1 (E10)", CHEOPS_ERROR_FEN_IMPOSSIBLE, 19);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 W - 0 1", "FEN side to move: 'W' is not w or b (E11)", CHEOPS_ERROR_FEN_SYNTAX, 23);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 white - 0 1", "(E11)", CHEOPS_ERROR_FEN_SYNTAX, 23);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w fF 0 1", "FEN rights: 'fF' is not Ff, F, f or - (E12)", CHEOPS_ERROR_FEN_SYNTAX, 25);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w FF 0 1", "(E12)", CHEOPS_ERROR_FEN_SYNTAX, 25);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w K 0 1", "(E12)", CHEOPS_ERROR_FEN_SYNTAX, 25);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w - -1 1", "FEN halfmove clock: '-1'", CHEOPS_ERROR_FEN_SYNTAX, 27);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w - 01 1", "(E13)", CHEOPS_ERROR_FEN_SYNTAX, 27);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w - 1.5 1", "(E13)", CHEOPS_ERROR_FEN_SYNTAX, 27);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w - 1000000 1", "(E13)", CHEOPS_ERROR_FEN_SYNTAX, 27);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w - 0 0", "FEN fullmove number: '0'", CHEOPS_ERROR_FEN_SYNTAX, 29);
  check_fen_error ("4f4/9/9/9/9/9/9/9/4F4 w - 0 +1", "(E13)", CHEOPS_ERROR_FEN_SYNTAX, 29);
  check_fen_error ("4f4/9/9/9/9/9/9/9/(.4)3F4 w F 0 1", "FEN rights: the side to move is in check, so its faraon has lost its right (E14)",
                   CHEOPS_ERROR_FEN_IMPOSSIBLE, 29);
  check_fen_error ("(4.)3f4/9/9/9/9/9/9/9/4F4 w - 0 1", "FEN side to move: the side not to move is in check (E15)",
                   CHEOPS_ERROR_FEN_IMPOSSIBLE, 0);
  check_fen_error ("9/9/4f4/9/4F4/9/9/9/9 w F 0 1", "(E15)", CHEOPS_ERROR_FEN_IMPOSSIBLE, 0);
  /* The order of the checks: the first applicable error is shown. */
  check_fen_error ("9/9/9/9/9/9/9/9/9 w - 01 1", "(E13)", CHEOPS_ERROR_FEN_SYNTAX, 0);
  check_fen_error ("9/9/9/9/9/9/9/9/9 x fF 0 1", "(E11)", CHEOPS_ERROR_FEN_SYNTAX, 0);
  check_fen_error ("9/9/9/9/9/9/9/9/9 w fF 0 1", "(E12)", CHEOPS_ERROR_FEN_SYNTAX, 0);
  check_fen_error ("8/9/9/9/9/9/9/9/9 x - 0 1", "rank 9: covers 8 squares, not 9 (E3)", CHEOPS_ERROR_FEN_SYNTAX, 0);
  check_fen_error ("9/8x/9/9/9/9/9/9/9 w - 0 1", "rank 8: 'x' is not a count", CHEOPS_ERROR_FEN_SYNTAX, 0);
  check_fen_error ("9/9/9/9/9/9/9/9/S8 w - 0 1", "(E9)", CHEOPS_ERROR_FEN_IMPOSSIBLE, 0);
  check_fen_error ("4f4/9/9/9/9/9/9/9/(.4)3F4 b F 0 1", "(E15)", CHEOPS_ERROR_FEN_IMPOSSIBLE, 0);
  /* Legal: the side to move in check without its right; 8.2 after Fe5. */
  load (&pos, "4f4/9/9/9/9/9/9/9/(.4)3F4 w - 0 1");
  g_assert_true (cheops_position_in_check (&pos));
  load (&pos, "9/9/4f4/9/4F4/9/9/9/9 b F 1 1");
  load (&pos, "9/9/4f4/9/4F4/9/9/9/9 w - 0 1");
  g_assert_false (cheops_position_in_check (&pos));
}

/* 6.2, PY18: machine move text. */
static void
test_move_text (void)
{
  CheopsPosition pos;
  CheopsError error = { 0 };
  char text[CHEOPS_MOVE_TEXT_MAX];
  static const char *const bad[] = { "", "e2", "e2e", "E2E4", "e2e4x", "e2e40", "e2e45", "e2e412", "e2e44321x", "j1a1", "a0a1" };

  load (&pos, "4f4/9/9/9/3(431.)5/9/9/9/(4.)(2.)2F4 w - 0 1");
  g_assert_cmpuint (cheops_move_from_text (&pos, "d5e6", NULL), ==, cheops_move_make (cell ("d5"), cell ("e6")));
  g_assert_cmpuint (cheops_move_from_text (&pos, "d5e6431", NULL), ==, cheops_move_make (cell ("d5"), cell ("e6")));
  g_assert_cmpuint (cheops_move_from_text (&pos, "d5e631", NULL), ==,
                    cheops_move_with_part (cheops_move_make (cell ("d5"), cell ("e6")), 5));
  cheops_move_to_text (V, cheops_move_from_text (&pos, "d5e631", NULL), text);
  g_assert_cmpstr (text, ==, "d5e631");
  cheops_move_to_text (V, cheops_move_from_text (&pos, "d5e6431", NULL), text);
  g_assert_cmpstr (text, ==, "d5e6");
  /* a1b1: the Rook joins the Squirrel (42). */
  g_assert_cmpuint (cheops_move_from_text (&pos, "a1b1", NULL), ==, cheops_move_make (cell ("a1"), cell ("b1")));
  /* Sizes the stack does not have, or out of order. */
  g_assert_cmpuint (cheops_move_from_text (&pos, "d5e62", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_ILLEGAL);
  g_assert_cmpuint (cheops_move_from_text (&pos, "d5e613", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_SYNTAX);
  /* The faraon takes no sizes. */
  g_assert_cmpuint (cheops_move_from_text (&pos, "e1e21", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_ILLEGAL);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_cmpuint (cheops_move_from_text (&pos, bad[i], &error), ==, CHEOPS_MOVE_NONE);
      g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_SYNTAX);
    }
  g_assert_cmpuint (cheops_move_from_text (&pos, "e5e6", &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_MOVE_ILLEGAL);
}

/* 6.3, PY19: record notation. */
static void
test_san (void)
{
  CheopsPosition pos;

  /* Pinos: the file, else the whole square. */
  load (&pos, "(4.)8/9/9/4f4/7(4.)1/9/7(.1)1/9/(4.)3F4 w - 0 1");
  ASSERT_SAN (&pos, "a1a5", "4a1a5");
  ASSERT_SAN (&pos, "a9a5", "4a9a5");
  ASSERT_SAN (&pos, "h5a5", "4ha5");
  ASSERT_SAN (&pos, "a1b1", "4b1");
  ASSERT_SAN (&pos, "h5h9", "4hh9");
  check_san_error (&pos, "4h9", CHEOPS_ERROR_MOVE_AMBIGUOUS);
  check_san_error (&pos, "4a5", CHEOPS_ERROR_MOVE_AMBIGUOUS);
  check_san_error (&pos, "4aa5", CHEOPS_ERROR_MOVE_AMBIGUOUS);
  check_san_error (&pos, "4b5a5", CHEOPS_ERROR_MOVE_ILLEGAL);
  g_assert_cmpuint (cheops_move_from_san (&pos, "4h5h9", -1, NULL), ==, cheops_move_from_text (&pos, "h5h9", NULL));
  g_assert_cmpuint (cheops_move_from_san (&pos, "4hh9", -1, NULL), ==, cheops_move_from_text (&pos, "h5h9", NULL));
  /* Captures, checks. */
  ASSERT_SAN (&pos, "h5h3", "4xh3");
  ASSERT_SAN (&pos, "h5h6", "4h6+");
  check_san_error (&pos, "4h3", CHEOPS_ERROR_MOVE_ILLEGAL);
  check_san_error (&pos, "4xh6", CHEOPS_ERROR_MOVE_ILLEGAL);
  check_san_error (&pos, "4h6#", CHEOPS_ERROR_MOVE_ILLEGAL);
  check_san_error (&pos, "4h7+", CHEOPS_ERROR_MOVE_ILLEGAL);
  g_assert_cmpuint (cheops_move_from_san (&pos, "4h6", -1, NULL), ==, cheops_move_from_text (&pos, "h5h6", NULL));
  /* Parts: the sizes that move; same sizes from another square. */
  load (&pos, "8f/9/9/9/3(41.)1(1.)3/9/9/9/4F4 w - 0 1");
  ASSERT_SAN (&pos, "d5e51", "1de5");
  ASSERT_SAN (&pos, "f5e5", "1fe5");
  ASSERT_SAN (&pos, "d5e54", "4e5");
  ASSERT_SAN (&pos, "d5e5", "41e5");
  ASSERT_SAN (&pos, "d5c51", "1c5");
  check_san_error (&pos, "1e5", CHEOPS_ERROR_MOVE_AMBIGUOUS);
  check_san_error (&pos, "14e5", CHEOPS_ERROR_MOVE_SYNTAX);
  check_san_error (&pos, "3e5", CHEOPS_ERROR_MOVE_ILLEGAL);
  g_assert_cmpuint (cheops_move_from_san (&pos, "d5e541", -1, NULL), ==, cheops_move_from_text (&pos, "d5e5", NULL));
  g_assert_cmpuint (cheops_move_from_san (&pos, "4d5e5", -1, NULL), ==, cheops_move_from_text (&pos, "d5e54", NULL));
  /* Faraon. */
  ASSERT_SAN (&pos, "e1e2", "Fe2");
  check_san_error (&pos, "Fe1e2", CHEOPS_ERROR_MOVE_SYNTAX);
  check_san_error (&pos, "fe2", CHEOPS_ERROR_MOVE_ILLEGAL);
  load (&pos, "4f4/9/9/9/9/4(.1)4/9/9/4F4 w F 0 1");
  ASSERT_SAN (&pos, "e1e4", "Fxe4");
  check_san_error (&pos, "Fe4", CHEOPS_ERROR_MOVE_ILLEGAL);
  /* Slaves: the same file and another of that file to the same square:
   * the whole square (6.3). */
  load (&pos, "4f4/9/9/9/9/9/3SS4/3SS4/4F4 w - 0 1");
  ASSERT_SAN (&pos, "e2e4", "e2e4");
  ASSERT_SAN (&pos, "e3e4", "e3e4");
  ASSERT_SAN (&pos, "d3e4", "d3e4");
  ASSERT_SAN (&pos, "d2e4", "d2e4");
  ASSERT_SAN (&pos, "d3d4", "d3d4");
  ASSERT_SAN (&pos, "e3f4", "e3f4");
  ASSERT_SAN (&pos, "d2b4", "db4");
  ASSERT_SAN (&pos, "d3c4", "d3c4");
  check_san_error (&pos, "e4", CHEOPS_ERROR_MOVE_AMBIGUOUS);
  check_san_error (&pos, "de4", CHEOPS_ERROR_MOVE_AMBIGUOUS);
  check_san_error (&pos, "ee4", CHEOPS_ERROR_MOVE_AMBIGUOUS);
  load (&pos, "4f4/9/9/9/3(.1)5/4S4/9/9/4F4 w - 0 1");
  ASSERT_SAN (&pos, "e4e5", "e5");
  ASSERT_SAN (&pos, "e4f5", "ef5");
  ASSERT_SAN (&pos, "e4d5", "exd5");
  g_assert_cmpuint (cheops_move_from_san (&pos, "ee5", -1, NULL), ==, cheops_move_from_text (&pos, "e4e5", NULL));
  g_assert_cmpuint (cheops_move_from_san (&pos, "e4e5", -1, NULL), ==, cheops_move_from_text (&pos, "e4e5", NULL));
  check_san_error (&pos, "xd5", CHEOPS_ERROR_MOVE_SYNTAX);
  check_san_error (&pos, "ed5", CHEOPS_ERROR_MOVE_ILLEGAL);
  check_san_error (&pos, "f5", CHEOPS_ERROR_MOVE_ILLEGAL);
  check_san_error (&pos, "e5=4", CHEOPS_ERROR_MOVE_ILLEGAL);
  check_san_error (&pos, "4e4e5", CHEOPS_ERROR_MOVE_ILLEGAL);
  check_san_error (&pos, "", CHEOPS_ERROR_MOVE_SYNTAX);
  check_san_error (&pos, "z9", CHEOPS_ERROR_MOVE_SYNTAX);
  /* A length that is not the whole string. */
  g_assert_cmpuint (cheops_move_from_san (&pos, "e5 junk", 2, NULL), ==, cheops_move_from_text (&pos, "e4e5", NULL));
}

/* PY15: perft of the initial position. */
static void
test_perft (void)
{
  CheopsPosition pos;

  cheops_position_init_start (&pos, V);
  g_assert_cmpuint (cheops_perft (&pos, 1), ==, 92);
  g_assert_cmpuint (cheops_perft (&pos, 2), ==, 8452);
  g_assert_cmpuint (cheops_perft (&pos, 3), ==, 755273);
  g_assert_cmpuint (cheops_perft (&pos, 4), ==, 66754565);
  g_assert_true (cheops_position_is_consistent (&pos));
  load (&pos, "9/9/4f4/9/9/9/9/4F4/9 w Ff 0 1");
  g_assert_cmpuint (cheops_perft (&pos, 1), ==, 34);
}

/* The seam: moves to one square by kind, null moves, what a position can
 * tell about its history (PY21), the piece codes. */
static void
test_seam (void)
{
  CheopsPosition pos, before;
  CheopsMove list[CHEOPS_MAX_MOVES], *end;
  CheopsUndo undo;
  CheopsError error = { 0 };

  load (&pos, "8f/9/9/9/3(41.)1(1.)3/9/9/9/4F4 w - 0 1");
  g_assert_cmpint (cheops_piece_type (pos.board[cell ("d5")]), ==, PYRAMIDS_PINO (9));
  g_assert_cmpint (PYRAMIDS_PINO (9), ==, 11);
  g_assert_true (pos.pieces[CHEOPS_SIDE_A][PYRAMIDS_SIZE_SET (1)] == set_of ("d5 f5"));
  g_assert_true (pos.pieces[CHEOPS_SIDE_A][PYRAMIDS_SIZE_SET (4)] == set_of ("d5"));
  g_assert_true (pos.pieces[CHEOPS_SIDE_A][PYRAMIDS_PINO (1)] == set_of ("f5"));
  g_assert_true (pos.pieces[CHEOPS_SIDE_A][PYRAMIDS_FARAON] == set_of ("e1"));
  g_assert_cmpint (pos.king[CHEOPS_SIDE_B], ==, cell ("i9"));
  /* By what moves: the 1 of d5 and the Guard of f5 (PYRAMIDS_PINO (1)),
   * the whole 41, the 4 alone, any. */
  end = cheops_generate_moves_to (&pos, cell ("e5"), PYRAMIDS_PINO (1), list);
  g_assert_cmpint (end - list, ==, 2);
  end = cheops_generate_moves_to (&pos, cell ("e5"), PYRAMIDS_PINO (9), list);
  g_assert_cmpint (end - list, ==, 1);
  g_assert_cmpuint (list[0], ==, cheops_move_make (cell ("d5"), cell ("e5")));
  end = cheops_generate_moves_to (&pos, cell ("e5"), PYRAMIDS_PINO (8), list);
  g_assert_cmpint (end - list, ==, 1);
  end = cheops_generate_moves_to (&pos, cell ("e5"), CHEOPS_NO_PIECE_TYPE, list);
  g_assert_cmpint (end - list, ==, 4);
  end = cheops_generate_moves_to (&pos, cell ("e2"), PYRAMIDS_FARAON, list);
  g_assert_cmpint (end - list, ==, 1);
  end = cheops_generate_moves_to (&pos, cell ("e2"), PYRAMIDS_SLAVE, list);
  g_assert_cmpint (end - list, ==, 0);
  g_assert_false (cheops_position_is_playable (&pos, cheops_move_with_part (cheops_move_make (cell ("d5"), cell ("e5")), 9)));
  g_assert_false (cheops_position_is_playable (&pos, cheops_move_with_part (cheops_move_make (cell ("d5"), cell ("e5")), 2)));
  g_assert_false (cheops_position_is_playable (&pos, cheops_move_make_promotion (cell ("e1"), cell ("e2"), PYRAMIDS_PINO (1))));
  g_assert_true (cheops_position_is_playable (&pos, cheops_move_with_part (cheops_move_make (cell ("d5"), cell ("e5")), 1)));
  /* A null move passes the turn and comes back. */
  before = pos;
  cheops_position_do_null_move (&pos, &undo);
  g_assert_cmpint (pos.side_to_move, ==, CHEOPS_SIDE_B);
  g_assert_true (cheops_position_is_consistent (&pos));
  cheops_position_undo_null_move (&pos, &undo);
  g_assert_true (memcmp (&before, &pos, sizeof pos) == 0);
  /* Building a position by hand. */
  cheops_position_clear (&pos, V);
  cheops_position_put (&pos, cell ("e1"), cheops_piece_make (CHEOPS_SIDE_A, PYRAMIDS_FARAON));
  cheops_position_put (&pos, cell ("e9"), cheops_piece_make (CHEOPS_SIDE_B, PYRAMIDS_FARAON));
  cheops_position_put (&pos, cell ("a1"), cheops_piece_make (CHEOPS_SIDE_A, PYRAMIDS_PINO (15)));
  cheops_position_put (&pos, cell ("a1"), cheops_piece_make (CHEOPS_SIDE_A, PYRAMIDS_PINO (8)));
  pyramids_position_set_rights (&pos, PYRAMIDS_RIGHT_BLACK);
  g_assert_true (cheops_position_is_consistent (&pos));
  {
    g_autofree char *fen = fen_of (&pos);
    g_assert_cmpstr (fen, ==, "4f4/9/9/9/9/9/9/9/(4.)3F4 w f 0 1");
  }
  g_assert_true (cheops_position_is_reachable (&pos, &error));
  /* The side not to move in check (a Rook on e2 sees e9). */
  cheops_position_put (&pos, cell ("e2"), cheops_piece_make (CHEOPS_SIDE_A, PYRAMIDS_PINO (8)));
  g_assert_false (cheops_position_is_reachable (&pos, &error));
  g_assert_cmpint (error.code, ==, CHEOPS_ERROR_POSITION_UNREACHABLE);
}

/* Random games: do/undo, the sets, the key, FEN, text and SAN agree, and
 * pyramids_position_gives_check() with every move played. */
static void
test_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (20111703);
  int gives_check_tested = 0, gives_check_true = 0;

  for (int game = 0; game < 24; game++)
    {
      CheopsPosition pos;

      cheops_position_init_start (&pos, V);
      for (int ply = 0; ply < 120; ply++)
        {
          g_autoptr(GArray) moves = all_moves (&pos);
          CheopsPosition back;
          g_autofree char *fen = fen_of (&pos);
          char text[CHEOPS_MOVE_TEXT_MAX], san[CHEOPS_SAN_MAX];
          CheopsMove m;
          CheopsUndo undo;

          load (&back, fen);
          g_assert_cmpuint (back.key, ==, pos.key);
          if (moves->len == 0 || cheops_position_outcome (&pos) != CHEOPS_OUTCOME_NONE)
            break;
          /* pyramids_position_gives_check() against the move played. */
          for (guint i = 0; i < moves->len; i++)
            {
              CheopsMove each = g_array_index (moves, CheopsMove, i);
              CheopsPosition after = pos;
              bool checks;

              cheops_position_do_move (&after, each, &undo);
              checks = pyramids_position_king_attacked (&after, after.side_to_move);
              if (pyramids_position_gives_check (&pos, each) != checks)
                {
                  cheops_move_to_text (V, each, text);
                  g_error ("%s: %s gives check: %d, played: %d", fen, text, !checks, checks);
                }
              gives_check_tested++;
              gives_check_true += checks;
            }
          m = g_array_index (moves, CheopsMove, g_rand_int_range (rand, 0, (gint32) moves->len));
          cheops_move_to_text (V, m, text);
          cheops_move_to_san (&pos, m, san);
          g_assert_cmpuint (cheops_move_from_text (&pos, text, NULL), ==, m);
          g_assert_cmpuint (cheops_move_from_san (&pos, san, -1, NULL), ==, m);
          back = pos;
          cheops_position_do_move (&pos, m, &undo);
          g_assert_true (cheops_position_is_consistent (&pos));
          g_assert_false (cheops_position_king_attacked (&pos, back.side_to_move));
          cheops_position_undo_move (&pos, m, &undo);
          g_assert_true (memcmp (&back, &pos, sizeof pos) == 0);
          cheops_position_do_move (&pos, m, &undo);
        }
    }
  g_test_message ("gives_check: %d moves, %d checks", gives_check_tested, gives_check_true);
  g_assert_cmpint (gives_check_tested, >=, 100000);
  g_assert_cmpint (gives_check_true, >=, 1000);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/core/pyramids/board", test_board);
  g_test_add_func ("/core/pyramids/reach", test_reach);
  g_test_add_func ("/core/pyramids/reach-table", test_reach_table);
  g_test_add_func ("/core/pyramids/initial", test_initial);
  g_test_add_func ("/core/pyramids/right", test_right);
  g_test_add_func ("/core/pyramids/stacks", test_stacks);
  g_test_add_func ("/core/pyramids/slaves", test_slaves);
  g_test_add_func ("/core/pyramids/split-merge", test_split_merge);
  g_test_add_func ("/core/pyramids/slides-leaps", test_slides_leaps);
  g_test_add_func ("/core/pyramids/end-of-game", test_end_of_game);
  g_test_add_func ("/core/pyramids/fen", test_fen);
  g_test_add_func ("/core/pyramids/move-text", test_move_text);
  g_test_add_func ("/core/pyramids/san", test_san);
  g_test_add_func ("/core/pyramids/seam", test_seam);
  g_test_add_func ("/core/pyramids/perft", test_perft);
  g_test_add_func ("/core/pyramids/random-games", test_random_games);
  return g_test_run ();
}
