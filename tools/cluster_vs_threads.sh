#!/usr/bin/env bash
# The same positions solved (a) in process on 2 threads and (b) as a
# job-level proof (`--cluster local --workers 2`, a job budget small
# enough that the root's job comes back unknown and is split): wall time
# and verdict of each, and for (b) the jobs and the master's overhead line
# of the report. For the figures of docs/cluster.md: run it on a quiet
# machine, every row one after the other.
#
#   tools/cluster_vs_threads.sh [KINROW]
#
# KINROW: the binary (default target/release/kinrow). Positions: 9x4 k=4
# (a win), 8x4 k=4 (a draw) and the renju puzzle RENJU (default
# vcf_black-renju of positions/renju-puzzles/vcf_black.pos). Each job's
# budget is a node count, so the split is the same on any machine:
# JOB_NODES_9X4, JOB_NODES_8X4, JOB_NODES_RENJU override them (the
# defaults are those of docs/figures/cluster.md; far smaller ones split
# the tree into thousands of jobs). PROVER
# (default dfpn, the prover that uses threads) is given to both (a) and
# the jobs. Needs python3 only to read the JSON.
set -euo pipefail
kinrow=$(realpath "${1:-target/release/kinrow}")
prover=${PROVER:-dfpn}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf 'board 9x4\nk 4\n' > "$dir/9x4-k4.pos"
printf 'board 8x4\nk 4\n' > "$dir/8x4-k4.pos"
renju=${RENJU:-vcf_black-renju}
cases=(
    "$dir/9x4-k4.pos||${JOB_NODES_9X4:-1500000}"
    "$dir/8x4-k4.pos||${JOB_NODES_8X4:-1000000}"
    "$(realpath positions/renju-puzzles/vcf_black.pos)|$renju|${JOB_NODES_RENJU:-30}"
)

now() { date +%s.%N; }
verdict() { python3 -c 'import json, sys; print(json.loads(sys.stdin.readline())["result"])'; }

echo "| position | how | wall s | verdict | jobs | master overhead |"
echo "| --- | --- | ---: | --- | ---: | --- |"
n=0
for case in "${cases[@]}"; do
    IFS='|' read -r file name nodes <<< "$case"
    label=${name:-$(basename "$file" .pos)}
    named=()
    [ -n "$name" ] && named=(--name "$name")
    t0=$(now)
    v=$("$kinrow" solve "$file" "${named[@]}" --prover "$prover" --threads 2 --json | verdict)
    t1=$(now)
    echo "| $label | in process, --threads 2 | $(python3 -c "print(f'{$t1 - $t0:.2f}')") | $v | | |"
    n=$((n + 1))
    t0=$(now)
    "$kinrow" solve "$file" "${named[@]}" --prover "$prover" --cluster local --workers 2 \
        --work-dir "$dir/w$n" --job-nodes "$nodes" --json 2> "$dir/err$n" > "$dir/out$n" || true
    t1=$(now)
    if ! row=$(python3 - "$dir/out$n" <<'PY'
import json, sys
r = json.loads(open(sys.argv[1]).readline())
c = r["cluster"]
print(f'{r["result"]} | {c["jobs"]} | master: {c["master_seconds"]:.2f} s of its own work, '
      f'{100 * c["overhead"]:.1f}% of the job time ({c["job_seconds"]["total"]:.2f} s) |')
PY
    ); then
        row="(no report) | | |"
        tail -5 "$dir/err$n" >&2
    fi
    echo "| $label | --cluster local --workers 2, --job-nodes $nodes | $(python3 -c "print(f'{$t1 - $t0:.2f}')") | $row"
done
