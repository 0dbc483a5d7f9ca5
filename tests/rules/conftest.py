"""Rule-sheet fixtures: every sheet is rendered once per session and shared."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from cardpress.paths import ROOT
from cardpress.rules import DOCUMENTS, GAMES

BASE_URL = "https://referee.example.org"
LANGS = ("ja", "en")
PAPERS = ("a4", "letter")
#: a booklet's pages (A5 or half-letter) as ``render_booklet`` imposes them, by paper:
#: "booklet-a4", "booklet-letter" (``Sheets.pdf`` sets them page by page, unimposed)
BOOKLET = "booklet-"
BOOKLETS = tuple(BOOKLET + p for p in PAPERS)
#: every rule sheet a build makes, its booklets' pages too
EVERY_PAPER = (*PAPERS, *BOOKLETS)
RULINGS_MD = ROOT.parent / "shared" / "RULINGS.md"
PREFIX = {
    "gallery-rush": "GR",
    "finger-auction": "FA",
    "detective-eye": "DE",
    "ultimatch": "UM",
    "eshi100": "ES",
}


def every_sheet() -> list[tuple[str, str]]:
    """(document, paper) of every rule sheet a build makes: each document on both
    papers, and each game's booklet pages of both papers (a one-page document such as
    'choose' makes no booklet)."""
    return [(d, p) for d in DOCUMENTS for p in PAPERS] + [(g, b) for g in GAMES for b in BOOKLETS]


class Sheets:
    """Lazily rendered PDFs (bytes, file, text), cached for the session."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._pdf: dict[tuple[str, str, str], Path] = {}
        self._text: dict[tuple[str, str, str], str] = {}

    def pdf(self, game: str, lang: str, paper: str = "a4") -> Path:
        key = (game, lang, paper)
        if key not in self._pdf:
            from cardpress.print.rulesheet import render_rule_sheet

            path = self.folder / lang / "rules" / f"{game}-{paper}.pdf"
            path.parent.mkdir(parents=True, exist_ok=True)
            if paper.startswith(BOOKLET):  # the booklet's own pages, before imposition
                from cardpress.print.booklet import HALF
                from cardpress.print.rulesheet import render_pages

                half = HALF[paper.removeprefix(BOOKLET)]
                path.write_bytes(render_pages(game, lang, half, BASE_URL, quantum=4))
            else:
                path.write_bytes(render_rule_sheet(game, lang, paper, BASE_URL))
            self._pdf[key] = path
        return self._pdf[key]

    def words(self, game: str, lang: str, paper: str = "a4") -> str:
        """The sheet's own text in reading order (column by column): what pdftotext reads
        with the pictured cards left out (a card face prints what the card prints, e.g.
        the bilingual back)."""
        from .typeset_readback import without_pictures

        return subprocess.run(
            ["pdftotext", "-enc", "UTF-8", "-", "-"],
            input=without_pictures(self.pdf(game, lang, paper).read_bytes()),
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8")

    def text(self, game: str, lang: str, paper: str = "a4") -> str:
        """The sheet's text as pdftotext -layout reads it (what a reader sees, line by line)."""
        key = (game, lang, paper)
        if key not in self._text:
            out = subprocess.run(
                ["pdftotext", "-layout", "-enc", "UTF-8", str(self.pdf(game, lang, paper)), "-"],
                capture_output=True,
                check=True,
            ).stdout.decode("utf-8")
            self._text[key] = out
        return self._text[key]


@pytest.fixture(scope="session")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Sheets:
    return Sheets(tmp_path_factory.mktemp("rules-build"))


def ruling_ids() -> dict[str, list[str]]:
    """The ruling IDs of ../shared/RULINGS.md by prefix (empty if the file is absent)."""
    if not RULINGS_MD.is_file():
        return {}
    ids: dict[str, list[str]] = {}
    for m in re.finditer(r"^- ((GR|FA|DE|UM|ES)-\d+)\b", RULINGS_MD.read_text("utf-8"), re.M):
        ids.setdefault(m.group(2), []).append(m.group(1))
    return ids


__all__ = [
    "BASE_URL",
    "BOOKLET",
    "BOOKLETS",
    "DOCUMENTS",
    "EVERY_PAPER",
    "GAMES",
    "LANGS",
    "PAPERS",
    "PREFIX",
    "Sheets",
    "every_sheet",
    "ruling_ids",
]
