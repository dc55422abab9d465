//! The colours of a cover: each theme's palette, the spec's `background` and `accent` laid over
//! it, the ink that reads best on a colour, and the WCAG contrast ratio by which a coloured text
//! that would not read (an accent too close to the background) is refused.

use crate::layout::text::Rgb;
use crate::spec::Theme;

/// White, and the near-black the themes set dark text in.
pub const WHITE: Rgb = [255, 255, 255];
pub const INK: Rgb = [26, 26, 26];
pub const BLACK: Rgb = [0, 0, 0];

/// WCAG AA: the least contrast of body text, and of large text (18 pt, or 14 pt bold).
pub const AA_TEXT: f64 = 4.5;
pub const AA_LARGE: f64 = 3.0;

/// The colours a cover is drawn in.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Palette {
    /// The sheet, edge to edge (`None`: white paper, nothing printed; the plain theme).
    pub background: Option<Rgb>,
    /// Badges, rules and coloured text.
    pub accent: Rgb,
    /// The cells of the puzzles drawn on the cover.
    pub paper: Rgb,
    /// Their lines and givens.
    pub grid_ink: Rgb,
    /// Cards of the mosaic theme, and the tint of highlighted cells.
    pub tiles: [Rgb; 4],
}

impl Palette {
    /// The theme's palette with the spec's colours over it. With a background of the spec's
    /// and no accent, the theme's accent is darkened (or lightened) as far as it takes to read
    /// on that background; an accent the spec sets is kept as it is (and checked).
    pub fn of(theme: Theme, background: Option<Rgb>, accent: Option<Rgb>) -> Palette {
        let base = base(theme);
        let ground = background.or(base.background).unwrap_or(WHITE);
        Palette {
            background: background.or(base.background),
            accent: accent.unwrap_or_else(|| readable(base.accent, ground)),
            ..base
        }
    }

    /// The sheet's colour as text sits on it (white where nothing is printed).
    pub fn ground(&self) -> Rgb {
        self.background.unwrap_or(WHITE)
    }

    /// The ink of text on the background: white or near-black, whichever reads better.
    pub fn text(&self) -> Rgb {
        ink_on(self.ground())
    }
}

/// Each theme's own colours.
fn base(theme: Theme) -> Palette {
    let hex = |v: u32| [(v >> 16) as u8, (v >> 8) as u8, v as u8];
    let (background, accent, paper, grid_ink) = match theme {
        Theme::Classic => (Some(0x1d3557), 0xf4a261, 0xf8f6f0, 0x1d3557),
        Theme::Mosaic => (Some(0xf4efe6), 0xa63d24, 0xffffff, 0x264653),
        Theme::Bold => (Some(0xffb703), 0x023047, 0xffffff, 0x023047),
        Theme::Minimal => (Some(0xfaf7f2), 0x8d0801, 0xfaf7f2, 0x8d0801),
        Theme::Plain => (None, 0x1d3557, 0xffffff, 0x1a1a1a),
    };
    Palette {
        background: background.map(hex),
        accent: hex(accent),
        paper: hex(paper),
        grid_ink: hex(grid_ink),
        tiles: [0x2a9d8f, 0xe9c46a, 0xf4a261, 0xe76f51].map(hex),
    }
}

/// `colour`, or the nearest mix of it towards black or white (whichever reads on `ground`)
/// that reaches [`AA_TEXT`] on `ground`.
pub fn readable(colour: Rgb, ground: Rgb) -> Rgb {
    let towards = ink_on(ground);
    (0..=20)
        .map(|step| mix(colour, towards, f64::from(step) / 20.0))
        .find(|c| contrast(*c, ground) >= AA_TEXT)
        .unwrap_or(towards)
}

/// The ink that reads better on `ground`: white or near-black, or pure black on the mid tones
/// where neither reaches [`AA_TEXT`] (any colour reads at 4.58:1 or more in white or black).
pub fn ink_on(ground: Rgb) -> Rgb {
    let (white, ink) = (contrast(WHITE, ground), contrast(INK, ground));
    if white >= ink && white >= AA_TEXT {
        WHITE
    } else if ink >= AA_TEXT {
        INK
    } else if white >= contrast(BLACK, ground) {
        WHITE
    } else {
        BLACK
    }
}

/// A colour `share` of the way from `from` to `to`.
pub fn mix(from: Rgb, to: Rgb, share: f64) -> Rgb {
    let channel =
        |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * share).round() as u8;
    [
        channel(from[0], to[0]),
        channel(from[1], to[1]),
        channel(from[2], to[2]),
    ]
}

/// The relative luminance of a colour (WCAG 2).
pub fn luminance([r, g, b]: Rgb) -> f64 {
    let linear = |v: u8| {
        let c = f64::from(v) / 255.0;
        if c <= 0.039_28 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

/// The contrast ratio of two colours, 1 to 21 (WCAG 2).
pub fn contrast(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// A colour as the spec writes it: `#1d3557`.
pub fn hex([r, g, b]: Rgb) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contrast_follows_wcag() {
        assert!((contrast(WHITE, [0, 0, 0]) - 21.0).abs() < 1e-9);
        assert!((contrast(WHITE, WHITE) - 1.0).abs() < 1e-9);
        // WCAG's own example: #767676 on white is just above 4.5.
        let grey = contrast([0x76, 0x76, 0x76], WHITE);
        assert!((4.5..4.6).contains(&grey), "{grey}");
    }

    #[test]
    fn every_theme_reads_at_aa() {
        for theme in Theme::ALL {
            let palette = Palette::of(theme, None, None);
            let ground = palette.ground();
            assert!(contrast(palette.text(), ground) >= AA_TEXT, "{theme:?}");
            assert!(
                contrast(palette.accent, ground) >= AA_TEXT,
                "{theme:?} accent"
            );
            assert!(
                contrast(ink_on(palette.accent), palette.accent) >= AA_TEXT,
                "{theme:?} badge"
            );
            assert!(
                contrast(palette.grid_ink, palette.paper) >= AA_TEXT,
                "{theme:?} grid"
            );
        }
    }

    #[test]
    fn a_background_of_the_spec_gets_an_accent_that_reads_on_it() {
        let cream = [0xf1, 0xe3, 0xc8];
        let palette = Palette::of(Theme::Classic, Some(cream), None);
        assert!(contrast(palette.accent, cream) >= AA_TEXT);
        assert_ne!(palette.accent, base(Theme::Classic).accent);
        let kept = Palette::of(Theme::Classic, Some(cream), Some([0xf4, 0xa2, 0x61]));
        assert_eq!(kept.accent, [0xf4, 0xa2, 0x61]);
    }

    #[test]
    fn the_spec_colours_replace_the_themes() {
        let palette = Palette::of(Theme::Classic, Some([1, 2, 3]), Some([4, 5, 6]));
        assert_eq!(palette.background, Some([1, 2, 3]));
        assert_eq!(palette.accent, [4, 5, 6]);
        assert_eq!(ink_on([250, 250, 250]), INK);
        assert_eq!(ink_on([10, 20, 60]), WHITE);
        for grey in 0..=255u8 {
            let ground = [grey, grey, grey];
            assert!(contrast(ink_on(ground), ground) >= AA_TEXT, "{grey}");
            let accent = Palette::of(Theme::Classic, Some(ground), None).accent;
            assert!(contrast(accent, ground) >= AA_TEXT, "{grey}");
        }
    }
}
