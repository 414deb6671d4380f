#!/usr/bin/env python3
# Copyright (C) 2026 Cheops Studio developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference implementation of Step and Circle TrigChess.

Written only from the variant page /work/shared/variants/trigchess.md (the
authority; "the spec" below, its rulings are cited as TRn and its sections
by number), without reading the C rules core, so that the two can be
cross-checked (see trigchess_crosscheck.py).  It is meant to be simple and
obviously correct, not fast.  Pure Python 3, standard library only.

The geometry is built from first principles -- the cell polygons of 2.4,
hexagons round a vertex, stars round a hexagon -- and the selftest checks it
against the offset tables of 3.2 and 3.4-3.7 and every number of the spec.

Command line (the same shape as cheops_ref.py):
  trigchess_ref.py perft [--fen FEN] [--divide] DEPTH
  trigchess_ref.py moves [--fen FEN]
  trigchess_ref.py status [--fen FEN] [MOVE...]
  trigchess_ref.py fen-check FEN
  trigchess_ref.py random-fens --seed S --count N
  trigchess_ref.py selftest
Every command also takes `--variant trigchess` (ignored), so the script can
stand in for the C tool in trigchess_crosscheck.py.  Errors: one line on
stderr, exit status 2.
"""

import argparse
import math
import random
import re
import sys

# ---------------------------------------------------------------------------
# Board (2.1-2.5)
# ---------------------------------------------------------------------------

FILES = "abcdefghi"


def rank_files(r):
    """2.2: ranks 1, 2, 5, 6 have files b-h (2..8), ranks 3, 4 files a-i."""
    return range(1, 10) if r in (3, 4) else range(2, 9)


def on_board(f, r):
    return 1 <= r <= 6 and f in rank_files(r)


# 2.3: index 0..45, rank 1 first, each rank left to right.
CELLS = [(f, r) for r in range(1, 7) for f in rank_files(r)]
NCELLS = len(CELLS)
INDEX = {fr: i for i, fr in enumerate(CELLS)}
FILE = [f for f, _ in CELLS]
RANK = [r for _, r in CELLS]
NAME = [FILES[f - 1] + str(r) for f, r in CELLS]
CELL_OF = {n: i for i, n in enumerate(NAME)}


def lattice_up(f, r):
    """2.2: (f, r) points up iff f + r is odd.  Also used off the board (the
    unbounded trig lattice), to find where a path leaves the board."""
    return (f + r) % 2 == 1


UP = [lattice_up(f, r) for f, r in CELLS]


def lattice_corners(f, r):
    """2.4: the corners of cell (f, r) in units where a side is 2 long and a
    rank 1 high (y not yet multiplied by sqrt 3)."""
    c = f - 1
    if lattice_up(f, r):
        return frozenset([(c, r - 1), (c + 2, r - 1), (c + 1, r)])
    return frozenset([(c + 1, r - 1), (c + 2, r), (c, r)])


def lattice_centroid(f, r):
    """2.4, in true proportions (y times sqrt 3)."""
    c = f - 1
    y = r - 2.0 / 3.0 if lattice_up(f, r) else r - 1.0 / 3.0
    return (c + 1.0, y * math.sqrt(3.0))


def lattice_cells_at(v):
    """The six lattice cells having vertex v as a corner."""
    x, y = v
    out = [(f, r) for r in (y, y + 1) for f in range(x - 2, x + 4)
           if v in lattice_corners(f, r)]
    assert len(out) == 6, (v, out)
    return out


def lattice_across(cell, side):
    """The lattice cell sharing the side `side` (a pair of vertices) with `cell`."""
    f, r = cell
    out = [(g, s) for s in (r - 1, r, r + 1) for g in range(f - 2, f + 3)
           if (g, s) != cell and side <= lattice_corners(g, s)]
    assert len(out) == 1, (cell, side, out)
    return out[0]


def ring_round(v, cells, start):
    """`cells` ordered by angle round vertex v, rotated to begin at start."""
    vx, vy = v[0], v[1] * math.sqrt(3.0)

    def ang(c):
        x, y = lattice_centroid(*c)
        return math.atan2(y - vy, x - vx)
    ring = sorted(cells, key=ang)
    k = ring.index(start)
    return ring[k:] + ring[:k]


def sides_of(cell):
    cs = sorted(lattice_corners(*cell))
    return [frozenset(p) for p in ((cs[0], cs[1]), (cs[0], cs[2]), (cs[1], cs[2]))]


def truncate(path):
    """TR5: a path ends just before the first trig off the board."""
    out = []
    for c in path:
        if not on_board(*c):
            break
        out.append(INDEX[c])
    return tuple(out)


def shares(a, b):
    """Number of corners two lattice cells share (2: edge, 1: point)."""
    return len(lattice_corners(*a) & lattice_corners(*b))


# Edge neighbours share a side; point neighbours only a corner (2.4, 3.2).
EDGE = [sorted(j for j in range(NCELLS) if shares(CELLS[i], CELLS[j]) == 2)
        for i in range(NCELLS)]
POINT = [sorted(j for j in range(NCELLS) if j != i and shares(CELLS[i], CELLS[j]) == 1)
         for i in range(NCELLS)]
# The opposite trigs: point neighbours pointing the other way (3.2).
OPPOSITE = [[j for j in POINT[i] if UP[j] != UP[i]] for i in range(NCELLS)]


def _dome_paths(i):
    """3.4, TR4: round each of the 3 hexagons at the trig's corners, both
    directions, up to 5 steps; each step crosses a side."""
    s = CELLS[i]
    paths = []
    for v in sorted(lattice_corners(*s)):
        ring = ring_round(v, lattice_cells_at(v), s)
        for a, b in zip(ring, ring[1:] + ring[:1]):
            assert shares(a, b) == 2
        for way in (ring[1:], ring[1:][::-1]):
            p = truncate(way)
            if p:
                paths.append(p)
    return paths


def _gyro_paths(i):
    """3.5, TR6: the three stars of the trig, one across each of its sides.
    The star over side E: N is the trig across E, V is N's far corner, the
    hexagon round V has six trigs, and the star's points are the trigs on the
    outer side of each of them.  Consecutive points are opposite trigs
    (across one corner)."""
    s = CELLS[i]
    paths = []
    for side in sides_of(s):
        n = lattice_across(s, side)
        (v,) = lattice_corners(*n) - side
        points = []
        for h in lattice_cells_at(v):
            outer = lattice_corners(*h) - {v}
            points.append(lattice_across(h, outer))
        ring = ring_round(v, points, s)
        for a, b in zip(ring, ring[1:] + ring[:1]):
            assert shares(a, b) == 1 and lattice_up(*a) != lattice_up(*b)
        for way in (ring[1:], ring[1:][::-1]):
            p = truncate(way)
            if p:
                paths.append(p)
    return paths


def _stag_legs(i):
    """3.6, TR7: an edge step to M, then across M's far corner to one of the
    two trigs there that point the same way as M.  Returns [(M, [targets])]
    for M on the board."""
    s = CELLS[i]
    legs = []
    for side in sides_of(s):
        m = lattice_across(s, side)
        if not on_board(*m):
            continue
        (v,) = lattice_corners(*m) - side
        targets = sorted(INDEX[h] for h in lattice_cells_at(v)
                         if h != m and lattice_up(*h) == lattice_up(*m) and on_board(*h))
        legs.append((INDEX[m], targets))
    return legs


DOME_PATHS = [_dome_paths(i) for i in range(NCELLS)]
GYRO_PATHS = [_gyro_paths(i) for i in range(NCELLS)]
STAG_LEGS = [_stag_legs(i) for i in range(NCELLS)]


def _pawn_table(side):
    """3.7, TR8: offsets for Gold; Red negates the rank offset.  The same for
    up and down trigs.  Returns (forward, captures, sideways) per cell."""
    d = 1 if side == "g" else -1
    far_half = (4, 5, 6) if side == "g" else (1, 2, 3)
    fwd, cap, sid = [], [], []
    for f, r in CELLS:
        fwd.append([INDEX[c] for c in [(f, r + d)] if on_board(*c)])
        cap.append([INDEX[c] for c in [(f - 1, r + d), (f + 1, r + d)] if on_board(*c)])
        if r in far_half:
            sid.append([INDEX[c] for c in [(f - 1, r), (f + 1, r)] if on_board(*c)])
        else:
            sid.append([])
    return fwd, cap, sid


PAWN = {"g": _pawn_table("g"), "r": _pawn_table("r")}


def _between(paths_of):
    """For each cell: target -> list of the tuples of cells strictly before
    it on each path that reaches it (a target may lie on several paths)."""
    out = []
    for i in range(NCELLS):
        d = {}
        for p in paths_of[i]:
            for k, t in enumerate(p):
                d.setdefault(t, []).append(p[:k])
        out.append(d)
    return out


DOME_TO = _between(DOME_PATHS)
GYRO_TO = _between(GYRO_PATHS)
STAG_TO = []
for _i in range(NCELLS):
    _d = {}
    for _m, _ts in STAG_LEGS[_i]:
        for _t in _ts:
            _d.setdefault(_t, []).append(_m)
    STAG_TO.append(_d)

# 2.5, TR9: promotion trigs.
PROMOTION = {"g": {CELL_OF[n] for n in ("b6", "d6", "f6", "h6")},
             "r": {CELL_OF[n] for n in ("b1", "d1", "f1", "h1")}}


def gyro_class(i):
    """2.5: the Gyro class A, B, C or D of a cell, by the formula."""
    f, r = CELLS[i]
    rr, c = (r, f - 1) if UP[i] else (r - 1, f - 1)
    assert (rr + c) % 2 == 0
    u, w = (rr + c) // 2, (rr - c) // 2
    return {(1, 0): "A", (1, 1): "B", (0, 1): "C", (0, 0): "D"}[(u % 2, w % 2)]


# ---------------------------------------------------------------------------
# Position and FEN (6.1)
# ---------------------------------------------------------------------------

EMPTY = "."
INITIAL_FEN = "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1"   # section 5, TR14
PIECES = "KDGSPkdgsp"


class FenError(Exception):
    pass


class MoveError(Exception):
    pass


def owner(p):
    return "g" if p.isupper() else "r"


def other(side):
    return "r" if side == "g" else "g"


def cased(kind, side):
    return kind.upper() if side == "g" else kind.lower()


WS = " \t\n\v\f\r"
COUNTER = re.compile(r"[0-9]{1,9}\Z")


class Position:
    __slots__ = ("board", "side", "half", "full")

    def __init__(self, board, side, half=0, full=1):
        self.board = board
        self.side = side
        self.half = half
        self.full = full

    def key(self):
        """TR15: the position for repetition is placement + side to move."""
        return ("".join(self.board), self.side)

    @staticmethod
    def from_fen(fen):
        fields = [x for x in re.split("[" + WS + "]+", fen.strip(WS)) if x != ""]
        if len(fields) != 4:
            raise FenError("F1: the FEN needs exactly 4 fields (placement side halfmove "
                           "fullmove), found %d" % len(fields))
        placement, side, half, full = fields
        ranks = placement.split("/")
        if len(ranks) != 6:
            raise FenError("F2: the placement needs exactly 6 ranks, found %d" % len(ranks))
        board = [EMPTY] * NCELLS
        for k, text in enumerate(ranks):
            r = 6 - k
            files = list(rank_files(r))
            pos = 0
            prev_digit = False
            for ch in text:
                if ch in "0123456789":
                    if ch == "0":
                        raise FenError("F4: placement rank %d: the digit 0" % r)
                    if prev_digit:
                        raise FenError("F4: placement rank %d: two digits in a row" % r)
                    prev_digit = True
                    pos += int(ch)
                    continue
                prev_digit = False
                if ch not in PIECES:
                    raise FenError("F3: placement rank %d: %r is not a piece letter or a "
                                   "digit 1-9" % (r, ch))
                if pos < len(files):
                    board[INDEX[(files[pos], r)]] = ch
                pos += 1
            if pos != len(files):
                raise FenError("F5: placement rank %d describes %d cells, it has %d"
                               % (r, pos, len(files)))
        if side not in ("g", "r"):
            raise FenError("F6: the side must be g or r, not %r" % side)
        if not COUNTER.match(half):
            raise FenError("F7: the halfmove clock must be 1 to 9 decimal digits, not %r" % half)
        if not COUNTER.match(full):
            raise FenError("F7: the fullmove number must be 1 to 9 decimal digits, not %r" % full)
        if int(full) == 0:
            raise FenError("F7: the fullmove number must be at least 1")
        for k, name in (("K", "Gold"), ("k", "Red")):
            if board.count(k) != 1:
                raise FenError("F8: %s must have exactly one King, has %d"
                               % (name, board.count(k)))
        for i in range(NCELLS):
            if board[i] == "P" and (RANK[i] == 1 or i in PROMOTION["g"]):
                raise FenError("F9: a Gold Pawn may not stand on %s (TR18)" % NAME[i])
            if board[i] == "p" and (RANK[i] == 6 or i in PROMOTION["r"]):
                raise FenError("F9: a Red Pawn may not stand on %s (TR18)" % NAME[i])
        if in_check(board, other(side)):
            raise FenError("F10: the side not to move (%s) is in check (TR18)"
                           % ("Gold" if side == "r" else "Red"))
        return Position(board, side, int(half), int(full))

    def fen(self):
        """6.1 writer: single spaces, runs joined, no leading zeros."""
        out = []
        for r in range(6, 0, -1):
            s = ""
            run = 0
            for f in rank_files(r):
                p = self.board[INDEX[(f, r)]]
                if p == EMPTY:
                    run += 1
                else:
                    if run:
                        s += str(run)
                        run = 0
                    s += p
            if run:
                s += str(run)
            out.append(s)
        return "%s %s %d %d" % ("/".join(out), self.side, self.half, self.full)


# ---------------------------------------------------------------------------
# Moves, attacks, legality (3, 4.2)
# ---------------------------------------------------------------------------
# A move is (from, to, promo): promo is "" or the lower-case letter d, g, s.

def pseudo_moves(board, side):
    """Every move obeying the pieces' movement (section 3), ignoring King
    safety.  No move lands on a King (4.2: a King is never captured; in a
    valid position it never could be)."""
    out = []
    for f in range(NCELLS):
        p = board[f]
        if p == EMPTY or owner(p) != side:
            continue
        kind = p.upper()

        def can_take(t):
            q = board[t]
            return q != EMPTY and owner(q) != side and q.upper() != "K"

        dests = []
        if kind == "K":
            # 3.3: one step to an edge neighbour, empty or enemy.
            dests = [t for t in EDGE[f] if board[t] == EMPTY or can_take(t)]
        elif kind in "DG":
            # 3.4/3.5: walk each path, stop on any empty trig, the first
            # occupied trig ends it (capture if enemy); one move per (from, to).
            seen = set()
            for path in (DOME_PATHS if kind == "D" else GYRO_PATHS)[f]:
                for t in path:
                    if board[t] == EMPTY:
                        seen.add(t)
                        continue
                    if can_take(t):
                        seen.add(t)
                    break
            dests = sorted(seen)
        elif kind == "S":
            # 3.6: only M blocks, whatever stands on the target.
            seen = set()
            for m, targets in STAG_LEGS[f]:
                if board[m] != EMPTY:
                    continue
                for t in targets:
                    if board[t] == EMPTY or can_take(t):
                        seen.add(t)
            dests = sorted(seen)
        elif kind == "P":
            fwd, cap, sid = PAWN[side]
            dests = [t for t in fwd[f] + sid[f] if board[t] == EMPTY]   # never capture
            dests += [t for t in cap[f] if can_take(t)]                 # capture only
        for t in dests:
            if kind == "P" and t in PROMOTION[side]:
                # TR10: compulsory promotion, choice of Dome, Gyro, Stag.
                for pr in "dgs":
                    out.append((f, t, pr))
            else:
                out.append((f, t, ""))
    return out


def attacks(board, f, t):
    """3.8, TR12: the piece on f could capture on t now."""
    p = board[f]
    kind = p.upper()
    if kind == "K":
        return t in EDGE[f]
    if kind == "P":
        return t in PAWN[owner(p)][1][f]
    if kind == "S":
        return any(board[m] == EMPTY for m in STAG_TO[f].get(t, ()))
    table = DOME_TO if kind == "D" else GYRO_TO
    return any(all(board[x] == EMPTY for x in btw) for btw in table[f].get(t, ()))


def attacked(board, t, by_side):
    for f in range(NCELLS):
        p = board[f]
        if p != EMPTY and owner(p) == by_side and attacks(board, f, t):
            return True
    return False


def in_check(board, side):
    return attacked(board, board.index(cased("K", side)), other(side))


def make(pos, m):
    f, t, pr = m
    b = list(pos.board)
    p = b[f]
    captured = b[t]
    b[f] = EMPTY
    b[t] = cased(pr, pos.side) if pr else p        # 3.7 promotion, replaced at once
    half = 0 if (captured != EMPTY or p.upper() == "P") else pos.half + 1   # 4.5, TR19
    full = pos.full + (1 if pos.side == "r" else 0)
    return Position(b, other(pos.side), half, full)


def legal_moves(pos):
    """4.2, TR11: a move is legal if afterwards the mover's King is not attacked."""
    out = []
    for m in pseudo_moves(pos.board, pos.side):
        if not in_check(make(pos, m).board, pos.side):
            out.append(m)
    return out


