/* test-rules.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Legal moves, checklock, the Apex, the end of the game, FEN and SAN, with
 * move lists derived by hand from the Laws for each position.
 */
#include <glib.h>
#include <string.h>

#include "cheops-core.h"

static void
load (CheopsPosition *pos, const char *fen)
{
  CheopsError error = { 0 };
  if (!cheops_position_from_fen (pos, &cheops_variant_cheops, fen, &error))
    g_error ("FEN %s: %s", fen, error.message);
  g_assert_true (cheops_position_is_consistent (pos));
}

static void
load_variant (CheopsPosition *pos, const CheopsVariant *variant, const char *fen)
{
  CheopsError error = { 0 };
  if (!cheops_position_from_fen (pos, variant, fen, &error))
    g_error ("%s FEN %s: %s", variant->name, fen, error.message);
  g_assert_true (cheops_position_is_consistent (pos));
}

static int
compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The playable moves of @fen as "text SAN" pairs sorted by move text,
 * separated by ", ", newly allocated. */
static char *
moves_of (const char *fen)
{
  CheopsPosition pos;
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end;
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  char *joined;

  load (&pos, fen);
  end = cheops_generate_moves (&pos, list);
  g_assert_cmpint (end - list, ==, cheops_count_moves (&pos));
  for (CheopsMove *m = list; m < end; m++)
    {
      char text[CHEOPS_MOVE_TEXT_MAX], san[CHEOPS_SAN_MAX];
      CheopsError error = { 0 };

      cheops_move_to_text (&cheops_variant_cheops, *m, text);
      cheops_move_to_san (&pos, *m, san);
      g_ptr_array_add (lines, g_strdup_printf ("%s %s", text, san));
      /* Every SAN written reads back as its move, and so does the move text. */
      g_assert_cmpint (cheops_move_from_san (&pos, san, -1, &error), ==, *m);
      g_assert_cmpint (cheops_move_from_text (&pos, text, &error), ==, *m);
    }
  g_ptr_array_sort (lines, compare_strings);
  g_ptr_array_add (lines, NULL);
  joined = g_strjoinv (", ", (char **) lines->pdata);
  g_ptr_array_free (lines, TRUE);
  return joined;
}

typedef struct {
  const char *name;
  const char *fen;
  const char *moves;     /* "text SAN, ..." sorted by text */
  const char *status;    /* "check checklock outcome" */
} Case;

/* Each list was derived by hand from the Laws before the code was run. */
static const Case cases[] = {
  { "initial",
    CHEOPS_LAWS_START_FEN,
    /* 6.1; Pawn disambiguation as R10's own examples: 3e4, df3, e3f3. */
    "c3e4 Ae4, c3f3 Af3, d3e4 3e4, d3f3 df3, d4e4 4e4, d4e5 e5, d4f4 df4, e1g2 Ag2, e1h1 Ah1, "
    "e2f3 2f3, e2g2 eg2, e3f3 e3f3, e3f4 ef4, e3g3 eg3, f1g2 1g2, f1h1 fh1, f2g2 f2g2, f2g3 fg3, "
    "f2h2 fh2, g1h1 gh1, g1h2 gh2, g1i1 i1",
    "no no none" },
  { "gate-pawn-enters-empty-apex",
    /* 5.3: from the Gate onto the empty Apex, promoting (4.7.3); the new
     * Queen's band i9-i8-j8-...-q1 checks the q King: the Ascension (8.1). */
    "1/1P1/5/7/9/11/13/15/K15k a 0 1",
    "a1b1 Kb1, a1b2 Kb2, a1c1 Kc1, i8h8 h8, i8i9 i9=Q#, i8j8 j8",
    "no no none" },
  { "gate-pawn-blocked-by-queen",
    /* 5.3: not onto an occupied Apex; the Gate Pawn is pinned by the Queen
     * on the Apex along the band i9-i8-h8-...-a1, so j8 is illegal (4.2.2)
     * but h8 stays on the band. */
    "q/1P1/5/7/9/11/13/15/K15k a 0 1",
    "a1b1 Kb1, a1b2 Kb2, a1c1 Kc1, i8h8 h8",
    "no no none" },
  { "flank-pawn-captures-queen",
    /* 5.4: from a flank only by capturing the Queen, promoting; Ascension. */
    "q/P2/5/7/9/11/13/15/4K11k a 0 1",
    "e1c1 Kc1, e1d1 Kd1, e1d2 Kd2, e1f1 Kf1, e1f2 Kf2, e1g1 Kg1, h8i8 i8, h8i9 hxi9=Q#, h8j8 j8",
    "no no none" },
  { "king-beside-the-apex",
    /* 4.2.1 note / 5.2: the King never enters the Apex. */
    "1/1K1/5/7/9/11/13/15/P15k a 0 1",
    "a1b1 b1, a1b2 b2, a1c1 c1, i8h7 Kh7, i8h8 Kh8, i8j7 Kj7, i8j8 Kj8",
    "no no none" },
  { "pawn-at-level-edge",
    /* 4.7.1-4.7.2 at the left edge of level 3. */
    "1/3/5/7/9/11/P12/15/K15k a 0 1",
    "a1b1 Kb1, a1b2 Kb2, a1c1 Kc1, c3d3 d3, c3d4 d4, c3e3 e3",
    "no no none" },
  { "pin-along-a-band",
    /* 4.2.2: the Queen on c2 is pinned by the Queen on e4 along the band
     * a1-b1-b2-c2-c3-d3-d4-e4 and may only move along it.  Qb1 checks q1
     * along level 1. */
    "1/3/5/7/9/1q9/13/1Q13/K15k a 0 1",
    "a1b1 Kb1, a1b2 Kb2, a1c1 Kc1, c2b1 Qb1+, c2b2 Qb2, c2c3 Qc3, c2d3 Qd3, c2d4 Qd4, c2e4 Qxe4",
    "no no none" },
  { "checklock-double-check",
    /* 4.2.5: a1 is checked by the Queen (band) and the Swordmaster (level
     * 1); b1 b2 c1 are covered, so no legal move: checklock.  4.2.6: the
     * Pawn plays on, a capture of the Queen included. */
    "1/3/5/7/9/1q9/3P9/15/K6m8k a 0 1",
    "f3d3 d3, f3e3 e3, f3e4 fxe4, f3f4 f4, f3g3 g3, f3g4 g4, f3h3 h3",
    "yes yes none" },
  { "double-check-blocked-at-a-shared-cell",
    /* 4.2.2: the a King on i4 is checked by the Sister g6 (corner line
     * g6-h5-i4) and the Queen h6 (band h6-h5-i5-i4).  Both lines pass h5, so
     * Sh5 blocks both: a double check need not be answered by the King. */
    "1/3/5/1sq4/5S3/5K5/4k8/15/17 a 0 1",
    "i4k4 Kk4, j5h5 Sh5",
    "yes no none" },
  { "no-legal-move-draw",
    /* 4.2.4, 8.4.1: the King is not in check and b1 c1 b2 are threatened by
     * the q Pawns. */
    "1/3/5/7/9/11/13/2p12/K2pp11k a 0 1",
    "",
    "no no draw-no-legal-move" },
  { "ascension-on-the-board",
    /* 8.1, R5: the q Queen on the Apex and the a King in check. */
    "q/3/5/7/9/11/13/15/K15k a 0 1",
    "",
    "yes no q-ascension" },
  { "no-queen-no-pawn",
    /* 8.4.1 */
    "1/3/5/7/9/11/13/15/K15k a 0 1",
    "",
    "no no draw-no-queen-no-pawn" },
  { "collapse",
    /* 5.2, R7: a Swordmaster up the spine and an Assassin from h7 may
     * collapse with the Queen on the Apex; a Sister never reaches it.  The
     * q King on p1 is off the Queen's bands. */
    "q/3/1A3/7/4M4/11/13/15/K14k1 a 0 1",
    /* The Assassin on h7 is pinned on the band i9-...-a1: it may collapse
     * with the pinning Queen or leap to f6, still on the band.  The
     * Swordmaster checks p1 from i1 along level 1. */
    "a1b1 Kb1, a1b2 Kb2, a1c1 Kc1, h7f6 Af6, h7i9 Axxi9, i5e5 Me5, i5f5 Mf5, i5g5 Mg5, i5h5 Mh5, "
    "i5i1 Mi1+, i5i2 Mi2, i5i3 Mi3, i5i4 Mi4, i5i6 Mi6, i5i7 Mi7, i5i8 Mi8, i5i9 Mxxi9, i5j5 Mj5, "
    "i5k5 Mk5, i5l5 Ml5, i5m5 Mm5",
    "no no none" },
  { "sister-corner-lines",
    /* 4.5.1, 3.3: the Sister on i4 along its six corner rays; its own Pawn
     * on g2 blocks the south-west ray, the q Pawn on k6 is captured. */
    "1/3/5/5p1/9/5S5/13/5P9/K15k a 0 1",
    "a1b1 Kb1, a1b2 Kb2, a1c1 Kc1, g2e2 e2, g2f2 f2, g2f3 f3, g2g3 g3, g2h2 h2, g2h3 h3, g2i2 i2, "
    "i4e4 Se4, i4g4 Sg4, i4g6 Sg6, i4h3 Sh3, i4h5 Sh5, i4j3 Sj3, i4j5 Sj5, i4k2 Sk2, i4k4 Sk4, "
    "i4k6 Sxk6, i4l1 Sl1, i4m4 Sm4",
    "no no none" },
};

