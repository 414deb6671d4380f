#!/usr/bin/env python3
# Copyright (C) 2026 Cheops Studio developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""Cross-check a `cheops` command-line tool against the independent Python
reference implementation (cheops_ref.py).

  crosscheck.py CHEOPS [--slow] [--seed S] [--count N]

CHEOPS is the path of the tool; it must answer
  CHEOPS perft [--fen FEN] [--divide] DEPTH
  CHEOPS moves [--fen FEN]
  CHEOPS status [--fen FEN]
with the output formats of cheops_ref.py.

Checks, each counted as one test:
  - initial position: perft --divide at depths 1, 2, 3 (4 with --slow);
  - for every FEN of positions.txt and N random FENs (cheops_ref.py
    random-fens with seed S): `moves` (exact, SAN included), `status`, and
    `perft --divide 2`;
  - the hand-derived expectations in expected/NAME.moves and NAME.status,
    against the tool and against the reference;
  - every FEN of INVALID_FENS (R9) is refused by the tool;
  - with --slow also perft --divide 3 of every FEN of positions.txt.
A perft mismatch is followed down the tree to the first position whose
`moves` differ, which is printed with its FEN.  Ends with the line
`N passed, N failed`; exits 1 on any failure.
"""

import argparse
import difflib
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cheops_ref as ref  # noqa: E402
from crosscheck_common import Checker  # noqa: E402



# FENs that RULINGS R9 and DESIGN section 3 make invalid: the tool must
# refuse them (non-zero exit status).
INVALID_FENS = [
    "1/3/5/7/9/11/13/15/4K7k5 a 0 1",       # 18 cells on level 1
    "1/3/5/7/9/11/13/15/4K7k3 a 0 1",       # 16 cells on level 1
    "3/5/7/9/11/13/15/4K7k4 a 0 1",         # eight levels
    "1/3/5/7/9/11/13/15/4K7k3X a 0 1",      # unknown letter
    "1/3/5/7/9/11/13/15/4K2K4k4 a 0 1",     # two a Kings
    "1/3/5/7/9/11/13/15/4K12 a 0 1",        # no q King
    "1/3/5/7/S8/11/13/15/4K7k4 a 0 1",      # Sister on the light cell e5
    "P/3/5/7/9/11/13/15/4K7k4 a 0 1",       # Pawn on the Apex
    "M/3/5/7/9/11/13/15/4K7k4 a 0 1",       # Swordmaster on the Apex
    "1/3/5/7/9/11/13/15/4K7k4 x 0 1",       # bad side
    "1/3/5/7/9/11/13/15/4K7k4 a -1 1",      # bad halfmove clock
    "1/3/5/7/9/11/13/15/4K7k4 a x 1",       # bad halfmove clock
    "1/3/5/7/9/11/13/15/4K7k4 a 0 0",       # fullmove number below 1
    "1/3/5/7/9/11/13/15/4K7k4",             # no side
]


def child_fen(fen, mv):
    """The reference's FEN after the move text mv (explains a perft mismatch)."""
    pos = ref.Position.from_fen(fen)
    moves = {ref.move_text(m): m for m in ref.playable_moves(pos)}
    return ref.make(pos, moves[mv]).fen()


def load_positions():
    out = []
    with open(os.path.join(HERE, "positions.txt")) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fen, _, comment = line.partition("#")
            name = comment.strip().split(":")[0].strip()
            out.append((name, fen.strip()))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("cheops", help="path of the cheops tool")
    ap.add_argument("--slow", action="store_true",
                    help="also perft 4 of the initial position and perft 3 of positions.txt")
    ap.add_argument("--seed", type=int, default=20261130)
    ap.add_argument("--count", type=int, default=200)
    args = ap.parse_args()

    ck = Checker(os.path.abspath(args.cheops) if os.sep in args.cheops else args.cheops, ref, child_fen,
                 name="cheops (C)")
    initial = ref.INITIAL_FEN

    depths = [1, 2, 3] + ([4] if args.slow else [])
    for d in depths:
        ck.compare("initial perft --divide %d" % d, initial,
                   "perft", ["--divide", str(d)], ref.output_perft(initial, d, True))

    for fen in INVALID_FENS:
        try:
            ref.Position.from_fen(fen)
            ck.report(False, "reference accepts an invalid FEN", fen, "")
        except ref.FenError:
            pass
        c_text, err = ck.run_tool("status", ["--fen", fen])
        ck.report(err is not None, "invalid FEN rejected", fen,
                  "" if err is not None else "the tool accepted it:\n" + c_text)

    positions = load_positions()
    # Hand-derived expectations, against the tool and against the reference.
    exp_dir = os.path.join(HERE, "expected")
    for name, fen in positions:
        for kind in ("moves", "status"):
            path = os.path.join(exp_dir, "%s.%s" % (name, kind))
            if not os.path.exists(path):
                continue
            with open(path) as f:
                want = f.read()
            r_text = ref.output_moves(fen) if kind == "moves" else ref.output_status(fen)
            ck.report(r_text == want, "reference vs hand-derived %s.%s" % (name, kind), fen,
                      "".join(difflib.unified_diff(want.splitlines(True), r_text.splitlines(True),
                                                   "hand-derived", "reference", n=0)))
            c_text, err = ck.run_tool(kind, ["--fen", fen])
            if err is not None:
                ck.report(False, "tool vs hand-derived %s.%s" % (name, kind), fen, "the tool failed: " + err)
                continue
            ck.report(c_text == want, "tool vs hand-derived %s.%s" % (name, kind), fen,
                      "".join(difflib.unified_diff(want.splitlines(True), c_text.splitlines(True),
                                                   "hand-derived", "cheops (C)", n=0)))

    fens = [(name, fen) for name, fen in positions]
    fens += [("random %d" % k, fen) for k, fen in enumerate(ref.random_fens(args.seed, args.count))]
    for name, fen in fens:
        ck.compare("%s: moves" % name, fen, "moves", ["--fen", fen], ref.output_moves(fen))
        ck.compare("%s: status" % name, fen, "status", ["--fen", fen], ref.output_status(fen))
        ck.compare("%s: perft --divide 2" % name, fen, "perft", ["--fen", fen, "--divide", "2"],
                   ref.output_perft(fen, 2, True))
    if args.slow:
        for name, fen in positions:
            ck.compare("%s: perft --divide 3" % name, fen, "perft", ["--fen", fen, "--divide", "3"],
                       ref.output_perft(fen, 3, True))

    print("%d passed, %d failed" % (ck.passed, ck.failed))
    return 1 if ck.failed else 0


if __name__ == "__main__":
    sys.exit(main())
