/* cheops-game-list.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game list (issue 23): a GListModel of the games of one or more
 * collections (cheops-collection.h), for the studio's table, that never
 * builds a row it is not asked for.  Its items are CheopsGameEntry objects
 * made on demand by g_list_model_get_item() from the collections' light
 * headers (a GtkListView or GtkColumnView asks only for the rows it shows);
 * filtering and sorting work on those headers, not on items, so 100 000
 * games filter and sort without a stall (tests/game/test-game-list.c
 * times them).
 *
 * Filters (all must hold): the variant, a set of results, and a text: the
 * words of the text (split at white space) must each occur, ignoring case,
 * in one of the game's tag values (every tag: players, event, site, date,
 * round, result, any other) or in its variant's title.  Sorting: by one
 * column, ascending or descending, ties in file order (the collections in
 * the order they were added, each game in its file order); text columns
 * are compared as people sort (g_utf8_collate_key()).  Every change of the
 * filters, the sort or the collections emits ::items-changed once, for the
 * whole list.
 *
 * A game list belongs to the thread that made it (the studio's main
 * thread); its collections may be loaded anywhere
 * (cheops_collection_load_async()).
 */
#pragma once

#include <gio/gio.h>

#include "cheops-collection.h"

G_BEGIN_DECLS

/* A row of the list: one game of a collection.  Its properties (read-only,
 * for GtkExpression columns): "collection", "index" (in the collection,
 * from 0), "variant" (its title: "Step and Circle TrigChess"), "player0"
 * and "player1" (the players of colour 0 and 1: Green and Orange, Gold and
 * Red, White and Black), "result" ("1-0", "0-1", "1/2-1/2", "*"), "date",
 * "event", "plies" (main-line plies read) and "error" ("LINE:COLUMN:
 * MESSAGE" of its first error, or NULL). */
#define CHEOPS_TYPE_GAME_ENTRY (cheops_game_entry_get_type ())
G_DECLARE_FINAL_TYPE (CheopsGameEntry, cheops_game_entry, CHEOPS, GAME_ENTRY, GObject)

/* The collection of the game (borrowed) and its index there. */
CheopsCollection     *cheops_game_entry_get_collection (CheopsGameEntry *self);
guint                 cheops_game_entry_get_index      (CheopsGameEntry *self);
/* The game itself, read again from its file: as
 * cheops_collection_read_game(). */
CheopsGame           *cheops_game_entry_read_game      (CheopsGameEntry *self,
                                                        GPtrArray       *errors,
                                                        GError         **error);

/* The number of entries alive now (made by g_list_model_get_item() and
 * not yet freed): what the list has built, for tests. */
guint                 cheops_game_entry_count_alive    (void);

/**
 * CheopsGameListColumn:
 * @CHEOPS_GAME_LIST_COLUMN_FILE_ORDER: the collections' order, then file order
 * @CHEOPS_GAME_LIST_COLUMN_VARIANT: the variant's title
 * @CHEOPS_GAME_LIST_COLUMN_PLAYER0: the player of colour 0
 * @CHEOPS_GAME_LIST_COLUMN_PLAYER1: the player of colour 1
 * @CHEOPS_GAME_LIST_COLUMN_RESULT: "1-0", "0-1", "1/2-1/2", "*" in that order
 * @CHEOPS_GAME_LIST_COLUMN_DATE: the Date tag (as text: "2024.05.01")
 * @CHEOPS_GAME_LIST_COLUMN_EVENT: the Event tag
 * @CHEOPS_GAME_LIST_COLUMN_PLIES: the main line's plies
 *
 * What the list is sorted by.
 */
typedef enum {
  CHEOPS_GAME_LIST_COLUMN_FILE_ORDER,
  CHEOPS_GAME_LIST_COLUMN_VARIANT,
  CHEOPS_GAME_LIST_COLUMN_PLAYER0,
  CHEOPS_GAME_LIST_COLUMN_PLAYER1,
  CHEOPS_GAME_LIST_COLUMN_RESULT,
  CHEOPS_GAME_LIST_COLUMN_DATE,
  CHEOPS_GAME_LIST_COLUMN_EVENT,
  CHEOPS_GAME_LIST_COLUMN_PLIES,
} CheopsGameListColumn;

/* Every result: the result filter that lets all games through. */
#define CHEOPS_GAME_LIST_ALL_RESULTS 0xfu

#define CHEOPS_TYPE_GAME_LIST (cheops_game_list_get_type ())
G_DECLARE_FINAL_TYPE (CheopsGameList, cheops_game_list, CHEOPS, GAME_LIST, GObject)

/* An empty list: no collection, no filter, in file order. */
CheopsGameList       *cheops_game_list_new                (void);

/* Adds the games of @collection (referenced) after those already there. */
void                  cheops_game_list_add_collection     (CheopsGameList   *self,
                                                           CheopsCollection *collection);
/* Removes @collection's games; FALSE if it was not in the list. */
gboolean              cheops_game_list_remove_collection  (CheopsGameList   *self,
                                                           CheopsCollection *collection);
guint                 cheops_game_list_get_n_collections  (CheopsGameList   *self);
/* Collection @index in the order they were added (borrowed). */
CheopsCollection     *cheops_game_list_get_collection     (CheopsGameList   *self,
                                                           guint             index);
/* The games of all the collections, filtered out or not. */
guint                 cheops_game_list_get_n_games        (CheopsGameList   *self);

/* Only games of @variant (NULL: every variant). */
void                  cheops_game_list_set_variant_filter (CheopsGameList      *self,
                                                           const CheopsVariant *variant);
/* Only games whose result is in @results: bits (1 << CheopsGameResult),
 * CHEOPS_GAME_LIST_ALL_RESULTS for all. */
void                  cheops_game_list_set_result_filter  (CheopsGameList   *self,
                                                           guint             results);
/* Only games with every word of @text in a tag value or the variant's
 * title, ignoring case (NULL or blank: no text filter). */
void                  cheops_game_list_set_search_text    (CheopsGameList   *self,
                                                           const char       *text);
/* Sorts by @column, ties in file order. */
void                  cheops_game_list_set_sort           (CheopsGameList       *self,
                                                           CheopsGameListColumn  column,
                                                           gboolean              descending);

/* Where game @index of @collection stands in the list now: TRUE with
 * *@position, FALSE if it is filtered out or not in the list.  O(items). */
gboolean              cheops_game_list_find               (CheopsGameList   *self,
                                                           CheopsCollection *collection,
                                                           guint             index,
                                                           guint            *position);

G_END_DECLS
