/* studio-document.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioDocument: what one window edits — a game of libcheops-game
 * (CheopsGame, with its undo history), the node the user stands on, and the
 * file it came from.  A file may hold several games: the document keeps
 * them all (it is a GListModel of them, for the list the user picks from)
 * and shows one at a time (studio_document_show_game()).  Each game keeps
 * its own undo history (in its CheopsGame) and the move the user stood on;
 * the file is modified when any game is, and saving writes them all.
 *
 * Every edit goes through the CheopsGame (so it can be undone); the
 * document forwards the game's "changed" signal, follows the rule of
 * cheops-game.h (a current node that left the tree moves to the node of the
 * change), and turns arrows and cell marks between the board's StudioShape
 * and the node's annotations ([%cal], [%csl]).
 */
#define G_LOG_DOMAIN "studio-document"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "studio-document.h"
#include "studio-file-save.h"
#include "cheops-main-context.h"

struct _StudioDocument
{
  GObject         parent_instance;

  /* Owned references. */
  GPtrArray      *games;        /* CheopsGame: every game of the file */
  GPtrArray      *currents;     /* CheopsGameNode (ref) or NULL, by game:
                                 * where the user stood in a game not shown */
  GPtrArray      *game_errors;  /* string or NULL, by game: its first error */
  CheopsGame     *game;         /* the one shown, an element of @games */
  CheopsGameNode *current;
  GFile          *file;
  GPtrArray      *load_errors;  /* strings "LINE:COLUMN: message" */
  /* The games of @games (borrowed) that were partly read and have since
   * been saved rewritten: the file no longer holds their unread rest, so
   * saving them again loses nothing. */
  GHashTable     *rest_dropped;
  /* A sample game of the program, not yet saved to a file. */
  gboolean        is_sample;
  char           *row_key;      /* the shown game's listed tags, to notice
                                 * a change (see studio_document_row_key()) */
  guint           index;        /* of @game in @games */

  /* During an undo or a redo: the nodes its commands touched. */
  GPtrArray      *touched;      /* CheopsGameNode (refs), or NULL */

  /* What is on disk: the entity tag of @file when it was read or written
   * (NULL when unknown), a monitor of @file, and whether another program
   * has written it since (a save then refuses until
   * studio_document_keep_changes()). */
  char           *etag;
  GFileMonitor   *monitor;
  gboolean        changed_on_disk;
  gboolean        saving;
  gboolean        keep_backup;

  /* A file being read in a worker (studio_document_load_async()): its
   * task, whose serial stamps what the worker hands over (a batch of an
   * older load is dropped), and what the document held before its first
   * games came (put back when the load is cancelled or fails). */
  GTask          *load_task;
  guint           load_serial;
  struct _Stash  *stash;
  double          progress;     /* of the load or save running, or -1 */
  GHashTable     *touched_while_saving;  /* CheopsGame changed during a save */
  GCancellable   *save_cancellable;
};

enum {
  PROP_0,
  PROP_CAN_REDO,
  PROP_CAN_UNDO,
  PROP_CHANGED_ON_DISK,
  PROP_CURRENT,
  PROP_FILE,
  PROP_GAME,
  PROP_GAME_INDEX,
  PROP_KEEP_BACKUP,
  PROP_LOADING,
  PROP_MODIFIED,
  PROP_PROGRESS,
  PROP_SAVING,
  PROP_N_GAMES,
  PROP_TITLE,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static void studio_document_list_model_init (GListModelInterface *iface);

typedef struct _Stash Stash;
static void stash_free (struct _Stash *stash);
static void studio_document_stop_load (StudioDocument *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Stash, stash_free)

G_DEFINE_FINAL_TYPE_WITH_CODE (StudioDocument, studio_document, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, studio_document_list_model_init))

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

/* The tags a list of the file's games shows and searches, joined: when
 * they change (an edit of the Result, say) the game's item changes. */
static char *
studio_document_row_key (CheopsGame *game)
{
  const CheopsVariant *variant = cheops_game_get_start_position (game)->variant;
  const char *const names[] = { "Event", "Site", "Date", "Round", variant->sides[0].tag, variant->sides[1].tag, "Result" };
  GString *key = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_string_append (key, cheops_game_get_tag (game, names[i]) ?: "");
      g_string_append_c (key, '\x1f');
    }

  return g_string_free (key, FALSE);
}

static void
node_unref0 (gpointer node)
{
  if (node != NULL)
    cheops_game_node_unref (node);
}

static GType
studio_document_get_item_type (GListModel *model)
{
  return CHEOPS_TYPE_GAME;
}

static guint
studio_document_get_n_items (GListModel *model)
{
  StudioDocument *self = (StudioDocument *)model;

  return self->games->len;
}

static gpointer
studio_document_get_item (GListModel *model,
                          guint       position)
{
  StudioDocument *self = (StudioDocument *)model;

  if (position >= self->games->len)
    return NULL;

  return g_object_ref (g_ptr_array_index (self->games, position));
}

static void
studio_document_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = studio_document_get_item_type;
  iface->get_n_items = studio_document_get_n_items;
  iface->get_item = studio_document_get_item;
}

static void
studio_document_game_changed_cb (StudioDocument *self,
                                 CheopsGameNode *node,
                                 CheopsGame     *game)
{
  g_assert (STUDIO_IS_DOCUMENT (self));

  if (self->touched != NULL && node != NULL)
    g_ptr_array_add (self->touched, cheops_game_node_ref (node));
  /* Changed after the save took its copy: not saved by it. */
  if (self->saving)
    g_hash_table_add (self->touched_while_saving, game);

  if (self->current == NULL || !cheops_game_contains (game, self->current))
    studio_document_set_current (self, node != NULL ? node : cheops_game_get_root (game));

  g_signal_emit (self, signals [CHANGED], 0, node);

  /* The game's item in the list of the file's games changed. */
  if (game == self->game)
    {
      g_autofree char *key = studio_document_row_key (game);

      if (g_strcmp0 (key, self->row_key) != 0)
        {
          g_free (self->row_key);
          self->row_key = g_steal_pointer (&key);
          g_list_model_items_changed (G_LIST_MODEL (self), self->index, 1, 1);
        }
    }
}

static void
studio_document_game_notify_cb (StudioDocument *self,
                                GParamSpec     *pspec,
                                CheopsGame     *game)
{
  const char *name = g_param_spec_get_name (pspec);

  if (g_str_equal (name, "modified"))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MODIFIED]);
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);
    }
  else if (g_str_equal (name, "can-undo"))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CAN_UNDO]);
  else if (g_str_equal (name, "can-redo"))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CAN_REDO]);
}

static void
studio_document_dispose (GObject *object)
{
  StudioDocument *self = (StudioDocument *)object;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);

  g_clear_pointer (&self->current, cheops_game_node_unref);
  g_clear_object (&self->game);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_pointer (&self->currents, g_ptr_array_unref);
  g_clear_pointer (&self->game_errors, g_ptr_array_unref);
  g_clear_object (&self->file);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_clear_pointer (&self->etag, g_free);
  g_clear_pointer (&self->load_errors, g_ptr_array_unref);
  g_clear_pointer (&self->rest_dropped, g_hash_table_unref);
  g_clear_pointer (&self->touched_while_saving, g_hash_table_unref);
  g_clear_object (&self->load_task);
  g_clear_object (&self->save_cancellable);
  g_clear_pointer (&self->stash, stash_free);
  g_clear_pointer (&self->row_key, g_free);

  G_OBJECT_CLASS (studio_document_parent_class)->dispose (object);
}

