/* studio-file-save.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Replacing a file so that a failed save leaves it whole.  GLib 2.74's
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

static gboolean
is_random_tail (const char *tail)
{
  /* g_mkstemp()'s six characters: letters and digits. */
  if (strlen (tail) != 6)
    return FALSE;
  for (guint i = 0; i < 6; i++)
    if (!g_ascii_isalnum (tail[i]))
      return FALSE;
  return TRUE;
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
  g_autofree char *basename = NULL;
  g_autofree char *own_prefix = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  guint removed = 0;

  g_return_val_if_fail (G_IS_FILE (file), 0);

  if (g_file_peek_path (file) == NULL)
    return 0;

  dirname = g_path_get_dirname (g_file_peek_path (file));
  basename = g_path_get_basename (g_file_peek_path (file));
  own_prefix = g_strconcat (".", basename, STUDIO_FILE_SAVE_TEMP_INFIX, NULL);
  dir = g_dir_open (dirname, 0, NULL);
  if (dir == NULL)
    return 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      GStatBuf st;
      gboolean own = g_str_has_prefix (name, own_prefix) && is_random_tail (name + strlen (own_prefix));
      gboolean gio = g_str_has_prefix (name, ".goutputstream-") && is_random_tail (name + strlen (".goutputstream-"));

      if (!own && !gio)
        continue;
      path = g_build_filename (dirname, name, NULL);
      if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      if (gio && now - (gint64) st.st_mtime < STUDIO_FILE_SAVE_STALE_GIO_AGE)
        continue;
      if (g_unlink (path) == 0)
        removed++;
    }

  return removed;
}

static gboolean
write_all (int           fd,
           const guint8 *data,
           gsize         length,
           GCancellable *cancellable,
           GError      **error)
{
  while (length > 0)
    {
      gssize written;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      written = write (fd, data, MIN (length, WRITE_CHUNK));
      if (written < 0)
        {
          int saved_errno = errno;

          if (saved_errno == EINTR)
            continue;
          g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno), g_strerror (saved_errno));
          return FALSE;
        }
      data += written;
      length -= written;
    }

  return TRUE;
}

/* The path a save writes: @path, or what it names when it is a symbolic
 * link (so that the link stays a link). */
static char *
resolve_target (const char *path)
{
  char *resolved = realpath (path, NULL);
  char *copy;

  if (resolved == NULL)
    return g_strdup (path);
  copy = g_strdup (resolved);
  free (resolved);
  return copy;
}

static gboolean
save_local (const char           *path,
            GBytes               *bytes,
            StudioFileSaveFlags   flags,
            GCancellable         *cancellable,
            GError              **error)
{
  g_autofree char *target = resolve_target (path);
  g_autofree char *dirname = g_path_get_dirname (target);
  g_autofree char *basename = g_path_get_basename (target);
  g_autofree char *temp_name = g_strconcat (".", basename, STUDIO_FILE_SAVE_TEMP_INFIX, "XXXXXX", NULL);
  g_autofree char *temp = g_build_filename (dirname, temp_name, NULL);
  g_autoptr(GError) local_error = NULL;
  g_autofree char *display = g_filename_display_name (target);
  const guint8 *data;
  gsize length;
  GStatBuf st;
  gboolean exists;
  int fd;
  int dir_fd;

  exists = g_stat (target, &st) == 0;
  if (exists && !S_ISREG (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   /* Translators: %s is a file name */
                   _("“%s” is not a regular file"), display);
      return FALSE;
    }

  fd = g_mkstemp_full (temp, O_RDWR | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      int saved_errno = errno;
      g_autofree char *folder = g_filename_display_name (dirname);

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   /* Translators: the first %s is a folder, the second why
                    * (“Permission denied”, “Read-only file system”) */
                   _("cannot write in the folder “%s”: %s"), folder, g_strerror (saved_errno));
      return FALSE;
    }

  data = g_bytes_get_data (bytes, &length);
  if (!write_all (fd, data, length, cancellable, &local_error) ||
      /* The original's permissions (a new file gets the umask's). */
      (exists && fchmod (fd, st.st_mode & 07777) != 0 && errno != EPERM) ||
      fsync (fd) != 0)
    {
      int saved_errno = errno;

      close (fd);
      g_unlink (temp);
      if (local_error == NULL)
        g_set_error_literal (&local_error, G_IO_ERROR, g_io_error_from_errno (saved_errno), g_strerror (saved_errno));
      g_set_error (error, local_error->domain, local_error->code,
                   /* Translators: the first %s is why (“No space left on
                    * device”), the second a file name */
                   _("writing failed: %s; “%s” is unchanged"), local_error->message, display);
      return FALSE;
    }
  if (close (fd) != 0)
    {
      int saved_errno = errno;

      g_unlink (temp);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   _("writing failed: %s; “%s” is unchanged"), g_strerror (saved_errno), display);
      return FALSE;
    }

  if (exists && (flags & STUDIO_FILE_SAVE_BACKUP) != 0)
    {
      g_autofree char *backup = g_strconcat (target, "~", NULL);
      g_autoptr(GFile) from = g_file_new_for_path (target);
      g_autoptr(GFile) to = g_file_new_for_path (backup);

      if (!g_file_copy (from, to, G_FILE_COPY_OVERWRITE | G_FILE_COPY_NOFOLLOW_SYMLINKS,
                        cancellable, NULL, NULL, &local_error))
        {
          g_autofree char *backup_display = g_filename_display_name (backup);

          g_unlink (temp);
          g_set_error (error, local_error->domain, local_error->code,
                       /* Translators: the first %s is a file name, the second
                        * why, the third the file saved */
                       _("cannot keep the backup “%s”: %s; “%s” is unchanged"),
                       backup_display, local_error->message, display);
          return FALSE;
        }
    }

  if (g_rename (temp, target) != 0)
    {
      int saved_errno = errno;

      g_unlink (temp);
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                   /* Translators: the first %s is a file name, the second why */
                   _("cannot replace “%s”: %s; it is unchanged"), display, g_strerror (saved_errno));
      return FALSE;
    }

  /* The rename itself reaches the disk with the folder. */
  dir_fd = open (dirname, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir_fd >= 0)
    {
      fsync (dir_fd);
      close (dir_fd);
    }

  return TRUE;
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
      if (!save_local (g_file_peek_path (file), bytes, flags, cancellable, error))
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
