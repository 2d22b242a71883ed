//! What the page sends as a position: a position or suite file's text, or
//! a game record's (`.psq`, SGF), read by the format crate as the command
//! line reads files, and what the page is told back: the stones in order
//! where the text gives an order, renju's forbidden points, the empty
//! board's picture and where its points lie.

use super::Refusal;
use kinrow_board::{Cell, Rule};
use kinrow_format::game::{parse_game, GameErrorKind, GameFormat, GameRecord};
use kinrow_format::position::Stones;
use kinrow_format::{parse_suite, write_position, Position};
use kinrow_picture::{Layout, Marks, CELL, STONE_RADIUS};
use serde_json::{json, Value};

/// A text read: one position, with what the page needs to edit it.
pub struct Read {
    pub position: Position,
    /// The stones in the order they were played, when the text gives one
    /// (a `moves` line, a game record up to the ply).
    pub order: Option<Vec<Cell>>,
    /// The names of a suite's positions (one for a single position).
    pub names: Vec<String>,
    /// A game record, its rule and the ply taken.
    pub game: Option<(GameRecord, Rule, usize)>,
    /// A note for the page (a renju record cut before a foul of x).
    pub note: Option<String>,
}

/// Reads `text` (named `file` in errors): a game record when its first
/// characters say so, at `ply` (default: the last position before the
/// winning line) under `rule` (default: the record's, else freestyle);
/// else a position or suite file, taking the position `name` (default:
/// the first). Errors read as the command line's: `file:line:column: what`.
pub fn read(
    text: &str,
    file: &str,
    name: Option<&str>,
    ply: Option<usize>,
    rule: Option<Rule>,
) -> Result<Read, Refusal> {
    let located = |line: usize, column: usize, what: &dyn std::fmt::Display| {
        Refusal::bad(format!("{file}:{line}:{column}: {what}"))
    };
    if GameFormat::detect(text).is_some() {
        let record = parse_game(text).map_err(|e| located(e.line, e.column, &e.kind))?;
        let rule = record
            .rule_for(rule)
            .map_err(|e| located(e.line, e.column, &e.kind))?;
        let last = record.last_open_ply(Some(rule));
        let ply = ply.unwrap_or(last);
        let note = match record.position(last + 1, Some(rule), "") {
            Err(e) if ply == last && matches!(e.kind, GameErrorKind::Foul { .. }) => Some(format!(
                "{file}:{}:{}: {}; taking the position before it (ply {last})",
                e.line, e.column, e.kind
            )),
            _ => None,
        };
        let position = record
            .position(ply, Some(rule), &stem(file))
            .map_err(|e| located(e.line, e.column, &e.kind))?;
        let g = *position.board.game().geometry();
        let order = record.moves[..ply]
            .iter()
            .map(|m| g.cell(m.x, record.height - 1 - m.y).expect("on the board"))
            .collect();
        return Ok(Read {
            names: vec![position.name.clone()],
            position,
            order: Some(order),
            game: Some((record, rule, ply)),
            note,
        });
    }
    if ply.is_some() || rule.is_some() {
        return Err(Refusal::bad(format!(
            "{file}: a ply and a rule apply to game files (.psq, SGF); a position file gives its own"
        )));
    }
    let setups = parse_suite(text, &stem(file)).map_err(|e| located(e.line, e.column, &e.kind))?;
    let names: Vec<String> = setups.iter().map(|s| s.name.clone()).collect();
    let setup = match name {
        None => setups.into_iter().next(),
        Some(n) => setups.into_iter().find(|s| s.name == n),
    }
    .ok_or_else(|| {
        Refusal::bad(format!(
            "{file}: no position named `{}` (the file holds {})",
            name.unwrap_or_default(),
            names.join(", ")
        ))
    })?;
    let moves = match &setup.stones {
        Stones::Moves(list) => Some(list.cells.iter().map(|c| c.value).collect::<Vec<_>>()),
        _ => None,
    };
    let position = setup
        .into_position()
        .map_err(|e| located(e.line, e.column, &e.kind))?;
    let g = *position.board.game().geometry();
    let order = moves.map(|cells| {
        cells
            .into_iter()
            .filter_map(|(x, y)| g.cell(x, y))
            .collect()
    });
    Ok(Read {
        position,
        order,
        names,
        game: None,
        note: None,
    })
}

/// A file's name without its extension, as the command line names the
/// position of a file without `[name]` lines.
fn stem(file: &str) -> String {
    crate::input::stem(std::path::Path::new(file))
}

/// What the page is told of a position read: the game, the question's
/// settings, the stones (in play order when known), renju's forbidden
/// points of x with their kind, the position's text as kinrow writes it,
/// and the empty board's picture with where its points lie.
pub fn describe(read: &Read) -> Value {
    let p = &read.position;
    let board = &p.board;
    let game = board.game();
    let g = *game.geometry();
    let name = |c: Cell| g.name(c);
    let player = |c: Cell| board.stone_at(c).map(|s| s.to_string());
    let mut stones: Vec<Value> = Vec::new();
    let mut placed = Vec::new();
    if let Some(order) = &read.order {
        for &c in order {
            stones.push(json!({ "cell": name(c), "player": player(c) }));
            placed.push(c);
        }
    }
    for c in g.all_cells() {
        if board.stone_at(c).is_some() && !placed.contains(&c) {
            stones.push(json!({ "cell": name(c), "player": player(c) }));
        }
    }
    let forbidden: Vec<Value> = if game.has_forbidden_points() {
        board
            .forbidden_points()
            .iter()
            .map(Cell::from_index)
            .filter_map(|c| {
                board
                    .foul(c)
                    .map(|f| json!({ "cell": name(c), "kind": f.to_string() }))
            })
            .collect()
    } else {
        Vec::new()
    };
    let layout = Layout::of(&g);
    let (left, top) = layout.centre(0, g.height() - 1);
    let empty = kinrow_board::Board::new(*game);
    let picture = kinrow_picture::svg(
        &empty,
        &Marks {
            title: Some(format!("{}x{} board", g.width(), g.height())),
            ..Marks::default()
        },
    );
    let mut v = json!({
        "name": p.name,
        "names": read.names,
        "width": g.width(),
        "height": g.height(),
        "k": game.k(),
        "rule": game.rule().to_string(),
        "to_move": board.to_move().to_string(),
        "candidates": p.candidates.to_string(),
        "attack": p.attack.to_string(),
        "depth": p.depth,
        "time": p.time.map(|t| t.as_secs_f64()),
        "stones": stones,
        "ordered": read.order.is_some(),
        "forbidden": forbidden,
        "text": write_position(p),
        "note": read.note,
        "picture": picture,
        "layout": {
            "left": left, "top": top, "cell": CELL, "stone": STONE_RADIUS,
            "black": kinrow_picture::BLACK, "white": kinrow_picture::WHITE,
            "mark": kinrow_picture::MARK,
        },
    });
    if let Some((record, rule, ply)) = &read.game {
        let moves: Vec<Value> = record
            .moves
            .iter()
            .map(|m| {
                let c = g.cell(m.x, record.height - 1 - m.y).expect("on the board");
                json!({ "cell": name(c), "player": m.player.to_string() })
            })
            .collect();
        v["game"] = json!({
            "moves": moves,
            "ply": ply,
            "rule": rule.to_string(),
            "last_open_ply": record.last_open_ply(Some(*rule)),
        });
    }
    v
}