static void
studio_document_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  StudioDocument *self = STUDIO_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_CAN_REDO:
      g_value_set_boolean (value, cheops_game_can_redo (self->game));
      break;

    case PROP_CAN_UNDO:
      g_value_set_boolean (value, cheops_game_can_undo (self->game));
      break;

    case PROP_CURRENT:
      g_value_set_pointer (value, self->current);
      break;

    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;

    case PROP_CHANGED_ON_DISK:
      g_value_set_boolean (value, self->changed_on_disk);
      break;

    case PROP_KEEP_BACKUP:
      g_value_set_boolean (value, self->keep_backup);
      break;

    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_GAME_INDEX:
      g_value_set_uint (value, self->index);
      break;

    case PROP_LOADING:
      g_value_set_boolean (value, self->load_task != NULL);
      break;

    case PROP_MODIFIED:
      g_value_set_boolean (value, studio_document_get_modified (self));
      break;

    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;

    case PROP_SAVING:
      g_value_set_boolean (value, self->saving);
      break;

    case PROP_N_GAMES:
      g_value_set_uint (value, self->games->len);
      break;

    case PROP_TITLE:
      g_value_take_string (value, studio_document_dup_title (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_document_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  StudioDocument *self = STUDIO_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_KEEP_BACKUP:
      if (self->keep_backup != g_value_get_boolean (value))
        {
          self->keep_backup = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_document_class_init (StudioDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = studio_document_dispose;
  object_class->get_property = studio_document_get_property;
  object_class->set_property = studio_document_set_property;

  properties [PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  /**
   * StudioDocument:current:
   *
   * The CheopsGameNode the user stands on (a node of the game's tree).
   */
  properties [PROP_CURRENT] =
    g_param_spec_pointer ("current", NULL, NULL,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  properties [PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  /**
   * StudioDocument:changed-on-disk:
   *
   * Whether another program has written the document's file since it was
   * read or saved (its entity tag differs): a save refuses to overwrite it
   * until studio_document_keep_changes(); reloading the file clears it.
   */
  properties [PROP_CHANGED_ON_DISK] =
    g_param_spec_boolean ("changed-on-disk", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * StudioDocument:keep-backup:
   *
   * Whether a save keeps the file as it was before as NAME~ (the
   * preference save-backup).
   */
  properties [PROP_KEEP_BACKUP] =
    g_param_spec_boolean ("keep-backup", NULL, NULL, FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CHEOPS_TYPE_GAME,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  /**
   * StudioDocument:game-index:
   *
   * The position of the game shown among the file's games, from 0.
   */
  properties [PROP_GAME_INDEX] =
    g_param_spec_uint ("game-index", NULL, NULL, 0, G_MAXUINT, 0,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * StudioDocument:modified:
   *
   * Whether any game of the document has changes that are not saved.
   */
  properties [PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  /**
   * StudioDocument:n-games:
   *
   * How many games the document holds (at least 1).
   */
  /**
   * StudioDocument:loading:
   *
   * Whether a file is being read into the document
   * (studio_document_load_async()): its games come in batches, the first
   * shown before the last are read.
   */
  properties [PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * StudioDocument:saving:
   *
   * Whether the document is being written (studio_document_save_async()).
   */
  properties [PROP_SAVING] =
    g_param_spec_boolean ("saving", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * StudioDocument:progress:
   *
   * How far the load or save running has gone, from 0 to 1 (the share of
   * the file's bytes read, or of the games written), or -1 when none runs.
   */
  properties [PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL, -1, 1, -1,
                         (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  properties [PROP_N_GAMES] =
    g_param_spec_uint ("n-games", NULL, NULL, 1, G_MAXUINT, 1,
                       (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  /**
   * StudioDocument:title:
   *
   * The name of the file, or else the game's event or players, for the
   * window title (see studio_document_dup_title()).
   */
  properties [PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StudioDocument::changed:
   * @node: (type gpointer): the node at the heart of the change
   *
   * The game's tree, tags, comments or annotations changed (an edit, an
   * undo or a redo; see CheopsGame::changed), or another game is shown
   * (a file loaded, a new game, studio_document_show_game(): @node is then
   * the node the document stands on in it).
   */
  signals [CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
studio_document_init (StudioDocument *self)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();

  self->games = g_ptr_array_new_with_free_func (g_object_unref);
  self->currents = g_ptr_array_new_with_free_func (node_unref0);
  self->game_errors = g_ptr_array_new_with_free_func (g_free);
  self->load_errors = g_ptr_array_new_with_free_func (g_free);
  self->rest_dropped = g_hash_table_new (NULL, NULL);
  self->touched_while_saving = g_hash_table_new (NULL, NULL);
  self->progress = -1;
  studio_document_set_game (self, game);
}

/**
 * studio_document_new:
 *
 * Returns: (transfer full): a document holding a new game from the initial
 *   position (6.1), with no file
 */
StudioDocument *
studio_document_new (void)
{
  return g_object_new (STUDIO_TYPE_DOCUMENT, NULL);
}

/**
 * studio_document_get_game:
 * @self: a #StudioDocument
 *
 * Returns: (transfer none): the game shown
 */
CheopsGame *
studio_document_get_game (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  return self->game;
}

/* Shows the game at @index, standing on the node the user last stood on
 * in it (if it is still in its tree) or else on its root. */
static void
studio_document_replace_game (StudioDocument *self,
                              guint           index)
{
  CheopsGame *game = g_ptr_array_index (self->games, index);
  CheopsGameNode *node = g_ptr_array_index (self->currents, index);
  gboolean index_changed = index != self->index;

  if (node == NULL || !cheops_game_contains (game, node))
    node = cheops_game_get_root (game);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_pointer (&self->current, cheops_game_node_unref);
  g_set_object (&self->game, game);
  self->index = index;
  g_free (self->row_key);
  self->row_key = studio_document_row_key (game);

  g_signal_connect_object (game, "changed",
                           G_CALLBACK (studio_document_game_changed_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify",
                           G_CALLBACK (studio_document_game_notify_cb),
                           self, G_CONNECT_SWAPPED);

  self->current = cheops_game_node_ref (node);

  if (index_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_GAME_INDEX]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_GAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CURRENT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MODIFIED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CAN_UNDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CAN_REDO]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);
  g_signal_emit (self, signals [CHANGED], 0, self->current);
}

/* Makes @games (CheopsGame) the document's games, with the first error of
 * each in @errors (CheopsPgnError, or NULL for none), and shows the
 * first. */
static void
studio_document_take_games (StudioDocument *self,
                            GPtrArray      *games,
                            GPtrArray      *errors)
{
  guint old_n = self->games->len;

  g_ptr_array_set_size (self->games, 0);
  g_ptr_array_set_size (self->currents, 0);
  g_ptr_array_set_size (self->game_errors, 0);
  for (guint i = 0; i < games->len; i++)
    {
      g_ptr_array_add (self->games, g_object_ref (g_ptr_array_index (games, i)));
      g_ptr_array_add (self->currents, NULL);
      g_ptr_array_add (self->game_errors, NULL);
    }

  g_ptr_array_set_size (self->load_errors, 0);
  for (guint i = 0; errors != NULL && i < errors->len; i++)
    {
      const CheopsPgnError *pgn_error = g_ptr_array_index (errors, i);

      g_ptr_array_add (self->load_errors, cheops_pgn_error_to_string (pgn_error));
      if (pgn_error->game_index < self->game_errors->len &&
          g_ptr_array_index (self->game_errors, pgn_error->game_index) == NULL)
        g_ptr_array_index (self->game_errors, pgn_error->game_index) = cheops_pgn_error_to_string (pgn_error);
    }

  /* The game's index may stay 0 while the game changes: notified anyway. */
  self->index = G_MAXUINT;
  studio_document_replace_game (self, 0);

  g_list_model_items_changed (G_LIST_MODEL (self), 0, old_n, self->games->len);
  if (old_n != self->games->len)
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_N_GAMES]);
}

/**
 * studio_document_set_game:
 * @self: a #StudioDocument
 * @game: the game to show (referenced)
 *
 * Replaces what the document holds by @game alone (a new game, a pasted
 * game), forgetting the file and the load errors.  The current node
 * becomes the root.
 */
static void
studio_document_set_changed_on_disk (StudioDocument *self,
                                     gboolean        changed)
{
  if (self->changed_on_disk == changed)
    return;
  self->changed_on_disk = changed;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CHANGED_ON_DISK]);
}

/**
 * studio_document_check_disk:
 * @self: a #StudioDocument
 *
 * Compares the entity tag of the document's file with the one it had when
 * it was read or saved, and sets #StudioDocument:changed-on-disk when
 * another program wrote it since (a file deleted is not a change: the next
 * save writes it again).  The file monitor calls it on every change of the
 * file; a window may call it when it is focused.
 *
 * Returns: the value of #StudioDocument:changed-on-disk
 */
gboolean
studio_document_check_disk (StudioDocument *self)
{
  g_autofree char *etag = NULL;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  if (self->file == NULL || self->etag == NULL || self->saving || self->changed_on_disk)
    return self->changed_on_disk;

  etag = studio_file_query_etag (self->file);
  if (etag != NULL && !g_str_equal (etag, self->etag))
    studio_document_set_changed_on_disk (self, TRUE);

  return self->changed_on_disk;
}

static void
studio_document_monitor_cb (StudioDocument    *self,
                            GFile             *file,
                            GFile             *other_file,
                            GFileMonitorEvent  event,
                            GFileMonitor      *monitor)
{
  if (event == G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT ||
      event == G_FILE_MONITOR_EVENT_CREATED ||
      event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED ||
      event == G_FILE_MONITOR_EVENT_MOVED_IN ||
      event == G_FILE_MONITOR_EVENT_RENAMED)
    studio_document_check_disk (self);
}

/* What is on disk now: @file (NULL for none) with @etag (NULL when
 * unknown: then no change is noticed). */
static void
studio_document_watch_file (StudioDocument *self,
                            GFile          *file,
                            const char     *etag)
{
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  g_free (self->etag);
  self->etag = g_strdup (etag);
  studio_document_set_changed_on_disk (self, FALSE);
  if (file == NULL || etag == NULL)
    return;

  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect_object (self->monitor, "changed", G_CALLBACK (studio_document_monitor_cb),
                             self, G_CONNECT_SWAPPED);
}

/**
 * studio_document_keep_changes:
 * @self: a #StudioDocument
 *
 * The user keeps the document's version over a file another program wrote
 * (#StudioDocument:changed-on-disk): the next save overwrites what is on
 * disk now, and a further change on disk is noticed again.
 */
void
studio_document_keep_changes (StudioDocument *self)
{
  g_autofree char *etag = NULL;

  g_return_if_fail (STUDIO_IS_DOCUMENT (self));

  if (self->file == NULL)
    return;
  etag = studio_file_query_etag (self->file);
  if (etag != NULL)
    {
      g_free (self->etag);
      self->etag = g_steal_pointer (&etag);
    }
  studio_document_set_changed_on_disk (self, FALSE);
}

/**
 * studio_document_get_changed_on_disk:
 * @self: a #StudioDocument
 *
 * Returns: the value of #StudioDocument:changed-on-disk
 */
gboolean
studio_document_get_changed_on_disk (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);
  return self->changed_on_disk;
}

/**
 * studio_document_get_disk_etag:
 * @self: a #StudioDocument
 *
 * Returns: (nullable): the entity tag the document's file had when it was
 *   last read or written (or kept, studio_document_keep_changes()), or
 *   %NULL when unknown
 */
const char *
studio_document_get_disk_etag (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);
  return self->etag;
}

/**
 * studio_document_restore_draft:
 * @self: a #StudioDocument
 * @text: the game-file text of a draft (studio-drafts.h)
 * @length: its length in bytes
 * @base: (nullable): for a partial draft (@text holds only the games of
 *   @modified, in that order), the text of @file, which holds the others
 * @base_length: its length in bytes
 * @file: (nullable): the file the drafted document had
 * @etag: (nullable): the entity tag @file had then
 * @game_index: the game shown then
 * @n_games: how many games the drafted document had (checked against
 *   @base)
 * @modified: (element-type guint): the indexes of the games that had
 *   unsaved edits
 * @error: a location for a #GError, as for studio_document_load_text()
 *
 * Replaces the document by a draft of unsaved edits: its games (read as
 * studio_document_load_text() reads; with @base, the games of @base with
 * those of @text in the places @modified says), @file as the document's
 * file, the games of @modified marked modified (cheops_game_set_unsaved():
 * no undo makes them saved), the game shown then shown again.  A @base
 * that does not have @n_games games, or a @text without as many games as
 * @modified, is a %CHEOPS_GAME_ERROR_SYNTAX error.  When @file has
 * changed on disk since @etag (another program wrote it after the draft),
 * #StudioDocument:changed-on-disk is set at once.
 *
 * Returns: whether the draft was read
 */
gboolean
studio_document_restore_draft (StudioDocument  *self,
                               const char      *text,
                               gsize            length,
                               const char      *base,
                               gsize            base_length,
                               GFile           *file,
                               const char      *etag,
                               guint            game_index,
                               guint            n_games,
                               GArray          *modified,
                               GError         **error)
{
  g_autoptr(GPtrArray) drafted = NULL;
  g_autoptr(GPtrArray) errors = NULL;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  if (base != NULL)
    {
      drafted = cheops_pgn_read_string (text, length, &errors);
      if (modified == NULL || drafted->len != modified->len)
        {
          g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX,
                               _("the draft does not hold the games it lists"));
          return FALSE;
        }
      if (!studio_document_load_text (self, base, base_length, file, error))
        return FALSE;
      if (self->games->len != n_games)
        {
          g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX,
                               _("the file does not hold the games of the draft"));
          return FALSE;
        }
      for (guint i = 0; i < drafted->len; i++)
        {
          guint index = g_array_index (modified, guint, i);
          CheopsGame *old;

          if (index >= self->games->len)
            continue;
          old = g_ptr_array_index (self->games, index);
          g_ptr_array_index (self->games, index) = g_object_ref (g_ptr_array_index (drafted, i));
          g_object_unref (old);
          g_clear_pointer (&g_ptr_array_index (self->currents, index), cheops_game_node_unref);
          g_clear_pointer (&g_ptr_array_index (self->game_errors, index), g_free);
          cheops_game_clear_history (g_ptr_array_index (self->games, index));
        }
      /* The game shown may be one of those replaced. */
      self->index = G_MAXUINT;
      studio_document_replace_game (self, 0);
      g_list_model_items_changed (G_LIST_MODEL (self), 0, self->games->len, self->games->len);
    }
  else if (!studio_document_load_text (self, text, length, file, error))
    return FALSE;

  for (guint i = 0; modified != NULL && i < modified->len; i++)
    if (g_array_index (modified, guint, i) < self->games->len)
      cheops_game_set_unsaved (g_ptr_array_index (self->games, g_array_index (modified, guint, i)));
  if (game_index < self->games->len)
    studio_document_show_game (self, game_index);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MODIFIED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);

  if (file != NULL && etag != NULL)
    {
      studio_document_watch_file (self, file, etag);
      studio_document_check_disk (self);
    }

  return TRUE;
}

/**
 * studio_document_write_bytes:
 * @self: a #StudioDocument
 *
 * Every game of the document, each with its edits, as the game-file text a
 * save writes (a game read with errors and not edited as it was read).
 *
 * Returns: (transfer full): the bytes
 */
GBytes *
studio_document_write_bytes (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);
  return cheops_pgn_write_games_to_bytes (self->games);
}

void
studio_document_set_game (StudioDocument *self,
                          CheopsGame     *game)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new ();

  g_return_if_fail (STUDIO_IS_DOCUMENT (self));
  g_return_if_fail (CHEOPS_IS_GAME (game));

  studio_document_stop_load (self);
  g_hash_table_remove_all (self->rest_dropped);
  self->is_sample = FALSE;
  g_ptr_array_add (games, game);
  if (g_set_object (&self->file, NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FILE]);
  studio_document_watch_file (self, NULL, NULL);

  studio_document_take_games (self, games, NULL);
}

/**
 * studio_document_get_current:
 * @self: a #StudioDocument
 *
 * Returns: (transfer none): the node the user stands on
 */
CheopsGameNode *
studio_document_get_current (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  return self->current;
}

/**
 * studio_document_set_current:
 * @self: a #StudioDocument
 * @node: a node of the game's tree
 *
 * Goes to @node and remembers the way there, so that going forward from an
 * ancestor follows the variation last visited
 * (cheops_game_node_mark_visited()).
 */
void
studio_document_set_current (StudioDocument *self,
                             CheopsGameNode *node)
{
  g_return_if_fail (STUDIO_IS_DOCUMENT (self));
  g_return_if_fail (node != NULL);

  cheops_game_node_mark_visited (node);

  if (self->current == node)
    return;

  cheops_game_node_ref (node);
  g_clear_pointer (&self->current, cheops_game_node_unref);
  self->current = node;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CURRENT]);
}

/**
 * studio_document_get_position:
 * @self: a #StudioDocument
 *
 * Returns: (transfer none): the position at the current node
 */
const CheopsPosition *
studio_document_get_position (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  return cheops_game_node_get_position (self->current);
}

/**
 * studio_document_get_file:
 * @self: a #StudioDocument
 *
 * Returns: (transfer none) (nullable): the file, or %NULL for a new game
 */
GFile *
studio_document_get_file (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  return self->file;
}

/**
 * studio_document_dup_title:
 * @self: a #StudioDocument
 *
 * Returns: (transfer full): the file's display name; without a file (a
 *   sample, a paste, a new game) the game's Event tag, else "Green –
 *   Orange" with the players' names, else "Untitled Game"
 */
char *
studio_document_dup_title (StudioDocument *self)
{
  const char *event, *green, *orange;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  if (self->file != NULL)
    {
      g_autofree char *name = g_file_get_basename (self->file);

      return g_filename_display_name (name);
    }

  /* "?" is the game-file format's unknown value. */
  event = cheops_game_get_tag (self->game, "Event");
  if (event != NULL && event[0] != '\0' && g_strcmp0 (event, "?") != 0)
    return g_strdup (event);

  green = cheops_game_get_tag (self->game, studio_document_get_variant (self)->sides[0].tag);
  orange = cheops_game_get_tag (self->game, studio_document_get_variant (self)->sides[1].tag);
  if ((green != NULL && green[0] != '\0' && g_strcmp0 (green, "?") != 0) ||
      (orange != NULL && orange[0] != '\0' && g_strcmp0 (orange, "?") != 0))
    /* Translators: a game's title from its players, Green first */
    return g_strdup_printf (_("%s – %s"), green != NULL ? green : "?", orange != NULL ? orange : "?");

  return g_strdup (_("Untitled Game"));
}

/**
 * studio_document_get_modified:
 * @self: a #StudioDocument
 *
 * Returns: whether any game of the document has changes that are not saved
 *   (the file as a whole is modified)
 */
gboolean
studio_document_get_modified (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  for (guint i = 0; i < self->games->len; i++)
    if (cheops_game_get_modified (g_ptr_array_index (self->games, i)))
      return TRUE;

  return FALSE;
}

/**
 * studio_document_get_is_empty:
 * @self: a #StudioDocument
 *
 * Returns: whether the document is a new game nobody has touched (no file,
 *   no move, no change): a window showing it can take an opened file
 */
gboolean
studio_document_get_is_empty (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  return self->file == NULL &&
         !cheops_game_get_modified (self->game) &&
         !studio_document_get_has_moves (self);
}

/**
 * studio_document_get_has_moves:
 * @self: a #StudioDocument
 *
 * Returns: whether the current game has a move (its start has a child):
 *   there is something to review or to learn from
 */
gboolean
studio_document_get_has_moves (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  return cheops_game_node_get_n_children (cheops_game_get_root (self->game)) > 0;
}

/**
 * studio_document_get_n_games:
 * @self: a #StudioDocument
 *
 * Returns: the number of games in the file, at least 1
 */
guint
studio_document_get_n_games (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), 0);

  return self->games->len;
}

/**
 * studio_document_get_game_at:
 * @self: a #StudioDocument
 * @index: the position of a game in the file, from 0, below
 *   studio_document_get_n_games()
 *
 * Returns: (transfer none): the game at @index, with its edits
 */
CheopsGame *
studio_document_get_game_at (StudioDocument *self,
                             guint           index)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (index < self->games->len, NULL);

  return g_ptr_array_index (self->games, index);
}

/**
 * studio_document_game_edited_at:
 * @self: a #StudioDocument
 * @index: the position of a game in the file, from 0, below
 *   studio_document_get_n_games()
 *
 * Says that the game at @index was edited from outside the document (its
 * tags set by a batch, the problems' Verify All of the studio, while
 * another game may be shown): its item in the list of the file's games
 * changes (the game lists show it again) and #StudioDocument:modified and
 * the title are notified, so the tab shows the unsaved change.
 */
void
studio_document_game_edited_at (StudioDocument *self,
                                guint           index)
{
  g_return_if_fail (STUDIO_IS_DOCUMENT (self));
  g_return_if_fail (index < self->games->len);

  g_list_model_items_changed (G_LIST_MODEL (self), index, 1, 1);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MODIFIED]);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);
}

