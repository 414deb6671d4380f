/* test-uci-linear.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Issue 25: cheops-engine reads a UCI command in time linear in its
 * length (tests/linear-time.h): `position ... moves` with a long game,
 * `setoption name` with a huge name and value, `go searchmoves` with many
 * moves, long tokens, many tokens.  The engine's sources but main.c are
 * linked in (as the fuzz-uci harness does), so that the processor time of
 * the thread reading the command is what is measured; the searches are
 * capped at depth 1 and waited for outside the measure, and the engine's
 * output goes to /dev/null.
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cheops-core.h"
#include "engine-variant.h"
#include "search.h"
#include "uci.h"
#include "../linear-time.h"
#include "../long-game.h"


/* Runs @line with the engine's output to /dev/null, and waits for the
 * search it starts (in its own thread, not measured). */
static void
quiet_line (const char *line)
{
  int devnull = open ("/dev/null", O_WRONLY);
  int saved;

  g_assert_cmpint (devnull, >=, 0);
  fflush (stdout);
  saved = dup (STDOUT_FILENO);
  dup2 (devnull, STDOUT_FILENO);
  close (devnull);
  g_assert_true (uci_handle_line (line));
  search_wait ();
  fflush (stdout);
  dup2 (saved, STDOUT_FILENO);
  close (saved);
}

typedef struct {
  const char *name;
  const char *variant;    /* UCI_Variant, NULL for Cheops */
  const char *head;
  const char *unit;       /* "%m": a move of the game, in turn */
  const char *tail;
  guint       n0;
  char      **game;       /* its moves, NULL-terminated */
  guint       game_len;
} UciAdversary;

static char *
uci_adversary_text (guint    n,
                    gpointer data)
{
  const UciAdversary *a = data;
  GString *s = g_string_new (a->head);

  for (guint i = 0; i < n; i++)
    {
      const char *move = strstr (a->unit, "%m");

      if (move != NULL)
        {
          g_assert_cmpuint (i, <, a->game_len);
          g_string_append_len (s, a->unit, move - a->unit);
          g_string_append (s, a->game[i]);
          g_string_append (s, move + 2);
        }
      else
        g_string_append (s, a->unit);
    }
  g_string_append (s, a->tail);
  return g_string_free (s, FALSE);
}

static void
uci_adversary_read (const char *text,
                    gpointer    data)
{
  (void) data;
  quiet_line (text);
}

static void
test_linear_time (void)
{
  UciAdversary adversaries[] = {
    { "position-moves-cypher", "cypher", "position startpos moves", " %m", "", 32000, NULL },
    { "position-moves-illegal", NULL, "position startpos moves fg3 ", "x", "", 100000, NULL },
    { "position-fen-fields", NULL, "position fen", " 1", " moves", 100000, NULL },
    { "setoption-name", NULL, "setoption name", " x", " value y", 100000, NULL },
    { "setoption-value", NULL, "setoption name MultiPV value", " 1", "", 100000, NULL },
    { "setoption-long-name", NULL, "setoption name ", "x", " value y", 100000, NULL },
    { "go-searchmoves", NULL, "go depth 1 searchmoves", NULL, "", 1000, NULL },
    { "go-searchmoves-illegal", NULL, "go depth 1 searchmoves", " zz9", "", 100000, NULL },
    { "go-depths", NULL, "go", " depth 1", "", 100000, NULL },
    { "unknown-command", NULL, "frobnicate", " x", "", 100000, NULL },
  };
  const UciCaps caps = { .max_depth = 1, .max_nodes = 1000, .max_perft = 1,
                         .max_bench_depth = 1, .max_hash_mb = 1, .max_threads = 1 };
  g_auto(GStrv) cypher_game = NULL;
  guint cypher_plies;
  const CheopsVariant *cypher = cheops_variant_find ("cypher");

  g_autoptr(GString) start_moves = g_string_new (NULL);
  CheopsPosition start;
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end;

  /* searchmoves: all of the start's moves, again and again. */
  cheops_position_init_start (&start, &cheops_variant_cheops);
  end = cheops_generate_moves (&start, list);
  for (CheopsMove *m = list; m < end; m++)
    {
      char text[CHEOPS_MOVE_TEXT_MAX];

      cheops_move_to_text (&cheops_variant_cheops, *m, text);
      g_string_append_printf (start_moves, " %s", text);
    }
  for (guint i = 0; i < G_N_ELEMENTS (adversaries); i++)
    if (adversaries[i].unit == NULL)
      adversaries[i].unit = start_moves->str;
  g_assert_nonnull (cypher);
  cypher_game = long_game_moves (cypher, 200000);
  cypher_plies = g_strv_length (cypher_game);
  g_test_message ("a game of %u plies", cypher_plies);
  uci_set_caps (&caps);
  for (guint i = 0; i < G_N_ELEMENTS (adversaries); i++)
    {
      UciAdversary *a = &adversaries[i];
      g_autofree char *set_variant = g_strdup_printf ("setoption name UCI_Variant value %s",
                                                      a->variant != NULL ? a->variant : "cheops");

      uci_reset ();
      quiet_line (set_variant);
      a->game = cypher_game;
      a->game_len = cypher_plies;
      linear_time_assert (a->name, uci_adversary_text, uci_adversary_read, a, a->n0,
                          strstr (a->unit, "%m") != NULL ? a->game_len : 0);
    }
  uci_reset ();
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  engine_variants_init ();
  search_init ();
  uci_init ();

  g_test_add_func ("/engine/uci/linear-time", test_linear_time);

  return g_test_run ();
}
