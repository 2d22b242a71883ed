"""The adapters against the real packages: OpenSpiel's mnk and gomoku
states, and the renju package's boards."""

import random

import pytest

import kinrow
from conftest import ROOT

pyspiel = pytest.importorskip("pyspiel", reason="pip install open_spiel")
renju = pytest.importorskip("renju", reason="pip install renju")


def random_state(spec, plies, rng):
    """An OpenSpiel state after up to `plies` random moves, not finished."""
    while True:
        state = pyspiel.load_game(spec).new_initial_state()
        for _ in range(plies):
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                break
        if not state.is_terminal():
            return state


def grid_of(state):
    """OpenSpiel's own picture of the board: rows of '.', 'x', 'o'."""
    lines = [l for l in str(state).splitlines() if l and l not in ("B", "W")]
    return [l.replace("b", "x").replace("w", "o") for l in lines]


@pytest.mark.parametrize("spec", ["mnk", "mnk(m=7,n=6,k=4)", "gomoku(size=9)", "gomoku(size=11,connect=4)"])
def test_openspiel_states_read_cell_for_cell(spec):
    rng = random.Random(spec)
    for plies in (0, 1, 2, 7, 12):
        state = random_state(spec, plies, rng)
        p = kinrow.from_openspiel(state)
        rows = grid_of(state)
        assert p.size == (len(rows[0]), len(rows))
        assert ["".join(".xo"[v] for v in row) for row in p.to_array()] == rows
        assert p.to_move == ("x" if state.current_player() == 0 else "o")
        assert p.rule == "freestyle"
        for action in state.legal_actions():
            name = "abcdefghijklmnopqrstuvwxyz"[action % p.width] + str(p.height - action // p.width)
            assert kinrow.openspiel_action(state, name) == action
            assert p.stone_at(name) is None


@pytest.mark.parametrize("spec", ["mnk(m=4,n=4,k=3)", "gomoku(size=5,connect=4)"])
def test_kinrow_s_wins_win_in_openspiel(spec):
    """Solve, play the winning move in OpenSpiel, let the defender answer
    at random, repeat: OpenSpiel must end with the attacker winning."""
    rng = random.Random(spec)
    won = 0
    for _ in range(25):
        state = random_state(spec, rng.randrange(2, 6), rng)
        attacker = state.current_player()
        r = kinrow.solve(kinrow.from_openspiel(state))
        if r.verdict != "win":
            continue
        won += 1
        while not state.is_terminal():
            if state.current_player() == attacker:
                r = kinrow.solve(kinrow.from_openspiel(state))
                assert r.verdict == "win"
                state.apply_action(kinrow.openspiel_action(state, r.move))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.returns()[attacker] == 1.0
    assert won >= 5


def test_openspiel_refuses_other_games_and_finished_ones():
    with pytest.raises(ValueError, match="mnk or gomoku"):
        kinrow.from_openspiel(pyspiel.load_game("tic_tac_toe").new_initial_state())
    with pytest.raises(ValueError, match="anti"):
        kinrow.from_openspiel(pyspiel.load_game("gomoku(anti=true)").new_initial_state())
    state = pyspiel.load_game("mnk(m=3,n=3,k=3)").new_initial_state()
    for a in (0, 3, 1, 4, 2):
        state.apply_action(a)
    with pytest.raises(ValueError, match="finished"):
        kinrow.from_openspiel(state)


def renju_board(p, rule="renju"):
    """A RenjuBoard with the stones of `p` (passes where the counts differ)."""
    xy = lambda name: ["abcdefghijklmnopqrstuvwxyz".index(name[0]), int(name[1:]) - 1]
    black, white = p.stones["x"], p.stones["o"]
    moves = []
    for i in range(max(len(black), len(white))):
        moves.append(xy(black[i]) if i < len(black) else [-1, -1])
        moves.append(xy(white[i]) if i < len(white) else [-1, -1])
    if moves and moves[-1] == [-1, -1] and p.to_move == "o":
        moves.pop()
    if p.to_move == "x" and len(moves) % 2:
        moves.append([-1, -1])
    return renju.RenjuBoard(board_size=p.width, rule=rule, moves=moves)


def test_renju_boards_read_as_the_same_position():
    for name, p in kinrow.read_file(ROOT / "positions/renju-puzzles/vct_black.pos"):
        rule = {"freestyle": "freestyle", "exact": "standard", "renju": "renju"}[p.rule]
        q = kinrow.from_renju(renju_board(p, rule))
        assert (q.stones, q.to_move, q.rule, q.size) == (p.stones, p.to_move, p.rule, p.size), name


def test_a_renju_win_replays_as_a_win_in_the_renju_package():
    """The VCF of a bundled renju puzzle, found from the renju board,
    played on the referee's board: Black's last move wins there."""
    for name, p in kinrow.read_file(ROOT / "positions/renju-puzzles/vcf_black.pos"):
        if p.rule != "renju":
            continue
        board = renju_board(p)
        r = kinrow.solve(kinrow.from_renju(board, attack="fours"))
        assert r.verdict == "win", name
        for i, move in enumerate(r.line):
            status, reason = board.play_str(move)
            if i < len(r.line) - 1:
                assert status == renju.BoardStatus.ONGOING, (name, move, reason)
        assert status == renju.BoardStatus.BLACK_WIN, name


def test_forbidden_points_agree_with_the_renju_referee():
    """Through the adapter, cell by cell on a few random boards (the
    referee is slow; tools/renju_crosscheck.py compares the rule itself
    on thousands of positions)."""
    rng = random.Random(7)
    checked = forbidden = 0
    for _ in range(12):
        board = renju.RenjuBoard(board_size=15, rule="renju")
        while len(board) < 30:
            x, y = rng.randrange(4, 11), rng.randrange(4, 11)
            if [x, y] in board.moves:
                continue
            before = list(board.moves)
            if board.play_move(x, y)[0] != renju.BoardStatus.ONGOING:
                board = renju.RenjuBoard(board_size=15, rule="renju", moves=before)
        if board.current_player != "black":
            board.play_move(-1, -1)
        p = kinrow.from_renju(board)
        ours = kinrow.forbidden_points(p, kinds=True)
        moves = list(board.moves)
        for y in range(2, 13):
            for x in range(2, 13):
                if [x, y] in moves:
                    continue
                board.moves = list(moves)
                board.status = renju.BoardStatus.ONGOING
                board.reason = renju.WinReason.NORMAL
                status, reason = board.play_move(x, y)
                name = "abcdefghijklmno"[x] + str(y + 1)
                theirs = status == renju.BoardStatus.WHITE_WIN
                assert (name in ours) == theirs, (name, reason, str(board))
                if theirs:
                    assert ours[name] == reason.value.replace("_", "-"), name
                checked += 1
                forbidden += theirs
        assert set(ours) <= {
            "abcdefghijklmno"[x] + str(y + 1) for x in range(2, 13) for y in range(2, 13)
        }
    assert checked > 300 and forbidden > 0
