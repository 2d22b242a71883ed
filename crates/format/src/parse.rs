//! Reading position and suite files (the format of `position-format.md`)
//! into unchecked [`Setup`]s, and through [`Setup::into_position`] into
//! [`Position`]s.
//!
//! Beyond the format's contract, this reader:
//! - matches keywords and their word values (`freestyle`, `near`, `win`,
//!   ...) in either case, like cell names;
//! - skips a leading byte-order mark;
//! - in a suite (a text with a `[name]` line), refuses any line before the
//!   first `[name]` other than blank lines and comments: such a line would
//!   belong to no position;
//! - accepts a `slow <reason>` line and a `time SECONDS` line, kinrow
//!   extensions (see [`Position::slow`] and [`Position::time`]);
//! - checks a grid row's leading number, when given, against its row.
//!
//! A line is a grid row when it starts with a digit (the row number) or a
//! `.`, or when its first word is made of `.`, `x` and `o` only, or starts
//! with `x` or `o` and holds a `.`. It holds column letters when it starts
//! with `a` and is made of single letters (`a b c`) or of one word of
//! consecutive letters (`abc`). Other lines that do not start with a
//! keyword are unknown keywords.

mod line;
mod value;

pub use value::RADIUS_EXPECTED;

use crate::position::{
    CellList, Expect, Grid, Location, ParseError, ParseErrorKind, Position, Setup, Spanned, Stones,
};
use kinrow_board::{Attack, Player, Rule};
use line::{saturating_number, Line};
use std::collections::HashMap;
use value::{
    candidates, cell_list, count, malformed, not_contiguous, seconds, single, spanned, word, CELL,
    SIZE,
};

/// A header keyword.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Keyword {
    Board,
    K,
    Rule,
    Candidates,
    Attack,
    ToMove,
    Depth,
    Moves,
    Expect,
    Solution,
    Source,
    Slow,
    Time,
    ThreatLimit,
}

impl Keyword {
    const ALL: [Keyword; 14] = [
        Keyword::Board,
        Keyword::K,
        Keyword::Rule,
        Keyword::Candidates,
        Keyword::Attack,
        Keyword::ToMove,
        Keyword::Depth,
        Keyword::Moves,
        Keyword::Expect,
        Keyword::Solution,
        Keyword::Source,
        Keyword::Slow,
        Keyword::Time,
        Keyword::ThreatLimit,
    ];

    /// The keyword as written in files.
    const fn name(self) -> &'static str {
        match self {
            Keyword::Board => "board",
            Keyword::K => "k",
            Keyword::Rule => "rule",
            Keyword::Candidates => "candidates",
            Keyword::Attack => "attack",
            Keyword::ToMove => "to-move",
            Keyword::Depth => "depth",
            Keyword::Moves => "moves",
            Keyword::Expect => "expect",
            Keyword::Solution => "solution",
            Keyword::Source => "source",
            Keyword::Slow => "slow",
            Keyword::Time => "time",
            Keyword::ThreatLimit => "threat-limit",
        }
    }

    /// The keyword `word` names, in either case.
    fn find(word: &str) -> Option<Keyword> {
        Keyword::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(word))
    }
}

