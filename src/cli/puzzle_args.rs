//! The options every puzzle-reading command shares (`--variant`, `--size`, `--box`, `--regions`,
//! `--format`) and turning them plus the input text into a geometry and validated givens.

use std::path::PathBuf;

use clap::Args;

use super::error::CliError;
use super::io::{Input, read_file, shown_path};
use sudoku_book::grid::fpuzzles;
use sudoku_book::grid::text::{counted, detect_format, digit_symbol, infer_size, parse_puzzle};
use sudoku_book::grid::{
    BoxShape, CageSet, Format, Geometry, GeometryError, Grid, ImportError, LineFields, MultiShape,
    ParseError, RegionMap, RuleKind, SkippedLine, Variant, read_puzzle_json, shape_of_grid,
    shape_of_line, split_tag, tagged_variant, turned_frame_line,
};
use sudoku_book::solve::{Solution, Solver};
use sudoku_book::symbols::SymbolSet;

/// What `--format fpuzzles` says of an input that is none of its forms.
pub const NOT_FPUZZLES: &str = "--format fpuzzles: this is not an f-puzzles JSON object, an lz-string payload, or an f-puzzles or SudokuPad link";

/// How many skipped lines of a cell list are reported one by one.
const SKIPPED_SHOWN: usize = 10;

/// How to read a puzzle.
#[derive(Args, Debug, Clone, Default)]
pub struct PuzzleArgs {
    /// Variant: classic, diagonal, window, jigsaw, killer, or a combination (jigsaw+diagonal,
    /// diagonal+window, killer+diagonal); or samurai, twodoku, butterfly (overlapping 9x9
    /// grids, recognised by their # positions when not named); defaults to classic, or jigsaw
    /// when --regions is given
    #[arg(long)]
    pub variant: Option<String>,
    /// Grid size N (rows, columns and digits); inferred from the puzzle when omitted
    #[arg(long)]
    pub size: Option<usize>,
    /// Box shape RxC (rows x columns), for example 2x3; defaults to the usual one for the size
    #[arg(long = "box", value_name = "RxC")]
    pub box_shape: Option<String>,
    /// Jigsaw region map: N lines of N symbols, one symbol per region
    #[arg(long, value_name = "FILE")]
    pub regions: Option<PathBuf>,
    /// Killer cages: one cage per line, SUM = r1c1 r1c2 … (or a symbol map then a=10 b=7 …);
    /// implies the killer variant
    #[arg(long, value_name = "FILE")]
    pub cages: Option<PathBuf>,
    /// Input format: line, grid, cells (row col value), or fpuzzles (an f-puzzles JSON object,
    /// its lz-string payload, or an f-puzzles or SudokuPad link); detected when omitted
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
    /// Puzzles are written in these symbols instead of digits: letters (A-I), a word of
    /// distinct letters (a Wordoku: PLANTWISE), or 0-F; solutions and generated puzzles are
    /// written in them too
    #[arg(long, value_name = "SET")]
    pub symbols: Option<String>,
}

/// A puzzle read and checked: its geometry and its givens (which break no house).
pub struct Loaded {
    /// The puzzle's houses.
    pub geo: Geometry,
    /// The givens, `0` for empty.
    pub givens: Grid,
}

impl Loaded {
    /// The puzzle's one solution; otherwise a "no" (exit 1) that says why `purpose` cannot be
    /// met, naming for several solutions a cell where two of them differ.
    pub fn unique_solution(&self, purpose: &str) -> Result<Grid, CliError> {
        match Solver::new(&self.geo).solve(&self.givens) {
            Solution::Unique(grid) => Ok(grid),
            Solution::None => Err(CliError::Puzzle(format!(
                "no solution: the givens cannot be completed, so {purpose}"
            ))),
            Solution::Multiple(first, second) => {
                let cell = first.first_difference(&second).unwrap_or(0);
                Err(CliError::Puzzle(format!(
                    "not unique: the puzzle has more than one solution ({} can be {} or {}), so {purpose}",
                    self.geo.cell_name(cell),
                    digit_symbol(first.get(cell)),
                    digit_symbol(second.get(cell))
                )))
            }
        }
    }
}

