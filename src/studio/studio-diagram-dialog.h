/* studio-diagram-dialog.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "cheops-diagram.h"
#include "studio-window.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_DIAGRAM_DIALOG (studio_diagram_dialog_get_type ())

G_DECLARE_FINAL_TYPE (StudioDiagramDialog, studio_diagram_dialog, STUDIO, DIAGRAM_DIALOG, AdwMessageDialog)

GtkWidget          *studio_diagram_dialog_new          (StudioWindow        *window);
CheopsDiagramFormat studio_diagram_dialog_get_format   (StudioDiagramDialog *self);
void                studio_diagram_dialog_set_format   (StudioDiagramDialog *self,
                                                        CheopsDiagramFormat  format);
int                 studio_diagram_dialog_get_size     (StudioDiagramDialog *self);
void                studio_diagram_dialog_set_size     (StudioDiagramDialog *self,
                                                        int                  size);
gboolean            studio_diagram_dialog_get_flipped  (StudioDiagramDialog *self);
void                studio_diagram_dialog_set_flipped  (StudioDiagramDialog *self,
                                                        gboolean             flipped);
void                studio_diagram_dialog_set_last_move (StudioDiagramDialog *self,
                                                        gboolean             last_move);
const char         *studio_diagram_dialog_get_caption  (StudioDiagramDialog *self);
void                studio_diagram_dialog_set_caption  (StudioDiagramDialog *self,
                                                        const char          *caption);
gboolean            studio_diagram_dialog_export       (StudioDiagramDialog *self,
                                                        const char          *path,
                                                        GError             **error);

char               *studio_window_dup_diagram_caption  (StudioWindow        *window);
GdkTexture         *studio_window_diagram_texture      (StudioWindow        *window,
                                                        int                  width);

G_END_DECLS