/// Parses a position or suite file into unchecked setups, in file order.
///
/// A text without any `[name]` line is one position named `default_name`
/// (the caller passes the file's name). Otherwise each `[name]` line starts
/// a position; names are trimmed, must not be empty and must differ.
/// Never panics, whatever the text.
///
/// # Errors
///
/// The first thing wrong with the text itself, at its line and column: an
/// unknown keyword, a malformed or repeated header value, a grid split in
/// two or given with a `moves` line, a bad cell character, an empty or
/// repeated `[name]`, a line before the first `[name]` of a suite, or no
/// position at all, only blank lines and comments
/// ([`ParseErrorKind::NoPosition`]). The rules are not checked here.
pub fn parse_suite(text: &str, default_name: &str) -> Result<Vec<Setup>, ParseError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lines: Vec<Line<'_>> = text
        .lines()
        .enumerate()
        .filter_map(|(i, raw)| Line::new(i + 1, raw))
        .collect();
    let Some(first) = lines.first() else {
        let at = Location { line: 1, column: 1 };
        return Err(ParseError::new(at, ParseErrorKind::NoPosition));
    };
    if !lines.iter().any(Line::is_name) {
        let mut section = Section::new(default_name.to_owned(), first.head_at());
        for line in &lines {
            section.line(line)?;
        }
        return Ok(vec![section.finish()?]);
    }
    if !first.is_name() {
        let kind = ParseErrorKind::OutsideSection {
            found: first.text.trim().to_owned(),
        };
        return Err(ParseError::new(first.head_at(), kind));
    }
    let mut setups = Vec::new();
    let mut names: HashMap<String, usize> = HashMap::new();
    let mut section: Option<Section> = None;
    for line in &lines {
        if line.is_name() {
            if let Some(done) = section.take() {
                setups.push(done.finish()?);
            }
            let name = line.name()?;
            if let Some(&first_line) = names.get(&name) {
                let kind = ParseErrorKind::DuplicateName { name, first_line };
                return Err(ParseError::new(line.head_at(), kind));
            }
            names.insert(name.clone(), line.number);
            section = Some(Section::new(name, line.head_at()));
        } else if let Some(open) = section.as_mut() {
            open.line(line)?;
        }
    }
    if let Some(done) = section {
        setups.push(done.finish()?);
    }
    Ok(setups)
}

/// Parses a position or suite file and checks each position: [`parse_suite`]
/// followed by [`Setup::into_position`].
///
/// # Errors
///
/// The first error of [`parse_suite`] or, in file order, of
/// [`Setup::into_position`].
pub fn parse_positions(text: &str, default_name: &str) -> Result<Vec<Position>, ParseError> {
    parse_suite(text, default_name)?
        .into_iter()
        .map(Setup::into_position)
        .collect()
}

/// Where the grid of a section stands while its lines are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GridState {
    /// No grid row yet.
    None,
    /// The last line read was a grid row.
    Open,
    /// The grid has ended: column letters or another line followed it.
    Closed,
}

/// A position being read: the setup so far and what is needed to check
/// the next line.
struct Section {
    setup: Setup,
    grid: Option<Grid>,
    grid_state: GridState,
    moves: Option<CellList>,
    /// The line of each header keyword seen so far (`source` excepted).
    seen: HashMap<Keyword, usize>,
}

impl Section {
    fn new(name: String, at: Location) -> Section {
        Section {
            setup: Setup {
                name,
                at,
                board: None,
                k: None,
                rule: None,
                candidates: None,
                attack: None,
                to_move: None,
                depth: None,
                stones: Stones::Empty,
                expect: None,
                solution: None,
                sources: Vec::new(),
                slow: None,
                time: None,
                threat_limit: None,
            },
            grid: None,
            grid_state: GridState::None,
            moves: None,
            seen: HashMap::new(),
        }
    }

