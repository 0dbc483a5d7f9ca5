"""Links and QR codes come from the configured base URL, never the Host header (issue 22)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
import zxingcpp
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image

from referee.tables.pages import qr_svg
from tests.referee.tables.conftest import auth, make_app

BASE = "https://referee.test"
EVIL = {"Host": "evil.example"}
PAYLOAD = {"game": "finger-auction", "players": ["Aki", "Ben", "Chi"], "seed": 3}


@pytest.fixture(scope="module")
def based_app(backend: str, database_urls) -> Iterator[Flask]:
    app = make_app(database_urls["make"](backend), BASE_URL=BASE + "/")
    yield app
    app.extensions["cardpress-tables"].bus.stop()
    app.extensions["cardpress-tables"].db.dispose()


@pytest.fixture
def client(based_app: Flask) -> Iterator[FlaskClient]:
    with based_app.test_client() as c:
        yield c


def _qr_texts(png: bytes) -> list[str]:
    """The QR codes a scanner reads in a card's thumbnail. It is about a pixel a
    module, so whether one reading of it decodes depends on its anti-aliased
    edges (the art and the code's exact place move them): like a phone trying
    frame after frame, try a few resamplings and keep the first that reads."""
    image = Image.open(io.BytesIO(png)).convert("L")
    big = (image.width * 4, image.height * 4)
    tries = (
        image,
        image.resize(big, Image.LANCZOS),
        image.resize(big, Image.NEAREST),
        image.point(lambda v: 255 if v > 128 else 0).resize(big, Image.NEAREST),
    )
    for attempt in tries:
        if texts := [r.text for r in zxingcpp.read_barcodes(attempt)]:
            return texts
    return []


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/healthz"),
        ("POST", "/api/v1/tables"),
        ("GET", "/en/tables/new"),
        ("GET", "/en/tables/cards/triptych/g1.png"),
        ("GET", "/ja/c/triptych/g1"),
    ],
)
def test_a_host_that_is_not_configured_is_refused(client, method, path):
    got = client.open(path, method=method, json=PAYLOAD if method == "POST" else None, headers=EVIL)
    assert got.status_code == 400
    assert got.headers["Cache-Control"] == "no-store"
    if path.startswith("/api/") or path == "/healthz":
        error = got.get_json()["error"]
        assert error["field"] == "Host"
        text = error["message"]
    else:
        text = got.get_data(as_text=True)
    assert "does not answer for the host" in text and "ホスト名" in text


def test_the_create_answer_links_to_the_base_url(client):
    for host in ("referee.test", "localhost", "127.0.0.1:8000"):
        body = client.post("/api/v1/tables", json=PAYLOAD, headers={"Host": host}).get_json()
        urls = [body["host"]["url"], *(s["url"] for s in body["seats"])]
        assert all(u.startswith(f"{BASE}/ja/tables/{body['table']}/") for u in urls), urls


def test_the_host_page_seat_links_and_qr_codes_use_the_base_url(client):
    body = client.post("/api/v1/tables", json={**PAYLOAD, "lang": "en"}).get_json()
    page = client.get(
        f"/en/tables/{body['table']}/{body['host']['token']}", headers={"Host": "localhost"}
    ).get_data(as_text=True)
    for seat in body["seats"]:
        assert seat["url"].startswith(BASE + "/")
        assert seat["url"] in page
        label = f"QR code of {seat['name']}'s seat"
        assert str(qr_svg(seat["url"], label)) in page
    assert f"{BASE}/en/tables/{body['table']}" in page  # the spectators' link
    assert "http://localhost" not in page


def test_a_card_picture_points_at_the_base_url_whatever_the_host(client):
    png = client.get("/en/tables/cards/triptych/g1.png", headers={"Host": "localhost"})
    assert png.status_code == 200
    assert _qr_texts(png.data) == [f"{BASE}/en/c/triptych/g1"]


def test_without_a_base_url_a_picture_never_shows_the_request_host(api):
    """Unconfigured (development), hosts are not refused, but a picture, cached by
    phones for a day, still points where the printed decks do."""
    forged = api.get("/en/tables/cards/triptych/g1.png", headers=EVIL)
    own = api.get("/en/tables/cards/triptych/g1.png", headers={"Host": "localhost"})
    assert forged.status_code == own.status_code == 200
    assert forged.data == own.data  # the same picture, whatever the Host


def test_a_seat_token_works_under_the_base_url(client):
    body = client.post("/api/v1/tables", json=PAYLOAD).get_json()
    token = body["seats"][0]["token"]
    path = re.sub(r"^https://referee\.test", "", body["seats"][0]["url"])
    assert client.get(path, headers={"Host": "referee.test"}).status_code == 200
    assert client.get(f"/api/v1/tables/{body['table']}", headers=auth(token)).status_code == 200
