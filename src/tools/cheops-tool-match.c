/* cheops-tool-match.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops match`: plays UCI engines (and the built-in players `random` and
 * `greedy`) against each other in fastchess's conventions, and
 * `cheops match-stats`, which prints a match's results block from the PGN
 * files of its shards.
 *
 *   cheops match -variant NAME
 *                -engine cmd=CMD [name=NAME] [KEY=VALUE]...  (twice)
 *                [-each KEY=VALUE...] -rounds N [-games 1|2 | -repeat]
 *                [-concurrency N] [-openings file=FILE format=epd|pgn
 *                order=random|sequential start=N plies=N] [-srand N]
 *                [-pgnout file=FILE] [-sprt elo0=A elo1=B alpha=A beta=B
 *                model=normalized|logistic] [-ratinginterval N] [-recover]
 *                [-draw movenumber=N movecount=N score=CP]
 *                [-resign movecount=N score=CP twosided=true|false]
 *
 * KEY is one of tc=BASE+INC (seconds) or tc=MOVES/BASE[+INC] (MOVES moves
 * in BASE seconds, then BASE again for the next MOVES: `go ... movestogo`),
 * st=SECONDS (a fixed time a move),
 * nodes=N, plies=N (`go depth N`), timemargin=MS, option.NAME=VALUE (sent
 * as `setoption name NAME value VALUE` after the handshake; NAME may hold
 * spaces: quote the whole word, "option.Skill Level=3"), args=ARGS (added
 * to the command), proto=uci; -engine also takes builtin=random|greedy for
 * a built-in player.  A key of -engine overrides the same key of -each;
 * options of both are sent, -each's first.  Every flag may be written with
 * two dashes too.  The older forms keep their meaning: --engine CMD,
 * --builtin random|greedy, --games N (N games in all, in pairs), --tc
 * BASE+INC, --openings FILE (one opening a line: `startpos` or a FEN,
 * optionally followed by `moves` and machine move text; empty lines and
 * lines starting with '#' skipped), --pgn OUT, --seed N (as -srand),
 * --timemargin MS and --nodes N for both players.
 *
 * The game is the variant NAME (cheops_variant_find(): "cheops" by
 * default, "trigchess"...); engines get `setoption name UCI_Variant value
 * NAME`.  Nothing here knows a game: rules, outcomes and their wording
 * come from the variant (cheops-variant.h).
 *
 * Rounds: round R (from 1) plays opening number start + R - 1 of the book
 * (in the file's order, or shuffled by -srand with order=random; the book
 * wraps around), once with each player on side A (the variant's first side:
 * Cheops's a corner, TrigChess's Gold) with -games 2 (the first engine on
 * side A first), else once with the first engine on side A.  The two games
 * of a round are a pair, the unit of the pentanomial statistics.
 * With -concurrency N, N games are played at once, each by its own engine
 * processes (two a game, started before the first game; a built-in player
 * needs none).  A built-in player's random choices are drawn from a
 * generator seeded by -srand and the game's number, so a game is the same
 * whatever the concurrency.
 *
 * Games are adjudicated through the core: the outcome of the position
 * (the variant's outcome table: Cheops's Ascension and draws of Article 8,
 * TrigChess's checkmate and stalemate) and of a repetition along the game
 * (cheops_position_repetition_outcome(): Cheops's fifth occurrence draws,
 * TrigChess's third loses for the mover, TR15).  A draw the rules let the
 * player to move claim (cheops_position_claimable_draw(): the third
 * occurrence and the fifty-move rule of Cheops 8.4.2 and Pyramids PY14) is
 * claimed at once for it, as an arbiter does for engines.  That and the
 * score adjudication below are src/game/cheops-adjudication.c, which the
 * studio's engine against engine calls too.  A player loses by an illegal or
 * malformed move, by exceeding its clock (or its st) by more than its time
 * margin (default 20 ms), by not answering (a hang), or by dying.
 * A move is charged the processor time the
 * engine's process used for it (its CPU-time clock, clock_getcpuclockid()),
 * never more than the wall time it took: on a loaded machine an engine
 * waits for a processor for tens, at times hundreds, of milliseconds
 * (measured here: up to 330 ms over a 0.1 s clock), which is neither its
 * thinking nor in its control.  Where that clock cannot be read the wall
 * time is charged.  An engine run through a wrapper must exec it (the
 * wrapper's own time is what is read).  An engine that does not answer
 * within its clock, the margin and STALL_ALLOWANCE_MS of wall time loses on
 * time; one that does not answer `stop` within 5 s more has hung.  An
 * engine that hangs or dies loses the game; with -recover it is restarted
 * and the match goes on, without it the match stops (exit status 1).
 * Without a clock (nodes=, plies=) an engine has 60 s a move.
 * With CHEOPS_MATCH_DEBUG set in the environment, every engine move is
 * logged on standard error with the clock before it and the time it took.
 * An engine is spawned with GSubprocess from its command split into argv by
 * shell rules, never through a shell.
 *
 * Adjudication as fastchess's: -draw ends a game drawn once the engines'
 * own scores (the last `info ... score` before each `bestmove`) have both
 * stayed within ±CP centipawns for movecount moves each, from the
 * movenumber-th move each engine has played on; -resign ends it lost for
 * an engine whose score has stayed at or below -CP for movecount of its
 * moves (twosided=true: while the other's stayed at or above +CP).  A mate
 * score counts as beyond any CP.
 *
 * Output: one line per game when it ends ("Game K/N: A (a) vs B (b):
 * RESULT {reason}; score W - L - D", K counting finished games), the
 * results block of fastchess (cheops-match-stats.h) every -ratinginterval
 * finished games (default 10; 0: only at the end) and at the end, then
 * "Score of A vs B: W - L - D [score] N", "Time losses: A n, B m" and,
 * with -sprt, "SPRT ([elo0, elo1]) completed - H0 was accepted" (or H1)
 * once the LLR has crossed a bound; the games then under way are
 * abandoned, neither counted nor written.  Exit status 0, 2 for bad usage
 * or input, 1 when the match had to stop (an engine that died or hung
 * without -recover, a PGN file that could not be written).
 *
 * The PGN file (-pgnout) gets every game the moment it ends: [Round
 * "R.G"] (round R, its G-th game), the players under the variant's side
 * tags, [Variant], [SetUp]/[FEN] of the opening's start position, the
 * opening's moves in the movetext, [TimeControl], [Termination] (PGN's
 * words: normal, time forfeit, rules infraction, abandoned, adjudication)
 * and the reason as the last comment.  [Threads], [Hash] and [Book] carry
 * the header of the results block for `cheops match-stats`.  A write
 * error (a full disk) stops the match with a message (exit status 1).
 *
 *   cheops match-stats [-sprt elo0=A elo1=B alpha=A beta=B model=M] FILE.pgn...
 *
 * reads the PGN files of a match's shards (one match each, as -pgnout
 * writes them) and prints the results block of their union: the first
 * engine is the one on side A in the first game read; the two games of a
 * round (the same "R." of [Round], the same start position, the same two
 * players, in one file) are a pair.  A game that is not one of the two
 * players' or whose result is "*" is an error ("FILE:LINE: ..."); exit 2.
 */
#include <errno.h>
#include <gio/gio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

#include "cheops-adjudication.h"
#include "cheops-epd.h"
#include "cheops-match-stats.h"
#include "cheops-notation.h"
#include "cheops-pgn.h"
#include "cheops-position.h"
#include "cheops-tool.h"
#include "cheops-tool-player.h"
#include "cheops-uci-protocol.h"

#define HANDSHAKE_TIMEOUT_MS 10000
#define MAX_GAME_PLIES 2000
/* The wall time beyond a clock and its margin an engine may take to answer
 * before it is taken as out of time: what a loaded machine's scheduling
 * can add (the charge itself is processor time: see above). */
#define STALL_ALLOWANCE_MS 2000
/* The wall time an engine without a clock (nodes=, plies=) has a move. */
#define UNTIMED_MOVE_MS 60000
/* The score of a mate for adjudication, beyond any threshold. */
#define MATE_SCORE CHEOPS_ADJUDICATION_MATE_SCORE

/* The processor time @e's process has used so far, in ms; -1 if it cannot
 * be read (no process, or no CPU-time clock for it). */
static double
engine_cpu_ms (CheopsToolPlayer *e)
{
  const char *id;
  clockid_t clock;
  struct timespec ts;

  if (e->uci == NULL || (id = cheops_uci_engine_get_identifier (e->uci)) == NULL)
    return -1;
  if (clock_getcpuclockid ((pid_t) atoi (id), &clock) != 0 || clock_gettime (clock, &ts) != 0)
    return -1;
  return ts.tv_sec * 1000.0 + ts.tv_nsec / 1e6;
}

typedef enum {
  PLAYER_ENGINE,
  PLAYER_RANDOM,
  PLAYER_GREEDY
} PlayerKind;

/* What limits a player's moves.  Unset fields are -1 (then -each's, then
 * the default, apply). */
typedef struct {
  gint64 base_ms, inc_ms;   /* the clock (tc=); base_ms -1: none */
  gint64 moves;             /* tc=MOVES/BASE: the moves of each period (0: none) */
  gint64 movetime_ms;       /* st= */
  gint64 nodes;             /* nodes= */
  gint64 depth;             /* plies= */
  gint64 margin_ms;         /* timemargin= */
} Limits;

/* A player as the command line sets it (-engine or -each). */
typedef struct {
  int         kind;         /* PlayerKind, -1 unset */
  char       *command;      /* cmd=, with args= appended */
  char       *args;
  char       *name;         /* name= */
  char       *tc_text;      /* tc= as given, for the results block */
  Limits      limits;
  GPtrArray  *options;      /* "NAME" then "VALUE", pairs of strings */
} PlayerConfig;

typedef struct {
  char  *fen;       /* the position the game starts from */
  char **moves;     /* opening moves, machine text; NULL-terminated */
} Opening;

typedef enum {
  RESULT_NONE,
  RESULT_A_WINS,
  RESULT_Q_WINS,
  RESULT_DRAW
} GameResult;

/* The match: set up by the command line, read by the workers; the fields
 * under "state" are the workers' shared ones, under @lock. */