    /// Reads one line of the section (not a `[name]` line).
    fn line(&mut self, line: &Line<'_>) -> Result<(), ParseError> {
        let head = line.head();
        if let Some(keyword) = Keyword::find(head.text) {
            if self.grid_state == GridState::Open {
                self.grid_state = GridState::Closed;
            }
            if keyword != Keyword::Source {
                if let Some(&first_line) = self.seen.get(&keyword) {
                    let kind = ParseErrorKind::Repeated {
                        keyword: keyword.name().to_owned(),
                        first_line,
                    };
                    return Err(ParseError::new(line.head_at(), kind));
                }
                self.seen.insert(keyword, line.number);
            }
            return self.header(keyword, line);
        }
        if line.is_grid_row() {
            if self.grid_state == GridState::Closed {
                return Err(not_contiguous(line));
            }
            if self.moves.is_some() {
                return Err(ParseError::new(
                    line.head_at(),
                    ParseErrorKind::GridAndMoves,
                ));
            }
            let row = line.grid_row()?;
            self.grid
                .get_or_insert_with(|| Grid {
                    rows: Vec::new(),
                    footer: None,
                })
                .rows
                .push(row);
            self.grid_state = GridState::Open;
            return Ok(());
        }
        if line.is_footer() {
            let (GridState::Open, Some(grid)) = (self.grid_state, self.grid.as_mut()) else {
                return Err(not_contiguous(line));
            };
            grid.footer = Some(Spanned {
                value: line
                    .tokens
                    .iter()
                    .flat_map(|t| t.text.chars())
                    .map(|c| c.to_ascii_lowercase())
                    .collect(),
                text: line.text.trim().to_owned(),
                at: line.head_at(),
            });
            self.grid_state = GridState::Closed;
            return Ok(());
        }
        let kind = ParseErrorKind::UnknownKeyword {
            found: head.text.to_owned(),
        };
        Err(ParseError::new(line.head_at(), kind))
    }

    /// Reads a header line whose keyword is `keyword`.
    fn header(&mut self, keyword: Keyword, line: &Line<'_>) -> Result<(), ParseError> {
        let name = keyword.name();
        let s = &mut self.setup;
        match keyword {
            Keyword::Board => {
                let t = single(line, name, SIZE)?;
                let (w, h) = t.text.split_once(['x', 'X']).unwrap_or((t.text, t.text));
                let (Some(w), Some(h)) = (saturating_number(w), saturating_number(h)) else {
                    return Err(malformed(line, name, SIZE, Some(t)));
                };
                s.board = Some(spanned(line, t, (w, h)));
            }
            Keyword::K => {
                const K: &str = "a number of stones such as 5";
                let t = single(line, name, K)?;
                let k =
                    saturating_number(t.text).ok_or_else(|| malformed(line, name, K, Some(t)))?;
                s.k = Some(spanned(line, t, k));
            }
            Keyword::Rule => {
                let values = [
                    ("freestyle", Rule::Freestyle),
                    ("exact", Rule::Exact),
                    ("renju", Rule::Renju),
                ];
                s.rule = Some(word(line, name, "freestyle, exact or renju", &values)?);
            }
            Keyword::Candidates => s.candidates = Some(candidates(line)?),
            Keyword::Attack => {
                let values = [
                    ("any", Attack::Any),
                    ("threats", Attack::Threats),
                    ("fours", Attack::Fours),
                ];
                s.attack = Some(word(line, name, "any, threats or fours", &values)?);
            }
            Keyword::ToMove => {
                let values = [("x", Player::X), ("o", Player::O)];
                s.to_move = Some(word(line, name, "x or o", &values)?);
            }
            Keyword::Depth => {
                s.depth = Some(count(line, name, "a number of plies such as 9", 0)?);
            }
            Keyword::Moves => {
                if self.grid.is_some() {
                    return Err(ParseError::new(
                        line.head_at(),
                        ParseErrorKind::GridAndMoves,
                    ));
                }
                self.moves = Some(cell_list(line, name)?);
            }
            Keyword::Expect => {
                let values = [("win", Expect::Win), ("no-win", Expect::NoWin)];
                s.expect = Some(word(line, name, "win or no-win", &values)?);
            }
            Keyword::Solution => {
                if line.tokens.len() < 2 {
                    return Err(malformed(line, name, CELL, None));
                }
                s.solution = Some(cell_list(line, name)?);
            }
            Keyword::Source => s.sources.push(line.rest().to_owned()),
            Keyword::Slow => s.slow = Some(line.rest().to_owned()),
            Keyword::Time => s.time = Some(seconds(line, name)?),
            Keyword::ThreatLimit => {
                const LIMIT: &str = "a number of fours, 1 or more, such as 2";
                s.threat_limit = Some(count(line, name, LIMIT, 1)?.value);
            }
        }
        Ok(())
    }

