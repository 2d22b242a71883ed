#!/usr/bin/env python3
"""Cross-check kinrow's renju rule against an independent referee.

The referee is the `renju` package on PyPI (MIT; its forbidden-move test is
a port of the Piskvork judge's), installed by this script in a virtual
environment (`target/renju-venv` by default). kinrow's side is the example
`crates/board/examples/forbidden.rs`, built here with cargo.

On every position, for every empty cell, both are asked:

- Black plays the cell: does Black win (exactly five), is the move
  forbidden (overline, double-four, double-three, and which), or neither?
- White plays the cell: does White win (five or more)?

The positions are random dense middle games on 15x15 (and some on other
square boards), and positions built around known forbidden-move patterns
(a four-four in one line, a three-three with a fake three whose straight-four
point is forbidden, an overline next to a five, a four-three, ...) placed at
random with a random symmetry and random stones around them. Any
disagreement fails the run with the position printed, unless it is one of
the documented exceptions below (where the referee departs from the RIF
rules), which are counted and shown.

    python3 tools/renju_crosscheck.py [--positions 10000] [--seed 1] [--jobs 2]
"""

import argparse
import os
import random
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFEREE = "renju==0.1.0"


def ensure_referee(venv_dir: Path) -> None:
    """Re-runs this script under a virtual environment holding the referee,
    creating it first if needed."""
    try:
        import renju  # noqa: F401

        return
    except ImportError:
        pass
    python = venv_dir / "bin" / "python"
    if not python.exists():
        print(f"creating {venv_dir} with {REFEREE}", file=sys.stderr)
        venv.create(venv_dir, with_pip=True)
    check = subprocess.run([python, "-c", "import renju"], capture_output=True)
    if check.returncode != 0:
        subprocess.run(
            [python, "-m", "pip", "install", "--quiet", REFEREE], check=True
        )
    os.execv(python, [str(python), *sys.argv])


# ---------------------------------------------------------------- positions

EMPTY, BLACK, WHITE = ".", "x", "o"


def new_grid(n):
    return [[EMPTY] * n for _ in range(n)]  # grid[x][y]


def run_length(grid, n, x, y, dx, dy, p):
    k = 1
    for s in (1, -1):
        cx, cy = x + s * dx, y + s * dy
        while 0 <= cx < n and 0 <= cy < n and grid[cx][cy] == p:
            k += 1
            cx += s * dx
            cy += s * dy
    return k


def would_win(grid, n, x, y, p):
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        r = run_length(grid, n, x, y, dx, dy, p)
        if r == 5 or (p == WHITE and r > 5):
            return True
    return False


def near_cells(grid, n, r):
    out = []
    for x in range(n):
        for y in range(n):
            if grid[x][y] != EMPTY:
                continue
            if any(
                0 <= x + dx < n and 0 <= y + dy < n and grid[x + dx][y + dy] != EMPTY
                for dx in range(-r, r + 1)
                for dy in range(-r, r + 1)
            ):
                out.append((x, y))
    return out


def middle_game(rng, n, stones, black_share):
    """Stones played near earlier ones, Black with probability
    `black_share`, never a stone that makes five (so no one has won)."""
    grid = new_grid(n)
    c = n // 2
    grid[c][c] = BLACK
    for _ in range(stones - 1):
        p = BLACK if rng.random() < black_share else WHITE
        cells = near_cells(grid, n, 2 if rng.random() < 0.3 else 1)
        rng.shuffle(cells)
        for x, y in cells:
            if not would_win(grid, n, x, y, p):
                grid[x][y] = p
                break
    return grid


