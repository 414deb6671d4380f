/* studio-window-solve.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Solve mode in a StudioWindow (win.solve, win.solve-file): the board
 * stays, the side pane shows the StudioSolvePanel instead of the moves and
 * the analysis (so the solution is nowhere on screen), the evaluation bar
 * is hidden and the analysis paused, and the board shows the panel's
 * session: the moves played there go to the panel, which judges them.  The
 * document is not touched: leaving solve mode (Leave Solve Mode, Escape,
 * or another game opened in the window) shows the game as it was, at the
 * move it was at, with the analysis as it was.
 *
 * Next Problem goes to the next game of the file that has a stipulation
 * (the document shows that game, as Alt+Page Down would).  A file opened
 * for solving (win.solve-file) starts at the problem its progress names as
 * current (studio-solve-progress.h), else at its first problem.
 */
#define G_LOG_DOMAIN "studio-window-solve"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-window-private.h"

/* The first game at or after @from of the document that is a problem, or
 * -1. */
static int
find_problem (StudioWindow *self,
              guint         from)
{
  guint n = studio_document_get_n_games (self->document);

  for (guint i = from; i < n; i++)
    if (studio_solve_read_stipulation (studio_document_get_game_at (self->document, i), NULL, NULL))
      return (int) i;
  return -1;
}

/**
 * _studio_window_solve_update_status:
 * @self: a #StudioWindow in solve mode
 *
 * The line under the board in solve mode: who is to move in the session's
 * position (in check or not) or how the game ended there, and what the
 * game explains of a move just tried on the board (the scene's note).
 */
void
_studio_window_solve_update_status (StudioWindow *self)
{
  StudioSolveSession *session = studio_solve_panel_get_session (self->solve_panel);
  const char *tried = studio_board_scene_get_note (self->scene);
  g_autofree char *text = NULL;
  CheopsGameNode *node;
  CheopsGame *problem;
  CheopsOutcome outcome;

  if (session == NULL)
    return;
  node = studio_solve_session_get_node (session);
  problem = studio_solve_session_get_problem (session);
  outcome = cheops_game_node_get_outcome (node);
  if (outcome != CHEOPS_OUTCOME_NONE)
    text = cheops_game_describe_outcome (problem, outcome);
  else
    {
      const char *mover = _(cheops_game_get_side_name (problem, cheops_game_node_get_position (node)->side_to_move));

      text = cheops_game_node_in_check (node) ? g_strdup_printf (_("%s to move, in check"), mover)
                                              : g_strdup_printf (_("%s to move"), mover);
    }
  if (tried != NULL)
    {
      char *both = g_strdup_printf ("%s · %s", text, tried);

      g_free (text);
      text = both;
    }
  gtk_label_set_text (self->status_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), TRUE);
}

/* The hint's mark on the board. */
static void
solve_mark_hint (StudioWindow *self)
{
  StudioShape mark = { 0 };

  mark.from = mark.to = self->solve_hint_cell;
  /* Blue: seen on every game's pieces (a green ring vanished on a Green
   * Cheops piece). */
  mark.brush = STUDIO_BRUSH_BLUE;
  studio_board_scene_set_shapes (self->scene, &mark, 1);
}

/**
 * _studio_window_solve_forget_hint:
 * @self: a #StudioWindow
 *
 * Drops the last hint (another problem, the end of solve mode, dispose).
 */
void
_studio_window_solve_forget_hint (StudioWindow *self)
{
  g_clear_pointer (&self->solve_hint_node, cheops_game_node_unref);
}

/**
 * _studio_window_solve_sync_board:
 * @self: a #StudioWindow in solve mode
 *
 * Shows the session's position on the board, with its moves only while
 * the solver is to move, and says under the board who is to move or how
 * the game ended.
 */
