use super::*;
use crate::fonts::FontSet;

const TABLES: &[(&str, &[(&str, &str)])] = &[("en", EN), ("de", DE), ("fr", FR), ("es", ES)];

#[test]
fn every_language_has_every_key_once_and_no_other() {
    for (language, table) in TABLES {
        let keys: Vec<&str> = table.iter().map(|(k, _)| *k).collect();
        assert_eq!(
            keys,
            key_names(),
            "{language}: keys differ from KEYS (or their order)"
        );
    }
}

#[test]
fn every_text_uses_only_its_key_s_placeholders() {
    for (language, table) in TABLES {
        for (key, text) in *table {
            let known = placeholders(key).unwrap_or(&[]);
            assert_eq!(check_placeholders(text, known), Ok(()), "{language}.{key}");
        }
    }
}

#[test]
fn every_text_prints_with_the_bundled_font() {
    let fonts = FontSet::bundled();
    let kids: &[(&str, &[(&str, &str)])] = &[
        ("kids en", KIDS_EN),
        ("kids de", KIDS_DE),
        ("kids fr", KIDS_FR),
        ("kids es", KIDS_ES),
    ];
    for (language, table) in TABLES.iter().chain(kids) {
        for (key, text) in *table {
            for ch in text.chars() {
                for bold in [false, true] {
                    assert!(
                        fonts.face(bold).has_glyph(ch),
                        "{language}.{key}: {ch:?} is not in the bundled font"
                    );
                }
            }
        }
    }
}

#[test]
fn translations_differ_from_english_where_they_must() {
    for key in [
        "how_to_play",
        "contents",
        "level_easy",
        "rules",
        "introduction",
    ] {
        for (language, table) in &TABLES[1..] {
            let text = Strings::from_table(table);
            assert_ne!(
                text.get(key),
                Strings::default().get(key),
                "{language}.{key}"
            );
        }
    }
}

#[test]
fn languages_are_found_by_code_or_name() {
    assert_eq!(builtin("de"), Some(DE));
    assert_eq!(builtin(" German "), Some(DE));
    assert_eq!(builtin("français"), Some(FR));
    assert_eq!(builtin("ES"), Some(ES));
    assert_eq!(builtin("en"), Some(EN));
    assert_eq!(builtin("klingon"), None);
}

#[test]
fn placeholders_are_filled_and_overrides_replace_texts() {
    let mut strings = Strings::default();
    assert_eq!(
        strings.fill("puzzles_note", &[("first", "1"), ("last", "12")]),
        "Puzzles 1–12"
    );
    strings.set("puzzles_note", "Nos. {first} to {last}");
    strings.set("no_such_key", "ignored");
    assert_eq!(
        strings.fill("puzzles_note", &[("first", "1"), ("last", "12")]),
        "Nos. 1 to 12"
    );
    assert_eq!(strings.get("no_such_key"), "no_such_key");
}

#[test]
fn variants_are_named_in_each_language() {
    let both: Variant = "jigsaw+diagonal".parse().unwrap();
    let classic = Variant::CLASSIC;
    assert_eq!(
        Strings::default().variant_title(both, 9),
        "Jigsaw + diagonal"
    );
    assert_eq!(Strings::default().variant_title(classic, 6), "Classic 6×6");
    let german = Strings::from_table(DE);
    assert_eq!(german.variant_title(classic, 6), "Klassisch 6×6");
    assert_eq!(german.variant_title(both, 9), "Chaos + Diagonal");
    assert_eq!(german.level(Level::Expert), "Experte");
}

#[test]
fn bad_placeholders_are_refused() {
    assert!(check_placeholders("Puzzles {first}–{last}", &["first", "last"]).is_ok());
    let unknown = check_placeholders("Puzzle {number}", &["n"]).unwrap_err();
    assert!(
        unknown.contains("'{number}'") && unknown.contains("{n}"),
        "{unknown}"
    );
    assert!(check_placeholders("Puzzle {n", &["n"]).is_err());
    assert!(check_placeholders("Puzzle n}", &["n"]).is_err());
    let none = check_placeholders("Notes {n}", &[]).unwrap_err();
    assert!(none.contains("takes none"), "{none}");
}

#[test]
fn english_digit_ranges_are_written_as_before() {
    for size in [4, 6, 8, 9, 12, 16] {
        assert_eq!(
            Strings::default().digit_range(size),
            crate::grid::text::digit_range(size)
        );
    }
    assert_eq!(Strings::from_table(DE).digit_range(9), "1 bis 9");
}

#[test]
fn multi_grid_shapes_have_their_names() {
    let shape = |name: &str| name.parse::<Variant>().unwrap();
    let english = Strings::default();
    assert_eq!(english.variant_title(shape("samurai"), 9), "Samurai");
    assert_eq!(english.variant_title(shape("twodoku"), 9), "Twodoku");
    assert_eq!(english.variant_title(shape("butterfly"), 9), "Butterfly");
    let german = Strings::from_table(DE);
    assert_eq!(german.variant(shape("samurai")), "Samurai-Sudoku");
    let rules = english.fill("rules_multi", &[("count", "5")]);
    assert!(
        rules.starts_with("Each of the 5 overlapping 9×9 grids"),
        "{rules}"
    );
}

