/* cheops-laws-variant.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The variant table of the game Cheops: its names, sides, the board of
 * Article 2 as data, the piece kinds of 4.1 with their marks, the outcomes
 * of Article 8, and the pointers at the Cheops rules code.
 */
#include "cheops-laws.h"
#include "cheops-laws-geometry-private.h"

#include <math.h>
#include <stdio.h>

#define SQRT3 1.7320508075688772

/* Marks the table's English names for the studio's translations (the core
 * itself never translates; po/POTFILES.in lists this file). */
#define N_(s) (s)

/* The board as data, built once from the geometry (2.2-2.5).  Units: a
 * triangle is 2 wide and sqrt(3) high; (0, 0) is the a1 corner. */
static CheopsCellInfo board_cells[CHEOPS_LAWS_CELL_NB];
static CheopsEdgeLabel board_labels[CHEOPS_LAWS_COLUMN_NB + 2 * CHEOPS_LAWS_LEVEL_NB];
static char label_text[CHEOPS_LAWS_COLUMN_NB + CHEOPS_LAWS_LEVEL_NB][3];

static const CheopsPoint board_outline[] = {
  { 0, 0 }, { 18, 0 }, { 9, 9 * SQRT3 },
};

static const char *const shade_names[] = { N_("light"), N_("dark") };
static const double shade_rgb[][3] = {
  { 0.937, 0.867, 0.718 },
  { 0.725, 0.553, 0.353 },
};

/* The Apex in gold, the Apex, the Gate and the flanks outlined in a darker
 * gold (2.5). */
#define ZONE_BORDER { 0.80, 0.58, 0.10, 0.85 }
static const CheopsZoneInfo zones[] = {
  { N_("Apex"),  CHEOPS_LAWS_ZONE_APEX,  CHEOPS_ZONE_STYLE_TINT | CHEOPS_ZONE_STYLE_OUTLINE,
    { 0.973, 0.839, 0.451 }, -1, ZONE_BORDER },
  { N_("Gate"),  CHEOPS_LAWS_ZONE_GATE,  CHEOPS_ZONE_STYLE_OUTLINE, { 0.973, 0.839, 0.451 }, -1, ZONE_BORDER },
  { N_("flank"), CHEOPS_LAWS_ZONE_FLANK, CHEOPS_ZONE_STYLE_OUTLINE, { 0.973, 0.839, 0.451 }, -1, ZONE_BORDER },
};

static const CheopsBoardShape board = {
  .n_cells = CHEOPS_LAWS_CELL_NB,
  .cells = board_cells,
  .n_outline = 3,
  .outline = board_outline,
  .min = { 0, 0 },
  .max = { 18, 9 * SQRT3 },
  .n_labels = CHEOPS_LAWS_COLUMN_NB + 2 * CHEOPS_LAWS_LEVEL_NB,
  .labels = board_labels,
  .n_shades = 2,
  .shade_names = shade_names,
  .shade_rgb = shade_rgb,
  .edge_rgb = { 0.486, 0.341, 0.180 },
  .n_zones = 3,
  .zones = zones,
  .flip = CHEOPS_FLIP_MIRROR,
  /* The studio's layout of the coordinates, as it always was: letters
   * 0.42 high, 1.1 to each side for the levels, 1.0 under the base for the
   * columns and 0.35 over the Apex. */
  .label_size = 0.42,
  .margin = { 1.1, 1.0, 1.1, 0.35 },
};

