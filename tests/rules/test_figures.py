"""Pictures of the real cards in the rule sheets, read back from every sheet's PDF.

Each figure is numbered and captioned in the sheet's language, lands on the page
of its first reference or the next one, and its cards are drawn on the page
that prints its caption (a figure never parts from its caption), on every sheet
and on both booklets' half pages. The faces are the decks' own: what the card
prints (a title, a painter) is in the picture.
"""

from __future__ import annotations

import re
import subprocess

import pikepdf
import pytest

from cardpress.print.card_figures import MAX_STACK
from cardpress.rules import GAMES, load_rules
from cardpress.rules.model import plain

from .conftest import EVERY_PAPER, LANGS, Sheets
from .typeset_readback import without_pictures


def _pages(pdf: bytes) -> list[str]:
    """Each page's words in reading order, lines joined (a hyphen at a line's end dropped)."""
    out = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode("utf-8")
    pages = out.split("\f")[:-1]
    return [re.sub(r"\s+", " ", re.sub(r"(?<=[a-z])-\n", "", p)) for p in pages]


def _find(pages: list[str], words: str) -> int | None:
    """The first page (1-based) holding ``words`` (spaces may be any whitespace)."""
    pattern = re.compile(r"\s*".join(re.escape(w) for w in re.split(r"\s+", words)))
    for n, text in enumerate(pages, 1):
        if pattern.search(text.replace(" ", "")) or pattern.search(text):
            return n
    return None


def _pictures_per_page(path) -> list[int]:
    """How many card faces and backs each page draws (placed forms of the figures)."""
    out = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            names = {
                str(k)
                for k in page.Resources.get("/XObject", {})
                if "cardpress-figure" in str(k) or "cardpress-face" in str(k)
            }
            n = 0
            for operands, op in pikepdf.parse_content_stream(page):
                if str(op) == "Do" and str(operands[0]) in names:
                    n += 1
            out.append(n)
    return out


def _drawn(fig) -> int:
    return sum(
        min(i.count, MAX_STACK) if i.kind == "back" else 1
        for g in fig.groups
        for i in g.items
        if i.kind != "hand"
    )


@pytest.mark.parametrize("game", GAMES)
def test_every_game_pictures_components_set_up_and_play(game: str) -> None:
    for lang in LANGS:
        figures = load_rules(game, lang).figures
        assert len(figures) >= 3, f"{game}/{lang}: {len(figures)} figures"
        assert [f.number for f in figures] == list(range(1, len(figures) + 1))
        assert all(f.caption for f in figures)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", EVERY_PAPER)
def test_figures_land_near_their_reference_with_their_caption(
    sheets: Sheets, game: str, lang: str, paper: str
) -> None:
    doc = load_rules(game, lang)
    path = sheets.pdf(game, lang, paper)
    pages = _pages(without_pictures(path.read_bytes()))
    drawn = [0] * len(pages)
    for fig in doc.figures:
        ref = doc.label("see-figure").replace("{n}", str(fig.number))
        head = fig.words
        ref_page = _find(pages, ref)
        start = re.split(r"[\'\"‘’“”(（]", plain(fig.caption))[0][:14]
        cap_page = _find(pages, f"{head} {start}")
        assert ref_page is not None, f"{game}/{lang}/{paper}: no reference {ref!r}"
        assert cap_page is not None, f"{game}/{lang}/{paper}: no caption {head!r}"
        assert ref_page <= cap_page <= ref_page + 1, (
            f"{game}/{lang}/{paper}: {head} on p{cap_page}, referred to on p{ref_page}"
        )
        drawn[cap_page - 1] += _drawn(fig)
    # every card pictured is drawn on the page that prints its figure's caption
    assert _pictures_per_page(path) == drawn, f"{game}/{lang}/{paper}"


@pytest.mark.parametrize("lang", LANGS)
def test_the_pictures_are_the_decks_own_faces(sheets: Sheets, lang: str) -> None:
    """What a card prints is in its picture: the 絵師100人展 titles in the sheet's language."""
    from cardpress.print.build import load_deck

    deck, _root = load_deck("eshi100", None)
    titles = {c.id: getattr(c.title, lang) for c in deck.cards}
    text = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", str(sheets.pdf("eshi100", lang)), "-"],
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    flat = re.sub(r"\s+", "", text)
    pictured = {
        i.card for f in load_rules("eshi100", lang).figures for g in f.groups for i in g.items
    } - {""}
    missing = [titles[c] for c in pictured if re.sub(r"\s+", "", titles[c]) not in flat]
    assert not missing, f"eshi100/{lang}: pictured cards without their title: {missing}"


def test_a_sheet_with_pictures_is_reproducible() -> None:
    from cardpress.print.rulesheet import render_rule_sheet

    a = render_rule_sheet("gallery-rush", "en", "letter", "https://x.example")
    b = render_rule_sheet("gallery-rush", "en", "letter", "https://x.example")
    assert a == b
