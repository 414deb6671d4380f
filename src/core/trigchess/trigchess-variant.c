/* trigchess-variant.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The variant table of Step and Circle TrigChess: its names (6.4), sides,
 * the board of section 2 as data, the piece kinds of 3.1 with their marks,
 * the outcomes of 6.6, and the pointers at the TrigChess rules code.
 */
#include "trigchess-private.h"

/* Marks the table's English names for the studio's translations (the core
 * itself never translates; po/POTFILES.in lists this file). */
#define N_(s) (s)

extern const CheopsBoardShape trigchess__board;

__attribute__((constructor))
static void
trigchess_init (void)
{
  trigchess__init ();
}

/* The marks: a disc in the side's colour with a white sign per kind. */

/* A crown. */
static const CheopsMarkOp king_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0, { { 0 } }, NULL },
  { CHEOPS_MARK_FILL, 7, 0.06f, 0,
    { { -0.52f, 0.36f }, { -0.60f, -0.34f }, { -0.28f, -0.02f }, { 0.0f, -0.50f },
      { 0.28f, -0.02f }, { 0.60f, -0.34f }, { 0.52f, 0.36f } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* The hexagon it runs round (3.4). */
static const CheopsMarkOp dome_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0, { { 0 } }, NULL },
  { CHEOPS_MARK_STROKE, 7, 0.17f, 0,
    { { 0.500f, 0.000f }, { 0.250f, 0.433f }, { -0.250f, 0.433f }, { -0.500f, 0.000f },
      { -0.250f, -0.433f }, { 0.250f, -0.433f }, { 0.500f, 0.000f } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* The six-pointed star it runs round (3.5). */
static const CheopsMarkOp gyro_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0, { { 0 } }, NULL },
  { CHEOPS_MARK_FILL, 12, 0.04f, 0,
    { { 0.000f, -0.620f }, { 0.179f, -0.310f }, { 0.537f, -0.310f }, { 0.358f, 0.000f },
      { 0.537f, 0.310f }, { 0.179f, 0.310f }, { 0.000f, 0.620f }, { -0.179f, 0.310f },
      { -0.537f, 0.310f }, { -0.358f, 0.000f }, { -0.537f, -0.310f }, { -0.179f, -0.310f } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Antlers. */
static const CheopsMarkOp stag_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0, { { 0 } }, NULL },
  { CHEOPS_MARK_SEGMENTS, 10, 0.13f, 0,
    { { -0.08f, 0.50f }, { -0.36f, -0.52f }, { 0.08f, 0.50f }, { 0.36f, -0.52f },
      { -0.22f, -0.02f }, { -0.58f, -0.16f }, { 0.22f, -0.02f }, { 0.58f, -0.16f },
      { -0.30f, -0.30f }, { -0.08f, -0.52f } }, NULL },
  { CHEOPS_MARK_SEGMENTS, 2, 0.13f, 0, { { 0.30f, -0.30f }, { 0.08f, -0.52f } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* A small plain disc. */
static const CheopsMarkOp pawn_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.62f, { { 0 } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

static const CheopsPieceInfo pieces[TRIGCHESS_PIECE_TYPE_NB] = {
  [TRIGCHESS_KING] = { 'K', N_("King"), king_mark, true },
  [TRIGCHESS_DOME] = { 'D', N_("Dome"), dome_mark, true },
  [TRIGCHESS_GYRO] = { 'G', N_("Gyro"), gyro_mark, true },
  [TRIGCHESS_STAG] = { 'S', N_("Stag"), stag_mark, true },
  [TRIGCHESS_PAWN] = { 'P', N_("Pawn"), pawn_mark, true },
};

/* 6.6; TR13, TR15, TR17 (no draw). */
static const CheopsOutcomeInfo outcomes[TRIGCHESS_OUTCOME_NB] = {
  [CHEOPS_OUTCOME_NONE] = { "none", CHEOPS_WINNER_DRAW, "", "", false },
  [TRIGCHESS_OUTCOME_G_CHECKMATE] = { "g checkmate", CHEOPS_WINNER_A, N_("by checkmate"), "TR13", false },
  [TRIGCHESS_OUTCOME_R_CHECKMATE] = { "r checkmate", CHEOPS_WINNER_B, N_("by checkmate"), "TR13", false },
  [TRIGCHESS_OUTCOME_G_STALEMATE] = { "g stalemate", CHEOPS_WINNER_A, N_("by stalemate"), "TR13", false },
  [TRIGCHESS_OUTCOME_R_STALEMATE] = { "r stalemate", CHEOPS_WINNER_B, N_("by stalemate"), "TR13", false },
  [TRIGCHESS_OUTCOME_G_REPETITION] = { "g repetition", CHEOPS_WINNER_A, N_("by the opponent's third repetition"), "TR15", true },
  [TRIGCHESS_OUTCOME_R_REPETITION] = { "r repetition", CHEOPS_WINNER_B, N_("by the opponent's third repetition"), "TR15", true },
};

/* TR10 */
static const CheopsPieceType promotion_choices[] = {
  TRIGCHESS_DOME, TRIGCHESS_GYRO, TRIGCHESS_STAG, 0,
};

static const char *const aliases[] = { "TrigChess", NULL };

const CheopsVariant cheops_variant_trigchess = {
  .name = "trigchess",
  .title = "Step and Circle TrigChess",
  .aliases = aliases,
  .spec = "trigchess.md",
  .start_fen = TRIGCHESS_START_FEN,
  .sides = {
    { 'g', N_("Gold"), "Gold", { 0.855, 0.647, 0.125 }, { 0.545, 0.400, 0.043 } },
    { 'r', N_("Red"), "Red", { 0.800, 0.157, 0.157 }, { 0.502, 0.063, 0.063 } },
  },
  .n_piece_types = TRIGCHESS_PIECE_TYPE_NB,
  .pieces = pieces,
  .n_outcomes = TRIGCHESS_OUTCOME_NB,
  .outcomes = outcomes,
  .board = &trigchess__board,
  .promotion_choices = promotion_choices,
  /* 2.1 (TR1): the amphora is symmetric left to right; the neighbour
   * tables of 3.2-3.7 are symmetric in the file (a Pawn's sideways steps
   * both ways, its captures both ways). */
  .mirror = CHEOPS_MIRROR_LEFT_RIGHT,
  .mirror_rule = "2.1, 3.2",
  .f = {
    .from_fen = trigchess_position_from_fen,
    .to_fen = trigchess_position_to_fen,
    .clear = trigchess_position_clear,
    .put = trigchess_position_put,
    .set_side = trigchess_position_set_side,
    .compute_key = trigchess_position_compute_key,
    .do_move = trigchess_position_do_move,
    .undo_move = trigchess_position_undo_move,
    .do_null_move = trigchess_position_do_null_move,
    .undo_null_move = trigchess_position_undo_null_move,
    .king_attacked = trigchess_position_king_attacked,
    .generate_moves = trigchess_generate_moves,
    .count_moves = trigchess_count_moves,
    .generate_moves_to = trigchess_generate_moves_to,
    .is_playable = trigchess_position_is_playable,
    .is_capture = trigchess_position_is_capture,
    .outcome = trigchess_position_outcome,
    .repetition_outcome = trigchess_repetition_outcome,
    .repetition_horizon = trigchess_position_repetition_horizon,
    .claimable_draw = NULL,   /* TR17: no draws at all */
    .is_reachable = trigchess_position_is_reachable,
    .is_consistent = trigchess_position_is_consistent,
    .move_to_text = trigchess_move_to_text,
    .move_from_text = trigchess_move_from_text,
    .move_to_san = trigchess_move_to_san,
    .move_from_san = trigchess_move_from_san,
    .status_lines = NULL,
  },
};
