/* studio-review-panel.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioReviewPanel: the window's strip for the whole-game analysis, under
 * the move list.  While a run goes on: a progress bar naming the move
 * being analysed, how far the run is and the time left, and Cancel (which
 * keeps what was done).  After a run: the summary per side (inaccuracies,
 * mistakes, blunders, average centipawn loss, accuracy; see
 * cheops-review.h) whose counts are links to the moves they count (a
 * click goes to the next of them), the previous and next mistake
 * (win.previous-mistake, win.next-mistake) and a button to close it.  Hidden otherwise.
 * It owns the StudioReview (studio-review.h) that drives the engine, the
 * one configured in the preferences (settings last-engine, engine-threads,
 * engine-hash).
 */
#pragma once

#include <gtk/gtk.h>

#include "studio-document.h"
#include "studio-review.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_REVIEW_PANEL (studio_review_panel_get_type ())
G_DECLARE_FINAL_TYPE (StudioReviewPanel, studio_review_panel, STUDIO, REVIEW_PANEL, GtkBox)

/* The document whose games are analysed (not referenced: the window's,
 * which outlives the panel's use of it). */
void          studio_review_panel_set_document (StudioReviewPanel *self,
                                                StudioDocument    *document);
/* Opens the "Analyse Game" dialog over @parent: the whole game or from
 * the current move, both sides or one, a time (ms) or a depth per move;
 * its Analyse button starts the run. */
void          studio_review_panel_show_dialog  (StudioReviewPanel *self,
                                                GtkWindow         *parent);
/* Starts a run on the document's game: from the start, or with
 * @from_current from the current move's mainline ply; @side as
 * studio_review_start().  FALSE if a run is going on. */
gboolean      studio_review_panel_start        (StudioReviewPanel *self,
                                                gboolean           from_current,
                                                int                side,
                                                int                depth,
                                                gint64             movetime_ms);
/* Cancel: what was analysed stays (one undo step). */
void          studio_review_panel_cancel       (StudioReviewPanel *self);
/* Whether a run is going on. */
gboolean      studio_review_panel_get_running  (StudioReviewPanel *self);
/* Whether "Remove Analysis" can act: the last run was on the game shown
 * and added something still there to remove. */
gboolean      studio_review_panel_can_remove   (StudioReviewPanel *self);
/* Removes the last run's additions as one undo step (cheops_review_remove()). */
gboolean      studio_review_panel_remove       (StudioReviewPanel *self);
/* The driver (owned by the panel), for tests. */
StudioReview *studio_review_panel_get_review   (StudioReviewPanel *self);
/* The move a click on the summary's count of @side's moves judged
 * @judgement goes to: the next such move after the current one along the
 * mainline, after the last the first (NULL: none). */
CheopsGameNode *studio_review_panel_find_judged (StudioReviewPanel    *self,
                                                 CheopsSide            side,
                                                 CheopsReviewJudgement judgement);
/* The text of the progress bar and of the summary ("" when hidden). */
const char   *studio_review_panel_get_progress_text (StudioReviewPanel *self);
char         *studio_review_panel_dup_summary_text  (StudioReviewPanel *self);

/*
 * Signals:
 * "state-changed" (StudioReviewPanel *self, gpointer user_data)
 *   A run started or ended, or an analysis was removed: the window's
 *   actions may change.
 */

G_END_DECLS
