#!/usr/bin/env python3
"""Estimate the core-hours of a draw proof of an empty m,n board, k=5.

A draw proof (x moves first and cannot force five) is a tree: at x's turn
every move x has, at o's turn one reply that holds. Knuth's estimator
(Math. Comp. 29, 1975) walks down it at random: at x's turn a uniformly
random move (the root's up to the board's symmetries, below it every
empty cell), at o's turn the reply `kinrow brain` chooses; after `--plies`
plies the position (x to move) is solved with `kinrow solve`. One walk's
estimate is the product of x's branchings times the leaf's CPU seconds;
their mean estimates the CPU time of all the leaves at that ply, which is
the bulk of a proof that splits there (the cluster's jobs, docs/cluster.md).

What it does not count, and says so in its summary: the nodes above the
leaves, the replies o would try in vain (a leaf the brain's reply loses is
counted, and listed), and the leaves left unknown by the budget (their
CPU time so far is counted: the figure is then a lower bound).

Each walk is a JSON line appended to --out, its random choices seeded by
(--seed, walk): a run that is stopped keeps the walks it finished, and
the same command goes on from the next one. --summary FILE only prints
the summary of the walks in FILE.

  python3 tools/mnk_estimate.py target/release/kinrow --board 8 --plies 6 \\
      --walks 60 --time 60 --out walks.jsonl
"""

import argparse
import json
import math
import random
import resource
import statistics
import subprocess
import sys
from pathlib import Path


def board_size(text):
    w, _, h = text.partition("x")
    return int(w), int(h or w)


def root_moves(w, h):
    """One cell of each class of cells under the board's symmetries."""
    classes = set()
    for x in range(w):
        for y in range(h):
            images = []
            for a, b in ((x, y), (w - 1 - x, y), (x, h - 1 - y), (w - 1 - x, h - 1 - y)):
                images.append((a, b))
                if w == h:
                    images.append((b, a))
            classes.add(min(images))
    return sorted(classes)


