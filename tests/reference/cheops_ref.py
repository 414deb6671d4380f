#!/usr/bin/env python3
# Copyright (C) 2026 Cheops Studio developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Independent reference implementation of the Laws of Cheops.

Written only from the Laws (seeds/000_95d6cfccbbfa3435.txt), RULINGS.md and
DESIGN.md sections 2 and 3, without reading the C rules core, so that the two
can be cross-checked (see crosscheck.py).  It is meant to be simple and
obviously correct, not fast.  Pure Python 3, standard library only.

Command line:
  cheops_ref.py perft [--fen FEN] [--divide] DEPTH
  cheops_ref.py moves [--fen FEN]
  cheops_ref.py status [--fen FEN]
  cheops_ref.py random-fens --seed S --count N
  cheops_ref.py selftest
"""

import argparse
import random
import sys
from collections import deque

# ---------------------------------------------------------------------------
# Geometry (Article 2, Article 3, RULINGS "Facts", DESIGN section 2)
# ---------------------------------------------------------------------------

COLS = "abcdefghijklmnopq"

# Cells in a fixed order: level 1 to 9, left to right.  Level l spans
# columns l-1 .. 17-l (2.3).
CELLS = []
for _l in range(1, 10):
    for _c in range(_l - 1, 18 - _l):
        CELLS.append((_c, _l))
NCELLS = len(CELLS)
INDEX = {cl: i for i, cl in enumerate(CELLS)}
COL = [c for c, _ in CELLS]
LEVEL = [l for _, l in CELLS]


def cell_name(i):
    c, l = CELLS[i]
    return COLS[c] + str(l)


NAME = [cell_name(i) for i in range(NCELLS)]
CELL_OF = {n: i for i, n in enumerate(NAME)}


def is_light(i):
    """A cell is light (points up) iff c + l is odd; a1 is light (2.4)."""
    c, l = CELLS[i]
    return (c + l) % 2 == 1


LIGHT = [is_light(i) for i in range(NCELLS)]


def vertices(i):
    """Vertices of the triangle of cell i, in units where a triangle is two
    units wide and one unit high (RULINGS Facts)."""
    c, l = CELLS[i]
    if LIGHT[i]:
        return frozenset([(c, l - 1), (c + 2, l - 1), (c + 1, l)])
    return frozenset([(c + 1, l - 1), (c, l), (c + 2, l)])


VERTS = [vertices(i) for i in range(NCELLS)]

# Step neighbours share a side, i.e. two vertices (3.1).
STEP = [sorted(j for j in range(NCELLS) if j != i and len(VERTS[i] & VERTS[j]) == 2)
        for i in range(NCELLS)]
# Point neighbours share exactly one vertex.  Those of the same colour are
# corner neighbours (3.3.1); the others are the cells "across a vertex".
POINT = [sorted(j for j in range(NCELLS) if j != i and len(VERTS[i] & VERTS[j]) == 1)
         for i in range(NCELLS)]
CORNER = [[j for j in POINT[i] if LIGHT[j] == LIGHT[i]] for i in range(NCELLS)]
ACROSS = [[j for j in POINT[i] if LIGHT[j] != LIGHT[i]] for i in range(NCELLS)]
KING_CELLS = [sorted(STEP[i] + CORNER[i]) for i in range(NCELLS)]

APEX = CELL_OF["i9"]
GATE = CELL_OF["i8"]
FLANKS = (CELL_OF["h8"], CELL_OF["j8"])


def _band_key(i, family):
    """The band of `family` (0: level, 1: x-y, 2: x+y) holding cell i.

    A band is the strip between two neighbouring grid lines of one family
    (3.2.1).  The grid lines are y = k, x - y = k and x + y = k; a cell's band
    is named by the smallest value the family's linear form takes on the
    cell's vertices."""
    forms = (lambda v: v[1], lambda v: v[0] - v[1], lambda v: v[0] + v[1])
    return (family, min(forms[family](v) for v in VERTS[i]))


def _centroid3(i):
    """Three times the centroid of cell i (integers)."""
    sx = sum(v[0] for v in VERTS[i])
    sy = sum(v[1] for v in VERTS[i])
    return (sx, sy)


