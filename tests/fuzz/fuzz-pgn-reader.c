/* fuzz-pgn-reader.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the game-file reader: any bytes must read without
 * a crash, a leak or undefined behaviour, and what was read must survive a
 * write and a second read (a fixed point).  Build with
 *   CC=clang meson setup _build-fuzz -Dfuzzing=true
 *   ninja -C _build-fuzz tests/fuzz/fuzz-pgn-reader
 *   _build-fuzz/tests/fuzz/fuzz-pgn-reader -max_len=4096 NEW_DIR tests/fuzz/corpus-pgn
 * (corpus-pgn: the seed corpus, small games of every construct).
 */
#include <stdlib.h>
#include <string.h>

#include "cheops-game-model.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) games = cheops_pgn_read_string ((const char *) data, size, &errors);
  g_autofree char *text = cheops_pgn_write_games (games);
  g_autoptr(GPtrArray) errors2 = NULL;
  g_autoptr(GPtrArray) again = cheops_pgn_read_string (text, -1, &errors2);
  g_autofree char *text2 = cheops_pgn_write_games (again);

  /* Games read from anything are written so that they read back equal,
   * unless the input held text a game cannot keep (then only no crash). */
  if (errors2->len == 0 && again->len == games->len)
    {
      for (guint i = 0; i < games->len; i++)
        if (!cheops_game_equal (games->pdata[i], again->pdata[i]))
          abort ();
      if (strcmp (text, text2) != 0)
        abort ();
    }
  return 0;
}
