/* cheops-tool-match.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops match`: plays UCI engines (and the built-in players `random` and
 * `greedy`) against each other, the role cutechess-cli plays for chess.
 *
 *   cheops match [--variant NAME] --engine CMD [--engine CMD]
 *                [--builtin random|greedy] --games N [--tc BASE+INC]
 *                [--openings FILE] [--pgn OUT] [--seed N] [--timemargin MS]
 *                [--nodes N]
 *
 * The game is the variant NAME (cheops_variant_find(): "cheops" by
 * default, "trigchess"...); engines get `setoption name UCI_Variant value
 * NAME`.  Nothing here knows a game: rules, outcomes and their wording
 * come from the variant (cheops-variant.h).
 *
 * Exactly two players, the first named plays side A (the variant's first
 * side: Cheops's a corner, TrigChess's Gold) in odd games.
 * Openings are paired: each opening is played twice, once with each player
 * on each side.  An opening file holds one opening a line: `startpos` or a
 * FEN, optionally followed by `moves` and machine move text; empty lines
 * and lines starting with '#' are skipped.
 *
 * Games are adjudicated through the core: the outcome of the position
 * (the variant's outcome table: Cheops's Ascension and draws of Article 8,
 * TrigChess's checkmate and stalemate) and of a repetition along the game
 * (cheops_position_repetition_outcome(): Cheops's fifth occurrence draws,
 * TrigChess's third loses for the mover, TR15).  Where a variant's
 * repetitions draw, the third occurrence is claimed at once for the player
 * to move, as an arbiter does for engines; where its move counter draws (the
 * position with the clock at 150 plies is drawn: Cheops 8.4.3), 100 plies
 * are claimed likewise (Cheops 8.4.2).  A player loses by an illegal or
 * malformed move, by exceeding its clock by more than --timemargin ms
 * (default 20), or by dying.  A move is charged the processor time the
 * engine's process used for it (its CPU-time clock, clock_getcpuclockid()),
 * never more than the wall time it took: on a loaded machine an engine
 * waits for a processor for tens, at times hundreds, of milliseconds
 * (measured here: up to 330 ms over a 0.1 s clock), which is neither its
 * thinking nor in its control.  Where that clock cannot be read the wall
 * time is charged.  An engine run through a wrapper must exec it (the
 * wrapper's own time is what is read).  An engine that does not answer
 * within its clock, the margin and STALL_ALLOWANCE_MS of wall time loses on
 * time.  With --nodes N the engines get `go nodes N`
 * instead of a clock (no time losses: for tuning on a loaded machine).
 * With CHEOPS_MATCH_DEBUG set in the environment, every engine move is
 * logged on standard error with the clock before it and the time it took.  An engine is spawned with GSubprocess from
 * its command split into argv by shell rules, never through a shell.
 *
 * Output: one line per game, then the score (wins, losses, draws of the
 * first player), the Elo difference and its 95 % error margin (normal
 * approximation of the per-game score's variance, as cutechess-cli and
 * BayesElo's "simple" mode do).
 */
#include <errno.h>
#include <gio/gio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>

#include "cheops-file-write.h"
#include "cheops-notation.h"
#include "cheops-position.h"
#include "cheops-tool.h"
#include "cheops-tool-uci.h"

#define HANDSHAKE_TIMEOUT_MS 10000
#define MAX_GAME_PLIES 2000
/* The wall time beyond a clock and its margin an engine may take to answer
 * before it is taken as out of time: what a loaded machine's scheduling
 * can add (the charge itself is processor time: see above). */
#define STALL_ALLOWANCE_MS 2000

/* The processor time @e's process has used so far, in ms; -1 if it cannot
 * be read (no process, or no CPU-time clock for it). */
static double
engine_cpu_ms (CheopsToolEngine *e)
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

/* A player: a built-in one, or an engine process (its command and name
 * are @e's; a built-in player's name is @e.name too). */
typedef struct {
  PlayerKind        kind;
  CheopsToolEngine  e;
} Player;

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

