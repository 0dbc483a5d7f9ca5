"""PDF/X-4 print-shop files from our CMYK PDF.

A print shop's preflight reads three things from a PDF/X file: the version
keys (``GTS_PDFXVersion`` in the document info and the XMP metadata), the
OutputIntent naming the printing condition with the press profile embedded,
and TrimBox/BleedBox on every page. Our CMYK print-shop PDF already has only
DeviceCMYK colours (``cardpress.print.cmyk``, littleCMS) and embedded fonts;
``to_pdfx4`` adds the keys with pikepdf (qpdf) and keeps the transparency the
art uses, which PDF/X-4 allows.

The output is reproducible: fixed dates, an ID derived from the content.
PDF/X-1a (no transparency; DriveThruCards asks for it) is not written yet:
Ghostscript's pdfwrite flattens our art in under 3 s a card pair, but its
output differed between two runs, and builds must stay byte-identical.
"""

from __future__ import annotations

import io

import pikepdf

from cardpress.print.cmyk import PRESS_CONDITION, PRESS_INFO, press_profile_bytes

FIXED_DATE = "D:20000101000000Z"  # ReportLab's invariant date: a build's bytes depend on inputs
XMP_DATE = "2000-01-01T00:00:00Z"
X4 = "PDF/X-4"


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
    for page in pdf.pages:
        if "/TrimBox" not in page.obj:
            raise PdfxError("a page has no TrimBox: PDF/X needs the trim on every page")


def _save(pdf: pikepdf.Pdf, version: str) -> bytes:
    out = io.BytesIO()
    pdf.save(
        out,
        force_version="1.6",
        deterministic_id=True,
        object_stream_mode=pikepdf.ObjectStreamMode.disable,
    )
    return out.getvalue()


def to_pdfx4(pdf: bytes) -> bytes:
    """Our CMYK print-shop PDF as PDF/X-4 (transparency kept)."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        _mark(doc, X4)
        return _save(doc, X4)
