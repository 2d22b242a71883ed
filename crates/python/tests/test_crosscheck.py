"""The package against the command line on a few hundred random positions:
the same verdicts, moves, lines, node counts and claims. Both search with
the same node and memory budgets, so even their unknowns agree."""

import random

import pytest

import kinrow
from conftest import ROOT, cli_json

# One thread on both sides: node counts are then the same at every run.
BUDGET = ["--max-nodes", "20000", "--memory", "256M", "--threads", "1"]


def random_position(rng, i):
    """A random position without a winning line: small boards searched to
    the end, or larger ones with a horizon (auto tries the threat space)."""
    while True:
        if rng.random() < 0.5:
            w, h = rng.randrange(4, 8), rng.randrange(4, 8)
            k = rng.randrange(3, min(5, max(w, h)) + 1)
            rule = rng.choice(["freestyle", "exact"])
            depth = rng.choice([None, None, 3, 5, 7])
            stones = rng.randrange(0, w * h // 3)
        else:
            w = h = rng.choice([9, 11, 15])
            k, rule = 5, rng.choice(["freestyle", "exact", "renju"])
            depth = rng.choice([3, 5, 7, 9])
            stones = rng.randrange(4, 24)
        cells = [(x, y) for x in range(w) for y in range(h)]
        centre = (w // 2, h // 2)
        cells.sort(key=lambda c: abs(c[0] - centre[0]) + abs(c[1] - centre[1]) + rng.random() * 4)
        moves = cells[:stones]
        rng.shuffle(moves)
        candidates = rng.choice(["all", "all", "near 1", "near 2"])
        try:
            return kinrow.Position.from_moves(
                moves, size=(w, h), k=k, rule=rule, depth=depth, candidates=candidates, name=f"r{i}"
            )
        except ValueError:
            continue  # a side already won, or an overline under renju


def test_random_positions_agree_with_the_command_line(tmp_path):
    rng = random.Random(33)
    positions = [random_position(rng, i) for i in range(300)]
    suite = tmp_path / "random.pos"
    suite.write_text("\n".join(f"[{p.name}]\n{p.to_text()}" for p in positions))
    theirs = cli_json(*BUDGET, suite)
    assert [j["name"] for j in theirs] == [p.name for p in positions]
    verdicts = set()
    for p, j in zip(positions, theirs):
        r = kinrow.solve(p, max_nodes=20000, memory="256M", threads=1)
        ours = (r.verdict, r.move, r.line, r.nodes, r.prover, r.holds_for)
        assert ours == (j["result"], j["move"], j["pv"], j["nodes"], j["prover"], j["holds_for"]), (
            p.name,
            p.to_text(),
        )
        if r.verdict != "unknown":
            assert r.claim == j["claim"], p.name
        verdicts.add(r.verdict)
    assert verdicts == {"win", "no-win", "no-threat-win", "unknown"}


# Every bundled suite, each position within the same node budget (the
# slow ones end unknown, alike on both sides).
QUICK = ["positions/mnk", "positions/bench", "positions/small", "positions/renju-puzzles"]


@pytest.mark.parametrize("folder", QUICK)
def test_bundled_quick_positions_agree_with_the_command_line(folder):
    for path in sorted((ROOT / folder).glob("*.pos")):
        suite = [(n, p) for n, p in kinrow.read_file(path)]
        theirs = {j["name"]: j for j in cli_json(*BUDGET, path)}
        for name, p in suite:
            r = kinrow.solve(p, max_nodes=20000, memory="256M", threads=1)
            j = theirs[name]
            assert (r.verdict, r.move, r.nodes) == (j["result"], j["move"], j["nodes"]), (path, name)
            if p.expect and r.verdict in ("win", "no-win"):
                assert r.verdict == p.expect, (path, name)
