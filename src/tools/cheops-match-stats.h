/* cheops-match-stats.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The statistics of a match of paired games, as fishtest and fastchess
 * compute them: the pentanomial counts of game pairs (each opening played
 * once with each colour), the Elo difference and its 95 % error, the
 * normalized Elo (nElo), the likelihood of superiority (LOS) and the
 * generalized SPRT's log-likelihood ratio (LLR) in its "normalized" and
 * "logistic" models (M. Van den Bergh, "Comments on normalized Elo" and
 * "Comparing the approximations for the generalized log likelihood ratio of
 * a multinomial distribution").  Game knowledge: none; a result is a score
 * of the first player, 0, 1/2 or 1.
 */
#pragma once

#include <glib.h>

/* Counts of a match, from the first engine's view.  Pentanomial counts
 * hold finished pairs; wins/losses/draws hold every game. */
typedef struct {
  int wins, losses, draws;
  /* Pairs: two losses, loss+draw, win+loss, two draws, win+draw, two wins. */
  int ll, ld, wl, dd, wd, ww;
} CheopsMatchStats;

/* Adds one pair's two scores of the first engine (each 0, 0.5 or 1; a pair
 * of 1 and 0 is a WL pair, two halves a DD pair) to @s, and both games to
 * its wins/losses/draws. */
void     cheops_match_stats_add_pair   (CheopsMatchStats *s,
                                        double            first,
                                        double            second);
/* Adds one game, of score 0, 0.5 or 1, to wins/losses/draws only (a game
 * whose pair is not complete). */
void     cheops_match_stats_add_game   (CheopsMatchStats *s,
                                        double            score);
int      cheops_match_stats_pairs      (const CheopsMatchStats *s);

/* The Elo figures of @s's pairs (fastchess's EloPentanomial): the mean pair
 * score over 2 in @score (0..1), @elo and @elo_error (95 %, Elo points),
 * @nelo and @nelo_error, @los (0..100 %).  FALSE (nothing set) when there
 * is no pair.  Always finite (issue 20): a score, or a bound of its
 * interval, is kept within [0.001, 0.999] for its Elo (fishtest's
 * stat_util.elo(): at most ±1199.83), and counts with no spread (every pair
 * in one cell: all 1-1, all 0-2...) are regularized as the SPRT's are, each
 * empty cell 0.001 pairs. */
gboolean cheops_match_stats_elo        (const CheopsMatchStats *s,
                                        double *score,
                                        double *elo, double *elo_error,
                                        double *nelo, double *nelo_error,
                                        double *los);

typedef enum {
  CHEOPS_SPRT_NORMALIZED,   /* elo0, elo1 are nElo */
  CHEOPS_SPRT_LOGISTIC      /* elo0, elo1 are logistic Elo */
} CheopsSprtModel;

/* The bounds of an SPRT: ln(beta/(1-alpha)) and ln((1-beta)/alpha). */
void     cheops_sprt_bounds            (double alpha, double beta,
                                        double *lower, double *upper);
/* The generalized SPRT's LLR of H1 (Elo @elo1) against H0 (@elo0) for the
 * pentanomial counts of @s, as fastchess's SPRT::getLLR computes it (each
 * empty cell counted as 0.001 pairs). */
double   cheops_sprt_llr               (const CheopsMatchStats *s,
                                        CheopsSprtModel model,
                                        double elo0, double elo1);

/* Appends fastchess's results block (lines ending with '\n') to @out:
 * `Results of A vs B (TC, THREADS, HASH[, BOOK]):`, Elo, LOS, Games,
 * Ptnml(0-2) and, when @sprt is TRUE, the LLR line with its bounds and
 * Elo hypotheses.  A ratio with nothing to divide by (PairsRatio with no
 * lost pair, WL/DD with no DD pair) is "-": the block never says nan or
 * inf.  The caller prints the verdict. */
void     cheops_match_stats_format     (GString *out,
                                        const CheopsMatchStats *s,
                                        const char *first, const char *second,
                                        const char *tc, const char *threads,
                                        const char *hash, const char *book,
                                        gboolean sprt, CheopsSprtModel model,
                                        double elo0, double elo1,
                                        double alpha, double beta);
