//! Property tests over every reader — puzzle line, grid text, cell list, format detection and
//! `parse_puzzle`, region map, killer cages, book spec — with random bytes, random symbol soups and random
//! mutations of valid inputs: no reader panics, and each call ends in bounded time.

use std::path::Path;
use std::time::{Duration, Instant};

use proptest::prelude::*;

use sudoku_book::grid::text::{
    detect_format, infer_size, parse_cell_list, parse_grid_text, parse_line, parse_puzzle,
};
use sudoku_book::grid::{CageSet, Format, Geometry, RegionMap};

/// The longest any one reader call may take (the test profile is lightly optimised).
const BOUND: Duration = Duration::from_secs(2);

const LINE: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const GRID: &str = "4 . . | . . . | 8 . 5\n. 3 . | . . . | . . .\n. . . | 7 . . | . . .\n------+-------+------\n. 2 . | . . . | . 6 .\n. . . | . 8 . | 4 . .\n. . . | . 1 . | . . .\n------+-------+------\n. . . | 6 . 3 | . 7 .\n5 . . | 2 . . | . . .\n1 . 4 | . . . | . . .\n";
const CELLS: &str = "1 1 4\n1 7 8\n1 9 5\n2 2 3\n3 4 7\n4 2 2\n4 8 6\n";
const REGIONS: &str = "AAABBBBCC\nAAADBCCCC\nAEEDBBCCF\nAEEDDBBCF\nAEEDDFFFF\nEEEDDDGGF\nHHHHHGGFF\nIIIIHHGGG\nIIIIIHHGG\n";
const CAGES: &str = "10 = r1c1 r1c2 r2c1 r2c2\n10 = r1c3 r1c4 r2c3 r2c4\n10=r3c1+r3c2+r4c1+r4c2;10 = r3c3 r3c4 r4c3 r4c4 # last\n";
const CAGE_MAP: &str = "aabb\naabb\nccdd\nccdd\na=10 b=10\nc=10,d=10\n";
const SPEC: &str = "title = \"Fuzz\"\nseed = 7\nlayout = \"4up\"\n[page]\nsize = \"a4\"\nmargin = \"12mm\"\n[style]\nwindow_shade = 0.2\n[[section]]\ntitle = \"Easy\"\nvariant = \"classic\"\nsize = 4\ncount = 2\ndifficulty = \"easy\"\n[[section]]\ntitle = \"Jigsaw\"\nvariant = \"jigsaw\"\nsize = 6\ncount = 1\ndifficulty = \"easy\"\nsymmetry = \"none\"\n";

/// Runs one reader call and checks that it ended within [`BOUND`].
fn timed<T>(what: &str, input: &str, call: impl FnOnce() -> T) -> T {
    let start = Instant::now();
    let result = call();
    let took = start.elapsed();
    assert!(
        took < BOUND,
        "{what} took {took:?} on {:?}",
        input.chars().take(200).collect::<String>()
    );
    result
}

/// Every puzzle reader on one text.
fn read_puzzle_every_way(text: &str) {
    let geo = Geometry::classic(9).expect("9x9 classic");
    timed("parse_line", text, || parse_line(text, 1, None).ok());
    timed("parse_line 9", text, || parse_line(text, 1, Some(9)).ok());
    timed("parse_grid_text", text, || parse_grid_text(text, None).ok());
    timed("parse_grid_text 9", text, || {
        parse_grid_text(text, Some(9)).ok()
    });
    timed("parse_cell_list", text, || parse_cell_list(text, &geo).ok());
    let format = timed("detect_format", text, || detect_format(text));
    timed("infer_size", text, || infer_size(text, format).ok());
    for format in [Format::Line, Format::Grid, Format::Cells, format] {
        timed("parse_puzzle", text, || {
            parse_puzzle(text, &geo, format).ok()
        });
    }
}

fn read_regions(text: &str) {
    timed("RegionMap::parse", text, || RegionMap::parse(text).ok());
}

fn read_cages(text: &str) {
    for size in [4, 9] {
        timed("CageSet::parse", text, || CageSet::parse(text, size).ok());
    }
}

fn read_spec(text: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
    timed("spec::parse", text, || {
        sudoku_book::spec::parse("fuzz.toml", text, &dir).ok()
    });
}