impl PuzzleArgs {
    /// The variant asked for (jigsaw when only a region map was given).
    pub fn variant(&self) -> Result<Variant, CliError> {
        let mut variant = match &self.variant {
            Some(text) => text.parse().map_err(CliError::input)?,
            None if self.regions.is_some() => Variant {
                jigsaw: true,
                ..Variant::CLASSIC
            },
            None => Variant::CLASSIC,
        };
        if self.cages.is_some() {
            variant.rules = variant.rules.with(RuleKind::Cages);
        }
        Ok(variant)
    }

    /// The cages file for a grid of `size`, read and validated.
    pub fn cage_set(&self, size: usize) -> Result<Option<CageSet>, CliError> {
        let Some(path) = &self.cages else {
            return Ok(None);
        };
        let text = read_file(path)?;
        CageSet::parse(&text, size)
            .map(Some)
            .map_err(|e| CliError::input_in(&shown_path(&path.display().to_string()), e))
    }

    /// The region map file, read and validated.
    pub fn region_map(&self) -> Result<Option<RegionMap>, CliError> {
        let Some(path) = &self.regions else {
            return Ok(None);
        };
        let text = read_file(path)?;
        RegionMap::parse(&text)
            .map(Some)
            .map_err(|e| CliError::input_in(&shown_path(&path.display().to_string()), e))
    }

    /// The box shape asked for.
    pub fn box_shape(&self) -> Result<Option<BoxShape>, CliError> {
        self.box_shape
            .as_deref()
            .map(|text| text.parse().map_err(CliError::input))
            .transpose()
    }

    /// The grid format asked for (`None` when detected, or for `--format fpuzzles`).
    pub fn format(&self) -> Result<Option<Format>, CliError> {
        if self.wants_fpuzzles() {
            return Ok(None);
        }
        self.format
            .as_deref()
            .map(|text| text.parse().map_err(CliError::Input))
            .transpose()
    }

    /// True for `--format fpuzzles`: the input must be an f-puzzles object, payload or link.
    pub fn wants_fpuzzles(&self) -> bool {
        self.format.as_deref().is_some_and(|f| {
            matches!(
                f.trim().to_ascii_lowercase().as_str(),
                "fpuzzles" | "f-puzzles"
            )
        })
    }

    /// Builds the geometry for a size (regions may override nothing: their size must match).
    pub fn geometry(&self, size: usize, regions: Option<RegionMap>) -> Result<Geometry, CliError> {
        let variant = self.variant()?;
        let cages = if variant.has(RuleKind::Cages) {
            Some(self.cage_set(size)?.ok_or(GeometryError::KillerNeedsCages))
        } else {
            None
        };
        let advice = |e: GeometryError| CliError::Input(format!("{e}{}", geometry_advice(&e)));
        let geo = Geometry::new(size, variant, self.box_shape()?, regions).map_err(advice)?;
        let geo = match cages {
            None => geo,
            Some(cages) => geo.with_cages(cages.map_err(advice)?).map_err(advice)?,
        };
        sudoku_book::grid::line::with_global_rules(geo, variant).map_err(CliError::Input)
    }

    /// The geometry of a puzzle line that carries its own region map and/or cages
    /// (`puzzle|regions|cages`), on top of the options' variant and box.
    pub fn line_geometry(&self, size: usize, fields: &LineFields) -> Result<Geometry, String> {
        let variant = self.variant().map_err(|e| e.to_string())?;
        // A jigsaw (asked, or made one by the line's region map) has no boxes: --box is unused.
        let jigsaw = variant.jigsaw || fields.regions.is_some();
        let box_shape = match variant.multi.is_some() || jigsaw {
            true => None,
            false => self.box_shape().map_err(|e| e.to_string())?,
        };
        fields_geometry(size, variant, box_shape, fields)
    }

