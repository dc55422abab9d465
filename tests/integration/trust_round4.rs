//! Issue 44's regression tests, each named after the defect it pins: `-o` never replaces what
//! is not a regular file (devices, FIFOs, links, descriptors) nor a library; books of one title
//! keep each other's uses; a book and its record are one outcome (signals, kills, a full disk);
//! standard output that cannot be written never panics; special files never hang a build; a
//! library is opened only as each command needs it (read-only storage, other programs' files,
//! misspelt paths).

use std::fs;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::FileTypeExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Output, Stdio};
use std::time::{Duration, Instant};

use crate::util::{build_book, cmd, manifest_of, puzzle_ids, skip, stderr_of, stdout_of};
use sudoku_library::Library;

const PUZZLE: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

fn binary() -> PathBuf {
    assert_cmd::cargo::cargo_bin("sudoku-book")
}

fn fill(db: &Path, level: &str, count: usize, seed: u64) {
    let out = cmd()
        .args(["library", "fill", "--difficulty", level, "--count"])
        .arg(count.to_string())
        .arg("--seed")
        .arg(seed.to_string())
        .arg("--db")
        .arg(db)
        .output()
        .unwrap();
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

/// A spec drawing from `library` (relative to the spec's folder).
fn spec(dir: &Path, name: &str, title: &str, library: &str, sections: &str) -> PathBuf {
    let path = dir.join(name);
    let text = format!(
        "title = \"{title}\"\nseed = 5\n[library]\npath = \"{library}\"\ndate = \"2027-01-15\"\n{sections}"
    );
    fs::write(&path, text).unwrap();
    path
}

/// `book.toml`: `count` easy puzzles, all from `lib.db`.
fn library_book(dir: &Path, title: &str, count: usize) -> PathBuf {
    spec(
        dir,
        "book.toml",
        title,
        "lib.db",
        &section("easy", count, "library"),
    )
}

/// Every puzzle of the book in `out` is recorded as used in the library.
fn assert_recorded(db: &Path, out: &Path, context: &str) {
    let used = used_ids(db);
    for id in puzzle_ids(&manifest_of(out)) {
        assert!(
            used.contains(&id),
            "{context}: {id} of the book is not recorded"
        );
    }
}

fn section(level: &str, count: usize, source: &str) -> String {
    format!("[[section]]\ncount = {count}\ndifficulty = \"{level}\"\nsource = \"{source}\"\n")
}

/// The IDs of a library's used puzzles.
fn used_ids(db: &Path) -> Vec<String> {
    let library = Library::open(db).unwrap();
    let mut used: Vec<String> = library.used_by_others("", 0).unwrap().into_iter().collect();
    used.sort();
    used
}

fn kind(path: &Path) -> &'static str {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return "nothing";
    };
    let kind = meta.file_type();
    match () {
        _ if kind.is_symlink() => "link",
        _ if kind.is_fifo() => "fifo",
        _ if kind.is_char_device() => "device",
        _ if kind.is_dir() => "folder",
        _ => "file",
    }
}

/// Runs a shell script in a private user and mount namespace (where it may mount a tmpfs);
/// `None` when this machine cannot make one (then the caller skips).
fn in_namespace(script: &str) -> Option<Output> {
    let run = Process::new("unshare")
        .args(["--user", "--map-root-user", "--mount", "sh", "-c"])
        .arg(format!("set -e; export LC_ALL=C; {script}"))
        .output();
    let Ok(run) = run else {
        skip("unshare is not available to mount a tmpfs");
        return None;
    };
    let stderr = stderr_of(&run);
    if !run.status.success() && stderr.contains("mount") && !stderr.contains("sudoku-book") {
        skip(&format!("cannot mount a tmpfs here: {stderr}"));
        return None;
    }
    Some(run)
}

