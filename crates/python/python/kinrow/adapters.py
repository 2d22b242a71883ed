"""Positions from other Python game libraries, each optional: nothing here
imports them; the objects passed in are read through their public methods.

- OpenSpiel (``pip install open_spiel``, ``import pyspiel``): states of the
  games ``mnk`` (m columns, n rows, k in a row) and ``gomoku`` (``size``,
  ``connect``; two dimensions, no wrapping, not the ``anti`` variant). Both
  let a line of k or more win: kinrow's rule ``freestyle``. An action is
  ``row * width + column`` with row 0 the top row of OpenSpiel's picture,
  which is kinrow's top row too: the board reads the same in both.
- The ``renju`` package (``pip install renju``): a ``RenjuBoard``, its rule
  (``freestyle``, ``standard``: exactly five wins, ``renju``) and its moves,
  passes included; ``(x, y)`` there is kinrow's cell, ``(7, 7)`` is ``h8``.
"""

from ._kinrow import Position

__all__ = ["from_openspiel", "from_renju", "openspiel_action"]


def _openspiel_geometry(state):
    """(width, height, k) of an OpenSpiel mnk or gomoku state."""
    game = state.get_game()
    name = game.get_type().short_name
    params = game.get_parameters()
    if name == "mnk":
        # mnk's defaults (15, 15, 5) are not listed among its parameters.
        return params.get("m", 15), params.get("n", 15), params.get("k", 5)
    if name == "gomoku":
        if params.get("dims", 2) != 2 or params.get("wrap", False):
            raise ValueError(
                "gomoku: expected a flat board (dims=2, wrap=False), found "
                f"dims={params.get('dims')}, wrap={params.get('wrap')}"
            )
        if params.get("anti", False):
            raise ValueError("gomoku: the anti variant (k in a row loses) is not kinrow's game")
        size = params.get("size", 15)
        return size, size, params.get("connect", 5)
    raise ValueError(f"expected an OpenSpiel mnk or gomoku state, found the game {name!r}")


def from_openspiel(state, *, depth=None, candidates="all", attack="any", name="openspiel"):
    """The kinrow position of an OpenSpiel ``mnk`` or ``gomoku`` state (a
    ``pyspiel.State``): the stones of its history, the side to move its
    current player (player 0, who moves first, is kinrow's x). A finished
    game raises ``ValueError``."""
    width, height, k = _openspiel_geometry(state)
    if state.is_terminal():
        raise ValueError("expected a game in progress, found a finished OpenSpiel state")
    rows = [[0] * width for _ in range(height)]
    for i, action in enumerate(state.history()):
        row, col = divmod(action, width)
        rows[row][col] = 1 if i % 2 == 0 else 2
    to_move = "x" if state.current_player() == 0 else "o"
    return Position.from_array(
        rows, k=k, rule="freestyle", to_move=to_move,
        candidates=candidates, attack=attack, depth=depth, name=name,
    )


def openspiel_action(state, move):
    """The OpenSpiel action of the cell named ``move`` (such as a solve
    result's ``.move``) in the game of ``state``."""
    width, height, _ = _openspiel_geometry(state)
    letters, digits = move[:1].lower(), move[1:]
    if not letters.isalpha() or not digits.isdigit():
        raise ValueError(f"expected a cell name such as h8, found {move!r}")
    col, row_from_bottom = ord(letters) - ord("a"), int(digits) - 1
    if not (0 <= col < width and 0 <= row_from_bottom < height):
        raise ValueError(f"expected a cell of the {width}x{height} board, found {move!r}")
    return (height - 1 - row_from_bottom) * width + col


_RENJU_RULES = {"FREESTYLE": "freestyle", "STANDARD": "exact", "RENJU": "renju"}


def from_renju(board, *, depth=None, candidates="all", attack="any", name="renju"):
    """The kinrow position of a ``renju.RenjuBoard``: its size, its rule
    (``standard``, exactly five, is kinrow's ``exact``), its stones (Black's
    on even plies, passes ``(-1, -1)`` skipped) and the side to move after
    its moves. A finished game raises ``ValueError``."""
    rule = _RENJU_RULES.get(getattr(board.rule, "name", str(board.rule)).upper())
    if rule is None:
        raise ValueError(f"expected a renju board of rule freestyle, standard or renju, found {board.rule!r}")
    if int(board.status) != 0:
        raise ValueError(f"expected a game in progress, found a finished board ({board.status!r})")
    n = board.board_size
    rows = [[0] * n for _ in range(n)]
    moves = board.get_moves()
    for i, (x, y) in enumerate(moves):
        if (x, y) == (-1, -1):
            continue
        rows[n - 1 - y][x] = 1 if i % 2 == 0 else 2
    to_move = "x" if len(moves) % 2 == 0 else "o"
    return Position.from_array(
        rows, k=5, rule=rule, to_move=to_move,
        candidates=candidates, attack=attack, depth=depth, name=name,
    )
