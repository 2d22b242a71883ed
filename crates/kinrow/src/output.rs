//! The report on stdout ([`print()`]), and the files the runner writes
//! besides it (`solve --proof`, `solve --svg`, `analyse --html`): where
//! each goes, and the guard that keeps them off files that are already
//! there. An existing file is replaced only with `--force`; a
//! file the run reads (an input) never, since writing it would destroy
//! the input, which is never what was asked for.

use crate::error::CliError;
use crate::input::Loaded;
use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `text` to stdout and flushes it. When the reader has gone (a
/// broken pipe: `kinrow verify ... | head -1`), the process ends at once,
/// quietly and with status 0, as `grep` and `rg` do: nobody reads the rest
/// of the report, so there is no point in computing it, and the default
/// `println!` would panic. Any other write error is the run's error.
pub fn print(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(CliError::input(format!("cannot write output: {e}"))),
    }
}

/// [`print()`] of `text` and a newline.
pub fn print_line(text: &str) -> Result<(), CliError> {
    print(&format!("{text}\n"))
}

/// The path as the file system resolves it: the parent canonicalised (the
/// file itself may not exist yet), so that `./a.pos` and `a.pos` are one.
fn resolved(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = path.canonicalize() {
        return Some(p);
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.canonicalize().ok()?,
        _ => std::env::current_dir().ok()?,
    };
    Some(parent.join(path.file_name()?))
}

/// Whether `a` and `b` are one file: on unix the same device and inode
/// when both exist, so that a hard link (`ln in.pos hard.pos`), which no
/// path comparison sees, is its input; elsewhere, or when one does not
/// exist yet, the same path as the file system resolves it ([`resolved`]:
/// symbolic links followed).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return (x.dev(), x.ino()) == (y.dev(), y.ino());
        }
    }
    let target = resolved(a);
    target.is_some() && resolved(b) == target
}

/// Refuses `path` as the output of `flag` when it is one of `inputs` (the
/// same file, by any name: [`same_file`]), a folder, or (without `force`)
/// a file that exists.
pub fn guard(path: &Path, inputs: &[&Path], force: bool, flag: &str) -> Result<(), CliError> {
    if inputs.iter().any(|i| same_file(path, i)) {
        return Err(CliError::input(format!(
            "{flag}: {} is an input of this run; kinrow does not write over its inputs, even with --force",
            path.display()
        )));
    }
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => Err(CliError::input(format!(
            "{flag}: {} is a folder",
            path.display()
        ))),
        Ok(_) if !force => Err(CliError::input(format!(
            "{flag}: {} exists; give --force to write over it",
            path.display()
        ))),
        _ => Ok(()),
    }
}

/// Writes `text` to `path` (creating its folder), which [`guard`] let
/// through: without `force` the file must still not exist when it is
/// created, so that a file that appeared in between is kept.
pub fn write(path: &Path, text: &str, force: bool) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true);
    if force {
        options.create(true).truncate(true);
    } else {
        options.create_new(true);
    }
    options
        .open(path)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Letters, digits, `-`, `_`, `.` of `text`, others as `_`, without
/// leading dots.
fn safe(text: &str) -> String {
    let safe: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    safe.trim_start_matches('.').to_string()
}

