/* studio-window-play.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Play Against the Engine (issue 22): the window's game against an engine
 * of its own (a second StudioEngine, the bundled cheops-engine), from the
 * current position or a new game.
 *
 * - win.play opens StudioPlayDialog (side, level, clock); Play starts the
 *   game.  The moves go into the game where the user stands: a new
 *   variation, or the main line at its end or of a new game; at the end
 *   of a finished game (finished_here()) a new game set up from there.
 * - The user moves as ever (board, keyboard move entry); the engine's move
 *   comes from `go` with the level's limits (studio-play.h) and is added
 *   at the game's last move (the "tip"), wherever the user browses.
 * - The bar above the board shows both sides with their clocks, what goes
 *   on, and the buttons: Take Back (the user's last move and the engine's
 *   reply), Draw (claims a draw the rules allow where the user is to move,
 *   cheops_game_node_get_claimable_draw(), else offers one in a game that
 *   has draws: the engine accepts when its last score is not above 0),
 *   Resign, Show Analysis (the evaluation bar, lines and arrows are hidden
 *   while playing unless asked) and Close.
 * - With "Neither" for the user's side engines play both sides: each
 *   side its engine (the bundled one or one chosen in Preferences, the same
 *   or not) and level, each a process of its own, move by move on the
 *   board, a pause of ENGINES_PAUSE_MS between moves (the clocks
 *   stopped); Close stops it at any time, the game then left unfinished
 *   ("*") with what was played.  Such a game ends as `cheops match` ends
 *   one, by the same code (cheops-adjudication.h): the rules, a draw the
 *   rules allow claimed at once, the engines' scores
 *   (studio_play_adjudication_rules()), a flag fall.
 * - Who plays (record_players()): a new game, or the main line of a game
 *   that names no player, gets the player tags (the user's name, the
 *   engine's with its level), the Date and the TimeControl; a variation,
 *   or a recorded game continued past its end, keeps its tags, and a
 *   comment names the players, the date and the clock.
 * - The game ends by the variant's outcome, a claim, an agreement, a
 *   resignation or a flag fall (studio_play_time_loss_winner()): the
 *   result goes into a comment after the last move and, when the game's
 *   record is the play's (above) and it ended on the main line, into the
 *   Result and Termination tags (PGN's words: "normal", "time forfeit").
 */
#define G_LOG_DOMAIN "studio-window-play"

#include "studio-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "cheops-adjudication.h"
#include "cheops-notation.h"
#include "studio-play.h"
#include "studio-play-dialog.h"
#include "studio-window-private.h"

typedef struct {
  CheopsGameNode  *node;        /* owned */
  gboolean         added;       /* the game did not have it before */
} PlayPly;

struct _StudioPlay {
  StudioWindow       *window;     /* borrowed: owns this */
  GPtrArray          *pool;       /* StudioEngine, owned: every engine process started to play */
  StudioEngine       *side_engine[CHEOPS_SIDE_NB]; /* the engine of each side, from the pool; NULL: the user */
  StudioEngine       *thinking;   /* the engine whose search is play->generation */
  GPtrArray          *choice_paths; /* the dialog's engines: a program, "" for the bundled one */
  GPtrArray          *choice_names; /* their names */
  char               *side_name[CHEOPS_SIDE_NB]; /* engine against engine: the choice's name */
  StudioPlaySettings  settings;   /* the last chosen */

  gboolean            active;     /* the bar is shown: a game on, or just ended */
  gboolean            over;
  char               *end_words;  /* how it ended, while over: the line under the board says it */
  const char         *end_result; /* its result while over ("1-0", "0-1", "1/2-1/2"; static) */
  gboolean            paused;     /* its tab is not shown: the engine and the clocks stand still */
  StudioDocument     *document;   /* owned while active */
  CheopsGameNode     *tip;        /* owned: the game's last move */
  guint               tip_children; /* how many it had when it became the tip */
  GArray             *plies;      /* PlayPly, the moves played since the start */
  CheopsSide          user_side;
  gboolean            engines_only; /* the engine plays both sides */
  guint               pace_id;    /* the engine's next move, shown after a pause */
  gboolean            has_clock;
  gboolean            clock_started; /* the clocks ran once in this play (clock_may_run()) */
  StudioPlayClock     clock;
  gint64              last_elapsed_ms; /* the time the last move took, by the clock */
  guint               generation; /* of the engine's search, 0: not thinking */
  gboolean            waiting_engine; /* its turn came before its handshake ended */
  gboolean            has_score;
  int                 score;      /* its last, from its side, centipawns (mates ±100000) */
  gboolean            owns_tags;  /* the game's roster is this play's: Result and Termination go there */
  CheopsGameNode     *described;  /* owned: the first move the play added, when a comment names the play */
  CheopsGameNode     *described_parent; /* owned: where that comment went after (a main line continued) */
  char               *parent_comment; /* its comment after before it, to give back on Take Back */
  gboolean            search_has_score; /* the score came in the search of the last move */
  CheopsAdjudicator   adj;        /* engine against engine: the scores' adjudication */
  gboolean            was_running; /* the analysis ran before the game */
  gboolean            show_analysis;
  guint               tick_id;

  GtkWidget          *bar;
  GtkWidget          *side_label[CHEOPS_SIDE_NB];
  GtkWidget          *clock_label[CHEOPS_SIDE_NB];
  GtkWidget          *message_label;
  GtkWidget          *analysis_button;
  GtkWidget          *user_buttons[3]; /* take back, draw, resign: hidden for engine against engine */
};

#define MATE_SCORE 100000
/* The pause between two moves of the engine against itself. */
#define ENGINES_PAUSE_MS 500

static void play_update (StudioWindow *self);
static StudioEngine *pool_engine (StudioWindow *self,
                                  const char   *path,
                                  StudioEngine *other);

static void
set_tip (StudioPlay     *play,
         CheopsGameNode *node)
{
  cheops_game_node_ref (node);
  g_clear_pointer (&play->tip, cheops_game_node_unref);
  play->tip = node;
  play->tip_children = cheops_game_node_get_n_children (node);
}

static void
ply_clear (gpointer data)
{
  PlayPly *ply = data;

  g_clear_pointer (&ply->node, cheops_game_node_unref);
}

static CheopsSide
tip_side_to_move (StudioPlay *play)
{
  return cheops_game_node_get_position (play->tip)->side_to_move;
}

static gboolean
engine_to_move (StudioPlay *play)
{
  return play->active && !play->over && (play->engines_only || tip_side_to_move (play) != play->user_side);
}

/**
 * _studio_window_play_refusal:
 * @self: a #StudioWindow
 *
 * Why a move played on the board or typed at the current position is
 * refused while a game against the engine goes on in this tab: the engine
 * is to move there; or the current move is not the game's last (a fresh
 * user stepped back while the engine thought and played there: the move
 * went into a variation, the engine's reply into the main line, and the
 * bar said "Your move" over a variation).
 *
 * Returns: (nullable) (transfer none): the sentence to show, translated;
 *   %NULL when the move may be played
 */
const char *
_studio_window_play_refusal (StudioWindow *self)
{
  StudioPlay *play = self->play;

  if (play == NULL || play->paused || play->document != self->document || !play->active || play->over)
    return NULL;
  if (studio_document_get_current (self->document) != play->tip)
    return _("The game goes on at its last move: End goes there.");
  if (engine_to_move (play))
    return _("The engine is to move.");
  return NULL;
}

/* Whether _studio_window_play_refusal() refuses a move here. */
gboolean
_studio_window_play_refuses_move (StudioWindow *self)
{
  return _studio_window_play_refusal (self) != NULL;
}

/* The side's name, translated ("Green"). */
static const char *
side_name (StudioPlay *play,
           CheopsSide  side)
{
  return g_dgettext (GETTEXT_PACKAGE, cheops_game_get_side_name (studio_document_get_game (play->document), side));
}

/* The analysis hidden (FALSE) or as it was (TRUE): the panel's engine,
 * the evaluation bar and the arrows. */
