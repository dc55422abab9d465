//! The PDF/X preflight: reads a written PDF back from its bytes and lists every rule of its
//! standard it breaks, page by page — version, encryption, ID, Info keys, the output intent,
//! XMP, the page boxes, annotations, colour operators and spaces, images, transparency, line
//! widths, the total ink of every CMYK colour and image sample, unembedded fonts. The build
//! refuses a file with any.

use lopdf::content::Content;
use lopdf::{Dictionary, Document, Object, ObjectId};

use super::pdfx::{Role, inherited, number, resolve as resolved};
use crate::spec::Standard;

/// The thinnest line a printer holds, in points.
pub const MIN_LINE_PT: f64 = 0.25;

/// What a file is checked against.
#[derive(Debug, Clone, Copy)]
pub struct Rules {
    pub standard: Standard,
    pub role: Role,
    /// The most ink on any spot, in percent.
    pub ink_limit: u32,
}

/// Every rule `bytes` breaks, each as `page N: reason` or a reason about the whole file; empty
/// when it passes.
pub fn preflight(bytes: &[u8], rules: &Rules) -> Vec<String> {
    let doc = match Document::load_mem(bytes) {
        Ok(doc) => doc,
        Err(error) => return vec![format!("the file cannot be read back: {error}")],
    };
    let mut faults = file_faults(&doc, rules);
    for (number, page) in doc.get_pages() {
        let mut page_faults = Vec::new();
        PageCheck {
            doc: &doc,
            rules,
            faults: &mut page_faults,
        }
        .run(page);
        page_faults.dedup();
        faults.extend(
            page_faults
                .into_iter()
                .map(|f| format!("page {number}: {f}")),
        );
    }
    faults
}

/// The rules about the whole file: version, encryption, ID, Info, output intent, XMP.
fn file_faults(doc: &Document, rules: &Rules) -> Vec<String> {
    let mut faults = Vec::new();
    let version_ok = match rules.standard {
        Standard::X4 => doc.version.as_str() <= "1.6",
        Standard::None | Standard::X1a => doc.version == "1.3",
    };
    if !version_ok {
        faults.push(format!("PDF version {} is not the standard's", doc.version));
    }
    if doc.trailer.has(b"Encrypt") {
        faults.push("the file is encrypted".into());
    }
    if doc.trailer.get(b"ID").and_then(Object::as_array).is_err() {
        faults.push("the trailer has no /ID".into());
    }
    faults.extend(info_faults(doc, rules));
    faults.extend(intent_faults(doc, rules));
    faults
}

fn text_of(dict: &Dictionary, key: &[u8]) -> Option<String> {
    dict.get(key)
        .ok()
        .and_then(|v| lopdf::decode_text_string(v).ok())
}

fn info_faults(doc: &Document, rules: &Rules) -> Vec<String> {
    let info = doc
        .trailer
        .get(b"Info")
        .and_then(Object::as_reference)
        .and_then(|id| doc.get_dictionary(id));
    let Ok(info) = info else {
        return vec!["the file has no Info dictionary".into()];
    };
    let mut faults = Vec::new();
    let (version, conformance) = match rules.standard {
        Standard::X4 => ("PDF/X-4", None),
        Standard::None | Standard::X1a => ("PDF/X-1:2001", Some("PDF/X-1a:2001")),
    };
    if text_of(info, b"GTS_PDFXVersion").as_deref() != Some(version) {
        faults.push(format!("Info /GTS_PDFXVersion is not ({version})"));
    }
    if let Some(conformance) = conformance
        && text_of(info, b"GTS_PDFXConformance").as_deref() != Some(conformance)
    {
        faults.push(format!("Info /GTS_PDFXConformance is not ({conformance})"));
    }
    let trapped = info.get(b"Trapped").and_then(Object::as_name).ok();
    if !matches!(trapped, Some(b"True" | b"False")) {
        faults.push("Info /Trapped is not /True or /False".into());
    }
    for key in ["Title", "CreationDate", "ModDate"] {
        if text_of(info, key.as_bytes()).is_none_or(|t| t.trim().is_empty()) {
            faults.push(format!("Info has no /{key}"));
        }
    }
    faults
}

