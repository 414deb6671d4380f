/* studio-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define STUDIO_TYPE_APPLICATION (studio_application_get_type ())

G_DECLARE_FINAL_TYPE (StudioApplication, studio_application, STUDIO, APPLICATION, AdwApplication)

StudioApplication *studio_application_new                    (void);
GSettings         *studio_application_get_settings           (StudioApplication *self);
void               studio_application_apply_style            (StudioApplication *self);
void               studio_application_show_preferences       (StudioApplication *self);
GtkWidget         *studio_application_get_preferences_window (StudioApplication *self);

G_END_DECLS
