//! The progress bar of the commands that generate puzzles: drawn on standard error only when it
//! is a terminal, never in piped or quiet runs.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressStyle};

/// A bar counting `count` puzzles, or a hidden one when nobody would see it.
pub fn puzzle_bar(count: usize, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() || count < 2 {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {eta} left") {
        bar.set_style(style);
    }
    bar
}
