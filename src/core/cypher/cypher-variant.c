/* cypher-variant.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The variant table of Cypher chess: its names (6.4), sides, the board of
 * section 2 as data, the piece kinds of 3.1 with their marks, the outcomes
 * of 4.10 and 6.5, and the pointers at the Cypher rules code.
 */
#include "cypher-private.h"

/* Marks the table's English names for the studio's translations (the core
 * itself never translates; po/POTFILES.in lists this file). */
#define N_(s) (s)

extern const CheopsBoardShape cypher__board;

/* 4.8: the pawns in hand are dropped (prisoner release). */
static const CheopsPieceType drop_kinds[] = { CYPHER_PAWN, CHEOPS_NO_PIECE_TYPE };

/* The set-up offers FEN fields 4 and 5 (6.1): the four-check counters
 * (4.10) and the mark of a re-take window or an embedding (4.5, 4.7). */
static const CheopsSetupValue setup_values[] = {
  { N_("four-check counter"), "4.10", CHEOPS_SIDE_A, false, 4 },
  { N_("four-check counter"), "4.10", CHEOPS_SIDE_B, false, 4 },
  { N_("re-take mark"), "4.5", -1, true, 0 },
};

__attribute__((constructor))
static void
cypher_init (void)
{
  cypher__init ();
}

/* The marks: a disc in the side's colour with the chess piece's Unicode
 * symbol (the solid figures, U+265A-U+265F) drawn on it; the Spy, which
 * chess has not, an eye. */
#define CHESS_MARK(name, glyph, disc, size)                              \
  static const CheopsMarkOp name[] = {                                   \
    { CHEOPS_MARK_DISC, 0, 0, disc, { { 0 } }, NULL },                   \
    { CHEOPS_MARK_TEXT, 1, 0, size, { { 0.0f, 0.04f } }, glyph },         \
    { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },                       \
  }

CHESS_MARK (king_mark, "\u265A", 1.0f, 1.25f);
CHESS_MARK (queen_mark, "\u265B", 1.0f, 1.25f);
CHESS_MARK (rook_mark, "\u265C", 1.0f, 1.2f);
CHESS_MARK (bishop_mark, "\u265D", 1.0f, 1.2f);
CHESS_MARK (knight_mark, "\u265E", 1.0f, 1.2f);
CHESS_MARK (pawn_mark, "\u265F", 0.78f, 0.95f);

/* An eye: the almond outlined, a pupil, and a diamond cut out of the disc
 * behind it, so that the Spy reads apart from every chess piece. */
