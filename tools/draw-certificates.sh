#!/usr/bin/env bash
# Draw certificates of the small m,n,k draws too slow for `cargo test`
# (docs/certificate-format.md#draw-certificates): each whole game of
# positions/mnk is solved with `--proof`, and the certificate is checked
# by `kinrow check`; the sizes are printed. Any failure fails the script.
#
#   tools/draw-certificates.sh [KINROW] [NAME...]
#
# KINROW defaults to target/release/kinrow; the names default to 7x4-k4
# and 8x4-k4 (CI; 6x6-k5 and 5x5-k4 are in `cargo test`). 7x7-k5 may be
# named too, as a benchmark: its certificate is written in about 6
# minutes (1.4 GB) and checked in about 70 s (2.1 GB); see
# docs/figures/small-boards.md, "Draw certificates", for the sizes and
# times. PROVER picks the `--prover` of the solve (the default is `solve`'s); the
# certificate's writer always asks pns.
set -euo pipefail
cd "$(dirname "$0")/.."
kinrow=${1:-target/release/kinrow}
shift || true
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(7x4-k4 8x4-k4)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for name in "${names[@]}"; do
  k=${name##*-k}
  suite=positions/mnk/k$k.pos
  # The one position of the suite: its block from `[name]` to the blank line.
  awk -v n="[$name]" '$0 == n {on = 1} on && /^$/ {exit} on' "$suite" > "$dir/$name.pos"
  [ -s "$dir/$name.pos" ] || { echo "no position $name in $suite" >&2; exit 1; }
  start=$(date +%s.%N)
  "$kinrow" solve "$dir/$name.pos" --proof "$dir/$name.proof" ${PROVER:+--prover "$PROVER"} |
    grep -E '^(no-win|win|draw certificate|proof certificate)'
  grep -q . "$dir/$name.proof"
  written=$(date +%s.%N)
  "$kinrow" check "$dir/$name.pos" "$dir/$name.proof" | tee "$dir/$name.check"
  checked=$(date +%s.%N)
  awk -v n="$name" -v a="$start" -v b="$written" -v c="$checked" \
    'BEGIN { printf "%s: solved and written in %.1f s, checked in %.1f s\n", n, b - a, c - b }'
  grep -q '^proof valid' "$dir/$name.check"
  grep -q '^proves: no-win' "$dir/$name.check"
done
