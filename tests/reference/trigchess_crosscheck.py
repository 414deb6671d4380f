#!/usr/bin/env python3
# Copyright (C) 2026 Cheops Studio developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Cross-check a command-line tool's Step and Circle TrigChess against the
independent Python reference implementation (trigchess_ref.py).

  trigchess_crosscheck.py TOOL [--slow] [--seed S] [--count N]

TOOL is the path of the tool; it must answer
  TOOL perft --variant trigchess [--fen FEN] [--divide] DEPTH
  TOOL moves --variant trigchess [--fen FEN]
  TOOL status --variant trigchess [--fen FEN] [MOVE...]
with the output formats of trigchess_ref.py, and refuse a bad FEN or a bad
move with exit status 2 and exactly one line on stderr.

Checks, each counted as one test:
  - initial position (no --fen): perft --divide 1, 2, 3 (4 with --slow),
    `moves` and `status`;
  - every FEN of INVALID_FENS (F1-F10, several each) is refused by the
    reference with that rule and by the tool (exit 2, one line on stderr);
  - the hand-derived expectations expected/trig-NAME.moves / .status,
    against the tool and against the reference;
  - for every FEN of trigchess_positions.txt and N random FENs
    (trigchess_ref.py random-fens with seed S): `moves` (exact, SAN
    included), `status`, and `perft --divide 2` (3 with --slow, for
    trigchess_positions.txt);
  - the game records of RECORDS through `status` with moves: repetition
    losses, mates, moves after the end and refused move texts (exit 2);
  - for some random positions, one random legal move given to `status` in
    SAN and in move text, and SAN the reader must refuse (6.3).
