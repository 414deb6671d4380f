/* cheops-variant.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A variant: one of the games Cheops Studio plays, described by one const
 * table — its names, sides, board (as data: cells with polygons, names,
 * shades and zones, an outline, edge labels, how a flip turns it), piece
 * kinds, outcomes, and pointers straight at that game's own, specialised
 * rules code.  A CheopsPosition names its variant, so every caller dispatches
 * from the position alone; nothing outside src/core knows a board shape, a
 * piece letter or the wording of an outcome.
 *
 * Names: the prefix cheops_ (CheopsPosition, cheops_generate_moves()) names
 * the project, so it means "any variant".  Each game's own code lives in a
 * folder of its own with a prefix of its own: the game Cheops in
 * src/core/cheops/ (cheops_laws_, after the Laws of Cheops), Step and Circle
 * TrigChess in src/core/trigchess/ (trigchess_), Cypher chess in
 * src/core/cypher/ (cypher_), Pyramids in src/core/pyramids/ (pyramids_).
 */
#pragma once

#include "cheops-types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct _CheopsPosition CheopsPosition;
typedef struct _CheopsUndo     CheopsUndo;
typedef struct _CheopsVariant  CheopsVariant;

/* A point in board units: x grows to the right, y upward (away from the
 * side drawn at the bottom, side A). */
typedef struct {
  double x, y;
} CheopsPoint;

/* The most corners a cell polygon has (triangles and squares today). */
#define CHEOPS_CELL_CORNERS_MAX 4
/* The longest cell name with its NUL ("z10" of Cypher chess). */
#define CHEOPS_CELL_NAME_MAX 4

/* One cell of a board. */
typedef struct {
  char        name[CHEOPS_CELL_NAME_MAX]; /* "i9", "e3" */
  uint8_t     n_corners;                  /* 3 or 4 */
  CheopsPoint corners[CHEOPS_CELL_CORNERS_MAX]; /* counter-clockwise */
  CheopsPoint centre;                     /* where a piece is drawn */
  uint8_t     shade;                      /* index into CheopsBoardShape.shades */
  uint16_t    zones;                      /* CheopsZoneInfo bits this cell is in */
} CheopsCellInfo;

/* How a flip turns the board for a player who sits at the other side. */
typedef enum {
  CHEOPS_FLIP_MIRROR = 0,  /* left and right change places (x -> -x): Cheops */
  CHEOPS_FLIP_ROTATE = 1,  /* a half turn (x, y -> -x, -y): TrigChess, chess boards */
} CheopsFlip;

/* The mirror symmetry a game's rules keep (a problem's anticipation may
 * be its mirror image, issue 26): left to right, about the board's
 * vertical middle line (CheopsBoardShape.min.x + max.x halved), so that
 * every move, attack and game end of a position has its mirror image in
 * the mirrored position.  Each variant cites the rule that gives it
 * (CheopsVariant.mirror_rule). */
typedef enum {
  CHEOPS_MIRROR_NONE = 0,         /* the rules' board has none */
  CHEOPS_MIRROR_LEFT_RIGHT,       /* left to right; each piece keeps its side */
  CHEOPS_MIRROR_LEFT_RIGHT_SIDES, /* left to right with the two sides exchanged: the mirror takes
                                   * one side's corner to the other's, and a piece moves by its
                                   * side's corner (Cheops: a Pawn threatens toward the opponent's
                                   * corner, 4.7.2) */
} CheopsMirror;

/* How the studio marks a zone: flags. */
typedef enum {
  CHEOPS_ZONE_STYLE_NONE    = 0,       /* not drawn (a zone the rules use, e.g. a half) */
  CHEOPS_ZONE_STYLE_OUTLINE = 1 << 0,  /* a border inside the edges of each of its cells */
  CHEOPS_ZONE_STYLE_TINT    = 1 << 1,  /* each of its cells filled in the zone's colour */
  CHEOPS_ZONE_STYLE_DOT     = 1 << 2,  /* a small mark in each of its cells */
} CheopsZoneStyle;

