/* test-cheops-review.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The whole-game review (cheops-review.h): the win-chance curve, the
 * thresholds, engine scores turned into [%eval], the judgements and the
 * summary of a game with given evaluations, and what the review writes
 * into a game (one undo step) and removes (one step), for every variant.
 */
#include <math.h>
#include <string.h>

#include "cheops-game-model.h"
#include "cheops-notation.h"
#include "cheops-pgn.h"
#include "cheops-review.h"

static void
test_curve (void)
{
  /* wc(cp) = 2 / (1 + exp(-0.00368208 cp)) - 1, clamped at +-1000. */
  g_assert_cmpfloat (cheops_review_winning_chances (0), ==, 0.0);
  g_assert_cmpfloat_with_epsilon (cheops_review_winning_chances (100), 0.1820517943832256, 1e-12);
  g_assert_cmpfloat_with_epsilon (cheops_review_winning_chances (-300), -0.5022510018766968, 1e-12);
  g_assert_cmpfloat_with_epsilon (cheops_review_winning_chances (1000), 0.9508948726828645, 1e-12);
  g_assert_cmpfloat (cheops_review_winning_chances (5000), ==, cheops_review_winning_chances (1000));
  g_assert_cmpfloat_with_epsilon (cheops_review_winning_chances (-5000), -0.9508948726828645, 1e-12);
  g_assert_cmpfloat_with_epsilon (cheops_review_win_percent (150), 63.46718261450347, 1e-10);
  g_assert_cmpfloat_with_epsilon (cheops_review_win_percent (-50), 45.4103562397001, 1e-10);

  /* Thresholds 0.1 / 0.2 / 0.3 of winning chances. */
  g_assert_cmpint (cheops_review_judge (0.5, 0.41), ==, CHEOPS_REVIEW_NONE);
  g_assert_cmpint (cheops_review_judge (0.5, 0.39), ==, CHEOPS_REVIEW_INACCURACY);
  g_assert_cmpint (cheops_review_judge (0.5, 0.29), ==, CHEOPS_REVIEW_MISTAKE);
  g_assert_cmpint (cheops_review_judge (0.5, 0.19), ==, CHEOPS_REVIEW_BLUNDER);
  g_assert_cmpint (cheops_review_judge (-0.5, 0.9), ==, CHEOPS_REVIEW_NONE);
  g_assert_cmpint (cheops_review_judgement_nag (CHEOPS_REVIEW_INACCURACY), ==, 6);
  g_assert_cmpint (cheops_review_judgement_nag (CHEOPS_REVIEW_MISTAKE), ==, 2);
  g_assert_cmpint (cheops_review_judgement_nag (CHEOPS_REVIEW_BLUNDER), ==, 4);
  g_assert_cmpint (cheops_review_judgement_nag (CHEOPS_REVIEW_ONLY_MOVE), ==, 1);
  g_assert_cmpint (cheops_review_judgement_nag (CHEOPS_REVIEW_NONE), ==, 0);

  /* Per-move accuracy. */
  g_assert_cmpfloat (cheops_review_move_accuracy (50, 60), ==, 100.0);
  g_assert_cmpfloat_with_epsilon (cheops_review_move_accuracy (50, 24.88744990616516), 31.40173142995757, 1e-9);
  g_assert_cmpfloat (cheops_review_move_accuracy (100, 0), ==, 0.0);
}

