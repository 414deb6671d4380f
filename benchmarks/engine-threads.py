#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Lazy SMP's gain (issue 19): each game's start and a middlegame searched by
a fresh cheops-engine with Threads 1 and with Threads 2, in the same run
(the two alternate, so both see the same load), `go movetime MS`, Hash 64.

    benchmarks/engine-threads.py [--engine _build-release/src/engine/cheops-engine]
                                 [--movetime 3000] [--repeat 1]

Prints per search: the depth of the last `info ... pv` line, its nodes, the
engine's nps (nodes over wall time), nodes per second of the processor time
the process had when `bestmove` came (/proc/PID/stat), and that processor
time over the wall time (how many processors the search really had), with the
load average before and after.  Figures, not assertions.
"""

import argparse
import os

from uci_search import POSITIONS, search as uci_search


def search(engine, variant, fen, threads, movetime, depth=None):
    position = "startpos" if fen is None else f"fen {fen}"
    go = f"go depth {depth}" if depth else f"go movetime {movetime}"
    depth, nodes, nps, wall, cpu = uci_search([engine], variant, position, go, threads)
    return depth, nodes, nps, nodes / cpu if cpu > 0 else 0, cpu / wall, cpu


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="_build-release/src/engine/cheops-engine")
    ap.add_argument("--movetime", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--depth", action="store_true",
                    help="search each position to a fixed depth instead: the processor time to reach it "
                         "(1 thread: t1, 2 threads: t2) bounds the wall-clock speed-up on two idle "
                         "processors by 2 t1 / t2, whatever the load")
    args = ap.parse_args()

    print(f"load before: {os.getloadavg()[0]:.1f}")
    print("game position threads depth nodes nps nodes/CPU-s CPU/wall CPU-s")
    for _ in range(args.repeat):
        for variant, name, fen, fixed in POSITIONS:
            for threads in (1, 2):
                depth, nodes, nps, per_cpu, share, cpu = search(args.engine, variant, fen, threads, args.movetime,
                                                                fixed if args.depth else None)
                print(f"{variant} {name} {threads} {depth} {nodes} {nps} {per_cpu:.0f} {share:.2f} {cpu:.2f}",
                      flush=True)
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
