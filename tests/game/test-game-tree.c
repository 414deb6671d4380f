/* test-game-tree.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The game tree and its command history: every edit, its undo and redo,
 * the "changed" signal, navigation and cached positions.
 */
#include <string.h>

#include "cheops-game-model.h"

/* The opening moves used throughout: legal from the initial position
 * (a to move), checked by the core when they are added. */
static const char * const line_a[] = {
  "fg3", "lj1", "e3f3", "mk2", "de3", "ji2", "fe4", "i1", "gf2", "3m4",
};

typedef struct {
  guint           n_changed;
  CheopsGameNode *last_node;
  guint           n_notify_undo;
  guint           n_notify_modified;
} Watch;

static void
changed_cb (CheopsGame     *game,
            CheopsGameNode *node,
            Watch          *w)
{
  w->n_changed++;
  w->last_node = node;
  g_assert_true (cheops_game_contains (game, node));
}

static void
notify_cb (GObject    *object,
           GParamSpec *pspec,
           Watch      *w)
{
  if (strcmp (pspec->name, "can-undo") == 0)
    w->n_notify_undo++;
  else if (strcmp (pspec->name, "modified") == 0)
    w->n_notify_modified++;
}

static CheopsGame *
new_watched_game (Watch *w)
{
  CheopsGame *game = cheops_game_new ();

  memset (w, 0, sizeof *w);
  g_signal_connect (game, "changed", G_CALLBACK (changed_cb), w);
  g_signal_connect (game, "notify", G_CALLBACK (notify_cb), w);
  return game;
}

/* Plays @n moves of line_a from @node and returns the last node. */
static CheopsGameNode *
play (CheopsGame     *game,
      CheopsGameNode *node,
      guint           first,
      guint           n)
{
  for (guint i = first; i < first + n; i++)
    {
      g_autoptr(GError) error = NULL;
      node = cheops_game_add_san (game, node, line_a[i], &error);
      g_assert_no_error (error);
      g_assert_nonnull (node);
    }
  return node;
}

static CheopsGameNode *
add (CheopsGame     *game,
     CheopsGameNode *node,
     const char     *san)
{
  g_autoptr(GError) error = NULL;
  CheopsGameNode *child = cheops_game_add_san (game, node, san, &error);

  g_assert_no_error (error);
  g_assert_nonnull (child);
  return child;
}

static char *
snapshot (CheopsGame *game)
{
  return cheops_pgn_write_game (game);
}

/* After an edit: undo gives back @before exactly, redo gives @after. */
static void
check_undo_redo (CheopsGame *game,
                 const char *before)
{
  g_autofree char *after = snapshot (game);
  g_autofree char *undone = NULL;
  g_autofree char *redone = NULL;

  g_assert_cmpstr (before, !=, after);
  g_assert_true (cheops_game_can_undo (game));
  g_assert_true (cheops_game_undo (game));
  undone = snapshot (game);
  g_assert_cmpstr (undone, ==, before);
  g_assert_true (cheops_game_can_redo (game));
  g_assert_true (cheops_game_redo (game));
  redone = snapshot (game);
  g_assert_cmpstr (redone, ==, after);
  g_assert_false (cheops_game_can_redo (game));
}

