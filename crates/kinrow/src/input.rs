//! Reading position files and folders, with the path added to every error.
//!
//! Inputs are guarded: only regular files are read (a FIFO would block, a
//! device such as `/dev/zero` never ends), each at most
//! [`MAX_FILE_BYTES`], checked before the file is opened and again while it
//! is read; a folder is walked once per real path, so a symbolic link back
//! up the tree neither loops nor lists a file twice.

use crate::error::CliError;
use kinrow_board::Rule;
use kinrow_format::game::{parse_game, GameErrorKind, GameFormat, GameRecord};
use kinrow_format::{parse_positions, Position};
use std::collections::HashSet;
use std::fs::{File, Metadata};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The largest file kinrow reads: 8 MiB, some 15,000 positions. A parsed
/// position takes some 40 times its text in memory, so this also bounds
/// the memory one file can take.
pub const MAX_FILE_BYTES: u64 = 8 << 20;

/// A position and the file it came from.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub path: PathBuf,
    pub position: Position,
}

fn io_error(path: &Path, e: impl std::fmt::Display) -> CliError {
    CliError::input(format!("{}: {e}", path.display()))
}

/// The largest proof certificate `check` reads: 1 GiB. A certificate is
/// held as its text and walked line by line (a draw's DAG keeps a few
/// bytes a node more), so this bounds the memory too; the draw
/// certificates of small whole games run to tens of MiB.
pub const MAX_PROOF_BYTES: u64 = 1 << 30;

/// Refuses what is not a regular file of at most `max` bytes.
fn check_file(path: &Path, meta: &Metadata, max: u64) -> Result<(), CliError> {
    if !meta.is_file() {
        return Err(CliError::input(format!(
            "{}: not a regular file (a FIFO, a device or a socket): kinrow reads only regular files",
            path.display()
        )));
    }
    if meta.len() > max {
        return Err(too_large(path, max));
    }
    Ok(())
}

fn too_large(path: &Path, max: u64) -> CliError {
    CliError::input(format!(
        "{}: larger than kinrow reads ({} MiB at most per file)",
        path.display(),
        max >> 20
    ))
}

/// Opens without blocking: a FIFO put in place of the file after the check
/// would otherwise block the open until a writer comes.
fn open(path: &Path) -> std::io::Result<File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    options.open(path)
}

/// The text of the regular file `path` (a leading byte-order mark is left
/// to the parsers).
pub fn read_text(path: &Path) -> Result<String, CliError> {
    read_text_max(path, MAX_FILE_BYTES)
}

/// [`read_text`] of a file of at most `max` bytes.
pub fn read_text_max(path: &Path, max: u64) -> Result<String, CliError> {
    let meta = std::fs::metadata(path).map_err(|e| io_error(path, e))?;
    check_file(path, &meta, max)?;
    let file = open(path).map_err(|e| io_error(path, e))?;
    check_file(path, &file.metadata().map_err(|e| io_error(path, e))?, max)?;
    let mut bytes = Vec::new();
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(path, e))?;
    if bytes.len() as u64 > max {
        return Err(too_large(path, max));
    }
    String::from_utf8(bytes)
        .map_err(|_| CliError::input(format!("{}: not UTF-8 text", path.display())))
}

/// Folders and files already taken, by real path.
#[derive(Default)]
struct Seen {
    dirs: HashSet<PathBuf>,
    files: HashSet<PathBuf>,
}

impl Seen {
    /// Whether `path` is new (and now taken).
    fn first(set: &mut HashSet<PathBuf>, path: &Path) -> Result<bool, CliError> {
        let real = std::fs::canonicalize(path).map_err(|e| io_error(path, e))?;
        Ok(set.insert(real))
    }
}

/// The files named by `paths`: a file is read whatever its extension; a
/// folder means every `.pos` file below it, in name order. A file reached
/// twice (named twice, or through a link) is taken once. What cannot be
/// taken (a missing path, a FIFO, a dangling link, an empty folder) is
/// reported in the second list and the rest are still taken.
pub fn expand(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<CliError>) {
    let mut files = Vec::new();
    let mut bad = Vec::new();
    let mut seen = Seen::default();
    for p in paths {
        if let Err(e) = expand_one(p, &mut seen, &mut files, &mut bad) {
            bad.push(e);
        }
    }
    (files, bad)
}

fn expand_one(
    p: &Path,
    seen: &mut Seen,
    files: &mut Vec<PathBuf>,
    bad: &mut Vec<CliError>,
) -> Result<(), CliError> {
    let meta = std::fs::metadata(p).map_err(|e| io_error(p, e))?;
    if meta.is_dir() {
        if !Seen::first(&mut seen.dirs, p)? {
            return Ok(());
        }
        let mut found = Vec::new();
        let before = bad.len();
        walk(p, seen, &mut found, bad)?;
        found.sort();
        if found.is_empty() && bad.len() == before {
            return Err(CliError::input(format!(
                "{}: no .pos file in this folder",
                p.display()
            )));
        }
        files.extend(found);
    } else {
        check_file(p, &meta, MAX_FILE_BYTES)?;
        if Seen::first(&mut seen.files, p)? {
            files.push(p.to_path_buf());
        }
    }
    Ok(())
}

