#!/usr/bin/env python3
# Copyright (C) 2026 Cheops Studio developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference implementation of Cypher chess.

Written only from the variant page /work/shared/variants/cypher.md (the
authority; "the spec" below, its rulings are cited as CYn and its sections
by number), without reading the C rules core, so that the two can be
cross-checked (see cypher_crosscheck.py).  It is meant to be simple and
obviously correct, not fast.  Pure Python 3, standard library only.

Command line (the same shape as trigchess_ref.py):
  cypher_ref.py perft [--fen FEN] [--divide] DEPTH
  cypher_ref.py moves [--fen FEN]               # <move text>\\t<SAN>, sorted by move text
  cypher_ref.py status [--fen FEN] [MOVE...]    # check / legal-moves / outcome (6.5)
  cypher_ref.py fen-check FEN                   # the normalised FEN, or the rule F1-F15 broken
  cypher_ref.py after [--fen FEN] MOVE...       # the FEN after the moves
  cypher_ref.py random-fens --seed S --count N
  cypher_ref.py selftest
Every command also takes `--variant cypher` (ignored), so the script can
stand in for the C tool in cypher_crosscheck.py.  Errors: one line on
stderr, exit status 2.
"""

import argparse
import random
import re
import sys

# ---------------------------------------------------------------------------
# Board (2.1-2.3, 2.6)
# ---------------------------------------------------------------------------

FILES = "zabcdefghi"          # 2.1: column index 0..9
NROWS = 11
NCELLS = 110                  # 2.2: index = 10 * r + c
NAME = [FILES[i % 10] + str(i // 10) for i in range(NCELLS)]
CELL = {n: i for i, n in enumerate(NAME)}
COURT, BORDER, FIELD = "Court", "Border", "Field"


def row(i):
    return i // 10


def col(i):
    return i % 10


def _area(i):
    """2.3, CY1: the perimeter is Court (z5, i5 too), a5-h5 the Border."""
    r, c = row(i), col(i)
    if r in (0, 10) or c in (0, 9):
        return COURT
    if r == 5:
        return BORDER
    return FIELD


AREA = [_area(i) for i in range(NCELLS)]


def offset(i, dc, dr):
    c, r = col(i) + dc, row(i) + dr
    if 0 <= c < 10 and 0 <= r < NROWS:
        return 10 * r + c
    return None


ORTH = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ALL8 = ORTH + DIAG


def _ray(i, d):
    out = []
    j = offset(i, *d)
    while j is not None:
        out.append(j)
        j = offset(j, *d)
    return out


RAYS = [{d: _ray(i, d) for d in ALL8} for i in range(NCELLS)]
NEXT = [frozenset(j for j in (offset(i, *d) for d in ALL8) if j is not None) for i in range(NCELLS)]
SHORT_OFF = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)]
LONG_OFF = [(1, 3), (3, 1), (-1, 3), (-3, 1), (1, -3), (3, -1), (-1, -3), (-3, -1)]   # CY8
SHORT = [[j for j in (offset(i, *d) for d in SHORT_OFF) if j is not None] for i in range(NCELLS)]
LONG = [[j for j in (offset(i, *d) for d in LONG_OFF) if j is not None] for i in range(NCELLS)]


def leaps(i):
    """3.2, CY8: the cell a knight stands on decides its leaps."""
    if AREA[i] == FIELD:
        return SHORT[i]
    if AREA[i] == COURT:
        return LONG[i]
    return SHORT[i] + LONG[i]


def direction(a, b):
    """The step (dc, dr) from a towards b if they share a row, column or
    diagonal, else None."""
    dc, dr = col(b) - col(a), row(b) - row(a)
    if a == b or not (dc == 0 or dr == 0 or abs(dc) == abs(dr)):
        return None
    return ((dc > 0) - (dc < 0), (dr > 0) - (dr < 0))


def between(a, b):
    d = direction(a, b)
    out = []
    j = offset(a, *d)
    while j != b:
        out.append(j)
        j = offset(j, *d)
    return out


BORDER_CELLS = [CELL[f + "5"] for f in "abcdefgh"]

# ---------------------------------------------------------------------------
# Pieces (3.1)
# ---------------------------------------------------------------------------

EMPTY = "."
MAJOR = frozenset("QRBN")       # 3.1: major pieces
PIECES = "KQRBNPSkqrbnps"
WHITE, BLACK = "w", "b"


def owner(p):
    return WHITE if p.isupper() else BLACK


def other(side):
    return BLACK if side == WHITE else WHITE


def cased(letter, side):
    return letter.upper() if side == WHITE else letter.lower()


def forward(side):
    """3.2: White's forward is +1 row (+10 in index), Black's -1."""
    return 10 if side == WHITE else -10


START_ROW = {WHITE: 3, BLACK: 7}       # 2.6
EMBED_ROW = {WHITE: 9, BLACK: 1}
SANCTUARY = {WHITE: (7, 8, 9), BLACK: (1, 2, 3)}   # CY10


def embedded(board, i):
    """4.7: a White pawn on row 9, a Black pawn on row 1."""
    p = board[i]
    return p in "Pp" and row(i) == EMBED_ROW[owner(p)]


def in_sanctuary(p, i):
    return p in "Pp" and row(i) in SANCTUARY[owner(p)]


def pawn_diagonals(i, side):
    """The two cells diagonally forward of a pawn on i (may be Court)."""
    dr = 1 if side == WHITE else -1
    return [j for j in (offset(i, -1, dr), offset(i, 1, dr)) if j is not None]


class FenError(Exception):
    pass


class MoveError(Exception):
    pass


# ---------------------------------------------------------------------------
# Check (4.2), flips (4.9)
# ---------------------------------------------------------------------------

def find(board, p):
    return board.index(p)


def line_clear(board, a, b):
    """4.2: every cell between a and b is empty or holds a Spy on a Field or
    Border cell (Spy transparency, CY15).  a and b must be aligned."""
    for j in between(a, b):
        q = board[j]
        if q != EMPTY and not (q in "Ss" and AREA[j] != COURT):
            return False
    return True


def colluding(board, s):
    """4.2, CY16: a Field Spy next to an own Field major, and each such
    major.  A King never colludes."""
    p = board[s]
    if AREA[s] != FIELD:
        return False
    side = owner(p)
    if p.upper() == "S":
        return any(AREA[n] == FIELD and board[n] != EMPTY and board[n].upper() in MAJOR
                   and owner(board[n]) == side for n in NEXT[s])
    if p.upper() in MAJOR:
        spy = cased("S", side)
        return any(board[n] == spy and AREA[n] == FIELD for n in NEXT[s])
    return False


def may_check(board, s, k):
    """The table of 4.2: may the piece on s check a King on k, by areas?"""
    ka, sa = AREA[k], AREA[s]
    kind = board[s].upper()
    if ka == COURT:
        return kind == "P" and embedded(board, s)        # CY13
    if kind == "P":
        return True
    if ka == BORDER:                                     # CY14
        return kind != "S" or sa != FIELD
    # A King on a Field cell.
    if sa != FIELD:
        return True
    if kind == "K":                                      # CY27
        return False
    return colluding(board, s)


def pattern_reaches(board, s, k):
    """4.2: the movement pattern of the piece on s reaches k (lines with Spy
    transparency)."""
    p = board[s]
    kind = p.upper()
    if kind == "P":
        return k in pawn_diagonals(s, owner(p))
    if kind == "N":
        return k in leaps(s)
    if kind == "K":
        return k in NEXT[s]
    d = direction(s, k)
    if d is None:
        return False
    if kind == "R" and d not in ORTH:
        return False
    if kind == "B" and d not in DIAG:
        return False
    return line_clear(board, s, k)


def checks(board, s, k):
    return may_check(board, s, k) and pattern_reaches(board, s, k)


def in_check(board, side, ignore=None):
    """Is `side`'s King in check (4.2)?  `ignore`: a cell whose piece does not
    count as a checker (the flipped Spy after a King flip, L1)."""
    k = find(board, cased("K", side))
    for s in range(NCELLS):
        p = board[s]
        if p != EMPTY and owner(p) != side and s != ignore and checks(board, s, k):
            return True
    return False


def spy_flips(board, spy_side):
    """4.9: `spy_side`'s Spy and the enemy King both on Court cells, on one
    line, every cell between empty or a Field/Border Spy."""
    s = find(board, cased("S", spy_side))
    k = find(board, cased("K", other(spy_side)))
    if AREA[s] != COURT or AREA[k] != COURT or direction(s, k) is None:
        return False
    return line_clear(board, s, k)


def king_flips(board, king_side):
    """4.9: `king_side`'s King next to the enemy Spy, not both on Court."""
    k = find(board, cased("K", king_side))
    s = find(board, cased("S", other(king_side)))
    return s in NEXT[k] and not (AREA[s] == COURT and AREA[k] == COURT)


# ---------------------------------------------------------------------------
# Position and FEN (6.1)
# ---------------------------------------------------------------------------

INITIAL_FEN = "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"
CELL_RE = re.compile(r"^[zabcdefghi](10|[0-9])$")
NUM_RE = re.compile(r"^(0|[1-9][0-9]{0,5})$")


