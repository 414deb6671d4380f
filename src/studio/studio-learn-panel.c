/* studio-learn-panel.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StudioLearnPanel: Learn from Your Mistakes (issue 22), a view of the side
 * pane.  After a review (studio-review.c marks the moves it finds wanting
 * with the NAGs ?! ? ??), the studio replays the game's main line and
 * stops before each move of the chosen side marked ? ($2) or ?? ($4): the
 * board shows the position before it, and the user plays a better move on
 * the board.  The game itself is never changed: the answer is not added
 * to it.
 *
 * The studio's engine judges the answer (the setting `last-engine`, as the
 * analysis panel's): it searches the position for its best move and score,
 * then the user's move alone (`go searchmoves`) to the same depth; the
 * answer is good when its score is within LEARN_MARGIN centipawns of the
 * best's (a forced win counts above any centipawn score), or when it is
 * the engine's move itself.  The move of the game is never good.  A first
 * miss marks the piece to move (its cell), a second shows the move as an
 * arrow.  "3 of 7" says where the session stands; Skip goes to the next
 * mistake, Stop ends the session, and the last one ends with how many
 * were found.
 */
#define G_LOG_DOMAIN "studio-learn-panel"

#include "studio-config.h"

#include <glib/gi18n.h>

#include "studio-engine.h"
#include "studio-learn-panel.h"

/* The engine's search of each position and answer: a depth, capped by a
 * time, so that a slow machine still answers in a few seconds. */
#define LEARN_DEPTH       10
#define LEARN_MOVETIME_MS 3000
/* How far below the best move's score an answer may be, in centipawns. */
#define LEARN_MARGIN      40
/* A forced win in N moves, as a number above any centipawn score. */
#define MATE_VALUE        100000

struct _StudioLearnPanel
{
  GtkWidget        parent_instance;

  GtkWidget       *box;
  GtkWidget       *start_box;
  GtkLabel        *start_label;
  GtkButton       *side_buttons[2];   /* CHEOPS_SIDE_A, _B */
  GtkWidget       *run_box;
  GtkLabel        *progress_label;
  GtkLabel        *message_label;
  GtkWidget       *skip_button;
  GtkWidget       *next_button;
  GtkWidget       *stop_button;

  StudioDocument  *document;
  StudioEngine    *engine;
  GSettings       *settings;

  StudioLearnState state;
  CheopsSide       side;
  GPtrArray       *stops;             /* CheopsGameNode, referenced: the mistakes */
  guint            index;             /* the stop shown */
  guint            found;             /* good answers so far */
  guint            misses;            /* at this stop */

  /* The stop's position as the engine is given it. */
  char            *fen;
  char           **moves;
  guint            best_generation;   /* 0: the best move is known (or not asked) */
  CheopsMove       best_move;
  int              best_value;
  gboolean         best_known;
  CheopsMove       answer;            /* being judged, or waiting for the best */
  guint            answer_generation;
  CheopsMove       shown;             /* an answer accepted (its arrow) */
};

G_DEFINE_FINAL_TYPE (StudioLearnPanel, studio_learn_panel, GTK_TYPE_WIDGET)

enum {
  SHAPES_CHANGED,
  N_SIGNALS
};

static guint signals [N_SIGNALS];

/* Whether @node is a mistake of @side to stop at: its move glyph ? or ??. */
static gboolean
is_stop (CheopsGameNode *node,
         CheopsSide      side)
{
  guint8 glyph = cheops_game_node_get_move_glyph (node);

  return (glyph == 2 || glyph == 4) && cheops_game_node_get_mover (node) == side;
}

/**
 * studio_learn_panel_count_stops:
 * @document: a document
 * @side: the side whose mistakes are asked
 *
 * Returns: how many moves of @side on the main line of @document's game are
 *   marked ? ($2) or ?? ($4): the stops of a session
 */
guint
studio_learn_panel_count_stops (StudioDocument *document,
                                CheopsSide      side)
{
  CheopsGame *game = studio_document_get_game (document);
  guint n = 0;

  for (CheopsGameNode *node = cheops_game_node_get_first_child (cheops_game_get_root (game));
       node != NULL; node = cheops_game_node_get_first_child (node))
    n += is_stop (node, side);
  return n;
}

