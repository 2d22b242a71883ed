#!/usr/bin/env python3
"""Convert quintet's Renju benchmark cases into kinrow puzzle suites.

quintet (the MIT-licensed Rust Renju solver by Renju Note) keeps one test
position per file in ``benches/cases/``. This tool turns the cases that stay
true outside Renju into kinrow ``.pos`` files (see the position-format spec),
and checks the files it wrote.

Usage (Python 3.11, standard library only)::

    python3 tools/convert_quintet.py SRC_DIR [OUT_DIR]   # convert
    python3 tools/convert_quintet.py --check [OUT_DIR]   # validate output
    python3 tools/convert_quintet.py --measure KINROW [OUT_DIR]   # redo the slow marks

``SRC_DIR`` holds the quintet case files (``*.txt``); ``OUT_DIR`` defaults to
``positions/renju-puzzles`` next to this tool. Converting writes one
``<case>.pos`` per converted case and prints the cases left out, with why;
it also runs the checks below on what it is about to write and refuses to
write a case that fails them. ``--check`` re-reads every ``.pos`` file in
``OUT_DIR`` and runs the checks again, independently of the conversion.
``--measure KINROW`` times the written puzzles with the binary ``KINROW``
and redoes their ``slow`` lines from what it measured (see below).

Which cases are converted
-------------------------
Every case whose tags say ``proven``, under ``rule renju`` as it is, with
quintet's attacker to move (``[<case>-renju]``). A Renju win for Black also
stays a win under freestyle and exactly-five rules, within the same number
of moves: Black gains moves (no forbidden points, and under freestyle an
overline also wins) and White gains nothing (under exactly-five White even
loses its overline wins); so a Black case also gives ``[<case>-freestyle]``
and ``[<case>-exact]``. A White case (``attacker: x``) gives the renju
puzzle only: White may rely on Black being unable to block on a forbidden
point, which is no longer true without Renju rules. Left out:

* ``disproven``: quintet's disproofs are statements about its own
  threat-limited search, not about the game (and without the Renju
  restrictions Black has more moves), so they are no ground truth here.

Which attack filter
-------------------
quintet ends a line with the move that leaves two cells making five (the
five itself is not written), and a VCT threat is a move after which, if the
defender passed, the attacker would have a VCF of at most ``threat_limit``
moves in that sense:

* mode ``vcf``: every attacker move is a four: ``attack fours``.
* ``threat_limit`` 1: a threat is a four or a move after which one cell
  gives two winning cells: kinrow's ``attack threats`` accepts every such
  move (quintet, like kinrow, also filters the attacker's blocks of the
  defender's fours), so the proof holds under ``attack threats``.
* ``threat_limit`` 2 or more: a threat may also be a move that only
  prepares such a VCF ("four, then two winning cells"), which kinrow's
  ``attack threats`` rejects; quintet's own winning lines contain such moves
  in many of these cases. The proof therefore carries over only to the
  unfiltered game: ``attack any``. (Whether ``attack threats`` also wins is
  not known.)

The mapping
-----------
* Colours: quintet's ``o`` (Black) is kinrow's ``x``; quintet's ``x``
  (White) is kinrow's ``o``. quintet's attacker is to move: ``to-move x``
  for Black's cases, ``to-move o`` for White's.
* Coordinates: quintet's first board row is row 15 and its last row 1;
  columns A-O run left to right. kinrow's grid is written top row first
  too, so rows keep their order; move names are lower-cased (``J12`` ->
  ``j12``). The conversion replays quintet's winning line on the converted
  board (each move on an empty cell, no five on the way, the last move
  leaving Black two cells that make exactly five; a White line that does
  not leave White a cell making five is reported, not refused, as quintet
  may stop a White line at a four-three), and for positions taken from
  games replays the game record of the comments, which must give the board:
  both would fail if the orientation were wrong.
* Each puzzle: ``board 15``, ``k 5``, its rule, ``candidates all``, the
  attack filter above, ``to-move``, ``expect win``.
* ``depth``: quintet's ``limit`` counts the attacker's moves up to the one
  that leaves two winning cells (``vcf_black`` has limit 12 and a 23-move
  line); the five follows two plies later, at ply ``2 * limit + 1``. That
  is the depth written. A limit of 255 means no limit: no ``depth`` line.
* kinrow's ``slow`` line marks the puzzles that kinrow's default prover
  did not prove within 10 s on one thread, as measured by ``--measure
  KINROW`` (``KINROW solve FILE --time 10 --threads 1 --json`` on each
  file) and recorded in ``OUT_DIR/measured.tsv`` (each puzzle's result and
  seconds, with the command, commit and machine), with quintet's own
  ``slow`` or ``heavy`` tag when it has one. ``--measure`` rewrites the
  ``slow`` lines of the files in ``OUT_DIR`` from the new record; a
  conversion reads the record. The marks are then a measurement anyone
  can redo, not a list kept by hand (issue 63: two such marks had gone
  stale). ``kinrow verify`` skips the marked puzzles and runs the others
  without a time limit, so a puzzle left unmarked must be one the default
  prover proves quickly: a puzzle proved in more than half the limit
  (``UNMARKED_SECONDS``) is marked too. Without a time limit the default
  prover does the measured run's work (the same threat searches, which
  count nodes, not seconds) but for ``vct-db``'s first share, capped at
  500,000 nodes either way, so an unmarked puzzle cannot run away. The
  record keeps the machine's load, since a busy machine marks more.
* No ``solution`` line (quintet's line is one winning line, not the set of
  winning first moves); the line is kept in a ``#`` comment, with a
  ``source`` line naming the case file and its origin.

Checks
------
Every position must have 15 rows of 15 cells, no five or more in a row for
either side (the freestyle test, which is stricter than the exact one), and
every move of the commented winning line must be an empty cell. The
conversion also replays the line as described above, and reports the
line's attacker moves that kinrow's ``attack fours`` (VCF) or ``attack
threats`` (VCT) would reject: for VCT cases with ``threat_limit`` 2 or more
the list shows why they are written with ``attack any``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import sys
from datetime import date
from dataclasses import dataclass, field
from pathlib import Path

SIZE = 15
K = 5
COLUMNS = "abcdefghijklmno"
NO_LIMIT = 255
# Swap quintet's stone letters for kinrow's: quintet o (Black) -> x.
COLOUR_MAP = {"o": "x", "x": "o", ".": "."}
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
LICENCE = "MIT, Copyright (c) 2020 Renju Note"

# A grid is a dict {(col, row): 'x' | 'o'} with col 0..14 (a..o) and
# row 1..15 (bottom to top), empty cells absent.
Grid = dict[tuple[int, int], str]


@dataclass
class Case:
    """One quintet case file, parsed but not converted."""

    name: str
    comments: list[str]
    keys: dict[str, str]
    rows: list[str]  # quintet's board lines, top row (15) first
    tags: set[str] = field(default_factory=set)

    @property
    def attacker(self) -> str:
        return self.keys["attacker"]

    @property
    def limit(self) -> int:
        return int(self.keys["limit"])

    @property
    def threat_limit(self) -> int:
        return int(self.keys.get("threat_limit", "0"))

    @property
    def line(self) -> list[str]:
        """The expected winning line, in kinrow's lower-case move names."""
        return [m.strip().lower() for m in self.keys["expect"].split(",")]


