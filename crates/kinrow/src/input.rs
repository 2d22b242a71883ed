//! Reading position files and folders, with the path added to every error.

use crate::error::CliError;
use kinrow_format::{parse_positions, Position};
use std::path::{Path, PathBuf};

/// A position and the file it came from.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub path: PathBuf,
    pub position: Position,
}

/// The files named by `paths`: a file is read whatever its extension; a
/// folder means every `.pos` file below it, in name order.
pub fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for p in paths {
        let meta =
            std::fs::metadata(p).map_err(|e| CliError::input(format!("{}: {e}", p.display())))?;
        if meta.is_dir() {
            let mut found = Vec::new();
            walk(p, &mut found)?;
            found.sort();
            if found.is_empty() {
                return Err(CliError::input(format!(
                    "{}: no .pos file in this folder",
                    p.display()
                )));
            }
            files.extend(found);
        } else {
            files.push(p.clone());
        }
    }
    Ok(files)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), CliError> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
    for entry in entries {
        let entry = entry.map_err(|e| CliError::input(format!("{}: {e}", dir.display())))?;
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "pos") {
            out.push(path);
        }
    }
    Ok(())
}

/// Every position of every file named by `paths` (see [`expand`]).
pub fn load(paths: &[PathBuf]) -> Result<Vec<Loaded>, CliError> {
    let mut out = Vec::new();
    for path in expand(paths)? {
        let bytes = std::fs::read(&path)
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| CliError::input(format!("{}: not UTF-8 text", path.display())))?;
        let name = path.file_stem().map_or_else(
            || "position".to_string(),
            |s| s.to_string_lossy().into_owned(),
        );
        let positions = parse_positions(&text, &name).map_err(|e| {
            CliError::input(format!(
                "{}:{}:{}: {}",
                path.display(),
                e.line,
                e.column,
                e.kind
            ))
        })?;
        out.extend(positions.into_iter().map(|position| Loaded {
            path: path.clone(),
            position,
        }));
    }
    Ok(out)
}
