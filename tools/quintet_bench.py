#!/usr/bin/env python3
"""kinrow against quintet on all of quintet's benchmark cases, side by side.

    python3 tools/quintet_bench.py KINROW [--quintet QUINTET_SOLVE]
        [--time S] [--threads N] [--cases DIR] [--threat-limit case|none]
        [--check-wins] [--json OUT] [CASE ...]

Runs each case of ``../shared/data/quintet-cases`` (121 files: 74 proven,
47 disproven, default) one after the other: quintet's ``examples/solve``
(QUINTET_SOLVE, built locally from the public repository
``renju-note/quintet``, ``cargo build --release --example solve`` at
``d8bdf3c``; never committed here) as the case file says, then kinrow on
the same stones under renju, converted as ``tools/convert_quintet.py``
converts the proven cases (its attack filter; depth ``2 x limit + 1``;
quintet's attacker to move) and, with ``--threat-limit case`` (the
default), the case's own ``threat_limit`` as the position's
``threat-limit`` line (``none``: threats of any length):
``kinrow solve --threads N --time S`` (the default prover) on the proven
cases, ``kinrow solve --prover vct-dfpn --threads N`` on the disproven
ones (``--disproven-prover`` changes it: the issue measured ``vct``,
PNS on one thread, which took 1.5 times ``vct-dfpn``'s time on them on
one thread at ``51ecd81``, docs/figures/threat-space-nodes.md). Each
run gets S seconds of wall time (default 10); quintet, which has no time
limit, is stopped there.

kinrow's answer on a disproven case counts as definite when it is
``no-threat-win`` or ``no-win``, or a ``win``: with ``--check-wins`` its
certificate is then written and checked by ``kinrow check`` (the
independent checker), and a win the checker refuses fails the run.

Prints a line per case (name, expected, quintet's answer and seconds,
kinrow's answer, nodes and seconds), then the issue's table: cases
answered, total seconds, within 2 s, and how many of the cases either
takes over 0.5 s on kinrow is at least 10 times faster on.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import convert_quintet as cq  # noqa: E402  (the converter's mapping, shared)


def position_text(case, threat_limit=True):
    """The kinrow position of a case, under renju, with the converter's
    attack filter and depth, quintet's attacker to move and, with
    `threat_limit`, the case's threat limit."""
    grid = cq.grid_from_quintet(case.rows)
    depth = cq.depth_for(case)
    lines = [f"[{case.name}]", "board 15", "k 5", "rule renju",
             "candidates all", f"attack {cq.attack_for(case)}"]
    if depth is not None:
        lines.append(f"depth {depth}")
    if threat_limit and case.keys["mode"] != "vcf" and case.threat_limit > 0:
        lines.append(f"threat-limit {case.threat_limit}")
    lines.append(f"to-move {cq.attacker(case)}")
    lines += cq.grid_lines(grid)
    return "\n".join(lines) + "\n"


def run_quintet(solve, case, seconds):
    """quintet's answer (win, none or unknown) and its seconds."""
    board = "\n".join(case.rows)
    args = [solve, case.keys["mode"], case.keys["limit"],
            case.keys.get("threat_limit", "0"), case.attacker, board]
    start = time.monotonic()
    try:
        out = subprocess.run(args, capture_output=True, text=True,
                             timeout=seconds, check=False).stdout
    except subprocess.TimeoutExpired:
        return "unknown", float(seconds)
    spent = time.monotonic() - start
    if "\nEnd:" in out:
        return "win", spent
    if "\nNone" in out:
        return "none", spent
    return "unknown", spent


def run_kinrow(kinrow, path, prover, seconds, threads, proof):
    """kinrow's JSON report and its wall seconds."""
    args = [kinrow, "solve", str(path), "--time", str(seconds), "--threads",
            str(threads), "--json", "--allow-unknown"]
    if prover:
        args += ["--prover", prover]
    if proof:
        args += ["--proof", str(proof), "--no-draw-proof", "--force"]
    start = time.monotonic()
    out = subprocess.run(args, capture_output=True, text=True, check=False)
    spent = time.monotonic() - start
    if out.returncode not in (0, 3, 4):
        sys.exit(f"kinrow failed on {path}: {out.stderr.strip()}")
    return json.loads(out.stdout), spent


def check_win(kinrow, path, proof):
    """Whether the independent checker accepts the certificate."""
    out = subprocess.run([kinrow, "check", str(path), str(proof)],
                         capture_output=True, text=True, check=False)
    return out.returncode == 0


def definite(result):
    return result in ("win", "no-win", "no-threat-win")


