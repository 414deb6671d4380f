/* test-game-claims.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cheops_game_node_get_claimable_draw(): the draw the player to move may
 * claim at a node, with the repetition counted along the path (Cheops
 * 8.4.2: from the third occurrence; 8.4.3 ends the game at the fifth, and
 * then nothing is claimed), and none in TrigChess, whose third occurrence
 * loses (TR15, TR17).
 */
#include <glib.h>

#include "cheops-core.h"
#include "cheops-game.h"

static CheopsGameNode *
play (CheopsGame     *game,
      CheopsGameNode *node,
      const char     *san)
{
  g_autoptr(GError) error = NULL;
  CheopsGameNode *next = cheops_game_add_san (game, node, san, &error);

  g_assert_no_error (error);
  return next;
}

static void
test_cheops_repetition (void)
{
  /* Each side's corner Assassin leaps out and back (3.5): every fourth
   * ply is the start position again. */
  static const char * const cycle[] = { "Ag2", "Ak2", "Ae1", "Am1" };
  g_autoptr(CheopsGame) game = cheops_game_new ();
  CheopsGameNode *node = cheops_game_get_root (game);
  const CheopsClaimInfo *claim;

  g_assert_null (cheops_game_node_get_claimable_draw (node));
  for (guint ply = 1; ply <= 16; ply++)
    {
      node = play (game, node, cycle[(ply - 1) % 4]);
      claim = cheops_game_node_get_claimable_draw (node);
      if (ply == 8 || ply == 12)
        {
          /* The start position for the third and fourth time. */
          g_assert_nonnull (claim);
          g_assert_cmpstr (claim->status, ==, "third-repetition");
          g_assert_cmpstr (claim->rule, ==, "8.4.2");
          g_assert_cmpint (cheops_game_node_get_outcome (node), ==, CHEOPS_OUTCOME_NONE);
        }
      else if (ply == 16)
        {
          /* The fifth: a draw without a claim (8.4.3). */
          g_assert_null (claim);
          g_assert_cmpint (cheops_game_node_get_outcome (node), !=, CHEOPS_OUTCOME_NONE);
        }
      else if (ply < 8)
        g_assert_null (claim);
      else
        /* Plies 9-11, 13-15: positions seen twice or thrice themselves
         * (ply 9 = ply 5 = ply 1): from their third time on, claimable. */
        g_assert_true (claim == NULL || g_str_equal (claim->status, "third-repetition"));
    }
  /* The position after ply 9 (= 1, 5) occurs for the third time. */
  {
    CheopsGameNode *n = cheops_game_get_root (game);

    for (guint i = 0; i < 9; i++)
      n = cheops_game_node_get_first_child (n);
    g_assert_nonnull (cheops_game_node_get_claimable_draw (n));
    n = cheops_game_node_get_parent (cheops_game_node_get_parent (cheops_game_node_get_parent (
          cheops_game_node_get_parent (n))));
    g_assert_cmpuint (cheops_game_node_get_ply (n), ==, 5);
    g_assert_null (cheops_game_node_get_claimable_draw (n));
  }
}

static void
test_cheops_fifty_moves (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsGame) game = cheops_game_new_from_fen (&cheops_variant_cheops,
                                                         "1/3/5/7/9/11/13/15/K3P10pk a 99 90", &error);
  CheopsGameNode *root, *node;
  const CheopsClaimInfo *claim;

  g_assert_no_error (error);
  root = cheops_game_get_root (game);
  g_assert_null (cheops_game_node_get_claimable_draw (root));
  /* The King steps: the 100th ply without a reset. */
  node = play (game, root, "Kb1");
  claim = cheops_game_node_get_claimable_draw (node);
  g_assert_nonnull (claim);
  g_assert_cmpstr (claim->status, ==, "fifty-moves");
  g_assert_cmpstr (claim->rule, ==, "8.4.2");
}

static void
test_trigchess_none (void)
{
  /* A Dragon out and back on each side (TR15: the third occurrence
   * loses): never a claim. */
  g_autoptr(CheopsGame) game = cheops_game_new_for_variant (&cheops_variant_trigchess);
  CheopsGameNode *node = cheops_game_get_root (game);
  const CheopsMove *moves;
  guint n_moves;

  for (guint ply = 0; ply < 40; ply++)
    {
      moves = cheops_game_node_get_moves (node, &n_moves);
      if (n_moves == 0)
        break;
      node = cheops_game_add_move (game, node, moves[ply % n_moves], NULL);
      g_assert_nonnull (node);
      g_assert_null (cheops_game_node_get_claimable_draw (node));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/game/claims/cheops-repetition", test_cheops_repetition);
  g_test_add_func ("/game/claims/cheops-fifty-moves", test_cheops_fifty_moves);
  g_test_add_func ("/game/claims/trigchess-none", test_trigchess_none);

  return g_test_run ();
}
