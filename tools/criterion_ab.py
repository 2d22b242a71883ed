#!/usr/bin/env python3
"""Side-by-side criterion timings of two builds of the benches, one
benchmark at a time, old then new, so that both see the same load.

These shared machines differ by 2x from one to the next, and one machine's
load drifts over minutes: two whole `cargo bench` runs one after the other
compare badly. This runs each benchmark of the old build and then the same
benchmark of the new build before going on to the next, and prints both
medians and their ratio.

Build the benches at each commit first (a worktree per commit), and copy the
binaries out of target/release/deps (the ones named like the bench, without
an extension), e.g. into /tmp/bench-old/{board,andor,pns,vcf} and
/tmp/bench-new/...:

    cargo bench -p kinrow-bench --no-run

Then, from crates/bench (the benches read the bundled positions from there):

    python3 ../../tools/criterion_ab.py /tmp/bench-old /tmp/bench-new \
        board andor pns vcf [--filter REGEX] [--time SECONDS]

Writes a Markdown table on stdout: benchmark, old median, new median,
new/old. Criterion's own options: 1 s warm-up, SECONDS (default 2) of
measurement, 10 samples; a benchmark whose single iteration takes longer is
sampled as often as criterion can.
"""

import argparse
import re
import subprocess
import sys

UNITS = {"ps": 1e-12, "ns": 1e-9, "µs": 1e-6, "us": 1e-6, "ms": 1e-3, "s": 1.0}
TIME = re.compile(r"time:\s+\[\S+ \S+ (\S+) (\S+) \S+ \S+\]")


def benchmarks(binary):
    out = subprocess.run([binary, "--list"], capture_output=True, text=True).stdout
    return [line[: -len(": benchmark")] for line in out.splitlines() if line.endswith(": benchmark")]


def median(binary, name, seconds):
    args = [binary, "--bench", "--exact", name, "--warm-up-time", "1",
            "--measurement-time", str(seconds), "--sample-size", "10", "--noplot"]
    out = subprocess.run(args, capture_output=True, text=True).stdout
    m = TIME.search(out)
    if not m:
        return None
    return float(m.group(1)) * UNITS[m.group(2)]


def show(t):
    if t is None:
        return "-"
    for unit in ("s", "ms", "µs", "ns"):
        if t >= UNITS[unit] or unit == "ns":
            return f"{t / UNITS[unit]:.3g} {unit}"
    return str(t)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("old")
    p.add_argument("new")
    p.add_argument("benches", nargs="+")
    p.add_argument("--filter", default="", help="only benchmarks matching this regex")
    p.add_argument("--time", type=float, default=2.0, help="measurement seconds per run")
    a = p.parse_args()
    print("| benchmark | old | new | new/old |")
    print("| --- | ---: | ---: | ---: |")
    ratios = []
    for bench in a.benches:
        for name in benchmarks(f"{a.new}/{bench}"):
            if not re.search(a.filter, name):
                continue
            old = median(f"{a.old}/{bench}", name, a.time)
            new = median(f"{a.new}/{bench}", name, a.time)
            ratio = new / old if old and new else None
            if ratio:
                ratios.append(ratio)
            r = f"{ratio:.2f}" if ratio else "-"
            print(f"| {name} | {show(old)} | {show(new)} | {r} |", flush=True)
    if ratios:
        geo = 1.0
        for r in ratios:
            geo *= r
        geo **= 1 / len(ratios)
        print(f"\n{len(ratios)} benchmarks, geometric mean of new/old: {geo:.3f}")


if __name__ == "__main__":
    sys.exit(main())
