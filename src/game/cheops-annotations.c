/* cheops-annotations.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cheops-game"

#include <stdlib.h>
#include <string.h>

#include "cheops-annotations.h"
#include "cheops-game-private.h"

static const char colour_letters[CHEOPS_MARK_COLOUR_NB] = { 'G', 'R', 'Y', 'B' };

char
cheops_mark_colour_to_letter (CheopsMarkColour colour)
{
  g_return_val_if_fail (colour < CHEOPS_MARK_COLOUR_NB, '?');
  return colour_letters[colour];
}

gboolean
cheops_mark_colour_from_letter (char              letter,
                                CheopsMarkColour *colour)
{
  for (int i = 0; i < CHEOPS_MARK_COLOUR_NB; i++)
    if (colour_letters[i] == letter)
      {
        *colour = (CheopsMarkColour) i;
        return TRUE;
      }
  return FALSE;
}

CheopsAnnotations *
cheops_annotations_new (void)
{
  CheopsAnnotations *self = g_new0 (CheopsAnnotations, 1);

  self->arrows = g_array_new (FALSE, FALSE, sizeof (CheopsArrow));
  self->marks = g_array_new (FALSE, FALSE, sizeof (CheopsCellMark));
  self->others = g_ptr_array_new_with_free_func (g_free);
  return self;
}

CheopsAnnotations *
cheops_annotations_copy (const CheopsAnnotations *self)
{
  CheopsAnnotations *copy = cheops_annotations_new ();

  if (self == NULL)
    return copy;
  copy->eval = self->eval;
  g_array_append_vals (copy->arrows, self->arrows->data, self->arrows->len);
  g_array_append_vals (copy->marks, self->marks->data, self->marks->len);
  for (guint i = 0; i < self->others->len; i++)
    g_ptr_array_add (copy->others, g_strdup (self->others->pdata[i]));
  return copy;
}

void
cheops_annotations_free (CheopsAnnotations *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->arrows);
  g_array_unref (self->marks);
  g_ptr_array_unref (self->others);
  g_free (self);
}

gboolean
cheops_annotations_is_empty (const CheopsAnnotations *self)
{
  return self == NULL
         || (self->eval.kind == CHEOPS_EVAL_NONE && self->arrows->len == 0
             && self->marks->len == 0 && self->others->len == 0);
}

gboolean
cheops_annotations_equal (const CheopsAnnotations *a,
                          const CheopsAnnotations *b)
{
  if (cheops_annotations_is_empty (a) || cheops_annotations_is_empty (b))
    return cheops_annotations_is_empty (a) && cheops_annotations_is_empty (b);
  if (a->eval.kind != b->eval.kind
      || (a->eval.kind != CHEOPS_EVAL_NONE
          && (a->eval.value != b->eval.value || a->eval.depth != b->eval.depth)))
    return FALSE;
  if (a->arrows->len != b->arrows->len || a->marks->len != b->marks->len
      || a->others->len != b->others->len)
    return FALSE;
  for (guint i = 0; i < a->arrows->len; i++)
    {
      const CheopsArrow *x = &g_array_index (a->arrows, CheopsArrow, i);
      const CheopsArrow *y = &g_array_index (b->arrows, CheopsArrow, i);
      if (x->colour != y->colour || x->from != y->from || x->to != y->to)
        return FALSE;
    }
  for (guint i = 0; i < a->marks->len; i++)
    {
      const CheopsCellMark *x = &g_array_index (a->marks, CheopsCellMark, i);
      const CheopsCellMark *y = &g_array_index (b->marks, CheopsCellMark, i);
      if (x->colour != y->colour || x->cell != y->cell)
        return FALSE;
    }
  for (guint i = 0; i < a->others->len; i++)
    if (strcmp (a->others->pdata[i], b->others->pdata[i]) != 0)
      return FALSE;
  return TRUE;
}

void
cheops_annotations_toggle_arrow (CheopsAnnotations   *self,
                                 const CheopsVariant *variant,
                                 CheopsMarkColour     colour,
                                 CheopsCell           from,
                                 CheopsCell           to)
{
  CheopsArrow arrow = { colour, from, to };

  g_return_if_fail (self != NULL);
  g_return_if_fail (variant != NULL);
  g_return_if_fail (from < (CheopsCell) variant->board->n_cells
                    && to < (CheopsCell) variant->board->n_cells && from != to);
  g_return_if_fail (colour < CHEOPS_MARK_COLOUR_NB);

  for (guint i = 0; i < self->arrows->len; i++)
    {
      CheopsArrow *a = &g_array_index (self->arrows, CheopsArrow, i);
      if (a->from == from && a->to == to)
        {
          if (a->colour == colour)
            g_array_remove_index (self->arrows, i);
          else
            a->colour = colour;
          return;
        }
    }
  g_array_append_val (self->arrows, arrow);
}

void
cheops_annotations_toggle_mark (CheopsAnnotations   *self,
                                const CheopsVariant *variant,
                                CheopsMarkColour     colour,
                                CheopsCell           cell)
{
  CheopsCellMark mark = { colour, cell };

  g_return_if_fail (self != NULL);
  g_return_if_fail (variant != NULL);
  g_return_if_fail (cell < (CheopsCell) variant->board->n_cells);
  g_return_if_fail (colour < CHEOPS_MARK_COLOUR_NB);

  for (guint i = 0; i < self->marks->len; i++)
    {
      CheopsCellMark *m = &g_array_index (self->marks, CheopsCellMark, i);
      if (m->cell == cell)
        {
          if (m->colour == colour)
            g_array_remove_index (self->marks, i);
          else
            m->colour = colour;
          return;
        }
    }
  g_array_append_val (self->marks, mark);
}

/* Reads a cell name of @variant ("d2", "i9" of Cheops; "c5" of TrigChess)
 * at *@p, advancing it.  The text from *@p on ends with a NUL at or after
 * @end; a name must end by @end. */
