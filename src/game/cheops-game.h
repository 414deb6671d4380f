/* cheops-game.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game record: its tags, its start position and its tree of moves
 * (cheops-game-node.h), with every edit undoable through a command history.
 *
 * Every change goes through the functions here.  Each records a command in
 * the history, emits CheopsGame::changed, and can be undone and redone.
 * A game is a game of one variant (cheops-variant.h), its start position's
 * (chosen when it is made, changed only with the start position): every
 * position in its tree is a position of that variant, and what
 * it says of sides, colours and outcomes comes from the variant's table.
 *
 * Tags: the seven of PGN's roster are always present, in roster order,
 * with the PGN defaults until set: Event Site Date Round, the tags of the
 * variant's two colours in the places of White and Black (its
 * CheopsSideInfo.tag: Green and Orange for Cheops, DESIGN.md section 4;
 * Gold and Red for TrigChess, spec 6.5), Result; other tags follow in the
 * order they were added.  [Variant], [SetUp] and [FEN] are not tags here:
 * they are cheops_game_get_variant() and cheops_game_get_start_position().
 *
 * Sides and colours: a side (CHEOPS_SIDE_A, _B) is where a player sits in
 * the position (FEN's upper and lower case); a colour (0, 1) is an entry of
 * the variant's sides[] table, which names it, gives its player tag and the
 * colours of its pieces.  Usually side A plays colour 0 (TrigChess: Gold);
 * in Cheops the colours belong to the game (6.2): [GreenCorner "q"] says
 * that the q side (B) played Green (colour 0).  The Result tag speaks of
 * colours: "1-0" means colour 0 won (Green, Gold), "0-1" colour 1.
 */
#pragma once

#include <glib-object.h>

#include "cheops-annotations.h"
#include "cheops-game-node.h"
#include "cheops-game-types.h"

G_BEGIN_DECLS

#define CHEOPS_TYPE_GAME (cheops_game_get_type ())
G_DECLARE_FINAL_TYPE (CheopsGame, cheops_game, CHEOPS, GAME, GObject)

/**
 * CheopsGame::changed:
 * @game: the game
 * @node: the node at the heart of the change, in the tree: the node added,
 *   the node whose comment, NAGs or annotations changed, the node that was
 *   moved among its siblings, the parent of what was removed, the root for
 *   a change of tags or of the start position.
 *
 * Emitted after every edit, undo and redo.  A view that shows a node that
 * is no longer in the tree (cheops_game_contains() is FALSE) moves to @node.
 *
 * The properties "can-undo", "can-redo" and "modified" (booleans) notify
 * when they change.
 */

/* A new game of Cheops: the initial position (6.1) with a to move, no
 * moves, the seven roster tags at their defaults, an empty history. */
CheopsGame           *cheops_game_new                 (void);
/* The same for @variant (static, e.g. from cheops_variant_find()): its
 * start_fen, its roster. */
CheopsGame           *cheops_game_new_for_variant     (const CheopsVariant *variant);
/* A new game of @variant (NULL: Cheops) starting from @fen, a FEN of that
 * variant (its spec gives the form).  NULL with CHEOPS_GAME_ERROR_BAD_FEN
 * and the core's message if it is not a position. */
CheopsGame           *cheops_game_new_from_fen        (const CheopsVariant  *variant,
                                                       const char           *fen,
                                                       GError              **error);
/* A deep copy of the tags, start position and tree (not the history). */
CheopsGame           *cheops_game_copy                (CheopsGame  *self);
/* Whether two games have the same tags (same order), start position and
 * tree: moves, child order, comments, NAGs, annotations.  Iterative. */
gboolean              cheops_game_equal               (CheopsGame  *a,
                                                       CheopsGame  *b);

/* The variant the game is a game of (static, never NULL). */
const CheopsVariant  *cheops_game_get_variant         (CheopsGame  *self);

/* The tree. */

