//! `kinrow analyse GAME`: where a game was won, and where a win was let
//! go.
//!
//! Ply `p` is the position after `p` moves, the move `p + 1` played from
//! it. At every ply up to the game's last open position (before a winning
//! line) the side to move is asked for a forced win within the per-ply
//! budget: five at once, a VCF, then a VCT (the brain's
//! [`kinrow_brain::engine::forced_win`]; each a proof, in the real game).
//! For a ply with a win, the move played *threw the win away* when the
//! opponent then had a forced win (a proof that the move lost the win:
//! both sides cannot have one); it *kept* it when it made five or the same
//! side had a forced win again at its next turn; otherwise the win was
//! *missed* (or not found again within the budget: a win found is proved,
//! a win not found is not disproved). The result was *forced from*
//! the first ply of the winner's from which it had a forced win at every
//! one of its turns to the end.

use crate::cli::AnalyseArgs;
use crate::error::CliError;
use crate::{input, output, render};
use indicatif::{ProgressBar, ProgressStyle};
use kinrow_board::{Board, Cell, Player, Rule};
use kinrow_brain::engine::{forced_win, Win};
use kinrow_format::game::GameRecord;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Search memory of one ply when `--memory` is not given.
const DEFAULT_MEMORY: u64 = 512 << 20;

/// What one ply showed.
struct Ply {
    board: Board,
    win: Option<Win>,
    /// The move played from here, if the game goes on.
    played: Option<Cell>,
    seconds: f64,
}

fn five(board: &Board) -> Option<Win> {
    let me = board.to_move();
    let cell = (board.winning_cells(me) & board.empty()).first()?;
    Some(Win {
        prover: "five",
        plies: 1,
        line: vec![Cell::from_index(cell)],
    })
}

pub fn run(args: &AnalyseArgs) -> Result<u8, CliError> {
    if let Some(html) = &args.html {
        output::guard(html, &[&args.game], args.force, "--html")?;
    }
    let record = input::load_game(&args.game)?;
    let rule = record.rule_for(args.rule).map_err(|e| {
        CliError::input(format!(
            "{}:{}:{}: {}",
            args.game.display(),
            e.line,
            e.column,
            e.kind
        ))
    })?;
    let per_ply = Duration::from_secs_f64(args.time);
    let memory = args
        .memory
        .unwrap_or_else(|| DEFAULT_MEMORY.min(kinrow_prover::default_memory()));
    let end = record.last_open_ply(Some(rule));
    let name = input::stem(&args.game);
    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = ProgressBar::new(end as u64 + 1);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} ply {pos}/{len} {elapsed} {msg}")
                .expect("valid template"),
        );
        bar
    });
    let found = analysis(&record, rule, per_ply, memory, &name, &mut |_, _| {
        if let Some(bar) = &bar {
            bar.inc(1);
        }
        true
    });
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let found = match found {
        Ok(found) => found,
        Err(AnalyseError::Bad(e)) => {
            return Err(CliError::input(format!("{}: {e}", args.game.display())))
        }
        // The callback above never asks to stop.
        Err(AnalyseError::Stopped) => return Err(CliError::failed("analysis stopped")),
    };
    let text = if args.json {
        found.json()
    } else {
        found.human(&args.game.display().to_string())
    };
    output::print(&text)?;
    if let Some(html) = &args.html {
        let file = args.game.file_name().map(|f| f.to_string_lossy());
        let page = super::report_page::page(
            &file.unwrap_or_default(),
            &record,
            &found.plies[0].board,
            &found.json(),
        );
        output::write(html, &page, args.force)
            .map_err(|e| CliError::failed(format!("--html: report not written: {e}")))?;
    }
    Ok(0)
}

/// Why [`analysis`] gave no report.
#[derive(Debug)]
pub enum AnalyseError {
    /// A ply is no position (a foul of x under renju, a ply past the end):
    /// what is wrong, without the file's name.
    Bad(String),
    /// The caller's `on_ply` asked to stop.
    Stopped,
}

/// A game gone through, ply by ply: what [`run`] reports.
pub struct Analysis {
    plies: Vec<Ply>,
    report: Report,
}

