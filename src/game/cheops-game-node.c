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

/* Nodes made by a reader come from chunks: NODE_CHUNK_BYTES, aligned to
 * their size, so that a node finds its chunk from its address.  A chunk
 * counts its nodes not yet freed, plus one while its reader may still
 * take nodes from it; the last to go frees it (from any thread).  A game
 * file's tree is thousands of nodes made and freed together: one
 * allocation for NODE_CHUNK_NODES of them, and one atomic decrement to
 * free each.  Other nodes come from GLib's slices. */
#define NODE_CHUNK_BYTES 16384

struct _CheopsGameNodeChunk {
  gint  live;
  guint used;
};

#define NODE_CHUNK_FIRST \
  ((sizeof (CheopsGameNodeChunk) + G_ALIGNOF (CheopsGameNode) - 1) / G_ALIGNOF (CheopsGameNode) * G_ALIGNOF (CheopsGameNode))
#define NODE_CHUNK_NODES ((NODE_CHUNK_BYTES - NODE_CHUNK_FIRST) / sizeof (CheopsGameNode))

static inline CheopsGameNode *
chunk_node (CheopsGameNodeChunk *chunk,
            guint                i)
{
  return (CheopsGameNode *) ((char *) chunk + NODE_CHUNK_FIRST + i * sizeof (CheopsGameNode));
}

/* Drops @n of @chunk's counts, freeing it at zero. */
static void
chunk_drop (CheopsGameNodeChunk *chunk,
            gint                 n)
{
  if (g_atomic_int_add (&chunk->live, -n) == n)
    g_aligned_free (chunk);
}

void
_cheops_game_node_chunk_release (CheopsGameNodeChunk *chunk)
{
  if (chunk == NULL)
    return;
  /* The slots never used, and the reader's own count. */
  chunk_drop (chunk, (gint) (NODE_CHUNK_NODES - chunk->used) + 1);
}

static CheopsGameNode *
node_alloc (CheopsGameNodeChunk **chunk)
{
  CheopsGameNode *self;

#if defined(__SANITIZE_ADDRESS__)
  /* Each node on its own, so that AddressSanitizer sees a freed node's
   * use. */
  chunk = NULL;
#endif
  if (chunk == NULL)
    self = g_slice_new0 (CheopsGameNode);
  else
    {
      if (*chunk == NULL || (*chunk)->used == NODE_CHUNK_NODES)
        {
          _cheops_game_node_chunk_release (*chunk);
          *chunk = g_aligned_alloc (1, NODE_CHUNK_BYTES, NODE_CHUNK_BYTES);
          /* Every slot counted now, so that taking one costs no atomic. */
          (*chunk)->live = (gint) NODE_CHUNK_NODES + 1;
          (*chunk)->used = 0;
        }
      /* Copied from a zero node rather than memset(): the compiler makes
       * a few vector stores of it, not a "rep stos" with its slow start
       * (4 % of reading a game file, by perf). */
      static const CheopsGameNode zero_node;

      self = chunk_node (*chunk, (*chunk)->used++);
      memcpy (self, &zero_node, sizeof *self);
      self->in_chunk = TRUE;
    }
  g_ref_count_init (&self->ref_count);
  return self;
}

CheopsGameNode *
_cheops_game_node_new_root (const CheopsPosition *position)
{
  CheopsGameNode *self = node_alloc (NULL);

  self->position = g_memdup2 (position, sizeof *position);
  self->key = position->key;
  self->key_known = TRUE;
  self->mover = position->side_to_move;
  self->move_number = position->fullmove_number;
  return self;
}

CheopsGameNode *
_cheops_game_node_append_child (CheopsGameNode       *parent,
                                const CheopsPosition *before,
                                CheopsMove            move)
{
  return _cheops_game_node_append_child_after (parent, NULL, before, move);
}

CheopsGameNode *
_cheops_game_node_append_child_after (CheopsGameNode       *parent,
                                      CheopsGameNode       *hint,
                                      const CheopsPosition *before,
                                      CheopsMove            move)
{
  return _cheops_game_node_append_child_in (NULL, parent, hint, before, move);
}

