/* cheops-uci-protocol.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A pure parser and formatter for the UCI lines a client (the studio, the
 * tools) exchanges with an engine (DESIGN.md section 5).  No I/O, no state, no GObject: one line of
 * engine output in, one CheopsUciMessage out; one command's arguments in,
 * one command line (without its newline) out.
 *
 * The parser is tolerant the way UCI asks GUIs to be: unknown tokens inside
 * an `info` line are skipped, leading and trailing white space and runs of
 * blanks are ignored, a trailing "\r" is dropped.  What it cannot read is
 * reported, not guessed: a line that is not UCI at all is
 * CHEOPS_UCI_MESSAGE_UNKNOWN; a line that starts like UCI but carries a bad
 * value (`info depth x`, a PV entry that is not move text, `bestmove` with
 * nothing after it) is CHEOPS_UCI_MESSAGE_MALFORMED.  The engine client
 * counts both kinds to detect an engine that prints nonsense.
 *
 * Move text is a variant's machine move text (DESIGN.md section 3): from-cell then
 * to-cell and an optional lower-case piece letter (Cheops "d3e4", "i8i9q";
 * TrigChess "b5b6d"), plus the UCI null move "0000".  A `bestmove` or
 * `ponder` move whose piece letter is upper case ("i8i9Q", which some
 * engines print) is returned with that letter lower-cased; which letters
 * exist is the variant's to say.  The parser checks the
 * shape only; whether a move is legal is for the variant's core to say.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* CheopsUciMessageKind: what one line of engine output is. */
typedef enum {
  CHEOPS_UCI_MESSAGE_EMPTY = 0,   /* blank line: ignore it */
  CHEOPS_UCI_MESSAGE_UNKNOWN,     /* not UCI (a banner, debug output, garbage) */
  CHEOPS_UCI_MESSAGE_MALFORMED,   /* a UCI keyword with unreadable arguments */
  CHEOPS_UCI_MESSAGE_ID,          /* `id name X` / `id author X` */
  CHEOPS_UCI_MESSAGE_UCIOK,       /* `uciok` */
  CHEOPS_UCI_MESSAGE_READYOK,     /* `readyok` */
  CHEOPS_UCI_MESSAGE_OPTION,      /* `option name X type T ...` */
  CHEOPS_UCI_MESSAGE_INFO,        /* `info ...` */
  CHEOPS_UCI_MESSAGE_BESTMOVE,    /* `bestmove M [ponder P]` */
} CheopsUciMessageKind;

/* CheopsUciScoreKind: how an `info` line scored the position. */
typedef enum {
  CHEOPS_UCI_SCORE_NONE = 0,      /* no `score` in the line */
  CHEOPS_UCI_SCORE_CP,            /* centipawns (hundredths of a Pawn) */
  CHEOPS_UCI_SCORE_MATE,          /* moves (not plies) to an Ascension; see CheopsUciInfo */
} CheopsUciScoreKind;

/* CheopsUciBound: whether a score is exact or a search-window bound. */
typedef enum {
  CHEOPS_UCI_BOUND_EXACT = 0,
  CHEOPS_UCI_BOUND_LOWER,         /* `lowerbound`: the true score is at least this */
  CHEOPS_UCI_BOUND_UPPER,         /* `upperbound`: the true score is at most this */
} CheopsUciBound;

/* CheopsUciInfoField: bits of CheopsUciInfo.fields, one per key the line
 * carried, so that "absent" and "zero" can be told apart. */
typedef enum {
  CHEOPS_UCI_INFO_DEPTH    = 1 << 0,
  CHEOPS_UCI_INFO_SELDEPTH = 1 << 1,
  CHEOPS_UCI_INFO_MULTIPV  = 1 << 2,
  CHEOPS_UCI_INFO_SCORE    = 1 << 3,
  CHEOPS_UCI_INFO_NODES    = 1 << 4,
  CHEOPS_UCI_INFO_NPS      = 1 << 5,
  CHEOPS_UCI_INFO_HASHFULL = 1 << 6,
  CHEOPS_UCI_INFO_TIME     = 1 << 7,
  CHEOPS_UCI_INFO_PV       = 1 << 8,
  CHEOPS_UCI_INFO_STRING   = 1 << 9,
  CHEOPS_UCI_INFO_CURRMOVE = 1 << 10,
  CHEOPS_UCI_INFO_CURRMOVENUMBER = 1 << 11,
} CheopsUciInfoField;

