/* studio-eval-graph.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "studio-document.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_EVAL_GRAPH (studio_eval_graph_get_type ())

G_DECLARE_FINAL_TYPE (StudioEvalGraph, studio_eval_graph, STUDIO, EVAL_GRAPH, GtkWidget)

GtkWidget      *studio_eval_graph_new            (void);
StudioDocument *studio_eval_graph_get_document   (StudioEvalGraph *self);
void            studio_eval_graph_set_document   (StudioEvalGraph *self,
                                                  StudioDocument  *document);
guint           studio_eval_graph_get_n_points   (StudioEvalGraph *self);
guint           studio_eval_graph_get_n_evals    (StudioEvalGraph *self);
gboolean        studio_eval_graph_get_value      (StudioEvalGraph *self,
                                                  guint            index,
                                                  double          *value);
guint8          studio_eval_graph_get_glyph      (StudioEvalGraph *self,
                                                  guint            index);
int             studio_eval_graph_get_marker     (StudioEvalGraph *self);
int             studio_eval_graph_index_at       (StudioEvalGraph *self,
                                                  double           x);
double          studio_eval_graph_x_of           (StudioEvalGraph *self,
                                                  guint            index);
char           *studio_eval_graph_dup_point_text (StudioEvalGraph *self,
                                                  guint            index);
void            studio_eval_graph_set_hidden     (StudioEvalGraph *self,
                                                  gboolean         hidden);
void            studio_eval_graph_set_compact    (StudioEvalGraph *self,
                                                  gboolean         compact);
double          studio_eval_value                (const CheopsEval *eval,
                                                  CheopsSide        mover);

G_END_DECLS
