//! Helpers shared by the integration tests: running the binary, fixture paths, the shared data.

use std::path::PathBuf;

use assert_cmd::Command;

/// The `sudoku-book` binary, ready for arguments.
pub fn cmd() -> Command {
    Command::cargo_bin("sudoku-book").expect("the binary is built")
}

/// A file in `tests/fixtures`.
pub fn fixture(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

/// The shared puzzle sets: `SUDOKU_DATA`, or `../shared/data` beside the project, if present.
pub fn data_dir() -> Option<PathBuf> {
    let dir = std::env::var_os("SUDOKU_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"));
    if dir.is_dir() {
        Some(dir)
    } else {
        skip(&format!(
            "shared data not found at {} (set SUDOKU_DATA)",
            dir.display()
        ));
        None
    }
}

/// One line of `tests/fixtures/variants.txt`: variant, size, puzzle (jigsaw: `puzzle|regions`)
/// and solution.
pub struct VariantFixture {
    pub variant: String,
    pub size: usize,
    pub puzzle: String,
    pub solution: String,
}

impl VariantFixture {
    /// A command for this puzzle: `args`, then `--variant`, the region map written to a file in
    /// `dir` (jigsaw), and the puzzle line. Keep `dir` alive until the command has run.
    pub fn command(&self, args: &[&str], dir: &tempfile::TempDir) -> Command {
        let mut command = cmd();
        command.args(args).args(["--variant", &self.variant]);
        let puzzle = match self.puzzle.split_once('|') {
            Some((puzzle, regions)) => {
                let path = dir.path().join("regions.txt");
                std::fs::write(&path, regions).expect("temp dir is writable");
                command.arg("--regions").arg(&path);
                puzzle
            }
            None => self.puzzle.as_str(),
        };
        command.arg(puzzle);
        command
    }
}

/// Every variant fixture.
pub fn variant_fixtures() -> Vec<VariantFixture> {
    let text = std::fs::read_to_string(fixture("variants.txt")).expect("fixture exists");
    text.lines()
        .map(|line| {
            let parts: Vec<&str> = line.split_whitespace().collect();
            VariantFixture {
                variant: parts[0].to_string(),
                size: parts[1].parse().expect("size"),
                puzzle: parts[2].to_string(),
                solution: parts[3].to_string(),
            }
        })
        .collect()
}

/// Standard output of a finished command, as text.
pub fn stdout_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// Standard error of a finished command, as text.
pub fn stderr_of(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The variable `.ci/run` sets (as does any CI that sets `CI=true`): nothing may be skipped.
pub const REQUIRE_ALL: &str = "SUDOKU_REQUIRE_ALL";

/// Reports a skipped check; panics instead in CI, where every data set and tool must be there.
pub fn skip(reason: &str) {
    let required = std::env::var_os(REQUIRE_ALL).is_some_and(|v| v != "0")
        || std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    assert!(
        !required,
        "{reason}, and {REQUIRE_ALL} or CI is set: nothing may be skipped"
    );
    eprintln!("skipping: {reason}");
}

/// The sorted names in a folder.
pub fn names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("folder exists")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// The seed in a book folder's manifest, if it holds a complete book (every listed file there).
pub fn book_seed(out: &std::path::Path) -> Option<u64> {
    let text = std::fs::read_to_string(out.join("book.json")).ok()?;
    let manifest: serde_json::Value = serde_json::from_str(&text).ok()?;
    for file in manifest["files"].as_array()? {
        assert!(out.join(file.as_str()?).is_file(), "{file} missing");
    }
    manifest["seed"].as_u64()
}

/// `sudoku-book build SPEC --out OUT`, run to the end.
pub fn build_book(spec: &std::path::Path, out: &std::path::Path) -> std::process::Output {
    cmd()
        .arg("build")
        .arg(spec)
        .arg("--out")
        .arg(out)
        .output()
        .expect("the binary runs")
}

/// The `book.json` of a built book folder.
pub fn manifest_of(out: &std::path::Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("book.json")).expect("book.json is written");
    serde_json::from_str(&text).expect("book.json is JSON")
}

/// The canonical IDs of a manifest's puzzles, in book order.
pub fn puzzle_ids(manifest: &serde_json::Value) -> Vec<String> {
    manifest["puzzles"]
        .as_array()
        .expect("a puzzles list")
        .iter()
        .map(|p| p["puzzle_id"].as_str().expect("an ID").to_string())
        .collect()
}
