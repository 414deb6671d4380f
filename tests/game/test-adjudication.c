/* test-adjudication.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cheops-adjudication.c, the end of a game between engines that `cheops
 * match` and the studio's engine against engine share: the rules through
 * the core (outcomes, repetitions, draws claimed at once), fastchess's
 * score adjudication (-draw, -resign, twosided), the length limit and the
 * loss on time, with exact verdicts.
 */
#include <glib.h>

#include "cheops-adjudication.h"
#include "cheops-core.h"

/* The rules: each game's start position, repeated @count times. */
static void
test_position (void)
{
  CheopsPosition pos;
  CheopsVerdict v;

  /* Not repeated: the game goes on, in every game. */
  for (guint i = 0; cheops_variants[i] != NULL; i++)
    {
      cheops_position_init_start (&pos, cheops_variants[i]);
      g_assert_false (cheops_adjudicate_position (&pos, 1, &v));
      g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_NONE);
      g_assert_false (cheops_adjudicate_position (&pos, 2, &v));
    }

  /* Cheops: the third occurrence is claimed at once (8.4.2) ... */
  cheops_position_init_start (&pos, &cheops_variant_cheops);
  g_assert_true (cheops_adjudicate_position (&pos, 3, &v));
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_CLAIMED_DRAW);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_DRAW);
  g_assert_cmpint (v.loser, ==, -1);
  g_assert_cmpstr (v.claim->status, ==, "third-repetition");
  g_assert_cmpstr (v.claim->rule, ==, "8.4.2");
  g_assert_cmpstr (v.termination, ==, "normal");
  /* ... the fifth is the rules' own draw (8.4.3), an outcome. */
  g_assert_true (cheops_adjudicate_position (&pos, 5, &v));
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_OUTCOME);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_DRAW);
  g_assert_null (v.claim);
  g_assert_cmpstr (cheops_variant_cheops.outcomes[v.outcome].rule, ==, "8.4.3");
  /* Fifty moves (100 plies) claimed at once. */
  pos.halfmove_clock = 100;
  pos.key = cheops_position_compute_key (&pos);
  g_assert_true (cheops_adjudicate_position (&pos, 1, &v));
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_CLAIMED_DRAW);
  g_assert_cmpstr (v.claim->status, ==, "fifty-moves");
  pos.halfmove_clock = 99;
  g_assert_false (cheops_adjudicate_position (&pos, 1, &v));

  /* TrigChess: the third occurrence loses for the mover (TR15): with side
   * A to move, B made it. */
  cheops_position_init_start (&pos, &cheops_variant_trigchess);
  g_assert_cmpint (pos.side_to_move, ==, CHEOPS_SIDE_A);
  g_assert_true (cheops_adjudicate_position (&pos, 3, &v));
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_OUTCOME);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_A);
  g_assert_cmpstr (cheops_variant_trigchess.outcomes[v.outcome].rule, ==, "TR15");
  g_assert_cmpstr (v.termination, ==, "normal");
  /* No fifty-move rule, no draw at all (TR17). */
  pos.halfmove_clock = 140;
  g_assert_false (cheops_adjudicate_position (&pos, 1, &v));

  /* Cypher chess: the third occurrence draws at once (CY23), no claim. */
  cheops_position_init_start (&pos, &cheops_variant_cypher);
  g_assert_true (cheops_adjudicate_position (&pos, 3, &v));
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_OUTCOME);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_DRAW);
  g_assert_cmpstr (cheops_variant_cypher.outcomes[v.outcome].rule, ==, "CY23");

  /* Pyramids: claims as Cheops's (PY14). */
  cheops_position_init_start (&pos, &cheops_variant_pyramids);
  g_assert_true (cheops_adjudicate_position (&pos, 3, &v));
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_CLAIMED_DRAW);
  g_assert_cmpstr (v.claim->rule, ==, "PY14");
  g_assert_cmpstr (v.claim->status, ==, "third-repetition");
  pos.halfmove_clock = 100;
  g_assert_true (cheops_adjudicate_position (&pos, 1, &v));
  g_assert_cmpstr (v.claim->status, ==, "fifty-moves");
  /* At 150 the rules draw by themselves (the 75-move outcome). */
  pos.halfmove_clock = 150;
  g_assert_true (cheops_adjudicate_position (&pos, 1, &v));
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_OUTCOME);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_DRAW);
}

/* Plays @n plies, A first, with @cp[i] the mover's score of ply i
 * (G_MININT: no score); returns the ply (from 1) that ended the game, 0
 * if none did. */
static int
run (const CheopsAdjudicationRules *rules,
     const int                     *cp,
     int                            n,
     CheopsVerdict                 *v)
{
  CheopsAdjudicator adj;

  cheops_adjudicator_init (&adj, rules);
  for (int i = 0; i < n; i++)
    if (cheops_adjudicator_move (&adj, i % 2 == 0 ? CHEOPS_SIDE_A : CHEOPS_SIDE_B, cp[i] != G_MININT,
                                 cp[i] != G_MININT ? cp[i] : 0, i + 2, v))
      return i + 1;
  return 0;
}

