/* cypher-position.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cypher chess placement, Zobrist keys, playing and taking back moves,
 * check (4.2), flips (4.9), legal move generation (3.2-3.4, 4.3-4.8) and
 * the end of the game (4.10).
 *
 * Legality: the moves a piece may make by its movement, capture and
 * Court-entry rules are generated first.  When the position itself obeys
 * L1-L4 for the side to move (it is not in check, no Spy stands next to a
 * King or the other Spy, no Court Spy sees its King), most moves are known
 * legal from cell sets alone (see fast_state()): a move that neither moves
 * the King nor empties a cell that shields the King from a line (pins, 4.2
 * with Spy transparency, and the Court Spy's flip line, 4.9) cannot expose
 * it, since a move only adds blockers, and its captures only take checkers
 * and colluders away.  The other moves (King moves, moves of pinned
 * pieces, moves in check) are judged in the position after them without
 * playing them, by the lines to the King (king_legal(), geo_legal()),
 * wherever L2 and L3 hold before the move; only where they do not is a
 * move played on a scratch copy of the position and kept when the
 * position after the whole move obeys L1-L4 (4.3), then taken back.
 * cypher_generate_moves_reference() plays every move so: the slow, sure
 * reference the fast path is cross-checked against.  Nothing is
 * allocated.
 */
#include "cypher-private.h"

#include <limits.h>
#include <string.h>

#define ZOBRIST(piece, cell) \
  cy_zobrist[cheops_piece_side (piece)][cheops_piece_type (piece)][cell]

/* Placing and lifting a piece on the cell sets and the board, without the
 * key: for taking a move back, whose key is restored whole from the undo
 * record.  The cell's set is read from cy_bit[]. */
static inline void
place_piece (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece)
{
  CheopsCellSet bit = CY_BIT (cell);
  CheopsSide side = cheops_piece_side (piece);

  pos->board[cell] = piece;
  pos->pieces[side][cheops_piece_type (piece)] |= bit;
  pos->pieces[side][0] |= bit;
  pos->occupied |= bit;
}

static inline void
lift_piece (CheopsPosition *pos, CheopsCell cell)
{
  CheopsPiece piece = pos->board[cell];
  CheopsCellSet bit = CY_BIT (cell);
  CheopsSide side = cheops_piece_side (piece);

  pos->board[cell] = CHEOPS_NO_PIECE;
  pos->pieces[side][cheops_piece_type (piece)] &= ~bit;
  pos->pieces[side][0] &= ~bit;
  pos->occupied &= ~bit;
}

/* cheops__position_add_piece() and cheops__position_remove_piece(): the
 * above, with the key. */
static inline void
add_piece (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece)
{
  place_piece (pos, cell, piece);
  pos->key ^= ZOBRIST (piece, cell);
}

static inline void
remove_piece (CheopsPosition *pos, CheopsCell cell)
{
  CheopsPiece piece = pos->board[cell];

  lift_piece (pos, cell);
  pos->key ^= ZOBRIST (piece, cell);
}

void
cypher_position_clear (CheopsPosition *pos)
{
  cheops__position_clear (pos, &cheops_variant_cypher);
  pos->state[CYPHER_STATE_MARK] = CY_NONE;
}

void
cypher_position_put (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece)
{
  if (cell >= CY_N)
    return;
  pos->state[CYPHER_STATE_IN_CHECK] = CYPHER_IN_CHECK_UNKNOWN;
  if (pos->board[cell] != CHEOPS_NO_PIECE)
    {
      CheopsPiece old = pos->board[cell];
      CheopsSide s = cheops_piece_side (old);

      remove_piece (pos, cell);
      if (cheops_piece_type (old) == CYPHER_KING && pos->king[s] == cell)
        {
          CheopsCellSet kings = pos->pieces[s][CYPHER_KING];
          pos->king[s] = kings ? cheops_cellset_first (kings) : CHEOPS_CELL_NONE;
        }
    }
  if (piece != CHEOPS_NO_PIECE)
    {
      add_piece (pos, cell, piece);
      if (cheops_piece_type (piece) == CYPHER_KING)
        pos->king[cheops_piece_side (piece)] = cell;
    }
}

void
cypher_position_set_side (CheopsPosition *pos, CheopsSide side)
{
  if (pos->side_to_move != side)
    {
      pos->side_to_move = side;
      pos->key ^= cy_zobrist_side;
      pos->state[CYPHER_STATE_IN_CHECK] = CYPHER_IN_CHECK_UNKNOWN;
    }
}

static inline unsigned
small (unsigned v, unsigned max)
{
  return v < max ? v : max;
}

uint64_t
cypher_position_compute_key (const CheopsPosition *pos)
{
  uint64_t key = pos->side_to_move == CHEOPS_SIDE_B ? cy_zobrist_side : 0;

  for (int c = 0; c < CY_N; c++)
    if (pos->board[c])
      key ^= ZOBRIST (pos->board[c], c);
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      key ^= cy_zobrist_hand[s][small (pos->hand[s][CYPHER_PAWN], 16)];
      key ^= cy_zobrist_checks[s][small (pos->state[CYPHER_STATE_CHECKS_A + s], 15)];
    }
  key ^= cy_mark_key (pos->state[CYPHER_STATE_MARK]);
  return key;
}

/* ------------------------------------------------------------ check */

CheopsCell
cypher_position_spy (const CheopsPosition *pos, CheopsSide side)
{
  CheopsCellSet spy = pos->pieces[side][CYPHER_SPY];

  return spy ? cheops_cellset_first (spy) : CY_NONE;
}

static inline CheopsCellSet
majors (const CheopsPosition *pos, CheopsSide side)
{
  const CheopsCellSet *p = pos->pieces[side];

  return p[CYPHER_QUEEN] | p[CYPHER_ROOK] | p[CYPHER_BISHOP] | p[CYPHER_KNIGHT];
}

/* 4.2, CY16: a Field Spy with an own Field major next to it colludes, and so
 * does each such major; the majors on @taken (just captured) do not count. */
static inline CheopsCellSet
colluders_of (const CheopsCellSet *p, CheopsCellSet taken)
{
  CheopsCellSet spy = p[CYPHER_SPY] & cy_field, near;

  if (!spy)
    return 0;
  near = cy_adj[cheops_cellset_first (spy)] & (p[CYPHER_QUEEN] | p[CYPHER_ROOK] | p[CYPHER_BISHOP] | p[CYPHER_KNIGHT])
         & cy_field & ~taken;
  return near ? near | spy : 0;
}

static inline CheopsCellSet
colluders_without (const CheopsPosition *pos, CheopsSide side, CheopsCellSet taken)
{
  return colluders_of (pos->pieces[side], taken);
}

static inline CheopsCellSet
colluders (const CheopsPosition *pos, CheopsSide side)
{
  return colluders_without (pos, side, 0);
}

CheopsCellSet
cypher_position_colluders (const CheopsPosition *pos, CheopsSide side)
{
  return colluders (pos, side);
}

/* The cells that block lines of check and flip: every piece but a Spy on a
 * Field or Border cell (Spy transparency, 4.2, CY15). */
static inline CheopsCellSet
line_blockers (const CheopsPosition *pos)
{
  return pos->occupied & ~((pos->pieces[CHEOPS_SIDE_A][CYPHER_SPY] | pos->pieces[CHEOPS_SIDE_B][CYPHER_SPY]) & ~cy_court);
}

/* Whether the pieces @p (by type) of side @e check a King of the other
 * side on @k (4.2's table), with @blockers the line blockers, the pieces
 * on @taken gone (captured by that King's move) and those on @exclude not
 * counting as checkers (the flipped Spy after a King flip, CY4). */
