"""Real phones (Playwright + Debian's chromium) at a live table.

Three browser contexts are three phones, a fourth the host, a fifth a
spectator's shared screen. The server is the referee in a thread, with CSRF
on, as in production; live updates travel over the event stream.
"""

from __future__ import annotations

import json
import random
import re
import threading
from collections.abc import Iterator

import pytest

from cardpress.games import GAMES
from tests.referee.conftest import phone_page
from tests.referee.tables.conftest import logged, make_app

# every phone test runs on both databases: live updates cross processes differently
# (SQLite's version poll, PostgreSQL's LISTEN/NOTIFY), and a phone must not notice
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def live_server(backend: str, database_urls) -> Iterator[tuple[str, object]]:
    from werkzeug.serving import make_server

    app = make_app(database_urls["make"](backend), WTF_CSRF_ENABLED=True)
    srv = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}", app
    finally:
        srv.shutdown()
        thread.join(timeout=5)
        app.extensions["cardpress-tables"].bus.stop()


def _version(page) -> int:
    return int(page.get_attribute("#live", "data-version"))


def _in_step(pages, version: int) -> None:
    """Every page shows ``version`` (live: nobody reloads)."""
    for page in pages:
        page.wait_for_function(
            # null while a tap's answer is still loading: keep waiting, don't fail
            "v => { const live = document.getElementById('live');"
            " return live !== null && Number(live.dataset.version) >= v; }",
            arg=version,
        )


def _create(host, base: str, game: str, names: list[str]) -> tuple[list[str], str]:
    host.goto(f"{base}/en/tables/new?game={game}")
    for i, name in enumerate(names):
        host.fill(f"input[name=name{i}]", name)
    host.click("button[name=go]")
    host.wait_for_selector(".seat-links")
    seats = host.eval_on_selector_all("a.seat-link", "links => links.map(a => a.href)")
    watch = host.get_attribute("text=Spectator link (for a shared screen)", "href")
    return seats, watch


def test_three_phones_play_a_finger_auction_with_secret_bids(browser, live_server):
    base, _app = live_server
    names = ["Aki", "Ben", "Chi"]
    with (
        phone_page(browser) as host,
        phone_page(browser) as aki,
        phone_page(browser, lang="ja") as ben,
        phone_page(browser) as chi,
        phone_page(browser, width=1024) as screen,
    ):
        seats, watch = _create(host, base, "finger-auction", names)
        phones = [aki, ben, chi]
        for phone, link in zip(phones, seats, strict=True):
            phone.goto(link.replace("/en/", "/ja/") if phone is ben else link)
        screen.goto(watch)
        assert "You are Aki." in aki.inner_text("#live")
        assert "あなたはBenです。" in ben.inner_text("#live")
        everyone = [*phones, screen]

        # a secret bid: Aki's phone shows it, nobody else's does
        aki.click("button.act[value='bid:4']")
        aki.wait_for_selector("text=Your secret bid: 4")
        _in_step(everyone, 1)
        assert "Aki: has bid (hidden)" in chi.inner_text("#live")
        assert "Aki：入札済み（非公開）" in ben.inner_text("#live")
        for page in (ben, chi, screen):
            assert "bid:4" not in page.content().replace('value="bid:4"', "")

        choices = random.Random(3)
        reloaded = False
        version = 1
        while not screen.query_selector("#result"):
            waiting = [p for p in phones if p.query_selector(MOVES)]
            assert waiting, "nobody can move but the game is not over"
            phone = choices.choice(waiting)
            _tap_a_move(phone, choices)
            version += 1
            _in_step(everyone, version)
            if version == 8 and not reloaded:  # a phone reloads mid-game and keeps its seat
                ben.reload()
                assert "あなたはBenです。" in ben.inner_text("#live")
                reloaded = True
            assert version < 200
        assert reloaded
        for page in everyone:
            page.wait_for_selector("#result")
            assert not page.query_selector("button.act")
        result = screen.inner_text("#result")
        assert "Winner:" in result and "FA-7" in result
        assert "結果" in ben.inner_text("#result")
        for page in [host, *everyone]:
            assert page.problems == [], page.problems


