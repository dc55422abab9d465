//! Lists of puzzles to leave out, read as canonical IDs: a `book.json` (each puzzle's
//! `puzzle_id`, or its ID computed from its record when an older manifest has none), JSON lines
//! of puzzle records, or a text file with one entry a line — an ID (`v1-…`), a JSON record or a
//! puzzle line (read as classic, a multi-grid by its `#` positions, a jigsaw or killer by the
//! region map or cages on the line); blank lines and lines starting with `#` are skipped.

use super::json::read_puzzle_json;
use super::{ImportError, MultiShape, Variant, puzzle_id, read_puzzle_line, shape_of_line};

/// The IDs of every puzzle the text lists, in order.
pub fn ids_in(text: &str) -> Result<Vec<String>, ImportError> {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') && !is_one_record_a_line(trimmed) {
        return ids_of_manifest(text);
    }
    let mut ids = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') && shape_of_line(line).is_none() {
            continue;
        }
        ids.push(id_of_line(line, index + 1)?);
    }
    Ok(ids)
}

/// True when the first line of the text is a whole JSON object (JSON lines, not a manifest).
fn is_one_record_a_line(text: &str) -> bool {
    let first = text.lines().next().unwrap_or_default();
    serde_json::from_str::<serde_json::Value>(first).is_ok_and(|v| v.get("givens").is_some())
}

/// One entry of a list.
fn id_of_line(line: &str, line_no: usize) -> Result<String, ImportError> {
    if is_id(line) {
        return Ok(line.to_string());
    }
    let (geometry, givens) = if line.starts_with('{') {
        let read = read_puzzle_json(line_no, line)?;
        (read.geometry, read.givens)
    } else {
        let fields = line.split('|').next().unwrap_or_default();
        let variant = match shape_of_line(fields) {
            Some(shape) => multi(shape),
            None => Variant::CLASSIC,
        };
        read_puzzle_line(line, line_no, variant)?
    };
    puzzle_id(&geometry, &givens)
        .ok_or_else(|| ImportError::at(line_no, format!("{} has no ID", geometry.describe())))
}

fn multi(shape: MultiShape) -> Variant {
    Variant {
        multi: Some(shape),
        ..Variant::CLASSIC
    }
}

/// True for text shaped like an ID: `v`, a version number, `-`, a shape, `-`, 16 characters.
fn is_id(text: &str) -> bool {
    let mut parts = text.split('-');
    let version = parts.next().unwrap_or_default();
    let hash = text.rsplit('-').next().unwrap_or_default();
    version.len() > 1
        && version.starts_with('v')
        && version[1..].bytes().all(|b| b.is_ascii_digit())
        && text.matches('-').count() >= 2
        && hash.len() == 16
        && hash.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The IDs of a `book.json`: its `puzzles`, each by `puzzle_id` or by its record.
fn ids_of_manifest(text: &str) -> Result<Vec<String>, ImportError> {
    let manifest: serde_json::Value = serde_json::from_str(text).map_err(|e| ImportError {
        line: e.line(),
        column: Some(e.column()),
        what: format!("not a book.json: {e}"),
    })?;
    let Some(puzzles) = manifest.get("puzzles").and_then(|p| p.as_array()) else {
        return Err(ImportError::at(
            1,
            "not a book.json: it has no \"puzzles\" list",
        ));
    };
    puzzles
        .iter()
        .enumerate()
        .filter_map(
            |(index, puzzle)| match puzzle.get("puzzle_id").and_then(|v| v.as_str()) {
                // A puzzle of a shape without IDs (its group too large to search): nothing to
                // leave out by.
                Some("") => None,
                Some(id) => Some(Ok(id.to_string())),
                None => Some(id_of_line(&puzzle.to_string(), 1).map_err(|e| ImportError {
                    what: format!("puzzle {} of the book: {}", index + 1, e.what),
                    ..e
                })),
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const ID: &str = "v1-classic9-ppm16psera9amgza";

    #[test]
    fn ids_puzzle_lines_and_records_give_ids() {
        let record = format!("{{\"givens\": \"{LINE}\"}}");
        let text = format!("# used in volume 1\n{ID}\n\n{LINE}\n{record}\n");
        assert_eq!(ids_in(&text).unwrap(), vec![ID, ID, ID]);
    }

    #[test]
    fn a_manifest_gives_the_ids_of_its_puzzles() {
        let manifest = format!(
            "{{\"title\": \"Vol 1\", \"puzzles\": [\n  {{\"puzzle_id\": \"{ID}\"}},\n  \
             {{\"size\": 9, \"givens\": \"{LINE}\"}}\n]}}"
        );
        assert_eq!(ids_in(&manifest).unwrap(), vec![ID, ID]);
        let err = ids_in("{\"title\": \"x\"}").unwrap_err();
        assert!(err.what.contains("no \"puzzles\""), "{err}");
    }

    #[test]
    fn a_bad_entry_names_its_line() {
        let err = ids_in(&format!("{ID}\nnot a puzzle\n")).unwrap_err();
        assert_eq!(err.line, 2, "{err}");
    }
}
