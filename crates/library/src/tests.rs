use super::*;
use sudoku_engine::generate::{Request, Target, generate};
use sudoku_engine::grid::{Group, Variant};

fn entry(variant: &str, seed: u64) -> Entry {
    let request = Request {
        target: Target::Any,
        ..Request::new(variant.parse::<Variant>().unwrap(), 9)
    };
    Entry::generated(&generate(&request, seed).unwrap()).unwrap()
}

#[test]
fn a_new_file_gets_the_schema_and_puzzles_are_kept_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("library.db");
    let mut library = Library::open(&path).unwrap();
    let (a, b) = (entry("classic", 1), entry("killer", 2));
    assert_eq!(
        library.add(&[a.clone(), b.clone()], None).unwrap(),
        vec![Added::New, Added::New]
    );
    assert_eq!(
        library.add(std::slice::from_ref(&a), None).unwrap(),
        vec![Added::Duplicate]
    );
    assert!(library.contains(&a.id).unwrap());
    drop(library);
    // Reopened: the rows are there, counted by shape and level.
    let library = Library::open(&path).unwrap();
    let stats = library.stats().unwrap();
    assert_eq!(stats.iter().map(|s| s.unused).sum::<u64>(), 2);
    assert!(stats.iter().any(|s| s.shape == "killer9"));
}

#[test]
fn a_turned_copy_is_a_duplicate() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(&dir.path().join("l.db")).unwrap();
    let request = Request::new(Variant::CLASSIC, 9);
    let puzzle = generate(&request, 5).unwrap();
    let group = Group::of(&puzzle.geometry);
    let mut state = 7u64;
    let chosen = group.random_move(&mut |k| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1);
        (state >> 33) as usize % k
    });
    let mut turned = puzzle.clone();
    turned.givens = chosen.apply(&puzzle.givens);
    turned.solution = chosen.apply(&puzzle.solution);
    let entries = [
        Entry::generated(&puzzle).unwrap(),
        Entry::generated(&turned).unwrap(),
    ];
    assert_eq!(
        library.add(&entries, None).unwrap(),
        vec![Added::New, Added::Duplicate]
    );
}

#[test]
fn a_fill_remembers_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(&dir.path().join("l.db")).unwrap();
    assert_eq!(library.fill_start("classic 9 easy seed 1").unwrap(), 0);
    library
        .add(&[entry("classic", 3)], Some(("classic 9 easy seed 1", 8)))
        .unwrap();
    assert_eq!(library.fill_start("classic 9 easy seed 1").unwrap(), 8);
}

#[test]
fn a_file_of_another_kind_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("other.db");
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE t (x); PRAGMA user_version = 7;")
        .unwrap();
    drop(conn);
    let error = Library::open(&path).err().unwrap();
    assert!(
        error.to_string().contains("not a sudoku-book library"),
        "{error}"
    );
    std::fs::write(
        dir.path().join("text.db"),
        "hello, not a database at all......",
    )
    .unwrap();
    assert!(Library::open(&dir.path().join("text.db")).is_err());
}

/// Where the test books' manifests are.
const MANIFEST: Option<&str> = Some("out/book.json");

fn book<'a>(title: &'a str, uses: &'a [Use], made: &'a [Entry]) -> BookUse<'a> {
    BookUse {
        book: title,
        seed: 7,
        manifest: Some("out/book.json"),
        date: "2027-01-01",
        uses,
        made,
        reuse: false,
    }
}

fn use_of(entry: &Entry, number: usize) -> Use {
    Use {
        id: entry.id.clone(),
        section: 0,
        number,
        made: false,
        repeats: 0,
    }
}

#[test]
fn a_version_1_file_is_migrated_and_keeps_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(SCHEMA_V1).unwrap();
    conn.execute_batch(
        "PRAGMA user_version = 1;
         INSERT INTO puzzles VALUES ('v1-x', 'classic9', 'classic', 9, '{}', '', '', 'easy', 1.0,
             '[]', '0.1.0', NULL, NULL, 'generated');
         INSERT INTO uses (id, book) VALUES ('v1-x', 'Old book');",
    )
    .unwrap();
    drop(conn);
    let library = Library::open(&path).unwrap();
    let version: i64 = library
        .conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, SCHEMA_VERSION);
    assert!(library.used_by_others("New", 1).unwrap().contains("v1-x"));
    let mode: String = library
        .conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}

/// Records and settles a book, as a build whose files were put in place does.
fn record(library: &mut Library, book: &BookUse) {
    let recorded = library.record_book(book).unwrap();
    library.settle_book(&recorded).unwrap();
}

