//! How grids are printed: `--output line|grid|cells|json`.

use clap::ValueEnum;
use serde_json::json;

use sudoku_book::book::manifest::FrameRecord;
use sudoku_book::grid::{Geometry, Grid, to_cell_list, to_grid_text, to_line};

/// The output format of a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum OutputFormat {
    /// One line of N*N symbols (a multi-grid: its frame, # where there is no cell)
    Line,
    /// N lines with box separators (a multi-grid: its frame rows, blanks where there is no cell)
    #[default]
    Grid,
    /// `row col value` lines
    Cells,
    /// A JSON object
    Json,
}

/// The grid as text in one of the plain formats (JSON is built by each command).
pub fn grid_text(grid: &Grid, geo: &Geometry, format: OutputFormat) -> String {
    match format {
        OutputFormat::Line => to_line(grid, geo) + "\n",
        OutputFormat::Grid | OutputFormat::Json => to_grid_text(grid, geo),
        OutputFormat::Cells => to_cell_list(grid, geo),
    }
}

/// The fields every JSON puzzle object carries: variant, size, box, regions; and for a
/// multi-grid its frame and each cell's position in it, as `book.json` has them.
pub fn geometry_json(geo: &Geometry) -> serde_json::Map<String, serde_json::Value> {
    let mut map = serde_json::Map::new();
    map.insert("variant".into(), json!(geo.variant().name()));
    map.insert("size".into(), json!(geo.size()));
    map.insert(
        "box".into(),
        json!(geo.box_shape().map(|b| [b.rows, b.cols])),
    );
    map.insert(
        "regions".into(),
        json!(geo.regions().map(|r| r.ids().to_vec())),
    );
    if let Some(frame) = FrameRecord::of(geo) {
        map.insert("frame".into(), json!(frame.frame));
        map.insert("positions".into(), json!(frame.positions));
    }
    map
}

/// A rating score as JSON, with exactly one decimal (`3.2`, not `3.2000000476837`).
pub fn score_json(rating: &sudoku_book::logic::Rating) -> serde_json::Value {
    json!(rating.rounded_score())
}
