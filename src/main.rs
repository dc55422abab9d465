//! The `sudoku-book` binary: parses the command line, runs the command, prints any error once on
//! standard error and exits with its documented code.

mod cli;

use std::process::ExitCode;

use clap::Parser;

/// mimalloc (version 2, without transparent huge pages) rather than the system allocator: a
/// build allocates a great many small strings and vectors (SVG attributes, PDF operations,
/// rating steps), and this takes about a tenth off its CPU time for about 10 MB more at the
/// peak (docs/PERFORMANCE.md, "The digger asks less"). Output does not depend on it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(&args) {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            let message = sudoku_book::grid::text::escape_controls(&error.to_string());
            cli::sink::say(&format!("sudoku-book: {message}"));
            ExitCode::from(error.exit_code())
        }
    }
}
