//! Renju's forbidden points: the empty cells where Black (x) may not play
//! under [`Rule::Renju`], as the Renju International Federation's rules
//! define them (RIF rules, articles on forbidden moves):
//!
//! - a **five** is exactly five in a row; Black wins with it even where the
//!   same stone also makes one of the patterns below, so a cell where Black
//!   makes five is never forbidden;
//! - an **overline** (six or more in a row) is forbidden;
//! - a **double-four**, a stone that makes two or more fours at once, is
//!   forbidden. A four is a row that one more stone turns into a five; the
//!   two fours may lie in one line (`x.xxx.x` with the stone in the
//!   middle three, `xx.xx.xx`, `xxx.x.xxx`), while a straight four
//!   (`.xxxx.`: two ways to five, the same four stones) is one four;
//! - a **double-three**, a stone that makes two or more threes at once, is
//!   forbidden. A three is "a row with three stones to which you, without
//!   at the same time a five in a row is made, can add one more stone to
//!   attain a straight four" (RIF's definition), *by a stone that is not
//!   itself forbidden*: whether a three is real asks, recursively, whether
//!   its straight-four points are forbidden once the stone is on the
//!   board, and a straight-four point where the stone would also make a
//!   five (in any line) does not count. A line that holds a four made by
//!   the stone does not count as a three as well.
//!
//! Only fours and threes that contain the new stone count: they are the
//! ones the stone "makes". White has no forbidden points; under freestyle
//! and exact no one has.
//!
//! The test of one cell gathers its four lines, six cells either way, into
//! two 13-bit masks each (Black's stones; White's stones and the edge) and
//! reads the patterns off them with bit scans; only a double-three
//! candidate looks further, at the completing points of its threes. The
//! whole-board query [`Game::forbidden_points`] first narrows the cells
//! bit-parallel to those that can be forbidden at all: an overline or a
//! four-four in one line needs four Black stones within five cells along
//! that line, any other double pattern two Black stones within four cells
//! along each of two lines.

use crate::bitboard::{Bitboard, Words, BITS, WORDS};
use crate::board::Board;
use crate::game::{Game, Rule};
use crate::geometry::{Cell, Player};
use std::fmt;

/// Why a cell is forbidden to Black. When a stone makes several, the first
/// in this order is reported (overline, then double-four, then
/// double-three), as referees do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Foul {
    /// Six or more in a row.
    Overline,
    /// Two or more fours at once.
    DoubleFour,
    /// Two or more real threes at once.
    DoubleThree,
}

impl fmt::Display for Foul {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Foul::Overline => "overline",
            Foul::DoubleFour => "double-four",
            Foul::DoubleThree => "double-three",
        })
    }
}

/// What a Black stone on an empty cell would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Move {
    /// It makes exactly five: a win, whatever else it makes.
    Five,
    /// It is forbidden.
    Foul(Foul),
    /// Neither.
    Free,
}

/// Cells gathered either side of the tested cell along a line.
const R: u32 = 6;
/// The tested cell's bit in a line mask; masks have bits `0..=2 * R`.
const C: u32 = R;
/// Every bit of a line mask.
const FULL: u32 = (1 << (2 * R + 1)) - 1;

/// One line through the tested cell, as masks over the cells `C - R` to
/// `C + R` (bit `C + t` is the cell `t` steps along the direction): Black's
/// stones with the tested cell's stone in bit `C`, and `blocked`, White's
/// stones and the cells off the board.
#[derive(Clone, Copy, Debug)]
struct Line {
    black: u32,
    blocked: u32,
}

impl Line {
    /// The cells that are neither Black's nor blocked.
    #[inline(always)]
    const fn empty(self) -> u32 {
        !(self.black | self.blocked) & FULL
    }

    /// The ends (inclusive) of the run of Black's stones through bit `p`,
    /// which must be one of them; `black` may be another mask than
    /// `self.black`.
    #[inline(always)]
    const fn run(black: u32, p: u32) -> (u32, u32) {
        let up = (!(black >> p)).trailing_zeros();
        let down = (!(black << (31 - p))).leading_zeros();
        (p + 1 - down, p + up - 1)
    }