/**
 * studio_document_get_game_index:
 * @self: a #StudioDocument
 *
 * Returns: the position of the game shown in the file, from 0
 */
guint
studio_document_get_game_index (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), 0);

  return self->index;
}

/**
 * studio_document_get_game_error:
 * @self: a #StudioDocument
 * @index: the position of a game in the file, from 0
 *
 * Returns: (nullable): the first error met in reading the game at @index,
 *   as "LINE:COLUMN: message" (the game was read up to there), or %NULL if
 *   it was read whole
 */
const char *
studio_document_get_game_error (StudioDocument *self,
                                guint           index)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (index < self->games->len, NULL);

  return g_ptr_array_index (self->game_errors, index);
}

/**
 * studio_document_show_game:
 * @self: a #StudioDocument
 * @index: the position of a game in the file, from 0, below
 *   studio_document_get_n_games()
 *
 * Shows the game at @index: it becomes the game (#StudioDocument:game)
 * that the board, the moves and the analysis follow, and the undo and redo
 * of the document are its own.  Nothing is lost in the switch: every game
 * keeps its edits and its undo history (in its #CheopsGame) and the move
 * the user last stood on in it, to which the document goes back.
 *
 * Returns: whether another game is shown
 */
gboolean
studio_document_show_game (StudioDocument *self,
                           guint           index)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (index < self->games->len, FALSE);

  if (index == self->index)
    return FALSE;

  node_unref0 (g_ptr_array_index (self->currents, self->index));
  g_ptr_array_index (self->currents, self->index) = cheops_game_node_ref (self->current);

  studio_document_replace_game (self, index);

  return TRUE;
}

/**
 * studio_document_get_load_errors:
 * @self: a #StudioDocument
 *
 * Returns: (transfer none) (element-type utf8): what could not be read from
 *   the file, one "LINE:COLUMN: message" string per error; empty when the
 *   file was read whole
 */
GPtrArray *
studio_document_get_load_errors (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  return self->load_errors;
}

/**
 * studio_document_get_save_loses_text:
 * @self: a #StudioDocument
 *
 * Whether saving now would lose text of the file: a game that was only
 * partly read (it had errors) and has been edited since.  An unedited game
 * with errors is written back exactly as it was read
 * (cheops_game_get_source_text()), so it loses nothing; an edited one is
 * written from what was read, without the part after its first error.
 * Once such a game has been saved that way, the file no longer holds the
 * part after its error, and saving it again loses nothing.
 *
 * Returns: %TRUE if the user should be asked before saving
 */
gboolean
studio_document_get_save_loses_text (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  for (guint i = 0; i < self->games->len; i++)
    if (studio_document_get_game_loses_text (self, i))
      return TRUE;

  return FALSE;
}

/**
 * studio_document_mark_sample:
 * @self: a #StudioDocument
 *
 * Says that what the document holds now is one of the program's sample
 * games (just loaded with studio_document_load_text(), without a file), so
 * that it is not shown as an unsaved game.  It stays a sample until another
 * game is loaded or set, or it is saved to a file.
 */
void
studio_document_mark_sample (StudioDocument *self)
{
  g_return_if_fail (STUDIO_IS_DOCUMENT (self));

  if (self->is_sample)
    return;
  self->is_sample = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);
}

/**
 * studio_document_get_is_sample:
 * @self: a #StudioDocument
 *
 * Returns: whether the document holds a sample game not saved to a file
 *   (studio_document_mark_sample()); it may have been edited (see
 *   studio_document_get_modified())
 */
gboolean
studio_document_get_is_sample (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  return self->is_sample;
}

/**
 * studio_document_get_game_loses_text:
 * @self: a #StudioDocument
 * @index: the position of a game in the file, from 0
 *
 * Whether saving now would lose text of the game at @index: it was only
 * partly read and has been edited since (see
 * studio_document_get_save_loses_text()).
 *
 * Returns: %TRUE if that game would lose text
 */
gboolean
studio_document_get_game_loses_text (StudioDocument *self,
                                     guint           index)
{
  CheopsGame *game;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (index < self->games->len, FALSE);

  game = g_ptr_array_index (self->games, index);

  return cheops_game_get_partly_read (game) && cheops_game_get_source_text (game) == NULL &&
         !g_hash_table_contains (self->rest_dropped, game);
}

/**
 * studio_document_get_variant:
 * @self: a #StudioDocument
 *
 * Returns: (transfer none): the variant of the game shown (the game's)
 */
const CheopsVariant *
studio_document_get_variant (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), &cheops_variant_cheops);

  return cheops_game_get_start_position (self->game)->variant;
}

/* The colour (0 or 1) that @side plays in the game shown
 * (cheops_game_get_side_colour(): the variant's colour_tag may give the
 * first colour to side B). */
static guint
studio_document_colour_of (StudioDocument *self,
                           CheopsSide      side)
{
  return cheops_game_get_side_colour (self->game, side);
}

/**
 * studio_document_get_side_name:
 * @self: a #StudioDocument
 * @side: a side of the position
 *
 * Returns: the name of the colour @side plays in the game shown, translated
 *   ("Green", "Gold"): a static string of the variant
 */