def _build_bands():
    bands = {}
    for i in range(NCELLS):
        for fam in range(3):
            bands.setdefault(_band_key(i, fam), []).append(i)
    for key, cells in bands.items():
        if key[0] == 0:
            cells.sort(key=lambda i: _centroid3(i)[0])
        else:
            cells.sort(key=lambda i: _centroid3(i)[1])
        # A band is a contiguous strip: consecutive cells share a side and
        # alternate colour (3.2.1).
        for a, b in zip(cells, cells[1:]):
            assert b in STEP[a], (NAME[a], NAME[b])
            assert LIGHT[a] != LIGHT[b]
    return bands


BANDS = _build_bands()


def _rays_of_lines(lines):
    """For each cell, the rays (lists of cells, nearest first) along the given
    lines (each a list of cells in order) that pass through it."""
    rays = [[] for _ in range(NCELLS)]
    for line in lines:
        for k, i in enumerate(line):
            fwd = line[k + 1:]
            back = line[:k][::-1]
            if fwd:
                rays[i].append(fwd)
            if back:
                rays[i].append(back)
    return rays


# Queen: three bands through every cell, six rays (3.2, 4.3).
BAND_RAYS = _rays_of_lines(list(BANDS.values()))
# Swordmaster: its level and its column (3.4, 4.4.1).
LEVEL_LINES = [cells for key, cells in BANDS.items() if key[0] == 0]
COLUMN_LINES = []
for _c in range(17):
    COLUMN_LINES.append(sorted((i for i in range(NCELLS) if COL[i] == _c),
                               key=lambda i: LEVEL[i]))
SWORD_RAYS = _rays_of_lines(LEVEL_LINES + COLUMN_LINES)


def _build_corner_rays():
    """Corner lines (3.3): from a cell, repeat the offset to one of its corner
    neighbours; every cell reached is a corner neighbour of the previous one
    and of the same colour (3.3.2)."""
    rays = []
    for i in range(NCELLS):
        mine = []
        for j in CORNER[i]:
            dc = COL[j] - COL[i]
            dl = LEVEL[j] - LEVEL[i]
            ray = [j]
            while True:
                nxt = INDEX.get((COL[ray[-1]] + dc, LEVEL[ray[-1]] + dl))
                if nxt is None:
                    break
                assert nxt in CORNER[ray[-1]]
                assert LIGHT[nxt] == LIGHT[i]
                ray.append(nxt)
            mine.append(ray)
        rays.append(mine)
    return rays


CORNER_RAYS = _build_corner_rays()


def _bfs(src):
    dist = [None] * NCELLS
    dist[src] = 0
    queue = deque([src])
    while queue:
        a = queue.popleft()
        for b in STEP[a]:
            if dist[b] is None:
                dist[b] = dist[a] + 1
                queue.append(b)
    return dist


STEP_DIST = [_bfs(i) for i in range(NCELLS)]
# Leap: every cell at shortest step distance exactly three (3.5.1, R1).
LEAP = [[j for j in range(NCELLS) if STEP_DIST[i][j] == 3] for i in range(NCELLS)]


def _between_table(rays_of):
    """(from, to) -> tuple of cells strictly between, for every `to` on a
    ray of `from`.  Raises if a pair lies on two rays with different
    in-between cells."""
    table = {}
    for f in range(NCELLS):
        for ray in rays_of[f]:
            for k, t in enumerate(ray):
                btw = tuple(ray[:k])
                if (f, t) in table:
                    assert table[(f, t)] == btw
                table[(f, t)] = btw
    return table


BAND_BETWEEN = _between_table(BAND_RAYS)
SWORD_BETWEEN = _between_table(SWORD_RAYS)
CORNER_BETWEEN = _between_table(CORNER_RAYS)


def _pawn_threats(side):
    """Cells a Pawn threatens (4.7.2, R6): the two own-colour cells one level
    up, (c-1, l+1) and (c+1, l+1), and the own-colour cell two columns along
    its level toward the opponent's corner: +2 for the a side, -2 for q."""
    d = 2 if side == "a" else -2
    out = []
    for i in range(NCELLS):
        c, l = CELLS[i]
        cand = [(c - 1, l + 1), (c + 1, l + 1), (c + d, l)]
        cells = [INDEX[x] for x in cand if x in INDEX]
        for j in cells:
            assert LIGHT[j] == LIGHT[i]
        out.append(cells)
    return out


