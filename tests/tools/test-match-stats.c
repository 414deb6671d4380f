/* test-match-stats.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The match statistics (cheops-match-stats.c) against fastchess's own test
 * values (app/tests/elo_test.cpp, sprt_test.cpp: its Stats(ll, ld, wl, dd,
 * wd, ww)) and against a case computed by hand.
 */
#include <glib.h>
#include <math.h>
#include <string.h>

#include "cheops-match-stats.h"

static CheopsMatchStats
penta (int ll, int ld, int wl, int dd, int wd, int ww)
{
  CheopsMatchStats s = { 0 };
  s.ll = ll; s.ld = ld; s.wl = wl; s.dd = dd; s.wd = wd; s.ww = ww;
  return s;
}

/* fastchess checks with doctest's epsilon 0.01 (relative). */
static void
check_close (double got, double want)
{
  if (fabs (got - want) > 0.01 * MAX (1.0, fabs (want)))
    g_error ("got %.4f, want %.2f", got, want);
}

static void
test_elo_fastchess (void)
{
  struct { int c[6]; double nelo, nerr, elo, err, los, score; } cases[] = {
    { { 34, 54, 31, 32, 64, 75 }, 57.94, 28.28, 55.58, 27.65, 100.00, 0.579 },
    { { 332, 433, 457, 41, 333, 334 }, -9.17, 10.96, -8.64, 10.33, 5.05, 0.488 },
    { { 7895, 8757, 5485, 200, 568, 9999 }, -19.01, 2.65, -21.04, 2.95, 0.00, 0.470 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CheopsMatchStats s = penta (cases[i].c[0], cases[i].c[1], cases[i].c[2], cases[i].c[3], cases[i].c[4], cases[i].c[5]);
      double score, elo, err, nelo, nerr, los;
      g_assert_true (cheops_match_stats_elo (&s, &score, &elo, &err, &nelo, &nerr, &los));
      check_close (nelo, cases[i].nelo);
      check_close (nerr, cases[i].nerr);
      check_close (elo, cases[i].elo);
      check_close (err, cases[i].err);
      g_assert_cmpfloat (fabs (los - cases[i].los), <, 0.006);
      check_close (score, cases[i].score);
    }
}

static void
test_sprt_fastchess (void)
{
  struct { int c[6]; CheopsSprtModel m; double e0, e1, llr; } cases[] = {
    { { 365, 16618, 36029, 200, 16974, 390 }, CHEOPS_SPRT_NORMALIZED, 0, 2, 2.25 },
    { { 127, 4883, 10311, 401, 5150, 104 }, CHEOPS_SPRT_NORMALIZED, -1.75, 0.25, 3.01 },
    { { 0, 0, 0, 0, 0, 5550 }, CHEOPS_SPRT_NORMALIZED, 0, 5, 111.82 },
    { { 223, 9863, 20279, 1000, 10037, 246 }, CHEOPS_SPRT_LOGISTIC, 0.5, 2.5, -3.07 },
    { { 871, 26175, 55003, 980, 26678, 821 }, CHEOPS_SPRT_LOGISTIC, 0, 2, -4.98 },
  };
  double lo, hi;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CheopsMatchStats s = penta (cases[i].c[0], cases[i].c[1], cases[i].c[2], cases[i].c[3], cases[i].c[4], cases[i].c[5]);
      check_close (cheops_sprt_llr (&s, cases[i].m, cases[i].e0, cases[i].e1), cases[i].llr);
    }
  cheops_sprt_bounds (0.05, 0.05, &lo, &hi);
  check_close (lo, -2.94);   /* ln(0.05/0.95) = -2.944 */
  check_close (hi, 2.94);
}

/* By hand: pairs (1,0) (1,1/2) (1/2,1/2) (0,1/2): WL, WD, DD, LD.
 * Pair scores 0.5, 0.75, 0.5, 0.25: mean 0.5, variance
 * (0 + 0.0625 + 0 + 0.0625) / 4 = 0.03125; Elo 0, error
 * elo(0.5 + 1.96 sqrt(0.03125 / 4)) = elo(0.673237) = 125.57, the halved
 * difference of a symmetric interval; nElo 0, LOS 50 %. */
