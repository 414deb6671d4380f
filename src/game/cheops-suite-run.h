/* cheops-suite-run.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Running a test-position suite (cheops-epd.h) against a UCI engine
 * (cheops-uci-engine.h), one position at a time: `cheops suite run` and
 * the studio's Suite panel share it.
 *
 * A position is solved ("found") when the engine's `bestmove` is one of
 * its `bm` moves (if it has any) and none of its `am` moves (if it has
 * any); a position with neither has no target: the move is reported, it
 * is not counted.  The time to find is the engine's `time` (else the wall
 * clock since `go`) of the first `info … pv` line from which on the first
 * move of the principal variation was a solving one up to `bestmove`.
 * The depth and score are those of the last `info … pv` line (the score
 * from the side to move's view, as UCI gives it).
 *
 * The answers are written back with the standard EPD opcodes (PGN
 * standard 16.2.5): acd (depth), acn (nodes), acs (whole seconds used),
 * ce (centipawns from the side to move's view; a mate in N moves is
 * 32767 - (2N - 1), being mated in N is -(32767 - 2N)), pm (the move played,
 * SAN) and pv (the principal variation, SAN); the suite's own operations
 * (bm, am, dm, id, c0…) are kept.
 */
#pragma once

#include <gio/gio.h>

#include "cheops-epd.h"
#include "cheops-notation.h"
#include "cheops-uci-engine.h"

G_BEGIN_DECLS

typedef enum {
  CHEOPS_SUITE_FOUND,       /* bestmove solves the position */
  CHEOPS_SUITE_MISSED,      /* bestmove does not */
  CHEOPS_SUITE_NO_TARGET,   /* neither bm nor am: not counted */
  CHEOPS_SUITE_FAILED,      /* no legal bestmove: the engine died, hung or played nonsense */
  CHEOPS_SUITE_CANCELLED,   /* cancelled before bestmove */
} CheopsSuiteStatus;

/* One search per position: `go movetime MS` if movetime_ms > 0, else
 * `go depth N` (depth > 0). */
typedef struct {
  int movetime_ms;
  int depth;
} CheopsSuiteLimits;

typedef struct {
  CheopsSuiteStatus status;
  CheopsMove        move;               /* bestmove, CHEOPS_MOVE_NONE if none */
  char              san[CHEOPS_SAN_MAX]; /* its SAN, "" if none */
  gint64            time_ms;            /* from `go` to `bestmove`, wall clock */
  gint64            found_ms;           /* time to find; -1 unless FOUND */
  int               depth;              /* 0 if no `info … pv` line came */
  gboolean          has_score;
  gboolean          mate;               /* score is "mate N", else "cp N" */
  int               score;
  guint64           nodes;
  char             *pv;                 /* SAN, space-separated, or NULL */
  char             *message;            /* why FAILED, or NULL */
} CheopsSuiteResult;

/* Searches @record's position with @engine (started, handshake done):
 * sets UCI_Variant to the position's variant's name when the engine offers
 * the option, `ucinewgame`, `position fen`, `isready`, `go`, and waits for
 * `bestmove` (a movetime search gets movetime + 10 s, then `stop` and 2 s
 * more; a depth search waits as long as it takes).  Fills @result (clear it
 * with cheops_suite_result_clear()).  On FAILED or CANCELLED the engine is
 * in an unknown state: free it (and start another for the next position).
 * Cancelling @cancellable (may be NULL) sends `stop` and returns within
 * about 20 ms, with status CANCELLED. */
void        cheops_suite_run_record      (CheopsUciEngine         *engine,
                                          CheopsEpdRecord         *record,
                                          const CheopsSuiteLimits *limits,
                                          GCancellable            *cancellable,
                                          CheopsSuiteResult       *result);
/* Frees what @result holds and zeroes it. */
void        cheops_suite_result_clear    (CheopsSuiteResult       *result);
/* Whether a result of @status for @record counts in "solved K/N": FOUND
 * and MISSED, and FAILED for a record with a bm or am. */
gboolean    cheops_suite_counts          (CheopsEpdRecord         *record,
                                          CheopsSuiteStatus        status);
/* The record's name: its id, else "line N" (newly allocated). */
char       *cheops_suite_record_name     (CheopsEpdRecord         *record);
/* The record's targets for people: "bm Qi9 Qh9", "am Kb1", "bm X; am Y"
 * or "" (newly allocated). */
char       *cheops_suite_record_targets  (CheopsEpdRecord         *record);
/* The score as text: "mate 3", "mate -2", "cp 35", "-" (newly allocated). */
char       *cheops_suite_result_score    (const CheopsSuiteResult *result);
/* The line `cheops suite run` prints for @record (newly allocated, no line
 * break):
 *   NAME: found SAN; time 12 ms; depth 9; score mate 1
 *   NAME: missed SAN (bm X Y); time -; depth 9; score cp -35
 *   NAME: played SAN (no bm or am); time -; depth 9; score cp 12
 *   NAME: failed: MESSAGE
 * time is the time to find, depth and score as above. */
char       *cheops_suite_result_to_line  (CheopsEpdRecord         *record,
                                          const CheopsSuiteResult *result);
/* Sets the answer opcodes (acd, acn, acs, ce, pm, pv; see above) of
 * @record from @result; those it has no value for are removed.  Nothing
 * is set for a FAILED or CANCELLED result. */
void        cheops_suite_result_annotate (CheopsEpdRecord         *record,
                                          const CheopsSuiteResult *result);

G_END_DECLS