static void
test_score_draw (void)
{
  /* -draw movenumber=2 movecount=2 score=10. */
  CheopsAdjudicationRules rules = { .draw_movenumber = 2, .draw_movecount = 2, .draw_score = 10 };
  /* Counted once both engines have made two moves: plies 4, 5, 6, 7 →
   * over at 7 (2 × movecount plies). */
  const int calm[] = { 0, 0, 5, -10, 10, 0, 0, 0 };
  /* Ply 5 at 11: the count starts again at 6, over at 9. */
  const int broken[] = { 0, 0, 5, -10, 11, 0, 0, 0, 0, 0 };
  /* A missing score breaks it too. */
  const int silent[] = { 0, 0, 0, G_MININT, 0, 0, 0, 0 };
  CheopsVerdict v;

  g_assert_cmpint (run (&rules, calm, G_N_ELEMENTS (calm), &v), ==, 7);
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_SCORE_DRAW);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_DRAW);
  g_assert_cmpstr (v.termination, ==, "adjudication");
  g_assert_cmpint (run (&rules, broken, G_N_ELEMENTS (broken), &v), ==, 9);
  g_assert_cmpint (run (&rules, silent, G_N_ELEMENTS (silent), &v), ==, 8);
  /* Without -draw nothing. */
  rules.draw_movecount = 0;
  g_assert_cmpint (run (&rules, calm, G_N_ELEMENTS (calm), &v), ==, 0);
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_NONE);
}

static void
test_score_resign (void)
{
  /* -resign movecount=2 score=300 (one-sided). */
  CheopsAdjudicationRules rules = { .resign_movecount = 2, .resign_score = 300 };
  /* B's scores at or below -300 on its moves 1 and 2 (plies 2, 4). */
  const int b_lost[] = { 50, -300, 400, -2000, 0, 0 };
  /* A below on ply 1, not on 3, then on 5 and 7: over at 7. */
  const int a_lost[] = { -400, 0, -299, 0, -500, 0, -CHEOPS_ADJUDICATION_MATE_SCORE, 0 };
  /* twosided: B at -300 while A at +300; a ply where A says +299 resets. */
  const int agree[] = { 300, -300, 300, -300, 400, -400 };
  const int disagree[] = { 300, -300, 299, -300, 300, -300, 300, -300 };
  CheopsVerdict v;

  g_assert_cmpint (run (&rules, b_lost, G_N_ELEMENTS (b_lost), &v), ==, 4);
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_SCORE_RESIGN);
  g_assert_cmpint (v.loser, ==, CHEOPS_SIDE_B);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_A);
  g_assert_cmpstr (v.termination, ==, "adjudication");
  g_assert_cmpint (run (&rules, a_lost, G_N_ELEMENTS (a_lost), &v), ==, 7);
  g_assert_cmpint (v.loser, ==, CHEOPS_SIDE_A);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_B);

  g_assert_cmpint (run (&rules, disagree, G_N_ELEMENTS (disagree), &v), ==, 4);
  rules.resign_twosided = TRUE;
  /* Plies 2..5 agree (ply 1 has no other score yet): 4 = 2 × movecount. */
  g_assert_cmpint (run (&rules, agree, G_N_ELEMENTS (agree), &v), ==, 5);
  g_assert_cmpint (v.loser, ==, CHEOPS_SIDE_B);
  /* One-sided it would end at ply 4; twosided the +299 of ply 3 resets
   * (and keeps ply 4 from counting): plies 5, 6, 7, 8. */
  g_assert_cmpint (run (&rules, disagree, G_N_ELEMENTS (disagree), &v), ==, 8);
  g_assert_cmpint (v.loser, ==, CHEOPS_SIDE_B);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_A);
}

static void
test_length_and_time (void)
{
  CheopsAdjudicationRules rules = { .max_positions = 5 };
  const int scores[] = { 0, 0, 0, 0, 0, 0 };
  CheopsVerdict v;

  /* Positions: the start and 4 plies = 5. */
  g_assert_cmpint (run (&rules, scores, G_N_ELEMENTS (scores), &v), ==, 4);
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_TOO_LONG);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_DRAW);
  g_assert_cmpstr (v.termination, ==, "adjudication");

  cheops_verdict_time_forfeit (&v, CHEOPS_SIDE_A);
  g_assert_cmpint (v.kind, ==, CHEOPS_VERDICT_TIME_FORFEIT);
  g_assert_cmpint (v.loser, ==, CHEOPS_SIDE_A);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_B);
  g_assert_cmpstr (v.termination, ==, "time forfeit");
  cheops_verdict_time_forfeit (&v, CHEOPS_SIDE_B);
  g_assert_cmpint (v.winner, ==, CHEOPS_WINNER_A);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Adjudication/position", test_position);
  g_test_add_func ("/Adjudication/score-draw", test_score_draw);
  g_test_add_func ("/Adjudication/score-resign", test_score_resign);
  g_test_add_func ("/Adjudication/length-time", test_length_and_time);

  return g_test_run ();
}