static struct {
  const CheopsVariant *variant;
  PlayerConfig         players[2];
  GPtrArray           *openings;       /* Opening */
  char                *book_name;      /* the openings file's base name, or NULL */
  guint32              seed;
  int                  rounds, games_per_round, total_games;
  int                  concurrency;
  int                  rating_interval;
  gboolean             recover;
  gboolean             sprt;
  CheopsSprtModel      sprt_model;
  double               elo0, elo1, alpha, beta;
  int                  draw_movenumber, draw_movecount, draw_score;     /* movecount 0: no -draw */
  int                  resign_movecount, resign_score;                  /* movecount 0: no -resign */
  gboolean             resign_twosided;
  const char          *pgn_path;
  FILE                *pgn;

  /* state */
  GMutex               lock;
  int                  next_game;
  int                  finished;
  volatile gint        stop;           /* no more games; the ones under way are abandoned */
  int                  status;         /* the exit status so far */
  double              *round_scores;   /* per round, per game: the first engine's score, -1 not yet */
  CheopsMatchStats     stats;          /* pairs' pentanomial counts */
  int                  wins, losses, draws;   /* every game, the first engine's */
  int                  time_losses[2];
  const char          *verdict;        /* "H0", "H1" or NULL */
} M;
/* Built-in players -------------------------------------------------------- */

/* The outcome @pos has for the side that just moved into it, by the
 * position alone: true when that side has won. */
static gboolean
mover_won (const CheopsPosition *pos)
{
  CheopsOutcome o = cheops_position_outcome (pos);

  return o != CHEOPS_OUTCOME_NONE
         && cheops_variant_outcome_winner (pos->variant, o) == (CheopsWinner) cheops_side_other (pos->side_to_move);
}

/* `random` plays any playable move; `greedy` a move that wins at once if it
 * has one (by the variant's outcome table), else one of the captures and
 * promotions (a capture 1, a promotion 1, both 2), else any move; ties at
 * random.  Variant-neutral: no piece values. */
static CheopsMove
builtin_move (PlayerKind kind, const CheopsPosition *pos, GRand *rng)
{
  CheopsMove moves[CHEOPS_MAX_MOVES];
  CheopsMove best[CHEOPS_MAX_MOVES];
  int n = (int) (cheops_generate_moves (pos, moves) - moves);
  int best_count = 0, best_value = 0;

  if (n == 0)
    return CHEOPS_MOVE_NONE;
  if (kind == PLAYER_GREEDY)
    {
      for (int i = 0; i < n; i++)
        {
          CheopsPosition next = *pos;
          CheopsUndo undo;
          CheopsCell from = cheops_move_from (moves[i]), to = cheops_move_to (moves[i]);
          int value = 0;

          cheops_position_do_move (&next, moves[i], &undo);
          if (mover_won (&next))
            return moves[i];   /* a win in one */
          if (cheops_position_is_capture (pos, moves[i]))
            value++;
          if (cheops_move_kind (moves[i]) == CHEOPS_MOVE_NORMAL && next.board[to] != CHEOPS_NO_PIECE
              && cheops_piece_type (next.board[to]) != cheops_piece_type (pos->board[from]))
            value++;           /* a promotion */
          if (value > best_value)
            {
              best_value = value;
              best_count = 0;
            }
          if (value == best_value && value > 0)
            best[best_count++] = moves[i];
        }
      if (best_count > 0)
        return best[g_rand_int_range (rng, 0, best_count)];
    }
  return moves[g_rand_int_range (rng, 0, n)];
}


/* Openings ------------------------------------------------------------- */

static void
opening_free (Opening *o)
{
  g_free (o->fen);
  g_strfreev (o->moves);
  g_free (o);
}

/* The older line format (see the top of the file). */
static GPtrArray *
read_openings_lines (const char *path, GError **error)
{
  const CheopsVariant *variant = M.variant;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) openings = g_ptr_array_new_with_free_func ((GDestroyNotify) opening_free);

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i] != NULL; i++)
    {
      char *line = g_strstrip (lines[i]);
      char *moves;
      Opening *o;
      CheopsPosition pos;
      CheopsError err;

      if (line[0] == '\0' || line[0] == '#')
        continue;
      o = g_new0 (Opening, 1);
      g_ptr_array_add (openings, o);
      moves = strstr (line, " moves");
      if (moves != NULL)
        {
          *moves = '\0';
          o->moves = g_strsplit_set (g_strstrip (moves + 6), " \t", -1);
        }
      else
        o->moves = g_new0 (char *, 1);
      g_strstrip (line);
      o->fen = g_strdup (strcmp (line, "startpos") == 0 ? variant->start_fen : line);
      if (!cheops_position_from_fen (&pos, variant, o->fen, &err))
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%d: %s", path, i + 1, err.message);
          return NULL;
        }
      for (int k = 0; o->moves[k] != NULL; k++)
        {
          CheopsUndo undo;
          CheopsMove m;
          if (o->moves[k][0] == '\0')
            continue;
          m = cheops_move_from_text (&pos, o->moves[k], &err);
          if (m == CHEOPS_MOVE_NONE)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%d: move '%s': %s",
                           path, i + 1, o->moves[k], err.message);
              return NULL;
            }
          cheops_position_do_move (&pos, m, &undo);
        }
    }
  return g_steal_pointer (&openings);
}

/* An EPD book (cheops-epd.h): each line's position, of the match's
 * variant; its operations are ignored. */
static GPtrArray *
read_openings_epd (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) errors = NULL;
  g_autoptr (GPtrArray) records = NULL;
  GPtrArray *openings;

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  records = cheops_epd_read_string_for_variant (text, -1, M.variant, &errors);
  if (errors != NULL && errors->len > 0)
    {
      g_autofree char *where = cheops_pgn_error_to_string (errors->pdata[0]);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%s", path, where);
      return NULL;
    }
  openings = g_ptr_array_new_with_free_func ((GDestroyNotify) opening_free);
  for (guint i = 0; i < records->len; i++)
    {
      CheopsEpdRecord *r = records->pdata[i];
      Opening *o = g_new0 (Opening, 1);
      char fen[CHEOPS_FEN_MAX];

      g_ptr_array_add (openings, o);
      if (r->position.variant != M.variant)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%u: a position of %s, not of %s", path,
                       r->line, r->position.variant->title, M.variant->title);
          g_ptr_array_unref (openings);
          return NULL;
        }
      cheops_position_to_fen (&r->position, fen, sizeof fen);
      o->fen = g_strdup (fen);
      o->moves = g_new0 (char *, 1);
    }
  return openings;
}

/* A PGN book: each game's start (its [FEN], or the variant's initial
 * position) and the moves of its main line, at most @plies of them (-1:
 * all); the game's variations, comments and result are ignored.  Every move
 * is read by the core (the game reader plays each SAN move on the
 * position); a game with any error, of another variant, or whose moves end
 * the game is an error: "PATH:LINE:COLUMN: message" (LINE: the game's
 * first line when there is no column). */
static GPtrArray *
read_openings_pgn (const char *path, gint64 plies, GError **error)
{
  g_autoptr (CheopsPgnReader) reader = cheops_pgn_reader_new_for_path (path, error);
  g_autoptr (GPtrArray) openings = NULL;
  g_autoptr (GPtrArray) errors = NULL;
  CheopsGame *game;

  if (reader == NULL)
    return NULL;
  cheops_pgn_reader_set_default_variant (reader, M.variant);
  openings = g_ptr_array_new_with_free_func ((GDestroyNotify) opening_free);
  errors = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);
  while ((game = cheops_pgn_reader_next (reader, errors)) != NULL)
    {
      g_autoptr (CheopsGame) owned = game;
      guint line = cheops_pgn_reader_get_game_line (reader);
      GPtrArray *moves = g_ptr_array_new ();
      CheopsPosition pos = *cheops_game_get_start_position (game);
      char fen[CHEOPS_FEN_MAX];
      Opening *o;

      if (errors->len > 0)
        {
          g_autofree char *where = cheops_pgn_error_to_string (errors->pdata[0]);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%s", path, where);
          g_ptr_array_free (moves, TRUE);
          return NULL;
        }
      if (cheops_game_get_variant (game) != M.variant)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%u: a game of %s, not of %s", path, line,
                       cheops_game_get_variant (game)->title, M.variant->title);
          g_ptr_array_free (moves, TRUE);
          return NULL;
        }
      cheops_position_to_fen (&pos, fen, sizeof fen);
      for (CheopsGameNode *node = cheops_game_node_get_first_child (cheops_game_get_root (game));
           node != NULL && (plies < 0 || (gint64) moves->len < plies);
           node = cheops_game_node_get_first_child (node))
        {
          CheopsMove m = cheops_game_node_get_move (node);
          char text[CHEOPS_MOVE_TEXT_MAX];
          CheopsUndo undo;

          cheops_move_to_text (M.variant, m, text);
          g_ptr_array_add (moves, g_strdup (text));
          cheops_position_do_move (&pos, m, &undo);
        }
      g_ptr_array_add (moves, NULL);
      o = g_new0 (Opening, 1);
      o->fen = g_strdup (fen);
      o->moves = (char **) g_ptr_array_free (moves, FALSE);
      g_ptr_array_add (openings, o);
      if (cheops_position_outcome (&pos) != CHEOPS_OUTCOME_NONE)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%u: the opening's moves end the game",
                       path, line);
          return NULL;
        }
    }
  return g_steal_pointer (&openings);
}

typedef enum {
  BOOK_LINES,
  BOOK_EPD,
  BOOK_PGN
} BookFormat;

static GPtrArray *
read_openings (const char *path, BookFormat format, gint64 plies, GError **error)
{
  GPtrArray *openings = format == BOOK_EPD ? read_openings_epd (path, error)
                        : format == BOOK_PGN ? read_openings_pgn (path, plies, error)
                        : read_openings_lines (path, error);

  if (openings != NULL && openings->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: no openings", path);
      g_ptr_array_unref (openings);
      return NULL;
    }
  return openings;
}

/* One game ------------------------------------------------------------- */

typedef struct {
  GameResult  result;
  const char *reason;        /* the game's end in words (static) */
  const char *termination;   /* PGN's [Termination] word (static) */
  int         time_loser;    /* the side that lost on time, else -1 */
  GString    *movetext;      /* SAN with move numbers */
  char       *start_fen;
} Game;

