//! Book-spec errors: what is wrong, the key, and where (file, line, column from the TOML span),
//! with a "did you mean" for misspelt keys and values.

use std::fmt;
use std::ops::Range;

/// A problem in a book spec, located in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    /// The spec file as the user named it.
    pub file: String,
    /// 1-based line and column of the problem, when known.
    pub position: Option<(usize, usize)>,
    /// The key (dotted path such as `section[2].count`), when known.
    pub key: Option<String>,
    /// What is wrong, and how to fix it.
    pub message: String,
    /// The spec (or a file it names) could not be read, rather than being wrong.
    pub io: bool,
}

impl SpecError {
    /// An error at a byte span of the source text.
    pub fn at(
        file: &str,
        source: &str,
        span: Option<Range<usize>>,
        key: Option<String>,
        message: String,
    ) -> SpecError {
        SpecError {
            file: file.to_string(),
            position: span.map(|s| line_column(source, s.start)),
            key,
            message,
            io: false,
        }
    }

    /// The same error, marked as a file that could not be read.
    pub fn unreadable(mut self) -> SpecError {
        self.io = true;
        self
    }
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some((line, column)) = self.position {
            write!(f, ":{line}:{column}")?;
        }
        let message = printable(&self.message);
        match &self.key {
            Some(key) => write!(f, ": {}: {message}", printable(key)),
            None => write!(f, ": {message}"),
        }
    }
}

impl std::error::Error for SpecError {}

/// The most characters of a message or key shown: a spec may hold keys or values of any length.
const MAX_SHOWN: usize = 400;

/// Text as a message shows it: control and other invisible characters as `\u{…}` (never raw),
/// cut after [`MAX_SHOWN`] characters.
fn printable(text: &str) -> String {
    let mut out = String::new();
    for (index, symbol) in text.chars().enumerate() {
        if index == MAX_SHOWN {
            out.push('…');
            break;
        }
        if symbol.is_control()
            || matches!(symbol as u32, 0x200B..=0x200F | 0x2028..=0x202E | 0xFEFF)
        {
            out.push_str(&format!("\\u{{{:x}}}", symbol as u32));
        } else {
            out.push(symbol);
        }
    }
    out
}

/// The 1-based line and column (in characters) of a byte offset.
pub fn line_column(source: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..floor_char_boundary(source, offset)];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

fn floor_char_boundary(text: &str, mut index: usize) -> usize {
    while index > 0 && !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// The known word closest to `word`, if it is close enough to be a likely typo.
pub fn did_you_mean<'a>(word: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|&k| (strsim::jaro_winkler(word, k), k))
        .filter(|&(score, _)| score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based() {
        let text = "a = 1\nbb = 2\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 6), (2, 1));
        assert_eq!(line_column(text, 9), (2, 4));
    }

    #[test]
    fn suggestions_only_for_near_misses() {
        assert_eq!(did_you_mean("titel", &["title", "author"]), Some("title"));
        assert_eq!(did_you_mean("colour", &["title", "author"]), None);
    }

    #[test]
    fn display_names_file_position_and_key() {
        let err = SpecError::at(
            "book.toml",
            "x\ncount = 0\n",
            Some(10..11),
            Some("section[1].count".into()),
            "must be at least 1".into(),
        );
        assert_eq!(
            err.to_string(),
            "book.toml:2:9: section[1].count: must be at least 1"
        );
    }
}
