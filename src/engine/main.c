/* main.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * cheops-engine: a UCI engine for every variant of engine-variant.h (DESIGN.md
 * section 5).  With no
 * arguments it reads UCI commands from standard input; with arguments it
 * runs them as one command and exits (`cheops-engine bench`,
 * `cheops-engine bench 6`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine-variant.h"
#include "search.h"
#include "uci.h"

int
main (int argc, char **argv)
{
  engine_variants_init ();
  search_init ();
  uci_init ();

  if (argc > 1)
    {
      size_t len = 1;
      char *line;

      for (int i = 1; i < argc; i++)
        len += strlen (argv[i]) + 1;
      line = calloc (1, len);
      if (line == NULL)
        return 1;
      for (int i = 1; i < argc; i++)
        {
          strcat (line, argv[i]);
          strcat (line, " ");
        }
      uci_execute (line);
      free (line);
      search_wait ();
      return 0;
    }
  return uci_loop (stdin);
}
