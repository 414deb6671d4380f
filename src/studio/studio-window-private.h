/* studio-window-private.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The instance struct of StudioWindow, shared by studio-window.c (the type)
 * and studio-window-actions.c (its win.* actions).
 */
#pragma once

#include "studio-analysis-panel.h"
#include "studio-board-view.h"
#include "studio-eval-bar.h"
#include "studio-eval-graph.h"
#include "studio-games-button.h"
#include "studio-learn-panel.h"
#include "studio-move-tree-view.h"
#include "studio-problem-panel.h"
#include "studio-review-panel.h"
#include "studio-setup-panel.h"
#include "studio-suite-panel.h"
#include "studio-solve-panel.h"
#include "studio-solve-progress.h"
#include "studio-window.h"
#include "studio-engine.h"
#include "studio-play.h"

G_BEGIN_DECLS

typedef struct _StudioPlay StudioPlay;

/* StudioWindowMode: what the window is doing, one at a time (issue 21).
 * A mode other than GAME is entered with _studio_window_enter_mode() and
 * left by setting GAME back; _studio_window_show_mode_views() shows what
 * the mode shows, _studio_window_resume_analysis() resumes the analysis
 * as it was when the mode was entered. */
typedef enum {
  STUDIO_WINDOW_MODE_GAME = 0, /* the game, its move list and its analysis */
  STUDIO_WINDOW_MODE_SETUP,    /* setting up a position (studio-window-setup.c) */
  STUDIO_WINDOW_MODE_SOLVE,    /* solving problems (studio-window-solve.c) */
} StudioWindowMode;

struct _StudioWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template widgets. */
  AdwToastOverlay      *toast_overlay;
  AdwWindowTitle       *window_title;
  GtkStack             *stack;
  GtkPaned             *paned;
  GtkWidget            *side_pane;  /* a GtkStack: "game", "setup" or "solve" */
  GtkWidget            *undo_box;
  GtkWidget            *new_button;
  GtkWidget            *primary_menu_button;
  GtkButton            *open_button;
  StudioEvalBar        *eval_bar;
  StudioBoardView      *board_view;
  /* The keyboard move entry (studio-move-entry.c), a popover on the board. */
  GtkWidget            *move_entry;
  StudioMoveTreeView   *move_tree;
  StudioEvalGraph      *eval_graph;
  StudioAnalysisPanel  *analysis_panel;
  StudioReviewPanel    *review_panel;
  StudioSetupPanel     *setup_panel;
  StudioSolvePanel     *solve_panel;
  GtkRevealer          *problem_revealer;  /* the Problem panel, under the analysis */
  StudioProblemPanel   *problem_panel;
  GtkWidget            *narrow_switcher;  /* the narrow layout's Moves | Analysis */
  GtkToggleButton      *moves_toggle;
  GtkToggleButton      *analysis_toggle;
  GtkWidget            *analysis_separator;
  GtkWidget            *views_box;     /* the side pane's views (studio-window-views.c) */
  GtkWidget            *view_switcher;
  GtkStack             *side_views;
  guint                 views_shown;   /* bit i: view_names[i] has something to say */
  GtkLabel             *headline_label;
  GtkLabel             *players_label;
  StudioGamesButton    *games_button;
  GtkRevealer          *problems_revealer;
  GtkLabel             *problems_title;
  GtkLabel             *problems_label;
  GtkLabel             *status_label;
  GtkListBox           *samples_list;
  GMenu                *recent_submenu;
  GMenu                *new_submenu;   /* the primary menu's: one item per variant */
  GMenu                *new_menu;      /* the New Game button's: the same */
  GMenu                *suites_submenu; /* the primary menu's bundled suites (studio-window-suite.c) */
  StudioSuitePanel     *suite_panel;   /* above the move list, in suite_revealer */
  StudioLearnPanel     *learn_panel;   /* the Learn view (studio-window-learn.c) */
  gboolean              learn_paused_analysis; /* Learn stopped the analysis while it asks */
  GtkRevealer          *suite_revealer;

  /* The tabs (studio-window-tabs.c): the content (the stack above) is in
   * the selected tab's page. */
  AdwTabView           *tab_view;
  AdwTabBar            *tab_bar;
  GtkWidget            *content;      /* owned */
  AdwTabPage           *closing_page; /* the tab win.confirm-close asks about */
  AdwTabPage           *shown_page;   /* the tab whose state the window shows */

  /* Owned: the selected tab's document. */
  StudioDocument       *document;
  GSettings            *settings;
  GArray               *shapes;     /* StudioShape scratch */

  /* Borrowed. */
  StudioBoardScene     *scene;
  GtkRecentManager     *recent_manager;

  int                   wide_side_width;  /* the side pane's width when last side by side */
  int                   pending_position; /* to set once allocated, or -1 */
  int                   last_width;       /* the window's width at its last allocation */
  char                 *last_engine_name; /* the analysis header's name then */
  gboolean              widen_pending;    /* studio_window_widen_side() is due */
  guint                 close_confirmed : 1;
  guint                 closing_window : 1; /* asking about each unsaved tab */
  guint                 tabs_disposed : 1;
  guint                 binding_views : 1; /* showing another tab's views */
  guint                 narrow : 1;     /* side pane under the board */
  StudioWindowMode      mode;            /* what the window is doing */
  guint                 mode_was_running : 1;  /* the analysis ran when the mode was entered */
  guint                 setup_from_start : 1;  /* set-up entered from the start page */
  guint                 solve_switching : 1;   /* solving, going to the next problem's game */
  /* Solving: the position of the last hint (a reference) and the cell it
   * marks, shown again when a wrong move is taken back to it. */
  struct _CheopsGameNode *solve_hint_node;
  guint                 solve_hint_cell;

  /* A game against the engine (studio-window-play.c). */
  struct _StudioPlay   *play;
};

