/* cheops-game-node.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A node of a game tree: the position after one move, with that move, its
 * record notation (SAN), comments, NAGs and annotations.  The root node has
 * no move and stands for the start position.
 *
 * The children of a node are the moves played from its position: the first
 * child continues the mainline (of that line), the others are variations.
 *
 * Nodes are owned by their game (a CheopsGame) and changed only through it,
 * so that every edit can be undone.  All the getters here are read-only.
 * A node removed from the tree by an edit stays alive as long as the edit is
 * in the undo history (or you hold a reference), so a pointer kept by the
 * studio never dangles while referenced; test cheops_game_contains() to know
 * whether it is still in the tree.  A node's parent never changes.
 */
#pragma once

#include <glib.h>

#include "cheops-annotations.h"
#include "cheops-game-types.h"

G_BEGIN_DECLS

/* Reference counting (not thread-safe: a game belongs to one thread). */
CheopsGameNode       *cheops_game_node_ref              (CheopsGameNode *self);
void                  cheops_game_node_unref            (CheopsGameNode *self);

/* The node before this one, or NULL for the root (or for a node whose
 * parent has been freed while you held a reference to it). */
CheopsGameNode       *cheops_game_node_get_parent       (const CheopsGameNode *self);
/* The first child (the mainline continuation), or NULL. */
CheopsGameNode       *cheops_game_node_get_first_child  (const CheopsGameNode *self);
/* The next child of the same parent (the next variation), or NULL. */
CheopsGameNode       *cheops_game_node_get_next_sibling (const CheopsGameNode *self);
/* The number of children; child 0 is the mainline. */
guint                 cheops_game_node_get_n_children   (const CheopsGameNode *self);
/* Child @index (0 = mainline), or NULL if there are not so many.  O(index). */
CheopsGameNode       *cheops_game_node_get_child        (const CheopsGameNode *self,
                                                         guint                 index);
/* The index of @self among its parent's children (0 for the mainline and for
 * the root).  O(index). */
guint                 cheops_game_node_get_index        (const CheopsGameNode *self);
/* Whether @self has no parent (the start of the game). */
gboolean              cheops_game_node_is_root          (const CheopsGameNode *self);
/* Whether @self lies on the main line of the game: it and all its ancestors
 * are first children.  O(depth). */
gboolean              cheops_game_node_is_mainline      (const CheopsGameNode *self);

/* The move that leads to this node (CHEOPS_MOVE_NONE for the root). */
CheopsMove            cheops_game_node_get_move         (const CheopsGameNode *self);
/* Its record notation as the core writes it ("Mxf5+"); "" for the root
 * (and for a node cut off from its root before it was ever asked). */
const char           *cheops_game_node_get_san          (const CheopsGameNode *self);
/* The number of plies from the start position (0 for the root). */
guint                 cheops_game_node_get_ply          (const CheopsGameNode *self);
/* The side that played the move (for the root: the side to move first). */
CheopsSide            cheops_game_node_get_mover        (const CheopsGameNode *self);
/* The fullmove number of the move ("14" for 14. and 14...), R8: it grows
 * after each move of the q side, so a game where q moves first begins with
 * "1...".  For the root, the start position's fullmove number. */
guint                 cheops_game_node_get_move_number  (const CheopsGameNode *self);
/* The move as a record shows it, newly allocated: with @with_number,
 * "14. Mf5" (a side) or "14... mf5" (q side); without, just the SAN. */
char                 *cheops_game_node_format_move      (const CheopsGameNode *self,
                                                         gboolean              with_number);

/* The position after the move (for the root, the start position).  Computed
 * through the core from the nearest ancestor that has it, and cached in the
 * node; the pointer stays valid as long as the node.  NULL only for a node
 * cut off from its root (its parent freed). */
const CheopsPosition *cheops_game_node_get_position     (CheopsGameNode *self);

/* What a node derives from its position.  Each is computed on the first
 * call (through the core, from the node's variant: the position's) and
 * kept in the node: later calls cost nothing.  Nothing a node derives can
 * change, since neither its parent nor its move ever changes; what they
 * return is owned by the node and stays valid as long as the node (see
 * the reference counting above).  For a node cut off from its root before
 * its position was ever computed they return NULL, 0 or FALSE. */

/* How the game stands at this node: cheops_position_outcome() of its
 * position or, if that is CHEOPS_OUTCOME_NONE, the repetition outcome
 * along the path from the root (the keys of the positions after each move
 * on the path, the start position counting once:
 * cheops_repetition_count() and cheops_position_repetition_outcome(); e.g.
 * Cheops 8.4.3 draws at the fifth occurrence, TrigChess TR15 makes the
 * mover of the third lose).  An index into the variant's outcomes
 * (cheops_game_describe_outcome() words it), CHEOPS_OUTCOME_NONE while the
 * game goes on.  O(halfmove clock) the first time. */
