"""Each page kind's styles stay on that kind of page.

The live tables' `.card {width: 64px}` once also styled the card page's
`<article class="card">`, and every printed QR code opened a page one word a
line wide. referee.css now scopes every rule to the page kinds it is for
(base.html puts `page-<kind>` on <body>, each template names its kind);
only elements and the frame base.html draws are styled for every page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import tinycss2

from cardpress.paths import ROOT

TEMPLATES = ROOT / "templates" / "referee"
CSS = ROOT / "referee" / "static" / "referee.css"
KIND_BLOCK = re.compile(r"\{% block page_kind %\}([a-z-]+)\{% endblock %\}")


def page_kinds() -> set[str]:
    return {
        m.group(1) for t in TEMPLATES.rglob("*.html") for m in KIND_BLOCK.finditer(t.read_text())
    }


def frame_classes() -> set[str]:
    """The classes base.html itself renders on every page (header, footer, ...)."""
    source = (TEMPLATES / "base.html").read_text()
    return {c for attr in re.findall(r'class="([^"{]*)"', source) for c in attr.split()}


def selectors(rules: list) -> Iterator[list]:
    """Every selector of every style rule (inside @media too), as tokens."""
    for rule in rules:
        if rule.type == "qualified-rule":
            current: list = []
            for token in rule.prelude:
                if token.type == "literal" and token.value == ",":
                    yield current
                    current = []
                else:
                    current.append(token)
            yield current
        elif rule.type == "at-rule" and rule.content is not None:
            yield from selectors(tinycss2.parse_rule_list(rule.content, True, True))


def classes(tokens: list) -> set[str]:
    found, previous = set(), None
    for token in tokens:
        if token.type == "ident" and previous is not None and _is(previous, "."):
            found.add(token.value)
        if token.type == "function":
            found |= classes(token.arguments)
        previous = token
    return found


def _is(token, literal: str) -> bool:
    return token.type == "literal" and token.value == literal


def scope(tokens: list) -> set[str] | None:
    """The page kinds a selector is scoped to (`.page-x ...`, `:is(.page-x, .page-y) ...`)."""
    tokens = [t for t in tokens if t.type not in ("whitespace", "comment")]
    if len(tokens) >= 2 and _is(tokens[0], ".") and tokens[1].type == "ident":
        name = tokens[1].value
        return {name.removeprefix("page-")} if name.startswith("page-") else None
    if len(tokens) > 1 and _is(tokens[0], ":"):
        head = tokens[1]
        if head.type == "function" and head.lower_name == "is":
            names = classes(head.arguments)
            others = [
                t
                for t in head.arguments
                if t.type == "ident" and not any(t.value == n for n in names)
            ]
            if names and all(n.startswith("page-") for n in names) and not others:
                return {n.removeprefix("page-") for n in names}
    return None


def stylesheet() -> list:
    return tinycss2.parse_stylesheet(CSS.read_text(), skip_comments=True, skip_whitespace=True)


def test_every_page_template_names_its_kind():
    """A page that extends base.html directly says which kind it is."""
    missing = [
        str(t.relative_to(TEMPLATES))
        for t in TEMPLATES.rglob("*.html")
        if '{% extends "base.html" %}' in t.read_text() and not KIND_BLOCK.search(t.read_text())
    ]
    assert missing == []
    assert {"card", "deck", "rules", "scorers", "follow", "table"} <= page_kinds()


def test_every_rule_is_scoped_to_its_page_kinds_or_styles_the_frame():
    kinds, frame, unscoped, unknown = page_kinds(), frame_classes(), [], []
    for tokens in selectors(stylesheet()):
        text = tinycss2.serialize(tokens).strip()
        scoped = scope(tokens)
        if scoped is None:
            if classes(tokens) - frame:
                unscoped.append(text)
        elif scoped - kinds:
            unknown.append(text)
    assert unscoped == [], "scope these to their page kinds (.page-<kind> or :is(...))"
    assert unknown == [], f"no template is of these kinds; kinds are {sorted(kinds)}"


def test_the_tables_cards_are_only_styled_on_table_pages():
    """The rule that squeezed every card page: `.card` is the tables' printed card."""
    card_rules = [tokens for tokens in selectors(stylesheet()) if "card" in classes(tokens)]
    assert card_rules
    assert all(scope(tokens) == {"table"} for tokens in card_rules)
