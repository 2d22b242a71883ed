#!/usr/bin/env python3
"""Two kinrow binaries (or one binary under two sets of flags) side by side
on whole position files: each file is solved by OLD, then by NEW, then the
next file, so that both see the machine alike.

    tools/suite_ab.py OLD NEW [--threads T] [--time S] [--old-args ARGS]
                      [--new-args ARGS] [--show SECONDS] [--log FILE] FILE...

Each run is `BIN solve FILE --time S --threads T --json --allow-unknown`
plus ARGS (say `--new-args "--prover vct-dfpn"`). Prints, per folder (and
per rule for `positions/renju-puzzles`): the positions, how many each
settled (win or no-win), the seconds each took on those both settled, and
how many verdicts differ; then every position whose answer differs, or
whose time differs by over SECONDS (`--show`), with the prover that
answered. Exits 1 when a verdict differs (one's win, the other's no-win):
a wrong answer in one of them. `--log` keeps the JSON lines. Figures in
docs/figures/ quote it with its command and commit.
"""
import argparse
import collections
import json
import shlex
import subprocess
import sys


def solve(binary, path, args, extra):
    """The JSON answers of `binary solve path`, by position name."""
    cmd = [binary, "solve", path, "--time", str(args.time), "--threads",
           str(args.threads), "--json", "--allow-unknown", *shlex.split(extra)]
    run = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if run.returncode not in (0, 3):
        sys.exit(f"{' '.join(cmd)}: exit {run.returncode}: {run.stderr.strip()}")
    return {d["name"]: d for d in map(json.loads, run.stdout.splitlines())}


def group(path, name):
    """The folder of `path`, with the rule for the renju puzzles."""
    folder = path.rstrip("/").split("/")[-2]
    if folder == "renju-puzzles":
        return f"{folder} {name.rsplit('-', 1)[-1]}"
    return folder


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("files", nargs="+")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--time", type=float, default=10)
    ap.add_argument("--old-args", default="")
    ap.add_argument("--new-args", default="")
    ap.add_argument("--show", type=float, default=1.0)
    ap.add_argument("--log")
    args = ap.parse_args()
    log = open(args.log, "w") if args.log else None
    rows = collections.defaultdict(list)
    for path in args.files:
        old = solve(args.old, path, args, args.old_args)
        new = solve(args.new, path, args, args.new_args)
        for name, a in old.items():
            if name in new:
                rows[group(path, name)].append((name, a, new[name]))
                if log:
                    print(json.dumps({"old": a, "new": new[name]}), file=log)
    settled = lambda d: d["result"] != "unknown"
    differ = 0
    print(f"{'':26} {'positions':>9} {'settled':>13} {'both':>5} {'seconds on both':>17} differ")
    for g, rs in sorted(rows.items()):
        both = [(a, b) for _, a, b in rs if settled(a) and settled(b)]
        wrong = sum(a["result"] != b["result"] for a, b in both)
        differ += wrong
        print(f"{g:26} {len(rs):9} {sum(settled(a) for _, a, _ in rs):6} "
              f"{sum(settled(b) for _, _, b in rs):6} {len(both):5} "
              f"{sum(a['seconds'] for a, _ in both):8.1f} "
              f"{sum(b['seconds'] for _, b in both):8.1f} {wrong:6}")
    for g, rs in sorted(rows.items()):
        for name, a, b in rs:
            if a["result"] != b["result"] or abs(a["seconds"] - b["seconds"]) > args.show:
                print(f"  {name}: {a['result']} {a['seconds']:.2f} s ({a['prover']})"
                      f" | {b['result']} {b['seconds']:.2f} s ({b['prover']})")
    if differ:
        print(f"{differ} verdicts differ", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