const char *
studio_document_get_side_name (StudioDocument *self,
                               CheopsSide      side)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), "");

  return _(studio_document_get_variant (self)->sides[studio_document_colour_of (self, side)].name);
}

/**
 * studio_document_get_side_is_first:
 * @self: a #StudioDocument
 * @side: a side of the position
 *
 * Returns: whether @side plays the game's first colour (PGN's White: the
 *   player of "1-0", the first of the player tags)
 */
gboolean
studio_document_get_side_is_first (StudioDocument *self,
                                   CheopsSide      side)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), TRUE);

  return studio_document_colour_of (self, side) == 0;
}

/**
 * studio_document_get_result:
 * @self: a #StudioDocument
 * @outcome: an outcome of the document's variant
 *
 * The Result tag for @outcome: "1-0" when the winner plays the first colour,
 * "0-1" when the other, "1/2-1/2" for a draw (from the variant's outcome
 * table).
 *
 * Returns: (nullable): a static string, or %NULL for %CHEOPS_OUTCOME_NONE
 */
const char *
studio_document_get_result (StudioDocument *self,
                            CheopsOutcome   outcome)
{
  CheopsWinner winner;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  if (outcome == CHEOPS_OUTCOME_NONE)
    return NULL;
  winner = cheops_variant_outcome_winner (studio_document_get_variant (self), outcome);
  if (winner == CHEOPS_WINNER_DRAW)
    return "1/2-1/2";
  return studio_document_get_side_is_first (self, (CheopsSide) winner) ? "1-0" : "0-1";
}

/**
 * studio_document_dup_outcome_text:
 * @self: a #StudioDocument
 * @outcome: an outcome of the document's variant, not %CHEOPS_OUTCOME_NONE
 *
 * Says how the game ended, for people, in the game's own words:
 * cheops_game_describe_outcome() of the current game ("Green wins by the
 * Ascension.", "Gold wins by checkmate.").
 *
 * Returns: (transfer full): the sentence
 */
char *
studio_document_dup_outcome_text (StudioDocument *self,
                                  CheopsOutcome   outcome)
{
  CheopsGame *game;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  game = studio_document_get_game (self);
  if (outcome <= CHEOPS_OUTCOME_NONE || outcome >= cheops_game_get_variant (game)->n_outcomes)
    return g_strdup (_("The game is not over."));
  return cheops_game_describe_outcome (game, outcome);
}

/* What the studio shows of the current node is what the node derives
 * (cheops-game-node.h: computed once, kept in the node): the board, the
 * status line, the analysis panel and the engine client read it there
 * (cheops_game_node_get_moves(), _in_check(), _get_fen()), or through the
 * thin wrappers below. */

/**
 * studio_document_get_outcome:
 * @self: a #StudioDocument
 *
 * How the game stands at the current node: cheops_game_node_get_outcome()
 * (by the position alone, or by a repetition counted along the path from
 * the start).
 *
 * Returns: the outcome, an index of the variant's outcome table, or
 *   %CHEOPS_OUTCOME_NONE
 */
CheopsOutcome
studio_document_get_outcome (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), CHEOPS_OUTCOME_NONE);

  return cheops_game_node_get_outcome (self->current);
}

/* After a move added at @node (inside the move's undo group): a move on the
 * mainline that ends the game sets the Result tag. */
static void
studio_document_record_result (StudioDocument *self,
                               CheopsGameNode *node)
{
  const char *result;

  if (node != self->current || !cheops_game_node_is_mainline (node))
    return;
  result = studio_document_get_result (self, studio_document_get_outcome (self));
  if (result != NULL && g_strcmp0 (cheops_game_get_result (self->game), result) != 0)
    cheops_game_set_tag (self->game, "Result", result, NULL);
}

/**
 * studio_document_get_mainline_result:
 * @self: a #StudioDocument
 *
 * The Result tag that the end of the game's main line calls for by the
 * rules: studio_document_get_result() of its last position's outcome.
 *
 * Returns: (nullable): a static string, or %NULL when the main line does
 *   not end the game
 */
const char *
studio_document_get_mainline_result (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  return studio_document_get_result (self, cheops_game_node_get_outcome (cheops_game_get_mainline_end (self->game)));
}

/**
 * studio_document_follow_result:
 * @self: a #StudioDocument
 * @before: (nullable): studio_document_get_mainline_result() before an
 *   edit of the tree
 *
 * After an edit that may change where the main line ends (a deletion, a
 * variation promoted), inside the edit's undo group: a Result tag that
 * the old end called for by the rules (it equals @before) follows the new
 * end: the result it calls for, or "*" when the game is no longer over
 * there.  A result the rules did not decide (a resignation, an agreed
 * draw, a file's own) is the user's and is kept.
 */
void
studio_document_follow_result (StudioDocument *self,
                               const char     *before)
{
  const char *after;

  g_return_if_fail (STUDIO_IS_DOCUMENT (self));

  after = studio_document_get_mainline_result (self);
  if (before == NULL || g_strcmp0 (cheops_game_get_result (self->game), before) != 0
      || g_strcmp0 (after, before) == 0)
    return;
  cheops_game_set_tag (self->game, "Result", after != NULL ? after : "*", NULL);
}

/**
 * studio_document_play_move:
 * @self: a #StudioDocument
 * @move: a playable move at the current node
 * @error: a location for a #GError
 *
 * Plays @move: goes to the child with that move if there is one, else adds
 * it (as the mainline continuation, or as a new variation where the line
 * goes on differently), then makes it the current node.  Undoable.  A new
 * mainline move that ends the game (8.1, 8.4.1, 8.4.3) also sets the Result
 * tag, in the same undo step.
 *
 * Returns: (transfer none) (nullable): the new current node, or %NULL with
 *   @error set (CHEOPS_GAME_ERROR_ILLEGAL_MOVE)
 */
CheopsGameNode *
studio_document_play_move (StudioDocument  *self,
                           CheopsMove       move,
                           GError         **error)
{
  CheopsGameNode *node;
  guint before;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  /* A move adds a child or goes to the one it has: count the children. */
  before = cheops_game_node_get_n_children (self->current);
  cheops_game_begin_group (self->game);
  node = cheops_game_add_move (self->game, self->current, move, error);
  if (node != NULL)
    {
      gboolean added = cheops_game_node_get_n_children (cheops_game_node_get_parent (node)) != before;

      studio_document_set_current (self, node);
      if (added)
        studio_document_record_result (self, node);
    }
  cheops_game_end_group (self->game);

  return node;
}

/**
 * studio_document_play_line:
 * @self: a #StudioDocument
 * @moves: (array length=n_moves): move texts ("d3e4") from the current node
 * @n_moves: how many to play
 * @error: a location for a #GError
 *
 * Plays a line of moves (an engine line up to the move clicked) as one
 * undo step, and goes to its last move.
 *
 * Returns: %FALSE with @error set if a move could not be played (the moves
 *   before it stay, as one undo step)
 */
gboolean
studio_document_play_line (StudioDocument     *self,
                           const char *const  *moves,
                           guint               n_moves,
                           GError            **error)
{
  gboolean ret = TRUE;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  cheops_game_begin_group (self->game);
  for (guint i = 0; i < n_moves; i++)
    {
      guint before = cheops_game_node_get_n_children (self->current);
      CheopsGameNode *node = cheops_game_add_san (self->game, self->current, moves[i], error);
      gboolean added;

      if (node == NULL)
        {
          ret = FALSE;
          break;
        }
      added = cheops_game_node_get_n_children (cheops_game_node_get_parent (node)) != before;
      studio_document_set_current (self, node);
      if (added)
        studio_document_record_result (self, node);
    }
  cheops_game_end_group (self->game);

  return ret;
}

/**
 * studio_document_go_back:
 * @self: a #StudioDocument
 *
 * Goes to the parent of the current node.
 *
 * Returns: whether the current node changed
 */
gboolean
studio_document_go_back (StudioDocument *self)
{
  CheopsGameNode *parent;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  parent = cheops_game_node_get_parent (self->current);
  if (parent == NULL)
    return FALSE;

  studio_document_set_current (self, parent);
  return TRUE;
}

/**
 * studio_document_go_forward:
 * @self: a #StudioDocument
 *
 * Goes one move on, to the first child: the main continuation from the
 * current move (as Lichess does), not the variation last visited, so that
 * Right after a variation was added does not stay inside it.  Up and Down
 * (studio_document_go_sibling()) switch to the variations.
 *
 * Returns: whether the current node changed
 */
gboolean
studio_document_go_forward (StudioDocument *self)
{
  CheopsGameNode *next;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  next = cheops_game_node_get_first_child (self->current);
  if (next == NULL)
    return FALSE;

  studio_document_set_current (self, next);
  return TRUE;
}

/**
 * studio_document_go_start:
 * @self: a #StudioDocument
 *
 * Goes to the start position (the root).
 *
 * Returns: whether the current node changed
 */
gboolean
studio_document_go_start (StudioDocument *self)
{
  CheopsGameNode *root;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  root = cheops_game_get_root (self->game);
  if (self->current == root)
    return FALSE;

  studio_document_set_current (self, root);
  return TRUE;
}

/**
 * studio_document_go_end:
 * @self: a #StudioDocument
 *
 * Goes to the end of the line, following the first child of each move (the
 * main continuation from the current move, see studio_document_go_forward()).
 *
 * Returns: whether the current node changed
 */
gboolean
studio_document_go_end (StudioDocument *self)
{
  CheopsGameNode *node, *next;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  node = self->current;
  while ((next = cheops_game_node_get_first_child (node)) != NULL)
    node = next;

  if (node == self->current)
    return FALSE;

  studio_document_set_current (self, node);
  return TRUE;
}

/**
 * studio_document_go_sibling:
 * @self: a #StudioDocument
 * @direction: -1 for the previous alternative, +1 for the next
 *
 * Goes to the alternative to the current move: the previous or next child
 * of its parent (the mainline move and its variations, in order).
 *
 * Returns: whether the current node changed
 */
gboolean
studio_document_go_sibling (StudioDocument *self,
                            int             direction)
{
  CheopsGameNode *parent, *target;
  guint index;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  parent = cheops_game_node_get_parent (self->current);
  if (parent == NULL)
    return FALSE;

  index = cheops_game_node_get_index (self->current);
  if (direction < 0 && index == 0)
    return FALSE;

  target = cheops_game_node_get_child (parent, direction < 0 ? index - 1 : index + 1);
  if (target == NULL)
    return FALSE;

  studio_document_set_current (self, target);
  return TRUE;
}

/* Undoes or redoes one step and goes to the node it touched (what
 * CheopsGame::changed names): the move restored, the move whose comment or
 * glyph came back or went, the move before a move taken back.  A step of
 * several commands (a move and the Result it set) goes to the first node
 * other than the root; the root only when nothing else was touched and its
 * comment changed, so that undoing a tag does not leave the current move. */
