/* cheops-pgn-reader.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The reader of game files (DESIGN.md section 4; the format is described in
 * cheops-pgn.h).  One pass over the bytes, no recursion: open variations
 * are an explicit stack, so a game nested 100 000 deep reads like any other.
 * Moves are read and checked by the core (cheops_move_from_san()).
 */
#define G_LOG_DOMAIN "cheops-game"

#include <string.h>

#include "cheops-game-private.h"
#include "cheops-pgn.h"

struct _CheopsPgnReader {
  GBytes      *bytes;
  GMappedFile *mapped;
  const char  *text;
  const char  *end;
  const char  *p;            /* where reading goes on */
  const char  *line_start;   /* start of the line of p */
  guint        line;         /* of p, 1-based */
  guint        game_index;   /* of the next game */
  guint        game_line;    /* of the last game returned */
  gsize        game_offset;  /* of the last game returned: its source text, in bytes from the text's start */
  gsize        game_length;
  GArray      *escapes;      /* of Span: "%" lines met and not yet given to a game */
  const CheopsVariant *default_variant; /* of a game without [Variant] */
  /* The last column counted (mark_column()): many errors on one long line
   * count it once, not once each. */
  const char  *column_line_start;
  const char  *column_at;
  guint        column;
  /* The last search for a "}" (find_comment_close()): from where, and the
   * "}" found, or NULL for none to the end.  Many comments without one
   * search the rest of the text once, not once each. */
  const char  *close_from;
  const char  *close_found;
  /* The first CR at or after cr_from, or NULL for none (find_cr_or_lf()). */
  const char  *cr_from;
  const char  *cr_at;
  GBytes      *escapes_without_game; /* of a text without a game */
  /* Kept from game to game (emptied for each), so that reading a game
   * allocates for its tree, not for its reading. */
  GArray      *keys_buf;      /* guint64 */
  GArray      *stack_buf;     /* Frame */
  GString     *pending_buf;
  GString     *open_text;     /* the comment of GameReader.open_node */
  GString     *command;       /* a [%...] command being read */
  GArray      *tags_buf;      /* RawTag */
  GPtrArray   *positions;     /* CheopsPosition, one per depth of variations */
  CheopsGameNodeChunk *chunk; /* where the nodes read come from */
};

/* A "%" escape line: where it starts and its length up to its line break. */
typedef struct {
  const char *at;
  gsize       len;
} Span;

/* Where a token starts, for error messages. */
typedef struct {
  guint       line;
  const char *line_start;
  const char *at;
} Mark;

/* The state of one line of play: the node reached, the position after
 * its move with what undoes that move, and, for an open variation, where
 * its "(" was. */
typedef struct {
  CheopsGameNode *node;
  CheopsPosition *after;      /* the reader's position of this depth of
                               * variations (CheopsPgnReader.positions):
                               * a variation's "(" copies it, its ")" leaves
                               * the copy */
  CheopsUndo      undo;
  Mark            open;
  guint           n_keys;     /* the keys of the path to node */
  CheopsGameNode *last_sibling; /* the last child of node's parent read so far: where
                                 * a variation's move is appended (no walk along the
                                 * siblings, quadratic in many variations) */
} Frame;

typedef struct {
  CheopsPgnReader *reader;
  GPtrArray       *errors;       /* may be NULL */
  guint            n_errors;
  CheopsGame      *game;
  CheopsGameNode  *root;
  Frame            cur;
  GArray          *stack;        /* of Frame: the lines left by "(" */
  gboolean         fresh;        /* no move yet in the current line */
  GString         *pending;      /* comment before the next move */
  gboolean         result_tag;   /* a Result tag was given */
  Mark             result_tag_mark;
  gboolean         result_token; /* the movetext ended with a result */
  Mark             result_token_mark;
  GArray          *keys;         /* guint64: the positions from the root to cur, the first
                                  * cur.n_keys of its elements (its length is what is
                                  * allocated; put_key()) */
  /* The comment after a node read so far is given to the node when
   * reading goes on to another node's (a comment added to comment by
   * comment would be copied each time): open_node's is open_text, the
   * reader's; a node whose comment is given and then goes on (after a
   * variation) has it in comments, given at the game's end. */
  CheopsGameNode  *open_node;
  GHashTable      *comments;     /* CheopsGameNode → GString */
} GameReader;

void
cheops_pgn_error_free (CheopsPgnError *self)
{
  if (self == NULL)
    return;
  g_free (self->message);
  g_free (self);
}

char *
cheops_pgn_error_to_string (const CheopsPgnError *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_strdup_printf ("%u:%u: %s", self->line, self->column, self->message);
}

static void
reader_init_text (CheopsPgnReader *self,
                  const char      *text,
                  gsize            length)
{
  self->text = text;
  self->end = text + length;
  self->p = text;
  self->line = 1;
  /* A UTF-8 byte order mark is not part of the text (nor of columns). */
  if (length >= 3 && memcmp (text, "\xEF\xBB\xBF", 3) == 0)
    self->p += 3;
  self->line_start = self->p;
  self->escapes = g_array_new (FALSE, FALSE, sizeof (Span));
  self->default_variant = &cheops_variant_cheops;
}

CheopsPgnReader *
cheops_pgn_reader_new_from_bytes (GBytes *bytes)
{
  CheopsPgnReader *self = g_new0 (CheopsPgnReader, 1);
  gsize length;
  const char *data;

  g_return_val_if_fail (bytes != NULL, NULL);
  self->bytes = g_bytes_ref (bytes);
  data = g_bytes_get_data (bytes, &length);
  reader_init_text (self, data != NULL ? data : "", length);
  return self;
}

CheopsPgnReader *
cheops_pgn_reader_new (const char *text,
                       gssize      length)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  if (length < 0)
    length = strlen (text);
  bytes = g_bytes_new (text, length);
  return cheops_pgn_reader_new_from_bytes (bytes);
}

void
cheops_pgn_reader_set_default_variant (CheopsPgnReader     *self,
                                       const CheopsVariant *variant)
{
  g_return_if_fail (self != NULL);
  self->default_variant = variant != NULL ? variant : &cheops_variant_cheops;
}

CheopsPgnReader *
cheops_pgn_reader_new_for_path (const char  *path,
                                GError     **error)
{
  CheopsPgnReader *self;
  GMappedFile *mapped;

  g_return_val_if_fail (path != NULL, NULL);
  /* Mapping a directory fails with a confusing "No such device". */
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "%s: is a directory", path);
      return NULL;
    }
  mapped = g_mapped_file_new (path, FALSE, error);
  if (mapped == NULL)
    return NULL;
  self = g_new0 (CheopsPgnReader, 1);
  self->mapped = mapped;
  reader_init_text (self,
                    g_mapped_file_get_contents (mapped) != NULL ? g_mapped_file_get_contents (mapped) : "",
                    g_mapped_file_get_length (mapped));
  return self;
}