static void
test_engine_scores (void)
{
  CheopsEval e;

  /* cp from the side to move: B to move, +50 for B is -0.50 for A. */
  e = cheops_review_eval_from_engine (CHEOPS_SIDE_B, FALSE, 50, FALSE, 14);
  g_assert_cmpint (e.kind, ==, CHEOPS_EVAL_CENTIPAWNS);
  g_assert_cmpint (e.value, ==, -50);
  g_assert_cmpint (e.depth, ==, 14);
  /* "mate -3" with B to move: A achieves the Ascension in 3. */
  e = cheops_review_eval_from_engine (CHEOPS_SIDE_B, TRUE, 3, TRUE, 12);
  g_assert_cmpint (e.kind, ==, CHEOPS_EVAL_ASCENSION);
  g_assert_cmpint (e.value, ==, 3);
  e = cheops_review_eval_from_engine (CHEOPS_SIDE_A, TRUE, 2, FALSE, 5);
  g_assert_cmpint (e.value, ==, 2);
  g_assert_cmpint (cheops_review_eval_cp_for (&e, CHEOPS_SIDE_A, CHEOPS_SIDE_B), ==, 1000);
  g_assert_cmpint (cheops_review_eval_cp_for (&e, CHEOPS_SIDE_B, CHEOPS_SIDE_B), ==, -1000);
  e = cheops_review_eval_from_engine (CHEOPS_SIDE_A, TRUE, 4, TRUE, 0);
  g_assert_cmpint (e.value, ==, -4);
  g_assert_cmpint (cheops_review_eval_cp_for (&e, CHEOPS_SIDE_B, CHEOPS_SIDE_B), ==, 1000);
  /* "#0": achieved by the side that moved into the position. */
  e = (CheopsEval) { CHEOPS_EVAL_ASCENSION, 0, 0 };
  g_assert_cmpint (cheops_review_eval_cp_for (&e, CHEOPS_SIDE_B, CHEOPS_SIDE_B), ==, 1000);
  g_assert_cmpint (cheops_review_eval_cp_for (&e, CHEOPS_SIDE_A, CHEOPS_SIDE_B), ==, -1000);
  /* Clamped. */
  e = (CheopsEval) { CHEOPS_EVAL_CENTIPAWNS, 2500, 3 };
  g_assert_cmpint (cheops_review_eval_cp_for (&e, CHEOPS_SIDE_A, CHEOPS_SIDE_B), ==, 1000);
  g_assert_cmpint (cheops_review_eval_cp_for (&e, CHEOPS_SIDE_B, CHEOPS_SIDE_B), ==, -1000);
}

/* The evaluations of positions 0..4 (side A's view) in @variant's game,
 * from the winning chances of side A each stands for (by the game's own
 * curve): 0, -0.5, -0.25, -0.15, 0.  What they make: 1. A loses 0.5
 * (blunder), 2. B 0.25 (a mistake, were it not the engine's first
 * choice), 3. A gains, 4. B 0.15 (inaccuracy). */
static int
score_at (const CheopsVariant *variant,
          guint                i)
{
  static const double chances[] = { 0, -0.5, -0.25, -0.15, 0 };

  return (int) lround (2.0 * atanh (chances[i]) / cheops_review_curve_k (variant));
}

static double
win_percent_for (const CheopsVariant *variant,
                 int                  cp)
{
  return 50.0 + 50.0 * cheops_review_winning_chances_for (variant, cp);
}

static char *
move_text (CheopsGameNode *node, guint index)
{
  guint n;
  const CheopsMove *moves = cheops_game_node_get_moves (node, &n);
  char text[CHEOPS_MOVE_TEXT_MAX];

  g_assert_cmpuint (n, >, index);
  cheops_move_to_text (cheops_game_node_get_position (node)->variant, moves[index], text);
  return g_strdup (text);
}

