"""Real phones (Playwright + Debian's chromium) at a live table.

Three browser contexts are three phones, a fourth the host, a fifth a
spectator's shared screen. The server is the referee in a thread, with CSRF
on, as in production; live updates travel over the event stream.
"""

from __future__ import annotations

import random
import re
import threading
from collections.abc import Iterator

import pytest

from cardpress.games import GAMES
from tests.referee.conftest import phone_page
from tests.referee.tables.conftest import make_app

pytestmark = [
    pytest.mark.browser,
    # the browser sees pages, not storage: both databases are covered by every other test
    pytest.mark.parametrize("backend", ["sqlite"], indirect=True),
]


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
        assert "Aki: 入札済み（非公開）" in ben.inner_text("#live")
        for page in (ben, chi, screen):
            assert "bid:4" not in page.content().replace('value="bid:4"', "")

        choices = random.Random(3)
        reloaded = False
        version = 1
        while not screen.query_selector("#result"):
            waiting = [p for p in phones if p.query_selector("button.act")]
            assert waiting, "nobody can move but the game is not over"
            phone = choices.choice(waiting)
            buttons = phone.query_selector_all("button.act")
            choices.choice(buttons).click()
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
            movers = [p for p in phones if p.query_selector("button.act")]
            choices.choice(choices.choice(movers).query_selector_all("button.act")).click()
            version += 1
            _in_step(phones, version)
        assert version >= 12
        for page in phones:
            assert page.problems == [], page.problems


def _table_state(app, table: str, host_token: str):
    with app.test_client() as client:
        record = client.get(
            f"/api/v1/tables/{table}/record", headers={"Authorization": f"Bearer {host_token}"}
        ).get_json()
    return GAMES["detective-eye"].replay(record)


def _hidden_from(state, seat: int) -> set[str]:
    from tests.referee.tables.test_pages import _hidden_from as hidden

    return hidden(state, seat)
