/* studio-board-scene.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioBoardScene: the view-model of the board (the GNOME Chess split of
 * ChessScene and ChessView).  It holds what the board shows — a position,
 * the last move, whether the board is turned, which side is drawn in which
 * of its variant's colours — and what the user is doing with it: the
 * selected cell and its legal destinations, a piece being dragged, a
 * promotion being chosen, the arrows and marked cells.  It knows no game:
 * the board and the pieces are the position's variant's (pos->variant),
 * the playable moves and check are given by the owner (a game node's,
 * studio_board_scene_set_node_position()) or come from
 * cheops_generate_moves() and cheops_position_in_check().
 *
 * A move that from and to do not identify — several playable moves with
 * the same from and to, differing in their promotion choice (TrigChess
 * TR10) — is not played at once: the scene keeps the choices
 * (studio_board_scene_get_choices()) and emits ::choice-requested; the
 * view asks the user and calls studio_board_scene_choose() or
 * studio_board_scene_cancel_choice().  A promotion without a choice
 * (Cheops 4.7.3) is one move and is played at once.
 *
 * Pieces made of parts (Pyramids' stacks, 3.3 PY7): moves that share from
 * and to and differ in their part payload (cheops_move_part()) are a
 * "which part" choice, as moves that differ in their promotion are a
 * promotion choice.  A piece picked up or selected moves whole: where the
 * whole piece can go, that move is played; where only parts can, the scene
 * asks which (::choice-requested, studio_board_scene_get_choice_is_part()).
 * The user may also choose the part first: studio_board_scene_get_parts()
 * lists the moving parts a piece has, studio_board_scene_select_part()
 * selects one (its destinations only, and a click on one plays that part),
 * and a second click on a selected piece that has parts emits
 * ::parts-requested for the view to offer them.
 *
 * When the user completes a playable move the scene emits ::move-played;
 * it does not change its position itself — the owner (the document) plays
 * the move in the game and sets the new position.  When the user draws or
 * removes an arrow or a mark it emits ::shapes-changed.  Any visible change
 * emits ::changed, on which the view queues a redraw.
 *
 * A two-part move (CHEOPS_MOVE_COMPOUND, e.g. Cypher chess 4.4) is made in
 * two steps: when the user's from and to are the first part of playable
 * compound moves, the scene shows that part played and waits
 * (studio_board_scene_get_pending()); the pieces that may make a second
 * part are marked (studio_board_scene_get_continuations()), and a second
 * move with one of them completes the compound move.  A click elsewhere or
 * studio_board_scene_finish_pending() (Escape) plays the first part alone
 * when it is itself a playable plain move, and takes it back otherwise.
 * Drops (CHEOPS_MOVE_DROP): a kind picked from the side to move's hand
 * (studio_board_scene_select_drop(), or a drag from the view's pocket)
 * shows the targets of its playable drops, and a click there drops it.
 * When the user tries what the rules forbid, the scene keeps the game's
 * explanation (cheops_position_move_note()) as its note
 * (studio_board_scene_get_note(), ::note-changed).
 *
 * In editing mode (setting up a position, StudioSetupPanel) the scene plays
 * nothing and asks the core for no moves (the position being built may have
 * no King): a click on a cell emits ::edit-cell and a piece dragged to
 * another cell, or off the board, emits ::edit-move.  The owner changes the
 * position and sets it back, as for a move.
 */
#define G_LOG_DOMAIN "studio-board-scene"

#include "studio-config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "studio-board-scene.h"

struct _StudioBoardScene
{
  GObject         parent_instance;

  CheopsPosition  position;
  /* moves and choices: CHEOPS_MAX_MOVES each, on the heap (32 KB each: a
   * GObject instance must stay under 64 KB). */
  CheopsMove     *moves;
  guint           n_moves;
  CheopsMove      last_move;
  CheopsCell      check_cell;
  CheopsSide      green_side;

  /* A move waiting for the user's choice: the playable moves it may be
   * (all with the same from and to). */
  CheopsMove     *choices;
  guint           n_choices;

  CheopsCell      selected;
  CheopsCellSet   destinations;
  /* The part of the selected piece chosen to move (a cheops_move_part()
   * mask, 0 for the whole piece), when part_chosen. */
  guint           part;

  /* The piece being dragged and where the pointer is, in the view's
   * coordinates (the scene does not interpret them). */
  CheopsCell      drag_from;
  double          drag_x;
  double          drag_y;

  GArray         *shapes;
  guint8          glyph;          /* the move glyph of the last move, or 0 */
  StudioShape     engine_arrow;
  StudioShape     threat_arrow;

  /* A two-part move being made: its first part (a plain move, or the
   * compound moves' first part when that is not playable alone), shown
   * played, waiting for the optional second part; CHEOPS_MOVE_NONE. */
  CheopsMove      pending;
  /* A kind picked up from the hand of the side to move, or 0. */
  CheopsPieceType drop_type;
  /* The explanation of what the user just tried, or NULL. */
  char           *note;

  guint           flipped : 1;
  guint           interactive : 1;
  guint           editing : 1;
  guint           checklock : 1;
  guint           dragging : 1;
  guint           has_engine_arrow : 1;
  guint           has_threat_arrow : 1;
  guint           pending_alone : 1;
  guint           part_chosen : 1;
  guint           choice_is_part : 1;
};

enum {
  PROP_0,
  PROP_FLIPPED,
  PROP_GREEN_SIDE,
  PROP_INTERACTIVE,
  PROP_EDITING,
  N_PROPS
};

