"""PDF/X-4 read back: output intent with the press profile, version keys, boxes, no RGB,
and every colour littleCMS's conversion of the colour the face was drawn in."""

from __future__ import annotations

import io

import pikepdf

from cardpress.catalogue import load_catalogue
from cardpress.print.cmyk import PRESS_PROFILE, rgb_to_cmyk
from cardpress.print.marks import pdf_marks
from cardpress.print.pdfx import to_pdfx4
from cardpress.print.sheets import render_print_shop_pdf

BASE = "https://cards.example.org"


def _pdfs():
    cat = load_catalogue()
    deck = cat.triptych
    cards = [deck.card("m1"), deck.card("fm")]
    kw = {"root": cat.root, "cards": cards}
    rgb = render_print_shop_pdf(deck, "en", BASE, **kw)
    cmyk = render_print_shop_pdf(deck, "en", BASE, cmyk=True, **kw)
    return rgb, to_pdfx4(cmyk), cmyk


def test_pdfx4_has_its_keys_profile_and_boxes_and_no_rgb() -> None:
    rgb, x4, cmyk = _pdfs()
    assert x4.startswith(b"%PDF-1.6")
    assert to_pdfx4(cmyk) == x4  # reproducible
    with pikepdf.open(io.BytesIO(x4)) as doc:
        assert str(doc.trailer.Info.GTS_PDFXVersion) == "PDF/X-4"
        assert str(doc.trailer.Info.Trapped) == "/False"
        xmp = doc.Root.Metadata.read_bytes()
        assert b"<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in xmp
        (intent,) = list(doc.Root.OutputIntents)
        assert str(intent.S) == "/GTS_PDFX"
        assert str(intent.OutputConditionIdentifier) == "CGATS TR 001"
        assert intent.DestOutputProfile.read_bytes() == PRESS_PROFILE.read_bytes()
        assert int(intent.DestOutputProfile.N) == 4
        for page in doc.pages:
            trim = [float(v) for v in page.obj.TrimBox]
            bleed = [float(v) for v in page.obj.BleedBox]
            assert bleed[0] < trim[0] and trim[2] < bleed[2]
        pages = pdf_marks(doc)
    spaces = {m.space for marks in pages for m in marks if m.kind in ("text", "shape")}
    assert spaces == {"DeviceCMYK"}, spaces
    # colour by colour, in drawing order, the X-4 file holds littleCMS's conversion of
    # the RGB file's colour
    with pikepdf.open(io.BytesIO(rgb)) as doc:
        source = pdf_marks(doc)
    pairs = [
        (a.colour, b.colour)
        for ra, rb in zip(source, pages, strict=True)
        for a, b in zip(ra, rb, strict=True)
        if a.kind == "shape" and a.space == "DeviceRGB"
    ]
    assert len(pairs) > 100
    for want_rgb, got in pairs:
        want = rgb_to_cmyk(*(round(v, 4) for v in want_rgb))
        assert max(abs(w - g) for w, g in zip(want, got, strict=True)) < 0.01, (want_rgb, got)


def _translucent_page(group_space: str | None) -> bytes:
    """A CMYK card page: a rich backdrop, a 50 % translucent square of another CMYK colour
    over its left half; the page group names ``group_space`` (None: no group)."""
    from reportlab.pdfgen.canvas import Canvas

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(100, 100), invariant=1)
    c.setTrimBox((10, 10, 90, 90))
    c.setFillColorCMYK(0.1, 0.2, 0.9, 0.0)
    c.rect(0, 0, 100, 100, stroke=0, fill=1)
    c.setFillColorCMYK(0.7, 0.1, 0.0, 0.3, alpha=0.5)
    c.rect(0, 0, 50, 100, stroke=0, fill=1)
    c.showPage()
    c.save()
    if group_space is None:
        return buf.getvalue()
    with pikepdf.open(io.BytesIO(buf.getvalue())) as doc:
        doc.pages[0].obj.Group = pikepdf.Dictionary(
            Type=pikepdf.Name.Group, S=pikepdf.Name.Transparency, CS=pikepdf.Name(group_space)
        )
        out = io.BytesIO()
        doc.save(out)
        return out.getvalue()


def test_pdfx4_keeps_transparency_and_blends_it_in_cmyk(tmp_path) -> None:
    from cardpress.print.preflight import transparency
    from cardpress.print.preflight_proof import render_cmyk

    backdrop, square = (0.1, 0.2, 0.9, 0.0), (0.7, 0.1, 0.0, 0.3)
    for source in (None, "/DeviceRGB"):
        x4 = to_pdfx4(_translucent_page(source))
        with pikepdf.open(io.BytesIO(x4)) as doc:
            page = doc.pages[0]
            assert transparency(page)  # kept, as PDF/X-4 allows
            group = page.obj.Group
            assert str(group.S) == "/Transparency" and str(group.CS) == "/DeviceCMYK"
        path = tmp_path / "x4.pdf"
        path.write_bytes(x4)
        img = render_cmyk(path, [1], dpi=36)[1]
        # the left half is the two inks mixed half and half, ink by ink: no other ink added
        mixed = img.getpixel((img.width // 4, img.height // 2))
        want = [(a + b) / 2 * 255 for a, b in zip(backdrop, square, strict=True)]
        assert max(abs(g - w) for g, w in zip(mixed, want, strict=True)) < 4, (source, mixed)
        plain = img.getpixel((img.width * 3 // 4, img.height // 2))
        assert max(abs(g - w * 255) for g, w in zip(plain, backdrop, strict=True)) < 4


def test_a_file_that_cannot_be_made_pdfx_is_refused_naming_the_card() -> None:
    """A card page with no trim (here m1's back) is named in the refusal, by its card as
    the file labels it; bytes that are no PDF are refused in words."""
    import pytest
    from reportlab.pdfgen.canvas import Canvas

    from cardpress.print.pdfx import PdfxError, for_service, to_pdfx1a
    from cardpress.print.preflight import services

    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(200, 270), invariant=1)
    c.setTrimBox((12, 12, 188, 258))
    for ink in ((0.2, 0.4, 0.6, 0.1), (0.7, 0.1, 0.0, 0.3)):  # a front, a back
        c.setFillColorCMYK(*ink)
        c.rect(0, 0, 200, 270, stroke=0, fill=1)
        c.showPage()
    c.save()
    with pikepdf.open(io.BytesIO(buf.getvalue())) as doc:
        del doc.pages[1].obj["/TrimBox"]  # the back: no trim
        doc.Root.PageLabels = pikepdf.Dictionary(
            Nums=pikepdf.Array(
                [
                    0,
                    pikepdf.Dictionary(P=pikepdf.String("m1")),
                    1,
                    pikepdf.Dictionary(P=pikepdf.String("m1/back")),
                ]
            )
        )
        out = io.BytesIO()
        doc.save(out)
    labelled = out.getvalue()
    for make in (to_pdfx4, to_pdfx1a, lambda b: for_service(b, services()["drivethrucards"])):
        with pytest.raises(PdfxError, match=r"^card m1/back \(page 2\) has no TrimBox"):
            make(labelled)
    with pytest.raises(PdfxError, match="not a PDF that can be read"):
        to_pdfx4(b"%PDF-1.4 not really")
