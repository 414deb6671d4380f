/* engine-variant.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the engine knows of a variant beyond the core's rules: its static
 * evaluation and the few hooks through which the one generic search
 * (search.c) asks about the game's own end and its tactics.  One const table
 * per variant, each in a file of its own (evaluate-cheops.c,
 * evaluate-trigchess.c, evaluate-pyramids.c, evaluate-cypher.c), found by the core's CheopsVariant with
 * engine_variant_of().  The search, the move ordering and the UCI loop call
 * only these hooks and the core's generic API (cheops-position.h), never a
 * game's own code.
 */
#ifndef ENGINE_VARIANT_H_INCLUDED
#define ENGINE_VARIANT_H_INCLUDED

#include <stdbool.h>

#include "cheops-position.h"
#include "cheops-notation.h"

/* What kind of move it is in its position, as the search treats it: a bit
 * set. */
typedef enum {
  MOVE_QUIET     = 0,
  MOVE_CAPTURE   = 1,    /* takes a piece (in Cheops a collapse too, 5.2) */
  MOVE_PROMOTION = 2,    /* a Pawn promotes (Cheops 4.7.3, TrigChess TR9); may capture too */
  MOVE_SPECIAL   = 4,    /* a variant's winning step, searched like a capture
                          * (Cheops: a Queen onto the Apex, 8.1) */
} MoveKind;

/* How a node stands before it is searched (EngineVariant.node_end). */
typedef enum {
  NODE_GOES_ON = 0,
  NODE_LOST    = 1,      /* the side to move has lost (the game is over) */
  NODE_DRAWN   = 2,      /* the game is drawn, or must be scored as drawn */
} NodeEnd;

typedef void (*EnginePrintFunc) (const char *format, ...);

