"""Triptych's rule cards play the game: their tables are on the card, and everything fits."""

from __future__ import annotations

import io
import re
import subprocess
from collections import Counter
from itertools import pairwise

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from cardpress.print import faces_triptych
from cardpress.print.fonts import register_fonts
from cardpress.print.layout import SIZES
from cardpress.print.typeset import MIN_SIZE, Ctx

from .helpers import catalogue

BASE = "http://192.0.2.7:5000"
RULE_CARDS = ("r0", "r1", "r2", "r3")


def _draw(card_id: str, lang: str) -> tuple[float, str]:
    """Draw one poker rule card and its continuations, a page each: (type size used, their
    text as pdftotext reads it)."""
    register_fonts()
    deck = catalogue().triptych
    card = next(c for c in deck.cards if c.id == card_id)
    size = SIZES["poker"]
    printed = faces_triptych.with_continuations([card], lang, size, BASE)
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(size.width, size.height))
    for part in printed:
        used = faces_triptych.draw_rule_card(canvas, Ctx(lang, BASE, size), deck, part)
        canvas.showPage()
    canvas.save()
    text = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", "-", "-"], input=buf.getvalue(), capture_output=True
    ).stdout.decode("utf-8")
    assert len(PdfReader(io.BytesIO(buf.getvalue())).pages) == len(printed) <= 2
    return used, text


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("card_id", RULE_CARDS)
def test_every_line_of_the_rule_card_is_printed(card_id: str, lang: str) -> None:
    used, text = _draw(card_id, lang)
    assert used > 0, f"{card_id} ({lang}): the text overflows even at {-used:.1f} pt"
    assert used >= faces_triptych.RULE_CARD_MIN_PT, f"{card_id} ({lang}): {used:.1f} pt"
    flat = "".join(text.split())
    from cardpress.rules import rule_card

    game = next(c for c in catalogue().triptych.cards if c.id == card_id).game or "choose"
    for item in rule_card(game, lang):
        # the last words of every paragraph and of every table row made it onto the card
        assert "".join(item.heading.split()) in flat, (card_id, lang, item.heading)
        assert "".join(item.body.split())[-6:] in flat, (card_id, lang, item.body)
        for row in item.table.rows if item.table else ():
            assert "".join(row[-1].text.split())[-4:] in flat, (card_id, lang, row[-1].text)
    assert BASE in flat  # the address the build was given


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_cards_carry_the_tables_of_the_printed_product(lang: str) -> None:
    from cardpress.rules import rule_card
    from cardpress.rules.data import finger_auction_table

    gr = [i.table for i in rule_card("gallery-rush", lang) if i.table]
    assert gr and len(gr[0].rows) == 3  # painter, "forgery", "Mona Lisa"
    fa = next(i.table for i in rule_card("finger-auction", lang) if i.table)
    printed = [[int(c.text) for c in row[1:]] for row in fa.rows[1:]]
    # the engine's table, every row
    assert printed == [list(r.points) for r in finger_auction_table()]
    de = rule_card("detective-eye", lang)[0]
    assert "5" in de.body and "2" in de.body and "3" in de.body  # deal 5, pass 2, 3 forgeries


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_detective_eye_card_says_how_to_set_up(lang: str) -> None:
    """Hand size and the forgery supply, as the engine deals them, are on the printed card."""
    from cardpress.games.detective_eye import HAND, SUPPLY
    from cardpress.rules import rule_card

    _used, text = _draw("r3", lang)
    flat = "".join(text.split())
    set_up = rule_card("detective-eye", lang)[0]
    assert "".join(set_up.heading.split()) in flat
    body = "".join(set_up.body.split())
    for n in (HAND, SUPPLY):
        assert str(n) in body, (lang, n, set_up.body)


def _expected(game: str, lang: str) -> tuple[str, str]:
    """(paragraphs, table cells) of the card, without spaces, as the faces set them."""
    from cardpress.print.typography import typographic
    from cardpress.rules import rule_card

    paras, cells = [], []
    for item in rule_card(game, lang):
        paras += [item.heading, item.body]
        for row in item.table.rows if item.table else ():
            cells += [cell.text for cell in row]
    return tuple("".join("".join(typographic(p).split()) for p in ps) for ps in (paras, cells))


def _in_order(needle: str, hay: str) -> int:
    """How many characters of ``needle`` are found in ``hay`` in order (all: nothing lost)."""
    at = 0
    for n, ch in enumerate(needle):
        at = hay.find(ch, at)
        if at < 0:
            return n
        at += 1
    return len(needle)


