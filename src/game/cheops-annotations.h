/* cheops-annotations.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The annotations a node carries besides its comments: an evaluation
 * ([%eval]), arrows ([%cal]) and cell marks ([%csl]), written in game files
 * inside a comment in the bracket-percent style of chess tools (DESIGN.md
 * section 4).  Commands this library does not know ("[%foo 1]") and known
 * commands it cannot read are kept verbatim and written back unchanged;
 * [%clk] and [%emt] are kept so too, and read by
 * cheops_annotations_get_time().
 */
#pragma once

#include <glib.h>

#include "cheops-game-types.h"
#include "cheops-variant.h"

G_BEGIN_DECLS

/* The four colours of arrows and marks, as the letters G R Y B of files. */
typedef enum {
  CHEOPS_MARK_GREEN,
  CHEOPS_MARK_RED,
  CHEOPS_MARK_YELLOW,
  CHEOPS_MARK_BLUE,
  CHEOPS_MARK_COLOUR_NB
} CheopsMarkColour;

/* 'G' 'R' 'Y' 'B'. */
char     cheops_mark_colour_to_letter   (CheopsMarkColour  colour);
/* Reads 'G' 'R' 'Y' 'B' (upper case only); FALSE for anything else. */
gboolean cheops_mark_colour_from_letter (char              letter,
                                         CheopsMarkColour *colour);

typedef enum {
  CHEOPS_EVAL_NONE,        /* no [%eval] */
  CHEOPS_EVAL_CENTIPAWNS,  /* [%eval 0.53]: value in centipawns */
  CHEOPS_EVAL_ASCENSION,   /* [%eval #4]: an Ascension (8.1) in |value| moves */
} CheopsEvalKind;

/* An evaluation, always from the view of the a side (upper case in FEN),
 * as UCI's "white" is: positive is good for a.  For CHEOPS_EVAL_ASCENSION,
 * value > 0 means a achieves the Ascension in value moves, value < 0 means q
 * does in -value moves; 0 means the Ascension has been achieved ("#0").
 * @depth is the search depth in plies, 0 when not given.  File form:
 * "[%eval 0.53]", "[%eval -1.20,22]", "[%eval #4]", "[%eval #-3,30]". */
typedef struct {
  CheopsEvalKind kind;
  int            value;
  int            depth;
} CheopsEval;

/* Cells are those of the game's variant (cell indexes of its board), and
 * files name them as the variant does (cheops_variant_cell_parse() and
 * cheops_variant_cell_name()): "Gc5e6" of a TrigChess game is TrigChess's
 * c5 and e6 (trigchess.md TR3), of a Cheops game Cheops's.  A [%cal] or
 * [%csl] naming a cell the variant does not have is not read: it is kept
 * verbatim, as commands not known are (see @others below). */

/* An arrow from @from to @to (which differ), file form "Gd2f3". */
typedef struct {
  CheopsMarkColour colour;
  CheopsCell       from;
  CheopsCell       to;
} CheopsArrow;

/* A highlighted cell, file form "Ri9". */
typedef struct {
  CheopsMarkColour colour;
  CheopsCell       cell;
} CheopsCellMark;

/* The annotations of one node.  Read the fields freely; the arrays are
 * never NULL.  @arrows holds CheopsArrow, @marks CheopsCellMark, each in the
 * order given, without duplicates of the same cells; @others holds the
 * commands not read here, as strings without the brackets ("%clk 0:05:00"),
 * in the order given. */
struct _CheopsAnnotations {
  CheopsEval  eval;
  GArray     *arrows;
  GArray     *marks;
  GPtrArray  *others;
};

CheopsAnnotations *cheops_annotations_new       (void);
CheopsAnnotations *cheops_annotations_copy      (const CheopsAnnotations *self);
void               cheops_annotations_free      (CheopsAnnotations       *self);
/* Whether @a and @b say the same (same eval, same arrows, marks and other
 * commands in the same order).  NULL counts as empty. */
gboolean           cheops_annotations_equal     (const CheopsAnnotations *a,
                                                 const CheopsAnnotations *b);
