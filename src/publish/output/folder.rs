//! What a folder on disk holds, as the book writer sees it: which files are a book's (listed by
//! its `book.json`), which are the user's (everything else, OS metadata such as `.DS_Store`
//! included), and the one way a book folder is ever removed — its listed files only, the
//! user's files moved into the new book or left where they are.

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::IgnoredAny;
use serde_json::Value;

use super::{MANIFEST, OutputError, io_error, page_file};
use crate::book::manifest::GENERATOR;

/// The largest manifest read when checking a folder before replacing it.
const MAX_MANIFEST_BYTES: u64 = 256 << 20;
/// The most entries a folder may hold to be checked as a book.
const MAX_ENTRIES: usize = 100_000;
/// The file that marks a staging folder as this tool's own work in progress: a folder holding
/// it may be removed whole.
pub(super) const STAGING_MARKER: &str = ".sudoku-book-staging";

/// True for the files an operating system or file manager drops into any folder it shows
/// (`.DS_Store`, `._name`, `Thumbs.db`, `desktop.ini`, …): the user's, kept, never a reason to
/// refuse a book folder.
pub fn is_os_metadata(relative: &str) -> bool {
    let name = relative.rsplit('/').next().unwrap_or(relative);
    let lower = name.to_ascii_lowercase();
    name == ".DS_Store"
        || name.starts_with("._")
        || name == ".directory"
        || name == ".localized"
        || matches!(lower.as_str(), "thumbs.db" | "ehthumbs.db" | "desktop.ini")
}

/// A folder that exists and may be replaced by a new book.
#[derive(Debug, Default)]
pub struct Replaceable {
    /// The files its manifest lists (empty for an empty folder).
    pub listed: Vec<String>,
}

/// Checks a folder that exists: it may be replaced when it holds nothing but OS metadata, or
/// is a book this tool wrote and holds no file its manifest does not list (OS metadata aside).
/// `ignore` names a top-level entry to pass over (a staging folder inside the target).
pub fn replaceable(target: &Path, ignore: Option<&str>) -> Result<Replaceable, OutputError> {
    let not_a_book = |reason: String| OutputError::NotABook {
        path: target.display().to_string(),
        reason,
    };
    let meta = fs::symlink_metadata(target).map_err(io_error("read", target))?;
    if !meta.is_dir() {
        return Err(not_a_book("it is a file".into()));
    }
    let contents = folder_contents(target, ignore)?
        .ok_or_else(|| not_a_book(format!("it holds more than {MAX_ENTRIES} files, or links")))?;
    let books: Vec<&String> = contents.iter().filter(|f| !is_os_metadata(f)).collect();
    if books.is_empty() {
        return Ok(Replaceable::default());
    }
    let listed = manifest_files(target).map_err(not_a_book)?;
    match books.iter().find(|file| !listed.contains(file)) {
        Some(stray) => Err(not_a_book(format!(
            "it holds {stray}, which its {MANIFEST} does not list"
        ))),
        None => Ok(Replaceable { listed }),
    }
}

