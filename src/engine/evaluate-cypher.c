/* evaluate-cypher.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the engine knows of Cypher chess (engine-variant.h;
 * shared/variants/cypher.md, rulings CY1..CY31): its static evaluation, the
 * end of the game at a node, its move kinds, a win in one and its threat
 * for the quiescence, and its bench positions.
 *
 * The end of the game (4.10, CY22, CY28): a finished position has no legal
 * move, so node_end() must tell a flip (the mover has won) and the
 * embedding and four-check draws from a checkmate or a stalemate, which the
 * generic search scores from the empty move list (no_move_in_check_loses:
 * checkmate loses, stalemate draws).  The third occurrence draws (CY23), so
 * any repetition since the last capture, pawn move or drop scores a draw
 * (repetition_draws).  There is no fifty-move rule (CY24).
 *
 * The evaluation, from the side to move's point of view, in centipawns
 * (src/engine/README.md gives the values and the self-play matches that
 * checked them):
 *
 *   material   Pawn, Knight, Bishop, Rook, Queen (3.1); the King and the
 *              Spy are never captured (3.4, CY25) and count 0; a pawn in
 *              hand (4.8, CY19) counts HAND: it returns only to an empty
 *              Border cell.
 *   pawns      by rows advanced from the start row (2.6): a pawn in
 *              sanctuary (CY10, rows 7-9 for White) cannot be captured, an
 *              embedded pawn (4.7) never moves but checks a Court King on
 *              its forward diagonals: + EMBED_NEAR when the enemy King
 *              stands on row 10 within two columns of it.
 *   activity   per major by its area (2.3): on the Border only pawns take
 *              it and it takes Field majors (3.4); in Court only the enemy
 *              Spy takes it; mobility per cell its movement reaches (not
 *              Court cells it may not enter, CY6); per enemy Field major
 *              that a Border or Court major attacks (3.4: only those may
 *              take Field majors) + ATTACK_MAJOR; per enemy pawn out of
 *              sanctuary attacked + ATTACK_PAWN; per own Court major the
 *              enemy Spy attacks - SPY_ATTACKS.
 *   safety     the King by its area (a Court King is checked only by an
 *              embedded pawn, CY13; a Border King by everything, CY14);
 *              flips (4.9): an enemy Court Spy in line with our Court King
 *              behind one blocker (an own piece pinned, an enemy piece a
 *              discovered flip), the enemy Spy one move from a flip line,
 *              our King two steps from the enemy Spy (a King flip next
 *              move) and the enemy King two steps from ours; a side whose
 *              four-check counter (4.10, CY21) is 3 may not give check
 *              again without drawing.
 *   tempo      + TEMPO for the side to move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine-variant.h"
#include "cypher.h"

#define N_CELLS CYPHER_CELL_NB
/* The set of one cell, from a table (a 128-bit shift by a variable costs
 * several instructions). */
#define BIT(c) (bit_of[c])
#define NONE CHEOPS_CELL_NONE

static int piece_value[CYPHER_PIECE_TYPE_NB] = { 0, 0, 900, 480, 330, 320, 100, 0 };
static int hand_value = 70;
/* By rows advanced from the start row: 0 on it, 2 on the Border, 4..5 in
 * sanctuary, 6 embedded. */
static int pawn_advance[7] = { 0, 5, 12, 18, 35, 40, 45 };
static int embed_near = 25;
static int court_major = 10;
static int border_major = 25;
static int mobility_weight = 2;
static int attack_major = 25;
static int attack_pawn = 6;
static int spy_attacks = 30;
static int king_court = 30;
static int king_border = -20;
static int pinned_line = 50;       /* our own piece alone between their Court Spy and our Court King */
static int discovered_line = 150;  /* their piece alone between: a discovered flip */
static int spy_threat = 120;       /* their Spy reaches a flip cell in one move */
static int king_hunt = 60;         /* our King two steps from their Spy */
static int checks_three = 15;
static int mate_in_one = 1;        /* win_in_one() looks for checkmates too */
static int mate_flight = 3;        /* ... against a King with at most this many free neighbours */

#define TEMPO 10

enum { TERM_MATERIAL, TERM_PAWNS, TERM_ACTIVITY, TERM_SAFETY, TERM_NB };
static const char *const term_name[TERM_NB] = { "material", "pawns", "activity", "safety" };

