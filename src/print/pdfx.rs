//! A finished PDF made PDF/X: its colour operators and images turned grey (an interior) or
//! separated into CMYK (a cover, or a colour interior), every page given its BleedBox, and the
//! scaffolding the standard asks for — the PDF version, the Info keys, the output intent
//! (with the profile embedded for PDF/X-4) and, for PDF/X-4, XMP metadata.

use std::collections::BTreeSet;
use std::io::Write as _;

use lopdf::content::{Content, Operation};
use lopdf::{Dictionary, Document, Object, ObjectId, Stream, StringFormat};

use super::colour::{Condition, Separation, grey_of};
use crate::spec::Standard;

/// What a PDF is: the book's pages or its cover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The interior: grey only, unless the book prints in colour.
    Interior { colour: bool },
    /// The wrap cover: CMYK only.
    Cover,
}

impl Role {
    /// Whether its colours are separated into CMYK (else made grey).
    pub fn cmyk(self) -> bool {
        matches!(self, Role::Cover | Role::Interior { colour: true })
    }

    /// The name the preflight's messages use.
    pub fn file(self) -> &'static str {
        match self {
            Role::Interior { .. } => "book.pdf",
            Role::Cover => "cover.pdf",
        }
    }
}

/// What a PDF is made into.
pub struct Target<'a> {
    pub standard: Standard,
    pub role: Role,
    /// The separation for the condition (used when the role is CMYK).
    pub separation: &'a Separation,
    pub condition: Condition,
    /// The book's date, seconds since 1970 (`None`: 1 January 1970, as printpdf dates a
    /// document without one; PDF/X needs a date).
    pub date: Option<i64>,
}

/// Why a PDF could not be made PDF/X.
#[derive(Debug, thiserror::Error)]
#[error("{file} cannot be made {standard}: {message}")]
pub struct PdfxError {
    pub file: &'static str,
    pub standard: &'static str,
    pub message: String,
}

/// `bytes` (a PDF this tool wrote) made `target`'s standard.
pub fn make_pdfx(bytes: &[u8], target: &Target) -> Result<Vec<u8>, PdfxError> {
    let fail = |message: String| PdfxError {
        file: target.role.file(),
        standard: target.standard.name(),
        message,
    };
    let mut doc = Document::load_mem(bytes).map_err(|e| fail(format!("unreadable PDF: {e}")))?;
    doc.version = match target.standard {
        Standard::X4 => "1.6".to_string(),
        Standard::None | Standard::X1a => "1.3".to_string(),
    };
    let pages: Vec<ObjectId> = doc.get_pages().into_values().collect();
    let mut converted = BTreeSet::new();
    for page in &pages {
        set_boxes(&mut doc, *page).map_err(&fail)?;
        for id in doc.get_page_contents(*page) {
            if converted.insert(id) {
                convert_content(&mut doc, id, target).map_err(&fail)?;
            }
        }
        for id in images(&doc, *page) {
            if converted.insert(id) {
                convert_image(&mut doc, id, target).map_err(&fail)?;
            }
        }
    }
    set_info(&mut doc, target).map_err(&fail)?;
    set_output_intent(&mut doc, target).map_err(&fail)?;
    let mut out = Vec::with_capacity(bytes.len());
    doc.save_to(&mut out)
        .map_err(|e| fail(format!("cannot be written: {e}")))?;
    Ok(out)
}

/// The page's BleedBox is its MediaBox; its TrimBox stays (the MediaBox when it has none).
fn set_boxes(doc: &mut Document, page: ObjectId) -> Result<(), String> {
    let media = inherited(doc, page, b"MediaBox").ok_or("a page has no MediaBox")?;
    let dict = doc
        .get_dictionary_mut(page)
        .map_err(|e| format!("a page is not a dictionary: {e}"))?;
    if !dict.has(b"TrimBox") {
        dict.set("TrimBox", media.clone());
    }
    dict.set("BleedBox", media.clone());
    dict.set("MediaBox", media);
    Ok(())
}

