/* cheops-game-private.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the files of libcheops-game share and nobody else sees: the node
 * struct and the functions that build a tree without the history (for the
 * reader and for copies).
 */
#pragma once

#include "cheops-game.h"

G_BEGIN_DECLS

struct _CheopsGameNode {
  grefcount          ref_count;
  guint32            ply;
  CheopsGameNode    *parent;          /* weak; never changes, NULL if freed */
  CheopsGameNode    *first_child;     /* owned, through the sibling chain */
  CheopsGameNode    *next_sibling;    /* owned by the parent's chain */
  CheopsGameNode    *visited_child;   /* weak; checked before use */
  CheopsPosition    *position;        /* cache, or NULL */
  char              *comment_before;
  char              *comment_after;
  guint8            *nags;            /* n_nags of them, or NULL */
  CheopsAnnotations *annotations;     /* NULL when empty */
  guint32            move_number;
  CheopsMove         move;
  guint8             mover;
  guint8             n_nags;
  guint8             detached : 1;    /* taken out of its parent by an edit */
  char               san[CHEOPS_SAN_MAX];
};

/* A root node holding a copy of @position. */
CheopsGameNode *_cheops_game_node_new_root       (const CheopsPosition *position);
/* A new node for @move played in @before (playable there), appended as the
 * last child of @parent (whose position is @before).  Owned by @parent. */
CheopsGameNode *_cheops_game_node_append_child   (CheopsGameNode       *parent,
                                                  const CheopsPosition *before,
                                                  CheopsMove            move);
/* Unlinks @child from its parent's children and returns its former index;
 * the parent's reference passes to the caller. */
guint           _cheops_game_node_unlink         (CheopsGameNode *child);
/* Links @child (taking the caller's reference) into its parent's children
 * at @index (clamped to the number of children). */
void            _cheops_game_node_link           (CheopsGameNode *child,
                                                  guint           index);
/* Sets the fields directly, without history. */
void            _cheops_game_node_take_comment   (CheopsGameNode *node,
                                                  gboolean        before,
                                                  char           *text);
void            _cheops_game_node_set_nags       (CheopsGameNode *node,
                                                  const guint8   *nags,
                                                  guint           n_nags);
void            _cheops_game_node_add_nag        (CheopsGameNode *node,
                                                  guint8          nag);
/* Takes @annotations (NULL or empty: clears). */
void            _cheops_game_node_take_annotations (CheopsGameNode    *node,
                                                    CheopsAnnotations *annotations);
/* The node's annotations for changing in place (created if needed). */
CheopsAnnotations *_cheops_game_node_ensure_annotations (CheopsGameNode *node);
/* Whether the data of the two nodes are equal (move, comments, NAGs,
 * annotations; not the children). */
gboolean        _cheops_game_node_data_equal     (const CheopsGameNode *a,
                                                  const CheopsGameNode *b);

/* Turns white space runs of @len bytes of @text into single spaces and
 * trims the ends, appending to @out (with a space first when @out is not
 * empty and the text is not blank). */
void            _cheops_append_normalized        (GString    *out,
                                                  const char *text,
                                                  gsize       len);

/* A game with @root (taken) and the default tags, no history. */
CheopsGame     *_cheops_game_new_with_root       (CheopsGameNode *root);
/* Sets a tag without history or checks ("Result" included). */
void            _cheops_game_put_tag             (CheopsGame  *self,
                                                  const char  *name,
                                                  gsize        name_len,
                                                  const char  *value);

/* Takes @text (NULL: none) as the original text of a game read with
 * errors, for the present state of @self; marks the game partly read. */
void            _cheops_game_take_source_text    (CheopsGame  *self,
                                                  char        *text);

G_END_DECLS
