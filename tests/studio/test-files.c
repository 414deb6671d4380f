/* test-files.c: nothing lost on disk (issue 14) — a save on a full disk or
 * in a read-only folder leaves the file whole, a file another program
 * wrote is not overwritten silently, what a killed save left is removed,
 * a backup only when asked.  No display: StudioDocument and
 * studio_file_save() under a main loop.
 *
 * The full disk is a real one: a 512 KiB tmpfs mounted in a mount
 * namespace of this process (as root, or in a user namespace of its own
 * when the system allows one), filled up with a filler file.  Where no
 * tmpfs can be mounted, the file-size limit (RLIMIT_FSIZE) makes write(2)
 * fail part-way instead (EFBIG: the same partial write); the log says
 * which.  The read-only folder is that tmpfs remounted read-only, or a
 * folder without write permission when not root.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "studio-document.h"
#include "studio-file-save.h"

#define TMPFS_SIZE (512 * 1024)

/* The tmpfs, or NULL when none could be mounted. */
static char *tmpfs_dir;

static gboolean
write_proc (const char *path,
            const char *text)
{
  int fd = open (path, O_WRONLY);
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = write (fd, text, strlen (text)) == (gssize) strlen (text);
  close (fd);
  return ok;
}

/* Before any thread: a mount namespace of our own with a small tmpfs. */
static void
mount_tmpfs (void)
{
  g_autofree char *dir = g_build_filename (g_get_tmp_dir (), "test-files-tmpfs-XXXXXX", NULL);
  g_autofree char *options = g_strdup_printf ("size=%d,mode=0777", TMPFS_SIZE);
  uid_t uid = geteuid ();
  gid_t gid = getegid ();

  if (g_mkdtemp (dir) == NULL)
    return;
  if (uid == 0)
    {
      if (unshare (CLONE_NEWNS) != 0)
        goto fail;
    }
  else
    {
      g_autofree char *uid_map = g_strdup_printf ("%u %u 1\n", (guint) uid, (guint) uid);
      g_autofree char *gid_map = g_strdup_printf ("%u %u 1\n", (guint) gid, (guint) gid);

      if (unshare (CLONE_NEWUSER | CLONE_NEWNS) != 0 ||
          !write_proc ("/proc/self/uid_map", uid_map) ||
          !write_proc ("/proc/self/setgroups", "deny") ||
          !write_proc ("/proc/self/gid_map", gid_map))
        goto fail;
    }
  if (mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
      mount ("tmpfs", dir, "tmpfs", 0, options) != 0)
    goto fail;

  tmpfs_dir = g_steal_pointer (&dir);
  return;

fail:
  g_rmdir (dir);
}

static gboolean
is_tmpfs (void)
{
  return tmpfs_dir != NULL;
}

/* A fresh folder for one test (on the tmpfs when there is one). */
static char *
make_folder (void)
{
  g_autofree char *template = g_build_filename (is_tmpfs () ? tmpfs_dir : g_get_tmp_dir (), "files-XXXXXX", NULL);

  g_assert_nonnull (g_mkdtemp (template));
  return g_steal_pointer (&template);
}

static void
remove_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  g_chmod (folder, 0755);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (folder);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The names in @folder, sorted, joined by spaces. */
static char *
list_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

static void
spin_until_done (gboolean *done)
{
  gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!*done && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (*done);
}

static void
spin_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
}

typedef struct {
  gboolean  done;
  gboolean  ok;
  GError   *error;
} Result;

static void
load_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Result *r = user_data;

  r->ok = studio_document_load_finish (STUDIO_DOCUMENT (object), result, &r->error);
  r->done = TRUE;
}

static void
save_cb (GObject      *object,
         GAsyncResult *result,
         gpointer      user_data)
{
  Result *r = user_data;

  r->ok = studio_document_save_finish (STUDIO_DOCUMENT (object), result, &r->error);
  r->done = TRUE;
}

static StudioDocument *
load_document (GFile *file)
{
  StudioDocument *document = studio_document_new ();
  Result r = { 0 };

  studio_document_load_async (document, file, NULL, load_cb, &r);
  spin_until_done (&r.done);
  g_assert_no_error (r.error);
  g_assert_true (r.ok);
  return document;
}

