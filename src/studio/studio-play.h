/* studio-play.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a game against the engine is made of, without widgets (issue 22):
 * the strength levels and the UCI limits each means, the clock of both
 * sides, and the `go` command of the engine's move.  The window's play
 * session (studio-window-play.c) puts them together; test-play-logic
 * checks them with exact values.  No game knowledge: sides are
 * CheopsSide, outcomes are asked of the variant.
 */
#pragma once

#include <glib.h>

#include "cheops-adjudication.h"
#include "cheops-variant.h"

G_BEGIN_DECLS

/* The levels offered, 1 .. STUDIO_PLAY_N_LEVELS; the last is full strength. */
#define STUDIO_PLAY_N_LEVELS 8

/* StudioPlayLimits: what a level asks of the engine for one move. */
typedef struct {
  int    skill;        /* the `Skill Level` option's value, -1: not set (the engine's default) */
  gint64 nodes;        /* `go nodes`, 0: no limit */
  gint64 movetime_ms;  /* `go movetime` when the game has no clock, 0: no limit */
} StudioPlayLimits;

/**
 * studio_play_level_limits:
 * @level: 1 .. STUDIO_PLAY_N_LEVELS (clamped)
 * @skill_max: the engine's `Skill Level` maximum (the cheops-engine's:
 *   20, full strength), or 0 when the engine has no such option
 * @limits: (out): filled
 *
 * The limits of @level.  With a `Skill Level` option the levels spread it
 * evenly from 0 (level 1) to @skill_max (the last level); the bundled
 * engine then looks at most skill + 1 plies ahead and picks among its
 * four best moves with a random push (src/engine/README.md).  Without it
 * the levels limit the nodes searched: 50 × 4^(level-1), none at the last.
 * Either way a level has a time a move when the game has no clock: 0.2 s
 * for levels 1-2, 0.5 s for 3, 1 s for 4-5, 2 s for 6, 3 s for 7, 5 s for 8.
 */
void   studio_play_level_limits (guint             level,
                                 int               skill_max,
                                 StudioPlayLimits *limits);

/**
 * studio_play_level_name:
 * @level: 1 .. STUDIO_PLAY_N_LEVELS
 * @skill_max: as for studio_play_level_limits()
 *
 * What the level means, for the level's list: "Level 1 · looks 1 ply ahead,
 * 0.2 s a move", "Level 8 · full strength, 5 s a move" (translated).
 *
 * Returns: (transfer full): the name
 */
char  *studio_play_level_name   (guint level,
                                 int   skill_max);

/* StudioPlayClock: both sides' clocks of a game, in milliseconds; a
 * Fischer increment is added to the clock of the side that completes a
 * move in time.  Times are taken from the caller (g_get_monotonic_time(),
 * microseconds), so tests can drive it. */
typedef struct {
  gint64 base_ms;          /* each side's time at the start, > 0 */
  gint64 inc_ms;           /* added after each move, >= 0 */
  gint64 remaining_ms[2];  /* by CheopsSide, as of the last press (running side: at running_since) */
  int    running;          /* the side whose clock runs, or -1 */
  gint64 running_since_us; /* when it started */
} StudioPlayClock;

/* Sets both clocks to @base_ms, none running. */
void     studio_play_clock_init      (StudioPlayClock *clock,
                                      gint64           base_ms,
                                      gint64           inc_ms);
/* Starts @side's clock at @now_us (stopping the other's without charging it). */
void     studio_play_clock_start     (StudioPlayClock *clock,
                                      CheopsSide       side,
                                      gint64           now_us);
/* @side's time left at @now_us, in ms (negative once its flag fell). */
gint64   studio_play_clock_remaining (const StudioPlayClock *clock,
                                      CheopsSide       side,
                                      gint64           now_us);
/**
 * studio_play_clock_press:
 * @clock: a clock with a side running
 * @now_us: the time of the move
 *
 * The running side completed a move at @now_us: its time used is charged,
 * and if some time is left the increment is added and the other side's
 * clock starts.  Does nothing when no clock runs.
 *
 * Returns: %FALSE when the running side had no time left (its flag fell:
 *   its clock stays at what it had, negative, and nothing runs)
 */