__attribute__((constructor))
static void
board_init (void)
{
  int n = 0;

  cheops_laws_init ();
  for (CheopsCell cell = 0; cell < CHEOPS_LAWS_CELL_NB; cell++)
    {
      CheopsCellInfo *info = &board_cells[cell];
      double xy[6];
      bool light = cheops_laws_cell_is_light (cell);

      cheops_laws_cell_name (cell, info->name);
      cheops_laws_cell_polygon (cell, xy);
      info->n_corners = 3;
      for (int i = 0; i < 3; i++)
        {
          info->corners[i].x = xy[2 * i];
          info->corners[i].y = xy[2 * i + 1] * SQRT3;
        }
      /* The centroid: a light cell points up. */
      info->centre.x = cell_column_tab[cell] + 1;
      info->centre.y = (cell_level_tab[cell] - (light ? 2.0 / 3.0 : 1.0 / 3.0)) * SQRT3;
      info->shade = light ? 0 : 1;
      info->zones = cell == CHEOPS_LAWS_APEX ? CHEOPS_LAWS_ZONE_APEX
                    : cell == CHEOPS_LAWS_GATE ? CHEOPS_LAWS_ZONE_GATE
                    : cell == CHEOPS_LAWS_FLANK_H || cell == CHEOPS_LAWS_FLANK_J ? CHEOPS_LAWS_ZONE_FLANK
                    : 0;
    }

  /* Columns a..q under the base (2.2), column c centred at x = c + 1. */
  for (int c = 0; c < CHEOPS_LAWS_COLUMN_NB; c++, n++)
    {
      label_text[c][0] = (char) ('a' + c);
      board_labels[n].text = label_text[c];
      board_labels[n].at = (CheopsPoint) { c + 1, -0.5 };
    }
  /* Levels 1..9 along both slopes, outside the edge at mid-level. */
  for (int l = 1; l <= CHEOPS_LAWS_LEVEL_NB; l++)
    {
      char *text = label_text[CHEOPS_LAWS_COLUMN_NB + l - 1];

      text[0] = (char) ('0' + l);
      board_labels[n].text = text;
      board_labels[n++].at = (CheopsPoint) { l - 0.5 - 0.62, (l - 0.5) * SQRT3 };
      board_labels[n].text = text;
      board_labels[n++].at = (CheopsPoint) { 18 - (l - 0.5) + 0.62, (l - 0.5) * SQRT3 };
    }
}

/* The marks of 4.1's pieces: a disc in the side's colour with a white sign
 * of how the piece moves. */