/* Geometry, built once (2.2, 2.3, 3.2). */
static CheopsCellSet bit_of[N_CELLS];
static CypherArea    area[N_CELLS];
static CheopsCellSet court, border, field;
static CheopsCellSet adj[N_CELLS];
static CheopsCellSet ring2[N_CELLS];           /* cells two King steps away */
static uint8_t       ray_len[N_CELLS][8];
static uint8_t       ray[N_CELLS][8][10];
static CheopsCellSet ray_mask[N_CELLS][8];
static CheopsCellSet short_leaps[N_CELLS], long_leaps[N_CELLS];
static CheopsCellSet between[N_CELLS][N_CELLS];
static bool          aligned[N_CELLS][N_CELLS];
static CheopsCellSet sanctuary[CHEOPS_SIDE_NB], embed_row[CHEOPS_SIDE_NB];
static int           advance[CHEOPS_SIDE_NB][N_CELLS];
static CheopsCellSet advance_cells[CHEOPS_SIDE_NB][7];   /* the cells of each advance[][] value */
static CheopsCellSet embed_near_cells[N_CELLS];          /* ring2 | adj: an embedded pawn near a King there */

static const int dir_dc[8] = { 1, -1, 0, 0, 1, 1, -1, -1 };
static const int dir_dr[8] = { 0, 0, 1, -1, 1, -1, 1, -1 };

static int
cell_of (int c, int r)
{
  return c >= 0 && c < CYPHER_COLUMNS && r >= 0 && r < CYPHER_ROWS ? 10 * r + c : -1;
}

/* Tuning by play: CHEOPS_ENGINE_EVAL_CYPHER="Q=950,R=500,hand=60,mob=3"
 * (README.md). */
static void
read_tuning (void)
{
  const EngineTuning items[] = {
    { "Q", { &piece_value[CYPHER_QUEEN] } },
    { "R", { &piece_value[CYPHER_ROOK] } },
    { "B", { &piece_value[CYPHER_BISHOP] } },
    { "N", { &piece_value[CYPHER_KNIGHT] } },
    { "P", { &piece_value[CYPHER_PAWN] } },
    { "hand", { &hand_value } },
    { "sanct", { &pawn_advance[4] } },
    { "embed", { &pawn_advance[6] } },
    { "embednear", { &embed_near } },
    { "court", { &court_major } },
    { "border", { &border_major } },
    { "mob", { &mobility_weight } },
    { "attack", { &attack_major } },
    { "attackpawn", { &attack_pawn } },
    { "spyattacks", { &spy_attacks } },
    { "kcourt", { &king_court } },
    { "kborder", { &king_border } },
    { "pinned", { &pinned_line } },
    { "discovered", { &discovered_line } },
    { "spythreat", { &spy_threat } },
    { "hunt", { &king_hunt } },
    { "checks3", { &checks_three } },
    { "mate1", { &mate_in_one } },
    { "flight", { &mate_flight } },
  };

  engine_read_tuning ("CHEOPS_ENGINE_EVAL_CYPHER", items, (int) (sizeof items / sizeof items[0]));
}

static void
evaluate_init (void)
{
  read_tuning ();
  for (int cell = 0; cell < N_CELLS; cell++)
    bit_of[cell] = (CheopsCellSet) 1 << cell;
  court = border = field = 0;
  sanctuary[0] = sanctuary[1] = embed_row[0] = embed_row[1] = 0;
  for (int cell = 0; cell < N_CELLS; cell++)
    {
      int c = cell % 10, r = cell / 10;

      area[cell] = r == 0 || r == 10 || c == 0 || c == 9 ? CYPHER_COURT
                   : r == 5 ? CYPHER_BORDER : CYPHER_FIELD;   /* 2.3, CY1 */
      if (area[cell] == CYPHER_COURT)
        court |= BIT (cell);
      else if (area[cell] == CYPHER_BORDER)
        border |= BIT (cell);
      else
        field |= BIT (cell);
      if (area[cell] != CYPHER_COURT)
        {
          if (r >= 7)
            sanctuary[CHEOPS_SIDE_A] |= BIT (cell);   /* CY10 */
          if (r <= 3)
            sanctuary[CHEOPS_SIDE_B] |= BIT (cell);
          if (r == 9)
            embed_row[CHEOPS_SIDE_A] |= BIT (cell);   /* 4.7 */
          if (r == 1)
            embed_row[CHEOPS_SIDE_B] |= BIT (cell);
        }
      advance[CHEOPS_SIDE_A][cell] = r >= 3 && r <= 9 ? r - 3 : 0;
      advance[CHEOPS_SIDE_B][cell] = r >= 1 && r <= 7 ? 7 - r : 0;

      adj[cell] = ring2[cell] = short_leaps[cell] = long_leaps[cell] = 0;
      for (int dc = -2; dc <= 2; dc++)
        for (int dr = -2; dr <= 2; dr++)
          {
            int to = cell_of (c + dc, r + dr);
            int d = abs (dc) > abs (dr) ? abs (dc) : abs (dr);
            if (to < 0)
              continue;
            if (d == 1)
              adj[cell] |= BIT (to);
            else if (d == 2)
              ring2[cell] |= BIT (to);
          }
      for (int a = -3; a <= 3; a++)
        for (int b = -3; b <= 3; b++)
          {
            int to = cell_of (c + a, r + b);
            if (to < 0)
              continue;
            if ((abs (a) == 1 && abs (b) == 2) || (abs (a) == 2 && abs (b) == 1))
              short_leaps[cell] |= BIT (to);   /* CY8 */
            if ((abs (a) == 1 && abs (b) == 3) || (abs (a) == 3 && abs (b) == 1))
              long_leaps[cell] |= BIT (to);
          }
      for (int d = 0; d < 8; d++)
        {
          CheopsCellSet passed = 0;
          int n = 0;

          ray_mask[cell][d] = 0;
          for (int k = 1;; k++)
            {
              int to = cell_of (c + k * dir_dc[d], r + k * dir_dr[d]);
              if (to < 0)
                break;
              ray[cell][d][n++] = (uint8_t) to;
              ray_mask[cell][d] |= BIT (to);
              aligned[cell][to] = true;
              between[cell][to] = passed;
              passed |= BIT (to);
            }
          ray_len[cell][d] = (uint8_t) n;
        }
    }
  for (int sd = 0; sd < CHEOPS_SIDE_NB; sd++)
    for (int k = 0; k < 7; k++)
      advance_cells[sd][k] = 0;
  for (int cell = 0; cell < N_CELLS; cell++)
    {
      for (int sd = 0; sd < CHEOPS_SIDE_NB; sd++)
        advance_cells[sd][advance[sd][cell]] |= BIT (cell);
      embed_near_cells[cell] = ring2[cell] | adj[cell];
    }
}