void _studio_window_class_actions_init (StudioWindowClass *klass);
void _studio_window_class_tabs_init    (StudioWindowClass *klass);
void _studio_window_views_init         (StudioWindow      *self);
void _studio_window_views_update       (StudioWindow      *self);
const char *_studio_window_views_get_shown (StudioWindow  *self);
void _studio_window_views_show         (StudioWindow      *self,
                                        const char        *name);
void _studio_window_views_add          (StudioWindow      *self,
                                        const char        *name,
                                        const char        *title,
                                        GtkWidget         *child);
void _studio_window_tabs_init          (StudioWindow      *self,
                                        StudioDocument    *document);
void _studio_window_tabs_dispose       (StudioWindow      *self);
void _studio_window_tabs_update_actions (StudioWindow     *self);
void _studio_window_tabs_set_game_page (StudioWindow      *self,
                                        StudioDocument    *document);
void _studio_window_select_document   (StudioWindow      *self,
                                        StudioDocument    *document);
GListModel *_studio_window_dup_documents (StudioWindow     *self);
void _studio_window_files_set_busy_delay (guint            ms);
void _studio_window_close_document_tab (StudioWindow      *self,
                                        StudioDocument    *document);
void _studio_window_announce_new_tab   (StudioWindow      *self,
                                        const char        *what);
StudioDocument *_studio_window_add_tab (StudioWindow      *self,
                                        gboolean           game_page);
gboolean _studio_window_select_unsaved_tab (StudioWindow  *self);
void _studio_window_close_asked_tab    (StudioWindow      *self,
                                        gboolean           confirmed);
void _studio_window_bind_document      (StudioWindow      *self,
                                        StudioDocument    *document,
                                        gboolean           game_page);
void _studio_window_files_document_init   (StudioWindow   *self,
                                           StudioDocument *document);
void _studio_window_files_document_closed (StudioWindow   *self,
                                           StudioDocument *document);
void _studio_window_files_bind         (StudioWindow      *self);
void _studio_window_games_bind         (StudioWindow      *self);
void _studio_window_update_actions     (StudioWindow      *self);
GFile *_studio_window_default_folder  (StudioWindow      *self);
void _studio_window_add_recent         (StudioWindow      *self,
                                        GFile             *file);
void _studio_window_save               (StudioWindow      *self,
                                        GFile             *file,
                                        gboolean           close_after);
void _studio_window_save_as            (StudioWindow      *self,
                                        gboolean           close_after);
void _studio_window_toast              (StudioWindow      *self,
                                        const char        *message);
void _studio_window_toast_with_action  (StudioWindow      *self,
                                        const char        *message,
                                        const char        *button_label,
                                        const char        *action_name);
StudioWindow *_studio_window_target_for_new_work (StudioWindow *self,
                                                  const char   *what);
StudioWindow *_studio_window_show_new_game       (StudioWindow *self,
                                                  CheopsGame   *game,
                                                  const char   *what);
GFile   *_studio_window_game_file_name (GFile             *file);
char    *_studio_window_dup_status     (StudioWindow      *self);
void     _studio_window_update_status  (StudioWindow      *self);
void     _studio_window_update_eval_bar (StudioWindow     *self);
gboolean _studio_window_paste_variation (StudioWindow     *self,
                                         const char       *text,
                                         GError          **error);
gboolean _studio_window_take_text      (StudioWindow      *self,
                                        const char        *text,
                                        GError           **error);
void _studio_window_update_title      (StudioWindow      *self);
void _studio_window_show_problems    (StudioWindow      *self);
void _studio_window_sync_board        (StudioWindow      *self);
void _studio_window_relayout          (StudioWindow      *self);
/* Enters @mode (not GAME) from GAME: the analysis pauses, remembering
 * whether it ran. */
void _studio_window_enter_mode        (StudioWindow      *self,
                                       StudioWindowMode   mode);
/* Shows what the window's mode shows: the side pane's view ("game",
 * "setup", "solve"), the evaluation bar in GAME only; lays the window out
 * again when narrow. */
void _studio_window_show_mode_views   (StudioWindow      *self);
/* Back in GAME: the analysis runs again if it ran when the mode was
 * entered. */
