# Copyright (C) 2026 Cheops Studio developers
# SPDX-License-Identifier: GPL-3.0-or-later
"""The plumbing the four cross-checks share: running the tool, counting and
reporting checks, diffs, refusals and following a perft mismatch down the
tree.  No rules live here: each game's cross-check passes its reference
module and a function that plays one move text in the reference.

A reference module must offer output_moves(fen), output_status(fen) and
output_perft(fen, depth, divide), each returning the tool's expected text.
"""

import difflib
import subprocess
import sys


def parse_divide(text):
    """The rows `MOVE: COUNT` of a `perft --divide` output, as a dict."""
    rows = {}
    for line in text.splitlines():
        if ":" in line and not line.startswith("Nodes"):
            mv, n = line.split(":", 1)
            rows[mv.strip()] = n.strip()
    return rows


class Checker:
    """Runs `TOOL CMD VARIANT_ARGS ARGS...` and counts checks.

    ref: the reference module; child_fen(fen, move_text): the reference's FEN
    after that move (used only to explain a perft mismatch); variant_args:
    the arguments naming the game (e.g. ["--variant", "trigchess"]); known:
    titles of known disagreements left out unless run_all (counted in
    `skipped`); name: what the tool is called in diffs."""

    def __init__(self, tool, ref, child_fen, variant_args=(), known=None, run_all=False,
                 name="tool"):
        self.tool = tool
        self.ref = ref
        self.child_fen = child_fen
        self.variant_args = list(variant_args)
        self.known_titles = known or {}
        self.run_all = run_all
        self.name = name
        self.passed = 0
        self.failed = 0
        self.skipped = 0
        # Set (true) once the tool has answered a valid position; until then
        # a refusal proves nothing (the tool may refuse all).
        self.accepts_valid = False

    def call(self, cmd, args):
        """(exit status or None on time-out or failure to start, stdout, stderr)."""
        try:
            proc = subprocess.run([self.tool, cmd] + self.variant_args + list(args),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  timeout=300)
        except subprocess.TimeoutExpired:
            return None, "", "timed out"
        except OSError as e:
            return None, "", str(e)
        return proc.returncode, proc.stdout, proc.stderr

    def run_tool(self, cmd, args):
        """(stdout, None) on exit status 0, else (None, what went wrong)."""
        rc, out, err = self.call(cmd, args)
        if rc != 0:
            return None, "exit status %s; stderr: %s" % (rc, err.strip())
        return out, None

    def known(self, title):
        if title in self.known_titles and not self.run_all:
            self.skipped += 1
            return True
        return False

    def report(self, ok, title, fen, detail):
        if ok:
            self.passed += 1
            return
        self.failed += 1
        print("FAIL %s" % title)
        if fen is not None:
            print("  fen: %s" % fen)
        for line in detail.rstrip("\n").split("\n"):
            print("  " + line)
        sys.stdout.flush()

    def diff(self, c_text, r_text, a=None, b="reference"):
        return "".join(difflib.unified_diff(
            c_text.splitlines(True), r_text.splitlines(True), fromfile=a or self.name,
            tofile=b, n=0))

    def compare(self, title, fen, cmd, args, ref_text):
        """One check: the tool's output of CMD ARGS equals ref_text.  Returns
        the tool's output, or None when it failed (or the check is known)."""
        if self.known(title):
            return None
        c_text, err = self.run_tool(cmd, args)
        if err is not None:
            self.report(False, title, fen, "the tool failed: " + err)
            return None
        ok = c_text == ref_text
        detail = "" if ok else self.diff(c_text, ref_text)
        if not ok and cmd == "perft" and "--divide" in args:
            detail += self.drill(fen, c_text, ref_text, int(args[-1]))
        self.report(ok, title, fen, detail)
        return c_text

    def refused(self, title, fen, cmd, args):
        """One check: the tool refuses, with exit status 2 and exactly one
        line on stderr."""
        if self.known(title):
            return
        rc, out, err = self.call(cmd, args)
        lines = err.splitlines()
        ok = rc == 2 and len(lines) == 1 and lines[0].strip() != ""
        if ok and not self.accepts_valid:
            self.report(False, title, fen, "the tool refuses the initial position too, so this "
                        "refusal proves nothing")
            return
        self.report(ok, title, fen, "" if ok else
                    "want exit status 2 and one line on stderr; got exit status %s, stderr %r, "
                    "stdout %r" % (rc, err, out))

    def drill(self, fen, c_text, r_text, depth):
        """Follow a perft --divide mismatch at `depth` down the tree to the
        first position whose move lists differ; returns the explanation."""
        ref = self.ref
        c_rows, r_rows = parse_divide(c_text), parse_divide(r_text)
        if set(c_rows) != set(r_rows):
            return ("  -> the move lists differ at this position: only %s: %s; only reference: %s\n"
                    % (self.name, sorted(set(c_rows) - set(r_rows)),
                       sorted(set(r_rows) - set(c_rows))))
        for mv in sorted(c_rows):
            if c_rows[mv] == r_rows[mv]:
                continue
            child = self.child_fen(fen, mv)
            text = "  -> after %s (%s %s, reference %s): %s\n" % (mv, self.name, c_rows[mv],
                                                                 r_rows[mv], child)
            c_moves, err = self.run_tool("moves", ["--fen", child])
            if err is not None:
                return text + "     the tool failed: %s\n" % err
            r_moves = ref.output_moves(child)
            if c_moves != r_moves:
                c_st, _ = self.run_tool("status", ["--fen", child])
                return (text + "     moves differ there:\n" +
                        "".join("     " + l for l in self.diff(c_moves, r_moves).splitlines(True)) +
                        "     status (%s):\n" % self.name +
                        "".join("       " + l for l in (c_st or "").splitlines(True)) +
                        "     status (reference):\n" +
                        "".join("       " + l for l in ref.output_status(child).splitlines(True)))
            if depth - 1 < 2:
                return text + "     (same moves there; counts differ for another reason)\n"
            c_div, err = self.run_tool("perft", ["--fen", child, "--divide", str(depth - 1)])
            r_div = ref.output_perft(child, depth - 1, True)
            if err is not None or c_div == r_div:
                return text + "     (same divide there)\n"
            return text + self.drill(child, c_div, r_div, depth - 1)
        return ""