PAWN_THREATS = {"a": _pawn_threats("a"), "q": _pawn_threats("q")}

# ---------------------------------------------------------------------------
# Position (DESIGN section 3)
# ---------------------------------------------------------------------------

EMPTY = "."
INITIAL_FEN = "1/3/5/7/9/P9p/APP7ppa/MSQPP5ppqsm/AKMSAPP3ppasmka a 0 1"


class FenError(Exception):
    pass


def owner(p):
    return "a" if p.isupper() else "q"


def other(side):
    return "q" if side == "a" else "a"


class Position:
    __slots__ = ("board", "side", "half", "full")

    def __init__(self, board, side, half=0, full=1):
        self.board = board
        self.side = side
        self.half = half
        self.full = full

    @staticmethod
    def from_fen(fen):
        parts = fen.split()
        if len(parts) != 4:
            raise FenError("FEN needs 4 fields: levels side halfmove fullmove")
        levels = parts[0].split("/")
        if len(levels) != 9:
            raise FenError("FEN needs 9 levels")
        board = [EMPTY] * NCELLS
        for k, text in enumerate(levels):
            l = 9 - k
            cols = list(range(l - 1, 18 - l))
            pos = 0
            n = 0
            num = ""
            for ch in text + "$":
                if ch.isdigit():
                    num += ch
                    continue
                if num:
                    if num.startswith("0"):
                        raise FenError("bad run length on level %d" % l)
                    pos += int(num)
                    num = ""
                if ch == "$":
                    break
                if ch not in "KQMSAPkqmsap":
                    raise FenError("unknown letter %r on level %d" % (ch, l))
                if pos >= len(cols):
                    raise FenError("too many cells on level %d" % l)
                board[INDEX[(cols[pos], l)]] = ch
                pos += 1
                n += 1
            if pos != len(cols):
                raise FenError("level %d has %d cells, needs %d" % (l, pos, len(cols)))
        if board.count("K") != 1 or board.count("k") != 1:
            raise FenError("need exactly one King a side")
        if board[APEX] not in (EMPTY, "Q", "q"):
            raise FenError("only a Queen may stand on the Apex")
        for i in range(NCELLS):
            if board[i] in "Ss" and LIGHT[i]:
                raise FenError("Sister on a light cell")
        if parts[1] not in ("a", "q"):
            raise FenError("bad side")
        try:
            half = int(parts[2])
            full = int(parts[3])
        except ValueError:
            raise FenError("bad counters")
        if half < 0 or full < 1:
            raise FenError("bad counters")
        return Position(board, parts[1], half, full)

    def fen(self):
        out = []
        for l in range(9, 0, -1):
            s = ""
            run = 0
            for c in range(l - 1, 18 - l):
                p = self.board[INDEX[(c, l)]]
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

    def king(self, side):
        return self.board.index("K" if side == "a" else "k")


# ---------------------------------------------------------------------------
# Moves, attacks, legality
# ---------------------------------------------------------------------------

def is_enemy(p, side):
    return p != EMPTY and owner(p) != side