/// A small library: easy and medium puzzles, filled once for the tests that share its shape.
fn small_library(dir: &Path, easy: usize, medium: usize) -> PathBuf {
    let db = dir.join("lib.db");
    fill(&db, "easy", easy, 1);
    if medium > 0 {
        fill(&db, "medium", medium, 1);
    }
    db
}

// ---- High 1: -o never replaces what is not a regular file ----

/// Every command that takes `-o FILE`, writing to `target`.
fn output_commands(dir: &Path, db: &Path, target: &Path) -> Vec<(String, Process)> {
    let lines = dir.join("lines.txt");
    fs::write(&lines, format!("{PUZZLE}\n")).unwrap();
    let with = |args: &[&str]| {
        let mut command = Process::new(binary());
        command.args(args).arg("-o").arg(target);
        (args.join(" "), command)
    };
    let db = db.to_str().unwrap();
    let lines = lines.to_str().unwrap();
    vec![
        with(&["solve", PUZZLE]),
        with(&["solve", "--batch", lines]),
        with(&["rate", lines]),
        with(&["id", PUZZLE]),
        with(&["id", "--batch", lines]),
        with(&["generate", "--size", "4"]),
        with(&["library", "export", "--db", db]),
    ]
}

#[test]
fn output_devices_fifos_links_and_descriptors_are_written_through_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 2, 0);
    let d = dir.path().join("d");
    fs::create_dir(&d).unwrap();
    // A device node of our own where we may make one (root), else a link to /dev/null.
    let null = d.join("null");
    let made_node = Process::new("mknod")
        .arg(&null)
        .args(["c", "1", "3"])
        .status()
        .is_ok_and(|s| s.success());
    if !made_node {
        std::os::unix::fs::symlink("/dev/null", &null).unwrap();
    }
    let real = d.join("real.txt");
    fs::write(&real, "old").unwrap();
    let link = d.join("link");
    std::os::unix::fs::symlink("real.txt", &link).unwrap();
    let stdout_link = d.join("stdout");
    std::os::unix::fs::symlink("/proc/self/fd/1", &stdout_link).unwrap();
    let null_kind = kind(&null);
    for (name, mut command) in output_commands(dir.path(), &db, &null) {
        let out = command.output().unwrap();
        assert!(out.status.success(), "{name} -o null: {}", stderr_of(&out));
        assert_eq!(kind(&null), null_kind, "{name} replaced the device");
    }
    assert_eq!(kind(Path::new("/dev/null")), "device");
    for (name, mut command) in output_commands(dir.path(), &db, &link) {
        fs::write(&real, "old").unwrap();
        let out = command.output().unwrap();
        assert!(out.status.success(), "{name} -o link: {}", stderr_of(&out));
        assert_eq!(kind(&link), "link", "{name} replaced the link");
        let written = fs::read_to_string(&real).unwrap();
        assert!(written != "old" && !written.is_empty(), "{name}: {written}");
    }
    for target in [stdout_link.as_path(), Path::new("/dev/stdout")] {
        for (name, mut command) in output_commands(dir.path(), &db, target) {
            let out = command.output().unwrap();
            assert!(
                out.status.success(),
                "{name} -o stdout: {}",
                stderr_of(&out)
            );
            assert!(!out.stdout.is_empty(), "{name} wrote nothing to stdout");
        }
    }
    assert_eq!(kind(&stdout_link), "link");
}

#[test]
fn output_a_fifo_gets_the_output_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 2, 0);
    let fifo = dir.path().join("fifo");
    let made = Process::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    for (name, mut command) in output_commands(dir.path(), &db, &fifo) {
        let reader_path = fifo.clone();
        let reader = std::thread::spawn(move || {
            let mut text = String::new();
            fs::File::open(reader_path)
                .unwrap()
                .read_to_string(&mut text)
                .unwrap();
            text
        });
        let out = command.output().unwrap();
        assert!(out.status.success(), "{name} -o fifo: {}", stderr_of(&out));
        let read = reader.join().unwrap();
        assert!(!read.is_empty(), "{name}: the reader got nothing");
        assert_eq!(kind(&fifo), "fifo", "{name} replaced the FIFO");
    }
}

