//! The puzzle library through the binary: books drawing from it (and rebuilt the same), uses
//! recorded only for written books, two builds at once, shortfalls, shards split over processes
//! (GNU parallel when installed) and merged, kill -9 during fill, build and merge, rerating and
//! the daily feed.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::util::{build_book, cmd, manifest_of, puzzle_ids, stderr_of, stdout_of};
use sudoku_library::Library;

fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("sudoku-book")
}

fn run(args: &[&str], db: &Path) -> std::process::Output {
    cmd().args(args).arg("--db").arg(db).output().unwrap()
}

fn fill(db: &Path, level: &str, count: usize, seed: u64) {
    let out = run(
        &[
            "library",
            "fill",
            "--difficulty",
            level,
            "--count",
            &count.to_string(),
            "--seed",
            &seed.to_string(),
        ],
        db,
    );
    assert!(out.status.success(), "{}", stderr_of(&out));
}

/// (unused, used) over the whole library.
fn totals(db: &Path) -> (u64, u64) {
    let stats = Library::open(db).unwrap().stats().unwrap();
    (
        stats.iter().map(|s| s.unused).sum(),
        stats.iter().map(|s| s.used).sum(),
    )
}

fn spec(dir: &Path, name: &str, title: &str, sections: &str) -> PathBuf {
    let path = dir.join(name);
    let text = format!(
        "title = \"{title}\"\nseed = 5\n[library]\npath = \"lib.db\"\ndate = \"2027-01-15\"\n{sections}"
    );
    std::fs::write(&path, text).unwrap();
    path
}

const SECTIONS: &str = "[[section]]\ntitle = \"Easy\"\ncount = 12\ndifficulty = \"easy\"\n\
    [[section]]\ntitle = \"Medium\"\ncount = 4\ndifficulty = \"medium\"\nsort = \"difficulty\"\n";

fn files(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut found: Vec<(String, Vec<u8>)> = Vec::new();
    for entry in walk(dir) {
        let name = entry.strip_prefix(dir).unwrap().display().to_string();
        found.push((name, std::fs::read(&entry).unwrap()));
    }
    found.sort();
    found
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut paths = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            paths.extend(walk(&path));
        } else {
            paths.push(path);
        }
    }
    paths
}

#[test]
fn a_book_draws_from_its_library_records_its_uses_and_rebuilds_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lib.db");
    fill(&db, "easy", 30, 3);
    let first = spec(dir.path(), "v1.toml", "Volume 1", SECTIONS);
    // A check draws but records nothing.
    let checked = cmd()
        .args(["build", first.to_str().unwrap(), "--check"])
        .output()
        .unwrap();
    assert!(checked.status.success(), "{}", stderr_of(&checked));
    assert_eq!(totals(&db), (30, 0));

    let out = dir.path().join("v1");
    let built = build_book(&first, &out);
    assert!(built.status.success(), "{}", stderr_of(&built));
    assert!(
        stdout_of(&built).contains("12 puzzles drawn, 4 made and added"),
        "{}",
        stdout_of(&built)
    );
    let book = manifest_of(&out);
    let drawn = book["puzzles"].as_array().unwrap();
    let from_library: Vec<bool> = drawn.iter().map(|p| p["library"] == true).collect();
    assert_eq!(from_library, [vec![true; 12], vec![false; 4]].concat());
    // 18 easy left; the 4 medium made were added, used.
    assert_eq!(totals(&db), (18, 16));

    // Built again (another folder): the same places from the library, byte for byte.
    let again = dir.path().join("v1-again");
    let rebuilt = build_book(&first, &again);
    assert!(rebuilt.status.success(), "{}", stderr_of(&rebuilt));
    assert_eq!(files(&out), files(&again), "a rebuild changed the book");
    assert_eq!(totals(&db), (18, 16));

    // The next volume shares no puzzle with the first, turned or relabelled.
    let second = spec(dir.path(), "v2.toml", "Volume 2", SECTIONS);
    let out2 = dir.path().join("v2");
    let built2 = build_book(&second, &out2);
    assert!(built2.status.success(), "{}", stderr_of(&built2));
    let (one, two) = (puzzle_ids(&book), puzzle_ids(&manifest_of(&out2)));
    assert!(one.iter().all(|id| !two.contains(id)), "{one:?} {two:?}");
    // Its medium puzzles come from the same seeds as volume 1's, so all four were made again.
    assert!(
        stderr_of(&built2).contains("used by another book of its library"),
        "{}",
        stderr_of(&built2)
    );
    assert_eq!(totals(&db), (6, 32));
}