#[test]
fn a_book_records_its_uses_before_its_files_and_a_rebuild_finds_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(&dir.path().join("l.db")).unwrap();
    let (a, b) = (entry("classic", 1), entry("classic", 2));
    library.add(std::slice::from_ref(&a), None).unwrap();
    let uses = [
        use_of(&a, 1),
        Use {
            made: true,
            ..use_of(&b, 2)
        },
    ];
    let made = [b.clone()];
    // Files that could not be put in place: the uses are undone, the made puzzle stays.
    let recorded = library.record_book(&book("Vol 1", &uses, &made)).unwrap();
    library.undo_book(&recorded).unwrap();
    assert!(library.own_uses("Vol 1", 7, MANIFEST).unwrap().is_empty());
    assert!(library.contains(&b.id).unwrap());
    record(&mut library, &book("Vol 1", &uses, &made));
    assert_eq!(library.own_uses("Vol 1", 7, MANIFEST).unwrap(), uses);
    assert!(library.used_by_others("Vol 1", 7).unwrap().is_empty());
    assert_eq!(library.used_by_others("Vol 2", 7).unwrap().len(), 2);
    // The same book at the same place again replaces its uses once settled.
    let recorded = library
        .record_book(&book("Vol 1", &uses[..1], &[]))
        .unwrap();
    assert_eq!(
        library.own_uses("Vol 1", 7, MANIFEST).unwrap(),
        uses,
        "before it settles, each place's latest record counts"
    );
    library.settle_book(&recorded).unwrap();
    assert_eq!(library.own_uses("Vol 1", 7, MANIFEST).unwrap().len(), 1);
    let stats = library.stats().unwrap();
    assert_eq!(
        stats.iter().map(|s| (s.used, s.unused)).collect::<Vec<_>>(),
        [(1, 1)]
    );
}

#[test]
fn two_books_of_one_title_written_to_two_places_keep_both_their_uses() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(&dir.path().join("l.db")).unwrap();
    let (a, b) = (entry("classic", 1), entry("classic", 2));
    library.add(&[a.clone(), b.clone()], None).unwrap();
    let first = [use_of(&a, 1)];
    let second = [use_of(&b, 1)];
    record(&mut library, &book("Same", &first, &[]));
    let elsewhere = BookUse {
        manifest: Some("large-print/book.json"),
        ..book("Same", &second, &[])
    };
    record(&mut library, &elsewhere);
    let others = library.used_by_others("Another", 7).unwrap();
    assert!(
        others.contains(&a.id) && others.contains(&b.id),
        "{others:?}"
    );
    assert_eq!(library.own_uses("Same", 7, MANIFEST).unwrap(), first);
    let large = Some("large-print/book.json");
    assert_eq!(library.own_uses("Same", 7, large).unwrap(), second);
    // A third place has no build yet: it starts from the latest one written anywhere.
    let third = library
        .own_uses("Same", 7, Some("third/book.json"))
        .unwrap();
    assert_eq!(third, second);
}

#[test]
fn candidates_are_filtered_by_shape_level_and_score_in_id_order() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(&dir.path().join("l.db")).unwrap();
    let entries: Vec<Entry> = (1..=6).map(|seed| entry("classic", seed)).collect();
    library.add(&entries, None).unwrap();
    library.add(&[entry("killer", 1)], None).unwrap();
    let all = library.candidate_ids("classic9", None, None).unwrap();
    assert_eq!(all.len(), 6);
    assert!(all.windows(2).all(|w| w[0] < w[1]));
    let level = &entries[0].level;
    let same_level = library
        .candidate_ids("classic9", Some(level), None)
        .unwrap();
    assert!(same_level.contains(&entries[0].id));
    assert!(same_level.len() == entries.iter().filter(|e| &e.level == level).count());
    let score = entries[0].score;
    let exact = library
        .candidate_ids("classic9", None, Some((score, score)))
        .unwrap();
    assert!(exact.contains(&entries[0].id));
    let (record, seed) = library.record(&entries[0].id).unwrap().unwrap();
    assert!(record.contains("\"givens\""));
    assert_eq!(seed, Some(1));
}

#[test]
fn a_merge_adds_what_is_missing_by_id_in_any_order() {
    let dir = tempfile::tempdir().unwrap();
    let paths: Vec<_> = ["a.db", "b.db", "ab.db", "ba.db"]
        .iter()
        .map(|n| dir.path().join(n))
        .collect();
    let mut a = Library::open(&paths[0]).unwrap();
    a.add(&[entry("classic", 1), entry("classic", 2)], None)
        .unwrap();
    let mut b = Library::open(&paths[1]).unwrap();
    b.add(&[entry("classic", 2), entry("classic", 3)], None)
        .unwrap();
    let b_use = [use_of(&entry("classic", 3), 1)];
    record(&mut b, &book("B", &b_use, &[]));
    drop((a, b));
    let mut ab = Library::open(&paths[2]).unwrap();
    let first = ab.merge_from(&paths[0]).unwrap();
    let second = ab.merge_from(&paths[1]).unwrap();
    assert_eq!(
        (first.added, second.added, second.duplicates, second.uses),
        (2, 1, 1, 1)
    );
    let mut ba = Library::open(&paths[3]).unwrap();
    ba.merge_from(&paths[1]).unwrap();
    ba.merge_from(&paths[1]).unwrap();
    ba.merge_from(&paths[0]).unwrap();
    assert_eq!(ab.ids().unwrap(), ba.ids().unwrap());
    assert_eq!(ba.stats().unwrap(), ab.stats().unwrap());
}

