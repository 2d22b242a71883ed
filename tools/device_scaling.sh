#!/usr/bin/env bash
# The one prepared run for a lent 16-core machine: df-pn's thread curve
# (1, 2, 4, 8, 16 threads) on the small boards' whole games, then
# vct-dfpn's on the ten slowest Renju puzzles it proves, one round each,
# every row written to OUT as it is measured (a run cut short keeps its
# rows).
#
#   OUT=DIR tools/device_scaling.sh [KINROW] [THREADS]
set -uo pipefail
kinrow=${1:-target/release/kinrow}
threads=${2:-1,2,4,8,16}
out=${OUT:-.}
here=$(dirname "$0")
{
    date -u
    nproc
    lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Socket|L3'
    "$kinrow" --version
} > "$out/machine.txt" 2>&1
slow="vct_game_black_l14_2 vct_game_white_l11_2 vct_game_black_l09_2
vct_game_black_l17_1 vct_game_white_l18_1 vct_game_white_l09_3
vct_game_black_l11_1 vct_game_white_l09_2 vct_game_black_l08_2
vct_game_white_l09_4"
renju=""
for p in $slow; do renju+="positions/renju-puzzles/$p.pos@$p-renju "; done
TIME_LIMIT=${BOARD_TIME:-45} POSITIONS="8x4 9x4 positions/mnk/k5.pos@7x7-k5 10x4" \
    "$here/threads_scaling.sh" "$kinrow" "$threads" 1 | tee "$out/boards.md"
TIME_LIMIT=${RENJU_TIME:-30} PROVER=vct-dfpn POSITIONS="$renju" \
    "$here/threads_scaling.sh" "$kinrow" "$threads" 1 | tee "$out/renju.md"
