"""Phone-sized browser tests: Playwright driving Debian's /usr/bin/chromium.

The app runs in a thread (werkzeug's make_server on 127.0.0.1, an ephemeral
port). No browser is ever downloaded: Playwright is pointed at the system
chromium (a declared test dependency: its absence fails the tests).
"""

from __future__ import annotations

import pytest

from tests.referee.conftest import PHONE

pytestmark = [pytest.mark.browser]


def test_qr_url_shows_the_card(page, server):
    from cardpress.catalogue import load_catalogue

    card = load_catalogue().triptych.card("m1")
    page.goto(server + "/en/c/triptych/m1")
    assert page.locator("h1.card-name").inner_text() == card.title.en
    img = page.locator(".card-picture img")
    img.wait_for()
    page.wait_for_function("document.querySelector('.card-picture img').complete")
    assert page.evaluate("document.querySelector('.card-picture img').naturalWidth") > 100
    # the picture fits the phone's width
    box = img.bounding_box()
    assert box and box["width"] <= PHONE["width"]
    assert page.problems == []  # no CSP violations, no script errors


def test_unprefixed_qr_url_follows_the_phone_language(browser, server):
    context = browser.new_context(
        viewport=PHONE,
        is_mobile=True,
        locale="ja-JP",
        extra_http_headers={"Accept-Language": "ja-JP,ja;q=0.9"},
    )
    try:
        page = context.new_page()
        page.goto(server + "/c/triptych/m1")
        assert page.url.endswith("/ja/c/triptych/m1")
        assert page.locator("html").get_attribute("lang") == "ja"
    finally:
        context.close()


def test_score_finger_auction_by_tapping(page, server):
    page.goto(server + "/en/play/finger-auction/score")
    page.locator("button.pick", has_text="2").tap()
    page.wait_for_selector("[data-hand='1']")
    assert page.locator("[data-hand]").count() == 2
    page.locator("input[name='name-0']").fill("Aki")
    page.locator("input[name='name-1']").fill("Ben")
    plus = page.locator("button[value='monet-0:+1']")
    box = plus.bounding_box()
    assert box and box["width"] >= 48 and box["height"] >= 48  # big tap targets
    for _ in range(4):
        plus.tap()
    for _ in range(2):
        page.locator("button[value='gogh-1:+1']").tap()
    page.locator("button[value='gogh-1:-1']").tap()
    assert page.locator("#f-monet-0").input_value() == "4"
    assert page.locator("#f-gogh-1").input_value() == "1"
    page.locator("input[name='mona_lisa'][value='0']").tap()
    page.locator("button.go").tap()
    page.wait_for_selector("#result")
    assert "Winner: Aki" in page.locator("#result .winner").inner_text()
    rule = page.locator("#result a.rule-id").first
    assert "/en/rules/finger-auction#FA-" in rule.get_attribute("href")
    assert page.problems == []


def test_switch_language(page, server):
    page.goto(server + "/en/c/triptych/m1")
    page.locator("nav.langs a[hreflang='ja']").tap()
    page.wait_for_url("**/ja/c/triptych/m1")
    assert page.locator("html").get_attribute("lang") == "ja"
    assert "ルール" in page.locator("footer").inner_text()
    page.locator("nav.langs a[hreflang='en']").tap()
    page.wait_for_url("**/en/c/triptych/m1")
    assert page.locator("html").get_attribute("lang") == "en"


def test_rule_card_r0_leads_to_choosing_a_game(page, server):
    page.goto(server + "/en/c/triptych/r0")
    page.locator("a.rules-link[href='/en/rules/choose']").tap()
    page.wait_for_url("**/en/rules/choose")
    assert page.locator("article.rules h1").inner_text() == "Triptych"
    assert page.locator("#TR-H1").is_visible()
    assert page.problems == []


def test_proxy_card_from_a_players_list(page, server):
    page.goto(server + "/ja/c/eshi100/no-001")
    assert page.locator("h1.card-name").inner_text() == "プロキシカード no-001"
    page.locator("a[href='/ja/play/eshi100']").tap()
    page.wait_for_url("**/ja/play/eshi100")
    assert page.problems == []


@pytest.mark.parametrize(
    "game", ["choose", "gallery-rush", "finger-auction", "detective-eye", "ultimatch", "eshi100"]
)
def test_rules_page_renders_under_the_content_security_policy(page, server, game):
    page.goto(server + f"/en/rules/{game}")
    page.wait_for_load_state("load")
    assert page.problems == []  # nothing blocked: no inline style in the rule sheet
    if page.locator(".rules-diagram-svg").count():
        # the diagrams keep their strokes (a blocked style attribute would drop them)
        stroked = page.evaluate(
            "[...document.querySelectorAll('.rules-diagram-svg :is(path, rect, line, circle, "
            "polygon, polyline)')].filter(e => getComputedStyle(e).stroke !== 'none').length"
        )
        assert stroked > 0