#[test]
fn output_a_process_substitution_and_a_folder() {
    let script = format!(
        "'{}' solve {PUZZLE} --output line -o >(wc -c > '{{out}}'); wait",
        binary().display()
    );
    let dir = tempfile::tempdir().unwrap();
    let counted = dir.path().join("count");
    let run = Process::new("bash")
        .arg("-c")
        .arg(script.replace("{out}", counted.to_str().unwrap()))
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", stderr_of(&run));
    // The pipe's reader finishes on its own time: wait for its count.
    let start = Instant::now();
    while fs::read_to_string(&counted).map_or(true, |t| t.trim().is_empty())
        && start.elapsed() < Duration::from_secs(10)
    {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(fs::read_to_string(&counted).unwrap().trim(), "82");
    let folder = cmd()
        .args(["solve", PUZZLE, "-o"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(folder.status.code(), Some(2), "{}", stderr_of(&folder));
    assert!(stderr_of(&folder).contains("is a folder"));
}

// ---- High 4: export never destroys the library ----

#[test]
fn export_refuses_to_write_over_its_own_library_or_any_sqlite_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 3, 0);
    let before = fs::read(&db).unwrap();
    let same = cmd()
        .args(["library", "export", "--db"])
        .arg(&db)
        .arg("-o")
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(same.status.code(), Some(2), "{}", stderr_of(&same));
    assert!(stderr_of(&same).contains("is an SQLite database"));
    assert_eq!(fs::read(&db).unwrap(), before);
    // Arguments swapped: no library at the feed's name is made, the real one is untouched.
    let feed = dir.path().join("feed.jsonl");
    let swapped = cmd()
        .args(["library", "export", "--db"])
        .arg(&feed)
        .arg("-o")
        .arg(&db)
        .output()
        .unwrap();
    assert_ne!(swapped.status.code(), Some(0), "{}", stderr_of(&swapped));
    assert!(!feed.exists(), "a library was made at the feed's name");
    assert_eq!(fs::read(&db).unwrap(), before);
    // The same with an existing feed: it is no library, and the library stays whole.
    fs::write(&feed, "{\"id\": 1}\n").unwrap();
    let swapped = cmd()
        .args(["library", "export", "--db"])
        .arg(&feed)
        .arg("-o")
        .arg(&db)
        .output()
        .unwrap();
    assert_eq!(swapped.status.code(), Some(2), "{}", stderr_of(&swapped));
    assert_eq!(fs::read(&db).unwrap(), before);
    assert_eq!(fs::read_to_string(&feed).unwrap(), "{\"id\": 1}\n");
}

// ---- High 2: two books of one title keep each other's uses ----

#[test]
fn library_two_books_of_one_title_never_erase_each_others_uses() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 10, 10);
    let a = spec(
        dir.path(),
        "a.toml",
        "Sudoku Book",
        "lib.db",
        &section("easy", 10, "library"),
    );
    let b_text = format!(
        "{}[page]\nsize = \"letter\"\n",
        section("medium", 10, "library")
    );
    let b = spec(dir.path(), "b.toml", "Sudoku Book", "lib.db", &b_text);
    let c = spec(
        dir.path(),
        "c.toml",
        "Another Book",
        "lib.db",
        &section("easy", 10, "any"),
    );
    let (out_a, out_b, out_c) = (
        dir.path().join("A"),
        dir.path().join("B"),
        dir.path().join("C"),
    );
    for (spec, out) in [(&a, &out_a), (&b, &out_b)] {
        let built = build_book(spec, out);
        assert!(built.status.success(), "{}", stderr_of(&built));
    }
    assert_eq!(totals(&db), (0, 20));
    let built = build_book(&c, &out_c);
    assert!(built.status.success(), "{}", stderr_of(&built));
    let ids_a = puzzle_ids(&manifest_of(&out_a));
    let ids_c = puzzle_ids(&manifest_of(&out_c));
    let shared: Vec<&String> = ids_c.iter().filter(|id| ids_a.contains(id)).collect();
    assert!(
        shared.is_empty(),
        "C reprints {} of A's puzzles",
        shared.len()
    );
    // Rebuilding A into its folder gets its own puzzles back.
    let again = build_book(&a, &out_a);
    assert!(again.status.success(), "{}", stderr_of(&again));
    assert_eq!(puzzle_ids(&manifest_of(&out_a)), ids_a);
}