static void
set_message (StudioLearnPanel *self,
             const char       *text)
{
  gtk_label_set_label (self->message_label, text);
}

static char *
format_move (CheopsGameNode *node)
{
  return cheops_game_node_format_move (node, TRUE);
}

/* The SAN of @move at the stop. */
static char *
move_san (StudioLearnPanel *self,
          CheopsMove        move)
{
  CheopsGameNode *stop = g_ptr_array_index (self->stops, self->index);
  const CheopsPosition *pos = cheops_game_node_get_position (cheops_game_node_get_parent (stop));
  char san[CHEOPS_SAN_MAX];

  san[cheops_move_to_san (pos, move, san)] = '\0';
  return g_strdup (san);
}

static void
update_buttons (StudioLearnPanel *self)
{
  gboolean running = self->state != STUDIO_LEARN_OFF;

  gtk_widget_set_visible (self->start_box, !running);
  gtk_widget_set_visible (self->run_box, running);
  gtk_widget_set_visible (self->skip_button, self->state == STUDIO_LEARN_ASKING ||
                                             self->state == STUDIO_LEARN_CHECKING);
  gtk_widget_set_visible (self->next_button, self->state == STUDIO_LEARN_FOUND);
  gtk_button_set_label (GTK_BUTTON (self->stop_button),
                        self->state == STUDIO_LEARN_DONE ? _("_Close") : _("_Stop"));
}

static void
update_progress (StudioLearnPanel *self)
{
  g_autofree char *text = NULL;

  if (self->state == STUDIO_LEARN_DONE || self->stops == NULL || self->stops->len == 0)
    text = g_strdup ("");
  else
    /* Translators: where a Learn from Your Mistakes session stands: the
     * mistake shown and how many there are ("3 of 7") */
    text = g_strdup_printf (_("%u of %u"), self->index + 1, self->stops->len);
  gtk_label_set_label (self->progress_label, text);
}

/* An engine score as one number: centipawns, or a forced win (loss)
 * above (below) them all, the shorter the better. */
static int
line_value (const StudioEngineLine *line)
{
  if (line->score_kind == CHEOPS_UCI_SCORE_MATE)
    {
      if (line->score > 0)
        return MATE_VALUE - line->score;
      return -MATE_VALUE - line->score;
    }
  return line->score;
}

static void
show_miss_help (StudioLearnPanel *self)
{
  if (self->misses > 0 && self->best_known)
    g_signal_emit (self, signals [SHAPES_CHANGED], 0);
}

/* The answer is judged: good, or a miss (with the help it earns). */
static void
studio_learn_panel_judged (StudioLearnPanel *self,
                           CheopsMove        move,
                           gboolean          good)
{
  g_autofree char *san = move_san (self, move);
  g_autofree char *text = NULL;

  self->answer = CHEOPS_MOVE_NONE;
  self->answer_generation = 0;
  if (good)
    {
      self->found++;
      self->shown = move;
      self->state = STUDIO_LEARN_FOUND;
      /* Translators: Learn from Your Mistakes: the user's move is as good
       * as the engine's best ("Mf5") */
      text = g_strdup_printf (_("%s is a good move. Well found!"), san);
    }
  else
    {
      self->misses++;
      self->state = STUDIO_LEARN_ASKING;
      if (self->misses == 1)
        /* Translators: Learn from Your Mistakes: a first wrong answer; the
         * board marks the piece the engine would move */
        text = g_strdup_printf (_("%s is no better. Hint: the piece to move is marked."), san);
      else
        /* Translators: Learn from Your Mistakes: a second wrong answer;
         * the board shows the engine's move as an arrow */
        text = g_strdup_printf (_("%s is no better. The engine's move is shown: play it, or skip."), san);
    }
  set_message (self, text);
  update_buttons (self);
  g_signal_emit (self, signals [SHAPES_CHANGED], 0);
}

/* Searches the answer alone, or judges it at once when it is the game's
 * move (never good) or the engine's (always). */
