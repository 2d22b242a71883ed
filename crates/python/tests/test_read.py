"""Reading, building and writing positions; bad input is a ValueError with
the command line's message."""

import pytest

import kinrow
from conftest import ROOT, cli

SUITES = sorted((ROOT / "positions").rglob("*.pos"))


def test_every_bundled_position_reads_and_writes_back_equal():
    count = 0
    for path in SUITES:
        suite = kinrow.read_file(path)
        assert suite, path
        for name, p in suite:
            again = kinrow.Position.from_text(p.to_text(), path=f"{name}.pos")
            assert again == p.replace(name=name), (path, name)
            assert again.name == name
            count += 1
    assert count > 200


def test_from_text_reads_one_position_and_names_it_after_the_path():
    p = kinrow.Position.from_text("board 9\nk 4\nmoves e5 a1 f5 a2 g5 a9\n", path="dir/open-three.pos")
    assert (p.name, p.size, p.k, p.rule, p.to_move) == ("open-three", (9, 9), 4, "freestyle", "x")
    assert p.stones == {"x": ["e5", "f5", "g5"], "o": ["a1", "a2", "a9"]}
    assert p.stone_at("e5") == "x" and p.stone_at("e6") is None
    assert "open-three" in repr(p) and "9x9" in repr(p)
    assert str(p).splitlines()[-1].split() == list("abcdefghi")


def test_a_suite_is_read_suite_s_and_from_text_refuses_it():
    text = (ROOT / "positions/renju-puzzles/vcf_black.pos").read_text()
    suite = kinrow.read_suite(text)
    assert [n for n, _ in suite] == ["vcf_black-freestyle", "vcf_black-exact", "vcf_black-renju"]
    assert [p.rule for _, p in suite] == ["freestyle", "exact", "renju"]
    with pytest.raises(ValueError, match="read_suite"):
        kinrow.Position.from_text(text)