def parse_case(path: Path) -> Case:
    comments: list[str] = []
    keys: dict[str, str] = {}
    rows: list[str] = []
    in_board = False
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if in_board:
            if line:
                rows.append(line)
            continue
        if line.startswith("#"):
            comments.append(line[1:].strip())
        elif line == "board:":
            in_board = True
        elif line:
            key, _, value = line.partition(":")
            keys[key.strip()] = value.strip()
    case = Case(path.stem, comments, keys, rows)
    case.tags = set(keys.get("tags", "").split())
    return case


def exclusion(case: Case) -> str | None:
    """Why a case is left out, or None when it is converted."""
    if "proven" not in case.tags:
        return ("disproof: a statement about quintet's threat-limited "
                "search, not about the game")
    return None


def rules_for(case: Case) -> tuple[str, ...]:
    """The rules a case gives puzzles under (see the docstring)."""
    return ("freestyle", "exact", "renju") if case.attacker == "o" \
        else ("renju",)


def attacker(case: Case) -> str:
    """quintet's attacker in kinrow's letters: Black (o there) is x."""
    return COLOUR_MAP[case.attacker]


def attack_for(case: Case) -> str:
    """kinrow's attack filter under which quintet's proof still holds."""
    if case.keys["mode"] == "vcf":
        return "fours"
    return "threats" if case.threat_limit <= 1 else "any"


