"""Booklets read back: landscape sheets of two pages each, in saddle-stitch order."""

from __future__ import annotations

import functools
import io
import math
import re
import subprocess

import pytest
from pypdf import PdfReader

from cardpress.print.booklet import booklet_order, render_booklet
from cardpress.rules import GAMES, load_rules

from .conftest import BASE_URL, BOOKLET, Sheets

SHEETS = {"a4": (842, 595), "letter": (792, 612)}


def test_booklet_order() -> None:
    assert booklet_order(4) == [(4, 1), (2, 3)]
    assert booklet_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    with pytest.raises(ValueError, match="multiple of 4"):
        booklet_order(6)


@functools.cache
def _booklet(game: str, lang: str, paper: str) -> bytes:
    return render_booklet(game, lang, paper, BASE_URL)


def saddle_stitch_faults(sides: list[tuple[int, int]]) -> list[str]:
    """What keeps ``sides`` (left, right reading pages of each imposed side, in print
    order) from folding into a saddle-stitched booklet, judged from the fold itself
    rather than from ``booklet_order``: the sheets nest outer to inner, a sheet's front
    holds the last unplaced page on the left and the first on the right, its back the
    next two the other way round, so every side's pages add up to the page count + 1."""
    total = 2 * len(sides)
    faults = []
    if total % 4:
        faults.append(f"{total} pages is not a multiple of 4")
    if sorted(p for side in sides for p in side) != list(range(1, total + 1)):
        faults.append(f"not each of pages 1..{total} once: {sides}")
    for i, (left, right) in enumerate(sides):
        sheet, back = divmod(i, 2)
        first = 2 * sheet + 1  # the lowest page the sheet holds
        want = (first + 1, total - first) if back else (total + 1 - first, first)
        if (left, right) != want:
            where = "back" if back else "front"
            faults.append(f"sheet {sheet + 1} {where}: {left}|{right}, folds as {want}")
        if left + right != total + 1:
            faults.append(f"side {i + 1}: {left}+{right} do not face across the fold")
    return faults


def test_saddle_stitch_faults_are_found() -> None:
    assert saddle_stitch_faults([(8, 1), (2, 7), (6, 3), (4, 5)]) == []
    assert saddle_stitch_faults([(4, 1), (2, 3)]) == []
    assert saddle_stitch_faults([(1, 8), (2, 7), (6, 3), (4, 5)])  # outer front reversed
    assert saddle_stitch_faults([(6, 3), (4, 5), (8, 1), (2, 7)])  # sheets swapped
    assert saddle_stitch_faults([(2, 1)])  # two pages do not fold
    assert saddle_stitch_faults([(4, 1), (2, 2)])


def _label_pages(label: str) -> tuple[int, int]:
    m = re.fullmatch(r"(\d+)\|(\d+)", label)
    assert m, f"page label {label!r} does not name two reading pages"
    return int(m.group(1)), int(m.group(2))


def _text(pdf: bytes, page: int, crop: list[str] | None = None) -> str:
    out = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", "-f", str(page), "-l", str(page), *(crop or []), "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    )
    return re.sub(r"\s+", "", out.stdout.decode())


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_booklet_page_labels_name_the_pages_each_side_holds(
    sheets: Sheets, game: str, lang: str, paper: str
) -> None:
    """Each side's /PageLabels entry ("8|1") read back is the saddle-stitch order, and
    each half of the side holds that page of the unimposed booklet: its folio, and the
    first words the unimposed page begins with."""
    pdf = _booklet(game, lang, paper)
    reader = PdfReader(io.BytesIO(pdf))
    assert "/PageLabels" in reader.trailer["/Root"], f"{game} {lang} {paper}: no page labels"
    sides = [_label_pages(label) for label in reader.page_labels]
    assert len(sides) == len(reader.pages)
    assert saddle_stitch_faults(sides) == [], f"{game} {lang} {paper}"
    total = 2 * len(sides)
    unimposed = sheets.pdf(game, lang, BOOKLET + paper).read_bytes()
    assert len(PdfReader(io.BytesIO(unimposed)).pages) == total
    for n, (page, pages) in enumerate(zip(reader.pages, sides, strict=True), 1):
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        for k, number in enumerate(pages):
            crop = ["-x", str(int(k * w / 2)), "-y", "0", "-W", str(int(w / 2)), "-H", str(int(h))]
            half = _text(pdf, n, crop)
            where = f"{game} {lang} {paper} side {n} ({reader.page_labels[n - 1]})"
            assert f"{number}/{total}" in half, f"{where}: no folio {number}/{total}"
            opening = _text(unimposed, number)[:24]
            assert len(opening) >= 12 and opening in half, f"{where}: not page {number}"


