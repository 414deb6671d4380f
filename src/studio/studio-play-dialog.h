/* studio-play-dialog.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The dialog that starts a game against the engine (issue 22): where from
 * (this position or a new game), the user's side, the engine's level and
 * the clock.
 */
#pragma once

#include <adwaita.h>

#include "cheops-variant.h"
#include "studio-engine.h"

G_BEGIN_DECLS

/* StudioPlaySettings: what the user chose. */
typedef struct {
  gboolean   new_game;    /* a new game of the variant, else from the current position */
  CheopsSide user_side;
  gboolean   engines_only; /* engines play both sides (user_side and level unused) */
  guint      level;       /* 1 .. STUDIO_PLAY_N_LEVELS: the engine's against the user */
  /* Engine against engine, by CheopsSide: the engine (an index of the
   * dialog's engines: studio_play_dialog_set_engines()) and its level,
   * 0 for "the level against the user" until engines play each other. */
  guint      side_engine[CHEOPS_SIDE_NB];
  guint      side_level[CHEOPS_SIDE_NB];
  gint64     base_ms;     /* the clock's time for each side, 0: no clock */
  gint64     inc_ms;      /* its increment a move */
} StudioPlaySettings;

/* The time controls offered, base and increment in seconds (index 0: no clock). */
#define STUDIO_PLAY_N_TIME_CONTROLS 7
extern const int studio_play_time_controls[STUDIO_PLAY_N_TIME_CONTROLS][2];

#define STUDIO_TYPE_PLAY_DIALOG (studio_play_dialog_get_type ())
G_DECLARE_FINAL_TYPE (StudioPlayDialog, studio_play_dialog, STUDIO, PLAY_DIALOG, AdwMessageDialog)

/**
 * studio_play_dialog_new:
 * @parent: the window it is modal to
 * @variant: the game played (its sides' names)
 * @engine: the engine that will play (its `Skill Level` names the levels;
 *   they are named again when its handshake is done)
 * @settings: the choices shown first (copied)
 *
 * The dialog (an AdwMessageDialog): its "response" is "play" when the
 * user presses Play, else "cancel".
 *
 * Returns: (transfer none): the dialog, not yet shown
 */
StudioPlayDialog *studio_play_dialog_new          (GtkWindow                *parent,
                                                   const CheopsVariant      *variant,
                                                   StudioEngine             *engine,
                                                   const StudioPlaySettings *settings);
/**
 * studio_play_dialog_set_engines:
 * @self: the dialog
 * @n_engines: how many engines may play, >= 1
 * @names: (array length=n_engines): their names, for the engine lists
 * @engines: (array length=n_engines): an engine of each (its `Skill Level`
 *   names the levels of a side that it plays, again when its handshake is
 *   done; the dialog keeps a reference)
 *
 * The engines that may play each side when engines play both (the
 * bundled engine and the one chosen in Preferences): each side gets a
 * row to choose its engine and a row for its level, shown when "Neither"
 * is the user's side.  The settings' side_engine and side_level are
 * selected (side_engine clamped to @n_engines).
 */
void              studio_play_dialog_set_engines  (StudioPlayDialog         *self,
                                                   guint                     n_engines,
                                                   const char *const        *names,
                                                   StudioEngine *const      *engines);
/* The choices made (valid in "response"). */
void              studio_play_dialog_get_settings (StudioPlayDialog         *self,
                                                   StudioPlaySettings       *settings);

G_END_DECLS
