/* cheops-problem.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Problems: the stipulation tag and where it stands in a file
 * (cheops-problem.h).
 */
#define G_LOG_DOMAIN "cheops-problem"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "cheops-game-node.h"
#include "cheops-problem.h"

G_DEFINE_QUARK (cheops-problem-error-quark, cheops_problem_error)

/* The 1-based character column of @p in @text. */
static guint
column_of (const char *text, const char *p)
{
  return (guint) g_utf8_strlen (text, p - text) + 1;
}

static const char *
skip_blanks (const char *p)
{
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* Whether @p starts with the word @word (ASCII, any case); *@end after it. */
static gboolean
has_word (const char *p, const char *word, const char **end)
{
  size_t n = strlen (word);

  if (g_ascii_strncasecmp (p, word, n) != 0)
    return FALSE;
  *end = p + n;
  return TRUE;
}

static gboolean
fail (GError **error, guint *column, const char *text, const char *at, int code, char *message)
{
  if (column != NULL)
    *column = column_of (text, at);
  g_set_error_literal (error, CHEOPS_PROBLEM_ERROR, code, message);
  g_free (message);
  return FALSE;
}

gboolean
cheops_stipulation_parse (const char        *text,
                          CheopsStipulation *stipulation,
                          guint             *column,
                          GError           **error)
{
  const char *p, *q, *digits;
  guint64 n = 0;
  CheopsStipulationGenre genre = CHEOPS_STIPULATION_DIRECT;

  g_return_val_if_fail (text != NULL, FALSE);

  p = skip_blanks (text);
  /* Genres the solver does not solve. */
  for (guint i = 0; i < 2; i++)
    {
      static const char *const genres[] = { "hs#", "r#" };

      if (has_word (p, genres[i], &q))
        return fail (error, column, text, p, CHEOPS_PROBLEM_ERROR_UNSUPPORTED,
                     g_strdup_printf (_("“%s” problems are not supported: only “#N”, “h#N”, “s#N” and “ser-#N”"),
                                      genres[i]));
    }
  if (has_word (p, "h#", &q))
    genre = CHEOPS_STIPULATION_HELP;
  else if (has_word (p, "s#", &q))
    genre = CHEOPS_STIPULATION_SELF;
  else if (has_word (p, "ser-#", &q))
    genre = CHEOPS_STIPULATION_SERIES;
  if (genre != CHEOPS_STIPULATION_DIRECT)
    p = skip_blanks (q);
  else if (*p == '#' || *p == '+')
    p = skip_blanks (p + 1);
  else if (has_word (p, "wins", &q) || has_word (p, "win", &q))
    {
      q = skip_blanks (q);
      if (!has_word (q, "in", &p))
        return fail (error, column, text, q, CHEOPS_PROBLEM_ERROR_SYNTAX,
                     g_strdup (_("expected “in” and a number of moves")));
      p = skip_blanks (p);
    }
  else
    return fail (error, column, text, p, CHEOPS_PROBLEM_ERROR_SYNTAX,
                 g_strdup (_("expected a stipulation: “#” and a number of moves, as “#3”")));

  digits = p;
  while (g_ascii_isdigit (*p))
    {
      n = n * 10 + (guint64) (*p - '0');
      if (n > 1000000)
        n = 1000000;
      p++;
    }
  if (p == digits)
    return fail (error, column, text, p, CHEOPS_PROBLEM_ERROR_SYNTAX,
                 g_strdup (_("expected a number of moves")));
  if (n < 1 || n > CHEOPS_PROBLEM_MAX_MOVES)
    return fail (error, column, text, digits, CHEOPS_PROBLEM_ERROR_RANGE,
                 g_strdup_printf (_("the number of moves must be 1 to %d"), CHEOPS_PROBLEM_MAX_MOVES));
  p = skip_blanks (p);
  if (*p != '\0')
    return fail (error, column, text, p, CHEOPS_PROBLEM_ERROR_SYNTAX,
                 g_strdup (_("unexpected text after the number of moves")));
  if (stipulation != NULL)
    {
      stipulation->moves = (int) n;
      stipulation->genre = genre;
    }
  return TRUE;
}

char *
cheops_stipulation_to_string (const CheopsStipulation *stipulation)
{
  static const char *const signs[] = { "#", "h#", "s#", "ser-#" };

  g_return_val_if_fail (stipulation != NULL, NULL);
  g_return_val_if_fail ((guint) stipulation->genre < G_N_ELEMENTS (signs), NULL);
  return g_strdup_printf ("%s%d", signs[stipulation->genre], stipulation->moves);
}

gboolean
cheops_problem_locate_tag (const char *file_text,
                           gssize      file_length,
                           guint       game_line,
                           const char *name,
                           guint      *line,
                           guint      *column)
{
  const char *p, *end;
  guint l = 1;
  size_t name_len;

  g_return_val_if_fail (file_text != NULL && name != NULL, FALSE);

  name_len = strlen (name);
  end = file_text + (file_length < 0 ? (gssize) strlen (file_text) : file_length);
  p = file_text;
  if (end - p >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
    p += 3;   /* a BOM: no column */
  while (l < game_line && p < end)
    {
      const char *nl = memchr (p, '\n', (size_t) (end - p));

      if (nl == NULL)
        return FALSE;
      p = nl + 1;
      l++;
    }
  /* The tag section: lines that start with "[" (after blanks). */
  while (p < end)
    {
      const char *nl = memchr (p, '\n', (size_t) (end - p));
      const char *eol = nl != NULL ? nl : end;
      const char *q = p;

      while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
        q++;
      if (q == eol)
        {
          if (l > game_line)
            return FALSE;   /* the blank line that ends the tags */
        }
      else if (*q != '[')
        return FALSE;
      /* Every tag pair on the line. */
      while (q < eol && *q == '[')
        {
          const char *t = q + 1;

          if ((size_t) (eol - t) > name_len && strncmp (t, name, name_len) == 0
              && (t[name_len] == ' ' || t[name_len] == '\t' || t[name_len] == '"'))
            {
              const char *v = t + name_len;

              while (v < eol && *v != '"')
                v++;
              if (v < eol)
                {
                  if (line != NULL)
                    *line = l;
                  if (column != NULL)
                    *column = (guint) g_utf8_strlen (p, v + 1 - p) + 1;
                  return TRUE;
                }
            }
          while (q < eol && *q != ']')
            q++;
          if (q < eol)
            q++;
          while (q < eol && (*q == ' ' || *q == '\t' || *q == '\r'))
            q++;
        }
      if (nl == NULL)
        break;
      p = nl + 1;
      l++;
    }
  return FALSE;
}

gboolean
cheops_problem_get_stipulation (CheopsGame        *game,
                                const char        *file_text,
                                gssize             file_length,
                                guint              game_line,
                                CheopsStipulation *stipulation,
                                GError           **error)
{
  g_autoptr(GError) local = NULL;
  const char *value;
  guint column = 0, line = 0, value_column = 1;

  g_return_val_if_fail (CHEOPS_IS_GAME (game), FALSE);

  value = cheops_game_get_tag (game, CHEOPS_PROBLEM_TAG_STIPULATION);
  if (value == NULL)
    {
      g_set_error_literal (error, CHEOPS_PROBLEM_ERROR, CHEOPS_PROBLEM_ERROR_NO_STIPULATION,
                           _("no Stipulation tag"));
      return FALSE;
    }
  if (cheops_stipulation_parse (value, stipulation, &column, &local))
    return TRUE;
  if (file_text != NULL
      && cheops_problem_locate_tag (file_text, file_length, game_line, CHEOPS_PROBLEM_TAG_STIPULATION,
                                    &line, &value_column))
    {
      /* The tag's value as written may hold escapes (\" \\) before the
       * place; a stipulation never does, so the columns agree. */
    }
  else
    value_column = 1;
  g_set_error (error, CHEOPS_PROBLEM_ERROR, local->code, "%u:%u: %s",
               line, value_column + column - 1, local->message);
  return FALSE;
}

void
cheops_problem_set_stipulation (CheopsGame              *game,
                                const CheopsStipulation *stipulation)
{
  g_autofree char *text = NULL;

  g_return_if_fail (CHEOPS_IS_GAME (game));

  if (stipulation != NULL)
    text = cheops_stipulation_to_string (stipulation);
  cheops_game_set_tag (game, CHEOPS_PROBLEM_TAG_STIPULATION, text, NULL);
}

gboolean
cheops_problem_get_solutions (CheopsGame *game,
                              int        *n,
                              GError    **error)
{
  const char *value, *p, *digits;
  guint64 k = 0;

  g_return_val_if_fail (CHEOPS_IS_GAME (game) && n != NULL, FALSE);

  *n = 1;
  value = cheops_game_get_tag (game, CHEOPS_PROBLEM_TAG_SOLUTIONS);
  if (value == NULL)
    return TRUE;
  p = digits = skip_blanks (value);
  while (g_ascii_isdigit (*p))
    {
      k = MIN (k * 10 + (guint64) (*p - '0'), 1000000);
      p++;
    }
  if (p == digits || *skip_blanks (p) != '\0')
    {
      g_set_error (error, CHEOPS_PROBLEM_ERROR, CHEOPS_PROBLEM_ERROR_SYNTAX,
                   _("the Solutions tag “%s” is not a number of solutions"), value);
      return FALSE;
    }
  if (k < 1 || k > 256)
    {
      g_set_error (error, CHEOPS_PROBLEM_ERROR, CHEOPS_PROBLEM_ERROR_RANGE,
                   _("the number of solutions must be 1 to %d"), 256);
      return FALSE;
    }
  *n = (int) k;
  return TRUE;
}

CheopsMove
cheops_problem_get_key (CheopsGame *game)
{
  CheopsGameNode *first;

  g_return_val_if_fail (CHEOPS_IS_GAME (game), CHEOPS_MOVE_NONE);

  first = cheops_game_node_get_first_child (cheops_game_get_root (game));
  return first != NULL ? cheops_game_node_get_move (first) : CHEOPS_MOVE_NONE;
}
