/* studio-game-table.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "studio-document.h"

G_BEGIN_DECLS

/* One game of an open document, as a row of the game list (made on
 * demand by StudioGameRows; see studio-game-table.c). */
#define STUDIO_TYPE_GAME_ROW (studio_game_row_get_type ())
G_DECLARE_FINAL_TYPE (StudioGameRow, studio_game_row, STUDIO, GAME_ROW, GObject)

StudioDocument *studio_game_row_get_document (StudioGameRow *self);
guint           studio_game_row_get_index    (StudioGameRow *self);
CheopsGame     *studio_game_row_get_game     (StudioGameRow *self);

/* Every game of a list of documents, as StudioGameRow items made only
 * when asked for. */
#define STUDIO_TYPE_GAME_ROWS (studio_game_rows_get_type ())
G_DECLARE_FINAL_TYPE (StudioGameRows, studio_game_rows, STUDIO, GAME_ROWS, GObject)

StudioGameRows *studio_game_rows_new           (GListModel     *documents);
guint           studio_game_rows_count_alive   (void);

#define STUDIO_TYPE_GAME_TABLE (studio_game_table_get_type ())
G_DECLARE_FINAL_TYPE (StudioGameTable, studio_game_table, STUDIO, GAME_TABLE, AdwWindow)

StudioGameTable *studio_game_table_new          (GListModel     *documents,
                                                 GSettings      *settings);
GtkColumnView   *studio_game_table_get_view     (StudioGameTable *self);
GtkEditable     *studio_game_table_get_search   (StudioGameTable *self);
GtkDropDown     *studio_game_table_get_variant_filter (StudioGameTable *self);
GtkDropDown     *studio_game_table_get_result_filter  (StudioGameTable *self);
GListModel      *studio_game_table_get_model    (StudioGameTable *self);
gboolean         studio_game_table_row_matches  (StudioGameRow       *row,
                                                 const CheopsVariant *variant,
                                                 guint                results,
                                                 const char          *folded_query);

G_END_DECLS
