//! A laid-out book page drawn into a scene: its text and rules, and its grids (with the variant
//! decorations of `grid`), each already placed and styled by layout; shifted onto the printed
//! sheet when the book has bleed. Nothing here knows the book or the spec.

use super::grid::{Placement, draw_grid, push_glyph};
use super::scene::{Item, Paint, Scene};
use crate::layout::book::Page;
use crate::layout::style::PlacedGrid;
use crate::layout::text::Placed;

/// The scene of one page, on its sheet (trim plus bleed).
pub fn page_scene(page: &Page) -> Scene {
    let mut scene = Scene::new(page.sheet.width, page.sheet.height);
    for item in &page.items {
        match item {
            Placed::Text(line) => scene.push(Item::Text {
                x: line.x,
                y: line.y,
                size: line.size,
                bold: line.bold,
                anchor: line.anchor,
                paint: line.paint,
                text: line.text.clone(),
            }),
            &Placed::Rule {
                x1,
                y1,
                x2,
                y2,
                width,
            } => scene.push(Item::Line {
                x1,
                y1,
                x2,
                y2,
                width,
                paint: Paint::BLACK,
            }),
            Placed::Grid(grid) => draw_placed(&mut scene, grid),
            Placed::Picture { at, picture } => scene.push(Item::Picture {
                x: at.x,
                y: at.y,
                w: at.w,
                h: at.h,
                picture: picture.clone(),
            }),
            &Placed::Fill { at, colour } => scene.push(Item::Fill {
                x: at.x,
                y: at.y,
                w: at.w,
                h: at.h,
                colour,
            }),
            &Placed::Glyph {
                glyph,
                x,
                y,
                size,
                paint,
                cap_height,
            } => push_glyph(&mut scene, glyph, (x, y), size, (paint, false), cap_height),
            Placed::Shape {
                points,
                filled,
                width,
                paint,
            } => scene.push(Item::Polygon {
                points: points.clone(),
                fill: filled.then_some(*paint),
                stroke: (!filled).then_some((*width, *paint)),
            }),
            Placed::Turned(line) => scene.push(Item::Turned {
                x: line.x,
                y: line.y,
                size: line.size,
                bold: line.bold,
                anchor: line.anchor,
                paint: line.paint,
                text: line.text.clone(),
            }),
        }
    }
    let (dx, dy) = page.sheet.offset();
    scene.translate(dx, dy);
    scene
}

fn draw_placed(scene: &mut Scene, grid: &PlacedGrid) {
    let at = Placement {
        x: grid.at.x,
        y: grid.at.y,
        side: grid.at.w,
    };
    let solution = grid.solution.as_ref();
    let Some((dark, light)) = grid.tint else {
        draw_grid(
            scene,
            &grid.geometry,
            &grid.givens,
            solution,
            at,
            &grid.style,
        );
        return;
    };
    let mut own = Scene::new(scene.width, scene.height);
    draw_grid(
        &mut own,
        &grid.geometry,
        &grid.givens,
        solution,
        at,
        &grid.style,
    );
    for item in own.items {
        scene.push(item.tinted(dark, light));
    }
}
