//! Reading a draw certificate's node lines (the format is in the module
//! docs of [`super`] and in `docs/certificate-format.md`).

use std::rc::Rc;

use crate::header::read_numbered;
use crate::tree::parse_point;
use crate::{Flaw, FlawKind, Point};

/// One attacker move of a node.
#[derive(Clone, Debug)]
pub(super) struct Answer {
    /// `None` for the node's default, `*`: every move with no entry of
    /// its own.
    pub(super) mv: Option<Point>,
    /// `None`: the move fills the board, or `hold` follows it.
    pub(super) reply: Option<Point>,
    /// `None`: the game is over after the reply.
    pub(super) next: Option<usize>,
    /// `MOVE hold PAIRS`: a static draw with the defender to move.
    pub(super) hold: Option<Vec<(Point, Point)>>,
    /// `NEXT/S`: the position after the reply, mapped by this, is the
    /// node's.
    pub(super) sym: Sym,
}

/// A symmetry of the board, written `t`, `x`, `y` or several of them in
/// that order (`tx`, `txy`, ...), the identity by nothing: `t` swaps the
/// coordinates, (x, y) -> (y, x) (square boards only), then `x` mirrors the
/// columns, x -> width - 1 - x, then `y` the rows, y -> height - 1 - y.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Sym {
    pub(super) swap: bool,
    pub(super) mirror_x: bool,
    pub(super) mirror_y: bool,
}

impl Sym {
    /// `t`, `x`, `y` in that order, each at most once, at least one.
    fn parse(text: &str, no: usize) -> Result<Sym, Flaw> {
        let bad = || {
            malformed(
                no,
                format!("`{text}` is no symmetry (`t`, `x`, `y`, in that order)"),
            )
        };
        let rest = text;
        let (swap, rest) = rest.strip_prefix('t').map_or((false, rest), |r| (true, r));
        let (mirror_x, rest) = rest.strip_prefix('x').map_or((false, rest), |r| (true, r));
        let (mirror_y, rest) = rest.strip_prefix('y').map_or((false, rest), |r| (true, r));
        let sym = Sym {
            swap,
            mirror_x,
            mirror_y,
        };
        if !rest.is_empty() || sym == Sym::default() {
            return Err(bad());
        }
        Ok(sym)
    }

    /// The image of `(x, y)` on a board of `width` x `height` (square when
    /// `swap`).
    pub(super) fn map(self, (x, y): (i32, i32), width: i32, height: i32) -> (i32, i32) {
        let (mut a, mut b) = if self.swap { (y, x) } else { (x, y) };
        if self.mirror_x {
            a = width - 1 - a;
        }
        if self.mirror_y {
            b = height - 1 - b;
        }
        (a, b)
    }
}

/// What a node says.
#[derive(Clone, Debug)]
pub(super) enum Body {
    Hold(Vec<(Point, Point)>),
    Answers(Vec<Answer>),
}

/// A node line.
#[derive(Clone, Debug)]
pub(super) struct NodeLine {
    /// 1-based line number in the file.
    pub(super) no: usize,
    /// Shared, so that a visit holds it while the walk goes on below.
    pub(super) body: Rc<Body>,
}

pub(super) fn malformed(no: usize, detail: impl Into<String>) -> Flaw {
    Flaw::new(FlawKind::Malformed, Some(no), detail)
}

/// Reads the node lines, from line index `start` up to `end`.
pub(super) fn read_nodes(text: &str, start: usize) -> Result<Vec<NodeLine>, Flaw> {
    read_numbered(text, start, |no, rest| {
        let body = if let Some(pairs) = rest.strip_prefix("hold") {
            Body::Hold(read_pairs(pairs, no)?)
        } else {
            Body::Answers(read_answers(rest, no)?)
        };
        Ok(NodeLine {
            no,
            body: Rc::new(body),
        })
    })
}

/// `a1:b2 c3:d4`: pairs of cells; nothing for no pair.
fn read_pairs(text: &str, no: usize) -> Result<Vec<(Point, Point)>, Flaw> {
    if !text.is_empty() && !text.starts_with(' ') {
        return Err(malformed(no, "`hold` is followed by pairs of cells"));
    }
    read_pair_words(text.split_whitespace(), no)
}

/// Pairs written `a1:b2`, one a word.
fn read_pair_words<'a>(
    words: impl Iterator<Item = &'a str>,
    no: usize,
) -> Result<Vec<(Point, Point)>, Flaw> {
    let mut pairs = Vec::new();
    for word in words {
        let Some((a, b)) = word.split_once(':') else {
            return Err(malformed(no, "a pair is two cells joined by `:`"));
        };
        pairs.push((parse_point(a, no)?, parse_point(b, no)?));
    }
    Ok(pairs)
}

/// `MOVE REPLY NEXT, MOVE REPLY -, MOVE -`.
fn read_answers(text: &str, no: usize) -> Result<Vec<Answer>, Flaw> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let mut out = Vec::new();
    for part in text.split(',') {
        let words: Vec<&str> = part.split_whitespace().collect();
        let answer =
            match words.as_slice() {
                [mv, "-"] => Answer {
                    mv: parse_move(mv, no)?,
                    reply: None,
                    next: None,
                    hold: None,
                    sym: Sym::default(),
                },
                [mv, "hold", pairs @ ..] => Answer {
                    mv: parse_move(mv, no)?,
                    reply: None,
                    next: None,
                    hold: Some(read_pair_words(pairs.iter().copied(), no)?),
                    sym: Sym::default(),
                },
                [mv, reply, next] => {
                    let (next, sym) = match next.split_once('/') {
                        Some((n, s)) => (n, Sym::parse(s, no)?),
                        None => (*next, Sym::default()),
                    };
                    Answer {
                        mv: parse_move(mv, no)?,
                        reply: Some(parse_point(reply, no)?),
                        next: match next {
                            "-" if sym == Sym::default() => None,
                            n => Some(
                                n.parse()
                                    .map_err(|_| malformed(no, format!("`{n}` is no node")))?,
                            ),
                        },
                        hold: None,
                        sym,
                    }
                }
                _ => return Err(malformed(
                    no,
                    "an entry is `MOVE REPLY NEXT`, `MOVE REPLY -`, `MOVE -` or `MOVE hold PAIRS`",
                )),
            };
        out.push(answer);
    }
    if out.iter().filter(|a| a.mv.is_none()).count() > 1 {
        return Err(malformed(no, "a node has at most one default entry (`*`)"));
    }
    Ok(out)
}

/// An attacker move: a cell, or `*` for the node's default.
fn parse_move(text: &str, no: usize) -> Result<Option<Point>, Flaw> {
    if text == "*" {
        return Ok(None);
    }
    parse_point(text, no).map(Some)
}
