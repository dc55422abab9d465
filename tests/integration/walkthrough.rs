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

/// The SVG text of every page of a built book, in page order.
fn all_pages(out: &std::path::Path) -> Vec<String> {
    let pages = manifest(out)["pages"].as_u64().unwrap();
    (1..=pages)
        .map(|p| fs::read_to_string(out.join(format!("pages/page-{p:03}.svg"))).unwrap())
        .collect()
}

/// Issue 21, item 4: `[strategies] include = true` gives one page per technique the book's
/// puzzles use, easiest first, each with what the technique is and a real step of it from one
/// of the book's puzzles on a grid with pencil marks; the puzzles are the same as without.
#[test]
fn strategy_pages_teach_each_technique_the_book_uses() {
    let spec = "title = \"Techniques\"\nseed = 8\n[[section]]\ncount = 2\ndifficulty = \"easy\"\n[[section]]\ncount = 3\ndifficulty = \"expert\"\n";
    let (_plain_dir, plain) = build(spec, &[]);
    let (_dir, out) = build(&format!("{spec}[strategies]\ninclude = true\n"), &[]);
    let puzzles = manifest(&out)["puzzles"].as_array().unwrap().clone();
    let givens = |list: &[serde_json::Value]| -> Vec<serde_json::Value> {
        list.iter().map(|p| p["givens"].clone()).collect()
    };
    assert_eq!(
        givens(&puzzles),
        givens(manifest(&plain)["puzzles"].as_array().unwrap()),
        "the same puzzles"
    );
    let mut used: Vec<String> = Vec::new();
    for puzzle in &puzzles {
        for technique in puzzle["techniques"].as_array().unwrap() {
            let name = technique.as_str().unwrap().to_string();
            if !used.contains(&name) {
                used.push(name);
            }
        }
    }
    let pages = all_pages(&out);
    let strategy: Vec<&String> = pages
        .iter()
        .filter(|svg| svg.contains("\nSolving techniques\n"))
        .collect();
    assert_eq!(
        strategy.len(),
        used.len(),
        "one page per technique: {used:?}"
    );
    for name in &used {
        let page = strategy
            .iter()
            .find(|svg| svg.contains(&format!("\n{name}\n")))
            .unwrap_or_else(|| panic!("no page for {name}"));
        assert!(
            page.contains("An example from puzzle #"),
            "{name}: no example"
        );
        assert!(
            page.contains("\nr9\n") && page.contains("\nc9\n"),
            "{name}: no grid"
        );
    }
    // Easiest first: the first strategy page is a single, a later one the hardest technique.
    assert!(strategy[0].contains("\nFull house\n") || strategy[0].contains("\nHidden single"));
    // The pages come before the puzzles, which keep their order and pages after them.
    let first_puzzle = puzzles[0]["page"].as_u64().unwrap() as usize;
    let last_strategy = pages
        .iter()
        .rposition(|svg| svg.contains("\nSolving techniques\n"))
        .unwrap();
    assert!(
        last_strategy + 1 < first_puzzle,
        "strategies before the puzzles"
    );
}

#[test]
fn strategy_pages_speak_the_books_language_and_refuse_unknown_keys() {
    let spec = "title = \"Techniken\"\nseed = 8\nlanguage = \"de\"\n[strategies]\ninclude = true\n[[section]]\ncount = 2\ndifficulty = \"hard\"\n";
    let (_dir, out) = build(spec, &[]);
    let text: String = all_pages(&out).concat();
    assert!(text.contains("\nLösungstechniken\n"), "the note in German");
    assert!(
        text.contains("Ein Beispiel aus Rätsel #"),
        "the lead in German"
    );
    let dir = crate::build::spec_folder(
        "title = \"T\"\n[strategies]\nincluded = true\n[[section]]\ncount = 1\n",
    );
    let output = crate::util::cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let message = crate::util::stderr_of(&output);
    assert!(
        message.contains("book.toml:3") && message.contains("included"),
        "{message}"
    );
}

/// Long technique names ("Direct cage/house interaction") once ran past the margin beside a
/// grid on wide trims; every trim, in large print too (6×9 and larger: its 28 pt digits need
/// them), now builds with strategy pages and walkthroughs of classic and killer puzzles (the
/// build refuses any text past a margin).
#[test]
fn strategy_pages_and_walkthroughs_fit_every_trim() {
    for size in ["kdp-5x8", "kdp-6x9", "kdp-8x10", "kdp-8.5x11", "a4"] {
        for large_print in [false, true] {
            if large_print && size == "kdp-5x8" {
                continue;
            }
            let spec = format!(
                "title = \"Fit\"\nseed = 4\n[page]\nsize = \"{size}\"\n[style]\nlarge_print = {large_print}\n[strategies]\ninclude = true\n[[section]]\ncount = 1\ndifficulty = \"expert\"\nwalkthrough = true\n[[section]]\nvariant = \"killer\"\ncount = 1\ndifficulty = \"medium\"\nwalkthrough = true\n"
            );
            let (_dir, out) = build(&spec, &[]);
            let text: String = all_pages(&out).concat();
            assert!(text.contains("\nSolving techniques\n"), "{size}");
        }
    }
}

