//! Tests of the book folder: what may be replaced, the swap, and the repair after a crash.

use super::*;
use crate::book::manifest::GENERATOR;
use folder::replaceable;

/// A manifest as this tool writes it, listing `files`.
fn manifest(files: &[&str]) -> String {
    serde_json::json!({
        "generator": GENERATOR,
        "title": "T",
        "seed": 1,
        "version": "0.1.0",
        "pages": 1,
        "files": files,
        "sections": [],
        "puzzles": [],
    })
    .to_string()
}

/// A book folder with a manifest, a PDF and one page.
fn book(folder: &Path, text: &[u8]) {
    fs::create_dir_all(folder.join("pages")).unwrap();
    let files = ["pages/page-001.svg", "book.pdf", MANIFEST];
    fs::write(folder.join(MANIFEST), manifest(&files)).unwrap();
    fs::write(folder.join("book.pdf"), text).unwrap();
    fs::write(folder.join("pages/page-001.svg"), text).unwrap();
}

fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// A process id that no running process has.
const DEAD_PID: u32 = 999_999_999;

#[test]
fn a_new_folder_appears_only_on_commit() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("out/my-book");
    let staging = Staging::new(&target).unwrap();
    staging.write("pages/page-001.svg", b"<svg/>").unwrap();
    assert!(!target.exists());
    staging.commit().unwrap();
    assert_eq!(
        fs::read(target.join("pages/page-001.svg")).unwrap(),
        b"<svg/>"
    );
    assert_eq!(names(&dir.path().join("out")), ["my-book"]);
}

#[test]
fn an_abandoned_build_keeps_the_old_book_and_leaves_no_staging_folder() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&target, b"old");
    {
        let staging = Staging::new(&target).unwrap();
        staging.write("book.pdf", b"new").unwrap();
    }
    assert_eq!(fs::read(target.join("book.pdf")).unwrap(), b"old");
    assert_eq!(names(dir.path()), ["book"]);
}

#[test]
fn a_committed_build_replaces_the_old_book_entirely() {
    for two_step in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("book");
        book(&target, b"old");
        let mut staging = Staging::new(&target).unwrap();
        staging.write("book.pdf", b"new").unwrap();
        if two_step {
            let old = replaceable(&target, None).unwrap();
            fs::remove_file(staging.temp.join(STAGING_MARKER)).unwrap();
            staging.two_step_swap(old).unwrap();
        } else {
            staging.commit().unwrap();
        }
        assert_eq!(fs::read(target.join("book.pdf")).unwrap(), b"new");
        assert!(!target.join("pages").exists(), "two_step: {two_step}");
        assert_eq!(names(dir.path()), ["book"], "two_step: {two_step}");
    }
}

#[test]
fn a_folder_with_a_foreign_book_json_is_not_replaced() {
    // The data-loss defect: `{}` in book.json made any folder replaceable.
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("d");
    fs::create_dir(&target).unwrap();
    fs::write(target.join(MANIFEST), b"{}").unwrap();
    fs::write(target.join("notes.txt"), b"precious").unwrap();
    let error = Staging::new(&target).unwrap_err().to_string();
    assert!(
        error.contains("is not a book folder written by sudoku-book"),
        "{error}"
    );
    assert!(error.contains("not a sudoku-book manifest"), "{error}");
    assert_eq!(fs::read(target.join("notes.txt")).unwrap(), b"precious");
}

#[test]
fn a_book_folder_holding_an_unlisted_file_is_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&target, b"old");
    fs::write(target.join("pages/notes.txt"), b"precious").unwrap();
    let error = Staging::new(&target).unwrap_err().to_string();
    assert!(error.contains("pages/notes.txt"), "{error}");
    assert_eq!(
        fs::read(target.join("pages/notes.txt")).unwrap(),
        b"precious"
    );
}

#[test]
fn files_and_plain_folders_are_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("thesis.tex"), b"precious").unwrap();
    let error = Staging::new(dir.path()).unwrap_err().to_string();
    assert!(error.contains("has no readable book.json"), "{error}");
    let file = dir.path().join("thesis.tex");
    assert!(matches!(
        Staging::new(&file),
        Err(OutputError::NotABook { .. })
    ));
    assert_eq!(fs::read(&file).unwrap(), b"precious");
}

#[test]
fn a_manifest_of_another_generator_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&target, b"old");
    let text = manifest(&[MANIFEST]).replace(GENERATOR, "other-tool");
    fs::write(target.join(MANIFEST), text).unwrap();
    assert!(Staging::new(&target).is_err());
}

