/* cheops-pgn-writer.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The writer of game files: canonical text (cheops-pgn.h says what it
 * looks like).  The tree is walked without recursion.
 */
#define G_LOG_DOMAIN "cheops-game"

#include <string.h>

#include "cheops-game-private.h"
#include "cheops-file-write.h"
#include "cheops-pgn.h"

#define LINE_WIDTH 80

/* Fills lines of movetext: words separated by one space, a line break
 * instead when the next word would pass column LINE_WIDTH.  A word is held
 * back until it is complete, so that "(" can be glued before it and ")"
 * after it. */
typedef struct {
  GString *out;
  gsize    column;     /* characters on the current line */
  GString *word;       /* the word being completed */
  GString *prefix;     /* "(" waiting for the next word */
} Filler;

static void
fill_flush (Filler *f)
{
  gsize width;

  if (f->word->len == 0)
    return;
  width = g_utf8_strlen (f->word->str, f->word->len);
  /* Never start a line with "%": it would read as an escape line. */
  if (f->column > 0 && f->column + 1 + width > LINE_WIDTH && f->word->str[0] != '%')
    {
      g_string_append_c (f->out, '\n');
      f->column = 0;
    }
  else if (f->column > 0)
    {
      g_string_append_c (f->out, ' ');
      f->column++;
    }
  g_string_append_len (f->out, f->word->str, f->word->len);
  f->column += width;
  g_string_truncate (f->word, 0);
}

static void
fill_word (Filler     *f,
           const char *word,
           gsize       len)
{
  fill_flush (f);
  g_string_append_len (f->word, f->prefix->str, f->prefix->len);
  g_string_truncate (f->prefix, 0);
  g_string_append_len (f->word, word, len);
}

/* Whether a line starting at @s could read as a tag pair: a word "[" or
 * "[Name" (the reader's recovery takes such a line, within a comment left
 * open, for the next game's tags). */
static gboolean
starts_like_tag (const char *s)
{
  return s[0] == '[' && (s[1] == ' ' || s[1] == '\n' || s[1] == '\0' || g_ascii_isalnum (s[1]) || s[1] == '_');
}

/* A comment: "{" and "}" glued to its first and last words, which are
 * split at spaces.  A paragraph break ("\n" in the comment) is written as
 * a blank line, which the reader takes back as one (a single line break
 * is only the writer's wrapping); the line after it starts with a space
 * if its word starts with "%" (not an escape line).  A paragraph that
 * starts like a tag pair is joined to the one before it by a space
 * instead: only the break is lost, never the text. */
static void
fill_comment (Filler     *f,
              const char *text,
              GString    *scratch)
{
  const char *s = text;

  /* A "}" cannot stand in a {comment} (one read from a ";" comment can
   * hold it): such a comment is written as a ";" comment, to the end of
   * its line, its paragraphs joined by spaces. */
  if (strchr (text, '}') != NULL)
    {
      g_string_assign (scratch, ";");
      g_string_append (scratch, text);
      g_strdelimit (scratch->str, "\n", ' ');
      fill_word (f, scratch->str, scratch->len);
      fill_flush (f);
      g_string_append_c (f->out, '\n');
      f->column = 0;
      return;
    }

  g_string_assign (scratch, "{");
  for (;;)
    {
      const char *end = s + strcspn (s, " \n");
      char separator = *end;

      g_string_append_len (scratch, s, end - s);
      if (separator == '\0')
        break;
      s = end + 1;
      if (separator == '\n' && !starts_like_tag (s))
        {
          fill_word (f, scratch->str, scratch->len);
          fill_flush (f);
          g_string_append (f->out, "\n\n");
          f->column = 0;
          g_string_assign (scratch, s[0] == '%' ? " " : "");
          continue;
        }
      /* A word "[" or "[Name" must not start a line: the line could read
       * as a tag pair, which ends a comment left open (the reader's
       * recovery).  It is kept on the line of the word before it. */
      if (starts_like_tag (s))
        {
          g_string_append_c (scratch, ' ');
          continue;
        }
      fill_word (f, scratch->str, scratch->len);
      g_string_truncate (scratch, 0);
    }
  g_string_append_c (scratch, '}');
  fill_word (f, scratch->str, scratch->len);
}

