"""``cardpress preflight``: our files made for each service pass its check, a file made to
break the rules fails naming each problem, and the PDF/X-1a file reads back as one."""

from __future__ import annotations

import dataclasses
import io

import pikepdf
import pytest
from click.testing import CliRunner
from PIL import Image
from reportlab.lib.units import inch, mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cardpress.catalogue import load_catalogue
from cardpress.cli import main
from cardpress.print.cmyk import PRESS_PROFILE, rgb_to_cmyk
from cardpress.print.marks import pdf_marks
from cardpress.print.pdfx import for_service, to_pdfx1a
from cardpress.print.preflight import preflight, services, transparency
from cardpress.print.sheets import render_print_shop_pdf

BASE = "https://cards.example.org"
SERVICES = ("drivethrucards", "thegamecrafter", "makeplayingcards")


@pytest.fixture(scope="module")
def shop() -> tuple[bytes, bytes]:
    """A Triptych print-shop file (a painting and a forgery, fronts and backs): RGB, CMYK."""
    cat = load_catalogue()
    deck = cat.triptych
    kw = {"root": cat.root, "cards": [deck.card("m1"), deck.card("fm")]}
    return (
        render_print_shop_pdf(deck, "en", BASE, **kw),
        render_print_shop_pdf(deck, "en", BASE, cmyk=True, **kw),
    )


@pytest.fixture(scope="module")
def made_for(shop) -> dict[str, bytes]:
    return {s: for_service(shop[1], services()[s]) for s in SERVICES}


@pytest.mark.parametrize("service", SERVICES)
def test_our_file_made_for_a_service_passes_its_preflight(made_for, service) -> None:
    result = preflight(made_for[service], service)
    assert result.problems == []
    assert [c.name for c in result.cards] == ["m1", "fm"]
    assert [c.pages for c in result.cards] == [[1, 2], [3, 4]]


def test_the_print_shop_file_passes_a_generic_print_shop_and_not_drivethrucards(shop) -> None:
    rgb, cmyk = shop
    assert preflight(cmyk, "generic").problems == []
    rules = {p.rule for p in preflight(rgb, "drivethrucards").problems}
    # our own trim (63 x 88 mm), RGB, transparency, not PDF/X: what their upload refuses
    assert {"trim", "colour", "flat", "pdfx"} <= rules
    assert "bleed" not in rules  # 1/8 in, as they ask


def test_pdfx1a_keys_no_transparency_cmyk_only_and_reproducible(shop, made_for) -> None:
    x1a = made_for["drivethrucards"]
    assert x1a.startswith(b"%PDF-1.4")
    assert for_service(shop[1], services()["drivethrucards"]) == x1a  # Ghostscript ran again
    with pikepdf.open(io.BytesIO(shop[1])) as src:
        flattened = [n for n, page in enumerate(src.pages) if transparency(page)]
        sides = [page.label for page in src.pages]  # "m1", "m1/back", ...
    assert flattened  # the art's translucent strokes were there to flatten
    with pikepdf.open(io.BytesIO(x1a)) as doc:
        assert str(doc.trailer.Info.GTS_PDFXVersion) == "PDF/X-1a:2003"
        assert str(doc.trailer.Info.Trapped) == "/False"
        (intent,) = list(doc.Root.OutputIntents)
        assert str(intent.S) == "/GTS_PDFX"
        assert intent.DestOutputProfile.read_bytes() == PRESS_PROFILE.read_bytes()
        for page in doc.pages:
            assert not transparency(page)
            trim = [float(v) for v in page.obj.TrimBox]
            bleed = [float(v) for v in page.obj.BleedBox]
            assert abs((trim[2] - trim[0]) - 2.5 * inch) < 0.01
            assert abs((trim[3] - trim[1]) - 3.5 * inch) < 0.01
            assert abs((trim[0] - bleed[0]) - inch / 8) < 0.01
        pages = pdf_marks(doc)
        # DriveThruCards reads each card back first: the same sides, in their order
        at = [page.label for page in doc.pages]
    assert at == [
        s for front, back in zip(sides[::2], sides[1::2], strict=True) for s in (back, front)
    ]
    spaces = {m.space for marks in pages for m in marks}
    assert spaces <= {"DeviceCMYK", "DeviceGray"}, spaces
    # a page Ghostscript left as vectors keeps littleCMS's colours, in drawing order
    with pikepdf.open(io.BytesIO(shop[0])) as doc:
        source = pdf_marks(doc)
    kept = [n for n in range(len(pages)) if n not in flattened]
    pairs = [
        (a.colour, b.colour)
        for n in kept
        for a, b in zip(
            [m for m in source[n] if m.kind == "shape" and m.space == "DeviceRGB"],
            [m for m in pages[at.index(sides[n])] if m.kind == "shape"],
            strict=True,
        )
    ]
    assert len(pairs) > 20
    for want_rgb, got in pairs:
        want = rgb_to_cmyk(*(round(v, 4) for v in want_rgb))
        assert max(abs(w - g) for w, g in zip(want, got, strict=True)) < 0.01, (want_rgb, got)


