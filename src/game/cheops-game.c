/* cheops-game.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game record and its command history.  Every edit is a Command that
 * can be applied forwards and backwards; the undo stack holds what was
 * done, the redo stack what was undone.  Removed nodes are kept alive by
 * the command that removed them, so undo puts the very same nodes back.
 */
#define G_LOG_DOMAIN "cheops-game"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "cheops-game-private.h"

typedef struct {
  char *name;
  char *value;
} Tag;

typedef enum {
  COMMAND_ATTACH,      /* node linked at index (backwards: unlinked) */
  COMMAND_DETACH,      /* node unlinked from index (backwards: linked) */
  COMMAND_REORDER,     /* node moved from index to index2 */
  COMMAND_COMMENT,     /* text / text2 swapped, flag = before */
  COMMAND_NAGS,        /* nags / nags2 swapped */
  COMMAND_ANNOTATIONS, /* annotations swapped */
  COMMAND_TAG,         /* tag name: value text / text2, index */
  COMMAND_ROOT,        /* root swapped with node */
  COMMAND_GROUP,       /* children */
} CommandKind;

typedef struct _Command Command;
struct _Command {
  CommandKind        kind;
  guint              serial;
  CheopsGameNode    *node;           /* referenced */
  guint              index;
  guint              index2;
  gboolean           flag;
  char              *name;
  char              *text;           /* the value to set next time it is applied */
  GByteArray        *nags;
  CheopsAnnotations *annotations;
  GPtrArray         *children;       /* of Command */
};

/* The seven tags of the roster: PGN's, with the tags of the variant's two
 * colours (CheopsSideInfo.tag: Green and Orange, Gold and Red) in the
 * places of White and Black. */
#define N_ROSTER 7
#define ROSTER_COLOUR_0 4
static const char * const roster_defaults[N_ROSTER] = {
  "?", "?", "????.??.??", "?", "?", "?", "*"
};

struct _CheopsGame {
  GObject         parent_instance;

  const CheopsVariant *variant;   /* of every position in the tree */
  const char     *roster[N_ROSTER];
  CheopsGameNode *root;
  GArray         *tags;           /* of Tag: the roster first */
  guint           n_nodes;        /* in the tree, valid if n_nodes_valid */

  GPtrArray      *undo_stack;     /* of Command */
  GPtrArray      *redo_stack;
  GPtrArray      *group_stack;    /* of GPtrArray of Command: open groups */
  guint           next_serial;
  guint           saved_serial;
  char           *source_text;    /* of a game read with errors, or NULL */
  gsize           source_length;  /* its bytes (it may hold a NUL) */
  guint           source_serial;  /* the state that text describes */
  GBytes         *escapes[3];     /* "%" lines before, inside, after, or NULL */

  guint           can_undo : 1;
  guint           can_redo : 1;
  guint           modified : 1;
  guint           partly_read : 1;
  guint           n_nodes_valid : 1;
};

G_DEFINE_FINAL_TYPE (CheopsGame, cheops_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_MODIFIED,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

static void
command_free (gpointer data)
{
  Command *cmd = data;

  /* A node that only this command could put back is cut off for good: its
   * parent may go before it, so it forgets it (whoever still holds a
   * reference to it sees a node without parent). */
  if ((cmd->kind == COMMAND_ATTACH || cmd->kind == COMMAND_DETACH) && cmd->node->detached)
    cmd->node->parent = NULL;
  if (cmd->node != NULL)
    cheops_game_node_unref (cmd->node);
  g_free (cmd->name);
  g_free (cmd->text);
  if (cmd->nags != NULL)
    g_byte_array_unref (cmd->nags);
  cheops_annotations_free (cmd->annotations);
  if (cmd->children != NULL)
    g_ptr_array_unref (cmd->children);
  g_free (cmd);
}

static Command *
command_new (CommandKind     kind,
             CheopsGameNode *node)
{
  Command *cmd = g_new0 (Command, 1);

  cmd->kind = kind;
  cmd->node = node != NULL ? cheops_game_node_ref (node) : NULL;
  return cmd;
}

static void
tag_clear (gpointer data)
{
  Tag *tag = data;

  g_free (tag->name);
  g_free (tag->value);
}

static int
find_tag (CheopsGame *self,
          const char *name,
          gsize       name_len)
{
  for (guint i = 0; i < self->tags->len; i++)
    {
      const Tag *tag = &g_array_index (self->tags, Tag, i);
      if (strncmp (tag->name, name, name_len) == 0 && tag->name[name_len] == '\0')
        return (int) i;
    }
  return -1;
}

static int
roster_index (CheopsGame *self,
              const char *name)
{
  for (guint i = 0; i < N_ROSTER; i++)
    if (strcmp (self->roster[i], name) == 0)
      return (int) i;
  return -1;
}

void
_cheops_game_put_tag (CheopsGame *self,
                      const char *name,
                      gsize       name_len,
                      const char *value)
{
  int i = find_tag (self, name, name_len);

  if (i >= 0)
    {
      Tag *tag = &g_array_index (self->tags, Tag, i);
      g_free (tag->value);
      tag->value = g_strdup (value);
    }
  else
    {
      Tag tag = { g_strndup (name, name_len), g_strdup (value) };
      g_array_append_val (self->tags, tag);
    }
}

void
_cheops_game_append_tag (CheopsGame *self,
                         const char *name,
                         const char *value)
{
  Tag tag;

  /* The roster's tags come first (_cheops_game_new_with_root()): found
   * in a few steps. */
  if (roster_index (self, name) >= 0)
    {
      _cheops_game_put_tag (self, name, strlen (name), value);
      return;
    }
  tag.name = g_strdup (name);
  tag.value = g_strdup (value);
  g_array_append_val (self->tags, tag);
}

void
_cheops_game_append_tag_take (CheopsGame *self,
                              char       *name,
                              char       *value)
{
  Tag tag;
  int i;

  /* The roster's tags come first (_cheops_game_new_with_root()): found
   * in a few steps. */
  if (roster_index (self, name) >= 0 && (i = find_tag (self, name, strlen (name))) >= 0)
    {
      Tag *t = &g_array_index (self->tags, Tag, i);

      g_free (t->value);
      t->value = value;
      g_free (name);
      return;
    }
  tag.name = name;
  tag.value = value;
  g_array_append_val (self->tags, tag);
}

/* Sets or removes (value NULL) a tag at @index (for a new tag: the place to
 * insert it) and returns the old value. */
static char *
swap_tag (CheopsGame *self,
          const char *name,
          char       *value,
          guint       index)
{
  int i = find_tag (self, name, strlen (name));
  char *old = NULL;

  if (i >= 0)
    {
      Tag *tag = &g_array_index (self->tags, Tag, i);
      old = tag->value;
      if (value != NULL)
        tag->value = value;
      else
        {
          tag->value = NULL;          /* returned; the clear func frees the name */
          g_array_remove_index (self->tags, i);
        }
    }
  else if (value != NULL)
    {
      Tag tag = { g_strdup (name), value };
      g_array_insert_val (self->tags, MIN (index, self->tags->len), tag);
    }
  return old;
}

/* The serial of the state the game is in (0: as created or read). */
static guint
current_serial (CheopsGame *self)
{
  return self->undo_stack->len > 0
    ? ((Command *) g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1))->serial
    : 0;
}

