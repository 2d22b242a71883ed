//! One brain's game as the manager sees it: the state the commands change
//! (board size, stones in the order played, settings), and the answer to
//! each line. Searching is left to the caller ([`Step::Think`]), so that
//! the session itself never blocks.

use crate::budget::{MoveBudget, Settings};
use crate::command::{self, Command, Field, Info, LineError, Point};
use crate::defence::Refutes;
use crate::engine::{self, Decision, Reason, Win};
use crate::swap2::Swap2;
use kinrow_board::{Board, Cell, Game, Player, Rule};
use std::time::Instant;

/// Smallest board side kinrow plays (five in a row must fit).
pub const MIN_SIDE: u32 = 5;
/// Largest board side kinrow plays.
pub const MAX_SIDE: u32 = 26;

/// Whose stone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Own,
    Opponent,
}

/// What the caller does after a line.
#[derive(Debug)]
pub enum Step {
    /// Send these lines (perhaps none).
    Say(Vec<String>),
    /// The brain is to move: search, then pass the decision to
    /// [`Session::answer`].
    Think(Box<Turn>),
    /// `END`: stop at once, answering nothing.
    Quit,
}

/// A move to find.
#[derive(Debug)]
pub struct Turn {
    /// The position, the brain to move.
    pub board: Board,
    /// The move to play if the search finds nothing better or is late.
    pub quick: Decision,
    pub budget: MoveBudget,
    /// When the manager's line came: the budget counts from here.
    pub start: Instant,
    /// The horizon of a win proved a move ago (its length minus the two
    /// plies played since), for the VCT.
    pub depth: Option<u32>,
    /// Lines to send before the move (an `ERROR` about the line that
    /// asked for it).
    pub notes: Vec<String>,
}

/// A stone list being read between `BOARD` and `DONE`.
#[derive(Debug, Default)]
struct BoardInput {
    /// `SWAP2BOARD` rather than `BOARD`: the stones are `points`.
    swap2: bool,
    points: Vec<Point>,
    stones: Vec<(Point, Side)>,
    /// The first thing wrong, reported at `DONE`.
    error: Option<String>,
}

/// The brain's state between lines.
#[derive(Debug, Default)]
pub struct Session {
    size: Option<(u32, u32)>,
    /// The `INFO rule` mask.
    rule: u64,
    settings: Settings,
    /// Stones in the order played.
    stones: Vec<(Point, Side)>,
    board_input: Option<BoardInput>,
    /// The win announced with the brain's last move (or kept through the
    /// block of a four, see [`Session::answer`]): its line from that
    /// move on.
    announced: Option<Win>,
    /// The win announced before the move being searched, until it is
    /// answered.
    pending: Option<Win>,
}

/// The identification line `ABOUT` answers.
pub const ABOUT: &str = concat!(
    "name=\"kinrow\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"the kinrow authors\", country=\"-\""
);

fn error(message: impl std::fmt::Display) -> Step {
    Step::Say(vec![format!("ERROR {message}")])
}

impl Session {
    /// A brain before `START`.
    #[must_use]
    pub fn new() -> Session {
        Session::default()
    }

    /// A brain before `START` that runs its searches on at most `threads`
    /// threads (0: the cores this process may use); `INFO thread_num` can
    /// lower it, never raise it.
    #[must_use]
    pub fn with_threads(threads: usize) -> Session {
        let mut s = Session::default();
        s.settings.most_threads = threads;
        s
    }

    /// Whether lines are stones of a `BOARD` command.
    #[must_use]
    pub fn in_board(&self) -> bool {
        self.board_input.is_some()
    }

    /// The rule the `INFO rule` mask asks for: renju (4) before exact (1),
    /// freestyle otherwise; a continuous game (2) plays as the others.
    #[must_use]
    pub fn rule(&self) -> Rule {
        if self.rule & 4 != 0 {
            Rule::Renju
        } else if self.rule & 1 != 0 {
            Rule::Exact
        } else {
            Rule::Freestyle
        }
    }

