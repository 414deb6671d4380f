#!/usr/bin/env python3
# benchmarks/review-calibrate.py — calibrates the review's winning-chances
# curve of each game on self-play games by win rate (issue 24).
#
#   benchmarks/review-calibrate.py BUILD_DIR [--games N] [--tc TC] [--movetime MS]
#                                  [--variants cheops,trigchess,cypher,pyramids] [--dir DIR]
#
# For each game: `cheops match` plays N games of the bundled engine against
# itself from the project's test openings (tests/data/openings*.txt, paired:
# each opening with both colours) at time control TC; `cheops analyse
# --builtin --movetime MS` gives every mainline position its [%eval]; then
# the constant k of the expected score
#     E(cp) = 1 / (1 + exp(-k * cp))        (cp for side A, clamped to +-1000)
# is fitted by maximum likelihood to the games' results (a win 1, a draw
# 1/2, a loss 0 for side A) over every evaluated position that is not a
# decided end.  The review's winning chances are 2 E - 1, so k takes the
# place of Lichess's 0.00368208 (fitted by Lichess to Stockfish's chess
# scores the same way); the thresholds of a verdict stay 0.1, 0.2 and 0.3
# of winning chances, and what they mean in centipawns follows from k
# (printed: the loss from an even position that makes each verdict).
#
# Only the Python standard library.  The games and reviews are kept in DIR
# (default: a new temporary directory) so that a fit can be redone with
# --fit-only.  The figures of the last run are in README.md ("How a verdict
# is decided") and the constants in src/game/cheops-review.c.
import argparse
import math
import os
import re
import subprocess
import sys
import tempfile

OPENINGS = {
    "cheops": "openings.txt",
    "trigchess": "openings-trigchess.txt",
    "cypher": "openings-cypher.txt",
    "pyramids": "openings-pyramids.txt",
}
CEILING = 1000

EVAL_RE = re.compile(r"\[%eval\s+(#?)(-?[0-9.]+)")
TAG_RE = re.compile(r'^\[(\w+)\s+"(.*)"\]\s*$')


def games_of(text):
    """Yields (tags, movetext) for each game of a PGN text."""
    tags, moves, in_moves = {}, [], False
    for line in text.splitlines():
        m = TAG_RE.match(line)
        if m:
            if in_moves:
                yield tags, "\n".join(moves)
                tags, moves, in_moves = {}, [], False
            tags[m.group(1)] = m.group(2)
        elif line.strip():
            in_moves = True
            moves.append(line)
    if tags or moves:
        yield tags, "\n".join(moves)


def mainline_evals(movetext):
    """The [%eval]s of the comments outside every variation, in centipawns
    for side A (an Ascension as +-1000; "#0", a decided end, left out)."""
    evals, depth, i = [], 0, 0
    while i < len(movetext):
        c = movetext[i]
        if c == "{":
            j = movetext.find("}", i)
            j = len(movetext) if j < 0 else j
            if depth == 0:
                for m in EVAL_RE.finditer(movetext[i:j]):
                    value = float(m.group(2))
                    if m.group(1) == "#":
                        if value == 0:
                            continue
                        evals.append(CEILING if value > 0 else -CEILING)
                    else:
                        evals.append(max(-CEILING, min(CEILING, round(value * 100))))
            i = j + 1
            continue
        if c == ";":
            j = movetext.find("\n", i)
            i = len(movetext) if j < 0 else j + 1
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        i += 1
    return evals


def samples_of(path):
    """(cp for side A, score of side A) of every evaluated position."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    out = []
    for tags, movetext in games_of(text):
        result = tags.get("Result", "*")
        if result not in ("1-0", "0-1", "1/2-1/2"):
            continue
        score0 = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
        # The Result speaks of colours; in Cheops [GreenCorner "q"] gives
        # colour 0 to side B.
        score_a = 1.0 - score0 if tags.get("GreenCorner", "").lower() == "q" else score0
        out.extend((cp, score_a) for cp in mainline_evals(movetext))
    return out


def log_likelihood(k, samples):
    total = 0.0
    for cp, s in samples:
        p = 1.0 / (1.0 + math.exp(-k * cp))
        p = min(max(p, 1e-12), 1 - 1e-12)
        total += s * math.log(p) + (1 - s) * math.log(1 - p)
    return total


def fit(samples):
    """The k of maximum likelihood (golden-section search on 1e-5 .. 0.05)."""
    lo, hi = 1e-5, 0.05
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    fa, fb = log_likelihood(a, samples), log_likelihood(b, samples)
    for _ in range(80):
        if fa > fb:
            hi, b, fb = b, a, fa
            a = hi - g * (hi - lo)
            fa = log_likelihood(a, samples)
        else:
            lo, a, fa = a, b, fb
            b = lo + g * (hi - lo)
            fb = log_likelihood(b, samples)
    return (lo + hi) / 2


def threshold_cp(k, chances):
    """The loss in centipawns from an even position that costs @chances."""
    return 2 * math.atanh(chances) / k


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("build_dir")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--tc", default="0.1+0.01")
    ap.add_argument("--movetime", type=int, default=10)
    ap.add_argument("--variants", default="cheops,trigchess,cypher,pyramids")
    ap.add_argument("--dir", default=None)
    ap.add_argument("--fit-only", action="store_true")
    args = ap.parse_args()

    src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tool = os.path.join(args.build_dir, "src", "tools", "cheops")
    engine = os.path.join(args.build_dir, "src", "engine", "cheops-engine")
    work = args.dir or tempfile.mkdtemp(prefix="review-calibrate-")
    os.makedirs(work, exist_ok=True)
    print(f"games and reviews in {work}", file=sys.stderr)

    for variant in args.variants.split(","):
        games = os.path.join(work, f"{variant}-selfplay.pgn")
        reviewed = os.path.join(work, f"{variant}-reviewed.pgn")
        if not args.fit_only:
            subprocess.run([tool, "match", "--variant", variant, "--engine", engine, "--engine", engine,
                            "--games", str(args.games), "--tc", args.tc,
                            "--openings", os.path.join(src, "tests", "data", OPENINGS[variant]),
                            "--pgn", games], check=True, stdout=subprocess.DEVNULL)
            subprocess.run([tool, "analyse", games, "--builtin", "--movetime", str(args.movetime),
                            "--out", reviewed], check=False, stderr=subprocess.DEVNULL)
        samples = samples_of(reviewed)
        k = fit(samples)
        results = {}
        for tags, _ in games_of(open(games, encoding="utf-8").read()):
            results[tags.get("Result", "*")] = results.get(tags.get("Result", "*"), 0) + 1
        print(f"{variant}: {sum(results.values())} games ({', '.join(f'{r} {n}' for r, n in sorted(results.items()))}), "
              f"{len(samples)} positions: k = {k:.6f}; from an even position a loss of "
              f"{threshold_cp(k, 0.1):.0f} / {threshold_cp(k, 0.2):.0f} / {threshold_cp(k, 0.3):.0f} cp "
              f"is ?! / ? / ??")


if __name__ == "__main__":
    main()
