//! The checks of a plan that need the page geometry: the largest grid of the book must fit one
//! slot of each layout with digits of at least 7 pt. Run before any puzzle is made, so a book
//! that cannot be printed is refused at once, with the spec's file, line and key.

use super::cover::lay_out_cover;
use super::page::{LABEL_HEIGHT, PageFrame, grid_in_slot, min_cell_for_size, slots};
use crate::fonts::FontSet;
use crate::spec::{BookPlan, Layout, SpecError};

/// Refuses a plan whose largest grid does not fit the slots of its puzzle or answer layout.
pub fn check_plan(plan: &BookPlan) -> Result<(), SpecError> {
    let largest = plan
        .sections
        .iter()
        .map(|s| s.request.size)
        .max()
        .unwrap_or(9);
    grid_fits(plan, &plan.layout, largest, "layout", plan.origin.layout)?;
    if let Some(answers) = &plan.answers {
        let at = plan.origin.answers_layout;
        grid_fits(plan, answers, largest, "answers.layout", at)?;
    }
    Ok(())
}

/// Refuses a cover whose front or back text does not fit its safe zone at 7 pt, at the key
/// that holds the text (the page count only changes the spine, whose text is left off instead).
pub fn check_cover(plan: &BookPlan, fonts: &FontSet) -> Result<(), SpecError> {
    let Some(cover) = &plan.cover else {
        return Ok(());
    };
    let layout = lay_out_cover(plan, cover, 0, fonts);
    match layout.misfits.into_iter().next() {
        None => Ok(()),
        Some(misfit) => Err(SpecError {
            file: plan.origin.file.clone(),
            position: misfit.position,
            key: Some(misfit.key.to_string()),
            message: misfit.message,
            io: false,
        }),
    }
}

fn grid_fits(
    plan: &BookPlan,
    layout: &Layout,
    size: usize,
    key: &str,
    position: Option<(usize, usize)>,
) -> Result<(), SpecError> {
    let slot = slots(PageFrame::of(&plan.page).grid_area(1), layout)[0];
    let min_cell = min_cell_for_size(size);
    if grid_in_slot(slot, size, min_cell).is_some() {
        return Ok(());
    }
    let cell = slot.w.min(slot.h - LABEL_HEIGHT) / size as f64;
    let default = if position.is_none() {
        " (the default)"
    } else {
        ""
    };
    Err(SpecError {
        file: plan.origin.file.clone(),
        position,
        key: Some(key.to_string()),
        message: format!(
            "a {size}x{size} grid does not fit a slot of this layout{default} ({} per page): its cells would be {cell:.1} mm, and 7 pt digits need {min_cell:.1} mm; use a layout with fewer grids per page or a larger page",
            layout.slots()
        ),
        io: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn error(text: &str) -> String {
        let plan = crate::spec::parse("book.toml", text, Path::new(".")).unwrap();
        check_plan(&plan).unwrap_err().to_string()
    }

    fn check(text: &str) -> Result<(), SpecError> {
        check_plan(&crate::spec::parse("book.toml", text, Path::new(".")).unwrap())
    }

    #[test]
    fn a_grid_that_does_not_fit_its_slot_is_refused() {
        let text = "title = \"x\"\nlayout = \"1up\"\n[page]\nsize = \"kdp-5x8\"\n[answers]\nlayout = \"12up\"\n[[section]]\nsize = 16\ncount = 1\n";
        let message = error(text);
        assert!(
            message.starts_with("book.toml:6:10: answers.layout: a 16x16 grid does not fit"),
            "{message}"
        );
        let default =
            "title = \"x\"\n[page]\nsize = \"kdp-5x8\"\n[[section]]\nsize = 16\ncount = 1\n";
        let message = error(default);
        assert!(
            message.starts_with(
                "book.toml: layout: a 16x16 grid does not fit a slot of this layout (the default)"
            ),
            "{message}"
        );
        assert!(message.contains("7 pt digits need"), "{message}");
        let fits = "title = \"x\"\n[page]\nsize = \"kdp-5x8\"\n[answers]\nlayout = \"4up\"\n[[section]]\nsize = 9\ncount = 1\n";
        assert!(check(fits).is_ok());
    }
}