/* The cells a piece of kind @type on @from reaches by movement (3.2). */
static inline CheopsCellSet
reach (CheopsPieceType type, CheopsCell from, CheopsCellSet occ)
{
  switch (type)
    {
    case CYPHER_KING: return adj[from];
    case CYPHER_QUEEN: case CYPHER_SPY: return cypher_slide (from, 0, 8, occ);   /* the core's (cypher.h) */
    case CYPHER_ROOK: return cypher_slide (from, 0, 4, occ);
    case CYPHER_BISHOP: return cypher_slide (from, 4, 8, occ);
    case CYPHER_KNIGHT:
      return area[from] == CYPHER_FIELD ? short_leaps[from]
             : area[from] == CYPHER_COURT ? long_leaps[from]
             : short_leaps[from] | long_leaps[from];   /* CY8 */
    default: return 0;
    }
}

static inline CheopsCell
spy_of (const CheopsPosition *pos, CheopsSide side)
{
  CheopsCellSet s = pos->pieces[side][CYPHER_SPY];
  return s ? cheops_cellset_first (s) : NONE;
}

/* What blocks check and flip lines: every piece but a Spy on a Field or
 * Border cell (4.2: Spy transparency, CY15). */
static inline CheopsCellSet
line_blockers (const CheopsPosition *pos)
{
  CheopsCellSet spies = pos->pieces[0][CYPHER_SPY] | pos->pieces[1][CYPHER_SPY];
  return pos->occupied & ~(spies & ~court);
}

/* The Court cells from which a Spy would flip a King on the Court cell
 * @king (4.9): in line with it, every cell between empty or a Field or
 * Border Spy; @blockers the line blockers without that Spy. */
static __attribute__ ((noinline)) CheopsCellSet
flip_cells (CheopsCell king, CheopsCellSet blockers)
{
  /* Each ray up to and including its first blocker: a slide. */
  return cypher_slide (king, 0, 8, blockers) & court;
}

/* The activity of one side's majors (the file's header): what
 * evaluate_terms() shares with them, and the enemy Spy's reach, made at the
 * first Court major. */
typedef struct {
  CheopsCellSet occ, own, enemy_field_majors, enemy_pawns;
  CheopsCell    espy;
  CheopsCellSet espy_reach;
  bool          espy_reach_made;
  /* What the activity counts, weighted once all majors are counted. */
  int           mobility, majors_attacked, pawns_attacked, on_border, on_court, spy_attacked;
} MajorTerms;

/* Adds to @m the activity of the majors of kind @type on @set. */
static inline __attribute__ ((always_inline)) void
major_terms (MajorTerms *m, CheopsPieceType type, CheopsCellSet set)
{
  while (set)
    {
      CheopsCell cell = cheops_cellset_pop (&set);
      CheopsCellSet r = reach (type, cell, m->occ) & ~m->own;

      if (area[cell] != CYPHER_COURT)
        r &= ~court;   /* CY6 */
      m->mobility += cheops_cellset_count (r);
      if (area[cell] != CYPHER_FIELD)
        m->majors_attacked += cheops_cellset_count (r & m->enemy_field_majors);
      m->pawns_attacked += cheops_cellset_count (r & m->enemy_pawns);
      if (area[cell] == CYPHER_BORDER)
        m->on_border++;
      else if (area[cell] == CYPHER_COURT)
        {
          m->on_court++;
          if (m->espy != NONE && !m->espy_reach_made)
            {
              m->espy_reach = cypher_slide (m->espy, 0, 8, m->occ);
              m->espy_reach_made = true;
            }
          if (m->espy_reach & BIT (cell))
            m->spy_attacked++;   /* CY26 */
        }
    }
}

