#!/usr/bin/env python3
"""An independent PDF/X preflight (issue 49): reads a PDF through `qpdf --json` and reports every
rule of PDF/X-1a:2001 or PDF/X-4 it breaks, page by page, in the words a printer's upload check
uses. It shares no code with sudoku-book's writer, so a writer bug cannot hide itself.

    tools/pdfx_check.py FILE.pdf [FILE.pdf …] [--standard x-1a|x-4] [--role interior|cover]
                        [--min-line 0.25]

Exit 0 when every file passes, 1 when a rule is broken (one line each:
`FILE: page N: reason` or `FILE: reason`), 2 when a file cannot be read.

What it checks (ISO 15930-1:2001 for X-1a, ISO 15930-7:2010 for X-4; IngramSpark's guide for
the interior's grey):
- the file: PDF version (1.3 for X-1a:2001, at most 1.6 for X-4), no encryption, an /ID in the
  trailer; Info /GTS_PDFXVersion (and /GTS_PDFXConformance for X-1a), /Trapped /True or /False;
  an /OutputIntents entry /S /GTS_PDFX with an OutputConditionIdentifier, and for X-4 an
  embedded DestOutputProfile and XMP metadata naming PDF/X-4; a DestOutputProfile present must
  be an output (prtr) profile;
- every page: a TrimBox (or ArtBox) inside the BleedBox inside the MediaBox; no annotation
  inside the trim; for X-1a no transparency group;
- every content stream (pages, forms, patterns' and annotations' appearances are not followed):
  the colour operators and spaces (RGB and ICC-based colour are refused; an interior must be
  grey: DeviceGray, or CMYK with only K); the images' colour spaces and soft masks; the graphics
  states' transparency (X-1a); stroke widths under `--min-line` points after the current matrix;
  fonts used or listed without an embedded font program.
The ink of a cover (total area coverage) needs a rasteriser and is not measured here.
"""

import argparse
import base64
import json
import math
import re
import subprocess
import sys

REF = re.compile(r"^(\d+) (\d+) R$")
RGB_SPACES = {"/DeviceRGB", "/CalRGB", "/RGB"}
GREY_SPACES = {"/DeviceGray", "/CalGray", "/G"}
CMYK_SPACES = {"/DeviceCMYK", "/CMYK"}
STROKES = {"S", "s", "B", "B*", "b", "b*"}
DEVICE_SPACES = {
    **{name: "gray" for name in GREY_SPACES},
    **{name: "cmyk" for name in CMYK_SPACES},
    **{name: "rgb" for name in RGB_SPACES},
    "/Pattern": "pattern",
}


class Pdf:
    """The objects of a PDF as `qpdf --json` (version 2) gives them, streams decoded."""

    def __init__(self, path):
        out = subprocess.run(
            ["qpdf", "--json", "--json-stream-data=inline", "--decode-level=generalized", path],
            capture_output=True,
            check=False,
        )
        if out.returncode not in (0, 3):
            raise ValueError(out.stderr.decode(errors="replace").strip() or "qpdf failed")
        doc = json.loads(out.stdout)
        header, self.objects = doc["qpdf"]
        self.version = header.get("pdfversion", "")
        self.encrypted = doc.get("encrypt", {}).get("encrypted", False)
        self.trailer = self.objects["trailer"]["value"]
        self.pages = [page["object"] for page in doc["pages"]]

    def get(self, value):
        """The value a reference points to (a dictionary, or a stream's dictionary)."""
        while isinstance(value, str) and REF.match(value):
            entry = self.objects.get("obj:" + value, {})
            value = entry["stream"]["dict"] if "stream" in entry else entry.get("value")
        return value

    def data(self, ref):
        """A stream's decoded bytes (empty when it is not a stream)."""
        entry = self.objects.get("obj:" + ref, {}) if isinstance(ref, str) else {}
        stream = entry.get("stream", {})
        return base64.b64decode(stream.get("data", "")) if "data" in stream else b""

    def inherited(self, page, key):
        """A page attribute, looked up through its parents."""
        node = self.get(page)
        while isinstance(node, dict):
            if key in node:
                return self.get(node[key])
            node = self.get(node.get("/Parent"))
        return None


