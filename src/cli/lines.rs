//! Streams of puzzle lines, shared by `solve --batch` and `rate`: each non-blank line is one
//! puzzle (`puzzle`, `puzzle|regions|cages`, or a JSON record as `generate --output json` writes); geometries and solvers are built once per
//! size; lines are read in bounded chunks, each chunk processed in parallel and its results
//! handed on in input order before the next chunk is read, so memory stays bounded.

use std::borrow::Cow;
use std::collections::HashMap;
use std::io::BufRead;
use std::ops::ControlFlow;
use std::sync::{Arc, Mutex, OnceLock};

use rayon::prelude::*;

use super::error::CliError;
use super::io::stream_error;
use super::puzzle_args::{PuzzleArgs, fits, import_message};
use sudoku_book::grid::LineFields;
use sudoku_book::grid::fpuzzles;
use sudoku_book::grid::text::parse_line;
use sudoku_book::grid::{
    Geometry, Grid, MAX_SIZE, MultiShape, RegionMap, Variant, parse_line_of, read_puzzle_json,
    shape_of_line, split_tag, tagged_variant, turned_frame_line,
};
use sudoku_book::input::LineStream;
use sudoku_book::solve::Solver;
use sudoku_book::symbols::SymbolSet;

/// Lines handled per parallel chunk at most.
const CHUNK_LINES: usize = 4096;

/// Lines per chunk on one thread: nothing to share out, so a small chunk whose memory is reused
/// from chunk to chunk rather than fresh pages for thousands of lines (docs/PERFORMANCE.md).
const SERIAL_CHUNK_LINES: usize = 64;

/// Bytes of line text per chunk at most (the chunk ends with the line that passes it).
const CHUNK_BYTES: usize = 8 << 20;

/// A non-blank line: its 1-based number and its text, or why it could not be read.
type Numbered = (usize, Result<String, String>);

/// The next chunk of non-blank lines (empty at the end of the input).
fn next_chunk<R: BufRead>(
    name: &str,
    lines: &mut LineStream<R>,
    most_lines: usize,
) -> Result<Vec<Numbered>, CliError> {
    let mut chunk = Vec::new();
    let mut bytes = 0;
    while chunk.len() < most_lines && bytes < CHUNK_BYTES {
        let Some(line) = lines.next() else {
            break;
        };
        let line = line.map_err(|e| stream_error(name, e))?;
        if line.text.as_ref().is_ok_and(|text| text.trim().is_empty()) {
            continue;
        }
        bytes += line.text.as_ref().map_or(0, String::len);
        chunk.push((line.number, line.text));
    }
    Ok(chunk)
}

/// Maps every non-blank line of the stream on a pool of `jobs` threads (all cores when `None`), chunk by
/// chunk, and hands each chunk's results to `sink` in input order, until `sink` says to stop (its
/// reader went away). A line that could not be read reaches `sink` as its error message. One job
/// runs on the calling thread, without a pool.
pub fn stream_ordered<T: Send, R: BufRead>(
    name: &str,
    mut lines: LineStream<R>,
    jobs: Option<usize>,
    map: impl Fn(usize, &str) -> Result<T, String> + Sync,
    mut sink: impl FnMut(Vec<Result<T, String>>) -> Result<ControlFlow<()>, CliError>,
) -> Result<(), CliError> {
    let pool = match jobs {
        Some(1) => None,
        _ => Some(sudoku_book::workers::pool(jobs)?),
    };
    let run = |(no, line): &Numbered| match line {
        Ok(text) => map(*no, text),
        Err(message) => Err(message.clone()),
    };
    let most_lines = if pool.is_some() {
        CHUNK_LINES
    } else {
        SERIAL_CHUNK_LINES
    };
    loop {
        let chunk = next_chunk(name, &mut lines, most_lines)?;
        if chunk.is_empty() {
            return Ok(());
        }
        let results: Vec<Result<T, String>> = match &pool {
            Some(pool) => {
                // Allocated here, so it is freed on the thread that allocated it: a block
                // freed by another thread waits until its owner allocates again, and workers
                // that answer lines without allocating would keep every chunk's block.
                let mut results = Vec::with_capacity(chunk.len());
                pool.install(|| chunk.par_iter().map(run).collect_into_vec(&mut results));
                results
            }
            None => chunk.iter().map(run).collect(),
        };
        if sink(results)?.is_break() {
            return Ok(());
        }
    }
}