/* Saves @document to @file (NULL: its own); returns the error or NULL. */
static GError *
save_document (StudioDocument *document,
               GFile          *file)
{
  Result r = { 0 };

  studio_document_save_async (document, file, NULL, save_cb, &r);
  spin_until_done (&r.done);
  g_assert_true (r.ok == (r.error == NULL));
  return r.error;
}

/* Every sample game, of all four games, as one file's text, @copies times:
 * the document a user edits. */
static GString *
sample_text (guint copies)
{
  const char *const names[] = { "apex-race.pgn", "trigchess-gyros.pgn", "cypher-selfplay.pgn", "pyramids-selfplay.pgn" };
  GString *text = g_string_new (NULL);

  for (guint c = 0; c < copies; c++)
    for (guint i = 0; i < G_N_ELEMENTS (names); i++)
      {
        g_autofree char *path = g_build_filename (SAMPLES_DIR, names[i], NULL);
        g_autofree char *contents = NULL;
        gsize length;

        g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
        g_string_append_len (text, contents, length);
        g_string_append_c (text, '\n');
      }
  return text;
}

static void
edit_document (StudioDocument *document)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (cheops_game_set_tag (studio_document_get_game (document), "Annotator", "files test", &error));
  g_assert_no_error (error);
  g_assert_true (studio_document_get_modified (document));
}

static char *
read_file (const char *path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

/* Fills the tmpfs up but for about @left bytes. */
static void
fill_disk (const char *folder,
           gsize       left)
{
  g_autofree char *filler = g_build_filename (folder, "filler", NULL);
  g_autofree char *block = g_malloc0 (4096);
  int fd = open (filler, O_WRONLY | O_CREAT | O_TRUNC, 0644);

  g_assert_cmpint (fd, >=, 0);
  while (write (fd, block, 4096) == 4096)
    ;
  g_assert_cmpint (errno, ==, ENOSPC);
  g_assert_cmpint (ftruncate (fd, lseek (fd, 0, SEEK_CUR) / 4096 * 4096 - (off_t) (left / 4096 * 4096)), ==, 0);
  close (fd);
}

/* A save that cannot write the whole file: the file on disk is byte for
 * byte what it was, no temporary file is left, the document keeps its
 * edits (still modified), and the error says why and that the file is
 * unchanged.  Then, with room again, the save goes through. */
static void
test_save_full_disk (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "games.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) text = sample_text (is_tmpfs () ? 12 : 30);
  g_autoptr(StudioDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *names = NULL;
  struct rlimit saved_limit;
  GBytes *written;

  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  document = load_document (file);
  g_assert_cmpuint (studio_document_get_n_games (document), ==, is_tmpfs () ? 12 * 4 : 30 * 4);
  edit_document (document);
  before = read_file (path);

  if (is_tmpfs ())
    {
      g_test_message ("full disk: a %d KiB tmpfs, %zu bytes to write", TMPFS_SIZE / 1024, text->len);
      fill_disk (folder, text->len / 2);
      error = save_document (document, NULL);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
    }
  else
    {
      struct rlimit limit;

      g_test_message ("full disk: no tmpfs could be mounted; the file-size limit instead");
      signal (SIGXFSZ, SIG_IGN);
      g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved_limit), ==, 0);
      limit = saved_limit;
      limit.rlim_cur = text->len / 2;
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
      error = save_document (document, NULL);
      g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved_limit), ==, 0);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_FAILED);
    }
  g_test_message ("%s", error->message);
  after = read_file (path);
  g_assert_cmpuint (strlen (after), ==, strlen (before));
  g_assert_cmpstr (after, ==, before);
  names = list_folder (folder);
  g_assert_cmpstr (names, ==, is_tmpfs () ? "filler games.pgn" : "games.pgn");
  g_assert_true (g_str_has_prefix (error->message, "writing failed: "));
  g_assert_true (g_str_has_suffix (error->message, "games.pgn” is unchanged"));
  g_assert_true (studio_document_get_modified (document));
  g_assert_false (studio_document_get_changed_on_disk (document));

  /* Room again: the same save goes through. */
  if (is_tmpfs ())
    {
      g_autofree char *filler = g_build_filename (folder, "filler", NULL);

      g_unlink (filler);
    }
  g_clear_error (&error);
  error = save_document (document, NULL);
  g_assert_no_error (error);
  g_assert_false (studio_document_get_modified (document));
  g_free (after);
  after = read_file (path);
  written = studio_document_write_bytes (document);
  g_assert_cmpstr (after, ==, g_bytes_get_data (written, NULL));
  g_assert_nonnull (strstr (after, "[Annotator \"files test\"]"));
  g_bytes_unref (written);
  g_free (names);
  names = list_folder (folder);
  g_assert_cmpstr (names, ==, "games.pgn");

  remove_folder (folder);
}