def _broken_pdf() -> bytes:
    """Two card pages that break the rules: see the test below."""
    page = (2.75 * inch, 3.75 * inch)
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=page, invariant=1)
    # page 1: no TrimBox nor BleedBox; a 40 x 40 px RGB picture an inch wide (40 dpi);
    # Helvetica, which ReportLab never embeds
    img = Image.new("RGB", (40, 40), (200, 40, 40))
    c.drawImage(ImageReader(img), 0.5 * inch, 1.5 * inch, inch, inch)
    c.setFont("Helvetica", 9)
    c.drawString(0.5 * inch, inch, "Helvetica, not embedded")
    c.showPage()
    # page 2: trim and bleed set, a line of 4 pt text 1 mm inside the trim, 400 % ink
    # (a shape and an image)
    c.setTrimBox((inch / 8, inch / 8, page[0] - inch / 8, page[1] - inch / 8))
    c.setBleedBox((0, 0, *page))
    c.setFillColorCMYK(1, 1, 1, 1)
    c.rect(0, 0, page[0], page[1], stroke=0, fill=1)
    # a CMYK picture at full ink everywhere (600 dpi: sharp enough)
    c.drawImage(
        ImageReader(Image.new("CMYK", (300, 300), (255,) * 4)), inch, 1.5 * inch, inch / 2, inch / 2
    )
    c.setFillColorCMYK(0, 0, 0, 0)
    c.setFont("Helvetica", 4)
    c.drawString(inch / 8 + 1 * mm, inch, "too near the cut")
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_file_made_to_break_the_rules_fails_naming_each_problem() -> None:
    result = preflight(_broken_pdf(), "drivethrucards")
    found = {(p.rule, p.page) for p in result.problems}
    assert {
        ("boxes", 1),  # no TrimBox, no BleedBox
        ("colour", 1),  # the RGB picture
        ("images", 1),  # 40 dpi
        ("fonts", 1),  # Helvetica
        ("safe", 2),  # 1 mm inside the trim
        ("text", 2),  # 4 pt
        ("ink", 2),  # 400 %
        ("fonts", 2),
        ("pdfx", None),
    } <= found, found
    texts = [p.text() for p in result.problems]
    assert "no TrimBox: the cut cannot be placed" in texts
    assert "font Helvetica is not embedded" in texts
    assert "an image at 40 dpi in print; DriveThruCards asks for 300 dpi" in texts
    assert "an image in DeviceRGB; DriveThruCards prints CMYK only" in texts
    assert any(t.startswith("text 'too near the cut' 1.00 mm inside the trim") for t in texts)
    assert "a shape at 400 % total ink; DriveThruCards allows 240 %" in texts
    assert "an image at 400 % total ink; DriveThruCards allows 240 %" in texts


def test_the_command_prints_the_table_exits_1_and_writes_soft_proofs(tmp_path) -> None:
    pdf = tmp_path / "broken.pdf"
    pdf.write_bytes(_broken_pdf())
    run = CliRunner().invoke(
        main, ["preflight", str(pdf), "--service", "drivethrucards", "--lang", "en"]
    )
    assert run.exit_code == 1, run.output
    lines = run.output.splitlines()
    head = next(line for line in lines if line.startswith("card "))
    assert head.split() == [
        "card",
        "boxes",
        "trim",
        "bleed",
        "safe",
        "zone",
        "colour",
        "ink",
        "images",
        "type",
        "fonts",
        "flat",
        "sides",
    ]
    row = next(line for line in lines if line.startswith("p. 1 "))
    assert "FAIL" in row.split()
    assert "p. 1 (page 1): fonts: font Helvetica is not embedded" in run.output
    assert "Result: FAIL" in run.output
    proofs = sorted((tmp_path / "broken-preflight").glob("*.png"))
    assert [p.name for p in proofs] == ["broken-p001-p-1.png", "broken-p002-p-2.png"]
    with Image.open(proofs[1]) as img:
        # 150 dpi of the 2.75 in page, and a caption under it
        assert img.width >= round(2.75 * 150) and img.height > round(3.75 * 150)
        rgb = img.convert("RGB")
        red = sum(
            1
            for x in range(0, rgb.width, 2)
            for y in range(0, rgb.height, 2)
            if (px := rgb.getpixel((x, y)))[0] > 200 and px[1] < 60
        )
        assert red > 20  # the problem outlined
    ja = CliRunner().invoke(
        main, ["preflight", str(pdf), "--service", "drivethrucards", "--lang", "ja", "--no-proofs"]
    )
    assert ja.exit_code == 1
    assert "フォント Helvetica が埋め込まれていません" in ja.output
    assert "結果：不合格" in ja.output