static void
update_state (CheopsGame *self)
{
  gboolean can_undo = self->undo_stack->len > 0;
  gboolean can_redo = self->redo_stack->len > 0;
  guint serial = can_undo ? ((Command *) g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1))->serial : 0;
  gboolean modified = serial != self->saved_serial;

  if (can_undo != self->can_undo)
    {
      self->can_undo = can_undo;
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CAN_UNDO]);
    }
  if (can_redo != self->can_redo)
    {
      self->can_redo = can_redo;
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_CAN_REDO]);
    }
  if (modified != self->modified)
    {
      self->modified = modified;
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_MODIFIED]);
    }
}

/* Makes the game a game of its root's variant: the roster's colour tags
 * take that variant's names (keeping their values). */
static void
adopt_variant (CheopsGame *self)
{
  const CheopsVariant *variant = self->root->position->variant;

  if (variant == self->variant)
    return;
  self->variant = variant;
  for (guint c = 0; c < CHEOPS_SIDE_NB; c++)
    {
      Tag *tag = &g_array_index (self->tags, Tag, ROSTER_COLOUR_0 + c);

      self->roster[ROSTER_COLOUR_0 + c] = variant->sides[c].tag;
      g_free (tag->name);
      tag->name = g_strdup (variant->sides[c].tag);
    }
}

/* Applies @cmd forwards or backwards and returns the node "changed" names. */
static CheopsGameNode *
command_apply (CheopsGame *self,
               Command    *cmd,
               gboolean    forwards)
{
  CheopsGameNode *node = cmd->node;

  switch (cmd->kind)
    {
    case COMMAND_ATTACH:
    case COMMAND_DETACH:
      if (forwards == (cmd->kind == COMMAND_ATTACH))
        {
          _cheops_game_node_link (cheops_game_node_ref (node), cmd->index);
          if (self->n_nodes_valid)
            self->n_nodes += _cheops_game_node_count_subtree (node);
          return node;
        }
      if (self->n_nodes_valid)
        self->n_nodes -= _cheops_game_node_count_subtree (node);
      _cheops_game_node_unlink (node);
      cheops_game_node_unref (node);   /* the parent's reference */
      return node->parent;

    case COMMAND_REORDER:
      _cheops_game_node_unlink (node);
      _cheops_game_node_link (node, forwards ? cmd->index2 : cmd->index);
      return node;

    case COMMAND_COMMENT:
      {
        char **field = cmd->flag ? &node->comment_before : &node->comment_after;
        char *old = *field;
        *field = cmd->text;
        cmd->text = old;
        return node;
      }

    case COMMAND_NAGS:
      {
        GByteArray *old = g_byte_array_new ();

        g_byte_array_append (old, node->nags != NULL ? node->nags : (guint8 *) "", node->n_nags);
        _cheops_game_node_set_nags (node, cmd->nags->data, cmd->nags->len);
        g_byte_array_unref (cmd->nags);
        cmd->nags = old;
        return node;
      }

    case COMMAND_ANNOTATIONS:
      {
        CheopsAnnotations *old = node->annotations;
        node->annotations = cmd->annotations;
        cmd->annotations = old;
        return node;
      }

    case COMMAND_TAG:
      cmd->text = swap_tag (self, cmd->name, cmd->text, cmd->index);
      return self->root;

    case COMMAND_ROOT:
      {
        CheopsGameNode *old = self->root;
        self->root = cmd->node;
        cmd->node = old;
        self->n_nodes_valid = FALSE;
        adopt_variant (self);
        return self->root;
      }

    case COMMAND_GROUP:
      {
        CheopsGameNode *last = self->root;

        if (forwards)
          for (guint i = 0; i < cmd->children->len; i++)
            last = command_apply (self, cmd->children->pdata[i], TRUE);
        else
          for (guint i = cmd->children->len; i-- > 0;)
            last = command_apply (self, cmd->children->pdata[i], FALSE);
        return last;
      }

    default:
      g_assert_not_reached ();
    }
  return NULL;
}

