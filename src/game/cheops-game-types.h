/* cheops-game-types.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared declarations of libcheops-game: the forward type names, the error
 * domain, and the Numeric Annotation Glyphs (NAGs) of game files
 * (DESIGN.md section 4).
 */
#pragma once

#include <glib.h>

#include "cheops-core.h"

G_BEGIN_DECLS

typedef struct _CheopsGame          CheopsGame;
typedef struct _CheopsGameNode      CheopsGameNode;
typedef struct _CheopsAnnotations   CheopsAnnotations;
typedef struct _CheopsPgnError      CheopsPgnError;
typedef struct _CheopsPgnReader     CheopsPgnReader;
typedef struct _CheopsEpdRecord     CheopsEpdRecord;

/**
 * CHEOPS_GAME_ERROR:
 *
 * The error domain of libcheops-game (GError).  Codes are #CheopsGameError.
 * Errors of the file system come in G_FILE_ERROR instead.
 */
#define CHEOPS_GAME_ERROR (cheops_game_error_quark ())
GQuark cheops_game_error_quark (void);

/**
 * CheopsGameError:
 * @CHEOPS_GAME_ERROR_SYNTAX: text that is not a game file (an unclosed
 *   comment or variation, a stray character, a malformed tag)
 * @CHEOPS_GAME_ERROR_BAD_FEN: a FEN that the core rejects (DESIGN.md 3, R9)
 * @CHEOPS_GAME_ERROR_BAD_MOVE: text in the place of a move that is no move
 * @CHEOPS_GAME_ERROR_ILLEGAL_MOVE: a move that cannot be played there
 * @CHEOPS_GAME_ERROR_AMBIGUOUS_MOVE: record notation that fits two moves
 * @CHEOPS_GAME_ERROR_RESULT: a result that contradicts the Result tag
 * @CHEOPS_GAME_ERROR_VARIANT: a [Variant] that names no variant
 *   (cheops_variant_find())
 * @CHEOPS_GAME_ERROR_INVALID: an argument the game model refuses (a comment
 *   with "}" or "[%", a bad tag name, a bad result)
 */
typedef enum {
  CHEOPS_GAME_ERROR_SYNTAX,
  CHEOPS_GAME_ERROR_BAD_FEN,
  CHEOPS_GAME_ERROR_BAD_MOVE,
  CHEOPS_GAME_ERROR_ILLEGAL_MOVE,
  CHEOPS_GAME_ERROR_AMBIGUOUS_MOVE,
  CHEOPS_GAME_ERROR_RESULT,
  CHEOPS_GAME_ERROR_VARIANT,
  CHEOPS_GAME_ERROR_INVALID,
} CheopsGameError;

/* NAGs (0..255) as PGN numbers them.  A node keeps them in the order they
 * were given.  Three families:
 *   - move glyphs, 1..9: the six below, 7 forced, 8 singular, 9 worst;
 *   - position glyphs, 10..21: = (10), unclear (13), += (14), =+ (15),
 *     +/- (16), -/+ (17), +- (18), -+ (19) ... (from the a side's view);
 *   - observation glyphs, 22..255 (zugzwang, development, time trouble...).
 * The suffixes ! ? !! ?? !? ?! of record notation are read as 1..6. */
#define CHEOPS_NAG_GOOD         1   /* !  */
#define CHEOPS_NAG_MISTAKE      2   /* ?  */
#define CHEOPS_NAG_BRILLIANT    3   /* !! */
#define CHEOPS_NAG_BLUNDER      4   /* ?? */
#define CHEOPS_NAG_INTERESTING  5   /* !? */
#define CHEOPS_NAG_DUBIOUS      6   /* ?! */
#define CHEOPS_NAG_MOVE_LAST    9
#define CHEOPS_NAG_POSITION_FIRST 10
#define CHEOPS_NAG_POSITION_LAST  21

typedef enum {
  CHEOPS_NAG_KIND_NONE,         /* 0, the null annotation */
  CHEOPS_NAG_KIND_MOVE,         /* 1..9 */
  CHEOPS_NAG_KIND_POSITION,     /* 10..21 */
  CHEOPS_NAG_KIND_OBSERVATION,  /* 22..255 */
} CheopsNagKind;

/* The family of @nag. */
CheopsNagKind cheops_nag_get_kind   (guint8 nag);
/* The suffix form of a move glyph 1..6 ("!", "?", "!!", "??", "!?", "?!"),
 * or NULL for any other NAG (which files write as "$n"). */
const char   *cheops_nag_to_suffix  (guint8 nag);

G_END_DECLS