    /// Reads one puzzle from the input, builds its geometry and checks its givens. Skipped lines
    /// of a cell list are reported on standard error. A one-line puzzle may carry its region map
    /// and cages (`puzzle|regions|cages`, as `generate` writes them).
    pub fn load(&self, input: &Input) -> Result<Loaded, CliError> {
        if let Some(object) = fpuzzles::object_in_line(&input.text, &super::fpuzzles::decompress) {
            let in_input = |message: String| CliError::input_in(&input.name, message);
            let read = fpuzzles::from_fpuzzles(&object.map_err(in_input)?).map_err(in_input)?;
            for note in &read.notes {
                super::sink::say(&format!("sudoku-book: note: {}: {note}", input.name));
            }
            return self.checked(input, read.geometry, read.givens);
        }
        if self.wants_fpuzzles() {
            return Err(CliError::input_in(&input.name, NOT_FPUZZLES));
        }
        if let (Some(tag), rest) = split_tag(&input.text)
            && !input.text.trim().contains('\n')
        {
            let variant = tagged_variant(Some(tag), self.variant()?)
                .map_err(|e| CliError::input_in(&input.name, e))?;
            let args = PuzzleArgs {
                variant: Some(variant.name()),
                ..self.clone()
            };
            let untagged = Input {
                name: input.name.clone(),
                text: rest.to_string(),
            };
            return args.load(&untagged);
        }
        if let Some((turned, how)) = turned_frame_line(&input.text) {
            super::sink::say(&format!(
                "sudoku-book: note: {}: the puzzle's frame is {how}: it is read turned into sudoku-book's layout of the shape, and written so",
                input.name
            ));
            let turned = Input {
                name: input.name.clone(),
                text: turned,
            };
            return self.load(&turned);
        }
        let set = self.symbol_set()?;
        if set != SymbolSet::Digits {
            let format = match self.format()? {
                Some(format) => format,
                None => detect_format(&input.text),
            };
            let shape = match format {
                Format::Cells => super::symbols::Shape::Cells,
                Format::Grid => super::symbols::Shape::Grid,
                Format::Line => super::symbols::Shape::Line,
            };
            let text = super::symbols::to_digits_checked(set, &input.text, shape, self.size)
                .map_err(|e| CliError::input_in(&input.name, e))?;
            let translated = Input {
                name: input.name.clone(),
                text: text.into_owned(),
            };
            let loaded = self.load_digits(&translated)?;
            set.fits(loaded.geo.size())
                .map_err(|e| CliError::Input(format!("--symbols: {e}")))?;
            return Ok(loaded);
        }
        self.load_digits(input)
    }

    /// True when no option changes how a line is read: a line of 81 digits is then classic 9×9.
    pub fn is_plain(&self) -> bool {
        let PuzzleArgs {
            variant,
            size,
            box_shape,
            regions,
            cages,
            format: _,
            symbols,
        } = self;
        variant.is_none()
            && matches!(size, None | Some(9))
            && box_shape.is_none()
            && regions.is_none()
            && cages.is_none()
            && symbols.is_none()
    }

    /// The symbol set of `--symbols` (digits when not given).
    pub fn symbol_set(&self) -> Result<SymbolSet, CliError> {
        match &self.symbols {
            None => Ok(SymbolSet::Digits),
            Some(arg) => super::symbols::text_symbols(arg),
        }
    }

    fn load_digits(&self, input: &Input) -> Result<Loaded, CliError> {
        if let Some(shape) = self.shown_shape(&input.text) {
            let args = PuzzleArgs {
                variant: Some(shape.name().to_string()),
                symbols: None,
                ..self.clone()
            };
            return args.load_digits(input);
        }
        if let Some(loaded) = self.load_fields(input)? {
            return Ok(loaded);
        }
        if input.text.trim_start().starts_with('{') {
            let read = read_puzzle_json(1, &input.text)
                .map_err(|e| CliError::input_in(&input.name, import_message(&e)))?;
            return Ok(Loaded {
                geo: read.geometry,
                givens: read.givens,
            });
        }
        let format = match self.format()? {
            Some(format) => format,
            None => detect_format(&input.text),
        };
        let regions = self.region_map()?;
        let size = self.choose_size(input, format, regions.as_ref())?;
        // A size read from the puzzle itself is the input's: its errors name the input.
        let inferred = self.size.is_none() && regions.is_none();
        let geo = self.geometry(size, regions).map_err(|error| match error {
            CliError::Input(message) => {
                let message = match lines_hint(&input.text) {
                    Some(hint) => format!("{message} ({hint})"),
                    None => message,
                };
                match inferred {
                    true => CliError::input_in(&input.name, message),
                    false => CliError::Input(message),
                }
            }
            other => other,
        })?;
        let (givens, skipped) = parse_puzzle(&input.text, &geo, format)
            .map_err(|e| CliError::input_in(&input.name, parse_message(&e)))?;
        report_skipped(&input.name, &skipped);
        self.checked(input, geo, givens)
    }

