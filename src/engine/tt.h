/* tt.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The transposition table of cheops-engine: a hash table of search results
 * keyed by the core's Zobrist key (CheopsPosition.key), shared by all search
 * threads.
 */
#ifndef TT_H_INCLUDED
#define TT_H_INCLUDED

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cheops-position.h"

/* What a stored score is: an upper bound (fail low), a lower bound (fail
 * high) or exact. */
typedef enum {
  BOUND_NONE  = 0,
  BOUND_UPPER = 1,
  BOUND_LOWER = 2,
  BOUND_EXACT = 3
} Bound;

/* TTData: one probed entry, unpacked. */
typedef struct {
  CheopsMove move;
  int        score;   /* as stored: mate scores relative to the node */
  int        eval;    /* static evaluation, or VALUE_NONE */
  int        depth;
  Bound      bound;
} TTData;

/* Resizes the table to @megabytes (1..65536) and clears it.  Returns false
 * (keeping the old table) when the memory cannot be had. */
bool  tt_resize      (size_t megabytes);
/* Empties the table (ucinewgame). */
void  tt_clear       (void);
/* Starts a new search: entries of older searches become easier to replace. */
void  tt_new_search  (void);
/* Looks @key up; fills *@data and returns true on a hit. */
bool  tt_probe       (uint64_t key,
                      TTData  *data);
/* Stores a result for @key (replacing the least useful entry of its
 * cluster).  Any CheopsMove of any variant is kept whole (bits 0..29:
 * promotion choices, part masks, drops, compound moves; tt.c). */
void  tt_store       (uint64_t   key,
                      int        score,
                      int        eval,
                      CheopsMove move,
                      int        depth,
                      Bound      bound);
/* The permille of the table used by the current search (UCI hashfull),
 * sampled from the first 1000 clusters. */
int   tt_hashfull    (void);
/* Hints the processor to fetch the cluster of @key. */
void  tt_prefetch    (uint64_t key);

#endif /* TT_H_INCLUDED */