static void
append_san (Game *game, const CheopsPosition *pos, CheopsMove move, gboolean first)
{
  char san[CHEOPS_SAN_MAX];

  cheops_move_to_san (pos, move, san);
  if (pos->side_to_move == CHEOPS_SIDE_A)
    g_string_append_printf (game->movetext, "%s%d. %s", first ? "" : " ", pos->fullmove_number, san);
  else if (first)
    g_string_append_printf (game->movetext, "%d... %s", pos->fullmove_number, san);
  else
    g_string_append_printf (game->movetext, " %s", san);
}

static GameResult
result_of (CheopsWinner winner)
{
  switch (winner)
    {
    case CHEOPS_WINNER_A: return RESULT_A_WINS;
    case CHEOPS_WINNER_B: return RESULT_Q_WINS;
    default:              return RESULT_DRAW;
    }
}

/* Ends @game by @verdict (cheops-adjudication.h, the studio's too): its
 * result, [Termination] and the reason in words — the outcome table's for
 * the rules, this tool's own for the rest. */
static void
apply_verdict (Game *game, const CheopsVariant *v, const CheopsVerdict *verdict)
{
  game->result = result_of (verdict->winner);
  game->termination = verdict->termination;
  switch (verdict->kind)
    {
    case CHEOPS_VERDICT_OUTCOME:
      game->reason = v->outcomes[verdict->outcome].reason;
      break;
    case CHEOPS_VERDICT_CLAIMED_DRAW:
      game->reason = g_str_equal (verdict->claim->status, "third-repetition") ? "third repetition (claimed)"
                     : g_str_equal (verdict->claim->status, "fifty-moves") ? "fifty-move rule (claimed)"
                     : "draw (claimed)";
      break;
    case CHEOPS_VERDICT_SCORE_DRAW:
      game->reason = "draw by adjudication";
      break;
    case CHEOPS_VERDICT_SCORE_RESIGN:
      game->reason = "resigns (adjudication)";
      break;
    case CHEOPS_VERDICT_TOO_LONG:
      game->reason = "game too long";
      break;
    case CHEOPS_VERDICT_TIME_FORFEIT:
      game->reason = "loses on time";
      game->time_loser = verdict->loser;
      break;
    default:
      break;
    }
}

/* Adjudicates @pos after a move, with the game's @keys, by the rules
 * (cheops_adjudicate_position()). */
static gboolean
adjudicate (Game *game, const CheopsPosition *pos, const uint64_t *keys, size_t n)
{
  CheopsVerdict verdict;

  if (!cheops_adjudicate_position (pos, cheops_repetition_count (keys, n, cheops_position_repetition_horizon (pos)),
                                   &verdict))
    return FALSE;
  apply_verdict (game, pos->variant, &verdict);
  return TRUE;
}

static void
forfeit (Game *game, CheopsSide loser, const char *reason, const char *termination)
{
  game->result = loser == CHEOPS_SIDE_A ? RESULT_Q_WINS : RESULT_A_WINS;
  game->reason = reason;
  game->termination = termination;
}

static void
time_forfeit (Game *game, const CheopsVariant *v, CheopsSide loser)
{
  CheopsVerdict verdict;

  cheops_verdict_time_forfeit (&verdict, loser);
  apply_verdict (game, v, &verdict);
}

/* One worker: a thread playing games one after another with its own engine
 * processes, by player (the first and second engine). */
typedef struct {
  int               index;
  CheopsToolPlayer  engines[2];
  GThread          *thread;
} Worker;

/* Starts player @p's engine into @e: the handshake, UCI_Variant and its
 * options.  @warn: say on stderr which options the engine does not list. */
static gboolean
engine_start (CheopsToolPlayer *e, const PlayerConfig *p, gboolean warn, GError **error)
{
  e->command = p->command;
  if (!cheops_tool_player_start (e, M.variant, error))
    return FALSE;
  for (guint i = 0; i + 1 < p->options->len; i += 2)
    {
      const char *name = p->options->pdata[i], *value = p->options->pdata[i + 1];
      if (warn && !cheops_uci_engine_has_option (e->uci, name))
        fprintf (stderr, "cheops match: warning: '%s' does not list the option '%s'\n", p->command, name);
      cheops_uci_engine_send (e->uci, "setoption name %s value %s", name, value);
    }
  return TRUE;
}

/* The restart of an engine that died or hung, with -recover: FALSE (and
 * the match stopped) without it or if it cannot start again. */
static gboolean
engine_recover (CheopsToolPlayer *e, const PlayerConfig *p, const char *what)
{
  g_autoptr (GError) error = NULL;
  char *name = e->name;

  cheops_tool_player_stop (e);
  if (!M.recover)
    {
      g_mutex_lock (&M.lock);
      fprintf (stderr, "cheops match: %s %s; the match stops (-recover goes on)\n", p->name, what);
      M.status = 1;
      g_atomic_int_set (&M.stop, 1);
      g_mutex_unlock (&M.lock);
      return FALSE;
    }
  e->name = NULL;
  if (!engine_start (e, p, FALSE, &error))
    {
      g_mutex_lock (&M.lock);
      fprintf (stderr, "cheops match: %s %s and cannot be restarted: %s\n", p->name, what, error->message);
      M.status = 1;
      g_atomic_int_set (&M.stop, 1);
      g_mutex_unlock (&M.lock);
    }
  g_free (e->name);
  e->name = name;
  return TRUE;
}

/* The last score an engine gave in its `info` lines of one search. */
typedef struct {
  gboolean have;
  int      cp;
} Score;

static void
note_score (const char *line, gpointer data)
{
  Score *score = data;
  CheopsUciMessage m;

  /* The UCI client library's parser; a mate score counts as the largest. */
  if (cheops_uci_parse_line (line, &m) == CHEOPS_UCI_MESSAGE_INFO && m.info.score_kind != CHEOPS_UCI_SCORE_NONE)
    {
      if (m.info.score_kind == CHEOPS_UCI_SCORE_CP)
        score->cp = CLAMP (m.info.score, -MATE_SCORE + 1, MATE_SCORE - 1);
      else
        score->cp = m.info.mate_losing ? -MATE_SCORE : MATE_SCORE;
      score->have = TRUE;
    }
  cheops_uci_message_clear (&m);
}

/* The `go` command for @side to move under its player's @l, both clocks in
 * @clock_ms and increments in @inc_ms; @movestogo > 0: the moves the side
 * to move has left before its next period (tc=MOVES/BASE). */
static char *
go_command (const Limits *l, const gint64 clock_ms[CHEOPS_SIDE_NB], const gint64 inc_ms[CHEOPS_SIDE_NB],
            gint64 movestogo)
{
  GString *go = g_string_new ("go");

  if (l->base_ms >= 0)
    g_string_append_printf (go, " wtime %" G_GINT64_FORMAT " btime %" G_GINT64_FORMAT " winc %" G_GINT64_FORMAT
                            " binc %" G_GINT64_FORMAT, clock_ms[CHEOPS_SIDE_A], clock_ms[CHEOPS_SIDE_B],
                            inc_ms[CHEOPS_SIDE_A], inc_ms[CHEOPS_SIDE_B]);
  if (l->base_ms >= 0 && movestogo > 0)
    g_string_append_printf (go, " movestogo %" G_GINT64_FORMAT, movestogo);
  else if (l->movetime_ms >= 0)
    g_string_append_printf (go, " movetime %" G_GINT64_FORMAT, l->movetime_ms);
  if (l->nodes >= 0)
    g_string_append_printf (go, " nodes %" G_GINT64_FORMAT, l->nodes);
  if (l->depth >= 0)
    g_string_append_printf (go, " depth %" G_GINT64_FORMAT, l->depth);
  return g_string_free (go, FALSE);
}

/* Plays game @number (from 0): @by_side[side] indexes M.players and
 * @w->engines for the player of @side.  Returns with game->result
 * RESULT_NONE when the match stopped meanwhile (the game abandoned). */