static gboolean
studio_document_undo_redo (StudioDocument *self,
                           gboolean        redo)
{
  CheopsGameNode *root = cheops_game_get_root (self->game);
  g_autofree char *root_comment = g_strdup (cheops_game_node_get_comment_after (root));
  g_autoptr(GPtrArray) touched = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_game_node_unref);
  CheopsGameNode *target = NULL;
  gboolean done;

  self->touched = touched;
  done = redo ? cheops_game_redo (self->game) : cheops_game_undo (self->game);
  self->touched = NULL;

  for (guint i = 0; i < touched->len && target == NULL; i++)
    {
      CheopsGameNode *node = g_ptr_array_index (touched, i);

      if (!cheops_game_node_is_root (node) && cheops_game_contains (self->game, node))
        target = node;
    }
  root = cheops_game_get_root (self->game);
  if (target == NULL && touched->len > 0
      && g_strcmp0 (root_comment, cheops_game_node_get_comment_after (root)) != 0)
    target = root;

  if (target != NULL && target != self->current)
    studio_document_set_current (self, target);

  return done;
}

/**
 * studio_document_undo:
 * @self: a #StudioDocument
 *
 * Undoes the last edit of the game and goes to the move it touched.
 *
 * Returns: whether there was one
 */
gboolean
studio_document_undo (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  return studio_document_undo_redo (self, FALSE);
}

/**
 * studio_document_redo:
 * @self: a #StudioDocument
 *
 * Redoes the last undone edit of the game and goes to the move it
 * touched (the move restored, the move whose comment came back).
 *
 * Returns: whether there was one
 */
gboolean
studio_document_redo (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);

  return studio_document_undo_redo (self, TRUE);
}

/**
 * studio_document_dup_fen:
 * @self: a #StudioDocument
 *
 * Returns: (transfer full): the FEN of the current position
 */
char *
studio_document_dup_fen (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  return g_strdup (cheops_game_node_get_fen (self->current));
}

/**
 * studio_document_dup_start_fen:
 * @self: a #StudioDocument
 *
 * Returns: (transfer full): the FEN of the game's start position
 */
char *
studio_document_dup_start_fen (StudioDocument *self)
{
  char buf[CHEOPS_FEN_MAX];

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  cheops_position_to_fen (cheops_game_get_start_position (self->game), buf, sizeof buf);

  return g_strdup (buf);
}

/**
 * studio_document_dup_moves:
 * @self: a #StudioDocument
 *
 * The moves from the start position to the current node as machine move
 * text, for the engine (which then knows the repetition history).
 *
 * Returns: (transfer full): a %NULL-terminated array of move texts
 */
char **
studio_document_dup_moves (StudioDocument *self)
{
  g_autoptr(GPtrArray) path = NULL;
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  path = cheops_game_node_get_path (self->current);
  for (guint i = 1; i < path->len; i++)
    {
      char text[CHEOPS_MOVE_TEXT_MAX];

      cheops_move_to_text (studio_document_get_variant (self),
                           cheops_game_node_get_move (g_ptr_array_index (path, i)), text);
      g_strv_builder_add (builder, text);
    }

  return g_strv_builder_end (builder);
}

/**
 * studio_document_dup_engine_position:
 * @self: a #StudioDocument
 * @moves: (out) (transfer full): a %NULL-terminated array of move texts
 *
 * The current position as the engine needs it, split out of
 * cheops_game_node_get_uci_position(): the FEN of the last position on the
 * path from the start to the current node after which no position can
 * repeat (or the start position if there is none), and in @moves the
 * machine move texts played since.  The engine loses nothing for its
 * repetition detection, and the command stays short however deep the node.
 *
 * Returns: (transfer full): the FEN the moves start from
 */
char *
studio_document_dup_engine_position (StudioDocument   *self,
                                      char           ***moves)
{
  static const char prefix[] = "position fen ";
  const char *command, *fen, *rest;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (moves != NULL, NULL);

  /* "position fen <FEN>" and " moves <m1> <m2> ..." when there are any
   * (a FEN holds no "moves"). */
  command = cheops_game_node_get_uci_position (self->current);
  g_return_val_if_fail (command != NULL && g_str_has_prefix (command, prefix), NULL);
  fen = command + strlen (prefix);
  rest = strstr (fen, " moves ");
  if (rest == NULL)
    {
      *moves = g_new0 (char *, 1);
      return g_strdup (fen);
    }
  *moves = g_strsplit (rest + strlen (" moves "), " ", -1);
  return g_strndup (fen, rest - fen);
}

/**
 * studio_document_dup_game_text:
 * @self: a #StudioDocument
 *
 * Returns: (transfer full): the game shown, as game-file text
 */
char *
studio_document_dup_game_text (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), NULL);

  return cheops_pgn_write_game (self->game);
}

/**
 * studio_document_get_shapes:
 * @self: a #StudioDocument
 * @shapes: (element-type StudioShape): an array to fill
 *
 * Replaces the contents of @shapes by the arrows and cell marks of the
 * current node (its [%cal] and [%csl] annotations), marks first.
 */
void
studio_document_get_shapes (StudioDocument *self,
                            GArray         *shapes)
{
  const CheopsAnnotations *annotations;

  g_return_if_fail (STUDIO_IS_DOCUMENT (self));
  g_return_if_fail (shapes != NULL);

  g_array_set_size (shapes, 0);
  annotations = cheops_game_node_get_annotations (self->current);

  for (guint i = 0; i < annotations->marks->len; i++)
    {
      const CheopsCellMark *mark = &g_array_index (annotations->marks, CheopsCellMark, i);
      StudioShape shape = { mark->cell, mark->cell, (StudioBrush) mark->colour };

      g_array_append_val (shapes, shape);
    }

  for (guint i = 0; i < annotations->arrows->len; i++)
    {
      const CheopsArrow *arrow = &g_array_index (annotations->arrows, CheopsArrow, i);
      StudioShape shape = { arrow->from, arrow->to, (StudioBrush) arrow->colour };

      g_array_append_val (shapes, shape);
    }
}

/**
 * studio_document_set_shapes:
 * @self: a #StudioDocument
 * @shapes: (array length=n_shapes): arrows (from != to) and marks
 * @n_shapes: how many
 *
 * Makes @shapes the arrows and cell marks of the current node, keeping its
 * other annotations ([%eval], unknown commands).  Undoable.
 */
void
studio_document_set_shapes (StudioDocument    *self,
                            const StudioShape *shapes,
                            guint              n_shapes)
{
  g_autoptr(CheopsAnnotations) annotations = NULL;

  g_return_if_fail (STUDIO_IS_DOCUMENT (self));

  annotations = cheops_annotations_copy (cheops_game_node_get_annotations (self->current));
  g_array_set_size (annotations->arrows, 0);
  g_array_set_size (annotations->marks, 0);

  for (guint i = 0; i < n_shapes; i++)
    {
      G_STATIC_ASSERT ((int) STUDIO_BRUSH_BLUE == (int) CHEOPS_MARK_BLUE);

      if (shapes[i].from == shapes[i].to)
        {
          CheopsCellMark mark = { (CheopsMarkColour) shapes[i].brush, shapes[i].from };

          g_array_append_val (annotations->marks, mark);
        }
      else
        {
          CheopsArrow arrow = { (CheopsMarkColour) shapes[i].brush, shapes[i].from, shapes[i].to };

          g_array_append_val (annotations->arrows, arrow);
        }
    }

  if (!cheops_annotations_equal (annotations, cheops_game_node_get_annotations (self->current)))
    cheops_game_set_annotations (self->game, self->current, annotations);
}

/**
 * studio_game_new_for_position:
 * @position: a position the core accepts, of any variant
 *
 * A new game of @position's variant starting from @position, with no
 * history and not modified.
 *
 * Returns: (transfer full): the game
 */
CheopsGame *
studio_game_new_for_position (const CheopsPosition *position)
{
  CheopsGame *game = cheops_game_new ();

  cheops_game_set_start_position (game, position);
  cheops_game_clear_history (game);
  cheops_game_set_saved (game);
  return game;
}

/**
 * studio_game_new_for_variant:
 * @variant: a variant of cheops_variants[]
 *
 * Returns: (transfer full): a new game of @variant from its initial position
 */
CheopsGame *
studio_game_new_for_variant (const CheopsVariant *variant)
{
  CheopsPosition start;

  cheops_position_init_start (&start, variant);
  return studio_game_new_for_position (&start);
}

/* Whether @game holds nothing that was read: no move, no comment, only
 * the roster tags at their PGN defaults. */
static gboolean
game_is_blank (CheopsGame *game)
{
  CheopsGameNode *root = cheops_game_get_root (game);

  if (cheops_game_node_get_n_children (root) > 0 || cheops_game_node_get_comment_after (root) != NULL)
    return FALSE;

  for (guint i = 0; i < cheops_game_get_n_tags (game); i++)
    {
      const char *name, *value;

      cheops_game_get_nth_tag (game, i, &name, &value);
      if (value != NULL && value[0] != 0 &&
          !g_str_equal (value, "?") && !g_str_equal (value, "*") && !g_str_equal (value, "????.??.??"))
        return FALSE;
    }

  return TRUE;
}

/**
 * studio_document_load_text:
 * @self: a #StudioDocument
 * @text: game-file text (or a FEN: a single line that the core reads as a
 *   position starts a new game from it)
 * @length: the length of @text in bytes, or -1
 * @file: (nullable): the file @text came from
 * @error: a location for a #GError
 *
 * Replaces the document by the games of @text and shows the first.  A game
 * with errors is kept as far as it could be read; the errors ("LINE:COLUMN:
 * message") are in studio_document_get_load_errors(), the first of each
 * game in studio_document_get_game_error().
 *
 * Returns: %FALSE with @error set (and the document unchanged) when @text
 *   holds no game at all; the message (CHEOPS_GAME_ERROR_SYNTAX) says what
 *   is wrong in words to put after the caller's own: "line LINE:COLUMN:
 *   message" for the first problem, or "there is no game in it"
 */