    /// The answer to one line from the manager, received at `at`.
    pub fn handle(&mut self, line: &str, at: Instant) -> Step {
        if line.trim().is_empty() {
            return Step::Say(Vec::new());
        }
        let parsed = command::parse(line, self.in_board());
        if self.in_board() {
            match parsed {
                // A command of the protocol other than a stone, DONE or
                // END: the manager gave up the BOARD. Say so, drop it and
                // answer the command, rather than swallow every command
                // until a DONE.
                Ok(c)
                    if !matches!(
                        c,
                        Command::Stone(..) | Command::Swap2Stone(_) | Command::Done | Command::End
                    ) =>
                {
                    self.board_input = None;
                    let note = "ERROR BOARD abandoned before DONE, the position is unchanged";
                    return match self.command(c, at) {
                        Step::Say(lines) => {
                            Step::Say(std::iter::once(note.to_string()).chain(lines).collect())
                        }
                        Step::Think(mut turn) => {
                            turn.notes.push(note.to_string());
                            Step::Think(turn)
                        }
                        Step::Quit => Step::Quit,
                    };
                }
                parsed => return self.board_line(parsed, at),
            }
        }
        match parsed {
            Err(LineError::Unknown(m)) => Step::Say(vec![format!("UNKNOWN {m}")]),
            Err(LineError::Malformed(m)) => error(m),
            Ok(command) => self.command(command, at),
        }
    }

    fn command(&mut self, command: Command, at: Instant) -> Step {
        match command {
            Command::Start(n) => self.start(n, n),
            Command::RectStart(w, h) => self.start(w, h),
            Command::About => Step::Say(vec![ABOUT.to_string()]),
            Command::End => Step::Quit,
            Command::Info(info) => self.info(info),
            Command::Board => {
                self.board_input = Some(BoardInput::default());
                Step::Say(Vec::new())
            }
            Command::Swap2Board => {
                self.board_input = Some(BoardInput {
                    swap2: true,
                    ..BoardInput::default()
                });
                Step::Say(Vec::new())
            }
            Command::Swap2Stone(_) => error("a stone line outside SWAP2BOARD ... DONE"),
            Command::Done => error("DONE without BOARD"),
            Command::Stone(..) => error("a stone line outside BOARD ... DONE"),
            Command::Restart => match self.size {
                None => error("no game to restart: send START first"),
                Some(_) => {
                    self.clear();
                    Step::Say(vec!["OK".into()])
                }
            },
            Command::Begin => match self.size {
                None => error("no game: send START first"),
                Some(_) => self.think(at),
            },
            Command::Turn(p) => match self.free_cell(p) {
                Err(m) => error(m),
                Ok(()) => {
                    self.stones.push((p, Side::Opponent));
                    self.think(at)
                }
            },
            Command::Play(p) => self.play(p),
            Command::Takeback(p) => self.takeback(p),
        }
    }

    fn start(&mut self, width: u32, height: u32) -> Step {
        let side = MIN_SIDE..=MAX_SIDE;
        if !side.contains(&width) || !side.contains(&height) {
            self.size = None;
            return error(format!(
                "unsupported board size {width}x{height}: kinrow plays sides {MIN_SIDE} to {MAX_SIDE}"
            ));
        }
        self.size = Some((width, height));
        self.clear();
        Step::Say(vec!["OK".into()])
    }

    fn clear(&mut self) {
        self.stones.clear();
        self.announced = None;
    }

    fn info(&mut self, info: Info) -> Step {
        let s = &mut self.settings;
        match info {
            Info::TimeoutTurn(ms) => s.timeout_turn = Some(ms),
            Info::TimeoutMatch(ms) => s.timeout_match = ms,
            Info::TimeLeft(ms) => s.time_left = Some(ms),
            Info::MaxMemory(bytes) => s.max_memory = bytes,
            Info::ThreadNum(n) => s.thread_num = n,
            Info::Rule(mask) => {
                self.rule = mask;
                if mask & !7 != 0 {
                    return error(format!(
                        "rule {mask}: kinrow knows 0 (freestyle), 1 (exactly five), 2 \
                         (continuous) and 4 (renju); playing {}",
                        self.rule()
                    ));
                }
            }
            Info::Ignored => {}
        }
        Step::Say(Vec::new())
    }

    /// The board cell of a protocol point, if it is on the board.
    fn cell(&self, p: Point) -> Option<Cell> {
        let (w, h) = self.size?;
        (p.x < w && p.y < h).then_some(())?;
        let game = Game::new(w, h, 5, Rule::Freestyle).ok()?;
        game.geometry().cell(p.x, h - 1 - p.y)
    }

    fn point(&self, cell: Cell, board: &Board) -> Point {
        let (x, y) = board.game().geometry().xy(cell);
        let h = board.game().geometry().height();
        Point { x, y: h - 1 - y }
    }