    /// The length of the run through the tested cell.
    #[inline(always)]
    const fn centre_run(self) -> u32 {
        let (lo, hi) = Line::run(self.black, C);
        hi + 1 - lo
    }

    /// The empty cells that make exactly five with a run through the tested
    /// cell: each is one of the fours the tested stone makes in this line.
    #[inline(always)]
    fn five_points(self) -> u32 {
        // A five through the tested cell and `e` holds three more Black
        // stones, all within four cells of the tested one.
        if near(self.black, 4) < 3 {
            return 0;
        }
        let mut points = 0;
        let mut cand = self.empty() & (0x1FF << (C - 4));
        while cand != 0 {
            let e = cand.trailing_zeros();
            cand &= cand - 1;
            let (lo, hi) = Line::run(self.black | 1 << e, e);
            if hi - lo == 4 && lo <= C && C <= hi {
                points |= 1 << e;
            }
        }
        points
    }

    /// The number of fours the tested stone makes in this line: its five
    /// points, where the two ends of one straight four (`.xxxx.`, the same
    /// four stones) count once.
    #[inline(always)]
    fn fours(self) -> u32 {
        let points = self.five_points();
        let n = points.count_ones();
        if n == 2 {
            let lo = points.trailing_zeros();
            let hi = 31 - points.leading_zeros();
            if hi - lo == 5 && (self.black >> (lo + 1)) & 0xF == 0xF {
                return 1;
            }
        }
        n
    }

    /// The empty cells that would turn this line into a straight four
    /// through the tested cell: four in a row holding both, both cells
    /// past it empty, and neither of them next to a further Black stone
    /// (so that each makes exactly five). The line is a three when one of
    /// them is not forbidden.
    #[inline(always)]
    fn straight_four_points(self) -> u32 {
        // A straight four through the tested cell and `e` holds two more
        // Black stones, both within three cells of the tested one.
        if near(self.black, 3) < 2 {
            return 0;
        }
        let empty = self.empty();
        let mut points = 0;
        let mut cand = empty & (0x7F << (C - 3));
        while cand != 0 {
            let e = cand.trailing_zeros();
            cand &= cand - 1;
            let black = self.black | 1 << e;
            let (lo, hi) = Line::run(black, C);
            // lo >= C - 3 and hi <= C + 3, so every bit read is in the mask.
            if hi - lo == 3
                && lo <= e
                && e <= hi
                && empty >> (lo - 1) & 1 != 0
                && empty >> (hi + 1) & 1 != 0
                && black >> (lo - 2) & 1 == 0
                && black >> (hi + 2) & 1 == 0
            {
                points |= 1 << e;
            }
        }
        points
    }
}

/// The number of Black stones, other than the tested cell's, within `n`
/// cells of it along a line whose Black bits are `black`.
#[inline(always)]
const fn near(black: u32, n: u32) -> u32 {
    let window = ((1 << (2 * n + 1)) - 1) << (C - n);
    (black & window & !(1 << C)).count_ones()
}

/// Black stones on the board for a while during the test of one cell:
/// the tested cells of the search for real threes, one per level of its
/// recursion, the deepest first. They are not the board's.
#[derive(Clone, Copy)]
struct Added<'a> {
    cell: usize,
    below: Option<&'a Added<'a>>,
}

impl Added<'_> {
    /// The cells of `added`, deepest first.
    fn cells<'b>(added: Option<&'b Added<'b>>) -> impl Iterator<Item = usize> + 'b {
        std::iter::successors(added, |a| a.below).map(|a| a.cell)
    }
}

