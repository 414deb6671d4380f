/* cheops-tool-openings.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops openings`: makes an opening book for `cheops match` (issue 20).
 *
 *   cheops openings [--variant NAME] [--engine CMD] [--count N] [--depth D]
 *                   [--max-cp CP] [--seed N] [--min-plies A] [--max-plies B]
 *                   --out FILE.epd
 *
 * Plays random legal moves (the core's, uniformly drawn by a generator
 * seeded by --seed and the variant's name) from the variant's initial
 * position, A to B plies (default 4 to 8, the number drawn too), and keeps
 * the position reached when the game has not ended there (the variant's
 * outcome table, and at least one legal move), it is new (no kept position
 * has its hash key: the same placement, side, rights and hands, whatever
 * the move counters) and the engine's score of it at depth D (default 6;
 * the last `info ... score cp` before `bestmove`, for the side to move) is
 * within ±CP centipawns (default 60; a mate score never is), until N
 * positions (default 240) are kept.  The engine is the bundled one
 * (cheops_uci_engine_find_bundled()) unless --engine names another; it gets
 * `ucinewgame` before each search, so that with one thread each score, and
 * the book, depend only on the seed, the depth and the engine.  Nothing
 * here knows a game.
 *
 * The file (written whole at the end, atomically) has two comment lines
 * saying how it was made, then one line a position: its FEN, `variant
 * NAME;` for a variant other than Cheops (as cheops-epd.h writes it), `ce
 * CP;` (the score), `acd D;` (the depth) and `id "NAME.K";`.  Exit status
 * 0; 2 for bad usage, an engine that cannot start or dies, a file that
 * cannot be written; 1 when 100 × N tries did not give N positions.
 */
#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

#include "cheops-notation.h"
#include "cheops-position.h"
#include "cheops-tool.h"
#include "cheops-tool-player.h"
#include "cheops-uci-protocol.h"

#define SEARCH_TIMEOUT_S 600

typedef struct {
  gboolean have;   /* a centipawn score was seen */
  int      cp;
} OpeningScore;

static void
note_cp (const char *line, gpointer data)
{
  OpeningScore *score = data;
  CheopsUciMessage m;

  /* The UCI client library's parser: the last scored line counts. */
  if (cheops_uci_parse_line (line, &m) == CHEOPS_UCI_MESSAGE_INFO && m.info.score_kind != CHEOPS_UCI_SCORE_NONE)
    {
      score->have = m.info.score_kind == CHEOPS_UCI_SCORE_CP;
      score->cp = score->have ? m.info.score : 0;
    }
  cheops_uci_message_clear (&m);
}

static int
openings_usage (const char *message)
{
  fprintf (stderr, "cheops openings: %s\n"
           "Usage: cheops openings [--variant NAME] [--engine CMD] [--count N] [--depth D] [--max-cp CP]\n"
           "                       [--seed N] [--min-plies A] [--max-plies B] --out FILE.epd\n", message);
  return 2;
}