/* Whether @self is NULL or holds nothing. */
gboolean           cheops_annotations_is_empty  (const CheopsAnnotations *self);

/* Adds the arrow, or removes it if the same arrow in the same colour is
 * there already; an arrow between the same cells in another colour is
 * recoloured.  The gesture of drawing arrows on a board.  @from and @to
 * are cells of @variant's board (a g_return_if_fail() otherwise). */
void               cheops_annotations_toggle_arrow (CheopsAnnotations   *self,
                                                    const CheopsVariant *variant,
                                                    CheopsMarkColour     colour,
                                                    CheopsCell           from,
                                                    CheopsCell           to);
/* The same for a cell mark. */
void               cheops_annotations_toggle_mark  (CheopsAnnotations   *self,
                                                    const CheopsVariant *variant,
                                                    CheopsMarkColour     colour,
                                                    CheopsCell           cell);

/* Reads one command, @length bytes of @text (-1: up to its NUL), the text
 * between "[" and "]" such as "%eval 0.53" or "%cal Gd2f3,Ri5i9", into
 * @self, the cells of [%cal] and [%csl] named as @variant (the game's)
 * names them.  A later [%eval] replaces an earlier one; [%cal] and [%csl]
 * add to what is there.  A command this library does not know, or cannot
 * read (a cell name @variant does not have among them: the whole command
 * then), goes to @others unchanged.  Never fails. */
void               cheops_annotations_add_command  (CheopsAnnotations   *self,
                                                    const CheopsVariant *variant,
                                                    const char          *text,
                                                    gssize               length);
/* Appends the file form of @self to @out: "[%eval 0.53] [%cal Gd2f3,Ri5i9]
 * [%csl Ri9] [%clk 0:05:00]", commands separated by one space, nothing for
 * an empty @self; cells named by @variant (the game's).  An arrow or mark
 * with a cell outside @variant's board (never read from a file: only a
 * caller filling the arrays by hand makes one) is left out. */
void               cheops_annotations_append       (const CheopsAnnotations *self,
                                                    const CheopsVariant     *variant,
                                                    GString                 *out);

/* The two clock commands of chess tools (as Lichess and chess.com write
 * them): [%clk H:MM:SS] the time left on the mover's clock after the move,
 * [%emt H:MM:SS] the time the move took; seconds may carry a fraction
 * ("0:04:57.3", up to three digits).  They are kept in @others as written,
 * in their place, so that a file's text comes back unchanged; these read
 * and set them. */
typedef enum {
  CHEOPS_TIME_CLOCK,    /* [%clk] */
  CHEOPS_TIME_ELAPSED,  /* [%emt] */
} CheopsTimeKind;

/* Reads the first [%clk] (or [%emt]) of @self (may be NULL) into *@ms, in
 * milliseconds.  FALSE (*@ms untouched) when there is none or it is not
 * of the form H:MM:SS[.f] (hours any number of digits, minutes and seconds
 * two digits below 60, one to three digits of fraction): such a command
 * is kept, not read. */
gboolean           cheops_annotations_get_time     (const CheopsAnnotations *self,
                                                    CheopsTimeKind           kind,
                                                    gint64                  *ms);
/* Sets the [%clk] (or [%emt]) of @self to @ms milliseconds (>= 0), written
 * "H:MM:SS", with tenths or milliseconds when @ms has them ("0:04:57.3"),
 * in place of the ones there (the first keeps its place, else at the
 * end); @ms < 0 removes them.  For the clock of a game played in the
 * studio. */
void               cheops_annotations_set_time     (CheopsAnnotations       *self,
                                                    CheopsTimeKind           kind,
                                                    gint64                   ms);
/* The text of @ms milliseconds (>= 0) as [%clk] writes it: "H:MM:SS",
 * "H:MM:SS.s" or "H:MM:SS.mmm".  Free with g_free(). */
char              *cheops_time_format              (gint64                   ms);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CheopsAnnotations, cheops_annotations_free)

G_END_DECLS