void
cheops_pgn_reader_free (CheopsPgnReader *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->bytes, g_bytes_unref);
  g_clear_pointer (&self->mapped, g_mapped_file_unref);
  g_clear_pointer (&self->escapes, g_array_unref);
  g_clear_pointer (&self->escapes_without_game, g_bytes_unref);
  _cheops_game_node_chunk_release (self->chunk);
  g_clear_pointer (&self->keys_buf, g_array_unref);
  g_clear_pointer (&self->stack_buf, g_array_unref);
  g_clear_pointer (&self->tags_buf, g_array_unref);
  g_clear_pointer (&self->positions, g_ptr_array_unref);
  if (self->pending_buf != NULL)
    g_string_free (self->pending_buf, TRUE);
  if (self->open_text != NULL)
    g_string_free (self->open_text, TRUE);
  if (self->command != NULL)
    g_string_free (self->command, TRUE);
  g_free (self);
}

GBytes *
cheops_pgn_reader_get_escapes_without_game (CheopsPgnReader *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->escapes_without_game != NULL ? g_bytes_ref (self->escapes_without_game) : NULL;
}

guint
cheops_pgn_reader_get_game_line (CheopsPgnReader *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->game_line;
}

void
cheops_pgn_reader_get_game_span (CheopsPgnReader *self,
                                 gsize           *offset,
                                 gsize           *length)
{
  g_return_if_fail (self != NULL);
  if (offset != NULL)
    *offset = self->game_offset;
  if (length != NULL)
    *length = self->game_length;
}

/* Scanning. */

static inline Mark
mark_here (CheopsPgnReader *r)
{
  Mark m = { r->line, r->line_start, r->p };
  return m;
}

/* The column of @m, in characters from 1; counted on from the last column
 * counted when it is on the same line and not before it. */
static guint
mark_column (CheopsPgnReader *r,
             const Mark      *m)
{
  const char *s = m->line_start;
  guint column = 1;

  if (r->column_line_start == m->line_start && r->column_at <= m->at)
    {
      s = r->column_at;
      column = r->column;
    }
  for (; s < m->at; s++)
    if (((guchar) *s & 0xC0) != 0x80)
      column++;
  r->column_line_start = m->line_start;
  r->column_at = m->at;
  r->column = column;
  return column;
}

static inline void
new_line (CheopsPgnReader *r,
          const char      *after_newline)
{
  r->line++;
  r->line_start = after_newline;
}

/* Line breaks: LF, CR LF and CR alone (old Mac files) alike, everywhere a
 * line matters: escape lines, ";" comments, tag lines, line numbers. */

/* Whether the byte at @s (before @end) ends a line: an LF, or a CR not
 * followed by an LF (the LF of a CR LF ends the line). */
static inline gboolean
is_line_break (const char *s,
               const char *end)
{
  return *s == '\n' || (*s == '\r' && (s + 1 >= end || s[1] != '\n'));
}

/* The first CR or LF in [@from, @to), or @to.  memchr() for each: the
 * first CR at or after a point is kept (r->cr_from, r->cr_at), since most
 * texts have none, or one per line. */
static const char *
find_cr_or_lf (CheopsPgnReader *r,
               const char      *from,
               const char      *to)
{
  const char *lf, *cr;

  if (from >= to)
    return to;
  if (r->cr_from == NULL || from < r->cr_from || (r->cr_at != NULL && from > r->cr_at))
    {
      r->cr_from = from;
      r->cr_at = memchr (from, '\r', r->end - from);
    }
  cr = r->cr_at != NULL && r->cr_at < to ? r->cr_at : to;
  lf = memchr (from, '\n', cr - from);
  return lf != NULL ? lf : cr;
}

/* Whether @len bytes at @s are UTF-8 text without a NUL (as
 * g_utf8_validate() judges it): ASCII, the usual case, checked first. */
static gboolean
is_utf8_text (const char *s,
              gsize       len)
{
  gsize i = 0;

  /* Eight bytes at a time while they hold no byte above 0x7F and no NUL. */
  for (; i + 8 <= len; i += 8)
    {
      guint64 w;

      memcpy (&w, s + i, 8);
      if ((w & 0x8080808080808080ull) != 0
          || ((w - 0x0101010101010101ull) & ~w & 0x8080808080808080ull) != 0)
        break;
    }
  for (; i < len; i++)
    {
      guchar c = (guchar) s[i];

      if (c == 0 || c >= 0x80)
        return g_utf8_validate (s + i, len - i, NULL);
    }
  return TRUE;
}

/* Moves p to @to, counting the line breaks in between. */
static void
advance_to (CheopsPgnReader *r,
            const char      *to)
{
  const char *s = r->p;

  while ((s = find_cr_or_lf (r, s, to)) < to)
    {
      gboolean brk = is_line_break (s, r->end);

      s++;
      if (brk)
        new_line (r, s);
    }
  r->p = to;
}

/* Where the line of p ends: its first CR or LF, or the end of the text. */
static const char *
line_end (CheopsPgnReader *r)
{
  return find_cr_or_lf (r, r->p, r->end);
}

/* Whether only blanks stand between the start of the line and p. */
static gboolean
at_line_head (CheopsPgnReader *r)
{
  /* Backwards: a long line's every "[" costs the blanks before it only. */
  for (const char *s = r->p; s > r->line_start; s--)
    if (s[-1] != ' ' && s[-1] != '\t')
      return FALSE;
  return TRUE;
}

/* Skips white space, line breaks and "%" escape lines (a "%" in the first
 * column; the PGN standard's escape mechanism).  The escape lines are
 * noted in r->escapes, to be given to a game (cheops_pgn_reader_next()). */
static void
skip_space_slow (CheopsPgnReader *r)
{
  while (r->p < r->end)
    {
      char c = *r->p;

      /* The usual cases first: a token starts, a blank. */
      if ((guchar) c > ' ' && c != '%' && (guchar) c != 0xEF)
        break;
      if (c == ' ')
        {
          r->p++;
          continue;
        }
      if (c == '\n' || c == '\r')
        {
          gboolean brk = is_line_break (r->p, r->end);

          r->p++;
          if (brk)
            new_line (r, r->p);
        }
      else if (c == ' ' || c == '\t' || c == '\f' || c == '\v')
        r->p++;
      else if ((guchar) c == 0xEF && r->p == r->line_start && r->end - r->p >= 3
               && memcmp (r->p, "\xEF\xBB\xBF", 3) == 0)
        {
          /* A byte order mark at the start of a line: files joined with
           * cat(1) keep the second one's.  Not part of the text. */
          r->p += 3;
          r->line_start = r->p;
        }
      else if (c == '%' && r->p == r->line_start)
        {
          Span span = { r->p, 0 };

          r->p = line_end (r);
          span.len = r->p - span.at;
          g_array_append_val (r->escapes, span);
        }
      else
        break;
    }
}

/* skip_space_slow(), the usual case inline: blanks, then a token. */
static inline void
skip_space (CheopsPgnReader *r)
{
  const char *p = r->p;

  while (p < r->end && *p == ' ')
    p++;
  r->p = p;
  if (p < r->end && (guchar) *p > ' ' && *p != '%' && (guchar) *p != 0xEF)
    return;
  skip_space_slow (r);
}

