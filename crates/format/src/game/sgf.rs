//! SGF records of gomoku and renju (`GM[4]`): the main line of the first
//! game tree (the first variation at every branch). Read here rather than
//! with an SGF crate: the crates looked at (`sgf-parse` 4.2, MIT) give
//! errors without a place in the text, and kinrow's errors name
//! `file:line:column`. The grammar is small: `(`, `;`, `)`, properties
//! `ID[value][value]...` with `\` escapes inside values.
//!
//! Read: `GM` (4, or absent), `SZ` (`15` or `20:15`, default 15), `RU`
//! (a value naming renju, exact or standard, freestyle or gomoku; renju's
//! opening rules, `RIF`, `Yamaguchi`, `Sakata`, `Soosorv-N`, `Taraguchi-N`,
//! `Tarannikov`, read as renju with the opening kept; an opening rule that
//! does not fix the game's rule, `swap2`, and a name kinrow does not know,
//! `caro`, leave the rule to the caller, who must give it), moves `B[xy]` and `W[xy]` with
//! letters `a`.. from the top-left. Setup stones (`AB`, `AW`, `AE`) are
//! refused; other properties are skipped.

use super::{check_size, push_move, GameError, GameErrorKind, GameMove, GameRecord};
use kinrow_board::{Player, Rule};

/// A property of the main line, with where its value starts.
struct Property {
    id: String,
    value: String,
    line: usize,
    column: usize,
}

/// The characters of the text with their 1-based line and column.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn skip_space(&mut self) {
        while self
            .peek()
            .is_some_and(|c| c.is_whitespace() || c == '\u{feff}')
        {
            self.next();
        }
    }

    fn error(&mut self, expected: &'static str) -> GameError {
        let found = match self.peek() {
            Some(c) => format!("{c:?}"),
            None => "the end of the file".to_string(),
        };
        GameError::at(
            self.line,
            self.column,
            GameErrorKind::Syntax { expected, found },
        )
    }
}

/// The properties of the main line, in order; the rest of the text is
/// checked for syntax and skipped.
fn main_line(text: &str) -> Result<Vec<Property>, GameError> {
    let mut c = Cursor {
        chars: text.chars().peekable(),
        line: 1,
        column: 1,
    };
    let mut props = Vec::new();
    let mut depth = 0usize;
    let mut on_main_line = true;
    let mut in_node = false;
    c.skip_space();
    if c.peek() != Some('(') {
        return Err(c.error("`(` starting a game tree"));
    }
    loop {
        c.skip_space();
        match c.peek() {
            None if depth == 0 => break,
            None => return Err(c.error("`)` closing a game tree")),
            Some('(') => {
                if depth == 0 && !props.is_empty() {
                    // A second game tree of a collection: not read.
                    on_main_line = false;
                }
                c.next();
                depth += 1;
                in_node = false;
                c.skip_space();
                if c.peek() != Some(';') {
                    return Err(c.error("`;` starting a node"));
                }
            }
            Some(')') if depth > 0 => {
                c.next();
                depth -= 1;
                in_node = false;
                on_main_line = false;
            }
            Some(';') if depth > 0 => {
                c.next();
                in_node = true;
            }
            Some(ch) if in_node && ch.is_ascii_alphabetic() => {
                let mut id = String::new();
                while let Some(ch) = c.peek().filter(char::is_ascii_alphabetic) {
                    // Old files write identifiers with lower-case letters
                    // between the capitals (`AddBlack`); only capitals count.
                    if ch.is_ascii_uppercase() {
                        id.push(ch);
                    }
                    c.next();
                }
                c.skip_space();
                if c.peek() != Some('[') {
                    return Err(c.error("`[` starting a property value"));
                }
                while c.peek() == Some('[') {
                    c.next();
                    let (line, column) = (c.line, c.column);
                    let mut value = String::new();
                    loop {
                        match c.next() {
                            None => return Err(c.error("`]` closing a property value")),
                            Some(']') => break,
                            Some('\\') => value.extend(c.next()),
                            Some(ch) => value.push(ch),
                        }
                    }
                    if on_main_line {
                        props.push(Property {
                            id: id.clone(),
                            value,
                            line,
                            column,
                        });
                    }
                    c.skip_space();
                }
            }
            Some(_) => {
                return Err(c.error(if in_node {
                    "a property, `;`, `(` or `)`"
                } else {
                    "`;`, `(` or `)`"
                }))
            }
        }
    }
    Ok(props)
}

