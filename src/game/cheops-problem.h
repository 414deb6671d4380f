/* cheops-problem.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Problems (issue 12): a problem is an ordinary game of a game file with
 * [SetUp "1"], [FEN "…"] and a stipulation tag, its solution as the
 * mainline, tries and other defences as variations.
 *
 * The stipulation, [Stipulation "#3"]: the side to move wins in 3 of its
 * own moves, by whatever its game gives a winner (the variant's outcome
 * table: Ascension or checkmate in Cheops, checkmate, stalemate or the
 * opponent's third repetition in TrigChess, checkmate or a flip in Cypher
 * chess, checkmate in Pyramids).  The forms read, in any case, with blanks
 * around and between the words ignored:
 *   "#N"                     the canonical form, written by the studio;
 *   "win in N", "wins in N"  the same, in words;
 *   "+N"                     the same, a sign of "wins" that names no
 *                             mate (for games whose win is not one);
 *   "h#N"                    a helpmate: the side to move starts, both
 *                             cooperate, the other side wins with its N-th
 *                             move (2N plies, no earlier ply ends the game);
 *   "s#N"                    a selfmate: the side to move forces the other
 *                             side to win by its N-th move at the latest;
 *   "ser-#N"                 a series-mover: the side to move makes N moves
 *                             in a row, the last wins, none before it checks
 *                             or ends the game (src/engine/solve.h has the
 *                             exact rules of each genre).
 * N is 1..CHEOPS_PROBLEM_MAX_MOVES.  Helpselfmates "hs#N" and reflexmates
 * "r#N" are recognised and refused as not supported, as is anything else,
 * with the column of what is wrong.  An h# or ser-# with several intended
 * solutions says how many in the tag [Solutions "2"]
 * (CHEOPS_PROBLEM_TAG_SOLUTIONS, cheops_problem_get_solutions()).
 *
 * The studio's Verify stores its verdict in the game as the tag
 * [Verified "…"] (CHEOPS_PROBLEM_TAG_VERIFIED; README, "Problems").
 */
#pragma once

#include <glib.h>

#include "cheops-game.h"

G_BEGIN_DECLS

/* The most moves a stipulation may ask for (the solver's bound,
 * CHEOPS_SOLVE_MAX_DEPTH). */
#define CHEOPS_PROBLEM_MAX_MOVES 16

/* The tag names of a problem. */
#define CHEOPS_PROBLEM_TAG_STIPULATION "Stipulation"
#define CHEOPS_PROBLEM_TAG_VERIFIED    "Verified"
#define CHEOPS_PROBLEM_TAG_SOLUTIONS   "Solutions"

#define CHEOPS_PROBLEM_ERROR (cheops_problem_error_quark ())
GQuark cheops_problem_error_quark (void);

/**
 * CheopsProblemError:
 * @CHEOPS_PROBLEM_ERROR_NO_STIPULATION: the game has no Stipulation tag
 * @CHEOPS_PROBLEM_ERROR_SYNTAX: a stipulation that is none of the forms
 * @CHEOPS_PROBLEM_ERROR_RANGE: a number of moves out of 1..CHEOPS_PROBLEM_MAX_MOVES
 * @CHEOPS_PROBLEM_ERROR_UNSUPPORTED: a genre the solver does not solve (hs#, r#)
 */
typedef enum {
  CHEOPS_PROBLEM_ERROR_NO_STIPULATION,
  CHEOPS_PROBLEM_ERROR_SYNTAX,
  CHEOPS_PROBLEM_ERROR_RANGE,
  CHEOPS_PROBLEM_ERROR_UNSUPPORTED,
} CheopsProblemError;

/* The genre of a stipulation, in the order of the solver's
 * CheopsSolveGenre (src/engine/solve.h). */
typedef enum {
  CHEOPS_STIPULATION_DIRECT = 0,  /* "#N" */
  CHEOPS_STIPULATION_HELP,        /* "h#N" */
  CHEOPS_STIPULATION_SELF,        /* "s#N" */
  CHEOPS_STIPULATION_SERIES,      /* "ser-#N" */
} CheopsStipulationGenre;

/* A stipulation: @genre in @moves moves (for #N: the side to move wins in
 * @moves of its moves). */
typedef struct {
  int                    moves;
  CheopsStipulationGenre genre;
} CheopsStipulation;

/* Reads the stipulation @text (a tag's value).  TRUE on success, with
 * *@stipulation filled.  FALSE with @error set (CHEOPS_PROBLEM_ERROR_SYNTAX,
 * _RANGE or _UNSUPPORTED; the message says what is wrong, without a
 * place) and *@column (may be NULL) the 1-based character column in @text
 * where the problem is. */
gboolean          cheops_stipulation_parse        (const char        *text,
                                                   CheopsStipulation *stipulation,
                                                   guint             *column,
                                                   GError           **error);

/* The canonical text of @stipulation, "#3", "h#2", "s#2", "ser-#4"
 * (newly allocated). */
char             *cheops_stipulation_to_string    (const CheopsStipulation *stipulation);

/* The stipulation of @game, read from its Stipulation tag.  FALSE with
 * CHEOPS_PROBLEM_ERROR_NO_STIPULATION when it has none, or an error of
 * cheops_stipulation_parse() whose message starts with "LINE:COLUMN: "
 * when the tag is malformed: the place in the file the game was read from
 * when @file_text (the whole file, @file_length bytes, -1: NUL-terminated)
 * is given and @game_line is the line where the game starts
 * (cheops_pgn_reader_get_game_line()), else the column in the tag's value
 * with line 0. */
gboolean          cheops_problem_get_stipulation  (CheopsGame        *game,
                                                   const char        *file_text,
                                                   gssize             file_length,
                                                   guint              game_line,
                                                   CheopsStipulation *stipulation,
                                                   GError           **error);

/* Sets the Stipulation tag of @game to the canonical text of
 * @stipulation, or removes it for NULL.  Undoable (cheops_game_set_tag()). */
void              cheops_problem_set_stipulation  (CheopsGame              *game,
                                                   const CheopsStipulation *stipulation);

/* The number of solutions the composer of @game intends, from its
 * [Solutions "K"] tag (K a whole number 1..CHEOPS_SOLVE_MAX_STORED, blanks
 * around it ignored): TRUE with *@n = K, or 1 when the tag is absent.
 * FALSE with CHEOPS_PROBLEM_ERROR_SYNTAX or _RANGE and a message when the
 * tag is malformed (*@n is then 1). */
gboolean          cheops_problem_get_solutions    (CheopsGame        *game,
                                                   int               *n,
                                                   GError           **error);

/* The first move of @game's mainline, its solution's key, or
 * CHEOPS_MOVE_NONE when it has no moves. */
CheopsMove        cheops_problem_get_key          (CheopsGame        *game);

/* Finds the tag @name among the tags of the game that starts at line
 * @game_line (1-based) of @file_text (@file_length bytes, -1:
 * NUL-terminated): TRUE with the 1-based *@line and character *@column of
 * the first character of its value (after the opening quote); FALSE when
 * the game's tag section has no such tag. */
gboolean          cheops_problem_locate_tag       (const char        *file_text,
                                                   gssize             file_length,
                                                   guint              game_line,
                                                   const char        *name,
                                                   guint             *line,
                                                   guint             *column);

G_END_DECLS
