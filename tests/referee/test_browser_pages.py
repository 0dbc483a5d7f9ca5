"""Every page kind on a phone: no sideways scroll at 360 px, and axe-core
(the npm package, installed by `make test`) finds no violation in light or
dark mode."""

from __future__ import annotations

import json

import pytest

from cardpress.paths import ROOT
from tests.referee.conftest import phone_page
from tests.referee.layout import column_problems, split_words
from tests.referee.live_tables import MORE_TABLE_PAGES, TABLE_PAGES, make_tables

AXE = ROOT / "tests" / ".axe" / "node_modules" / "axe-core" / "axe.min.js"

# chromium is a declared dependency: the browser fixture fails loudly without it
pytestmark = pytest.mark.browser

GAME = "p=Aki&p=Ben&p=Chie"
PAGES = {
    "home": "/{lang}/",
    "deck": "/{lang}/c/triptych/",
    "painting": "/{lang}/c/triptych/m1",
    "rule card": "/{lang}/c/triptych/r0",
    "ultimatch card": "/{lang}/c/ultimatch/orange-5",
    "eshi100 card": "/{lang}/c/eshi100/no-001",
    "rules index": "/{lang}/rules/",
    "rules": "/{lang}/rules/finger-auction",
    "rules with diagrams": "/{lang}/rules/ultimatch",
    "scorers": "/{lang}/play/",
    "finger auction scoring": "/{lang}/play/finger-auction/score?players=4",
    "auction checker": "/{lang}/play/finger-auction/auction?participants=2",
    "gallery rush": "/{lang}/play/gallery-rush",
    "ultimatch checker": "/{lang}/play/ultimatch?target=orange-5",
    "eshi100 settlement": "/{lang}/play/eshi100",
    "follower setup": "/{lang}/play/finger-auction/follow?new=1",
    "follower": "/{lang}/play/finger-auction/follow?" + GAME + "&log=2.2.1",
    "follower over": "/{lang}/play/finger-auction/follow?"
    + GAME
    + "&log="
    + "-".join(["2.2.1-3/4.1/5"] * 4),
    "detective eye": "/{lang}/play/detective-eye?" + GAME + "&log=0s12/1.1.1",
    "ultimatch tracker setup": "/{lang}/play/ultimatch/follow?new=1",
    "ultimatch tracker faces": "/{lang}/play/ultimatch/follow?" + GAME,
    "ultimatch tracker": "/{lang}/play/ultimatch/follow?"
    + GAME
    + "&log=f10o5.11r2.12b3.13g8.14y1-m10.r7.p2-m11.r4-f6p1-p",
    "ultimatch tracker over": "/{lang}/play/ultimatch/follow?p=Aki&log=f10o5.11r2.12b3.13g8.14y1-x",
    **TABLE_PAGES,
    "not found": "/{lang}/c/triptych/nope",
    "offline": "/{lang}/offline",
}


@pytest.fixture(scope="module")
def tables(server) -> dict[str, str]:
    return make_tables(server)


def test_axe_core_is_installed():
    assert AXE.is_file(), f"{AXE} is missing: `make test` installs it (npm axe-core)"


#: what a finger taps: at least 44 x 44 CSS pixels each (links inside a
#: sentence are exempt, as WCAG 2.5.8 allows)
TARGETS = (
    "a.rule-id, .big-links a, .lang, .card-grid a, .bottom a, .page-actions a, "
    "button:not(.default-submit), label.check, .finger span, summary, .roles a, .place, "
    ".pick-step"
)
SMALL = f"""[...document.querySelectorAll("{TARGETS}")]
  .filter(e => e.offsetParent !== null)
  .filter(e => {{ const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; }})
  .map(e => e.outerHTML.slice(0, 80))"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_page_scrolls_sideways_at_360px_and_targets_are_44px(browser, server, tables, lang):
    wide, small = [], {}
    with phone_page(browser, 360, lang) as page:
        for kind, url in PAGES.items():
            page.goto(server + url.format(lang=lang, **tables))
            if not page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"):
                wide.append(kind)
            if found := page.evaluate(SMALL):
                small[kind] = found[:3]
    assert wide == []
    assert small == {}


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_axe_finds_no_violation(browser, server, tables, lang, scheme):
    source = AXE.read_text(encoding="utf-8")
    found = {}
    with phone_page(browser, 390, lang, color_scheme=scheme, bypass_csp=True) as page:
        for kind, url in PAGES.items():
            page.goto(server + url.format(lang=lang, **tables))
            page.add_script_tag(content=source)
            result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
            violations = [
                (v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]
            ]
            if violations:
                found[kind] = violations
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


#: every page kind a person meets, on top of PAGES: every deck's card page (an
#: 絵師100人展 proxy too) and deck page, every game's live seat
EVERY_KIND = {
    **PAGES,
    "triptych deck": "/{lang}/c/triptych/",
    "ultimatch deck": "/{lang}/c/ultimatch/",
    "eshi100 deck": "/{lang}/c/eshi100/",
    "ultimatch rule card": "/{lang}/c/ultimatch/r0",
    "eshi100 proxy": "/{lang}/c/eshi100/no-999",
    "eshi100 card of the deck": "/{lang}/c/eshi100/px01",
    "eshi100 rule card": "/{lang}/c/eshi100/px02",
    **MORE_TABLE_PAGES,
}


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [360, 390])
def test_every_page_reads_as_a_column_of_the_phones_width(browser, server, tables, lang, width):
    """Main's text column spans at least 85 % of the phone, and no paragraph or
    heading wraps into lines shorter than half of it (one word a line)."""
    found = {}
    with phone_page(browser, width, lang) as page:
        for kind, url in EVERY_KIND.items():
            page.goto(server + url.format(lang=lang, **tables))
            if problems := column_problems(page):
                found[kind] = problems[:4]
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_label_breaks_a_word_at_360px(browser, server, tables, lang):
    found = {}
    with phone_page(browser, 360, lang) as page:
        for kind, url in EVERY_KIND.items():
            page.goto(server + url.format(lang=lang, **tables))
            if split := split_words(page, lang):
                found[kind] = split[:6]
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
