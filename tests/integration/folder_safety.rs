//! Issue 20's regression tests of the book folder, each named after the gap it closes: a file
//! the user adds during a build is never deleted (the folder is checked again before the swap,
//! and a file that slips in after that check is put back), OS metadata is the user's and kept,
//! a signal removes the build's staging folder, any build cleans the staging folders dead
//! builds left in its parent, and an empty mount point is built into.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};

use crate::util::{book_seed, cmd, names, skip, stderr_of};

fn spec(dir: &Path, seed: u64) -> PathBuf {
    let path = dir.join(format!("book-{seed}.toml"));
    let text = format!("title = \"T\"\nseed = {seed}\n[[section]]\nsize = 4\ncount = 2\n");
    fs::write(&path, text).unwrap();
    path
}

fn build(dir: &Path, seed: u64, out: &Path) -> std::process::Output {
    cmd()
        .arg("build")
        .arg(spec(dir, seed))
        .arg("--out")
        .arg(out)
        .arg("--quiet")
        .output()
        .unwrap()
}

/// A build of `seed` into `out` that stops at `step` of the swap until told to go on.
struct Paused {
    child: Child,
    stderr: BufReader<std::process::ChildStderr>,
}

impl Paused {
    fn start(dir: &Path, seed: u64, out: &Path, step: &str, env: &[(&str, &str)]) -> Paused {
        let binary = assert_cmd::cargo::cargo_bin("sudoku-book");
        let mut child = Process::new(binary);
        child
            .arg("build")
            .arg(spec(dir, seed))
            .arg("--out")
            .arg(out)
            .arg("--quiet")
            .env("SUDOKU_BOOK_PAUSE_AT", step)
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stderr(Stdio::piped());
        // The signals a build handles start at their default, whatever this process ignores
        // (a test run under nohup ignores SIGHUP, and the build honours that).
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
        stderr.read_line(&mut line).unwrap();
        assert!(line.contains(&format!("paused at {step}")), "{line}");
        Paused { child, stderr }
    }

    /// Lets the build go on; its exit status and the rest of its standard error.
    fn resume(mut self) -> (std::process::ExitStatus, String) {
        // A build ended by a signal has no reader left: the write may fail.
        let _ = self.child.stdin.take().unwrap().write_all(b"\n");
        let mut rest = String::new();
        for line in self.stderr.lines() {
            rest.push_str(&line.unwrap());
            rest.push('\n');
        }
        (self.child.wait().unwrap(), rest)
    }
}

#[test]
fn output_race_a_file_added_to_the_book_during_the_build_is_not_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("book");
    assert!(build(dir.path(), 1, &out).status.success());
    let paused = Paused::start(dir.path(), 2, &out, "staged", &[]);
    fs::write(out.join("notes.txt"), "notes").unwrap();
    let (status, stderr) = paused.resume();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("changed during the build"), "{stderr}");
    assert!(stderr.contains("notes.txt"), "{stderr}");
    assert_eq!(fs::read_to_string(out.join("notes.txt")).unwrap(), "notes");
    assert_eq!(book_seed(&out), Some(1));
    assert_eq!(names(dir.path()), ["book", "book-1.toml", "book-2.toml"]);
}

#[test]
fn output_race_a_folder_the_user_creates_during_the_build_is_not_deleted() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("new-book");
    let paused = Paused::start(dir.path(), 1, &out, "staged", &[]);
    fs::create_dir(&out).unwrap();
    fs::write(out.join("notes.txt"), "notes").unwrap();
    let (status, stderr) = paused.resume();
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("changed during the build"), "{stderr}");
    assert_eq!(names(&out), ["notes.txt"]);
    assert_eq!(names(dir.path()), ["book-1.toml", "new-book"]);
}

#[test]
fn output_race_a_file_that_slips_in_after_the_last_check_is_put_back() {
    for two_step in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("book");
        assert!(build(dir.path(), 1, &out).status.success());
        let env: &[(&str, &str)] = if two_step {
            &[("SUDOKU_BOOK_NO_EXCHANGE", "1")]
        } else {
            &[]
        };
        let paused = Paused::start(dir.path(), 2, &out, "checked", env);
        fs::write(out.join("pages/notes.txt"), "notes").unwrap();
        let (status, stderr) = paused.resume();
        assert!(status.success(), "{two_step}: {stderr}");
        assert!(
            stderr.contains("pages/notes.txt appeared in"),
            "{two_step}: {stderr}"
        );
        assert_eq!(book_seed(&out), Some(2), "{two_step}");
        assert_eq!(
            fs::read_to_string(out.join("pages/notes.txt")).unwrap(),
            "notes"
        );
        assert_eq!(names(dir.path()), ["book", "book-1.toml", "book-2.toml"]);
    }
}

