//! The command line: one clap command per file, a shared error type mapped to exit codes in one
//! place, and the input/output helpers the commands share.

pub mod build;
pub mod check;
pub mod convert;
pub mod error;
pub mod fpuzzles;
pub mod generate;
pub mod hint;
pub mod id;
pub mod io;
pub mod library;
pub mod library_add;
pub mod library_daily;
pub mod library_upkeep;
pub mod lines;
pub mod output;
pub mod play;
pub mod progress;
pub mod puzzle_args;
pub mod rate;
pub mod shard;
pub mod signals;
pub mod sink;
pub mod solve;
pub mod solve_logic;
pub mod symbols;

use clap::{Parser, Subcommand};

use error::CliResult;

/// Generates, solves, rates and publishes Sudoku puzzles.
#[derive(Parser, Debug)]
#[command(name = "sudoku-book", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Build a book (PDF, SVG pages and a JSON manifest) from a TOML spec
    Build(build::BuildArgs),
    /// Solve a puzzle (or a batch of puzzle lines) and say whether the solution is unique
    Solve(solve::SolveArgs),
    /// Check a filled-in grid against a puzzle
    Check(check::CheckArgs),
    /// Reveal the value of one cell of a puzzle's unique solution
    Hint(hint::HintArgs),
    /// Rate the difficulty of puzzles: score, level and the techniques needed
    Rate(rate::RateArgs),
    /// Generate puzzles of a variant, size and difficulty from a seed
    Generate(generate::GenerateArgs),
    /// Write a puzzle (given, or generated) as a playable HTML page and print its path
    Play(play::PlayArgs),
    /// Print a puzzle's canonical ID, the same for every turn, mirror and relabelling of it
    Id(id::IdArgs),
    /// The puzzle library (an SQLite file): fill it ahead of time, count what it holds
    Library(library::LibraryArgs),
    /// Convert puzzles (lines, JSON records, a book.json) to lines, JSON records, f-puzzles
    /// objects or SudokuPad links
    Convert(convert::ConvertArgs),
}

/// Runs the chosen command.
pub fn run(cli: &Cli) -> CliResult {
    match &cli.command {
        Command::Build(args) => build::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Check(args) => check::run(args),
        Command::Hint(args) => hint::run(args),
        Command::Rate(args) => rate::run(args),
        Command::Generate(args) => generate::run(args),
        Command::Play(args) => play::run(args),
        Command::Id(args) => id::run(args),
        Command::Library(args) => library::run(args),
        Command::Convert(args) => convert::run(args),
    }
}