fn export_daily(db: &Path, from: &str, ramp: &str, out: &Path) -> Output {
    cmd()
        .args([
            "library", "export", "--daily", "--from", from, "--days", "7",
        ])
        .args(["--ramp", ramp, "--db"])
        .arg(db)
        .arg("-o")
        .arg(out)
        .output()
        .unwrap()
}

fn feed_ids(path: &Path) -> Vec<String> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|line| {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            record["puzzle_id"].as_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn library_a_feed_of_another_ramp_for_the_same_dates_keeps_the_first_feeds_uses() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 14, 7);
    let easy = dir.path().join("easy.jsonl");
    let medium = dir.path().join("medium.jsonl");
    let later = dir.path().join("later.jsonl");
    for (ramp, out, from) in [
        ("easy", &easy, "2027-01-04"),
        ("medium", &medium, "2027-01-04"),
        ("easy", &later, "2027-02-01"),
    ] {
        let run = export_daily(&db, from, ramp, out);
        assert!(run.status.success(), "{ramp}: {}", stderr_of(&run));
    }
    let (first, next) = (feed_ids(&easy), feed_ids(&later));
    let repeated = next.iter().filter(|id| first.contains(id)).count();
    assert_eq!(repeated, 0, "the later easy feed repeats the first");
    assert_eq!(totals(&db), (0, 21));
}

// ---- High 3: the book and its record are one outcome ----

/// A build paused at a step of its swap (the test hook), to be signalled or resumed.
struct Paused {
    child: std::process::Child,
    stderr: BufReader<std::process::ChildStderr>,
}

impl Paused {
    fn start(spec: &Path, out: &Path, step: &str) -> Paused {
        let mut child = Process::new(binary());
        child
            .arg("build")
            .arg(spec)
            .arg("--out")
            .arg(out)
            .arg("--quiet")
            .env("SUDOKU_BOOK_PAUSE_AT", step)
            .stdin(Stdio::piped())
            .stderr(Stdio::piped());
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            child.pre_exec(|| {
                for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                    libc::signal(signal, libc::SIG_DFL);
                }
                Ok(())
            });
        }
        let mut child = child.spawn().unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        loop {
            line.clear();
            assert!(stderr.read_line(&mut line).unwrap() > 0, "no pause");
            if line.contains("paused at") {
                break;
            }
        }
        assert!(line.contains(&format!("paused at {step}")), "{line}");
        Paused { child, stderr }
    }

    fn signal_and_resume(mut self, signal: i32) -> (std::process::ExitStatus, String) {
        // SAFETY: sending a signal to our own child process.
        unsafe { libc::kill(self.child.id() as libc::pid_t, signal) };
        std::thread::sleep(Duration::from_millis(200));
        let _ = self.child.stdin.take().unwrap().write_all(b"\n");
        let mut rest = String::new();
        let _ = self.stderr.read_to_string(&mut rest);
        (self.child.wait().unwrap(), rest)
    }
}

#[test]
fn record_a_signal_before_the_swap_leaves_no_book_and_no_uses() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 6, 0);
    let book = library_book(dir.path(), "Signalled", 4);
    let out = dir.path().join("book");
    let paused = Paused::start(&book, &out, "staged");
    let (status, stderr) = paused.signal_and_resume(libc::SIGTERM);
    assert_eq!(status.signal(), Some(libc::SIGTERM), "{status:?} {stderr}");
    assert!(!out.exists(), "a book was left after exit of a signal");
    assert_eq!(totals(&db), (6, 0), "the record was not undone");
}

