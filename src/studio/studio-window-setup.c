/* studio-window-setup.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Setting up a position in a StudioWindow (win.setup-position): the board
 * stays, the side pane shows the StudioSetupPanel instead of the moves and
 * the analysis, and the board scene goes into editing mode, its clicks and
 * drags going to the panel.  Meanwhile no move is played, the analysis is
 * paused (and the evaluation bar hidden), and the actions that walk or
 * change the game are off (_studio_window_update_actions()).
 *
 * Done opens the position as a new game — in this window, or in a new one
 * when this one holds unsaved changes, as _studio_window_take_text() does,
 * so no work is thrown away; the game file then carries [SetUp "1"] and
 * [FEN "…"] (DESIGN.md section 4).  Cancel (or Escape) goes back to the
 * game as it was.
 */
#define G_LOG_DOMAIN "studio-window-setup"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-window-private.h"

static void
setup_position_changed_cb (StudioWindow     *self,
                           StudioSetupPanel *panel)
{
  if (self->mode != STUDIO_WINDOW_MODE_SETUP)
    return;

  studio_board_scene_set_position (self->scene, studio_setup_panel_get_position (panel), CHEOPS_MOVE_NONE);
}

static void
scene_edit_cell_cb (StudioWindow     *self,
                    guint             cell,
                    gboolean          primary,
                    StudioBoardScene *scene)
{
  if (self->mode == STUDIO_WINDOW_MODE_SETUP)
    studio_setup_panel_click_cell (self->setup_panel, (CheopsCell) cell, primary);
}

static void
scene_edit_move_cb (StudioWindow     *self,
                    guint             from,
                    guint             to,
                    StudioBoardScene *scene)
{
  if (self->mode == STUDIO_WINDOW_MODE_SETUP)
    studio_setup_panel_move_piece (self->setup_panel, (CheopsCell) from, (CheopsCell) to);
}

static void
setup_flip_cb (StudioWindow     *self,
               StudioSetupPanel *panel)
{
  studio_board_scene_set_flipped (self->scene, !studio_board_scene_get_flipped (self->scene));
}

static void
setup_done_cb (StudioWindow     *self,
               StudioSetupPanel *panel)
{
  _studio_window_end_setup (self, TRUE);
}

static void
setup_cancel_cb (StudioWindow     *self,
                 StudioSetupPanel *panel)
{
  _studio_window_end_setup (self, FALSE);
}

/**
 * _studio_window_setup_init:
 * @self: a #StudioWindow
 *
 * Connects the set-up panel and the board scene's editing signals; called
 * once from the window's init.
 */
