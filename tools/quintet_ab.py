#!/usr/bin/env python3
"""kinrow against quintet on quintet's own Renju cases, side by side.

    python3 tools/quintet_ab.py QUINTET_SOLVE KINROW [--time S] [--cases DIR] [CASE ...]

QUINTET_SOLVE is quintet's `examples/solve` binary, built locally from its
public repository (`cargo build --release --example solve` in a checkout of
`renju-note/quintet`; never committed here). KINROW is a kinrow binary.
Each case of `positions/renju-puzzles` (default: all 74) is run by quintet
as its case file in DIR says (mode, limit, threat_limit, attacker, board;
default DIR `../shared/data/quintet-cases`), then by `kinrow solve` on the
case's `-renju` puzzle with one thread, one case after the other, so that
both see the same machine. Each run gets S seconds of wall time (default
10); quintet, which has no time limit, is stopped there.

Prints one line per case (name, quintet's answer and seconds, kinrow's
answer, nodes and seconds), then the issue's figures: cases each proves,
the cases where either takes over 0.5 s and how many of them kinrow is
faster on, and both totals on the cases quintet proves.
"""

import argparse
import json
import os
import subprocess
import sys
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PUZZLES = os.path.join(ROOT, "positions", "renju-puzzles")


def read_case(path):
    """The keys of a quintet case file and its board rows."""
    keys, rows, in_board = {}, [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if in_board:
                if line.strip():
                    rows.append(line)
            elif line.startswith("#") or not line.strip():
                continue
            elif line.startswith("board:"):
                in_board = True
            else:
                key, _, value = line.partition(":")
                keys[key.strip()] = value.strip()
    if len(rows) != 15:
        sys.exit(f"{path}: expected 15 board rows, found {len(rows)}")
    return keys, "\n".join(rows)


def run_quintet(solve, keys, board, seconds):
    """quintet's answer ('win' or 'unknown') and its wall seconds."""
    args = [solve, keys["mode"], keys["limit"], keys.get("threat_limit", "0"),
            keys["attacker"], board]
    start = time.monotonic()
    try:
        out = subprocess.run(args, capture_output=True, text=True,
                             timeout=seconds, check=False).stdout
    except subprocess.TimeoutExpired:
        return "unknown", float(seconds)
    spent = time.monotonic() - start
    return ("win" if "\nEnd:" in out else "unknown"), spent


def run_kinrow(kinrow, case, seconds):
    """kinrow's answer, nodes and wall seconds on the case's renju puzzle."""
    path = os.path.join(PUZZLES, case + ".pos")
    args = [kinrow, "solve", path, "--name", case + "-renju", "--time",
            str(seconds), "--threads", "1", "--json", "--allow-unknown"]
    start = time.monotonic()
    out = subprocess.run(args, capture_output=True, text=True, check=False)
    spent = time.monotonic() - start
    if out.returncode != 0:
        sys.exit(f"kinrow failed on {case}: {out.stderr.strip()}")
    report = json.loads(out.stdout)
    return report["result"], report["nodes"], spent


def summary(rows):
    """The issue's figures over the per-case rows."""
    q_wins = [r for r in rows if r[1] == "win"]
    k_wins = [r for r in rows if r[3] == "win"]
    slow = [r for r in rows if (r[1] == "win" and r[2] > 0.5) or (r[3] == "win" and r[5] > 0.5)]
    faster = [r for r in slow if r[3] == "win" and (r[1] != "win" or r[5] < r[2])]
    both = [r for r in q_wins if r[3] == "win"]
    print(f"quintet proves {len(q_wins)}, kinrow {len(k_wins)} of {len(rows)}")
    print(f"either over 0.5 s: {len(slow)}; kinrow faster on {len(faster)}")
    print(f"on the {len(q_wins)} quintet proves: quintet {sum(r[2] for r in q_wins):.1f} s, "
          f"kinrow {sum(r[5] for r in q_wins):.1f} s "
          f"(kinrow proves {len(both)} of them; its unproved ones count at the limit)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("quintet")
    parser.add_argument("kinrow")
    parser.add_argument("--time", type=int, default=10)
    parser.add_argument("--cases", default=os.path.join(ROOT, "..", "shared", "data", "quintet-cases"))
    parser.add_argument("case", nargs="*")
    args = parser.parse_args()
    cases = args.case or sorted(f[:-4] for f in os.listdir(PUZZLES) if f.endswith(".pos"))
    rows = []
    for case in cases:
        keys, board = read_case(os.path.join(args.cases, case + ".txt"))
        q, q_s = run_quintet(args.quintet, keys, board, args.time)
        k, nodes, k_s = run_kinrow(args.kinrow, case, args.time)
        rows.append((case, q, q_s, k, nodes, k_s))
        print(f"{case} {q} {q_s:.3f} {k} {nodes} {k_s:.3f}", flush=True)
    summary(rows)


if __name__ == "__main__":
    main()
