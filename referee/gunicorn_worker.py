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

Importing this module loads gunicorn's gevent worker, which imports gevent
but patches nothing; the worker patches the standard library as it starts
(``GeventWorker.init_process``), before the app is loaded.
"""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

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


class CappedGeventWorker(GeventWorker):
    """``-k gevent`` with at most :data:`PER_ADDRESS` open connections per client."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.open_per_client: Counter[str] = Counter()

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
