#!/usr/bin/env python3
# Copyright (C) 2026 Cheops Studio developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Cross-check a command-line tool's Cypher chess against the independent
Python reference implementation (cypher_ref.py).

  cypher_crosscheck.py TOOL [--slow] [--seed S] [--count N] [--all]


TOOL is the path of the tool; it must answer
  TOOL perft --variant cypher [--fen FEN] [--divide] DEPTH
  TOOL moves --variant cypher [--fen FEN]
  TOOL status --variant cypher [--fen FEN] [MOVE...]
with the output formats of cypher_ref.py, and refuse a bad FEN or a bad
move with exit status 2 and exactly one line on stderr.  If the tool does
not know the variant at all (`status --variant cypher` of the initial
position fails), the script says so and exits 77 (meson: skipped).

Checks, each counted as one test:
  - initial position (no --fen): perft --divide 1, 2, 3 (4 with --slow),
    perft 3, `moves` and `status`;
  - every FEN of cypher_ref.INVALID_FENS (F1-F15, several each) is refused
    by the reference with that rule and by the tool (exit 2, one line);
  - for every FEN of cypher_positions.txt (the spec's positions, hand-made
    ones and 40 positions from random play) and N random FENs made at run
    time (random play from the initial position, seed S; default none, 100
    with --slow): `moves` (exact: machine text and SAN), `status`, and
    `perft --divide 2` (3 for the positions of PERFT3, and for all of
    cypher_positions.txt with --slow);
  - the FEN after a move, both ways: for two moves of each position (a
    compound move, drop, capture, win or marking move first, then a random
    one), the tool's `status FEN MOVE` (its own make-move: hands, counters,
    mark) against the reference's, and the tool's `moves` and `status` of
    the FEN the reference writes after the move (the round trip through the
    writer); the move is given in machine text and in SAN;
  - the game records of RECORDS through `status` with moves: repetition,
    moves after the end, move texts 6.2/6.3 accepted or refused;
  - for the random positions, SAN made wrong (6.3) must be refused.
A perft mismatch is followed down the tree to the first position whose
`moves` differ.  Ends with `N passed, N failed`; exits 1 on any failure.

KNOWN lists the cases the C core is known to get wrong (each names the
disagreement); they are left out unless --all is given.
"""

import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cypher_ref as ref  # noqa: E402
from crosscheck_common import Checker  # noqa: E402

VARIANT = ["--variant", "cypher"]
SKIP = 77

# Positions (names from cypher_positions.txt) checked to perft 3 by default.
PERFT3 = ["drops", "collusion 8", "retake window", "border spy 8"]

# Known disagreements with the C core, left out of the default run (--all
# runs them): name of the check -> the disagreement (FEN, move, spec section,
# which side is right).
KNOWN = {}



def child_fen(fen, mv):
    """The reference's FEN after the move text mv (explains a perft mismatch)."""
    pos = ref.Position.from_fen(fen)
    moves = {ref.move_text(m): m for m in ref.legal_moves(pos)}
    return ref.make(pos, moves[mv]).fen()


def reference_outputs(fen):
    """(moves text, status text, perft --divide 2 text, [(move, SAN, child)])
    of the reference, computed in one pass over the children."""
    pos = ref.Position.from_fen(fen)
    outcome, check, legal = ref.analyse(pos)
    rows = []
    for m in legal:
        child = ref.make(pos, m)
        c_out, c_chk, c_legal = ref.analyse(child)
        if c_out in ("%s flip" % pos.side, "%s checkmate" % pos.side):
            suf = "#"
        else:
            suf = "+" if c_chk else ""
        san = ref.san_body(pos, m, legal) + suf
        rows.append((ref.move_text(m), san, child, len(c_legal)))
    rows.sort(key=lambda r: r[0])
    moves = "".join("%s\t%s\n" % (t, s) for t, s, _, _ in rows)
    status = ref.format_status(outcome, check, len(legal))
    divide = "".join("%s: %d\n" % (t, n) for t, _, _, n in rows)
    divide += "Nodes searched: %d\n" % sum(n for _, _, _, n in rows)
    return moves, status, divide, [(t, s, c) for t, s, c, _ in rows]


