"""The report page as a phone shows it: every plot drawn, nothing wider than
the screen (wide grids scroll on their own), no console error (CSP included)."""

from __future__ import annotations

import pytest

from referee.report.words import words
from tests.referee.conftest import browser, phone_page, serving  # noqa: F401
from tests.referee.tables import report_seed
from tests.referee.tables.conftest import make_app

pytestmark = pytest.mark.browser
TOKEN = "browser-report-token-0123456789"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_report_page_fits_a_phone(browser, database_urls, lang):  # noqa: F811
    app = make_app(database_urls["make"]("sqlite"), REPORT_TOKEN=TOKEN)
    db = app.extensions["cardpress-tables"].db
    report_seed.seed(db, "finger-auction", 12, 4, deck_version="test")
    report_seed.seed(db, "ultimatch", 6, 3, start=50)
    with serving(app) as url, phone_page(browser, lang=lang) as page:
        page.set_default_timeout(120_000)  # the first view plays the bots and draws the plots
        page.goto(f"{url}/{lang}/report/{TOKEN}")
        assert words(lang)("Win rate by seat order") in page.inner_text("main")
        plots = page.locator(".report-plot img")
        assert plots.count() >= 6
        for i in range(plots.count()):
            plot = plots.nth(i)
            plot.scroll_into_view_if_needed()
            box = plot.bounding_box()
            assert plot.evaluate("img => img.complete && img.naturalWidth > 0")
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390 + 0.5
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert page.problems == []
    ext = app.extensions["cardpress-tables"]
    ext.bus.stop()
    ext.db.dispose()