enum {
  CHANGED,
  MOVE_PLAYED,
  SHAPES_CHANGED,
  EDIT_CELL,
  EDIT_MOVE,
  CHOICE_REQUESTED,
  NOTE_CHANGED,
  PARTS_REQUESTED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (StudioBoardScene, studio_board_scene, G_TYPE_OBJECT)

/* The number of cells of the board shown. */
#define N_CELLS(self) ((guint) (self)->position.variant->board->n_cells)

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

static void
studio_board_scene_emit_changed (StudioBoardScene *self)
{
  g_signal_emit (self, signals [CHANGED], 0);
}

/* Whether @move is a two-part move whose first part goes from @from to @to. */
static inline gboolean
compound_starts (CheopsMove move,
                 CheopsCell from,
                 CheopsCell to)
{
  return cheops_move_kind (move) == CHEOPS_MOVE_COMPOUND &&
         cheops_move_from (move) == from && cheops_move_to (move) == to;
}

/* Whether @move moves the piece on @from (with @part_chosen: that part of
 * it only, which only a normal move has). */
static gboolean
moves_from (CheopsMove move,
            CheopsCell from,
            gboolean   part_chosen,
            guint      part)
{
  if (cheops_move_from (move) != from)
    return FALSE;
  if (!part_chosen)
    return TRUE;
  return cheops_move_kind (move) == CHEOPS_MOVE_NORMAL && cheops_move_part (move) == part;
}

/* The destinations of the piece on @from among the playable moves (of
 * the part @part only, with @part_chosen): of a plain move or of a
 * two-part move's first part; while a two-part move waits for its second
 * part, those of its second parts. */
static CheopsCellSet
studio_board_scene_destinations_of (StudioBoardScene *self,
                                    CheopsCell        from,
                                    gboolean          part_chosen,
                                    guint             part)
{
  CheopsCellSet set = CHEOPS_CELLSET_EMPTY;

  for (guint i = 0; i < self->n_moves; i++)
    {
      CheopsMove m = self->moves[i];

      if (self->pending != CHEOPS_MOVE_NONE)
        {
          if (compound_starts (m, cheops_move_from (self->pending), cheops_move_to (self->pending)) &&
              cheops_move_from2 (m) == from)
            set |= cheops_cellset_of (cheops_move_to2 (m));
        }
      else if (cheops_move_kind (m) != CHEOPS_MOVE_DROP && moves_from (m, from, part_chosen, part))
        set |= cheops_cellset_of (cheops_move_to (m));
    }

  return set;
}

/* The cells where a piece of kind @type may be dropped. */
static CheopsCellSet
studio_board_scene_drop_targets (StudioBoardScene *self,
                                 CheopsPieceType   type)
{
  CheopsCellSet set = CHEOPS_CELLSET_EMPTY;

  for (guint i = 0; i < self->n_moves; i++)
    if (cheops_move_kind (self->moves[i]) == CHEOPS_MOVE_DROP && cheops_move_promotion (self->moves[i]) == type)
      set |= cheops_cellset_of (cheops_move_to (self->moves[i]));

  return set;
}

/* Replaces the note (NULL: none), emitting ::note-changed when it changes. */
static void
studio_board_scene_set_note (StudioBoardScene *self,
                             char             *note)
{
  if (g_strcmp0 (note, self->note) == 0)
    {
      g_free (note);
      return;
    }
  g_free (self->note);
  self->note = note;
  g_signal_emit (self, signals [NOTE_CHANGED], 0);
}

static void
studio_board_scene_finalize (GObject *object)
{
  StudioBoardScene *self = (StudioBoardScene *)object;

  g_clear_pointer (&self->shapes, g_array_unref);
  g_clear_pointer (&self->moves, g_free);
  g_clear_pointer (&self->choices, g_free);
  g_clear_pointer (&self->note, g_free);

  G_OBJECT_CLASS (studio_board_scene_parent_class)->finalize (object);
}

static void
studio_board_scene_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  StudioBoardScene *self = STUDIO_BOARD_SCENE (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;

    case PROP_GREEN_SIDE:
      g_value_set_int (value, self->green_side);
      break;

    case PROP_INTERACTIVE:
      g_value_set_boolean (value, self->interactive);
      break;

    case PROP_EDITING:
      g_value_set_boolean (value, self->editing);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_board_scene_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  StudioBoardScene *self = STUDIO_BOARD_SCENE (object);

  switch (prop_id)
    {
    case PROP_FLIPPED:
      studio_board_scene_set_flipped (self, g_value_get_boolean (value));
      break;

    case PROP_GREEN_SIDE:
      studio_board_scene_set_green_side (self, g_value_get_int (value));
      break;

    case PROP_INTERACTIVE:
      studio_board_scene_set_interactive (self, g_value_get_boolean (value));
      break;

    case PROP_EDITING:
      studio_board_scene_set_editing (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_board_scene_class_init (StudioBoardSceneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = studio_board_scene_finalize;
  object_class->get_property = studio_board_scene_get_property;
  object_class->set_property = studio_board_scene_set_property;

  /**
   * StudioBoardScene:flipped:
   *
   * Whether the board is turned for the player of side B, as its variant
   * turns it (CheopsBoardShape.flip: Cheops mirrors, so the q corner is on
   * the left).
   */
  properties [PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * StudioBoardScene:green-side:
   *
   * The side (a CheopsSide) drawn in the colours of its variant's first
   * side, the other in the second's: in Cheops the side that plays Green
   * (its game's GreenCorner, 6.2); side A in games whose colours belong to
   * the sides.
   */
  properties [PROP_GREEN_SIDE] =
    g_param_spec_int ("green-side", NULL, NULL,
                      CHEOPS_SIDE_A, CHEOPS_SIDE_B, CHEOPS_SIDE_A,
                      (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * StudioBoardScene:interactive:
   *
   * Whether the user may move pieces.
   */
  properties [PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL,
                          TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * StudioBoardScene:editing:
   *
   * Whether the position is being set up: clicks and drags edit it (the
   * ::edit-cell and ::edit-move signals) instead of playing moves.
   */
  properties [PROP_EDITING] =
    g_param_spec_boolean ("editing", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StudioBoardScene::changed:
   *
   * Something the board shows has changed.
   */
  signals [CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * StudioBoardScene::move-played:
   * @move: the CheopsMove, playable in the scene's position
   *
   * The user completed a move by click-click or drag-and-drop.
   */
  signals [MOVE_PLAYED] =
    g_signal_new ("move-played",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);

  /**
   * StudioBoardScene::shapes-changed:
   *
   * The user added or removed an arrow or a cell mark.
   */
  signals [SHAPES_CHANGED] =
    g_signal_new ("shapes-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * StudioBoardScene::edit-cell:
   * @cell: the cell clicked (a CheopsCell)
   * @primary: %TRUE for the primary button, %FALSE for the secondary
   *
   * In editing mode, the user clicked @cell.
   */
  signals [EDIT_CELL] =
    g_signal_new ("edit-cell",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);

  /**
   * StudioBoardScene::edit-move:
   * @from: the cell the piece was dragged from (a CheopsCell)
   * @to: the cell it was dropped on, or CHEOPS_CELL_NONE off the board
   *
   * In editing mode, the user dragged the piece on @from to another cell
   * or off the board.
   */
  signals [EDIT_MOVE] =
    g_signal_new ("edit-move",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * StudioBoardScene::choice-requested:
   * @self: the scene
   *
   * The user completed a move that from and to do not identify (a
   * promotion with a choice): studio_board_scene_get_choices() lists what
   * it may be; answer with studio_board_scene_choose() or
   * studio_board_scene_cancel_choice().
   */
  signals [CHOICE_REQUESTED] =
    g_signal_new ("choice-requested",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * StudioBoardScene::note-changed:
   * @self: the scene
   *
   * studio_board_scene_get_note() has changed.
   */
  signals [NOTE_CHANGED] =
    g_signal_new ("note-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * StudioBoardScene::parts-requested:
   * @cell: the cell of the selected piece
   *
   * The user clicked the selected piece again and it can move in parts (a
   * stack, Pyramids PY7): the view offers studio_board_scene_get_parts()
   * and calls studio_board_scene_select_part() with the one chosen.  The
   * piece stays selected meanwhile.
   */
  signals [PARTS_REQUESTED] =
    g_signal_new ("parts-requested",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_UINT);
}

static void
studio_board_scene_init (StudioBoardScene *self)
{
  CheopsPosition start;

  self->moves = g_new (CheopsMove, CHEOPS_MAX_MOVES);
  self->choices = g_new (CheopsMove, CHEOPS_MAX_MOVES);
  self->selected = CHEOPS_CELL_NONE;
  self->drag_from = CHEOPS_CELL_NONE;
  self->check_cell = CHEOPS_CELL_NONE;
  self->green_side = CHEOPS_SIDE_A;
  self->interactive = TRUE;
  self->shapes = g_array_new (FALSE, FALSE, sizeof (StudioShape));

  cheops_position_init_start (&start, cheops_variants[0]);
  studio_board_scene_set_position (self, &start, CHEOPS_MOVE_NONE);
}

/**
 * studio_board_scene_new:
 *
 * Returns: (transfer full): a scene showing the initial position of the
 *   first variant (cheops_variants[0])
 */
StudioBoardScene *
studio_board_scene_new (void)
{
  return g_object_new (STUDIO_TYPE_BOARD_SCENE, NULL);
}

/* No cell selected, nothing dragged, no kind picked from the hand (a
 * two-part move waiting stays). */
static void
studio_board_scene_reset_selection (StudioBoardScene *self)
{
  self->selected = CHEOPS_CELL_NONE;
  self->destinations = CHEOPS_CELLSET_EMPTY;
  self->dragging = FALSE;
  self->drag_from = CHEOPS_CELL_NONE;
  self->n_choices = 0;
  self->drop_type = CHEOPS_NO_PIECE_TYPE;
  self->part = 0;
  self->part_chosen = FALSE;
  self->choice_is_part = FALSE;
}

/* As studio_board_scene_reset_selection(), and no two-part move waits. */
static void
studio_board_scene_reset_all (StudioBoardScene *self)
{
  studio_board_scene_reset_selection (self);
  self->pending = CHEOPS_MOVE_NONE;
  self->pending_alone = FALSE;
}

/* Whether the side to move, in check, has no playable move that takes its
 * King out of check: checklock in Cheops (4.2.5: its checklock moves leave
 * the King attacked), checkmate in a game whose legal moves all end the
 * check. */
static gboolean
studio_board_scene_king_trapped (StudioBoardScene *self)
{
  CheopsPosition *pos = &self->position;
  CheopsSide side = pos->side_to_move;

  for (guint i = 0; i < self->n_moves; i++)
    {
      CheopsUndo undo;
      gboolean attacked;

      cheops_position_do_move (pos, self->moves[i], &undo);
      attacked = cheops_position_king_attacked (pos, side);
      cheops_position_undo_move (pos, self->moves[i], &undo);
      if (!attacked)
        return FALSE;
    }
  return TRUE;
}

/* Shows @position with its playable @moves (ignored in editing mode) and
 * whether the side to move @in_check. */
static void
studio_board_scene_show (StudioBoardScene     *self,
                         const CheopsPosition *position,
                         CheopsMove            last_move,
                         const CheopsMove     *moves,
                         guint                 n_moves,
                         gboolean              in_check)
{
  self->position = *position;
  self->last_move = last_move;
  /* A glyph belongs to the move shown with it (studio_board_scene_set_glyph()). */
  self->glyph = 0;

  if (self->editing)
    self->n_moves = 0;
  else
    {
      self->n_moves = MIN (n_moves, (guint) CHEOPS_MAX_MOVES);
      if (self->n_moves > 0)
        memcpy (self->moves, moves, self->n_moves * sizeof *moves);
    }

  if (in_check)
    {
      self->check_cell = self->position.king[self->position.side_to_move];
      self->checklock = !self->editing && studio_board_scene_king_trapped (self);
    }
  else if (!self->editing &&
           cheops_position_king_attacked (&self->position, cheops_side_other (self->position.side_to_move)))
    {
      /* The side that just moved stands in check: it can only be
       * entombed, its checklock going on (4.2.7). */
      self->check_cell = self->position.king[cheops_side_other (self->position.side_to_move)];
      self->checklock = TRUE;
    }
  else
    {
      self->check_cell = CHEOPS_CELL_NONE;
      self->checklock = FALSE;
    }

  studio_board_scene_reset_all (self);
  self->has_engine_arrow = FALSE;
  self->has_threat_arrow = FALSE;
  studio_board_scene_set_note (self, NULL);

  studio_board_scene_emit_changed (self);
}

/**
 * studio_board_scene_set_position:
 * @self: a #StudioBoardScene
 * @position: the position to show (copied)
 * @last_move: the move that led to it, highlighted, or CHEOPS_MOVE_NONE
 *
 * Shows @position, computes its playable moves and whether the side to move
 * is in check or checklock, and drops the selection and any drag.  The
 * arrows and marks are kept: set them with studio_board_scene_set_shapes().
 * In editing mode @position need not be legal (a King may be missing): no
 * moves are generated, and only check is shown (cheops_position_in_check()
 * takes a missing King as not in check).  A position of a game node is
 * shown with studio_board_scene_set_node_position(), from what the node
 * has derived already.
 */
void
studio_board_scene_set_position (StudioBoardScene     *self,
                                 const CheopsPosition *position,
                                 CheopsMove            last_move)
{
  CheopsMove moves[CHEOPS_MAX_MOVES];
  guint n_moves = 0;

  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));
  g_return_if_fail (position != NULL);

  if (!self->editing)
    n_moves = (guint) (cheops_generate_moves (position, moves) - moves);
  studio_board_scene_show (self, position, last_move, moves, n_moves,
                           cheops_position_in_check (position));
}

/**
 * studio_board_scene_set_node_position:
 * @self: a #StudioBoardScene
 * @position: the position to show (copied)
 * @last_move: the move that led to it, highlighted, or CHEOPS_MOVE_NONE
 * @moves: (array length=n_moves) (nullable): the moves that may be played
 *   there (copied), e.g. cheops_game_node_get_moves() of its node: none
 *   once the game is over there
 * @n_moves: how many
 * @in_check: whether the side to move is in check, e.g.
 *   cheops_game_node_in_check()
 *
 * As studio_board_scene_set_position(), with the moves and the check the
 * owner knows already: the scene generates nothing.  In editing mode
 * @moves are ignored.
 */
void
studio_board_scene_set_node_position (StudioBoardScene     *self,
                                      const CheopsPosition *position,
                                      CheopsMove            last_move,
                                      const CheopsMove     *moves,
                                      guint                 n_moves,
                                      gboolean              in_check)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (moves != NULL || n_moves == 0);

  studio_board_scene_show (self, position, last_move, moves, n_moves, in_check);
}

/**
 * studio_board_scene_get_position:
 * @self: a #StudioBoardScene
 *
 * Returns: (transfer none): the position shown
 */
const CheopsPosition *
studio_board_scene_get_position (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), NULL);

  return &self->position;
}

/**
 * studio_board_scene_get_last_move:
 * @self: a #StudioBoardScene
 *
 * Returns: the highlighted last move, or CHEOPS_MOVE_NONE
 */
CheopsMove
studio_board_scene_get_last_move (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_MOVE_NONE);

  return self->last_move;
}

/**
 * studio_board_scene_get_flipped:
 * @self: a #StudioBoardScene
 *
 * Returns: whether the board is turned (see CheopsBoardShape.flip)
 */
gboolean
studio_board_scene_get_flipped (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  return self->flipped;
}

/**
 * studio_board_scene_set_flipped:
 * @self: a #StudioBoardScene
 * @flipped: %TRUE to turn the board for the player of side B
 *
 * Turns the board as its variant says (CheopsBoardShape.flip): Cheops
 * mirrors it about the spine (6.2: the mirror keeps every cell's colour,
 * so only the labels move), boards of two edges take a half turn.
 */
void
studio_board_scene_set_flipped (StudioBoardScene *self,
                                gboolean          flipped)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  flipped = !!flipped;
  if (self->flipped != flipped)
    {
      self->flipped = flipped;
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_FLIPPED]);
      studio_board_scene_emit_changed (self);
    }
}

/**
 * studio_board_scene_get_green_side:
 * @self: a #StudioBoardScene
 *
 * Returns: the side drawn in the colours of the variant's first side
 */
CheopsSide
studio_board_scene_get_green_side (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_SIDE_A);

  return self->green_side;
}

/**
 * studio_board_scene_set_green_side:
 * @self: a #StudioBoardScene
 * @side: the side drawn in the colours of the variant's first side
 *
 * In Cheops which colour holds which corner is a property of the game
 * (6.2).
 */
void
studio_board_scene_set_green_side (StudioBoardScene *self,
                                   CheopsSide        side)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));
  g_return_if_fail (side == CHEOPS_SIDE_A || side == CHEOPS_SIDE_B);

  if (self->green_side != side)
    {
      self->green_side = side;
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_GREEN_SIDE]);
      studio_board_scene_emit_changed (self);
    }
}

