"""Type stubs of the extension module kinrow._kinrow (see the docstrings of
the objects themselves for what each does)."""

from os import PathLike
from typing import Any, Dict, Iterable, List, Literal, Optional, Sequence, Tuple, Union, overload

__version__: str
PROVERS: List[str]

Verdict = Literal["win", "no-win", "unknown"]
_Path = Union[str, "PathLike[str]"]
_Move = Union[str, Tuple[int, int]]

class Position:
    @staticmethod
    def from_text(
        text: str, path: Optional[str] = None, *, ply: Optional[int] = None, rule: Optional[str] = None
    ) -> Position: ...
    @staticmethod
    def from_file(path: _Path, *, ply: Optional[int] = None, rule: Optional[str] = None) -> Position: ...
    @staticmethod
    def from_moves(
        moves: Union[str, Iterable[_Move]],
        size: Union[int, Tuple[int, int], None] = None,
        k: int = 5,
        rule: str = "freestyle",
        to_move: Optional[str] = None,
        *,
        candidates: str = "all",
        attack: str = "any",
        depth: Optional[int] = None,
        name: str = "position",
    ) -> Position: ...
    @staticmethod
    def from_array(
        array: Any,
        k: int = 5,
        rule: str = "freestyle",
        to_move: Optional[str] = None,
        *,
        candidates: str = "all",
        attack: str = "any",
        depth: Optional[int] = None,
        name: str = "position",
    ) -> Position: ...
    @property
    def name(self) -> str: ...
    @property
    def size(self) -> Tuple[int, int]: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def k(self) -> int: ...
    @property
    def rule(self) -> Literal["freestyle", "exact", "renju"]: ...
    @property
    def to_move(self) -> Literal["x", "o"]: ...
    @property
    def candidates(self) -> str: ...
    @property
    def attack(self) -> Literal["any", "fours", "threats"]: ...
    @property
    def depth(self) -> Optional[int]: ...
    @property
    def expect(self) -> Optional[Literal["win", "no-win"]]: ...
    @property
    def solution(self) -> List[str]: ...
    @property
    def stones(self) -> Dict[str, List[str]]: ...
    def stone_at(self, cell: str) -> Optional[Literal["x", "o"]]: ...
    def to_array(self) -> List[List[int]]: ...
    def to_text(self) -> str: ...
    def svg(self, line: Optional[Sequence[str]] = None, highlight: Optional[Sequence[str]] = None) -> str: ...
    def _repr_svg_(self) -> str: ...
    def play(self, cell: str) -> Position: ...
    def replace(
        self,
        *,
        name: Optional[str] = None,
        depth: Optional[int] = None,
        no_depth: bool = False,
        candidates: Optional[str] = None,
        attack: Optional[str] = None,
        to_move: Optional[str] = None,
    ) -> Position: ...
    def __eq__(self, other: object) -> bool: ...

class SolveResult:
    verdict: Verdict
    move: Optional[str]
    holds_for: Optional[Literal["real-game", "restricted-game"]]
    claim: str
    line: List[str]
    plies: Optional[int]
    shortest: bool
    winning_moves: Optional[List[str]]
    value: Optional[int]
    exhausted: Optional[Literal["nodes", "time", "memory", "stopped"]]
    prover: str
    nodes: int
    vcf_nodes: int
    seconds: float
    peak_bytes: int
    threads: int
    certificate: Optional[str]
    certificate_error: Optional[str]
    position: Position

class CheckResult:
    valid: bool
    proves: Optional[str]
    message: str
    flaw: Optional[str]
    line: Optional[int]
    positions: int
    attacker_moves: int
    longest_line: int
    def __bool__(self) -> bool: ...

class Game:
    @staticmethod
    def from_file(path: _Path) -> Game: ...
    @property
    def size(self) -> Tuple[int, int]: ...
    @property
    def rule(self) -> Optional[str]: ...
    @property
    def moves(self) -> List[str]: ...
    def __len__(self) -> int: ...
    def last_open_ply(self, rule: Optional[str] = None) -> int: ...
    def position(self, ply: Optional[int] = None, rule: Optional[str] = None) -> Position: ...

def read_suite(text: str, path: Optional[str] = None) -> List[Tuple[str, Position]]: ...
def read_file(
    path: _Path, *, ply: Optional[int] = None, rule: Optional[str] = None
) -> List[Tuple[str, Position]]: ...
def read_game(text: str, path: Optional[str] = None) -> Game: ...
def solve(
    position: Position,
    prover: str = "auto",
    depth: Optional[int] = None,
    time: Optional[float] = None,
    memory: Union[int, str, None] = None,
    threads: Optional[int] = None,
    *,
    max_nodes: Optional[int] = None,
    certificate: bool = False,
    all_moves: bool = False,
) -> SolveResult: ...
def check(position: Position, certificate: str) -> CheckResult: ...
@overload
def forbidden_points(position: Position, kinds: Literal[False] = False) -> List[str]: ...
@overload
def forbidden_points(position: Position, kinds: Literal[True]) -> Dict[str, str]: ...
