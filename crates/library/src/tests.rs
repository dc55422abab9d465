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