static inline bool
attacked_by (const CheopsCellSet *p, CheopsSide e, CheopsCell k, CheopsCellSet blockers,
             CheopsCellSet taken, CheopsCellSet exclude)
{
  CheopsCellSet pawns, major_ok, spy_ok, king_ok, s;

  exclude |= taken;
  pawns = p[CYPHER_PAWN] & cy_pawn_attackers[e][k] & ~exclude;
  if (cy_area[k] == CYPHER_COURT)
    return (pawns & cy_embed_row[e]) != 0;   /* CY13: only an embedded pawn */
  if (pawns)
    return true;
  if (cy_area[k] == CYPHER_BORDER)
    {
      /* CY14: every piece, the Spy only from Court or Border. */
      major_ok = ~(CheopsCellSet) 0;
      king_ok = ~(CheopsCellSet) 0;
      spy_ok = ~cy_field;
    }
  else
    {
      /* A Field King: majors and Spy from Border or Court, or colluding
       * (CY16); Kings from Border or Court (CY27). */
      CheopsCellSet coll = colluders_of (p, taken);

      major_ok = ~cy_field | coll;
      spy_ok = ~cy_field | coll;
      king_ok = ~cy_field;
    }
  major_ok &= ~exclude;
  spy_ok &= ~exclude;
  king_ok &= ~exclude;
  if (cy_adj[k] & p[CYPHER_KING] & king_ok)
    return true;
  /* CY8: the leaps are symmetric; a knight's own cell decides which. */
  if (p[CYPHER_KNIGHT] & major_ok
      & ((cy_short[k] & ~cy_court) | (cy_long[k] & ~cy_field)))
    return true;
  s = (((p[CYPHER_QUEEN] | p[CYPHER_ROOK]) & major_ok) | (p[CYPHER_SPY] & spy_ok)) & cy_orth[k];
  while (s)
    if (!(cy_between[k][cheops_cellset_pop (&s)] & blockers))
      return true;
  s = (((p[CYPHER_QUEEN] | p[CYPHER_BISHOP]) & major_ok) | (p[CYPHER_SPY] & spy_ok)) & cy_diag[k];
  while (s)
    if (!(cy_between[k][cheops_cellset_pop (&s)] & blockers))
      return true;
  return false;
}

/* attacked_by() with @side's enemy's pieces of @pos. */
static inline bool
attacked_at (const CheopsPosition *pos, CheopsSide side, CheopsCell k, CheopsCellSet blockers,
             CheopsCellSet taken, CheopsCellSet exclude)
{
  CheopsSide e = cheops_side_other (side);

  return attacked_by (pos->pieces[e], e, k, blockers, taken, exclude);
}

/* Whether @side's King is in check, the pieces in @exclude not counting as
 * checkers (the flipped Spy after a King flip, CY4).  4.2's table. */
bool
cypher__attacked (const CheopsPosition *pos, CheopsSide side, CheopsCellSet exclude)
{
  CheopsCell k = pos->king[side];

  if (k == CY_NONE)
    return false;
  return attacked_at (pos, side, k, line_blockers (pos), 0, exclude);
}

bool
cypher_position_king_attacked (const CheopsPosition *pos, CheopsSide side)
{
  if (side == pos->side_to_move)
    return cypher__in_check (pos);
  return cypher__attacked (pos, side, 0);
}

bool
cypher_position_spy_flips (const CheopsPosition *pos, CheopsSide side)
{
  CheopsCell spy = cypher_position_spy (pos, side);
  CheopsCell k = pos->king[cheops_side_other (side)];

  if (spy == CY_NONE || k == CY_NONE || cy_area[spy] != CYPHER_COURT || cy_area[k] != CYPHER_COURT)
    return false;
  return cy_aligned[spy][k] && !(cy_between[spy][k] & line_blockers (pos));
}

bool
cypher_position_king_flips (const CheopsPosition *pos, CheopsSide side)
{
  CheopsCell k = pos->king[side];
  CheopsCell spy = cypher_position_spy (pos, cheops_side_other (side));

  if (spy == CY_NONE || k == CY_NONE || !(cy_adj[k] & CY_BIT (spy)))
    return false;
  return !(cy_area[k] == CYPHER_COURT && cy_area[spy] == CYPHER_COURT);
}

/* --------------------------------------------------- playing moves */

static inline void
set_state (CheopsPosition *pos, int i, uint32_t value)
{
  if (i == CYPHER_STATE_MARK)
    pos->key ^= cy_mark_key (pos->state[i]) ^ cy_mark_key (value);
  else
    pos->key ^= cy_zobrist_checks[i][small (pos->state[i], 15)] ^ cy_zobrist_checks[i][small (value, 15)];
  pos->state[i] = value;
}

static inline void
add_hand (CheopsPosition *pos, CheopsSide side, int delta)
{
  unsigned old = pos->hand[side][CYPHER_PAWN];
  unsigned now = (unsigned) ((int) old + delta);

  pos->key ^= cy_zobrist_hand[side][small (old, 16)] ^ cy_zobrist_hand[side][small (now, 16)];
  pos->hand[side][CYPHER_PAWN] = (uint8_t) now;
}

/* The board part of a move, without counters, mark or side. */
static inline void
play (CheopsPosition *pos, CheopsMove move, CheopsUndo *undo, CheopsSide side)
{
  CheopsCell to = cheops_move_to (move);

  if (cheops_move_kind (move) == CHEOPS_MOVE_DROP)
    {
      undo->moved = cheops_piece_make (side, CYPHER_PAWN);
      undo->captured = CHEOPS_NO_PIECE;
      add_piece (pos, to, undo->moved);
      add_hand (pos, side, -1);
      return;
    }

  CheopsCell from = cheops_move_from (move);
  CheopsPiece piece = pos->board[from];
  CheopsPiece captured = pos->board[to];

  undo->moved = piece;
  undo->captured = captured;
  remove_piece (pos, from);
  if (captured)
    {
      remove_piece (pos, to);
      if (cheops_piece_type (captured) == CYPHER_PAWN)
        add_hand (pos, cheops_piece_side (captured), +1);   /* 4.8: to its owner */
    }
  add_piece (pos, to, piece);
  if (cheops_piece_type (piece) == CYPHER_KING)
    pos->king[side] = to;
  if (cheops_move_kind (move) == CHEOPS_MOVE_COMPOUND)
    {
      CheopsCell from2 = cheops_move_from2 (move), to2 = cheops_move_to2 (move);
      CheopsPiece second = pos->board[from2];

      undo->extra[0] = second;
      remove_piece (pos, from2);
      add_piece (pos, to2, second);
    }
}

void
cypher_position_do_move (CheopsPosition *pos, CheopsMove move, CheopsUndo *undo)
{
  CheopsSide side = pos->side_to_move, other = cheops_side_other (side);
  CheopsCell to = cheops_move_to (move);
  uint32_t mark = CY_NONE;
  bool reset, checks;

  undo->halfmove_clock = pos->halfmove_clock;
  undo->fullmove_number = pos->fullmove_number;
  undo->key = pos->key;
  memcpy (undo->state, pos->state, sizeof undo->state);
  undo->extra[0] = undo->extra[1] = CHEOPS_NO_PIECE;

  play (pos, move, undo, side);

  reset = cheops_move_kind (move) == CHEOPS_MOVE_DROP || undo->captured
          || cheops_piece_type (undo->moved) == CYPHER_PAWN;
  if (cheops_move_kind (move) == CHEOPS_MOVE_NORMAL)
    {
      CheopsCell from = cheops_move_from (move);
      CheopsPieceType t = cheops_piece_type (undo->moved);

      /* 4.5, CY18: a major from Border or Court takes a Field major. */
      if (undo->captured && cy_is_major (t) && cy_area[from] != CYPHER_FIELD
          && cy_is_major (cheops_piece_type (undo->captured)) && cy_area[to] == CYPHER_FIELD)
        mark = to;
      /* 4.7: the pawn embeds. */
      else if (t == CYPHER_PAWN && (cy_embed_row[side] & CY_BIT (to)))
        mark = to;
    }
  set_state (pos, CYPHER_STATE_MARK, mark);
  pos->halfmove_clock = reset ? 0 : cheops_counter_next (pos->halfmove_clock);
  if (side == CHEOPS_SIDE_B)
    pos->fullmove_number = cheops_counter_next (pos->fullmove_number);
  pos->side_to_move = other;
  pos->key ^= cy_zobrist_side;
  /* 4.10, CY21: the mover's counter; the same test tells whether the side
   * to move is in check now (not in the key). */
  checks = cypher__attacked (pos, other, 0);
  set_state (pos, CYPHER_STATE_CHECKS_A + side, checks ? pos->state[CYPHER_STATE_CHECKS_A + side] + 1 : 0);
  pos->state[CYPHER_STATE_IN_CHECK] = checks ? CYPHER_IN_CHECK_YES : CYPHER_IN_CHECK_NO;
}

