//! The book folder on disk. Every file goes into a hidden staging folder beside the target
//! (`.NAME.tmp-PID`); once complete it is swapped in whole. A folder is replaced only when it is
//! provably a book this tool wrote: its `book.json` says `"generator": "sudoku-book"` and has
//! the manifest's shape, and the folder holds no file that manifest does not list.
//!
//! The guarantee, whenever the process is killed: the target holds the old book or the new one,
//! complete. On Linux the swap is one `renameat2(RENAME_EXCHANGE)`; elsewhere (or where the file
//! system refuses it) it is two renames through `.NAME.old-PID`, and a kill between them leaves
//! the old book there. The next build into the same folder first puts such a book back (or
//! finishes the swap) and removes the staging folders of processes that are no longer running.
//! A power cut is not covered: files are not flushed to disk one by one.

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::book::manifest::GENERATOR;

/// The manifest, which also marks a folder as a book this tool wrote.
pub const MANIFEST: &str = "book.json";
/// The largest manifest read when checking a folder before replacing it.
const MAX_MANIFEST_BYTES: u64 = 256 << 20;
/// The most entries a folder may hold to be checked as a book.
const MAX_ENTRIES: usize = 100_000;

/// Test hook: `SUDOKU_BOOK_KILL_AT=STEP` kills the process with SIGKILL at that step of the
/// swap (`staged`, `swapped`, `moved-aside`, `replaced`), to prove the recovery.
pub const KILL_AT_VARIABLE: &str = "SUDOKU_BOOK_KILL_AT";
/// Test hook: `SUDOKU_BOOK_NO_EXCHANGE=1` uses the two-rename swap even where the atomic
/// exchange works.
pub const NO_EXCHANGE_VARIABLE: &str = "SUDOKU_BOOK_NO_EXCHANGE";

/// Why a book folder could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error(
        "{path} is not a book folder written by sudoku-book ({reason}), so it is not replaced; choose a new or empty folder"
    )]
    NotABook { path: String, reason: String },
    #[error(
        "{path} is a symbolic link; give the folder it points to, or a new folder, as the output"
    )]
    Symlink { path: String },
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

/// A book folder being written: files go to a staging folder until [`Staging::commit`].
#[derive(Debug)]
pub struct Staging {
    target: PathBuf,
    temp: PathBuf,
    committed: bool,
}

impl Staging {
    /// Prepares to write the book into `target`: recovers from interrupted builds, then refuses
    /// a target that exists and is neither empty nor a book this tool wrote.
    pub fn new(target: &Path) -> Result<Staging, OutputError> {
        // `dir/.` is `dir`; `.` and `..` name no folder of their own: use the folder they
        // stand for.
        let clean: PathBuf = target.components().collect();
        let resolved = match clean.file_name() {
            Some(_) => clean,
            None => target.canonicalize().map_err(io_error("find", target))?,
        };
        let target = resolved.as_path();
        refuse_symlink(target)?;
        let parent = parent_of(target);
        fs::create_dir_all(&parent).map_err(io_error("create", &parent))?;
        recover(target)?;
        check_replaceable(target)?;
        let temp = sibling(target, "tmp", std::process::id());
        if temp.exists() {
            fs::remove_dir_all(&temp).map_err(io_error("remove", &temp))?;
        }
        fs::create_dir(&temp).map_err(io_error("create", &temp))?;
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

    /// Puts the finished folder in place of the target; the old book is removed only once the
    /// new one is in place.
    pub fn commit(mut self) -> Result<(), OutputError> {
        kill_point("staged");
        refuse_symlink(&self.target)?;
        if fs::symlink_metadata(&self.target).is_err() {
            fs::rename(&self.temp, &self.target).map_err(io_error("create", &self.target))?;
            self.committed = true;
            return Ok(());
        }
        match exchange(&self.temp, &self.target) {
            Ok(()) => {
                self.committed = true;
                kill_point("swapped");
                // The staging folder now holds the old book.
                fs::remove_dir_all(&self.temp).map_err(io_error("remove", &self.temp))
            }
            Err(_) => self.two_step_swap(),
        }
    }

    /// The swap where no atomic exchange is available: old book aside, new book in, old
    /// book removed. A kill in between is repaired by [`recover`] on the next build.
    pub(crate) fn two_step_swap(&mut self) -> Result<(), OutputError> {
        let old = sibling(&self.target, "old", std::process::id());
        if old.exists() {
            fs::remove_dir_all(&old).map_err(io_error("remove", &old))?;
        }
        fs::rename(&self.target, &old).map_err(io_error("move aside", &self.target))?;
        kill_point("moved-aside");
        if let Err(source) = fs::rename(&self.temp, &self.target) {
            let _ = fs::rename(&old, &self.target);
            return Err(io_error("replace", &self.target)(source));
        }
        self.committed = true;
        kill_point("replaced");
        fs::remove_dir_all(&old).map_err(io_error("remove", &old))
    }
}

impl Drop for Staging {
    /// An abandoned build removes its staging folder.
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_dir_all(&self.temp);
        }
    }
}

