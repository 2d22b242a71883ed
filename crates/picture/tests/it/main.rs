//! The pictures rendered with resvg and checked pixel by pixel: each
//! point's colour is read a little off its centre (off the grid lines and
//! the move numbers), on the diagonals, where a stone covers it.

use kinrow_board::{Board, Cell, Game, Player, Rule};
use kinrow_picture::{svg, Layout, Marks};

/// What a point looks like in the rendered picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seen {
    Dark,
    Light,
    Background,
    Red,
    Other([u8; 3]),
}

struct Picture {
    pixmap: resvg::tiny_skia::Pixmap,
    layout: Layout,
    board: Board,
}

fn render(board: &Board, marks: &Marks) -> Picture {
    let text = svg(board, marks);
    let tree = resvg::usvg::Tree::from_str(&text, &resvg::usvg::Options::default())
        .unwrap_or_else(|e| panic!("the SVG does not parse: {e}\n{text}"));
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).expect("a size");
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::identity(),
        &mut pixmap.as_mut(),
    );
    Picture {
        pixmap,
        layout: Layout::of(board.game().geometry()),
        board: board.clone(),
    }
}

fn classify([r, g, b]: [u8; 3]) -> Seen {
    let luma = (u32::from(r) * 3 + u32::from(g) * 6 + u32::from(b)) / 10;
    let near = |c: u8, want: u8| c.abs_diff(want) <= 12;
    if near(r, 0xe3) && near(g, 0xb8) && near(b, 0x66) {
        Seen::Background
    } else if r > 150 && g < 90 && b < 90 {
        Seen::Red
    } else if luma < 60 {
        Seen::Dark
    } else if luma > 220 {
        Seen::Light
    } else {
        Seen::Other([r, g, b])
    }
}

impl Picture {
    fn pixel(&self, x: i32, y: i32) -> [u8; 3] {
        let p = self
            .pixmap
            .pixel(x as u32, y as u32)
            .expect("inside the picture")
            .demultiply();
        [p.red(), p.green(), p.blue()]
    }

    /// What the point shows at its four diagonal samples, when they agree.
    fn at(&self, name: &str) -> Seen {
        self.at_offset(name, 11)
    }

    fn at_offset(&self, name: &str, d: i32) -> Seen {
        let g = self.board.game().geometry();
        let cell = g.parse_cell(name).expect("a cell of the board");
        let (x, y) = g.xy(cell);
        let (cx, cy) = self.layout.centre(x, y);
        let seen: Vec<Seen> = [(-d, -d), (d, -d), (-d, d), (d, d)]
            .iter()
            .map(|&(dx, dy)| classify(self.pixel(cx + dx, cy + dy)))
            .collect();
        assert!(
            seen.iter().all(|&s| s == seen[0]),
            "{name} looks different around its centre: {seen:?}"
        );
        seen[0]
    }
}

fn board(size: (u32, u32), rule: Rule, moves: &[&str]) -> Board {
    let mut board = Board::new(Game::new(size.0, size.1, 5, rule).expect("a game"));
    for &m in moves {
        let cell = cell(&board, m);
        board.play(cell);
    }
    board
}

fn cell(board: &Board, name: &str) -> Cell {
    board.game().geometry().parse_cell(name).expect("a cell")
}

fn cells(board: &Board, names: &[&str]) -> Vec<Cell> {
    names.iter().map(|n| cell(board, n)).collect()
}

#[test]
fn stones_black_and_white_and_empty_points_background() {
    let b = board(
        (15, 15),
        Rule::Freestyle,
        &["h8", "i9", "g7", "a1", "o15", "a15"],
    );
    let pic = render(&b, &Marks::default());
    let g = *b.game().geometry();
    for cell in g.all_cells() {
        let want = match b.stone_at(cell) {
            Some(Player::X) => Seen::Dark,
            Some(Player::O) => Seen::Light,
            None => Seen::Background,
        };
        assert_eq!(pic.at(&g.name(cell)), want, "at {}", g.name(cell));
    }
}

#[test]
fn a1_is_bottom_left_and_columns_run_right() {
    // A 7x5 board: x at a1, o at g5 (the top-right point), x at g1.
    let b = board((7, 5), Rule::Freestyle, &["a1", "g5", "g1"]);
    let pic = render(&b, &Marks::default());
    let (w, h) = (pic.pixmap.width() as i32, pic.pixmap.height() as i32);
    assert!(w > h, "7 columns are wider than 5 rows");
    let corner = |x: i32, y: i32| classify(pic.pixel(x, y));
    // Read where the stones must be without asking the layout: near the
    // corners of the picture (the margins are narrow), off the grid lines.
    let (left, right, top, bottom) = (
        w * 12 / 100 + 7,
        w * 92 / 100 - 7,
        h * 11 / 100 + 7,
        h * 84 / 100 - 7,
    );
    assert_eq!(corner(left, bottom), Seen::Dark, "a1");
    assert_eq!(corner(right, top), Seen::Light, "g5");
    assert_eq!(corner(right, bottom), Seen::Dark, "g1");
    assert_eq!(corner(left, top), Seen::Background, "a5");
}

