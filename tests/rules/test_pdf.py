"""The rule sheets read back as a player would: text, tables, fonts, pages, QR."""

from __future__ import annotations

import re
import subprocess

import pytest
import zxingcpp
from pypdf import PdfReader

from cardpress.print.rulesheet import render_rule_sheet
from cardpress.rules import DOCUMENTS, GAMES, load_rules
from cardpress.rules.kinsoku import CANNOT_END, CANNOT_START

from .conftest import BASE_URL, LANGS, PREFIX, Sheets, every_sheet, ruling_ids

CJK = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")
STANDARD_14 = ("Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats")


@pytest.mark.parametrize("game", DOCUMENTS)
def test_languages_are_separate(sheets: Sheets, game: str) -> None:
    en = sheets.words(game, "en")  # the pictured cards print what the cards print
    ja = sheets.words(game, "ja")
    found = CJK.findall(en)
    assert not found, f"{game}: Japanese in the English sheet: {''.join(found[:20])}"
    letters = [c for c in ja if c.isalpha()]
    japanese = [c for c in letters if CJK.match(c)]
    assert len(japanese) > 0.6 * len(letters), f"{game}: the Japanese sheet is not mainly Japanese"


@pytest.mark.parametrize(("game", "paper"), every_sheet())
@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_id_is_printed(sheets: Sheets, game: str, lang: str, paper: str) -> None:
    text = sheets.text(game, lang, paper)
    ids = load_rules(game, lang).clause_ids()
    missing = [rid for rid in ids if not re.search(rf"(?<![\w-]){re.escape(rid)}(?![\w])", text)]
    assert not missing, f"{game}/{lang}/{paper}: not printed: {missing}"
    wanted = ruling_ids().get(PREFIX.get(game, ""), [])
    assert all(rid in ids for rid in wanted)


@pytest.mark.parametrize("lang", LANGS)
def test_scoring_table_equals_the_engine(sheets: Sheets, lang: str) -> None:
    from cardpress.catalogue.models import Painter
    from cardpress.games.finger_auction import score_table

    expected = [
        score_table(Painter.MONET, 2),
        score_table(Painter.MONET, 3),
        score_table(Painter.MONET, 4),
        score_table(Painter.GOGH, 3),
        score_table(Painter.VERMEER, 3),
    ]
    expected = [row for i, row in enumerate(expected) if i == 0 or row != expected[i - 1]]
    lines = sheets.text("finger-auction", lang).splitlines()
    last9 = [[int(n) for n in re.findall(r"\d+", line)][-9:] for line in lines]
    head = next(i for i, nums in enumerate(last9) if nums == list(range(1, 10)))
    printed = [tuple(nums) for nums in last9[head + 1 : head + 1 + len(expected)]]
    assert printed == expected


@pytest.mark.parametrize("game", DOCUMENTS)
@pytest.mark.parametrize("lang", LANGS)
def test_fonts_are_embedded(sheets: Sheets, game: str, lang: str) -> None:
    out = subprocess.run(
        ["pdffonts", str(sheets.pdf(game, lang))], capture_output=True, text=True, check=True
    ).stdout.splitlines()[2:]
    assert out, "no fonts"
    for row in out:
        cols = row.split()
        name = cols[0]
        emb = cols[-5]
        assert emb == "yes", row
        assert not any(name.split("+")[-1].startswith(s) for s in STANDARD_14), row


@pytest.mark.parametrize(("game", "paper"), every_sheet())
def test_japanese_line_breaking(sheets: Sheets, game: str, paper: str) -> None:
    """No line starts with a closing mark or ends with an opening one, on every sheet
    and booklet page (the half page's shorter measure breaks more lines)."""
    bad = []
    for line in sheets.text(game, "ja", paper).splitlines():
        for segment in re.split(r"\s{2,}", line.strip()):
            if not segment:
                continue
            if segment[0] in CANNOT_START and segment[0] in "、。」）』":
                bad.append(line)
            if segment[-1] in CANNOT_END and segment[-1] in "「（『":
                bad.append(line)
    assert not bad, f"{game}/{paper}:\n" + "\n".join(bad)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_page_size_and_numbers(sheets: Sheets, paper: str) -> None:
    reader = PdfReader(sheets.pdf("ultimatch", "en", paper))
    box = reader.pages[0].mediabox
    size = (round(float(box.width)), round(float(box.height)))
    assert size == {"a4": (595, 842), "letter": (612, 792)}[paper]
    total = len(reader.pages)
    assert total >= 2
    text = sheets.text("ultimatch", "en", paper)
    for n in range(1, total + 1):
        assert re.search(rf"(?<!\d){n}\s*/\s*{total}(?!\d)", text), f"page {n} / {total}"


def test_bytes_are_reproducible() -> None:
    a = render_rule_sheet("finger-auction", "ja", "a4", BASE_URL)
    b = render_rule_sheet("finger-auction", "ja", "a4", BASE_URL)
    assert a == b
    assert a.startswith(b"%PDF")


def test_bad_paper_is_refused() -> None:
    with pytest.raises(ValueError, match="paper"):
        render_rule_sheet("ultimatch", "en", "a5", BASE_URL)


def test_qr_code_opens_the_online_rules(sheets: Sheets, tmp_path) -> None:
    from PIL import Image

    pdf = sheets.pdf("gallery-rush", "ja")
    subprocess.run(
        ["pdftoppm", "-r", "200", "-f", "1", "-l", "1", "-png", str(pdf), str(tmp_path / "p")],
        check=True,
    )
    image = Image.open(next(tmp_path.glob("p*.png")))
    found = [r.text for r in zxingcpp.read_barcodes(image)]
    assert f"{BASE_URL}/ja/rules/gallery-rush" in found


@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_builds_in_both_papers(sheets: Sheets, game: str) -> None:
    for lang in LANGS:
        for paper in ("a4", "letter"):
            assert sheets.pdf(game, lang, paper).stat().st_size > 10_000