/// A page attribute, from the page or the page tree above it.
pub(super) fn inherited(doc: &Document, page: ObjectId, key: &[u8]) -> Option<Object> {
    let mut id = page;
    for _ in 0..64 {
        let dict = doc.get_dictionary(id).ok()?;
        if let Ok(value) = dict.get(key) {
            return Some(resolve(doc, value).clone());
        }
        id = dict.get(b"Parent").and_then(Object::as_reference).ok()?;
    }
    None
}

/// The object `object` refers to (itself when it is not a reference).
pub(super) fn resolve<'a>(doc: &'a Document, object: &'a Object) -> &'a Object {
    match object {
        Object::Reference(id) => doc.get_object(*id).unwrap_or(object),
        _ => object,
    }
}

/// The image XObjects the page's resources name.
fn images(doc: &Document, page: ObjectId) -> Vec<ObjectId> {
    let Some(resources) = inherited(doc, page, b"Resources") else {
        return Vec::new();
    };
    let Ok(resources) = resources.as_dict() else {
        return Vec::new();
    };
    let Ok(xobjects) = resources.get(b"XObject").map(|x| resolve(doc, x)) else {
        return Vec::new();
    };
    let Ok(xobjects) = xobjects.as_dict() else {
        return Vec::new();
    };
    xobjects
        .iter()
        .filter_map(|(_, value)| value.as_reference().ok())
        .filter(|id| {
            doc.get_object(*id)
                .and_then(Object::as_stream)
                .is_ok_and(|s| {
                    s.dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Image")
                })
        })
        .collect()
}

/// Rewrites the colour operators of one content stream.
fn convert_content(doc: &mut Document, id: ObjectId, target: &Target) -> Result<(), String> {
    let stream = doc
        .get_object_mut(id)
        .and_then(Object::as_stream_mut)
        .map_err(|e| format!("a page's content is not a stream: {e}"))?;
    let data = stream
        .decompressed_content()
        .map_err(|e| format!("a content stream cannot be decoded: {e}"))?;
    let mut content =
        Content::decode(&data).map_err(|e| format!("a content stream cannot be read: {e}"))?;
    for operation in &mut content.operations {
        recolour(operation, target);
    }
    let encoded = content
        .encode()
        .map_err(|e| format!("a content stream cannot be written: {e}"))?;
    stream.dict.remove(b"Filter");
    stream.dict.remove(b"DecodeParms");
    stream.set_plain_content(encoded);
    stream
        .compress()
        .map_err(|e| format!("a content stream cannot be compressed: {e}"))
}

/// One colour operator in the target's colour: RGB and grey become CMYK for a CMYK role, RGB
/// and black ink become grey for a grey one.
fn recolour(operation: &mut Operation, target: &Target) {
    let stroke = operation
        .operator
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_uppercase());
    let values: Vec<f64> = operation.operands.iter().filter_map(number).collect();
    if values.len() != operation.operands.len() {
        return;
    }
    let colour = match (
        operation.operator.to_ascii_lowercase().as_str(),
        values.as_slice(),
    ) {
        ("rg", &[r, g, b]) => Paint::Rgb([r, g, b]),
        ("g", &[g]) => Paint::Grey(g),
        ("k", &[c, m, y, k]) => Paint::Cmyk([c, m, y, k]),
        _ => return,
    };
    let (operator, operands) = if target.role.cmyk() {
        ("k", colour.cmyk(target.separation).to_vec())
    } else {
        match colour.grey() {
            Some(grey) => ("g", vec![grey]),
            None => return,
        }
    };
    let operator = if stroke {
        operator.to_ascii_uppercase()
    } else {
        operator.to_string()
    };
    *operation = Operation::new(&operator, operands.into_iter().map(real).collect());
}

/// A colour as a content stream sets it.
enum Paint {
    Rgb([f64; 3]),
    Grey(f64),
    Cmyk([f64; 4]),
}

