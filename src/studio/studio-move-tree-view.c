/* studio-move-tree-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioMoveTreeView: the game's moves as text, with the variations inline
 * in parentheses (the Lichess / ChessBase style), comments in place, NAGs
 * as glyphs, and the current move highlighted.  A click on a move goes
 * there; the context menu on a move (right-click, or Shift+F10 and the Menu
 * key on the current move: studio_move_tree_view_popup_menu()) edits the
 * tree (promote or demote the variation, make it the main line, delete the
 * variation, delete from here, comments before and after, the full NAG
 * palette).  Every edit goes through the CheopsGame of the document, so all
 * of them can be undone.
 *
 * The text is a non-editable GtkTextView updated in place on every change
 * (see Layout below: only the pieces that changed are replaced); the
 * character range of each move is kept in a sorted array, so finding the
 * move under the pointer is a binary search.
 */
#define G_LOG_DOMAIN "studio-move-tree-view"

#include "studio-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "studio-move-tree-view.h"
#include "studio-palette.h"

typedef struct {
  int             start;   /* character offsets in the buffer */
  int             end;
  CheopsGameNode *node;    /* borrowed: the document's game owns it */
} MoveRange;

/* The tags of the text's pieces (see Layout below). */
enum {
  TAG_MAINLINE,
  TAG_VARIATION,
  TAG_NUMBER,
  TAG_COMMENT,
  TAG_RESULT,
  TAG_HINT,
  TAG_EDITOR,   /* the place of the comment edited in place */
  N_TAGS
};

/* The comment edited in place, for the layout: the node and side whose
 * comment the editor stands for, and a first child whose comment before
 * is edited with it (not shown meanwhile), or NULL. */
typedef struct {
  CheopsGameNode *holder;
  CheopsGameNode *merged;
  gboolean        before;
} Editing;

typedef struct _Layout Layout;

struct _StudioMoveTreeView
{
  GtkWidget       parent_instance;

  GtkWidget      *scroller;
  GtkTextView    *text_view;
  GtkTextBuffer  *buffer;
  GtkWidget      *popover;

  StudioDocument *document;
  GArray         *ranges;       /* MoveRange, by start offset */
  Layout         *layout;       /* what the buffer shows */
  GtkTextTag     *tags[N_TAGS];
  GtkTextMark    *current_mark;
  GtkTextTag     *current_tag;
  GtkTextTag     *mainline_tag;
  GtkTextTag     *variation_tag;
  GtkTextTag     *number_tag;
  GtkTextTag     *comment_tag;
  GtkTextTag     *result_tag;
  GtkTextTag     *hint_tag;

  /* The comment edited in place (studio_move_tree_view_edit_comment()):
   * the move it is about, the node and side that hold it, a first child
   * whose comment before is merged into it (all refs; @edit_holder NULL
   * when none is edited), its text when the edit began; the editor (a
   * ref, kept between edits) at its anchor in the list; the drafts left
   * with Escape, by node (ref) → text. */
  CheopsGameNode *edit_node;
  CheopsGameNode *edit_holder;
  CheopsGameNode *edit_merged;
  gboolean        edit_before;
  char           *edit_original;
  GtkWidget      *editor;
  GtkTextView    *editor_view;
  GtkWidget      *editor_problem;
  GtkTextChildAnchor *editor_anchor;
  GHashTable     *drafts_after;
  GHashTable     *drafts_before;

  /* The node the context menu is about (borrowed; checked against the tree
   * before use). */
  CheopsGameNode *menu_node;

  /* A move whose alternatives are not shown (a ref, or NULL): the move
   * Learn asks to better (studio_move_tree_view_set_secret()). */
  CheopsGameNode *secret;