class Position:
    """board: 110 characters (EMPTY or a piece letter), index 10 r + c;
    side 'w'/'b'; hand and checks: dicts side -> int; mark: a cell or None."""

    def __init__(self, board, side, hand=None, checks=None, mark=None, half=0, full=1):
        self.board = board
        self.side = side
        self.hand = dict(hand or {WHITE: 0, BLACK: 0})
        self.checks = dict(checks or {WHITE: 0, BLACK: 0})
        self.mark = mark
        self.half = half
        self.full = full

    def placement(self):
        rows = []
        for r in range(NROWS - 1, -1, -1):
            text, run = "", 0
            for c in range(10):
                p = self.board[10 * r + c]
                if p == EMPTY:
                    run += 1
                else:
                    if run:
                        text += str(run)
                        run = 0
                    text += p
            if run:
                text += str(run)
            rows.append(text)
        return "/".join(rows)

    def key(self):
        """CY23: the first five FEN fields."""
        return " ".join(self.fen().split()[:5])

    def fen(self):
        hand = "P" * self.hand[WHITE] + "p" * self.hand[BLACK] or "-"
        return "%s %s %s %d+%d %s %d %d" % (
            self.placement(), self.side, hand, self.checks[WHITE], self.checks[BLACK],
            "-" if self.mark is None else NAME[self.mark], self.half, self.full)

    @staticmethod
    def from_fen(fen):
        """6.1.  Raises FenError("Fn: ...") naming the first rule broken."""
        fields = fen.strip(" ").split(" ")
        fields = [f for f in fields if f != ""]
        if len(fields) != 7:
            raise FenError("F1: %d fields, want 7" % len(fields))
        place, side, hand, chk, mark, half, full = fields
        rows = place.split("/")
        if len(rows) != NROWS:
            raise FenError("F2: placement: %d rows, want 11" % len(rows))
        board = [EMPTY] * NCELLS
        for k, text in enumerate(rows):
            r = NROWS - 1 - k
            if text == "":
                raise FenError("F2: placement: row %d is empty text" % r)
            c = 0
            for tok in re.findall(r"[0-9]+|.", text):
                if tok.isdigit():
                    if tok[0] == "0" or int(tok) > 10:
                        raise FenError("F3: placement: row %d: bad number %s" % (r, tok))
                    c += int(tok)
                elif tok in PIECES:
                    if c < 10:
                        board[10 * r + c] = tok
                    c += 1
                else:
                    raise FenError("F3: placement: row %d: bad character %r" % (r, tok))
                if c > 10:
                    break
            if c != 10:
                raise FenError("F3: placement: row %d does not describe 10 cells" % r)
        for s in (WHITE, BLACK):
            if board.count(cased("K", s)) != 1 or board.count(cased("S", s)) != 1:
                raise FenError("F4: placement: %s needs exactly one King and one Spy" % s)
        for s in (WHITE, BLACK):
            for letter, most in (("Q", 1), ("R", 2), ("B", 2), ("N", 2)):
                if board.count(cased(letter, s)) > most:
                    raise FenError("F5: placement: too many %s" % cased(letter, s))
        for i, p in enumerate(board):
            if p in "Pp" and (AREA[i] == COURT or
                              (p == "P" and row(i) in (1, 2)) or (p == "p" and row(i) in (8, 9))):
                raise FenError("F6: placement: a pawn on %s" % NAME[i])
        if side not in (WHITE, BLACK):
            raise FenError("F7: side: %r" % side)
        if hand == "-":
            hw, hb = 0, 0
        elif re.fullmatch(r"P*p*", hand):
            hw, hb = hand.count("P"), hand.count("p")
        else:
            raise FenError("F8: hand: %r" % hand)
        for s, n in ((WHITE, hw), (BLACK, hb)):
            if n > 8 or n + board.count(cased("P", s)) > 8:
                raise FenError("F8: hand: too many pawns for %s" % s)
        m = re.fullmatch(r"([0-9])\+([0-9])", chk)
        if not m:
            raise FenError("F9: checks: %r" % chk)
        cnt = {WHITE: int(m.group(1)), BLACK: int(m.group(2))}
        if cnt[side] > 3 or cnt[other(side)] > 4:
            raise FenError("F9: checks: counter too high")
        moved = other(side)
        if in_check(board, side, None) != (cnt[moved] >= 1):
            raise FenError("F10: checks: the counter of %s does not match the check" % moved)
        if mark == "-":
            mk = None
        else:
            if not CELL_RE.match(mark):
                raise FenError("F11: mark: %r" % mark)
            mk = CELL[mark]
            p = board[mk]
            ok = p != EMPTY and owner(p) == moved and (
                (p.upper() in MAJOR and AREA[mk] == FIELD) or embedded(board, mk))
            if not ok:
                raise FenError("F11: mark: %s holds no piece that can be marked" % mark)
        if not NUM_RE.match(half) or not NUM_RE.match(full) or full == "0":
            raise FenError("F12: halfmove or fullmove: %r %r" % (half, full))
        kings = {s: find(board, cased("K", s)) for s in (WHITE, BLACK)}
        spies = {s: find(board, cased("S", s)) for s in (WHITE, BLACK)}
        kflip = king_flips(board, moved)
        for s in (WHITE, BLACK):
            sp = spies[s]
            for t in (kings[WHITE], kings[BLACK], spies[other(s)]):
                if t in NEXT[sp] and not (kflip and s == side and t == kings[moved]):
                    raise FenError("F13: placement: a Spy next to a King or the other Spy")
        if in_check(board, moved, spies[side] if kflip else None):
            raise FenError("F14: the side that just moved is in check")
        if spy_flips(board, side):
            raise FenError("F15: the side to move's Spy flips the other King")
        return Position(board, side, {WHITE: hw, BLACK: hb}, cnt, mk, int(half), int(full))

    def copy(self):
        return Position(self.board[:], self.side, self.hand, self.checks, self.mark,
                        self.half, self.full)


# ---------------------------------------------------------------------------
# Moves (3.2, 3.4, 4.4-4.8)
# ---------------------------------------------------------------------------
# A move is a tuple:
#   ("m", f, t)          plain move
#   ("d", t)             prisoner release (drop)
#   ("c", f, t, f2, t2)  compound move: Spy f -> t, then a major f2 -> t2

def can_capture(board, s, t, mark):
    """3.4 (with 4.5 re-take and 4.6 collusion capture): may the piece on s
    capture the enemy piece on t?"""
    p, q = board[s], board[t]
    if q == EMPTY or owner(q) == owner(p):
        return False
    qk, pk = q.upper(), p.upper()
    if qk in "KS":
        return False
    if qk == "P":
        if in_sanctuary(q, t):          # embedded pawns are in sanctuary too
            return False
        return pk != "S"
    ta, sa = AREA[t], AREA[s]
    if ta == COURT:
        return pk == "S"
    if ta == BORDER:
        return pk == "P"
    # An enemy major on a Field cell.
    if pk == "P":
        return True
    if pk == "S":
        return False
    if sa != FIELD:
        return True
    if mark == t:                       # 4.5 re-take (CY18)
        return True
    if pk == "K":                       # 4.6 collusion capture (CY17)
        return colluding(board, t) and checks(board, t, s)
    return False


def court_entry_ok(p, s, t):
    """3.2, CY6: a major may end on a Court cell only from a Court cell."""
    return not (p.upper() in MAJOR and AREA[t] == COURT and AREA[s] != COURT)


def piece_moves(board, s, mark, second_part=False):
    """Plain pseudo-legal moves of the piece on s: (s, t) pairs.
    second_part: the second part of a compound move (4.4), which may enter
    Court."""
    p = board[s]
    side = owner(p)
    kind = p.upper()
    out = []
    if kind == "P":
        if embedded(board, s):
            return out
        fw = forward(side)
        one = s + fw
        if AREA[one] != COURT and board[one] == EMPTY:
            out.append((s, one))
            two = one + fw
            if row(s) == START_ROW[side] and board[two] == EMPTY and AREA[two] != COURT:
                out.append((s, two))
        for t in pawn_diagonals(s, side):
            if AREA[t] != COURT and can_capture(board, s, t, mark):
                out.append((s, t))
        return out
    if kind in "NK":
        for t in (leaps(s) if kind == "N" else NEXT[s]):
            if board[t] == EMPTY:
                if second_part or court_entry_ok(p, s, t):
                    out.append((s, t))
            elif can_capture(board, s, t, mark):
                out.append((s, t))
        return out
    dirs = ORTH if kind == "R" else DIAG if kind == "B" else ALL8
    for d in dirs:
        for t in RAYS[s][d]:
            if board[t] == EMPTY:
                if second_part or court_entry_ok(p, s, t):
                    out.append((s, t))
                continue
            if can_capture(board, s, t, mark):
                out.append((s, t))
            break
    return out


def pseudo_moves(pos):
    board, side = pos.board, pos.side
    out = []
    for s in range(NCELLS):
        p = board[s]
        if p != EMPTY and owner(p) == side:
            out += [("m", f, t) for f, t in piece_moves(board, s, pos.mark)]
    # 4.8 prisoner release.
    if pos.hand[side] > 0 and not in_check(board, side):
        pawn = cased("P", side)
        for t in BORDER_CELLS:
            if board[t] == EMPTY:
                b = board[:]
                b[t] = pawn
                if not in_check(b, other(side)):
                    out.append(("d", t))
    # 4.4 compound moves (CY7).
    ss = find(board, cased("S", side))
    if AREA[ss] == COURT:
        for d in ALL8:
            for t in RAYS[ss][d]:
                if board[t] != EMPTY:
                    break
                if AREA[t] == COURT:
                    continue
                b = board[:]
                b[t], b[ss] = b[ss], EMPTY
                for f2 in range(NCELLS):
                    q = b[f2]
                    if q == EMPTY or owner(q) != side or q.upper() not in MAJOR or AREA[f2] == COURT:
                        continue
                    for _, t2 in piece_moves(b, f2, None, True):
                        if AREA[t2] == COURT and b[t2] == EMPTY:
                            out.append(("c", ss, t, f2, t2))
    return out


def apply(board, mv, side):
    """The board after mv (no legality check)."""
    b = board[:]
    if mv[0] == "d":
        b[mv[1]] = cased("P", side)
    else:
        b[mv[2]], b[mv[1]] = b[mv[1]], EMPTY
        if mv[0] == "c":
            b[mv[4]], b[mv[3]] = b[mv[3]], EMPTY
    return b


