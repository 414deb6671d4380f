/* evaluate-cheops.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the engine knows of the game Cheops (engine-variant.h): its static
 * evaluation, the end of the game as the search judges it (the Ascension
 * 8.1, R5; the draws 8.4), the kinds of moves (collapses 5.2, promotion
 * 4.7.3, a Queen onto the Apex), the Ascension-in-one tests of quiescence,
 * and the bench positions.
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

#include "cheops-core.h"
#include "engine-variant.h"

static int piece_value[CHEOPS_LAWS_PIECE_TYPE_NB] = { 0, 0, 1009, 499, 316, 214, 61 };

/* Scales (percent) of the positional terms, for tuning by play. */
static int queen_scale = 100;
static int mobility_scale = 100;
static int king_scale = 100;

static int queen_apex_bonus[17] = { 36, 35, 35, 35, 35, 4, 4, 4, 4, 4, 0, 0, 0, 0, 0, 0, 0 };
static int pawn_level_bonus[10] = { 0, 0, 0, 0, 35, 61, 144, 146, 150, 0 };
static int mobility_weight[CHEOPS_LAWS_PIECE_TYPE_NB] = { 0, 0, 5, 0, 6, 6, 0 };
static int king_attack_weight[CHEOPS_LAWS_PIECE_TYPE_NB] = { 0, 0, 12, 7, 0, 0, 4 };

static int control_gate = 60;
static int control_flank = 13;
static int control_apex = 0;
static int pawn_gate_step = 17;
static int pawn_on_gate = 111;
static int pawn_on_flank = 0;
static int king_danger_weight = 0;           /* x the attack weight */
static int king_no_safe[3] = { 18, 18, 18 };   /* 0, 1, 2 safe King cells */
static int entombed_base = 354;
static int tempo = 0;