  /* The size the list was last laid out at, and the scroll to the current
   * move queued when it changed. */
  double          page_size;
  int             width;
  gint64          follow_until_us; /* monotonic */
  guint           follow_tick_id;  /* on the text view */
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_EDITING,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (StudioMoveTreeView, studio_move_tree_view, GTK_TYPE_WIDGET)

static GParamSpec *properties [N_PROPS];

static void update_menu_actions (StudioMoveTreeView *self);
static void studio_move_tree_view_rebuild (StudioMoveTreeView *self);

/* The glyph set of the palette (the Lichess set, after PGN's NAG table):
 * how each NAG is shown, and its name. */
typedef struct {
  guint8      nag;
  const char *symbol;
  const char *name;
} Glyph;

static const Glyph move_glyphs[] = {
  { 1, "!", N_("Good move") },
  { 2, "?", N_("Mistake") },
  { 3, "!!", N_("Brilliant move") },
  { 4, "??", N_("Blunder") },
  { 5, "!?", N_("Interesting move") },
  { 6, "?!", N_("Dubious move") },
  { 7, "□", N_("Only move") },
};

/* The slight edges are written "+=" and "=+" (as in Scid and ChessBase's
 * text form), not U+2A72/U+2A71: no font of a usual GNOME desktop (DejaVu,
 * Cantarell, Noto Sans) has those two, which showed as hex boxes. */
static const Glyph position_glyphs[] = {
  { 10, "=", N_("Equal position") },
  { 13, "∞", N_("Unclear position") },
  { 14, "+=", N_("Slight edge for %s") },
  { 15, "=+", N_("Slight edge for %s") },
  { 16, "±", N_("Clear advantage for %s") },
  { 17, "∓", N_("Clear advantage for %s") },
  { 18, "+−", N_("Decisive advantage for %s") },
  { 19, "−+", N_("Decisive advantage for %s") },
};

static const Glyph observation_glyphs[] = {
  { 22, "⨀", N_("Zugzwang") },
  { 32, "↑↑", N_("Development") },
  { 36, "↑", N_("Initiative") },
  { 40, "→", N_("Attack") },
  { 132, "⇆", N_("Counterplay") },
  { 138, "⊕", N_("Time trouble") },
  { 146, "N", N_("Novelty") },
};

/* The text of @nag: its glyph, or "$n" for a NAG outside the palette. */
static void
append_nag (GString *out,
            guint8   nag)
{
  static const struct { const Glyph *table; guint n; } tables[] = {
    { move_glyphs, G_N_ELEMENTS (move_glyphs) },
    { position_glyphs, G_N_ELEMENTS (position_glyphs) },
    { observation_glyphs, G_N_ELEMENTS (observation_glyphs) },
  };

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    for (guint i = 0; i < tables[t].n; i++)
      if (tables[t].table[i].nag == nag)
        {
          g_string_append (out, tables[t].table[i].symbol);
          return;
        }

  g_string_append_printf (out, " $%u", nag);
}

/* The list's text is built first as a Layout, a plain array of pieces
 * (each a run of text with its tags and, for a move, its node), which costs
 * a few microseconds a move and touches no widget.  The buffer is then made
 * to match it by replacing only the pieces between the longest common
 * beginning and the longest common end of the old layout and the new one:
 * playing a move at the end of a long game inserts that move; a change in a
 * variation rewrites that variation.  A new line (a paragraph of the
 * buffer) starts every BREAK_PLIES plies, in place of the space before a
 * move or a variation (layout_break()): GtkTextView lays out and stores
 * text by paragraphs, and a game written as one paragraph cost it time in
 * proportion to the whole text for every piece inserted, so that a
 * 5000-ply game took 18 s to open. */
#define BREAK_PLIES 20
/* Above so many new pieces, the list is written into a new buffer. */
#define REPLACE_PIECES 2000

typedef struct {
  guint           text;    /* byte offset in the layout's text */
  guint           bytes;
  guint           chars;
  guint           tags;    /* 1 << TAG_* */
  CheopsGameNode *node;    /* the move of a move piece, else NULL (borrowed) */
} Piece;

struct _Layout {
  GString *text;
  GArray  *pieces;         /* Piece, in order */
};

static Layout *
layout_new (void)
{
  Layout *layout = g_new0 (Layout, 1);

  layout->text = g_string_new (NULL);
  layout->pieces = g_array_new (FALSE, FALSE, sizeof (Piece));
  return layout;
}

static void
layout_free (Layout *layout)
{
  g_string_free (layout->text, TRUE);
  g_array_unref (layout->pieces);
  g_free (layout);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Layout, layout_free)

static void
layout_add (Layout         *layout,
            const char     *text,
            guint           tags,
            CheopsGameNode *node)
{
  Piece piece;

  piece.text = layout->text->len;
  g_string_append (layout->text, text);
  piece.bytes = layout->text->len - piece.text;
  piece.chars = g_utf8_strlen (layout->text->str + piece.text, piece.bytes);
  piece.tags = tags;
  piece.node = node;
  g_array_append_val (layout->pieces, piece);
}

/* The last piece when it is a separator (a space or a line break). */
static Piece *
layout_last_separator (Layout *layout)
{
  Piece *last;

  if (layout->pieces->len == 0)
    return NULL;
  last = &g_array_index (layout->pieces, Piece, layout->pieces->len - 1);
  if (last->node != NULL || last->bytes != 1)
    return NULL;
  if (layout->text->str[last->text] != ' ' && layout->text->str[last->text] != '\n')
    return NULL;
  return last;
}

static void
layout_add_comment (Layout     *layout,
                    const char *comment,
                    guint       line_tag)
{
  if (comment == NULL || comment[0] == 0)
    return;

  layout_add (layout, comment, 1u << TAG_COMMENT | line_tag, NULL);
  layout_add (layout, " ", line_tag, NULL);
}

/* Where a new paragraph may start: before the move of @node or before the
 * variation it starts, every BREAK_PLIES plies, in place of the space
 * written before it.  Decided by @node alone, so that an edit elsewhere
 * moves no break (and rewrites nothing but itself). */
static void
layout_break (Layout         *layout,
              CheopsGameNode *node)
{
  if (cheops_game_node_get_ply (node) % BREAK_PLIES == 1)
    {
      Piece *separator = layout_last_separator (layout);

      if (separator != NULL)
        layout->text->str[separator->text] = '\n';
    }
}

/* U+00A0 NO-BREAK SPACE, in UTF-8 */
#define NBSP "\xc2\xa0"

/* @ms as the move list shows a clock: "4:57", "1:02:03", "0:09.5" (the
 * hours only when there are some, tenths when the file gave a fraction). */
static void
append_time (GString *out,
             gint64   ms)
{
  gint64 seconds = ms / 1000;

  if (seconds >= 3600)
    g_string_append_printf (out, "%" G_GINT64_FORMAT ":%02d:%02d", seconds / 3600,
                            (int) (seconds / 60 % 60), (int) (seconds % 60));
  else
    g_string_append_printf (out, "%d:%02d", (int) (seconds / 60), (int) (seconds % 60));
  if (ms % 1000 != 0)
    g_string_append_printf (out, ".%d", (int) (ms % 1000 / 100));
}

/* The clock beside the move, as the game file gives it (issue 22): the
 * time left after it ([%clk]) as "4:57", the time it took ([%emt]) in
 * brackets, "[0:03]"; dimmed as the move numbers are.  Joined to the move
 * and to each other by no-break spaces, so that a line never ends between
 * a move and its time (a fresh user found "4:55" at the start of a line,
 * its move at the end of the one above).  Returns whether there were
 * times (then the space after the move is written too). */
static gboolean
layout_add_times (Layout         *layout,
                  CheopsGameNode *node,
                  guint           line_tag)
{
  const CheopsAnnotations *annotations = cheops_game_node_get_annotations (node);
  gint64 clock, elapsed;
  gboolean has_clock, has_elapsed;
  g_autoptr(GString) text = NULL;

  has_clock = cheops_annotations_get_time (annotations, CHEOPS_TIME_CLOCK, &clock);
  has_elapsed = cheops_annotations_get_time (annotations, CHEOPS_TIME_ELAPSED, &elapsed);
  if (!has_clock && !has_elapsed)
    return FALSE;

  text = g_string_new (NULL);
  if (has_clock)
    append_time (text, clock);
  if (has_elapsed)
    {
      g_string_append (text, has_clock ? NBSP "[" : "[");
      append_time (text, elapsed);
      g_string_append_c (text, ']');
    }
  layout_add (layout, NBSP, line_tag, NULL);
  layout_add (layout, text->str, 1u << TAG_NUMBER | line_tag, NULL);
  layout_add (layout, " ", line_tag, NULL);
  return TRUE;
}

/* One move: its comment before, its number when needed, the SAN with its
 * glyphs (the clickable range), its comment after. */
/* The comment editor's place (editor_sync_anchor() embeds it there), on
 * a line of its own. */
static void
layout_add_editor (Layout *layout,
                   guint   line_tag)
{
  Piece *separator = layout_last_separator (layout);

  if (separator != NULL)
    layout->text->str[separator->text] = '\n';
  else
    layout_add (layout, "\n", line_tag, NULL);
  layout_add (layout, "\xef\xbf\xbc", 1u << TAG_EDITOR, NULL);
  layout_add (layout, "\n", line_tag, NULL);
}

static void
layout_add_move (Layout         *layout,
                 CheopsGameNode *node,
                 gboolean        need_number,
                 guint           line_tag,
                 const Editing  *edit)
{
  g_autoptr(GString) san = g_string_new (cheops_game_node_get_san (node));
  const guint8 *nags;
  guint n_nags;

  layout_break (layout, node);
  if (edit != NULL && edit->before && edit->holder == node)
    layout_add_editor (layout, line_tag);
  else if (edit == NULL || edit->merged != node)
    layout_add_comment (layout, cheops_game_node_get_comment_before (node), line_tag);

  if (cheops_game_node_get_mover (node) == CHEOPS_SIDE_A || need_number)
    {
      char number[32];

      g_snprintf (number, sizeof number,
                  cheops_game_node_get_mover (node) == CHEOPS_SIDE_A ? "%u." : "%u…",
                  cheops_game_node_get_move_number (node));
      layout_add (layout, number, 1u << TAG_NUMBER | line_tag, NULL);
      /* A no-break space: a line never ends between a number and its move. */
      layout_add (layout, NBSP, line_tag, NULL);
    }

  nags = cheops_game_node_get_nags (node, &n_nags);
  for (guint i = 0; i < n_nags; i++)
    append_nag (san, nags[i]);

  layout_add (layout, san->str, line_tag, node);
  if (!layout_add_times (layout, node, line_tag))
    layout_add (layout, " ", line_tag, NULL);
  if (edit != NULL && !edit->before && edit->holder == node)
    layout_add_editor (layout, line_tag);
  else
    layout_add_comment (layout, cheops_game_node_get_comment_after (node), line_tag);
}

/* Writes the line that starts with @first (a first move of the game or of
 * a variation) and, after each move that has alternatives, those
 * alternatives in parentheses.  Recursion goes one level per nested
 * variation, never per move. */
static void
layout_add_line (Layout         *layout,
                 CheopsGameNode *first,
                 guint           depth,
                 const Editing  *edit,
                 CheopsGameNode *secret)
{
  guint line_tag = depth == 0 ? 1u << TAG_MAINLINE : 1u << TAG_VARIATION;
  gboolean need_number = TRUE;

  for (CheopsGameNode *node = first; node != NULL; node = cheops_game_node_get_first_child (node))
    {
      CheopsGameNode *parent = cheops_game_node_get_parent (node);

      layout_add_move (layout, node, need_number, line_tag, edit);
      need_number = cheops_game_node_get_comment_after (node) != NULL ||
                    (edit != NULL && !edit->before && edit->holder == node);

      if ((node != first || depth == 0) && node != secret &&
          cheops_game_node_get_index (node) == 0 && cheops_game_node_get_n_children (parent) > 1)
        {
          for (CheopsGameNode *sibling = cheops_game_node_get_next_sibling (node);
               sibling != NULL;
               sibling = cheops_game_node_get_next_sibling (sibling))
            {
              Piece *separator;

              layout_break (layout, sibling);
              layout_add (layout, "(", 1u << TAG_VARIATION, NULL);
              layout_add_line (layout, sibling, depth + 1, edit, secret);
              /* Drop the space after the variation's last move. */
              separator = layout_last_separator (layout);
              if (separator != NULL)
                {
                  g_string_truncate (layout->text, separator->text);
                  g_array_set_size (layout->pieces, layout->pieces->len - 1);
                }
              layout_add (layout, ")", 1u << TAG_VARIATION, NULL);
              layout_add (layout, " ", 1u << TAG_VARIATION, NULL);
            }
          need_number = TRUE;
        }
    }
}

/* The whole list of @document's game, with the editor's place when @edit
 * is not NULL, without the alternatives to @secret (when not NULL). */
static Layout *
layout_build (StudioDocument *document,
              const Editing  *edit,
              CheopsGameNode *secret)
{
  Layout *layout = layout_new ();
  CheopsGame *game;
  CheopsGameNode *root, *first;
  const char *result;

  if (document == NULL)
    return layout;

  game = studio_document_get_game (document);
  root = cheops_game_get_root (game);

  if (edit != NULL && edit->holder == root)
    layout_add_editor (layout, 1u << TAG_MAINLINE);
  else
    layout_add_comment (layout, cheops_game_node_get_comment_after (root), 1u << TAG_MAINLINE);

  first = cheops_game_node_get_first_child (root);
  if (first != NULL)
    layout_add_line (layout, first, 0, edit, secret);

  result = cheops_game_get_result (game);
  if (result != NULL && g_strcmp0 (result, "*") != 0)
    layout_add (layout, result, 1u << TAG_RESULT, NULL);

  /* An empty game says how to begin — unless it cannot begin: a position
   * set up or pasted that is already over (the line under the board says
   * how). */
  if (layout->pieces->len == 0)
    {
      if (cheops_game_node_get_outcome (root) != CHEOPS_OUTCOME_NONE)
        layout_add (layout, _("No moves: the game is over in this position."), 1u << TAG_HINT, NULL);
      else
        layout_add (layout, _("No moves yet. Play a move on the board to begin."), 1u << TAG_HINT, NULL);
    }

  return layout;
}

static gboolean
piece_equal (const Layout *a,
             guint         i,
             const Layout *b,
             guint         j)
{
  const Piece *p = &g_array_index (a->pieces, Piece, i);
  const Piece *q = &g_array_index (b->pieces, Piece, j);

  return p->tags == q->tags && p->bytes == q->bytes &&
         memcmp (a->text->str + p->text, b->text->str + q->text, p->bytes) == 0;
}

/* Tags the text of @buffer from @offset on with the tags of @layout's
 * pieces @first .. @last - 1: once for each run of pieces that have the
 * same tag (a line's tag covers all its pieces; each apply costs the buffer
 * about as much as a piece). */
static void
tag_pieces (StudioMoveTreeView *self,
            GtkTextBuffer      *buffer,
            int                 offset,
            const Layout       *layout,
            guint               first,
            guint               last)
{
  for (guint t = 0; t < N_TAGS; t++)
    {
      int at = offset, run_start = -1;

      for (guint i = first; i <= last; i++)
        {
          const Piece *piece = i < last ? &g_array_index (layout->pieces, Piece, i) : NULL;
          gboolean on = piece != NULL && (piece->tags & (1u << t)) != 0;

          if (on && run_start < 0)
            run_start = at;
          else if (!on && run_start >= 0)
            {
              GtkTextIter from, to;

              gtk_text_buffer_get_iter_at_offset (buffer, &from, run_start);
              gtk_text_buffer_get_iter_at_offset (buffer, &to, at);
              gtk_text_buffer_apply_tag (buffer, self->tags[t], &from, &to);
              run_start = -1;
            }
          if (piece != NULL)
            at += (int) piece->chars;
        }
    }
}

/* Shows @layout in a new buffer (with the tags of the old). */
static void
replace_buffer (StudioMoveTreeView *self,
                const Layout       *layout)
{
  g_autoptr(GtkTextBuffer) buffer = gtk_text_buffer_new (gtk_text_buffer_get_tag_table (self->buffer));
  GtkTextIter start;

  gtk_text_buffer_set_text (buffer, layout->text->str, (int) layout->text->len);
  tag_pieces (self, buffer, 0, layout, 0, layout->pieces->len);
  gtk_text_buffer_get_start_iter (buffer, &start);
  self->current_mark = gtk_text_buffer_create_mark (buffer, "current", &start, TRUE);
  gtk_text_view_set_buffer (self->text_view, buffer);
  self->buffer = buffer;
}

/* Makes the buffer show @layout (which it takes), changing only the
 * pieces that differ from the layout shown, and the move ranges match it. */
static void
apply_layout (StudioMoveTreeView *self,
              Layout             *layout)
{
  Layout *old = self->layout;
  guint n_old = old->pieces->len;
  guint n_new = layout->pieces->len;
  guint prefix = 0, suffix = 0;
  int start = 0, old_chars = 0, offset = 0;
  GtkTextIter from, to;

  while (prefix < n_old && prefix < n_new && piece_equal (old, prefix, layout, prefix))
    start += g_array_index (old->pieces, Piece, prefix++).chars;
  while (suffix < n_old - prefix && suffix < n_new - prefix &&
         piece_equal (old, n_old - 1 - suffix, layout, n_new - 1 - suffix))
    suffix++;

  /* Much new text (the list opened on another game): a new buffer, filled
   * before the view has it, which then lays out only what it shows (each
   * tag applied to a shown buffer costs the view an update). */
  if (n_old == 0 || n_new - suffix - prefix > REPLACE_PIECES)
    replace_buffer (self, layout);
  else
    {
      for (guint i = prefix; i < n_old - suffix; i++)
        old_chars += g_array_index (old->pieces, Piece, i).chars;

      if (old_chars > 0)
        {
          gtk_text_buffer_get_iter_at_offset (self->buffer, &from, start);
          gtk_text_buffer_get_iter_at_offset (self->buffer, &to, start + old_chars);
          gtk_text_buffer_delete (self->buffer, &from, &to);
        }
      if (prefix < n_new - suffix)
        {
          const Piece *first = &g_array_index (layout->pieces, Piece, prefix);
          const Piece *last = &g_array_index (layout->pieces, Piece, n_new - suffix - 1);

          /* The new text in one insertion, without the tags it takes from
           * its neighbours (text inserted inside a tag's range gets the
           * tag), then each piece's tags. */
          gtk_text_buffer_get_iter_at_offset (self->buffer, &from, start);
          gtk_text_buffer_insert (self->buffer, &from, layout->text->str + first->text,
                                  (int) (last->text + last->bytes - first->text));
          to = from;
          gtk_text_buffer_get_iter_at_offset (self->buffer, &from, start);
          gtk_text_buffer_remove_all_tags (self->buffer, &from, &to);
          tag_pieces (self, self->buffer, start, layout, prefix, n_new - suffix);
        }
    }

  g_array_set_size (self->ranges, 0);
  for (guint i = 0; i < n_new; i++)
    {
      const Piece *piece = &g_array_index (layout->pieces, Piece, i);

      if (piece->node != NULL)
        {
          MoveRange range = { offset, offset + (int) piece->chars, piece->node };

          g_array_append_val (self->ranges, range);
        }
      offset += piece->chars;
    }

  layout_free (old);
  self->layout = layout;
}

/* The range of @node's move in the list, or NULL. */
static const MoveRange *
find_range (StudioMoveTreeView *self,
            CheopsGameNode     *node)
{
  for (guint i = 0; i < self->ranges->len; i++)
    if (g_array_index (self->ranges, MoveRange, i).node == node)
      return &g_array_index (self->ranges, MoveRange, i);
  return NULL;
}

static void
studio_move_tree_view_update_current (StudioMoveTreeView *self)
{
  const MoveRange *range;
  GtkTextIter start, end;

  update_menu_actions (self);

  /* Off the move highlighted (the tag's only range: found through the
   * buffer's tag index, not by a walk over the text). */
  gtk_text_buffer_get_start_iter (self->buffer, &start);
  if (gtk_text_iter_starts_tag (&start, self->current_tag) ||
      gtk_text_iter_forward_to_tag_toggle (&start, self->current_tag))
    {
      end = start;
      gtk_text_iter_forward_to_tag_toggle (&end, self->current_tag);
      gtk_text_buffer_remove_tag (self->buffer, self->current_tag, &start, &end);
    }

  if (self->document == NULL)
    return;

  range = find_range (self, studio_document_get_current (self->document));
  if (range != NULL)
    {
      gtk_text_buffer_get_iter_at_offset (self->buffer, &start, range->start);
      gtk_text_buffer_get_iter_at_offset (self->buffer, &end, range->end);
      gtk_text_buffer_apply_tag (self->buffer, self->current_tag, &start, &end);
      gtk_text_buffer_move_mark (self->buffer, self->current_mark, &start);
      gtk_text_view_scroll_mark_onscreen (self->text_view, self->current_mark);
      return;
    }

  /* The start position: back to the top. */
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
}
static void
studio_move_tree_view_show_current (StudioMoveTreeView *self)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller));
  GdkRectangle visible, location;
  GtkTextIter iter;
  double value = gtk_adjustment_get_value (adjustment);

  if (self->document == NULL
      || cheops_game_node_is_root (studio_document_get_current (self->document)))
    return;

  gtk_text_buffer_get_iter_at_mark (self->buffer, &iter, self->current_mark);
  gtk_text_view_get_visible_rect (self->text_view, &visible);
  gtk_text_view_get_iter_location (self->text_view, &iter, &location);

  if (location.y < visible.y)
    gtk_adjustment_set_value (adjustment, value + (location.y - visible.y));
  else if (location.y + location.height > visible.y + visible.height)
    gtk_adjustment_set_value (adjustment, value + (location.y + location.height - visible.y - visible.height));
}

