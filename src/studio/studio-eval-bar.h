/* studio-eval-bar.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "cheops-core.h"

G_BEGIN_DECLS

#define STUDIO_TYPE_EVAL_BAR (studio_eval_bar_get_type ())

G_DECLARE_FINAL_TYPE (StudioEvalBar, studio_eval_bar, STUDIO, EVAL_BAR, GtkWidget)

GtkWidget *studio_eval_bar_new          (void);
void       studio_eval_bar_set_score    (StudioEvalBar *self,
                                         gboolean       is_ascension,
                                         int            score);
void       studio_eval_bar_set_result   (StudioEvalBar *self,
                                         int            a_result);
char      *studio_eval_bar_dup_text     (StudioEvalBar *self);
void       studio_eval_bar_clear        (StudioEvalBar *self);
void       studio_eval_bar_set_a_green  (StudioEvalBar *self,
                                         gboolean       a_green);
void       studio_eval_bar_set_sides    (StudioEvalBar       *self,
                                         const CheopsVariant *variant,
                                         gboolean             a_first);
double     studio_eval_bar_get_fraction (StudioEvalBar *self);
void       studio_eval_bar_set_upside_down (StudioEvalBar *self,
                                            gboolean       upside_down);
gboolean   studio_eval_bar_get_upside_down (StudioEvalBar *self);
char      *studio_eval_bar_format_score (gboolean       is_ascension,
                                         int            score);

G_END_DECLS
