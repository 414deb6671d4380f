/* studio-tags-dialog.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "studio-document.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_TAGS_DIALOG (studio_tags_dialog_get_type ())

G_DECLARE_FINAL_TYPE (StudioTagsDialog, studio_tags_dialog, STUDIO, TAGS_DIALOG, AdwWindow)

GtkWidget  *studio_tags_dialog_new               (GtkWindow        *parent,
                                                  StudioDocument   *document);
gboolean    studio_tags_dialog_set_value         (StudioTagsDialog *self,
                                                  const char       *name,
                                                  const char       *value);
const char *studio_tags_dialog_get_value         (StudioTagsDialog *self,
                                                  const char       *name);
gboolean    studio_tags_dialog_add_tag           (StudioTagsDialog *self,
                                                  const char       *name);
gboolean    studio_tags_dialog_remove_tag        (StudioTagsDialog *self,
                                                  const char       *name);
const char *studio_tags_dialog_get_row_title     (StudioTagsDialog *self,
                                                  guint             colour);
const char *studio_tags_dialog_get_error         (StudioTagsDialog *self);
const char *studio_tags_dialog_get_rules_result  (StudioTagsDialog *self);
const char *studio_tags_dialog_get_result_warning (StudioTagsDialog *self);
gboolean    studio_tags_dialog_save              (StudioTagsDialog *self);

gboolean    studio_tags_date_is_valid            (const char       *date);

G_END_DECLS
