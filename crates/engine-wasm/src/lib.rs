//! The engine as a WebAssembly module (`wasm32-unknown-unknown`), through a plain C ABI that needs
//! no generated glue: the caller copies a UTF-8 request into memory from [`sudoku_alloc`], calls
//! a command (`sudoku_solve`, `sudoku_rate`, `sudoku_generate`, `sudoku_check`,
//! `sudoku_candidates`, `sudoku_step`, `sudoku_words`) with its pointer and length, and reads
//! the JSON answer (its length returned, its bytes at [`sudoku_output`]). The requests:
//!
//! - solve and rate: `VARIANT` on the first line, the puzzle line on the second (as `generate`
//!   writes it: `puzzle|regions|cages|marks`);
//! - check, candidates and step: a player's state ([`state`]): those two lines, then the values,
//!   the notes and the values' names;
//! - generate: `VARIANT SIZE LEVEL SEED`, and a jigsaw's region map to keep, on one line; a
//!   shape drawn from the puzzle (killer cages, marks) comes with its rules, cages and drawing;
//! - words: the page's phrases, `key<TAB>template` a line (kept for the later steps).
//!
//! Every answer is one JSON object; a failure is `{"error": {"line", "column", "what"}}`. The
//! answers are made by [`answer`], plain Rust that the native tests call too.

mod json;
pub mod state;
pub mod words;

use std::sync::Mutex;

use sudoku_draw::page_svg::{drawing, drawing_side};
use sudoku_engine::generate::{Request, Target, generate};
use sudoku_engine::grid::{
    Geometry, ImportError, RegionMap, Variant, puzzle_line, read_puzzle_line, rules_line, to_line,
};
use sudoku_engine::logic::{Level, rate};
use sudoku_engine::solve::Solver;

use json::{list, quoted};
use words::PageWords;

/// The last answer, kept until the next call.
static OUTPUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// The page's words for step explanations (`sudoku_words`).
static WORDS: Mutex<Option<PageWords>> = Mutex::new(None);

/// What a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Solve,
    Rate,
    Generate,
    Check,
    Candidates,
    Step,
    Words,
}

/// The JSON answer to a request.
pub fn answer(command: Command, request: &str) -> String {
    let result = match command {
        Command::Solve => solve_answer(request),
        Command::Rate => rate_answer(request),
        Command::Generate => generate_answer(request),
        Command::Check => state::read_state(request).map(|s| state::check(&s)),
        Command::Candidates => state::read_state(request).map(|s| state::candidates(&s)),
        Command::Step => state::read_state(request).and_then(|s| {
            let words = WORDS
                .lock()
                .ok()
                .and_then(|w| w.clone())
                .unwrap_or_default();
            state::next_hint(&s, &words)
        }),
        Command::Words => Ok(set_words(request)),
    };
    result.unwrap_or_else(|e| error_json(&e))
}

/// `VARIANT\nLINE` → the geometry and givens.
fn read_request(request: &str) -> Result<(Geometry, sudoku_engine::grid::Grid), ImportError> {
    let (variant, line) = request.split_once('\n').unwrap_or(("classic", request));
    let variant = parse_variant(variant)?;
    read_puzzle_line(line, 2, variant)
}

/// Keeps the page's words; answers how many phrases they hold.
fn set_words(request: &str) -> String {
    let words = PageWords::parse(request);
    let count = words.len();
    if let Ok(mut kept) = WORDS.lock() {
        *kept = Some(words);
    }
    format!("{{\"phrases\":{count}}}")
}

pub(crate) fn parse_variant(text: &str) -> Result<Variant, ImportError> {
    text.trim().parse::<Variant>().map_err(|e| ImportError {
        line: 1,
        column: None,
        what: e.to_string(),
    })
}

fn solve_answer(request: &str) -> Result<String, ImportError> {
    let (geo, givens) = read_request(request)?;
    let solver = Solver::new(&geo);
    let count = solver.count_solutions(&givens, 2);
    let solution = solver
        .first_solution(&givens)
        .map_or("null".to_string(), |s| quoted(&to_line(&s, &geo)));
    Ok(format!(
        "{{\"solutions\":{count},\"unique\":{},\"solution\":{solution}}}",
        count == 1
    ))
}

