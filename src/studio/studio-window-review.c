/* studio-window-review.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's whole-game analysis actions (the panel and the driver are
 * studio-review-panel.c and studio-review.c):
 *   win.analyse-game    "Analyse Game…": the dialog, then the run
 *   win.remove-analysis "Remove Analysis": what the last run added, in one
 *                       undo step
 *   win.next-mistake, win.previous-mistake (Alt+N, Alt+P): the next or the
 *                       previous move of the current line marked ?!, ?
 *                       or ?? (the review's glyphs or anyone's)
 */
#define G_LOG_DOMAIN "studio-window-review"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-window-private.h"

static void
studio_window_review_analyse (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  /* A game without moves has nothing to judge: said at once, the game
   * untouched (a fresh user's review of a new game marked it modified,
   * added an undo step and left "No move could be judged"). */
  if (!studio_document_get_has_moves (self->document))
    {
      _studio_window_toast (self, _("This game has no moves to analyse yet"));
      return;
    }
  studio_review_panel_show_dialog (self->review_panel, GTK_WINDOW (self));
}

static void
studio_window_review_remove (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

  studio_review_panel_remove (self->review_panel);
}

static gboolean
is_mistake (CheopsGameNode *node)
{
  guint8 glyph = cheops_game_node_get_move_glyph (node);

  return glyph == CHEOPS_NAG_DUBIOUS || glyph == CHEOPS_NAG_MISTAKE || glyph == CHEOPS_NAG_BLUNDER;
}

/* The next (@forward) or previous move marked ?!, ? or ?? from @node along
 * its line (forwards: each node's first child; backwards: its parents),
 * or NULL. */
CheopsGameNode *
_studio_window_review_find_mistake (CheopsGameNode *node,
                                    gboolean        forward)
{
  if (node == NULL)
    return NULL;
  for (node = forward ? cheops_game_node_get_next (node) : cheops_game_node_get_parent (node);
       node != NULL && !cheops_game_node_is_root (node);
       node = forward ? cheops_game_node_get_next (node) : cheops_game_node_get_parent (node))
    if (is_mistake (node))
      return node;
  return NULL;
}

static void
studio_window_review_go_mistake (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;
  gboolean forward = g_str_equal (action_name, "win.next-mistake");
  CheopsGameNode *node = _studio_window_review_find_mistake (studio_document_get_current (self->document), forward);

  if (node != NULL)
    {
      studio_document_set_current (self->document, node);
      return;
    }
  /* Nothing to go to is said (issue 21: Alt+N without a review was
   * silent): none marked on this line yet, or none further this way. */
  if (_studio_window_review_find_mistake (studio_document_get_current (self->document), !forward) == NULL &&
      !is_mistake (studio_document_get_current (self->document)))
    {
      if (studio_review_panel_get_running (self->review_panel))
        _studio_window_toast (self, _("No move of this line is marked as a mistake yet: the review is running"));
      else
        _studio_window_toast_with_action (self, _("No move of this line is marked as a mistake: the game has no review"),
                                          _("_Analyse Game…"), "win.analyse-game");
    }
  else
    _studio_window_toast (self, forward ? _("No mistake after this move") : _("No mistake before this move"));
}

/* Enables the two actions: only on a game being played (not while a
 * position is set up), analysing only when no run goes on. */
void
_studio_window_review_update_actions (StudioWindow *self,
                                      gboolean      playing)
{
  gboolean running = studio_review_panel_get_running (self->review_panel);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.analyse-game", playing && !running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.remove-analysis",
                                 playing && !running && studio_review_panel_can_remove (self->review_panel));
}

void
_studio_window_review_init (StudioWindow *self)
{
  g_signal_connect_object (self->review_panel, "state-changed",
                           G_CALLBACK (_studio_window_update_actions), self, G_CONNECT_SWAPPED);
}

void
_studio_window_class_review_init (StudioWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (STUDIO_TYPE_REVIEW_PANEL);
  gtk_widget_class_bind_template_child (widget_class, StudioWindow, review_panel);
  gtk_widget_class_install_action (widget_class, "win.analyse-game", NULL, studio_window_review_analyse);
  gtk_widget_class_install_action (widget_class, "win.remove-analysis", NULL, studio_window_review_remove);
  gtk_widget_class_install_action (widget_class, "win.next-mistake", NULL, studio_window_review_go_mistake);
  gtk_widget_class_install_action (widget_class, "win.previous-mistake", NULL, studio_window_review_go_mistake);
}
