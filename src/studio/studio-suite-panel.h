/* studio-suite-panel.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioSuitePanel: a test-position suite (EPD-like, cheops-epd.h) in the
 * studio — its positions with id, bm/am and comment, the lines that could
 * not be read with their line and column; a click on a position emits
 * "position-activated" (the window sets it up on the board); Run searches
 * every position with the engine (the configured one, or the one set with
 * studio_suite_panel_set_engine_command()) at a time or depth per position,
 * in a worker thread (cheops-suite-run.h), with a progress bar, Cancel
 * (the engine is killed and reaped; the results so far are kept), the
 * result of each position in its row (found/missed, the move, the time to
 * find, depth, score), the totals, and Export as EPD with the engine's
 * answers (acd acn acs ce pm pv).
 */
#pragma once

#include <gtk/gtk.h>

#include "cheops-epd.h"
#include "cheops-suite-run.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_SUITE_PANEL (studio_suite_panel_get_type ())

G_DECLARE_FINAL_TYPE (StudioSuitePanel, studio_suite_panel, STUDIO, SUITE_PANEL, GtkWidget)

GtkWidget       *studio_suite_panel_new                (void);
/* Shows the suite of @length bytes of @text (-1: NUL-terminated) named
 * @title (a file name), cancelling a run.  FALSE, with @error set to its
 * first bad line ("LINE:COLUMN: message") or to "no positions", when not
 * one position could be read; the panel is then left as it was. */
gboolean         studio_suite_panel_load               (StudioSuitePanel        *self,
                                                        const char              *text,
                                                        gssize                   length,
                                                        const char              *title,
                                                        GError                 **error);
guint            studio_suite_panel_get_n_positions    (StudioSuitePanel        *self);
/* The lines that could not be read (borrowed array of CheopsPgnError). */
GPtrArray       *studio_suite_panel_get_errors         (StudioSuitePanel        *self);
/* The @index-th position (borrowed), in the file's order. */
CheopsEpdRecord *studio_suite_panel_get_record         (StudioSuitePanel        *self,
                                                        guint                    index);
/* Emits "position-activated" for @index and selects its row, as a click. */
void             studio_suite_panel_activate           (StudioSuitePanel        *self,
                                                        guint                    index);
/* The engine command line for Run (shell-split); NULL: the configured
 * engine (the setting last-engine, the bundled one if empty, with
 * engine-threads and engine-hash). */
void             studio_suite_panel_set_engine_command (StudioSuitePanel        *self,
                                                        const char              *command);
/* The limit per position: @movetime_ms > 0 for a time, else @depth. */
void             studio_suite_panel_set_limits         (StudioSuitePanel        *self,
                                                        int                      movetime_ms,
                                                        int                      depth);
/* Runs every position (forgetting the results of a run before). */
void             studio_suite_panel_run                (StudioSuitePanel        *self);
/* Stops a run: the worker kills the engine, what was found is kept. */
void             studio_suite_panel_cancel             (StudioSuitePanel        *self);
/* Whether a run is going on (property "running"). */
gboolean         studio_suite_panel_get_running        (StudioSuitePanel        *self);
/* Whether a worker thread (and so perhaps an engine process) is still
 * alive: after Cancel it ends within a moment, its engine reaped. */
gboolean         studio_suite_panel_get_busy           (StudioSuitePanel        *self);
/* How many positions have a result, and how many of those were solved
 * and count (cheops_suite_counts()). */
guint            studio_suite_panel_get_n_done         (StudioSuitePanel        *self);
void             studio_suite_panel_get_totals         (StudioSuitePanel        *self,
                                                        guint                   *solved,
                                                        guint                   *counted);
/* The result of the @index-th position, or NULL before it has one. */
const CheopsSuiteResult *studio_suite_panel_get_result (StudioSuitePanel        *self,
                                                        guint                    index);
/* The text of the row of the @index-th position's result ("" before it
 * has one), as shown. */
const char      *studio_suite_panel_get_result_text    (StudioSuitePanel        *self,
                                                        guint                    index);
/* The suite as EPD with the engine's answers of the positions that have
 * a result (newly allocated). */
char            *studio_suite_panel_dup_results_epd    (StudioSuitePanel        *self);

G_END_DECLS