def depth_for(case: Case) -> int | None:
    """Plies to the five: quintet's limit moves, a reply, the five."""
    return None if case.limit == NO_LIMIT else 2 * case.limit + 1


# ------------------------------------------------------------ slow marks

# The record of `--measure`, in OUT_DIR: one line per puzzle.
MEASURED = "measured.tsv"
# Each puzzle's time limit in the measurement, in seconds.
MEASURE_SECONDS = 10
# The most seconds a puzzle left unmarked took in the measurement: half
# the limit, so that `kinrow verify`, which runs the unmarked puzzles
# without a time limit (CI's suites step), has a margin on a busy machine.
UNMARKED_SECONDS = MEASURE_SECONDS / 2


def measure_command(kinrow: str, path: str) -> list[str]:
    """The run of one file: the default prover on one thread (as `kinrow
    verify` runs it), each puzzle within MEASURE_SECONDS."""
    return [kinrow, "solve", path, "--time", str(MEASURE_SECONDS),
            "--threads", "1", "--json", "--allow-unknown"]


def read_measured(out: Path) -> dict[str, tuple[str, float]] | None:
    """The record of `--measure` in `out`: puzzle name -> (result,
    seconds), or None when there is none."""
    path = out / MEASURED
    if not path.exists():
        return None
    measured = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        name, result, seconds = raw.split("\t")[:3]
        if name != "puzzle":
            measured[name] = (result, float(seconds))
    return measured


def quintet_tags(tags: set[str]) -> str | None:
    """quintet's own `slow` or `heavy` tags, as the mark quotes them."""
    if {"slow", "heavy"} & tags:
        return "slow heavy" if "heavy" in tags else "slow"
    return None


def slow_reason(puzzle: str, tags: set[str],
                measured: dict[str, tuple[str, float]]) -> str | None:
    """The `slow` line of `puzzle` (`<case>-<rule>`), or None: marked when
    the measurement found no proof within its time limit, or one that
    took over UNMARKED_SECONDS."""
    result = measured.get(puzzle)
    if result is None:
        return None
    answer, seconds = result
    if answer == "win" and seconds <= UNMARKED_SECONDS:
        return None
    if answer == "win":
        reasons = [f"kinrow's default prover proves it in {seconds:.1f} s "
                   f"on one thread ({MEASURED}), over the "
                   f"{UNMARKED_SECONDS:g} s that kinrow verify may spend "
                   "without a time limit on a puzzle left unmarked"]
    else:
        reasons = [f"kinrow's default prover does not prove it within "
                   f"{MEASURE_SECONDS} s on one thread ({MEASURED}: "
                   f"{answer} after {seconds:.1f} s)"]
    if quintet_tags(tags):
        reasons.append(f"quintet, a dedicated Renju solver, tags it "
                       f"{quintet_tags(tags)}")
    return "; ".join(reasons)


# ---------------------------------------------------------------- geometry


def cell_name(col: int, row: int) -> str:
    return f"{COLUMNS[col]}{row}"


