#!/bin/bash
# Two builds of kinrow side by side on the renju puzzles, case by case (the
# old build, then the new, on each case before the next), one thread each,
# so that both see the same load on a shared machine.
#
#   tools/renju_ab.sh OLD_BINARY NEW_BINARY [SECONDS] [CASES...]
#
# SECONDS is each run's --time (default 10); CASES are names of
# positions/renju-puzzles/*.pos without the extension (default: all). Prints
# one line per case: name, then for each build its result, nodes and
# seconds; then the totals over the cases both prove. OLD_PROVER and
# NEW_PROVER name each build's --prover (default: solve's), THREADS its
# --threads (default 1): one binary given twice with OLD_PROVER=vct
# NEW_PROVER=vct-dfpn compares two provers side by side. RULE=freestyle or
# RULE=exact runs the cases' puzzles under that rule instead (the Black
# cases only: the others have none).
set -euo pipefail
old=$1 new=$2 time=${3:-10}
shift $(( $# < 3 ? $# : 3 ))
dir=$(dirname "$0")/../positions/renju-puzzles
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  for f in "$dir"/*.pos; do
    grep -q "^\[$(basename "$f" .pos)-${RULE:-renju}\]" "$f" && cases+=("$(basename "$f" .pos)")
  done
fi
run() {
  "$1" solve "$dir/$2.pos" --name "$2-${RULE:-renju}" --time "$time" --threads "${THREADS:-1}" \
    ${3:+--prover "$3"} --json |
    python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["result"], d["nodes"], round(d["seconds"], 3))'
}
for c in "${cases[@]}"; do
  echo "$c $(run "$old" "$c" "${OLD_PROVER:-}") $(run "$new" "$c" "${NEW_PROVER:-}")"
done | tee /dev/stderr | awk '
  $2 == "win" && $5 == "win" { n++; a += $4; b += $7 }
  $2 == "win" { pa++ } $5 == "win" { pb++ }
  END { printf "old proves %d, new %d; on the %d both prove: old %.1f s, new %.1f s\n", pa, pb, n, a, b }'
