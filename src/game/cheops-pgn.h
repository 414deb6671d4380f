/* cheops-pgn.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Game files (DESIGN.md section 4): PGN-shaped text, any number of games in
 * a file.
 *
 * Reading: a UTF-8 BOM and CRLF line ends are accepted; "%" escape lines
 * (a "%" in a line's first column) are no part of a game's tree but are
 * kept with the games (see Writing); tags are [Name "value"] with \" and \\ escapes; movetext has
 * move numbers in every common form ("12." "12..." "12…" "12. ..."), record
 * notation or machine move text checked through the core, {} and ;
 * comments, ( ) variations to any depth (read without recursion), NAGs "$n"
 * and the suffixes ! ? !! ?? !? ?!, [%...] commands inside comments, and a
 * result.  A {} comment may span lines, but not a line that starts a tag
 * pair nor an escape line: one not closed before such a line is an error
 * (the "}" of an escape line closes nothing).  A bad game gives an error with line and column and the reader
 * goes on with the next one; the part of the bad game read before the error
 * is still returned, with its original text (cheops_game_get_source():
 * from the head of its first line (its first tag or move, with the blanks
 * before it on that line; from that tag or move only when something of the
 * game before stands on the line) to its last character, every byte,
 * NUL included).  A "{" comment, "("
 * variation or tag left open ends at the next line that starts a tag pair
 * ("[Name \"" at the head of a line, after blanks): reading resumes there,
 * with the next game.  So a closed comment may span lines, but not a line
 * that starts a tag pair.  A Result tag that differs from the result after
 * the moves is an error; the tag is kept as written.
 * [Variant "..."] chooses the game (any name cheops_variant_find() knows:
 * its name, title or an alias, in any case, white space around it
 * ignored; none is Cheops); an unknown one is an error ("unknown variant
 * “Xiangqi”", at its value) and the game is kept as text.  The FEN and
 * the moves are read as that variant's.  A record ends where the game does
 * with a winner (cheops_game_node_get_outcome(), repetition included, e.g.
 * TrigChess TR15): a move after that is an error at that move ("illegal
 * move Kh6 at 3...: the game is over: Green wins by the Ascension."), and
 * a result other than "*" that contradicts it is an error at the result
 * (or the Result tag).  A draw that leaves moves (Cheops 8.4.3) is not an
 * end of the record, as it never was.  A comment at the start of the game belongs to the
 * root, one at the start of a variation is the first move's comment before,
 * any other to the move before it; several in a row are joined by a space.
 * A comment's blanks become single spaces, except a run that holds a blank
 * line, which becomes a paragraph break ("\n" in the comment's text).
 * Three things carry no information and are not kept: an empty comment
 * "{}", the null annotation "$0", and a NAG repeated on the same move.  A
 * text before a game's tags (a file's opening comment) is a game of its own,
 * without tags, holding that comment.  The tag section ends at a blank line
 * or at a tag whose name the game already has: so tags followed by a blank
 * line and the next game's tags are a game of their own, without moves, its
 * result its Result tag's (or "*").
 * Bytes that are not UTF-8 text, or a NUL, are errors of the game that
 * holds them (a tag value, a comment, the moves: "bytes that are not UTF-8
 * text", "unexpected control character U+0000", "this comment is not UTF-8
 * text"), with line and column; that game keeps its bytes as its source
 * text and the other games read as they are.  So a file of any bytes can
 * be read, and written back whole (cheops_pgn_write_games_to_bytes()).
 *
 * Writing: a game read with errors and not edited since is written back as
 * it was read (its source text, every byte; one that starts with "%" after
 * a blank, as it did not start a line), so that nothing of the file is
 * lost; any other game as canonical text.  Escape lines are written where
 * they were: those before a game (the file's first lines, or between two
 * games) before it, those after the last game after it; those inside a game
 * are in its source text, or, for a game written canonically, before its
 * tags (after those before it).  Each is written as read, without its CR.
 * A text with escape lines and no game at all has no game to hold them:
 * they are not kept.  Tags: the seven of the roster (with the
 * variant's colour tags), [Variant "<the variant's title>"] ("Cheops",
 * "Step and Circle TrigChess"), [SetUp "1"] and [FEN] when the start is not
 * the variant's initial position (for Cheops: with a to move) (so a game in which q moved first, A.4, carries
 * "... q 0 1"), then the others in order.  Movetext: lines of at most 80
 * columns (only a single word longer than that can overflow), move numbers
 * for each move of a and after every comment or variation ("14... Mf5"),
 * NAGs as "$n", annotations first in the comment after a move, the result.
 * A comment that holds "}" (read from a ";" comment) is written as a ";"
 * comment, which ends its line (its paragraph breaks become spaces).  A
 * paragraph break is written as a blank line; a paragraph that starts with
 * "%" starts its line with a space.  A word "[" or "[Name" of a comment
 * never starts a line (it stays on the line of the word before it, a
 * paragraph break before it becomes a space), so that no comment is taken
 * for a tag pair.  A [% command without its "]" is read as
 * running to the end of its comment.
 * Reading what was written gives an equal game (cheops_game_equal()) and
 * writing it again gives the same text.
 */
#pragma once

#include <glib.h>

#include "cheops-game.h"
#include "cheops-game-types.h"

G_BEGIN_DECLS

/* One error in a game file.  @line and @column are 1-based; the column
 * counts characters (UTF-8 code points; a tab is one), not counting a BOM.
 * @game_index is the 0-based number of the game in the file; @message says
 * what is wrong, e.g. "illegal move Mxf5 at 14...: no Swordmaster can reach
 * f5", without the position. */
