"""What one client can hold: a deadline on request bodies, caps on open streams.

Under gevent every open connection is a greenlet, cheap but not free, and a
worker holds ``CARDPRESS_CONNECTIONS`` of them. Without bounds one client
could fill them all: a body announced and never sent was waited for for
ever, and thousands of event streams from one address left nobody else a
slot. So every stage a client can stall has a bound:

- a request's headers: gunicorn's ``keepalive`` (5 s) and, behind nginx,
  ``client_header_timeout``;
- a request's body: read whole, within ``BODY_SECONDS`` (default 10 s), before
  the app sees it (:class:`BodyDeadline`), else 408 and the connection closes;
- open connections per client address: :mod:`referee.gunicorn_worker` (and
  nginx's ``limit_conn``);
- open event streams per client address and per table: :class:`StreamSlots`
  (429 beyond them), each stream ending after ``TABLES_STREAM_SECONDS``
  (the browser's EventSource opens it again by itself).

Counts are per worker process: the whole server allows ``workers`` times each.
"""

from __future__ import annotations

import io
import ipaddress
import threading
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: a request body's whole read, from its first byte to its last
BODY_SECONDS = 10.0


def client_group(address: str | None) -> str:
    """Whom a limit counts: an IPv4 address itself, an IPv6 address by its /64
    (one subscriber's network: a client holds a whole /64 and can pick any
    address in it)."""
    if not address:
        return ""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


class TooSlow(Exception):
    """The body did not arrive within its deadline."""


def _deadline(seconds: float) -> Any:
    """A deadline on the blocking reads inside it: gevent's Timeout in a gevent
    worker (the production command); elsewhere (threads, the development
    server) none, as a thread cannot be interrupted in a read."""
    from gevent import Timeout
    from gevent.monkey import is_module_patched

    if not is_module_patched("socket"):
        return _no_deadline()
    return Timeout(seconds, TooSlow)


@contextmanager
def _no_deadline() -> Iterator[None]:
    yield


_SLOW = (
    "408 Request Timeout",
    "The request's body did not arrive in time. / リクエストの本文が時間内に届きませんでした。\n",
)


class BodyDeadline:
    """Reads a request's body whole within ``seconds`` before the app runs.

    Bodies are small here (64 KiB at most, ``MAX_CONTENT_LENGTH``): read up
    front, the app never blocks on a client mid-body, and a body that stalls
    costs its connection at most ``seconds``. Larger bodies are left to the
    app, which refuses them (413) without reading them."""

    def __init__(self, wsgi_app: WSGIApplication, seconds: float, max_length: int) -> None:
        self.wsgi_app = wsgi_app
        self.seconds = seconds
        self.max_length = max_length

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        length = _length(environ)
        chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
        if (length or chunked) and length <= self.max_length:
            stream = environ["wsgi.input"]
            try:
                with _deadline(self.seconds):
                    body = _read(stream, length if not chunked else self.max_length + 1)
            except TooSlow:
                status, text = _SLOW
                start_response(
                    status,
                    [
                        ("Content-Type", "text/plain; charset=utf-8"),
                        ("Connection", "close"),
                        ("Cache-Control", "no-store"),
                    ],
                )
                return [text.encode()]
            environ["wsgi.input"] = io.BytesIO(body)
            if chunked:
                environ["wsgi.input_terminated"] = True
        return self.wsgi_app(environ, start_response)


def _length(environ: WSGIEnvironment) -> int:
    try:
        return max(0, int(environ.get("CONTENT_LENGTH") or 0))
    except ValueError:
        return 0  # werkzeug answers a malformed length itself


def _read(stream: Any, limit: int) -> bytes:
    """Up to ``limit`` bytes, or fewer at the end of the body."""
    parts, got = [], 0
    while got < limit:
        part = stream.read(min(65536, limit - got))
        if not part:
            break
        parts.append(part)
        got += len(part)
    return b"".join(parts)


class StreamSlots:
    """Open event streams per client (:func:`client_group`) and per table, in this
    worker; :meth:`taken` refuses one more beyond either cap."""

    def __init__(self, per_client: int, per_table: int) -> None:
        self.per_client = per_client
        self.per_table = per_table
        self._clients: Counter[str] = Counter()
        self._tables: Counter[str] = Counter()
        self._lock = threading.Lock()

    def take(self, client: str, table_id: str) -> str | None:
        """Take a slot; None if taken, else which cap is full ("client", "table")."""
        with self._lock:
            if self._clients[client] >= self.per_client:
                return "client"
            if self._tables[table_id] >= self.per_table:
                return "table"
            self._clients[client] += 1
            self._tables[table_id] += 1
        return None

    def give_back(self, client: str, table_id: str) -> None:
        with self._lock:
            for counter, key in ((self._clients, client), (self._tables, table_id)):
                counter[key] -= 1
                if counter[key] <= 0:
                    del counter[key]

    def held(self, iterator: Iterator[str], client: str, table_id: str) -> Iterator[str]:
        """``iterator``, giving its slot back when it is closed (ended, or its
        client gone), even if it never started."""
        return _Held(iterator, lambda: self.give_back(client, table_id))


class _Held:
    """An iterator that runs ``release`` once when closed (a WSGI server closes
    every response's iterable, whether it was read or not)."""

    def __init__(self, iterator: Iterator[str], release: Any) -> None:
        self._iterator = iterator
        self._release = release

    def __iter__(self) -> _Held:
        return self

    def __next__(self) -> str:
        return next(self._iterator)

    def close(self) -> None:
        release, self._release = self._release, None
        try:
            close = getattr(self._iterator, "close", None)
            if close is not None:
                close()
        finally:
            if release is not None:
                release()