/**
 * studio_board_scene_get_interactive:
 * @self: a #StudioBoardScene
 *
 * Returns: whether the user may move pieces
 */
gboolean
studio_board_scene_get_interactive (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  return self->interactive;
}

/**
 * studio_board_scene_set_interactive:
 * @self: a #StudioBoardScene
 * @interactive: whether the user may move pieces
 */
void
studio_board_scene_set_interactive (StudioBoardScene *self,
                                    gboolean          interactive)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  interactive = !!interactive;
  if (self->interactive != interactive)
    {
      self->interactive = interactive;
      if (!interactive)
        studio_board_scene_clear_selection (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_INTERACTIVE]);
    }
}

/**
 * studio_board_scene_get_editing:
 * @self: a #StudioBoardScene
 *
 * Returns: whether the position is being set up
 */
gboolean
studio_board_scene_get_editing (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  return self->editing;
}

/**
 * studio_board_scene_set_editing:
 * @self: a #StudioBoardScene
 * @editing: whether the position is being set up
 *
 * Enters or leaves editing mode (see the top of this file).  The position
 * shown is kept; its moves are computed again when leaving, so set a legal
 * position first.
 */
void
studio_board_scene_set_editing (StudioBoardScene *self,
                                gboolean          editing)
{
  CheopsPosition position;

  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  editing = !!editing;
  if (self->editing == editing)
    return;

  self->editing = editing;
  position = self->position;
  studio_board_scene_set_position (self, &position, self->last_move);
  g_object_notify_by_pspec (G_OBJECT (self), properties [PROP_EDITING]);
}