static void
play_game (Game *game, Worker *w, const int by_side[CHEOPS_SIDE_NB], const Opening *opening, int number)
{
  const CheopsVariant *variant = M.variant;
  CheopsPosition pos;
  GString *moves_text = g_string_new ("");
  uint64_t *keys = g_new (uint64_t, MAX_GAME_PLIES + 1);
  size_t n = 0;
  gint64 clock_ms[CHEOPS_SIDE_NB], inc_ms[CHEOPS_SIDE_NB];
  gint64 moves_left[CHEOPS_SIDE_NB];            /* tc=MOVES/BASE: moves left in the period, 0: none */
  gboolean first = TRUE;
  guint32 seed[2] = { M.seed, (guint32) number };
  GRand *rng = g_rand_new_with_seed_array (seed, 2);
  /* The score adjudication's count (and the length limit: the keys
   * array holds MAX_GAME_PLIES + 1). */
  CheopsAdjudicationRules rules = {
    .draw_movenumber = M.draw_movenumber, .draw_movecount = M.draw_movecount, .draw_score = M.draw_score,
    .resign_movecount = M.resign_movecount, .resign_score = M.resign_score,
    .resign_twosided = M.resign_twosided, .max_positions = MAX_GAME_PLIES,
  };
  CheopsAdjudicator adj;

  cheops_adjudicator_init (&adj, &rules);
  game->result = RESULT_NONE;
  game->reason = NULL;
  game->termination = NULL;
  game->time_loser = -1;
  game->movetext = g_string_new ("");
  game->start_fen = g_strdup (opening->fen);
  cheops_position_from_fen (&pos, variant, opening->fen, NULL);
  keys[n++] = pos.key;
  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    {
      const Limits *l = &M.players[by_side[s]].limits;
      clock_ms[s] = l->base_ms;
      inc_ms[s] = l->base_ms >= 0 ? l->inc_ms : 0;
      moves_left[s] = l->base_ms >= 0 ? MAX (l->moves, 0) : 0;
    }

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    if (M.players[by_side[s]].kind == PLAYER_ENGINE)
      {
        CheopsToolPlayer *e = &w->engines[by_side[s]];
        char *line;
        cheops_uci_engine_send (e->uci, "ucinewgame");
        cheops_uci_engine_send (e->uci, "isready");
        line = cheops_uci_engine_wait_for_full (e->uci, "readyok", g_get_monotonic_time () + HANDSHAKE_TIMEOUT_MS * 1000, NULL,
                                            NULL, NULL);
        if (line == NULL)
          {
            forfeit (game, (CheopsSide) s, "engine did not answer isready", "abandoned");
            engine_recover (e, &M.players[by_side[s]], "did not answer isready");
            goto out;
          }
        g_free (line);
      }

  /* The opening moves, then the players. */
  for (int k = 0; opening->moves[k] != NULL && !game->result; k++)
    {
      CheopsUndo undo;
      CheopsMove m;
      if (opening->moves[k][0] == '\0')
        continue;
      m = cheops_move_from_text (&pos, opening->moves[k], NULL);
      append_san (game, &pos, m, first);
      first = FALSE;
      g_string_append_printf (moves_text, " %s", opening->moves[k]);
      cheops_position_do_move (&pos, m, &undo);
      keys[n++] = pos.key;
      adjudicate (game, &pos, keys, n);
    }
  if (game->result == RESULT_NONE)
    adjudicate (game, &pos, keys, n);

  while (game->result == RESULT_NONE)
    {
      CheopsSide side = pos.side_to_move;
      const PlayerConfig *p = &M.players[by_side[side]];
      const Limits *l = &p->limits;
      Score score = { FALSE, 0 };
      CheopsMove move;
      CheopsUndo undo;

      if (g_atomic_int_get (&M.stop))
        goto out;   /* abandoned */
      if (p->kind == PLAYER_ENGINE)
        {
          CheopsToolPlayer *e = &w->engines[by_side[side]];
          gint64 start = g_get_monotonic_time (), used, wall, allowed_ms, deadline;
          double cpu_start = engine_cpu_ms (e), cpu = -1;
          g_autofree char *line = NULL;
          g_autofree char *go = go_command (l, clock_ms, inc_ms, moves_left[side]);
          g_auto (GStrv) words = NULL;
          CheopsError err;

          /* What the move may take: its clock or st, then the margin. */
          allowed_ms = l->base_ms >= 0 ? clock_ms[side] : l->movetime_ms >= 0 ? l->movetime_ms : -1;
          cheops_uci_engine_send (e->uci, "position fen %s%s%s", opening->fen, moves_text->len ? " moves" : "",
                                   moves_text->str);
          cheops_uci_engine_send (e->uci, "%s", go);
          deadline = allowed_ms < 0 ? start + UNTIMED_MOVE_MS * 1000
                                    : start + (allowed_ms + l->margin_ms + STALL_ALLOWANCE_MS) * 1000;
          line = cheops_uci_engine_wait_for_full (e->uci, "bestmove", deadline, NULL, note_score, &score);
          wall = used = (g_get_monotonic_time () - start) / 1000;
          if (cpu_start >= 0 && (cpu = engine_cpu_ms (e)) >= 0 && cpu - cpu_start < wall)
            used = (gint64) ceil (cpu - cpu_start);
          if (g_getenv ("CHEOPS_MATCH_DEBUG"))
            fprintf (stderr, "game %d ply %zu side %d clock %" G_GINT64_FORMAT " used %" G_GINT64_FORMAT
                     " wall %" G_GINT64_FORMAT " %s\n",
                     number + 1, n, side, clock_ms[side], used, wall, line ? line : "(none)");
          if (line == NULL)
            {
              char *late = NULL;
              /* No line before the deadline: the end of its output. */
              gboolean died = e->uci == NULL || g_get_monotonic_time () < deadline;

              if (!died)
                {
                  gint64 late_deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
                  cheops_uci_engine_send (e->uci, "stop");
                  late = cheops_uci_engine_wait_for_full (e->uci, "bestmove", late_deadline, NULL, NULL, NULL);
                  died = late == NULL && g_get_monotonic_time () < late_deadline;
                }
              if (died)
                {
                  forfeit (game, side, "engine crashed", "abandoned");
                  engine_recover (e, p, "crashed");
                }
              else
                {
                  time_forfeit (game, variant, side);
                  if (late == NULL)
                    engine_recover (e, p, "hung (no bestmove after stop)");
                }
              g_free (late);
              break;
            }
          if (l->base_ms >= 0)
            {
              clock_ms[side] -= used;
              if (clock_ms[side] < -l->margin_ms)
                {
                  time_forfeit (game, variant, side);
                  break;
                }
              if (clock_ms[side] < 0)
                clock_ms[side] = 0;
              clock_ms[side] += inc_ms[side];
              /* A repeating control: the period's last move brings the
               * next period's time. */
              if (moves_left[side] > 0 && --moves_left[side] == 0)
                {
                  clock_ms[side] += l->base_ms;
                  moves_left[side] = l->moves;
                }
            }
          else if (l->movetime_ms >= 0 && used > l->movetime_ms + l->margin_ms)
            {
              time_forfeit (game, variant, side);
              break;
            }
          words = g_strsplit_set (line, " \t", -1);
          move = words[0] && words[1] ? cheops_move_from_text (&pos, words[1], &err) : CHEOPS_MOVE_NONE;
          if (move == CHEOPS_MOVE_NONE)
            {
              forfeit (game, side, "illegal move", "rules infraction");
              break;
            }
        }
      else
        move = builtin_move (p->kind, &pos, rng);

      {
        char text[CHEOPS_MOVE_TEXT_MAX];
        cheops_move_to_text (variant, move, text);
        g_string_append_printf (moves_text, " %s", text);
      }
      append_san (game, &pos, move, first);
      first = FALSE;
      cheops_position_do_move (&pos, move, &undo);
      keys[n++] = pos.key;
      if (adjudicate (game, &pos, keys, n))
        break;

      /* fastchess's adjudication, by the engines' own scores. */
      {
        CheopsVerdict verdict;

        if (cheops_adjudicator_move (&adj, side, score.have, score.cp, (int) n, &verdict))
          {
            apply_verdict (game, variant, &verdict);
            break;
          }
      }
    }

out:
  g_string_free (moves_text, TRUE);
  g_free (keys);
  g_rand_free (rng);
}

static const char *
result_text (GameResult r)
{
  return r == RESULT_A_WINS ? "1-0" : r == RESULT_Q_WINS ? "0-1" : r == RESULT_DRAW ? "1/2-1/2" : "*";
}

/* The match's time control in words, for the results block and
 * [TimeControl]: "0.1+0.01", "st=0.5", "nodes=1000", "plies=4", joined by
 * spaces; "-" for a built-in player. */
static char *
limits_text (const PlayerConfig *p)
{
  GString *s = g_string_new ("");

  if (p->kind != PLAYER_ENGINE)
    g_string_append (s, "-");
  else if (p->limits.base_ms >= 0)
    g_string_append (s, p->tc_text);
  else if (p->limits.movetime_ms >= 0)
    g_string_append_printf (s, "st=%g", p->limits.movetime_ms / 1000.0);
  if (p->kind == PLAYER_ENGINE && p->limits.nodes >= 0)
    g_string_append_printf (s, "%snodes=%" G_GINT64_FORMAT, s->len ? " " : "", p->limits.nodes);
  if (p->kind == PLAYER_ENGINE && p->limits.depth >= 0)
    g_string_append_printf (s, "%splies=%" G_GINT64_FORMAT, s->len ? " " : "", p->limits.depth);
  return g_string_free (s, FALSE);
}

/* The value of option @name of the first engine that sets it, or NULL. */
static const char *
option_value (const char *name)
{
  for (int k = 0; k < 2; k++)
    for (gint i = (gint) M.players[k].options->len - 2; i >= 0; i -= 2)
      if (g_ascii_strcasecmp (M.players[k].options->pdata[i], name) == 0)
        return M.players[k].options->pdata[i + 1];
  return NULL;
}

/* The header parts of the results block: time control, threads, hash,
 * book (newly allocated). */
static void
block_header (char **tc, char **threads, char **hash, char **book)
{
  const PlayerConfig *p = M.players[0].kind == PLAYER_ENGINE ? &M.players[0] : &M.players[1];
  const char *t = option_value ("Threads"), *h = option_value ("Hash");

  *tc = limits_text (p);
  *threads = g_strdup_printf ("%st", t != NULL ? t : "1");
  *hash = h != NULL ? g_strdup_printf ("%sMB", h) : g_strdup ("default hash");
  *book = g_strdup (M.book_name != NULL ? M.book_name : "");
}

/* Writes @game as PGN (DESIGN.md section 4; see the top of the file):
 * FALSE with @error set if the file cannot be written. */
static gboolean
write_pgn (FILE *out, const Game *game, int round, int game_in_round, const char *player_a,
           const char *player_b, GError **error)
{
  const CheopsVariant *variant = M.variant;
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  g_autofree char *tc = NULL, *threads = NULL, *hash = NULL, *book = NULL;
  GString *text = g_string_new ("");
  GString *body = g_string_new ("");
  size_t col = 0;
  gboolean ok;

  block_header (&tc, &threads, &hash, &book);
  g_string_append_printf (text, "[Event \"cheops match\"]\n[Site \"?\"]\n[Date \"%s\"]\n[Round \"%d.%d\"]\n", date,
                          round, game_in_round);
  g_string_append_printf (text, "[%s \"%s\"]\n[%s \"%s\"]\n[Result \"%s\"]\n",
                          variant->sides[CHEOPS_SIDE_A].tag, player_a, variant->sides[CHEOPS_SIDE_B].tag, player_b,
                          result_text (game->result));
  g_string_append_printf (text, "[Variant \"%s\"]\n", variant->title);
  if (strcmp (game->start_fen, variant->start_fen) != 0)
    g_string_append_printf (text, "[SetUp \"1\"]\n[FEN \"%s\"]\n", game->start_fen);
  g_string_append_printf (text, "[TimeControl \"%s\"]\n[Threads \"%s\"]\n[Hash \"%s\"]\n", tc, threads, hash);
  if (*book)
    g_string_append_printf (text, "[Book \"%s\"]\n", book);
  g_string_append_printf (text, "[Termination \"%s\"]\n\n", game->termination ? game->termination : "unterminated");

  g_string_append (body, game->movetext->str);
  if (body->len)
    g_string_append_c (body, ' ');
  g_string_append_printf (body, "{%s} %s", game->reason ? game->reason : "", result_text (game->result));
  /* Wrap at 79 columns. */
  {
    g_auto (GStrv) words = g_strsplit (body->str, " ", -1);
    for (int i = 0; words[i] != NULL; i++)
      {
        size_t len = strlen (words[i]);
        if (col > 0 && col + 1 + len > 79)
          {
            g_string_append_c (text, '\n');
            col = 0;
          }
        else if (col > 0)
          {
            g_string_append_c (text, ' ');
            col++;
          }
        g_string_append (text, words[i]);
        col += len;
      }
  }
  g_string_append (text, "\n\n");
  errno = 0;
  ok = fwrite (text->str, 1, text->len, out) == text->len && fflush (out) == 0;
  if (!ok)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno), "cannot write %s: %s", M.pgn_path,
                 g_strerror (errno ? errno : EIO));
  g_string_free (body, TRUE);
  g_string_free (text, TRUE);
  return ok;
}

