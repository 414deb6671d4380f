/* cheops-collection.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game collection (issue 23): the games of one game file, known by their
 * light headers — variant, tags, result, main-line plies, first error, and
 * where each game's text lies in the file — and by the search key of every
 * position on their main lines (cheops-position-index.h), without keeping
 * any game in memory.  A game is read again from the file when asked for
 * (cheops_collection_read_game()).
 *
 * Loading reads the file once (every game through the reader,
 * cheops-pgn.h: moves checked by the core) and writes the index of its
 * positions to the user's cache; while the file is unchanged, the next
 * load reads only the index (a 100 000-game file: a fraction of a second).
 * A missing, stale, truncated or corrupt index is never an error: the file
 * is read instead and the index rewritten.
 *
 * Threads: loading may run in any thread (it takes a progress callback and
 * a GCancellable; cheops_collection_load_async() runs it in a worker
 * thread).  A loaded collection never changes, so all its getters may be
 * called from any thread at once; games read from it
 * (cheops_collection_read_game()) belong to the thread that reads them.
 *
 * Games are numbered from 0 in file order here; `cheops search` prints
 * them from 1.  Strings returned are owned by the collection and live as
 * long as it does.
 */
#pragma once

#include <gio/gio.h>

#include "cheops-game-model.h"

G_BEGIN_DECLS

#define CHEOPS_TYPE_COLLECTION (cheops_collection_get_type ())
G_DECLARE_FINAL_TYPE (CheopsCollection, cheops_collection, CHEOPS, COLLECTION, GObject)

/**
 * CheopsGameResult:
 * @CHEOPS_GAME_RESULT_UNFINISHED: "*": not over, or not known
 * @CHEOPS_GAME_RESULT_COLOUR0_WINS: "1-0": colour 0 won (Green, Gold, White)
 * @CHEOPS_GAME_RESULT_COLOUR1_WINS: "0-1": colour 1 won (Orange, Red, Black)
 * @CHEOPS_GAME_RESULT_DRAW: "1/2-1/2"
 *
 * A game's Result tag (cheops_game_get_result()).  Also bits of a filter
 * (1 << result): CheopsGameList.
 */
typedef enum {
  CHEOPS_GAME_RESULT_UNFINISHED,
  CHEOPS_GAME_RESULT_COLOUR0_WINS,
  CHEOPS_GAME_RESULT_COLOUR1_WINS,
  CHEOPS_GAME_RESULT_DRAW,
} CheopsGameResult;

/* The Result tag value of @result: "*", "1-0", "0-1" or "1/2-1/2"
 * (static). */
const char       *cheops_game_result_to_string   (CheopsGameResult result);

/**
 * CheopsCollectionLoadFlags:
 * @CHEOPS_COLLECTION_LOAD_DEFAULT: use the index when it is valid, else read
 *   the file and write the index
 * @CHEOPS_COLLECTION_LOAD_NO_INDEX: read the file; neither use nor write an
 *   index
 * @CHEOPS_COLLECTION_LOAD_REINDEX: read the file and write the index anew,
 *   even if the one there is valid
 */
typedef enum {
  CHEOPS_COLLECTION_LOAD_DEFAULT  = 0,
  CHEOPS_COLLECTION_LOAD_NO_INDEX = 1 << 0,
  CHEOPS_COLLECTION_LOAD_REINDEX  = 1 << 1,
} CheopsCollectionLoadFlags;

/* How far a long task has gone: @fraction from 0 to 1.  Called from the
 * thread that does the work (for the _async functions: from the main
 * context of the thread that started them). */
typedef void (*CheopsProgressFunc) (double   fraction,
                                    gpointer user_data);

/* Loads the game file at @path (see above).  @progress (may be NULL) is
 * called with the share of the file's bytes read, at most about 200 times,
 * and with 1.0 at the end.  NULL with an error: a G_FILE_ERROR or
 * G_IO_ERROR when the file cannot be read (G_FILE_ERROR_ISDIR "PATH: is a
 * directory"), G_IO_ERROR_CANCELLED when @cancellable was cancelled.  Games
 * with errors are no error here: each keeps its first error
 * (cheops_collection_get_error()) and the part read before it.  Not being
 * able to write the index is no error either
 * (cheops_collection_get_index_warning()).  Thread-safe. */
CheopsCollection *cheops_collection_load         (const char                 *path,
                                                  CheopsCollectionLoadFlags   flags,
                                                  CheopsProgressFunc          progress,
                                                  gpointer                    progress_data,
                                                  GCancellable               *cancellable,
                                                  GError                    **error);
