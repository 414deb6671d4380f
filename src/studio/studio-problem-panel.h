/* studio-problem-panel.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "solve.h"
#include "studio-document.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_PROBLEM_PANEL (studio_problem_panel_get_type ())

G_DECLARE_FINAL_TYPE (StudioProblemPanel, studio_problem_panel, STUDIO, PROBLEM_PANEL, GtkWidget)

GtkWidget               *studio_problem_panel_new           (void);
void                     studio_problem_panel_set_document  (StudioProblemPanel *self,
                                                             StudioDocument     *document);
void                     studio_problem_panel_set_stipulation (StudioProblemPanel *self,
                                                               int                 moves);
void                     studio_problem_panel_verify        (StudioProblemPanel *self);
void                     studio_problem_panel_cancel        (StudioProblemPanel *self);
gboolean                 studio_problem_panel_get_busy      (StudioProblemPanel *self);
const CheopsSolveResult *studio_problem_panel_get_result    (StudioProblemPanel *self);
char                    *studio_problem_panel_dup_verdict   (StudioProblemPanel *self);
guint                    studio_problem_panel_get_n_lines   (StudioProblemPanel *self);
char                    *studio_problem_panel_dup_line_text (StudioProblemPanel *self,
                                                             guint               index);
void                     studio_problem_panel_activate_line (StudioProblemPanel *self,
                                                             guint               index);
gboolean                 studio_problem_panel_store         (StudioProblemPanel *self);
gboolean                 studio_problem_panel_write_solution (StudioProblemPanel *self);

char                    *studio_problem_dup_verified_tag    (const CheopsPosition    *pos,
                                                             const CheopsSolveResult *r);

G_END_DECLS