static void
show_analysis (StudioWindow *self,
               gboolean      show)
{
  StudioPlay *play = self->play;

  gtk_widget_set_visible (GTK_WIDGET (self->eval_bar), show);
  /* Hidden, the engine switch cannot start it either (greyed out, saying
   * why); shown, only the play's own block goes. */
  if (!show)
    studio_analysis_panel_set_blocked (self->analysis_panel, _studio_window_play_hidden_reason ());
  else if (g_strcmp0 (studio_analysis_panel_get_blocked (self->analysis_panel),
                      _studio_window_play_hidden_reason ()) == 0)
    studio_analysis_panel_set_blocked (self->analysis_panel, NULL);
  if (!show)
    {
      studio_board_scene_set_engine_arrow (self->scene, CHEOPS_MOVE_NONE);
      studio_board_scene_set_threat_arrow (self->scene, CHEOPS_MOVE_NONE);
    }
  else
    studio_analysis_panel_set_running (self->analysis_panel, play->was_running || play->show_analysis);
}

static void
stop_engine (StudioPlay *play)
{
  g_clear_handle_id (&play->pace_id, g_source_remove);
  play->waiting_engine = FALSE;
  if (play->generation != 0 && play->thinking != NULL)
    studio_engine_stop (play->thinking);
  play->generation = 0;
}

/* The user's name for a player tag: the real name, or the login name
 * where the system has none (GLib's "Unknown"). */
static const char *
user_name (void)
{
  const char *real = g_get_real_name ();

  return real != NULL && *real != '\0' && !g_str_equal (real, "Unknown") ? real : g_get_user_name ();
}

/* The player of @side in this play, as its tag says it (newly allocated):
 * the user's name, or the engine's with its level, "cheops-engine 0.1.0
 * (Level 3)" (not translated: a game file's data, as Lichess writes
 * "lichess AI level 3"). */
static char *
player_name (StudioPlay *play,
             CheopsSide  side)
{
  StudioEngine *engine = play->side_engine[side];
  const char *name = engine != NULL ? studio_engine_get_name (engine) : NULL;

  if (!play->settings.engines_only && side == play->settings.user_side)
    return g_strdup (user_name ());
  /* A process just started for this play has not told its name yet:
   * another process of the same program in the pool has (the bundled
   * engine playing both sides), rather than the dialog's words. */
  for (guint i = 0; engine != NULL && (name == NULL || *name == '\0') && i < play->pool->len; i++)
    {
      StudioEngine *e = g_ptr_array_index (play->pool, i);

      if (g_strcmp0 (g_object_get_data (G_OBJECT (e), "studio-play-path"),
                     g_object_get_data (G_OBJECT (engine), "studio-play-path")) == 0)
        name = studio_engine_get_name (e);
    }
  if ((name == NULL || *name == '\0') && play->side_name[side] != NULL)
    name = play->side_name[side];
  return g_strdup_printf ("%s (Level %u)", name != NULL && *name != '\0' ? name : "cheops-engine",
                          play->settings.engines_only ? play->settings.side_level[side] : play->settings.level);
}

/* Whether a tag's value says nothing (absent, empty, PGN's "?" or an
 * unknown date). */
static gboolean
tag_unknown (const char *value)
{
  return value == NULL || *value == '\0' || g_str_equal (value, "?") || g_str_equal (value, "????.??.??");
}

/* Whether @game names neither player: its record is the user's to make. */
static gboolean
players_unknown (CheopsGame *game)
{
  for (guint colour = 0; colour < 2; colour++)
    if (!tag_unknown (cheops_game_get_tag (game, cheops_game_get_colour_tag (game, colour))))
      return FALSE;
  return TRUE;
}

/* The play's roster into @game's tags: each side's player (player_name()),
 * the Date (today, PGN's "YYYY.MM.DD") unless one is known, and with a
 * clock the TimeControl ("300+3": seconds + seconds a move). */
static void
write_tags (StudioPlay *play,
            CheopsGame *game)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");

  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      g_autofree char *name = player_name (play, side);

      cheops_game_set_tag (game, cheops_game_get_colour_tag (game, cheops_game_get_side_colour (game, side)),
                           name, NULL);
    }
  if (tag_unknown (cheops_game_get_tag (game, "Date")))
    cheops_game_set_tag (game, "Date", date, NULL);
  if (play->settings.base_ms > 0)
    {
      g_autofree char *tc = g_strdup_printf ("%" G_GINT64_FORMAT "+%" G_GINT64_FORMAT,
                                             play->settings.base_ms / 1000, play->settings.inc_ms / 1000);

      cheops_game_set_tag (game, "TimeControl", tc, NULL);
    }
}

/* What the tags would say, in a sentence for a comment (newly allocated):
 * "Green: Ada · Orange: cheops-engine 0.1.0 (Level 3) · 2026.12.05 ·
 * 5 min + 3 s". */
static char *
describe_play (StudioPlay *play,
               CheopsGame *game)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  GString *text = g_string_new (NULL);

  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      g_autofree char *name = player_name (play, side);

      /* Translators: a side and its player, in a comment that says who
       * played a variation: "Green: Ada" */
      g_string_append_printf (text, _("%s: %s"),
                              g_dgettext (GETTEXT_PACKAGE, cheops_game_get_side_name (game, side)), name);
      g_string_append (text, " · ");
    }
  g_string_append (text, date);
  if (play->settings.base_ms > 0)
    {
      g_string_append (text, " · ");
      /* The dialog's words for the clock. */
      g_string_append_printf (text, _("%d min + %d s"), (int) (play->settings.base_ms / 60000),
                              (int) (play->settings.inc_ms / 1000));
    }
  return g_string_free (text, FALSE);
}

/* The first move the play added to the game, @node (in its undo step):
 * who plays is recorded where it does not destroy what the game had.
 * - On the main line of a game that names no player (a new game, a game
 *   set up or entered by hand) the game's record is the play's: the
 *   player tags, the Date and the TimeControl are written, and Result and
 *   Termination will be at its end (play->owns_tags).
 * - Anywhere else — a variation, or the main line of a recorded game
 *   continued past its end — the game's tags stay as they are, and a
 *   comment says who played and when (describe_play()): before the
 *   variation's first move, or after the move the main line was continued
 *   from (Take Back gives that comment back as it was). */
static void
record_players (StudioPlay     *play,
                CheopsGameNode *node)
{
  CheopsGame *game = studio_document_get_game (play->document);
  g_autofree char *words = NULL;

  if (play->owns_tags)
    return;
  if (cheops_game_node_is_mainline (node) && players_unknown (game))
    {
      write_tags (play, game);
      play->owns_tags = TRUE;
      return;
    }
  words = describe_play (play, game);
  play->described = cheops_game_node_ref (node);
  if (cheops_game_node_get_index (node) > 0)
    cheops_game_set_comment_before (game, node, words, NULL);
  else
    {
      CheopsGameNode *parent = cheops_game_node_get_parent (node);
      const char *old = cheops_game_node_get_comment_after (parent);
      g_autofree char *comment = old != NULL && *old != '\0' ? g_strdup_printf ("%s %s", old, words)
                                                              : g_strdup (words);

      play->described_parent = cheops_game_node_ref (parent);
      play->parent_comment = g_strdup (old);
      cheops_game_set_comment_after (game, parent, comment, NULL);
    }
}

/* Forgets where the play's comment went (a new play, or its move taken
 * back). */
static void
forget_described (StudioPlay *play)
{
  g_clear_pointer (&play->described, cheops_game_node_unref);
  g_clear_pointer (&play->described_parent, cheops_game_node_unref);
  g_clear_pointer (&play->parent_comment, g_free);
}

/* A move the game against the engine added, as it is played, gets its
 * mover's time left after it as [%clk H:MM:SS] and the time it took as
 * [%emt H:MM:SS], as played games record them: an edit in the caller's
 * undo group (the move's). */
static void
write_clock (StudioPlay     *play,
             CheopsGameNode *node)
{
  CheopsGame *game = studio_document_get_game (play->document);
  const CheopsAnnotations *old = cheops_game_node_get_annotations (node);
  g_autoptr(CheopsAnnotations) annotations = old != NULL ? cheops_annotations_copy (old)
                                                         : cheops_annotations_new ();
  gint64 left = play->clock.remaining_ms[cheops_game_node_get_mover (node)];

  /* Whole seconds, as Lichess writes them: the time left rounded down. */
  cheops_annotations_set_time (annotations, CHEOPS_TIME_CLOCK, MAX (left, 0) / 1000 * 1000);
  cheops_annotations_set_time (annotations, CHEOPS_TIME_ELAPSED, MAX (play->last_elapsed_ms, 0) / 1000 * 1000);
  cheops_game_set_annotations (game, node, annotations);
}

/* Ends the game: @result ("1-0", "0-1", "1/2-1/2") and @termination go
 * into the tags when it was played on the main line, @words (a sentence)
 * into a comment after its last move. */
