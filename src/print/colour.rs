//! Colour for print: the book's sRGB design colours separated into the printer's CMYK through
//! its ICC output profile (Little CMS, relative colorimetric with black-point compensation),
//! neutrals into black ink alone (no rich black in text or rules), every separation held
//! under the total ink limit; and greys for a grey interior.

use lcms2::{
    CIELab, CIEXYZ, Flags, GlobalContext, Intent, PixelFormat, Profile, Transform, XYZ2xyY,
};

use crate::spec::Standard;

/// A registered printing condition the CMYK is separated for, with the profile that
/// characterizes it (made from public measurement data: `assets/icc/README.md`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Condition {
    /// SWOP coated, grade 3 paper (CGATS TR 003): what IngramSpark and Lightning Source ask
    /// for; separated at 240 % total ink.
    SwopTr003,
    /// ISO 12647-2 coated paper (FOGRA39), the European offset standard; separated at 300 %.
    Fogra39,
}

impl Condition {
    /// The condition a standard's files name: PDF/X-1a for IngramSpark's SWOP, PDF/X-4 for
    /// offset's FOGRA39.
    pub fn for_standard(standard: Standard) -> Condition {
        match standard {
            Standard::X4 => Condition::Fogra39,
            Standard::None | Standard::X1a => Condition::SwopTr003,
        }
    }

    /// The identifier in the ICC's registry of characterized printing conditions.
    pub fn identifier(self) -> &'static str {
        match self {
            Condition::SwopTr003 => "CGATS TR 003",
            Condition::Fogra39 => "FOGRA39",
        }
    }

    /// A reader's description of the condition.
    pub fn description(self) -> &'static str {
        match self {
            Condition::SwopTr003 => "SWOP coated, grade 3 paper (CGATS TR 003-2007)",
            Condition::Fogra39 => "Offset, coated paper (ISO 12647-2:2004/Amd 1, FOGRA39)",
        }
    }

    /// The ICC output profile (CMYK, class `prtr`).
    pub fn profile(self) -> &'static [u8] {
        match self {
            Condition::SwopTr003 => include_bytes!("../../assets/icc/swop-tr003-240.icc"),
            Condition::Fogra39 => include_bytes!("../../assets/icc/fogra39-300.icc"),
        }
    }
}

/// Two colours this close are one (half a step of 8 bits).
const SAME: f64 = 0.5 / 255.0;
/// Ink under this share of a channel is no ink (a tint no press holds, and dirt in a white).
const NO_INK: f64 = 0.005;

/// sRGB colours separated for one printing condition under one total ink limit.
pub struct Separation {
    to_cmyk: Transform<[f64; 3], [f64; 4]>,
    /// The same for 8-bit samples, for pictures.
    samples: Transform<[u8; 3], [u8; 4]>,
    rgb_lab: Transform<[f64; 3], [f64; 3]>,
    cmyk_lab: Transform<[f64; 4], [f64; 3]>,
    /// The lightness (L*) black ink alone prints at 0 %, 1 %, … 100 %.
    black_ramp: Vec<f64>,
    /// The most ink, as a share (2.4 is 240 %).
    ink_limit: f64,
}

impl Separation {
    /// The separation for `condition` under `ink_limit` percent.
    pub fn new(condition: Condition, ink_limit: u32) -> Result<Separation, String> {
        let failed = |what: &str, e: lcms2::Error| format!("{what}: {e}");
        let cmyk = Profile::new_icc(condition.profile())
            .map_err(|e| failed("the CMYK output profile cannot be read", e))?;
        let srgb = Profile::new_srgb();
        let d50 = XYZ2xyY(CIEXYZ::d50());
        let lab = Profile::new_lab4_context(GlobalContext::new(), &d50)
            .map_err(|e| failed("no Lab profile", e))?;
        let bpc = Flags::BLACKPOINT_COMPENSATION;
        let to_cmyk = link(
            (&srgb, PixelFormat::RGB_DBL),
            (&cmyk, PixelFormat::CMYK_DBL),
            bpc,
        )?;
        let samples = link(
            (&srgb, PixelFormat::RGB_8),
            (&cmyk, PixelFormat::CMYK_8),
            bpc,
        )?;
        let none = Flags::default();
        let rgb_lab = link(
            (&srgb, PixelFormat::RGB_DBL),
            (&lab, PixelFormat::Lab_DBL),
            none,
        )?;
        let cmyk_lab = link(
            (&cmyk, PixelFormat::CMYK_DBL),
            (&lab, PixelFormat::Lab_DBL),
            none,
        )?;
        let mut separation = Separation {
            to_cmyk,
            samples,
            rgb_lab,
            cmyk_lab,
            black_ramp: Vec::new(),
            ink_limit: f64::from(ink_limit) / 100.0,
        };
        separation.black_ramp = (0..=100)
            .map(|k| {
                separation
                    .lab_of_cmyk([0.0, 0.0, 0.0, f64::from(k) / 100.0])
                    .L
            })
            .collect();
        Ok(separation)
    }