static const CheopsMarkOp king_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0, { { 0 } }, NULL },
  /* A crown. */
  { CHEOPS_MARK_FILL, 7, 0.06f, 0,
    { { -0.52f, 0.36f }, { -0.60f, -0.34f }, { -0.28f, -0.02f }, { 0.0f, -0.50f },
      { 0.28f, -0.02f }, { 0.60f, -0.34f }, { 0.52f, 0.36f } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Six rays: the three bands through the cell (3.2.1), the level and the
 * two slopes at 60 degrees. */
#define Q_C 0.58f
#define Q_X (0.5f * 0.58f)
#define Q_Y (0.8660254f * 0.58f)
static const CheopsMarkOp queen_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0, { { 0 } }, NULL },
  { CHEOPS_MARK_SEGMENTS, 6, 0.17f, 0,
    { { -Q_C, 0 }, { Q_C, 0 }, { -Q_X, -Q_Y }, { Q_X, Q_Y }, { Q_X, -Q_Y }, { -Q_X, Q_Y } }, NULL },
  { CHEOPS_MARK_DOT, 1, 0, 0.17f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* Level and column (4.4.1). */
static const CheopsMarkOp swordmaster_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0, { { 0 } }, NULL },
  { CHEOPS_MARK_SEGMENTS, 4, 0.22f, 0,
    { { -0.56f, 0 }, { 0.56f, 0 }, { 0, -0.56f }, { 0, 0.56f } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* The Sister's cut-out: a dark (point-down) cell (4.5.1, note). */
#define S_T 0.58f
static const CheopsMarkOp sister_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0, { { 0 } }, NULL },
  { CHEOPS_MARK_CUTOUT, 3, 0, 0,
    { { -S_T * 0.8660254f, -S_T / 2 }, { 0, S_T }, { S_T * 0.8660254f, -S_T / 2 } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* The ring beyond the touching cells (3.5.2). */
static const CheopsMarkOp assassin_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 1.0, { { 0 } }, NULL },
  { CHEOPS_MARK_RING, 1, 0.16f, 0.48f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_DOT, 1, 0, 0.12f, { { 0, 0 } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

/* A small plain disc. */
static const CheopsMarkOp pawn_mark[] = {
  { CHEOPS_MARK_DISC, 0, 0, 0.62f, { { 0 } }, NULL },
  { CHEOPS_MARK_END, 0, 0, 0, { { 0 } }, NULL },
};

static const CheopsPieceInfo pieces[CHEOPS_LAWS_PIECE_TYPE_NB] = {
  [CHEOPS_LAWS_KING]        = { 'K', N_("King"), king_mark, true },
  [CHEOPS_LAWS_QUEEN]       = { 'Q', N_("Queen"), queen_mark, true },
  [CHEOPS_LAWS_SWORDMASTER] = { 'M', N_("Swordmaster"), swordmaster_mark, true },
  [CHEOPS_LAWS_SISTER]      = { 'S', N_("Sister"), sister_mark, true },
  [CHEOPS_LAWS_ASSASSIN]    = { 'A', N_("Assassin"), assassin_mark, true },
  [CHEOPS_LAWS_PAWN]        = { 'P', N_("Pawn"), pawn_mark, true },
};

static const CheopsOutcomeInfo outcomes[CHEOPS_LAWS_OUTCOME_NB] = {
  [CHEOPS_OUTCOME_NONE] = { "none", CHEOPS_WINNER_DRAW, "", "", false },
  [CHEOPS_LAWS_OUTCOME_ASCENSION_A] = { "a ascension", CHEOPS_WINNER_A, N_("by the Ascension"), "8.1", false },
  [CHEOPS_LAWS_OUTCOME_ASCENSION_Q] = { "q ascension", CHEOPS_WINNER_B, N_("by the Ascension"), "8.1", false },
  [CHEOPS_LAWS_OUTCOME_DRAW_NO_QUEEN_NO_PAWN] =
    { "draw no-queen-no-pawn", CHEOPS_WINNER_DRAW, N_("neither side has a Queen or a Pawn"), "8.4.1", false },
  [CHEOPS_LAWS_OUTCOME_DRAW_NO_LEGAL_MOVE] =
    { "draw no-legal-move", CHEOPS_WINNER_DRAW, N_("the side to move has no move"), "8.4.1", false },
  [CHEOPS_LAWS_OUTCOME_DRAW_SEVENTY_FIVE_MOVES] =
    { "draw seventy-five-moves", CHEOPS_WINNER_DRAW, N_("seventy-five moves without a capture or a Pawn climbing"),
      "8.4.3", false },
  [CHEOPS_LAWS_OUTCOME_DRAW_FIFTH_REPETITION] =
    { "draw fifth-repetition", CHEOPS_WINNER_DRAW, N_("the same position for the fifth time"), "8.4.3", true },
};

/* `cheops status`'s checklock line (4.2.5). */
static size_t
status_lines (const CheopsPosition *pos, char *buf, size_t size)
{
  int n = snprintf (buf, size, "checklock: %s\n", cheops_laws_position_in_checklock (pos) ? "yes" : "no");

  return n < 0 ? 0 : (size_t) n;
}

CheopsOutcome
cheops_laws_repetition_outcome (const CheopsPosition *pos,
                                int                   count)
{
  (void) pos;
  return count >= 5 ? CHEOPS_LAWS_OUTCOME_DRAW_FIFTH_REPETITION : CHEOPS_OUTCOME_NONE;   /* 8.4.3 */
}

/* 8.4.2: "Upon a correct claim by the player to move: when the same
 * position has appeared for the third time with the same player to move;
 * or when the last fifty moves by each player have been made with no
 * capture, no collapse and no Pawn move to a higher level." */
static const CheopsClaimInfo claim_repetition =
  { "third-repetition", N_("the same position for the third time"), "8.4.2" };
static const CheopsClaimInfo claim_fifty_moves =
  { "fifty-moves", N_("fifty moves without a capture or a Pawn climbing"), "8.4.2" };

static const CheopsClaimInfo *
cheops_laws_claimable_draw (const CheopsPosition *pos,
                            int                   count)
{
  if (count >= 3)
    return &claim_repetition;
  if (cheops_laws_position_fifty_move_claimable (pos))
    return &claim_fifty_moves;
  return NULL;
}

/* The checklock of the side to move (4.2.5: in check, and no move ends
 * the check), or the other side's King standing in check after its own
 * move, which only an entombed King does (4.2.7). */
static const char *
cheops_laws_check_note (const CheopsPosition *pos,
                        bool                  side_to_move)
{
  if (side_to_move)
    return cheops_laws_position_in_checklock (pos)
           ? N_("in checklock: the King is entombed and may not move (4.2.5)") : NULL;
  return cheops_laws_position_king_attacked (pos, cheops_side_other (pos->side_to_move))
         ? N_("the King is entombed (4.2.7)") : NULL;
}

/* The colours of a Cheops game follow its GreenCorner tag (6.2); these are
 * the default, Green in the a corner. */
const CheopsVariant cheops_variant_cheops = {
  .name = "cheops",
  .title = N_("Cheops"),
  .aliases = NULL,
  .spec = "The Laws of Cheops",
  .start_fen = CHEOPS_LAWS_START_FEN,
  .sides = {
    { 'a', N_("Green"), "Green", { 0.180, 0.647, 0.427 }, { 0.063, 0.388, 0.235 } },
    { 'q', N_("Orange"), "Orange", { 0.961, 0.475, 0.059 }, { 0.667, 0.263, 0.000 } },
  },
  .colour_tag = "GreenCorner",
  .n_piece_types = CHEOPS_LAWS_PIECE_TYPE_NB,
  .pieces = pieces,
  .n_outcomes = CHEOPS_LAWS_OUTCOME_NB,
  .outcomes = outcomes,
  .board = &board,
  .promotion_choices = NULL,
  /* 6.2: the board is symmetrical about the spine i1-i9, the mirror keeps
   * every cell's colour; it takes the a corner to the q corner (6.1), and
   * a Pawn threatens toward the opponent's corner (4.7.2), so the sides
   * exchange with it. */
  .mirror = CHEOPS_MIRROR_LEFT_RIGHT_SIDES,
  .mirror_rule = "6.2, 4.7.2",
  .f = {
    .from_fen = cheops_laws_position_from_fen,
    .to_fen = cheops_laws_position_to_fen,
    .clear = cheops_laws_position_clear,
    .put = cheops_laws_position_put,
    .set_side = cheops_laws_position_set_side,
    .compute_key = cheops_laws_position_compute_key,
    .do_move = cheops_laws_position_do_move,
    .undo_move = cheops_laws_position_undo_move,
    .do_null_move = cheops_laws_position_do_null_move,
    .undo_null_move = cheops_laws_position_undo_null_move,
    .king_attacked = cheops_laws_position_king_attacked,
    .generate_moves = cheops_laws_generate_moves,
    .count_moves = cheops_laws_count_moves,
    .generate_moves_to = cheops_laws_generate_moves_to,
    .is_playable = cheops_laws_position_is_playable,
    .is_capture = cheops_laws_position_is_capture,
    .outcome = cheops_laws_position_outcome,
    .repetition_outcome = cheops_laws_repetition_outcome,
    .claimable_draw = cheops_laws_claimable_draw,
    .is_reachable = cheops_laws_position_is_reachable,
    .is_consistent = cheops_laws_position_is_consistent,
    .move_to_text = cheops_laws_move_to_text,
    .move_from_text = cheops_laws_move_from_text,
    .move_to_san = cheops_laws_move_to_san,
    .move_from_san = cheops_laws_move_from_san,
    .status_lines = status_lines,
    .check_note = cheops_laws_check_note,
  },
};
