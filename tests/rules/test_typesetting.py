"""The rule sheets set as a publisher would, read back from every sheet's PDF.

Justified running text (every line but a paragraph's last reaches its
column's edge), English hyphenated without ladders or runts, each language in
its own faces, and Japanese spaced by JIS X 4051 (a quarter em to Latin).
"""

from __future__ import annotations

import re
import subprocess

import pytest
from pypdf import PdfReader
from reportlab.lib.styles import ParagraphStyle

from cardpress.print.fonts import register_fonts, sheet_fonts
from cardpress.print.justify import MAX_HYPHENS, BookParagraph
from cardpress.print.rulesheet import LABEL_W
from cardpress.print.sheetstyles import sheet_styles
from cardpress.rules import GAMES
from cardpress.rules.kinsoku import PhraseKinsokuParagraph

from .conftest import BOOKLET, EVERY_PAPER, LANGS, Sheets
from .typeset_readback import is_runt, paragraphs, reaches

JAPANESE = re.compile(r"[\u3041-\u309f\u30a1-\u30fa\u4e00-\u9fff々]")


def _paras(sheets: Sheets, game: str, lang: str, paper: str):
    path = sheets.pdf(game, lang, paper)
    box = PdfReader(path).pages[0].mediabox
    return paragraphs(path.read_bytes(), (float(box.width), float(box.height)), lang)


