//! Where the commands' output goes. Standard output: a reader that went away (`| head`) ends
//! the output quietly, any other failure (`> /dev/full`) is an I/O error (exit 3), never a
//! panic; standard error likewise never panics. A file named by `-o`: a regular file or a new
//! name (symbolic links followed) is written to a temporary file beside it and renamed into
//! place, so a failure never leaves half a file; anything else is written in place — a device
//! (`/dev/null`), a FIFO, a terminal, and this process's own open files (`/dev/stdout`,
//! `/dev/fd/N`, `>(cmd)`) through a duplicate of the descriptor. A folder and an SQLite
//! database (a puzzle library) are refused, never replaced. Several files are written all or
//! none ([`write_all_or_none`]).

use std::fs::{self, File, OpenOptions};
use std::io::{BufWriter, Read, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

use super::error::CliError;

/// The first 16 bytes of every SQLite database file.
const SQLITE_MAGIC: &[u8; 16] = b"SQLite format 3\0";
/// The most symbolic links followed from an output path (Linux's own limit).
const MAX_LINKS: usize = 40;

/// Writes a line to standard error, ignoring a failure (there is nowhere left to say it).
pub fn say(line: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = stderr
        .write_all(line.as_bytes())
        .and_then(|()| stderr.write_all(b"\n"));
}

/// Writes to standard output: `Ok(false)` when its reader went away (`| head`), as nothing more
/// is wanted, which is not an error; any other failure is an I/O error.
pub fn print(text: &str) -> Result<bool, CliError> {
    print_bytes(text.as_bytes())
}

/// [`print`] for bytes, written as they are.
fn print_bytes(bytes: &[u8]) -> Result<bool, CliError> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(CliError::Io(format!("cannot write standard output: {e}"))),
    }
}

/// How an output path is written.
#[derive(Debug, PartialEq, Eq)]
enum Destination {
    /// A regular file or a new name (links followed): a temporary file renamed over it.
    Replace(PathBuf),
    /// One of this process's open files (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`):
    /// written through a duplicate of the descriptor, at its offset.
    Descriptor(i32),
    /// Anything else (a device, a FIFO, a socket): opened and written in place.
    InPlace(PathBuf),
}

/// Where the output named `path` goes; a folder, an SQLite database or a loop of symbolic
/// links is refused.
fn destination(path: &Path) -> Result<Destination, CliError> {
    let resolved = follow_links(path)?;
    if let Some(fd) = own_descriptor(&resolved) {
        return Ok(Destination::Descriptor(fd));
    }
    match fs::metadata(&resolved) {
        Ok(meta) if meta.is_dir() => Err(CliError::Input(format!(
            "{}: is a folder; give a file name as the output",
            path.display()
        ))),
        Ok(meta) if meta.is_file() => {
            refuse_database(path, &resolved)?;
            Ok(Destination::Replace(resolved))
        }
        Ok(_) => Ok(Destination::InPlace(resolved)),
        Err(_) => Ok(Destination::Replace(resolved)),
    }
}

/// The path with every symbolic link of its last part followed (a link's target relative to
/// its folder), stopping at one of this process's descriptors (`/proc/self/fd/1` is a link to
/// whatever fd 1 is).
fn follow_links(path: &Path) -> Result<PathBuf, CliError> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        if own_descriptor(&current).is_some() {
            return Ok(current);
        }
        let is_link = fs::symlink_metadata(&current).is_ok_and(|m| m.file_type().is_symlink());
        if !is_link {
            return Ok(current);
        }
        let target = fs::read_link(&current).map_err(|e| CliError::io("follow", &current, e))?;
        current = match current.parent() {
            Some(folder) if target.is_relative() => folder.join(target),
            _ => target,
        };
    }
    Err(CliError::Input(format!(
        "{}: more than {MAX_LINKS} symbolic links in a row (a loop?)",
        path.display()
    )))
}

/// The descriptor of this process a path names: `/dev/stdout` (1), `/dev/stderr` (2),
/// `/dev/fd/N`, `/proc/self/fd/N`, `/proc/thread-self/fd/N` and `/proc/PID/fd/N` for this PID.
fn own_descriptor(path: &Path) -> Option<i32> {
    let text = path.to_str()?;
    match text {
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let own = format!("/proc/{}/fd/", std::process::id());
    let prefixes = ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", &own];
    let number = prefixes.iter().find_map(|p| text.strip_prefix(p))?;
    number.parse().ok().filter(|&fd| fd >= 0)
}

/// Refuses to replace an SQLite database: `-o` pointed at a library by mistake.
fn refuse_database(shown: &Path, path: &Path) -> Result<(), CliError> {
    let mut start = [0u8; 16];
    let is_database = File::open(path)
        .and_then(|mut file| file.read_exact(&mut start))
        .is_ok_and(|()| &start == SQLITE_MAGIC);
    if is_database {
        return Err(CliError::Input(format!(
            "{}: is an SQLite database (a puzzle library?), so it is not overwritten; give another output file",
            shown.display()
        )));
    }
    Ok(())
}

/// Writes `contents` to `path` as [`Destination`] says: a regular file through a temporary file
/// renamed into place, so a failure never leaves a half-written file.
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    let mut output = OutputStream::create(Some(path))?;
    let _ = output.write_bytes(contents)?;
    output.finish()
}

