/* studio-solve-progress.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioSolveProgress: what the user solved, per problem file, kept
 * between runs in a small key file, by default
 * g_get_user_data_dir()/cheops-studio/solve-progress.ini (a state file,
 * not a setting: it grows with the files solved, so not GSettings).
 *
 * One group per file, named by the file's URI; in it, the key "current"
 * (the 0-based index of the game to solve next) and one key per problem
 * touched, its 0-based game index, holding four integers:
 * solved (0/1), attempts (wrong moves), hints, shown (0/1: the solution
 * was shown before it was solved).  Problems are named by their place in
 * the file: a file edited so that its games move keeps the old places'
 * records.  GLib only.
 */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* StudioSolveRecord: one problem's record. */
typedef struct {
  gboolean solved;
  guint    attempts;
  guint    hints;
  gboolean shown;
} StudioSolveRecord;

#define STUDIO_TYPE_SOLVE_PROGRESS (studio_solve_progress_get_type ())

G_DECLARE_FINAL_TYPE (StudioSolveProgress, studio_solve_progress, STUDIO, SOLVE_PROGRESS, GObject)

/**
 * studio_solve_progress_new:
 * @path: (nullable): the key file; %NULL for the default above
 *
 * Reads the progress kept in @path.  A missing or unreadable file is no
 * progress (a file that is not a key file is replaced at the next save).
 *
 * Returns: (transfer full): a new #StudioSolveProgress
 */
StudioSolveProgress *studio_solve_progress_new         (const char          *path);
/* The file it reads and writes (owned). */
const char          *studio_solve_progress_get_path    (StudioSolveProgress *self);
/* The record of game @index of the file @uri: all zero when none. */
void                 studio_solve_progress_get         (StudioSolveProgress *self,
                                                        const char          *uri,
                                                        guint                index,
                                                        StudioSolveRecord   *record);
/* Replaces that record and writes the file at once (its folder is made if
 * need be).  FALSE with the GFileError if it could not be written (the
 * record is still kept in memory). */
gboolean             studio_solve_progress_set         (StudioSolveProgress *self,
                                                        const char          *uri,
                                                        guint                index,
                                                        const StudioSolveRecord *record,
                                                        GError             **error);
/* The game of @uri to solve next: the "current" key, 0 when none. */
guint                studio_solve_progress_get_current (StudioSolveProgress *self,
                                                        const char          *uri);
/* Sets it and writes the file, as studio_solve_progress_set() does. */
gboolean             studio_solve_progress_set_current (StudioSolveProgress *self,
                                                        const char          *uri,
                                                        guint                index,
                                                        GError             **error);
/* How many games of @uri are recorded solved. */
guint                studio_solve_progress_count_solved (StudioSolveProgress *self,
                                                        const char          *uri);

G_END_DECLS
