/* cheops-collection.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game file known by its games' light headers and main-line position
 * keys (cheops-collection.h), read once through the reader and then from
 * its index (cheops-position-index.c).
 */
#define G_LOG_DOMAIN "cheops-game"

#include <errno.h>
#include <string.h>

#include <glib/gstdio.h>

#include "cheops-collection-private.h"
#include "cheops-main-context.h"

struct _CheopsCollection {
  GObject              parent_instance;

  char                *path;
  char                *index_path;     /* NULL: no index wanted */
  char                *index_warning;
  CheopsSourceStamp    stamp;
  CheopsCollectionData data;

  guint                from_index : 1;
};

G_DEFINE_FINAL_TYPE (CheopsCollection, cheops_collection, G_TYPE_OBJECT)

static const char * const result_strings[] = { "*", "1-0", "0-1", "1/2-1/2" };

const char *
cheops_game_result_to_string (CheopsGameResult result)
{
  g_return_val_if_fail ((guint) result < G_N_ELEMENTS (result_strings), "*");
  return result_strings[result];
}

static CheopsGameResult
result_from_string (const char *text)
{
  for (guint i = 0; i < G_N_ELEMENTS (result_strings); i++)
    if (g_strcmp0 (text, result_strings[i]) == 0)
      return (CheopsGameResult) i;
  return CHEOPS_GAME_RESULT_UNFINISHED;
}

void
_cheops_collection_data_clear (CheopsCollectionData *data)
{
  g_clear_pointer (&data->mapped, g_mapped_file_unref);
  g_clear_pointer (&data->games_array, g_array_unref);
  g_clear_pointer (&data->tags_array, g_array_unref);
  g_clear_pointer (&data->keys_array, g_array_unref);
  g_clear_pointer (&data->moves_array, g_array_unref);
  if (data->pool_string != NULL)
    g_string_free (data->pool_string, TRUE);
  memset (data, 0, sizeof *data);
}

static void
cheops_collection_finalize (GObject *object)
{
  CheopsCollection *self = (CheopsCollection *) object;

  g_free (self->path);
  g_free (self->index_path);
  g_free (self->index_warning);
  _cheops_collection_data_clear (&self->data);
  G_OBJECT_CLASS (cheops_collection_parent_class)->finalize (object);
}

static void
cheops_collection_class_init (CheopsCollectionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = cheops_collection_finalize;
}

static void
cheops_collection_init (CheopsCollection *self)
{
}

/* Reading the file. */

typedef struct {
  CheopsCollectionData *data;
  GHashTable           *interned;   /* string -> pool offset + 1 */
} Builder;

static guint32
intern (Builder    *b,
        const char *text)
{
  gpointer found;
  guint32 offset;

  if (text == NULL || *text == '\0')
    return 0;
  found = g_hash_table_lookup (b->interned, text);
  if (found != NULL)
    return GPOINTER_TO_UINT (found) - 1;
  offset = (guint32) b->data->pool_string->len;
  g_string_append_len (b->data->pool_string, text, strlen (text) + 1);
  g_hash_table_insert (b->interned, g_strdup (text), GUINT_TO_POINTER (offset + 1));
  return offset;
}

static guint8
variant_slot (CheopsCollectionData *data,
              Builder              *b,
              const CheopsVariant  *variant)
{
  for (guint i = 0; i < data->n_variants; i++)
    if (data->variants[i] == variant)
      return (guint8) i;
  g_assert (data->n_variants < CHEOPS_COLLECTION_MAX_VARIANTS);
  data->variants[data->n_variants] = variant;
  data->variant_names[data->n_variants] = intern (b, variant->name);
  return (guint8) data->n_variants++;
}

/* Adds the light header, the main line's keys and moves of @game (whose
 * errors are @errors[@first_error..]) to the arrays. */
