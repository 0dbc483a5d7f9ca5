"""A table playing Finger Auction with the printed cards, as a phone sees it.

Shared by the browser tests and ``benchmarks/paper_table.py``: the table's
bids are a fixed script (one re-bid in round 1, a collision in each
three-player auction), so every run plays the same game and its taps can be
counted. :class:`Taps` wraps a Playwright page and counts every tap.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

NAMES = ("Aki", "Ben", "Chie")
#: bids of three participants, in seat order, auction by auction (cycled); the
#: first is a three-way collision (a re-bid, FA-1)
THREE = ((2, 2, 2), (2, 2, 1), (3, 1, 1), (1, 2, 2), (4, 4, 2))
#: preferred right hands of two participants; left hands 5 (never blocking 1-4)
RIGHTS = ((3, 2), (2, 4), (1, 3), (4, 1))


@dataclass
class Taps:
    page: Any
    count: int = 0
    log: list[str] = field(default_factory=list)

    def tap(self, locator: Any) -> None:
        locator.tap()
        self.count += 1

    def submit(self, locator: Any) -> None:
        """A tap that loads the next page."""
        with self.page.expect_navigation():
            self.tap(locator)


def no_sideways_scroll(page: Any) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def seats(page: Any) -> list[int]:
    return [
        int(s)
        for s in page.locator("fieldset[data-seat]").evaluate_all(
            "els => els.map(e => e.dataset.seat)"
        )
    ]


def play_auction(taps: Taps, n: int) -> None:
    """Enter the ``n``-th auction's bids on the follower and decide it."""
    page = taps.page
    here = seats(page)
    if page.locator("input[name^='right-']").count():
        rights = RIGHTS[n % len(RIGHTS)]
        for seat, want in zip(here, rights, strict=True):
            radios = page.locator(f"input[name='right-{seat}']:not([disabled])")
            values = radios.evaluate_all("els => els.map(e => +e.value)")
            right = want if want in values else values[0]
            taps.tap(page.locator(f"label:has(input[name='right-{seat}'][value='{right}'])"))
            taps.tap(page.locator(f"label:has(input[name='left-{seat}'][value='5'])"))
    else:
        bids = THREE[n % len(THREE)]
        for seat, bid in zip(here, bids, strict=False):
            taps.tap(page.locator(f"label:has(input[name='bid-{seat}'][value='{bid}'])"))
    taps.submit(page.locator("button.go"))
    taps.log.append(page.url)
