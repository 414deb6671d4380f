/* cheops-variant.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The registry of variants and what every variant shares: looking a
 * variant up by name, piece letters, cell names and hit-testing from the
 * board's data, and the position functions that take a variant.
 */
#include "cheops-variant.h"
#include "cheops-position.h"
#include "cheops-notation.h"
#include "cheops-core-private.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdatomic.h>
#include <string.h>

const CheopsVariant *const cheops_variants[] = {
  &cheops_variant_cheops,
  &cheops_variant_trigchess,
  &cheops_variant_cypher,
  &cheops_variant_pyramids,
  NULL,
};

/* The slots of the caches kept for the variants of cheops_variants[]. */
#define START_CACHE_SIZE 8

/* The length of the valid UTF-8 sequence at @p of at most @avail bytes,
 * or 0 if there is none (a stray continuation byte, an overlong form, a
 * surrogate, a code point above U+10FFFF, a sequence cut short). */
static size_t
utf8_sequence_length (const unsigned char *p,
                      size_t               avail)
{
  size_t n;
  unsigned int cp;

  if (avail == 0)
    return 0;
  if (p[0] < 0x80)
    return 1;
  if (p[0] >= 0xC2 && p[0] <= 0xDF)
    n = 2, cp = p[0] & 0x1F;
  else if (p[0] >= 0xE0 && p[0] <= 0xEF)
    n = 3, cp = p[0] & 0x0F;
  else if (p[0] >= 0xF0 && p[0] <= 0xF4)
    n = 4, cp = p[0] & 0x07;
  else
    return 0;
  if (avail < n)
    return 0;
  for (size_t i = 1; i < n; i++)
    {
      if ((p[i] & 0xC0) != 0x80)
        return 0;
      cp = (cp << 6) | (p[i] & 0x3F);
    }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF)) || (cp >= 0xD800 && cp <= 0xDFFF))
    return 0;
  return n;
}

size_t
cheops__quote_char (const char *p,
                    const char *end,
                    char        out[CHEOPS__QUOTE_CHAR_MAX])
{
  size_t n = utf8_sequence_length ((const unsigned char *) p, (size_t) (end - p));

  if (n == 0 || (n == 1 && ((unsigned char) p[0] < 0x20 || p[0] == 0x7F)))
    {
      snprintf (out, CHEOPS__QUOTE_CHAR_MAX, "\\x%02X", (unsigned char) p[0]);
      return 1;
    }
  memcpy (out, p, n);
  out[n] = '\0';
  return n;
}

static bool
set_error_va (CheopsError     *error,
              CheopsErrorCode  code,
              int              line,
              int              column,
              const char      *format,
              va_list          args)
{
  if (error == NULL)
    return false;
  error->code = code;
  error->line = line;
  error->column = column;
  vsnprintf (error->message, sizeof error->message, format, args);
  /* Whatever a message quotes, and wherever the buffer cut it, it stays
   * valid UTF-8: a byte that starts no valid sequence becomes '?'. */
  {
    unsigned char *m = (unsigned char *) error->message;
    size_t len = strlen (error->message), i = 0;

    while (i < len)
      {
        size_t n = utf8_sequence_length (m + i, len - i);

        if (n == 0)
          m[i++] = '?';
        else
          i += n;
      }
  }
  return false;
}

bool
cheops__set_error (CheopsError     *error,
                   CheopsErrorCode  code,
                   int              column,
                   const char      *format,
                   ...)
{
  va_list args;

  va_start (args, format);
  set_error_va (error, code, 1, column, format, args);
  va_end (args);
  return false;
}

bool
cheops__set_unreachable (CheopsError *error,
                         const char  *format,
                         ...)
{
  va_list args;

  va_start (args, format);
  set_error_va (error, CHEOPS_ERROR_POSITION_UNREACHABLE, 0, 0, format, args);
  va_end (args);
  return false;
}

static char
ascii_lower (char c)
{
  return c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c;
}

/* Whether @a (@len bytes) and @b are the same in any case. */
static bool
same_name (const char *a, size_t len, const char *b)
{
  size_t i;

  for (i = 0; i < len; i++)
    if (b[i] == '\0' || ascii_lower (a[i]) != ascii_lower (b[i]))
      return false;
  return b[i] == '\0';
}

