/* cheops-position.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A position of Cheops: the placement of the pieces, the side to move and
 * the move counters, with its Zobrist key; playing and taking back moves;
 * attack and check (3.6.5, 4.2.1); legal move generation including the Apex
 * (Article 5) and checklock (4.2.5-4.2.7, RULINGS.md R4); and the end of the
 * game (Article 8, R5).
 *
 * The hot functions (do/undo, attacks, generation) never allocate: move lists
 * are arrays the caller owns, and undo state lives on the caller's stack.
 */
#pragma once

#include "cheops-types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The initial position (6.1), the a side to move. */
#define CHEOPS_START_FEN "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1"

/* The longest FEN this core writes, with its NUL. */
#define CHEOPS_FEN_MAX 128

/* A position.  Read the fields freely; change them only through the
 * functions below, which keep them consistent. */
typedef struct {
  CheopsPiece   board[CHEOPS_CELL_NB];               /* piece on each cell, 0 = empty */
  CheopsCellSet pieces[CHEOPS_SIDE_NB][CHEOPS_PIECE_TYPE_NB]; /* [side][type]; type 0 = all of that side */
  CheopsCellSet occupied;                            /* every piece of both sides */
  CheopsCell    king[CHEOPS_SIDE_NB];                /* each side's King */
  CheopsSide    side_to_move;
  int           halfmove_clock;    /* plies since a capture, collapse or Pawn climb (R8) */
  int           fullmove_number;   /* from 1, grows after each move of the q side (R8) */
  uint64_t      key;               /* Zobrist key of placement and side to move (8.5) */
} CheopsPosition;

/* What cheops_position_undo_move() needs to restore a position: filled by
 * cheops_position_do_move(), owned by the caller (usually on its stack). */
typedef struct {
  CheopsPiece moved;        /* the piece that moved */
  CheopsPiece captured;     /* the piece taken (the Queen, in a collapse), or 0 */
  int         halfmove_clock;
  int         fullmove_number;
  uint64_t    key;
} CheopsUndo;

/* How a game stands, judged from a position (Article 8, RULINGS.md R5). */
typedef enum {
  CHEOPS_OUTCOME_NONE = 0,
  CHEOPS_OUTCOME_ASCENSION_A,          /* the a side achieved the Ascension (8.1) */
  CHEOPS_OUTCOME_ASCENSION_Q,          /* the q side achieved the Ascension (8.1) */
  CHEOPS_OUTCOME_DRAW_NO_QUEEN_NO_PAWN, /* 8.4.1, first case */
  CHEOPS_OUTCOME_DRAW_NO_LEGAL_MOVE,   /* 8.4.1 second case, 4.2.4, 4.2.5 */
  CHEOPS_OUTCOME_DRAW_SEVENTY_FIVE_MOVES, /* 8.4.3, second case: 150 plies */
  CHEOPS_OUTCOME_DRAW_FIFTH_REPETITION,  /* 8.4.3, first case (needs a history) */
} CheopsOutcome;

/* Sets @pos to the initial position of 6.1 with the a side to move. */
void            cheops_position_init_start     (CheopsPosition *pos);

/* Empties @pos (no pieces, a to move, counters 0 and 1).  Not a legal
 * position until each side has a King: for building one with
 * cheops_position_put(). */
void            cheops_position_clear          (CheopsPosition *pos);
/* Puts @piece on @cell (replacing what stood there), or empties the cell
 * when @piece is 0, keeping the sets and the key consistent. */
void            cheops_position_put            (CheopsPosition *pos,
                                                CheopsCell      cell,
                                                CheopsPiece     piece);
/* Sets the side to move, keeping the key consistent. */
void            cheops_position_set_side       (CheopsPosition *pos,
                                                CheopsSide      side);
/* The Zobrist key of @pos computed from scratch (equals pos->key). */
uint64_t        cheops_position_compute_key    (const CheopsPosition *pos);