/* The root node (owned by the game): the start position, no move. */
CheopsGameNode       *cheops_game_get_root            (CheopsGame  *self);
/* The start position (the root's position). */
const CheopsPosition *cheops_game_get_start_position  (CheopsGame  *self);
/* The last node of the main line (the root if there is no move). */
CheopsGameNode       *cheops_game_get_mainline_end    (CheopsGame  *self);
/* Whether @node is in the tree of @self now (not removed by an edit, nor
 * part of a tree replaced by cheops_game_set_start_position()).  O(depth). */
gboolean              cheops_game_contains            (CheopsGame     *self,
                                                       const CheopsGameNode *node);
/* The number of nodes in the tree, root included.  O(1): counted once
 * (O(nodes)) the first time for a game read or copied, and after a change
 * of start position, then kept up to date by each edit. */
guint                 cheops_game_count_nodes         (CheopsGame  *self);

/* Tags. */

/* The value of tag @name ("Event", "Green", "Gold", "Result"...), or NULL. */
const char           *cheops_game_get_tag             (CheopsGame  *self,
                                                       const char  *name);
/* Sets tag @name to @value, or removes it when @value is NULL (a roster tag
 * goes back to its default).  @name must be a PGN tag name (letters, digits,
 * underscores, starting with a letter) and not Variant, SetUp or FEN;
 * @value must be valid UTF-8 without line breaks; a Result must be "1-0",
 * "0-1", "1/2-1/2" or "*".  FALSE with CHEOPS_GAME_ERROR_INVALID otherwise.
 * Undoable. */
gboolean              cheops_game_set_tag             (CheopsGame  *self,
                                                       const char  *name,
                                                       const char  *value,
                                                       GError     **error);
/* The number of tags (at least the seven of the roster) and tag @index in
 * file order (borrowed strings). */
guint                 cheops_game_get_n_tags          (CheopsGame  *self);
void                  cheops_game_get_nth_tag         (CheopsGame  *self,
                                                       guint        index,
                                                       const char **name,
                                                       const char **value);
/* The game's result, the Result tag: "1-0" (colour 0 won: Green, Gold),
 * "0-1" (colour 1: Orange, Red), "1/2-1/2" or "*". */
const char           *cheops_game_get_result          (CheopsGame  *self);
/* The colour @side plays in this game: an index into the variant's sides[]
 * (0 or 1).  @side itself, except in a Cheops game with [GreenCorner "q"]
 * (6.2), where the sides play each other's colours. */
guint                 cheops_game_get_side_colour     (CheopsGame  *self,
                                                       CheopsSide   side);
/* The side that plays @colour (0 or 1): the inverse of the above. */
CheopsSide            cheops_game_get_colour_side     (CheopsGame  *self,
                                                       guint        colour);
/* The name of the colour @side plays (the variant's, English, static:
 * "Green", "Gold"); translate it with the studio's catalogue. */
const char           *cheops_game_get_side_name       (CheopsGame  *self,
                                                       CheopsSide   side);
/* The player tag of @colour ("Green", "Orange"; "Gold", "Red"), static. */
const char           *cheops_game_get_colour_tag      (CheopsGame  *self,
                                                       guint        colour);
/* The player of @side: the value of the player tag of the colour it plays
 * (borrowed; "?" when unknown). */
const char           *cheops_game_get_player          (CheopsGame  *self,
                                                       CheopsSide   side);
/* One line naming the game for lists: "<colour 0 player> - <colour 1
 * player>, Event, Date, Result" with "?" parts left out, e.g. "Ann - Bob,
 * Club match, 1-0".  Newly allocated. */
char                 *cheops_game_dup_headline        (CheopsGame  *self);

/* Outcomes (an index into the variant's CheopsOutcomeInfo table, e.g. from
 * cheops_game_node_get_outcome()). */

/* The Result tag value for @outcome in this game: "1-0" when the side that
 * wins plays colour 0, "0-1" for colour 1, "1/2-1/2" for a draw; NULL for
 * CHEOPS_OUTCOME_NONE.  Static. */
const char           *cheops_game_outcome_result      (CheopsGame    *self,
                                                       CheopsOutcome  outcome);
