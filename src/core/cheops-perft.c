/* cheops-perft.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * perft with bulk counting (the Stockfish model): at depth 1 the leaf count
 * is the number of playable moves, counted without playing them.
 */
#include "cheops-perft.h"

static uint64_t
perft_rec (CheopsPosition *pos, int depth)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end;
  uint64_t nodes = 0;

  if (depth == 1)
    return (uint64_t) cheops_count_moves (pos);

  end = cheops_generate_moves (pos, list);
  for (CheopsMove *m = list; m < end; m++)
    {
      CheopsUndo undo;
      cheops_position_do_move (pos, *m, &undo);
      nodes += perft_rec (pos, depth - 1);
      cheops_position_undo_move (pos, *m, &undo);
    }
  return nodes;
}

uint64_t
cheops_perft (CheopsPosition *pos,
              int             depth)
{
  if (depth <= 0)
    return 1;
  return perft_rec (pos, depth);
}

uint64_t
cheops_perft_divide (CheopsPosition        *pos,
                     int                    depth,
                     CheopsPerftDivideFunc  func,
                     void                  *user_data)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end;
  uint64_t total = 0;

  if (depth <= 0)
    return 1;
  end = cheops_generate_moves (pos, list);
  for (CheopsMove *m = list; m < end; m++)
    {
      CheopsUndo undo;
      uint64_t nodes;

      cheops_position_do_move (pos, *m, &undo);
      nodes = cheops_perft (pos, depth - 1);
      cheops_position_undo_move (pos, *m, &undo);
      if (func)
        func (*m, nodes, user_data);
      total += nodes;
    }
  return total;
}