CheopsOutcome         cheops_game_node_get_outcome      (CheopsGameNode *self);
/* The draw the player to move may claim at this node, by the rules of its
 * variant (Cheops 8.4.2, Pyramids PY14; none in TrigChess and Cypher
 * chess): cheops_position_claimable_draw() of its position with the number
 * of times that position has occurred along the path from the root,
 * counted as cheops_game_node_get_outcome() counts it.  NULL when no draw
 * may be claimed, or when the game is over here.  The entry is the
 * variant's (static).  O(halfmove clock); not cached. */
const CheopsClaimInfo *cheops_game_node_get_claimable_draw (CheopsGameNode *self);
/* How many times this node's position has occurred along the path from
 * the root, itself included, counted as cheops_game_node_get_outcome()
 * counts it (cheops_repetition_count() within the repetition horizon; the
 * root and a position never seen before: 1).  O(halfmove clock); not
 * cached. */
int                   cheops_game_node_get_repetition_count (CheopsGameNode *self);
/* The moves that may be played at this node, in the core's order
 * (cheops_generate_moves()), none once the game is over here
 * (cheops_game_node_get_outcome(), repetition included).  *@n_moves (may
 * be NULL) receives how many; the array belongs to the node (NULL when
 * there are none). */
const CheopsMove     *cheops_game_node_get_moves        (CheopsGameNode *self,
                                                         guint          *n_moves);
/* Whether @move is one of cheops_game_node_get_moves(). */
gboolean              cheops_game_node_has_move         (CheopsGameNode *self,
                                                         CheopsMove      move);
/* Whether the side to move is in check (cheops_position_in_check()). */
gboolean              cheops_game_node_in_check         (CheopsGameNode *self);
/* The FEN of the node's position (owned by the node). */
const char           *cheops_game_node_get_fen          (CheopsGameNode *self);
/* The node's position as a UCI engine is given it, without a line break:
 * "position fen <FEN> moves <m1> <m2> ..." (no "moves" part when there is
 * none), where FEN is that of the last position on the path from the root
 * after which no position can repeat (the one whose halfmove clock is 0:
 * after the last irreversible move) or the root's, and the moves are the
 * machine move texts played since.  So the engine has all the history
 * repetition needs, and the command stays short however deep the node.
 * Owned by the node. */
const char           *cheops_game_node_get_uci_position (CheopsGameNode *self);

/* The comment written before the move (in files: at the start of a
 * variation, "( {comment} 14... Mf5"), or NULL.  Always NULL for the root
 * (see cheops_game_set_comment_before()). */
const char           *cheops_game_node_get_comment_before (const CheopsGameNode *self);
/* The comment after the move, or NULL.  For the root: the comment before
 * the first move of the game.  Comments hold their text with white space
 * runs turned into single spaces, without the [%...] commands (those are
 * in the annotations). */
const char           *cheops_game_node_get_comment_after  (const CheopsGameNode *self);
/* The NAGs of the move, in the order given; *@n_nags receives how many.
 * The array belongs to the node (NULL when there are none). */
const guint8         *cheops_game_node_get_nags         (const CheopsGameNode *self,
                                                         guint                *n_nags);
/* The first move glyph (1..9) among the NAGs, or 0. */
guint8                cheops_game_node_get_move_glyph   (const CheopsGameNode *self);
/* The first position glyph (10..21) among the NAGs, or 0. */
guint8                cheops_game_node_get_position_glyph (const CheopsGameNode *self);
/* The annotations ([%eval], [%cal], [%csl], other commands): never NULL,
 * owned by the node. */
const CheopsAnnotations *cheops_game_node_get_annotations (const CheopsGameNode *self);

/* Navigation. */

/* The nodes from the root down to @self (root first, @self last), not
 * referenced (free the array only).  Never NULL. */
GPtrArray            *cheops_game_node_get_path         (const CheopsGameNode *self);
/* The next node along the mainline of this line: the first child, or NULL. */
CheopsGameNode       *cheops_game_node_get_next         (const CheopsGameNode *self);
/* The next node along the variation last visited from here (see
 * cheops_game_node_mark_visited()), or else the first child, or NULL. */
CheopsGameNode       *cheops_game_node_get_next_visited (const CheopsGameNode *self);
/* Records that the user went to @self: every ancestor of @self remembers the
 * child on the path to it, for cheops_game_node_get_next_visited().  Not an
 * edit (no undo, no "changed"). */
void                  cheops_game_node_mark_visited     (CheopsGameNode *self);
/* The first node of the line @self is on: walking up, the nearest
 * ancestor-or-self that is not a first child (a variation's first move), or
 * the root's first child for the main line; NULL for the root. */
CheopsGameNode       *cheops_game_node_get_line_start   (const CheopsGameNode *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CheopsGameNode, cheops_game_node_unref)

G_END_DECLS
