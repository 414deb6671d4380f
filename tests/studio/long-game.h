/* long-game.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Long games of Cheops for the move list's tests and benchmark, built
 * through the game model from the core's moves: a cycle of four moves
 * (each side's corner Assassin leaps out and back, 3.5 of the Laws) with,
 * at each ply, another legal move as a variation (or none).
 */
#pragma once

#include "cheops-core.h"
#include "cheops-game.h"

typedef enum {
  LONG_GAME_MAINLINE,    /* the main line only */
  LONG_GAME_VARIATIONS,  /* a one-move variation at every ply */
  LONG_GAME_NESTED,      /* the line goes on inside the variations: they nest n_plies deep */
} LongGameShape;

static inline CheopsGame *
long_game_new (guint         n_plies,
               LongGameShape shape)
{
  static const char * const cycle[] = { "Ag2", "Ak2", "Ae1", "Am1" };
  CheopsGame *game = cheops_game_new ();
  CheopsGameNode *node = cheops_game_get_root (game);

  for (guint i = 0; i < n_plies; i++)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (node);
      CheopsMove on = cheops_move_from_san (pos, cycle[i % 4], -1, NULL);
      CheopsMove moves[CHEOPS_MAX_MOVES], side = CHEOPS_MOVE_NONE;
      CheopsGameNode *next;
      int n = (int) (cheops_generate_moves (pos, moves) - moves);

      g_assert (on != CHEOPS_MOVE_NONE);
      for (int k = 0; k < n && side == CHEOPS_MOVE_NONE; k++)
        if (moves[k] != on)
          side = moves[k];
      if (shape == LONG_GAME_NESTED)
        {
          cheops_game_add_move (game, node, side, NULL);
          next = cheops_game_add_move (game, node, on, NULL);
        }
      else
        {
          next = cheops_game_add_move (game, node, on, NULL);
          if (shape == LONG_GAME_VARIATIONS)
            cheops_game_add_move (game, node, side, NULL);
        }
      g_assert (next != NULL);
      node = next;
    }
  cheops_game_clear_history (game);
  return game;
}
