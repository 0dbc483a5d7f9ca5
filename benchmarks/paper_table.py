"""Taps and seconds for a whole 3-player Finger Auction at a paper table.

Plays the same game (the bids of tests/referee/paper_table.py) on a phone
two ways, side by side in one run, with Debian's chromium at 390 px:

* before: the one-auction checker (/play/finger-auction/auction), the table
  doing the bookkeeping: who is still in, the cards left on the field, the
  previous right hands; names re-typed when the seats change;
* after: the round follower (/play/finger-auction/follow).

A tap is a touch on the screen (a button, a radio, a text field to type
into); typing itself is not counted. Run:
``.venv/bin/python benchmarks/paper_table.py``.
"""

from __future__ import annotations

import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright
from werkzeug.serving import make_server

from cardpress.follow.finger_auction import FingerAuctionTable
from referee import create_app
from tests.referee.conftest import ARGS, CHROMIUM
from tests.referee.paper_table import NAMES, Taps, play_auction


def follower(page, base: str) -> tuple[int, int]:
    page.goto(f"{base}/en/play/finger-auction/follow?new=1")
    taps = Taps(page)
    for i, name in enumerate(NAMES):
        taps.tap(page.locator("input[name='p']").nth(i))
        page.locator("input[name='p']").nth(i).fill(name)
    taps.submit(page.locator("button.go"))
    auctions = 0
    while page.locator("fieldset[data-seat]").count():
        play_auction(taps, auctions)
        auctions += 1
    return taps.count, auctions


def checker(page, base: str, log: list[list[str]]) -> int:
    """The same auctions on the one-auction checker; the table tracks the rest."""
    url = f"{base}/en/play/finger-auction/auction"
    page.goto(url)
    taps = Taps(page)
    table = FingerAuctionTable(NAMES)
    shown: dict[str, str] = {}  # what the form shows now (it keeps what was sent)

    def set_value(name: str, want: int, default: int) -> None:
        now = int(shown.get(name, default))
        sign = "+1" if want > now else "-1"
        for _ in range(abs(want - now)):
            taps.tap(page.locator(f"button[value='{name}:{sign}']"))
        shown[name] = str(want)

    names_shown: list[str] = []
    for entry in log:
        parts = table.seats
        n = len(parts)
        if int(shown.get("participants", 3)) != n:
            taps.submit(page.locator("button.pick", has_text=str(n)))
            shown["participants"] = str(n)
        set_value("field", table.field, 7)
        now_names = [NAMES[s] for s in parts]
        for i, name in enumerate(now_names):
            if i >= len(names_shown) or names_shown[i] != name:
                taps.tap(page.locator(f"input[name='name-{i}']"))
                page.locator(f"input[name='name-{i}']").fill(name)
        names_shown = now_names
        for i, (seat, bid) in enumerate(zip(parts, entry, strict=True)):
            if n == 2:
                right, left = (int(x) for x in bid.split("/"))
                set_value(f"right-{i}", right, 1)
                set_value(f"left-{i}", left, 1)
                set_value(f"prev-{i}", table.forbidden(seat) or 0, 0)
            else:
                set_value(f"bid-{i}", int(bid), 1)
        taps.submit(page.locator("button.go"))
        assert page.locator("#result").count() == 1, page.url
        table.auction([_bid(b) for b in entry])
    assert table.done
    return taps.count


def _bid(text: str):
    from cardpress.follow.finger_auction import parse_bid

    return parse_bid(text)


def main() -> None:
    app = create_app({"SECRET_KEY": "benchmark"})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        page = context.new_page()
        start = time.perf_counter()
        after_taps, auctions = follower(page, base)
        after_s = time.perf_counter() - start
        log = [entry.split(".") for entry in page.url.split("log=")[1].split("-")]
        start = time.perf_counter()
        before_taps = checker(page, base, log)
        before_s = time.perf_counter() - start
        browser.close()
    server.shutdown()
    print(f"a whole 3-player Finger Auction, {auctions} auctions (re-bids included)")
    print(f"{'':28}{'taps':>6}{'seconds':>10}")
    print(f"{'before: one-auction checker':28}{before_taps:>6}{before_s:>10.1f}")
    print(f"{'after: round follower':28}{after_taps:>6}{after_s:>10.1f}")
    print("seconds are the browser's, with no thinking time; a table adds its own")


if __name__ == "__main__":
    main()
