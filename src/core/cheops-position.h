/* cheops-position.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A position of any variant: the placement of the pieces, the side to move,
 * the move counters, pieces in hand and a variant's own state, with its
 * Zobrist key; and the functions every caller uses on it — playing and
 * taking back moves, check, the playable moves, the end of the game, FEN,
 * move text and record notation — each of which dispatches to the
 * position's variant (cheops-variant.h).
 *
 * The hot functions (do/undo, generation) never allocate: move lists are
 * arrays the caller owns, and undo state lives on the caller's stack.
 */
#pragma once

#include "cheops-types.h"
#include "cheops-variant.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest FEN any variant writes, with its NUL.  Pyramids sets the
 * bound: its reader limits no material (PY17), so 79 squares may each hold
 * a 7-byte pino "(4321.)" beside the two faraons, with 8 '/' and
 * " b Ff 999999 999999": 553 + 2 + 8 + 19 = 582 bytes. */
#define CHEOPS_FEN_MAX 640

/* A position, copied by value, never allocated.  Read the fields freely;
 * change them only through the functions below, which keep them
 * consistent.  The same layout serves every variant; what a field means
 * beyond this comment is the variant's to say (its header documents it). */
struct _CheopsPosition {
  const CheopsVariant *variant;                      /* the game this is a position of */
  CheopsPiece   board[CHEOPS_CELL_MAX];              /* piece on each cell, 0 = empty */
  CheopsCellSet pieces[CHEOPS_SIDE_NB][CHEOPS_PIECE_TYPE_MAX]; /* [side][kind]; kind 0 = all of that side */
  CheopsCellSet occupied;                            /* every piece of both sides */
  CheopsCell    king[CHEOPS_SIDE_NB];                /* each side's royal piece, or CHEOPS_CELL_NONE */
  CheopsSide    side_to_move;
  int           halfmove_clock;    /* plies since the last irreversible move (each variant says which) */
  int           fullmove_number;   /* from 1, grows after each move of side B */
  uint64_t      key;               /* Zobrist key of placement, hands, state and side to move */
  uint8_t       hand[CHEOPS_SIDE_NB][CHEOPS_PIECE_TYPE_MAX]; /* pieces in hand, for drops */
  uint32_t      state[4];          /* the variant's own state (its header says what) */
};

/* What cheops_position_undo_move() needs to restore a position: filled by
 * cheops_position_do_move(), owned by the caller (usually on its stack). */
struct _CheopsUndo {
  CheopsPiece moved;        /* the piece that moved */
  CheopsPiece captured;     /* the piece taken, or 0 */
  CheopsPiece extra[2];     /* the variant's own */
  int         halfmove_clock;
  int         fullmove_number;
  uint64_t    key;
  uint32_t    state[4];     /* the variant's own (not filled by variants without state) */
};

/* The most a move counter (halfmove clock, fullmove number) counts to:
 * 999999, the largest every game's FEN reader accepts (Cypher chess F12:
 * at most 6 digits; Pyramids E13: 0-999999).  Each variant's do_move
 * counts on with cheops_counter_next(), which stops there, so that every
 * FEN written reads back (a fuzz finding: 999999 then a move wrote
 * 1000000, which Cypher's and Pyramids's readers refuse).  A counter read
 * above it (Cheops's reader takes 9 digits) stays as it was read.  No rule
 * needs more: a draw by the move counters comes within a few hundred
 * plies in every game. */
#define CHEOPS_COUNTER_MAX 999999

/* @counter plus one, or @counter when it is CHEOPS_COUNTER_MAX or more. */
static inline int
cheops_counter_next (int counter)
{
  return counter < CHEOPS_COUNTER_MAX ? counter + 1 : counter;
}

/* Sets @pos to the initial position of @variant (its start_fen). */
void            cheops_position_init_start     (CheopsPosition      *pos,
                                                const CheopsVariant *variant);

/* Empties @pos (no pieces, side A to move, counters 0 and 1) as a position
 * of @variant.  Not a legal position until each side has its King: for
 * building one with cheops_position_put(). */
void            cheops_position_clear          (CheopsPosition      *pos,
                                                const CheopsVariant *variant);

/* Sets *@mirror to the mirror image of @pos (CheopsVariant.mirror): each
 * piece on the mirror cell of its own (cheops_variant_mirror_cell()), of
 * the other side when the mirror exchanges the sides, as does the side to
 * move then; the counters, hands and the variant's own state copied, a
 * cell among the set-up values mirrored too.  The image is the same
 * position for play and for problems, by the rule the variant cites.
 * Returns false, leaving *@mirror alone, when the game's board has no
 * mirror symmetry.  @pos and @mirror may be the same. */
