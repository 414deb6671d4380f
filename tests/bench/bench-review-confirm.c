/* bench-review-confirm.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The measure of issue 24 ("Done when"): how many of the moves a review
 * marked `?` or `??` a ten-times longer search confirms.  As a benchmark
 * (tests/bench/bench-review-confirm.sh runs the review and this) it
 * prints figures; with --require it is also the test
 * tests/tools/test-review-confirm.sh.
 *
 *   bench-review-confirm ENGINE INPUT.pgn REVIEWED.pgn LIMIT [--require PERCENT MARKS]
 *
 * REVIEWED.pgn is INPUT.pgn as `cheops analyse --movetime MS` (LIMIT
 * "MS") or `cheops analyse --nodes N` (LIMIT "nodes=N") wrote it.  For
 * each mainline move that has `?` or `??` in REVIEWED and had no such
 * glyph in INPUT, the position before it is searched by ENGINE (MultiPV
 * 1, `ucinewgame` before each game) ten times longer (`go movetime MS x 10` or `go nodes N x
 * 10`): its best score and depth D; then the move played alone (`go depth
 * D searchmoves MOVE`).  The move is confirmed when the played move's
 * score is at least 100 centipawns below the best's, the engine's scores
 * as they are (no clamp: a centipawn of the game's own); an Ascension
 * (mate) is beyond every centipawn score, a nearer one bigger (so a move
 * that turns a won or level game into a lost one is confirmed, and one
 * lost line against another is not).  Each move marked `?!`, `?` or `??`
 * must also have beside it the engine's better line starting with another
 * move (the engine's first choice at the review's depth is never marked).
 * Prints one line per move and, per variant, "confirmed C of N".  With
 * --require, exits 1 unless each variant has at least MARKS such moves
 * and at least PERCENT % of them confirmed, and every marked move has
 * its better line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cheops-game-model.h"
#include "cheops-notation.h"
#include "cheops-pgn.h"
#include "cheops-uci-engine.h"

/* An Ascension in N moves: beyond every centipawn score. */
#define ASCENSION 1000000

/* The last score of multipv 1 before bestmove: centipawns for the side to
 * move (an Ascension as +-(ASCENSION - N)), and the depth. */
static gboolean
search (CheopsUciEngine *engine,
        const char      *position,
        const char      *go,
        int             *score,
        int             *depth)
{
  gint64 deadline = g_get_monotonic_time () + 600 * G_USEC_PER_SEC;
  gboolean scored = FALSE;

  cheops_uci_engine_send (engine, "%s", position);
  cheops_uci_engine_send (engine, "%s", go);
  for (;;)
    {
      g_autofree char *line = cheops_uci_engine_wait_for (engine, "", deadline, NULL);
      g_auto (GStrv) tok = NULL;
      int d = -1;

      if (line == NULL)
        return FALSE;
      if (g_str_has_prefix (line, "bestmove"))
        return scored;
      if (!g_str_has_prefix (line, "info ") || strstr (line, " score ") == NULL
          || strstr (line, "lowerbound") != NULL || strstr (line, "upperbound") != NULL
          || (strstr (line, " multipv ") != NULL && strstr (line, " multipv 1 ") == NULL))
        continue;
      tok = g_strsplit (line, " ", -1);
      for (guint i = 0; tok[i] != NULL; i++)
        {
          if (strcmp (tok[i], "depth") == 0 && tok[i + 1] != NULL)
            d = atoi (tok[i + 1]);
          else if (strcmp (tok[i], "score") == 0 && tok[i + 1] != NULL && tok[i + 2] != NULL)
            {
              int v = atoi (tok[i + 2]);

              if (strcmp (tok[i + 1], "mate") == 0)
                v = v > 0 ? ASCENSION - v : -ASCENSION - v;
              *score = v;
              scored = TRUE;
            }
        }
      if (d >= 0)
        *depth = d;
    }
}

/* Whether @node (a move marked ?!, ? or ??) has beside it a variation
 * whose first move is another move with an [%eval] (the better line the
 * review gives). */
static gboolean
has_better_line (CheopsGameNode *node)
{
  CheopsGameNode *parent = cheops_game_node_get_parent (node);

  for (guint i = 0; i < cheops_game_node_get_n_children (parent); i++)
    {
      CheopsGameNode *child = cheops_game_node_get_child (parent, i);

      if (cheops_game_node_get_move (child) != cheops_game_node_get_move (node)
          && cheops_game_node_get_annotations (child)->eval.kind != CHEOPS_EVAL_NONE)
        return TRUE;
    }
  return FALSE;
}

static void
count (GHashTable *table,
       const char *key)
{
  g_hash_table_insert (table, (gpointer) key, GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (table, key)) + 1));
}