    /// The CMYK (each 0 to 1) that prints `rgb` (each 0 to 1): black ink alone for a neutral,
    /// else the profile's separation, held under the ink limit.
    pub fn cmyk(&self, rgb: [f64; 3]) -> [f64; 4] {
        if is_neutral(rgb) {
            return [0.0, 0.0, 0.0, self.black_for(self.lab_of_rgb(rgb).L)];
        }
        let mut out = [[0.0; 4]];
        self.to_cmyk.transform_pixels(&[rgb], &mut out);
        let ink = out[0].map(|percent| tidy((percent / 100.0).clamp(0.0, 1.0)));
        limit_ink(ink, self.ink_limit)
    }

    /// A picture's RGB samples (8 bits each) as CMYK samples: the profile's separation, the
    /// way a photograph is separated (its neutrals too), held under the ink limit.
    pub fn separate_samples(&self, rgb: &[u8]) -> Vec<u8> {
        let pixels: Vec<[u8; 3]> = rgb.chunks_exact(3).map(|p| [p[0], p[1], p[2]]).collect();
        let mut out = vec![[0u8; 4]; pixels.len()];
        self.samples.transform_pixels(&pixels, &mut out);
        let limit = (self.ink_limit * 255.0).floor() as u32;
        for pixel in &mut out {
            let total: u32 = pixel.iter().map(|&v| u32::from(v)).sum();
            if total > limit {
                let ink = pixel.map(|v| f64::from(v) / 255.0);
                let held = limit_ink(ink, self.ink_limit);
                *pixel = held.map(|v| (v * 255.0).floor() as u8);
            }
        }
        out.concat()
    }

    /// The black ink alone that prints at lightness `l` (the ramp read backwards).
    fn black_for(&self, l: f64) -> f64 {
        let ramp = &self.black_ramp;
        let (paper, darkest) = (ramp[0], ramp[ramp.len() - 1]);
        if l >= paper {
            return 0.0;
        }
        if l <= darkest {
            return 1.0;
        }
        let step = ramp
            .windows(2)
            .position(|w| l <= w[0] && l >= w[1])
            .unwrap_or(0);
        let (light, dark) = (ramp[step], ramp[step + 1]);
        let within = if light > dark {
            (light - l) / (light - dark)
        } else {
            0.0
        };
        tidy((step as f64 + within) / 100.0)
    }

    /// The sRGB colour's Lab (D50).
    pub fn lab_of_rgb(&self, rgb: [f64; 3]) -> CIELab {
        let mut out = [[0.0; 3]];
        self.rgb_lab.transform_pixels(&[rgb], &mut out);
        lab(out[0])
    }

    /// The Lab (D50) the condition prints `cmyk` (each 0 to 1) at.
    pub fn lab_of_cmyk(&self, cmyk: [f64; 4]) -> CIELab {
        let mut out = [[0.0; 3]];
        self.cmyk_lab
            .transform_pixels(&[cmyk.map(|ink| ink * 100.0)], &mut out);
        lab(out[0])
    }

