#!/usr/bin/env python3
"""Write the fixed benchmark suite positions/bench/ from the Renju puzzles.

Usage: python3 tools/make_bench.py [OUT_DIR]   (default: positions/bench)

Every benchmark position is a real-game 15x15 position taken from
positions/renju-puzzles/ (the `-freestyle` section of a case), optionally
advanced along a principal variation by a few plies, with its own
candidates, attack filter and depth. The list below says where each comes
from and what it is for. The `expect` lines are NOT published answers: they
were found by kinrow's provers and cross-checked by `kinrow bench` (AND-OR
and PNS must agree, and the value searches where the filter allows), and by
the naive reference recursion where it finishes (see README.md there).
Re-running this script gives byte-identical files.
"""

import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PUZZLES = os.path.join(ROOT, "positions", "renju-puzzles")

# name, source case, moves played first (x starts), candidates, attack,
# depth, expected verdict, purpose.
BENCH = [
    ("win-3", "vcf_counter", "i8 g8 i10 i9", "near 1", "any", 3, "win",
     "the last three plies of a VCF: a four-three"),
    ("win-5", "vcf_counter", "i8 g8", "near 1", "any", 5, "win",
     "a short combination, every attacker move allowed"),
    ("win-7", "vcf_counter", "", "near 1", "any", 7, "win",
     "a 7-ply win found among every near-1 move"),
    ("win-7-fours", "vcf_counter", "", "all", "fours", 7, "win",
     "the same win as a VCF over every cell"),
    ("win-9", "vct_game_black_l04_1", "", "near 1", "threats", 9, "win",
     "a VCT from an engine game"),
    ("win-9-all", "vct_game_black_l04_1", "", "all", "threats", 9, "win",
     "the same VCT with every cell a candidate"),
    ("win-11", "vct_game_black_l04_2", "", "near 1", "threats", 11, "win",
     "an 11-ply VCT"),
    ("win-13", "vct_game_black_l06_2", "", "near 1", "threats", 13, "win",
     "a 13-ply VCT"),
    ("win-15-fours", "vcf_long", "", "all", "fours", 15, "win",
     "a long VCF over every cell"),
    ("win-25-fours", "vcf_black", "", "all", "fours", 25, "win",
     "a 25-ply VCF over every cell"),
    ("nowin-5", "vcf_counter", "", "near 1", "any", 5, "no-win",
     "the 7-ply win cut two plies short: every near-1 line must be refuted"),
    ("nowin-7", "vct_game_black_l04_1", "", "near 1", "threats", 7, "no-win",
     "the 9-ply VCT cut two plies short"),
    ("nowin-9-all", "vct_game_black_l04_2", "", "all", "threats", 9, "no-win",
     "the 11-ply VCT cut two plies short, every cell a candidate"),
]


def read_section(case):
    """The header-free grid rows (top first) of the case's freestyle section."""
    path = os.path.join(PUZZLES, case + ".pos")
    rows, inside = [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("["):
                inside = line == "[%s-freestyle]" % case
                continue
            if not inside:
                continue
            parts = line.split()
            if len(parts) == 16 and parts[0].isdigit():
                rows.append(parts[1:])
    assert len(rows) == 15, case
    return rows


def play(rows, moves):
    """Plays `moves` (x first) onto the grid rows (row 15 first)."""
    colour = "x"
    for m in moves.split():
        x = ord(m[0]) - ord("a")
        y = int(m[1:])
        r = rows[15 - y]
        assert r[x] == ".", m
        r[x] = colour
        colour = "o" if colour == "x" else "x"
    return colour


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "positions", "bench")
    os.makedirs(out, exist_ok=True)
    for name, case, moves, cands, attack, depth, expect, purpose in BENCH:
        rows = read_section(case)
        to_move = play(rows, moves)
        lines = [
            "# kinrow benchmark position %s: %s." % (name, purpose),
            "# From positions/renju-puzzles/%s.pos (freestyle)%s; written by"
            % (case, ", after " + moves if moves else ""),
            "# tools/make_bench.py. The expected verdict was found by kinrow's",
            "# provers and cross-checked (see README.md here), not published.",
            "source quintet benches/cases/%s.txt (MIT, Copyright (c) 2020 Renju Note)" % case,
            "board 15",
            "k 5",
            "rule freestyle",
            "candidates " + cands,
            "attack " + attack,
            "to-move " + to_move,
            "depth %d" % depth,
            "expect " + expect,
        ]
        for i, r in enumerate(rows):
            lines.append("%2d %s" % (15 - i, " ".join(r)))
        lines.append("   " + " ".join("abcdefghijklmno"))
        with open(os.path.join(out, name + ".pos"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