static void
play_finish (StudioWindow *self,
             const char   *result,
             const char   *termination,
             const char   *words)
{
  StudioPlay *play = self->play;
  CheopsGame *game = studio_document_get_game (play->document);
  const char *old;
  g_autofree char *comment = NULL;

  play->over = TRUE;
  g_free (play->end_words);
  play->end_words = g_strdup (words);
  play->end_result = g_intern_string (result);
  stop_engine (play);
  if (play->has_clock)
    studio_play_clock_stop (&play->clock, g_get_monotonic_time ());
  g_clear_handle_id (&play->tick_id, g_source_remove);

  cheops_game_begin_group (game);
  /* Ended before the play added a move: at the main line's end of a game
   * that names no player, the record is the play's all the same. */
  if (!play->owns_tags && play->described == NULL && cheops_game_node_is_mainline (play->tip)
      && cheops_game_node_get_n_children (play->tip) == 0 && players_unknown (game))
    {
      write_tags (play, game);
      play->owns_tags = TRUE;
    }
  /* A recorded game's Result stays its own; a variation has none. */
  if (play->owns_tags && cheops_game_node_is_mainline (play->tip))
    {
      if (g_strcmp0 (cheops_game_get_result (game), result) != 0)
        cheops_game_set_tag (game, "Result", result, NULL);
      cheops_game_set_tag (game, "Termination", termination, NULL);
    }
  old = cheops_game_node_get_comment_after (play->tip);
  comment = old != NULL && *old != '\0' ? g_strdup_printf ("%s %s", old, words) : g_strdup (words);
  cheops_game_set_comment_after (game, play->tip, comment, NULL);
  cheops_game_end_group (game);

  gtk_label_set_text (GTK_LABEL (play->message_label), words);
  gtk_widget_set_tooltip_text (play->message_label, words);
  /* The game can be analysed now: the analysis as it was. */
  show_analysis (self, TRUE);
  play_update (self);
  /* The line under the board says how it ended, the evaluation bar the
   * result. */
  _studio_window_update_status (self);
  _studio_window_update_eval_bar (self);
}

/* The result that @winner's win is in this game. */
static const char *
result_for (StudioPlay  *play,
            CheopsWinner winner)
{
  CheopsGame *game = studio_document_get_game (play->document);

  if (winner == CHEOPS_WINNER_DRAW)
    return "1/2-1/2";
  return cheops_game_get_side_colour (game, (CheopsSide) winner) == 0 ? "1-0" : "0-1";
}

/* Ends the game of engines by @verdict, worded: the rules' words (the
 * variant's outcome or claim), else the adjudication's. */
static void
finish_verdict (StudioWindow        *self,
                const CheopsVerdict *verdict)
{
  StudioPlay *play = self->play;
  CheopsGame *game = studio_document_get_game (play->document);
  g_autofree char *words = NULL;

  switch (verdict->kind)
    {
    case CHEOPS_VERDICT_OUTCOME:
      words = cheops_game_describe_outcome (game, verdict->outcome);
      play_finish (self, cheops_game_outcome_result (game, verdict->outcome), verdict->termination, words);
      return;
    case CHEOPS_VERDICT_CLAIMED_DRAW:
      /* Translators: "Orange claims a draw: the same position for the third time (8.4.2)." */
      words = g_strdup_printf (_("%s claims a draw: %s (%s)."), side_name (play, tip_side_to_move (play)),
                               g_dgettext (GETTEXT_PACKAGE, verdict->claim->reason), verdict->claim->rule);
      break;
    case CHEOPS_VERDICT_SCORE_DRAW:
      words = g_strdup (_("Drawn by adjudication: both engines’ scores stayed close to even."));
      break;
    case CHEOPS_VERDICT_SCORE_RESIGN:
      /* Translators: "Orange resigns by adjudication: both engines see it lost." */
      words = g_strdup_printf (_("%s resigns by adjudication: both engines see it lost."),
                               side_name (play, (CheopsSide) verdict->loser));
      break;
    case CHEOPS_VERDICT_TOO_LONG:
      words = g_strdup (_("Drawn by adjudication: the game is too long."));
      break;
    case CHEOPS_VERDICT_TIME_FORFEIT:
      /* Translators: "Orange loses on time." */
      words = g_strdup_printf (_("%s loses on time."), side_name (play, (CheopsSide) verdict->loser));
      break;
    default:
      g_return_if_reached ();
    }
  play_finish (self, result_for (play, verdict->winner), verdict->termination, words);
}

/* After a move of engine against engine: the game ended as `cheops match`
 * ends it (cheops-adjudication.h). */
static gboolean
check_end_engines (StudioWindow *self)
{
  StudioPlay *play = self->play;
  CheopsVerdict verdict;
  CheopsSide mover;

  if (cheops_adjudicate_position (cheops_game_node_get_position (play->tip),
                                  cheops_game_node_get_repetition_count (play->tip), &verdict))
    {
      finish_verdict (self, &verdict);
      return TRUE;
    }
  if (cheops_game_node_get_ply (play->tip) == 0)
    return FALSE;
  mover = cheops_game_node_get_mover (play->tip);
  if (cheops_adjudicator_move (&play->adj, mover, play->search_has_score,
                               play->score >= MATE_SCORE ? CHEOPS_ADJUDICATION_MATE_SCORE
                               : play->score <= -MATE_SCORE ? -CHEOPS_ADJUDICATION_MATE_SCORE : play->score,
                               (int) play->plies->len + 1, &verdict))
    {
      finish_verdict (self, &verdict);
      return TRUE;
    }
  return FALSE;
}

/* After a move: the game ended by the rules, or a draw the engine claims. */
static gboolean
check_end (StudioWindow *self)
{
  StudioPlay *play = self->play;
  CheopsGame *game = studio_document_get_game (play->document);
  CheopsOutcome outcome = cheops_game_node_get_outcome (play->tip);
  const CheopsClaimInfo *claim;

  if (play->engines_only)
    return check_end_engines (self);
  if (outcome != CHEOPS_OUTCOME_NONE)
    {
      g_autofree char *words = cheops_game_describe_outcome (game, outcome);

      play_finish (self, cheops_game_outcome_result (game, outcome), "normal", words);
      return TRUE;
    }
  /* The engine claims a draw it may claim unless it thinks it stands better. */
  claim = cheops_game_node_get_claimable_draw (play->tip);
  if (claim != NULL && engine_to_move (play) && play->has_score && play->score <= 0)
    {
      /* Translators: "Orange claims a draw: the same position for the third time (8.4.2)." */
      g_autofree char *words = g_strdup_printf (_("%s claims a draw: %s (%s)."),
                                                side_name (play, tip_side_to_move (play)),
                                                g_dgettext (GETTEXT_PACKAGE, claim->reason), claim->rule);

      play_finish (self, "1/2-1/2", "normal", words);
      return TRUE;
    }
  return FALSE;
}

static void
flag_fell (StudioWindow *self,
           CheopsSide    side)
{
  CheopsVerdict verdict;

  cheops_verdict_time_forfeit (&verdict, side);
  finish_verdict (self, &verdict);
}

/* The engine's turn: its `go` with the level's limits and the clocks. */
static void
engine_turn (StudioWindow *self)
{
  StudioPlay *play = self->play;
  const CheopsUciOption *skill;
  StudioPlayLimits limits;
  const char *uci, *moves_at;
  g_autofree char *fen = NULL;
  g_autofree char *go = NULL;
  g_auto(GStrv) moves = NULL;
  CheopsSide side = tip_side_to_move (play);
  StudioEngine *engine = play->side_engine[side];
  StudioEngineState state;
  guint level = play->engines_only ? play->settings.side_level[side] : play->settings.level;

  g_return_if_fail (engine != NULL);
  play->thinking = engine;
  play->search_has_score = FALSE;
  state = studio_engine_get_state (engine);
  if (state == STUDIO_ENGINE_STATE_NOT_STARTED)
    {
      studio_engine_start (engine);
      state = studio_engine_get_state (engine);
    }
  if (state == STUDIO_ENGINE_STATE_STARTING)
    {
      /* Its options are known after the handshake (engine_state_cb). */
      play->waiting_engine = TRUE;
      play_update (self);
      return;
    }
  play->waiting_engine = FALSE;

  skill = studio_engine_lookup_option (engine, "Skill Level");
  studio_play_level_limits (level,
                            skill != NULL && skill->type == CHEOPS_UCI_OPTION_SPIN ? (int) skill->max : 0,
                            &limits);
  if (limits.skill >= 0)
    {
      g_autofree char *value = g_strdup_printf ("%d", limits.skill);

      studio_engine_set_option (engine, "Skill Level", value);
    }
  go = studio_play_format_go (&limits, play->has_clock ? &play->clock : NULL, g_get_monotonic_time ());

  /* "position fen <FEN> [moves <m>...]" of the tip: its history included. */
  uci = cheops_game_node_get_uci_position (play->tip);
  g_return_if_fail (g_str_has_prefix (uci, "position fen "));
  moves_at = strstr (uci, " moves ");
  if (moves_at != NULL)
    {
      fen = g_strndup (uci + strlen ("position fen "), moves_at - uci - strlen ("position fen "));
      moves = g_strsplit (moves_at + strlen (" moves "), " ", -1);
    }
  else
    fen = g_strdup (uci + strlen ("position fen "));

  studio_engine_set_variant (engine, studio_document_get_variant (play->document));
  studio_engine_stop (engine);
  play->generation = studio_engine_search (engine, fen, (const char *const *) moves, go);
  play_update (self);
}