static gboolean
follow_tick_cb (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  StudioMoveTreeView *self = data;

  studio_move_tree_view_show_current (self);
  if (g_get_monotonic_time () < self->follow_until_us)
    return G_SOURCE_CONTINUE;

  self->follow_tick_id = 0;
  return G_SOURCE_REMOVE;
}

/* The list was laid out again (the adjustment is configured in the text
 * view's size_allocate): when its height or width changed (a resize, the
 * narrow layout, the pane's divider), the lines moved or rewrapped and the
 * current move may have left the view; bring it back, at each frame for a
 * short while, as GtkTextView rewraps a long text in the background (with
 * estimated line heights until then). */
static void
vadjustment_changed_cb (StudioMoveTreeView *self,
                        GtkAdjustment      *adjustment)
{
  double page_size = gtk_adjustment_get_page_size (adjustment);
  int width = gtk_widget_get_width (GTK_WIDGET (self->text_view));

  if (page_size == self->page_size && width == self->width)
    return;
  self->page_size = page_size;
  self->width = width;
  self->follow_until_us = g_get_monotonic_time () + G_USEC_PER_SEC / 2;
  if (self->follow_tick_id == 0)
    self->follow_tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->text_view), follow_tick_cb,
                                                         self, NULL);
}


static int
compare_range (gconstpointer key,
               gconstpointer element)
{
  int offset = GPOINTER_TO_INT (key);
  const MoveRange *range = element;

  if (offset < range->start)
    return -1;
  if (offset >= range->end)
    return 1;
  return 0;
}

/**
 * studio_move_tree_view_node_at:
 * @self: a #StudioMoveTreeView
 * @x: a point in the widget's coordinates
 * @y: a point in the widget's coordinates
 *
 * Returns: (transfer none) (nullable): the node whose move is written under
 *   the point, or %NULL
 */
CheopsGameNode *
studio_move_tree_view_node_at (StudioMoveTreeView *self,
                               double              x,
                               double              y)
{
  GtkTextIter iter;
  graphene_point_t p;
  int bx, by;
  const MoveRange *range;

  g_return_val_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self), NULL);

  if (!gtk_widget_compute_point (GTK_WIDGET (self), GTK_WIDGET (self->text_view),
                                 &GRAPHENE_POINT_INIT (x, y), &p))
    return NULL;

  gtk_text_view_window_to_buffer_coords (self->text_view, GTK_TEXT_WINDOW_WIDGET,
                                         p.x, p.y, &bx, &by);
  if (!gtk_text_view_get_iter_at_location (self->text_view, &iter, bx, by))
    return NULL;

  range = bsearch (GINT_TO_POINTER (gtk_text_iter_get_offset (&iter)),
                   self->ranges->data, self->ranges->len, sizeof (MoveRange),
                   compare_range);

  return range != NULL ? range->node : NULL;
}

