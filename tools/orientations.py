#!/usr/bin/env python3
"""Every puzzle in another orientation of the board: same verdict, same nodes?

    python3 tools/orientations.py KINROW [--time S] [--seed N] [--all] [FILE ...]

Reads the puzzles of the given `.pos` files (default: every file of
`positions/renju-puzzles`), turns each board by one of the square's eight
symmetries (a seeded random one per puzzle, or all seven others with
--all), writes the turned puzzles to a temporary suite, and solves the
originals and the turned ones with `KINROW solve --threads 1 --json
--allow-unknown --time S` (default 10), one after the other.

The rules (freestyle, exact, renju) treat the four line directions alike,
so a turned board is the same game: a verdict that differs is a bug. The
provers order their moves by the canonical cells of the position, so the
node count to a proof should not change either; a puzzle proved in one
orientation and not in the other within the same time shows where it does.
Prints one line per turned puzzle that differs, then the totals. Exits 1
when a verdict differs, 0 otherwise.

Only boards given as rows (every line `N cells...`) are turned; the
sections' comments, which may name cells, are dropped.
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PUZZLES = os.path.join(ROOT, "positions", "renju-puzzles")
ROW = re.compile(r"^\s*(\d+)((?:\s+\S)+)\s*$")
FOOTER = re.compile(r"^\s+(?:[a-z]\s+)*[a-z]\s*$")


def sections(path):
    """(name, key lines, board rows top first) of each section of a file."""
    out, name, keys, rows = [], None, [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("["):
                if name:
                    out.append((name, keys, rows))
                name, keys, rows = line.strip("[]"), [], []
            elif name is None or line.startswith("#") or not line.strip():
                continue
            elif ROW.match(line):
                rows.append(ROW.match(line).group(2).split())
            elif FOOTER.match(line):
                continue
            else:
                keys.append(line)
    if name:
        out.append((name, keys, rows))
    return out


def turn(rows, s):
    """The square grid `rows` under symmetry s (0-7; 0 leaves it)."""
    n = len(rows)
    if any(len(r) != n for r in rows):
        sys.exit("only square boards given as rows can be turned")

    def at(r, c):
        if s & 4:
            r, c = c, r
        if s & 2:
            r = n - 1 - r
        if s & 1:
            c = n - 1 - c
        return rows[r][c]

    return [[at(r, c) for c in range(n)] for r in range(n)]


def write_section(f, name, keys, rows):
    n = len(rows)
    f.write(f"[{name}]\n")
    for k in keys:
        f.write(k + "\n")
    for i, row in enumerate(rows):
        f.write(f"{n - i:2d} " + " ".join(row) + "\n")
    f.write("   " + " ".join(chr(ord("a") + c) for c in range(n)) + "\n\n")


def solve(kinrow, path, seconds):
    """{name: (result, nodes, seconds)} for every puzzle of a suite."""
    out = subprocess.run(
        [kinrow, "solve", path, "--threads", "1", "--json", "--allow-unknown",
         "--time", str(seconds)],
        capture_output=True, text=True, check=False)
    if out.returncode not in (0, 3):
        sys.exit(f"kinrow solve {path} failed ({out.returncode}): {out.stderr[-2000:]}")
    found = {}
    for line in out.stdout.splitlines():
        if line.startswith("{"):
            j = json.loads(line)
            found[j["name"]] = (j["result"], j["nodes"], j["seconds"])
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("kinrow")
    ap.add_argument("files", nargs="*")
    ap.add_argument("--time", type=float, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--all", action="store_true", help="all seven other symmetries")
    a = ap.parse_intermixed_args()
    files = a.files or sorted(
        os.path.join(PUZZLES, f) for f in os.listdir(PUZZLES) if f.endswith(".pos"))
    rng = random.Random(a.seed)
    with tempfile.TemporaryDirectory() as tmp:
        orig, turned = os.path.join(tmp, "orig.pos"), os.path.join(tmp, "turned.pos")
        pairs = []
        with open(orig, "w", encoding="utf-8") as fo, open(turned, "w", encoding="utf-8") as ft:
            for path in files:
                for name, keys, rows in sections(path):
                    if not rows:
                        continue
                    write_section(fo, name, keys, rows)
                    for s in range(1, 8) if a.all else [rng.randrange(1, 8)]:
                        write_section(ft, f"{name}@{s}", keys, turn(rows, s))
                        pairs.append((name, f"{name}@{s}"))
        base, other = solve(a.kinrow, orig, a.time), solve(a.kinrow, turned, a.time)
    wrong = same = 0
    for name, t in pairs:
        (r0, n0, s0), (r1, n1, s1) = base[name], other[t]
        verdicts = {r0, r1} - {"unknown"}
        if len(verdicts) > 1:
            wrong += 1
            print(f"VERDICT DIFFERS {t}: {r0} against {r1}")
        elif r0 == r1 and (r0 == "unknown" or n0 == n1):
            same += 1
        else:
            print(f"{t:36s} {r0:8s} {n0:>10} {s0:6.2f} s   turned {r1:8s} {n1:>10} {s1:6.2f} s")
    proved = (sum(base[n][0] != "unknown" for n, _ in pairs),
              sum(other[t][0] != "unknown" for _, t in pairs))
    print(f"{len(pairs)} turned puzzles: {same} with the same answer and nodes "
          f"(or unknown both), {wrong} with another verdict; proved: "
          f"{proved[0]} as given, {proved[1]} turned")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
