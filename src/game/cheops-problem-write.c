/* cheops-problem-write.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A verified problem's solution written into its game, as composers write
 * it (cheops-problem-write.h): `cheops problem verify --write` and the
 * studio's Problem panel (Write Solution into Game) share it (issue 26).
 */
#include "cheops-problem-write.h"

#include "cheops-notation.h"

static gboolean write_solution (CheopsGame *game, const CheopsSolveResult *r, const CheopsSolveLimits *limits,
                                GError **error);

static void
append_san (GString *out, const CheopsPosition *pos, CheopsMove move)
{
  char san[CHEOPS_SAN_MAX];

  cheops_move_to_san (pos, move, san);
  g_string_append (out, san);
}

/* The attacker's first moves in @pos that fulfil @genre's stipulation
 * (#, s#) in @depth moves (its keys), as ", "-separated SAN into @out;
 * returns how many, or -1 when out of memory or undecided.  For --full. */
int
cheops_problem_append_wins (GString *out, const CheopsPosition *pos, CheopsSolveGenre genre, int depth,
             const CheopsSolveLimits *limits)
{
  CheopsSolveProblem problem = { .genre = genre, .depth = depth };
  CheopsSolveResult *r;
  int n;

  if (depth < 1)
    return 0;
  r = cheops_solve_problem (pos, &problem, limits);
  if (r == NULL)
    return -1;
  for (int k = 0; k < r->n_keys; k++)
    {
      if (k > 0)
        g_string_append (out, ", ");
      append_san (out, pos, r->keys[k].move);
    }
  n = r->verdict == CHEOPS_SOLVE_UNDECIDED ? -1 : r->n_keys;
  cheops_solve_result_free (r);
  return n;
}

/* The threat of @r's key @k (#N, s#N with N >= 2) into @out: the
 * attacker's moves that fulfil the stipulation in N - 1 if the defender
 * could pass, "none, the key checks" (the defender may not pass in
 * check) or "none (a waiting move)".  FALSE (nothing written) when the
 * key ends the game itself. */
gboolean
cheops_problem_append_threat (GString *out, const CheopsPosition *start, const CheopsSolveResult *r, int k,
               const CheopsSolveLimits *limits)
{
  CheopsPosition after = *start;
  CheopsUndo undo, pass;

  if (r->keys[k].outcome != CHEOPS_OUTCOME_NONE || r->depth < 2)
    return FALSE;
  cheops_position_do_move (&after, r->keys[k].move, &undo);
  if (cheops_position_in_check (&after))
    {
      g_string_append (out, "none, the key checks");
      return TRUE;
    }
  cheops_position_do_null_move (&after, &pass);
  if (cheops_problem_append_wins (out, &after, r->genre, r->depth - 1, limits) <= 0)
    {
      g_string_truncate (out, 0);
      g_string_append (out, "none (a waiting move)");
    }
  return TRUE;
}

/* The one defence that refutes @r's try @t (#N, s#N), or
 * CHEOPS_MOVE_NONE when none or more than one does, or the try ends the
 * game itself.  For s#N a defence refutes when it ends the game without
 * the defender's win, or leaves the attacker no s#(N - 1) (at s#1: when
 * it does not end the game). */
CheopsMove
cheops_problem_only_refutation (const CheopsPosition *start, const CheopsSolveResult *r, int t, const CheopsSolveLimits *limits)
{
  CheopsSolveGenre genre = r->genre;
  CheopsSide goal = genre == CHEOPS_SOLVE_SELF ? cheops_side_other (r->attacker) : r->attacker;
  int depth = r->depth;
  CheopsPosition after = *start;
  CheopsMove defences[CHEOPS_MAX_MOVES];
  CheopsMove refutation = CHEOPS_MOVE_NONE;
  CheopsUndo undo;
  int n, refuting = 0;

  if (r->tries[t].refutation == CHEOPS_MOVE_NONE || (depth < 2 && genre != CHEOPS_SOLVE_SELF))
    return CHEOPS_MOVE_NONE;
  cheops_position_do_move (&after, r->tries[t].move, &undo);
  n = (int) (cheops_generate_moves (&after, defences) - defences);
  for (int d = 0; d < n && refuting < 2; d++)
    {
      CheopsPosition after2 = after;
      CheopsOutcome o;
      CheopsUndo dundo;
      gboolean refutes;

      cheops_position_do_move (&after2, defences[d], &dundo);
      o = cheops_position_outcome (&after2);
      if (o != CHEOPS_OUTCOME_NONE)
        refutes = cheops_variant_outcome_winner (after2.variant, o) != (CheopsWinner) goal;
      else if (depth == 1)
        refutes = TRUE;   /* s#1: the defender's move had to win */
      else if (genre == CHEOPS_SOLVE_DIRECT)
        refutes = cheops_solve_wins_in (&after2, depth - 1, limits, NULL) != 1;
      else
        {
          g_autoptr(GString) ignored = g_string_new (NULL);

          refutes = cheops_problem_append_wins (ignored, &after2, genre, depth - 1, limits) <= 0;
        }
      if (refutes)
        {
          refuting++;
          refutation = defences[d];
        }
    }
  return refuting == 1 ? refutation : CHEOPS_MOVE_NONE;
}