/// What a `RU` value says.
#[derive(Debug, PartialEq, Eq)]
enum Named {
    /// A rule, and the opening rule when the value names one.
    Rule(Rule, Option<String>),
    /// An opening rule alone (`swap2`): the game's rule is open.
    OpeningOnly,
    /// Nothing kinrow knows (`caro`).
    Unknown,
}

/// Renju's opening rules: each plays renju.
const RENJU_OPENINGS: [&str; 6] = [
    "rif",
    "yamaguchi",
    "sakata",
    "soosorv",
    "taraguchi",
    "tarannikov",
];
/// Opening rules used with more than one game rule.
const OPENINGS: [&str; 5] = ["swap", "swap1", "swap2", "pro", "longpro"];

fn rule_named(value: &str) -> Named {
    let v = value.to_ascii_lowercase();
    let words: Vec<&str> = v
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    // `long pro` and `longpro` alike; `soosorv-8` and `soosorv8` alike.
    let joined = words.join("");
    let has = |w: &str| {
        words
            .iter()
            .any(|x| x.trim_end_matches(|c: char| c.is_ascii_digit()) == w)
    };
    let opening = RENJU_OPENINGS
        .iter()
        .chain(&OPENINGS)
        .find(|o| has(o) || (**o == "longpro" && joined.contains("longpro")))
        .map(|_| value.trim().to_string());
    if has("renju") || RENJU_OPENINGS.iter().any(|o| has(o)) {
        Named::Rule(Rule::Renju, opening)
    } else if has("exact") || has("standard") {
        Named::Rule(Rule::Exact, opening)
    } else if has("freestyle") || has("gomoku") || has("free") {
        Named::Rule(Rule::Freestyle, opening)
    } else if opening.is_some() {
        Named::OpeningOnly
    } else {
        Named::Unknown
    }
}

/// Reads an SGF record of gomoku or renju (see the module docs).
///
/// # Errors
///
/// Bad syntax, a `GM` other than 4, a size outside 5..=26, setup stones,
/// a move that is not two letters on the board or is on a taken cell;
/// each with its line and column.
pub fn parse_sgf(text: &str) -> Result<GameRecord, GameError> {
    let props = main_line(text)?;
    let mut record = GameRecord {
        width: 15,
        height: 15,
        rule: None,
        opening: None,
        unsettled: None,
        moves: Vec::new(),
    };
    let at = |p: &Property, kind| GameError::at(p.line, p.column, kind);
    for p in &props {
        match p.id.as_str() {
            "GM" if p.value.trim() != "4" => {
                return Err(at(
                    p,
                    GameErrorKind::NotGomoku {
                        found: p.value.clone(),
                    },
                ))
            }
            "SZ" => {
                let v = p.value.trim();
                let (w, h) = v.split_once(':').unwrap_or((v, v));
                let size = w.trim().parse().ok().zip(h.trim().parse().ok());
                let (w, h) = size.unwrap_or((0, 0));
                check_size(w, h, &format!("SZ[{v}]")).map_err(|k| at(p, k))?;
                if !record.moves.is_empty() {
                    return Err(at(
                        p,
                        GameErrorKind::Syntax {
                            expected: "SZ before the moves",
                            found: format!("SZ[{v}] after them"),
                        },
                    ));
                }
                (record.width, record.height) = (w, h);
            }
            "RU" => match rule_named(&p.value) {
                Named::Rule(rule, opening) => (record.rule, record.opening) = (Some(rule), opening),
                Named::OpeningOnly => {
                    record.opening = Some(p.value.trim().to_string());
                    let found = p.value.clone();
                    record.unsettled = Some(at(p, GameErrorKind::OpeningOnly { found }));
                }
                Named::Unknown => {
                    let found = p.value.clone();
                    record.unsettled = Some(at(p, GameErrorKind::UnknownRule { found }));
                }
            },
            "AB" | "AW" | "AE" => {
                return Err(at(
                    p,
                    GameErrorKind::Unsupported {
                        found: format!("setup stones {}[{}]", p.id, p.value),
                    },
                ))
            }
            "B" | "W" => {
                let player = if p.id == "B" { Player::X } else { Player::O };
                let b = p.value.as_bytes();
                let letter = |c: u8| c.is_ascii_lowercase().then(|| u32::from(c - b'a'));
                let xy = match b {
                    [x, y] => letter(*x).zip(letter(*y)),
                    _ => None,
                };
                let found = format!("{}[{}]", p.id, p.value);
                let Some((x, y)) = xy else {
                    return Err(at(
                        p,
                        GameErrorKind::Syntax {
                            expected: "a move of two letters a.. (column, row from the top)",
                            found,
                        },
                    ));
                };
                let m = GameMove {
                    x,
                    y,
                    player,
                    line: p.line,
                    column: p.column,
                };
                push_move(&mut record, m, &found)?;
            }
            _ => {}
        }
    }
    Ok(record)
}