def pseudo_moves(board, side):
    """Every move obeying the pieces' movement (Article 4), capture and
    blocking (3.6) and Article 5, ignoring King safety.  No move lands on a
    King (4.2.1, R3).  A move is a (from, to) pair of cell indices."""
    moves = set()
    for f in range(NCELLS):
        p = board[f]
        if p == EMPTY or owner(p) != side:
            continue
        kind = p.upper()

        def can_land(t):
            q = board[t]
            if q == EMPTY:
                return True
            return owner(q) != side and q.upper() != "K"

        if kind == "K":
            # One cell by step or corner (4.2.1); never onto the Apex (5.2).
            for t in KING_CELLS[f]:
                if t != APEX and can_land(t):
                    moves.add((f, t))
        elif kind in "QMS":
            rays = {"Q": BAND_RAYS, "M": SWORD_RAYS, "S": CORNER_RAYS}[kind][f]
            for ray in rays:
                for t in ray:
                    q = board[t]
                    if t == APEX:
                        # 5.1/5.2: a Queen may end there (empty, or taking
                        # the enemy Queen); a Swordmaster only to collapse
                        # with an enemy Queen (R7); a Sister never.
                        if kind == "Q" and can_land(t):
                            moves.add((f, t))
                        elif kind == "M" and q != EMPTY and owner(q) != side:
                            moves.add((f, t))
                        if q != EMPTY:
                            break
                        continue
                    if q == EMPTY:
                        moves.add((f, t))
                        continue
                    if can_land(t):
                        moves.add((f, t))
                    break  # 3.6.3: the first piece blocks
        elif kind == "A":
            for t in LEAP[f]:
                q = board[t]
                if t == APEX:
                    # Collapse only with an enemy Queen there (5.2, R7).
                    if q != EMPTY and owner(q) != side:
                        moves.add((f, t))
                    continue
                if can_land(t):
                    moves.add((f, t))
        elif kind == "P":
            # 4.7.1, R6: to an empty step/corner cell, never lower.
            for t in KING_CELLS[f]:
                if LEVEL[t] < LEVEL[f] or board[t] != EMPTY:
                    continue
                if t == APEX and f != GATE:
                    continue  # 5.3, 5.4
                moves.add((f, t))
            # 4.7.2: captures only on the threatened cells.  From a flank
            # onto the Apex this takes the Queen there (5.4).
            for t in PAWN_THREATS[side][f]:
                q = board[t]
                if q != EMPTY and owner(q) != side and q.upper() != "K":
                    moves.add((f, t))
    return sorted(moves)


def attacks(board, f, t):
    """Whether the piece on f attacks cell t (3.6.5, R2)."""
    p = board[f]
    kind = p.upper()
    side = owner(p)
    if kind == "K":
        return t != APEX and t in KING_CELLS[f]
    if kind == "P":
        return t in PAWN_THREATS[side][f]
    if kind == "A":
        if t not in LEAP[f]:
            return False
        if t == APEX:
            return is_enemy(board[t], side)
        return True
    table = {"Q": BAND_BETWEEN, "M": SWORD_BETWEEN, "S": CORNER_BETWEEN}[kind]
    btw = table.get((f, t))
    if btw is None:
        return False
    if any(board[x] != EMPTY for x in btw):
        return False
    if t == APEX:
        if kind == "S":
            return False
        if kind == "M":
            return is_enemy(board[t], side)
    return True


def attacked(board, t, by_side):
    for f in range(NCELLS):
        p = board[f]
        if p != EMPTY and owner(p) == by_side and attacks(board, f, t):
            return True
    return False


def in_check(board, side):
    return attacked(board, board.index("K" if side == "a" else "k"), other(side))


def make(pos, m):
    f, t = m
    b = list(pos.board)
    p = b[f]
    captured = b[t]
    b[f] = EMPTY
    kind = p.upper()
    if t == APEX and kind in "MA":
        b[t] = EMPTY  # collapse (5.2, R7)
    elif t == APEX and kind == "P":
        b[t] = "Q" if owner(p) == "a" else "q"  # promotion (4.7.3)
    else:
        b[t] = p
    half = pos.half + 1
    if captured != EMPTY or (kind == "P" and LEVEL[t] > LEVEL[f]):
        half = 0  # R8
    full = pos.full + (1 if pos.side == "q" else 0)
    return Position(b, other(pos.side), half, full)


def legal_moves(pos):
    """Moves legal under 4.2.2 and 4.2.3: own King not attacked after."""
    out = []
    for m in pseudo_moves(pos.board, pos.side):
        child = make(pos, m)
        if not in_check(child.board, pos.side):
            out.append(m)
    return out


def checklock_moves(pos):
    """Moves allowed in checklock (4.2.6, R4): no King move, no Queen or
    Pawn onto the Apex, and the opponent's King not attacked after."""
    out = []
    opp = other(pos.side)
    for m in pseudo_moves(pos.board, pos.side):
        f, t = m
        kind = pos.board[f].upper()
        if kind == "K":
            continue
        if t == APEX and kind in "QP":
            continue
        child = make(pos, m)
        if in_check(child.board, opp):
            continue
        out.append(m)
    return out