/// Where the test of a cell reads its lines from: the stones as bitboards
/// ([`BitStones`]) or a [`SearchBoard`](crate::SearchBoard)'s line words
/// (`line_words`, one shift per line instead of a walk over twelve
/// cells). Both give the same lines; a test in `line_words` holds them to
/// that.
trait Stones {
    /// The four lines through the empty cell `m` with a Black stone on
    /// it and on each cell of `added`, and the bit distance of each
    /// direction (in the order of [`crate::Geometry::directions`]).
    fn lines(&self, game: &Game, m: usize, added: Option<&Added<'_>>) -> [(Line, u32); 4];

    /// For each direction, a superset of [`Stones::lines`]' Black bits
    /// (`Line::black`), where these stones read one more cheaply than the
    /// lines: enough for the test of a cell that nothing can make
    /// forbidden, whose counts of Black stones then only come out higher.
    fn black_bits(&self, _game: &Game, _m: usize, _added: Option<&Added<'_>>) -> Option<[u32; 4]> {
        None
    }
}

/// The stones of both sides as bitboards' words.
struct BitStones<'a> {
    black: &'a [u64; WORDS],
    white: &'a [u64; WORDS],
}

impl Stones for BitStones<'_> {
    fn lines(&self, game: &Game, m: usize, added: Option<&Added<'_>>) -> [(Line, u32); 4] {
        let mut black = *self.black;
        for a in Added::cells(added) {
            black[a / 64] |= 1 << (a % 64);
        }
        game.renju_lines(&black, self.white, m)
    }
}

impl Game {
    /// The four lines through the empty cell `m` with a Black stone on it,
    /// and the bit distance of each direction.
    #[inline(always)]
    fn renju_lines(
        &self,
        black: &[u64; WORDS],
        white: &[u64; WORDS],
        m: usize,
    ) -> [(Line, u32); 4] {
        let cells = self.geometry().cells().words();
        let test = |w: &[u64; WORDS], i: usize| w[i / 64] >> (i % 64) & 1 != 0;
        let dirs = self.geometry().directions();
        dirs.map(|d| {
            let d_ = d as usize;
            let mut line = Line {
                black: 1 << C,
                blocked: 0,
            };
            // Forward: the first cell off the board is padding or past the
            // last word; everything beyond it is blocked.
            for t in 1..=R {
                let i = m + t as usize * d_;
                if i >= BITS || !test(cells, i) {
                    line.blocked |= FULL & !((1 << (C + t)) - 1);
                    break;
                }
                if test(black, i) {
                    line.black |= 1 << (C + t);
                } else if test(white, i) {
                    line.blocked |= 1 << (C + t);
                }
            }
            for t in 1..=R {
                let i = m.wrapping_sub(t as usize * d_);
                if i >= BITS || !test(cells, i) {
                    line.blocked |= (1 << (C - t + 1)) - 1;
                    break;
                }
                if test(black, i) {
                    line.black |= 1 << (C - t);
                } else if test(white, i) {
                    line.blocked |= 1 << (C - t);
                }
            }
            (line, d)
        })
    }

