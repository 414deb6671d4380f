/* studio-preferences-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define STUDIO_TYPE_PREFERENCES_WINDOW (studio_preferences_window_get_type ())

G_DECLARE_FINAL_TYPE (StudioPreferencesWindow, studio_preferences_window, STUDIO, PREFERENCES_WINDOW, AdwPreferencesWindow)

GtkWidget  *studio_preferences_window_new                (void);
gboolean    studio_preferences_window_choose_engine      (StudioPreferencesWindow  *self,
                                                          GFile                    *file,
                                                          GError                  **error);
void        studio_preferences_window_use_bundled_engine (StudioPreferencesWindow  *self);
const char *studio_preferences_window_get_engine_title    (StudioPreferencesWindow  *self);
const char *studio_preferences_window_get_engine_subtitle (StudioPreferencesWindow  *self);

gboolean    studio_preferences_check_engine_path         (const char               *path,
                                                          GError                  **error);
void        studio_preferences_remember_engine           (GSettings                *settings,
                                                          const char               *path);
void        studio_preferences_forget_engine             (GSettings                *settings,
                                                          const char               *path);

G_END_DECLS