/* Applies a new edit, records it and tells the world. */
static void
do_command (CheopsGame *self,
            Command    *cmd)
{
  CheopsGameNode *node = command_apply (self, cmd, TRUE);

  if (self->group_stack->len > 0)
    g_ptr_array_add (g_ptr_array_index (self->group_stack, self->group_stack->len - 1), cmd);
  else
    {
      cmd->serial = ++self->next_serial;
      g_ptr_array_add (self->undo_stack, cmd);
      g_ptr_array_set_size (self->redo_stack, 0);
    }
  update_state (self);
  g_signal_emit (self, signals [CHANGED], 0, node);
}

static void
cheops_game_finalize (GObject *object)
{
  CheopsGame *self = (CheopsGame *)object;

  g_clear_pointer (&self->group_stack, g_ptr_array_unref);
  g_clear_pointer (&self->redo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->undo_stack, g_ptr_array_unref);
  g_clear_pointer (&self->tags, g_array_unref);
  g_clear_pointer (&self->root, cheops_game_node_unref);
  g_clear_pointer (&self->source_text, g_free);
  for (guint i = 0; i < G_N_ELEMENTS (self->escapes); i++)
    g_clear_pointer (&self->escapes[i], g_bytes_unref);

  G_OBJECT_CLASS (cheops_game_parent_class)->finalize (object);
}

static void
cheops_game_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  CheopsGame *self = CHEOPS_GAME (object);

  switch (prop_id)
    {
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;

    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cheops_game_class_init (CheopsGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = cheops_game_finalize;
  object_class->get_property = cheops_game_get_property;

  properties [PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties [PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties [PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals [CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void
cheops_game_init (CheopsGame *self)
{
  self->tags = g_array_sized_new (FALSE, FALSE, sizeof (Tag), 16);
  g_array_set_clear_func (self->tags, tag_clear);
  self->undo_stack = g_ptr_array_new_with_free_func (command_free);
  self->redo_stack = g_ptr_array_new_with_free_func (command_free);
  self->group_stack = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
}

CheopsGame *
_cheops_game_new_with_root (CheopsGameNode *root)
{
  CheopsGame *self = g_object_new (CHEOPS_TYPE_GAME, NULL);
  static const char * const fixed[N_ROSTER] = {
    "Event", "Site", "Date", "Round", NULL, NULL, "Result"
  };

  self->root = root;
  self->variant = root->position->variant;
  g_return_val_if_fail (self->tags->len == 0, self);
  for (guint i = 0; i < N_ROSTER; i++)
    {
      /* As _cheops_game_put_tag() does, with one copy of each string. */
      Tag tag;

      self->roster[i] = fixed[i] != NULL ? fixed[i] : self->variant->sides[i - ROSTER_COLOUR_0].tag;
      if (find_tag (self, self->roster[i], strlen (self->roster[i])) >= 0)
        {
          _cheops_game_put_tag (self, self->roster[i], strlen (self->roster[i]), roster_defaults[i]);
          continue;
        }
      tag.name = g_strdup (self->roster[i]);
      tag.value = g_strdup (roster_defaults[i]);
      g_array_append_val (self->tags, tag);
    }
  return self;
}

CheopsGame *
cheops_game_new (void)
{
  return cheops_game_new_for_variant (&cheops_variant_cheops);
}

CheopsGame *
cheops_game_new_for_variant (const CheopsVariant *variant)
{
  CheopsPosition start;

  g_return_val_if_fail (variant != NULL, NULL);
  cheops_position_init_start (&start, variant);
  return _cheops_game_new_with_root (_cheops_game_node_new_root (&start));
}

CheopsGame *
cheops_game_new_from_fen (const CheopsVariant  *variant,
                          const char           *fen,
                          GError              **error)
{
  CheopsPosition pos;
  CheopsError err = { 0 };

  g_return_val_if_fail (fen != NULL, NULL);
  if (variant == NULL)
    variant = &cheops_variant_cheops;
  if (!cheops_position_from_fen (&pos, variant, fen, &err))
    {
      g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_BAD_FEN,
                   "%s", err.message);
      return NULL;
    }
  return _cheops_game_new_with_root (_cheops_game_node_new_root (&pos));
}

static void
copy_node_data (CheopsGameNode       *to,
                const CheopsGameNode *from)
{
  to->comment_before = g_strdup (from->comment_before);
  to->comment_after = g_strdup (from->comment_after);
  _cheops_game_node_set_nags (to, from->nags, from->n_nags);
  if (from->annotations != NULL)
    to->annotations = cheops_annotations_copy (from->annotations);
}

CheopsGame *
cheops_game_copy (CheopsGame *self)
{
  CheopsGame *copy;
  GPtrArray *from_stack, *to_stack;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);

  copy = _cheops_game_new_with_root (_cheops_game_node_new_root (self->root->position));
  for (guint i = 0; i < self->tags->len; i++)
    {
      const Tag *tag = &g_array_index (self->tags, Tag, i);
      _cheops_game_put_tag (copy, tag->name, strlen (tag->name), tag->value);
    }
  copy_node_data (copy->root, self->root);
  copy->partly_read = self->partly_read;
  if (cheops_game_get_source_text (self) != NULL)
    {
      copy->source_text = g_malloc (self->source_length + 1);
      memcpy (copy->source_text, self->source_text, self->source_length + 1);
      copy->source_length = self->source_length;
    }
  for (guint i = 0; i < G_N_ELEMENTS (self->escapes); i++)
    copy->escapes[i] = self->escapes[i] != NULL ? g_bytes_ref (self->escapes[i]) : NULL;

  /* Depth first without recursion: pairs of (original, copy). */
  from_stack = g_ptr_array_new ();
  to_stack = g_ptr_array_new ();
  g_ptr_array_add (from_stack, self->root);
  g_ptr_array_add (to_stack, copy->root);
  while (from_stack->len > 0)
    {
      CheopsGameNode *from = g_ptr_array_steal_index_fast (from_stack, from_stack->len - 1);
      CheopsGameNode *to = g_ptr_array_steal_index_fast (to_stack, to_stack->len - 1);
      const CheopsPosition *before = cheops_game_node_get_position (to);

      CheopsGameNode *last = NULL;

      for (CheopsGameNode *c = from->first_child; c != NULL; c = c->next_sibling)
        {
          CheopsGameNode *n = last = _cheops_game_node_append_child_after (to, last, before, c->move);
          copy_node_data (n, c);
          if (c->first_child != NULL)
            {
              CheopsPosition after = *before;
              CheopsUndo undo;

              cheops_position_do_move (&after, c->move, &undo);
              n->position = g_memdup2 (&after, sizeof after);
              g_ptr_array_add (from_stack, c);
              g_ptr_array_add (to_stack, n);
            }
        }
      /* Positions of inner nodes are only needed while copying. */
      if (to != copy->root)
        g_clear_pointer (&to->position, g_free);
    }
  g_ptr_array_free (from_stack, TRUE);
  g_ptr_array_free (to_stack, TRUE);
  return copy;
}

gboolean
cheops_game_equal (CheopsGame *a,
                   CheopsGame *b)
{
  GPtrArray *stack;
  gboolean equal = TRUE;

  g_return_val_if_fail (CHEOPS_IS_GAME (a), FALSE);
  g_return_val_if_fail (CHEOPS_IS_GAME (b), FALSE);

  if (a->variant != b->variant || a->tags->len != b->tags->len)
    return FALSE;
  for (guint i = 0; i < a->tags->len; i++)
    {
      const Tag *x = &g_array_index (a->tags, Tag, i);
      const Tag *y = &g_array_index (b->tags, Tag, i);
      if (strcmp (x->name, y->name) != 0 || strcmp (x->value, y->value) != 0)
        return FALSE;
    }
  {
    char fa[CHEOPS_FEN_MAX], fb[CHEOPS_FEN_MAX];
    cheops_position_to_fen (a->root->position, fa, sizeof fa);
    cheops_position_to_fen (b->root->position, fb, sizeof fb);
    if (strcmp (fa, fb) != 0)
      return FALSE;
  }

  stack = g_ptr_array_new ();
  g_ptr_array_add (stack, a->root);
  g_ptr_array_add (stack, b->root);
  while (equal && stack->len > 0)
    {
      CheopsGameNode *y = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      CheopsGameNode *x = g_ptr_array_steal_index_fast (stack, stack->len - 1);
      CheopsGameNode *cx, *cy;

      if (!_cheops_game_node_data_equal (x, y))
        equal = FALSE;
      for (cx = x->first_child, cy = y->first_child;
           equal && cx != NULL && cy != NULL;
           cx = cx->next_sibling, cy = cy->next_sibling)
        {
          g_ptr_array_add (stack, cx);
          g_ptr_array_add (stack, cy);
        }
      if (cx != NULL || cy != NULL)
        equal = FALSE;
    }
  g_ptr_array_free (stack, TRUE);
  return equal;
}

CheopsGameNode *
cheops_game_get_root (CheopsGame *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  return self->root;
}

const CheopsPosition *
cheops_game_get_start_position (CheopsGame *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  return self->root->position;
}

CheopsGameNode *
cheops_game_get_mainline_end (CheopsGame *self)
{
  CheopsGameNode *n;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  for (n = self->root; n->first_child != NULL; n = n->first_child)
    ;
  return n;
}

gboolean
cheops_game_contains (CheopsGame           *self,
                      const CheopsGameNode *node)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  for (; node->parent != NULL; node = node->parent)
    if (node->detached)
      return FALSE;
  return node == self->root;
}

guint
cheops_game_count_nodes (CheopsGame *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), 0);
  /* Counted once (a game read or copied is built without the history),
   * then kept up to date by every edit, undo and redo. */
  if (!self->n_nodes_valid)
    {
      self->n_nodes = _cheops_game_node_count_subtree (self->root);
      self->n_nodes_valid = TRUE;
    }
  return self->n_nodes;
}

const CheopsVariant *
cheops_game_get_variant (CheopsGame *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), &cheops_variant_cheops);
  return self->variant;
}

