//! The grid model shared by every part of the tool: variants, box shapes, jigsaw region maps,
//! `Geometry` (the houses of any variant), `Grid`, the text formats and their errors.

pub mod cages;
pub mod canon;
pub mod error;
#[cfg(feature = "serde")]
pub mod fpuzzles;
pub mod frame_text;
pub mod geometry;
pub mod group;
#[cfg(feature = "serde")]
pub mod ids;
#[cfg(feature = "serde")]
pub mod json;
pub mod line;
pub mod marks;
pub mod multi;
pub mod puzzle;
pub mod regions;
pub mod rules;
pub mod text;
pub mod variant;

pub use cages::{Cage, CageError, CageSet};
pub use canon::{canonical_key, no_id_reason, puzzle_id, shape_code, shape_code_of, shape_has_ids};
pub use error::{
    Breach, Conflict, GeometryError, InvalidGivens, ParseError, RegionError, SkippedLine,
};
pub use frame_text::{shape_of_grid, shape_of_line, turned_frame_line};
pub use geometry::{Geometry, GridSquare, House, HouseKind, MAX_KILLER_SIZE, MAX_SIZE, MIN_SIZE};
pub use group::{Group, Move};
#[cfg(feature = "serde")]
pub use ids::ids_in;
#[cfg(feature = "serde")]
pub use json::{Imported, read_puzzle_json};
pub use line::{
    ImportError, LineFields, puzzle_line, read_puzzle_line, rules_line, split_tag, tagged_line,
    tagged_variant,
};
pub use marks::{Mark, MarkError, MarkKind, MarkSet};
pub use multi::{CellNames, Frame, MultiShape, NO_CELL, SubGrid};
pub use puzzle::Grid;
pub use regions::RegionMap;
pub use rules::{Constraints, Contradiction, Rule};
pub use text::{
    BOM, Format, cell_name, digit_symbol, parse_cell_name, parse_cell_name_in, parse_line_of,
    push_line, strip_bom, to_cell_list, to_grid_text, to_line,
};
pub use variant::{BoxShape, RuleKind, RuleKinds, Variant};