bool            cheops_position_mirror         (const CheopsPosition *pos,
                                                CheopsPosition       *mirror);

/* Puts @piece on @cell (replacing what stood there), or empties the cell
 * when @piece is 0, keeping the sets and the key consistent. */
static inline void
cheops_position_put (CheopsPosition *pos, CheopsCell cell, CheopsPiece piece)
{
  pos->variant->f.put (pos, cell, piece);
}

/* Sets the side to move, keeping the key consistent. */
static inline void
cheops_position_set_side (CheopsPosition *pos, CheopsSide side)
{
  pos->variant->f.set_side (pos, side);
}

/* The Zobrist key of @pos computed from scratch (equals pos->key). */
static inline uint64_t
cheops_position_compute_key (const CheopsPosition *pos)
{
  return pos->variant->f.compute_key (pos);
}

/* Plays @move, which must be one of cheops_generate_moves() (or, in a
 * search, any pseudo-legal move of the side to move), filling *@undo.
 * Never fails, never allocates. */
static inline void
cheops_position_do_move (CheopsPosition *pos, CheopsMove move, CheopsUndo *undo)
{
  pos->variant->f.do_move (pos, move, undo);
}

/* Takes back @move, the last move played on @pos, from the *@undo that
 * cheops_position_do_move() filled. */
static inline void
cheops_position_undo_move (CheopsPosition *pos, CheopsMove move, const CheopsUndo *undo)
{
  pos->variant->f.undo_move (pos, move, undo);
}

/* Passes the turn without moving (for a search's null move and for threat
 * analysis); undone by cheops_position_undo_null_move().  Not a move of any
 * game. */
static inline void
cheops_position_do_null_move (CheopsPosition *pos, CheopsUndo *undo)
{
  pos->variant->f.do_null_move (pos, undo);
}

static inline void
cheops_position_undo_null_move (CheopsPosition *pos, const CheopsUndo *undo)
{
  pos->variant->f.undo_null_move (pos, undo);
}

/* Whether @side's King is in check. */
static inline bool
cheops_position_king_attacked (const CheopsPosition *pos, CheopsSide side)
{
  return pos->variant->f.king_attacked (pos, side);
}

/* Whether the side to move is in check. */
static inline bool
cheops_position_in_check (const CheopsPosition *pos)
{
  return pos->variant->f.king_attacked (pos, pos->side_to_move);
}

/* The game's words for a state of check beyond "in check" of the side to
 * move (@side_to_move true) or of the side that just moved: a static
 * English phrase to translate (Cheops's checklock, 4.2.5, and entombed
 * King, 4.2.7), or NULL (always for a variant without such states). */
static inline const char *
cheops_position_check_note (const CheopsPosition *pos,
                            bool                  side_to_move)
{
  return pos->variant->f.check_note != NULL ? pos->variant->f.check_note (pos, side_to_move) : NULL;
}

/* The game's explanation of a rule (CheopsVariantFuncs.move_note): why the
 * piece on @from may not go to @to, or, with both CHEOPS_CELL_NONE, what
 * the position allows that the board does not show.  Fills *@note (static
 * strings) and returns true when there is something to say; false (and
 * *@note untouched) otherwise, always for a variant without the hook. */
static inline bool
cheops_position_move_note (const CheopsPosition *pos,
                           CheopsCell            from,
                           CheopsCell            to,
                           CheopsNote           *note)
{
  return pos->variant->f.move_note != NULL && pos->variant->f.move_note (pos, from, to, note);
}

/* CheopsPieceFlags of the piece on @cell (drawing only): 0 for a variant
 * without the hook. */
static inline unsigned
cheops_position_piece_flags (const CheopsPosition *pos,
                             CheopsCell            cell)
{
  return pos->variant->f.piece_flags != NULL ? pos->variant->f.piece_flags (pos, cell) : 0;
}

/* The moves the side to move may actually play, into @list (which must hold
 * CHEOPS_MAX_MOVES entries); returns the end of what it wrote.  None when the
 * game is over by the position alone.  Move counters and repetitions are not
 * looked at (use cheops_position_outcome() and a game record). */
static inline CheopsMove *
cheops_generate_moves (const CheopsPosition *pos, CheopsMove *list)
{
  return pos->variant->f.generate_moves (pos, list);
}