/* The counts to print: the pairs' pentanomial counts with every game's
 * wins, losses and draws. */
static CheopsMatchStats
current_stats (void)
{
  CheopsMatchStats s = M.stats;

  s.wins = M.wins;
  s.losses = M.losses;
  s.draws = M.draws;
  return s;
}

static void
print_block (void)
{
  CheopsMatchStats s = current_stats ();
  g_autofree char *tc = NULL, *threads = NULL, *hash = NULL, *book = NULL;
  GString *out = g_string_new ("--------------------------------------------------\n");

  block_header (&tc, &threads, &hash, &book);
  cheops_match_stats_format (out, &s, M.players[0].name, M.players[1].name, tc, threads, hash, book,
                             M.sprt, M.sprt_model, M.elo0, M.elo1, M.alpha, M.beta);
  g_string_append (out, "--------------------------------------------------\n");
  fputs (out->str, stdout);
  fflush (stdout);
  g_string_free (out, TRUE);
}

/* Records a finished game (under M.lock): counts, the pair, the PGN file,
 * the progress line, the rating interval's block and the SPRT. */
static void
record_game (const Game *game, int number, const int by_side[CHEOPS_SIDE_NB])
{
  int round = number / M.games_per_round, k = number % M.games_per_round;
  double score;

  if (game->result == RESULT_NONE || M.verdict != NULL)
    return;   /* abandoned */
  score = game->result == RESULT_DRAW ? 0.5 : (game->result == RESULT_A_WINS) == (by_side[CHEOPS_SIDE_A] == 0) ? 1 : 0;
  M.finished++;
  if (score == 1)
    M.wins++;
  else if (score == 0)
    M.losses++;
  else
    M.draws++;
  if (game->time_loser >= 0)
    M.time_losses[by_side[game->time_loser]]++;
  M.round_scores[number] = score;

  if (M.pgn != NULL)
    {
      g_autoptr (GError) error = NULL;
      if (!write_pgn (M.pgn, game, round + 1, k + 1, M.players[by_side[CHEOPS_SIDE_A]].name,
                      M.players[by_side[CHEOPS_SIDE_B]].name, &error))
        {
          fprintf (stderr, "cheops match: %s\n", error->message);
          M.status = 1;
          g_atomic_int_set (&M.stop, 1);
          fclose (M.pgn);
          M.pgn = NULL;
        }
    }

  printf ("Game %d/%d: %s (%c) vs %s (%c): %s {%s}; score %d - %d - %d\n", M.finished, M.total_games,
          M.players[by_side[CHEOPS_SIDE_A]].name, M.variant->sides[CHEOPS_SIDE_A].letter,
          M.players[by_side[CHEOPS_SIDE_B]].name, M.variant->sides[CHEOPS_SIDE_B].letter, result_text (game->result),
          game->reason ? game->reason : "", M.wins, M.losses, M.draws);
  fflush (stdout);

  if (M.games_per_round == 2)
    {
      int other = round * 2 + (1 - k);
      if (other < M.total_games && M.round_scores[other] >= 0)
        {
          CheopsMatchStats pair = { 0 };
          cheops_match_stats_add_pair (&pair, M.round_scores[round * 2], M.round_scores[round * 2 + 1]);
          M.stats.ll += pair.ll;
          M.stats.ld += pair.ld;
          M.stats.wl += pair.wl;
          M.stats.dd += pair.dd;
          M.stats.wd += pair.wd;
          M.stats.ww += pair.ww;
          if (M.sprt)
            {
              CheopsMatchStats s = current_stats ();
              double lo, hi, llr = cheops_sprt_llr (&s, M.sprt_model, M.elo0, M.elo1);
              cheops_sprt_bounds (M.alpha, M.beta, &lo, &hi);
              if (llr >= hi || llr <= lo)
                {
                  M.verdict = llr >= hi ? "H1" : "H0";
                  g_atomic_int_set (&M.stop, 1);
                }
            }
        }
    }
  if (M.rating_interval > 0 && M.finished % M.rating_interval == 0 && M.finished < M.total_games
      && M.verdict == NULL)
    print_block ();
}

static gpointer
worker_run (gpointer data)
{
  Worker *w = data;

  for (;;)
    {
      int number, round, by_side[CHEOPS_SIDE_NB];
      const Opening *opening;
      Game game;

      g_mutex_lock (&M.lock);
      number = g_atomic_int_get (&M.stop) || M.next_game >= M.total_games ? -1 : M.next_game++;
      g_mutex_unlock (&M.lock);
      if (number < 0)
        break;
      round = number / M.games_per_round;
      opening = g_ptr_array_index (M.openings, (guint) (round % M.openings->len));
      by_side[CHEOPS_SIDE_A] = number % M.games_per_round == 0 ? 0 : 1;
      by_side[CHEOPS_SIDE_B] = 1 - by_side[CHEOPS_SIDE_A];
      play_game (&game, w, by_side, opening, number);
      g_mutex_lock (&M.lock);
      record_game (&game, number, by_side);
      g_mutex_unlock (&M.lock);
      g_string_free (game.movetext, TRUE);
      g_free (game.start_fen);
    }
  return NULL;
}

/* The command line ----------------------------------------------------- */

static int
usage (const char *message)
{
  fprintf (stderr, "cheops match: %s\n"
           "Usage: cheops match [-variant NAME] -engine cmd=CMD [name=NAME] [tc=[MOVES/]BASE+INC] [option.NAME=VALUE]...\n"
           "                    -engine ... [-each KEY=VALUE...] -rounds N [-games 2 | -repeat] [-concurrency N]\n"
           "                    [-openings file=FILE format=epd|pgn order=random|sequential start=N [plies=N]] [-srand N]\n"
           "                    [-pgnout file=FILE] [-sprt elo0=A elo1=B alpha=0.05 beta=0.05 model=normalized|logistic]\n"
           "                    [-ratinginterval N] [-recover] [-draw movenumber=N movecount=N score=CP]\n"
           "                    [-resign movecount=N score=CP twosided=true|false]\n"
           "       cheops match [--variant NAME] --engine CMD [--engine CMD] [--builtin random|greedy] --games N\n"
           "                    [--tc BASE+INC] [--openings FILE] [--pgn OUT] [--seed N] [--timemargin MS] [--nodes N]\n",
           message);
  return 2;
}

/* fastchess's tc=: [MOVES/]BASE[+INC], BASE and INC in seconds; MOVES
 * moves in BASE seconds, then BASE again for the next MOVES (a repeating
 * control).  *@moves is 0 without MOVES. */
static gboolean
parse_tc (const char *text, gint64 *moves, gint64 *base_ms, gint64 *inc_ms)
{
  char *end;
  double base, inc = 0;
  gint64 period = 0;

  if (strchr (text, '/') != NULL)
    {
      if (!g_ascii_isdigit (*text))
        return FALSE;
      period = g_ascii_strtoll (text, &end, 10);
      if (*end != '/' || period <= 0 || period > 100000)
        return FALSE;
      text = end + 1;
    }
  base = g_ascii_strtod (text, &end);
  if (end == text || base <= 0 || !isfinite (base))
    return FALSE;
  if (*end == '+')
    {
      const char *s = end + 1;
      inc = g_ascii_strtod (s, &end);
      if (end == s || inc < 0)
        return FALSE;
    }
  if (*end != '\0')
    return FALSE;
  *moves = period;
  *base_ms = (gint64) (base * 1000 + 0.5);
  *inc_ms = (gint64) (inc * 1000 + 0.5);
  return TRUE;
}

/* A whole number from @min to @max, or FALSE. */
static gboolean
parse_int (const char *text, gint64 min, gint64 max, gint64 *value)
{
  char *end;
  gint64 v;

  if (text == NULL || *text == '\0')
    return FALSE;
  errno = 0;
  v = g_ascii_strtoll (text, &end, 10);
  if (*end != '\0' || errno != 0 || v < min || v > max)
    return FALSE;
  *value = v;
  return TRUE;
}

static gboolean
parse_double (const char *text, double *value)
{
  char *end;

  if (text == NULL || *text == '\0')
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return *end == '\0' && isfinite (*value);
}

static void
config_init (PlayerConfig *p)
{
  memset (p, 0, sizeof *p);
  p->kind = -1;
  p->limits = (Limits) { -1, -1, -1, -1, -1, -1, -1 };
  p->options = g_ptr_array_new_with_free_func (g_free);
}

static void
config_clear (PlayerConfig *p)
{
  g_free (p->command);
  g_free (p->args);
  g_free (p->name);
  g_free (p->tc_text);
  if (p->options != NULL)
    g_ptr_array_unref (p->options);
  memset (p, 0, sizeof *p);
}

/* One KEY=VALUE of -engine (@engine TRUE) or -each into @p: NULL, or what
 * is wrong (static). */