int
cheops_tool_openings (int argc, char **argv)
{
  const CheopsVariant *variant = &cheops_variant_cheops;
  g_autofree char *engine_path = NULL;
  const char *out_path = NULL;
  long count = 240, depth = 6, max_cp = 60, seed = 20, min_plies = 4, max_plies = 8;
  CheopsToolPlayer engine = { 0 };
  g_autoptr (GHashTable) seen = NULL;
  g_autoptr (GString) text = NULL;
  g_autoptr (GError) error = NULL;
  GRand *rng;
  long kept = 0, tries = 0;
  int status = 0;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
      long *number = NULL;

      if (v == NULL)
        return openings_usage ("an option needs a value");
      if (strcmp (a, "--variant") == 0)
        {
          if ((variant = cheops_variant_find (v)) == NULL)
            return openings_usage ("unknown --variant");
        }
      else if (strcmp (a, "--engine") == 0)
        {
          g_free (engine_path);
          engine_path = g_strdup (v);
        }
      else if (strcmp (a, "--out") == 0)
        out_path = v;
      else if (strcmp (a, "--count") == 0)
        number = &count;
      else if (strcmp (a, "--depth") == 0)
        number = &depth;
      else if (strcmp (a, "--max-cp") == 0)
        number = &max_cp;
      else if (strcmp (a, "--seed") == 0)
        number = &seed;
      else if (strcmp (a, "--min-plies") == 0)
        number = &min_plies;
      else if (strcmp (a, "--max-plies") == 0)
        number = &max_plies;
      else
        return openings_usage ("unknown option");
      if (number != NULL)
        {
          char *end;
          *number = strtol (v, &end, 10);
          if (end == v || *end != '\0' || *number < 0 || *number > 1000000)
            return openings_usage ("a number from 0 to 1000000 is needed");
        }
      i++;
    }
  if (out_path == NULL)
    return openings_usage ("--out FILE is needed");
  if (count < 1 || depth < 1 || min_plies > max_plies)
    return openings_usage ("--count and --depth must be at least 1, --min-plies at most --max-plies");
  if (engine_path == NULL)
    engine_path = cheops_uci_engine_find_bundled ();
  engine.command = engine_path;
  if (!cheops_tool_player_start (&engine, variant, &error))
    {
      fprintf (stderr, "cheops openings: cannot start '%s': %s\n", engine_path, error->message);
      g_free (engine.name);
      return 2;
    }

  {
    guint32 seeds[2] = { (guint32) seed, g_str_hash (variant->name) };
    rng = g_rand_new_with_seed_array (seeds, 2);
  }
  seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  text = g_string_new ("");
  g_string_append_printf (text, "# %ld balanced openings of %s: %ld-%ld random plies from the initial position, the\n"
                          "# engine's score within +-%ld cp at depth %ld (ce, side to move). Made by: cheops openings"
                          " --variant %s --count %ld --depth %ld --max-cp %ld --seed %ld\n",
                          count, variant->title, min_plies, max_plies, max_cp, depth, variant->name, count, depth,
                          max_cp, seed);
  while (kept < count)
    {
      CheopsPosition pos;
      GString *moves = g_string_new ("");
      int plies = g_rand_int_range (rng, (gint32) min_plies, (gint32) max_plies + 1);
      gboolean ended = FALSE;
      OpeningScore score = { FALSE, 0 };
      char *line;
      gint64 key;

      if (++tries > 100 * count)
        {
          fprintf (stderr, "cheops openings: only %ld positions after %ld tries\n", kept, tries - 1);
          g_string_free (moves, TRUE);
          status = 1;
          break;
        }
      cheops_position_init_start (&pos, variant);
      for (int p = 0; p < plies && !ended; p++)
        {
          CheopsMove list[CHEOPS_MAX_MOVES];
          int n = (int) (cheops_generate_moves (&pos, list) - list);
          CheopsMove m;
          CheopsUndo undo;
          char move_text[CHEOPS_MOVE_TEXT_MAX];

          if (n == 0 || cheops_position_outcome (&pos) != CHEOPS_OUTCOME_NONE)
            {
              ended = TRUE;
              break;
            }
          m = list[g_rand_int_range (rng, 0, n)];
          cheops_move_to_text (variant, m, move_text);
          g_string_append_printf (moves, " %s", move_text);
          cheops_position_do_move (&pos, m, &undo);
        }
      {
        CheopsMove list[CHEOPS_MAX_MOVES];
        if (ended || cheops_position_outcome (&pos) != CHEOPS_OUTCOME_NONE || cheops_generate_moves (&pos, list) == list)
          {
            g_string_free (moves, TRUE);
            continue;
          }
      }
      key = (gint64) pos.key;
      if (g_hash_table_contains (seen, &key))
        {
          g_string_free (moves, TRUE);
          continue;
        }
      cheops_uci_engine_send (engine.uci, "ucinewgame");
      cheops_uci_engine_send (engine.uci, "position startpos moves%s", moves->str);
      cheops_uci_engine_send (engine.uci, "go depth %ld", depth);
      g_string_free (moves, TRUE);
      line = cheops_uci_engine_wait_for_full (engine.uci, "bestmove", g_get_monotonic_time () + SEARCH_TIMEOUT_S * G_USEC_PER_SEC, NULL,
                                          note_cp, &score);
      if (line == NULL)
        {
          fprintf (stderr, "cheops openings: '%s' gave no bestmove\n", engine_path);
          status = 2;
          break;
        }
      g_free (line);
      if (!score.have || ABS (score.cp) > max_cp)
        continue;
      {
        char fen[CHEOPS_FEN_MAX];
        gint64 *k = g_new (gint64, 1);

        *k = key;
        g_hash_table_add (seen, k);
        kept++;
        cheops_position_to_fen (&pos, fen, sizeof fen);
        g_string_append (text, fen);
        if (variant != &cheops_variant_cheops)
          g_string_append_printf (text, " variant %s;", variant->name);
        g_string_append_printf (text, " ce %d; acd %ld; id \"%s.%ld\";\n", score.cp, depth, variant->name, kept);
      }
    }
  cheops_tool_player_stop (&engine);
  g_free (engine.name);
  g_rand_free (rng);
  if (status != 0)
    return status;
  if (!g_file_set_contents (out_path, text->str, (gssize) text->len, &error))
    {
      fprintf (stderr, "cheops openings: %s\n", error->message);
      return 2;
    }
  fprintf (stderr, "cheops openings: %s: %ld positions of %s from %ld tries\n", out_path, kept, variant->title, tries);
  return 0;
}
