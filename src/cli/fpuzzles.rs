//! Links that open a puzzle in SudokuPad and f-puzzles: the f-puzzles JSON compressed with
//! lz-string's `compressToBase64`, as f-puzzles' own `?load=` links carry it.

/// The SudokuPad address of the puzzle whose f-puzzles JSON is `json`.
pub fn sudokupad_link(json: &str) -> String {
    format!("https://sudokupad.app/fpuzzles{}", payload(json))
}

/// The JSON text of an f-puzzles payload, or `None` when it does not decompress.
pub fn decompress(payload: &str) -> Option<String> {
    lz_str::decompress_from_base64(payload).map(|text| String::from_utf16_lossy(&text))
}

/// The f-puzzles payload of `json`: lz-string `compressToBase64`.
pub fn payload(json: &str) -> String {
    lz_str::compress_to_base64(json)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_decompress_to_the_json() {
        let json = r#"{"size":9,"title":"Anti-knight (easy)","antiknight":true}"#;
        let back = lz_str::decompress_from_base64(&payload(json)).expect("a payload decompresses");
        assert_eq!(String::from_utf16_lossy(&back), json);
        assert!(sudokupad_link(json).starts_with("https://sudokupad.app/fpuzzles"));
    }
}
