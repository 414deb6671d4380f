/* studio-game-distinction.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What tells the games of one file apart in the game lists (the Game
 * button's popover, studio-games-button.c, and the game table,
 * studio-game-table.c), when the tags a row shows (Event, Date, the
 * players) say nothing: the games of a problems file all carry the same
 * Event and no players.  A problem (a game with a Stipulation tag) is
 * told by its stipulation, author and source; any other game, in a file
 * whose usual tags are all equal, by the first of its other tags whose
 * value is not the same in every game.  Every text comes from the file.
 */
#define G_LOG_DOMAIN "studio-game-distinction"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cheops-problem.h"
#include "studio-game-distinction.h"

static const char *
known_tag (CheopsGame *game,
           const char *name)
{
  const char *value = cheops_game_get_tag (game, name);

  /* "?" and "????.??.??" are the game-file format's unknown values. */
  if (value == NULL || value[0] == '\0' || g_str_equal (value, "?") || g_str_equal (value, "????.??.??"))
    return NULL;
  return value;
}

/* The tags a row of the lists shows anyway, or that tell nothing to a
 * reader (the position, the result shown beside). */
static gboolean
is_usual (const CheopsVariant *variant,
          const char          *name)
{
  const char *const usual[] = { "Event", "Date", "Variant", variant->sides[0].tag, variant->sides[1].tag };

  for (guint i = 0; i < G_N_ELEMENTS (usual); i++)
    if (g_strcmp0 (name, usual[i]) == 0)
      return TRUE;
  return FALSE;
}

/**
 * studio_games_find_distinguishing_tag:
 * @games: a #GListModel of #CheopsGame (a document: the games of a file)
 *
 * When the tags the game lists show of a game — Event, Date, Variant and
 * the two players (the tags the variant names, `sides[].tag`) — are the
 * same in every game of @games, finds the tag that tells the games apart:
 * the first tag of the first game, other than those, FEN, SetUp and
 * Result, whose value (a missing or unknown value counting as one) is not
 * the same in every game.  It reads every game once, and stops at the
 * first game whose usual tags differ from the first's: cheap for a file
 * of games between players, linear for a file of problems.  Call it
 * again when the games change.
 *
 * Returns: (nullable) (transfer none): the tag's name (an interned
 *   string), or %NULL: fewer than two games, the usual tags already tell
 *   the games apart, or no tag does
 */
const char *
studio_games_find_distinguishing_tag (GListModel *games)
{
  guint n = g_list_model_get_n_items (games);
  g_autoptr(CheopsGame) first = NULL;
  const CheopsVariant *variant;
  const char *const position_tags[] = { "FEN", "SetUp", "Result" };
  g_autoptr(GPtrArray) candidates = g_ptr_array_new ();  /* tag names of @first, not usual */
  g_autoptr(GArray) differs = g_array_new (FALSE, TRUE, sizeof (gboolean));
  const char *usual[5];

  g_return_val_if_fail (G_IS_LIST_MODEL (games), NULL);

  if (n < 2)
    return NULL;

  first = g_list_model_get_item (games, 0);
  variant = cheops_game_get_variant (first);
  usual[0] = "Event";
  usual[1] = "Date";
  usual[2] = "Variant";
  usual[3] = variant->sides[0].tag;
  usual[4] = variant->sides[1].tag;

  for (guint i = 0; i < cheops_game_get_n_tags (first); i++)
    {
      const char *name;
      const char *value;
      gboolean skip;

      cheops_game_get_nth_tag (first, i, &name, &value);
      skip = is_usual (variant, name);
      for (guint j = 0; j < G_N_ELEMENTS (position_tags); j++)
        skip = skip || g_str_equal (name, position_tags[j]);
      if (!skip)
        g_ptr_array_add (candidates, (gpointer) name);
    }
  g_array_set_size (differs, candidates->len);

  for (guint k = 1; k < n; k++)
    {
      g_autoptr(CheopsGame) game = g_list_model_get_item (games, k);

      for (guint i = 0; i < G_N_ELEMENTS (usual); i++)
        if (g_strcmp0 (known_tag (first, usual[i]), known_tag (game, usual[i])) != 0)
          return NULL;
      for (guint i = 0; i < candidates->len; i++)
        if (!g_array_index (differs, gboolean, i))
          {
            const char *name = g_ptr_array_index (candidates, i);

            g_array_index (differs, gboolean, i) = g_strcmp0 (known_tag (first, name), known_tag (game, name)) != 0;
          }
    }

  for (guint i = 0; i < candidates->len; i++)
    if (g_array_index (differs, gboolean, i))
      return g_intern_string (g_ptr_array_index (candidates, i));
  return NULL;
}