def table(rows):
    """The issue's table over the per-case rows."""
    for kind in ("proven", "disproven"):
        mine = [r for r in rows if r["kind"] == kind]
        if not mine:
            continue
        if kind == "proven":
            q_ok = [r for r in mine if r["quintet"] == "win"]
            k_ok = [r for r in mine if r["kinrow"] == "win"]
        else:
            q_ok = [r for r in mine if r["quintet"] in ("none", "win")]
            k_ok = [r for r in mine if definite(r["kinrow"])]
        both = [r for r in mine if r in q_ok and r in k_ok]
        k_2s = [r for r in k_ok if r["k_s"] <= 2.0]
        print(f"\n{kind}: {len(mine)} cases")
        print(f"  quintet answers {len(q_ok)}, {sum(r['q_s'] for r in mine):.1f} s in all "
              f"(an unanswered case counted at the limit)")
        print(f"  kinrow answers {len(k_ok)}, {len(k_2s)} within 2 s, "
              f"{sum(r['k_s'] for r in mine):.1f} s in all (likewise)")
        print(f"  on the {len(both)} both answer: quintet {sum(r['q_s'] for r in both):.1f} s, "
              f"kinrow {sum(r['k_s'] for r in both):.1f} s")
        if kind == "disproven":
            wins = [r["case"] for r in mine if r["kinrow"] == "win"]
            print(f"  kinrow's wins (certified where --check-wins): {', '.join(wins) or 'none'}")
            open_ = [r["case"] for r in mine if not definite(r["kinrow"])]
            print(f"  kinrow unanswered: {', '.join(open_) or 'none'}")
        else:
            open_ = [r["case"] for r in mine if r["kinrow"] != "win"]
            print(f"  kinrow unproved: {', '.join(open_) or 'none'}")
    slow = [r for r in rows if r["q_s"] > 0.5 or r["k_s"] > 0.5]
    ten = [r for r in slow if r["k_s"] * 10 <= r["q_s"]]
    faster = [r for r in slow if r["k_s"] < r["q_s"]]
    q_total = sum(r["q_s"] for r in rows)
    k_total = sum(r["k_s"] for r in rows)
    print(f"\nall {len(rows)}: quintet {q_total:.1f} s, kinrow {k_total:.1f} s "
          f"({k_total / q_total:.3f} of quintet's time)" if q_total else "")
    print(f"either over 0.5 s: {len(slow)}; kinrow faster on {len(faster)}, "
          f"at least 10x faster on {len(ten)}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kinrow")
    parser.add_argument("--quintet", help="quintet's examples/solve binary")
    parser.add_argument("--time", type=float, default=10)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--prover", help="kinrow's prover on the proven cases (default: auto)")
    parser.add_argument("--disproven-prover", default="vct-dfpn",
                        help="kinrow's prover on the disproven cases (default: vct-dfpn)")
    parser.add_argument("--cases", default=str(ROOT.parent / "shared" / "data" / "quintet-cases"))
    parser.add_argument("--threat-limit", choices=("case", "none"), default="case",
                        help="the case's threat_limit as the position's threat-limit (default), or none")
    parser.add_argument("--check-wins", action="store_true",
                        help="certify kinrow's wins on the disproven cases with kinrow check")
    parser.add_argument("--json", help="write the rows as JSON to this file")
    parser.add_argument("case", nargs="*")
    args = parser.parse_intermixed_args()
    paths = sorted(Path(args.cases).glob("*.txt"))
    if args.case:
        paths = [p for p in paths if p.stem in args.case]
    rows = []
    with tempfile.TemporaryDirectory() as work:
        for path in paths:
            case = cq.parse_case(path)
            kind = "proven" if "proven" in case.tags else "disproven"
            pos = Path(work) / f"{case.name}.pos"
            pos.write_text(position_text(case, args.threat_limit == "case"), encoding="utf-8")
            q, q_s = ("n/a", 0.0)
            if args.quintet:
                q, q_s = run_quintet(args.quintet, case, args.time)
            prover = args.prover if kind == "proven" else args.disproven_prover
            proof = Path(work) / f"{case.name}.proof" if (args.check_wins and kind == "disproven") else None
            report, k_s = run_kinrow(args.kinrow, pos, prover, args.time, args.threads, proof)
            result = report["result"]
            if proof and result == "win":
                if not check_win(args.kinrow, pos, proof):
                    sys.exit(f"{case.name}: the checker refuses kinrow's win")
                result = "win"
            row = {"case": case.name, "kind": kind, "quintet": q, "q_s": q_s,
                   "kinrow": result, "nodes": report["nodes"], "k_s": k_s,
                   "prover": report.get("prover")}
            rows.append(row)
            print(f"{case.name} {kind} {q} {q_s:.3f} {result} {report['nodes']} {k_s:.3f} "
                  f"{report.get('prover')}", flush=True)
    table(rows)
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
