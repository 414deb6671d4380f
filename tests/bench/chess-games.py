#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Writes random legal CHESS games, in the shape of bench-pgn's Cheops games
# (same lengths, same rates of comments, [%eval] annotations, NAGs and
# variations), for comparing the Cheops reader with pgn-extract on a file of
# the same size.  Legal moves come from fairy-stockfish ("go perft 1"); the
# moves are written in long algebraic form ("e2e4"), which pgn-extract then
# turns into SAN (-Wsan), checking every move on its way.
#
#   chess-games.py N_GAMES SEED > long.pgn
import random
import subprocess
import sys

WORDS = ("the Apex is a strong idea here but Orange holds Green must watch the "
         "Gate and both flanks checklock threatens after this Swordmaster move "
         "Pawn climbs level wins draws better was Sister Assassin leap collapse").split()


class Engine:
    def __init__(self):
        self.p = subprocess.Popen(["/usr/games/fairy-stockfish"], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        while self.p.stdout.readline().strip() != "uciok":
            pass

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def moves(self, history):
        self.send("position startpos moves " + " ".join(history) if history else "position startpos")
        self.send("go perft 1")
        out = []
        while True:
            line = self.p.stdout.readline()
            if line.startswith("Nodes searched"):
                return out
            if ":" in line:
                out.append(line.split(":")[0].strip())


def comment(rng):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randrange(2, 14)))


def line(rng, engine, history, length, depth, out):
    """Appends movetext tokens for up to @length random moves after @history."""
    history = list(history)
    for i in range(length):
        legal = engine.moves(history)
        if not legal:
            break
        move = rng.choice(legal)
        # the move number as PGN writes it
        ply = len(history)
        if ply % 2 == 0:
            out.append("%d. %s" % (ply // 2 + 1, move))
        else:
            out.append("%d... %s" % (ply // 2 + 1, move) if i == 0 else move)
        r = rng.randrange(100)
        if r < 15:
            out.append("{%s}" % comment(rng))
        elif r < 20:
            out.append("{[%%eval %.2f,%d]}" % (rng.randrange(-500, 500) / 100, rng.randrange(10, 30)))
        if rng.randrange(100) < 8:
            out.append("$%d" % rng.randrange(1, 7))
        if depth < 3 and rng.randrange(100) < (10 if depth == 0 else 4):
            sub = []
            line(rng, engine, history, rng.randrange(1, 9), depth + 1, sub)
            if sub:
                out.append("(" + " ".join(sub) + ")")
        history.append(move)


def main():
    n_games, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    engine = Engine()
    for g in range(n_games):
        tokens = []
        line(rng, engine, [], rng.randrange(40, 160), 0, tokens)
        print('[Event "Generated"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "%d"]\n'
              '[White "Engine A"]\n[Black "Engine B"]\n[Result "*"]\n' % (g + 1))
        print(" ".join(tokens) + " *\n")
    engine.send("quit")


main()