/**
 * studio_game_dup_verdict:
 * @game: a game
 *
 * The verdict on @game as a problem, for the game lists: "undecided" when
 * the last verification of the problems (Verify All) stopped undecided
 * on it (STUDIO_GAME_UNDECIDED_KEY set on @game), else the first word of
 * its Verified tag ("sound", "cooked", "no-solution", "wrong-solution",
 * the words of `cheops problem verify`) translated, or that word as it
 * stands when it is none of them (a tag written by another tool).
 *
 * Returns: (nullable) (transfer full): the text, or %NULL when @game has
 *   no verdict
 */
char *
studio_game_dup_verdict (CheopsGame *game)
{
  const char *verified;
  g_autofree char *word = NULL;
  const char *space;

  g_return_val_if_fail (CHEOPS_IS_GAME (game), NULL);

  if (g_object_get_data (G_OBJECT (game), STUDIO_GAME_UNDECIDED_KEY) != NULL)
    /* Translators: a problem's verdict, beside it in the game lists */
    return g_strdup (C_("verdict", "undecided"));
  verified = known_tag (game, CHEOPS_PROBLEM_TAG_VERIFIED);
  if (verified == NULL)
    return NULL;
  space = strchr (verified, ' ');
  word = space != NULL ? g_strndup (verified, (gsize) (space - verified)) : g_strdup (verified);
  if (g_str_equal (word, "sound"))
    /* Translators: a problem's verdict, beside it in the game lists */
    return g_strdup (C_("verdict", "sound"));
  if (g_str_equal (word, "cooked"))
    /* Translators: a problem's verdict (more than one key), beside it in the game lists */
    return g_strdup (C_("verdict", "cooked"));
  if (g_str_equal (word, "no-solution"))
    /* Translators: a problem's verdict, beside it in the game lists */
    return g_strdup (C_("verdict", "no solution"));
  if (g_str_equal (word, "wrong-solution"))
    /* Translators: a problem's verdict (the file's solution is wrong), beside it in the game lists */
    return g_strdup (C_("verdict", "wrong solution"));
  if (g_str_equal (word, "undecided"))
    return g_strdup (C_("verdict", "undecided"));
  return g_steal_pointer (&word);
}

/**
 * studio_game_dup_distinction:
 * @game: a game
 * @tag: (nullable): the tag that tells the games of its file apart, from
 *   studio_games_find_distinguishing_tag()
 *
 * The text that tells @game apart from the other games of its file, for
 * a row of the game lists.  A problem (a game with a Stipulation tag) is
 * told by its stipulation, its verdict when it has one
 * (studio_game_dup_verdict()), then its Author and Source tags when it
 * has them ("#2 · sound · A. Composer · Source"), the texts of the file; another
 * game by "@tag: value" when @tag is given.
 *
 * Returns: (nullable) (transfer full): the text, or %NULL when there is
 *   nothing more to show than the row's usual text
 */
char *
studio_game_dup_distinction (CheopsGame *game,
                             const char *tag)
{
  const char *stipulation;

  g_return_val_if_fail (CHEOPS_IS_GAME (game), NULL);

  stipulation = known_tag (game, CHEOPS_PROBLEM_TAG_STIPULATION);
  if (stipulation != NULL)
    {
      const char *const more[] = { "Author", "Source" };
      GString *text = g_string_new (stipulation);
      g_autofree char *verdict = studio_game_dup_verdict (game);

      if (verdict != NULL)
        g_string_append_printf (text, " · %s", verdict);

      for (guint i = 0; i < G_N_ELEMENTS (more); i++)
        {
          const char *value = known_tag (game, more[i]);

          if (value != NULL)
            g_string_append_printf (text, " · %s", value);
        }
      return g_string_free (text, FALSE);
    }

  if (tag != NULL)
    /* Translators: a tag of a game, its name (as in the file: "Round",
     * "Annotator") and its value */
    return g_strdup_printf (_("%s: %s"), tag, known_tag (game, tag) ?: "?");
  return NULL;
}