static void
click_pressed_cb (StudioMoveTreeView *self,
                  int                 n_press,
                  double              x,
                  double              y,
                  GtkGestureClick    *gesture)
{
  CheopsGameNode *node;

  if (self->document == NULL)
    return;

  node = studio_move_tree_view_node_at (self, x, y);
  if (node != NULL)
    {
      studio_document_set_current (self->document, node);
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
    }
}

/* The node the tree actions work on: the one the menu was opened on, or the
 * current node when the action comes from elsewhere (a shortcut). */
static CheopsGameNode *
action_node (StudioMoveTreeView *self)
{
  CheopsGame *game;

  if (self->document == NULL)
    return NULL;

  game = studio_document_get_game (self->document);
  if (self->menu_node != NULL && cheops_game_contains (game, self->menu_node))
    return self->menu_node;

  return studio_document_get_current (self->document);
}

/* Where the comment shown before @node's move is kept (DESIGN.md section
 * 4, cheops_game_set_comment_before()): sets *@holder and *@before to the
 * node and side of it whose comment the move tree writes just before the
 * move, and returns TRUE; FALSE when no comment can stand before the move.
 * - A move that starts a variation (not a first child): its own comment
 *   before ("( {comment} 14... Mf5").
 * - The first move of the game: the root's comment after, the comment
 *   before the first move (the game's opening comment).
 * - A first child that still carries a comment before (left there when a
 *   reordering made it a first child): the comment after its parent, which
 *   a game file merges with it; saving moves that text there.
 * - Any other move continues a line: what stands before it is the comment
 *   after the move before, the text a game file writes between the two
 *   moves; Comment Before edits that.
 * FALSE only for the root (no move). */
static gboolean
comment_before_place (CheopsGameNode  *node,
                      CheopsGameNode **holder,
                      gboolean        *before)
{
  CheopsGameNode *parent;
  CheopsGameNode *place = NULL;
  gboolean on_before = FALSE;

  if (node == NULL || cheops_game_node_is_root (node))
    return FALSE;

  parent = cheops_game_node_get_parent (node);
  if (cheops_game_node_get_index (node) > 0)
    {
      place = node;
      on_before = TRUE;
    }
  else
    place = parent;

  if (holder != NULL)
    *holder = place;
  if (before != NULL)
    *before = on_before;
  return TRUE;
}

/* Whether cheops_game_demote_variation() would change anything for @node:
 * an ancestor-or-self of it has a next sibling.  O(depth). */
static gboolean
can_demote (CheopsGameNode *node)
{
  for (; node != NULL && !cheops_game_node_is_root (node); node = cheops_game_node_get_parent (node))
    if (cheops_game_node_get_next_sibling (node) != NULL)
      return TRUE;
  return FALSE;
}

static void
update_menu_actions (StudioMoveTreeView *self)
{
  CheopsGameNode *node = action_node (self);
  gboolean valid = node != NULL && !cheops_game_node_is_root (node);
  gboolean mainline = valid && cheops_game_node_is_mainline (node);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.promote", valid && !mainline);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.demote", valid && can_demote (node));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.make-mainline", valid && !mainline);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.delete-variation", valid && !mainline);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.delete-from-here", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.comment-before",
                                 valid && comment_before_place (node, NULL, NULL));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.comment-after", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.move-glyph", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.position-glyph", valid);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "tree.observation", valid);
}

static GMenuModel *
build_glyph_section (const Glyph *glyphs,
                     guint        n_glyphs,
                     const char  *action,
                     const char  *a_name,
                     const char  *q_name)
{
  GMenu *menu = g_menu_new ();

  for (guint i = 0; i < n_glyphs; i++)
    {
      g_autoptr(GMenuItem) item = NULL;
      g_autofree char *name = NULL;
      g_autofree char *label = NULL;

      /* Position glyphs name the side: even NAGs 14..18 favour the a side
       * (PGN's White), odd ones 15..19 the q side. */
      if (strstr (glyphs[i].name, "%s") != NULL)
        {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
          name = g_strdup_printf (_(glyphs[i].name), glyphs[i].nag % 2 == 0 ? a_name : q_name);
#pragma GCC diagnostic pop
        }
      else
        name = g_strdup (_(glyphs[i].name));

      label = g_strdup_printf ("%s\t%s", glyphs[i].symbol, name);
      item = g_menu_item_new (label, NULL);
      g_menu_item_set_action_and_target_value (item, action, g_variant_new_byte (glyphs[i].nag));
      g_menu_append_item (menu, item);
    }

  return G_MENU_MODEL (menu);
}

static GMenuModel *
build_context_menu (StudioMoveTreeView *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) tree = g_menu_new ();
  g_autoptr(GMenu) comments = g_menu_new ();
  g_autoptr(GMenu) glyphs = g_menu_new ();
  g_autoptr(GMenuModel) move_section = NULL;
  g_autoptr(GMenuModel) position_section = NULL;
  g_autoptr(GMenuModel) observation_section = NULL;
  g_autoptr(GMenu) move_menu = g_menu_new ();
  g_autoptr(GMenu) position_menu = g_menu_new ();
  g_autoptr(GMenu) observation_menu = g_menu_new ();
  /* The colours the sides play in this game. */
  const char *a_name = self->document != NULL
                       ? studio_document_get_side_name (self->document, CHEOPS_SIDE_A)
                       : _(cheops_variant_cheops.sides[0].name);
  const char *q_name = self->document != NULL
                       ? studio_document_get_side_name (self->document, CHEOPS_SIDE_B)
                       : _(cheops_variant_cheops.sides[1].name);

  g_menu_append (tree, _("_Promote Variation"), "tree.promote");
  g_menu_append (tree, _("D_emote Variation"), "tree.demote");
  g_menu_append (tree, _("_Make Main Line"), "tree.make-mainline");
  g_menu_append (tree, _("Delete _Variation"), "tree.delete-variation");
  g_menu_append (tree, _("_Delete From Here"), "tree.delete-from-here");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (tree));

  g_menu_append (comments, _("Comment _Before Move…"), "tree.comment-before");
  g_menu_append (comments, _("_Comment After Move…"), "tree.comment-after");
  g_menu_append_section (menu, NULL, G_MENU_MODEL (comments));

  move_section = build_glyph_section (move_glyphs, G_N_ELEMENTS (move_glyphs),
                                      "tree.move-glyph", a_name, q_name);
  g_menu_append_section (move_menu, NULL, move_section);
  {
    g_autoptr(GMenuItem) none = g_menu_item_new (_("No Move Glyph"), NULL);
    g_autoptr(GMenu) clear = g_menu_new ();

    g_menu_item_set_action_and_target_value (none, "tree.move-glyph", g_variant_new_byte (0));
    g_menu_append_item (clear, none);
    g_menu_append_section (move_menu, NULL, G_MENU_MODEL (clear));
  }

  position_section = build_glyph_section (position_glyphs, G_N_ELEMENTS (position_glyphs),
                                          "tree.position-glyph", a_name, q_name);
  g_menu_append_section (position_menu, NULL, position_section);
  {
    g_autoptr(GMenuItem) none = g_menu_item_new (_("No Position Glyph"), NULL);
    g_autoptr(GMenu) clear = g_menu_new ();

    g_menu_item_set_action_and_target_value (none, "tree.position-glyph", g_variant_new_byte (0));
    g_menu_append_item (clear, none);
    g_menu_append_section (position_menu, NULL, G_MENU_MODEL (clear));
  }

  observation_section = build_glyph_section (observation_glyphs, G_N_ELEMENTS (observation_glyphs),
                                             "tree.observation", a_name, q_name);
  g_menu_append_section (observation_menu, NULL, observation_section);

  g_menu_append_submenu (glyphs, _("Move _Glyph"), G_MENU_MODEL (move_menu));
  g_menu_append_submenu (glyphs, _("P_osition Glyph"), G_MENU_MODEL (position_menu));
  g_menu_append_submenu (glyphs, _("_Observation"), G_MENU_MODEL (observation_menu));
  g_menu_append_section (menu, NULL, G_MENU_MODEL (glyphs));

  return G_MENU_MODEL (g_steal_pointer (&menu));
}

/* The position glyphs alone, and No Position Glyph: the popover of Ctrl+=
 * (studio_move_tree_view_popup_position_glyphs()). */
static GMenuModel *
build_position_menu (StudioMoveTreeView *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenuModel) section = NULL;
  g_autoptr(GMenuItem) none = g_menu_item_new (_("No Position Glyph"), NULL);
  g_autoptr(GMenu) clear = g_menu_new ();

  section = build_glyph_section (position_glyphs, G_N_ELEMENTS (position_glyphs), "tree.position-glyph",
                                 studio_document_get_side_name (self->document, CHEOPS_SIDE_A),
                                 studio_document_get_side_name (self->document, CHEOPS_SIDE_B));
  g_menu_append_section (menu, NULL, section);
  g_menu_item_set_action_and_target_value (none, "tree.position-glyph", g_variant_new_byte (0));
  g_menu_append_item (clear, none);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (clear));
  return G_MENU_MODEL (g_steal_pointer (&menu));
}

/* Opens the context menu about @node (or, with @glyph_menu, the
 * position glyphs' menu), pointing at @rect (in the view's coordinates). */