fn walk(
    dir: &Path,
    seen: &mut Seen,
    out: &mut Vec<PathBuf>,
    bad: &mut Vec<CliError>,
) -> Result<(), CliError> {
    let mut entries = std::fs::read_dir(dir)
        .map_err(|e| io_error(dir, e))?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| io_error(dir, e))?;
    entries.sort();
    for path in entries {
        let is_pos = path.extension().is_some_and(|e| e == "pos");
        let meta = match std::fs::metadata(&path) {
            Ok(meta) => meta,
            // A dangling or looping link: an error only where a position
            // file was meant.
            Err(e) if is_pos => {
                bad.push(io_error(&path, e));
                continue;
            }
            Err(_) => continue,
        };
        if meta.is_dir() {
            if Seen::first(&mut seen.dirs, &path)? {
                if let Err(e) = walk(&path, seen, out, bad) {
                    bad.push(e);
                }
            }
        } else if is_pos {
            match check_file(&path, &meta, MAX_FILE_BYTES) {
                Err(e) => bad.push(e),
                Ok(()) if Seen::first(&mut seen.files, &path)? => out.push(path),
                Ok(()) => {}
            }
        }
    }
    Ok(())
}

/// Which position of a game file (`.psq`, SGF) to take, and under which
/// rule. Position files have their own and refuse both.
#[derive(Clone, Copy, Debug, Default)]
pub struct GameChoice {
    /// Plies from the start; `None`: the last position before the game
    /// was won (its end when nobody won).
    pub ply: Option<usize>,
    /// The rule; `None`: the file's (SGF `RU`), else freestyle.
    pub rule: Option<Rule>,
}

/// The positions of a run, and the inputs that could not be read.
#[derive(Debug, Default)]
pub struct Batch {
    pub loaded: Vec<Loaded>,
    /// One error per bad input (a missing or unreadable file, a file that
    /// does not parse): reported, and the other files still answered.
    pub bad: Vec<CliError>,
}

impl Batch {
    /// Writes each bad input's error to stderr and fails when nothing at
    /// all could be read (one bad file alone is an error as before).
    ///
    /// # Errors
    ///
    /// The only error when every input was bad.
    pub fn report_bad(mut self) -> Result<(Vec<Loaded>, bool), CliError> {
        if self.loaded.is_empty() && self.bad.len() == 1 {
            return Err(self.bad.remove(0));
        }
        for e in &self.bad {
            eprintln!("kinrow: {e}");
        }
        if self.loaded.is_empty() {
            return Err(CliError::input(format!(
                "no position read: {} bad inputs (above)",
                self.bad.len()
            )));
        }
        Ok((self.loaded, !self.bad.is_empty()))
    }
}

/// Every position of every file named by `paths` (see [`expand`]).
pub fn load(paths: &[PathBuf]) -> Batch {
    load_with(paths, &GameChoice::default())
}

/// The game record of a `.psq` or SGF file.
pub fn load_game(path: &Path) -> Result<GameRecord, CliError> {
    let text = read_text(path)?;
    parse_game(&text).map_err(|e| located(path, e.line, e.column, &e.kind))
}

fn located(path: &Path, line: usize, column: usize, what: &dyn std::fmt::Display) -> CliError {
    CliError::input(format!("{}:{line}:{column}: {what}", path.display()))
}

/// [`load`], a game file giving the position `choice` asks for. A file
/// that cannot be read or parsed is reported in [`Batch::bad`] and the
/// others are still read.
pub fn load_with(paths: &[PathBuf], choice: &GameChoice) -> Batch {
    let (files, mut bad) = expand(paths);
    let mut loaded = Vec::new();
    for path in files {
        match load_file(&path, choice) {
            Ok(positions) => loaded.extend(positions.into_iter().map(|position| Loaded {
                path: path.clone(),
                position,
            })),
            Err(e) => bad.push(e),
        }
    }
    Batch { loaded, bad }
}

/// The positions of one file.
fn load_file(path: &Path, choice: &GameChoice) -> Result<Vec<Position>, CliError> {
    let text = read_text(path)?;
    if GameFormat::detect(&text).is_some() {
        let game = parse_game(&text).map_err(|e| located(path, e.line, e.column, &e.kind))?;
        let rule = game
            .rule_for(choice.rule)
            .map_err(|e| located(path, e.line, e.column, &e.kind))?;
        let ply = choice.ply.unwrap_or_else(|| {
            let last = game.last_open_ply(Some(rule));
            note_foul(path, &game, last, rule);
            last
        });
        let position = game
            .position(ply, Some(rule), &stem(path))
            .map_err(|e| located(path, e.line, e.column, &e.kind))?;
        return Ok(vec![position]);
    }
    if choice.ply.is_some() || choice.rule.is_some() {
        return Err(CliError::input(format!(
            "{}: --ply and --rule apply to game files (.psq, SGF); a position file gives its own",
            path.display()
        )));
    }
    parse_positions(&text, &stem(path)).map_err(|e| located(path, e.line, e.column, &e.kind))
}

/// Says on stderr where a renju record's game ended by a foul, when the
/// default position stops before it (a foul is no position to solve).
fn note_foul(path: &Path, game: &GameRecord, last: usize, rule: Rule) {
    if let Err(e) = game.position(last + 1, Some(rule), "") {
        if matches!(e.kind, GameErrorKind::Foul { .. }) {
            eprintln!(
                "kinrow: note: {}:{}:{}: {}; taking the position before it (ply {last})",
                path.display(),
                e.line,
                e.column,
                e.kind
            );
        }
    }
}

/// The name of a file without its extension: the name of a position file
/// without `[name]` lines. Control characters (a newline in a file name)
/// become `?`, so that the name stays one line of every report.
pub fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || "position".to_string(),
        |s| {
            s.to_string_lossy()
                .chars()
                .map(|c| if c.is_control() { '?' } else { c })
                .collect()
        },
    )
}