A perft mismatch is followed down the tree to the first position whose
`moves` differ, which is printed with its FEN.  Ends with the line
`N passed, N failed`; exits 1 on any failure.
"""

import argparse
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import trigchess_ref as ref  # noqa: E402
from crosscheck_common import Checker  # noqa: E402

VARIANT = ["--variant", "trigchess"]



# FENs that 6.1 makes invalid, with the rule each breaks.  The tool must
# refuse every one (exit status 2, one line on stderr); the reference must
# refuse it with that rule.
INVALID_FENS = [
    ("F1", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0"),               # 3 fields
    ("F1", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1 x"),           # 5 fields
    ("F1", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD"),                   # placement only
    ("F1", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSDg01"),                # no separators
    ("F2", "dsgkgsd/pspgpsp/9/9/PSPGPSP g 0 1"),                     # 5 ranks
    ("F2", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD/7 g 0 1"),           # 7 ranks
    ("F2", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD/ g 0 1"),            # trailing slash
    ("F2", "dsgkgsd/pspgpsp/9/7/9/PSPGPSP/DSGKGSD g 0 1"),           # 7 ranks
    ("F3", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSX g 0 1"),             # X
    ("F3", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSNKGSD g 0 1"),             # chess knight
    ("F3", "dsgkgsd/pspqpsp/9/9/PSPGPSP/DSGKGSD g 0 1"),             # q
    ("F3", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSG.GSD g 0 1"),             # dot
    ("F4", "dsgkgsd/pspgpsp/09/9/PSPGPSP/DSGKGSD g 0 1"),            # digit 0
    ("F4", "dsgkgsd/pspgpsp/45/9/PSPGPSP/DSGKGSD g 0 1"),            # two digits
    ("F4", "k6/7/11/9/7/3K3 g 0 1"),                                 # 11
    ("F4", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGK0GSD g 0 1"),            # 0 inside
    ("F5", "dsgkgsd/pspgpsp/8/9/PSPGPSP/DSGKGSD g 0 1"),             # rank 4 short
    ("F5", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSDD g 0 1"),            # rank 1 long
    ("F5", "k6/7/9/9/9/3K3 g 0 1"),                                  # rank 2 with 9
    ("F5", "k6//9/9/7/3K3 g 0 1"),                                   # empty rank 5
    ("F5", "k8/7/9/9/7/3K3 g 0 1"),                                  # rank 6 with 9
    ("F6", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD w 0 1"),             # chess side
    ("F6", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD G 0 1"),             # upper case
    ("F6", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD gr 0 1"),
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g -1 1"),            # sign
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g +1 1"),            # sign
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 0"),             # fullmove 0
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 000"),           # fullmove 0
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 1.5 1"),           # point
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g x 1"),             # letter
    ("F7", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1234567890"),    # 10 digits
    ("F8", "dsg1gsd/pspgpsp/9/9/PSPGPSP/DSGKGSD g 0 1"),             # no Red King
    ("F8", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSG1GSD g 0 1"),             # no Gold King
    ("F8", "dsgkgsd/pspgpsp/9/9/PSPGPSP/DSGKKSD g 0 1"),             # two Gold Kings
    ("F8", "k6/7/9/4k4/7/3K3 g 0 1"),                                # two Red Kings
    ("F9", "k6/7/9/9/7/P2K3 g 0 1"),                                 # Gold Pawn b1
    ("F9", "k1P4/7/9/9/7/3K3 g 0 1"),                                # Gold Pawn d6
    ("F9", "k5P/7/9/9/7/3K3 g 0 1"),                                 # Gold Pawn h6
    ("F9", "k6/7/9/9/7/3K2p r 0 1"),                                 # Red Pawn h1
    ("F9", "k5p/7/9/9/7/3K3 r 0 1"),                                 # Red Pawn h6 (rank 6)
    ("F9", "k6/7/9/9/7/3Kp2 g 0 1"),                                 # Red Pawn f1
    ("F10", "k6/7/9/9/7/2dK3 r 0 1"),                                # Gold checked by d1
    ("F10", "k6/1D5/9/9/7/3K3 g 0 1"),                               # Red checked by c5
    ("F10", "3Kk2/7/9/9/7/7 g 0 1"),                                 # Kings share a side
    ("F10", "dsgkgsd/psPgpsp/9/9/PS1GPSP/DSGKGSD g 0 1"),            # Gold Pawn d5 checks e6
    ("F10", "dsgkgsd/pspgpsp/9/9/PgPGPSP/DSGKGSD r 0 1"),            # Red Gyro c2 checks e1
]

INITIAL = ref.INITIAL_FEN
REP_RED = "Ge3 Ge4 Ge2 Ge5 Ge3 Ge4 Ge2 Ge5".split()     # spec 8: g repetition
REP_GOLD = "Ge3 Ge4 Gc4 Ge5 Ge3 Ge4 Gc4 Ge5 Ge3".split()  # Gold's move: r repetition
DOMES = "6k/1D5/9/2D1D4/7/3K3 g 0 1"
PROMO = "1P3k1/P6/9/9/7/3K3 g 0 1"
MATE_LINE = ["Ga3", "b4", "Gxc5#"]

# Game records for `status [--fen FEN] MOVE...`: (name, FEN or None for the
# default initial position, moves, expected output or ERROR).  The expected
# outputs were derived by hand from the spec (8, 4.3, TR15, 6.3); the
# reference must agree with them too.
ERROR = "error"
RECORDS = [
    ("repetition (8)", None, REP_RED, "check: no\nlegal-moves: 9\noutcome: g repetition\n"),
    ("repetition, FEN given", INITIAL, REP_RED, "check: no\nlegal-moves: 9\noutcome: g repetition\n"),
    ("back at the start: the second occurrence", INITIAL, REP_RED[:4],
     "check: no\nlegal-moves: 9\noutcome: none\n"),
    ("repetition one move short", INITIAL, REP_RED[:-1], None),
    ("repetition by Gold", None, REP_GOLD, "check: no\nlegal-moves: 9\noutcome: r repetition\n"),
    ("repetition, counters not part of the position (TR15)",
     INITIAL.replace(" 0 1", " 17 40"), REP_RED, "check: no\nlegal-moves: 9\noutcome: g repetition\n"),
    ("repetition, Red first: the set-up start counts once",
     INITIAL.replace(" g ", " r "), "Ge4 Ge3 Ge5 Ge2 Ge4 Ge3 Ge5 Ge2".split(),
     "check: no\nlegal-moves: 9\noutcome: r repetition\n"),
    ("repetition in move text", None, "e2e3 e5e4 e3e2 e4e5 e2e3 e5e4 e3e2 e4e5".split(),
     "check: no\nlegal-moves: 9\noutcome: g repetition\n"),
    ("move after a repetition loss", None, REP_RED + ["b3"], ERROR),
    ("mate game (8)", None, MATE_LINE, "check: yes\nlegal-moves: 0\noutcome: g checkmate\n"),
    ("mate game without #", None, ["Ga3", "b4", "Gxc5"], "check: yes\nlegal-moves: 0\noutcome: g checkmate\n"),
    ("mate game in move text", INITIAL, ["e2a3", "b5b4", "a3c5"],
     "check: yes\nlegal-moves: 0\noutcome: g checkmate\n"),
    ("mate game, extra disambiguation", INITIAL, ["Ge2a3", "b5b4", "Ga3xc5#"],
     "check: yes\nlegal-moves: 0\noutcome: g checkmate\n"),
    ("move after checkmate", None, MATE_LINE + ["b3"], ERROR),
    ("mate game, wrong suffix +", None, ["Ga3", "b4", "Gxc5+"], ERROR),
    ("mate game, capture without x", None, ["Ga3", "b4", "Gc5"], ERROR),
    ("stalemating move (TR20)", "k2K3/7/9/9/7/7 g 0 1", ["Kd6"],
     "check: no\nlegal-moves: 0\noutcome: g stalemate\n"),
    ("move after stalemate", "k2K3/7/9/9/7/7 g 0 1", ["Kd6", "Kc6"], ERROR),
    ("move in a finished set-up position", "k1K4/7/9/9/7/7 r 0 1", ["Kc6"], ERROR),
    ("no moves: a FEN alone", "k1K4/7/9/9/7/7 r 0 1", [], "check: no\nlegal-moves: 0\noutcome: g stalemate\n"),
    ("illegal King move", None, ["Ke2"], ERROR),
    ("illegal move text", None, ["e1e2"], ERROR),
    ("a Red move for Gold", None, ["b4"], ERROR),
    ("not a move", None, ["Zz9"], ERROR),
    ("Dome disambiguation Dc3d4", DOMES, ["Dc3d4"], None),
    ("Dome disambiguation D5d4", DOMES, ["D5d4"], None),
    ("Dome disambiguation Ded4", DOMES, ["Ded4"], None),
    ("Dome disambiguation, more than needed", DOMES, ["De3d4"], None),
    ("Dome ambiguous Dd4", DOMES, ["Dd4"], ERROR),
    ("Dome ambiguous D3d4", DOMES, ["D3d4"], ERROR),
    ("Dome ambiguous Dcd4", DOMES, ["Dcd4"], ERROR),
    ("Stag disambiguation", "k6/7/9/9/1S3S1/3K3 g 0 1", ["Sge3"], None),
    ("Stag ambiguous", "k6/7/9/9/1S3S1/3K3 g 0 1", ["Se3"], ERROR),
    ("promotion SAN", PROMO, ["cb6=G"], None),
    ("promotion move text", PROMO, ["c6d6s"], None),
    ("promotion ambiguous b6=D", PROMO, ["b6=D"], ERROR),
    ("promotion without =", PROMO, ["bb6"], ERROR),
    ("promotion move text without letter", PROMO, ["b5b6"], ERROR),
    ("promotion move text, upper-case letter", PROMO, ["b5b6D"], ERROR),
    ("promotion to a King", PROMO, ["bb6=K"], ERROR),
    ("promotion letter on a non-promotion", PROMO, ["b5c5d"], ERROR),
    ("= on a non-promotion", PROMO, ["c5=D"], ERROR),
    ("promotion without its + (6.3: a missing + is accepted)", PROMO, ["d6=S"],
     "check: yes\nlegal-moves: 3\noutcome: none\n"),
    ("promotion with # for +", PROMO, ["d6=S#"], ERROR),
    ("promotion with its +", PROMO, ["d6=S+"], None),
    ("Pawn capture without its file", "d4k1/1P5/9/9/7/3K3 g 0 1", ["xb6=D"], ERROR),
    ("Pawn capture without x", "d4k1/1P5/9/9/7/3K3 g 0 1", ["cb6=D"], ERROR),
    ("Pawn capture", "d4k1/1P5/9/9/7/3K3 g 0 1", ["cxb6=D"], None),
    ("x on a non-capture", None, ["Gxe3"], ERROR),
    ("+ on a non-check", None, ["Ge3+"], ERROR),
    ("Pawn non-capture ambiguous", "3k3/1P1P3/3P5/9/7/3K3 g 0 1", ["d5"], ERROR),
    ("Pawn non-capture disambiguated", "3k3/1P1P3/3P5/9/7/3K3 g 0 1", ["cd5#"], None),
    ("a move after the mate by cd5", "3k3/1P1P3/3P5/9/7/3K3 g 0 1", ["cd5", "Kd6"], ERROR),
]


def child_fen(fen, mv):
    """The reference's FEN after the move text mv (explains a perft mismatch)."""
    pos = ref.Position.from_fen(fen)
    moves = {ref.move_text(m): m for m in ref.legal_moves(pos)}
    return ref.make(pos, moves[mv]).fen()


