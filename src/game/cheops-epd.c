/* cheops-epd.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Test-position suites, one EPD-like line per position (cheops-epd.h).
 */
#define G_LOG_DOMAIN "cheops-game"

#include <string.h>

#include "cheops-epd.h"

static void
operation_free (gpointer data)
{
  CheopsEpdOperation *op = data;

  g_free (op->opcode);
  g_ptr_array_unref (op->operands);
  g_free (op);
}

CheopsEpdRecord *
cheops_epd_record_new (const CheopsPosition *position)
{
  CheopsEpdRecord *self = g_new0 (CheopsEpdRecord, 1);

  g_return_val_if_fail (position != NULL, NULL);
  self->position = *position;
  self->operations = g_ptr_array_new_with_free_func (operation_free);
  return self;
}

void
cheops_epd_record_free (CheopsEpdRecord *self)
{
  if (self == NULL)
    return;
  g_ptr_array_unref (self->operations);
  g_free (self);
}

static CheopsEpdOperation *
find_operation (CheopsEpdRecord *self,
                const char      *opcode)
{
  for (guint i = 0; i < self->operations->len; i++)
    {
      CheopsEpdOperation *op = self->operations->pdata[i];
      if (strcmp (op->opcode, opcode) == 0)
        return op;
    }
  return NULL;
}

GPtrArray *
cheops_epd_record_get (CheopsEpdRecord *self,
                       const char      *opcode)
{
  CheopsEpdOperation *op;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (opcode != NULL, NULL);
  op = find_operation (self, opcode);
  return op != NULL ? op->operands : NULL;
}

const char *
cheops_epd_record_get_string (CheopsEpdRecord *self,
                              const char      *opcode)
{
  GPtrArray *operands = cheops_epd_record_get (self, opcode);

  return operands != NULL && operands->len > 0 ? operands->pdata[0] : NULL;
}

static gboolean
is_opcode (const char *opcode)
{
  if (!g_ascii_isalpha (opcode[0]))
    return FALSE;
  for (const char *p = opcode; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

static gboolean
is_move_opcode (const char *opcode)
{
  return strcmp (opcode, "bm") == 0 || strcmp (opcode, "am") == 0;
}

/* cheops_epd_record_set(), with @by_opcode (may be NULL) the table of
 * @self's operations by opcode, looked up instead of the list and kept up
 * to date. */
static gboolean
record_set (CheopsEpdRecord     *self,
            const char          *opcode,
            const char * const  *operands,
            guint                n_operands,
            GHashTable          *by_opcode,
            GError             **error)
{
  CheopsEpdOperation *op;
  GPtrArray *values;

  if (!is_opcode (opcode))
    {
      g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID,
                   "“%s” is not an opcode", opcode);
      return FALSE;
    }
  /* The variant is the position's (written as the opcode "variant"). */
  if (strcmp (opcode, "variant") == 0)
    {
      g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID,
                           "the variant is the position's, not an operation");
      return FALSE;
    }
  /* An EPD line cannot hold a line break. */
  for (guint i = 0; i < n_operands; i++)
    if (strchr (operands[i], '\n') != NULL)
      {
        g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID,
                     "an operand of %s holds a line break", opcode);
        return FALSE;
      }
  values = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n_operands; i++)
    {
      if (is_move_opcode (opcode))
        {
          CheopsError err = { 0 };
          CheopsMove move = cheops_move_from_san (&self->position, operands[i], -1, &err);
          char san[CHEOPS_SAN_MAX];

          if (move == CHEOPS_MOVE_NONE)
            {
              g_set_error (error, CHEOPS_GAME_ERROR,
                           err.code == CHEOPS_ERROR_MOVE_ILLEGAL ? CHEOPS_GAME_ERROR_ILLEGAL_MOVE
                           : err.code == CHEOPS_ERROR_MOVE_AMBIGUOUS ? CHEOPS_GAME_ERROR_AMBIGUOUS_MOVE
                           : CHEOPS_GAME_ERROR_BAD_MOVE,
                           "%s %s: %s", opcode, operands[i], err.message);
              g_ptr_array_unref (values);
              return FALSE;
            }
          cheops_move_to_san (&self->position, move, san);
          g_ptr_array_add (values, g_strdup (san));
        }
      else
        g_ptr_array_add (values, g_strdup (operands[i]));
    }

  op = by_opcode != NULL ? g_hash_table_lookup (by_opcode, opcode) : find_operation (self, opcode);
  if (op == NULL)
    {
      op = g_new0 (CheopsEpdOperation, 1);
      op->opcode = g_strdup (opcode);
      g_ptr_array_add (self->operations, op);
      if (by_opcode != NULL)
        g_hash_table_insert (by_opcode, op->opcode, op);
    }
  else
    g_ptr_array_unref (op->operands);
  op->operands = values;
  return TRUE;
}