static void
evaluate_terms (const CheopsPosition *pos, int terms[CHEOPS_SIDE_NB][TERM_NB])
{
  CheopsCellSet occ = pos->occupied, blockers = line_blockers (pos);

  memset (terms, 0, sizeof (int) * CHEOPS_SIDE_NB * TERM_NB);
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      CheopsSide us = (CheopsSide) s, them = cheops_side_other (us);
      CheopsCellSet own = pos->pieces[us][0];
      CheopsCellSet enemy_field_majors = (pos->pieces[them][CYPHER_QUEEN] | pos->pieces[them][CYPHER_ROOK]
                                          | pos->pieces[them][CYPHER_BISHOP] | pos->pieces[them][CYPHER_KNIGHT])
                                         & field;
      CheopsCellSet enemy_pawns = pos->pieces[them][CYPHER_PAWN] & ~sanctuary[them] & ~embed_row[them];
      CheopsCell king = pos->king[us], eking = pos->king[them];
      CheopsCell espy = spy_of (pos, them), spy = spy_of (pos, us);
      CheopsCellSet espy_reach = 0;   /* made at the first Court major */
      bool espy_reach_made = false;
      int *term = terms[s];

      /* Material and activity, a type at a time (each reach() made for
       * its one kind of piece). */
      {
        MajorTerms m = { occ, own, enemy_field_majors, enemy_pawns, espy, 0, false, 0, 0, 0, 0, 0, 0 };

        for (int type = CYPHER_QUEEN; type <= CYPHER_KNIGHT; type++)
          term[TERM_MATERIAL] += piece_value[type] * cheops_cellset_count (pos->pieces[us][type]);
        major_terms (&m, CYPHER_QUEEN, pos->pieces[us][CYPHER_QUEEN]);
        major_terms (&m, CYPHER_ROOK, pos->pieces[us][CYPHER_ROOK]);
        major_terms (&m, CYPHER_BISHOP, pos->pieces[us][CYPHER_BISHOP]);
        major_terms (&m, CYPHER_KNIGHT, pos->pieces[us][CYPHER_KNIGHT]);
        term[TERM_ACTIVITY] += mobility_weight * m.mobility + attack_major * m.majors_attacked
                               + attack_pawn * m.pawns_attacked + border_major * m.on_border
                               + court_major * m.on_court - spy_attacks * m.spy_attacked;
        espy_reach = m.espy_reach;
        espy_reach_made = m.espy_reach_made;
      }

      /* Pawns and the hand, counted by cell sets: each pawn by its
       * advance, an embedded pawn near (two King steps or less) the
       * enemy Court King (ring2 and adj are symmetric). */
      {
        CheopsCellSet set = pos->pieces[us][CYPHER_PAWN];
        term[TERM_MATERIAL] += hand_value * pos->hand[us][CYPHER_PAWN];
        if (set)
          {
            term[TERM_MATERIAL] += piece_value[CYPHER_PAWN] * cheops_cellset_count (set);
            for (int k = 0; k < 7; k++)
              if (set & advance_cells[us][k])
                term[TERM_PAWNS] += pawn_advance[k] * cheops_cellset_count (set & advance_cells[us][k]);
            if (eking != NONE && area[eking] == CYPHER_COURT)
              term[TERM_PAWNS] += embed_near * cheops_cellset_count (set & embed_row[us] & embed_near_cells[eking]);
          }
      }

      /* Safety: the King's area, flips (4.9), the four-check counter. */
      if (king == NONE)
        continue;
      if (area[king] == CYPHER_COURT)
        {
          term[TERM_SAFETY] += king_court;
          if (espy != NONE && area[espy] == CYPHER_COURT)
            {
              if (aligned[espy][king])
                {
                  CheopsCellSet b = between[espy][king] & blockers;
                  if (cheops_cellset_count (b) == 1)
                    term[TERM_SAFETY] -= (b & own) ? pinned_line : discovered_line;
                }
            }
          if (espy != NONE)
            {
              CheopsCellSet fc = flip_cells (king, blockers & ~BIT (espy));
              if (!espy_reach_made)
                {
                  espy_reach = cypher_slide (espy, 0, 8, occ);
                  espy_reach_made = true;
                }
              if (espy_reach & fc & ~occ)
                term[TERM_SAFETY] -= spy_threat;
            }
        }
      else if (area[king] == CYPHER_BORDER)
        term[TERM_SAFETY] += king_border;
      if (espy != NONE && (ring2[king] & BIT (espy))
          && !(area[king] == CYPHER_COURT && area[espy] == CYPHER_COURT))
        term[TERM_SAFETY] += king_hunt;
      (void) spy;
      if (pos->state[CYPHER_STATE_CHECKS_A + us] >= 3)
        term[TERM_SAFETY] -= checks_three;
    }
}

