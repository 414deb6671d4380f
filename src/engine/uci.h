/* uci.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The UCI front end of cheops-engine (DESIGN.md section 5).
 */
#ifndef UCI_H_INCLUDED
#define UCI_H_INCLUDED

#include <stdio.h>

/* Writes one line (format + "\n") to standard output and flushes it, under a
 * lock, so that the search threads and the command loop never interleave. */
void  uci_print  (const char *format,
                  ...) __attribute__ ((format (printf, 1, 2)));
#include <stdbool.h>

/* Sets the default position and allocates the default hash table. */
void  uci_init     (void);
/* Executes one command line (modified in place); returns false on `quit`. */
bool  uci_execute  (char *line);
/* Reads commands from @in until `quit` or the end of input; returns the
 * process exit status. */
int   uci_loop   (FILE *in);

#endif /* UCI_H_INCLUDED */
