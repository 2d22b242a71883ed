"""What a new user tripped over in the package (issue 63): one test per
report, named after what it broke."""

import warnings

import pytest

import kinrow
from conftest import ROOT, cli

OPEN_THREE = "board 9\nmoves e5 a1 f5 a2 g5 a9\n"


def test_threads_beyond_the_cores_panicked_in_rust():
    p = kinrow.Position.from_text(OPEN_THREE)
    # The default is every core this process may use, as the command line's.
    cores = kinrow.solve(p, prover="dfpn", depth=3).threads
    for many in [100000, 64]:
        with pytest.warns(UserWarning, match="capped"):
            r = kinrow.solve(p, prover="dfpn", depth=3, threads=many)
        assert (r.verdict, r.threads) == ("win", cores)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert kinrow.solve(p, prover="dfpn", depth=3, threads=1).threads == 1
    for bad in [0, -1, 2**70]:
        with pytest.raises(ValueError, match="threads"):
            kinrow.solve(p, threads=bad)


def test_a_negative_depth_or_ply_raised_overflow_error():
    p = kinrow.Position.from_text(OPEN_THREE)
    game = ROOT / "positions/games/selfplay-21.psq"
    bad_depth = [
        lambda: kinrow.solve(p, depth=-1),
        lambda: kinrow.solve(p, depth=2**40),
        lambda: p.replace(depth=-1),
        lambda: kinrow.Position.from_moves(["h8"], depth=-1),
        lambda: kinrow.Position.from_array([[0] * 5] * 5, k=4, depth=-1),
    ]
    for call in bad_depth:
        with pytest.raises(ValueError, match="depth"):
            call()
    bad_ply = [
        lambda: kinrow.read_file(game, ply=-1),
        lambda: kinrow.Position.from_file(game, ply=-1),
        lambda: kinrow.Position.from_text(game.read_text(), ply=-1),
        lambda: kinrow.Game.from_file(game).position(ply=-1),
    ]
    for call in bad_ply:
        with pytest.raises(ValueError, match="ply"):
            call()
    for bad in [-1, 0]:
        with pytest.raises(ValueError, match="max_nodes"):
            kinrow.solve(p, max_nodes=bad)
    # Not a number at all stays a TypeError, naming the argument.
    with pytest.raises(TypeError, match="depth"):
        kinrow.solve(p, depth="3")
    assert kinrow.solve(p, depth=3, threads=1).verdict == "win"
    assert kinrow.Game.from_file(game).position(ply=18).to_move == "x"


def test_a_line_over_a_stone_was_drawn_without_complaint():
    p = kinrow.Position.from_text(OPEN_THREE)
    for taken in [["e5"], ["d5", "a1"]]:
        with pytest.raises(ValueError, match="line"):
            p.svg(line=taken)
    with pytest.raises(ValueError, match="line"):
        p.svg(line=["d5", "h5", "d5"])
    drawn = p.svg(line=["d5", "h5"])
    assert drawn.startswith("<svg") and ">2</text>" in drawn


def test_a_certificate_of_a_whole_game_no_win_was_none(tmp_path):
    # Tic-tac-toe: a draw, the whole game.
    ttt = kinrow.Position.from_text("board 3\nk 3\n", path="ttt.pos")
    r = kinrow.solve(ttt, certificate=True)
    assert r.verdict == "no-win" and r.certificate_error is None
    assert r.certificate.startswith("kinrow-certificate")
    checked = kinrow.check(r.position, r.certificate)
    assert checked.valid and checked.proves == "no-win", checked.message
    # The command line's checker takes it, and reports the no-win.
    (tmp_path / "ttt.pos").write_text(r.position.to_text())
    (tmp_path / "ttt.proof").write_text(r.certificate)
    rc, out, err = cli("check", tmp_path / "ttt.pos", tmp_path / "ttt.proof")
    assert rc == 0 and "proof valid" in out, out + err
    # A no-win within a horizon has no draw certificate: the reason, not
    # a silent None.
    short = kinrow.solve(kinrow.Position.from_text(OPEN_THREE), depth=1, certificate=True)
    assert short.verdict == "no-win" and short.certificate is None
    assert "horizon" in short.certificate_error
    win = kinrow.solve(kinrow.Position.from_text(OPEN_THREE), depth=3, certificate=True)
    assert kinrow.check(win.position, win.certificate).proves == "win"