/// Writes `record` as SGF (`GM[4]`, `SZ`, `RU` when the rule is known, the
/// moves): [`parse_sgf`] reads it back equal but for where moves are
/// written.
#[must_use]
pub fn write_sgf(record: &GameRecord) -> String {
    let size = if record.width == record.height {
        record.width.to_string()
    } else {
        format!("{}:{}", record.width, record.height)
    };
    let mut out = format!("(;FF[4]GM[4]SZ[{size}]");
    if let Some(rule) = record.rule {
        out.push_str(&format!("RU[{rule}]"));
    }
    for m in &record.moves {
        let side = if m.player == Player::X { 'B' } else { 'W' };
        let letter = |v: u32| char::from(b'a' + v as u8);
        out.push_str(&format!("\n;{side}[{}{}]", letter(m.x), letter(m.y)));
    }
    out.push_str(")\n");
    out
}

#[cfg(test)]
mod rule_names {
    use super::{rule_named, Named};
    use kinrow_board::Rule;

    /// Issue 28, item 3: renju's opening rules are renju; an opening rule
    /// alone, or a rule kinrow does not know, fixes no game.
    #[test]
    fn renju_openings_are_renju_and_unknown_rules_are_no_rule() {
        for v in [
            "RIF",
            "Yamaguchi",
            "Soosorv-8",
            "Taraguchi-10",
            "renju",
            "Renju (Sakata)",
        ] {
            assert!(matches!(rule_named(v), Named::Rule(Rule::Renju, _)), "{v}");
        }
        assert_eq!(
            rule_named("Yamaguchi"),
            Named::Rule(Rule::Renju, Some("Yamaguchi".into()))
        );
        assert_eq!(rule_named("renju"), Named::Rule(Rule::Renju, None));
        assert_eq!(rule_named("Gomoku"), Named::Rule(Rule::Freestyle, None));
        assert_eq!(rule_named("standard"), Named::Rule(Rule::Exact, None));
        for v in ["swap2", "Swap1", "long pro", "Pro"] {
            assert_eq!(rule_named(v), Named::OpeningOnly, "{v}");
        }
        for v in ["caro", "Connect6", ""] {
            assert_eq!(rule_named(v), Named::Unknown, "{v}");
        }
    }

    #[test]
    fn a_record_without_a_known_rule_needs_one_from_the_caller() {
        use crate::game::{parse_sgf, GameErrorKind as K};
        let game = |ru: &str| parse_sgf(&format!("(;GM[4]SZ[15]RU[{ru}];B[hh];W[gh])")).unwrap();
        let g = game("Yamaguchi");
        assert_eq!(
            g.position(2, None, "y").unwrap().board.game().rule(),
            Rule::Renju
        );
        assert_eq!(g.opening.as_deref(), Some("Yamaguchi"));
        for (ru, kind) in [("caro", "unknown"), ("swap2", "opening")] {
            let e = game(ru).position(2, None, "c").unwrap_err();
            match (kind, &e.kind) {
                ("unknown", K::UnknownRule { .. }) | ("opening", K::OpeningOnly { .. }) => {}
                _ => panic!("{ru}: {e}"),
            }
            assert_eq!((e.line, e.column), (1, 17));
            let p = game(ru).position(2, Some(Rule::Exact), "c").unwrap();
            assert_eq!(p.board.game().rule(), Rule::Exact);
        }
    }

