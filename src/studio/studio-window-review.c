/* studio-window-review.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's whole-game analysis actions (the panel and the driver are
 * studio-review-panel.c and studio-review.c):
 *   win.analyse-game    "Analyse Game…": the dialog, then the run
 *   win.remove-analysis "Remove Analysis": what the last run added, in one
 *                       undo step
 */
#define G_LOG_DOMAIN "studio-window-review"

#include "studio-config.h"

#include "studio-window-private.h"

static void
studio_window_review_analyse (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *param)
{
  StudioWindow *self = (StudioWindow *)widget;

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
}
