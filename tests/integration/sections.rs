//! Issue 11, item 6: per-section layouts. A 16×16 section no longer forces 4-per-page answers on
//! the whole book; a section can put its answers right after itself; `sort = "difficulty"`
//! orders a section easy to hard.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::build::{build, manifest};

/// How many answers each answer page of a section holds.
fn answers_per_page(manifest: &Value, section: u64) -> Vec<usize> {
    let mut pages: BTreeMap<u64, usize> = BTreeMap::new();
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        if puzzle["section"] == section {
            *pages
                .entry(puzzle["answer_page"].as_u64().unwrap())
                .or_default() += 1;
        }
    }
    pages.into_values().collect()
}

#[test]
fn a_16x16_section_keeps_its_own_answer_layout() {
    let spec = "title = \"Mixed\"\n[[section]]\ncount = 12\ndifficulty = \"easy\"\n[[section]]\nsize = 16\ncount = 2\ndifficulty = \"easy\"\nlayout = \"1up\"\nanswers_layout = \"4up\"\n";
    let (_dir, out) = build(spec, &[]);
    let manifest = manifest(&out);
    assert_eq!(
        answers_per_page(&manifest, 1),
        [9, 3],
        "the 9×9 answers stay nine a page"
    );
    assert_eq!(
        answers_per_page(&manifest, 2),
        [2],
        "the 16×16 answers on their own page"
    );
}

#[test]
fn answers_can_follow_their_section() {
    let spec = "title = \"After\"\n[[section]]\ncount = 4\ndifficulty = \"easy\"\nanswers = \"after-section\"\n[[section]]\ncount = 4\ndifficulty = \"easy\"\n";
    let (_dir, out) = build(spec, &[]);
    let manifest = manifest(&out);
    let second_section_page = manifest["sections"][1]["page"].as_u64().unwrap();
    for puzzle in manifest["puzzles"].as_array().unwrap() {
        let (page, answer) = (
            puzzle["page"].as_u64().unwrap(),
            puzzle["answer_page"].as_u64().unwrap(),
        );
        if puzzle["section"] == 1 {
            assert_eq!(
                answer,
                page + 1,
                "right after the section's one puzzle page"
            );
            assert!(answer < second_section_page);
        } else {
            assert!(
                answer > page,
                "the second section's answers are at the back"
            );
        }
    }
}

#[test]
fn a_mixed_section_sorted_by_difficulty_runs_easy_to_hard() {
    let spec = "title = \"Sorted\"\n[[section]]\ncount = 8\nsort = \"difficulty\"\n";
    let (_dir, out) = build(spec, &[]);
    let manifest = manifest(&out);
    let puzzles = manifest["puzzles"].as_array().unwrap();
    let scores: Vec<f64> = puzzles
        .iter()
        .map(|p| p["score"].as_f64().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] <= w[1]), "{scores:?}");
    assert!(
        scores.first() < scores.last(),
        "a mixed section: {scores:?}"
    );
    let ids: Vec<u64> = puzzles.iter().map(|p| p["id"].as_u64().unwrap()).collect();
    assert_eq!(ids, (1..=8).collect::<Vec<u64>>());
}
