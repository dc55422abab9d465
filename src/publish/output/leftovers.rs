//! What killed builds leave behind, and its repair: an old book moved aside (`.NAME.old-PID`)
//! is put back or removed, a swapped-out copy or finished staging folder is removed file by
//! file from its manifest (the user's files in it kept), and staging folders still marked as
//! work in progress are removed whole — the target's own, any other book's in the same parent
//! and, in a mount point, the one inside it — once their process no longer runs.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use super::folder::{STAGING_MARKER, manifest_files, settle};
use super::{INSIDE_PREFIX, OutputError, io_error, parent_of, target_name};

/// One folder a killed build left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Leftover {
    /// `.NAME.old-PID`: the old book, moved aside by the two-rename swap.
    Old,
    /// `.NAME.tmp-PID` of this target (or `.sudoku-book.tmp-PID` inside it).
    Temp,
    /// `.OTHER.tmp-PID` of another book in the same parent.
    OtherTemp,
}

/// Repairs what killed builds left: an old book moved aside is put back when the target is
/// missing (and removed otherwise), staging folders of processes that no longer run are
/// removed. Returns what the user should know (files of theirs that were kept).
pub fn recover(target: &Path) -> Result<Vec<String>, OutputError> {
    let mut notes = Vec::new();
    for (path, kind) in leftovers(target)? {
        let note = match kind {
            Leftover::Old if fs::symlink_metadata(target).is_err() => {
                fs::rename(&path, target).map_err(io_error("restore", target))?;
                None
            }
            Leftover::OtherTemp if !is_marked(&path) => None,
            _ if is_marked(&path) => {
                fs::remove_dir_all(&path).map_err(io_error("remove", &path))?;
                None
            }
            _ => {
                let listed = manifest_files(&path).unwrap_or_default();
                settle(&path, &listed, target)?.note(target)
            }
        };
        notes.extend(note);
    }
    Ok(notes)
}

/// True when the folder is a staging folder still being written (its marker is there).
fn is_marked(folder: &Path) -> bool {
    folder.join(STAGING_MARKER).is_file()
}

/// The leftover folders of processes that are gone: beside the target, and inside it when it
/// is a folder; old books first.
fn leftovers(target: &Path) -> Result<Vec<(PathBuf, Leftover)>, OutputError> {
    let own = format!(".{}.", target_name(target));
    let mut found = Vec::new();
    let parent = parent_of(target);
    let entries = fs::read_dir(&parent).map_err(io_error("read", &parent))?;
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let kind = match name.strip_prefix(&own) {
            Some(rest) => own_leftover(rest),
            None => other_temp(&name),
        };
        if let Some((pid, kind)) = kind
            && !process_is_running(pid)
            && entry.file_type().is_ok_and(|t| t.is_dir())
        {
            found.push((entry.path(), kind));
        }
    }
    if let Ok(entries) = fs::read_dir(target) {
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let pid = name.strip_prefix(INSIDE_PREFIX).and_then(parse_pid);
            if let Some(pid) = pid
                && !process_is_running(pid)
            {
                found.push((entry.path(), Leftover::Temp));
            }
        }
    }
    found.sort_by_key(|(path, kind)| (*kind, path.clone()));
    Ok(found)
}

/// `tmp-PID` or `old-PID`, after `.NAME.`.
fn own_leftover(rest: &str) -> Option<(u32, Leftover)> {
    [("tmp-", Leftover::Temp), ("old-", Leftover::Old)]
        .into_iter()
        .find_map(|(tag, kind)| Some((parse_pid(rest.strip_prefix(tag)?)?, kind)))
}

/// `.OTHER.tmp-PID`: another book's staging folder.
fn other_temp(name: &str) -> Option<(u32, Leftover)> {
    let (_, pid) = name.strip_prefix('.')?.rsplit_once(".tmp-")?;
    Some((parse_pid(pid)?, Leftover::OtherTemp))
}

fn parse_pid(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
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
