/* studio-analysis-panel.h
 *
                                                         * SPDX-License-Identifier: GPL-3.0-or-later
                                                         */
#pragma once

#include <gtk/gtk.h>

#include "studio-document.h"
#include "studio-engine.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_ANALYSIS_PANEL (studio_analysis_panel_get_type ())

G_DECLARE_FINAL_TYPE (StudioAnalysisPanel, studio_analysis_panel, STUDIO, ANALYSIS_PANEL, GtkWidget)

GtkWidget      *studio_analysis_panel_new              (void);
void            studio_analysis_panel_set_document     (StudioAnalysisPanel *self,
                                                        StudioDocument      *document);
gboolean        studio_analysis_panel_get_running      (StudioAnalysisPanel *self);
void            studio_analysis_panel_set_running      (StudioAnalysisPanel *self,
                                                        gboolean             running);
void            studio_analysis_panel_set_blocked      (StudioAnalysisPanel *self,
                                                        const char          *why);
const char     *studio_analysis_panel_get_blocked      (StudioAnalysisPanel *self);
gboolean        studio_analysis_panel_get_threat       (StudioAnalysisPanel *self);
void            studio_analysis_panel_set_threat       (StudioAnalysisPanel *self,
                                                        gboolean             threat);
guint           studio_analysis_panel_get_multipv      (StudioAnalysisPanel *self);
void            studio_analysis_panel_set_multipv      (StudioAnalysisPanel *self,
                                                        guint                multipv);
guint           studio_analysis_panel_get_n_lines      (StudioAnalysisPanel *self);
char           *studio_analysis_panel_dup_line         (StudioAnalysisPanel *self,
                                                        guint                index);
const char     *studio_analysis_panel_get_status       (StudioAnalysisPanel *self);
const char     *studio_analysis_panel_get_message      (StudioAnalysisPanel *self);
const char     *studio_analysis_panel_get_search_text  (StudioAnalysisPanel *self);
gboolean        studio_analysis_panel_play_line        (StudioAnalysisPanel *self,
                                                        guint                line,
                                                        guint                move);
StudioEngine   *studio_analysis_panel_get_engine       (StudioAnalysisPanel *self);
const char     *studio_analysis_panel_get_engine_name  (StudioAnalysisPanel *self);
int             studio_analysis_panel_get_name_shortfall (StudioAnalysisPanel *self);
const char     *studio_analysis_panel_get_error        (StudioAnalysisPanel *self);
char           *studio_analysis_panel_dup_line_game_text (StudioAnalysisPanel *self,
                                                          guint                index);
GtkWidget      *studio_analysis_panel_get_preview      (StudioAnalysisPanel *self);

G_END_DECLS