struct _CheopsPgnError {
  CheopsGameError  code;
  guint            line;
  guint            column;
  guint            game_index;
  char            *message;
};

void             cheops_pgn_error_free          (CheopsPgnError *self);
/* "LINE:COLUMN: MESSAGE", newly allocated. */
char            *cheops_pgn_error_to_string     (const CheopsPgnError *self);

/* A reader that hands out the games of a text one by one (for large files:
 * only one game is in memory at a time). */

/* Reads @length bytes of @text (-1: up to its NUL); the text is copied. */
CheopsPgnReader *cheops_pgn_reader_new          (const char  *text,
                                                 gssize       length);
/* Reads @bytes (referenced, not copied). */
CheopsPgnReader *cheops_pgn_reader_new_from_bytes (GBytes    *bytes);
/* Reads the file at @path (mapped, not copied); NULL with a G_FILE_ERROR
 * if it cannot be opened (G_FILE_ERROR_ISDIR "PATH: is a directory" for a
 * directory). */
CheopsPgnReader *cheops_pgn_reader_new_for_path (const char  *path,
                                                 GError     **error);
void             cheops_pgn_reader_free         (CheopsPgnReader *self);
/* The variant of the games that follow without a [Variant] tag: @variant
 * (not copied: a static table), or Cheops for NULL (the default of a new
 * reader).  A [Variant] tag still names its game's variant. */
void             cheops_pgn_reader_set_default_variant (CheopsPgnReader     *self,
                                                        const CheopsVariant *variant);
/* The next game (a new reference, caller owns it), or NULL at the end of
 * the text.  The errors of that game, if any, are appended to @errors
 * (CheopsPgnError; may be NULL to ignore them); a game with errors is
 * returned as far as it could be read.  Its history is empty. */
CheopsGame      *cheops_pgn_reader_next         (CheopsPgnReader *self,
                                                 GPtrArray       *errors);
/* The "%" escape lines of a text that holds no game (issue 25: a file of
 * escape lines only keeps them), each followed by "\n" (its own line
 * break, LF, CR LF or CR, left out), once cheops_pgn_reader_next() has
 * returned NULL; NULL when the text holds a game (its games hold the
 * escape lines) or none.  A new reference, caller owns it. */
GBytes          *cheops_pgn_reader_get_escapes_without_game (CheopsPgnReader *self);
/* The line where the game last returned by cheops_pgn_reader_next()
 * starts (its first tag or move), 1-based. */
guint            cheops_pgn_reader_get_game_line (CheopsPgnReader *self);
/* Where the text of the game last returned by cheops_pgn_reader_next()
 * lies in the reader's text: *@offset its first byte (counted from the
 * text's first byte, a BOM included), *@length its bytes, as
 * cheops_game_get_source() delimits them (from the head of its first line
 * to its last character).  Reading those bytes alone gives the same game
 * (for a collection that reads its games again on demand); its errors
 * then count lines from that text's start.  Either may be NULL. */
void             cheops_pgn_reader_get_game_span (CheopsPgnReader *self,
                                                  gsize           *offset,
                                                  gsize           *length);

/* All the games of @length bytes of @text (-1: NUL-terminated): a new array
 * of CheopsGame (it owns them).  If @errors is not NULL it receives a new
 * array of CheopsPgnError (empty when all is well). */
GPtrArray       *cheops_pgn_read_string         (const char  *text,
                                                 gssize       length,
                                                 GPtrArray  **errors);
/* The same, a game without a [Variant] tag being of @variant (NULL:
 * Cheops), as cheops_pgn_reader_set_default_variant() says: for a text
 * pasted into a window of that variant. */
GPtrArray       *cheops_pgn_read_string_for_variant (const char          *text,
                                                     gssize               length,
                                                     const CheopsVariant *variant,
                                                     GPtrArray          **errors);
/* The same for the file at @path; NULL with a G_FILE_ERROR if it cannot be
 * read. */
GPtrArray       *cheops_pgn_read_file           (const char  *path,
                                                 GPtrArray  **errors,
                                                 GError     **error);
/* The first game of @text (for a paste): NULL and an error whose message
 * starts with "LINE:COLUMN: " if it has an error or there is no game. */
CheopsGame      *cheops_pgn_read_game           (const char  *text,
                                                 gssize       length,
                                                 GError     **error);

/* Appends the canonical text of @game to @out, ending with a line break. */
void             cheops_pgn_write_game_to       (CheopsGame  *game,
                                                 GString     *out);
/* The canonical text of @game, newly allocated.  A game kept as its
 * source text can hold a NUL byte, at which this C string would seem to
 * end: files are written with cheops_pgn_write_games_to_bytes() or
 * cheops_pgn_write_game_to(). */
char            *cheops_pgn_write_game          (CheopsGame  *game);
/* The canonical text of the CheopsGames in @games, one blank line between
 * two games, newly allocated (the same caveat of NUL bytes). */
char            *cheops_pgn_write_games         (GPtrArray   *games);
/* The text of cheops_pgn_write_games() as bytes with their length, every
 * byte of it (a new reference): what a file is written from. */
GBytes          *cheops_pgn_write_games_to_bytes (GPtrArray  *games);
/* Writes cheops_pgn_write_games_to_bytes() to @path by
 * cheops_file_write_atomic() (the one rule for files: the old file whole
 * on failure, its permissions kept, a link written through); FALSE with
 * its G_IO_ERROR on failure. */
gboolean         cheops_pgn_write_file          (const char  *path,
                                                 GPtrArray   *games,
                                                 GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CheopsPgnError, cheops_pgn_error_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (CheopsPgnReader, cheops_pgn_reader_free)

G_END_DECLS