static void
add_error_at (GameReader      *g,
              const Mark      *m,
              CheopsGameError  code,
              const char      *format,
              ...) G_GNUC_PRINTF (4, 5);

static void
add_error_at (GameReader      *g,
              const Mark      *m,
              CheopsGameError  code,
              const char      *format,
              ...)
{
  va_list args;
  CheopsPgnError *e;

  g->n_errors++;
  if (g->errors == NULL)
    return;
  e = g_new0 (CheopsPgnError, 1);
  e->code = code;
  e->line = m->line;
  e->column = mark_column (g->reader, m);
  e->game_index = g->reader->game_index;
  va_start (args, format);
  e->message = g_strdup_vprintf (format, args);
  va_end (args);
  g_ptr_array_add (g->errors, e);
}

static gboolean
is_delimiter (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
         || c == '{' || c == '}' || c == '(' || c == ')' || c == ';' || c == '$'
         || c == '[' || c == ']';
}

/* The length of the result token at p ("1-0" "0-1" "1/2-1/2" "*"), or 0. */
static gsize
result_length (CheopsPgnReader *r)
{
  static const char * const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
  gsize left = r->end - r->p;

  /* Each result but "*" has a '-' or '/' second: a move number or a move
   * has not. */
  if (left >= 2 && r->p[0] != '*' && r->p[1] != '-' && r->p[1] != '/')
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      gsize n = strlen (results[i]);
      if (left >= n && memcmp (r->p, results[i], n) == 0
          && (left == n || is_delimiter (r->p[n])))
        return n;
    }
  return 0;
}

/* Whether the line starting at @line starts a tag pair: blanks, "[",
 * blanks, a name, blanks and a double quote.  Where a game's tags can
 * start, so where reading resumes after an unclosed comment. */
static gboolean
is_tag_line (CheopsPgnReader *r,
             const char      *line)
{
  const char *s = line;
  const char *name;

  while (s < r->end && (*s == ' ' || *s == '\t'))
    s++;
  if (s >= r->end || *s != '[')
    return FALSE;
  s++;
  while (s < r->end && (*s == ' ' || *s == '\t'))
    s++;
  name = s;
  while (s < r->end && (g_ascii_isalnum (*s) || *s == '_'))
    s++;
  if (s == name)
    return FALSE;
  while (s < r->end && (*s == ' ' || *s == '\t'))
    s++;
  return s < r->end && *s == '"';
}

/* Whether the line starting at @line is a "%" escape line (a "%" in the
 * first column, after a byte order mark if any: as skip_space() reads it). */
static gboolean
is_escape_line (CheopsPgnReader *r,
                const char      *line)
{
  if (r->end - line >= 3 && memcmp (line, "\xEF\xBB\xBF", 3) == 0)
    line += 3;
  return line < r->end && *line == '%';
}

/* The "}" that closes the comment whose text starts at @from, or NULL if
 * the comment is not closed: when no "}" follows, or when a line that
 * starts a tag pair (is_tag_line()) or an escape line (is_escape_line())
 * comes first.  Then *@stop is set to the start of that line, or to the
 * end of the text: where the comment's text ends and reading resumes
 * (DESIGN.md section 4: a broken file keeps the rest).  A comment may span
 * lines, but not a line that starts with a tag pair (the writer never
 * breaks a line before a "[" in a comment) nor an escape line (PGN
 * standard 6: a "%" in the first column escapes its line, wherever it is;
 * the writer never starts a line with "%").  So the escape lines written
 * after a game with an unclosed comment (those of the next game) stay
 * escape lines when the text is read again, and a "}" in them closes
 * nothing: `pgn format` is a fixed point (issue 25). */
static const char *
find_comment_close_counting (CheopsPgnReader  *r,
                             const char       *from,
                             const char      **stop,
                             guint            *n_breaks,
                             const char      **last_line);

static const char *
find_comment_close (CheopsPgnReader  *r,
                    const char       *from,
                    const char      **stop)
{
  guint n_breaks;
  const char *last_line;

  return find_comment_close_counting (r, from, stop, &n_breaks, &last_line);
}

/* find_comment_close(), also counting the line breaks passed before the
 * "}" it finds (*@n_breaks) and where the line after the last of them
 * starts (*@last_line, NULL for none): what advance_to() would count up to
 * the "}". */
static const char *
find_comment_close_counting (CheopsPgnReader  *r,
                             const char       *from,
                             const char      **stop,
                             guint            *n_breaks,
                             const char      **last_line)
{
  const char *close;
  const char *limit;

  if (r->close_from != NULL && r->close_from <= from
      && (r->close_found == NULL || r->close_found >= from))
    close = r->close_found;
  else
    {
      close = memchr (from, '}', r->end - from);
      r->close_found = close;
    }
  r->close_from = from;
  limit = close != NULL ? close : r->end;
  const char *s = from;

  *n_breaks = 0;
  *last_line = NULL;
  while ((s = find_cr_or_lf (r, s, limit)) < limit)
    {
      if (!is_line_break (s, r->end))
        {
          s++;
          continue;
        }
      s++;
      (*n_breaks)++;
      *last_line = s;
      if (is_tag_line (r, s) || is_escape_line (r, s))
        {
          *stop = s;
          return NULL;
        }
    }
  *stop = r->end;
  return close;
}

/* After an error: skips to the end of the game, that is past its result,
 * or to a "[" that starts a line (the next game's tags), or to the end. */
static void
skip_rest_of_game (CheopsPgnReader *r)
{
  for (;;)
    {
      gsize n;

      skip_space (r);
      if (r->p >= r->end)
        return;
      if (*r->p == '{')
        {
          const char *stop;
          const char *close = find_comment_close (r, r->p + 1, &stop);
          advance_to (r, close != NULL ? close + 1 : stop);
        }
      else if (*r->p == ';')
        r->p = line_end (r);
      else if (*r->p == '[' && at_line_head (r))
        return;
      else if ((n = result_length (r)) > 0)
        {
          r->p += n;
          return;
        }
      else if (is_delimiter (*r->p))
        r->p++;
      else
        while (r->p < r->end && !is_delimiter (*r->p))
          r->p++;
    }
}

/* Tags. */

/* Whether the tag just read (p after it) ends the tag section: only blanks
 * follow on its line and the next line is blank.  What follows is the
 * movetext, or, when it is the next game's tags, nothing: a game of tags
 * without moves is a game of its own. */
static gboolean
blank_line_follows (CheopsPgnReader *r)
{
  guint breaks = 0;

  for (const char *s = r->p; ; s++)
    {
      if (s >= r->end)
        return breaks > 0;
      if (*s == '\n' || *s == '\r')
        {
          if (is_line_break (s, r->end) && ++breaks == 2)
            return TRUE;
        }
      else if (*s != ' ' && *s != '\t')
        return FALSE;
    }
}

typedef struct {
  char *name;
  char *value;
  Mark  value_mark;
} RawTag;

