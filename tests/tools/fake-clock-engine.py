#!/usr/bin/env python3
# fake-clock-engine.py MODE MS MOVE: a UCI engine for test-match-clock and
# test-match-runner that, on each `go`, either waits MS milliseconds without
# using the processor (MODE wait: as an engine does that waits for a
# processor on a loaded machine) or computes for MS milliseconds (MODE
# burn), then plays MOVE; MODE die exits at its first `go` (a crash).  With
# FAKE_ENGINE_LOG set, each `go` appends "PID START END" (seconds, the
# monotonic clock) to that file, for a test of games played at once.
import os
import sys
import time

mode, ms, move = sys.argv[1], int(sys.argv[2]) / 1000.0, sys.argv[3]
log = os.environ.get("FAKE_ENGINE_LOG")
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name fake clock engine\nuciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "go":
        start = time.monotonic()
        if mode == "die":
            sys.exit(3)
        if mode == "wait":
            time.sleep(ms)
        else:
            end = time.process_time() + ms
            while time.process_time() < end:
                pass
        if log:
            with open(log, "a") as f:
                f.write("%d %.6f %.6f\n" % (os.getpid(), start, time.monotonic()))
        print("bestmove " + move, flush=True)
    elif words[0] == "quit":
        break