void
_studio_window_solve_sync_board (StudioWindow *self)
{
  StudioSolveSession *session = studio_solve_panel_get_session (self->solve_panel);
  CheopsGameNode *node;
  guint n_moves = 0;
  const CheopsMove *moves;

  if (session == NULL)
    return;
  node = studio_solve_session_get_node (session);
  moves = cheops_game_node_get_moves (node, &n_moves);
  if (studio_solve_session_get_state (session) != STUDIO_SOLVE_STATE_TO_MOVE)
    n_moves = 0;
  studio_board_scene_set_node_position (self->scene, cheops_game_node_get_position (node),
                                        cheops_game_node_get_move (node), moves, n_moves,
                                        cheops_game_node_in_check (node));
  studio_board_scene_set_shapes (self->scene, NULL, 0);
  /* Back at the hinted position (a wrong move taken back): the hint stays. */
  if (node == self->solve_hint_node && n_moves > 0)
    solve_mark_hint (self);
  studio_board_scene_set_engine_arrow (self->scene, CHEOPS_MOVE_NONE);
  studio_board_scene_set_threat_arrow (self->scene, CHEOPS_MOVE_NONE);

  _studio_window_solve_update_status (self);
}

static void
solve_position_changed_cb (StudioWindow     *self,
                           StudioSolvePanel *panel)
{
  if (self->mode == STUDIO_WINDOW_MODE_SOLVE)
    _studio_window_solve_sync_board (self);
}

/* Hint: a mark on the piece to move (on the cell dropped on, for a drop). */
static void
solve_hint_cb (StudioWindow     *self,
               guint             move,
               StudioSolvePanel *panel)
{
  StudioSolveSession *session = studio_solve_panel_get_session (panel);

  if (self->mode != STUDIO_WINDOW_MODE_SOLVE || session == NULL)
    return;
  _studio_window_solve_forget_hint (self);
  self->solve_hint_node = cheops_game_node_ref (studio_solve_session_get_node (session));
  self->solve_hint_cell = cheops_move_kind ((CheopsMove) move) == CHEOPS_MOVE_DROP ? cheops_move_to ((CheopsMove) move)
                                                                                  : cheops_move_from ((CheopsMove) move);
  solve_mark_hint (self);
}

/* Shows problem @index of the document in the panel. */
static gboolean
solve_show_problem (StudioWindow  *self,
                    guint          index,
                    GError       **error)
{
  CheopsGame *game = studio_document_get_game_at (self->document, index);
  GFile *file = studio_document_get_file (self->document);
  g_autofree char *uri = file != NULL && !studio_document_get_is_sample (self->document) ? g_file_get_uri (file) : NULL;

  if (game == NULL)
    return FALSE;
  _studio_window_solve_forget_hint (self);
  if (!studio_solve_panel_set_problem (self->solve_panel, game, index,
                                       studio_document_get_n_games (self->document),
                                       find_problem (self, index + 1), uri, error))
    return FALSE;

  if (studio_document_get_game_index (self->document) != index)
    {
      self->solve_switching = TRUE;
      studio_document_show_game (self->document, index);
      self->solve_switching = FALSE;
    }
  _studio_window_solve_sync_board (self);
  return TRUE;
}

static void
solve_next_cb (StudioWindow     *self,
               StudioSolvePanel *panel)
{
  int next = find_problem (self, studio_document_get_game_index (self->document) + 1);

  if (self->mode == STUDIO_WINDOW_MODE_SOLVE && next >= 0)
    solve_show_problem (self, (guint) next, NULL);
}

static void
solve_done_cb (StudioWindow     *self,
               StudioSolvePanel *panel)
{
  _studio_window_end_solve (self);
}

/**
 * _studio_window_solve_init:
 * @self: a #StudioWindow
 *
 * Connects the solve panel; called once from the window's init.
 */
