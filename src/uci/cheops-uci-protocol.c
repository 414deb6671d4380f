/* cheops-uci-protocol.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The UCI line parser and command formatter (see the header).  The parser
 * splits a line into blank-separated words once and walks them; it keeps
 * what it can read and reports a known keyword with a bad value as
 * MALFORMED rather than inventing a value.
 */

#define G_LOG_DOMAIN "cheops-uci-protocol"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cheops-uci-protocol.h"

/* The words of a line: pointers into one writable copy of it. */
typedef struct {
  char  *copy;
  char **words;
  guint  n_words;
} Words;

static void
words_split (Words      *w,
             const char *line)
{
  GPtrArray *array = g_ptr_array_new ();
  char *p;

  w->copy = g_strdup (line);
  p = w->copy;
  for (;;)
    {
      while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
        p++;
      if (*p == '\0')
        break;
      g_ptr_array_add (array, p);
      while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
        p++;
      if (*p == '\0')
        break;
      *p++ = '\0';
    }
  w->n_words = array->len;
  g_ptr_array_add (array, NULL);
  w->words = (char **) g_ptr_array_free (array, FALSE);
}

static void
words_clear (Words *w)
{
  g_clear_pointer (&w->copy, g_free);
  g_clear_pointer (&w->words, g_free);
  w->n_words = 0;
}

/* Joins words[from..to-1] with single spaces; NULL if the range is empty. */
static char *
words_join (const Words *w,
            guint        from,
            guint        to)
{
  GString *s;

  if (from >= to)
    return NULL;
  s = g_string_new (w->words[from]);
  for (guint i = from + 1; i < to; i++)
    {
      g_string_append_c (s, ' ');
      g_string_append (s, w->words[i]);
    }
  return g_string_free (s, FALSE);
}