def test_the_command_passes_our_file_and_refuses_what_is_not_a_pdf(tmp_path, made_for) -> None:
    pdf = tmp_path / "triptych-drivethrucards.pdf"
    pdf.write_bytes(made_for["drivethrucards"])
    run = CliRunner().invoke(
        main, ["preflight", str(pdf), "--service", "drivethrucards", "--lang", "ja"]
    )
    assert run.exit_code == 0, run.output
    assert "結果：合格" in run.output
    assert not (tmp_path / "triptych-drivethrucards-preflight").exists()
    bad = tmp_path / "notes.pdf"
    bad.write_text("not a pdf")
    run = CliRunner().invoke(main, ["preflight", str(bad), "--lang", "en"])
    assert run.exit_code == 2
    assert "notes.pdf: not a PDF that can be read" in run.output
    assert "Traceback" not in run.output
    missing = CliRunner().invoke(main, ["preflight", str(tmp_path / "none.pdf")])
    assert missing.exit_code == 2 and "none.pdf: cannot read it" in missing.output


def test_to_pdfx1a_leaves_a_file_without_transparency_unflattened() -> None:
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(100, 100), invariant=1)
    c.setTrimBox((10, 10, 90, 90))
    c.setFillColorCMYK(0.2, 0.4, 0.6, 0.1)
    c.rect(0, 0, 100, 100, stroke=0, fill=1)
    c.showPage()
    c.save()
    x1a = to_pdfx1a(buf.getvalue())
    with pikepdf.open(io.BytesIO(x1a)) as doc:
        (marks,) = pdf_marks(doc)
    assert [(m.kind, m.space, m.colour) for m in marks] == [
        ("shape", "DeviceCMYK", (0.2, 0.4, 0.6, 0.1))
    ]


def test_dark_paintings_flattened_for_pdfx1a_stay_within_drivethrucards_ink() -> None:
    """The Vermeer's dark ground and the Mona Lisa's, limited by the conversion and then
    flattened by Ghostscript into 8-bit images, print within 240 % everywhere (they came
    back at 241 %: colours aimed at exactly 240 % and rounded up by the flattening)."""
    import numpy as np

    cat = load_catalogue()
    deck = cat.triptych
    for card in ("v4", "ml"):  # one card a file: two would record the whole deck's faces
        kw = {"root": cat.root, "cards": [deck.card(card)]}
        cmyk = render_print_shop_pdf(deck, "en", BASE, cmyk=True, **kw)
        x1a = for_service(cmyk, services()["drivethrucards"])
        result = preflight(x1a, "drivethrucards")
        assert result.problems == [], [p.text() for p in result.problems]
        with pikepdf.open(io.BytesIO(x1a)) as doc:
            most = 0
            for page in doc.pages:
                for obj in page.obj.Resources.get("/XObject", {}).values():
                    if obj.get("/Subtype") == "/Image" and obj.get("/ColorSpace") == "/DeviceCMYK":
                        px = np.asarray(pikepdf.PdfImage(obj).as_pil_image()).astype(int)
                        most = max(most, int(px.sum(axis=2).max()))
        assert most, f"{card}: no flattened page to read"
        assert most <= 240 * 255 // 100, card  # 612 of 4 x 255: 240 % to the 8-bit unit


