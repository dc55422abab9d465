//! Reading user input with a size cap: whole texts (a puzzle file, standard input, a region map,
//! a book spec) up to [`MAX_INPUT_BYTES`], and streams of lines (`solve --batch`, `rate`) one line
//! of at most [`MAX_LINE_BYTES`] at a time. A UTF-8 byte order mark at the start is dropped.

use std::io::{BufRead, Read};
use std::path::Path;

use thiserror::Error;

/// The largest input read as one text: 64 MiB.
pub const MAX_INPUT_BYTES: u64 = 64 * 1024 * 1024;

/// The longest line of a line stream: 1 MiB.
pub const MAX_LINE_BYTES: usize = 1024 * 1024;

pub use crate::grid::{BOM, strip_bom};

/// Why input could not be read.
#[derive(Debug, Error)]
pub enum InputError {
    /// More than [`MAX_INPUT_BYTES`].
    #[error("the input is larger than {} MiB, the most that is read", MAX_INPUT_BYTES >> 20)]
    TooLarge,
    /// Bytes that are not UTF-8, at a 1-based line.
    #[error("line {line}: the input is not UTF-8 text")]
    NotUtf8 { line: usize },
    /// One line of a line stream runs on past [`MAX_INPUT_BYTES`] without a line break.
    #[error(
        "line {line} runs on for more than {} MiB without a line break; reading stopped",
        MAX_INPUT_BYTES >> 20
    )]
    EndlessLine { line: usize },
    /// The operating system refused the read.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl InputError {
    /// True when the failure is the operating system's (exit code 3), not the input's.
    pub fn is_io(&self) -> bool {
        matches!(self, InputError::Io(_))
    }
}

/// Reads a whole text of at most [`MAX_INPUT_BYTES`], without a leading byte order mark.
pub fn read_text(reader: impl Read) -> Result<String, InputError> {
    match String::from_utf8(read_capped(reader)?) {
        Ok(mut text) => {
            if text.starts_with(BOM) {
                text.drain(..BOM.len_utf8());
            }
            Ok(text)
        }
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let line = 1 + error.as_bytes()[..valid]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            Err(InputError::NotUtf8 { line })
        }
    }
}

/// Every byte of a reader, refusing more than [`MAX_INPUT_BYTES`].
fn read_capped(reader: impl Read) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    reader.take(MAX_INPUT_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_INPUT_BYTES {
        return Err(InputError::TooLarge);
    }
    Ok(bytes)
}

/// Reads a whole binary file (a font, a picture) of at most [`MAX_INPUT_BYTES`].
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, InputError> {
    read_capped(std::fs::File::open(path)?)
}

/// Reads a whole file of at most [`MAX_INPUT_BYTES`] (see [`read_text`]).
pub fn read_file(path: &Path) -> Result<String, InputError> {
    read_text(std::fs::File::open(path)?)
}

/// One line of a line stream: its 1-based number and its text, or why it cannot be used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The 1-based line number.
    pub number: usize,
    /// The text without the line break, or a message for a line too long or not UTF-8.
    pub text: Result<String, String>,
}

/// The lines of a reader, each read with at most [`MAX_LINE_BYTES`] in memory. A longer line
/// is an error for that line (its rest is skipped); a line with no break within
/// [`MAX_INPUT_BYTES`] ends the stream with [`InputError::EndlessLine`].
pub struct LineStream<R> {
    reader: R,
    number: usize,
    done: bool,
}

impl<R: BufRead> LineStream<R> {
    /// Streams the lines of `reader`.
    pub fn new(reader: R) -> Self {
        LineStream {
            reader,
            number: 0,
            done: false,
        }
    }

