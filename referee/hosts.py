"""Where the referee's absolute URLs point: the configured base URL, not the Host header.

A seat's link and its QR code, the create answer's URLs and the QR code on a
card's picture are handed to other people and printed: were they built from
the request's ``Host`` header, anyone could send ``Host: evil.example`` and
get links (and pictures cached for a day) that send a table's phones
elsewhere. So with ``BASE_URL`` configured (``CARDPRESS_BASE_URL``, the same
setting the printed decks use) every absolute URL starts with it, and a
request naming a host that is not trusted is refused (400, Flask's
``TRUSTED_HOSTS``; by default the base URL's host and this machine's
loopback names). Without it (development, ``cardpress serve``) links follow
the request, as a laptop on a home network needs, and the app says so once
in its log.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, current_app, jsonify, request, url_for
from werkzeug.exceptions import SecurityError

from cardpress.config import DEFAULT_BASE_URL, ConfigError, resolve_base_url, validate_base_url

#: always trusted besides the base URL's host: a health check or a
#: reverse proxy on this machine (IPv6 literals cannot be listed in Flask's
#: TRUSTED_HOSTS, which splits names at the first colon)
LOOPBACK = ("localhost", "127.0.0.1")


def init_app(app: Flask) -> None:
    """Check BASE_URL and derive TRUSTED_HOSTS from it (unless configured)."""
    configured = app.config.get("BASE_URL")
    trusted = app.config.get("TRUSTED_HOSTS")
    if isinstance(trusted, str):  # CARDPRESS_TRUSTED_HOSTS=a.example,b.example
        app.config["TRUSTED_HOSTS"] = [h.strip() for h in trusted.split(",") if h.strip()]
    app.register_error_handler(SecurityError, refused_host)
    if not configured:
        if not app.testing:
            app.logger.warning(
                "referee: no BASE_URL configured (CARDPRESS_BASE_URL): links and QR codes "
                "follow each request's Host header; set it in production"
            )
        return
    base = validate_base_url(str(configured), "BASE_URL")
    app.config["BASE_URL"] = base
    if trusted is None:
        app.config["TRUSTED_HOSTS"] = [urlsplit(base).hostname, *LOOPBACK]


#: said before the language is known (no page can be built for an untrusted
#: host: Flask has no URL adapter then), so in both languages at once
REFUSED = (
    "This server does not answer for the host this request names; open it at its own address."
    " / このサーバーは、このリクエストが指定したホスト名には応答しません。"
    "正しいアドレスで開いてください。"
)


def refused_host(exc: SecurityError) -> Response:
    """400 for a Host outside TRUSTED_HOSTS, in the API's error shape or as text."""
    if request.path.startswith("/api/") or request.path == "/healthz":
        response = jsonify({"error": {"message": REFUSED, "field": "Host"}})
    else:
        response = Response(REFUSED + "\n", mimetype="text/plain")
    response.status_code = 400
    response.headers["Cache-Control"] = "no-store"
    return response


def external_url(endpoint: str, **values: Any) -> str:
    """``url_for(endpoint, **values)`` as an absolute URL under the configured
    base URL (the request's own root only when none is configured)."""
    base = current_app.config.get("BASE_URL")
    if not base:
        return url_for(endpoint, _external=True, **values)
    path = url_for(endpoint, **values)
    root = request.script_root
    if root and path.startswith(root + "/"):
        path = path[len(root) :]  # the base URL already names the sub-path
    return str(base) + path


def picture_base_url() -> str:
    """Where a card picture's QR code points: the configured base URL, else the
    printed decks' (``cardpress.toml``), never the request's host, so a picture
    depends only on its card, language and size, and a cache may keep it."""
    configured = current_app.config.get("BASE_URL")
    if configured:
        return str(configured)
    try:
        return resolve_base_url()
    except ConfigError:
        current_app.logger.warning("referee: the configured base URL is malformed", exc_info=True)
        return DEFAULT_BASE_URL