static void
check_variant (const CheopsVariant *variant)
{
  g_autoptr (CheopsGame) game = cheops_game_new_for_variant (variant);
  g_autoptr (CheopsGame) before = NULL;
  g_autoptr (CheopsReview) review = NULL;
  CheopsGameNode *nodes[5], *line;
  CheopsReviewSummary sa, sb;
  g_autofree char *alt = NULL, *reply = NULL, *played2 = NULL;
  CheopsEval old = { CHEOPS_EVAL_CENTIPAWNS, 77, 4 };
  g_autoptr (CheopsAnnotations) a = cheops_annotations_new ();
  guint n_undo_steps = 0;

  /* The game: the first legal move each time; a user's comment on move
   * 1, a user's glyph "!" on move 2, an old [%eval 0.77,4] on move 3. */
  nodes[0] = cheops_game_get_root (game);
  for (guint i = 1; i < 5; i++)
    {
      const CheopsMove *moves = cheops_game_node_get_moves (nodes[i - 1], NULL);
      nodes[i] = cheops_game_add_move (game, nodes[i - 1], moves[0], NULL);
      g_assert_nonnull (nodes[i]);
    }
  g_assert_true (cheops_game_set_comment_after (game, nodes[1], "the user's words", NULL));
  cheops_game_set_move_glyph (game, nodes[2], CHEOPS_NAG_GOOD);
  a->eval = old;
  cheops_game_set_annotations (game, nodes[3], a);
  cheops_game_clear_history (game);
  before = cheops_game_copy (game);

  review = cheops_review_new (game, 0, -1);
  g_assert_cmpuint (cheops_review_get_n_positions (review), ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      CheopsEval e = { CHEOPS_EVAL_CENTIPAWNS, score_at (variant, i), 10 + (int) i };

      g_assert_true (cheops_review_get_node (review, i) == nodes[i]);
      g_assert_true (cheops_review_needs_engine (review, i));
      g_assert_false (cheops_review_has_result (review, i));
      if (i == 0)
        {
          /* The best line from the start: the second legal move, then
           * the reply the position after it allows first. */
          CheopsGameNode *scratch;
          const char *pv[3];
          g_autoptr (CheopsGame) other = cheops_game_new_for_variant (variant);

          alt = move_text (nodes[0], 1);
          scratch = cheops_game_add_san (other, cheops_game_get_root (other), alt, NULL);
          g_assert_nonnull (scratch);
          reply = move_text (scratch, 0);
          pv[0] = alt, pv[1] = reply, pv[2] = NULL;
          cheops_review_set_result (review, i, &e, pv);
        }
      else if (i == 1)
        {
          /* A best line starting with the move played: no variation, and
           * the engine's own first choice is never marked. */
          const char *pv[2];

          played2 = move_text (nodes[1], 0);
          pv[0] = played2, pv[1] = NULL;
          cheops_review_set_result (review, i, &e, pv);
        }
      else
        cheops_review_set_result (review, i, &e, NULL);
      g_assert_true (cheops_review_has_result (review, i));
    }

  g_assert_cmpint (cheops_review_get_judgement (review, 0), ==, CHEOPS_REVIEW_NONE);
  g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_BLUNDER);
  g_assert_cmpint (cheops_review_get_judgement (review, 2), ==, CHEOPS_REVIEW_NONE);
  g_assert_cmpint (cheops_review_get_judgement (review, 3), ==, CHEOPS_REVIEW_NONE);
  g_assert_cmpint (cheops_review_get_judgement (review, 4), ==, CHEOPS_REVIEW_INACCURACY);

  cheops_review_get_summary (review, CHEOPS_SIDE_A, &sa);
  cheops_review_get_summary (review, CHEOPS_SIDE_B, &sb);
  g_assert_cmpuint (sa.moves, ==, 2);
  g_assert_cmpuint (sa.blunders, ==, 1);
  g_assert_cmpuint (sa.mistakes + sa.inaccuracies, ==, 0);
  g_assert_cmpfloat (sa.acpl, ==, MIN (-score_at (variant, 1), 1000) / 2.0);   /* (loss + 0) / 2, clamped */
  g_assert_cmpfloat_with_epsilon (sa.accuracy,
                                  (cheops_review_move_accuracy (50.0, win_percent_for (variant, score_at (variant, 1)))
                                   + 100) / 2, 1e-9);
  g_assert_cmpuint (sb.moves, ==, 2);
  g_assert_cmpuint (sb.mistakes, ==, 0);
  g_assert_cmpuint (sb.inaccuracies, ==, 1);
  g_assert_cmpuint (sb.blunders, ==, 0);
  g_assert_cmpfloat (sb.acpl, ==, MIN (-score_at (variant, 3), 1000) / 2.0);   /* (0 + loss) / 2, clamped */
  g_assert_cmpfloat_with_epsilon (sb.accuracy,
                                  (100 + cheops_review_move_accuracy (win_percent_for (variant, -score_at (variant, 3)),
                                                                      50.0)) / 2, 1e-9);

  /* Applied: evals everywhere (move 3's old one replaced), ?? on 1, the
   * user's ! kept on 2, ?! on 4, the best line at the root; one step. */
  g_assert_false (cheops_review_get_applied (review));
  g_assert_cmpuint (cheops_review_apply (review), ==, 5 + 2 + 1);
  g_assert_true (cheops_review_get_applied (review));
  g_assert_cmpuint (cheops_review_apply (review), ==, 0);
  for (guint i = 0; i < 5; i++)
    {
      const CheopsEval *e = &cheops_game_node_get_annotations (nodes[i])->eval;

      g_assert_cmpint (e->kind, ==, CHEOPS_EVAL_CENTIPAWNS);
      g_assert_cmpint (e->value, ==, score_at (variant, i));
      g_assert_cmpint (e->depth, ==, 10 + (int) i);
    }
  g_assert_cmpint (cheops_game_node_get_move_glyph (nodes[1]), ==, CHEOPS_NAG_BLUNDER);
  g_assert_cmpint (cheops_game_node_get_move_glyph (nodes[2]), ==, CHEOPS_NAG_GOOD);
  g_assert_cmpint (cheops_game_node_get_move_glyph (nodes[3]), ==, 0);
  g_assert_cmpint (cheops_game_node_get_move_glyph (nodes[4]), ==, CHEOPS_NAG_DUBIOUS);
  g_assert_cmpstr (cheops_game_node_get_comment_after (nodes[1]), ==, "the user's words");
  g_assert_cmpuint (cheops_game_node_get_n_children (nodes[0]), ==, 2);
  g_assert_cmpuint (cheops_game_node_get_n_children (nodes[1]), ==, 1);
  g_assert_cmpuint (cheops_game_node_get_n_children (nodes[3]), ==, 1);
  line = cheops_game_node_get_child (nodes[0], 1);
  g_assert_cmpint (cheops_game_node_get_annotations (line)->eval.value, ==, 0);
  g_assert_cmpint (cheops_game_node_get_annotations (line)->eval.depth, ==, 10);
  g_assert_nonnull (cheops_game_node_get_first_child (line));
  g_assert_null (cheops_game_node_get_first_child (cheops_game_node_get_first_child (line)));

  /* The file form reads back the same. */
  {
    g_autofree char *text = cheops_pgn_write_game (game);
    g_autoptr (GError) error = NULL;
    g_autoptr (CheopsGame) back = cheops_pgn_read_game (text, -1, &error);

    g_assert_no_error (error);
    g_assert_true (cheops_game_equal (back, game));
    g_assert_nonnull (strstr (text, "$4"));
    g_autofree char *eval1 = g_strdup_printf ("[%%eval %.2f,11]", score_at (variant, 1) / 100.0);

    g_assert_nonnull (strstr (text, eval1));
  }

  /* One undo step takes it all back, redo brings it again. */
  while (cheops_game_undo (game))
    n_undo_steps++;
  g_assert_cmpuint (n_undo_steps, ==, 1);
  g_assert_true (cheops_game_equal (game, before));
  g_assert_true (cheops_game_redo (game));
  g_assert_false (cheops_game_equal (game, before));

  /* Remove Analysis: one step, the game as before (move 3's old eval
   * back); a second removal finds nothing. */
  g_assert_cmpuint (cheops_review_remove (review), ==, 5 + 2 + 1);
  g_assert_true (cheops_game_equal (game, before));
  g_assert_cmpint (cheops_game_node_get_annotations (nodes[3])->eval.value, ==, 77);
  g_assert_false (cheops_review_get_applied (review));
  g_assert_cmpuint (cheops_review_remove (review), ==, 0);
  g_assert_true (cheops_game_undo (game));   /* the removal */
  g_assert_true (cheops_game_undo (game));   /* the analysis */
  g_assert_false (cheops_game_undo (game));
  g_assert_true (cheops_game_equal (game, before));
}