/* --write: adds what verifying @game found to it, as a composer's
 * solution is written: for #N and s#N each key (with "!", and the comment
 * "key", with its threat) and under it every defence with its winning
 * continuations (the comment "dual" after a defence that leaves more than
 * one), then each try refuted by one defence only ("?", the comment "try",
 * its refutation with "!"); for h#N each solution found, as a line.  The
 * moves the game has are kept (a key it gives is reused, the others come
 * as variations); ser-#N writes nothing, a game file cannot hold the
 * passes.  Returns FALSE with @error when the game refuses a move or a
 * comment (not reached: every move is the core's). */
gboolean
cheops_problem_write_solution (CheopsGame *game, const CheopsSolveResult *r, const CheopsSolveLimits *limits, GError **error)
{
  gboolean ok;

  cheops_game_begin_group (game);
  ok = write_solution (game, r, limits, error);
  cheops_game_end_group (game);
  return ok;
}

static gboolean
write_solution (CheopsGame *game, const CheopsSolveResult *r, const CheopsSolveLimits *limits, GError **error)
{
  const CheopsPosition *start = cheops_game_get_start_position (game);
  CheopsGameNode *root = cheops_game_get_root (game);
  static const guint8 good = 1, mistake = 2;

  if (r->genre == CHEOPS_SOLVE_HELP)
    {
      for (int i = 0; i < r->n_stored; i++)
        {
          CheopsGameNode *node = root;
          const CheopsMove *moves = r->solutions + (size_t) i * (size_t) r->solution_plies;

          for (int j = 0; j < r->solution_plies && node != NULL; j++)
            node = cheops_game_add_move (game, node, moves[j], error);
          if (node == NULL)
            return FALSE;
        }
      return TRUE;
    }
  if (r->genre != CHEOPS_SOLVE_DIRECT && r->genre != CHEOPS_SOLVE_SELF)
    return TRUE;
  for (int k = 0; k < r->n_keys; k++)
    {
      const CheopsSolveKey *key = &r->keys[k];
      CheopsGameNode *knode = cheops_game_add_move (game, root, key->move, error);
      g_autoptr(GString) comment = g_string_new ("key");

      if (knode == NULL)
        return FALSE;
      cheops_game_set_nags (game, knode, &good, 1);
      if (cheops_problem_append_threat (g_string_append (comment, ", threat: "), start, r, k, limits))
        ;
      else
        g_string_truncate (comment, 3);
      if (!cheops_game_set_comment_after (game, knode, comment->str, error))
        return FALSE;
      for (int d = 0; d < key->n_defences; d++)
        {
          const CheopsSolveDefence *def = &key->defences[d];
          CheopsGameNode *dnode = cheops_game_add_move (game, knode, def->move, error);

          if (dnode == NULL)
            return FALSE;
          if (def->n_wins > 1 && !cheops_game_set_comment_after (game, dnode, "dual", error))
            return FALSE;
          for (int w = 0; w < def->n_wins; w++)
            if (cheops_game_add_move (game, dnode, def->wins[w], error) == NULL)
              return FALSE;
        }
    }
  for (int t = 0; t < r->n_tries; t++)
    {
      CheopsMove refutation = cheops_problem_only_refutation (start, r, t, limits);
      CheopsGameNode *tnode, *rnode;

      if (refutation == CHEOPS_MOVE_NONE)
        continue;
      tnode = cheops_game_add_move (game, root, r->tries[t].move, error);
      if (tnode == NULL)
        return FALSE;
      cheops_game_set_nags (game, tnode, &mistake, 1);
      if (!cheops_game_set_comment_after (game, tnode, "try", error))
        return FALSE;
      rnode = cheops_game_add_move (game, tnode, refutation, error);
      if (rnode == NULL)
        return FALSE;
      cheops_game_set_nags (game, rnode, &good, 1);
      if (!cheops_game_set_comment_after (game, rnode, "the only refutation", error))
        return FALSE;
    }
  return TRUE;
}