static void
test_add_move (void)
{
  Watch w;
  g_autoptr(CheopsGame) game = new_watched_game (&w);
  g_autoptr(GError) error = NULL;
  CheopsGameNode *root = cheops_game_get_root (game);
  CheopsGameNode *a, *b, *again;
  CheopsMove moves[CHEOPS_MAX_MOVES];
  g_autofree char *before = snapshot (game);

  a = cheops_game_add_san (game, root, "fg3", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (cheops_game_node_get_san (a), ==, "fg3");
  g_assert_cmpuint (cheops_game_node_get_ply (a), ==, 1);
  g_assert_cmpuint (cheops_game_node_get_move_number (a), ==, 1);
  g_assert_cmpint (cheops_game_node_get_mover (a), ==, CHEOPS_SIDE_A);
  g_assert_true (cheops_game_node_get_parent (a) == root);
  g_assert_true (cheops_game_node_get_first_child (root) == a);
  g_assert_cmpuint (w.n_changed, ==, 1);
  g_assert_true (w.last_node == a);
  g_assert_cmpuint (w.n_notify_undo, ==, 1);
  check_undo_redo (game, before);
  g_assert_true (cheops_game_node_get_first_child (root) == a);  /* the same node back */
  g_assert_cmpuint (w.n_changed, ==, 3);

  /* An identical child is reused: no new node, no edit, no signal. */
  again = cheops_game_add_move (game, root, cheops_game_node_get_move (a), &error);
  g_assert_no_error (error);
  g_assert_true (again == a);
  again = cheops_game_add_san (game, root, "f2g3", &error);   /* machine form, same move */
  g_assert_no_error (error);
  g_assert_true (again == a);
  g_assert_cmpuint (w.n_changed, ==, 3);
  g_assert_cmpuint (cheops_game_node_get_n_children (root), ==, 1);

  /* A second move at the root is a variation. */
  b = cheops_game_add_san (game, root, "i1", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (cheops_game_node_get_n_children (root), ==, 2);
  g_assert_true (cheops_game_node_get_child (root, 1) == b);
  g_assert_cmpuint (cheops_game_node_get_index (b), ==, 1);
  g_assert_true (cheops_game_node_get_next_sibling (a) == b);

  /* Errors: illegal, unreadable, ambiguous, and a move that is no move. */
  g_assert_null (cheops_game_add_san (game, root, "Mf5", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpstr (error->message, ==, "illegal move Mf5: no Swordmaster can reach f5");
  g_clear_error (&error);
  g_assert_null (cheops_game_add_san (game, root, "Zz9", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_BAD_MOVE);
  g_clear_error (&error);
  {
    CheopsGameNode *n = play (game, root, 0, 3);   /* fg3 lj1 e3f3: q to move */
    g_assert_null (cheops_game_add_san (game, n, "i1", &error));
    g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_AMBIGUOUS_MOVE);
    g_clear_error (&error);
  }
  g_assert_null (cheops_game_add_move (game, root, cheops_move_make (0, 1), &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);

  /* Every playable move of the start can be added, each once. */
  {
    int n = (int) (cheops_generate_moves (cheops_game_get_start_position (game), moves) - moves);
    g_assert_cmpint (n, ==, 22);
    for (int i = 0; i < n; i++)
      g_assert_nonnull (cheops_game_add_move (game, root, moves[i], NULL));
    g_assert_cmpuint (cheops_game_node_get_n_children (root), ==, 22);
  }
}

static void
test_positions (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  CheopsGameNode *root = cheops_game_get_root (game);
  CheopsGameNode *end = play (game, root, 0, 10);
  CheopsPosition replay;
  char fen[CHEOPS_FEN_MAX], expected[CHEOPS_FEN_MAX];
  GPtrArray *path;

  cheops_position_init_start (&replay, &cheops_variant_cheops);
  path = cheops_game_node_get_path (end);
  g_assert_cmpuint (path->len, ==, 11);
  g_assert_true (path->pdata[0] == root);
  g_assert_true (path->pdata[10] == end);
  for (guint i = 1; i < path->len; i++)
    {
      CheopsUndo undo;
      CheopsMove move = cheops_move_from_san (&replay, line_a[i - 1], -1, NULL);

      g_assert_cmpuint (move, ==, cheops_game_node_get_move (path->pdata[i]));
      cheops_position_do_move (&replay, move, &undo);
      /* Ask the deepest first the first time, then each in turn. */
      cheops_position_to_fen (cheops_game_node_get_position (path->pdata[i]), fen, sizeof fen);
      cheops_position_to_fen (&replay, expected, sizeof expected);
      g_assert_cmpstr (fen, ==, expected);
    }
  g_ptr_array_unref (path);
  /* The same pointer the second time: it is cached. */
  g_assert_true (cheops_game_node_get_position (end) == cheops_game_node_get_position (end));
  cheops_position_to_fen (cheops_game_node_get_position (end), fen, sizeof fen);
  g_assert_cmpint (cheops_game_node_get_position (end)->fullmove_number, ==, 6);
  g_assert_cmpint (cheops_game_node_get_position (end)->side_to_move, ==, CHEOPS_SIDE_A);
}

static void
test_navigation (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  CheopsGameNode *root = cheops_game_get_root (game);
  CheopsGameNode *fg3 = play (game, root, 0, 1);
  CheopsGameNode *lj1 = play (game, fg3, 1, 1);
  CheopsGameNode *mk2 = add (game, fg3, "mk2");
  CheopsGameNode *nl3 = add (game, fg3, "nl3");
  CheopsGameNode *mk2_e3f3 = add (game, mk2, "e3f3");
  CheopsGameNode *lj1_e3f3 = play (game, lj1, 2, 1);
  g_autofree char *label = NULL;

  g_assert_true (cheops_game_node_get_next (fg3) == lj1);
  g_assert_true (cheops_game_node_get_next_visited (fg3) == lj1);
  cheops_game_node_mark_visited (mk2_e3f3);
  g_assert_true (cheops_game_node_get_next_visited (fg3) == mk2);
  g_assert_true (cheops_game_node_get_next_visited (mk2) == mk2_e3f3);
  g_assert_true (cheops_game_node_get_next_visited (root) == fg3);
  cheops_game_node_mark_visited (nl3);
  g_assert_true (cheops_game_node_get_next_visited (fg3) == nl3);
  /* A visited child that is deleted is forgotten. */
  cheops_game_delete_from (game, nl3);
  g_assert_true (cheops_game_node_get_next_visited (fg3) == lj1);
  cheops_game_undo (game);
  g_assert_true (cheops_game_node_get_next_visited (fg3) == nl3);

  g_assert_true (cheops_game_node_is_mainline (lj1_e3f3));
  g_assert_false (cheops_game_node_is_mainline (mk2_e3f3));
  g_assert_true (cheops_game_node_is_root (root));
  g_assert_false (cheops_game_node_is_root (fg3));
  g_assert_true (cheops_game_node_get_line_start (mk2_e3f3) == mk2);
  g_assert_true (cheops_game_node_get_line_start (lj1_e3f3) == fg3);
  g_assert_null (cheops_game_node_get_line_start (root));
  g_assert_cmpuint (cheops_game_node_get_index (nl3), ==, 2);
  g_assert_true (cheops_game_get_mainline_end (game) == lj1_e3f3);
  g_assert_cmpuint (cheops_game_count_nodes (game), ==, 7);

  label = cheops_game_node_format_move (mk2, TRUE);
  g_assert_cmpstr (label, ==, "1... mk2");
  g_free (label);
  label = cheops_game_node_format_move (mk2_e3f3, TRUE);
  g_assert_cmpstr (label, ==, "2. e3f3");
  g_free (label);
  label = cheops_game_node_format_move (mk2_e3f3, FALSE);
  g_assert_cmpstr (label, ==, "e3f3");
}

/* root: fg3 (main), i1, e3f3; fg3: lj1 (main) then mk2. */
static CheopsGame *
branching_game (CheopsGameNode **fg3,
                CheopsGameNode **i1,
                CheopsGameNode **e3f3,
                CheopsGameNode **lj1,
                CheopsGameNode **mk2)
{
  CheopsGame *game = cheops_game_new ();
  CheopsGameNode *root = cheops_game_get_root (game);

  *fg3 = add (game, root, "fg3");
  *i1 = add (game, root, "i1");
  *e3f3 = add (game, root, "e3f3");
  *lj1 = add (game, *fg3, "lj1");
  *mk2 = add (game, *fg3, "mk2");
  cheops_game_clear_history (game);
  return game;
}

static void
assert_children (CheopsGameNode *node,
                 const char     *sans)
{
  GString *s = g_string_new (NULL);

  for (CheopsGameNode *c = cheops_game_node_get_first_child (node); c; c = cheops_game_node_get_next_sibling (c))
    g_string_append_printf (s, "%s%s", s->len ? " " : "", cheops_game_node_get_san (c));
  g_assert_cmpstr (s->str, ==, sans);
  g_string_free (s, TRUE);
}

static void
test_promote_demote (void)
{
  CheopsGameNode *fg3, *i1, *e3f3, *lj1, *mk2, *deep;
  g_autoptr(CheopsGame) game = branching_game (&fg3, &i1, &e3f3, &lj1, &mk2);
  CheopsGameNode *root = cheops_game_get_root (game);
  g_autofree char *s0 = NULL;

  deep = add (game, e3f3, "lj1");
  deep = add (game, deep, "Ag2");
  cheops_game_clear_history (game);
  s0 = snapshot (game);

  /* Promote from a node deep in the e3f3 line moves that whole line. */
  g_assert_true (cheops_game_promote_variation (game, deep));
  assert_children (root, "fg3 e3f3 i1");
  check_undo_redo (game, s0);
  g_assert_true (cheops_game_promote_variation (game, e3f3));
  assert_children (root, "e3f3 fg3 i1");
  g_assert_false (cheops_game_promote_variation (game, deep));   /* it is the main line now */
  g_assert_true (cheops_game_node_is_mainline (deep));

  /* Demote: the nearest ancestor with a next sibling goes one down. */
  {
    g_autofree char *s1 = snapshot (game);
    g_assert_true (cheops_game_demote_variation (game, deep));
    assert_children (root, "fg3 e3f3 i1");
    check_undo_redo (game, s1);
  }
  g_assert_true (cheops_game_demote_variation (game, deep));
  assert_children (root, "fg3 i1 e3f3");
  g_assert_false (cheops_game_demote_variation (game, deep));   /* last everywhere */
  g_assert_true (cheops_game_demote_variation (game, lj1));     /* lj1 below mk2 */
  assert_children (fg3, "mk2 lj1");
  g_assert_false (cheops_game_demote_variation (game, root));

  /* Undo everything back to the start, then redo it all. */
  {
    g_autofree char *end = snapshot (game);
    g_autofree char *back = NULL;
    g_autofree char *forth = NULL;
    while (cheops_game_undo (game))
      ;
    back = snapshot (game);
    g_assert_cmpstr (back, ==, s0);
    while (cheops_game_redo (game))
      ;
    forth = snapshot (game);
    g_assert_cmpstr (forth, ==, end);
  }
}

static void
test_make_mainline (void)
{
  CheopsGameNode *fg3, *i1, *e3f3, *lj1, *mk2, *deep;
  g_autoptr(CheopsGame) game = branching_game (&fg3, &i1, &e3f3, &lj1, &mk2);
  CheopsGameNode *root = cheops_game_get_root (game);
  g_autofree char *s0 = NULL;
  Watch w = { 0 };

  deep = add (game, mk2, "e3f3");
  s0 = snapshot (game);
  g_signal_connect (game, "changed", G_CALLBACK (changed_cb), &w);

  g_assert_true (cheops_game_make_mainline (game, deep));
  g_assert_true (cheops_game_node_is_mainline (deep));
  g_assert_true (cheops_game_get_mainline_end (game) == deep);
  assert_children (fg3, "mk2 lj1");
  g_assert_false (cheops_game_make_mainline (game, deep));
  w.n_changed = 0;
  check_undo_redo (game, s0);            /* one step for the whole path */
  g_assert_cmpuint (w.n_changed, ==, 2);

  g_assert_true (cheops_game_make_mainline (game, e3f3));
  assert_children (root, "e3f3 fg3 i1");
  g_assert_true (cheops_game_make_mainline (game, i1));
  assert_children (root, "i1 e3f3 fg3");
}

static void
test_delete (void)
{
  CheopsGameNode *fg3, *i1, *e3f3, *lj1, *mk2, *deep;
  g_autoptr(CheopsGame) game = branching_game (&fg3, &i1, &e3f3, &lj1, &mk2);
  CheopsGameNode *root = cheops_game_get_root (game);
  g_autofree char *s0 = NULL;
  Watch w = { 0 };

  deep = add (game, mk2, "e3f3");
  s0 = snapshot (game);
  g_signal_connect (game, "changed", G_CALLBACK (changed_cb), &w);

  /* Delete the variation that deep is in: from mk2. */
  g_assert_true (cheops_game_delete_variation (game, deep));
  g_assert_true (w.last_node == fg3);
  assert_children (fg3, "lj1");
  g_assert_false (cheops_game_contains (game, deep));
  g_assert_false (cheops_game_contains (game, mk2));
  check_undo_redo (game, s0);
  cheops_game_undo (game);
  g_assert_true (cheops_game_contains (game, deep));
  g_assert_true (cheops_game_node_get_child (fg3, 1) == mk2);   /* the same nodes */

  /* Not on the main line. */
  g_assert_false (cheops_game_delete_variation (game, lj1));
  g_assert_false (cheops_game_delete_variation (game, root));

  /* Delete from a node: its subtree. */
  g_assert_true (cheops_game_delete_from (game, fg3));
  assert_children (root, "i1 e3f3");
  g_assert_false (cheops_game_contains (game, lj1));
  check_undo_redo (game, s0);
  g_assert_false (cheops_game_delete_from (game, root));

  /* A node we hold outlives the history that removed it. */
  {
    CheopsGameNode *held = cheops_game_node_ref (deep);
    cheops_game_undo (game);
    g_assert_true (cheops_game_delete_from (game, mk2));
    cheops_game_clear_history (game);
    g_assert_false (cheops_game_contains (game, held));
    g_assert_cmpstr (cheops_game_node_get_san (held), ==, "e3f3");
    g_assert_null (cheops_game_node_get_parent (held));
    cheops_game_node_unref (held);
  }
}

static void
test_comments (void)
{
  Watch w;
  g_autoptr(CheopsGame) game = new_watched_game (&w);
  g_autoptr(GError) error = NULL;
  CheopsGameNode *root = cheops_game_get_root (game);
  CheopsGameNode *fg3 = play (game, root, 0, 1);
  CheopsGameNode *i1 = add (game, root, "i1");
  g_autofree char *s0 = snapshot (game);
  g_autofree char *s1 = NULL;

  g_assert_true (cheops_game_set_comment_after (game, fg3, "  a  good\n\tmove ", &error));
  g_assert_no_error (error);
  /* Blanks become one space; a run holding a line feed, one paragraph
   * break. */
  g_assert_cmpstr (cheops_game_node_get_comment_after (fg3), ==, "a good\nmove");
  g_assert_true (w.last_node == fg3);
  check_undo_redo (game, s0);

  s1 = snapshot (game);
  g_assert_true (cheops_game_set_comment_before (game, i1, "instead", &error));
  g_assert_cmpstr (cheops_game_node_get_comment_before (i1), ==, "instead");
  check_undo_redo (game, s1);

  /* Clearing. */
  g_clear_pointer (&s1, g_free);
  s1 = snapshot (game);
  g_assert_true (cheops_game_set_comment_after (game, fg3, NULL, &error));
  g_assert_null (cheops_game_node_get_comment_after (fg3));
  check_undo_redo (game, s1);

  /* The game's opening comment is the root's comment after. */
  g_assert_true (cheops_game_set_comment_after (game, root, "Intro", &error));
  g_assert_cmpstr (cheops_game_node_get_comment_after (root), ==, "Intro");

  /* Refused: what a file cannot hold, and a comment before a mainline move. */
  g_assert_false (cheops_game_set_comment_after (game, fg3, "a } b", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (cheops_game_set_comment_after (game, fg3, "[%eval 1]", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (cheops_game_set_comment_before (game, fg3, "x", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (cheops_game_set_comment_before (game, root, "x", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID);
  g_clear_error (&error);

  /* The same text again is no edit. */
  {
    guint n = w.n_changed;
    g_assert_true (cheops_game_set_comment_after (game, root, "Intro", NULL));
    g_assert_cmpuint (w.n_changed, ==, n);
  }
}

static void
test_nags (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  CheopsGameNode *fg3 = play (game, cheops_game_get_root (game), 0, 1);
  const guint8 nags[] = { 14, 0, 1, 14, 146 };
  const guint8 *got;
  guint n;
  g_autofree char *s0 = snapshot (game);
  g_autofree char *s1 = NULL;

  cheops_game_set_nags (game, fg3, nags, G_N_ELEMENTS (nags));
  got = cheops_game_node_get_nags (fg3, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (got[0], ==, 14);
  g_assert_cmpuint (got[1], ==, 1);
  g_assert_cmpuint (got[2], ==, 146);
  g_assert_cmpuint (cheops_game_node_get_move_glyph (fg3), ==, 1);
  g_assert_cmpuint (cheops_game_node_get_position_glyph (fg3), ==, 14);
  check_undo_redo (game, s0);

  s1 = snapshot (game);
  cheops_game_set_move_glyph (game, fg3, CHEOPS_NAG_BLUNDER);
  got = cheops_game_node_get_nags (fg3, &n);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (got[1], ==, 4);
  check_undo_redo (game, s1);
  cheops_game_set_position_glyph (game, fg3, 0);
  got = cheops_game_node_get_nags (fg3, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (got[0], ==, 4);
  g_assert_cmpuint (got[1], ==, 146);
  cheops_game_set_move_glyph (game, fg3, 0);
  cheops_game_set_move_glyph (game, fg3, CHEOPS_NAG_GOOD);
  got = cheops_game_node_get_nags (fg3, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (got[0], ==, 1);     /* a move glyph goes first */
  cheops_game_set_nags (game, fg3, NULL, 0);
  g_assert_null (cheops_game_node_get_nags (fg3, &n));
  g_assert_cmpuint (n, ==, 0);

  g_assert_cmpint (cheops_nag_get_kind (0), ==, CHEOPS_NAG_KIND_NONE);
  g_assert_cmpint (cheops_nag_get_kind (9), ==, CHEOPS_NAG_KIND_MOVE);
  g_assert_cmpint (cheops_nag_get_kind (10), ==, CHEOPS_NAG_KIND_POSITION);
  g_assert_cmpint (cheops_nag_get_kind (21), ==, CHEOPS_NAG_KIND_POSITION);
  g_assert_cmpint (cheops_nag_get_kind (22), ==, CHEOPS_NAG_KIND_OBSERVATION);
  g_assert_cmpstr (cheops_nag_to_suffix (5), ==, "!?");
  g_assert_null (cheops_nag_to_suffix (7));
}

static void
test_annotations (void)
{
  g_autoptr(CheopsGame) game = cheops_game_new ();
  CheopsGameNode *fg3 = play (game, cheops_game_get_root (game), 0, 1);
  g_autoptr(CheopsAnnotations) a = cheops_annotations_new ();
  g_autofree char *s0 = snapshot (game);
  g_autoptr(GString) text = g_string_new (NULL);
  CheopsCell d2 = cheops_laws_cell_make (3, 2), f3 = cheops_laws_cell_make (5, 3), i9 = CHEOPS_LAWS_APEX;

  a->eval.kind = CHEOPS_EVAL_CENTIPAWNS;
  a->eval.value = -7;
  a->eval.depth = 12;
  cheops_annotations_toggle_arrow (a, &cheops_variant_cheops, CHEOPS_MARK_GREEN, d2, f3);
  cheops_annotations_toggle_arrow (a, &cheops_variant_cheops, CHEOPS_MARK_RED, f3, i9);
  cheops_annotations_toggle_arrow (a, &cheops_variant_cheops, CHEOPS_MARK_RED, f3, i9);    /* off again */
  cheops_annotations_toggle_arrow (a, &cheops_variant_cheops, CHEOPS_MARK_BLUE, d2, f3);   /* recoloured */
  cheops_annotations_toggle_mark (a, &cheops_variant_cheops, CHEOPS_MARK_YELLOW, i9);
  cheops_annotations_add_command (a, &cheops_variant_cheops, "%clk 0:00:07", -1);
  cheops_annotations_append (a, &cheops_variant_cheops, text);
  g_assert_cmpstr (text->str, ==, "[%eval -0.07,12] [%cal Bd2f3] [%csl Yi9] [%clk 0:00:07]");

  cheops_game_set_annotations (game, fg3, a);
  g_assert_true (cheops_annotations_equal (cheops_game_node_get_annotations (fg3), a));
  check_undo_redo (game, s0);
  cheops_game_set_annotations (game, fg3, NULL);
  g_assert_true (cheops_annotations_is_empty (cheops_game_node_get_annotations (fg3)));
}

static void
test_annotation_commands (void)
{
  static const struct {
    const char *command;
    const char *written;
  } cases[] = {
    { "%eval 0.53", "[%eval 0.53]" },
    { "%eval -1.2", "[%eval -1.20]" },
    { "%eval 3", "[%eval 3.00]" },
    { "%eval +0.05,7", "[%eval 0.05,7]" },
    { "%eval #4", "[%eval #4]" },
    { "%eval #-3,30", "[%eval #-3,30]" },
    { "%eval #0", "[%eval #0]" },
    { "%eval 0.123", "[%eval 0.123]" },        /* more decimals: kept as written */
    { "%eval #-0", "[%eval #-0]" },
    { "%eval 1,-3", "[%eval 1,-3]" },
    { "%eval", "[%eval]" },
    { "%cal Gd2f3,Ri5i9", "[%cal Gd2f3,Ri5i9]" },
    { "%cal Gd2d2", "[%cal Gd2d2]" },          /* no arrow from a cell to itself */
    { "%cal Xd2f3", "[%cal Xd2f3]" },
    { "%cal Ga9b9", "[%cal Ga9b9]" },          /* a9 is off the board */
    { "%cal Gd2f3,", "[%cal Gd2f3,]" },
    { "%csl Ri9,Ba1", "[%csl Ri9,Ba1]" },
    { "%csl Ri9,Gi9", "[%csl Ri9,Gi9]" },      /* the same cell twice */
    { "%clk 1:02:03", "[%clk 1:02:03]" },
    { "%emt 0:00:05", "[%emt 0:00:05]" },
    { "% odd", "[% odd]" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(CheopsAnnotations) a = cheops_annotations_new ();
      g_autoptr(GString) out = g_string_new (NULL);

      cheops_annotations_add_command (a, &cheops_variant_cheops, cases[i].command, -1);
      cheops_annotations_append (a, &cheops_variant_cheops, out);
      g_assert_cmpstr (out->str, ==, cases[i].written);
    }

  {
    g_autoptr(CheopsAnnotations) a = cheops_annotations_new ();
    cheops_annotations_add_command (a, &cheops_variant_cheops, "%eval 0.53,20", -1);
    g_assert_cmpint (a->eval.kind, ==, CHEOPS_EVAL_CENTIPAWNS);
    g_assert_cmpint (a->eval.value, ==, 53);
    g_assert_cmpint (a->eval.depth, ==, 20);
    cheops_annotations_add_command (a, &cheops_variant_cheops, "%eval #-2", -1);
    g_assert_cmpint (a->eval.value, ==, 53);             /* the first stays */
    g_assert_cmpuint (a->others->len, ==, 1);
    cheops_annotations_add_command (a, &cheops_variant_cheops, "%csl Ri9", -1);
    cheops_annotations_add_command (a, &cheops_variant_cheops, "%csl Gd2", -1);  /* adds */
    g_assert_cmpuint (a->marks->len, ==, 2);
    g_assert_cmpuint (g_array_index (a->marks, CheopsCellMark, 0).cell, ==, CHEOPS_LAWS_APEX);
    g_assert_cmpint (g_array_index (a->marks, CheopsCellMark, 0).colour, ==, CHEOPS_MARK_RED);
  }
}

static void
test_start_position (void)
{
  Watch w;
  g_autoptr(CheopsGame) game = new_watched_game (&w);
  g_autoptr(GError) error = NULL;
  CheopsGameNode *old_root = cheops_game_get_root (game);
  CheopsGameNode *fg3 = play (game, old_root, 0, 3);
  CheopsPosition q_first;
  g_autofree char *s0 = snapshot (game);
  char fen[CHEOPS_FEN_MAX];

  g_assert_true (cheops_position_from_fen (&q_first, &cheops_variant_cheops, CHEOPS_LAWS_START_FEN, NULL));
  cheops_position_set_side (&q_first, CHEOPS_SIDE_B);
  cheops_game_set_start_position (game, &q_first);
  g_assert_true (cheops_game_get_root (game) != old_root);
  g_assert_null (cheops_game_node_get_first_child (cheops_game_get_root (game)));
  g_assert_false (cheops_game_contains (game, fg3));
  g_assert_true (w.last_node == cheops_game_get_root (game));
  cheops_position_to_fen (cheops_game_get_start_position (game), fen, sizeof fen);
  g_assert_cmpstr (fen, ==, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 0 1");
  check_undo_redo (game, s0);
  cheops_game_undo (game);
  g_assert_true (cheops_game_get_root (game) == old_root);
  g_assert_true (cheops_game_contains (game, fg3));
  cheops_game_redo (game);

  /* q moves first: numbered 1..., the number grows after q's moves. */
  {
    CheopsGameNode *n = cheops_game_add_san (game, cheops_game_get_root (game), "lj1", &error);
    g_autofree char *label = NULL;
    g_assert_no_error (error);
    g_assert_cmpint (cheops_game_node_get_mover (n), ==, CHEOPS_SIDE_B);
    g_assert_cmpuint (cheops_game_node_get_move_number (n), ==, 1);
    n = cheops_game_add_san (game, n, "fg3", &error);
    g_assert_no_error (error);
    label = cheops_game_node_format_move (n, TRUE);
    g_assert_cmpstr (label, ==, "2. fg3");
  }

  {
    g_autoptr(CheopsGame) from_fen = cheops_game_new_from_fen (NULL, "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka q 0 1", &error);
    g_assert_no_error (error);
    g_assert_cmpint (cheops_game_get_start_position (from_fen)->side_to_move, ==, CHEOPS_SIDE_B);
    g_assert_null (cheops_game_new_from_fen (NULL, "1/3/5 a 0 1", &error));
    g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_BAD_FEN);
  }
}

static void
test_tags (void)
{
  Watch w;
  g_autoptr(CheopsGame) game = new_watched_game (&w);
  g_autoptr(GError) error = NULL;
  static const char * const roster[] = { "Event", "Site", "Date", "Round", "Green", "Orange", "Result" };
  const char *name, *value;
  g_autofree char *s0 = snapshot (game);
  g_autofree char *headline = NULL;

  g_assert_cmpuint (cheops_game_get_n_tags (game), ==, 7);
  for (guint i = 0; i < 7; i++)
    {
      cheops_game_get_nth_tag (game, i, &name, &value);
      g_assert_cmpstr (name, ==, roster[i]);
    }
  g_assert_cmpstr (cheops_game_get_tag (game, "Date"), ==, "????.??.??");
  g_assert_cmpstr (cheops_game_get_result (game), ==, "*");
  g_assert_cmpint (cheops_game_get_colour_side (game, 0), ==, CHEOPS_SIDE_A);

  g_assert_true (cheops_game_set_tag (game, "Green", "Ann", &error));
  g_assert_no_error (error);
  check_undo_redo (game, s0);
  g_assert_true (cheops_game_set_tag (game, "Annotator", "Me", &error));
  g_assert_true (cheops_game_set_tag (game, "GreenCorner", "q", &error));
  g_assert_cmpint (cheops_game_get_colour_side (game, 0), ==, CHEOPS_SIDE_B);
  g_assert_cmpuint (cheops_game_get_n_tags (game), ==, 9);
  cheops_game_get_nth_tag (game, 7, &name, &value);
  g_assert_cmpstr (name, ==, "Annotator");

  /* Removing a tag and undoing puts it back in its place. */
  {
    g_autofree char *s1 = snapshot (game);
    g_assert_true (cheops_game_set_tag (game, "Annotator", NULL, &error));
    g_assert_null (cheops_game_get_tag (game, "Annotator"));
    check_undo_redo (game, s1);
    cheops_game_undo (game);
    cheops_game_get_nth_tag (game, 7, &name, &value);
    g_assert_cmpstr (name, ==, "Annotator");
  }
  /* A roster tag goes back to its default. */
  g_assert_true (cheops_game_set_tag (game, "Green", NULL, &error));
  g_assert_cmpstr (cheops_game_get_tag (game, "Green"), ==, "?");

  g_assert_true (cheops_game_set_tag (game, "Result", "0-1", &error));
  g_assert_false (cheops_game_set_tag (game, "Result", "2-0", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (cheops_game_set_tag (game, "FEN", "x", &error));
  g_assert_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (cheops_game_set_tag (game, "Bad Name", "x", &error));
  g_clear_error (&error);
  g_assert_false (cheops_game_set_tag (game, "Event", "two\nlines", &error));
  g_clear_error (&error);

  cheops_game_set_tag (game, "Green", "Ann", NULL);
  cheops_game_set_tag (game, "Orange", "Bob", NULL);
  cheops_game_set_tag (game, "Event", "Cup", NULL);
  headline = cheops_game_dup_headline (game);
  g_assert_cmpstr (headline, ==, "Ann - Bob, Cup, 0-1");
}

static void
test_history (void)
{
  Watch w;
  g_autoptr(CheopsGame) game = new_watched_game (&w);
  CheopsGameNode *root = cheops_game_get_root (game);
  g_autofree char *s0 = snapshot (game);
  g_autofree char *s1 = NULL;
  CheopsGameNode *end;
  gboolean modified;

  g_assert_false (cheops_game_get_modified (game));
  g_assert_false (cheops_game_undo (game));
  g_assert_false (cheops_game_redo (game));

  /* A group is one step. */
  cheops_game_begin_group (game);
  end = play (game, root, 0, 6);
  cheops_game_begin_group (game);
  cheops_game_set_comment_after (game, end, "nested", NULL);
  cheops_game_end_group (game);
  cheops_game_end_group (game);
  g_assert_cmpuint (w.n_changed, ==, 7);
  s1 = snapshot (game);
  check_undo_redo (game, s0);
  g_assert_cmpuint (cheops_game_node_get_ply (cheops_game_get_mainline_end (game)), ==, 6);
  g_object_get (game, "modified", &modified, NULL);
  g_assert_true (modified);

  /* Saved state: undoing to it clears "modified"; redoing sets it. */
  cheops_game_set_saved (game);
  g_assert_false (cheops_game_get_modified (game));
  cheops_game_undo (game);
  g_assert_true (cheops_game_get_modified (game));
  cheops_game_redo (game);
  g_assert_false (cheops_game_get_modified (game));

  /* A new edit after an undo drops the redo. */
  cheops_game_undo (game);
  g_assert_true (cheops_game_can_redo (game));
  add (game, root, "i1");
  g_assert_false (cheops_game_can_redo (game));
  g_assert_true (cheops_game_get_modified (game));

  cheops_game_clear_history (game);
  g_assert_false (cheops_game_can_undo (game));
  g_assert_false (cheops_game_get_modified (game));

  /* Unsaved whatever the history (a game restored from a draft): an edit
   * undone does not clear it, a save does. */
  cheops_game_set_unsaved (game);
  g_assert_true (cheops_game_get_modified (game));
  cheops_game_set_tag (game, "Site", "Giza", NULL);
  g_assert_true (cheops_game_undo (game));
  g_assert_true (cheops_game_get_modified (game));
  cheops_game_set_saved (game);
  g_assert_false (cheops_game_get_modified (game));
  (void) s1;
}

static void
test_copy_equal (void)
{
  CheopsGameNode *fg3, *i1, *e3f3, *lj1, *mk2;
  g_autoptr(CheopsGame) game = branching_game (&fg3, &i1, &e3f3, &lj1, &mk2);
  g_autoptr(CheopsGame) copy = NULL;
  const guint8 nag = 3;

  cheops_game_set_comment_after (game, lj1, "x", NULL);
  cheops_game_set_comment_before (game, mk2, "y", NULL);
  cheops_game_set_nags (game, lj1, &nag, 1);
  cheops_game_set_tag (game, "Site", "Giza", NULL);
  copy = cheops_game_copy (game);
  g_assert_true (cheops_game_equal (game, copy));
  g_assert_false (cheops_game_can_undo (copy));
  cheops_game_set_comment_after (copy, cheops_game_node_get_child (cheops_game_node_get_first_child (cheops_game_get_root (copy)), 0), "z", NULL);
  g_assert_false (cheops_game_equal (game, copy));
  cheops_game_undo (copy);
  g_assert_true (cheops_game_equal (game, copy));
  cheops_game_promote_variation (copy, cheops_game_node_get_child (cheops_game_get_root (copy), 2));
  g_assert_false (cheops_game_equal (game, copy));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/tree/add-move", test_add_move);
  g_test_add_func ("/game/tree/positions", test_positions);
  g_test_add_func ("/game/tree/navigation", test_navigation);
  g_test_add_func ("/game/tree/promote-demote", test_promote_demote);
  g_test_add_func ("/game/tree/make-mainline", test_make_mainline);
  g_test_add_func ("/game/tree/delete", test_delete);
  g_test_add_func ("/game/tree/comments", test_comments);
  g_test_add_func ("/game/tree/nags", test_nags);
  g_test_add_func ("/game/tree/annotations", test_annotations);
  g_test_add_func ("/game/tree/annotation-commands", test_annotation_commands);
  g_test_add_func ("/game/tree/start-position", test_start_position);
  g_test_add_func ("/game/tree/tags", test_tags);
  g_test_add_func ("/game/tree/history", test_history);
  g_test_add_func ("/game/tree/copy-equal", test_copy_equal);

  return g_test_run ();
}
