/* fuzz-fen-san.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the core's text readers: the input is split at its
 * first newline into a FEN and a move in record notation.  Whatever the
 * input, reading must not crash, and what is read must write back the same.
 */
#include <stdlib.h>
#include <string.h>

#include "cheops-core.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text = malloc (size + 1);
  char *nl, *san = "";
  CheopsPosition pos, again;
  CheopsError error;
  char fen[CHEOPS_FEN_MAX], fen2[CHEOPS_FEN_MAX];

  memcpy (text, data, size);
  text[size] = '\0';
  if ((nl = strchr (text, '\n')) != NULL)
    {
      *nl = '\0';
      san = nl + 1;
    }
  if (cheops_position_from_fen (&pos, &cheops_variant_cheops, text, &error))
    {
      CheopsMove m;

      cheops_position_to_fen (&pos, fen, sizeof fen);
      if (!cheops_position_from_fen (&again, &cheops_variant_cheops, fen, &error))
        abort ();
      cheops_position_to_fen (&again, fen2, sizeof fen2);
      if (strcmp (fen, fen2) != 0 || !cheops_position_is_consistent (&again))
        abort ();
      m = cheops_move_from_san (&pos, san, -1, &error);
      if (m != CHEOPS_MOVE_NONE)
        {
          char buf[CHEOPS_SAN_MAX];
          CheopsUndo undo;
          cheops_move_to_san (&pos, m, buf);
          if (cheops_move_from_san (&pos, buf, -1, &error) != m)
            abort ();
          cheops_position_do_move (&pos, m, &undo);
          cheops_position_undo_move (&pos, m, &undo);
          if (!cheops_position_is_consistent (&pos))
            abort ();
        }
    }
  free (text);
  return 0;
}