gboolean
cheops_epd_record_set (CheopsEpdRecord     *self,
                       const char          *opcode,
                       const char * const  *operands,
                       guint                n_operands,
                       GError             **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (opcode != NULL, FALSE);
  g_return_val_if_fail (operands != NULL || n_operands == 0, FALSE);
  return record_set (self, opcode, operands, n_operands, NULL, error);
}

gboolean
cheops_epd_record_has_move (CheopsEpdRecord *self,
                            const char      *opcode,
                            CheopsMove       move)
{
  GPtrArray *operands = cheops_epd_record_get (self, opcode);

  if (operands == NULL)
    return FALSE;
  for (guint i = 0; i < operands->len; i++)
    if (cheops_move_from_san (&self->position, operands->pdata[i], -1, NULL) == move)
      return TRUE;
  return FALSE;
}

static gboolean
needs_quotes (const char *opcode,
              const char *operand)
{
  if (strcmp (opcode, "id") == 0
      || (opcode[0] == 'c' && g_ascii_isdigit (opcode[1]) && opcode[2] == '\0'))
    return TRUE;
  /* Quoted: whatever the reader would not take as one unquoted operand
   * (it ends one at a blank, space, tab or CR, or at ";"). */
  return operand[0] == '\0' || strpbrk (operand, " \t\r;\"\\") != NULL;
}

static void
append_operand (GString    *out,
                const char *opcode,
                const char *operand)
{
  if (needs_quotes (opcode, operand))
    {
      g_string_append_c (out, '"');
      for (const char *s = operand; *s; s++)
        {
          if (*s == '"' || *s == '\\')
            g_string_append_c (out, '\\');
          g_string_append_c (out, *s);
        }
      g_string_append_c (out, '"');
    }
  else
    g_string_append (out, operand);
}

char *
cheops_epd_record_to_string (CheopsEpdRecord *self)
{
  GString *out = g_string_new (NULL);
  char fen[CHEOPS_FEN_MAX];

  g_return_val_if_fail (self != NULL, NULL);
  cheops_position_to_fen (&self->position, fen, sizeof fen);
  g_string_append (out, fen);
  /* A variant other than Cheops is named first. */
  if (self->position.variant != &cheops_variant_cheops)
    {
      g_string_append (out, " variant ");
      append_operand (out, "variant", self->position.variant->name);
      g_string_append_c (out, ';');
    }
  for (guint i = 0; i < self->operations->len; i++)
    {
      CheopsEpdOperation *op = self->operations->pdata[i];

      g_string_append_c (out, ' ');
      g_string_append (out, op->opcode);
      for (guint j = 0; j < op->operands->len; j++)
        {
          g_string_append_c (out, ' ');
          append_operand (out, op->opcode, op->operands->pdata[j]);
        }
      g_string_append_c (out, ';');
    }
  return g_string_free (out, FALSE);
}

static void
add_error (GPtrArray       *errors,
           CheopsGameError  code,
           guint            line,
           const char      *line_text,
           const char      *at,
           guint            index,
           char            *message)
{
  CheopsPgnError *e;

  if (errors == NULL)
    {
      g_free (message);
      return;
    }
  e = g_new0 (CheopsPgnError, 1);
  e->code = code;
  e->line = line;
  e->column = (guint) g_utf8_strlen (line_text, at - line_text) + 1;
  e->game_index = index;
  e->message = message;
  g_ptr_array_add (errors, e);
}

static gboolean
is_blank (char c)
{
  return c == ' ' || c == '\t' || c == '\r';
}

/* One operation as read, before it is checked. */
typedef struct {
  char       *opcode;
  GPtrArray  *operands;     /* of strings */
  const char *at;           /* its opcode */
  const char *operand_at;   /* its first operand, or where it would be */
} RawOperation;

static void
raw_operation_free (gpointer data)
{
  RawOperation *op = data;

  g_free (op->opcode);
  g_ptr_array_unref (op->operands);
  g_free (op);
}

/* Reads the operations from @p to @end into @ops; FALSE at a syntax error,
 * with its message and place in *@message and *@at. */