/* Reads a whole decimal integer (optional sign) into *@out. */
static gboolean
parse_int64 (const char *text,
             gint64     *out)
{
  char *end = NULL;
  gint64 v;

  if (text == NULL || *text == '\0')
    return FALSE;
  errno = 0;
  v = g_ascii_strtoll (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0')
    return FALSE;
  *out = v;
  return TRUE;
}

static gboolean
parse_int (const char *text,
           int        *out,
           int         min,
           int         max)
{
  gint64 v;

  if (!parse_int64 (text, &v) || v < min || v > max)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

/* One cell name at *@p: a lower-case letter and a number of one or two
 * digits ("e3", "z0", "i10"), advancing *@p. */
static gboolean
skip_cell_name (const char **p)
{
  const char *s = *p;

  if (*s < 'a' || *s > 'z')
    return FALSE;
  s++;
  if (!g_ascii_isdigit (*s))
    return FALSE;
  s++;
  if (g_ascii_isdigit (*s))
    s++;
  *p = s;
  return TRUE;
}

/* One move part at *@p: two cell names and an optional payload, a
 * lower-case piece letter or up to four digits; or a drop, "P@" (or "p@")
 * and a cell name.  Advances *@p. */
static gboolean
skip_move_part (const char **p)
{
  const char *s = *p;

  if ((*s == 'P' || *s == 'p') && s[1] == '@')
    {
      s += 2;
      if (!skip_cell_name (&s))
        return FALSE;
      *p = s;
      return TRUE;
    }
  if (!skip_cell_name (&s) || !skip_cell_name (&s))
    return FALSE;
  if (*s >= 'a' && *s <= 'z')
    s++;
  else
    for (int n = 0; n < 4 && g_ascii_isdigit (*s); n++)
      s++;
  *p = s;
  return TRUE;
}

gboolean
cheops_uci_is_move_text (const char *text)
{
  const char *p = text;

  if (text == NULL)
    return FALSE;
  if (strcmp (text, "0000") == 0)
    return TRUE;
  if (!skip_move_part (&p))
    return FALSE;
  /* A move of two parts: the second after a comma. */
  if (*p == ',')
    {
      p++;
      if (!skip_move_part (&p))
        return FALSE;
    }
  return *p == 0;
}

/* @word as move text, a final upper-case piece letter lower-cased
 * ("i8i9Q" -> "i8i9q"): a newly allocated string, or NULL if it is not move
 * text either way. */
static char *
move_text_any_case (const char *word)
{
  g_autofree char *copy = NULL;
  size_t len;

  if (cheops_uci_is_move_text (word))
    return g_strdup (word);
  len = strlen (word);
  if (len == 0 || !g_ascii_isupper (word[len - 1]))
    return NULL;
  copy = g_strdup (word);
  copy[len - 1] = g_ascii_tolower (copy[len - 1]);
  return cheops_uci_is_move_text (copy) ? g_steal_pointer (&copy) : NULL;
}

/* The keys an `info` line may hold (UCI 2006 spec plus common extensions)
 * and how many value words each takes; -1 = the rest of the line (string),
 * -2 = move texts up to the next key (pv, refutation, currline). */
typedef struct {
  const char *key;
  int         n_values;
} InfoKey;

static const InfoKey info_keys[] = {
  { "depth", 1 }, { "seldepth", 1 }, { "time", 1 }, { "nodes", 1 },
  { "pv", -2 }, { "multipv", 1 }, { "score", 0 }, { "currmove", 1 },
  { "currmovenumber", 1 }, { "hashfull", 1 }, { "nps", 1 }, { "tbhits", 1 },
  { "sbhits", 1 }, { "cpuload", 1 }, { "string", -1 }, { "refutation", -2 },
  { "currline", -2 }, { "wdl", 3 }, { "ebf", 1 },
};

static const InfoKey *
info_key_lookup (const char *word)
{
  for (guint i = 0; i < G_N_ELEMENTS (info_keys); i++)
    if (strcmp (word, info_keys[i].key) == 0)
      return &info_keys[i];
  return NULL;
}

/* Parses words[1..] of an `info` line into @info.  Returns FALSE if a known
 * key has a missing or unreadable value. */
static gboolean
parse_info (const Words   *w,
            CheopsUciInfo *info)
{
  guint i = 1;

  info->multipv = 1;
  while (i < w->n_words)
    {
      const char *word = w->words[i];
      const char *value = i + 1 < w->n_words ? w->words[i + 1] : NULL;
      const InfoKey *key = info_key_lookup (word);

      if (key == NULL)
        {
          /* UCI: the GUI ignores what it does not know. */
          i++;
          continue;
        }

      if (strcmp (word, "string") == 0)
        {
          info->string = words_join (w, i + 1, w->n_words);
          if (info->string == NULL)
            info->string = g_strdup ("");
          info->fields |= CHEOPS_UCI_INFO_STRING;
          break;
        }
      else if (strcmp (word, "pv") == 0 || key->n_values == -2)
        {
          GPtrArray *moves = g_ptr_array_new_with_free_func (g_free);
          guint j = i + 1;

          for (; j < w->n_words && info_key_lookup (w->words[j]) == NULL; j++)
            {
              if (!cheops_uci_is_move_text (w->words[j]))
                {
                  g_ptr_array_free (moves, TRUE);
                  return FALSE;
                }
              g_ptr_array_add (moves, g_strdup (w->words[j]));
            }
          if (strcmp (word, "pv") == 0)
            {
              if (moves->len == 0)
                {
                  g_ptr_array_free (moves, TRUE);
                  return FALSE;
                }
              g_strfreev (info->pv);
              g_ptr_array_add (moves, NULL);
              info->pv = (char **) g_ptr_array_free (moves, FALSE);
              info->fields |= CHEOPS_UCI_INFO_PV;
            }
          else
            g_ptr_array_free (moves, TRUE);
          i = j;
          continue;
        }
      else if (strcmp (word, "score") == 0)
        {
          const char *kind = value;
          const char *number = i + 2 < w->n_words ? w->words[i + 2] : NULL;

          if (kind == NULL)
            return FALSE;
          if (strcmp (kind, "cp") == 0)
            info->score_kind = CHEOPS_UCI_SCORE_CP;
          else if (strcmp (kind, "mate") == 0)
            info->score_kind = CHEOPS_UCI_SCORE_MATE;
          else
            return FALSE;
          if (!parse_int (number, &info->score, -1000000000, 1000000000))
            return FALSE;
          /* The sign is read from the text, so that "mate -0" stays losing. */
          info->mate_losing = info->score_kind == CHEOPS_UCI_SCORE_MATE && number[0] == '-';
          info->bound = CHEOPS_UCI_BOUND_EXACT;
          info->fields |= CHEOPS_UCI_INFO_SCORE;
          i += 3;
          /* The bound may follow the number (UCI) ... */
          if (i < w->n_words && strcmp (w->words[i], "lowerbound") == 0)
            info->bound = CHEOPS_UCI_BOUND_LOWER, i++;
          else if (i < w->n_words && strcmp (w->words[i], "upperbound") == 0)
            info->bound = CHEOPS_UCI_BOUND_UPPER, i++;
          continue;
        }

      /* Keys with fixed numbers of values. */
      if (i + key->n_values >= w->n_words)
        return FALSE;
      if (strcmp (word, "depth") == 0)
        {
          if (!parse_int (value, &info->depth, 0, G_MAXINT / 2))
            return FALSE;
          info->fields |= CHEOPS_UCI_INFO_DEPTH;
        }
      else if (strcmp (word, "seldepth") == 0)
        {
          if (!parse_int (value, &info->seldepth, 0, G_MAXINT / 2))
            return FALSE;
          info->fields |= CHEOPS_UCI_INFO_SELDEPTH;
        }
      else if (strcmp (word, "multipv") == 0)
        {
          if (!parse_int (value, &info->multipv, 1, 1000))
            return FALSE;
          info->fields |= CHEOPS_UCI_INFO_MULTIPV;
        }
      else if (strcmp (word, "nodes") == 0)
        {
          if (!parse_int64 (value, &info->nodes) || info->nodes < 0)
            return FALSE;
          info->fields |= CHEOPS_UCI_INFO_NODES;
        }
      else if (strcmp (word, "nps") == 0)
        {
          if (!parse_int64 (value, &info->nps) || info->nps < 0)
            return FALSE;
          info->fields |= CHEOPS_UCI_INFO_NPS;
        }
      else if (strcmp (word, "time") == 0)
        {
          if (!parse_int64 (value, &info->time_ms) || info->time_ms < 0)
            return FALSE;
          info->fields |= CHEOPS_UCI_INFO_TIME;
        }
      else if (strcmp (word, "hashfull") == 0)
        {
          if (!parse_int (value, &info->hashfull, 0, 1000))
            return FALSE;
          info->fields |= CHEOPS_UCI_INFO_HASHFULL;
        }
      else if (strcmp (word, "currmove") == 0)
        {
          /* Only shown, never played: a value that is no move text is
           * skipped, as before this key was read, not an error. */
          if (cheops_uci_is_move_text (value) && strcmp (value, "0000") != 0)
            {
              g_free (info->currmove);
              info->currmove = g_strdup (value);
              info->fields |= CHEOPS_UCI_INFO_CURRMOVE;
            }
        }
      else if (strcmp (word, "currmovenumber") == 0)
        {
          if (parse_int (value, &info->currmovenumber, 1, 100000))
            info->fields |= CHEOPS_UCI_INFO_CURRMOVENUMBER;
          else
            info->currmovenumber = 0;
        }
      /* tbhits, cpuload, ...: read past, unchecked. */
      i += 1 + key->n_values;
    }
  return TRUE;
}

/* Parses words[1..] of an `option` line.  Keys: name, type, default, min,
 * max, var; a name or a default may hold spaces, so each runs up to the
 * next key. */
static gboolean
parse_option (const Words     *w,
              CheopsUciOption *option)
{
  static const char *const keys[] = { "name", "type", "default", "min", "max", "var", NULL };
  g_autoptr(GPtrArray) vars = g_ptr_array_new_with_free_func (g_free);
  gboolean have_type = FALSE;
  guint i = 1;

  option->min = 0;
  option->max = 0;
  while (i < w->n_words)
    {
      const char *key = w->words[i];
      guint j = i + 1;
      g_autofree char *value = NULL;

      if (!g_strv_contains (keys, key))
        return FALSE;
      /* The name runs to "type"; other values run to the next key. */
      for (; j < w->n_words; j++)
        {
          if (strcmp (key, "name") == 0)
            {
              if (strcmp (w->words[j], "type") == 0)
                break;
            }
          else if (g_strv_contains (keys, w->words[j]))
            break;
        }
      value = words_join (w, i + 1, j);
      if (strcmp (key, "name") == 0)
        {
          if (value == NULL)
            return FALSE;
          g_free (option->name);
          option->name = g_steal_pointer (&value);
        }
      else if (strcmp (key, "type") == 0)
        {
          static const char *const types[] = { "check", "spin", "combo", "button", "string", NULL };
          guint t;

          if (value == NULL)
            return FALSE;
          for (t = 0; types[t] != NULL; t++)
            if (strcmp (value, types[t]) == 0)
              break;
          if (types[t] == NULL)
            return FALSE;
          option->type = (CheopsUciOptionType) t;
          have_type = TRUE;
        }
      else if (strcmp (key, "default") == 0)
        {
          /* An empty default ("default" then nothing, or "<empty>") is an
           * empty string. */
          g_free (option->default_value);
          if (value == NULL || strcmp (value, "<empty>") == 0)
            option->default_value = g_strdup ("");
          else
            option->default_value = g_steal_pointer (&value);
        }
      else if (strcmp (key, "min") == 0)
        {
          if (!parse_int64 (value, &option->min))
            return FALSE;
        }
      else if (strcmp (key, "max") == 0)
        {
          if (!parse_int64 (value, &option->max))
            return FALSE;
        }
      else /* var */
        {
          if (value == NULL)
            return FALSE;
          g_ptr_array_add (vars, g_steal_pointer (&value));
        }
      i = j;
    }
  if (option->name == NULL || !have_type)
    return FALSE;
  if (vars->len > 0)
    {
      g_ptr_array_add (vars, NULL);
      option->vars = (char **) g_ptr_array_steal (vars, NULL);
    }
  return TRUE;
}

CheopsUciMessageKind
cheops_uci_parse_line (const char       *line,
                       CheopsUciMessage *message)
{
  Words w = { 0 };
  const char *first;

  g_return_val_if_fail (message != NULL, CHEOPS_UCI_MESSAGE_UNKNOWN);

  memset (message, 0, sizeof *message);
  message->info.multipv = 1;

  if (line == NULL)
    return message->kind = CHEOPS_UCI_MESSAGE_EMPTY;
  if (!g_utf8_validate (line, -1, NULL))
    return message->kind = CHEOPS_UCI_MESSAGE_UNKNOWN;

  words_split (&w, line);
  if (w.n_words == 0)
    {
      words_clear (&w);
      return message->kind = CHEOPS_UCI_MESSAGE_EMPTY;
    }

  first = w.words[0];
  if (strcmp (first, "info") == 0)
    {
      if (parse_info (&w, &message->info))
        message->kind = CHEOPS_UCI_MESSAGE_INFO;
      else
        {
          cheops_uci_info_clear (&message->info);
          message->kind = CHEOPS_UCI_MESSAGE_MALFORMED;
        }
    }
  else if (strcmp (first, "bestmove") == 0)
    {
      const char *move = w.n_words > 1 ? w.words[1] : NULL;

      if (move == NULL)
        {
          message->kind = CHEOPS_UCI_MESSAGE_MALFORMED;
          message->bad_bestmove = TRUE;
        }
      else if (strcmp (move, "(none)") == 0 || strcmp (move, "0000") == 0)
        message->kind = CHEOPS_UCI_MESSAGE_BESTMOVE;
      else if ((message->bestmove = move_text_any_case (move)) != NULL)
        {
          message->kind = CHEOPS_UCI_MESSAGE_BESTMOVE;
          if (w.n_words > 3 && strcmp (w.words[2], "ponder") == 0
              && strcmp (w.words[3], "0000") != 0)
            message->ponder = move_text_any_case (w.words[3]);
        }
      else
        {
          message->kind = CHEOPS_UCI_MESSAGE_MALFORMED;
          message->bad_bestmove = TRUE;
        }
    }
  else if (strcmp (first, "uciok") == 0 && w.n_words == 1)
    message->kind = CHEOPS_UCI_MESSAGE_UCIOK;
  else if (strcmp (first, "readyok") == 0 && w.n_words == 1)
    message->kind = CHEOPS_UCI_MESSAGE_READYOK;
  else if (strcmp (first, "id") == 0)
    {
      if (w.n_words >= 3)
        {
          message->kind = CHEOPS_UCI_MESSAGE_ID;
          message->id_key = g_strdup (w.words[1]);
          message->id_value = words_join (&w, 2, w.n_words);
        }
      else
        message->kind = CHEOPS_UCI_MESSAGE_MALFORMED;
    }
  else if (strcmp (first, "option") == 0)
    {
      if (parse_option (&w, &message->option))
        message->kind = CHEOPS_UCI_MESSAGE_OPTION;
      else
        {
          cheops_uci_option_clear (&message->option);
          message->kind = CHEOPS_UCI_MESSAGE_MALFORMED;
        }
    }
  else
    message->kind = CHEOPS_UCI_MESSAGE_UNKNOWN;

  words_clear (&w);
  return message->kind;
}

void
cheops_uci_info_clear (CheopsUciInfo *info)
{
  g_return_if_fail (info != NULL);

  g_strfreev (info->pv);
  g_free (info->string);
  g_free (info->currmove);
  memset (info, 0, sizeof *info);
  info->multipv = 1;
}

void
cheops_uci_info_copy (CheopsUciInfo       *dest,
                      const CheopsUciInfo *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);

  *dest = *src;
  dest->pv = g_strdupv (src->pv);
  dest->string = g_strdup (src->string);
  dest->currmove = g_strdup (src->currmove);
}

void
cheops_uci_option_clear (CheopsUciOption *option)
{
  g_return_if_fail (option != NULL);

  g_free (option->name);
  g_free (option->default_value);
  g_strfreev (option->vars);
  memset (option, 0, sizeof *option);
}

void
cheops_uci_option_copy (CheopsUciOption       *dest,
                        const CheopsUciOption *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);

  *dest = *src;
  dest->name = g_strdup (src->name);
  dest->default_value = g_strdup (src->default_value);
  dest->vars = g_strdupv (src->vars);
}