#[test]
fn only_a_manifest_of_this_tool_lists_files_to_remove() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&target, b"old");
    let listed = |text: &str| {
        fs::write(target.join(MANIFEST), text).unwrap();
        folder::manifest_files(&target)
    };
    // Puzzles are skipped, not built, but must still be a list.
    let full = manifest(&["pages/page-001.svg", MANIFEST]).replace(
        r#""puzzles":[]"#,
        r#""puzzles":[{"givens":[1,2],"steps":[{"t":3}]},{"id":"x"}]"#,
    );
    assert!(full.contains(r#"{"id":"x"}"#), "{full}");
    assert_eq!(listed(&full).unwrap(), ["pages/page-001.svg", MANIFEST]);
    let odd = [
        manifest(&[MANIFEST]).replace(&format!("\"{GENERATOR}\""), "null"),
        manifest(&[MANIFEST]).replace(r#""puzzles":[]"#, r#""puzzles":{}"#),
        manifest(&[MANIFEST]).replace(r#""pages":1"#, r#""pages":-1"#),
        manifest(&[MANIFEST]).replace(r#""files":["book.json"]"#, r#""files":[1]"#),
        manifest(&[MANIFEST]).replace(r#""title":"T","#, ""),
        // The fields in order, as an array: serde would read it as the struct.
        format!(r#"["T", [], "0.1.0", 1, "{GENERATOR}", ["{MANIFEST}"]]"#),
    ];
    for text in odd {
        assert_ne!(text, manifest(&[MANIFEST]), "the test changed nothing");
        let error = listed(&text).unwrap_err();
        assert!(
            error.contains("not a sudoku-book manifest"),
            "{text}: {error}"
        );
    }
}

#[test]
fn a_book_made_before_manifests_listed_files_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&target, b"old");
    let legacy = r#"{"title": "T", "seed": 1, "version": "0.1.0", "pages": 1, "puzzles": []}"#;
    fs::write(target.join(MANIFEST), legacy).unwrap();
    let staging = Staging::new(&target).unwrap();
    staging.commit().unwrap();
    assert_eq!(names(&target), Vec::<String>::new());
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_is_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real");
    book(&real, b"old");
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let error = Staging::new(&link).unwrap_err();
    assert!(matches!(error, OutputError::Symlink { .. }), "{error}");
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_book_moved_aside_by_a_killed_build_is_put_back() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&dir.path().join(format!(".book.old-{DEAD_PID}")), b"old");
    book(&dir.path().join(format!(".book.tmp-{DEAD_PID}")), b"new");
    recover(&target).unwrap();
    assert_eq!(fs::read(target.join("book.pdf")).unwrap(), b"old");
    assert_eq!(names(dir.path()), ["book"]);
}

#[test]
fn an_old_book_left_after_a_finished_swap_is_removed() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&target, b"new");
    book(&dir.path().join(format!(".book.old-{DEAD_PID}")), b"old");
    Staging::new(&target).unwrap();
    assert_eq!(fs::read(target.join("book.pdf")).unwrap(), b"new");
    assert_eq!(names(dir.path()), ["book"]);
}

#[test]
fn leftovers_of_running_builds_and_other_folders_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    let parent_pid = std::os::unix::process::parent_id();
    let running = dir.path().join(format!(".book.tmp-{parent_pid}"));
    let other = dir.path().join(format!(".other.tmp-{DEAD_PID}"));
    let odd = dir.path().join(".book.tmp-x");
    for folder in [&running, &other, &odd] {
        fs::create_dir(folder).unwrap();
    }
    recover(&target).unwrap();
    assert!(running.exists() && other.exists() && odd.exists());
}

#[test]
fn a_target_written_with_dots_is_the_folder_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&target, b"old");
    let dotted = dir.path().join("book/../book/.");
    let staging = Staging::new(&dotted).unwrap();
    staging.write("book.pdf", b"new").unwrap();
    staging.commit().unwrap();
    assert_eq!(fs::read(target.join("book.pdf")).unwrap(), b"new");
    assert_eq!(names(dir.path()), ["book"]);
}

#[test]
fn os_metadata_does_not_block_a_rebuild_and_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&target, b"old");
    fs::write(target.join(".DS_Store"), b"finder").unwrap();
    fs::write(target.join("pages/Thumbs.db"), b"explorer").unwrap();
    let staging = Staging::new(&target).unwrap();
    staging.write("book.pdf", b"new").unwrap();
    let notes = staging.commit().unwrap();
    assert!(notes.is_empty(), "{notes:?}");
    assert_eq!(fs::read(target.join(".DS_Store")).unwrap(), b"finder");
    assert_eq!(
        fs::read(target.join("pages/Thumbs.db")).unwrap(),
        b"explorer"
    );
    assert_eq!(fs::read(target.join("book.pdf")).unwrap(), b"new");
    assert_eq!(names(dir.path()), ["book"]);
}