def has_legal_move(pos):
    for m in pseudo_moves(pos.board, pos.side):
        if not in_check(make(pos, m).board, pos.side):
            return True
    return False


def analyse(pos):
    """(outcome, check, legal moves) of a position alone (4.3 rule 2, TR13,
    6.6).  A FEN alone never reports repetition (TR15)."""
    check = in_check(pos.board, pos.side)
    legal = legal_moves(pos)
    if legal:
        return "none", check, legal
    return "%s %s" % (other(pos.side), "checkmate" if check else "stalemate"), check, legal


def move_text(m):
    """6.2: <from><to>, plus the lower-case promotion letter."""
    return NAME[m[0]] + NAME[m[1]] + m[2]


# ---------------------------------------------------------------------------
# Record notation (6.3, TR20)
# ---------------------------------------------------------------------------

def _disambiguation(f, rivals):
    """6.3: nothing without rivals; else the from-file if no rival shares it;
    else the from-rank if no rival shares it; else the whole from-cell."""
    if not rivals:
        return ""
    if all(FILE[g] != FILE[f] for g in rivals):
        return FILES[FILE[f] - 1]
    if all(RANK[g] != RANK[f] for g in rivals):
        return str(RANK[f])
    return NAME[f]


def suffix(pos, m):
    """6.3: # if the opponent is now checkmated, else + if in check, else
    nothing (a stalemating move has no suffix, TR20)."""
    child = make(pos, m)
    if in_check(child.board, child.side):
        return "+" if has_legal_move(child) else "#"
    return ""