def is_legal_board(b, mover):
    """4.3 L1-L4 on the board after the whole move."""
    enemy = other(mover)
    mk, ms = find(b, cased("K", mover)), find(b, cased("S", mover))
    ek, es = find(b, cased("K", enemy)), find(b, cased("S", enemy))
    if ek in NEXT[ms] or mk in NEXT[ms] or es in NEXT[ms]:        # L2
        return False
    kflip = False
    if es in NEXT[mk]:                                           # L3
        if AREA[es] == COURT and AREA[mk] == COURT:
            return False
        kflip = True
    if in_check(b, mover, es if kflip else None):                # L1, CY4
        return False
    if spy_flips(b, enemy):                                      # L4, CY5
        return False
    return True


def raw_legal_moves(pos):
    """Legal moves ignoring whether the game has ended."""
    return [m for m in pseudo_moves(pos) if is_legal_board(apply(pos.board, m, pos.side), pos.side)]


def is_capture(pos, mv):
    return mv[0] == "m" and pos.board[mv[2]] != EMPTY


def make(pos, mv):
    """6.1: the position after mv, with hands, counters, mark and clocks."""
    side, enemy = pos.side, other(pos.side)
    b = apply(pos.board, mv, side)
    n = pos.copy()
    n.board = b
    n.mark = None
    reset = False
    if mv[0] == "d":
        n.hand[side] -= 1
        reset = True
    elif mv[0] == "m":
        f, t = mv[1], mv[2]
        p, q = pos.board[f], pos.board[t]
        if q != EMPTY:
            reset = True
            if q.upper() == "P":
                n.hand[enemy] += 1          # 4.8: to its owner's hand
            elif p.upper() in MAJOR and AREA[f] != FIELD and AREA[t] == FIELD:
                n.mark = t                  # 4.5: a re-take window
        if p.upper() == "P":
            reset = True
            if row(t) == EMBED_ROW[side]:
                n.mark = t                  # 4.7: the pawn embeds
    n.checks[side] = pos.checks[side] + 1 if in_check(b, enemy) else 0    # 4.10, CY21
    n.half = 0 if reset else pos.half + 1
    n.full = pos.full + (1 if side == BLACK else 0)
    n.side = enemy
    return n


def analyse(pos):
    """4.10, CY22, CY28: (outcome words of 6.5, in check, legal moves)."""
    side = pos.side
    mover = other(side)
    chk = in_check(pos.board, side)
    if king_flips(pos.board, mover) or spy_flips(pos.board, mover):
        return "%s flip" % mover, chk, []
    raw = raw_legal_moves(pos)
    if not raw and chk:
        return "%s checkmate" % mover, chk, []
    m = pos.mark
    if m is not None and embedded(pos.board, m) and owner(pos.board[m]) == mover \
            and pos.board[m + forward(mover)] == cased("K", side):
        return "draw embedding", chk, []
    if pos.checks[mover] >= 4:
        return "draw four-checks", chk, []
    if not raw:
        return "draw stalemate", chk, []
    return "none", chk, raw


def legal_moves(pos):
    return analyse(pos)[2]


# ---------------------------------------------------------------------------
# Move text (6.2) and SAN (6.3)
# ---------------------------------------------------------------------------

def move_text(mv):
    if mv[0] == "d":
        return "P@" + NAME[mv[1]]
    if mv[0] == "m":
        return NAME[mv[1]] + NAME[mv[2]]
    return NAME[mv[1]] + NAME[mv[2]] + "," + NAME[mv[3]] + NAME[mv[4]]


def _disambiguation(f, rivals):
    """6.3: from-column if no rival has it, else from-row, else the cell."""
    if not rivals:
        return ""
    if all(col(r) != col(f) for r in rivals):
        return FILES[col(f)]
    if all(row(r) != row(f) for r in rivals):
        return str(row(f))
    return NAME[f]


def suffix(pos, mv):
    """6.3: '#' if the move wins, else '+' if it gives check."""
    child = make(pos, mv)
    outcome = analyse(child)[0]
    if outcome in ("%s flip" % pos.side, "%s checkmate" % pos.side):
        return "#"
    return "+" if in_check(child.board, child.side) else ""


def san(pos, mv, legal):
    """6.3: the record notation of mv (one of `legal`), with its suffix."""
    return san_body(pos, mv, legal) + suffix(pos, mv)


def san_body(pos, mv, legal):
    """6.3 without the suffix."""
    b = pos.board
    if mv[0] == "d":
        text = "P@" + NAME[mv[1]]
    elif mv[0] == "m":
        f, t = mv[1], mv[2]
        letter = b[f].upper()
        cap = b[t] != EMPTY
        if letter == "P":
            text = (FILES[col(f)] + "x" + NAME[t]) if cap else NAME[t]
        else:
            rivals = [m[1] for m in legal if m[0] == "m" and m[2] == t and m[1] != f
                      and b[m[1]].upper() == letter]
            text = letter + _disambiguation(f, rivals) + ("x" if cap else "") + NAME[t]
    else:
        _, f, t, f2, t2 = mv
        letter = b[f2].upper()
        rivals = [m[3] for m in legal if m[0] == "c" and m[1] == f and m[2] == t
                  and m[4] == t2 and m[3] != f2 and b[m[3]].upper() == letter]
        text = "S" + NAME[t] + "," + letter + _disambiguation(f2, rivals) + NAME[t2]
    return text


_C = r"([zabcdefghi])(10|[0-9])"
SAN_PIECE = re.compile(r"^([KQRBNS])([zabcdefghi])?(10|[0-9])?(x)?" + _C + r"$")
SAN_PAWN = re.compile(r"^(?:([zabcdefghi])(x)?)?" + _C + r"$")
SAN_COMPOUND = re.compile(r"^S(x)?" + _C + r",([QRBN])([zabcdefghi])?(10|[0-9])?(x)?" + _C + r"$")
SAN_DROP = re.compile(r"^[Pp]@" + _C + r"$")
TEXT_PLAIN = re.compile(r"^" + _C + _C + r"$")
TEXT_COMPOUND = re.compile(r"^" + _C + _C + "," + _C + _C + r"$")


def parse_move(pos, text, legal=None):
    """6.2 and 6.3 reading.  Returns the legal move; raises MoveError."""
    if legal is None:
        legal = legal_moves(pos)
    if not legal:
        raise MoveError("%s: no legal move in this position" % text)
    b = pos.board
    body = text
    suf = ""
    while body and body[-1] in "+#":
        suf = body[-1] + suf
        body = body[:-1]
    if suf not in ("", "+", "#"):
        raise MoveError("%s: unreadable suffix" % text)

    def finish(m):
        if suf and suf != suffix(pos, m):
            raise MoveError("%s: the suffix %s is wrong" % (text, suf))
        return m

    by_text = {move_text(m): m for m in legal}
    if TEXT_PLAIN.match(body) or TEXT_COMPOUND.match(body) or SAN_DROP.match(body):
        key = "P@" + body[2:] if SAN_DROP.match(body) else body
        if key not in by_text:
            raise MoveError("%s: not a legal move" % text)
        return finish(by_text[key])
    m = SAN_COMPOUND.match(body)
    if m:
        if m.group(1) or m.group(7):
            raise MoveError("%s: a compound move never captures" % text)
        st = CELL[m.group(2) + m.group(3)]
        letter, fc, fr, t2 = m.group(4), m.group(5), m.group(6), CELL[m.group(8) + m.group(9)]
        cands = [mv for mv in legal if mv[0] == "c" and mv[2] == st and mv[4] == t2
                 and b[mv[3]].upper() == letter
                 and (fc is None or FILES[col(mv[3])] == fc) and (fr is None or str(row(mv[3])) == fr)]
        return finish(_one(text, cands))
    m = SAN_PIECE.match(body)
    if m:
        letter, fc, fr, x = m.group(1), m.group(2), m.group(3), m.group(4)
        t = CELL[m.group(5) + m.group(6)]
        cands = [mv for mv in legal if mv[0] == "m" and mv[2] == t and b[mv[1]].upper() == letter
                 and (fc is None or FILES[col(mv[1])] == fc) and (fr is None or str(row(mv[1])) == fr)]
        mv = _one(text, cands)
        if x and b[t] == EMPTY:
            raise MoveError("%s: x on a move that captures nothing" % text)
        return finish(mv)
    m = SAN_PAWN.match(body)
    if m:
        fc, x = m.group(1), m.group(2)
        t = CELL[m.group(3) + m.group(4)]
        cands = [mv for mv in legal if mv[0] == "m" and mv[2] == t and b[mv[1]].upper() == "P"
                 and (fc is None or FILES[col(mv[1])] == fc)]
        if fc is None:          # a bare destination is a pawn step, not a capture
            cands = [mv for mv in cands if b[t] == EMPTY]
        mv = _one(text, cands)
        if x and b[t] == EMPTY:
            raise MoveError("%s: x on a move that captures nothing" % text)
        return finish(mv)
    raise MoveError("%s: not a move" % text)


def _one(text, cands):
    if not cands:
        raise MoveError("%s: no legal move matches" % text)
    if len(cands) > 1:
        raise MoveError("%s: more than one legal move matches" % text)
    return cands[0]


# ---------------------------------------------------------------------------
# Game records (4.10 repetition, CY23), perft (CY28)
# ---------------------------------------------------------------------------

def judge_record(fen, moves):
    """Replays `moves` from `fen`; returns (outcome, check, legal count) of the
    final position, with threefold repetition (CY23: the start counts)."""
    pos = Position.from_fen(fen)
    counts = {pos.key(): 1}
    outcome, check, legal = analyse(pos)
    for n, text in enumerate(moves, 1):
        if outcome != "none":
            raise MoveError("move %d (%s) comes after the end of the game (%s)" % (n, text, outcome))
        try:
            m = parse_move(pos, text, legal)
        except MoveError as e:
            raise MoveError("move %d: %s" % (n, e))
        pos = make(pos, m)
        k = pos.key()
        counts[k] = counts.get(k, 0) + 1
        outcome, check, legal = analyse(pos)
        if outcome == "none" and counts[k] >= 3:
            outcome, legal = "draw repetition", []
    return outcome, check, len(legal)


