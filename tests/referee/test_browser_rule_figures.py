"""The rule pages show the sheets' pictures of the real cards, in a real browser.

Every figure of a rule document (the same ``Figure`` the PDF draws) is on its
web page as an image that loads, says in the page's language what it shows,
fits the phone's column without the page scrolling sideways, and is drawn at
twice the size it is shown on a desktop (sharp on a 2x screen), never enlarged
past its own size; a phone loads a wide figure drawn for its own column.
"""

from __future__ import annotations

import json
import re

import pytest

from cardpress.print.figure_pictures import DENSITY, alt_text, phone_size
from cardpress.rules import GAMES, load_rules
from referee.rules_html import set_text
from tests.referee.conftest import phone_page
from tests.referee.test_browser_rules import MARGIN, WIDER_THAN

pytestmark = pytest.mark.browser

LANGS = ("en", "ja")
PHONES = (360, 390)
#: kana or kanji: the page is read in Japanese
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")

#: -> every card picture, after scrolling each into view (they load lazily)
PICTURES = """async () => {
  const out = [];
  for (const img of document.querySelectorAll("figure img.rules-cards")) {
    img.scrollIntoView();
    if (!img.complete) await new Promise(ok => { img.onload = img.onerror = ok; });
    await img.decode().catch(() => {});
    const r = img.getBoundingClientRect();
    // the pixels of the picture the browser chose (with a srcset, naturalWidth is
    // scaled to the slot's density): the same file loaded on its own
    const probe = new Image();
    probe.src = img.currentSrc;
    await probe.decode().catch(() => {});
    out.push({figure: img.closest("figure").id, alt: img.alt, src: img.currentSrc,
              natural: [probe.naturalWidth, probe.naturalHeight],
              attrs: [+img.getAttribute("width"), +img.getAttribute("height")],
              shown: [r.width, r.height], left: r.left, right: r.right});
  }
  window.scrollTo(0, 0);
  return out;
}"""


def _figures(game: str, lang: str) -> list:
    return list(load_rules(game, lang).figures)


def _pictures(page, server: str, game: str, lang: str) -> list[dict]:
    page.goto(f"{server}/{lang}/rules/{game}")
    page.evaluate("document.fonts.ready")
    return page.evaluate(PICTURES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", PHONES)
def test_card_pictures_load_and_fit_the_phone(browser, server, width, lang):
    column = width - 2 * MARGIN
    found: dict[str, list] = {}
    with phone_page(browser, width, lang) as page:
        for game in GAMES:
            figures = _figures(game, lang)
            pictures = _pictures(page, server, game, lang)
            problems = []
            if [p["figure"] for p in pictures] != [f.id for f in figures]:
                problems.append(["figures", [p["figure"] for p in pictures]])
            for p in pictures:
                if p["natural"][0] == 0:
                    problems.append([p["figure"], "did not load", p["src"]])
                if p["shown"][0] > column + 0.5 or p["left"] < MARGIN - 0.5 or p["right"] > width:
                    problems.append([p["figure"], "outside the column", p["left"], p["right"]])
                if abs(p["shown"][0] / p["shown"][1] - p["natural"][0] / p["natural"][1]) > 0.02:
                    problems.append([p["figure"], "stretched", p["shown"], p["natural"]])
            if wide := page.evaluate(WIDER_THAN, width):
                problems.append(["sideways", wide])
            if problems:
                found[game] = problems
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("lang", LANGS)
def test_card_pictures_say_what_they_show_in_the_pages_language(browser, server, lang):
    """The alt text names what lies on the table, each group by its label (the
    card names come from the deck's data), in Japanese on a Japanese page."""
    found: dict[str, list] = {}
    with phone_page(browser, 390, lang) as page:
        for game in GAMES:
            doc = load_rules(game, lang)
            for fig, p in zip(doc.figures, _pictures(page, server, game, lang), strict=True):
                alt = p["alt"]
                labels = [set_text(g.label, lang) for g in fig.groups if g.label]
                cjk = bool(JAPANESE.search(alt))
                if (
                    len(alt) < 8
                    or (lang == "ja") != cjk
                    or any(label not in alt for label in labels)
                    or len(alt) < len(alt_text(fig, game, doc)) * 0.9
                ):
                    found.setdefault(game, []).append([fig.id, alt])
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("lang", LANGS)
def test_card_pictures_are_sharp_and_full_size_on_a_desktop(browser, server, lang):
    found: dict[str, list] = {}
    with phone_page(browser, 1280, lang) as page:
        for game in GAMES:
            for p in _pictures(page, server, game, lang):
                shown, natural, attrs = p["shown"], p["natural"], p["attrs"]
                if abs(shown[0] - attrs[0]) > 0.5 or abs(shown[1] - attrs[1]) > 0.5:
                    found.setdefault(game, []).append([p["figure"], "not its size", shown, attrs])
                if natural != [attrs[0] * DENSITY, attrs[1] * DENSITY]:
                    found.setdefault(game, []).append([p["figure"], "pixels", natural, attrs])
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", PHONES)
def test_a_phone_loads_the_picture_drawn_for_its_column(browser, server, width, lang):
    """A figure wider than a phone's column also comes drawn for that column (about
    half the desktop picture's pixels): a 2x phone loads that one, sharp at its size;
    a figure no wider has the one picture."""
    found: dict[str, list] = {}
    smaller = 0
    with phone_page(browser, width, lang) as page:
        for game in GAMES:
            for fig, p in zip(
                _figures(game, lang), _pictures(page, server, game, lang), strict=True
            ):
                phone = phone_size(fig, game, lang)
                size = phone or p["attrs"]
                want = [size[0] * DENSITY, size[1] * DENSITY]
                if p["natural"] != want or p["src"].endswith(".phone.webp") != bool(phone):
                    found.setdefault(game, []).append([fig.id, p["src"], p["natural"], want])
                smaller += phone is not None
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
    assert smaller, "no figure is wider than a phone's column"
