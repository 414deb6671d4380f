/* cheops-file-write.h: the one rule for every file the studio and the
 * tools write — replace it whole or not at all
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum {
  CHEOPS_FILE_WRITE_NONE   = 0,
  /* Keep the file as it was before the write beside it, as NAME~. */
  CHEOPS_FILE_WRITE_BACKUP = 1 << 0,
} CheopsFileWriteFlags;

/* The infix of the temporary files a write leaves beside its target while
 * it runs: ".NAME" then this, then six random letters and digits. */
#define CHEOPS_FILE_WRITE_TEMP_INFIX ".cheops-save-"

gboolean cheops_file_write_atomic              (const char           *path,
                                                GBytes               *bytes,
                                                CheopsFileWriteFlags  flags,
                                                GCancellable         *cancellable,
                                                GError              **error);
guint    cheops_file_remove_stale_temporaries  (const char           *path);
gboolean cheops_file_is_temporary_name         (const char           *name,
                                                const char           *prefix);

G_END_DECLS