#[test]
fn record_a_signal_during_the_swap_lets_the_finished_book_exit_zero_with_its_uses() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 10, 0);
    let book = library_book(dir.path(), "Signalled", 4);
    let out = dir.path().join("book");
    // A first build, so that the second's swap exchanges two books.
    let first = build_book(&book, &out);
    assert!(first.status.success(), "{}", stderr_of(&first));
    fs::write(
        &book,
        fs::read_to_string(&book)
            .unwrap()
            .replace("count = 4", "count = 6"),
    )
    .unwrap();
    let paused = Paused::start(&book, &out, "swapped");
    let (status, stderr) = paused.signal_and_resume(libc::SIGTERM);
    assert_eq!(status.code(), Some(0), "{status:?} {stderr}");
    let ids = puzzle_ids(&manifest_of(&out));
    assert_eq!(ids.len(), 6);
    assert_eq!(
        used_ids(&db).len(),
        6,
        "the book's uses are not all recorded"
    );
    assert_recorded(&db, &out, "swapped");
}

#[test]
fn record_a_kill_at_any_step_leaves_every_book_on_disk_recorded() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 30, 0);
    let book = library_book(dir.path(), "Killed", 4);
    let out = dir.path().join("book");
    for (round, step) in ["staged", "checked", "swapped", "moved-aside", "replaced"]
        .iter()
        .enumerate()
    {
        let count = 4 + round;
        fs::write(
            &book,
            fs::read_to_string(&book).unwrap().replace(
                &format!("count = {}", count - 1),
                &format!("count = {count}"),
            ),
        )
        .unwrap();
        let mut killed = Process::new(binary());
        killed
            .arg("build")
            .arg(&book)
            .arg("--out")
            .arg(&out)
            .arg("--quiet")
            .env("SUDOKU_BOOK_KILL_AT", step);
        if step.contains("aside") || *step == "replaced" {
            killed.env("SUDOKU_BOOK_NO_EXCHANGE", "1");
        }
        let killed = killed.output().unwrap();
        if out.join("book.json").exists() {
            assert_recorded(&db, &out, step);
        }
        // The next build repairs the folder and records exactly what it wrote.
        let again = build_book(&book, &out);
        assert!(
            again.status.success(),
            "{step} ({:?}): {}",
            killed.status,
            stderr_of(&again)
        );
        assert_eq!(puzzle_ids(&manifest_of(&out)).len(), count);
        assert_recorded(&db, &out, step);
    }
    // Another book never shares one of them.
    let other = spec(
        dir.path(),
        "other.toml",
        "Other",
        "lib.db",
        &section("easy", 10, "any"),
    );
    let other_out = dir.path().join("other");
    assert!(build_book(&other, &other_out).status.success());
    let mine = puzzle_ids(&manifest_of(&out));
    let theirs = puzzle_ids(&manifest_of(&other_out));
    assert!(theirs.iter().all(|id| !mine.contains(id)));
}

