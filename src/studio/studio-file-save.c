/* studio-file-save.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Replacing a file so that a failed save leaves it whole: the rule of
 * cheops_file_write_atomic() (src/game/cheops-file-write.c, shared with
 * the `cheops` tools), with the studio's entity tags, asynchronous saves
 * and the removal of GIO's own leftovers.  GLib 2.74's
 * g_file_replace_contents_bytes_async() renames its partial temporary file
 * over the original after a write failed (a full disk truncated a 4.7 MB
 * file of 2000 games to 2.6 MB, issue 14): here every step is checked
 * before the next one.  The bytes go to a temporary file in the file's own
 * folder (".NAME.cheops-save-XXXXXX", so that the rename cannot cross a
 * file system), which is written whole, given the original's permissions,
 * flushed to the disk (fsync) and closed; only then, and only when each of
 * those succeeded, is it renamed over the original (rename(2) is atomic:
 * a reader sees the old file or the new one, never part of either).  On
 * any failure the temporary file is removed and the original is not
 * touched.  A symbolic link is followed: the file it names is replaced,
 * the link stays.
 *
 * Files that are not on a local path (g_file_peek_path() is NULL, a GVfs
 * location without a FUSE path) are written by GIO's own
 * g_file_replace_contents(), which does not have this guarantee.
 */
#define G_LOG_DOMAIN "studio-file-save"

#include "studio-config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cheops-file-write.h"
#include "studio-file-save.h"

/* Written in pieces of this size, with a look at the cancellable between. */
#define WRITE_CHUNK (1 << 20)

/**
 * studio_file_query_etag:
 * @file: a file
 *
 * The entity tag of @file as GIO gives it (for a local file, its
 * modification time to the microsecond): what changes when another
 * program writes the file.
 *
 * Returns: (transfer full) (nullable): the tag, or %NULL when @file cannot
 *   be read (it does not exist, say)
 */
char *
studio_file_query_etag (GFile *file)
{
  g_autoptr(GFileInfo) info = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_ETAG_VALUE, G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info == NULL || g_file_info_get_etag (info) == NULL)
    return NULL;

  return g_strdup (g_file_info_get_etag (info));
}

/**
 * studio_file_remove_stale_temporaries:
 * @file: a game file (it need not exist)
 *
 * Removes, from the folder of @file, what an interrupted save left there
 * (the studio killed while writing): the temporary files of
 * studio_file_save() for @file (".NAME.cheops-save-XXXXXX", whatever
 * their age: no other save of @file is under way when this is called, the
 * studio saves a file from one window at a time) and GIO's
 * `.goutputstream-XXXXXX` files older than %STUDIO_FILE_SAVE_STALE_GIO_AGE
 * seconds (left by earlier versions of the studio; a younger one may be
 * another program's write in progress).  Errors are ignored: this only
 * tidies up.
 *
 * Returns: how many files were removed
 */
guint
studio_file_remove_stale_temporaries (GFile *file)
{
  g_autofree char *dirname = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  guint removed = 0;

  g_return_val_if_fail (G_IS_FILE (file), 0);

  if (g_file_peek_path (file) == NULL)
    return 0;

  removed = cheops_file_remove_stale_temporaries (g_file_peek_path (file));
  dirname = g_path_get_dirname (g_file_peek_path (file));
  dir = g_dir_open (dirname, 0, NULL);
  if (dir == NULL)
    return removed;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;
      gboolean gio = cheops_file_is_temporary_name (name, ".goutputstream-");

      if (!gio)
        continue;
      path = g_build_filename (dirname, name, NULL);
      if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      if (now - (gint64) st.st_mtime < STUDIO_FILE_SAVE_STALE_GIO_AGE)
        continue;
      if (g_unlink (path) == 0)
        removed++;
    }

  return removed;
}