/* Whether the tag at p names a tag already read in @tags: then it is the
 * next game's (a game names each tag once).  @names holds the names of
 * @tags when there are more than a few (a set of names, the strings
 * @tags', created here): one look-up per tag, not a walk over the tags. */
static gboolean
tag_name_repeats (CheopsPgnReader  *r,
                  GArray           *tags,
                  GHashTable      **names)
{
  const char *s = r->p + 1;
  const char *name;
  char buf[64];

  while (s < r->end && (*s == ' ' || *s == '\t'))
    s++;
  name = s;
  while (s < r->end && (g_ascii_isalnum (*s) || *s == '_'))
    s++;
  if (s == name)
    return FALSE;
  if (tags->len < 16)
    {
      for (guint i = 0; i < tags->len; i++)
        {
          const RawTag *t = &g_array_index (tags, RawTag, i);

          if (strlen (t->name) == (gsize) (s - name) && memcmp (t->name, name, s - name) == 0)
            return TRUE;
        }
      return FALSE;
    }
  if (*names == NULL)
    *names = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = g_hash_table_size (*names); i < tags->len; i++)
    g_hash_table_add (*names, g_array_index (tags, RawTag, i).name);
  if ((gsize) (s - name) < sizeof buf)
    {
      memcpy (buf, name, s - name);
      buf[s - name] = '\0';
      return g_hash_table_contains (*names, buf);
    }
  {
    g_autofree char *copy = g_strndup (name, s - name);

    return g_hash_table_contains (*names, copy);
  }
}

static void
raw_tag_clear (gpointer data)
{
  RawTag *t = data;

  g_free (t->name);
  g_free (t->value);
}

/* Reads one [Name "value"] at p; on a malformed tag reports it and skips
 * the rest of the line. */
static void
read_tag (GameReader *g,
          GArray     *tags)
{
  CheopsPgnReader *r = g->reader;
  const char *eol = line_end (r);
  const char *name;
  GString *value;
  RawTag tag;
  Mark m;

  r->p++;                                 /* [ */
  while (r->p < eol && (*r->p == ' ' || *r->p == '\t'))
    r->p++;
  name = r->p;
  while (r->p < eol && (g_ascii_isalnum (*r->p) || *r->p == '_'))
    r->p++;
  if (r->p == name)
    {
      m = mark_here (r);
      add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "a tag name was expected");
      r->p = eol;
      return;
    }
  tag.name = g_strndup (name, r->p - name);
  while (r->p < eol && (*r->p == ' ' || *r->p == '\t'))
    r->p++;
  if (r->p >= eol || *r->p != '"')
    {
      m = mark_here (r);
      add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX,
                    "the value of tag %s must be in double quotes", tag.name);
      g_free (tag.name);
      r->p = eol;
      return;
    }
  r->p++;
  tag.value_mark = mark_here (r);
  {
    /* The usual value, without a backslash: copied at once. */
    const char *v = r->p;

    while (v < eol && *v != '"' && *v != '\\')
      v++;
    value = g_string_new_len (r->p, v - r->p);
    r->p = v;
  }
  while (r->p < eol && *r->p != '"')
    {
      if (*r->p == '\\' && r->p + 1 < eol && (r->p[1] == '"' || r->p[1] == '\\'))
        r->p++;
      g_string_append_c (value, *r->p++);
    }
  if (r->p < eol)
    r->p++;                               /* " */
  while (r->p < eol && (*r->p == ' ' || *r->p == '\t' || *r->p == '\r'))
    r->p++;
  if (r->p >= eol || *r->p != ']')
    {
      m = mark_here (r);
      add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX,
                    r->p >= eol ? "tag %s is not closed by “]” on its line"
                                : "tag %s is not closed by “]” after its value",
                    tag.name);
      g_free (tag.name);
      g_string_free (value, TRUE);
      r->p = eol;
      return;
    }
  r->p++;
  if (!g_utf8_validate (value->str, value->len, NULL))
    {
      add_error_at (g, &tag.value_mark, CHEOPS_GAME_ERROR_SYNTAX,
                    "the value of tag %s is not UTF-8 text", tag.name);
      g_free (tag.name);
      g_string_free (value, TRUE);
      return;
    }
  tag.value = g_string_free (value, FALSE);
  g_array_append_val (tags, tag);
}

/* Comments. */

static void
free_gstring (GString *s)
{
  g_string_free (s, TRUE);
}

/* Gives @node the comment after it read, @out, unless that is what it
 * has. */
static void
give_comment (CheopsGameNode *node,
              GString        *out)
{
  if (out->len > 0 && g_strcmp0 (out->str, node->comment_after) != 0)
    _cheops_game_node_take_comment (node, FALSE, g_strndup (out->str, out->len));
}

/* Gives the open node its comment (take_comment()). */
static void
close_open_comment (GameReader *g)
{
  if (g->open_node == NULL)
    return;
  give_comment (g->open_node, g->reader->open_text);
  g->open_node = NULL;
}

/* Gives each node the comment after it read (take_comment()). */
static void
give_comments (GameReader *g)
{
  GHashTableIter iter;
  gpointer key, value;

  close_open_comment (g);
  if (g->comments == NULL)
    return;
  g_hash_table_iter_init (&iter, g->comments);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      give_comment (key, value);
    }
  g_clear_pointer (&g->comments, g_hash_table_unref);
}

/* Appends @len bytes of comment text to the right place: before the next
 * move (after a "("), the root's comment (before the first move), else
 * after the current move, where [%...] commands go to the annotations. */
static void
take_comment (GameReader *g,
              const char *text,
              gsize       len)
{
  CheopsGameNode *node = g->cur.node;
  const char *end = text + len;
  const char *s = text;
  GString *out;

  if (g->fresh && g->stack->len > 0)
    {
      _cheops_append_normalized (g->pending, text, len, 2);
      return;
    }

  if (node == g->open_node)
    out = g->reader->open_text;
  else
    {
      close_open_comment (g);
      out = g->comments != NULL ? g_hash_table_lookup (g->comments, node) : NULL;
      if (out == NULL && node->comment_after == NULL)
        {
          /* The node's first comment in this game (the usual case). */
          g->open_node = node;
          out = g->reader->open_text;
          out->len = 0;               /* g_string_truncate (out, 0) */
          out->str[0] = '\0';
        }
      else if (out == NULL)
        {
          /* A comment given, and more of it after a variation. */
          if (g->comments == NULL)
            g->comments = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) free_gstring);
          out = g_string_new (node->comment_after);
          g_hash_table_insert (g->comments, node, out);
        }
    }

  while (s < end)
    {
      const char *open = s;
      const char *close;

      while (open + 1 < end && !(open[0] == '[' && open[1] == '%'))
        {
          const char *bracket = memchr (open + 1, '[', end - open - 1);

          open = bracket != NULL ? bracket : end;
        }
      if (open + 1 >= end)
        break;
      /* A command without its "]" runs to the end of the comment (kept
       * as text, it could meet a "]" of a later comment and read back as
       * something else). */
      close = memchr (open, ']', end - open);
      if (close == NULL)
        close = end;
      _cheops_append_normalized (out, s, open - s, 2);
      {
        GString *command = g->reader->command;

        command->len = 0;             /* g_string_truncate (command, 0) */
        command->str[0] = '\0';
        _cheops_append_normalized (command, open + 1, close - open - 1, 0);
        /* Cells named as the game's variant names them. */
        _cheops_annotations_add_command_nul (_cheops_game_node_ensure_annotations (node),
                                             cheops_game_get_variant (g->game),
                                             command->str, command->len);
      }
      s = close < end ? close + 1 : end;
    }
  _cheops_append_normalized (out, s, end - s, 2);
  if (node->annotations != NULL && cheops_annotations_is_empty (node->annotations))
    _cheops_game_node_take_annotations (node, NULL);
}

