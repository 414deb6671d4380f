/* cheops-game-node.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_LOG_DOMAIN "cheops-game"

#include <string.h>

#include "cheops-game-private.h"

/* Positions are cached on the way down every this many plies, so that a
 * later request replays at most this many moves. */
#define POSITION_CACHE_STRIDE 32

GQuark
cheops_game_error_quark (void)
{
  return g_quark_from_static_string ("cheops-game-error-quark");
}

CheopsNagKind
cheops_nag_get_kind (guint8 nag)
{
  if (nag == 0)
    return CHEOPS_NAG_KIND_NONE;
  if (nag <= CHEOPS_NAG_MOVE_LAST)
    return CHEOPS_NAG_KIND_MOVE;
  if (nag <= CHEOPS_NAG_POSITION_LAST)
    return CHEOPS_NAG_KIND_POSITION;
  return CHEOPS_NAG_KIND_OBSERVATION;
}

const char *
cheops_nag_to_suffix (guint8 nag)
{
  static const char * const suffixes[] = { NULL, "!", "?", "!!", "??", "!?", "?!" };

  return nag < G_N_ELEMENTS (suffixes) ? suffixes[nag] : NULL;
}

static CheopsGameNode *
node_alloc (void)
{
  CheopsGameNode *self = g_new0 (CheopsGameNode, 1);

  g_ref_count_init (&self->ref_count);
  return self;
}

CheopsGameNode *
_cheops_game_node_new_root (const CheopsPosition *position)
{
  CheopsGameNode *self = node_alloc ();

  self->position = g_memdup2 (position, sizeof *position);
  self->mover = position->side_to_move;
  self->move_number = position->fullmove_number;
  return self;
}

CheopsGameNode *
_cheops_game_node_append_child (CheopsGameNode       *parent,
                                const CheopsPosition *before,
                                CheopsMove            move)
{
  CheopsGameNode *self = node_alloc ();
  CheopsGameNode **link;

  self->parent = parent;
  self->ply = parent->ply + 1;
  self->move = move;
  self->mover = before->side_to_move;
  self->move_number = before->fullmove_number;
  /* The SAN is written when first asked for (reading a file does not need
   * it, and it costs a move generation). */

  for (link = &parent->first_child; *link != NULL; link = &(*link)->next_sibling)
    ;
  *link = self;
  return self;
}

static void
node_free_data (CheopsGameNode *self)
{
  g_free (self->position);
  g_free (self->comment_before);
  g_free (self->comment_after);
  g_free (self->nags);
  cheops_annotations_free (self->annotations);
  g_free (self);
}

CheopsGameNode *
cheops_game_node_ref (CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_ref_count_inc (&self->ref_count);
  return self;
}

/* Frees without recursion: a 100 000-ply line must not exhaust the stack.
 * Children still referenced elsewhere survive with parent NULL. */
void
cheops_game_node_unref (CheopsGameNode *self)
{
  GPtrArray *stack;

  g_return_if_fail (self != NULL);
  if (!g_ref_count_dec (&self->ref_count))
    return;

  stack = g_ptr_array_new ();
  g_ptr_array_add (stack, self);
  while (stack->len > 0)
    {
      CheopsGameNode *node = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      CheopsGameNode *child = node->first_child;

      while (child != NULL)
        {
          CheopsGameNode *next = child->next_sibling;

          child->parent = NULL;
          child->next_sibling = NULL;
          if (g_ref_count_dec (&child->ref_count))
            g_ptr_array_add (stack, child);
          child = next;
        }
      node_free_data (node);
    }
  g_ptr_array_free (stack, TRUE);
}

CheopsGameNode *
cheops_game_node_get_parent (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->parent;
}

CheopsGameNode *
cheops_game_node_get_first_child (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->first_child;
}

CheopsGameNode *
cheops_game_node_get_next_sibling (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->next_sibling;
}

guint
cheops_game_node_get_n_children (const CheopsGameNode *self)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);
  for (CheopsGameNode *c = self->first_child; c != NULL; c = c->next_sibling)
    n++;
  return n;
}

CheopsGameNode *
cheops_game_node_get_child (const CheopsGameNode *self,
                            guint                 index)
{
  CheopsGameNode *c;

  g_return_val_if_fail (self != NULL, NULL);
  for (c = self->first_child; c != NULL && index > 0; c = c->next_sibling)
    index--;
  return c;
}