def text(value):
    """A PDF string from qpdf's JSON (`u:` text, `b:` hex bytes) as Python text."""
    if isinstance(value, str) and value.startswith("u:"):
        return value[2:]
    if isinstance(value, str) and value.startswith("b:"):
        return bytes.fromhex(value[2:]).decode("latin-1")
    return value


# ---------------------------------------------------------------------------------------------
# Content streams


def tokens(data):
    """The tokens of a content stream: numbers (float), names ('/N'), strings (bytes), arrays
    and dictionaries (lists, as flat token lists), operators (str). Inline images are skipped."""
    i, n = 0, len(data)
    delimiters = b"()<>[]{}/%"
    while i < n:
        c = data[i : i + 1]
        if c.isspace():
            i += 1
        elif c == b"%":
            while i < n and data[i : i + 1] not in (b"\n", b"\r"):
                i += 1
        elif c == b"(":
            depth, j, out = 1, i + 1, bytearray()
            while j < n and depth:
                ch = data[j : j + 1]
                if ch == b"\\":
                    out += data[j : j + 2]
                    j += 2
                    continue
                depth += {b"(": 1, b")": -1}.get(ch, 0)
                if depth:
                    out += ch
                j += 1
            yield bytes(out)
            i = j
        elif data[i : i + 2] == b"<<" or data[i : i + 2] == b">>":
            yield data[i : i + 2].decode()
            i += 2
        elif c == b"<":
            j = data.find(b">", i)
            yield bytes.fromhex(re.sub(rb"\s", b"", data[i + 1 : j]).decode() or "")
            i = j + 1
        elif c in (b"[", b"]"):
            yield c.decode()
            i += 1
        elif c == b"/":
            j = i + 1
            while j < n and not data[j : j + 1].isspace() and data[j : j + 1] not in delimiters:
                j += 1
            yield data[i:j].decode("latin-1")
            i = j
        else:
            j = i
            while j < n and not data[j : j + 1].isspace() and data[j : j + 1] not in delimiters:
                j += 1
            word = data[i:j].decode("latin-1")
            i = max(j, i + 1)
            if word == "BI":
                end = re.compile(rb"\sEI(\s|$)").search(data, i)
                i = end.end() if end else n
                yield "BI"
                continue
            try:
                yield float(word)
            except ValueError:
                yield word


