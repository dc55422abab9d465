//! Book-build benchmark: the mixed books in `benches/books/` (100, 500 and 1,000 puzzles, all
//! four variants, easy to hard, with answer keys) built in process — generation on one and on two
//! threads, then layout, drawing, PDF and SVG encoding — with the time of each phase and the peak
//! memory of the process so far. Run: `cargo bench --bench build` (a filter word such as `100`
//! builds only matching books). Whole-process timings: see docs/PERFORMANCE.md.

use std::path::Path;
use std::time::Instant;

use sudoku_book::book::generate_puzzles;
use sudoku_book::fonts::FontSet;
use sudoku_book::publish::assemble::assemble_into;

const BOOKS: [&str; 3] = ["mixed-100", "mixed-500", "mixed-1000"];

/// Peak resident memory of this process in MB (Linux), or 0 when unknown.
fn peak_memory_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<f64>()
                .ok()
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

fn main() {
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/books");
    println!(
        "| book | puzzles | pages | generate, 1 thread | generate, 2 threads | layout + PDF + SVG | total (2 threads) | peak memory |"
    );
    println!("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
    for name in BOOKS {
        if !filter.is_empty() && !filter.iter().any(|f| name.contains(f.as_str())) {
            continue;
        }
        bench_book(&dir.join(format!("{name}.toml")), name);
    }
}

fn bench_book(path: &Path, name: &str) {
    let plan = match sudoku_book::publish::load_plan(path) {
        Ok(plan) => plan,
        Err(error) => {
            eprintln!("skipping {name}: {error}");
            return;
        }
    };
    let generate_on = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("thread pool");
        let start = Instant::now();
        let puzzles = pool.install(|| generate_puzzles(&plan, &|_| {}));
        (
            puzzles.expect("the benchmark books are reachable"),
            start.elapsed().as_secs_f64(),
        )
    };
    let (_, one) = generate_on(1);
    let (puzzles, two) = generate_on(2);
    let fonts = FontSet::bundled();
    let start = Instant::now();
    let layout = sudoku_book::layout::book::lay_out(&plan, &puzzles, &fonts);
    let pages = assemble_into(&plan, &puzzles, &fonts, &layout, &mut |_, contents| {
        contents.write_to(&mut std::io::sink()).map_err(|_| ())
    })
    .map_or(0, |a| a.pages);
    let draw = start.elapsed().as_secs_f64();
    println!(
        "| {name} | {} | {pages} | {one:.2} s | {two:.2} s | {draw:.2} s | {:.2} s | {:.0} MB |",
        puzzles.len(),
        two + draw,
        peak_memory_mb()
    );
}