/**
 * studio_board_scene_edit_click:
 * @self: a #StudioBoardScene
 * @cell: the cell clicked, or CHEOPS_CELL_NONE off the board
 * @primary: %TRUE for the primary button
 *
 * In editing mode, emits ::edit-cell for a click on a cell; otherwise does
 * nothing.
 */
void
studio_board_scene_edit_click (StudioBoardScene *self,
                               CheopsCell        cell,
                               gboolean          primary)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  if (!self->editing || cell >= N_CELLS (self))
    return;

  studio_board_scene_clear_selection (self);
  g_signal_emit (self, signals [EDIT_CELL], 0, (guint) cell, !!primary);
}

/**
 * studio_board_scene_get_selected:
 * @self: a #StudioBoardScene
 *
 * Returns: the selected cell, or CHEOPS_CELL_NONE
 */
CheopsCell
studio_board_scene_get_selected (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_CELL_NONE);

  return self->selected;
}

/**
 * studio_board_scene_get_destinations:
 * @self: a #StudioBoardScene
 *
 * Returns: the cells the selected piece may move to (empty when nothing is
 *   selected)
 */
CheopsCellSet
studio_board_scene_get_destinations (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_CELLSET_EMPTY);

  return self->destinations;
}

/**
 * studio_board_scene_get_check_cell:
 * @self: a #StudioBoardScene
 *
 * Returns: the cell of the King of the side to move when it is in check;
 *   else that of the other side's King when it stands in check (Cheops
 *   4.2.7: entombed since its own move); else CHEOPS_CELL_NONE
 */
CheopsCell
studio_board_scene_get_check_cell (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_CELL_NONE);

  return self->check_cell;
}

/**
 * studio_board_scene_get_checklock:
 * @self: a #StudioBoardScene
 *
 * Returns: whether the King at studio_board_scene_get_check_cell() is
 *   trapped: the side to move in check with no move out of it (Cheops's
 *   checklock, 4.2.5; a checkmate), or the other side standing in check
 *   after its own move (Cheops 4.2.7)
 */
gboolean
studio_board_scene_get_checklock (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  return self->checklock;
}

/**
 * studio_board_scene_select:
 * @self: a #StudioBoardScene
 * @cell: a cell
 *
 * Selects the piece on @cell if it belongs to the side to move and has a
 * playable move, showing its destinations.
 *
 * Returns: whether @cell is now selected
 */
gboolean
studio_board_scene_select (StudioBoardScene *self,
                           CheopsCell        cell)
{
  CheopsCellSet destinations;

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (!self->interactive || cell >= N_CELLS (self))
    return FALSE;

  destinations = studio_board_scene_destinations_of (self, cell, FALSE, 0);
  if (destinations == CHEOPS_CELLSET_EMPTY)
    return FALSE;

  self->selected = cell;
  self->destinations = destinations;
  self->drop_type = CHEOPS_NO_PIECE_TYPE;
  self->part = 0;
  self->part_chosen = FALSE;
  studio_board_scene_emit_changed (self);

  return TRUE;
}

/**
 * studio_board_scene_get_parts:
 * @self: a #StudioBoardScene
 * @cell: a cell
 * @parts: (out caller-allocates) (array fixed-size=16): the parts that
 *   move, as cheops_move_part() masks: 0 (the whole piece) first when it
 *   can move, then the others in the order the playable moves name them
 *
 * The ways the piece on @cell can move in parts (a stack's moving sets,
 * Pyramids 3.3 PY7), from the playable moves.
 *
 * Returns: how many entries of @parts are set: 0 when the piece cannot
 *   move, 1 when it only moves whole
 */
guint
studio_board_scene_get_parts (StudioBoardScene *self,
                              CheopsCell        cell,
                              guint             parts[16])
{
  guint seen = 0, n = 0;
  gboolean whole = FALSE;

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), 0);
  g_return_val_if_fail (parts != NULL, 0);

  for (guint i = 0; i < self->n_moves; i++)
    if (moves_from (self->moves[i], cell, FALSE, 0))
      {
        guint part = cheops_move_part (self->moves[i]);

        if (part == 0)
          whole = TRUE;
        else
          seen |= 1u << part;
      }
  if (whole)
    parts[n++] = 0;
  /* Largest first: the order of the stack, 4321 down to 1. */
  for (guint part = 15; part > 0; part--)
    if (seen & (1u << part))
      parts[n++] = part;
  return n;
}

/**
 * studio_board_scene_select_part:
 * @self: a #StudioBoardScene
 * @cell: a cell
 * @part: one of studio_board_scene_get_parts() for @cell
 *
 * Selects the part @part of the piece on @cell (0: the whole piece): its
 * destinations are those of that part, and a click or drop on one plays
 * that part's move.
 *
 * Returns: whether the part is now selected (it has a playable move)
 */
gboolean
studio_board_scene_select_part (StudioBoardScene *self,
                                CheopsCell        cell,
                                guint             part)
{
  CheopsCellSet destinations;

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (!self->interactive || self->editing || cell >= N_CELLS (self))
    return FALSE;

  destinations = studio_board_scene_destinations_of (self, cell, TRUE, part);
  if (destinations == CHEOPS_CELLSET_EMPTY)
    return FALSE;

  self->selected = cell;
  self->destinations = destinations;
  self->part = part;
  self->part_chosen = TRUE;
  studio_board_scene_emit_changed (self);

  return TRUE;
}

/**
 * studio_board_scene_get_selected_part:
 * @self: a #StudioBoardScene
 * @part: (out) (optional): the part chosen (a cheops_move_part() mask, 0
 *   for the whole piece)
 *
 * Returns: whether a part of the selected piece was chosen with
 *   studio_board_scene_select_part() (else the piece moves whole where it
 *   can)
 */
gboolean
studio_board_scene_get_selected_part (StudioBoardScene *self,
                                      guint            *part)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (part != NULL)
    *part = self->part;
  return self->selected != CHEOPS_CELL_NONE && self->part_chosen;
}

/**
 * studio_board_scene_part_type:
 * @self: a #StudioBoardScene
 * @cell: the cell of a piece
 * @part: a part of it (a cheops_move_part() mask, 0 for the whole piece)
 *
 * What to draw and name for the part @part of the piece on @cell: the
 * kind it is on its own (the variant's part_type; the piece's own kind for
 * 0 or in a variant whose pieces are whole).
 *
 * Returns: a piece kind, or CHEOPS_NO_PIECE_TYPE
 */
CheopsPieceType
studio_board_scene_part_type (StudioBoardScene *self,
                              CheopsCell        cell,
                              guint             part)
{
  const CheopsPosition *pos;
  CheopsPieceType type;

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_NO_PIECE_TYPE);

  pos = &self->position;
  if (cell >= N_CELLS (self))
    return CHEOPS_NO_PIECE_TYPE;
  type = cheops_piece_type (pos->board[cell]);
  if (part == 0 || type == CHEOPS_NO_PIECE_TYPE)
    return type;
  if (pos->variant->f.part_type == NULL)
    return CHEOPS_NO_PIECE_TYPE;
  return pos->variant->f.part_type (type, part);
}

