/* studio-learn-panel.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "studio-document.h"
#include "studio-types.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_LEARN_PANEL (studio_learn_panel_get_type ())

G_DECLARE_FINAL_TYPE (StudioLearnPanel, studio_learn_panel, STUDIO, LEARN_PANEL, GtkWidget)

/* Where a session stands. */
typedef enum {
  STUDIO_LEARN_OFF,      /* no session: the panel offers to start one */
  STUDIO_LEARN_ASKING,   /* at a mistake: waiting for the user's move */
  STUDIO_LEARN_CHECKING, /* the engine judges the user's move */
  STUDIO_LEARN_FOUND,    /* a good move was found: Next goes on */
  STUDIO_LEARN_DONE,     /* every mistake was seen: the score */
} StudioLearnState;

GtkWidget        *studio_learn_panel_new          (void);
void              studio_learn_panel_set_document (StudioLearnPanel *self,
                                                   StudioDocument   *document);
guint             studio_learn_panel_count_stops  (StudioDocument   *document,
                                                   CheopsSide        side);
gboolean          studio_learn_panel_open         (StudioLearnPanel *self);
gboolean          studio_learn_panel_start        (StudioLearnPanel *self,
                                                   CheopsSide        side);
void              studio_learn_panel_skip         (StudioLearnPanel *self);
void              studio_learn_panel_next         (StudioLearnPanel *self);
void              studio_learn_panel_stop         (StudioLearnPanel *self);
gboolean          studio_learn_panel_get_waiting  (StudioLearnPanel *self);
gboolean          studio_learn_panel_take_move    (StudioLearnPanel *self,
                                                   CheopsMove        move);
void              studio_learn_panel_add_shapes   (StudioLearnPanel *self,
                                                   GArray           *shapes);
StudioLearnState  studio_learn_panel_get_state    (StudioLearnPanel *self);
const char       *studio_learn_panel_get_progress (StudioLearnPanel *self);
const char       *studio_learn_panel_get_message  (StudioLearnPanel *self);
CheopsGameNode   *studio_learn_panel_get_mistake  (StudioLearnPanel *self);
CheopsMove        studio_learn_panel_get_best_move (StudioLearnPanel *self);
StudioEngine     *studio_learn_panel_get_engine   (StudioLearnPanel *self);

G_END_DECLS