/* The comment after @node, its annotations first. */
static gboolean
fill_comment_after (Filler              *f,
                    const CheopsVariant *variant,
                    CheopsGameNode      *node,
                    GString             *scratch,
                    GString             *text)
{
  const CheopsAnnotations *a = cheops_game_node_get_annotations (node);
  const char *comment = cheops_game_node_get_comment_after (node);

  if (cheops_annotations_is_empty (a) && comment == NULL)
    return FALSE;
  g_string_truncate (text, 0);
  cheops_annotations_append (a, variant, text);
  if (comment != NULL)
    {
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, comment);
    }
  fill_comment (f, text->str, scratch);
  return TRUE;
}

static void
write_tag (GString    *out,
           const char *name,
           const char *value)
{
  g_string_append_c (out, '[');
  g_string_append (out, name);
  g_string_append (out, " \"");
  for (const char *s = value; *s; s++)
    {
      if (*s == '"' || *s == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *s);
    }
  g_string_append (out, "\"]\n");
}

/* A line of play being written: the next node on it, whether its move
 * number must be written, the next variation of the node just written. */
typedef struct {
  CheopsGameNode *node;
  CheopsGameNode *variation;
  gboolean        force_number;
  gboolean        is_variation;
  CheopsPosition  pos;        /* before node's move */
  CheopsPosition  var_pos;    /* before the variations' moves */
} Line;

static void
append_bytes (GString *out,
              GBytes  *bytes)
{
  gsize len;
  const char *data;

  if (bytes == NULL)
    return;
  data = g_bytes_get_data (bytes, &len);
  g_string_append_len (out, data, len);
}