/// Where the file of each position goes, decided before any work so that
/// no file overwrites another: `target` itself for a single position
/// (unless it is a folder), else `target/NAME.EXT`, and for names that two
/// positions share, `target/FILE.NAME.EXT` with FILE the path of the
/// position's file (without extension, `/` as `_`). The same scheme as
/// `--proof`'s.
///
/// # Errors
///
/// Bad input when two positions would still share a file name (names that
/// differ only in characters that are not kept, or in case).
pub fn paths(
    target: &Path,
    loaded: &[Loaded],
    ext: &str,
    flag: &str,
) -> Result<Vec<PathBuf>, CliError> {
    if loaded.len() == 1 && !target.is_dir() {
        return Ok(vec![target.to_path_buf()]);
    }
    let file_name = |name: &str| format!("{}.{ext}", safe(name));
    let key = |name: &str| name.to_lowercase();
    let mut count: HashMap<String, usize> = HashMap::new();
    for l in loaded {
        *count.entry(key(&file_name(&l.position.name))).or_default() += 1;
    }
    let names: Vec<String> = loaded
        .iter()
        .map(|l| {
            let plain = file_name(&l.position.name);
            if count[&key(&plain)] == 1 {
                return plain;
            }
            let file: Vec<String> = l
                .path
                .with_extension("")
                .components()
                .filter_map(|c| match c {
                    std::path::Component::Normal(s) => Some(safe(&s.to_string_lossy())),
                    _ => None,
                })
                .collect();
            format!("{}.{plain}", file.join("_"))
        })
        .collect();
    let mut first: HashMap<String, usize> = HashMap::new();
    for (i, name) in names.iter().enumerate() {
        if let Some(&j) = first.get(&key(name)) {
            return Err(CliError::input(format!(
                "{flag}: the files of {} [{}] and {} [{}] would both be {}: rename one or take them apart",
                loaded[j].path.display(),
                loaded[j].position.name,
                loaded[i].path.display(),
                loaded[i].position.name,
                target.join(name).display()
            )));
        }
        first.insert(key(name), i);
    }
    Ok(names.into_iter().map(|n| target.join(n)).collect())
}

/// Keeps the positions named `name` (all when `None`).
///
/// # Errors
///
/// Bad input when no position has that name.
pub fn select(loaded: Vec<Loaded>, name: Option<&str>) -> Result<Vec<Loaded>, CliError> {
    let Some(name) = name else {
        return Ok(loaded);
    };
    let mut all: Vec<String> = loaded.iter().map(|l| l.position.name.clone()).collect();
    if all.len() > 10 {
        let more = all.len() - 8;
        all.truncate(8);
        all.push(format!("and {more} more"));
    }
    let kept: Vec<Loaded> = loaded
        .into_iter()
        .filter(|l| l.position.name == name)
        .collect();
    if kept.is_empty() {
        return Err(CliError::input(format!(
            "--name: no position is named {name} (the files hold {})",
            all.join(", ")
        )));
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use super::{guard, safe, write};

    #[test]
    fn file_names_are_safe() {
        assert_eq!(safe("vcf/black 1"), "vcf_black_1");
        assert_eq!(safe("..x"), "x");
    }

    /// Issue 28, item 1: an input is never written over, an existing file
    /// only when forced.
    #[test]
    fn an_input_is_never_overwritten_and_an_existing_file_only_when_forced() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.pos");
        let other = dir.path().join("old.proof");
        std::fs::write(&input, "board 5\n").unwrap();
        std::fs::write(&other, "old").unwrap();
        let inputs = [input.as_path()];
        assert!(guard(&input, &inputs, false, "--proof").is_err());
        assert!(guard(&input, &inputs, true, "--proof").is_err());
        assert!(guard(&other, &inputs, false, "--proof").is_err());
        assert!(write(&other, "new", false).is_err());
        assert!(guard(&dir.path().join("new.proof"), &inputs, false, "--proof").is_ok());
        assert!(guard(&other, &inputs, true, "--proof").is_ok());
        write(&other, "new", true).unwrap();
        assert_eq!(std::fs::read_to_string(&other).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(&input).unwrap(), "board 5\n");
    }

    /// Issue 63, item 2: a hard link to an input is the input.
    #[cfg(unix)]
    #[test]
    fn a_hard_link_to_an_input_is_the_input() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.pos");
        let link = dir.path().join("hard.pos");
        std::fs::write(&input, "board 5\n").unwrap();
        std::fs::hard_link(&input, &link).unwrap();
        assert!(guard(&link, &[input.as_path()], true, "--svg").is_err());
        assert!(guard(&input, &[link.as_path()], true, "--svg").is_err());
    }
}