def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make(pos, m), depth - 1) for m in moves)


def divide(pos, depth):
    rows = sorted((move_text(m), perft(make(pos, m), depth - 1)) for m in legal_moves(pos))
    return rows, sum(n for _, n in rows)


# ---------------------------------------------------------------------------
# Random positions (random play from the start, fixed seed)
# ---------------------------------------------------------------------------

def _pick(rng, pos, moves):
    """Biased towards the rare rules: checks, captures, drops, compound
    moves, pawn advances, King moves."""
    r = rng.random()
    if r < 0.25:
        checking = [m for m in moves if in_check(apply(pos.board, m, pos.side), other(pos.side))]
        if checking:
            return rng.choice(checking)
    r = rng.random()
    pools = [
        [m for m in moves if is_capture(pos, m)],
        [m for m in moves if m[0] in "dc"],
        [m for m in moves if m[0] == "m" and pos.board[m[1]] in "Pp"],
        [m for m in moves if m[0] == "m" and pos.board[m[1]] in "KkSs"],
    ]
    weights = [0.45, 0.15, 0.2, 0.1]
    acc = 0.0
    for pool, w in zip(pools, weights):
        acc += w
        if r < acc:
            if pool:
                return rng.choice(pool)
            break
    return rng.choice(moves)


def random_game_positions(rng, plies):
    pos = Position.from_fen(INITIAL_FEN)
    if rng.random() < 0.2:
        pos = Position.from_fen(INITIAL_FEN.replace(" w ", " b "))
    out = [pos]
    for _ in range(plies):
        moves = legal_moves(pos)
        if not moves:
            break
        pos = make(pos, _pick(rng, pos, moves))
        out.append(pos)
    return out


def random_fens(seed, count):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        line = random_game_positions(rng, rng.randint(4, 140))
        pos = line[-1]
        if not legal_moves(pos) and len(line) > 3 and rng.random() < 0.5:
            pos = line[-rng.randint(2, 3)]
        fen = pos.fen()
        assert Position.from_fen(fen).fen() == fen, fen
        out.append(fen)
    return out


# ---------------------------------------------------------------------------
# Command-line outputs
# ---------------------------------------------------------------------------

def output_perft(fen, depth, with_divide):
    pos = Position.from_fen(fen)
    lines = []
    if with_divide:
        rows, total = divide(pos, depth)
        lines += ["%s: %d" % r for r in rows]
    else:
        total = perft(pos, depth)
    lines.append("Nodes searched: %d" % total)
    return "\n".join(lines) + "\n"


def output_moves(fen):
    pos = Position.from_fen(fen)
    legal = legal_moves(pos)
    rows = sorted((move_text(m), san(pos, m, legal)) for m in legal)
    return "".join("%s\t%s\n" % r for r in rows)


def format_status(outcome, check, nlegal):
    return "check: %s\nlegal-moves: %d\noutcome: %s\n" % ("yes" if check else "no", nlegal, outcome)


def output_status(fen, moves=()):
    return format_status(*judge_record(fen, list(moves)))


def fen_after(fen, moves):
    pos = Position.from_fen(fen)
    for text in moves:
        pos = make(pos, parse_move(pos, text))
    return pos.fen()


# ---------------------------------------------------------------------------
# Self-test: every number and example of the spec, and hand-made positions
# ---------------------------------------------------------------------------

class Selftest:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what, detail=""):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL %s%s" % (what, (": " + str(detail)) if detail != "" else ""))

    def eq(self, got, want, what):
        self.check(got == want, what, "" if got == want else "got %r, want %r" % (got, want))


def fen_of(pieces, side="w", hand="-", checks="0+0", mark="-", half=0, full=1):
    """A FEN from {cell name: piece letter} (a test helper)."""
    board = [EMPTY] * NCELLS
    for n, p in pieces.items():
        board[CELL[n]] = p
    return "%s %s %s %s %s %d %d" % (Position(board, side).placement(), side, hand, checks, mark,
                                     half, full)


# The base of 3.5: White King i1, White Spy i3, Black King i9, Black Spy i7.
BASE = {"i1": "K", "i3": "S", "i9": "k", "i7": "s"}


def with_base(extra, base=BASE):
    d = dict(base)
    d.update(extra)
    return d


def _moves(fen):
    """{move text: SAN} of the legal moves."""
    pos = Position.from_fen(fen)
    legal = legal_moves(pos)
    return {move_text(m): san(pos, m, legal) for m in legal}


def _targets(fen, cell):
    """Sorted destination names of the plain moves of the piece on cell."""
    pos = Position.from_fen(fen)
    return sorted(NAME[m[2]] for m in legal_moves(pos) if m[0] == "m" and m[1] == CELL[cell])


def _names(text):
    """'a3 b3 e1-e4' -> sorted cell names; x1-x4 is a run along a column."""
    out = []
    for tok in text.split():
        if "-" in tok:
            a, b = tok.split("-")
            ra, rb = int(a[1:]), int(b[1:])
            out += [a[0] + str(r) for r in range(ra, rb + 1)]
        else:
            out.append(tok)
    return sorted(out)


# 3.5: (piece cell, FEN, cells); the count is len(cells).
REACH = [
    ("c3", "10/9k/10/9s/10/10/10/3R5S/10/9K/10 w - 0+0 - 0 1", "a3 b3 d3 e3 f3 g3 h3 c1 c2 c4-c9", 15),
    ("e5", "10/9k/10/9s/10/5Q4/10/9S/10/9K/10 w - 0+0 - 0 1",
     "a5 b5 c5 d5 f5 g5 h5 e1-e4 e6-e9 d6 c7 b8 a9 f6 g7 h8 d4 c3 b2 a1 f4 g3 h2", 29),
    ("c4", "10/9k/10/9s/10/10/3B6/9S/10/9K/10 w - 0+0 - 0 1", "b3 a2 d5 e6 f7 g8 h9 b5 a6 d3 e2 f1", 12),
    ("d4", "10/9k/10/9s/10/10/4N5/9S/10/9K/10 w - 0+0 - 0 1", "b3 b5 c2 c6 e2 e6 f3 f5", 8),
    ("d5", "10/9k/10/9s/10/4N5/10/9S/10/9K/10 w - 0+0 - 0 1",
     "b4 b6 c3 c7 e3 e7 f4 f6 a4 a6 c2 c8 e2 e8 g4 g6", 16),
    ("z3", "10/9k/10/9s/10/10/10/N8S/10/9K/10 w - 0+0 - 0 1", "a0 a6 c2 c4", 4),
    ("e10", "5N4/9k/10/9s/10/10/10/9S/10/9K/10 w - 0+0 - 0 1", "b9 d7 f7 h9", 4),
    ("a0", "10/9k/10/9s/10/10/10/9S/10/9K/1R8 w - 0+0 - 0 1", "z0 b0 c0 d0 e0 f0 g0 h0 i0 a1-a10", 19),
    ("z0", "10/9k/10/9s/10/10/10/9S/10/9K/Q9 w - 0+0 - 0 1",
     "a0 b0 c0 d0 e0 f0 g0 h0 i0 z1-z10 a1 b2 c3 d4 e5 f6 g7 h8", 27),
    ("e5", "10/9k/10/9s/10/5K4/10/9S/10/10/10 w - 0+0 - 0 1", "d4 d5 d6 e4 e6 f5 f6", 7),
    ("e5", "8k1/10/s9/10/10/5S4/10/10/10/2K7/10 w - 0+0 - 0 1",
     "z5 a5 b5 c5 d5 f5 g5 h5 i5 e0-e4 e6-e10 d4 c3 z0 f6 g7 h8 d6 c7 b8 z10 f4 g3 h2 i1", 33),
]

FIRST_MOVES = ("a4 a5 b4 b5 c4 c5 d4 d5 e4 e5 f4 f5 g4 g5 h4 h5 "
               "Sz0 Sa0 Sb0 Sc0 Se0 Sf0 Sg0 Sh0 Si0 Na2 Nh2 Ra1 Rb2 Rg2 Rh1 Bd1 Be1 Qd1 Qe1")

# Section 8 worked positions: FEN, the complete SAN list, the status.
WORKED = [
    ("8 Border King checked by a Field rook (CY14)",
     "10/9k/5r4/9s/10/5K4/10/10/10/10/1S8 w - 0+1 - 0 1",
     "Kd4 Kd5 Kd6 Ke4 Ke6 Kf5 Kf6", "check: yes\nlegal-moves: 7\noutcome: none\n"),
    ("8 collusion (4.2, 4.6)",
     "9s/10/5k4/4Q5/3S6/10/10/10/5K4/10/10 b - 1+0 - 0 1",
     "Kxd7# Ke9 Kf8", "check: yes\nlegal-moves: 3\noutcome: none\n"),
    ("8 Border Spy checks through f4; King flip",
     "10/9k/10/10/10/7s2/10/5K4/10/10/1S8 w - 0+1 - 0 1",
     "Kd3 Kd4 Ke2 Ke4 Kf2 Kf3 Kf4#", "check: yes\nlegal-moves: 7\noutcome: none\n"),
]
DROP_FEN = "s9/10/10/10/5k4/3p6/10/10/5K4/10/1S8 w PPp 0+0 - 0 1"