impl Paint {
    /// Its CMYK: RGB separated, grey as black ink alone, CMYK as it is.
    fn cmyk(&self, separation: &Separation) -> [f64; 4] {
        match *self {
            Paint::Rgb(rgb) => separation.cmyk(rgb),
            Paint::Grey(g) => [0.0, 0.0, 0.0, round(1.0 - g.clamp(0.0, 1.0))],
            Paint::Cmyk(ink) => ink,
        }
    }

    /// Its grey, when it has one: RGB by its lightness, black ink alone as its grey (CMYK with
    /// colour inks has none: the preflight refuses it).
    fn grey(&self) -> Option<f64> {
        match *self {
            Paint::Rgb(rgb) => Some(grey_of(rgb)),
            Paint::Grey(g) => Some(g),
            Paint::Cmyk([0.0, 0.0, 0.0, k]) => Some(round(1.0 - k)),
            Paint::Cmyk(_) => None,
        }
    }
}

/// A number operand's value.
pub(super) fn number(object: &Object) -> Option<f64> {
    match object {
        Object::Integer(i) => Some(*i as f64),
        Object::Real(r) => Some(f64::from(*r)),
        _ => None,
    }
}

fn round(value: f64) -> f64 {
    (value * 1000.0).round() / 1000.0
}

/// A number operand: an integer when it is one (0 and 1 most often).
fn real(value: f64) -> Object {
    if value == value.trunc() {
        Object::Integer(value as i64)
    } else {
        Object::Real(value as f32)
    }
}

/// Rewrites an image XObject in the target's colour: RGB pixels made grey or separated, an
/// alpha mask flattened onto white paper (PDF/X-1a has no transparency).
fn convert_image(doc: &mut Document, id: ObjectId, target: &Target) -> Result<(), String> {
    let (dict, pixels) = decoded_image(doc, id)?;
    let space = dict
        .get(b"ColorSpace")
        .and_then(Object::as_name)
        .unwrap_or(b"");
    let channels = match space {
        b"DeviceRGB" => 3,
        b"DeviceGray" => 1,
        b"DeviceCMYK" => return Ok(()),
        other => {
            return Err(format!(
                "an image in the colour space {} cannot be converted",
                String::from_utf8_lossy(other)
            ));
        }
    };
    if dict
        .get(b"BitsPerComponent")
        .and_then(Object::as_i64)
        .unwrap_or(8)
        != 8
    {
        return Err("an image of other than 8 bits a channel cannot be converted".into());
    }
    let alpha = match dict.get(b"SMask").and_then(Object::as_reference) {
        Ok(mask) => Some(decoded_image(doc, mask)?.1),
        Err(_) => None,
    };
    let rgb = flatten(&pixels, channels, alpha.as_deref());
    let (space, data) = if target.role.cmyk() {
        ("DeviceCMYK", target.separation.separate_samples(&rgb))
    } else {
        ("DeviceGray", grey_pixels(&rgb))
    };
    let mut image = dict;
    image.remove(b"SMask");
    image.remove(b"Filter");
    image.remove(b"DecodeParms");
    image.remove(b"Decode");
    image.set("ColorSpace", Object::Name(space.as_bytes().to_vec()));
    let mut stream = Stream::new(image, data);
    stream
        .compress()
        .map_err(|e| format!("an image cannot be compressed: {e}"))?;
    doc.objects.insert(id, Object::Stream(stream));
    Ok(())
}

/// An image's dictionary and its decoded samples.
fn decoded_image(doc: &Document, id: ObjectId) -> Result<(Dictionary, Vec<u8>), String> {
    let stream = doc
        .get_object(id)
        .and_then(Object::as_stream)
        .map_err(|e| format!("an image is not a stream: {e}"))?;
    let filter = stream.dict.get(b"Filter").and_then(Object::as_name).ok();
    let pixels = match filter {
        Some(b"DCTDecode") => decode_jpeg(&stream.content)?,
        None => stream.content.clone(),
        Some(_) => stream
            .decompressed_content()
            .map_err(|e| format!("an image cannot be decoded: {e}"))?,
    };
    Ok((stream.dict.clone(), pixels))
}

