from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from playwright import sync_api

from referee import create_app

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: Playwright tests driving Debian's /usr/bin/chromium"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """schemathesis names each operation's test ``test_api[POST /tables]`` but, with
    pytest 9.2's structured node ids, gives them all the id ``test_api``: pytest
    then counts 12 tests as one (a finished run showed ``[  8%]``) and -k, --lf
    and xdist cannot tell them apart. Each gets its operation in its id."""
    for item in items:
        label = getattr(item, "operation_label", None)
        if label and getattr(item, "_id", None) is not None and item._id.params is None:
            item._id = item._id.with_params(label)


@pytest.fixture(scope="session")
def app() -> Flask:
    app = create_app({"TESTING": True, "SECRET_KEY": "test-secret", "WTF_CSRF_ENABLED": True})
    return app


@pytest.fixture
def client(app: Flask) -> Iterator[FlaskClient]:
    with app.test_client() as client:
        yield client


def csrf_token(client: FlaskClient, url: str) -> str:
    page = client.get(url)
    assert page.status_code == 200, url
    match = re.search(r'name="csrf_token" value="([^"]+)"', page.get_data(as_text=True))
    assert match, f"no CSRF token on {url}"
    return match.group(1)


def post_form(client: FlaskClient, url: str, data: dict[str, str]) -> str:
    """Post a form the way a browser does: token from the page, then the fields."""
    token = csrf_token(client, url)
    response = client.post(url, data={"csrf_token": token, **data})
    assert response.status_code == 200, response.get_data(as_text=True)[:2000]
    return response.get_data(as_text=True)


@contextmanager
def serving(app: Flask) -> Iterator[str]:
    """``app`` on a loopback port in a thread, as a browser reaches it: its base URL."""
    from werkzeug.serving import make_server

    srv = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}"
    finally:
        srv.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with serving(create_app({"SECRET_KEY": "browser-test"})) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    assert CHROMIUM.exists(), f"{CHROMIUM} is missing (make test installs it with apt)"
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def phone_page(browser, width: int = 390, lang: str = "en", **options) -> Iterator[object]:
    """A phone's page (touch, 2x pixels) that collects console errors in ``.problems``."""
    context = browser.new_context(
        viewport={"width": width, "height": 844},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
        locale="en-US" if lang == "en" else "ja-JP",
        **options,
    )
    page = context.new_page()
    # generous: CI shares its cores, and a starved host once took 10 s over a plain goto;
    # how fast a phone's tap answers is measured in benchmarks/, not by a test's timeout
    page.set_default_timeout(30_000)
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.problems = problems
    page.lang = lang
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def page(browser, server):
    with phone_page(browser) as page:
        yield page