static const char *
config_set (PlayerConfig *p, const char *word, gboolean engine)
{
  const char *eq = strchr (word, '=');
  g_autofree char *key = eq != NULL ? g_strndup (word, eq - word) : NULL;
  const char *value = eq != NULL ? eq + 1 : NULL;
  gint64 v;

  if (key == NULL)
    return "a setting is KEY=VALUE";
  if (g_str_has_prefix (key, "option."))
    {
      if (key[7] == '\0')
        return "option. needs a name";
      g_ptr_array_add (p->options, g_strdup (key + 7));
      g_ptr_array_add (p->options, g_strdup (value));
    }
  else if (engine && strcmp (key, "cmd") == 0 && *value)
    {
      g_free (p->command);
      p->command = g_strdup (value);
      p->kind = PLAYER_ENGINE;
    }
  else if (engine && strcmp (key, "builtin") == 0)
    {
      if (strcmp (value, "random") != 0 && strcmp (value, "greedy") != 0)
        return "builtin= is random or greedy";
      p->kind = strcmp (value, "random") == 0 ? PLAYER_RANDOM : PLAYER_GREEDY;
      if (p->name == NULL)
        p->name = g_strdup (value);
    }
  else if (engine && strcmp (key, "name") == 0 && *value)
    {
      g_free (p->name);
      p->name = g_strdup (value);
    }
  else if (strcmp (key, "args") == 0)
    {
      g_free (p->args);
      p->args = g_strdup (value);
    }
  else if (strcmp (key, "tc") == 0)
    {
      if (!parse_tc (value, &p->limits.moves, &p->limits.base_ms, &p->limits.inc_ms))
        return "tc= is [MOVES/]BASE[+INC], BASE and INC in seconds: 0.1+0.01, or 40/60 (40 moves in 60 s, repeating)";
      g_free (p->tc_text);
      p->tc_text = g_strdup (value);
    }
  else if (strcmp (key, "st") == 0)
    {
      double st;
      if (!parse_double (value, &st) || st <= 0)
        return "st= is a time in seconds";
      p->limits.movetime_ms = (gint64) (st * 1000 + 0.5);
    }
  else if (strcmp (key, "nodes") == 0)
    {
      if (!parse_int (value, 1, G_MAXINT64, &p->limits.nodes))
        return "nodes= needs a positive whole number";
    }
  else if (strcmp (key, "plies") == 0 || strcmp (key, "depth") == 0)
    {
      if (!parse_int (value, 1, 1000, &p->limits.depth))
        return "plies= needs a whole number from 1 to 1000";
    }
  else if (strcmp (key, "timemargin") == 0)
    {
      if (!parse_int (value, 0, 3600000, &v))
        return "timemargin= needs milliseconds";
      p->limits.margin_ms = v;
    }
  else if (strcmp (key, "proto") == 0)
    {
      if (strcmp (value, "uci") != 0)
        return "proto= is uci";
    }
  else
    return engine ? "unknown -engine setting" : "unknown -each setting";
  return NULL;
}

/* @p with -each's @each filling what @p leaves unset. */
static void
config_merge (PlayerConfig *p, const PlayerConfig *each)
{
  gint64 *l = (gint64 *) &p->limits;
  const gint64 *e = (const gint64 *) &each->limits;
  GPtrArray *options = g_ptr_array_new_with_free_func (g_free);

  if (p->limits.base_ms < 0 && p->limits.movetime_ms < 0 && each->limits.base_ms >= 0)
    {
      p->limits.base_ms = each->limits.base_ms;
      p->limits.inc_ms = each->limits.inc_ms;
      p->limits.moves = each->limits.moves;
      p->tc_text = g_strdup (each->tc_text);
    }
  for (size_t i = 3; i < sizeof (Limits) / sizeof (gint64); i++)
    if (l[i] < 0)
      l[i] = e[i];
  if (p->args == NULL)
    p->args = g_strdup (each->args);
  for (guint i = 0; i < each->options->len; i++)
    g_ptr_array_add (options, g_strdup (each->options->pdata[i]));
  for (guint i = 0; i < p->options->len; i++)
    g_ptr_array_add (options, g_strdup (p->options->pdata[i]));
  g_ptr_array_unref (p->options);
  p->options = options;
}

/* Whether @arg is flag @name written with one or two dashes. */
static gboolean
flag_is (const char *arg, const char *name)
{
  if (arg[0] != '-')
    return FALSE;
  arg += arg[1] == '-' ? 2 : 1;
  return strcmp (arg, name) == 0;
}

/* The KEY=VALUE words after argv[*i] (up to the next word that starts
 * with '-' or holds no '='), as a NULL-terminated borrowed array (free the
 * array only). */
static const char **
settings_after (int argc, char **argv, int *i)
{
  GPtrArray *words = g_ptr_array_new ();

  while (*i + 1 < argc && argv[*i + 1][0] != '-' && strchr (argv[*i + 1], '=') != NULL)
    g_ptr_array_add (words, argv[++*i]);
  g_ptr_array_add (words, NULL);
  return (const char **) g_ptr_array_free (words, FALSE);
}

/* Shuffles @a's elements by @rng (Fisher-Yates). */
static void
shuffle (GPtrArray *a, GRand *rng)
{
  for (guint i = a->len; i > 1; i--)
    {
      guint j = (guint) g_rand_int_range (rng, 0, (gint32) i);
      gpointer t = a->pdata[i - 1];
      a->pdata[i - 1] = a->pdata[j];
      a->pdata[j] = t;
    }
}

static void
match_clear (Worker *workers, int n_workers)
{
  for (int w = 0; w < n_workers; w++)
    for (int k = 0; k < 2; k++)
      {
        cheops_tool_player_stop (&workers[w].engines[k]);
        g_free (workers[w].engines[k].name);
      }
  g_free (workers);
  for (int k = 0; k < 2; k++)
    config_clear (&M.players[k]);
  g_clear_pointer (&M.openings, g_ptr_array_unref);
  g_clear_pointer (&M.book_name, g_free);
  g_clear_pointer (&M.round_scores, g_free);
  if (M.pgn != NULL)
    fclose (M.pgn);
  M.pgn = NULL;
}