/// Swaps two folders in one step (Linux `renameat2` with `RENAME_EXCHANGE`).
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    if std::env::var_os(NO_EXCHANGE_VARIABLE).is_some() {
        return Err(io::ErrorKind::Unsupported.into());
    }
    let c_path = |p: &Path| {
        CString::new(p.as_os_str().as_bytes())
            .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))
    };
    let (a, b) = (c_path(a)?, c_path(b)?);
    // SAFETY: both paths are valid NUL-terminated strings that outlive the call.
    let result = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if result == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> io::Result<()> {
    Err(io::ErrorKind::Unsupported.into())
}

/// The test hook: dies at once, as a `kill -9` would, when asked to at this step.
fn kill_point(step: &str) {
    #[cfg(unix)]
    if std::env::var_os(KILL_AT_VARIABLE).is_some_and(|at| at == step) {
        // SAFETY: raising a signal on the own process has no memory-safety preconditions.
        unsafe {
            libc::raise(libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = step;
}

fn refuse_symlink(target: &Path) -> Result<(), OutputError> {
    match fs::symlink_metadata(target) {
        Ok(meta) if meta.file_type().is_symlink() => Err(OutputError::Symlink {
            path: target.display().to_string(),
        }),
        _ => Ok(()),
    }
}

/// Repairs what killed builds left beside the target: an old book moved aside is put back when
/// the target is missing (and removed otherwise), and staging folders of processes that no
/// longer run are removed.
pub fn recover(target: &Path) -> Result<(), OutputError> {
    let leftovers = leftovers(target)?;
    for (path, kind) in &leftovers {
        if *kind == Leftover::Old {
            if fs::symlink_metadata(target).is_err() {
                fs::rename(path, target).map_err(io_error("restore", target))?;
            } else {
                fs::remove_dir_all(path).map_err(io_error("remove", path))?;
            }
        }
    }
    for (path, kind) in &leftovers {
        if *kind == Leftover::Temp {
            fs::remove_dir_all(path).map_err(io_error("remove", path))?;
        }
    }
    Ok(())
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Leftover {
    Temp,
    Old,
}

/// The `.NAME.tmp-PID` and `.NAME.old-PID` folders beside the target whose process is gone.
fn leftovers(target: &Path) -> Result<Vec<(PathBuf, Leftover)>, OutputError> {
    let parent = parent_of(target);
    let prefix = format!(".{}.", target_name(target));
    let entries = fs::read_dir(&parent).map_err(io_error("read", &parent))?;
    let mut found = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(&prefix) else {
            continue;
        };
        let parsed = [("tmp-", Leftover::Temp), ("old-", Leftover::Old)]
            .into_iter()
            .find_map(|(tag, kind)| Some((rest.strip_prefix(tag)?.parse::<u32>().ok()?, kind)));
        if let Some((pid, kind)) = parsed
            && !process_is_running(pid)
        {
            found.push((entry.path(), kind));
        }
    }
    found.sort();
    Ok(found)
}

/// True when another process with this id runs (our own id counts as gone: this process has
/// not created anything yet).
fn process_is_running(pid: u32) -> bool {
    if pid == std::process::id() {
        return false;
    }
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 only checks that the process exists.
        let result = unsafe { libc::kill(pid, 0) };
        result == 0 || io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
    }
    #[cfg(not(unix))]
    true
}

/// Refuses a target that exists and is not empty, unless it is a book this tool wrote.
fn check_replaceable(target: &Path) -> Result<(), OutputError> {
    let Ok(meta) = fs::symlink_metadata(target) else {
        return Ok(());
    };
    let not_a_book = |reason: String| OutputError::NotABook {
        path: target.display().to_string(),
        reason,
    };
    if !meta.is_dir() {
        return Err(not_a_book("it is a file".into()));
    }
    let contents = folder_contents(target)?
        .ok_or_else(|| not_a_book(format!("it holds more than {MAX_ENTRIES} files, or links")))?;
    if contents.is_empty() {
        return Ok(());
    }
    let listed = manifest_files(target).map_err(not_a_book)?;
    match contents.iter().find(|file| !listed.contains(file)) {
        Some(stray) => Err(not_a_book(format!(
            "it holds {stray}, which its {MANIFEST} does not list"
        ))),
        None => Ok(()),
    }
}

/// Every file below `folder`, as `/`-separated relative paths; `None` when there are too
/// many, or a symbolic link or other special file.
fn folder_contents(folder: &Path) -> Result<Option<Vec<String>>, OutputError> {
    let mut files = Vec::new();
    let mut pending = vec![(folder.to_path_buf(), String::new())];
    while let Some((dir, prefix)) = pending.pop() {
        let entries = fs::read_dir(&dir).map_err(io_error("read", &dir))?;
        for entry in entries {
            let entry = entry.map_err(io_error("read", &dir))?;
            let kind = entry.file_type().map_err(io_error("read", &entry.path()))?;
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if kind.is_dir() {
                pending.push((entry.path(), format!("{name}/")));
            } else if kind.is_file() {
                files.push(name);
            } else {
                return Ok(None);
            }
            if files.len() + pending.len() > MAX_ENTRIES {
                return Ok(None);
            }
        }
    }
    files.sort();
    Ok(Some(files))
}

/// The files a book folder may hold, from its manifest: its `files` list, or, for books made
/// before manifests listed their files, `book.json`, `book.pdf` and one SVG per page.
fn manifest_files(folder: &Path) -> Result<Vec<String>, String> {
    let path = folder.join(MANIFEST);
    let mut text = String::new();
    fs::File::open(&path)
        .and_then(|file| file.take(MAX_MANIFEST_BYTES).read_to_string(&mut text))
        .map_err(|_| format!("it has no readable {MANIFEST}"))?;
    let manifest: Value = serde_json::from_str(&text)
        .map_err(|_| format!("its {MANIFEST} is not a sudoku-book manifest"))?;
    listed_files(&manifest).ok_or_else(|| format!("its {MANIFEST} is not a sudoku-book manifest"))
}

fn listed_files(manifest: &Value) -> Option<Vec<String>> {
    let shaped = manifest.get("title")?.is_string()
        && manifest.get("puzzles")?.is_array()
        && manifest.get("version")?.is_string();
    let pages = manifest.get("pages")?.as_u64()?;
    if !shaped {
        return None;
    }
    match manifest.get("generator") {
        Some(generator) if generator.as_str()? == GENERATOR => {
            let files = manifest.get("files")?.as_array()?;
            files
                .iter()
                .map(|f| Some(f.as_str()?.to_string()))
                .collect()
        }
        Some(_) => None,
        None => Some(legacy_files(pages.min(MAX_ENTRIES as u64) as usize)),
    }
}

fn legacy_files(pages: usize) -> Vec<String> {
    let mut files = vec![MANIFEST.to_string(), "book.pdf".to_string()];
    files.extend((1..=pages).map(page_file));
    files
}

/// The SVG file of a page: `pages/page-007.svg`.
pub fn page_file(number: usize) -> String {
    format!("pages/page-{number:03}.svg")
}

fn parent_of(target: &Path) -> PathBuf {
    match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn target_name(target: &Path) -> String {
    target
        .file_name()
        .map_or_else(|| "book".into(), |n| n.to_string_lossy().into_owned())
}

/// `.<name>.<what>-<pid>` beside the target.
fn sibling(target: &Path, what: &str, pid: u32) -> PathBuf {
    parent_of(target).join(format!(".{}.{what}-{pid}", target_name(target)))
}

#[cfg(test)]
mod tests;
