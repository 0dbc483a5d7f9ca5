"""Diagrams: drawn from data, registered fonts only, renderable as SVG."""

from __future__ import annotations

import pytest
from reportlab.graphics import renderSVG
from reportlab.graphics.shapes import Group, String

from cardpress.print import diagrams
from cardpress.print.fonts import DISPLAY, DISPLAY_BOLD, MONO, SANS, SANS_BOLD, SERIF
from cardpress.rules import GAMES, load_rules


def _strings(node):
    if isinstance(node, String):
        yield node
    elif isinstance(node, Group):
        for child in node.contents:
            yield from _strings(child)


def _all_diagrams():
    for game in GAMES:
        for lang in ("ja", "en"):
            for d in load_rules(game, lang).diagrams:
                yield game, lang, d


@pytest.mark.parametrize(("game", "lang", "diagram"), list(_all_diagrams()))
def test_diagram_draws_with_registered_fonts(game, lang, diagram) -> None:
    drawing = diagrams.draw(diagram, lang, 170 * 2.83)
    assert drawing is not None, diagram.kind
    assert drawing.initialFontName == (SANS if lang == "ja" else DISPLAY)
    fonts = {s.fontName for s in _strings(drawing)}
    # English labels are in the sheet's Latin display face (issue 24)
    assert fonts <= ({SANS, SANS_BOLD, SERIF, MONO} if lang == "ja" else {DISPLAY, DISPLAY_BOLD})
    texts = " ".join(s.text for s in _strings(drawing))
    assert texts.strip()
    assert renderSVG.drawToString(drawing).startswith("<?xml")


def test_every_kind_is_used() -> None:
    kinds = {d.kind for _, _, d in _all_diagrams()}
    assert kinds == {"fa-two-hands", "gr-flow", "um-pyramid", "um-mixing", "de-table", "es-anatomy"}


def test_two_hands_follows_the_engine() -> None:
    labels = {"valid": "OK", "blocked": "NO"}
    d = diagrams.finger_auction_two_hands(3, 3, 3, 4, labels)
    texts = [s.text for s in _strings(d)]
    assert any("NO" in t for t in texts) and any("OK" in t for t in texts)
    assert any("FA-3" in t for t in texts)  # the rule the engine applied
    both_blocked = [s.text for s in _strings(diagrams.finger_auction_two_hands(2, 3, 3, 2, labels))]
    assert sum("NO" in t for t in both_blocked) == 2


def test_pyramid_rows_and_colours_come_from_data() -> None:
    from cardpress.rules import data

    d5 = diagrams.ultimatch_pyramid(5, {}, "en")
    d6 = diagrams.ultimatch_pyramid(6, {}, "en")
    assert d6.height > d5.height
    assert [m for m, _ in data.colour_mixes()] == ["orange", "green", "purple"]


def test_wrap_keeps_closing_marks_off_line_starts() -> None:
    from cardpress.print.fonts import register_fonts

    register_fonts()
    lines = diagrams.wrap("あいうえおかきくけこ。さしすせそ", SANS, 10, 50)
    assert all(not line.startswith("。") for line in lines)


def test_rule_sheet_url_breaks_only_after_slashes() -> None:
    # the sheet's URL under its QR code is filled by the diagrams' line filler
    from reportlab.lib.units import mm

    from cardpress.print.fonts import register_fonts
    from cardpress.print.rulesheet import Styles, url_lines

    register_fonts()
    url = "https://referee.example.org/ja/rules/finger-auction"
    lines = url_lines(url, 34 * mm, Styles("en").url)
    assert len(lines) > 1
    assert "".join(lines) == url.removeprefix("https://")
    assert all(line.endswith("/") for line in lines[:-1])


