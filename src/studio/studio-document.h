/* studio-document.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "cheops-game-model.h"
#include "studio-types.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_DOCUMENT (studio_document_get_type ())

G_DECLARE_FINAL_TYPE (StudioDocument, studio_document, STUDIO, DOCUMENT, GObject)

StudioDocument   *studio_document_new              (void);
CheopsGame       *studio_document_get_game         (StudioDocument       *self);
void              studio_document_set_game         (StudioDocument       *self,
                                                    CheopsGame           *game);
CheopsGameNode   *studio_document_get_current      (StudioDocument       *self);
void              studio_document_set_current      (StudioDocument       *self,
                                                    CheopsGameNode       *node);
const CheopsPosition *studio_document_get_position (StudioDocument       *self);
GFile            *studio_document_get_file         (StudioDocument       *self);
char             *studio_document_dup_title        (StudioDocument       *self);
gboolean          studio_document_get_modified     (StudioDocument       *self);
gboolean          studio_document_get_is_empty     (StudioDocument       *self);
gboolean          studio_document_get_has_moves    (StudioDocument       *self);
guint             studio_document_get_n_games      (StudioDocument       *self);
CheopsGame       *studio_document_get_game_at      (StudioDocument       *self,
                                                    guint                 index);
guint             studio_document_get_game_index   (StudioDocument       *self);
void              studio_document_game_edited_at   (StudioDocument       *self,
                                                    guint                 index);
const char       *studio_document_get_game_error   (StudioDocument       *self,
                                                    guint                 index);
gboolean          studio_document_show_game        (StudioDocument       *self,
                                                    guint                 index);
GPtrArray        *studio_document_get_load_errors  (StudioDocument       *self);
gboolean          studio_document_get_save_loses_text (StudioDocument    *self);
gboolean          studio_document_get_is_sample    (StudioDocument       *self);
void              studio_document_mark_sample      (StudioDocument       *self);
gboolean          studio_document_get_game_loses_text (StudioDocument    *self,
                                                       guint              index);

CheopsGameNode   *studio_document_play_move        (StudioDocument       *self,
                                                    CheopsMove            move,
                                                    GError              **error);
gboolean          studio_document_play_line        (StudioDocument       *self,
                                                    const char *const    *moves,
                                                    guint                 n_moves,
                                                    GError              **error);
gboolean          studio_document_go_back          (StudioDocument       *self);
gboolean          studio_document_go_forward       (StudioDocument       *self);
gboolean          studio_document_go_start         (StudioDocument       *self);
gboolean          studio_document_go_end           (StudioDocument       *self);
gboolean          studio_document_go_sibling       (StudioDocument       *self,
                                                    int                   direction);
gboolean          studio_document_undo             (StudioDocument       *self);
gboolean          studio_document_redo             (StudioDocument       *self);

const CheopsVariant *studio_document_get_variant  (StudioDocument       *self);
const char       *studio_document_get_side_name    (StudioDocument       *self,
                                                    CheopsSide            side);
gboolean          studio_document_get_side_is_first (StudioDocument      *self,
                                                    CheopsSide            side);
CheopsOutcome     studio_document_get_outcome      (StudioDocument       *self);
const char       *studio_document_get_result       (StudioDocument       *self,
                                                    CheopsOutcome         outcome);
const char       *studio_document_get_mainline_result (StudioDocument    *self);
void              studio_document_follow_result    (StudioDocument       *self,
                                                    const char           *before);
char             *studio_document_dup_outcome_text (StudioDocument       *self,
                                                    CheopsOutcome         outcome);

CheopsGame       *studio_game_new_for_position     (const CheopsPosition *position);
CheopsGame       *studio_game_new_for_variant      (const CheopsVariant  *variant);

char             *studio_document_dup_fen          (StudioDocument       *self);
char             *studio_document_dup_start_fen    (StudioDocument       *self);
char            **studio_document_dup_moves        (StudioDocument       *self);
char             *studio_document_dup_engine_position (StudioDocument    *self,
                                                       char            ***moves);
char             *studio_document_dup_game_text    (StudioDocument       *self);

void              studio_document_get_shapes       (StudioDocument       *self,
                                                    GArray               *shapes);
void              studio_document_set_shapes       (StudioDocument       *self,
                                                    const StudioShape    *shapes,
                                                    guint                 n_shapes);

gboolean          studio_document_load_text        (StudioDocument       *self,
                                                    const char           *text,
                                                    gssize                length,
                                                    GFile                *file,
                                                    GError              **error);
void              studio_document_load_async       (StudioDocument       *self,
                                                    GFile                *file,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
gboolean          studio_document_load_finish      (StudioDocument       *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);
void              studio_document_cancel_load      (StudioDocument       *self);
gboolean          studio_document_get_loading      (StudioDocument       *self);
gboolean          studio_document_get_saving       (StudioDocument       *self);
double            studio_document_get_progress     (StudioDocument       *self);
void              studio_document_cancel_save      (StudioDocument       *self);
void              studio_document_save_async       (StudioDocument       *self,
                                                    GFile                *file,
                                                    GCancellable         *cancellable,
                                                    GAsyncReadyCallback   callback,
                                                    gpointer              user_data);
gboolean          studio_document_save_finish      (StudioDocument       *self,
                                                    GAsyncResult         *result,
                                                    GError              **error);
GBytes           *studio_document_write_bytes      (StudioDocument       *self);
const char       *studio_document_get_disk_etag    (StudioDocument       *self);
gboolean          studio_document_restore_draft    (StudioDocument       *self,
                                                    const char           *text,
                                                    gsize                 length,
                                                    const char           *base,
                                                    gsize                 base_length,
                                                    GFile                *file,
                                                    const char           *etag,
                                                    guint                 game_index,
                                                    guint                 n_games,
                                                    GArray               *modified,
                                                    GError              **error);
gboolean          studio_document_get_changed_on_disk (StudioDocument    *self);
gboolean          studio_document_check_disk       (StudioDocument       *self);
void              studio_document_keep_changes     (StudioDocument       *self);

G_END_DECLS