/**
 * studio_board_scene_choice_type:
 * @self: a #StudioBoardScene
 * @move: one of studio_board_scene_get_choices()
 *
 * Returns: the piece kind that stands for @move in the choice: its
 *   promotion, or for a part choice the part that moves
 *   (studio_board_scene_part_type())
 */
CheopsPieceType
studio_board_scene_choice_type (StudioBoardScene *self,
                                CheopsMove        move)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_NO_PIECE_TYPE);

  if (self->choice_is_part)
    return studio_board_scene_part_type (self, cheops_move_from (move), cheops_move_part (move));
  return cheops_move_promotion (move);
}

/**
 * studio_board_scene_get_choice_is_part:
 * @self: a #StudioBoardScene
 *
 * Returns: whether the choice waiting (studio_board_scene_get_choices())
 *   is which part of a piece moves (a stack, Pyramids PY7), not a
 *   promotion
 */
gboolean
studio_board_scene_get_choice_is_part (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  return self->n_choices > 0 && self->choice_is_part;
}

/**
 * studio_board_scene_clear_selection:
 * @self: a #StudioBoardScene
 *
 * Drops the selection and any drag.
 */
void
studio_board_scene_clear_selection (StudioBoardScene *self)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  if (self->selected == CHEOPS_CELL_NONE && !self->dragging && self->drop_type == CHEOPS_NO_PIECE_TYPE)
    return;

  studio_board_scene_reset_selection (self);
  studio_board_scene_emit_changed (self);
}

/* Plays @move: the selection goes, ::move-played. */
static void
studio_board_scene_emit_move (StudioBoardScene *self,
                              CheopsMove        move)
{
  studio_board_scene_reset_all (self);
  g_signal_emit (self, signals [MOVE_PLAYED], 0, (guint) move);
  studio_board_scene_emit_changed (self);
}

/* The rank of a promotion choice in the variant's promotion_choices (the
 * order the user is offered them), or the kind itself past them. */
static guint
choice_rank (const CheopsVariant *variant,
             CheopsMove           move)
{
  CheopsPieceType kind = cheops_move_promotion (move);

  /* A part choice: the largest part first (its mask, from 15 down). */
  if (cheops_move_part (move) != 0)
    return 128 + 15 - cheops_move_part (move);

  if (variant->promotion_choices != NULL)
    for (guint i = 0; variant->promotion_choices[i] != CHEOPS_NO_PIECE_TYPE; i++)
      if (variant->promotion_choices[i] == kind)
        return i;
  return 64 + kind;
}

/* When playable two-part moves start with @from to @to, shows that part
 * played and waits for the second (@alone: the plain move from @from to
 * @to, or CHEOPS_MOVE_NONE when it is not playable by itself).  Returns
 * whether it waits. */
static gboolean
studio_board_scene_begin_pending (StudioBoardScene *self,
                                  CheopsCell        from,
                                  CheopsCell        to,
                                  CheopsMove        alone)
{
  char san[64];
  gboolean found = FALSE;

  for (guint i = 0; i < self->n_moves && !found; i++)
    found = compound_starts (self->moves[i], from, to);
  if (!found)
    return FALSE;

  studio_board_scene_reset_selection (self);
  self->pending = alone != CHEOPS_MOVE_NONE ? alone : cheops_move_make (from, to);
  self->pending_alone = alone != CHEOPS_MOVE_NONE;
  if (self->pending_alone)
    {
      san[cheops_move_to_san (&self->position, alone, san)] = '\0';
      /* Translators: %s is the first part of a two-part move in record
       * notation ("Sa1"); Escape plays it alone */
      studio_board_scene_set_note (self, g_strdup_printf (_("%s: move a marked piece to complete the move, "
                                                           "or press Escape to play it alone"), san));
    }
  else
    studio_board_scene_set_note (self, g_strdup (_("Move a marked piece to complete the move, "
                                                  "or press Escape to take it back")));
  studio_board_scene_emit_changed (self);

  return TRUE;
}

/* Completes the user's move from @from to @to: the second part of the
 * two-part move waiting, or a move of its own (studio_board_scene_play()). */
static gboolean
studio_board_scene_complete (StudioBoardScene *self,
                             CheopsCell        from,
                             CheopsCell        to)
{
  if (self->pending == CHEOPS_MOVE_NONE)
    return studio_board_scene_play (self, from, to);

  for (guint i = 0; i < self->n_moves; i++)
    {
      CheopsMove m = self->moves[i];

      if (compound_starts (m, cheops_move_from (self->pending), cheops_move_to (self->pending)) &&
          cheops_move_from2 (m) == from && cheops_move_to2 (m) == to)
        {
          studio_board_scene_emit_move (self, m);
          return TRUE;
        }
    }
  return FALSE;
}

/* Keeps the game's explanation of why the piece on @from may not go to
 * @to as the note, if the game has one. */
static void
studio_board_scene_explain (StudioBoardScene *self,
                            CheopsCell        from,
                            CheopsCell        to)
{
  CheopsNote note;

  if (self->pending != CHEOPS_MOVE_NONE || from >= N_CELLS (self) || to >= N_CELLS (self) || from == to)
    return;
  if (cheops_position_move_note (&self->position, from, to, &note))
    studio_board_scene_set_note (self, studio_format_note (&note));
}

/**
 * studio_board_scene_play:
 * @self: a #StudioBoardScene
 * @from: the cell of the piece
 * @to: its destination
 *
 * Completes the user's move from @from to @to.  When exactly one playable
 * move goes from @from to @to it emits ::move-played (a promotion without
 * a choice, as Cheops's on the Apex, 4.7.3, is one move).  When several do
 * (a promotion with a choice, TrigChess TR10) it keeps them, in the order
 * of the variant's promotion_choices, and emits ::choice-requested: the
 * move is played by studio_board_scene_choose().  A piece in parts (a
 * stack, Pyramids PY7) moves whole when it can; with a part chosen
 * (studio_board_scene_select_part()) that part moves; where only parts
 * can go the choice is which part, the largest first.
 *
 * Returns: whether a move from @from to @to is playable (played or waiting
 *   for the choice)
 */
gboolean
studio_board_scene_play (StudioBoardScene *self,
                         CheopsCell        from,
                         CheopsCell        to)
{
  const CheopsVariant *variant;
  guint n = 0;

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (!self->interactive || from >= N_CELLS (self) || to >= N_CELLS (self))
    return FALSE;

  variant = self->position.variant;
  {
    gboolean part_chosen = self->selected == from && self->part_chosen;
    guint part = self->part;
    gboolean whole = FALSE;

    /* Without a part chosen: the whole piece when it can go there. */
    if (!part_chosen)
      for (guint i = 0; i < self->n_moves; i++)
        if (cheops_move_kind (self->moves[i]) == CHEOPS_MOVE_NORMAL &&
            cheops_move_from (self->moves[i]) == from && cheops_move_to (self->moves[i]) == to &&
            cheops_move_part (self->moves[i]) == 0)
          whole = TRUE;
    if (whole)
      {
        part_chosen = TRUE;
        part = 0;
      }

  for (guint i = 0; i < self->n_moves; i++)
    {
      CheopsMove m = self->moves[i];

      if (cheops_move_kind (m) != CHEOPS_MOVE_NORMAL ||
          cheops_move_from (m) != from || cheops_move_to (m) != to ||
          (part_chosen && cheops_move_part (m) != part))
        continue;
      /* Insertion by rank: a handful of moves. */
      {
        guint j = n++;

        while (j > 0 && choice_rank (variant, self->choices[j - 1]) > choice_rank (variant, m))
          {
            self->choices[j] = self->choices[j - 1];
            j--;
          }
        self->choices[j] = m;
      }
    }
  }

  if (n <= 1 && studio_board_scene_begin_pending (self, from, to, n == 1 ? self->choices[0] : CHEOPS_MOVE_NONE))
    return TRUE;
  if (n == 0)
    return FALSE;
  if (n == 1)
    {
      studio_board_scene_emit_move (self, self->choices[0]);
      return TRUE;
    }

  studio_board_scene_reset_selection (self);
  self->n_choices = n;
  self->choice_is_part = cheops_move_part (self->choices[0]) != cheops_move_part (self->choices[n - 1]);
  studio_board_scene_emit_changed (self);
  g_signal_emit (self, signals [CHOICE_REQUESTED], 0);

  return TRUE;
}