/// A JPEG's samples (RGB or grey, as it holds them).
fn decode_jpeg(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut warnings = Vec::new();
    let image = printpdf::RawImage::decode_from_bytes(bytes, &mut warnings)
        .map_err(|e| format!("a JPEG image cannot be decoded: {e}"))?;
    match image.pixels {
        printpdf::RawImageData::U8(pixels) => Ok(pixels),
        _ => Err("a JPEG image of more than 8 bits a channel".into()),
    }
}

/// RGB samples of `pixels` (grey or RGB), composited over white by `alpha` when it has one.
fn flatten(pixels: &[u8], channels: usize, alpha: Option<&[u8]>) -> Vec<u8> {
    let count = pixels.len() / channels;
    let mut rgb = Vec::with_capacity(count * 3);
    for i in 0..count {
        let sample = &pixels[i * channels..(i + 1) * channels];
        let a = alpha.and_then(|a| a.get(i)).map_or(255, |&a| u32::from(a));
        for c in 0..3 {
            let v = u32::from(sample[c.min(channels - 1)]);
            rgb.push(((v * a + 255 * (255 - a) + 127) / 255) as u8);
        }
    }
    rgb
}

fn grey_pixels(rgb: &[u8]) -> Vec<u8> {
    rgb.chunks_exact(3)
        .map(|p| {
            let grey = grey_of([p[0], p[1], p[2]].map(|v| f64::from(v) / 255.0));
            (grey * 255.0).round() as u8
        })
        .collect()
}

/// The Info keys of the standard, with the dates PDF/X asks for.
fn set_info(doc: &mut Document, target: &Target) -> Result<(), String> {
    let date = pdf_date(target.date.unwrap_or(0));
    let info_id = match doc.trailer.get(b"Info").and_then(Object::as_reference) {
        Ok(id) => id,
        Err(_) => {
            let id = doc.add_object(Dictionary::new());
            doc.trailer.set("Info", id);
            id
        }
    };
    let info = doc
        .get_dictionary_mut(info_id)
        .map_err(|e| format!("the Info dictionary: {e}"))?;
    info.remove(b"GTS_PDFXVersion");
    let text = |s: &str| Object::String(s.as_bytes().to_vec(), StringFormat::Literal);
    match target.standard {
        Standard::X4 => info.set("GTS_PDFXVersion", text("PDF/X-4")),
        Standard::None | Standard::X1a => {
            info.set("GTS_PDFXVersion", text("PDF/X-1:2001"));
            info.set("GTS_PDFXConformance", text("PDF/X-1a:2001"));
        }
    }
    info.set("Trapped", Object::Name(b"False".to_vec()));
    for key in ["CreationDate", "ModDate"] {
        if !info.has(key.as_bytes()) {
            info.set(key, text(&date));
        }
    }
    Ok(())
}

/// `D:YYYYMMDDHHmmSS+00'00'` of a time in seconds since 1970 (UTC).
fn pdf_date(seconds: i64) -> String {
    let (year, month, day, hour, minute, second) = civil(seconds);
    format!("D:{year:04}{month:02}{day:02}{hour:02}{minute:02}{second:02}+00'00'")
}

/// The UTC calendar date and time of `seconds` since 1970.
fn civil(seconds: i64) -> (i64, i64, i64, i64, i64, i64) {
    let days = seconds.div_euclid(86_400);
    let rest = seconds.rem_euclid(86_400);
    let date = crate::dates::Date::from_days(days);
    (
        date.year,
        i64::from(date.month),
        i64::from(date.day),
        rest / 3600,
        rest / 60 % 60,
        rest % 60,
    )
}