static gboolean
read_cell (const CheopsVariant *variant,
           const char         **p,
           const char          *end,
           CheopsCell          *cell)
{
  size_t len = 0;
  CheopsCell c = cheops_variant_cell_parse (variant, *p, &len);

  if (c == CHEOPS_CELL_NONE || len == 0 || (gssize) len > end - *p)
    return FALSE;
  *cell = c;
  *p += len;
  return TRUE;
}

static gboolean
parse_int (const char *s,
           const char *end,
           int        *value)
{
  gboolean negative = FALSE;
  gint64 v = 0;

  if (s < end && (*s == '-' || *s == '+'))
    negative = *s++ == '-';
  if (s == end)
    return FALSE;
  for (; s < end; s++)
    {
      if (*s < '0' || *s > '9')
        return FALSE;
      v = v * 10 + (*s - '0');
      if (v > 1000000)
        return FALSE;
    }
  *value = (int) (negative ? -v : v);
  return TRUE;
}

/* "0.53", "-1.2", "3", "+0.05": pawns with up to two decimals, in
 * centipawns.  More decimals are refused (they would not survive). */
static gboolean
parse_pawns (const char *s,
             const char *end,
             int        *centipawns)
{
  gboolean negative = FALSE;
  gint64 whole = 0;
  int frac = 0, n_frac = 0;

  if (s < end && (*s == '-' || *s == '+'))
    negative = *s++ == '-';
  if (s == end || *s < '0' || *s > '9')
    return FALSE;
  for (; s < end && *s >= '0' && *s <= '9'; s++)
    {
      whole = whole * 10 + (*s - '0');
      if (whole > 100000)
        return FALSE;
    }
  if (s < end && *s == '.')
    {
      s++;
      for (; s < end && *s >= '0' && *s <= '9'; s++)
        {
          if (++n_frac > 2)
            return FALSE;
          frac = frac * 10 + (*s - '0');
        }
      if (n_frac == 0)
        return FALSE;
      if (n_frac == 1)
        frac *= 10;
    }
  if (s != end)
    return FALSE;
  *centipawns = (int) (negative ? -(whole * 100 + frac) : whole * 100 + frac);
  return TRUE;
}