static void
studio_learn_panel_judge (StudioLearnPanel *self)
{
  CheopsGameNode *stop = g_ptr_array_index (self->stops, self->index);
  char text[CHEOPS_MOVE_TEXT_MAX];

  if (self->answer == cheops_game_node_get_move (stop))
    {
      g_autofree char *san = move_san (self, self->answer);
      /* Translators: Learn from Your Mistakes: the user played the move of
       * the game again ("Mf5") */
      g_autofree char *words = g_strdup_printf (_("%s is the move of the game."), san);
      g_autofree char *message = NULL;

      studio_learn_panel_judged (self, self->answer, FALSE);
      message = g_strconcat (words, " ", self->misses == 1 ? _("Hint: the piece to move is marked.")
                                                        : _("The engine's move is shown: play it, or skip."), NULL);
      set_message (self, message);
      return;
    }
  if (!self->best_known)
    return; /* judged when the best move is known */
  if (self->answer == self->best_move)
    {
      studio_learn_panel_judged (self, self->answer, TRUE);
      return;
    }
  cheops_move_to_text (cheops_game_node_get_position (stop)->variant, self->answer, text);
  self->answer_generation = studio_engine_analyze_move (self->engine, self->fen, (const char * const *) self->moves,
                                                        text, LEARN_DEPTH, LEARN_MOVETIME_MS);
}

static void
analysis_updated_cb (StudioLearnPanel     *self,
                     StudioEngineAnalysis *analysis,
                     StudioEngine         *engine)
{
  if (analysis == NULL || !analysis->finished || analysis->n_lines == 0 || analysis->lines[0].pv == NULL ||
      analysis->lines[0].pv[0] == NULL || self->stops == NULL)
    return;

  if (self->best_generation != 0 && analysis->generation == self->best_generation)
    {
      CheopsGameNode *stop = g_ptr_array_index (self->stops, self->index);
      const CheopsPosition *pos = cheops_game_node_get_position (cheops_game_node_get_parent (stop));

      /* The best move other than the game's: a deeper search may rank the
       * game's move first, and the hint must never show it (a fresh user
       * was shown the game's move and told it was the game's move). */
      self->best_generation = 0;
      self->best_move = CHEOPS_MOVE_NONE;
      for (guint i = 0; i < analysis->n_lines && self->best_move == CHEOPS_MOVE_NONE; i++)
        {
          const StudioEngineLine *line = &analysis->lines[i];
          CheopsMove move;

          if (line->pv == NULL || line->pv[0] == NULL)
            continue;
          move = cheops_move_from_text (pos, line->pv[0], NULL);
          if (move != CHEOPS_MOVE_NONE && move != cheops_game_node_get_move (stop))
            {
              self->best_move = move;
              self->best_value = line_value (line);
            }
        }
      self->best_known = self->best_move != CHEOPS_MOVE_NONE;
      show_miss_help (self);
      if (self->answer != CHEOPS_MOVE_NONE)
        studio_learn_panel_judge (self);
      return;
    }

  if (self->answer_generation != 0 && analysis->generation == self->answer_generation)
    studio_learn_panel_judged (self, self->answer, line_value (&analysis->lines[0]) >= self->best_value - LEARN_MARGIN);
}

static void
engine_state_cb (StudioLearnPanel *self)
{
  StudioEngineState state = studio_engine_get_state (self->engine);
  const char *error;
  g_autofree char *text = NULL;

  if (!studio_engine_state_is_error (state) || self->state == STUDIO_LEARN_OFF)
    return;
  error = studio_engine_get_last_error (self->engine);
  /* Translators: Learn from Your Mistakes needs the engine: why it failed */
  text = g_strdup_printf (_("The engine cannot judge the moves: %s"), error != NULL ? error : "");
  set_message (self, text);
}

