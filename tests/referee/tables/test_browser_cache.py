"""The service worker never stores a page sent ``Cache-Control: no-store``.

A seat's page and the host's page hold the capability links (the token in
the URL is the seat); a phone lent to a neighbour, or any script on the
origin, could read them back from the Cache Storage. Checked in a real
browser: the pages are opened under an active service worker, which stores
what it may (the scripts, the card pictures), and the Cache Storage read from
the page then holds neither page nor token.
"""

from __future__ import annotations

import pytest

from tests.referee.conftest import phone_page
from tests.referee.tables import test_browser
from tests.referee.tables.conftest import create_table, path_of

pytestmark = pytest.mark.browser

#: the referee in a thread, on each database (the phones' tests' own server)
live_server = test_browser.live_server

#: every URL the page's Cache Storage holds, in every cache
CACHED = """() => caches.keys().then(names => Promise.all(names.map(
  name => caches.open(name).then(cache => cache.keys()).then(keys => keys.map(r => r.url))
))).then(lists => lists.flat())"""


def _cached_after(page, *wanted: str) -> list[str]:
    """The Cache Storage once the worker has stored a URL containing each of ``wanted``
    (it stores after answering, each response when it has arrived: the card pictures,
    fetched after the scripts, may come a second later on a loaded machine)."""
    for _ in range(300):
        urls = page.evaluate(CACHED)
        if all(any(w in url for url in urls) for w in wanted):
            return urls
        page.wait_for_timeout(100)
    raise AssertionError(f"the service worker never stored {wanted}: {page.evaluate(CACHED)}")


def test_seat_and_host_pages_never_reach_the_cache_storage(browser, live_server):
    base, app = live_server
    with app.test_client() as api:
        body = create_table(api, players=["Aki", "Ben", "Chi"], lang="en")
    seat_url = base + path_of(body["seats"][0]["url"])
    host_url = base + path_of(body["host"]["url"])
    tokens = [s["token"] for s in body["seats"]] + [body["host"]["token"]]
    with phone_page(browser) as page:
        page.goto(seat_url)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now under the active worker: every fetch goes through it
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        assert page.locator("text=You are Aki.").count() == 1
        # the worker stores what it may: the scripts, and the cards' pictures too
        urls = _cached_after(page, "/static/tables.js", ".png")
        page.goto(host_url)
        page.wait_for_selector(".seat-links")
        page.goto(base + "/en/rules/finger-auction")  # a public page: stored
        urls = _cached_after(page, "/en/rules/finger-auction")
        leaked = [url for url in urls if any(token in url for token in tokens)]
        assert leaked == [], leaked
        assert not any(f"/tables/{body['table']}/" in url for url in urls), urls
        # offline, a seat's page is not there to be read: the offline page says so
        page.context.set_offline(True)
        try:
            page.goto(seat_url)
            assert page.locator(".offline-page h1").inner_text() == "Offline"
        finally:
            page.context.set_offline(False)
        assert page.problems == [], page.problems