static void
test_by_hand (void)
{
  CheopsMatchStats s = { 0 };
  double score, elo, err, nelo, nerr, los;
  GString *out = g_string_new ("");

  cheops_match_stats_add_pair (&s, 1, 0);
  cheops_match_stats_add_pair (&s, 1, 0.5);
  cheops_match_stats_add_pair (&s, 0.5, 0.5);
  cheops_match_stats_add_pair (&s, 0, 0.5);
  g_assert_cmpint (s.wl, ==, 1);
  g_assert_cmpint (s.wd, ==, 1);
  g_assert_cmpint (s.dd, ==, 1);
  g_assert_cmpint (s.ld, ==, 1);
  g_assert_cmpint (s.wins, ==, 2);
  g_assert_cmpint (s.losses, ==, 2);
  g_assert_cmpint (s.draws, ==, 4);
  g_assert_true (cheops_match_stats_elo (&s, &score, &elo, &err, &nelo, &nerr, &los));
  g_assert_cmpfloat (fabs (score - 0.5), <, 1e-12);
  g_assert_cmpfloat (fabs (elo), <, 1e-9);
  /* 1.959964 * sqrt(0.0078125) = 0.173237; -400 log10(1/0.673237 - 1) = 125.57 */
  g_assert_cmpfloat (fabs (err - 125.57), <, 0.01);
  /* nElo error: 0.173237 / sqrt(0.0625) * 800 / ln 10 = 240.76 */
  g_assert_cmpfloat (fabs (nerr - 240.76), <, 0.01);
  g_assert_cmpfloat (fabs (los - 50.0), <, 1e-9);

  cheops_match_stats_format (out, &s, "A", "B", "0.1+0.01", "NULL", "NULL", "book.epd",
                             TRUE, CHEOPS_SPRT_NORMALIZED, 0, 5, 0.05, 0.05);
  g_test_message ("%s", out->str);
  g_assert_true (g_str_has_prefix (out->str,
      "Results of A vs B (0.1+0.01, NULL, NULL, book.epd):\n"
      "Elo: 0.00 +/- 125.57, nElo: 0.00 +/- 240.76\n"
      "LOS: 50.00 %, DrawRatio: 50.00 %, PairsRatio: 1.00\n"
      "Games: 8, Wins: 2, Losses: 2, Draws: 4, Points: 4.0 (50.00 %)\n"
      "Ptnml(0-2): [0, 1, 2, 1, 0], WL/DD Ratio: 1.00\n"
      "LLR: "));
  g_assert_nonnull (strstr (out->str, " (-2.94, 2.94) [0.00, 5.00]\n"));
  g_string_free (out, TRUE);
}

/* Degenerate matches (issue 20): every pair 1-1, every pair 0-2, 2-0, win
 * and loss, and a near-perfect score whose interval passes 1: the block
 * never says nan or inf.  Expected values computed by hand (Python, from
 * the formulas): a score is kept within [0.001, 0.999] for its Elo
 * (fishtest's stat_util.elo), counts with no spread (every pair in one
 * cell) are regularized as the SPRT's (an empty cell 0.001 pairs), a ratio
 * with nothing to divide by is "-". */
