"""gunicorn's gevent worker with a cap on open connections per client address.

A worker holds ``worker_connections`` connections (``CARDPRESS_CONNECTIONS``);
with no cap, one client opening that many (idle, half-sent, or event
streams) left nobody else a slot, and new connections waited in the listen
queue: no health check or move got through. Here a connection beyond
``CARDPRESS_CONNECTIONS_PER_ADDRESS`` (default 200 per worker) from one
address (an IPv6 one by its /64, :func:`referee.bounds.client_group`) is
answered 429 at once and closed, before anything is read from it.

Connections over a Unix socket (a reverse proxy on this machine, as the
README's nginx set-up) have no address and are not capped here: the proxy
caps its own clients (``limit_conn``) and forwards only whole requests.

Each answer goes out in one write to its socket: gunicorn sends a
response's head, then its body, in two (a system call each, and on a
loopback or a LAN the kernel's whole delivery to the reader with each);
:class:`OneSendResponse` sends the head with the body's first bytes (an
action's answer whole; an event stream's head with its first event).

Importing this module loads gunicorn's gevent worker, which imports gevent
but patches nothing; the worker patches the standard library as it starts
(``GeventWorker.init_process``), before the app is loaded.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

from gunicorn.config import Config
from gunicorn.http import wsgi
from gunicorn.workers.ggevent import GeventWorker

from referee.bounds import client_group

PER_ADDRESS = int(os.environ.get("CARDPRESS_CONNECTIONS_PER_ADDRESS", "200"))

_REFUSED = (
    b"HTTP/1.1 429 Too Many Requests\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n"
    b"Connection: close\r\n"
    b"Retry-After: 5\r\n"
    b"Content-Length: %d\r\n\r\n%s"
)
_TEXT = (
    "Too many open connections from your address. / このアドレスからの接続が多すぎます。\n"
).encode()


#: a body up to this size is copied behind the head (one send); a larger one is
#: sent after it, as gunicorn does
JOIN_BELOW = 64 * 1024


class _Taken:
    """Stands for the socket while gunicorn writes a head: keeps the bytes."""

    def __init__(self) -> None:
        self.data = b""

    def sendall(self, data: bytes) -> None:
        self.data += data


class OneSendResponse(wsgi.Response):
    """gunicorn's response, with the head sent in the same write as the first body
    bytes (within one ``write``: after it returns, everything written is on the
    socket, as before, so a failure later still finds the head sent)."""

    _head = b""
    _holding = False

    def send_headers(self) -> None:
        if self.headers_sent or not self._holding:
            super().send_headers()
            return
        sock, taken = self.sock, _Taken()
        self.sock = taken  # type: ignore[assignment]
        try:
            super().send_headers()
        finally:
            self.sock, self._head = sock, taken.data

    def write(self, arg: bytes) -> None:
        self._holding = True
        try:
            super().write(arg)
        finally:
            self._holding = False
            if self._head:  # no body bytes went with it (an empty or omitted body)
                head, self._head = self._head, b""
                self.sock.sendall(head)

    def _emit_body(self, data: bytes) -> None:
        head, self._head = self._head, b""
        if not head or len(data) >= JOIN_BELOW:
            if head:
                self.sock.sendall(head)
            super()._emit_body(data)
            return
        if self.chunked:
            data = b"%X\r\n%s\r\n" % (len(data), data)
        self.sock.sendall(head + data)


class SettledConfig(Config):
    """gunicorn's settings, each looked up once in a worker: a request reads a dozen
    of them (``Config.__getattr__`` -> the setting -> its value, each time), a
    quarter of gunicorn's own work per request; a worker's settings no longer
    change (a reload starts new workers)."""

    def __getattr__(self, name: str) -> Any:
        value = super().__getattr__(name)
        self.__dict__[name] = value  # found before __getattr__ from now on
        return value


class CappedGeventWorker(GeventWorker):
    """``-k gevent`` with at most :data:`PER_ADDRESS` open connections per client,
    each answer in one send (:class:`OneSendResponse`), each setting looked up
    once (:class:`SettledConfig`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.open_per_client: Counter[str] = Counter()

    def init_process(self) -> None:
        # gunicorn builds each request's response from this module attribute
        # (gunicorn.http.wsgi.create); in this worker's process only
        wsgi.Response = OneSendResponse  # type: ignore[misc]
        self.cfg.__class__ = SettledConfig  # this process's copy of the settings
        super().init_process()

    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        group = client_group(addr[0]) if isinstance(addr, tuple) and addr else ""
        if not group:  # a Unix socket: a proxy on this machine
            super().handle(listener, client, addr)
            return
        if self.open_per_client[group] >= PER_ADDRESS:
            _refuse(client)
            return
        self.open_per_client[group] += 1
        try:
            super().handle(listener, client, addr)
        finally:
            self.open_per_client[group] -= 1
            if self.open_per_client[group] <= 0:
                del self.open_per_client[group]


def _refuse(client: Any) -> None:
    try:
        client.sendall(_REFUSED % (len(_TEXT), _TEXT))
    except OSError:
        pass
    finally:
        client.close()