/* Tags. */

const char *
cheops_game_get_tag (CheopsGame *self,
                     const char *name)
{
  int i;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  i = find_tag (self, name, strlen (name));
  return i >= 0 ? g_array_index (self->tags, Tag, i).value : NULL;
}

static gboolean
is_tag_name (const char *name)
{
  if (!g_ascii_isalpha (name[0]))
    return FALSE;
  for (const char *p = name; *p; p++)
    if (!g_ascii_isalnum (*p) && *p != '_')
      return FALSE;
  return TRUE;
}

static gboolean
is_result (const char *value)
{
  return strcmp (value, "1-0") == 0 || strcmp (value, "0-1") == 0
         || strcmp (value, "1/2-1/2") == 0 || strcmp (value, "*") == 0;
}

gboolean
cheops_game_set_tag (CheopsGame  *self,
                     const char  *name,
                     const char  *value,
                     GError     **error)
{
  int r, i;
  Command *cmd;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  if (!is_tag_name (name) || strcmp (name, "Variant") == 0
      || strcmp (name, "SetUp") == 0 || strcmp (name, "FEN") == 0)
    {
      g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID,
                   "“%s” cannot be set as a tag", name);
      return FALSE;
    }
  r = roster_index (self, name);
  if (value == NULL && r >= 0)
    value = roster_defaults[r];
  if (value != NULL
      && (!g_utf8_validate (value, -1, NULL) || strpbrk (value, "\r\n") != NULL))
    {
      g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID,
                   "the value of tag %s must be one line of UTF-8 text", name);
      return FALSE;
    }
  if (value != NULL && strcmp (name, "Result") == 0 && !is_result (value))
    {
      g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID,
                   "“%s” is not a result (1-0, 0-1, 1/2-1/2 or *)", value);
      return FALSE;
    }

  i = find_tag (self, name, strlen (name));
  if (i < 0 && value == NULL)
    return TRUE;
  if (i >= 0 && value != NULL && strcmp (g_array_index (self->tags, Tag, i).value, value) == 0)
    return TRUE;

  cmd = command_new (COMMAND_TAG, NULL);
  cmd->name = g_strdup (name);
  cmd->text = g_strdup (value);
  cmd->index = i >= 0 ? (guint) i : self->tags->len;
  do_command (self, cmd);
  return TRUE;
}