@pytest.mark.parametrize("size", ["poker", "bridge", "mini-euro"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rule_cards_lose_nothing_at_every_size(lang: str, size: str) -> None:
    """Read back from the deck's own print-shop PDF: every word of every rule card is on
    the card or its continuations, no glyph below 6 pt, every line inside the safe area."""
    from cardpress.print.layout import SAFE
    from cardpress.print.sheets import render_print_shop_pdf

    from .readback import glyph_sizes, lines

    cat = catalogue()
    deck = cat.triptych
    rules = [c for c in deck.cards if c.id in RULE_CARDS]
    pdf = render_print_shop_pdf(
        deck, lang, BASE, size=size, root=cat.root, cards=rules, backs=False, bleed=0.0
    )
    printed = faces_triptych.with_continuations(rules, lang, SIZES[size], BASE)
    assert len(PdfReader(io.BytesIO(pdf)).pages) == len(printed)
    found = lines(pdf)
    for card in rules:
        pages = [n for n, c in enumerate(printed, 1) if card.id in (c.id, getattr(c, "first", ""))]
        flat = "".join("".join(ln.text.split()) for ln in found if ln.page in pages)
        paras, cells = _expected(card.game or "choose", lang)
        # the paragraphs in reading order; every character of them and of the tables
        # (pdftotext reads a table's cells side by side) as often as the card has it
        assert _in_order(paras, flat) == len(paras), (card.id, lang, size, len(pages))
        assert not Counter(paras + cells) - Counter(flat), (card.id, lang, size)
        if len(pages) > 1:
            assert f"{len(pages)}/{len(pages)}" in flat
    small = [(p, round(s, 2), t) for p, s, t in glyph_sizes(pdf) if s < MIN_SIZE - 0.01]
    assert not small, small[:5]
    w, h = SIZES[size].width, SIZES[size].height
    outside = [
        ln
        for ln in found
        if ln.box[0] < SAFE - 0.5
        or ln.box[2] > w - SAFE + 0.5
        or ln.box[1] < SAFE - 0.5
        or ln.box[3] > h - SAFE + 0.5
    ]
    assert not outside, outside[:3]


def test_a_longer_rule_card_text_takes_more_cards() -> None:
    """The split follows the text, not the card's name: ``build --watch`` rebuilds an edited
    rule card with as many continuation cards as its new text needs."""
    from cardpress.rules import rule_card

    items = rule_card("finger-auction", "en")
    size = SIZES["bridge"]
    _, parts = faces_triptych.rule_card_split("en", size, BASE, "finger-auction")
    _, longer = faces_triptych.split_rule_card(items + items, "en", size, BASE)
    assert longer > parts


_BOX = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


@pytest.mark.parametrize("size", ["poker", "bridge", "mini-euro"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_finger_auction_table_reads_well_at_every_size(lang: str, size: str) -> None:
    """The score table's ten columns, read back from the printed card: every number a word
    of its own at least 1 pt from its neighbours, every painter's name on one line."""
    from cardpress.print.sheets import render_print_shop_pdf
    from cardpress.rules import rule_card

    from .readback import lines

    cat = catalogue()
    card = next(c for c in cat.triptych.cards if c.game == "finger-auction")
    pdf = render_print_shop_pdf(
        cat.triptych, lang, BASE, size=size, root=cat.root, cards=[card], backs=False, bleed=0.0
    )
    table = next(i.table for i in rule_card("finger-auction", lang) if i.table)
    out = subprocess.run(
        ["pdftotext", "-bbox", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
    rows: dict[tuple[int, float], list[tuple[float, float, str]]] = {}
    for p, page in enumerate(out.split("<page ")[1:], 1):
        for x0, y0, x1, _y1, word in _BOX.findall(page):
            rows.setdefault((p, round(float(y0))), []).append((float(x0), float(x1), word))
    numbers = []
    for key, words in rows.items():
        words.sort()
        if sum(w.isdigit() for _a, _b, w in words) < 3:
            continue  # not a table row
        numbers += [w for _a, _b, w in words if w.isdigit()]
        gaps = [b[0] - a[1] for a, b in pairwise(words)]
        assert min(gaps) >= 1.0, (lang, size, key, words)
    expected = [c.text for row in table.rows for c in row[1:]]
    assert Counter(numbers) == Counter(expected), (lang, size, sorted(numbers))
    texts = [ln.text for ln in lines(pdf)]
    for row in table.rows:
        for word in re.findall(r"[\u30a1-\u30fc]+|[A-Za-z]+", row[0].text):
            assert any(word in t for t in texts), (lang, size, word)


@pytest.mark.parametrize("size", ["poker", "bridge", "mini-euro"])
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rule_card_bodies_are_set_at_least_6_5_pt_on_1_2_leading(lang: str, size: str) -> None:
    """Read back from the deck's print-shop PDF (pypdf's text runs): every line in a rule
    card's text areas, paragraphs and table cells, is at least ``RULE_CARD_MIN_PT``, and
    each stands at least ``RULE_CARD_LEADING`` times its size below the line above it in
    its column, so descenders clear the next line's ascenders and the table rules."""
    from cardpress.print.sheets import render_print_shop_pdf

    from .readback import text_runs

    cat = catalogue()
    deck = cat.triptych
    rules = [c for c in deck.cards if c.id in RULE_CARDS]
    pdf = render_print_shop_pdf(
        deck, lang, BASE, size=size, root=cat.root, cards=rules, backs=False, bleed=0.0
    )
    areas, *_ = faces_triptych._rule_card_frame(Ctx(lang, BASE, SIZES[size]))
    # each body line by page, area and the x its column starts at: baseline -> its size
    columns: dict[tuple[int, int, float], dict[float, float]] = {}
    for run in text_runs(pdf):
        for a, (x, y, w, h) in enumerate(areas):
            if x - 0.5 <= run.x <= x + w and y - 0.5 <= run.baseline <= y + h:
                line = columns.setdefault((run.page, a, round(run.x, 1)), {})
                key = round(run.baseline, 2)
                line[key] = max(line.get(key, 0.0), run.size)
                break
    pages = {page for page, _a, _x in columns}
    assert pages == set(range(1, len(PdfReader(io.BytesIO(pdf)).pages) + 1))
    sizes = [s for line in columns.values() for s in line.values()]
    small = sorted(s for s in sizes if s < faces_triptych.RULE_CARD_MIN_PT - 0.01)
    assert not small, (lang, size, small[:5])
    tight = []
    for where, line in columns.items():
        for upper, lower in pairwise(sorted(line, reverse=True)):
            size_pt = max(line[upper], line[lower])
            if upper - lower < faces_triptych.RULE_CARD_LEADING * size_pt - 0.01:
                tight.append((where, upper, lower, round((upper - lower) / size_pt, 3)))
    assert not tight, (lang, size, tight[:5])
    # the check reads lines: every card has runs of several lines in one column
    assert max(len(line) for line in columns.values()) >= 5
