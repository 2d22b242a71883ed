//! Board diagrams of kinrow positions as SVG, drawn as puzzle books print
//! them: the grid with its star points, the coordinates in kinrow's
//! notation (columns `a..` left to right, rows `1..` bottom to top, so
//! `a1` is the bottom-left point), black (`x`) and white (`o`) stones, a
//! line of play as numbered stones, and under renju Black's forbidden
//! points marked with a red cross.
//!
//! The picture is a plain string: the library never prints, and the same
//! function serves `kinrow show --svg`, `kinrow solve --svg` and the
//! Python package's `_repr_svg_`.
//!
//! ```
//! use kinrow_board::{Board, Game, Rule};
//! use kinrow_picture::{svg, Marks};
//!
//! let mut board = Board::new(Game::new(15, 15, 5, Rule::Renju).unwrap());
//! let g = *board.game().geometry();
//! for name in ["h8", "h9", "i8"] {
//!     board.play(g.parse_cell(name).unwrap());
//! }
//! // o to move: o's j8, then x's g8, numbered 1 and 2.
//! let line = ["j8", "g8"].map(|n| g.parse_cell(n).unwrap()).to_vec();
//! let marks = Marks { line, forbidden: true, ..Marks::default() };
//! let picture = svg(&board, &marks);
//! assert!(picture.starts_with("<svg"));
//! ```

use kinrow_board::{Board, Cell, Geometry, Player, Rule};
use std::fmt::Write;

/// What to draw on top of the position's stones. Build it with
/// `..Marks::default()` for the fields you leave alone: fields may be
/// added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// A line of play from the position, drawn as stones numbered 1, 2, ...
    /// in order, played alternately starting with the side to move. The
    /// line is drawn up to its first cell that is off the board, already
    /// holds a stone, or repeats an earlier cell of the line; the rest is
    /// left out (no real line of play does that).
    pub line: Vec<Cell>,
    /// Under renju, mark Black's (x's) forbidden points of the position
    /// (before the line) with a red cross, whoever is to move; the points
    /// the line covers are not marked. No effect under the other rules.
    pub forbidden: bool,
    /// Cells to circle in red: a stone or an empty point to point out,
    /// such as the move that was played instead of a winning one.
    pub highlight: Vec<Cell>,
    /// The picture's accessible title (SVG `<title>`), if any.
    pub title: Option<String>,
}

/// Side of one cell of the grid in SVG user units (pixels at scale 1).
pub const CELL: i32 = 40;
/// Radius of a stone.
pub const STONE_RADIUS: i32 = 19;
const STAR_RADIUS: i32 = 4;
const RING_RADIUS: i32 = 13;
const CROSS_HALF: i32 = 9;
const MARGIN_LEFT: i32 = 46;
const MARGIN_BOTTOM: i32 = 36;
const MARGIN_TOP: i32 = 24;
const MARGIN_RIGHT: i32 = 24;

/// The board's wood.
pub const BACKGROUND: &str = "#e3b866";
const GRID: &str = "#3b2f1a";
/// A black stone.
pub const BLACK: &str = "#111111";
/// A white stone.
pub const WHITE: &str = "#fafafa";
/// Forbidden points and highlights.
pub const MARK: &str = "#d8231c";
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// Where things are in the picture of a board of a given size: its size
/// in user units and the centre of each cell. Exposed for callers that
/// draw on top of the picture (the game report) and for tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    columns: i32,
    rows: i32,
}

impl Layout {
    /// The layout of the picture of a board of this geometry.
    #[must_use]
    pub fn of(geometry: &Geometry) -> Layout {
        Layout {
            columns: geometry.width() as i32,
            rows: geometry.height() as i32,
        }
    }

    /// Width of the picture in user units.
    #[must_use]
    pub const fn width(&self) -> i32 {
        MARGIN_LEFT + (self.columns - 1) * CELL + MARGIN_RIGHT
    }

    /// Height of the picture in user units.
    #[must_use]
    pub const fn height(&self) -> i32 {
        MARGIN_TOP + (self.rows - 1) * CELL + MARGIN_BOTTOM
    }

    /// The centre of the point at column `x`, row `y` (0-based, row 0 at
    /// the bottom), in user units from the top-left corner.
    #[must_use]
    pub const fn centre(&self, x: u32, y: u32) -> (i32, i32) {
        (
            MARGIN_LEFT + x as i32 * CELL,
            MARGIN_TOP + (self.rows - 1 - y as i32) * CELL,
        )
    }
}

/// The picture of `board` with `marks` as a standalone SVG document.
#[must_use]
pub fn svg(board: &Board, marks: &Marks) -> String {
    let g = board.game().geometry();
    let layout = Layout::of(g);
    let (w, h) = (layout.width(), layout.height());
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}">"#
    );
    if let Some(title) = &marks.title {
        let _ = writeln!(out, "<title>{}</title>", escape(title));
    }
    let _ = writeln!(
        out,
        r#"<rect x="0" y="0" width="{w}" height="{h}" fill="{BACKGROUND}"/>"#
    );
    grid(&mut out, g, &layout);
    let line = drawn_line(board, &marks.line);
    for cell in g.all_cells() {
        if let Some(player) = board.stone_at(cell) {
            stone(&mut out, &layout, g, cell, player, None);
        }
    }
    if marks.forbidden && board.game().rule() == Rule::Renju {
        for cell in board.forbidden_points().iter().map(Cell::from_index) {
            if !line.contains(&cell) {
                cross(&mut out, &layout, g, cell);
            }
        }
    }
    let mut player = board.to_move();
    for (i, &cell) in line.iter().enumerate() {
        stone(&mut out, &layout, g, cell, player, Some(i + 1));
        player = player.other();
    }
    for &cell in marks.highlight.iter().filter(|&&c| g.contains(c)) {
        let (cx, cy) = centre(&layout, g, cell);
        let _ = writeln!(
            out,
            r#"<circle cx="{cx}" cy="{cy}" r="{RING_RADIUS}" fill="none" stroke="{MARK}" stroke-width="3"/>"#
        );
    }
    out.push_str("</svg>\n");
    out
}

