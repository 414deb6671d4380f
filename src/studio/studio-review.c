/* studio-review.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The studio's whole-game analysis driver (see the header).  One engine
 * per run; the positions are queued one at a time through the engine
 * client's limited search, whose finished snapshot carries the result.
 */
#define G_LOG_DOMAIN "studio-review"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cheops-notation.h"
#include "studio-engine.h"
#include "studio-review.h"

struct _StudioReview
{
  GObject        parent_instance;

  char         **argv;          /* NULL: the bundled engine */
  GHashTable    *options;       /* name -> value, sent to each run's engine */

  StudioEngine  *engine;        /* the run's, NULL when idle */
  CheopsGame    *game;          /* the last run's */
  CheopsReview  *review;        /* the last run's */
  char          *error;

  gboolean       running;
  guint          index;         /* the position being searched */
  guint          generation;    /* of its search */
  gboolean       retrying;      /* the depth-1 search after a scoreless timed one */
  gboolean       played_phase;  /* searching the move played from the position, as such */
  gboolean       confirming;    /* the longer search of a move about to be marked */
  int            cur_depth;     /* the limits of the position's best search now */
  gint64         cur_movetime_ms;
  int            best_depth;    /* the depth its best search reached */
  int            depth;
  gint64         movetime_ms;
  gint64         started_us;    /* of the run */
  guint          searched;      /* positions searched so far */
};

