//! Test-only helpers shared by the unit tests: where the shared puzzle sets are, and how a test
//! skips when they (or a tool) are missing — with a message a newcomer sees, and a failure in CI.

use std::path::PathBuf;

/// The variable `.ci/run` sets (as does any CI that sets `CI=true`): nothing may be skipped.
pub const REQUIRE_ALL: &str = "SUDOKU_REQUIRE_ALL";

/// The shared puzzle sets: `SUDOKU_DATA`, or `../shared/data` beside the project.
pub fn data_dir() -> PathBuf {
    std::env::var_os("SUDOKU_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"))
}

/// True when every test must run: in CI, a missing data set or tool is a failure.
pub fn everything_required() -> bool {
    std::env::var_os(REQUIRE_ALL).is_some_and(|v| v != "0")
        || std::env::var("CI").is_ok_and(|v| v == "true" || v == "1")
}

/// Reports a skipped check; panics instead when everything is required.
pub fn skip(reason: &str) {
    assert!(
        !everything_required(),
        "{reason}, and {REQUIRE_ALL} or CI is set: nothing may be skipped"
    );
    eprintln!("skipping: {reason}");
}