#[test]
fn record_a_full_disk_at_the_record_leaves_no_book_and_a_full_disk_at_a_feed_records_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 12, 0);
    let book = spec(
        dir.path(),
        "book.toml",
        "Full",
        "disk/lib.db",
        &section("easy", 4, "library"),
    );
    let disk = dir.path().join("disk");
    fs::create_dir(&disk).unwrap();
    // The library on a small tmpfs with only SPARE KiB left: with little room the open fails,
    // with a little more the record (the build's only write) fails on a full disk, with more
    // the build succeeds. Whichever happens, a book is in place exactly when its uses are.
    // Then the library elsewhere, and the feed written onto the full disk.
    let spares = [16, 24, 28, 32, 36, 40, 44, 64];
    let mut script = format!(
        "mount -t tmpfs -o size=2m none '{disk}'; set +e; ",
        disk = disk.display()
    );
    for spare in spares {
        script.push_str(&format!(
            "cp '{db}' '{disk}/lib.db'; \
             dd if=/dev/zero of='{disk}/spare' bs=1k count={spare} 2>/dev/null; \
             dd if=/dev/zero of='{disk}/filler' bs=4k 2>/dev/null; rm '{disk}/spare'; \
             '{bin}' build '{book}' --out '{dir}/book-{spare}' -q 2>>'{dir}/errors'; \
             echo \"build {spare} $?\"; cp '{disk}/lib.db' '{dir}/after-{spare}.db'; \
             rm -f '{disk}/lib.db' '{disk}/lib.db-wal' '{disk}/lib.db-shm' '{disk}/filler'; ",
            db = db.display(),
            disk = disk.display(),
            bin = binary().display(),
            book = book.display(),
            dir = dir.path().display(),
        ));
    }
    script.push_str(&format!(
        "dd if=/dev/zero of='{disk}/filler' bs=4k 2>/dev/null; \
         '{bin}' library export --db '{db}' --daily --from 2027-01-04 --days 7 --ramp easy -o '{disk}/feed.jsonl'; echo \"feed $?\"; \
         '{bin}' library export --db '{db}' --daily --from 2027-01-04 --days 7 --ramp easy --out-dir '{disk}/days'; echo \"days $?\"; \
         ls '{disk}/days' 2>/dev/null | wc -l | sed 's/^ */files /'; ls -a '{disk}' | grep -c tmp | sed 's/^/temps /'",
        disk = disk.display(),
        db = db.display(),
        bin = binary().display(),
    ));
    let Some(run) = in_namespace(&script) else {
        return;
    };
    let said = stdout_of(&run);
    let errors = fs::read_to_string(dir.path().join("errors")).unwrap_or_default();
    let context = format!("{said}\n{errors}\n{}", stderr_of(&run));
    for spare in spares {
        let line = said
            .lines()
            .find(|l| l.starts_with(&format!("build {spare} ")))
            .unwrap_or_else(|| panic!("no build {spare}: {context}"));
        let out = dir.path().join(format!("book-{spare}"));
        let used = totals(&dir.path().join(format!("after-{spare}.db"))).1;
        if line.ends_with(" 0") {
            assert_eq!(used, 4, "{spare}: a book without its uses: {context}");
            assert!(out.join("book.json").exists(), "{context}");
        } else {
            assert!(line.ends_with(" 3"), "{line}: {context}");
            assert!(
                !out.exists(),
                "{spare}: a failed build left its book: {context}"
            );
            assert_eq!(used, 0, "{spare}: a failed build left its uses: {context}");
        }
    }
    assert!(
        errors.contains("database or disk is full"),
        "no spare size failed at the record: {context}"
    );
    assert!(said.contains("feed 3"), "{context}");
    assert!(said.contains("days 3"), "{context}");
    assert!(
        said.contains("files 0"),
        "some days were written: {context}"
    );
    assert!(said.contains("temps 0"), "temporary files left: {context}");
    assert_eq!(
        totals(&db),
        (12, 0),
        "a feed that was not written is recorded"
    );
}

// ---- High 5: standard output that cannot be written ----