fn rate_answer(request: &str) -> Result<String, ImportError> {
    let (geo, givens) = read_request(request)?;
    let rating = rate(&geo, &givens);
    let techniques: Vec<String> = rating
        .techniques_in_order()
        .iter()
        .map(|(name, _)| quoted(name))
        .collect();
    Ok(format!(
        "{{\"score\":{:.1},\"level\":\"{}\",\"solved\":{},\"techniques\":[{}]}}",
        rating.score,
        rating.level.name(),
        rating.solved,
        techniques.join(",")
    ))
}

fn generate_answer(request: &str) -> Result<String, ImportError> {
    let words: Vec<&str> = request.split_whitespace().collect();
    let (&[variant, size, level, seed], regions) =
        (words.get(..4).unwrap_or_default(), words.get(4))
    else {
        return Err(ImportError {
            line: 1,
            column: None,
            what: "write VARIANT SIZE LEVEL SEED [REGIONS]".into(),
        });
    };
    if words.len() > 5 {
        return Err(ImportError {
            line: 1,
            column: None,
            what: "write VARIANT SIZE LEVEL SEED [REGIONS]".into(),
        });
    }
    let bad = |what: String| ImportError {
        line: 1,
        column: None,
        what,
    };
    let variant = parse_variant(variant)?;
    let size = size
        .parse::<usize>()
        .map_err(|_| bad(format!("{size} is not a size")))?;
    let level = level.parse::<Level>().map_err(|e| bad(e.to_string()))?;
    let seed = seed
        .parse::<u64>()
        .map_err(|_| bad(format!("{seed} is not a seed")))?;
    let regions = regions
        .map(|text| RegionMap::parse(text).map_err(|e| bad(format!("the region map: {e}"))))
        .transpose()?;
    let request = Request {
        target: Target::Level(level),
        regions,
        ..Request::new(variant, size)
    };
    let puzzle = generate(&request, seed).map_err(|e| bad(e.to_string()))?;
    let geo = &puzzle.geometry;
    Ok(format!(
        "{{\"puzzle\":{},\"solution\":{},\"level\":\"{}\",\"score\":{:.1}{}}}",
        quoted(&puzzle_line(&puzzle.givens, geo)),
        quoted(&to_line(&puzzle.solution, geo)),
        puzzle.rating.level.name(),
        puzzle.rating.score,
        drawn_shape(geo)
    ))
}

/// For a shape drawn from the puzzle itself (killer cages, the modern kinds' marks), what the
/// page needs to show and check the new puzzle: `,"shape":{"rules","cages","drawing","view"}`
/// (the rules as the request line carries them after the givens, each cage's cells and sum, and
/// the drawing the book's pages get, from the same code); nothing for other shapes.
fn drawn_shape(geo: &Geometry) -> String {
    if geo.cages().is_none() && geo.marks().is_none_or(|m| m.marks().is_empty()) {
        return String::new();
    }
    let cages: Vec<String> = geo.cages().map_or_else(Vec::new, |set| {
        set.cages()
            .iter()
            .map(|c| format!("{{\"cells\":{},\"sum\":{}}}", list(&c.cells), c.sum))
            .collect()
    });
    format!(
        ",\"shape\":{{\"rules\":{},\"cages\":[{}],\"drawing\":{},\"view\":{}}}",
        quoted(&rules_line(geo)),
        cages.join(","),
        quoted(&drawing(geo)),
        drawing_side(geo)
    )
}

fn error_json(error: &ImportError) -> String {
    let column = error.column.map_or("null".to_string(), |c| c.to_string());
    format!(
        "{{\"error\":{{\"line\":{},\"column\":{column},\"what\":{}}}}}",
        error.line,
        quoted(&error.what)
    )
}

