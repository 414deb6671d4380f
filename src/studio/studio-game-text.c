/* studio-game-text.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Lines of moves as game text and back (issue 22): an engine line copied
 * as a game from the position it was searched in, the current variation
 * copied as a game of its own, and game text pasted as a variation at the
 * current move.  All of it through the game model and its writer and
 * reader (cheops-pgn.h), so the text is the project's game-file format:
 * [SetUp "1"] and [FEN] where the start is not the variant's initial
 * position, [Variant] for every game but Cheops.
 */
#define G_LOG_DOMAIN "studio-game-text"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "studio-game-text.h"

/* A game of @position's variant starting at @position, with no history. */
static CheopsGame *
game_new_at (const CheopsPosition *position)
{
  CheopsGame *game = cheops_game_new ();

  cheops_game_set_start_position (game, position);
  cheops_game_clear_history (game);
  return game;
}

/**
 * studio_game_text_for_line:
 * @position: the position the line starts from (the current node's, or
 *   in threat mode the same with the other side to move)
 * @san: (array length=n_moves): the line's moves in record notation
 *   (or machine move text), each read by the core
 * @n_moves: how many of @san to write
 * @error: a location for a #GError
 *
 * The line as a game of its own: a game starting at @position (with
 * [SetUp "1"] and [FEN] unless that is the variant's initial position),
 * the roster tags at their defaults, Result "*" — or the result the
 * moves reach, when the line ends the game.
 *
 * Returns: (transfer full) (nullable): the canonical game text, ending
 *   with a line break; %NULL with a CHEOPS_GAME_ERROR (the core's message)
 *   when a move of @san cannot be played
 */
char *
studio_game_text_for_line (const CheopsPosition *position,
                           const char *const    *san,
                           guint                 n_moves,
                           GError              **error)
{
  g_autoptr(CheopsGame) game = NULL;
  CheopsGameNode *node;
  CheopsOutcome outcome;

  g_return_val_if_fail (position != NULL, NULL);

  game = game_new_at (position);
  node = cheops_game_get_root (game);
  for (guint i = 0; i < n_moves && san[i] != NULL; i++)
    {
      node = cheops_game_add_san (game, node, san[i], error);
      if (node == NULL)
        return NULL;
    }
  outcome = cheops_game_node_get_outcome (node);
  if (outcome != CHEOPS_OUTCOME_NONE)
    cheops_game_set_tag (game, "Result", cheops_game_outcome_result (game, outcome), NULL);

  return cheops_pgn_write_game (game);
}

/**
 * studio_game_text_for_variation:
 * @game: a game
 * @node: a node of @game
 *
 * The variation @node is on as a game of its own: from @game's start
 * position, the moves down to @node, then on along the first
 * continuations to the end of that line, with their comments, NAGs and
 * annotations ([%eval], arrows), without the other variations.  The tags
 * are @game's; the Result is @game's when the variation is the main line
 * to its end, else the result the moves reach ("*" while the game goes on
 * at the end of the line).
 *
 * Returns: (transfer full): the canonical game text, ending with a line
 *   break
 */
char *
studio_game_text_for_variation (CheopsGame     *game,
                                CheopsGameNode *node)
{
  g_autoptr(CheopsGame) copy = NULL;
  g_autoptr(GPtrArray) path = NULL;
  CheopsGameNode *source;
  CheopsGameNode *dest;
  CheopsGameNode *last;
  CheopsOutcome outcome;

  g_return_val_if_fail (CHEOPS_IS_GAME (game), NULL);
  g_return_val_if_fail (node != NULL, NULL);

  copy = game_new_at (cheops_game_get_start_position (game));
  for (guint i = 0; i < cheops_game_get_n_tags (game); i++)
    {
      const char *name, *value;

      cheops_game_get_nth_tag (game, i, &name, &value);
      if (!g_str_equal (name, "Result"))
        cheops_game_set_tag (copy, name, value, NULL);
    }

  /* The path down to @node, then the line's own continuation. */
  path = cheops_game_node_get_path (node);
  for (last = node; cheops_game_node_get_first_child (last) != NULL;)
    {
      last = cheops_game_node_get_first_child (last);
      g_ptr_array_add (path, last);
    }

  dest = cheops_game_get_root (copy);
  source = g_ptr_array_index (path, 0);
  if (cheops_game_node_get_comment_after (source) != NULL)
    cheops_game_set_comment_after (copy, dest, cheops_game_node_get_comment_after (source), NULL);
  for (guint i = 1; i < path->len; i++)
    {
      guint n_nags = 0;
      const guint8 *nags;

      source = g_ptr_array_index (path, i);
      dest = cheops_game_add_move (copy, dest, cheops_game_node_get_move (source), NULL);
      /* The same moves from the same start: always playable. */
      g_assert (dest != NULL);
      if (cheops_game_node_get_comment_after (source) != NULL)
        cheops_game_set_comment_after (copy, dest, cheops_game_node_get_comment_after (source), NULL);
      nags = cheops_game_node_get_nags (source, &n_nags);
      if (n_nags > 0)
        cheops_game_set_nags (copy, dest, nags, n_nags);
      cheops_game_set_annotations (copy, dest, cheops_game_node_get_annotations (source));
    }

  outcome = cheops_game_node_get_outcome (last);
  if (cheops_game_node_is_mainline (last))
    cheops_game_set_tag (copy, "Result", cheops_game_get_result (game), NULL);
  else if (outcome != CHEOPS_OUTCOME_NONE)
    cheops_game_set_tag (copy, "Result", cheops_game_outcome_result (copy, outcome), NULL);

  return cheops_pgn_write_game (copy);
}

