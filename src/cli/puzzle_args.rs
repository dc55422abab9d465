//! The options every puzzle-reading command shares (`--variant`, `--size`, `--box`, `--regions`,
//! `--format`) and turning them plus the input text into a geometry and validated givens.

use std::path::PathBuf;

use clap::Args;

use super::error::CliError;
use super::io::{Input, read_file};
use sudoku_book::grid::text::{detect_format, infer_size, parse_puzzle};
use sudoku_book::grid::{BoxShape, Format, Geometry, Grid, RegionMap, Variant};

/// How to read a puzzle.
#[derive(Args, Debug, Clone, Default)]
pub struct PuzzleArgs {
    /// Variant: classic, diagonal, window, jigsaw, or a combination (jigsaw+diagonal,
    /// diagonal+window); defaults to classic, or jigsaw when --regions is given
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
    /// Input format: line, grid or cells (row col value); detected when omitted
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
}

/// A puzzle read and checked: its geometry and its givens (which break no house).
pub struct Loaded {
    /// The puzzle's houses.
    pub geo: Geometry,
    /// The givens, `0` for empty.
    pub givens: Grid,
}

impl PuzzleArgs {
    /// The variant asked for (jigsaw when only a region map was given).
    pub fn variant(&self) -> Result<Variant, CliError> {
        match &self.variant {
            Some(text) => text.parse().map_err(CliError::input),
            None if self.regions.is_some() => Ok(Variant {
                jigsaw: true,
                ..Variant::CLASSIC
            }),
            None => Ok(Variant::CLASSIC),
        }
    }

    /// The region map file, read and validated.
    pub fn region_map(&self) -> Result<Option<RegionMap>, CliError> {
        let Some(path) = &self.regions else {
            return Ok(None);
        };
        let text = read_file(path)?;
        RegionMap::parse(&text)
            .map(Some)
            .map_err(|e| CliError::input_in(&path.display().to_string(), e))
    }

    /// The box shape asked for.
    pub fn box_shape(&self) -> Result<Option<BoxShape>, CliError> {
        self.box_shape
            .as_deref()
            .map(|text| text.parse().map_err(CliError::input))
            .transpose()
    }

    /// The input format asked for.
    pub fn format(&self) -> Result<Option<Format>, CliError> {
        self.format
            .as_deref()
            .map(|text| text.parse().map_err(CliError::Input))
            .transpose()
    }

    /// Builds the geometry for a size (regions may override nothing: their size must match).
    pub fn geometry(&self, size: usize, regions: Option<RegionMap>) -> Result<Geometry, CliError> {
        Geometry::new(size, self.variant()?, self.box_shape()?, regions).map_err(CliError::input)
    }

    /// Reads one puzzle from the input, builds its geometry and checks its givens. Skipped lines
    /// of a cell list are reported on standard error.
    pub fn load(&self, input: &Input) -> Result<Loaded, CliError> {
        let format = match self.format()? {
            Some(format) => format,
            None => detect_format(&input.text),
        };
        let regions = self.region_map()?;
        let size = self.choose_size(input, format, regions.as_ref())?;
        let geo = self.geometry(size, regions)?;
        let (givens, skipped) = parse_puzzle(&input.text, &geo, format)
            .map_err(|e| CliError::input_in(&input.name, e))?;
        for line in skipped {
            eprintln!("{}: {line}", input.name);
        }
        givens
            .check_givens(&geo)
            .map_err(|e| CliError::input_in(&input.name, e))?;
        Ok(Loaded { geo, givens })
    }

    fn choose_size(
        &self,
        input: &Input,
        format: Format,
        regions: Option<&RegionMap>,
    ) -> Result<usize, CliError> {
        if let Some(size) = self.size.or(regions.map(RegionMap::size)) {
            return Ok(size);
        }
        let inferred =
            infer_size(&input.text, format).map_err(|e| CliError::input_in(&input.name, e))?;
        let from_box = self.box_shape()?.map(|b| b.rows * b.cols);
        Ok(inferred.or(from_box).unwrap_or(9))
    }
}