/* The values above as the tuner sees them (tune.h, README.md "Tuning"). */
static const EngineParam params[] = {
  { "piece_value[Q]", &piece_value[CHEOPS_LAWS_QUEEN], 500, 1500 },
  { "piece_value[M]", &piece_value[CHEOPS_LAWS_SWORDMASTER], 200, 800 },
  { "piece_value[S]", &piece_value[CHEOPS_LAWS_SISTER], 150, 600 },
  { "piece_value[A]", &piece_value[CHEOPS_LAWS_ASSASSIN], 150, 600 },
  { "piece_value[P]", &piece_value[CHEOPS_LAWS_PAWN], 50, 200 },
  { "queen_apex_bonus[0]", &queen_apex_bonus[0], 0, 400 },
  { "queen_apex_bonus[1]", &queen_apex_bonus[1], 0, 300 },
  { "queen_apex_bonus[2]", &queen_apex_bonus[2], 0, 250 },
  { "queen_apex_bonus[3]", &queen_apex_bonus[3], 0, 200 },
  { "queen_apex_bonus[4]", &queen_apex_bonus[4], 0, 150 },
  { "queen_apex_bonus[5]", &queen_apex_bonus[5], 0, 120 },
  { "queen_apex_bonus[6]", &queen_apex_bonus[6], 0, 100 },
  { "queen_apex_bonus[7]", &queen_apex_bonus[7], 0, 80 },
  { "queen_apex_bonus[8]", &queen_apex_bonus[8], 0, 60 },
  { "queen_apex_bonus[9]", &queen_apex_bonus[9], 0, 40 },
  { "queen_apex_bonus[10]", &queen_apex_bonus[10], 0, 30 },
  { "pawn_level_bonus[2]", &pawn_level_bonus[2], 0, 60 },
  { "pawn_level_bonus[3]", &pawn_level_bonus[3], 0, 80 },
  { "pawn_level_bonus[4]", &pawn_level_bonus[4], 0, 100 },
  { "pawn_level_bonus[5]", &pawn_level_bonus[5], 0, 130 },
  { "pawn_level_bonus[6]", &pawn_level_bonus[6], 0, 160 },
  { "pawn_level_bonus[7]", &pawn_level_bonus[7], 0, 200 },
  { "pawn_level_bonus[8]", &pawn_level_bonus[8], 0, 300 },
  { "mobility_weight[Q]", &mobility_weight[CHEOPS_LAWS_QUEEN], 0, 12 },
  { "mobility_weight[M]", &mobility_weight[CHEOPS_LAWS_SWORDMASTER], 0, 12 },
  { "mobility_weight[S]", &mobility_weight[CHEOPS_LAWS_SISTER], 0, 12 },
  { "mobility_weight[A]", &mobility_weight[CHEOPS_LAWS_ASSASSIN], 0, 12 },
  { "king_attack_weight[Q]", &king_attack_weight[CHEOPS_LAWS_QUEEN], 0, 12 },
  { "king_attack_weight[M]", &king_attack_weight[CHEOPS_LAWS_SWORDMASTER], 0, 10 },
  { "king_attack_weight[S]", &king_attack_weight[CHEOPS_LAWS_SISTER], 0, 10 },
  { "king_attack_weight[A]", &king_attack_weight[CHEOPS_LAWS_ASSASSIN], 0, 10 },
  { "king_attack_weight[P]", &king_attack_weight[CHEOPS_LAWS_PAWN], 0, 8 },
  { "control_gate", &control_gate, 0, 60 },
  { "control_flank", &control_flank, 0, 40 },
  { "control_apex", &control_apex, 0, 60 },
  { "pawn_gate_step", &pawn_gate_step, 0, 20 },
  { "pawn_on_gate", &pawn_on_gate, 0, 300 },
  { "pawn_on_flank", &pawn_on_flank, 0, 200 },
  { "king_danger_weight", &king_danger_weight, 0, 20 },
  { "king_no_safe[0]", &king_no_safe[0], 0, 200 },
  { "king_no_safe[1]", &king_no_safe[1], 0, 120 },
  { "king_no_safe[2]", &king_no_safe[2], 0, 80 },
  { "entombed_base", &entombed_base, 0, 500 },
  { "tempo", &tempo, 0, 40 },
};

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
  const EngineTuning items[] = {
    { "Q", { &piece_value[CHEOPS_LAWS_QUEEN] } },
    { "M", { &piece_value[CHEOPS_LAWS_SWORDMASTER] } },
    { "S", { &piece_value[CHEOPS_LAWS_SISTER] } },
    { "A", { &piece_value[CHEOPS_LAWS_ASSASSIN] } },
    { "P", { &piece_value[CHEOPS_LAWS_PAWN] } },
    { "queen", { &queen_scale } },
    { "mobility", { &mobility_scale } },
    { "king", { &king_scale } },
  };

  engine_read_tuning ("CHEOPS_ENGINE_EVAL", items, (int) (sizeof items / sizeof items[0]));
}

static void
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
    v += control_gate;
  if (cheops_cellset_has (attacks, CHEOPS_LAWS_FLANK_H))
    v += control_flank;
  if (cheops_cellset_has (attacks, CHEOPS_LAWS_FLANK_J))
    v += control_flank;
  if (cheops_cellset_has (attacks, CHEOPS_LAWS_APEX))
    v += control_apex;
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
                    term[TERM_PAWNS] += pawn_gate_step * (12 - dist_gate[cell]);
                  if (cell == CHEOPS_LAWS_GATE && pos->board[CHEOPS_LAWS_APEX] == CHEOPS_NO_PIECE)
                    term[TERM_PAWNS] += pawn_on_gate;
                  else if (cell == CHEOPS_LAWS_FLANK_H || cell == CHEOPS_LAWS_FLANK_J)
                    term[TERM_PAWNS] += pawn_on_flank;
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
      danger = king_danger_weight * w;
      if (king_attackers[s] >= 2)
        danger += w * w / 2;
      if (danger > 400)
        danger = 400;
      safe = cheops_cellset_count (king_cells[pos->king[side]] & ~pos->pieces[side][0] & ~attacked[them]);
      if (safe < 3)
        danger += king_no_safe[safe];
      terms[s][TERM_KING] -= danger;

      if (side != pos->side_to_move && cheops_position_king_attacked (pos, side))
        terms[s][TERM_CHECKLOCK] -= entombed_base + 2 * best_queen[them];
    }
  if (queen_scale != 100 || mobility_scale != 100 || king_scale != 100)
    for (int s = 0; s < CHEOPS_SIDE_NB; s++)
      {
        terms[s][TERM_QUEEN] = terms[s][TERM_QUEEN] * queen_scale / 100;
        terms[s][TERM_MOBILITY] = terms[s][TERM_MOBILITY] * mobility_scale / 100;
        terms[s][TERM_KING] = terms[s][TERM_KING] * king_scale / 100;
      }
}