def parse_cell(name: str) -> tuple[int, int]:
    m = re.fullmatch(r"([a-o])(\d{1,2})", name)
    if not m or not 1 <= int(m.group(2)) <= SIZE:
        raise ValueError(f"not a cell of a 15x15 board: {name!r}")
    return COLUMNS.index(m.group(1)), int(m.group(2))


def run_through(grid: Grid, col: int, row: int, side: str,
                dc: int, dr: int) -> int:
    """Length of the run of `side` stones through (col, row) along (dc, dr),
    counting (col, row) itself as `side`."""
    n = 1
    for sign in (1, -1):
        c, r = col + sign * dc, row + sign * dr
        while grid.get((c, r)) == side:
            n += 1
            c, r = c + sign * dc, r + sign * dr
    return n


def wins_at(grid: Grid, col: int, row: int, side: str, exact: bool) -> bool:
    """Whether `side` playing (col, row) makes five (exactly five if exact)."""
    for dc, dr in DIRECTIONS:
        n = run_through(grid, col, row, side, dc, dr)
        if n == K or (n > K and not exact):
            return True
    return False


def longest_runs(grid: Grid) -> dict[str, int]:
    """Longest run of each side on the board."""
    best = {"x": 0, "o": 0}
    for (col, row), side in grid.items():
        for dc, dr in DIRECTIONS:
            if grid.get((col - dc, row - dr)) == side:
                continue  # not the start of a run
            n, c, r = 0, col, row
            while grid.get((c, r)) == side:
                n, c, r = n + 1, c + dc, r + dr
            best[side] = max(best[side], n)
    return best


def empty_cells(grid: Grid):
    for row in range(1, SIZE + 1):
        for col in range(SIZE):
            if (col, row) not in grid:
                yield col, row


def winning_cells(grid: Grid, side: str, exact: bool) -> set[tuple[int, int]]:
    return {c for c in empty_cells(grid) if wins_at(grid, *c, side, exact)}


def passes_filter(grid: Grid, move: tuple[int, int], side: str,
                  attack: str, exact: bool) -> bool:
    """kinrow's attack filter (spec: `attack fours` / `attack threats`) for
    `side` playing `move` on `grid`."""
    if wins_at(grid, *move, side, exact):
        return True
    after = dict(grid)
    after[move] = side
    base = winning_cells(after, side, exact)
    if base:
        return True  # a four: one more stone wins
    if attack == "fours":
        return False
    # A threat: some empty cell would give two or more winning cells. With
    # no winning cell yet, a new one must lie on a line through that cell.
    for cell in empty_cells(after):
        trial = dict(after)
        trial[cell] = side
        found = set()
        for dc, dr in DIRECTIONS:
            for step in range(-(K - 1), K):
                c, r = cell[0] + step * dc, cell[1] + step * dr
                if (0 <= c < SIZE and 1 <= r <= SIZE and (c, r) not in trial
                        and wins_at(trial, c, r, side, exact)):
                    found.add((c, r))
        if len(found) >= 2:
            return True
    return False


# -------------------------------------------------------------- conversion


def grid_from_quintet(rows: list[str]) -> Grid:
    if len(rows) != SIZE:
        raise ValueError(f"{len(rows)} board rows, expected {SIZE}")
    grid: Grid = {}
    for i, line in enumerate(rows):
        cells = line.split()
        if len(cells) != SIZE:
            raise ValueError(f"board row {i + 1} has {len(cells)} cells")
        for col, ch in enumerate(cells):
            stone = COLOUR_MAP[ch]
            if stone != ".":
                grid[(col, SIZE - i)] = stone  # first line is row 15
    return grid


def grid_lines(grid: Grid) -> list[str]:
    lines = []
    for row in range(SIZE, 0, -1):
        cells = " ".join(grid.get((col, row), ".") for col in range(SIZE))
        lines.append(f"{row:>2} {cells}")
    lines.append("   " + " ".join(COLUMNS))
    return lines


