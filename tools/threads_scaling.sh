#!/usr/bin/env bash
# Time to proof of parallel df-pn on 1, 2, 4, ... threads, side by side in
# one sitting: for each position, every thread count one after the other,
# and the whole round ROUNDS times (the median is what counts: a shared
# machine's load drifts).
#
#   tools/threads_scaling.sh [KINROW] [THREADS] [ROUNDS]
#
# KINROW: the binary (default target/release/kinrow); THREADS: the counts,
# comma-separated (default "1,2"; on the 16-core device "1,2,4,8,16");
# ROUNDS: default 1. Positions: 8x4, 9x4 and 10x4 k=4 from the empty board
# (df-pn settles each) and the bundled
# renju puzzles named in RENJU below, in the whole game; or, when
# POSITIONS is set, its space-separated 8x4, 9x4, 10x4, FILE or FILE@NAME
# instead (say "9x4 positions/mnk/k5.pos@7x7-k5"). Prints one
# Markdown row per position and count: seconds, nodes, speed-up against
# the first count, efficiency (speed-up / threads). PROVER picks the
# prover (default dfpn; vct-dfpn for the renju puzzles in the threat
# space). Needs python3 only to read the JSON.
set -euo pipefail
kinrow=${1:-target/release/kinrow}
threads=${2:-1,2}
rounds=${3:-1}
time_limit=${TIME_LIMIT:-300}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for w in 8 9 10; do
    printf 'board %sx4\nk 4\n' "$w" > "$dir/${w}x4-k4.pos"
done

solve() { # file [name] threads -> "seconds nodes verdict"
    local file=$1 name=$2 t=$3
    local args=("$file" --prover "${PROVER:-dfpn}" --threads "$t" --time "$time_limit" --json)
    [ -n "$name" ] && args+=(--name "$name")
    "$kinrow" solve "${args[@]}" | python3 -c '
import json, sys
r = json.loads(sys.stdin.readline())
print(r["seconds"], r["nodes"], r["result"])'
}

cases=()
for w in 8 9 10; do cases+=("$dir/${w}x4-k4.pos|"); done
for p in ${RENJU:-}; do cases+=("positions/renju-puzzles|$p"); done
if [ -n "${POSITIONS:-}" ]; then
    cases=()
    for p in $POSITIONS; do
        case $p in
        8x4 | 9x4 | 10x4) cases+=("$dir/$p-k4.pos|") ;;
        *@*) cases+=("${p%%@*}|${p#*@}") ;;
        *) cases+=("$p|") ;;
        esac
    done
fi

echo "| position | threads | seconds (median of $rounds) | nodes | verdict | speed-up | efficiency |"
echo "| --- | ---: | ---: | ---: | --- | ---: | ---: |"
for case in "${cases[@]}"; do
    file=${case%%|*}
    name=${case#*|}
    label=${name:-$(basename "$file" .pos)}
    declare -A secs=() nodes=() verdict=()
    for ((r = 0; r < rounds; r++)); do
        for t in ${threads//,/ }; do
            read -r s n v < <(solve "$file" "$name" "$t")
            secs[$t]+="$s "
            nodes[$t]=$n
            verdict[$t]=$v
        done
    done
    base=""
    for t in ${threads//,/ }; do
        med=$(python3 -c 'import statistics,sys; print(statistics.median(map(float, sys.argv[1:])))' ${secs[$t]})
        [ -z "$base" ] && base=$med
        python3 -c '
import sys
label, t, med, base, nodes, verdict = sys.argv[1:]
t, med, base = int(t), float(med), float(base)
up = base / med if med > 0 else float("nan")
print(f"| {label} | {t} | {med:.2f} | {int(nodes):,} | {verdict} | {up:.2f} | {up / t:.2f} |")
' "$label" "$t" "$med" "$base" "${nodes[$t]}" "${verdict[$t]}"
    done
    unset secs nodes verdict
done
