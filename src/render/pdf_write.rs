//! Writes a book's PDF object by object, in the bytes lopdf writes for the whole document, with
//! its pages made as they are written: printpdf builds the document around its first page only
//! (every object but the pages' is then final, for the page objects come after all of them),
//! and the pages' objects — page, resources, content — follow that page's pattern. A 12,000-page
//! book thus never holds its page tree as lopdf objects (about 6 KB a page).

use std::io::Write;

use lopdf::xref::{XrefEntry, XrefSection};
use lopdf::{Dictionary, Document, Object, ObjectId, Stream, StringFormat};
use printpdf::PdfPage;

/// The objects of a document built around its first page alone, and where its page's three
/// objects, the catalog and the info dictionary are: printpdf numbers them in that order,
/// after every other object, so a document of `n` pages numbers them `first + i` (page `i`),
/// `first + n + 2 i` (its resources), `first + n + 2 i + 1` (its content), then the catalog
/// and the info.
pub struct OnePage {
    lo: Document,
    /// The page's object ID (`first` above).
    first: u32,
    /// The page tree's object ID.
    tree: ObjectId,
}

impl OnePage {
    /// The pattern of `lo`, a document of one page; `None` when it is not the one above (a
    /// printpdf that numbers otherwise), and the caller writes the whole document as before.
    pub fn new(lo: Document) -> Option<OnePage> {
        let pages = lo.get_pages();
        let (&1, &(first, 0)) = pages.iter().next()? else {
            return None;
        };
        let page = lo.get_dictionary((first, 0)).ok()?;
        let reference = |key: &[u8]| page.get(key).and_then(Object::as_reference).ok();
        let tree = reference(b"Parent")?;
        lo.get_dictionary(tree).ok()?;
        let trailer = |key: &[u8]| lo.trailer.get(key).and_then(Object::as_reference).ok();
        let expected = [
            (reference(b"Resources")?, first + 1),
            (reference(b"Contents")?, first + 2),
            (trailer(b"Root")?, first + 3),
            (trailer(b"Info")?, first + 4),
        ];
        let numbered = expected.iter().all(|&(id, want)| id == (want, 0));
        let last = lo.objects.keys().next_back().copied();
        (pages.len() == 1 && numbered && last == Some((first + 4, 0)) && tree.0 < first)
            .then_some(OnePage { lo, first, tree })
    }

    /// Writes the document of `pages` (boxes only) with their `contents`, its trailer's `ids`,
    /// in the bytes lopdf's `save_to` writes for the document printpdf would build of them.
    pub fn write(
        &self,
        pages: &[PdfPage],
        contents: impl Iterator<Item = std::io::Result<Stream>>,
        ids: Object,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        let n = pages.len() as u32;
        let first = self.first;
        let mut out = Counting::new(out);
        writeln!(out, "%PDF-{}", self.lo.version)?;
        write_binary_mark(&mut out, &self.lo.binary_mark)?;
        for (&(id, generation), object) in self.lo.objects.range(..(first, 0)) {
            if is_skipped(object) {
                continue;
            }
            if (id, generation) == self.tree {
                out.object(id, generation, &Object::Dictionary(self.tree(n)))?;
            } else {
                out.object(id, generation, object)?;
            }
        }
        let template = self.object(0)?.as_dict().map_err(other)?;
        for (i, page) in pages.iter().enumerate() {
            let i = i as u32;
            let mut dict = template.clone();
            dict.set("MediaBox", page.media_box.to_array());
            dict.set("TrimBox", page.trim_box.to_array());
            dict.set("CropBox", page.crop_box.to_array());
            dict.set("Resources", Object::Reference((first + n + 2 * i, 0)));
            dict.set("Contents", Object::Reference((first + n + 2 * i + 1, 0)));
            out.object(first + i, 0, &Object::Dictionary(dict))?;
        }
        let resources = self.object(1)?;
        for (i, content) in contents.enumerate() {
            let i = i as u32;
            out.object(first + n + 2 * i, 0, resources)?;
            out.object(first + n + 2 * i + 1, 0, &Object::Stream(content?))?;
        }
        let (catalog, info) = (first + 3 * n, first + 3 * n + 1);
        out.object(catalog, 0, self.object(3)?)?;
        out.object(info, 0, self.object(4)?)?;
        let xref_start = out.written;
        out.xref(info + 1)?;
        let mut trailer = self.lo.trailer.clone();
        trailer.set("Root", Object::Reference((catalog, 0)));
        trailer.set("Info", Object::Reference((info, 0)));
        trailer.set("ID", ids);
        trailer.set("Size", i64::from(info + 1));
        out.write_all(b"trailer\n")?;
        write_object(&mut out, &Object::Dictionary(trailer))?;
        write!(out, "\nstartxref\n{xref_start}\n%%EOF")?;
        Ok(())
    }

