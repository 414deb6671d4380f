/* long-game.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A long game for the tests that time a reading of moves against its
 * length (tests/linear-time.h): the engine's `position ... moves`, the
 * studio's PV to SAN.
 */
#pragma once

#include <glib.h>

#include "cheops-core.h"

/* The moves of a game from @variant's start (move text, a NULL-terminated
 * array the caller frees with g_strfreev()), as long as @max_plies or until
 * no move goes on without ending the game or repeating a position: a game
 * of the most plies since the last irreversible move the variant allows
 * (Cypher chess has no fifty-move rule: a long one).  The same game for a
 * given variant and length on every run (a fixed seed). */
static inline char **
long_game_moves (const CheopsVariant *variant,
                 guint                max_plies)
{
  GPtrArray *moves = g_ptr_array_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (25);
  CheopsPosition pos;

  cheops_position_init_start (&pos, variant);
  g_hash_table_add (seen, g_memdup2 (&pos.key, sizeof pos.key));
  while (moves->len < max_plies)
    {
      CheopsMove list[CHEOPS_MAX_MOVES];
      guint n = (guint) (cheops_generate_moves (&pos, list) - list);
      gboolean played = FALSE;

      for (guint k = 0, first = n > 0 ? g_rand_int_range (rand, 0, (gint32) n) : 0;
           k < n && !played; k++)
        {
          CheopsPosition next = pos;
          CheopsUndo undo;
          CheopsMove move = list[(first + k) % n];
          char text[CHEOPS_MOVE_TEXT_MAX];

          cheops_position_do_move (&next, move, &undo);
          if (cheops_position_outcome (&next) != CHEOPS_OUTCOME_NONE
              || g_hash_table_contains (seen, &next.key))
            continue;
          cheops_move_to_text (variant, move, text);
          g_ptr_array_add (moves, g_strdup (text));
          g_hash_table_add (seen, g_memdup2 (&next.key, sizeof next.key));
          pos = next;
          played = TRUE;
        }
      if (!played)
        break;
    }
  g_ptr_array_add (moves, NULL);
  return (char **) g_ptr_array_free (moves, FALSE);
}
