#!/usr/bin/env bash
# How `auto` on one thread should split its time between the threat space
# (`vct`) and the whole game (`and-or`, with a horizon): each puzzle is
# solved by each search alone, once, and every split is then evaluated
# from those times (auto runs `vct` for a share F of the budget, or until
# it runs out of threats, and, when it has not proved a win, `and-or` for
# the rest, each from scratch: a puzzle is settled when vct's win comes
# within F*T, or and-or's answer within what vct left, then in vct's
# time plus and-or's).
#
#   tools/auto_split.sh [KINROW] [SECONDS] [FILE...]
#
# KINROW defaults to target/release/kinrow, SECONDS (T, the budget) to 10,
# the files to every position file of positions/renju-puzzles (each of
# their named positions: freestyle, exact, renju) and positions/bench.
# `and-or` runs only where `vct` took over T/8 (elsewhere every split
# from 1/8 to 7/8 proves in vct's time), for at most 7/8 of T. Prints one
# line per position (name, vct's result and seconds, and-or's), then a
# table of the splits F = 1/8 .. 7/8: positions settled, and the total
# time over the positions every split settles. One thread, one run at a
# time; figures in docs/figures/auto.md.
set -euo pipefail
cd "$(dirname "$0")/.."
kinrow=${1:-target/release/kinrow}
budget=${2:-10}
shift $(( $# < 2 ? $# : 2 ))
files=("$@")
[ ${#files[@]} -gt 0 ] || files=(positions/renju-puzzles/*.pos positions/bench/*.pos)
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# "name result seconds depth" of each position of FILE, by PROVER within
# SECONDS (one position when NAME is given).
run() { # FILE PROVER SECONDS [NAME]
  "$kinrow" solve "$1" --prover "$2" --time "$3" --threads 1 --allow-unknown ${4:+--name "$4"} --json |
    python3 -c 'import json,sys
for l in sys.stdin:
    d = json.loads(l)
    print(d["name"], d["result"], round(d["seconds"], 3), d["depth"] or 0)'
}
for f in "${files[@]}"; do
  # Positions with a horizon of 5 plies or more: auto tries the threat
  # space there.
  run "$f" vct "$budget" | while read -r name vr vs depth; do
    [ "$depth" -ge 5 ] || continue
    a="- 0"
    if ! awk -v r="$vr" -v s="$vs" -v t="$budget" 'BEGIN { exit !(r == "win" && s <= t / 8) }'; then
      a=$(run "$f" and-or "$(awk -v t="$budget" 'BEGIN { print t * 7 / 8 }')" "$name" < /dev/null |
        awk '{ print $2, $3 }')
    fi
    echo "$name $vr $vs $a"
  done
done | tee "$out"
python3 - "$out" "$budget" <<'EOF'
import sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
T = float(sys.argv[2])
def auto(f, vr, vs, ar, as_):
    """(settled, seconds) of auto with the threat space's share f."""
    if vr == "win" and vs <= f * T:
        return True, vs
    # The threat space stops at its share, or sooner when it runs out of
    # threats (unknown before the budget: T is its budget here).
    used = vs if vr != "win" and vs < T - 0.5 and vs <= f * T else f * T
    if ar in ("win", "no-win") and as_ <= T - used:
        return True, used + as_
    return False, T
splits = [i / 8 for i in range(1, 8)]
res = {f: [auto(f, r[1], float(r[2]), r[3], float(r[4])) for r in rows] for f in splits}
every = [all(res[f][i][0] for f in splits) for i in range(len(rows))]
print(f"{len(rows)} positions; the total over the {sum(every)} every split proves")
print("| share of the threat space | settled | total seconds |")
print("| --- | ---: | ---: |")
for f in splits:
    proved = sum(p for p, _ in res[f])
    total = sum(s for (p, s), e in zip(res[f], every) if e)
    print(f"| {int(f * 8)}/8 | {proved} | {total:.1f} |")
EOF
