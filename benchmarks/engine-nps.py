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
import subprocess
import time

# the middlegames are `bench` positions (the same as benchmarks/engine-threads.py)
POSITIONS = [
    ("cheops", "start", None),
    ("cheops", "middlegame", "1/3/5/1S5/9/PP7pp/APP1P4p1pa/M3P1aPp1p2km/AKM8p2m1a q 0 19"),
    ("trigchess", "start", None),
    ("trigchess", "middlegame", "ds4d/2k1s1p/g1Gp1p3/1S1P1P1S1/1p1K2P/D5D g 0 17"),
    ("cypher", "start", None),
    ("cypher", "middlegame",
     "s9/3n2nr2/1r4b3/1Q4ppp1/4pk4/1p2N1q1p1/3P2S1P1/1PP7/3B2B3/2RNK2R2/10 w PPPPpp 0+0 - 1 21"),
    ("pyramids", "start", None),
    ("pyramids", "middlegame",
     "3(.4321)f4/s3ss3/1s3(.4321)3/1ss2s2s/1S7/S2S1SSs1/2(4321.)1S3(4321.)/4SS2S/4F4 w Ff 0 16"),
]
# Fairy-Stockfish grand: the start, and the middlegame after its own principal variation
FAIRY = [("start", "startpos"),
         ("middlegame", "startpos moves h3h4 h8h7 g3g5 f8f6 g5f6 d8d6 d3d5 b9c7 g2h3 c9f6")]


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def search(cmd, variant, position, movetime):
    p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def wait_for(word):
        for line in p.stdout:
            if line.startswith(word):
                return line
        raise RuntimeError("engine ended")

    send("uci")
    wait_for("uciok")
    send(f"setoption name UCI_Variant value {variant}")
    send("setoption name Hash value 64")
    send("setoption name Threads value 1")
    send("ucinewgame")
    send("isready")
    wait_for("readyok")
    send(f"position {position}")
    send("isready")
    wait_for("readyok")
    cpu0 = cpu_seconds(p.pid)
    t0 = time.monotonic()
    send(f"go movetime {movetime}")
    last = None
    for line in p.stdout:
        if line.startswith("info") and " nodes " in line and " pv " in line:
            last = line.split()
        if line.startswith("bestmove"):
            break
    wall = time.monotonic() - t0
    cpu = cpu_seconds(p.pid) - cpu0
    send("quit")
    p.wait()
    info = {last[i]: last[i + 1] for i in range(1, len(last) - 1) if last[i] in ("depth", "nodes", "nps")}
    nodes, nps = int(info["nodes"]), int(info["nps"])
    # nodes per second of processor time: the engine's nps (nodes over its
    # own clock, which runs on while the process waits for a processor)
    # times the wall time over the processor time the process had
    return int(info["depth"]), nodes, nps, nps * wall / cpu if cpu > 0 else 0, cpu


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
        for variant, name, fen in POSITIONS:
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