    /// The answer to `SWAP2BOARD` with `points` (black first): see
    /// [`crate::swap2`]. The position itself comes with the `BOARD` the
    /// manager sends after the opening.
    fn swap2(&self, points: &[Point]) -> Step {
        let Some((w, h)) = self.size else {
            return error("no game: send START first");
        };
        let Ok(game) = Game::new(w, h, 5, self.rule()) else {
            return error("no game: send START first");
        };
        let mut board = Board::new(game);
        for &p in points {
            match self.cell(p) {
                Some(c) if board.stone_at(c).is_none() => board.play(c),
                _ => return error(format!("SWAP2BOARD refused: {p} is off the board or taken")),
            }
        }
        match crate::swap2::choose(&board, points.len()) {
            Ok(Swap2::Open(cells)) => {
                let line: Vec<String> = cells
                    .iter()
                    .map(|&c| self.point(c, &board).to_string())
                    .collect();
                Step::Say(vec![line.join(" ")])
            }
            Ok(Swap2::Swap) => Step::Say(vec!["SWAP".into()]),
            Ok(Swap2::Play(c)) => Step::Say(vec![self.point(c, &board).to_string()]),
            Err(m) => error(format!("SWAP2BOARD refused: {m}")),
        }
    }

    /// Ok when `p` is an empty cell of the board of a started game.
    fn free_cell(&self, p: Point) -> Result<(), String> {
        let Some((w, h)) = self.size else {
            return Err("no game: send START first".into());
        };
        if self.cell(p).is_none() {
            return Err(format!("{p} is off the {w}x{h} board"));
        }
        if self.stones.iter().any(|&(q, _)| q == p) {
            return Err(format!("{p} is not empty"));
        }
        Ok(())
    }

    /// The position with the brain to move. The first stone played is
    /// Black's (x); on an empty board the brain is Black.
    fn board(&self) -> Option<Board> {
        let (w, h) = self.size?;
        let game = Game::new(w, h, 5, self.rule()).ok()?;
        let me = match self.stones.first() {
            Some(&(_, Side::Opponent)) => Player::O,
            _ => Player::X,
        };
        let mut board = Board::new(game);
        for &(p, side) in &self.stones {
            let player = if side == Side::Own { me } else { me.other() };
            board.place(self.cell(p)?, player);
        }
        board.set_to_move(me);
        Some(board)
    }

    fn think(&mut self, at: Instant) -> Step {
        let Some(board) = self.board() else {
            return error("no game: send START first");
        };
        let Some(quick) = engine::quick(&board) else {
            return error("no legal move: the board is full");
        };
        let announced = self.announced.take();
        if quick.reason == Reason::Five {
            return Step::Say(self.answer(&board, quick));
        }
        if let Some(win) = announced.as_ref().and_then(|w| self.follow(w, &board)) {
            // The opponent answered as the proof's line did: the line's
            // next move is the proof's, and wins. No search, so no risk
            // that a busy machine loses a win announced.
            let cell = win.line[0];
            return Step::Say(self.answer(
                &board,
                Decision {
                    cell,
                    reason: Reason::Win(win),
                },
            ));
        }
        let depth = announced.as_ref().and_then(|w| w.plies.checked_sub(2));
        self.pending = announced;
        Step::Think(Box::new(Turn {
            board,
            quick,
            budget: self.settings.budget(),
            start: at,
            depth,
            notes: Vec::new(),
        }))
    }

    /// The rest of `win`, announced a move ago, when the opponent's last
    /// stone is the reply its line has: the line's next move on.
    fn follow(&self, win: &Win, board: &Board) -> Option<Win> {
        let &(reply, side) = self.stones.last()?;
        let next = *win.line.get(2)?;
        let legal = engine::legal(board).contains(next.index());
        (side == Side::Opponent && self.cell(reply)? == win.line[1] && legal).then(|| Win {
            prover: win.prover,
            plies: win.plies - 2,
            line: win.line[2..].to_vec(),
        })
    }