static gboolean
parse_eval (const char *s,
            const char *end,
            CheopsEval *eval)
{
  const char *comma = memchr (s, ',', end - s);
  const char *value_end = comma ? comma : end;
  CheopsEval e = { CHEOPS_EVAL_CENTIPAWNS, 0, 0 };

  if (comma != NULL)
    {
      if (!parse_int (comma + 1, end, &e.depth) || e.depth <= 0
          || comma[1] == '-' || comma[1] == '+')
        return FALSE;
    }
  if (s < value_end && *s == '#')
    {
      e.kind = CHEOPS_EVAL_ASCENSION;
      if (!parse_int (s + 1, value_end, &e.value) || s[1] == '+')
        return FALSE;
      /* "#-0" would not survive a round trip. */
      if (e.value == 0 && s[1] == '-')
        return FALSE;
    }
  else if (!parse_pawns (s, value_end, &e.value))
    return FALSE;
  *eval = e;
  return TRUE;
}

/* "Gd2f3,Ri5i9": the whole list must read, else nothing is taken. */
static gboolean
parse_arrows (const CheopsVariant *variant,
              const char          *s,
              const char          *end,
              GArray              *arrows)
{
  guint old_len = arrows->len;

  while (s < end)
    {
      CheopsArrow arrow;

      if (!cheops_mark_colour_from_letter (*s, &arrow.colour))
        goto fail;
      s++;
      if (!read_cell (variant, &s, end, &arrow.from) || !read_cell (variant, &s, end, &arrow.to)
          || arrow.from == arrow.to)
        goto fail;
      for (guint i = 0; i < arrows->len; i++)
        {
          const CheopsArrow *a = &g_array_index (arrows, CheopsArrow, i);
          if (a->from == arrow.from && a->to == arrow.to)
            goto fail;
        }
      g_array_append_val (arrows, arrow);
      if (s < end && *s == ',' && s + 1 < end)
        s++;
      else if (s != end)
        goto fail;
    }
  return arrows->len > old_len;

fail:
  g_array_set_size (arrows, old_len);
  return FALSE;
}

static gboolean
parse_marks (const CheopsVariant *variant,
             const char          *s,
             const char          *end,
             GArray              *marks)
{
  guint old_len = marks->len;

  while (s < end)
    {
      CheopsCellMark mark;

      if (!cheops_mark_colour_from_letter (*s, &mark.colour))
        goto fail;
      s++;
      if (!read_cell (variant, &s, end, &mark.cell))
        goto fail;
      for (guint i = 0; i < marks->len; i++)
        if (g_array_index (marks, CheopsCellMark, i).cell == mark.cell)
          goto fail;
      g_array_append_val (marks, mark);
      if (s < end && *s == ',' && s + 1 < end)
        s++;
      else if (s != end)
        goto fail;
    }
  return marks->len > old_len;

fail:
  g_array_set_size (marks, old_len);
  return FALSE;
}

/* cheops_annotations_add_command() of @length bytes at @text, which a NUL
 * follows (text[length] == '\0': the cell names are read from text that
 * ends with a NUL). */
static void
add_command (CheopsAnnotations   *self,
             const CheopsVariant *variant,
             const char          *text,
             gsize                length)
{
  const char *end, *name, *name_end, *arg;

  end = text + length;

  name = text;
  if (name < end && *name == '%')
    name++;
  name_end = name;
  while (name_end < end && *name_end != ' ')
    name_end++;
  arg = name_end;
  while (arg < end && *arg == ' ')
    arg++;

  /* Only the canonical form "%name argument" (one space, no trailing
   * space) is read; anything else is kept verbatim so that it survives. */
  if (text[0] == '%' && arg == name_end + 1 && arg < end && end[-1] != ' ')
    {
      gsize name_len = name_end - name;

      if (name_len == 4 && memcmp (name, "eval", 4) == 0
          && self->eval.kind == CHEOPS_EVAL_NONE
          && parse_eval (arg, end, &self->eval))
        return;
      if (name_len == 3 && memcmp (name, "cal", 3) == 0
          && parse_arrows (variant, arg, end, self->arrows))
        return;
      if (name_len == 3 && memcmp (name, "csl", 3) == 0
          && parse_marks (variant, arg, end, self->marks))
        return;
    }
  g_ptr_array_add (self->others, g_strndup (text, length));
}