/* Whether the clocks may run: there is one, and each side has made its
 * first move of the play (those are not timed, as on Lichess: a fresh
 * user found the clock running before finding the board); moved() sets
 * clock_started, a take back of every move clears it. */
static gboolean
clock_may_run (StudioPlay *play)
{
  return play->has_clock && play->clock_started;
}

static gboolean
pace_cb (gpointer data)
{
  StudioWindow *self = data;

  self->play->pace_id = 0;
  if (clock_may_run (self->play))
    studio_play_clock_start (&self->play->clock, tip_side_to_move (self->play), g_get_monotonic_time ());
  if (engine_to_move (self->play))
    engine_turn (self);
  return G_SOURCE_REMOVE;
}

/* A move of the game, the user's or the engine's, now at the tip. */
static void
moved (StudioWindow   *self,
       CheopsGameNode *node,
       gboolean        added)
{
  StudioPlay *play = self->play;
  PlayPly ply = { cheops_game_node_ref (node), added };

  if (added)
    {
      gboolean first = TRUE;

      for (guint i = 0; i < play->plies->len && first; i++)
        first = !g_array_index (play->plies, PlayPly, i).added;
      if (first)
        record_players (play, node);
    }
  g_array_append_val (play->plies, ply);
  if (play->plies->len >= 2)
    play->clock_started = TRUE;   /* and from then on, a take back too */
  if (play->has_clock && added)
    write_clock (play, node);
  /* Both sides' first moves made: the clock of the side to move starts
   * (engine against engine: after the pause, pace_cb()). */
  if (!play->engines_only && clock_may_run (play) && play->clock.running < 0)
    studio_play_clock_start (&play->clock, cheops_game_node_get_position (node)->side_to_move,
                             g_get_monotonic_time ());
  set_tip (play, node);
  if (check_end (self))
    return;
  if (play->engines_only)
    {
      /* The engine against itself: a pause between its moves, to see them
       * on the board; the clocks stand still meanwhile. */
      if (play->has_clock)
        studio_play_clock_stop (&play->clock, g_get_monotonic_time ());
      play->pace_id = g_timeout_add (ENGINES_PAUSE_MS, pace_cb, self);
      play_update (self);
    }
  else if (engine_to_move (play))
    engine_turn (self);
  else
    play_update (self);
}

/* Charges the move to the clock of its side; FALSE when its flag fell
 * (the game is then over). */
static gboolean
press_clock (StudioWindow *self)
{
  StudioPlay *play = self->play;
  CheopsSide mover = tip_side_to_move (play);

  if (!play->has_clock)
    return TRUE;
  play->last_elapsed_ms = play->clock.running >= 0
                          ? (g_get_monotonic_time () - play->clock.running_since_us) / 1000 : 0;
  if (!studio_play_clock_press (&play->clock, g_get_monotonic_time ()))
    {
      flag_fell (self, mover);
      return FALSE;
    }
  return TRUE;
}

static void
engine_analysis_cb (StudioWindow         *self,
                    StudioEngineAnalysis *analysis,
                    StudioEngine         *engine)
{
  StudioPlay *play = self->play;
  CheopsGame *game;
  CheopsMove move;
  CheopsGameNode *node;
  guint n_before;
  g_autoptr(GError) error = NULL;

  if (!play->active || play->over || play->generation == 0 || engine != play->thinking
      || analysis->generation != play->generation)
    return;
  if (analysis->n_lines > 0 && analysis->lines[0].score_kind != CHEOPS_UCI_SCORE_NONE)
    {
      const StudioEngineLine *line = &analysis->lines[0];

      play->has_score = TRUE;
      play->search_has_score = TRUE;
      if (line->score_kind == CHEOPS_UCI_SCORE_MATE)
        play->score = line->mate_losing || line->score < 0 ? -MATE_SCORE : MATE_SCORE;
      else
        play->score = line->score;
    }
  if (!analysis->finished)
    return;

  play->generation = 0;
  game = studio_document_get_game (play->document);
  move = analysis->bestmove != NULL
         ? cheops_move_from_text (cheops_game_node_get_position (play->tip), analysis->bestmove, NULL)
         : CHEOPS_MOVE_NONE;
  if (move == CHEOPS_MOVE_NONE || !cheops_game_node_has_move (play->tip, move))
    {
      /* Translators: %s is what the engine answered ("(none)") */
      g_autofree char *words = g_strdup_printf (_("The engine gave no playable move (%s)."),
                                                analysis->bestmove != NULL ? analysis->bestmove : "");
      gtk_label_set_text (GTK_LABEL (play->message_label), words);
      _studio_window_toast (self, words);
      return;
    }
  if (!press_clock (self))
    return;

  n_before = cheops_game_node_get_n_children (play->tip);
  /* The move and its clock (moved()) one undo step. */
  cheops_game_begin_group (game);
  if (studio_document_get_current (play->document) == play->tip)
    {
      /* The user watches the tip: the board follows the engine. */
      play->generation = G_MAXUINT;   /* notify::current is the engine's move */
      node = studio_document_play_move (play->document, move, &error);
      play->generation = 0;
    }
  else
    node = cheops_game_add_move (game, play->tip, move, &error);
  if (node == NULL)
    {
      cheops_game_end_group (game);
      _studio_window_toast (self, error->message);
      return;
    }
  moved (self, node, cheops_game_node_get_n_children (play->tip) != n_before);
  cheops_game_end_group (game);
}

static void
engine_state_cb (StudioWindow *self,
                 GParamSpec   *pspec,
                 StudioEngine *engine)
{
  StudioPlay *play = self->play;
  StudioEngineState state = studio_engine_get_state (engine);

  if (!play->active || play->over
      || (engine != play->side_engine[CHEOPS_SIDE_A] && engine != play->side_engine[CHEOPS_SIDE_B]))
    return;
  if (play->waiting_engine && engine == play->thinking && state == STUDIO_ENGINE_STATE_IDLE)
    engine_turn (self);
  else if (studio_engine_state_is_error (state))
    {
      const char *error = studio_engine_get_last_error (engine);

      play->generation = 0;
      play->waiting_engine = FALSE;
      gtk_label_set_text (GTK_LABEL (play->message_label),
                          error != NULL ? error : _("The engine stopped."));
      play_update (self);
    }
}

/* The document's current node changed: a move of the user's at the tip? */
static void
current_changed_cb (StudioWindow *self)
{
  StudioPlay *play = self->play;
  CheopsGameNode *node = studio_document_get_current (play->document);

  if (!play->active || play->over || play->generation == G_MAXUINT)
    return;
  if (node == play->tip || cheops_game_node_get_parent (node) != play->tip || engine_to_move (play))
    {
      play_update (self);
      return;
    }
  if (!press_clock (self))
    return;
  /* The move's index says whether it was added (a move already in the
   * game is only gone to). */
  moved (self, node, cheops_game_node_get_index (node) >= play->tip_children);
}

/* A game edit: when it removed the tip (an undo), the game against the
 * engine cannot go on.  It stops without an edit of its own (which would
 * take the redo away): the bar says why. */
static void
document_changed_cb (StudioWindow *self)
{
  StudioPlay *play = self->play;
  const char *words = _("The game against the engine was left: its last move was undone.");

  if (!play->active || play->over)
    return;
  if (cheops_game_contains (studio_document_get_game (play->document), play->tip))
    return;
  play->over = TRUE;
  stop_engine (play);
  g_clear_handle_id (&play->tick_id, g_source_remove);
  gtk_label_set_text (GTK_LABEL (play->message_label), words);
  gtk_widget_set_tooltip_text (play->message_label, words);
  show_analysis (self, TRUE);
  play_update (self);
}