def test_a_font_counts_on_the_pages_whose_text_is_set_in_it() -> None:
    """ReportLab names every font of a file on every page: a page of art alone is not
    blamed for the Helvetica of the page before it (it read "font Helvetica is not
    embedded" on a page without a word)."""
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(2.75 * inch, 3.75 * inch), invariant=1)
    c.setFont("Helvetica", 9)
    c.drawString(inch, inch, "set in Helvetica")
    c.showPage()
    c.setFillColorCMYK(0.2, 0.4, 0.6, 0.1)
    c.rect(0, 0, inch, inch, stroke=0, fill=1)
    c.showPage()
    c.save()
    with pikepdf.open(io.BytesIO(buf.getvalue())) as doc:
        named = [sorted(page.obj.Resources.get("/Font", {}).keys()) for page in doc.pages]
    assert named[1] == named[0] != []  # the page of art names the font too
    result = preflight(buf.getvalue(), "generic")
    fonts = [p for p in result.problems if p.rule == "fonts"]
    assert [(p.page, p.text()) for p in fonts] == [(1, "font Helvetica is not embedded")]
    assert fonts[0].box is not None  # the soft proof rings the text set in it


def test_a_labelled_file_names_the_card_that_breaks_the_bleed_and_the_page_count(
    tmp_path,
) -> None:
    """The Game Crafter's file of two cards with g1's bleed cut to 1 mm and its back
    dropped: the command names the card by the file's page label, the rule and the
    numbers found, and the odd page count."""
    cat = load_catalogue()
    deck = cat.triptych
    kw = {"root": cat.root, "cards": [deck.card("m1"), deck.card("g1")]}
    cmyk = render_print_shop_pdf(deck, "en", BASE, cmyk=True, **kw)
    made = for_service(cmyk, services()["thegamecrafter"])
    with pikepdf.open(io.BytesIO(made)) as doc:
        page = doc.pages[2].obj
        trim = [float(v) for v in page.TrimBox]
        short = [trim[0] - mm, trim[1] - mm, trim[2] + mm, trim[3] + mm]
        page.BleedBox = page.MediaBox = pikepdf.Array(short)
        del doc.pages[3]
        out = io.BytesIO()
        doc.save(out)
    pdf = tmp_path / "cut.pdf"
    pdf.write_bytes(out.getvalue())
    args = ["preflight", str(pdf), "--service", "thegamecrafter", "--lang", "en", "--no-proofs"]
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 1, run.output
    lines = run.output.splitlines()
    rows = {line.split()[0]: line.split() for line in lines if line[:3] in ("m1 ", "g1 ")}
    assert "FAIL" not in rows["m1"] and "FAIL" in rows["g1"]
    assert (
        "g1 (page 3): bleed: bleed 1.00 mm; The Game Crafter asks for 3.17 mm on every side"
        in run.output
    )
    assert "page count: FAIL (3 pages)" in run.output
    assert "page count: 3 pages; The Game Crafter needs a multiple of 2" in run.output


