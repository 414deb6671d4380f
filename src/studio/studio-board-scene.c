/* studio-board-scene.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioBoardScene: the view-model of the board (the GNOME Chess split of
 * ChessScene and ChessView).  It holds what the board shows — a position,
 * the last move, which corner is drawn on the left, which side is Green —
 * and what the user is doing with it: the selected cell and its legal
 * destinations, a piece being dragged, the arrows and marked cells.  It
 * knows no rule of its own: the playable moves come from
 * cheops_generate_moves(), check from cheops_position_in_check() and
 * checklock from cheops_laws_position_in_checklock().
 *
 * When the user completes a playable move the scene emits ::move-played;
 * it does not change its position itself — the owner (the document) plays
 * the move in the game and sets the new position.  When the user draws or
 * removes an arrow or a mark it emits ::shapes-changed.  Any visible change
 * emits ::changed, on which the view queues a redraw.
 *
 * In editing mode (setting up a position, StudioSetupPanel) the scene plays
 * nothing and asks the core for no moves (the position being built may have
 * no King): a click on a cell emits ::edit-cell and a piece dragged to
 * another cell, or off the board, emits ::edit-move.  The owner changes the
 * position and sets it back, as for a move.
 */
#define G_LOG_DOMAIN "studio-board-scene"

#include "studio-config.h"

#include "studio-board-scene.h"

struct _StudioBoardScene
{
  GObject         parent_instance;

  CheopsPosition  position;
  CheopsMove      moves[CHEOPS_MAX_MOVES];
  guint           n_moves;
  CheopsMove      last_move;
  CheopsCell      check_cell;
  CheopsSide      green_side;

  CheopsCell      selected;
  CheopsCellSet   destinations;

  /* The piece being dragged and where the pointer is, in the view's
   * coordinates (the scene does not interpret them). */
  CheopsCell      drag_from;
  double          drag_x;
  double          drag_y;

  GArray         *shapes;
  StudioShape     engine_arrow;

  guint           flipped : 1;
  guint           interactive : 1;
  guint           editing : 1;
  guint           checklock : 1;
  guint           dragging : 1;
  guint           has_engine_arrow : 1;
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
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (StudioBoardScene, studio_board_scene, G_TYPE_OBJECT)

static GParamSpec *properties [N_PROPS];
static guint signals [N_SIGNALS];

static void
studio_board_scene_emit_changed (StudioBoardScene *self)
{
  g_signal_emit (self, signals [CHANGED], 0);
}

/* The destinations of the piece on @from among the playable moves. */
static CheopsCellSet
studio_board_scene_destinations_of (StudioBoardScene *self,
                                    CheopsCell        from)
{
  CheopsCellSet set = CHEOPS_CELLSET_EMPTY;

  for (guint i = 0; i < self->n_moves; i++)
    if (cheops_move_from (self->moves[i]) == from)
      set |= cheops_cellset_of (cheops_move_to (self->moves[i]));

  return set;
}

static void
studio_board_scene_finalize (GObject *object)
{
  StudioBoardScene *self = (StudioBoardScene *)object;

  g_clear_pointer (&self->shapes, g_array_unref);

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
   * Whether the board is mirrored, so that the q corner is on the left.
   */
  properties [PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));

