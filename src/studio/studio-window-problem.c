/* studio-window-problem.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Problem panel of a StudioWindow (win.problem, in the main menu):
 * shown under the analysis in the game's side pane, so that the move tree
 * stays in view while a problem's lines are verified and added; the same
 * action hides it again.  The panel itself is StudioProblemPanel.
 */
#define G_LOG_DOMAIN "studio-window-problem"

#include "studio-config.h"

#include "studio-window-private.h"

static void
problem_action_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  StudioWindow *self = STUDIO_WINDOW (widget);

  gtk_revealer_set_reveal_child (self->problem_revealer, !gtk_revealer_get_reveal_child (self->problem_revealer));
}

/**
 * _studio_window_class_problem_init:
 * @klass: the #StudioWindowClass
 *
 * Installs win.problem, which shows or hides the Problem panel (and
 * registers the panel's type for the window's template).
 */
void
_studio_window_class_problem_init (StudioWindowClass *klass)
{
  g_type_ensure (STUDIO_TYPE_PROBLEM_PANEL);
  gtk_widget_class_install_action (GTK_WIDGET_CLASS (klass), "win.problem", NULL, problem_action_cb);
}
