"""Booklets read back: landscape sheets of two pages each, in saddle-stitch order."""

from __future__ import annotations

import io
import re
import subprocess

import pytest
from pypdf import PdfReader

from cardpress.print.booklet import booklet_order, render_booklet
from cardpress.rules import GAMES, load_rules

from .conftest import BASE_URL

SHEETS = {"a4": (842, 595), "letter": (792, 612)}


def test_booklet_order() -> None:
    assert booklet_order(4) == [(4, 1), (2, 3)]
    assert booklet_order(8) == [(8, 1), (2, 7), (6, 3), (4, 5)]
    with pytest.raises(ValueError, match="multiple of 4"):
        booklet_order(6)


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
    pdf = render_booklet(game, lang, paper, BASE_URL)
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
