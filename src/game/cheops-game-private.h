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

/* What a node derives from its position, computed on first request and
 * freed with the node (cheops-game-node.h). */
typedef struct {
  CheopsMove        *moves;           /* n_moves of them, or NULL */
  guint              n_moves;
  char              *fen;             /* or NULL until asked */
  char              *uci_position;    /* or NULL until asked */
  guint              moves_known : 1;
} CheopsGameNodeDerived;

struct _CheopsGameNode {
  grefcount          ref_count;
  guint32            ply;
  CheopsGameNode    *parent;          /* weak; never changes, NULL if freed */
  CheopsGameNode    *first_child;     /* owned, through the sibling chain */
  CheopsGameNode    *next_sibling;    /* owned by the parent's chain */
  CheopsGameNode    *visited_child;   /* weak; checked before use */
  CheopsPosition    *position;        /* cache, or NULL */
  CheopsGameNodeDerived *derived;     /* cache, or NULL */
  guint64            key;             /* of the position, valid if key_known */
  char              *comment_before;
  char              *comment_after;
  guint8            *nags;            /* n_nags of them, or NULL */
  CheopsAnnotations *annotations;     /* NULL when empty */
  guint32            move_number;
  CheopsMove         move;
  guint8             mover;
  guint8             n_nags;
  guint8             detached : 1;    /* taken out of its parent by an edit */
  guint8             key_known : 1;
  guint8             outcome_known : 1;
  guint8             check_known : 1;
  guint8             in_check : 1;
  guint8             in_chunk : 1;    /* from a CheopsGameNodeChunk, not a slice */
  gint16             outcome;         /* valid if outcome_known */
  char               san[CHEOPS_SAN_MAX];
};

/* A root node holding a copy of @position. */
CheopsGameNode *_cheops_game_node_new_root       (const CheopsPosition *position);
/* A new node for @move played in @before (playable there), appended as the
 * last child of @parent (whose position is @before).  Owned by @parent. */
CheopsGameNode *_cheops_game_node_append_child   (CheopsGameNode       *parent,
                                                  const CheopsPosition *before,
                                                  CheopsMove            move);
/* The same, the search for the last child starting at @hint (a child of
 * @parent, or NULL for its first child): with the last child appended as
 * hint, appending n children costs n steps, not n²/2 (issue 25). */
CheopsGameNode *_cheops_game_node_append_child_after (CheopsGameNode       *parent,
                                                      CheopsGameNode       *hint,
                                                      const CheopsPosition *before,
                                                      CheopsMove            move);
/* Nodes allocated together (cheops-game-node.c): a reader keeps a
 * pointer to one, NULL at first, passes it to
 * _cheops_game_node_append_child_in() and releases it when done.  The
 * nodes live on, each freed as usual. */
typedef struct _CheopsGameNodeChunk CheopsGameNodeChunk;

/* _cheops_game_node_append_child_after(), the node taken from *@chunk (a
 * new chunk when it is NULL or full); @chunk NULL: a node of its own. */
CheopsGameNode *_cheops_game_node_append_child_in (CheopsGameNodeChunk **chunk,
                                                   CheopsGameNode       *parent,
                                                   CheopsGameNode       *hint,
                                                   const CheopsPosition *before,
                                                   CheopsMove            move);
/* Gives back the reader's hold on @chunk (NULL: nothing). */
void            _cheops_game_node_chunk_release  (CheopsGameNodeChunk *chunk);
/* The key of @node's position (computed through the position if need
 * be), or 0 for a node cut off from its root. */
guint64         _cheops_game_node_get_key        (CheopsGameNode *node);
/* Sets what a reader already knows of @node: its key, and its outcome. */
void            _cheops_game_node_set_key        (CheopsGameNode *node,
                                                  guint64         key);
void            _cheops_game_node_set_outcome    (CheopsGameNode *node,
                                                  CheopsOutcome   outcome);
/* The outcome that ends the game at the end of the line @keys[0..@n-1]
 * (the keys of the positions from the start, @pos the last): the
 * position's own, else repetition (the start counting once).  For the
 * reader and the nodes. */
CheopsOutcome   _cheops_outcome_after_keys       (const CheopsPosition *pos,
                                                  const guint64        *keys,
                                                  gsize                 n);