static GRand *rng;
static gint64 node_limit;
static const CheopsVariant *variant;

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
builtin_move (PlayerKind kind, const CheopsPosition *pos)
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

static GPtrArray *
read_openings (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *openings = g_ptr_array_new_with_free_func ((GDestroyNotify) opening_free);

  if (!g_file_get_contents (path, &text, NULL, error))
    {
      g_ptr_array_free (openings, TRUE);
      return NULL;
    }
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
      g_ptr_array_add (openings, o);
    }
  if (openings->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: no openings", path);
      g_ptr_array_free (openings, TRUE);
      return NULL;
    }
  return openings;
}

/* One game ------------------------------------------------------------- */

typedef struct {
  GameResult  result;
  const char *reason;
  GString    *movetext;    /* SAN with move numbers */
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
result_of (const CheopsVariant *v, CheopsOutcome outcome)
{
  switch (cheops_variant_outcome_winner (v, outcome))
    {
    case CHEOPS_WINNER_A: return RESULT_A_WINS;
    case CHEOPS_WINNER_B: return RESULT_Q_WINS;
    default:              return RESULT_DRAW;
    }
}

/* Whether a repetition ends @pos's variant in a draw at some count (then
 * the third occurrence is claimed). */
static gboolean
repetition_draws (const CheopsPosition *pos)
{
  for (int count = 2; count <= 8; count++)
    {
      CheopsOutcome o = cheops_position_repetition_outcome (pos, count);
      if (o != CHEOPS_OUTCOME_NONE)
        return cheops_variant_outcome_winner (pos->variant, o) == CHEOPS_WINNER_DRAW;
    }
  return FALSE;
}

/* Whether @pos's variant draws by its move counter: the same position with
 * the clock at 150 plies is a draw (then 100 are claimed). */
static gboolean
clock_draws (const CheopsPosition *pos)
{
  CheopsPosition later = *pos;
  CheopsOutcome o;

  later.halfmove_clock = 150;
  o = cheops_position_outcome (&later);
  return o != CHEOPS_OUTCOME_NONE && cheops_variant_outcome_winner (pos->variant, o) == CHEOPS_WINNER_DRAW;
}

/* Adjudicates @pos after a move, with the game's @keys; sets game->result
 * and game->reason (the outcome table's wording). */
static gboolean
adjudicate (Game *game, const CheopsPosition *pos, const uint64_t *keys, size_t n)
{
  int reps = cheops_repetition_count (keys, n, cheops_position_repetition_horizon (pos));
  CheopsOutcome o = cheops_position_outcome (pos);

  if (o == CHEOPS_OUTCOME_NONE)
    o = cheops_position_repetition_outcome (pos, reps);
  if (o != CHEOPS_OUTCOME_NONE)
    {
      game->result = result_of (pos->variant, o);
      game->reason = pos->variant->outcomes[o].reason;
      return TRUE;
    }
  if (reps >= 3 && repetition_draws (pos))
    {
      game->result = RESULT_DRAW;
      game->reason = "third repetition (claimed)";
      return TRUE;
    }
  if (pos->halfmove_clock >= 100 && clock_draws (pos))
    {
      game->result = RESULT_DRAW;
      game->reason = "fifty-move rule (claimed)";
      return TRUE;
    }
  return FALSE;
}

static void
forfeit (Game *game, CheopsSide loser, const char *reason)
{
  game->result = loser == CHEOPS_SIDE_A ? RESULT_Q_WINS : RESULT_A_WINS;
  game->reason = reason;
}

/* Plays one game: @players[side] plays @side. */
static void
play_game (Game *game, Player *players[CHEOPS_SIDE_NB], const Opening *opening,
           gint64 base_ms, gint64 inc_ms, gint64 margin_ms)
{
  CheopsPosition pos;
  GString *moves_text = g_string_new ("");
  uint64_t *keys = g_new (uint64_t, MAX_GAME_PLIES + 1);
  size_t n = 0;
  gint64 clock_ms[CHEOPS_SIDE_NB] = { base_ms, base_ms };
  gboolean first = TRUE;

  game->result = RESULT_NONE;
  game->reason = NULL;
  game->movetext = g_string_new ("");
  game->start_fen = g_strdup (opening->fen);
  cheops_position_from_fen (&pos, variant, opening->fen, NULL);
  keys[n++] = pos.key;

  for (int s = 0; s < CHEOPS_SIDE_NB; s++)
    if (players[s]->kind == PLAYER_ENGINE)
      {
        char *line;
        cheops_tool_engine_send (&players[s]->e, "ucinewgame");
        cheops_tool_engine_send (&players[s]->e, "isready");
        line = cheops_tool_engine_wait_for (&players[s]->e, "readyok", g_get_monotonic_time () + HANDSHAKE_TIMEOUT_MS * 1000,
                                            NULL, NULL);
        if (line == NULL)
          {
            forfeit (game, (CheopsSide) s, "engine did not answer isready");
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
      Player *p = players[side];
      CheopsMove move;
      CheopsUndo undo;

      if (n >= MAX_GAME_PLIES)
        {
          game->result = RESULT_DRAW;
          game->reason = "game too long";
          break;
        }
      if (p->kind == PLAYER_ENGINE)
        {
          gint64 start = g_get_monotonic_time (), used, wall;
          double cpu_start = engine_cpu_ms (&p->e), cpu = -1;
          g_autofree char *line = NULL;
          g_auto (GStrv) words = NULL;
          CheopsError err;

          cheops_tool_engine_send (&p->e, "position fen %s%s%s", opening->fen, moves_text->len ? " moves" : "",
                       moves_text->str);
          if (node_limit > 0)
            cheops_tool_engine_send (&p->e, "go nodes %" G_GINT64_FORMAT, node_limit);
          else
            cheops_tool_engine_send (&p->e, "go wtime %" G_GINT64_FORMAT " btime %" G_GINT64_FORMAT
                         " winc %" G_GINT64_FORMAT " binc %" G_GINT64_FORMAT,
                         clock_ms[CHEOPS_SIDE_A], clock_ms[CHEOPS_SIDE_B], inc_ms, inc_ms);
          line = cheops_tool_engine_wait_for (&p->e, "bestmove",
                                              node_limit > 0 ? start + 60 * G_USEC_PER_SEC
                                                             : start + (clock_ms[side] + margin_ms + STALL_ALLOWANCE_MS) * 1000,
                                              NULL, NULL);
          wall = used = (g_get_monotonic_time () - start) / 1000;
          if (cpu_start >= 0 && (cpu = engine_cpu_ms (&p->e)) >= 0 && cpu - cpu_start < wall)
            used = (gint64) ceil (cpu - cpu_start);
          if (g_getenv ("CHEOPS_MATCH_DEBUG"))
            fprintf (stderr, "ply %zu side %d clock %" G_GINT64_FORMAT " used %" G_GINT64_FORMAT
                     " wall %" G_GINT64_FORMAT " %s\n",
                     n, side, clock_ms[side], used, wall, line ? line : "(none)");
          if (line == NULL)
            {
              char *late;
              cheops_tool_engine_send (&p->e, "stop");
              late = cheops_tool_engine_wait_for (&p->e, "bestmove", g_get_monotonic_time () + 5 * G_USEC_PER_SEC, NULL, NULL);
              if (late == NULL)
                {
                  /* A hung or dead engine: start it afresh for the next game. */
                  cheops_tool_engine_stop (&p->e);
                  cheops_tool_engine_start (&p->e, variant, NULL);
                }
              g_free (late);
              forfeit (game, side, "loses on time");
              break;
            }
          if (node_limit == 0)
            clock_ms[side] -= used;
          if (clock_ms[side] < -margin_ms)
            {
              forfeit (game, side, "loses on time");
              break;
            }
          if (clock_ms[side] < 0)
            clock_ms[side] = 0;
          clock_ms[side] += inc_ms;
          words = g_strsplit_set (line, " \t", -1);
          move = words[0] && words[1] ? cheops_move_from_text (&pos, words[1], &err) : CHEOPS_MOVE_NONE;
          if (move == CHEOPS_MOVE_NONE)
            {
              forfeit (game, side, "illegal move");
              break;
            }
        }
      else
        move = builtin_move (p->kind, &pos);

      {
        char text[CHEOPS_MOVE_TEXT_MAX];
        cheops_move_to_text (variant, move, text);
        g_string_append_printf (moves_text, " %s", text);
      }
      append_san (game, &pos, move, first);
      first = FALSE;
      cheops_position_do_move (&pos, move, &undo);
      keys[n++] = pos.key;
      adjudicate (game, &pos, keys, n);
    }

out:
  g_string_free (moves_text, TRUE);
  g_free (keys);
}

static const char *
result_text (GameResult r)
{
  return r == RESULT_A_WINS ? "1-0" : r == RESULT_Q_WINS ? "0-1" : r == RESULT_DRAW ? "1/2-1/2" : "*";
}

/* Writes @game as PGN-shaped text (DESIGN.md section 4): the variant's
 * title in [Variant] and its sides' tags ([Green]/[Orange] for Cheops,
 * side A, the a corner, being Green; [Gold]/[Red] for TrigChess). */
static void
write_pgn (FILE *out, const Game *game, int round, const char *player_a, const char *player_b)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  GString *body = g_string_new ("");
  const char *p = game->movetext->str;
  size_t col = 0;

  fprintf (out, "[Event \"cheops match\"]\n[Site \"?\"]\n[Date \"%s\"]\n[Round \"%d\"]\n", date, round);
  fprintf (out, "[%s \"%s\"]\n[%s \"%s\"]\n[Result \"%s\"]\n",
           variant->sides[CHEOPS_SIDE_A].tag, player_a, variant->sides[CHEOPS_SIDE_B].tag, player_b,
           result_text (game->result));
  fprintf (out, "[Variant \"%s\"]\n", variant->title);
  if (strcmp (game->start_fen, variant->start_fen) != 0)
    fprintf (out, "[SetUp \"1\"]\n[FEN \"%s\"]\n", game->start_fen);
  fprintf (out, "[Termination \"%s\"]\n\n", game->reason ? game->reason : "unterminated");

  g_string_append (body, p);
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
            fputc ('\n', out);
            col = 0;
          }
        else if (col > 0)
          {
            fputc (' ', out);
            col++;
          }
        fputs (words[i], out);
        col += len;
      }
  }
  fputs ("\n\n", out);
  fflush (out);
  g_string_free (body, TRUE);
}