int
cheops_tool_match (int argc, char **argv)
{
  PlayerConfig each;
  int player_count = 0;
  gint64 legacy_games = -1, rounds = -1, games_per_round = -1, concurrency = 1, rating_interval = 10;
  gint64 start = 1, seed = 1;
  const char *openings_path = NULL;
  BookFormat openings_format = BOOK_LINES;
  gint64 openings_plies = -1;
  gboolean openings_random = FALSE, legacy_nodes = FALSE;
  Worker *workers = NULL;
  int status;
  g_autoptr (GError) error = NULL;

  memset (&M, 0, sizeof M);
  config_init (&each);
  config_init (&M.players[0]);
  config_init (&M.players[1]);
  M.alpha = M.beta = 0.05;
  M.sprt_model = CHEOPS_SPRT_NORMALIZED;

#define FAIL(msg) do { status = usage (msg); goto done; } while (0)
#define FAIL_PRINTF(...) do { g_autofree char *m_ = g_strdup_printf (__VA_ARGS__); status = usage (m_); goto done; } while (0)
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;
      gboolean two = g_str_has_prefix (a, "--");

      if (flag_is (a, "variant") && v != NULL)
        {
          if ((M.variant = cheops_variant_find (v)) == NULL)
            FAIL_PRINTF ("unknown variant '%s'", v);
          i++;
        }
      else if (two && (strcmp (a, "--engine") == 0 || strcmp (a, "--builtin") == 0))
        {
          PlayerConfig *p = &M.players[player_count];
          if (v == NULL)
            FAIL ("a player needs a value");
          if (player_count == 2)
            FAIL ("exactly two players");
          if (strcmp (a, "--engine") == 0)
            {
              p->kind = PLAYER_ENGINE;
              p->command = g_strdup (v);
            }
          else if (strcmp (v, "random") == 0 || strcmp (v, "greedy") == 0)
            {
              p->kind = strcmp (v, "random") == 0 ? PLAYER_RANDOM : PLAYER_GREEDY;
              p->name = g_strdup (v);
            }
          else
            FAIL ("--builtin is random or greedy");
          player_count++;
          i++;
        }
      else if (flag_is (a, "engine") || flag_is (a, "each"))
        {
          gboolean engine = flag_is (a, "engine");
          PlayerConfig *p = engine ? &M.players[player_count] : &each;
          g_autofree const char **words = NULL;

          if (engine && player_count == 2)
            FAIL ("exactly two players");
          words = settings_after (argc, argv, &i);
          for (int k = 0; words[k] != NULL; k++)
            {
              const char *problem = config_set (p, words[k], engine);
              if (problem != NULL)
                FAIL_PRINTF ("'%s': %s", words[k], problem);
            }
          if (engine)
            {
              if (p->kind < 0)
                FAIL ("-engine needs cmd= (or builtin=)");
              player_count++;
            }
        }
      else if (two && strcmp (a, "--games") == 0)
        {
          if (!parse_int (v, 1, 1000000, &legacy_games))
            FAIL ("--games needs a whole number from 1 to 1000000");
          i++;
        }
      else if (flag_is (a, "games"))
        {
          if (!parse_int (v, 1, 2, &games_per_round))
            FAIL ("-games is 1 or 2 (games a round)");
          i++;
        }
      else if (flag_is (a, "repeat"))
        games_per_round = 2;
      else if (flag_is (a, "rounds"))
        {
          if (!parse_int (v, 1, 100000000, &rounds))
            FAIL ("-rounds needs a positive whole number");
          i++;
        }
      else if (flag_is (a, "concurrency"))
        {
          if (!parse_int (v, 1, 256, &concurrency))
            FAIL ("-concurrency needs a whole number from 1 to 256");
          i++;
        }
      else if (flag_is (a, "ratinginterval"))
        {
          if (!parse_int (v, 0, G_MAXINT, &rating_interval))
            FAIL ("-ratinginterval needs a whole number");
          i++;
        }
      else if (flag_is (a, "srand") || (two && strcmp (a, "--seed") == 0))
        {
          if (!parse_int (v, 0, G_MAXUINT32, &seed))
            FAIL ("-srand needs a whole number from 0 to 4294967295");
          i++;
        }
      else if (flag_is (a, "recover"))
        M.recover = TRUE;
      else if (two && strcmp (a, "--tc") == 0)
        {
          const char *problem;
          g_autofree char *word = g_strdup_printf ("tc=%s", v ? v : "");
          if ((problem = config_set (&each, word, FALSE)) != NULL)
            FAIL ("--tc is BASE+INC in seconds, e.g. 0.1+0.01");
          i++;
        }
      else if (two && strcmp (a, "--timemargin") == 0)
        {
          if (!parse_int (v, 0, 3600000, &each.limits.margin_ms))
            FAIL ("--timemargin needs milliseconds");
          i++;
        }
      else if (two && strcmp (a, "--nodes") == 0)
        {
          if (!parse_int (v, 1, G_MAXINT64, &each.limits.nodes))
            FAIL ("--nodes needs a positive whole number");
          legacy_nodes = TRUE;
          i++;
        }
      else if (two && (strcmp (a, "--openings") == 0 || strcmp (a, "--pgn") == 0))
        {
          if (v == NULL)
            FAIL ("a file is needed");
          if (strcmp (a, "--pgn") == 0)
            M.pgn_path = v;
          else
            openings_path = v;
          i++;
        }
      else if (flag_is (a, "openings") || flag_is (a, "pgnout") || flag_is (a, "sprt") || flag_is (a, "draw")
               || flag_is (a, "resign"))
        {
          g_autofree const char **words = settings_after (argc, argv, &i);
          gboolean openings = flag_is (a, "openings"), pgnout = flag_is (a, "pgnout"), sprt = flag_is (a, "sprt");
          gboolean draw = flag_is (a, "draw"), resign = flag_is (a, "resign");
          gboolean have_elo0 = FALSE, have_elo1 = FALSE;
          gint64 n;

          if (sprt)
            M.sprt = TRUE;
          if (draw)
            M.draw_movenumber = 0, M.draw_movecount = 1, M.draw_score = 0;
          if (resign)
            M.resign_movecount = 1, M.resign_score = 0;
          for (int k = 0; words[k] != NULL; k++)
            {
              const char *eq = strchr (words[k], '=');
              g_autofree char *key = eq ? g_strndup (words[k], eq - words[k]) : g_strdup (words[k]);
              const char *val = eq ? eq + 1 : "";
              gboolean ok = TRUE;

              if (openings && strcmp (key, "file") == 0 && *val)
                openings_path = val;
              else if (openings && strcmp (key, "format") == 0)
                {
                  if (strcmp (val, "epd") == 0)
                    openings_format = BOOK_EPD;
                  else if (strcmp (val, "pgn") == 0)
                    openings_format = BOOK_PGN;
                  else
                    FAIL ("-openings format= is epd or pgn");
                }
              else if (openings && strcmp (key, "order") == 0)
                {
                  ok = strcmp (val, "random") == 0 || strcmp (val, "sequential") == 0;
                  openings_random = strcmp (val, "random") == 0;
                }
              else if (openings && strcmp (key, "start") == 0)
                ok = parse_int (val, 1, G_MAXINT, &start);
              else if (openings && strcmp (key, "plies") == 0)
                ok = parse_int (val, 0, G_MAXINT, &openings_plies);   /* PGN only: an EPD line is a position */
              else if (pgnout && strcmp (key, "file") == 0 && *val)
                M.pgn_path = val;
              else if (pgnout && (strcmp (key, "nodes") == 0 || strcmp (key, "seldepth") == 0
                                  || strcmp (key, "nps") == 0 || strcmp (key, "min") == 0
                                  || strcmp (key, "notation") == 0))
                ok = TRUE;   /* fastchess's extras: the PGN always holds SAN, no engine data */
              else if (sprt && strcmp (key, "elo0") == 0)
                ok = have_elo0 = parse_double (val, &M.elo0);
              else if (sprt && strcmp (key, "elo1") == 0)
                ok = have_elo1 = parse_double (val, &M.elo1);
              else if (sprt && strcmp (key, "alpha") == 0)
                ok = parse_double (val, &M.alpha) && M.alpha > 0 && M.alpha < 1;
              else if (sprt && strcmp (key, "beta") == 0)
                ok = parse_double (val, &M.beta) && M.beta > 0 && M.beta < 1;
              else if (sprt && strcmp (key, "model") == 0)
                {
                  ok = strcmp (val, "normalized") == 0 || strcmp (val, "logistic") == 0;
                  M.sprt_model = strcmp (val, "logistic") == 0 ? CHEOPS_SPRT_LOGISTIC : CHEOPS_SPRT_NORMALIZED;
                }
              else if (draw && strcmp (key, "movenumber") == 0 && (ok = parse_int (val, 0, G_MAXINT, &n)))
                M.draw_movenumber = (int) n;
              else if (draw && strcmp (key, "movecount") == 0 && (ok = parse_int (val, 1, G_MAXINT, &n)))
                M.draw_movecount = (int) n;
              else if (draw && strcmp (key, "score") == 0 && (ok = parse_int (val, 0, MATE_SCORE - 1, &n)))
                M.draw_score = (int) n;
              else if (resign && strcmp (key, "movecount") == 0 && (ok = parse_int (val, 1, G_MAXINT, &n)))
                M.resign_movecount = (int) n;
              else if (resign && strcmp (key, "score") == 0 && (ok = parse_int (val, 1, MATE_SCORE - 1, &n)))
                M.resign_score = (int) n;
              else if (resign && strcmp (key, "twosided") == 0)
                {
                  ok = strcmp (val, "true") == 0 || strcmp (val, "false") == 0;
                  M.resign_twosided = strcmp (val, "true") == 0;
                }
              else
                ok = FALSE;
              if (!ok)
                {
                  FAIL_PRINTF ("%s: '%s': unknown or bad setting", a, words[k]);
                }
            }
          if (openings && openings_path == NULL)
            FAIL ("-openings needs file=");
          if (pgnout && M.pgn_path == NULL)
            FAIL ("-pgnout needs file=");
          if (sprt && (!have_elo0 || !have_elo1 || M.elo0 >= M.elo1))
            FAIL ("-sprt needs elo0= and elo1= with elo0 < elo1");
          if (resign && M.resign_score == 0)
            FAIL ("-resign needs score=");
        }
      else
        {
          FAIL_PRINTF ("'%s': unknown or incomplete option", a);
        }
    }

  if (M.variant == NULL)
    M.variant = &cheops_variant_cheops;
  if (player_count != 2)
    FAIL ("exactly two players are needed");
  if (legacy_games > 0 && (rounds > 0 || games_per_round > 0))
    FAIL ("--games N (games in all) or -rounds N with -games 1|2, not both");
  if (legacy_games > 0)
    {
      M.games_per_round = 2;
      M.total_games = (int) legacy_games;
      M.rounds = (int) ((legacy_games + 1) / 2);
    }
  else if (rounds > 0)
    {
      M.games_per_round = games_per_round > 0 ? (int) games_per_round : 1;
      M.rounds = (int) rounds;
      if ((gint64) M.rounds * M.games_per_round > 100000000)
        FAIL ("too many games");
      M.total_games = M.rounds * M.games_per_round;
    }
  else
    FAIL ("-rounds N (or --games N) is needed");
  if (M.sprt && M.games_per_round != 2)
    FAIL ("-sprt counts pairs: it needs -games 2 (or -repeat)");
  M.concurrency = (int) MIN (concurrency, M.total_games);
  M.rating_interval = (int) rating_interval;
  M.seed = (guint32) seed;

  for (int k = 0; k < 2; k++)
    {
      PlayerConfig *p = &M.players[k];
      config_merge (p, &each);
      if (legacy_nodes)
        p->limits.base_ms = -1;          /* --nodes, as before: nodes instead of a clock */
      else if (p->kind == PLAYER_ENGINE && p->limits.base_ms < 0 && p->limits.movetime_ms < 0
               && p->limits.nodes < 0 && p->limits.depth < 0)
        {
          p->limits.base_ms = 10000;     /* the default: 10+0.1 */
          p->limits.inc_ms = 100;
          p->tc_text = g_strdup ("10+0.1");
        }
      if (p->limits.margin_ms < 0)
        p->limits.margin_ms = 20;
      if (p->kind == PLAYER_ENGINE && p->args != NULL && *p->args)
        {
          char *command = g_strdup_printf ("%s %s", p->command, p->args);
          g_free (p->command);
          p->command = command;
        }
    }

  if (openings_path != NULL)
    {
      M.openings = read_openings (openings_path, openings_format, openings_plies, &error);
      if (M.openings == NULL)
        {
          fprintf (stderr, "cheops match: %s\n", error->message);
          status = 2;
          goto done;
        }
      M.book_name = g_path_get_basename (openings_path);
      if (openings_random)
        {
          GRand *rng = g_rand_new_with_seed (M.seed);
          shuffle (M.openings, rng);
          g_rand_free (rng);
        }
      /* Round 1 plays opening number start (counted from 1). */
      for (gint64 r = 0; r < (start - 1) % M.openings->len; r++)
        {
          gpointer first = g_ptr_array_steal_index (M.openings, 0);
          g_ptr_array_add (M.openings, first);
        }
    }
  else
    {
      Opening *o = g_new0 (Opening, 1);
      o->fen = g_strdup (M.variant->start_fen);
      o->moves = g_new0 (char *, 1);
      M.openings = g_ptr_array_new_with_free_func ((GDestroyNotify) opening_free);
      g_ptr_array_add (M.openings, o);
    }

  /* Every engine process, before the first game: a command that cannot
   * start is a usage error, and the names are known. */
  workers = g_new0 (Worker, M.concurrency);
  for (int w = 0; w < M.concurrency; w++)
    {
      workers[w].index = w;
      for (int k = 0; k < 2; k++)
        if (M.players[k].kind == PLAYER_ENGINE && !engine_start (&workers[w].engines[k], &M.players[k], w == 0, &error))
          {
            fprintf (stderr, "cheops match: cannot start '%s': %s\n", M.players[k].command, error->message);
            status = 2;
            goto done;
          }
    }
  for (int k = 0; k < 2; k++)
    if (M.players[k].name == NULL)
      M.players[k].name = g_strdup (workers[0].engines[k].name);
  if (strcmp (M.players[0].name, M.players[1].name) == 0)
    {
      char *name = g_strdup_printf ("%s (2)", M.players[1].name);
      fprintf (stderr, "cheops match: both players are called '%s': the second is '%s' (name= names them)\n",
               M.players[0].name, name);
      g_free (M.players[1].name);
      M.players[1].name = name;
    }

  if (M.pgn_path != NULL && (M.pgn = fopen (M.pgn_path, "w")) == NULL)
    {
      fprintf (stderr, "cheops match: cannot write %s: %s\n", M.pgn_path, g_strerror (errno));
      status = 2;
      goto done;
    }

  M.round_scores = g_new (double, M.total_games);
  for (int g = 0; g < M.total_games; g++)
    M.round_scores[g] = -1;
  g_mutex_init (&M.lock);
  for (int w = 0; w < M.concurrency; w++)
    workers[w].thread = g_thread_new ("match", worker_run, &workers[w]);
  for (int w = 0; w < M.concurrency; w++)
    g_thread_join (workers[w].thread);
  g_mutex_clear (&M.lock);

  print_block ();
  printf ("Score of %s vs %s: %d - %d - %d [%.3f] %d\n", M.players[0].name, M.players[1].name, M.wins, M.losses,
          M.draws, M.finished ? (M.wins + 0.5 * M.draws) / M.finished : 0.0, M.finished);
  printf ("Time losses: %s %d, %s %d\n", M.players[0].name, M.time_losses[0], M.players[1].name, M.time_losses[1]);
  if (M.verdict != NULL)
    printf ("SPRT ([%.2f, %.2f]) completed - %s was accepted\n", M.elo0, M.elo1, M.verdict);
  fflush (stdout);
  status = M.status;
  if (M.pgn != NULL)
    {
      FILE *pgn = M.pgn;
      M.pgn = NULL;
      if (fclose (pgn) != 0)
        {
          fprintf (stderr, "cheops match: cannot write %s: %s\n", M.pgn_path, g_strerror (errno));
          status = 1;
        }
    }