    /// The object `offset` places after the first page's (0: the page itself).
    fn object(&self, offset: u32) -> std::io::Result<&Object> {
        self.lo.get_object((self.first + offset, 0)).map_err(other)
    }

    /// The page tree of `n` pages: the one-page document's, with every page.
    fn tree(&self, n: u32) -> Dictionary {
        // `OnePage::new` checked that the tree is a dictionary.
        let mut tree = self
            .lo
            .get_dictionary(self.tree)
            .cloned()
            .unwrap_or_default();
        let kids = (0..n).map(|i| Object::Reference((self.first + i, 0)));
        tree.set("Count", i64::from(n));
        tree.set("Kids", Object::Array(kids.collect()));
        tree
    }
}

fn other(error: lopdf::Error) -> std::io::Error {
    std::io::Error::other(format!("the one-page document lacks an object: {error}"))
}

/// lopdf's `save_to` leaves out object streams, cross-reference streams and linearization
/// dictionaries (a printpdf document has none).
fn is_skipped(object: &Object) -> bool {
    let skipped: [&[u8]; 3] = [b"ObjStm", b"XRef", b"Linearized"];
    object.type_name().is_ok_and(|name| skipped.contains(&name))
}

fn write_binary_mark(out: &mut dyn Write, mark: &[u8]) -> std::io::Result<()> {
    if !mark.iter().all(|&byte| byte >= 128) {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "Invalid binary mark",
        ));
    }
    out.write_all(b"%")?;
    out.write_all(mark)?;
    out.write_all(b"\n")
}

/// A writer that counts its bytes and notes where each object begins, as lopdf's does.
struct Counting<'a> {
    out: &'a mut dyn Write,
    written: usize,
    /// Per object ID, its offset (`None`: not written).
    offsets: Vec<Option<(u32, u16)>>,
}

impl<'a> Counting<'a> {
    fn new(out: &'a mut dyn Write) -> Self {
        Counting {
            out,
            written: 0,
            offsets: Vec::new(),
        }
    }

    /// Notes that object `id` begins here.
    fn begin(&mut self, id: u32, generation: u16) {
        let id = id as usize;
        if self.offsets.len() <= id {
            self.offsets.resize(id + 1, None);
        }
        self.offsets[id] = Some((self.written as u32, generation));
    }

    /// An indirect object, as lopdf writes it.
    fn object(&mut self, id: u32, generation: u16, object: &Object) -> std::io::Result<()> {
        self.begin(id, generation);
        let before = if needs_separator(object) { " " } else { "" };
        write!(self, "{id} {generation} obj\n{before}")?;
        write_object(self, object)?;
        let after = if needs_end_separator(object) { " " } else { "" };
        writeln!(self, "{after}\nendobj")
    }

    /// The cross-reference table of objects `1..size`, in sections as lopdf writes them.
    fn xref(&mut self, size: u32) -> std::io::Result<()> {
        let mut table = Vec::new();
        writeln!(table, "xref")?;
        let mut section = XrefSection::new(0);
        section.add_unusable_free_entry();
        for id in 1..size {
            if section.is_empty() {
                section = XrefSection::new(id);
            }
            match self.offsets.get(id as usize).copied().flatten() {
                Some((offset, generation)) => {
                    section.add_entry(XrefEntry::Normal { offset, generation })
                }
                None if !section.is_empty() => {
                    section.write_xref_section(&mut table)?;
                    section = XrefSection::new(id);
                }
                None => {}
            }
        }
        section.write_xref_section(&mut table)?;
        self.write_all(&table)
    }
}