def san(pos, m, legal):
    f, t, pr = m
    b = pos.board
    p = b[f]
    kind = p.upper()
    capture = b[t] != EMPTY
    rivals = sorted({g for (g, u, _) in legal if u == t and g != f and b[g] == p})
    if kind == "P":
        if capture:
            s = FILES[FILE[f] - 1] + "x" + NAME[t]          # the file is always enough
        else:
            s = _disambiguation(f, rivals) + NAME[t]       # rivals: other Pawns moving there
    else:
        s = kind + _disambiguation(f, rivals) + ("x" if capture else "") + NAME[t]
    if pr:
        s += "=" + pr.upper()
    return s + suffix(pos, m)


MOVE_TEXT_RE = re.compile(r"([a-i][1-6])([a-i][1-6])([a-z]?)\Z")
SAN_RE = re.compile(r"([KDGS]?)([a-i]?)([1-6]?)(x?)([a-i][1-6])(=[A-Z]?)?([+#]?)\Z")


def parse_move(pos, text, legal=None):
    """6.2 and 6.3: machine move text or record notation.  Returns the move
    or raises MoveError saying why it is refused."""
    if legal is None:
        legal = legal_moves(pos)
    mt = MOVE_TEXT_RE.match(text)
    if mt and mt.group(1) in CELL_OF and mt.group(2) in CELL_OF:
        f, t, pr = CELL_OF[mt.group(1)], CELL_OF[mt.group(2)], mt.group(3)
        same = [m for m in legal if m[0] == f and m[1] == t]
        if not same:
            raise MoveError("%s is not a legal move" % text)
        if same[0][2] and not pr:
            raise MoveError("%s: a promotion needs the letter d, g or s" % text)
        if pr and not same[0][2]:
            raise MoveError("%s: a promotion letter on a move that is not a promotion" % text)
        for m in same:
            if m[2] == pr:
                return m
        raise MoveError("%s: a Pawn promotes to d, g or s" % text)
    ms = SAN_RE.match(text)
    if not ms:
        raise MoveError("%r is neither move text nor record notation" % text)
    letter, dfile, drank, x, dest, promo, suf = ms.groups()
    if dest not in CELL_OF:
        raise MoveError("%s: no such trig %s" % (text, dest))
    kind = letter or "P"
    t = CELL_OF[dest]
    cands = [m for m in legal
             if m[1] == t and pos.board[m[0]].upper() == kind
             and (not dfile or FILES[FILE[m[0]] - 1] == dfile)
             and (not drank or str(RANK[m[0]]) == drank)]
    if promo is not None:
        if promo not in ("=D", "=G", "=S"):
            raise MoveError("%s: a promotion is =D, =G or =S" % text)
        if any(not m[2] for m in cands):
            raise MoveError("%s: = on a move that is not a promotion" % text)
        cands = [m for m in cands if m[2] == promo[1].lower()]
    elif any(m[2] for m in cands):
        raise MoveError("%s: a promotion needs =D, =G or =S" % text)
    if not cands:
        raise MoveError("%s: no legal move matches" % text)
    if len(cands) > 1:
        raise MoveError("%s: more than one legal move matches" % text)
    m = cands[0]
    capture = pos.board[t] != EMPTY
    if capture and not x:
        raise MoveError("%s: a capture needs x" % text)
    if x and not capture:
        raise MoveError("%s: x on a move that does not capture" % text)
    if kind == "P" and capture and not dfile:
        raise MoveError("%s: a Pawn capture starts with the Pawn's file" % text)
    if suf and suf != suffix(pos, m):
        raise MoveError("%s: the suffix %s is wrong" % (text, suf))
    return m


# ---------------------------------------------------------------------------
# Game records (4.3, TR15, 6.5, 6.6)
# ---------------------------------------------------------------------------

def judge_record(fen, moves):
    """Replays `moves` from `fen`.  Returns (outcome, check, legal count) of
    the final position, the outcome including repetition.  Raises MoveError
    for an illegal move or a move after the end of the game."""
    pos = Position.from_fen(fen)
    counts = {pos.key(): 1}            # TR15: the start counts once
    outcome, check, legal = analyse(pos)
    for n, text in enumerate(moves, 1):
        if outcome != "none":
            raise MoveError("move %d (%s) comes after the end of the game (%s)"
                            % (n, text, outcome))
        try:
            m = parse_move(pos, text, legal)
        except MoveError as e:
            raise MoveError("move %d: %s" % (n, e))
        mover = pos.side
        pos = make(pos, m)
        k = pos.key()
        counts[k] = counts.get(k, 0) + 1
        outcome, check, legal = analyse(pos)
        if counts[k] >= 3:
            # 4.3 rule 1: the mover loses at once (TR22: never with a mate).
            outcome = "%s repetition" % other(mover)
    return outcome, check, len(legal)


# ---------------------------------------------------------------------------
# Perft (TR16)
# ---------------------------------------------------------------------------

def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make(pos, m), depth - 1) for m in moves)


def divide(pos, depth):
    if depth == 0:
        return [], 1
    rows = [(move_text(m), perft(make(pos, m), depth - 1)) for m in legal_moves(pos)]
    rows.sort()
    return rows, sum(n for _, n in rows)


# ---------------------------------------------------------------------------
# Random positions (every one valid per F1-F10)
# ---------------------------------------------------------------------------