def wrap_moves(moves: list[str], per_line: int = 20) -> list[str]:
    return [" ".join(moves[i:i + per_line])
            for i in range(0, len(moves), per_line)]


def origin(case: Case) -> str:
    """The case's origin: the first sentence of its comments, leaving out
    the game record (``Moves: ...``)."""
    text = " ".join(c for c in case.comments if not c.startswith("Moves:"))
    if not text:
        return "none given in the case file"
    # A sentence ends at a full stop before a capital ("No. 02" does not).
    return re.split(r"(?<=\.)\s+(?=[A-Z])", text)[0]


def check_position(name: str, grid: Grid, line: list[str],
                   row_count: int, cell_counts: list[int]) -> list[str]:
    """The checks of `--check`; returns the problems found."""
    problems = []
    if row_count != SIZE or any(n != SIZE for n in cell_counts):
        problems.append(f"{name}: grid is not 15 rows of 15 cells")
    runs = longest_runs(grid)
    for side in ("x", "o"):
        if runs[side] >= K:
            problems.append(f"{name}: {side} already has {runs[side]} "
                            "in a row")
    for move in line:
        try:
            cell = parse_cell(move)
        except ValueError as err:
            problems.append(f"{name}: {err}")
            continue
        if cell in grid:
            problems.append(f"{name}: line move {move} is not empty")
    return problems


def replay(case: Case, grid: Grid, attack: str) -> tuple[list[str], list[str]]:
    """Play the winning line: returns (problems, notes). Problems: a move on
    an occupied cell, a side winning early, or no exact five at the end.
    Notes: attacker moves of the line that kinrow's filter would reject."""
    problems, notes = [], []
    board = dict(grid)
    first = attacker(case)
    second = "o" if first == "x" else "x"
    for i, move in enumerate(case.line):
        cell = parse_cell(move)
        side = first if i % 2 == 0 else second
        if cell in board:
            problems.append(f"{case.name}: line move {move} is occupied")
            return problems, notes
        if side == first == "x" and attack != "any":
            rules = [rule for rule, exact in (("freestyle", False),
                                              ("exact", True))
                     if not passes_filter(board, cell, side, attack, exact)]
            if rules:
                notes.append(f"{case.name}: line move {i + 1} ({move}) "
                             f"fails `attack {attack}` under "
                             + " and ".join(rules))
        if wins_at(board, *cell, side, exact=False):
            problems.append(f"{case.name}: {side} makes five at {move}")
        board[cell] = side
    if len(case.line) % 2 == 0:
        problems.append(f"{case.name}: the line does not end with {first}")
    elif first == "x" and len(winning_cells(board, "x", exact=True)) < 2:
        problems.append(f"{case.name}: the line does not leave x two "
                        "cells that make exactly five")
    elif first == "o" and not winning_cells(board, "o", exact=False):
        # quintet's White lines may stop at a four-three or another win
        # that is not a winning cell yet; a note, not a problem.
        notes.append(f"{case.name}: the line leaves o no cell that makes "
                     "five yet (it stops at a threat quintet counts as won)")
    return problems, notes


def record_matches(case: Case, grid: Grid) -> bool:
    """For cases taken from games: the game record in the comments
    (``Moves: H8,I8,...``, Black first), replayed on an empty board, gives
    the converted board. True when there is no record."""
    for comment in case.comments:
        if comment.startswith("Moves:"):
            moves = comment.removeprefix("Moves:").split(",")
            played = {parse_cell(m.strip().lower()): "x" if i % 2 == 0
                      else "o" for i, m in enumerate(moves)}
            return played == grid
    return True


def stone_note(grid: Grid, side: str) -> str:
    nx = sum(1 for s in grid.values() if s == "x")
    no = len(grid) - nx
    usual = "x" if nx == no else "o" if nx == no + 1 else None
    if usual == side:
        return f"x {nx}, o {no}: {side} to move as in play"
    return (f"x {nx}, o {no}: these counts do not give {side} the move in "
            f"play; `to-move {side}` makes the position acceptable")