void
cheops_pgn_write_game_to (CheopsGame *game,
                          GString    *out)
{
  const CheopsPosition *start;
  CheopsGameNode *root;
  char fen[CHEOPS_FEN_MAX];
  Filler f = { out, 0, NULL, NULL };
  GString *scratch, *text;
  GArray *stack;
  guint n_tags;
  const char *source;
  gsize source_length;

  g_return_if_fail (CHEOPS_IS_GAME (game));
  g_return_if_fail (out != NULL);

  /* The escape lines read before the game come first. */
  append_bytes (out, _cheops_game_get_escapes (game, CHEOPS_ESCAPES_BEFORE));

  /* A game read with errors and not edited since is written back as it
   * was read, every byte (a NUL included): its tree lacks what came after
   * the first error.  Its escape lines are in that text.  A text that
   * starts with "%", or with a byte order mark and "%" (the game started
   * after something else on its line), is written after a blank, lest it
   * read as an escape line (the reader skips a byte order mark at the
   * start of a line). */
  source = cheops_game_get_source (game, &source_length);
  if (source != NULL)
    {
      if ((source_length > 0 && source[0] == '%')
          || (source_length > 3 && memcmp (source, "\xEF\xBB\xBF%", 4) == 0))
        g_string_append_c (out, ' ');
      g_string_append_len (out, source, source_length);
      if (out->len == 0 || out->str[out->len - 1] != '\n')
        g_string_append_c (out, '\n');
      append_bytes (out, _cheops_game_get_escapes (game, CHEOPS_ESCAPES_AFTER));
      return;
    }
  /* Escape lines read inside the game: before its tags. */
  append_bytes (out, _cheops_game_get_escapes (game, CHEOPS_ESCAPES_INSIDE));

  /* Tags: the roster (always first in a game), the variant, the start. */
  n_tags = cheops_game_get_n_tags (game);
  for (guint i = 0; i < 7 && i < n_tags; i++)
    {
      const char *name, *value;
      cheops_game_get_nth_tag (game, i, &name, &value);
      write_tag (out, name, value);
    }
  write_tag (out, "Variant", cheops_game_get_variant (game)->title);
  start = cheops_game_get_start_position (game);
  cheops_position_to_fen (start, fen, sizeof fen);
  if (strcmp (fen, cheops_game_get_variant (game)->start_fen) != 0)
    {
      write_tag (out, "SetUp", "1");
      write_tag (out, "FEN", fen);
    }
  for (guint i = 7; i < n_tags; i++)
    {
      const char *name, *value;
      cheops_game_get_nth_tag (game, i, &name, &value);
      write_tag (out, name, value);
    }
  g_string_append_c (out, '\n');

  /* Movetext. */
  scratch = g_string_new (NULL);
  text = g_string_new (NULL);
  f.word = g_string_new (NULL);
  f.prefix = g_string_new (NULL);
  root = cheops_game_get_root (game);
  fill_comment_after (&f, cheops_game_get_variant (game), root, scratch, text);

  stack = g_array_new (FALSE, FALSE, sizeof (Line));
  {
    Line first = { root->first_child, NULL, TRUE, FALSE };
    first.pos = *start;
    g_array_append_val (stack, first);
  }
  while (stack->len > 0)
    {
      Line *line = &g_array_index (stack, Line, stack->len - 1);
      CheopsGameNode *node;
      gboolean before_inside;

      if (line->variation != NULL)
        {
          Line sub = { line->variation, NULL, TRUE, TRUE };

          sub.pos = line->var_pos;
          line->variation = line->variation->next_sibling;
          line->force_number = TRUE;
          g_string_append_c (f.prefix, '(');
          g_array_append_val (stack, sub);
          continue;
        }
      node = line->node;
      if (node == NULL)
        {
          if (line->is_variation)
            {
              /* ")" is glued to the last word, unless that would make a
               * word wider than a line (deep nesting closes many at once):
               * then the closing run goes on as a word of its own. */
              if (g_utf8_strlen (f.word->str, f.word->len) + 1 > LINE_WIDTH)
                fill_flush (&f);
              g_string_append_c (f.word, ')');
            }
          g_array_set_size (stack, stack->len - 1);
          if (stack->len > 0)
            g_array_index (stack, Line, stack->len - 1).force_number = TRUE;
          continue;
        }

      /* A comment before a move is written before it only where a reader
       * reads it so: at the start of a variation (or of the game).  Inside
       * a line it would read back as the previous move's comment (a
       * variation's first move made the main line, issue 25): there it
       * follows the move, and stays with it. */
      before_inside = node->comment_before != NULL && node->parent->first_child == node
                      && node->parent->parent != NULL;
      if (node->comment_before != NULL && !before_inside)
        {
          fill_comment (&f, node->comment_before, scratch);
          line->force_number = TRUE;
        }
      g_string_truncate (scratch, 0);
      if (node->mover == CHEOPS_SIDE_A)
        g_string_append_printf (scratch, "%u. ", node->move_number);
      else if (line->force_number)
        g_string_append_printf (scratch, "%u... ", node->move_number);
      /* SANs are computed here along the walk, not from cached
       * positions: a read tree has none yet. */
      if (node->san[0] == '\0')
        cheops_move_to_san (&line->pos, node->move, node->san);
      g_string_append (scratch, node->san);
      fill_word (&f, scratch->str, scratch->len);
      for (guint i = 0; i < node->n_nags; i++)
        {
          char nag[8];
          int n = g_snprintf (nag, sizeof nag, "$%u", node->nags[i]);
          fill_word (&f, nag, n);
        }
      if (before_inside)
        fill_comment (&f, node->comment_before, scratch);
      line->force_number = fill_comment_after (&f, cheops_game_get_variant (game), node, scratch, text)
                           || before_inside;

      /* The variations of this move follow it (only a first child has
       * them: later children are variations themselves). */
      if (node->parent->first_child == node && node->next_sibling != NULL)
        {
          line->variation = node->next_sibling;
          line->var_pos = line->pos;
        }
      line->node = node->first_child;
      if (line->node != NULL)
        {
          CheopsUndo undo;
          cheops_position_do_move (&line->pos, node->move, &undo);
        }
    }
  g_array_unref (stack);

  fill_word (&f, cheops_game_get_result (game), strlen (cheops_game_get_result (game)));
  fill_flush (&f);
  g_string_append_c (out, '\n');
  append_bytes (out, _cheops_game_get_escapes (game, CHEOPS_ESCAPES_AFTER));
  g_string_free (f.word, TRUE);
  g_string_free (f.prefix, TRUE);
  g_string_free (scratch, TRUE);
  g_string_free (text, TRUE);
}

char *
cheops_pgn_write_game (CheopsGame *game)
{
  GString *out = g_string_new (NULL);

  cheops_pgn_write_game_to (game, out);
  return g_string_free (out, FALSE);
}

static GString *
write_games (GPtrArray *games)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < games->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, '\n');
      cheops_pgn_write_game_to (games->pdata[i], out);
    }
  return out;
}

char *
cheops_pgn_write_games (GPtrArray *games)
{
  g_return_val_if_fail (games != NULL, NULL);
  return g_string_free (write_games (games), FALSE);
}

GBytes *
cheops_pgn_write_games_to_bytes (GPtrArray *games)
{
  g_return_val_if_fail (games != NULL, NULL);
  return g_string_free_to_bytes (write_games (games));
}

gboolean
cheops_pgn_write_file (const char  *path,
                       GPtrArray   *games,
                       GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (games != NULL, FALSE);
  bytes = cheops_pgn_write_games_to_bytes (games);
  return cheops_file_write_atomic (path, bytes, CHEOPS_FILE_WRITE_NONE, NULL, error);
}
