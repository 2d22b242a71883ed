//! The certificate's header: the magic line, then the position it proves
//! in position-file form (every header line written out, the stones as a
//! grid), up to the `tree` line. Parsed here with plain code of its own.

use crate::{Flaw, FlawKind, PlainPosition};
use kinrow_board::{Attack, Candidates, Player, Rule};

/// The first line of every certificate (format version 1).
pub const MAGIC: &str = "kinrow-certificate 1";

/// The largest board side.
const MAX_SIDE: u32 = 26;

/// `line` without its `#` comment and trailing blanks.
pub(crate) fn strip_comment(line: &str) -> &str {
    match line.find('#') {
        Some(i) => &line[..i],
        None => line,
    }
    .trim_end()
}

fn malformed(line: usize, detail: impl Into<String>) -> Flaw {
    Flaw::new(FlawKind::Malformed, Some(line), detail)
}

/// The node lines of a strategy (draw or threat-space certificate), from
/// line index `start` up to the `end` line: each numbered in order, what
/// follows its number read by `body` with the line's number.
pub(crate) fn read_numbered<T>(
    text: &str,
    start: usize,
    mut body: impl FnMut(usize, &str) -> Result<T, Flaw>,
) -> Result<Vec<T>, Flaw> {
    let mut out: Vec<T> = Vec::new();
    for (i, raw) in text.lines().enumerate().skip(start) {
        let no = i + 1;
        let content = strip_comment(raw).trim();
        if content.is_empty() {
            continue;
        }
        if content == "end" {
            return Ok(out);
        }
        let (id, rest) = content.split_once(' ').unwrap_or((content, ""));
        if id.parse::<usize>().ok() != Some(out.len()) {
            return Err(malformed(
                no,
                format!("expected node {} (nodes are numbered in order)", out.len()),
            ));
        }
        out.push(body(no, rest.trim())?);
    }
    Err(Flaw::new(
        FlawKind::Truncated,
        None,
        "the file ends before its `end` line",
    ))
}

/// The header fields as read so far.
#[derive(Default)]
struct Fields {
    size: Option<(u32, u32)>,
    k: Option<u32>,
    rule: Option<Rule>,
    candidates: Option<Candidates>,
    attack: Option<Attack>,
    to_move: Option<Player>,
    depth: Option<u32>,
    /// Grid rows as read, top row first.
    rows: Vec<Vec<Option<Player>>>,
    letters: bool,
    /// Whether a header line other than `[name]` has been read.
    started: bool,
}

/// Sets a field that may be given only once.
fn set_once<T>(slot: &mut Option<T>, value: T, line: usize, key: &str) -> Result<(), Flaw> {
    if slot.is_some() {
        return Err(malformed(line, format!("`{key}` given twice")));
    }
    *slot = Some(value);
    Ok(())
}

fn number(word: Option<&str>, line: usize, key: &str) -> Result<u32, Flaw> {
    word.filter(|w| !w.is_empty() && w.len() <= 9 && w.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|w| w.parse().ok())
        .ok_or_else(|| malformed(line, format!("`{key}` needs a number")))
}

/// What a certificate's header claims.
pub(crate) struct Header {
    pub position: PlainPosition,
    /// The position's `[name]`, if the header gives one.
    pub name: Option<String>,
    /// Index (0-based) of the first line after `tree` (or `draw`).
    pub tree_start: usize,
    /// Whether the body is a draw certificate's DAG (`draw`) rather than
    /// a win's tree (`tree`).
    pub draw: bool,
    /// The threat space of a threat-space certificate (`threats any`,
    /// `threats N`), whose body is the defender's strategy against it.
    pub threats: Option<crate::threats::ThreatSpace>,
}