/// The prefix of `line` that can be drawn: on the board, on empty points,
/// no cell twice.
fn drawn_line(board: &Board, line: &[Cell]) -> Vec<Cell> {
    let g = board.game().geometry();
    let mut drawn: Vec<Cell> = Vec::with_capacity(line.len());
    for &cell in line {
        if !g.contains(cell) || board.stone_at(cell).is_some() || drawn.contains(&cell) {
            break;
        }
        drawn.push(cell);
    }
    drawn
}

fn centre(layout: &Layout, g: &Geometry, cell: Cell) -> (i32, i32) {
    let (x, y) = g.xy(cell);
    layout.centre(x, y)
}

/// The lines, the star points and the coordinates.
fn grid(out: &mut String, g: &Geometry, layout: &Layout) {
    let (columns, rows) = (g.width(), g.height());
    let (left, top) = layout.centre(0, rows - 1);
    let (right, bottom) = layout.centre(columns - 1, 0);
    let _ = writeln!(
        out,
        r#"<g stroke="{GRID}" stroke-width="1" stroke-linecap="square">"#
    );
    for x in 0..columns {
        let (cx, _) = layout.centre(x, 0);
        let _ = writeln!(
            out,
            r#"<line x1="{cx}" y1="{top}" x2="{cx}" y2="{bottom}"/>"#
        );
    }
    for y in 0..rows {
        let (_, cy) = layout.centre(0, y);
        let _ = writeln!(
            out,
            r#"<line x1="{left}" y1="{cy}" x2="{right}" y2="{cy}"/>"#
        );
    }
    out.push_str("</g>\n");
    for (x, y) in star_points(columns, rows) {
        let (cx, cy) = layout.centre(x, y);
        let _ = writeln!(
            out,
            r#"<circle cx="{cx}" cy="{cy}" r="{STAR_RADIUS}" fill="{GRID}"/>"#
        );
    }
    let _ = writeln!(
        out,
        r#"<g fill="{GRID}" font-size="14" text-anchor="middle">"#
    );
    for x in 0..columns {
        let (cx, _) = layout.centre(x, 0);
        let letter = (b'a' + x as u8) as char;
        let _ = writeln!(out, r#"<text x="{cx}" y="{}">{letter}</text>"#, bottom + 30);
    }
    for y in 0..rows {
        let (_, cy) = layout.centre(0, y);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}">{}</text>"#,
            left - 28,
            cy + 5,
            y + 1
        );
    }
    out.push_str("</g>\n");
}

/// The star points of a board: the centre of an odd board, and the
/// points three lines in from each corner on boards of 13 and more (two
/// lines in on 9 to 12), as on the boards players use.
#[must_use]
pub fn star_points(columns: u32, rows: u32) -> Vec<(u32, u32)> {
    let mut points = Vec::new();
    let side = columns.min(rows);
    let inset = match side {
        13.. => Some(3),
        9..=12 => Some(2),
        _ => None,
    };
    if let Some(i) = inset {
        for x in [i, columns - 1 - i] {
            for y in [i, rows - 1 - i] {
                points.push((x, y));
            }
        }
    }
    if side >= 7 && columns % 2 == 1 && rows % 2 == 1 {
        points.push((columns / 2, rows / 2));
    }
    points
}

/// A stone of `player` at `cell`, with its move number if it has one.
fn stone(
    out: &mut String,
    layout: &Layout,
    g: &Geometry,
    cell: Cell,
    player: Player,
    number: Option<usize>,
) {
    let (cx, cy) = centre(layout, g, cell);
    let (fill, ink) = match player {
        Player::X => (BLACK, WHITE),
        Player::O => (WHITE, BLACK),
    };
    let _ = writeln!(
        out,
        r#"<circle cx="{cx}" cy="{cy}" r="{STONE_RADIUS}" fill="{fill}" stroke="{BLACK}" stroke-width="1.2"/>"#
    );
    if let Some(n) = number {
        let size = match n {
            0..=9 => 20,
            10..=99 => 17,
            _ => 13,
        };
        let _ = writeln!(
            out,
            r#"<text x="{cx}" y="{}" font-size="{size}" font-weight="bold" text-anchor="middle" fill="{ink}">{n}</text>"#,
            cy + size * 7 / 20
        );
    }
}

/// Renju's mark of a point forbidden to Black.
fn cross(out: &mut String, layout: &Layout, g: &Geometry, cell: Cell) {
    let (cx, cy) = centre(layout, g, cell);
    let d = CROSS_HALF;
    let _ = writeln!(
        out,
        r#"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="{MARK}" stroke-width="4" stroke-linecap="round"/>"#,
        cx - d,
        cy - d,
        cx + d,
        cy + d,
        cx - d,
        cy + d,
        cx + d,
        cy - d
    );
}

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