def _half_text(pdf: bytes, page: int, left: bool, width: float, height: float) -> str:
    x = 0 if left else int(width / 2)
    crop = ["-x", str(x), "-y", "0", "-W", str(int(width / 2)), "-H", str(int(height))]
    out = subprocess.run(
        ["pdftotext", "-f", str(page), "-l", str(page), *crop, "-layout", "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    )
    return out.stdout.decode()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_booklet_pages_read_in_order(game: str, lang: str, paper: str) -> None:
    pdf = _booklet(game, lang, paper)
    assert pdf == render_booklet(game, lang, paper, BASE_URL), "not reproducible"
    reader = PdfReader(io.BytesIO(pdf))
    sides = len(reader.pages)
    total = 2 * sides
    assert total % 4 == 0
    instruction = load_rules(game, lang).label("booklet")
    assert instruction
    printed: list[tuple[int, int]] = []
    for n, page in enumerate(reader.pages, 1):
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(w), round(h)) == SHEETS[paper]
        numbers = []
        for left in (True, False):
            text = _half_text(pdf, n, left, w, h)
            found = re.findall(rf"(?<!\d)(\d+)\s*/\s*{total}(?!\d)", text)
            assert len(found) == 1, f"{game} side {n}: page labels {found}"
            body = re.sub(r"\s+", "", text.replace(found[0], ""))
            assert len(body) > 40, f"{game} side {n}: a blank page"
            numbers.append(int(found[0]))
        printed.append((numbers[0], numbers[1]))
        whole = subprocess.run(
            ["pdftotext", "-f", str(n), "-l", str(n), "-", "-"], input=pdf, capture_output=True
        ).stdout.decode()
        assert re.sub(r"\s", "", instruction)[:12] in re.sub(r"\s", "", whole)
    assert printed == booklet_order(total)
    # a file list or a viewer's title bar says which file is the booklet, in its language
    title = reader.metadata.title
    doc_title = load_rules(game, lang).title
    assert title == (f"{doc_title}（小冊子）" if lang == "ja" else f"{doc_title} (booklet)")


def test_build_plans_a_booklet_beside_each_sheet() -> None:
    from dataclasses import replace
    from pathlib import Path

    from cardpress.print.build import Options, plan

    opts = Options(langs=("ja",), papers=("letter",), decks=("ultimatch",), out=Path("x"))
    assert [j.outputs[0] for j in plan(opts) if j.kind == "booklet"] == []
    booklets = [j.outputs[0] for j in plan(replace(opts, booklet=True)) if j.kind == "booklet"]
    assert booklets == ["ja/rules/ultimatch-letter-booklet.pdf"]


def test_cli_has_the_booklet_option() -> None:
    from click.testing import CliRunner

    from cardpress.cli import main

    result = CliRunner().invoke(main, ["build", "--help"])
    assert "--booklet" in result.output


#: how many pages tall the one long page is that measures a booklet's rules unbroken
LONG_PAGE = 12


def _rules_height(game: str, lang: str, paper: str, tmp_path) -> float:
    """How many half pages a booklet's rules fill set on one long page, as if no page
    ever broke: the least its pages could hold them in (a page break only loses room,
    at the foot of a page a kept block or a row did not fit)."""
    from cardpress.print.booklet import HALF
    from cardpress.print.rulesheet import MARGIN_BOTTOM, MARGIN_TOP, render_pages

    from .test_typesetting import page_fill

    w, h = HALF[paper]
    frame = h - MARGIN_TOP - MARGIN_BOTTOM
    long = tmp_path / f"{game}-{lang}-{paper}-long.pdf"
    long.write_bytes(
        render_pages(
            game, lang, (w, MARGIN_TOP + MARGIN_BOTTOM + LONG_PAGE * frame), BASE_URL, quantum=1
        )
    )
    (fill,) = page_fill(long, tmp_path, lang)
    assert fill < 0.95, f"{game} {lang} {paper}: the long page is too short to measure"
    return fill * LONG_PAGE


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_booklet_takes_no_sheet_more_than_its_rules_need(
    sheets: Sheets, game: str, lang: str, paper: str, tmp_path
) -> None:
    """A booklet is as many sheets as its rules fill, unbroken, rounded up to whole
    pages and then to sheets of four: a table moved whole to the next page left
    Gallery Rush's half-letter page 4 three fifths full and pushed the rules to a
    ninth page, a third sheet of paper and three notes pages."""
    need = math.ceil(math.ceil(_rules_height(game, lang, paper, tmp_path)) / 4)
    pages = len(PdfReader(sheets.pdf(game, lang, BOOKLET + paper)).pages)
    assert pages // 4 <= need, f"{game} {lang} {paper}: {pages} pages, {need} sheet(s) hold it"