/* A folder the studio cannot write in: the save fails, says why, and
 * changes nothing. */
static void
test_save_read_only_folder (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "games.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) text = sample_text (1);
  g_autoptr(StudioDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  g_autofree char *names = NULL;

  if (!is_tmpfs () && geteuid () == 0)
    {
      g_test_skip ("root writes in any folder and no tmpfs could be mounted read-only");
      remove_folder (folder);
      return;
    }

  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  document = load_document (file);
  edit_document (document);
  if (is_tmpfs ())
    g_assert_cmpint (mount (NULL, tmpfs_dir, NULL, MS_REMOUNT | MS_RDONLY, NULL), ==, 0);
  else
    g_assert_cmpint (g_chmod (folder, 0555), ==, 0);

  error = save_document (document, NULL);
  if (is_tmpfs ())
    g_assert_cmpint (mount (NULL, tmpfs_dir, NULL, MS_REMOUNT, NULL), ==, 0);
  else
    g_chmod (folder, 0755);

  g_assert_nonnull (error);
  g_assert_true (error->code == G_IO_ERROR_READ_ONLY || error->code == G_IO_ERROR_PERMISSION_DENIED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "cannot write in the folder “"));
  after = read_file (path);
  g_assert_cmpstr (after, ==, text->str);
  names = list_folder (folder);
  g_assert_cmpstr (names, ==, "games.pgn");
  g_assert_true (studio_document_get_modified (document));

  remove_folder (folder);
}

/* What a kill during a save left beside the file goes at the next open:
 * the studio's own temporary files of that file whatever their age,
 * GIO's older than ten minutes; a young one of GIO (another program's
 * write in progress) and other files stay. */
static void
test_stale_temporaries (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "games.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) text = sample_text (1);
  g_autoptr(StudioDocument) document = NULL;
  const char *const leftovers[] = {
    ".games.pgn.cheops-save-Ab12Cd", ".goutputstream-OLD123", ".goutputstream-NEW456",
    ".other.pgn.cheops-save-Zz99Zz", ".games.pgn.cheops-save-toolong1", "notes.txt",
  };
  g_autofree char *names = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (leftovers); i++)
    {
      g_autofree char *leftover = g_build_filename (folder, leftovers[i], NULL);

      g_assert_true (g_file_set_contents (leftover, "[Event \"cut", -1, NULL));
      if (g_str_has_suffix (leftover, "OLD123"))
        {
          struct utimbuf old = { .actime = time (NULL) - 3600, .modtime = time (NULL) - 3600 };

          g_assert_cmpint (g_utime (leftover, &old), ==, 0);
          g_assert_cmpint (g_stat (leftover, &st), ==, 0);
        }
    }

  document = load_document (file);
  names = list_folder (folder);
  g_assert_cmpstr (names, ==, ".games.pgn.cheops-save-toolong1 .goutputstream-NEW456 .other.pgn.cheops-save-Zz99Zz games.pgn notes.txt");

  remove_folder (folder);
}

/* A backup (NAME~, the file as it was before the save) only when asked. */
static void
test_backup (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "games.pgn", NULL);
  g_autofree char *backup = g_build_filename (folder, "games.pgn~", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) text = sample_text (1);
  g_autoptr(StudioDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;
  g_autofree char *kept = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  g_assert_cmpint (g_chmod (path, 0640), ==, 0);
  document = load_document (file);
  edit_document (document);
  error = save_document (document, NULL);
  g_assert_no_error (error);
  names = list_folder (folder);
  g_assert_cmpstr (names, ==, "games.pgn");
  /* The file keeps its permissions. */
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0640);

  g_object_set (document, "keep-backup", TRUE, NULL);
  g_assert_true (cheops_game_set_tag (studio_document_get_game (document), "Annotator", "second", NULL));
  error = save_document (document, NULL);
  g_assert_no_error (error);
  g_free (names);
  names = list_folder (folder);
  g_assert_cmpstr (names, ==, "games.pgn games.pgn~");
  kept = read_file (backup);
  g_assert_nonnull (strstr (kept, "[Annotator \"files test\"]"));

  remove_folder (folder);
}

