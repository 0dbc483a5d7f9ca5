"""Secret key, CSRF protection, security headers and request limits."""

from __future__ import annotations

import os
import secrets
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from flask import Flask, Request
from flask import request as flask_request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from flask_wtf.csrf import CSRFProtect
from werkzeug.middleware.proxy_fix import ProxyFix

from referee.bounds import BODY_SECONDS, BodyDeadline

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

csrf = CSRFProtect()

CSP = "; ".join(
    [
        "default-src 'self'",
        "img-src 'self' data:",
        "style-src 'self'",
        "script-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CSP,
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}

MAX_CONTENT_LENGTH = 64 * 1024


DEFAULTS = {
    "MAX_CONTENT_LENGTH": MAX_CONTENT_LENGTH,
    # a request body's whole read (referee.bounds.BodyDeadline)
    "BODY_SECONDS": BODY_SECONDS,
    "MAX_FORM_MEMORY_SIZE": MAX_CONTENT_LENGTH,
    "MAX_FORM_PARTS": 200,
    "SESSION_COOKIE_HTTPONLY": True,
    "SESSION_COOKIE_SAMESITE": "Lax",
}


class SecretKeyWarning(UserWarning):
    """No SECRET_KEY was configured; a development key is in use."""


def ensure_secret_key(app: Flask) -> None:
    """SECRET_KEY from config/env, else a key kept in the instance folder.

    Order: the mapping given to create_app, $CARDPRESS_SECRET_KEY,
    instance/config.py. Failing those (development), a random key is written
    to instance/secret_key (git-ignored, mode 0600) so every worker and
    restart shares it; if the instance folder is not writable, a random
    per-process key is used and forms break across workers.
    """
    if app.config.get("SECRET_KEY"):
        return
    key_file = Path(app.instance_path) / "secret_key"
    message = (
        "referee: no SECRET_KEY configured (set CARDPRESS_SECRET_KEY or SECRET_KEY in "
        "instance/config.py); using a development key"
    )
    try:
        key = key_file.read_text().strip() if key_file.is_file() else ""
        if not key:
            key = secrets.token_hex(32)
            key_file.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w") as fh:
                fh.write(key + "\n")
        message += f" from {key_file}"
    except OSError:
        key = secrets.token_hex(32)
        message += " generated for this process only"
    warnings.warn(message, SecretKeyWarning, stacklevel=2)
    app.logger.warning(message)
    app.config["SECRET_KEY"] = key


_HEADER_ITEMS = list(HEADERS.items())


class SecurityHeaders:
    """Every response's security headers, added where the server receives the
    headers (WSGI ``start_response``): no view sets them, and appending a list
    there costs a microsecond where werkzeug's ``Headers.extend`` in an
    ``after_request`` hook checked each value on every request (~5 % of a
    live table's request)."""

    def __init__(self, wsgi_app: WSGIApplication) -> None:
        self.wsgi_app = wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], exc_info: Any = None) -> Any:
            return start_response(status, headers + _HEADER_ITEMS, exc_info)

        return self.wsgi_app(environ, start)


class SessionInterface(SecureCookieSessionInterface):
    """Skip building a signing serializer for requests without a session cookie.

    The API is cookie-less; Flask's default opens (and signs) a session for
    every request, a cost the scoring benchmark sees.
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        """Secure whenever this request came over HTTPS (behind a proxy, once
        ProxyFix trusts its X-Forwarded-Proto), or when configured always."""
        return bool(app.config["SESSION_COOKIE_SECURE"]) or flask_request.is_secure

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        if "HTTP_COOKIE" not in request.environ or (
            self.get_cookie_name(app) not in request.cookies
        ):
            return self.session_class()
        return super().open_session(app, request)


#: how many proxies in front of the referee set each X-Forwarded-* header
#: (0: do not trust the header); see README "Serving the referee"
PROXY_HEADERS = ("FOR", "PROTO", "HOST", "PREFIX")


def trust_proxy(app: Flask) -> None:
    """Wrap the app in werkzeug's ProxyFix when PROXY_FIX_X_* is configured."""
    counts = {h.lower(): int(app.config.get(f"PROXY_FIX_X_{h}") or 0) for h in PROXY_HEADERS}
    if any(counts.values()):
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app,
            x_for=counts["for"],
            x_proto=counts["proto"],
            x_host=counts["host"],
            x_prefix=counts["prefix"],
        )


def init_app(app: Flask) -> None:
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)  # a page left open all evening
    trust_proxy(app)
    ensure_secret_key(app)
    app.session_interface = SessionInterface()
    csrf.init_app(app)
    app.wsgi_app = BodyDeadline(  # type: ignore[method-assign]
        app.wsgi_app, float(app.config["BODY_SECONDS"]), int(app.config["MAX_CONTENT_LENGTH"])
    )
    app.wsgi_app = SecurityHeaders(app.wsgi_app)  # type: ignore[method-assign]