class Checker:
    """Collects the broken rules of one file."""

    def __init__(self, pdf, name, standard, role, min_line):
        self.pdf, self.name = pdf, name
        self.standard, self.role, self.min_line = standard, role, min_line
        self.problems = []
        self.seen = set()

    def say(self, where, reason):
        line = f"{self.name}: {where}{reason}"
        if line not in self.seen:
            self.seen.add(line)
            self.problems.append(line)

    # -- the file ---------------------------------------------------------------------------

    def check_file(self):
        pdf, x1a = self.pdf, self.standard == "x-1a"
        if x1a and pdf.version != "1.3":
            self.say("", f"PDF version {pdf.version}: PDF/X-1a:2001 is PDF 1.3")
        if not x1a and pdf.version > "1.6":
            self.say("", f"PDF version {pdf.version}: PDF/X-4 is at most PDF 1.6")
        if pdf.encrypted or "/Encrypt" in pdf.trailer:
            self.say("", "encrypted")
        if "/ID" not in pdf.trailer:
            self.say("", "no /ID in the trailer")
        self.check_info(x1a)
        catalog = pdf.get(pdf.trailer.get("/Root")) or {}
        self.check_output_intent(catalog, x1a)
        if not x1a:
            self.check_xmp(catalog)

    def check_info(self, x1a):
        info = self.pdf.get(self.pdf.trailer.get("/Info")) or {}
        want = "PDF/X-1:2001" if x1a else "PDF/X-4"
        version = text(info.get("/GTS_PDFXVersion"))
        if version != want:
            self.say("", f"Info /GTS_PDFXVersion is {version!r}, not {want!r}")
        conformance = text(info.get("/GTS_PDFXConformance"))
        if x1a and conformance != "PDF/X-1a:2001":
            self.say("", f"Info /GTS_PDFXConformance is {conformance!r}, not 'PDF/X-1a:2001'")
        if info.get("/Trapped") not in ("/True", "/False"):
            self.say("", "Info /Trapped is neither /True nor /False")
        if not text(info.get("/Title")):
            self.say("", "no Info /Title")

    def check_output_intent(self, catalog, x1a):
        intents = [self.pdf.get(i) for i in self.pdf.get(catalog.get("/OutputIntents")) or []]
        pdfx = [i for i in intents if isinstance(i, dict) and i.get("/S") == "/GTS_PDFX"]
        if len(pdfx) != 1:
            self.say("", f"{len(pdfx)} output intents of subtype /GTS_PDFX, not one")
            return
        intent = pdfx[0]
        if not text(intent.get("/OutputConditionIdentifier")):
            self.say("", "the output intent has no OutputConditionIdentifier")
        profile = intent.get("/DestOutputProfile")
        if profile is None:
            if not x1a:
                self.say("", "PDF/X-4 needs an embedded DestOutputProfile")
            elif not text(intent.get("/RegistryName")):
                self.say("", "no DestOutputProfile and no RegistryName for the condition")
            return
        head = self.pdf.data(profile)[:20]
        if head[12:16] != b"prtr":
            self.say("", f"the output profile is of class {head[12:16]!r}, not an output (prtr)")
        if x1a and head[16:20] != b"CMYK":
            self.say("", f"the output profile's space is {head[16:20]!r}, not CMYK")

    def check_xmp(self, catalog):
        xmp = self.pdf.data(catalog.get("/Metadata")).decode("utf-8", errors="replace")
        if not re.search(r"GTS_PDFXVersion(>|=\")PDF/X-4", xmp):
            self.say("", "no XMP metadata naming PDF/X-4 (pdfxid:GTS_PDFXVersion)")

    # -- the pages --------------------------------------------------------------------------

    def check_pages(self):
        for number, page in enumerate(self.pdf.pages, 1):
            where = f"page {number}: "
            node = self.pdf.get(page)
            self.check_boxes(page, where)
            group = self.pdf.get(node.get("/Group")) or {}
            if self.standard == "x-1a" and group.get("/S") == "/Transparency":
                self.say(where, "a transparency group")
            self.check_annotations(page, node, where)
            resources = self.pdf.inherited(page, "/Resources") or {}
            contents = node.get("/Contents")
            refs = contents if isinstance(contents, list) else [contents]
            data = b"\n".join(self.pdf.data(r) for r in refs if r)
            self.check_resources(resources, where)
            self.run(data, resources, [1, 0, 0, 1, 0, 0], where, depth=0)

    def box(self, page, key):
        value = self.pdf.inherited(page, key)
        if not isinstance(value, list) or len(value) != 4:
            return None
        x0, y0, x1, y1 = (float(self.pdf.get(v)) for v in value)
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))

    def check_boxes(self, page, where):
        media = self.box(page, "/MediaBox")
        trim = self.box(page, "/TrimBox") or self.box(page, "/ArtBox")
        bleed = self.box(page, "/BleedBox") or media
        if trim is None:
            self.say(where, "no TrimBox (or ArtBox)")
            return

        def inside(inner, outer):
            eps = 0.01
            return all(inner[i] >= outer[i] - eps for i in (0, 1)) and all(
                inner[i] <= outer[i] + eps for i in (2, 3)
            )

        if media and not inside(bleed, media):
            self.say(where, "the BleedBox reaches outside the MediaBox")
        if not inside(trim, bleed):
            self.say(where, "the TrimBox reaches outside the BleedBox")

    def check_annotations(self, page, node, where):
        trim = self.box(page, "/TrimBox") or self.box(page, "/ArtBox")
        for ref in self.pdf.get(node.get("/Annots")) or []:
            annot = self.pdf.get(ref) or {}
            if annot.get("/Subtype") in ("/PrinterMark", "/TrapNet"):
                continue
            rect = [float(self.pdf.get(v)) for v in self.pdf.get(annot.get("/Rect")) or []]
            if trim is None or len(rect) != 4:
                continue
            x0, y0, x1, y1 = min(rect[0], rect[2]), min(rect[1], rect[3]), max(rect[0], rect[2]), max(
                rect[1], rect[3]
            )
            if x0 < trim[2] and x1 > trim[0] and y0 < trim[3] and y1 > trim[1]:
                self.say(where, f"an annotation ({annot.get('/Subtype')}) inside the trim")

    # -- resources and content --------------------------------------------------------------

    def check_resources(self, resources, where):
        for ref in (self.pdf.get(resources.get("/Font")) or {}).values():
            self.check_font(self.pdf.get(ref) or {}, where)
        for ref in (self.pdf.get(resources.get("/ExtGState")) or {}).values():
            self.check_graphics_state(self.pdf.get(ref) or {}, where)

    def check_font(self, font, where):
        name = font.get("/BaseFont", "?")
        if font.get("/Subtype") == "/Type3":
            return
        if font.get("/Subtype") == "/Type0":
            descendants = self.pdf.get(font.get("/DescendantFonts")) or []
            font = self.pdf.get(descendants[0]) if descendants else {}
        descriptor = self.pdf.get(font.get("/FontDescriptor")) or {}
        if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
            self.say(where, f"font {name} is not embedded")

    def check_graphics_state(self, state, where):
        if self.standard != "x-1a":
            return
        for key in ("/CA", "/ca"):
            if key in state and float(self.pdf.get(state[key])) < 1:
                self.say(where, f"transparency: a graphics state with {key} below 1")
        if state.get("/SMask", "/None") != "/None":
            self.say(where, "transparency: a graphics state with a soft mask")
        if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
            self.say(where, f"transparency: blend mode {state.get('/BM')}")

    def colour_space(self, space, resources):
        """The family of a colour space, given by name (a device space or a resource) or as an
        array: 'gray', 'cmyk', 'rgb', 'icc', 'spot', 'pattern', 'lab', 'indexed:…' or '?'."""
        if isinstance(space, str) and space.startswith("/"):
            if space in DEVICE_SPACES:
                return DEVICE_SPACES[space]
            named = (self.pdf.get(resources.get("/ColorSpace")) or {}).get(space)
            return self.colour_space(self.pdf.get(named), {}) if named is not None else "?"
        space = self.pdf.get(space)
        if isinstance(space, str):
            return self.colour_space(space, {})
        if not isinstance(space, list) or not space:
            return "?"
        family = space[0]
        if family in ("/Indexed", "/I"):
            return "indexed:" + self.colour_space(space[1], resources)
        families = {"/ICCBased": "icc", "/Separation": "spot", "/DeviceN": "spot", "/Lab": "lab"}
        return families.get(family) or self.colour_space(family, {})

    def check_space(self, family, what, where):
        base = family.split(":")[-1]
        if base == "rgb":
            self.say(where, f"RGB colour ({what})")
        elif base in ("icc", "lab") and self.standard == "x-1a":
            self.say(where, f"{base.upper()} colour ({what}): PDF/X-1a allows device CMYK, gray and spot")
        elif base == "cmyk" and self.role == "interior":
            self.say(where, f"CMYK colour space in a grey interior ({what})")

    def check_cmyk(self, values, what, where):
        if self.role == "interior" and len(values) == 4 and any(v > 0 for v in values[:3]):
            self.say(where, f"colour with cyan, magenta or yellow in a grey interior ({what})")

    def check_image(self, image, resources, where):
        if image.get("/ImageMask") is True:
            return
        family = self.colour_space(image.get("/ColorSpace"), resources)
        self.check_space(family, "an image", where)
        if self.role == "interior" and family.split(":")[-1] == "cmyk":
            self.say(where, "a CMYK image in a grey interior")
        if self.standard == "x-1a" and "/SMask" in image:
            self.say(where, "transparency: an image with a soft mask")

    def run(self, data, resources, matrix, where, depth):
        """Follows one content stream: colour, widths, fonts, images and forms."""
        stack, saved = [], []
        ctm, width = list(matrix), 1.0
        for token in tokens(data):
            if not isinstance(token, str) or token.startswith("/") or token in ("[", "]", "<<", ">>"):
                stack.append(token)
                continue
            op, operands = token, stack
            stack = []
            numbers = [v for v in operands if isinstance(v, float)]
            if op in ("rg", "RG"):
                self.check_space("rgb", f"{op} operator", where)
            elif op in ("k", "K"):
                self.check_cmyk(numbers[-4:], f"{op} {' '.join(f'{v:g}' for v in numbers[-4:])}", where)
            elif op in ("cs", "CS") and operands:
                self.check_space(self.colour_space(operands[-1], resources), f"{op} {operands[-1]}", where)
            elif op == "q":
                saved.append((list(ctm), width))
            elif op == "Q" and saved:
                ctm, width = saved.pop()
            elif op == "cm" and len(numbers) >= 6:
                ctm = multiply(numbers[-6:], ctm)
            elif op == "w" and numbers:
                width = numbers[-1]
            elif op in STROKES:
                scale = math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]))
                if width * scale < self.min_line - 1e-6:
                    self.say(where, f"a line {width * scale:.3g} pt wide (under {self.min_line:g} pt)")
            elif op == "gs" and operands:
                states = self.pdf.get(resources.get("/ExtGState")) or {}
                self.check_graphics_state(self.pdf.get(states.get(operands[-1])) or {}, where)
            elif op == "Do" and operands:
                self.run_xobject(operands[-1], resources, ctm, where, depth)
            elif op == "BI":
                self.say(where, "an inline image (not checked: write images as XObjects)")

    def run_xobject(self, name, resources, ctm, where, depth):
        xobjects = self.pdf.get(resources.get("/XObject")) or {}
        ref = xobjects.get(name)
        entry = self.pdf.get(ref) or {}
        if entry.get("/Subtype") == "/Image":
            self.check_image(entry, resources, where)
        elif entry.get("/Subtype") == "/Form" and depth < 8:
            inner = self.pdf.get(entry.get("/Resources")) or resources
            group = self.pdf.get(entry.get("/Group")) or {}
            if self.standard == "x-1a" and group.get("/S") == "/Transparency":
                self.say(where, "a transparency group (form)")
            matrix = [float(self.pdf.get(v)) for v in self.pdf.get(entry.get("/Matrix")) or []]
            inner_ctm = multiply(matrix, ctm) if len(matrix) == 6 else ctm
            self.check_resources(inner, where)
            self.run(self.pdf.data(ref), inner, inner_ctm, where, depth + 1)