/// Reads the header of `text`.
pub(crate) fn parse(text: &str) -> Result<Header, Flaw> {
    let mut seen_magic = false;
    let mut name = None;
    let mut f = Fields::default();
    for (i, raw) in text.lines().enumerate() {
        let no = i + 1;
        let content = strip_comment(raw).trim();
        if content.is_empty() {
            continue;
        }
        if !seen_magic {
            if content != MAGIC {
                return Err(malformed(no, format!("expected `{MAGIC}`")));
            }
            seen_magic = true;
            continue;
        }
        if content == "tree" || content == "draw" {
            return Ok(Header {
                position: finish(f, no)?,
                name,
                tree_start: i + 1,
                draw: content == "draw",
                threats: None,
            });
        }
        if let Some(space) = crate::threats::ThreatSpace::parse(content, no)? {
            return Ok(Header {
                position: finish(f, no)?,
                name,
                tree_start: i + 1,
                draw: false,
                threats: Some(space),
            });
        }
        if let Some(inner) = content.strip_prefix('[') {
            let n = inner.strip_suffix(']').map(str::trim).unwrap_or_default();
            if f.started || name.is_some() || n.is_empty() {
                return Err(malformed(no, "a `[name]` line comes once, first"));
            }
            name = Some(n.to_string());
            continue;
        }
        f.started = true;
        let mut words = content.split_whitespace();
        let key = words.next().unwrap_or_default();
        match key {
            "board" => {
                if !f.rows.is_empty() {
                    return Err(malformed(no, "`board` must come before the grid"));
                }
                let size = words.next().unwrap_or_default();
                let (w, h) = match size.split_once('x') {
                    Some((w, h)) => (number(Some(w), no, key)?, number(Some(h), no, key)?),
                    None => {
                        let n = number(Some(size), no, key)?;
                        (n, n)
                    }
                };
                if !(1..=MAX_SIDE).contains(&w) || !(1..=MAX_SIDE).contains(&h) {
                    return Err(malformed(no, format!("board {w}x{h} is outside 1..=26")));
                }
                set_once(&mut f.size, (w, h), no, key)?;
            }
            "k" => {
                let k = number(words.next(), no, key)?;
                set_once(&mut f.k, k, no, key)?;
            }
            "rule" => {
                let rule = match words.next() {
                    Some("freestyle") => Rule::Freestyle,
                    Some("exact") => Rule::Exact,
                    Some("renju") => Rule::Renju,
                    _ => return Err(malformed(no, "`rule` is `freestyle`, `exact` or `renju`")),
                };
                set_once(&mut f.rule, rule, no, key)?;
            }
            "candidates" => {
                let c = match words.next() {
                    Some("all") => Candidates::All,
                    Some("near") => {
                        let r = number(words.next(), no, "candidates near")?;
                        match u8::try_from(r) {
                            Ok(r) if r >= 1 => Candidates::Near(r),
                            _ => return Err(malformed(no, "`near` needs 1..=255")),
                        }
                    }
                    _ => return Err(malformed(no, "`candidates` is `near R` or `all`")),
                };
                set_once(&mut f.candidates, c, no, key)?;
            }
            "attack" => {
                let a = match words.next() {
                    Some("any") => Attack::Any,
                    Some("threats") => Attack::Threats,
                    Some("fours") => Attack::Fours,
                    _ => return Err(malformed(no, "`attack` is `any`, `threats` or `fours`")),
                };
                set_once(&mut f.attack, a, no, key)?;
            }
            "to-move" => {
                let p = match words.next() {
                    Some("x") => Player::X,
                    Some("o") => Player::O,
                    _ => return Err(malformed(no, "`to-move` is `x` or `o`")),
                };
                set_once(&mut f.to_move, p, no, key)?;
            }
            "depth" => {
                let d = number(words.next(), no, key)?;
                set_once(&mut f.depth, d, no, key)?;
            }
            _ => {
                grid_line(&mut f, content, no)?;
                continue;
            }
        }
        if words.next().is_some() {
            return Err(malformed(no, format!("unexpected text after `{key}`")));
        }
    }
    let detail = if seen_magic {
        "the file ends inside the header"
    } else {
        "the file is empty"
    };
    Err(Flaw::new(FlawKind::Truncated, None, detail))
}

