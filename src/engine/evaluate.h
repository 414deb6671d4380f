/* evaluate.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The static evaluation of cheops-engine: a hand-written function of the
 * position in centipawns (a Pawn = 100), from the point of view of the side
 * to move.  The terms and their values are documented in README.md beside
 * this file and in evaluate.c.
 */
#ifndef EVALUATE_H_INCLUDED
#define EVALUATE_H_INCLUDED

#include "cheops-core.h"

/* Material values (centipawns), indexed by CheopsPieceType.  The King is
 * never captured (4.2.1) and has no material value. */
extern int piece_value[CHEOPS_LAWS_PIECE_TYPE_NB];

/* Builds the evaluation's tables and reads the tuning overrides of the
 * environment variable CHEOPS_ENGINE_EVAL; called once at start-up. */
void evaluate_init  (void);
/* The static evaluation of @pos for the side to move, in centipawns.  It
 * assumes the game is not over (the search tests the Ascension and the
 * draws first). */
int  evaluate       (const CheopsPosition *pos);
/* Prints the terms of the evaluation of @pos, one a line, for the `d`
 * command (each line is written with the given printf-like function). */
void evaluate_trace (const CheopsPosition *pos,
                     void (*print) (const char *format, ...));

#endif /* EVALUATE_H_INCLUDED */
