/* studio-window-learn.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's Learn from Your Mistakes (issue 22; studio-learn-panel.c):
 * win.learn opens the panel as a view of the side pane (Learn), which
 * asks whose mistakes to replay; while a mistake is shown, a move played
 * on the board or typed in the move entry (Ctrl+M) is the
 * panel's answer, not a move of the game, and the panel's hints are drawn
 * with the board's shapes.
 */
#define G_LOG_DOMAIN "studio-window-learn"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-move-entry.h"
#include "studio-window-private.h"

/* Why the analysis is off while Learn asks (translated). */
#define LEARN_HIDDEN_REASON _("The analysis is hidden while Learn asks for a better move: find it, or skip.")

/**
 * _studio_window_learn_update_actions:
 * @self: a #StudioWindow
 * @playing: whether the game is shown and neither set up nor solved
 *
 * win.learn is for a game shown.  A game without a move marked ? or ?? is
 * not greyed out (the menu would not say why, and Ctrl+Shift+M would do
 * nothing): the action says so, and offers Analyse Game.
 */
void
_studio_window_learn_update_actions (StudioWindow *self,
                                     gboolean      playing)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.learn", playing);
}

/* win.learn: the Learn view, at its first page (whose mistakes). */
static void
studio_window_learn_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  if (!studio_learn_panel_open (self->learn_panel))
    {
      /* Analyse Game is offered where there are moves to analyse. */
      if (!studio_document_get_has_moves (self->document))
        _studio_window_toast (self, _("This game has no moves yet: play a game, or open one, and review it first"));
      else
        _studio_window_toast_with_action (self, _("No move of this game is marked ? or ??: review it first"),
                                          _("_Analyse Game…"), "win.analyse-game");
      return;
    }
  /* Brought to the front even when it was open already. */
  _studio_window_views_show (self, "learn");
}

/**
 * _studio_window_learn_take_move:
 * @self: a #StudioWindow
 * @move: a move played on the board
 *
 * Returns: whether the move was the answer to the mistake shown (then it
 *   is not played in the game)
 */
gboolean
_studio_window_learn_take_move (StudioWindow *self,
                                CheopsMove    move)
{
  return self->learn_panel != NULL && studio_learn_panel_take_move (self->learn_panel, move);
}

/**
 * _studio_window_learn_add_shapes:
 * @self: a #StudioWindow
 * @shapes: (element-type StudioShape): the board's shapes
 *
 * Adds the session's hints (studio_learn_panel_add_shapes()).
 */
void
_studio_window_learn_add_shapes (StudioWindow *self,
                                 GArray       *shapes)
{
  if (self->learn_panel != NULL)
    studio_learn_panel_add_shapes (self->learn_panel, shapes);
}

/**
 * _studio_window_learn_hides_analysis:
 * @self: a #StudioWindow
 *
 * Returns: whether Learn asks for a better move now: the analysis (engine
 *   lines, arrows) and the review's better line stay hidden meanwhile
 */
gboolean
_studio_window_learn_hides_analysis (StudioWindow *self)
{
  StudioLearnState state;

  if (self->learn_panel == NULL)
    return FALSE;
  state = studio_learn_panel_get_state (self->learn_panel);
  return state == STUDIO_LEARN_ASKING || state == STUDIO_LEARN_CHECKING;
}

/* The hints changed, or the question: the board redrawn; while a better
 * move is asked for, nothing gives the answer away (as Lichess does): the
 * move list hides the review's better line, and the analysis running is
 * stopped (its lines and arrows) until the move is found or the session
 * ends, when it runs again. */
static void
shapes_changed_cb (StudioWindow *self)
{
  gboolean asking = _studio_window_learn_hides_analysis (self);

  studio_move_tree_view_set_secret (self->move_tree,
                                    asking ? studio_learn_panel_get_mistake (self->learn_panel) : NULL);
  if (asking)
    {
      if (studio_analysis_panel_get_running (self->analysis_panel))
        self->learn_paused_analysis = TRUE;
      studio_analysis_panel_set_blocked (self->analysis_panel, LEARN_HIDDEN_REASON);
      studio_board_scene_set_engine_arrow (self->scene, CHEOPS_MOVE_NONE);
      studio_board_scene_set_threat_arrow (self->scene, CHEOPS_MOVE_NONE);
    }
  else if (g_strcmp0 (studio_analysis_panel_get_blocked (self->analysis_panel), LEARN_HIDDEN_REASON) == 0)
    {
      studio_analysis_panel_set_blocked (self->analysis_panel, _studio_window_play_hides_analysis (self)
                                                               ? _studio_window_play_hidden_reason () : NULL);
      if (self->learn_paused_analysis)
        studio_analysis_panel_set_running (self->analysis_panel, TRUE);
      self->learn_paused_analysis = FALSE;
    }
  _studio_window_sync_board (self);
}

static gboolean
take_typed_move (CheopsMove move,
                 gpointer   data)
{
  return _studio_window_learn_take_move (data, move);
}

void
_studio_window_class_learn_init (StudioWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.learn", NULL, studio_window_learn_action);
}

/**
 * _studio_window_learn_init:
 * @self: a #StudioWindow, its views and its move entry made
 *
 * Adds the Learn view to the side pane, hidden until win.learn; the move
 * entry's moves go to it while it waits for an answer.
 */
void
_studio_window_learn_init (StudioWindow *self)
{
  self->learn_panel = STUDIO_LEARN_PANEL (studio_learn_panel_new ());
  /* Translators: the side pane's view of Learn from Your Mistakes */
  _studio_window_views_add (self, "learn", _("Learn"), GTK_WIDGET (self->learn_panel));
  g_signal_connect_object (self->learn_panel, "shapes-changed", G_CALLBACK (shapes_changed_cb), self,
                           G_CONNECT_SWAPPED);
  if (self->document != NULL)
    studio_learn_panel_set_document (self->learn_panel, self->document);
  studio_move_entry_set_take_func (self->move_entry, take_typed_move, self);
}
