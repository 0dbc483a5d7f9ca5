"""Event streams end after their lifetime, and the browser resumes them.

A stream holds a worker's thread (or greenlet) for as long as it is open, so
it ends after ``TABLES_STREAM_SECONDS`` (a fraction of a second here) with a
retry hint; EventSource opens it again by itself with ``Last-Event-ID``, and
the new stream's first event is the version then: a move made while no
stream was open is never missed.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from referee.tables.events import RETRY_MS
from tests.referee.conftest import phone_page
from tests.referee.tables.conftest import auth, create_table, make_app

LIFETIME = 0.5


@pytest.fixture
def short_lived(backend, database_urls):
    app = make_app(database_urls["make"](backend), TABLES_STREAM_SECONDS=LIFETIME)
    yield app
    app.extensions["cardpress-tables"].bus.stop()


def _events(body: str) -> list[str]:
    return [block for block in body.split("\n\n") if block]


def test_a_stream_ends_after_its_lifetime_with_a_retry_hint(short_lived):
    with short_lived.test_client() as api:
        table = create_table(api)
        # the test client reads the body to its end: it returns once the stream ended
        body = api.get(f"/api/v1/tables/{table['table']}/events").get_data(as_text=True)
    blocks = _events(body)
    assert blocks[0] == f'retry: {RETRY_MS}\nid: 0\ndata: {{"version": 0}}'
    assert blocks[-1].startswith(f"retry: {RETRY_MS}\n: ")
    assert "Last-Event-ID" in blocks[-1]
    assert all(b.startswith(":") for b in blocks[1:-1]), blocks  # only heartbeats between


def test_a_move_made_between_two_streams_is_the_next_streams_first_event(short_lived):
    with short_lived.test_client() as api:
        table = create_table(api)
        seat = table["seats"][0]["token"]
        url = f"/api/v1/tables/{table['table']}/events?token={seat}"
        first = _events(api.get(url).get_data(as_text=True))
        assert first[0].startswith(f"retry: {RETRY_MS}\nid: 0\n")
        moved = api.post(
            f"/api/v1/tables/{table['table']}/actions",
            json={"action": "bid:2"},
            headers=auth(seat),
        )
        assert moved.status_code == 200, moved.get_json()
        again = api.get(url, headers={"Last-Event-ID": "0"}).get_data(as_text=True)
    blocks = _events(again)
    assert blocks[0] == f'retry: {RETRY_MS}\nid: 1\ndata: {{"version": 1}}'
    assert blocks[1].startswith("event: state\ndata: ")
    assert '"version":1' in blocks[1]


@pytest.fixture
def short_lived_server(short_lived) -> Iterator[tuple[str, object]]:
    """The app served in a thread; ``app.opened`` lists each event stream's
    Last-Event-ID as the server received it (None: the first)."""
    from flask import request
    from werkzeug.serving import make_server

    short_lived.opened = opened = []

    @short_lived.before_request
    def note_streams() -> None:
        if request.path.endswith("/events"):
            opened.append(request.headers.get("Last-Event-ID"))

    srv = make_server("127.0.0.1", 0, short_lived, threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{srv.server_port}", short_lived
    finally:
        srv.shutdown()
        thread.join(timeout=5)


@pytest.mark.browser
def test_a_phone_whose_stream_ended_still_sees_a_later_move(browser, short_lived_server):
    """Ben's page outlives several of its streams (each ended by the server);
    Aki's move, made long after the first stream ended, still reaches it,
    without a reload."""
    base, app = short_lived_server
    with app.test_client() as api:
        table = create_table(api, players=["Aki", "Ben", "Chi"], lang="en")
    with phone_page(browser) as ben:
        opened = app.opened
        ben.goto(table["seats"][1]["url"].replace("http://localhost", base, 1))
        assert ben.get_attribute("#live", "data-version") == "0"
        # the first stream ends after LIFETIME; EventSource opens the next ones
        # (each RETRY_MS after the one before ended): wait for two more
        for _ in range(100):
            if len(opened) >= 3:
                break
            ben.wait_for_timeout(200)
        assert len(opened) >= 3, opened
        assert opened[0] is None and opened[1] == "0", opened  # resumed from the version seen
        with app.test_client() as api:
            aki = table["seats"][0]["token"]
            moved = api.post(
                f"/api/v1/tables/{table['table']}/actions",
                json={"action": "bid:3"},
                headers=auth(aki),
            )
            assert moved.status_code == 200, moved.get_json()
        ben.wait_for_function(
            "() => Number(document.getElementById('live').dataset.version) >= 1",
            timeout=10_000,
        )
        assert not ben.problems, ben.problems