def load_positions():
    out = []
    with open(os.path.join(HERE, "trigchess_positions.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fen, _, comment = line.partition("#")
            name = comment.strip().split(":")[0].strip()
            out.append((name, fen.strip()))
    return out


def san_mutations(san):
    """Texts derived from a SAN that 6.3 makes wrong, whatever the position:
    the wrong suffix, x added or dropped."""
    base = san.rstrip("+#")
    suf = san[len(base):]
    out = []
    for s in ("+", "#"):
        if s != suf:
            out.append(base + s)
    if "x" in base:
        out.append(base.replace("x", ""))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tool", help="path of the command-line tool")
    ap.add_argument("--slow", action="store_true",
                    help="also perft 4 of the initial position and perft 3 of the positions")
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--count", type=int, default=200)
    args = ap.parse_args()

    ck = Checker(os.path.abspath(args.tool) if os.sep in args.tool else args.tool, ref, child_fen,
                 VARIANT)

    # The initial position, without --fen: the tool's own start (section 5).
    depths = [1, 2, 3] + ([4] if args.slow else [])
    for d in depths:
        ck.compare("initial perft --divide %d" % d, INITIAL, "perft", ["--divide", str(d)],
                   ref.output_perft(INITIAL, d, True))
    ck.compare("initial perft 3 (no divide)", INITIAL, "perft", ["3"], ref.output_perft(INITIAL, 3, False))
    ck.compare("initial moves", INITIAL, "moves", [], ref.output_moves(INITIAL))
    ck.accepts_valid = ck.compare("initial status", INITIAL, "status", [],
                                  ref.output_status(INITIAL)) is not None

    # Invalid FENs.
    seen_rule = set()
    for rule, fen in INVALID_FENS:
        try:
            ref.Position.from_fen(fen)
            ck.report(False, "reference accepts an invalid FEN (%s)" % rule, fen, "")
        except ref.FenError as e:
            ck.report(str(e).startswith(rule + ":"), "reference refuses by %s" % rule, fen, str(e))
        ck.refused("invalid FEN refused (%s): status" % rule, fen, "status", ["--fen", fen])
        if rule not in seen_rule:
            seen_rule.add(rule)
            ck.refused("invalid FEN refused (%s): moves" % rule, fen, "moves", ["--fen", fen])
            ck.refused("invalid FEN refused (%s): perft" % rule, fen, "perft", ["--fen", fen, "1"])

    positions = load_positions()
    # Hand-derived expectations, against the tool and against the reference.
    exp_dir = os.path.join(HERE, "expected")
    for name, fen in positions:
        for kind in ("moves", "status"):
            path = os.path.join(exp_dir, "trig-%s.%s" % (name, kind))
            if not os.path.exists(path):
                continue
            with open(path) as f:
                want = f.read()
            r_text = ref.output_moves(fen) if kind == "moves" else ref.output_status(fen)
            ck.report(r_text == want, "reference vs hand-derived trig-%s.%s" % (name, kind), fen,
                      ck.diff(want, r_text, "hand-derived", "reference"))
            c_text, err = ck.run_tool(kind, ["--fen", fen])
            if err is not None:
                ck.report(False, "tool vs hand-derived trig-%s.%s" % (name, kind), fen,
                          "the tool failed: " + err)
                continue
            ck.report(c_text == want, "tool vs hand-derived trig-%s.%s" % (name, kind), fen,
                      ck.diff(want, c_text, "hand-derived", "tool"))

    # Game records.
    for name, fen, moves, want in RECORDS:
        fen_args = [] if fen is None else ["--fen", fen]
        start = INITIAL if fen is None else fen
        title = "record %s: %s" % (name, " ".join(moves))
        r_err = ""
        try:
            r_text = ref.output_status(start, moves)
        except ref.MoveError as e:
            r_text = ERROR
            r_err = str(e)
        if want is not None:
            ck.report(r_text == want, "reference " + title, start,
                      "reference: %s" % (r_err if r_text == ERROR else r_text) if r_text != want else "")
        if r_text == ERROR:
            ck.refused("tool " + title, start, "status", fen_args + moves)
        else:
            ck.compare("tool " + title, start, "status", fen_args + moves, r_text)

    fens = list(positions)
    randoms = ref.random_fens(args.seed, args.count)
    fens += [("random %d" % k, fen) for k, fen in enumerate(randoms)]
    for name, fen in fens:
        ck.compare("%s: moves" % name, fen, "moves", ["--fen", fen], ref.output_moves(fen))
        ck.compare("%s: status" % name, fen, "status", ["--fen", fen], ref.output_status(fen))
        ck.compare("%s: perft --divide 2" % name, fen, "perft", ["--fen", fen, "--divide", "2"],
                   ref.output_perft(fen, 2, True))
    if args.slow:
        for name, fen in positions:
            ck.compare("%s: perft --divide 3" % name, fen, "perft", ["--fen", fen, "--divide", "3"],
                       ref.output_perft(fen, 3, True))

    # The move reader on the writer's own SAN (6.3: "a reader accepts what a
    # writer writes") and on SAN made wrong, for a few random positions.
    rng = random.Random(args.seed + 1)
    for k, fen in enumerate(randoms[:40]):
        pos = ref.Position.from_fen(fen)
        legal = ref.legal_moves(pos)
        if not legal:
            continue
        m = rng.choice(sorted(legal, key=ref.move_text))
        san = ref.san(pos, m, legal)
        want = ref.output_status(fen, [ref.move_text(m)])
        ck.compare("random %d: status with SAN %s" % (k, san), fen, "status", ["--fen", fen, san], want)
        ck.compare("random %d: status with move text %s" % (k, ref.move_text(m)), fen, "status",
                   ["--fen", fen, ref.move_text(m)], want)
        for bad in san_mutations(san):
            try:
                ref.parse_move(pos, bad, legal)
                ck.report(False, "reference accepts the wrong SAN %s" % bad, fen, "")
                continue
            except ref.MoveError:
                pass
            ck.refused("random %d: wrong SAN %s refused" % (k, bad), fen, "status", ["--fen", fen, bad])

    print("%d passed, %d failed" % (ck.passed, ck.failed))
    return 1 if ck.failed else 0


if __name__ == "__main__":
    sys.exit(main())