#: what a phone offers to tap for a move: a button, or a picker's first step (a link)
MOVES = "button.act, a.pick-right, a.pick-step"


def _tap_a_move(phone, choices) -> None:
    """One legal move: a button, or through a picker (a right hand or a card, then a button).

    The choice is made by what the control says (its href or value) and tapped through a
    locator, which finds it again at the moment of the tap: a live update may redraw the
    same buttons between looking and tapping, as a person's finger would not notice.
    """
    if not phone.query_selector("button.act"):
        hrefs = phone.eval_on_selector_all(
            "a.pick-right, a.pick-step", "links => links.map(a => a.getAttribute('href'))"
        )
        phone.locator(f"a[href={json.dumps(choices.choice(hrefs))}]").first.click()
        phone.wait_for_selector("button.act")
    values = phone.eval_on_selector_all("button.act", "buttons => buttons.map(b => b.value)")
    phone.locator(f"button.act[value={json.dumps(choices.choice(values))}]").first.click()


def test_two_phones_bid_with_both_hands_and_back_repeats_nothing(browser, live_server):
    """Two participants: right hand first, then only the lefts that pair with it."""
    base, app = live_server
    with (
        phone_page(browser) as host,
        phone_page(browser) as aki,
        phone_page(browser, lang="ja") as ben,
    ):
        seats, _watch = _create(host, base, "finger-auction", ["Aki", "Ben"])
        aki.goto(seats[0])
        ben.goto(seats[1].replace("/en/", "/ja/"))
        assert not aki.query_selector("button.act")  # step 1: no 25 buttons
        assert len(aki.query_selector_all("a.pick-right")) == 5
        aki.click("a.pick-right >> text=Right 2")
        aki.wait_for_selector("text=Step 2: your left hand, with right 2.")
        lefts = aki.eval_on_selector_all("button.act", "bs => bs.map(b => b.value)")
        assert lefts == [f"hands:2/{left}" for left in range(1, 6)]
        aki.click("button.act[value='hands:2/4']")
        aki.wait_for_selector("text=Your secret bid: right 2, left 4")
        assert "?right" not in aki.url  # the answer is the seat's page again

        # Back after the move: the page before it, fresh from the server, and no
        # second move (the tap was a POST answered by a redirect)
        aki.go_back()
        aki.wait_for_selector("#live")
        assert "Your secret bid: right 2, left 4" in aki.inner_text("#live")
        assert not aki.query_selector("button.act, a.pick-right")
        aki.go_forward()
        aki.wait_for_selector("#live")

        _in_step([ben], 1)
        ben.click("a.pick-right >> text=右手5")
        ben.wait_for_selector("button.act[value='hands:5/1']")
        ben.click("button.act[value='hands:5/1']")
        _in_step([aki, ben], 2)
        aki.wait_for_selector("text=Bids: Aki right 2, left 4; Ben right 5, left 1.")
        token = host.url.rsplit("/", 1)[1]
        table = re.search(r"/tables/([^/]+)/", seats[0]).group(1)
        with app.test_client() as client:
            record = logged(client, table, token)
        assert record["actions"] == [[0, "hands:2/4"], [1, "hands:5/1"]]
        for page in (host, aki, ben):
            assert page.problems == [], page.problems


def test_detective_eye_phones_never_show_anothers_hidden_cards(browser, live_server):
    base, app = live_server
    names = ["Aki", "Ben", "Chi"]
    with (
        phone_page(browser) as host,
        phone_page(browser) as aki,
        phone_page(browser) as ben,
        phone_page(browser) as chi,
    ):
        seats, _watch = _create(host, base, "detective-eye", names)
        phones = [aki, ben, chi]
        for phone, link in zip(phones, seats, strict=True):
            phone.goto(link)
        table = re.search(r"/tables/([^/]+)/", seats[0]).group(1)
        host_token = host.url.rsplit("/", 1)[1]
        printed, said = _card_traces(app, "detective-eye")
        choices = random.Random(8)
        version = 0
        for _step in range(14):  # the secret part: the draft, placements, declarations
            state = _table_state(app, table, host_token)
            if state.is_terminal():
                break
            for seat, phone in enumerate(phones):
                html = phone.content()
                shown = set(re.findall(r'data-card="([^"]+)"', html))
                hidden = _hidden_from(state, seat)
                assert not shown & hidden, (names[seat], shown & hidden)
                pictures = set(re.findall(r'<img src="[^"]*/tables/cards/([^"]+)\.png"', html))
                alts = set(re.findall(r'alt="([^"]+)"', html))
                assert pictures == {printed[c] for c in shown}, names[seat]
                cards = {c for pair in hidden for c in pair.split(",")}  # a draft pass: two
                assert not alts & {said[c] for c in cards}, names[seat]
            movers = [p for p in phones if p.query_selector(MOVES)]
            _tap_a_move(choices.choice(movers), choices)
            version += 1
            _in_step(phones, version)
        assert version >= 12
        for page in phones:
            assert page.problems == [], page.problems