static void
ensure_engine (StudioLearnPanel *self)
{
  g_autofree char *path = NULL;
  const char *argv[] = { NULL, NULL };

  if (self->engine != NULL)
    return;
  path = g_settings_get_string (self->settings, "last-engine");
  argv[0] = path;
  self->engine = studio_engine_new (path[0] != '\0' ? argv : NULL);
  g_signal_connect_object (self->engine, "analysis-updated", G_CALLBACK (analysis_updated_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "notify::state", G_CALLBACK (engine_state_cb), self,
                           G_CONNECT_SWAPPED);
}

/* Shows stop @self->index: the position before the mistake, the question,
 * and asks the engine for its best move there. */
static void
studio_learn_panel_show_stop (StudioLearnPanel *self)
{
  CheopsGameNode *stop = g_ptr_array_index (self->stops, self->index);
  g_autofree char *played = format_move (stop);
  g_autofree char *text = NULL;
  const char *mark = cheops_game_node_get_move_glyph (stop) == 4 ? "??" : "?";

  self->misses = 0;
  self->best_known = FALSE;
  self->best_move = CHEOPS_MOVE_NONE;
  self->answer = CHEOPS_MOVE_NONE;
  self->answer_generation = 0;
  self->shown = CHEOPS_MOVE_NONE;
  self->state = STUDIO_LEARN_ASKING;

  studio_document_set_current (self->document, cheops_game_node_get_parent (stop));
  g_clear_pointer (&self->fen, g_free);
  g_clear_pointer (&self->moves, g_strfreev);
  self->fen = studio_document_dup_engine_position (self->document, &self->moves);
  ensure_engine (self);
  studio_engine_set_variant (self->engine, cheops_game_node_get_position (stop)->variant);
  /* Two lines: the best move other than the game's is the first or the
   * second. */
  self->best_generation = studio_engine_analyze_limited (self->engine, self->fen, (const char * const *) self->moves,
                                                         2, LEARN_DEPTH, LEARN_MOVETIME_MS);

  /* Translators: Learn from Your Mistakes: the move of the game with its
   * mark ("14. Mf5?"), the side to find a better move for ("Gold") */
  text = g_strdup_printf (_("%s%s was a mistake. Find a better move for %s."), played, mark,
                          studio_document_get_side_name (self->document, self->side));
  set_message (self, text);
  update_progress (self);
  update_buttons (self);
  g_signal_emit (self, signals [SHAPES_CHANGED], 0);
}

static void
studio_learn_panel_finish (StudioLearnPanel *self)
{
  g_autofree char *text = NULL;

  self->state = STUDIO_LEARN_DONE;
  self->shown = CHEOPS_MOVE_NONE;
  self->best_known = FALSE;
  /* Nothing more to judge: the engine's process goes (a fresh user found
   * idle engines left by finished sessions). */
  if (self->engine != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->engine, self);
      g_clear_object (&self->engine);
    }
  /* Translators: the end of a Learn from Your Mistakes session: better
   * moves found, mistakes seen */
  text = g_strdup_printf (ngettext ("Done: you found a better move for %u of %u mistake.",
                                    "Done: you found a better move for %u of %u mistakes.", self->stops->len),
                          self->found, self->stops->len);
  set_message (self, text);
  update_progress (self);
  update_buttons (self);
  g_signal_emit (self, signals [SHAPES_CHANGED], 0);
}

static void
studio_learn_panel_advance (StudioLearnPanel *self)
{
  CheopsGame *game = studio_document_get_game (self->document);

  /* A mistake that an edit took out of the game (an undo, a deletion
   * during the session) is passed over. */
  while (self->index + 1 < self->stops->len)
    {
      self->index++;
      if (cheops_game_contains (game, g_ptr_array_index (self->stops, self->index)))
        {
          studio_learn_panel_show_stop (self);
          return;
        }
    }
  studio_learn_panel_finish (self);
}

/**
 * studio_learn_panel_skip:
 * @self: a #StudioLearnPanel
 *
 * Leaves the mistake shown unanswered and goes to the next (or to the end).
 */
void
studio_learn_panel_skip (StudioLearnPanel *self)
{
  g_return_if_fail (STUDIO_IS_LEARN_PANEL (self));

  if (self->state == STUDIO_LEARN_ASKING || self->state == STUDIO_LEARN_CHECKING)
    studio_learn_panel_advance (self);
}

/**
 * studio_learn_panel_next:
 * @self: a #StudioLearnPanel
 *
 * After a good answer: the next mistake (or the end).
 */
