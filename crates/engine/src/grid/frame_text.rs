//! Text formats of multi-grid puzzles (Samurai, Twodoku, Butterfly): the puzzle line and grid
//! text over the frame, with `#` where the frame holds no cell. Reading also takes the cells
//! alone (a line of the cells only, or grid rows with blanks where there is no cell).

use super::error::ParseError;
use super::geometry::Geometry;
use super::multi::{Frame, MultiShape, NO_CELL};
use super::puzzle::Grid;
use super::text::digit_symbol;
use super::text::{grid_rows, read_symbol};

/// The shape's name for messages (`samurai`).
fn shape_name(geo: &Geometry) -> String {
    geo.describe()
}

/// The multi-grid shape a puzzle line shows: it holds `#` and has as many symbols as the
/// shape's frame has positions. Butterfly has no position without a cell, so it is never shown.
pub fn shape_of_line(line: &str) -> Option<MultiShape> {
    let body = line.trim();
    if !body.contains(NO_CELL) {
        return None;
    }
    let found = body.chars().count();
    MultiShape::ALL
        .into_iter()
        .find(|shape| shape.frame_side().pow(2) == found)
}

/// The multi-grid shape grid text shows: it holds `#` and has as many rows as the shape's
/// frame, or each of its rows holds exactly the cells of that frame row (blanks where there is
/// no cell, as `solve --output grid` writes it). Butterfly fills its frame, so it is never shown.
pub fn shape_of_grid(text: &str) -> Option<MultiShape> {
    let counts: Vec<usize> = grid_rows(text).map(|(_, row)| row.count()).collect();
    let hashed = text.contains(NO_CELL);
    MultiShape::ALL
        .into_iter()
        .filter(|shape| shape.frame_side() == counts.len())
        .find(|&shape| hashed || rows_hold_cells_of(shape, &counts))
}

/// True when each row count is the number of cells in that row of the shape's frame, and some
/// row has a position without a cell.
fn rows_hold_cells_of(shape: MultiShape, counts: &[usize]) -> bool {
    let frame = shape.frame();
    let in_row = |row: usize| {
        (0..frame.cols())
            .filter(|&col| frame.cell_at(row, col).is_some())
            .count()
    };
    let holes = (0..frame.rows()).any(|row| in_row(row) < frame.cols());
    holes && counts.iter().enumerate().all(|(row, &n)| n == in_row(row))
}

/// Where a turn or mirror takes position (row, col) of an `n`-wide square: `(n, row, col)`.
type Turn = fn(usize, usize, usize) -> (usize, usize);

/// The turns and mirrors of a square, by name.
const TURNS: [(&str, Turn); 7] = [
    ("mirrored left to right", |n, r, c| (r, n - 1 - c)),
    ("mirrored top to bottom", |n, r, c| (n - 1 - r, c)),
    ("turned half a turn", |n, r, c| (n - 1 - r, n - 1 - c)),
    ("turned a quarter turn", |n, r, c| (c, n - 1 - r)),
    ("turned three quarter turns", |n, r, c| (n - 1 - c, r)),
    ("mirrored on its diagonal", |_, r, c| (c, r)),
    ("mirrored on its other diagonal", |n, r, c| {
        (n - 1 - c, n - 1 - r)
    }),
];

/// A multi-grid puzzle line whose `#` positions are a turn or mirror of its shape's frame (a
/// Twodoku with its grids top-right and bottom-left): the line turned into the frame's own
/// layout, and how it was turned. `None` when the line is in the frame's layout already, or is
/// no turn of any frame.
pub fn turned_frame_line(line: &str) -> Option<(String, &'static str)> {
    let body = line.trim();
    let shape = shape_of_line(body)?;
    let frame = shape.frame();
    let symbols: Vec<char> = body.chars().collect();
    let matches = |text: &[char]| {
        text.iter()
            .zip(frame.present())
            .all(|(&symbol, present)| present != (symbol == NO_CELL))
    };
    if matches(&symbols) {
        return None;
    }
    let n = frame.rows();
    TURNS.iter().find_map(|&(name, turn)| {
        let mut turned = vec![NO_CELL; symbols.len()];
        for (index, &symbol) in symbols.iter().enumerate() {
            let (row, col) = turn(n, index / n, index % n);
            turned[row * n + col] = symbol;
        }
        matches(&turned).then(|| (turned.into_iter().collect(), name))
    })
}