/**
 * studio_board_scene_play_move:
 * @self: a #StudioBoardScene
 * @move: a move, with its promotion choice if it has one
 *
 * Emits ::move-played if @move is one of the playable moves (the way
 * board.play plays a move given as text, "b5b6d").
 *
 * Returns: whether @move was playable
 */
gboolean
studio_board_scene_play_move (StudioBoardScene *self,
                              CheopsMove        move)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (!self->interactive || move == CHEOPS_MOVE_NONE)
    return FALSE;

  for (guint i = 0; i < self->n_moves; i++)
    if (self->moves[i] == move)
      {
        studio_board_scene_emit_move (self, move);
        return TRUE;
      }

  return FALSE;
}

/**
 * studio_board_scene_get_choices:
 * @self: a #StudioBoardScene
 * @n_choices: (out): how many moves wait for the choice (0: none)
 *
 * Returns: (transfer none) (array length=n_choices): the playable moves
 *   the move the user completed may be (same from and to, each with its
 *   promotion choice), in the order to offer them; valid until the scene
 *   changes
 */
const CheopsMove *
studio_board_scene_get_choices (StudioBoardScene *self,
                                guint            *n_choices)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), NULL);
  g_return_val_if_fail (n_choices != NULL, NULL);

  *n_choices = self->n_choices;
  return self->choices;
}

/**
 * studio_board_scene_choose:
 * @self: a #StudioBoardScene
 * @move: one of studio_board_scene_get_choices()
 *
 * Plays the chosen move (::move-played).
 *
 * Returns: whether @move was one of the choices
 */
gboolean
studio_board_scene_choose (StudioBoardScene *self,
                           CheopsMove        move)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  for (guint i = 0; i < self->n_choices; i++)
    if (self->choices[i] == move)
      {
        studio_board_scene_emit_move (self, move);
        return TRUE;
      }

  return FALSE;
}

/**
 * studio_board_scene_cancel_choice:
 * @self: a #StudioBoardScene
 *
 * Drops a move waiting for its choice: the piece goes back.
 */
void
studio_board_scene_cancel_choice (StudioBoardScene *self)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  if (self->n_choices == 0)
    return;

  self->n_choices = 0;
  self->choice_is_part = FALSE;
  studio_board_scene_emit_changed (self);
}

/**
 * studio_board_scene_get_side_colours:
 * @self: a #StudioBoardScene
 * @side: a side
 *
 * Which of its variant's colours @side is drawn in: the first side's
 * colours for the side of #StudioBoardScene:green-side, the second's for
 * the other (in Cheops colours belong to the game, its GreenCorner, 6.2).
 *
 * Returns: (transfer none): an entry of the variant's sides[]
 */
const CheopsSideInfo *
studio_board_scene_get_side_colours (StudioBoardScene *self,
                                     CheopsSide        side)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), NULL);

  return &self->position.variant->sides[side == self->green_side ? 0 : 1];
}

/**
 * studio_board_scene_click:
 * @self: a #StudioBoardScene
 * @cell: the cell clicked, or CHEOPS_CELL_NONE off the board
 *
 * Click-click moving: a click on a destination of the selected piece plays
 * the move; a click on a piece that can move selects it (a second click on
 * it deselects it); any other click drops the selection.
 *
 * Returns: whether a move was played
 */
gboolean
studio_board_scene_click (StudioBoardScene *self,
                          CheopsCell        cell)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (self->editing)
    {
      studio_board_scene_edit_click (self, cell, TRUE);
      return FALSE;
    }

  if (self->drop_type != CHEOPS_NO_PIECE_TYPE)
    {
      if (cell < N_CELLS (self) && cheops_cellset_has (self->destinations, cell))
        return studio_board_scene_play_move (self, cheops_move_make_drop (self->drop_type, cell));
      studio_board_scene_clear_selection (self);
    }

  if (self->selected != CHEOPS_CELL_NONE &&
      cell < N_CELLS (self) &&
      cheops_cellset_has (self->destinations, cell))
    return studio_board_scene_complete (self, self->selected, cell);

  if (self->pending != CHEOPS_MOVE_NONE)
    {
      /* Another marked piece, or the same again (deselected); a click
       * anywhere else plays the first part alone. */
      if (cell == self->selected)
        studio_board_scene_clear_selection (self);
      else if (!studio_board_scene_select (self, cell))
        return studio_board_scene_finish_pending (self);
      return FALSE;
    }

  if (cell == self->selected && studio_board_scene_request_parts (self))
    return FALSE;

  if (cell == self->selected || !studio_board_scene_select (self, cell))
    {
      studio_board_scene_explain (self, self->selected, cell);
      studio_board_scene_clear_selection (self);
    }

  return FALSE;
}

/**
 * studio_board_scene_request_parts:
 * @self: a #StudioBoardScene
 *
 * Asks the view to offer the parts of the selected piece
 * (::parts-requested), if it can move in parts.  The click on a selected
 * piece does this (studio_board_scene_click()).
 *
 * Returns: whether the parts were requested
 */
gboolean
studio_board_scene_request_parts (StudioBoardScene *self)
{
  guint parts[16];

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (self->selected == CHEOPS_CELL_NONE || self->editing ||
      studio_board_scene_get_parts (self, self->selected, parts) < 2)
    return FALSE;

  g_signal_emit (self, signals [PARTS_REQUESTED], 0, (guint) self->selected);
  return TRUE;
}

/**
 * studio_board_scene_drag_begin:
 * @self: a #StudioBoardScene
 * @cell: the cell where the drag started
 *
 * Picks up the piece on @cell if it can move, and selects it.  In editing
 * mode any piece may be picked up.
 *
 * Returns: whether a piece is being dragged
 */
gboolean
studio_board_scene_drag_begin (StudioBoardScene *self,
                               CheopsCell        cell)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (self->editing)
    {
      if (cell >= N_CELLS (self) || self->position.board[cell] == CHEOPS_NO_PIECE)
        return FALSE;
      self->selected = cell;
      self->destinations = CHEOPS_CELLSET_EMPTY;
    }
  else if (!(cell == self->selected && self->part_chosen) && !studio_board_scene_select (self, cell))
    return FALSE;

  self->dragging = TRUE;
  self->drag_from = cell;
  self->drag_x = self->drag_y = -1;
  studio_board_scene_emit_changed (self);

  return TRUE;
}

/**
 * studio_board_scene_drag_motion:
 * @self: a #StudioBoardScene
 * @x: the pointer, in the view's coordinates
 * @y: the pointer, in the view's coordinates
 *
 * Moves the dragged piece with the pointer.
 */
void
studio_board_scene_drag_motion (StudioBoardScene *self,
                                double            x,
                                double            y)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  if (!self->dragging)
    return;

  self->drag_x = x;
  self->drag_y = y;
  studio_board_scene_emit_changed (self);
}

/**
 * studio_board_scene_drag_end:
 * @self: a #StudioBoardScene
 * @cell: the cell where the piece was dropped, or CHEOPS_CELL_NONE
 *
 * Drops the dragged piece: on a destination it plays the move; back on its
 * own cell it stays selected (so a short drag acts as a click); elsewhere
 * the selection is dropped.  In editing mode a drop anywhere but on its
 * own cell emits ::edit-move (@cell CHEOPS_CELL_NONE: off the board).
 *
 * Returns: whether a move was played
 */