static void
add_game (Builder    *b,
          CheopsGame *game,
          GPtrArray  *errors,
          guint       first_error,
          guint64     offset,
          guint64     length,
          guint       line)
{
  CheopsCollectionData *data = b->data;
  CheopsGameRecord r = { 0 };
  CheopsPosition pos = *cheops_game_get_start_position (game);
  CheopsGameNode *node = cheops_game_get_root (game);
  guint64 key;

  r.offset = offset;
  r.length = (guint32) MIN (length, G_MAXUINT32);
  r.line = line;
  r.keys_start = data->keys_array->len;
  r.tags_start = data->tags_array->len;
  r.n_tags = cheops_game_get_n_tags (game);
  r.variant = variant_slot (data, b, cheops_game_get_variant (game));
  r.result = result_from_string (cheops_game_get_result (game));
  if (cheops_game_get_colour_side (game, 0) == CHEOPS_SIDE_B)
    r.flags |= CHEOPS_RECORD_COLOUR0_IS_B;
  if (errors != NULL && errors->len > first_error)
    {
      const CheopsPgnError *e = errors->pdata[first_error];

      r.flags |= CHEOPS_RECORD_HAS_ERROR;
      r.error_line = e->line;
      r.error_column = e->column;
      r.error_message = intern (b, e->message);
      /* After an unknown variant or a bad FEN the reader keeps the game
       * as text on a start position that is not the game's. */
      for (guint i = first_error; i < errors->len; i++)
        {
          const CheopsPgnError *f = errors->pdata[i];

          if (f->code == CHEOPS_GAME_ERROR_VARIANT || f->code == CHEOPS_GAME_ERROR_BAD_FEN)
            r.flags |= CHEOPS_RECORD_NO_POSITIONS;
        }
    }

  for (guint i = 0; i < r.n_tags; i++)
    {
      const char *name, *value;
      CheopsTagRecord t;

      cheops_game_get_nth_tag (game, i, &name, &value);
      t.name = intern (b, name);
      t.value = intern (b, value);
      g_array_append_val (data->tags_array, t);
    }

  key = cheops_position_search_key (&pos);
  g_array_append_val (data->keys_array, key);
  for (CheopsGameNode *child = cheops_game_node_get_first_child (node); child != NULL;
       child = cheops_game_node_get_first_child (child))
    {
      CheopsMove move = cheops_game_node_get_move (child);
      CheopsUndo undo;

      cheops_position_do_move (&pos, move, &undo);
      key = cheops_position_search_key (&pos);
      g_array_append_val (data->keys_array, key);
      g_array_append_val (data->moves_array, move);
      r.n_plies++;
    }
  g_array_append_val (data->games_array, r);
}

/* The arrays' pointers from the arrays themselves. */
static void
point_at_arrays (CheopsCollectionData *data)
{
  data->games = (const CheopsGameRecord *) (gpointer) data->games_array->data;
  data->n_games = data->games_array->len;
  data->tags = (const CheopsTagRecord *) (gpointer) data->tags_array->data;
  data->n_tags = data->tags_array->len;
  data->keys = (const guint64 *) (gpointer) data->keys_array->data;
  data->n_keys = data->keys_array->len;
  data->moves = (const guint32 *) (gpointer) data->moves_array->data;
  data->pool = data->pool_string->str;
  data->pool_size = (guint32) data->pool_string->len;
}

static gboolean
read_file (CheopsCollection    *self,
           CheopsProgressFunc   progress,
           gpointer             progress_data,
           GCancellable        *cancellable,
           GError             **error)
{
  CheopsCollectionData *data = &self->data;
  g_autoptr(GMappedFile) mapped = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(CheopsPgnReader) reader = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  Builder b = { data, NULL };
  CheopsGame *game;
  gsize size;
  guint64 step, next_report;

  mapped = g_mapped_file_new (self->path, FALSE, error);
  if (mapped == NULL)
    return FALSE;
  bytes = g_mapped_file_get_bytes (mapped);
  size = g_bytes_get_size (bytes);
  reader = cheops_pgn_reader_new_from_bytes (bytes);
  errors = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);

  data->games_array = g_array_new (FALSE, FALSE, sizeof (CheopsGameRecord));
  data->tags_array = g_array_new (FALSE, FALSE, sizeof (CheopsTagRecord));
  data->keys_array = g_array_new (FALSE, FALSE, sizeof (guint64));
  data->moves_array = g_array_new (FALSE, FALSE, sizeof (guint32));
  data->pool_string = g_string_new_len ("", 1);
  b.interned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  step = MAX (size / 200, 1);
  next_report = step;
  while ((game = cheops_pgn_reader_next (reader, errors)) != NULL)
    {
      gsize offset, length;

      cheops_pgn_reader_get_game_span (reader, &offset, &length);
      add_game (&b, game, errors, 0, offset, length, cheops_pgn_reader_get_game_line (reader));
      g_ptr_array_set_size (errors, 0);
      g_object_unref (game);
      if (progress != NULL && offset + length >= next_report)
        {
          progress ((double) (offset + length) / size, progress_data);
          next_report = offset + length + step;
        }
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_hash_table_unref (b.interned);
          return FALSE;
        }
    }
  g_hash_table_unref (b.interned);
  point_at_arrays (data);
  return TRUE;
}