void
studio_learn_panel_next (StudioLearnPanel *self)
{
  g_return_if_fail (STUDIO_IS_LEARN_PANEL (self));

  if (self->state == STUDIO_LEARN_FOUND)
    studio_learn_panel_advance (self);
}

/**
 * studio_learn_panel_stop:
 * @self: a #StudioLearnPanel
 *
 * Ends the session (the engine stops) and hides the panel.
 */
void
studio_learn_panel_stop (StudioLearnPanel *self)
{
  g_return_if_fail (STUDIO_IS_LEARN_PANEL (self));

  self->state = STUDIO_LEARN_OFF;
  g_clear_pointer (&self->stops, g_ptr_array_unref);
  if (self->engine != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->engine, self);
      g_clear_object (&self->engine);
    }
  update_buttons (self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_signal_emit (self, signals [SHAPES_CHANGED], 0);
}

/**
 * studio_learn_panel_start:
 * @self: a #StudioLearnPanel
 * @side: whose mistakes to replay
 *
 * Starts a session on the main line of the document's game: the first
 * mistake of @side (a move marked ? or ??) is shown.
 *
 * Returns: %FALSE (nothing started) when @side has no such move
 */
gboolean
studio_learn_panel_start (StudioLearnPanel *self,
                          CheopsSide        side)
{
  CheopsGame *game;

  g_return_val_if_fail (STUDIO_IS_LEARN_PANEL (self), FALSE);
  g_return_val_if_fail (self->document != NULL, FALSE);

  game = studio_document_get_game (self->document);
  g_clear_pointer (&self->stops, g_ptr_array_unref);
  self->stops = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_game_node_unref);
  for (CheopsGameNode *node = cheops_game_node_get_first_child (cheops_game_get_root (game));
       node != NULL; node = cheops_game_node_get_first_child (node))
    if (is_stop (node, side))
      g_ptr_array_add (self->stops, cheops_game_node_ref (node));
  if (self->stops->len == 0)
    {
      g_clear_pointer (&self->stops, g_ptr_array_unref);
      return FALSE;
    }
  self->side = side;
  self->index = 0;
  self->found = 0;
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  studio_learn_panel_show_stop (self);
  return TRUE;
}

static void
side_clicked_cb (StudioLearnPanel *self,
                 GtkButton        *button)
{
  studio_learn_panel_start (self, button == self->side_buttons[CHEOPS_SIDE_A] ? CHEOPS_SIDE_A : CHEOPS_SIDE_B);
}

/**
 * studio_learn_panel_open:
 * @self: a #StudioLearnPanel
 *
 * Shows the panel's first page: whose mistakes to replay, each side's
 * button with its number of mistakes (a side without any cannot be
 * chosen); the keyboard focus goes to the first side that can be.
 *
 * Returns: %FALSE (the panel stays hidden) when neither side has a move
 *   marked ? or ?? on the main line
 */
gboolean
studio_learn_panel_open (StudioLearnPanel *self)
{
  guint total = 0;

  g_return_val_if_fail (STUDIO_IS_LEARN_PANEL (self), FALSE);

  if (self->document == NULL)
    return FALSE;
  if (self->state != STUDIO_LEARN_OFF)
    studio_learn_panel_stop (self);

  for (CheopsSide side = CHEOPS_SIDE_A; side <= CHEOPS_SIDE_B; side++)
    {
      guint n = studio_learn_panel_count_stops (self->document, side);
      /* Translators: a button of Learn from Your Mistakes: a side's name
       * and how many of its moves are marked ? or ?? ("Gold (3)") */
      g_autofree char *label = g_strdup_printf (_("%s (%u)"), studio_document_get_side_name (self->document, side), n);

      gtk_button_set_label (self->side_buttons[side], label);
      gtk_widget_set_sensitive (GTK_WIDGET (self->side_buttons[side]), n > 0);
      total += n;
    }
  if (total == 0)
    return FALSE;
  update_buttons (self);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  /* The keyboard on the first side that has mistakes: Enter starts. */
  gtk_widget_grab_focus (GTK_WIDGET (self->side_buttons[gtk_widget_get_sensitive (GTK_WIDGET (self->side_buttons[CHEOPS_SIDE_A]))
                                                       ? CHEOPS_SIDE_A : CHEOPS_SIDE_B]));
  return TRUE;
}

