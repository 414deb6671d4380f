/* cheops-position-search.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Finding a position in game collections, and what was played from it
 * (issue 23): the engine of `cheops search`, `cheops explore` and the
 * studio's Find This Position and Explorer.
 *
 * A game reaches a position when its MAIN LINE passes through it — the same
 * position as cheops_position_search_key() means it: the same pieces on
 * the same cells and the same side to move, the counters (and hands and
 * variant state) ignored; variations do not count.  Its hit is the first
 * time: the number of plies played before the position first stands on
 * the main line (0 for its start position).  A game read with an error
 * counts up to its first error; a game whose start is unknown (an unknown
 * variant, a bad FEN) reaches nothing.
 *
 * The explorer's moves: for each game that reaches the position and goes
 * on from there, the main-line move played at that first time.  Per move,
 * the games that played it and their results for the side to move at the
 * position (by the game's colours: a Cheops game with [GreenCorner "q"]
 * has side B play Green).
 *
 * Threads: a search reads only loaded collections, which never change
 * (cheops-collection.h), so cheops_position_search_run() may run in any
 * thread, and several at once; cheops_position_search_async() runs it in
 * a worker thread with progress in the caller's main context, for the
 * studio.  A finished search is immutable and may be read from any thread.
 */
#pragma once

#include <gio/gio.h>

#include "cheops-collection.h"

G_BEGIN_DECLS

/* A game in which the position stands on the main line. */
typedef struct {
  CheopsCollection *collection;   /* borrowed: the search holds a reference */
  guint             game;         /* its index in the collection, from 0 */
  guint             ply;          /* the plies played before the position first stands there */
} CheopsPositionHit;

/* A move played from the position. */
typedef struct {
  CheopsMove move;
  /* Its record notation: in the position searched for when the move can be
   * played there (nearly always), else in the position of the first game
   * that played it (the two can differ only in what the key ignores: a
   * Cypher chess prisoner in hand, a Pyramids faraon's right), and its
   * move text (cheops_move_to_text()) if that game cannot be read again. */
  char       san[CHEOPS_SAN_MAX];
  guint      n_games;    /* the games that played it */
  guint      wins;       /* of those, won by the side to move at the position */
  guint      draws;
  guint      losses;     /* the rest are unfinished ("*") */
  guint      first_hit;  /* the first of those games: an index of cheops_position_search_get_hit() */
} CheopsExplorerMove;

typedef struct _CheopsPositionSearch CheopsPositionSearch;

#define CHEOPS_TYPE_POSITION_SEARCH (cheops_position_search_get_type ())
GType                 cheops_position_search_get_type  (void) G_GNUC_CONST;

/* Looks for @position in the @n_collections collections of @collections,
 * in that order.  @progress (may be NULL) gets the share of the games
 * looked at.  A new search result, or NULL with G_IO_ERROR_CANCELLED. */
CheopsPositionSearch *cheops_position_search_run       (CheopsCollection *const *collections,
                                                        guint                    n_collections,
                                                        const CheopsPosition    *position,
                                                        CheopsProgressFunc       progress,
                                                        gpointer                 progress_data,
                                                        GCancellable            *cancellable,
                                                        GError                 **error);
/* The same in a worker thread (the collections are referenced and
 * @position copied); @progress is called in the caller's thread-default
 * main context, @progress_notify frees @progress_data when the task is
 * over.  Finish with cheops_position_search_finish(). */
void                  cheops_position_search_async     (CheopsCollection *const *collections,
                                                        guint                    n_collections,
                                                        const CheopsPosition    *position,
                                                        CheopsProgressFunc       progress,
                                                        gpointer                 progress_data,
                                                        GDestroyNotify           progress_notify,
                                                        GCancellable            *cancellable,
                                                        GAsyncReadyCallback      callback,
                                                        gpointer                 user_data);
/* The result (the caller's reference), or NULL with the error. */
CheopsPositionSearch *cheops_position_search_finish    (GAsyncResult            *result,
                                                        GError                 **error);

CheopsPositionSearch *cheops_position_search_ref       (CheopsPositionSearch *self);
void                  cheops_position_search_unref     (CheopsPositionSearch *self);

/* The position searched for (a copy, owned by the search). */
const CheopsPosition *cheops_position_search_get_position (CheopsPositionSearch *self);
/* The games that reach it, in the order of the collections, then of the
 * games in each: cheops_position_search_get_n_hits() of them. */
guint                 cheops_position_search_get_n_hits (CheopsPositionSearch *self);
const CheopsPositionHit *cheops_position_search_get_hit (CheopsPositionSearch *self,
                                                         guint                 index);
/* The moves played from it, the most played first, then by record
 * notation (byte order). */
guint                 cheops_position_search_get_n_moves (CheopsPositionSearch *self);
const CheopsExplorerMove *cheops_position_search_get_move (CheopsPositionSearch *self,
                                                           guint                 index);
/* The results of all the games that reach it, for the side to move there
 * (each may be NULL). */
void                  cheops_position_search_get_results (CheopsPositionSearch *self,
                                                          guint                *wins,
                                                          guint                *draws,
                                                          guint                *losses);

/* A score for people: the share of @wins in the decided games (@wins +
 * @losses; draws and unfinished games left out), in tenths of a percent
 * rounded half up (0 .. 1000), or -1 when no game was decided. */
int                   cheops_score_tenths              (guint wins,
                                                        guint losses);
/* The same as text: "66.7", "100.0", "-" when no game was decided.
 * Writes at most 6 bytes with the NUL into @buf. */
void                  cheops_score_format              (guint wins,
                                                        guint losses,
                                                        char  buf[8]);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CheopsPositionSearch, cheops_position_search_unref)

G_END_DECLS