void
cypher_position_undo_move (CheopsPosition *pos, CheopsMove move, const CheopsUndo *undo)
{
  CheopsCell to = cheops_move_to (move);
  CheopsSide side = cheops_piece_side (undo->moved);

  if (cheops_move_kind (move) == CHEOPS_MOVE_DROP)
    {
      lift_piece (pos, to);
      pos->hand[side][CYPHER_PAWN]++;
    }
  else
    {
      CheopsCell from = cheops_move_from (move);

      if (cheops_move_kind (move) == CHEOPS_MOVE_COMPOUND)
        {
          CheopsCell from2 = cheops_move_from2 (move), to2 = cheops_move_to2 (move);
          CheopsPiece second = pos->board[to2];

          lift_piece (pos, to2);
          place_piece (pos, from2, second);
        }
      lift_piece (pos, to);
      place_piece (pos, from, undo->moved);
      if (undo->captured)
        {
          place_piece (pos, to, undo->captured);
          if (cheops_piece_type (undo->captured) == CYPHER_PAWN)
            pos->hand[cheops_piece_side (undo->captured)][CYPHER_PAWN]--;
        }
      if (cheops_piece_type (undo->moved) == CYPHER_KING)
        pos->king[side] = from;
    }
  pos->side_to_move = side;
  memcpy (pos->state, undo->state, sizeof pos->state);
  pos->halfmove_clock = undo->halfmove_clock;
  pos->fullmove_number = undo->fullmove_number;
  pos->key = undo->key;
}

void
cypher_position_do_null_move (CheopsPosition *pos, CheopsUndo *undo)
{
  undo->moved = CHEOPS_NO_PIECE;
  undo->captured = CHEOPS_NO_PIECE;
  undo->halfmove_clock = pos->halfmove_clock;
  undo->fullmove_number = pos->fullmove_number;
  undo->key = pos->key;
  memcpy (undo->state, pos->state, sizeof undo->state);
  set_state (pos, CYPHER_STATE_MARK, CY_NONE);   /* the window closes (4.5) */
  pos->state[CYPHER_STATE_IN_CHECK] = CYPHER_IN_CHECK_UNKNOWN;
  pos->halfmove_clock = cheops_counter_next (pos->halfmove_clock);
  if (pos->side_to_move == CHEOPS_SIDE_B)
    pos->fullmove_number = cheops_counter_next (pos->fullmove_number);
  pos->side_to_move = cheops_side_other (pos->side_to_move);
  pos->key ^= cy_zobrist_side;
}

void
cypher_position_undo_null_move (CheopsPosition *pos, const CheopsUndo *undo)
{
  pos->side_to_move = cheops_side_other (pos->side_to_move);
  memcpy (pos->state, undo->state, sizeof pos->state);
  pos->halfmove_clock = undo->halfmove_clock;
  pos->fullmove_number = undo->fullmove_number;
  pos->key = undo->key;
}

/* ------------------------------------------------------ generation */

/* Whether the side not to move ended the game with its last move by a flip
 * (4.9), an embedding draw (4.7, CY12) or a fourth check (CY21): then the
 * game has no legal move (CY28).  Checkmate and stalemate need none. */
static CheopsOutcome
ended (const CheopsPosition *pos)
{
  CheopsSide mover = cheops_side_other (pos->side_to_move);
  uint32_t mark = pos->state[CYPHER_STATE_MARK];

  if (cypher_position_king_flips (pos, mover) || cypher_position_spy_flips (pos, mover))
    return mover == CHEOPS_SIDE_A ? CYPHER_OUTCOME_W_FLIP : CYPHER_OUTCOME_B_FLIP;
  if (mark < CY_N && pos->board[mark] == cheops_piece_make (mover, CYPHER_PAWN)
      && (cy_embed_row[mover] & CY_BIT (mark))
      && pos->king[pos->side_to_move] == mark + (mover == CHEOPS_SIDE_A ? 10 : -10))
    return CYPHER_OUTCOME_DRAW_EMBEDDING;
  if (pos->state[CYPHER_STATE_CHECKS_A + mover] >= 4)
    return CYPHER_OUTCOME_DRAW_FOUR_CHECKS;
  return CHEOPS_OUTCOME_NONE;
}

/* 3.4: whether the piece of kind @t on @from may capture what stands on @to
 * (an enemy piece). */
static bool
may_capture (const CheopsPosition *pos, CheopsCell from, CheopsPieceType t, CheopsCell to)
{
  CheopsPiece target = pos->board[to];
  CheopsPieceType tt = cheops_piece_type (target);
  CheopsSide ts = cheops_piece_side (target);

  if (tt == CYPHER_KING || tt == CYPHER_SPY)
    return false;   /* never captured (3.4, CY25) */
  if (tt == CYPHER_PAWN)
    return t != CYPHER_SPY && !(cy_sanctuary[ts] & CY_BIT (to));   /* CY10 */
  /* A major. */
  if (cy_area[to] == CYPHER_COURT)
    return t == CYPHER_SPY;   /* CY26 */
  if (t == CYPHER_PAWN)
    return true;
  if (t == CYPHER_SPY || cy_area[to] == CYPHER_BORDER)
    return false;
  /* A Field major, by a major or King (CY9). */
  if (cy_area[from] != CYPHER_FIELD)
    return true;
  /* 4.5, CY18: the re-take of the piece on the mark. */
  if (pos->state[CYPHER_STATE_MARK] == to)
    return true;
  /* 4.6, CY17: the King takes a colluding piece that checks it. */
  if (t == CYPHER_KING && (colluders (pos, ts) & CY_BIT (to)))
    {
      CheopsPieceType k = tt;
      bool orth = cypher_cell_row (from) == cypher_cell_row (to) || cypher_cell_column (from) == cypher_cell_column (to);

      return k == CYPHER_QUEEN || (k == CYPHER_ROOK && orth) || (k == CYPHER_BISHOP && !orth);
    }
  return false;
}

/* L1-L4 (4.3) in @pos after a move of @side. */
static bool
legal_after (const CheopsPosition *pos, CheopsSide side)
{
  CheopsSide e = cheops_side_other (side);
  CheopsCell ks = pos->king[side], ke = pos->king[e];
  CheopsCell ss = cypher_position_spy (pos, side), se = cypher_position_spy (pos, e);
  CheopsCellSet exclude = 0;

  /* L2 */
  if (ss != CY_NONE && (cy_adj[ss] & (CY_BIT (ks) | CY_BIT (ke) | (se != CY_NONE ? CY_BIT (se) : 0))))
    return false;
  /* L3 */
  if (se != CY_NONE && (cy_adj[ks] & CY_BIT (se)))
    {
      if (cy_area[ks] == CYPHER_COURT && cy_area[se] == CYPHER_COURT)
        return false;
      exclude = CY_BIT (se);   /* a King flip: CY4 */
    }
  /* L1 */
  if (cypher__attacked (pos, side, exclude))
    return false;
  /* L4, CY5 */
  return !cypher_position_spy_flips (pos, e);
}

typedef struct {
  const CheopsPosition *pos;
  CheopsPosition  scratch;    /* a copy of pos, made at the first play-test */
  bool            copied;
  CheopsMove     *out;        /* NULL: count only */
  CheopsMove     *end;
  int             n;
  const CypherMoveFilter *filter;   /* NULL: every move */
  bool            slow;       /* the reference: play every move */
  bool            any;        /* only whether there is a move: stop at the first piece that has one */
} Sink;

static inline void
accept (Sink *sink, CheopsMove move)
{
  if (sink->out != NULL)
    {
      if (sink->out == sink->end)
        return;   /* never past CHEOPS_MAX_MOVES */
      *sink->out++ = move;
    }
  sink->n++;
}

/* accept() of the moves @base | c << @shift, for each cell c of @cells in
 * the order of the cells (a plain move's to-cell: @base its from-cell,
 * @shift 7; a compound move's to2: @shift 23), written in one loop per half
 * of the set. */
static inline void
accept_cells (Sink *sink, CheopsMove base, int shift, CheopsCellSet cells)
{
  uint64_t lo = (uint64_t) cells, hi = (uint64_t) (cells >> 64);
  int n = __builtin_popcountll (lo) + __builtin_popcountll (hi);

  if (sink->out != NULL)
    {
      CheopsMove *out = sink->out;

      if (sink->end - out < n)
        {
          /* Near CHEOPS_MAX_MOVES: one by one, as accept() stops there. */
          while (cells)
            accept (sink, base | (CheopsMove) cheops_cellset_pop (&cells) << shift);
          return;
        }
      for (; lo; lo &= lo - 1)
        *out++ = base | (CheopsMove) __builtin_ctzll (lo) << shift;
      for (; hi; hi &= hi - 1)
        *out++ = base | (CheopsMove) (64 + __builtin_ctzll (hi)) << shift;
      sink->out = out;
    }
  sink->n += n;
}

