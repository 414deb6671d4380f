/* studio-review.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioReview: the studio's whole-game analysis ("Analyse Game…").  It
 * runs an engine of its own (a StudioEngine, so the live analysis of the
 * window goes on beside it) over the mainline positions of a game, one
 * limited search after the other (`go depth N` or `go movetime MS`), hands
 * each result to a CheopsReview (cheops-review.h, the same code that
 * `cheops analyse` uses, so both write the same annotations), and when
 * the last position is done or the run is cancelled writes what was found
 * into the game as ONE undo step, then shuts its engine down (no process
 * survives a run).  Everything happens on the main loop: the window stays
 * usable.  GLib/GIO only.
 */
#pragma once

#include <gio/gio.h>

#include "cheops-review.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_REVIEW (studio_review_get_type ())
G_DECLARE_FINAL_TYPE (StudioReview, studio_review, STUDIO, REVIEW, GObject)

/* A review driver for the engine @argv (NULL-terminated program and
 * arguments; NULL: the bundled engine, cheops_uci_engine_find_bundled()). */
StudioReview   *studio_review_new               (const char *const *argv);

/* An engine option ("Threads", "Hash") to send to each run's engine. */
void            studio_review_set_option        (StudioReview *self,
                                                 const char   *name,
                                                 const char   *value);

/* Starts a run over @game's mainline from ply @from_ply, judging @side
 * (CHEOPS_SIDE_A or _B; < 0 both), each position searched to @depth plies
 * or for @movetime_ms (exactly one of them > 0).  A timed search that ends
 * without a score is done again at depth 1, as `cheops analyse` does.
 * FALSE (nothing started) when a run is going on or the limits are bad. */
gboolean        studio_review_start             (StudioReview *self,
                                                 CheopsGame   *game,
                                                 guint         from_ply,
                                                 int           side,
                                                 int           depth,
                                                 gint64        movetime_ms);
/* Ends the run now: what was analysed is written (one undo step), the
 * engine is shut down, "finished" is emitted with cancelled TRUE.  Does
 * nothing when no run is going on. */
void            studio_review_cancel            (StudioReview *self);

/* Property "running" (boolean, notifies). */
gboolean        studio_review_get_running       (StudioReview *self);
/* The position being searched: its index among the run's positions and
 * their number (0 and 0 when idle), and its node (NULL when idle). */
guint           studio_review_get_index         (StudioReview *self);
guint           studio_review_get_n_positions   (StudioReview *self);
CheopsGameNode *studio_review_get_node          (StudioReview *self);
/* An estimate of the time the run still needs, in milliseconds: the
 * positions left times the time a move (or the mean time a position took
 * so far, at a fixed depth). */
gint64          studio_review_get_remaining_ms  (StudioReview *self);
/* The last run's review (owned by @self, until the next run starts or
 * studio_review_forget() drops it), or NULL: its summary, and
 * cheops_review_remove() for "Remove Analysis". */
CheopsReview   *studio_review_get_result        (StudioReview *self);
/* Drops the last run's review (when its game leaves the window). */
void            studio_review_forget            (StudioReview *self);
/* The game of the last run (NULL: none). */
CheopsGame     *studio_review_get_game          (StudioReview *self);
/* A sentence for the user when the last run ended because the engine
 * failed (translated), else NULL. */
const char     *studio_review_get_error         (StudioReview *self);
/* The process id of the run's engine, 0 when there is none. */
GPid            studio_review_get_engine_pid    (StudioReview *self);

/*
 * Signals:
 * "progress" (StudioReview *self, gpointer user_data)
 *   A new position is being searched (or the first one started).
 * "finished" (StudioReview *self, gboolean cancelled, gpointer user_data)
 *   The run ended and what it found is in the game; cancelled is TRUE for
 *   studio_review_cancel() and an engine failure.
 */

G_END_DECLS
