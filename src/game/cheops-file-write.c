/* cheops-file-write.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one rule for every file the studio and the `cheops` tools write
 * (issue 14 for the studio's saves, issue 25 for the tools): a failed
 * write leaves the old file whole.  GLib 2.74's
 * g_file_replace_contents_bytes_async() renames its partial temporary file
 * over the original after a write failed (a full disk truncated a 4.7 MB
 * file of 2000 games to 2.6 MB), and g_file_set_contents() neither keeps
 * a file's permissions nor writes through a symbolic link: here every step
 * is checked before the next one.  The bytes go to a temporary file in the
 * target's own folder (".NAME.cheops-save-XXXXXX", so that the rename
 * cannot cross a file system), which is written whole, given the old
 * file's owner (where the system lets us) and permissions, flushed to the
 * disk (fsync) and closed; only then, and only when each of those
 * succeeded, is it renamed over the target (rename(2) is atomic: a reader
 * sees the old file or the new one, never part of either), and the folder
 * is flushed.  On any failure the temporary file is removed and the
 * target is not touched.  A symbolic link is followed: the file it names
 * is replaced, the link stays.  A write killed half-way leaves its
 * temporary file, which the next write of the same file removes first.
 */
#define G_LOG_DOMAIN "cheops-game"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cheops-file-write.h"

/* Written in pieces of this size, with a look at the cancellable between. */
#define WRITE_CHUNK (1 << 20)

/**
 * cheops_file_is_temporary_name:
 * @name: a file name (no folder)
 * @prefix: what a temporary's name starts with (".NAME.cheops-save-",
 *   ".goutputstream-")
 *
 * Returns: whether @name is @prefix followed by g_mkstemp()'s six random
 * characters (letters and digits), the name of a temporary that a write
 * made beside its target
 */
gboolean
cheops_file_is_temporary_name (const char *name,
                               const char *prefix)
{
  const char *tail;

  if (!g_str_has_prefix (name, prefix))
    return FALSE;
  tail = name + strlen (prefix);
  if (strlen (tail) != 6)
    return FALSE;
  for (guint i = 0; i < 6; i++)
    if (!g_ascii_isalnum (tail[i]))
      return FALSE;
  return TRUE;
}

/* The path a write replaces: @path, or the file it names when it is a
 * symbolic link, a chain of them or a link to a file not there yet (so
 * that the link stays a link). */
static char *
resolve_target (const char *path)
{
  char *resolved = realpath (path, NULL);
  char *current;

  if (resolved != NULL)
    {
      char *copy = g_strdup (resolved);

      free (resolved);
      return copy;
    }
  /* A dangling link: its target, link by link (at most 40, as the
   * kernel's limit). */
  current = g_strdup (path);
  for (guint i = 0; i < 40; i++)
    {
      g_autofree char *link = g_file_read_link (current, NULL);
      char *next;

      if (link == NULL)
        break;
      if (g_path_is_absolute (link))
        next = g_strdup (link);
      else
        {
          g_autofree char *dir = g_path_get_dirname (current);
          next = g_build_filename (dir, link, NULL);
        }
      g_free (current);
      current = next;
    }
  return current;
}

/**
 * cheops_file_remove_stale_temporaries:
 * @path: a file (it need not exist)
 *
 * Removes, from the folder of @path (of the file it names, when it is a
 * symbolic link), the temporary files that a killed
 * cheops_file_write_atomic() of @path left there
 * (".NAME.cheops-save-XXXXXX", whatever their age: a program writes one
 * file from one place at a time).  Errors are ignored: this only tidies up.
 *
 * Returns: how many files were removed
 */
guint
cheops_file_remove_stale_temporaries (const char *path)
{
  g_autofree char *target = NULL;
  g_autofree char *dirname = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *own_prefix = NULL;
  g_autoptr(GDir) dir = NULL;
  const char *name;
  guint removed = 0;

  g_return_val_if_fail (path != NULL, 0);

  target = resolve_target (path);
  dirname = g_path_get_dirname (target);
  basename = g_path_get_basename (target);
  own_prefix = g_strconcat (".", basename, CHEOPS_FILE_WRITE_TEMP_INFIX, NULL);
  dir = g_dir_open (dirname, 0, NULL);
  if (dir == NULL)
    return 0;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *temp = NULL;
      GStatBuf st;

      if (!cheops_file_is_temporary_name (name, own_prefix))
        continue;
      temp = g_build_filename (dirname, name, NULL);
      if (g_lstat (temp, &st) != 0 || !S_ISREG (st.st_mode))
        continue;
      if (g_unlink (temp) == 0)
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

/**
 * cheops_file_write_atomic:
 * @path: the file to write (it need not exist; a symbolic link is written
 *   through)
 * @bytes: what it is to hold
 * @flags: %CHEOPS_FILE_WRITE_BACKUP to keep the old file as NAME~
 * @cancellable: (nullable): a #GCancellable
 * @error: a location for a #GError
 *
 * Replaces @path by @bytes atomically (see the top of this file): either
 * the whole of @bytes is in the file, with the old file's owner and
 * permissions (a new file gets the umask's), or, on failure, the file is
 * as it was and no temporary file is left.  Temporary files of a killed
 * earlier write are removed first (cheops_file_remove_stale_temporaries()).
 * Blocks.
 *
 * Errors, in the %G_IO_ERROR domain, with a message that names the file,
 * says why (the system's words) and that the file is unchanged:
 * %G_IO_ERROR_NO_SPACE for a full disk, %G_IO_ERROR_PERMISSION_DENIED or
 * %G_IO_ERROR_READ_ONLY for a folder that cannot be written to,
 * %G_IO_ERROR_NOT_REGULAR_FILE for a target that is not a file (a
 * folder), %G_IO_ERROR_CANCELLED, and the others of write(2), fsync(2) and
 * rename(2).
 *
 * Returns: whether @path now holds @bytes
 */
gboolean
cheops_file_write_atomic (const char           *path,
                          GBytes               *bytes,
                          CheopsFileWriteFlags  flags,
                          GCancellable         *cancellable,
                          GError              **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dirname = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *temp_name = NULL;
  g_autofree char *temp = NULL;
  g_autofree char *display = NULL;
  g_autoptr(GError) local_error = NULL;
  const guint8 *data;
  gsize length;
  GStatBuf st;
  gboolean exists;
  int fd;
  int dir_fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  cheops_file_remove_stale_temporaries (path);
  target = resolve_target (path);
  dirname = g_path_get_dirname (target);
  basename = g_path_get_basename (target);
  temp_name = g_strconcat (".", basename, CHEOPS_FILE_WRITE_TEMP_INFIX, "XXXXXX", NULL);
  temp = g_build_filename (dirname, temp_name, NULL);
  display = g_filename_display_name (target);

  exists = g_stat (target, &st) == 0;
  if (exists && !S_ISREG (st.st_mode))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                   /* Translators: %s is a file name */
                   _("“%s” is not a regular file"), display);
      return FALSE;
    }

  /* A new file: 0666 less the umask, as open(2) makes it. */
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
      /* The old file's owner (only root may give a file away: EPERM is
       * not an error) and permissions. */
      (exists && fchown (fd, st.st_uid, st.st_gid) != 0 && errno != EPERM) ||
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

  if (exists && (flags & CHEOPS_FILE_WRITE_BACKUP) != 0)
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