CheopsGameNode *
_cheops_game_node_append_child_in (CheopsGameNodeChunk **chunk,
                                   CheopsGameNode       *parent,
                                   CheopsGameNode       *hint,
                                   const CheopsPosition *before,
                                   CheopsMove            move)
{
  CheopsGameNode *self = node_alloc (chunk);
  CheopsGameNode **link;

  self->parent = parent;
  self->ply = parent->ply + 1;
  self->move = move;
  self->mover = before->side_to_move;
  self->move_number = before->fullmove_number;
  /* The SAN is written when first asked for (reading a file does not need
   * it, and it costs a move generation). */

  g_assert (hint == NULL || (hint->parent == parent && !hint->detached));
  for (link = hint != NULL ? &hint->next_sibling : &parent->first_child; *link != NULL;
       link = &(*link)->next_sibling)
    ;
  *link = self;
  return self;
}

static void
derived_free (CheopsGameNodeDerived *derived)
{
  if (derived == NULL)
    return;
  g_free (derived->moves);
  g_free (derived->fen);
  g_free (derived->uci_position);
  g_free (derived);
}

static void
node_free_data (CheopsGameNode *self)
{
  /* Most nodes of a file hold none of these. */
  if (self->position != NULL)
    g_free (self->position);
  if (self->derived != NULL)
    derived_free (self->derived);
  if (self->comment_before != NULL)
    g_free (self->comment_before);
  if (self->comment_after != NULL)
    g_free (self->comment_after);
  if (self->nags != NULL)
    g_free (self->nags);
  if (self->annotations != NULL)
    cheops_annotations_free (self->annotations);
  if (self->in_chunk)
    chunk_drop ((CheopsGameNodeChunk *) ((guintptr) self & ~(guintptr) (NODE_CHUNK_BYTES - 1)), 1);
  else
    g_slice_free (CheopsGameNode, self);
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
  CheopsGameNode *stack;

  g_return_if_fail (self != NULL);
  if (!g_ref_count_dec (&self->ref_count))
    return;

  /* The nodes to free form a stack linked through their parent pointers,
   * which they no longer need. */
  self->parent = NULL;
  stack = self;
  while (stack != NULL)
    {
      CheopsGameNode *node = stack;
      CheopsGameNode *child = node->first_child;

      stack = node->parent;
      while (child != NULL)
        {
          CheopsGameNode *next = child->next_sibling;

          child->parent = NULL;
          child->next_sibling = NULL;
          if (g_ref_count_dec (&child->ref_count))
            {
              child->parent = stack;
              stack = child;
            }
          child = next;
        }
      node_free_data (node);
    }
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
      step->key = pos.key;
      step->key_known = TRUE;
      if (i == 0 || step->ply % POSITION_CACHE_STRIDE == 0)
        step->position = g_memdup2 (&pos, sizeof pos);
    }
  g_ptr_array_free (path, TRUE);
  return self->position;
}

guint64
_cheops_game_node_get_key (CheopsGameNode *node)
{
  if (!node->key_known)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (node);

      if (pos == NULL)
        return 0;
      node->key = pos->key;
      node->key_known = TRUE;
    }
  return node->key;
}

void
_cheops_game_node_set_key (CheopsGameNode *node,
                           guint64         key)
{
  node->key = key;
  node->key_known = TRUE;
}

void
_cheops_game_node_set_outcome (CheopsGameNode *node,
                               CheopsOutcome   outcome)
{
  node->outcome = (gint16) outcome;
  node->outcome_known = TRUE;
}

CheopsOutcome
_cheops_repetition_outcome (const CheopsPosition *pos,
                            const guint64        *keys,
                            gsize                 n)
{
  int count;

  /* Repetition is judged only after a move (the start counts once). */
  if (n < 2)
    return CHEOPS_OUTCOME_NONE;
  count = cheops_repetition_count (keys, n, cheops_position_repetition_horizon (pos));
  return count > 1 ? cheops_position_repetition_outcome (pos, count) : CHEOPS_OUTCOME_NONE;
}

CheopsOutcome
_cheops_outcome_after_keys (const CheopsPosition *pos,
                            const guint64        *keys,
                            gsize                 n)
{
  CheopsOutcome outcome = cheops_position_outcome (pos);

  return outcome != CHEOPS_OUTCOME_NONE ? outcome : _cheops_repetition_outcome (pos, keys, n);
}

guint
_cheops_game_node_count_subtree (const CheopsGameNode *node)
{
  const CheopsGameNode *x = node;
  guint n = 1;

  /* Depth first along the links: down to the first child, else on to the
   * next sibling of the nearest node on the way up that has one. */
  for (;;)
    {
      if (x->first_child != NULL)
        x = x->first_child;
      else
        {
          while (x != node && x->next_sibling == NULL)
            x = x->parent;
          if (x == node)
            return n;
          x = x->next_sibling;
        }
      n++;
    }
}