int
main (int argc, char **argv)
{
  g_autoptr (GPtrArray) in = NULL, out = NULL;
  g_autoptr (CheopsUciEngine) engine = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) confirmed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) marked = g_hash_table_new (g_str_hash, g_str_equal);
  gint64 movetime = 0, nodes = 0;
  const CheopsVariant *sent = NULL;
  double require_percent = -1;
  guint require_marks = 0, unmarked_lines = 0;
  int status = 0;

  if (argc == 8 && strcmp (argv[5], "--require") == 0)
    {
      require_percent = g_ascii_strtod (argv[6], NULL);
      require_marks = (guint) g_ascii_strtoull (argv[7], NULL, 10);
    }
  else if (argc != 5)
    {
      fprintf (stderr, "Usage: bench-review-confirm ENGINE INPUT.pgn REVIEWED.pgn MOVETIME_MS|nodes=N"
               " [--require PERCENT MARKS]\n");
      return 2;
    }
  if (g_str_has_prefix (argv[4], "nodes="))
    nodes = g_ascii_strtoll (argv[4] + 6, NULL, 10);
  else
    movetime = g_ascii_strtoll (argv[4], NULL, 10);
  in = cheops_pgn_read_file (argv[2], NULL, &error);
  if (in != NULL)
    out = cheops_pgn_read_file (argv[3], NULL, &error);
  if (in == NULL || out == NULL || in->len != out->len || (movetime <= 0 && nodes <= 0))
    {
      fprintf (stderr, "bench-review-confirm: %s\n", error != NULL ? error->message : "the files differ");
      return 2;
    }
  engine = cheops_uci_engine_new (argv[1], &error);
  if (engine == NULL)
    {
      fprintf (stderr, "bench-review-confirm: %s\n", error->message);
      return 2;
    }
  for (guint g = 0; g < out->len; g++)
    {
      CheopsGame *game = g_ptr_array_index (out, g);
      const CheopsVariant *variant = cheops_game_get_variant (game);
      CheopsGameNode *a = cheops_game_get_root (g_ptr_array_index (in, g));
      CheopsGameNode *b = cheops_game_get_root (game);

      if (require_marks > 0 && g_hash_table_lookup (marked, variant->name) == NULL)
        g_hash_table_insert (marked, (gpointer) variant->name, GUINT_TO_POINTER (0));
      if (variant != sent)
        {
          cheops_uci_engine_send (engine, "setoption name UCI_Variant value %s", variant->name);
          sent = variant;
        }
      cheops_uci_engine_send (engine, "ucinewgame");
      cheops_uci_engine_sync (engine, 10000);
      for (; a != NULL && b != NULL; a = cheops_game_node_get_next (a), b = cheops_game_node_get_next (b))
        {
          guint8 glyph = cheops_game_node_get_move_glyph (b), had = cheops_game_node_get_move_glyph (a);
          CheopsGameNode *before = cheops_game_node_get_parent (b);
          char move[CHEOPS_MOVE_TEXT_MAX];
          g_autofree char *go_best = NULL, *go_played = NULL, *san = NULL;
          int best = 0, played = 0, depth = 0, played_depth = 0;
          gboolean ok;

          if (glyph == had)
            continue;
          san = cheops_game_node_format_move (b, TRUE);
          if ((glyph == CHEOPS_NAG_DUBIOUS || glyph == CHEOPS_NAG_MISTAKE || glyph == CHEOPS_NAG_BLUNDER)
              && !has_better_line (b))
            {
              printf ("%s game %u %s: marked without a better line\n", variant->name, g + 1, san);
              unmarked_lines++;
            }
          if (glyph != CHEOPS_NAG_MISTAKE && glyph != CHEOPS_NAG_BLUNDER)
            continue;
          cheops_move_to_text (variant, cheops_game_node_get_move (b), move);
          if (nodes > 0)
            go_best = g_strdup_printf ("go nodes %" G_GINT64_FORMAT, nodes * 10);
          else
            go_best = g_strdup_printf ("go movetime %" G_GINT64_FORMAT, movetime * 10);
          if (!search (engine, cheops_game_node_get_uci_position (before), go_best, &best, &depth))
            continue;
          go_played = g_strdup_printf ("go depth %d searchmoves %s", MAX (depth, 1), move);
          if (!search (engine, cheops_game_node_get_uci_position (before), go_played, &played, &played_depth))
            continue;
          ok = (gint64) best - played >= 100;
          printf ("%s game %u %s%s: best %d, played %d (depth %d): %s\n", variant->name, g + 1, san,
                  glyph == CHEOPS_NAG_BLUNDER ? "??" : "?", best, played, depth,
                  ok ? "confirmed" : "NOT confirmed");
          count (marked, variant->name);
          if (ok)
            count (confirmed, variant->name);
        }
    }
  {
    GHashTableIter it;
    gpointer key, value;

    g_hash_table_iter_init (&it, marked);
    while (g_hash_table_iter_next (&it, &key, &value))
      {
        guint n = GPOINTER_TO_UINT (value), c = GPOINTER_TO_UINT (g_hash_table_lookup (confirmed, key));

        printf ("%s: confirmed %u of %u\n", (const char *) key, c, n);
        if (require_percent >= 0 && (n < require_marks || 100.0 * c < require_percent * n))
          {
            printf ("%s: fewer than %u marked or under %.0f %% confirmed\n", (const char *) key, require_marks,
                    require_percent);
            status = 1;
          }
      }
  }
  if (require_percent >= 0 && unmarked_lines > 0)
    status = 1;
  return status;
}