/// Writes to the file when one is given, to standard output otherwise.
pub fn emit(output: Option<&Path>, text: &str) -> Result<(), CliError> {
    match output {
        Some(path) => write_atomically(path, text.as_bytes()),
        None => print(text).map(|_| ()),
    }
}

/// A file being written.
enum Target {
    /// To a temporary file, renamed over `path` by [`OutputStream::finish`].
    Staged {
        path: PathBuf,
        temp: PathBuf,
        file: BufWriter<File>,
    },
    /// Straight to the file (a device, a FIFO, a descriptor, or `generate`'s file, which keeps
    /// every puzzle written when the run is stopped).
    Direct {
        path: PathBuf,
        file: BufWriter<File>,
        /// A regular file, flushed to disk at the end.
        regular: bool,
    },
}

/// Output written as it is produced: to standard output, or to a file (see the module).
pub struct OutputStream {
    target: Option<Target>,
    /// Flush after every write (`generate`: a stopped run keeps what it wrote).
    flush_each: bool,
    /// Set when standard output's reader went away (`| head`): later writes are dropped.
    closed: bool,
}

impl OutputStream {
    /// Output to the file when one is given, to standard output otherwise.
    pub fn create(path: Option<&Path>) -> Result<Self, CliError> {
        let target = path.map(|path| open(path, false)).transpose()?;
        Ok(OutputStream {
            target,
            flush_each: false,
            closed: false,
        })
    }

    /// Output that lands as it is written, flushed after each write: a regular file is written
    /// in place (not renamed at the end), so a stopped run keeps everything written before.
    pub fn create_direct(path: Option<&Path>) -> Result<Self, CliError> {
        let target = path.map(|path| open(path, true)).transpose()?;
        Ok(OutputStream {
            target,
            flush_each: true,
            closed: false,
        })
    }

    /// Writes the next piece of output; says to stop once standard output's reader went away.
    pub fn write(&mut self, text: &str) -> Result<ControlFlow<()>, CliError> {
        self.write_bytes(text.as_bytes())
    }

    fn write_bytes(&mut self, bytes: &[u8]) -> Result<ControlFlow<()>, CliError> {
        let flush_each = self.flush_each;
        let (path, file) = match &mut self.target {
            Some(Target::Staged { path, file, .. } | Target::Direct { path, file, .. }) => {
                (path, file)
            }
            None => {
                self.closed = self.closed || !print_bytes(bytes)?;
                return Ok(if self.closed {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                });
            }
        };
        file.write_all(bytes)
            .and_then(|()| if flush_each { file.flush() } else { Ok(()) })
            .map(|()| ControlFlow::Continue(()))
            .map_err(|e| CliError::io("write", path, e))
    }

    /// Finishes the output: flushes it (to disk for a regular file) and renames a temporary
    /// file into place.
    pub fn finish(self) -> Result<(), CliError> {
        self.finish_pending()?.place()
    }

    /// Finishes the output but leaves a temporary file where it is, for [`Pending::place`]:
    /// several files written this way are put in place all or none.
    pub fn finish_pending(mut self) -> Result<Pending, CliError> {
        match self.target.take() {
            None => Ok(Pending::default()),
            Some(Target::Staged { path, temp, file }) => {
                // Dropped on a failure, the pending file removes its temporary file.
                let pending = Pending {
                    staged: Some((temp, path.clone())),
                };
                file.into_inner()
                    .map_err(|e| e.into_error())
                    .and_then(|file| file.sync_all())
                    .map_err(|e| CliError::io("write", &path, e))?;
                Ok(pending)
            }
            Some(Target::Direct {
                path,
                file,
                regular,
            }) => {
                let file = file
                    .into_inner()
                    .map_err(|e| CliError::io("write", &path, e.into_error()))?;
                if regular {
                    file.sync_all()
                        .map_err(|e| CliError::io("write", &path, e))?;
                }
                Ok(Pending::default())
            }
        }
    }
}

/// A finished output file still under its temporary name (nothing, for output written in
/// place): [`Pending::place`] renames it over its target; dropped, it is removed.
#[derive(Debug, Default)]
pub struct Pending {
    /// The temporary file and its target.
    staged: Option<(PathBuf, PathBuf)>,
}