void _studio_window_resume_analysis   (StudioWindow      *self);
void _studio_window_setup_init         (StudioWindow      *self);
void _studio_window_class_problem_init (StudioWindowClass *klass);
void _studio_window_problem_update_actions (StudioWindow *self);
void _studio_window_problem_sync_bar (StudioWindow *self);
gboolean _studio_window_setup_take_text (StudioWindow *self,
                                         const char   *text);
void _studio_window_begin_setup        (StudioWindow      *self);
void _studio_window_end_setup          (StudioWindow      *self,
                                        gboolean           accept);
void _studio_window_solve_init         (StudioWindow      *self);
gboolean _studio_window_begin_solve    (StudioWindow      *self,
                                        guint              index);
void _studio_window_end_solve          (StudioWindow      *self);
void _studio_window_solve_sync_board   (StudioWindow      *self);
void _studio_window_solve_forget_hint  (StudioWindow      *self);
void _studio_window_solve_update_status (StudioWindow     *self);
void _studio_window_solve_after_load   (StudioWindow      *self);
gboolean _studio_window_current_is_problem (StudioWindow  *self);
void _studio_window_files_init         (StudioWindow      *self);
void _studio_window_reload             (StudioWindow      *self);
void _studio_window_after_load         (StudioWindow      *self);
void _studio_window_class_games_init   (StudioWindowClass *klass);
void _studio_window_class_review_init  (StudioWindowClass *klass);
void _studio_window_review_init        (StudioWindow      *self);
/* The next (@forward) or previous move marked ?!, ? or ?? along @node's
 * line, or NULL (studio-window-review.c; win.next-mistake). */
CheopsGameNode *_studio_window_review_find_mistake (CheopsGameNode *node,
                                                    gboolean        forward);
void _studio_window_review_update_actions (StudioWindow   *self,
                                           gboolean        playing);
void _studio_window_games_update_actions (StudioWindow    *self);
void _studio_window_games_loaded       (StudioWindow      *self);
char *_studio_window_games_dup_loses_text_message (StudioWindow *self);
void     _studio_window_class_learn_init (StudioWindowClass *klass);
void     _studio_window_learn_init       (StudioWindow      *self);
void     _studio_window_learn_update_actions (StudioWindow  *self,
                                              gboolean       playing);
gboolean _studio_window_learn_take_move  (StudioWindow      *self,
                                          CheopsMove         move);
void     _studio_window_learn_add_shapes (StudioWindow      *self,
                                          GArray            *shapes);
gboolean _studio_window_learn_hides_analysis (StudioWindow  *self);
void     _studio_window_class_suite_init (StudioWindowClass *klass);
void     _studio_window_suite_init       (StudioWindow      *self);
gboolean _studio_window_is_suite_file    (GFile             *file);
void     _studio_window_open_suite_file  (StudioWindow      *self,
                                          GFile             *file);
gboolean _studio_window_show_suite       (StudioWindow      *self,
                                          const char        *text,
                                          gssize             length,
                                          const char        *title,
                                          GError           **error);

/* A game against the engine (studio-window-play.c). */
void     _studio_window_class_play_init  (StudioWindowClass *klass);
void     _studio_window_play_init        (StudioWindow      *self);
void     _studio_window_play_dispose     (StudioWindow      *self);
void     _studio_window_play_document_bound (StudioWindow   *self);
gboolean _studio_window_play_hides_analysis (StudioWindow   *self);
const char *_studio_window_play_hidden_reason (void);
void     _studio_window_play_document_closed (StudioWindow   *self,
                                             StudioDocument *document);
gboolean _studio_window_play_refuses_move (StudioWindow     *self);
const char *_studio_window_play_refusal (StudioWindow  *self);
gboolean _studio_window_play_is_active   (StudioWindow      *self);
const char *_studio_window_play_get_end_words (StudioWindow  *self);
const char *_studio_window_play_get_end_result (StudioWindow  *self);
gboolean _studio_window_play_engine_thinking (StudioWindow  *self);
gboolean _studio_window_play_can_take_back (StudioWindow  *self);
gboolean _studio_window_play_owns_undo (StudioWindow      *self);
StudioEngine *_studio_window_play_get_engine (StudioWindow  *self);
StudioPlayClock *_studio_window_play_get_clock (StudioWindow *self);
/* Find This Position and the Explorer (studio-window-explorer.c). */
void       _studio_window_class_explorer_init (StudioWindowClass *klass);
void       _studio_window_explorer_init       (StudioWindow      *self);
void       _studio_window_explorer_bind       (StudioWindow      *self);
gboolean   _studio_window_explorer_is_shown   (StudioWindow      *self);
void       _studio_window_explorer_set_collection (StudioWindow  *self,
                                                   const char    *path);
GtkWindow *_studio_window_find_position       (StudioWindow      *self,
                                               const char        *folder);
GtkWindow *_studio_window_find_position_at    (StudioWindow         *self,
                                               const char           *folder,
                                               const CheopsPosition *position,
                                               gboolean              with_mirror,
                                               const char           *title);

const CheopsClaimInfo *_studio_window_get_claimable_draw (StudioWindow *self);
void     _studio_window_open_move_entry (StudioWindow      *self,
                                         const char        *text);

G_END_DECLS
