/* studio-play.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Levels, clocks and the engine's `go` of a game against the engine
 * (studio-play.h).
 */
#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "studio-play.h"

/* The time a move of each level has: the most it takes, with a clock too. */
static const gint64 level_movetime_ms[STUDIO_PLAY_N_LEVELS] = { 200, 200, 500, 1000, 1000, 2000, 3000, 5000 };

void
studio_play_level_limits (guint             level,
                          int               skill_max,
                          StudioPlayLimits *limits)
{
  g_return_if_fail (limits != NULL);

  level = CLAMP (level, 1, STUDIO_PLAY_N_LEVELS);
  limits->movetime_ms = level_movetime_ms[level - 1];
  if (skill_max > 0)
    {
      /* 0, ..., skill_max, rounded to the nearest. */
      limits->skill = (int) (((gint64) (level - 1) * skill_max * 2 + (STUDIO_PLAY_N_LEVELS - 1))
                             / (2 * (STUDIO_PLAY_N_LEVELS - 1)));
      limits->nodes = 0;
    }
  else
    {
      limits->skill = -1;
      limits->nodes = level == STUDIO_PLAY_N_LEVELS ? 0 : (gint64) 50 << (2 * (level - 1));
    }
}

/* "0.2 s", "1 s" */
static char *
format_seconds (gint64 ms)
{
  if (ms % 1000 == 0)
    /* Translators: a time a move, "5 s" */
    return g_strdup_printf (_("%d s"), (int) (ms / 1000));
  /* Translators: a time a move under a second, "0.2 s" */
  return g_strdup_printf (_("%.1f s"), ms / 1000.0);
}

char *
studio_play_level_name (guint level,
                        int   skill_max)
{
  StudioPlayLimits limits;
  g_autofree char *time = NULL;

  level = CLAMP (level, 1, STUDIO_PLAY_N_LEVELS);
  studio_play_level_limits (level, skill_max, &limits);
  time = format_seconds (limits.movetime_ms);
  if (level == STUDIO_PLAY_N_LEVELS)
    /* Translators: a strength of the engine: "Level 8 · full strength, 5 s a move" */
    return g_strdup_printf (_("Level %u · full strength, %s a move"), level, time);
  if (limits.skill >= 0)
    {
      int plies = limits.skill + 1;

      /* Translators: a strength of the engine, what the bundled engine's
       * Skill Level means: "Level 3 · looks 7 plies ahead, 0.5 s a move" */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Level %u · looks %d ply ahead, %s a move",
                                           "Level %u · looks %d plies ahead, %s a move", plies),
                              level, plies, time);
    }
  {
    g_autofree char *nodes = g_strdup_printf ("%" G_GINT64_FORMAT, limits.nodes);

    /* Translators: a strength of an engine without a Skill Level option:
     * "Level 2 · 200 positions a move, 0.2 s at most" */
    return g_strdup_printf (_("Level %u · %s positions a move, %s at most"), level, nodes, time);
  }
}

void
studio_play_clock_init (StudioPlayClock *clock,
                        gint64           base_ms,
                        gint64           inc_ms)
{
  g_return_if_fail (clock != NULL);

  clock->base_ms = MAX (base_ms, 1);
  clock->inc_ms = MAX (inc_ms, 0);
  clock->remaining_ms[CHEOPS_SIDE_A] = clock->remaining_ms[CHEOPS_SIDE_B] = clock->base_ms;
  clock->running = -1;
  clock->running_since_us = 0;
}

void
studio_play_clock_start (StudioPlayClock *clock,
                         CheopsSide       side,
                         gint64           now_us)
{
  g_return_if_fail (clock != NULL);

  clock->running = side;
  clock->running_since_us = now_us;
}

gint64
studio_play_clock_remaining (const StudioPlayClock *clock,
                             CheopsSide             side,
                             gint64                 now_us)
{
  g_return_val_if_fail (clock != NULL, 0);

  if (clock->running == (int) side)
    return clock->remaining_ms[side] - (now_us - clock->running_since_us) / 1000;
  return clock->remaining_ms[side];
}

void
studio_play_clock_stop (StudioPlayClock *clock,
                        gint64           now_us)
{
  g_return_if_fail (clock != NULL);

  if (clock->running < 0)
    return;
  clock->remaining_ms[clock->running] = studio_play_clock_remaining (clock, clock->running, now_us);
  clock->running = -1;
}