static int
evaluate (const CheopsPosition *pos)
{
  int terms[CHEOPS_SIDE_NB][TERM_NB];
  CheopsSide us = pos->side_to_move;
  CheopsSide them = cheops_side_other (us);
  int score = tempo;

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

static void
evaluate_trace (const CheopsPosition *pos, EnginePrintFunc print)
{
  int terms[CHEOPS_SIDE_NB][TERM_NB];

  evaluate_terms (pos, terms);
  print ("%-10s %6s %6s %6s", "term", "a", "q", "a-q");
  for (int t = 0; t < TERM_NB; t++)
    print ("%-10s %6d %6d %6d", term_name[t], terms[0][t], terms[1][t], terms[0][t] - terms[1][t]);
  print ("Evaluation (side to move, tempo included): %d", evaluate (pos));
}

/* The search's view of the Laws. */

static inline bool
has_pieces (const CheopsPosition *pos, CheopsSide side)
{
  return (pos->pieces[side][CHEOPS_LAWS_QUEEN] | pos->pieces[side][CHEOPS_LAWS_SWORDMASTER]
          | pos->pieces[side][CHEOPS_LAWS_SISTER] | pos->pieces[side][CHEOPS_LAWS_ASSASSIN]) != 0;
}

static inline bool
queen_on_apex (const CheopsPosition *pos, CheopsSide side)
{
  return cheops_cellset_has (pos->pieces[side][CHEOPS_LAWS_QUEEN], CHEOPS_LAWS_APEX);
}

/* The end of the game at the start of a node, in the order of R5: the
 * Ascension achieved against the side to move (8.1: it is in check while
 * an enemy Queen stands on the Apex), then both sides without Queen and
 * Pawn (8.4.1). */
static NodeEnd
node_end (const CheopsPosition *pos, bool in_check)
{
  CheopsSide us = pos->side_to_move;
  CheopsSide them = cheops_side_other (us);

  if (in_check && queen_on_apex (pos, them))
    return NODE_LOST;
  if (!can_win (pos, us) && !can_win (pos, them))
    return NODE_DRAWN;
  return NODE_GOES_ON;
}

/* A null move is skipped when the side to move has only its King and
 * Pawns, where passing may be better than any move. */
static bool
null_move_ok (const CheopsPosition *pos)
{
  return has_pieces (pos, pos->side_to_move);
}

/* Forward pruning and null move are not trusted facing a Queen on the
 * Apex (8.1). */
static bool
threat_pending (const CheopsPosition *pos)
{
  return queen_on_apex (pos, cheops_side_other (pos->side_to_move));
}

/* Whether @side has a Queen within two steps of the Apex: a check it gives
 * is extended. */
static bool
check_extension (const CheopsPosition *pos, CheopsSide side)
{
  CheopsCellSet q = pos->pieces[side][CHEOPS_LAWS_QUEEN];
  while (q)
    if (dist_apex[cheops_cellset_pop (&q)] <= 2)
      return true;
  return false;
}

static int
move_kind (const CheopsPosition *pos, CheopsMove move)
{
  CheopsCell from = cheops_move_from (move);
  CheopsCell to = cheops_move_to (move);
  CheopsPieceType type = cheops_piece_type (pos->board[from]);
  int kind = MOVE_QUIET;

  if (pos->board[to] != CHEOPS_NO_PIECE)
    kind |= MOVE_CAPTURE;
  if (to == CHEOPS_LAWS_APEX)
    {
      if (type == CHEOPS_LAWS_PAWN)
        kind |= MOVE_PROMOTION;
      else if (type == CHEOPS_LAWS_QUEEN)
        kind |= MOVE_SPECIAL;
    }
  return kind;
}

static int
move_gain (const CheopsPosition *pos, CheopsMove move)
{
  CheopsCell from = cheops_move_from (move);
  CheopsCell to = cheops_move_to (move);
  CheopsPieceType type = cheops_piece_type (pos->board[from]);
  int gain = 0;

  if (pos->board[to] != CHEOPS_NO_PIECE)
    gain += piece_value[cheops_piece_type (pos->board[to])];
  if (to == CHEOPS_LAWS_APEX)
    {
      if (type == CHEOPS_LAWS_PAWN)
        gain += piece_value[CHEOPS_LAWS_QUEEN] - piece_value[CHEOPS_LAWS_PAWN];
      else if (type != CHEOPS_LAWS_QUEEN && pos->board[to] != CHEOPS_NO_PIECE)
        gain -= piece_value[type];   /* a collapse costs the piece too (5.2) */
    }
  return gain;
}

/* Whether @move of the side to move @us may give check to the King on
 * @ksq: its piece attacks @ksq from the move's cell (the lines, leaps and
 * Pawn threats are symmetric, so the attack is looked for from the King),
 * or it leaves a discovery line (@disc, cheops_laws_position_sole_blockers()).
 * Never false for a move that gives
 * check; a move it lets through is played to be sure. */
static bool
may_give_check (const CheopsPosition *pos, CheopsSide us, CheopsMove move, CheopsCell ksq, CheopsCellSet disc)
{
  CheopsCell from = cheops_move_from (move), to = cheops_move_to (move);
  CheopsCellSet occ;

  if (cheops_cellset_has (disc, from))
    return true;
  occ = (pos->occupied & ~cheops_cellset_of (from)) | cheops_cellset_of (to);
  switch (cheops_piece_type (pos->board[from]))
    {
    case CHEOPS_LAWS_QUEEN:       return cheops_cellset_has (cheops_laws_band_attacks (ksq, occ), to);
    case CHEOPS_LAWS_SWORDMASTER: return cheops_cellset_has (cheops_laws_sword_attacks (ksq, occ), to);
    case CHEOPS_LAWS_SISTER:      return cheops_cellset_has (cheops_laws_corner_attacks (ksq, occ), to);
    case CHEOPS_LAWS_ASSASSIN:    return cheops_cellset_has (cheops_laws_leap_cells (ksq), to);
    case CHEOPS_LAWS_PAWN:        return cheops_cellset_has (cheops_laws_pawn_attacker_cells (us, ksq), to) || to == CHEOPS_LAWS_APEX;
    default:                 return false;   /* a King gives no check (4.2.3) but by discovery */
    }
}

/* Whether the side to move, with a Queen on the Apex, has a playable move
 * after which the opponent's King is attacked while one of its Queens still
 * stands on the Apex: the Ascension (8.1, R5), i.e. a win on the spot.  The
 * same test as node_end() at the child node.
 * @hint (or CHEOPS_MOVE_NONE), a move that was such a move in a related
 * position, is tried first and alone if it still is one; else the cost is
 * one move generation, a cheap filter (may_give_check()) and a do/undo
 * per move that passes it.  The move found goes to *@found (may be NULL).
 * No allocation. */
static bool
has_ascension_move (CheopsPosition *pos, CheopsMove hint, CheopsMove *found)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CheopsMove *end;
  CheopsSide us = pos->side_to_move;

  if (!queen_on_apex (pos, us))
    return false;
  if (hint != CHEOPS_MOVE_NONE && cheops_position_is_playable (pos, hint))
    {
      list[0] = hint;
      end = list + 1;
    }
  else
    end = list;
  for (int pass = 0; pass < 2; pass++)
    {
      CheopsCell ksq = pos->king[cheops_side_other (us)];
      CheopsCellSet disc = pass == 1 ? cheops_laws_position_sole_blockers (pos, ksq, us, pos->pieces[us][0]) : 0;

      for (CheopsMove *m = list; m < end; m++)
        {
          CheopsUndo undo;
          bool wins;

          if (pass == 1 && !may_give_check (pos, us, *m, ksq, disc))
            continue;
          cheops_position_do_move (pos, *m, &undo);
          wins = cheops_position_in_check (pos) && queen_on_apex (pos, us);
          cheops_position_undo_move (pos, *m, &undo);
          if (wins)
            {
              if (found != NULL)
                *found = *m;
              return true;
            }
        }
      if (pass == 0)
        end = cheops_generate_moves (pos, list);
    }
  return false;
}