def is_ascension(pos):
    """R5: the side not to move has a Queen on the Apex and the side to
    move's King is attacked."""
    q = pos.board[APEX]
    return q != EMPTY and owner(q) != pos.side and in_check(pos.board, pos.side)


def no_queen_no_pawn(pos):
    return not any(p in "QPqp" for p in pos.board)


def analyse(pos):
    """Returns (outcome, check, checklock, playable moves) per R4 and R5."""
    check = in_check(pos.board, pos.side)
    legal = legal_moves(pos)
    lock = check and not legal
    if is_ascension(pos):
        return ("%s ascension" % other(pos.side), check, lock, [])
    if no_queen_no_pawn(pos):
        return ("draw no-queen-no-pawn", check, lock, [])
    if legal:
        return ("none", check, lock, legal)
    if check:
        cl = checklock_moves(pos)
        if cl:
            return ("none", check, lock, cl)
    return ("draw no-legal-move", check, lock, [])


def playable_moves(pos):
    return analyse(pos)[3]


def move_text(m):
    return NAME[m[0]] + NAME[m[1]]


# ---------------------------------------------------------------------------
# Record notation (Appendix A, R10)
# ---------------------------------------------------------------------------

def _disambiguation(f, others):
    """A.3, R10: column if unique among the pieces that could reach the
    cell, else level if unique, else both."""
    if not others:
        return ""
    if all(COL[g] != COL[f] for g in others):
        return COLS[COL[f]]
    if all(LEVEL[g] != LEVEL[f] for g in others):
        return str(LEVEL[f])
    return NAME[f]


def san(pos, m, playable):
    f, t = m
    b = pos.board
    p = b[f]
    kind = p.upper()
    capture = b[t] != EMPTY
    if kind == "P":
        if capture:
            s = COLS[COL[f]] + "x" + NAME[t]
        else:
            others = [g for (g, u) in playable if u == t and g != f and b[g].upper() == "P"]
            s = _disambiguation(f, others) + NAME[t]
        if t == APEX:
            s += "=Q"
    else:
        others = [g for (g, u) in playable if u == t and g != f and b[g] == p]
        mark = ""
        if capture:
            mark = "xx" if (t == APEX and kind in "MA") else "x"
        s = kind + _disambiguation(f, others) + mark + NAME[t]
    child = make(pos, m)
    if is_ascension(child):
        s += "#"
    elif in_check(child.board, child.side):
        s += "++" if not legal_moves(child) else "+"
    return s


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(pos, depth):
    if depth == 0:
        return 1
    moves = playable_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make(pos, m), depth - 1) for m in moves)


def divide(pos, depth):
    out = []
    if depth == 0:
        return out, 1
    total = 0
    for m in playable_moves(pos):
        n = perft(make(pos, m), depth - 1)
        out.append((move_text(m), n))
        total += n
    out.sort()
    return out, total


# ---------------------------------------------------------------------------
# Random positions
# ---------------------------------------------------------------------------

def _random_game(rng, plies, bias):
    """Random playable moves from the initial position.  bias: 'none',
    'capture' (prefer captures and checks) or 'up' (prefer moves upward)."""
    pos = Position.from_fen(INITIAL_FEN)
    if rng.random() < 0.3:
        pos.side = "q"  # A.4: either side may start
    history = [pos]
    for _ in range(plies):
        moves = playable_moves(pos)
        if not moves:
            break
        m = _pick(rng, pos, moves, bias)
        pos = make(pos, m)
        history.append(pos)
    return pos, history