def _fonts(sheets: Sheets, game: str, lang: str, paper: str) -> set[str]:
    out = subprocess.run(
        ["pdffonts", str(sheets.pdf(game, lang, paper))], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    return {row.split()[0].split("+")[-1] for row in out}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_each_language_in_its_own_faces(sheets: Sheets, game: str, paper: str) -> None:
    en, ja = _fonts(sheets, game, "en", paper), _fonts(sheets, game, "ja", paper)
    assert {"CharisSIL", "CharisSIL-Bold", "OpenSans-Bold"} <= en, en
    assert not any(f.startswith(("CharisSIL", "OpenSans")) for f in ja), ja
    assert "BIZUDPGothic-Regular" in ja


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_running_text_is_justified(sheets: Sheets, game: str, lang: str, paper: str) -> None:
    paras = _paras(sheets, game, lang, paper)
    inner = [(line, p) for p in paras for line in p.inner()]
    assert len(inner) > 20, f"{game}/{lang}/{paper}: too few running lines found to judge"
    short = [
        f"{line.box[2]:.1f} < {p.right:.1f}: {line.text}"
        for line, p in inner
        if not reaches(line, p)
    ]
    assert not short, f"{game}/{lang}/{paper}: lines short of the column edge:\n" + "\n".join(short)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_no_runts(sheets: Sheets, game: str, paper: str) -> None:
    runts = [p.lines[-1].text for p in _paras(sheets, game, "en", paper) if is_runt(p)]
    assert not runts, f"{game}/{paper}: one-word last lines: {runts}"


def _texts(node) -> list[str]:
    """Every span's text in a rule document's tree."""
    from dataclasses import fields, is_dataclass

    from cardpress.rules import model as m

    if isinstance(node, m.Span):
        return [node.text]
    if isinstance(node, tuple | list):
        return [t for x in node for t in _texts(x)]
    if is_dataclass(node) and not isinstance(node, type):
        return [t for f in fields(node) for t in _texts(getattr(node, f.name))]
    return []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_compounds_keep_their_hyphen(sheets: Sheets, game: str, paper: str) -> None:
    """A hyphenated compound is printed with its hyphen wherever the lines fall
    ("three-player", never "threeplayer")."""
    from cardpress.rules import load_rules

    texts = _texts(load_rules(game, "en"))
    words = {w.lower() for t in texts for w in re.findall(r"[A-Za-z]+", t)}
    compounds = {w for t in texts for w in re.findall(r"[A-Za-z]+-[A-Za-z]+", t)}
    assert compounds, f"{game}: no hyphenated compound to check"
    from tests.print.readback import lines

    from .typeset_readback import without_pictures

    # line by line as set (pdftotext's reading order would join "face-⏎down" as "facedown")
    pdf = without_pictures(sheets.pdf(game, "en", paper).read_bytes())
    printed = "\n".join(ln.text for ln in lines(pdf))
    fused = sorted(
        c
        for c in compounds
        if c.replace("-", "").lower() not in words
        and re.search(rf"\b{c.replace('-', '')}\b", printed, re.I)
    )
    assert not fused, f"{game}/{paper}: compounds printed without their hyphen: {fused}"


@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_english_is_hyphenated_without_ladders(sheets: Sheets, paper: str) -> None:
    hyphenated = 0
    for game in GAMES:
        for p in _paras(sheets, game, "en", paper):
            ends = [line.text.endswith("-") for line in p.inner()]
            hyphenated += sum(ends)
            run = 0
            for end in ends:
                run = run + 1 if end else 0
                assert run <= MAX_HYPHENS, f"{game}: {MAX_HYPHENS + 1} hyphens in a row: {p.lines}"
    assert hyphenated >= 5, f"only {hyphenated} hyphenated lines across the English sheets"


def _lines(text: str, style: ParagraphStyle, width: float, cls=BookParagraph) -> list[str]:
    register_fonts()
    para = cls(text, style)
    para.wrap(width, 10_000)
    out = []
    for line in para.blPara.lines:
        if isinstance(line, tuple):
            out.append(" ".join(line[1]))
        else:
            out.append("".join(f.text for f in line.words))
    return out


def test_headings_are_never_hyphenated() -> None:
    styles = sheet_styles("en", LABEL_W)
    text = "Acknowledgements notwithstanding incomprehensibilities"
    body = _lines(text, styles["para"], 120)
    assert any(line.endswith("-") for line in body[:-1]), body  # the body would
    for name in ("title", "h1", "h2", "box_title", "question", "table_caption"):
        lines = _lines(text, styles[name], 120)
        assert not any(line.rstrip().endswith("-") for line in lines), (name, lines)


def _heading_texts(game: str) -> list[str]:
    """Every English text the sheet sets as a heading (never hyphenated), as printed."""
    from cardpress.print.typography import typographic
    from cardpress.rules import load_rules
    from cardpress.rules import model as m

    doc = load_rules(game, "en")
    out = [doc.title, doc.subtitle or ""]
    for b in doc.walk():
        if isinstance(b, m.Section):
            out.append(b.title)
        elif isinstance(b, m.Box) and b.title:
            out.append("".join(x.text for x in b.title))
        elif isinstance(b, m.Table) and b.caption:
            out.append("".join(x.text for x in b.caption))
        elif isinstance(b, m.Ruling):
            out.append("Q. " + "".join(x.text for x in b.question_spans))
    return [re.sub(r"\s+", " ", typographic(h)).strip() for h in out if h]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_no_heading_is_hyphenated_on_the_sheet(sheets: Sheets, game: str, paper: str) -> None:
    """Read back: no line of a heading, title, caption or question ends in a hyphen the
    text does not have (a heading breaks between words only)."""
    from tests.print.readback import lines

    from .typeset_readback import without_pictures

    heads = _heading_texts(game)
    found = lines(without_pictures(sheets.pdf(game, "en", paper).read_bytes()))
    broken, seen = [], 0
    for ln in found:
        text = re.sub(r"^[A-Z]{2}-[A-Z]*\d+\s+", "", ln.text.replace("\u00ad", "")).strip()
        seen += any(h.startswith(text) for h in heads if text)
        if not text.endswith(("-", "\u2010")):
            continue
        stem = text.rstrip("-\u2010")
        if any(
            h.startswith(stem) and not h[len(stem) :].startswith(("-", "\u2010")) for h in heads
        ):
            broken.append(ln.text)
    assert seen >= len(heads) // 2, f"{game}/{paper}: only {seen} heading lines read back"
    assert not broken, f"{game}/{paper}: headings hyphenated: {broken}"


def test_a_runt_takes_a_word_back() -> None:
    style = sheet_styles("en", LABEL_W)["body"]
    plain = ParagraphStyle("plain", style, hyphenationLang="")
    text = "Shuffle the deck and deal seven cards to every player at the table, then begin."
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from reportlab.platypus import Paragraph

    register_fonts()
    width = stringWidth(text.rsplit(" ", 1)[0], style.fontName, style.fontSize) + 1

    before = _lines(text, plain, width, Paragraph)
    assert len(before[-1].split()) == 1, before  # the case this guards against
    after = _lines(text, plain, width)
    assert len(after) == len(before) and len(after[-1].split()) >= 2, after


def test_japanese_headings_break_between_phrases() -> None:
    style = sheet_styles("ja", LABEL_W)["h1"]
    text = "アルジャントゥイユのひなげし"
    register_fonts()
    from reportlab.pdfbase.pdfmetrics import stringWidth

    width = stringWidth("アルジャントゥイユのひな", style.fontName, style.fontSize) + 1
    lines = _lines(text, style, width, PhraseKinsokuParagraph)
    assert lines == ["アルジャントゥイユの", "ひなげし"], lines


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_quarter_em_between_japanese_and_latin(sheets: Sheets, game: str, paper: str) -> None:
    register_fonts()
    tight = []
    for p in _paras(sheets, game, "ja", paper):
        for line in p.lines:
            tight += re.findall(
                rf"{JAPANESE.pattern}[A-Za-z0-9]|[A-Za-z0-9]{JAPANESE.pattern}", line.text
            )
    assert not tight, f"{game}/{paper}: Japanese set against Latin with no space: {tight[:10]}"
    assert sheet_fonts("ja").body == "CardpressSans"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_japanese_separators(sheets: Sheets, game: str, paper: str) -> None:
    text = sheets.words(game, "ja", paper)
    assert " · " not in text and "·" not in text, f"{game}/{paper}: a Latin middle dot"
    slashed = re.findall(rf"{JAPANESE.pattern}\s*/\s*{JAPANESE.pattern}", text)
    assert not slashed, f"{game}/{paper}: Japanese listed with a slash, not 「・」: {slashed}"


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_negative_numbers_have_a_real_minus(
    sheets: Sheets, game: str, lang: str, paper: str
) -> None:
    text = sheets.words(game, lang, paper)
    hyphens = [m for m in re.findall(r"(?<![\w.\-/])-\d+\S*", text)]
    assert not hyphens, f"{game}/{lang}/{paper}: a hyphen for a minus: {hyphens}"


@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_the_eshi100_sheet_prints_its_minus_and_middle_dots(sheets: Sheets, paper: str) -> None:
    text = sheets.words("eshi100", "ja", paper)
    assert re.search(r"−2\s?点", text) and "梅・桜" in text, text


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_even_page_count(sheets: Sheets, game: str, lang: str, paper: str) -> None:
    """A sheet of several pages prints on folded sheets: never an odd page out; a
    booklet's pages come in fours (each folded sheet carries four)."""
    total = len(PdfReader(sheets.pdf(game, lang, paper)).pages)
    quantum = 4 if paper.startswith(BOOKLET) else 2
    assert total == 1 or total % quantum == 0, f"{game}/{lang}/{paper}: {total} pages"


def test_an_odd_sheet_closes_with_a_notes_page(sheets: Sheets) -> None:
    from cardpress.print.rulesheet import render_rule_sheet

    for game in GAMES:
        for lang in LANGS:
            text = sheets.text(game, lang)
            last = text.split("\f")[-2] if "\f" in text else text
            if ("メモ" if lang == "ja" else "Notes") in last.split("\n")[0]:
                return
    pytest.skip(f"no sheet runs to an odd page count today ({render_rule_sheet.__name__})")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_headings_keep_with_what_follows(sheets: Sheets, game: str, lang: str, paper: str) -> None:
    """No section heading is the last line of its column (its text went on without it)."""
    from cardpress.print.rulesheet import MARGIN_BOTTOM, sheet_measure
    from cardpress.rules import load_rules
    from cardpress.rules import model as m
    from tests.print.readback import lines

    from .typeset_readback import without_pictures

    titles = {
        re.sub(r"\s", "", b.title)
        for b in load_rules(game, lang).walk()
        if isinstance(b, m.Section)
    }
    path = sheets.pdf(game, lang, paper)
    box = PdfReader(path).pages[0].mediabox
    page = sheet_measure(lang, (float(box.width), float(box.height)))
    found = lines(without_pictures(path.read_bytes()))
    seen, alone = 0, []
    for n in {ln.page for ln in found}:
        for i in range(page.columns):
            x0 = page.column_x(i)
            col = sorted(
                (
                    ln
                    for ln in found
                    if ln.page == n
                    and x0 - 1 <= ln.box[0] < x0 + page.column_w
                    and ln.box[3] < float(box.height) - MARGIN_BOTTOM  # not the footer
                ),
                key=lambda ln: ln.box[1],
            )
            heads = [ln for ln in col if re.sub(r"\s", "", ln.text) in titles]
            seen += len(heads)
            if heads and col[-1] is heads[-1] and not col[-1].text.startswith(("Notes", "メモ")):
                alone.append(f"p{n} column {i + 1}: {heads[-1].text}")
    assert seen >= len(titles) // 2, f"{game}/{lang}/{paper}: only {seen} headings read back"
    assert not alone, f"{game}/{lang}/{paper}: headings left at a column's foot: {alone}"


#: no page but the last is emptier than this (the share of its columns' height inked)
MIN_FILL = 0.55


def page_fill(pdf_path, tmp_path, lang: str) -> list[float]:
    """How full each page is (0 empty, 1 full), at 30 dpi: how far down its frame the ink
    reaches in each column, averaged over the columns (a two-column page whose second
    column is empty is half full)."""
    import numpy as np
    from PIL import Image

    from cardpress.print.rulesheet import MARGIN_BOTTOM, MARGIN_TOP, sheet_measure

    box = PdfReader(pdf_path).pages[0].mediabox
    page = sheet_measure(lang, (float(box.width), float(box.height)))
    prefix = tmp_path / pdf_path.stem
    subprocess.run(["pdftoppm", "-r", "30", "-png", str(pdf_path), str(prefix)], check=True)
    scale = 30 / 72
    out = []
    for png in sorted(
        tmp_path.glob(f"{pdf_path.stem}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1])
    ):
        ink = np.array(Image.open(png).convert("L")) < 200
        top, bottom = int(MARGIN_TOP * scale), ink.shape[0] - int(MARGIN_BOTTOM * scale)
        reach = []
        for i in range(page.columns):
            x0 = page.column_x(i) * scale
            x1 = x0 + page.column_w * scale
            rows = np.flatnonzero(ink[top:bottom, int(x0) : int(x1) + 1].any(axis=1))
            reach.append((rows.max() + 1) / (bottom - top) if rows.size else 0.0)
        out.append(sum(reach) / len(reach))
    return out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_pages_fill(sheets: Sheets, game: str, lang: str, paper: str, tmp_path) -> None:
    fills = page_fill(sheets.pdf(game, lang, paper), tmp_path, lang)
    thin = [f"p{i}: {f:.0%}" for i, f in enumerate(fills[:-1], 1) if f < MIN_FILL]
    assert not thin, f"{game}/{lang}/{paper}: pages under {MIN_FILL:.0%} full: {thin}"


@pytest.mark.parametrize("lang", LANGS)
def test_diagram_labels_use_the_sheet_faces(lang: str) -> None:
    from reportlab.graphics.shapes import String

    from cardpress.print import diagrams
    from cardpress.rules import load_rules
    from cardpress.rules import model as m

    def strings(node):
        for child in getattr(node, "contents", ()):
            if isinstance(child, String):
                yield child
            else:
                yield from strings(child)

    register_fonts()
    faces = set()
    for game in GAMES:
        for block in load_rules(game, lang).walk():
            if isinstance(block, m.Diagram):
                drawing = diagrams.draw(block, lang, 460)
                faces |= {s.fontName for s in strings(drawing)} if drawing else set()
    assert faces
    japanese = {"CardpressSans", "CardpressSansBold", "CardpressMono"}
    assert faces <= japanese if lang == "ja" else not faces & japanese, faces