static const char *
outcome_word (CheopsOutcome o)
{
  switch (o)
    {
    case CHEOPS_OUTCOME_NONE: return "none";
    case CHEOPS_LAWS_OUTCOME_ASCENSION_A: return "a-ascension";
    case CHEOPS_LAWS_OUTCOME_ASCENSION_Q: return "q-ascension";
    case CHEOPS_LAWS_OUTCOME_DRAW_NO_QUEEN_NO_PAWN: return "draw-no-queen-no-pawn";
    case CHEOPS_LAWS_OUTCOME_DRAW_NO_LEGAL_MOVE: return "draw-no-legal-move";
    case CHEOPS_LAWS_OUTCOME_DRAW_SEVENTY_FIVE_MOVES: return "draw-seventy-five-moves";
    case CHEOPS_LAWS_OUTCOME_DRAW_FIFTH_REPETITION: return "draw-fifth-repetition";
    default: return "?";
    }
}

static void
test_case (gconstpointer data)
{
  const Case *c = data;
  CheopsPosition pos;
  g_autofree char *status = NULL;

  load (&pos, c->fen);
  status = g_strdup_printf ("%s %s %s",
                            cheops_position_in_check (&pos) ? "yes" : "no",
                            cheops_laws_position_in_checklock (&pos) ? "yes" : "no",
                            outcome_word (cheops_position_outcome (&pos)));
  g_assert_cmpstr (status, ==, c->status);
  if (c->moves)
    {
      g_autofree char *moves = moves_of (c->fen);
      g_assert_cmpstr (moves, ==, c->moves);
    }
}

/* Looks a move up by its SAN in @pos and returns its SAN as written back. */
static void
assert_san_reads (CheopsPosition *pos, const char *san, const char *text, const char *canonical)
{
  CheopsError error = { 0 };
  CheopsMove m = cheops_move_from_san (pos, san, -1, &error);
  char buf[CHEOPS_SAN_MAX], t[CHEOPS_MOVE_TEXT_MAX];

  if (m == CHEOPS_MOVE_NONE)
    g_error ("%s: %s", san, error.message);
  cheops_move_to_text (&cheops_variant_cheops, m, t);
  g_assert_cmpstr (t, ==, text);
  cheops_move_to_san (pos, m, buf);
  g_assert_cmpstr (buf, ==, canonical);
}

static void
assert_san_error (CheopsPosition *pos, const char *san, CheopsErrorCode code, const char *message)
{
  CheopsError error = { 0 };
  g_assert_cmpint (cheops_move_from_san (pos, san, -1, &error), ==, CHEOPS_MOVE_NONE);
  g_assert_cmpint (error.code, ==, code);
  g_assert_cmpstr (error.message, ==, message);
}

