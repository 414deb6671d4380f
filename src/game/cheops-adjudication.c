/* cheops-adjudication.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The end of a game between engines (cheops-adjudication.h), for `cheops
 * match` and the studio.
 */
#include <string.h>

#include "cheops-adjudication.h"

static void
verdict_clear (CheopsVerdict *verdict)
{
  verdict->kind = CHEOPS_VERDICT_NONE;
  verdict->winner = CHEOPS_WINNER_DRAW;
  verdict->loser = -1;
  verdict->outcome = CHEOPS_OUTCOME_NONE;
  verdict->claim = NULL;
  verdict->termination = NULL;
}

gboolean
cheops_adjudicate_position (const CheopsPosition *pos,
                            int                   repetitions,
                            CheopsVerdict        *verdict)
{
  CheopsOutcome o;
  const CheopsClaimInfo *claim;

  g_return_val_if_fail (pos != NULL && verdict != NULL, FALSE);

  verdict_clear (verdict);
  o = cheops_position_outcome (pos);
  if (o == CHEOPS_OUTCOME_NONE && repetitions > 1)
    o = cheops_position_repetition_outcome (pos, repetitions);
  if (o != CHEOPS_OUTCOME_NONE)
    {
      verdict->kind = CHEOPS_VERDICT_OUTCOME;
      verdict->outcome = o;
      verdict->winner = cheops_variant_outcome_winner (pos->variant, o);
      verdict->termination = "normal";
      return TRUE;
    }
  /* Claimed at once for the player to move (Cheops 8.4.2, Pyramids PY14). */
  claim = cheops_position_claimable_draw (pos, MAX (repetitions, 1));
  if (claim != NULL)
    {
      verdict->kind = CHEOPS_VERDICT_CLAIMED_DRAW;
      verdict->claim = claim;
      verdict->winner = CHEOPS_WINNER_DRAW;
      verdict->termination = "normal";
      return TRUE;
    }
  return FALSE;
}

void
cheops_adjudicator_init (CheopsAdjudicator             *adj,
                         const CheopsAdjudicationRules *rules)
{
  g_return_if_fail (adj != NULL && rules != NULL);

  memset (adj, 0, sizeof *adj);
  adj->rules = *rules;
  adj->twosided_behind = -1;
}

static void
resign (CheopsVerdict *verdict,
        CheopsSide     loser)
{
  verdict->kind = CHEOPS_VERDICT_SCORE_RESIGN;
  verdict->loser = loser;
  verdict->winner = loser == CHEOPS_SIDE_A ? CHEOPS_WINNER_B : CHEOPS_WINNER_A;
  verdict->termination = "adjudication";
}

gboolean
cheops_adjudicator_move (CheopsAdjudicator *adj,
                         CheopsSide         mover,
                         gboolean           have_score,
                         int                score_cp,
                         int                n_positions,
                         CheopsVerdict     *verdict)
{
  const CheopsAdjudicationRules *r;
  CheopsSide other;

  g_return_val_if_fail (adj != NULL && verdict != NULL && (mover == CHEOPS_SIDE_A || mover == CHEOPS_SIDE_B), FALSE);

  r = &adj->rules;
  other = cheops_side_other (mover);
  verdict_clear (verdict);
  score_cp = CLAMP (score_cp, -CHEOPS_ADJUDICATION_MATE_SCORE, CHEOPS_ADJUDICATION_MATE_SCORE);
  adj->played[mover]++;
  adj->have_last[mover] = have_score;
  adj->last_cp[mover] = score_cp;

  /* fastchess's -draw: both engines near 0, from the movenumber-th move. */
  if (r->draw_movecount > 0)
    {
      if (have_score && ABS (score_cp) <= r->draw_score
          && adj->played[mover] >= r->draw_movenumber && adj->played[other] >= r->draw_movenumber)
        adj->draw_plies++;
      else
        adj->draw_plies = 0;
      if (adj->draw_plies >= 2 * r->draw_movecount)
        {
          verdict->kind = CHEOPS_VERDICT_SCORE_DRAW;
          verdict->winner = CHEOPS_WINNER_DRAW;
          verdict->termination = "adjudication";
          return TRUE;
        }
    }
  /* fastchess's -resign. */
  if (r->resign_movecount > 0)
    {
      if (r->resign_twosided)
        {
          /* Both engines agree: the mover's score at or below -CP and the
           * other's last at or above +CP, or the other way round, the same
           * side behind all along. */
          int behind = -1;

          if (have_score && adj->have_last[other])
            {
              int other_cp = adj->last_cp[other];

              if (score_cp <= -r->resign_score && other_cp >= r->resign_score)
                behind = mover;
              else if (score_cp >= r->resign_score && other_cp <= -r->resign_score)
                behind = other;
            }
          if (behind < 0 || behind != adj->twosided_behind)
            adj->twosided_plies = 0;
          adj->twosided_behind = behind;
          if (behind >= 0)
            adj->twosided_plies++;
          if (behind >= 0 && adj->twosided_plies >= 2 * r->resign_movecount)
            {
              resign (verdict, (CheopsSide) behind);
              return TRUE;
            }
        }
      else
        {
          if (have_score && score_cp <= -r->resign_score)
            adj->resign_moves[mover]++;
          else
            adj->resign_moves[mover] = 0;
          if (adj->resign_moves[mover] >= r->resign_movecount)
            {
              resign (verdict, mover);
              return TRUE;
            }
        }
    }
  if (r->max_positions > 0 && n_positions >= r->max_positions)
    {
      verdict->kind = CHEOPS_VERDICT_TOO_LONG;
      verdict->winner = CHEOPS_WINNER_DRAW;
      verdict->termination = "adjudication";
      return TRUE;
    }
  return FALSE;
}

void
cheops_verdict_time_forfeit (CheopsVerdict *verdict,
                             CheopsSide     flagged)
{
  g_return_if_fail (verdict != NULL);

  verdict_clear (verdict);
  verdict->kind = CHEOPS_VERDICT_TIME_FORFEIT;
  verdict->loser = flagged;
  verdict->winner = flagged == CHEOPS_SIDE_A ? CHEOPS_WINNER_B : CHEOPS_WINNER_A;
  verdict->termination = "time forfeit";
}