gboolean
studio_play_clock_press (StudioPlayClock *clock,
                         gint64           now_us)
{
  int side;

  g_return_val_if_fail (clock != NULL, FALSE);

  side = clock->running;
  if (side < 0)
    return TRUE;
  studio_play_clock_stop (clock, now_us);
  if (clock->remaining_ms[side] <= 0)
    return FALSE;
  clock->remaining_ms[side] += clock->inc_ms;
  studio_play_clock_start (clock, (CheopsSide) !side, now_us);
  return TRUE;
}

int
studio_play_clock_flagged (const StudioPlayClock *clock,
                           gint64                 now_us)
{
  g_return_val_if_fail (clock != NULL, -1);

  if (clock->running >= 0 && studio_play_clock_remaining (clock, clock->running, now_us) <= 0)
    return clock->running;
  return -1;
}

char *
studio_play_clock_format (gint64 ms)
{
  gint64 s;

  if (ms <= 0)
    return g_strdup ("0:00");
  if (ms < 10000)
    {
      /* Tenths begun: 9.41 s shows 9.5. */
      gint64 tenths = (ms + 99) / 100;

      if (tenths < 100)
        return g_strdup_printf ("0:%02d.%d", (int) (tenths / 10), (int) (tenths % 10));
    }
  s = (ms + 999) / 1000;
  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

char *
studio_play_clock_format_stopped (gint64 ms)
{
  gint64 s;

  if (ms <= 0)
    return g_strdup ("0:00");
  if (ms < 10000)
    return g_strdup_printf ("0:%02d.%d", (int) (ms / 1000), (int) (ms / 100 % 10));
  s = ms / 1000;
  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

char *
studio_play_format_go (const StudioPlayLimits *limits,
                       const StudioPlayClock  *clock,
                       gint64                  now_us)
{
  GString *go = g_string_new ("go");

  g_return_val_if_fail (limits != NULL, NULL);

  if (clock != NULL)
    g_string_append_printf (go, " wtime %" G_GINT64_FORMAT " btime %" G_GINT64_FORMAT
                            " winc %" G_GINT64_FORMAT " binc %" G_GINT64_FORMAT,
                            MAX (studio_play_clock_remaining (clock, CHEOPS_SIDE_A, now_us), 0),
                            MAX (studio_play_clock_remaining (clock, CHEOPS_SIDE_B, now_us), 0),
                            clock->inc_ms, clock->inc_ms);
  if (limits->nodes > 0)
    g_string_append_printf (go, " nodes %" G_GINT64_FORMAT, limits->nodes);
  /* With a clock too: the level's name promises its time a move ("5 s a
   * move"), and a fresh user saw the engine of level 8 take 13-16 s of a
   * 5 + 3 clock; the engine stops at the earlier of the two. */
  if (limits->movetime_ms > 0)
    g_string_append_printf (go, " movetime %" G_GINT64_FORMAT, limits->movetime_ms);
  if (clock == NULL && limits->nodes <= 0 && limits->movetime_ms <= 0)
    g_string_append (go, " infinite");
  return g_string_free (go, FALSE);
}

gboolean
studio_play_variant_has_draws (const CheopsVariant *variant)
{
  g_return_val_if_fail (variant != NULL, FALSE);

  if (variant->f.claimable_draw != NULL)
    return TRUE;
  for (int i = 1; i < variant->n_outcomes; i++)
    if (variant->outcomes[i].winner == CHEOPS_WINNER_DRAW)
      return TRUE;
  return FALSE;
}

CheopsWinner
studio_play_time_loss_winner (const CheopsVariant *variant,
                              CheopsSide           flagged)
{
  CheopsVerdict verdict;

  g_return_val_if_fail (variant != NULL, CHEOPS_WINNER_DRAW);

  cheops_verdict_time_forfeit (&verdict, flagged);
  return verdict.winner;
}

void
studio_play_adjudication_rules (CheopsAdjudicationRules *rules)
{
  g_return_if_fail (rules != NULL);

  memset (rules, 0, sizeof *rules);
  rules->draw_movenumber = 40;
  rules->draw_movecount = 8;
  rules->draw_score = 10;
  rules->resign_movecount = 3;
  rules->resign_score = 1000;
  rules->resign_twosided = TRUE;
  rules->max_positions = 2000;
}