def _pages(pdf: bytes, order: list[int] | None = None, labels: bool = True) -> bytes:
    """``pdf`` with its pages in ``order`` (0-based; default: each pair the other way round),
    each keeping its page label, or with no labels at all."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        n = len(doc.pages)
        order = order if order is not None else [i ^ 1 for i in range(n)]
        named = [page.label for page in doc.pages]
        src = [doc.pages[i] for i in range(n)]
        out = pikepdf.new()
        out.trailer.Info = out.copy_foreign(doc.trailer.Info)  # PDF/X keys
        if "/OutputIntents" in doc.Root:
            out.Root.OutputIntents = out.copy_foreign(doc.make_indirect(doc.Root.OutputIntents))
        for i in order:
            out.pages.append(src[i])
        if labels:
            nums = pikepdf.Array()
            for k, i in enumerate(order):
                nums.extend([k, pikepdf.Dictionary(P=pikepdf.String(named[i]))])
            out.Root.PageLabels = out.make_indirect(pikepdf.Dictionary(Nums=nums))
        buf = io.BytesIO()
        out.save(buf)
    return buf.getvalue()


def _sides(result) -> list[tuple[int, str, str]]:
    return [
        (p.page, result.card_of(p.page).name, p.text())
        for p in result.problems
        if p.rule == "sides"
    ]


def test_drivethrucards_refuses_its_file_with_fronts_first_naming_the_card(
    made_for, tmp_path
) -> None:
    """Their file, back then front as the build writes it, passes; the same pages front
    first fail on "sides", each card named by its first page, and the command exits 1."""
    ours = preflight(made_for["drivethrucards"], "drivethrucards")
    assert ours.facts["sides"] == "labels" and _sides(ours) == []
    fronts_first = _pages(made_for["drivethrucards"])
    result = preflight(fronts_first, "drivethrucards")
    want = "DriveThruCards takes a card's two pages back, then front"
    assert _sides(result) == [
        (1, "m1", f"its front is page 1 and its back page 2; {want}"),
        (3, "fm", f"its front is page 3 and its back page 4; {want}"),
    ]
    assert {p.rule for p in result.problems} == {"sides"}
    pdf = tmp_path / "fronts-first.pdf"
    pdf.write_bytes(fronts_first)
    args = ["preflight", str(pdf), "--service", "drivethrucards", "--lang", "en", "--no-proofs"]
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 1, run.output
    lines = run.output.splitlines()
    head = next(line for line in lines if line.startswith("card "))
    assert head.split()[-1] == "sides"
    rows = {line.split()[0]: line.split() for line in lines if line[:3] in ("m1 ", "fm ")}
    assert rows["m1"][1:] == ["pass"] * 10 + ["FAIL"]
    assert (
        f"m1 (page 1): sides: its front is page 1 and its back page 2; {want}"
        in lines[lines.index("Problems:") + 1]
    )
    assert "sides: FAIL (back, then front, read from the page labels)" in run.output
    ja = CliRunner().invoke(main, [*args[:-2], "ja", "--no-proofs"])
    assert ja.exit_code == 1 and "表が 1 ページ、裏が 2 ページ" in ja.output, ja.output


@pytest.mark.parametrize("service", ["thegamecrafter", "makeplayingcards"])
def test_a_front_back_service_passes_fronts_first_and_refuses_backs_first(
    made_for, service
) -> None:
    assert _sides(preflight(made_for[service], service)) == []
    result = preflight(_pages(made_for[service]), service)
    name = services()[service].name
    assert _sides(result)[0] == (
        1,
        "m1",
        f"its back is page 1 and its front page 2; {name} takes a card's two pages "
        "front, then back",
    )
    assert [p for p, _, _ in _sides(result)] == [1, 3]
    # all fronts, then all backs: no pair is one card
    result = preflight(_pages(made_for[service], [0, 2, 1, 3]), service)
    assert _sides(result)[0][:2] == (1, "m1")
    assert "pages 1 and 2 are 'm1' and 'fm', not one card's two sides" in _sides(result)[0][2]


def test_an_unlabelled_file_is_judged_by_the_back_every_card_shares_or_not_at_all(
    made_for, tmp_path
) -> None:
    """No page labels: the shop sees one page repeated on every other page, the back.
    Where nothing repeats so (single-sided files, one card) the rule is not checked,
    and nothing is refused for it."""
    tgc = made_for["thegamecrafter"]
    bare = _pages(tgc, [0, 1, 2, 3], labels=False)
    result = preflight(bare, "thegamecrafter")
    assert result.facts["sides"] == "shared back" and result.problems == []
    backs_first = dataclasses.replace(services()["thegamecrafter"], sides="back-front")
    result = preflight(bare, backs_first)
    assert [(p, c) for p, c, _ in _sides(result)] == [(2, "p. 2"), (4, "p. 4")]
    assert _sides(result)[0][2] == (
        "the back every card shares is on every even page, this one among them; "
        "The Game Crafter takes a card's two pages back, then front"
    )
    assert _sides(preflight(_pages(tgc, labels=False), backs_first)) == []
    result = preflight(_pages(tgc, labels=False), "thegamecrafter")
    assert [p for p, _, _ in _sides(result)] == [1, 3]
    # single-sided: fronts only, with labels or without, two copies of each, or one card
    for order, labels in (
        ([0, 2], True),
        ([0, 2, 0, 2], False),
        ([0, 2, 2, 0], True),
        ([0, 1], False),
    ):
        single = _pages(tgc, order, labels=labels)
        for service in (services()["thegamecrafter"], backs_first):
            result = preflight(single, service)
            assert result.facts["sides"] == "" and not result.checks("sides"), order
            assert _sides(result) == []
    pdf = tmp_path / "fronts.pdf"
    pdf.write_bytes(_pages(tgc, [0, 2, 0, 2], labels=False))
    args = ["preflight", str(pdf), "--service", "thegamecrafter", "--lang", "en"]
    run = CliRunner().invoke(main, args)
    assert run.exit_code == 0, run.output
    row = next(line for line in run.output.splitlines() if line.startswith("p. 1 "))
    assert row.split()[-1] == "—"
    assert "sides: not checked (no page label names a back" in run.output
