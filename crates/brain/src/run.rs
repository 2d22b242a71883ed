//! The loop that connects a [`Session`] to the manager: lines are read on
//! their own thread, each move is searched on a worker thread, and the
//! loop answers whichever comes first of the search and the move's hard
//! deadline. An `END` that arrives during a search ends the loop at once;
//! other lines wait for the answer.

use crate::engine::{self, Decision};
use crate::session::{Session, Step};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::Instant;

/// The longest line read; the rest of a longer one is skipped and the line
/// answered with an error.
pub const MAX_LINE: usize = 4096;

/// A line from the manager, or why it is not one.
#[derive(Debug)]
enum Input {
    Line(String, Instant),
    /// Not UTF-8, or longer than [`MAX_LINE`].
    Bad(&'static str),
    Eof,
}

#[derive(Debug)]
enum Event {
    Input(Input),
    /// A search finished: the turn it was for, and what it found.
    Answer(u64, Option<Decision>),
}

/// Reads one line of at most [`MAX_LINE`] bytes (the rest skipped), its
/// end of line (LF or CR LF) removed.
fn read_line(input: &mut impl BufRead) -> io::Result<Input> {
    let mut bytes = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            if !any {
                return Ok(Input::Eof);
            }
            break;
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = MAX_LINE.saturating_sub(bytes.len());
        too_long |= chunk.len() > room;
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Input::Bad("line too long"));
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    Ok(match String::from_utf8(bytes) {
        Ok(line) => Input::Line(line, Instant::now()),
        Err(_) => Input::Bad("line is not UTF-8 text"),
    })
}

fn reader(mut input: impl BufRead, events: Sender<Event>) {
    loop {
        let next = read_line(&mut input).unwrap_or(Input::Eof);
        let eof = matches!(next, Input::Eof);
        if events.send(Event::Input(next)).is_err() || eof {
            return;
        }
    }
}

fn say(output: &mut impl Write, lines: &[String]) -> io::Result<()> {
    for line in lines {
        writeln!(output, "{line}")?;
    }
    output.flush()
}

/// Whether `line` is an `END` command.
fn is_end(line: &str) -> bool {
    line.trim().eq_ignore_ascii_case("END")
}

/// Plays the protocol: reads commands from `input` (on a thread of its
/// own) and writes answers to `output`, until `END` or the end of the
/// input. Returns at once on `END`, even during a search (the search
/// thread is left to finish on its own; the caller is expected to exit).
///
/// # Errors
///
/// When writing to `output` fails.
pub fn run(input: impl BufRead + Send + 'static, output: &mut impl Write) -> io::Result<()> {
    run_session(input, output, Session::new())
}

/// [`run`] from `session` (say, [`Session::with_threads`]).
///
/// # Errors
///
/// When writing to `output` fails.
pub fn run_session(
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
    mut session: Session,
) -> io::Result<()> {
    let (events, inbox) = mpsc::channel();
    let reading = events.clone();
    std::thread::spawn(move || reader(input, reading));
    let mut pending: VecDeque<Input> = VecDeque::new();
    let mut turns = 0u64;
    loop {
        let next = match pending.pop_front() {
            Some(input) => input,
            None => match inbox.recv() {
                Ok(Event::Input(input)) => input,
                Ok(Event::Answer(..)) => continue,
                Err(_) => return Ok(()),
            },
        };
        let step = match next {
            Input::Eof => return Ok(()),
            Input::Bad(why) => {
                say(output, &[format!("ERROR {why}")])?;
                continue;
            }
            Input::Line(line, at) => session.handle(&line, at),
        };
        let turn = match step {
            Step::Quit => return Ok(()),
            Step::Say(lines) => {
                say(output, &lines)?;
                continue;
            }
            Step::Think(turn) => turn,
        };
        say(output, &turn.notes)?;
        turns += 1;
        let id = turns;
        let (board, budget, start, depth) =
            (turn.board.clone(), turn.budget, turn.start, turn.depth);
        let answers = events.clone();
        std::thread::spawn(move || {
            let found = engine::deep(&board, start, &budget, depth);
            let _ = answers.send(Event::Answer(id, found));
        });
        let deadline = start + budget.hard;
        let decision = loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            match inbox.recv_timeout(wait) {
                Ok(Event::Answer(i, found)) if i == id => {
                    break found.unwrap_or_else(|| turn.quick.clone())
                }
                Ok(Event::Answer(..)) => {}
                Ok(Event::Input(Input::Line(line, _))) if is_end(&line) => return Ok(()),
                Ok(Event::Input(input)) => pending.push_back(input),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                    break turn.quick.clone()
                }
            }
        };
        say(output, &session.answer(&turn.board, decision))?;
    }
}
