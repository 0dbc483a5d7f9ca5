"""A paper table's phone, in a real browser: 390 and 360 px, both languages.

A whole Finger Auction through the round follower, with a reload, Back and a
language switch in the middle, then scored; the scorers keep their entries
and say so when the phone is offline.
"""

from __future__ import annotations

import re

import pytest

from tests.referee.conftest import phone_page
from tests.referee.paper_table import NAMES, Taps, no_sideways_scroll, play_auction

pytestmark = [pytest.mark.browser]

PHONES = [(390, "en"), (360, "ja")]


@pytest.fixture(params=PHONES, ids=lambda p: f"{p[0]}px-{p[1]}")
def phone(request, browser):
    width, lang = request.param
    with phone_page(browser, width, lang) as page:
        yield page


def _start(page, server: str, lang: str, game: str = "finger-auction/follow") -> Taps:
    """A new game of a follower, with the table's three players."""
    page.goto(f"{server}/{lang}/play/{game}?new=1")
    inputs = page.locator("input[name='p']")
    for i, name in enumerate(NAMES):
        inputs.nth(i).fill(name)
    taps = Taps(page)
    taps.submit(page.locator("button.go"))
    return taps


def _state(page) -> tuple[str, str, list[str]]:
    status = page.locator(".status")
    taken = page.locator("td[data-taken]").evaluate_all("els => els.map(e => e.dataset.taken)")
    return status.get_attribute("data-round"), status.get_attribute("data-field"), taken


def test_a_whole_finger_auction_through_the_round_follower(phone, server):
    page = phone
    lang = page.lang
    other = "ja" if lang == "en" else "en"
    taps = _start(page, server, lang)
    page.wait_for_selector("fieldset[data-seat]")
    auctions = 0
    seen_two_hands = seen_forbidden = False
    while page.locator("fieldset[data-seat]").count():
        assert no_sideways_scroll(page), page.url
        seen_two_hands |= page.locator("input[name^='right-']").count() > 0
        seen_forbidden |= page.locator("input[name^='right-'][disabled]").count() > 0
        play_auction(taps, auctions)
        auctions += 1
        assert page.locator("#result .why").count() >= 1  # each outcome says why
        if auctions == 1:  # three-way collision: a re-bid
            assert page.locator("fieldset[data-seat]").count() == 3
            assert "2" in page.locator("#result .why").first.inner_text()
        if auctions == 2:
            # the winner left; two remain and the two-hand rule is on (FA-3)
            assert page.locator("fieldset[data-seat]").count() == 2
            why = page.locator("#result .why").first.inner_text()
            if lang == "en":
                assert why == "2 and 2 collided; 1 is the lowest unique bid: Chie takes 1 card."
        if auctions == 4 and page.locator(".status").count():
            before = _state(page)
            page.reload()
            assert _state(page) == before  # a reload loses nothing
            page.go_back()  # an earlier moment: the phone offers the latest
            page.wait_for_selector("[data-earlier]:not([hidden])")
            with page.expect_navigation():
                page.locator("[data-latest]").tap()
            assert _state(page) == before
            with page.expect_navigation():
                page.locator(f"nav.langs a[hreflang='{other}']").tap()
            assert page.locator("html").get_attribute("lang") == other
            assert _state(page) == before  # the language switch loses nothing
        assert auctions < 60
    assert seen_two_hands and seen_forbidden
    assert page.locator(".game-over").count() == 1
    taken = [
        int(t)
        for t in page.locator("td[data-taken]").evaluate_all("els => els.map(e => e.dataset.taken)")
    ]
    assert sum(taken) == 28 and len(taken) == 3
    # opening the follower again resumes the game (local storage)
    page.goto(f"{server}/{lang}/play/finger-auction/follow")
    page.wait_for_selector(".game-over")
    # the end-of-game scorer opens filled with who took what
    page.locator(".game-over a.go-link").tap()
    page.wait_for_url("**/play/finger-auction/score?**")
    for i, name in enumerate(NAMES):
        assert page.locator(f"input[name='name-{i}']").input_value() == name
        assert page.locator("[data-took]").nth(i).get_attribute("data-took") == str(taken[i])
    _enter_paintings(page, taken)
    page.locator("button.go").tap()
    page.wait_for_selector("#result .winner")
    assert page.locator("#result .warning").count() == 0  # entries agree with the auctions
    assert no_sideways_scroll(page)
    assert page.problems == []