#[test]
fn stdout_full_or_closed_is_an_error_or_a_quiet_stop_never_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("p.db");
    let other = dir.path().join("other.db");
    fill(&other, "easy", 2, 9);
    let lines = dir.path().join("lines.txt");
    fs::write(&lines, format!("{PUZZLE}\n")).unwrap();
    let book = dir.path().join("book.toml");
    fs::write(&book, "title = \"T\"\n[[section]]\nsize = 4\ncount = 1\n").unwrap();
    let (db, other, lines) = (
        db.to_str().unwrap(),
        other.to_str().unwrap(),
        lines.to_str().unwrap(),
    );
    let out = dir.path().join("out");
    let page = dir.path().join("page.html");
    let commands: Vec<Vec<&str>> = vec![
        vec![
            "library",
            "fill",
            "--difficulty",
            "easy",
            "--count",
            "2",
            "--db",
            db,
        ],
        vec!["library", "add", lines, "--db", db],
        vec!["library", "merge", other, "--db", db],
        vec!["library", "rerate", "--db", db],
        vec!["library", "stats", "--db", db],
        vec![
            "build",
            book.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        vec![
            "play",
            "--seed",
            "1",
            "--size",
            "4",
            "-o",
            page.to_str().unwrap(),
        ],
    ];
    for args in &commands {
        let full = Process::new(binary())
            .args(args)
            .stdout(fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        let stderr = stderr_of(&full);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(full.status.code(), Some(3), "{args:?}: {stderr}");
        assert!(stderr.contains("cannot write standard output"), "{stderr}");
    }
    for args in &commands {
        let quoted: Vec<String> = args.iter().map(|a| format!("'{a}'")).collect();
        let script = format!(
            "exec 3>&1; ( sleep 0.3; '{}' {} 2>&4; echo \"exit $?\" >&3 ) 4>&2 | true",
            binary().display(),
            quoted.join(" ")
        );
        let run = Process::new("bash")
            .arg("-c")
            .arg(&script)
            .output()
            .unwrap();
        let (said, stderr) = (stdout_of(&run), stderr_of(&run));
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(said.contains("exit 0"), "{args:?}: {said} {stderr}");
    }
}

// ---- High 6: special files never hang a build; sizes are checked ----

/// Runs a command with a deadline; fails the test when it is still running.
fn finishes(mut command: Process, what: &str) -> Output {
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{what} hangs");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn hang_a_fifo_at_any_file_key_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    assert!(
        Process::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let specs = [
        (
            "regions",
            "[[section]]\nvariant = \"jigsaw\"\ncount = 1\nregions = \"fifo\"\n",
        ),
        (
            "from",
            "[[section]]\ncount = 1\ndifficulty = \"diabolical\"\nfrom = \"fifo\"\n",
        ),
        ("exclude", "[[section]]\ncount = 1\n"),
        (
            "image",
            "[cover]\nimage = \"fifo\"\n[[section]]\ncount = 1\n",
        ),
    ];
    for (key, body) in specs {
        let top = match key {
            "exclude" => "exclude = [\"fifo\"]\n",
            _ => "",
        };
        let text = format!("title = \"T\"\n{top}[page]\nsize = \"kdp-6x9\"\n{body}");
        let path = dir.path().join(format!("{key}.toml"));
        fs::write(&path, text).unwrap();
        for check in [true, false] {
            let mut command = Process::new(binary());
            command
                .arg("build")
                .arg(&path)
                .arg("--out")
                .arg(dir.path().join("out"));
            if check {
                command.arg("--check");
            }
            let out = finishes(command, key);
            assert_eq!(out.status.code(), Some(2), "{key}: {}", stderr_of(&out));
            assert!(
                stderr_of(&out).contains("special file"),
                "{key}: {}",
                stderr_of(&out)
            );
        }
    }
}

#[test]
fn hang_export_daily_checks_its_size_before_drawing() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 2, 0);
    for size in ["18446744073709551615", "0", "26", "1"] {
        let mut command = Process::new(binary());
        command
            .args([
                "library",
                "export",
                "--daily",
                "--from",
                "2027-01-04",
                "--days",
                "7",
            ])
            .args(["--size", size, "--db"])
            .arg(&db);
        let out = finishes(command, size);
        let stderr = stderr_of(&out);
        assert_eq!(out.status.code(), Some(2), "{size}: {stderr}");
        assert!(stderr.contains("--size"), "{size}: {stderr}");
        assert!(!stderr.contains("library fill"), "{size}: {stderr}");
    }
}

// ---- Medium 1–3: a library is opened as each command needs it ----