def multiply(m, n):
    """The matrix product m × n of two PDF matrices [a b c d e f]."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return [
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    ]


def check(path, standard, role, min_line):
    """The broken rules of one file (empty when it passes)."""
    pdf = Pdf(path)
    checker = Checker(pdf, path, standard, role, min_line)
    checker.check_file()
    checker.check_pages()
    return checker.problems


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--standard", choices=["x-1a", "x-4"], default="x-1a")
    parser.add_argument("--role", choices=["interior", "cover"], default="interior")
    parser.add_argument("--min-line", type=float, default=0.25)
    args = parser.parse_args(argv)
    broken, unreadable = 0, 0
    for path in args.files:
        try:
            problems = check(path, args.standard, args.role, args.min_line)
        except (OSError, ValueError, KeyError, json.JSONDecodeError) as error:
            print(f"{path}: cannot read: {error}", file=sys.stderr)
            unreadable += 1
            continue
        except (TypeError, AttributeError, IndexError) as error:
            # An object of a type the standard does not allow where it stands.
            print(f"{path}: cannot check: malformed object ({error})", file=sys.stderr)
            unreadable += 1
            continue
        for line in problems:
            print(line)
        if problems:
            broken += 1
        else:
            print(f"{path}: passes {args.standard} ({args.role})")
    return 2 if unreadable else 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