fn intent_faults(doc: &Document, rules: &Rules) -> Vec<String> {
    let Ok(catalog) = doc.catalog() else {
        return vec!["the file has no catalog".into()];
    };
    let intents: Vec<&Dictionary> = catalog
        .get(b"OutputIntents")
        .map(|o| resolved(doc, o))
        .and_then(Object::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|o| resolved(doc, o).as_dict().ok())
                .collect()
        })
        .unwrap_or_default();
    let pdfx: Vec<&&Dictionary> = intents
        .iter()
        .filter(|d| d.get(b"S").and_then(Object::as_name).ok() == Some(b"GTS_PDFX"))
        .collect();
    let [intent] = pdfx.as_slice() else {
        return vec![format!("{} /GTS_PDFX output intents, not one", pdfx.len())];
    };
    let mut faults = Vec::new();
    if text_of(intent, b"OutputConditionIdentifier").is_none_or(|t| t.is_empty()) {
        faults.push("the output intent names no OutputConditionIdentifier".into());
    }
    let profile = intent
        .get(b"DestOutputProfile")
        .and_then(Object::as_reference)
        .and_then(|id| doc.get_object(id))
        .and_then(Object::as_stream);
    match (rules.standard, profile) {
        (Standard::X4, Err(_)) => faults.push("the output intent embeds no profile".into()),
        (_, Err(_)) if !intent.has(b"RegistryName") => {
            faults.push("the output intent has neither a profile nor a RegistryName".into())
        }
        (_, Ok(stream)) => {
            let data = stream
                .decompressed_content()
                .unwrap_or_else(|_| stream.content.clone());
            if data.get(12..16) != Some(b"prtr") || data.get(16..20) != Some(b"CMYK") {
                faults.push("the output intent's profile is not a CMYK output profile".into());
            }
        }
        _ => {}
    }
    if rules.standard == Standard::X4 && !catalog.has(b"Metadata") {
        faults.push("the catalog has no XMP /Metadata".into());
    }
    faults
}

/// The checks of one page.
struct PageCheck<'a> {
    doc: &'a Document,
    rules: &'a Rules,
    faults: &'a mut Vec<String>,
}

