//! The book folder on disk. Every file goes into a hidden staging folder beside the target
//! (`.NAME.tmp-PID`, marked as this tool's by a `.sudoku-book-staging` file); once complete it
//! is swapped in whole. A folder is replaced only when it is provably a book this tool wrote:
//! its `book.json` says `"generator": "sudoku-book"` and has the manifest's shape, and the
//! folder holds no file that manifest does not list (OS metadata such as `.DS_Store` aside,
//! which is kept). The check runs when the build starts and again right before the swap, so a
//! file the user adds during a build stops it instead of being lost.
//!
//! No file a manifest does not list is ever deleted: the old book is removed file by file from
//! its own list ([`folder::settle`]), and whatever else it holds — OS metadata, or a file that
//! slipped in between the last check and the swap — is moved into the new book, or, when the
//! new book has a file of that name, kept in a visible `NAME.kept-PID` folder.
//!
//! The guarantee, whenever the process is killed: the target holds the old book or the new one,
//! complete. On Linux the swap is one `renameat2(RENAME_EXCHANGE)`; elsewhere (or where the file
//! system refuses it) it is two renames through `.NAME.old-PID`, and a kill between them leaves
//! the old book there. The next build into the same folder first puts such a book back (or
//! finishes the swap); every build removes the staging folders that processes no longer
//! running left in the same parent, and SIGINT, SIGTERM and SIGHUP remove the running build's
//! own (see [`abandon_staging`]). A target that is a mount point cannot be renamed: the staging
//! folder is made inside it and the book moved in file by file (the old book's files out,
//! manifest last; the new book's in, manifest first), so a kill there leaves a folder the next
//! build recognises and replaces. A power cut is not covered: files are not flushed to disk one
//! by one.

pub mod folder;
mod leftovers;

use std::fs;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

use folder::{Replaceable, STAGING_MARKER, replaceable, settle};
pub use leftovers::recover;

/// The manifest, which also marks a folder as a book this tool wrote.
pub const MANIFEST: &str = "book.json";
/// The staging folder's name inside a target that is a mount point (`.sudoku-book.tmp-PID`).
const INSIDE_PREFIX: &str = ".sudoku-book.tmp-";

/// Test hook: `SUDOKU_BOOK_KILL_AT=STEP` kills the process with SIGKILL at that step of the
/// swap (`staged`, `checked`, `swapped`, `moved-aside`, `replaced`, `emptied`), to prove the
/// recovery.
pub const KILL_AT_VARIABLE: &str = "SUDOKU_BOOK_KILL_AT";
/// Test hook: `SUDOKU_BOOK_PAUSE_AT=STEP` prints `paused at STEP` on standard error at that
/// step and waits for a line on standard input, so a test can change the folder mid-build.
pub const PAUSE_AT_VARIABLE: &str = "SUDOKU_BOOK_PAUSE_AT";
/// Test hook: `SUDOKU_BOOK_NO_EXCHANGE=1` uses the two-rename swap even where the atomic
/// exchange works.
pub const NO_EXCHANGE_VARIABLE: &str = "SUDOKU_BOOK_NO_EXCHANGE";

/// The staging folders of the builds in progress, until their swap is done: what a signal
/// removes.
static ACTIVE: Mutex<Vec<Active>> = Mutex::new(Vec::new());
/// Set once a build's swap is done: a signal from then on lets the build finish (its book is
/// in place and recorded), so a build that exits of a signal never leaves a new book behind.
static SWAPPED: AtomicBool = AtomicBool::new(false);

/// A build in progress: its staging folder, and what to undo if a signal stops it before its
/// swap (its library record).
pub struct Active {
    temp: PathBuf,
    undo: Option<Box<dyn FnOnce() + Send>>,
}

