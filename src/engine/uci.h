/* uci.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The UCI front end of cheops-engine (DESIGN.md section 5).
 */
#ifndef UCI_H_INCLUDED
#define UCI_H_INCLUDED

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Writes one line (format + "\n") to standard output and flushes it, under a
 * lock, so that the search threads and the command loop never interleave. */
void  uci_print  (const char *format,
                  ...) __attribute__ ((format (printf, 1, 2)));

/* Sets the default position and allocates the default hash table. */
void  uci_init     (void);
/* Executes one command line (modified in place), of any length; returns
 * false on `quit`.  A search, perft or bench it starts runs in the search
 * thread (search_wait() waits for it). */
bool  uci_execute  (char *line);
/* The same for a line that is not modified (copied). */
bool  uci_handle_line (const char *line);

/* Caps on what commands may ask, for a fuzzer (tests/fuzz/fuzz-uci.c): each
 * field 0 for no cap. */
typedef struct {
  int      max_depth;        /* go: the depth when none or more is asked; also ends infinite */
  uint64_t max_nodes;        /* go: likewise the nodes */
  int      max_perft;        /* go perft */
  int      max_bench_depth;  /* bench: the depth when none or more is asked */
  int      max_hash_mb;      /* setoption Hash: larger is refused */
  int      max_threads;      /* setoption Threads: larger is refused */
} UciCaps;

/* Sets the caps (copied; NULL: none). */
void  uci_set_caps (const UciCaps *caps);
/* Ends any search and puts back the state of start-up: the variant Cheops,
 * its start position, the options' defaults. */
void  uci_reset    (void);
/* Reads commands from @in until `quit` or the end of input; returns the
 * process exit status. */
int   uci_loop   (FILE *in);

#endif /* UCI_H_INCLUDED */