/* A named group of cells (the Apex, the Gate; promotion trigs; Court). */
typedef struct {
  const char     *name;     /* English, translatable (N_()): "Apex" */
  uint16_t        bit;      /* its bit in CheopsCellInfo.zones */
  CheopsZoneStyle style;
  double          rgb[3];   /* its colour, 0..1 */
  int8_t          side;     /* the side it belongs to (a promotion zone), or -1 */
  /* The colour of the OUTLINE style's border, 0..1, with its opacity in
   * [3]; all 0 (the default) draws the border opaque in rgb. */
  double          outline_rgba[4];
} CheopsZoneInfo;

/* A coordinate written along an edge of the board. */
typedef struct {
  const char *text;         /* "a", "9" */
  CheopsPoint at;           /* its centre, in board units */
} CheopsEdgeLabel;

/* The board as data: the view draws and hit-tests these polygons and knows
 * no game.  Units: each variant's own (its spec gives them); y is already
 * scaled to true proportions (a triangle's height is sqrt(3) when its side
 * is 2). */
typedef struct {
  int                    n_cells;
  const CheopsCellInfo  *cells;        /* n_cells, by cell index */
  int                    n_outline;
  const CheopsPoint     *outline;      /* the board's outline, counter-clockwise */
  CheopsPoint            min, max;     /* bounding box of the outline */
  int                    n_labels;
  const CheopsEdgeLabel *labels;
  int                    n_shades;     /* 2 (light, dark) or more (Cypher's sectors) */
  const char *const     *shade_names;  /* n_shades, English: "light", "dark" */
  const double         (*shade_rgb)[3]; /* n_shades colours of the default theme, 0..1 */
  double                 edge_rgb[3];  /* the outline's colour */
  int                    n_zones;
  const CheopsZoneInfo  *zones;
  CheopsFlip             flip;
  /* How the studio lays the labels out, in board units; 0 for the
   * defaults.  label_size: the height of a label's text (default: 0.73 of
   * the smallest cell's inradius).  margin: the room kept around the
   * bounding box for the labels — left, bottom, right, top (default: the
   * box of the labels' centres grown by label_size, or label_size where
   * there are no labels). */
  double                 label_size;
  double                 margin[4];
} CheopsBoardShape;

/* One step of a piece's mark: data the studio draws, so that a variant's
 * pieces need no widget code.  Coordinates are in units of the mark's
 * radius, x to the right and y downward, (0, 0) at the cell's centre. */
typedef enum {
  CHEOPS_MARK_END = 0,
  CHEOPS_MARK_DISC,         /* the piece's disc in its side's colour: a = radius (1 full) */
  CHEOPS_MARK_CUTOUT,       /* a polygon of n points cut out of the disc */
  CHEOPS_MARK_FILL,         /* a filled polygon of n points, outlined with width w */
  CHEOPS_MARK_STROKE,       /* an open polyline of n points, width w */
  CHEOPS_MARK_SEGMENTS,     /* n/2 separate line segments, width w */
  CHEOPS_MARK_RING,         /* a circle of radius a at pts[0], width w */
  CHEOPS_MARK_DOT,          /* a filled circle of radius a at pts[0] */
  CHEOPS_MARK_TEXT,         /* the text s, height a, centred at pts[0] */
} CheopsMarkOpKind;

#define CHEOPS_MARK_POINTS_MAX 12

typedef struct {
  CheopsMarkOpKind op;
  uint8_t          n;                          /* points used */
  float            w, a;
  float            pts[CHEOPS_MARK_POINTS_MAX][2];
  const char      *s;
} CheopsMarkOp;

/* A piece kind of a variant. */
typedef struct {
  char                letter;      /* FEN and SAN letter, upper case ('K'); side B writes it in lower case */
  const char         *name;        /* English, translatable (N_()): "Dome" */
  const CheopsMarkOp *mark;        /* ends with CHEOPS_MARK_END */
  bool                placeable;   /* the set-up palette offers it */
} CheopsPieceInfo;

/* A sentence that explains a rule where a user would be surprised, for
 * the studio to translate and fill: an English printf format, translatable
 * (N_()), with up to three %s ("The %s on %s cannot be taken from the
 * %s"; translators may reorder them, %2$s), and its arguments.  Bit i of
 * @translate says that args[i] is an English name to translate too (a
 * piece's, a zone's, from the table); otherwise it is shown as it is (a
 * cell's name). */
typedef struct {
  const char *format;
  const char *args[3];
  uint8_t     translate;
} CheopsNote;