#[test]
fn stale_ratings_are_read_page_by_page_and_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let mut library = Library::open(&dir.path().join("l.db")).unwrap();
    let entries: Vec<Entry> = (1..=5).map(|seed| entry("classic", seed)).collect();
    library.add(&entries, None).unwrap();
    assert_eq!(library.stale_count(entry::ENGINE_VERSION).unwrap(), 0);
    assert_eq!(library.stale_count("0.0.0").unwrap(), 5);
    let first = library.stale("9.9.9", "", 3).unwrap();
    let rest = library.stale("9.9.9", &first[2].id, 3).unwrap();
    assert_eq!((first.len(), rest.len()), (3, 2));
    let rated = Rated {
        id: first[0].id.clone(),
        record: first[0].record.clone(),
        level: "expert".into(),
        score: 7.5,
        techniques: "[]".into(),
    };
    library.set_ratings(&[rated], "9.9.9").unwrap();
    assert_eq!(library.stale_count("9.9.9").unwrap(), 4);
    assert!(library.stats().unwrap().iter().any(|s| s.level == "expert"));
}

#[test]
fn many_openers_of_a_new_file_create_its_schema_once() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("new.db");
    let openers: Vec<_> = (0..8)
        .map(|_| {
            let path = path.clone();
            std::thread::spawn(move || Library::open(&path).map(|_| ()).map_err(|e| e.to_string()))
        })
        .collect();
    for opener in openers {
        assert_eq!(opener.join().unwrap(), Ok(()));
    }
    assert!(Library::open(&path).unwrap().ids().unwrap().is_empty());
}

#[test]
fn only_create_makes_a_library_and_only_where_nothing_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("typo.db");
    for access in [Access::Read, Access::Write] {
        let error = Library::open_as(&path, access).err().unwrap();
        assert!(matches!(error, LibraryError::Missing { .. }), "{error}");
        assert!(!path.exists(), "{access:?} made a file");
    }
    let empty = dir.path().join("empty.db");
    std::fs::write(&empty, "").unwrap();
    let error = Library::open(&empty).err().unwrap();
    assert!(error.to_string().contains("an empty file"), "{error}");
    assert_eq!(std::fs::metadata(&empty).unwrap().len(), 0);
    let error = Library::open(Path::new("/dev/null")).err().unwrap();
    assert!(error.to_string().contains("special file"), "{error}");
    assert!(!Path::new("/dev/null-journal").exists());
    let error = Library::open(dir.path()).err().unwrap();
    assert!(error.to_string().contains("a folder"), "{error}");
}

#[test]
fn another_programs_database_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    for version in [0, 1, 2] {
        let path = dir.path().join(format!("other-{version}.db"));
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(&format!(
            "CREATE TABLE puzzles (id TEXT, name TEXT); PRAGMA user_version = {version};"
        ))
        .unwrap();
        drop(conn);
        let before = std::fs::read(&path).unwrap();
        for access in [Access::Read, Access::Write, Access::Create] {
            let error = Library::open_as(&path, access).err().unwrap();
            assert!(
                error.to_string().contains("not a sudoku-book library"),
                "{error}"
            );
        }
        assert_eq!(std::fs::read(&path).unwrap(), before, "version {version}");
        let wal = dir.path().join(format!("other-{version}.db-wal"));
        assert!(!wal.exists(), "switched to WAL");
    }
}

#[test]
fn an_older_file_opened_to_read_is_read_as_it_is() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.db");
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch(SCHEMA_V1).unwrap();
    conn.execute_batch(
        "PRAGMA user_version = 1;
         INSERT INTO puzzles VALUES ('v1-x', 'classic9', 'classic', 9, '{}', '', '', 'easy', 1.0,
             '[]', '0.1.0', NULL, NULL, 'generated');
         INSERT INTO uses (id, book) VALUES ('v1-x', 'Old book');",
    )
    .unwrap();
    drop(conn);
    let before = std::fs::read(&path).unwrap();
    let library = Library::open_as(&path, Access::Read).unwrap();
    assert_eq!(library.stats().unwrap()[0].used, 1);
    assert!(library.own_uses("Old book", 1, None).unwrap().is_empty());
    drop(library);
    // Merged into a new library, its uses come along without places.
    let mut merged = Library::open(&dir.path().join("new.db")).unwrap();
    let done = merged.merge_from(&path).unwrap();
    assert_eq!((done.added, done.uses), (1, 1));
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the older file was written"
    );
    assert!(!dir.path().join("old.db-wal").exists());
}