done:
#undef FAIL
  match_clear (workers, workers != NULL ? M.concurrency : 0);
  config_clear (&each);
  return status;
}

/* `cheops match-stats` ---------------------------------------------------- */

/* A game of a shard, as far as the statistics go. */
typedef struct {
  char   *key;      /* file, round and start position: the pair's */
  double  score;    /* the first engine's */
} ShardGame;

static void
shard_game_free (ShardGame *g)
{
  g_free (g->key);
  g_free (g);
}

int
cheops_tool_match_stats (int argc, char **argv)
{
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) shard_game_free);
  g_autoptr (GHashTable) pairs = g_hash_table_new (g_str_hash, g_str_equal);   /* key → first ShardGame */
  g_autofree char *first = NULL, *second = NULL;
  g_autofree char *tc = NULL, *threads = NULL, *hash = NULL, *book = NULL;
  CheopsMatchStats s = { 0 };
  gboolean sprt = FALSE;
  CheopsSprtModel model = CHEOPS_SPRT_NORMALIZED;
  double elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05;
  int n_files = 0;
  GString *out;

  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];

      if (flag_is (a, "sprt"))
        {
          g_autofree const char **words = settings_after (argc, argv, &i);
          gboolean have0 = FALSE, have1 = FALSE;

          sprt = TRUE;
          for (int k = 0; words[k] != NULL; k++)
            {
              const char *eq = strchr (words[k], '=');
              g_autofree char *key = eq ? g_strndup (words[k], eq - words[k]) : g_strdup (words[k]);
              const char *val = eq ? eq + 1 : "";
              gboolean ok;

              if (strcmp (key, "elo0") == 0)
                ok = have0 = parse_double (val, &elo0);
              else if (strcmp (key, "elo1") == 0)
                ok = have1 = parse_double (val, &elo1);
              else if (strcmp (key, "alpha") == 0)
                ok = parse_double (val, &alpha) && alpha > 0 && alpha < 1;
              else if (strcmp (key, "beta") == 0)
                ok = parse_double (val, &beta) && beta > 0 && beta < 1;
              else if (strcmp (key, "model") == 0)
                {
                  ok = strcmp (val, "normalized") == 0 || strcmp (val, "logistic") == 0;
                  model = strcmp (val, "logistic") == 0 ? CHEOPS_SPRT_LOGISTIC : CHEOPS_SPRT_NORMALIZED;
                }
              else
                ok = FALSE;
              if (!ok)
                {
                  fprintf (stderr, "cheops match-stats: -sprt: bad setting '%s'\n", words[k]);
                  return 2;
                }
            }
          if (!have0 || !have1 || elo0 >= elo1)
            {
              fprintf (stderr, "cheops match-stats: -sprt needs elo0= and elo1= with elo0 < elo1\n");
              return 2;
            }
        }
      else if (a[0] == '-' && a[1] != '\0')
        {
          fprintf (stderr, "cheops match-stats: unknown option '%s'\n"
                   "Usage: cheops match-stats [-sprt elo0=A elo1=B alpha=A beta=B model=M] FILE.pgn...\n", a);
          return 2;
        }
      else
        {
          g_autoptr (GError) error = NULL;
          g_autoptr (CheopsPgnReader) reader = cheops_pgn_reader_new_for_path (a, &error);
          CheopsGame *game;

          n_files++;
          if (reader == NULL)
            {
              fprintf (stderr, "cheops match-stats: %s\n", error->message);
              return 2;
            }
          g_autoptr (GPtrArray) errors = g_ptr_array_new_with_free_func ((GDestroyNotify) cheops_pgn_error_free);

          while ((game = cheops_pgn_reader_next (reader, errors)) != NULL)
            {
              const char *round = cheops_game_get_tag (game, "Round");
              const char *result = cheops_game_get_result (game);
              const char *player_a = cheops_game_get_player (game, CHEOPS_SIDE_A);
              const char *player_b = cheops_game_get_player (game, CHEOPS_SIDE_B);
              guint line = cheops_pgn_reader_get_game_line (reader);
              CheopsSide winner_side;
              char fen[CHEOPS_FEN_MAX];
              ShardGame *g, *mate;
              const char *problem = NULL;

              if (errors->len > 0)
                {
                  g_autofree char *where = cheops_pgn_error_to_string (errors->pdata[0]);
                  fprintf (stderr, "cheops match-stats: %s:%s\n", a, where);
                  g_object_unref (game);
                  return 2;
                }
              if (first == NULL)
                {
                  const char *t = cheops_game_get_tag (game, "TimeControl");
                  const char *th = cheops_game_get_tag (game, "Threads");
                  const char *h = cheops_game_get_tag (game, "Hash");
                  const char *b = cheops_game_get_tag (game, "Book");
                  /* Game N.1 of a round has the match's first engine on
                   * side A, N.2 the second (the games finish, and are
                   * written, in any order at -concurrency 2 and more). */
                  const char *dot = round != NULL ? strchr (round, '.') : NULL;
                  gboolean swapped = dot != NULL && atoi (dot + 1) % 2 == 0;
                  first = g_strdup (swapped ? player_b : player_a);
                  second = g_strdup (swapped ? player_a : player_b);
                  tc = g_strdup (t ? t : "?");
                  threads = g_strdup (th ? th : "?");
                  hash = g_strdup (h ? h : "?");
                  book = g_strdup (b ? b : "");
                }
              if (strcmp (result, "*") == 0)
                problem = "the game has no result";
              else if (!((strcmp (player_a, first) == 0 && strcmp (player_b, second) == 0)
                         || (strcmp (player_a, second) == 0 && strcmp (player_b, first) == 0)))
                problem = "the game is not between the match's two players";
              else if (round == NULL || !g_ascii_isdigit (round[0]))
                problem = "the game has no [Round]";
              if (problem != NULL)
                {
                  fprintf (stderr, "cheops match-stats: %s:%u: %s (%s - %s, %s)\n", a, line, problem, player_a,
                           player_b, result);
                  g_object_unref (game);
                  return 2;
                }
              g = g_new0 (ShardGame, 1);
              cheops_position_to_fen (cheops_game_get_start_position (game), fen, sizeof fen);
              g->key = g_strdup_printf ("%d\n%.*s\n%s", n_files, (int) strcspn (round, "."), round, fen);
              if (strcmp (result, "1/2-1/2") == 0)
                g->score = 0.5;
              else
                {
                  winner_side = cheops_game_get_colour_side (game, strcmp (result, "1-0") == 0 ? 0 : 1);
                  g->score = strcmp (cheops_game_get_player (game, winner_side), first) == 0 ? 1 : 0;
                }
              g_ptr_array_add (games, g);
              if (g->score == 1)
                s.wins++;
              else if (g->score == 0)
                s.losses++;
              else
                s.draws++;
              /* The second game of a round completes its pair; a third
               * starts a new one. */
              mate = g_hash_table_lookup (pairs, g->key);
              if (mate != NULL)
                {
                  CheopsMatchStats pair = { 0 };
                  cheops_match_stats_add_pair (&pair, mate->score, g->score);
                  s.ll += pair.ll;
                  s.ld += pair.ld;
                  s.wl += pair.wl;
                  s.dd += pair.dd;
                  s.wd += pair.wd;
                  s.ww += pair.ww;
                  g_hash_table_remove (pairs, g->key);
                }
              else
                g_hash_table_insert (pairs, g->key, g);
              g_object_unref (game);
            }
        }
    }
  if (n_files == 0)
    {
      fprintf (stderr, "Usage: cheops match-stats [-sprt elo0=A elo1=B alpha=A beta=B model=M] FILE.pgn...\n");
      return 2;
    }
  if (first == NULL)
    {
      fprintf (stderr, "cheops match-stats: no games\n");
      return 2;
    }
  out = g_string_new ("--------------------------------------------------\n");
  cheops_match_stats_format (out, &s, first, second, tc, threads, hash, book, sprt, model, elo0, elo1, alpha, beta);
  g_string_append (out, "--------------------------------------------------\n");
  if (sprt)
    {
      double lo, hi, llr = cheops_sprt_llr (&s, model, elo0, elo1);
      cheops_sprt_bounds (alpha, beta, &lo, &hi);
      if (llr >= hi || llr <= lo)
        g_string_append_printf (out, "SPRT ([%.2f, %.2f]) completed - %s was accepted\n", elo0, elo1,
                                llr >= hi ? "H1" : "H0");
    }
  fputs (out->str, stdout);
  g_string_free (out, TRUE);
  return 0;
}