/* How the game ended, as a sentence for people, built from the variant's
 * CheopsOutcomeInfo and the game's colours, translated (gettext domain
 * "cheops-studio"; the colour name and the reason are looked up in it
 * too): "<colour> wins <reason>." ("Gold wins by checkmate.", "Green wins
 * by the Ascension.") for a reason that starts with "by ", else
 * "<colour> wins: <reason>.", or "Draw: <reason>." ("Draw: the same
 * position for the fifth time."); "The game is not over." for
 * CHEOPS_OUTCOME_NONE.  The
 * rule (CheopsOutcomeInfo.rule, "8.4.3", "TR15") is not in it.  Newly
 * allocated. */
char                 *cheops_game_describe_outcome    (CheopsGame    *self,
                                                       CheopsOutcome  outcome);

/* Edits.  Each is undoable and emits "changed" when it changes anything. */

/* Plays @move at @node: returns the child of @node with that move, reusing
 * an existing one (then nothing changes) or adding it as the last child (a
 * new variation, or the mainline if @node had no child).  NULL with
 * CHEOPS_GAME_ERROR_ILLEGAL_MOVE if @move is not one of the core's
 * cheops_generate_moves() there, or if the game is over at @node
 * (cheops_game_node_get_outcome(), repetition included: "the game is
 * over: Gold wins by ...").  The node returned belongs to the game. */
CheopsGameNode       *cheops_game_add_move            (CheopsGame     *self,
                                                       CheopsGameNode *node,
                                                       CheopsMove      move,
                                                       GError        **error);
/* The same with the move given as record notation or machine move text,
 * read by cheops_move_from_san(); errors BAD_MOVE, ILLEGAL_MOVE or
 * AMBIGUOUS_MOVE with the core's message. */
CheopsGameNode       *cheops_game_add_san             (CheopsGame     *self,
                                                       CheopsGameNode *node,
                                                       const char     *san,
                                                       GError        **error);
/* Moves the line @node is on one place up among its siblings at the point
 * where it branches off (cheops_game_node_get_line_start()): a variation
 * becomes the one before it, the second becomes the mainline there.  FALSE
 * (nothing done) if that line is already first, i.e. @node is on the main
 * line. */
gboolean              cheops_game_promote_variation   (CheopsGame     *self,
                                                       CheopsGameNode *node);
/* Makes the path from the root to @node the main line of the game: at every
 * branching on the path, the child on it becomes the first child.  FALSE if
 * it was already.  One undo step. */
gboolean              cheops_game_make_mainline       (CheopsGame     *self,
                                                       CheopsGameNode *node);
/* The opposite of promoting: the nearest ancestor-or-self of @node that has
 * a next sibling changes places with it (so the line @node is on goes one
 * place down where it nearest branches; on the main line, the first
 * variation there becomes the mainline).  FALSE if there is none. */
gboolean              cheops_game_demote_variation    (CheopsGame     *self,
                                                       CheopsGameNode *node);
/* Removes the variation @node is in: the subtree from
 * cheops_game_node_get_line_start().  FALSE if @node is on the main line
 * (use cheops_game_delete_from()). */
gboolean              cheops_game_delete_variation    (CheopsGame     *self,
                                                       CheopsGameNode *node);
/* Removes @node and everything after it (its subtree).  FALSE for the root. */
gboolean              cheops_game_delete_from         (CheopsGame     *self,
                                                       CheopsGameNode *node);
/* Sets the comment before @node's move or after it; NULL or "" clears it.
 * Only a node that starts a variation (not a first child) takes a comment
 * before: elsewhere a game file could not tell it from the comment after
 * the move before, so it is refused (CHEOPS_GAME_ERROR_INVALID).  (A node
 * that keeps its comment before and becomes a first child through a
 * reordering is written with it before its move; read back, that text is
 * the comment after the previous move.)  White space runs become single spaces and the ends are
 * trimmed, except that a run holding a line feed becomes one "\n": a
 * paragraph break, which a game file keeps as a blank line (cheops-pgn.h).  FALSE with CHEOPS_GAME_ERROR_INVALID if @text holds "}" or "[%"
 * (a game file could not keep it) or is not UTF-8. */
gboolean              cheops_game_set_comment_before  (CheopsGame     *self,
                                                       CheopsGameNode *node,
                                                       const char     *text,
                                                       GError        **error);
