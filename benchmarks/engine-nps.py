#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Nodes per second against Fairy-Stockfish (issue 19): each game's start and
its middlegame searched by fresh processes of one or more cheops-engine builds,
and Fairy-Stockfish's `grand` (10 x 10) start and middlegame in the same run,
before and after the engines, `go movetime MS`, Hash 64, one thread.

    benchmarks/engine-nps.py [--engine NAME=PATH ...] [--fairy /usr/games/fairy-stockfish]
                             [--movetime 3000] [--repeat 1] [--games cheops,cypher]

Per search: the depth of the last `info ... pv` line, its nodes, the engine's
nps (nodes over wall time), and nodes per second of processor time: that nps
times the wall time of the `go` over the processor time the process used
during it (/proc/PID/stat), which the load disturbs less (the method of the
tables in src/engine/README.md);
then each engine's per-CPU figure over Fairy-Stockfish's mean.  The builds
alternate position by position, so they see the same load.  Figures, not
assertions.
"""

import argparse
import os

from uci_search import POSITIONS, search as uci_search

# Fairy-Stockfish grand: the start, and the middlegame after its own principal variation
FAIRY = [("start", "startpos"),
         ("middlegame", "startpos moves h3h4 h8h7 g3g5 f8f6 g5f6 d8d6 d3d5 b9c7 g2h3 c9f6")]


def search(cmd, variant, position, movetime):
    depth, nodes, nps, wall, cpu = uci_search(cmd, variant, position, f"go movetime {movetime}")
    # nodes per second of processor time: the engine's nps (nodes over its
    # own clock, which runs on while the process waits for a processor)
    # times the wall time over the processor time the process had
    return depth, nodes, nps, nps * wall / cpu if cpu > 0 else 0, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", action="append",
                    help="NAME=PATH of a cheops-engine build (repeatable); "
                         "default new=_build-release/src/engine/cheops-engine")
    ap.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    ap.add_argument("--movetime", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--games", default="cheops,trigchess,cypher,pyramids")
    args = ap.parse_args()
    engines = [e.split("=", 1) for e in (args.engine or ["new=_build-release/src/engine/cheops-engine"])]
    games = args.games.split(",")

    fairy = {}

    def run_fairy():
        for name, pos in FAIRY:
            depth, nodes, nps, per_cpu, cpu = search([args.fairy], "grand", pos, args.movetime)
            fairy.setdefault(name, []).append(per_cpu)
            print(f"fairy-grand {name} - {depth} {nodes} {nps} {per_cpu:.0f} {cpu:.2f}", flush=True)

    print(f"load before: {os.getloadavg()[0]:.1f}")
    print("engine position build depth nodes nps nodes/CPU-s CPU-s")
    run_fairy()
    results = {}
    for _ in range(args.repeat):
        for variant, name, fen, _ in POSITIONS:
            if variant not in games:
                continue
            for label, path in engines:
                pos = "startpos" if fen is None else f"fen {fen}"
                depth, nodes, nps, per_cpu, cpu = search([path], variant, pos, args.movetime)
                results.setdefault((variant, name, label), []).append(per_cpu)
                print(f"{variant} {name} {label} {depth} {nodes} {nps} {per_cpu:.0f} {cpu:.2f}", flush=True)
    run_fairy()
    print(f"load after: {os.getloadavg()[0]:.1f}")
    mean = {k: sum(v) / len(v) for k, v in fairy.items()}
    print(f"Fairy-Stockfish grand per CPU s: start {mean['start']:.0f}, middlegame {mean['middlegame']:.0f}")
    for (variant, name, label), v in results.items():
        m = sum(v) / len(v)
        print(f"{variant} {name} {label}: {m:.0f} per CPU s = {m / mean[name]:.2f}x")


if __name__ == "__main__":
    main()
