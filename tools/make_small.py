#!/usr/bin/env python3
"""Write the suite of many small puzzles, positions/small/, from the Renju
puzzles.

Usage: python3 tools/make_small.py [--kinrow PATH] [OUT_DIR]
       (default: target/release/kinrow, positions/small)

Every puzzle is a real-game 15x15 position met along the winning line of a
case of positions/renju-puzzles/ (quintet's line, kept in a `#` comment
there), with x to move: the case's position after 0, 2, 4, ... plies of the
line. A line of L plies ends with x leaving two winning cells, so after i
plies x has a win of L + 2 - i plies along it. Each position is asked two
questions under `candidates near 1` and `attack threats`: win within that
length ("line" puzzles), and within two plies fewer ("cut" puzzles, mostly
no-win), under both rules. The line's last step, x to move and win within
3 plies ("finish" puzzles), is kept too however small: it is the one the
naive reference recursion can check (each solution move, in a few
milliseconds).

The `expect` lines are NOT published answers: this script asks kinrow's
AND-OR and PNS provers (`kinrow solve --json`), keeps only the puzzles both
settle within the node budget and agree on, and, for a win, writes AND-OR's
set of winning first moves (`--all-moves`) as the `solution` line, so that
`kinrow verify` also checks the first move a prover reports (a win whose
set AND-OR cannot complete within ALL_MOVES_NODES is dropped). Puzzles PNS
settles in fewer than MIN_NODES nodes are dropped as too trivial to time,
those needing more than MAX_NODES as not small. The test
crates/prover/tests/it/small_suite.rs checks the verdicts again with both
provers and, on the finish puzzles, with the naive reference recursion.
Node counts are deterministic, so re-running this script gives
byte-identical files as long as the provers' search does not change.
"""

import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PUZZLES = os.path.join(ROOT, "positions", "renju-puzzles")
# Keep puzzles PNS settles in MIN_NODES..=MAX_NODES nodes created.
MIN_NODES = 300
MAX_NODES = 10_000
# AND-OR's budget for the set of all winning first moves of a win.
ALL_MOVES_NODES = 2_000_000
RULES = ("freestyle", "exact")


def read_case(case):
    """The freestyle grid rows (row 15 first) and the winning line of a case."""
    rows, line, inside, in_line = [], [], False, False
    with open(os.path.join(PUZZLES, case + ".pos"), encoding="utf-8") as f:
        for text in f:
            text = text.rstrip("\n")
            if text.startswith("["):
                inside = text == "[%s-freestyle]" % case
                continue
            if not inside:
                continue
            if text.startswith("# quintet's winning line"):
                in_line = True
                continue
            if in_line and text.startswith("#   "):
                line.extend(text[1:].split())
                continue
            in_line = False
            parts = text.split()
            if len(parts) == 16 and parts[0].isdigit():
                rows.append(parts[1:])
    assert len(rows) == 15 and line, case
    return rows, line


def play(rows, moves):
    """The grid rows after `moves` (x first)."""
    rows = [r[:] for r in rows]
    colour = "x"
    for m in moves:
        x, y = ord(m[0]) - ord("a"), int(m[1:])
        r = rows[15 - y]
        assert r[x] == ".", m
        r[x] = colour
        colour = "o" if colour == "x" else "x"
    return rows


def section(name, case, played, rule, depth, rows, expect=None, solution=None):
    """One puzzle of a suite file."""
    lines = [
        "[%s]" % name,
        "source quintet benches/cases/%s.txt (MIT, Copyright (c) 2020 Renju Note)%s"
        % (case, "; after " + " ".join(played) if played else ""),
        "board 15",
        "k 5",
        "rule " + rule,
        "candidates near 1",
        "attack threats",
        "to-move x",
        "depth %d" % depth,
    ]
    if expect:
        lines.append("expect " + expect)
    if solution:
        lines.append("solution " + " ".join(solution))
    lines += ["%2d %s" % (15 - i, " ".join(r)) for i, r in enumerate(rows)]
    lines.append("   " + " ".join("abcdefghijklmno"))
    return "\n".join(lines) + "\n"


def solve(kinrow, puzzles, prover, max_nodes, all_moves=False):
    """kinrow's JSON answer for each of `puzzles` (texts), by name."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "puzzles.pos")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(puzzles))
        cmd = [kinrow, "solve", path, "--json", "--prover", prover,
               "--max-nodes", str(max_nodes)]
        if all_moves:
            cmd.append("--all-moves")
        out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    answers = [json.loads(l) for l in out.splitlines() if l.strip()]
    return {a["name"]: a for a in answers}


def main():
    args = sys.argv[1:]
    kinrow = os.path.join(ROOT, "target", "release", "kinrow")
    if args[:1] == ["--kinrow"]:
        kinrow, args = args[1], args[2:]
    out = args[0] if args else os.path.join(ROOT, "positions", "small")
    cases = sorted(f[:-4] for f in os.listdir(PUZZLES) if f.endswith(".pos"))
    # Every question: (name, case, played moves, rule, depth, rows).
    questions = []
    for case in cases:
        start, line = read_case(case)
        for i in range(0, len(line), 2):
            rows = play(start, line[:i])
            length = len(line) + 2 - i
            if length == 3:
                kinds = (("finish", 3),)
            else:
                kinds = (("line", length), ("cut", length - 2))
            for kind, depth in kinds:
                for rule in RULES:
                    name = "%s-%d-%s-%s" % (case, i, kind, rule)
                    questions.append((name, case, line[:i], rule, depth, rows))
    texts = [section(*q) for q in questions]
    pns = solve(kinrow, texts, "pns", 2 * MAX_NODES)
    andor = solve(kinrow, texts, "and-or", 2 * MAX_NODES)
    kept = []
    for q in questions:
        a, b = andor[q[0]], pns[q[0]]
        if "unknown" in (a["result"], b["result"]):
            continue
        assert a["result"] == b["result"], (q[0], a, b)
        if "-finish-" in q[0] or MIN_NODES <= b["nodes"] <= MAX_NODES:
            kept.append((q, b))
    # Every winning first move, for the `solution` lines of the wins.
    wins = [section(*q) for q, b in kept if b["result"] == "win"]
    every = solve(kinrow, wins, "and-or", ALL_MOVES_NODES, all_moves=True)
    os.makedirs(out, exist_ok=True)
    for f in os.listdir(out):
        if f.endswith(".pos"):
            os.remove(os.path.join(out, f))
    by_case, dropped = {}, 0
    for q, b in kept:
        solution = None
        if b["result"] == "win":
            solution = every[q[0]]["winning_moves"]
            if solution is None:  # the budget ran out
                dropped += 1
                continue
            assert b["move"] in solution, (q[0], b, solution)
        by_case.setdefault(q[1], []).append(section(*q, b["result"], solution))
    for case, texts in by_case.items():
        header = (
            "# kinrow's small puzzles from positions/renju-puzzles/%s.pos,\n"
            "# written by tools/make_small.py: positions along quintet's\n"
            "# winning line. The expected verdicts and solutions were found by\n"
            "# kinrow's provers and cross-checked (see README.md here), not\n"
            "# published.\n\n" % case)
        with open(os.path.join(out, case + ".pos"), "w", encoding="utf-8") as f:
            f.write(header + "\n".join(texts))
    print("%d puzzles written to %s (%d wins dropped: all winning moves not found)"
          % (sum(len(t) for t in by_case.values()), out, dropped))


if __name__ == "__main__":
    main()
