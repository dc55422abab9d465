//! Page layouts as the spec names them: how many puzzles a page holds (`layouts/*.toml`:
//! `columns` × `rows` slots with `spacing`), the built-in copies of the shipped files, and
//! looking a layout up by name beside the spec.

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// The shipped layouts, built into the binary so their names work from any folder.
pub const BUILTIN: &[(&str, &str)] = &[
    ("1up", include_str!("../../layouts/1up.toml")),
    ("2up", include_str!("../../layouts/2up.toml")),
    ("4up", include_str!("../../layouts/4up.toml")),
    ("6up", include_str!("../../layouts/6up.toml")),
    ("9up", include_str!("../../layouts/9up.toml")),
    ("12up", include_str!("../../layouts/12up.toml")),
];

/// A page layout: equal slots in a grid.
#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    /// Slots across the page.
    pub columns: usize,
    /// Slots down the page.
    pub rows: usize,
    /// Space between slots, in millimetres.
    #[serde(default = "default_spacing")]
    pub spacing: f64,
}

fn default_spacing() -> f64 {
    8.0
}

impl Layout {
    /// Slots per page.
    pub fn slots(&self) -> usize {
        self.columns * self.rows
    }
}

/// Where a layout comes from: a file found next to the spec, or a built-in copy.
#[derive(Debug, Clone, PartialEq)]
pub enum LayoutSource {
    File(PathBuf),
    Builtin(&'static str),
}

/// Finds a layout by name: `layouts/NAME.toml` beside the spec or one folder up, then the
/// built-in layouts. `None` when nothing has that name.
pub fn find_layout(name: &str, spec_dir: &Path) -> Option<LayoutSource> {
    let file = format!("{name}.toml");
    for dir in [spec_dir.join("layouts"), spec_dir.join("../layouts")] {
        let path = dir.join(&file);
        if path.is_file() {
            return Some(LayoutSource::File(path));
        }
    }
    BUILTIN
        .iter()
        .find(|(builtin, _)| *builtin == name)
        .map(|(_, text)| LayoutSource::Builtin(text))
}

/// The most slots across or down a page.
pub const MAX_SLOTS_PER_SIDE: usize = 10;

/// Reads a layout's text: `columns` and `rows` from 1 to [`MAX_SLOTS_PER_SIDE`], `spacing`
/// from 0 to 100 mm.
pub fn parse_layout(text: &str) -> Result<Layout, String> {
    let layout: Layout = toml::from_str(text).map_err(|e| e.message().trim().to_string())?;
    for (key, value) in [("columns", layout.columns), ("rows", layout.rows)] {
        if !(1..=MAX_SLOTS_PER_SIDE).contains(&value) {
            return Err(format!(
                "{key} = {value} is out of range: use 1 to {MAX_SLOTS_PER_SIDE}"
            ));
        }
    }
    if !(0.0..=100.0).contains(&layout.spacing) {
        return Err(format!(
            "spacing {} mm is out of range 0 to 100",
            layout.spacing
        ));
    }
    Ok(layout)
}

/// A built-in layout by name (`4up`).
pub fn builtin_layout(name: &str) -> Option<Layout> {
    let (_, text) = BUILTIN.iter().find(|(n, _)| *n == name)?;
    parse_layout(text).ok()
}

/// The names of the built-in layouts, for messages.
pub fn builtin_names() -> Vec<&'static str> {
    BUILTIN.iter().map(|(name, _)| *name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_layouts_parse() {
        for (name, text) in BUILTIN {
            let layout = parse_layout(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert_eq!(layout.slots().to_string() + "up", *name);
        }
    }

    #[test]
    fn lookup_prefers_files_then_builtins() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(
            find_layout("4up", dir.path()),
            Some(LayoutSource::Builtin(BUILTIN[2].1))
        );
        std::fs::create_dir(dir.path().join("layouts")).unwrap();
        let own = dir.path().join("layouts/mine.toml");
        std::fs::write(&own, "columns = 1\nrows = 3\n").unwrap();
        assert_eq!(
            find_layout("mine", dir.path()),
            Some(LayoutSource::File(own))
        );
        assert_eq!(find_layout("none", dir.path()), None);
    }

    #[test]
    fn bad_layouts_are_refused() {
        assert!(parse_layout("columns = 0\nrows = 2\n").is_err());
        let huge = parse_layout("columns = 4294967297\nrows = 2\n").unwrap_err();
        assert!(
            huge.contains("columns = 4294967297 is out of range"),
            "{huge}"
        );
        assert!(parse_layout("columns = 18446744073709551615\nrows = 2\n").is_err());
        assert!(parse_layout("columns = 2\nrows = 11\n").is_err());
        assert!(parse_layout("columns = 2\n").unwrap_err().contains("rows"));
        assert!(
            parse_layout("columns = 2\nrows = 2\nspace = 3\n")
                .unwrap_err()
                .contains("space")
        );
    }
}
