#!/usr/bin/env python3
# fake-clock-engine.py MODE MS MOVE: a UCI engine for test-match-clock that,
# on each `go`, either waits MS milliseconds without using the processor
# (MODE wait: as an engine does that waits for a processor on a loaded
# machine) or computes for MS milliseconds (MODE burn), then plays MOVE.
import sys
import time

mode, ms, move = sys.argv[1], int(sys.argv[2]) / 1000.0, sys.argv[3]
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "uci":
        print("id name fake clock engine\nuciok", flush=True)
    elif words[0] == "isready":
        print("readyok", flush=True)
    elif words[0] == "go":
        if mode == "wait":
            time.sleep(ms)
        else:
            end = time.process_time() + ms
            while time.process_time() < end:
                pass
        print("bestmove " + move, flush=True)
    elif words[0] == "quit":
        break