static int
evaluate (const CheopsPosition *pos)
{
  int terms[CHEOPS_SIDE_NB][TERM_NB];
  CheopsSide us = pos->side_to_move;
  CheopsSide them = cheops_side_other (us);
  int score = TEMPO;

  evaluate_terms (pos, terms);
  for (int t = 0; t < TERM_NB; t++)
    score += terms[us][t] - terms[them][t];
  return score;
}

static void
evaluate_trace (const CheopsPosition *pos, EnginePrintFunc print)
{
  int terms[CHEOPS_SIDE_NB][TERM_NB];

  evaluate_terms (pos, terms);
  print ("%-10s %6s %6s %6s", "term", "w", "b", "w-b");
  for (int t = 0; t < TERM_NB; t++)
    print ("%-10s %6d %6d %6d", term_name[t], terms[0][t], terms[1][t], terms[0][t] - terms[1][t]);
  print ("Evaluation (side to move, tempo included): %d", evaluate (pos));
}

/* 4.10, CY22: a flip by the mover ends the game at once (the side to move
 * has lost); the embedding draw and the fourth check are asked of the core
 * (a fourth check that mates still wins).  Checkmate and stalemate are the
 * search's empty move list. */
static NodeEnd
node_end (const CheopsPosition *pos, bool in_check)
{
  CheopsSide mover = cheops_side_other (pos->side_to_move);
  uint32_t mark = pos->state[CYPHER_STATE_MARK];

  (void) in_check;
  if (cypher_position_king_flips (pos, mover) || cypher_position_spy_flips (pos, mover))
    return NODE_LOST;
  if (pos->state[CYPHER_STATE_CHECKS_A + mover] >= 4
      || (mark < N_CELLS && (embed_row[mover] & BIT (mark))))
    {
      CheopsOutcome o = cheops_position_outcome (pos);
      if (o != CHEOPS_OUTCOME_NONE)
        {
          CheopsWinner w = cheops_variant_outcome_winner (pos->variant, o);
          return w == CHEOPS_WINNER_DRAW ? NODE_DRAWN
                 : w == (CheopsWinner) pos->side_to_move ? NODE_GOES_ON : NODE_LOST;
        }
    }
  return NODE_GOES_ON;
}

/* Whether the plain move @from-@to of a piece of the side to move is a
 * flip by the geometry alone (the move is legal): a King next to the enemy
 * Spy, not both on Court, or the Spy onto a Court cell in open line with
 * the enemy Court King (4.9). */
static bool
is_flip_move (const CheopsPosition *pos, CheopsCell from, CheopsCell to)
{
  CheopsSide us = pos->side_to_move, them = cheops_side_other (us);
  CheopsPieceType type = cheops_piece_type (pos->board[from]);

  if (type == CYPHER_KING)
    {
      CheopsCell espy = spy_of (pos, them);
      return espy != NONE && (adj[to] & BIT (espy))
             && !(area[to] == CYPHER_COURT && area[espy] == CYPHER_COURT);
    }
  if (type == CYPHER_SPY)
    {
      CheopsCell ek = pos->king[them];
      return area[to] == CYPHER_COURT && ek != NONE && area[ek] == CYPHER_COURT && aligned[to][ek]
             && !(between[to][ek] & line_blockers (pos) & ~BIT (from));
    }
  return false;
}

static int
move_kind (const CheopsPosition *pos, CheopsMove move)
{
  CheopsCell from, to;

  if (cheops_move_kind (move) != CHEOPS_MOVE_NORMAL)
    return MOVE_QUIET;   /* drops and compound moves never capture (4.4, 4.8) */
  from = cheops_move_from (move);
  to = cheops_move_to (move);
  if (pos->board[to] != CHEOPS_NO_PIECE)
    return MOVE_CAPTURE;
  if (is_flip_move (pos, from, to))
    return MOVE_SPECIAL;
  return MOVE_QUIET;
}

/* move_kind() of a whole list: a plain move onto a piece is a capture; only
 * a move of our King (when the enemy has a Spy) or of our Spy (when the
 * enemy King is on Court) may flip (is_flip_move()). */