def _pick(rng, pos, moves, bias):
    if bias == "capture" and rng.random() < 0.7:
        caps = [m for m in moves if pos.board[m[1]] != EMPTY]
        if caps:
            return rng.choice(caps)
        checks = [m for m in moves if in_check(make(pos, m).board, other(pos.side))]
        if checks and rng.random() < 0.5:
            return rng.choice(checks)
    if bias == "forward" and rng.random() < 0.6:
        d = 1 if pos.side == "g" else -1
        pawns = [m for m in moves if pos.board[m[0]].upper() == "P"]
        fwd = [m for m in moves if (RANK[m[1]] - RANK[m[0]]) * d > 0]
        pool = pawns if pawns and rng.random() < 0.6 else fwd
        if pool:
            return rng.choice(pool)
    return rng.choice(moves)


def _random_game(rng, plies, bias):
    """Random legal play from the initial position (Gold or Red first).  A
    game that ended in mate or stalemate is mostly backed off by a ply or
    two, so that few of the positions are finished."""
    pos = Position.from_fen(INITIAL_FEN)
    if rng.random() < 0.2:
        pos.side = "r"
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


def _pawn_ok(piece, i):
    """F9."""
    if piece == "P":
        return RANK[i] != 1 and i not in PROMOTION["g"]
    if piece == "p":
        return RANK[i] != 6 and i not in PROMOTION["r"]
    return True


def _random_sparse(rng, near_king=False):
    """Kings and a few pieces at random; many Pawns in the far half and near
    promotion; optionally enemy pieces round an edge King (mates, stalemates)."""
    while True:
        board = [EMPTY] * NCELLS
        side = rng.choice("gr")

        def put(piece, cells):
            cells = [c for c in cells if board[c] == EMPTY and _pawn_ok(piece, c)]
            if cells:
                board[rng.choice(cells)] = piece

        allc = list(range(NCELLS))
        if near_king:
            edge = [i for i in allc if len(EDGE[i]) < 3 or len(POINT[i]) < 9]
            kc = rng.choice(edge)
            board[kc] = cased("K", side)
            near = sorted({j for a in EDGE[kc] + POINT[kc] for j in EDGE[a] + POINT[a] + [a]}
                          - {kc})
            for _ in range(rng.randint(1, 4)):
                put(cased(rng.choice("DGSP"), other(side)), near)
            put(cased("K", other(side)), allc)
            for _ in range(rng.randint(0, 3)):
                put(cased(rng.choice("DGSP"), side), allc)
        else:
            put("K", allc)
            put("k", allc)
            for _ in range(rng.randint(0, 4)):
                piece = rng.choice("Pp")
                far = [i for i in allc if (RANK[i] >= 4 if piece == "P" else RANK[i] <= 3)]
                put(piece, far)
            for _ in range(rng.randint(0, 6)):
                put(rng.choice("DGSPdgsp"), allc)
        pos = Position(board, side, rng.randint(0, 40), rng.randint(1, 90))
        if in_check(board, other(side)):
            continue
        return pos


def random_fens(seed, count):
    """count FENs: positions reached by random legal play from the initial
    position (either side first, some biased to captures/checks or to Pawn
    advances), and sparse random placements, some followed by random moves."""
    rng = random.Random(seed)
    kinds = ["game", "game-capture", "game-forward", "sparse", "sparse-walk",
             "king-edge", "king-edge-walk"]
    weights = [20, 20, 15, 15, 10, 12, 8]
    out = []
    while len(out) < count:
        kind = rng.choices(kinds, weights)[0]
        if kind.startswith("game"):
            bias = {"game": "none", "game-capture": "capture", "game-forward": "forward"}[kind]
            pos = _random_game(rng, rng.randint(0, 90), bias)
        else:
            pos = _random_sparse(rng, near_king=kind.startswith("king-edge"))
            if kind.endswith("-walk"):
                for _ in range(rng.randint(1, 6)):
                    moves = legal_moves(pos)
                    if not moves:
                        break
                    pos = make(pos, _pick(rng, pos, moves, rng.choice(["capture", "forward"])))
        fen = pos.fen()
        assert Position.from_fen(fen).fen() == fen
        out.append(fen)
    return out


# ---------------------------------------------------------------------------
# Command-line outputs
# ---------------------------------------------------------------------------

def output_perft(fen, depth, with_divide):
    """Text of `perft [--fen FEN] [--divide] DEPTH` (as cheops_ref.py)."""
    pos = Position.from_fen(fen)
    lines = []
    if with_divide:
        rows, total = divide(pos, depth)
        lines += ["%s: %d" % row for row in rows]
    else:
        total = perft(pos, depth)
    lines.append("Nodes searched: %d" % total)
    return "\n".join(lines) + "\n"


def output_moves(fen):
    """Text of `moves [--fen FEN]`: move text, TAB, SAN; sorted by move text."""
    pos = Position.from_fen(fen)
    legal = legal_moves(pos)
    rows = sorted((move_text(m), san(pos, m, legal)) for m in legal)
    return "".join("%s\t%s\n" % row for row in rows)


def format_status(outcome, check, nlegal):
    return ("check: %s\nlegal-moves: %d\noutcome: %s\n"
            % ("yes" if check else "no", nlegal, outcome))


def output_status(fen, moves=()):
    """Text of `status [--fen FEN] [MOVE...]` (6.6)."""
    return format_status(*judge_record(fen, list(moves)))


# ---------------------------------------------------------------------------
# Self-test: every number and example the spec gives
# ---------------------------------------------------------------------------

DOME_TABLE = """
 6         b6:4  c6:7  d6:7  e6:9  f6:7  g6:7  h6:4
 5         b5:8  c5:10 d5:12 e5:12 f5:12 g5:10 h5:8
 4   a4:6  b4:9  c4:12 d4:12 e4:12 f4:12 g4:12 h4:9  i4:6
 3   a3:6  b3:9  c3:12 d3:12 e3:12 f3:12 g3:12 h3:9  i3:6
 2         b2:8  c2:10 d2:12 e2:12 f2:12 g2:10 h2:8
 1         b1:4  c1:7  d1:7  e1:9  f1:7  g1:7  h1:4
"""
GYRO_TABLE = """
 6         b6:4  c6:5  d6:5  e6:5  f6:5  g6:5  h6:4
 5         b5:6  c5:6  d5:8  e5:7  f5:8  g5:6  h5:6
 4   a4:5  b4:6  c4:8  d4:9  e4:10 f4:9  g4:8  h4:6  i4:5
 3   a3:5  b3:6  c3:8  d3:9  e3:10 f3:9  g3:8  h3:6  i3:5
 2         b2:6  c2:6  d2:8  e2:7  f2:8  g2:6  h2:6
 1         b1:4  c1:5  d1:5  e1:5  f1:5  g1:5  h1:4
"""
STAG_TABLE = """
 6         b6:2  c6:3  d6:3  e6:4  f6:3  g6:3  h6:2
 5         b5:4  c5:3  d5:5  e5:4  f5:5  g5:3  h5:4
 4   a4:3  b4:3  c4:4  d4:6  e4:6  f4:6  g4:4  h4:3  i4:3
 3   a3:3  b3:3  c3:4  d3:6  e3:6  f3:6  g3:4  h3:3  i3:3
 2         b2:4  c2:3  d2:5  e2:4  f2:5  g2:3  h2:4
 1         b1:2  c1:3  d1:3  e1:4  f1:3  g1:3  h1:2
"""
CLASS_TABLE = """
 6         bvA  c^D  dvC  e^B  fvA  g^D  hvC
 5         b^A  cvB  d^C  evD  f^A  gvB  h^C
 4    a^D  bvC  c^B  dvA  e^D  fvC  g^B  hvA  i^D
 3    avB  b^C  cvD  d^A  evB  f^C  gvD  h^A  ivB
 2         bvA  c^D  dvC  e^B  fvA  g^D  hvC
 1         b^A  cvB  d^C  evD  f^A  gvB  h^C
"""
# 3.2-3.7 offset tables for an up trig, (drank, dfile); a down trig negates drank.
SPEC_EDGE = [(0, -1), (0, 1), (-1, 0)]
SPEC_POINT = [(0, -2), (0, 2), (1, -1), (1, 1), (-1, -1), (-1, 1), (1, 0), (-1, -2), (-1, 2)]
SPEC_OPPOSITE = [(1, 0), (-1, -2), (-1, 2)]
SPEC_DOME = [[(0, -1), (0, -2), (-1, -2), (-1, -1), (-1, 0)],
             [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1)],
             [(-1, 0), (-1, 1), (-1, 2), (0, 2), (0, 1)]]
