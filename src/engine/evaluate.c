/* evaluate.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The static evaluation.  Every term is computed for each side and the
 * difference is returned from the side to move's point of view.  The terms
 * (values in centipawns; README.md explains why each exists):
 *
 *   material      piece_value[]: Pawn 100, Assassin 300, Sister 320,
 *                 Swordmaster 450, Queen 950.
 *   queen         each Queen gets queen_apex_bonus[d], d its step distance
 *                 to the Apex (8.1: the Queen must reach i9).
 *   control       each attack on the Gate 10, on a flank 6, on the Apex 8
 *                 (2.5, Article 5: the cells through which the Apex is won).
 *   pawns         pawn_level_bonus[level] plus 3 per step closer than 12 to
 *                 the Gate; +60 on the Gate with the Apex empty (5.3), +30 on
 *                 a flank (5.4).
 *   mobility      per reachable cell not held by its own side: Queen 3,
 *                 Swordmaster 3, Sister 2, Assassin 3.
 *   king          enemy pieces attacking the King's cells weigh Queen 5,
 *                 Swordmaster 3, Sister 3, Assassin 3, Pawn 2; penalty
 *                 6 x weight, + weight^2 / 2 with two attackers or more
 *                 (capped at 400); 40 / 20 / 8 for 0 / 1 / 2 safe King cells
 *                 (checklock danger, 4.2.5).  Only against a side that still
 *                 has a Queen or a Pawn, i.e. can still win (8.6).
 *   checklock     an entombed King (in check with the other side to move,
 *                 4.2.7) costs 150 + twice the enemy's best Queen bonus.
 *   tempo         +10 for the side to move.
 *   no win        a side without Queen and Pawns cannot win (8.6): its
 *                 score is capped at 0.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evaluate.h"

int piece_value[CHEOPS_LAWS_PIECE_TYPE_NB] = { 0, 0, 950, 450, 320, 300, 100 };

/* Scales (percent) of the positional terms, for tuning by play. */
static int queen_scale = 100;
static int mobility_scale = 100;
static int king_scale = 100;

static const int queen_apex_bonus[17] = { 90, 60, 45, 35, 26, 19, 13, 8, 4, 2, 0, 0, 0, 0, 0, 0, 0 };
static const int pawn_level_bonus[10] = { 0, 0, 4, 10, 18, 28, 40, 56, 80, 0 };
static const int mobility_weight[CHEOPS_LAWS_PIECE_TYPE_NB] = { 0, 0, 3, 3, 2, 3, 0 };
static const int king_attack_weight[CHEOPS_LAWS_PIECE_TYPE_NB] = { 0, 0, 5, 3, 3, 3, 2 };

#define CONTROL_GATE   10
#define CONTROL_FLANK  6
#define CONTROL_APEX   8
#define PAWN_GATE_STEP 3
#define PAWN_ON_GATE   60
#define PAWN_ON_FLANK  30
#define ENTOMBED_BASE  150
#define TEMPO          10

enum { TERM_MATERIAL, TERM_QUEEN, TERM_CONTROL, TERM_PAWNS, TERM_MOBILITY, TERM_KING, TERM_CHECKLOCK, TERM_NB };
static const char *const term_name[TERM_NB] = {
  "material", "queen", "control", "pawns", "mobility", "king", "checklock"
};

static int dist_apex[CHEOPS_LAWS_CELL_NB];
static int dist_gate[CHEOPS_LAWS_CELL_NB];
static int level_of[CHEOPS_LAWS_CELL_NB];
static CheopsCellSet king_cells[CHEOPS_LAWS_CELL_NB];
static CheopsCellSet leap_cells[CHEOPS_LAWS_CELL_NB];
static CheopsCellSet pawn_threats[CHEOPS_SIDE_NB][CHEOPS_LAWS_CELL_NB];

/* Tuning by play: CHEOPS_ENGINE_EVAL="Q=1000,M=480,queen=120" overrides
 * material values (letters K Q M S A P) and the percent scales of the
 * queen, mobility and king terms, so that two builds need not differ to
 * play a match of values (see README.md).  Unknown names are ignored. */