static void
test_apply_remove (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    check_variant (cheops_variants[v]);
}

/* Only one side, from a ply: the other side's moves are not judged and
 * the positions before @from_ply are not in the review. */
static void
test_side_and_from (void)
{
  g_autoptr (CheopsGame) game = cheops_game_new ();
  g_autoptr (CheopsReview) review = NULL;
  CheopsGameNode *node = cheops_game_get_root (game);
  CheopsReviewSummary s;

  for (guint i = 0; i < 4; i++)
    node = cheops_game_add_move (game, node, cheops_game_node_get_moves (node, NULL)[0], NULL);
  review = cheops_review_new (game, 1, CHEOPS_SIDE_B);
  g_assert_cmpuint (cheops_review_get_n_positions (review), ==, 4);
  g_assert_cmpuint (cheops_game_node_get_ply (cheops_review_get_node (review, 0)), ==, 1);
  for (guint i = 0; i < 4; i++)
    {
      CheopsEval e = { CHEOPS_EVAL_CENTIPAWNS, score_at (cheops_game_get_variant (game), i + 1), 0 };
      cheops_review_set_result (review, i, &e, NULL);
    }
  /* Ply 2 is B's (mistake: no best line, so not the engine's first
   * choice), ply 3 A's (not judged), ply 4 B's. */
  g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_MISTAKE);
  g_assert_cmpint (cheops_review_get_judgement (review, 2), ==, CHEOPS_REVIEW_NONE);
  g_assert_cmpint (cheops_review_get_judgement (review, 3), ==, CHEOPS_REVIEW_INACCURACY);
  cheops_review_get_summary (review, CHEOPS_SIDE_A, &s);
  g_assert_cmpuint (s.moves, ==, 0);
  g_assert_cmpfloat (s.acpl, ==, 0.0);
  cheops_review_get_summary (review, CHEOPS_SIDE_B, &s);
  g_assert_cmpuint (s.moves, ==, 2);
  g_assert_cmpuint (cheops_review_apply (review), ==, 4 + 2);
  g_assert_cmpint (cheops_game_node_get_annotations (cheops_game_get_root (game))->eval.kind, ==,
                   CHEOPS_EVAL_NONE);
}

