/* cheops.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `cheops`, the command-line tool: rules queries (perft, moves, status) and,
 * from the other parts of the project, game files and engine matches.  The
 * output forms of perft, moves and status are relied on by tests and
 * scripts: keep them exactly so.
 */
#include "cheops-core.h"
#include "cheops-tool.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct {
  const char *name;
  int       (*run) (int argc, char **argv);
  const char *usage;
} Command;

static const Command commands[] = {
  { "perft",  cheops_tool_perft,  "perft [--variant NAME] [--fen FEN] [--divide] [--bench] DEPTH" },
  { "moves",  cheops_tool_moves,  "moves [--variant NAME] [--fen FEN]" },
  { "status", cheops_tool_status, "status [--variant NAME] [--fen FEN] [MOVE...]" },
  { "fen",    cheops_tool_fen,    "fen [--variant NAME] [--fen FEN] [MOVE...]" },
  { "pgn",    cheops_tool_pgn,    "pgn check FILE... | pgn format FILE" },
  { "search", cheops_tool_search, "search [--variant NAME] --fen FEN [--no-index | --reindex] FILE..." },
  { "explore", cheops_tool_explore, "explore [--variant NAME] [--fen FEN] [--no-index | --reindex] FILE..." },
  { "problem", cheops_tool_problem, "problem verify [--time SECONDS] [--nodes N] [--depth N] [--defences] [--prove] [--full] [--threads N] FILE..." },
  { "analyse", cheops_tool_analyse, "analyse FILE... (--engine CMD | --builtin) (--movetime MS | --depth N | --nodes N) [--out FILE] [--side SIDE] [--from PLY] [--backwards] [--variations] [--jobs N] [--resume] [--part K/N]" },
  { "diagram", cheops_tool_diagram, "diagram [--variant NAME] [--fen FEN] [--flip] [--size PX] [--caption TEXT] [--cal ARROWS] [--csl MARKS] --out FILE.svg|FILE.png" },
  { "suite",  cheops_tool_suite,  "suite run FILE [--engine CMD | --builtin] [--movetime MS | --depth N] [--threads N] [--hash MB] [--variant NAME] [--out FILE]" },
  { "match",  cheops_tool_match,  "match [-variant NAME] -engine cmd=CMD [name=NAME] [tc=BASE+INC] [option.NAME=VALUE]... -engine ... [-each KEY=VALUE...] -rounds N [-games 2 | -repeat] [-concurrency N] [-openings file=FILE format=epd order=random|sequential start=N] [-srand N] [-pgnout file=OUT] [-sprt elo0=A elo1=B] [-ratinginterval N] [-recover] [-draw ...] [-resign ...] (or --engine CMD --builtin greedy --games N ...)" },
  { "match-stats", cheops_tool_match_stats, "match-stats [-sprt elo0=A elo1=B alpha=A beta=B model=M] FILE.pgn...   # the results block of a match's shards" },
  { "openings", cheops_tool_openings, "openings [--variant NAME] [--engine CMD] [--count N] [--depth D] [--max-cp CP] [--seed N] --out FILE.epd   # an opening book" },
};