/// Every file below `folder`, as `/`-separated relative paths, sorted; `None` when there are
/// too many, or a symbolic link or other special file. The top-level entry `ignore` is left
/// out.
pub fn folder_contents(
    folder: &Path,
    ignore: Option<&str>,
) -> Result<Option<Vec<String>>, OutputError> {
    let mut files = Vec::new();
    let mut pending = vec![(folder.to_path_buf(), String::new())];
    while let Some((dir, prefix)) = pending.pop() {
        let entries = fs::read_dir(&dir).map_err(io_error("read", &dir))?;
        for entry in entries {
            let entry = entry.map_err(io_error("read", &dir))?;
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if ignore == Some(name.as_str()) {
                continue;
            }
            let kind = entry.file_type().map_err(io_error("read", &entry.path()))?;
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
pub fn manifest_files(folder: &Path) -> Result<Vec<String>, String> {
    let path = folder.join(MANIFEST);
    let mut text = String::new();
    fs::File::open(&path)
        .and_then(|file| file.take(MAX_MANIFEST_BYTES).read_to_string(&mut text))
        .map_err(|_| format!("it has no readable {MANIFEST}"))?;
    let not_a_manifest = || format!("its {MANIFEST} is not a sudoku-book manifest");
    // An object only: serde would also read a struct from an array of its fields.
    if !text.trim_start().starts_with('{') {
        return Err(not_a_manifest());
    }
    let head: ManifestHead = serde_json::from_str(&text).map_err(|_| not_a_manifest())?;
    listed_files(head).ok_or_else(not_a_manifest)
}

/// What a manifest must hold to be a book's, read without building its puzzles (a big book's
/// `book.json` is megabytes, read again each time the book is rebuilt).
#[derive(Deserialize)]
struct ManifestHead {
    #[serde(rename = "title")]
    _title: String,
    #[serde(rename = "puzzles")]
    _puzzles: Vec<IgnoredAny>,
    #[serde(rename = "version")]
    _version: String,
    pages: u64,
    /// `None` when absent; a present `null` is kept (and refused) as any other non-string.
    #[serde(default, deserialize_with = "present")]
    generator: Option<Value>,
    #[serde(default, deserialize_with = "present")]
    files: Option<Value>,
}

/// A field's value, `null` included, as present.
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(deserializer).map(Some)
}

fn listed_files(head: ManifestHead) -> Option<Vec<String>> {
    match head.generator {
        Some(generator) if generator.as_str()? == GENERATOR => head
            .files?
            .as_array()?
            .iter()
            .map(|f| Some(f.as_str()?.to_string()))
            .collect(),
        Some(_) => None,
        None => Some(legacy_files(head.pages.min(MAX_ENTRIES as u64) as usize)),
    }
}

fn legacy_files(pages: usize) -> Vec<String> {
    let mut files = vec![MANIFEST.to_string(), "book.pdf".to_string()];
    files.extend((1..=pages).map(page_file));
    files
}

/// What became of the user's files in a book folder that was removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Settled {
    /// Files the manifest did not list, moved into the new book (OS metadata left out).
    pub moved: Vec<String>,
    /// Where the files that could not be moved were kept, if any were.
    pub kept_in: Option<PathBuf>,
}

impl Settled {
    /// One sentence for the user about files of theirs that were moved or kept, if any.
    pub fn note(&self, target: &Path) -> Option<String> {
        let target = target.display();
        match (&self.kept_in, self.moved.as_slice()) {
            (Some(kept), _) => Some(format!(
                "files that are not part of the book were found in the old copy of {target}; they are kept in {}",
                kept.display()
            )),
            (None, []) => None,
            (None, moved) => Some(format!(
                "{} appeared in {target} during the build and {} kept in the new book",
                list_names(moved),
                if moved.len() == 1 { "is" } else { "are" }
            )),
        }
    }
}

/// `a.txt`, `a.txt and b.txt`, `a.txt, b.txt and 3 more`.
fn list_names(names: &[String]) -> String {
    match names {
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [a, b, rest @ ..] => format!("{a}, {b} and {} more", rest.len()),
        [] => String::new(),
    }
}

/// Removes a book folder that has been replaced: every file it holds that `listed` does not
/// name is the user's and is moved to the same place in `into` (when that holds no file of the
/// name); then the listed files and the emptied sub-folders go. If anything is left, the folder
/// is renamed to a visible `NAME.kept-PID` beside `into` rather than removed.
pub fn settle(old: &Path, listed: &[String], into: &Path) -> Result<Settled, OutputError> {
    let contents = folder_contents(old, None)?.unwrap_or_default();
    let mut settled = Settled::default();
    for file in contents.iter().filter(|f| !listed.contains(f)) {
        let to = into.join(file);
        if fs::symlink_metadata(&to).is_ok() {
            continue;
        }
        if let Some(folder) = to.parent() {
            fs::create_dir_all(folder).map_err(io_error("create", folder))?;
        }
        fs::rename(old.join(file), &to).map_err(io_error("keep", &to))?;
        if !is_os_metadata(file) {
            settled.moved.push(file.clone());
        }
    }
    for file in listed {
        let path = old.join(file);
        match fs::remove_file(&path) {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                return Err(io_error("remove", &path)(error));
            }
            _ => {}
        }
    }
    remove_empty_folders(old)?;
    if fs::symlink_metadata(old).is_ok() {
        let kept = kept_name(into);
        fs::rename(old, &kept).map_err(io_error("keep", old))?;
        settled.kept_in = Some(kept);
    }
    Ok(settled)
}

/// Removes `folder` and the folders below it that hold no file; a folder with files stays.
fn remove_empty_folders(folder: &Path) -> Result<(), OutputError> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Ok(());
    };
    for entry in entries.flatten() {
        if entry.file_type().is_ok_and(|kind| kind.is_dir()) {
            remove_empty_folders(&entry.path())?;
        }
    }
    match fs::remove_dir(folder) {
        Ok(()) => Ok(()),
        Err(_) if fs::read_dir(folder).is_ok_and(|mut e| e.next().is_some()) => Ok(()),
        Err(error) => Err(io_error("remove", folder)(error)),
    }
}

/// `NAME.kept-PID` beside `target` (a numbered one when that exists).
fn kept_name(target: &Path) -> PathBuf {
    let base = format!("{}.kept-{}", super::target_name(target), std::process::id());
    let parent = super::parent_of(target);
    let mut path = parent.join(&base);
    let mut number = 2;
    while fs::symlink_metadata(&path).is_ok() {
        path = parent.join(format!("{base}-{number}"));
        number += 1;
    }
    path
}