/// Why a book folder could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error(
        "{path} is not a book folder written by sudoku-book ({reason}), so it is not replaced; choose a new or empty folder"
    )]
    NotABook { path: String, reason: String },
    #[error(
        "{path} changed during the build ({reason}), so it is not replaced and nothing was written; move that out and build again (the same spec and seed give the same book)"
    )]
    Changed { path: String, reason: String },
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
    /// The staging folder is inside the target (a mount point), and the book is moved in file
    /// by file.
    inside: bool,
    committed: bool,
    notes: Vec<String>,
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
        let notes = recover(target)?;
        let exists = fs::symlink_metadata(target).is_ok();
        if exists {
            replaceable(target, None)?;
        }
        let inside = exists && is_mount_point(target);
        let pid = std::process::id();
        let temp = if inside {
            target.join(format!("{INSIDE_PREFIX}{pid}"))
        } else {
            sibling(target, "tmp", pid)
        };
        fs::create_dir(&temp).map_err(io_error("create", &temp))?;
        active().push(Active {
            temp: temp.clone(),
            undo: None,
        });
        let staging = Staging {
            target: target.to_path_buf(),
            temp,
            inside,
            committed: false,
            notes,
        };
        staging.write(STAGING_MARKER, b"")?;
        Ok(staging)
    }

    /// Writes one file, `relative` to the book folder (sub-folders are created). Fails once a
    /// signal has abandoned the build, so nothing is written into a removed staging folder.
    pub fn write(&self, relative: &str, contents: &[u8]) -> Result<(), OutputError> {
        let path = self.temp.join(relative);
        let active = active();
        if !active.iter().any(|a| a.temp == self.temp) {
            let interrupted = io::Error::new(io::ErrorKind::Interrupted, "the build was stopped");
            return Err(io_error("write", &path)(interrupted));
        }
        if let Some(folder) = path.parent() {
            fs::create_dir_all(folder).map_err(io_error("create", folder))?;
        }
        fs::write(&path, contents).map_err(io_error("write", &path))
    }

    /// Reads back a file written into the staging folder.
    pub fn read(&self, relative: &str) -> Result<Vec<u8>, OutputError> {
        let path = self.temp.join(relative);
        fs::read(&path).map_err(io_error("read", &path))
    }

    /// Writes one file from its contents, streaming them when they are streamed.
    pub fn write_contents(
        &self,
        relative: &str,
        contents: super::assemble::Contents<'_>,
    ) -> Result<(), OutputError> {
        let stream = match contents {
            super::assemble::Contents::Bytes(bytes) => return self.write(relative, &bytes),
            streamed => streamed,
        };
        self.write(relative, b"")?;
        let path = self.temp.join(relative);
        let file = fs::File::create(&path).map_err(io_error("write", &path))?;
        let mut out = io::BufWriter::new(file);
        stream
            .write_to(&mut out)
            .and_then(|()| out.flush())
            .map_err(io_error("write", &path))
    }

    /// Runs `undo` if a signal stops the build before its swap (its library record).
    pub fn undo_on_signal(&self, undo: Box<dyn FnOnce() + Send>) {
        if let Some(build) = active().iter_mut().find(|a| a.temp == self.temp) {
            build.undo = Some(undo);
        }
    }

    /// Puts the finished folder in place of the target, after checking the target again (a
    /// file added during the build stops the swap); the old book's files are removed only once
    /// the new book is in place. Returns what the user should know (files of theirs kept).
    pub fn commit(mut self) -> Result<Vec<String>, OutputError> {
        test_hook("staged");
        let mut active = active();
        refuse_symlink(&self.target)?;
        let existing = self.recheck()?;
        let marker = self.temp.join(STAGING_MARKER);
        fs::remove_file(&marker).map_err(io_error("remove", &marker))?;
        test_hook("checked");
        match existing {
            _ if self.inside => self.move_in(existing)?,
            None => self.rename_in()?,
            Some(old) => match exchange(&self.temp, &self.target) {
                Ok(()) => {
                    self.committed = true;
                    test_hook("swapped");
                    self.settle(&self.temp.clone(), &old)?;
                }
                Err(_) => self.two_step_swap(old)?,
            },
        }
        SWAPPED.store(true, Ordering::SeqCst);
        active.retain(|a| a.temp != self.temp);
        Ok(std::mem::take(&mut self.notes))
    }

    /// The target as it is now: `None` when it is gone, else what may be replaced; a refusal
    /// says that the folder changed during the build.
    fn recheck(&self) -> Result<Option<Replaceable>, OutputError> {
        if fs::symlink_metadata(&self.target).is_err() {
            return Ok(None);
        }
        let ignore = self.inside.then(|| file_name(&self.temp));
        match replaceable(&self.target, ignore.as_deref()) {
            Ok(old) => Ok(Some(old)),
            Err(OutputError::NotABook { path, reason }) => {
                Err(OutputError::Changed { path, reason })
            }
            Err(other) => Err(other),
        }
    }

    /// The new book where there was none: one rename (which fails, and so refuses, when a
    /// folder with files in it appeared there since the check).
    fn rename_in(&mut self) -> Result<(), OutputError> {
        match fs::rename(&self.temp, &self.target) {
            Ok(()) => {
                self.committed = true;
                Ok(())
            }
            Err(_) if fs::symlink_metadata(&self.target).is_ok() => Err(OutputError::Changed {
                path: self.target.display().to_string(),
                reason: "it was created, with files in it".into(),
            }),
            Err(source) => Err(io_error("create", &self.target)(source)),
        }
    }

    /// The swap where no atomic exchange is available: old book aside, new book in, old
    /// book removed. A kill in between is repaired by [`recover`] on the next build. A target
    /// that cannot be moved (a mount point) gets the book moved in file by file.
    pub(crate) fn two_step_swap(&mut self, old: Replaceable) -> Result<(), OutputError> {
        let aside = sibling(&self.target, "old", std::process::id());
        if let Err(source) = fs::rename(&self.target, &aside) {
            return match source.raw_os_error() {
                Some(libc::EBUSY | libc::EXDEV) => self.move_in(Some(old)),
                _ => Err(io_error("move aside", &self.target)(source)),
            };
        }
        test_hook("moved-aside");
        if let Err(source) = fs::rename(&self.temp, &self.target) {
            let _ = fs::rename(&aside, &self.target);
            return Err(io_error("replace", &self.target)(source));
        }
        self.committed = true;
        test_hook("replaced");
        self.settle(&aside, &old)
    }

    /// Removes the old book that was swapped out to `old`, keeping the user's files in it.
    fn settle(&mut self, old: &Path, replaced: &Replaceable) -> Result<(), OutputError> {
        let settled = settle(old, &replaced.listed, &self.target)?;
        self.notes.extend(settled.note(&self.target));
        Ok(())
    }

    /// The book moved into the target file by file: the old book's listed files out (its
    /// manifest last), then the new book's in (its manifest first), so the folder is a book
    /// this tool recognises at every moment.
    fn move_in(&mut self, existing: Option<Replaceable>) -> Result<(), OutputError> {
        let listed = existing.map(|old| old.listed).unwrap_or_default();
        let mut old_files: Vec<&String> = listed.iter().filter(|f| *f != MANIFEST).collect();
        old_files.extend(listed.iter().find(|f| *f == MANIFEST));
        for file in old_files {
            remove_if_there(&self.target.join(file))?;
        }
        test_hook("emptied");
        let mut new_files = folder::folder_contents(&self.temp, None)?.unwrap_or_default();
        new_files.sort_by_key(|file| file != MANIFEST);
        for file in &new_files {
            let to = self.target.join(file);
            if let Some(parent) = to.parent() {
                fs::create_dir_all(parent).map_err(io_error("create", parent))?;
            }
            if fs::symlink_metadata(&to).is_err() {
                fs::rename(self.temp.join(file), &to).map_err(io_error("write", &to))?;
            }
        }
        self.committed = true;
        settle(&self.temp, &new_files, &self.target)?;
        Ok(())
    }
}