def _flat(node):
    for child in getattr(node, "contents", ()):
        yield child
        yield from _flat(child)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_gallery_rush_flow_draws_an_arrow_to_every_outcome(lang) -> None:
    """Every outcome box is reached by an arrow and left by a line; the turn's end collects them."""
    from reportlab.graphics.shapes import Line, Path, Polygon, Rect

    from cardpress.print.typography import typographic

    flow = next(d for d in load_rules("gallery-rush", lang).diagrams if d.kind == "gr-flow")
    labels = flow.label_map
    drawing = diagrams.draw(flow, lang, 170 * 2.83)
    nodes = list(_flat(drawing))
    rects = [n for n in nodes if isinstance(n, Rect)]
    heads = [(n.points[0], n.points[1]) for n in nodes if isinstance(n, Polygon)]
    starts = [(n.x1, n.y1) for n in nodes if isinstance(n, Line)]
    starts += [(n.points[0], n.points[1]) for n in nodes if isinstance(n, Path) and n.points]

    def box_of(key: str) -> Rect:
        first = typographic(labels[key + "-title"] if key + "-title" in labels else labels[key])
        s = next(s for s in _strings(drawing) if s.text and first.startswith(s.text))
        around = [r for r in rects if r.x <= s.x <= r.x + r.width and r.y <= s.y <= r.y + r.height]
        return min(around, key=lambda r: r.width * r.height)

    def on_edge(pt, r: Rect) -> bool:
        x, y = pt
        inside_x = r.x - 1 <= x <= r.x + r.width + 1
        inside_y = r.y - 1 <= y <= r.y + r.height + 1
        edge_x = min(abs(x - r.x), abs(x - r.x - r.width)) < 1
        edge_y = min(abs(y - r.y), abs(y - r.y - r.height)) < 1
        return inside_x and inside_y and (edge_x or edge_y)

    for key in ("new", "same", "forgery", "mona", "hit", "miss"):
        r = box_of(key)
        assert any(on_edge(h, r) for h in heads), f"{lang}: no arrow into '{key}'"
        assert any(on_edge(p, r) for p in starts), f"{lang}: nothing leaves '{key}'"
    assert sum(on_edge(h, box_of("end")) for h in heads) >= 2, f"{lang}: the turn's end"
    assert any(on_edge(h, box_of("explore")) for h in heads if h[1] < box_of("explore").y + 1)


def test_pyramid_highlights_borrow_no_card_colour() -> None:
    """Frames and legend marks are told apart by line, not by a colour that means a card."""
    from reportlab.graphics.shapes import Rect
    from reportlab.lib.colors import HexColor

    from cardpress.rules import data

    cards = [HexColor(c.rgb) for c in data.catalogue().ultimatch.colours]
    frames = [
        n.strokeColor
        for n in _flat(diagrams.ultimatch_pyramid(5, {"cover": "x", "top": "y"}, "en"))
        if isinstance(n, Rect) and n.fillColor is None and n.strokeWidth >= 1  # not a back's rim
    ]
    assert frames
    for colour in frames:
        for card in cards:
            distance = max(abs(a - b) for a, b in zip(colour.rgb(), card.rgb(), strict=True))
            assert distance > 0.25, (colour, card)


def _sheet_widths() -> set[float]:
    """The width a rule sheet draws a diagram at across its page (on a two-column
    page a diagram too wide for a column spans both), on every paper and booklet
    page, in both languages."""
    from cardpress.print.booklet import HALF
    from cardpress.print.layout import PAPERS
    from cardpress.print.rulesheet import sheet_measure

    out = set()
    for size in (*PAPERS.values(), *HALF.values()):
        for lang in ("ja", "en"):
            page = sheet_measure(lang, size)
            out.add(page.full_w - page.label_w)
    return out


@pytest.mark.parametrize(("game", "lang", "diagram"), list(_all_diagrams()))
def test_diagram_stays_inside_its_box_at_every_sheet_width(game, lang, diagram) -> None:
    """Nothing a diagram draws (a label wrapped a word a line runs down) leaves the box
    the sheet gives it (standing at most FIT_SLACK into the margin, else set smaller by
    ``fitted``), at every width a sheet or booklet sets it."""
    from cardpress.print.diagrams import FIT_SLACK

    out = []
    for width in sorted(_sheet_widths()):
        drawing = diagrams.fitted(diagrams.draw(diagram, lang, width), width)
        x0, y0, x1, y1 = drawing.getBounds()
        if x0 < -1 or y0 < -1 or x1 > width + FIT_SLACK or y1 > drawing.height + 1:
            out.append((round(width), (round(x0), round(y0), round(x1), round(y1))))
        if drawing.width > width + FIT_SLACK:
            out.append((round(width), "wider", round(drawing.width)))
    assert not out, f"{game}/{lang}/{diagram.kind}: {out}"


def test_japanese_labels_break_between_phrases() -> None:
    """A Japanese diagram label, set ragged like a heading, breaks only between budoux's
    phrases (最後の1枚, never 最後の1|枚) at any width that holds its longest phrase."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from cardpress.print.fonts import register_fonts
    from cardpress.print.typography import typographic
    from cardpress.rules.kinsoku import phrase_boundaries, phrases

    register_fonts()
    bad = []
    for game in GAMES:
        for d in load_rules(game, "ja").diagrams:
            for text in d.label_map.values():
                text = typographic(text)
                longest = max(stringWidth(p, SANS, 7) for p in phrases(text))
                bounds = phrase_boundaries(text)
                for width in (longest + 1, longest * 1.5, longest * 2.5):
                    at = 0
                    for line in diagrams.wrap(text, SANS, 7, width)[:-1]:
                        at = text.index(line, at) + len(line)
                        if at not in bounds:
                            bad.append(f"{game}: {text[:at]}|{text[at:]}")
    assert not bad, "\n".join(sorted(set(bad)))