static void
test_degenerate (void)
{
  struct { int c[6]; const char *block; } cases[] = {
    { { 0, 0, 0, 3, 0, 0 },
      "Elo: 0.00 +/- 11.34, nElo: 0.00 +/- 277.82\n"
      "LOS: 50.00 %, DrawRatio: 100.00 %, PairsRatio: -\n"
      "Games: 6, Wins: 0, Losses: 0, Draws: 6, Points: 3.0 (50.00 %)\n"
      "Ptnml(0-2): [0, 0, 3, 0, 0], WL/DD Ratio: 0.00\n" },
    { { 2, 0, 0, 0, 0, 0 },
      "Elo: -1161.37 +/- 331.60, nElo: -4009.17 +/- 340.14\n"
      "LOS: 0.00 %, DrawRatio: 0.00 %, PairsRatio: 0.00\n"
      "Games: 4, Wins: 0, Losses: 4, Draws: 0, Points: 0.0 (0.00 %)\n"
      "Ptnml(0-2): [2, 0, 0, 0, 0], WL/DD Ratio: -\n" },
    { { 0, 0, 0, 0, 0, 4 },
      "Elo: 1199.83 +/- 269.57, nElo: 5671.71 +/- 240.64\n"
      "LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: -\n"
      "Games: 8, Wins: 8, Losses: 0, Draws: 0, Points: 8.0 (100.00 %)\n"
      "Ptnml(0-2): [0, 0, 0, 0, 4], WL/DD Ratio: -\n" },
    { { 0, 0, 2, 0, 0, 0 },
      "Elo: 0.00 +/- 17.00, nElo: 0.00 +/- 340.14\n"
      "LOS: 50.00 %, DrawRatio: 100.00 %, PairsRatio: -\n"
      "Games: 4, Wins: 2, Losses: 2, Draws: 0, Points: 2.0 (50.00 %)\n"
      "Ptnml(0-2): [0, 0, 2, 0, 0], WL/DD Ratio: -\n" },
    { { 0, 0, 0, 0, 1, 9 },
      "Elo: 636.43 +/- 377.20, nElo: 1555.94 +/- 152.27\n"
      "LOS: 100.00 %, DrawRatio: 0.00 %, PairsRatio: -\n"
      "Games: 20, Wins: 19, Losses: 0, Draws: 1, Points: 19.5 (97.50 %)\n"
      "Ptnml(0-2): [0, 0, 0, 1, 9], WL/DD Ratio: -\n" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      CheopsMatchStats s = { 0 };
      GString *out = g_string_new ("");
      const char *head = "Results of A vs B (0.1+0.01, 1t, 16MB):\n";
      int *c = cases[i].c;

      /* Through the pairs' scores, as the runner adds them. */
      for (int k = 0; k < c[0]; k++)
        cheops_match_stats_add_pair (&s, 0, 0);
      for (int k = 0; k < c[1]; k++)
        cheops_match_stats_add_pair (&s, 0.5, 0);
      for (int k = 0; k < c[2]; k++)
        cheops_match_stats_add_pair (&s, 1, 0);
      for (int k = 0; k < c[3]; k++)
        cheops_match_stats_add_pair (&s, 0.5, 0.5);
      for (int k = 0; k < c[4]; k++)
        cheops_match_stats_add_pair (&s, 1, 0.5);
      for (int k = 0; k < c[5]; k++)
        cheops_match_stats_add_pair (&s, 1, 1);
      cheops_match_stats_format (out, &s, "A", "B", "0.1+0.01", "1t", "16MB", NULL,
                                 TRUE, CHEOPS_SPRT_NORMALIZED, 0, 5, 0.05, 0.05);
      g_test_message ("%s", out->str);
      g_assert_true (g_str_has_prefix (out->str, head));
      g_assert_true (g_str_has_prefix (out->str + strlen (head), cases[i].block));
      g_assert_true (g_str_has_prefix (out->str + strlen (head) + strlen (cases[i].block), "LLR: "));
      g_assert_null (strstr (out->str, "nan"));
      g_assert_null (strstr (out->str, "inf"));
      g_string_truncate (out, 0);
      cheops_match_stats_format (out, &s, "A", "B", "0.1+0.01", "1t", "16MB", NULL,
                                 TRUE, CHEOPS_SPRT_LOGISTIC, 0, 5, 0.05, 0.05);
      g_assert_null (strstr (out->str, "nan"));
      g_assert_null (strstr (out->str, "inf"));
      g_string_free (out, TRUE);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/match-stats/elo-fastchess", test_elo_fastchess);
  g_test_add_func ("/match-stats/sprt-fastchess", test_sprt_fastchess);
  g_test_add_func ("/match-stats/by-hand", test_by_hand);
  g_test_add_func ("/match-stats/degenerate", test_degenerate);
  return g_test_run ();
}
