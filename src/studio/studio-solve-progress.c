/* studio-solve-progress.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The solving progress per problem file, in a key file (the format is in
 * studio-solve-progress.h).
 */
#define G_LOG_DOMAIN "studio-solve-progress"

#include <errno.h>

#include <glib/gstdio.h>

#include "studio-solve-progress.h"

struct _StudioSolveProgress
{
  GObject   parent_instance;

  char     *path;
  GKeyFile *keys;
};

G_DEFINE_FINAL_TYPE (StudioSolveProgress, studio_solve_progress, G_TYPE_OBJECT)

static void
studio_solve_progress_finalize (GObject *object)
{
  StudioSolveProgress *self = (StudioSolveProgress *)object;

  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->keys, g_key_file_unref);

  G_OBJECT_CLASS (studio_solve_progress_parent_class)->finalize (object);
}

static void
studio_solve_progress_class_init (StudioSolveProgressClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = studio_solve_progress_finalize;
}

static void
studio_solve_progress_init (StudioSolveProgress *self)
{
  self->keys = g_key_file_new ();
}

StudioSolveProgress *
studio_solve_progress_new (const char *path)
{
  StudioSolveProgress *self = g_object_new (STUDIO_TYPE_SOLVE_PROGRESS, NULL);

  self->path = path != NULL ? g_strdup (path)
                            : g_build_filename (g_get_user_data_dir (), "cheops-studio",
                                                "solve-progress.ini", NULL);
  /* No file yet, or not one we can read: no progress. */
  if (!g_key_file_load_from_file (self->keys, self->path, G_KEY_FILE_NONE, NULL))
    {
      g_key_file_unref (self->keys);
      self->keys = g_key_file_new ();
    }
  return self;
}

const char *
studio_solve_progress_get_path (StudioSolveProgress *self)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_PROGRESS (self), NULL);
  return self->path;
}

void
studio_solve_progress_get (StudioSolveProgress *self,
                           const char          *uri,
                           guint                index,
                           StudioSolveRecord   *record)
{
  char key[16];
  gsize n = 0;
  g_autofree int *values = NULL;

  g_return_if_fail (STUDIO_IS_SOLVE_PROGRESS (self));
  g_return_if_fail (uri != NULL && record != NULL);

  *record = (StudioSolveRecord) { 0 };
  g_snprintf (key, sizeof key, "%u", index);
  values = g_key_file_get_integer_list (self->keys, uri, key, &n, NULL);
  if (values == NULL || n < 4)
    return;
  record->solved = values[0] != 0;
  record->attempts = (guint) MAX (values[1], 0);
  record->hints = (guint) MAX (values[2], 0);
  record->shown = values[3] != 0;
}

static gboolean
studio_solve_progress_save (StudioSolveProgress  *self,
                            GError              **error)
{
  g_autofree char *folder = g_path_get_dirname (self->path);

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "cannot make the folder %s: %s", folder, g_strerror (saved));
      return FALSE;
    }
  return g_key_file_save_to_file (self->keys, self->path, error);
}

gboolean
studio_solve_progress_set (StudioSolveProgress     *self,
                           const char              *uri,
                           guint                    index,
                           const StudioSolveRecord *record,
                           GError                 **error)
{
  char key[16];
  int values[4];

  g_return_val_if_fail (STUDIO_IS_SOLVE_PROGRESS (self), FALSE);
  g_return_val_if_fail (uri != NULL && record != NULL, FALSE);

  g_snprintf (key, sizeof key, "%u", index);
  values[0] = record->solved ? 1 : 0;
  values[1] = (int) MIN (record->attempts, (guint) G_MAXINT);
  values[2] = (int) MIN (record->hints, (guint) G_MAXINT);
  values[3] = record->shown ? 1 : 0;
  g_key_file_set_integer_list (self->keys, uri, key, values, G_N_ELEMENTS (values));
  return studio_solve_progress_save (self, error);
}

guint
studio_solve_progress_get_current (StudioSolveProgress *self,
                                   const char          *uri)
{
  int value;

  g_return_val_if_fail (STUDIO_IS_SOLVE_PROGRESS (self), 0);
  g_return_val_if_fail (uri != NULL, 0);

  value = g_key_file_get_integer (self->keys, uri, "current", NULL);
  return (guint) MAX (value, 0);
}

gboolean
studio_solve_progress_set_current (StudioSolveProgress  *self,
                                   const char           *uri,
                                   guint                 index,
                                   GError              **error)
{
  g_return_val_if_fail (STUDIO_IS_SOLVE_PROGRESS (self), FALSE);
  g_return_val_if_fail (uri != NULL, FALSE);

  g_key_file_set_integer (self->keys, uri, "current", (int) MIN (index, (guint) G_MAXINT));
  return studio_solve_progress_save (self, error);
}

guint
studio_solve_progress_count_solved (StudioSolveProgress *self,
                                    const char          *uri)
{
  g_auto(GStrv) keys = NULL;
  guint solved = 0;

  g_return_val_if_fail (STUDIO_IS_SOLVE_PROGRESS (self), 0);

  keys = g_key_file_get_keys (self->keys, uri, NULL, NULL);
  for (guint i = 0; keys != NULL && keys[i] != NULL; i++)
    {
      StudioSolveRecord record;
      guint64 index;

      if (!g_ascii_string_to_unsigned (keys[i], 10, 0, G_MAXUINT, &index, NULL))
        continue;
      studio_solve_progress_get (self, uri, (guint) index, &record);
      if (record.solved)
        solved++;
    }
  return solved;
}