/* A symbolic link stays a link: the file it names is replaced. */
static void
test_symlink (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "games.pgn", NULL);
  g_autofree char *link = g_build_filename (folder, "link.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (link);
  g_autoptr(GString) text = sample_text (1);
  g_autoptr(StudioDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  g_assert_cmpint (symlink ("games.pgn", link), ==, 0);
  document = load_document (file);
  edit_document (document);
  error = save_document (document, NULL);
  g_assert_no_error (error);
  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  after = read_file (path);
  g_assert_nonnull (strstr (after, "[Annotator \"files test\"]"));

  remove_folder (folder);
}

static gboolean
get_changed (gpointer data)
{
  return studio_document_get_changed_on_disk (data);
}

/* Another program writes the file: the document notices (the monitor),
 * a save refuses to overwrite it and says why, and once the user keeps
 * the document's version the save goes through.  Without waiting for the
 * monitor, the check before the save catches it too. */
static void
test_changed_on_disk (void)
{
  g_autofree char *folder = make_folder ();
  g_autofree char *path = g_build_filename (folder, "games.pgn", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GString) text = sample_text (1);
  const char *other = "[Event \"written by another program\"]\n\n*\n";
  g_autoptr(StudioDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  gint64 end;

  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  document = load_document (file);
  edit_document (document);
  g_assert_false (studio_document_get_changed_on_disk (document));
  /* Our own save is no change on disk. */
  error = save_document (document, NULL);
  g_assert_no_error (error);
  spin_for (300);
  g_assert_false (studio_document_get_changed_on_disk (document));
  g_assert_true (cheops_game_set_tag (studio_document_get_game (document), "Annotator", "mine", NULL));

  g_usleep (20000);
  g_assert_true (g_file_set_contents (path, other, -1, NULL));
  end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!get_changed (document) && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE), g_usleep (1000);
  g_assert_true (studio_document_get_changed_on_disk (document));

  error = save_document (document, NULL);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_assert_true (g_str_has_suffix (error->message, "games.pgn” has changed on disk since it was read"));
  after = read_file (path);
  g_assert_cmpstr (after, ==, other);
  g_assert_true (studio_document_get_modified (document));

  studio_document_keep_changes (document);
  g_assert_false (studio_document_get_changed_on_disk (document));
  g_clear_error (&error);
  error = save_document (document, NULL);
  g_assert_no_error (error);
  g_free (after);
  after = read_file (path);
  g_assert_nonnull (strstr (after, "[Annotator \"mine\"]"));

  /* The check before the save, with no time for the monitor. */
  g_assert_true (cheops_game_set_tag (studio_document_get_game (document), "Annotator", "again", NULL));
  g_usleep (20000);
  g_assert_true (g_file_set_contents (path, other, -1, NULL));
  error = save_document (document, NULL);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG);
  g_free (after);
  after = read_file (path);
  g_assert_cmpstr (after, ==, other);
  g_assert_true (studio_document_get_changed_on_disk (document));

  /* Save As to another file is the user's choice: not checked. */
  {
    g_autofree char *path2 = g_build_filename (folder, "copy.pgn", NULL);
    g_autoptr(GFile) file2 = g_file_new_for_path (path2);

    g_clear_error (&error);
    error = save_document (document, file2);
    g_assert_no_error (error);
    g_assert_false (studio_document_get_changed_on_disk (document));
  }

  remove_folder (folder);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  mount_tmpfs ();
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/files/save/full-disk", test_save_full_disk);
  g_test_add_func ("/files/save/read-only-folder", test_save_read_only_folder);
  g_test_add_func ("/files/save/stale-temporaries", test_stale_temporaries);
  g_test_add_func ("/files/save/backup", test_backup);
  g_test_add_func ("/files/save/symlink", test_symlink);
  g_test_add_func ("/files/disk/changed", test_changed_on_disk);

  status = g_test_run ();
  if (tmpfs_dir != NULL)
    {
      umount (tmpfs_dir);
      g_rmdir (tmpfs_dir);
    }
  return status;
}
