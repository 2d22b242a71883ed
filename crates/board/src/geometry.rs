//! Players, cells, board geometry and cell names (`a1` is bottom-left).

use crate::bitboard::{Bitboard, BITS};
use std::fmt;

/// Largest board side.
pub const MAX_SIDE: u8 = 26;

/// One of the two players: `X` moves first (black), `O` second (white).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    X,
    O,
}

impl Player {
    /// The other player.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Player {
        match self {
            Player::X => Player::O,
            Player::O => Player::X,
        }
    }

    /// 0 for `X`, 1 for `O`: an index into per-player arrays.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The character used in files and pictures: `x` or `o`.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Player::X => 'x',
            Player::O => 'o',
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// A cell of a board, as its bit index in the padded layout of its
/// [`Geometry`] (`y * stride + x`). A `Cell` only has meaning together with
/// the geometry it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

impl Cell {
    /// The bit index of the cell.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell with bit index `index`; the caller guarantees it is a real cell
    /// of the geometry it will be used with.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Cell {
        Cell(index as u16)
    }
}

/// The shape of a board: width and height (1..=26 each) and the padded
/// bit layout that goes with them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    width: u8,
    height: u8,
    /// Every real cell of the board (no padding bits).
    valid: Bitboard,
}

/// Error for a board size outside 1..=26.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("board size {width}x{height} is outside 1x1..=26x26")]
pub struct SizeError {
    pub width: u32,
    pub height: u32,
}

impl Geometry {
    /// A `width` x `height` board, each side in 1..=26.
    pub fn new(width: u32, height: u32) -> Result<Geometry, SizeError> {
        let side = 1..=u32::from(MAX_SIDE);
        if !side.contains(&width) || !side.contains(&height) {
            return Err(SizeError { width, height });
        }
        let stride = width as usize + 1;
        let mut valid = Bitboard::EMPTY;
        for y in 0..height as usize {
            for x in 0..width as usize {
                valid.insert(y * stride + x);
            }
        }
        debug_assert!(height as usize * stride <= BITS);
        Ok(Geometry {
            width: width as u8,
            height: height as u8,
            valid,
        })
    }

    /// Board width (number of columns).
    #[inline]
    #[must_use]
    pub const fn width(&self) -> u32 {
        self.width as u32
    }

    /// Board height (number of rows).
    #[inline]
    #[must_use]
    pub const fn height(&self) -> u32 {
        self.height as u32
    }

    /// Bits per row: width plus one padding bit.
    #[inline]
    #[must_use]
    pub const fn stride(&self) -> u32 {
        self.width as u32 + 1
    }

    /// Number of cells.
    #[inline]
    #[must_use]
    pub const fn area(&self) -> u32 {
        self.width as u32 * self.height as u32
    }

    /// The set of all cells of the board.
    #[inline]
    #[must_use]
    pub const fn cells(&self) -> &Bitboard {
        &self.valid
    }

    /// The bit distances of the four line directions: horizontal, vertical,
    /// diagonal (up-right) and anti-diagonal (up-left).
    #[inline]
    #[must_use]
    pub const fn directions(&self) -> [u32; 4] {
        let s = self.stride();
        [1, s, s + 1, s - 1]
    }

    /// The cell at column `x` and row `y` (0-based, row 0 at the bottom), if
    /// it is on the board.
    #[inline]
    #[must_use]
    pub fn cell(&self, x: u32, y: u32) -> Option<Cell> {
        (x < self.width() && y < self.height()).then(|| Cell((y * self.stride() + x) as u16))
    }

    /// Column and row (0-based) of a cell.
    #[inline]
    #[must_use]
    pub const fn xy(&self, cell: Cell) -> (u32, u32) {
        let s = self.stride();
        (cell.0 as u32 % s, cell.0 as u32 / s)
    }

    /// Whether a cell index is a real cell of this board.
    #[inline]
    #[must_use]
    pub fn contains(&self, cell: Cell) -> bool {
        self.valid.contains(cell.index())
    }

    /// The centre cell: column `(width-1)/2`, row `(height-1)/2`.
    #[must_use]
    pub fn centre(&self) -> Cell {
        let c = self.cell((self.width() - 1) / 2, (self.height() - 1) / 2);
        c.expect("the centre is on the board")
    }

    /// Every cell of the board, row by row from the bottom.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.valid.iter().map(|i| Cell(i as u16))
    }

    /// The cell's name: column letter then 1-based row number, `h8`.
    #[must_use]
    pub fn name(&self, cell: Cell) -> String {
        let (x, y) = self.xy(cell);
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    }

    /// The number of symmetries of the board: 8 on a square (rotations and
    /// reflections), 4 on a rectangle (the identity, the two mirrors and the
    /// half turn). Why the rules are the same under each, and why
    /// translation is none, is argued in the provers' `kit/symmetry.rs`.
    #[must_use]
    pub const fn symmetry_count(&self) -> usize {
        if self.width == self.height {
            8
        } else {
            4
        }
    }

    /// The image of `cell` under symmetry `s` (in `0..symmetry_count()`;
    /// 0 is the identity): bit 2 swaps the columns and rows (squares
    /// only), then bit 0 mirrors the columns and bit 1 the rows.
    #[must_use]
    pub fn image(&self, s: usize, cell: Cell) -> Cell {
        debug_assert!(s < self.symmetry_count());
        let (x, y) = self.xy(cell);
        let (mut a, mut b) = if s & 4 != 0 { (y, x) } else { (x, y) };
        if s & 1 != 0 {
            a = self.width() - 1 - a;
        }
        if s & 2 != 0 {
            b = self.height() - 1 - b;
        }
        self.cell(a, b)
            .expect("a symmetry maps the board onto itself")
    }

    /// Parses a cell name such as `h8` or `H8`; `None` if it is malformed or
    /// off this board.
    #[must_use]
    pub fn parse_cell(&self, name: &str) -> Option<Cell> {
        let (x, y) = parse_coordinates(name)?;
        self.cell(x, y)
    }
}

/// Parses a cell name into 0-based column and row, without a board: a letter
/// `a`..=`z` (either case) followed by a 1-based decimal row number.
#[must_use]
pub fn parse_coordinates(name: &str) -> Option<(u32, u32)> {
    let mut chars = name.chars();
    let letter = chars.next()?.to_ascii_lowercase();
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row: u32 = digits.parse().ok()?;
    (row >= 1).then(|| (letter as u32 - 'a' as u32, row - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        let g = Geometry::new(15, 15).unwrap();
        assert_eq!(g.name(g.centre()), "h8");
        for c in g.all_cells() {
            assert_eq!(g.parse_cell(&g.name(c)), Some(c));
        }
        assert_eq!(g.parse_cell("H8"), Some(g.centre()));
        assert_eq!(g.parse_cell("p1"), None);
        assert_eq!(g.parse_cell("a16"), None);
        assert_eq!(g.parse_cell("a0"), None);
        assert_eq!(g.parse_cell("8h"), None);
    }

    #[test]
    fn sizes_out_of_range_are_refused() {
        assert!(Geometry::new(0, 5).is_err());
        assert!(Geometry::new(27, 5).is_err());
        assert!(Geometry::new(26, 26).is_ok());
        assert_eq!(Geometry::new(1, 1).unwrap().area(), 1);
    }

    #[test]
    fn centre_rounds_down() {
        let g = Geometry::new(4, 3).unwrap();
        assert_eq!(g.xy(g.centre()), (1, 1));
    }
}
