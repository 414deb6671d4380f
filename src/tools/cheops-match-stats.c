/* cheops-match-stats.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Match statistics in fastchess's formulas (app/src/matchmaking/elo/
 * elo_pentanomial.cpp and sprt/sprt.cpp of github.com/Disservin/fastchess):
 * see cheops-match-stats.h.
 */
#include "cheops-match-stats.h"

#include <math.h>

#define CI95 1.959963984540054
#define C_ET (800.0 / G_LN10)

static void
add_score (CheopsMatchStats *s, double score)
{
  if (score > 0.75)
    s->wins++;
  else if (score < 0.25)
    s->losses++;
  else
    s->draws++;
}

void
cheops_match_stats_add_game (CheopsMatchStats *s, double score)
{
  add_score (s, score);
}

void
cheops_match_stats_add_pair (CheopsMatchStats *s, double first, double second)
{
  int a = (int) lround (first * 2), b = (int) lround (second * 2);   /* 0, 1, 2 */

  add_score (s, first);
  add_score (s, second);
  switch (a + b)
    {
    case 0: s->ll++; break;
    case 1: s->ld++; break;
    case 2: if (a == 1) s->dd++; else s->wl++; break;
    case 3: s->wd++; break;
    default: s->ww++; break;
    }
}

int
cheops_match_stats_pairs (const CheopsMatchStats *s)
{
  return s->ll + s->ld + s->wl + s->dd + s->wd + s->ww;
}

/* Elo of a score, the score kept within [0.001, 0.999] as fishtest's
 * stat_util.elo() keeps it (a score of 0 or 1, or a bound of its interval
 * past them, would be an infinite or undefined Elo): at most ±1199.83. */
static double
score_to_elo (double score)
{
  score = CLAMP (score, 1e-3, 1 - 1e-3);
  return -400.0 * log10 (1.0 / score - 1.0);
}

static double
regularize (int n)
{
  return n == 0 ? 1e-3 : n;
}

gboolean
cheops_match_stats_elo (const CheopsMatchStats *s, double *score, double *elo, double *elo_error,
                        double *nelo, double *nelo_error, double *los)
{
  double pairs = cheops_match_stats_pairs (s);
  double n[5] = { s->ll, s->ld, s->wl + s->dd, s->wd, s->ww };
  double x[5] = { 0, 0.25, 0.5, 0.75, 1 }, mu = 0, var = 0, var_pair, hi, lo;

  if (pairs == 0)
    return FALSE;
  for (int i = 0; i < 5; i++)
    mu += n[i] / pairs * x[i];
  for (int i = 0; i < 5; i++)
    var += n[i] / pairs * (x[i] - mu) * (x[i] - mu);
  if (var == 0)
    {
      /* Every pair in one cell (all 1-1, all 0-2...): no spread to divide
       * by.  The counts are regularized as the SPRT's are (each empty cell
       * 0.001 pairs, cheops_sprt_llr()), which keeps every figure finite. */
      pairs = 0;
      for (int i = 0; i < 5; i++)
        pairs += n[i] = regularize ((int) n[i]);
      mu = var = 0;
      for (int i = 0; i < 5; i++)
        mu += n[i] / pairs * x[i];
      for (int i = 0; i < 5; i++)
        var += n[i] / pairs * (x[i] - mu) * (x[i] - mu);
    }
  var_pair = var / pairs;
  hi = mu + CI95 * sqrt (var_pair);
  lo = mu - CI95 * sqrt (var_pair);
  *score = mu;
  *elo = score_to_elo (mu);
  *elo_error = (score_to_elo (hi) - score_to_elo (lo)) / 2.0;
  *nelo = (mu - 0.5) / sqrt (2 * var) * C_ET;
  *nelo_error = ((hi - 0.5) - (lo - 0.5)) / sqrt (2 * var) * C_ET / 2.0;
  *los = 100.0 * (1 - erf (-(mu - 0.5) / sqrt (2.0 * var_pair))) / 2.0;
  return TRUE;
}

