//! `sudoku-book rate`: the difficulty of each puzzle line — score on the Sudoku Explainer scale,
//! level, and the techniques used — as text or JSON lines, in input order.

use std::path::PathBuf;

use clap::Args;
use serde_json::json;

use super::error::{CliResult, EXIT_INPUT, EXIT_OK};
use super::io::open_lines;
use super::lines::{LineReader, stream_ordered};
use super::output::score_json;
use super::puzzle_args::PuzzleArgs;
use super::sink::OutputStream;
use sudoku_book::grid::{Geometry, Grid, puzzle_id};
use sudoku_book::logic::step_words::English;
use sudoku_book::logic::{Level, Rating, Step, rate, solve_logic};
use sudoku_book::solve::Solver;
use sudoku_book::symbols::SymbolWords;

/// Options of `rate`.
#[derive(Args, Debug)]
pub struct RateArgs {
    /// File of puzzle lines (jigsaw: `puzzle|regions`), '-' for standard input, or a puzzle inline
    #[arg(default_value = "-")]
    pub input: String,
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// One JSON object per puzzle: puzzle, score, level, solved, techniques
    #[arg(long)]
    pub json: bool,
    /// Also the solving path: every step of the easiest path the rating follows, one per line
    /// (with --json, a "path" list of {technique, score, text, placements, eliminations}, cells
    /// as indices and as names)
    #[arg(long)]
    pub path: bool,
    /// Worker threads (default: all cores); never changes the output order
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Write to this file instead of standard output
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Runs `rate`: streams the input line by line, writing each chunk's results as it completes.
pub fn run(args: &RateArgs) -> CliResult {
    let reader = LineReader::new(&args.puzzle)?;
    let (name, lines) = open_lines(&args.input)?;
    let mut output = OutputStream::create(args.out.as_deref())?;
    let mut code = EXIT_OK;
    let set = args.puzzle.symbol_set()?;
    let rate_line = |no: usize, line: &str| {
        reader
            .read(no, line, |geo: &Geometry, _, givens: &Grid| {
                let rated = rate_checked(geo, givens)?;
                let path = args.path.then(|| {
                    let words = SymbolWords::new(&English, set.names(geo.size()));
                    let steps = solve_logic(geo, givens, Level::HARDEST).steps;
                    let said = |step: Step| (step.describe(&words), step);
                    steps.into_iter().map(said).collect::<Vec<_>>()
                });
                let id = args.json.then(|| puzzle_id(geo, givens)).flatten();
                Ok((rated, path, id))
            })
            .map(|rated| (line.trim().to_string(), rated))
    };
    stream_ordered(&name, lines, args.jobs, rate_line, |results| {
        let mut text = String::new();
        for result in results {
            text.push_str(&match result {
                Ok((puzzle, ((rating, solutions), path, id))) => render(
                    &puzzle,
                    (&rating, solutions),
                    path.as_deref(),
                    args.json.then_some(id.as_deref().unwrap_or_default()),
                ),
                Err(message) => {
                    code = EXIT_INPUT;
                    render_error(&message, args.json)
                }
            });
        }
        output.write(&text)
    })?;
    output.finish()?;
    Ok(code)
}

/// Rates a puzzle whose givens break no house; a puzzle logic cannot finish is also counted,
/// to say why: no solution, several, or (one, or not settled) trial and error.
fn rate_checked(geo: &Geometry, givens: &Grid) -> Result<(Rating, Option<usize>), String> {
    givens.check_givens(geo).map_err(|e| e.to_string())?;
    let rating = rate(geo, givens);
    let solutions = if rating.solved {
        Some(1)
    } else {
        Solver::new(geo).count_within(givens, 2, COUNT_NODE_CAP)
    };
    Ok((rating, solutions))
}

/// Search nodes the count of a puzzle logic could not finish may take (a second or so on
/// 25×25); past it the puzzle is said to need trial and error.
const COUNT_NODE_CAP: u64 = 100_000;

/// Why logic did not finish a puzzle, from its solution count (when settled).
fn unsolved_reason(solutions: Option<usize>) -> &'static str {
    match solutions {
        Some(0) => "it has no solution",
        Some(2..) => "it has more than one solution",
        _ => "needs trial and error",
    }
}

fn render(
    puzzle: &str,
    (rating, solutions): (&Rating, Option<usize>),
    path: Option<&[(String, Step)]>,
    json_with_id: Option<&str>,
) -> String {
    if let Some(id) = json_with_id {
        let mut object = json!({
            "puzzle": puzzle,
            "puzzle_id": id,
            "score": score_json(rating),
            "level": rating.level.name(),
            "solved": rating.solved,
            "techniques": rating.techniques,
        });
        if !rating.solved {
            object["unsolved"] = json!(unsolved_reason(solutions));
        }
        if let Some(steps) = path {
            object["path"] = steps
                .iter()
                .map(|(text, step)| step_json(text, step))
                .collect();
        }
        return object.to_string() + "\n";
    }
    let used: Vec<String> = rating
        .techniques_in_order()
        .iter()
        .map(|(name, count)| format!("{name} x{count}"))
        .collect();
    let solved = if rating.solved {
        String::new()
    } else {
        format!(" (not solved by logic: {})", unsolved_reason(solutions))
    };
    let mut text = format!(
        "score {:.1}  level {}{solved}  {}\n",
        rating.score,
        rating.level,
        used.join(", ")
    );
    for (number, (step, _)) in path.unwrap_or_default().iter().enumerate() {
        text.push_str(&format!("  {:>3}. {step}\n", number + 1));
    }
    text
}

/// One step of the path as JSON: its technique and score, its sentence, and what it places and
/// removes (`[cell, digit]`, cells as indices, with their names in `cells`).
fn step_json(text: &str, step: &Step) -> serde_json::Value {
    let pairs = |list: &[(usize, u8)]| -> Vec<[usize; 2]> {
        list.iter()
            .map(|&(cell, digit)| [cell, usize::from(digit)])
            .collect()
    };
    let mut touched: Vec<usize> = step
        .placements
        .iter()
        .chain(&step.eliminations)
        .map(|&(cell, _)| cell)
        .collect();
    touched.sort_unstable();
    touched.dedup();
    let names: serde_json::Map<String, serde_json::Value> = touched
        .iter()
        .map(|&cell| (cell.to_string(), json!(step.names.name(cell))))
        .collect();
    json!({
        "technique": step.technique.name(),
        "score": (f64::from(step.score()) * 10.0).round() / 10.0,
        "text": text,
        "placements": pairs(&step.placements),
        "eliminations": pairs(&step.eliminations),
        "cells": names,
    })
}

fn render_error(message: &str, as_json: bool) -> String {
    if as_json {
        json!({ "error": message }).to_string() + "\n"
    } else {
        format!("error: {message}\n")
    }
}
