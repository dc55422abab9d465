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

/// The dotted key (`page.gutter`, `section[2].count`) whose value starts the line holding the
/// byte offset, read from the TOML text: the last table header above it, and the key before
/// the `=` on its line (the table alone when the line is a header). For messages of the TOML
/// reader, which give a position but no key.
pub fn key_at(source: &str, offset: usize) -> Option<String> {
    let offset = floor_char_boundary(source, offset.min(source.len()));
    let line_start = source[..offset].rfind('\n').map_or(0, |i| i + 1);
    let mut table: Option<String> = None;
    let mut arrays: Vec<(String, usize)> = Vec::new();
    let line = source[line_start..].lines().next().unwrap_or("");
    let through = if line.trim_start().starts_with('[') {
        line_start + line.len()
    } else {
        line_start
    };
    for line in source[..through].lines() {
        if let Some(name) = header(line) {
            table = Some(name);
        }
        let trimmed = line.trim();
        if let Some(name) = trimmed
            .strip_prefix("[[")
            .and_then(|r| r.split("]]").next())
        {
            let name = name.trim().to_string();
            match arrays.iter_mut().find(|(n, _)| *n == name) {
                Some((_, count)) => *count += 1,
                None => arrays.push((name.clone(), 1)),
            }
            let index = arrays
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(1, |(_, c)| *c);
            table = Some(format!("{name}[{index}]"));
        }
    }
    let own = line
        .split_once('=')
        .map(|(key, _)| key.trim().trim_matches('"').to_string())
        .filter(|key| is_plain_key(key));
    match (table, own) {
        (Some(table), Some(key)) => Some(format!("{table}.{key}")),
        (None, Some(key)) => Some(key),
        (table, None) => table,
    }
}

/// The most characters of a key read back from the text.
const MAX_KEY: usize = 64;

/// True for a key a message can repeat as it is: TOML's bare-key characters (and dots), at
/// most [`MAX_KEY`] of them.
fn is_plain_key(key: &str) -> bool {
    !key.is_empty()
        && key.chars().count() <= MAX_KEY
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
}

/// The name of a plain table header line (`[page]`), if it is one.
fn header(line: &str) -> Option<String> {
    let trimmed = line.trim();
    if trimmed.starts_with("[[") {
        return None;
    }
    let name = trimmed.strip_prefix('[')?.split(']').next()?.trim();
    is_plain_key(name).then(|| name.to_string())
}

/// A message of the TOML reader in the spec's words: a value of the wrong kind says what is
/// wanted, and a value it repeats is cut to 40 characters.
pub fn reader_message(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("invalid type: integer `")
        && let Some((value, wanted)) = rest.split_once("` as i128, expected ")
    {
        let wanted = match wanted {
            "usize" | "u64" | "u32" => "a whole number of 0 or more",
            other => other,
        };
        return format!(
            "expected {wanted}, found {}, which is far too large",
            cut(value)
        );
    }
    if message.contains("untagged enum RawLength") {
        return "expected a length: a number of millimetres, or text such as \"12mm\", \"0.5in\" or \"36pt\"".into();
    }
    if let Some(rest) = message.strip_prefix("invalid value: integer `")
        && let Some((value, wanted)) = rest.split_once("`, expected ")
    {
        let wanted = match wanted {
            "usize" | "u64" | "u32" => "a whole number of 0 or more",
            other => other,
        };
        return format!("expected {wanted}, found {}", cut(value));
    }
    let message = cut_quoted(&cut_quoted(message, '`'), '"');
    match message.strip_suffix(", expected usize") {
        Some(start) => format!("{start}, expected a whole number of 0 or more"),
        None => message,
    }
}

/// The line of a text nested deepest — a table header's dotted parts, or brackets and braces
/// open at once — and that depth (1-based line).
pub fn deepest_line(text: &str) -> (usize, usize) {
    let mut deepest = (1, 0);
    let mut open = 0usize;
    for (index, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let mut depth = if trimmed.starts_with('[') {
            trimmed
                .split(']')
                .next()
                .unwrap_or_default()
                .matches('.')
                .count()
                + 1
        } else {
            0
        };
        for c in line.chars() {
            match c {
                '[' | '{' => open += 1,
                ']' | '}' => open = open.saturating_sub(1),
                _ => {}
            }
            depth = depth.max(open);
        }
        if depth > deepest.1 {
            deepest = (index + 1, depth);
        }
    }
    deepest
}

/// Every part of a message between two `quote` characters cut to 40 characters.
fn cut_quoted(message: &str, quote: char) -> String {
    let parts: Vec<&str> = message.split(quote).collect();
    let mut out = String::new();
    for (index, part) in parts.iter().enumerate() {
        if index > 0 {
            out.push(quote);
        }
        out.push_str(&if index % 2 == 1 {
            cut(part)
        } else {
            part.to_string()
        });
    }
    out
}

/// Text cut after 40 characters, with `…`.
fn cut(text: &str) -> String {
    let mut chars = text.chars();
    let start: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        format!("{start}…")
    } else {
        start
    }
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
    fn keys_are_found_from_the_text() {
        let text = "title = \"x\"\n[page]\ngutter = true\n[[section]]\ncount = 1\n[[section]]\ncount = -1\n";
        let at = |needle: &str| text.find(needle).unwrap();
        assert_eq!(key_at(text, at("x")).as_deref(), Some("title"));
        assert_eq!(key_at(text, at("true")).as_deref(), Some("page.gutter"));
        assert_eq!(key_at(text, at("-1")).as_deref(), Some("section[2].count"));
        assert_eq!(key_at(text, at("[page]")).as_deref(), Some("page"));
        let garbled = format!("[[section]]\nsi{} = 1\n", "\u{0}".repeat(500));
        assert_eq!(
            key_at(&garbled, garbled.len() - 3).as_deref(),
            Some("section[1]")
        );
        let second = text.rfind("[[section]]").unwrap();
        assert_eq!(key_at(text, second).as_deref(), Some("section[2]"));
    }

    #[test]
    fn reader_messages_say_what_is_wanted() {
        assert_eq!(
            reader_message("invalid value: integer `-1`, expected usize"),
            "expected a whole number of 0 or more, found -1"
        );
        assert!(
            reader_message("data did not match any variant of untagged enum RawLength")
                .starts_with("expected a length")
        );
        let long = format!("invalid type: string `{}`", "9".repeat(300));
        assert!(reader_message(&long).len() < 80);
    }

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