def _pick(rng, pos, moves, bias):
    if bias == "capture" and rng.random() < 0.7:
        caps = [m for m in moves if pos.board[m[1]] != EMPTY]
        if caps:
            return rng.choice(caps)
        checks = [m for m in moves if in_check(make(pos, m).board, other(pos.side))]
        if checks and rng.random() < 0.5:
            return rng.choice(checks)
    if bias == "up" and rng.random() < 0.7:
        best = max(LEVEL[m[1]] - LEVEL[m[0]] for m in moves)
        if best > 0:
            ups = [m for m in moves if LEVEL[m[1]] - LEVEL[m[0]] == best]
            # Prefer reaching the top of the board.
            top = max(LEVEL[m[1]] for m in ups)
            ups2 = [m for m in moves if LEVEL[m[1]] == top] if rng.random() < 0.5 else ups
            return rng.choice(ups2)
    return rng.choice(moves)


def _random_sparse(rng):
    """A random legal-looking position with few pieces, many near the Apex:
    Queens on the Apex, Pawns on the Gate and flanks, collapsers in range."""
    while True:
        board = [EMPTY] * NCELLS
        free = list(range(NCELLS))

        def put(piece, cells):
            cells = [c for c in cells if board[c] == EMPTY]
            if piece in "Ss":
                cells = [c for c in cells if not LIGHT[c]]
            if piece not in "Qq":
                cells = [c for c in cells if c != APEX]
            if not cells:
                return None
            c = rng.choice(cells)
            board[c] = piece
            return c

        high = [i for i in range(NCELLS) if LEVEL[i] >= 5]
        put("K", free)
        put("k", free)
        if rng.random() < 0.5:
            board[APEX] = rng.choice("Qq")
        for _ in range(rng.randint(0, 3)):
            put(rng.choice("Pp"), [GATE, FLANKS[0], FLANKS[1]] + high)
        for _ in range(rng.randint(1, 6)):
            piece = rng.choice("QMSAPqmsap")
            put(piece, high if rng.random() < 0.6 else free)
        pos = Position(board, rng.choice("aq"), rng.randint(0, 20), rng.randint(1, 60))
        # The side not to move may be in check only when it is entombed or
        # has just lost to an Ascension; keep most positions plain.
        if in_check(board, other(pos.side)) and rng.random() < 0.85:
            continue
        return pos


EDGE_CELLS = [i for i in range(NCELLS)
              if i != APEX and (len(STEP[i]) < 3 or len(CORNER[i]) < 6)]


def _free(board, piece, cells):
    return [c for c in cells
            if board[c] == EMPTY and c != APEX and not (piece in "Ss" and LIGHT[c])]


def _cased(piece, side):
    return piece.upper() if side == "a" else piece.lower()


def _random_checklock(rng):
    """Rejection sampling of positions where the side to move is in
    checklock: its King on an edge cell with enemy pieces near it."""
    last = None
    for _ in range(500):
        board = [EMPTY] * NCELLS
        side = rng.choice("aq")
        opp = other(side)
        kc = rng.choice(EDGE_CELLS)
        board[kc] = _cased("K", side)
        near = [j for j in range(NCELLS) if 1 <= STEP_DIST[kc][j] <= 4]
        for _ in range(rng.randint(2, 5)):
            piece = _cased(rng.choice("QMSAP"), opp)
            cells = _free(board, piece, near)
            if cells:
                board[rng.choice(cells)] = piece
        far = [c for c in _free(board, "K", range(NCELLS)) if STEP_DIST[kc][c] >= 3]
        board[rng.choice(far)] = _cased("K", opp)
        for _ in range(rng.randint(1, 3)):
            piece = _cased(rng.choice("QMSAP"), side)
            board[rng.choice(_free(board, piece, range(NCELLS)))] = piece
        pos = Position(board, side, rng.randint(0, 30), rng.randint(1, 80))
        if in_check(board, opp):
            continue
        last = pos
        if analyse(pos)[2]:
            return pos
    return last


