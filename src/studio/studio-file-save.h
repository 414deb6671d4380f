/* studio-file-save.h: replacing a file so that a failed save leaves it whole
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cheops-file-write.h"

G_BEGIN_DECLS

typedef enum {
  STUDIO_FILE_SAVE_NONE   = CHEOPS_FILE_WRITE_NONE,
  /* Keep the file as it was before the save beside it, as NAME~. */
  STUDIO_FILE_SAVE_BACKUP = CHEOPS_FILE_WRITE_BACKUP,
} StudioFileSaveFlags;

/* The prefix of the temporary files a save writes beside the file (then
 * ".NAME" and this, then six random characters). */
#define STUDIO_FILE_SAVE_TEMP_INFIX CHEOPS_FILE_WRITE_TEMP_INFIX

/* How old (in seconds) a `.goutputstream-*` file of GIO must be before a
 * save or an open removes it as left by a killed writer. */
#define STUDIO_FILE_SAVE_STALE_GIO_AGE (10 * 60)

gboolean  studio_file_save                    (GFile                *file,
                                               GBytes               *bytes,
                                               StudioFileSaveFlags   flags,
                                               const char           *expected_etag,
                                               char                **new_etag,
                                               GCancellable         *cancellable,
                                               GError              **error);
void      studio_file_save_async              (GFile                *file,
                                               GBytes               *bytes,
                                               StudioFileSaveFlags   flags,
                                               const char           *expected_etag,
                                               GCancellable         *cancellable,
                                               GAsyncReadyCallback   callback,
                                               gpointer              user_data);
gboolean  studio_file_save_finish             (GFile                *file,
                                               GAsyncResult         *result,
                                               char                **new_etag,
                                               GError              **error);
guint     studio_file_remove_stale_temporaries (GFile               *file);
char     *studio_file_query_etag              (GFile                *file);

G_END_DECLS