/// A message about line `line_no`, named as such unless it already starts with the line.
fn located(line_no: usize, message: String) -> String {
    let prefix = format!("line {line_no}");
    match message.strip_prefix(&prefix) {
        Some(rest) if rest.starts_with([':', ',', ' ']) => message,
        _ => format!("{prefix}: {message}"),
    }
}

/// Reads puzzle lines with the shared options: a fixed geometry when `--size` or `--regions` was
/// given, otherwise one built on first use for each size met.
pub struct LineReader<'a> {
    args: Cow<'a, PuzzleArgs>,
    /// The symbols lines are written in (`--symbols`).
    symbols: SymbolSet,
    fixed: Option<(Geometry, Solver)>,
    by_size: Vec<OnceLock<Result<(Geometry, Solver), String>>>,
    by_shape: [OnceLock<Result<(Geometry, Solver), String>>; 3],
    /// Readers for the lines tagged with a variant (`diagonal:…`), by the variant's name.
    tagged: Mutex<HashMap<String, Arc<LineReader<'static>>>>,
    /// Set once a line with a turned frame was noted.
    turned_said: std::sync::atomic::AtomicBool,
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
            (None, false) if args.variant()?.multi.is_some() => Some(args.geometry(9, None)?),
            (None, false) => None,
        };
        args.variant()?;
        args.box_shape()?;
        Ok(LineReader {
            symbols: args.symbol_set()?,
            fixed: fixed.map(|geo| {
                let solver = Solver::new(&geo);
                (geo, solver)
            }),
            by_size: (0..=MAX_SIZE).map(|_| OnceLock::new()).collect(),
            by_shape: Default::default(),
            tagged: Mutex::new(HashMap::new()),
            turned_said: std::sync::atomic::AtomicBool::new(false),
            args: Cow::Borrowed(args),
        })
    }

    /// The reader of lines tagged with `tag` (`diagonal:…`): these options with the tag's
    /// variant, built once per variant.
    fn tagged_reader(&self, tag: &str) -> Result<Arc<LineReader<'static>>, String> {
        let asked = self.args.variant().map_err(|e| e.to_string())?;
        let variant = tagged_variant(Some(tag), asked)?;
        let name = variant.name();
        let mut readers = self.tagged.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(reader) = readers.get(&name) {
            return Ok(reader.clone());
        }
        let args = PuzzleArgs {
            variant: Some(name.clone()),
            ..self.args.as_ref().clone()
        };
        let reader = LineReader::owned(args).map_err(|e| e.to_string())?;
        let reader = Arc::new(reader);
        readers.insert(name, reader.clone());
        Ok(reader)
    }

    /// A reader that owns its options.
    fn owned(args: PuzzleArgs) -> Result<LineReader<'static>, CliError> {
        let LineReader {
            symbols,
            fixed,
            by_size,
            by_shape,
            tagged,
            turned_said,
            args: _,
        } = LineReader::new(&args)?;
        Ok(LineReader {
            args: Cow::Owned(args),
            symbols,
            fixed,
            by_size,
            by_shape,
            tagged,
            turned_said,
        })
    }

    /// The symbols lines are written in (`--symbols`).
    pub fn symbols(&self) -> SymbolSet {
        self.symbols
    }

    /// Parses one line and calls `use_puzzle` with its geometry, a solver for it and the givens.
    /// Errors (its own and `use_puzzle`'s) are messages that name the line (and column).
    pub fn read<R>(
        &self,
        line_no: usize,
        line: &str,
        use_puzzle: impl FnOnce(&Geometry, &Solver, &Grid) -> Result<R, String>,
    ) -> Result<R, String> {
        let fitted = |geo: &Geometry, solver: &Solver, givens: &Grid| {
            self.symbols
                .fits(geo.size())
                .map_err(|e| format!("--symbols: {e}"))?;
            use_puzzle(geo, solver, givens)
        };
        self.read_unlocated(line_no, line, fitted)
            .map_err(|message| located(line_no, message))
    }

    fn read_unlocated<R>(
        &self,
        line_no: usize,
        line: &str,
        use_puzzle: impl FnOnce(&Geometry, &Solver, &Grid) -> Result<R, String>,
    ) -> Result<R, String> {
        if let Some(object) = fpuzzles::object_in_line(line, &super::fpuzzles::decompress) {
            let read = fpuzzles::from_fpuzzles(&object?)?;
            for note in &read.notes {
                super::sink::say(&format!("sudoku-book: note: line {line_no}: {note}"));
            }
            sudoku_book::grid::line::fits(&read.geometry, &read.givens)?;
            sudoku_book::grid::line::keeps_rules(&read.geometry, &read.givens)?;
            return use_puzzle(&read.geometry, &Solver::new(&read.geometry), &read.givens);
        }
        if self.args.wants_fpuzzles() {
            return Err(super::puzzle_args::NOT_FPUZZLES.into());
        }
        if line.trim_start().starts_with('{') {
            let read = read_puzzle_json(line_no, line).map_err(|e| import_message(&e))?;
            return use_puzzle(&read.geometry, &Solver::new(&read.geometry), &read.givens);
        }
        if let (Some(tag), rest) = split_tag(line) {
            return self
                .tagged_reader(tag)?
                .read_unlocated(line_no, rest, use_puzzle);
        }
        if let Some((turned, how)) = turned_frame_line(line) {
            if !self
                .turned_said
                .swap(true, std::sync::atomic::Ordering::Relaxed)
            {
                super::sink::say(&format!(
                    "sudoku-book: note: line {line_no}: the puzzle's frame is {how}: such lines are read turned into sudoku-book's layout of the shape, and written so"
                ));
            }
            return self.read_unlocated(line_no, &turned, use_puzzle);
        }
        let translated = super::symbols::to_digits_checked(
            self.symbols,
            line,
            super::symbols::Shape::Line,
            self.args.size,
        )
        .map_err(|e| e.replacen("line 1, column", &format!("line {line_no}, column"), 1))?;
        let line = &*translated;
        let fields = LineFields::split(line)?;
        let puzzle = fields.puzzle;
        // A line showing a multi-grid by its # positions is read as one, unless a variant
        // was named.
        let shown = shape_of_line(puzzle).filter(|_| self.args.variant.is_none());
        if let (Some(shape), true) = (shown, fields.is_plain()) {
            let (geo, solver) = self.multi_solver(shape)?;
            let givens = parse_line_of(puzzle, line_no, geo).map_err(|e| e.to_string())?;
            return use_puzzle(geo, solver, &givens);
        }
        if let (Some((geo, solver)), true) = (&self.fixed, fields.is_plain()) {
            let givens = parse_line_of(puzzle, line_no, geo).map_err(|e| e.to_string())?;
            return use_puzzle(geo, solver, &givens);
        }
        let givens = parse_line(puzzle, line_no, self.args.size).map_err(|e| e.to_string())?;
        if fields.is_plain() {
            let (geo, solver) = self.plain_solver(givens.size())?;
            return use_puzzle(geo, solver, &givens);
        }
        let geo = self
            .args
            .line_geometry(givens.size(), &fields)
            .map_err(|e| format!("line {line_no}: {e}"))?;
        fits(&geo, &givens)?;
        use_puzzle(&geo, &Solver::new(&geo), &givens)
    }

    /// The geometry and solver for lines of a multi-grid shape, built once.
    fn multi_solver(&self, shape: MultiShape) -> Result<&(Geometry, Solver), String> {
        let index = MultiShape::ALL
            .iter()
            .position(|&s| s == shape)
            .unwrap_or(0);
        self.by_shape[index]
            .get_or_init(|| {
                let variant = Variant {
                    multi: Some(shape),
                    ..Variant::CLASSIC
                };
                let geo = Geometry::new(9, variant, None, None).map_err(|e| e.to_string())?;
                let solver = Solver::new(&geo);
                Ok((geo, solver))
            })
            .as_ref()
            .map_err(Clone::clone)
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
}

#[cfg(test)]
mod tests {
    use super::located;

    #[test]
    fn messages_name_their_line_once() {
        assert_eq!(located(3, "bad".into()), "line 3: bad");
        assert_eq!(
            located(3, "line 3, column 2: x".into()),
            "line 3, column 2: x"
        );
        assert_eq!(located(3, "line 3: x".into()), "line 3: x");
        assert_eq!(located(3, "line 30: x".into()), "line 3: line 30: x");
    }
}