guint
cheops_game_node_get_index (const CheopsGameNode *self)
{
  guint i = 0;

  g_return_val_if_fail (self != NULL, 0);
  if (self->parent == NULL || self->detached)
    return 0;
  for (CheopsGameNode *c = self->parent->first_child; c != NULL && c != self; c = c->next_sibling)
    i++;
  return i;
}

gboolean
cheops_game_node_is_root (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->parent == NULL && self->move == CHEOPS_MOVE_NONE;
}

gboolean
cheops_game_node_is_mainline (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  for (; self->parent != NULL; self = self->parent)
    if (self->detached || self->parent->first_child != self)
      return FALSE;
  return self->move == CHEOPS_MOVE_NONE;
}

CheopsMove
cheops_game_node_get_move (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, CHEOPS_MOVE_NONE);
  return self->move;
}

const char *
cheops_game_node_get_san (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, "");
  if (self->san[0] == '\0' && self->move != CHEOPS_MOVE_NONE && self->parent != NULL)
    {
      CheopsGameNode *node = (CheopsGameNode *) self;   /* a cache */
      const CheopsPosition *before = cheops_game_node_get_position (node->parent);

      if (before != NULL)
        cheops_move_to_san (before, node->move, node->san);
    }
  return self->san;
}

guint
cheops_game_node_get_ply (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->ply;
}

CheopsSide
cheops_game_node_get_mover (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, CHEOPS_SIDE_A);
  return (CheopsSide) self->mover;
}

guint
cheops_game_node_get_move_number (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->move_number;
}

char *
cheops_game_node_format_move (const CheopsGameNode *self,
                              gboolean              with_number)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (!with_number || self->move == CHEOPS_MOVE_NONE)
    return g_strdup (cheops_game_node_get_san (self));
  return g_strdup_printf ("%u%s %s", self->move_number,
                          self->mover == CHEOPS_SIDE_A ? "." : "...",
                          cheops_game_node_get_san (self));
}

const CheopsPosition *
cheops_game_node_get_position (CheopsGameNode *self)
{
  GPtrArray *path;
  CheopsGameNode *n;
  CheopsPosition pos;

  g_return_val_if_fail (self != NULL, NULL);
  if (self->position != NULL)
    return self->position;

  path = g_ptr_array_new ();
  for (n = self; n != NULL && n->position == NULL; n = n->parent)
    g_ptr_array_add (path, n);
  if (n == NULL)
    {
      g_ptr_array_free (path, TRUE);
      return NULL;
    }
  pos = *n->position;
  for (guint i = path->len; i-- > 0;)
    {
      CheopsGameNode *step = path->pdata[i];
      CheopsUndo undo;

      cheops_position_do_move (&pos, step->move, &undo);
      if (i == 0 || step->ply % POSITION_CACHE_STRIDE == 0)
        step->position = g_memdup2 (&pos, sizeof pos);
    }
  g_ptr_array_free (path, TRUE);
  return self->position;
}

const char *
cheops_game_node_get_comment_before (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->comment_before;
}

const char *
cheops_game_node_get_comment_after (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->comment_after;
}

const guint8 *
cheops_game_node_get_nags (const CheopsGameNode *self,
                           guint                *n_nags)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (n_nags != NULL)
    *n_nags = self->n_nags;
  return self->nags;
}

static guint8
first_nag_of_kind (const CheopsGameNode *self,
                   CheopsNagKind         kind)
{
  for (guint i = 0; i < self->n_nags; i++)
    if (cheops_nag_get_kind (self->nags[i]) == kind)
      return self->nags[i];
  return 0;
}

guint8
cheops_game_node_get_move_glyph (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return first_nag_of_kind (self, CHEOPS_NAG_KIND_MOVE);
}

guint8
cheops_game_node_get_position_glyph (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return first_nag_of_kind (self, CHEOPS_NAG_KIND_POSITION);
}

const CheopsAnnotations *
cheops_game_node_get_annotations (const CheopsGameNode *self)
{
  static CheopsAnnotations *empty;

  g_return_val_if_fail (self != NULL, NULL);
  if (self->annotations != NULL)
    return self->annotations;
  if (g_once_init_enter (&empty))
    g_once_init_leave (&empty, cheops_annotations_new ());
  return empty;
}

GPtrArray *
cheops_game_node_get_path (const CheopsGameNode *self)
{
  GPtrArray *path;
  guint n = 0;

  g_return_val_if_fail (self != NULL, NULL);
  for (const CheopsGameNode *p = self; p != NULL; p = p->parent)
    n++;
  path = g_ptr_array_sized_new (n);
  g_ptr_array_set_size (path, n);
  for (const CheopsGameNode *p = self; p != NULL; p = p->parent)
    path->pdata[--n] = (gpointer) p;
  return path;
}