    /// The setup, once every line of the section is read.
    fn finish(self) -> Result<Setup, ParseError> {
        let mut setup = self.setup;
        setup.stones = match (self.grid, self.moves) {
            (None, None) => Stones::Empty,
            (Some(grid), None) => Stones::Grid(grid),
            (None, Some(moves)) => Stones::Moves(moves),
            // Refused as each line is read; kept as an error, not a panic.
            (Some(_), Some(moves)) => {
                return Err(ParseError::new(moves.at, ParseErrorKind::GridAndMoves))
            }
        };
        Ok(setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgen;
    use crate::write::write_position;
    use kinrow_board::Candidates;
    use proptest::prelude::*;
    use std::time::Duration;

    fn error(text: &str) -> ParseError {
        parse_positions(text, "test").unwrap_err()
    }

    fn kind(text: &str) -> ParseErrorKind {
        error(text).kind
    }

    #[test]
    fn unknown_keyword_is_refused() {
        let err = error("board 9\n  colour black\n");
        assert!(matches!(err.kind, ParseErrorKind::UnknownKeyword { .. }));
        assert_eq!((err.line, err.column), (2, 3));
        assert!(matches!(
            kind("obsolete 3\n"),
            ParseErrorKind::UnknownKeyword { .. }
        ));
    }

    #[test]
    fn malformed_values_are_refused() {
        for text in [
            "k five\n",
            "k\n",
            "k 5 6\n",
            "board 15x\n",
            "board x15\n",
            "board 15 x 12\n",
            "board -3\n",
            "rule gomoku\n",
            "candidates near 0\n",
            "candidates near\n",
            "candidates near two\n",
            "candidates near 1 2\n",
            "candidates some\n",
            "candidates all 1\n",
            "candidates\n",
            "attack all\n",
            "to-move b\n",
            "depth -1\n",
            "depth +3\n",
            "depth 99999999999\n",
            "moves h8 8h\n",
            "moves h8 h\n",
            "expect loss\n",
            "expect win\nsolution\n",
            "[name\nk 5\n",
        ] {
            assert!(
                matches!(kind(text), ParseErrorKind::Malformed { .. }),
                "{text:?}"
            );
        }
        let err = error("board 9\nk\n");
        assert_eq!((err.line, err.column), (2, 2));
    }

    #[test]
    fn candidates_near_takes_a_radius_of_1_to_26() {
        let near = |text: &str| parse_positions(text, "t").unwrap()[0].candidates;
        assert_eq!(near("candidates near 3\n"), Candidates::Near(3));
        assert_eq!(near("Candidates NEAR 26\n"), Candidates::Near(26));
        assert_eq!(near("candidates all\n"), Candidates::All);
    }

    #[test]
    fn a_radius_over_26_is_refused_not_capped() {
        // It was silently read as `near 26`, while the flag refused it.
        for text in [
            "candidates near 27\n",
            "candidates near 300\n",
            "candidates near 99999999999999999999\n",
        ] {
            let err = error(text);
            assert!(
                matches!(err.kind, ParseErrorKind::Malformed { .. }),
                "{text:?}"
            );
            assert_eq!((err.line, err.column), (1, 17), "{text:?}");
        }
    }

    #[test]
    fn a_time_line_gives_a_default_time_limit() {
        let time = |text: &str| parse_positions(text, "t").map(|p| p[0].time);
        assert_eq!(time("time 2.5\n"), Ok(Some(Duration::from_millis(2500))));
        assert_eq!(time("TIME 30\n"), Ok(Some(Duration::from_secs(30))));
        assert_eq!(time("k 5\n"), Ok(None));
        for bad in [
            "time\n",
            "time 0\n",
            "time -1\n",
            "time nan\n",
            "time 1 2\n",
            "time 1e300\n",
        ] {
            let err = error(bad);
            assert!(
                matches!(err.kind, ParseErrorKind::Malformed { .. }),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn repeated_header_is_refused() {
        for text in [
            "k 5\nk 5\n",
            "moves h8\nmoves h9\n",
            "slow\nslow a\n",
            "expect win\nexpect win\n",
        ] {
            assert!(
                matches!(kind(text), ParseErrorKind::Repeated { .. }),
                "{text:?}"
            );
        }
        let p = &parse_positions("source one\nsource  two  words \n", "t").unwrap()[0];
        assert_eq!(p.sources, ["one", "two  words"]);
    }

    #[test]
    fn grid_and_moves_together_are_refused() {
        let grid = "board 2\nk 2\n. .\n. .\n";
        assert_eq!(
            kind(&format!("{grid}moves a1\n")),
            ParseErrorKind::GridAndMoves
        );
        assert_eq!(
            kind(&format!("moves a1\n{grid}")),
            ParseErrorKind::GridAndMoves
        );
    }

    #[test]
    fn grid_rows_must_come_together() {
        let split = "board 2\nk 2\n. .\nrule exact\n. .\n";
        assert!(matches!(
            kind(split),
            ParseErrorKind::GridNotContiguous { .. }
        ));
        let after_footer = "board 2\nk 2\n. .\na b\n. .\n";
        assert!(matches!(
            kind(after_footer),
            ParseErrorKind::GridNotContiguous { .. }
        ));
        let lone_footer = "board 2\nk 2\na b\n";
        assert!(matches!(
            kind(lone_footer),
            ParseErrorKind::GridNotContiguous { .. }
        ));
        // Blank lines and comments do not split a grid.
        let spaced = "board 2\nk 2\n2 . .\n\n# middle\n1 x .\n  a b\n";
        assert_eq!(
            parse_positions(spaced, "t").unwrap()[0].board.stone_count(),
            1
        );
    }

    #[test]
    fn unknown_cell_character_is_refused() {
        let err = error("board 3\nk 3\n3 . . .\n2 . z .\n1 . . .\n");
        assert_eq!(err.kind, ParseErrorKind::UnknownCell { found: 'z' });
        assert_eq!((err.line, err.column), (4, 5));
        assert!(matches!(
            kind("board 3\nk 3\nxxz\n"),
            ParseErrorKind::UnknownKeyword { .. }
        ));
        assert!(matches!(
            kind("board 3\nk 3\nx.z\n"),
            ParseErrorKind::UnknownCell { .. }
        ));
    }

    #[test]
    fn grid_cells_may_be_packed_and_in_either_case() {
        let text = "board 3\nk 3\n3X.o\n2...\n1...\n abc\n";
        let p = &parse_positions(text, "t").unwrap()[0];
        let g = *p.board.game().geometry();
        assert_eq!(
            p.board.stone_at(g.parse_cell("a3").unwrap()),
            Some(Player::X)
        );
        assert_eq!(
            p.board.stone_at(g.parse_cell("c3").unwrap()),
            Some(Player::O)
        );
    }

    #[test]
    fn name_problems_are_refused() {
        assert_eq!(kind("[ ]\nk 5\n"), ParseErrorKind::EmptyName);
        let dup = error("[a]\nk 5\n[b]\n[ a ]\n");
        assert_eq!(
            dup.kind,
            ParseErrorKind::DuplicateName {
                name: "a".to_owned(),
                first_line: 1
            }
        );
        assert_eq!(dup.line, 4);
        let before = error("# suite\nk 5\n[a]\n");
        assert!(matches!(before.kind, ParseErrorKind::OutsideSection { .. }));
        assert_eq!(before.line, 2);
    }

    #[test]
    fn empty_text_is_no_position() {
        for text in ["", "\n\n", "# only a comment\n   \n", "\u{feff}"] {
            assert_eq!(kind(text), ParseErrorKind::NoPosition, "{text:?}");
        }
    }

    #[test]
    fn suites_name_their_positions_in_order() {
        let text = "# a suite\n\n[first]\nmoves h8\n[ second one ]\n[third]\nboard 3\nk 3\n";
        let names: Vec<String> = parse_positions(text, "file")
            .unwrap()
            .into_iter()
            .map(|p| p.name)
            .collect();
        assert_eq!(names, ["first", "second one", "third"]);
        assert_eq!(
            parse_positions("moves h8\n", "file").unwrap()[0].name,
            "file"
        );
    }

    #[test]
    fn comments_and_crlf_are_ignored() {
        let text = "board 9 # small\r\nk 4\r\nmoves e5 # centre\r\nslow takes a while # why\r\n";
        let p = &parse_positions(text, "t").unwrap()[0];
        assert_eq!(p.board.stone_count(), 1);
        assert_eq!(p.slow.as_deref(), Some("takes a while"));
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let err = error("source é\nk é\n");
        assert_eq!((err.line, err.column), (2, 3));
        let err = error("board 3\nk 3\n3 é . .\n");
        assert_eq!((err.line, err.column), (3, 3));
    }

    /// Words of the format, to build texts that reach past the first line.
    const VOCABULARY: &[&str] = &[
        "board",
        "k",
        "rule",
        "candidates",
        "attack",
        "to-move",
        "depth",
        "moves",
        "expect",
        "solution",
        "source",
        "slow",
        "15",
        "3x2",
        "0",
        "26",
        "27",
        "1",
        "5",
        "near",
        "all",
        "exact",
        "freestyle",
        "fours",
        "threats",
        "any",
        "x",
        "o",
        ".",
        "x.o",
        "a",
        "a b c",
        "h8",
        "a1",
        "c3",
        "win",
        "no-win",
        "[p]",
        "[]",
        "[q",
        "#",
        "\n",
        "\n",
        "\n",
        " ",
        "é",
        "\t",
        "\r\n",
        "99999999999",
    ];

    /// One edit of a text: what, where (as a fraction of the text) and with what.
    fn mutate(text: &str, (op, at, with): (u8, usize, String)) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        let i = if chars.is_empty() {
            0
        } else {
            at % (chars.len() + 1)
        };
        match op {
            0 => {
                let end = (i + with.len() % 8).min(chars.len());
                chars.drain(i..end);
            }
            1 => {
                chars.splice(i..i, with.chars());
            }
            2 if i < chars.len() => {
                let replacement = VOCABULARY[with.len() % VOCABULARY.len()];
                chars.splice(i..=i, replacement.chars());
            }
            _ => {
                let mut lines: Vec<&str> = text.lines().collect();
                if !lines.is_empty() {
                    let a = at % lines.len();
                    let b = with.len() % lines.len();
                    match op {
                        3 => lines.swap(a, b),
                        4 => lines.insert(b, lines[a]),
                        _ => {
                            lines.remove(a);
                        }
                    }
                }
                return lines.join("\n");
            }
        }
        chars.into_iter().collect()
    }

    proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in any::<String>()) {
            let _ = parse_positions(&text, "t");
        }

        #[test]
        fn word_soup_never_panics(
            words in proptest::collection::vec(proptest::sample::select(VOCABULARY), 0..80),
            seps in proptest::collection::vec(proptest::sample::select(&[" ", "\n", ""][..]), 80),
        ) {
            let text: String = words.iter().zip(&seps).flat_map(|(w, s)| [*w, *s]).collect();
            let _ = parse_positions(&text, "t");
        }

        #[test]
        fn mutated_files_never_panic(
            position in testgen::position(),
            edits in proptest::collection::vec((0..6u8, any::<usize>(), ".{0,6}"), 1..6),
        ) {
            let mut text = write_position(&position);
            for edit in edits {
                text = mutate(&text, edit);
            }
            let _ = parse_positions(&text, "t");
        }
    }
}
