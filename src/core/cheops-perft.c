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

/* perft_rec() that returns early (with a count that means nothing) once
 * *@stop is true. */
static uint64_t
perft_rec_until (CheopsPosition *pos, int depth, const atomic_bool *stop)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end;
  uint64_t nodes = 0;

  if (depth == 1)
    return (uint64_t) cheops_count_moves (pos);
  if (atomic_load_explicit (stop, memory_order_relaxed))
    return 0;
  end = cheops_generate_moves (pos, list);
  for (CheopsMove *m = list; m < end; m++)
    {
      CheopsUndo undo;
      cheops_position_do_move (pos, *m, &undo);
      nodes += perft_rec_until (pos, depth - 1, stop);
      cheops_position_undo_move (pos, *m, &undo);
    }
  return nodes;
}

uint64_t
cheops_perft_divide_until (CheopsPosition        *pos,
                           int                    depth,
                           CheopsPerftDivideFunc  func,
                           void                  *user_data,
                           const atomic_bool     *stop,
                           bool                  *complete)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end;
  uint64_t total = 0;

  if (complete != NULL)
    *complete = true;
  if (depth <= 0)
    return 1;
  end = cheops_generate_moves (pos, list);
  for (CheopsMove *m = list; m < end; m++)
    {
      CheopsUndo undo;
      uint64_t nodes;

      cheops_position_do_move (pos, *m, &undo);
      nodes = depth > 1 ? perft_rec_until (pos, depth - 1, stop) : 1;
      cheops_position_undo_move (pos, *m, &undo);
      if (atomic_load_explicit (stop, memory_order_relaxed))
        {
          if (complete != NULL)
            *complete = false;
          break;
        }
      if (func)
        func (*m, nodes, user_data);
      total += nodes;
    }
  return total;
}
