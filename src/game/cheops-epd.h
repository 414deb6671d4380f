/* cheops-epd.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Test-position suites: EPD-like lines, one position a line, as chess
 * engines' test suites are written:
 *
 *   <levels> <side> [<halfmove> <fullmove>] {<opcode> {<operand>} ;}
 *
 * e.g.  1/3/.../AKMSAPP3ppasmka a bm Mf5 Ae2; id "suite.001"; c0 "sharp";
 *
 * The position is the FEN of the line's variant (DESIGN.md section 3),
 * as many fields as that variant's FEN has (Cypher chess's seven, with its
 * hands, check counters and mark; Pyramids's rights field): the FEN is the
 * longest run of the line's first fields the variant reads, the rest being
 * operations; the counters may be left out (0 and 1) where the variant
 * allows it.  The variant is named by the
 * operation "variant NAME;" anywhere on the line (NAME: any name
 * cheops_variant_find() knows, e.g. "trigchess", quoted if it has spaces:
 * variant "Step and Circle TrigChess";), else it is the reader's
 * (cheops_epd_read_string_for_variant()), else Cheops.  An unknown name is
 * an error at it ("unknown variant “xiangqi”"); "variant" without exactly
 * one operand is an error too.  It is not kept as an operation: it is the
 * record's position's variant.  Operands of "bm" (best moves) and "am"
 * (avoid moves) are record notation, checked through that variant's rules
 * and kept in canonical SAN; other operands are kept as written (a quoted
 * operand without its quotes: every byte between them but a line break,
 * \" and \\ being escapes).  Empty lines and lines starting with "#" or
 * "%" are skipped; a line holding a NUL byte is a bad line ("unexpected
 * control character U+0000" at it).  The writer writes the full FEN, then
 * "variant NAME;" (the variant's name) for a variant other than Cheops,
 * then each operation, quoting operands of id, c0..c9 and any that is empty
 * or holds a blank (space, tab, CR), ";", a quote or a backslash: every
 * operand reads back as it was.
 */
#pragma once

#include <glib.h>

#include "cheops-game-types.h"
#include "cheops-pgn.h"

G_BEGIN_DECLS

/* One operation: an opcode and its operands (strings). */
typedef struct {
  char      *opcode;
  GPtrArray *operands;
} CheopsEpdOperation;

/* One line of a suite.  @operations holds CheopsEpdOperation in the order
 * given (each opcode at most once; a repeated opcode replaces the earlier
 * one); @line is where it was read (0 for one built in code). */
struct _CheopsEpdRecord {
  CheopsPosition  position;
  GPtrArray      *operations;
  guint           line;
};

CheopsEpdRecord *cheops_epd_record_new        (const CheopsPosition *position);
void             cheops_epd_record_free       (CheopsEpdRecord      *self);
/* The operands of @opcode (borrowed array of strings), or NULL. */
GPtrArray       *cheops_epd_record_get        (CheopsEpdRecord      *self,
                                               const char           *opcode);
/* The first operand of @opcode (for "id", "c0"...), or NULL. */
const char      *cheops_epd_record_get_string (CheopsEpdRecord      *self,
                                               const char           *opcode);
/* Sets @opcode to the @n_operands strings of @operands (replacing).  For bm
 * and am they must be moves of the position (record notation or machine
 * move text): FALSE with a CHEOPS_GAME_ERROR move error otherwise.  The
 * opcode must be a letter followed by letters, digits or underscores, and
 * not "variant" (the position's); no operand may hold a line break (an EPD
 * line cannot): FALSE with CHEOPS_GAME_ERROR_INVALID otherwise. */
gboolean         cheops_epd_record_set        (CheopsEpdRecord      *self,
                                               const char           *opcode,
                                               const char * const   *operands,
                                               guint                 n_operands,
                                               GError              **error);
/* Whether @move is among the operands of @opcode ("bm", "am"). */
gboolean         cheops_epd_record_has_move   (CheopsEpdRecord      *self,
                                               const char           *opcode,
                                               CheopsMove            move);
/* The line of @self, without line break, newly allocated. */
char            *cheops_epd_record_to_string  (CheopsEpdRecord      *self);

/* All the records of @length bytes of @text (-1: NUL-terminated), a new
 * array of CheopsEpdRecord.  Bad lines are left out and, if @errors is not
 * NULL, reported in a new array of CheopsPgnError (game_index = the index of
 * the line among the non-skipped lines). */
GPtrArray       *cheops_epd_read_string       (const char  *text,
                                               gssize       length,
                                               GPtrArray  **errors);
/* The same, a line without a "variant" operation being of @variant (NULL:
 * Cheops): for a suite of one game, e.g. TrigChess's. */
GPtrArray       *cheops_epd_read_string_for_variant (const char          *text,
                                                     gssize               length,
                                                     const CheopsVariant *variant,
                                                     GPtrArray          **errors);
/* The text of the CheopsEpdRecords in @records, one line each. */
char            *cheops_epd_write             (GPtrArray   *records);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (CheopsEpdRecord, cheops_epd_record_free)

G_END_DECLS