static void
play_current_changed_cb (StudioPlay *play)
{
  current_changed_cb (play->window);
}

static void
play_document_changed_cb (StudioPlay *play)
{
  document_changed_cb (play->window);
}

static gboolean
tick_cb (gpointer data)
{
  StudioWindow *self = data;
  StudioPlay *play = self->play;
  int flagged = studio_play_clock_flagged (&play->clock, g_get_monotonic_time ());

  if (flagged >= 0)
    {
      play->tick_id = 0;
      flag_fell (self, (CheopsSide) flagged);
      return G_SOURCE_REMOVE;
    }
  play_update (self);
  return G_SOURCE_CONTINUE;
}

/* The name of the engine of @side, engine against engine: its own (`id
 * name`), else the dialog's. */
static const char *
engine_display_name (StudioPlay *play,
                     CheopsSide  side)
{
  const char *name = play->side_engine[side] != NULL ? studio_engine_get_name (play->side_engine[side]) : NULL;

  return name != NULL && *name != '\0' ? name : play->side_name[side] != NULL ? play->side_name[side] : _("Engine");
}

/* The bar and the actions as the game stands. */
static void
play_update (StudioWindow *self)
{
  StudioPlay *play = self->play;
  gint64 now = g_get_monotonic_time ();
  gboolean on = play->active && !play->over && !play->paused;
  gboolean user_turn = on && !engine_to_move (play);
  gboolean can_take_back = _studio_window_play_can_take_back (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-take-back", can_take_back);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-draw",
                                 user_turn && (cheops_game_node_get_claimable_draw (play->tip) != NULL
                                               || studio_play_variant_has_draws (studio_document_get_variant (play->document))));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-resign", on && !play->engines_only);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-stop", play->active && !play->paused);
  /* Undo takes a move back while the game goes on. */
  _studio_window_update_actions (self);

  gtk_widget_set_visible (play->bar, play->active && !play->paused);
  if (!play->active || play->paused)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (play->user_buttons); i++)
    gtk_widget_set_visible (play->user_buttons[i], !play->engines_only);

  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      guint level = play->engines_only ? play->settings.side_level[side] : play->settings.level;
      g_autofree char *engine = NULL;
      g_autofree char *text = NULL;
      const char *who;

      if (!play->engines_only && side == (int) play->user_side)
        who = _("You");
      else
        /* Translators: an engine in the bar of a game against the engine,
         * with its level: "cheops-engine 0.1.0 (Level 4)", "Engine (Level 4)" */
        who = engine = g_strdup_printf (_("%s (Level %u)"),
                                        play->engines_only ? engine_display_name (play, side) : _("Engine"), level);
      /* Translators: a player in the bar of a game against the engine: "Green · You" */
      text = g_strdup_printf (_("%s · %s"), side_name (play, side), who);
      gboolean running = on && tip_side_to_move (play) == (CheopsSide) side;

      gtk_label_set_text (GTK_LABEL (play->side_label[side]), text);
      gtk_widget_set_visible (play->clock_label[side], play->has_clock);
      if (play->has_clock)
        {
          /* A clock that stands shows the time charged (its side's last
           * move), as its [%clk]; the running one the seconds begun. */
          gint64 left = studio_play_clock_remaining (&play->clock, side, now);
          g_autofree char *clock = play->clock.running == side ? studio_play_clock_format (left)
                                                                : studio_play_clock_format_stopped (left);

          gtk_label_set_text (GTK_LABEL (play->clock_label[side]), clock);
        }
      if (running)
        {
          gtk_widget_add_css_class (play->side_label[side], "heading");
          gtk_widget_add_css_class (play->clock_label[side], "accent");
        }
      else
        {
          gtk_widget_remove_css_class (play->side_label[side], "heading");
          gtk_widget_remove_css_class (play->clock_label[side], "accent");
        }
    }
  if (on)
    {
      const char *text = user_turn ? _("Your move")
                         : play->generation != 0 || play->waiting_engine ? _("The engine thinks…")
                         : gtk_label_get_text (GTK_LABEL (play->message_label));

      gtk_label_set_text (GTK_LABEL (play->message_label), text);
      gtk_widget_set_tooltip_text (play->message_label, NULL);
    }
}

/* Leaves the game (win.play-stop, another document): the bar goes, the
 * analysis comes back as it was. */
static void
play_close (StudioWindow *self)
{
  StudioPlay *play = self->play;

  if (!play->active)
    return;
  stop_engine (play);
  g_clear_handle_id (&play->tick_id, g_source_remove);
  if (!play->over)
    {
      if (play->has_clock)
        studio_play_clock_stop (&play->clock, g_get_monotonic_time ());
      /* Paused, the analysis is already as it was. */
      if (!play->paused)
        show_analysis (self, TRUE);
    }
  play->active = FALSE;
  play->over = FALSE;
  g_clear_pointer (&play->end_words, g_free);
  play->end_result = NULL;
  play->paused = FALSE;
  if (play->document != NULL)
    g_signal_handlers_disconnect_by_data (play->document, play);
  g_clear_object (&play->document);
  g_clear_pointer (&play->tip, cheops_game_node_unref);
  g_clear_pointer (&play->plies, g_array_unref);
  forget_described (play);
  play->owns_tags = FALSE;
  play_update (self);
}

/* Whether @node is the end of a finished game, where "This position"
 * starts a new game rather than write past the game's end: the last move
 * of the main line of a game whose Result is decided (not "*"), or where
 * the play shown just ended (a resignation, an agreement, ... at the end
 * of a recorded game whose Result stays its own). */
static gboolean
finished_here (StudioWindow   *self,
               CheopsGameNode *node)
{
  StudioPlay *play = self->play;
  CheopsGame *game = studio_document_get_game (self->document);
  const char *result = cheops_game_get_result (game);

  if (!cheops_game_node_is_mainline (node) || cheops_game_node_get_n_children (node) > 0)
    return FALSE;
  if (result != NULL && *result != '\0' && !g_str_equal (result, "*"))
    return TRUE;
  return play->active && play->over && play->document == self->document && play->tip == node;
}

