/* studio-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "studio-application.h"
#include "studio-document.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_WINDOW (studio_window_get_type ())

G_DECLARE_FINAL_TYPE (StudioWindow, studio_window, STUDIO, WINDOW, AdwApplicationWindow)

StudioWindow   *studio_window_new          (StudioApplication *application);
StudioDocument *studio_window_get_document (StudioWindow      *self);
void            studio_window_open_file    (StudioWindow      *self,
                                            GFile             *file);
void            studio_window_open_file_in_tab (StudioWindow  *self,
                                                GFile         *file);
gboolean        studio_window_load_text    (StudioWindow      *self,
                                            const char        *text,
                                            GError           **error);
void            studio_window_show_game    (StudioWindow      *self);
GtkWidget      *studio_window_get_board_view     (StudioWindow *self);
GtkWidget      *studio_window_get_move_tree      (StudioWindow *self);
GtkWidget      *studio_window_get_analysis_panel (StudioWindow *self);
GtkWidget      *studio_window_get_setup_panel    (StudioWindow *self);
gboolean        studio_window_get_setting_up     (StudioWindow *self);
GtkWidget      *studio_window_get_suite_panel    (StudioWindow *self);
void            studio_window_solve_file         (StudioWindow *self,
                                                  GFile        *file);
GtkWidget      *studio_window_get_solve_panel    (StudioWindow *self);
gboolean        studio_window_get_solving        (StudioWindow *self);
gboolean        studio_window_offer_drafts       (StudioWindow *self);
guint           studio_window_get_n_tabs         (StudioWindow *self);
StudioDocument *studio_window_get_tab_document   (StudioWindow *self,
                                                  guint         index);
const char     *studio_window_get_tab_title      (StudioWindow *self,
                                                  guint         index);
void            studio_window_select_tab         (StudioWindow *self,
                                                  guint         index);

guint           studio_window_verify_all_problems (StudioWindow *self);
void            studio_window_cancel_verify_all   (StudioWindow *self);
gboolean        studio_window_get_verifying_all   (StudioWindow *self);
GtkWindow      *studio_window_find_anticipations  (StudioWindow *self);

G_END_DECLS
