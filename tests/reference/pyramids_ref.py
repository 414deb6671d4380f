#!/usr/bin/env python3
# Copyright (C) 2026 Cheops Studio developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference implementation of Pyramids.

Written only from the variant page /work/shared/variants/pyramids.md (the
authority; "the spec" below, its rulings are cited as PYn and its sections
by number), without reading the C rules core, so that the two can be
cross-checked (see pyramids_crosscheck.py).  It is meant to be simple and
obviously correct, not fast.  Pure Python 3, standard library only.

Command line (the same shape as trigchess_ref.py):
  pyramids_ref.py perft [--fen FEN] [--divide] DEPTH
  pyramids_ref.py moves [--fen FEN]                  # <move text>\t<SAN>, sorted by move text
  pyramids_ref.py status [--fen FEN] [MOVE...]       # 6.5
  pyramids_ref.py fen-check FEN                      # the FEN as written back, or the rule E1-E15 broken
  pyramids_ref.py after [--fen FEN] MOVE...          # the FEN after the moves
  pyramids_ref.py random-fens --seed S --count N
  pyramids_ref.py selftest
Every command also takes `--variant pyramids` (ignored), so the script can
stand in for the C tool in pyramids_crosscheck.py.  Errors: one line on
stderr, exit status 2.
"""

import argparse
import random
import re
import sys

# ---------------------------------------------------------------------------
# Board (2.1, 2.2)
# ---------------------------------------------------------------------------

FILES = "abcdefghi"
NSQ = 81


def sq(f, r):
    """2.2: index = 9 (r - 1) + f, f = 0..8, r = 1..9."""
    return 9 * (r - 1) + f


def file_of(i):
    return i % 9


def rank_of(i):
    return i // 9 + 1


def on_board(f, r):
    return 0 <= f <= 8 and 1 <= r <= 9


NAME = [FILES[file_of(i)] + str(rank_of(i)) for i in range(NSQ)]
SQ_OF = {n: i for i, n in enumerate(NAME)}


def _ring(i, n):
    """3.1: the squares at distance exactly n (max of |df|, |dr|)."""
    f, r = file_of(i), rank_of(i)
    out = []
    for df in range(-n, n + 1):
        for dr in range(-n, n + 1):
            if max(abs(df), abs(dr)) == n and on_board(f + df, r + dr):
                out.append(sq(f + df, r + dr))
    return out


RING = {n: [_ring(i, n) for i in range(NSQ)] for n in (1, 2, 3)}
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def _ray(i, d):
    f, r = file_of(i), rank_of(i)
    out = []
    f, r = f + d[0], r + d[1]
    while on_board(f, r):
        out.append(sq(f, r))
        f, r = f + d[0], r + d[1]
    return out


RAYS_O = [[_ray(i, d) for d in ORTHO] for i in range(NSQ)]
RAYS_D = [[_ray(i, d) for d in DIAG] for i in range(NSQ)]

# ---------------------------------------------------------------------------
# Pieces (3).  A square holds None or a tuple (colour, kind, mask):
# colour 'w' / 'b', kind 'S' slave, 'F' faraon, 'P' pino; mask is the set
# of checker sizes of a pino, bit s-1 for size s (0 for S and F).
# ---------------------------------------------------------------------------

ALL_SIZES = 0b1111
N3_SET = 0b1101          # sizes 1, 3 and 4 together give N(3) (PY6)
# The 15 pinos, as masks (3.3).
PINOS = list(range(1, 16))


def sizes_text(mask):
    """3.3: the sizes largest first: 4321, 31."""
    return "".join(str(s) for s in (4, 3, 2, 1) if mask & (1 << (s - 1)))


def parse_sizes(text):
    """The mask of a run of sizes written strictly largest first, or None."""
    if not text or any(c not in "1234" for c in text):
        return None
    digits = [int(c) for c in text]
    if any(a <= b for a, b in zip(digits, digits[1:])):
        return None
    mask = 0
    for d in digits:
        mask |= 1 << (d - 1)
    return mask


def subsets(mask):
    """The non-empty subsets of a mask (PY7): 2^k - 1 of them."""
    return [s for s in range(1, 16) if s & mask == s]


def other(side):
    return "b" if side == "w" else "w"


def forward(side):
    return 1 if side == "w" else -1


START_RANK = {"w": 2, "b": 8}       # 2.4
LAST_RANK = {"w": 9, "b": 1}


class FenError(Exception):
    pass


class MoveError(Exception):
    pass


INITIAL_FEN = ("(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/sssssssss/9/9/9/9/9/SSSSSSSSS/"
               "(4.)(2.)(3.)(1.)F(1.)(3.)(2.)(4.) w Ff 0 1")


class Position:
    """board: list of 81 squares; side 'w'/'b'; rights: dict side -> bool
    (4.3); half, full: the counters of 4.6."""

    def __init__(self, board, side, rights, half=0, full=1):
        self.board = board
        self.side = side
        self.rights = dict(rights)
        self.half = half
        self.full = full

    def key(self):
        """4.6: same pieces on the same squares, side to move, rights."""
        return (tuple(self.board), self.side, self.rights["w"], self.rights["b"])

    def faraon(self, side):
        for i, p in enumerate(self.board):
            if p is not None and p[0] == side and p[1] == "F":
                return i
        return None

    def rights_text(self):
        t = ("F" if self.rights["w"] else "") + ("f" if self.rights["b"] else "")
        return t or "-"

    def fen(self):
        """6.1, as a writer writes it: five fields, empties in maximal runs."""
        rows = []
        for r in range(9, 0, -1):
            row, run = "", 0
            for f in range(9):
                p = self.board[sq(f, r)]
                if p is None:
                    run += 1
                    continue
                if run:
                    row += str(run)
                    run = 0
                row += piece_text(p)
            if run:
                row += str(run)
            rows.append(row)
        return "%s %s %s %d %d" % ("/".join(rows), self.side, self.rights_text(), self.half, self.full)

    @staticmethod
    def from_fen(fen):
        return read_fen(fen)


def piece_text(p):
    c, k, m = p
    if k == "S":
        return "S" if c == "w" else "s"
    if k == "F":
        return "F" if c == "w" else "f"
    return "(%s.)" % sizes_text(m) if c == "w" else "(.%s)" % sizes_text(m)


# ---------------------------------------------------------------------------
# FEN reading (6.1, E1-E15 in the order of 6.1)
# ---------------------------------------------------------------------------

COUNTER = re.compile(r"(0|[1-9][0-9]*)\Z")


def _read_rank(text, r):
    """One rank of the placement: a list of 9 squares, or FenError E3-E8."""
    out = []
    i = 0
    last_count = False
    where = "placement, rank %d" % r
    while i < len(text):
        c = text[i]
        if c.isdigit():
            if c == "0":
                raise FenError("E4: %s: an empty count 0" % where)
            if last_count:
                raise FenError("E4: %s: two counts in a row" % where)
            out += [None] * int(c)
            last_count = True
            i += 1
            continue
        last_count = False
        if c in "SsFf":
            out.append(("w" if c.isupper() else "b", c.upper(), 0))
            i += 1
            continue
        if c == "(":
            j = text.find(")", i)
            if j < 0:
                raise FenError("E6: %s: a pino without its closing )" % where)
            inner = text[i + 1:j]
            if inner.count(".") != 1:
                raise FenError("E6: %s: a pino needs exactly one point: (%s)" % (where, inner))
            if any(ch not in "1234." for ch in inner):
                raise FenError("E6: %s: only sizes 1-4 inside a pino: (%s)" % (where, inner))
            left, right = inner.split(".")
            if not left and not right:
                raise FenError("E6: %s: a pino with no size: (%s)" % (where, inner))
            if left and right:
                raise FenError("E7: %s: a pino of two colours: (%s)" % (where, inner))
            digits = left or right
            mask = parse_sizes(digits)
            if mask is None:
                raise FenError("E8: %s: sizes not strictly decreasing: (%s)" % (where, inner))
            out.append(("w" if left else "b", "P", mask))
            i = j + 1
            continue
        raise FenError("E5: %s: the character %r" % (where, c))
    if len(out) != 9:
        raise FenError("E3: %s covers %d squares, not 9" % (where, len(out)))
    return out


def read_fen(fen):
    """Reads a FEN (6.1).  Returns a Position; raises FenError whose text
    starts with the rule broken ("E3: ...")."""
    fields = fen.split()
    if len(fields) not in (3, 5):
        raise FenError("E1: %d fields, not 3 or 5" % len(fields))
    ranks = fields[0].split("/")
    if len(ranks) != 9:
        raise FenError("E2: placement: %d ranks, not 9" % len(ranks))
    board = [None] * NSQ
    for k, text in enumerate(ranks):
        r = 9 - k
        row = _read_rank(text, r)
        for f in range(9):
            board[sq(f, r)] = row[f]
    if fields[1] not in ("w", "b"):
        raise FenError("E11: side %r is not w or b" % fields[1])
    if fields[2] not in ("Ff", "F", "f", "-"):
        raise FenError("E12: rights %r are not Ff, F, f or -" % fields[2])
    half, full = 0, 1
    if len(fields) == 5:
        for name, text, lo in (("halfmove", fields[3], 0), ("fullmove", fields[4], 1)):
            if not COUNTER.match(text) or not lo <= int(text) <= 999999:
                raise FenError("E13: %s %r is not a number %d-999999" % (name, text, lo))
        half, full = int(fields[3]), int(fields[4])
    rights = {"w": "F" in fields[2], "b": "f" in fields[2]}
    pos = Position(board, fields[1], rights, half, full)
    for side, letter in (("w", "F"), ("b", "f")):
        n = sum(1 for p in board if p == (side, "F", 0))
        if n != 1:
            raise FenError("E9: %d %s faraons, not 1" % (n, letter))
    for i, p in enumerate(board):
        if p is not None and p[1] == "S" and rank_of(i) in (1, 9):
            raise FenError("E10: a slave on %s" % NAME[i])
    if in_check(pos, pos.side) and pos.rights[pos.side]:
        raise FenError("E14: rights: the side to move is in check but keeps its right")
    if in_check(pos, other(pos.side)):
        raise FenError("E15: the side not to move is in check")
    return pos


# ---------------------------------------------------------------------------
# Movement (3.1-3.5)
# ---------------------------------------------------------------------------

def leap_rings(mask):
    """PY6: the rings a set of checkers leaps to."""
    rings = []
    if mask & 1:
        rings.append(1)
    if mask & 2:
        rings.append(2)
    if mask & N3_SET == N3_SET:
        rings.append(3)
    return rings


def reach(board, i, mask):
    """The squares a set of checkers `mask` standing on i reaches by its own
    modes before the landing rules (3.1, 3.5): every square of its leap
    rings, and along each slide every empty square and the first occupied
    one."""
    out = set()
    for n in leap_rings(mask):
        out.update(RING[n][i])
    rays = (RAYS_O[i] if mask & 8 else []) + (RAYS_D[i] if mask & 4 else [])
    for ray in rays:
        for t in ray:
            out.add(t)
            if board[t] is not None:
                break
    return out


def pino_targets(board, i, side, mask):
    """3.3 "Where they may land": the squares the checkers `mask` of side's
    pino on i may move to: empty, an enemy piece other than the faraon
    (capture), or a friendly pino with none of the sizes (merge)."""
    out = []
    for t in sorted(reach(board, i, mask)):
        p = board[t]
        if p is None:
            out.append(t)
        elif p[0] != side:
            if p[1] != "F":
                out.append(t)
        elif p[1] == "P" and p[2] & mask == 0:
            out.append(t)
    return out


def slave_moves(board, i, side):
    """3.2, PY3-PY5: (from, to, promotion mask or 0)."""
    f, r = file_of(i), rank_of(i)
    d = forward(side)
    out = []

    def add(t):
        if rank_of(t) == LAST_RANK[side]:
            out.extend((i, t, m) for m in PINOS)     # PY5: any of the 15
        else:
            out.append((i, t, 0))
    for df in (-1, 0, 1):
        if on_board(f + df, r + d) and board[sq(f + df, r + d)] is None:
            add(sq(f + df, r + d))
    for df in (-1, 1):
        if on_board(f + df, r + d):
            p = board[sq(f + df, r + d)]
            if p is not None and p[0] != side and p[1] != "F":
                add(sq(f + df, r + d))
    if r == START_RANK[side]:
        for df in (-2, -1, 0, 1, 2):
            if on_board(f + df, r + 2 * d) and board[sq(f + df, r + 2 * d)] is None:
                add(sq(f + df, r + 2 * d))
    return out


def faraon_moves(board, i, side, right):
    """3.4, PY10: N(1), and N(2), N(3) while it has its right."""
    out = []
    for n in ((1, 2, 3) if right else (1,)):
        for t in RING[n][i]:
            p = board[t]
            if p is None or (p[0] != side and p[1] != "F"):
                out.append((i, t, 0))
    return out


def pseudo_moves(pos):
    """Moves by section 3 alone: (from, to, x) with x the moving sizes of a
    pino move, the promotion pino of a slave promotion, else 0."""
    out = []
    side = pos.side
    for i, p in enumerate(pos.board):
        if p is None or p[0] != side:
            continue
        if p[1] == "S":
            out += slave_moves(pos.board, i, side)
        elif p[1] == "F":
            out += faraon_moves(pos.board, i, side, pos.rights[side])
        else:
            for s in subsets(p[2]):
                out += [(i, t, s) for t in pino_targets(pos.board, i, side, s)]
    return out


# ---------------------------------------------------------------------------
# Attack, check, legality (4.2, PY11)
# ---------------------------------------------------------------------------

def attacks(board, i, t, right):
    """4.2: does the piece on i attack square t?  `right`: whether, if it is
    a faraon, it counts its N(2)/N(3) rings."""
    c, k, m = board[i]
    if k == "S":
        return (rank_of(t) - rank_of(i) == forward(c) and abs(file_of(t) - file_of(i)) == 1)
    if k == "F":
        dist = max(abs(file_of(t) - file_of(i)), abs(rank_of(t) - rank_of(i)))
        return dist == 1 or (right and dist in (2, 3))
    return t in reach(board, i, m)      # the whole stack


def attacked_slow(board, t, by_side, by_right):
    """4.2 read literally: some piece of by_side attacks t (used by the
    selftest to check attacked())."""
    return any(p is not None and p[0] == by_side and attacks(board, i, t, by_right)
               for i, p in enumerate(board))


def attacked(board, t, by_side, by_right):
    """The same as attacked_slow(), looking outward from t: the first piece
    along each line (a pino with the 4 on a rank or file, with the 3 on a
    diagonal: its slide from there stops at t at the latest), the rings
    round t (a pino whose set leaps that far, a faraon at 1, or at 2 and 3
    with its right), and the two squares from which a slave captures on t."""
    for ray in RAYS_O[t]:
        for s in ray:
            p = board[s]
            if p is not None:
                if p[0] == by_side and p[1] == "P" and p[2] & 8:
                    return True
                break
    for ray in RAYS_D[t]:
        for s in ray:
            p = board[s]
            if p is not None:
                if p[0] == by_side and p[1] == "P" and p[2] & 4:
                    return True
                break
    for n in (1, 2, 3):
        for s in RING[n][t]:
            p = board[s]
            if p is None or p[0] != by_side:
                continue
            if p[1] == "F" and (n == 1 or by_right):
                return True
            if p[1] == "P" and n in leap_rings(p[2]):
                return True
    f, r = file_of(t), rank_of(t) - forward(by_side)
    for df in (-1, 1):
        if on_board(f + df, r) and board[sq(f + df, r)] == (by_side, "S", 0):
            return True
    return False


def in_check(pos, side):
    """4.2 Check: side's faraon is attacked by the other side, whose faraon
    counts its leaps only while it has its right."""
    o = other(side)
    return attacked(pos.board, pos.faraon(side), o, pos.rights[o])


def make(pos, m):
    """Plays m (pseudo-legal) and returns the new Position: placement
    (3.2-3.4, 4.4), the rights (4.2 steps 1-2, 4.3) and the counters (4.6)."""
    fr, to, x = m
    b = list(pos.board)
    side = pos.side
    p = b[fr]
    target = b[to]
    capture = target is not None and target[0] != side
    if p[1] == "S":
        b[to] = (side, "P", x) if x else p
        b[fr] = None
    elif p[1] == "F":
        b[to] = p
        b[fr] = None
    else:
        rest = p[2] & ~x
        b[fr] = (side, "P", rest) if rest else None
        if target is not None and target[0] == side:
            b[to] = (side, "P", target[2] | x)        # merge (PY8)
        else:
            b[to] = (side, "P", x)
    half = 0 if capture or p[1] == "S" else pos.half + 1
    full = pos.full + (1 if side == "b" else 0)
    child = Position(b, other(side), pos.rights, half, full)
    y = other(side)
    # Step 1: Y is checked if X attacks Y's faraon (X's faraon with X's right).
    # Step 2: Y keeps its right only if it had it and is not checked.
    if attacked(b, child.faraon(y), side, pos.rights[side]):
        child.rights[y] = False
    return child


def is_legal_after(child):
    """4.2 step 3: the mover X (= the child's side not to move) is legal if
    Y's pieces do not attack X's faraon, Y's faraon with its kept right."""
    x = other(child.side)
    return not attacked(child.board, child.faraon(x), child.side, child.rights[child.side])


_LEGAL_CACHE = {}


def legal_moves(pos):
    """The legal moves (4.2): the moves of section 3 after which the mover's
    faraon is not attacked (step 3).  Memoised by the position's identity
    (the counters do not change the moves)."""
    k = pos.key()
    got = _LEGAL_CACHE.get(k)
    if got is None:
        if len(_LEGAL_CACHE) > 200000:
            _LEGAL_CACHE.clear()
        got = [m for m in pseudo_moves(pos) if is_legal_after(make(pos, m))]
        _LEGAL_CACHE[k] = got
    return list(got)


def is_capture(pos, m):
    t = pos.board[m[1]]
    return t is not None and t[0] != pos.side


# ---------------------------------------------------------------------------
# End of game (4.5, 6.5)
# ---------------------------------------------------------------------------

def bare_faraons(pos):
    """4.5 rule 3, PY13."""
    return (all(p is None or p[1] == "F" for p in pos.board)
            and not pos.rights["w"] and not pos.rights["b"])


def outcome_of(pos, legal, repeated=False):
    """4.5 in its order; the words of 6.5."""
    check = in_check(pos, pos.side)
    if not legal:
        if check:
            return "%s checkmate" % other(pos.side)
        return "draw stalemate"
    if bare_faraons(pos):
        return "draw bare-faraons"
    if repeated:
        return "draw repetition"
    if pos.half >= 150:
        return "draw 75-move"
    return "none"


# ---------------------------------------------------------------------------
# Move text (6.2) and record notation (6.3)
# ---------------------------------------------------------------------------

def move_text(pos, m):
    """6.2: from, to, then the moving sizes of a part or the promotion pino."""
    fr, to, x = m
    p = pos.board[fr]
    t = NAME[fr] + NAME[to]
    if p[1] == "S" and x:
        return t + sizes_text(x)
    if p[1] == "P" and x != p[2]:
        return t + sizes_text(x)
    return t


def suffix(pos, m):
    child = make(pos, m)
    if not in_check(child, child.side):
        return ""
    return "#" if not legal_moves(child) else "+"


def san(pos, m, legal):
    """6.3 (PY19)."""
    fr, to, x = m
    p = pos.board[fr]
    cap = is_capture(pos, m)
    tgt = NAME[to]
    if p[1] == "F":
        s = "F" + ("x" if cap else "") + tgt
    elif p[1] == "S":
        if cap:
            s = FILES[file_of(fr)] + "x" + tgt
        else:
            rivals = [n for n in legal if n[0] != fr and n[1] == to and pos.board[n[0]][1] == "S"
                      and file_of(n[0]) == file_of(fr) and not is_capture(pos, n)]
            if rivals:
                s = NAME[fr] + tgt
            elif file_of(fr) == file_of(to):
                s = tgt
            else:
                s = FILES[file_of(fr)] + tgt
        if x:
            s += "=" + sizes_text(x)
    else:
        rivals = [n for n in legal if n[0] != fr and n[1] == to and n[2] == x
                  and pos.board[n[0]][1] == "P"]
        if not rivals:
            dis = ""
        elif all(file_of(n[0]) != file_of(fr) for n in rivals):
            dis = FILES[file_of(fr)]
        else:
            dis = NAME[fr]
        s = sizes_text(x) + dis + ("x" if cap else "") + tgt
    return s + suffix(pos, m)


MACHINE = re.compile(r"([a-i][1-9])([a-i][1-9])([0-9]*)\Z")
FARAON_SAN = re.compile(r"F(x?)([a-i][1-9])\Z")
PINO_SAN = re.compile(r"([1-4]+)([a-i][1-9]?)?(x?)([a-i][1-9])\Z")
SLAVE_SAN = re.compile(r"([a-i][1-9]?)?(x?)([a-i][1-9])(?:=([0-9]+))?\Z")


def parse_move(pos, text, legal=None):
    """Reads a move in machine text (6.2) or record notation (6.3, lenient
    as its Reading paragraph says).  Returns the legal move; raises
    MoveError."""
    if legal is None:
        legal = legal_moves(pos)
    body = text
    suf = ""
    if body.endswith("+") or body.endswith("#"):
        body, suf = body[:-1], body[-1]
    mm = MACHINE.match(body)
    if mm:
        fr, to = SQ_OF[mm.group(1)], SQ_OF[mm.group(2)]
        p = pos.board[fr]
        if p is None or p[0] != pos.side:
            raise MoveError("%s: no piece of the side to move on %s" % (text, mm.group(1)))
        sz = mm.group(3)
        if sz:
            x = parse_sizes(sz)
            if x is None:
                raise MoveError("%s: bad sizes %s" % (text, sz))
        cands = []
        for m in legal:
            if m[0] != fr or m[1] != to:
                continue
            if p[1] == "S":
                if (m[2] == 0 and not sz) or (sz and m[2] == x):
                    cands.append(m)
            elif p[1] == "F":
                if not sz:
                    cands.append(m)
            else:
                if (not sz and m[2] == p[2]) or (sz and m[2] == x):
                    cands.append(m)
        if len(cands) != 1:
            raise MoveError("%s: not a legal move" % text)
        m = cands[0]
    else:
        m = _parse_san(pos, body, text, legal)
    if suf and suf != suffix(pos, m):
        raise MoveError("%s: the suffix %s is wrong" % (text, suf))
    return m


def _parse_san(pos, body, text, legal):
    def kind(m):
        return pos.board[m[0]][1]
    mf = FARAON_SAN.match(body)
    mp = PINO_SAN.match(body)
    ms = SLAVE_SAN.match(body)
    if mf:
        x, to = mf.group(1), SQ_OF[mf.group(2)]
        cands = [m for m in legal if kind(m) == "F" and m[1] == to]
    elif mp:
        mask = parse_sizes(mp.group(1))
        if mask is None:
            raise MoveError("%s: sizes must be written largest first" % text)
        dis, x, to = mp.group(2) or "", mp.group(3), SQ_OF[mp.group(4)]
        cands = [m for m in legal if kind(m) == "P" and m[1] == to and m[2] == mask
                 and NAME[m[0]].startswith(dis)]
    elif ms:
        dis, x, to, promo = ms.group(1) or "", ms.group(2), SQ_OF[ms.group(3)], ms.group(4)
        if x and not dis:
            raise MoveError("%s: a slave capture starts with the slave's file" % text)
        if not dis:
            dis = FILES[file_of(to)]      # a slave of the target's file
        cands = [m for m in legal if kind(m) == "S" and m[1] == to and NAME[m[0]].startswith(dis)]
        if promo is not None:
            pm = parse_sizes(promo)
            if pm is None:
                raise MoveError("%s: bad promotion sizes" % text)
            if not any(m[2] for m in cands):
                raise MoveError("%s: = on a move that is not a promotion" % text)
            cands = [m for m in cands if m[2] == pm]
        elif any(m[2] for m in cands):
            raise MoveError("%s: a promotion must name its pino (=sizes)" % text)
    else:
        raise MoveError("%s: is not a move" % text)
    if not cands:
        raise MoveError("%s: no legal move matches" % text)
    if len(cands) > 1:
        raise MoveError("%s: more than one legal move matches" % text)
    m = cands[0]
    cap = is_capture(pos, m)
    if cap and not x:
        raise MoveError("%s: a capture needs x" % text)
    if x and not cap:
        raise MoveError("%s: x on a move that does not capture" % text)
    return m


# ---------------------------------------------------------------------------
# Game records (4.5, 4.6, 6.5)
# ---------------------------------------------------------------------------

def judge_record(fen, moves):
    """Replays `moves` from `fen`; returns (check, legal count, outcome) of
    the last position, repetition included.  The FEN's position counts as
    the first occurrence.  Raises MoveError for an illegal move or a move
    after the outcome stopped being none."""
    pos = read_fen(fen)
    counts = {pos.key(): 1}
    legal = legal_moves(pos)
    outcome = outcome_of(pos, legal)
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
        legal = legal_moves(pos)
        outcome = outcome_of(pos, legal, counts[k] >= 5)
    return in_check(pos, pos.side), len(legal), outcome, pos


# ---------------------------------------------------------------------------
# Perft (PY15)
# ---------------------------------------------------------------------------

def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make(pos, m), depth - 1) for m in moves)


