"""The session cookie is Secure whenever the page was served over HTTPS."""

from __future__ import annotations

from referee import create_app

PAGE = "/en/play/gallery-rush"  # a form page: its CSRF token lives in the session


def session_cookie(response) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert cookies, response.headers
    return cookies[0]


def test_plain_http_cookie_is_not_secure(client):
    assert "Secure" not in session_cookie(client.get(PAGE))


def test_https_cookie_is_secure(client):
    assert "Secure" in session_cookie(client.get(PAGE, base_url="https://localhost"))


def test_behind_a_proxy_only_a_trusted_forwarded_proto_counts():
    https = {"X-Forwarded-Proto": "https"}
    untrusting = create_app({"TESTING": True, "SECRET_KEY": "k"}).test_client()
    assert "Secure" not in session_cookie(untrusting.get(PAGE, headers=https))
    trusting = create_app({"TESTING": True, "SECRET_KEY": "k", "PROXY_FIX_X_PROTO": 1})
    assert "Secure" in session_cookie(trusting.test_client().get(PAGE, headers=https))
