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
    let last_puzzle_page = manifest(&out)["puzzles"][1]["page"].as_u64().unwrap();
    // The walkthrough's pages: after the section's puzzles, up to the answers.
    let svg: String = (last_puzzle_page + 1..pages(&out))
        .map(|page| fs::read_to_string(out.join(format!("pages/page-{page:03}.svg"))).unwrap())
        .take_while(|svg| !svg.contains(">Solutions<"))
        .collect();
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

/// Issue 21, item 4: an easy section's walkthrough shows single steps on grids with pencil
/// marks and row and column numbers, never an empty page; a hard one explains its key steps as a
/// teacher would, in the book's language.
#[test]
fn walkthroughs_show_key_steps_on_grids_with_pencil_marks() {
    let easy = "title = \"Walk\"\nseed = 5\nlayout = \"1up\"\n[[section]]\ntitle = \"Easy\"\ncount = 1\ndifficulty = \"easy\"\nwalkthrough = true\n";
    let (_dir, out) = build(easy, &[]);
    let page = manifest(&out)["puzzles"][0]["page"].as_u64().unwrap() + 1;
    let svg = fs::read_to_string(out.join(format!("pages/page-{page:03}.svg"))).unwrap();
    assert!(svg.contains("\nStep "), "a key step's caption: {svg}");
    assert!(
        svg.contains("\nr9\n") && svg.contains("\nc9\n"),
        "coordinates"
    );
    assert!(
        svg.contains("Hidden single") || svg.contains("Naked single") || svg.contains("Full house"),
        "a single is shown"
    );
    let german = "title = \"Weg\"\nseed = 5\nlanguage = \"de\"\nlayout = \"1up\"\n[[section]]\ntitle = \"Schwer\"\ncount = 1\ndifficulty = \"hard\"\nwalkthrough = true\n";
    let (_dir, out) = build(german, &[]);
    let first = manifest(&out)["puzzles"][0]["page"].as_u64().unwrap() + 1;
    let pages = manifest(&out)["pages"].as_u64().unwrap();
    let text: String = (first..=pages)
        .map(|p| fs::read_to_string(out.join(format!("pages/page-{p:03}.svg"))).unwrap())
        .collect();
    assert!(text.contains("Lösungsweg: Rätsel #1"), "the heading");
    assert!(text.contains("\nSchritt "), "captions in German");
    assert!(
        text.contains("heraus") || text.contains("also r"),
        "the steps in German words: {text}"
    );
}