def _random_collapse(rng):
    """An enemy Queen on the Apex and Swordmasters or Assassins of the side
    to move that may reach it (5.2, R7), plus Pawns near the Apex."""
    while True:
        board = [EMPTY] * NCELLS
        side = rng.choice("aq")
        opp = other(side)
        board[APEX] = _cased("Q", opp)
        spine = [i for i in range(NCELLS) if COL[i] == 8 and i != APEX]
        for _ in range(rng.randint(1, 2)):
            kind = rng.choice("MA")
            cells = spine if kind == "M" else [CELL_OF["h7"], CELL_OF["j7"]]
            cells = _free(board, kind, cells)
            if cells:
                board[rng.choice(cells)] = _cased(kind, side)
        for _ in range(rng.randint(0, 2)):
            piece = rng.choice("PpQq")
            cells = _free(board, piece, [GATE, FLANKS[0], FLANKS[1]] +
                          [i for i in range(NCELLS) if LEVEL[i] >= 6])
            if cells:
                board[rng.choice(cells)] = piece
        for k in "Kk":
            board[rng.choice(_free(board, k, range(NCELLS)))] = k
        for _ in range(rng.randint(0, 4)):
            piece = rng.choice("QMSAPqmsap")
            board[rng.choice(_free(board, piece, range(NCELLS)))] = piece
        pos = Position(board, side, rng.randint(0, 30), rng.randint(1, 80))
        if in_check(board, opp):
            continue
        return pos


def random_fens(seed, count):
    """count FENs of positions reached by random playable moves from the
    initial position (either side first), and of constructed positions
    around the Apex and checklock, some followed by a few random moves."""
    rng = random.Random(seed)
    out = []
    # Every FEN produced must be valid (R9).
    kinds = ["game", "game-capture", "game-up", "sparse", "sparse-walk",
             "checklock", "checklock-walk", "collapse"]
    weights = [25, 20, 15, 10, 8, 8, 6, 8]
    while len(out) < count:
        kind = rng.choices(kinds, weights)[0]
        if kind.startswith("game"):
            bias = {"game": "none", "game-capture": "capture", "game-up": "up"}[kind]
            pos, _ = _random_game(rng, rng.randint(0, 120), bias)
        else:
            if kind.startswith("sparse"):
                pos = _random_sparse(rng)
            elif kind.startswith("checklock"):
                pos = _random_checklock(rng)
            else:
                pos = _random_collapse(rng)
            if kind.endswith("-walk"):
                for _ in range(rng.randint(1, 6)):
                    moves = playable_moves(pos)
                    if not moves:
                        break
                    pos = make(pos, _pick(rng, pos, moves, "capture"))
        fen = pos.fen()
        Position.from_fen(fen)
        out.append(fen)
    return out


# ---------------------------------------------------------------------------
# Self-test of the geometry against the examples printed in the Laws
# ---------------------------------------------------------------------------

