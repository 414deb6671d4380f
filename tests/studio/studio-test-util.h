/* studio-test-util.h: what the studio's GUI tests share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "studio-window.h"

G_BEGIN_DECLS

typedef gboolean (*StudioTestCondition) (gpointer data);
typedef gboolean (*StudioTestMatch)     (GtkWidget     *widget,
                                         gconstpointer  data);

void             studio_test_init           (int                *argc,
                                             char             ***argv);
void             studio_test_spin_until     (StudioTestCondition done,
                                             gpointer            data);
void             studio_test_spin_for       (guint               ms);
void             studio_test_spin_frames    (void);
AdwMessageDialog *studio_test_find_message_dialog (void);
StudioWindow    *studio_test_open_sample    (const char         *name);
char            *studio_test_clipboard_text (GtkWidget          *widget);
void             studio_test_remove_dir     (const char         *dir);
GtkWidget       *studio_test_find_widget    (GtkWidget          *widget,
                                             StudioTestMatch     match,
                                             gconstpointer       data);
GtkWidget       *studio_test_find_widget_of_type (GtkWidget     *widget,
                                                  GType          type);
GtkWidget       *studio_test_find_by_class  (GtkWidget          *widget,
                                             const char         *css_class);
GtkWidget       *studio_test_find_toast     (GtkWidget          *overlay,
                                             const char         *text);
GtkEventController *studio_test_controller_of_type (GtkWidget   *widget,
                                                    GType        type);
GtkEventController *studio_test_key_controller (GtkWidget       *widget);
GLogWriterOutput studio_test_dconf_not_fatal (GLogLevelFlags     log_level,
                                             const GLogField    *fields,
                                             gsize               n_fields,
                                             gpointer            user_data);

G_END_DECLS
