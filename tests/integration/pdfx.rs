//! `[print]` and `build --print`: PDF/X books through the binary — the interior grey, the
//! cover CMYK, the scaffolding in place (checked from the files by the preflight the build
//! uses and, when Python and qpdf are there, by `tools/pdfx_check.py`, written apart from the
//! writer), the standard `none` byte for byte the plain book, and the spec's refusals.

use std::fs;
use std::path::Path;
use std::process::Command as Process;

use predicates::prelude::*;
use sudoku_book::print::pdfx::Role;
use sudoku_book::print::preflight::{Rules, preflight};
use sudoku_book::spec::Standard;

use crate::build::{build, refused, spec_folder};
use crate::util::{cmd, skip};

/// A small 6×9 book with a cover, with `print` as its `[print]` table.
fn spec(print: &str) -> String {
    format!(
        r##"title = "Print Test"
author = "Print Tester"
seed = 11
layout = "2up"
[page]
size = "kdp-6x9"
[cover]
background = "#1d3557"
back_text = "A short book for the printer."
{print}
[[section]]
count = 4
difficulty = "easy"
"##
    )
}

fn header(pdf: &Path) -> Vec<u8> {
    fs::read(pdf)
        .expect("the PDF")
        .into_iter()
        .take(8)
        .collect()
}

/// The rules the build checks a file against.
fn rules(standard: Standard, role: Role) -> Rules {
    Rules {
        standard,
        role,
        ink_limit: 240,
    }
}

/// `tools/pdfx_check.py`'s verdict, or `None` (with a message) without Python or qpdf.
fn independent_check(pdf: &Path, standard: &str, role: &str) -> Option<String> {
    let tool = Path::new(env!("CARGO_MANIFEST_DIR")).join("tools/pdfx_check.py");
    let output = Process::new("python3")
        .arg(tool)
        .args(["--standard", standard, "--role", role])
        .arg(pdf)
        .output();
    match output {
        Ok(output) if output.status.code() != Some(2) || qpdf_runs() => {
            Some(String::from_utf8_lossy(&output.stdout).into_owned())
        }
        _ => {
            skip("pdfx_check.py: python3 or qpdf is not installed (apt-get install qpdf)");
            None
        }
    }
}

fn qpdf_runs() -> bool {
    Process::new("qpdf").arg("--version").output().is_ok()
}

#[test]
fn an_ingramspark_book_is_pdfx_1a_grey_inside_and_cmyk_outside() {
    let (_dir, out) = build(&spec("[print]\nprinter = \"ingramspark\""), &[]);
    let (book, cover) = (out.join("book.pdf"), out.join("cover.pdf"));
    assert_eq!(header(&book), b"%PDF-1.3");
    assert_eq!(header(&cover), b"%PDF-1.3");
    let interior = rules(Standard::X1a, Role::Interior { colour: false });
    assert_eq!(
        preflight(&fs::read(&book).expect("book"), &interior),
        Vec::<String>::new()
    );
    let outside = rules(Standard::X1a, Role::Cover);
    assert_eq!(
        preflight(&fs::read(&cover).expect("cover"), &outside),
        Vec::<String>::new()
    );
    // The plain cover is RGB: the same rules refuse it, naming the page and the colour.
    let (_plain_dir, plain) = build(&spec(""), &[]);
    let faults = preflight(&fs::read(plain.join("cover.pdf")).expect("cover"), &outside);
    assert!(
        faults.iter().any(|f| f.starts_with("page 1: RGB colour (")),
        "{faults:?}"
    );
    assert!(faults.iter().any(|f| f.contains("GTS_PDFX")), "{faults:?}");
    for (pdf, role) in [(&book, "interior"), (&cover, "cover")] {
        if let Some(verdict) = independent_check(pdf, "x-1a", role) {
            assert!(
                verdict.contains(&format!("passes x-1a ({role})")),
                "{verdict}"
            );
        }
    }
}

#[test]
fn print_on_the_command_line_makes_pdfx_4_with_its_profile_and_xmp() {
    let (_dir, out) = build(&spec(""), &["--print", "pdf/x-4"]);
    let cover = fs::read(out.join("cover.pdf")).expect("cover");
    assert_eq!(&cover[..8], b"%PDF-1.6");
    let rules = rules(Standard::X4, Role::Cover);
    let faults = preflight(
        &cover,
        &Rules {
            ink_limit: 300,
            ..rules
        },
    );
    assert_eq!(faults, Vec::<String>::new());
    let doc = lopdf::Document::load_mem(&cover).expect("a PDF");
    let catalog = doc.catalog().expect("a catalog");
    assert!(catalog.has(b"Metadata"), "no XMP");
    if let Some(verdict) = independent_check(&out.join("cover.pdf"), "x-4", "cover") {
        assert!(verdict.contains("passes x-4 (cover)"), "{verdict}");
    }
}

#[test]
fn the_standard_none_is_the_plain_book_byte_for_byte() {
    let (_a, plain) = build(&spec(""), &[]);
    let (_b, none) = build(&spec("[print]\nstandard = \"none\""), &[]);
    let (_c, kdp) = build(&spec("[print]\nprinter = \"kdp\""), &["--print", "none"]);
    for file in ["book.pdf", "cover.pdf", "book.json", "book.html"] {
        let bytes = fs::read(plain.join(file)).expect("plain file");
        assert!(
            bytes == fs::read(none.join(file)).expect("none"),
            "{file} differs"
        );
        assert!(
            bytes == fs::read(kdp.join(file)).expect("kdp"),
            "{file} differs"
        );
    }
}

#[test]
fn pdfx_books_are_the_same_bytes_every_time() {
    let (_a, first) = build(
        &spec("[print]\nprinter = \"ingramspark\""),
        &["--jobs", "1"],
    );
    let (_b, second) = build(
        &spec("[print]\nprinter = \"ingramspark\""),
        &["--jobs", "2"],
    );
    for file in ["book.pdf", "cover.pdf"] {
        let one = fs::read(first.join(file)).expect("first");
        assert!(
            one == fs::read(second.join(file)).expect("second"),
            "{file} differs"
        );
    }
}

#[test]
fn margins_closer_than_ingramspark_allows_are_refused_at_their_key() {
    let spec = spec("[print]\nprinter = \"ingramspark\"").replace(
        "size = \"kdp-6x9\"",
        "size = \"kdp-6x9\"\nmargin = \"0.3in\"",
    );
    refused(
        &spec,
        "page.margin: 7.6 mm is closer to the trim than ingramspark allows: text and grids stay 12.7 mm (0.50 in) inside it",
    );
}

#[test]
fn unknown_standards_printers_and_ink_limits_are_refused() {
    let cases = [
        (
            "[print]\nstandard = \"pdf/x-3\"",
            "print.standard: unknown print standard 'pdf/x-3'",
        ),
        (
            "[print]\nprinter = \"ingram\"",
            "unknown printer 'ingram' (did you mean 'ingramspark'?)",
        ),
        ("[print]\nink_limit = 900", "print.ink_limit"),
        ("[print]\npaper = \"white\"", "paper"),
    ];
    for (table, expected) in cases {
        refused(&spec(table), expected);
    }
    let dir = spec_folder(&spec(""));
    cmd()
        .current_dir(dir.path())
        .args(["build", "book.toml", "--print", "pdf/x-9"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown print standard"));
}