static gboolean
read_operations (const char  *p,
                 const char  *end,
                 GPtrArray   *ops,
                 char       **message,
                 const char **at)
{
  for (;;)
    {
      RawOperation *op;
      const char *op_start;

      while (p < end && is_blank (*p))
        p++;
      if (p >= end)
        return TRUE;
      op_start = p;
      while (p < end && (g_ascii_isalnum (*p) || *p == '_'))
        p++;
      if (p == op_start || !g_ascii_isalpha (*op_start))
        {
          *message = g_strdup ("an opcode was expected");
          *at = op_start;
          return FALSE;
        }
      op = g_new0 (RawOperation, 1);
      op->opcode = g_strndup (op_start, p - op_start);
      op->operands = g_ptr_array_new_with_free_func (g_free);
      op->at = op_start;
      g_ptr_array_add (ops, op);
      for (;;)
        {
          while (p < end && is_blank (*p))
            p++;
          if (op->operands->len == 0)
            op->operand_at = p;
          if (p >= end)
            {
              *message = g_strdup_printf ("operation %s must end with “;”", op->opcode);
              *at = p;
              return FALSE;
            }
          if (*p == ';')
            {
              p++;
              break;
            }
          if (*p == '"')
            {
              GString *s = g_string_new (NULL);
              const char *q = p + 1;

              while (q < end && *q != '"')
                {
                  if (*q == '\\' && q + 1 < end && (q[1] == '"' || q[1] == '\\'))
                    q++;
                  g_string_append_c (s, *q++);
                }
              if (q >= end)
                {
                  *message = g_strdup ("this string is not closed");
                  *at = p;
                  g_string_free (s, TRUE);
                  return FALSE;
                }
              g_ptr_array_add (op->operands, g_string_free (s, FALSE));
              p = q + 1;
            }
          else
            {
              const char *q = p;
              while (q < end && !is_blank (*q) && *q != ';')
                q++;
              g_ptr_array_add (op->operands, g_strndup (p, q - p));
              p = q;
            }
        }
    }
}

/* Reads one line (without its line break) into a record, or reports.  The
 * FEN is read in the variant of the line's "variant" operation, else in
 * @variant. */
/* How many blank-separated fields of the line at @p form its FEN, for a
 * game whose FEN has fields a chess FEN does not (Cypher chess's hands,
 * counters and mark, Pyramids's rights): the largest count, of at most 7,
 * whose fields the line's variant (its `variant` operation, else @variant)
 * reads as a FEN, with what follows read as operations.  0 when none does:
 * the caller then reads the line as before and reports what is wrong. */
static int
count_fen_fields (const char          *p,
                  const char          *end,
                  const CheopsVariant *variant)
{
  const char *starts[8], *ends[8];
  int n = 0;

  while (n < 8)
    {
      while (p < end && is_blank (*p))
        p++;
      if (p == end)
        break;
      starts[n] = p;
      while (p < end && !is_blank (*p))
        p++;
      ends[n++] = p;
    }
  for (int k = MIN (n, 7); k >= 2; k--)
    {
      g_autoptr(GPtrArray) ops = g_ptr_array_new_with_free_func (raw_operation_free);
      g_autofree char *fen = g_strndup (starts[0], ends[k - 1] - starts[0]);
      g_autofree char *message = NULL;
      const CheopsVariant *v = variant;
      const char *at = NULL;
      CheopsPosition pos;

      if (!read_operations (ends[k - 1], end, ops, &message, &at))
        continue;
      for (guint i = 0; i < ops->len; i++)
        {
          const RawOperation *op = ops->pdata[i];

          if (strcmp (op->opcode, "variant") == 0 && op->operands->len == 1)
            v = cheops_variant_find (op->operands->pdata[0]);
        }
      if (v != NULL && cheops_position_from_fen (&pos, v, fen, NULL))
        return k;
    }
  return 0;
}

