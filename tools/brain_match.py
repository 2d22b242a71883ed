#!/usr/bin/env python3
"""A match between `kinrow brain` and another Gomocup brain.

Plays N games over the Gomocup (Piskvork) protocol, 15x15 freestyle by
default, each game opened with three stones near the centre (each opening
twice, colours swapped; sent as BOARD, then TURNs), and referees them:
every move on an empty cell of the board, every answer within
`timeout_turn` (from sending the command to reading the move; the limit
itself, no margin, decides "in time"; a late move is a fault, and the game
goes on), fives found by a plain scan. For kinrow it also reads the
`MESSAGE forced win in N` lines and checks that each announced win was
carried out to five within its N plies, and counts its `DEBUG` lines about
the other brain's forced wins.

    tools/brain_match.py --kinrow target/release/kinrow \
        --engine /tmp/engine/Rapfi/build-st/pbrain-rapfi --engine-cwd /tmp/rapfi-run --games 16

`--engine` is a command line (`--engine "target/release/kinrow brain"`
plays kinrow against itself). Prints one line per game and a summary;
`--json FILE` writes the games, `--log FILE` every line sent and received.
Exit status 1 when a move was illegal, late or missing, or a win
announced by kinrow was not carried out. docs/brain.md has
the figures and how the engine was built.
"""

import argparse
import json
import queue
import shlex
import subprocess
import sys
import threading
import time

# Openings (dx, dy from the centre, Black first), each played twice with
# the colours swapped. Small and balanced: three stones, so the side to
# move after them (White) is not lost at once.
OPENINGS = [
    [(0, 0), (1, 1), (2, 0)],
    [(0, 0), (0, 1), (-2, -1)],
    [(0, 0), (1, 0), (1, 2)],
    [(0, 0), (1, -1), (-1, 2)],
    [(0, 0), (2, 1), (1, -1)],
    [(0, 0), (-1, 1), (2, 2)],
    [(0, 0), (1, 2), (-2, 0)],
    [(0, 0), (0, 2), (2, -1)],
]

# How long a brain may take to answer START (loading its configuration).
START_TIMEOUT = 30.0