/// Reads one puzzle line of a multi-grid: every frame position row by row (`#` or `.` where
/// there is no cell), or the cells alone.
pub fn parse_frame_line(
    text: &str,
    line_no: usize,
    geo: &Geometry,
    frame: &Frame,
) -> Result<Grid, ParseError> {
    let offset = text.len() - text.trim_start().len();
    let body = text.trim();
    if body.is_empty() {
        return Err(ParseError::Empty);
    }
    let column = |i: usize| text[..offset].chars().count() + i + 1;
    let found = body.chars().count();
    let positions = frame.rows() * frame.cols();
    let mut cells = Vec::with_capacity(frame.cell_count());
    if found == frame.cell_count() {
        for (i, symbol) in body.chars().enumerate() {
            cells.push(read_symbol(symbol, line_no, column(i), geo.size())?);
        }
    } else if found == positions {
        let present = frame.present();
        for (i, (symbol, present)) in body.chars().zip(present).enumerate() {
            let place = Place {
                line: line_no,
                column: column(i),
                position: i,
            };
            read_position(symbol, present, place, geo, frame, &mut cells)?;
        }
    } else {
        return Err(ParseError::WrongFrameLength {
            line: line_no,
            found,
            shape: shape_name(geo),
            frame: positions,
            rows: frame.rows(),
            cols: frame.cols(),
            cells: frame.cell_count(),
        });
    }
    Ok(Grid::new(geo.size(), cells))
}

/// Where a symbol was read: its line and column in the text, and its frame position.
#[derive(Clone, Copy)]
struct Place {
    line: usize,
    column: usize,
    position: usize,
}

/// Reads the symbol at a frame position: a digit or empty where there is a cell, `#` (or `.`)
/// where there is none.
fn read_position(
    symbol: char,
    present: bool,
    place: Place,
    geo: &Geometry,
    frame: &Frame,
    cells: &mut Vec<u8>,
) -> Result<(), ParseError> {
    match (present, symbol) {
        (true, NO_CELL) => Err(ParseError::HoleAtCell {
            line: place.line,
            shape: shape_name(geo),
            row: place.position / frame.cols(),
            col: place.position % frame.cols(),
        }),
        (true, _) => {
            cells.push(read_symbol(symbol, place.line, place.column, geo.size())?);
            Ok(())
        }
        (false, NO_CELL | '.') => Ok(()),
        (false, _) => Err(ParseError::DigitInHole {
            line: place.line,
            column: place.column,
            symbol,
            shape: shape_name(geo),
        }),
    }
}

/// Reads grid text of a multi-grid: one line per frame row, each with every position (`#` where
/// there is no cell) or with its cells alone; spaces and `|`, `-`, `+` are ignored.
pub fn parse_frame_grid(text: &str, geo: &Geometry, frame: &Frame) -> Result<Grid, ParseError> {
    let found = grid_rows(text).count();
    if found == 0 {
        return Err(ParseError::Empty);
    }
    if found != frame.rows() {
        return Err(ParseError::WrongFrameRowCount {
            found,
            shape: shape_name(geo),
            rows: frame.rows(),
        });
    }
    let mut cells = Vec::with_capacity(frame.cell_count());
    for (row, (line, symbols)) in grid_rows(text).enumerate() {
        let present: Vec<bool> = (0..frame.cols())
            .map(|col| frame.cell_at(row, col).is_some())
            .collect();
        let in_row = present.iter().filter(|&&p| p).count();
        let found = symbols.clone().count();
        if found == in_row {
            for (column, symbol) in symbols {
                cells.push(read_symbol(symbol, line, column, geo.size())?);
            }
        } else if found == frame.cols() {
            for (col, ((column, symbol), present)) in symbols.zip(present).enumerate() {
                let place = Place {
                    line,
                    column,
                    position: row * frame.cols() + col,
                };
                read_position(symbol, present, place, geo, frame, &mut cells)?;
            }
        } else {
            return Err(ParseError::WrongFrameRowLength {
                line,
                found,
                shape: shape_name(geo),
                row: row + 1,
                cols: frame.cols(),
                cells: in_row,
            });
        }
    }
    Ok(Grid::new(geo.size(), cells))
}