gboolean
studio_board_scene_drag_end (StudioBoardScene *self,
                             CheopsCell        cell)
{
  CheopsCell from;

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (!self->dragging)
    return FALSE;

  from = self->drag_from;
  self->dragging = FALSE;
  self->drag_from = CHEOPS_CELL_NONE;

  if (self->editing)
    {
      self->selected = CHEOPS_CELL_NONE;
      if (cell != from)
        g_signal_emit (self, signals [EDIT_MOVE], 0, (guint) from,
                       (guint) (cell < N_CELLS (self) ? cell : CHEOPS_CELL_NONE));
      studio_board_scene_emit_changed (self);
      return FALSE;
    }

  if (self->drop_type != CHEOPS_NO_PIECE_TYPE)
    {
      if (cell < N_CELLS (self) && cheops_cellset_has (self->destinations, cell))
        return studio_board_scene_play_move (self, cheops_move_make_drop (self->drop_type, cell));
      studio_board_scene_clear_selection (self);
      return FALSE;
    }

  if (cell < N_CELLS (self) && cheops_cellset_has (self->destinations, cell))
    return studio_board_scene_complete (self, from, cell);

  if (cell != from)
    {
      studio_board_scene_explain (self, from, cell);
      studio_board_scene_clear_selection (self);
    }
  else
    studio_board_scene_emit_changed (self);

  return FALSE;
}

/**
 * studio_board_scene_drag_cancel:
 * @self: a #StudioBoardScene
 *
 * Puts a dragged piece back and drops the selection.
 */
void
studio_board_scene_drag_cancel (StudioBoardScene *self)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  if (self->dragging)
    studio_board_scene_clear_selection (self);
}

/**
 * studio_board_scene_get_drag:
 * @self: a #StudioBoardScene
 * @from: (out) (optional): the cell the dragged piece came from
 * @x: (out) (optional): the pointer position given to drag_motion(), or -1
 * @y: (out) (optional): the pointer position given to drag_motion(), or -1
 *
 * Returns: whether a piece is being dragged
 */
gboolean
studio_board_scene_get_drag (StudioBoardScene *self,
                             CheopsCell       *from,
                             double           *x,
                             double           *y)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (from != NULL)
    *from = self->drag_from;
  if (x != NULL)
    *x = self->drag_x;
  if (y != NULL)
    *y = self->drag_y;

  return self->dragging;
}

/**
 * studio_board_scene_get_shapes:
 * @self: a #StudioBoardScene
 * @n_shapes: (out): the number of shapes
 *
 * Returns: (transfer none) (array length=n_shapes): the user's arrows and
 *   cell marks, in the order they were drawn
 */
const StudioShape *
studio_board_scene_get_shapes (StudioBoardScene *self,
                               guint            *n_shapes)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), NULL);
  g_return_val_if_fail (n_shapes != NULL, NULL);

  *n_shapes = self->shapes->len;

  return (const StudioShape *)(gpointer)self->shapes->data;
}

/**
 * studio_board_scene_set_shapes:
 * @self: a #StudioBoardScene
 * @shapes: (array length=n_shapes) (nullable): arrows and marks to show
 * @n_shapes: how many
 *
 * Replaces the arrows and marks (those of the current node of the game),
 * without emitting ::shapes-changed.
 */
void
studio_board_scene_set_shapes (StudioBoardScene  *self,
                               const StudioShape *shapes,
                               guint              n_shapes)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  g_array_set_size (self->shapes, 0);
  if (n_shapes > 0)
    g_array_append_vals (self->shapes, shapes, n_shapes);
  studio_board_scene_emit_changed (self);
}

/**
 * studio_board_scene_toggle_shape:
 * @self: a #StudioBoardScene
 * @from: the tail of the arrow, or the cell to mark
 * @to: the head of the arrow; @from for a cell mark
 * @brush: the colour
 *
 * Adds an arrow (or a mark when @from == @to); drawing the same shape again
 * in the same colour removes it, in another colour recolours it (the way
 * Lichess does).  Emits ::shapes-changed.
 */
void
studio_board_scene_toggle_shape (StudioBoardScene *self,
                                 CheopsCell        from,
                                 CheopsCell        to,
                                 StudioBrush       brush)
{
  StudioShape shape = { from, to, brush };

  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));
  g_return_if_fail (from < N_CELLS (self) && to < N_CELLS (self));
  g_return_if_fail (brush < STUDIO_BRUSH_NB);

  for (guint i = 0; i < self->shapes->len; i++)
    {
      StudioShape *s = &g_array_index (self->shapes, StudioShape, i);

      if (s->from == from && s->to == to)
        {
          if (s->brush == brush)
            g_array_remove_index (self->shapes, i);
          else
            s->brush = brush;
          goto changed;
        }
    }

  g_array_append_val (self->shapes, shape);

changed:
  g_signal_emit (self, signals [SHAPES_CHANGED], 0);
  studio_board_scene_emit_changed (self);
}

/**
 * studio_board_scene_get_engine_arrow:
 * @self: a #StudioBoardScene
 *
 * Returns: (nullable): the engine's best move as an arrow, or %NULL
 */
const StudioShape *
studio_board_scene_get_engine_arrow (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), NULL);

  return self->has_engine_arrow ? &self->engine_arrow : NULL;
}

/**
 * studio_board_scene_set_engine_arrow:
 * @self: a #StudioBoardScene
 * @move: the engine's best move in the shown position, or CHEOPS_MOVE_NONE
 *
 * Shows (or hides) the engine's best move as a thin arrow.  Cleared when
 * the position changes.
 */
void
studio_board_scene_set_engine_arrow (StudioBoardScene *self,
                                     CheopsMove        move)
{
  gboolean has;

  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  has = move != CHEOPS_MOVE_NONE;
  if (has == self->has_engine_arrow &&
      (!has || (self->engine_arrow.from == cheops_move_from (move) &&
                self->engine_arrow.to == cheops_move_to (move))))
    return;

  self->has_engine_arrow = has;
  if (has)
    {
      self->engine_arrow.from = cheops_move_from (move);
      self->engine_arrow.to = cheops_move_to (move);
      self->engine_arrow.brush = STUDIO_BRUSH_BLUE;
    }
  studio_board_scene_emit_changed (self);
}

/**
 * studio_board_scene_get_threat_arrow:
 * @self: a #StudioBoardScene
 *
 * Returns: (nullable): the first move of the engine's threat line (threat
 *   mode: what the opponent would play if it could move now) as an arrow,
 *   or %NULL; its brush is STUDIO_BRUSH_RED (the best move's is
 *   STUDIO_BRUSH_BLUE), and the view draws it dashed
 */
const StudioShape *
studio_board_scene_get_threat_arrow (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), NULL);

  return self->has_threat_arrow ? &self->threat_arrow : NULL;
}

/**
 * studio_board_scene_set_threat_arrow:
 * @self: a #StudioBoardScene
 * @move: the threat's first move, a move of the other side in the shown
 *   placement, or CHEOPS_MOVE_NONE
 *
 * Shows (or hides) the threat as an arrow beside the engine's best-move
 * arrow.  Cleared when the position changes.
 */
void
studio_board_scene_set_threat_arrow (StudioBoardScene *self,
                                     CheopsMove        move)
{
  gboolean has;

  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  has = move != CHEOPS_MOVE_NONE;
  if (has == self->has_threat_arrow &&
      (!has || (self->threat_arrow.from == cheops_move_from (move) &&
                self->threat_arrow.to == cheops_move_to (move))))
    return;

  self->has_threat_arrow = has;
  if (has)
    {
      self->threat_arrow.from = cheops_move_from (move);
      self->threat_arrow.to = cheops_move_to (move);
      self->threat_arrow.brush = STUDIO_BRUSH_RED;
    }
  studio_board_scene_emit_changed (self);
}

