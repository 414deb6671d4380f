/* studio-window-views.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The views of the side pane (issue 21): under the move list, which always
 * keeps its room, one view at a time in a GtkStack with a GtkStackSwitcher
 * — Analysis (the engine lines), Review (the whole-game analysis's
 * progress or summary), Problem (win.problem), Suite (a test-position
 * suite, studio-window-suite.c) and Learn (Learn from Your Mistakes,
 * studio-window-learn.c).  The evaluation graph stays under the
 * moves it charts, as a way through them.  Set Up and solve
 * mode take the whole side pane instead (the side pane's own stack).
 *
 * A view that has nothing to say is hidden (Review without a run or
 * summary of this game, Problem until asked for, Suite until one is
 * opened), and the switcher with it when only one view is left.  A view
 * that gets something to say comes to the front.  Which view is shown is
 * the tab's: each tab remembers its own (studio-window-tabs.c).
 */
#define G_LOG_DOMAIN "studio-window-views"

#include "studio-config.h"

#include <adwaita.h>

#include "studio-window-private.h"

/* Whether the page of @child is shown, and has something to say. */
static gboolean
view_has_content (StudioWindow *self,
                  const char   *name)
{
  if (g_str_equal (name, "analysis"))
    return TRUE;
  if (g_str_equal (name, "review"))
    return gtk_widget_get_visible (GTK_WIDGET (self->review_panel));
  if (g_str_equal (name, "problem"))
    return gtk_revealer_get_reveal_child (self->problem_revealer);
  if (g_str_equal (name, "explorer"))
    return _studio_window_explorer_is_shown (self);
  if (g_str_equal (name, "suite"))
    return self->suite_revealer != NULL && gtk_widget_get_visible (GTK_WIDGET (self->suite_revealer));
  if (g_str_equal (name, "learn"))
    return self->learn_panel != NULL && gtk_widget_get_visible (GTK_WIDGET (self->learn_panel));
  return FALSE;
}

static const char *const view_names[] = { "analysis", "review", "problem", "suite", "learn", "explorer" };

/**
 * _studio_window_views_update:
 * @self: a #StudioWindow
 *
 * Shows the views with something to say and hides the others (and the
 * switcher when one is left); a view that just got something to say comes
 * to the front, unless the window is showing another tab's state.
 */
void
_studio_window_views_update (StudioWindow *self)
{
  const char *raise = NULL;
  guint n_shown = 0;

  if (self->side_views == NULL)
    return;

  for (guint i = 0; i < G_N_ELEMENTS (view_names); i++)
    {
      GtkWidget *child = gtk_stack_get_child_by_name (self->side_views, view_names[i]);
      gboolean has = view_has_content (self, view_names[i]);

      if (child == NULL)
        continue;
      /* Brought to the front: a problem or a suite opened, a whole-game
       * analysis started. */
      if (has && !(self->views_shown & (1u << i)) && !self->binding_views)
        raise = view_names[i];
      if (has)
        self->views_shown |= 1u << i;
      else
        self->views_shown &= ~(1u << i);
      gtk_widget_set_visible (child, has);
      gtk_stack_page_set_visible (gtk_stack_get_page (self->side_views, child), has);
      n_shown += has;
    }
  gtk_widget_set_visible (self->view_switcher, n_shown > 1);
  if (raise != NULL)
    {
      gtk_stack_set_visible_child_name (self->side_views, raise);
      /* Narrow, the views take the moves' place under the board. */
      if (self->narrow && !g_str_equal (raise, "analysis"))
        gtk_toggle_button_set_active (self->analysis_toggle, TRUE);
    }
}

/**
 * _studio_window_views_get_shown:
 * @self: a #StudioWindow
 *
 * Returns: (transfer none): the name of the view shown ("analysis",
 *   "review", "problem", "suite")
 */
const char *
_studio_window_views_get_shown (StudioWindow *self)
{
  const char *name = gtk_stack_get_visible_child_name (self->side_views);

  return name != NULL ? name : "analysis";
}

/**
 * _studio_window_views_show:
 * @self: a #StudioWindow
 * @name: (nullable): a view's name, as _studio_window_views_get_shown()
 *
 * Shows view @name if it has something to say (a tab's view, back when
 * the tab is selected again); else the view shown stays.
 */
void
_studio_window_views_show (StudioWindow *self,
                           const char   *name)
{
  GtkWidget *child;

  if (name == NULL)
    return;
  child = gtk_stack_get_child_by_name (self->side_views, name);
  if (child != NULL && gtk_widget_get_visible (child))
    gtk_stack_set_visible_child (self->side_views, child);
}

/**
 * _studio_window_views_add:
 * @self: a #StudioWindow
 * @name: the view's name
 * @title: its title in the switcher, translated
 * @child: (transfer floating): the view
 *
 * Adds a view to the side pane (the Suite view), hidden until it has
 * something to say.
 */
void
_studio_window_views_add (StudioWindow *self,
                          const char   *name,
                          const char   *title,
                          GtkWidget    *child)
{
  gtk_widget_set_visible (child, FALSE);
  gtk_stack_add_titled (self->side_views, child, name, title);
  g_signal_connect_object (child, "notify::visible", G_CALLBACK (_studio_window_views_update), self,
                           G_CONNECT_SWAPPED);
}

/**
 * _studio_window_views_init:
 * @self: a #StudioWindow, its template built
 *
 * Follows what the views have to say.
 */
void
_studio_window_views_init (StudioWindow *self)
{
  g_signal_connect_object (self->review_panel, "notify::visible", G_CALLBACK (_studio_window_views_update), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->problem_revealer, "notify::reveal-child", G_CALLBACK (_studio_window_views_update),
                           self, G_CONNECT_SWAPPED);
  _studio_window_views_update (self);
}