gboolean              cheops_game_set_comment_after   (CheopsGame     *self,
                                                       CheopsGameNode *node,
                                                       const char     *text,
                                                       GError        **error);
/* Replaces @node's NAGs by @nags[0..@n_nags-1] (values 1..255; 0 dropped,
 * duplicates dropped).  @n_nags 0 clears them. */
void                  cheops_game_set_nags            (CheopsGame     *self,
                                                       CheopsGameNode *node,
                                                       const guint8   *nags,
                                                       guint           n_nags);
/* Sets the move glyph (1..9) of @node, replacing the one it had; 0 removes
 * it.  The other NAGs stay. */
void                  cheops_game_set_move_glyph      (CheopsGame     *self,
                                                       CheopsGameNode *node,
                                                       guint8          nag);
/* The same for the position glyph (10..21). */
void                  cheops_game_set_position_glyph  (CheopsGame     *self,
                                                       CheopsGameNode *node,
                                                       guint8          nag);
/* Replaces @node's annotations by a copy of @annotations (NULL clears). */
void                  cheops_game_set_annotations     (CheopsGame     *self,
                                                       CheopsGameNode *node,
                                                       const CheopsAnnotations *annotations);
/* Replaces the start position: the tree is emptied (its moves would not
 * fit the new position) and a new root takes @position.  Undo brings the
 * old root and tree back.  @position must be a position the core accepts
 * (it is not checked again; build it with cheops_position_from_fen()), of
 * any variant: the game becomes a game of @position's variant (the roster's
 * colour tags take its names and keep their values), and undo makes it a
 * game of the old one again. */
void                  cheops_game_set_start_position  (CheopsGame           *self,
                                                       const CheopsPosition *position);

/* History. */

gboolean              cheops_game_can_undo            (CheopsGame  *self);
gboolean              cheops_game_can_redo            (CheopsGame  *self);
/* Undoes the last edit (or group); FALSE if there is none. */
gboolean              cheops_game_undo                (CheopsGame  *self);
/* Redoes the last undone edit (or group); FALSE if there is none.  A new
 * edit after an undo drops what could have been redone. */
gboolean              cheops_game_redo                (CheopsGame  *self);
/* Groups the edits until the matching cheops_game_end_group() into one undo
 * step (e.g. a line of engine moves added at once).  Groups nest. */
void                  cheops_game_begin_group         (CheopsGame  *self);
void                  cheops_game_end_group           (CheopsGame  *self);
/* Forgets the whole history (after loading, for instance). */
void                  cheops_game_clear_history       (CheopsGame  *self);
/* Whether the game differs from when cheops_game_set_saved() was last
 * called (by the position in the history: undoing back to it clears the
 * flag). */
gboolean              cheops_game_get_modified        (CheopsGame  *self);
void                  cheops_game_set_saved           (CheopsGame  *self);
/* Marks the game as differing from what is saved whatever its history
 * (no undo or redo clears the flag; cheops_game_set_saved() does): a game
 * restored from a draft of unsaved edits, say. */
void                  cheops_game_set_unsaved         (CheopsGame  *self);

/* Games read with errors (cheops-pgn.h).  The reader keeps the original
 * text of such a game, from the head of its first line to its last
 * character, every byte, so that writing it back loses nothing of what the
 * file held. */

/* The original text of a game that was read with errors (owned by the
 * game), as long as the game is in the state it was read in: NULL once it
 * is edited (undoing back to the state read makes it available again), and
 * for a game read without errors or made otherwise.  The writer writes this
 * text instead of the canonical one. */
const char           *cheops_game_get_source_text     (CheopsGame  *self);
/* The same text with its length in bytes in *@length (0 when NULL): it
 * may hold a NUL byte (then cheops_game_get_source_text() seems to end
 * there); it is followed by one. */
const char           *cheops_game_get_source          (CheopsGame  *self,
                                                       gsize       *length);
/* Whether the game was read from a file with errors, so that the tree
 * holds only the part before the first error (even after edits, which
 * make cheops_game_get_source_text() return NULL): saving it in canonical
 * form loses the unread rest. */
gboolean              cheops_game_get_partly_read     (CheopsGame  *self);

G_END_DECLS
