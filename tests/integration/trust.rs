//! Issue 10's regression tests, each named after the defect it pins: the book folder is never
//! lost (a folder that is not provably a book is refused; a kill at any step of the swap leaves
//! the old or the new book, and the next build repairs and cleans up), every number a user types
//! has a range, and the module graph follows the pipeline.

use std::fs;
use std::io::{BufRead, BufReader};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use predicates::prelude::*;

use crate::util::{book_seed, cmd, names};

const SMALL: &str = "title = \"T\"\nseed = SEED\n[[section]]\nsize = 4\ncount = 2\n";

fn spec(dir: &Path, seed: u64) -> PathBuf {
    let path = dir.join(format!("book-{seed}.toml"));
    fs::write(&path, SMALL.replace("SEED", &seed.to_string())).unwrap();
    path
}

fn build_ok(dir: &Path, seed: u64, out: &Path) {
    cmd()
        .arg("build")
        .arg(spec(dir, seed))
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .assert()
        .success();
}

#[test]
fn data_loss_a_folder_with_any_book_json_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("d");
    fs::create_dir(&out).unwrap();
    fs::write(out.join("book.json"), "{}").unwrap();
    fs::write(out.join("notes.txt"), "x").unwrap();
    cmd()
        .arg("build")
        .arg(spec(dir.path(), 1))
        .arg("--out")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "is not a book folder written by sudoku-book",
        ));
    assert_eq!(fs::read_to_string(out.join("notes.txt")).unwrap(), "x");
}

#[test]
fn data_loss_a_book_with_a_file_of_the_user_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("book");
    build_ok(dir.path(), 1, &out);
    fs::write(out.join("pages/my-notes.txt"), "x").unwrap();
    cmd()
        .arg("build")
        .arg(spec(dir.path(), 2))
        .arg("--out")
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("pages/my-notes.txt"));
    assert_eq!(book_seed(&out), Some(1));
}

#[test]
fn data_loss_a_symlink_as_out_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real");
    build_ok(dir.path(), 1, &real);
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    cmd()
        .arg("build")
        .arg(spec(dir.path(), 2))
        .arg("--out")
        .arg(&link)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("is a symbolic link"));
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(book_seed(&real), Some(1));
}

/// Builds seed 2 over a seed-1 book, killed (SIGKILL) at `step` of the swap; then checks what
/// is left, builds seed 3, and checks that book and nothing else is there.
fn kill_at(step: &str, two_step: bool) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("book");
    build_ok(dir.path(), 1, &out);
    let mut killed = cmd();
    killed
        .arg("build")
        .arg(spec(dir.path(), 2))
        .arg("--out")
        .arg(&out)
        .env("SUDOKU_BOOK_KILL_AT", step);
    if two_step {
        killed.env("SUDOKU_BOOK_NO_EXCHANGE", "1");
    }
    let status = killed.output().unwrap().status;
    assert_eq!(status.signal(), Some(9), "{step}: not killed: {status:?}");
    let left = book_seed(&out);
    if step == "moved-aside" {
        // The one crash window of the two-rename swap: the old book waits beside the target.
        assert_eq!(left, None, "{step}");
    } else {
        assert!(matches!(left, Some(1 | 2)), "{step}: {left:?}");
    }
    build_ok(dir.path(), 3, &out);
    assert_eq!(book_seed(&out), Some(3), "{step}");
    let files: Vec<String> = names(dir.path());
    assert_eq!(
        files,
        ["book", "book-1.toml", "book-2.toml", "book-3.toml"],
        "{step}"
    );
}

#[test]
fn crash_windows_a_kill_at_each_step_of_the_swap_leaves_a_book_and_no_leftovers() {
    for step in ["staged", "checked", "swapped"] {
        kill_at(step, false);
    }
    for step in ["staged", "checked", "moved-aside", "replaced"] {
        kill_at(step, true);
    }
}

