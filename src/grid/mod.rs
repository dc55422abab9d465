//! The grid model shared by every part of the tool: variants, box shapes, jigsaw region maps,
//! `Geometry` (the houses of any variant), `Grid`, the text formats and their errors.

pub mod cages;
pub mod error;
pub mod geometry;
pub mod puzzle;
pub mod regions;
pub mod text;
pub mod variant;

pub use cages::{Cage, CageError, CageSet};
pub use error::{Conflict, GeometryError, InvalidGivens, ParseError, RegionError, SkippedLine};
pub use geometry::{Geometry, House, HouseKind, MAX_KILLER_SIZE, MAX_SIZE, MIN_SIZE};
pub use puzzle::Grid;
pub use regions::RegionMap;
pub use text::{
    Format, cell_name, digit_symbol, parse_cell_name, push_line, to_cell_list, to_grid_text,
    to_line,
};
pub use variant::{BoxShape, Variant};
