//! Writing a finished book folder atomically: every file goes into a hidden temporary folder
//! beside the target, which replaces the target only once it is complete. A failed or
//! interrupted build leaves the previous book untouched, and a folder that does not hold a book
//! (no `book.json`) is never replaced.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// The file that marks a folder as a book this tool wrote (and may therefore replace).
pub const MARKER: &str = "book.json";

/// Why a book folder could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error(
        "{path} exists and is not a book folder (no {MARKER}); choose an empty or new folder with --out"
    )]
    NotABook { path: String },
    #[error("cannot {action} {path}: {source}")]
    Io {
        action: &'static str,
        path: String,
        source: io::Error,
    },
}

fn io_error(action: &'static str, path: &Path) -> impl FnOnce(io::Error) -> OutputError {
    let path = path.display().to_string();
    move |source| OutputError::Io {
        action,
        path,
        source,
    }
}

/// A book folder being written: files go to a temporary folder until [`Staging::commit`].
#[derive(Debug)]
pub struct Staging {
    target: PathBuf,
    temp: PathBuf,
    committed: bool,
}

impl Staging {
    /// Prepares to write the book into `target`; refuses a target that exists and is neither
    /// empty nor a book folder.
    pub fn new(target: &Path) -> Result<Staging, OutputError> {
        check_replaceable(target)?;
        let parent = parent_of(target);
        fs::create_dir_all(&parent).map_err(io_error("create", &parent))?;
        let temp = sibling(target, "tmp");
        if temp.exists() {
            fs::remove_dir_all(&temp).map_err(io_error("remove", &temp))?;
        }
        fs::create_dir_all(&temp).map_err(io_error("create", &temp))?;
        Ok(Staging {
            target: target.to_path_buf(),
            temp,
            committed: false,
        })
    }

    /// Writes one file, `relative` to the book folder (sub-folders are created).
    pub fn write(&self, relative: &str, contents: &[u8]) -> Result<(), OutputError> {
        let path = self.temp.join(relative);
        if let Some(folder) = path.parent() {
            fs::create_dir_all(folder).map_err(io_error("create", folder))?;
        }
        fs::write(&path, contents).map_err(io_error("write", &path))
    }

    /// Puts the finished folder in place of the target (the old book is removed only after
    /// the new one is in place).
    pub fn commit(mut self) -> Result<(), OutputError> {
        let old = sibling(&self.target, "old");
        if old.exists() {
            fs::remove_dir_all(&old).map_err(io_error("remove", &old))?;
        }
        let had_old = self.target.exists();
        if had_old {
            fs::rename(&self.target, &old).map_err(io_error("move aside", &self.target))?;
        }
        if let Err(source) = fs::rename(&self.temp, &self.target) {
            if had_old {
                let _ = fs::rename(&old, &self.target);
            }
            return Err(io_error("replace", &self.target)(source));
        }
        self.committed = true;
        if had_old {
            fs::remove_dir_all(&old).map_err(io_error("remove", &old))?;
        }
        Ok(())
    }
}

impl Drop for Staging {
    /// An abandoned build removes its temporary folder.
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_dir_all(&self.temp);
        }
    }
}

fn check_replaceable(target: &Path) -> Result<(), OutputError> {
    if !target.exists() {
        return Ok(());
    }
    let not_a_book = || OutputError::NotABook {
        path: target.display().to_string(),
    };
    if !target.is_dir() {
        return Err(not_a_book());
    }
    let mut entries = fs::read_dir(target).map_err(io_error("read", target))?;
    if entries.next().is_none() || target.join(MARKER).is_file() {
        return Ok(());
    }
    Err(not_a_book())
}

fn parent_of(target: &Path) -> PathBuf {
    match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// `.<name>.<what>-<pid>` beside the target.
fn sibling(target: &Path, what: &str) -> PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "book".into(), |n| n.to_string_lossy().into_owned());
    parent_of(target).join(format!(".{name}.{what}-{}", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_folder_appears_only_on_commit() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out/my-book");
        let staging = Staging::new(&target).unwrap();
        staging.write("book.json", b"{}").unwrap();
        staging.write("pages/page-001.svg", b"<svg/>").unwrap();
        assert!(!target.exists());
        staging.commit().unwrap();
        assert_eq!(
            fs::read(target.join("pages/page-001.svg")).unwrap(),
            b"<svg/>"
        );
        let leftovers: Vec<_> = fs::read_dir(dir.path().join("out")).unwrap().collect();
        assert_eq!(leftovers.len(), 1);
    }

    #[test]
    fn an_abandoned_build_keeps_the_old_book_and_leaves_no_temporary_folder() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("book");
        fs::create_dir(&target).unwrap();
        fs::write(target.join(MARKER), b"old").unwrap();
        {
            let staging = Staging::new(&target).unwrap();
            staging.write(MARKER, b"new").unwrap();
        }
        assert_eq!(fs::read(target.join(MARKER)).unwrap(), b"old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_committed_build_replaces_the_old_book_entirely() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("book");
        fs::create_dir(&target).unwrap();
        fs::write(target.join(MARKER), b"old").unwrap();
        fs::write(target.join("stale.svg"), b"old").unwrap();
        let staging = Staging::new(&target).unwrap();
        staging.write(MARKER, b"new").unwrap();
        staging.commit().unwrap();
        assert_eq!(fs::read(target.join(MARKER)).unwrap(), b"new");
        assert!(!target.join("stale.svg").exists());
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn a_folder_that_is_not_a_book_is_never_replaced() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("thesis.tex"), b"precious").unwrap();
        let error = Staging::new(dir.path()).unwrap_err();
        assert!(
            error.to_string().contains("is not a book folder"),
            "{error}"
        );
        let file = dir.path().join("thesis.tex");
        assert!(matches!(
            Staging::new(&file),
            Err(OutputError::NotABook { .. })
        ));
        assert_eq!(fs::read(&file).unwrap(), b"precious");
    }
}