bool
cheops__san_input (const char  *san,
                   ptrdiff_t    length,
                   char        *text,
                   char        *quoted,
                   size_t      *len,
                   CheopsError *error)
{
  size_t n, q;

  if (san == NULL)
    san = "";
  n = length < 0 ? strlen (san) : (size_t) length;
  /* Messages quote the input from a NUL-terminated copy: @san need not end
   * after @length bytes. */
  q = n < CHEOPS__SAN_INPUT_MAX - 1 ? n : CHEOPS__SAN_INPUT_MAX - 1;
  memcpy (quoted, san, q);
  quoted[q] = '\0';
  *len = n;
  if (n == 0 || n >= CHEOPS__SAN_INPUT_MAX)
    return cheops__set_error (error, CHEOPS_ERROR_MOVE_SYNTAX, 1, "'%s' is not a move", quoted);
  memcpy (text, san, n);
  text[n] = '\0';
  return true;
}

const CheopsVariant *
cheops_variant_find (const char *name)
{
  size_t len;

  if (name == NULL)
    return NULL;
  while (cheops__is_space (*name))
    name++;
  len = strlen (name);
  while (len > 0 && cheops__is_space (name[len - 1]))
    len--;
  for (int i = 0; cheops_variants[i] != NULL; i++)
    {
      const CheopsVariant *v = cheops_variants[i];

      if (same_name (name, len, v->name) || same_name (name, len, v->title))
        return v;
      for (int j = 0; v->aliases != NULL && v->aliases[j] != NULL; j++)
        if (same_name (name, len, v->aliases[j]))
          return v;
    }
  return NULL;
}

CheopsPieceType
cheops_variant_piece_type (const CheopsVariant *variant,
                           char                 letter)
{
  char upper = letter >= 'a' && letter <= 'z' ? (char) (letter - 'a' + 'A') : letter;

  for (int t = 1; t < variant->n_piece_types; t++)
    if (variant->pieces[t].letter == upper)
      return (CheopsPieceType) t;
  return CHEOPS_NO_PIECE_TYPE;
}

char
cheops_variant_piece_letter (const CheopsVariant *variant,
                             CheopsPiece          piece)
{
  char letter = variant->pieces[cheops_piece_type (piece)].letter;

  if (cheops_piece_side (piece) == CHEOPS_SIDE_B && letter >= 'A' && letter <= 'Z')
    letter = (char) (letter - 'A' + 'a');
  return letter;
}

/* For each variant of cheops_variants[], its cells by the first byte of
 * their names: the first such cell in head[], the next in next[] (in cell
 * order), built once and published as start_cache is. */
static struct {
  atomic_int state;
  int16_t    head[256];
  int16_t    next[CHEOPS_CELL_MAX];
} name_index[START_CACHE_SIZE];

/* The name index of @variant, or NULL (not one of cheops_variants[], or
 * being built by another thread). */
static const int16_t *
cell_name_index (const CheopsVariant *variant,
                 const int16_t      **next)
{
  const CheopsBoardShape *board = variant->board;
  int slot = -1, empty = 0;

  for (int i = 0; i < START_CACHE_SIZE && cheops_variants[i] != NULL; i++)
    if (cheops_variants[i] == variant)
      slot = i;
  if (slot < 0 || board->n_cells > CHEOPS_CELL_MAX)
    return NULL;
  if (atomic_load_explicit (&name_index[slot].state, memory_order_acquire) != 2)
    {
      if (!atomic_compare_exchange_strong_explicit (&name_index[slot].state, &empty, 1,
                                                    memory_order_acq_rel, memory_order_relaxed))
        return NULL;
      for (int b = 0; b < 256; b++)
        name_index[slot].head[b] = -1;
      for (int c = board->n_cells - 1; c >= 0; c--)
        {
          unsigned char first = (unsigned char) board->cells[c].name[0];

          name_index[slot].next[c] = name_index[slot].head[first];
          name_index[slot].head[first] = (int16_t) c;
        }
      atomic_store_explicit (&name_index[slot].state, 2, memory_order_release);
    }
  *next = name_index[slot].next;
  return name_index[slot].head;
}