SPEC_GYRO = [[(1, 0), (2, -2), (1, -4), (0, -4), (-1, -2)],
             [(-1, -2), (-2, -2), (-3, 0), (-2, 2), (-1, 2)],
             [(-1, 2), (0, 4), (1, 4), (2, 2), (1, 0)]]
SPEC_STAG = [((0, -1), [(0, -3), (1, -2)]),
             ((0, 1), [(0, 3), (1, 2)]),
             ((-1, 0), [(-2, -1), (-2, 1)])]


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


def _off(i, dr, df):
    """The lattice cell at offset (drank, dfile) from cell i, per 3.2: for a
    down trig negate drank."""
    f, r = CELLS[i]
    if not UP[i]:
        dr = -dr
    return (f + df, r + dr)


def _board_with(pieces):
    """pieces: {"e3": "D", ...}"""
    b = [EMPTY] * NCELLS
    for n, p in pieces.items():
        b[CELL_OF[n]] = p
    return b


def _reach(piece, i):
    b = [EMPTY] * NCELLS
    b[i] = piece
    return sorted(NAME[t] for (f, t, _) in {(f, t, "") for f, t, _ in pseudo_moves(b, owner(piece))})


def _parse_table(text):
    out = {}
    for tok in text.split():
        if ":" in tok:
            n, v = tok.split(":")
            out[n] = int(v)
    return out


def _moves_of(fen):
    """{move text: SAN} of a FEN."""
    pos = Position.from_fen(fen)
    legal = legal_moves(pos)
    return {move_text(m): san(pos, m, legal) for m in legal}


def _mirror_fen(fen, top_bottom):
    """Mirror a position top to bottom (rank r -> 7 - r, colours of the
    pieces swapped, other side to move) or left to right (file f -> 10 - f).
    Both are symmetries of the board (2.1) and of the rules."""
    pos = Position.from_fen(fen)
    b = [EMPTY] * NCELLS
    for i, p in enumerate(pos.board):
        f, r = CELLS[i]
        if top_bottom:
            b[INDEX[(f, 7 - r)]] = p.swapcase()
        else:
            b[INDEX[(10 - f, r)]] = p
    side = other(pos.side) if top_bottom else pos.side
    return Position(b, side, pos.half, pos.full).fen()


def _mirror_text(s, top_bottom, is_move_text=False):
    """Mirror the cell names in a move text or SAN (not a promotion letter)."""
    tail = ""
    if is_move_text:
        s, tail = s[:4], s[4:]
    if top_bottom:
        return s.translate(str.maketrans("123456", "654321")) + tail
    return s.translate(str.maketrans("abcdefghi", "ihgfedcba")) + tail