    /// Plays `decision` on the position of `turn` (the last [`Step::Think`]),
    /// the lines to send: a `MESSAGE` for a proved win, then the move.
    pub fn answer(&mut self, board: &Board, decision: Decision) -> Vec<String> {
        let decision = if engine::legal(board).contains(decision.cell.index()) {
            decision
        } else {
            // Never sent: the engine plays legal cells. A guard all the same.
            engine::quick(board).unwrap_or(decision)
        };
        let mut lines = Vec::new();
        let g = board.game().geometry();
        match &decision.reason {
            Reason::Win(win) => {
                let names: Vec<String> = win.line.iter().map(|&c| g.name(c)).collect();
                lines.push(format!(
                    "MESSAGE forced win in {} ({}): {}",
                    win.plies,
                    win.prover,
                    names.join(" ")
                ));
                self.announced = Some(win.clone());
            }
            Reason::Block {
                prover,
                plies,
                refutes,
            } => lines.push(format!(
                "DEBUG the opponent threatens a forced win in {plies} ({prover}); {} {}",
                g.name(decision.cell),
                match refutes {
                    Refutes::Yes => "refutes it",
                    Refutes::AsFarAsSeen => "leaves it none found in the time",
                    Refutes::No => "is the best try",
                }
            )),
            Reason::BlockFive => {
                // The opponent made a four against the win announced: the
                // proof answered it with this block, so the win still
                // lands within the plies announced, two fewer from here.
                if let Some(win) = self.pending.take() {
                    self.announced = win.plies.checked_sub(2).map(|plies| Win {
                        prover: win.prover,
                        plies,
                        line: vec![decision.cell],
                    });
                }
            }
            _ => {}
        }
        self.pending = None;
        let p = self.point(decision.cell, board);
        self.stones.push((p, Side::Own));
        lines.push(p.to_string());
        lines
    }

    fn play(&mut self, p: Point) -> Step {
        if let Err(m) = self.free_cell(p) {
            return error(m);
        }
        let Some(board) = self.board() else {
            return error("no game: send START first");
        };
        let cell = self.cell(p).expect("checked on the board");
        if !engine::legal(&board).contains(cell.index()) {
            return error(format!("{p} is a forbidden point for Black"));
        }
        self.stones.push((p, Side::Own));
        self.announced = None;
        Step::Say(vec![p.to_string()])
    }

    fn takeback(&mut self, p: Point) -> Step {
        if self.size.is_none() {
            return error("no game: send START first");
        }
        match self.stones.iter().rposition(|&(q, _)| q == p) {
            None => error(format!("no stone on {p} to take back")),
            Some(i) => {
                self.stones.remove(i);
                self.announced = None;
                Step::Say(vec!["OK".into()])
            }
        }
    }

    /// A line between `BOARD` and `DONE`.
    fn board_line(&mut self, parsed: Result<Command, LineError>, at: Instant) -> Step {
        let input = self.board_input.as_mut().expect("in a BOARD command");
        let problem = match parsed {
            Ok(Command::End) => return Step::Quit,
            Ok(Command::Done) => return self.board_done(at),
            Ok(Command::Swap2Stone(p)) if input.swap2 => {
                input.points.push(p);
                None
            }
            Ok(Command::Stone(..)) if input.swap2 => {
                Some("expected a stone x,y or DONE inside SWAP2BOARD".to_string())
            }
            Ok(Command::Stone(_, Field::Mark)) => None,
            Ok(Command::Stone(p, field)) => {
                let side = if field == Field::Own {
                    Side::Own
                } else {
                    Side::Opponent
                };
                input.stones.push((p, side));
                None
            }
            Ok(_) | Err(LineError::Unknown(_)) => {
                Some("expected a stone x,y,f or DONE inside BOARD".to_string())
            }
            Err(LineError::Malformed(m)) => Some(m),
        };
        if let Some(m) = problem {
            input.error.get_or_insert(m);
        }
        Step::Say(Vec::new())
    }

