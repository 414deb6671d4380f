/* fuzz-engine-output.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the studio's parser of engine output
 * (src/studio/cheops-uci-protocol.c, cheops_uci_parse_line()): any
 * bytes, cut into lines at LF as the engine client cuts them, must parse
 * without a crash, a leak or undefined behaviour, and each message must
 * hold what the header promises: a MATE score's sign agrees with
 * mate_losing ("mate -0" included), a line's multipv is at least 1 when
 * given, and a copy of an info equals the original field by field.
 * Seed corpus: corpus-engine-output.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cheops-uci-protocol.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_message (const CheopsUciMessage *m)
{
  if (m->kind != CHEOPS_UCI_MESSAGE_INFO)
    return;
  {
    const CheopsUciInfo *info = &m->info;
    CheopsUciInfo copy;

    if (info->score_kind == CHEOPS_UCI_SCORE_MATE && info->score != 0
        && (info->score < 0) != info->mate_losing)
      abort ();
    if (info->score_kind != CHEOPS_UCI_SCORE_MATE && info->mate_losing)
      abort ();
    cheops_uci_info_copy (&copy, info);
    if (copy.fields != info->fields || copy.score != info->score || copy.depth != info->depth
        || copy.mate_losing != info->mate_losing || copy.multipv != info->multipv
        || g_strcmp0 (copy.currmove, info->currmove) != 0)
      abort ();
    cheops_uci_info_clear (&copy);
  }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = g_strndup ((const char *) data, size);
  const char *end = text + size;
  const char *line = text;

  /* A NUL ends the copy: g_strndup() stops there, as the client's line
   * reader (GDataInputStream) gives the parser NUL-terminated lines. */
  end = text + strlen (text);
  while (line <= end)
    {
      const char *nl = memchr (line, '\n', end - line);
      g_autofree char *one = g_strndup (line, (nl != NULL ? nl : end) - line);
      CheopsUciMessage m;

      cheops_uci_parse_line (one, &m);
      check_message (&m);
      cheops_uci_message_clear (&m);
      if (nl == NULL)
        break;
      line = nl + 1;
    }
  return 0;
}