    /// How far the printed colour is from the design's: CIEDE2000 between `rgb` on screen and
    /// its separation on paper (relative to the paper's white).
    pub fn delta_e(&self, rgb: [f64; 3]) -> f64 {
        use lcms2::CIELabExt;
        let design = self.lab_of_rgb(rgb);
        let printed = self.lab_of_cmyk(self.cmyk(rgb));
        design.cie2000_delta_e(&printed, 1.0, 1.0, 1.0)
    }
}

/// The relative colorimetric transform from one profile and pixel format to another.
fn link<F: Copy + lcms2::Pod, T: Copy + lcms2::Pod>(
    (from, from_format): (&Profile, PixelFormat),
    (to, to_format): (&Profile, PixelFormat),
    flags: Flags,
) -> Result<Transform<F, T>, String> {
    Transform::new_flags(
        from,
        from_format,
        to,
        to_format,
        Intent::RelativeColorimetric,
        flags,
    )
    .map_err(|e| format!("no colour transform from {from_format:?} to {to_format:?}: {e}"))
}

fn lab([l, a, b]: [f64; 3]) -> CIELab {
    CIELab { L: l, a, b }
}

/// Whether the three components are one grey.
pub fn is_neutral([r, g, b]: [f64; 3]) -> bool {
    (r - g).abs() <= SAME && (g - b).abs() <= SAME && (r - b).abs() <= SAME
}

/// The grey (0 black to 1 white) a grey interior prints `rgb` as: a neutral keeps its value;
/// a colour, its luminance (sRGB's weights, on linear light) in sRGB's encoding, so it looks
/// as light as it did.
pub fn grey_of(rgb: [f64; 3]) -> f64 {
    if is_neutral(rgb) {
        return rgb[1].clamp(0.0, 1.0);
    }
    let linear = rgb.map(|v| {
        let v = v.clamp(0.0, 1.0);
        if v <= 0.04045 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    });
    let y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
    let encoded = if y <= 0.003_130_8 {
        12.92 * y
    } else {
        1.055 * y.powf(1.0 / 2.4) - 0.055
    };
    (encoded * 1000.0).round() / 1000.0
}

/// A share of ink rounded to a thousandth, none under [`NO_INK`].
fn tidy(ink: f64) -> f64 {
    if ink < NO_INK {
        0.0
    } else {
        (ink * 1000.0).round() / 1000.0
    }
}