/* Starts the game the dialog asked for. */
static void
play_start (StudioWindow *self)
{
  StudioPlay *play = self->play;
  CheopsGameNode *start = studio_document_get_current (self->document);
  gboolean from_finished = !play->settings.new_game && finished_here (self, start);

  /* A finished game's last position is over by the rules: nothing to play. */
  if (!play->settings.new_game && cheops_game_node_get_outcome (start) != CHEOPS_OUTCOME_NONE)
    {
      _studio_window_toast (self, _("The game is over here: go to a position where it goes on to play."));
      return;
    }
  play_close (self);
  /* The engines: each side its own process, even of the same program. */
  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      g_clear_object (&play->side_engine[side]);
      g_clear_pointer (&play->side_name[side], g_free);
    }
  if (play->settings.engines_only)
    for (int side = 0; side < CHEOPS_SIDE_NB; side++)
      {
        guint choice = MIN (play->settings.side_engine[side], play->choice_paths->len - 1);

        play->side_engine[side] = g_object_ref (pool_engine (self, g_ptr_array_index (play->choice_paths, choice),
                                                             play->side_engine[!side]));
        play->side_name[side] = g_strdup (g_ptr_array_index (play->choice_names, choice));
      }
  else
    {
      /* The user's opponent: the engine chosen for its side (the bundled
       * one, or one chosen in Preferences). */
      int side = !play->settings.user_side;
      guint choice = MIN (play->settings.side_engine[side], play->choice_paths->len - 1);

      play->side_engine[side] = g_object_ref (pool_engine (self, g_ptr_array_index (play->choice_paths, choice),
                                                           NULL));
      play->side_name[side] = g_strdup (g_ptr_array_index (play->choice_names, choice));
    }
  {
    CheopsAdjudicationRules rules;

    studio_play_adjudication_rules (&rules);
    cheops_adjudicator_init (&play->adj, &rules);
  }
  if (play->settings.new_game)
    {
      g_autoptr(CheopsGame) game = studio_game_new_for_variant (studio_document_get_variant (self->document));

      write_tags (play, game);
      cheops_game_clear_history (game);
      /* Translators: what is shown in a new tab when the current one has
       * unsaved changes */
      _studio_window_show_new_game (self, game, _("The game"));
    }
  else if (from_finished)
    {
      /* The end of a finished game: its record stays as it is, the play
       * is a new game set up from this position (its FEN), the colours
       * as the finished game named them. */
      CheopsGame *finished = studio_document_get_game (self->document);
      const char *colour_tag = studio_document_get_variant (self->document)->colour_tag;
      g_autoptr(CheopsGame) game = studio_game_new_for_position (cheops_game_node_get_position (start));

      if (colour_tag != NULL && cheops_game_get_tag (finished, colour_tag) != NULL)
        cheops_game_set_tag (game, colour_tag, cheops_game_get_tag (finished, colour_tag), NULL);
      write_tags (play, game);
      cheops_game_clear_history (game);
      _studio_window_show_new_game (self, game, _("The game"));
    }
  start = studio_document_get_current (self->document);

  play->active = TRUE;
  play->over = FALSE;
  /* A new game's tags are the play's (write_tags() above). */
  play->owns_tags = play->settings.new_game || from_finished;
  play->document = g_object_ref (self->document);
  set_tip (play, start);
  play->plies = g_array_new (FALSE, TRUE, sizeof (PlayPly));
  g_array_set_clear_func (play->plies, ply_clear);
  play->user_side = play->settings.user_side;
  play->engines_only = play->settings.engines_only;
  /* The user's side at the bottom, as Lichess turns the board for Black
   * (issue 22, a fresh user's finding) — where a flip turns the board
   * round; a mirrored board (Cheops) keeps its orientation. */
  if (!play->engines_only && studio_document_get_variant (self->document)->board->flip == CHEOPS_FLIP_ROTATE)
    studio_board_scene_set_flipped (self->scene, play->user_side == CHEOPS_SIDE_B);
  play->has_score = FALSE;
  play->has_clock = play->settings.base_ms > 0;
  /* The clocks stand until each side has moved once (moved()). */
  play->clock_started = FALSE;
  if (play->has_clock)
    {
      studio_play_clock_init (&play->clock, play->settings.base_ms, play->settings.inc_ms);
      play->tick_id = g_timeout_add (100, tick_cb, self);
    }
  else
    studio_play_clock_init (&play->clock, 1, 0);
  /* With the play as their data: the window's binding of another
   * document (a tab switch) disconnects its own handlers of this one by
   * the window as data, and these must outlive that pause. */
  g_signal_connect_swapped (play->document, "notify::current", G_CALLBACK (play_current_changed_cb), play);
  g_signal_connect_swapped (play->document, "changed", G_CALLBACK (play_document_changed_cb), play);

  play->was_running = studio_analysis_panel_get_running (self->analysis_panel);
  play->show_analysis = FALSE;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (play->analysis_button), FALSE);
  show_analysis (self, FALSE);
  gtk_label_set_text (GTK_LABEL (play->message_label), "");

  if (engine_to_move (play))
    engine_turn (self);
  else
    play_update (self);
}

static void
dialog_response_cb (StudioPlayDialog *dialog,
                    const char       *response,
                    StudioWindow     *self)
{
  if (!g_str_equal (response, "play"))
    return;
  studio_play_dialog_get_settings (dialog, &self->play->settings);
  play_start (self);
}

/* An engine of the pool running @path ("" the bundled one), other than
 * @other (the other side's), started (again after an error); a new one
 * when there is none. */