/// The puzzle as one line over the frame: `.` for an empty cell, `#` where there is no cell.
pub fn frame_line(grid: &Grid, frame: &Frame) -> String {
    let mut out = String::with_capacity(frame.rows() * frame.cols());
    for row in 0..frame.rows() {
        for col in 0..frame.cols() {
            out.push(match frame.cell_at(row, col) {
                Some(cell) => digit_symbol(grid.get(cell)),
                None => NO_CELL,
            });
        }
    }
    out
}

/// The puzzle as grid text: one line per frame row, blanks where there is no cell, a wider gap
/// between boxes and a blank line between bands of boxes.
pub fn frame_grid_text(grid: &Grid, frame: &Frame, box_side: usize) -> String {
    let mut out = String::new();
    for row in 0..frame.rows() {
        if row > 0 && row % box_side == 0 {
            out.push('\n');
        }
        let mut line = String::new();
        for col in 0..frame.cols() {
            if col > 0 {
                line.push_str(if col % box_side == 0 { "  " } else { " " });
            }
            line.push(
                frame
                    .cell_at(row, col)
                    .map_or(' ', |c| digit_symbol(grid.get(c))),
            );
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Variant;

    fn samurai() -> Geometry {
        let variant: Variant = "samurai".parse().unwrap();
        Geometry::new(9, variant, None, None).unwrap()
    }

    fn numbered(geo: &Geometry) -> Grid {
        let cells = (0..geo.cell_count()).map(|c| (c % 10) as u8).collect();
        Grid::new(9, cells)
    }

    #[test]
    fn frame_lines_round_trip_with_and_without_holes() {
        let geo = samurai();
        let frame = geo.frame().unwrap();
        let grid = numbered(&geo);
        let line = frame_line(&grid, frame);
        assert_eq!(line.chars().count(), 441);
        assert!(line.starts_with(".12345678###9.1"), "{line}");
        assert_eq!(parse_frame_line(&line, 1, &geo, frame).unwrap(), grid);
        let cells: String = line.chars().filter(|&c| c != NO_CELL).collect();
        assert_eq!(parse_frame_line(&cells, 1, &geo, frame).unwrap(), grid);
    }

    #[test]
    fn frame_grid_text_round_trips() {
        let geo = samurai();
        let frame = geo.frame().unwrap();
        let grid = numbered(&geo);
        let text = frame_grid_text(&grid, frame, 3);
        assert_eq!(parse_frame_grid(&text, &geo, frame).unwrap(), grid);
        let hashed = frame_line(&grid, frame)
            .as_bytes()
            .chunks(21)
            .map(|row| String::from_utf8_lossy(row).to_string() + "\n")
            .collect::<String>();
        assert_eq!(parse_frame_grid(&hashed, &geo, frame).unwrap(), grid);
    }

    #[test]
    fn grid_text_shows_its_shape_with_or_without_hashes() {
        let geo = samurai();
        let frame = geo.frame().unwrap();
        let text = frame_grid_text(&numbered(&geo), frame, 3);
        assert_eq!(shape_of_grid(&text), Some(MultiShape::Samurai));
        let twodoku: crate::grid::Variant = "twodoku".parse().unwrap();
        let geo2 = Geometry::new(9, twodoku, None, None).unwrap();
        let text2 = frame_grid_text(&numbered(&geo2), geo2.frame().unwrap(), 3);
        assert_eq!(shape_of_grid(&text2), Some(MultiShape::Twodoku));
        let square: String = (0..21).map(|_| "1".repeat(21) + "\n").collect();
        assert_eq!(shape_of_grid(&square), None);
    }

    #[test]
    fn holes_and_cells_are_not_mixed_up() {
        let geo = samurai();
        let frame = geo.frame().unwrap();
        let mut line: Vec<char> = frame_line(&numbered(&geo), frame).chars().collect();
        line[9] = '5';
        let text: String = line.iter().collect();
        let err = parse_frame_line(&text, 1, &geo, frame).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 1, column 10: '5' is where a samurai has no cell (write # there)"
        );
        line[9] = '#';
        line[0] = '#';
        let text: String = line.iter().collect();
        let err = parse_frame_line(&text, 1, &geo, frame).unwrap_err();
        assert!(err.to_string().contains("has a cell at r1c1"), "{err}");
        let err = parse_frame_line("123", 4, &geo, frame).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("line 4: the puzzle line has 3 symbols; a samurai needs 441"),
            "{err}"
        );
    }
}