void
cheops_sprt_bounds (double alpha, double beta, double *lower, double *upper)
{
  *lower = log (beta / (1 - alpha));
  *upper = log ((1 - beta) / alpha);
}

/* The ITP root finder (Oliveira and Takahashi 2020) fastchess uses, on
 * [a, b] with f(a), f(b) of opposite signs (infinite ones allowed). */
static double
itp (double (*f) (double, const double *, const double *), const double *u, const double *v,
     double a, double b, double fa, double fb, double k1, double k2, double n0, double eps)
{
  double n_half, n_max;

  if (fa > 0)
    {
      double t = a; a = b; b = t;
      t = fa; fa = fb; fb = t;
    }
  n_half = ceil (log2 (fabs (b - a) / (2.0 * eps)));
  n_max = n_half + n0;
  for (int i = 0; fabs (b - a) > 2.0 * eps && i < 200; i++)
    {
      double x_half = (a + b) / 2.0;
      double r = eps * pow (2.0, n_max - i) - (b - a) / 2.0;
      double delta = k1 * pow (b - a, k2);
      double x_f = (fb * a - fa * b) / (fb - fa);
      double sigma = (x_half - x_f) / fabs (x_half - x_f);
      double x_t = delta <= fabs (x_half - x_f) ? x_f + sigma * delta : x_half;
      double x_itp = fabs (x_t - x_half) <= r ? x_t : x_half - sigma * r;
      double f_itp = f (x_itp, u, v);

      if (f_itp == 0)
        a = b = x_itp;
      else if (signbit (f_itp))
        {
          a = x_itp;
          fa = f_itp;
        }
      else
        {
          b = x_itp;
          fb = f_itp;
        }
    }
  return (a + b) / 2.0;
}

/* sum_i probs[i] * phi[i] / (1 + x phi[i]) over the five cells. */
static double
theta_equation (double x, const double *probs, const double *phi)
{
  double r = 0;

  for (int i = 0; i < 5; i++)
    r += probs[i] * phi[i] / (1.0 + x * phi[i]);
  return r;
}

static const double scores[5] = { 0, 0.25, 0.5, 0.75, 1 };

/* The maximum-likelihood distribution with expected score @s. */
static void
mle_logistic (const double *probs, double s, double *p)
{
  double phi[5], theta;

  for (int i = 0; i < 5; i++)
    phi[i] = scores[i] - s;
  theta = itp (theta_equation, probs, phi, -1.0 / (scores[4] - s), -1.0 / (scores[0] - s),
               INFINITY, -INFINITY, 0.1, 2.0, 0.99, 1e-3);
  for (int i = 0; i < 5; i++)
    p[i] = probs[i] / (1 + theta * phi[i]);
}

/* The maximum-likelihood distribution with normalized score @t_star. */
static void
mle_normalized (const double *probs, double mu_ref, double t_star, double *p)
{
  for (int i = 0; i < 5; i++)
    p[i] = 1.0 / 5;
  for (int it = 0; it < 10; it++)
    {
      double mu = 0, var = 0, sigma, phi[5], u = INFINITY, v = -INFINITY, theta, max_diff = 0;

      for (int i = 0; i < 5; i++)
        mu += scores[i] * p[i];
      for (int i = 0; i < 5; i++)
        var += p[i] * (scores[i] - mu) * (scores[i] - mu);
      sigma = sqrt (var);
      for (int i = 0; i < 5; i++)
        {
          double z = (scores[i] - mu) / sigma;
          phi[i] = scores[i] - mu_ref - 0.5 * t_star * sigma * (1.0 + z * z);
          u = MIN (u, phi[i]);
          v = MAX (v, phi[i]);
        }
      theta = itp (theta_equation, probs, phi, -1.0 / v, -1.0 / u, INFINITY, -INFINITY, 0.1, 2.0, 0.99, 1e-7);
      for (int i = 0; i < 5; i++)
        {
          double np = probs[i] / (1.0 + theta * phi[i]);
          max_diff = MAX (max_diff, fabs (np - p[i]));
          p[i] = np;
        }
      if (max_diff < 1e-4)
        break;
    }
}