void
cheops_annotations_add_command (CheopsAnnotations   *self,
                                const CheopsVariant *variant,
                                const char          *text,
                                gssize               length)
{
  g_autofree char *copy = NULL;

  g_return_if_fail (self != NULL);
  g_return_if_fail (variant != NULL);
  g_return_if_fail (text != NULL);

  if (length < 0)
    length = strlen (text);
  else
    /* The cell names are read from text that ends with a NUL. */
    text = copy = g_strndup (text, length);
  add_command (self, variant, text, length);
}

void
_cheops_annotations_add_command_nul (CheopsAnnotations   *self,
                                     const CheopsVariant *variant,
                                     const char          *text,
                                     gsize                length)
{
  g_return_if_fail (self != NULL && variant != NULL && text != NULL && text[length] == '\0');
  add_command (self, variant, text, length);
}

static gboolean
is_cell (const CheopsVariant *variant,
         CheopsCell           cell)
{
  return cell < (CheopsCell) variant->board->n_cells;
}

void
cheops_annotations_append (const CheopsAnnotations *self,
                           const CheopsVariant     *variant,
                           GString                 *out)
{
  gboolean first = TRUE;
  guint n;

  g_return_if_fail (variant != NULL);
  g_return_if_fail (out != NULL);

  if (cheops_annotations_is_empty (self))
    return;

  if (self->eval.kind != CHEOPS_EVAL_NONE)
    {
      int v = self->eval.value;

      if (self->eval.kind == CHEOPS_EVAL_ASCENSION)
        g_string_append_printf (out, "[%%eval #%d", v);
      else
        g_string_append_printf (out, "[%%eval %s%d.%02d", v < 0 ? "-" : "",
                                abs (v) / 100, abs (v) % 100);
      if (self->eval.depth > 0)
        g_string_append_printf (out, ",%d", self->eval.depth);
      g_string_append_c (out, ']');
      first = FALSE;
    }
  n = 0;
  for (guint i = 0; i < self->arrows->len; i++)
    {
      const CheopsArrow *a = &g_array_index (self->arrows, CheopsArrow, i);

      if (!is_cell (variant, a->from) || !is_cell (variant, a->to))
        continue;
      if (n++ == 0)
        g_string_append (out, first ? "[%cal " : " [%cal ");
      else
        g_string_append_c (out, ',');
      g_string_append_c (out, cheops_mark_colour_to_letter (a->colour));
      g_string_append (out, cheops_variant_cell_name (variant, a->from));
      g_string_append (out, cheops_variant_cell_name (variant, a->to));
    }
  if (n > 0)
    {
      g_string_append_c (out, ']');
      first = FALSE;
    }
  n = 0;
  for (guint i = 0; i < self->marks->len; i++)
    {
      const CheopsCellMark *m = &g_array_index (self->marks, CheopsCellMark, i);

      if (!is_cell (variant, m->cell))
        continue;
      if (n++ == 0)
        g_string_append (out, first ? "[%csl " : " [%csl ");
      else
        g_string_append_c (out, ',');
      g_string_append_c (out, cheops_mark_colour_to_letter (m->colour));
      g_string_append (out, cheops_variant_cell_name (variant, m->cell));
    }
  if (n > 0)
    {
      g_string_append_c (out, ']');
      first = FALSE;
    }
  for (guint i = 0; i < self->others->len; i++)
    {
      if (!first)
        g_string_append_c (out, ' ');
      g_string_append_c (out, '[');
      g_string_append (out, self->others->pdata[i]);
      g_string_append_c (out, ']');
      first = FALSE;
    }
}

