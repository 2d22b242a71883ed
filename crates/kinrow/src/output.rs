//! The files kinrow writes (proof certificates; pictures and reports
//! later): never one of the run's inputs, and never a file that already
//! exists unless the user asked for it with `--force`. Checked before any
//! work is done, so that a refusal costs nothing, and again when the file
//! is created (`create_new`), so that a file that appeared meanwhile is
//! not overwritten either.

use crate::error::CliError;
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Where output may go.
#[derive(Clone, Debug, Default)]
pub struct OutputGuard {
    /// The inputs of the run, by real path.
    inputs: HashSet<PathBuf>,
    /// Overwrite existing files (never an input).
    force: bool,
}

impl OutputGuard {
    /// A guard for a run that reads `inputs`.
    pub fn new<'a>(inputs: impl IntoIterator<Item = &'a Path>, force: bool) -> OutputGuard {
        let inputs = inputs
            .into_iter()
            .filter_map(|p| std::fs::canonicalize(p).ok())
            .collect();
        OutputGuard { inputs, force }
    }

    /// Whether `path` names one of the inputs.
    fn is_input(&self, path: &Path) -> bool {
        std::fs::canonicalize(path).is_ok_and(|real| self.inputs.contains(&real))
    }

    /// Refuses `path` (given for `flag`) when it is an input, or an
    /// existing file without `--force`.
    ///
    /// # Errors
    ///
    /// Bad input, saying what to do instead.
    pub fn check(&self, flag: &str, path: &Path) -> Result<(), CliError> {
        if self.is_input(path) {
            return Err(CliError::input(format!(
                "{flag}: {} is an input of this run; kinrow never writes over its input (choose another path)",
                path.display()
            )));
        }
        if !self.force && std::fs::symlink_metadata(path).is_ok() {
            return Err(CliError::input(format!(
                "{flag}: {} exists; give --force to overwrite it, or choose another path",
                path.display()
            )));
        }
        Ok(())
    }

    /// Writes `text` to `path`, creating its folder; refuses an input, and
    /// an existing file unless forced.
    ///
    /// # Errors
    ///
    /// What the file system said, or why the file was refused.
    pub fn write(&self, path: &Path, text: &str) -> Result<(), String> {
        if self.is_input(path) {
            return Err("it is an input of this run".to_string());
        }
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let mut options = std::fs::OpenOptions::new();
        options.write(true);
        if self.force {
            options.create(true).truncate(true);
        } else {
            options.create_new(true);
        }
        let mut file = options.open(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::AlreadyExists {
                "it exists (give --force to overwrite it)".to_string()
            } else {
                e.to_string()
            }
        })?;
        file.write_all(text.as_bytes()).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::OutputGuard;

    #[test]
    fn an_input_is_never_overwritten_and_an_existing_file_only_when_forced() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.pos");
        let other = dir.path().join("old.proof");
        std::fs::write(&input, "board 5\n").unwrap();
        std::fs::write(&other, "old").unwrap();
        let guard = OutputGuard::new([input.as_path()], false);
        assert!(guard.check("--proof", &input).is_err());
        assert!(guard.check("--proof", &other).is_err());
        assert!(guard.write(&other, "new").is_err());
        assert!(guard
            .check("--proof", &dir.path().join("new.proof"))
            .is_ok());
        let forced = OutputGuard::new([input.as_path()], true);
        assert!(forced.check("--proof", &input).is_err());
        assert!(forced.write(&input, "x").is_err());
        assert!(forced.check("--proof", &other).is_ok());
        forced.write(&other, "new").unwrap();
        assert_eq!(std::fs::read_to_string(&other).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(&input).unwrap(), "board 5\n");
    }
}