#[test]
fn a_library_section_short_of_puzzles_names_the_fill_and_records_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lib.db");
    fill(&db, "easy", 5, 3);
    let sections = "[[section]]\ncount = 3\ndifficulty = \"easy\"\n\
        [[section]]\ntitle = \"Hard\"\ncount = 4\ndifficulty = \"hard\"\nsource = \"library\"\n";
    let path = spec(dir.path(), "book.toml", "Short", sections);
    let out = build_book(&path, &dir.path().join("book"));
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    let message = stderr_of(&out);
    assert!(
        message.contains("section 2 (\"Hard\")")
            && message.contains("has 0 of the 4")
            && message.contains("library fill --db")
            && message.contains("--difficulty hard --count 4"),
        "{message}"
    );
    assert!(!dir.path().join("book").exists());
    assert_eq!(totals(&db), (5, 0));
    // A library that is not there is named, not created.
    let missing = dir.path().join("missing.toml");
    std::fs::write(
        &missing,
        "title = \"M\"\n[library]\npath = \"nope.db\"\n[[section]]\ncount = 1\n",
    )
    .unwrap();
    let out = build_book(&missing, &dir.path().join("m"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("there is no library at"),
        "{}",
        stderr_of(&out)
    );
    assert!(!dir.path().join("nope.db").exists());
    // source without a library, and a misspelt source, are spec errors with their place.
    let lonely = dir.path().join("lonely.toml");
    std::fs::write(
        &lonely,
        "title = \"L\"\n[[section]]\ncount = 1\nsource = \"library\"\n",
    )
    .unwrap();
    let out = build_book(&lonely, &dir.path().join("l"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr_of(&out).contains("section[1].source") && stderr_of(&out).contains("[library]"),
        "{}",
        stderr_of(&out)
    );
}

#[test]
fn two_builds_at_once_never_share_a_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lib.db");
    fill(&db, "easy", 40, 9);
    let sections = "[[section]]\ncount = 16\ndifficulty = \"easy\"\nsource = \"library\"\n";
    let specs: Vec<PathBuf> = (1..=2)
        .map(|n| {
            spec(
                dir.path(),
                &format!("b{n}.toml"),
                &format!("Book {n}"),
                sections,
            )
        })
        .collect();
    let children: Vec<Child> = specs
        .iter()
        .enumerate()
        .map(|(n, spec)| {
            Command::new(binary())
                .arg("build")
                .arg(spec)
                .arg("--out")
                .arg(dir.path().join(format!("out{n}")))
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let outputs: Vec<_> = children
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    let mut books = Vec::new();
    for (n, output) in outputs.iter().enumerate() {
        if output.status.success() {
            books.push(puzzle_ids(&manifest_of(
                &dir.path().join(format!("out{n}")),
            )));
        } else {
            // The only way to lose: the other build took one of its puzzles first.
            assert_eq!(output.status.code(), Some(1), "{}", stderr_of(output));
            assert!(
                stderr_of(output).contains("was used by"),
                "{}",
                stderr_of(output)
            );
        }
    }
    assert!(!books.is_empty());
    if let [a, b] = &books[..] {
        assert!(a.iter().all(|id| !b.contains(id)));
    }
    assert_eq!(totals(&db).1, 16 * books.len() as u64);
}

/// Runs the N shard commands at once: with GNU parallel when it is installed, else as N child
/// processes (what parallel does).
fn run_shards(shards: usize, command: impl Fn(usize) -> Vec<String>) {
    let has_parallel = Command::new("parallel")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if has_parallel {
        let mut lines = String::new();
        for k in 1..=shards {
            let quoted: Vec<String> = command(k).iter().map(|a| format!("'{a}'")).collect();
            lines.push_str(&format!("{} {}\n", binary().display(), quoted.join(" ")));
        }
        let mut child = Command::new("parallel")
            .args([
                "--will-cite",
                "--halt",
                "now,fail=1",
                "-j",
                &shards.to_string(),
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(lines.as_bytes())
            .unwrap();
        assert!(child.wait().unwrap().success(), "GNU parallel failed");
        return;
    }
    super::util::skip("GNU parallel is not installed: the shards run as child processes");
    let children: Vec<Child> = (1..=shards)
        .map(|k| {
            Command::new(binary())
                .args(command(k))
                .stdout(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        assert!(child.wait_with_output().unwrap().status.success());
    }
}

#[test]
fn shards_filled_in_parallel_merge_into_one_machines_library() {
    let dir = tempfile::tempdir().unwrap();
    let shard_db = |k: usize| dir.path().join(format!("shard{k}.db"));
    run_shards(3, |k| {
        [
            "library",
            "fill",
            "--difficulty",
            "easy",
            "--count",
            "24",
            "--seed",
            "21",
            "--jobs",
            "1",
            "--shard",
            &format!("{k}/3"),
            "--db",
            shard_db(k).to_str().unwrap(),
        ]
        .map(str::to_string)
        .to_vec()
    });
    let merged = dir.path().join("merged.db");
    let out = cmd()
        .args(["library", "merge", "--db", merged.to_str().unwrap()])
        .args((1..=3).map(shard_db))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr_of(&out));
    let one = dir.path().join("one.db");
    fill(&one, "easy", 24, 21);
    let merged_ids = Library::open(&merged).unwrap().ids().unwrap();
    assert_eq!(merged_ids, Library::open(&one).unwrap().ids().unwrap());
    assert_eq!(merged_ids.len(), 24);
    // --count is the whole run's on each slice: a slice holds its share (8 of 24), and a
    // finished slice run again adds nothing (a batch system may retry it).
    assert_eq!(Library::open(&shard_db(2)).unwrap().ids().unwrap().len(), 8);
    let fill_args = [
        "library",
        "fill",
        "--difficulty",
        "easy",
        "--count",
        "24",
        "--seed",
        "21",
    ];
    let again = run(
        &[&fill_args[..], &["--shard", "2/3"]].concat(),
        &shard_db(2),
    );
    assert!(again.status.success(), "{}", stderr_of(&again));
    assert!(
        stdout_of(&again)
            .contains("0 puzzles added (0 duplicates already there, slice 2/3 of a fill of 24)"),
        "{}",
        stdout_of(&again)
    );
    assert_eq!(Library::open(&shard_db(2)).unwrap().ids().unwrap().len(), 8);
    // generate --shard: the slices' lines are exactly one run's lines.
    let generate = |extra: &[&str]| {
        let out = cmd()
            .args(["generate", "--count", "12", "--seed", "4"])
            .args(extra)
            .output()
            .unwrap();
        let mut lines: Vec<String> = stdout_of(&out).lines().map(str::to_string).collect();
        lines.sort();
        lines
    };
    let mut sliced: Vec<String> = (1..=3)
        .flat_map(|k| generate(&["--shard", &format!("{k}/3")]))
        .collect();
    sliced.sort();
    assert_eq!(sliced, generate(&[]));
    // A merge into itself, a missing input and a bad slice are refused.
    let out = run(&["library", "merge", merged.to_str().unwrap()], &merged);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["library", "merge", "nowhere.db"], &merged);
    assert!(
        stderr_of(&out).contains("no such library"),
        "{}",
        stderr_of(&out)
    );
    let out = cmd().args(["generate", "--shard", "4/3"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// Starts `args` and kills it with SIGKILL once `ready` holds (or after `limit`); true when it
/// was still running when killed.
fn kill_when(args: &[&str], limit: Duration, ready: impl Fn() -> bool) -> bool {
    let mut child = Command::new(binary())
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !ready() && start.elapsed() < limit {
        std::thread::sleep(Duration::from_millis(5));
    }
    let running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    running
}

fn committed(db: &Path) -> usize {
    Library::open(db).map_or(0, |l| l.ids().map_or(0, |ids| ids.len()))
}

#[test]
fn kill_9_during_fill_build_or_merge_leaves_a_whole_library() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lib.db");
    let db_arg = db.to_str().unwrap();
    // Fill: killed once some batches are in (it could not finish 20,000 by then); the same
    // request then goes on after the last committed batch.
    let fill_args = |count: &'static str| {
        [
            "library",
            "fill",
            "--count",
            count,
            "--difficulty",
            "easy",
            "--jobs",
            "1",
            "--db",
            db_arg,
        ]
    };
    let killed = kill_when(&fill_args("20000"), Duration::from_secs(60), || {
        committed(&db) >= 16
    });
    assert!(killed, "the fill ended before it could be killed");
    let kept = committed(&db);
    let library = Library::open(&db).unwrap();
    assert_eq!(library.integrity_check().unwrap(), "ok");
    drop(library);
    let again = cmd().args(fill_args("100")).output().unwrap();
    assert!(again.status.success(), "{}", stderr_of(&again));
    assert!(
        stdout_of(&again).contains("100 puzzles added (0 duplicates"),
        "kept {kept}: {}",
        stdout_of(&again)
    );
    assert_eq!(committed(&db), 100 + kept);

    // Build: killed while it makes puzzles; the library records no use, the old book stays.
    let path = spec(
        dir.path(),
        "book.toml",
        "Killed",
        "[[section]]\ncount = 8\ndifficulty = \"easy\"\n[[section]]\ncount = 5000\ndifficulty = \"medium\"\n",
    );
    let out = dir.path().join("book");
    std::fs::create_dir(&out).unwrap();
    let before = totals(&db);
    let killed = kill_when(
        &[
            "build",
            path.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--jobs",
            "1",
        ],
        Duration::from_millis(500),
        || false,
    );
    assert!(killed, "the build finished before it could be killed");
    assert_eq!(totals(&db), before);
    assert_eq!(Library::open(&db).unwrap().integrity_check().unwrap(), "ok");
    assert!(walk(&out).is_empty(), "the empty folder was written into");

    // Merge: one transaction, so a kill leaves none or all of the other library's puzzles.
    for delay in [0, 2, 5, 10, 20, 40] {
        let target = dir.path().join(format!("merge{delay}.db"));
        let target_arg = target.to_str().unwrap().to_string();
        let start = Instant::now();
        kill_when(
            &["library", "merge", db_arg, "--db", &target_arg],
            Duration::from_secs(5),
            || start.elapsed() >= Duration::from_millis(delay),
        );
        let count = committed(&target);
        assert!(
            count == 0 || count == 100 + kept,
            "a merge left {count} puzzles"
        );
        if target.exists() {
            let library = Library::open(&target).unwrap();
            assert_eq!(library.integrity_check().unwrap(), "ok");
        }
    }
}

#[test]
fn rerate_brings_old_ratings_up_to_date() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lib.db");
    fill(&db, "medium", 6, 2);
    let original = Library::open(&db).unwrap().stats().unwrap();
    {
        // As if an older rater had called them all extreme.
        let mut library = Library::open(&db).unwrap();
        let stale = library.stale("none", "", 100).unwrap();
        let wrong: Vec<sudoku_library::Rated> = stale
            .iter()
            .map(|row| sudoku_library::Rated {
                id: row.id.clone(),
                record: row.record.clone(),
                level: "extreme".into(),
                score: 8.0,
                techniques: "[]".into(),
            })
            .collect();
        library.set_ratings(&wrong, "0.0.1").unwrap();
        assert!(
            library
                .stats()
                .unwrap()
                .iter()
                .all(|s| s.level == "extreme")
        );
    }
    let out = run(&["library", "rerate"], &db);
    assert!(out.status.success(), "{}", stderr_of(&out));
    assert!(
        stdout_of(&out).contains("6 puzzles rated again") && stdout_of(&out).contains("6 changed"),
        "{}",
        stdout_of(&out)
    );
    assert_eq!(Library::open(&db).unwrap().stats().unwrap(), original);
    let twice = run(&["library", "rerate"], &db);
    assert!(
        stdout_of(&twice).contains("0 puzzles rated again"),
        "{}",
        stdout_of(&twice)
    );
}

#[test]
fn a_daily_feed_ramps_over_the_week_and_never_repeats() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lib.db");
    fill(&db, "easy", 10, 1);
    fill(&db, "medium", 6, 1);
    let feed = |from: &str, days: &str, out: &Path| {
        run(
            &[
                "library",
                "export",
                "--daily",
                "--from",
                from,
                "--days",
                days,
                "--ramp",
                "easy,easy,easy,medium,medium,easy,easy",
                "-o",
                out.to_str().unwrap(),
            ],
            &db,
        )
    };
    let first = dir.path().join("week1.jsonl");
    let out = feed("2027-01-04", "7", &first);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let text = std::fs::read_to_string(&first).unwrap();
    let days: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let summary: Vec<(String, String, String)> = days
        .iter()
        .map(|d| {
            (
                d["date"].as_str().unwrap().to_string(),
                d["weekday"].as_str().unwrap()[..3].to_string(),
                d["level"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let expected: Vec<(String, String, String)> = [
        ("2027-01-04", "Mon", "easy"),
        ("2027-01-05", "Tue", "easy"),
        ("2027-01-06", "Wed", "easy"),
        ("2027-01-07", "Thu", "medium"),
        ("2027-01-08", "Fri", "medium"),
        ("2027-01-09", "Sat", "easy"),
        ("2027-01-10", "Sun", "easy"),
    ]
    .iter()
    .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
    .collect();
    assert_eq!(summary, expected);
    // The same export again gives the same feed; the next week shares nothing with it.
    let again = dir.path().join("again.jsonl");
    assert!(feed("2027-01-04", "7", &again).status.success());
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
    let second = dir.path().join("week2.jsonl");
    let out = feed("2027-01-11", "4", &second);
    assert!(out.status.success(), "{}", stderr_of(&out));
    let feed_ids = |path: &Path| -> Vec<String> {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["puzzle_id"].to_string())
            .collect()
    };
    let (one, two) = (feed_ids(&first), feed_ids(&second));
    assert!(one.iter().all(|id| !two.contains(id)));
    // Too few left: nothing written, the shortfall named, nothing recorded.
    let before = totals(&db);
    let third = dir.path().join("week3.jsonl");
    let out = feed("2027-01-18", "14", &third);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr_of(&out).contains("library fill"),
        "{}",
        stderr_of(&out)
    );
    assert!(!third.exists());
    assert_eq!(totals(&db), before);
    // A bad date or ramp is refused with its option.
    let out = run(
        &["library", "export", "--daily", "--from", "2027-02-30"],
        &db,
    );
    assert!(stderr_of(&out).contains("--from"), "{}", stderr_of(&out));
    let out = run(
        &[
            "library",
            "export",
            "--daily",
            "--from",
            "2027-02-01",
            "--ramp",
            "easy,hard",
        ],
        &db,
    );
    assert!(stderr_of(&out).contains("--ramp"), "{}", stderr_of(&out));
}

#[test]
fn batch_commands_read_a_book_json_as_its_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.toml");
    std::fs::write(&path, "title = \"B\"\n[[section]]\ncount = 3\nsize = 4\n").unwrap();
    let out = dir.path().join("book");
    assert!(build_book(&path, &out).status.success());
    let book = manifest_of(&out);
    let listed = cmd()
        .args(["id", "--batch"])
        .arg(out.join("book.json"))
        .output()
        .unwrap();
    assert!(listed.status.success(), "{}", stderr_of(&listed));
    let got: Vec<String> = stdout_of(&listed).lines().map(str::to_string).collect();
    assert_eq!(got, puzzle_ids(&book));
    let solved = cmd()
        .args(["solve", "--batch"])
        .arg(out.join("book.json"))
        .output()
        .unwrap();
    assert_eq!(
        stdout_of(&solved).lines().count(),
        3,
        "{}",
        stderr_of(&solved)
    );
}

#[test]
fn reuse_generate_only_sections_export_and_a_daily_folder_work_through_the_binary() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("lib.db");
    fill(&db, "easy", 20, 3);
    let section = |count: usize, source: &str| {
        format!("[[section]]\ncount = {count}\ndifficulty = \"easy\"\nsource = \"{source}\"\n")
    };
    let first = spec(dir.path(), "a.toml", "A", &section(6, "library"));
    assert!(build_book(&first, &dir.path().join("a")).status.success());
    // All 20 again: 14 are unused, so only with reuse = true.
    let all = section(20, "library");
    let strict = spec(dir.path(), "b.toml", "B", &all);
    let out = build_book(&strict, &dir.path().join("b"));
    assert_eq!(out.status.code(), Some(1), "{}", stderr_of(&out));
    assert!(
        stderr_of(&out).contains("has 14 of the 20"),
        "{}",
        stderr_of(&out)
    );
    let reusing = dir.path().join("c.toml");
    let text = std::fs::read_to_string(&strict).unwrap();
    std::fs::write(
        &reusing,
        text.replace("title = \"B\"", "title = \"C\"")
            .replace("[library]\n", "[library]\nreuse = true\n"),
    )
    .unwrap();
    let out = build_book(&reusing, &dir.path().join("c"));
    assert!(out.status.success(), "{}", stderr_of(&out));
    let mut drawn = puzzle_ids(&manifest_of(&dir.path().join("c")));
    drawn.sort();
    assert_eq!(drawn, Library::open(&db).unwrap().ids().unwrap());
    // source = "generate": nothing drawn, the puzzles made are added.
    let made = spec(dir.path(), "d.toml", "D", &section(3, "generate"));
    let out = build_book(&made, &dir.path().join("d"));
    assert!(out.status.success(), "{}", stderr_of(&out));
    let book = manifest_of(&dir.path().join("d"));
    assert!(
        book["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p.get("library").is_none())
    );
    assert_eq!(committed(&db), 23);
    // export, then add elsewhere: the same library.
    let exported = dir.path().join("all.jsonl");
    assert!(
        run(
            &["library", "export", "-o", exported.to_str().unwrap()],
            &db
        )
        .status
        .success()
    );
    let copy = dir.path().join("copy.db");
    let out = run(&["library", "add", exported.to_str().unwrap()], &copy);
    assert!(
        stdout_of(&out).contains("23 puzzles added"),
        "{}",
        stdout_of(&out)
    );
    assert_eq!(
        Library::open(&copy).unwrap().ids().unwrap(),
        Library::open(&db).unwrap().ids().unwrap()
    );
    // A daily feed as one file a date.
    let days = dir.path().join("days");
    let out = run(
        &[
            "library",
            "export",
            "--daily",
            "--from",
            "2027-02-27",
            "--days",
            "3",
            "--ramp",
            "easy",
            "--reuse",
            "--out-dir",
            days.to_str().unwrap(),
        ],
        &copy,
    );
    assert!(out.status.success(), "{}", stderr_of(&out));
    let mut names: Vec<String> = std::fs::read_dir(&days)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["2027-02-27.json", "2027-02-28.json", "2027-03-01.json"]
    );
    let day: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(days.join("2027-03-01.json")).unwrap())
            .unwrap();
    assert_eq!(
        (day["date"].as_str(), day["weekday"].as_str()),
        (Some("2027-03-01"), Some("Monday"))
    );
}