/// The step-word tables of the languages other than English.
const STEP_TABLES: &[(&str, &[(&str, &str)])] =
    &[("de", DE_STEPS), ("fr", FR_STEPS), ("es", ES_STEPS)];

#[test]
fn every_language_has_every_step_word_once() {
    use crate::logic::Technique;
    use crate::logic::step_words::{ENGLISH, technique_key};
    let mut wanted: Vec<String> = ENGLISH.iter().map(|(k, _)| k.to_string()).collect();
    wanted.extend(Technique::ALL.iter().map(|&t| technique_key(t)));
    wanted.sort();
    for (language, table) in STEP_TABLES {
        let mut keys: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
        keys.sort();
        assert_eq!(keys, wanted, "{language}: step words differ from English's");
    }
}

#[test]
fn every_step_word_uses_only_its_placeholders_and_prints() {
    let fonts = FontSet::bundled();
    for (language, table) in STEP_TABLES {
        for (key, text) in *table {
            let known = crate::logic::step_words::placeholders(key).expect("a step key");
            assert_eq!(check_placeholders(text, known), Ok(()), "{language}.{key}");
            for name in known {
                assert!(
                    text.contains(&format!("{{{name}}}")),
                    "{language}.{key} lacks {name}"
                );
            }
            assert!(
                text.chars().all(|ch| fonts.face(false).has_glyph(ch)),
                "{language}.{key}: {text}"
            );
        }
    }
}

#[test]
fn a_book_in_german_explains_its_steps_in_german() {
    use crate::test_support::{hidden_single_example, naked_pair_example};
    let german = builtin("deutsch").map(Strings::from_table).expect("de");
    let german = german.with_step_words(builtin_steps("de"));
    assert_eq!(
        hidden_single_example().describe(&german),
        "Versteckter Einer (Block): r3c7 = 5 (einziger Platz für 5 in Block 3)"
    );
    let pair = naked_pair_example();
    assert_eq!(
        pair.describe(&german),
        "Nacktes Paar {4,6} in Zeile 5 (r5c2, r5c7): streicht 4 aus r5c4, 6 aus r5c9"
    );
    // English books keep the English text.
    assert_eq!(pair.describe(&Strings::default()), pair.to_string());
}

/// The English words of the playable page (`web/words.js`): key and text, each `key: 'text'`.
fn page_english() -> Vec<(String, String)> {
    let source = include_str!("../../../web/words.js");
    let body = &source[source.find("const EN = {").expect("EN")..];
    let body = &body[..body.find("\n  };").expect("end of EN")];
    let mut words = Vec::new();
    let mut rest = body;
    while let Some(quote) = rest.find(": '") {
        let key_start = rest[..quote]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let key = rest[key_start..quote].to_string();
        let text_start = quote + 3;
        let mut end = text_start;
        let bytes = rest.as_bytes();
        while bytes[end] != b'\'' || bytes[end - 1] == b'\\' {
            end += 1;
        }
        words.push((key, rest[text_start..end].replace("\\'", "'")));
        rest = &rest[end + 1..];
    }
    words
}

/// The `{name}` placeholders of a text, sorted.
fn page_placeholders(text: &str) -> Vec<String> {
    let mut names: Vec<String> = text
        .split('{')
        .skip(1)
        .filter_map(|part| part.split_once('}').map(|(name, _)| name.to_string()))
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn every_language_has_the_page_s_words_with_their_placeholders() {
    let english = page_english();
    assert!(
        english.len() > 100,
        "{} words read from web/words.js",
        english.len()
    );
    let levels: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    let wanted: Vec<&(String, String)> = english
        .iter()
        .filter(|(key, _)| !levels.contains(&key.as_str()))
        .collect();
    // (The page shows these in the browser's fonts, not the book's: no glyph check.)
    for (language, table) in [("de", PAGE_DE), ("fr", PAGE_FR), ("es", PAGE_ES)] {
        let keys: Vec<&str> = table.iter().map(|(k, _)| *k).collect();
        let wanted_keys: Vec<&str> = wanted.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(
            keys, wanted_keys,
            "{language}: the page's keys, in web/words.js order"
        );
        for ((key, text), (_, english)) in table.iter().zip(&wanted) {
            assert_eq!(
                page_placeholders(text),
                page_placeholders(english),
                "{language}.{key}: {text}"
            );
        }
    }
}

#[test]
fn a_german_book_gives_its_page_german_words_and_its_own_level_names() {
    let german = Strings::from_table(builtin("de").expect("de")).with_language("deutsch");
    assert_eq!(german.language(), "de");
    let words = german.page_words();
    let get = |key: &str| {
        words
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(get("undo"), Some("Rückgängig"));
    assert_eq!(get("easy"), Some(german.level(Level::Easy)));
    assert!(
        Strings::default().page_words().is_empty(),
        "English is the page's own"
    );
}