static void
test_collapse (void)
{
  CheopsPosition pos;
  CheopsUndo undo;
  CheopsMove m;
  char fen[CHEOPS_FEN_MAX];

  load (&pos, "q/3/1A3/7/4M4/11/13/15/K14k1 a 0 1");
  /* The Assassin on h7 and the Swordmaster on i5 both reach the Apex. */
  assert_san_reads (&pos, "Axxi9", "h7i9", "Axxi9");
  assert_san_reads (&pos, "Mxxi9", "i5i9", "Mxxi9");
  assert_san_reads (&pos, "i5i9", "i5i9", "Mxxi9");
  assert_san_error (&pos, "Mxi9", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move Mxi9: a collapse is written 'xx'");
  assert_san_reads (&pos, "Mi9", "i5i9", "Mxxi9");   /* a missing capture mark is accepted */

  /* 5.2: both leave the board, the Apex is empty; R7: the clock resets. */
  m = cheops_move_from_san (&pos, "Mxxi9", -1, NULL);
  pos.halfmove_clock = 7;
  cheops_position_do_move (&pos, m, &undo);
  cheops_position_to_fen (&pos, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, "1/3/1A3/7/9/11/13/15/K14k1 q 0 1");
  g_assert_true (cheops_position_is_consistent (&pos));
  cheops_position_undo_move (&pos, m, &undo);
  cheops_position_to_fen (&pos, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, "q/3/1A3/7/4M4/11/13/15/K14k1 a 7 1");
  g_assert_true (cheops_position_is_consistent (&pos));
}

static void
test_san_parsing (void)
{
  CheopsPosition pos;

  cheops_position_init_start (&pos, &cheops_variant_cheops);
  assert_san_reads (&pos, "i1", "g1i1", "i1");
  assert_san_reads (&pos, "g1i1", "g1i1", "i1");
  assert_san_reads (&pos, "gi1", "g1i1", "i1");        /* redundant disambiguation */
  assert_san_error (&pos, "g1i1+", CHEOPS_ERROR_MOVE_ILLEGAL, "wrong suffix in g1i1+: the move is i1");
  assert_san_reads (&pos, "3e4", "d3e4", "3e4");
  assert_san_reads (&pos, "d3e4", "d3e4", "3e4");
  assert_san_reads (&pos, "Ae4", "c3e4", "Ae4");
  assert_san_reads (&pos, "Ac3e4", "c3e4", "Ae4");
  assert_san_error (&pos, "f3", CHEOPS_ERROR_MOVE_AMBIGUOUS, "ambiguous move f3: more than one Pawn can reach f3");
  assert_san_error (&pos, "e3", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move e3: no Pawn can reach e3");
  assert_san_error (&pos, "Mf5", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move Mf5: no Swordmaster can reach f5");
  assert_san_error (&pos, "Axe4", CHEOPS_ERROR_MOVE_ILLEGAL,
                    "illegal move Axe4: 'x' marks a capture, and there is nothing to capture");
  assert_san_error (&pos, "fe4", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move fe4: no Pawn from f can reach e4");
  assert_san_error (&pos, "i1+", CHEOPS_ERROR_MOVE_ILLEGAL, "wrong suffix in i1+: the move is i1");
  assert_san_error (&pos, "Xe4", CHEOPS_ERROR_MOVE_SYNTAX, "'Xe4': unknown piece letter 'X'");
  assert_san_error (&pos, "hello", CHEOPS_ERROR_MOVE_SYNTAX, "'hello' is not a move: it does not end with a cell");
  assert_san_error (&pos, "", CHEOPS_ERROR_MOVE_SYNTAX, "'' is not a move");
  assert_san_error (&pos, "e1e1", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move e1e1: the Assassin on e1 cannot move to e1");
  assert_san_error (&pos, "i5i6", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move i5i6: no piece of the side to move on i5");

  /* Promotion: "=Q" optional, a trailing q in move text (DESIGN.md 3). */
  load (&pos, "1/1P1/5/7/9/11/13/15/K15k a 0 1");
  assert_san_reads (&pos, "i9=Q#", "i8i9", "i9=Q#");
  assert_san_reads (&pos, "i9", "i8i9", "i9=Q#");
  assert_san_reads (&pos, "i8i9q", "i8i9", "i9=Q#");
  assert_san_error (&pos, "h8=Q", CHEOPS_ERROR_MOVE_ILLEGAL, "illegal move h8=Q: it is not a promotion");
  load (&pos, "q/P2/5/7/9/11/13/15/4K11k a 0 1");
  assert_san_reads (&pos, "hxi9=Q#", "h8i9", "hxi9=Q#");
  assert_san_reads (&pos, "hxi9", "h8i9", "hxi9=Q#");
  assert_san_reads (&pos, "h8i9", "h8i9", "hxi9=Q#");
  /* A checklock suffix. */
  load (&pos, "1/3/5/7/9/6q4/5P7/15/K3p11k q 0 1");
  assert_san_reads (&pos, "Qe4++", "j4e4", "Qe4++");
  assert_san_reads (&pos, "Qe4", "j4e4", "Qe4++");
  assert_san_error (&pos, "Qe4+", CHEOPS_ERROR_MOVE_ILLEGAL, "wrong suffix in Qe4+: the move is Qe4++");
}

static void
test_san_disambiguation (void)
{
  CheopsPosition pos;

  /* A.3: Swordmasters on e1, e4 and g2 all reach e2.  e1 and e4 share
   * their column, so their level tells them apart; g2's column is enough. */
  load (&pos, "1/3/4k/7/9/1M9/10P2/5M9/K3M12 a 0 1");
  assert_san_reads (&pos, "M1e2", "e1e2", "M1e2");
  assert_san_reads (&pos, "M4e2", "e4e2", "M4e2");
  assert_san_reads (&pos, "Mge2", "g2e2", "Mge2");
  assert_san_reads (&pos, "Mg2e2", "g2e2", "Mge2");
  assert_san_reads (&pos, "M4e3", "e4e3", "M4e3");
  assert_san_error (&pos, "Me2", CHEOPS_ERROR_MOVE_AMBIGUOUS, "ambiguous move Me2: more than one Swordmaster can reach e2");
  assert_san_error (&pos, "Mee2", CHEOPS_ERROR_MOVE_AMBIGUOUS, "ambiguous move Mee2: more than one Swordmaster can reach e2");
}

static void
test_fen_round_trip (void)
{
  static const char *const fens[] = {
    CHEOPS_LAWS_START_FEN,
    "1/1P1/5/7/9/11/13/15/K15k a 0 1",
    "q/P2/5/7/9/11/13/15/4K11k q 12 40",
    "Q/1p1/1s3/3A3/4m4/5S5/6a6/7M7/8Kk7 q 99 100",
  };
  for (size_t i = 0; i < G_N_ELEMENTS (fens); i++)
    {
      CheopsPosition pos;
      char out[CHEOPS_FEN_MAX];
      load (&pos, fens[i]);
      cheops_position_to_fen (&pos, out, sizeof out);
      g_assert_cmpstr (out, ==, fens[i]);
    }
}

typedef struct {
  const char     *fen;
  CheopsErrorCode code;
  int             column;
  const char     *message;
} FenError;

static void
test_fen_errors (void)
{
  static const FenError errors[] = {
    { "", CHEOPS_ERROR_FEN_SYNTAX, 1, "empty FEN" },
    { "1/3/5/7/9/11/13/15 a 0 1", CHEOPS_ERROR_FEN_SYNTAX, 19, "board: expected 9 levels separated by '/', found 8" },
    { "1/3/5/7/9/11/13/15/17/1 a 0 1", CHEOPS_ERROR_FEN_SYNTAX, 22, "board: more than 9 levels" },
    { "1/4/5/7/9/11/13/15/K15k a 0 1", CHEOPS_ERROR_FEN_SYNTAX, 3, "board, level 8: more than 3 cells" },
    { "1/2/5/7/9/11/13/15/K15k a 0 1", CHEOPS_ERROR_FEN_SYNTAX, 3, "board, level 8: 2 cells, expected 3" },
    { "1/3/5/7/9/11/13/15/K14k a 0 1", CHEOPS_ERROR_FEN_SYNTAX, 20, "board, level 1: 16 cells, expected 17" },
    { "1/3/5/7/9/11/13/15/K15x a 0 1", CHEOPS_ERROR_FEN_SYNTAX, 23, "board, level 1: unknown piece letter 'x'" },
    { "1/3/5/7/9/11/13/15/K015k a 0 1", CHEOPS_ERROR_FEN_SYNTAX, 21, "board, level 1: a run of zero empty cells" },
    { "1/3/5/7/9/11/13/15/K100k a 0 1", CHEOPS_ERROR_FEN_SYNTAX, 21,
      "board, level 1: a run of empty cells has more than two digits" },
    { "1/3/5/7/9/11/13/15/16k a 0 1", CHEOPS_ERROR_FEN_IMPOSSIBLE, 1, "board: the a side has 0 Kings, expected exactly 1" },
    { "1/3/5/7/9/11/13/15/K14kk a 0 1", CHEOPS_ERROR_FEN_IMPOSSIBLE, 1, "board: the q side has 2 Kings, expected exactly 1" },
    { "P/3/5/7/9/11/13/15/K15k a 0 1", CHEOPS_ERROR_FEN_IMPOSSIBLE, 1,
      "board, cell i9: a Pawn on the Apex, where only a Queen may stand" },
    { "1/3/5/7/9/11/13/15/K1S13k a 0 1", CHEOPS_ERROR_FEN_IMPOSSIBLE, 22, "board, cell c1: a Sister on a light cell" },
    { "1/3/5/7/9/11/13/15/K15k b 0 1", CHEOPS_ERROR_FEN_SYNTAX, 25, "side to move: expected 'a' or 'q'" },
    { "1/3/5/7/9/11/13/15/K15k", CHEOPS_ERROR_FEN_SYNTAX, 24, "side to move: missing" },
    { "1/3/5/7/9/11/13/15/K15k a -1 1", CHEOPS_ERROR_FEN_SYNTAX, 27, "halfmove clock: expected a number of plies" },
    { "1/3/5/7/9/11/13/15/K15k a 0", CHEOPS_ERROR_FEN_SYNTAX, 28, "fullmove number: missing" },
    { "1/3/5/7/9/11/13/15/K15k a 0 0", CHEOPS_ERROR_FEN_IMPOSSIBLE, 29, "fullmove number: must be at least 1" },
    { "1/3/5/7/9/11/13/15/K15k a 0 1 x", CHEOPS_ERROR_FEN_SYNTAX, 31, "unexpected text after the fullmove number" },
    { "1/3/5/7/9/11/13/15/K15k a 0 1234567890", CHEOPS_ERROR_FEN_SYNTAX, 29, "fullmove number: too large (at most 9 digits)" },
    { "1/3/5/7/9/11/13/15/K15k a 4294967296 1", CHEOPS_ERROR_FEN_SYNTAX, 27, "halfmove clock: too large (at most 9 digits)" },
    { "A/3/5/7/9/11/13/15/K15k a 0 1", CHEOPS_ERROR_FEN_IMPOSSIBLE, 1,
      "board, cell i9: an Assassin on the Apex, where only a Queen may stand" },
    { "1/3/5/7/9/11/13/15/K15\xc3\xa9 a 0 1", CHEOPS_ERROR_FEN_SYNTAX, 23,
      "board, level 1: unknown piece letter '\xc3\xa9'" },
  };

  for (size_t i = 0; i < G_N_ELEMENTS (errors); i++)
    {
      CheopsPosition pos;
      CheopsError error = { 0 };

      g_assert_false (cheops_position_from_fen (&pos, &cheops_variant_cheops, errors[i].fen, &error));
      g_assert_cmpstr (error.message, ==, errors[i].message);
      g_assert_cmpint (error.code, ==, errors[i].code);
      g_assert_cmpint (error.column, ==, errors[i].column);
    }
}

static void
test_counters (void)
{
  CheopsPosition pos;
  CheopsUndo u1, u2;
  CheopsMove m1, m2;
  char fen[CHEOPS_FEN_MAX];

  /* R8: a Pawn climbing resets the clock; a sideways Pawn move does not;
   * the fullmove number grows after the q side moves. */
  load (&pos, "1/3/5/7/9/11/13/15/K3P10pk a 5 3");
  m1 = cheops_move_from_san (&pos, "f1", -1, NULL);    /* e1-f1, sideways */
  cheops_position_do_move (&pos, m1, &u1);
  cheops_position_to_fen (&pos, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, "1/3/5/7/9/11/13/15/K4P9pk q 6 3");
  m2 = cheops_move_from_san (&pos, "o2", -1, NULL);    /* p1-o2, a climb */
  cheops_position_do_move (&pos, m2, &u2);
  cheops_position_to_fen (&pos, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, "1/3/5/7/9/11/13/13p1/K4P10k a 0 4");
  cheops_position_undo_move (&pos, m2, &u2);
  cheops_position_undo_move (&pos, m1, &u1);
  cheops_position_to_fen (&pos, fen, sizeof fen);
  g_assert_cmpstr (fen, ==, "1/3/5/7/9/11/13/15/K3P10pk a 5 3");

  /* 8.4.2: a claim from 100 plies; 8.4.3: 150 plies draw automatically. */
  load (&pos, "1/3/5/7/9/11/13/15/K3P10pk a 99 90");
  g_assert_false (cheops_laws_position_fifty_move_claimable (&pos));
  g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_OUTCOME_NONE);
  load (&pos, "1/3/5/7/9/11/13/15/K3P10pk a 100 90");
  g_assert_true (cheops_laws_position_fifty_move_claimable (&pos));
  g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_OUTCOME_NONE);
  load (&pos, "1/3/5/7/9/11/13/15/K3P10pk a 149 90");
  g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_OUTCOME_NONE);
  load (&pos, "1/3/5/7/9/11/13/15/K3P10pk a 150 90");
  g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_LAWS_OUTCOME_DRAW_SEVENTY_FIVE_MOVES);
}

/* @fen (a variant's start FEN) with its last two fields, the move
 * counters, replaced by @clock and @number. */
static char *
with_counters (const char *fen,
               const char *clock,
               const char *number)
{
  const char *end = strrchr (fen, ' ');
  const char *mid;

  g_assert_nonnull (end);
  for (mid = end - 1; mid > fen && *mid != ' '; mid--)
    ;
  return g_strdup_printf ("%.*s %s %s", (int) (mid - fen), fen, clock, number);
}

/* Plays @n_plies moves (each the first that does not reset the halfmove
 * clock, when there is one), checking after each that the FEN written
 * reads back and writes the same text; returns the last FEN. */
static char *
play_quiet_moves (CheopsPosition *pos,
                  guint           n_plies)
{
  char fen[CHEOPS_FEN_MAX], fen2[CHEOPS_FEN_MAX];

  for (guint ply = 0; ply < n_plies; ply++)
    {
      CheopsMove *list = g_new (CheopsMove, CHEOPS_MAX_MOVES);
      CheopsMove *end = cheops_generate_moves (pos, list);
      CheopsMove chosen = CHEOPS_MOVE_NONE;
      CheopsPosition again;
      CheopsError error = { 0 };
      CheopsUndo undo;

      g_assert_true (end > list);
      for (CheopsMove *l = list; l < end && chosen == CHEOPS_MOVE_NONE; l++)
        {
          CheopsPosition copy = *pos;

          cheops_position_do_move (&copy, *l, &undo);
          if (copy.halfmove_clock != 0)
            chosen = *l;
        }
      cheops_position_do_move (pos, chosen != CHEOPS_MOVE_NONE ? chosen : list[0], &undo);
      g_free (list);
      cheops_position_to_fen (pos, fen, sizeof fen);
      if (!cheops_position_from_fen (&again, pos->variant, fen, &error))
        g_error ("%s: the FEN written does not read back: %s (%s)", pos->variant->name, fen, error.message);
      cheops_position_to_fen (&again, fen2, sizeof fen2);
      g_assert_cmpstr (fen2, ==, fen);
    }
  cheops_position_to_fen (pos, fen, sizeof fen);
  return g_strdup (fen);
}

/* The move counters stop at CHEOPS_COUNTER_MAX (999999), the largest every
 * game's FEN reader takes, so that a FEN written always reads back (a fuzz
 * finding: Cypher chess and Pyramids wrote 1000000 after a move from
 * 999999; Cheops and TrigChess, whose readers take 9 digits, wrote 10
 * digits after 999999999).  Below the limit they count as before.  Every
 * registered variant. */
static void
test_counter_limit (void)
{
  for (guint i = 0; cheops_variants[i] != NULL; i++)
    {
      const CheopsVariant *variant = cheops_variants[i];
      g_autofree char *low = with_counters (variant->start_fen, "5", "7");
      g_autofree char *at_limit = with_counters (variant->start_fen, "999999", "999999");
      g_autofree char *wide = with_counters (variant->start_fen, "999999999", "999999999");
      g_autofree char *after = NULL;
      g_autofree char *expected = NULL;
      CheopsPosition pos;
      CheopsError error = { 0 };

      g_test_message ("%s", variant->name);
      load_variant (&pos, variant, low);
      g_free (after);
      after = play_quiet_moves (&pos, 2);
      g_assert_cmpint (pos.halfmove_clock, ==, 7);
      g_assert_cmpint (pos.fullmove_number, ==, 8);

      /* A move that does not reset the clock from the limit stays there;
       * so does the fullmove number after both sides moved; a walk on
       * writes FENs that read back. */
      load_variant (&pos, variant, at_limit);
      g_free (after);
      after = play_quiet_moves (&pos, 2);
      expected = with_counters (after, "999999", "999999");
      g_assert_cmpstr (after, ==, expected);
      g_free (after);
      after = play_quiet_moves (&pos, 6);
      g_assert_cmpint (pos.halfmove_clock, <=, CHEOPS_COUNTER_MAX);
      g_assert_cmpint (pos.fullmove_number, ==, CHEOPS_COUNTER_MAX);

      /* Readers of 9 digits: a counter read above the limit stays. */
      if (cheops_position_from_fen (&pos, variant, wide, &error))
        {
          g_free (after);
          after = play_quiet_moves (&pos, 4);
          g_assert_cmpint (pos.halfmove_clock, ==, 999999999);
          g_assert_cmpint (pos.fullmove_number, ==, 999999999);
        }
    }
}

static void
test_repetition (void)
{
  /* 8.5, 8.4.2-8.4.3: keys of the positions after each ply. */
  const uint64_t keys[] = { 1, 2, 3, 4, 1, 2, 3, 4, 1 };
  g_assert_cmpint (cheops_repetition_count (keys, 9, 100), ==, 3);
  g_assert_cmpint (cheops_repetition_count (keys, 9, 4), ==, 2);   /* an irreversible move 4 plies ago */
  g_assert_cmpint (cheops_repetition_count (keys, 8, 100), ==, 2);
  g_assert_cmpint (cheops_repetition_count (keys, 1, 0), ==, 1);
}

static void
test_perft (void)
{
  CheopsPosition pos;

  /* 1 and 2 by hand: 22 moves each side, no contact (484 = 22 x 22). */
  cheops_position_init_start (&pos, &cheops_variant_cheops);
  g_assert_cmpuint (cheops_perft (&pos, 0), ==, 1);
  g_assert_cmpuint (cheops_perft (&pos, 1), ==, 22);
  g_assert_cmpuint (cheops_perft (&pos, 2), ==, 484);
  /* 3 to 5: the same from the independent reference implementation in
   * tests/reference (cheops_ref.py perft; depth 5 takes it two minutes). */
  g_assert_cmpuint (cheops_perft (&pos, 3), ==, 12766);
  g_assert_cmpuint (cheops_perft (&pos, 4), ==, 336247);
  g_assert_cmpuint (cheops_perft (&pos, 5), ==, 10015010);
  g_assert_true (cheops_position_is_consistent (&pos));
}

/* The legal moves found by brute force: every movement of every piece of the
 * side to move (geometry only), played and kept when the mover's King is
 * not attacked afterwards.  Independent of the pin and check shortcuts of
 * cheops_laws_generate_legal(). */
static int
brute_force_legal (CheopsPosition *pos, CheopsMove *out)
{
  CheopsSide side = pos->side_to_move;
  int n = 0;

  for (CheopsCell from = 0; from < CHEOPS_LAWS_CELL_NB; from++)
    {
      CheopsPiece piece = pos->board[from];
      CheopsPieceType type = cheops_piece_type (piece);

      if (piece == CHEOPS_NO_PIECE || cheops_piece_side (piece) != side)
        continue;
      for (CheopsCell to = 0; to < CHEOPS_LAWS_CELL_NB; to++)
        {
          CheopsPiece target = pos->board[to];
          CheopsCellSet reach;
          bool ok;
          CheopsUndo undo;
          CheopsMove m;

          if (target && (cheops_piece_side (target) == side || cheops_piece_type (target) == CHEOPS_LAWS_KING))
            continue;
          switch (type)
            {
            case CHEOPS_LAWS_KING: reach = cheops_laws_king_cells (from); break;
            case CHEOPS_LAWS_QUEEN: reach = cheops_laws_band_attacks (from, pos->occupied); break;
            case CHEOPS_LAWS_SWORDMASTER: reach = cheops_laws_sword_attacks (from, pos->occupied); break;
            case CHEOPS_LAWS_SISTER: reach = cheops_laws_corner_attacks (from, pos->occupied); break;
            case CHEOPS_LAWS_ASSASSIN: reach = cheops_laws_leap_cells (from); break;
            default:
              reach = target ? cheops_laws_pawn_threat_cells (side, from) : cheops_laws_pawn_step_cells (from);
              break;
            }
          if (!cheops_cellset_has (reach, to))
            continue;
          /* Article 5: onto the Apex only a Queen, a Pawn, or a collapse. */
          if (to == CHEOPS_LAWS_APEX && (type == CHEOPS_LAWS_SWORDMASTER || type == CHEOPS_LAWS_ASSASSIN) && !target)
            continue;
          m = cheops_move_make (from, to);
          cheops_position_do_move (pos, m, &undo);
          ok = !cheops_position_king_attacked (pos, side);
          cheops_position_undo_move (pos, m, &undo);
          if (ok)
            out[n++] = m;
        }
    }
  return n;
}

static int
compare_moves (gconstpointer a, gconstpointer b)
{
  return (int) *(const CheopsMove *) a - (int) *(const CheopsMove *) b;
}

/* Random games (fixed seed): the fast generator agrees with brute force,
 * every move's SAN and FEN round-trip, undo restores the position exactly,
 * and the key is always the key computed from scratch. */
static void
test_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (20261130);
  int positions = 0, checklocks = 0, checks = 0;

  for (int game = 0; game < 120; game++)
    {
      CheopsPosition pos;
      cheops_position_init_start (&pos, &cheops_variant_cheops);

      for (int ply = 0; ply < 200; ply++)
        {
          CheopsMove list[CHEOPS_MAX_MOVES], brute[CHEOPS_MAX_MOVES];
          CheopsMove *end = cheops_generate_moves (&pos, list);
          int n = (int) (end - list), nb;
          char fen[CHEOPS_FEN_MAX], fen2[CHEOPS_FEN_MAX];
          CheopsPosition copy;

          positions++;
          g_assert_true (cheops_position_is_consistent (&pos));
          cheops_position_to_fen (&pos, fen, sizeof fen);
          load (&copy, fen);
          cheops_position_to_fen (&copy, fen2, sizeof fen2);
          g_assert_cmpstr (fen, ==, fen2);
          g_assert_cmpuint (copy.key, ==, pos.key);
          g_assert_cmpint (n, ==, cheops_count_moves (&pos));

          if (cheops_position_outcome (&pos) == CHEOPS_OUTCOME_NONE
              || cheops_position_outcome (&pos) == CHEOPS_LAWS_OUTCOME_DRAW_NO_LEGAL_MOVE)
            {
              CheopsMove legal[CHEOPS_MAX_MOVES];
              int nl = (int) (cheops_laws_generate_legal (&pos, legal) - legal);
              nb = brute_force_legal (&pos, brute);
              qsort (legal, (size_t) nl, sizeof legal[0], (int (*) (const void *, const void *)) compare_moves);
              qsort (brute, (size_t) nb, sizeof brute[0], (int (*) (const void *, const void *)) compare_moves);
              if (nl != nb || memcmp (legal, brute, sizeof legal[0] * (size_t) nl) != 0)
                g_error ("legal moves differ from brute force in %s (%d vs %d)", fen, nl, nb);
            }
          if (cheops_position_in_check (&pos))
            checks++;
          if (cheops_laws_position_in_checklock (&pos))
            checklocks++;
          if (n == 0)
            break;

          for (int i = 0; i < n; i++)
            {
              char san[CHEOPS_SAN_MAX], after[CHEOPS_FEN_MAX];
              CheopsUndo undo;
              cheops_move_to_san (&pos, list[i], san);
              g_assert_cmpint (cheops_move_from_san (&pos, san, -1, NULL), ==, list[i]);
              cheops_position_do_move (&pos, list[i], &undo);
              g_assert_true (cheops_position_is_consistent (&pos));
              cheops_position_undo_move (&pos, list[i], &undo);
              cheops_position_to_fen (&pos, after, sizeof after);
              g_assert_cmpstr (after, ==, fen);
            }
          {
            CheopsUndo undo;
            cheops_position_do_move (&pos, list[g_rand_int_range (rand, 0, n)], &undo);
          }
        }
    }
  g_test_message ("%d positions, %d in check, %d in checklock", positions, checks, checklocks);
  g_assert_cmpint (checks, >, 100);
  g_assert_cmpint (checklocks, >, 0);
  g_rand_free (rand);
}

/* The moves to a cell (cheops_generate_moves_to(), what SAN reading looks
 * at) are exactly the playable moves of cheops_generate_moves() to that
 * cell by that kind of piece, in every position of random games (fixed
 * seed; a fifth of the moves chosen among captures and checks, so that
 * checks, pins and checklock come often): the short cut the generator
 * takes for one cell (the checks and pins of the whole generation, no move
 * played) against the list of the whole generation, itself checked
 * against brute force (test_random_games()).  The SAN of every move reads
 * back to it. */
static void
test_moves_to_cross_check (void)
{
  GRand *rand = g_rand_new_with_seed (20261204);
  int positions = 0, checks = 0, checklocks = 0, pinned_moves = 0, lists = 0;

  for (int game = 0; game < 60; game++)
    {
      CheopsPosition pos;
      cheops_position_init_start (&pos, &cheops_variant_cheops);

      for (int ply = 0; ply < 150; ply++)
        {
          CheopsMove all[CHEOPS_MAX_MOVES];
          int n = (int) (cheops_generate_moves (&pos, all) - all);
          CheopsMove pick[CHEOPS_MAX_MOVES];
          int np = 0;

          positions++;
          if (cheops_position_in_check (&pos))
            checks++;
          if (cheops_laws_position_in_checklock (&pos))
            checklocks++;
          for (CheopsCell to = 0; to < CHEOPS_LAWS_CELL_NB; to++)
            for (CheopsPieceType type = CHEOPS_LAWS_KING; type <= CHEOPS_LAWS_PAWN; type++)
              {
                CheopsMove list[CHEOPS_MAX_MOVES], want[CHEOPS_MAX_MOVES];
                CheopsMove *end = cheops_generate_moves_to (&pos, to, type, list);
                int nl = (int) (end - list), nw = 0;

                for (int i = 0; i < n; i++)
                  if (cheops_move_to (all[i]) == to
                      && cheops_piece_type (pos.board[cheops_move_from (all[i])]) == type)
                    want[nw++] = all[i];
                qsort (list, (size_t) nl, sizeof list[0], compare_moves);
                qsort (want, (size_t) nw, sizeof want[0], compare_moves);
                if (nl != nw || memcmp (list, want, sizeof list[0] * (size_t) nl) != 0)
                  {
                    char fen[CHEOPS_FEN_MAX];
                    cheops_position_to_fen (&pos, fen, sizeof fen);
                    g_error ("moves to cell %d by kind %d differ in %s (%d vs %d)", to, type, fen, nl, nw);
                  }
                if (nl > 0)
                  lists++;
              }
          for (int i = 0; i < n; i++)
            {
              char san[CHEOPS_SAN_MAX];
              CheopsCellSet pinned = cheops_laws_position_sole_blockers (&pos, pos.king[pos.side_to_move],
                                                                         cheops_side_other (pos.side_to_move),
                                                                         pos.pieces[pos.side_to_move][0]);

              if (cheops_cellset_has (pinned, cheops_move_from (all[i])))
                pinned_moves++;
              cheops_move_to_san (&pos, all[i], san);
              g_assert_cmphex (cheops_move_from_san (&pos, san, -1, NULL), ==, all[i]);
              if (pos.board[cheops_move_to (all[i])] != CHEOPS_NO_PIECE || strpbrk (san, "+#") != NULL)
                pick[np++] = all[i];
            }
          if (n == 0)
            break;
          {
            CheopsUndo undo;
            CheopsMove m = np > 0 && g_rand_int_range (rand, 0, 5) == 0
                           ? pick[g_rand_int_range (rand, 0, np)] : all[g_rand_int_range (rand, 0, n)];
            cheops_position_do_move (&pos, m, &undo);
          }
        }
    }
  g_test_message ("%d positions, %d in check, %d in checklock, %d moves of pinned pieces, %d lists",
                  positions, checks, checklocks, pinned_moves, lists);
  g_assert_cmpint (positions, >, 5000);
  g_assert_cmpint (checks, >, 200);
  g_assert_cmpint (checklocks, >, 0);
  g_assert_cmpint (pinned_moves, >, 100);
  g_rand_free (rand);
}

/* Positions a FEN may describe but no game can reach (set-up checks):
 * exact messages, and positions that pass. */
static void
test_reachable (void)
{
  static const struct {
    const char *fen;
    const char *message;   /* NULL: reachable as far as the position tells */
  } reach_cases[] = {
    { CHEOPS_LAWS_START_FEN, NULL },
    /* The sample study: the q King entombed, in check with a to move. */
    { "1/1P1/Aa3/7/2P3a1p/1P2P2p1p1/AP4P4p1/MS6p1P2qm/AKQ10aMk1 a 1 42", NULL },
    /* A Pawn promoted: 2 Queens and 6 Pawns. */
    { "1/3/5/7/9/11/13/Q14/KQPPPPPP5k3 a 0 1", NULL },
    { "1/3/5/7/9/Q10/13/15/Kk15 a 0 1",
      "the Kings stand next to each other, which no game can reach (4.2)" },
    { "1/3/5/7/9/11/13/15/K1mM12k a 0 1",
      "both Kings are in check, which no game can reach: a side ends its turn in check only in "
      "checklock, and then may not check (4.2.2, 4.2.6)" },
    { "1/3/5/7/9/11/13/MMM12/K15k a 0 1",
      "the a side has 3 Swordmasters; a side starts with 2 and gets no more (4.1)" },
    { "1/3/5/7/9/11/13/1s1s1s9/K15k a 0 1",
      "the q side has 3 Sisters; a side starts with 2 and gets no more (4.1)" },
    { "1/3/5/7/9/11/13/aaaa11/K15k a 0 1",
      "the q side has 4 Assassins; a side starts with 3 and gets no more (4.1)" },
    { "1/3/5/7/9/11/13/PPPPPPPP7/K15k a 0 1",
      "the a side has 8 Pawns; a side starts with 7 and gets no more (4.1)" },
    { "1/3/5/7/9/11/13/QQ13/KPPPPPPP8k a 0 1",
      "the a side has 2 Queens and 7 Pawns; a Queen comes only from a Pawn, so together they are "
      "at most 8 (4.1, 4.7.3)" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (reach_cases); i++)
    {
      CheopsPosition pos;
      CheopsError error = { 0 };
      bool reachable;

      g_test_message ("%s", reach_cases[i].fen);
      g_assert_true (cheops_position_from_fen (&pos, &cheops_variant_cheops, reach_cases[i].fen, &error));
      reachable = cheops_position_is_reachable (&pos, &error);
      if (reach_cases[i].message == NULL)
        g_assert_true (reachable);
      else
        {
          g_assert_false (reachable);
          g_assert_cmpint (error.code, ==, CHEOPS_ERROR_POSITION_UNREACHABLE);
          g_assert_cmpstr (error.message, ==, reach_cases[i].message);
        }
      g_assert_true (cheops_position_is_reachable (&pos, NULL) == reachable);
    }
}

/* A FEN error quoting what stands where a piece letter should be quotes
 * the whole character, never one byte of it: in every game, a two-, three-
 * and four-byte UTF-8 character in place of the first piece letter of the
 * start position's placement is named whole; a byte that starts no UTF-8
 * character, or a control character, is named as \xNN; every message is
 * valid UTF-8 (issue 25: one broken byte was printed). */
static void
test_fen_error_quotes_whole_characters (void)
{
  static const struct { const char *bad, *quoted; } quotes[] = {
    { "\xc3\xa9", "'\xc3\xa9'" },                 /* é */
    { "\xe2\x82\xac", "'\xe2\x82\xac'" },          /* € */
    { "\xf0\x9f\x98\x80", "'\xf0\x9f\x98\x80'" },   /* U+1F600 */
    { "\xff", "'\\xFF'" },
    { "\xc3(", "'\\xC3'" },                      /* a sequence cut short */
    { "\x01", "'\\x01'" },
  };

  for (size_t v = 0; cheops_variants[v] != NULL; v++)
    {
      CheopsPosition start;
      char fen[CHEOPS_FEN_MAX];
      size_t letter = 0;

      cheops_position_init_start (&start, cheops_variants[v]);
      cheops_position_to_fen (&start, fen, sizeof fen);
      while (fen[letter] != ' ' && !g_ascii_isalpha (fen[letter]))
        letter++;
      g_assert_true (g_ascii_isalpha (fen[letter]));
      for (size_t i = 0; i < G_N_ELEMENTS (quotes); i++)
        {
          g_autofree char *bad = g_strdup_printf ("%.*s%s%s", (int) letter, fen, quotes[i].bad, fen + letter + 1);
          CheopsPosition pos;
          CheopsError error = { 0 };

          g_assert_false (cheops_position_from_fen (&pos, cheops_variants[v], bad, &error));
          g_assert_cmpint (error.code, ==, CHEOPS_ERROR_FEN_SYNTAX);
          g_assert_cmpint (error.column, ==, (int) letter + 1);
          g_assert_true (g_utf8_validate (error.message, -1, NULL));
          if (strstr (error.message, quotes[i].quoted) == NULL)
            g_error ("%s: '%s': %s", cheops_variants[v]->name, bad, error.message);
        }
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  for (size_t i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/core/rules/moves/%s", cases[i].name);
      g_test_add_data_func (path, &cases[i], test_case);
    }
  g_test_add_func ("/core/rules/collapse", test_collapse);
  g_test_add_func ("/core/rules/san-parsing", test_san_parsing);
  g_test_add_func ("/core/rules/san-disambiguation", test_san_disambiguation);
  g_test_add_func ("/core/rules/fen-round-trip", test_fen_round_trip);
  g_test_add_func ("/core/rules/fen-error-quotes-whole-characters", test_fen_error_quotes_whole_characters);
  g_test_add_func ("/core/rules/reachable", test_reachable);
  g_test_add_func ("/core/rules/fen-errors", test_fen_errors);
  g_test_add_func ("/core/rules/counters", test_counters);
  g_test_add_func ("/core/rules/counter-limit", test_counter_limit);
  g_test_add_func ("/core/rules/repetition", test_repetition);
  g_test_add_func ("/core/rules/perft", test_perft);
  g_test_add_func ("/core/rules/random-games", test_random_games);
  g_test_add_func ("/core/rules/moves-to-cross-check", test_moves_to_cross_check);
  return g_test_run ();
}