/* CheopsVariantFuncs.piece_flags: what the studio marks on a piece. */
typedef enum {
  CHEOPS_PIECE_FLAG_SAFE  = 1 << 0,   /* no piece may take it where it stands */
  CHEOPS_PIECE_FLAG_FIXED = 1 << 1,   /* it will never move again */
} CheopsPieceFlags;

/* A number or a cell of the position that the studio's set-up offers
 * beyond the pieces, the side to move and the hands (Cypher chess: the
 * four-check counters, 4.10, and the re-take mark, 4.5: FEN fields 4 and
 * 5).  Read and set by CheopsVariantFuncs.get_setup_value and
 * set_setup_value. */
typedef struct {
  const char *name;                /* English, translatable (N_()), after the side's colour name: "four-check counter" */
  const char *rule;                /* where the rule is: "4.10" */
  int8_t      side;                /* the side it belongs to, or -1 */
  bool        is_cell;             /* a cell (CHEOPS_CELL_NONE: none), else a number 0..max */
  int         max;
} CheopsSetupValue;
/* A switch of the set-up beyond the pieces and the side to move: a part of
 * the position its FEN writes (Pyramids: each faraon's right, 4.3, the
 * FEN's rights field).  The studio's set-up offers one toggle per entry,
 * read and set by CheopsVariantFuncs.get_setup_flag / set_setup_flag. */
typedef struct {
  const char *name;                /* English, translatable (N_()), after the side's colour name: "faraon's right" */
  const char *rule;                /* where the rule is: "4.3" */
  int8_t      side;                /* the side it belongs to, or -1 */
} CheopsSetupFlag;

/* A side of a variant. */
typedef struct {
  char        letter;              /* FEN side-to-move letter: 'a', 'g' */
  const char *name;                /* its colour's name, English, translatable: "Gold" */
  const char *tag;                 /* the player's tag in game files: "Gold" */
  double      fill[3], outline[3]; /* its pieces' colours, 0..1 RGB */
} CheopsSideInfo;

/* Who an outcome favours. */
typedef enum {
  CHEOPS_WINNER_A    = CHEOPS_SIDE_A,
  CHEOPS_WINNER_B    = CHEOPS_SIDE_B,
  CHEOPS_WINNER_DRAW = 2,
} CheopsWinner;

/* How a game stands: 0 (CHEOPS_OUTCOME_NONE) while it goes on, else an
 * index into the variant's CheopsOutcomeInfo table. */
typedef int CheopsOutcome;

#define CHEOPS_OUTCOME_NONE 0

typedef struct {
  const char  *status;      /* the word of `cheops status` ("a ascension", "g checkmate") */
  CheopsWinner winner;
  const char  *reason;      /* English, translatable, for a sentence ("by the Ascension") */
  const char  *rule;        /* where the rule is ("8.1", "TR13") */
  bool         needs_history; /* only a game record can end so (repetition) */
} CheopsOutcomeInfo;

/* A draw the player to move may claim, which the rules do not make
 * automatic (Cheops 8.4.2, Pyramids PY14): static data of the variant, from
 * CheopsVariantFuncs.claimable_draw. */
typedef struct {
  const char *status;       /* a word for tools: "third-repetition", "fifty-moves" */
  const char *reason;       /* English, translatable (N_()), for a sentence:
                             * "the same position for the third time" */
  const char *rule;         /* where the rule is: "8.4.2", "PY14" */
} CheopsClaimInfo;

/* The functions of a variant: pointers straight at its own code.  Every
 * one takes positions of this variant only.  Unless said otherwise they
 * never allocate, and move lists are arrays of CHEOPS_MAX_MOVES entries
 * the caller owns; a generator returns the end of what it wrote. */