/* Movetext. */

static void
describe_move_number (const CheopsPosition *pos,
                      char                  buf[32])
{
  g_snprintf (buf, 32, "%d%s", pos->fullmove_number,
              pos->side_to_move == CHEOPS_SIDE_A ? "." : "...");
}

/* Sets the @i-th key of the path (keys->len grows, never shrinks). */
static inline void
put_key (GameReader *g,
         guint       i,
         guint64     key)
{
  if (i >= g->keys->len)
    g_array_set_size (g->keys, MAX (i + 1, 2 * g->keys->len));
  g_array_index (g->keys, guint64, i) = key;
}

/* How the game stands after the current line (computed once per node, and
 * kept in it). */
static CheopsOutcome
current_outcome (GameReader *g)
{
  CheopsGameNode *node = g->cur.node;

  if (!node->outcome_known)
    {
      _cheops_game_node_set_outcome (node, _cheops_outcome_after_keys (g->cur.after,
                                                                       (const guint64 *) (gpointer) g->keys->data,
                                                                       g->cur.n_keys));
    }
  return (CheopsOutcome) node->outcome;
}

/* A token this long or longer is no move (and is not given to the core). */
#define TOKEN_MAX 64

static gboolean
read_move (GameReader *g,
           const Mark *m,
           const char *san,
           gsize       len)
{
  CheopsError err;
  CheopsMove move;
  CheopsGameNode *node;

  /* What is read of it (not the whole struct, cleared for every move). */
  err.code = 0;
  err.message[0] = '\0';

  /* The core reads the token by its length, in place (its messages quote
   * their own copy). */
  if (len < TOKEN_MAX)
    move = cheops_move_from_san (g->cur.after, san, len, &err);
  else
    {
      move = CHEOPS_MOVE_NONE;
      err.code = CHEOPS_ERROR_MOVE_SYNTAX;
      g_strlcpy (err.message, "far too long for a move", sizeof err.message);
    }
  /* A record ends where the game does (any outcome, repetition included):
   * a move after the end is an error.  The position's own outcome (a full
   * legal-move generation) is computed only where it can decide: the core
   * gives no move where the position alone ends the game, and the outcomes
   * a position leaves moves in are draws, which never end a record; so a
   * move that reads as legal leaves only repetition to look at. */
  {
    gboolean over;

    if (move != CHEOPS_MOVE_NONE)
      {
        over = _cheops_outcome_ends_record (g->cur.after->variant,
                                            _cheops_repetition_outcome (g->cur.after,
                                                                        (const guint64 *) (gpointer) g->keys->data,
                                                                        g->cur.n_keys));
      }
    else
      over = TRUE;
    if (over)
      {
        CheopsOutcome outcome = current_outcome (g);

        if (_cheops_outcome_ends_record (g->cur.after->variant, outcome))
          {
            char number[32];
            g_autofree char *why = cheops_game_describe_outcome (g->game, outcome);

            describe_move_number (g->cur.after, number);
            add_error_at (g, m, CHEOPS_GAME_ERROR_ILLEGAL_MOVE,
                          "illegal move %.*s at %s: the game is over: %s", (int) len, san, number, why);
            return FALSE;
          }
      }
  }
  if (move == CHEOPS_MOVE_NONE)
    {
      char number[32];
      const char *what, *why;
      CheopsGameError code;

      describe_move_number (g->cur.after, number);
      switch (err.code)
        {
        case CHEOPS_ERROR_MOVE_ILLEGAL:
          code = CHEOPS_GAME_ERROR_ILLEGAL_MOVE, what = "illegal move";
          break;
        case CHEOPS_ERROR_MOVE_AMBIGUOUS:
          code = CHEOPS_GAME_ERROR_AMBIGUOUS_MOVE, what = "ambiguous move";
          break;
        default:
          code = CHEOPS_GAME_ERROR_BAD_MOVE, what = "unreadable move";
          break;
        }
      /* The core says "illegal move Mf5: no Swordmaster can reach f5";
       * keep its reason and put the move number in. */
      why = err.message;
      if (g_str_has_prefix (why, what) && strstr (why, ": ") != NULL)
        why = strstr (why, ": ") + 2;
      add_error_at (g, m, code, "%s %.*s at %s: %s", what, (int) len, san, number,
                    why[0] ? why : "not a move here");
      return FALSE;
    }

  if (g->fresh && g->stack->len > 0)
    {
      /* A variation's first move: a sibling of the stacked line's node. */
      Frame *top = &g_array_index (g->stack, Frame, g->stack->len - 1);

      node = _cheops_game_node_append_child_in (&g->reader->chunk, g->cur.node, top->last_sibling, g->cur.after, move);
      top->last_sibling = node;
    }
  else
    node = _cheops_game_node_append_child_in (&g->reader->chunk, g->cur.node, NULL, g->cur.after, move);
  if (g->pending->len > 0)
    {
      _cheops_game_node_take_comment (node, TRUE, g_strndup (g->pending->str, g->pending->len));
      g_string_truncate (g->pending, 0);
    }
  cheops_position_do_move (g->cur.after, move, &g->cur.undo);
  g->cur.node = node;
  g->cur.last_sibling = node;
  put_key (g, g->cur.n_keys, g->cur.after->key);
  g->cur.n_keys++;
  _cheops_game_node_set_key (node, g->cur.after->key);
  g->fresh = FALSE;
  return TRUE;
}

static gboolean
add_nag (GameReader *g,
         const Mark *m,
         guint       nag,
         const char *text,
         gsize       len)
{
  if (g->fresh)
    {
      add_error_at (g, m, CHEOPS_GAME_ERROR_SYNTAX,
                    "annotation glyph %.*s before any move", (int) len, text);
      return FALSE;
    }
  _cheops_game_node_add_nag (g->cur.node, nag);
  return TRUE;
}

/* "!" "?" "!!" "??" "!?" "?!" at p as a NAG; FALSE (with an error) for any
 * other run of ! and ?. */