static inline void
try_move (Sink *sink, CheopsMove move, bool no_check)
{
  CheopsUndo undo;
  CheopsSide side = sink->pos->side_to_move;
  bool ok;

  if (!sink->copied)
    {
      sink->scratch = *sink->pos;
      sink->copied = true;
    }

  cypher_position_do_move (&sink->scratch, move, &undo);
  ok = legal_after (&sink->scratch, side)
       && (!no_check || !cypher__attacked (&sink->scratch, cheops_side_other (side), 0));
  cypher_position_undo_move (&sink->scratch, move, &undo);
  if (ok)
    accept (sink, move);
}

/* What the fast path knows about the position, for the side to move. */
typedef struct {
  bool           on;        /* the position obeys L1-L4: the fast path applies */
  CheopsCellSet  risk;      /* the King's rays with an enemy Queen, Rook or Bishop of their kind or the enemy Spy */
  CheopsCellSet  pinned;    /* those of them with an enemy slider or Spy behind */
  CheopsCellSet  spy_bad;   /* cells the own Spy may not end on (L2) */
  bool           king;      /* King moves may be judged by king_legal() */
  CheopsCell     ss, se;    /* the own and the enemy Spy, or CY_NONE */
  CheopsCellSet  blockers;  /* line_blockers() */
  bool           evading;   /* in check, L2 and L3 obeyed: only moves onto evade may parry */
  CheopsCellSet  evade;     /* the checkers, the cells between them and the King, the enemy colluders */
  bool           geo;       /* L2 and L3 obeyed: geo_legal() judges a move that is not the King's */
} Fast;

/* The enemy pieces that check @side's King on @k (4.2's table, as
 * attacked_at() with nothing taken or excluded). */
static CheopsCellSet
checkers_of (const CheopsPosition *pos, CheopsSide side, CheopsCell k, CheopsCellSet blockers)
{
  CheopsSide e = cheops_side_other (side);
  const CheopsCellSet *p = pos->pieces[e];
  CheopsCellSet set, major_ok, spy_ok, king_ok, s;

  set = p[CYPHER_PAWN] & cy_pawn_attackers[e][k];
  if (cy_area[k] == CYPHER_COURT)
    return set & cy_embed_row[e];   /* CY13 */
  if (cy_area[k] == CYPHER_BORDER)
    {
      major_ok = king_ok = ~(CheopsCellSet) 0;   /* CY14 */
      spy_ok = ~cy_field;
    }
  else
    {
      CheopsCellSet coll = colluders (pos, e);   /* CY16, CY27 */

      major_ok = spy_ok = ~cy_field | coll;
      king_ok = ~cy_field;
    }
  set |= cy_adj[k] & p[CYPHER_KING] & king_ok;
  set |= p[CYPHER_KNIGHT] & major_ok & ((cy_short[k] & ~cy_court) | (cy_long[k] & ~cy_field));
  s = ((((p[CYPHER_QUEEN] | p[CYPHER_ROOK]) & major_ok) | (p[CYPHER_SPY] & spy_ok)) & cy_orth[k])
      | ((((p[CYPHER_QUEEN] | p[CYPHER_BISHOP]) & major_ok) | (p[CYPHER_SPY] & spy_ok)) & cy_diag[k]);
  while (s)
    {
      CheopsCell c = cheops_cellset_pop (&s);
      if (!(cy_between[k][c] & blockers))
        set |= CY_BIT (c);
    }
  return set;
}

/* The nearest cell of @set (a subset of the ray @d from some cell). */
static inline CheopsCell
nearest (CheopsCellSet set, int d)
{
  /* Directions 0, 2, 4, 5 go to higher cell numbers (+1, +10, +11, +9). */
  return (d == 0 || d == 2 || d == 4 || d == 5) ? cheops_cellset_first (set) : cheops_cellset_last (set);
}

/* Fills @f for the side to move of @pos.  The fast path is on only when the
 * position before the move obeys L1-L4 for the mover (4.3): then, for a move
 * that is not a King move,
 * - L2 changes only when the Spy moves (its new cell is checked);
 * - L3 cannot change: neither the King nor the enemy Spy moves;
 * - L1 and L4: the enemy's pieces, their areas and so their check powers stay
 *   (a capture only takes a checker or a colluder away, 4.2 CY16); a line of
 *   check or flip from an enemy piece to the King can open only when the move
 *   empties the one cell that blocked it, which then is the nearest line
 *   blocker to the King on that ray ("shield"), with that enemy Queen, Rook,
 *   Bishop or Spy the next line blocker behind it, or an enemy Field or Border
 *   Spy (transparent, 4.2) with nothing blocking between.  Such a shield is
 *   "pinned": its moves are judged by geo_legal().  Only a ray with such an
 *   enemy piece on it at all can hold a pin ("risk").  A compound move
 *   empties two cells (4.4), so it is judged by geo_legal() when either lies
 *   on such a ray.
 * Line blockers are every piece but a Spy on a Field or Border cell (CY15). */
static void
fast_state (const CheopsPosition *pos, Fast *f)
{
  CheopsSide side = pos->side_to_move, e = cheops_side_other (side);
  CheopsCell ks = pos->king[side], ke = pos->king[e];
  CheopsCellSet spies_s = pos->pieces[side][CYPHER_SPY], spies_e = pos->pieces[e][CYPHER_SPY];
  CheopsCell ss, se;
  CheopsCellSet blockers, own, lines_o, lines_d, sliders_o, sliders_d;

  f->on = f->king = f->evading = f->geo = false;
  f->risk = f->pinned = f->evade = 0;
  if (cheops_cellset_count (pos->pieces[side][CYPHER_KING]) != 1
      || cheops_cellset_count (pos->pieces[e][CYPHER_KING]) != 1
      || cheops_cellset_count (spies_s) > 1 || cheops_cellset_count (spies_e) > 1)
    return;
  ss = spies_s ? cheops_cellset_first (spies_s) : CY_NONE;
  se = spies_e ? cheops_cellset_first (spies_e) : CY_NONE;
  f->ss = ss;
  f->se = se;
  f->blockers = blockers = line_blockers (pos);
  /* The parts of L2 that a King move cannot change hold. */
  f->king = ss == CY_NONE || !(cy_adj[ss] & (CY_BIT (ke) | (se != CY_NONE ? CY_BIT (se) : 0)));
  /* L2 */
  f->spy_bad = cy_adj[ks] | cy_adj[ke] | (se != CY_NONE ? cy_adj[se] : 0);
  if (ss != CY_NONE && (f->spy_bad & CY_BIT (ss)))
    return;
  /* L3 */
  if (se != CY_NONE && (cy_adj[ks] & CY_BIT (se)))
    return;
  f->geo = true;
  /* L1, L4 */
  if (cypher__in_check (pos))
    {
      /* In check: a move other than the King's parries only by taking a
       * checker, blocking its line, or taking a colluder (a checker's power
       * from a Field cell, CY16); it only adds blockers otherwise, and
       * L2-L4 only forbid more.  So the other moves are played to test
       * them only when they end on such a cell. */
      CheopsCellSet checkers = checkers_of (pos, side, ks, blockers), c = checkers;

      f->evade = checkers | colluders (pos, e);
      while (c)
        f->evade |= cy_between[ks][cheops_cellset_pop (&c)];
      f->evading = true;
      return;
    }
  if (cypher_position_spy_flips (pos, e))
    return;
  f->on = true;

  own = pos->pieces[side][0];
  sliders_o = pos->pieces[e][CYPHER_QUEEN] | pos->pieces[e][CYPHER_ROOK] | spies_e;
  sliders_d = pos->pieces[e][CYPHER_QUEEN] | pos->pieces[e][CYPHER_BISHOP] | spies_e;
  lines_o = cy_orth[ks] & blockers;
  lines_d = cy_diag[ks] & blockers;
  for (int d = 0; d < 8; d++)
    {
      CheopsCellSet ray = cy_ray_mask[ks][d];
      CheopsCellSet on = ray & (d < 4 ? lines_o : lines_d);
      CheopsCellSet sliders = d < 4 ? sliders_o : sliders_d;
      CheopsCellSet beyond;
      CheopsCell first;

      /* Only a ray with such an enemy piece on it can hold a pin. */
      if (!(ray & sliders))
        continue;
      f->risk |= ray;
      if (!on)
        continue;
      first = nearest (on, d);
      if (!(own & CY_BIT (first)))
        continue;
      beyond = ray & ~cy_between[ks][first] & ~CY_BIT (first);
      if (beyond & blockers)
        {
          CheopsCell next = nearest (beyond & blockers, d);
          if (sliders & CY_BIT (next))
            {
              f->pinned |= CY_BIT (first);
              continue;
            }
        }
      /* A transparent enemy Spy behind, with nothing blocking between. */
      if (se != CY_NONE && (beyond & CY_BIT (se)) && !(cy_between[first][se] & blockers))
        f->pinned |= CY_BIT (first);
    }
}

