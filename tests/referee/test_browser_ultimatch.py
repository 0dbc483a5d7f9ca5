"""A whole Ultimatch game tracked on a phone (390 px en, 360 px ja): the pyramid
tracker with a refused play, a pass, a reload and a language switch in the
middle, to the team's win."""

from __future__ import annotations

import pytest

from tests.referee.conftest import phone_page
from tests.referee.paper_table import NAMES, Taps, no_sideways_scroll

pytestmark = [pytest.mark.browser]

#: the paper pyramid, place by place (top row first): what the table sees when
#: a card turns face up
PYRAMID = [
    ("purple", 1),
    ("purple", 2),
    ("purple", 3),
    ("purple", 4),
    ("purple", 5),
    ("purple", 6),
    ("purple", 7),
    ("red", 7),
    ("blue", 7),
    ("green", 7),
    ("orange", 5),
    ("red", 2),
    ("blue", 3),
    ("green", 8),
    ("yellow", 1),
]


def _card(colour: str, number: int) -> tuple[str, int]:
    """A card of the same colour that is not on the pyramid: matches by colour (UM-2)."""
    return colour, 8 if (colour, 8) not in PYRAMID else 1


@pytest.fixture(params=[(390, "en"), (360, "ja")], ids=lambda p: f"{p[0]}px-{p[1]}")
def phone(request, browser):
    width, lang = request.param
    with phone_page(browser, width, lang) as page:
        yield page


def _pick(taps: Taps, prefix: str, card: tuple[str, int]) -> None:
    page = taps.page
    page.locator(f"select[name='{prefix}-colour']").select_option(card[0])
    page.locator(f"select[name='{prefix}-number']").select_option(str(card[1]))
    taps.count += 2


def _state(page) -> tuple[str | None, str | None, str | None]:
    status = page.locator(".status")
    return (
        status.get_attribute("data-turn"),
        status.get_attribute("data-seat"),
        page.locator(".pyramid").get_attribute("data-left"),
    )


def test_a_whole_ultimatch_game_through_the_pyramid_tracker(phone, server):
    page = phone
    lang = page.lang
    other = "ja" if lang == "en" else "en"
    page.goto(f"{server}/{lang}/play/ultimatch/follow?new=1")
    for i, name in enumerate(NAMES):
        page.locator("input[name='p']").nth(i).fill(name)
    taps = Taps(page)
    taps.submit(page.locator("button.go"))
    turns = 0
    while not page.locator(".game-over").count():
        assert no_sideways_scroll(page), page.url
        pending = page.locator("select[name$='-colour'][name^='face-']").evaluate_all(
            "els => els.map(e => +e.name.split('-')[1])"
        )
        if pending:
            for place in pending:
                _pick(taps, f"face-{place}", PYRAMID[place])
            taps.submit(page.locator("button.go"))
            continue
        place = int(page.locator("label.place input").first.get_attribute("value"))
        if turns == 7:  # the Wi-Fi drops as a play is entered: held on the page, then sent
            before = _state(page)
            page.locator(f"label.place[data-place='{place}']").tap()
            _pick(taps, "card1", _card(*PYRAMID[place]))
            page.context.set_offline(True)
            page.locator("button.go").tap()
            page.wait_for_selector("[data-offline]:not([hidden])")
            assert _state(page) == before
            page.context.set_offline(False)
            taps.submit(page.locator("button.go"))
            turns += 1
            assert page.locator(".pyramid").get_attribute("data-left") == str(15 - turns)
            continue
        if turns == 1:  # a play that does not match is refused with the reasons why not
            taps.tap(page.locator(f"label.place[data-place='{place}']"))
            _pick(taps, "card1", ("yellow", 6) if PYRAMID[place][0] != "yellow" else ("red", 6))
            taps.submit(page.locator("button.go"))
            assert page.locator("[role=alert]").count() == 1
            assert "UM-2" in page.locator("[data-refused]").inner_text()
        if turns == 2:  # a pass: the next player's turn, one pass in a row
            taps.submit(page.locator("button.secondary"))
            assert page.locator("[data-passes]").get_attribute("data-passes") == "1"
            assert "UM-6" in page.locator("#result").inner_text()
        taps.tap(page.locator(f"label.place[data-place='{place}']"))
        _pick(taps, "card1", _card(*PYRAMID[place]))
        taps.submit(page.locator("button.go"))
        turns += 1
        assert page.locator("#result .why").count() >= 2  # who matched what, and why
        if turns == 6:
            before = _state(page)
            page.reload()
            assert _state(page) == before  # a reload loses nothing
            with page.expect_navigation():
                page.locator(f"nav.langs a[hreflang='{other}']").tap()
            assert page.locator("html").get_attribute("lang") == other
            assert _state(page) == before  # the language switch loses nothing
        assert turns <= 15
    assert turns == 15
    assert page.locator(".game-over").get_attribute("data-end") == "won"
    assert page.locator("a.rule-id", has_text="UM-13").count() >= 1
    # opening the tracker again resumes the game (local storage)
    page.goto(f"{server}/{other}/play/ultimatch/follow")
    page.wait_for_selector(".game-over")
    assert no_sideways_scroll(page)
    # "New game" forgets it: the tracker opens on its set-up again
    with page.expect_navigation():
        page.locator("[data-new-game]").tap()
    page.goto(f"{server}/{lang}/play/ultimatch/follow")
    assert page.locator("input[name='p']").count() == 5 and page.locator(".pyramid").count() == 0
    assert page.problems == []


def test_a_card_page_leads_with_the_game_of_the_helper_last_used(page, server):
    def games() -> list[str]:
        page.wait_for_load_state("load")
        return page.locator("section.game").evaluate_all("els => els.map(e => e.dataset.game)")

    page.goto(f"{server}/en/c/triptych/m1")
    plain = games()
    assert plain[0] != "detective-eye" and "detective-eye" in plain
    page.goto(f"{server}/en/play/detective-eye?new=1")  # the table uses a helper...
    page.goto(f"{server}/en/c/triptych/m1")  # ...then scans a card
    assert games()[0] == "detective-eye"
    assert sorted(games()) == sorted(plain)  # moved, nothing lost
    page.goto(f"{server}/en/c/triptych/m1?game=gallery-rush")  # asked for: that one first
    assert games()[0] == "gallery-rush"
    assert page.problems == []