CheopsGameNode *
cheops_game_node_get_next (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->first_child;
}

CheopsGameNode *
cheops_game_node_get_next_visited (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  /* visited_child is weak: trust it only if it is a child now (compared
   * by address, never dereferenced before that). */
  if (self->visited_child != NULL)
    for (CheopsGameNode *c = self->first_child; c != NULL; c = c->next_sibling)
      if (c == self->visited_child)
        return c;
  return self->first_child;
}

void
cheops_game_node_mark_visited (CheopsGameNode *self)
{
  g_return_if_fail (self != NULL);
  for (; self->parent != NULL; self = self->parent)
    self->parent->visited_child = self;
}

CheopsGameNode *
cheops_game_node_get_line_start (const CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  if (self->parent == NULL)
    return NULL;
  for (; self->parent != NULL; self = self->parent)
    if (self->parent->first_child != self || self->parent->parent == NULL)
      return (CheopsGameNode *) self;
  return NULL;
}

guint
_cheops_game_node_unlink (CheopsGameNode *child)
{
  CheopsGameNode **link;
  guint index = 0;

  g_assert (child->parent != NULL);
  for (link = &child->parent->first_child; *link != child; link = &(*link)->next_sibling)
    {
      g_assert (*link != NULL);
      index++;
    }
  *link = child->next_sibling;
  child->next_sibling = NULL;
  child->detached = TRUE;
  return index;
}

void
_cheops_game_node_link (CheopsGameNode *child,
                        guint           index)
{
  CheopsGameNode **link;

  g_assert (child->parent != NULL);
  g_assert (child->next_sibling == NULL);
  for (link = &child->parent->first_child; *link != NULL && index > 0; link = &(*link)->next_sibling)
    index--;
  child->next_sibling = *link;
  *link = child;
  child->detached = FALSE;
}

void
_cheops_game_node_take_comment (CheopsGameNode *node,
                                gboolean        before,
                                char           *text)
{
  char **field = before ? &node->comment_before : &node->comment_after;

  g_free (*field);
  if (text != NULL && text[0] == '\0')
    g_clear_pointer (&text, g_free);
  *field = text;
}

void
_cheops_game_node_set_nags (CheopsGameNode *node,
                            const guint8   *nags,
                            guint           n_nags)
{
  g_clear_pointer (&node->nags, g_free);
  node->n_nags = 0;
  for (guint i = 0; i < n_nags; i++)
    _cheops_game_node_add_nag (node, nags[i]);
}

void
_cheops_game_node_add_nag (CheopsGameNode *node,
                           guint8          nag)
{
  if (nag == 0 || node->n_nags == 255)
    return;
  for (guint i = 0; i < node->n_nags; i++)
    if (node->nags[i] == nag)
      return;
  node->nags = g_realloc (node->nags, node->n_nags + 1);
  node->nags[node->n_nags++] = nag;
}

void
_cheops_game_node_take_annotations (CheopsGameNode    *node,
                                    CheopsAnnotations *annotations)
{
  cheops_annotations_free (node->annotations);
  if (cheops_annotations_is_empty (annotations))
    {
      cheops_annotations_free (annotations);
      annotations = NULL;
    }
  node->annotations = annotations;
}

CheopsAnnotations *
_cheops_game_node_ensure_annotations (CheopsGameNode *node)
{
  if (node->annotations == NULL)
    node->annotations = cheops_annotations_new ();
  return node->annotations;
}

gboolean
_cheops_game_node_data_equal (const CheopsGameNode *a,
                              const CheopsGameNode *b)
{
  return a->move == b->move
         && g_strcmp0 (a->comment_before, b->comment_before) == 0
         && g_strcmp0 (a->comment_after, b->comment_after) == 0
         && a->n_nags == b->n_nags
         && (a->n_nags == 0 || memcmp (a->nags, b->nags, a->n_nags) == 0)
         && cheops_annotations_equal (a->annotations, b->annotations);
}

static inline gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

void
_cheops_append_normalized (GString    *out,
                           const char *text,
                           gsize       len)
{
  const char *p = text, *end = text + len;

  /* Word by word: each run of non-space bytes, one space between runs. */
  for (;;)
    {
      const char *word;

      while (p < end && is_space (*p))
        p++;
      if (p >= end)
        break;
      word = p;
      while (p < end && !is_space (*p))
        p++;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append_len (out, word, p - word);
    }
}
