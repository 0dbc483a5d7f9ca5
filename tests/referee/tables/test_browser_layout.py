"""The live-table pages on PostgreSQL read as a column of the phone's width.

tests/referee/test_browser_pages.py measures every page kind on the
referee's default SQLite database; the table pages are read from the
database, so here they are measured once more on PostgreSQL: at 360 and
390 px in both languages, main's text column spans at least 85 % of the
phone, no paragraph or heading is squeezed to a word a line, and no label
breaks a word.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.referee.conftest import phone_page, serving
from tests.referee.layout import column_problems, split_words
from tests.referee.live_tables import MORE_TABLE_PAGES, TABLE_PAGES, make_tables
from tests.referee.tables.conftest import make_app

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def postgresql_server(database_urls) -> Iterator[str]:
    app = make_app(database_urls["make"]("postgresql"))
    try:
        with serving(app) as url:
            yield url
    finally:
        app.extensions["cardpress-tables"].bus.stop()


@pytest.fixture(scope="module")
def tables(browser, postgresql_server) -> dict[str, str]:
    paths = make_tables(postgresql_server)
    # On this threaded test server the first page opened after the first event
    # stream waits ~13 s on PostgreSQL (not on SQLite; later ones do not): open
    # a seat's page and one more before anything is measured.
    with phone_page(browser) as page:
        page.set_default_timeout(60_000)
        page.goto(f"{postgresql_server}/en/{paths['fa_seat']}")
        page.goto(f"{postgresql_server}/en/{paths['fa2_seat']}")
    return paths


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("width", [360, 390])
def test_table_pages_on_postgresql_read_as_a_column(
    browser, postgresql_server, tables, lang, width
):
    found = {}
    with phone_page(browser, width, lang) as page:
        for kind, url in {**TABLE_PAGES, **MORE_TABLE_PAGES}.items():
            page.goto(postgresql_server + url.format(lang=lang, **tables))
            problems = column_problems(page)
            if width == 360:
                problems += [f"split word {w}" for w in split_words(page, lang)]
            if problems:
                found[kind] = problems[:4]
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