def brain_reply(kinrow, w, h, stones, ms):
    """o's reply to `stones` (x first, Gomocup x,y: y from the top) by the brain."""
    start = f"START {w}" if w == h else f"RECTSTART {w},{h}"
    lines = [start, f"INFO timeout_turn {ms}", "INFO rule 0", "BOARD"]
    # The brain plays o: x's stones are the opponent's (2).
    lines += [f"{x},{y},{2 if i % 2 == 0 else 1}" for i, (x, y) in enumerate(stones)]
    lines.append("DONE")
    p = subprocess.Popen([kinrow, "brain"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True)
    p.stdin.write("\n".join(lines) + "\n")
    p.stdin.flush()
    move = None
    for line in p.stdout:
        line = line.strip()
        if line.startswith(("ERROR", "MESSAGE", "DEBUG", "UNKNOWN")):
            if line.startswith(("ERROR", "UNKNOWN")):
                break
            continue
        if "," in line:
            move = tuple(int(v) for v in line.split(","))
            break
    p.stdin.write("END\n")
    p.stdin.close()
    p.wait()
    if move is None or move in stones:
        sys.exit(f"mnk_estimate: the brain gave no usable reply after {stones}")
    return move


def position(w, h, stones):
    names = [f"{chr(ord('a') + x)}{h - y}" for x, y in stones]
    return (f"board {w}x{h}\nk 5\nrule freestyle\ncandidates all\nattack any\n"
            f"moves {' '.join(names)}\n")


def solve(kinrow, path, args):
    cmd = [kinrow, "solve", str(path), "--threads", "1", "--json", "--prover", args.prover,
           "--time", str(args.time)]
    if args.max_nodes:
        cmd += ["--max-nodes", str(args.max_nodes)]
    if args.memory:
        cmd += ["--memory", args.memory]
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime
    p = subprocess.run(cmd, capture_output=True, text=True)
    cpu = resource.getrusage(resource.RUSAGE_CHILDREN).ru_utime - before
    try:
        j = json.loads(p.stdout)
    except json.JSONDecodeError:
        sys.exit(f"mnk_estimate: {path}: no report from kinrow ({p.stderr.strip()[-300:]})")
    return j["result"], j.get("nodes"), j.get("exhausted"), j.get("peak_bytes"), cpu


def walk(args, w, h, n):
    rng = random.Random(f"{args.seed}-{n}")
    stones, branch = [], 1
    for ply in range(args.plies):
        if ply % 2 == 0:
            moves = root_moves(w, h) if ply == 0 else [
                (x, y) for x in range(w) for y in range(h) if (x, y) not in stones]
            branch *= len(moves)
            stones.append(rng.choice(moves))
        else:
            stones.append(brain_reply(args.kinrow, w, h, stones, args.brain_ms))
    path = Path(args.out).with_name(f"{Path(args.out).stem}-{args.seed}-{n}.pos")
    path.write_text(position(w, h, stones))
    result, nodes, exhausted, peak, cpu = solve(args.kinrow, path, args)
    return {"walk": n, "seed": args.seed, "board": f"{w}x{h}", "plies": args.plies,
            "prover": args.prover, "moves": position(w, h, stones).split("moves ")[1].strip(),
            "branch": branch, "result": result, "nodes": nodes, "exhausted": exhausted,
            "peak_bytes": peak, "cpu": round(cpu, 3)}


def summary(rows):
    if not rows:
        return "no walks"
    est = [r["branch"] * r["cpu"] for r in rows]
    mean = statistics.mean(est)
    se = statistics.stdev(est) / math.sqrt(len(est)) if len(est) > 1 else float("nan")
    cpu = [r["cpu"] for r in rows]
    peaks = [r["peak_bytes"] for r in rows if r.get("peak_bytes")]
    counts = {}
    for r in rows:
        counts[r["result"]] = counts.get(r["result"], 0) + 1
    lost = [r["moves"] for r in rows if r["result"] == "win"]
    out = [
        f"{len(rows)} walks of {rows[0]['plies']} plies on {rows[0]['board']} ({rows[0]['prover']}): "
        + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())),
        f"leaf CPU: mean {statistics.mean(cpu):.2f} s, median {statistics.median(cpu):.2f} s, "
        f"max {max(cpu):.2f} s; leaves {rows[0]['branch']:,} (x's moves multiplied)"
        + (f"; peak memory up to {max(peaks) / 2**30:.1f} GiB" if peaks else ""),
        f"estimate: {mean:,.0f} CPU seconds, {mean / 3600:.1f} core-hours, for the leaves "
        f"(standard error {se / 3600:.1f} core-hours)"
        + (" -- a lower bound: unknown leaves count their CPU so far" if counts.get("unknown") else ""),
    ]
    if lost:
        out.append("leaves the brain's reply lost (o must try another reply there): " + "; ".join(lost))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n".join(__doc__.splitlines()[1:]))
    ap.add_argument("kinrow", nargs="?", help="the kinrow binary")
    ap.add_argument("--board", default="8", help="W or WxH (default 8)")
    ap.add_argument("--plies", type=int, default=6, help="plies of each walk (even)")
    ap.add_argument("--walks", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--brain-ms", type=int, default=1000, help="the brain's time per reply")
    ap.add_argument("--prover", default="pns", help="the leaves' prover (default pns)")
    ap.add_argument("--time", type=float, default=60, help="wall seconds per leaf")
    ap.add_argument("--max-nodes", type=int, help="nodes per leaf (a budget the load does not change)")
    ap.add_argument("--memory", help="memory per leaf, e.g. 4G")
    ap.add_argument("--out", default="mnk-walks.jsonl", help="JSON lines, appended")
    ap.add_argument("--summary", metavar="FILE", help="only summarise the walks in FILE")
    args = ap.parse_args()
    if args.summary:
        print(summary([json.loads(line) for line in open(args.summary) if line.strip()]))
        return
    if not args.kinrow:
        ap.error("the kinrow binary is needed (or --summary FILE)")
    if args.plies < 2 or args.plies % 2:
        ap.error("--plies must be even and at least 2: walks end with x to move")
    w, h = board_size(args.board)
    out = Path(args.out)
    done = [json.loads(line) for line in out.open()] if out.exists() else []
    mine = {r["walk"] for r in done if r["seed"] == args.seed and r["plies"] == args.plies}
    for n in range(args.walks):
        if n in mine:
            continue
        row = walk(args, w, h, n)
        print(json.dumps(row), flush=True)
        with out.open("a") as f:
            f.write(json.dumps(row) + "\n")
        done.append(row)
    print(summary([r for r in done if r["plies"] == args.plies]))


if __name__ == "__main__":
    main()
