"""Every page kind on a phone: no sideways scroll at 360 px, and axe-core
(the npm package, installed by `make test`) finds no violation in light or
dark mode."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest

from cardpress.paths import ROOT
from tests.referee.conftest import phone_page
from tests.referee.layout import column_problems, split_words

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
    "new table": "/{lang}/tables/new?game=finger-auction",
    "new table, more options": "/{lang}/tables/new?game=ultimatch",
    # live tables, made by `tables` below: {x} is a table's path without the language
    "table seat": "/{lang}/{fa_seat}",
    "table seat, two hands": "/{lang}/{fa2_seat}?right=3",
    "table host": "/{lang}/{fa_host}",
    "table spectator": "/{lang}/{fa_watch}",
    "table record": "/{lang}/{fa_host}/record",
    "table finished on a tie": "/{lang}/{done_watch}#result",
    "ultimatch table": "/{lang}/{um_seat}",
    "eshi100 table": "/{lang}/{es_seat}",
    "detective eye draft, card picked": "/{lang}/{de_seat}?first={de_first}",
    "ultimatch plays, target picked": "/{lang}/{ump_seat}?first={ump_first}",
    "not found": "/{lang}/c/triptych/nope",
    "offline": "/{lang}/offline",
}


@pytest.fixture(scope="module")
def tables(server) -> dict[str, str]:
    """Live tables on the test server, a few moves in: their pages' paths."""
    from cardpress.games import GAMES

    def call(path: str, body: dict, token: str | None = None) -> dict:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(
            server + path, data=json.dumps(body).encode(), headers=headers
        )
        with urllib.request.urlopen(request) as answer:
            return json.load(answer)

    paths = {}
    for key, game, players, moves in (
        ("fa", "finger-auction", ["Aki", "Ben", "Chie"], 6),
        ("fa2", "finger-auction", ["Aki", "Ben"], 0),
        ("um", "ultimatch", ["Aki", "Ben", "Chie"], 10),
        ("es", "eshi100", ["Aki", "Ben", "Chie"], 8),
        ("de", "detective-eye", ["Aki", "Ben", "Chie"], 0),
        ("ump", "ultimatch", ["Aki", "Ben"], 7),  # seed 5: then Aki has 40 plays
        ("gr", "gallery-rush", ["Aki", "Ben", "Chie"], 2),
    ):
        made = call("/api/v1/tables", {"game": game, "players": players, "seed": 5})
        state = GAMES[game].new_game(players, 5)
        for _ in range(moves):
            seat = state.current_players()[0]
            action = state.legal_actions(seat)[-1]
            state.apply(seat, action)
            token = made["seats"][seat]["token"]
            call(f"/api/v1/tables/{made['table']}/actions", {"action": action}, token)
        table = f"tables/{made['table']}"
        paths[f"{key}_seat"] = f"{table}/{made['seats'][0]['token']}"
        firsts = [a.split(":")[-1 if game != "ultimatch" else 1] for a in state.legal_actions(0)]
        paths[f"{key}_first"] = firsts[0].split(",")[0] if firsts else ""
        paths[f"{key}_host"] = f"{table}/{made['host']['token']}"
        paths[f"{key}_watch"] = table
    assert paths["de_first"] and paths["ump_first"]  # the picker pages pick a card
    # a whole game that ends with two players on 23 points, placed by FA-7's tie-break
    made = call(
        "/api/v1/tables", {"game": "finger-auction", "players": ["Aki", "Ben", "Chie"], "seed": 7}
    )
    state, choices = GAMES["finger-auction"].new_game(["Aki", "Ben", "Chie"], 7), random.Random(7)
    while not state.is_terminal():
        seat = choices.choice(state.current_players())
        action = choices.choice(state.legal_actions(seat))
        state.apply(seat, action)
        call(
            f"/api/v1/tables/{made['table']}/actions",
            {"action": action},
            made["seats"][seat]["token"],
        )
    paths["done_watch"] = f"tables/{made['table']}"
    return paths


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
    "gallery rush table": "/{lang}/{gr_seat}",
    "detective eye table": "/{lang}/{de_seat}",
    "ultimatch table, two players": "/{lang}/{ump_seat}",
    "eshi100 host": "/{lang}/{es_host}",
    "ultimatch spectator": "/{lang}/{um_watch}",
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