static void
move_kinds (const CheopsPosition *pos, const CheopsMove *moves, int n, uint8_t *kinds)
{
  CheopsSide us = pos->side_to_move, them = cheops_side_other (us);
  CheopsCell ek = pos->king[them];
  /* The kinds whose moves may flip: none (0), the King, the Spy. */
  CheopsPieceType king = pos->pieces[them][CYPHER_SPY] ? CYPHER_KING : 0;
  CheopsPieceType spy = ek != NONE && area[ek] == CYPHER_COURT ? CYPHER_SPY : 0;

  for (int i = 0; i < n; i++)
    {
      CheopsMove move = moves[i];
      CheopsCell from = cheops_move_from (move), to = cheops_move_to (move);
      int kind = MOVE_QUIET;

      if (cheops_move_kind (move) != CHEOPS_MOVE_NORMAL)
        ;   /* drops and compound moves never capture (4.4, 4.8) */
      else if (pos->board[to] != CHEOPS_NO_PIECE)
        kind = MOVE_CAPTURE;
      else
        {
          CheopsPieceType t = cheops_piece_type (pos->board[from]);

          if ((t == king || t == spy) && is_flip_move (pos, from, to))
            kind = MOVE_SPECIAL;
        }
      kinds[i] = (uint8_t) kind;
    }
}

/* The moves that may be captures or flips (move_kind() != MOVE_QUIET), in
 * the order of cheops_generate_moves(): the plain moves onto enemy pieces,
 * the King's moves next to the enemy Spy and the Spy's onto a Court cell in
 * line with the enemy Court King (a superset of the flips, which
 * move_kind() sorts out); and @also when it is playable, in its place (the
 * moves of its piece to its cell: the picker's order is then that of the
 * whole list filtered, so the search is the same).  The core's filtered
 * generator plays out no move but those. */
static CheopsMove *
generate_tactical (const CheopsPosition *pos, CheopsMove also, CheopsMove *list)
{
  CheopsSide us = pos->side_to_move, them = cheops_side_other (us);
  CheopsCell espy = spy_of (pos, them), ek = pos->king[them];
  const CheopsCellSet *e = pos->pieces[them];
  CheopsCellSet majors = e[CYPHER_QUEEN] | e[CYPHER_ROOK] | e[CYPHER_BISHOP] | e[CYPHER_KNIGHT];
  CheopsCellSet pawns = e[CYPHER_PAWN] & ~sanctuary[them];
  CypherMoveFilter filter = { .from = pos->pieces[us][0] };

  /* The enemy pieces each kind may ever take (3.4): never a King or a Spy
   * (CY25) nor a pawn in sanctuary (CY10); a Court major only by the Spy
   * (CY26), which takes nothing else; a Border major only by a pawn; a
   * Field major by a pawn, or by a major or King as the capture table
   * says.  The other captures are not legal moves: leaving their cells out
   * of the filter keeps the same list and skips more pieces at once. */
  for (int t = 0; t < CYPHER_PIECE_TYPE_NB; t++)
    filter.to[t] = pawns | (majors & field);
  filter.to[CYPHER_PAWN] = pawns | (majors & ~court);
  filter.to[CYPHER_SPY] = majors & court;
  if (espy != NONE)
    filter.to[CYPHER_KING] |= adj[espy];
  if (ek != NONE && area[ek] == CYPHER_COURT)
    for (int d = 0; d < 8; d++)
      filter.to[CYPHER_SPY] |= ray_mask[ek][d] & court;
  if (also != CHEOPS_MOVE_NONE)
    {
      CheopsCell to = cheops_move_to (also);

      if (to < N_CELLS && cheops_move_kind (also) == CHEOPS_MOVE_DROP)
        filter.drops = BIT (to);
      else if (to < N_CELLS && cheops_move_from (also) < N_CELLS)
        {
          CheopsPiece piece = pos->board[cheops_move_from (also)];

          if (piece != CHEOPS_NO_PIECE && cheops_piece_side (piece) == us)
            filter.to[cheops_piece_type (piece)] |= BIT (to);
          filter.compound = cheops_move_kind (also) == CHEOPS_MOVE_COMPOUND;
        }
    }
  return cypher_generate_moves_filtered (pos, &filter, list);
}

/* A captured pawn goes to its owner's hand (4.8): the gain is the pawn on
 * the board less the pawn in hand. */
static int
move_gain (const CheopsPosition *pos, CheopsMove move)
{
  CheopsPiece victim;

  if (cheops_move_kind (move) != CHEOPS_MOVE_NORMAL)
    return 0;
  victim = pos->board[cheops_move_to (move)];
  if (victim == CHEOPS_NO_PIECE)
    return 0;
  if (cheops_piece_type (victim) == CYPHER_PAWN)
    return piece_value[CYPHER_PAWN] - hand_value;
  return piece_value[cheops_piece_type (victim)];
}

/* A move list per thread for the hooks below (they do not recurse). */
static _Thread_local CheopsMove hook_moves[CHEOPS_MAX_MOVES];

/* Whether the side to move may flip next move, by the geometry: its King
 * two steps from the enemy Spy (not both on Court), or the enemy King on
 * Court with our Spy able to reach a flip cell or one of our pieces alone
 * between our Court Spy and it (a discovered flip).  *@blocker: that
 * piece's cell, or NONE. */