static double
elo_of (double p)
{
  return -400.0 * log10 (1.0 / p - 1.0);
}

static void
print_elo (int wins, int losses, int draws)
{
  int n = wins + losses + draws;
  double p, var, se, lo, hi;

  if (n == 0)
    return;
  p = (wins + 0.5 * draws) / n;
  var = (wins * (1 - p) * (1 - p) + losses * p * p + draws * (0.5 - p) * (0.5 - p)) / n;
  se = sqrt (var / n);
  lo = p - 1.96 * se;
  hi = p + 1.96 * se;
  if (p <= 0.0 || p >= 1.0)
    printf ("Elo difference: %s (score %.1f %%: no finite estimate)\n", p <= 0.0 ? "-inf" : "+inf", 100 * p);
  else if (lo <= 0.0 || hi >= 1.0)
    printf ("Elo difference: %.1f +/- inf\n", elo_of (p));
  else
    printf ("Elo difference: %.1f +/- %.1f\n", elo_of (p), (elo_of (hi) - elo_of (lo)) / 2);
}

static gboolean
parse_tc (const char *text, gint64 *base_ms, gint64 *inc_ms)
{
  char *end;
  double base = g_ascii_strtod (text, &end), inc = 0;

  if (end == text || base <= 0)
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
  *base_ms = (gint64) (base * 1000 + 0.5);
  *inc_ms = (gint64) (inc * 1000 + 0.5);
  return TRUE;
}

