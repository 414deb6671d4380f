/* test-play-logic.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game against the engine without a display (studio-play.h, issue 22):
 * each level's UCI limits and name, the clock's charges, increments and
 * flag, its text, and the `go` of the engine's move, with exact values.
 */
#include <glib.h>
#include <string.h>
#include <locale.h>

#include "cheops-core.h"
#include "studio-play.h"

/* Levels 1..8 spread Skill Level 0..20 evenly; without the option, nodes. */
static void
test_level_limits (void)
{
  static const int skills[STUDIO_PLAY_N_LEVELS] = { 0, 3, 6, 9, 11, 14, 17, 20 };
  static const gint64 times[STUDIO_PLAY_N_LEVELS] = { 200, 200, 500, 1000, 1000, 2000, 3000, 5000 };
  static const gint64 nodes[STUDIO_PLAY_N_LEVELS] = { 50, 200, 800, 3200, 12800, 51200, 204800, 0 };
  StudioPlayLimits limits;

  for (guint level = 1; level <= STUDIO_PLAY_N_LEVELS; level++)
    {
      studio_play_level_limits (level, 20, &limits);
      g_assert_cmpint (limits.skill, ==, skills[level - 1]);
      g_assert_cmpint (limits.nodes, ==, 0);
      g_assert_cmpint (limits.movetime_ms, ==, times[level - 1]);

      studio_play_level_limits (level, 0, &limits);
      g_assert_cmpint (limits.skill, ==, -1);
      g_assert_cmpint (limits.nodes, ==, nodes[level - 1]);
      g_assert_cmpint (limits.movetime_ms, ==, times[level - 1]);
    }
  /* Out of range: clamped. */
  studio_play_level_limits (0, 20, &limits);
  g_assert_cmpint (limits.skill, ==, 0);
  studio_play_level_limits (99, 20, &limits);
  g_assert_cmpint (limits.skill, ==, 20);
  /* Another engine's range: its maximum at the last level. */
  studio_play_level_limits (8, 10, &limits);
  g_assert_cmpint (limits.skill, ==, 10);
  studio_play_level_limits (1, 10, &limits);
  g_assert_cmpint (limits.skill, ==, 0);
}

static void
test_level_names (void)
{
  g_autofree char *one = studio_play_level_name (1, 20);
  g_autofree char *three = studio_play_level_name (3, 20);
  g_autofree char *four = studio_play_level_name (4, 20);
  g_autofree char *eight = studio_play_level_name (8, 20);
  g_autofree char *nodes = studio_play_level_name (2, 0);

  g_assert_cmpstr (one, ==, "Level 1 · looks 1 ply ahead, 0.2 s a move");
  g_assert_cmpstr (three, ==, "Level 3 · looks 7 plies ahead, 0.5 s a move");
  g_assert_cmpstr (four, ==, "Level 4 · looks 10 plies ahead, 1 s a move");
  g_assert_cmpstr (eight, ==, "Level 8 · full strength, 5 s a move");
  g_assert_cmpstr (nodes, ==, "Level 2 · 200 positions a move, 0.2 s at most");
}

/* 1 min + 2 s: a move charges its time and adds the increment; the other
 * side's clock runs; a flag falls at 0 and the side keeps no increment. */
static void
test_clock (void)
{
  StudioPlayClock clock;
  const gint64 s = G_USEC_PER_SEC;

  studio_play_clock_init (&clock, 60000, 2000);
  g_assert_cmpint (clock.running, ==, -1);
  g_assert_cmpint (studio_play_clock_remaining (&clock, CHEOPS_SIDE_A, 0), ==, 60000);
  studio_play_clock_start (&clock, CHEOPS_SIDE_A, 100 * s);
  g_assert_cmpint (studio_play_clock_remaining (&clock, CHEOPS_SIDE_A, 103 * s), ==, 57000);
  g_assert_cmpint (studio_play_clock_remaining (&clock, CHEOPS_SIDE_B, 103 * s), ==, 60000);
  g_assert_cmpint (studio_play_clock_flagged (&clock, 103 * s), ==, -1);

  /* A moves after 5 s: 55 s + 2 s; B's clock runs. */
  g_assert_true (studio_play_clock_press (&clock, 105 * s));
  g_assert_cmpint (clock.running, ==, CHEOPS_SIDE_B);
  g_assert_cmpint (studio_play_clock_remaining (&clock, CHEOPS_SIDE_A, 110 * s), ==, 57000);
  g_assert_cmpint (studio_play_clock_remaining (&clock, CHEOPS_SIDE_B, 110 * s), ==, 55000);

  /* B thinks 59.5 s: 0.5 s left, then 2.5 s after the increment. */
  g_assert_true (studio_play_clock_press (&clock, 105 * s + 59500000));
  g_assert_cmpint (clock.remaining_ms[CHEOPS_SIDE_B], ==, 2500);

  /* A lets its 57 s run out: flagged at 57 s, not before. */
  g_assert_cmpint (studio_play_clock_flagged (&clock, 105 * s + 59500000 + 56999000), ==, -1);
  g_assert_cmpint (studio_play_clock_flagged (&clock, 105 * s + 59500000 + 57000000), ==, CHEOPS_SIDE_A);
  g_assert_false (studio_play_clock_press (&clock, 105 * s + 59500000 + 58000000));
  g_assert_cmpint (clock.running, ==, -1);
  g_assert_cmpint (clock.remaining_ms[CHEOPS_SIDE_A], ==, -1000);

  /* Stop charges without an increment. */
  studio_play_clock_init (&clock, 10000, 5000);
  studio_play_clock_start (&clock, CHEOPS_SIDE_B, 0);
  studio_play_clock_stop (&clock, 3 * s);
  g_assert_cmpint (clock.remaining_ms[CHEOPS_SIDE_B], ==, 7000);
  g_assert_cmpint (clock.running, ==, -1);
  /* Pressing a stopped clock does nothing. */
  g_assert_true (studio_play_clock_press (&clock, 4 * s));
  g_assert_cmpint (clock.remaining_ms[CHEOPS_SIDE_B], ==, 7000);
}

