//! `walkthrough = true`: a section's first puzzle gets a page with its worked solution after
//! the section's puzzles — the hardest steps drawn on small grids, the path in words — and the
//! book is otherwise the same.

use std::fs;

use crate::build::{build, manifest};

const SPEC: &str = "title = \"Walk\"\nseed = 5\nlayout = \"2up\"\n[[section]]\ntitle = \"Hard\"\ncount = 2\ndifficulty = \"hard\"\n";

#[test]
fn a_walkthrough_page_follows_the_sections_puzzles() {
    let (_plain_dir, plain) = build(SPEC, &[]);
    let (_dir, out) = build(&format!("{SPEC}walkthrough = true\n"), &[]);
    let pages = |out: &std::path::Path| manifest(out)["pages"].as_u64().unwrap();
    // One more page, or two when the book is padded to an even count.
    assert!(
        pages(&out) > pages(&plain),
        "{} {}",
        pages(&out),
        pages(&plain)
    );
    let record = &manifest(&out)["puzzles"][0];
    let puzzle_page = record["page"].as_u64().unwrap();
    let walkthrough = out.join(format!("pages/page-{:03}.svg", puzzle_page + 1));
    let svg = fs::read_to_string(&walkthrough).unwrap();
    assert!(svg.contains("Worked solution: puzzle #1"), "{svg}");
    assert!(
        svg.contains("singles place"),
        "the runs of singles are summed up"
    );
    // The hardest technique of the puzzle is named on the page.
    let techniques = record["techniques"].as_array().unwrap();
    let hardest = techniques.last().unwrap().as_str().unwrap();
    assert!(
        svg.contains(hardest),
        "{hardest} missing from the walkthrough"
    );
    // The same puzzles either way: the page changes nothing else.
    assert_eq!(
        manifest(&out)["puzzles"][0]["givens"],
        manifest(&plain)["puzzles"][0]["givens"]
    );
}