    /// What a Black stone on the empty cell `m` would be with these stones
    /// and the `added` Black stones (see the module documentation).
    fn renju_move<S: Stones>(&self, stones: &S, added: Option<&Added<'_>>, m: usize) -> Move {
        // Nothing can be forbidden without two Black stones near in two
        // lines, or four in one (overline, four-four in a line); a five
        // needs four in one. Tried first on the cheaper superset of the
        // Black bits, whose counts are no lower.
        let nothing_near = |black: [u32; 4]| {
            let pairs = black.iter().filter(|&&b| near(b, 4) >= 2).count();
            (pairs < 2 && black.iter().all(|&b| near(b, 5) < 4), pairs)
        };
        if stones
            .black_bits(self, m, added)
            .is_some_and(|b| nothing_near(b).0)
        {
            return Move::Free;
        }
        let lines = stones.lines(self, m, added);
        let (free, pairs) = nothing_near(lines.map(|(l, _)| l.black));
        if free {
            return Move::Free;
        }
        let runs = lines.map(|(l, _)| l.centre_run());
        if runs.contains(&5) {
            return Move::Five;
        }
        if runs.iter().any(|&r| r > 5) {
            return Move::Foul(Foul::Overline);
        }
        let fours = lines.map(|(l, _)| l.fours());
        if fours.iter().sum::<u32>() >= 2 {
            return Move::Foul(Foul::DoubleFour);
        }
        if pairs < 2 {
            return Move::Free;
        }
        // Threes: lines without a four with a straight-four point, then
        // whether two of them have one that is free, with m's stone on the
        // board.
        let mut threes = 0;
        let mut pending = [(0u32, 0u32); 4];
        for (i, (line, d)) in lines.iter().enumerate() {
            if fours[i] == 0 {
                let points = line.straight_four_points();
                if points != 0 {
                    pending[threes] = (points, *d);
                    threes += 1;
                }
            }
        }
        if threes < 2 {
            return Move::Free;
        }
        let with_m = Added {
            cell: m,
            below: added,
        };
        let mut real = 0;
        for (i, &(mut points, d)) in pending[..threes].iter().enumerate() {
            // Not enough lines left to make two real threes.
            if real + (threes - i) < 2 {
                break;
            }
            while points != 0 {
                let e = points.trailing_zeros();
                points &= points - 1;
                let cell = if e >= C {
                    m + ((e - C) * d) as usize
                } else {
                    m - ((C - e) * d) as usize
                };
                if self.renju_move(stones, Some(&with_m), cell) == Move::Free {
                    real += 1;
                    break;
                }
            }
        }
        if real >= 2 {
            Move::Foul(Foul::DoubleThree)
        } else {
            Move::Free
        }
    }

    /// The foul of [`Game::renju_move`], if any.
    #[inline]
    fn foul_in<S: Stones>(&self, stones: &S, m: usize) -> Option<Foul> {
        match self.renju_move(stones, None, m) {
            Move::Foul(f) => Some(f),
            Move::Five | Move::Free => None,
        }
    }

    /// [`Game::allowed_whatever_white`] with these stones.
    fn allowed_whatever_white_in<S: Stones>(&self, stones: &S, m: usize) -> bool {
        match self.renju_move(stones, None, m) {
            Move::Five => true,
            Move::Foul(_) => false,
            Move::Free => {
                let lines = stones.lines(self, m, None);
                lines
                    .iter()
                    .filter(|(l, _)| l.straight_four_points() != 0)
                    .count()
                    <= 1
            }
        }
    }

    /// Why Black (x) may not play the empty cell `m`, or `None` when it may:
    /// always `None` under freestyle and exact, and under renju where the
    /// stone makes five. `black` and `white` are the stones of x and o.
    ///
    /// # Panics
    ///
    /// In debug builds, when `m` is not an empty cell of the board.
    #[must_use]
    pub fn foul(&self, black: &Bitboard, white: &Bitboard, m: Cell) -> Option<Foul> {
        debug_assert!(self.geometry().contains(m));
        debug_assert!(!black.contains(m.index()) && !white.contains(m.index()));
        if self.rule() != Rule::Renju {
            return None;
        }
        let stones = BitStones {
            black: black.words(),
            white: white.words(),
        };
        self.foul_in(&stones, m.index())
    }

    /// Whether the empty cell `m` is forbidden to Black (see
    /// [`Game::foul`]).
    #[inline]
    #[must_use]
    pub fn is_forbidden(&self, black: &Bitboard, white: &Bitboard, m: Cell) -> bool {
        self.foul(black, white, m).is_some()
    }

    /// Whether the empty cell `m` is allowed to Black now and stays allowed
    /// whatever White stones are added: a five (White stones never change
    /// Black's runs), or a cell that is not forbidden and where at most one
    /// line has a straight-four point. White stones only take cells, so
    /// they never create an overline, a four or a straight-four point of
    /// Black (each needs Black stones and empty cells); they can only
    /// remove some, and turn a fake three into a real one (by making its
    /// straight-four point no longer forbidden, or no longer a five).
    /// A double-three needs two lines with straight-four points, so a cell
    /// with at most one cannot become one; fours only go down. Always
    /// `true` under freestyle and exact. Callers that argue a line of
    /// Black's moves stays playable after White stones elsewhere (the
    /// zone of a threat) ask this of each of its moves.
    #[must_use]
    pub fn allowed_whatever_white(&self, black: &Bitboard, white: &Bitboard, m: Cell) -> bool {
        if self.rule() != Rule::Renju {
            return true;
        }
        let stones = BitStones {
            black: black.words(),
            white: white.words(),
        };
        self.allowed_whatever_white_in(&stones, m.index())
    }