typedef struct {
  /* FEN (each variant's spec gives the form and its errors). */
  bool        (*from_fen)       (CheopsPosition *pos, const char *fen, CheopsError *error);
  size_t      (*to_fen)         (const CheopsPosition *pos, char *buf, size_t size);
  /* Building a position (for set-ups and tests): an empty board, a piece
   * put or removed, the side to move. */
  void        (*clear)          (CheopsPosition *pos);
  void        (*put)            (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece);
  void        (*set_side)       (CheopsPosition *pos, CheopsSide side);
  uint64_t    (*compute_key)    (const CheopsPosition *pos);
  /* Playing. */
  void        (*do_move)        (CheopsPosition *pos, CheopsMove move, CheopsUndo *undo);
  void        (*undo_move)      (CheopsPosition *pos, CheopsMove move, const CheopsUndo *undo);
  void        (*do_null_move)   (CheopsPosition *pos, CheopsUndo *undo);
  void        (*undo_null_move) (CheopsPosition *pos, const CheopsUndo *undo);
  /* Rules. */
  bool        (*king_attacked)  (const CheopsPosition *pos, CheopsSide side);
  CheopsMove *(*generate_moves) (const CheopsPosition *pos, CheopsMove *list);
  int         (*count_moves)    (const CheopsPosition *pos);
  CheopsMove *(*generate_moves_to) (const CheopsPosition *pos, CheopsCell to,
                                    CheopsPieceType type, CheopsMove *list);
  bool        (*is_playable)    (const CheopsPosition *pos, CheopsMove move);
  bool        (*is_capture)     (const CheopsPosition *pos, CheopsMove move);
  CheopsOutcome (*outcome)      (const CheopsPosition *pos);
  /* The outcome when the position after a move occurs for the @count-th
   * time in a game record (the mover's side is the one not to move), or
   * CHEOPS_OUTCOME_NONE. */
  CheopsOutcome (*repetition_outcome) (const CheopsPosition *pos, int count);
  /* How many plies back a position may repeat: the plies since the last
   * move that can never be undone.  NULL: the halfmove clock (Cheops, whose
   * clock resets only on such moves).  TrigChess's clock also resets on a
   * sideways Pawn step (TR19), which the next move may undo. */
  int         (*repetition_horizon) (const CheopsPosition *pos);
  bool        (*is_reachable)   (const CheopsPosition *pos, CheopsError *error);
  bool        (*is_consistent)  (const CheopsPosition *pos);
  /* Text of moves. */
  size_t      (*move_to_text)   (CheopsMove move, char *buf);
  CheopsMove  (*move_from_text) (const CheopsPosition *pos, const char *text, CheopsError *error);
  size_t      (*move_to_san)    (const CheopsPosition *pos, CheopsMove move, char *buf);
  CheopsMove  (*move_from_san)  (const CheopsPosition *pos, const char *san, ptrdiff_t length,
                                 CheopsError *error);
  /* The lines of `cheops status` this variant has beyond "check:",
   * "legal-moves:" and "outcome:" (Cheops: "checklock: yes|no"), written
   * after "check:" into @buf (@size bytes), each ending in a newline;
   * returns their length.  NULL when there are none (TrigChess, 6.6). */
  size_t      (*status_lines)   (const CheopsPosition *pos, char *buf, size_t size);
  /* Words for a state of check the game names beyond "in check", for the
   * side to move (@side_to_move true) or for the side that just moved:
   * a static English phrase, translatable (N_()), to follow "Green to
   * move, " or "Orange: ", with the rule (Cheops: "in checklock: the King
   * is entombed and may not move (4.2.5)", "the King is entombed (4.2.7)");
   * NULL when there is nothing special.  May itself be NULL: a variant with
   * no such state (TrigChess). */
  const char *(*check_note)     (const CheopsPosition *pos, bool side_to_move);
  /* Words that explain the rules where the board alone would surprise a
   * user (the studio's hints; explaining only, no rule depends on it).
   * With @from and @to cells: why the piece on @from may not move to @to
   * when it looks as if it could (Cypher chess: "The Bishop on c4 cannot be
   * taken from the Field", 3.4).  With both CHEOPS_CELL_NONE: what the
   * position allows that its look does not tell (Cypher chess: the re-take
   * window, 4.5).  Fills *@note with static strings and returns true when
   * there is something to say, else returns false.  May itself be NULL: a
   * variant that never needs it. */
  bool        (*move_note)      (const CheopsPosition *pos, CheopsCell from, CheopsCell to,
                                 CheopsNote *note);
  /* What the studio marks on the piece on @cell beyond its kind, for
   * drawing only: CheopsPieceFlags bits (Cypher chess: a pawn in sanctuary
   * cannot be taken, CY10; an embedded pawn never moves, 4.7); 0 for an
   * empty cell.  May itself be NULL: no such marks. */
  unsigned    (*piece_flags)    (const CheopsPosition *pos, CheopsCell cell);
  /* The set-up's values (CheopsVariant.setup_values): value @index
   * (0 .. n_setup_values - 1) of @pos, and setting it (keeping the key;
   * whether the position is then valid is for the FEN reader to say).
   * NULL in a variant without such values. */
  int         (*get_setup_value) (const CheopsPosition *pos, int index);
  void        (*set_setup_value) (CheopsPosition *pos, int index, int value);
  /* Pieces made of parts (Pyramids: a pino, a stack of checkers, 3.3); all
   * three NULL in a variant whose pieces are whole.  They only compute
   * pieces, for the studio's part chooser and set-up; they never allocate.
   * part_type: the kind that the part @part of a piece of kind @type is on
   *   its own, @part a mask as cheops_move_part() gives (0: the whole
   *   piece, @type itself); CHEOPS_NO_PIECE_TYPE when @type has no such
   *   part.  So a move's moving piece can be drawn and named.
   * stack_piece: the piece a cell holds when @added is put onto @piece
   *   (setting up: a checker onto a stack of its side); CHEOPS_NO_PIECE
   *   when the two cannot share a cell (two sides, a piece that never
   *   stacks, a part already there).
   * unstack_piece: what is left of @piece when its part @removed (a piece
   *   of the same side) is taken off: CHEOPS_NO_PIECE when nothing is left;
   *   @piece itself when @removed is not a part of it. */
  CheopsPieceType (*part_type)  (CheopsPieceType type, unsigned part);
  CheopsPiece (*stack_piece)    (CheopsPiece piece, CheopsPiece added);
  CheopsPiece (*unstack_piece)  (CheopsPiece piece, CheopsPiece removed);
  /* The set-up's switches (CheopsVariant.setup_flags): whether switch
   * @index (0 .. n_setup_flags - 1) is on in @pos, and turning it on or off
   * (keeping the key).  NULL in a variant without switches. */
  bool        (*get_setup_flag) (const CheopsPosition *pos, int index);
  void        (*set_setup_flag) (CheopsPosition *pos, int index, bool on);
  /* The draw the player to move may claim in @pos, which has occurred
   * @count times in the game record (1: not repeated; the start position
   * counts once), when the game is not over there: a static entry of the
   * variant's, or NULL when none may be claimed.  NULL itself in a game
   * without draws by claim (TrigChess TR17: no draws at all; Cypher chess
   * CY23, CY24: repetition draws at once, no fifty-move rule). */
  const CheopsClaimInfo *(*claimable_draw) (const CheopsPosition *pos, int count);
} CheopsVariantFuncs;

