//! The engine as a WebAssembly module (`wasm32-unknown-unknown`), through a plain C ABI that needs
//! no generated glue: the caller copies a UTF-8 request into memory from [`sudoku_alloc`], calls
//! [`sudoku_solve`], [`sudoku_rate`] or [`sudoku_generate`] with its pointer and length, and reads
//! the JSON answer (its length returned, its bytes at [`sudoku_output`]). The requests:
//!
//! - solve and rate: `VARIANT` on the first line, the puzzle line on the second (as `generate`
//!   writes it: `puzzle|regions|cages`);
//! - generate: `VARIANT SIZE LEVEL SEED` on one line.
//!
//! Every answer is one JSON object; a failure is `{"error": {"line", "column", "what"}}`. The
//! answers are made by [`answer`], plain Rust that the native tests call too.

use std::sync::Mutex;

use sudoku_engine::generate::{Request, Target, generate};
use sudoku_engine::grid::{ImportError, Variant, puzzle_line, read_puzzle_line, to_line};
use sudoku_engine::logic::{Level, rate};
use sudoku_engine::solve::Solver;

/// The last answer, kept until the next call.
static OUTPUT: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// What a request asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    Solve,
    Rate,
    Generate,
}

/// The JSON answer to a request.
pub fn answer(command: Command, request: &str) -> String {
    let result = match command {
        Command::Solve => solve_answer(request),
        Command::Rate => rate_answer(request),
        Command::Generate => generate_answer(request),
    };
    result.unwrap_or_else(|e| error_json(&e))
}

/// `VARIANT\nLINE` → the geometry and givens.
fn read_request(
    request: &str,
) -> Result<(sudoku_engine::grid::Geometry, sudoku_engine::grid::Grid), ImportError> {
    let (variant, line) = request.split_once('\n').unwrap_or(("classic", request));
    let variant = parse_variant(variant)?;
    read_puzzle_line(line, 2, variant)
}

fn parse_variant(text: &str) -> Result<Variant, ImportError> {
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
    let [variant, size, level, seed] = words[..] else {
        return Err(ImportError {
            line: 1,
            column: None,
            what: "write VARIANT SIZE LEVEL SEED".into(),
        });
    };
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
    let request = Request {
        target: Target::Level(level),
        ..Request::new(variant, size)
    };
    let puzzle = generate(&request, seed).map_err(|e| bad(e.to_string()))?;
    let geo = &puzzle.geometry;
    Ok(format!(
        "{{\"puzzle\":{},\"solution\":{},\"level\":\"{}\",\"score\":{:.1}}}",
        quoted(&puzzle_line(&puzzle.givens, geo)),
        quoted(&to_line(&puzzle.solution, geo)),
        puzzle.rating.level.name(),
        puzzle.rating.score
    ))
}

fn error_json(error: &ImportError) -> String {
    let column = error.column.map_or("null".to_string(), |c| c.to_string());
    format!(
        "{{\"error\":{{\"line\":{},\"column\":{column},\"what\":{}}}}}",
        error.line,
        quoted(&error.what)
    )
}

/// A JSON string.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for ch in text.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
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

/// Solves: `{"solutions", "unique", "solution"}`.
///
/// # Safety
/// As [`run`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solve(ptr: *const u8, len: usize) -> usize {
    unsafe { run(Command::Solve, ptr, len) }
}

/// Rates: `{"score", "level", "solved", "techniques"}`.
///
/// # Safety
/// As [`run`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_rate(ptr: *const u8, len: usize) -> usize {
    unsafe { run(Command::Rate, ptr, len) }
}

/// Generates: `{"puzzle", "solution", "level", "score"}`.
///
/// # Safety
/// As [`run`].
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_generate(ptr: *const u8, len: usize) -> usize {
    unsafe { run(Command::Generate, ptr, len) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field<'a>(json: &'a str, key: &str) -> &'a str {
        let start = json.find(&format!("\"{key}\":")).expect(key) + key.len() + 3;
        let rest = &json[start..];
        let end = if let Some(body) = rest.strip_prefix('"') {
            body.find('"').map_or(rest.len(), |e| e + 2)
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

    /// The same answer the module gives in Node (tests/wasm/engine.test.mjs): one engine on both.
    pub const PINNED_JIGSAW: &str = "{\"puzzle\":\"....854.........2..4.3....7.....7.16...9.4...65.7.....2....8.9..9.........467....|AAABBCCCCAAABBBCCCDAABBBCCEDDAFFBGGEDDFFFGGGEDDFFGGEEEDDFFGGEEEHHHHHIIIIHHHHIIIII\",\"solution\":\"713285469568149723942356187439827516186934275651793842275468391897512634324671958\",\"level\":\"hard\",\"score\":4.4}";

    #[test]
    fn a_seed_gives_the_pinned_puzzle_natively_as_in_the_browser() {
        assert_eq!(answer(Command::Generate, "jigsaw 9 hard 11"), PINNED_JIGSAW);
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
            let json = answer(Command::Solve, request);
            assert!(json.starts_with("{\"error\""), "{request:?}: {json}");
        }
    }
}
