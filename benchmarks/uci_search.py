# SPDX-License-Identifier: GPL-3.0-or-later
"""What benchmarks/engine-nps.py and benchmarks/engine-threads.py share: the
positions they search (each game's start and a `bench` middlegame) and one
timed search by a fresh UCI engine process."""

import os
import subprocess
import time

# game, position, FEN (None: the start), the depth of engine-threads.py --depth
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
    """The processor time (user + system, seconds) process @pid has had."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def search(cmd, variant, position, go, threads=1):
    """One search by a fresh process of @cmd (argv): UCI_Variant @variant,
    Hash 64, Threads @threads, `position @position` ("startpos", "fen ...",
    "startpos moves ..."), then `@go` ("go movetime 3000").  Returns the
    depth, nodes and nps of its last `info ... pv` line, and the wall and
    processor seconds of the `go` up to `bestmove`."""
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
    send(f"setoption name Threads value {threads}")
    send("ucinewgame")
    send("isready")
    wait_for("readyok")
    send(f"position {position}")
    send("isready")
    wait_for("readyok")
    cpu0 = cpu_seconds(p.pid)
    t0 = time.monotonic()
    send(go)
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
    return int(info["depth"]), int(info["nodes"]), int(info["nps"]), wall, cpu