/* The number of moves cheops_generate_moves() would write, counted faster
 * where it can be (perft's bulk counting). */
static inline int
cheops_count_moves (const CheopsPosition *pos)
{
  return pos->variant->f.count_moves (pos);
}

/* The moves of cheops_generate_moves() that end on @to, made by a piece of
 * kind @type (CHEOPS_NO_PIECE_TYPE: any), into @list: much cheaper than
 * generating them all (for reading record notation and for a board's drop
 * target).  @list must hold CHEOPS_MAX_MOVES entries. */
static inline CheopsMove *
cheops_generate_moves_to (const CheopsPosition *pos, CheopsCell to, CheopsPieceType type,
                          CheopsMove *list)
{
  return pos->variant->f.generate_moves_to (pos, to, type, list);
}

/* Whether @move is one of cheops_generate_moves(). */
static inline bool
cheops_position_is_playable (const CheopsPosition *pos, CheopsMove move)
{
  return pos->variant->f.is_playable (pos, move);
}

/* Whether @move, a playable move of @pos, captures. */
static inline bool
cheops_position_is_capture (const CheopsPosition *pos, CheopsMove move)
{
  return pos->variant->f.is_capture (pos, move);
}

/* How the game stands in @pos, judged from the position alone (an index of
 * pos->variant->outcomes, CHEOPS_OUTCOME_NONE while it goes on).
 * Repetition needs a history: see cheops_repetition_count() and
 * cheops_position_repetition_outcome(). */
static inline CheopsOutcome
cheops_position_outcome (const CheopsPosition *pos)
{
  return pos->variant->f.outcome (pos);
}

/* The outcome when @pos, reached by a move, has occurred @count times in a
 * game record (Cheops 8.4.3: the fifth draws; TrigChess TR15: the third
 * loses for the mover), or CHEOPS_OUTCOME_NONE. */
static inline CheopsOutcome
cheops_position_repetition_outcome (const CheopsPosition *pos, int count)
{
  return pos->variant->f.repetition_outcome (pos, count);
}

/* The draw the player to move may claim in @pos when it has occurred
 * @count times in the game record (count it with cheops_repetition_count();
 * 1 when it has not repeated), judged by the variant's rules (Cheops 8.4.2:
 * the third occurrence, or fifty moves by each player without a capture, a
 * collapse or a Pawn climbing; Pyramids PY14: the third occurrence or a
 * halfmove clock of 100): the variant's static entry, with its reason and
 * rule, or NULL when there is none (always in TrigChess and Cypher chess).
 * The caller checks first that the game is not over (an automatic outcome
 * comes before a claim). */
static inline const CheopsClaimInfo *
cheops_position_claimable_draw (const CheopsPosition *pos, int count)
{
  return pos->variant->f.claimable_draw != NULL ? pos->variant->f.claimable_draw (pos, count) : NULL;
}

/* Whether @pos may arise in a game played from the initial position, as far
 * as a position alone can tell (the variant says what it checks).  A FEN may
 * describe positions that cannot: this is for those who set positions up.
 * Returns false with @error (may be NULL) set to
 * CHEOPS_ERROR_POSITION_UNREACHABLE and a message. */
static inline bool
cheops_position_is_reachable (const CheopsPosition *pos, CheopsError *error)
{
  return pos->variant->f.is_reachable (pos, error);
}

/* How many plies back from @pos a position may repeat (the plies since the
 * last move that can never be undone): the @halfmove_clock argument of
 * cheops_repetition_count(). */
static inline int
cheops_position_repetition_horizon (const CheopsPosition *pos)
{
  return pos->variant->f.repetition_horizon != NULL ? pos->variant->f.repetition_horizon (pos)
                                                      : pos->halfmove_clock;
}

/* How many times the last of @keys occurs among the keys of the positions a
 * game went through, where @keys[0..@n-1] are the keys after each ply from
 * the start, oldest first, and @halfmove_clock is the current
 * cheops_position_repetition_horizon() (no position before an irreversible
 * move can repeat).  1 means no repetition.
 * The same placement and side to move is the same position in every
 * variant (Cheops 8.5, TrigChess TR15). */
int             cheops_repetition_count        (const uint64_t *keys,
                                                size_t          n,
                                                int             halfmove_clock);

/* Checks every invariant of @pos (sets agree with the board, one King a
 * side, key up to date).  For tests and debug builds. */
static inline bool
cheops_position_is_consistent (const CheopsPosition *pos)
{
  return pos->variant->f.is_consistent (pos);
}

#ifdef __cplusplus
}
#endif