guint
cheops_game_get_n_tags (CheopsGame *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), 0);
  return self->tags->len;
}

void
cheops_game_get_nth_tag (CheopsGame  *self,
                         guint        index,
                         const char **name,
                         const char **value)
{
  const Tag *tag;

  g_return_if_fail (CHEOPS_IS_GAME (self));
  g_return_if_fail (index < self->tags->len);
  tag = &g_array_index (self->tags, Tag, index);
  if (name != NULL)
    *name = tag->name;
  if (value != NULL)
    *value = tag->value;
}

const char *
cheops_game_get_result (CheopsGame *self)
{
  return cheops_game_get_tag (self, "Result");
}

CheopsSide
cheops_game_get_colour_side (CheopsGame *self,
                             guint       colour)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), CHEOPS_SIDE_A);
  g_return_val_if_fail (colour < CHEOPS_SIDE_NB, CHEOPS_SIDE_A);

  if (self->variant->colour_tag != NULL)
    {
      const char *value = cheops_game_get_tag (self, self->variant->colour_tag);
      gboolean swapped = value != NULL && value[0] == self->variant->sides[CHEOPS_SIDE_B].letter
                         && value[1] == '\0';

      return (CheopsSide) (colour ^ (swapped ? 1 : 0));
    }
  return (CheopsSide) colour;
}

guint
cheops_game_get_side_colour (CheopsGame *self,
                             CheopsSide  side)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), 0);
  g_return_val_if_fail (side < CHEOPS_SIDE_NB, 0);
  /* Two colours: the map is its own inverse. */
  return (guint) cheops_game_get_colour_side (self, (guint) side);
}

const char *
cheops_game_get_side_name (CheopsGame *self,
                           CheopsSide  side)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  return self->variant->sides[cheops_game_get_side_colour (self, side)].name;
}

const char *
cheops_game_get_player (CheopsGame *self,
                        CheopsSide  side)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  return cheops_game_get_tag (self, self->roster[ROSTER_COLOUR_0 + cheops_game_get_side_colour (self, side)]);
}

const char *
cheops_game_get_colour_tag (CheopsGame *self,
                            guint       colour)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  g_return_val_if_fail (colour < CHEOPS_SIDE_NB, NULL);
  return self->roster[ROSTER_COLOUR_0 + colour];
}

const char *
cheops_game_outcome_result (CheopsGame    *self,
                            CheopsOutcome  outcome)
{
  CheopsWinner winner;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  g_return_val_if_fail (outcome >= 0 && outcome < self->variant->n_outcomes, NULL);

  if (outcome == CHEOPS_OUTCOME_NONE)
    return NULL;
  winner = cheops_variant_outcome_winner (self->variant, outcome);
  if (winner == CHEOPS_WINNER_DRAW)
    return "1/2-1/2";
  return cheops_game_get_side_colour (self, (CheopsSide) winner) == 0 ? "1-0" : "0-1";
}

char *
cheops_game_describe_outcome (CheopsGame    *self,
                              CheopsOutcome  outcome)
{
  const CheopsOutcomeInfo *info;
  const char *reason, *colour;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  g_return_val_if_fail (outcome >= 0 && outcome < self->variant->n_outcomes, NULL);

  if (outcome == CHEOPS_OUTCOME_NONE)
    return g_strdup (_("The game is not over."));
  info = &self->variant->outcomes[outcome];
  reason = g_dgettext (GETTEXT_PACKAGE, info->reason);
  if (info->winner == CHEOPS_WINNER_DRAW)
    /* Translators: "Draw: the same position for the fifth time." */
    return g_strdup_printf (_("Draw: %s."), reason);
  colour = g_dgettext (GETTEXT_PACKAGE, cheops_game_get_side_name (self, (CheopsSide) info->winner));
  if (g_str_has_prefix (info->reason, "by "))
    /* Translators: "Gold wins by checkmate." */
    return g_strdup_printf (_("%s wins %s."), colour, reason);
  /* Translators: "Red wins: Gold made the same position a third time." */
  return g_strdup_printf (_("%s wins: %s."), colour, reason);
}

char *
cheops_game_dup_headline (CheopsGame *self)
{
  GString *s = g_string_new (NULL);
  const char *green = cheops_game_get_tag (self, self->roster[ROSTER_COLOUR_0]);
  const char *orange = cheops_game_get_tag (self, self->roster[ROSTER_COLOUR_0 + 1]);
  const char *parts[] = {
    cheops_game_get_tag (self, "Event"),
    cheops_game_get_tag (self, "Date"),
    cheops_game_get_result (self),
  };

  g_string_append_printf (s, "%s - %s", green, orange);
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (parts[i] != NULL && strchr (parts[i], '?') == NULL && strcmp (parts[i], "*") != 0)
      g_string_append_printf (s, ", %s", parts[i]);
  return g_string_free (s, FALSE);
}