CheopsOutcome
cheops_game_node_get_outcome (CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, CHEOPS_OUTCOME_NONE);
  if (!self->outcome_known)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (self);
      guint64 *keys;
      gsize n, i;
      CheopsGameNode *p;
      CheopsOutcome outcome;

      if (pos == NULL)
        return CHEOPS_OUTCOME_NONE;
      outcome = cheops_position_outcome (pos);
      if (outcome != CHEOPS_OUTCOME_NONE || self->ply == 0)
        {
          _cheops_game_node_set_outcome (self, outcome);
          return outcome;
        }
      /* No position before the last irreversible move can repeat: the
       * keys of the plies of the repetition horizon are all that count. */
      n = MIN ((gsize) cheops_position_repetition_horizon (pos), (gsize) self->ply) + 1;
      keys = g_new (guint64, n);
      i = n;
      for (p = self; i > 0 && p != NULL; p = p->parent)
        keys[--i] = _cheops_game_node_get_key (p);
      /* (A node cut off from its root counts what is left of its path.) */
      _cheops_game_node_set_outcome (self, _cheops_repetition_outcome (pos, keys + i, n - i));
      g_free (keys);
    }
  return (CheopsOutcome) self->outcome;
}

int
cheops_game_node_get_repetition_count (CheopsGameNode *self)
{
  const CheopsPosition *pos;
  guint64 *keys;
  gsize n, i;
  int count = 1;
  CheopsGameNode *p;

  g_return_val_if_fail (self != NULL, 1);
  pos = cheops_game_node_get_position (self);
  if (pos == NULL || self->ply == 0)
    return 1;
  n = MIN ((gsize) cheops_position_repetition_horizon (pos), (gsize) self->ply) + 1;
  keys = g_new (guint64, n);
  i = n;
  for (p = self; i > 0 && p != NULL; p = p->parent)
    keys[--i] = _cheops_game_node_get_key (p);
  if (n - i >= 2)
    count = cheops_repetition_count (keys + i, n - i, cheops_position_repetition_horizon (pos));
  g_free (keys);
  return count;
}

const CheopsClaimInfo *
cheops_game_node_get_claimable_draw (CheopsGameNode *self)
{
  const CheopsPosition *pos;

  g_return_val_if_fail (self != NULL, NULL);
  pos = cheops_game_node_get_position (self);
  if (pos == NULL || cheops_game_node_get_outcome (self) != CHEOPS_OUTCOME_NONE)
    return NULL;
  return cheops_position_claimable_draw (pos, cheops_game_node_get_repetition_count (self));
}

static CheopsGameNodeDerived *
ensure_derived (CheopsGameNode *self)
{
  if (self->derived == NULL)
    self->derived = g_new0 (CheopsGameNodeDerived, 1);
  return self->derived;
}

const CheopsMove *
cheops_game_node_get_moves (CheopsGameNode *self,
                            guint          *n_moves)
{
  CheopsGameNodeDerived *d;

  g_return_val_if_fail (self != NULL, NULL);
  d = ensure_derived (self);
  if (!d->moves_known)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (self);

      if (pos != NULL && !_cheops_outcome_ends_record (pos->variant, cheops_game_node_get_outcome (self)))
        {
          CheopsMove list[CHEOPS_MAX_MOVES];
          CheopsMove *end = cheops_generate_moves (pos, list);

          d->n_moves = (guint) (end - list);
          d->moves = d->n_moves > 0 ? g_memdup2 (list, d->n_moves * sizeof *list) : NULL;
        }
      d->moves_known = TRUE;
    }
  if (n_moves != NULL)
    *n_moves = d->n_moves;
  return d->moves;
}

gboolean
cheops_game_node_has_move (CheopsGameNode *self,
                           CheopsMove      move)
{
  guint n;
  const CheopsMove *moves;

  g_return_val_if_fail (self != NULL, FALSE);
  moves = cheops_game_node_get_moves (self, &n);
  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

gboolean
cheops_game_node_in_check (CheopsGameNode *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (!self->check_known)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (self);

      if (pos == NULL)
        return FALSE;
      self->in_check = cheops_position_in_check (pos);
      self->check_known = TRUE;
    }
  return self->in_check;
}