/// Issue 45, items 1 and 2: a long worked solution (an easy killer's opens with dozens of cage
/// steps) is printed to its last step on as many pages as it takes — never "… and 86 more steps:
/// sudoku-book rate --path gives them all" — and a run of one single is one step, not
/// "Steps 22–22: singles place 1 digits", in every language.
#[test]
fn print_a_worked_solution_is_complete_and_counts_in_words() {
    for language in ["en", "de", "fr", "es"] {
        let spec = format!(
            "title = \"Walk\"\nseed = 5\nlanguage = \"{language}\"\n[[section]]\ntitle = \"Killer\"\nvariant = \"killer\"\ncount = 1\ndifficulty = \"easy\"\nwalkthrough = true\n"
        );
        let (_dir, out) = build(&spec, &[]);
        let text: String = all_pages(&out).concat();
        assert!(
            !text.contains("rate --path"),
            "{language}: a page sends the reader to a program"
        );
        let mut numbers: Vec<u64> = Vec::new();
        for line in text.lines() {
            // `12. …`: a step of its own; `Steps 3–8: …`/`Étapes 3–8 : …`: a run of singles.
            if let Some((number, _)) = line.split_once(". ")
                && let Ok(n) = number.parse::<u64>()
            {
                numbers.push(n);
            }
            if let Some((_, range)) = line.split_once(' ')
                && let Some((first, rest)) = range.split_once('–')
                && let (Ok(first), Some(last)) = (
                    first.parse::<u64>(),
                    rest.split(|c: char| !c.is_ascii_digit()).next(),
                )
                && let Ok(last) = last.parse::<u64>()
            {
                assert!(last > first, "{language}: a range of one step: {line}");
                numbers.push(last);
            }
        }
        // The path `rate --path` gives for the same puzzle ends where the printed list ends.
        let record = manifest(&out)["puzzles"][0].to_string();
        let file = out.join("puzzle.json");
        fs::write(&file, record).unwrap();
        let rated = crate::util::cmd()
            .args(["rate", "--path"])
            .arg(&file)
            .output()
            .unwrap();
        let steps = crate::util::stdout_of(&rated)
            .lines()
            .filter(|l| {
                l.trim_start()
                    .split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u64>().is_ok())
            })
            .count() as u64;
        fs::remove_file(&file).unwrap();
        let last = numbers.iter().max().copied().unwrap_or(0);
        assert!(steps > 30, "{language}: a short path ({steps} steps)");
        assert_eq!(
            last, steps,
            "{language}: the list stops at step {last} of {steps}"
        );
    }
}

/// Issue 45, item 3: a Samurai's worked solution shows each key step on the 9×9 grid it is in,
/// large enough for its pencil marks (7 pt), numbered as the frame is, rather than the whole
/// frame over empty cells while the legend promises candidates.
#[test]
fn samurai_steps_are_shown_on_their_grid_with_pencil_marks() {
    let spec = "title = \"Walk\"\nseed = 5\n[[section]]\ntitle = \"Samurai\"\nvariant = \"samurai\"\ncount = 1\ndifficulty = \"medium\"\nwalkthrough = true\n";
    let (_dir, out) = build(spec, &[]);
    let pages = all_pages(&out);
    let first = pages
        .iter()
        .position(|svg| svg.contains("Worked solution"))
        .expect("a walkthrough");
    let svg = &pages[first];
    // Pencil marks: one-symbol texts of 7 pt (2.47 mm) and a little more.
    let marks = svg
        .split("<text ")
        .filter(|item| {
            let size = item
                .split("font-size=\"")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .and_then(|size| size.parse::<f64>().ok())
                .unwrap_or(0.0);
            (2.46..3.0).contains(&size)
        })
        .count();
    assert!(marks > 60, "{marks} pencil marks on the first step page");
    // Each grid shown is one 9×9 grid: nine row numbers, in the frame's numbering.
    let rows: Vec<usize> = (1..=21)
        .filter(|r| svg.contains(&format!(">r{r}<")) || svg.contains(&format!("\nr{r}\n")))
        .collect();
    assert!(!rows.is_empty() && rows.len() <= 18, "{rows:?}");
}
