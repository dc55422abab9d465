//! Files of puzzle lines, shared by `solve --batch` and `rate`: each non-blank line is one puzzle
//! (`puzzle` or `puzzle|regions` for jigsaw); geometries and solvers are built once per size;
//! lines are processed in parallel and the results come back in input order.

use std::sync::OnceLock;

use rayon::prelude::*;

use super::error::CliError;
use super::puzzle_args::PuzzleArgs;
use sudoku_book::grid::text::parse_line;
use sudoku_book::grid::{Geometry, Grid, MAX_SIZE, RegionMap};
use sudoku_book::solve::Solver;

/// Lines handled per parallel chunk: bounds memory on huge inputs.
const CHUNK: usize = 1 << 16;

/// The non-blank lines of a text with their 1-based numbers.
pub fn puzzle_lines(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| (i + 1, line))
        .collect()
}

/// Maps every line on a pool of `jobs` threads (0 = all cores), keeping the input order, and
/// hands each chunk of results to `sink` in order. One job runs on the calling thread, without
/// a pool.
pub fn for_each_ordered<T: Send>(
    lines: &[(usize, &str)],
    jobs: Option<usize>,
    map: impl Fn(usize, &str) -> T + Sync,
    mut sink: impl FnMut(T),
) -> Result<(), CliError> {
    if jobs == Some(1) {
        lines.iter().for_each(|&(no, line)| sink(map(no, line)));
        return Ok(());
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.unwrap_or(0))
        .build()
        .map_err(|e| CliError::Input(format!("cannot start worker threads: {e}")))?;
    for chunk in lines.chunks(CHUNK) {
        let results: Vec<T> =
            pool.install(|| chunk.par_iter().map(|&(no, line)| map(no, line)).collect());
        results.into_iter().for_each(&mut sink);
    }
    Ok(())
}

/// Reads puzzle lines with the shared options: a fixed geometry when `--size` or `--regions` was
/// given, otherwise one built on first use for each size met.
pub struct LineReader<'a> {
    args: &'a PuzzleArgs,
    fixed: Option<(Geometry, Solver)>,
    by_size: Vec<OnceLock<Result<(Geometry, Solver), String>>>,
}

impl<'a> LineReader<'a> {
    /// Checks the options once (variant, box, region map) before any line is read.
    pub fn new(args: &'a PuzzleArgs) -> Result<Self, CliError> {
        let fixed = match (args.size, args.regions.is_some()) {
            (Some(size), _) => Some(args.geometry(size, args.region_map()?)?),
            (None, true) => {
                let map = args.region_map()?;
                Some(args.geometry(map.as_ref().map_or(9, RegionMap::size), map)?)
            }
            (None, false) => None,
        };
        args.variant()?;
        args.box_shape()?;
        Ok(LineReader {
            args,
            fixed: fixed.map(|geo| {
                let solver = Solver::new(&geo);
                (geo, solver)
            }),
            by_size: (0..=MAX_SIZE).map(|_| OnceLock::new()).collect(),
        })
    }

    /// Parses one line and calls `use_puzzle` with its geometry, a solver for it and the givens.
    /// Errors are messages that name the line (and column).
    pub fn read<R>(
        &self,
        line_no: usize,
        line: &str,
        use_puzzle: impl FnOnce(&Geometry, &Solver, &Grid) -> R,
    ) -> Result<R, String> {
        let (puzzle, regions) = match line.split_once('|') {
            Some((puzzle, regions)) => (puzzle, Some(regions)),
            None => (line, None),
        };
        if let (Some((geo, solver)), None) = (&self.fixed, regions) {
            let givens =
                parse_line(puzzle, line_no, Some(geo.size())).map_err(|e| e.to_string())?;
            return Ok(use_puzzle(geo, solver, &givens));
        }
        let givens = parse_line(puzzle, line_no, self.args.size).map_err(|e| e.to_string())?;
        let Some(regions) = regions else {
            let (geo, solver) = self.plain_solver(givens.size())?;
            return Ok(use_puzzle(geo, solver, &givens));
        };
        let geo = self.jigsaw_geometry(line_no, givens.size(), regions)?;
        Ok(use_puzzle(&geo, &Solver::new(&geo), &givens))
    }

    /// The geometry and solver for plain lines of one size, built once.
    fn plain_solver(&self, size: usize) -> Result<&(Geometry, Solver), String> {
        self.by_size[size]
            .get_or_init(|| {
                let geo = self.args.geometry(size, None).map_err(|e| e.to_string())?;
                let solver = Solver::new(&geo);
                Ok((geo, solver))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    fn jigsaw_geometry(&self, line_no: usize, size: usize, text: &str) -> Result<Geometry, String> {
        let map = RegionMap::parse(text).map_err(|e| format!("line {line_no}: regions: {e}"))?;
        let mut variant = self.args.variant().map_err(|e| e.to_string())?;
        variant.jigsaw = true;
        Geometry::new(size, variant, None, Some(map)).map_err(|e| format!("line {line_no}: {e}"))
    }
}