#[test]
fn crash_windows_the_next_build_puts_back_a_book_moved_aside() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("book");
    build_ok(dir.path(), 1, &out);
    let status = cmd()
        .arg("build")
        .arg(spec(dir.path(), 2))
        .arg("--out")
        .arg(&out)
        .env("SUDOKU_BOOK_KILL_AT", "moved-aside")
        .env("SUDOKU_BOOK_NO_EXCHANGE", "1")
        .output()
        .unwrap()
        .status;
    assert_eq!(status.signal(), Some(9));
    // A build that fails (bad spec) after the repair still leaves the old book in place.
    let bad = dir.path().join("bad.toml");
    fs::write(
        &bad,
        "title = \"T\"\n[[section]]\nsize = 4\ncount = 1\ndifficulty = \"extreme\"\nattempts = 3\n",
    )
    .unwrap();
    cmd()
        .arg("build")
        .arg(&bad)
        .arg("--out")
        .arg(&out)
        .assert()
        .code(1);
    assert_eq!(book_seed(&out), Some(1));
    assert_eq!(
        names(dir.path()),
        ["bad.toml", "book", "book-1.toml", "book-2.toml"]
    );
}

fn spec_error(spec: &str, expected: &str) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.toml");
    fs::write(&path, spec).unwrap();
    cmd()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(dir.path().join("out"))
        .timeout(Duration::from_secs(20))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(expected));
    assert!(!dir.path().join("out").exists());
}

#[test]
fn unbounded_requests_a_billion_puzzles_are_refused_at_once() {
    spec_error(
        "title = \"T\"\n[[section]]\ncount = 1000000000\n",
        "book.toml:3:9: section[1].count: 1000000000 puzzles is out of range: use 1 to 10000",
    );
}

#[test]
fn unbounded_requests_huge_layout_columns_are_refused() {
    for columns in ["4294967297", "18446744073709551615"] {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("layouts")).unwrap();
        fs::write(
            dir.path().join("layouts/wide.toml"),
            format!("columns = {columns}\nrows = 2\n"),
        )
        .unwrap();
        let path = dir.path().join("book.toml");
        fs::write(
            &path,
            "title = \"T\"\nlayout = \"wide\"\n[[section]]\ncount = 1\n",
        )
        .unwrap();
        cmd()
            .arg("build")
            .arg(&path)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "book.toml:2:10: layout: layout 'wide'",
            ));
    }
}

#[test]
fn unbounded_requests_givens_and_attempts_have_ranges() {
    spec_error(
        "title = \"T\"\n[[section]]\ncount = 1\ngivens = 1000\n",
        "book.toml:4:10: section[1].givens: 1000 givens is out of range",
    );
    let cases: [(&[&str], &str); 5] = [
        (
            &["--givens", "100000"],
            "--givens: 100000 givens is out of range: a 9x9 grid has 81 cells; use 1 to 80",
        ),
        (
            &["--attempts", "0"],
            "--attempts: 0 attempts is out of range",
        ),
        (&["--count", "0"], "--count: 0 puzzles is out of range"),
        (
            &["--jobs", "100000"],
            "--jobs: 100000 worker threads is out of range: use 1 to 256",
        ),
        (
            &["--score", "inf..inf"],
            "--score: 'inf..inf' is not a score range",
        ),
    ];
    for (args, expected) in cases {
        cmd()
            .arg("generate")
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(expected));
    }
    let dir = tempfile::tempdir().unwrap();
    cmd()
        .arg("build")
        .arg(spec(dir.path(), 1))
        .args(["--jobs", "100000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--jobs: 100000 worker threads is out of range",
        ));
}