impl Analysis {
    /// The objects of `analyse --json`, one a line: one per ply, then the
    /// summary.
    pub fn json(&self) -> String {
        self.report.json(&self.plies)
    }

    /// The text report of `analyse`, the game named `file`.
    pub fn human(&self, file: &str) -> String {
        self.report.human(&self.plies, file)
    }
}

/// Goes through `record` under `rule` up to its last open position, each
/// ply searched within `per_ply` and `memory` (see the module docs);
/// `on_ply(done, plies)` is called after each ply and stops the analysis
/// when it answers `false`. `name` names the positions.
pub fn analysis(
    record: &GameRecord,
    rule: Rule,
    per_ply: Duration,
    memory: u64,
    name: &str,
    on_ply: &mut dyn FnMut(usize, usize) -> bool,
) -> Result<Analysis, AnalyseError> {
    let end = record.last_open_ply(Some(rule));
    let mut plies = Vec::new();
    for p in 0..=end {
        let position = record
            .position(p, Some(rule), name)
            .map_err(|e| AnalyseError::Bad(e.to_string()))?;
        let board = position.board;
        let start = Instant::now();
        let win = five(&board).or_else(|| forced_win(&board, per_ply, memory, None));
        let g = *board.game().geometry();
        let played = record
            .moves
            .get(p)
            .map(|m| g.cell(m.x, record.height - 1 - m.y).expect("on the board"));
        // Under renju a forbidden move of x ends the game (x loses): the
        // plies after it are no positions of renju.
        if let Some(m) = played.filter(|&m| board.to_move() == Player::X && board.is_forbidden(m)) {
            return Err(AnalyseError::Bad(format!(
                "move {} ({} by x) is a forbidden point of x under renju, which ends the game there",
                p + 1,
                g.name(m)
            )));
        }
        plies.push(Ply {
            board,
            win,
            played,
            seconds: start.elapsed().as_secs_f64(),
        });
        if !on_ply(p + 1, end + 1) {
            return Err(AnalyseError::Stopped);
        }
    }
    let winner = record.moves.get(end).map(|m| m.player);
    let report = Report::new(&plies, winner, end, record.moves.len());
    Ok(Analysis { plies, report })
}

/// What the move played from a ply with a forced win did to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fate {
    /// It made five, or the side had a forced win again at its next turn.
    Kept,
    /// No forced win found again at the side's next turn, within the
    /// budget.
    Missed,
    /// The opponent had a forced win after it: the win is proved lost.
    ThrownAway,
}

impl Fate {
    fn label(self) -> &'static str {
        match self {
            Fate::Kept => "kept",
            Fate::Missed => "missed",
            Fate::ThrownAway => "threw the win away",
        }
    }
}

/// The verdicts drawn from the plies.
struct Report {
    winner: Option<Player>,
    moves: usize,
    /// Per ply with a win: what the move played did to it (`None`: the
    /// game stops there).
    kept: Vec<Option<Fate>>,
    forced_from: Option<usize>,
}

impl Report {
    fn new(plies: &[Ply], winner: Option<Player>, end: usize, moves: usize) -> Report {
        let kept = (0..plies.len())
            .map(|p| {
                plies[p].win.as_ref()?;
                plies[p].played?;
                let me = plies[p].board.to_move();
                let won = p == end && winner == Some(me);
                // The opponent's win first: a win again two plies on may
                // only mean that the opponent missed its own.
                Some(if won {
                    Fate::Kept
                } else if plies.get(p + 1).is_some_and(|q| q.win.is_some()) {
                    Fate::ThrownAway
                } else if plies.get(p + 2).is_some_and(|q| q.win.is_some()) {
                    Fate::Kept
                } else {
                    Fate::Missed
                })
            })
            .collect();
        let forced_from = winner.and_then(|w| {
            let mut from = None;
            for (p, ply) in plies.iter().enumerate().rev() {
                if ply.board.to_move() != w {
                    continue;
                }
                if ply.win.is_none() {
                    break;
                }
                from = Some(p);
            }
            from
        });
        Report {
            winner,
            moves,
            kept,
            forced_from,
        }
    }