static StudioEngine *
pool_engine (StudioWindow *self,
             const char   *path,
             StudioEngine *other)
{
  StudioPlay *play = self->play;
  StudioEngine *engine = NULL;

  for (guint i = 0; i < play->pool->len && engine == NULL; i++)
    {
      StudioEngine *e = g_ptr_array_index (play->pool, i);

      if (e != other && g_strcmp0 (g_object_get_data (G_OBJECT (e), "studio-play-path"), path) == 0)
        engine = e;
    }
  if (engine == NULL)
    {
      const char *argv[] = { path, NULL };

      engine = studio_engine_new (*path != '\0' ? argv : NULL);
      g_object_set_data_full (G_OBJECT (engine), "studio-play-path", g_strdup (path), g_free);
      g_signal_connect_object (engine, "analysis-updated", G_CALLBACK (engine_analysis_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (engine, "notify::state", G_CALLBACK (engine_state_cb), self,
                               G_CONNECT_SWAPPED);
      g_ptr_array_add (play->pool, engine);
    }
  if (studio_engine_get_state (engine) == STUDIO_ENGINE_STATE_NOT_STARTED)
    studio_engine_start (engine);
  else if (studio_engine_state_is_error (studio_engine_get_state (engine)))
    /* It crashed, hung or failed in the last game: a new process. */
    studio_engine_restart (engine);
  return engine;
}

/* The engines that may play: the bundled one, and the one chosen in
 * Preferences (`last-engine`) when there is one. */
static void
update_choices (StudioWindow *self)
{
  StudioPlay *play = self->play;
  g_autofree char *path = g_settings_get_string (self->settings, "last-engine");
  g_auto(GStrv) engines = g_settings_get_strv (self->settings, "engines");

  g_ptr_array_set_size (play->choice_paths, 0);
  g_ptr_array_set_size (play->choice_names, 0);
  g_ptr_array_add (play->choice_paths, g_strdup (""));
  g_ptr_array_add (play->choice_names, g_strdup (_("Bundled engine (cheops-engine)")));
  /* The analysing engine first, then the others chosen in Preferences
   * that are still there to run. */
  if (path[0] != '\0')
    {
      g_ptr_array_add (play->choice_paths, g_strdup (path));
      g_ptr_array_add (play->choice_names, g_filename_display_basename (path));
    }
  for (guint i = 0; engines[i] != NULL; i++)
    if (!g_str_equal (engines[i], path) && g_file_test (engines[i], G_FILE_TEST_IS_EXECUTABLE)
        && !g_file_test (engines[i], G_FILE_TEST_IS_DIR))
      {
        g_ptr_array_add (play->choice_paths, g_strdup (engines[i]));
        g_ptr_array_add (play->choice_names, g_filename_display_basename (engines[i]));
      }
}

/* win.play: the dialog. */
static void
action_play (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  StudioWindow *self = STUDIO_WINDOW (widget);
  StudioPlay *play = self->play;
  StudioPlayDialog *dialog;

  if (self->mode != STUDIO_WINDOW_MODE_GAME)
    return;
  g_autoptr(GPtrArray) engines = g_ptr_array_new ();

  /* The choices of the last game started, except that from "This
   * position" the user plays the side to move there (a new game keeps the
   * side chosen for it: issue 22, a fresh user found it reset). */
  if (!play->active && !play->settings.new_game && !play->settings.engines_only)
    play->settings.user_side = studio_document_get_position (self->document)->side_to_move;
  update_choices (self);
  /* One engine of each, started now, names the levels of the sides it may play. */
  for (guint i = 0; i < play->choice_paths->len; i++)
    g_ptr_array_add (engines, pool_engine (self, g_ptr_array_index (play->choice_paths, i), NULL));
  dialog = studio_play_dialog_new (GTK_WINDOW (self), studio_document_get_variant (self->document),
                                   g_ptr_array_index (engines, 0), &play->settings);
  studio_play_dialog_set_engines (dialog, engines->len, (const char *const *) play->choice_names->pdata,
                                  (StudioEngine *const *) engines->pdata);
  g_signal_connect_object (dialog, "response", G_CALLBACK (dialog_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* win.play-take-back: the user's last move and the engine's reply (or,
 * while the engine thinks, the user's move), deleted where the game did
 * not have them before; the clocks as they are (the time spent is not
 * given back, as on Lichess). */
static void
action_take_back (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *param)
{
  StudioWindow *self = STUDIO_WINDOW (widget);
  StudioPlay *play = self->play;
  CheopsGame *game;

  if (!play->active || play->over || play->engines_only || play->plies->len == 0)
    return;
  game = studio_document_get_game (play->document);
  stop_engine (play);
  /* The clocks stay as they are: the time spent is not given back. */
  if (play->has_clock)
    studio_play_clock_stop (&play->clock, g_get_monotonic_time ());
  cheops_game_begin_group (game);
  do
    {
      PlayPly *ply = &g_array_index (play->plies, PlayPly, play->plies->len - 1);
      CheopsGameNode *parent = cheops_game_node_get_parent (ply->node);

      set_tip (play, parent);
      if (studio_document_get_current (play->document) != play->tip)
        studio_document_set_current (play->document, play->tip);
      if (ply->added && ply->node == play->described)
        {
          /* The comment that named the play goes with its first move. */
          if (play->described_parent != NULL)
            cheops_game_set_comment_after (game, play->described_parent, play->parent_comment, NULL);
          forget_described (play);
        }
      if (ply->added)
        cheops_game_delete_from (game, ply->node);
      g_array_set_size (play->plies, play->plies->len - 1);
    }
  while (engine_to_move (play) && play->plies->len > 0);
  cheops_game_end_group (game);
  play->tip_children = cheops_game_node_get_n_children (play->tip);
  /* Every move of the play taken back: the clocks stand again until both
   * sides have moved (a fresh user lost on time with no move made). */
  if (play->plies->len == 0)
    play->clock_started = FALSE;
  if (clock_may_run (play))
    studio_play_clock_start (&play->clock, tip_side_to_move (play), g_get_monotonic_time ());
  if (engine_to_move (play))
    engine_turn (self);
  play_update (self);
}

/* win.play-draw: the claim of a draw the rules allow, else an offer. */
static void
action_draw (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  StudioWindow *self = STUDIO_WINDOW (widget);
  StudioPlay *play = self->play;
  const CheopsClaimInfo *claim;

  if (!play->active || play->over || engine_to_move (play))
    return;
  claim = cheops_game_node_get_claimable_draw (play->tip);
  if (claim != NULL)
    {
      /* Translators: "Green claims a draw: the same position for the third time (8.4.2)." */
      g_autofree char *words = g_strdup_printf (_("%s claims a draw: %s (%s)."),
                                                side_name (play, play->user_side),
                                                g_dgettext (GETTEXT_PACKAGE, claim->reason), claim->rule);

      play_finish (self, "1/2-1/2", "normal", words);
      return;
    }
  if (!studio_play_variant_has_draws (studio_document_get_variant (play->document)))
    return;
  if (play->has_score && play->score <= 0)
    play_finish (self, "1/2-1/2", "normal", _("Draw agreed."));
  else
    _studio_window_toast (self, _("The engine declines the draw."));
}

static void
resign_response_cb (StudioWindow *self,
                    const char   *response)
{
  StudioPlay *play = self->play;
  g_autofree char *words = NULL;

  /* The game may have ended (or been left) while the dialog was shown. */
  if (!g_str_equal (response, "resign") || play == NULL || !play->active || play->over || play->paused
      || play->engines_only)
    return;
  /* Translators: "Green resigns." */
  words = g_strdup_printf (_("%s resigns."), side_name (play, play->user_side));
  play_finish (self, result_for (play, play->user_side == CHEOPS_SIDE_A ? CHEOPS_WINNER_B : CHEOPS_WINNER_A),
               "normal", words);
}

/* win.play-resign: asks first (the clocks go on meanwhile, as on a board). */
static void
action_resign (GtkWidget  *widget,
               const char *action_name,
               GVariant   *param)
{
  StudioWindow *self = STUDIO_WINDOW (widget);
  StudioPlay *play = self->play;
  g_autofree char *body = NULL;
  GtkWidget *dialog;

  if (!play->active || play->over || play->engines_only)
    return;
  /* Translators: the body of the Resign dialog: "Green loses the game." */
  body = g_strdup_printf (_("%s loses the game."), side_name (play, play->user_side));
  dialog = adw_message_dialog_new (GTK_WINDOW (self), _("Resign the Game?"), body);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "resign", _("_Resign"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "resign", ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (resign_response_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* win.play-stop: the bar goes; a game still on is left unfinished. */
static void
action_stop (GtkWidget  *widget,
             const char *action_name,
             GVariant   *param)
{
  play_close (STUDIO_WINDOW (widget));
  /* Its words of the end go from the line under the board (the Result
   * tells it still, _studio_window_dup_status()). */
  _studio_window_update_status (STUDIO_WINDOW (widget));
}

static void
analysis_toggled_cb (StudioWindow    *self,
                     GtkToggleButton *button)
{
  StudioPlay *play = self->play;

  play->show_analysis = gtk_toggle_button_get_active (button);
  if (play->active && !play->over)
    show_analysis (self, play->show_analysis);
}

static GtkWidget *
bar_button (GtkWidget  *bar,
            const char *icon,
            const char *label,
            const char *tooltip,
            const char *action)
{
  GtkWidget *button = label != NULL ? gtk_button_new_with_mnemonic (label) : gtk_button_new_from_icon_name (icon);

  gtk_widget_set_tooltip_text (button, tooltip);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (bar), button);
  return button;
}

/**
 * _studio_window_play_init:
 * @self: a #StudioWindow
 *
 * The play bar, above the board (where no toast comes), hidden until a
 * game against the engine.
 */
void
_studio_window_play_init (StudioWindow *self)
{
  StudioPlay *play = g_new0 (StudioPlay, 1);
  GtkWidget *board = GTK_WIDGET (self->board_view);
  GtkWidget *players;

  self->play = play;
  play->window = self;
  play->settings.level = 1;
  /* 0: engine against engine's levels are the level against the user
   * until chosen (studio_play_dialog_get_settings()). */
  play->settings.side_level[CHEOPS_SIDE_A] = play->settings.side_level[CHEOPS_SIDE_B] = 0;
  play->settings.user_side = CHEOPS_SIDE_A;
  play->pool = g_ptr_array_new_with_free_func (g_object_unref);
  play->choice_paths = g_ptr_array_new_with_free_func (g_free);
  play->choice_names = g_ptr_array_new_with_free_func (g_free);
  update_choices (self);

  play->bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  gtk_widget_add_css_class (play->bar, "toolbar");
  gtk_widget_add_css_class (play->bar, "play-bar");
  gtk_widget_set_margin_start (play->bar, 6);
  gtk_widget_set_margin_end (play->bar, 6);
  players = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

      play->side_label[side] = gtk_label_new (NULL);
      gtk_label_set_xalign (GTK_LABEL (play->side_label[side]), 0);
      gtk_label_set_ellipsize (GTK_LABEL (play->side_label[side]), PANGO_ELLIPSIZE_END);
      gtk_widget_set_hexpand (play->side_label[side], TRUE);
      play->clock_label[side] = gtk_label_new (NULL);
      gtk_widget_add_css_class (play->clock_label[side], "numeric");
      gtk_widget_add_css_class (play->clock_label[side], "title-4");
      gtk_widget_add_css_class (play->clock_label[side], "play-clock");
      gtk_box_append (GTK_BOX (row), play->side_label[side]);
      gtk_box_append (GTK_BOX (row), play->clock_label[side]);
      gtk_box_append (GTK_BOX (players), row);
    }
  gtk_widget_set_size_request (players, 150, -1);
  gtk_box_append (GTK_BOX (play->bar), players);

  play->message_label = gtk_label_new (NULL);
  gtk_label_set_ellipsize (GTK_LABEL (play->message_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (play->message_label), 0);
  gtk_widget_set_hexpand (play->message_label, TRUE);
  gtk_widget_set_margin_start (play->message_label, 6);
  gtk_box_append (GTK_BOX (play->bar), play->message_label);

  play->user_buttons[0] = bar_button (play->bar, "edit-undo-symbolic", NULL, _("Take back your last move"),
                                      "win.play-take-back");
  play->user_buttons[1] = bar_button (play->bar, NULL, _("½"), _("Claim or offer a draw"), "win.play-draw");
  play->user_buttons[2] = bar_button (play->bar, NULL, _("_Resign"), _("Resign the game"), "win.play-resign");
  play->analysis_button = gtk_toggle_button_new ();
  gtk_button_set_icon_name (GTK_BUTTON (play->analysis_button), "view-reveal-symbolic");
  gtk_widget_set_tooltip_text (play->analysis_button, _("Show the engine’s analysis while playing"));
  gtk_widget_set_valign (play->analysis_button, GTK_ALIGN_CENTER);
  g_signal_connect_object (play->analysis_button, "toggled", G_CALLBACK (analysis_toggled_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_box_append (GTK_BOX (play->bar), play->analysis_button);
  bar_button (play->bar, "window-close-symbolic", NULL, _("Stop playing"), "win.play-stop");

  gtk_widget_set_visible (play->bar, FALSE);
  /* Above the board, not under it: a toast comes up at the bottom of the
   * window, where it hid the bar's ½ and Resign in the wide layout (the
   * board's column runs down to the window's bottom edge). */
  gtk_widget_set_margin_top (play->bar, 6);
  gtk_box_insert_child_after (GTK_BOX (gtk_widget_get_parent (board)), play->bar, NULL);
  play_update (self);
}

/* Its tab left: the game against the engine pauses (the engine stops
 * thinking, the clocks stand still), the bar goes and the analysis comes
 * back as it was. */
static void
play_pause (StudioWindow *self)
{
  StudioPlay *play = self->play;

  if (!play->active || play->paused)
    return;
  stop_engine (play);
  g_clear_handle_id (&play->tick_id, g_source_remove);
  if (!play->over)
    {
      if (play->has_clock)
        studio_play_clock_stop (&play->clock, g_get_monotonic_time ());
      show_analysis (self, TRUE);
    }
  play->paused = TRUE;
  play_update (self);
}

/* Its tab shown again: the bar, the analysis hidden, the clocks going and
 * the engine thinking again where it was to move. */
static void
play_resume (StudioWindow *self)
{
  StudioPlay *play = self->play;

  if (!play->active || !play->paused)
    return;
  play->paused = FALSE;
  if (!play->over)
    {
      /* What the user chose for the analysis meanwhile, for the game's end. */
      play->was_running = studio_analysis_panel_get_running (self->analysis_panel);
      show_analysis (self, play->show_analysis);
      if (play->has_clock)
        {
          if (clock_may_run (play))
            studio_play_clock_start (&play->clock, tip_side_to_move (play), g_get_monotonic_time ());
          play->tick_id = g_timeout_add (100, tick_cb, self);
        }
      if (engine_to_move (play))
        {
          engine_turn (self);
          return;
        }
    }
  play_update (self);
}

/**
 * _studio_window_play_document_bound:
 * @self: a #StudioWindow
 *
 * The window shows another document (a tab switch): the game against the
 * engine belongs to its tab, so it pauses while another is shown and goes
 * on when its own is shown again.
 */
void
_studio_window_play_document_bound (StudioWindow *self)
{
  StudioPlay *play = self->play;

  if (play == NULL || !play->active)
    return;
  if (play->document != self->document)
    play_pause (self);
  else
    play_resume (self);
}

/**
 * _studio_window_play_document_closed:
 * @self: a #StudioWindow
 * @document: the document of a tab that closed
 *
 * A game against the engine in @document is left, unfinished.
 */
void
_studio_window_play_document_closed (StudioWindow   *self,
                                     StudioDocument *document)
{
  StudioPlay *play = self->play;

  if (play != NULL && play->active && play->document == document)
    play_close (self);
}

void
_studio_window_play_dispose (StudioWindow *self)
{
  StudioPlay *play = self->play;

  if (play == NULL)
    return;
  stop_engine (play);
  g_clear_handle_id (&play->tick_id, g_source_remove);
  if (play->document != NULL)
    g_signal_handlers_disconnect_by_data (play->document, play);
  g_clear_object (&play->document);
  g_clear_pointer (&play->tip, cheops_game_node_unref);
  g_clear_pointer (&play->plies, g_array_unref);
  forget_described (play);
  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    {
      g_clear_object (&play->side_engine[side]);
      g_clear_pointer (&play->side_name[side], g_free);
    }
  if (play->pool != NULL)
    for (guint i = 0; i < play->pool->len; i++)
      g_signal_handlers_disconnect_by_data (g_ptr_array_index (play->pool, i), self);
  g_clear_pointer (&play->pool, g_ptr_array_unref);
  g_clear_pointer (&play->choice_paths, g_ptr_array_unref);
  g_clear_pointer (&play->choice_names, g_ptr_array_unref);
  g_free (play->end_words);
  g_free (play);
  self->play = NULL;
}

/* The engine that plays (tests: its process id), or NULL before the
 * first game. */
StudioEngine *
_studio_window_play_get_engine (StudioWindow *self)
{
  StudioPlay *play = self->play;

  if (play == NULL)
    return NULL;
  for (int side = 0; side < CHEOPS_SIDE_NB; side++)
    if (play->side_engine[side] != NULL)
      return play->side_engine[side];
  return play->pool->len > 0 ? g_ptr_array_index (play->pool, 0) : NULL;
}

/* The clock of the game against the engine (tests set it), or NULL when
 * the game has none. */
StudioPlayClock *
_studio_window_play_get_clock (StudioWindow *self)
{
  return self->play != NULL && self->play->active && self->play->has_clock ? &self->play->clock : NULL;
}

/* Whether a game against the engine is shown (on, or just ended). */
/**
 * _studio_window_play_get_end_words:
 * @self: a #StudioWindow
 *
 * How the game against the engine shown ended, when the current move is
 * where it ended and its bar is still shown: the sentence of its last
 * comment ("Black resigns.", "Draw agreed.", the variant's words for an
 * end by the rules).
 *
 * Returns: (nullable) (transfer none): the words, or %NULL
 */
const char *
_studio_window_play_get_end_words (StudioWindow *self)
{
  StudioPlay *play = self->play;

  if (play == NULL || !play->active || !play->over || play->document != self->document
      || play->tip != studio_document_get_current (self->document))
    return NULL;
  return play->end_words;
}

/**
 * _studio_window_play_get_end_result:
 * @self: a #StudioWindow
 *
 * The result of the game against the engine shown ("1-0", "0-1",
 * "1/2-1/2", PGN's colour order), when the current move is where it ended
 * and its bar is still shown: as _studio_window_play_get_end_words().  A
 * play in a variation writes no Result tag; this is its result all the
 * same.
 *
 * Returns: (nullable) (transfer none): the result, or %NULL
 */
const char *
_studio_window_play_get_end_result (StudioWindow *self)
{
  return _studio_window_play_get_end_words (self) != NULL ? self->play->end_result : NULL;
}

gboolean
_studio_window_play_is_active (StudioWindow *self)
{
  return self->play != NULL && self->play->active;
}

/**
 * _studio_window_play_hidden_reason:
 *
 * Returns: (transfer none): why the analysis is off during a game against
 *   the engine, a translated sentence (the engine switch's tooltip, the
 *   analysis panel's text, the toast of win.analyze)
 */
const char *
_studio_window_play_hidden_reason (void)
{
  return _("The analysis is hidden while you play: the eye in the play bar shows it.");
}

/* Whether the analysis is hidden by a game against the engine shown and
 * on (the play bar's eye not pressed): win.analyze is refused then. */
gboolean
_studio_window_play_hides_analysis (StudioWindow *self)
{
  return self->play != NULL && self->play->active && !self->play->over && !self->play->paused
         && !self->play->show_analysis;
}

/* Whether the user can take a move back now: a game against the engine
 * goes on and the user has moved in it (the engine's reply, if it came,
 * goes too). */
gboolean
_studio_window_play_can_take_back (StudioWindow *self)
{
  StudioPlay *play = self->play;
  guint n;
  PlayPly *last;

  if (play == NULL || !play->active || play->over || play->paused || play->engines_only)
    return FALSE;
  n = play->plies != NULL ? play->plies->len : 0;
  if (n == 0)
    return FALSE;
  /* The user's last move, with the engine's reply if it came. */
  last = &g_array_index (play->plies, PlayPly, n - 1);
  return cheops_game_node_get_mover (last->node) == play->user_side || n >= 2;
}

/* Whether Undo and Redo belong to the game against the engine: while it
 * goes on (shown, not over), Undo takes the user's last move back as the
 * play bar's button does (win.play-take-back: the game goes on, as on
 * Lichess) and Redo has nothing to bring back; while two engines play,
 * both wait for Stop.  An undo that removed the game's last move would
 * end the game without a word (issue 22's fresh user). */
gboolean
_studio_window_play_owns_undo (StudioWindow *self)
{
  return self->play != NULL && self->play->active && !self->play->over && !self->play->paused;
}

/* Whether the engine is thinking about its move. */
gboolean
_studio_window_play_engine_thinking (StudioWindow *self)
{
  return self->play != NULL && self->play->active && !self->play->over
         && (self->play->generation != 0 || self->play->waiting_engine);
}

void
_studio_window_class_play_init (StudioWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.play", NULL, action_play);
  gtk_widget_class_install_action (widget_class, "win.play-take-back", NULL, action_take_back);
  gtk_widget_class_install_action (widget_class, "win.play-draw", NULL, action_draw);
  gtk_widget_class_install_action (widget_class, "win.play-resign", NULL, action_resign);
  gtk_widget_class_install_action (widget_class, "win.play-stop", NULL, action_stop);
}