def _enter_paintings(page, taken: list[int]) -> None:
    """Which painters: fill each player's cards from a 24-painting supply."""
    left = {"monet": 8, "gogh": 8, "vermeer": 8}
    forgeries = ["monet", "gogh", "vermeer"]
    for i, n in enumerate(taken):
        if forgeries and n:
            page.locator(f"input[name='forgery-{forgeries[0]}-{i}']").check()
            forgeries.pop(0)
            n -= 1
        for painter in left:
            k = min(n, left[painter])
            left[painter] -= k
            n -= k
            page.locator(f"input[name='{painter}-{i}']").fill(str(k))
        if n:  # the one card left is the Mona Lisa
            page.locator(f"input[name='mona_lisa'][value='{i}']").check()


def test_a_scorer_keeps_its_entries_through_reload_language_and_offline(page, server):
    page.goto(server + "/en/play/finger-auction/score?new=1")
    page.locator("button.pick", has_text="2").tap()
    page.wait_for_selector("[data-hand='1']")
    page.locator("input[name='name-0']").fill("Aki")
    page.locator("button[value='monet-0:+1']").tap()
    page.locator("button[value='monet-0:+1']").tap()
    page.goto(server + "/en/play/finger-auction/score")  # came back later
    page.wait_for_function("document.querySelector('#f-monet-0').value === '2'")
    assert page.locator("input[name='name-0']").input_value() == "Aki"
    page.locator("button.go").tap()
    page.wait_for_selector("#result")
    page.locator("nav.langs a[hreflang='ja']").tap()
    page.wait_for_selector("#result")  # the same result, now in Japanese
    assert page.locator("html").get_attribute("lang") == "ja"
    assert page.locator("input[name='name-0']").input_value() == "Aki"
    # the Wi-Fi drops: the form is held and the page says so
    page.context.set_offline(True)
    page.locator("button[value='gogh-0:+1']").tap()
    page.locator("button.go").tap()
    note = page.locator("[data-offline]")
    note.wait_for(state="visible")
    assert re.search("オフライン", note.inner_text())
    assert page.locator("#f-gogh-0").input_value() == "1"
    page.context.set_offline(False)
    # "new game" clears it
    with page.expect_navigation():
        page.locator("[data-new-game]").tap()
    page.goto(server + "/en/play/finger-auction/score")
    assert page.locator("#f-monet-0").input_value() == "0"
    assert page.problems == []


def test_pages_once_opened_work_offline(page, server):
    page.goto(server + "/en/c/triptych/m1")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # an active service worker controls the page from now on, and keeps it
    # The worker stores the page after answering it: on a loaded machine that can take a while.
    for _ in range(300):
        if page.evaluate("caches.match(location.href).then(hit => !!hit)"):
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError("the service worker never cached the opened page")
    page.context.set_offline(True)
    try:
        page.reload()
        assert page.locator("h1.card-name").count() == 1
        page.goto(server + "/en/rules/ultimatch")  # never opened: said plainly
        assert page.locator(".offline-page h1").inner_text() == "Offline"
    finally:
        page.context.set_offline(False)


def test_a_detective_eye_game_tracked_to_its_forced_end(phone, server):
    page = phone
    taps = _start(page, server, page.lang, "detective-eye")
    # (challenger, success, flipped, placed by Ben): a success, then two misses each
    rounds = [(0, True, (1, 2), 1)] + [(s, False, (), 1) for s in (1, 1, 2, 2, 0)]
    rounds.append((0, False, (), 4))  # Ben placed 4: Ben holds 1 in hand at the end
    for n, (challenger, success, flipped, ben_placed) in enumerate(rounds):
        assert no_sideways_scroll(page)
        start = 0 if n == 0 else (rounds[n - 1][0] + 1) % 3  # after the challenger (DE-7)
        assert page.locator(".status").get_attribute("data-start") == str(start)
        if ben_placed != 1:
            taps.tap(page.locator(f"label:has(input[name='placed-1'][value='{ben_placed}'])"))
        taps.tap(page.locator(f"label:has(input[name='challenger'][value='{challenger}'])"))
        result = "success" if success else "failure"
        taps.tap(page.locator(f"label:has(input[name='result'][value='{result}'])"))
        for seat in flipped:
            taps.tap(page.locator(f"label:has(input[name='flipped-{seat}'])"))
        taps.submit(page.locator("button.go"))
        assert page.locator("#result .why").count() >= 1
        if n == 0:  # a reward of 2: cards of Ben and Chie were flipped
            assert page.locator("td[data-hand]").first.get_attribute("data-hand") == "3"
        if n == 3:
            page.reload()
            assert page.locator("[data-supply]").get_attribute("data-supply") == "2"
    over = page.locator(".game-over")
    assert over.get_attribute("data-end") == "supply"
    assert "Ben" in over.locator(".winner").inner_text()
    assert page.locator("[data-supply]").get_attribute("data-supply") == "0"
    assert page.locator("a.rule-id", has_text="DE-8").count() >= 1
    assert no_sideways_scroll(page)
    assert page.problems == []