/* CheopsUciInfo: the contents of one `info` line.  A field whose bit is not
 * in @fields holds 0 (multipv: 1, pv, string and currmove: NULL).
 *
 * A long iteration's progress line (`info depth D seldepth S nodes N nps X
 * hashfull H time T currmove M currmovenumber K`, the engine's "still
 * working" report, at least once a second) has no score and no PV: it
 * carries the depth being searched, the counters, and the root move being
 * searched (@currmove, its 1-based place in the engine's order
 * @currmovenumber). */
typedef struct {
  guint               fields;     /* CheopsUciInfoField bits */
  int                 depth;      /* plies */
  int                 seldepth;   /* plies */
  int                 multipv;    /* 1-based index of this line; 1 when absent */
  CheopsUciScoreKind  score_kind;
  /* Seen from the side to move in the searched position (UCI convention).
   * CP: centipawns.  MATE: +N = the side to move achieves the Ascension in
   * N moves, -N = its opponent does (DESIGN.md section 5). */
  int                 score;
  /* MATE only: TRUE when the side to move is the one mated, i.e. the number
   * was negative, including "-0" ("mate -0": it is mated in the searched
   * position), which @score (0) alone cannot tell from "mate 0".  FALSE for
   * CP and NONE. */
  gboolean            mate_losing;
  CheopsUciBound      bound;
  gint64              nodes;
  gint64              nps;        /* nodes per second */
  int                 hashfull;   /* transposition table use, per mille (0..1000) */
  gint64              time_ms;    /* milliseconds since `go` */
  char              **pv;         /* (owned) NULL-terminated move texts, or NULL */
  char               *string;     /* (owned) the text after `info string`, or NULL */
  char               *currmove;   /* (owned) move text of `currmove`, or NULL */
  int                 currmovenumber; /* 1-based, 0 when absent */
} CheopsUciInfo;

/* CheopsUciOptionType: the `type` of an `option` line. */
typedef enum {
  CHEOPS_UCI_OPTION_CHECK = 0,
  CHEOPS_UCI_OPTION_SPIN,
  CHEOPS_UCI_OPTION_COMBO,
  CHEOPS_UCI_OPTION_BUTTON,
  CHEOPS_UCI_OPTION_STRING,
} CheopsUciOptionType;

/* CheopsUciOption: one `option` line.  Names may hold spaces ("Clear Hash");
 * @default_value is NULL when absent; @min/@max are meaningful for SPIN
 * only; @vars lists the values of a COMBO (NULL-terminated, or NULL). */
typedef struct {
  char               *name;           /* (owned) */
  CheopsUciOptionType type;
  char               *default_value;  /* (owned) (nullable) */
  gint64              min;
  gint64              max;
  char              **vars;           /* (owned) (nullable) */
} CheopsUciOption;

/* CheopsUciMessage: one parsed line.  Only the member named by @kind is
 * filled; everything else is zero.  Free what it owns with
 * cheops_uci_message_clear(). */
typedef struct {
  CheopsUciMessageKind kind;
  /* ID: @id_key is "name" or "author" (or another key), @id_value the rest
   * of the line. */
  char           *id_key;
  char           *id_value;
  /* OPTION */
  CheopsUciOption option;
  /* INFO */
  CheopsUciInfo   info;
  /* BESTMOVE: @bestmove is the move text, or NULL when the engine had no
   * move ("bestmove (none)" or "bestmove 0000"); @ponder may be NULL. */
  char           *bestmove;
  char           *ponder;
  /* MALFORMED: TRUE when the line was a `bestmove` whose move is not move
   * text ("bestmove i8i9=q"), so that the client can say so. */
  gboolean        bad_bestmove;
} CheopsUciMessage;