/* Whether @text has a FEN tag pair of its own ("[FEN " at the head of a
 * line, after blanks). */
static gboolean
text_has_fen_tag (const char *text)
{
  return g_regex_match_simple ("^[ \\t]*\\[FEN[ \\t]", text, G_REGEX_MULTILINE, 0);
}

/* The first game of @text read as @variant's, or NULL with the first error
 * of that game as "LINE:COLUMN: message", its line less @skip_lines (the
 * lines put before the text). */
static CheopsGame *
read_first_game (const char          *text,
                 const CheopsVariant *variant,
                 guint                skip_lines,
                 GError             **error)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GPtrArray) errors = NULL;

  games = cheops_pgn_read_string_for_variant (text, -1, variant, &errors);
  for (guint i = 0; i < errors->len; i++)
    {
      const CheopsPgnError *e = g_ptr_array_index (errors, i);

      if (e->game_index != 0)
        continue;
      g_set_error (error, CHEOPS_GAME_ERROR, e->code, "%u:%u: %s",
                   e->line > skip_lines ? e->line - skip_lines : 1, e->column, e->message);
      return NULL;
    }
  if (games->len == 0)
    {
      g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX,
                           /* Translators: pasted text in which no game could be read */
                           _("there is no game in the text"));
      return NULL;
    }
  return g_object_ref (g_ptr_array_index (games, 0));
}

static gboolean
same_position (const CheopsPosition *a,
               const CheopsPosition *b)
{
  return a->variant == b->variant && a->key == b->key;
}

/* Copies what @from says of its move to @to, a node just added. */
static void
copy_annotations (CheopsGame     *game,
                  CheopsGameNode *to,
                  CheopsGameNode *from)
{
  guint n_nags = 0;
  const guint8 *nags = cheops_game_node_get_nags (from, &n_nags);

  if (cheops_game_node_get_comment_before (from) != NULL && cheops_game_node_get_index (to) > 0)
    cheops_game_set_comment_before (game, to, cheops_game_node_get_comment_before (from), NULL);
  if (cheops_game_node_get_comment_after (from) != NULL)
    cheops_game_set_comment_after (game, to, cheops_game_node_get_comment_after (from), NULL);
  if (n_nags > 0)
    cheops_game_set_nags (game, to, nags, n_nags);
  cheops_game_set_annotations (game, to, cheops_game_node_get_annotations (from));
}

typedef struct {
  CheopsGameNode *source;
  CheopsGameNode *dest;
} Graft;

/* Adds the tree of @pasted at @at of @game (see
 * studio_game_paste_variation()), each child in order, without recursion;
 * *@end (optional) receives the node of the pasted main line's end.
 * FALSE with @error at the first move @game refuses (what was added
 * stays). */
static gboolean
graft (CheopsGame      *game,
       CheopsGameNode  *at,
       CheopsGame      *pasted,
       CheopsGameNode **end,
       GError         **error)
{
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Graft));
  CheopsGameNode *last = NULL;

  g_array_append_val (stack, ((Graft) { cheops_game_get_root (pasted), at }));
  while (stack->len > 0)
    {
      Graft g = g_array_index (stack, Graft, stack->len - 1);
      guint first = stack->len - 1;

      g_array_set_size (stack, stack->len - 1);
      for (CheopsGameNode *child = cheops_game_node_get_first_child (g.source);
           child != NULL;
           child = cheops_game_node_get_next_sibling (child))
        {
          guint before = cheops_game_node_get_n_children (g.dest);
          CheopsGameNode *added = cheops_game_add_move (game, g.dest, cheops_game_node_get_move (child), error);

          if (added == NULL)
            return FALSE;
          if (cheops_game_node_get_n_children (g.dest) != before)
            copy_annotations (game, added, child);
          /* The main line's end: the first child of the root, then of
           * each node of it (first children are grafted first). */
          if ((g.source == cheops_game_get_root (pasted) || g.dest == last) &&
              child == cheops_game_node_get_first_child (g.source))
            last = added;
          /* Pushed below those before: the first child is grafted first. */
          g_array_insert_val (stack, first, ((Graft) { child, added }));
        }
    }
  if (end != NULL)
    *end = last;
  return TRUE;
}

