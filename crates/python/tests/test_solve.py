"""Solving, certificates and the checker, renju's forbidden points."""

import warnings

import pytest

import kinrow
from conftest import ROOT, cli_json

OPEN_THREE = "board 9\nmoves e5 a1 f5 a2 g5 a9\n"


def test_a_win_a_no_win_and_an_unknown():
    p = kinrow.Position.from_text(OPEN_THREE)
    win = kinrow.solve(p, depth=3)
    assert (win.verdict, win.holds_for) == ("win", "real-game")
    assert win.move in ("d5", "h5") and win.line[0] == win.move and win.plies == 3
    assert win.claim.startswith("win for x: a forced win within 3 plies")
    assert win.nodes > 0 and win.seconds >= 0 and win.exhausted is None
    no_win = kinrow.solve(p, depth=1)
    assert (no_win.verdict, no_win.move, no_win.holds_for) == ("no-win", None, "real-game")
    hard = kinrow.Position.from_moves([], size=7)
    unknown = kinrow.solve(hard, prover="pns", max_nodes=500)
    assert (unknown.verdict, unknown.exhausted, unknown.holds_for) == ("unknown", "nodes", None)
    assert "win" in repr(win)


def test_each_prover_answers_by_name():
    p = kinrow.Position.from_text(OPEN_THREE).replace(candidates="near 1")
    for prover in kinrow.PROVERS:
        r = kinrow.solve(p, prover=prover, depth=3)
        assert (r.verdict, r.holds_for) == ("win", "restricted-game"), prover
        # The threat space proves wins; where it is exhausted it says only
        # that no threat sequence wins, never that the game is not won;
        # db-search, not exhaustive, says nothing.
        expected = {"vct": "no-threat-win", "vct-dfpn": "no-threat-win", "vct-db": "unknown"}
        expected = expected.get(prover, "no-win")
        assert kinrow.solve(p, prover=prover, depth=1).verdict == expected, prover
    assert kinrow.solve(p, prover="alpha-beta", depth=3).value == 1


def test_bad_arguments_raise_value_error():
    p = kinrow.Position.from_text(OPEN_THREE)
    for bad in [0, -1]:
        with pytest.raises(ValueError, match="threads"):
            kinrow.solve(p, threads=bad)
    assert kinrow.solve(p, depth=3, threads=1).verdict == "win"
    # df-pn on several threads gives the one-thread verdict, on as many
    # threads as asked up to the cores (the default: more are capped, with
    # a warning); the other provers run on one thread and say so.
    cores = kinrow.solve(p, prover="dfpn", depth=3).threads
    for threads in [2, 4]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            r = kinrow.solve(p, prover="dfpn", depth=3, threads=threads)
            assert (r.verdict, r.threads) == ("win", min(threads, cores))
            assert kinrow.solve(p, prover="pns", depth=3, threads=threads).threads == 1
    with pytest.raises(ValueError, match="prover"):
        kinrow.solve(p, prover="magic")
    with pytest.raises(ValueError, match="time"):
        kinrow.solve(p, time=-1)
    with pytest.raises(ValueError, match="memory"):
        kinrow.solve(p, memory="lots")
    # A prover that refuses the question (the value searches take no
    # attacker filter) is a ValueError too, with the prover's reason.
    fours = p.replace(attack="fours", depth=5)
    with pytest.raises(ValueError, match="alpha-beta"):
        kinrow.solve(fours, prover="alpha-beta")
    assert kinrow.solve(p, memory="64M", time=30, depth=3).verdict == "win"


def test_a_certificate_round_trip_and_a_broken_one():
    p = kinrow.Position.from_text(OPEN_THREE, path="open-three.pos")
    r = kinrow.solve(p, depth=5, certificate=True)
    assert r.verdict == "win" and r.certificate_error is None
    assert r.position == p.replace(depth=5)
    ok = kinrow.check(r.position, r.certificate)
    assert ok and ok.valid and ok.positions > 0 and ok.longest_line <= 5
    # Another position: the certificate is about another game.
    other = kinrow.Position.from_moves(["e5", "a1", "f5", "a2", "g5", "a8"], size=9, k=4)
    wrong = kinrow.check(other.replace(depth=5), r.certificate)
    assert not kinrow.check(p, r.certificate), "the certificate is for depth 5"
    assert not wrong and wrong.flaw and "invalid" in wrong.message
    # A winning answer removed from the tree.
    lines = r.certificate.splitlines()
    cut = kinrow.check(r.position, "\n".join(lines[:-3] + lines[-1:]) + "\n")
    assert not cut.valid
    with pytest.raises(ValueError, match="not a proof certificate"):
        kinrow.check(r.position, OPEN_THREE)
    assert kinrow.solve(p, depth=1, certificate=True).certificate is None


def test_a_certificate_from_python_passes_the_command_line_s_checker(tmp_path):
    from conftest import cli

    r = kinrow.solve(kinrow.Position.from_text(OPEN_THREE), depth=5, certificate=True)
    (tmp_path / "p.pos").write_text(r.position.to_text())
    (tmp_path / "p.proof").write_text(r.certificate)
    rc, out, err = cli("check", tmp_path / "p.pos", tmp_path / "p.proof")
    assert rc == 0 and "proof valid" in out, out + err


def test_the_bundled_renju_puzzle_solves_as_the_command_line_solves_it():
    path = ROOT / "positions/renju-puzzles/vcf_black.pos"
    ours = {name: kinrow.solve(p, threads=1) for name, p in kinrow.read_file(path)}
    theirs = {j["name"]: j for j in cli_json("--threads", "1", path)}
    assert ours.keys() == theirs.keys()
    for name, r in ours.items():
        j = theirs[name]
        assert (r.verdict, r.move, r.line, r.nodes, r.prover, r.claim) == (
            j["result"], j["move"], j["pv"], j["nodes"], j["prover"], j["claim"]
        ), name


def test_forbidden_points_under_renju():
    # x (Black) on f8 g8 and h6 h7: h8 would make two open threes.
    p = kinrow.Position.from_moves(
        ["f8", "a1", "g8", "a15", "h6", "o1", "h7", "o15"], rule="renju"
    )
    points = kinrow.forbidden_points(p)
    assert "h8" in points
    assert kinrow.forbidden_points(p, kinds=True)["h8"] == "double-three"
    with pytest.raises(ValueError, match="forbidden"):
        p.play("h8")
    with pytest.raises(ValueError, match="renju"):
        kinrow.forbidden_points(kinrow.Position.from_moves(["h8"]))


def test_a_position_draws_itself_as_svg_for_jupyter():
    import xml.etree.ElementTree as ET

    svg = "{http://www.w3.org/2000/svg}"
    p = kinrow.Position.from_text(OPEN_THREE, path="open-three.pos")

    def stones(picture):
        return [c for c in ET.fromstring(picture).iter(svg + "circle") if c.get("r") == "19"]

    assert len(stones(p._repr_svg_())) == 6
    r = kinrow.solve(p, depth=3)
    drawn = p.svg(line=r.line)
    assert len(stones(drawn)) == 6 + len(r.line)
    numbers = [t.text for t in ET.fromstring(drawn).iter(svg + "text") if t.get("font-weight") == "bold"]
    assert numbers == [str(i + 1) for i in range(len(r.line))]
    with pytest.raises(ValueError):
        p.svg(line=["z99"])
