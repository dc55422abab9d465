//! Where a book's puzzles come from: `[library]` (the puzzle library a book draws from first,
//! whether it may reuse puzzles other books used, the date its uses are recorded with) and a
//! section's `source`.

use std::path::PathBuf;

use serde::Deserialize;
use toml::Spanned;

use super::Checker;
use super::error::SpecError;

/// `[library]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawLibrary {
    pub path: Spanned<String>,
    pub reuse: Option<Spanned<bool>>,
    pub date: Option<Spanned<String>>,
}

/// The library a book draws from.
#[derive(Debug, Clone, PartialEq)]
pub struct LibrarySpec {
    /// The SQLite file (relative paths are read from the spec's folder).
    pub path: PathBuf,
    /// Puzzles other books used may be drawn again (`reuse = true`; default false).
    pub reuse: bool,
    /// The date the book's uses are recorded with (`YYYY-MM-DD`); default: the day of the
    /// build.
    pub date: Option<String>,
}

/// Where a section's puzzles come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Source {
    /// The library first (when the book has one), then the generator for the rest.
    #[default]
    Any,
    /// Only the library: too few puzzles there is an error.
    Library,
    /// Only the generator (what it makes still goes into the library).
    Generate,
}

impl Checker<'_> {
    /// `[library]`: the file must exist (a typing slip must not start an empty library that
    /// knows no used puzzle).
    pub(super) fn library(
        &self,
        raw: Option<&RawLibrary>,
    ) -> Result<Option<LibrarySpec>, SpecError> {
        let Some(raw) = raw else { return Ok(None) };
        let path = self.dir.join(raw.path.get_ref());
        if path.is_dir() {
            return Err(self.error(
                raw.path.span(),
                "library.path",
                format!("{} is a folder: give the library's file", path.display()),
            ));
        }
        if !path.is_file() {
            let shown = path.display();
            return Err(self.error(
                raw.path.span(),
                "library.path",
                format!(
                    "there is no library at {shown}: make one with `sudoku-book library fill --db {shown} …` or `library add --db {shown} FILE`"
                ),
            ));
        }
        let date = match &raw.date {
            Some(date) if crate::dates::Date::parse(date.get_ref()).is_some() => {
                Some(date.get_ref().clone())
            }
            Some(date) => {
                return Err(self.error(
                    date.span(),
                    "library.date",
                    format!(
                        "{} is not a date: write it as YYYY-MM-DD (2027-01-31)",
                        crate::grid::text::shown_text(date.get_ref())
                    ),
                ));
            }
            None => None,
        };
        Ok(Some(LibrarySpec {
            path,
            reuse: raw.reuse.as_ref().is_some_and(|r| *r.get_ref()),
            date,
        }))
    }

    /// A section's `source = "library" | "generate" | "any"`.
    pub(super) fn source(
        &self,
        raw: Option<&Spanned<String>>,
        key: &str,
        has_library: bool,
    ) -> Result<Source, SpecError> {
        let Some(raw) = raw else {
            return Ok(Source::Any);
        };
        let source = match raw.get_ref().as_str() {
            "any" => Source::Any,
            "library" => Source::Library,
            "generate" => Source::Generate,
            other => {
                return Err(self.error(
                    raw.span(),
                    key,
                    format!(
                        "{} is not a source: use library (only the library), generate (only new puzzles) or any (the library first, then new ones)",
                        crate::grid::text::shown_text(other)
                    ),
                ));
            }
        };
        if source == Source::Library && !has_library {
            return Err(self.error(
                raw.span(),
                key,
                "source = \"library\" needs a library: add [library] with path = \"puzzles.db\"",
            ));
        }
        Ok(source)
    }
}
