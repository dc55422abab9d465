//! The `sudoku-book` binary: parses the command line, runs the command, prints any error once on
//! standard error and exits with its documented code.

mod cli;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(&args) {
        Ok(code) => ExitCode::from(code),
        Err(error) => {
            let message = sudoku_book::grid::text::escape_controls(&error.to_string());
            eprintln!("sudoku-book: {message}");
            ExitCode::from(error.exit_code())
        }
    }
}