/* Plays @move, which must be one of cheops_generate_moves() (or, in a
 * search, any pseudo-legal move of the side to move), filling *@undo.
 * Handles capture (3.6.2), promotion on the Apex (4.7.3), collapse (5.2) and
 * the counters (R8).  Never fails, never allocates. */
void            cheops_position_do_move        (CheopsPosition *pos,
                                                CheopsMove      move,
                                                CheopsUndo     *undo);
/* Takes back @move, the last move played on @pos, from the *@undo that
 * cheops_position_do_move() filled. */
void            cheops_position_undo_move      (CheopsPosition   *pos,
                                                CheopsMove        move,
                                                const CheopsUndo *undo);
/* Passes the turn without moving (for a search's null move and for threat
 * analysis); undone by cheops_position_undo_null_move().  Not a move of the
 * game: the Laws allow no pass (1.2). */
void            cheops_position_do_null_move   (CheopsPosition *pos,
                                                CheopsUndo     *undo);
void            cheops_position_undo_null_move (CheopsPosition   *pos,
                                                const CheopsUndo *undo);

/* Whether a piece of side @by attacks @cell (3.6.5, R2): could capture on it
 * if an enemy piece stood there, whether or not that capture would be legal.
 * A King attacks its nine King cells, never the Apex. */
bool            cheops_position_is_attacked    (const CheopsPosition *pos,
                                                CheopsCell            cell,
                                                CheopsSide            by);
/* The pieces of side @by that attack @cell, given @occupied as the cells that
 * hold pieces (for looking through a piece that is about to move). */
CheopsCellSet   cheops_position_attackers      (const CheopsPosition *pos,
                                                CheopsCell            cell,
                                                CheopsSide            by,
                                                CheopsCellSet         occupied);
/* The pieces among @candidates that alone stand between @cell and a Queen,
 * Swordmaster or Sister of side @by on a line that piece moves along (3.6.3):
 * with @cell a King and @candidates its own pieces, the pinned pieces
 * (4.2.2); with @candidates @by's own pieces, those whose move may uncover
 * an attack on @cell (a discovered check). */
CheopsCellSet   cheops_position_sole_blockers  (const CheopsPosition *pos,
                                                CheopsCell            cell,
                                                CheopsSide            by,
                                                CheopsCellSet         candidates);
/* Whether @side's King is in check (4.2.1). */
bool            cheops_position_king_attacked  (const CheopsPosition *pos,
                                                CheopsSide            side);
/* Whether the side to move is in check. */
bool            cheops_position_in_check       (const CheopsPosition *pos);

/* Writes into @list the moves of the side to move that are legal under
 * 4.2.2-4.2.3 and Article 5, and returns the end of what it wrote.  @list
 * must hold CHEOPS_MAX_MOVES entries.  Ignores whether the game is over. */
CheopsMove     *cheops_generate_legal          (const CheopsPosition *pos,
                                                CheopsMove           *list);
/* Writes the checklock moves (4.2.6, R4) into @list: moves that obey the
 * pieces' movement and Article 5, are not King moves, take no Queen or Pawn
 * onto the Apex, and leave the opponent's King unattacked.  They are what a
 * side plays only when it is in check and has no legal move. */
CheopsMove     *cheops_generate_checklock      (const CheopsPosition *pos,
                                                CheopsMove           *list);
/* The moves the side to move may actually play, into @list: none when the
 * game is over by the Ascension or by 8.4.1's first case; else the legal
 * moves; else, in check, the checklock moves (R4).  Move counters and
 * repetitions are not looked at (use cheops_position_outcome()). */
CheopsMove     *cheops_generate_moves          (const CheopsPosition *pos,
                                                CheopsMove           *list);
/* The number of moves cheops_generate_moves() would write, counted faster
 * where it can be (perft's bulk counting). */