static void
popup_menu (StudioMoveTreeView *self,
            CheopsGameNode     *node,
            const GdkRectangle *rect,
            gboolean            glyph_menu)
{
  g_autoptr(GMenuModel) model = NULL;

  studio_document_set_current (self->document, node);
  self->menu_node = node;
  update_menu_actions (self);

  model = glyph_menu ? build_position_menu (self) : build_context_menu (self);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->popover), model);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->popover), rect);
  gtk_popover_popup (GTK_POPOVER (self->popover));
}

static void
context_pressed_cb (StudioMoveTreeView *self,
                    int                 n_press,
                    double              x,
                    double              y,
                    GtkGestureClick    *gesture)
{
  CheopsGameNode *node;

  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);

  if (self->document == NULL)
    return;

  node = studio_move_tree_view_node_at (self, x, y);
  if (node == NULL)
    return;

  popup_menu (self, node, &(GdkRectangle) { (int) x, (int) y, 1, 1 }, FALSE);
}

/* Where the current move is in the list, in the view's coordinates (the
 * top of the list when it is scrolled out of view); NULL (nothing set)
 * when there is no current move. */
static CheopsGameNode *
current_move_rect (StudioMoveTreeView *self,
                   GdkRectangle       *rect)
{
  CheopsGameNode *node;
  GdkRectangle location, visible;
  graphene_point_t p;
  const MoveRange *range;
  GtkTextIter iter;

  if (self->document == NULL)
    return NULL;
  node = studio_document_get_current (self->document);
  range = find_range (self, node);
  if (range == NULL)
    return NULL;

  gtk_text_buffer_get_iter_at_offset (self->buffer, &iter, range->start);
  gtk_text_view_get_iter_location (self->text_view, &iter, &location);
  gtk_text_view_get_visible_rect (self->text_view, &visible);
  /* Scrolled out of view: the menu points at the top of the list. */
  if (location.y < visible.y || location.y >= visible.y + visible.height)
    location.y = visible.y;
  gtk_text_view_buffer_to_window_coords (self->text_view, GTK_TEXT_WINDOW_WIDGET,
                                         location.x, location.y, &location.x, &location.y);
  if (!gtk_widget_compute_point (GTK_WIDGET (self->text_view), GTK_WIDGET (self),
                                 &GRAPHENE_POINT_INIT (location.x, location.y), &p))
    p = GRAPHENE_POINT_INIT (0, 0);

  *rect = (GdkRectangle) { (int) p.x, (int) p.y, MAX (location.width, 1), MAX (location.height, 1) };
  return node;
}

/**
 * studio_move_tree_view_popup_menu:
 * @self: a #StudioMoveTreeView
 *
 * Opens the context menu of the current move, pointing at that move in the
 * list (the keyboard's way to it: Shift+F10 and the Menu key, bound by the
 * window).  Its items are then chosen with the arrows and Enter or their
 * mnemonics.  Returns: %FALSE (nothing shown) when the current node is the
 * start position or the view has no document.
 */
gboolean
studio_move_tree_view_popup_menu (StudioMoveTreeView *self)
{
  CheopsGameNode *node;
  GdkRectangle rect;

  g_return_val_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self), FALSE);

  node = current_move_rect (self, &rect);
  if (node == NULL)
    return FALSE;
  popup_menu (self, node, &rect, FALSE);
  return TRUE;
}

/**
 * studio_move_tree_view_popup_position_glyphs:
 * @self: a #StudioMoveTreeView
 *
 * Opens the menu of the position glyphs (=, ∞, +=, =+, ±, ∓, +−, −+ and
 * No Position Glyph) of the current move, pointing at it in the list: the
 * window's Ctrl+= (issue 22).  An item is chosen with the arrows and Enter;
 * the glyph replaces the move's position glyph (undoable).
 *
 * Returns: %FALSE (nothing shown) at the start position or without a
 *   document
 */
gboolean
studio_move_tree_view_popup_position_glyphs (StudioMoveTreeView *self)
{
  CheopsGameNode *node;
  GdkRectangle rect;

  g_return_val_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self), FALSE);

  node = current_move_rect (self, &rect);
  if (node == NULL)
    return FALSE;
  popup_menu (self, node, &rect, TRUE);
  return TRUE;
}

/**
 * studio_move_tree_view_toggle_move_glyph:
 * @self: a #StudioMoveTreeView
 * @nag: a move glyph's NAG (1 "!", 2 "?", 3 "!!", 4 "??", 5 "!?", 6 "?!",
 *   7 "□"), or 0
 *
 * Gives the current move the move glyph @nag in place of the one it has,
 * or removes it when the move has that glyph already (as Lichess's glyph
 * buttons do); 0 removes the move glyph.  One undo step.  The window's
 * Ctrl+1 … Ctrl+6 and Ctrl+0 (issue 22).
 *
 * Returns: %FALSE (nothing done) at the start position or without a
 *   document
 */
gboolean
studio_move_tree_view_toggle_move_glyph (StudioMoveTreeView *self,
                                         guint8              nag)
{
  CheopsGameNode *node;

  g_return_val_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self), FALSE);

  if (self->document == NULL)
    return FALSE;
  node = studio_document_get_current (self->document);
  if (node == NULL || cheops_game_node_is_root (node))
    return FALSE;
  if (cheops_game_node_get_move_glyph (node) == nag)
    nag = 0;
  cheops_game_set_move_glyph (studio_document_get_game (self->document), node, nag);
  return TRUE;
}

/* After the context menu closed (an item chosen, Escape, a click away):
 * the keyboard focus was in the popover, which is hidden now, and stayed
 * there, so that F, Ctrl+S and the other shortcuts did nothing until the
 * board was clicked.  Focus is given back to the window (the focus widget
 * unset: the window's own key handling and shortcuts get the keys) unless
 * something visible took it meanwhile.  In an idle: the chosen item's
 * action runs after "closed". */
static gboolean
return_focus_idle (gpointer data)
{
  StudioMoveTreeView *self = data;
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  GtkWidget *focus;

  if (root == NULL)
    return G_SOURCE_REMOVE;
  focus = gtk_root_get_focus (root);
  if (focus != NULL &&
      (focus == self->popover || gtk_widget_is_ancestor (focus, self->popover) || !gtk_widget_get_mapped (focus)))
    gtk_root_set_focus (root, NULL);
  return G_SOURCE_REMOVE;
}

static void
popover_closed_cb (StudioMoveTreeView *self)
{
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, return_focus_idle, g_object_ref (self), g_object_unref);
}

static void
tree_edit_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  StudioMoveTreeView *self = (StudioMoveTreeView *)widget;
  CheopsGameNode *node = action_node (self);
  CheopsGame *game;

  if (node == NULL || cheops_game_node_is_root (node))
    return;

  game = studio_document_get_game (self->document);

  if (g_str_equal (action_name, "tree.promote") || g_str_equal (action_name, "tree.demote")
      || g_str_equal (action_name, "tree.make-mainline") || g_str_equal (action_name, "tree.delete-variation")
      || g_str_equal (action_name, "tree.delete-from-here"))
    {
      /* The main line may end elsewhere now: a result the rules gave its
       * old end follows it, in the same undo step (issue 22: a fresh user
       * found "1-0" kept after the mate was deleted). */
      const char *before = studio_document_get_mainline_result (self->document);

      cheops_game_begin_group (game);
      if (g_str_equal (action_name, "tree.promote"))
        cheops_game_promote_variation (game, node);
      else if (g_str_equal (action_name, "tree.demote"))
        cheops_game_demote_variation (game, node);
      else if (g_str_equal (action_name, "tree.make-mainline"))
        cheops_game_make_mainline (game, node);
      else if (g_str_equal (action_name, "tree.delete-variation"))
        cheops_game_delete_variation (game, node);
      else
        cheops_game_delete_from (game, node);
      studio_document_follow_result (self->document, before);
      cheops_game_end_group (game);
    }
  else if (g_str_equal (action_name, "tree.move-glyph"))
    cheops_game_set_move_glyph (game, node, g_variant_get_byte (param));
  else if (g_str_equal (action_name, "tree.position-glyph"))
    cheops_game_set_position_glyph (game, node, g_variant_get_byte (param));
  else if (g_str_equal (action_name, "tree.observation"))
    {
      guint8 nag = g_variant_get_byte (param);
      g_autoptr(GByteArray) nags = g_byte_array_new ();
      const guint8 *old;
      gboolean had = FALSE;
      guint n_old;

      /* Observation glyphs are toggled: a node may carry several. */
      old = cheops_game_node_get_nags (node, &n_old);
      for (guint i = 0; i < n_old; i++)
        {
          if (old[i] == nag)
            had = TRUE;
          else
            g_byte_array_append (nags, &old[i], 1);
        }
      if (!had)
        g_byte_array_append (nags, &nag, 1);
      cheops_game_set_nags (game, node, nags->data, nags->len);
    }

  self->menu_node = NULL;
}

/* Whether @text can be a comment in a game file: a PGN comment ends at the
 * first "}", and "[%" starts a command. */
static gboolean
comment_text_is_valid (const char *text)
{
  return strchr (text, '}') == NULL && strstr (text, "[%") == NULL;
}

/* The drafts of the comments left with Escape: by node, the comment
 * after or before it. */
static GHashTable *
drafts_for (StudioMoveTreeView *self,
            gboolean            before)
{
  return before ? self->drafts_before : self->drafts_after;
}

/* The text in the editor. */
static char *
editor_dup_text (StudioMoveTreeView *self)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->editor_view);
  GtkTextIter start, end;

  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