/* The targets of a piece of kind @t standing on @from by movement alone,
 * with @occ occupied (3.2), empty or not. */
static inline CheopsCellSet
reach (CheopsPieceType t, CheopsCell from, CheopsCellSet occ)
{
  switch (t)
    {
    case CYPHER_KING: return cy_adj[from];
    case CYPHER_QUEEN: case CYPHER_SPY: return cy_slide (from, 0, 8, occ);
    case CYPHER_ROOK: return cy_slide (from, 0, 4, occ);
    case CYPHER_BISHOP: return cy_slide (from, 4, 8, occ);
    case CYPHER_KNIGHT: return cy_leaps[from];
    default: return 0;
    }
}

/* The cells a piece of kind @t (not a pawn) on @from reaches on an empty
 * board: a superset of reach(). */
static inline CheopsCellSet
empty_reach (CheopsPieceType t, CheopsCell from)
{
  /* From a table: a switch on the kind mispredicts as the kinds alternate
   * along the piece loop. */
  return cy_empty_reach[t][from];
}

/* Whether the King move @from-@to (its movement and capture rules obeyed)
 * is legal: L1-L4 (4.3) judged in the position after it without playing it.
 * Needs @f->king: the parts of L2 that do not involve the mover's King hold
 * already, and no King move changes them. */
static inline bool
king_legal (const CheopsPosition *pos, const Fast *f, CheopsCell from, CheopsCell to)
{
  CheopsCellSet taken = pos->occupied & CY_BIT (to);   /* an enemy piece: own cells are no targets */
  CheopsCellSet exclude = 0, blockers;
  CheopsCell se = f->se;

  /* L2: the own Spy next to the King */
  if (f->ss != CY_NONE && (cy_adj[f->ss] & CY_BIT (to)))
    return false;
  /* L3 */
  if (se != CY_NONE && (cy_adj[to] & CY_BIT (se)))
    {
      if (cy_area[to] == CYPHER_COURT && cy_area[se] == CYPHER_COURT)
        return false;
      exclude = CY_BIT (se);   /* a King flip: CY4 */
    }
  /* L1: the King leaves @from, stands on @to (a blocker, as was what it took). */
  blockers = (f->blockers & ~CY_BIT (from)) | CY_BIT (to);
  if (attacked_at (pos, pos->side_to_move, to, blockers, taken, exclude))
    return false;
  /* L4, CY5 */
  return !(se != CY_NONE && cy_area[se] == CYPHER_COURT && cy_area[to] == CYPHER_COURT
           && cy_aligned[se][to] && !(cy_between[se][to] & blockers));
}

/* Whether a move that is not the King's (a plain move of the piece of kind
 * @t from @from to @to, and for a compound move, 4.4, the major's part
 * @from2-@to2, else CY_NONE) obeys L1-L4 (4.3) in the position after it,
 * judged without playing it.  Needs @f->geo: L2 and L3 hold before the
 * move.  Then L3 still holds (neither King nor enemy Spy moves), L2 can
 * fail only at the Spy's new cell (@f->spy_bad), and L1 and L4 are the
 * lines to the King in the position after the move: the enemy's pieces
 * are those of @pos but the one taken on @to, their check powers those of
 * attacked_at() with it taken (a capture only takes a checker or a
 * colluder away, CY16), and the line blockers those of @pos less the
 * emptied cells, plus the moved pieces' new cells (a Spy blocks only on
 * Court, 4.2, CY15).  The same answer as playing the move and asking
 * legal_after(). */
static inline bool
geo_legal (const CheopsPosition *pos, const Fast *f, CheopsPieceType t, CheopsCell from, CheopsCell to,
           CheopsCell from2, CheopsCell to2)
{
  CheopsSide side = pos->side_to_move;
  CheopsCell ks = pos->king[side], se = f->se;
  CheopsCellSet taken = pos->occupied & CY_BIT (to) & ~pos->pieces[side][0];
  CheopsCellSet blockers = f->blockers & ~CY_BIT (from);

  if (t == CYPHER_SPY && (f->spy_bad & CY_BIT (to)))
    return false;   /* L2 */
  if (t != CYPHER_SPY || cy_area[to] == CYPHER_COURT)
    blockers |= CY_BIT (to);
  if (from2 != CY_NONE)
    blockers = (blockers & ~CY_BIT (from2)) | CY_BIT (to2);   /* a major: a blocker */
  /* L1 */
  if (attacked_at (pos, side, ks, blockers, taken, 0))
    return false;
  /* L4, CY5 */
  return !(se != CY_NONE && cy_area[se] == CYPHER_COURT && cy_area[ks] == CYPHER_COURT
           && cy_aligned[se][ks] && !(cy_between[se][ks] & blockers));
}

/* Keeps @move of the piece on @from: at once when the fast path knows it
 * legal (@f on, @from not pinned, and for a Spy @to allowed by L2), else
 * when geo_legal() finds it legal (the position obeys L2 and L3), else
 * after playing it.  Not for King moves, compound moves or drops. */
static inline void
add_move (Sink *sink, const Fast *f, CheopsPieceType t, CheopsCell from, CheopsCell to)
{
  CheopsMove move = cheops_move_make (from, to);

  if (f->on && !(f->pinned & CY_BIT (from)))
    {
      if (t != CYPHER_SPY || !(f->spy_bad & CY_BIT (to)))
        accept (sink, move);
      return;
    }
  if (f->evading && !(f->evade & CY_BIT (to)))
    return;   /* cannot parry the check (fast_state()) */
  if (f->geo)
    {
      if (geo_legal (sink->pos, f, t, from, to, CY_NONE, CY_NONE))
        accept (sink, move);
      return;
    }
  try_move (sink, move, false);
}