int             cheops_count_moves             (const CheopsPosition *pos);
/* Writes into @list the moves of cheops_generate_moves() that end on @to,
 * made by a piece of @type (CHEOPS_NO_PIECE_TYPE: any), and returns the end
 * of what it wrote: much cheaper than generating them all (for reading
 * record notation and for a board's drop target).  @list must hold
 * CHEOPS_MAX_MOVES entries. */
CheopsMove     *cheops_generate_moves_to       (const CheopsPosition *pos,
                                                CheopsCell            to,
                                                CheopsPieceType       type,
                                                CheopsMove           *list);
/* Whether @move is one of cheops_generate_moves(). */
bool            cheops_position_is_playable    (const CheopsPosition *pos,
                                                CheopsMove            move);

/* Whether the side to move is in checklock (4.2.5): in check with no move
 * legal under 4.2.2. */
bool            cheops_position_in_checklock   (const CheopsPosition *pos);
/* Whether @pos may arise in a game played from the initial position by the
 * Laws, as far as a position alone can tell (the moves that led to it are
 * unknown, so a position that passes may still be unreachable).  A FEN may
 * describe such a position (RULINGS.md R9 lists what a FEN is rejected
 * for); this is for those who set positions up.  Returns false, with
 * @error (may be NULL) set to CHEOPS_ERROR_POSITION_UNREACHABLE and a
 * message, for:
 * - the Kings next to each other: a King may not step into danger (4.2.3),
 *   and a side in checklock may not give check (4.2.6, R4) (4.2);
 * - both Kings in check: the side not to move could end its turn in check
 *   only in checklock (4.2.2, 4.2.5), where its move could not leave the
 *   other King attacked (4.2.6, R4);
 * - more pieces of a kind than a side starts with (4.1: 1 King, 1 Queen,
 *   2 Swordmasters, 2 Sisters, 3 Assassins, 7 Pawns), except Queens
 *   promoted from Pawns: Queens and Pawns together at most 8 (4.7.3, the
 *   only promotion). */
bool            cheops_position_is_reachable   (const CheopsPosition *pos,
                                                CheopsError          *error);

/* How the game stands in @pos, in the order of R5: the Ascension; the draw
 * without Queens and Pawns; no playable move; the seventy-five-move draw from
 * the halfmove clock (8.4.3). Repetition needs a history: see
 * cheops_repetition_count(). */
CheopsOutcome   cheops_position_outcome        (const CheopsPosition *pos);

/* Whether @move captures (3.6.2) or collapses (5.2) in @pos. */
bool            cheops_position_is_capture     (const CheopsPosition *pos,
                                                CheopsMove            move);
/* Whether @move is a collapse in @pos (5.2): a Swordmaster or Assassin onto
 * the Apex, where an enemy Queen stands. */
bool            cheops_position_is_collapse    (const CheopsPosition *pos,
                                                CheopsMove            move);
/* Whether @move promotes a Pawn on the Apex (4.7.3). */
bool            cheops_position_is_promotion   (const CheopsPosition *pos,
                                                CheopsMove            move);

/* Whether the side to move may claim the draw of 8.4.2's second case: the
 * last fifty moves by each player (100 plies, R8) without a capture, a
 * collapse or a Pawn climbing. */
bool            cheops_position_fifty_move_claimable (const CheopsPosition *pos);

/* How many times the last of @keys occurs among the keys of the positions a
 * game went through (8.5), where @keys[0..@n-1] are the keys after each ply
 * from the start, oldest first, and @halfmove_clock is the current clock
 * (no position before an irreversible move can repeat).  1 means no
 * repetition; 3 can be claimed (8.4.2); 5 draws at once (8.4.3). */
int             cheops_repetition_count        (const uint64_t *keys,
                                                size_t          n,
                                                int             halfmove_clock);

/* Checks every invariant of @pos (sets agree with the board, one King a
 * side, key up to date).  For tests and debug builds. */
bool            cheops_position_is_consistent  (const CheopsPosition *pos);

#ifdef __cplusplus
}
#endif