/// The output intent naming the condition (its profile embedded for PDF/X-4), and the XMP
/// metadata PDF/X-4 asks for.
fn set_output_intent(doc: &mut Document, target: &Target) -> Result<(), String> {
    let condition = target.condition;
    let text = |s: &str| Object::String(s.as_bytes().to_vec(), StringFormat::Literal);
    let mut intent = Dictionary::new();
    intent.set("Type", Object::Name(b"OutputIntent".to_vec()));
    intent.set("S", Object::Name(b"GTS_PDFX".to_vec()));
    intent.set("OutputConditionIdentifier", text(condition.identifier()));
    intent.set("OutputCondition", text(condition.description()));
    intent.set("RegistryName", text("http://www.color.org"));
    intent.set("Info", text(condition.description()));
    if target.standard == Standard::X4 {
        let mut profile = Stream::new(
            Dictionary::from_iter([("N", Object::Integer(4))]),
            condition.profile().to_vec(),
        );
        profile
            .compress()
            .map_err(|e| format!("the output profile cannot be compressed: {e}"))?;
        let id = doc.add_object(profile);
        intent.set("DestOutputProfile", id);
    }
    let intent = doc.add_object(intent);
    let metadata = (target.standard == Standard::X4).then(|| xmp(doc, target));
    let metadata = metadata.map(|xmp| {
        let mut dict = Dictionary::new();
        dict.set("Type", Object::Name(b"Metadata".to_vec()));
        dict.set("Subtype", Object::Name(b"XML".to_vec()));
        doc.add_object(Stream::new(dict, xmp.into_bytes()))
    });
    let catalog = doc.catalog_mut().map_err(|e| format!("the catalog: {e}"))?;
    catalog.set(
        "OutputIntents",
        Object::Array(vec![Object::Reference(intent)]),
    );
    if let Some(metadata) = metadata {
        catalog.set("Metadata", metadata);
    }
    Ok(())
}

/// The XMP packet of a PDF/X-4 file: its title, dates, producer and standard, in step with the
/// Info dictionary.
fn xmp(doc: &Document, target: &Target) -> String {
    let info = doc
        .trailer
        .get(b"Info")
        .and_then(Object::as_reference)
        .and_then(|id| doc.get_dictionary(id));
    let field = |key: &[u8]| {
        info.as_ref()
            .ok()
            .and_then(|d| d.get(key).ok())
            .and_then(|v| lopdf::decode_text_string(v).ok())
            .unwrap_or_default()
    };
    let (year, month, day, hour, minute, second) = civil(target.date.unwrap_or(0));
    let when = format!("{year:04}-{month:02}-{day:02}T{hour:02}:{minute:02}:{second:02}Z");
    let id = doc
        .trailer
        .get(b"ID")
        .and_then(Object::as_array)
        .ok()
        .and_then(|ids| ids.first())
        .and_then(|id| id.as_str().ok())
        .map(|bytes| bytes.iter().map(|b| format!("{b:02x}")).collect::<String>())
        .unwrap_or_default();
    let mut out = Vec::new();
    let _ = write!(
        out,
        r#"<?xpacket begin="{bom}" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">{title}</rdf:li></rdf:Alt></dc:title>
   <dc:creator><rdf:Seq><rdf:li>{author}</rdf:li></rdf:Seq></dc:creator>
   <xmp:CreateDate>{when}</xmp:CreateDate>
   <xmp:ModifyDate>{when}</xmp:ModifyDate>
   <xmp:MetadataDate>{when}</xmp:MetadataDate>
   <xmp:CreatorTool>{creator}</xmp:CreatorTool>
   <pdf:Producer>{producer}</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:{id}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:{id}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"#,
        bom = '\u{feff}',
        title = escape_xml(&field(b"Title")),
        author = escape_xml(&field(b"Author")),
        creator = escape_xml(&field(b"Creator")),
        producer = escape_xml(&field(b"Producer")),
    );
    String::from_utf8_lossy(&out).into_owned()
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