static void
generate (const CheopsPosition *pos, Sink *sink)
{
  CheopsSide side = pos->side_to_move, e = cheops_side_other (side);
  CheopsCellSet own = pos->pieces[side][0], enemy = pos->pieces[e][0], occ = pos->occupied;
  const CypherMoveFilter *want = sink->filter;
  CheopsCellSet pieces = want != NULL ? own & (want->from | want->from_all) : own;
  CheopsCellSet filter;
  Fast f;

  if (pos->king[side] == CY_NONE || pos->king[e] == CY_NONE)
    return;
  f.on = f.king = f.evading = f.geo = false;
  f.risk = f.pinned = f.spy_bad = f.blockers = f.evade = 0;
  f.ss = f.se = CY_NONE;
  /* With a filter, fast_state() is made only once a piece has a move the
   * filter keeps (often none has: a quiescence node without captures). */
  bool fast_later = !sink->slow && want != NULL;
  if (!sink->slow && !fast_later)
    fast_state (pos, &f);
#define FAST_STATE_NOW() \
  do { if (fast_later) { fast_state (pos, &f); fast_later = false; } } while (0)
  /* Counting only, the pushes of the pawns that are not pinned at once, as
   * cell sets (the steps below, 3.2, CY20). */
  bool bulk_pawns = sink->out == NULL && f.on && want == NULL;
  if (bulk_pawns)
    {
      CheopsCellSet free = ~occ & ~cy_court;
      CheopsCellSet pawns = pos->pieces[side][CYPHER_PAWN] & ~cy_embed_row[side] & ~f.pinned;
      CheopsCellSet one = (side == CHEOPS_SIDE_A ? pawns << 10 : pawns >> 10) & free;
      CheopsCellSet starts = side == CHEOPS_SIDE_A ? cy_start_row[side] << 10 : cy_start_row[side] >> 10;
      CheopsCellSet two = one & starts;

      two = (side == CHEOPS_SIDE_A ? two << 10 : two >> 10) & ~occ;
      sink->n += cheops_cellset_count (one) + cheops_cellset_count (two);
    }
  /* The pieces whose every move is kept. */
  CheopsCellSet keep_all = want != NULL ? pieces & want->from_all : pieces;
  /* The pawns are sorted out before the loop, all at once: an embedded pawn
   * never moves (4.7); with a filter, a pawn not kept whole whose steps and
   * forward diagonals (cy_pawn_reach) hold no cell of the filter has no
   * move to keep. */
  {
    CheopsCellSet pawns = pieces & pos->pieces[side][CYPHER_PAWN];

    pieces &= ~(pawns & cy_embed_row[side]);
    if (want != NULL)
      pieces &= ~(pawns & ~keep_all & ~cy_pawn_sources (side, want->to[CYPHER_PAWN]));
  }

  while (pieces)
    {
      if (sink->any && sink->n > 0)
        return;
      CheopsCell from = cheops_cellset_pop (&pieces);
      CheopsPieceType t = cheops_piece_type (pos->board[from]);
      CheopsCellSet targets;

      if (want == NULL || (keep_all & CY_BIT (from)))
        filter = ~(CheopsCellSet) 0;
      else
        {
          filter = want->to[t];
          /* No cell of the filter on the piece's lines or leaps at all: it
           * has no move to keep (a compound move's Spy part is one of the
           * Spy's plain targets).  Such pawns are gone already. */
          if (t != CYPHER_PAWN && !(filter & empty_reach (t, from)))
            continue;
        }
      if (t == CYPHER_PAWN)
        {
          int step = side == CHEOPS_SIDE_A ? 10 : -10;
          CheopsCell fwd = (CheopsCell) (from + step);

          bool known;

          FAST_STATE_NOW ();

          /* Not embedded (4.7: those never move; gone already).  Known
           * legal (add_move()): kept at once. */
          known = f.on && !(f.pinned & CY_BIT (from));
          if (bulk_pawns && known)
            ;   /* counted above */
          else if (pos->board[fwd] == CHEOPS_NO_PIECE && cy_area[fwd] != CYPHER_COURT)
            {
              if (filter & CY_BIT (fwd))
                {
                  if (known)
                    accept (sink, cheops_move_make (from, fwd));
                  else
                    add_move (sink, &f, t, from, fwd);
                }
              /* CY20: the double step from the start row only. */
              if (cy_start_row[side] & CY_BIT (from))
                {
                  CheopsCell fwd2 = (CheopsCell) (fwd + step);
                  if (pos->board[fwd2] == CHEOPS_NO_PIECE && (filter & CY_BIT (fwd2)))
                    {
                      if (known)
                        accept (sink, cheops_move_make (from, fwd2));
                      else
                        add_move (sink, &f, t, from, fwd2);
                    }
                }
            }
          targets = cy_pawn_diag[side][from] & ~cy_court & enemy & filter;
          while (targets)
            {
              CheopsCell to = cheops_cellset_pop (&targets);
              if (may_capture (pos, from, t, to))
                {
                  if (known)
                    accept (sink, cheops_move_make (from, to));
                  else
                    add_move (sink, &f, t, from, to);
                }
            }
          continue;
        }

      targets = reach (t, from, occ) & ~own;
      /* 3.2, CY6: a major enters Court only from Court (or by 4.4). */
      if (cy_is_major (t) && cy_area[from] != CYPHER_COURT)
        targets &= ~cy_court;
      /* Every move below, the compound moves' Spy parts included, ends on
       * a cell of targets & filter. */
      if (!(targets & filter))
        continue;
      FAST_STATE_NOW ();
      if (sink->out == NULL && f.on && t != CYPHER_KING && !(f.pinned & CY_BIT (from)))
        {
          /* Counting only, every move known legal but for the capture
           * table: count the quiet ones at once. */
          CheopsCellSet plain = targets & filter & ~(t == CYPHER_SPY ? f.spy_bad : 0);
          CheopsCellSet caps = plain & enemy;

          sink->n += cheops_cellset_count (plain & ~enemy);
          while (caps)
            if (may_capture (pos, from, t, cheops_cellset_pop (&caps)))
              sink->n++;
        }
      else if (f.on && t != CYPHER_KING && !(f.pinned & CY_BIT (from)))
        {
          /* Every move known legal (add_move()) but for the capture table
           * and, for the Spy, L2: in the order of the cells. */
          CheopsCellSet plain = targets & filter & ~(t == CYPHER_SPY ? f.spy_bad : 0);
          CheopsCellSet caps = plain & enemy;

          plain &= ~enemy;
          while (caps)
            {
              CheopsCell to = cheops_cellset_pop (&caps);
              if (may_capture (pos, from, t, to))
                plain |= CY_BIT (to);
            }
          accept_cells (sink, cheops_move_make (from, 0), 7, plain);
        }
      else
      {
        CheopsCellSet plain = targets & filter;
        while (plain)
          {
            CheopsCell to = cheops_cellset_pop (&plain);
            if (pos->board[to] == CHEOPS_NO_PIECE || may_capture (pos, from, t, to))
              {
                if (t == CYPHER_KING)
                  {
                    if (!f.king)
                      try_move (sink, cheops_move_make (from, to), false);
                    else if (king_legal (pos, &f, from, to))
                      accept (sink, cheops_move_make (from, to));
                  }
                else
                  add_move (sink, &f, t, from, to);
              }
          }
      }

      /* 4.4, CY7: the Spy leaves Court, then one Field or Border major
       * may enter an empty Court cell. */
      if (t == CYPHER_SPY && cy_area[from] == CYPHER_COURT && (want == NULL || want->compound))
        {
          CheopsCellSet leave = targets & ~occ & ~cy_court & filter;

          while (leave)
            {
              CheopsCell to = cheops_cellset_pop (&leave);
              CheopsCellSet occ2 = (occ & ~CY_BIT (from)) | CY_BIT (to);
              CheopsCellSet seconds = majors (pos, side) & ~cy_court;
              /* Known legal: the Spy's new cell obeys L2 and neither
               * emptied cell is on a ray from the King with an enemy
               * piece that checks or flips along it (fast_state()):
               * emptying cells there may open a line, elsewhere not. */
              bool known = f.on && !(f.spy_bad & CY_BIT (to)) && !(f.risk & CY_BIT (from));

              if (f.on && (f.spy_bad & CY_BIT (to)))
                continue;   /* L2 fails whatever the second part */
              while (seconds)
                {
                  CheopsCell from2 = cheops_cellset_pop (&seconds);
                  CheopsCellSet t2 = reach (cheops_piece_type (pos->board[from2]), from2, occ2) & cy_court & ~occ2;
                  bool known2 = known && !(f.risk & CY_BIT (from2));

                  if (known2 && sink->out == NULL)
                    {
                      sink->n += cheops_cellset_count (t2);
                      continue;
                    }
                  if (known2)
                    {
                      accept_cells (sink, cheops_move_make_compound (from, to, from2, 0), 23, t2);
                      continue;
                    }
                  while (t2)
                    {
                      CheopsMove move = cheops_move_make_compound (from, to, from2, cheops_cellset_pop (&t2));
                      if (f.geo)
                        {
                          CheopsCell to2 = cheops_move_to2 (move);
                          if (geo_legal (pos, &f, CYPHER_SPY, from, to, from2, to2))
                            accept (sink, move);
                        }
                      else
                        try_move (sink, move, false);
                    }
                }
            }
        }
    }

  /* 4.8, CY19: a pawn from the hand onto an empty Border cell, not in
   * check, giving no check. */
  if (pos->hand[side][CYPHER_PAWN] > 0 && (want == NULL || want->drops != 0))
    {
      CheopsCellSet cells = cy_border & ~occ & (want != NULL ? want->drops : ~(CheopsCellSet) 0);

      FAST_STATE_NOW ();
      if (f.on && !cypher__attacked (pos, e, 0))
        {
          /* Not in check (f.on), and the pawn adds a blocker and no
           * collusion: it checks only a Field or Border King on its forward
           * diagonals (4.2). */
          CheopsCell ke = pos->king[e];

          if (cy_area[ke] != CYPHER_COURT)
            cells &= ~cy_pawn_attackers[side][ke];
          while (cells)
            accept (sink, cheops_move_make_drop (CYPHER_PAWN, cheops_cellset_pop (&cells)));
        }
      else if (!cypher__in_check (pos))
        {
          while (cells)
            try_move (sink, cheops_move_make_drop (CYPHER_PAWN, cheops_cellset_pop (&cells)), true);
        }
    }
}
#undef FAST_STATE_NOW

