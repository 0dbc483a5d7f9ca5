"""PDF/X-4 print-shop files from our CMYK PDF.

A print shop's preflight reads three things from a PDF/X file: the version
keys (``GTS_PDFXVersion`` in the document info and the XMP metadata), the
OutputIntent naming the printing condition with the press profile embedded,
and TrimBox/BleedBox on every page. Our CMYK print-shop PDF already has only
DeviceCMYK colours (``cardpress.print.cmyk``, littleCMS) and embedded fonts;
``to_pdfx4`` adds the keys with pikepdf (qpdf) and keeps the transparency the
art uses, which PDF/X-4 allows.

PDF/X-1a (DriveThruCards asks for it) allows no transparency: ``to_pdfx1a``
has Ghostscript's pdfwrite flatten the pages that use any (a page with
transparency becomes one 720 dpi CMYK image: the art's translucent strokes
and the stamp's tint, under 2 s a card), then marks the result as above.
Ghostscript stamps the run's time and a fresh ID into its output; rewritten
by pikepdf with fixed dates and a content-derived ID, the bytes depend only
on the input (tested).

``for_service`` makes a service's own file from our CMYK print-shop PDF: each
page scaled so our trim lands on the service's (our poker card is 63 x 88 mm,
their poker 2.5 x 3.5 in), boxes for its bleed, each card's two pages in the
order it reads them (DriveThruCards: back then front), in the PDF/X version its
preflight asks for (``cardpress.print.preflight``'s profiles).

The output is reproducible: fixed dates, an ID derived from the content.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from pathlib import Path

import pikepdf
from reportlab.lib.units import mm

from cardpress.print.cmyk import PRESS_CONDITION, PRESS_INFO, press_profile_bytes

FIXED_DATE = "D:20000101000000Z"  # ReportLab's invariant date: a build's bytes depend on inputs
XMP_DATE = "2000-01-01T00:00:00Z"
X4 = "PDF/X-4"
X1A = "PDF/X-1a:2003"
#: the PDF version each PDF/X version is written as
PDF_VERSION = {X4: "1.6", X1A: "1.4"}


class PdfxError(RuntimeError):
    """A PDF/X file could not be made from the given PDF."""


def _xmp(title: str, version: str) -> bytes:
    """The XMP packet PDF/X-4 requires (PDF/X-1a files carry it too): version, dates."""
    from xml.sax.saxutils import escape

    body = f"""<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about=""
 xmlns:dc="http://purl.org/dc/elements/1.1/"
 xmlns:xmp="http://ns.adobe.com/xap/1.0/"
 xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
 xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"
 xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/">
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">{escape(title)}</rdf:li></rdf:Alt></dc:title>
<dc:format>application/pdf</dc:format>
<xmp:CreateDate>{XMP_DATE}</xmp:CreateDate>
<xmp:ModifyDate>{XMP_DATE}</xmp:ModifyDate>
<xmp:MetadataDate>{XMP_DATE}</xmp:MetadataDate>
<xmp:CreatorTool>cardpress</xmp:CreatorTool>
<pdf:Producer>cardpress</pdf:Producer>
<pdf:Trapped>False</pdf:Trapped>
<pdfxid:GTS_PDFXVersion>{version}</pdfxid:GTS_PDFXVersion>
<xmpMM:DocumentID>uuid:00000000-0000-0000-0000-000000000000</xmpMM:DocumentID>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>"""
    return body.encode("utf-8")


def _mark(pdf: pikepdf.Pdf, version: str) -> None:
    """The PDF/X keys: OutputIntent with the press profile, info and XMP version keys."""
    profile = pikepdf.Stream(pdf, press_profile_bytes())
    profile["/N"] = 4
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(PRESS_CONDITION),
        OutputCondition=pikepdf.String(PRESS_INFO),
        RegistryName=pikepdf.String("http://www.color.org"),
        Info=pikepdf.String(PRESS_INFO),
        DestOutputProfile=profile,
    )
    pdf.Root.OutputIntents = pikepdf.Array([pdf.make_indirect(intent)])
    info = pdf.trailer.get("/Info")
    title = str(info.get("/Title", "")) if info is not None else ""
    fields = {
        "/Title": pikepdf.String(title),
        "/Creator": pikepdf.String("cardpress"),
        "/Producer": pikepdf.String("cardpress"),
        "/CreationDate": pikepdf.String(FIXED_DATE),
        "/ModDate": pikepdf.String(FIXED_DATE),
        "/Trapped": pikepdf.Name("/False"),
        "/GTS_PDFXVersion": pikepdf.String(version),
    }
    pdf.trailer.Info = pdf.make_indirect(pikepdf.Dictionary(fields))
    meta = pikepdf.Stream(pdf, _xmp(title, version))
    meta["/Type"] = pikepdf.Name.Metadata
    meta["/Subtype"] = pikepdf.Name.XML
    pdf.Root.Metadata = pdf.make_indirect(meta)
    for n, page in enumerate(pdf.pages, 1):
        if "/TrimBox" not in page.obj:
            raise PdfxError(
                f"{_page_name(pdf, n)} has no TrimBox: PDF/X needs the trim on every page"
            )


def _page_name(doc: pikepdf.Pdf, n: int) -> str:
    """Page ``n`` (1-based) as a person finds it: by its card when the file names its pages
    (ours do: "m1", "m1/back"), else by number."""
    label = doc.pages[n - 1].label if "/PageLabels" in doc.Root else ""
    return f"card {label} (page {n})" if label else f"page {n}"


def _open(pdf: bytes) -> pikepdf.Pdf:
    try:
        return pikepdf.open(io.BytesIO(pdf))
    except pikepdf.PdfError as exc:
        raise PdfxError(f"not a PDF that can be read ({exc})") from None


def _save(pdf: pikepdf.Pdf, version: str) -> bytes:
    if "/ID" in pdf.trailer:  # qpdf keeps a file's first ID: Ghostscript's is random
        del pdf.trailer["/ID"]
    out = io.BytesIO()
    pdf.save(
        out,
        force_version=PDF_VERSION[version],
        deterministic_id=True,
        object_stream_mode=pikepdf.ObjectStreamMode.disable,
    )
    return out.getvalue()


def _blend_in_cmyk(doc: pikepdf.Pdf) -> None:
    """Every page that uses transparency blends in DeviceCMYK, the press's own inks.

    A page group without a colour space (or with an RGB one, as other tools
    write) leaves the blending space to the RIP or the viewer: blended in RGB,
    a translucent stroke over a CMYK backdrop comes back with other inks (a
    rich black turned into four-colour grey). PDF/X-4 keeps transparency, so
    it names the blending space; DeviceCMYK here means the output intent's
    press profile.
    """
    from cardpress.print.preflight import transparency

    for page in doc.pages:
        if transparency(page):
            page.obj.Group = pikepdf.Dictionary(
                Type=pikepdf.Name.Group,
                S=pikepdf.Name.Transparency,
                CS=pikepdf.Name.DeviceCMYK,
            )


def to_pdfx4(pdf: bytes) -> bytes:
    """Our CMYK print-shop PDF as PDF/X-4 (transparency kept, blended in CMYK)."""
    with _open(pdf) as doc:
        _blend_in_cmyk(doc)
        _mark(doc, X4)
        return _save(doc, X4)


def to_pdfx1a(pdf: bytes) -> bytes:
    """Our CMYK print-shop PDF as PDF/X-1a:2003: pages with transparency flattened."""
    from cardpress.print.preflight import transparency

    with _open(pdf) as doc:
        pages = len(doc.pages)
        if any(transparency(page) for page in doc.pages):
            pdf = _flatten(pdf)
    try:
        doc = pikepdf.open(io.BytesIO(pdf))
    except pikepdf.PdfError as exc:
        raise PdfxError(f"Ghostscript's flattened file cannot be read ({exc})") from None
    with doc:
        if len(doc.pages) != pages:
            raise PdfxError(f"Ghostscript's flattened file has {len(doc.pages)} of {pages} pages")
        left = [_page_name(doc, n) for n, page in enumerate(doc.pages, 1) if transparency(page)]
        if left:
            raise PdfxError(f"{', '.join(left)}: still transparent after flattening")
        for page in doc.pages:
            if "/Group" in page.obj:
                del page.obj["/Group"]
        _mark(doc, X1A)
        return _save(doc, X1A)


def _flatten(pdf: bytes) -> bytes:
    """``pdf`` with its transparency flattened by Ghostscript (pdfwrite at PDF 1.3), in CMYK."""
    gs = shutil.which("gs")
    if gs is None:
        raise PdfxError(
            "Ghostscript (gs) is needed to flatten for PDF/X-1a: apt-get install ghostscript"
        )
    with tempfile.TemporaryDirectory() as tmp:
        src, dst = Path(tmp, "in.pdf"), Path(tmp, "out.pdf")
        src.write_bytes(pdf)
        run = subprocess.run(
            [
                gs,
                "-q",
                "-dNOPAUSE",
                "-dBATCH",
                "-dSAFER",
                "-sDEVICE=pdfwrite",
                "-dCompatibilityLevel=1.3",
                "-sColorConversionStrategy=CMYK",
                "-sProcessColorModel=DeviceCMYK",
                "-dAutoRotatePages=/None",
                f"-sOutputFile={dst}",
                str(src),
            ],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode or not dst.is_file():
            first = (run.stderr or run.stdout).strip().splitlines()[:1]
            raise PdfxError(f"Ghostscript could not flatten the file: {' '.join(first)}")
        return dst.read_bytes()


def scale_to_trim(pdf: bytes, trim: tuple[float, float], bleed: float) -> bytes:
    """Every page of ``pdf`` scaled so its TrimBox becomes ``trim`` (mm), with ``bleed`` (mm).

    The page's own bleed must cover the new one once scaled; the MediaBox is
    cut to the new bleed, so what lay further out is not printed.
    """
    width, height, b = trim[0] * mm, trim[1] * mm, bleed * mm
    with _open(pdf) as doc:
        for n, page in enumerate(doc.pages, 1):
            if "/TrimBox" not in page.obj:
                raise PdfxError(f"{_page_name(doc, n)} has no TrimBox: its trim cannot be scaled")
            t = [float(v) for v in page.obj.TrimBox]
            media = [float(v) for v in page.obj.MediaBox]
            sx, sy = width / (t[2] - t[0]), height / (t[3] - t[1])
            dx, dy = b - t[0] * sx, b - t[1] * sy
            if min((t[0] - media[0]) * sx, (t[1] - media[1]) * sy) < b - 0.01:
                raise PdfxError(
                    f"{_page_name(doc, n)}: its bleed is less than {bleed:.2f} mm once scaled"
                )
            page.contents_coalesce()
            body = page.obj.Contents.read_bytes()
            head = f"q {sx:.6f} 0 0 {sy:.6f} {dx:.4f} {dy:.4f} cm\n".encode()
            page.obj.Contents = doc.make_stream(head + body + b"\nQ\n")
            outer = pikepdf.Array([0, 0, round(width + 2 * b, 4), round(height + 2 * b, 4)])
            page.obj.MediaBox = outer
            page.obj.BleedBox = outer
            page.obj.TrimBox = pikepdf.Array(
                [round(b, 4), round(b, 4), round(b + width, 4), round(b + height, 4)]
            )
            for key in ("/CropBox", "/ArtBox"):
                if key in page.obj:
                    del page.obj[key]
        out = io.BytesIO()
        doc.save(out, deterministic_id=True, compress_streams=True)
        return out.getvalue()


def backs_first(pdf: bytes) -> bytes:
    """Each card's back page moved before its front: "m1/back", "m1", "m2/back", "m2", ...

    Our print-shop PDF gives a card's front then its back (its pages named "m1",
    "m1/back"); a service that reads a card file back first (DriveThruCards)
    would otherwise print every front on the backs' run. The page labels move
    with their pages, so a preflight still names each card and side.
    """
    from cardpress.print.preflight import BACK_SUFFIX

    with _open(pdf) as doc:
        labels = [page.label for page in doc.pages] if "/PageLabels" in doc.Root else []
        pairs = list(zip(labels[::2], labels[1::2], strict=False))
        if len(labels) % 2 or not labels or any(b != f + BACK_SUFFIX for f, b in pairs):
            raise PdfxError("its pages are not each card's front then its back (m1, m1/back)")
        for i in range(0, len(doc.pages), 2):
            back = doc.pages[i + 1]
            del doc.pages[i + 1]
            doc.pages.insert(i, back)
        nums = pikepdf.Array()
        for i, (front, back) in enumerate(pairs):
            nums.extend([2 * i, pikepdf.Dictionary(P=pikepdf.String(back))])
            nums.extend([2 * i + 1, pikepdf.Dictionary(P=pikepdf.String(front))])
        doc.Root.PageLabels = doc.make_indirect(pikepdf.Dictionary(Nums=nums))
        out = io.BytesIO()
        doc.save(out, deterministic_id=True, compress_streams=True)
        return out.getvalue()


def for_service(cmyk_pdf: bytes, service) -> bytes:
    """A service's file (a ``preflight.Service``): its trim and bleed, its sides' order,
    its PDF/X version."""
    pdf = cmyk_pdf
    if service.trim is not None:
        pdf = scale_to_trim(pdf, service.trim, service.bleed)
    if service.sides == "back-front":
        pdf = backs_first(pdf)
    if any(v.startswith("PDF/X-1") for v in service.pdfx):
        return to_pdfx1a(pdf)
    return to_pdfx4(pdf)