gboolean studio_play_clock_press     (StudioPlayClock *clock,
                                      gint64           now_us);
/* Stops the running clock at @now_us, charging it (no increment). */
void     studio_play_clock_stop      (StudioPlayClock *clock,
                                      gint64           now_us);
/* The side whose flag has fallen at @now_us (the running one with no time
 * left), or -1. */
int      studio_play_clock_flagged   (const StudioPlayClock *clock,
                                      gint64           now_us);

/**
 * studio_play_clock_format:
 * @ms: a time left in milliseconds
 *
 * The clock's text: "1:05:00" from an hour, "4:59", and tenths under
 * 10 s: "0:09.5"; a fallen flag "0:00".  The seconds shown are those
 * begun (4:59.1 shows 5:00) so that 0:00 is shown only once the flag fell.
 *
 * Returns: (transfer full): the text
 */
char    *studio_play_clock_format    (gint64 ms);
/**
 * studio_play_clock_format_stopped:
 * @ms: the time left on a clock that stands, in milliseconds
 *
 * The text of a clock that does not run (the side that just moved): the
 * time charged, rounded down as [%clk] records it, so that a move of 0.3 s
 * at 1:00 shows 0:59 (studio_play_clock_format() would still show 1:00, the
 * time before the move); tenths under 10 s ("0:09.4", "0:00.0" for less
 * than a tenth); "0:00" only when no time is left.
 *
 * Returns: (transfer full): the text
 */
char    *studio_play_clock_format_stopped (gint64 ms);

/**
 * studio_play_format_go:
 * @limits: the level's limits
 * @clock: (nullable): the game's clock, %NULL when it has none
 * @now_us: the time, to read @clock's running side
 *
 * The engine's `go` command for its move: the level's `nodes` and
 * `movetime` (the most a move of the level takes), and with a clock
 * `wtime W btime B winc I binc I` before them (side A's clock is wtime, the
 * engine's protocol; the engine stops at whichever comes first).
 *
 * Returns: (transfer full): the command
 */
char    *studio_play_format_go       (const StudioPlayLimits *limits,
                                      const StudioPlayClock  *clock,
                                      gint64                  now_us);

/**
 * studio_play_variant_has_draws:
 * @variant: a variant
 *
 * Whether a game of @variant can be drawn at all: an outcome of its table
 * is a draw, or its players may claim one.  A draw by agreement is offered
 * only then (TrigChess TR17: no draws at all).
 */
gboolean studio_play_variant_has_draws (const CheopsVariant *variant);

/**
 * studio_play_time_loss_winner:
 * @variant: the game's variant
 * @flagged: the side whose flag fell
 *
 * Who a loss on time favours: the opponent of @flagged.  None of the four
 * games' rules makes a flag fall a draw (the positions where neither side
 * can win already end the game by the variant's outcome table: Cheops's
 * draws of 8.4.1, Pyramids's bare faraons), so the opponent wins, as
 * `cheops match` adjudicates.
 *
 * Returns: the winner
 */
CheopsWinner studio_play_time_loss_winner (const CheopsVariant *variant,
                                           CheopsSide           flagged);

/**
 * studio_play_adjudication_rules:
 * @rules: (out): filled
 *
 * How the studio adjudicates engine against engine by the engines' scores
 * (cheops_adjudicator_move(), `cheops match`'s code), in fastchess's
 * usual settings: `-draw movenumber=40 movecount=8 score=10` (both engines
 * within ±0.10 for 8 moves each, from their 40th move on) and `-resign
 * movecount=3 score=1000 twosided=true` (an engine at or below -10.00 for
 * 3 moves while its opponent is at or above +10.00); a game of 2000
 * positions is drawn, as `cheops match` draws it.
 */
void studio_play_adjudication_rules (CheopsAdjudicationRules *rules);

G_END_DECLS