static int
legal_moves (const CheopsPosition *pos, CheopsMove *list, const CypherMoveFilter *filter, bool slow)
{
  Sink sink;

  sink.pos = pos;
  sink.copied = false;
  sink.out = list;
  sink.end = list != NULL ? list + CHEOPS_MAX_MOVES : NULL;
  sink.n = 0;
  sink.filter = filter;
  sink.slow = slow;
  sink.any = false;
  generate (pos, &sink);
  return sink.n;
}

/* Whether the side to move of @pos has a legal move (ended() aside):
 * the generator counts, and stops after the first piece with one. */
static bool
has_legal_move (const CheopsPosition *pos)
{
  Sink sink;

  sink.pos = pos;
  sink.copied = false;
  sink.out = NULL;
  sink.end = NULL;
  sink.n = 0;
  sink.filter = NULL;
  sink.slow = false;
  sink.any = true;
  generate (pos, &sink);
  return sink.n > 0;
}

CheopsMove *
cypher_generate_moves (const CheopsPosition *pos, CheopsMove *list)
{
  int n;

  if (ended (pos) != CHEOPS_OUTCOME_NONE)
    return list;
  n = legal_moves (pos, list, NULL, false);
  return list + (n < CHEOPS_MAX_MOVES ? n : CHEOPS_MAX_MOVES);
}

CheopsMove *
cypher_generate_moves_reference (const CheopsPosition *pos, CheopsMove *list)
{
  int n;

  if (ended (pos) != CHEOPS_OUTCOME_NONE)
    return list;
  n = legal_moves (pos, list, NULL, true);
  return list + (n < CHEOPS_MAX_MOVES ? n : CHEOPS_MAX_MOVES);
}

int
cypher_count_moves (const CheopsPosition *pos)
{
  if (ended (pos) != CHEOPS_OUTCOME_NONE)
    return 0;
  return legal_moves (pos, NULL, NULL, false);
}

CheopsMove *
cypher_generate_moves_to (const CheopsPosition *pos, CheopsCell to, CheopsPieceType type,
                          CheopsMove *list)
{
  CheopsMove all[CHEOPS_MAX_MOVES];
  CheopsMove *out = list;
  CypherMoveFilter filter = { .from = ~(CheopsCellSet) 0 };
  int n;

  if (to >= CY_N || ended (pos) != CHEOPS_OUTCOME_NONE)
    return list;
  for (int t = 0; t < CYPHER_PIECE_TYPE_NB; t++)
    filter.to[t] = CY_BIT (to);
  n = legal_moves (pos, all, &filter, false);
  for (int i = 0; i < n && i < CHEOPS_MAX_MOVES; i++)
    if (type == CHEOPS_NO_PIECE_TYPE || cheops_piece_type (pos->board[cheops_move_from (all[i])]) == type)
      *out++ = all[i];
  return out;
}

CheopsMove *
cypher_generate_moves_filtered (const CheopsPosition *pos, const CypherMoveFilter *filter, CheopsMove *list)
{
  int n;

  if (ended (pos) != CHEOPS_OUTCOME_NONE)
    return list;
  n = legal_moves (pos, list, filter, false);
  return list + (n < CHEOPS_MAX_MOVES ? n : CHEOPS_MAX_MOVES);
}

/* Only the moves that could be @move are generated: those of the piece on
 * its from-cell to its to-cell (its Spy part's, for a compound move), or
 * the drops onto its cell. */
bool
cypher_position_is_playable (const CheopsPosition *pos, CheopsMove move)
{
  CheopsMove list[CHEOPS_MAX_MOVES];
  CypherMoveFilter filter = { 0 };
  CheopsMove *end;
  CheopsCell from = cheops_move_from (move), to = cheops_move_to (move);

  if (move == CHEOPS_MOVE_NONE || from >= CY_N || to >= CY_N)
    return false;
  if (cheops_move_kind (move) == CHEOPS_MOVE_DROP)
    filter.drops = CY_BIT (to);
  else
    {
      filter.from = CY_BIT (from);
      for (int t = 0; t < CYPHER_PIECE_TYPE_NB; t++)
        filter.to[t] = CY_BIT (to);
      filter.compound = cheops_move_kind (move) == CHEOPS_MOVE_COMPOUND;
    }
  end = cypher_generate_moves_filtered (pos, &filter, list);
  for (CheopsMove *m = list; m < end; m++)
    if (*m == move)
      return true;
  return false;
}

bool
cypher_position_is_capture (const CheopsPosition *pos, CheopsMove move)
{
  /* A compound move and a drop never capture (4.4, 4.8). */
  return cheops_move_kind (move) == CHEOPS_MOVE_NORMAL && pos->board[cheops_move_to (move)] != CHEOPS_NO_PIECE;
}

/* Whether @move may leave the enemy King in check, by the geometry alone
 * (false: it does not), in a position where it is not in check before (the
 * side not to move never is).  Check comes from our pieces (4.2's table),
 * their lines (blocked by every piece but a Field or Border Spy) and our
 * collusion (CY16); a move changes only the moved piece's cell and area,
 * what it vacates and what it captures.  So a move checks only if
 * - the moved piece checks from its new cell: its movement reaches the
 *   King from there (a slider's or Spy's line open, the cell it leaves
 *   counted empty); or
 * - it vacates the nearest blocker to the King on a line (a discovered
 *   check); or
 * - it makes our Spy collude: the Spy moves, or a major comes next to a
 *   Field Spy; or it is a compound move (two pieces move).
 * Captures only take enemy pieces (their blockers are replaced by ours);
 * a drop adds a pawn, which checks from its cell or not at all.  The
 * areas' limits on check (4.2's table) narrow that: a Court King is
 * checked only by an embedded pawn (CY13), so only by a pawn that embeds
 * next to it; a Field King only by pawns and from Border or Court cells,
 * or by colluders (CY16, CY27), so a piece that ends on a Field cell checks
 * from there by itself only as a pawn (the Spy or a major that colludes
 * there is the collusion above).  The rest of those limits (CY14) is left
 * to the move played. */
static inline bool
may_give_check (const CheopsPosition *pos, CheopsMove move)
{
  CheopsSide us = pos->side_to_move, e = cheops_side_other (us);
  CheopsCell ke = pos->king[e], to = cheops_move_to (move), from;
  CheopsCellSet spy, reach;
  CheopsPieceType t;

  if (ke == CY_NONE || cheops_move_kind (move) == CHEOPS_MOVE_COMPOUND)
    return true;
  if (cheops_move_kind (move) == CHEOPS_MOVE_DROP)
    return (cy_pawn_attackers[us][ke] & CY_BIT (to)) != 0;
  from = cheops_move_from (move);
  t = cheops_piece_type (pos->board[from]);
  if (cy_area[ke] == CYPHER_COURT)
    return t == CYPHER_PAWN && (cy_pawn_attackers[us][ke] & cy_embed_row[us] & CY_BIT (to));
  /* Its own check from @to: the King's lines open but for @from (the
   * line blockers made only when a line asks). */
  if (t == CYPHER_PAWN || cy_area[ke] != CYPHER_FIELD || cy_area[to] != CYPHER_FIELD)
    {
      switch (t)
        {
        case CYPHER_KING: reach = cy_adj[ke]; break;
        case CYPHER_PAWN: reach = cy_pawn_attackers[us][ke]; break;
        case CYPHER_KNIGHT: reach = cy_short[ke] | cy_long[ke]; break;
        case CYPHER_ROOK: reach = cy_orth[ke]; break;
        case CYPHER_BISHOP: reach = cy_diag[ke]; break;
        default: reach = cy_orth[ke] | cy_diag[ke]; break;   /* Queen, Spy */
        }
      if (reach & CY_BIT (to))
        {
          if (t == CYPHER_KING || t == CYPHER_PAWN || t == CYPHER_KNIGHT)
            return true;
          if (!(cy_between[ke][to] & line_blockers (pos) & ~CY_BIT (from)))
            return true;
        }
    }
  /* A discovered check: @from the nearest blocker to the King on a line
   * (the cells between exclude @from). */
  if (cy_aligned[ke][from] && !(cy_between[ke][from] & line_blockers (pos)))
    return true;
  /* Collusion (CY16): the Spy onto a Field cell next to our Field
   * majors, or a major next to our Field Spy.  (A Spy that leaves only
   * takes collusion away.) */
  if (t == CYPHER_SPY)
    return cy_area[to] == CYPHER_FIELD && (cy_adj[to] & majors (pos, us) & cy_field);
  spy = pos->pieces[us][CYPHER_SPY] & cy_field;
  return cy_is_major (t) && spy && (cy_adj[cheops_cellset_first (spy)] & CY_BIT (to));
}