# Patterns around a cell at (0, 0) left empty: (dx, dy, stone). Each is a
# known case of the rules; placed with a random symmetry and position.
PATTERNS = {
    # Four-four in one line: x . x x x . x, the stone in the middle.
    "4-4 in a line": [(-3, 0, BLACK), (-1, 0, BLACK), (1, 0, BLACK), (3, 0, BLACK)],
    "4-4 xx.xx.xx": [(-3, 0, BLACK), (-2, 0, BLACK), (1, 0, BLACK), (3, 0, BLACK), (4, 0, BLACK)],
    "4-4 xxx.x.xxx": [(-4, 0, BLACK), (-3, 0, BLACK), (-2, 0, BLACK), (2, 0, BLACK), (3, 0, BLACK), (4, 0, BLACK)],
    "4-4 across": [(-2, 0, BLACK), (-1, 0, BLACK), (1, 0, BLACK), (0, -3, BLACK), (0, -2, BLACK), (0, -1, BLACK)],
    "3-3": [(-2, 0, BLACK), (-1, 0, BLACK), (0, -2, BLACK), (0, -1, BLACK)],
    "3-3 split": [(-3, 0, BLACK), (-1, 0, BLACK), (1, 1, BLACK), (3, 3, BLACK)],
    "4-3": [(-3, 0, BLACK), (-2, 0, BLACK), (-1, 0, BLACK), (0, -2, BLACK), (0, -1, BLACK)],
    # A three-three whose vertical three has one straight-four point,
    # (0, -3), a four-four point once (0, 0) is played: a fake three.
    "3-3 with a fake three": [
        (-2, 0, BLACK), (-1, 0, BLACK), (0, -2, BLACK), (0, -1, BLACK),
        (0, 2, WHITE), (-3, -3, BLACK), (-2, -3, BLACK), (-1, -3, BLACK),
        (1, -4, BLACK), (2, -5, BLACK), (3, -6, BLACK),
    ],
    # The same, the straight-four point a four-three-three point.
    "3-3 with a recursive fake three": [
        (-2, 0, BLACK), (-1, 0, BLACK), (0, -2, BLACK), (0, -1, BLACK),
        (0, 2, WHITE), (-2, -3, BLACK), (-1, -3, BLACK), (1, -4, BLACK),
        (2, -5, BLACK),
    ],
    # The vertical three's one straight-four point (0, -3) makes five
    # across: RIF does not count it ("without at the same time a five").
    "3-3 whose straight-four point makes five": [
        (-2, 0, BLACK), (-1, 0, BLACK), (0, -2, BLACK), (0, -1, BLACK),
        (0, 2, WHITE), (-4, -3, BLACK), (-3, -3, BLACK), (-2, -3, BLACK),
        (-1, -3, BLACK),
    ],
    "overline": [(-3, 0, BLACK), (-2, 0, BLACK), (-1, 0, BLACK), (1, 0, BLACK), (2, 0, BLACK)],
    "overline next to a five": [(-5, 0, BLACK), (-4, 0, BLACK), (-3, 0, BLACK), (-2, 0, BLACK), (-1, 0, BLACK), (-6, 0, WHITE)],
    "five and overline": [
        (0, -3, BLACK), (0, -2, BLACK), (0, -1, BLACK), (0, 1, BLACK), (0, 2, BLACK),
        (-4, 0, BLACK), (-3, 0, BLACK), (-2, 0, BLACK), (-1, 0, BLACK),
    ],
    "blocked three and a three": [(-2, 0, BLACK), (-1, 0, BLACK), (-3, 0, WHITE), (0, -2, BLACK), (0, -1, BLACK)],
    "three with a stone beyond": [(-4, 0, BLACK), (-2, 0, BLACK), (-1, 0, BLACK), (0, -2, BLACK), (0, -1, BLACK)],
    "white 3-3": [(-2, 0, WHITE), (-1, 0, WHITE), (0, -2, WHITE), (0, -1, WHITE)],
}

SYMMETRIES = [
    lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y),
    lambda x, y: (y, x), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x),
]