/* Edits. */

static CheopsGameNode *
find_child (CheopsGameNode *node,
            CheopsMove      move)
{
  for (CheopsGameNode *c = node->first_child; c != NULL; c = c->next_sibling)
    if (c->move == move)
      return c;
  return NULL;
}

/* A record ends where the game does (repetition included): FALSE with
 * CHEOPS_GAME_ERROR_ILLEGAL_MOVE once the game is over at @node. */
static gboolean
check_not_over (CheopsGame      *self,
                CheopsGameNode  *node,
                GError         **error)
{
  CheopsOutcome outcome = cheops_game_node_get_outcome (node);
  g_autofree char *why = NULL;

  if (!_cheops_outcome_ends_record (self->variant, outcome))
    return TRUE;
  why = cheops_game_describe_outcome (self, outcome);
  g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_ILLEGAL_MOVE,
               "the game is over: %s", why);
  return FALSE;
}

CheopsGameNode *
cheops_game_add_move (CheopsGame      *self,
                      CheopsGameNode  *node,
                      CheopsMove       move,
                      GError         **error)
{
  const CheopsPosition *pos;
  CheopsGameNode *child;
  Command *cmd;
  guint index;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  g_return_val_if_fail (node != NULL, NULL);
  /* (Only the node itself is checked: cheops_game_contains() is O(depth).) */
  g_return_val_if_fail (!node->detached && (node->parent != NULL || node == self->root), NULL);

  child = find_child (node, move);
  if (child != NULL)
    return child;

  pos = cheops_game_node_get_position (node);
  if (!check_not_over (self, node, error))
    return NULL;
  if (move == CHEOPS_MOVE_NONE || !cheops_position_is_playable (pos, move))
    {
      char text[CHEOPS_MOVE_TEXT_MAX];

      cheops_move_to_text (self->variant, move, text);
      g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_ILLEGAL_MOVE,
                   "%s cannot be played here", text);
      return NULL;
    }

  /* Build it in place, then take it out so the command links it. */
  child = _cheops_game_node_append_child (node, pos, move);
  index = _cheops_game_node_unlink (child);
  cmd = command_new (COMMAND_ATTACH, child);
  cmd->index = index;
  cheops_game_node_unref (child);     /* the command holds it now */
  do_command (self, cmd);
  return child;
}

CheopsGameNode *
cheops_game_add_san (CheopsGame      *self,
                     CheopsGameNode  *node,
                     const char      *san,
                     GError         **error)
{
  CheopsError err = { 0 };
  CheopsMove move;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  g_return_val_if_fail (node != NULL, NULL);
  g_return_val_if_fail (san != NULL, NULL);

  if (!check_not_over (self, node, error))
    return NULL;
  move = cheops_move_from_san (cheops_game_node_get_position (node), san, -1, &err);
  if (move == CHEOPS_MOVE_NONE)
    {
      g_set_error (error, CHEOPS_GAME_ERROR,
                   err.code == CHEOPS_ERROR_MOVE_ILLEGAL ? CHEOPS_GAME_ERROR_ILLEGAL_MOVE
                   : err.code == CHEOPS_ERROR_MOVE_AMBIGUOUS ? CHEOPS_GAME_ERROR_AMBIGUOUS_MOVE
                   : CHEOPS_GAME_ERROR_BAD_MOVE,
                   "%s", err.message);
      return NULL;
    }
  return cheops_game_add_move (self, node, move, error);
}

static Command *
reorder_command (CheopsGameNode *node,
                 guint           from,
                 guint           to)
{
  Command *cmd = command_new (COMMAND_REORDER, node);

  cmd->index = from;
  cmd->index2 = to;
  return cmd;
}

gboolean
cheops_game_promote_variation (CheopsGame     *self,
                               CheopsGameNode *node)
{
  CheopsGameNode *start;
  guint index;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  start = cheops_game_node_get_line_start (node);
  if (start == NULL || (index = cheops_game_node_get_index (start)) == 0)
    return FALSE;
  do_command (self, reorder_command (start, index, index - 1));
  return TRUE;
}

gboolean
cheops_game_make_mainline (CheopsGame     *self,
                           CheopsGameNode *node)
{
  gboolean changed = FALSE;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  for (CheopsGameNode *n = node; n->parent != NULL; n = n->parent)
    if (n->parent->first_child != n)
      {
        if (!changed)
          cheops_game_begin_group (self);
        changed = TRUE;
        do_command (self, reorder_command (n, cheops_game_node_get_index (n), 0));
      }
  if (changed)
    cheops_game_end_group (self);
  return changed;
}

gboolean
cheops_game_demote_variation (CheopsGame     *self,
                              CheopsGameNode *node)
{
  CheopsGameNode *n;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  for (n = node; n->parent != NULL && n->next_sibling == NULL; n = n->parent)
    ;
  if (n->parent == NULL)
    return FALSE;
  {
    guint index = cheops_game_node_get_index (n);
    do_command (self, reorder_command (n, index, index + 1));
  }
  return TRUE;
}

static void
detach (CheopsGame     *self,
        CheopsGameNode *node)
{
  Command *cmd = command_new (COMMAND_DETACH, node);

  cmd->index = cheops_game_node_get_index (node);
  do_command (self, cmd);
}

gboolean
cheops_game_delete_variation (CheopsGame     *self,
                              CheopsGameNode *node)
{
  CheopsGameNode *start;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  start = cheops_game_node_get_line_start (node);
  if (start == NULL || start->parent->first_child == start)
    return FALSE;
  detach (self, start);
  return TRUE;
}

gboolean
cheops_game_delete_from (CheopsGame     *self,
                         CheopsGameNode *node)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  if (node->parent == NULL)
    return FALSE;
  detach (self, node);
  return TRUE;
}