#[test]
fn library_on_read_only_storage_can_be_read() {
    let dir = tempfile::tempdir().unwrap();
    let db = small_library(dir.path(), 6, 0);
    let ro = dir.path().join("ro");
    fs::create_dir(&ro).unwrap();
    let book = spec(
        dir.path(),
        "book.toml",
        "Read only",
        "ro/lib.db",
        &section("easy", 4, "library"),
    );
    let script = format!(
        "mount -t tmpfs none '{ro}'; cp '{db}' '{ro}/lib.db'; mount -o remount,ro '{ro}'; \
         '{bin}' library stats --db '{ro}/lib.db' > '{dir}/stats.txt'; echo \"stats $?\"; \
         '{bin}' library export --db '{ro}/lib.db' -o '{dir}/all.jsonl'; echo \"export $?\"; \
         '{bin}' library merge '{ro}/lib.db' --db '{dir}/merged.db' > /dev/null; echo \"merge $?\"; \
         '{bin}' build '{book}' --check > /dev/null; echo \"check $?\"",
        ro = ro.display(),
        db = db.display(),
        bin = binary().display(),
        dir = dir.path().display(),
        book = book.display(),
    );
    let Some(run) = in_namespace(&format!("{script} || true")) else {
        return;
    };
    let said = stdout_of(&run);
    for step in ["stats 0", "export 0", "merge 0", "check 0"] {
        assert!(said.contains(step), "{step}: {said}\n{}", stderr_of(&run));
    }
    let exported = fs::read_to_string(dir.path().join("all.jsonl")).unwrap();
    assert_eq!(exported.lines().count(), 6);
    assert_eq!(totals(&dir.path().join("merged.db")), (6, 0));
}

#[test]
fn library_another_programs_database_is_refused_and_never_written() {
    let dir = tempfile::tempdir().unwrap();
    for version in [1, 2] {
        let other = dir.path().join(format!("other-{version}.db"));
        let conn = rusqlite::Connection::open(&other).unwrap();
        conn.execute_batch(&format!(
            "CREATE TABLE puzzles (name TEXT, price REAL); CREATE TABLE uses (x); \
             PRAGMA user_version = {version};"
        ))
        .unwrap();
        drop(conn);
        let before = fs::read(&other).unwrap();
        for args in [
            vec!["library", "stats"],
            vec!["library", "export"],
            vec!["library", "rerate"],
            vec!["library", "fill", "--difficulty", "easy", "--count", "1"],
        ] {
            let out = cmd().args(&args).arg("--db").arg(&other).output().unwrap();
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr_of(&out));
            assert!(stderr_of(&out).contains("not a sudoku-book library"));
            assert_eq!(fs::read(&other).unwrap(), before, "{args:?} wrote to it");
            let wal = dir.path().join(format!("other-{version}.db-wal"));
            assert!(!wal.exists(), "{args:?} switched it to WAL");
        }
    }
}

#[test]
fn library_only_fill_add_and_merge_make_one_and_only_where_nothing_is() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("libary.db");
    for args in [
        vec!["library", "stats"],
        vec!["library", "export"],
        vec!["library", "rerate"],
    ] {
        let out = cmd().args(&args).arg("--db").arg(&typo).output().unwrap();
        assert_eq!(out.status.code(), Some(3), "{args:?}: {}", stderr_of(&out));
        assert!(stderr_of(&out).contains("there is no library at"));
        assert!(!typo.exists(), "{args:?} made a library");
    }
    let empty = dir.path().join("empty.db");
    fs::write(&empty, "").unwrap();
    let out = cmd()
        .args([
            "library",
            "fill",
            "--difficulty",
            "easy",
            "--count",
            "1",
            "--db",
        ])
        .arg(&empty)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(stderr_of(&out).contains("an empty file"));
    assert_eq!(fs::metadata(&empty).unwrap().len(), 0);
    let out = cmd()
        .args(["library", "stats", "--db", "/dev/null"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr_of(&out));
    assert!(!Path::new("/dev/null-journal").exists());
    assert_eq!(kind(Path::new("/dev/null")), "device");
}