# FENs each of which breaks exactly the rule named (and its reason).
BAD_FENS = [
    ("F1", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0"),
    ("F1", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1 1"),
    ("F1", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD"),
    ("F1", ""),
    ("F2", "dsgkgsd/pspgpsp/9/9/PSPGPSP g 0 1"),
    ("F2", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD/7 g 0 1"),
    ("F2", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD/ g 0 1"),
    ("F3", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSX g 0 1"),
    ("F3", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSNKGSD g 0 1"),
    ("F3", "dsgkgsd/pspqpsp/9/9/PSPGPSP/DSGKGSD g 0 1"),
    ("F3", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSG.GSD g 0 1"),
    ("F4", "dsgkgsd/pspgpsp/09/9/PSPGPSP/DSGKGSD g 0 1"),
    ("F4", "dsgkgsd/pspgpsp/45/9/PSPGPSP/DSGKGSD g 0 1"),
    ("F4", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGK0GSD g 0 1"),
    ("F4", "k6/7/11/9/7/3K3 g 0 1"),
    ("F5", "dsgkgsd/pspgpsp/8/9/PSPGPSP/DSGKGSD g 0 1"),
    ("F5", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSDD g 0 1"),
    ("F5", "dsgkgsd/pspgpsp/9/9/7P/DSGKGSD g 0 1"),
    ("F5", "k6/7/9/9/9/3K3 g 0 1"),
    ("F5", "k6//9/9/7/3K3 g 0 1"),
    ("F6", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD w 0 1"),
    ("F6", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD G 0 1"),
    ("F6", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD gr 0 1"),
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g -1 1"),
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g +1 1"),
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 0"),
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 000"),
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 1.5 1"),
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g x 1"),
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1234567890"),
    ("F8", "dsg1gsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1"),
    ("F8", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSG1GSD g 0 1"),
    ("F8", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKKSD g 0 1"),
    ("F8", "k6/7/9/4k4/7/3K3 g 0 1"),
    ("F9", "k6/7/9/9/7/P2K3 g 0 1"),
    ("F9", "k1P4/7/9/9/7/3K3 g 0 1"),
    ("F9", "k6/7/9/9/7/3K2p r 0 1"),
    ("F9", "k5p/7/9/9/7/3K3 r 0 1"),
    ("F9", "k6/7/9/9/7/3Kp2 g 0 1"),
    ("F10", "k6/7/9/9/7/2dK3 r 0 1"),
    ("F10", "k6/1D5/9/9/7/3K3 g 0 1"),
    ("F10", "3Kk2/7/9/9/7/7 g 0 1"),
    ("F10", "dsgkgsd/psPgpsp/9/9/PS1GPSP/DSGKGSD g 0 1"),
]


def selftest():
    st = Selftest()
    eq, check = st.eq, st.check

    # 2.1-2.3, 8: 46 cells, 23 up and 23 down; names and indexes.
    eq(NCELLS, 46, "46 cells")
    eq(sum(UP), 23, "23 up trigs")
    eq([NAME[i] for i in (0, 6, 7, 13, 14, 22, 23, 31, 32, 38, 39, 45)],
       "b1 h1 b2 h2 a3 i3 a4 i4 b5 h5 b6 h6".split(), "2.3 index table")
    check(UP[CELL_OF["b1"]] and not UP[CELL_OF["e1"]], "2.2 b1 points up, e1 down")
    eq(sorted(lattice_corners(*CELLS[CELL_OF["a3"]])), [(0, 3), (1, 2), (2, 3)], "2.4 a3 corners")
    eq(sorted(lattice_corners(*CELLS[CELL_OF["h6"]])), [(7, 6), (8, 5), (9, 6)], "2.4 h6 corners")
    # The 2.2 diagram of up/down.
    diagram = {6: "bv c^ dv e^ fv g^ hv", 5: "b^ cv d^ ev f^ gv h^",
               4: "a^ bv c^ dv e^ fv g^ hv i^", 3: "av b^ cv d^ ev f^ gv h^ iv",
               2: "bv c^ dv e^ fv g^ hv", 1: "b^ cv d^ ev f^ gv h^"}
    for r, row in diagram.items():
        for tok in row.split():
            eq(UP[CELL_OF[tok[0] + str(r)]], tok[1] == "^", "2.2 diagram %s%d" % (tok[0], r))
    # The outline of 2.4: the board's boundary edges (sides of one cell only).
    side_count = {}
    for i in range(NCELLS):
        for s in sides_of(CELLS[i]):
            side_count[s] = side_count.get(s, 0) + 1
    boundary = {s for s, n in side_count.items() if n == 1}
    outline = [(1, 0), (9, 0), (8, 1), (10, 3), (8, 5), (9, 6), (1, 6), (2, 5), (0, 3), (2, 1)]
    walked = set()
    for a, b in zip(outline, outline[1:] + outline[:1]):
        # Split each outline segment into unit sides (length 2 in x or a slope step).
        n = max(abs(b[0] - a[0]) // 2 if a[1] == b[1] else abs(b[1] - a[1]), 1)
        for k in range(n):
            p = (a[0] + (b[0] - a[0]) * k // n, a[1] + (b[1] - a[1]) * k // n)
            q = (a[0] + (b[0] - a[0]) * (k + 1) // n, a[1] + (b[1] - a[1]) * (k + 1) // n)
            walked.add(frozenset([p, q]))
    eq(walked, boundary, "2.4 outline")

    # 3.2: neighbour tables against the geometry, every cell.
    for i in range(NCELLS):
        def spec(offsets):
            return sorted(INDEX[c] for c in (_off(i, dr, df) for dr, df in offsets) if on_board(*c))
        eq(EDGE[i], spec(SPEC_EDGE), "3.2 edge neighbours of %s" % NAME[i])
        eq(POINT[i], spec(SPEC_POINT), "3.2 point neighbours of %s" % NAME[i])
        eq(sorted(OPPOSITE[i]), spec(SPEC_OPPOSITE), "3.2 opposite trigs of %s" % NAME[i])
        for j in EDGE[i]:
            check(UP[j] != UP[i], "edge neighbours differ in colour (TR2)")

        # 3.4 / 3.5 / 3.6 paths against the geometry.
        def spec_paths(table):
            out = set()
            for p in table:
                for way in (p, p[::-1]):
                    q = truncate([_off(i, dr, df) for dr, df in way])
                    if q:
                        out.add(q)
            return out
        eq(set(DOME_PATHS[i]), spec_paths(SPEC_DOME), "3.4 Dome paths of %s" % NAME[i])
        eq(set(GYRO_PATHS[i]), spec_paths(SPEC_GYRO), "3.5 Gyro paths of %s" % NAME[i])
        want = []
        for (mr, mf), targets in SPEC_STAG:
            m = _off(i, mr, mf)
            if on_board(*m):
                want.append((INDEX[m], sorted(INDEX[c] for c in
                                               (_off(i, dr, df) for dr, df in targets)
                                               if on_board(*c))))
        eq(sorted(STAG_LEGS[i]), sorted(want), "3.6 Stag legs of %s" % NAME[i])
        for _, targets in STAG_LEGS[i]:
            for t in targets:
                check(UP[t] != UP[i] and t not in EDGE[i] and t not in POINT[i],
                      "3.6 Stag targets point the other way and do not touch the start")
    # 3.6: on the unbounded lattice the Stag targets are the six trigs at
    # step distance exactly 3 that do not touch the start.
    src = (5, 3)
    dist = {src: 0}
    frontier = [src]
    for d in range(1, 4):
        nxt = []
        for c in frontier:
            for s in sides_of(c):
                n = lattice_across(c, s)
                if n not in dist:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    far3 = sorted(c for c, d in dist.items() if d == 3 and shares(c, src) == 0)
    eq(sorted(CELLS[t] for _, ts in STAG_LEGS[INDEX[src]] for t in ts), far3,
       "3.6 Stag = distance 3, not touching")

    # 3.9: reach of a lone Gold piece on an empty board, every cell.
    for letter, table in (("D", DOME_TABLE), ("G", GYRO_TABLE), ("S", STAG_TABLE)):
        want = _parse_table(table)
        eq(sorted(want), sorted(NAME), "3.9 %s table covers every cell" % letter)
        for n, v in want.items():
            eq(len(_reach(letter, CELL_OF[n])), v, "3.9 %s reach on %s" % (letter, n))
    two = set("a3 a4 i3 i4 b2 h2 b5 h5 d1 f1 d6 f6".split())
    one = set("b1 h1 b6 h6".split())
    for n in NAME:
        eq(len(_reach("K", CELL_OF[n])), 1 if n in one else 2 if n in two else 3,
           "3.9 King reach on %s" % n)
    # 8: largest reaches.
    for letter, best, where in (("D", 12, None), ("G", 10, "e3 e4"),
                                ("S", 6, "d3 e3 f3 d4 e4 f4"), ("K", 3, None)):
        counts = {n: len(_reach(letter, CELL_OF[n])) for n in NAME}
        eq(max(counts.values()), best, "8 largest %s reach" % letter)
        cells = sorted(n for n, v in counts.items() if v == best)
        if where:
            eq(cells, sorted(where.split()), "8 cells of largest %s reach" % letter)
        elif letter == "D":
            eq(len(cells), 16, "8 Dome reaches 12 on 16 cells")

    # 3.4-3.6 examples.
    for letter, cell, want in (
            ("D", "e3", "c3 c4 d2 d3 d4 e2 e4 f2 f3 f4 g3 g4"), ("D", "b1", "b2 c1 c2 d1"),
            ("D", "a3", "a4 b2 b3 b4 c3 c4"),
            ("G", "e3", "a3 c1 c4 c5 e2 e6 g1 g4 g5 i3"), ("G", "b1", "b2 d3 f1 f2"),
            ("G", "e2", "a3 c1 c4 e3 g1 g4 i3"),
            ("S", "e3", "b3 c2 d5 f5 g2 h3"), ("S", "b1", "d2 e1"), ("S", "e1", "b1 d3 f3 h1")):
        eq(_reach(letter, CELL_OF[cell]), want.split(), "3.4-3.6 example %s on %s" % (letter, cell))
    # 3.4: a Dome on open ground reaches its 3 edge and 9 point neighbours.
    e3 = CELL_OF["e3"]
    eq(sorted(CELL_OF[n] for n in _reach("D", e3)), sorted(EDGE[e3] + POINT[e3]),
       "3.4 Dome reaches the 12 trigs that touch it")
    # 3.4: every path starts on an edge neighbour.  e3 points down: its edge
    # neighbours are d3, f3 and e4.
    b = _board_with({"e3": "D", "d3": "P", "f3": "P", "e4": "P"})
    got = sorted(NAME[t] for f, t, _ in pseudo_moves(b, "g") if f == e3)
    eq(got, [], "3.4 Dome walled in by its three edge neighbours")
    b = _board_with({"e3": "D", "d3": "P"})
    got = sorted(NAME[t] for f, t, _ in pseudo_moves(b, "g") if f == e3)
    # 3.4, TR4: d3 blocks the start of two paths (left corner one way,
    # bottom corner the other); the reverse ways still reach everything up
    # to d3, so the Dome reaches all but d3 (its own piece).
    eq(got, "c3 c4 d2 d4 e2 e4 f2 f3 f4 g3 g4".split(), "3.4 Dome, one path blocked")
    # 3.7 Pawn examples.
    for piece, cell, want in (("P", "d2", "d3"), ("P", "d4", "c4 d5 e4"),
                              ("P", "b5", "b6 b6 b6 c5"), ("P", "c6", "b6 b6 b6 d6 d6 d6"),
                              ("P", "a4", "b4"), ("p", "e3", "d3 e2 f3"), ("p", "b2", "b1 b1 b1 c2"),
                              ("P", "e6", "d6 d6 d6 f6 f6 f6"), ("P", "c5", "b5 c6 d5"),
                              ("p", "c1", "b1 b1 b1 d1 d1 d1"), ("p", "c4", "c3")):
        b = [EMPTY] * NCELLS
        b[CELL_OF[cell]] = piece
        got = sorted(NAME[t] for f, t, _ in pseudo_moves(b, owner(piece)))
        eq(got, want.split(), "3.7 Pawn example %s on %s" % (piece, cell))
    # 3.7: colours: forward and sideways reach the other colour, captures the same.
    for side in "gr":
        fwd, cap, sid = PAWN[side]
        for i in range(NCELLS):
            check(all(UP[t] != UP[i] for t in fwd[i] + sid[i]) and all(UP[t] == UP[i] for t in cap[i]),
                  "3.7 Pawn colours on %s" % NAME[i])
            for t in fwd[i]:
                check((t in EDGE[i]) == (UP[i] != (side == "g")), "3.7 forward crosses a side "
                      "from a down trig (Gold), the apex corner from an up trig")
    # 3.8: Pawn attacks only its capture trigs; Kings may touch at a corner.
    b = _board_with({"d4": "P"})
    eq(sorted(NAME[t] for t in range(NCELLS) if attacks(b, CELL_OF["d4"], t)), ["c5", "e5"],
       "3.8 Pawn attacks")
    b = _board_with({"b1": "S", "c1": "p"})
    eq(sorted(NAME[t] for t in range(NCELLS) if attacks(b, CELL_OF["b1"], t)), [],
       "3.8 Stag with its only first step blocked attacks nothing")
    b = _board_with({"e3": "S", "d3": "p", "f3": "P"})
    eq(sorted(NAME[t] for t in range(NCELLS) if attacks(b, CELL_OF["e3"], t)), ["d5", "f5"],
       "3.6 only M blocks: e4 open, d3 and f3 occupied by either side")

    # 2.5: Gyro classes.
    classes = {i: gyro_class(i) for i in range(NCELLS)}
    for r, row in zip(range(6, 0, -1), [l for l in CLASS_TABLE.split("\n") if l.strip()]):
        for tok in row.split()[1:]:
            n = tok[0] + str(r)
            eq(classes[CELL_OF[n]], tok[2], "2.5 class of %s" % n)
            eq(UP[CELL_OF[n]], tok[1] == "^", "2.5 diagram direction of %s" % n)
    sizes = {c: sum(1 for v in classes.values() if v == c) for c in "ABCD"}
    eq(sizes, {"A": 12, "B": 11, "C": 12, "D": 11}, "2.5 class sizes")
    for i in range(NCELLS):
        for p in GYRO_PATHS[i]:
            check(all(classes[t] == classes[i] for t in p), "a Gyro never leaves its class")
    eq([classes[CELL_OF[n]] for n in ("d1", "f1", "e2")], ["C", "A", "B"], "8 Gold Gyro classes")
    eq([classes[CELL_OF[n]] for n in ("d6", "f6", "e5")], ["C", "A", "D"], "8 Red Gyro classes")
    eq([classes[CELL_OF[n]] for n in "b6 d6 f6 h6 b1 d1 f1 h1".split()], list("ACACACAC"),
       "4.4 classes of the promotion trigs")
    eq(sizes["B"] + sizes["C"] + sizes["A"], 35, "1 a side's Gyros cover 35 trigs")
    # Each class is one connected set under Gyro moves on the empty board.
    for c in "ABCD":
        members = [i for i in range(NCELLS) if classes[i] == c]
        seen = {members[0]}
        todo = [members[0]]
        while todo:
            a = todo.pop()
            for p in GYRO_PATHS[a]:
                for t in p:
                    if t not in seen:
                        seen.add(t)
                        todo.append(t)
        eq(len(seen), len(members), "class %s is connected" % c)

    # 5, 6.1: initial position, FEN round trips and normalisation.
    init = Position.from_fen(INITIAL_FEN)
    eq(init.fen(), INITIAL_FEN, "6.1 initial FEN round trip")
    eq(init.board[CELL_OF["e1"]] + init.board[CELL_OF["e6"]], "Kk", "5 Kings on e1 and e6")
    eq(Position.from_fen("  k6/7/9/9/7/3K3\tr   007 \n 0012 ").fen(), "k6/7/9/9/7/3K3 r 7 12",
       "6.1 writer normalises")
    eq(Position.from_fen("k6/7/9/9/7/3K3 g 999999999 999999999").fen(),
       "k6/7/9/9/7/3K3 g 999999999 999999999", "6.1 nine-digit counters")
    for code, fen in BAD_FENS:
        try:
            Position.from_fen(fen)
            check(False, "6.1 %s refused" % code, fen)
        except FenError as e:
            check(str(e).startswith(code + ":"), "6.1 %s refused by rule %s" % (fen, code), str(e))
    for fen in random_fens(11, 30):
        eq(Position.from_fen(fen).fen(), fen, "6.1 random FEN round trip")

    # 8: Gold's 9 moves from the start, with SAN.
    eq(_moves_of(INITIAL_FEN),
       dict(x.split() for x in ["b2b3 b3", "d2d3 d3", "e2a3 Ga3", "e2c4 Gc4", "e2e3 Ge3",
                                "e2g4 Gg4", "e2i3 Gi3", "f2f3 f3", "h2h3 h3"]),
       "8 Gold's 9 moves from the start")
    eq(sorted(_moves_of(INITIAL_FEN.replace(" g ", " r "))),
       "b5b4 d5d4 e5a4 e5c3 e5e4 e5g3 e5i4 f5f4 h5h4".split(), "8 Red's 9 moves from the start")
    eq(output_status("k1K4/7/9/9/7/7 r 0 1"), "check: no\nlegal-moves: 0\noutcome: g stalemate\n",
       "8 stalemate")
    eq(output_status("k6/1D5/9/9/7/3K3 r 0 1"), "check: yes\nlegal-moves: 0\noutcome: g checkmate\n",
       "8 checkmate")
    eq(output_status(INITIAL_FEN, ["Ga3", "b4", "Gxc5#"]),
       "check: yes\nlegal-moves: 0\noutcome: g checkmate\n", "8 1. Ga3 b4 2. Gxc5#")
    pos = make(make(init, parse_move(init, "Ga3")), (CELL_OF["b5"], CELL_OF["b4"], ""))
    eq(_moves_of(pos.fen()).get("a3c5"), "Gxc5#", "8 Gxc5# is written with #")
    rep = "Ge3 Ge4 Ge2 Ge5 Ge3 Ge4 Ge2 Ge5".split()
    eq(output_status(INITIAL_FEN, rep), "check: no\nlegal-moves: 9\noutcome: g repetition\n",
       "8 repetition game")
    eq(output_status(INITIAL_FEN, rep[:-1])[-14:], "outcome: none\n",
       "8 repetition: one move short is not over")
    # TR15: Gold's move makes (Gyros e3 and e5, Red to move) occur a third
    # time; no other position occurs three times before.
    eq(output_status(INITIAL_FEN, "Ge3 Ge4 Gc4 Ge5 Ge3 Ge4 Gc4 Ge5 Ge3".split()).split("\n")[2],
       "outcome: r repetition", "TR15 Gold's third occurrence: r repetition")
    eq(output_status(INITIAL_FEN, "Ge3 Ge4 Gc4 Ge5 Ge3 Ge4 Gc4 Ge5".split()).split("\n")[2],
       "outcome: none", "TR15 two occurrences are not a loss")
    # TR15: the start of a set-up position counts once; here Red moves first.
    eq(output_status(INITIAL_FEN.replace(" g ", " r "), "Ge4 Ge3 Ge5 Ge2 Ge4 Ge3 Ge5 Ge2".split()),
       "check: no\nlegal-moves: 9\noutcome: r repetition\n", "TR15 set-up start counts once")
    for moves in (rep + ["b3"], ["Ga3", "b4", "Gxc5", "b3"]):
        try:
            judge_record(INITIAL_FEN, moves)
            check(False, "6.5 a move after the end is refused", moves)
        except MoveError as e:
            check("after the end" in str(e), "6.5 a move after the end is refused", str(e))
    try:
        judge_record("k1K4/7/9/9/7/7 r 0 1", ["b6c6"])
        check(False, "6.5 no move in a finished set-up position")
    except MoveError:
        check(True, "")

    # 6.3: SAN disambiguation examples.
    m = _moves_of("6k/1D5/9/2D1D4/7/3K3 g 0 1")
    eq((m["c3d4"], m["c5d4"], m["e3d4"]), ("Dc3d4", "D5d4", "Ded4"), "6.3 Domes c3 c5 e3")
    m = _moves_of("k6/7/9/9/1S3S1/3K3 g 0 1")
    eq((m["c2e3"], m["g2e3"]), ("Sce3", "Sge3"), "6.3 Stags c2 g2")
    m = _moves_of("3k3/1P1P3/3P5/9/7/3K3 g 0 1")
    # The Red King on e6 is checked from d5; after cd5 it has no trig left.
    eq((m["d4d5"], m["c5d5"], m["e5d5"]), ("dd5+", "cd5#", "ed5+"),
       "6.3 Pawn non-capture disambiguation")
    m = _moves_of("1P3k1/P6/9/9/7/3K3 g 0 1")
    eq((m["b5b6d"], m["c6b6d"], m["c6d6s"], m["b5c5"]), ("bb6=D", "cb6=D", "d6=S+", "c5"),
       "6.3 bb6=D and cb6=D")
    m = _moves_of("5k1/P6/9/9/7/3K3 g 0 1")
    eq(sorted(m.items()), [("b5b6d", "b6=D"), ("b5b6g", "b6=G"), ("b5b6s", "b6=S"),
                           ("b5c5", "c5"), ("e1d1", "Kd1"), ("e1e2", "Ke2"), ("e1f1", "Kf1")],
       "6.2/6.3 promotion text and SAN")
    m = _moves_of("d4k1/1P5/9/9/7/3K3 g 0 1")
    eq(m.get("c5b6g"), "cxb6=G", "6.3 Pawn capture promotion")
    # TR20: a stalemating move has no suffix.  Red King b6, Gold King e6:
    # Kd6 takes c6, b6's only trig, from the Red King.
    m = _moves_of("k2K3/7/9/9/7/7 g 0 1")
    eq(m.get("e6d6"), "Kd6", "TR20 a stalemating move has no suffix")
    eq(output_status("k2K3/7/9/9/7/7 g 0 1", ["Kd6"]),
       "check: no\nlegal-moves: 0\noutcome: g stalemate\n", "TR20 Kd6 stalemates")

    # 6.2/6.3 reader: accepted and refused texts.
    def reads(fen, text):
        pos = Position.from_fen(fen)
        try:
            return move_text(parse_move(pos, text))
        except MoveError:
            return None
    doms = "6k/1D5/9/2D1D4/7/3K3 g 0 1"
    for fen, text, want in (
            (INITIAL_FEN, "b3", "b2b3"), (INITIAL_FEN, "b2b3", "b2b3"), (INITIAL_FEN, "bb3", "b2b3"),
            (INITIAL_FEN, "2b3", "b2b3"), (INITIAL_FEN, "b2b3+", None), (INITIAL_FEN, "Ge2e3", "e2e3"),
            (INITIAL_FEN, "Ge3", "e2e3"), (INITIAL_FEN, "Gee3", "e2e3"), (INITIAL_FEN, "G2e3", "e2e3"),
            (INITIAL_FEN, "Ge3+", None), (INITIAL_FEN, "Gxe3", None), (INITIAL_FEN, "Pb3", None),
            (INITIAL_FEN, "b4", None), (INITIAL_FEN, "Ke2", None), (INITIAL_FEN, "e1e2", None),
            (INITIAL_FEN, "b3=D", None), (INITIAL_FEN, "b2b3d", None), (INITIAL_FEN, "ge3", None),
            (INITIAL_FEN, "B3", None), (INITIAL_FEN, "0000", None), (INITIAL_FEN, "", None),
            (doms, "Dc3d4", "c3d4"), (doms, "D5d4", "c5d4"), (doms, "Dc5d4", "c5d4"),
            (doms, "Ded4", "e3d4"), (doms, "De3d4", "e3d4"), (doms, "D3d4", None),
            (doms, "Dcd4", None), (doms, "Dd4", None), (doms, "c3d4", "c3d4"),
            (doms, "Dc3d4+", None), (doms, "Dc6", "c5c6"), (doms, "Dc6+", None),
            (doms, "Dc6#", None), (doms, "Dxc6", None),
            ("5k1/P6/9/9/7/3K3 g 0 1", "b6=D", "b5b6d"), ("5k1/P6/9/9/7/3K3 g 0 1", "b6", None),
            ("5k1/P6/9/9/7/3K3 g 0 1", "b5b6", None), ("5k1/P6/9/9/7/3K3 g 0 1", "b5b6D", None),
            ("5k1/P6/9/9/7/3K3 g 0 1", "b5b6s", "b5b6s"), ("5k1/P6/9/9/7/3K3 g 0 1", "b6=K", None),
            ("5k1/P6/9/9/7/3K3 g 0 1", "b6=P", None), ("5k1/P6/9/9/7/3K3 g 0 1", "c5=D", None),
            ("5k1/P6/9/9/7/3K3 g 0 1", "b5c5g", None), ("5k1/P6/9/9/7/3K3 g 0 1", "b6=", None),
            ("5k1/P6/9/9/7/3K3 g 0 1", "bb6=G", "b5b6g"), ("5k1/P6/9/9/7/3K3 g 0 1", "b5b6=S", "b5b6s"),
            ("d4k1/1P5/9/9/7/3K3 g 0 1", "cxb6=G", "c5b6g"), ("d4k1/1P5/9/9/7/3K3 g 0 1", "xb6=G", None),
            ("d4k1/1P5/9/9/7/3K3 g 0 1", "b6=G", None), ("d4k1/1P5/9/9/7/3K3 g 0 1", "cb6=G", None),
            ("d4k1/1P5/9/9/7/3K3 g 0 1", "5xb6=G", None), ("d4k1/1P5/9/9/7/3K3 g 0 1", "c5xb6=G", "c5b6g"),
            ("d4k1/1P5/9/9/7/3K3 g 0 1", "c5b6g", "c5b6g"),
            ("3k3/1P1P3/3P5/9/7/3K3 g 0 1", "d5", None), ("3k3/1P1P3/3P5/9/7/3K3 g 0 1", "dd5", "d4d5"),
            ("3k3/1P1P3/3P5/9/7/3K3 g 0 1", "4d5", "d4d5"), ("3k3/1P1P3/3P5/9/7/3K3 g 0 1", "5d5", None),
            ("3k3/1P1P3/3P5/9/7/3K3 g 0 1", "c5d5", "c5d5"),
            ("k2K3/7/9/9/7/7 g 0 1", "Kd6", "e6d6"), ("k2K3/7/9/9/7/7 g 0 1", "Kd6+", None),
            ("k2K3/7/9/9/7/7 g 0 1", "Kd6#", None), ("k2K3/7/9/9/7/7 g 0 1", "Ke6d6", "e6d6"),
            ("k2K3/7/9/9/7/7 g 0 1", "K6d6", "e6d6"), ("k2K3/7/9/9/7/7 g 0 1", "e6d6", "e6d6")):
        eq(reads(fen, text), want, "6.3 reader %r in %s" % (text, fen))
    pos = make(init, parse_move(init, "Ga3"))
    pos = make(pos, parse_move(pos, "b4"))
    for text, want in (("Gxc5#", "a3c5"), ("Gxc5", "a3c5"), ("Gxc5+", None), ("Gc5", None),
                       ("Gaxc5", "a3c5"), ("G3xc5#", "a3c5"), ("Ga3xc5", "a3c5"), ("a3c5", "a3c5"),
                       ("a3c5g", None)):
        eq(reads(pos.fen(), text), want, "6.3 reader %r after 1. Ga3 b4" % text)

    # Symmetry: mirroring top to bottom (colours swapped) and left to right
    # mirrors the moves, the SAN and the status.
    fens = [INITIAL_FEN, "6k/1D5/9/2D1D4/7/3K3 g 0 1", "3k3/1P1P3/3P5/9/7/3K3 g 0 1",
            "d4k1/1P5/9/9/7/3K3 g 0 1"] + random_fens(5, 40)
    for fen in fens:
        for tb in (True, False):
            twin = _mirror_fen(fen, tb)
            want = sorted((_mirror_text(a, tb, True), _mirror_text(b, tb)) for a, b in _moves_of(fen).items())
            eq(sorted(_moves_of(twin).items()), want, "symmetry (%s) of moves of %s"
               % ("top-bottom" if tb else "left-right", fen))
            o1, c1, l1 = analyse(Position.from_fen(fen))
            o2, c2, l2 = analyse(Position.from_fen(twin))
            if tb:
                o1 = o1.translate(str.maketrans("gr", "rg"))
            eq((o2, c2, len(l2)), (o1, c1, len(l1)), "symmetry of status of %s" % fen)

    print("%d passed, %d failed" % (st.passed, st.failed))
    return 0 if st.failed == 0 else 1


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def main(argv):
    ap = argparse.ArgumentParser(prog="trigchess_ref.py")
    sub = ap.add_subparsers(dest="cmd", required=True)

    def add(name):
        p = sub.add_parser(name)
        p.add_argument("--variant", choices=["trigchess"], default="trigchess")
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