static const char *
time_command (CheopsTimeKind kind)
{
  return kind == CHEOPS_TIME_CLOCK ? "%clk " : "%emt ";
}

/* Two digits below 60 at @s. */
static gboolean
parse_sixty (const char *s,
             int        *value)
{
  if (!g_ascii_isdigit (s[0]) || !g_ascii_isdigit (s[1]) || s[0] > '5')
    return FALSE;
  *value = (s[0] - '0') * 10 + (s[1] - '0');
  return TRUE;
}

/* "H:MM:SS" with an optional fraction of one to three digits, the whole
 * of @s. */
static gboolean
parse_time (const char *s,
            gint64     *ms)
{
  gint64 hours = 0;
  int minutes, seconds, fraction = 0, n_fraction = 0;
  const char *p = s;

  if (!g_ascii_isdigit (*p))
    return FALSE;
  for (; g_ascii_isdigit (*p); p++)
    {
      hours = hours * 10 + (*p - '0');
      if (hours > 1000000)
        return FALSE;
    }
  if (*p != ':' || !parse_sixty (p + 1, &minutes) || p[3] != ':' || !parse_sixty (p + 4, &seconds))
    return FALSE;
  p += 6;
  if (*p == '.')
    {
      for (p++; g_ascii_isdigit (*p); p++)
        {
          if (++n_fraction > 3)
            return FALSE;
          fraction = fraction * 10 + (*p - '0');
        }
      if (n_fraction == 0)
        return FALSE;
      for (int i = n_fraction; i < 3; i++)
        fraction *= 10;
    }
  if (*p != 0)
    return FALSE;
  *ms = ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction;
  return TRUE;
}

gboolean
cheops_annotations_get_time (const CheopsAnnotations *self,
                             CheopsTimeKind           kind,
                             gint64                  *ms)
{
  const char *command = time_command (kind);

  g_return_val_if_fail (ms != NULL, FALSE);

  if (self == NULL)
    return FALSE;
  for (guint i = 0; i < self->others->len; i++)
    {
      const char *other = self->others->pdata[i];

      if (g_str_has_prefix (other, command))
        return parse_time (other + strlen (command), ms);
    }
  return FALSE;
}

char *
cheops_time_format (gint64 ms)
{
  gint64 seconds;

  g_return_val_if_fail (ms >= 0, NULL);

  seconds = ms / 1000;
  if (ms % 1000 == 0)
    return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", seconds / 3600,
                            (int) (seconds / 60 % 60), (int) (seconds % 60));
  if (ms % 100 == 0)
    return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d.%d", seconds / 3600,
                            (int) (seconds / 60 % 60), (int) (seconds % 60), (int) (ms % 1000 / 100));
  return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d.%03d", seconds / 3600,
                          (int) (seconds / 60 % 60), (int) (seconds % 60), (int) (ms % 1000));
}

void
cheops_annotations_set_time (CheopsAnnotations *self,
                             CheopsTimeKind     kind,
                             gint64             ms)
{
  const char *command = time_command (kind);
  g_autofree char *text = NULL;
  gboolean placed = FALSE;

  g_return_if_fail (self != NULL);

  if (ms >= 0)
    {
      g_autofree char *time = cheops_time_format (ms);

      text = g_strconcat (command, time, NULL);
    }
  for (guint i = 0; i < self->others->len;)
    {
      if (!g_str_has_prefix (self->others->pdata[i], command))
        {
          i++;
          continue;
        }
      if (text != NULL && !placed)
        {
          g_free (self->others->pdata[i]);
          self->others->pdata[i] = g_steal_pointer (&text);
          placed = TRUE;
          i++;
        }
      else
        g_ptr_array_remove_index (self->others, i);
    }
  if (text != NULL)
    g_ptr_array_add (self->others, g_steal_pointer (&text));
}