def render(case: Case, grid: Grid,
           measured: dict[str, tuple[str, float]]) -> str:
    attack = attack_for(case)
    depth = depth_for(case)
    side = attacker(case)
    colour = "Black" if side == "x" else "White"
    out = [
        f"# quintet case {case.name} (benches/cases/{case.name}.txt),",
        "# converted by tools/convert_quintet.py; see README.md here.",
        f"# Renju puzzle: {colour} to move wins. quintet's Black (o) is x "
        "here,",
        "# quintet's White (x) is o.",
        f"# quintet: mode {case.keys['mode']}, limit {case.limit}"
        + (f", threat_limit {case.threat_limit}" if case.threat_limit else "")
        + f", tags: {case.keys.get('tags', '')}",
        f"# stones: {stone_note(grid, side)}",
    ]
    if case.comments:
        out.append("# The case file's comments:")
        out += [f"#   {c}" for c in case.comments]
    for rule in rules_for(case):
        slow = slow_reason(f"{case.name}-{rule}", case.tags, measured)
        out += ["", f"[{case.name}-{rule}]",
                f"source quintet benches/cases/{case.name}.txt ({LICENCE}); "
                f"origin: {origin(case)}"]
        if slow:
            out.append(f"slow {slow}")
        out += ["board 15", "k 5", f"rule {rule}", "candidates all",
                f"attack {attack}"]
        if depth is not None:
            out.append(f"depth {depth}")
        out += [f"to-move {side}", "expect win",
                f"# quintet's winning line ({side} first, alternating):"]
        out += [f"#   {chunk}" for chunk in wrap_moves(case.line)]
        out += grid_lines(grid)
    return "\n".join(out) + "\n"