static void
read_tuning (void)
{
  const char *env = getenv ("CHEOPS_ENGINE_EVAL");
  char buf[256];
  char *save = NULL;

  if (env == NULL)
    return;
  snprintf (buf, sizeof buf, "%s", env);
  for (char *item = strtok_r (buf, ",", &save); item != NULL; item = strtok_r (NULL, ",", &save))
    {
      char *eq = strchr (item, '=');
      int v;
      if (eq == NULL)
        continue;
      *eq = '\0';
      v = atoi (eq + 1);
      if (strcmp (item, "Q") == 0) piece_value[CHEOPS_LAWS_QUEEN] = v;
      else if (strcmp (item, "M") == 0) piece_value[CHEOPS_LAWS_SWORDMASTER] = v;
      else if (strcmp (item, "S") == 0) piece_value[CHEOPS_LAWS_SISTER] = v;
      else if (strcmp (item, "A") == 0) piece_value[CHEOPS_LAWS_ASSASSIN] = v;
      else if (strcmp (item, "P") == 0) piece_value[CHEOPS_LAWS_PAWN] = v;
      else if (strcmp (item, "queen") == 0) queen_scale = v;
      else if (strcmp (item, "mobility") == 0) mobility_scale = v;
      else if (strcmp (item, "king") == 0) king_scale = v;
    }
}

void
evaluate_init (void)
{
  cheops_laws_init ();
  read_tuning ();
  for (int c = 0; c < CHEOPS_LAWS_CELL_NB; c++)
    {
      dist_apex[c] = cheops_laws_distance ((CheopsCell) c, CHEOPS_LAWS_APEX);
      dist_gate[c] = cheops_laws_distance ((CheopsCell) c, CHEOPS_LAWS_GATE);
      level_of[c] = cheops_laws_cell_level ((CheopsCell) c);
      king_cells[c] = cheops_laws_king_cells ((CheopsCell) c);
      leap_cells[c] = cheops_laws_leap_cells ((CheopsCell) c);
      for (int s = 0; s < CHEOPS_SIDE_NB; s++)
        pawn_threats[s][c] = cheops_laws_pawn_threat_cells ((CheopsSide) s, (CheopsCell) c);
    }
}

static inline CheopsCellSet
piece_attacks (CheopsPieceType type, CheopsSide side, CheopsCell cell, CheopsCellSet occupied)
{
  switch (type)
    {
    case CHEOPS_LAWS_QUEEN:       return cheops_laws_band_attacks (cell, occupied);
    case CHEOPS_LAWS_SWORDMASTER: return cheops_laws_sword_attacks (cell, occupied);
    case CHEOPS_LAWS_SISTER:      return cheops_laws_corner_attacks (cell, occupied);
    case CHEOPS_LAWS_ASSASSIN:    return leap_cells[cell];
    case CHEOPS_LAWS_KING:        return king_cells[cell];
    case CHEOPS_LAWS_PAWN:        return pawn_threats[side][cell];
    default:                 return 0;
    }
}

static inline int
control_value (CheopsCellSet attacks)
{
  int v = 0;
  if (cheops_cellset_has (attacks, CHEOPS_LAWS_GATE))
    v += CONTROL_GATE;
  if (cheops_cellset_has (attacks, CHEOPS_LAWS_FLANK_H))
    v += CONTROL_FLANK;
  if (cheops_cellset_has (attacks, CHEOPS_LAWS_FLANK_J))
    v += CONTROL_FLANK;
  if (cheops_cellset_has (attacks, CHEOPS_LAWS_APEX))
    v += CONTROL_APEX;
  return v;
}

static inline bool
can_win (const CheopsPosition *pos, CheopsSide side)
{
  return (pos->pieces[side][CHEOPS_LAWS_QUEEN] | pos->pieces[side][CHEOPS_LAWS_PAWN]) != 0;
}

