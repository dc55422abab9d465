//! `sudoku-book convert`: any puzzle input this tool reads — puzzle lines (tagged, with regions,
//! cages or rules), JSON records, or a whole `book.json` — written as lines, JSON records,
//! f-puzzles objects or SudokuPad links, so a publisher can hand every puzzle of a book to
//! players. The solution goes along when the input has it or the puzzle has exactly one.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde_json::{Value, json};

use super::error::{CliError, CliResult, EXIT_INPUT, EXIT_OK};
use super::io::{open_lines, read_file};
use super::lines::{LineReader, stream_ordered};
use super::puzzle_args::PuzzleArgs;
use super::sink::OutputStream;
use sudoku_book::grid::fpuzzles::to_fpuzzles;
use sudoku_book::grid::{Geometry, Grid, tagged_line};
use sudoku_book::solve::{Solution, Solver};

/// What `convert` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    /// One puzzle line a puzzle (tagged when the line alone would not show its variant)
    Line,
    /// One JSON record a puzzle (variant, size, box, regions, cages, constraints, givens,
    /// solution), as every command reads it
    Json,
    /// One f-puzzles JSON object a line
    Fpuzzles,
    /// One SudokuPad link a line
    Sudokupad,
}

/// Options of `convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// File of puzzles (lines, JSON records, or a book.json), '-' for standard input, or a
    /// puzzle inline
    #[arg(default_value = "-")]
    pub input: String,
    /// What to write
    #[arg(long, value_enum)]
    pub to: ConvertTo,
    #[command(flatten)]
    pub puzzle: PuzzleArgs,
    /// Write to this file instead of standard output
    #[arg(short = 'o', long = "out", value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Runs `convert`.
pub fn run(args: &ConvertArgs) -> CliResult {
    let reader = LineReader::new(&args.puzzle)?;
    let mut output = OutputStream::create(args.out.as_deref())?;
    if let Some(lines) = book_records(&args.input)? {
        let mut code = EXIT_OK;
        let mut text = String::new();
        for (index, record) in lines.iter().enumerate() {
            match convert_line(&reader, index + 1, record, args.to) {
                Ok(converted) => text.push_str(&converted),
                Err(message) => {
                    super::sink::say(&format!("sudoku-book: puzzle {}: {message}", index + 1));
                    code = EXIT_INPUT;
                }
            }
        }
        let _ = output.write(&text)?;
        output.finish()?;
        return Ok(code);
    }
    let (name, lines) = open_lines(&args.input)?;
    let mut code = EXIT_OK;
    let convert = |no: usize, line: &str| convert_line(&reader, no, line, args.to);
    stream_ordered(&name, lines, Some(1), convert, |results| {
        let mut text = String::new();
        for result in results {
            match result {
                Ok(converted) => text.push_str(&converted),
                Err(message) => {
                    super::sink::say(&format!("sudoku-book: {message}"));
                    code = EXIT_INPUT;
                }
            }
        }
        output.write(&text)
    })?;
    output.finish()?;
    Ok(code)
}

/// The puzzles of a `book.json` as JSON record lines, or `None` when the input is not one (a
/// file whose text is one JSON object with a `puzzles` list).
fn book_records(input: &str) -> Result<Option<Vec<String>>, CliError> {
    let path = std::path::Path::new(input);
    if input == "-" || !path.is_file() {
        return Ok(None);
    }
    let text = read_file(path)?;
    if !text.trim_start().starts_with('{') {
        return Ok(None);
    }
    // One JSON document (a book.json, pretty-printed); JSON lines do not parse as one.
    let Ok(book) = serde_json::from_str::<Value>(&text) else {
        return Ok(None);
    };
    let Some(puzzles) = book.get("puzzles").and_then(Value::as_array) else {
        return Ok(None);
    };
    Ok(Some(puzzles.iter().map(Value::to_string).collect()))
}

