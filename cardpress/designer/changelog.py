"""The changelog sheet: a diff printed like the rule sheets, in one language.

The rule sheets' stylesheet (``sheet_styles.toml``), their paragraph
classes (Japanese kinsoku, English justified), margins and "n / N" footer;
only the registered TrueType fonts, every one embedded; ``invariant`` so
the same diff gives the same bytes.
"""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Spacer, Table, TableStyle

from cardpress.designer.compare import Diff
from cardpress.designer.report import (
    card_line,
    deck_heading,
    reprint_line,
    rule_groups,
    settings_lines,
)
from cardpress.designer.words import say
from cardpress.print.fonts import register_fonts
from cardpress.print.palette import ACCENT, HEAD_BG, RULE
from cardpress.print.rulesheet import (
    MARGIN_BOTTOM,
    MARGIN_TOP,
    MARGIN_X,
    PAPERS,
    Styles,
    _canvas_maker,
)
from cardpress.print.typography import sheet_typography_markup, typographic_markup


def render_changelog(
    diff: Diff, lang: str, paper: str, since: str, titles: dict[str, str], files: list[str]
) -> bytes:
    """The changelog of ``diff`` as PDF bytes; ``files``: the reprint pack's files.

    It is long because it lays out one document top to bottom (title, summary table, one section
    per changed card); each step places the next on the page the last left.
    """
    register_fonts()
    s = Styles(lang)
    pagesize = PAPERS[paper]
    width = pagesize[0] - 2 * MARGIN_X

    def p(text: str, style) -> object:
        markup = sheet_typography_markup(typographic_markup(escape(text)), lang)
        bullet = "•" if style is s.bullet else None
        return s.para_class(style)(markup, style, bulletText=bullet)

    title = say(lang, "Changelog")
    subtitle = say(lang, "Changes since {since}", since=since)
    story: list = [p(title, s.title), p(subtitle, s.subtitle), Spacer(1, 6)]
    if diff.empty:
        story.append(p(say(lang, "Nothing changed."), s.para))
    for deck in diff.decks:
        if not (deck.cards or deck.settings or deck.version[0] != deck.version[1]):
            continue
        story.append(p(deck_heading(deck, lang), s.h1))
        if deck.settings:
            story.append(p(say(lang, "Deck settings"), s.h2))
            story.extend(p(line, s.bullet) for line in settings_lines(deck, lang))
        if deck.cards:
            rows = [
                [
                    p(say(lang, "Card"), s.cell_head),
                    p(say(lang, "What changed"), s.cell_head),
                    p(say(lang, "How it prints"), s.cell_head),
                ]
            ]
            for change in deck.cards:
                line = card_line(change, lang)
                what = [line.status, *line.fields]
                rows.append(
                    [
                        p(line.card, s.cell),
                        [p(w, s.cell) for w in what],
                        p(line.prints, s.cell),
                    ]
                )
            table = Table(rows, colWidths=[width * 0.28, width * 0.47, width * 0.25], repeatRows=1)
            table.setStyle(
                TableStyle(
                    [
                        ("FONT", (0, 0), (-1, -1), s.fonts.body, 8.4),
                        ("VALIGN", (0, 0), (-1, -1), "TOP"),
                        ("TOPPADDING", (0, 0), (-1, -1), 2.2),
                        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
                        ("LEFTPADDING", (0, 0), (-1, -1), 4),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 4),
                        ("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE),
                        ("LINEABOVE", (0, 0), (-1, 0), 0.9, ACCENT),
                        ("LINEBELOW", (0, -1), (-1, -1), 0.9, ACCENT),
                        ("BACKGROUND", (0, 0), (-1, 0), HEAD_BG),
                    ]
                )
            )
            story.extend([table, Spacer(1, 6)])
    if diff.rules:
        story.append(p(say(lang, "Rules"), s.h1))
        story.extend(p(line, s.bullet) for line in rule_groups(diff.rules, lang, titles))
    story.append(p(say(lang, "Reprint pack"), s.h1))
    story.append(p(reprint_line(diff, lang), s.para))
    if files:
        story.append(p(say(lang, "Files"), s.h2))
        story.extend(p(f, s.bullet) for f in files)
    buf = io.BytesIO()
    template = BaseDocTemplate(
        buf,
        pagesize=pagesize,
        leftMargin=MARGIN_X,
        rightMargin=MARGIN_X,
        topMargin=MARGIN_TOP,
        bottomMargin=MARGIN_BOTTOM,
        title=f"{title} — {subtitle}",
        author="cardpress",
        creator="cardpress",
        lang=lang,
        invariant=1,
        initialFontName=s.fonts.label,
    )
    frame = Frame(
        MARGIN_X,
        MARGIN_BOTTOM,
        width,
        pagesize[1] - MARGIN_TOP - MARGIN_BOTTOM,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="body",
    )
    template.addPageTemplates([PageTemplate(id="page", frames=[frame])])
    footer = f"{title}{'・' if lang == 'ja' else ' · '}{subtitle}"
    template.build(story, canvasmaker=_canvas_maker(footer, s.fonts, []))
    return buf.getvalue()
