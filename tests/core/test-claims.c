/* test-claims.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The draws a player may claim (cheops_position_claimable_draw()), for each
 * game as its rules say: Cheops 8.4.2 (the third occurrence of a position,
 * fifty moves by each player without a capture, a collapse or a Pawn
 * climbing: 100 plies of the halfmove clock), Pyramids PY14 (the third
 * occurrence, a halfmove clock of 100), none in TrigChess (TR17: no draws)
 * and Cypher chess (CY23: repetition draws at once; CY24: no fifty-move
 * rule).
 */
#include <glib.h>
#include <string.h>

#include "cheops-core.h"

typedef struct {
  const CheopsVariant *variant;
  const char          *fen_clock_99;
  const char          *fen_clock_100;
  const char          *rule;          /* NULL: no claims */
  const char          *fifty_reason;
} ClaimCase;

static void
load (CheopsPosition       *pos,
      const CheopsVariant  *variant,
      const char           *fen)
{
  CheopsError error = { 0 };

  if (!cheops_position_from_fen (pos, variant, fen, &error))
    g_error ("%s: %s", fen, error.message);
}

static void
test_claims (gconstpointer data)
{
  const ClaimCase *c = data;
  CheopsPosition pos;
  const CheopsClaimInfo *claim;

  /* Not repeated, 99 plies: nothing to claim. */
  load (&pos, c->variant, c->fen_clock_99);
  g_assert_null (cheops_position_claimable_draw (&pos, 1));
  g_assert_null (cheops_position_claimable_draw (&pos, 2));

  /* The third occurrence. */
  claim = cheops_position_claimable_draw (&pos, 3);
  if (c->rule == NULL)
    g_assert_null (claim);
  else
    {
      g_assert_nonnull (claim);
      g_assert_cmpstr (claim->status, ==, "third-repetition");
      g_assert_cmpstr (claim->reason, ==, "the same position for the third time");
      g_assert_cmpstr (claim->rule, ==, c->rule);
      /* The fourth still may be claimed (the automatic draw comes at the
       * fifth, which ends the game before any claim). */
      g_assert_true (cheops_position_claimable_draw (&pos, 4) == claim);
    }

  /* 100 plies without a reset. */
  load (&pos, c->variant, c->fen_clock_100);
  claim = cheops_position_claimable_draw (&pos, 1);
  if (c->rule == NULL)
    g_assert_null (claim);
  else
    {
      g_assert_nonnull (claim);
      g_assert_cmpstr (claim->status, ==, "fifty-moves");
      g_assert_cmpstr (claim->reason, ==, c->fifty_reason);
      g_assert_cmpstr (claim->rule, ==, c->rule);
      g_assert_cmpint (cheops_position_outcome (&pos), ==, CHEOPS_OUTCOME_NONE);
    }
}

int
main (int   argc,
      char *argv[])
{
  static const ClaimCase cheops = {
    &cheops_variant_cheops,
    "1/3/5/7/9/11/13/15/K3P10pk a 99 90",
    "1/3/5/7/9/11/13/15/K3P10pk a 100 90",
    "8.4.2", "fifty moves without a capture or a Pawn climbing",
  };
  static const ClaimCase pyramids = {
    &cheops_variant_pyramids,
    "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/sssssssss/9/9/9/9/9/SSSSSSSSS/(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) w Ff 99 60",
    "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/sssssssss/9/9/9/9/9/SSSSSSSSS/(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) w Ff 100 60",
    "PY14", "fifty moves without a capture or a slave move",
  };
  static const ClaimCase trigchess = {
    &cheops_variant_trigchess,
    "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 99 60",
    "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 100 60",
    NULL, NULL,
  };
  static const ClaimCase cypher = {
    &cheops_variant_cypher,
    "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 99 60",
    "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 100 60",
    NULL, NULL,
  };

  g_test_init (&argc, &argv, NULL);
  g_test_add_data_func ("/core/claims/cheops", &cheops, test_claims);
  g_test_add_data_func ("/core/claims/pyramids", &pyramids, test_claims);
  g_test_add_data_func ("/core/claims/trigchess", &trigchess, test_claims);
  g_test_add_data_func ("/core/claims/cypher", &cypher, test_claims);

  return g_test_run ();
}