struct _CheopsVariant {
  const char              *name;        /* the command line's and UCI_Variant's name: "cheops", "trigchess" */
  const char              *title;       /* its [Variant] tag value and title: "Cheops", "Step and Circle TrigChess" */
  const char *const       *aliases;     /* other [Variant] values read (any case), NULL-terminated, or NULL */
  const char              *spec;        /* the rules document: "The Laws of Cheops", "trigchess.md" */
  const char              *start_fen;
  CheopsSideInfo           sides[CHEOPS_SIDE_NB];
  /* For a game whose colours belong to the game, not to a side (Cheops
   * 6.2): the game tag that names, by its FEN letter, the side that played
   * the first colour ([GreenCorner "q"]); without the tag side A did.
   * NULL: side A always plays the first colour (sides[0]). */
  const char              *colour_tag;
  int                      n_piece_types; /* kinds 1..n_piece_types-1 exist */
  const CheopsPieceInfo   *pieces;      /* n_piece_types, by kind; [0] unused */
  int                      n_outcomes;
  const CheopsOutcomeInfo *outcomes;    /* n_outcomes, [0] is "none" */
  const CheopsBoardShape  *board;
  /* A promotion the user must choose (TrigChess TR10): the kinds offered,
   * 0-terminated; NULL when promotion needs no choice (Cheops 4.7.3). */
  const CheopsPieceType   *promotion_choices;
  /* The kinds a player may drop from the hand (pos->hand; moves of kind
   * CHEOPS_MOVE_DROP; Cypher chess 4.8: the Pawn), 0-terminated, in the
   * order the studio's pockets show them; NULL in a game without drops. */
  const CheopsPieceType   *drop_kinds;
  /* The set-up's values beyond the pieces, the side to move and the hands
   * (Cypher chess: the check counters and the re-take mark); 0 and NULL
   * when there are none. */
  int                      n_setup_values;
  const CheopsSetupValue  *setup_values;
  /* The set-up's switches beyond the side to move (Pyramids: the faraons'
   * rights, 4.3); 0 and NULL when there are none. */
  int                      n_setup_flags;
  const CheopsSetupFlag   *setup_flags;
  /* Whether a game that a record ended (repetition, an outcome with
   * needs_history) has no legal moves either, as one that the position
   * ends (Cypher CY28: `cheops status` shows "legal-moves: 0").  false:
   * the final position's moves are still counted (TrigChess 6.6, Cheops). */
  bool                     record_end_has_no_moves;
  /* The board's mirror symmetry that the rules keep, and the rule that
   * says so ("6.2, 4.7.2"); CHEOPS_MIRROR_NONE and NULL when there is none
   * (cheops_variant_mirror_cell(), cheops_position_mirror()). */
  CheopsMirror             mirror;
  const char              *mirror_rule;
  CheopsVariantFuncs       f;
};