/* The only move: the engine's best, its second-best a blunder against it
 * (MultiPV 2), the best not lost; "!" without a variation. */
static void
test_only_move (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      g_autoptr (CheopsGame) game = cheops_game_new_for_variant (cheops_variants[v]);
      g_autoptr (CheopsReview) review = NULL;
      CheopsGameNode *nodes[4];
      g_autofree char *m1 = NULL, *m2 = NULL, *other = NULL;
      CheopsEval e0 = { CHEOPS_EVAL_CENTIPAWNS, 50, 8 }, e1 = { CHEOPS_EVAL_CENTIPAWNS, 40, 8 };
      CheopsEval e2 = { CHEOPS_EVAL_CENTIPAWNS, 30, 8 }, e3 = { CHEOPS_EVAL_CENTIPAWNS, 20, 8 };
      /* Winning chances -0.5 by the game's own curve: a blunder. */
      CheopsEval blunder = { CHEOPS_EVAL_CENTIPAWNS, score_at (cheops_variants[v], 1), 8 };
      CheopsEval bad_after = { CHEOPS_EVAL_CENTIPAWNS, 2 * score_at (cheops_variants[v], 1), 8 };
      CheopsReviewSummary s;
      const char *pv0[2], *pv1[2], *pv2[2];

      nodes[0] = cheops_game_get_root (game);
      for (guint i = 1; i < 4; i++)
        nodes[i] = cheops_game_add_move (game, nodes[i - 1], cheops_game_node_get_moves (nodes[i - 1], NULL)[0],
                                         NULL);
      m1 = move_text (nodes[0], 0);
      m2 = move_text (nodes[1], 0);
      other = move_text (nodes[2], 1);
      review = cheops_review_new (game, 0, -1);
      /* Move 1: a's best and only move (the second best -3.00: a loss of
       * 0.59).  Move 2: q's best, its second best loses 0.04 only: not
       * one.  Move 3: a's second best is a blunder, but a played another
       * move than the best. */
      pv0[0] = m1, pv0[1] = NULL;
      pv1[0] = m2, pv1[1] = NULL;
      pv2[0] = other, pv2[1] = NULL;
      cheops_review_set_result (review, 0, &e0, pv0);
      cheops_review_set_second (review, 0, &blunder);
      cheops_review_set_result (review, 1, &e1, pv1);
      cheops_review_set_second (review, 1, &e0);
      cheops_review_set_result (review, 2, &e2, pv2);
      cheops_review_set_second (review, 2, &blunder);
      cheops_review_set_result (review, 3, &e3, NULL);
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_ONLY_MOVE);
      g_assert_cmpint (cheops_review_get_judgement (review, 2), ==, CHEOPS_REVIEW_NONE);
      g_assert_cmpint (cheops_review_get_judgement (review, 3), ==, CHEOPS_REVIEW_NONE);
      /* Without the second line no "!"; the engine's first choice is
       * never marked, even where the position after scores it badly
       * (another search, of another position). */
      cheops_review_set_second (review, 0, NULL);
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_NONE);
      cheops_review_set_second (review, 0, &blunder);
      cheops_review_set_result (review, 1, &bad_after, pv1);
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_ONLY_MOVE);
      cheops_review_set_result (review, 1, &e1, pv1);
      cheops_review_get_summary (review, CHEOPS_SIDE_A, &s);
      g_assert_cmpuint (s.only_moves, ==, 1);
      g_assert_cmpuint (s.inaccuracies + s.mistakes + s.blunders, ==, 0);
      g_assert_cmpuint (cheops_review_apply (review), ==, 4 + 1);
      g_assert_cmpint (cheops_game_node_get_move_glyph (nodes[1]), ==, CHEOPS_NAG_GOOD);
      g_assert_cmpuint (cheops_game_node_get_n_children (nodes[0]), ==, 1);
    }
  {
    /* Lost: the best keeps -4.00 (wc -0.63 < -0.5), the second -10.00. */
    g_autoptr (CheopsGame) game = cheops_game_new ();
    g_autoptr (CheopsReview) review = NULL;
    CheopsGameNode *root = cheops_game_get_root (game);
    g_autofree char *m1 = move_text (root, 0);
    const char *pv[2] = { m1, NULL };
    CheopsEval lost = { CHEOPS_EVAL_CENTIPAWNS, -400, 5 }, worse = { CHEOPS_EVAL_CENTIPAWNS, -1000, 5 };

    cheops_game_add_move (game, root, cheops_game_node_get_moves (root, NULL)[0], NULL);
    review = cheops_review_new (game, 0, -1);
    cheops_review_set_result (review, 0, &lost, pv);
    cheops_review_set_second (review, 0, &worse);
    cheops_review_set_result (review, 1, &lost, NULL);
    g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_NONE);
  }
}