impl PageCheck<'_> {
    fn run(&mut self, page: ObjectId) {
        self.boxes(page);
        let resources = self.inherited(page, b"Resources");
        let resources = resources.as_ref().and_then(|r| r.as_dict().ok());
        for id in self.doc.get_page_contents(page) {
            self.content(id, resources);
        }
        if let Some(resources) = resources {
            self.resources(resources, 0);
        }
    }

    fn inherited(&self, page: ObjectId, key: &[u8]) -> Option<Object> {
        inherited(self.doc, page, key)
    }

    fn rect(&self, page: ObjectId, key: &[u8]) -> Option<[f64; 4]> {
        let value = self.inherited(page, key)?;
        let numbers: Vec<f64> = value.as_array().ok()?.iter().filter_map(number).collect();
        let [a, b, c, d] = numbers.as_slice() else {
            return None;
        };
        Some([a.min(*c), b.min(*d), a.max(*c), b.max(*d)])
    }

    fn boxes(&mut self, page: ObjectId) {
        let Some(media) = self.rect(page, b"MediaBox") else {
            self.faults.push("no MediaBox".into());
            return;
        };
        let trim = self
            .rect(page, b"TrimBox")
            .or_else(|| self.rect(page, b"ArtBox"));
        let Some(trim) = trim else {
            self.faults.push("no TrimBox".into());
            return;
        };
        let bleed = self.rect(page, b"BleedBox").unwrap_or(media);
        let inside = |a: [f64; 4], b: [f64; 4]| {
            a[0] >= b[0] - 0.01 && a[1] >= b[1] - 0.01 && a[2] <= b[2] + 0.01 && a[3] <= b[3] + 0.01
        };
        if !inside(trim, bleed) || !inside(bleed, media) {
            self.faults
                .push("the TrimBox is not inside the BleedBox inside the MediaBox".into());
        }
        if self
            .inherited(page, b"Annots")
            .is_some_and(|a| a.as_array().is_ok_and(|a| !a.is_empty()))
        {
            self.faults.push("annotations on the page".into());
        }
    }

    /// The operators of one content stream (a page's or a form's).
    fn content(&mut self, id: ObjectId, resources: Option<&Dictionary>) {
        let Ok(stream) = self.doc.get_object(id).and_then(Object::as_stream) else {
            self.faults.push("a content stream is missing".into());
            return;
        };
        let data = stream
            .decompressed_content()
            .unwrap_or_else(|_| stream.content.clone());
        let Ok(content) = Content::decode(&data) else {
            self.faults.push("a content stream cannot be read".into());
            return;
        };
        let mut scales = vec![1.0_f64];
        for operation in &content.operations {
            let values: Vec<f64> = operation.operands.iter().filter_map(number).collect();
            let shown = || {
                let mut words: Vec<String> = values.iter().map(|v| format!("{v:.3}")).collect();
                words.push(operation.operator.clone());
                words.join(" ")
            };
            match operation.operator.as_str() {
                "q" => scales.push(*scales.last().unwrap_or(&1.0)),
                "Q" if scales.len() > 1 => {
                    scales.pop();
                }
                "cm" if values.len() == 6 => {
                    let det = (values[0] * values[3] - values[1] * values[2]).abs().sqrt();
                    if let Some(scale) = scales.last_mut() {
                        *scale *= det;
                    }
                }
                "w" if values.len() == 1 => {
                    let width = values[0] * scales.last().copied().unwrap_or(1.0);
                    if width < MIN_LINE_PT - 1e-6 {
                        self.faults.push(format!(
                            "a line {width:.2} pt wide (the least is {MIN_LINE_PT} pt)"
                        ));
                    }
                }
                "rg" | "RG" => self.faults.push(format!("RGB colour ({})", shown())),
                "k" | "K" if values.len() == 4 => self.ink(&values, &shown()),
                "cs" | "CS" => self.colour_space_named(&operation.operands, resources),
                "sc" | "SC" | "scn" | "SCN" if values.len() == 3 => {
                    self.faults.push(format!("RGB colour ({})", shown()))
                }
                "gs" => self.graphics_state(&operation.operands, resources),
                "sh" | "BI" => self.faults.push(format!(
                    "a {} operator (shading or inline image)",
                    operation.operator
                )),
                _ => {}
            }
        }
    }

    /// A CMYK colour: no colour ink in a grey interior, no more ink than the limit.
    fn ink(&mut self, values: &[f64], shown: &str) {
        if !self.rules.role.cmyk() && values[..3].iter().any(|v| *v > 0.0) {
            self.faults
                .push(format!("colour ink in a grey interior ({shown})"));
        }
        let total = values.iter().sum::<f64>() * 100.0;
        if total > f64::from(self.rules.ink_limit) + 0.5 {
            self.faults.push(format!(
                "{total:.0} % ink ({shown}), over the limit of {} %",
                self.rules.ink_limit
            ));
        }
    }

    fn colour_space_named(&mut self, operands: &[Object], resources: Option<&Dictionary>) {
        let Some(Ok(name)) = operands.first().map(Object::as_name) else {
            return;
        };
        let space = match name {
            b"DeviceGray" | b"DeviceCMYK" | b"DeviceRGB" | b"Pattern" => {
                Object::Name(name.to_vec())
            }
            _ => {
                let found = resources
                    .and_then(|r| r.get(b"ColorSpace").ok())
                    .map(|o| resolved(self.doc, o))
                    .and_then(|o| o.as_dict().ok())
                    .and_then(|d| d.get(name).ok())
                    .map(|o| resolved(self.doc, o).clone());
                found.unwrap_or(Object::Null)
            }
        };
        if let Some(fault) = self.space_fault(&space) {
            self.faults.push(fault);
        }
    }

    /// What is wrong with a colour space, if anything.
    fn space_fault(&self, space: &Object) -> Option<String> {
        let family = match space {
            Object::Name(name) => name.clone(),
            Object::Array(parts) => parts
                .first()
                .and_then(|p| p.as_name().ok())
                .map(<[u8]>::to_vec)
                .unwrap_or_default(),
            _ => b"unknown".to_vec(),
        };
        let family = String::from_utf8_lossy(&family).into_owned();
        match family.as_str() {
            "DeviceGray" => None,
            "DeviceCMYK" if self.rules.role.cmyk() => None,
            "DeviceCMYK" => Some("a CMYK colour space in a grey interior".into()),
            "DeviceRGB" | "CalRGB" => Some(format!("the RGB colour space {family}")),
            "ICCBased" | "Lab" | "CalGray" if self.rules.standard != Standard::X4 => Some(format!(
                "the colour space {family}, which PDF/X-1a does not allow"
            )),
            "Indexed" => match space {
                Object::Array(parts) => parts
                    .get(1)
                    .and_then(|base| self.space_fault(resolved(self.doc, base))),
                _ => None,
            },
            _ if self.rules.standard == Standard::X4 => None,
            other => Some(format!("the colour space {other}")),
        }
    }

    fn graphics_state(&mut self, operands: &[Object], resources: Option<&Dictionary>) {
        let Some(Ok(name)) = operands.first().map(Object::as_name) else {
            return;
        };
        let state = resources
            .and_then(|r| r.get(b"ExtGState").ok())
            .map(|o| resolved(self.doc, o))
            .and_then(|o| o.as_dict().ok())
            .and_then(|d| d.get(name).ok())
            .map(|o| resolved(self.doc, o))
            .and_then(|o| o.as_dict().ok());
        let Some(state) = state else {
            return;
        };
        if self.rules.standard != Standard::X1a {
            return;
        }
        for key in [&b"CA"[..], b"ca"] {
            if state
                .get(key)
                .ok()
                .and_then(number)
                .is_some_and(|a| a < 1.0)
            {
                self.faults
                    .push("transparency (a constant alpha below 1)".into());
            }
        }
        let soft_mask = state.get(b"SMask").ok();
        if soft_mask.is_some_and(|m| m.as_name().ok() != Some(b"None")) {
            self.faults.push("transparency (a soft mask)".into());
        }
        let blend = state.get(b"BM").ok().and_then(|b| b.as_name().ok());
        if blend.is_some_and(|b| b != b"Normal" && b != b"Compatible") {
            self.faults.push("transparency (a blend mode)".into());
        }
    }

    /// Images, forms and fonts of the resources (forms' own, `depth` forms deep).
    fn resources(&mut self, resources: &Dictionary, depth: usize) {
        let sub = |key: &[u8]| {
            resources
                .get(key)
                .ok()
                .map(|o| resolved(self.doc, o))
                .and_then(|o| o.as_dict().ok())
        };
        if let Some(fonts) = sub(b"Font") {
            for (_, font) in fonts.iter() {
                if let Ok(font) = resolved(self.doc, font).as_dict() {
                    self.font(font);
                }
            }
        }
        let Some(xobjects) = sub(b"XObject") else {
            return;
        };
        for (_, object) in xobjects.iter() {
            let Ok(id) = object.as_reference() else {
                continue;
            };
            let Ok(stream) = self.doc.get_object(id).and_then(Object::as_stream) else {
                continue;
            };
            match stream.dict.get(b"Subtype").and_then(Object::as_name) {
                Ok(b"Image") => self.image(stream),
                Ok(b"Form") if depth < 8 => {
                    if self.rules.standard == Standard::X1a && stream.dict.has(b"Group") {
                        self.faults.push("a transparency group".into());
                    }
                    let own = stream
                        .dict
                        .get(b"Resources")
                        .ok()
                        .map(|o| resolved(self.doc, o))
                        .and_then(|o| o.as_dict().ok());
                    self.content(id, own.or(Some(resources)));
                    if let Some(own) = own {
                        self.resources(own, depth + 1);
                    }
                }
                _ => {}
            }
        }
    }

    fn image(&mut self, image: &lopdf::Stream) {
        let space = image
            .dict
            .get(b"ColorSpace")
            .map(|o| resolved(self.doc, o).clone())
            .unwrap_or(Object::Null);
        if let Some(fault) = self.space_fault(&space) {
            self.faults.push(format!("an image in {fault}"));
        }
        if self.rules.standard == Standard::X1a && image.dict.has(b"SMask") {
            self.faults
                .push("an image with a soft mask (transparency)".into());
        }
        if space.as_name().ok() == Some(b"DeviceCMYK") {
            self.image_ink(image);
        }
    }

    /// The most ink of any sample of a CMYK image.
    fn image_ink(&mut self, image: &lopdf::Stream) {
        if image
            .dict
            .get(b"BitsPerComponent")
            .and_then(Object::as_i64)
            .unwrap_or(8)
            != 8
        {
            return;
        }
        let Ok(samples) = image.decompressed_content() else {
            if image.dict.has(b"Filter") {
                self.faults
                    .push("a CMYK image whose ink cannot be measured".into());
            }
            return;
        };
        let most = samples
            .chunks_exact(4)
            .map(|p| p.iter().map(|&v| u32::from(v)).sum::<u32>())
            .max()
            .unwrap_or(0);
        let percent = f64::from(most) * 100.0 / 255.0;
        if percent > f64::from(self.rules.ink_limit) + 0.5 {
            self.faults.push(format!(
                "an image with {percent:.0} % ink, over the limit of {} %",
                self.rules.ink_limit
            ));
        }
    }

    fn font(&mut self, font: &Dictionary) {
        let name = font
            .get(b"BaseFont")
            .and_then(Object::as_name)
            .map(|n| String::from_utf8_lossy(n).into_owned())
            .unwrap_or_else(|_| "a font".into());
        let subtype = font
            .get(b"Subtype")
            .and_then(Object::as_name)
            .unwrap_or(b"");
        let described = if subtype == b"Type0" {
            font.get(b"DescendantFonts")
                .map(|o| resolved(self.doc, o))
                .and_then(Object::as_array)
                .ok()
                .and_then(|a| a.first())
                .map(|o| resolved(self.doc, o))
                .and_then(|o| o.as_dict().ok())
        } else {
            Some(font)
        };
        if subtype == b"Type3" {
            return;
        }
        let embedded = described
            .and_then(|d| d.get(b"FontDescriptor").ok())
            .map(|o| resolved(self.doc, o))
            .and_then(|o| o.as_dict().ok())
            .is_some_and(|d| d.has(b"FontFile") || d.has(b"FontFile2") || d.has(b"FontFile3"));
        if !embedded {
            self.faults.push(format!("the font {name} is not embedded"));
        }
    }
}

