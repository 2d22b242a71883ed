"""kinrow: an exact k-in-a-row endgame solver (gomoku, renju, m,n,k-games).

Read or build a position, ask whether the side to move forces a win::

    import kinrow
    p = kinrow.Position.from_moves("h8 h9 i8 i9 j8 j9", size=15)
    r = kinrow.solve(p, depth=3)
    print(r.verdict, r.move, r.line)      # win g8 ['g8', 'f8', 'k8']

The solver is Rust (the ``kinrow._kinrow`` extension); searches run
without the GIL and stop on Ctrl-C. Bad input raises ``ValueError`` with
the command line's message (``FILE:LINE:COLUMN: what``). The adapters
``from_openspiel`` and ``from_renju`` read the states of OpenSpiel's
``mnk`` and ``gomoku`` games and the boards of the ``renju`` package; they
import nothing until called. See docs/python.md in the repository.
"""

from ._kinrow import (
    PROVERS,
    CheckResult,
    Game,
    Position,
    SolveResult,
    __version__,
    check,
    forbidden_points,
    read_file,
    read_game,
    read_suite,
    solve,
)
from .adapters import from_openspiel, from_renju, openspiel_action

__all__ = [
    "PROVERS",
    "CheckResult",
    "Game",
    "Position",
    "SolveResult",
    "__version__",
    "check",
    "forbidden_points",
    "from_openspiel",
    "from_renju",
    "openspiel_action",
    "read_file",
    "read_game",
    "read_suite",
    "solve",
]