/**
 * cheops_uci_parse_line:
 * @line: one line of engine output, without or with its "\n" / "\r\n";
 *   any bytes (it need not be UTF-8; a line that is not UTF-8 is UNKNOWN)
 * @message: (out caller-allocates): filled with the result; the caller
 *   frees its contents with cheops_uci_message_clear()
 *
 * Parses one line of engine output.  Never fails: garbage is reported in
 * @message->kind (UNKNOWN or MALFORMED).
 *
 * Returns: @message->kind
 */
CheopsUciMessageKind cheops_uci_parse_line      (const char       *line,
                                                 CheopsUciMessage *message);

/**
 * cheops_uci_message_clear:
 * @message: a message filled by cheops_uci_parse_line()
 *
 * Frees what @message owns and zeroes it.  Safe on a zeroed message.
 */
void                 cheops_uci_message_clear   (CheopsUciMessage *message);

/**
 * cheops_uci_info_copy:
 * @dest: (out caller-allocates): receives a deep copy
 * @src: the info to copy
 *
 * Deep-copies @src into @dest; free @dest with cheops_uci_info_clear().
 */
void                 cheops_uci_info_copy       (CheopsUciInfo       *dest,
                                                 const CheopsUciInfo *src);
/* Frees what @info owns and zeroes it (multipv back to 1). */
void                 cheops_uci_info_clear      (CheopsUciInfo *info);
/* Frees what @option owns and zeroes it. */
void                 cheops_uci_option_clear    (CheopsUciOption *option);
/* Deep-copies @src into @dest; free @dest with cheops_uci_option_clear(). */
void                 cheops_uci_option_copy     (CheopsUciOption       *dest,
                                                 const CheopsUciOption *src);

/**
 * cheops_uci_is_move_text:
 * @text: a word
 *
 * Returns: %TRUE if @text has the shape of machine move text of any
 *   variant: two cell names (a lower-case letter and one or two digits)
 *   with an optional payload, a lower-case piece letter or up to four
 *   digits (Cheops `d3e4`, `h8i9q`; TrigChess `b5b6d`; Pyramids `d4e531`),
 *   or a drop `P@c5`, either of them optionally followed by a comma and a
 *   second part (Cypher's `a0a1,b1b0`), or the UCI null move "0000".  No
 *   blank, control character or `;` can pass.  Checks the shape,
 *   not legality: the variant's own move text reads the move
 *   (cheops_move_from_text(), cheops-uci-san.h).
 */
gboolean             cheops_uci_is_move_text    (const char *text);

/**
 * cheops_uci_format_position:
 * @fen: (nullable): the FEN of the start position (DESIGN.md section 3), or
 *   %NULL for `startpos`
 * @moves: (nullable) (array zero-terminated=1): move texts played from it
 *
 * Formats `position startpos|fen <FEN> [moves <m1> <m2> ...]`.  Refuses
 * (returns %NULL) a FEN or a move that contains a line break or a control
 * character, or a move that is not move text, so that no input can smuggle
 * a second command into the engine.
 *
 * Returns: (transfer full) (nullable): the command, without a newline
 */
char                *cheops_uci_format_position (const char        *fen,
                                                 const char *const *moves);

/**
 * cheops_uci_format_setoption:
 * @name: the option's name (may contain spaces, as UCI allows)
 * @value: (nullable): its value, %NULL for a button
 *
 * Formats `setoption name <name> [value <value>]`.
 *
 * Returns: (transfer full) (nullable): the command without a newline, or
 *   %NULL if @name is empty or either string holds a control character
 */
char                *cheops_uci_format_setoption (const char *name,
                                                  const char *value);

/**
 * cheops_uci_format_go:
 * @depth: plies, or 0 for no depth limit
 * @nodes: nodes, or 0 for no node limit
 * @movetime_ms: milliseconds, or 0 for no time limit
 *
 * Formats a `go` command.  With all three 0 it is `go infinite`: the engine
 * searches until `stop` (and then answers `bestmove`).
 *
 * Returns: (transfer full): the command, without a newline
 */
char                *cheops_uci_format_go       (int    depth,
                                                 gint64 nodes,
                                                 gint64 movetime_ms);

G_END_DECLS
