from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: Playwright tests driving Debian's /usr/bin/chromium"
    )


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
