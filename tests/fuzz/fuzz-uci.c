/* fuzz-uci.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for cheops-engine's UCI input (src/engine/uci.c): each
 * line of the input goes to uci_handle_line() from the engine's start-up
 * state (uci_reset()), with the searches capped (uci_set_caps(): depth 3,
 * 20000 nodes, perft 3, bench depth 2, Hash 1 MB, one thread, no infinite)
 * and waited for after each line, so that a run is short and
 * deterministic.  Nothing may crash or show undefined behaviour.  The
 * engine's output goes to /dev/null.  Seed corpus: corpus-uci.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine-variant.h"
#include "search.h"
#include "uci.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
init_once (void)
{
  static bool done;
  const UciCaps caps = { .max_depth = 3, .max_nodes = 20000, .max_perft = 3,
                         .max_bench_depth = 2, .max_hash_mb = 1, .max_threads = 1 };

  if (done)
    return;
  done = true;
  if (freopen ("/dev/null", "w", stdout) == NULL)
    abort ();
  engine_variants_init ();
  search_init ();
  uci_init ();
  uci_set_caps (&caps);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  size_t start = 0;

  init_once ();
  uci_reset ();
  while (start < size)
    {
      const uint8_t *nl = memchr (data + start, '\n', size - start);
      size_t len = nl != NULL ? (size_t) (nl - (data + start)) : size - start;
      char *line = malloc (len + 1);
      bool go_on;

      memcpy (line, data + start, len);
      line[len] = '\0';      /* a NUL byte inside ends the line, as for getline() + C strings */
      go_on = uci_handle_line (line);
      free (line);
      search_wait ();
      if (!go_on)
        break;
      start += len + 1;
    }
  uci_reset ();
  return 0;
}