static gboolean
set_comment (CheopsGame      *self,
             CheopsGameNode  *node,
             gboolean         before,
             const char      *text,
             GError         **error)
{
  GString *normal;
  const char *old = before ? node->comment_before : node->comment_after;
  Command *cmd;

  if (text != NULL
      && (!g_utf8_validate (text, -1, NULL) || strchr (text, '}') != NULL
          || strstr (text, "[%") != NULL))
    {
      g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID,
                           "a comment must be UTF-8 text without “}” or “[%”");
      return FALSE;
    }
  normal = g_string_new (NULL);
  if (text != NULL)
    _cheops_append_normalized (normal, text, strlen (text), 1);
  if (g_strcmp0 (old != NULL ? old : "", normal->str) == 0)
    {
      g_string_free (normal, TRUE);
      return TRUE;
    }
  cmd = command_new (COMMAND_COMMENT, node);
  cmd->flag = before;
  if (normal->len > 0)
    cmd->text = g_string_free (normal, FALSE);
  else
    g_string_free (normal, TRUE);
  do_command (self, cmd);
  return TRUE;
}

gboolean
cheops_game_set_comment_before (CheopsGame      *self,
                                CheopsGameNode  *node,
                                const char      *text,
                                GError         **error)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);

  /* A file cannot tell a comment before a move that continues a line
   * from a comment after the move before it. */
  if ((node->parent == NULL || node->parent->first_child == node) && text != NULL && text[0])
    {
      g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID,
                           "only the first move of a variation has a comment before it; "
                           "use the comment after the move before");
      return FALSE;
    }
  return set_comment (self, node, TRUE, text, error);
}

gboolean
cheops_game_set_comment_after (CheopsGame      *self,
                               CheopsGameNode  *node,
                               const char      *text,
                               GError         **error)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (node != NULL, FALSE);
  return set_comment (self, node, FALSE, text, error);
}

void
cheops_game_set_nags (CheopsGame     *self,
                      CheopsGameNode *node,
                      const guint8   *nags,
                      guint           n_nags)
{
  CheopsGameNode probe = { 0 };
  Command *cmd;

  g_return_if_fail (CHEOPS_IS_GAME (self));
  g_return_if_fail (node != NULL);
  g_return_if_fail (nags != NULL || n_nags == 0);

  /* Normalise (drop 0 and duplicates) and compare. */
  _cheops_game_node_set_nags (&probe, nags, n_nags);
  if (probe.n_nags == node->n_nags
      && (probe.n_nags == 0 || memcmp (probe.nags, node->nags, probe.n_nags) == 0))
    {
      g_free (probe.nags);
      return;
    }
  cmd = command_new (COMMAND_NAGS, node);
  cmd->nags = g_byte_array_new ();
  g_byte_array_append (cmd->nags, probe.nags != NULL ? probe.nags : (guint8 *) "", probe.n_nags);
  g_free (probe.nags);
  do_command (self, cmd);
}

static void
set_glyph (CheopsGame     *self,
           CheopsGameNode *node,
           CheopsNagKind   kind,
           guint8          nag)
{
  GByteArray *nags = g_byte_array_new ();
  gboolean placed = FALSE;

  for (guint i = 0; i < node->n_nags; i++)
    {
      if (cheops_nag_get_kind (node->nags[i]) != kind)
        g_byte_array_append (nags, &node->nags[i], 1);
      else if (!placed && nag != 0)
        {
          g_byte_array_append (nags, &nag, 1);
          placed = TRUE;
        }
    }
  if (!placed && nag != 0)
    {
      /* Move glyphs go first, as "Mf5!" shows them. */
      if (kind == CHEOPS_NAG_KIND_MOVE)
        g_byte_array_prepend (nags, &nag, 1);
      else
        g_byte_array_append (nags, &nag, 1);
    }
  cheops_game_set_nags (self, node, nags->data, nags->len);
  g_byte_array_unref (nags);
}

void
cheops_game_set_move_glyph (CheopsGame     *self,
                            CheopsGameNode *node,
                            guint8          nag)
{
  g_return_if_fail (CHEOPS_IS_GAME (self));
  g_return_if_fail (node != NULL);
  g_return_if_fail (nag == 0 || cheops_nag_get_kind (nag) == CHEOPS_NAG_KIND_MOVE);
  set_glyph (self, node, CHEOPS_NAG_KIND_MOVE, nag);
}

void
cheops_game_set_position_glyph (CheopsGame     *self,
                                CheopsGameNode *node,
                                guint8          nag)
{
  g_return_if_fail (CHEOPS_IS_GAME (self));
  g_return_if_fail (node != NULL);
  g_return_if_fail (nag == 0 || cheops_nag_get_kind (nag) == CHEOPS_NAG_KIND_POSITION);
  set_glyph (self, node, CHEOPS_NAG_KIND_POSITION, nag);
}

void
cheops_game_set_annotations (CheopsGame              *self,
                             CheopsGameNode          *node,
                             const CheopsAnnotations *annotations)
{
  Command *cmd;

  g_return_if_fail (CHEOPS_IS_GAME (self));
  g_return_if_fail (node != NULL);

  if (cheops_annotations_equal (node->annotations, annotations))
    return;
  cmd = command_new (COMMAND_ANNOTATIONS, node);
  if (!cheops_annotations_is_empty (annotations))
    cmd->annotations = cheops_annotations_copy (annotations);
  do_command (self, cmd);
}

void
cheops_game_set_start_position (CheopsGame           *self,
                                const CheopsPosition *position)
{
  Command *cmd;
  CheopsGameNode *root;

  g_return_if_fail (CHEOPS_IS_GAME (self));
  g_return_if_fail (position != NULL);

  root = _cheops_game_node_new_root (position);
  cmd = command_new (COMMAND_ROOT, root);
  cheops_game_node_unref (root);
  do_command (self, cmd);
}