impl Pending {
    /// Renames the file into place.
    pub fn place(mut self) -> Result<(), CliError> {
        let Some((temp, path)) = self.staged.take() else {
            return Ok(());
        };
        fs::rename(&temp, &path).map_err(|e| {
            let _ = fs::remove_file(&temp);
            CliError::io("write", &path, e)
        })
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if let Some((temp, _)) = &self.staged {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Writes several files all or none: each to its temporary file (flushed to disk), and only
/// when every one is written are they renamed into place.
pub fn write_all_or_none(
    files: impl IntoIterator<Item = (PathBuf, Vec<u8>)>,
) -> Result<(), CliError> {
    let mut pending = Vec::new();
    for (path, contents) in files {
        let mut output = OutputStream::create(Some(&path))?;
        let _ = output.write_bytes(&contents)?;
        pending.push(output.finish_pending()?);
    }
    pending.into_iter().try_for_each(Pending::place)
}

impl Drop for OutputStream {
    fn drop(&mut self) {
        if let Some(Target::Staged { temp, .. }) = &self.target {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Opens the output at `path` as its [`Destination`] says; `direct` writes a regular file in
/// place instead of through a temporary file.
fn open(path: &Path, direct: bool) -> Result<Target, CliError> {
    let shown = path.to_path_buf();
    match destination(path)? {
        Destination::Replace(resolved) if direct => {
            let file = File::create(&resolved).map_err(|e| CliError::io("create", path, e))?;
            Ok(Target::Direct {
                path: shown,
                file: BufWriter::new(file),
                regular: true,
            })
        }
        Destination::Replace(resolved) => {
            let temp = temp_path(&resolved);
            let file = File::create(&temp).map_err(|e| CliError::io("write", path, e))?;
            Ok(Target::Staged {
                path: resolved,
                temp,
                file: BufWriter::new(file),
            })
        }
        Destination::Descriptor(fd) => Ok(Target::Direct {
            file: BufWriter::new(duplicate(fd, path)?),
            path: shown,
            regular: false,
        }),
        Destination::InPlace(resolved) => {
            let file = OpenOptions::new()
                .write(true)
                .open(&resolved)
                .map_err(|e| CliError::io("write", path, e))?;
            Ok(Target::Direct {
                path: shown,
                file: BufWriter::new(file),
                regular: false,
            })
        }
    }
}

/// A new descriptor for this process's open file `fd`.
fn duplicate(fd: i32, path: &Path) -> Result<File, CliError> {
    #[cfg(unix)]
    {
        use std::os::fd::{BorrowedFd, RawFd};
        if fcntl_valid(fd) {
            // SAFETY: the descriptor was just checked to be open; it is only borrowed to be
            // duplicated, and the duplicate is owned by the returned file.
            let borrowed = unsafe { BorrowedFd::borrow_raw(fd as RawFd) };
            let owned = borrowed
                .try_clone_to_owned()
                .map_err(|e| CliError::io("write", path, e))?;
            return Ok(File::from(owned));
        }
    }
    Err(CliError::Io(format!(
        "cannot write {}: descriptor {fd} is not open",
        path.display()
    )))
}

/// True when `fd` is an open descriptor of this process.
#[cfg(unix)]
fn fcntl_valid(fd: i32) -> bool {
    // SAFETY: F_GETFD only reads the descriptor's flags; an unknown descriptor answers -1.
    unsafe { libc::fcntl(fd, libc::F_GETFD) != -1 }
}

/// The temporary file beside `path` that output is written to before the rename.
fn temp_path(path: &Path) -> PathBuf {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    folder.join(format!(".{name}.tmp-{}", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_of_this_process_are_recognised() {
        let own = format!("/proc/{}/fd/5", std::process::id());
        assert_eq!(own_descriptor(Path::new(&own)), Some(5));
        assert_eq!(own_descriptor(Path::new("/dev/stdout")), Some(1));
        assert_eq!(own_descriptor(Path::new("/dev/fd/63")), Some(63));
        assert_eq!(own_descriptor(Path::new("/proc/self/fd/1")), Some(1));
        assert_eq!(own_descriptor(Path::new("/proc/1/fd/1")), None);
        assert_eq!(own_descriptor(Path::new("/dev/fd/x")), None);
        assert_eq!(own_descriptor(Path::new("out.txt")), None);
    }

    #[test]
    fn links_are_followed_to_the_file_they_name() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        fs::write(&real, "x").unwrap();
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        assert_eq!(destination(&link).unwrap(), Destination::Replace(real));
        let dangling = dir.path().join("dangling");
        std::os::unix::fs::symlink("new.txt", &dangling).unwrap();
        let new = dir.path().join("new.txt");
        assert_eq!(destination(&dangling).unwrap(), Destination::Replace(new));
        let looped = dir.path().join("loop");
        std::os::unix::fs::symlink("loop", &looped).unwrap();
        assert!(destination(&looped).is_err());
        assert_eq!(
            destination(Path::new("/dev/null")).unwrap(),
            Destination::InPlace("/dev/null".into())
        );
        assert_eq!(
            destination(Path::new("/dev/stdout")).unwrap(),
            Destination::Descriptor(1)
        );
    }
}