/**
 * studio_learn_panel_get_waiting:
 * @self: a #StudioLearnPanel
 *
 * Returns: whether a mistake is shown, unanswered, and the document stands
 *   before it: a move played now is the answer
 */
gboolean
studio_learn_panel_get_waiting (StudioLearnPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_LEARN_PANEL (self), FALSE);

  if (self->state != STUDIO_LEARN_ASKING && self->state != STUDIO_LEARN_CHECKING)
    return FALSE;
  return studio_document_get_current (self->document) ==
         cheops_game_node_get_parent (g_ptr_array_index (self->stops, self->index));
}

/**
 * studio_learn_panel_take_move:
 * @self: a #StudioLearnPanel
 * @move: a move played on the board
 *
 * Takes a move played on the board as the answer, while a mistake is shown
 * and the board stands before it (the game is not changed); the engine
 * judges it.  Any other move (after the user walked elsewhere in the game)
 * is not taken.
 *
 * Returns: whether the move was taken
 */
gboolean
studio_learn_panel_take_move (StudioLearnPanel *self,
                              CheopsMove        move)
{
  g_autofree char *san = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (STUDIO_IS_LEARN_PANEL (self), FALSE);

  if (!studio_learn_panel_get_waiting (self))
    return FALSE;
  if (self->state == STUDIO_LEARN_CHECKING)
    return TRUE; /* one answer at a time */

  self->answer = move;
  self->state = STUDIO_LEARN_CHECKING;
  san = move_san (self, move);
  /* Translators: Learn from Your Mistakes: the engine judges the move played ("Mf5") */
  text = g_strdup_printf (_("Checking %s…"), san);
  set_message (self, text);
  studio_learn_panel_judge (self);
  return TRUE;
}

/**
 * studio_learn_panel_add_shapes:
 * @self: a #StudioLearnPanel
 * @shapes: (element-type StudioShape): the board's shapes, appended to
 *
 * Adds what the session shows on the board: after a first miss the cell
 * of the piece the engine moves (green), after a second the engine's move
 * as an arrow (blue), after a good answer that move (green).
 */
void
studio_learn_panel_add_shapes (StudioLearnPanel *self,
                               GArray           *shapes)
{
  g_return_if_fail (STUDIO_IS_LEARN_PANEL (self));

  if (self->state == STUDIO_LEARN_OFF || self->state == STUDIO_LEARN_DONE || self->stops == NULL)
    return;
  if (studio_document_get_current (self->document) !=
      cheops_game_node_get_parent (g_ptr_array_index (self->stops, self->index)))
    return;

  if (self->shown != CHEOPS_MOVE_NONE)
    {
      StudioShape arrow = { cheops_move_from (self->shown), cheops_move_to (self->shown), STUDIO_BRUSH_GREEN };

      if (cheops_move_kind (self->shown) == CHEOPS_MOVE_DROP)
        arrow.from = arrow.to;
      g_array_append_val (shapes, arrow);
      return;
    }
  if (!self->best_known || self->misses == 0)
    return;
  if (self->misses == 1 || cheops_move_kind (self->best_move) == CHEOPS_MOVE_DROP)
    {
      CheopsCell cell = cheops_move_kind (self->best_move) == CHEOPS_MOVE_DROP
                        ? cheops_move_to (self->best_move) : cheops_move_from (self->best_move);
      StudioShape mark = { cell, cell, STUDIO_BRUSH_GREEN };

      g_array_append_val (shapes, mark);
    }
  if (self->misses >= 2)
    {
      StudioShape arrow = { cheops_move_from (self->best_move), cheops_move_to (self->best_move), STUDIO_BRUSH_BLUE };

      if (cheops_move_kind (self->best_move) != CHEOPS_MOVE_DROP)
        g_array_append_val (shapes, arrow);
    }
}