INITIAL = ref.INITIAL_FEN
REP = "Sc0 Sc10 Sd0 Sd10 Sc0 Sc10 Sd0 Sd10".split()
ERROR = "error"


def records():
    """Game records for `status [--fen FEN] MOVE...`: (name, FEN or None,
    moves, expected output or ERROR or None for the reference's).  The
    expected outputs come from the spec (CY23, 4.10, 6.2, 6.3)."""
    h = ref._hand
    fc, ed, ck = h("four checks"), h("embedding draw"), h("compound knights")
    b = h("border rook captures field knight")
    kf = ref.WORKED[2][1]
    dz = h("disambiguation")
    return [
        ("repetition (CY23)", None, REP, "check: no\nlegal-moves: 0\noutcome: draw repetition\n"),
        ("repetition, FEN given", INITIAL, REP, "check: no\nlegal-moves: 0\noutcome: draw repetition\n"),
        # Black to move, its Spy on c10: the King may go to e9 too (36).
        ("repetition one move short", None, REP[:-1], "check: no\nlegal-moves: 36\noutcome: none\n"),
        ("repetition in move text", None, "d0c0 d10c10 c0d0 c10d10 d0c0 d10c10 c0d0 c10d10".split(),
         "check: no\nlegal-moves: 0\noutcome: draw repetition\n"),
        ("move after repetition", None, REP + ["e4"], ERROR),
        ("four checks", fc, ["Rz8+"], "check: yes\nlegal-moves: 0\noutcome: draw four-checks\n"),
        ("move after four checks", fc, ["Rz8", "Kd7"], ERROR),
        ("embedding draw", ed, ["d9"], "check: no\nlegal-moves: 0\noutcome: draw embedding\n"),
        ("move after the embedding draw", ed, ["d9", "Kc10"], ERROR),
        ("King flip", kf, ["Kf4#"], "check: no\nlegal-moves: 0\noutcome: w flip\n"),
        ("King flip without #", kf, ["Kf4"], "check: no\nlegal-moves: 0\noutcome: w flip\n"),
        ("King flip with +", kf, ["Kf4+"], ERROR),
        ("move after a flip", kf, ["Kf4", "Kh9"], ERROR),
        ("capture", b, ["Rxc8"], None),
        ("capture without x", b, ["Rc8"], None),
        ("capture, redundant from-cell", b, ["Rc5xc8"], None),
        ("x on a non-capture", b, ["Rxc7"], ERROR),
        ("+ on a non-check", b, ["Rc7+"], ERROR),
        ("re-take", b, ["Rxc8", "Bxc8"], None),
        ("window closed", b, ["Rxc8", "Be8", "Rc7", "Bd9"], None),
        ("compound SAN", ck, ["Sd1,Nab0"], None),
        ("compound machine text", ck, ["d0d1,a2b0"], None),
        ("compound, full from-cell", ck, ["Sd1,Na2b0"], None),
        ("compound ambiguous", ck, ["Sd1,Nb0"], ERROR),
        ("compound with x", ck, ["Sd1,Nxab0"], ERROR),
        ("Court entry without the Spy", ck, ["Nab0"], ERROR),
        ("Spy flip with #", ck, ["Si5#"], "check: no\nlegal-moves: 0\noutcome: w flip\n"),
        ("ambiguous rook", dz, ["Re3"], ERROR),
        ("rook by column", dz, ["Rce3"], None),
        ("rook by column and row", dz, ["Rc3e3"], None),
        ("drop", ref.DROP_FEN, ["P@a5"], None),
        ("drop, lower case", ref.DROP_FEN, ["p@a5"], None),
        ("drop giving check", ref.DROP_FEN, ["P@d5"], ERROR),
        ("drop on an occupied cell", ref.DROP_FEN, ["P@c5"], ERROR),
        ("promotion suffix", None, ["e3e4q"], ERROR),
        ("not a move", None, ["Zz9"], ERROR),
        ("a Black move for White", None, ["e6"], ERROR),
        ("King next to its Spy", None, ["Kd1"], ERROR),
        ("Court entry", None, ["Na0"], ERROR),
        ("pawn double step", None, ["e5", "e5"], ERROR),
        ("first moves", None, ["e5", "d6", "Sa0", "Sb10"], None),
        ("a game", None, "e5 d5 exd6 c6 Qd1 Sc10".split(), None),
        ("move in a finished set-up position", h("stalemate"), ["Kz9"], ERROR),
        ("no moves: a FEN alone", h("stalemate"), [],
         "check: no\nlegal-moves: 0\noutcome: draw stalemate\n"),
        ("checkmate from a FEN", h("checkmate by an embedded pawn"), [],
         "check: yes\nlegal-moves: 0\noutcome: w checkmate\n"),
    ]