    /// Issue 28, item 4: a renju record whose Black played a forbidden
    /// point gives no position after the foul, and says where it was.
    #[test]
    fn a_foul_in_a_renju_record_ends_it_where_it_happens() {
        use crate::game::{parse_sgf, GameErrorKind as K};
        let text = "(;GM[4]SZ[15]RU[renju];B[hh];W[aa];B[ih];W[ac];B[jh];W[ae];B[lh];W[ag];B[mh];W[ai];B[kh])";
        let g = parse_sgf(text).unwrap();
        let e = g.position(11, None, "f").unwrap_err();
        assert!(matches!(e.kind, K::Foul { ply: 11, .. }), "{e}");
        assert_eq!(e.column, text.find("B[kh]").unwrap() + 3);
        assert_eq!(g.last_open_ply(None), 10);
        // Under freestyle the same move is a five.
        assert!(matches!(
            g.position(11, Some(Rule::Freestyle), "f").unwrap_err().kind,
            K::AfterWin { .. }
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::GameErrorKind as K;

    #[test]
    fn reads_the_main_line_and_writes_it_back() {
        let text =
            "(;FF[4]GM[4]SZ[15]RU[Renju]PB[a \\] b]\n;B[hh];W[ii](;B[jj];W[kk])(;B[aa]))(;B[bb])";
        let r = parse_sgf(text).unwrap();
        assert_eq!(r.rule, Some(Rule::Renju));
        assert_eq!(r.unsettled, None);
        let cells: Vec<_> = r.moves.iter().map(|m| (m.x, m.y, m.player)).collect();
        assert_eq!(
            cells,
            [
                (7, 7, Player::X),
                (8, 8, Player::O),
                (9, 9, Player::X),
                (10, 10, Player::O)
            ]
        );
        let again = parse_sgf(&write_sgf(&r)).unwrap();
        assert_eq!((again.width, again.rule), (r.width, r.rule));
        let xy = |r: &GameRecord| {
            r.moves
                .iter()
                .map(|m| (m.x, m.y, m.player))
                .collect::<Vec<_>>()
        };
        assert_eq!(xy(&again), xy(&r));
        let r = parse_sgf("(;GM[4]SZ[20:15];B[ab])").unwrap();
        assert_eq!((r.width, r.height, r.moves[0].y), (20, 15, 1));
    }

    #[test]
    fn bad_records_say_where() {
        let err = |t: &str| parse_sgf(t).unwrap_err();
        let e = err("(;GM[1];B[dd])");
        assert!(matches!(e.kind, K::NotGomoku { .. }));
        assert_eq!((e.line, e.column), (1, 6));
        let e = err("(;GM[4]\n;B[hh]\n;W[hh])");
        assert!(matches!(e.kind, K::Occupied { .. }));
        assert_eq!((e.line, e.column), (3, 4));
        assert!(matches!(err("(;SZ[15];B[zz])").kind, K::OffBoard { .. }));
        assert!(matches!(err("(;SZ[99])").kind, K::BoardSize { .. }));
        assert!(matches!(err("(;AB[aa][bb])").kind, K::Unsupported { .. }));
        assert!(matches!(err("(;B[h])").kind, K::Syntax { .. }));
        assert!(matches!(err("(;B[hh]").kind, K::Syntax { .. }));
        assert!(matches!(err("(;B[hh").kind, K::Syntax { .. }));
        assert!(matches!(err("(;B hh)").kind, K::Syntax { .. }));
        assert!(matches!(err("x").kind, K::Syntax { .. }));
        // Deep nesting is counted, not recursed into.
        let deep = format!("(;B[hh]{}{}", "(;".repeat(100_000), ")".repeat(100_001));
        assert_eq!(parse_sgf(&deep).unwrap().moves.len(), 1);
    }
}