def divide(pos, depth):
    rows = sorted((move_text(pos, m), perft(make(pos, m), depth - 1)) for m in legal_moves(pos))
    return rows, sum(n for _, n in rows)


# ---------------------------------------------------------------------------
# Random positions: playouts from the start (5) with a fixed seed
# ---------------------------------------------------------------------------

def _pick(rng, pos, moves, bias):
    if bias == "capture" and rng.random() < 0.7:
        caps = [m for m in moves if is_capture(pos, m)]
        if caps:
            return rng.choice(caps)
    if bias == "forward" and rng.random() < 0.7:
        d = forward(pos.side)
        slaves = [m for m in moves if pos.board[m[0]][1] == "S"]
        fwd = [m for m in moves if (rank_of(m[1]) - rank_of(m[0])) * d > 0]
        pool = slaves if slaves and rng.random() < 0.6 else fwd
        if pool:
            return rng.choice(pool)
    if bias == "merge" and rng.random() < 0.6:
        merges = [m for m in moves if pos.board[m[1]] is not None and pos.board[m[1]][0] == pos.side]
        if merges:
            return rng.choice(merges)
    return rng.choice(moves)


def random_game(rng, plies, bias):
    """Random legal play from the initial position.  A finished game is
    mostly backed off by a ply or two."""
    pos = read_fen(INITIAL_FEN)
    history = [pos]
    for _ in range(plies):
        moves = legal_moves(pos)
        if not moves:
            break
        pos = make(pos, _pick(rng, pos, moves, bias))
        history.append(pos)
    if not legal_moves(pos) and len(history) > 2 and rng.random() < 0.75:
        pos = history[-rng.randint(2, 3)]
    return pos