impl Write for Counting<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let written = self.out.write(bytes)?;
        self.written += written;
        Ok(written)
    }

    fn write_all(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.written += bytes.len();
        self.out.write_all(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// An object in lopdf's bytes (its writer is private; this follows it rule by rule).
fn write_object(out: &mut dyn Write, object: &Object) -> std::io::Result<()> {
    match object {
        Object::Null => out.write_all(b"null"),
        Object::Boolean(true) => out.write_all(b"true"),
        Object::Boolean(false) => out.write_all(b"false"),
        Object::Integer(value) => write!(out, "{value}"),
        Object::Real(value) => write!(out, "{value}"),
        Object::Name(name) => write_name(out, name),
        Object::String(text, format) => write_string(out, text, *format),
        Object::Array(array) => write_array(out, array),
        Object::Dictionary(dict) => write_dictionary(out, dict),
        Object::Stream(stream) => {
            write_dictionary(out, &stream.dict)?;
            out.write_all(b"stream\n")?;
            out.write_all(&stream.content)?;
            out.write_all(b"\nendstream")
        }
        Object::Reference((id, generation)) => write!(out, "{id} {generation} R"),
    }
}

/// A name: white space, delimiters and bytes outside `!`..`~` as `#` and two hex digits.
fn write_name(out: &mut dyn Write, name: &[u8]) -> std::io::Result<()> {
    out.write_all(b"/")?;
    for &byte in name {
        if b" \t\n\r\x0C()<>[]{}/%#".contains(&byte) || !(33..=126).contains(&byte) {
            write!(out, "#{byte:02X}")?;
        } else {
            out.write_all(&[byte])?;
        }
    }
    Ok(())
}

/// A string: literal (backslashes, carriage returns and unbalanced parentheses escaped) or
/// hexadecimal.
fn write_string(out: &mut dyn Write, text: &[u8], format: StringFormat) -> std::io::Result<()> {
    if format == StringFormat::Hexadecimal {
        out.write_all(b"<")?;
        for &byte in text {
            write!(out, "{byte:02X}")?;
        }
        return out.write_all(b">");
    }
    let mut escaped = Vec::new();
    let mut open = Vec::new();
    for (index, &byte) in text.iter().enumerate() {
        match byte {
            b'(' => open.push(index),
            b')' if open.pop().is_none() => escaped.push(index),
            b'\\' | b'\r' => escaped.push(index),
            _ => {}
        }
    }
    escaped.append(&mut open);
    out.write_all(b"(")?;
    for (index, &byte) in text.iter().enumerate() {
        if escaped.contains(&index) {
            out.write_all(b"\\")?;
            out.write_all(&[if byte == b'\r' { b'r' } else { byte }])?;
        } else {
            out.write_all(&[byte])?;
        }
    }
    out.write_all(b")")
}

fn write_array(out: &mut dyn Write, array: &[Object]) -> std::io::Result<()> {
    out.write_all(b"[")?;
    for (index, object) in array.iter().enumerate() {
        if index > 0 && needs_separator(object) {
            out.write_all(b" ")?;
        }
        write_object(out, object)?;
    }
    out.write_all(b"]")
}

fn write_dictionary(out: &mut dyn Write, dict: &Dictionary) -> std::io::Result<()> {
    out.write_all(b"<<")?;
    for (key, value) in dict {
        write_name(out, key)?;
        if needs_separator(value) {
            out.write_all(b" ")?;
        }
        write_object(out, value)?;
    }
    out.write_all(b">>")
}

/// lopdf's rule: a space between `obj` and these objects.
fn needs_separator(object: &Object) -> bool {
    matches!(
        object,
        Object::Null
            | Object::Boolean(_)
            | Object::Integer(_)
            | Object::Real(_)
            | Object::Reference(_)
    )
}

/// lopdf's rule: a space between these objects and `endobj`.
fn needs_end_separator(object: &Object) -> bool {
    needs_separator(object) || matches!(object, Object::Name(_) | Object::Stream(_))
}