def convert(src: Path, out: Path) -> int:
    cases = sorted(src.glob("*.txt"), key=lambda p: p.name)
    if not cases:
        print(f"no case files (*.txt) in {src}", file=sys.stderr)
        return 1
    converted, left_out, problems, notes = [], [], [], []
    rendered: dict[str, str] = {}
    measured = read_measured(out)
    if measured is None:
        print(f"no {MEASURED} in {out}: no puzzle is marked slow; run "
              "--measure KINROW after converting", file=sys.stderr)
        measured = {}
    for path in cases:
        case = parse_case(path)
        why = exclusion(case)
        if why:
            left_out.append((case.name, why))
            continue
        grid = grid_from_quintet(case.rows)
        attack = attack_for(case)
        # Line moves outside this filter under threat_limit >= 2 are why
        # those cases get `attack any`; report them against `threats`.
        line_filter = "threats" if attack == "any" else attack
        problems += check_position(case.name, grid, case.line, len(case.rows),
                                   [len(r.split()) for r in case.rows])
        if not record_matches(case, grid):
            problems.append(f"{case.name}: the game record does not give "
                            "the board")
        p, n = replay(case, grid, line_filter)
        problems += p
        notes += n
        rendered[case.name] = render(case, grid, measured)
        converted.append(case)
    if problems:
        print("not written, problems found:", *problems, sep="\n  ",
              file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    for name, text in rendered.items():
        (out / f"{name}.pos").write_text(text, encoding="utf-8")
    vcf = sum(1 for c in converted if c.keys["mode"] == "vcf")
    black = sum(1 for c in converted if attacker(c) == "x")
    puzzles = sum(len(rules_for(c)) for c in converted)
    print(f"converted {len(converted)} cases ({black} Black wins, "
          f"{len(converted) - black} White wins; {vcf} VCF, "
          f"{len(converted) - vcf} VCT) into {puzzles} puzzles in {out}")
    for attack in ("fours", "threats", "any"):
        names = [c.name for c in converted if attack_for(c) == attack]
        slow = [f"{c.name}-{rule}" for c in converted
                if attack_for(c) == attack for rule in rules_for(c)
                if slow_reason(f"{c.name}-{rule}", c.tags, measured)]
        print(f"  attack {attack}: {len(names)} cases, {len(slow)} puzzles "
              "slow")
    unmeasured = [f"{c.name}-{rule}" for c in converted
                  for rule in rules_for(c)
                  if f"{c.name}-{rule}" not in measured]
    if unmeasured and measured:
        print(f"not in {MEASURED} (left unmarked; run --measure KINROW): "
              + " ".join(unmeasured), file=sys.stderr)
    print(f"left out {len(left_out)} cases:")
    for name, why in left_out:
        print(f"  {name}: {why}")
    if notes:
        print("winning-line moves kinrow's `attack threats` would reject "
              "(these cases are written with `attack any`):")
        for note in notes:
            print(f"  {note}")
    return 0


# ----------------------------------------------------------------- measure


def measure(kinrow: str, out: Path) -> int:
    """Times every puzzle of the files in `out` with the binary `kinrow`
    (`measure_command`), writes the record (`MEASURED`) and redoes the
    files' `slow` lines from it."""
    files = sorted(out.glob("*.pos"))
    if not files:
        print(f"no .pos files in {out}", file=sys.stderr)
        return 1
    rows: list[tuple[str, str, float, str]] = []
    load_before = os.getloadavg()[0]
    for path in files:
        command = measure_command(kinrow, str(path))
        p = subprocess.run(command, capture_output=True, text=True)
        if p.returncode not in (0, 3):
            print(f"{path.name}: {' '.join(command)} exited {p.returncode}:"
                  f"\n{p.stderr}", file=sys.stderr)
            return 1
        for line in p.stdout.splitlines():
            if line.strip():
                j = json.loads(line)
                rows.append((j["name"], j["result"], j["seconds"],
                             j.get("prover", "")))
                print(f"{j['name']}: {j['result']} in {j['seconds']:.2f} s",
                      flush=True)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"],
                            cwd=out, capture_output=True, text=True)
    version = subprocess.run([kinrow, "--version"], capture_output=True,
                             text=True).stdout.strip()
    load_after = os.getloadavg()[0]
    header = [
        "# The slow marks' measurement (tools/convert_quintet.py --measure):",
        f"# each file run as `{' '.join(measure_command('kinrow', 'FILE'))}`",
        f"# by {version} at commit {commit.stdout.strip() or '?'}, "
        f"{date.today().isoformat()}, on {os.cpu_count()} cores "
        f"({platform.machine()}), load average {load_before:.1f} before and "
        f"{load_after:.1f} after;",
        f"# a puzzle whose result is not `win`, or took over "
        f"{UNMARKED_SECONDS:g} s, is marked slow.",
        "puzzle\tresult\tseconds\tprover",
    ]
    body = [f"{n}\t{r}\t{s:.3f}\t{p}" for n, r, s, p in rows]
    (out / MEASURED).write_text("\n".join(header + body) + "\n",
                                encoding="utf-8")
    measured = read_measured(out) or {}
    changed = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        new = remark(text, measured)
        if new != text:
            path.write_text(new, encoding="utf-8")
            changed += 1
    slow = [n for n, (r, s) in measured.items()
            if r != "win" or s > UNMARKED_SECONDS]
    print(f"measured {len(rows)} puzzles: {len(slow)} slow "
          f"({' '.join(slow) or 'none'}); {changed} files rewritten")
    return 0


def remark(text: str, measured: dict[str, tuple[str, float]]) -> str:
    """`text`, a converted file, with each section's `slow` line redone
    from `measured`: quintet's tags come from the file's `# quintet:`
    comment, and the mark goes after the section's `source` line, where a
    conversion writes it."""
    tags: set[str] = set()
    m = re.search(r"^# quintet: .*tags: (.*)$", text, re.M)
    if m:
        tags = set(m.group(1).split())
    out: list[str] = []
    section = None
    for raw in text.splitlines():
        header = re.fullmatch(r"\[(.+)\]", raw.strip())
        if header:
            section = header.group(1)
        if section and raw.startswith("slow "):
            continue
        out.append(raw)
        if section and raw.startswith("source "):
            reason = slow_reason(section, tags, measured)
            if reason:
                out.append(f"slow {reason}")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------- check