static void
test_clock_format (void)
{
  static const struct { gint64 ms; const char *text; } cases[] = {
    { 300000, "5:00" }, { 299001, "5:00" }, { 299000, "4:59" }, { 60000, "1:00" },
    { 10000, "0:10" }, { 9999, "0:10" }, { 9941, "0:10" }, { 9900, "0:09.9" }, { 9401, "0:09.5" },
    { 100, "0:00.1" }, { 1, "0:00.1" }, { 0, "0:00" }, { -500, "0:00" },
    { 3600000, "1:00:00" }, { 3725000, "1:02:05" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = studio_play_clock_format (cases[i].ms);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* A clock that stands shows the time charged, rounded down as [%clk]. */
static void
test_clock_format_stopped (void)
{
  static const struct { gint64 ms; const char *text; } cases[] = {
    { 300000, "5:00" }, { 299999, "4:59" }, { 60000, "1:00" }, { 59700, "0:59" },
    { 10000, "0:10" }, { 9999, "0:09.9" }, { 9401, "0:09.4" }, { 100, "0:00.1" }, { 50, "0:00.0" },
    { 0, "0:00" }, { -500, "0:00" }, { 3600000, "1:00:00" }, { 3725999, "1:02:05" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = studio_play_clock_format_stopped (cases[i].ms);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_go (void)
{
  StudioPlayLimits limits;
  StudioPlayClock clock;
  g_autofree char *untimed = NULL;
  g_autofree char *nodes = NULL;
  g_autofree char *timed = NULL;

  studio_play_level_limits (3, 20, &limits);
  untimed = studio_play_format_go (&limits, NULL, 0);
  g_assert_cmpstr (untimed, ==, "go movetime 500");

  studio_play_level_limits (2, 0, &limits);
  nodes = studio_play_format_go (&limits, NULL, 0);
  g_assert_cmpstr (nodes, ==, "go nodes 200 movetime 200");

  /* Side B's clock runs for 1.5 s: wtime is side A's. */
  studio_play_level_limits (8, 20, &limits);
  studio_play_clock_init (&clock, 180000, 2000);
  clock.remaining_ms[CHEOPS_SIDE_A] = 170000;
  studio_play_clock_start (&clock, CHEOPS_SIDE_B, 0);
  timed = studio_play_format_go (&limits, &clock, 1500000);
  /* ... and the level's time a move all the same (level 8: 5 s). */
  g_assert_cmpstr (timed, ==, "go wtime 170000 btime 178500 winc 2000 binc 2000 movetime 5000");
}

/* Draws exist in Cheops, Cypher chess and Pyramids, not in TrigChess
 * (TR17); a flag fall gives the opponent the game. */
static void
test_variant_rules (void)
{
  g_assert_true (studio_play_variant_has_draws (&cheops_variant_cheops));
  g_assert_false (studio_play_variant_has_draws (&cheops_variant_trigchess));
  g_assert_true (studio_play_variant_has_draws (&cheops_variant_cypher));
  g_assert_true (studio_play_variant_has_draws (&cheops_variant_pyramids));
  for (int i = 0; cheops_variants[i] != NULL; i++)
    {
      g_assert_cmpint (studio_play_time_loss_winner (cheops_variants[i], CHEOPS_SIDE_A), ==, CHEOPS_WINNER_B);
      g_assert_cmpint (studio_play_time_loss_winner (cheops_variants[i], CHEOPS_SIDE_B), ==, CHEOPS_WINNER_A);
    }
}

/* Engine against engine: fastchess's usual adjudication settings, and the
 * length limit of `cheops match`. */
static void
test_adjudication_rules (void)
{
  CheopsAdjudicationRules rules;

  memset (&rules, 0xff, sizeof rules);
  studio_play_adjudication_rules (&rules);
  g_assert_cmpint (rules.draw_movenumber, ==, 40);
  g_assert_cmpint (rules.draw_movecount, ==, 8);
  g_assert_cmpint (rules.draw_score, ==, 10);
  g_assert_cmpint (rules.resign_movecount, ==, 3);
  g_assert_cmpint (rules.resign_score, ==, 1000);
  g_assert_true (rules.resign_twosided);
  g_assert_cmpint (rules.max_positions, ==, 2000);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/Studio/Play/level-limits", test_level_limits);
  g_test_add_func ("/Studio/Play/level-names", test_level_names);
  g_test_add_func ("/Studio/Play/clock", test_clock);
  g_test_add_func ("/Studio/Play/clock-format", test_clock_format);
  g_test_add_func ("/Studio/Play/clock-format-stopped", test_clock_format_stopped);
  g_test_add_func ("/Studio/Play/go", test_go);
  g_test_add_func ("/Studio/Play/variant-rules", test_variant_rules);
  g_test_add_func ("/Studio/Play/adjudication-rules", test_adjudication_rules);

  return g_test_run ();
}
