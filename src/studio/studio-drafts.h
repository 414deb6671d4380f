/* studio-drafts.h: drafts of unsaved edits, for recovery after a crash
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* How long after the last edit a window writes its draft, in ms. */
#define STUDIO_DRAFT_DELAY_MS 2000

typedef struct {
  char   *id;          /* the draft's name in the drafts folder */
  char   *text_path;   /* the game-file text of the draft */
  GFile  *file;        /* the document's file, or NULL for none */
  char   *etag;        /* @file's entity tag when last read or written, or NULL */
  char   *title;       /* the window's title of the document */
  guint   game_index;  /* the game shown */
  GArray *modified;    /* guint: the indexes of the games with unsaved edits */
  guint   n_games;     /* how many games the document had */
  gboolean partial;    /* the text holds only the games of @modified, in
                        * that order; the others are @file's */
  gint64  saved;       /* when the draft was written, µs since 1970 */
} StudioDraft;

void        studio_draft_free        (StudioDraft   *draft);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (StudioDraft, studio_draft_free)

char       *studio_drafts_dup_dir    (void);
char       *studio_drafts_new_id     (void);
gboolean    studio_drafts_write      (const char    *id,
                                      GBytes        *text,
                                      GFile         *file,
                                      const char    *etag,
                                      const char    *title,
                                      guint          game_index,
                                      GArray        *modified,
                                      guint          n_games,
                                      gboolean       partial,
                                      GError       **error);
void        studio_drafts_remove     (const char    *id);
GPtrArray  *studio_drafts_list       (void);
GBytes     *studio_draft_load_text   (StudioDraft   *draft,
                                      GError       **error);

G_END_DECLS