/// Memory for a request of `len` bytes (the caller writes it, then passes it to a command).
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_alloc(len: usize) -> *mut u8 {
    let mut buffer = vec![0u8; len.max(1)].into_boxed_slice();
    let ptr = buffer.as_mut_ptr();
    std::mem::forget(buffer);
    ptr
}

/// Frees memory from [`sudoku_alloc`].
///
/// # Safety
/// `ptr` and `len` must be those of one earlier [`sudoku_alloc`] call, freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_free(ptr: *mut u8, len: usize) {
    let slice = std::ptr::slice_from_raw_parts_mut(ptr, len.max(1));
    // SAFETY: the caller passes back what `sudoku_alloc` leaked, once.
    drop(unsafe { Box::from_raw(slice) });
}

/// Where the last answer's bytes are.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_output() -> *const u8 {
    OUTPUT.lock().map_or(std::ptr::null(), |out| out.as_ptr())
}

/// Runs a command on the request at `ptr`; returns the answer's length.
///
/// # Safety
/// `ptr`/`len` must point to `len` readable bytes (from [`sudoku_alloc`]).
unsafe fn run(command: Command, ptr: *const u8, len: usize) -> usize {
    // SAFETY: the caller's contract.
    let bytes = unsafe { std::slice::from_raw_parts(ptr, len) };
    let text = String::from_utf8_lossy(bytes);
    let json = answer(command, &text);
    let Ok(mut out) = OUTPUT.lock() else {
        return 0;
    };
    *out = json.into_bytes();
    out.len()
}