/// One puzzle converted (with its line break), or what is wrong with it.
fn convert_line(
    reader: &LineReader,
    no: usize,
    line: &str,
    to: ConvertTo,
) -> Result<String, String> {
    let known = line
        .trim_start()
        .starts_with('{')
        .then(|| serde_json::from_str::<Value>(line).ok())
        .flatten();
    reader.read(
        no,
        line,
        |geo: &Geometry, solver: &Solver, givens: &Grid| {
            let solution =
                written_solution(known.as_ref(), geo).or_else(|| unique_solution(solver, givens));
            let title = title_of(known.as_ref(), geo, no);
            Ok(match to {
                ConvertTo::Line => tagged_line(givens, geo) + "\n",
                ConvertTo::Json => record(geo, givens, solution.as_ref()).to_string() + "\n",
                ConvertTo::Fpuzzles | ConvertTo::Sudokupad => {
                    let object =
                        to_fpuzzles(geo, givens, solution.as_ref(), &title).ok_or_else(|| {
                            format!(
                                "a {} has several grids, and f-puzzles and SudokuPad draw one",
                                geo.variant()
                            )
                        })?;
                    match to {
                        ConvertTo::Sudokupad => {
                            super::fpuzzles::sudokupad_link(&object.to_string()) + "\n"
                        }
                        _ => object.to_string() + "\n",
                    }
                }
            })
        },
    )
}

/// The solution a JSON record carries (checked by the reader already).
fn written_solution(record: Option<&Value>, geo: &Geometry) -> Option<Grid> {
    let cells: Vec<u8> = record?
        .get("solution")?
        .as_array()?
        .iter()
        .map(|v| v.as_u64().and_then(|d| u8::try_from(d).ok()))
        .collect::<Option<_>>()?;
    (cells.len() == geo.cell_count()).then(|| Grid::new(geo.size(), cells))
}

/// The solution when the puzzle has exactly one.
fn unique_solution(solver: &Solver, givens: &Grid) -> Option<Grid> {
    match solver.solve(givens) {
        Solution::Unique(grid) => Some(grid),
        _ => None,
    }
}

/// A title for f-puzzles: the variant, the book's number and level when the record has them.
fn title_of(record: Option<&Value>, geo: &Geometry, no: usize) -> String {
    let variant = geo.variant().name().replace('+', " + ");
    let number = record
        .and_then(|r| r.get("id"))
        .and_then(Value::as_u64)
        .unwrap_or(no as u64);
    match record.and_then(|r| r.get("level")).and_then(Value::as_str) {
        Some(level) => format!("{variant} #{number} ({level})"),
        None => format!("{variant} #{number}"),
    }
}

/// The JSON record every command reads back.
fn record(geo: &Geometry, givens: &Grid, solution: Option<&Grid>) -> Value {
    let cages = geo.cages().map(|set| {
        set.cages()
            .iter()
            .map(|c| json!({ "cells": c.cells, "sum": c.sum }))
            .collect::<Vec<_>>()
    });
    let constraints = geo.marks().filter(|m| !m.marks().is_empty()).map(|set| {
        set.marks()
            .iter()
            .map(|m| match m.digits.is_empty() {
                true => json!({ "kind": m.kind.json_name(), "cells": m.cells }),
                false => {
                    json!({ "kind": m.kind.json_name(), "cells": m.cells, "digits": m.digits })
                }
            })
            .collect::<Vec<_>>()
    });
    let mut object = json!({
        "variant": geo.variant().name(),
        "size": geo.size(),
        "box": geo.box_shape().map(|b| [b.rows, b.cols]),
        "regions": geo.regions().map(|r| r.ids().to_vec()),
        "cages": cages,
        "givens": givens.cells(),
    });
    if let Some(constraints) = constraints {
        object["constraints"] = json!(constraints);
    }
    if let Some(solution) = solution {
        object["solution"] = json!(solution.cells());
    }
    object
}