    /// Every empty cell forbidden to Black (x): empty unless the rule is
    /// renju. Only the cells with Black stones near along their lines are
    /// tested (see the module documentation).
    #[must_use]
    pub fn forbidden_points(&self, black: &Bitboard, white: &Bitboard) -> Bitboard {
        let stones = BitStones {
            black: black.words(),
            white: white.words(),
        };
        self.forbidden_points_in(&stones, black, white)
    }

    /// [`Game::forbidden_points`] read from `stones`, which hold `black`
    /// and `white`.
    fn forbidden_points_in<S: Stones>(
        &self,
        stones: &S,
        black: &Bitboard,
        white: &Bitboard,
    ) -> Bitboard {
        let mut out = Bitboard::EMPTY;
        if self.rule() != Rule::Renju {
            return out;
        }
        for m in self.forbidden_candidates(black, white).iter() {
            if self.foul_in(stones, m).is_some() {
                out.insert(m);
            }
        }
        out
    }

    /// The empty cells that can be forbidden: two Black stones within four
    /// cells along each of two lines, or four within five along one.
    /// Computed on the words the board uses with shifts; a shift that wraps
    /// a stone around a row edge only adds cells, which the test of each
    /// cell then rejects.
    fn forbidden_candidates(&self, black: &Bitboard, white: &Bitboard) -> Bitboard {
        by_words!(self, N, S => {
            let b = Words::<N>::of(black);
            let cells = Words::<N>::of(self.geometry().cells());
            let empty = cells.and_not(b | Words::of(white));
            let dirs = self.dirs::<S>();
            let mut two = [Words::<N>::ZERO; 4];
            let mut four = Words::<N>::ZERO;
            for_each_direction!(I => {
                let d = dirs[I];
                let (mut c1, mut c2, mut c3, mut c4) =
                    (Words::<N>::ZERO, Words::ZERO, Words::ZERO, Words::ZERO);
                let (mut up, mut down) = (b, b);
                for t in 1..=5u32 {
                    up = up.shl(d);
                    down = down.shr(d);
                    for s in [up, down] {
                        c4 |= c3 & s;
                        c3 |= c2 & s;
                        c2 |= c1 & s;
                        c1 |= s;
                    }
                    if t == 4 {
                        two[I] = c2;
                    }
                }
                four |= c4;
            });
            let [a, bb, c, d] = two;
            let two_lines = (a & bb) | (c & d) | ((a | bb) & (c | d));
            (empty & (two_lines | four)).to_bitboard()
        })
    }
}

impl Board {
    /// The cells of `cells` where `player` may play: all of them, but under
    /// renju x's forbidden points are left out.
    #[must_use]
    pub fn legal(&self, player: Player, cells: &Bitboard) -> Bitboard {
        if player == Player::X && self.game().rule() == Rule::Renju {
            cells.and_not(&self.forbidden_points())
        } else {
            *cells
        }
    }

    /// [`Game::foul`] on this board's stones.
    #[inline]
    #[must_use]
    pub fn foul(&self, m: Cell) -> Option<Foul> {
        self.game()
            .foul(self.stones(Player::X), self.stones(Player::O), m)
    }

    /// [`Game::is_forbidden`] on this board's stones.
    #[inline]
    #[must_use]
    pub fn is_forbidden(&self, m: Cell) -> bool {
        self.foul(m).is_some()
    }

    /// [`Game::forbidden_points`] on this board's stones.
    #[inline]
    #[must_use]
    pub fn forbidden_points(&self) -> Bitboard {
        self.game()
            .forbidden_points(self.stones(Player::X), self.stones(Player::O))
    }
}

mod line_words;
#[cfg(test)]
mod tests;