static CheopsEpdRecord *
read_line (const char          *text,
           const char          *end,
           guint                line,
           guint                index,
           const CheopsVariant *variant,
           GPtrArray           *errors)
{
  const char *p = text;
  const char *field_end;
  const char *nul;
  g_autoptr(GString) fen = g_string_new (NULL);
  g_autoptr(GPtrArray) ops = g_ptr_array_new_with_free_func (raw_operation_free);
  g_autoptr(GHashTable) by_opcode = NULL;
  char *syntax_message = NULL;
  const char *syntax_at = NULL;
  CheopsPosition pos;
  CheopsError err = { 0 };
  CheopsEpdRecord *record;
  int n_fields = 0;
  int fen_fields;

  /* A NUL byte: the line is refused, not cut short. */
  nul = memchr (text, '\0', end - text);
  if (nul != NULL)
    {
      add_error (errors, CHEOPS_GAME_ERROR_SYNTAX, line, text, nul, index,
                 g_strdup ("unexpected control character U+0000"));
      return NULL;
    }

  /* The FEN: as many fields as the line's variant reads (count_fen_fields);
   * failing that, placement, side, and the two counters if they are there. */
  fen_fields = count_fen_fields (p, end, variant);
  while (fen_fields > 0 ? n_fields < fen_fields : n_fields < 4)
    {
      while (p < end && is_blank (*p))
        p++;
      field_end = p;
      while (field_end < end && !is_blank (*field_end))
        field_end++;
      if (p == field_end)
        break;
      if (fen_fields == 0 && n_fields >= 2 && !g_ascii_isdigit (*p))
        break;
      if (fen->len > 0)
        g_string_append_c (fen, ' ');
      g_string_append_len (fen, p, field_end - p);
      n_fields++;
      p = field_end;
    }
  if (fen_fields == 0 && n_fields == 3)
    {
      add_error (errors, CHEOPS_GAME_ERROR_BAD_FEN, line, text, p, index,
                 g_strdup ("the halfmove clock must be followed by the fullmove number"));
      return NULL;
    }

  /* The operations, read before the FEN is: one may name the variant. */
  if (!read_operations (p, end, ops, &syntax_message, &syntax_at))
    g_ptr_array_set_size (ops, ops->len > 0 ? ops->len - 1 : 0);
  for (guint i = 0; i < ops->len; i++)
    {
      const RawOperation *op = ops->pdata[i];

      if (strcmp (op->opcode, "variant") != 0)
        continue;
      if (op->operands->len != 1)
        {
          add_error (errors, CHEOPS_GAME_ERROR_VARIANT, line, text, op->at, index,
                     g_strdup ("operation variant must have one operand, a variant's name"));
          g_free (syntax_message);
          return NULL;
        }
      variant = cheops_variant_find (op->operands->pdata[0]);
      if (variant == NULL)
        {
          add_error (errors, CHEOPS_GAME_ERROR_VARIANT, line, text, op->operand_at, index,
                     g_strdup_printf ("unknown variant “%s”", (const char *) op->operands->pdata[0]));
          g_free (syntax_message);
          return NULL;
        }
    }

  if (!cheops_position_from_fen (&pos, variant, fen->str, &err))
    {
      const char *at = text;
      while (at < end && is_blank (*at))
        at++;
      add_error (errors, CHEOPS_GAME_ERROR_BAD_FEN, line, text,
                 MIN (at + MAX (err.column, 1) - 1, end), index,
                 g_strdup_printf ("bad FEN: %s", err.message));
      g_free (syntax_message);
      return NULL;
    }
  if (syntax_message != NULL)
    {
      add_error (errors, CHEOPS_GAME_ERROR_SYNTAX, line, text, syntax_at, index, syntax_message);
      return NULL;
    }

  record = cheops_epd_record_new (&pos);
  record->line = line;
  /* Each opcode's operation found by its name in a table, not among those
   * before it: linear in the line (issue 25). */
  by_opcode = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < ops->len; i++)
    {
      const RawOperation *op = ops->pdata[i];
      g_autoptr(GError) error = NULL;

      if (strcmp (op->opcode, "variant") == 0)
        continue;
      if (!record_set (record, op->opcode, (const char * const *) op->operands->pdata,
                       op->operands->len, by_opcode, &error))
        {
          add_error (errors, error->code, line, text, op->at, index, g_strdup (error->message));
          cheops_epd_record_free (record);
          return NULL;
        }
    }
  return record;
}

GPtrArray *
cheops_epd_read_string (const char  *text,
                        gssize       length,
                        GPtrArray  **errors)
{
  return cheops_epd_read_string_for_variant (text, length, NULL, errors);
}

GPtrArray *
cheops_epd_read_string_for_variant (const char          *text,
                                    gssize               length,
                                    const CheopsVariant *variant,
                                    GPtrArray          **errors)
{
  GPtrArray *records = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_epd_record_free);
  GPtrArray *errs = errors != NULL ? g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free) : NULL;
  const char *p, *end;
  guint line = 0, index = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  if (length < 0)
    length = strlen (text);
  p = text;
  end = text + length;
  if (length >= 3 && memcmp (p, "\xEF\xBB\xBF", 3) == 0)
    p += 3;

  while (p < end)
    {
      const char *eol = memchr (p, '\n', end - p);
      const char *line_end = eol != NULL ? eol : end;
      const char *s = p;

      line++;
      while (s < line_end && is_blank (*s))
        s++;
      if (s < line_end && *s != '#' && *s != '%')
        {
          CheopsEpdRecord *record = read_line (p, line_end, line, index,
                                               variant != NULL ? variant : &cheops_variant_cheops, errs);
          if (record != NULL)
            g_ptr_array_add (records, record);
          index++;
        }
      p = eol != NULL ? eol + 1 : end;
    }
  if (errors != NULL)
    *errors = errs;
  return records;
}

char *
cheops_epd_write (GPtrArray *records)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (records != NULL, NULL);
  for (guint i = 0; i < records->len; i++)
    {
      g_autofree char *line = cheops_epd_record_to_string (records->pdata[i]);
      g_string_append (out, line);
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}