/// A grid row (`12 . x o ...`, the row number optional, spaces between
/// cells optional) or, after the last row, the line of column letters.
fn grid_line(f: &mut Fields, content: &str, no: usize) -> Result<(), Flaw> {
    let Some((width, height)) = f.size else {
        return Err(malformed(
            no,
            "unknown header line (a grid must follow `board`)",
        ));
    };
    let words: Vec<&str> = content.split_whitespace().collect();
    if f.rows.len() as u32 == height {
        let letters: String = words.concat();
        let expected: String = (0..width).map(|x| (b'a' + x as u8) as char).collect();
        if f.letters || letters != expected {
            return Err(malformed(no, "unknown header line after the grid"));
        }
        f.letters = true;
        return Ok(());
    }
    let row_number = height - f.rows.len() as u32;
    let mut cells_words = &words[..];
    if let Some(first) = words.first() {
        if first.bytes().all(|b| b.is_ascii_digit()) {
            if first.parse::<u32>().ok() != Some(row_number) {
                return Err(malformed(no, format!("expected grid row {row_number}")));
            }
            cells_words = &words[1..];
        }
    }
    let mut row = Vec::with_capacity(width as usize);
    for c in cells_words.concat().chars() {
        row.push(match c {
            '.' => None,
            'x' => Some(Player::X),
            'o' => Some(Player::O),
            _ => {
                return Err(malformed(
                    no,
                    format!("unknown header line or grid cell `{c}` (cells are `.`, `x`, `o`)"),
                ))
            }
        });
    }
    if row.len() as u32 != width {
        return Err(malformed(
            no,
            format!("grid row {row_number} has {} cells, not {width}", row.len()),
        ));
    }
    f.rows.push(row);
    Ok(())
}

/// The setup of a complete header; `no` is the line of `tree`.
fn finish(f: Fields, no: usize) -> Result<PlainPosition, Flaw> {
    let missing = |key: &str| malformed(no, format!("the header has no `{key}` line"));
    let (width, height) = f.size.ok_or_else(|| missing("board"))?;
    let k = f.k.ok_or_else(|| missing("k"))?;
    if !(1..=width.max(height)).contains(&k) {
        return Err(malformed(
            no,
            format!("k {k} is outside 1..={}", width.max(height)),
        ));
    }
    let rule = f.rule.ok_or_else(|| missing("rule"))?;
    if rule == Rule::Renju && k != 5 {
        return Err(malformed(
            no,
            format!("rule renju is five in a row, not k {k}"),
        ));
    }
    if f.rows.len() as u32 != height {
        return Err(malformed(
            no,
            format!("the grid has {} rows, not {height}", f.rows.len()),
        ));
    }
    let mut cells = Vec::with_capacity((width * height) as usize);
    for row in f.rows.iter().rev() {
        cells.extend_from_slice(row);
    }
    Ok(PlainPosition {
        width,
        height,
        k,
        rule,
        cells,
        to_move: f.to_move.ok_or_else(|| missing("to-move"))?,
        candidates: f.candidates.ok_or_else(|| missing("candidates"))?,
        attack: f.attack.ok_or_else(|| missing("attack"))?,
        depth: f.depth,
    })
}

/// Checks that the certificate's header describes exactly `position`.
pub(crate) fn compare(claimed: &PlainPosition, position: &PlainPosition) -> Result<(), Flaw> {
    let wrong = |detail: String| Err(Flaw::new(FlawKind::WrongPosition, None, detail));
    let show = |d: Option<u32>| d.map_or_else(|| "none".to_string(), |d| d.to_string());
    if (claimed.width, claimed.height) != (position.width, position.height) {
        return wrong(format!(
            "board {}x{} in the certificate, {}x{} in the position",
            claimed.width, claimed.height, position.width, position.height
        ));
    }
    let fields = [
        ("k", claimed.k.to_string(), position.k.to_string()),
        ("rule", claimed.rule.to_string(), position.rule.to_string()),
        (
            "to-move",
            claimed.to_move.to_string(),
            position.to_move.to_string(),
        ),
        (
            "candidates",
            claimed.candidates.to_string(),
            position.candidates.to_string(),
        ),
        (
            "attack",
            claimed.attack.to_string(),
            position.attack.to_string(),
        ),
        ("depth", show(claimed.depth), show(position.depth)),
    ];
    for (key, c, p) in fields {
        if c != p {
            return wrong(format!("{key} {c} in the certificate, {p} in the position"));
        }
    }
    if position.cells.len() != claimed.cells.len() {
        return wrong("the position's stones do not fit its board".into());
    }
    for y in 0..claimed.height {
        for x in 0..claimed.width {
            let (c, p) = (claimed.stone(x, y), position.stone(x, y));
            if c != p {
                let cell = crate::Point {
                    x: x as u16,
                    y: y as u16,
                };
                let show = |s: Option<Player>| s.map_or('.', Player::symbol);
                return wrong(format!(
                    "cell {cell} holds `{}` in the certificate, `{}` in the position",
                    show(c),
                    show(p)
                ));
            }
        }
    }
    Ok(())
}