def selftest():
    n_light = sum(LIGHT)
    assert n_light == 45 and NCELLS - n_light == 36, "2.4"
    assert LIGHT[CELL_OF["a1"]]
    assert STEP[APEX] == [GATE], "2.5"
    assert sorted(POINT[APEX]) == sorted(FLANKS), "2.5"
    # 3.1.2/3.1.3: light cells: left, right, below; dark: left, right, above.
    for i in range(NCELLS):
        c, l = CELLS[i]
        want = {(c - 1, l), (c + 1, l), (c, l - 1) if LIGHT[i] else (c, l + 1)}
        assert set(STEP[i]) == {INDEX[x] for x in want if x in INDEX}, NAME[i]
        for j in STEP[i]:
            assert LIGHT[j] != LIGHT[i]

    def line_in(cells, rays):
        ids = [CELL_OF[n] for n in cells]
        return any(r[:len(ids) - 1] == ids[1:] for r in rays[ids[0]])

    # 3.2.2 examples.
    assert line_in("i3 j3 j4 k4 k5".split(), BAND_RAYS)
    assert line_in("a1 b1 b2 c2 c3".split(), BAND_RAYS)
    # 3.3.1 examples.
    assert line_in("i3 k3 m3 o3".split(), CORNER_RAYS)
    assert line_in("i3 j4 k5 l6".split(), CORNER_RAYS)
    assert line_in("i3 h4 g5 f6".split(), CORNER_RAYS)
    # 3.4.1 example and spine.
    assert line_in("e1 e2 e3 e4 e5".split(), SWORD_RAYS)
    assert [NAME[i] for i in COLUMN_LINES[8]] == ["i%d" % k for k in range(1, 10)]
    assert len(COLUMN_LINES[0]) == 1 and len(COLUMN_LINES[16]) == 1
    for i in range(NCELLS):
        assert len(BAND_RAYS[i]) <= 6 and len(CORNER_RAYS[i]) <= 6
        assert len(KING_CELLS[i]) <= 9
        # 3.5.1: up to nine cells, all of the opposite colour.
        assert len(LEAP[i]) <= 9
        for j in LEAP[i]:
            assert LIGHT[j] != LIGHT[i]
            assert i in LEAP[j]
    # R1: nine leap cells in the open board, including the cells across the
    # vertices (g2, i4, k2 for i3).
    i3 = CELL_OF["i3"]
    assert len(LEAP[i3]) == 9
    assert {CELL_OF[n] for n in ("g2", "i4", "k2")} == set(ACROSS[i3])
    assert set(ACROSS[i3]) <= set(LEAP[i3])
    # Initial position round trip.
    assert Position.from_fen(INITIAL_FEN).fen() == INITIAL_FEN
    # 6.2: the board is symmetrical about the spine.  Mirroring a position
    # and swapping the sides must mirror its moves, SAN and outcome.
    import os
    here = os.path.dirname(os.path.abspath(__file__))
    fens = [INITIAL_FEN]
    with open(os.path.join(here, "positions.txt")) as f:
        fens += [l.split("#")[0].strip() for l in f if l.strip() and not l.startswith("#")]
    fens += random_fens(7, 40)
    mir = [INDEX[(16 - c, l)] for c, l in CELLS]
    flip = str.maketrans("abcdefghijklmnopq", "qponmlkjihgfedcba")
    for fen in fens:
        pos = Position.from_fen(fen)
        board = [EMPTY] * NCELLS
        for i, p in enumerate(pos.board):
            board[mir[i]] = p.swapcase()
        twin = Position(board, other(pos.side), pos.half, pos.full)
        o1, c1, l1, m1 = analyse(pos)
        o2, c2, l2, m2 = analyse(twin)
        assert (c1, l1) == (c2, l2), fen
        assert o1.replace("a ", "A ").replace("q ", "a ").replace("A ", "q ") == o2, fen
        want = sorted((move_text((mir[f], mir[t])), san(pos, (f, t), m1).translate(flip))
                      for f, t in m1)
        got = sorted((move_text(m), san(twin, m, m2)) for m in m2)
        assert want == got, fen
    print("selftest ok")


# ---------------------------------------------------------------------------
# Command line
# ---------------------------------------------------------------------------

def output_perft(fen, depth, with_divide):
    """Text of `perft [--fen FEN] [--divide] DEPTH`."""
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
    moves = playable_moves(pos)
    return "".join("%s\t%s\n" % (move_text(m), san(pos, m, moves))
                   for m in sorted(moves, key=move_text))


def output_status(fen):
    """Text of `status [--fen FEN]`."""
    outcome, check, lock, moves = analyse(Position.from_fen(fen))
    return ("check: %s\nchecklock: %s\nlegal-moves: %d\noutcome: %s\n"
            % ("yes" if check else "no", "yes" if lock else "no", len(moves), outcome))


def main(argv):
    ap = argparse.ArgumentParser(prog="cheops_ref.py")
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("--fen", default=INITIAL_FEN)
    p.add_argument("--divide", action="store_true")
    p.add_argument("depth", type=int)
    p = sub.add_parser("moves")
    p.add_argument("--fen", default=INITIAL_FEN)
    p = sub.add_parser("status")
    p.add_argument("--fen", default=INITIAL_FEN)
    p = sub.add_parser("random-fens")
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--count", type=int, required=True)
    sub.add_parser("selftest")
    args = ap.parse_args(argv)

    try:
        if args.cmd == "perft":
            sys.stdout.write(output_perft(args.fen, args.depth, args.divide))
        elif args.cmd == "moves":
            sys.stdout.write(output_moves(args.fen))
        elif args.cmd == "status":
            sys.stdout.write(output_status(args.fen))
        elif args.cmd == "random-fens":
            for fen in random_fens(args.seed, args.count):
                print(fen)
        elif args.cmd == "selftest":
            selftest()
    except FenError as e:
        print("error: bad FEN: %s" % e, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