static gboolean
read_suffix (GameReader *g)
{
  static const char * const suffixes[] = { "!", "?", "!!", "??", "!?", "?!" };
  CheopsPgnReader *r = g->reader;
  Mark m = mark_here (r);
  const char *s = r->p;
  gsize n;

  while (r->p < r->end && (*r->p == '!' || *r->p == '?'))
    r->p++;
  n = r->p - s;
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (strlen (suffixes[i]) == n && memcmp (suffixes[i], s, n) == 0)
      return add_nag (g, &m, i + 1, s, n);
  add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "unknown annotation glyph %.*s", (int) n, s);
  return FALSE;
}

/* A character of a move token: letters, digits, promotion and suffix
 * marks, and the drop and compound marks of Cypher chess (cypher.md 6.3:
 * "P@a5", "Sa1,Rb0"), which no other token of PGN uses. */
static inline gboolean
is_san_char (char c)
{
  /* '#' '+' ',' '0'-'9' '=' '@' 'A'-'Z' 'a'-'z' */
  static const guint8 san_char[256] = {
    ['#'] = 1, ['+'] = 1, [','] = 1, ['0' ... '9'] = 1, ['='] = 1,
    ['@'] = 1, ['A' ... 'Z'] = 1, ['a' ... 'z'] = 1,
  };

  return san_char[(guchar) c];
}

/* Ends a game at its result token (@result, @len bytes). */
static void
take_result (GameReader *g,
             const Mark *m,
             const char *result,
             gsize       len)
{
  const char *tag = cheops_game_get_result (g->game);

  /* A Result tag that disagrees with the movetext is kept as written (the
   * user's text is not rewritten): the game has an error, so it is
   * written back as read. */
  g->result_token = TRUE;
  g->result_token_mark = *m;
  if (g->result_tag && (strlen (tag) != len || memcmp (tag, result, len) != 0))
    {
      add_error_at (g, m, CHEOPS_GAME_ERROR_RESULT,
                    "the result %.*s differs from the Result tag “%s”", (int) len, result, tag);
      return;
    }
  {
    g_autofree char *value = g_strndup (result, len);
    _cheops_game_put_tag (g->game, "Result", 6, value);
  }
}

static void
report_open_variations (GameReader *g)
{
  for (guint i = 0; i < g->stack->len; i++)
    add_error_at (g, &g_array_index (g->stack, Frame, i).open, CHEOPS_GAME_ERROR_SYNTAX,
                  "this variation is not closed");
}

/* Reads movetext up to and including the result.  Returns FALSE at the
 * first error (the caller skips the rest of the game). */
static gboolean
read_movetext (GameReader *g)
{
  CheopsPgnReader *r = g->reader;

  for (;;)
    {
      Mark m;
      char c;

      skip_space (r);
      if (r->p >= r->end)
        {
          if (g->stack->len > 0)
            {
              report_open_variations (g);
              return FALSE;
            }
          return TRUE;
        }
      m = mark_here (r);
      c = *r->p;

      switch (c)
        {
        case '{':
          {
            const char *stop, *last_line;
            const char *text = r->p + 1;
            guint n_breaks;
            const char *close = find_comment_close_counting (r, text, &stop, &n_breaks, &last_line);

            if (!is_utf8_text (text, (close != NULL ? close : stop) - text))
              {
                add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "this comment is not UTF-8 text");
                return FALSE;
              }
            if (close == NULL)
              {
                /* Reading resumes at the next tag pair (the next game). */
                add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "this comment is not closed by “}”");
                take_comment (g, text, stop - text);
                advance_to (r, stop);
                return FALSE;
              }
            take_comment (g, text, close - text);
            /* advance_to (r, close + 1), with the line breaks counted. */
            r->line += n_breaks;
            if (last_line != NULL)
              r->line_start = last_line;
            r->p = close + 1;
          }
          break;

        case ';':
          {
            const char *eol = line_end (r);

            if (!is_utf8_text (r->p + 1, eol - r->p - 1))
              {
                add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "this comment is not UTF-8 text");
                return FALSE;
              }
            take_comment (g, r->p + 1, eol - r->p - 1);
            r->p = eol;
          }
          break;

        case '(':
          if (g->fresh)
            {
              add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "a variation must follow a move");
              return FALSE;
            }
          g->cur.open = m;
          g_array_append_val (g->stack, g->cur);
          {
            /* The variation's position: the line's, one move back, in the
             * next depth's place (the line keeps its own). */
            GPtrArray *positions = g->reader->positions;
            guint depth = g->stack->len;

            if (positions->len <= depth)
              g_ptr_array_add (positions, g_new (CheopsPosition, 1));
            *(CheopsPosition *) positions->pdata[depth] = *g->cur.after;
            g->cur.after = positions->pdata[depth];
          }
          cheops_position_undo_move (g->cur.after, g->cur.node->move, &g->cur.undo);
          g->cur.node = g->cur.node->parent;
          g->cur.n_keys--;
          g->fresh = TRUE;
          r->p++;
          break;

        case ')':
          if (g->stack->len == 0)
            {
              add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "“)” closes no variation");
              return FALSE;
            }
          if (g->fresh)
            {
              add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "a variation must hold a move");
              return FALSE;
            }
          g->cur = g_array_index (g->stack, Frame, g->stack->len - 1);
          g_array_set_size (g->stack, g->stack->len - 1);
          /* The variation changed only the last key of this line's path. */
          put_key (g, g->cur.n_keys - 1, g->cur.node->key);
          g->fresh = FALSE;
          r->p++;
          break;

        case '$':
          {
            const char *s = ++r->p;
            guint nag = 0;

            while (r->p < r->end && g_ascii_isdigit (*r->p) && r->p - s < 4)
              nag = nag * 10 + (*r->p++ - '0');
            if (r->p == s || nag > 255 || (r->p < r->end && !is_delimiter (*r->p)))
              {
                add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX,
                              "“$” must be followed by a number from 0 to 255");
                return FALSE;
              }
            if (!add_nag (g, &m, nag, m.at, r->p - m.at))
              return FALSE;
          }
          break;

        case '!':
        case '?':
          if (!read_suffix (g))
            return FALSE;
          break;

        case '*':
          r->p++;
          if (g->stack->len > 0)
            {
              report_open_variations (g);
              take_result (g, &m, "*", 1);
              return FALSE;
            }
          take_result (g, &m, "*", 1);
          return TRUE;

        case '[':
          if (at_line_head (r))
            {
              /* The next game's tags: this game had no result. */
              if (g->stack->len > 0)
                {
                  report_open_variations (g);
                  return FALSE;
                }
              return TRUE;
            }
          add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "“[” in the moves");
          return FALSE;

        case '.':
          while (r->p < r->end && *r->p == '.')
            r->p++;
          break;

        default:
          if ((guchar) c == 0xE2 && r->end - r->p >= 3
              && (guchar) r->p[1] == 0x80 && (guchar) r->p[2] == 0xA6)
            {
              r->p += 3;          /* … */
              break;
            }
          if (g_ascii_isdigit (c))
            {
              const char *s = r->p;
              gsize n = result_length (r);

              if (n > 0)
                {
                  r->p += n;
                  if (g->stack->len > 0)
                    {
                      report_open_variations (g);
                      take_result (g, &m, s, n);
                      return FALSE;
                    }
                  take_result (g, &m, s, n);
                  return TRUE;
                }
              while (r->p < r->end && g_ascii_isdigit (*r->p))
                r->p++;
              if (r->p >= r->end || is_delimiter (*r->p) || *r->p == '.'
                  || (r->end - r->p >= 3 && (guchar) r->p[0] == 0xE2
                      && (guchar) r->p[1] == 0x80 && (guchar) r->p[2] == 0xA6))
                {
                  /* A move number: its dots and ellipses follow. */
                  for (;;)
                    {
                      if (r->p < r->end && *r->p == '.')
                        r->p++;
                      else if (r->end - r->p >= 3 && (guchar) r->p[0] == 0xE2
                               && (guchar) r->p[1] == 0x80 && (guchar) r->p[2] == 0xA6)
                        r->p += 3;
                      else
                        break;
                    }
                  break;
                }
              r->p = s;           /* "3e4": a Pawn move with its level */
            }
          if (g_ascii_isalnum (c))
            {
              const char *s = r->p, *e = s;

              while (e < r->end && is_san_char (*e))
                e++;
              r->p = e;
              if (!read_move (g, &m, s, r->p - s))
                return FALSE;
              if (r->p < r->end && (*r->p == '!' || *r->p == '?') && !read_suffix (g))
                return FALSE;
              break;
            }
          {
            /* A NUL is a control character (GLib's validation takes it
             * for the end of the text). */
            gunichar u = c == '\0' ? 0 : g_utf8_get_char_validated (r->p, r->end - r->p);

            if (u == (gunichar) -1 || u == (gunichar) -2)
              add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "bytes that are not UTF-8 text");
            else if (u < 0x20 || u == 0x7F)
              add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "unexpected control character U+%04X", u);
            else if (!g_unichar_isgraph (u) || g_unichar_ismark (u))
              /* A space, a format character (U+200B, U+FEFF) or a
               * combining mark would show as empty quotes, or join the
               * quote: named by its code point. */
              add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "unexpected invisible character U+%04X", u);
            else
              {
                char buf[8] = { 0 };
                g_unichar_to_utf8 (u, buf);
                add_error_at (g, &m, CHEOPS_GAME_ERROR_SYNTAX, "unexpected “%s”", buf);
              }
            return FALSE;
          }
        }
    }
}