#[test]
fn os_metadata_a_ds_store_in_a_book_folder_is_kept_and_does_not_block() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("book");
    assert!(build(dir.path(), 1, &out).status.success());
    for name in [
        ".DS_Store",
        "Thumbs.db",
        "desktop.ini",
        "pages/._page-001.svg",
    ] {
        fs::write(out.join(name), name).unwrap();
    }
    let rebuilt = build(dir.path(), 2, &out);
    assert!(rebuilt.status.success(), "{}", stderr_of(&rebuilt));
    assert_eq!(book_seed(&out), Some(2));
    for name in [
        ".DS_Store",
        "Thumbs.db",
        "desktop.ini",
        "pages/._page-001.svg",
    ] {
        assert_eq!(fs::read_to_string(out.join(name)).unwrap(), name);
    }
}

#[test]
fn staging_a_signal_removes_the_staging_folder_of_the_build() {
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("book");
        assert!(build(dir.path(), 1, &out).status.success());
        let paused = Paused::start(dir.path(), 2, &out, "staged", &[]);
        let staged = dir.path().join(format!(".book.tmp-{}", paused.child.id()));
        assert!(staged.is_dir(), "{signal}");
        // SAFETY: sending a signal to our own child process.
        unsafe { libc::kill(paused.child.id() as libc::pid_t, signal) };
        // The build is still waiting on its standard input: the signal alone must end it.
        let start = std::time::Instant::now();
        while staged.exists() && start.elapsed() < std::time::Duration::from_secs(30) {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let (status, _) = paused.resume();
        assert_eq!(status.signal(), Some(signal), "{status:?}");
        assert_eq!(names(dir.path()), ["book", "book-1.toml", "book-2.toml"]);
        assert_eq!(book_seed(&out), Some(1));
    }
}

#[test]
fn staging_any_build_removes_stale_staging_folders_of_dead_builds_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("book");
    assert!(build(dir.path(), 1, &out).status.success());
    let killed = cmd()
        .arg("build")
        .arg(spec(dir.path(), 2))
        .arg("--out")
        .arg(dir.path().join("other"))
        .env("SUDOKU_BOOK_KILL_AT", "staged")
        .output()
        .unwrap();
    assert_eq!(killed.status.signal(), Some(9));
    let stale: Vec<String> = names(dir.path())
        .into_iter()
        .filter(|n| n.starts_with(".other.tmp-"))
        .collect();
    assert_eq!(stale.len(), 1, "{:?}", names(dir.path()));
    let unmarked = dir.path().join(".thesis.tmp-999999999");
    fs::create_dir(&unmarked).unwrap();
    fs::write(unmarked.join("chapter.tex"), "mine").unwrap();
    assert!(build(dir.path(), 3, &out).status.success());
    assert_eq!(
        names(dir.path()),
        [
            ".thesis.tmp-999999999",
            "book",
            "book-1.toml",
            "book-2.toml",
            "book-3.toml"
        ]
    );
}

#[test]
fn mount_point_an_empty_mount_point_is_built_into() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mnt");
    fs::create_dir(&out).unwrap();
    let binary = assert_cmd::cargo::cargo_bin("sudoku-book");
    let spec1 = spec(dir.path(), 1);
    let spec2 = spec(dir.path(), 2);
    // A private mount namespace: the tmpfs is seen by this shell and its children only, and
    // the book is copied out before the namespace ends.
    let script = format!(
        "set -e; export LC_ALL=C; mount -t tmpfs none '{out}'; \
         '{bin}' build '{spec1}' --out '{out}' -q; \
         touch '{out}/.DS_Store'; \
         '{bin}' build '{spec2}' --out '{out}' -q; \
         ls -A '{out}' > '{dir}/listing'; cp '{out}/book.json' '{dir}/book.json'",
        out = out.display(),
        bin = binary.display(),
        spec1 = spec1.display(),
        spec2 = spec2.display(),
        dir = dir.path().display(),
    );
    let run = Process::new("unshare")
        .args(["--user", "--map-root-user", "--mount", "sh", "-c", &script])
        .output();
    let Ok(run) = run else {
        skip("unshare is not available to make a mount point");
        return;
    };
    let stderr = stderr_of(&run);
    if !run.status.success() && stderr.contains("mount") && !stderr.contains("sudoku-book") {
        skip(&format!("cannot mount a tmpfs here: {stderr}"));
        return;
    }
    assert!(run.status.success(), "{stderr}");
    let listing = fs::read_to_string(dir.path().join("listing")).unwrap();
    let listed: Vec<&str> = listing.lines().collect();
    assert_eq!(
        listed,
        [".DS_Store", "book.html", "book.json", "book.pdf", "pages"],
        "{stderr}"
    );
    let manifest = fs::read_to_string(dir.path().join("book.json")).unwrap();
    assert!(manifest.contains("\"seed\": 2"), "{manifest}");
}