/* The sets of may_give_check(), as a filter (cypher.h). */
void
cypher_position_check_filter (const CheopsPosition *pos, CypherMoveFilter *filter)
{
  CheopsSide us = pos->side_to_move, e = cheops_side_other (us);
  CheopsCell ke = pos->king[e];
  CheopsCellSet own = pos->pieces[us][0], lines, blockers, spy, s, alone;

  filter->from |= own;
  filter->compound = true;
  if (ke == CY_NONE)
    {
      filter->from_all |= own;
      return;
    }
  if (cy_area[ke] == CYPHER_COURT)
    {
      /* Only a pawn that embeds next to it (may_give_check()). */
      filter->to[CYPHER_PAWN] |= cy_pawn_attackers[us][ke] & cy_embed_row[us];
      return;
    }
  /* A Field King: a piece on a Field cell checks by itself only as a pawn
   * or a colluder (below). */
  alone = cy_area[ke] == CYPHER_FIELD ? ~cy_field : ~(CheopsCellSet) 0;
  lines = cy_orth[ke] | cy_diag[ke];
  blockers = line_blockers (pos);
  filter->to[CYPHER_KING] |= cy_adj[ke] & alone;
  filter->to[CYPHER_PAWN] |= cy_pawn_attackers[us][ke];
  filter->to[CYPHER_KNIGHT] |= (cy_short[ke] | cy_long[ke]) & alone;
  /* A Queen, Rook or Bishop checks from its new cell only along an open
   * line (the cells between the King and it free of blockers after the
   * move, when only its own cell was emptied): the King's slides with the
   * blockers but the pieces of that kind (any of them may be the one to
   * move), each slide up to and including its first other blocker. */
  filter->to[CYPHER_ROOK] |= cy_slide (ke, 0, 4, blockers & ~pos->pieces[us][CYPHER_ROOK]) & alone;
  filter->to[CYPHER_BISHOP] |= cy_slide (ke, 4, 8, blockers & ~pos->pieces[us][CYPHER_BISHOP]) & alone;
  filter->to[CYPHER_QUEEN] |= cy_slide (ke, 0, 8, blockers & ~pos->pieces[us][CYPHER_QUEEN]) & alone;
  /* A Spy move: along an open line (as a Queen), or onto a Field cell
   * next to our Field majors (collusion, CY16); and a discovered check
   * from the nearest blocker to the King on a line (below). */
  filter->to[CYPHER_SPY] |= cy_slide (ke, 0, 8, blockers & ~pos->pieces[us][CYPHER_SPY]) & alone;
  s = majors (pos, us) & cy_field;
  while (s)
    filter->to[CYPHER_SPY] |= cy_adj[cheops_cellset_pop (&s)] & cy_field;
  /* A compound move (4.4) is filtered by its Spy part: a Court Spy's every
   * cell off Court. */
  if (pos->pieces[us][CYPHER_SPY] & cy_court)
    filter->to[CYPHER_SPY] |= ~cy_court;
  s = own & lines;
  while (s)
    {
      CheopsCell c = cheops_cellset_pop (&s);
      if (!(cy_between[ke][c] & blockers))
        filter->from_all |= CY_BIT (c);
    }
  /* A major next to a Field Spy (collusion, CY16). */
  spy = pos->pieces[us][CYPHER_SPY] & cy_field;
  if (spy)
    for (int t = CYPHER_QUEEN; t <= CYPHER_KNIGHT; t++)
      filter->to[t] |= cy_adj[cheops_cellset_first (spy)];
}

/* The move is not played: the mover's pieces after it (by type) and the
 * line blockers after it are made from @pos, and attacked_by() asks
 * whether they check the enemy King, as cypher_position_do_move() asks
 * cypher__attacked() in the position after it. */
bool
cypher_position_gives_check (const CheopsPosition *pos, CheopsMove move)
{
  CheopsSide us = pos->side_to_move, e = cheops_side_other (us);
  CheopsCell ke = pos->king[e], to = cheops_move_to (move);
  CheopsCellSet p[CYPHER_PIECE_TYPE_NB], occ = pos->occupied, spies;

  if (ke == CY_NONE || !may_give_check (pos, move))
    return false;
  memcpy (p, pos->pieces[us], sizeof p);
  if (cheops_move_kind (move) == CHEOPS_MOVE_DROP)
    {
      p[CYPHER_PAWN] |= CY_BIT (to);
      occ |= CY_BIT (to);
    }
  else
    {
      CheopsCell from = cheops_move_from (move);
      CheopsPieceType t = cheops_piece_type (pos->board[from]);

      p[t] = (p[t] & ~CY_BIT (from)) | CY_BIT (to);
      occ = (occ & ~CY_BIT (from)) | CY_BIT (to);
      if (cheops_move_kind (move) == CHEOPS_MOVE_COMPOUND)
        {
          CheopsCell from2 = cheops_move_from2 (move), to2 = cheops_move_to2 (move);
          CheopsPieceType t2 = cheops_piece_type (pos->board[from2]);

          p[t2] = (p[t2] & ~CY_BIT (from2)) | CY_BIT (to2);
          occ = (occ & ~CY_BIT (from2)) | CY_BIT (to2);
        }
    }
  spies = p[CYPHER_SPY] | pos->pieces[e][CYPHER_SPY];
  return attacked_by (p, us, ke, occ & ~(spies & ~cy_court), 0, 0);
}

/* cypher_position_do_move() sets the mover's four-check counter from this
 * very test (4.10, CY21): one more when the move checks, else 0. */
bool
cypher_position_move_checked (const CheopsPosition *pos)
{
  return pos->state[CYPHER_STATE_CHECKS_A + cheops_side_other (pos->side_to_move)] != 0;
}

/* --------------------------------------------------------- outcome */

CheopsOutcome
cypher_position_outcome (const CheopsPosition *pos)
{
  CheopsSide mover = cheops_side_other (pos->side_to_move);
  CheopsOutcome end = ended (pos);
  int n;

  /* CY22: flip, checkmate, embedding, four checks, stalemate. */
  if (end == CYPHER_OUTCOME_W_FLIP || end == CYPHER_OUTCOME_B_FLIP)
    return end;
  n = has_legal_move (pos) ? 1 : 0;   /* only whether there is one matters */
  if (n == 0 && cypher__in_check (pos))
    return mover == CHEOPS_SIDE_A ? CYPHER_OUTCOME_W_CHECKMATE : CYPHER_OUTCOME_B_CHECKMATE;
  if (end != CHEOPS_OUTCOME_NONE)
    return end;
  if (n == 0)
    return CYPHER_OUTCOME_DRAW_STALEMATE;
  return CHEOPS_OUTCOME_NONE;
}

CheopsOutcome
cypher_repetition_outcome (const CheopsPosition *pos, int count)
{
  (void) pos;
  return count >= 3 ? CYPHER_OUTCOME_DRAW_REPETITION : CHEOPS_OUTCOME_NONE;   /* CY23 */
}

/* Every earlier position of the game may repeat (CY23), not only those
 * since the halfmove clock was last reset: a captured pawn goes back to its
 * owner's hand and a prisoner release puts it on the board again (4.8), so a
 * capture, a pawn move and a drop can all be undone — a drop and its capture,
 * played twice, bring back the same first five FEN fields.  The clock, which
 * 6.1 offers "to limit the repetition search", would miss those repetitions
 * and let such a loop run for ever.  So the horizon is the whole record:
 * callers clip it to the positions they have. */
int
cypher_position_repetition_horizon (const CheopsPosition *pos)
{
  (void) pos;
  return INT_MAX / 2;
}

bool
cypher_position_is_reachable (const CheopsPosition *pos, CheopsError *error)
{
  (void) pos;
  (void) error;
  return true;
}

bool
cypher_position_is_consistent (const CheopsPosition *pos)
{
  if (pos->variant != &cheops_variant_cypher || !cheops__sets_are_consistent (pos, CY_N, CYPHER_PIECE_TYPE_NB))
    return false;
  /* Only pawns are ever in hand (4.8). */
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    for (int t = 0; t < CHEOPS_PIECE_TYPE_MAX; t++)
      if (t != CYPHER_PAWN && pos->hand[s][t] != 0)
        return false;
  return pos->key == cypher_position_compute_key (pos);
}