/* Whether a game record ends at @outcome, so that no move may follow it
 * (and a Result must agree with it): an outcome with a winner.  A draw
 * that leaves moves (Cheops 8.4.3: seventy-five moves, the fifth
 * repetition) is an outcome, but records could always go on after it, and
 * still can; a draw without a move (Cheops 8.4.1) leaves no move to
 * play anyway. */
static inline gboolean
_cheops_outcome_ends_record (const CheopsVariant *variant,
                             CheopsOutcome        outcome)
{
  return outcome != CHEOPS_OUTCOME_NONE
         && cheops_variant_outcome_winner (variant, outcome) != CHEOPS_WINNER_DRAW;
}

/* Only the repetition outcome of the same. */
CheopsOutcome   _cheops_repetition_outcome       (const CheopsPosition *pos,
                                                  const guint64        *keys,
                                                  gsize                 n);
/* The number of nodes in the subtree of @node, @node included. */
guint           _cheops_game_node_count_subtree  (const CheopsGameNode *node);

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
/* cheops_annotations_add_command() of @length bytes at @text that a NUL
 * follows (text[length] == '\0'), read in place (no copy). */
void            _cheops_annotations_add_command_nul (CheopsAnnotations   *self,
                                                     const CheopsVariant *variant,
                                                     const char          *text,
                                                     gsize                length);
/* The node's annotations for changing in place (created if needed). */
CheopsAnnotations *_cheops_game_node_ensure_annotations (CheopsGameNode *node);
/* Whether the data of the two nodes are equal (move, comments, NAGs,
 * annotations; not the children). */
gboolean        _cheops_game_node_data_equal     (const CheopsGameNode *a,
                                                  const CheopsGameNode *b);

/* Turns white space runs of @len bytes of @text into single spaces and
 * trims the ends, appending to @out (with a space first when @out is not
 * empty and the text is not blank).  A run that holds at least @breaks
 * line feeds ("\n"; CR LF counts one) becomes one "\n" instead, a comment's
 * paragraph break: @breaks 1 for text typed in an editor (Shift+Enter),
 * 2 for a comment in a file (a blank line, since writers wrap long
 * comments over lines), 0 to keep none (a [%...] command). */
void            _cheops_append_normalized        (GString    *out,
                                                  const char *text,
                                                  gsize       len,
                                                  guint       breaks);

/* A game with @root (taken) and the default tags, no history. */
CheopsGame     *_cheops_game_new_with_root       (CheopsGameNode *root);
/* Sets a tag without history or checks ("Result" included). */
void            _cheops_game_put_tag             (CheopsGame  *self,
                                                  const char  *name,
                                                  gsize        name_len,
                                                  const char  *value);
/* Sets a tag as _cheops_game_put_tag() does, for a reader of a game's
 * tags, each named once: a tag of the seven-tag roster is set in place,
 * any other is added at the end without a search (@self must not have it
 * yet), so that n tags cost n steps, not n²/2. */
void            _cheops_game_append_tag          (CheopsGame  *self,
                                                  const char  *name,
                                                  const char  *value);
/* The same, taking @name and @value (both g_malloc()ed). */
void            _cheops_game_append_tag_take     (CheopsGame  *self,
                                                  char        *name,
                                                  char        *value);

/* Takes @text (NULL: none), @length bytes followed by a NUL (it may hold
 * others), as the original text of a game read with errors, for the
 * present state of @self; marks the game partly read. */
void            _cheops_game_take_source_text    (CheopsGame  *self,
                                                  char        *text,
                                                  gsize        length);

/* The "%" escape lines the reader met around a game (cheops-pgn.h): each
 * line as read, without its CR LF or LF, followed by "\n".  Which: 0 the
 * lines before the game (after the game before it), 1 those inside it
 * (between its first and last token), 2 those after it when it is the
 * last game of its text.  NULL or empty: none.  Referenced, not copied;
 * kept through edits and copies, not compared by cheops_game_equal(). */
enum { CHEOPS_ESCAPES_BEFORE, CHEOPS_ESCAPES_INSIDE, CHEOPS_ESCAPES_AFTER };
void            _cheops_game_set_escapes         (CheopsGame  *self,
                                                  GBytes      *before,
                                                  GBytes      *inside,
                                                  GBytes      *after);
/* The lines of @which (borrowed), or NULL. */
GBytes         *_cheops_game_get_escapes         (CheopsGame  *self,
                                                  guint        which);

G_END_DECLS