/// One edit of a byte string: what to do, where (a fraction of the length) and with what byte.
#[derive(Debug, Clone)]
enum Edit {
    Flip(f64, u8),
    Insert(f64, u8),
    Delete(f64),
    Truncate(f64),
    Duplicate(f64, f64),
    Repeat(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let at = 0.0..1.0f64;
    prop_oneof![
        (at.clone(), any::<u8>()).prop_map(|(a, b)| Edit::Flip(a, b)),
        (at.clone(), interesting_byte()).prop_map(|(a, b)| Edit::Insert(a, b)),
        at.clone().prop_map(Edit::Delete),
        at.clone().prop_map(Edit::Truncate),
        (at.clone(), at).prop_map(|(a, b)| Edit::Duplicate(a, b)),
        (2usize..40).prop_map(Edit::Repeat),
    ]
}

/// Bytes that matter to the readers: separators, digits, letters, NUL, line breaks, UTF-8 lead
/// bytes, and anything else.
fn interesting_byte() -> impl Strategy<Value = u8> {
    prop_oneof![
        prop::sample::select(b"0123456789.|-+ \n\r\t\0AZaz#=[]\"'\xef\xbb\xbf\xff".to_vec()),
        any::<u8>(),
    ]
}

fn apply(bytes: &mut Vec<u8>, edit: &Edit) {
    let pos = |f: f64, len: usize| ((f * len as f64) as usize).min(len);
    match *edit {
        Edit::Flip(at, b) if !bytes.is_empty() => {
            let i = pos(at, bytes.len() - 1);
            bytes[i] ^= b;
        }
        Edit::Insert(at, b) => bytes.insert(pos(at, bytes.len()), b),
        Edit::Delete(at) if !bytes.is_empty() => {
            bytes.remove(pos(at, bytes.len() - 1));
        }
        Edit::Truncate(at) => bytes.truncate(pos(at, bytes.len())),
        Edit::Duplicate(a, b) => {
            let (start, end) = (pos(a.min(b), bytes.len()), pos(a.max(b), bytes.len()));
            let piece = bytes[start..end].to_vec();
            bytes.splice(end..end, piece);
        }
        Edit::Repeat(times) if bytes.len() < 4096 => *bytes = bytes.repeat(times),
        _ => {}
    }
}

/// A valid input with a few random edits, as text (invalid UTF-8 replaced).
fn mutated(seeds: &'static [&'static str]) -> impl Strategy<Value = String> {
    (
        prop::sample::select(seeds),
        prop::collection::vec(edit(), 1..6),
    )
        .prop_map(|(seed, edits)| {
            let mut bytes = seed.as_bytes().to_vec();
            edits.iter().for_each(|e| apply(&mut bytes, e));
            String::from_utf8_lossy(&bytes).into_owned()
        })
}

fn random_text() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<u8>(), 0..2000)
        .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
}

/// Text made of the symbols puzzle readers care about, so that it gets past the first checks.
fn symbol_soup() -> impl Strategy<Value = String> {
    prop::collection::vec(interesting_byte(), 0..1500)
        .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 300,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn puzzle_readers_survive_random_bytes(text in random_text()) {
        read_puzzle_every_way(&text);
    }

    #[test]
    fn puzzle_readers_survive_symbol_soup(text in symbol_soup()) {
        read_puzzle_every_way(&text);
    }

    #[test]
    fn puzzle_readers_survive_mutated_puzzles(text in mutated(&[LINE, GRID, CELLS])) {
        read_puzzle_every_way(&text);
    }

    #[test]
    fn region_reader_survives_random_bytes(text in random_text()) {
        read_regions(&text);
    }

    #[test]
    fn region_reader_survives_mutated_maps(text in mutated(&[REGIONS, "AABB\nAABB\nCCDD\nCCDD\n"])) {
        read_regions(&text);
    }

    #[test]
    fn cage_reader_survives_random_bytes(text in random_text()) {
        read_cages(&text);
    }

    #[test]
    fn cage_reader_survives_mutated_cages(text in mutated(&[CAGES, CAGE_MAP])) {
        read_cages(&text);
    }

    #[test]
    fn spec_reader_survives_random_bytes(text in random_text()) {
        read_spec(&text);
    }

    #[test]
    fn spec_reader_survives_mutated_specs(text in mutated(&[SPEC])) {
        read_spec(&text);
    }
}

#[test]
fn huge_inputs_are_read_in_bounded_time() {
    let long = ".".repeat(8 << 20);
    read_puzzle_every_way(&long);
    read_regions(&"A".repeat(8 << 20));
    let rows = "1\n".repeat(4 << 20);
    read_puzzle_every_way(&rows);
    read_regions(&rows);
    let ones = "1".repeat(625);
    read_puzzle_every_way(&ones);
    read_spec(&format!("title = \"{}\"\n", "x".repeat(1 << 20)));
    read_cages(&"1=r1c1;".repeat(1 << 20));
    read_cages(&format!("45={}", "r1c1 ".repeat(1 << 20)));
    read_cages(&"ab".repeat(4 << 20));
}

#[test]
fn seed_inputs_are_valid() {
    assert!(parse_line(LINE, 1, None).is_ok());
    assert!(parse_grid_text(GRID, None).is_ok());
    let geo = Geometry::classic(9).expect("9x9 classic");
    assert!(parse_cell_list(CELLS, &geo).is_ok());
    assert!(RegionMap::parse(REGIONS).is_ok());
    assert!(CageSet::parse(CAGES, 4).is_ok());
    assert!(CageSet::parse(CAGE_MAP, 4).is_ok());
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
    let plan = sudoku_book::spec::parse("fuzz.toml", SPEC, &dir);
    assert!(plan.is_ok(), "{:?}", plan.err());
}