double
cheops_sprt_llr (const CheopsMatchStats *s, CheopsSprtModel model, double elo0, double elo1)
{
  double n[5] = { regularize (s->ll), regularize (s->ld), regularize (s->wl + s->dd),
                  regularize (s->wd), regularize (s->ww) };
  double total = n[0] + n[1] + n[2] + n[3] + n[4], probs[5], p0[5], p1[5], llr = 0;

  for (int i = 0; i < 5; i++)
    probs[i] = n[i] / total;
  if (model == CHEOPS_SPRT_NORMALIZED)
    {
      mle_normalized (probs, 0.5, G_SQRT2 * elo0 / C_ET, p0);
      mle_normalized (probs, 0.5, G_SQRT2 * elo1 / C_ET, p1);
    }
  else
    {
      mle_logistic (probs, 1 / (1 + pow (10, -elo0 / 400)), p0);
      mle_logistic (probs, 1 / (1 + pow (10, -elo1 / 400)), p1);
    }
  for (int i = 0; i < 5; i++)
    llr += (log (p1[i]) - log (p0[i])) * probs[i];
  return total * llr;
}

/* Appends @head (freed) and @num / @den with two decimals, or "-" when
 * @den is 0 (no ratio: never "inf" or "nan"), and a newline. */
static void
append_ratio (GString *out, char *head, int num, int den)
{
  g_string_append (out, head);
  g_free (head);
  if (den == 0)
    g_string_append (out, "-\n");
  else
    g_string_append_printf (out, "%.2f\n", (double) num / den);
}

void
cheops_match_stats_format (GString *out, const CheopsMatchStats *s, const char *first, const char *second,
                           const char *tc, const char *threads, const char *hash, const char *book,
                           gboolean sprt, CheopsSprtModel model, double elo0, double elo1,
                           double alpha, double beta)
{
  double score = 0.5, elo = 0, err = 0, nelo = 0, nerr = 0, los = 50;
  int games = s->wins + s->losses + s->draws, pairs = cheops_match_stats_pairs (s);
  double points = s->wins + 0.5 * s->draws;

  cheops_match_stats_elo (s, &score, &elo, &err, &nelo, &nerr, &los);
  if (fabs (elo) < 0.005)
    elo = 0;   /* no "-0.00" */
  if (fabs (nelo) < 0.005)
    nelo = 0;
  g_string_append_printf (out, "Results of %s vs %s (%s, %s, %s%s%s):\n", first, second, tc, threads, hash,
                          book != NULL && *book ? ", " : "", book != NULL ? book : "");
  g_string_append_printf (out, "Elo: %.2f +/- %.2f, nElo: %.2f +/- %.2f\n", elo, err, nelo, nerr);
  append_ratio (out, g_strdup_printf ("LOS: %.2f %%, DrawRatio: %.2f %%, PairsRatio: ", los,
                                      pairs ? 100.0 * (s->wl + s->dd) / pairs : 0.0),
                s->ww + s->wd, s->ld + s->ll);
  g_string_append_printf (out, "Games: %d, Wins: %d, Losses: %d, Draws: %d, Points: %.1f (%.2f %%)\n",
                          games, s->wins, s->losses, s->draws, points, games ? 100.0 * points / games : 0.0);
  append_ratio (out, g_strdup_printf ("Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: ",
                                      s->ll, s->ld, s->wl + s->dd, s->wd, s->ww),
                s->wl, s->dd);
  if (sprt)
    {
      double lo, hi, llr = cheops_sprt_llr (s, model, elo0, elo1);

      if (fabs (llr) < 0.005)
        llr = 0;
      cheops_sprt_bounds (alpha, beta, &lo, &hi);
      g_string_append_printf (out, "LLR: %.2f (%.2f, %.2f) [%.2f, %.2f]\n", llr, lo, hi, elo0, elo1);
    }
}