/* A game that the record ends (an outcome at the end of its main line)
 * with a result other than that outcome's (or "*", a record left open):
 * an error at the result, or at the Result tag's value. */
static void
check_result_against_outcome (GameReader *g)
{
  const char *result = cheops_game_get_result (g->game);
  const char *expected;
  CheopsOutcome outcome;

  if (g->n_errors > 0 || g->stack->len > 0 || strcmp (result, "*") == 0)
    return;
  outcome = current_outcome (g);
  if (!_cheops_outcome_ends_record (g->cur.after->variant, outcome))
    return;
  expected = cheops_game_outcome_result (g->game, outcome);
  if (strcmp (result, expected) != 0)
    {
      g_autofree char *why = cheops_game_describe_outcome (g->game, outcome);

      add_error_at (g, g->result_token ? &g->result_token_mark : &g->result_tag_mark,
                    CHEOPS_GAME_ERROR_RESULT, "the result %s differs from the end of the game: %s",
                    result, why);
    }
}

/* The escape lines @from to @to (exclusive) of r->escapes, each without
 * its CR LF or LF and followed by "\n", or NULL for none. */
static GBytes *
escape_lines (CheopsPgnReader *r,
              guint            from,
              guint            to)
{
  GString *out;

  if (from >= to)
    return NULL;
  out = g_string_new (NULL);
  for (guint i = from; i < to; i++)
    {
      const Span *span = &g_array_index (r->escapes, Span, i);
      gsize len = span->len;

      if (len > 0 && span->at[len - 1] == '\r')
        len--;
      g_string_append_len (out, span->at, len);
      g_string_append_c (out, '\n');
    }
  return g_string_free_to_bytes (out);
}