static const CheopsMarkOp spy_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0f, { { 0 } }, NULL },
  { CHEOPS_MARK_CUTOUT, 4, 0, 0, { { 0.0f, -0.92f }, { 0.20f, -0.72f }, { 0.0f, -0.52f }, { -0.20f, -0.72f } }, NULL },
  { CHEOPS_MARK_STROKE, 11, 0.11f, 0,
    { { -0.66f, 0.05f }, { -0.44f, -0.20f }, { -0.20f, -0.32f }, { 0.20f, -0.32f }, { 0.44f, -0.20f },
      { 0.66f, 0.05f }, { 0.44f, 0.28f }, { 0.20f, 0.38f }, { -0.20f, 0.38f }, { -0.44f, 0.28f },
      { -0.66f, 0.05f } }, NULL },
  { CHEOPS_MARK_DOT, 1, 0, 0.17f, { { 0.0f, 0.03f } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

static const CheopsPieceInfo pieces[CYPHER_PIECE_TYPE_NB] = {
  [CYPHER_KING]   = { 'K', N_("King"), king_mark, true },
  [CYPHER_QUEEN]  = { 'Q', N_("Queen"), queen_mark, true },
  [CYPHER_ROOK]   = { 'R', N_("Rook"), rook_mark, true },
  [CYPHER_BISHOP] = { 'B', N_("Bishop"), bishop_mark, true },
  [CYPHER_KNIGHT] = { 'N', N_("Knight"), knight_mark, true },
  [CYPHER_PAWN]   = { 'P', N_("Pawn"), pawn_mark, true },
  [CYPHER_SPY]    = { 'S', N_("Spy"), spy_mark, true },
};

/* 4.10, 6.5; CY22, CY23. */
static const CheopsOutcomeInfo outcomes[CYPHER_OUTCOME_NB] = {
  [CHEOPS_OUTCOME_NONE] = { "none", CHEOPS_WINNER_DRAW, "", "", false },
  [CYPHER_OUTCOME_W_CHECKMATE] = { "w checkmate", CHEOPS_WINNER_A, N_("by checkmate"), "4.10", false },
  [CYPHER_OUTCOME_B_CHECKMATE] = { "b checkmate", CHEOPS_WINNER_B, N_("by checkmate"), "4.10", false },
  [CYPHER_OUTCOME_W_FLIP] = { "w flip", CHEOPS_WINNER_A, N_("by a flip"), "4.9", false },
  [CYPHER_OUTCOME_B_FLIP] = { "b flip", CHEOPS_WINNER_B, N_("by a flip"), "4.9", false },
  [CYPHER_OUTCOME_DRAW_STALEMATE] =
    { "draw stalemate", CHEOPS_WINNER_DRAW, N_("the side to move has no move and is not in check"), "4.10", false },
  [CYPHER_OUTCOME_DRAW_EMBEDDING] =
    { "draw embedding", CHEOPS_WINNER_DRAW, N_("a pawn embedded in front of the enemy King"), "4.7, CY12", false },
  [CYPHER_OUTCOME_DRAW_FOUR_CHECKS] =
    { "draw four-checks", CHEOPS_WINNER_DRAW, N_("four checks in a row without checkmate"), "4.10, CY21", false },
  [CYPHER_OUTCOME_DRAW_REPETITION] =
    { "draw repetition", CHEOPS_WINNER_DRAW, N_("the same position for the third time"), "CY23", true },
};

static const char *const aliases[] = { "Cypher chess", "Cypherchess", NULL };

const CheopsVariant cheops_variant_cypher = {
  .name = "cypher",
  .title = "Cypher",   /* 6.4: [Variant "Cypher"] */
  .aliases = aliases,
  .spec = "cypher.md",
  .start_fen = CYPHER_START_FEN,
  .sides = {
    { 'w', N_("White"), "White", { 0.800, 0.765, 0.690 }, { 0.298, 0.275, 0.243 } },
    { 'b', N_("Black"), "Black", { 0.176, 0.176, 0.196 }, { 0.020, 0.020, 0.020 } },
  },
  .n_piece_types = CYPHER_PIECE_TYPE_NB,
  .pieces = pieces,
  .n_outcomes = CYPHER_OUTCOME_NB,
  .outcomes = outcomes,
  .board = &cypher__board,
  .promotion_choices = NULL,   /* 4.7: no promotion */
  .drop_kinds = drop_kinds,
  .n_setup_values = 3,
  .setup_values = setup_values,
  .record_end_has_no_moves = true,   /* 4.10, CY28 */
  /* 2.1, 2.3: 10 columns, the Court (the perimeter) and the Border (a5-h5)
   * symmetric left to right; the moves of 3.2 are too (the knight's leaps
   * both ways) and there is no castling (3.3, CY24). */
  .mirror = CHEOPS_MIRROR_LEFT_RIGHT,
  .mirror_rule = "2.1, 2.3, 3.2",
  .f = {
    .from_fen = cypher_position_from_fen,
    .to_fen = cypher_position_to_fen,
    .clear = cypher_position_clear,
    .put = cypher_position_put,
    .set_side = cypher_position_set_side,
    .compute_key = cypher_position_compute_key,
    .do_move = cypher_position_do_move,
    .undo_move = cypher_position_undo_move,
    .do_null_move = cypher_position_do_null_move,
    .undo_null_move = cypher_position_undo_null_move,
    .king_attacked = cypher_position_king_attacked,
    .generate_moves = cypher_generate_moves,
    .count_moves = cypher_count_moves,
    .generate_moves_to = cypher_generate_moves_to,
    .is_playable = cypher_position_is_playable,
    .is_capture = cypher_position_is_capture,
    .outcome = cypher_position_outcome,
    .repetition_outcome = cypher_repetition_outcome,
    .repetition_horizon = cypher_position_repetition_horizon,
    .claimable_draw = NULL,   /* CY23: repetition draws at once; CY24: no fifty-move rule */
    .is_reachable = cypher_position_is_reachable,
    .is_consistent = cypher_position_is_consistent,
    .move_to_text = cypher_move_to_text,
    .move_from_text = cypher_move_from_text,
    .move_to_san = cypher_move_to_san,
    .move_from_san = cypher_move_from_san,
    .status_lines = NULL,
    .check_note = NULL,
    .move_note = cypher_move_note,
    .piece_flags = cypher_piece_flags,
    .get_setup_value = cypher_get_setup_value,
    .set_setup_value = cypher_set_setup_value,
  },
};
