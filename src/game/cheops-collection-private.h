/* cheops-collection-private.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a collection knows of its games (cheops-collection.h), as arrays
 * laid out exactly as the index file holds them (cheops-position-index.h),
 * so that a collection read from an index points into the mapped file and
 * one built by reading writes its arrays out as they are.
 */
#pragma once

#include <gio/gio.h>

#include "cheops-collection.h"
#include "cheops-position-index.h"

G_BEGIN_DECLS

/* CheopsGameRecord.flags */
enum {
  /* Colour 0 (Green, Gold, White) is played by side B: a Cheops game with
   * [GreenCorner "q"] (6.2).  Turns a result into the winning side. */
  CHEOPS_RECORD_COLOUR0_IS_B = 1 << 0,
  /* The game was read with an error (error_* say the first). */
  CHEOPS_RECORD_HAS_ERROR    = 1 << 1,
  /* Its positions are unknown: an unknown [Variant] or a bad FEN, after
   * which the reader keeps only the game's text.  A search skips it. */
  CHEOPS_RECORD_NO_POSITIONS = 1 << 2,
};

/* The light header of one game: 56 bytes, the index's game record. */
typedef struct {
  guint64 offset;        /* its text in the file: first byte */
  guint64 keys_start;    /* its ply-0 key in keys[]; its moves start at moves[keys_start - game index] */
  guint32 length;        /* its text's bytes */
  guint32 line;          /* the line it starts on, 1-based */
  guint32 n_plies;       /* the plies of its main line (as read: up to its first error) */
  guint32 tags_start;    /* its first tag in tags[] */
  guint32 n_tags;
  guint32 error_line;    /* its first error, 1-based; 0 when it has none */
  guint32 error_column;
  guint32 error_message; /* pool offset of the first error's message ("" when none) */
  guint8  variant;       /* index into the collection's variants[] */
  guint8  result;        /* CheopsGameResult */
  guint8  flags;         /* CHEOPS_RECORD_* */
  guint8  reserved[5];
} CheopsGameRecord;

G_STATIC_ASSERT (sizeof (CheopsGameRecord) == 56);

/* A tag: its name and value as pool offsets. */
typedef struct {
  guint32 name;
  guint32 value;
} CheopsTagRecord;

/* The most variants an index names (a guint8 per game). */
#define CHEOPS_COLLECTION_MAX_VARIANTS 255

/* A game file's identity when it was read: what an index must match. */
typedef struct {
  guint64 size;
  gint64  mtime_us;
  gint64  ctime_us;
  guint64 inode;
  guint32 crc;           /* of its first and last 64 KiB */
} CheopsSourceStamp;

/* The arrays of a collection.  Either each array is owned (the GArrays and
 * the GString, built by reading) or they all point into @mapped (read from
 * an index). */
typedef struct {
  const CheopsGameRecord *games;
  guint                   n_games;
  const CheopsTagRecord  *tags;
  guint64                 n_tags;
  const guint64          *keys;
  guint64                 n_keys;
  const guint32          *moves;   /* n_keys - n_games */
  const CheopsVariant    *variants[CHEOPS_COLLECTION_MAX_VARIANTS];
  guint32                 variant_names[CHEOPS_COLLECTION_MAX_VARIANTS]; /* pool offsets */
  guint                   n_variants;
  const char             *pool;
  guint32                 pool_size;

  GMappedFile            *mapped;
  GArray                 *games_array, *tags_array, *keys_array, *moves_array;
  GString                *pool_string;
} CheopsCollectionData;

/* The arrays of @self (owned by it). */
const CheopsCollectionData *_cheops_collection_get_data (CheopsCollection *self);
/* The side that won game @r, as cheops_collection_get_winner() says. */
gboolean  _cheops_game_record_winner     (const CheopsGameRecord *r,
                                          CheopsWinner           *winner);
/* TRUE if the file of @self is as it was when @self was loaded, else FALSE
 * with G_IO_ERROR_INVALID_DATA "FILE has changed since it was read" (or
 * the error that kept it from being looked at). */
gboolean  _cheops_collection_file_unchanged (CheopsCollection  *self,
                                             GError           **error);

/* Progress reported from a worker thread (a GTask's) to the
 * thread-default main context of the thread that made the relay: the
 * task's data starts with it. */
typedef struct {
  CheopsProgressFunc  progress;        /* may be NULL */
  gpointer            progress_data;
  GDestroyNotify      progress_notify;
  GMainContext       *context;
  GMutex              mutex;
  double              pending;         /* the latest fraction not yet reported, or -1 */
} CheopsProgressRelay;

void      _cheops_progress_relay_init    (CheopsProgressRelay *relay,
                                          CheopsProgressFunc   progress,
                                          gpointer             progress_data,
                                          GDestroyNotify       progress_notify);
/* Calls the progress_notify. */
void      _cheops_progress_relay_clear   (CheopsProgressRelay *relay);
/* A CheopsProgressFunc for the worker thread of @task, whose task data
 * starts with a CheopsProgressRelay. */
void      _cheops_progress_relay_report  (double               fraction,
                                          gpointer             task);

/* Frees what @data owns and clears it. */
void      _cheops_collection_data_clear  (CheopsCollectionData *data);

/* The identity of the file at @path now; FALSE with a G_IO_ERROR if it
 * cannot be read. */
gboolean  _cheops_source_stamp_get       (const char           *path,
                                          CheopsSourceStamp    *stamp,
                                          GError              **error);

/* Reads the index at @index_path into @data (pointing into the mapped
 * file), if it is whole, of this format and of the game file whose
 * identity is @stamp; FALSE otherwise, with a G_IO_ERROR saying why (no
 * index yet: G_IO_ERROR_NOT_FOUND; a stale one: G_IO_ERROR_INVALID_DATA
 * "... changed since it was indexed"; a corrupt one:
 * G_IO_ERROR_INVALID_DATA). */
gboolean  _cheops_position_index_load    (const char              *index_path,
                                          const CheopsSourceStamp *stamp,
                                          CheopsCollectionData    *data,
                                          GError                 **error);

/* Writes @data, read from the game file of identity @stamp, as the index
 * at @index_path (its folder made if need be); FALSE with a G_IO_ERROR. */
gboolean  _cheops_position_index_save    (const char                 *index_path,
                                          const CheopsSourceStamp    *stamp,
                                          const CheopsCollectionData *data,
                                          GError                    **error);

G_END_DECLS
