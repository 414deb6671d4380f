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
  /* The text written, every byte of it (a NUL included). */
  g_autoptr(GBytes) text = cheops_pgn_write_games_to_bytes (games);
  g_autoptr(GPtrArray) errors2 = NULL;
  g_autoptr(GPtrArray) again = cheops_pgn_read_string (g_bytes_get_data (text, NULL),
                                                       g_bytes_get_size (text), &errors2);
  g_autoptr(GBytes) text2 = cheops_pgn_write_games_to_bytes (again);

  /* What is written reads back to as many games, writing the same bytes
   * (a game with errors is written as it was read, the others in
   * canonical form); games read without errors read back equal. */
  if (again->len != games->len || !g_bytes_equal (text, text2))
    abort ();
  if (errors2->len == 0)
    for (guint i = 0; i < games->len; i++)
      if (!cheops_game_equal (games->pdata[i], again->pdata[i]))
        abort ();
  return 0;
}
