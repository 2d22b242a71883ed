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

/// Refuses what is not a regular file of at most [`MAX_FILE_BYTES`].
fn check_file(path: &Path, meta: &Metadata) -> Result<(), CliError> {
    if !meta.is_file() {
        return Err(CliError::input(format!(
            "{}: not a regular file (a FIFO, a device or a socket): kinrow reads only regular files",
            path.display()
        )));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(path));
    }
    Ok(())
}

fn too_large(path: &Path) -> CliError {
    CliError::input(format!(
        "{}: larger than kinrow reads ({} MiB at most per file)",
        path.display(),
        MAX_FILE_BYTES >> 20
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
    let meta = std::fs::metadata(path).map_err(|e| io_error(path, e))?;
    check_file(path, &meta)?;
    let file = open(path).map_err(|e| io_error(path, e))?;
    check_file(path, &file.metadata().map_err(|e| io_error(path, e))?)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(path, e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(path));
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
/// twice (named twice, or through a link) is taken once.
pub fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    let mut seen = Seen::default();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|e| io_error(p, e))?;
        if meta.is_dir() {
            if !Seen::first(&mut seen.dirs, p)? {
                continue;
            }
            let mut found = Vec::new();
            walk(p, &mut seen, &mut found)?;
            found.sort();
            if found.is_empty() {
                return Err(CliError::input(format!(
                    "{}: no .pos file in this folder",
                    p.display()
                )));
            }
            files.extend(found);
        } else {
            check_file(p, &meta)?;
            if Seen::first(&mut seen.files, p)? {
                files.push(p.clone());
            }
        }
    }
    Ok(files)
}

fn walk(dir: &Path, seen: &mut Seen, out: &mut Vec<PathBuf>) -> Result<(), CliError> {
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
            Err(e) if is_pos => return Err(io_error(&path, e)),
            Err(_) => continue,
        };
        if meta.is_dir() {
            if Seen::first(&mut seen.dirs, &path)? {
                walk(&path, seen, out)?;
            }
        } else if is_pos {
            check_file(&path, &meta)?;
            if Seen::first(&mut seen.files, &path)? {
                out.push(path);
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

/// Every position of every file named by `paths` (see [`expand`]).
pub fn load(paths: &[PathBuf]) -> Result<Vec<Loaded>, CliError> {
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

/// [`load`], a game file giving the position `choice` asks for.
pub fn load_with(paths: &[PathBuf], choice: &GameChoice) -> Result<Vec<Loaded>, CliError> {
    let mut out = Vec::new();
    for path in expand(paths)? {
        let text = read_text(&path)?;
        if GameFormat::detect(&text).is_some() {
            let game = parse_game(&text).map_err(|e| located(&path, e.line, e.column, &e.kind))?;
            let rule = game
                .rule_for(choice.rule)
                .map_err(|e| located(&path, e.line, e.column, &e.kind))?;
            let ply = choice.ply.unwrap_or_else(|| {
                let last = game.last_open_ply(Some(rule));
                note_foul(&path, &game, last, rule);
                last
            });
            let position = game
                .position(ply, choice.rule, &stem(&path))
                .map_err(|e| located(&path, e.line, e.column, &e.kind))?;
            out.push(Loaded {
                path: path.clone(),
                position,
            });
            continue;
        }
        if choice.ply.is_some() || choice.rule.is_some() {
            return Err(CliError::input(format!(
                "{}: --ply and --rule apply to game files (.psq, SGF); a position file gives its own",
                path.display()
            )));
        }
        let positions = parse_positions(&text, &stem(&path))
            .map_err(|e| located(&path, e.line, e.column, &e.kind))?;
        out.extend(positions.into_iter().map(|position| Loaded {
            path: path.clone(),
            position,
        }));
    }
    Ok(out)
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
/// without `[name]` lines.
pub fn stem(path: &Path) -> String {
    path.file_stem().map_or_else(
        || "position".to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}