/* The inline message, shown while the text cannot be saved. */
static void
editor_buffer_changed_cb (StudioMoveTreeView *self,
                          GtkTextBuffer      *buffer)
{
  g_autofree char *text = editor_dup_text (self);

  gtk_widget_set_visible (self->editor_problem, !comment_text_is_valid (text));
}

/* The repair the inline message offers: "}" becomes ")", "[%" "[ %". */
static void
editor_replace_clicked_cb (StudioMoveTreeView *self)
{
  g_autofree char *text = editor_dup_text (self);
  g_autoptr(GString) fixed = g_string_new (text);

  g_string_replace (fixed, "}", ")", 0);
  g_string_replace (fixed, "[%", "[ %", 0);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->editor_view), fixed->str, -1);
  gtk_widget_grab_focus (GTK_WIDGET (self->editor_view));
}

/* Ends the edit (the text neither stored nor kept: the callers do that),
 * takes the editor out of the list and gives the keys back to the window. */
static void
editor_close (StudioMoveTreeView *self)
{
  GtkRoot *root;

  if (self->edit_holder == NULL)
    return;

  g_clear_pointer (&self->edit_node, cheops_game_node_unref);
  g_clear_pointer (&self->edit_holder, cheops_game_node_unref);
  g_clear_pointer (&self->edit_merged, cheops_game_node_unref);
  g_clear_pointer (&self->edit_original, g_free);
  if (self->editor != NULL && gtk_widget_get_parent (self->editor) != NULL)
    gtk_text_view_remove (self->text_view, self->editor);
  self->editor_anchor = NULL;
  studio_move_tree_view_rebuild (self);

  /* Focus back to the window, whose keys walk the tree again. */
  root = gtk_widget_get_root (GTK_WIDGET (self));
  if (root != NULL)
    gtk_root_set_focus (root, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_EDITING]);
}

/* Stores @text where the edit's comment belongs; FALSE with @error set
 * (the game unchanged) if it cannot. */
static gboolean
editor_store (StudioMoveTreeView  *self,
              const char          *text,
              GError             **error)
{
  CheopsGame *game = studio_document_get_game (self->document);
  gboolean ok;

  if (!cheops_game_contains (game, self->edit_holder))
    {
      g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID,
                           _("this move is no longer in the game"));
      return FALSE;
    }
  if (self->edit_before)
    return cheops_game_set_comment_before (game, self->edit_holder, text, error);

  /* One undo step: the text goes after the holder, and the comment before
   * of the merged first child (shown in the editor with it) goes. */
  cheops_game_begin_group (game);
  ok = cheops_game_set_comment_after (game, self->edit_holder, text, error);
  if (ok && self->edit_merged != NULL && cheops_game_contains (game, self->edit_merged) &&
      cheops_game_node_get_comment_before (self->edit_merged) != NULL)
    ok = cheops_game_set_comment_before (game, self->edit_merged, NULL, error);
  cheops_game_end_group (game);
  return ok;
}

/* Enter: the comment saved (one undo step), its draft gone.  FALSE, the
 * edit open, when it cannot be saved (the inline message says why). */
static gboolean
editor_save (StudioMoveTreeView *self)
{
  g_autofree char *text = editor_dup_text (self);
  g_autoptr(GError) error = NULL;
  g_autoptr(CheopsGameNode) holder = NULL;
  gboolean before = self->edit_before;

  if (!comment_text_is_valid (text))
    return FALSE;
  /* Valid UTF-8 without "}" or "[%", on a move of the game (one that left
   * it ended the edit): the game takes it; if not, the edit stays open. */
  if (g_strcmp0 (text, self->edit_original) != 0 && !editor_store (self, text, &error))
    {
      g_debug ("The comment was not saved: %s", error->message);
      return FALSE;
    }
  holder = cheops_game_node_ref (self->edit_holder);
  g_hash_table_remove (drafts_for (self, before), holder);
  editor_close (self);
  return TRUE;
}

/* Escape: the edit ends, the comment unchanged; the text typed is kept as
 * a draft, which the next edit of that comment starts with. */
static void
editor_cancel (StudioMoveTreeView *self)
{
  g_autofree char *text = editor_dup_text (self);
  GHashTable *drafts = drafts_for (self, self->edit_before);

  if (g_strcmp0 (text, self->edit_original) != 0)
    g_hash_table_replace (drafts, cheops_game_node_ref (self->edit_holder), g_steal_pointer (&text));
  else
    g_hash_table_remove (drafts, self->edit_holder);
  editor_close (self);
}

/* Enter (and Ctrl+Enter) saves, Shift+Enter starts a new line (the text
 * view's own), Escape leaves with the text kept as a draft. */
static gboolean
editor_key_pressed_cb (GtkEventControllerKey *controller,
                       guint                  keyval,
                       guint                  keycode,
                       GdkModifierType        state,
                       StudioMoveTreeView    *self)
{
  if (keyval == GDK_KEY_Escape)
    {
      editor_cancel (self);
      return TRUE;
    }
  if (keyval != GDK_KEY_Return && keyval != GDK_KEY_KP_Enter && keyval != GDK_KEY_ISO_Enter)
    return FALSE;
  if (state & (GDK_SHIFT_MASK | GDK_ALT_MASK))
    return FALSE;
  if (!editor_save (self))
    gtk_widget_error_bell (GTK_WIDGET (self));
  return TRUE;
}

/* The editor: a text view in a frame, its inline message below. */
static void
editor_create (StudioMoveTreeView *self)
{
  GtkEventController *keys;
  GtkWidget *frame, *label, *button;

  self->editor = g_object_ref_sink (gtk_box_new (GTK_ORIENTATION_VERTICAL, 4));
  gtk_widget_add_css_class (self->editor, "comment-editor");
  self->editor_view = GTK_TEXT_VIEW (gtk_text_view_new ());
  gtk_widget_set_name (GTK_WIDGET (self->editor_view), "comment-editor");
  gtk_text_view_set_wrap_mode (self->editor_view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_accepts_tab (self->editor_view, FALSE);
  gtk_text_view_set_top_margin (self->editor_view, 4);
  gtk_text_view_set_bottom_margin (self->editor_view, 4);
  gtk_text_view_set_left_margin (self->editor_view, 6);
  gtk_text_view_set_right_margin (self->editor_view, 6);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->editor_view),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Comment"), -1);
  frame = gtk_frame_new (NULL);
  gtk_frame_set_child (GTK_FRAME (frame), GTK_WIDGET (self->editor_view));
  gtk_box_append (GTK_BOX (self->editor), frame);

  /* The inline message, shown while the text holds "}" or "[%", and its
   * repair. */
  self->editor_problem = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  gtk_widget_set_name (self->editor_problem, "comment-problem");
  label = gtk_label_new (_("A comment cannot contain “}” or “[%”: a game file could not keep it."));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_add_css_class (label, "error");
  gtk_box_append (GTK_BOX (self->editor_problem), label);
  button = gtk_button_new_with_mnemonic (_("_Replace “}” With “)”"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _("Also writes “[%” as “[ %”"));
  g_signal_connect_object (button, "clicked", G_CALLBACK (editor_replace_clicked_cb), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (self->editor_problem), button);
  gtk_widget_set_visible (self->editor_problem, FALSE);
  gtk_box_append (GTK_BOX (self->editor), self->editor_problem);

  label = gtk_label_new (_("Enter saves · Shift+Enter new line · Escape leaves, keeping a draft"));
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_add_css_class (label, "dim-label");
  gtk_widget_add_css_class (label, "caption");
  gtk_box_append (GTK_BOX (self->editor), label);

  keys = gtk_event_controller_key_new ();
  gtk_event_controller_set_name (keys, "comment-keys");
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (editor_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self->editor_view), keys);
  g_signal_connect_object (gtk_text_view_get_buffer (self->editor_view), "changed",
                           G_CALLBACK (editor_buffer_changed_cb), self, G_CONNECT_SWAPPED);
}

/* Puts the editor at its place in the list: the layout has a piece for it
 * (U+FFFC, tag "editor"), written as plain text; it becomes the anchor the
 * editor is embedded at.  Kept while only other pieces change. */
static void
editor_sync_anchor (StudioMoveTreeView *self)
{
  GtkTextIter iter, next;
  int offset = 0, width;
  gboolean found = FALSE;

  if (self->edit_holder == NULL)
    return;

  for (guint i = 0; i < self->layout->pieces->len; i++)
    {
      const Piece *piece = &g_array_index (self->layout->pieces, Piece, i);

      if (piece->tags & (1u << TAG_EDITOR))
        {
          found = TRUE;
          break;
        }
      offset += (int) piece->chars;
    }
  if (!found)
    return;

  gtk_text_buffer_get_iter_at_offset (self->buffer, &iter, offset);
  if (self->editor_anchor != NULL && gtk_text_iter_get_child_anchor (&iter) == self->editor_anchor)
    return;

  if (gtk_widget_get_parent (self->editor) != NULL)
    gtk_text_view_remove (self->text_view, self->editor);
  next = iter;
  gtk_text_iter_forward_char (&next);
  gtk_text_buffer_delete (self->buffer, &iter, &next);
  self->editor_anchor = gtk_text_buffer_create_child_anchor (self->buffer, &iter);
  gtk_text_buffer_get_iter_at_offset (self->buffer, &iter, offset);
  gtk_text_buffer_get_iter_at_offset (self->buffer, &next, offset + 1);
  gtk_text_buffer_apply_tag (self->buffer, self->tags[TAG_EDITOR], &iter, &next);
  width = gtk_widget_get_width (GTK_WIDGET (self->text_view));
  gtk_widget_set_size_request (self->editor, MAX (200, width - 40), -1);
  gtk_text_view_add_child_at_anchor (self->text_view, self->editor, self->editor_anchor);
}