void
_studio_window_setup_init (StudioWindow *self)
{
  g_signal_connect_object (self->setup_panel, "position-changed",
                           G_CALLBACK (setup_position_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup_panel, "done",
                           G_CALLBACK (setup_done_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup_panel, "flip",
                           G_CALLBACK (setup_flip_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup_panel, "cancel",
                           G_CALLBACK (setup_cancel_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->setup_panel, "notify::typing",
                           G_CALLBACK (_studio_window_update_actions),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "edit-cell",
                           G_CALLBACK (scene_edit_cell_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->scene, "edit-move",
                           G_CALLBACK (scene_edit_move_cb),
                           self, G_CONNECT_SWAPPED);
}

/**
 * _studio_window_setup_take_text:
 * @self: a #StudioWindow
 * @text: pasted or dropped text
 *
 * While setting up a position, pasted or dropped text goes into the FEN
 * entry, on one line, where the core reads it or says what is wrong.
 *
 * Returns: whether the text was taken (%FALSE when not setting up)
 */
gboolean
_studio_window_setup_take_text (StudioWindow *self,
                                const char   *text)
{
  g_autofree char *line = NULL;

  if (self->mode != STUDIO_WINDOW_MODE_SETUP)
    return FALSE;

  line = g_strdelimit (g_strstrip (g_strdup (text)), "\r\n\t", ' ');
  studio_setup_panel_set_fen (self->setup_panel, line);

  return TRUE;
}

/**
 * _studio_window_begin_setup:
 * @self: a #StudioWindow
 *
 * Starts setting up a position from the current position of the game (its
 * side to move and counters too).  Nothing happens if a set-up is under
 * way already.
 */
void
_studio_window_begin_setup (StudioWindow *self)
{
  CheopsGame *game = studio_document_get_game (self->document);

  /* One mode at a time (win.setup-position is off in the others). */
  if (self->mode != STUDIO_WINDOW_MODE_GAME)
    return;

  self->setup_from_start = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "start") == 0;
  _studio_window_enter_mode (self, STUDIO_WINDOW_MODE_SETUP);
  /* The set-up panel says who is to move. */
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), FALSE);

  /* Editing first: the position may soon lack a King, and the scene then
   * must not ask the core for moves. */
  studio_board_scene_set_editing (self->scene, TRUE);
  studio_board_scene_set_shapes (self->scene, NULL, 0);
  studio_setup_panel_set_green_side (self->setup_panel, cheops_game_get_colour_side (game, 0));
  studio_setup_panel_set_position (self->setup_panel, studio_document_get_position (self->document));

  _studio_window_show_mode_views (self);
  studio_window_show_game (self);
}

/**
 * _studio_window_end_setup:
 * @self: a #StudioWindow
 * @accept: %TRUE for Done, %FALSE for Cancel
 *
 * Ends the set-up.  With @accept, and if the core reads the set-up as a
 * position, it becomes a new game: in this window, or in a new window when
 * this one holds unsaved changes.  The game keeps the colours the set-up
 * was drawn in (its GreenCorner).  Without @accept, the window shows the
 * game as it was (or the start page, if the set-up began there).
 */
void
_studio_window_end_setup (StudioWindow *self,
                          gboolean      accept)
{
  g_autoptr(CheopsGame) game = NULL;
  StudioWindow *target = self;

  if (self->mode != STUDIO_WINDOW_MODE_SETUP)
    return;

  if (accept)
    {
      g_autoptr(GError) error = NULL;
      char fen[CHEOPS_FEN_MAX];

      if (!studio_setup_panel_get_valid (self->setup_panel))
        return;

      cheops_position_to_fen (studio_setup_panel_get_position (self->setup_panel), fen, sizeof fen);
      game = cheops_game_new_from_fen (studio_setup_panel_get_position (self->setup_panel)->variant, fen, &error);
      if (game == NULL)
        {
          /* The panel said the core reads it: not expected. */
          _studio_window_toast (self, error->message);
          return;
        }
      if (studio_setup_panel_get_green_side (self->setup_panel) == CHEOPS_SIDE_B
          && cheops_game_get_variant (game)->colour_tag != NULL)
        {
          const CheopsVariant *variant = cheops_game_get_variant (game);
          char letter[2] = { variant->sides[CHEOPS_SIDE_B].letter, '\0' };

          cheops_game_set_tag (game, variant->colour_tag, letter, NULL);
          cheops_game_clear_history (game);
          cheops_game_set_saved (game);
        }
    }

  /* Back to the game: the board shows the document again before the scene
   * leaves editing mode (the set-up may be no position at all). */
  self->mode = STUDIO_WINDOW_MODE_GAME;
  _studio_window_sync_board (self);
  studio_board_scene_set_editing (self->scene, FALSE);
  _studio_window_show_mode_views (self);

  if (game != NULL)
    {
      /* Never drop unsaved work: the new game then gets its own tab. */
      target = _studio_window_show_new_game (self, game, _("The position"));
    }

  if (target == self && !accept && self->setup_from_start)
    gtk_stack_set_visible_child_name (self->stack, "start");

  _studio_window_resume_analysis (self);
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "game") == 0)
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  _studio_window_update_title (self);
  _studio_window_update_actions (self);
}