static void
print_usage (FILE *out)
{
  fprintf (out, "Usage: cheops COMMAND [ARGS]\n\nCommands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf (out, "  cheops %s\n", commands[i].usage);
}

/* Options shared by the rules commands. */
typedef struct {
  const CheopsVariant *variant;
  const char *fen;        /* NULL: the variant's initial position */
  bool        divide;
  bool        bench;
  int         depth;
  int         n_moves;    /* status: the moves of a game record after the FEN */
  char      **moves;
} RulesArgs;

/* Parses @argv (after the command name) into *@args; @want_depth says
 * whether a DEPTH argument is required, @want_moves whether MOVE arguments
 * may follow.  Prints a one-line error and returns false on bad usage. */
static bool
parse_rules_args (int argc, char **argv, bool want_depth, bool want_moves, RulesArgs *args)
{
  bool have_depth = false;
  const char *variant_name = NULL;

  memset (args, 0, sizeof *args);
  args->moves = argv + argc;
  for (int i = 1; i < argc; i++)
    {
      const char *a = argv[i];
      if (strcmp (a, "--fen") == 0)
        {
          if (i + 1 >= argc)
            {
              fprintf (stderr, "cheops %s: --fen needs a FEN\n", argv[0]);
              return false;
            }
          args->fen = argv[++i];
        }
      else if (strncmp (a, "--fen=", 6) == 0)
        args->fen = a + 6;
      else if (strcmp (a, "--variant") == 0)
        {
          if (i + 1 >= argc)
            {
              fprintf (stderr, "cheops %s: --variant needs a name\n", argv[0]);
              return false;
            }
          variant_name = argv[++i];
        }
      else if (strncmp (a, "--variant=", 10) == 0)
        variant_name = a + 10;
      else if (want_depth && strcmp (a, "--divide") == 0)
        args->divide = true;
      else if (want_depth && strcmp (a, "--bench") == 0)
        args->bench = true;
      else if (want_depth && !have_depth && ((a[0] >= '0' && a[0] <= '9') || (a[0] == '-' && a[1] >= '0' && a[1] <= '9')))
        {
          char *end;
          long d = strtol (a, &end, 10);
          if (*end != '\0' || d < 0 || d > 64)
            {
              fprintf (stderr, "cheops %s: depth: expected a number from 0 to 64, got '%s'\n", argv[0], a);
              return false;
            }
          args->depth = (int) d;
          have_depth = true;
        }
      else if (want_moves && a[0] != '-')
        {
          /* The moves run to the end. */
          args->moves = argv + i;
          args->n_moves = argc - i;
          for (int j = i; j < argc; j++)
            if (argv[j][0] == '-' && argv[j][1] == '-')
              {
                fprintf (stderr, "cheops %s: options go before the moves: '%s'\n", argv[0], argv[j]);
                return false;
              }
          break;
        }
      else
        {
          fprintf (stderr, "cheops %s: unexpected argument '%s'\n", argv[0], a);
          return false;
        }
    }
  if (want_depth && !have_depth)
    {
      fprintf (stderr, "cheops %s: missing DEPTH\n", argv[0]);
      return false;
    }
  args->variant = &cheops_variant_cheops;
  if (variant_name != NULL)
    {
      args->variant = cheops_variant_find (variant_name);
      if (args->variant == NULL)
        {
          fprintf (stderr, "cheops %s: unknown variant '%s'\n", argv[0], variant_name);
          return false;
        }
    }
  if (args->fen == NULL)
    args->fen = args->variant->start_fen;
  return true;
}

static bool
load_fen (const char *command, const RulesArgs *args, CheopsPosition *pos)
{
  CheopsError error;

  if (!cheops_position_from_fen (pos, args->variant, args->fen, &error))
    {
      fprintf (stderr, "cheops %s: bad FEN at column %d: %s\n", command, error.column, error.message);
      return false;
    }
  return true;
}

typedef struct {
  char     text[CHEOPS_MOVE_TEXT_MAX];
  uint64_t nodes;
} DivideLine;

typedef struct {
  const CheopsVariant *variant;
  DivideLine lines[CHEOPS_MAX_MOVES];
  int        n;
} DivideTable;

static void
divide_cb (CheopsMove move, uint64_t nodes, void *user_data)
{
  DivideTable *table = user_data;
  cheops_move_to_text (table->variant, move, table->lines[table->n].text);
  table->lines[table->n].nodes = nodes;
  table->n++;
}

static int
compare_divide_lines (const void *a, const void *b)
{
  return strcmp (((const DivideLine *) a)->text, ((const DivideLine *) b)->text);
}

static double
now_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Ctrl-C during a perft (a depth may take years): one line on stderr and
 * exit status 2, as for any other error, instead of a silent death.  Only
 * async-signal-safe calls here. */
static void
perft_interrupted (int signum)
{
  static const char line[] = "cheops perft: interrupted\n";

  (void) signum;
  if (write (STDERR_FILENO, line, sizeof line - 1) < 0)
    _exit (2);
  _exit (2);
}

int
cheops_tool_perft (int argc, char **argv)
{
  RulesArgs args;
  CheopsPosition pos;
  static DivideTable table;
  uint64_t nodes;
  double start, elapsed;

  if (!parse_rules_args (argc, argv, true, false, &args) || !load_fen (argv[0], &args, &pos))
    return 2;

  table.variant = args.variant;
  table.n = 0;
  signal (SIGINT, perft_interrupted);
  start = now_seconds ();
  if (args.divide)
    nodes = cheops_perft_divide (&pos, args.depth, divide_cb, &table);
  else
    nodes = cheops_perft (&pos, args.depth);
  elapsed = now_seconds () - start;

  qsort (table.lines, (size_t) table.n, sizeof table.lines[0], compare_divide_lines);
  for (int i = 0; i < table.n; i++)
    printf ("%s: %llu\n", table.lines[i].text, (unsigned long long) table.lines[i].nodes);
  printf ("Nodes searched: %llu\n", (unsigned long long) nodes);
  if (args.bench)
    {
      printf ("Time: %.3f s\n", elapsed);
      printf ("Leaf nodes per second: %.0f\n", elapsed > 0 ? nodes / elapsed : 0.0);
    }
  return 0;
}

typedef struct {
  char text[CHEOPS_MOVE_TEXT_MAX];
  char san[CHEOPS_SAN_MAX];
} MoveLine;

static int
compare_move_lines (const void *a, const void *b)
{
  return strcmp (((const MoveLine *) a)->text, ((const MoveLine *) b)->text);
}

int
cheops_tool_moves (int argc, char **argv)
{
  RulesArgs args;
  CheopsPosition pos;
  /* Static: 360 KB at CHEOPS_MAX_MOVES, more than a stack frame should
   * take (the tool runs this once). */
  static CheopsMove list[CHEOPS_MAX_MOVES];
  static MoveLine lines[CHEOPS_MAX_MOVES];
  CheopsMove *end;
  int n = 0;

  if (!parse_rules_args (argc, argv, false, false, &args) || !load_fen (argv[0], &args, &pos))
    return 2;

  end = cheops_generate_moves (&pos, list);
  for (CheopsMove *m = list; m < end; m++, n++)
    {
      cheops_move_to_text (pos.variant, *m, lines[n].text);
      cheops_move_to_san (&pos, *m, lines[n].san);
    }
  qsort (lines, (size_t) n, sizeof lines[0], compare_move_lines);
  for (int i = 0; i < n; i++)
    printf ("%s\t%s\n", lines[i].text, lines[i].san);
  return 0;
}

/* Plays the game record of @args (its FEN or initial position, then its
 * moves) into *@pos, judged as a record: the FEN counts once, every
 * position after a move is counted for repetition, and a move after the end
 * of the game is an error.  Sets *@outcome to the outcome after the last
 * move.  On a bad FEN or move prints one line on stderr (naming @command)
 * and returns false. */
static bool
play_record (const char *command, const RulesArgs *args, CheopsPosition *pos, CheopsOutcome *outcome)
{
  uint64_t *keys;
  size_t n_keys = 0;

  if (!load_fen (command, args, pos))
    return false;
  keys = malloc (sizeof *keys * ((size_t) args->n_moves + 1));
  if (keys == NULL)
    return false;
  keys[n_keys++] = pos->key;
  *outcome = cheops_position_outcome (pos);
  for (int i = 0; i < args->n_moves; i++)
    {
      CheopsError error = { 0 };
      CheopsMove move;
      CheopsUndo undo;

      if (*outcome != CHEOPS_OUTCOME_NONE)
        {
          fprintf (stderr, "cheops %s: move %d '%s': the game is already over (%s)\n", command, i + 1,
                   args->moves[i], pos->variant->outcomes[*outcome].status);
          free (keys);
          return false;
        }
      move = cheops_move_from_san (pos, args->moves[i], -1, &error);
      if (move == CHEOPS_MOVE_NONE)
        {
          fprintf (stderr, "cheops %s: move %d '%s': %s\n", command, i + 1, args->moves[i], error.message);
          free (keys);
          return false;
        }
      cheops_position_do_move (pos, move, &undo);
      keys[n_keys++] = pos->key;
      /* Counted over the whole record, not just since the clock's last
       * reset: a TrigChess Pawn's sideways move resets the clock (TR19) and
       * can be undone.  Where the clock only resets on irreversible moves
       * (Cheops) the count is the same. */
      *outcome = cheops_position_repetition_outcome (pos, cheops_repetition_count (keys, n_keys, cheops_position_repetition_horizon (pos)));
      if (*outcome == CHEOPS_OUTCOME_NONE)
        *outcome = cheops_position_outcome (pos);
    }
  free (keys);
  return true;
}

/* `cheops status [--variant V] [--fen F] [MOVE...]`: the position after
 * the moves, judged as a game record (play_record). */
int
cheops_tool_status (int argc, char **argv)
{
  RulesArgs args;
  CheopsPosition pos;
  CheopsOutcome outcome;
  char extra[256];

  if (!parse_rules_args (argc, argv, false, true, &args) || !play_record (argv[0], &args, &pos, &outcome))
    return 2;

  printf ("check: %s\n", cheops_position_in_check (&pos) ? "yes" : "no");
  if (pos.variant->f.status_lines != NULL)
    {
      size_t len = pos.variant->f.status_lines (&pos, extra, sizeof extra);
      fwrite (extra, 1, len < sizeof extra ? len : sizeof extra - 1, stdout);
    }
  printf ("legal-moves: %d\n",
          outcome != CHEOPS_OUTCOME_NONE && pos.variant->record_end_has_no_moves ? 0 : cheops_count_moves (&pos));
  printf ("outcome: %s\n", pos.variant->outcomes[outcome].status);
  return 0;
}

/* `cheops fen [--variant V] [--fen F] [MOVE...]`: the FEN of the position
 * after the moves (read as by `status`), one line; with no moves the FEN as
 * the core writes it back (a check of a hand-written FEN). */
int
cheops_tool_fen (int argc, char **argv)
{
  RulesArgs args;
  CheopsPosition pos;
  CheopsOutcome outcome;
  char fen[CHEOPS_FEN_MAX];

  if (!parse_rules_args (argc, argv, false, true, &args) || !play_record (argv[0], &args, &pos, &outcome))
    return 2;
  cheops_position_to_fen (&pos, fen, sizeof fen);
  printf ("%s\n", fen);
  return 0;
}

int
main (int argc, char **argv)
{
  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "-h") == 0)
    {
      print_usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? 2 : 0;
    }
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    if (strcmp (argv[1], commands[i].name) == 0)
      {
        /* `cheops COMMAND ... --help`: that command's usage, exit status 0,
         * wherever the option stands ("pgn format --help" opens no file
         * named "--help"; issue 25). */
        for (int j = 2; j < argc; j++)
          if (strcmp (argv[j], "--help") == 0 || strcmp (argv[j], "-h") == 0)
            {
              printf ("Usage: cheops %s\n", commands[i].usage);
              return 0;
            }
        return commands[i].run (argc - 1, argv + 1);
      }
  fprintf (stderr, "cheops: unknown command '%s'\n", argv[1]);
  print_usage (stderr);
  return 2;
}