    fn next_line(&mut self) -> Result<Option<Line>, InputError> {
        let mut bytes = Vec::new();
        let limit = MAX_LINE_BYTES as u64 + 1;
        let read = (&mut self.reader)
            .take(limit)
            .read_until(b'\n', &mut bytes)?;
        if read == 0 {
            return Ok(None);
        }
        self.number += 1;
        let number = self.number;
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
        } else if bytes.len() > MAX_LINE_BYTES {
            self.skip_rest_of_line()?;
            let message = format!(
                "line {number} is longer than {} MiB, the longest line read",
                MAX_LINE_BYTES >> 20
            );
            return Ok(Some(Line {
                number,
                text: Err(message),
            }));
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        let text = String::from_utf8(bytes)
            .map(|text| strip_first_bom(text, number))
            .map_err(|_| format!("line {number} is not UTF-8 text"));
        Ok(Some(Line { number, text }))
    }

    /// Drops bytes up to and including the next line break, at most [`MAX_INPUT_BYTES`].
    fn skip_rest_of_line(&mut self) -> Result<(), InputError> {
        let mut skipped: u64 = 0;
        loop {
            let buffer = self.reader.fill_buf()?;
            if buffer.is_empty() {
                return Ok(());
            }
            let (used, found) = match buffer.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (buffer.len(), false),
            };
            self.reader.consume(used);
            skipped += used as u64;
            if found {
                return Ok(());
            }
            if skipped > MAX_INPUT_BYTES {
                return Err(InputError::EndlessLine { line: self.number });
            }
        }
    }
}

fn strip_first_bom(text: String, number: usize) -> String {
    match text.strip_prefix(BOM) {
        Some(rest) if number == 1 => rest.to_string(),
        _ => text,
    }
}

impl<R: BufRead> Iterator for LineStream<R> {
    type Item = Result<Line, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let item = self.next_line().transpose();
        self.done = !matches!(item, Some(Ok(_)));
        item
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(bytes: &[u8]) -> Vec<Result<Line, String>> {
        LineStream::new(bytes)
            .map(|item| item.map_err(|e| e.to_string()))
            .collect()
    }

    #[test]
    fn text_loses_its_byte_order_mark() {
        assert_eq!(read_text("\u{feff}12\n".as_bytes()).unwrap(), "12\n");
        assert_eq!(read_text("12\n".as_bytes()).unwrap(), "12\n");
    }

    #[test]
    fn text_that_is_not_utf8_names_its_line() {
        let err = read_text(&b"ab\ncd\xff\n"[..]).unwrap_err();
        assert_eq!(err.to_string(), "line 2: the input is not UTF-8 text");
    }

    #[test]
    fn too_large_text_is_refused() {
        let endless = std::io::repeat(b'.');
        assert!(matches!(read_text(endless), Err(InputError::TooLarge)));
    }

    #[test]
    fn lines_are_numbered_and_lose_breaks() {
        let got = lines(b"\xef\xbb\xbfab\r\ncd\n\nef");
        let texts: Vec<(usize, String)> = got
            .into_iter()
            .map(|l| {
                let l = l.unwrap();
                (l.number, l.text.unwrap())
            })
            .collect();
        let want = [(1, "ab"), (2, "cd"), (3, ""), (4, "ef")];
        let want: Vec<(usize, String)> = want.iter().map(|&(n, t)| (n, t.to_string())).collect();
        assert_eq!(texts, want);
    }

    #[test]
    fn an_overlong_line_is_an_error_for_that_line_only() {
        let mut input = vec![b'1'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\nnext\n");
        let got = lines(&input);
        assert_eq!(got.len(), 2);
        let first = got[0].as_ref().unwrap();
        assert!(
            first
                .text
                .as_ref()
                .unwrap_err()
                .contains("line 1 is longer")
        );
        assert_eq!(got[1].as_ref().unwrap().text.as_deref(), Ok("next"));
    }

    #[test]
    fn an_endless_line_stops_the_stream() {
        let endless = std::io::BufReader::new(std::io::repeat(0));
        let got: Vec<_> = LineStream::new(endless).collect();
        assert_eq!(got.len(), 1);
        assert!(matches!(got[0], Err(InputError::EndlessLine { line: 1 })));
    }

    #[test]
    fn a_bad_line_is_not_utf8() {
        let got = lines(b"ok\n\xff\n");
        assert_eq!(
            got[1].as_ref().unwrap().text,
            Err("line 2 is not UTF-8 text".to_string())
        );
    }
}