/* Comparable searches (issue 24): the played move's own score from the
 * position before, at the best's depth, decides its verdict, not the
 * position after's evaluation; the engine's first choice is never marked;
 * a move about to be marked needs confirmation. */
static void
test_comparable (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsVariant *variant = cheops_variants[v];
      g_autoptr (CheopsGame) game = cheops_game_new_for_variant (variant);
      g_autoptr (CheopsReview) review = NULL;
      CheopsGameNode *root = cheops_game_get_root (game), *n1, *n2;
      g_autofree char *best = move_text (root, 1), *played = move_text (root, 0);
      const char *pv[2] = { best, NULL };
      CheopsEval start = { CHEOPS_EVAL_CENTIPAWNS, 0, 6 };
      /* The position after, searched on its own, says nothing is lost;
       * the played move searched from the start says 0.5 is. */
      CheopsEval after = { CHEOPS_EVAL_CENTIPAWNS, 0, 5 };
      CheopsEval played_eval = { CHEOPS_EVAL_CENTIPAWNS, 0, 6 };
      CheopsEval e;
      int loss = score_at (variant, 1);   /* wc -0.5 for side A */

      played_eval.value = loss;
      n1 = cheops_game_add_move (game, root, cheops_game_node_get_moves (root, NULL)[0], NULL);
      n2 = cheops_game_add_move (game, n1, cheops_game_node_get_moves (n1, NULL)[0], NULL);
      g_assert_nonnull (n2);
      review = cheops_review_new (game, 0, -1);
      cheops_review_set_result (review, 0, &start, pv);
      cheops_review_set_result (review, 1, &after, NULL);
      g_assert_cmpint (cheops_review_get_played_move (review, 0), ==, cheops_game_node_get_move (n1));
      g_assert_cmpint (cheops_review_get_played_move (review, 2), ==, CHEOPS_MOVE_NONE);
      g_assert_false (cheops_review_is_first_choice (review, 0));
      /* Before: judged from the position after's search. */
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_NONE);
      g_assert_false (cheops_review_needs_confirmation (review, 0));
      g_assert_false (cheops_review_get_played (review, 0, NULL));
      cheops_review_set_played (review, 0, &played_eval);
      g_assert_true (cheops_review_get_played (review, 0, &e));
      g_assert_cmpint (e.value, ==, loss);
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_BLUNDER);
      g_assert_true (cheops_review_needs_confirmation (review, 0));
      /* The last position has no move played from it. */
      cheops_review_set_played (review, 2, &played_eval);
      g_assert_false (cheops_review_get_played (review, 2, NULL));
      /* A longer search finds the played move is the engine's choice
       * after all: not marked, whatever the scores say. */
      pv[0] = played;
      cheops_review_set_result (review, 0, &start, pv);
      g_assert_true (cheops_review_is_first_choice (review, 0));
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_NONE);
      g_assert_false (cheops_review_needs_confirmation (review, 0));
      /* Forgotten: back to the position after's. */
      pv[0] = best;
      cheops_review_set_result (review, 0, &start, pv);
      cheops_review_set_played (review, 0, NULL);
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_NONE);
    }
}

/* Going forwards (issue 24): a move is judged, and asks to be searched
 * again, as soon as the position before it and the played move have
 * their searches - before the position after is searched; after the
 * longer search it is marked only as far as both searches agree. */