/**
 * studio_game_paste_variation:
 * @game: the game to paste into
 * @at: the node the pasted moves start from (the current move)
 * @text: game text (cheops-pgn.h): a game whose start is @at's position
 *   ([FEN] of that position, or none when it is the variant's initial
 *   position), or movetext without a [FEN] tag, read from @at's position
 * @end: (out) (optional): the node of the pasted main line's last move
 * @error: a location for a #GError
 *
 * Adds the moves of the first game of @text at @at, as one undo step: its
 * main line becomes a variation there (or the main line when @at has no
 * continuation; moves @at already has are reused, and the rest hangs on
 * them), with the pasted game's variations, comments, NAGs and
 * annotations on the moves it adds (moves already in @game keep theirs).
 * A game without a [Variant] tag is read as @game's variant.
 *
 * Returns: %FALSE with @error set, and @game unchanged, when the text
 *   holds no game, a game with an error ("LINE:COLUMN: message", counting
 *   the lines of @text), a game of another variant, a game from another
 *   position or a game without moves
 */
gboolean
studio_game_paste_variation (CheopsGame      *game,
                             CheopsGameNode  *at,
                             const char      *text,
                             CheopsGameNode **end,
                             GError         **error)
{
  const CheopsVariant *variant;
  const CheopsPosition *here;
  g_autoptr(CheopsGame) pasted = NULL;
  g_autoptr(GError) first_error = NULL;
  CheopsGameNode *last = NULL;

  g_return_val_if_fail (CHEOPS_IS_GAME (game), FALSE);
  g_return_val_if_fail (at != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  variant = cheops_game_get_variant (game);
  here = cheops_game_node_get_position (at);

  /* As it is: a game copied from here (with its [FEN]), or any game of
   * the initial position when the current move is the start. */
  pasted = read_first_game (text, variant, 0, &first_error);
  if (pasted != NULL && cheops_game_get_variant (pasted) != variant)
    {
      g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_VARIANT,
                   /* Translators: pasted as a variation: %s is the pasted game's
                    * game ("Pyramids"), not the one of the window */
                   _("the text is a game of %s"), _(cheops_game_get_variant (pasted)->title));
      return FALSE;
    }
  if (pasted != NULL && !same_position (cheops_game_get_start_position (pasted), here))
    g_clear_object (&pasted);

  /* Moves without a [FEN]: read from the current position. */
  if (pasted == NULL && !text_has_fen_tag (text))
    {
      char fen[CHEOPS_FEN_MAX];
      g_autofree char *escaped = NULL;
      g_autofree char *headed = NULL;
      g_autoptr(GError) local_error = NULL;

      cheops_position_to_fen (here, fen, sizeof fen);
      escaped = g_strescape (fen, NULL);
      headed = g_strdup_printf ("[SetUp \"1\"]\n[FEN \"%s\"]\n%s", escaped, text);
      pasted = read_first_game (headed, variant, 2, &local_error);
      if (pasted == NULL)
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return FALSE;
        }
    }
  if (pasted == NULL)
    {
      if (first_error != NULL)
        g_propagate_error (error, g_steal_pointer (&first_error));
      else
        g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_INVALID,
                             /* Translators: pasted as a variation: a game whose
                              * [FEN] is not the position of the current move */
                             _("the game starts from another position than the current move"));
      return FALSE;
    }
  if (cheops_game_get_variant (pasted) != variant)
    {
      g_set_error (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_VARIANT,
                   _("the text is a game of %s"), _(cheops_game_get_variant (pasted)->title));
      return FALSE;
    }
  if (cheops_game_node_get_first_child (cheops_game_get_root (pasted)) == NULL)
    {
      g_set_error_literal (error, CHEOPS_GAME_ERROR, CHEOPS_GAME_ERROR_SYNTAX,
                           /* Translators: pasted as a variation: a game without moves */
                           _("the game has no moves"));
      return FALSE;
    }

  /* First on a copy of the path down to @at, which has the same history
   * (repetitions): a move the game refuses there (one after the end of
   * the game) fails the paste before the game is touched. */
  {
    g_autoptr(GPtrArray) path = cheops_game_node_get_path (at);
    g_autoptr(CheopsGame) scratch = game_new_at (cheops_game_get_start_position (game));
    CheopsGameNode *node = cheops_game_get_root (scratch);

    for (guint i = 1; i < path->len; i++)
      node = cheops_game_add_move (scratch, node, cheops_game_node_get_move (g_ptr_array_index (path, i)), NULL);
    g_assert (node != NULL);
    if (!graft (scratch, node, pasted, NULL, error))
      return FALSE;
  }

  cheops_game_begin_group (game);
  if (!graft (game, at, pasted, &last, NULL))
    g_critical ("a paste that could be played on the path failed on the game");
  cheops_game_end_group (game);

  if (end != NULL)
    *end = last;
  return TRUE;
}