static void
studio_learn_panel_dispose (GObject *object)
{
  StudioLearnPanel *self = (StudioLearnPanel *)object;

  if (self->engine != NULL)
    g_signal_handlers_disconnect_by_data (self->engine, self);
  g_clear_object (&self->engine);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->stops, g_ptr_array_unref);
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (studio_learn_panel_parent_class)->dispose (object);
}

static void
studio_learn_panel_finalize (GObject *object)
{
  StudioLearnPanel *self = (StudioLearnPanel *)object;

  g_free (self->fen);
  g_strfreev (self->moves);

  G_OBJECT_CLASS (studio_learn_panel_parent_class)->finalize (object);
}

static void
studio_learn_panel_class_init (StudioLearnPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = studio_learn_panel_dispose;
  object_class->finalize = studio_learn_panel_finalize;

  /**
   * StudioLearnPanel::shapes-changed:
   *
   * What studio_learn_panel_add_shapes() adds changed: the board's shapes
   * are to be set again.
   */
  signals [SHAPES_CHANGED] =
    g_signal_new ("shapes-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "learnpanel");
}

static GtkWidget *
new_label (const char *css_class)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static void
studio_learn_panel_init (StudioLearnPanel *self)
{
  GtkWidget *title, *buttons, *side_box;

  self->settings = g_settings_new ("org.cheops.Studio");

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  gtk_widget_set_margin_start (self->box, 12);
  gtk_widget_set_margin_end (self->box, 12);
  gtk_widget_set_margin_top (self->box, 8);
  gtk_widget_set_margin_bottom (self->box, 8);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));

  title = new_label ("heading");
  gtk_label_set_label (GTK_LABEL (title), _("Learn from Your Mistakes"));
  gtk_box_append (GTK_BOX (self->box), title);

  /* The first page: whose mistakes. */
  self->start_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  self->start_label = GTK_LABEL (new_label (NULL));
  gtk_label_set_label (self->start_label,
                       _("The game is replayed to each move marked ? or ?? of the side you choose: find a better move on the board."));
  gtk_box_append (GTK_BOX (self->start_box), GTK_WIDGET (self->start_label));
  side_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  for (CheopsSide side = CHEOPS_SIDE_A; side <= CHEOPS_SIDE_B; side++)
    {
      self->side_buttons[side] = GTK_BUTTON (gtk_button_new ());
      gtk_widget_add_css_class (GTK_WIDGET (self->side_buttons[side]),
                                side == CHEOPS_SIDE_A ? "learn-side-a" : "learn-side-b");
      g_signal_connect_object (self->side_buttons[side], "clicked", G_CALLBACK (side_clicked_cb), self,
                               G_CONNECT_SWAPPED);
      gtk_box_append (GTK_BOX (side_box), GTK_WIDGET (self->side_buttons[side]));
    }
  gtk_box_append (GTK_BOX (self->start_box), side_box);
  gtk_box_append (GTK_BOX (self->box), self->start_box);

  /* The session. */
  self->run_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 8);
  self->progress_label = GTK_LABEL (new_label ("learn-progress"));
  gtk_widget_add_css_class (GTK_WIDGET (self->progress_label), "dim-label");
  gtk_box_append (GTK_BOX (self->run_box), GTK_WIDGET (self->progress_label));
  self->message_label = GTK_LABEL (new_label ("learn-message"));
  gtk_box_append (GTK_BOX (self->run_box), GTK_WIDGET (self->message_label));
  buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  self->skip_button = gtk_button_new_with_mnemonic (_("S_kip"));
  self->next_button = gtk_button_new_with_mnemonic (_("_Next"));
  gtk_widget_add_css_class (self->next_button, "suggested-action");
  self->stop_button = gtk_button_new_with_mnemonic (_("_Stop"));
  g_signal_connect_object (self->skip_button, "clicked", G_CALLBACK (studio_learn_panel_skip), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->next_button, "clicked", G_CALLBACK (studio_learn_panel_next), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->stop_button, "clicked", G_CALLBACK (studio_learn_panel_stop), self, G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (buttons), self->next_button);
  gtk_box_append (GTK_BOX (buttons), self->skip_button);
  gtk_box_append (GTK_BOX (buttons), self->stop_button);
  gtk_box_append (GTK_BOX (self->run_box), buttons);
  gtk_box_append (GTK_BOX (self->box), self->run_box);

  self->state = STUDIO_LEARN_OFF;
  update_buttons (self);
}

