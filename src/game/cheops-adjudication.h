/* cheops-adjudication.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How a game between engines ends, the one implementation that `cheops
 * match` and the studio's engine against engine (issue 22) both call:
 *
 * - by the rules, through the core: the outcome of the position (the
 *   variant's outcome table) or of a repetition along the game
 *   (cheops_position_repetition_outcome(): Cheops 8.4.3's fifth
 *   occurrence, TrigChess TR15's third losing for the mover, Cypher CY23);
 * - a draw the rules let the player to move claim
 *   (cheops_position_claimable_draw(): the third occurrence and the
 *   fifty-move rule of Cheops 8.4.2 and Pyramids PY14) is claimed for it at
 *   once, as an arbiter does for engines;
 * - by the engines' own scores, in fastchess's conventions (-draw
 *   movenumber movecount score, -resign movecount score twosided);
 * - a game that reaches a length limit is drawn;
 * - a loss on time: the opponent of the flagged side wins (none of the
 *   four games makes a flag fall a draw: the positions where neither side
 *   can win already end the game by the outcome table).
 *
 * No wording here: a verdict says what ended the game (the variant's
 * outcome or claim entry, which carry the rules' own words), and the
 * caller words it.  GLib + the rules core; no allocation.
 */
#pragma once

#include <glib.h>

#include "cheops-position.h"

G_BEGIN_DECLS

/* A mate score for the score adjudication, beyond any threshold. */
#define CHEOPS_ADJUDICATION_MATE_SCORE 1000000

/* CheopsVerdictKind: what ended the game. */
typedef enum {
  CHEOPS_VERDICT_NONE = 0,
  CHEOPS_VERDICT_OUTCOME,       /* the rules: CheopsVerdict.outcome */
  CHEOPS_VERDICT_CLAIMED_DRAW,  /* a draw claimed for the player to move: CheopsVerdict.claim */
  CHEOPS_VERDICT_SCORE_DRAW,    /* both engines' scores near 0 long enough (-draw) */
  CHEOPS_VERDICT_SCORE_RESIGN,  /* an engine's score low long enough (-resign): CheopsVerdict.loser */
  CHEOPS_VERDICT_TOO_LONG,      /* the length limit reached: drawn */
  CHEOPS_VERDICT_TIME_FORFEIT,  /* a flag fell: CheopsVerdict.loser */
} CheopsVerdictKind;

/* CheopsVerdict: how a game ended. */
typedef struct {
  CheopsVerdictKind      kind;
  CheopsWinner           winner;
  int                    loser;       /* the side that resigned or lost on time, else -1 */
  CheopsOutcome          outcome;     /* CHEOPS_VERDICT_OUTCOME: an index of the variant's outcomes */
  const CheopsClaimInfo *claim;       /* CHEOPS_VERDICT_CLAIMED_DRAW: the variant's entry (static) */
  const char            *termination; /* PGN's [Termination] word: "normal", "adjudication", "time forfeit" */
} CheopsVerdict;

/* CheopsAdjudicationRules: the score adjudication and the length limit,
 * as `cheops match`'s -draw and -resign (fastchess's). */
typedef struct {
  int      draw_movenumber;   /* -draw: counted from each engine's movenumber-th move on */
  int      draw_movecount;    /* -draw: moves each within ±draw_score; 0: no draw adjudication */
  int      draw_score;        /* centipawns */
  int      resign_movecount;  /* -resign: the loser's moves at or below -resign_score; 0: none */
  int      resign_score;      /* centipawns, > 0 */
  gboolean resign_twosided;   /* the other engine's at or above +resign_score meanwhile */
  int      max_positions;     /* a game of this many positions (its start included) is drawn; 0: no limit */
} CheopsAdjudicationRules;

/* CheopsAdjudicator: the score adjudication's count along one game. */
typedef struct {
  CheopsAdjudicationRules rules;
  /*< private >*/
  int      played[2];          /* moves by side */
  int      draw_plies;
  int      resign_moves[2];
  int      twosided_plies;
  int      twosided_behind;
  gboolean have_last[2];
  int      last_cp[2];
} CheopsAdjudicator;

/**
 * cheops_adjudicate_position:
 * @pos: the position after a move (or a game's start)
 * @repetitions: how many times @pos has occurred in the game, itself
 *   included (cheops_repetition_count(); 1: not repeated)
 * @verdict: (out): filled when the game is over
 *
 * Whether the rules end the game at @pos: its outcome
 * (cheops_position_outcome()), else the repetition outcome for
 * @repetitions (cheops_position_repetition_outcome()) — termination
 * "normal", the winner the outcome table's; else a draw the player to move
 * may claim there (cheops_position_claimable_draw()), claimed at once:
 * a draw, "normal".
 *
 * Returns: %TRUE when the game is over (@verdict filled), else %FALSE
 *   (@verdict's kind CHEOPS_VERDICT_NONE)
 */
gboolean cheops_adjudicate_position  (const CheopsPosition          *pos,
                                      int                            repetitions,
                                      CheopsVerdict                 *verdict);

/* Starts the count of a game with @rules (copied). */
void     cheops_adjudicator_init     (CheopsAdjudicator             *adj,
                                      const CheopsAdjudicationRules *rules);

/**
 * cheops_adjudicator_move:
 * @adj: the game's adjudicator
 * @mover: the side that just moved
 * @have_score: whether its engine gave a score for the move
 * @score_cp: that score, in centipawns from @mover's side (the last
 *   `info ... score` before its `bestmove`), a mate as
 *   ±CHEOPS_ADJUDICATION_MATE_SCORE
 * @n_positions: the positions of the game so far, its start and the
 *   position after this move included
 * @verdict: (out): filled when the game is over
 *
 * Counts one move that the rules did not end (call
 * cheops_adjudicate_position() first) and adjudicates by the scores as
 * fastchess does: drawn ("adjudication") once both engines' scores have
 * stayed within ±draw_score for draw_movecount moves each, from each
 * engine's draw_movenumber-th move on; lost ("adjudication") for an engine
 * whose score has stayed at or below -resign_score for resign_movecount of
 * its moves (twosided: while the other's stayed at or above +resign_score,
 * counted in plies, 2 × resign_movecount, the same side behind all along);
 * drawn ("adjudication", CHEOPS_VERDICT_TOO_LONG) at max_positions.
 *
 * Returns: %TRUE when the game is over (@verdict filled)
 */
gboolean cheops_adjudicator_move     (CheopsAdjudicator             *adj,
                                      CheopsSide                     mover,
                                      gboolean                       have_score,
                                      int                            score_cp,
                                      int                            n_positions,
                                      CheopsVerdict                 *verdict);

/* The verdict of @flagged's flag fall: the opponent wins, "time forfeit". */
void     cheops_verdict_time_forfeit (CheopsVerdict                 *verdict,
                                      CheopsSide                     flagged);

G_END_DECLS