  /**
   * StudioBoardScene:green-side:
   *
   * The side (a CheopsSide, 0 for the a corner) that plays Green (6.2).
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
}

static void
studio_board_scene_init (StudioBoardScene *self)
{
  CheopsPosition start;

  self->selected = CHEOPS_CELL_NONE;
  self->drag_from = CHEOPS_CELL_NONE;
  self->check_cell = CHEOPS_CELL_NONE;
  self->green_side = CHEOPS_SIDE_A;
  self->interactive = TRUE;
  self->shapes = g_array_new (FALSE, FALSE, sizeof (StudioShape));

  cheops_position_init_start (&start, &cheops_variant_cheops);
  studio_board_scene_set_position (self, &start, CHEOPS_MOVE_NONE);
}

/**
 * studio_board_scene_new:
 *
 * Returns: (transfer full): a scene showing the initial position (6.1)
 */
StudioBoardScene *
studio_board_scene_new (void)
{
  return g_object_new (STUDIO_TYPE_BOARD_SCENE, NULL);
}

/* No cell selected, nothing dragged. */
static void
studio_board_scene_reset_selection (StudioBoardScene *self)
{
  self->selected = CHEOPS_CELL_NONE;
  self->destinations = CHEOPS_CELLSET_EMPTY;
  self->dragging = FALSE;
  self->drag_from = CHEOPS_CELL_NONE;
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
 * takes a missing King as not in check).
 */
void
studio_board_scene_set_position (StudioBoardScene     *self,
                                 const CheopsPosition *position,
                                 CheopsMove            last_move)
{
  CheopsMove *end;

  g_return_if_fail (STUDIO_IS_BOARD_SCENE (self));
  g_return_if_fail (position != NULL);

  self->position = *position;
  self->last_move = last_move;

  if (self->editing)
    self->n_moves = 0;
  else
    {
      end = cheops_generate_moves (&self->position, self->moves);
      self->n_moves = end - self->moves;
    }

  if (cheops_position_in_check (&self->position))
    {
      self->check_cell = self->position.king[self->position.side_to_move];
      self->checklock = !self->editing && cheops_laws_position_in_checklock (&self->position);
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

  studio_board_scene_reset_selection (self);
  self->has_engine_arrow = FALSE;

  studio_board_scene_emit_changed (self);
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
 * Returns: whether the q corner is drawn on the left
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
 * @flipped: %TRUE to draw the q corner on the left
 *
 * Mirrors the board about the spine (6.2: the mirror keeps every cell's
 * colour, so only the labels move).
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
 * Returns: the side whose pieces are drawn in Green
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
 * @side: the side whose pieces are drawn in Green
 *
 * Which colour holds which corner is a property of the game (6.2).
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

  if (!self->editing || cell >= CHEOPS_LAWS_CELL_NB)
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
 * Returns: the cell of the King of the side to move when it is in check
 *   (4.2.1); else that of the other side's King when it stands in check,
 *   entombed (4.2.7); else CHEOPS_CELL_NONE
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
 *   entombed: the side to move in checklock (4.2.5), or the other side
 *   standing in check after its own move (4.2.7)
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

  if (!self->interactive || cell >= CHEOPS_LAWS_CELL_NB)
    return FALSE;

  destinations = studio_board_scene_destinations_of (self, cell);
  if (destinations == CHEOPS_CELLSET_EMPTY)
    return FALSE;

  self->selected = cell;
  self->destinations = destinations;
  studio_board_scene_emit_changed (self);

  return TRUE;
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

  if (self->selected == CHEOPS_CELL_NONE && !self->dragging)
    return;

  studio_board_scene_reset_selection (self);
  studio_board_scene_emit_changed (self);
}

/**
 * studio_board_scene_play:
 * @self: a #StudioBoardScene
 * @from: the cell of the piece
 * @to: its destination
 *
 * Emits ::move-played if @from → @to is a playable move of the position
 * (a Pawn reaching the Apex promotes without asking: it can only become a
 * Queen, 4.7.3).
 *
 * Returns: whether the move was playable
 */
gboolean
studio_board_scene_play (StudioBoardScene *self,
                         CheopsCell        from,
                         CheopsCell        to)
{
  CheopsMove move;

  g_return_val_if_fail (STUDIO_IS_BOARD_SCENE (self), FALSE);

  if (!self->interactive || from >= CHEOPS_LAWS_CELL_NB || to >= CHEOPS_LAWS_CELL_NB)
    return FALSE;

  move = cheops_move_make (from, to);
  for (guint i = 0; i < self->n_moves; i++)
    {
      if (self->moves[i] == move)
        {
          studio_board_scene_reset_selection (self);
          g_signal_emit (self, signals [MOVE_PLAYED], 0, (guint) move);
          studio_board_scene_emit_changed (self);
          return TRUE;
        }
    }

  return FALSE;
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

  if (self->selected != CHEOPS_CELL_NONE &&
      cell < CHEOPS_LAWS_CELL_NB &&
      cheops_cellset_has (self->destinations, cell))
    return studio_board_scene_play (self, self->selected, cell);

  if (cell == self->selected || !studio_board_scene_select (self, cell))
    studio_board_scene_clear_selection (self);

  return FALSE;
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
      if (cell >= CHEOPS_LAWS_CELL_NB || self->position.board[cell] == CHEOPS_NO_PIECE)
        return FALSE;
      self->selected = cell;
      self->destinations = CHEOPS_CELLSET_EMPTY;
    }
  else if (!studio_board_scene_select (self, cell))
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
                       (guint) (cell < CHEOPS_LAWS_CELL_NB ? cell : CHEOPS_CELL_NONE));
      studio_board_scene_emit_changed (self);
      return FALSE;
    }

  if (cell < CHEOPS_LAWS_CELL_NB && cheops_cellset_has (self->destinations, cell))
    return studio_board_scene_play (self, from, cell);

  if (cell != from)
    studio_board_scene_clear_selection (self);
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
  g_return_if_fail (from < CHEOPS_LAWS_CELL_NB && to < CHEOPS_LAWS_CELL_NB);
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