/* The same in a worker thread; @progress is called in the thread-default
 * main context of the caller (and @progress_notify frees @progress_data
 * once the task is over).  Finish with cheops_collection_load_finish(). */
void              cheops_collection_load_async   (const char                 *path,
                                                  CheopsCollectionLoadFlags   flags,
                                                  CheopsProgressFunc          progress,
                                                  gpointer                    progress_data,
                                                  GDestroyNotify              progress_notify,
                                                  GCancellable               *cancellable,
                                                  GAsyncReadyCallback         callback,
                                                  gpointer                    user_data);
/* The collection (a new reference), or NULL with the error. */
CheopsCollection *cheops_collection_load_finish  (GAsyncResult               *result,
                                                  GError                    **error);

/* The path it was loaded from, as given. */
const char       *cheops_collection_get_path     (CheopsCollection *self);
/* Whether it was loaded from a valid index rather than by reading. */
gboolean          cheops_collection_get_from_index (CheopsCollection *self);
/* Why the index could not be written (a sentence naming the index file),
 * or NULL when it was, was valid already, or was not wanted. */
const char       *cheops_collection_get_index_warning (CheopsCollection *self);

/* The number of games in the file. */
guint             cheops_collection_get_n_games  (CheopsCollection *self);
/* The number of positions on the main lines of all games (each game's
 * plies + 1), the size of the index's key table. */
guint64           cheops_collection_get_n_positions (CheopsCollection *self);

/* The light header of game @index (0 .. n_games - 1). */

/* Its variant (static). */
const CheopsVariant *cheops_collection_get_variant (CheopsCollection *self,
                                                    guint             index);
/* The value of its tag @name ("Event", "Green", "Date"), or NULL.  The tags
 * are the game's (cheops_game_get_tag()): the roster's seven always, with
 * their defaults ("?", "????.??.??"), then the others; [Variant], [SetUp]
 * and [FEN] are no tags. */
const char       *cheops_collection_get_tag      (CheopsCollection *self,
                                                  guint             index,
                                                  const char       *name);
guint             cheops_collection_get_n_tags   (CheopsCollection *self,
                                                  guint             index);
void              cheops_collection_get_nth_tag  (CheopsCollection *self,
                                                  guint             index,
                                                  guint             n,
                                                  const char      **name,
                                                  const char      **value);
/* The player of colour @colour (0 or 1): the value of the variant's player
 * tag for it (Green, Orange; Gold, Red; White, Black). */
const char       *cheops_collection_get_player   (CheopsCollection *self,
                                                  guint             index,
                                                  guint             colour);
/* Its Result tag. */
CheopsGameResult  cheops_collection_get_result   (CheopsCollection *self,
                                                  guint             index);
/* The side that won (CHEOPS_WINNER_A or _B, by its colours: a Cheops game
 * with [GreenCorner "q"] has side B play Green), CHEOPS_WINNER_DRAW; FALSE
 * for an unfinished game (*@winner untouched). */
gboolean          cheops_collection_get_winner   (CheopsCollection *self,
                                                  guint             index,
                                                  CheopsWinner     *winner);
/* The plies of its main line, as read (up to its first error). */
guint             cheops_collection_get_plies    (CheopsCollection *self,
                                                  guint             index);
/* The line of the file where it starts (its first tag or move), 1-based. */
guint             cheops_collection_get_line     (CheopsCollection *self,
                                                  guint             index);
/* Its first error: TRUE with its line and column in the file (1-based;
 * may be NULL) and its message (owned by the collection), FALSE when the
 * game was read without error. */
gboolean          cheops_collection_get_error    (CheopsCollection *self,
                                                  guint             index,
                                                  guint            *line,
                                                  guint            *column,
                                                  const char      **message);

/* Game @index read again from the file (a new game, owned by the caller,
 * with an empty history), or NULL with a G_IO_ERROR: the file cannot be
 * read, or has changed since the collection was loaded
 * (G_IO_ERROR_INVALID_DATA "FILE has changed since it was read").  A game
 * with errors is returned as far as it could be read, as the reader does;
 * its errors are appended to @errors (CheopsPgnError; may be NULL) with
 * their lines counted in the file (their columns on the game's first line
 * count from where its text starts).  Thread-safe. */
CheopsGame       *cheops_collection_read_game    (CheopsCollection *self,
                                                  guint             index,
                                                  GPtrArray        *errors,
                                                  GError          **error);

G_END_DECLS
