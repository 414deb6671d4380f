/* cheops-problem-write.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What verifying a problem found, written into its game as composers
 * write a solution (issue 26), and the solver's answers it is made of: the
 * keys' threats and the tries' only refutations.  Shared by `cheops problem
 * verify` (--full, --write) and the studio's Problem panel.  The solves
 * these make run in the calling thread, under @limits (may be NULL).
 */
#pragma once

#include <glib.h>

#include "cheops-game-model.h"
#include "solve.h"

G_BEGIN_DECLS

/* The attacker's first moves in @pos that fulfil @genre's stipulation (#,
 * s#) in @depth moves (its keys), as ", "-separated record notation
 * appended to @out; returns how many, or -1 when out of memory or
 * undecided (0 when @depth < 1). */
int         cheops_problem_append_wins      (GString                 *out,
                                             const CheopsPosition    *pos,
                                             CheopsSolveGenre         genre,
                                             int                      depth,
                                             const CheopsSolveLimits *limits);

/* Appends the threat of @r's key @k (#N, s#N with N >= 2; @start the
 * problem's position) to @out: the attacker's moves that fulfil the
 * stipulation in N - 1 if the defender could pass, "none, the key checks"
 * (the defender may not pass in check) or "none (a waiting move)".
 * FALSE (nothing written) when the key ends the game itself or N is 1. */
gboolean    cheops_problem_append_threat    (GString                 *out,
                                             const CheopsPosition    *start,
                                             const CheopsSolveResult *r,
                                             int                      k,
                                             const CheopsSolveLimits *limits);

/* The one defence that refutes @r's try @t (#N, s#N), or CHEOPS_MOVE_NONE
 * when none or more than one does, or the try ends the game itself.  For
 * s#N a defence refutes when it ends the game without the defender's win,
 * or leaves the attacker no s#(N - 1) (at s#1: when it does not end the
 * game). */
CheopsMove  cheops_problem_only_refutation  (const CheopsPosition    *start,
                                             const CheopsSolveResult *r,
                                             int                      t,
                                             const CheopsSolveLimits *limits);

/* Adds @r, the verification of @game's problem from its start position,
 * to @game as one undo step: for #N and s#N each key (with "!" and the
 * comment "key", with its threat) and under it every defence with its
 * winning continuations (the comment "dual" after a defence that leaves
 * more than one), then each try refuted by one defence only ("?", the
 * comment "try", its refutation with "!" and "the only refutation"); for
 * h#N each solution found, as a line.  The moves the game has are kept (a
 * key it gives is reused, the others come as variations); ser-#N adds
 * nothing, a game file cannot hold the passes.  Returns FALSE with @error
 * when the game refuses a move or a comment (not reached: every move is
 * the core's). */
gboolean    cheops_problem_write_solution   (CheopsGame              *game,
                                             const CheopsSolveResult *r,
                                             const CheopsSolveLimits *limits,
                                             GError                 **error);

G_END_DECLS