    fn board_done(&mut self, at: Instant) -> Step {
        let input = self.board_input.take().expect("in a BOARD command");
        if let Some(m) = input.error {
            return error(format!("BOARD refused, the position is unchanged: {m}"));
        }
        if input.swap2 {
            return self.swap2(&input.points);
        }
        let Some((w, h)) = self.size else {
            return error("no game: send START first");
        };
        let mut seen = std::collections::HashSet::new();
        for &(p, _) in &input.stones {
            if self.cell(p).is_none() {
                return error(format!("BOARD refused: {p} is off the {w}x{h} board"));
            }
            if !seen.insert(p) {
                return error(format!("BOARD refused: {p} is given twice"));
            }
        }
        let before = std::mem::replace(&mut self.stones, input.stones);
        if let Some(board) = self.board() {
            if let Some(p) = [Player::X, Player::O]
                .into_iter()
                .find(|&p| board.has_line(p))
            {
                self.stones = before;
                let who = if p == board.to_move() {
                    "the brain"
                } else {
                    "the opponent"
                };
                return error(format!(
                    "BOARD refused, the position is unchanged: {who} has five in a row already, the game is over"
                ));
            }
        }
        self.announced = None;
        self.think(at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn say(step: Step) -> Vec<String> {
        match step {
            Step::Say(lines) => lines,
            other => panic!("{other:?}"),
        }
    }

    /// Issue 28, item 13: a BOARD without DONE swallowed every later
    /// command until a DONE.
    #[test]
    fn a_command_inside_board_ends_it_instead_of_being_swallowed() {
        let mut s = Session::new();
        let now = Instant::now();
        assert_eq!(say(s.handle("START 15", now)), ["OK"]);
        assert_eq!(say(s.handle("BOARD", now)), Vec::<String>::new());
        assert_eq!(say(s.handle("7,7,2", now)), Vec::<String>::new());
        let lines = say(s.handle("ABOUT", now));
        assert!(lines[0].starts_with("ERROR BOARD abandoned"), "{lines:?}");
        assert!(lines[1].contains("name="), "{lines:?}");
        assert!(!s.in_board());
        assert!(s.stones.is_empty(), "the position is unchanged");
        let Step::Think(turn) = s.handle("BEGIN", now) else {
            panic!("BEGIN is answered")
        };
        assert!(turn.notes.is_empty());
    }

    /// Issue 28, item 13: a BOARD in which a side already has five was
    /// answered with a move.
    #[test]
    fn a_board_with_five_in_a_row_is_refused() {
        let mut s = Session::new();
        let now = Instant::now();
        assert_eq!(say(s.handle("START 15", now)), ["OK"]);
        s.handle("BOARD", now);
        for x in 0..5 {
            s.handle(&format!("{x},0,2"), now);
            s.handle(&format!("{x},5,1"), now);
        }
        let lines = say(s.handle("DONE", now));
        assert!(
            lines[0].starts_with("ERROR BOARD refused") && lines[0].contains("five"),
            "{lines:?}"
        );
        assert!(s.stones.is_empty());
    }

    #[test]
    fn the_rule_error_lists_freestyle_too() {
        let mut s = Session::new();
        let lines = say(s.handle("INFO rule 8", Instant::now()));
        assert!(lines[0].contains("0 (freestyle)"), "{lines:?}");
    }

    #[test]
    fn points_are_counted_from_the_top_left() {
        let mut s = Session::new();
        let now = Instant::now();
        assert_eq!(say(s.handle("START 15", now)), ["OK"]);
        // The opponent's four on the top row, x 0..=3, y 0: block at 4,0.
        for (x, own) in [(0, (10, 14)), (1, (12, 14)), (2, (14, 10)), (3, (0, 10))] {
            s.stones.push((Point { x, y: 0 }, Side::Opponent));
            s.stones.push((Point { x: own.0, y: own.1 }, Side::Own));
        }
        let Step::Think(turn) = s.handle("TURN 7,7", now) else {
            panic!()
        };
        assert_eq!(turn.quick.reason, Reason::BlockFive);
        assert_eq!(s.answer(&turn.board, turn.quick), ["4,0"]);
    }

    #[test]
    fn a_win_announced_keeps_its_horizon_through_the_block_of_a_four() {
        let mut s = Session::new();
        let now = Instant::now();
        assert_eq!(say(s.handle("START 15", now)), ["OK"]);
        // Our win in 9 announced; the opponent answers with a four on the
        // top row (x 0..=3, y 0), which the proof must have answered.
        for (x, own) in [(0, (10, 14)), (1, (12, 14)), (2, (14, 10))] {
            s.stones.push((Point { x, y: 0 }, Side::Opponent));
            s.stones.push((Point { x: own.0, y: own.1 }, Side::Own));
        }
        let cell = |x, y| s.cell(Point { x, y }).unwrap();
        s.announced = Some(Win {
            prover: "vct",
            plies: 9,
            line: vec![cell(14, 10), cell(13, 10), cell(12, 12)],
        });
        let Step::Think(turn) = s.handle("TURN 3,0", now) else {
            panic!()
        };
        assert_eq!(turn.depth, Some(7));
        assert_eq!(turn.quick.reason, Reason::BlockFive);
        assert_eq!(s.answer(&turn.board, turn.quick), ["4,0"]);
        // Two plies later the win must land within 5 plies.
        let Step::Think(turn) = s.handle("TURN 7,7", now) else {
            panic!()
        };
        assert_eq!(turn.depth, Some(5));
    }
}