#[cfg(test)]
mod tests {
    use lopdf::{Stream, dictionary};

    use super::*;
    use crate::print::colour::{Condition, Separation};
    use crate::print::pdfx::{Target, make_pdfx};

    /// A plain one-page PDF (a 6×9 in page) drawing `content`, as a writer without PDF/X
    /// would.
    fn plain(content: &str) -> Vec<u8> {
        let mut doc = Document::with_version("1.7");
        let pages = doc.new_object_id();
        let content = doc.add_object(Stream::new(dictionary! {}, content.as_bytes().to_vec()));
        let page = doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages,
            "MediaBox" => vec![0.into(), 0.into(), 432.into(), 648.into()],
            "Contents" => content,
            "Resources" => dictionary! {},
        });
        doc.objects.insert(
            pages,
            Object::Dictionary(dictionary! {
                "Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1,
            }),
        );
        let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages });
        doc.trailer.set("Root", catalog);
        let info = doc.add_object(dictionary! {
            "Title" => Object::string_literal("Test"),
        });
        doc.trailer.set("Info", info);
        doc.trailer.set(
            "ID",
            vec![
                Object::string_literal("0123"),
                Object::string_literal("0123"),
            ],
        );
        let mut bytes = Vec::new();
        doc.save_to(&mut bytes).expect("saved");
        bytes
    }

    fn made(content: &str, standard: Standard, role: Role) -> Vec<u8> {
        let condition = Condition::for_standard(standard);
        let separation = Separation::new(condition, 240).expect("profile");
        let target = Target {
            standard,
            role,
            separation: &separation,
            condition,
            date: Some(1_780_000_000),
        };
        make_pdfx(&plain(content), &target).expect("made PDF/X")
    }

    const GREY: Role = Role::Interior { colour: false };

    fn rules(standard: Standard, role: Role) -> Rules {
        Rules {
            standard,
            role,
            ink_limit: 240,
        }
    }

    /// `bytes` with the page's content replaced by `content` (compliance otherwise kept).
    fn with_content(bytes: &[u8], content: &str) -> Vec<u8> {
        edited(bytes, |doc, page| {
            let id = doc.add_object(Stream::new(dictionary! {}, content.as_bytes().to_vec()));
            doc.get_dictionary_mut(page)
                .expect("page")
                .set("Contents", id);
        })
    }

    fn edited(bytes: &[u8], edit: impl FnOnce(&mut Document, ObjectId)) -> Vec<u8> {
        let mut doc = Document::load_mem(bytes).expect("a PDF");
        let page = *doc.get_pages().values().next().expect("a page");
        edit(&mut doc, page);
        let mut out = Vec::new();
        doc.save_to(&mut out).expect("saved");
        out
    }

    /// The decoded content of the first page.
    fn page_text(bytes: &[u8]) -> String {
        let doc = Document::load_mem(bytes).expect("a PDF");
        let page = *doc.get_pages().values().next().expect("a page");
        let stream = doc
            .get_page_contents(page)
            .into_iter()
            .filter_map(|id| doc.get_object(id).and_then(Object::as_stream).ok())
            .filter_map(|s| s.decompressed_content().ok())
            .flatten()
            .collect::<Vec<u8>>();
        String::from_utf8_lossy(&stream).into_owned()
    }

    fn faults(bytes: &[u8], standard: Standard, role: Role) -> Vec<String> {
        preflight(bytes, &rules(standard, role))
    }

    const DRAWING: &str =
        "1 w 0.784 0.784 0.784 rg 10 10 100 100 re f 0 0 0 RG 10 10 m 200 200 l S";

    #[test]
    fn a_made_interior_passes_and_its_rgb_greys_are_grey() {
        let bytes = made(DRAWING, Standard::X1a, GREY);
        assert_eq!(faults(&bytes, Standard::X1a, GREY), Vec::<String>::new());
        let text = page_text(&bytes);
        assert!(text.contains("0.784 g") && text.contains("0 G"), "{text}");
        assert!(!text.contains("rg") && !text.contains("RG"), "{text}");
    }

    #[test]
    fn a_made_cover_passes_in_cmyk_with_black_as_black_ink_alone() {
        let bytes = made(
            "0.114 0.208 0.341 rg 0 0 432 648 re f 0 g 0 0 m 9 9 l S",
            Standard::X1a,
            Role::Cover,
        );
        assert_eq!(
            faults(&bytes, Standard::X1a, Role::Cover),
            Vec::<String>::new()
        );
        let text = page_text(&bytes);
        assert!(text.contains("0 0 0 1 k"), "{text}");
        assert!(text.contains(" k") && !text.contains("rg"), "{text}");
    }

    #[test]
    fn a_made_pdfx_4_passes_with_its_profile_and_metadata() {
        let bytes = made(DRAWING, Standard::X4, GREY);
        assert_eq!(faults(&bytes, Standard::X4, GREY), Vec::<String>::new());
        // The same file is not X-1a: its version and Info keys say X-4.
        let as_x1a = faults(&bytes, Standard::X1a, GREY);
        assert!(
            as_x1a.iter().any(|f| f.contains("PDF version 1.6")),
            "{as_x1a:?}"
        );
        assert!(
            as_x1a.iter().any(|f| f.contains("GTS_PDFXVersion")),
            "{as_x1a:?}"
        );
    }

    #[test]
    fn a_plain_pdf_is_refused_for_each_missing_piece() {
        let found = faults(&plain(DRAWING), Standard::X1a, GREY);
        for expected in [
            "PDF version 1.7",
            "Info /GTS_PDFXVersion is not (PDF/X-1:2001)",
            "Info /Trapped",
            "Info has no /CreationDate",
            "0 /GTS_PDFX output intents, not one",
            "page 1: no TrimBox",
            "page 1: RGB colour (0.784 0.784 0.784 rg)",
        ] {
            assert!(
                found.iter().any(|f| f.contains(expected)),
                "{expected}: {found:?}"
            );
        }
    }

    #[test]
    fn each_colour_fault_is_named_with_its_page() {
        let base = made(DRAWING, Standard::X1a, GREY);
        let cases = [
            (
                "1 0 0 rg",
                GREY,
                "page 1: RGB colour (1.000 0.000 0.000 rg)",
            ),
            (
                "0.2 0 0 0 k",
                GREY,
                "page 1: colour ink in a grey interior (0.200 0.000 0.000 0.000 k)",
            ),
            (
                "0.9 0.9 0.9 0.9 K",
                Role::Cover,
                "page 1: 360 % ink (0.900 0.900 0.900 0.900 K), over the limit of 240 %",
            ),
            (
                "/DeviceRGB cs",
                GREY,
                "page 1: the RGB colour space DeviceRGB",
            ),
            (
                "/DeviceCMYK CS",
                GREY,
                "page 1: a CMYK colour space in a grey interior",
            ),
            (
                "0.1 w",
                GREY,
                "page 1: a line 0.10 pt wide (the least is 0.25 pt)",
            ),
            (
                "q 0.2 0 0 0.2 0 0 cm 1 w Q",
                GREY,
                "page 1: a line 0.20 pt wide",
            ),
        ];
        for (content, role, expected) in cases {
            let found = faults(&with_content(&base, content), Standard::X1a, role);
            assert!(
                found.iter().any(|f| f.starts_with(expected)),
                "{content}: {found:?}"
            );
        }
        let fine = with_content(&base, "q 4 0 0 4 0 0 cm 0.1 w Q 0.5 g 0 0 0 1 K");
        assert_eq!(faults(&fine, Standard::X1a, GREY), Vec::<String>::new());
    }

    #[test]
    fn transparency_images_fonts_and_annotations_are_refused() {
        let base = made(DRAWING, Standard::X1a, GREY);
        let with_resources = |resources: Dictionary, content: &str| {
            let bytes = with_content(&base, content);
            edited(&bytes, |doc, page| {
                doc.get_dictionary_mut(page)
                    .expect("page")
                    .set("Resources", resources);
            })
        };
        let alpha = with_resources(
            dictionary! { "ExtGState" => dictionary! { "GS1" => dictionary! { "ca" => 0.5 } } },
            "/GS1 gs",
        );
        let found = faults(&alpha, Standard::X1a, GREY);
        assert!(
            found.contains(&"page 1: transparency (a constant alpha below 1)".to_string()),
            "{found:?}"
        );
        assert_eq!(
            faults(&alpha, Standard::X4, GREY)
                .iter()
                .filter(|f| f.contains("transparency"))
                .count(),
            0
        );
        let font = with_resources(
            dictionary! { "Font" => dictionary! { "F1" => dictionary! {
                "Type" => "Font", "Subtype" => "TrueType", "BaseFont" => "Helvetica",
            } } },
            "",
        );
        let found = faults(&font, Standard::X1a, GREY);
        assert!(
            found.contains(&"page 1: the font Helvetica is not embedded".to_string()),
            "{found:?}"
        );
        let image = edited(&base, |doc, page| {
            let image = doc.add_object(Stream::new(
                dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 1, "Height" => 1,
                    "ColorSpace" => "DeviceRGB", "BitsPerComponent" => 8 },
                vec![255, 0, 0],
            ));
            let resources = dictionary! { "XObject" => dictionary! { "Im1" => image } };
            doc.get_dictionary_mut(page)
                .expect("page")
                .set("Resources", resources);
        });
        let found = faults(&image, Standard::X1a, GREY);
        assert!(
            found.contains(&"page 1: an image in the RGB colour space DeviceRGB".to_string()),
            "{found:?}"
        );
        let annotated = edited(&base, |doc, page| {
            let annotation = doc.add_object(dictionary! { "Type" => "Annot", "Subtype" => "Text" });
            doc.get_dictionary_mut(page)
                .expect("page")
                .set("Annots", vec![annotation.into()]);
        });
        assert!(
            faults(&annotated, Standard::X1a, GREY)
                .contains(&"page 1: annotations on the page".to_string())
        );
        let outside = edited(&base, |doc, page| {
            let trim = vec![0.into(), 0.into(), 500.into(), 648.into()];
            doc.get_dictionary_mut(page)
                .expect("page")
                .set("TrimBox", trim);
        });
        let found = faults(&outside, Standard::X1a, GREY);
        assert!(
            found.iter().any(|f| f.contains("TrimBox is not inside")),
            "{found:?}"
        );
    }

    #[test]
    fn images_are_made_grey_or_separated_and_their_ink_measured() {
        let base = plain("q 100 0 0 100 0 0 cm /Im1 Do Q");
        let with_image = edited(&base, |doc, page| {
            let image = doc.add_object(Stream::new(
                dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 2, "Height" => 1,
                    "ColorSpace" => "DeviceRGB", "BitsPerComponent" => 8 },
                vec![0, 0, 0, 200, 30, 30],
            ));
            let resources = dictionary! { "XObject" => dictionary! { "Im1" => image } };
            doc.get_dictionary_mut(page)
                .expect("page")
                .set("Resources", resources);
        });
        let separation = Separation::new(Condition::SwopTr003, 240).expect("profile");
        for role in [GREY, Role::Cover] {
            let target = Target {
                standard: Standard::X1a,
                role,
                separation: &separation,
                condition: Condition::SwopTr003,
                date: None,
            };
            let bytes = make_pdfx(&with_image, &target).expect("made");
            assert_eq!(
                faults(&bytes, Standard::X1a, role),
                Vec::<String>::new(),
                "{role:?}"
            );
        }
        let rich = edited(&made("", Standard::X1a, Role::Cover), |doc, page| {
            let image = doc.add_object(Stream::new(
                dictionary! { "Type" => "XObject", "Subtype" => "Image", "Width" => 1, "Height" => 1,
                    "ColorSpace" => "DeviceCMYK", "BitsPerComponent" => 8 },
                vec![255, 255, 255, 255],
            ));
            let resources = dictionary! { "XObject" => dictionary! { "Im1" => image } };
            doc.get_dictionary_mut(page)
                .expect("page")
                .set("Resources", resources);
        });
        let found = faults(&rich, Standard::X1a, Role::Cover);
        assert!(
            found.contains(&"page 1: an image with 400 % ink, over the limit of 240 %".to_string()),
            "{found:?}"
        );
    }
}