impl Drop for Staging {
    /// An abandoned build removes its staging folder.
    fn drop(&mut self) {
        if !self.committed {
            let _ = fs::remove_dir_all(&self.temp);
            active().retain(|a| a.temp != self.temp);
        }
    }
}

/// The staging folders of the builds in progress, locked: a commit holds the lock while it
/// swaps, so a signal handler waits for the swap to finish.
fn active() -> MutexGuard<'static, Vec<Active>> {
    ACTIVE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What a signal found: builds stopped before their swap (staging removed, records undone,
/// and the lock held so no swap or write starts before the process ends), or a swap already
/// done (the build is complete and should finish).
pub enum Abandoned {
    /// Every build in progress was stopped; hold this until the process ends.
    Stopped(MutexGuard<'static, Vec<Active>>),
    /// A build's book is in place and recorded.
    Finished,
}

/// For a signal handler (SIGINT, SIGTERM, SIGHUP): waits for a swap in progress, then removes
/// the staging folders of builds that have not reached their swap and undoes their library
/// records; when a swap was already done, nothing is undone and the build should finish.
pub fn abandon_staging() -> Abandoned {
    let mut active = active();
    if SWAPPED.load(Ordering::SeqCst) {
        return Abandoned::Finished;
    }
    for build in active.drain(..) {
        let _ = fs::remove_dir_all(build.temp);
        if let Some(undo) = build.undo {
            undo();
        }
    }
    Abandoned::Stopped(active)
}

/// Removes a file; one that is already gone is fine.
fn remove_if_there(path: &Path) -> Result<(), OutputError> {
    match fs::remove_file(path) {
        Err(error) if error.kind() != io::ErrorKind::NotFound => {
            Err(io_error("remove", path)(error))
        }
        _ => Ok(()),
    }
}

/// True when `target` is on another file system than its parent (a mount point), so it cannot
/// be renamed.
fn is_mount_point(target: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let parent = fs::metadata(parent_of(target));
        matches!((fs::metadata(target), parent), (Ok(own), Ok(parent)) if own.dev() != parent.dev())
    }
    #[cfg(not(unix))]
    {
        let _ = target;
        false
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

/// The test hooks: at this step, dies at once as a `kill -9` would, or waits for a line on
/// standard input, when asked to.
fn test_hook(step: &str) {
    if std::env::var_os(PAUSE_AT_VARIABLE).is_some_and(|at| at == step) {
        eprintln!("sudoku-book: test hook: paused at {step}");
        let _ = io::stdin().lock().read_line(&mut String::new());
    }
    #[cfg(unix)]
    if std::env::var_os(KILL_AT_VARIABLE).is_some_and(|at| at == step) {
        // SAFETY: raising a signal on the own process has no memory-safety preconditions.
        unsafe {
            libc::raise(libc::SIGKILL);
        }
    }
}

fn refuse_symlink(target: &Path) -> Result<(), OutputError> {
    match fs::symlink_metadata(target) {
        Ok(meta) if meta.file_type().is_symlink() => Err(OutputError::Symlink {
            path: target.display().to_string(),
        }),
        _ => Ok(()),
    }
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

fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// `.<name>.<what>-<pid>` beside the target.
fn sibling(target: &Path, what: &str, pid: u32) -> PathBuf {
    parent_of(target).join(format!(".{}.{what}-{pid}", target_name(target)))
}

#[cfg(test)]
mod tests;