void
_studio_window_solve_init (StudioWindow *self)
{
  g_signal_connect_object (self->solve_panel, "position-changed",
                           G_CALLBACK (solve_position_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solve_panel, "hint",
                           G_CALLBACK (solve_hint_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solve_panel, "next",
                           G_CALLBACK (solve_next_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->solve_panel, "done",
                           G_CALLBACK (solve_done_cb), self, G_CONNECT_SWAPPED);
}

/**
 * _studio_window_current_is_problem:
 * @self: a #StudioWindow
 *
 * Returns: whether the game shown has a stipulation solve mode reads
 */
gboolean
_studio_window_current_is_problem (StudioWindow *self)
{
  return studio_solve_read_stipulation (studio_document_get_game (self->document), NULL, NULL);
}

/**
 * _studio_window_begin_solve:
 * @self: a #StudioWindow
 * @index: the game of the document to solve
 *
 * Enters solve mode with problem @index (the document then shows that
 * game).  Nothing happens while a position is set up; in solve mode
 * already, the panel changes problem.
 *
 * Returns: %FALSE with a toast saying why if game @index is no problem
 */
gboolean
_studio_window_begin_solve (StudioWindow *self,
                            guint         index)
{
  g_autoptr(GError) error = NULL;
  gboolean was_solving = self->mode == STUDIO_WINDOW_MODE_SOLVE;

  if (self->mode == STUDIO_WINDOW_MODE_SETUP)
    return FALSE;

  /* The analysis pauses first: the document may go to another game. */
  if (!was_solving)
    _studio_window_enter_mode (self, STUDIO_WINDOW_MODE_SOLVE);
  if (!solve_show_problem (self, index, &error))
    {
      if (!was_solving)
        {
          self->mode = STUDIO_WINDOW_MODE_GAME;
          _studio_window_resume_analysis (self);
        }
      if (error != NULL)
        {
          /* Translators: %s says what is wrong with the stipulation */
          g_autofree char *message = g_strdup_printf (_("This game is no problem to solve: %s"), error->message);

          _studio_window_toast (self, message);
        }
      return FALSE;
    }
  if (!was_solving)
    _studio_window_show_mode_views (self);
  studio_window_show_game (self);
  _studio_window_solve_sync_board (self);
  return TRUE;
}

/**
 * _studio_window_end_solve:
 * @self: a #StudioWindow
 *
 * Leaves solve mode: the engine of the panel stops, and the window shows
 * the document's game as it was (the game of the last problem solved, at
 * the move it was at), with the analysis running again if it was.
 */
void
_studio_window_end_solve (StudioWindow *self)
{
  if (self->mode != STUDIO_WINDOW_MODE_SOLVE)
    return;

  self->mode = STUDIO_WINDOW_MODE_GAME;
  _studio_window_solve_forget_hint (self);
  studio_solve_panel_stop (self->solve_panel);
  _studio_window_show_mode_views (self);
  _studio_window_sync_board (self);
  _studio_window_resume_analysis (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  _studio_window_update_title (self);
  _studio_window_update_actions (self);
}

/**
 * _studio_window_solve_after_load:
 * @self: a #StudioWindow whose document was just loaded for solving
 *
 * Enters solve mode at the file's current problem (its recorded progress),
 * or its first problem; says so if the file holds none.
 */
void
_studio_window_solve_after_load (StudioWindow *self)
{
  GFile *file = studio_document_get_file (self->document);
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : NULL;
  int index = -1;

  if (uri != NULL)
    {
      g_autoptr(StudioSolveProgress) progress = studio_solve_progress_new (NULL);
      guint current = studio_solve_progress_get_current (progress, uri);

      if (current < studio_document_get_n_games (self->document) &&
          studio_solve_read_stipulation (studio_document_get_game_at (self->document, current), NULL, NULL))
        index = (int) current;
    }
  if (index < 0)
    index = find_problem (self, 0);
  if (index < 0)
    {
      _studio_window_toast (self, _("This file holds no problem to solve (a game with a [Stipulation \"#N\"] tag)"));
      return;
    }
  _studio_window_begin_solve (self, (guint) index);
}

/**
 * studio_window_solve_file:
 * @self: a #StudioWindow
 * @file: a file of problems
 *
 * Opens @file as win.open does (in a new window if this one holds unsaved
 * work) and enters solve mode there once it is read.
 */
void
studio_window_solve_file (StudioWindow *self,
                          GFile        *file)
{
  StudioWindow *target;

  g_return_if_fail (STUDIO_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  target = _studio_window_target_for_new_work (self, _("The problems"));
  if (target->mode == STUDIO_WINDOW_MODE_SOLVE)
    _studio_window_end_solve (target);
  g_object_set_data (G_OBJECT (target), "studio-solve-after-load", GINT_TO_POINTER (1));
  studio_window_open_file (target, file);
}

/**
 * studio_window_get_solve_panel:
 * @self: a #StudioWindow
 *
 * Returns: (transfer none): the solve panel (for tests)
 */
GtkWidget *
studio_window_get_solve_panel (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), NULL);
  return GTK_WIDGET (self->solve_panel);
}

/**
 * studio_window_get_solving:
 * @self: a #StudioWindow
 *
 * Returns: whether the window is in solve mode
 */
gboolean
studio_window_get_solving (StudioWindow *self)
{
  g_return_val_if_fail (STUDIO_IS_WINDOW (self), FALSE);
  return self->mode == STUDIO_WINDOW_MODE_SOLVE;
}