CheopsCell
cheops_variant_cell_parse (const CheopsVariant *variant,
                           const char          *text,
                           size_t              *length)
{
  const CheopsBoardShape *board = variant->board;
  CheopsCell best = CHEOPS_CELL_NONE;
  size_t best_len = 0;
  const int16_t *head, *next = NULL;

  if (text == NULL)
    return CHEOPS_CELL_NONE;
  /* The longest name that matches ("a10" before "a1"), the first in cell
   * order among equals; through the index of first bytes when there is
   * one, else over every cell. */
  head = cell_name_index (variant, &next);
  for (int c = head != NULL ? head[(unsigned char) text[0]] : 0; c >= 0 && c < board->n_cells;
       c = head != NULL ? next[c] : c + 1)
    {
      const char *name = board->cells[c].name;
      size_t len = 1;

      if (name[0] != text[0] || name[0] == '\0')
        continue;
      /* Whether @text starts with the whole name. */
      while (name[len] != '\0' && name[len] == text[len])
        len++;
      if (name[len] == '\0' && len > best_len)
        {
          best = (CheopsCell) c;
          best_len = len;
        }
    }
  if (length != NULL)
    *length = best_len;
  return best;
}

/* Whether (x, y) is inside the convex polygon of @info (counter-clockwise). */
static bool
cell_contains (const CheopsCellInfo *info,
               double                x,
               double                y)
{
  bool left = false, right = false;

  /* Inside a convex polygon: the point is on the same side of every edge,
   * whichever way round the corners go (a Cheops cell pointing down lists
   * them clockwise, one pointing up anticlockwise). */
  for (int i = 0; i < info->n_corners; i++)
    {
      const CheopsPoint *a = &info->corners[i];
      const CheopsPoint *b = &info->corners[(i + 1) % info->n_corners];
      double cross = (b->x - a->x) * (y - a->y) - (b->y - a->y) * (x - a->x);

      if (cross < 0)
        right = true;
      else if (cross > 0)
        left = true;
      if (left && right)
        return false;
    }
  return true;
}

CheopsCell
cheops_variant_cell_at_point (const CheopsVariant *variant,
                              double               x,
                              double               y)
{
  const CheopsBoardShape *board = variant->board;

  for (int c = 0; c < board->n_cells; c++)
    if (cell_contains (&board->cells[c], x, y))
      return (CheopsCell) c;
  return CHEOPS_CELL_NONE;
}

/* Each variant's start position, read from its FEN once (a game file
 * starts thousands of games from it).  A slot is taken by the first caller
 * that finds it empty (0 -> 1), filled, then published (2); until then the
 * others read the FEN themselves. */
static struct {
  atomic_int     state;
  CheopsPosition pos;
} start_cache[START_CACHE_SIZE];

void
cheops_position_init_start (CheopsPosition      *pos,
                            const CheopsVariant *variant)
{
  int slot = -1;

  for (int i = 0; i < START_CACHE_SIZE && cheops_variants[i] != NULL; i++)
    if (cheops_variants[i] == variant)
      slot = i;
  if (slot >= 0 && atomic_load_explicit (&start_cache[slot].state, memory_order_acquire) == 2)
    {
      *pos = start_cache[slot].pos;
      return;
    }
  {
    bool ok = variant->f.from_fen (pos, variant->start_fen, NULL);
    int empty = 0;

    (void) ok;
    if (slot >= 0
        && atomic_compare_exchange_strong_explicit (&start_cache[slot].state, &empty, 1,
                                                    memory_order_acq_rel, memory_order_relaxed))
      {
        start_cache[slot].pos = *pos;
        atomic_store_explicit (&start_cache[slot].state, 2, memory_order_release);
      }
  }
}

void
cheops_position_clear (CheopsPosition      *pos,
                       const CheopsVariant *variant)
{
  variant->f.clear (pos);
}

bool
cheops_position_from_fen (CheopsPosition      *pos,
                          const CheopsVariant *variant,
                          const char          *fen,
                          CheopsError         *error)
{
  return variant->f.from_fen (pos, fen, error);
}

int
cheops_repetition_count (const uint64_t *keys,
                         size_t          n,
                         int             halfmove_clock)
{
  int count = 1;

  if (n == 0)
    return 0;
  /* The same placement and the same side to move, so only every other ply
   * back, and never across an irreversible move. */
  for (size_t back = 2; back <= (size_t) halfmove_clock && back < n; back += 2)
    if (keys[n - 1 - back] == keys[n - 1])
      count++;
  return count;
}