/**
 * studio_learn_panel_new:
 *
 * Returns: (transfer floating): a panel without a session
 */
GtkWidget *
studio_learn_panel_new (void)
{
  return g_object_new (STUDIO_TYPE_LEARN_PANEL, NULL);
}

static void
game_replaced_cb (StudioLearnPanel *self)
{
  if (self->state != STUDIO_LEARN_OFF || gtk_widget_get_visible (GTK_WIDGET (self)))
    studio_learn_panel_stop (self);
}

/**
 * studio_learn_panel_set_document:
 * @self: a #StudioLearnPanel
 * @document: (nullable): the document whose game is replayed
 *
 * A session of another document ends (the panel hides).
 */
void
studio_learn_panel_set_document (StudioLearnPanel *self,
                                 StudioDocument   *document)
{
  g_return_if_fail (STUDIO_IS_LEARN_PANEL (self));

  if (self->document == document)
    return;
  if (gtk_widget_get_visible (GTK_WIDGET (self)))
    studio_learn_panel_stop (self);
  if (self->document != NULL)
    g_signal_handlers_disconnect_by_data (self->document, self);
  g_set_object (&self->document, document);
  /* Another game in the document (a file opened in its tab): the
   * session's moves were the old game's. */
  if (document != NULL)
    g_signal_connect_object (document, "notify::game", G_CALLBACK (game_replaced_cb), self, G_CONNECT_SWAPPED);
}

/**
 * studio_learn_panel_get_state:
 * @self: a #StudioLearnPanel
 *
 * Returns: where the session stands
 */
StudioLearnState
studio_learn_panel_get_state (StudioLearnPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_LEARN_PANEL (self), STUDIO_LEARN_OFF);

  return self->state;
}

/**
 * studio_learn_panel_get_progress:
 * @self: a #StudioLearnPanel
 *
 * Returns: (transfer none): "3 of 7", or "" when no mistake is shown
 */
const char *
studio_learn_panel_get_progress (StudioLearnPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_LEARN_PANEL (self), NULL);

  return gtk_label_get_label (self->progress_label);
}

/**
 * studio_learn_panel_get_message:
 * @self: a #StudioLearnPanel
 *
 * Returns: (transfer none): what the panel says (the question, the verdict)
 */
const char *
studio_learn_panel_get_message (StudioLearnPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_LEARN_PANEL (self), NULL);

  return gtk_label_get_label (self->message_label);
}

/**
 * studio_learn_panel_get_mistake:
 * @self: a #StudioLearnPanel
 *
 * Returns: (transfer none) (nullable): the node of the mistake shown
 */
CheopsGameNode *
studio_learn_panel_get_mistake (StudioLearnPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_LEARN_PANEL (self), NULL);

  if (self->stops == NULL || self->state == STUDIO_LEARN_DONE || self->state == STUDIO_LEARN_OFF)
    return NULL;
  return g_ptr_array_index (self->stops, self->index);
}

/**
 * studio_learn_panel_get_best_move:
 * @self: a #StudioLearnPanel
 *
 * Returns: the engine's best move at the mistake shown, once searched;
 *   else %CHEOPS_MOVE_NONE
 */
CheopsMove
studio_learn_panel_get_best_move (StudioLearnPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_LEARN_PANEL (self), CHEOPS_MOVE_NONE);

  return self->best_known ? self->best_move : CHEOPS_MOVE_NONE;
}

/**
 * studio_learn_panel_get_engine:
 * @self: a #StudioLearnPanel
 *
 * Returns: (transfer none) (nullable): the engine that judges the answers,
 *   while a session has moves left to judge; %NULL otherwise (its process
 *   is gone)
 */
StudioEngine *
studio_learn_panel_get_engine (StudioLearnPanel *self)
{
  g_return_val_if_fail (STUDIO_IS_LEARN_PANEL (self), NULL);

  return self->engine;
}