BAD = {
    "bad-k.pos": "board 9\nk four\n",
    "bad-cell.pos": "board 9\nmoves e5 z9\n",
    "won.pos": "board 9\nk 3\nmoves a1 b1 a2 b2 a3\n",
    "bad-suite.pos": "[a]\nboard 9\n[a]\nboard 9\n",
    "bad.psq": "Piskvork\n15,15\n1,1,0\n1,1,0\n",
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_input_raises_the_command_line_s_message(tmp_path, name):
    path = tmp_path / name
    path.write_text(BAD[name])
    rc, _, err = cli("solve", path)
    assert rc == 2, err
    expected = err.strip().removeprefix("kinrow: ")
    for read in (lambda: kinrow.read_file(path), lambda: kinrow.Position.from_file(path)):
        with pytest.raises(ValueError) as e:
            read()
        assert str(e.value) == expected
    # From text: the same message, with the path given or `<text>`.
    with pytest.raises(ValueError) as e:
        kinrow.read_suite(BAD[name], path=str(path))
    assert str(e.value) == expected
    with pytest.raises(ValueError) as e:
        kinrow.read_suite(BAD[name])
    assert str(e.value).startswith("<text>:")


def test_from_moves_and_from_array_agree_with_the_file():
    text = "board 7x6\nk 4\nrule exact\nmoves d3 d4 c3 e5\n"
    f = kinrow.Position.from_text(text)
    m = kinrow.Position.from_moves(["d3", "d4", "c3", "e5"], size=(7, 6), k=4, rule="exact")
    m2 = kinrow.Position.from_moves("d3 d4, c3 e5", size=(7, 6), k=4, rule="exact")
    t = kinrow.Position.from_moves([(3, 2), (3, 3), (2, 2), (4, 4)], size=(7, 6), k=4, rule="exact")
    a = kinrow.Position.from_array(f.to_array(), k=4, rule="exact")
    s = kinrow.Position.from_array(["".join(".xo"[v] for v in row) for row in f.to_array()], k=4, rule="exact")
    assert f == m == m2 == t == a == s
    assert f.to_array()[-3] == [0, 0, 1, 1, 0, 0, 0]  # row 3 from the bottom
    numpy = pytest.importorskip("numpy")
    assert kinrow.Position.from_array(numpy.array(f.to_array()), k=4, rule="exact") == f


def test_side_to_move_depth_and_settings():
    p = kinrow.Position.from_moves(["h8"], to_move="x", depth=5, candidates="near 2", attack="fours")
    assert (p.to_move, p.depth, p.candidates, p.attack) == ("x", 5, "near 2", "fours")
    q = p.replace(no_depth=True, candidates="all", to_move="o")
    assert (q.depth, q.candidates, q.to_move) == (None, "all", "o")


@pytest.mark.parametrize(
    "call, where",
    [
        (lambda: kinrow.Position.from_moves(["h8", "h8"]), "moves[1]"),
        (lambda: kinrow.Position.from_moves(["h8", "z99"]), "moves[1]"),
        (lambda: kinrow.Position.from_moves(["a1"], size=5, k=9), "k"),
        (lambda: kinrow.Position.from_moves(["a1"], size=40), "size"),
        (lambda: kinrow.Position.from_moves(["a1", "a2", "b1", "b2", "c1"], k=3, size=5), "moves:"),
        (lambda: kinrow.Position.from_array([[1, 1, 0], [0, 0, 0]], k=2), "array:"),
        (lambda: kinrow.Position.from_moves(["a1"], rule="gomoku"), "rule"),
        (lambda: kinrow.Position.from_moves(["a1"], rule="renju", k=4), "k"),
        (lambda: kinrow.Position.from_array([[1, 1], [0]]), "array row 1"),
        (lambda: kinrow.Position.from_array([[1, 7]]), "array[0][1]"),
        (lambda: kinrow.Position.from_array([[1, 1, 0]]), "k:"),
        (lambda: kinrow.Position.from_array([]), "array"),
        (lambda: kinrow.Position.from_array(5), "array"),
        (lambda: kinrow.Position.from_moves(["a1"], candidates="near 0"), "candidates"),
        (lambda: kinrow.Position.from_moves(["a1"], to_move="black").play("a1"), "a1"),
    ],
)
def test_bad_values_raise_value_error_naming_the_argument(call, where):
    with pytest.raises(ValueError) as e:
        call()
    if where:
        assert str(e.value).startswith(where), str(e.value)


def test_play_steps_a_position_and_refuses_what_the_rules_do():
    p = kinrow.Position.from_moves(["a1", "a2", "b1", "b2"], size=5, k=3)
    q = p.play("e5")
    assert (q.to_move, q.stone_at("e5")) == ("o", "x")
    with pytest.raises(ValueError, match="wins"):
        p.play("c1")
    with pytest.raises(ValueError, match="empty"):
        p.play("a1")


def test_games_read_as_the_command_line_reads_them(tmp_path):
    for path in sorted((ROOT / "positions/games").glob("*.psq")):
        game = kinrow.Game.from_file(path)
        last = game.last_open_ply()
        assert game.position() == game.position(last) == kinrow.Position.from_file(path)
        first = game.position(0)
        assert first.stones == {"x": [], "o": []}
        assert sorted(game.position(3).stones["x"]) == sorted([game.moves[0], game.moves[2]])
        with pytest.raises(ValueError, match="ply"):
            game.position(len(game) + 1)
        # The same game as SGF.
        sgf = "(;GM[4]FF[4]SZ[%d]RU[renju];" % game.size[0] + ";".join(
            "%s[%s%s]" % ("BW"[i % 2], m[0], chr(ord("a") + game.size[1] - int(m[1:])))
            for i, m in enumerate(game.moves)
        ) + ")"
        again = kinrow.read_game(sgf)
        assert again.moves == game.moves and again.rule == "renju"
        assert again.position(5).name == "game"
        assert again.position(5) == game.position(5, rule="renju").replace(name="game")