#[test]
fn a_folder_of_os_metadata_alone_counts_as_empty() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    fs::create_dir(&target).unwrap();
    fs::write(target.join("desktop.ini"), b"x").unwrap();
    fs::write(target.join("._book.pdf"), b"x").unwrap();
    let staging = Staging::new(&target).unwrap();
    staging.write("book.pdf", b"new").unwrap();
    staging.commit().unwrap();
    assert_eq!(names(&target), ["._book.pdf", "book.pdf", "desktop.ini"]);
}

#[test]
fn a_file_added_during_the_build_stops_the_swap() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&target, b"old");
    let staging = Staging::new(&target).unwrap();
    staging.write("book.pdf", b"new").unwrap();
    fs::write(target.join("notes.txt"), b"mine").unwrap();
    let error = staging.commit().unwrap_err();
    assert!(matches!(error, OutputError::Changed { .. }), "{error}");
    assert!(error.to_string().contains("notes.txt"), "{error}");
    assert_eq!(fs::read(target.join("book.pdf")).unwrap(), b"old");
    assert_eq!(fs::read(target.join("notes.txt")).unwrap(), b"mine");
    assert_eq!(names(dir.path()), ["book"]);
}

#[test]
fn settling_an_old_book_moves_the_users_files_into_the_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join(".book.old-1");
    let new = dir.path().join("book");
    book(&old, b"old");
    book(&new, b"new");
    fs::write(old.join("pages/notes.txt"), b"mine").unwrap();
    fs::write(old.join(".DS_Store"), b"finder").unwrap();
    let listed = folder::manifest_files(&old).unwrap();
    let settled = settle(&old, &listed, &new).unwrap();
    assert_eq!(settled.moved, ["pages/notes.txt"]);
    assert_eq!(settled.kept_in, None);
    assert_eq!(fs::read(new.join("pages/notes.txt")).unwrap(), b"mine");
    assert_eq!(fs::read(new.join(".DS_Store")).unwrap(), b"finder");
    assert_eq!(fs::read(new.join("book.pdf")).unwrap(), b"new");
    assert_eq!(names(dir.path()), ["book"]);
    let note = settled.note(&new).unwrap();
    assert!(note.contains("pages/notes.txt appeared in"), "{note}");
}

#[test]
fn settling_keeps_a_users_file_the_new_book_has_a_file_of_the_same_name_for() {
    let dir = tempfile::tempdir().unwrap();
    let old = dir.path().join(".book.old-1");
    let new = dir.path().join("book");
    fs::create_dir_all(&old).unwrap();
    fs::write(old.join("book.pdf"), b"the user's own").unwrap();
    book(&new, b"new");
    let settled = settle(&old, &[], &new).unwrap();
    let kept = settled.kept_in.clone().unwrap();
    assert_eq!(fs::read(kept.join("book.pdf")).unwrap(), b"the user's own");
    assert_eq!(fs::read(new.join("book.pdf")).unwrap(), b"new");
    assert!(settled.note(&new).unwrap().contains("kept in"));
}

#[test]
fn marked_staging_folders_of_dead_builds_in_the_parent_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    let stale = dir.path().join(format!(".other.tmp-{DEAD_PID}"));
    let unmarked = dir.path().join(format!(".mine.tmp-{DEAD_PID}"));
    fs::create_dir_all(stale.join("pages")).unwrap();
    fs::write(stale.join(folder::STAGING_MARKER), b"").unwrap();
    fs::write(stale.join("pages/page-001.svg"), b"<svg/>").unwrap();
    fs::create_dir(&unmarked).unwrap();
    fs::write(unmarked.join("thesis.tex"), b"precious").unwrap();
    recover(&target).unwrap();
    assert!(!stale.exists());
    assert_eq!(fs::read(unmarked.join("thesis.tex")).unwrap(), b"precious");
}

#[test]
fn a_swapped_out_copy_left_by_a_kill_gives_the_users_files_back() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("book");
    book(&target, b"new");
    let swapped = dir.path().join(format!(".book.tmp-{DEAD_PID}"));
    book(&swapped, b"old");
    fs::write(swapped.join("notes.txt"), b"mine").unwrap();
    let notes = recover(&target).unwrap();
    assert_eq!(fs::read(target.join("notes.txt")).unwrap(), b"mine");
    assert_eq!(fs::read(target.join("book.pdf")).unwrap(), b"new");
    assert_eq!(names(dir.path()), ["book"]);
    assert_eq!(notes.len(), 1, "{notes:?}");
}

#[test]
fn os_metadata_names_are_recognised() {
    for name in [
        ".DS_Store",
        "pages/._page-001.svg",
        "Thumbs.db",
        "DESKTOP.INI",
    ] {
        assert!(folder::is_os_metadata(name), "{name}");
    }
    for name in ["notes.txt", "book.pdf", "thumbs.db.txt"] {
        assert!(!folder::is_os_metadata(name), "{name}");
    }
}