static int
usage (const char *message)
{
  fprintf (stderr, "cheops match: %s\n"
           "Usage: cheops match [--variant NAME] --engine CMD [--engine CMD] [--builtin random|greedy] --games N\n"
           "                    [--tc BASE+INC] [--openings FILE] [--pgn OUT] [--seed N] [--timemargin MS] [--nodes N]\n",
           message);
  return 2;
}

int
cheops_tool_match (int argc, char **argv)
{
  Player players[2] = { 0 };
  int player_count = 0;
  int games = 0;
  gint64 base_ms = 10000, inc_ms = 100, margin_ms = 20;
  const char *openings_path = NULL, *pgn_path = NULL;
  guint32 seed = 1;
  GPtrArray *openings;
  FILE *pgn = NULL;
  char *pgn_text = NULL;
  size_t pgn_size = 0;
  gboolean pgn_failed = FALSE;
  int wins = 0, losses = 0, draws = 0;
  g_autoptr (GError) error = NULL;

  variant = NULL;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      const char *v = i + 1 < argc ? argv[i + 1] : NULL;

      if (strcmp (a, "--variant") == 0 && v != NULL)
        {
          if ((variant = cheops_variant_find (v)) == NULL)
            return usage ("unknown --variant");
          i++;
        }
      else if (strcmp (a, "--engine") == 0 || strcmp (a, "--builtin") == 0)
        {
          if (v == NULL)
            return usage ("a player needs a value");
          if (player_count == 2)
            return usage ("exactly two players");
          if (strcmp (a, "--engine") == 0)
            {
              players[player_count].kind = PLAYER_ENGINE;
              players[player_count].e.command = (char *) v;   /* borrowed until the checks pass */
            }
          else if (strcmp (v, "random") == 0 || strcmp (v, "greedy") == 0)
            {
              players[player_count].kind = strcmp (v, "random") == 0 ? PLAYER_RANDOM : PLAYER_GREEDY;
              players[player_count].e.name = (char *) v;
            }
          else
            return usage ("--builtin is random or greedy");
          player_count++;
          i++;
        }
      else if (strcmp (a, "--games") == 0 && v != NULL)
        {
          char *end;
          long n = strtol (v, &end, 10);

          if (end == v || *end != '\0' || n < 1 || n > 1000000)
            return usage ("--games needs a whole number from 1 to 1000000");
          games = (int) n;
          i++;
        }
      else if (strcmp (a, "--tc") == 0 && v != NULL)
        {
          if (!parse_tc (v, &base_ms, &inc_ms))
            return usage ("--tc is BASE+INC in seconds, e.g. 0.1+0.01");
          i++;
        }
      else if (strcmp (a, "--openings") == 0 && v != NULL)
        openings_path = argv[++i];
      else if (strcmp (a, "--pgn") == 0 && v != NULL)
        pgn_path = argv[++i];
      else if (strcmp (a, "--seed") == 0 && v != NULL)
        seed = (guint32) strtoul (argv[++i], NULL, 10);
      else if (strcmp (a, "--timemargin") == 0 && v != NULL)
        margin_ms = atoi (argv[++i]);
      else if (strcmp (a, "--nodes") == 0 && v != NULL)
        node_limit = g_ascii_strtoll (argv[++i], NULL, 10);
      else
        return usage ("unknown or incomplete option");
    }
  if (variant == NULL)
    variant = &cheops_variant_cheops;
  if (player_count != 2)
    return usage ("exactly two players are needed");
  if (games < 1)
    return usage ("--games must be at least 1");
  /* The arguments are good: the players own their strings (freed at the
   * end), none of which leaks on a usage error. */
  for (int i = 0; i < 2; i++)
    {
      players[i].e.command = g_strdup (players[i].e.command);
      players[i].e.name = g_strdup (players[i].e.name);
    }

  rng = g_rand_new_with_seed (seed);
  if (openings_path != NULL)
    {
      openings = read_openings (openings_path, &error);
      if (openings == NULL)
        {
          fprintf (stderr, "cheops match: %s\n", error->message);
          return 2;
        }
    }
  else
    {
      Opening *o = g_new0 (Opening, 1);
      o->fen = g_strdup (variant->start_fen);
      o->moves = g_new0 (char *, 1);
      openings = g_ptr_array_new_with_free_func ((GDestroyNotify) opening_free);
      g_ptr_array_add (openings, o);
    }
  for (int i = 0; i < 2; i++)
    if (players[i].kind == PLAYER_ENGINE && !cheops_tool_engine_start (&players[i].e, variant, &error))
      {
        fprintf (stderr, "cheops match: cannot start '%s': %s\n", players[i].e.command, error->message);
        return 2;
      }
  /* The games are gathered in memory and --pgn is written whole after
   * each game by the one rule for files (cheops_file_write_atomic(): the
   * old file whole until then, the finished games kept if the match is
   * killed); a write that fails ends the match with a message and exit 2
   * (a full disk was a silent exit 0 and an empty file, issue 25). */
  if (pgn_path != NULL && (pgn = open_memstream (&pgn_text, &pgn_size)) == NULL)
    {
      fprintf (stderr, "cheops match: cannot write %s\n", pgn_path);
      return 2;
    }

  for (int g = 0; g < games; g++)
    {
      const Opening *opening = g_ptr_array_index (openings, (guint) ((g / 2) % openings->len));
      gboolean first_is_a = g % 2 == 0;
      Player *by_side[CHEOPS_SIDE_NB];
      Game game;

      by_side[CHEOPS_SIDE_A] = first_is_a ? &players[0] : &players[1];
      by_side[CHEOPS_SIDE_B] = first_is_a ? &players[1] : &players[0];
      play_game (&game, by_side, opening, base_ms, inc_ms, margin_ms);

      if (game.result == RESULT_DRAW)
        draws++;
      else if ((game.result == RESULT_A_WINS) == first_is_a)
        wins++;
      else
        losses++;
      printf ("Game %d/%d: %s (%c) vs %s (%c): %s {%s}; score %d - %d - %d\n", g + 1, games,
              by_side[CHEOPS_SIDE_A]->e.name, variant->sides[CHEOPS_SIDE_A].letter,
              by_side[CHEOPS_SIDE_B]->e.name, variant->sides[CHEOPS_SIDE_B].letter, result_text (game.result),
              game.reason ? game.reason : "", wins, losses, draws);
      fflush (stdout);
      if (pgn != NULL)
        {
          g_autoptr(GBytes) bytes = NULL;
          g_autoptr(GError) write_error = NULL;

          write_pgn (pgn, &game, g + 1, by_side[CHEOPS_SIDE_A]->e.name, by_side[CHEOPS_SIDE_B]->e.name);
          if (fflush (pgn) != 0)
            g_set_error_literal (&write_error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, g_strerror (ENOMEM));
          else
            {
              bytes = g_bytes_new (pgn_text, pgn_size);
              cheops_file_write_atomic (pgn_path, bytes, CHEOPS_FILE_WRITE_NONE, NULL, &write_error);
            }
          /* Tried again after the next game (all the games each time). */
          pgn_failed = write_error != NULL;
          if (pgn_failed)
            fprintf (stderr, "cheops match: %s\n", write_error->message);
        }
      g_string_free (game.movetext, TRUE);
      g_free (game.start_fen);
    }

  printf ("Score of %s vs %s: %d - %d - %d [%.3f] %d\n", players[0].e.name, players[1].e.name,
          wins, losses, draws, (wins + 0.5 * draws) / games, games);
  print_elo (wins, losses, draws);

  for (int i = 0; i < 2; i++)
    if (players[i].kind == PLAYER_ENGINE)
      cheops_tool_engine_stop (&players[i].e);
  for (int i = 0; i < 2; i++)
    {
      g_free (players[i].e.name);
      g_free (players[i].e.command);
    }
  if (pgn != NULL)
    fclose (pgn);
  free (pgn_text);
  g_ptr_array_unref (openings);
  g_rand_free (rng);
  return pgn_failed ? 2 : 0;
}