/// Exports each command as `extern "C" fn NAME(ptr, len) -> usize`: [`run`] on its request.
macro_rules! commands {
    ($($(#[doc = $doc:literal])* $name:ident => $command:ident;)*) => {$(
        $(#[doc = $doc])*
        ///
        /// # Safety
        /// As [`run`].
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(ptr: *const u8, len: usize) -> usize {
            unsafe { run(Command::$command, ptr, len) }
        }
    )*};
}

commands! {
    /// Solves: `{"solutions", "unique", "solution"}`.
    sudoku_solve => Solve;
    /// Rates: `{"score", "level", "solved", "techniques"}`.
    sudoku_rate => Rate;
    /// Generates: `{"puzzle", "solution", "level", "score"}`.
    sudoku_generate => Generate;
    /// Checks a player's state: `{"cells", "problems"}`.
    sudoku_check => Check;
    /// The candidates a player's values leave: `{"candidates", "broken"}`.
    sudoku_candidates => Candidates;
    /// The next hint from a player's state (see [`state::next_hint`]).
    sudoku_step => Step;
    /// Sets the words steps are explained in: `{"phrases"}`.
    sudoku_words => Words;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field<'a>(json: &'a str, key: &str) -> &'a str {
        let start = json.find(&format!("\"{key}\":")).expect(key) + key.len() + 3;
        let rest = &json[start..];
        let end = if let Some(body) = rest.strip_prefix('"') {
            body.find('"').map_or(rest.len(), |e| e + 2)
        } else if rest.starts_with('[') {
            rest.find(']').map_or(rest.len(), |e| e + 1)
        } else {
            rest.find([',', '}']).unwrap_or(rest.len())
        };
        rest[..end].trim_matches('"')
    }

    #[test]
    fn every_shape_generates_solves_and_rates() {
        for (variant, size) in [
            ("classic", 9),
            ("classic", 4),
            ("diagonal", 9),
            ("window", 9),
            ("jigsaw", 9),
            ("killer", 9),
            ("samurai", 9),
            ("twodoku", 9),
            ("butterfly", 9),
        ] {
            let made = answer(Command::Generate, &format!("{variant} {size} easy 1"));
            assert!(!made.contains("\"error\""), "{variant}: {made}");
            let puzzle = field(&made, "puzzle");
            let request = format!("{variant}\n{puzzle}");
            let solved = answer(Command::Solve, &request);
            assert_eq!(field(&solved, "solutions"), "1", "{variant}: {solved}");
            assert_eq!(field(&solved, "solution"), field(&made, "solution"));
            let rated = answer(Command::Rate, &request);
            assert_eq!(field(&rated, "level"), "easy", "{variant}: {rated}");
        }
    }

    #[test]
    fn a_shape_drawn_from_the_puzzle_comes_with_its_rules_cages_and_drawing() {
        for spec in [
            "killer 9 medium 0",
            "kropki 9 easy 2",
            "kropki+killer 9 easy 1",
        ] {
            let made = answer(Command::Generate, spec);
            assert!(!made.contains("\"error\""), "{spec}: {made}");
            let variant = spec.split(' ').next().unwrap_or_default();
            let request = format!("{variant}\n{}", field(&made, "puzzle"));
            let (geo, givens) = read_request(&request).unwrap();
            // The drawing is the one the book's page gets for this puzzle: the same code.
            assert!(made.contains(&quoted(&drawing(&geo))), "{spec}");
            assert!(
                made.contains(&format!("\"view\":{}", drawing_side(&geo))),
                "{spec}"
            );
            let rules = field(&made, "rules");
            assert_eq!(
                format!("{}{rules}", to_line(&givens, &geo)),
                field(&made, "puzzle")
            );
            let cages = geo.cages().map_or(0, |set| set.cages().len());
            assert_eq!(made.matches("\"sum\":").count(), cages, "{spec}");
            assert!(
                spec.starts_with("kropki") == rules.contains("kropki"),
                "{spec}: {rules}"
            );
        }
        // Shapes the book draws alone (houses, global rules) carry no drawing of their own.
        for spec in [
            "classic 9 easy 1",
            "anti-knight 9 easy 1",
            "jigsaw 9 easy 1",
        ] {
            assert!(
                !answer(Command::Generate, spec).contains("\"shape\""),
                "{spec}"
            );
        }
    }

    /// The same answer the module gives in Node (tests/wasm/engine.test.mjs): one engine on both.
    pub const PINNED_JIGSAW: &str = "{\"puzzle\":\"....854.........2..4.3....7.....7.16...9.4...65.7.....2....8.9..9.........467....|AAABBCCCCAAABBBCCCDAABBBCCEDDAFFBGGEDDFFFGGGEDDFFGGEEEDDFFGGEEEHHHHHIIIIHHHHIIIII\",\"solution\":\"713285469568149723942356187439827516186934275651793842275468391897512634324671958\",\"level\":\"hard\",\"score\":4.4}";

    #[test]
    fn a_seed_gives_the_pinned_puzzle_natively_as_in_the_browser() {
        assert_eq!(answer(Command::Generate, "jigsaw 9 hard 11"), PINNED_JIGSAW);
    }

    /// The numbers of a JSON list.
    fn numbers(list: &str) -> Vec<u32> {
        list.trim_matches(['[', ']'])
            .split(',')
            .filter(|n| !n.is_empty())
            .map(|n| n.parse().unwrap())
            .collect()
    }

    /// The `[cell, digit]` pairs of a step's `place` or `remove` list.
    fn pairs(json: &str, key: &str) -> Vec<(usize, u8)> {
        let start = json.find(&format!("\"{key}\":[")).expect(json) + key.len() + 4;
        if json[start..].starts_with(']') {
            return Vec::new();
        }
        let end = start + json[start..].find("]]").map_or(0, |e| e + 1);
        numbers(&json[start..end].replace("],[", ","))
            .chunks(2)
            .map(|p| (p[0] as usize, p[1] as u8))
            .collect()
    }

    /// A generated puzzle's request line pair and its solution.
    fn made(spec: &str) -> (String, String) {
        let made = answer(Command::Generate, spec);
        assert!(!made.contains("\"error\""), "{spec}: {made}");
        let variant = spec.split(' ').next().unwrap_or_default();
        (
            format!("{variant}\n{}", field(&made, "puzzle")),
            field(&made, "solution").to_string(),
        )
    }

    /// `request` with the player's values (and notes) lines.
    fn with_values(request: &str, values: &str, notes: Option<&str>) -> String {
        format!("{request}\n{values}\n{}", notes.unwrap_or(""))
    }

    #[test]
    fn check_names_the_cells_of_every_rule_broken() {
        let (request, _) = made("anti-knight 9 easy 3");
        let puzzle = request.lines().nth(1).unwrap();
        let mut values: Vec<char> = puzzle[..81].chars().collect();
        // Two empty cells a knight's move apart get the same digit: not in one house.
        let (a, b) = (0..81)
            .flat_map(|a| [a + 19, a + 17, a + 11, a + 7].map(move |b| (a, b)))
            .find(|&(a, b)| {
                b < 81
                    && values[a] == '.'
                    && values[b] == '.'
                    && (a % 9).abs_diff(b % 9) + (a / 9).abs_diff(b / 9) == 3
                    && (a % 9).abs_diff(b % 9) != 0
                    && (a / 9) != (b / 9)
                    && (a / 27 != b / 27 || (a % 9) / 3 != (b % 9) / 3)
            })
            .unwrap();
        // A digit no given shares a row, column or box with, in either cell: only the knight's
        // move is broken.
        let sees = |x: usize, y: usize| {
            x / 9 == y / 9 || x % 9 == y % 9 || (x / 27 == y / 27 && (x % 9) / 3 == (y % 9) / 3)
        };
        let digit = ('1'..='9')
            .find(|&d| (0..81).all(|x| values[x] != d || !(sees(x, a) || sees(x, b))))
            .unwrap();
        values[a] = digit;
        values[b] = digit;
        let state: String = values.into_iter().collect();
        let json = answer(Command::Check, &with_values(&request, &state, None));
        assert!(
            json.starts_with(&format!("{{\"cells\":[{a},{b}]")),
            "{json}"
        );
        assert!(json.contains("a knight's move apart"), "{json}");
        let clean = answer(Command::Check, &request);
        assert_eq!(clean, "{\"cells\":[],\"problems\":[]}");
    }

    #[test]
    fn check_sees_a_cage_over_its_sum() {
        let (request, solution) = made("killer 9 easy 6");
        let line = request.lines().nth(1).unwrap();
        let cages = line.split('|').nth(1).unwrap();
        let (sum, cells) = cages.split(';').next().unwrap().split_once('=').unwrap();
        let cells: Vec<usize> = cells
            .split('+')
            .map(|name| {
                let (r, c) = name[1..].split_once('c').unwrap();
                (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
            })
            .collect();
        // The cage filled with its answers, one of them raised by one past a digit no cell
        // of the cage holds: the sum is wrong though no digit repeats.
        let mut values = solution.clone().into_bytes();
        let last = *cells.last().unwrap();
        let taken: Vec<u8> = cells.iter().map(|&c| values[c]).collect();
        let other = (b'1'..=b'9').find(|d| !taken.contains(d)).unwrap();
        values[last] = other;
        let text: String = values.iter().map(|&b| b as char).collect();
        let json = answer(Command::Check, &with_values(&request, &text, None));
        let total: u32 = cells.iter().map(|&c| u32::from(values[c] - b'0')).sum();
        assert!(
            json.contains(&format!("adds up to {total}, not {sum}")),
            "{json}"
        );
        let marked = numbers(field(&json, "cells"));
        assert!(
            cells.iter().all(|c| marked.contains(&(*c as u32))),
            "{json}"
        );
    }

    #[test]
    fn candidates_leave_out_what_the_values_and_rules_forbid() {
        let (request, solution) = made("anti-king 9 easy 2");
        let puzzle = request.lines().nth(1).unwrap();
        let cell = puzzle[..81].find('.').unwrap();
        let mut values: Vec<char> = puzzle[..81].chars().collect();
        let digit = solution.as_bytes()[cell] - b'0';
        values[cell] = (b'0' + digit) as char;
        let state: String = values.into_iter().collect();
        let json = answer(Command::Candidates, &with_values(&request, &state, None));
        assert!(json.ends_with("\"broken\":false}"), "{json}");
        let masks = numbers(field(&json, "candidates"));
        assert_eq!(masks[cell], 0);
        let (row, col) = (cell / 9, cell % 9);
        for (other, mask) in masks.iter().enumerate() {
            let (r, c) = (other / 9, other % 9);
            let king = r.abs_diff(row) <= 1 && c.abs_diff(col) <= 1;
            if other != cell && (r == row || c == col || king) {
                let kept = mask & (1 << (digit - 1));
                assert_eq!(kept, 0, "r{}c{} keeps {digit}", r + 1, c + 1);
            }
        }
    }

    #[test]
    fn the_next_step_starts_from_the_players_state() {
        let (request, solution) = made("classic 9 medium 5");
        let puzzle: Vec<char> = request.lines().nth(1).unwrap().chars().collect();
        let answer_of = |c: usize| solution.as_bytes()[c] as char;
        // From the givens: a step that places or removes something, explained.
        let first = answer(Command::Step, &request);
        assert!(first.starts_with("{\"step\":{\"technique\":"), "{first}");
        assert!(field(&first, "text").contains(" = ") || first.contains("\"remove\":[["));
        // A wrong digit goes first.
        let empty = puzzle.iter().position(|&c| c == '.').unwrap();
        let mut values = puzzle.clone();
        values[empty] = if answer_of(empty) == '1' { '2' } else { '1' };
        let wrong = answer(
            Command::Step,
            &with_values(&request, &values.iter().collect::<String>(), None),
        );
        assert_eq!(wrong, format!("{{\"wrong\":[{empty}]}}"));
        // Notes that leave out a cell's answer are named.
        let mut notes = vec!["0".to_string(); 81];
        let digit = answer_of(empty).to_digit(10).unwrap();
        notes[empty] = (0x1ff & !(1u32 << (digit - 1))).to_string();
        let given: String = puzzle.iter().collect();
        let missing = answer(
            Command::Step,
            &with_values(&request, &given, Some(&notes.join(","))),
        );
        assert_eq!(missing, format!("{{\"missing\":[{empty}]}}"));
        // The player's own notes are the candidates: walked step by step, each step's
        // removals pencilled in, an elimination already made is never asked for again.
        let (mut values, mut removed) = (given.clone().into_bytes(), Vec::<(usize, u32)>::new());
        let mut eliminations = 0;
        for _ in 0..200 {
            let text: String = values.iter().map(|&b| b as char).collect();
            let masks = answer(Command::Candidates, &with_values(&request, &text, None));
            let mut notes: Vec<u32> = numbers(field(&masks, "candidates"));
            for &(cell, bit) in &removed {
                notes[cell] &= !bit;
            }
            let notes: Vec<String> = notes.iter().map(u32::to_string).collect();
            let json = answer(
                Command::Step,
                &with_values(&request, &text, Some(&notes.join(","))),
            );
            if json == "{\"done\":true}" {
                break;
            }
            let place = pairs(&json, "place");
            let remove = pairs(&json, "remove");
            for &(cell, digit) in &remove {
                assert!(
                    !removed.contains(&(cell, 1 << (digit - 1))),
                    "asked again: {json}"
                );
                assert_ne!(answer_of(cell), (b'0' + digit) as char, "{json}");
                removed.push((cell, 1 << (digit - 1)));
            }
            eliminations += usize::from(!remove.is_empty());
            for (cell, digit) in place {
                assert_eq!(answer_of(cell), (b'0' + digit) as char, "{json}");
                values[cell] = b'0' + digit;
            }
        }
        assert!(values.iter().all(|&v| v != b'.'), "the walk did not finish");
        assert!(
            eliminations > 0,
            "a medium puzzle needs a step that removes candidates"
        );
        // The full, right grid is done.
        let done = answer(Command::Step, &with_values(&request, &solution, None));
        assert_eq!(done, "{\"done\":true}");
    }

    #[test]
    fn steps_are_told_in_the_pages_words_and_names() {
        let (request, solution) = made("classic 4 easy 1");
        let set = answer(
            Command::Words,
            "technique_full_house\tLetzte Zelle\nhouse_row_n\tZeile {n}\nhouse_column_n\tSpalte {n}\nhouse_box_n\tBlock {n}\nstep_last_cell\tletzte freie Zelle in {house}\nstep_only_place\teinziger Platz für {digit} in {house}\nstep_only_candidate\tletzter Kandidat\nbroken line",
        );
        assert_eq!(set, "{\"phrases\":7}");
        // All but one cell filled: a full house, in German, the value named as the page names it.
        let puzzle = request.lines().nth(1).unwrap();
        let open = puzzle.find('.').unwrap();
        let mut values: Vec<char> = solution.chars().collect();
        values[open] = '.';
        let names = "eins\tzwei\tdrei\tvier";
        let json = answer(
            Command::Step,
            &format!(
                "{}\n{names}",
                with_values(&request, &values.iter().collect::<String>(), None)
            ),
        );
        answer(Command::Words, "");
        assert!(json.contains("\"name\":\"Letzte Zelle\""), "{json}");
        let text = field(&json, "text");
        assert!(text.starts_with("Letzte Zelle: "), "{text}");
        assert!(text.contains("letzte freie Zelle in "), "{text}");
        let value = solution.as_bytes()[open] - b'0';
        let name = ["eins", "zwei", "drei", "vier"][usize::from(value) - 1];
        assert!(text.contains(&format!("= {name}")), "{text}");
    }

    #[test]
    fn a_jigsaw_keeps_the_region_map_it_is_given() {
        let map =
            "AAABBCCCCAAABBBCCCDAABBBCCEDDAFFBGGEDDFFFGGGEDDFFGGEEEDDFFGGEEEHHHHHIIIIHHHHIIIII";
        let made = answer(Command::Generate, &format!("jigsaw 9 easy 4 {map}"));
        assert!(
            field(&made, "puzzle").ends_with(&format!("|{map}")),
            "{made}"
        );
        let json = answer(Command::Generate, "jigsaw 9 easy 4 AAAB");
        assert!(json.starts_with("{\"error\""), "{json}");
    }

    #[test]
    fn bad_requests_answer_with_where_and_what() {
        let json = answer(Command::Solve, "classic\n12x");
        assert!(json.starts_with("{\"error\":{\"line\":2,"), "{json}");
        let json = answer(Command::Generate, "classic nine easy 1");
        assert!(json.contains("nine is not a size"), "{json}");
        let json = answer(Command::Rate, "hexagon\n1234");
        assert!(json.contains("\"line\":1"), "{json}");
        // Sizes and shapes the engine refuses are answered, never a panic.
        for request in [
            "classic 0 easy 1",
            "classic 1 easy 1",
            "classic 99 easy 1",
            "classic 7 easy 1",
            "killer 16 easy 1",
            "window 6 easy 1",
            "classic 9 easy -1",
            "classic 9 impossible 1",
            "",
        ] {
            let json = answer(Command::Generate, request);
            assert!(json.starts_with("{\"error\""), "{request}: {json}");
        }
        for request in [
            "",
            "\n",
            "classic\n",
            "samurai\n123",
            "killer\n....|10=r1c1",
            "jigsaw\n1234|AABB",
        ] {
            for command in [
                Command::Solve,
                Command::Check,
                Command::Candidates,
                Command::Step,
            ] {
                let json = answer(command, request);
                assert!(json.starts_with("{\"error\""), "{request:?}: {json}");
            }
        }
        // A player's state that does not fit the puzzle: named by its line.
        let puzzle = "classic\n1...............";
        for (state, line) in [
            ("\n12", 3),
            ("\n2...............", 3),
            ("\n1......Z........", 3),
            ("\n1...............\n1,2", 4),
            ("\n1...............\n1,2,x,,,,,,,,,,,,,,", 4),
        ] {
            for command in [Command::Check, Command::Candidates, Command::Step] {
                let json = answer(command, &format!("{puzzle}{state}"));
                assert!(
                    json.starts_with(&format!("{{\"error\":{{\"line\":{line},")),
                    "{state:?}: {json}"
                );
            }
        }
        // A puzzle with many solutions has no next step to give.
        let json = answer(Command::Step, puzzle);
        assert!(json.contains("no single solution"), "{json}");
    }
}