void
cheops_uci_message_clear (CheopsUciMessage *message)
{
  g_return_if_fail (message != NULL);

  g_free (message->id_key);
  g_free (message->id_value);
  cheops_uci_option_clear (&message->option);
  cheops_uci_info_clear (&message->info);
  g_free (message->bestmove);
  g_free (message->ponder);
  memset (message, 0, sizeof *message);
  message->info.multipv = 1;
}

/* TRUE if @text holds no byte below 0x20 and no DEL: nothing that could end
 * a command line early or confuse the engine's reader. */
static gboolean
is_single_line (const char *text)
{
  for (const unsigned char *p = (const unsigned char *) text; *p != '\0'; p++)
    if (*p < 0x20 || *p == 0x7f)
      return FALSE;
  return TRUE;
}

char *
cheops_uci_format_position (const char        *fen,
                            const char *const *moves)
{
  GString *s;

  if (fen != NULL)
    {
      g_autofree char *stripped = g_strstrip (g_strdup (fen));

      if (*stripped == '\0' || !is_single_line (stripped))
        return NULL;
      s = g_string_new ("position fen ");
      g_string_append (s, stripped);
    }
  else
    s = g_string_new ("position startpos");

  if (moves != NULL && moves[0] != NULL)
    {
      g_string_append (s, " moves");
      for (guint i = 0; moves[i] != NULL; i++)
        {
          if (!cheops_uci_is_move_text (moves[i]))
            {
              g_string_free (s, TRUE);
              return NULL;
            }
          g_string_append_c (s, ' ');
          g_string_append (s, moves[i]);
        }
    }
  return g_string_free (s, FALSE);
}

char *
cheops_uci_format_setoption (const char *name,
                             const char *value)
{
  if (name == NULL || *name == '\0' || !is_single_line (name))
    return NULL;
  if (value != NULL && !is_single_line (value))
    return NULL;
  if (value == NULL)
    return g_strdup_printf ("setoption name %s", name);
  return g_strdup_printf ("setoption name %s value %s", name, value);
}

char *
cheops_uci_format_go (int    depth,
                      gint64 nodes,
                      gint64 movetime_ms)
{
  GString *s = g_string_new ("go");

  if (depth <= 0 && nodes <= 0 && movetime_ms <= 0)
    {
      g_string_append (s, " infinite");
      return g_string_free (s, FALSE);
    }
  if (depth > 0)
    g_string_append_printf (s, " depth %d", depth);
  if (nodes > 0)
    g_string_append_printf (s, " nodes %" G_GINT64_FORMAT, nodes);
  if (movetime_ms > 0)
    g_string_append_printf (s, " movetime %" G_GINT64_FORMAT, movetime_ms);
  return g_string_free (s, FALSE);
}