gboolean
studio_document_load_text (StudioDocument  *self,
                           const char      *text,
                           gssize           length,
                           GFile           *file,
                           GError         **error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  g_autofree char *stripped = NULL;
  CheopsPosition position;

  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  studio_document_stop_load (self);

  /* A FEN alone (pasted from another program): a new game from it, of the
   * document's variant if it reads as one, else of the first variant (in
   * cheops_variants[] order) that reads it. */
  stripped = g_strstrip (length < 0 ? g_strdup (text) : g_strndup (text, length));
  if (stripped[0] != '[' && strchr (stripped, '\n') == NULL)
    {
      const CheopsVariant *variant = NULL;

      if (cheops_position_from_fen (&position, studio_document_get_variant (self), stripped, NULL))
        variant = position.variant;
      for (guint i = 0; variant == NULL && cheops_variants[i] != NULL; i++)
        if (cheops_position_from_fen (&position, cheops_variants[i], stripped, NULL))
          variant = position.variant;
      if (variant != NULL)
        {
          g_autoptr(CheopsGame) game = studio_game_new_for_position (&position);

          studio_document_set_game (self, game);
          return TRUE;
        }
    }

  /* Game text: a game without a [Variant] tag is read as the document's
   * variant first (a TrigChess game pasted into a TrigChess window), then
   * as each variant in cheops_variants[] order (Cheops first); the first
   * reading without errors is taken, else the document variant's (whose
   * errors are the ones the user meant). */
  games = cheops_pgn_read_string_for_variant (text, length, studio_document_get_variant (self), &errors);
  for (guint i = 0; errors->len > 0 && cheops_variants[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) other_games = NULL;
      g_autoptr(GPtrArray) other_errors = NULL;

      if (cheops_variants[i] == studio_document_get_variant (self))
        continue;
      other_games = cheops_pgn_read_string_for_variant (text, length, cheops_variants[i], &other_errors);
      if (other_errors->len == 0)
        {
          g_ptr_array_unref (games);
          g_ptr_array_unref (errors);
          games = g_steal_pointer (&other_games);
          errors = g_steal_pointer (&other_errors);
        }
    }

  /* Text in which nothing of a game could be read is no game (a paste of
   * something else): refuse it rather than show an empty game. */
  if (errors->len > 0)
    {
      gboolean blank = TRUE;

      for (guint i = 0; i < games->len && blank; i++)
        blank = game_is_blank (g_ptr_array_index (games, i));
      if (blank)
        g_ptr_array_set_size (games, 0);
    }

  if (games->len == 0)
    {
      if (errors->len > 0)
        {
          g_autofree char *where = cheops_pgn_error_to_string (g_ptr_array_index (errors, 0));

          /* Translators: %s is "LINE:COLUMN: what is wrong"; the
           * caller puts its own words first ("The pasted text is not a
           * game or a position: line 1:1: unreadable move hello") */
          g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX,
                       _("line %s"), where);
        }
      else
        g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX,
                             _("there is no game in it"));
      return FALSE;
    }

  g_hash_table_remove_all (self->rest_dropped);
  self->is_sample = FALSE;
  for (guint i = 0; i < games->len; i++)
    {
      CheopsGame *game = g_ptr_array_index (games, i);

      cheops_game_clear_history (game);
      cheops_game_set_saved (game);
    }

  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FILE]);
  /* studio_document_load_async() then tells the tag of what it read. */
  studio_document_watch_file (self, NULL, NULL);

  studio_document_take_games (self, games, errors);

  return TRUE;
}

/* Files at least this big are read in batches by a worker (smaller ones
 * are read at once, in a few milliseconds). */
#define STREAM_MIN_BYTES (64 * 1024)
/* A batch of games at most this often (µs), the first at once: each
 * makes the window draw a frame, which competes with the reading. */
#define BATCH_USEC (300 * 1000)

/* What the document held before a load's first games came. */
struct _Stash {
  GPtrArray *games;        /* CheopsGame */
  GPtrArray *load_errors;  /* strings */
  GPtrArray *game_errors;  /* strings or NULL */
  GFile     *file;
  char      *etag;
  guint      index;
  gboolean   is_sample;
};

static void
stash_free (Stash *stash)
{
  g_ptr_array_unref (stash->games);
  g_ptr_array_unref (stash->load_errors);
  g_ptr_array_unref (stash->game_errors);
  g_clear_object (&stash->file);
  g_free (stash->etag);
  g_free (stash);
}

static gpointer
copy_string (gconstpointer string,
             gpointer      data)
{
  return g_strdup (string);
}

static gpointer
copy_object (gconstpointer object,
             gpointer      data)
{
  return g_object_ref ((gpointer) object);
}

static Stash *
stash_new (StudioDocument *self)
{
  Stash *stash = g_new0 (Stash, 1);

  stash->games = g_ptr_array_copy (self->games, copy_object, NULL);
  stash->load_errors = g_ptr_array_copy (self->load_errors, copy_string, NULL);
  stash->game_errors = g_ptr_array_copy (self->game_errors, copy_string, NULL);
  stash->file = self->file != NULL ? g_object_ref (self->file) : NULL;
  stash->etag = g_strdup (self->etag);
  stash->index = self->index;
  stash->is_sample = self->is_sample;
  return stash;
}

/* Puts back what the document held before (its games are the same
 * objects, their edits and histories with them). */
static void
stash_restore (StudioDocument *self,
               Stash          *stash)
{
  studio_document_take_games (self, stash->games, NULL);
  g_ptr_array_set_size (self->load_errors, 0);
  for (guint i = 0; i < stash->load_errors->len; i++)
    g_ptr_array_add (self->load_errors, g_strdup (g_ptr_array_index (stash->load_errors, i)));
  for (guint i = 0; i < stash->game_errors->len && i < self->game_errors->len; i++)
    g_ptr_array_index (self->game_errors, i) = g_strdup (g_ptr_array_index (stash->game_errors, i));
  self->is_sample = stash->is_sample;
  if (g_set_object (&self->file, stash->file))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FILE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);
    }
  studio_document_watch_file (self, stash->file, stash->etag);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, self->games->len, self->games->len);
  if (stash->index < self->games->len)
    studio_document_show_game (self, stash->index);
}

/* Games the worker read, handed to the main thread. */
typedef struct {
  GPtrArray *games;    /* CheopsGame, history cleared and marked saved */
  GPtrArray *errors;   /* CheopsPgnError, indexes counted in the file */
  gboolean   replace;  /* all the file's games, replacing those handed
                        * before (another variant read it without error) */
  double     fraction; /* of the file read when it was handed over */
} Batch;

static Batch *
batch_new (void)
{
  Batch *batch = g_new0 (Batch, 1);

  batch->games = g_ptr_array_new_with_free_func (g_object_unref);
  batch->errors = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);
  return batch;
}

static void
batch_free (Batch *batch)
{
  g_ptr_array_unref (batch->games);
  g_ptr_array_unref (batch->errors);
  g_free (batch);
}

typedef struct {
  GFile               *file;
  const CheopsVariant *variant;
  GTask               *outer;      /* the caller's */
  GCancellable        *cancellable;
  GCancellable        *outer_cancellable;
  gulong               cancel_id;
  GMainContext        *context;

  /* Set by the worker before it returns. */
  GBytes              *contents;
  char                *etag;
  gboolean             streamed;   /* else the main thread reads @contents */

  /* Shared. */
  GMutex               mutex;
  GQueue               batches;
  gboolean             delivering; /* a delivery is queued */

  /* Main thread. */
  gboolean             started;    /* the first batch is in the document */
} Load;

static void
load_free (Load *load)
{
  g_clear_object (&load->file);
  g_clear_object (&load->outer);
  if (load->outer_cancellable != NULL)
    g_cancellable_disconnect (load->outer_cancellable, load->cancel_id);
  g_clear_object (&load->outer_cancellable);
  g_clear_object (&load->cancellable);
  g_main_context_unref (load->context);
  g_clear_pointer (&load->contents, g_bytes_unref);
  g_free (load->etag);
  g_queue_clear_full (&load->batches, (GDestroyNotify) batch_free);
  g_mutex_clear (&load->mutex);
  g_free (load);
}

static void
studio_document_set_progress (StudioDocument *self,
                              double          progress)
{
  if (self->progress == progress)
    return;
  self->progress = progress;
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_PROGRESS]);
}

/* Main thread: puts @batch into the document. */
static void
studio_document_load_apply (StudioDocument *self,
                            Load           *load,
                            Batch          *batch)
{
  guint old_n = self->games->len;

  if (!load->started || batch->replace)
    {
      if (!load->started)
        self->stash = stash_new (self);
      load->started = TRUE;
      g_hash_table_remove_all (self->rest_dropped);
      self->is_sample = FALSE;
      /* The file becomes the document's once it is read whole: a save
       * meanwhile must not write part of it over the whole. */
      if (g_set_object (&self->file, NULL))
        g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FILE]);
      studio_document_watch_file (self, NULL, NULL);
      studio_document_take_games (self, batch->games, batch->errors);
      return;
    }

  for (guint i = 0; i < batch->games->len; i++)
    {
      g_ptr_array_add (self->games, g_object_ref (g_ptr_array_index (batch->games, i)));
      g_ptr_array_add (self->currents, NULL);
      g_ptr_array_add (self->game_errors, NULL);
    }
  for (guint i = 0; i < batch->errors->len; i++)
    {
      const CheopsPgnError *pgn_error = g_ptr_array_index (batch->errors, i);

      g_ptr_array_add (self->load_errors, cheops_pgn_error_to_string (pgn_error));
      if (pgn_error->game_index < self->game_errors->len &&
          g_ptr_array_index (self->game_errors, pgn_error->game_index) == NULL)
        g_ptr_array_index (self->game_errors, pgn_error->game_index) = cheops_pgn_error_to_string (pgn_error);
    }
  if (batch->games->len > 0)
    {
      /* (The title stays: it names the file or the first game.) */
      g_list_model_items_changed (G_LIST_MODEL (self), old_n, 0, batch->games->len);
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_N_GAMES]);
    }
}

/* Main thread: takes what the worker of @task handed over. */
static void
studio_document_load_take (StudioDocument *self,
                           GTask          *task)
{
  Load *load = g_task_get_task_data (task);
  GQueue batches = G_QUEUE_INIT;

  g_mutex_lock (&load->mutex);
  batches = load->batches;
  g_queue_init (&load->batches);
  load->delivering = FALSE;
  g_mutex_unlock (&load->mutex);

  /* A load stopped (another one, a game set) hands over nothing. Batches
   * that piled up while the main loop was busy are applied one by one,
   * each with its progress; a handler of one may cancel the load. */
  for (GList *l = batches.head;
       l != NULL && self->load_task == task && !g_cancellable_is_cancelled (g_task_get_cancellable (task));
       l = l->next)
    {
      Batch *batch = l->data;

      studio_document_load_apply (self, load, batch);
      studio_document_set_progress (self, batch->fraction);
    }
  g_queue_clear_full (&batches, (GDestroyNotify) batch_free);
}

static gboolean
load_deliver_cb (gpointer data)
{
  GTask *task = data;

  studio_document_load_take (g_task_get_source_object (task), task);
  return G_SOURCE_REMOVE;
}

/* Worker: hands @batch to the main thread. */
static void
load_hand_over (GTask  *task,
                Load   *load,
                Batch  *batch,
                double  fraction)
{
  gboolean schedule;

  batch->fraction = fraction;
  g_mutex_lock (&load->mutex);
  g_queue_push_tail (&load->batches, batch);
  schedule = !load->delivering;
  load->delivering = TRUE;
  g_mutex_unlock (&load->mutex);

  if (schedule)
    cheops_main_context_post (load->context, load_deliver_cb, g_object_ref (task), g_object_unref);
}