typedef struct {
  const CheopsVariant *variant;
  /* Builds the evaluation's tables (called once, at start-up). */
  void (*init)            (void);
  /* The static evaluation of @pos for the side to move, in centipawns (a
   * Pawn = 100).  Assumes the game is not over. */
  int  (*evaluate)        (const CheopsPosition *pos);
  /* Prints the evaluation's terms, one a line, for the `d` command. */
  void (*evaluate_trace)  (const CheopsPosition *pos, EnginePrintFunc print);
  /* Material values by piece kind (centipawns; the King 0), for move
   * ordering (MVV-LVA) and delta pruning.  n_piece_types entries. */
  const int *piece_value;
  /* The end of the game judged at the start of every node from the
   * position and whether the side to move is in check: checked before the
   * transposition table. */
  NodeEnd (*node_end)     (const CheopsPosition *pos, bool in_check);
  /* A side with no playable move: true when it has lost (TrigChess TR13,
   * checkmate and stalemate), false when it is a draw (Cheops 4.2.4). */
  bool no_move_loses;
  /* A side with no playable move while in check has lost even where
   * no_move_loses is false (Pyramids 4.5, Cypher chess 4.10: checkmate loses, stalemate
   * draws). */
  bool no_move_in_check_loses;
  /* true: any repetition since the last irreversible move scores a draw
   * (Cheops 8.4.2-8.4.3: the side to move could steer to the claim); false:
   * the occurrences along the game and the search are counted and the
   * core's cheops_position_repetition_outcome() decides (TrigChess TR15:
   * the mover making the third occurrence loses). */
  bool repetition_draws;
  /* The halfmove clock at which the search scores a draw, or 0 for none. */
  int  halfmove_draw;
  /* The MoveKind bits of @move, a playable move of @pos. */
  int  (*move_kind)       (const CheopsPosition *pos, CheopsMove move);
  /* move_kind() of each of the @n playable moves @moves of @pos, into
   * @kinds, what is the same for every move made once.  NULL: the picker
   * calls move_kind() per move. */
  void (*move_kinds)      (const CheopsPosition *pos, const CheopsMove *moves, int n, uint8_t *kinds);
  /* The playable moves of @pos that may be of a kind other than
   * MOVE_QUIET (every one of them, quiet ones too allowed), in the order of
   * cheops_generate_moves(), written to @list; returns the end.  Quiescence
   * nodes not in check use it instead of generating every move.  @also
   * (CHEOPS_MOVE_NONE: none), the TT move, is listed too, in its place,
   * when it is playable, if the variant can (Cypher chess: so the order is
   * the whole list's); else the picker adds it at the end.  NULL: the
   * whole list is generated and filtered. */
  CheopsMove *(*generate_tactical) (const CheopsPosition *pos, CheopsMove also, CheopsMove *list);
  /* Whether the search hands out the TT move before generating the list
   * (movepick_init_staged()): worth it where cheops_position_is_playable()
   * is much cheaper than a generation (src/engine/README.md, "Staged
   * generation"); the order of the moves, hence the search, is the same. */
  bool stage_tt_move;
  /* Whether @move, a playable move of @pos, checks the opponent (as
   * cheops_position_in_check() after it), found without playing it: the
   * search then prunes a quiet move near the leaves without a do/undo
   * (the same nodes).  NULL: the move is played to see. */
  bool (*gives_check)     (const CheopsPosition *pos, CheopsMove move);
  /* Right after cheops_position_do_move(): whether the side to move is in
   * check (as cheops_position_in_check()), where the variant knows it from
   * the move just played (Cypher chess: its four-check counter).  NULL:
   * cheops_position_in_check() is asked. */
  bool (*move_checked)    (const CheopsPosition *pos);
  /* The material gained by a move of kind != MOVE_QUIET (delta pruning). */
  int  (*move_gain)       (const CheopsPosition *pos, CheopsMove move);
  /* Whether the side to move (not in check) wins with its next move: true,
   * with the move in *@found (may be NULL).  @hint, a move that did so in a
   * related position, is tried first.  NULL: not asked (the search finds
   * such wins itself). */
  bool (*win_in_one)      (CheopsPosition *pos, CheopsMove hint, CheopsMove *found);
  /* Whether the opponent of the side to move (not in check) would win at
   * once if the side to move passed, its move in *@threat: the quiescence
   * then searches every move.  NULL: not asked. */
  bool (*threat_in_one)   (CheopsPosition *pos, CheopsMove hint, CheopsMove *threat);
  /* Whether the opponent has a standing threat that forbids forward
   * pruning and null move at this node (Cheops: a Queen on the Apex).
   * NULL: never. */
  bool (*threat_pending)  (const CheopsPosition *pos);
  /* Whether a check just given by @us (the side not to move in @pos) is
   * worth a ply of extension.  NULL: never. */
  bool (*check_extension) (const CheopsPosition *pos, CheopsSide us);
  /* Whether the side to move may try a null move (zugzwang is unlikely). */
  bool (*null_move_ok)    (const CheopsPosition *pos);
  /* A few positions of the variant for `bench`, NULL-terminated, searched
   * to the depth bench_depth; the node total is the variant's signature
   * (src/engine/README.md). */
  const char *const *bench_fens;
  int bench_depth;
  /* The evaluation's tunable values, @n_params of them (NULL, 0: none). */
  const struct EngineParam *params;
  int n_params;
} EngineVariant;

extern const EngineVariant engine_variant_cheops;
extern const EngineVariant engine_variant_trigchess;
extern const EngineVariant engine_variant_pyramids;
extern const EngineVariant engine_variant_cypher;

/* The engine's table of @variant, or NULL for a variant it does not play. */
const EngineVariant *engine_variant_of   (const CheopsVariant *variant);
/* Calls every table's init(). */
void                 engine_variants_init (void);

/* A value of an evaluation that a tuning match may set without a rebuild:
 * NAME=VALUE in an environment variable sets every non-NULL target. */
typedef struct {
  const char *name;
  int        *targets[4];
} EngineTuning;

/* One named integer of a static evaluation, for the tuner (tune.h,
 * README.md "Tuning"): @value points at the evaluation's own variable,
 * which the evaluation reads at every call; the tuner keeps it within
 * [@min, @max].  After changing values, call the variant's init() again:
 * some tables are derived from them. */
typedef struct EngineParam {
  const char *name;
  int        *value;
  int         min, max;
} EngineParam;

/* Reads the comma-separated NAME=VALUE items of the environment variable
 * @env_name (if set) into the @n_items values of @items; unknown names and
 * items without '=' are ignored.  For the evaluations' init (README.md:
 * tuning by play). */
void                 engine_read_tuning  (const char         *env_name,
                                          const EngineTuning *items,
                                          int                 n_items);

#endif /* ENGINE_VARIANT_H_INCLUDED */