static void
test_confirm_forwards (void)
{
  for (guint v = 0; cheops_variants[v] != NULL; v++)
    {
      const CheopsVariant *variant = cheops_variants[v];
      g_autoptr (CheopsGame) game = cheops_game_new_for_variant (variant);
      g_autoptr (CheopsReview) review = NULL;
      CheopsGameNode *root = cheops_game_get_root (game), *n1, *n2;
      g_autofree char *best = move_text (root, 1);
      const char *pv[2] = { best, NULL };
      CheopsEval start = { CHEOPS_EVAL_CENTIPAWNS, 0, 6 };
      /* wc -0.25 (a mistake), -0.15 (an inaccuracy), -0.5 (a blunder),
       * 0 (nothing lost) for side A, the mover. */
      CheopsEval mistake = { CHEOPS_EVAL_CENTIPAWNS, score_at (variant, 2), 6 };
      CheopsEval inaccuracy = { CHEOPS_EVAL_CENTIPAWNS, score_at (variant, 3), 8 };
      CheopsEval blunder = { CHEOPS_EVAL_CENTIPAWNS, score_at (variant, 1), 8 };
      CheopsEval level = { CHEOPS_EVAL_CENTIPAWNS, 0, 8 };

      n1 = cheops_game_add_move (game, root, cheops_game_node_get_moves (root, NULL)[0], NULL);
      n2 = cheops_game_add_move (game, n1, cheops_game_node_get_moves (n1, NULL)[0], NULL);
      g_assert_nonnull (n2);
      review = cheops_review_new (game, 0, -1);
      cheops_review_set_result (review, 0, &start, pv);
      g_assert_false (cheops_review_needs_confirmation (review, 0));
      cheops_review_set_played (review, 0, &mistake);
      /* Position 1 not searched yet. */
      g_assert_false (cheops_review_has_result (review, 1));
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_MISTAKE);
      g_assert_true (cheops_review_needs_confirmation (review, 0));
      cheops_review_begin_confirmation (review, 0);
      /* The longer search finds worse: still a mistake, not a blunder. */
      cheops_review_set_played (review, 0, &blunder);
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_MISTAKE);
      /* Less bad: the longer search's. */
      cheops_review_set_played (review, 0, &inaccuracy);
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_INACCURACY);
      /* Harmless: no mark. */
      cheops_review_set_played (review, 0, &level);
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_NONE);
      /* The first judgement stays the ceiling: a call when no mark is
       * about to be given changes nothing. */
      cheops_review_begin_confirmation (review, 0);
      cheops_review_set_played (review, 0, &blunder);
      g_assert_cmpint (cheops_review_get_judgement (review, 1), ==, CHEOPS_REVIEW_MISTAKE);
    }
}

/* Depth kept (issue 24): a review replaces an [%eval] only by a deeper
 * one, and a glyph of a shallower review is redone; the user's other
 * glyphs stay; Remove Analysis gives back what was there. */
static void
test_deepen (void)
{
  g_autoptr (CheopsGame) game = cheops_game_new ();
  g_autoptr (CheopsGame) before = NULL;
  g_autoptr (CheopsReview) review = NULL;
  g_autoptr (CheopsAnnotations) a = cheops_annotations_new ();
  CheopsGameNode *nodes[4];
  CheopsEval deep = { CHEOPS_EVAL_CENTIPAWNS, 12, 20 }, shallow = { CHEOPS_EVAL_CENTIPAWNS, 0, 3 };

  nodes[0] = cheops_game_get_root (game);
  for (guint i = 1; i < 4; i++)
    nodes[i] = cheops_game_add_move (game, nodes[i - 1], cheops_game_node_get_moves (nodes[i - 1], NULL)[0], NULL);
  /* The root deep, position 1 shallow with a "?" on move 2 (a shallow
   * review's), a "!!" of the user's on move 3 (position 2 shallow). */
  a->eval = deep;
  cheops_game_set_annotations (game, nodes[0], a);
  a->eval = shallow;
  cheops_game_set_annotations (game, nodes[1], a);
  cheops_game_set_annotations (game, nodes[2], a);
  cheops_game_set_move_glyph (game, nodes[2], CHEOPS_NAG_MISTAKE);
  cheops_game_set_move_glyph (game, nodes[3], CHEOPS_NAG_BRILLIANT);
  cheops_game_clear_history (game);
  before = cheops_game_copy (game);

  review = cheops_review_new (game, 0, -1);
  for (guint i = 0; i < 4; i++)
    {
      CheopsEval e = { CHEOPS_EVAL_CENTIPAWNS, 5, 8 };
      cheops_review_set_result (review, i, &e, NULL);
    }
  g_assert_cmpint (cheops_review_get_judgement (review, 2), ==, CHEOPS_REVIEW_NONE);
  /* Positions 1, 2, 3 get depth 8 (3 had none); the root keeps depth 20;
   * the shallow "?" goes, the user's "!!" stays. */
  g_assert_cmpuint (cheops_review_apply (review), ==, 3 + 1);
  g_assert_cmpint (cheops_game_node_get_annotations (nodes[0])->eval.depth, ==, 20);
  g_assert_cmpint (cheops_game_node_get_annotations (nodes[0])->eval.value, ==, 12);
  for (guint i = 1; i < 4; i++)
    g_assert_cmpint (cheops_game_node_get_annotations (nodes[i])->eval.depth, ==, 8);
  g_assert_cmpint (cheops_game_node_get_move_glyph (nodes[2]), ==, 0);
  g_assert_cmpint (cheops_game_node_get_move_glyph (nodes[3]), ==, CHEOPS_NAG_BRILLIANT);
  g_assert_cmpuint (cheops_review_remove (review), ==, 3 + 1);
  g_assert_true (cheops_game_equal (game, before));

  /* A shallower review than the file's changes nothing. */
  {
    g_autoptr (CheopsReview) again = cheops_review_new (game, 0, -1);

    for (guint i = 0; i < 4; i++)
      {
        CheopsEval e = { CHEOPS_EVAL_CENTIPAWNS, -400 * (int) (i % 2), 2 };
        cheops_review_set_result (again, i, &e, NULL);
      }
    g_assert_cmpint (cheops_review_get_judgement (again, 1), ==, CHEOPS_REVIEW_BLUNDER);
    /* Only position 3's eval is new (it had none): the verdicts on moves
     * 1 and 2 (none, "?") came with deeper searches than this one's and
     * stay, and so does the user's "!!". */
    g_assert_cmpuint (cheops_review_apply (again), ==, 1);
    g_assert_cmpint (cheops_game_node_get_annotations (nodes[1])->eval.depth, ==, 3);
    g_assert_cmpint (cheops_game_node_get_annotations (nodes[3])->eval.depth, ==, 2);
    g_assert_cmpint (cheops_game_node_get_move_glyph (nodes[1]), ==, 0);
    g_assert_cmpint (cheops_game_node_get_move_glyph (nodes[2]), ==, CHEOPS_NAG_MISTAKE);
  }
}