def _card_traces(app, game: str) -> tuple[dict[str, str], dict[str, str]]:
    """Each card's picture (deck/id) and alt text in English: what would give it away."""
    from referee.tables import words

    painters = ("monet", "gogh", "vermeer")
    every = {f"{p}-{n}" for p in painters for n in range(1, 9)} | {f"forgery-{p}" for p in painters}
    with app.test_request_context("/en/"):
        printed = {c: "/".join(words.printed(game, c)) for c in every}
        said = {c: words.card(game, c) for c in every}
    return printed, said


def _table_state(app, table: str, host_token: str):
    with app.test_client() as client:
        record = logged(client, table, host_token)
    return GAMES["detective-eye"].replay(record)


def _hidden_from(state, seat: int) -> set[str]:
    from tests.referee.tables.test_pages import _hidden_from as hidden

    return hidden(state, seat)


def test_an_ultimatch_play_is_two_taps_on_printed_cards(browser, live_server):
    """Forty plays are not forty buttons: a face-up card's picture, then its plays."""
    base, app = live_server
    names = ["Aki", "Ben"]
    with app.test_client() as client:
        made = client.post(
            "/api/v1/tables", json={"game": "ultimatch", "players": names, "seed": 5}
        ).get_json()
        state = GAMES["ultimatch"].new_game(names, 5)
        while not (state.phase == "match" and state.current_players() == [0]):
            seat = state.current_players()[0]
            action = state.legal_actions(seat)[-1]
            state.apply(seat, action)
            client.post(
                f"/api/v1/tables/{made['table']}/actions",
                json={"action": action},
                headers={"Authorization": f"Bearer {made['seats'][seat]['token']}"},
            )
    plays = [a for a in state.legal_actions(0) if a.startswith("match:")]
    assert len(plays) > 20
    url = base + "/" + made["seats"][0]["url"].split("/", 3)[3]  # the table speaks ja
    with phone_page(browser, 390, "ja") as aki:
        aki.goto(url)
        assert not aki.query_selector("button.act[value^='match:']")  # step 1: pictures only
        picks = aki.query_selector_all("a.pick-step")
        targets = [p.get_attribute("href").split("=")[1].split("#")[0] for p in picks]
        assert targets and set(targets) == {a.split(":")[1] for a in plays}
        for pick in picks:  # a thumb's size, each a printed card's picture
            box = pick.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44
            assert pick.query_selector("img[src*='/tables/cards/ultimatch/']")
        target = targets[1]
        aki.click(f"a.pick-step[href^='?first={target}#']")
        aki.wait_for_selector("button.act.with-cards")
        offered = aki.eval_on_selector_all(
            "button.act[value^='match:']", "bs => bs.map(b => b.value)"
        )
        assert offered == [a for a in plays if a.split(":")[1] == target]
        assert aki.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        aki.click(f"button.act[value='{offered[-1]}']")
        _in_step([aki], _version_after(state))
        assert "?first" not in aki.url
        assert aki.problems == [], aki.problems
    with app.test_client() as client:
        record = logged(client, made["table"], made["host"]["token"])
    assert record["actions"][-1] == [0, offered[-1]]


def _version_after(state) -> int:
    """The table's version once one more move is made (bots: none)."""
    return len(state.action_log) + 1