/// `ink` under `limit` (a share: 2.4 is 240 %): undercolour removal first (equal parts of
/// cyan, magenta and yellow become black), then cyan, magenta and yellow scaled down.
pub fn limit_ink(ink: [f64; 4], limit: f64) -> [f64; 4] {
    let [mut c, mut m, mut y, mut k] = ink;
    let total = c + m + y + k;
    if total <= limit + 1e-9 {
        return ink;
    }
    let removed = ((total - limit) / 2.0).min(c.min(m).min(y)).min(1.0 - k);
    (c, m, y, k) = (c - removed, m - removed, y - removed, k + removed);
    let colour = c + m + y;
    let over = c + m + y + k - limit;
    if over > 1e-9 && colour > 0.0 {
        let scale = ((colour - over) / colour).max(0.0);
        (c, m, y) = (c * scale, m * scale, y * scale);
    }
    let floor = |v: f64| (v * 1000.0).floor() / 1000.0;
    [floor(c), floor(m), floor(y), floor(k)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn swop() -> Separation {
        Separation::new(Condition::SwopTr003, 240).expect("the SWOP profile loads")
    }

    fn total(ink: [f64; 4]) -> f64 {
        ink.iter().sum()
    }

    #[test]
    fn white_is_no_ink_and_black_is_black_ink_alone() {
        let separation = swop();
        assert_eq!(separation.cmyk([1.0, 1.0, 1.0]), [0.0; 4]);
        assert_eq!(separation.cmyk([0.0, 0.0, 0.0]), [0.0, 0.0, 0.0, 1.0]);
        let mid = separation.cmyk([0.5, 0.5, 0.5]);
        assert_eq!(&mid[..3], &[0.0, 0.0, 0.0]);
        assert!((0.4..0.75).contains(&mid[3]), "{mid:?}");
    }

    /// sRGB colours and their CMYK through the same profile by ArgyllCMS instead of Little
    /// CMS: `collink -ir sRGB.icc assets/icc/swop-tr003-240.icc link.icc`, then `xicclu -s1
    /// link.icc` (relative colorimetric, without black-point compensation).
    const ARGYLL: [([f64; 3], [f64; 4]); 6] = [
        ([1.0, 0.0, 0.0], [0.0, 0.944, 1.0, 0.0]),
        ([0.0, 1.0, 0.0], [0.611, 0.0, 1.0, 0.0]),
        ([0.0, 0.0, 1.0], [1.0, 0.773, 0.0, 0.0]),
        ([0.957, 0.635, 0.380], [0.0, 0.406, 0.664, 0.054]),
        ([0.627, 0.322, 0.176], [0.0, 0.645, 0.896, 0.415]),
        ([0.149, 0.2745, 0.3255], [0.664, 0.134, 0.120, 0.798]),
    ];

    fn furthest(got: [f64; 4], want: [f64; 4]) -> f64 {
        got.iter()
            .zip(want)
            .map(|(g, w)| (g - w).abs())
            .fold(0.0, f64::max)
    }

    #[test]
    fn the_profile_separates_as_an_independent_colour_engine_does() {
        let cmyk = Profile::new_icc(Condition::SwopTr003.profile()).expect("profile");
        let plain: Transform<[f64; 3], [f64; 4]> = Transform::new(
            &Profile::new_srgb(),
            PixelFormat::RGB_DBL,
            &cmyk,
            PixelFormat::CMYK_DBL,
            Intent::RelativeColorimetric,
        )
        .expect("transform");
        for (rgb, want) in ARGYLL {
            let mut out = [[0.0; 4]];
            plain.transform_pixels(&[rgb], &mut out);
            let got = out[0].map(|v| v / 100.0);
            assert!(
                furthest(got, want) <= 0.04,
                "{rgb:?}: {got:?}, ArgyllCMS {want:?}"
            );
        }
        // The book's separation adds black-point compensation, which moves only dark colours:
        // the bright ones stay within a few percent of ArgyllCMS's.
        let separation = swop();
        for (rgb, want) in &ARGYLL[..4] {
            let got = separation.cmyk(*rgb);
            assert!(
                furthest(got, *want) <= 0.04,
                "{rgb:?}: {got:?}, ArgyllCMS {want:?}"
            );
        }
    }

    #[test]
    fn no_separation_passes_the_ink_limit() {
        let separation = swop();
        for r in 0..=8 {
            for g in 0..=8 {
                for b in 0..=8 {
                    let rgb = [r, g, b].map(|v| f64::from(v) / 8.0);
                    let ink = separation.cmyk(rgb);
                    assert!(total(ink) <= 2.4 + 1e-9, "{rgb:?} → {ink:?}");
                    assert!(ink.iter().all(|v| (0.0..=1.0).contains(v)));
                }
            }
        }
    }

    #[test]
    fn picture_samples_are_separated_under_the_limit() {
        let separation = swop();
        let mut rgb = Vec::new();
        for v in 0..=255u8 {
            rgb.extend_from_slice(&[v, v / 3, 255 - v, 0, 0, v, v, v, v]);
        }
        let cmyk = separation.separate_samples(&rgb);
        assert_eq!(cmyk.len(), rgb.len() / 3 * 4);
        for pixel in cmyk.chunks_exact(4) {
            let total: u32 = pixel.iter().map(|&v| u32::from(v)).sum();
            assert!(total <= 612, "{pixel:?}");
        }
        let white = separation.separate_samples(&[255, 255, 255]);
        assert!(white.iter().all(|&v| v <= 1), "{white:?}");
    }

    #[test]
    fn ink_over_the_limit_goes_to_black_first() {
        let limited = limit_ink([0.8, 0.7, 0.7, 0.6], 2.4);
        assert!(total(limited) <= 2.4 + 1e-9, "{limited:?}");
        assert!(limited[3] > 0.6);
        assert_eq!(limit_ink([0.2, 0.3, 0.4, 0.1], 2.4), [0.2, 0.3, 0.4, 0.1]);
        let no_common = limit_ink([1.0, 1.0, 0.0, 1.0], 2.4);
        assert!(total(no_common) <= 2.4 + 1e-9, "{no_common:?}");
    }

    #[test]
    fn a_printed_colour_inside_the_gamut_stays_close() {
        let separation = swop();
        // The default cover's deep teal and a muted brick red are inside SWOP's gamut (black-point
        // compensation lifts the teal's shadow a little: ΔE 3.3).
        for rgb in [[0x26, 0x46, 0x53], [0xa0, 0x52, 0x2d]] {
            let rgb = rgb.map(|v| f64::from(v) / 255.0);
            let delta = separation.delta_e(rgb);
            assert!(delta < 4.0, "{rgb:?}: ΔE {delta}");
        }
    }

    #[test]
    fn greys_keep_their_value_and_colours_their_lightness() {
        assert_eq!(grey_of([0.784, 0.784, 0.784]), 0.784);
        assert_eq!(grey_of([1.0, 1.0, 1.0]), 1.0);
        assert_eq!(grey_of([0.0, 0.0, 0.0]), 0.0);
        let green = grey_of([0.0, 1.0, 0.0]);
        let blue = grey_of([0.0, 0.0, 1.0]);
        assert!(green > 0.8 && blue < 0.4, "green {green}, blue {blue}");
    }

    #[test]
    fn the_fogra_profile_loads_and_separates() {
        let separation = Separation::new(Condition::Fogra39, 300).expect("FOGRA39 loads");
        let ink = separation.cmyk([0.9, 0.5, 0.1]);
        assert!(ink[1] > 0.3 && ink[2] > 0.8, "{ink:?}");
        assert!(total(separation.cmyk([0.1, 0.0, 0.3])) <= 3.0 + 1e-9);
    }
}

#[cfg(test)]
mod palette_tests {
    use super::*;
    use crate::layout::cover::palette::{Palette, hex};
    use crate::spec::Theme;

    /// Every colour a theme prints, by its role.
    fn colours(palette: &Palette) -> Vec<(&'static str, [u8; 3])> {
        let mut colours = vec![
            ("accent", palette.accent),
            ("paper", palette.paper),
            ("grid ink", palette.grid_ink),
            ("text", palette.text()),
        ];
        if let Some(background) = palette.background {
            colours.insert(0, ("background", background));
        }
        colours.extend(palette.tiles.iter().map(|&tile| ("tile", tile)));
        colours
    }

    /// The ΔE (CIEDE2000) of every theme colour under both conditions, printed as the table
    /// docs/PUBLISHING.md gives (`cargo test --lib palette_tests -- --nocapture`). The furthest
    /// are near-black text printed in black ink alone (7.3: paper's black is lighter than a
    /// screen's) and the minimal theme's deep red, outside SWOP's gamut (7.1); none passes 8.
    #[test]
    fn every_theme_colour_prints_close_to_its_design() {
        let conditions = [
            Separation::new(Condition::SwopTr003, 240).expect("SWOP"),
            Separation::new(Condition::Fogra39, 300).expect("FOGRA39"),
        ];
        println!("| theme | colour | sRGB | SWOP TR 003 CMYK | ΔE | FOGRA39 CMYK | ΔE |");
        println!("| --- | --- | --- | --- | ---: | --- | ---: |");
        for theme in Theme::ALL {
            let palette = Palette::of(theme, None, None);
            for (role, rgb) in colours(&palette) {
                let unit = rgb.map(|v| f64::from(v) / 255.0);
                let mut row = format!("| {theme:?} | {role} | {} |", hex(rgb));
                for separation in &conditions {
                    let ink = separation.cmyk(unit).map(|v| (v * 100.0).round());
                    let delta = separation.delta_e(unit);
                    row += &format!(
                        " {}/{}/{}/{} | {delta:.1} |",
                        ink[0], ink[1], ink[2], ink[3]
                    );
                    assert!(delta < 8.0, "{theme:?} {role} {}: ΔE {delta:.1}", hex(rgb));
                }
                println!("{row}");
            }
        }
    }
}
