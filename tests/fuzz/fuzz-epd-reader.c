/* fuzz-epd-reader.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the EPD reader (src/game/cheops-epd.c): any bytes
 * must read without a crash, a leak or undefined behaviour; the records
 * read write a text that reads back to as many records writing the same
 * text (a fixed point).  Seed corpus: corpus-epd.
 */
#include <stdlib.h>
#include <string.h>

#include "cheops-epd.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) errors = NULL;
  g_autoptr(GPtrArray) records = cheops_epd_read_string ((const char *) data, (gssize) size, &errors);
  g_autofree char *text = cheops_epd_write (records);
  g_autoptr(GPtrArray) errors2 = NULL;
  g_autoptr(GPtrArray) again = cheops_epd_read_string (text, -1, &errors2);
  g_autofree char *text2 = cheops_epd_write (again);

  if (errors2->len != 0 || again->len != records->len || strcmp (text, text2) != 0)
    abort ();
  return 0;
}
