/* tune.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Texel's tuning of a static evaluation (README.md "Tuning"): a set of
 * quiet positions, each with the result of the game it was played in,
 * the mean squared error of sigmoid(K x evaluation) against those
 * results, the K that fits the evaluation as it is, and a local search
 * over the variant's named parameters (EngineParam, engine-variant.h)
 * that lowers the error.  The core, libcheops-game's PGN reader and GLib:
 * the tuner `cheops-tune` (tune-main.c, built in src/tools) and
 * tests/engine/test-tune.c use it.
 */
#ifndef TUNE_H_INCLUDED
#define TUNE_H_INCLUDED

#include <stdbool.h>
#include <glib.h>

#include "cheops-core.h"
#include "engine-variant.h"

/* A set of positions of one variant with results.  Owned by the caller:
 * tune_set_free(). */
typedef struct TuneSet TuneSet;

/* A new empty set for @ev (the engine table of the variant, already
 * initialised with engine_variants_init()).  The runs of parameters
 * NAME[0], NAME[1]... that are monotone now stay monotone in the local
 * search (tune_local_pass()). */
TuneSet   *tune_set_new          (const EngineVariant *ev);
void       tune_set_free         (TuneSet *set);
/* The number of positions in @set. */
guint      tune_set_size         (const TuneSet *set);

/* Whether @pos is quiet enough to tune on: not in check, no win in one for
 * either side (EngineVariant.win_in_one / threat_in_one), and a
 * captures-and-promotions quiescence of a few plies gives the static
 * evaluation itself. */
bool       tune_position_is_quiet (const EngineVariant *ev, CheopsPosition *pos);

/* Adds a copy of @pos with @result_a, the result of its game for side A
 * (1 a win, 0.5 a draw, 0 a loss), without any test. */
void       tune_set_add          (TuneSet *set, const CheopsPosition *pos, double result_a);

/* Reads the games of @text (PGN, as `cheops match -pgnout` writes it) with
 * the game library's reader (cheops_pgn_read_string(); games of other
 * variants are skipped) and adds, of each game with a result of 1-0, 0-1
 * or 1/2-1/2, the quiet positions (tune_position_is_quiet()) before each
 * move of its main line from ply @skip_plies of its record on, each kept
 * with probability @sample (drawn from @rand).  Returns the number of
 * games read; a game with an error (an illegal move...) keeps the moves
 * read before it and is counted in *@bad_games if not NULL. */
guint      tune_set_add_pgn      (TuneSet *set, const char *text, int skip_plies,
                                  double sample, GRand *rand, guint *bad_games);

/* The mean squared error over @set of r - 1 / (1 + 10^(-k e / 400)), e the
 * variant's evaluation with its current parameters (side to move's view)
 * and r the result for the side to move.  0 for an empty set. */
double     tune_error            (const TuneSet *set, double k);

/* The k > 0 that minimises tune_error() for the current parameters
 * (a ternary search on [0.05, 5], to 1e-4). */
double     tune_fit_k            (const TuneSet *set);

/* One pass of the local search: for each parameter, tries its value
 * plus then minus its step (steps[i], kept within [min, max] and its
 * run's order), keeps the
 * first change that lowers the error (calling the variant's init() after
 * each change), else halves the step (not below 1).  @steps has
 * ev->n_params entries, updated; *@error holds the error before and is
 * set to the error after.  Returns the number of parameters changed. */
int        tune_local_pass       (TuneSet *set, double k, int *steps, double *error);

/* The initial step of each parameter: an eighth of its range, at least 1. */
void       tune_initial_steps    (const EngineVariant *ev, int *steps);

#endif /* TUNE_H_INCLUDED */