static void
studio_move_tree_view_rebuild (StudioMoveTreeView *self)
{
  Editing edit = { self->edit_holder, self->edit_merged, self->edit_before };

  apply_layout (self, layout_build (self->document, self->edit_holder != NULL ? &edit : NULL, self->secret));
  editor_sync_anchor (self);
  studio_move_tree_view_update_current (self);
}

/**
 * studio_move_tree_view_edit_comment:
 * @self: a #StudioMoveTreeView
 * @node: a move of the document's game, or its root
 * @before: %TRUE for the comment before the move, %FALSE for the one after
 *
 * Edits the comment in place, in the list (issue 22): an editor takes the
 * comment's place there, starting with the draft left last time (see
 * below) or the comment there now, and has the keyboard focus.  Enter
 * (and Ctrl+Enter) saves it (undoable), Shift+Enter starts a new line,
 * Escape leaves it unchanged, keeping the text typed as a draft for the
 * next edit of that comment.  A text with "}" or "[%" cannot be saved (an
 * inline message says so).  While it is open, the window's shortcuts that
 * type keys are off (studio_move_tree_view_get_editing()).  The comment
 * before a move is the one the move tree shows just before it: for the
 * first move of the game the root's comment after (the comment before the
 * first move, DESIGN.md section 4), for the first move of a variation its
 * own comment before, for a move that continues a line the comment after
 * the move before (the text a game file writes between the two).  For the
 * root, the comment before the first move.  An edit already open is left
 * as Escape leaves it.
 */
void
studio_move_tree_view_edit_comment (StudioMoveTreeView *self,
                                    CheopsGameNode     *node,
                                    gboolean            before)
{
  g_autofree char *text = NULL;
  CheopsGameNode *holder = node;
  CheopsGameNode *merged = NULL;
  gboolean on_before = FALSE;
  const char *draft;

  g_return_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self));
  g_return_if_fail (node != NULL);

  if (self->document == NULL)
    return;
  if (self->edit_holder != NULL)
    editor_cancel (self);

  if (before && !cheops_game_node_is_root (node))
    {
      if (!comment_before_place (node, &holder, &on_before))
        return;
      if (!on_before && cheops_game_node_get_comment_before (node) != NULL)
        merged = node;
    }

  if (on_before)
    text = g_strdup (cheops_game_node_get_comment_before (holder));
  else if (merged != NULL && cheops_game_node_get_comment_after (holder) != NULL)
    text = g_strjoin (" ", cheops_game_node_get_comment_after (holder),
                      cheops_game_node_get_comment_before (merged), NULL);
  else if (merged != NULL)
    text = g_strdup (cheops_game_node_get_comment_before (merged));
  else
    text = g_strdup (cheops_game_node_get_comment_after (holder));

  self->edit_node = cheops_game_node_ref (node);
  self->edit_holder = cheops_game_node_ref (holder);
  self->edit_merged = merged != NULL ? cheops_game_node_ref (merged) : NULL;
  self->edit_before = on_before;
  self->edit_original = g_strdup (text != NULL ? text : "");

  if (self->editor == NULL)
    editor_create (self);
  draft = g_hash_table_lookup (drafts_for (self, on_before), holder);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->editor_view),
                            draft != NULL ? draft : self->edit_original, -1);

  studio_move_tree_view_rebuild (self);
  {
    GtkTextIter end;

    gtk_text_buffer_get_end_iter (gtk_text_view_get_buffer (self->editor_view), &end);
    gtk_text_buffer_place_cursor (gtk_text_view_get_buffer (self->editor_view), &end);
  }
  gtk_widget_grab_focus (GTK_WIDGET (self->editor_view));
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_EDITING]);
}

/**
 * studio_move_tree_view_get_editing:
 * @self: a #StudioMoveTreeView
 *
 * Returns: whether a comment is edited in place (the property
 *   #StudioMoveTreeView:editing)
 */
gboolean
studio_move_tree_view_get_editing (StudioMoveTreeView *self)
{
  g_return_val_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self), FALSE);

  return self->edit_holder != NULL;
}

/**
 * studio_move_tree_view_get_comment_editor:
 * @self: a #StudioMoveTreeView
 *
 * Returns: (transfer none) (nullable): the text view of the comment edited
 *   in place, or %NULL when none is
 */
GtkTextView *
studio_move_tree_view_get_comment_editor (StudioMoveTreeView *self)
{
  g_return_val_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self), NULL);

  return self->edit_holder != NULL ? self->editor_view : NULL;
}

static void
tree_comment_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *param)
{
  StudioMoveTreeView *self = (StudioMoveTreeView *)widget;
  CheopsGameNode *node = action_node (self);

  self->menu_node = NULL;
  if (node == NULL)
    return;

  /* The root has only the comment before the first move (its comment
   * after, in the model). */
  if (cheops_game_node_is_root (node))
    studio_move_tree_view_edit_comment (self, node, FALSE);
  else
    studio_move_tree_view_edit_comment (self, node, g_str_equal (action_name, "tree.comment-before"));
}

/* Text colours that read well on the light and on the dark style. */
static void
studio_move_tree_view_update_colours (StudioMoveTreeView *self)
{
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  GtkTextTag *tags[STUDIO_PALETTE_MOVE_NB] = {
    [STUDIO_PALETTE_MOVE_NUMBER] = self->number_tag,
    [STUDIO_PALETTE_MOVE_VARIATION] = self->variation_tag,
    [STUDIO_PALETTE_MOVE_COMMENT] = self->comment_tag,
  };

  /* studio-palette.c: at least 4.5:1 on the list's background. */
  for (guint i = 0; i < STUDIO_PALETTE_MOVE_NB; i++)
    {
      double rgb[3];
      g_autofree char *css = NULL;

      studio_palette_move_text (dark, i, rgb);
      css = studio_palette_to_css (rgb);
      g_object_set (tags[i], "foreground", css, NULL);
    }
}

static void
studio_move_tree_view_document_changed_cb (StudioMoveTreeView *self,
                                           gpointer            node,
                                           StudioDocument     *document)
{
  /* The comment edited went with its move (an undo, another game): the
   * edit ends, its text kept as a draft while the move may come back. */
  if (self->edit_holder != NULL &&
      !cheops_game_contains (studio_document_get_game (document), self->edit_holder))
    {
      editor_cancel (self);
      return;
    }
  studio_move_tree_view_rebuild (self);
}

static void
studio_move_tree_view_dispose (GObject *object)
{
  StudioMoveTreeView *self = (StudioMoveTreeView *)object;

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  if (self->follow_tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->text_view), self->follow_tick_id);
  self->follow_tick_id = 0;
  g_clear_pointer (&self->popover, gtk_widget_unparent);
  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  g_clear_pointer (&self->ranges, g_array_unref);
  g_clear_pointer (&self->layout, layout_free);
  g_clear_pointer (&self->edit_node, cheops_game_node_unref);
  g_clear_pointer (&self->edit_holder, cheops_game_node_unref);
  g_clear_pointer (&self->edit_merged, cheops_game_node_unref);
  g_clear_pointer (&self->edit_original, g_free);
  g_clear_pointer (&self->secret, cheops_game_node_unref);
  g_clear_object (&self->editor);
  g_clear_pointer (&self->drafts_after, g_hash_table_unref);
  g_clear_pointer (&self->drafts_before, g_hash_table_unref);

  G_OBJECT_CLASS (studio_move_tree_view_parent_class)->dispose (object);
}

/* GTK 4.8 stops a running scroll animation when the scrolled window is
 * unmapped by setting the animation's target value; the text view answers
 * that value change by flushing its pending scroll to the current move, which
 * ends the same animation, and GTK then disconnects its handler a second time
 * (a critical, "handler_id > 0", when the window closes right after a move).
 * Ending the animations here, before the children are unmapped, leaves GTK
 * nothing to stop. */
static void
studio_move_tree_view_unmap (GtkWidget *widget)
{
  StudioMoveTreeView *self = STUDIO_MOVE_TREE_VIEW (widget);

  if (self->scroller != NULL)
    {
      GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (self->scroller);
      GtkAdjustment *adjustments[] = {
        gtk_scrolled_window_get_vadjustment (scroller),
        gtk_scrolled_window_get_hadjustment (scroller),
      };

      for (guint i = 0; i < G_N_ELEMENTS (adjustments); i++)
        gtk_adjustment_set_value (adjustments[i], gtk_adjustment_get_value (adjustments[i]));
    }
  GTK_WIDGET_CLASS (studio_move_tree_view_parent_class)->unmap (widget);
}

