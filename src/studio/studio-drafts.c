/* studio-drafts.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drafts of unsaved edits, modelled on GNOME Text Editor's: a folder,
 * g_get_user_data_dir()/cheops-studio/drafts, where each window with
 * unsaved edits keeps what it would save (STUDIO_DRAFT_DELAY_MS after the
 * last edit), so that a crash or a kill loses nothing; the next start
 * offers to restore each (studio-window-files.c).  A draft is removed when
 * its document is saved, goes back to what is saved, or its window is
 * closed (the user chose to discard).
 *
 * A draft ID is two files: ID-TIME.pgn, the game-file text (every game of
 * the document, as studio_document_write_bytes() gives it; or, for a file
 * of several games, only the games with unsaved edits — a partial draft,
 * whose other games are the file's: writing the 1600 games of a 4.7 MB
 * file takes seconds, one game a millisecond), and ID.draft,
 * a key file naming that text file with the document's file (a URI; none
 * for a game never saved), its entity tag then, its title, the game shown
 * and the indexes of the games with unsaved edits, and the process that
 * wrote it.  Each is written atomically (g_file_set_contents_full(): a
 * temporary file, fsync, rename), the text first: a draft read is always
 * a whole text with the key file that describes it.  The older text of
 * the same draft goes once the new key file is written.
 */
#define G_LOG_DOMAIN "studio-drafts"

#include "studio-config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "studio-drafts.h"

#define GROUP "Draft"

/**
 * studio_draft_free:
 * @draft: (nullable): a draft of studio_drafts_list()
 *
 * Frees @draft (not its files: see studio_drafts_remove()).
 */
void
studio_draft_free (StudioDraft *draft)
{
  if (draft == NULL)
    return;
  g_free (draft->id);
  g_free (draft->text_path);
  g_clear_object (&draft->file);
  g_free (draft->etag);
  g_free (draft->title);
  g_clear_pointer (&draft->modified, g_array_unref);
  g_free (draft);
}

/**
 * studio_drafts_dup_dir:
 *
 * Returns: (transfer full): the drafts folder,
 *   g_get_user_data_dir()/cheops-studio/drafts (it may not exist yet)
 */
char *
studio_drafts_dup_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "cheops-studio", "drafts", NULL);
}

/**
 * studio_drafts_new_id:
 *
 * Returns: (transfer full): a new draft name (a random UUID)
 */
char *
studio_drafts_new_id (void)
{
  return g_uuid_string_random ();
}

static char *
key_file_path (const char *dir,
               const char *id)
{
  g_autofree char *name = g_strconcat (id, ".draft", NULL);

  return g_build_filename (dir, name, NULL);
}

/* Removes the text files of draft @id other than @keep (a name or NULL). */
static void
remove_texts (const char *dir,
              const char *id,
              const char *keep)
{
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  g_autofree char *prefix = g_strconcat (id, "-", NULL);
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    if (g_str_has_prefix (name, prefix) && g_str_has_suffix (name, ".pgn") && g_strcmp0 (name, keep) != 0)
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);

        g_unlink (path);
      }
}

/**
 * studio_drafts_write:
 * @id: the draft's name (studio_drafts_new_id())
 * @text: the game-file text of the document
 * @file: (nullable): the document's file
 * @etag: (nullable): @file's entity tag when it was last read or written
 * @title: the document's title
 * @game_index: the game shown, from 0
 * @modified: (element-type guint): the indexes of the games with unsaved
 *   edits
 * @n_games: how many games the document has
 * @partial: whether @text holds only the games of @modified, in that
 *   order (the others being those of @file, which must then be given)
 * @error: a location for a #GError
 *
 * Writes (or replaces) draft @id in the drafts folder, atomically, and
 * flushes it to the disk.  Blocks for as long as writing @text takes.
 *
 * Returns: whether the draft was written; on failure (a #G_FILE_ERROR:
 *   the folder cannot be made or written) an earlier version of it stays
 */
gboolean
studio_drafts_write (const char  *id,
                     GBytes      *text,
                     GFile       *file,
                     const char  *etag,
                     const char  *title,
                     guint        game_index,
                     GArray      *modified,
                     guint        n_games,
                     gboolean     partial,
                     GError     **error)
{
  g_autofree char *dir = studio_drafts_dup_dir ();
  g_autofree char *text_name = g_strdup_printf ("%s-%" G_GINT64_FORMAT ".pgn", id, g_get_real_time ());
  g_autofree char *text_path = g_build_filename (dir, text_name, NULL);
  g_autofree char *key_path = key_file_path (dir, id);
  g_autofree char *data = NULL;
  g_autoptr(GKeyFile) key_file = g_key_file_new ();
  gsize length;

  g_return_val_if_fail (id != NULL && text != NULL && title != NULL, FALSE);
  g_return_val_if_fail (!partial || file != NULL, FALSE);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", dir, g_strerror (saved_errno));
      return FALSE;
    }

  if (!g_file_set_contents_full (text_path, g_bytes_get_data (text, NULL), g_bytes_get_size (text),
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE, 0600, error))
    return FALSE;

  g_key_file_set_string (key_file, GROUP, "text", text_name);
  if (file != NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_key_file_set_string (key_file, GROUP, "uri", uri);
      if (etag != NULL)
        g_key_file_set_string (key_file, GROUP, "etag", etag);
    }
  g_key_file_set_string (key_file, GROUP, "title", title);
  g_key_file_set_uint64 (key_file, GROUP, "game-index", game_index);
  g_key_file_set_uint64 (key_file, GROUP, "n-games", n_games);
  g_key_file_set_boolean (key_file, GROUP, "partial", partial);
  if (modified != NULL && modified->len > 0)
    {
      g_autofree int *indexes = g_new (int, modified->len);

      for (guint i = 0; i < modified->len; i++)
        indexes[i] = g_array_index (modified, guint, i);
      g_key_file_set_integer_list (key_file, GROUP, "modified-games", indexes, modified->len);
    }
  g_key_file_set_int64 (key_file, GROUP, "saved", g_get_real_time ());
  g_key_file_set_int64 (key_file, GROUP, "pid", getpid ());
  data = g_key_file_to_data (key_file, &length, NULL);

  if (!g_file_set_contents_full (key_path, data, length,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE, 0600, error))
    {
      g_unlink (text_path);
      return FALSE;
    }

  remove_texts (dir, id, text_name);
  return TRUE;
}