/* History. */

gboolean
cheops_game_can_undo (CheopsGame *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  return self->undo_stack->len > 0;
}

gboolean
cheops_game_can_redo (CheopsGame *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  return self->redo_stack->len > 0;
}

gboolean
cheops_game_undo (CheopsGame *self)
{
  Command *cmd;
  CheopsGameNode *node;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (self->group_stack->len == 0, FALSE);

  if (self->undo_stack->len == 0)
    return FALSE;
  cmd = g_ptr_array_steal_index (self->undo_stack, self->undo_stack->len - 1);
  node = command_apply (self, cmd, FALSE);
  g_ptr_array_add (self->redo_stack, cmd);
  update_state (self);
  g_signal_emit (self, signals [CHANGED], 0, node);
  return TRUE;
}

gboolean
cheops_game_redo (CheopsGame *self)
{
  Command *cmd;
  CheopsGameNode *node;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  g_return_val_if_fail (self->group_stack->len == 0, FALSE);

  if (self->redo_stack->len == 0)
    return FALSE;
  cmd = g_ptr_array_steal_index (self->redo_stack, self->redo_stack->len - 1);
  node = command_apply (self, cmd, TRUE);
  g_ptr_array_add (self->undo_stack, cmd);
  update_state (self);
  g_signal_emit (self, signals [CHANGED], 0, node);
  return TRUE;
}

void
cheops_game_begin_group (CheopsGame *self)
{
  g_return_if_fail (CHEOPS_IS_GAME (self));
  g_ptr_array_add (self->group_stack, g_ptr_array_new_with_free_func (command_free));
}

void
cheops_game_end_group (CheopsGame *self)
{
  GPtrArray *children;
  Command *cmd;

  g_return_if_fail (CHEOPS_IS_GAME (self));
  g_return_if_fail (self->group_stack->len > 0);

  children = g_ptr_array_steal_index (self->group_stack, self->group_stack->len - 1);
  if (children->len == 0)
    {
      g_ptr_array_unref (children);
      return;
    }
  cmd = command_new (COMMAND_GROUP, NULL);
  cmd->children = children;
  if (self->group_stack->len > 0)
    g_ptr_array_add (g_ptr_array_index (self->group_stack, self->group_stack->len - 1), cmd);
  else
    {
      cmd->serial = ++self->next_serial;
      g_ptr_array_add (self->undo_stack, cmd);
      g_ptr_array_set_size (self->redo_stack, 0);
      update_state (self);
    }
}

void
cheops_game_clear_history (CheopsGame *self)
{
  g_return_if_fail (CHEOPS_IS_GAME (self));
  g_return_if_fail (self->group_stack->len == 0);

  /* The state now becomes serial 0: the source text stays only if it
   * describes it. */
  if (self->source_text != NULL && current_serial (self) != self->source_serial)
    g_clear_pointer (&self->source_text, g_free);
  self->source_serial = 0;
  g_ptr_array_set_size (self->undo_stack, 0);
  g_ptr_array_set_size (self->redo_stack, 0);
  self->saved_serial = 0;
  update_state (self);
}

gboolean
cheops_game_get_modified (CheopsGame *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  return self->modified;
}

void
cheops_game_set_saved (CheopsGame *self)
{
  g_return_if_fail (CHEOPS_IS_GAME (self));
  self->saved_serial = self->undo_stack->len > 0
    ? ((Command *) g_ptr_array_index (self->undo_stack, self->undo_stack->len - 1))->serial
    : 0;
  update_state (self);
}

void
cheops_game_set_unsaved (CheopsGame *self)
{
  g_return_if_fail (CHEOPS_IS_GAME (self));
  /* Serials count up from 1: no state of the history has this one. */
  self->saved_serial = G_MAXUINT;
  update_state (self);
}

void
_cheops_game_take_source_text (CheopsGame *self,
                               char       *text,
                               gsize       length)
{
  g_return_if_fail (CHEOPS_IS_GAME (self));
  g_free (self->source_text);
  self->source_text = text;
  self->source_length = text != NULL ? length : 0;
  self->source_serial = current_serial (self);
  self->partly_read = text != NULL;
}

const char *
cheops_game_get_source_text (CheopsGame *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  if (self->source_text == NULL || current_serial (self) != self->source_serial)
    return NULL;
  return self->source_text;
}

const char *
cheops_game_get_source (CheopsGame *self,
                        gsize      *length)
{
  const char *text;

  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  g_return_val_if_fail (length != NULL, NULL);
  text = cheops_game_get_source_text (self);
  *length = text != NULL ? self->source_length : 0;
  return text;
}

void
_cheops_game_set_escapes (CheopsGame *self,
                          GBytes     *before,
                          GBytes     *inside,
                          GBytes     *after)
{
  GBytes *given[3] = { before, inside, after };

  g_return_if_fail (CHEOPS_IS_GAME (self));
  for (guint i = 0; i < 3; i++)
    {
      g_clear_pointer (&self->escapes[i], g_bytes_unref);
      if (given[i] != NULL && g_bytes_get_size (given[i]) > 0)
        self->escapes[i] = g_bytes_ref (given[i]);
    }
}

GBytes *
_cheops_game_get_escapes (CheopsGame *self,
                          guint       which)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), NULL);
  g_return_val_if_fail (which < 3, NULL);
  return self->escapes[which];
}

gboolean
cheops_game_get_partly_read (CheopsGame *self)
{
  g_return_val_if_fail (CHEOPS_IS_GAME (self), FALSE);
  return self->partly_read;
}