/**
 * studio_format_note:
 * @note: a note of the rules core (cheops_position_move_note())
 *
 * The note as a sentence in the user's language: its format and the
 * arguments it marks as names translated, cell names as they are.
 *
 * Returns: (transfer full): the text
 */
char *
studio_format_note (const CheopsNote *note)
{
  const char *args[3];

  g_return_val_if_fail (note != NULL && note->format != NULL, NULL);

  for (guint i = 0; i < 3; i++)
    {
      args[i] = note->args[i] != NULL ? note->args[i] : "";
      if ((note->translate & (1u << i)) && note->args[i] != NULL)
        args[i] = _(args[i]);
    }
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
  return g_strdup_printf (_(note->format), args[0], args[1], args[2]);
#pragma GCC diagnostic pop
}

/**
 * studio_board_scene_get_note:
 * @self: a #StudioBoardScene
 *
 * Returns: (nullable): what the game says of what the user just tried (a
 *   capture its rules forbid from there, Cypher chess 3.4), or how to
 *   finish a two-part move being made; %NULL when there is nothing to say.
 *   Valid until ::note-changed.
 */
const char *
studio_board_scene_get_note (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), NULL);

  return self->note;
}

/**
 * studio_board_scene_get_pending:
 * @self: a #StudioBoardScene
 *
 * Returns: the first part of a two-part move (CHEOPS_MOVE_COMPOUND, e.g.
 *   Cypher chess 4.4) the user has made, shown played and waiting for its
 *   optional second part, as a plain move; CHEOPS_MOVE_NONE when none waits
 */
CheopsMove
studio_board_scene_get_pending (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_MOVE_NONE);

  return self->pending;
}

/**
 * studio_board_scene_get_continuations:
 * @self: a #StudioBoardScene
 *
 * Returns: the cells of the pieces that may make the second part of the
 *   two-part move waiting (studio_board_scene_get_pending()); empty when
 *   none waits
 */
CheopsCellSet
studio_board_scene_get_continuations (StudioBoardScene *self)
{
  CheopsCellSet set = CHEOPS_CELLSET_EMPTY;

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_CELLSET_EMPTY);

  if (self->pending == CHEOPS_MOVE_NONE)
    return set;
  for (guint i = 0; i < self->n_moves; i++)
    if (compound_starts (self->moves[i], cheops_move_from (self->pending), cheops_move_to (self->pending)))
      set |= cheops_cellset_of (cheops_move_from2 (self->moves[i]));
  return set;
}

/**
 * studio_board_scene_finish_pending:
 * @self: a #StudioBoardScene
 *
 * Ends the two-part move waiting without its second part (Escape, a click
 * elsewhere): its first part is played alone (::move-played) when that is
 * a playable move, and taken back otherwise.
 *
 * Returns: whether a move was played
 */
gboolean
studio_board_scene_finish_pending (StudioBoardScene *self)
{
  CheopsMove move;

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (self->pending == CHEOPS_MOVE_NONE)
    return FALSE;

  move = self->pending;
  if (self->pending_alone)
    {
      studio_board_scene_emit_move (self, move);
      return TRUE;
    }
  studio_board_scene_reset_all (self);
  studio_board_scene_set_note (self, NULL);
  studio_board_scene_emit_changed (self);
  return FALSE;
}

/**
 * studio_board_scene_select_drop:
 * @self: a #StudioBoardScene
 * @type: a piece kind of the variant
 *
 * Picks a piece of kind @type from the hand of the side to move (the
 * view's pocket) and shows where it may be dropped: the targets of its
 * playable drops only.  A two-part move waiting is played alone first (a
 * click elsewhere), and nothing is picked.
 *
 * Returns: whether a piece of kind @type is now picked (it has a playable
 *   drop)
 */
gboolean
studio_board_scene_select_drop (StudioBoardScene *self,
                                CheopsPieceType   type)
{
  CheopsCellSet targets;

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (!self->interactive || self->editing)
    return FALSE;
  if (self->pending != CHEOPS_MOVE_NONE)
    {
      studio_board_scene_finish_pending (self);
      return FALSE;
    }

  targets = studio_board_scene_drop_targets (self, type);
  if (targets == CHEOPS_CELLSET_EMPTY)
    {
      studio_board_scene_clear_selection (self);
      return FALSE;
    }

  studio_board_scene_reset_selection (self);
  self->drop_type = type;
  self->destinations = targets;
  studio_board_scene_emit_changed (self);
  return TRUE;
}

/**
 * studio_board_scene_get_drop_type:
 * @self: a #StudioBoardScene
 *
 * Returns: the kind picked from the hand (studio_board_scene_select_drop()),
 *   or CHEOPS_NO_PIECE_TYPE
 */
CheopsPieceType
studio_board_scene_get_drop_type (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_NO_PIECE_TYPE);

  return self->drop_type;
}

/**
 * studio_board_scene_drag_begin_drop:
 * @self: a #StudioBoardScene
 * @type: a piece kind
 *
 * Picks a piece of kind @type from the hand, as
 * studio_board_scene_select_drop(), and drags it;
 * studio_board_scene_drag_end() on one of its targets drops it.
 *
 * Returns: whether a piece is being dragged
 */
gboolean
studio_board_scene_drag_begin_drop (StudioBoardScene *self,
                                    CheopsPieceType   type)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (!studio_board_scene_select_drop (self, type))
    return FALSE;

  self->dragging = TRUE;
  self->drag_from = CHEOPS_CELL_NONE;
  self->drag_x = self->drag_y = -1;
  studio_board_scene_emit_changed (self);
  return TRUE;
}

/**
 * studio_board_scene_get_drag_piece:
 * @self: a #StudioBoardScene
 *
 * Returns: the piece being dragged (from a cell or from the hand), or
 *   CHEOPS_NO_PIECE
 */
CheopsPiece
studio_board_scene_get_drag_piece (StudioBoardScene *self)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), CHEOPS_NO_PIECE);

  if (!self->dragging)
    return CHEOPS_NO_PIECE;
  if (self->drop_type != CHEOPS_NO_PIECE_TYPE)
    return cheops_piece_make (self->position.side_to_move, self->drop_type);
  if (self->drag_from < N_CELLS (self))
    return self->position.board[self->drag_from];
  return CHEOPS_NO_PIECE;
}

/**
 * studio_board_scene_set_glyph:
 * @self: a #StudioBoardScene
 * @nag: the move glyph (NAG 1..9: "!", "?", "!!", …) of the last move, or 0
 *
 * Shows @nag as a badge at the cell of the last move's piece
 * (studio_board_scene_get_glyph()), as Lichess and En Croissant do (issue
 * 22).  Showing another position clears it: set it after
 * studio_board_scene_set_node_position().
 */
void
studio_board_scene_set_glyph (StudioBoardScene *self,
                              guint8            nag)
{
  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));

  if (self->glyph == nag)
    return;
  self->glyph = nag;
  studio_board_scene_emit_changed (self);
}

/**
 * studio_board_scene_get_glyph:
 * @self: a #StudioBoardScene
 * @cell: (out) (optional): where the badge goes: the cell the last move's
 *   piece went to — a drop's cell, a two-part move's second piece's (CY7)
 *
 * Returns: the move glyph shown, or 0 (none, or no last move)
 */
guint8
studio_board_scene_get_glyph (StudioBoardScene *self,
                              CheopsCell       *cell)
{
  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), 0);

  if (self->glyph == 0 || self->last_move == CHEOPS_MOVE_NONE)
    return 0;
  if (cell != NULL)
    *cell = cheops_move_kind (self->last_move) == CHEOPS_MOVE_COMPOUND ? cheops_move_to2 (self->last_move)
                                                                        : cheops_move_to (self->last_move);
  return self->glyph;
}