/**
 * studio_drafts_remove:
 * @id: a draft's name
 *
 * Removes draft @id (its key file first, then its texts), if it exists.
 */
void
studio_drafts_remove (const char *id)
{
  g_autofree char *dir = studio_drafts_dup_dir ();
  g_autofree char *key_path = NULL;

  g_return_if_fail (id != NULL);

  key_path = key_file_path (dir, id);
  g_unlink (key_path);
  remove_texts (dir, id, NULL);
}

/* Whether process @pid, not this one, is running (a studio whose windows
 * still hold their drafts). */
static gboolean
other_process_running (gint64 pid)
{
  if (pid <= 0 || pid == getpid ())
    return FALSE;
  return kill ((pid_t) pid, 0) == 0 || errno == EPERM;
}

static int
compare_saved (gconstpointer a,
               gconstpointer b)
{
  const StudioDraft *da = *(StudioDraft *const *) a;
  const StudioDraft *db = *(StudioDraft *const *) b;

  return (da->saved > db->saved) - (da->saved < db->saved);
}

/**
 * studio_drafts_list:
 *
 * The drafts in the drafts folder that no running studio holds (those of
 * windows that are gone: a crash, a kill), oldest first.  A key file that
 * cannot be read, or whose text is missing, is skipped (and left).
 *
 * Returns: (transfer full) (element-type StudioDraft): the drafts
 */
GPtrArray *
studio_drafts_list (void)
{
  g_autofree char *dir = studio_drafts_dup_dir ();
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  GPtrArray *drafts = g_ptr_array_new_with_free_func ((GDestroyNotify) studio_draft_free);
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    {
      g_autoptr(GKeyFile) key_file = g_key_file_new ();
      g_autofree char *path = NULL;
      g_autofree char *text = NULL;
      g_autofree char *uri = NULL;
      g_autofree int *indexes = NULL;
      g_autoptr(StudioDraft) draft = NULL;
      gsize n_indexes = 0;

      if (!g_str_has_suffix (name, ".draft"))
        continue;
      path = g_build_filename (dir, name, NULL);
      if (!g_key_file_load_from_file (key_file, path, G_KEY_FILE_NONE, NULL) ||
          other_process_running (g_key_file_get_int64 (key_file, GROUP, "pid", NULL)))
        continue;
      text = g_key_file_get_string (key_file, GROUP, "text", NULL);
      if (text == NULL || strchr (text, '/') != NULL)
        continue;

      draft = g_new0 (StudioDraft, 1);
      draft->id = g_strndup (name, strlen (name) - strlen (".draft"));
      draft->text_path = g_build_filename (dir, text, NULL);
      if (!g_file_test (draft->text_path, G_FILE_TEST_IS_REGULAR))
        continue;
      uri = g_key_file_get_string (key_file, GROUP, "uri", NULL);
      if (uri != NULL)
        draft->file = g_file_new_for_uri (uri);
      draft->etag = g_key_file_get_string (key_file, GROUP, "etag", NULL);
      draft->title = g_key_file_get_string (key_file, GROUP, "title", NULL);
      if (draft->title == NULL)
        draft->title = g_strdup (draft->id);
      draft->game_index = g_key_file_get_uint64 (key_file, GROUP, "game-index", NULL);
      draft->modified = g_array_new (FALSE, FALSE, sizeof (guint));
      indexes = g_key_file_get_integer_list (key_file, GROUP, "modified-games", &n_indexes, NULL);
      for (gsize i = 0; i < n_indexes; i++)
        if (indexes[i] >= 0)
          {
            guint index = indexes[i];

            g_array_append_val (draft->modified, index);
          }
      draft->saved = g_key_file_get_int64 (key_file, GROUP, "saved", NULL);
      draft->n_games = g_key_file_get_uint64 (key_file, GROUP, "n-games", NULL);
      draft->partial = g_key_file_get_boolean (key_file, GROUP, "partial", NULL) && draft->file != NULL;
      g_ptr_array_add (drafts, g_steal_pointer (&draft));
    }

  g_ptr_array_sort (drafts, compare_saved);
  return drafts;
}

/**
 * studio_draft_load_text:
 * @draft: a draft of studio_drafts_list()
 * @error: a location for a #GError (a #G_FILE_ERROR)
 *
 * Returns: (transfer full) (nullable): the draft's game-file text, or
 *   %NULL when it cannot be read
 */
GBytes *
studio_draft_load_text (StudioDraft  *draft,
                        GError      **error)
{
  char *contents = NULL;
  gsize length;

  g_return_val_if_fail (draft != NULL, NULL);

  if (!g_file_get_contents (draft->text_path, &contents, &length, error))
    return NULL;
  return g_bytes_new_take (contents, length);
}