static bool
flip_possible (const CheopsPosition *pos, CheopsCell *blocker)
{
  CheopsSide us = pos->side_to_move, them = cheops_side_other (us);
  CheopsCell king = pos->king[us], ek = pos->king[them];
  CheopsCell spy = spy_of (pos, us), espy = spy_of (pos, them);
  bool possible = false;

  *blocker = NONE;
  if (king != NONE && espy != NONE && (ring2[king] & BIT (espy)))
    possible = true;
  if (ek != NONE && spy != NONE && area[ek] == CYPHER_COURT)
    {
      CheopsCellSet blockers = line_blockers (pos);
      if (area[spy] == CYPHER_COURT && aligned[spy][ek])
        {
          CheopsCellSet b = between[spy][ek] & blockers;
          if (cheops_cellset_count (b) == 1 && (b & pos->pieces[us][0]))
            {
              *blocker = cheops_cellset_first (b);
              possible = true;
            }
        }
      if (cypher_slide (spy, 0, 8, pos->occupied) & ~pos->occupied & flip_cells (ek, blockers & ~BIT (spy)))
        possible = true;
    }
  return possible;
}

/* The win in one of the side to move (not in check): a flip (4.9) or, with
 * mate_in_one, a checkmate; flips only when @flips_only. */
static bool
find_win (CheopsPosition *pos, CheopsMove hint, CheopsMove *found, bool flips_only)
{
  CheopsSide us = pos->side_to_move, them = cheops_side_other (us);
  CheopsCell blocker, ek = pos->king[them];
  bool flips = flip_possible (pos, &blocker);
  /* A checkmate in one is looked for only against a King with few cells
   * to go to (at most mate_flight of its neighbours free of its own
   * pieces) and, on Court, only with a pawn one step from embedding (CY13:
   * nothing else checks a Court King). */
  bool mates = !flips_only && mate_in_one && ek != NONE
               && cheops_cellset_count (adj[ek] & ~pos->pieces[them][0]) <= mate_flight
               && (area[ek] != CYPHER_COURT || (pos->pieces[us][CYPHER_PAWN] & ~embed_row[us]
                                                 & (us == CHEOPS_SIDE_A ? (CheopsCellSet) 0xff << 81
                                                                         : (CheopsCellSet) 0xff << 21)));
  CheopsMove *end;
  CheopsCell king = pos->king[us], spy = spy_of (pos, us), espy = spy_of (pos, them);
  CypherMoveFilter filter;
  int n;

  if (!flips && !mates)
    return false;
  /* Cleared only now: most nodes have no win to look for. */
  memset (&filter, 0, sizeof filter);
  /* The moves that may flip (4.9): a King flip needs our King to step next
   * to the enemy Spy (no other move brings them together: L2 keeps the Spy
   * from ending next to a King); a Spy flip needs our Spy on a Court cell
   * in line with the enemy Court King, so a plain Spy move onto such a cell
   * (a compound move takes the Spy off Court) or a move of the one own
   * blocker between them, anywhere; a drop only adds a blocker. */
  if (king != NONE)
    filter.from |= BIT (king);
  if (spy != NONE)
    filter.from |= BIT (spy);
  if (espy != NONE)
    filter.to[CYPHER_KING] = adj[espy];
  if (ek != NONE && area[ek] == CYPHER_COURT)
    for (int d = 0; d < 8; d++)
      filter.to[CYPHER_SPY] |= ray_mask[ek][d] & court;
  if (blocker != NONE)
    {
      filter.from |= BIT (blocker);
      filter.to[cheops_piece_type (pos->board[blocker])] = ~(CheopsCellSet) 0;
    }
  /* Only those moves are generated, and those that may give check (the
   * core's geometry) when looking for checkmates too, in the order of the
   * whole list (so the move found is the same). */
  if (mates)
    {
      CypherMoveFilter both = filter;

      cypher_position_check_filter (pos, &both);
      end = cypher_generate_moves_filtered (pos, &both, hook_moves);
    }
  else
    end = cypher_generate_moves_filtered (pos, &filter, hook_moves);
  n = (int) (end - hook_moves);
  for (int i = -1; i < n; i++)
    {
      CheopsMove move;
      CheopsUndo undo;
      bool win = false;
      CheopsCell from;

      if (i < 0)
        {
          /* The hint first, if it is one of the moves. */
          bool listed = false;
          if (hint == CHEOPS_MOVE_NONE)
            continue;
          for (int j = 0; j < n && !listed; j++)
            listed = hook_moves[j] == hint;
          if (!listed)
            continue;
          move = hint;
        }
      else if ((move = hook_moves[i]) == hint)
        continue;
      /* Only a move that may flip (above) or gives check (a checkmate)
       * can win: the others are not played. */
      from = cheops_move_from (move);
      if (!(cheops_move_kind (move) == CHEOPS_MOVE_NORMAL && (filter.from & BIT (from))
            && (filter.to[cheops_piece_type (pos->board[from])] & BIT (cheops_move_to (move))))
          && !(mates && cypher_position_gives_check (pos, move)))
        continue;
      cheops_position_do_move (pos, move, &undo);
      if (cypher_position_king_flips (pos, us) || cypher_position_spy_flips (pos, us))
        win = true;
      else if (mates && cheops_position_in_check (pos))
        {
          CheopsOutcome o = cheops_position_outcome (pos);
          win = o != CHEOPS_OUTCOME_NONE && cheops_variant_outcome_winner (pos->variant, o) == (CheopsWinner) us;
        }
      cheops_position_undo_move (pos, move, &undo);
      if (win)
        {
          if (found != NULL)
            *found = move;
          return true;
        }
    }
  return false;
}