# F1-F15 (6.1): FENs that break exactly the rule named.
S_ = INITIAL_FEN
INVALID_FENS = [
    ("F1", S_.rsplit(" ", 1)[0]),
    ("F1", S_ + " 1"),
    ("F1", S_.split(" ")[0]),
    ("F1", ""),
    ("F2", "2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F2", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F2", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10//1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F2", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5/ w - 0+0 - 0 1"),
    ("F3", "4s5/2rn2nr2/3bqkb3/1pppppppp1/9/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F3", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR3/4S5 w - 0+0 - 0 1"),
    ("F3", "4s5/2rn2nr2/3bqkb3/1pppppppp1/55/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F3", "4s5/2rn2nr2/3bqkb3/1pppppppp1/010/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F3", "4s5/2rn2nr2/3bqkb3/1pppppppp1/0/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F3", "4s5/2rn2nr2/3bqkb3/1pppppppp1/11/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F3", "4s5/2rn2nr2/3bqkb3/1pppppppp1/4X5/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F3", "4s5/2rn2nr2/3bqkb3/1pppppppp1/4.5/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F4", "4s5/2rn2nr2/3bq1b3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F4", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/10 w - 0+0 - 0 1"),
    ("F4", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S3S1 w - 0+0 - 0 1"),
    ("F4", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/K3S5 w - 0+0 - 0 1"),
    ("F5", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/5Q4/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F5", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/5r4/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F5", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/5N4/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F5", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/5b4/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F6", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/P9/10/1PPPPPP1P1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F6", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPP1P1/3BQKB3/2RN2NRP1/4S5 w - 0+0 - 0 1"),
    ("F6", "4s5/2rn2nr2/3bqkb3/1pppppppp1/10/10/10/1PPPPPP1P1/3BQKBP2/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F6", "4s5/2rn2nrp1/3bqkb3/1ppppppp2/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F6", "4s5/2rn2nr2/3bqkbp2/1ppppppp2/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F6", "4s4p/2rn2nr2/3bqkb3/1ppppppp2/10/10/10/1PPPPPPPP1/3BQKB3/2RN2NR2/4S5 w - 0+0 - 0 1"),
    ("F7", S_.replace(" w ", " W ")),
    ("F7", S_.replace(" w ", " x ")),
    ("F7", S_.replace(" w ", " wb ")),
    ("F8", S_.replace(" - 0+0", " pP 0+0")),
    ("F8", S_.replace(" - 0+0", " P- 0+0")),
    ("F8", S_.replace(" - 0+0", " PX 0+0")),
    ("F8", S_.replace(" - 0+0", " P 0+0")),
    ("F8", "10/9k/10/9s/10/10/10/9S/10/9K/10 w PPPPPPPPP 0+0 - 0 1"),
    ("F8", S_.replace(" - 0+0", " p 0+0")),
    ("F9", S_.replace("0+0", "0-0")),
    ("F9", S_.replace("0+0", "00")),
    ("F9", S_.replace("0+0", "4+0")),
    ("F9", S_.replace("0+0", "0+5")),
    ("F9", S_.replace("0+0", "10+0")),
    ("F9", S_.replace("0+0", "0+")),
    ("F10", S_.replace("0+0", "0+1")),
    ("F10", "10/9k/5r4/9s/10/5K4/10/10/10/10/1S8 w - 0+0 - 0 1"),
    ("F10", "10/9k/5r4/9s/10/5K4/10/10/10/10/1S8 w - 1+0 - 0 1"),
    ("F11", S_.replace("0+0 - 0", "0+0 x 0")),
    ("F11", S_.replace("0+0 - 0", "0+0 e11 0")),
    ("F11", S_.replace("0+0 - 0", "0+0 e05 0")),
    ("F11", S_.replace("0+0 - 0", "0+0 e5 0")),
    ("F11", S_.replace("0+0 - 0", "0+0 c3 0")),      # a White pawn, not embedded
    ("F11", S_.replace("0+0 - 0", "0+0 d2 0")),      # a White Queen on a Field cell, but White is to move
    ("F11", "10/9k/3R6/9s/10/10/10/9S/10/9K/10 w - 0+0 c8 0 1"),
    ("F11", "10/9k/10/9s/10/2r7/10/9S/10/9K/10 w - 0+0 b5 0 1"),   # a Border rook
    ("F11", "10/9k/10/9s/10/10/10/9S/10/9K/1r8 w - 0+0 a0 0 1"),   # a Court rook
    ("F11", "10/9k/10/9s/10/10/10/9S/3p6/9K/10 w - 0+0 c2 0 1"),   # a Black pawn, not embedded
    ("F12", S_.replace(" 0 1", " -1 1")),
    ("F12", S_.replace(" 0 1", " +0 1")),
    ("F12", S_.replace(" 0 1", " 00 1")),
    ("F12", S_.replace(" 0 1", " 0 0")),
    ("F12", S_.replace(" 0 1", " 0 01")),
    ("F12", S_.replace(" 0 1", " 0 1234567")),
    ("F12", S_.replace(" 0 1", " x 1")),
    ("F12", S_.replace(" 0 1", " 0 1.0")),
]

INVALID_FENS += [
    ("F13", fen_of({"i1": "K", "i2": "S", "i9": "k", "i7": "s"})),     # own Spy next to own King
    ("F13", fen_of({"h0": "K", "h8": "S", "i9": "k", "z7": "s"}, "b")),   # Spy next to the enemy King
    ("F13", fen_of({"h0": "K", "d4": "S", "i9": "k", "e5": "s"})),     # the two Spies touch
    ("F13", fen_of({"e3": "K", "z0": "S", "f4": "s", "i9": "k"})),     # the side to move's King
    ("F13", fen_of({"a0": "K", "i3": "S", "z1": "s", "h10": "k"}, "b")),   # King flip, both Court
    ("F14", "10/9k/5r4/9s/10/5K4/10/10/10/10/1S8 b - 0+0 - 0 1"),     # the rook e8 checks e5
    ("F14", fen_of({"d5": "K", "e6": "k", "z0": "S", "i10": "s"}, "b", checks="1+0")),   # Kings
    ("F14", "10/9k/10/10/10/7s2/10/5K4/10/10/1S8 b - 0+0 - 0 1"),     # the Border Spy checks e3
    ("F14", fen_of({"f4": "K", "g5": "s", "f10": "r", "i9": "k", "a0": "S"}, "b")),  # flip in check
    ("F15", fen_of({"i0": "K", "z0": "S", "i9": "k", "f6": "s"})),     # through a Field Spy
    ("F15", fen_of({"i10": "K", "a0": "S", "h0": "k", "e5": "s"})),    # along row 0
]

# Hand-made positions: (name, FEN, {from cell: destinations} or None,
# full SAN list or None, status or None).  Each count is derived in the
# comment from the rules, not by running the code.
R = with_base
HAND = [
    # 3.4: a Field major never captures a Field major; c6 blocks the rook.
    # Row 3 a3-h3 less c3 (7, z3/i3 Court entry or own Spy), c1 c2, c4 c5: 11.
    ("field rook vs field rook", fen_of(R({"c3": "R", "c6": "r"})),
     {"c3": "a3 b3 d3 e3 f3 g3 h3 c1 c2 c4 c5"}, None, None),
    # 3.4: only pawns capture a Border major: c4 only, 10 in all.
    ("field rook vs border rook", fen_of(R({"c3": "R", "c5": "r"})),
     {"c3": "a3 b3 d3 e3 f3 g3 h3 c1 c2 c4"}, None, None),
    # 3.4: a Border rook captures a Field major: a5-h5 less c5 (7; z5/i5
    # Court entry), c1-c4, c6 c7 and the capture c8 (4.5 opens a window).
    ("border rook captures field knight", fen_of(R({"c5": "R", "c8": "n", "d9": "b"})),
     {"c5": "a5 b5 d5 e5 f5 g5 h5 c1 c2 c3 c4 c6 c7 c8"}, None, None),
    # 3.4: a pawn captures a Border major; b4 is not the start row.
    ("pawn captures border rook", fen_of(R({"b4": "P", "c5": "r"})),
     {"b4": "b5 c5"}, None, None),
    # 3.4 sanctuary: a Black pawn on c3 (rows 1-3) blocks the Field rook c1,
    # which cannot take it.  Row 1 a1 b1 d1-h1 (z1 Court, i1 own King), c2.
    ("sanctuary pawn", fen_of(R({"c1": "R", "c3": "p"})),
     {"c1": "a1 b1 d1 e1 f1 g1 h1 c2"}, None, None),
    # The same pawn on c4 is out of sanctuary: a Field rook takes it (3.4).
    ("pawn out of sanctuary", fen_of(R({"c1": "R", "c4": "p"})),
     {"c1": "a1 b1 d1 e1 f1 g1 h1 c2 c3 c4"}, None, None),
    # 3.4, CY9: the Border King e5 takes the Field knight d6 and the pawn e4
    # (not in Black's sanctuary), never the Border bishop f5.  e4 and e6 are
    # checked by that bishop (Border major, diagonal), f4 by the Court Spy
    # i7; d6 is not on the bishop's diagonals (f5-e6-d7): d4 d5 d6 f6.
    ("king captures", fen_of({"e5": "K", "i3": "S", "i9": "k", "i7": "s", "d6": "n", "f5": "b",
                              "e4": "p"}),
     {"e5": "d4 d5 d6 f6"}, None, None),
    # 3.4: the Court King i1 cannot take the Court rook h0; h1 is checked by
    # it (Court major, Field King); h2 and i2 touch the own Spy i3 (L2): i0.
    ("court king vs court rook", fen_of({"i1": "K", "i3": "S", "i9": "k", "i7": "s", "h0": "r"}),
     {"i1": "i0"}, None, "check: no\nlegal-moves: 3\noutcome: none\n"),
    # 3.4, CY26: the Field Spy e4 takes the Court rook z9 (along e4-a8-z9)
    # and then sees the Court King i9 along row 9: a flip (4.9).  The Field
    # knight e7 stops it on the e-file (a Spy captures only in Court).
    ("spy captures in court and flips",
     fen_of({"h0": "K", "e4": "S", "i9": "k", "i7": "s", "z9": "r", "e7": "n"}),
     None, None, None),
    # CY27: two Field Kings may touch.  c4 is seen by the Court Spy i10
    # along i10-c4; e4 holds the Black King: c2 c3 d2 d4 e2 e3.  The Spy
    # z0: z1-z10, a0-i0, a1 b2 f6 g7 h8 (c3 d4 e5 touch a King, i9 the
    # other Spy): 24; 30 in all.
    ("field kings touch", fen_of({"d3": "K", "e4": "k", "z0": "S", "i10": "s"}),
     {"d3": "c2 c3 d2 d4 e2 e3"}, None, "check: no\nlegal-moves: 30\noutcome: none\n"),
    # 4.2: a Court King checks a Field King next to it.
    ("court king checks field king", fen_of({"z3": "K", "a4": "k", "i0": "S", "i10": "s"}, "b",
                                            checks="1+0"),
     None, None, None),
    # 4.7: the embedded pawn d9 checks the Court King e10; the King goes to
    # d10 f10 e9 f9 (nothing else checks them); no other Black move answers
    # an adjacent check.
    ("embedded pawn checks court king",
     fen_of({"i1": "K", "i3": "S", "d9": "P", "e10": "k", "z7": "s"}, "b", checks="1+0"),
     None, "Kd10 Ke9 Kf10 Kf9", "check: yes\nlegal-moves: 4\noutcome: none\n"),
    # CY4: the King flip f4 is illegal when the Court rook f10 also checks
    # f4 (and f2, f3): Kd3 Kd4 Ke2 Ke4 (Kd2 is on the Spy's diagonal).
    ("king flip refused under another check",
     "6r3/9k/10/10/10/7s2/10/5K4/10/10/1S8 w - 0+1 - 0 1",
     None, "Kd3 Kd4 Ke2 Ke4", "check: yes\nlegal-moves: 4\noutcome: none\n"),
    # L3, L4: the King a0 may not go to z1 (next to the Court Spy z2, both
    # Court), nor to z0 or b0 (seen by the Court Spy z2 along z1 / a1);
    # b1 is free; a1 touches the Spy, a Field cell: a King flip.
    ("king flip and self-flip", fen_of({"a0": "K", "i3": "S", "h10": "k", "z2": "s"}),
     {"a0": "a1 b1"}, None, None),
    # 4.9: the Court rook c0 blocks the Spy a0 from the Court King f0; each
    # move of the rook up the c-file is a flip; b0 d0 e0 keep the block.
    ("discovered flip", fen_of({"a0": "S", "c0": "R", "f0": "k", "e3": "K", "z10": "s"}),
     {"c0": "b0 d0 e0 c1-c10"}, None, None),
    # 4.4, L4: the Spy leaving i3 opens the i-file to the Black Spy i7, so
    # every Spy move leaving the file must be a compound move whose rook
    # re-blocks i3 (Sc9 Sd8 Se7 Sf6 Sg5 Sh4 Sg1; not from row 3, where the
    # Spy blocks the rook); Si4 Si5 stay on the file; Kh0 Kh1 Ki0; the rook's
    # 15.  27 in all.
    ("compound move re-blocks the file", "10/9k/10/9s/10/10/10/3R5S/10/9K/10 w - 0+0 - 0 1",
     None, "Ra3 Rb3 Rc1 Rc2 Rc4 Rc5 Rc6 Rc7 Rc8 Rc9 Rd3 Re3 Rf3 Rg3 Rh3 Kh0 Kh1 Ki0 "
     "Sc9,Ri3 Sd8,Ri3 Se7,Ri3 Sf6,Ri3 Sg5,Ri3 Sh4,Ri3 Sg1,Ri3 Si4 Si5", None),
    # 4.8: in check (the Border rook h5 checks the Border King c5 along row
    # 5), no drop, though e5 would block.  King: b4 b6 c4 c6 d4 d6 (b5 d5
    # stay on row 5).
    ("no drop in check", fen_of({"c5": "K", "i3": "S", "i9": "k", "i7": "s", "h5": "r"},
                                hand="P", checks="0+1"),
     None, "Kb4 Kb6 Kc4 Kc6 Kd4 Kd6", "check: yes\nlegal-moves: 6\noutcome: none\n"),
    # 4.2, CY16: the Field Spy c3 colludes with the bishop d4 and checks
    # c7 along the c-file; the bishop covers b6; c6 c8 stay on the file.
    # A Black Spy move cannot block (a Field Spy is transparent).
    ("colluding spy checks", fen_of({"i1": "K", "c3": "S", "d4": "B", "c7": "k", "z9": "s"}, "b",
                                    checks="1+0"),
     None, "Kb7 Kb8 Kd6 Kd7 Kd8", "check: yes\nlegal-moves: 5\noutcome: none\n"),
    # The same with the Black Spy on z10: the King c7 stands on the line
    # z10-a9-b8-c7-d6-e5-f4-g3-h2-i1 to the White Court King, so leaving it
    # flips (4.9): Kb7# Kd7# Kd8#; Kb8 and Kd6 stay on the line.
    ("king move opens a flip line", fen_of({"i1": "K", "c3": "S", "d4": "B", "c7": "k", "z10": "s"},
                                           "b", checks="1+0"),
     None, "Kb7# Kb8 Kd6 Kd7# Kd8#", "check: yes\nlegal-moves: 5\noutcome: none\n"),
    # 4.2: without the bishop the Field Spy does not check a Field King.
    ("lone field spy does not check", fen_of({"i1": "K", "c3": "S", "c7": "k", "z9": "s"}, "b"),
     None, None, None),
    # 4.2: collusion across the Border: the bishop d4 checks g7 via e5 f6.
    ("collusion across the border", fen_of({"i1": "K", "c3": "S", "d4": "B", "g7": "k", "z9": "s"},
                                           "b", checks="1+0"),
     None, None, None),
    # 4.2: collusion never checks a Border King; a Field Spy never does.
    # The colluding knight b2 does not reach c5 either.
    ("no collusion check on the border",
     fen_of({"i1": "K", "c3": "S", "b2": "N", "c5": "k", "z9": "s"}, "b"),
     None, None, None),
    # 4.10 four checks: White has checked 3 times; Rz8+ (Court rook, Field
    # King, along row 8) is the fourth: drawn, not mate (e7 is free).
    ("four checks", fen_of({"i1": "K", "i3": "S", "z6": "R", "e8": "k", "i10": "s"}, checks="3+0"),
     None, None, None),
    # 4.7: d8-d9 embeds with the Black King d10 in front: drawn.
    ("embedding draw", fen_of({"i1": "K", "i3": "S", "d8": "P", "d10": "k", "z7": "s"}),
     None, None, None),
    # 4.7: d8-d9 embeds with the King c10 on its diagonal: check, no draw.
    ("embedding check", fen_of({"i1": "K", "i3": "S", "d8": "P", "c10": "k", "z7": "s"}),
     None, None, None),
    # 4.7: d8xe9 embeds by a capture, the King e10 in front: drawn.  d9 is
    # a step that checks e10.
    ("embedding by capture", fen_of({"i1": "K", "i3": "S", "d8": "P", "e9": "n", "e10": "k",
                                     "z7": "s"}),
     {"d8": "d9 e9"}, None, None),
    # Checkmate: the embedded pawn d9 checks c10; b10 d10 hold Black rooks;
    # b9 is covered by the Border rook b5, c9 by the Border Queen c5; the
    # check is adjacent, so nothing blocks, and the pawn is in sanctuary.
    ("checkmate by an embedded pawn",
     fen_of({"i1": "K", "i3": "S", "d9": "P", "b5": "R", "c5": "Q", "c10": "k", "b10": "r",
             "d10": "r", "z5": "s"}, "b", checks="1+0", mark="d9"),
     None, "", "check: yes\nlegal-moves: 0\noutcome: w checkmate\n"),
    # Stalemate: the Black Spy z8 blocks the White Court Spy z6 from the
    # King z10, and cannot move (z7 touches z6, z9 the own King, any other
    # move opens the file: L4); the King's z9 and a9 touch its own Spy, a10
    # is checked by the embedded pawn b9.
    ("stalemate", fen_of({"i1": "K", "z6": "S", "b9": "P", "z10": "k", "z8": "s"}, "b", mark="b9"),
     None, "", "check: no\nlegal-moves: 0\noutcome: draw stalemate\n"),
    # 4.4: the Spy d0 leaves Court; a Field knight then enters an empty Court
    # cell, d0 (the Spy's old cell) included; two knights reach b0.
    ("compound knights", fen_of({"i0": "K", "d0": "S", "a2": "N", "c2": "N", "i10": "k", "d10": "s"}),
     None, None, None),
    # 6.3 disambiguation: by column (Rce3 Rge3), by row (R2c4 R6c4).
    ("disambiguation", fen_of({"i1": "K", "i4": "S", "i9": "k", "i7": "s", "c3": "R", "g3": "R"}),
     None, None, None),
    ("disambiguation by row", fen_of({"i1": "K", "i3": "S", "i9": "k", "i7": "s", "c2": "R",
                                      "c6": "R"}),
     None, None, None),
    # 4.5: the re-take window after Rxc8: the Field bishop d9 may take the
    # rook on c8 (mark c8); without the mark it may not.
    ("retake window", fen_of({"i1": "K", "i3": "S", "i9": "k", "i7": "s", "c8": "R", "d9": "b"}, "b",
                             mark="c8"),
     {"d9": "c8 e8 f7 g6 h5"}, None, None),
    ("no retake window", fen_of({"i1": "K", "i3": "S", "i9": "k", "i7": "s", "c8": "R", "d9": "b"},
                                "b"),
     {"d9": "e8 f7 g6 h5"}, None, None),
]


def _hand(name):
    for h in HAND:
        if h[0] == name:
            return h[1]
    raise KeyError(name)


def _mirror_fen(fen):
    """Colours swapped and the board reflected across row 5 (r <-> 10 - r):
    the rules are symmetric, so moves and status mirror."""
    pos = Position.from_fen(fen)
    b = [EMPTY] * NCELLS
    for i, p in enumerate(pos.board):
        if p != EMPTY:
            b[10 * (10 - row(i)) + col(i)] = p.swapcase()
    m = None if pos.mark is None else 10 * (10 - row(pos.mark)) + col(pos.mark)
    n = Position(b, other(pos.side), {WHITE: pos.hand[BLACK], BLACK: pos.hand[WHITE]},
                 {WHITE: pos.checks[BLACK], BLACK: pos.checks[WHITE]}, m, pos.half, pos.full)
    return n.fen()


def _mirror_text(t):
    t = re.sub(r"(^|,)([KQRBNS])(10|[0-9])(?=x?[zabcdefghi])",
               lambda mo: mo.group(1) + mo.group(2) + str(10 - int(mo.group(3))), t)
    return re.sub(r"([zabcdefghi])(10|[0-9])", lambda mo: mo.group(1) + str(10 - int(mo.group(2))), t)


def _swap_outcome(status):
    return re.sub(r"outcome: ([wb]) ", lambda mo: "outcome: %s " % other(mo.group(1)), status)


def selftest():
    st = Selftest()
    eq, check = st.eq, st.check

    # 2.1-2.3, 8: names, indexes, areas.
    eq([NAME[i] for i in (0, 1, 9, 10, 55, 100, 109)], "z0 a0 i0 z1 e5 z10 i10".split(), "2.2 index")
    eq(CELL["d10"], 104, "2.2 d10")
    eq((AREA.count(COURT), AREA.count(BORDER), AREA.count(FIELD)), (38, 8, 64), "8: 38/8/64 cells")
    eq(sorted(NAME[i] for i in range(NCELLS) if AREA[i] == BORDER), _names("a5 b5 c5 d5 e5 f5 g5 h5"),
       "2.3 Border")
    check(AREA[CELL["z5"]] == COURT and AREA[CELL["i5"]] == COURT, "CY1: z5 and i5 are Court")
    check(AREA[CELL["a1"]] == FIELD and AREA[CELL["h9"]] == FIELD, "2.3 a1, h9 Field")
    eq(sorted(NAME[j] for j in LONG[CELL["z3"]]), ["a0", "a6", "c2", "c4"], "CY8 long leaps of z3")

    # 3.5: every reach count, as cell lists.
    for cell, fen, cells, n in REACH:
        want = _names(cells)
        eq(len(want), n, "3.5 table count %s" % cell)
        eq(_targets(fen, cell), want, "3.5 reach of %s in %s" % (cell, fen))
    spy = _moves("8k1/10/s9/10/10/5S4/10/10/10/2K7/10 w - 0+0 - 0 1")
    eq(sorted(s for s in spy.values() if s.endswith("#")), ["Se10#", "Sz10#"], "3.5 Spy flips e10 z10")

    # 8: the 35 first moves, both sides; perft 2 (hand count: 27 White moves
    # leave Black 35 replies; the 8 double steps to row 5 each block one
    # Black double step: 27*35 + 8*34 = 1217).
    first = _moves(INITIAL_FEN)
    eq(sorted(first.values()), sorted(FIRST_MOVES.split()), "8: White's 35 first moves")
    black = _moves(INITIAL_FEN.replace(" w ", " b "))
    eq(sorted(black.values()), sorted(_mirror_text(FIRST_MOVES).split()), "8: Black's 35 first moves")
    eq(first["d0e0"], "Se0", "6.3 SAN of a Spy move")
    eq(output_status(INITIAL_FEN), "check: no\nlegal-moves: 35\noutcome: none\n", "6.5 initial status")
    eq(perft(Position.from_fen(INITIAL_FEN), 2), 1217, "perft 2 of the initial position (by hand)")
    eq(Position.from_fen(INITIAL_FEN).fen(), INITIAL_FEN, "5: initial FEN round trip")

    # 8: the worked positions, complete move lists and status.
    for name, fen, sans, status in WORKED:
        eq(sorted(_moves(fen).values()), sorted(sans.split()), name)
        eq(output_status(fen), status, name + ": status")
    drops = _moves(DROP_FEN)
    eq(sorted(t for t in drops if t.startswith("P@")), ["P@a5", "P@b5", "P@e5", "P@g5", "P@h5"],
       "8: prisoner release cells")
    eq(drops["P@a5"], "P@a5", "6.3 SAN of a drop")
    after = fen_after(DROP_FEN, ["P@a5"])
    eq(after, "s9/10/10/10/5k4/1P1p6/10/10/5K4/10/1S8 b Pp 0+0 - 0 1", "6.1 FEN after a drop")
    eq(fen_after(DROP_FEN, ["p@b5"]).split()[2], "Pp", "6.2 p@ accepted for a drop")
    k = "9s/10/5k4/4Q5/3S6/10/10/10/5K4/10/10 b - 1+0 - 0 1"
    eq(output_status(k, ["Kxd7"]), "check: no\nlegal-moves: 0\noutcome: b flip\n", "4.6 Kxd7 wins")
    eq(fen_after(k, ["Kxd7"]), "9s/10/10/4k5/3S6/10/10/10/5K4/10/10 w - 1+0 - 0 2",
       "6.1 FEN after a King capture (no window, 4.5)")
    eq(output_status("10/9k/10/10/10/7s2/10/5K4/10/10/1S8 w - 0+1 - 0 1", ["Kf4"]),
       "check: no\nlegal-moves: 0\noutcome: w flip\n", "4.9 King flip wins (f4 checked by the Spy)")

    # Hand-made positions.
    for name, fen, by_cell, sans, status in HAND:
        try:
            Position.from_fen(fen)
        except FenError as e:
            check(False, "hand position %s is valid" % name, e)
            continue
        eq(Position.from_fen(fen).fen(), fen, "%s: FEN round trip" % name)
        for cell, cells in (by_cell or {}).items():
            eq(_targets(fen, cell), _names(cells), "%s: moves of %s" % (name, cell))
        if sans is not None:
            eq(sorted(_moves(fen).values()), sorted(sans.split()), "%s: move list" % name)
        if status is not None:
            eq(output_status(fen), status, "%s: status" % name)
        # The mirror image (colours swapped, rows reflected) has the mirrored moves.
        mf = _mirror_fen(fen)
        eq(sorted(_mirror_text(t) + "\t" + _mirror_text(s) for t, s in _moves(fen).items()),
           sorted(t + "\t" + s for t, s in _moves(mf).items()), "%s: mirror" % name)
        eq(output_status(mf), _swap_outcome(output_status(fen)), "%s: mirror status" % name)

    mv = _moves(_hand("border rook captures field knight"))
    eq(mv["c5c8"], "Rxc8", "3.4 Rxc8")
    eq(fen_after(_hand("border rook captures field knight"), ["Rxc8"]).split()[4], "c8",
       "4.5: Rxc8 from the Border opens a window on c8")
    rt = fen_after(_hand("border rook captures field knight"), ["Rxc8"])
    eq(_moves(rt).get("d9c8"), "Bxc8", "4.5: the Field bishop re-takes")
    eq(fen_after(rt, ["Bxc8"]).split()[4], "-", "4.5: a re-take opens no window")
    eq(fen_after(rt, ["Bxc8"]).split()[5], "0", "6.1 halfmove 0 after a capture")
    closed = fen_after(rt, ["Be8"])
    eq(closed.split()[4], "-", "4.5: the window closes after one move")
    eq(_moves(_hand("pawn captures border rook"))["b4c5"], "bxc5", "6.3 pawn capture")
    eq(_moves(_hand("pawn out of sanctuary"))["c1c4"], "Rxc4", "3.4 Rxc4")
    eq(fen_after(_hand("pawn out of sanctuary"), ["Rxc4"]).split()[2], "p",
       "4.8 a captured pawn goes to its owner's hand")
    kc = _moves(_hand("king captures"))
    eq((kc["e5d6"], kc.get("e5f5")), ("Kxd6", None), "3.4 CY9 Kxd6, no Kxf5")
    sp = _moves(_hand("spy captures in court and flips"))
    eq((sp.get("e4z9"), sp.get("e4e7"), sp.get("e4e6")), ("Sxz9#", None, "Se6"),
       "CY26 Sxz9# flips; no capture outside Court")
    eq(output_status(_hand("court king checks field king")).split("\n")[0], "check: yes",
       "CY27 Court King checks a Field King next to it")
    eq(output_status(_hand("lone field spy does not check")).split("\n")[0], "check: no",
       "4.2 a Field Spy alone does not check")
    eq(output_status(_hand("collusion across the border")).split("\n")[0], "check: yes",
       "4.2 collusion across the Border")
    eq(output_status(_hand("no collusion check on the border")).split("\n")[0], "check: no",
       "4.2 collusion never checks a Border King")
    kf = _moves(_hand("king flip and self-flip"))
    eq(kf["a0a1"], "Ka1#", "4.9 King flip Ka1#")
    df = _moves(_hand("discovered flip"))
    eq((df["c0c1"], df["c0c10"], df["c0d0"], df["c0b0"]), ("Rc1#", "Rc10#", "Rd0", "Rb0"),
       "4.9 flip by moving a piece out of the line")
    fc = _hand("four checks")
    eq(_moves(fc)["z6z8"], "Rz8+", "6.3: a drawing move with check gets +")
    eq(output_status(fc, ["Rz8"]), "check: yes\nlegal-moves: 0\noutcome: draw four-checks\n",
       "4.10 fourth check draws")
    eq(fen_after(fc, ["Rz8"]).split()[3], "4+0", "CY21 counter 4")
    eq(fen_after(fc, ["Rz5"]).split()[3], "0+0", "CY21 a move without check resets")
    eq(perft(make(Position.from_fen(fc), ("m", CELL["z6"], CELL["z8"])), 1), 0,
       "CY28 a finished game has no children")
    ed = _hand("embedding draw")
    eq(_moves(ed)["d8d9"], "d9", "embedding step SAN")
    eq(output_status(ed, ["d9"]), "check: no\nlegal-moves: 0\noutcome: draw embedding\n", "4.7 draw")
    eq(fen_after(ed, ["d9"]).split()[4], "d9", "6.1 mark of an embedding")
    ec = _hand("embedding check")
    eq(_moves(ec)["d8d9"], "d9+", "4.7 embedding gives check")
    eq(output_status(ec, ["d9"]).split("\n")[2], "outcome: none", "4.7 no draw on the diagonal")
    eq(_targets(fen_after(ec, ["d9", "Kd10"]), "d9"), [], "4.7 an embedded pawn never moves")
    eb = _hand("embedding by capture")
    eq((_moves(eb)["d8e9"], _moves(eb)["d8d9"]), ("dxe9", "d9+"), "4.7 embedding by capture SAN")
    eq(output_status(eb, ["dxe9"]).split("\n")[2], "outcome: draw embedding", "4.7 capture embeds")
    cm = _hand("checkmate by an embedded pawn")
    pre = cm.replace("/3P6/", "/10/").replace("/10/2RQ6/", "/3P6/2RQ6/", 1)
    pre = fen_of({"i1": "K", "i3": "S", "d8": "P", "b5": "R", "c5": "Q", "c10": "k", "b10": "r",
                  "d10": "r", "z5": "s"})
    eq(_moves(pre)["d8d9"], "d9#", "6.3 # on a mating move")
    eq(fen_after(pre, ["d9"]), cm, "6.1 FEN after the mate")
    sm = _hand("stalemate")
    pre = fen_of({"i1": "K", "z6": "S", "b8": "P", "z10": "k", "z8": "s"})
    eq(_moves(pre)["b8b9"], "b9", "stalemating move SAN")
    eq(fen_after(pre, ["b9"]), sm, "6.1 FEN after the stalemating move")
    ck = _moves(_hand("compound knights"))
    # 15 Field/Border Spy cells x 5 second parts (a2-b0, a2-z0, a2-z4, c2-b0,
    # c2-d0), 24 plain Spy moves (those 15, z0-c0 e0-g0, z4 and i5; h0
    # touches the King), 9 knight moves inside the Field, 3 King moves.
    eq(len(ck), 111, "4.4 compound knights: 75 + 24 + 9 + 3")
    eq(ck["d0i5"], "Si5#", "4.9 the Spy reaches i5 and flips along the i-file")
    eq((ck["d0d1,a2b0"], ck["d0d1,c2b0"], ck["d0d1,c2d0"], ck["d0d1,a2z4"]),
       ("Sd1,Nab0", "Sd1,Ncb0", "Sd1,Nd0", "Sd1,Nz4"), "6.3 compound SAN and disambiguation")
    eq(fen_after(_hand("compound knights"), ["Sd1,Nd0"]),
       fen_of({"i0": "K", "d1": "S", "a2": "N", "d0": "N", "i10": "k", "d10": "s"}, "b", half=1),
       "6.1 FEN after a compound move (halfmove +1)")
    dz = _moves(_hand("disambiguation"))
    eq((dz["c3e3"], dz["g3e3"], dz["c3c1"]), ("Rce3", "Rge3", "Rc1"), "6.3 column disambiguation")
    dr = _moves(_hand("disambiguation by row"))
    eq((dr["c2c4"], dr["c6c4"]), ("R2c4", "R6c4"), "6.3 row disambiguation")

    # 6.3 reading.
    def reads(fen, text):
        pos = Position.from_fen(fen)
        try:
            return move_text(parse_move(pos, text))
        except MoveError:
            return None
    b = _hand("border rook captures field knight")
    eq(reads(b, "Rxc8"), "c5c8", "6.3 read Rxc8")
    eq(reads(b, "Rc8"), "c5c8", "6.3 a missing x is accepted")
    eq(reads(b, "Rc5c8"), "c5c8", "6.3 redundant disambiguation")
    eq(reads(b, "c5c8"), "c5c8", "6.3 machine text")
    eq(reads(b, "Rxc7"), None, "6.3 x on a non-capture")
    eq(reads(b, "Rxc8+"), None, "6.3 a wrong suffix")
    eq(reads(b, "Rc9"), None, "6.3 no such move")
    eq(reads(b, "Zz9"), None, "6.3 unreadable")
    eq(reads(b, "c5c8q"), None, "6.2 no promotion suffix")
    w = WORKED[2][1]
    eq(reads(w, "Kf4"), "e3f4", "6.3 a missing # is accepted")
    eq(reads(w, "Kf4#"), "e3f4", "6.3 #")
    eq(reads(w, "Kf3#"), None, "6.3 a wrong #")
    ckf = _hand("compound knights")
    eq(reads(ckf, "Sd1,Nb0"), None, "6.3 ambiguous compound second part")
    eq(reads(ckf, "Sd1,Nab0"), "d0d1,a2b0", "6.3 compound move")
    eq(reads(ckf, "Sd1,Na2b0"), "d0d1,a2b0", "6.3 compound, redundant disambiguation")
    eq(reads(ckf, "Sd1,Nxab0"), None, "6.3 x in a compound move")
    eq(reads(ckf, "d0d1,a2b0"), "d0d1,a2b0", "6.2 compound machine text")
    eq(reads(ckf, "Nab0"), None, "3.2 no Court entry without the Spy")
    eq(reads(_hand("disambiguation"), "Re3"), None, "6.3 ambiguous Re3")
    eq(reads(_hand("disambiguation"), "Rce3"), "c3e3", "6.3 Rce3")
    eq(reads(_hand("disambiguation"), "R3e3"), None, "6.3 R3e3 still ambiguous")
    eq(reads(INITIAL_FEN, "e4"), "e3e4", "6.3 pawn step")
    eq(reads(INITIAL_FEN, "e3e5"), "e3e5", "6.2 double step")
    eq(reads(DROP_FEN, "P@a5"), "P@a5", "6.3 drop")
    eq(reads(DROP_FEN, "P@c5"), None, "4.8 drop on an occupied cell")
    eq(reads(DROP_FEN, "P@d5"), None, "4.8 drop giving check")
    eq(reads(_hand("stalemate"), "Kz9"), None, "6.3 no move in a finished game")
    try:
        judge_record(fc, ["Rz8", "Kd7"])
        check(False, "a move after a four-check draw is refused")
    except MoveError:
        check(True, "")

    # CY23 repetition: the start counts; the third occurrence draws.
    rep = ["Sc0", "Sc10", "Sd0", "Sd10", "Sc0", "Sc10", "Sd0"]
    eq(output_status(INITIAL_FEN, rep).split("\n")[2], "outcome: none", "CY23 two occurrences")
    eq(output_status(INITIAL_FEN, rep + ["Sd10"]),
       "check: no\nlegal-moves: 0\noutcome: draw repetition\n", "CY23 third occurrence")

    # 6.1: every F1-F15 refused with its rule; a few normalisations.
    for rule, fen in INVALID_FENS:
        try:
            Position.from_fen(fen)
            check(False, "%s refused: %s" % (rule, fen))
        except FenError as e:
            check(str(e).startswith(rule + ":"), "%s refused by that rule: %s" % (rule, fen), e)
    eq(sorted({r for r, _ in INVALID_FENS}), sorted("F%d" % n for n in range(1, 16)),
       "every rule F1-F15 has a case")
    eq(Position.from_fen("  " + INITIAL_FEN.replace(" ", "   ") + " ").fen(), INITIAL_FEN,
       "6.1 extra spaces")
    # F13 exception: a King flip just happened (valid, finished).
    eq(output_status("10/9k/10/10/10/7s2/6K3/10/10/10/1S8 b - 0+0 - 1 1"),
       "check: no\nlegal-moves: 0\noutcome: w flip\n", "F13 exception: a King flip position")
    # A Spy flip position: valid for the side that did not flip.
    # 4.9: the Court Spy z0 sees the Court King i9 along the diagonal, through
    # the Field Spy f6 (transparent): White has flipped.
    eq(output_status(fen_of({"i0": "K", "z0": "S", "i9": "k", "f6": "s"}, "b")),
       "check: no\nlegal-moves: 0\noutcome: w flip\n", "4.9 Spy flip through a Field Spy")

    # Random playouts: every FEN reads back; mirrors agree.
    for k, fen in enumerate(random_fens(7, 12)):
        eq(Position.from_fen(fen).fen(), fen, "random %d round trip" % k)
        mf = _mirror_fen(fen)
        eq(output_status(mf), _swap_outcome(output_status(fen)), "random %d mirror status" % k)

    print("%d passed, %d failed" % (st.passed, st.failed))
    return 0 if st.failed == 0 else 1


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def main(argv):
    ap = argparse.ArgumentParser(prog="cypher_ref.py")
    sub = ap.add_subparsers(dest="cmd", required=True)

    def add(name):
        p = sub.add_parser(name)
        p.add_argument("--variant", choices=["cypher"], default="cypher")
        return p
    p = add("perft")
    p.add_argument("--fen", default=INITIAL_FEN)
    p.add_argument("--divide", action="store_true")
    p.add_argument("depth", type=int)
    p = add("moves")
    p.add_argument("--fen", default=INITIAL_FEN)
    p = add("status")
    p.add_argument("--fen", default=INITIAL_FEN)
    p.add_argument("moves", nargs="*")
    p = add("after")
    p.add_argument("--fen", default=INITIAL_FEN)
    p.add_argument("moves", nargs="*")
    p = add("fen-check")
    p.add_argument("fen")
    p = add("random-fens")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--count", type=int, required=True)
    add("selftest")
    args = ap.parse_args(argv)
    try:
        if args.cmd == "perft":
            sys.stdout.write(output_perft(args.fen, args.depth, args.divide))
        elif args.cmd == "moves":
            sys.stdout.write(output_moves(args.fen))
        elif args.cmd == "status":
            sys.stdout.write(output_status(args.fen, args.moves))
        elif args.cmd == "after":
            print(fen_after(args.fen, args.moves))
        elif args.cmd == "fen-check":
            print(Position.from_fen(args.fen).fen())
        elif args.cmd == "random-fens":
            for fen in random_fens(args.seed, args.count):
                print(fen)
        elif args.cmd == "selftest":
            return selftest()
    except FenError as e:
        print("error: bad FEN: %s" % e, file=sys.stderr)
        return 2
    except MoveError as e:
        print("error: bad move: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