/* A finished game: its last position needs no engine; its evaluation is
 * the result ("#0" for a win) and the winner's chances are exact. */
static void
test_finished_game (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "data", "samples",
                                                 "ascension-studies.pgn", NULL);
  g_autoptr (GPtrArray) games = cheops_pgn_read_file (path, NULL, NULL);
  gboolean found = FALSE;

  g_assert_nonnull (games);
  for (guint g = 0; g < games->len && !found; g++)
    {
      CheopsGame *game = g_ptr_array_index (games, g);
      CheopsGameNode *end = cheops_game_get_mainline_end (game);
      CheopsOutcome outcome = cheops_game_node_get_outcome (end);
      g_autoptr (CheopsReview) review = NULL;
      guint last;

      if (outcome == CHEOPS_OUTCOME_NONE
          || cheops_variant_outcome_winner (cheops_game_get_variant (game), outcome) == CHEOPS_WINNER_DRAW
          || cheops_game_node_is_root (end))
        continue;
      found = TRUE;
      review = cheops_review_new (game, cheops_game_node_get_ply (end) - 1, -1);
      g_assert_cmpuint (cheops_review_get_n_positions (review), ==, 2);
      last = 1;
      g_assert_false (cheops_review_needs_engine (review, last));
      g_assert_true (cheops_review_has_result (review, last));
      {
        /* The winner had a forced win before (+10.00 for it): no loss. */
        CheopsSide mover = cheops_game_node_get_mover (end);
        CheopsEval e = { CHEOPS_EVAL_CENTIPAWNS, mover == CHEOPS_SIDE_A ? 1000 : -1000, 0 };
        CheopsReviewSummary s;

        cheops_review_set_result (review, 0, &e, NULL);
        g_assert_cmpint (cheops_review_get_judgement (review, last), ==, CHEOPS_REVIEW_NONE);
        cheops_review_get_summary (review, mover, &s);
        g_assert_cmpuint (s.moves, ==, 1);
        g_assert_cmpfloat (s.acpl, ==, 0.0);
        g_assert_cmpfloat (s.accuracy, ==, 100.0);
      }
      cheops_review_apply (review);
      g_assert_cmpint (cheops_game_node_get_annotations (end)->eval.kind, ==, CHEOPS_EVAL_ASCENSION);
      g_assert_cmpint (cheops_game_node_get_annotations (end)->eval.value, ==, 0);
    }
  g_assert_true (found);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/review/curve", test_curve);
  g_test_add_func ("/game/review/comparable", test_comparable);
  g_test_add_func ("/game/review/confirm-forwards", test_confirm_forwards);
  g_test_add_func ("/game/review/deepen", test_deepen);
  g_test_add_func ("/game/review/engine-scores", test_engine_scores);
  g_test_add_func ("/game/review/apply-remove", test_apply_remove);
  g_test_add_func ("/game/review/side-and-from", test_side_and_from);
  g_test_add_func ("/game/review/only-move", test_only_move);
  g_test_add_func ("/game/review/finished-game", test_finished_game);
  return g_test_run ();
}