#[test]
fn unbounded_requests_generate_streams_and_keeps_what_it_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("many.txt");
    let binary = assert_cmd::cargo::cargo_bin("sudoku-book");
    let mut child = Process::new(binary)
        .args([
            "generate", "--size", "4", "--count", "10000000", "--jobs", "1", "-o",
        ])
        .arg(&path)
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let mut lines = 0;
    while lines < 8 && start.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(50));
        lines = fs::read_to_string(&path).map_or(0, |t| t.lines().count());
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.lines().count() >= 8, "nothing streamed: {text:?}");
    let reader = BufReader::new(text.as_bytes());
    for line in reader.lines() {
        let line = line.unwrap();
        if line.len() == 16 {
            assert!(
                line.chars().all(|c| c == '.' || ('1'..='4').contains(&c)),
                "{line}"
            );
        }
    }
}

#[test]
fn generation_failures_exit_the_same_from_generate_and_build() {
    cmd()
        .args([
            "generate",
            "--size",
            "4",
            "--difficulty",
            "extreme",
            "--attempts",
            "3",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("puzzle 1 (no puzzle written): no"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.toml");
    fs::write(
        &path,
        "title = \"T\"\n[[section]]\nsize = 4\ncount = 1\ndifficulty = \"extreme\"\nattempts = 3\n",
    )
    .unwrap();
    cmd()
        .arg("build")
        .arg(&path)
        .arg("--out")
        .arg(dir.path().join("out"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("within 3 attempts"))
        .stderr(predicate::str::contains("--attempts").not());
}

#[test]
fn messages_a_missing_spec_is_an_io_error() {
    cmd()
        .args(["build", "/missing.toml"])
        .assert()
        .code(3)
        .stderr(predicate::str::contains("cannot read the spec"));
}

#[test]
fn messages_a_box_that_does_not_tile_is_reported_at_box() {
    spec_error(
        "title = \"T\"\n[[section]]\ncount = 1\nbox = \"3x4\"\n",
        "book.toml:4:7: section[1].box: 3x4 boxes do not tile a 9x9 grid",
    );
}

#[test]
fn messages_width_needs_height_and_size_excludes_width() {
    let head = "title = \"T\"\n[[section]]\ncount = 1\n[page]\n";
    spec_error(
        &format!("{head}width = 100\n"),
        "page.height: a custom page needs width and height",
    );
    spec_error(
        &format!("{head}size = \"a4\"\nwidth = \"5in\"\n"),
        "page.size: give a named size or width and height, not both",
    );
}

#[test]
fn messages_a_long_title_makes_a_short_folder_name() {
    let dir = tempfile::tempdir().unwrap();
    let title = "Word ".repeat(60);
    let path = dir.path().join("book.toml");
    fs::write(
        &path,
        format!("title = \"{title}\"\nheader = \"Words\"\n[[section]]\nsize = 4\ncount = 1\n"),
    )
    .unwrap();
    cmd()
        .current_dir(dir.path())
        .arg("build")
        .arg(&path)
        .assert()
        .success()
        .stdout(predicate::str::contains("1 puzzle in 1 section"));
    let folders = names(&dir.path().join("output"));
    assert_eq!(folders.len(), 1);
    assert!(folders[0].len() <= 60, "{folders:?}");
}

/// The app's modules in pipeline order: each may use only the modules before it (the leaves
/// first, then spec → book → layout → render → publish). The engine is a crate of its own
/// (`engine/`), so the compiler keeps it from using any of them.
#[rustfmt::skip]
const PIPELINE: [&str; 11] = [
    "units", "dates", "symbols", "input", "fonts", "workers", "spec", "book", "layout", "render",
    "publish",
];

#[test]
fn the_apps_module_graph_follows_the_pipeline() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (rank, module) in PIPELINE.iter().enumerate() {
        let mut files = Vec::new();
        collect_rust_files(&src.join(module), &mut files);
        collect_rust_files(&src.join(format!("{module}.rs")), &mut files);
        for file in files {
            let text = fs::read_to_string(&file).unwrap();
            for later in &PIPELINE[rank + 1..] {
                assert!(
                    !text.contains(&format!("crate::{later}")),
                    "{} (module {module}) uses the later module {later}",
                    file.display()
                );
            }
        }
    }
}

/// The engine goes where the app cannot (a browser): none of the app's heavy or system crates may
/// enter its dependency tree. Read from Cargo.lock, which lists every package's dependencies
/// whatever the features, so the tree checked is the largest the engine can have.
#[test]
fn the_engine_depends_on_no_app_crate() {
    let lock =
        fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock")).unwrap();
    let tree = dependency_tree(&lock, "sudoku-engine");
    assert!(tree.contains(&"rand_chacha".to_string()), "{tree:?}");
    assert_no_app_crate("the engine", &tree);
    // The drawing goes into the browser's module too: the engine and nothing else.
    let draw = dependency_tree(&lock, "sudoku-draw");
    assert!(draw.contains(&"sudoku-engine".to_string()), "{draw:?}");
    assert_no_app_crate("the drawing", &draw);
    assert!(!draw.contains(&"lopdf".to_string()), "{draw:?}");
}

fn assert_no_app_crate(what: &str, tree: &[String]) {
    for banned in [
        "printpdf",
        "rayon",
        "clap",
        "indicatif",
        "svg",
        "toml",
        "signal-hook",
        "libc",
        "sudoku-book",
        "sudoku-library",
        "rusqlite",
    ] {
        assert!(
            !tree.contains(&banned.to_string()),
            "{what} depends on {banned}: {tree:?}"
        );
    }
}

/// Every package `root` depends on, directly or not, by Cargo.lock's `dependencies` lists.
fn dependency_tree(lock: &str, root: &str) -> Vec<String> {
    let mut packages: Vec<(String, Vec<String>)> = Vec::new();
    for block in lock.split("[[package]]").skip(1) {
        let name = block
            .lines()
            .find_map(|l| l.strip_prefix("name = "))
            .map(|n| n.trim_matches('"').to_string())
            .unwrap_or_default();
        let deps = block
            .split_once("dependencies = [")
            .map(|(_, rest)| rest.split(']').next().unwrap_or(""))
            .unwrap_or("")
            .split(',')
            .filter_map(|d| {
                d.trim()
                    .trim_matches('"')
                    .split(' ')
                    .next()
                    .map(str::to_string)
            })
            .filter(|d| !d.is_empty())
            .collect();
        packages.push((name, deps));
    }
    let mut seen: Vec<String> = Vec::new();
    let mut todo = vec![root.to_string()];
    while let Some(name) = todo.pop() {
        for (package, deps) in packages.iter().filter(|(p, _)| *p == name) {
            assert_eq!(package, &name);
            for dep in deps {
                if !seen.contains(dep) {
                    seen.push(dep.clone());
                    todo.push(dep.clone());
                }
            }
        }
    }
    seen
}

fn collect_rust_files(path: &Path, files: &mut Vec<PathBuf>) {
    if path.is_file() {
        files.push(path.to_path_buf());
    } else if let Ok(entries) = fs::read_dir(path) {
        for entry in entries.flatten() {
            collect_rust_files(&entry.path(), files);
        }
    }
}

/// Found by the mutation run (docs/FUZZING.md, case 16498): a classic 16×16 with eight givens
/// cleared ran over 20 s in `solve`; the search's restarts settle it at once.
#[test]
fn hangs_a_sparse_classic_16_is_reported_not_unique() {
    let puzzle = "..B........A....G.....38.1.C....F.9.......G.C..8......GB3.6...7.2....B894.F....1BE....DF.C.67.A5D.........A2..GF...1G.AE.5..8.....G...5..AC.B3.47..5........E.6A....C.23B...FG..6D....E...1.....3........8..A............D....9C..1.......B.......CFA.BD..3.....";
    cmd()
        .args(["solve", puzzle, "--output", "line"])
        .timeout(Duration::from_secs(30))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("not unique"));
}
