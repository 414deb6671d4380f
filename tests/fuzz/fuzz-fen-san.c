/* fuzz-fen-san.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * libFuzzer harness for the core's text readers and its moves, in every
 * variant of cheops_variants[] (Cheops, TrigChess, Cypher chess, Pyramids
 * and any later one: the registry is walked, no variant is named here).
 *
 * The input is split at its first newline into a FEN and a move in record
 * notation or machine text; the bytes after a second newline, if any,
 * choose the moves of a short walk from the position read.  Whatever the
 * input, reading must not crash.  For a FEN read:
 *   - the FEN written reads back and writes the same text (a fixed point),
 *     of at most CHEOPS_FEN_MAX - 1 bytes, and the position is consistent;
 *   - cheops_count_moves() equals the length of cheops_generate_moves(),
 *     and every move generated is cheops_position_is_playable();
 *   - the SAN and the move text of every playable move read back to it;
 *   - playing and taking back every playable move restores the position's
 *     FEN and key, and the position reached is consistent with its key
 *     equal to cheops_position_compute_key();
 *   - the move read from the input is one of the playable moves, and its
 *     texts read back;
 *   - along the walk (up to WALK_PLIES moves), each position reached
 *     passes the checks above, and its FEN reads back to the same FEN.
 *
 * The environment variable CHEOPS_FUZZ_VARIANT (a --variant name such as
 * "cypher") restricts a run to one variant, to spend a fuzzing session on
 * one game; unset (as in the corpus replay test), every variant is run.
 */
#include <stdlib.h>
#include <string.h>

#include "cheops-core.h"

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define WALK_PLIES 6

/* The FEN of @pos, which must read back to a position writing the same
 * text; aborts otherwise. */
static void
check_fen (const CheopsPosition *pos, char fen[CHEOPS_FEN_MAX])
{
  CheopsPosition again;
  CheopsError error;
  char fen2[CHEOPS_FEN_MAX];
  size_t len;

  len = cheops_position_to_fen (pos, fen, CHEOPS_FEN_MAX);
  if (len >= CHEOPS_FEN_MAX || strlen (fen) != len)
    abort ();   /* the FEN does not fit CHEOPS_FEN_MAX */
  if (!cheops_position_from_fen (&again, pos->variant, fen, &error))
    abort ();   /* a FEN written does not read back */
  cheops_position_to_fen (&again, fen2, sizeof fen2);
  if (strcmp (fen, fen2) != 0 || !cheops_position_is_consistent (&again))
    abort ();
  if (again.key != pos->key)
    abort ();   /* the same position read back has another key */
}

/* Every check that needs a position alone; fills @list and returns its end. */
static CheopsMove *
check_position (CheopsPosition *pos, CheopsMove *list, char fen[CHEOPS_FEN_MAX])
{
  const CheopsVariant *variant = pos->variant;
  CheopsError error;
  CheopsMove *end;

  if (!cheops_position_is_consistent (pos) || cheops_position_compute_key (pos) != pos->key)
    abort ();
  check_fen (pos, fen);
  (void) cheops_position_outcome (pos);
  (void) cheops_position_in_check (pos);
  (void) cheops_position_check_note (pos, true);
  (void) cheops_position_check_note (pos, false);
  (void) cheops_position_is_reachable (pos, &error);

  end = cheops_generate_moves (pos, list);
  if (cheops_count_moves (pos) != end - list)
    abort ();   /* count_moves disagrees with generate_moves */

  for (CheopsMove *l = list; l < end; l++)
    {
      char buf[CHEOPS_SAN_MAX], move_text[CHEOPS_MOVE_TEXT_MAX], after[CHEOPS_FEN_MAX];
      CheopsUndo undo;
      uint64_t key = pos->key;
      size_t len;

      if (!cheops_position_is_playable (pos, *l))
        abort ();
      (void) cheops_position_is_capture (pos, *l);
      len = cheops_move_to_san (pos, *l, buf);
      if (len >= CHEOPS_SAN_MAX || strlen (buf) != len)
        abort ();
      if (cheops_move_from_san (pos, buf, -1, &error) != *l)
        abort ();   /* the SAN of a move does not read back to it */
      len = cheops_move_to_text (variant, *l, move_text);
      if (len >= CHEOPS_MOVE_TEXT_MAX || strlen (move_text) != len)
        abort ();
      if (cheops_move_from_text (pos, move_text, &error) != *l)
        abort ();   /* the move text does not read back */
      if (cheops_move_from_san (pos, move_text, -1, &error) != *l)
        abort ();   /* record notation readers accept move text */

      cheops_position_do_move (pos, *l, &undo);
      if (!cheops_position_is_consistent (pos) || cheops_position_compute_key (pos) != pos->key)
        abort ();   /* do_move left the position inconsistent */
      cheops_position_to_fen (pos, after, sizeof after);
      cheops_position_undo_move (pos, *l, &undo);
      if (!cheops_position_is_consistent (pos) || pos->key != key)
        abort ();   /* undo did not restore the key */
      cheops_position_to_fen (pos, after, sizeof after);
      if (strcmp (fen, after) != 0)
        abort ();   /* undo did not restore the position */
    }
  return end;
}