    fn human(&self, plies: &[Ply], file: &str) -> String {
        let mut out = String::new();
        let result = match self.winner {
            Some(w) => format!("{w} made five with move {}", plies.len()),
            None => "nobody made five".to_string(),
        };
        let first = &plies[0].board;
        out.push_str(&format!(
            "game: {file}, {}x{}, {}, {} moves; {result}\n",
            first.game().geometry().width(),
            first.game().geometry().height(),
            first.game().rule(),
            self.moves
        ));
        out.push_str("ply p is the position after p moves; move p+1 is played from it\n");
        let mut turning = Vec::new();
        for (p, ply) in plies.iter().enumerate() {
            let Some(win) = &ply.win else { continue };
            let b = &ply.board;
            let played = ply.played.map_or_else(
                || "the game stops here".to_string(),
                |c| {
                    let verdict = self.kept[p].map_or("missed", Fate::label);
                    format!("played {}: {verdict}", b.game().geometry().name(c))
                },
            );
            out.push_str(&format!(
                "ply {p}, {} to move: forced win in {} ({}): {}; {played}\n",
                b.to_move(),
                win.plies,
                win.prover,
                render::moves(b, &win.line)
            ));
            match self.kept[p] {
                Some(Fate::Missed) => {
                    turning.push((p, format!("{} missed its forced win", b.to_move())));
                }
                Some(Fate::ThrownAway) => {
                    turning.push((p, format!("{} threw its forced win away", b.to_move())));
                }
                _ => {}
            }
        }
        match (self.forced_from, self.winner) {
            (Some(p), Some(w)) => {
                out.push_str(&format!(
                    "result forced from ply {p}: {w} had a forced win at each of its turns from there on\n"
                ));
                turning.push((p, format!("{w}'s win is forced from here")));
            }
            _ => out.push_str("result forced: not found within the budget\n"),
        }
        turning.sort_by_key(|&(p, _)| p);
        for (p, why) in turning {
            let ply = &plies[p];
            let line = ply.win.as_ref().map_or(&[][..], |w| &w.line[..]);
            out.push_str(&format!(
                "\nply {p}: {why} (the line numbered from 1)\n{}",
                render::picture(&ply.board, line)
            ));
        }
        out
    }

    fn json(&self, plies: &[Ply]) -> String {
        let mut out = String::new();
        for (p, ply) in plies.iter().enumerate() {
            let b = &ply.board;
            let g = b.game().geometry();
            let names = |cells: &[Cell]| cells.iter().map(|&c| g.name(c)).collect::<Vec<_>>();
            let mut v = serde_json::json!({
                "ply": p,
                "to_move": b.to_move().to_string(),
                "win": ply.win.is_some(),
                "played": ply.played.map(|c| g.name(c)),
                "seconds": ply.seconds,
            });
            if let Some(win) = &ply.win {
                v["prover"] = win.prover.into();
                v["plies"] = win.plies.into();
                v["line"] = names(&win.line).into();
                v["kept"] = self.kept[p].map(|f| f == Fate::Kept).into();
                v["label"] = self.kept[p].map(Fate::label).into();
                v["fate"] = self.kept[p]
                    .map(|f| match f {
                        Fate::Kept => "kept",
                        Fate::Missed => "missed",
                        Fate::ThrownAway => "thrown-away",
                    })
                    .into();
            }
            out.push_str(&format!("{v}\n"));
        }
        let missed: Vec<usize> = (0..plies.len())
            .filter(|&p| matches!(self.kept[p], Some(Fate::Missed | Fate::ThrownAway)))
            .collect();
        let thrown_away: Vec<usize> = (0..plies.len())
            .filter(|&p| self.kept[p] == Some(Fate::ThrownAway))
            .collect();
        let summary = serde_json::json!({
            "summary": true,
            "moves": self.moves,
            "winner": self.winner.map(|w| w.to_string()),
            "forced_from": self.forced_from,
            "missed": missed,
            "thrown_away": thrown_away,
        });
        out.push_str(&format!("{summary}\n"));
        out
    }
}