CheopsCollection *
cheops_collection_load (const char                 *path,
                        CheopsCollectionLoadFlags   flags,
                        CheopsProgressFunc          progress,
                        gpointer                    progress_data,
                        GCancellable               *cancellable,
                        GError                    **error)
{
  g_autoptr(CheopsCollection) self = NULL;
  g_autoptr(GError) index_error = NULL;
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);

  self = g_object_new (CHEOPS_TYPE_COLLECTION, NULL);
  self->path = g_strdup (path);
  if (g_stat (path, &st) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno), "%s: %s", path,
                   g_strerror (saved_errno));
      return NULL;
    }
  if (S_ISDIR (st.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "%s: is a directory", path);
      return NULL;
    }
  if (!_cheops_source_stamp_get (path, &self->stamp, error))
    return NULL;
  if (!(flags & CHEOPS_COLLECTION_LOAD_NO_INDEX))
    {
      self->index_path = cheops_position_index_path (path);
      if (!(flags & CHEOPS_COLLECTION_LOAD_REINDEX)
          && _cheops_position_index_load (self->index_path, &self->stamp, &self->data, &index_error))
        {
          self->from_index = TRUE;
          if (progress != NULL)
            progress (1.0, progress_data);
          return g_steal_pointer (&self);
        }
      if (index_error != NULL && !g_error_matches (index_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        g_debug ("%s: reading the file: %s", path, index_error->message);
    }

  if (!read_file (self, progress, progress_data, cancellable, error))
    return NULL;

  if (self->index_path != NULL)
    {
      g_autoptr(GError) save_error = NULL;

      if (!_cheops_position_index_save (self->index_path, &self->stamp, &self->data, &save_error))
        {
          self->index_warning = g_strdup_printf ("the index of %s could not be written: %s",
                                                 path, save_error->message);
          g_debug ("%s", self->index_warning);
        }
    }
  if (progress != NULL)
    progress (1.0, progress_data);
  return g_steal_pointer (&self);
}

/* Progress from a worker thread. */

void
_cheops_progress_relay_init (CheopsProgressRelay *relay,
                             CheopsProgressFunc   progress,
                             gpointer             progress_data,
                             GDestroyNotify       progress_notify)
{
  relay->progress = progress;
  relay->progress_data = progress_data;
  relay->progress_notify = progress_notify;
  relay->context = g_main_context_ref_thread_default ();
  g_mutex_init (&relay->mutex);
  relay->pending = -1;
}

void
_cheops_progress_relay_clear (CheopsProgressRelay *relay)
{
  if (relay->progress_notify != NULL)
    relay->progress_notify (relay->progress_data);
  g_main_context_unref (relay->context);
  g_mutex_clear (&relay->mutex);
}

static gboolean
report_progress_cb (gpointer user_data)
{
  GTask *task = user_data;
  CheopsProgressRelay *relay = g_task_get_task_data (task);
  double fraction;

  g_mutex_lock (&relay->mutex);
  fraction = relay->pending;
  relay->pending = -1;
  g_mutex_unlock (&relay->mutex);
  if (fraction >= 0 && !g_task_get_completed (task))
    relay->progress (fraction, relay->progress_data);
  return G_SOURCE_REMOVE;
}

void
_cheops_progress_relay_report (double   fraction,
                               gpointer task)
{
  CheopsProgressRelay *relay = g_task_get_task_data (task);
  gboolean queued;

  /* One report waits in the caller's context at a time, with the latest
   * fraction: a slow main loop sees fewer reports, never a backlog. */
  g_mutex_lock (&relay->mutex);
  queued = relay->pending >= 0;
  relay->pending = fraction;
  g_mutex_unlock (&relay->mutex);
  if (!queued)
    cheops_main_context_post (relay->context, report_progress_cb, g_object_ref (task), g_object_unref);
}

/* Loading in a worker thread. */

typedef struct {
  CheopsProgressRelay        relay;     /* first: _cheops_progress_relay_report() */
  char                      *path;
  CheopsCollectionLoadFlags  flags;
} LoadTask;

static void
load_task_free (LoadTask *t)
{
  _cheops_progress_relay_clear (&t->relay);
  g_free (t->path);
  g_free (t);
}

static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  LoadTask *t = task_data;
  GError *error = NULL;
  CheopsCollection *collection;

  collection = cheops_collection_load (t->path, t->flags,
                                       t->relay.progress != NULL ? _cheops_progress_relay_report : NULL,
                                       task, cancellable, &error);
  if (collection == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, collection, g_object_unref);
}

