"""The referee's pages use the termbase: every page reachable from the home page, read as text."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import urldefrag, urlsplit

import pytest

from cardpress import termbase
from cardpress.catalogue import load_catalogue

LINK = re.compile(r'href="(/[^"]*)"')
HIDDEN = re.compile(r"(?is)<(script|style)\b.*?</\1>|<!--.*?-->")
# the steppers' − and + buttons are controls, not maths (their aria-label is read instead)
SIGN_BUTTON = re.compile(r"(?s)<button\b[^>]*>\s*[−+－＋]\s*</button>")
TAG = re.compile(r"(?s)<[^>]+>")
CARD_PAGE = re.compile(r"^/(ja|en)/c/([^/]+)/[^/]+$")


SVG = re.compile(r"(?is)<svg\b.*?</svg>")
TERMS = [t for t in termbase.load_termbase() if t.kind == "term"]


def readable(html: str) -> tuple[str, str]:
    """What a person reads on the page: (running text with alt/title/placeholder/label
    attributes, the labels inside diagrams). Diagram labels are pieces placed on a
    drawing, so only the terms are checked in them, not the spacing around signs."""
    html = SIGN_BUTTON.sub(" ", HIDDEN.sub(" ", html))
    drawings = " ".join(SVG.findall(html))
    html = SVG.sub(" ", html)
    attrs = " ".join(re.findall(r'(?:alt|title|placeholder|aria-label)="([^"]*)"', html))
    # a soft hyphen shows only where a line breaks at it: "Ex\xadhi\xadbi\xadtion" is "Exhibition"
    text = unescape(TAG.sub(" ", html) + " " + attrs).replace("\xad", "")
    return " ".join(text.split()), " ".join(unescape(TAG.sub(" ", drawings)).split())


def crawl(client, lang: str, limit: int = 1000) -> dict[str, str]:
    """Every page of one language linked from its home page (GET, 200, HTML).

    Every card page is read, not a sample: a card's page says what its card does in
    each game (the Mona Lisa's, a forgery's, a rule card's differ from a painting's),
    and that is where a drifted word hides."""
    seen: dict[str, str] = {}
    queue = [f"/{lang}/"]
    while queue and len(seen) < limit:
        url = queue.pop(0)
        if url in seen:
            continue
        response = client.get(url)
        if response.status_code != 200 or response.mimetype != "text/html":
            seen[url] = ""
            continue
        html = response.get_data(as_text=True)
        seen[url] = html
        for href in LINK.findall(html):
            target = urldefrag(href)[0]
            path = urlsplit(target).path
            if not path.startswith(f"/{lang}/") or target in seen or target in queue:
                continue
            queue.append(target)
    return seen


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_page_uses_the_termbase(client, lang: str) -> None:
    pages = crawl(client, lang)
    read = {url: html for url, html in pages.items() if html}
    assert len(read) >= 20, sorted(read)  # the home page, rules, card pages, scorers...
    assert any("/rules/" in u for u in read) and any("/c/" in u for u in read)
    for deck in load_catalogue().decks:  # every card's page, the specials and rule cards too
        cards = {u for u in read if (m := CARD_PAGE.match(u)) and m.group(2) == deck.id}
        ids = {c.id for c in deck.cards}  # a deck may hold copies of a card
        assert len(cards) == len(ids), (deck.id, sorted(cards))
    found = []
    for url, html in read.items():
        text, drawings = readable(html)
        found += [str(h) for h in termbase.scan(text, lang, url)]
        found += [str(h) for h in termbase.scan(drawings, lang, f"{url} (diagram)", TERMS)]
    assert not found, f"{len(found)} forbidden variant(s):\n" + "\n".join(found)