/* The variants, in the order the studio offers them; NULL-terminated.
 * Static, never freed. */
extern const CheopsVariant *const cheops_variants[];

/* The game Cheops, the default wherever no variant is named. */
extern const CheopsVariant cheops_variant_cheops;

/* Step and Circle TrigChess (variants/trigchess.md; its own header is
 * trigchess/trigchess.h). */
extern const CheopsVariant cheops_variant_trigchess;

/* Cypher chess (variants/cypher.md; its own header is cypher/cypher.h). */
extern const CheopsVariant cheops_variant_cypher;
/* Pyramids (variants/pyramids.md; its own header is pyramids/pyramids.h). */
extern const CheopsVariant cheops_variant_pyramids;

/* The variant called @name: its command-line name ("trigchess"), its title
 * or one of its aliases, in any case, with white space around it ignored.
 * Returns NULL for an unknown name. */
const CheopsVariant *cheops_variant_find      (const char *name);

/* The index of the piece kind whose letter is @letter (either case) in
 * @variant, or CHEOPS_NO_PIECE_TYPE. */
CheopsPieceType      cheops_variant_piece_type (const CheopsVariant *variant,
                                               char                 letter);

/* The letter of @piece as FEN writes it (upper case for side A). */
char                 cheops_variant_piece_letter (const CheopsVariant *variant,
                                                 CheopsPiece          piece);

/* The cell whose name is at the start of @text, with its length in bytes
 * in *@length (may be NULL), or CHEOPS_CELL_NONE. */
CheopsCell           cheops_variant_cell_parse (const CheopsVariant *variant,
                                               const char          *text,
                                               size_t              *length);

/* The cell that mirrors @cell on @variant's board (CheopsVariant.mirror):
 * the cell whose centre is @cell's centre reflected in the board's
 * vertical middle line.  CHEOPS_CELL_NONE when the rules' board has no
 * mirror symmetry (CHEOPS_MIRROR_NONE), or @cell is not a cell of it.
 * Computed from the cells' shapes at each call (a scan of the board). */
CheopsCell           cheops_variant_mirror_cell (const CheopsVariant *variant,
                                                CheopsCell           cell);

/* The name of @cell ("i9"): a static string of @variant's board. */
static inline const char *
cheops_variant_cell_name (const CheopsVariant *variant,
                          CheopsCell           cell)
{
  return variant->board->cells[cell].name;
}

/* The cell whose polygon contains the point (@x, @y) in board units, or
 * CHEOPS_CELL_NONE. */
CheopsCell           cheops_variant_cell_at_point (const CheopsVariant *variant,
                                                  double               x,
                                                  double               y);

/* The winner of @outcome (not CHEOPS_OUTCOME_NONE). */
static inline CheopsWinner
cheops_variant_outcome_winner (const CheopsVariant *variant,
                               CheopsOutcome        outcome)
{
  return variant->outcomes[outcome].winner;
}

#ifdef __cplusplus
}
#endif
