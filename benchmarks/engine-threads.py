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
import subprocess
import time

# game, position, FEN (None: the start), the depth of --depth mode
POSITIONS = [
    ("cheops", "start", None, 10),
    ("cheops", "middlegame", "1/3/5/1S5/9/PP7pp/APP1P4p1pa/M3P1aPp1p2km/AKM8p2m1a q 0 19", 10),
    ("trigchess", "start", None, 16),
    ("trigchess", "middlegame", "ds4d/2k1s1p/g1Gp1p3/1S1P1P1S1/1p1K2P/D5D g 0 17", 15),
    ("cypher", "start", None, 8),
    ("cypher", "middlegame",
     "s9/3n2nr2/1r4b3/1Q4ppp1/4pk4/1p2N1q1p1/3P2S1P1/1PP7/3B2B3/2RNK2R2/10 w PPPPpp 0+0 - 1 21", 8),
    ("pyramids", "start", None, 8),
    ("pyramids", "middlegame",
     "3(.4321)f4/s3ss3/1s3(.4321)3/1ss2s2s/1S7/S2S1SSs1/2(4321.)1S3(4321.)/4SS2S/4F4 w Ff 0 16", 5),
]


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def search(engine, variant, fen, threads, movetime, depth=None):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

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
    send(f"setoption name Threads value {threads}")
    send("ucinewgame")
    send("isready")
    wait_for("readyok")
    send("position startpos" if fen is None else f"position fen {fen}")
    cpu0 = cpu_seconds(p.pid)
    t0 = time.monotonic()
    send(f"go depth {depth}" if depth else f"go movetime {movetime}")
    last = None
    for line in p.stdout:
        if line.startswith("info") and " pv " in line:
            last = line.split()
        if line.startswith("bestmove"):
            break
    wall = time.monotonic() - t0
    cpu = cpu_seconds(p.pid) - cpu0
    send("quit")
    p.wait()
    info = {last[i]: last[i + 1] for i in range(1, len(last) - 1) if last[i] in ("depth", "nodes", "nps")}
    nodes = int(info["nodes"])
    return int(info["depth"]), nodes, int(info["nps"]), nodes / cpu if cpu > 0 else 0, cpu / wall, cpu


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