const char *
cheops_game_node_get_fen (CheopsGameNode *self)
{
  CheopsGameNodeDerived *d;

  g_return_val_if_fail (self != NULL, NULL);
  d = ensure_derived (self);
  if (d->fen == NULL)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (self);
      char fen[CHEOPS_FEN_MAX];

      if (pos == NULL)
        return NULL;
      cheops_position_to_fen (pos, fen, sizeof fen);
      d->fen = g_strdup (fen);
    }
  return d->fen;
}

const char *
cheops_game_node_get_uci_position (CheopsGameNode *self)
{
  CheopsGameNodeDerived *d;

  g_return_val_if_fail (self != NULL, NULL);
  d = ensure_derived (self);
  if (d->uci_position == NULL)
    {
      const CheopsPosition *pos = cheops_game_node_get_position (self);
      GPtrArray *line;
      CheopsGameNode *base;
      GString *s;
      guint back;

      if (pos == NULL)
        return NULL;
      /* The base: the last position on the path after which nothing can
       * repeat (repetition horizon 0), or the root; then the moves since. */
      back = MIN ((guint) cheops_position_repetition_horizon (pos), self->ply);
      line = g_ptr_array_sized_new (back);
      for (base = self; back > 0 && base->parent != NULL; back--, base = base->parent)
        g_ptr_array_add (line, base);
      if (cheops_game_node_get_fen (base) == NULL)
        {
          g_ptr_array_free (line, TRUE);
          return NULL;
        }
      s = g_string_new ("position fen ");
      g_string_append (s, cheops_game_node_get_fen (base));
      if (line->len > 0)
        g_string_append (s, " moves");
      for (guint i = line->len; i-- > 0;)
        {
          char text[CHEOPS_MOVE_TEXT_MAX];
          CheopsGameNode *n = line->pdata[i];

          cheops_move_to_text (pos->variant, n->move, text);
          g_string_append_c (s, ' ');
          g_string_append (s, text);
        }
      g_ptr_array_free (line, TRUE);
      d->uci_position = g_string_free (s, FALSE);
    }
  return d->uci_position;
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
  /* ' ' and '\t' '\n' '\v' '\f' '\r' (9-13): one comparison for the
   * usual character, above ' '. */
  guchar u = (guchar) c;

  return u <= ' ' && (u == ' ' || (u >= '\t' && u <= '\r'));
}

/* Whether the eight bytes of @w can be copied as they are inside a run of
 * normalized text that a non-space byte precedes: no byte below ' ' (the
 * other blanks among them), no two spaces side by side, and no space last
 * (the next eight bytes then follow a non-space byte too). */
static inline gboolean
word_copies_as_is (guint64 w)
{
  const guint64 ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  guint64 t = w ^ (ones * ' '), spaces;

  if (((w - ones * ' ') & ~w & highs) != 0)
    return FALSE;                                    /* a byte below ' ' */
  /* The high bit of each byte that is a space, exactly. */
  spaces = ~(((t & ~highs) + ~highs) | t) & highs;
  return (spaces & (spaces >> 8)) == 0 && (spaces >> 63) == 0;
}

void
_cheops_append_normalized (GString    *out,
                           const char *text,
                           gsize       len,
                           guint       breaks)
{
  const char *p = text, *end = text + len;

  gsize old_len = out->len;
  char *d;

  /* Each run of non-space bytes, one space (or line break) between runs,
   * written in place: at most one separator and @len bytes are added.
   * Text that is already so (single spaces between words) is copied eight
   * bytes at a time. */
  if (old_len + len + 1 >= out->allocated_len)
    g_string_set_size (out, old_len + len + 1);
  d = out->str + old_len;
  for (;;)
    {
      guint n_breaks = 0;

      while (p < end && is_space (*p))
        n_breaks += *p++ == '\n';
      if (p >= end)
        break;
      if (d > out->str)
        *d++ = breaks > 0 && n_breaks >= breaks ? '\n' : ' ';
      *d++ = *p++;
      while (end - p >= 8)
        {
          guint64 w;

          memcpy (&w, p, 8);
          if (!word_copies_as_is (GUINT64_FROM_LE (w)))
            break;
          memcpy (d, &w, 8);
          d += 8;
          p += 8;
        }
      while (p < end && !is_space (*p))
        *d++ = *p++;
    }
  /* g_string_truncate(), in place. */
  out->len = d - out->str;
  out->str[out->len] = '\0';
}
