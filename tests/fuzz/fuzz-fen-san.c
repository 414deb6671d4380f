/* fuzz-fen-san.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the core's text readers, in every variant of
 * cheops_variants[]: the input is split at its first newline into a FEN and
 * a move in record notation.  Whatever the input, reading must not crash;
 * a FEN read writes back a FEN that reads back to itself (a fixed point);
 * the SAN and the move text of every playable move read back to the same
 * move; the move read from the input writes and reads back the same.
 */
#include <stdlib.h>
#include <string.h>

#include "cheops-core.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

static void
check_variant (const CheopsVariant *variant, const char *text, const char *san)
{
  CheopsPosition pos, again;
  CheopsError error;
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end, m;
  char fen[CHEOPS_FEN_MAX], fen2[CHEOPS_FEN_MAX];

  if (!cheops_position_from_fen (&pos, variant, text, &error))
    return;
  cheops_position_to_fen (&pos, fen, sizeof fen);
  if (!cheops_position_from_fen (&again, variant, fen, &error))
    abort ();
  cheops_position_to_fen (&again, fen2, sizeof fen2);
  if (strcmp (fen, fen2) != 0 || !cheops_position_is_consistent (&again))
    abort ();

  end = cheops_generate_moves (&pos, list);
  for (CheopsMove *l = list; l < end; l++)
    {
      char buf[CHEOPS_SAN_MAX], move_text[CHEOPS_MOVE_TEXT_MAX];

      cheops_move_to_san (&pos, *l, buf);
      if (cheops_move_from_san (&pos, buf, -1, &error) != *l)
        abort ();
      cheops_move_to_text (variant, *l, move_text);
      if (cheops_move_from_text (&pos, move_text, &error) != *l)
        abort ();
    }

  m = cheops_move_from_san (&pos, san, -1, &error);
  if (m != CHEOPS_MOVE_NONE)
    {
      char buf[CHEOPS_SAN_MAX];
      CheopsUndo undo;
      bool found = false;

      for (CheopsMove *l = list; l < end && !found; l++)
        found = *l == m;
      if (!found)
        abort ();   /* read a move that is not playable */
      cheops_move_to_san (&pos, m, buf);
      if (cheops_move_from_san (&pos, buf, -1, &error) != m)
        abort ();
      cheops_position_do_move (&pos, m, &undo);
      cheops_position_undo_move (&pos, m, &undo);
      if (!cheops_position_is_consistent (&pos))
        abort ();
      cheops_position_to_fen (&pos, fen2, sizeof fen2);
      if (strcmp (fen, fen2) != 0)
        abort ();   /* undo did not restore the position */
    }
  m = cheops_move_from_text (&pos, san, &error);
  if (m != CHEOPS_MOVE_NONE)
    {
      char move_text[CHEOPS_MOVE_TEXT_MAX];
      cheops_move_to_text (variant, m, move_text);
      if (cheops_move_from_text (&pos, move_text, &error) != m)
        abort ();
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text = malloc (size + 1);
  char *nl, *san = "";

  memcpy (text, data, size);
  text[size] = '\0';
  if ((nl = strchr (text, '\n')) != NULL)
    {
      *nl = '\0';
      san = nl + 1;
    }
  for (int i = 0; cheops_variants[i] != NULL; i++)
    check_variant (cheops_variants[i], text, san);
  free (text);
  return 0;
}