    /// The puzzle, once its givens are known to break no house and no cage.
    fn checked(&self, input: &Input, geo: Geometry, givens: Grid) -> Result<Loaded, CliError> {
        let in_input = |message: String| CliError::input_in(&input.name, message);
        fits(&geo, &givens).map_err(in_input)?;
        keeps_rules(&geo, &givens).map_err(in_input)?;
        Ok(Loaded { geo, givens })
    }

    /// A one-line `puzzle|regions|cages` input, read with its own shape; `None` for any other
    /// input.
    fn load_fields(&self, input: &Input) -> Result<Option<Loaded>, CliError> {
        let text = input.text.trim();
        if text.contains('\n') || !text.contains('|') {
            return Ok(None);
        }
        let in_input = |message: String| CliError::input_in(&input.name, message);
        let fields = LineFields::split(text).map_err(in_input)?;
        let givens = parse_one_line(fields.puzzle, self.size).map_err(in_input)?;
        let geo = self
            .line_geometry(givens.size(), &fields)
            .map_err(in_input)?;
        Ok(Some(self.checked(input, geo, givens)?))
    }

    /// The multi-grid shape the text shows by its `#` positions, when no variant, region map
    /// or cages were given.
    fn shown_shape(&self, text: &str) -> Option<MultiShape> {
        if self.variant.is_some() || self.regions.is_some() || self.cages.is_some() {
            return None;
        }
        let lines = text.lines().filter(|l| !l.trim().is_empty()).count();
        match lines {
            1 => shape_of_line(text),
            _ => shape_of_grid(text),
        }
    }

    fn choose_size(
        &self,
        input: &Input,
        format: Format,
        regions: Option<&RegionMap>,
    ) -> Result<usize, CliError> {
        if self.variant()?.multi.is_some() {
            return Ok(self.size.unwrap_or(MultiShape::GRID));
        }
        if let Some(size) = self.size.or(regions.map(RegionMap::size)) {
            return Ok(size);
        }
        let inferred =
            infer_size(&input.text, format).map_err(|e| CliError::input_in(&input.name, e))?;
        let from_box = self.box_shape()?.map(|b| b.rows * b.cols);
        Ok(inferred.or(from_box).unwrap_or(9))
    }
}

/// An import error as the CLI says it: `line L, column C: what`.
pub fn import_message(error: &ImportError) -> String {
    error.located()
}

/// A hint for text that is a file of puzzle lines rather than one puzzle: several lines of one
/// length, a square number of cells (such as 81) each.
fn lines_hint(text: &str) -> Option<String> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let length = lines.first()?.chars().count();
    let root = (length as f64).sqrt().round() as usize;
    let square = root >= 4 && root * root == length;
    let same = lines.iter().all(|l| l.chars().count() == length);
    (lines.len() >= 2 && square && same).then(|| {
        format!(
            "it looks like {} of {length} cells: `solve --batch FILE` and `rate FILE` read a file of puzzle lines",
            counted(lines.len(), "puzzle line")
        )
    })
}

pub use sudoku_book::grid::line::fits;
use sudoku_book::grid::line::{fields_geometry, keeps_rules};

fn parse_one_line(puzzle: &str, size: Option<usize>) -> Result<Grid, String> {
    sudoku_book::grid::text::parse_line(puzzle, 1, size).map_err(|e| e.to_string())
}

/// A parse error with the command-line option that would help, when there is one.
pub fn parse_message(error: &ParseError) -> String {
    match error {
        ParseError::ExtraLine { .. } => format!("{error}; use --format grid for grid text"),
        _ => error.to_string(),
    }
}

/// The command-line option that would help with a geometry error, as a suffix (or nothing).
fn geometry_advice(error: &GeometryError) -> &'static str {
    match error {
        GeometryError::JigsawNeedsRegions => " (give it with --regions FILE)",
        GeometryError::NoBoxShape { .. } => {
            " (on the command line: --variant jigsaw --regions FILE)"
        }
        _ => "",
    }
}

/// Reports the skipped lines of a cell list on standard error: the first few, then how many more.
pub fn report_skipped(name: &str, skipped: &[SkippedLine]) {
    for line in skipped.iter().take(SKIPPED_SHOWN) {
        super::sink::say(&format!("{name}: {line}"));
    }
    let more = skipped.len().saturating_sub(SKIPPED_SHOWN);
    if more > 0 {
        super::sink::say(&format!(
            "{name}: and {} skipped",
            counted(more, "more line")
        ));
    }
}