static bool
win_in_one (CheopsPosition *pos, CheopsMove hint, CheopsMove *found)
{
  return find_win (pos, hint, found, false);
}

/* The opponent's flip in one if we passed (checkmates are left to the
 * search: looking for them here costs more than it finds). */
static bool
threat_in_one (CheopsPosition *pos, CheopsMove hint, CheopsMove *threat)
{
  CheopsUndo undo;
  bool found;

  cheops_position_do_null_move (pos, &undo);
  found = find_win (pos, hint, threat, true);
  cheops_position_undo_null_move (pos, &undo);
  return found;
}

/* Stalemate only draws (4.10), so zugzwang matters little: a null move
 * with any major piece. */
static bool
null_move_ok (const CheopsPosition *pos)
{
  CheopsSide us = pos->side_to_move;
  return (pos->pieces[us][CYPHER_QUEEN] | pos->pieces[us][CYPHER_ROOK] | pos->pieces[us][CYPHER_BISHOP]
          | pos->pieces[us][CYPHER_KNIGHT]) != 0;
}

/* The start and positions from the engine's games (README.md: the Cypher
 * bench signature). */
static const char *const bench_fens[] = {
  CYPHER_START_FEN,
  "4s5/1r1n2nr2/3Q1kb3/1p4ppp1/4pp4/1p8/3PSq4/1PP4PP1/3B1KB3/2RN2NR2/10 w PPPp 0+0 - 0 11",
  "s9/3n2nr2/1r4b3/1Q4ppp1/4pk4/1p2N1q1p1/3P2S1P1/1PP7/3B2B3/2RNK2R2/10 w PPPPpp 0+0 - 1 21",
  "10/6nr2/1r3kb3/3s2p1p1/4p2p2/1p1n3Q2/3P2N1P1/1PPK2S3/3B2B3/1q1N4R1/10 w PPPPppp 0+0 a1 0 31",
  "10/3n3r2/2r3k3/3psn1pp1/2p2pp3/1pP2qp1P1/3P1P1P2/1P2P5/S2Q1K4/3N2NR2/2R7 w P 0+0 - 0 16",
  "10/3n4k1/2r7/3p2P3/2p5p1/1pPpP1npP1/3P6/1P1K6/4Q5/1S1N2p1s1/2R2q4 w PPp 0+0 - 0 36",
  "5n4/6P1k1/10/3p6/K1p5p1/1pPpnqQ1r1/RP5p2/S2p6/2s7/6p3/10 w PPPPP 0+0 - 0 61",
  "1q8/6P3/R5nk2/7P2/1Kp5p1/1pP2QrSP1/1P1p6/7s2/10/3p2pp2/10 w PPPp 0+2 - 3 96",
  NULL,
};

const EngineVariant engine_variant_cypher = {
  .variant          = &cheops_variant_cypher,
  .init             = evaluate_init,
  .evaluate         = evaluate,
  .evaluate_trace   = evaluate_trace,
  .piece_value      = piece_value,
  .node_end         = node_end,
  .no_move_loses    = false,   /* stalemate draws (4.10 row 5) */
  .no_move_in_check_loses = true,   /* checkmate (4.10 row 2) */
  .repetition_draws = true,    /* CY23: the third occurrence draws */
  .halfmove_draw    = 0,       /* CY24: no fifty-move rule */
  .move_kind        = move_kind,
  .move_kinds       = move_kinds,
  .generate_tactical = generate_tactical,
  .gives_check      = cypher_position_gives_check,
  .move_checked     = cypher_position_move_checked,
  .stage_tt_move    = false,   /* measured when is_playable() generated the whole list: README.md, "Staged generation" */
  .move_gain        = move_gain,
  .win_in_one       = win_in_one,
  .threat_in_one    = threat_in_one,
  .threat_pending   = NULL,
  .check_extension  = NULL,
  .null_move_ok     = null_move_ok,
  .bench_fens       = bench_fens,
  .bench_depth      = 5,
};
