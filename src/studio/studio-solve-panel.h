/* studio-solve-panel.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioSolvePanel: the side pane of solve mode.  It holds the
 * StudioSolveSession of the problem shown (studio-solve-session.h: how
 * moves are judged), asks the engine for the defence and for its verdict
 * where the file's lines end, says right or wrong, counts wrong moves and
 * hints, shows the solution on request, and records the progress of a
 * problem read from a file (studio-solve-progress.h).  The window shows
 * its session's position on the board and hands it the moves played there.
 */
#pragma once

#include <gtk/gtk.h>

#include "studio-solve-session.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_SOLVE_PANEL (studio_solve_panel_get_type ())

G_DECLARE_FINAL_TYPE (StudioSolvePanel, studio_solve_panel, STUDIO, SOLVE_PANEL, GtkWidget)

GtkWidget          *studio_solve_panel_new             (void);

/**
 * studio_solve_panel_set_problem:
 * @self: a #StudioSolvePanel
 * @problem: the problem (a game with a stipulation)
 * @index: its 0-based place in its file
 * @n_games: the number of games in its file
 * @next_index: the place of the next problem of the file, or -1 if none
 * @uri: (nullable): the file's URI, under which progress is recorded;
 *   %NULL for a problem of no file (nothing is recorded)
 * @error: a #GError, or %NULL
 *
 * Starts solving @problem (any engine search for the one before is
 * dropped).  The file's record of it (solved before, wrong moves, hints)
 * is read again, so a window opened later sees what an earlier one wrote;
 * the file's "current" problem becomes @index.
 *
 * Returns: %FALSE with the error of studio_solve_read_stipulation() if
 *   @problem is not one; the panel then keeps the problem it had
 */
gboolean            studio_solve_panel_set_problem     (StudioSolvePanel *self,
                                                        CheopsGame       *problem,
                                                        guint             index,
                                                        guint             n_games,
                                                        int               next_index,
                                                        const char       *uri,
                                                        GError          **error);
/* The session of the problem shown (owned by the panel), or NULL. */
StudioSolveSession *studio_solve_panel_get_session     (StudioSolvePanel *self);
/* The move played on the board: judged by the session (studio-solve-session.h);
 * the panel says what it made of it and emits "position-changed". */
void                studio_solve_panel_play            (StudioSolvePanel *self,
                                                        CheopsMove        move);
/* Whether the engine is being waited for (no move may be played). */
gboolean            studio_solve_panel_get_busy        (StudioSolvePanel *self);
/* Stops any engine search (when solve mode ends). */
void                studio_solve_panel_stop            (StudioSolvePanel *self);
/* How long the engine may look for the defence and the win (milliseconds;
 * 2000 until set): it answers at once when it proves the win in time. */
void                studio_solve_panel_set_engine_time (StudioSolvePanel *self,
                                                        guint             msec);
/* The texts shown, for tests: the verdict line, the counts line ("Wrong
 * moves: 1 · Hints: 0"), the solution (NULL until shown). */
const char         *studio_solve_panel_get_message     (StudioSolvePanel *self);
const char         *studio_solve_panel_get_counts      (StudioSolvePanel *self);
const char         *studio_solve_panel_get_solution    (StudioSolvePanel *self);

/* Signals: "position-changed" (the session's node changed: show it),
 * "hint" (guint move: mark its piece on the board), "next" (go to the next
 * problem, next_index), "done" (leave solve mode). */

G_END_DECLS
