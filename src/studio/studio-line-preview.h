/* studio-line-preview.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cheops-core.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_LINE_PREVIEW (studio_line_preview_get_type ())

G_DECLARE_FINAL_TYPE (StudioLinePreview, studio_line_preview, STUDIO, LINE_PREVIEW, GtkWidget)

GtkWidget            *studio_line_preview_new          (void);
void                  studio_line_preview_set_position (StudioLinePreview    *self,
                                                        const CheopsPosition *position,
                                                        CheopsMove            last_move,
                                                        CheopsSide            first_side,
                                                        gboolean              flipped);
const CheopsPosition *studio_line_preview_get_position (StudioLinePreview    *self);
CheopsMove            studio_line_preview_get_last_move (StudioLinePreview   *self);

G_END_DECLS
