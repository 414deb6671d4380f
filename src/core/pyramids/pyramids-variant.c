/* pyramids-variant.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The variant table of Pyramids: its names (6.4, PY20), sides, the board
 * of section 2 as data, the piece kinds of 3.6 with their marks, the
 * outcomes of 4.5 and 6.5, the promotion choices (PY5), and the pointers at
 * the Pyramids rules code.
 */
#include "pyramids-private.h"

/* Marks the table's English names for the studio's translations (the core
 * itself never translates; po/POTFILES.in lists this file). */
#define N_(s) (s)

extern const CheopsBoardShape pyramids__board;

__attribute__((constructor))
static void
pyramids_init (void)
{
  pyramids__init ();
}

/* The marks (3.6): a pino is drawn as concentric discs, one per checker,
 * largest below (radius 0.96, 0.78, 0.60, 0.42 for sizes 4, 3, 2, 1), each
 * in the side's colour with its dark outline, and a light ring just
 * outside each smaller checker: every checker's edge is a dark and a light
 * line, which reads on the light side's discs as on the dark side's, at a
 * glance even where the digits are small.  Its sizes as digits on top (the
 * studio outlines a text in the side's outline colour).  The slave a small
 * disc with "S", the faraon a full disc with a ring and "F". */

/* Guard (1) */
static const CheopsMarkOp pino_mark_1[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.42f, { { 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.62f, { { 0, 0 } }, "1" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Squirrel (2) */
static const CheopsMarkOp pino_mark_2[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.60f, { { 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.62f, { { 0, 0 } }, "2" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Lion (21) */
static const CheopsMarkOp pino_mark_3[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.60f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.42f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.475f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.56f, { { 0, 0 } }, "21" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Bishop (3) */
static const CheopsMarkOp pino_mark_4[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.78f, { { 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.62f, { { 0, 0 } }, "3" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Horse (31) */
static const CheopsMarkOp pino_mark_5[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.78f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.42f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.475f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.56f, { { 0, 0 } }, "31" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Ibis (32) */
static const CheopsMarkOp pino_mark_6[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.78f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.60f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.655f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.56f, { { 0, 0 } }, "32" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Scarab (321) */
static const CheopsMarkOp pino_mark_7[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.78f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.60f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.655f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.42f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.475f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.48f, { { 0, 0 } }, "321" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Rook (4) */
static const CheopsMarkOp pino_mark_8[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.96f, { { 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.62f, { { 0, 0 } }, "4" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Dragon (41) */
static const CheopsMarkOp pino_mark_9[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.96f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.42f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.475f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.56f, { { 0, 0 } }, "41" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Jackal (42) */
static const CheopsMarkOp pino_mark_10[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.96f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.60f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.655f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.56f, { { 0, 0 } }, "42" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Cobra (421) */
static const CheopsMarkOp pino_mark_11[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.96f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.60f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.655f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.42f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.475f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.48f, { { 0, 0 } }, "421" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Queen (43) */
static const CheopsMarkOp pino_mark_12[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.96f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.78f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.835f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.56f, { { 0, 0 } }, "43" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Sphinx (431) */
static const CheopsMarkOp pino_mark_13[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.96f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.78f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.835f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.42f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.475f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.48f, { { 0, 0 } }, "431" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Obelisk (432) */
static const CheopsMarkOp pino_mark_14[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.96f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.78f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.835f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.60f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.655f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.48f, { { 0, 0 } }, "432" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Pyramid (4321) */
static const CheopsMarkOp pino_mark_15[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.96f, { { 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.78f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.835f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.60f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.655f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_DISC, 0, 0, 0.42f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.04f, 0.475f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.40f, { { 0, 0 } }, "4321" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

static const CheopsMarkOp slave_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.62f, { { 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.58f, { { 0, 0 } }, "S" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

static const CheopsMarkOp faraon_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0f, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.06f, 0.80f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_TEXT, 1, 0, 0.80f, { { 0, 0 } }, "F" },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* The set-up palette offers the faraon, the slave and the four single
 * checkers: the studio stacks a checker onto a pino of its side
 * (stack_piece below), so every stack is built from them.
 * A pino's letter is the digit of its largest checker: for one-character
 * displays only (the engine's board print); FEN and SAN write its sizes. */
static const CheopsPieceInfo pieces[PYRAMIDS_PIECE_TYPE_NB] = {
  [PYRAMIDS_FARAON] = { 'F', N_("Faraon"), faraon_mark, true },
  [PYRAMIDS_SLAVE] = { 'S', N_("Slave"), slave_mark, true },
  [PYRAMIDS_PINO (1)] = { '1', N_("Guard"), pino_mark_1, true },   /* 1 */
  [PYRAMIDS_PINO (2)] = { '2', N_("Squirrel"), pino_mark_2, true },   /* 2 */
  [PYRAMIDS_PINO (3)] = { '2', N_("Lion"), pino_mark_3, false },   /* 21 */
  [PYRAMIDS_PINO (4)] = { '3', N_("Bishop"), pino_mark_4, true },   /* 3 */
  [PYRAMIDS_PINO (5)] = { '3', N_("Horse"), pino_mark_5, false },   /* 31 */
  [PYRAMIDS_PINO (6)] = { '3', N_("Ibis"), pino_mark_6, false },   /* 32 */
  [PYRAMIDS_PINO (7)] = { '3', N_("Scarab"), pino_mark_7, false },   /* 321 */
  [PYRAMIDS_PINO (8)] = { '4', N_("Rook"), pino_mark_8, true },   /* 4 */
  [PYRAMIDS_PINO (9)] = { '4', N_("Dragon"), pino_mark_9, false },   /* 41 */
  [PYRAMIDS_PINO (10)] = { '4', N_("Jackal"), pino_mark_10, false },   /* 42 */
  [PYRAMIDS_PINO (11)] = { '4', N_("Cobra"), pino_mark_11, false },   /* 421 */
  [PYRAMIDS_PINO (12)] = { '4', N_("Queen"), pino_mark_12, false },   /* 43 */
  [PYRAMIDS_PINO (13)] = { '4', N_("Sphinx"), pino_mark_13, false },   /* 431 */
  [PYRAMIDS_PINO (14)] = { '4', N_("Obelisk"), pino_mark_14, false },   /* 432 */
  [PYRAMIDS_PINO (15)] = { '4', N_("Pyramid"), pino_mark_15, false },   /* 4321 */
};

/* 4.5, 6.5; PY12-PY14. */
static const CheopsOutcomeInfo outcomes[PYRAMIDS_OUTCOME_NB] = {
  [CHEOPS_OUTCOME_NONE] = { "none", CHEOPS_WINNER_DRAW, "", "", false },
  [PYRAMIDS_OUTCOME_W_CHECKMATE] = { "w checkmate", CHEOPS_WINNER_A, N_("by checkmate"), "PY12", false },
  [PYRAMIDS_OUTCOME_B_CHECKMATE] = { "b checkmate", CHEOPS_WINNER_B, N_("by checkmate"), "PY12", false },
  [PYRAMIDS_OUTCOME_STALEMATE] = { "draw stalemate", CHEOPS_WINNER_DRAW, N_("stalemate: the side to move has no move and is not in check"), "PY12", false },
  [PYRAMIDS_OUTCOME_BARE_FARAONS] = { "draw bare-faraons", CHEOPS_WINNER_DRAW, N_("only the two faraons are left, neither with its right"), "PY13", false },
  [PYRAMIDS_OUTCOME_REPETITION] = { "draw repetition", CHEOPS_WINNER_DRAW, N_("the same position for the fifth time"), "PY14", true },
  [PYRAMIDS_OUTCOME_75_MOVE] = { "draw 75-move", CHEOPS_WINNER_DRAW, N_("seventy-five moves without a capture or a slave move"), "PY14", false },
};

/* PY5: any of the 15 pinos, in the order of 3.6. */
static const CheopsPieceType promotion_choices[] = {
  PYRAMIDS_PINO (1), PYRAMIDS_PINO (2), PYRAMIDS_PINO (4), PYRAMIDS_PINO (8),
  PYRAMIDS_PINO (3), PYRAMIDS_PINO (5), PYRAMIDS_PINO (9), PYRAMIDS_PINO (6), PYRAMIDS_PINO (10),
  PYRAMIDS_PINO (12), PYRAMIDS_PINO (7), PYRAMIDS_PINO (11), PYRAMIDS_PINO (13), PYRAMIDS_PINO (14),
  PYRAMIDS_PINO (15), 0,
};

/* Pieces made of parts (3.3): a pino's kind is PYRAMIDS_PINO (its sizes),
 * so a part of it is the pino of the part's sizes; checkers stack onto a
 * pino of their side where their sizes are free (PY8), for the set-up. */
static CheopsPieceType
pyramids_part_type (CheopsPieceType type, unsigned part)
{
  if (part == 0)
    return type;
  if (!PYRAMIDS_IS_PINO (type) || (part & ~PYRAMIDS_PINO_MASK (type)) != 0)
    return CHEOPS_NO_PIECE_TYPE;
  return PYRAMIDS_PINO (part);
}

static CheopsPiece
pyramids_stack_piece (CheopsPiece piece, CheopsPiece added)
{
  CheopsPieceType a = cheops_piece_type (piece), b = cheops_piece_type (added);

  if (piece == CHEOPS_NO_PIECE)
    return added;
  if (cheops_piece_side (piece) != cheops_piece_side (added) || !PYRAMIDS_IS_PINO (a) || !PYRAMIDS_IS_PINO (b) ||
      (PYRAMIDS_PINO_MASK (a) & PYRAMIDS_PINO_MASK (b)) != 0)
    return CHEOPS_NO_PIECE;
  return cheops_piece_make (cheops_piece_side (piece), PYRAMIDS_PINO (PYRAMIDS_PINO_MASK (a) | PYRAMIDS_PINO_MASK (b)));
}

static CheopsPiece
pyramids_unstack_piece (CheopsPiece piece, CheopsPiece removed)
{
  CheopsPieceType a = cheops_piece_type (piece), b = cheops_piece_type (removed);

  if (piece == removed)
    return CHEOPS_NO_PIECE;
  if (piece == CHEOPS_NO_PIECE || cheops_piece_side (piece) != cheops_piece_side (removed) ||
      !PYRAMIDS_IS_PINO (a) || !PYRAMIDS_IS_PINO (b) ||
      (PYRAMIDS_PINO_MASK (b) & ~PYRAMIDS_PINO_MASK (a)) != 0)
    return piece;
  return cheops_piece_make (cheops_piece_side (piece), PYRAMIDS_PINO (PYRAMIDS_PINO_MASK (a) & ~PYRAMIDS_PINO_MASK (b)));
}

/* The set-up's switches: the faraons' rights (4.3), the FEN's "F" and "f". */
static const CheopsSetupFlag setup_flags[] = {
  { N_("faraon's right to leap"), "4.3", CHEOPS_SIDE_A },
  { N_("faraon's right to leap"), "4.3", CHEOPS_SIDE_B },
};

static bool
pyramids_get_setup_flag (const CheopsPosition *pos, int index)
{
  return index >= 0 && index < 2 && (pos->state[0] & PYRAMIDS_RIGHT (index)) != 0;
}

/* PY14: "threefold repetition or a halfmove clock of 100 or more gives the
 * player to move the right to claim a draw". */
static const CheopsClaimInfo claim_repetition =
  { "third-repetition", N_("the same position for the third time"), "PY14" };
static const CheopsClaimInfo claim_fifty_moves =
  { "fifty-moves", N_("fifty moves without a capture or a slave move"), "PY14" };

static const CheopsClaimInfo *
pyramids_claimable_draw (const CheopsPosition *pos, int count)
{
  if (count >= 3)
    return &claim_repetition;
  if (pos->halfmove_clock >= 100)
    return &claim_fifty_moves;
  return NULL;
}

static void
pyramids_set_setup_flag (CheopsPosition *pos, int index, bool on)
{
  if (index < 0 || index >= 2)
    return;
  pyramids_position_set_rights (pos, on ? pos->state[0] | PYRAMIDS_RIGHT (index)
                                        : pos->state[0] & ~PYRAMIDS_RIGHT (index));
}

const CheopsVariant cheops_variant_pyramids = {
  .name = "pyramids",
  .title = "Pyramids",
  .aliases = NULL,
  .spec = "pyramids.md",
  .start_fen = PYRAMIDS_START_FEN,
  .sides = {
    { 'w', N_("White"), "White", { 0.757, 0.651, 0.447 }, { 0.290, 0.220, 0.118 } },
    { 'b', N_("Black"), "Black", { 0.188, 0.176, 0.200 }, { 0.050, 0.045, 0.055 } },
  },
  .n_piece_types = PYRAMIDS_PIECE_TYPE_NB,
  .pieces = pieces,
  .n_outcomes = PYRAMIDS_OUTCOME_NB,
  .outcomes = outcomes,
  .board = &pyramids__board,
  .promotion_choices = promotion_choices,
  .n_setup_flags = 2,
  .setup_flags = setup_flags,
  /* 2.1: a 9 x 9 board; the modes of 3.1 are symmetric left to right (the
   * slave's forward row too, PY3) and there is no castling (1.2). */
  .mirror = CHEOPS_MIRROR_LEFT_RIGHT,
  .mirror_rule = "2.1, 3.1",
  .f = {
    .from_fen = pyramids_position_from_fen,
    .to_fen = pyramids_position_to_fen,
    .clear = pyramids_position_clear,
    .put = pyramids_position_put,
    .set_side = pyramids_position_set_side,
    .compute_key = pyramids_position_compute_key,
    .do_move = pyramids_position_do_move,
    .undo_move = pyramids_position_undo_move,
    .do_null_move = pyramids_position_do_null_move,
    .undo_null_move = pyramids_position_undo_null_move,
    .king_attacked = pyramids_position_king_attacked,
    .generate_moves = pyramids_generate_moves,
    .count_moves = pyramids_count_moves,
    .generate_moves_to = pyramids_generate_moves_to,
    .is_playable = pyramids_position_is_playable,
    .is_capture = pyramids_position_is_capture,
    .outcome = pyramids_position_outcome,
    .repetition_outcome = pyramids_repetition_outcome,
    .repetition_horizon = NULL,
    .is_reachable = pyramids_position_is_reachable,
    .is_consistent = pyramids_position_is_consistent,
    .move_to_text = pyramids_move_to_text,
    .move_from_text = pyramids_move_from_text,
    .move_to_san = pyramids_move_to_san,
    .move_from_san = pyramids_move_from_san,
    .status_lines = NULL,
    .check_note = NULL,
    .part_type = pyramids_part_type,
    .stack_piece = pyramids_stack_piece,
    .unstack_piece = pyramids_unstack_piece,
    .get_setup_flag = pyramids_get_setup_flag,
    .set_setup_flag = pyramids_set_setup_flag,
    .claimable_draw = pyramids_claimable_draw,
  },
};