void
cheops_collection_load_async (const char                 *path,
                              CheopsCollectionLoadFlags   flags,
                              CheopsProgressFunc          progress,
                              gpointer                    progress_data,
                              GDestroyNotify              progress_notify,
                              GCancellable               *cancellable,
                              GAsyncReadyCallback         callback,
                              gpointer                    user_data)
{
  g_autoptr(GTask) task = NULL;
  LoadTask *t;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, cheops_collection_load_async);
  t = g_new0 (LoadTask, 1);
  _cheops_progress_relay_init (&t->relay, progress, progress_data, progress_notify);
  t->path = g_strdup (path);
  t->flags = flags;
  g_task_set_task_data (task, t, (GDestroyNotify) load_task_free);
  g_task_run_in_thread (task, load_thread);
}

CheopsCollection *
cheops_collection_load_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

/* Getters. */

const char *
cheops_collection_get_path (CheopsCollection *self)
{
  g_return_val_if_fail (CHEOPS_IS_COLLECTION (self), NULL);
  return self->path;
}

gboolean
cheops_collection_get_from_index (CheopsCollection *self)
{
  g_return_val_if_fail (CHEOPS_IS_COLLECTION (self), FALSE);
  return self->from_index;
}

const char *
cheops_collection_get_index_warning (CheopsCollection *self)
{
  g_return_val_if_fail (CHEOPS_IS_COLLECTION (self), NULL);
  return self->index_warning;
}

guint
cheops_collection_get_n_games (CheopsCollection *self)
{
  g_return_val_if_fail (CHEOPS_IS_COLLECTION (self), 0);
  return self->data.n_games;
}

guint64
cheops_collection_get_n_positions (CheopsCollection *self)
{
  g_return_val_if_fail (CHEOPS_IS_COLLECTION (self), 0);
  return self->data.n_keys;
}

const CheopsCollectionData *
_cheops_collection_get_data (CheopsCollection *self)
{
  return &self->data;
}

static inline const CheopsGameRecord *
record (CheopsCollection *self,
        guint             index)
{
  return &self->data.games[index];
}

#define CHECK_INDEX(self, index, val) \
  g_return_val_if_fail (CHEOPS_IS_COLLECTION (self), val); \
  g_return_val_if_fail ((index) < (self)->data.n_games, val)

const CheopsVariant *
cheops_collection_get_variant (CheopsCollection *self,
                               guint             index)
{
  CHECK_INDEX (self, index, &cheops_variant_cheops);
  return self->data.variants[record (self, index)->variant];
}