class Brain:
    """A brain process: lines in, lines out, read on a thread of its own."""

    def __init__(self, name, argv, cwd, log=None):
        self.name = name
        self.log = log
        self.proc = subprocess.Popen(
            argv,
            cwd=cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            line = line.rstrip("\r\n")
            self._log("<", line)
            self.lines.put(line)
        self.lines.put(None)

    def _log(self, direction, line):
        if self.log:
            self.log.write(f"{time.monotonic():.3f} {self.name} {direction} {line}\n")

    def send(self, line):
        self._log(">", line)
        self.proc.stdin.write(line + "\r\n")
        self.proc.stdin.flush()

    def answer(self, timeout):
        """The next line that is not MESSAGE or DEBUG, and those before it;
        None when none came within `timeout` seconds or the brain exited."""
        notes = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None, notes
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None, notes
            if line is None:
                return None, notes
            if line.startswith(("MESSAGE", "DEBUG")):
                notes.append(line)
                continue
            return line, notes

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()


def parse_move(line):
    try:
        x, y = line.split(",")
        return int(x), int(y)
    except (ValueError, AttributeError):
        return None


def five(grid, x, y, size):
    """Whether the stone on (x, y) makes five or more in a row."""
    s = grid[y][x]
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            t = 1
            while True:
                cx, cy = x + sign * t * dx, y + sign * t * dy
                if not (0 <= cx < size and 0 <= cy < size) or grid[cy][cx] != s:
                    break
                n += 1
                t += 1
        if n >= 5:
            return True
    return False


def announced_plies(note):
    prefix = "MESSAGE forced win in "
    if not note.startswith(prefix):
        return None
    try:
        return int(note[len(prefix):].split()[0])
    except (ValueError, IndexError):
        return None


def defence_kind(note):
    """`vct refutes it` and the like, from kinrow's DEBUG line about a
    threat of the opponent; None for other lines."""
    prefix = "DEBUG the opponent threatens a forced win in "
    if not note.startswith(prefix):
        return None
    rest = note[len(prefix):].split(" ", 3)
    if len(rest) < 4:
        return None
    prover = rest[1].strip("();")
    return f"{prover} {rest[3]}"


def play(args, opening, kinrow_black, log):
    """One game; returns its record."""
    size, turn_ms = args.size, args.turn_ms
    kinrow = Brain("kinrow", [args.kinrow, "brain"], None, log)
    engine = Brain("engine", shlex.split(args.engine), args.engine_cwd, log)
    brains = [kinrow, engine] if kinrow_black else [engine, kinrow]
    record = {
        "kinrow": "black" if kinrow_black else "white",
        "opening": opening,
        "moves": [],
        "times_ms": {"kinrow": [], "engine": []},
        "announced": [],
        "defences": {},
        "faults": [],
        "winner": None,
    }
    grid = [[0] * size for _ in range(size)]
    try:
        for b in brains:
            b.send(f"INFO timeout_turn {turn_ms}")
            b.send("INFO timeout_match 0")
            b.send(f"INFO max_memory {args.memory}")
            b.send("INFO rule 0")
            b.send("INFO game_type 1")
            b.send("INFO thread_num 1")
            b.send(f"START {size}")
            ok, _ = b.answer(START_TIMEOUT)
            if ok != "OK":
                record["faults"].append(f"{b.name}: START answered {ok!r}")
                return record
        history = []
        for x, y in opening:
            grid[y][x] = 1 + len(history) % 2
            history.append((x, y))
        started = [False, False]
        while record["winner"] is None and len(history) < size * size:
            side = len(history) % 2
            b = brains[side]
            if started[side]:
                x, y = history[-1]
                commands = [f"TURN {x},{y}"]
            else:
                started[side] = True
                commands = ["BOARD"]
                commands += [
                    f"{x},{y},{1 if i % 2 == side else 2}" for i, (x, y) in enumerate(history)
                ]
                commands.append("DONE")
            sent = time.monotonic()
            for c in commands:
                b.send(c)
            line, notes = b.answer(turn_ms / 1000 + args.grace)
            took = (time.monotonic() - sent) * 1000
            ply = len(history) + 1
            record["times_ms"][b.name].append(round(took, 1))
            move = parse_move(line)
            if move is None:
                record["faults"].append(f"ply {ply}: {b.name} gave no move but {line!r}")
                record["winner"] = "engine" if b.name == "kinrow" else "kinrow"
                record["result"] = "forfeit"
                break
            x, y = move
            if not (0 <= x < size and 0 <= y < size) or grid[y][x] != 0:
                record["faults"].append(f"ply {ply}: {b.name} played illegal {x},{y}")
                record["winner"] = "engine" if b.name == "kinrow" else "kinrow"
                record["result"] = "forfeit"
                break
            if took > turn_ms:
                record["faults"].append(f"ply {ply}: {b.name} late, {took:.0f} ms")
            if b.name == "kinrow":
                for note in notes:
                    n = announced_plies(note)
                    if n is not None:
                        record["announced"].append({"ply": ply, "plies": n, "note": note})
                    kind = defence_kind(note)
                    if kind is not None:
                        record["defences"][kind] = record["defences"].get(kind, 0) + 1
            grid[y][x] = 1 + side
            history.append((x, y))
            record["moves"].append([x, y])
            if five(grid, x, y, size):
                record["winner"] = b.name
                record["result"] = "five"
        record["plies"] = len(history)
        if record["winner"] is None:
            record["result"] = "draw"
        for a in record["announced"]:
            last = a["ply"] + a["plies"] - 1
            a["converted"] = record["winner"] == "kinrow" and record["plies"] <= last
            if not a["converted"]:
                record["faults"].append(
                    f"ply {a['ply']}: kinrow announced a win in {a['plies']}, not carried out"
                )
    finally:
        for b in brains:
            b.close()
    return record


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--kinrow", default="target/release/kinrow")
    p.add_argument(
        "--engine", required=True, help="the other brain's command line (split as a shell would)"
    )
    p.add_argument("--engine-cwd", default=None, help="its working directory")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--size", type=int, default=15)
    p.add_argument("--turn-ms", type=int, default=1000)
    p.add_argument("--memory", type=int, default=256 << 20, help="INFO max_memory")
    p.add_argument(
        "--grace",
        type=float,
        default=2.0,
        help="seconds past timeout_turn to wait before a move counts as missing",
    )
    p.add_argument("--json", help="write the games' records to this file")
    p.add_argument("--log", help="write every line sent and received to this file")
    args = p.parse_args()

    c = args.size // 2
    records = []
    log = open(args.log, "w") if args.log else None
    for i in range(args.games):
        opening = [(c + dx, c + dy) for dx, dy in OPENINGS[(i // 2) % len(OPENINGS)]]
        r = play(args, opening, kinrow_black=(i % 2 == 0), log=log)
        records.append(r)
        announced = len(r["announced"])
        converted = sum(a.get("converted", False) for a in r["announced"])
        print(
            f"game {i + 1}: kinrow {r['kinrow']}, {r.get('plies', len(r['moves']))} plies, "
            f"winner {r['winner'] or 'none'} ({r.get('result', '?')}), "
            f"kinrow max {max(r['times_ms']['kinrow'], default=0):.0f} ms, "
            f"engine max {max(r['times_ms']['engine'], default=0):.0f} ms, "
            f"wins announced {announced}, converted {converted}, faults {r['faults']}",
            flush=True,
        )

    def summary(name):
        times = sorted(t for r in records for t in r["times_ms"][name])
        if not times:
            return f"{name}: no moves"
        q = lambda f: times[int((len(times) - 1) * f)]
        within = sum(t <= args.turn_ms for t in times)
        return (
            f"{name}: {len(times)} moves, {within} within {args.turn_ms} ms; "
            f"median {q(0.5):.0f} ms, 90% {q(0.9):.0f} ms, max {times[-1]:.0f} ms"
        )

    wins = {n: sum(r["winner"] == n for r in records) for n in ("kinrow", "engine")}
    draws = sum(r["winner"] is None for r in records)
    announced = [a for r in records for a in r["announced"]]
    faults = [f for r in records for f in r["faults"]]
    print(
        f"{len(records)} games: kinrow {wins['kinrow']} wins, engine {wins['engine']} wins, "
        f"{draws} draws; kinrow announced {len(announced)} forced wins "
        f"in {sum(1 for r in records if r['announced'])} games, "
        f"{sum(a.get('converted', False) for a in announced)} converted"
    )
    defences = {}
    for r in records:
        for kind, n in r["defences"].items():
            defences[kind] = defences.get(kind, 0) + n
    print(
        "kinrow's defences against a forced win of the engine: "
        + (", ".join(f"{k}: {n}" for k, n in sorted(defences.items())) or "none")
    )
    print(summary("kinrow"))
    print(summary("engine"))
    print(f"faults: {len(faults)}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(records, f, indent=1)
    sys.exit(1 if faults else 0)


if __name__ == "__main__":
    main()