def load_positions():
    out = []
    with open(os.path.join(HERE, "cypher_positions.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fen, _, comment = line.partition("#")
            name = comment.strip().split(":")[0].strip()
            out.append((name, fen.strip()))
    return out


def san_mutations(san):
    """SAN made wrong whatever the position (6.3): a wrong suffix, x added
    to a move that captures nothing."""
    base = san.rstrip("+#")
    suf = san[len(base):]
    out = [base + s for s in ("+", "#") if s != suf]
    if "x" not in base and base[0] in "KQRBNS" and "," not in base:
        out.append(base[0] + "x" + base[1:])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tool", help="path of the command-line tool")
    ap.add_argument("--slow", action="store_true",
                    help="also perft 4 of the initial position and perft 3 of every position")
    ap.add_argument("--seed", type=int, default=20261202)
    ap.add_argument("--count", type=int, default=None,
                    help="random positions made at run time (default 0, 100 with --slow)")
    ap.add_argument("--all", action="store_true", help="also the known disagreements (KNOWN)")
    args = ap.parse_args()

    ck = Checker(os.path.abspath(args.tool) if os.sep in args.tool else args.tool, ref, child_fen,
                 VARIANT, known=KNOWN, run_all=args.all)

    rc, _, err = ck.call("status", [])
    if rc != 0:
        print("SKIP: the tool does not play Cypher chess yet (`status --variant cypher`: exit status %s, %s)"
              % (rc, err.strip()))
        return SKIP

    # The initial position, without --fen.
    ck.accepts_valid = ck.compare("initial status", INITIAL, "status", [],
                                  ref.output_status(INITIAL)) is not None
    ck.compare("initial moves", INITIAL, "moves", [], ref.output_moves(INITIAL))
    for d in [1, 2, 3] + ([4] if args.slow else []):
        ck.compare("initial perft --divide %d" % d, INITIAL, "perft", ["--divide", str(d)],
                   ref.output_perft(INITIAL, d, True))
    ck.compare("initial perft 3 (no divide)", INITIAL, "perft", ["3"], "Nodes searched: 51325\n")

    # Invalid FENs (6.1 F1-F15).
    seen_rule = set()
    for rule, fen in ref.INVALID_FENS:
        try:
            ref.Position.from_fen(fen)
            ck.report(False, "reference accepts an invalid FEN (%s)" % rule, fen, "")
        except ref.FenError as e:
            ck.report(str(e).startswith(rule + ":"), "reference refuses by %s" % rule, fen, str(e))
        ck.refused("invalid FEN refused (%s): status %s" % (rule, fen), fen, "status", ["--fen", fen])
        if rule not in seen_rule:
            seen_rule.add(rule)
            ck.refused("invalid FEN refused (%s): moves" % rule, fen, "moves", ["--fen", fen])
            ck.refused("invalid FEN refused (%s): perft" % rule, fen, "perft", ["--fen", fen, "1"])

    # Game records.
    for name, fen, moves, want in records():
        fen_args = [] if fen is None else ["--fen", fen]
        start = INITIAL if fen is None else fen
        title = "record %s: %s" % (name, " ".join(moves))
        r_err = ""
        try:
            r_text = ref.output_status(start, moves)
        except ref.MoveError as e:
            r_text, r_err = ERROR, str(e)
        if want is not None:
            ck.report(r_text == want, "reference " + title, start,
                      "reference: %s" % (r_err if r_text == ERROR else r_text) if r_text != want else "")
        if r_text == ERROR:
            ck.refused("tool " + title, start, "status", fen_args + moves)
        else:
            ck.compare("tool " + title, start, "status", fen_args + moves, r_text)

    positions = load_positions()
    if args.count is None:
        args.count = 100 if args.slow else 0
    randoms = ref.random_fens(args.seed, args.count) if args.count else []
    fens = positions + [("random %d" % k, fen) for k, fen in enumerate(randoms)]
    rng = random.Random(args.seed + 1)
    for name, fen in fens:
        try:
            r_moves, r_status, r_div, children = reference_outputs(fen)
        except ref.FenError as e:
            ck.report(False, "%s: the reference refuses the FEN" % name, fen, str(e))
            continue
        ck.report(ref.Position.from_fen(fen).fen() == fen, "%s: reference FEN round trip" % name,
                  fen, "")
        ck.compare("%s: moves" % name, fen, "moves", ["--fen", fen], r_moves)
        ck.compare("%s: status" % name, fen, "status", ["--fen", fen], r_status)
        ck.compare("%s: perft --divide 2" % name, fen, "perft", ["--fen", fen, "--divide", "2"], r_div)
        if name in PERFT3 or (args.slow and not name.startswith("random")):
            ck.compare("%s: perft --divide 3" % name, fen, "perft", ["--fen", fen, "--divide", "3"],
                       ref.output_perft(fen, 3, True))
        # The FEN after a move: the special moves first, then a random one.
        special = [c for c in children if "," in c[0] or "@" in c[0] or "x" in c[1] or "#" in c[1]
                   or c[2].mark is not None]
        pick = special[:1] + ([rng.choice(children)] if children else [])
        for text, san, child in pick:
            after_fen = child.fen()
            c_status = ref.output_status(after_fen)
            ck.compare("%s: after %s: status FEN MOVE" % (name, text), fen, "status",
                       ["--fen", fen, text], ref.output_status(fen, [text]))
            ck.compare("%s: after %s: status FEN SAN" % (name, san), fen, "status",
                       ["--fen", fen, san], ref.output_status(fen, [text]))
            ck.compare("%s: after %s: moves of the written FEN %s" % (name, text, after_fen),
                       after_fen, "moves", ["--fen", after_fen], ref.output_moves(after_fen))
            ck.compare("%s: after %s: status of the written FEN" % (name, text), after_fen,
                       "status", ["--fen", after_fen], c_status)
        if name.startswith(("random", "playout")) and children:
            text, san, _ = rng.choice(children)
            pos = ref.Position.from_fen(fen)
            for bad in san_mutations(san):
                try:
                    ref.parse_move(pos, bad)
                    ck.report(False, "reference accepts the wrong SAN %s" % bad, fen, "")
                    continue
                except ref.MoveError:
                    pass
                ck.refused("%s: wrong SAN %s refused" % (name, bad), fen, "status", ["--fen", fen, bad])

    print("%d passed, %d failed%s" % (ck.passed, ck.failed,
                                      ", %d known disagreements left out" % ck.skipped
                                      if ck.skipped else ""))
    return 1 if ck.failed else 0


if __name__ == "__main__":
    sys.exit(main())