const char *
cheops_collection_get_tag (CheopsCollection *self,
                           guint             index,
                           const char       *name)
{
  const CheopsGameRecord *r;

  CHECK_INDEX (self, index, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  r = record (self, index);
  for (guint i = 0; i < r->n_tags; i++)
    {
      const CheopsTagRecord *t = &self->data.tags[r->tags_start + i];

      if (strcmp (self->data.pool + t->name, name) == 0)
        return self->data.pool + t->value;
    }
  return NULL;
}

guint
cheops_collection_get_n_tags (CheopsCollection *self,
                              guint             index)
{
  CHECK_INDEX (self, index, 0);
  return record (self, index)->n_tags;
}

void
cheops_collection_get_nth_tag (CheopsCollection *self,
                               guint             index,
                               guint             n,
                               const char      **name,
                               const char      **value)
{
  const CheopsGameRecord *r;
  const CheopsTagRecord *t;

  g_return_if_fail (CHEOPS_IS_COLLECTION (self));
  g_return_if_fail (index < self->data.n_games);
  r = record (self, index);
  g_return_if_fail (n < r->n_tags);
  t = &self->data.tags[r->tags_start + n];
  if (name != NULL)
    *name = self->data.pool + t->name;
  if (value != NULL)
    *value = self->data.pool + t->value;
}

const char *
cheops_collection_get_player (CheopsCollection *self,
                              guint             index,
                              guint             colour)
{
  const char *value;

  CHECK_INDEX (self, index, "?");
  g_return_val_if_fail (colour < CHEOPS_SIDE_NB, "?");
  value = cheops_collection_get_tag (self, index, cheops_collection_get_variant (self, index)->sides[colour].tag);
  return value != NULL ? value : "?";
}

CheopsGameResult
cheops_collection_get_result (CheopsCollection *self,
                              guint             index)
{
  CHECK_INDEX (self, index, CHEOPS_GAME_RESULT_UNFINISHED);
  return (CheopsGameResult) record (self, index)->result;
}

gboolean
_cheops_game_record_winner (const CheopsGameRecord *r,
                            CheopsWinner           *winner)
{
  gboolean colour0_is_b = (r->flags & CHEOPS_RECORD_COLOUR0_IS_B) != 0;

  switch (r->result)
    {
    case CHEOPS_GAME_RESULT_DRAW:
      *winner = CHEOPS_WINNER_DRAW;
      return TRUE;
    case CHEOPS_GAME_RESULT_COLOUR0_WINS:
      *winner = colour0_is_b ? CHEOPS_WINNER_B : CHEOPS_WINNER_A;
      return TRUE;
    case CHEOPS_GAME_RESULT_COLOUR1_WINS:
      *winner = colour0_is_b ? CHEOPS_WINNER_A : CHEOPS_WINNER_B;
      return TRUE;
    default:
      return FALSE;
    }
}

gboolean
cheops_collection_get_winner (CheopsCollection *self,
                              guint             index,
                              CheopsWinner     *winner)
{
  CheopsWinner w;

  CHECK_INDEX (self, index, FALSE);
  if (!_cheops_game_record_winner (record (self, index), &w))
    return FALSE;
  if (winner != NULL)
    *winner = w;
  return TRUE;
}

guint
cheops_collection_get_plies (CheopsCollection *self,
                             guint             index)
{
  CHECK_INDEX (self, index, 0);
  return record (self, index)->n_plies;
}

guint
cheops_collection_get_line (CheopsCollection *self,
                            guint             index)
{
  CHECK_INDEX (self, index, 0);
  return record (self, index)->line;
}

gboolean
cheops_collection_get_error (CheopsCollection *self,
                             guint             index,
                             guint            *line,
                             guint            *column,
                             const char      **message)
{
  const CheopsGameRecord *r;

  CHECK_INDEX (self, index, FALSE);
  r = record (self, index);
  if (!(r->flags & CHEOPS_RECORD_HAS_ERROR))
    return FALSE;
  if (line != NULL)
    *line = r->error_line;
  if (column != NULL)
    *column = r->error_column;
  if (message != NULL)
    *message = self->data.pool + r->error_message;
  return TRUE;
}

static gboolean
stamps_equal (const CheopsSourceStamp *a,
              const CheopsSourceStamp *b)
{
  return a->size == b->size && a->mtime_us == b->mtime_us && a->ctime_us == b->ctime_us
         && a->inode == b->inode && a->crc == b->crc;
}

gboolean
_cheops_collection_file_unchanged (CheopsCollection  *self,
                                   GError           **error)
{
  CheopsSourceStamp now;

  if (!_cheops_source_stamp_get (self->path, &now, error))
    return FALSE;
  if (!stamps_equal (&now, &self->stamp))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s has changed since it was read", self->path);
      return FALSE;
    }
  return TRUE;
}

CheopsGame *
cheops_collection_read_game (CheopsCollection *self,
                             guint             index,
                             GPtrArray        *errors,
                             GError          **error)
{
  const CheopsGameRecord *r;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(CheopsPgnReader) reader = NULL;
  g_autofree char *text = NULL;
  gsize n_read = 0;
  guint first_error = errors != NULL ? errors->len : 0;
  CheopsGame *game;

  CHECK_INDEX (self, index, NULL);
  r = record (self, index);
  if (!_cheops_collection_file_unchanged (self, error))
    return NULL;
  file = g_file_new_for_path (self->path);
  stream = g_file_read (file, NULL, error);
  if (stream == NULL)
    return NULL;
  if (!g_seekable_seek (G_SEEKABLE (stream), (goffset) r->offset, G_SEEK_SET, NULL, error))
    return NULL;
  text = g_malloc (r->length + 1);
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), text, r->length, &n_read, NULL, error))
    return NULL;
  if (n_read != r->length)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s has changed since it was read", self->path);
      return NULL;
    }
  text[n_read] = '\0';
  reader = cheops_pgn_reader_new (text, (gssize) n_read);
  cheops_pgn_reader_set_default_variant (reader, NULL);
  game = cheops_pgn_reader_next (reader, errors);
  if (game == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s has changed since it was read", self->path);
      return NULL;
    }
  if (errors != NULL)
    for (guint i = first_error; i < errors->len; i++)
      {
        CheopsPgnError *e = errors->pdata[i];

        e->line += r->line - 1;
        e->game_index = index;
      }
  return game;
}