/* Whether the opponent of the side to move (not in check) would have the
 * Ascension at once if the side to move passed: the null-move view of
 * has_ascension_move(), whose move goes to *@threat.  Only asked when the
 * opponent has a Queen on the Apex. */
static bool
ascension_threatened (CheopsPosition *pos, CheopsMove hint, CheopsMove *threat)
{
  CheopsUndo undo;
  bool threatened;

  if (!queen_on_apex (pos, cheops_side_other (pos->side_to_move)))
    return false;
  cheops_position_do_null_move (pos, &undo);
  threatened = has_ascension_move (pos, hint, threat);
  cheops_position_undo_null_move (pos, &undo);
  return threatened;
}

/* The bench positions are the initial position and positions reached in
 * games the engine played against itself, chosen for variety: openings,
 * middlegames with Queens racing for the Apex, checklock and endings. */
static const char *const bench_fens[] = {
  CHEOPS_LAWS_START_FEN,
  "1/q2/5/7/9/1P7pp/APP1P6pa/M1Q1PS3pp2sm/AKMS1PP2pApasmka q 3 6",
  "1/q2/3Q1/7/9/PP3S3pp/APPSP6pa/M7ppp2km/AKM2PP3p1asm1a q 0 12",
  "1/3/5/1S5/9/PP7pp/APP1P4p1pa/M3P1aPp1p2km/AKM8p2m1a q 0 19",
  "1/3/4p/P4S1/9/P6p1p1/APP1P6p1/M3P4p1a1km/AK6Ma1p2m1a q 0 27",
  "1/1M1/P3p/7/7p1/PP1S5p1/A1P1P3pp1pk/M3P5aa2m/1K1A5m6a q 1 37",
  "1/P2/3p1/5p1/5a1p1/PPP3p4/A1P3M1Pp1pk/M8Sa2am/1K1Am12 a 0 47",
  "1/3/5/6p/1S5s1/P1A8/A1PPP4pp1a/M1QPP4ppsq1m/AKM2SP3ppa1mka q 1 7",
  "1/3/4p/7/1A5p1/P2P7/A1P1P5p1a/M1QPP1P2pp1q1m/AKM6p1pa1mka q 0 13",
  "1/1p1/1q3/2A4/7p1/P2P6p/A1P1P7a/M1QPP2p1ap3m/AKM8p2mka q 3 20",
  "q/3/2q2/2A4/2P4p1/P1P7p/APP9a/MK2Pp2p1pM1km/A15a q 4 28",
  "1/3/5/7/9/P6p1ap/APPP6ps1/M1QSPS3pppq1m/AKM2P1AP2pasmka q 3 7",
  "1/3/5/6p/5a3/PSP1P5p/AP7pps1/M1Q1PS3pp1q1m/AKM2P2PaAp1smka q 1 13",
  "1/3/5/6p/4Pa3/PSP4p2p/APQ6sps1/M4S3p1aq1m/AKM4PP2p2mk1 q 0 20",
  "Q/3/5/7/P3p4/PS6a1p/AP5s2p2/6M2p1aqmm/AKM5P6k1 q 1 28",
  "1/P1A/5/7/2q6/1K4m3p/4m8/4A2ak6/17 a 28 132",
  NULL,
};

const EngineVariant engine_variant_cheops = {
  .variant          = &cheops_variant_cheops,
  .init             = evaluate_init,
  .evaluate         = evaluate,
  .evaluate_trace   = evaluate_trace,
  .piece_value      = piece_value,
  .node_end         = node_end,
  .no_move_loses    = false,   /* 4.2.4, 8.4.1, R4 */
  .repetition_draws = true,    /* 8.4.2-8.4.3 */
  .halfmove_draw    = 100,     /* 8.4.2, claimable; 150 is automatic (8.4.3) */
  .move_kind        = move_kind,
  .stage_tt_move    = false,   /* measured: README.md, "Staged generation" */
  .move_gain        = move_gain,
  .win_in_one       = has_ascension_move,
  .threat_in_one    = ascension_threatened,
  .threat_pending   = threat_pending,
  .check_extension  = check_extension,
  .null_move_ok     = null_move_ok,
  .bench_fens       = bench_fens,
  .bench_depth      = 8,
  .params           = params,
  .n_params         = (int) (sizeof params / sizeof params[0]),
};