static void
studio_move_tree_view_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  StudioMoveTreeView *self = STUDIO_MOVE_TREE_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;

    case PROP_EDITING:
      g_value_set_boolean (value, studio_move_tree_view_get_editing (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_move_tree_view_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  StudioMoveTreeView *self = STUDIO_MOVE_TREE_VIEW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      studio_move_tree_view_set_document (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_move_tree_view_class_init (StudioMoveTreeViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_move_tree_view_dispose;
  object_class->get_property = studio_move_tree_view_get_property;
  object_class->set_property = studio_move_tree_view_set_property;
  widget_class->unmap = studio_move_tree_view_unmap;

  properties [PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL,
                         STUDIO_TYPE_DOCUMENT,
                         (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * StudioMoveTreeView:editing:
   *
   * Whether a comment is edited in place in the list.
   */
  properties [PROP_EDITING] =
    g_param_spec_boolean ("editing", NULL, NULL, FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_install_action (widget_class, "tree.promote", NULL, tree_edit_action);
  gtk_widget_class_install_action (widget_class, "tree.demote", NULL, tree_edit_action);
  gtk_widget_class_install_action (widget_class, "tree.make-mainline", NULL, tree_edit_action);
  gtk_widget_class_install_action (widget_class, "tree.delete-variation", NULL, tree_edit_action);
  gtk_widget_class_install_action (widget_class, "tree.delete-from-here", NULL, tree_edit_action);
  gtk_widget_class_install_action (widget_class, "tree.move-glyph", "y", tree_edit_action);
  gtk_widget_class_install_action (widget_class, "tree.position-glyph", "y", tree_edit_action);
  gtk_widget_class_install_action (widget_class, "tree.observation", "y", tree_edit_action);
  gtk_widget_class_install_action (widget_class, "tree.comment-before", NULL, tree_comment_action);
  gtk_widget_class_install_action (widget_class, "tree.comment-after", NULL, tree_comment_action);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "movetree");
}

static void
studio_move_tree_view_init (StudioMoveTreeView *self)
{
  GtkGesture *gesture;

  self->ranges = g_array_new (FALSE, FALSE, sizeof (MoveRange));
  self->layout = layout_new ();

  self->text_view = GTK_TEXT_VIEW (gtk_text_view_new ());
  gtk_text_view_set_editable (self->text_view, FALSE);
  gtk_text_view_set_cursor_visible (self->text_view, FALSE);
  gtk_text_view_set_wrap_mode (self->text_view, GTK_WRAP_WORD_CHAR);
  gtk_text_view_set_left_margin (self->text_view, 12);
  gtk_text_view_set_right_margin (self->text_view, 12);
  gtk_text_view_set_top_margin (self->text_view, 12);
  gtk_text_view_set_bottom_margin (self->text_view, 12);
  gtk_text_view_set_pixels_below_lines (self->text_view, 4);
  gtk_text_view_set_pixels_inside_wrap (self->text_view, 4);
  /* Keys go to the window, which binds the arrows to navigation. */
  gtk_widget_set_focusable (GTK_WIDGET (self->text_view), FALSE);
  gtk_widget_add_css_class (GTK_WIDGET (self->text_view), "move-tree");
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self->text_view), "default");
  self->buffer = gtk_text_view_get_buffer (self->text_view);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->text_view));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)),
                           "changed", G_CALLBACK (vadjustment_changed_cb),
                           self, G_CONNECT_SWAPPED);

  self->mainline_tag = gtk_text_buffer_create_tag (self->buffer, "mainline",
                                                   "weight", PANGO_WEIGHT_SEMIBOLD,
                                                   NULL);
  self->variation_tag = gtk_text_buffer_create_tag (self->buffer, "variation",
                                                    "weight", PANGO_WEIGHT_NORMAL,
                                                    "foreground", "#77767b",
                                                    "scale", 0.94,
                                                    NULL);
  self->number_tag = gtk_text_buffer_create_tag (self->buffer, "number",
                                                 "foreground", "#9a9996",
                                                 "weight", PANGO_WEIGHT_NORMAL,
                                                 NULL);
  self->comment_tag = gtk_text_buffer_create_tag (self->buffer, "comment",
                                                  "foreground", "#1a5fb4",
                                                  "style", PANGO_STYLE_ITALIC,
                                                  "weight", PANGO_WEIGHT_NORMAL,
                                                  NULL);
  self->result_tag = gtk_text_buffer_create_tag (self->buffer, "result",
                                                 "weight", PANGO_WEIGHT_BOLD,
                                                 NULL);
  self->hint_tag = gtk_text_buffer_create_tag (self->buffer, "hint",
                                               "foreground", "#9a9996",
                                               "style", PANGO_STYLE_ITALIC,
                                               NULL);
  self->current_tag = gtk_text_buffer_create_tag (self->buffer, "current",
                                                  "background", "#3584e4",
                                                  "foreground", "#ffffff",
                                                  NULL);
  self->tags[TAG_MAINLINE] = self->mainline_tag;
  self->tags[TAG_VARIATION] = self->variation_tag;
  self->tags[TAG_NUMBER] = self->number_tag;
  self->tags[TAG_COMMENT] = self->comment_tag;
  self->tags[TAG_RESULT] = self->result_tag;
  self->tags[TAG_HINT] = self->hint_tag;
  self->tags[TAG_EDITOR] = gtk_text_buffer_create_tag (self->buffer, "editor", NULL);
  self->drafts_after = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) cheops_game_node_unref, g_free);
  self->drafts_before = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) cheops_game_node_unref, g_free);
  {
    GtkTextIter start;

    gtk_text_buffer_get_start_iter (self->buffer, &start);
    self->current_mark = gtk_text_buffer_create_mark (self->buffer, "current", &start, TRUE);
  }

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_PRIMARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (gesture, "pressed", G_CALLBACK (context_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (gesture));

  studio_move_tree_view_update_colours (self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (studio_move_tree_view_update_colours),
                           self, G_CONNECT_SWAPPED);

  self->popover = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_has_arrow (GTK_POPOVER (self->popover), FALSE);
  gtk_widget_set_halign (self->popover, GTK_ALIGN_START);
  gtk_widget_set_parent (self->popover, GTK_WIDGET (self));
  g_signal_connect_object (self->popover, "closed", G_CALLBACK (popover_closed_cb), self, G_CONNECT_SWAPPED);

  update_menu_actions (self);
}

/**
 * studio_move_tree_view_new:
 *
 * Returns: (transfer floating): a move tree view without a document
 */
GtkWidget *
studio_move_tree_view_new (void)
{
  return g_object_new (STUDIO_TYPE_MOVE_TREE_VIEW, NULL);
}

/**
 * studio_move_tree_view_get_document:
 * @self: a #StudioMoveTreeView
 *
 * Returns: (transfer none) (nullable): the document shown
 */
StudioDocument *
studio_move_tree_view_get_document (StudioMoveTreeView *self)
{
  g_return_val_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self), NULL);

  return self->document;
}

/**
 * studio_move_tree_view_set_document:
 * @self: a #StudioMoveTreeView
 * @document: (nullable): the document to show and edit
 */
void
studio_move_tree_view_set_document (StudioMoveTreeView *self,
                                    StudioDocument     *document)
{
  g_return_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self));
  g_return_if_fail (document == NULL || STUDIO_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  /* An edit of the last game's comment is left as Escape leaves it; its
   * drafts go with that game. */
  if (self->edit_holder != NULL)
    editor_cancel (self);
  g_hash_table_remove_all (self->drafts_after);
  g_hash_table_remove_all (self->drafts_before);

  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  self->menu_node = NULL;

  if (document != NULL)
    {
      g_signal_connect_object (document, "changed",
                               G_CALLBACK (studio_move_tree_view_document_changed_cb),
                               self, G_CONNECT_SWAPPED);
      g_signal_connect_object (document, "notify::current",
                               G_CALLBACK (studio_move_tree_view_update_current),
                               self, G_CONNECT_SWAPPED);
    }

  studio_move_tree_view_rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_DOCUMENT]);
}

/**
 * studio_move_tree_view_dup_text:
 * @self: a #StudioMoveTreeView
 *
 * The text shown, as one paragraph of plain spaces: the line breaks the
 * list starts every few moves (to keep the text view fast) and the
 * no-break spaces that keep a move number or a clock time on the line of
 * its move stand for the spaces they replace (so does a no-break space in
 * a comment).
 *
 * Returns: (transfer full): the text shown (for tests)
 */
char *
studio_move_tree_view_dup_text (StudioMoveTreeView *self)
{
  GtkTextIter start, end;
  g_autofree char *text = NULL;
  GString *out;

  g_return_val_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self), NULL);

  gtk_text_buffer_get_bounds (self->buffer, &start, &end);
  text = gtk_text_buffer_get_text (self->buffer, &start, &end, FALSE);
  out = g_string_sized_new (strlen (text));
  for (const char *c = text; *c != 0; c++)
    {
      if (*c == '\n')
        g_string_append_c (out, ' ');
      else if (g_str_has_prefix (c, NBSP))
        {
          g_string_append_c (out, ' ');
          c++;
        }
      else
        g_string_append_c (out, *c);
    }
  return g_string_free (out, FALSE);
}

/**
 * studio_move_tree_view_set_secret:
 * @self: a #StudioMoveTreeView
 * @node: (nullable): a move of the document's game, or %NULL
 *
 * Leaves out of the list the alternatives to @node (its siblings and what
 * follows them: the variations in parentheses after it), until another
 * call; %NULL shows them all again.  Learn from Your Mistakes hides the
 * review's better line this way while it asks for a better move (as
 * Lichess does).  The game itself is not changed.
 */
void
studio_move_tree_view_set_secret (StudioMoveTreeView *self,
                                  CheopsGameNode     *node)
{
  g_return_if_fail (STUDIO_IS_MOVE_TREE_VIEW (self));

  if (self->secret == node)
    return;
  g_clear_pointer (&self->secret, cheops_game_node_unref);
  if (node != NULL)
    self->secret = cheops_game_node_ref (node);
  if (self->document != NULL)
    studio_move_tree_view_rebuild (self);
}