/* Worker: reads the file, and for a big one its games, in batches. */
static void
load_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Load *load = task_data;
  g_autoptr(CheopsPgnReader) reader = NULL;
  GError *error = NULL;
  char *contents = NULL;
  const char *text;
  gsize length = 0;
  Batch *batch;
  CheopsGame *game;
  gboolean seen_game = FALSE;  /* one that is not blank: the text is games */
  gboolean handed = FALSE;
  guint n_errors = 0;
  gint64 last;

  if (!g_file_load_contents (load->file, cancellable, &contents, &length, &load->etag, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  load->contents = g_bytes_new_take (contents, length);
  if (length < STREAM_MIN_BYTES)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }

  /* As studio_document_load_text() reads, game by game. */
  load->streamed = TRUE;
  text = g_bytes_get_data (load->contents, NULL);
  reader = cheops_pgn_reader_new_from_bytes (load->contents);
  cheops_pgn_reader_set_default_variant (reader, load->variant);
  batch = batch_new ();
  last = g_get_monotonic_time ();
  while ((game = cheops_pgn_reader_next (reader, batch->errors)) != NULL)
    {
      gint64 now;

      cheops_game_clear_history (game);
      cheops_game_set_saved (game);
      g_ptr_array_add (batch->games, game);
      seen_game = seen_game || !game_is_blank (game);
      if (g_cancellable_set_error_if_cancelled (cancellable, &error))
        {
          batch_free (batch);
          g_task_return_error (task, error);
          return;
        }

      now = g_get_monotonic_time ();
      if (seen_game && (!handed || now - last >= BATCH_USEC))
        {
          gsize offset, span;

          cheops_pgn_reader_get_game_span (reader, &offset, &span);
          n_errors += batch->errors->len;
          load_hand_over (task, load, batch, (double) (offset + span) / length);
          batch = batch_new ();
          handed = TRUE;
          last = now;
        }
    }
  n_errors += batch->errors->len;

  /* Read with errors as the document's variant: as another variant
   * without any, the games are those. */
  for (guint i = 0; n_errors > 0 && cheops_variants[i] != NULL; i++)
    {
      g_autoptr(GPtrArray) other_errors = NULL;
      g_autoptr(GPtrArray) other_games = NULL;

      if (cheops_variants[i] == load->variant)
        continue;
      if (g_cancellable_set_error_if_cancelled (cancellable, &error))
        {
          batch_free (batch);
          g_task_return_error (task, error);
          return;
        }
      other_games = cheops_pgn_read_string_for_variant (text, length, cheops_variants[i], &other_errors);
      if (other_errors->len == 0)
        {
          batch_free (batch);
          batch = batch_new ();
          batch->replace = TRUE;
          for (guint g = 0; g < other_games->len; g++)
            {
              CheopsGame *other = g_ptr_array_index (other_games, g);

              cheops_game_clear_history (other);
              cheops_game_set_saved (other);
              g_ptr_array_add (batch->games, g_object_ref (other));
            }
          seen_game = TRUE;
          n_errors = 0;
          break;
        }
    }

  /* Text in which nothing of a game could be read is no game. */
  if (!handed && (batch->games->len == 0 || (n_errors > 0 && !seen_game)))
    {
      if (n_errors > 0)
        {
          g_autofree char *where = cheops_pgn_error_to_string (g_ptr_array_index (batch->errors, 0));

          g_task_return_new_error (task, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX, _("line %s"), where);
        }
      else
        g_task_return_new_error (task, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX, "%s",
                                 _("there is no game in it"));
      batch_free (batch);
      return;
    }

  load_hand_over (task, load, batch, 1.0);
  g_task_return_boolean (task, TRUE);
}

/* Stops the load running, if any: what it reads from now on is dropped
 * (the document is about to be replaced). */
static void
studio_document_stop_load (StudioDocument *self)
{
  if (self->load_task == NULL)
    return;

  g_cancellable_cancel (g_task_get_cancellable (self->load_task));
  g_clear_object (&self->load_task);
  g_clear_object (&self->save_cancellable);
  g_clear_pointer (&self->stash, stash_free);
  studio_document_set_progress (self, -1);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LOADING]);
}

static void
load_done_cb (GObject      *object,
              GAsyncResult *result,
              gpointer      user_data)
{
  StudioDocument *self = STUDIO_DOCUMENT (object);
  GTask *task = G_TASK (result);
  Load *load = g_task_get_task_data (task);
  g_autoptr(GTask) outer = g_steal_pointer (&load->outer);
  g_autoptr(GError) error = NULL;
  g_autoptr(Stash) stash = NULL;
  gboolean ok;

  /* Stopped: another load or game took the document. */
  if (self->load_task != task)
    {
      g_task_return_new_error (outer, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("The file was not read to its end"));
      return;
    }

  studio_document_load_take (self, task);
  stash = g_steal_pointer (&self->stash);
  g_clear_object (&self->load_task);
  studio_document_set_progress (self, -1);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LOADING]);

  ok = g_task_propagate_boolean (task, &error);
  if (ok && !load->streamed)
    {
      gsize length;
      const char *text = g_bytes_get_data (load->contents, &length);

      /* Bytes that are not UTF-8 (or a NUL) are an error of the game that
       * holds them, with its line and column, and that game keeps its
       * bytes for the save: the rest of the file opens, as `cheops pgn
       * check` reads it. */
      ok = studio_document_load_text (self, text, length, load->file, &error);
    }

  if (!ok)
    {
      /* Games shown already: the document goes back to what it held, or
       * when a game read was edited meanwhile, keeps the games read
       * (without the file, which is set only at the end). */
      if (load->started)
        {
          gboolean edited = FALSE;

          for (guint i = 0; i < self->games->len && !edited; i++)
            edited = cheops_game_get_modified (g_ptr_array_index (self->games, i));
          if (!edited && stash != NULL)
            stash_restore (self, stash);
        }
      g_task_return_error (outer, g_steal_pointer (&error));
      return;
    }

  if (load->streamed && g_set_object (&self->file, load->file))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FILE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);
    }
  studio_document_watch_file (self, load->file, load->etag);
  g_task_return_boolean (outer, TRUE);
}

static void
outer_cancelled_cb (GCancellable *outer,
                    GCancellable *inner)
{
  g_cancellable_cancel (inner);
}

/**
 * studio_document_load_async:
 * @self: a #StudioDocument
 * @file: a game file
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when done
 * @user_data: for @callback
 *
 * Reads @file without blocking and replaces the document by its games, as
 * studio_document_load_text() does, and watches the file for changes by
 * other programs (#StudioDocument:changed-on-disk).  What an interrupted
 * save left beside the file is removed first
 * (studio_file_remove_stale_temporaries()).
 *
 * A file of more than 64 KB is read in a worker thread, game by game: its
 * first games come into the document (and the first is shown) as soon as
 * they are read, the others in batches after them (GListModel
 * ::items-changed, #StudioDocument:n-games); @file becomes the
 * document's file (#StudioDocument:file) only once it is read whole, so
 * that no save writes part of it over the whole.  Meanwhile
 * #StudioDocument:loading is set, and #StudioDocument:progress is the
 * share of the file read.  Cancelling (@cancellable, or
 * studio_document_cancel_load()) fails with %G_IO_ERROR_CANCELLED and
 * puts back what the document held before; if a game read was edited
 * meanwhile, the games read are kept instead, without the file.  Another load, a game set or
 * text loaded meanwhile stops this load (it then fails with
 * %G_IO_ERROR_CANCELLED and leaves the document to what replaced it).
 */
void
studio_document_load_async (StudioDocument      *self,
                            GFile               *file,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Load *load;

  g_return_if_fail (STUDIO_IS_DOCUMENT (self));
  g_return_if_fail (G_IS_FILE (file));

  studio_document_stop_load (self);
  studio_file_remove_stale_temporaries (file);

  load = g_new0 (Load, 1);
  load->file = g_object_ref (file);
  load->variant = studio_document_get_variant (self);
  load->context = g_main_context_ref_thread_default ();
  load->cancellable = g_cancellable_new ();
  g_mutex_init (&load->mutex);
  load->outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (load->outer, studio_document_load_async);
  if (cancellable != NULL)
    {
      load->outer_cancellable = g_object_ref (cancellable);
      load->cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (outer_cancelled_cb),
                                               load->cancellable, NULL);
    }

  task = g_task_new (self, load->cancellable, load_done_cb, NULL);
  g_task_set_task_data (task, load, (GDestroyNotify) load_free);
  /* The caller's task returns after this one is done (in its callback). */
  g_task_set_return_on_cancel (task, FALSE);
  self->load_task = g_object_ref (task);
  studio_document_set_progress (self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_LOADING]);
  g_task_run_in_thread (task, load_thread);
}

/**
 * studio_document_load_finish:
 * @self: a #StudioDocument
 * @result: the #GAsyncResult
 * @error: a location for a #GError
 *
 * Returns: whether a game was read (see studio_document_get_load_errors()
 *   for the parts that could not be); %FALSE with %G_IO_ERROR_CANCELLED
 *   when the load was cancelled or stopped
 */
gboolean
studio_document_load_finish (StudioDocument  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * studio_document_cancel_load:
 * @self: a #StudioDocument
 *
 * Cancels the load running (studio_document_load_async()), if any: the
 * document goes back to what it held before (see there).
 */
void
studio_document_cancel_load (StudioDocument *self)
{
  g_return_if_fail (STUDIO_IS_DOCUMENT (self));

  if (self->load_task != NULL)
    g_cancellable_cancel (g_task_get_cancellable (self->load_task));
}

/**
 * studio_document_get_loading:
 * @self: a #StudioDocument
 *
 * Returns: the value of #StudioDocument:loading
 */
gboolean
studio_document_get_loading (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);
  return self->load_task != NULL;
}

/**
 * studio_document_get_progress:
 * @self: a #StudioDocument
 *
 * Returns: the value of #StudioDocument:progress: from 0 to 1 while a
 *   load or save runs, else -1
 */
double
studio_document_get_progress (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), -1);
  return self->progress;
}

/**
 * studio_document_get_saving:
 * @self: a #StudioDocument
 *
 * Returns: the value of #StudioDocument:saving
 */
gboolean
studio_document_get_saving (StudioDocument *self)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);
  return self->saving;
}

typedef struct {
  GFile      *file;
  GPtrArray  *games;  /* CheopsGame: the games written */
  GPtrArray  *copies;     /* CheopsGame: copies of @games, which the worker
                           * writes (the user may edit @games meanwhile) */
  GBytes     *bytes;      /* what is written */
  GPtrArray  *rewritten;  /* CheopsGame: partly read ones written rewritten */
  GPtrArray  *restored;   /* CheopsGame: ones written as they were read */
  StudioFileSaveFlags flags;
  char       *expected_etag;
  char       *new_etag;
  GMainContext *context;
  GMutex      mutex;
  double      fraction;
  gboolean    reporting;  /* a report of the fraction is queued */
} Save;

static void
save_free (Save *save)
{
  g_clear_object (&save->file);
  g_clear_pointer (&save->games, g_ptr_array_unref);
  g_clear_pointer (&save->copies, g_ptr_array_unref);
  g_clear_pointer (&save->bytes, g_bytes_unref);
  g_free (save->expected_etag);
  g_free (save->new_etag);
  g_main_context_unref (save->context);
  g_mutex_clear (&save->mutex);
  g_clear_pointer (&save->rewritten, g_ptr_array_unref);
  g_clear_pointer (&save->restored, g_ptr_array_unref);
  g_free (save);
}

/* After a save: the load errors become those of what is in the file now,
 * read back from what was written.  A game with errors that was written
 * back as it was read still has them (at their new lines; also one undone
 * back to the state it was read in after a save); one written rewritten
 * has none.  Games read whole are written without errors, so the text is
 * read back only when a game was partly read. */