CheopsGame *
cheops_pgn_reader_next (CheopsPgnReader *self,
                        GPtrArray       *errors)
{
  GameReader g = { 0 };
  GArray *tags;
  GHashTable *tag_names = NULL;
  CheopsPosition start;
  gboolean ok = TRUE;
  const RawTag *fen = NULL;
  const char *game_start, *game_end, *source_start;
  guint n_before, n_inside_end;
  g_autoptr(GBytes) before = NULL;
  g_autoptr(GBytes) inside = NULL;
  g_autoptr(GBytes) after = NULL;
  const CheopsVariant *variant;

  g_return_val_if_fail (self != NULL, NULL);
  variant = self->default_variant;

  skip_space (self);
  if (self->p >= self->end)
    {
      /* Escape lines in a text without a game: no game holds them; they
       * are kept for cheops_pgn_reader_get_escapes_without_game(). */
      if (self->game_index == 0 && self->escapes->len > 0 && self->escapes_without_game == NULL)
        self->escapes_without_game = escape_lines (self, 0, self->escapes->len);
      g_array_set_size (self->escapes, 0);
      return NULL;
    }

  g.reader = self;
  g.errors = errors;
  self->game_line = self->line;
  game_start = self->p;
  /* The game's text starts at the head of its line when only blanks stand
   * before it there: " %" is no escape line, and must not become one. */
  source_start = game_start;
  while (source_start > self->line_start && (source_start[-1] == ' ' || source_start[-1] == '\t'))
    source_start--;
  if (source_start != self->line_start)
    source_start = game_start;
  n_before = self->escapes->len;

  /* The tag section. */
  if (self->tags_buf == NULL)
    {
      self->tags_buf = g_array_new (FALSE, FALSE, sizeof (RawTag));
      g_array_set_clear_func (self->tags_buf, raw_tag_clear);
    }
  tags = self->tags_buf;
  g_array_set_size (tags, 0);
  while (self->p < self->end && *self->p == '[')
    {
      if (tag_name_repeats (self, tags, &tag_names))
        break;
      read_tag (&g, tags);
      if (blank_line_follows (self))
        break;
      skip_space (self);
    }

  /* [Variant] names the game (any name cheops_variant_find() knows, in
   * any case); none is the reader's default variant (Cheops unless
   * cheops_pgn_reader_set_default_variant() said otherwise). */
  for (guint i = 0; i < tags->len; i++)
    {
      const RawTag *t = &g_array_index (tags, RawTag, i);

      if (strcmp (t->name, "Variant") == 0)
        {
          const CheopsVariant *v = cheops_variant_find (t->value);

          if (v == NULL)
            {
              add_error_at (&g, &t->value_mark, CHEOPS_GAME_ERROR_VARIANT,
                            "unknown variant “%s”", t->value);
              ok = FALSE;
            }
          else
            variant = v;
        }
      else if (strcmp (t->name, "FEN") == 0)
        fen = t;
    }
  cheops_position_init_start (&start, variant);
  if (fen != NULL)
    {
      CheopsError err = { 0 };

      if (!cheops_position_from_fen (&start, variant, fen->value, &err))
        {
          Mark m = fen->value_mark;
          /* Point at the character the core names, counted in the value. */
          for (int i = 1; i < err.column && m.at < self->end && *m.at != '"'; i++)
            m.at++;
          add_error_at (&g, &m, CHEOPS_GAME_ERROR_BAD_FEN, "bad FEN: %s", err.message);
          ok = FALSE;
          cheops_position_init_start (&start, variant);
        }
    }

  g.root = _cheops_game_node_new_root (&start);
  g.game = _cheops_game_new_with_root (g.root);
  for (guint i = 0; i < tags->len; i++)
    {
      const RawTag *t = &g_array_index (tags, RawTag, i);

      if (strcmp (t->name, "Variant") == 0 || strcmp (t->name, "SetUp") == 0
          || strcmp (t->name, "FEN") == 0)
        continue;
      if (strcmp (t->name, "Result") == 0)
        {
          if (strcmp (t->value, "1-0") != 0 && strcmp (t->value, "0-1") != 0
              && strcmp (t->value, "1/2-1/2") != 0 && strcmp (t->value, "*") != 0)
            {
              add_error_at (&g, &t->value_mark, CHEOPS_GAME_ERROR_RESULT,
                            "“%s” is not a result (1-0, 0-1, 1/2-1/2 or *)", t->value);
              continue;
            }
          g.result_tag = TRUE;
          g.result_tag_mark = t->value_mark;
        }
      /* Each name once (tag_name_repeats()): no search for it.  The game
       * takes the strings. */
      _cheops_game_append_tag_take (g.game, t->name, t->value);
      g_array_index (tags, RawTag, i).name = NULL;
      g_array_index (tags, RawTag, i).value = NULL;
    }
  g_clear_pointer (&tag_names, g_hash_table_unref);
  g_array_set_size (tags, 0);

  /* The movetext. */
  g.cur.node = g.root;
  if (self->positions == NULL)
    {
      self->positions = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (self->positions, g_new (CheopsPosition, 1));
    }
  g.cur.after = self->positions->pdata[0];
  *g.cur.after = start;
  g.cur.n_keys = 1;
  if (self->keys_buf == NULL)
    {
      self->keys_buf = g_array_new (FALSE, FALSE, sizeof (guint64));
      self->stack_buf = g_array_new (FALSE, FALSE, sizeof (Frame));
      self->pending_buf = g_string_new (NULL);
      self->open_text = g_string_new (NULL);
      self->command = g_string_new (NULL);
    }
  g.keys = self->keys_buf;
  put_key (&g, 0, start.key);
  g.fresh = TRUE;
  g.stack = self->stack_buf;
  g_array_set_size (g.stack, 0);
  g.pending = self->pending_buf;
  g_string_truncate (g.pending, 0);
  if (!ok || !read_movetext (&g))
    skip_rest_of_game (self);
  else
    check_result_against_outcome (&g);
  give_comments (&g);

  /* Where the game ends: its last character, white space and the escape
   * lines after it left out (they go with the next game, or after this
   * one if it is the last). */
  game_end = self->p;
  n_inside_end = self->escapes->len;
  for (;;)
    {
      const Span *last;

      while (game_end > game_start && g_ascii_isspace (game_end[-1]))
        game_end--;
      if (n_inside_end <= n_before)
        break;
      last = &g_array_index (self->escapes, Span, n_inside_end - 1);
      if (game_end <= last->at || game_end > last->at + last->len)
        break;
      game_end = last->at;
      n_inside_end--;
    }

  /* A game with errors keeps its text, from the head of its first line
   * (or its first tag or move, after something else on that line) to its
   * last character, every byte of it, so that writing it back loses
   * nothing. */
  self->game_offset = source_start - self->text;
  self->game_length = game_end - source_start;
  if (g.n_errors > 0)
    {
      gsize n = game_end - source_start;
      char *text = g_malloc (n + 1);

      memcpy (text, source_start, n);
      text[n] = '\0';
      _cheops_game_take_source_text (g.game, text, n);
    }

  /* The escape lines: those before the game, those inside it, and, when
   * nothing but space and escape lines follows, those after it. */
  before = escape_lines (self, 0, n_before);
  inside = escape_lines (self, n_before, n_inside_end);
  skip_space (self);
  if (self->p >= self->end)
    {
      after = escape_lines (self, n_inside_end, self->escapes->len);
      g_array_set_size (self->escapes, 0);
    }
  else
    g_array_remove_range (self->escapes, 0, n_inside_end);
  _cheops_game_set_escapes (g.game, before, inside, after);

  self->game_index++;
  return g.game;
}

GPtrArray *
cheops_pgn_read_string (const char  *text,
                        gssize       length,
                        GPtrArray  **errors)
{
  return cheops_pgn_read_string_for_variant (text, length, NULL, errors);
}

GPtrArray *
cheops_pgn_read_string_for_variant (const char          *text,
                                    gssize               length,
                                    const CheopsVariant *variant,
                                    GPtrArray          **errors)
{
  g_autoptr(CheopsPgnReader) reader = cheops_pgn_reader_new (text, length);
  GPtrArray *games = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *errs = errors != NULL ? g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free) : NULL;
  CheopsGame *game;

  cheops_pgn_reader_set_default_variant (reader, variant);
  while ((game = cheops_pgn_reader_next (reader, errs)) != NULL)
    g_ptr_array_add (games, game);
  if (errors != NULL)
    *errors = errs;
  return games;
}

GPtrArray *
cheops_pgn_read_file (const char  *path,
                      GPtrArray  **errors,
                      GError     **error)
{
  g_autoptr(CheopsPgnReader) reader = cheops_pgn_reader_new_for_path (path, error);
  GPtrArray *games, *errs;
  CheopsGame *game;

  if (reader == NULL)
    return NULL;
  games = g_ptr_array_new_with_free_func (g_object_unref);
  errs = errors != NULL ? g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free) : NULL;
  while ((game = cheops_pgn_reader_next (reader, errs)) != NULL)
    g_ptr_array_add (games, game);
  if (errors != NULL)
    *errors = errs;
  return games;
}

CheopsGame *
cheops_pgn_read_game (const char  *text,
                      gssize       length,
                      GError     **error)
{
  g_autoptr(CheopsPgnReader) reader = cheops_pgn_reader_new (text, length);
  g_autoptr(GPtrArray) errs = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);
  CheopsGame *game = cheops_pgn_reader_next (reader, errs);

  if (game == NULL)
    {
      g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX,
                           "1:1: there is no game in the text");
      return NULL;
    }
  if (errs->len > 0)
    {
      const CheopsPgnError *e = errs->pdata[0];
      g_set_error (error, CHEOPS_GAME_ERROR, e->code, "%u:%u: %s", e->line, e->column, e->message);
      g_object_unref (game);
      return NULL;
    }
  return game;
}