def constructed(rng, n):
    """One or two patterns at random places, then random stones around."""
    grid = new_grid(n)
    for _ in range(rng.choice((1, 1, 2))):
        name = rng.choice(sorted(PATTERNS))
        sym = rng.choice(SYMMETRIES)
        ox, oy = rng.randrange(n), rng.randrange(n)
        for dx, dy, p in PATTERNS[name]:
            x, y = sym(dx, dy)
            x, y = ox + x, oy + y
            if 0 <= x < n and 0 <= y < n and grid[x][y] == EMPTY:
                grid[x][y] = p
    for _ in range(rng.randrange(0, 25)):
        p = BLACK if rng.random() < 0.6 else WHITE
        cells = near_cells(grid, n, 2)
        if not cells:
            break
        x, y = rng.choice(cells)
        if not would_win(grid, n, x, y, p):
            grid[x][y] = p
    return grid


def positions(rng, count):
    out = []
    for i in range(count):
        kind = i % 4
        if kind == 3:
            n = rng.choice((15, 15, 15, 9, 11, 19))
            out.append((n, constructed(rng, n), "constructed"))
        else:
            n = 15 if rng.random() < 0.85 else rng.choice((7, 9, 13, 19))
            stones = rng.randrange(20, min(110, n * n * 2 // 3))
            share = rng.choice((0.5, 0.5, 0.6, 0.7))
            out.append((n, middle_game(rng, n, stones, share), "middle game"))
    return out


def encode(n, grid):
    """kinrow's input: row by row from the bottom, a1 b1 ..."""
    return f"{n} " + "".join(grid[x][y] for y in range(n) for x in range(n))


# ------------------------------------------------------------------ referee


def lonely(grid, n, x, y):
    """Whether no line through the empty cell (x, y) has two Black stones
    within five cells of it. Such a cell cannot be a five (four stones
    needed within four cells), an overline (five within five) or any double
    pattern (two or more within four cells along a line), so the answer for
    Black there is "nothing" without asking the referee, whose test is the
    slow part of the run (about 0.5 ms a call); kinrow's answer is still
    compared with it. The referee is asked about every other cell."""
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        count = 0
        for t in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5):
            cx, cy = x + t * dx, y + t * dy
            if 0 <= cx < n and 0 <= cy < n and grid[cx][cy] == BLACK:
                count += 1
        if count >= 2:
            return False
    return True


def no_white_five(grid, n, x, y):
    """Whether no line through the empty cell (x, y) has four White stones
    within four cells of it: White cannot make five there, so the referee is
    not asked (kinrow's answer is still compared with "none")."""
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        count = 0
        for t in (-4, -3, -2, -1, 1, 2, 3, 4):
            cx, cy = x + t * dx, y + t * dy
            if 0 <= cx < n and 0 <= cy < n and grid[cx][cy] == WHITE:
                count += 1
        if count >= 4:
            return False
    return True


def referee_answers(args):
    """The referee's answer for every cell of one position, in kinrow's
    format (see crates/board/examples/forbidden.rs)."""
    n, grid = args
    from renju import BoardStatus, RenjuBoard, Rule, WinReason

    blacks = [[x, y] for x in range(n) for y in range(n) if grid[x][y] == BLACK]
    whites = [[x, y] for x in range(n) for y in range(n) if grid[x][y] == WHITE]
    # A move list with passes, Black's stones on even plies, White's on odd.
    moves = []
    for i in range(max(len(blacks), len(whites))):
        moves.append(blacks[i] if i < len(blacks) else [-1, -1])
        moves.append(whites[i] if i < len(whites) else [-1, -1])
    board = RenjuBoard(board_size=n, rule=Rule.RENJU)

    def play(prefix, x, y):
        board.moves = list(prefix)
        board.status = BoardStatus.ONGOING
        board.reason = WinReason.NORMAL
        return board.play_move(x, y)

    black_codes = {
        WinReason.OVERLINE: "6",
        WinReason.DOUBLE_FOUR: "4",
        WinReason.DOUBLE_THREE: "3",
    }
    black, white = [], []
    white_prefix = moves + [[-1, -1]]
    for y in range(n):
        for x in range(n):
            if grid[x][y] != EMPTY:
                black.append("#")
                white.append("#")
                continue
            if not lonely(grid, n, x, y):
                status, reason = play(moves, x, y)
            else:
                status = BoardStatus.ONGOING
            if status == BoardStatus.BLACK_WIN:
                black.append("F")
            elif status == BoardStatus.WHITE_WIN:
                black.append(black_codes[reason])
            else:
                black.append(".")
            if no_white_five(grid, n, x, y):
                white.append(".")
                continue
            status, _ = play(white_prefix, x, y)
            white.append("W" if status == BoardStatus.WHITE_WIN else ".")
    return "".join(black), "".join(white)


# ---------------------------------------------------------------- reporting


def picture(n, grid, marks):
    """The board, top row first, with `marks` ({(x, y): char}) on cells."""
    letters = "abcdefghijklmnopqrstuvwxyz"[:n]
    rows = []
    for y in range(n - 1, -1, -1):
        cells = [marks.get((x, y), grid[x][y]) for x in range(n)]
        rows.append(f"{y + 1:2} " + " ".join(cells))
    rows.append("   " + " ".join(letters))
    return "\n".join(rows)


def name(x, y):
    return f"{'abcdefghijklmnopqrstuvwxyz'[x]}{y + 1}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--venv", type=Path, default=ROOT / "target" / "renju-venv")
    ap.add_argument("--kinrow", type=Path, help="the built example (default: build it)")
    args = ap.parse_args()
    ensure_referee(args.venv)

    rng = random.Random(args.seed)
    cases = positions(rng, args.positions)

    exe = args.kinrow
    if exe is None:
        subprocess.run(
            ["cargo", "build", "--quiet", "--release", "-p", "kinrow-board", "--example", "forbidden"],
            cwd=ROOT,
            check=True,
        )
        exe = ROOT / "target" / "release" / "examples" / "forbidden"
    text = "".join(encode(n, g) + "\n" for n, g, _ in cases)
    done = subprocess.run([exe], input=text, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"kinrow's example failed:\n{done.stderr}")
    ours = [line.split() for line in done.stdout.splitlines()]
    assert len(ours) == len(cases)

    from multiprocessing import Pool

    with Pool(args.jobs) as pool:
        theirs = pool.map(referee_answers, [(n, g) for n, g, _ in cases], chunksize=16)

    counts = {"F": 0, "6": 0, "4": 0, "3": 0, "W": 0}
    cells = 0
    failures = []
    for (n, grid, kind), (ob, ow), (tb, tw) in zip(cases, ours, theirs):
        cells += sum(c != "#" for c in ob)
        for c in ob + ow:
            if c in counts:
                counts[c] += 1
        if (ob, ow) != (tb, tw):
            failures.append((n, grid, kind, ob, ow, tb, tw))

    print(
        f"renju cross-check: {len(cases)} positions, {cells} empty cells; kinrow and the "
        f"referee (`{REFEREE}`) agree on "
        f"{len(cases) - len(failures)} positions, disagree on {len(failures)}"
    )
    print(
        f"  cells: Black fives {counts['F']}, overlines {counts['6']}, double-fours "
        f"{counts['4']}, double-threes {counts['3']}; White fives {counts['W']}"
    )
    for n, grid, kind, ob, ow, tb, tw in failures[:5]:
        marks = {}
        diffs = []
        for i in range(n * n):
            x, y = i % n, i // n
            if ob[i] != tb[i] or ow[i] != tw[i]:
                marks[(x, y)] = "?"
                diffs.append(
                    f"{name(x, y)}: kinrow {ob[i]}{ow[i]}, referee {tb[i]}{tw[i]}"
                )
        print(f"\n{kind}, {n}x{n} (? marks the cells in dispute):")
        print(picture(n, grid, marks))
        print("  " + "\n  ".join(diffs))
    if failures:
        print("\ncodes: F Black five, 6 overline, 4 double-four, 3 double-three, W White five, . none")
        sys.exit(1)


if __name__ == "__main__":
    main()