G_DEFINE_FINAL_TYPE (StudioReview, studio_review, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

enum {
  PROGRESS,
  FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void review_next (StudioReview *self);

static gboolean
unref_later_cb (gpointer data)
{
  g_object_unref (data);
  return G_SOURCE_REMOVE;
}

/* Ends the run: writes the results (one undo step), lets the engine go
 * (at once, or from an idle when inside one of its signals). */
static void
review_finish (StudioReview *self,
               gboolean      cancelled,
               gboolean      in_engine_signal)
{
  StudioEngine *engine = g_steal_pointer (&self->engine);

  if (!self->running)
    return;
  self->running = FALSE;
  if (engine != NULL)
    {
      g_signal_handlers_disconnect_by_data (engine, self);
      studio_engine_shutdown (engine);
      if (in_engine_signal)
        g_idle_add (unref_later_cb, engine);
      else
        g_object_unref (engine);
    }
  cheops_review_apply (self->review);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_signal_emit (self, signals[FINISHED], 0, cancelled);
}

/* The `position` of @node as the client takes it: "position fen F moves
 * m1 m2" split into F and the moves. */
static char *
split_position (CheopsGameNode *node,
                char         ***moves)
{
  static const char prefix[] = "position fen ";
  const char *command = cheops_game_node_get_uci_position (node);
  const char *fen, *rest;

  g_return_val_if_fail (g_str_has_prefix (command, prefix), NULL);
  fen = command + strlen (prefix);
  rest = strstr (fen, " moves ");
  if (rest == NULL)
    {
      *moves = g_new0 (char *, 1);
      return g_strdup (fen);
    }
  *moves = g_strsplit (rest + strlen (" moves "), " ", -1);
  return g_strndup (fen, rest - fen);
}

static void
review_search (StudioReview *self,
               int           depth,
               gint64        movetime_ms)
{
  g_auto (GStrv) moves = NULL;
  g_autofree char *fen = split_position (cheops_review_get_node (self->review, self->index), &moves);

  self->played_phase = FALSE;
  /* Two lines: the second-best move's score judges an only move. */
  self->generation = studio_engine_analyze_limited (self->engine, fen, (const char *const *) moves, 2,
                                                    depth, movetime_ms);
  if (self->generation == 0)
    {
      /* Not sendable (never for a game's own positions): skip it. */
      self->index++;
      review_next (self);
    }
}

/* Searches the next position that needs the engine, or finishes. */
static void
review_next (StudioReview *self)
{
  guint n = cheops_review_get_n_positions (self->review);

  while (self->index < n && !cheops_review_needs_engine (self->review, self->index))
    self->index++;
  if (self->index >= n)
    {
      review_finish (self, FALSE, TRUE);
      return;
    }
  self->retrying = FALSE;
  self->confirming = FALSE;
  self->cur_depth = self->depth;
  self->cur_movetime_ms = self->movetime_ms;
  g_signal_emit (self, signals[PROGRESS], 0);
  review_search (self, self->depth, self->movetime_ms);
}

/* The position's results are in: a move about to be marked is searched
 * again, longer (as `cheops analyse` does: two plies deeper, or ten times
 * the time), else the next position. */
static void
review_position_done (StudioReview *self)
{
  if (!self->confirming && cheops_review_needs_confirmation (self->review, self->index))
    {
      cheops_review_begin_confirmation (self->review, self->index);
      self->confirming = TRUE;
      self->retrying = FALSE;
      if (self->depth > 0)
        self->cur_depth = MAX (self->depth, self->best_depth) + 2;
      else
        self->cur_movetime_ms = self->movetime_ms * 10;
      review_search (self, self->cur_depth, self->cur_movetime_ms);
      return;
    }
  self->searched++;
  self->index++;
  review_next (self);
}

/* After the position's best: the move played from it, searched as such to
 * the same depth (unless the engine's own first choice, its second line
 * at that depth, or not judged).  TRUE when that search was started. */
static gboolean
review_search_played (StudioReview           *self,
                      const StudioEngineAnalysis *analysis)
{
  CheopsGameNode *node = cheops_review_get_node (self->review, self->index);
  const CheopsPosition *pos = cheops_game_node_get_position (node);
  CheopsMove played = cheops_review_get_played_move (self->review, self->index);
  char text[CHEOPS_MOVE_TEXT_MAX];
  g_auto (GStrv) moves = NULL;
  g_autofree char *fen = NULL;

  if (played == CHEOPS_MOVE_NONE || !cheops_review_judges_move (self->review, self->index)
      || !cheops_review_needs_engine (self->review, self->index + 1)
      || cheops_review_is_first_choice (self->review, self->index))
    return FALSE;
  if (analysis->n_lines > 1 && analysis->lines[1].score_kind != CHEOPS_UCI_SCORE_NONE
      && analysis->lines[1].pv[0] != NULL && analysis->lines[1].depth == analysis->lines[0].depth
      && cheops_move_from_text (pos, analysis->lines[1].pv[0], NULL) == played)
    {
      /* The engine's second line is the move played, at the same depth. */
      const StudioEngineLine *second = &analysis->lines[1];
      CheopsEval e = cheops_review_eval_from_engine (pos->side_to_move, second->score_kind == CHEOPS_UCI_SCORE_MATE,
                                                     second->score, second->mate_losing, analysis->lines[0].depth);

      cheops_review_set_played (self->review, self->index, &e);
      return FALSE;
    }
  cheops_move_to_text (pos->variant, played, text);
  fen = split_position (node, &moves);
  self->generation = studio_engine_analyze_move (self->engine, fen, (const char *const *) moves, text,
                                                 MAX (self->best_depth, 1),
                                                 self->movetime_ms > 0 ? 20 * self->cur_movetime_ms + 1000 : 0);
  if (self->generation == 0)
    return FALSE;
  self->played_phase = TRUE;
  return TRUE;
}

static void
analysis_updated_cb (StudioReview         *self,
                     StudioEngineAnalysis *analysis,
                     StudioEngine         *engine)
{
  const StudioEngineLine *line;
  CheopsGameNode *node;

  if (!self->running || analysis->generation != self->generation || !analysis->finished)
    return;
  line = analysis->n_lines > 0 ? &analysis->lines[0] : NULL;
  node = cheops_review_get_node (self->review, self->index);
  if (self->played_phase)
    {
      self->played_phase = FALSE;
      if (line != NULL && line->score_kind != CHEOPS_UCI_SCORE_NONE)
        {
          CheopsEval e = cheops_review_eval_from_engine (cheops_game_node_get_position (node)->side_to_move,
                                                         line->score_kind == CHEOPS_UCI_SCORE_MATE, line->score,
                                                         line->mate_losing, line->depth);

          cheops_review_set_played (self->review, self->index, &e);
        }
      review_position_done (self);
      return;
    }
  if (line == NULL || line->score_kind == CHEOPS_UCI_SCORE_NONE)
    {
      if (self->cur_movetime_ms > 0 && !self->retrying)
        {
          self->retrying = TRUE;
          review_search (self, 1, 0);
          return;
        }
      /* No result: a confirmation that gave none keeps the first. */
      self->searched++;
      self->index++;
      review_next (self);
      return;
    }
  else
    {
      CheopsEval eval;

      eval = cheops_review_eval_from_engine (cheops_game_node_get_position (node)->side_to_move,
                                             line->score_kind == CHEOPS_UCI_SCORE_MATE, line->score,
                                             line->mate_losing, line->depth);
      cheops_review_set_result (self->review, self->index, &eval, (const char *const *) line->pv);
      if (analysis->n_lines > 1 && analysis->lines[1].score_kind != CHEOPS_UCI_SCORE_NONE)
        {
          const StudioEngineLine *second = &analysis->lines[1];
          CheopsEval e2 = cheops_review_eval_from_engine (cheops_game_node_get_position (node)->side_to_move,
                                                          second->score_kind == CHEOPS_UCI_SCORE_MATE,
                                                          second->score, second->mate_losing, line->depth);

          cheops_review_set_second (self->review, self->index, &e2);
        }
      else
        cheops_review_set_second (self->review, self->index, NULL);
      cheops_review_set_played (self->review, self->index, NULL);
      self->best_depth = line->depth;
    }
  if (review_search_played (self, analysis))
    return;
  review_position_done (self);
}

static void
engine_state_cb (StudioReview *self,
                 GParamSpec   *pspec,
                 StudioEngine *engine)
{
  StudioEngineState state = studio_engine_get_state (engine);

  if (!self->running || !studio_engine_state_is_error (state))
    return;
  g_free (self->error);
  self->error = g_strdup (studio_engine_get_last_error (engine));
  if (self->error == NULL)
    self->error = g_strdup (_("The engine stopped."));
  review_finish (self, TRUE, TRUE);
}

/* An engine that does not play the game never searches: end the run. */
static void
engine_plays_cb (StudioReview *self,
                 GParamSpec   *pspec,
                 StudioEngine *engine)
{
  if (!self->running || studio_engine_get_plays_variant (engine))
    return;
  g_free (self->error);
  self->error = g_strdup (_("The engine does not play this game."));
  review_finish (self, TRUE, TRUE);
}

static void
studio_review_dispose (GObject *object)
{
  StudioReview *self = (StudioReview *)object;

  if (self->engine != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->engine, self);
      studio_engine_shutdown (self->engine);
      g_clear_object (&self->engine);
    }
  g_clear_pointer (&self->review, cheops_review_free);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (studio_review_parent_class)->dispose (object);
}

static void
studio_review_finalize (GObject *object)
{
  StudioReview *self = (StudioReview *)object;

  g_strfreev (self->argv);
  g_hash_table_unref (self->options);
  g_free (self->error);
  G_OBJECT_CLASS (studio_review_parent_class)->finalize (object);
}

static void
studio_review_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  StudioReview *self = STUDIO_REVIEW (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
studio_review_class_init (StudioReviewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = studio_review_dispose;
  object_class->finalize = studio_review_finalize;
  object_class->get_property = studio_review_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[PROGRESS] = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[FINISHED] = g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
studio_review_init (StudioReview *self)
{
  self->options = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

StudioReview *
studio_review_new (const char *const *argv)
{
  StudioReview *self = g_object_new (STUDIO_TYPE_REVIEW, NULL);

  self->argv = argv != NULL ? g_strdupv ((char **) argv) : NULL;
  return self;
}

void
studio_review_set_option (StudioReview *self,
                          const char   *name,
                          const char   *value)
{
  g_return_if_fail (STUDIO_IS_REVIEW (self));
  g_return_if_fail (name != NULL && value != NULL);

  g_hash_table_replace (self->options, g_strdup (name), g_strdup (value));
}

gboolean
studio_review_start (StudioReview *self,
                     CheopsGame   *game,
                     guint         from_ply,
                     int           side,
                     int           depth,
                     gint64        movetime_ms)
{
  GHashTableIter iter;
  gpointer name, value;

  g_return_val_if_fail (STUDIO_IS_REVIEW (self), FALSE);
  g_return_val_if_fail (CHEOPS_IS_GAME (game), FALSE);

  if (self->running || (depth > 0) == (movetime_ms > 0) || depth < 0 || movetime_ms < 0)
    return FALSE;

  g_clear_pointer (&self->review, cheops_review_free);
  g_set_object (&self->game, game);
  g_clear_pointer (&self->error, g_free);
  self->review = cheops_review_new (game, from_ply, side);
  self->depth = depth;
  self->movetime_ms = movetime_ms;
  self->index = 0;
  self->searched = 0;
  self->started_us = g_get_monotonic_time ();

  self->engine = studio_engine_new ((const char *const *) self->argv);
  studio_engine_set_variant (self->engine, cheops_game_get_variant (game));
  g_hash_table_iter_init (&iter, self->options);
  while (g_hash_table_iter_next (&iter, &name, &value))
    studio_engine_set_option (self->engine, name, value);
  g_signal_connect_object (self->engine, "analysis-updated", G_CALLBACK (analysis_updated_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "notify::state", G_CALLBACK (engine_state_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->engine, "notify::plays-variant", G_CALLBACK (engine_plays_cb), self,
                           G_CONNECT_SWAPPED);
  self->running = TRUE;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  review_next (self);
  return TRUE;
}

void
studio_review_cancel (StudioReview *self)
{
  g_return_if_fail (STUDIO_IS_REVIEW (self));

  review_finish (self, TRUE, FALSE);
}

gboolean
studio_review_get_running (StudioReview *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW (self), FALSE);
  return self->running;
}

guint
studio_review_get_index (StudioReview *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW (self), 0);
  return self->running ? self->index : 0;
}

guint
studio_review_get_n_positions (StudioReview *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW (self), 0);
  return self->running ? cheops_review_get_n_positions (self->review) : 0;
}

CheopsGameNode *
studio_review_get_node (StudioReview *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW (self), NULL);
  return self->running ? cheops_review_get_node (self->review, self->index) : NULL;
}

gint64
studio_review_get_remaining_ms (StudioReview *self)
{
  guint n, left = 0;
  gint64 per;

  g_return_val_if_fail (STUDIO_IS_REVIEW (self), 0);
  if (!self->running)
    return 0;
  n = cheops_review_get_n_positions (self->review);
  for (guint i = self->index; i < n; i++)
    if (cheops_review_needs_engine (self->review, i))
      left++;
  if (self->movetime_ms > 0)
    per = self->movetime_ms;
  else if (self->searched > 0)
    per = (g_get_monotonic_time () - self->started_us) / 1000 / self->searched;
  else
    return -1;
  return per * left;
}

CheopsReview *
studio_review_get_result (StudioReview *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW (self), NULL);
  return self->running ? NULL : self->review;
}

void
studio_review_forget (StudioReview *self)
{
  g_return_if_fail (STUDIO_IS_REVIEW (self));
  if (self->running)
    return;
  g_clear_pointer (&self->review, cheops_review_free);
  g_clear_object (&self->game);
}

CheopsGame *
studio_review_get_game (StudioReview *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW (self), NULL);
  return self->game;
}

const char *
studio_review_get_error (StudioReview *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW (self), NULL);
  return self->error;
}

GPid
studio_review_get_engine_pid (StudioReview *self)
{
  g_return_val_if_fail (STUDIO_IS_REVIEW (self), 0);
  return self->engine != NULL ? studio_engine_get_pid (self->engine) : 0;
}
