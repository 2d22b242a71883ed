//! A `kinrow brain` child process, driven line by line as a manager
//! drives it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long a test waits for an answer that needs no search (generous:
/// the machine may be busy).
pub const PROMPT: Duration = Duration::from_secs(10);

/// A running brain.
pub struct Brain {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Brain {
    pub fn spawn() -> Brain {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("kinrow"))
            .arg("brain")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start kinrow brain");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Brain {
            stdin: child.stdin.take(),
            child,
            lines,
        }
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to the brain");
        stdin.flush().expect("flush");
    }

    /// Sends one line, ended CR LF as managers end them.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\r\n").as_bytes());
    }

    /// The next line within `within`, if one comes.
    pub fn recv(&self, within: Duration) -> Option<String> {
        self.lines.recv_timeout(within).ok()
    }

    /// The next line that is not `MESSAGE` or `DEBUG` (those are returned
    /// beside it), within `within`.
    pub fn answer(&self, within: Duration) -> (Option<String>, Vec<String>) {
        let deadline = Instant::now() + within;
        let mut notes = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left) {
                Some(l) if l.starts_with("MESSAGE ") || l.starts_with("DEBUG ") => notes.push(l),
                other => return (other, notes),
            }
        }
    }

    /// Sends `line` and returns the answer (see [`Brain::answer`]),
    /// failing the test when none comes within [`PROMPT`].
    pub fn ask(&mut self, line: &str) -> String {
        self.send(line);
        let (answer, _) = self.answer(PROMPT);
        answer.unwrap_or_else(|| panic!("no answer to {line:?}"))
    }

    /// Closes the brain's input.
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// The exit status, waiting at most `within`.
    pub fn exit_within(&mut self, within: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

impl Drop for Brain {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `x,y` read from a move line.
pub fn parse_move(line: &str) -> Option<(u32, u32)> {
    let (x, y) = line.split_once(',')?;
    Some((x.parse().ok()?, y.parse().ok()?))
}