bool
cheops__sets_are_consistent (const CheopsPosition *pos,
                             int                   n_cells,
                             int                   n_piece_types)
{
  CheopsCellSet all = 0;

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsCellSet side_all = 0;

      for (int t = 1; t < CHEOPS_PIECE_TYPE_MAX; t++)
        {
          CheopsCellSet set = pos->pieces[s][t];

          if (t >= n_piece_types && set)
            return false;
          if (set & side_all)
            return false;
          side_all |= set;
          while (set)
            {
              CheopsCell c = cheops_cellset_pop (&set);
              if (c >= n_cells || pos->board[c] != cheops_piece_make ((CheopsSide) s, (CheopsPieceType) t))
                return false;
            }
        }
      if (side_all != pos->pieces[s][0] || (side_all & all))
        return false;
      all |= side_all;
      if (cheops_cellset_count (pos->pieces[s][CHEOPS_KING]) != 1
          || pos->king[s] >= n_cells
          || !cheops_cellset_has (pos->pieces[s][CHEOPS_KING], pos->king[s]))
        return false;
    }
  if (all != pos->occupied)
    return false;
  for (int c = 0; c < CHEOPS_CELL_MAX; c++)
    if ((pos->board[c] != 0) != cheops_cellset_has (all, (CheopsCell) c))
      return false;
  return true;
}

CheopsCell
cheops_variant_mirror_cell (const CheopsVariant *variant,
                            CheopsCell           cell)
{
  const CheopsBoardShape *board = variant->board;
  double axis2 = board->min.x + board->max.x;   /* twice the middle line's x */
  CheopsPoint want;

  if (variant->mirror == CHEOPS_MIRROR_NONE || cell >= board->n_cells)
    return CHEOPS_CELL_NONE;
  want.x = axis2 - board->cells[cell].centre.x;
  want.y = board->cells[cell].centre.y;
  for (CheopsCell c = 0; c < board->n_cells; c++)
    {
      const CheopsCellInfo *info = &board->cells[c];

      if (info->n_corners == board->cells[cell].n_corners
          && fabs (info->centre.x - want.x) < 1e-6 && fabs (info->centre.y - want.y) < 1e-6)
        return c;
    }
  return CHEOPS_CELL_NONE;
}

bool
cheops_position_mirror (const CheopsPosition *pos,
                        CheopsPosition       *mirror)
{
  const CheopsVariant *v = pos->variant;
  bool swap = v->mirror == CHEOPS_MIRROR_LEFT_RIGHT_SIDES;
  CheopsPosition out;

  if (v->mirror == CHEOPS_MIRROR_NONE)
    return false;
  cheops_position_clear (&out, v);
  for (CheopsCell c = 0; c < v->board->n_cells; c++)
    if (pos->board[c] != CHEOPS_NO_PIECE)
      {
        CheopsPiece piece = pos->board[c];
        CheopsCell to = cheops_variant_mirror_cell (v, c);

        if (to == CHEOPS_CELL_NONE)
          return false;   /* a board that is not symmetric after all */
        if (swap)
          piece = cheops_piece_make ((CheopsSide) (1 - cheops_piece_side (piece)), cheops_piece_type (piece));
        cheops_position_put (&out, to, piece);
      }
  cheops_position_set_side (&out, swap ? (CheopsSide) (1 - pos->side_to_move) : pos->side_to_move);
  out.halfmove_clock = pos->halfmove_clock;
  out.fullmove_number = pos->fullmove_number;
  /* A variant whose mirror exchanges the sides has neither hands nor state
   * of its own (Cheops), so what is copied needs no exchange. */
  memcpy (out.hand, pos->hand, sizeof out.hand);
  memcpy (out.state, pos->state, sizeof out.state);
  for (int i = 0; i < v->n_setup_values; i++)
    if (v->setup_values[i].is_cell && v->f.get_setup_value != NULL)
      {
        int cell = v->f.get_setup_value (pos, i);

        if (cell >= 0 && cell != CHEOPS_CELL_NONE)
          v->f.set_setup_value (&out, i, cheops_variant_mirror_cell (v, (CheopsCell) cell));
      }
  out.key = cheops_position_compute_key (&out);
  *mirror = out;
  return true;
}