def random_fens(seed, count, max_moves=None):
    """count FENs reached by random legal play from the start, some biased
    to captures, to slave advances (promotions) or to merges.  With
    max_moves, positions with more legal moves are skipped."""
    rng = random.Random(seed)
    biases = ["none", "capture", "forward", "merge"]
    out = []
    while len(out) < count:
        bias = rng.choice(biases)
        pos = random_game(rng, rng.randint(1, 70), bias)
        if max_moves is not None and len(legal_moves(pos)) > max_moves:
            continue
        fen = pos.fen()
        assert read_fen(fen).fen() == fen
        out.append(fen)
    return out


def random_sparse_fens(seed, count):
    """count valid FENs with the two faraons and up to eight other pieces
    placed at random (slaves off ranks 1 and 9, pinos of any kind, often
    near a faraon), random rights, side and counters, some followed by a
    few random moves: odd corners the playouts from the start rarely reach
    (leaps next to pieces, rights half lost, promotions, stacks by the
    faraons)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        b = [None] * NSQ
        cells = list(range(NSQ))
        rng.shuffle(cells)
        fw, fb = cells.pop(), cells.pop()
        b[fw], b[fb] = ("w", "F", 0), ("b", "F", 0)
        for _ in range(rng.randint(0, 8)):
            c = rng.choice("wb")
            near = [t for t in RING[1][fw] + RING[2][fw] + RING[1][fb] + RING[2][fb] if b[t] is None]
            pool = near if near and rng.random() < 0.5 else [t for t in cells if b[t] is None]
            t = rng.choice(pool)
            if rng.random() < 0.35:
                if rank_of(t) in (1, 9):
                    continue
                b[t] = (c, "S", 0)
            else:
                b[t] = (c, "P", rng.choice(PINOS))
        side = rng.choice("wb")
        rights = {"w": rng.random() < 0.5, "b": rng.random() < 0.5}
        pos = Position(b, side, rights, rng.choice([0, 0, 3, 148, 149]), rng.randint(1, 60))
        try:
            pos = read_fen(pos.fen())
        except FenError:
            continue
        for _ in range(rng.choice([0, 0, 1, 2, 4])):
            moves = legal_moves(pos)
            if not moves or outcome_of(pos, moves) != "none":
                break
            pos = make(pos, rng.choice(moves))
        out.append(pos.fen())
    return out


# ---------------------------------------------------------------------------
# Command-line outputs
# ---------------------------------------------------------------------------

def output_perft(fen, depth, with_divide):
    pos = read_fen(fen)
    lines = []
    if with_divide:
        rows, total = divide(pos, depth)
        lines += ["%s: %d" % row for row in rows]
    else:
        total = perft(pos, depth)
    lines.append("Nodes searched: %d" % total)
    return "\n".join(lines) + "\n"


def moves_table(fen):
    """[(move text, SAN, FEN after)] sorted by move text."""
    pos = read_fen(fen)
    legal = legal_moves(pos)
    return sorted((move_text(pos, m), san(pos, m, legal), make(pos, m).fen()) for m in legal)


def output_moves(fen):
    """Text of `moves [--fen FEN]`: move text, TAB, SAN; sorted by move text."""
    return "".join("%s\t%s\n" % (t, s) for t, s, _ in moves_table(fen))


def format_status(check, nlegal, outcome):
    return "check: %s\nlegal-moves: %d\noutcome: %s\n" % ("yes" if check else "no", nlegal, outcome)


def output_status(fen, moves=()):
    """Text of `status [--fen FEN] [MOVE...]` (6.5)."""
    check, n, outcome, _ = judge_record(fen, list(moves))
    return format_status(check, n, outcome)


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


def names(squares):
    return sorted(NAME[i] for i in squares)


def lone(piece, at):
    b = [None] * NSQ
    b[SQ_OF[at]] = piece
    return b


def lone_reach(mask, at):
    """Whole-stack reach of a lone White pino on an empty board (3.7)."""
    b = lone(("w", "P", mask), at)
    return pino_targets(b, SQ_OF[at], "w", mask)


def lone_all_parts(mask, at):
    b = lone(("w", "P", mask), at)
    return sum(len(pino_targets(b, SQ_OF[at], "w", s)) for s in subsets(mask))


def span(a, b):
    """Squares a..b along a rank or a file: span('a2', 'a9')."""
    fa, ra, fb, rb = FILES.index(a[0]), int(a[1]), FILES.index(b[0]), int(b[1])
    if fa == fb:
        return [FILES[fa] + str(r) for r in range(min(ra, rb), max(ra, rb) + 1)]
    return [FILES[f] + str(ra) for f in range(min(fa, fb), max(fa, fb) + 1)]


REACH_TABLE = """
4     16  16  16 16
3     16  16   8  8
2     16  16   5  5
1      8   8   3  3
43    32  64  24 48
42    28  60  19 40
41    20  44  17 36
32    28  60  12 25
31    20  44  10 21
21    24  48   8 16
432   40 176  26 110
431   48 160  28 106
421   32 144  20 88
321   32 144  14 60
4321  56 416  30 240
"""

BY_SET_416 = ("4321: 56, 432: 40, 431: 48, 421: 32, 321: 32, 43: 32, 42: 28, 41: 20, 32: 28, "
              "31: 20, 21: 24, 4: 16, 3: 16, 2: 16, 1: 8")


def selftest():
    st = Selftest()
    eq = st.eq

    # --- 2.2 indices, 2.4 colours
    eq([SQ_OF["a1"], SQ_OF["i1"], SQ_OF["a2"], SQ_OF["e5"], SQ_OF["i9"]], [0, 8, 9, 40, 80], "2.2 indices")
    dark = [i for i in range(NSQ) if (file_of(i) + rank_of(i)) % 2 == 1]
    eq(len(dark), 41, "2.4: 41 dark squares")
    eq([SQ_OF[c] in dark for c in ("a1", "i1", "a9", "i9")], [True] * 4, "2.4: the corners are dark")
    # 3.1 ring sizes on an open board.
    eq([len(RING[n][SQ_OF["e5"]]) for n in (1, 2, 3)], [8, 16, 24], "3.1: rings of 8, 16, 24")

    # --- 3.7 reach on an empty board, as cell lists
    G, Q, B, R = 1, 2, 4, 8
    eq(names(lone_reach(G, "e5")), sorted("d4 d5 d6 e4 e6 f4 f5 f6".split()), "3.7 Guard e5")
    eq(names(lone_reach(G, "a1")), sorted("a2 b1 b2".split()), "3.7 Guard a1")
    eq(names(lone_reach(Q, "e5")),
       sorted("c3 c4 c5 c6 c7 d3 d7 e3 e7 f3 f7 g3 g4 g5 g6 g7".split()), "3.7 Squirrel e5")
    eq(names(lone_reach(Q, "a1")), sorted("a3 b3 c1 c2 c3".split()), "3.7 Squirrel a1")
    eq(names(lone_reach(Q, "e1")), sorted("c1 c2 c3 d3 e3 f3 g1 g2 g3".split()), "3.7 Squirrel e1")
    eq(names(lone_reach(B, "e5")),
       sorted("a1 b2 c3 d4 f6 g7 h8 i9 a9 b8 c7 d6 f4 g3 h2 i1".split()), "3.7 Bishop e5")
    eq(len(lone_reach(B, "a1")), 8, "3.7 Bishop a1: 8")
    eq(sorted(set(len(lone_reach(R, NAME[i])) for i in range(NSQ))), [16], "3.7 Rook: 16 from any square")
    sphinx_a1 = span("a2", "a9") + span("b1", "i1") + "b2 c3 d4 e5 f6 g7 h8 i9 d2 d3 b4 c4".split()
    eq(len(sphinx_a1), 28, "3.7 the spec's Sphinx a1 list has 28")
    eq(names(lone_reach(0b1101, "a1")), sorted(sphinx_a1), "3.7 Sphinx a1")
    queen_e5 = set(names(lone_reach(R | B, "e5")))
    eq(len(queen_e5), 32, "3.7 Queen e5: 32")
    sphinx_leaps = "b3 b4 b6 b7 c2 c8 d2 d8 f2 f8 g2 g8 h3 h4 h6 h7".split()
    eq(names(lone_reach(0b1101, "e5")), sorted(queen_e5 | set(sphinx_leaps)), "3.7 Sphinx e5: Queen + 16")
    eq(len(lone_reach(0b1101, "e5")), 48, "3.7 Sphinx e5: 48")
    pyr_extra = "c4 c6 d3 d7 f3 f7 g4 g6".split()
    eq(names(lone_reach(15, "e5")), sorted(queen_e5 | set(sphinx_leaps) | set(pyr_extra)),
       "3.7 Pyramid e5: Sphinx + 8")
    eq(len(lone_reach(15, "e5")), 56, "3.7 Pyramid e5: 56")
    for at, right, want in (("e5", True, 48), ("e5", False, 8), ("a1", True, 15)):
        b = lone(("w", "F", 0), at)
        eq(len(faraon_moves(b, SQ_OF[at], "w", right)), want, "3.7 faraon %s right=%s" % (at, right))
    for side, at, want in (("w", "e2", "d3 e3 f3 c4 d4 e4 f4 g4"), ("w", "a2", "a3 b3 a4 b4 c4"),
                           ("w", "e3", "d4 e4 f4"), ("b", "e8", "d7 e7 f7 c6 d6 e6 f6 g6")):
        b = lone((side, "S", 0), at)
        eq(names(t for _, t, _ in slave_moves(b, SQ_OF[at], side)), sorted(want.split()),
           "3.7 slave %s %s" % (side, at))

    # --- 3.7 the table: reach and all-parts moves, e5 and a1, every pino
    for line in REACH_TABLE.strip().splitlines():
        w = line.split()
        mask = parse_sizes(w[0])
        got = [len(lone_reach(mask, "e5")), lone_all_parts(mask, "e5"),
               len(lone_reach(mask, "a1")), lone_all_parts(mask, "a1")]
        eq(got, [int(v) for v in w[1:]], "3.7 table %s" % w[0])
    b = lone(("w", "P", 15), "e5")
    by_set = ", ".join("%s: %d" % (sizes_text(s), len(pino_targets(b, SQ_OF["e5"], "w", s)))
                       for s in sorted(subsets(15), key=lambda s: (-bin(s).count("1"), -s)))
    eq(by_set, BY_SET_416, "3.7: the 416 of 4321 e5 by moving set")
    # The same through the move generator (faraons far away, 8.3).
    eq(len([m for m in legal_moves(read_fen("1f7/9/9/9/4(4321.)4/9/9/9/7F1 w - 0 1"))
            if m[0] == SQ_OF["e5"]]), 416, "8.3: a lone 4321 on e5 has 416 moves")
    eq(len([m for m in legal_moves(read_fen("1f7/9/9/9/4(431.)4/9/9/9/7F1 w - 0 1"))
            if m[0] == SQ_OF["e5"]]), 160, "8.3: a lone 431 on e5 has 160 moves")

    # --- 8.1 the initial position
    start = read_fen(INITIAL_FEN)
    eq(start.fen(), INITIAL_FEN, "5: the initial FEN round trip")
    legal = legal_moves(start)
    eq(len(legal), 92, "8.1: 92 first moves")
    black_start = read_fen(INITIAL_FEN.replace(" w ", " b "))
    eq(len(legal_moves(black_start)), 92, "8.1: Black also 92")
    kinds = {}
    for m in legal:
        pc = start.board[m[0]]
        kinds.setdefault(sizes_text(pc[2]) if pc[1] == "P" else pc[1], []).append(m)
    slave = kinds["S"]
    eq(len(slave), 64, "8.1: slaves 64")
    one = [m for m in slave if rank_of(m[1]) == 3]
    eq(len(one), 25, "8.1: slave one-step 25")
    eq([sum(1 for m in one if file_of(m[0]) == f) for f in range(9)], [2, 3, 3, 3, 3, 3, 3, 3, 2],
       "8.1: one-step per slave")
    eq([sum(1 for m in slave if rank_of(m[1]) == 4 and file_of(m[0]) == f) for f in range(9)],
       [3, 4, 5, 5, 5, 5, 5, 4, 3], "8.1: two-rank leaps per slave (39)")
    eq(names(m[1] for m in kinds["F"]),
       sorted("c3 d3 e3 f3 g3 b3 h3 b4 c4 d4 e4 f4 g4 h4".split()), "8.1: faraon 14 leaps")
    eq(sorted(move_text(start, m) for m in kinds["2"]),
       sorted("b1a3 b1b3 b1c3 b1d3 b1d1 h1f3 h1g3 h1h3 h1i3 h1f1".split()), "8.1: Squirrels 10")
    eq(sorted(move_text(start, m) for m in kinds["4"]), ["a1b1", "i1h1"], "8.1: Rooks 2 merges")
    eq(sorted(move_text(start, m) for m in kinds["1"]), ["d1c1", "f1g1"], "8.1: Guards 2 merges")
    eq(kinds.get("3", []), [], "8.1: Bishops 0")
    sans = {move_text(start, m): san(start, m, legal) for m in legal}
    for t, s in (("e2e4", "e4"), ("d2e3", "de3"), ("e1e4", "Fe4"), ("b1d1", "2d1"), ("a1b1", "4b1"),
                 ("d1c1", "1c1")):
        eq(sans[t], s, "8.1: record form of %s" % t)
    eq(len(set(sans.values())), 92, "8.1: all 92 record forms differ")
    for t, s in sans.items():
        eq(move_text(start, parse_move(start, s, legal)), t, "8.1: %s reads back" % s)
        eq(move_text(start, parse_move(start, t, legal)), t, "8.1: %s (move text) reads back" % t)
    after = make(start, parse_move(start, "b1d1"))
    eq(after.fen(), "(.4)(.2)(.3)(.1)f(.1)(.3)(.2)(.4)/sssssssss/9/9/9/9/9/SSSSSSSSS/"
       "(4.)1(3.)(21.)F(1.)(3.)(2.)(4.) b Ff 1 1", "8.1: 2d1 makes 21 on d1")

    # --- 8.2 the faraon's right
    p = read_fen("9/9/4f4/9/9/9/9/4F4/9 w Ff 0 1")
    legal = legal_moves(p)
    eq(len(legal), 34, "8.2: 34 moves")
    e2 = SQ_OF["e2"]
    eq([sum(1 for m in legal if max(abs(file_of(m[1]) - 4), abs(rank_of(m[1]) - 2)) == n)
        for n in (1, 2, 3)], [8, 11, 15], "8.2: 8 + 11 + 15 by ring")
    mates = sorted(s for s in (san(p, m, legal) for m in legal) if s.endswith("#"))
    eq(mates, ["Fc5#", "Fd5#", "Fe5#", "Ff5#", "Fg5#"], "8.2: five mates")
    child = make(p, parse_move(p, "Fe5#"))
    eq(child.fen(), "9/9/4f4/9/4F4/9/9/9/9 b F 1 1", "8.2: FEN after Fe5")
    eq(output_status(child.fen()), format_status(True, 0, "w checkmate"), "8.2: status after Fe5")
    eq(output_status(p.fen(), ["Fe5"]), format_status(True, 0, "w checkmate"), "8.2: status with Fe5")
    p = read_fen("9/9/4f4/9/9/9/9/4F4/9 w f 0 1")
    legal = legal_moves(p)
    eq(names(m[1] for m in legal), names(RING[1][e2]), "8.2: rights f: the 8 steps")
    p = read_fen("(4.)8/9/9/9/9/4f4/9/9/4F4 w f 0 1")
    legal = legal_moves(p)
    eq(in_check(p, "w"), True, "8.2: White in check from the N(3) leap")
    eq(sorted(san(p, m, legal) for m in legal), ["4a4+", "4e9+"], "8.2: the two Rook checks")
    eq(sorted(move_text(p, m) for m in legal), ["a9a4", "a9e9"], "8.2: a9a4, a9e9")
    eq(make(p, parse_move(p, "a9a4")).rights_text(), "-", "8.2: after a9a4 the rights are -")

    # --- 8.3 stacks
    p = read_fen("4(.4)4/9/9/9/f8/9/9/4(43.)4/4F4 w - 0 1")
    legal = legal_moves(p)
    eq(len(legal), 36, "8.3: 36 moves")
    part = {}
    for m in legal:
        k = "F" if p.board[m[0]][1] == "F" else sizes_text(m[2])
        part.setdefault(k, []).append(m)
    eq({k: len(v) for k, v in part.items()}, {"43": 7, "3": 10, "4": 15, "F": 4}, "8.3: 7 + 10 + 15 + 4")
    eq(names(m[1] for m in part["43"]), span("e3", "e9"), "8.3: the whole stack up the e-file")
    eq(names(m[1] for m in part["F"]), sorted("d1 d2 f1 f2".split()), "8.3: the faraon d1 d2 f1 f2")
    eq(san(p, parse_move(p, "e2e94"), legal), "4xe9", "8.3: e2e94 is 4xe9")
    eq(san(p, parse_move(p, "e2e9"), legal), "43xe9+", "8.3: e2e9 is 43xe9+")
    eq(move_text(p, parse_move(p, "e2e943")), "e2e9", "6.2: a reader accepts the full set")

    # --- 8.4 slaves: 3 targets x 15 choices
    p = read_fen("3(.4)5/4S4/9/9/9/9/9/9/F7f w - 0 1")
    legal = legal_moves(p)
    sl = [m for m in legal if p.board[m[0]][1] == "S"]
    eq(len(sl), 45, "8.4: 45 slave moves")
    eq(sorted(set(NAME[m[1]] for m in sl)), ["d9", "e9", "f9"], "8.4: d9 e9 f9")
    m = parse_move(p, "exd9=431")
    eq(move_text(p, m), "e8d9431", "6.2/6.3: exd9=431 is e8d9431")
    eq(san(p, parse_move(p, "e8e94"), legal), "e9=4", "6.3: e9=4")
    eq(san(p, parse_move(p, "e8d921"), legal), "exd9=21", "6.3: exd9=21")

    # --- 8.5 end of game
    for fen, want in (
            ("4f4/9/9/9/9/9/9/7(.4)1/F6(.4)1 w - 0 1", (True, 0, "b checkmate")),
            ("8f/9/9/9/9/9/1(.43)7/9/F8 w - 0 1", (False, 0, "draw stalemate")),
            ("4f4/9/9/9/9/9/9/9/4F4 w - 0 1", (False, 5, "draw bare-faraons")),
            ("4f4/9/9/9/9/9/9/9/4F4 w Ff 0 1", (False, 27, "none")),
            ("4f4/9/9/9/9/9/9/9/(4.)3F4 w - 150 90", (False, 16, "draw 75-move")),
            ("4f4/9/9/9/9/9/9/9/(4.)3F4 w - 149 90", (False, 16, "none"))):
        eq(output_status(fen), format_status(*want), "8.5: status of %s" % fen)
    rep_fen = "(.4)3f4/9/9/9/9/9/9/9/(4.)3F4 w - 0 1"
    rep = "a1a2 a9b9 a2a1 b9a9".split() * 4
    eq(output_status(rep_fen, rep).splitlines()[2], "outcome: draw repetition", "8.5: repetition, 16 plies")
    eq(output_status(rep_fen, rep[:15]).splitlines()[2], "outcome: none", "8.5: 15 plies: none")
    eq(output_status(rep_fen, ["4a2", "4b9", "4a1", "4a9"] * 4).splitlines()[2],
       "outcome: draw repetition", "8.5: repetition in record notation")
    try:
        output_status(rep_fen, rep + ["a1a2"])
        st.check(False, "8.5/6.5: a move after draw repetition is refused")
    except MoveError:
        st.check(True, "")
    # 4.5: the counters are not part of the position (4.6): the same record
    # from halfmove 100 reaches 116 < 150, repetition still.
    eq(output_status(rep_fen.replace(" 0 1", " 100 7"), rep).splitlines()[2], "outcome: draw repetition",
       "4.6: counters are not part of the position")
    # 4.6: the rights are part of the position: with Ff the same record
    # never repeats the start (the faraons are far: rights kept; e1-e9 is 8).
    eq(output_status(rep_fen.replace(" - ", " Ff "), rep[:15] + [rep[15]]).splitlines()[2],
       "outcome: draw repetition", "4.6: rights Ff kept throughout: still a repetition")

    # --- 6.1 FEN reading and writing
    for fen, want in (
            (" 9/9/4f4/9/9/9/9/4F4/9\tw   Ff ", "9/9/4f4/9/9/9/9/4F4/9 w Ff 0 1"),
            ("(.4321)3f4/9/9/9/9/9/9/9/(4321.)3F4 b - 7 30", None),
            ("(.1)(.2)(.3)(.4)f(.21)(.31)(.41)(.32)/(.42)(.43)(.321)(.421)(.431)(.432)(.4321)2/"
             "9/9/9/9/9/9/4F4 w - 0 1", None)):
        eq(read_fen(fen).fen(), want or fen, "6.1: round trip %r" % fen)
    for rule, fen in INVALID_FENS:
        try:
            read_fen(fen)
            st.check(False, "6.1 %s refused: %s" % (rule, fen))
        except FenError as e:
            st.check(str(e).startswith(rule + ":"), "6.1 %s: %s" % (rule, fen), str(e))
    rules = sorted(set(r for r, _ in INVALID_FENS), key=lambda r: int(r[1:]))
    eq(rules, ["E%d" % k for k in range(1, 16)], "6.1: every error E1-E15 has a FEN")

    # --- 6.3 record reading
    def reads(fen, text):
        try:
            return move_text(read_fen(fen), parse_move(read_fen(fen), text))
        except MoveError:
            return None
    S = INITIAL_FEN
    SL = "4f4/9/9/9/9/9/3SS4/3SS4/8F w - 0 1"
    PD = "7f1/9/9/9/(4.)3(4.)4/9/9/9/(4.)7F w - 0 1"
    PR = "4f4/9/9/9/9/9/9/3s5/F8 b - 0 1"
    P84 = "3(.4)5/4S4/9/9/9/9/9/9/F7f w - 0 1"
    for fen, text, want in (
            (S, "e4", "e2e4"), (S, "ee4", "e2e4"), (S, "e2e4", "e2e4"), (S, "e4+", None),
            (S, "de4", "d2e4"), (S, "d2e4", "d2e4"), (S, "Fe4", "e1e4"), (S, "Fxe4", None),
            (S, "Fe1e4", None), (S, "2d1", "b1d1"), (S, "2bd1", "b1d1"), (S, "2b1d1", "b1d1"),
            (S, "2xd1", None), (S, "4b1", "a1b1"), (S, "4a1b1", "a1b1"), (S, "1c1", "d1c1"),
            (S, "1e2", None), (S, "e1e2", None), (S, "e2e3", "e2e3"), (S, "e3", "e2e3"),
            (S, "2c3", "b1c3"), (S, "2bc3", "b1c3"), (S, "2b1c3", "b1c3"), (S, "b1c3", "b1c3"),
            (S, "c3", "c2c3"), (S, "bc3", "b2c3"), (S, "Zz9", None), (S, "e5", None),
            (S, "b1d12", "b1d1"), (S, "b1d121", None), (S, "b1d1x", None),
            (SL, "e4", None), (SL, "de4", None), (SL, "d3e4", "d3e4"), (SL, "d4", None),
            (SL, "ec4", "e2c4"), (SL, "e2c4", "e2c4"), (SL, "c4", None), (SL, "dc3", "d2c3"),
            (SL, "c3", None), (SL, "f4", None), (SL, "ef4", None), (SL, "df4", "d2f4"),
            (PD, "4c5", None), (PD, "4ac5", "a5c5"), (PD, "4a5c5", "a5c5"), (PD, "4aa3", None),
            (PD, "4a3", None), (PD, "4a5a3", "a5a3"), (PD, "4e1", None), (PD, "4ee1", "e5e1"),
            (PD, "4a1e1", "a1e1"), (PD, "4b1", "a1b1"), (PD, "4a6+", None), (PD, "4a9", "a5a9"),
            (PR, "d1=4", "d2d14"), (PR, "d1=4+", "d2d14"), (PR, "d1=4#", None), (PR, "d1", None),
            (PR, "d1=5", None), (PR, "d1=12", None), (PR, "dd1=4", "d2d14"), (PR, "d2d1=4", "d2d14"),
            (PR, "d2d14", "d2d14"), (PR, "d2d1", None), (PR, "c1=4", None), (PR, "dc1=4", "d2c14"),
            (P84, "exd9=431", "e8d9431"), (P84, "xd9=431", None), (P84, "ed9=431", None),
            (P84, "exd9", None), (P84, "e8xd9=431", "e8d9431"), (P84, "e9=4321", "e8e94321"),
            (P84, "e9=1234", None), (P84, "Fb1", "a1b1"), (P84, "Fa1b1", None), (P84, "Fxb1", None)):
        eq(reads(fen, text), want, "6.3 reading %r" % text)

    # --- Hand-made positions, each count derived by hand (comments say why).
    for name, fen, want, why in HAND:
        try:
            hand_check(st, name, fen, want, why)
        except (FenError, MoveError) as e:
            st.check(False, "%s: %s" % (name, why), e)

    # Mirroring: White and Black swapped top to bottom give the same counts.
    for fen in [INITIAL_FEN] + [h[1] for h in HAND]:
        p = read_fen(fen)
        q = mirror(p)
        eq(len(legal_moves(q)), len(legal_moves(p)), "mirror: same number of moves %s" % fen)
        swap = {"w checkmate": "b checkmate", "b checkmate": "w checkmate"}
        want = "\n".join("outcome: " + swap.get(l[9:], l[9:]) if l.startswith("outcome: ") else l
                         for l in output_status(p.fen()).splitlines()) + "\n"
        eq(output_status(q.fen()), want, "mirror: same status %s" % fen)

    # attacked() (outward from the square) against 4.2 read literally, on
    # every square of positions from random play.
    bad = 0
    for fen in random_fens(7, 12):
        p = read_fen(fen)
        for t in range(NSQ):
            for side in "wb":
                for right in (False, True):
                    if attacked(p.board, t, side, right) != attacked_slow(p.board, t, side, right):
                        bad += 1
    eq(bad, 0, "4.2: attacked() agrees with the literal reading on 12 random positions")

    # 6.2/6.3/6.1: on positions from random play, every move's SAN and move
    # text read back to that move, all SANs differ, and every FEN after a
    # move reads back to itself.
    bad = []
    for fen in random_fens(3, 10):
        p = read_fen(fen)
        legal = legal_moves(p)
        sans = [san(p, m, legal) for m in legal]
        if len(set(sans)) != len(sans):
            bad.append((fen, "SANs not all different"))
        for m, s in zip(legal, sans):
            for text in (s, move_text(p, m)):
                try:
                    if parse_move(p, text, legal) != m:
                        bad.append((fen, text))
                except MoveError as e:
                    bad.append((fen, str(e)))
            child = make(p, m).fen()
            if read_fen(child).fen() != child:
                bad.append((fen, child))
    eq(bad, [], "6.1-6.3: SAN, move text and FEN round trips on 10 random positions")

    # Perft (PY15) of the start, depth 1-2 (3 in the README: 755273).
    eq([perft(start, 1), perft(start, 2)], [92, 8452], "PY15: perft 1-2 of the start")
    print("%d passed, %d failed" % (st.passed, st.failed))
    return 0 if st.failed == 0 else 1


def hand_check(st, name, fen, want, why):
    eq = st.eq
    p = read_fen(fen)
    legal = legal_moves(p)
    got = want.get("texts")
    if got is not None:
        eq(sorted(move_text(p, m) for m in legal), sorted(got.split()), "%s: moves (%s)" % (name, why))
    if "count" in want:
        eq(len(legal), want["count"], "%s: count (%s)" % (name, why))
    if "san" in want:
        sans = {move_text(p, m): san(p, m, legal) for m in legal}
        for t, s in want["san"].items():
            eq(sans.get(t), s, "%s: SAN of %s (%s)" % (name, t, why))
    if "status" in want:
        eq(output_status(fen), format_status(*want["status"]), "%s: status (%s)" % (name, why))
    if "after" in want:
        for t, f2 in want["after"].items():
            eq(make(p, parse_move(p, t, legal)).fen(), f2, "%s: FEN after %s (%s)" % (name, t, why))
    if "absent" in want:
        texts = set(move_text(p, m) for m in legal)
        for t in want["absent"].split():
            eq(t in texts, False, "%s: %s is not legal (%s)" % (name, t, why))
    if "present" in want:
        texts = set(move_text(p, m) for m in legal)
        for t in want["present"].split():
            eq(t in texts, True, "%s: %s is legal (%s)" % (name, t, why))



def mirror(pos):
    """The position with the colours swapped and the board turned top to
    bottom (rank r -> 10 - r)."""
    b = [None] * NSQ
    for i, p in enumerate(pos.board):
        if p is not None:
            b[sq(file_of(i), 10 - rank_of(i))] = (other(p[0]), p[1], p[2])
    return Position(b, other(pos.side), {"w": pos.rights["b"], "b": pos.rights["w"]}, pos.half, pos.full)


# FENs that 6.1 makes invalid, with the rule each breaks (the first in the
# order of 6.1).
INVALID_FENS = [
    ("E1", "9/9/4f4/9/9/9/9/4F4/9 w"),
    ("E1", "9/9/4f4/9/9/9/9/4F4/9 w Ff 0"),
    ("E1", "9/9/4f4/9/9/9/9/4F4/9 w Ff 0 1 x"),
    ("E1", "9/9/4f4/9/9/9/9/4F4/9"),
    ("E1", ""),
    ("E2", "9/9/4f4/9/9/9/9/4F4 w Ff 0 1"),
    ("E2", "9/9/4f4/9/9/9/9/4F4/9/9 w Ff 0 1"),
    ("E2", "9/9/4f4/9/9/9/9/4F4/9/ w Ff 0 1"),
    ("E3", "9/9/4f4/9/9/9/9/4F4/8 w Ff 0 1"),
    ("E3", "9/9/4f5/9/9/9/9/4F4/9 w Ff 0 1"),
    ("E3", "9/9/4f4/9//9/9/4F4/9 w Ff 0 1"),
    ("E3", "9/9/4f4/9/9/9/9/4F4/(4.)8S w Ff 0 1"),
    ("E4", "9/9/4f4/9/9/9/9/4F4/09 w Ff 0 1"),
    ("E4", "9/9/4f4/45/9/9/9/4F4/9 w Ff 0 1"),
    ("E4", "9/9/4f4/9/9/9/9/4F22/9 w Ff 0 1"),
    ("E5", "9/9/4f4/9/9/9/9/4F3K/9 w Ff 0 1"),
    ("E5", "9/9/4f4/9/9/9/9/4F3./9 w Ff 0 1"),
    ("E5", "9/9/4f4/9/9/9/9/4F3)/9 w Ff 0 1"),
    ("E5", "9/9/4f4/9/9/9/9/4F3x/9 w Ff 0 1"),
    ("E6", "9/9/4f4/9/9/9/9/4F3(4./9 w Ff 0 1"),
    ("E6", "9/9/4f4/9/9/9/9/4F3(4)/9 w Ff 0 1"),
    ("E6", "9/9/4f4/9/9/9/9/4F3(4..)/9 w Ff 0 1"),
    ("E6", "9/9/4f4/9/9/9/9/4F3(5.)/9 w Ff 0 1"),
    ("E6", "9/9/4f4/9/9/9/9/4F3(.)/9 w Ff 0 1"),
    ("E6", "9/9/4f4/9/9/9/9/4F3(0.)/9 w Ff 0 1"),
    ("E6", "9/9/4f4/9/9/9/9/4F2((4.)/9 w Ff 0 1"),
    ("E5", "9/9/4f4/9/9/9/9/4F2(4.))/9 w Ff 0 1"),
    ("E4", "9/9/4f4/9/9/9/9/4F04/9 w Ff 0 1"),
    ("E1", "9/9/4f4/9/9/9/9/4F4/9 w Ff 0 1 2 3"),
    ("E13", "9/9/4f4/9/9/9/9/4F4/9 w Ff 00 1"),
    ("E13", "9/9/4f4/9/9/9/9/4F4/9 w Ff 1e3 1"),
    ("E7", "9/9/4f4/9/9/9/9/4F3(4.3)/9 w Ff 0 1"),
    ("E7", "9/9/4f4/9/9/9/9/4F3(43.21)/9 w Ff 0 1"),
    ("E8", "9/9/4f4/9/9/9/9/4F3(44.)/9 w Ff 0 1"),
    ("E8", "9/9/4f4/9/9/9/9/4F3(34.)/9 w Ff 0 1"),
    ("E8", "9/9/4f4/9/9/9/9/4F3(.12)/9 w Ff 0 1"),
    ("E9", "9/9/9/9/9/9/9/4F4/9 w - 0 1"),
    ("E9", "9/9/4f4/9/9/9/9/9/9 w - 0 1"),
    ("E9", "9/9/4f4/9/9/9/9/4F3F/9 w - 0 1"),
    ("E9", "f8/9/4f4/9/9/9/9/4F4/9 w - 0 1"),
    ("E10", "9/9/4f4/9/9/9/9/4F4/S8 w - 0 1"),
    ("E10", "s8/9/4f4/9/9/9/9/4F4/9 w - 0 1"),
    ("E10", "S8/9/4f4/9/9/9/9/4F4/9 w - 0 1"),
    ("E10", "9/9/4f4/9/9/9/9/4F4/8s w - 0 1"),
    ("E11", "9/9/4f4/9/9/9/9/4F4/9 W Ff 0 1"),
    ("E11", "9/9/4f4/9/9/9/9/4F4/9 x Ff 0 1"),
    ("E11", "9/9/4f4/9/9/9/9/4F4/9 wb Ff 0 1"),
    ("E12", "9/9/4f4/9/9/9/9/4F4/9 w fF 0 1"),
    ("E12", "9/9/4f4/9/9/9/9/4F4/9 w FF 0 1"),
    ("E12", "9/9/4f4/9/9/9/9/4F4/9 w KQkq 0 1"),
    ("E12", "9/9/4f4/9/9/9/9/4F4/9 w -- 0 1"),
    ("E13", "9/9/4f4/9/9/9/9/4F4/9 w Ff -1 1"),
    ("E13", "9/9/4f4/9/9/9/9/4F4/9 w Ff 01 1"),
    ("E13", "9/9/4f4/9/9/9/9/4F4/9 w Ff 1.5 1"),
    ("E13", "9/9/4f4/9/9/9/9/4F4/9 w Ff 0 0"),
    ("E13", "9/9/4f4/9/9/9/9/4F4/9 w Ff 0 +1"),
    ("E13", "9/9/4f4/9/9/9/9/4F4/9 w Ff 1000000 1"),
    ("E13", "9/9/4f4/9/9/9/9/4F4/9 w Ff 0 1000000"),
    ("E13", "9/9/4f4/9/9/9/9/4F4/9 w Ff x 1"),
    # E14: White to move, in check from the Black Rook on e9, keeps F.
    ("E14", "4(.4)4/9/9/9/f8/9/9/9/4F4 w F 0 1"),
    # E14: White in check from the Black faraon's leap (e1-e4: 3) with F.
    ("E14", "9/9/9/9/9/4f4/9/9/4F4 w Ff 0 1"),
    # E14: Black to move, both rights, the faraons 2 apart: Black is in check
    # from White's leap and still has f.
    ("E14", "9/9/9/9/3f5/9/3F5/9/9 b Ff 0 1"),
    # E14: Black to move, in check from a White slave on d8.
    ("E14", "4f4/3S5/9/9/9/9/9/9/4F4 b f 0 1"),
    # E15: White to move attacks the Black faraon with its Rook.
    ("E15", "8f/9/9/9/9/9/9/9/4F3(4.) w - 0 1"),
    # E15: neighbouring faraons.
    ("E15", "9/9/9/9/4f4/4F4/9/9/9 w - 0 1"),
    # E15: White to move with its right, 3 from the Black faraon.
    ("E15", "9/9/9/9/9/4f4/9/9/4F4 w F 0 1"),
]

# Hand-made positions: (name, FEN, expectations, why).  Every number was
# derived by hand from the spec, as the "why" says; none by running code.
HAND = [
    ("slave-blocked", "4f4/9/9/9/9/9/3sss3/4S4/4F4 w - 0 1",
     {"texts": "e2d3 e2f3 e2c4 e2d4 e2e4 e2f4 e2g4 e1d1 e1f1"},
     "3.2/PY3/PY4: e2 cannot step (d3 e3 f3 full), captures d3 and f3, leaps over them to c4-g4; "
     "the faraon's d2 and f2 are attacked by the slave e3: 2 + 5 + 2"),
    ("slave-black-promotion", "4f4/9/9/9/9/9/9/3s5/F8 b - 0 1",
     {"count": 50, "san": {"d2d14": "d1=4+", "d2c11": "dc1=1", "d2e121": "de1=21", "d2c14": "dc1=4+"},
      "after": {"d2d14": "4f4/9/9/9/9/9/9/9/F2(.4)5 w - 0 2"}},
     "4.4/PY5: c1 d1 e1 x 15 pinos, + the faraon's 5 steps; a Rook on rank 1 checks a1, a Guard on c1 "
     "(2 from a1) and a Lion on e1 (4 from a1) do not; fullmove grows after Black"),
    ("split-merge", "4f4/9/9/9/9/3(421.)1(31.)3/9/9/4F4 w - 0 1",
     {"present": "d4f42 d4f44 d4f442", "absent": "d4f4 d4f41 d4f421 d4f441 f4d4 f4d43 f4d41",
      "san": {"d4f42": "2f4", "d4f44": "4f4", "d4f442": "42f4"},
      "after": {"d4f42": "4f4/9/9/9/9/3(41.)1(321.)3/9/9/4F4 b - 1 1",
                "d4f442": "4f4/9/9/9/9/3(1.)1(4321.)3/9/9/4F4 b - 1 1"}},
     "3.3/PY7/PY8: the 2 of d4 leaps to f4 and joins 31 (321), the 4 slides e4 then merges on f4; "
     "a set with the 1 shares a size with 31; from f4 the 3 does not reach d4 (not diagonal), "
     "the 1 does not (2 away); a merge is not a capture nor a reset: halfmove 1"),
    ("pinned-stack-diagonal", "f7(.3)/9/9/9/9/9/2(43.)6/9/F8 w - 0 1",
     {"count": 37},
     "4.2/3.5: the Queen c3 is pinned on a1-i9: whole stack 7 (b2, d4-i9), the 3 alone 11 "
     "(all its diagonals, the 4 still blocks), the 4 alone 16 (the 3 still blocks), the faraon a2 b1 b2 "
     "(b2 is shielded by c3): 7 + 11 + 16 + 3"),
    ("rights-kept-lost", "4f4/9/9/9/9/9/9/9/(4.)3F4 w Ff 0 1",
     {"after": {"a1a9": "(4.)3f4/9/9/9/9/9/9/9/4F4 b F 1 1",
                "a1a2": "4f4/9/9/9/9/9/9/(4.)8/4F4 b Ff 1 1"},
      "san": {"a1a9": "4a9+", "a1a2": "4a2"}},
     "4.3: a9 checks e9 along rank 9, so Black loses its right at once; a2 does not check"),
    ("faraon-leap-capture", "4f4/9/9/9/9/9/2(.1)6/9/4F4 w F 10 5",
     {"count": 19, "san": {"e1c3": "Fxc3"}, "absent": "e1d2 e1c2 e1d3 e1b2 e1b3 e1b4 e1c4 e1d4",
      "after": {"e1c3": "4f4/9/9/9/9/9/2F6/9/9 b F 0 5"}},
     "3.4/PY10: the faraon's 27 squares (5 + 9 + 13) less the 8 round the Guard c3; it leaps to capture "
     "c3 (2 away); a capture resets the halfmove clock"),
    ("faraon-right-mates", "9/9/9/9/4f4/9/4F4/9/9 w f 0 1",
     {"count": 0, "status": (True, 0, "b checkmate")},
     "4.2/PY11: the Black faraon with its right attacks every square within 3 of e5, e3 and all its "
     "steps; White has nothing to check with"),
    ("faraons-apart", "9/9/9/9/4f4/9/4F4/9/9 w - 0 1",
     {"texts": "e3d2 e3e2 e3f2 e3d3 e3f3", "status": (False, 5, "draw bare-faraons")},
     "4.2: neither right: the steps to d4 e4 f4 touch e5; bare faraons without rights"),
    ("bare-with-right", "4f4/9/9/9/9/9/9/9/4F4 w F 0 1",
     {"count": 27, "status": (False, 27, "none")},
     "4.5 rule 3: White keeps its right: 5 + 9 + 13 squares, all 5+ from e9; play goes on"),
    ("bare-black-right", "4f4/9/9/9/9/9/9/9/4F4 w f 0 1",
     {"count": 5, "status": (False, 5, "none")},
     "4.5 rule 3: Black keeps its right: play goes on; White steps only"),
    ("slave-pinned", "4f4/9/9/9/6(.3)2/9/9/3S5/2F6 w - 0 1",
     {"texts": "d2e3 d2f4 c1b1 c1d1 c1b2 c1c2"},
     "4.2: the slave d2 is pinned on c1-g5: only e3 (step) and f4 (leap) stay on the line"),
    ("slave-disambiguation", "4f4/9/9/9/9/9/3SS4/3SS4/8F w - 0 1",
     {"count": 21, "san": {"d3e4": "d3e4", "d2e4": "d2e4", "e3e4": "e3e4", "e2e4": "e2e4",
                           "d3d4": "d3d4", "d2d4": "d2d4", "e3d4": "e3d4", "e2d4": "e2d4",
                           "e2c4": "ec4", "d3c4": "d3c4", "d2c4": "d2c4", "e3f4": "e3f4",
                           "e2f4": "e2f4", "d2f4": "df4", "e2g4": "eg4", "d2b4": "db4",
                           "d2c3": "dc3", "e2f3": "ef3"}},
     "6.3: slaves of one file that reach the same square take the whole square; d2 6, e2 6, d3 3, "
     "e3 3, the faraon h1 h2 i2"),
    ("pino-disambiguation", "7f1/9/9/9/(4.)3(4.)4/9/9/9/(4.)7F w - 0 1",
     {"san": {"a5c5": "4ac5", "e5c5": "4ec5", "a5a3": "4a5a3", "a1a3": "4a1a3", "a5b5": "4ab5",
              "a5a6": "4a6", "a1b1": "4b1", "e5e6": "4e6", "e5e1": "4ee1"}},
     "6.3: Rooks a5 and e5 both reach b5-d5 (other files: the file); a5 and a1 both reach a2-a4 "
     "(same file: the square); a6 only from a5, b1 only from a1; e1 from e5 and along rank 1 from a1"),
    ("split-pinned-8.3", "4(.4)4/9/9/9/f8/9/9/4(43.)4/4F4 w - 0 1",
     {"after": {"e2e94": "4(4.)4/9/9/9/f8/9/9/4(3.)4/4F4 b - 0 1",
                "e2e9": "4(43.)4/9/9/9/f8/9/9/9/4F4 b - 0 1"}},
     "3.3/4.6: the 4 captures the Rook, the 3 stays; the whole Queen checks a5 along e9-a5"),
    ("capture-stack", "4f4/9/9/(.4321)8/9/9/9/9/(4.)3F4 w - 5 3",
     {"san": {"a1a6": "4xa6"}, "after": {"a1a6": "4f4/9/9/(4.)8/9/9/9/9/4F4 b - 0 3"}},
     "PY9: the capture removes the whole Pyramid"),
    ("mate-at-150", "4f4/9/9/9/9/9/9/7(.4)1/F6(.4)1 w - 150 90",
     {"status": (True, 0, "b checkmate")},
     "4.5: checkmate comes before the 75-move rule"),
    ("stalemate-at-150", "8f/9/9/9/9/9/1(.43)7/9/F8 w - 151 90",
     {"status": (False, 0, "draw stalemate")},
     "4.5: stalemate comes before the 75-move rule"),
]


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def main(argv):
    ap = argparse.ArgumentParser(prog="pyramids_ref.py")
    sub = ap.add_subparsers(dest="cmd", required=True)

    def add(name):
        p = sub.add_parser(name)
        p.add_argument("--variant", choices=["pyramids"], default="pyramids")
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
            print(judge_record(args.fen, args.moves)[3].fen())
        elif args.cmd == "fen-check":
            print(read_fen(args.fen).fen())
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