#[test]
fn line_numbered_alternately_from_the_side_to_move() {
    // x, o, x played: o is to move.
    let b = board((15, 15), Rule::Freestyle, &["h8", "h9", "i8"]);
    assert_eq!(b.to_move(), Player::O);
    let line = cells(&b, &["j8", "g8", "j9", "f8"]);
    let pic = render(
        &b,
        &Marks {
            line,
            ..Marks::default()
        },
    );
    assert_eq!(pic.at("j8"), Seen::Light);
    assert_eq!(pic.at("g8"), Seen::Dark);
    assert_eq!(pic.at("j9"), Seen::Light);
    assert_eq!(pic.at("f8"), Seen::Dark);
    assert_eq!(pic.at("e8"), Seen::Background);

    let mut b = b;
    b.set_to_move(Player::X);
    let line = cells(&b, &["j8", "g8"]);
    let pic = render(
        &b,
        &Marks {
            line,
            ..Marks::default()
        },
    );
    assert_eq!(pic.at("j8"), Seen::Dark);
    assert_eq!(pic.at("g8"), Seen::Light);
}

#[test]
fn line_stops_at_an_occupied_point() {
    let b = board((15, 15), Rule::Freestyle, &["h8", "h9"]);
    // x to move: j8 (x), then h8 is taken: neither it nor what follows.
    let line = cells(&b, &["j8", "h8", "k8"]);
    let pic = render(
        &b,
        &Marks {
            line,
            ..Marks::default()
        },
    );
    assert_eq!(pic.at("j8"), Seen::Dark);
    assert_eq!(pic.at("h8"), Seen::Dark, "the stone there stays x's");
    assert_eq!(pic.at("k8"), Seen::Background);
}

/// x's stones making double-threes at g9 and elsewhere under renju.
const DOUBLE_THREE: [&str; 7] = ["h8", "a15", "i8", "o15", "g10", "a1", "g11"];

#[test]
fn renju_forbidden_points_marked_red() {
    let b = board((15, 15), Rule::Renju, &DOUBLE_THREE);
    let g = *b.game().geometry();
    let forbidden = b.forbidden_points();
    assert!(
        forbidden.contains(cell(&b, "g8").index()),
        "g8 makes two threes"
    );
    let pic = render(
        &b,
        &Marks {
            forbidden: true,
            ..Marks::default()
        },
    );
    for c in g.all_cells() {
        let name = g.name(c);
        let seen = pic.at_offset(&name, 5);
        if forbidden.contains(c.index()) {
            assert_eq!(seen, Seen::Red, "{name} is forbidden to x");
        } else if b.stone_at(c).is_none() {
            assert_eq!(seen, Seen::Background, "{name} is open to x");
        }
    }
    // Not asked for, or not renju: no marks.
    let plain = render(&b, &Marks::default());
    assert_eq!(plain.at_offset("g8", 5), Seen::Background);
    let free = board((15, 15), Rule::Freestyle, &DOUBLE_THREE);
    let pic = render(
        &free,
        &Marks {
            forbidden: true,
            ..Marks::default()
        },
    );
    assert_eq!(pic.at_offset("g8", 5), Seen::Background);
}

#[test]
fn forbidden_point_under_a_numbered_stone_shows_the_stone() {
    let b = board((15, 15), Rule::Renju, &DOUBLE_THREE);
    // o to move; o plays g8 (line 1): a white stone, no cross.
    let line = cells(&b, &["g8"]);
    let pic = render(
        &b,
        &Marks {
            line,
            forbidden: true,
            ..Marks::default()
        },
    );
    assert_eq!(pic.at_offset("g8", 5), Seen::Light);
}

#[test]
fn highlight_circles_a_point_in_red() {
    let b = board((15, 15), Rule::Freestyle, &["h8"]);
    let highlight = cells(&b, &["h8", "c3"]);
    let pic = render(
        &b,
        &Marks {
            highlight,
            ..Marks::default()
        },
    );
    // The ring (radius 13): red on the stone's edge and on the empty point.
    assert_eq!(pic.at_offset("h8", 9), Seen::Red);
    assert_eq!(pic.at_offset("c3", 9), Seen::Red);
    // Inside the ring the stone and the board are as they were.
    assert_eq!(pic.at_offset("h8", 4), Seen::Dark);
    assert_eq!(pic.at_offset("c3", 5), Seen::Background);
}

#[test]
fn every_board_size_draws() {
    for (w, h) in [(1, 1), (3, 7), (26, 26), (19, 19)] {
        let b = Board::new(Game::new(w, h, 3.min(w.max(h)), Rule::Freestyle).expect("a game"));
        let pic = render(&b, &Marks::default());
        assert!(pic.pixmap.width() > 0);
        let g = *b.game().geometry();
        let last = g.name(g.cell(w - 1, h - 1).expect("a corner"));
        assert_eq!(pic.at(&last), Seen::Background);
    }
}

#[test]
fn title_is_escaped() {
    let b = board((9, 9), Rule::Freestyle, &[]);
    let marks = Marks {
        title: Some("x <to> move & win".into()),
        ..Marks::default()
    };
    // The document must still parse.
    render(&b, &marks);
}