static void
studio_document_recheck_errors (StudioDocument *self,
                                GBytes         *bytes)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) errors = NULL;
  gboolean partly_read = self->load_errors->len > 0;
  gsize length;
  const char *text;

  for (guint i = 0; i < self->games->len && !partly_read; i++)
    partly_read = cheops_game_get_partly_read (g_ptr_array_index (self->games, i));
  if (!partly_read)
    return;

  text = g_bytes_get_data (bytes, &length);
  games = cheops_pgn_read_string (text, length, &errors);
  g_ptr_array_set_size (self->load_errors, 0);
  for (guint i = 0; i < self->game_errors->len; i++)
    g_clear_pointer (&g_ptr_array_index (self->game_errors, i), g_free);
  for (guint i = 0; i < errors->len; i++)
    {
      const CheopsPgnError *pgn_error = g_ptr_array_index (errors, i);

      g_ptr_array_add (self->load_errors, cheops_pgn_error_to_string (pgn_error));
      /* The games are written in their order: the same indexes. */
      if (pgn_error->game_index < self->game_errors->len &&
          g_ptr_array_index (self->game_errors, pgn_error->game_index) == NULL)
        g_ptr_array_index (self->game_errors, pgn_error->game_index) = cheops_pgn_error_to_string (pgn_error);
    }
  /* Each game's row in the list of games shows its error or none now. */
  g_list_model_items_changed (G_LIST_MODEL (self), 0, self->games->len, self->games->len);
}

static gboolean
save_report_cb (gpointer data)
{
  GTask *task = data;
  StudioDocument *self = g_task_get_source_object (task);
  Save *save = g_task_get_task_data (task);
  double fraction;

  g_mutex_lock (&save->mutex);
  fraction = save->fraction;
  save->reporting = FALSE;
  g_mutex_unlock (&save->mutex);
  if (self->saving)
    studio_document_set_progress (self, fraction);
  return G_SOURCE_REMOVE;
}

/* Worker: the text of the copies (as cheops_pgn_write_games_to_bytes()
 * makes it, the share of games written reported as it goes), then the
 * file replaced by it (studio_file_save(): the old file whole on failure
 * or cancel). */
static void
save_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Save *save = task_data;
  GString *out = g_string_new (NULL);
  GError *error = NULL;
  gint64 last = g_get_monotonic_time ();

  for (guint i = 0; i < save->copies->len; i++)
    {
      gint64 now;

      if (g_cancellable_set_error_if_cancelled (cancellable, &error))
        {
          g_string_free (out, TRUE);
          g_task_return_error (task, error);
          return;
        }
      if (i > 0)
        g_string_append_c (out, '\n');
      cheops_pgn_write_game_to (g_ptr_array_index (save->copies, i), out);

      now = g_get_monotonic_time ();
      if (now - last >= BATCH_USEC)
        {
          gboolean schedule;

          g_mutex_lock (&save->mutex);
          /* After the copies, before writing the file: the tenths 1 to 9. */
          save->fraction = 0.1 + 0.8 * (i + 1) / save->copies->len;
          schedule = !save->reporting;
          save->reporting = TRUE;
          g_mutex_unlock (&save->mutex);
          if (schedule)
            cheops_main_context_post (save->context, save_report_cb, g_object_ref (task), g_object_unref);
          last = now;
        }
    }
  save->bytes = g_string_free_to_bytes (out);

  if (!studio_file_save (save->file, save->bytes, save->flags, save->expected_etag,
                         &save->new_etag, cancellable, &error))
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* Main thread: copies of the games to save, about SAVE_COPY_USEC of them
 * per turn of the main loop (a copy plays every move of its game), then
 * the worker.  A game edited before its copy is made is in the copy, and
 * stays modified all the same (it was touched during the save). */
#define SAVE_COPY_USEC 8000

static gboolean
save_copy_cb (gpointer data)
{
  GTask *inner = data;
  StudioDocument *self = g_task_get_source_object (inner);
  Save *save = g_task_get_task_data (inner);
  gint64 end = g_get_monotonic_time () + SAVE_COPY_USEC;

  if (g_cancellable_is_cancelled (g_task_get_cancellable (inner)))
    {
      g_task_return_new_error (inner, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s", _("The save was cancelled"));
      return G_SOURCE_REMOVE;
    }
  while (save->copies->len < save->games->len && g_get_monotonic_time () < end)
    g_ptr_array_add (save->copies, cheops_game_copy (g_ptr_array_index (save->games, save->copies->len)));
  if (save->copies->len < save->games->len)
    {
      /* Copying is the first tenth. */
      studio_document_set_progress (self, 0.1 * save->copies->len / save->games->len);
      return G_SOURCE_CONTINUE;
    }
  g_task_run_in_thread (inner, save_thread);
  return G_SOURCE_REMOVE;
}

static void
studio_document_save_cb (GObject      *object,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  StudioDocument *self = STUDIO_DOCUMENT (object);
  GTask *inner = G_TASK (result);
  g_autoptr(GTask) task = user_data;
  g_autoptr(GError) error = NULL;
  Save *save = g_task_get_task_data (inner);
  g_autofree char *etag = g_steal_pointer (&save->new_etag);

  self->saving = FALSE;
  studio_document_set_progress (self, -1);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SAVING]);
  if (!g_task_propagate_boolean (inner, &error))
    {
      g_hash_table_remove_all (self->touched_while_saving);
      /* Another program wrote the file: say so (the window offers to
       * reload or keep), whatever the monitor saw yet. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG))
        studio_document_set_changed_on_disk (self, TRUE);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* Marked saved only once the file is written, so that a failed save
   * still asks before closing; a game edited while it was written stays
   * modified (the file holds it as it was). */
  for (guint i = 0; i < save->games->len; i++)
    if (!g_hash_table_contains (self->touched_while_saving, g_ptr_array_index (save->games, i)))
      cheops_game_set_saved (g_ptr_array_index (save->games, i));
  g_hash_table_remove_all (self->touched_while_saving);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MODIFIED]);

  /* The file no longer holds the unread rest of the games written
   * rewritten, nor the errors that went with it (unless the document was
   * replaced while the file was written). */
  if (save->games->len > 0 && g_ptr_array_find (self->games, g_ptr_array_index (save->games, 0), NULL))
    {
      for (guint i = 0; i < save->rewritten->len; i++)
        if (g_ptr_array_find (self->games, g_ptr_array_index (save->rewritten, i), NULL))
          g_hash_table_add (self->rest_dropped, g_ptr_array_index (save->rewritten, i));
      /* A game undone back to the state it was read in is written as it
       * was read, its unread rest included: the file holds it again. */
      for (guint i = 0; i < save->restored->len; i++)
        g_hash_table_remove (self->rest_dropped, g_ptr_array_index (save->restored, i));
      studio_document_recheck_errors (self, save->bytes);
      self->is_sample = FALSE;
    }

  if (g_set_object (&self->file, save->file))
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FILE]);
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_TITLE]);
    }
  studio_document_watch_file (self, self->file, etag);

  g_task_return_boolean (task, TRUE);
}

/**
 * studio_document_save_async:
 * @self: a #StudioDocument
 * @file: (nullable): where to write, or %NULL for the document's file
 * @cancellable: (nullable): a #GCancellable
 * @callback: called when done
 * @user_data: for @callback
 *
 * Writes every game of the document, each with its edits, as game-file
 * text, replacing @file atomically (studio_file_save(): on failure @file is
 * untouched and the games stay modified; with #StudioDocument:keep-backup
 * the old file stays as NAME~), and makes @file the document's file.
 * Saving to the document's own file fails with %G_IO_ERROR_WRONG_ETAG
 * when another program wrote it since it was read or saved
 * (#StudioDocument:changed-on-disk is then set; see
 * studio_document_keep_changes()).
 * The games are marked saved when the write succeeded.
 * A game read with errors and not edited is written back exactly as it was
 * read; one edited since loses what could not be read (ask first:
 * studio_document_get_save_loses_text()).  After the write, the load
 * errors are those of the text written (studio_document_get_load_errors():
 * none once every game with errors has been written rewritten) and the
 * document is no longer a sample.
 *
 * The text is made in a worker thread from copies of the games (taken on
 * the main thread a slice at a time), and the file written there: the
 * window stays responsive, and
 * #StudioDocument:progress tells the share done while
 * #StudioDocument:saving.  A game edited while the file is written stays
 * modified (the file holds it as it was).  Cancelling (@cancellable, or
 * studio_document_cancel_save()) fails with %G_IO_ERROR_CANCELLED and
 * leaves the file as it was: it is replaced only by the final rename.
 */
void
studio_document_save_async (StudioDocument      *self,
                            GFile               *file,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  GTask *task;
  g_autoptr(GTask) inner = NULL;
  Save *save;

  g_return_if_fail (STUDIO_IS_DOCUMENT (self));
  g_return_if_fail (file != NULL || self->file != NULL);

  if (file == NULL)
    file = self->file;

  save = g_new0 (Save, 1);
  save->file = g_object_ref (file);
  save->games = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < self->games->len; i++)
    g_ptr_array_add (save->games, g_object_ref (g_ptr_array_index (self->games, i)));
  save->rewritten = g_ptr_array_new_with_free_func (g_object_unref);
  save->restored = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < self->games->len; i++)
    {
      CheopsGame *game = g_ptr_array_index (self->games, i);

      if (cheops_game_get_partly_read (game) && cheops_game_get_source_text (game) == NULL)
        g_ptr_array_add (save->rewritten, g_object_ref (game));
      else if (cheops_game_get_source_text (game) != NULL)
        g_ptr_array_add (save->restored, g_object_ref (game));
    }

  save->flags = self->keep_backup ? STUDIO_FILE_SAVE_BACKUP : STUDIO_FILE_SAVE_NONE;
  /* The document's own file is checked against what was read (a file
   * chosen in Save As was confirmed by the user). */
  save->expected_etag = self->file != NULL && g_file_equal (file, self->file) ? g_strdup (self->etag) : NULL;
  save->context = g_main_context_ref_thread_default ();
  g_mutex_init (&save->mutex);

  /* The worker writes copies (the user may go on editing meanwhile),
   * made here a slice at a time (save_copy_cb()): every byte, a NUL or
   * bytes that are not UTF-8 in a game kept as it was read included. */
  save->copies = g_ptr_array_new_full (self->games->len, g_object_unref);

  g_clear_object (&self->save_cancellable);
  self->save_cancellable = g_cancellable_new ();
  if (cancellable != NULL)
    g_cancellable_connect (cancellable, G_CALLBACK (outer_cancelled_cb),
                           g_object_ref (self->save_cancellable), g_object_unref);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, studio_document_save_async);
  inner = g_task_new (self, self->save_cancellable, studio_document_save_cb, task);
  g_task_set_task_data (inner, save, (GDestroyNotify) save_free);
  g_task_set_return_on_cancel (inner, FALSE);

  g_hash_table_remove_all (self->touched_while_saving);
  self->saving = TRUE;
  studio_document_set_progress (self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_SAVING]);
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, save_copy_cb, g_object_ref (inner), g_object_unref);
}

/**
 * studio_document_cancel_save:
 * @self: a #StudioDocument
 *
 * Cancels the save running (studio_document_save_async()), if any: it
 * fails with %G_IO_ERROR_CANCELLED and the file is left as it was,
 * unless it was already replaced.
 */
void
studio_document_cancel_save (StudioDocument *self)
{
  g_return_if_fail (STUDIO_IS_DOCUMENT (self));

  if (self->saving && self->save_cancellable != NULL)
    g_cancellable_cancel (self->save_cancellable);
}

/**
 * studio_document_save_finish:
 * @self: a #StudioDocument
 * @result: the #GAsyncResult
 * @error: a location for a #GError
 *
 * Returns: whether the file was written; on failure the games stay
 *   modified
 */
gboolean
studio_document_save_finish (StudioDocument  *self,
                             GAsyncResult    *result,
                             GError         **error)
{
  g_return_val_if_fail (STUDIO_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