/**
 * studio_file_save:
 * @file: the file to write (it need not exist)
 * @bytes: what it is to hold
 * @flags: %STUDIO_FILE_SAVE_BACKUP to keep the old file as NAME~
 * @expected_etag: (nullable): the entity tag @file had when it was read
 *   (studio_file_query_etag()), or %NULL to write whatever is there
 * @new_etag: (out) (optional) (transfer full): the tag of the file written
 * @cancellable: (nullable): a #GCancellable
 * @error: a location for a #GError
 *
 * Replaces @file by @bytes atomically (see the top of this file): either
 * the whole of @bytes is in @file or, on failure, @file is as it was and
 * no temporary file is left.  Stale temporary files of an interrupted
 * save are removed first (studio_file_remove_stale_temporaries()).  Blocks:
 * call it from a thread, or use studio_file_save_async().
 *
 * Errors, in the %G_IO_ERROR domain, with a message that says why (the
 * system's words) and that the file is unchanged: %G_IO_ERROR_WRONG_ETAG
 * when @file exists with a tag other than @expected_etag (another
 * program wrote it since it was read), %G_IO_ERROR_NO_SPACE for a full
 * disk, %G_IO_ERROR_PERMISSION_DENIED or %G_IO_ERROR_READ_ONLY for a
 * folder that cannot be written to, and the others of write(2), fsync(2)
 * and rename(2).
 *
 * Returns: whether @file now holds @bytes
 */
gboolean
studio_file_save (GFile                *file,
                  GBytes               *bytes,
                  StudioFileSaveFlags   flags,
                  const char           *expected_etag,
                  char                **new_etag,
                  GCancellable         *cancellable,
                  GError              **error)
{
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  if (expected_etag != NULL)
    {
      g_autofree char *etag = studio_file_query_etag (file);

      if (etag != NULL && !g_str_equal (etag, expected_etag))
        {
          g_autofree char *name = g_file_get_parse_name (file);

          g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                       /* Translators: %s is a file name */
                       _("“%s” has changed on disk since it was read"), name);
          return FALSE;
        }
    }

  if (g_file_peek_path (file) != NULL)
    {
      studio_file_remove_stale_temporaries (file);
      if (!cheops_file_write_atomic (g_file_peek_path (file), bytes, (CheopsFileWriteFlags) flags,
                                     cancellable, error))
        return FALSE;
    }
  else if (!g_file_replace_contents (file, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                     NULL, (flags & STUDIO_FILE_SAVE_BACKUP) != 0,
                                     G_FILE_CREATE_NONE, NULL, cancellable, error))
    return FALSE;

  if (new_etag != NULL)
    *new_etag = studio_file_query_etag (file);

  return TRUE;
}

typedef struct {
  GBytes              *bytes;
  StudioFileSaveFlags  flags;
  char                *expected_etag;
  char                *new_etag;
} SaveData;

static void
save_data_free (SaveData *data)
{
  g_bytes_unref (data->bytes);
  g_free (data->expected_etag);
  g_free (data->new_etag);
  g_free (data);
}

static void
save_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  SaveData *data = task_data;
  GError *error = NULL;

  if (!studio_file_save (source_object, data->bytes, data->flags, data->expected_etag,
                         &data->new_etag, cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * studio_file_save_async:
 * @file: the file to write
 * @bytes: what it is to hold
 * @flags: see studio_file_save()
 * @expected_etag: (nullable): see studio_file_save()
 * @cancellable: (nullable): a #GCancellable
 * @callback: called in the thread-default main context when done
 * @user_data: for @callback
 *
 * Does studio_file_save() in a thread.
 */
void
studio_file_save_async (GFile                *file,
                        GBytes               *bytes,
                        StudioFileSaveFlags   flags,
                        const char           *expected_etag,
                        GCancellable         *cancellable,
                        GAsyncReadyCallback   callback,
                        gpointer              user_data)
{
  g_autoptr(GTask) task = NULL;
  SaveData *data;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (bytes != NULL);

  data = g_new0 (SaveData, 1);
  data->bytes = g_bytes_ref (bytes);
  data->flags = flags;
  data->expected_etag = g_strdup (expected_etag);
  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, studio_file_save_async);
  g_task_set_task_data (task, data, (GDestroyNotify) save_data_free);
  g_task_run_in_thread (task, save_thread);
}

/**
 * studio_file_save_finish:
 * @file: the file written
 * @result: the #GAsyncResult
 * @new_etag: (out) (optional) (transfer full): the tag of the file written
 * @error: a location for a #GError (see studio_file_save())
 *
 * Returns: whether @file now holds the bytes; on failure it is unchanged
 */
gboolean
studio_file_save_finish (GFile         *file,
                         GAsyncResult  *result,
                         char         **new_etag,
                         GError       **error)
{
  SaveData *data;

  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  data = g_task_get_task_data (G_TASK (result));
  if (new_etag != NULL)
    *new_etag = g_steal_pointer (&data->new_etag);
  return TRUE;
}
