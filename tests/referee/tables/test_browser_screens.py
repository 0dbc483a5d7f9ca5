"""What a person sees and taps on the phones (Playwright + Debian's chromium, 390 px).

The create form's refusal and a refused tap are answered by a redirect, so a
reload shows the page again without posting; Detective Eye's declaration is
picked painter then count and every phone reads who made it above its buttons.
"""

from __future__ import annotations

import re

import pytest

from tests.referee.conftest import phone_page
from tests.referee.tables import test_browser
from tests.referee.tables.conftest import logged
from tests.referee.tables.test_browser import _create, _in_step

#: the referee in a thread, CSRF on, as in production (the phone tests' own server)
live_server = test_browser.live_server

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_create_form_says_what_is_wrong_and_a_reload_posts_nothing(browser, live_server, lang):
    base, _app = live_server
    with phone_page(browser, lang=lang) as host:
        host.goto(f"{base}/{lang}/tables/new?game=gallery-rush")
        host.fill("input[name=name0]", "Aki")
        host.click("button[name=go]")
        host.wait_for_selector("[role=alert]")
        said = host.inner_text("[role=alert]")
        wanted = {
            "en": "Type at least 2 names: Gallery Rush is played by 2 to 4 players.",
            "ja": "名前を2人分以上入力してください。",
        }[lang]
        assert wanted in said, said
        assert "gallery-rush" not in said
        assert host.input_value("input[name=name0]") == "Aki"  # what was typed is kept
        assert re.search(r"/tables/new\?game=gallery-rush$", host.url), host.url
        host.reload()
        host.wait_for_selector("input[name=name0]")
        # the reload was a GET: a second POST would be refused and said again
        assert not host.query_selector("[role=alert]")
        host.fill("input[name=name1]", "Ben")
        host.fill("input[name=name0]", "Aki")
        host.click("button[name=go]")
        host.wait_for_selector(".seat-links")
        assert host.problems == [], host.problems


def test_a_refused_tap_redirects_and_a_reload_posts_nothing(browser, live_server):
    """A stale second tab of Aki's seat (its event stream cut: it never updates) taps a bid
    after the first tab's bid: the refusal names the move in words, and reloading
    the answer sends no second POST."""
    base, app = live_server
    with (
        phone_page(browser) as host,
        phone_page(browser) as aki,
        phone_page(browser) as stale,
    ):
        stale.route("**/events", lambda route: route.abort())
        seats, _watch = _create(host, base, "finger-auction", ["Aki", "Ben", "Chi"])
        aki.goto(seats[0])
        stale.goto(seats[0])
        aki.click("button.act[value='bid:3']")
        aki.wait_for_selector("text=Your secret bid: 3")
        stale.click("button.act[value='bid:2']")
        stale.wait_for_selector("[role=alert]")
        said = stale.inner_text("[role=alert]")
        assert "bid:" not in said and ("Bid 2" in said or "moved on" in said), said
        stale.reload()
        stale.wait_for_selector("#live")
        assert "Your secret bid: 3" in stale.inner_text("#live")
        assert not stale.query_selector("[role=alert]")  # a GET: nothing posted, said once
        table = re.search(r"/tables/([^/]+)/", seats[0]).group(1)
        record = logged(app, table, host.url.rsplit("/", 1)[1])
        assert record["actions"] == [[0, "bid:3"]]  # the refused tap was not applied


def test_detective_eye_declaration_is_picked_and_read_above_the_buttons(browser, live_server):
    base, _app = live_server
    names = ["Aki", "Ben", "Chi"]
    with (
        phone_page(browser) as host,
        phone_page(browser) as aki,
        phone_page(browser, lang="ja") as ben,
        phone_page(browser) as chi,
    ):
        seats, _watch = _create(host, base, "detective-eye", names)
        phones = [aki, ben, chi]
        for phone, link in zip(phones, seats, strict=True):
            phone.goto(link.replace("/en/", "/ja/") if phone is ben else link)
        assert "Pick two cards for Ben, on your left; Chi passes you two." in aki.inner_text(
            ".guide"
        )
        for phone in phones:  # the draft: a card, then its partner
            phone.click("a.pick-step >> nth=0")
            phone.wait_for_selector("button.act")
            phone.click("button.act >> nth=0")
        _in_step(phones, 3)
        for phone in phones:  # the reveal: one card face down
            phone.wait_for_selector("button.act")
            phone.click("button.act >> nth=0")
        _in_step(phones, 6)
        assert "No declaration yet this round." in aki.inner_text("#live")
        painters = aki.query_selector_all("a.pick-painter")
        assert len(painters) == 3
        assert len(aki.query_selector_all("button.act")) < 13  # no wall of buttons
        painters[0].click()
        aki.wait_for_selector("button.act[value^='declare:']")
        label = aki.inner_text("button.act[value^='declare:'] >> nth=0")
        count, painter = re.match(r"Declare (\d+) × (.+)", label).groups()
        aki.click("button.act[value^='declare:'] >> nth=0")
        _in_step(phones, 7)
        wanted = f"Highest declaration: {count} × {painter}, by Aki."
        for phone in (aki, chi):
            phone.wait_for_selector(f"text={wanted}")
        ben.wait_for_selector("text=いまの最高の宣言はAkiの")
        guide = ben.locator(".guide").first.bounding_box()
        move = ben.locator(".your-move").bounding_box()
        assert guide["y"] < move["y"]  # above the buttons
        for phone in [host, *phones]:
            assert phone.problems == [], phone.problems