static void
check_variant (const CheopsVariant *variant, const char *text, const char *san,
               const uint8_t *walk, size_t walk_size)
{
  CheopsPosition pos;
  CheopsError error;
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end, m;
  char fen[CHEOPS_FEN_MAX], fen2[CHEOPS_FEN_MAX];

  if (!cheops_position_from_fen (&pos, variant, text, &error))
    return;
  end = check_position (&pos, list, fen);

  m = cheops_move_from_san (&pos, san, -1, &error);
  if (m != CHEOPS_MOVE_NONE)
    {
      char buf[CHEOPS_SAN_MAX];
      bool found = false;

      for (CheopsMove *l = list; l < end && !found; l++)
        found = *l == m;
      if (!found)
        abort ();   /* read a move that is not playable */
      cheops_move_to_san (&pos, m, buf);
      if (cheops_move_from_san (&pos, buf, -1, &error) != m)
        abort ();
    }
  m = cheops_move_from_text (&pos, san, &error);
  if (m != CHEOPS_MOVE_NONE)
    {
      char move_text[CHEOPS_MOVE_TEXT_MAX];
      bool found = false;

      for (CheopsMove *l = list; l < end && !found; l++)
        found = *l == m;
      if (!found)
        abort ();
      cheops_move_to_text (variant, m, move_text);
      if (cheops_move_from_text (&pos, move_text, &error) != m)
        abort ();
    }

  /* The walk: each byte picks one of the playable moves. */
  for (size_t i = 0; i < walk_size && i < WALK_PLIES && end > list; i++)
    {
      CheopsUndo undo;

      m = list[walk[i] % (end - list)];
      cheops_position_do_move (&pos, m, &undo);
      end = check_position (&pos, list, fen2);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  char *text = malloc (size + 1);
  char *nl, *san = "";
  const uint8_t *walk = NULL;
  size_t walk_size = 0;
  static const CheopsVariant *only;
  const char *only_name;

  memcpy (text, data, size);
  text[size] = '\0';
  if ((nl = strchr (text, '\n')) != NULL)
    {
      *nl = '\0';
      san = nl + 1;
      if ((nl = strchr (san, '\n')) != NULL)
        {
          *nl = '\0';
          walk = (const uint8_t *) nl + 1;
          walk_size = size - (size_t) (walk - (const uint8_t *) text);
        }
    }
  if (only == NULL && (only_name = getenv ("CHEOPS_FUZZ_VARIANT")) != NULL)
    {
      if ((only = cheops_variant_find (only_name)) == NULL)
        abort ();   /* no such variant */
    }
  for (int i = 0; cheops_variants[i] != NULL; i++)
    if (only == NULL || cheops_variants[i] == only)
      check_variant (cheops_variants[i], text, san, walk, walk_size);
  free (text);
  return 0;
}