/* Computes every term for both sides into @terms[side][term]. */
static void
evaluate_terms (const CheopsPosition *pos, int terms[CHEOPS_SIDE_NB][TERM_NB])
{
  CheopsCellSet attacked[CHEOPS_SIDE_NB] = { 0, 0 };
  int king_weight[CHEOPS_SIDE_NB] = { 0, 0 };   /* attack weight against that side's King */
  int king_attackers[CHEOPS_SIDE_NB] = { 0, 0 };
  int best_queen[CHEOPS_SIDE_NB] = { 0, 0 };

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    for (int t = 0; t < TERM_NB; t++)
      terms[s][t] = 0;

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsSide side = (CheopsSide) s;
      CheopsSide them = cheops_side_other (side);
      CheopsCellSet own = pos->pieces[side][0];
      CheopsCellSet enemy_zone = king_cells[pos->king[them]];
      int *term = terms[s];

      for (int type = CHEOPS_LAWS_QUEEN; type <= CHEOPS_LAWS_PAWN; type++)
        {
          CheopsCellSet set = pos->pieces[side][type];
          while (set)
            {
              CheopsCell cell = cheops_cellset_pop (&set);
              CheopsCellSet att = piece_attacks ((CheopsPieceType) type, side, cell, pos->occupied);

              term[TERM_MATERIAL] += piece_value[type];
              attacked[s] |= att;
              term[TERM_CONTROL] += control_value (att);
              term[TERM_MOBILITY] += mobility_weight[type] * cheops_cellset_count (att & ~own);
              if (att & enemy_zone)
                {
                  king_weight[them] += king_attack_weight[type];
                  king_attackers[them]++;
                }
              if (type == CHEOPS_LAWS_QUEEN)
                {
                  int b = queen_apex_bonus[dist_apex[cell]];
                  term[TERM_QUEEN] += b;
                  if (b > best_queen[s])
                    best_queen[s] = b;
                }
              else if (type == CHEOPS_LAWS_PAWN)
                {
                  term[TERM_PAWNS] += pawn_level_bonus[level_of[cell]];
                  if (dist_gate[cell] < 12)
                    term[TERM_PAWNS] += PAWN_GATE_STEP * (12 - dist_gate[cell]);
                  if (cell == CHEOPS_LAWS_GATE && pos->board[CHEOPS_LAWS_APEX] == CHEOPS_NO_PIECE)
                    term[TERM_PAWNS] += PAWN_ON_GATE;
                  else if (cell == CHEOPS_LAWS_FLANK_H || cell == CHEOPS_LAWS_FLANK_J)
                    term[TERM_PAWNS] += PAWN_ON_FLANK;
                }
            }
        }
      attacked[s] |= king_cells[pos->king[side]];
    }

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsSide side = (CheopsSide) s;
      CheopsSide them = cheops_side_other (side);
      int w = king_weight[s];
      int danger, safe;

      if (!can_win (pos, them))
        continue;
      danger = 6 * w;
      if (king_attackers[s] >= 2)
        danger += w * w / 2;
      if (danger > 400)
        danger = 400;
      safe = cheops_cellset_count (king_cells[pos->king[side]] & ~pos->pieces[side][0] & ~attacked[them]);
      danger += safe == 0 ? 40 : safe == 1 ? 20 : safe == 2 ? 8 : 0;
      terms[s][TERM_KING] -= danger;

      if (side != pos->side_to_move && cheops_position_king_attacked (pos, side))
        terms[s][TERM_CHECKLOCK] -= ENTOMBED_BASE + 2 * best_queen[them];
    }
  if (queen_scale != 100 || mobility_scale != 100 || king_scale != 100)
    for (int s = 0; s < CHEOPS_SIDE_NB; s++)
      {
        terms[s][TERM_QUEEN] = terms[s][TERM_QUEEN] * queen_scale / 100;
        terms[s][TERM_MOBILITY] = terms[s][TERM_MOBILITY] * mobility_scale / 100;
        terms[s][TERM_KING] = terms[s][TERM_KING] * king_scale / 100;
      }
}

int
evaluate (const CheopsPosition *pos)
{
  int terms[CHEOPS_SIDE_NB][TERM_NB];
  CheopsSide us = pos->side_to_move;
  CheopsSide them = cheops_side_other (us);
  int score = TEMPO;

  evaluate_terms (pos, terms);
  for (int t = 0; t < TERM_NB; t++)
    score += terms[us][t] - terms[them][t];

  /* 8.6: a side that cannot achieve an Ascension cannot be better. */
  if (score > 0 && !can_win (pos, us))
    score = 0;
  else if (score < 0 && !can_win (pos, them))
    score = 0;
  return score;
}

void
evaluate_trace (const CheopsPosition *pos, void (*print) (const char *format, ...))
{
  int terms[CHEOPS_SIDE_NB][TERM_NB];

  evaluate_terms (pos, terms);
  print ("%-10s %6s %6s %6s", "term", "a", "q", "a-q");
  for (int t = 0; t < TERM_NB; t++)
    print ("%-10s %6d %6d %6d", term_name[t], terms[0][t], terms[1][t], terms[0][t] - terms[1][t]);
  print ("Evaluation (side to move, tempo included): %d", evaluate (pos));
}