def check(out: Path) -> int:
    """Re-read the written .pos files and check every position in them."""
    files = sorted(out.glob("*.pos"))
    if not files:
        print(f"no .pos files in {out}", file=sys.stderr)
        return 1
    problems, count = [], 0
    for path in files:
        sections: list[tuple[str, list[str]]] = []
        for raw in path.read_text(encoding="utf-8").splitlines():
            m = re.fullmatch(r"\[(.+)\]", raw.strip())
            if m:
                sections.append((m.group(1), []))
            elif sections:
                sections[-1][1].append(raw)
        if not sections:
            problems.append(f"{path.name}: no [name] sections")
        for name, lines in sections:
            count += 1
            problems += check_section(f"{path.name} [{name}]", lines)
    for p in problems:
        print(p, file=sys.stderr)
    print(f"checked {count} positions in {len(files)} files: "
          f"{len(problems)} problems")
    return 1 if problems else 0


def check_section(name: str, lines: list[str]) -> list[str]:
    grid: Grid = {}
    rows, counts, line_moves = [], [], []
    in_line = False
    for raw in lines:
        text = raw.strip()
        if text.startswith("#"):
            body = text[1:].strip()
            if body.startswith("quintet's winning line"):
                in_line = True
            elif in_line and re.fullmatch(r"([a-o]\d{1,2}\s*)+", body):
                line_moves += body.split()
            else:
                in_line = False
            continue
        in_line = False
        cells = text.split()
        if cells and cells[0].isdigit() and all(
                c in ".xo" for c in cells[1:]) and len(cells) > 1:
            rows.append(int(cells[0]))
            counts.append(len(cells) - 1)
            for col, ch in enumerate(cells[1:]):
                if ch != ".":
                    grid[(col, int(cells[0]))] = ch
    problems = []
    if rows and rows != list(range(SIZE, 0, -1)):
        problems.append(f"{name}: rows are not numbered 15 down to 1")
    if not line_moves:
        problems.append(f"{name}: no winning line comment")
    return problems + check_position(name, grid, line_moves, len(rows), counts)


def main(argv: list[str] | None = None) -> int:
    default_out = Path(__file__).resolve().parent.parent / "positions" / \
        "renju-puzzles"
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", action="store_true",
                        help="validate the .pos files in OUT_DIR instead of "
                             "converting")
    parser.add_argument("--measure", metavar="KINROW",
                        help="time every puzzle in OUT_DIR with this kinrow "
                             f"binary ({MEASURE_SECONDS} s each, one thread), "
                             f"write OUT_DIR/{MEASURED} and redo the slow "
                             "lines from it")
    parser.add_argument("dirs", nargs="*", metavar="DIR",
                        help="SRC_DIR [OUT_DIR] to convert, [OUT_DIR] with "
                             "--check")
    args = parser.parse_args(argv)
    if args.measure:
        if len(args.dirs) > 1 or args.check:
            parser.error("--measure takes at most one directory")
        return measure(args.measure,
                       Path(args.dirs[0]) if args.dirs else default_out)
    if args.check:
        if len(args.dirs) > 1:
            parser.error("--check takes at most one directory")
        return check(Path(args.dirs[0]) if args.dirs else default_out)
    if not 1 <= len(args.dirs) <= 2:
        parser.error("give SRC_DIR and optionally OUT_DIR")
    out = Path(args.dirs[1]) if len(args.dirs) == 2 else default_out
    return convert(Path(args.dirs[0]), out)


if __name__ == "__main__":
    sys.exit(main())
