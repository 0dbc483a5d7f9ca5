"""This machine's address on the local network, for ``cardpress serve --lan``.

A family's laptop answers the phones at its kitchen table: the referee must
listen on the address those phones reach (the Wi-Fi's, e.g. 192.168.1.20),
and the decks must be printed with that address as their base URL.

Discovery asks the operating system which source address it would use to
reach the outside (a UDP "connect" sends no packet), then falls back to the
host name's addresses. ``$CARDPRESS_LAN_ADDRESS`` overrides it, which also
lets tests run on the loopback address only.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from collections.abc import Callable, Iterable

ENV_ADDRESS = "CARDPRESS_LAN_ADDRESS"
#: TEST-NET-1 (RFC 5737): routed like the internet, never contacted
PROBE = ("192.0.2.1", 9)


def _routed_address() -> list[str]:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(PROBE)
        except OSError:  # no route at all: no network
            return []
        return [sock.getsockname()[0]]


def _host_addresses() -> list[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def pick_lan_address(candidates: Iterable[str]) -> str | None:
    """The first private (RFC 1918) address, else the first other routable one."""
    usable = []
    for candidate in candidates:
        try:
            address = ipaddress.ip_address(candidate)
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_unspecified:
            continue
        usable.append(address)
    private = [a for a in usable if a.is_private]
    chosen = (private or usable or [None])[0]
    return None if chosen is None else str(chosen)


def lan_address(
    sources: tuple[Callable[[], list[str]], ...] = (_routed_address, _host_addresses),
) -> str | None:
    """The address phones on this network reach this machine at; None when offline."""
    if override := os.environ.get(ENV_ADDRESS):
        return override
    candidates: list[str] = []
    for source in sources:
        candidates += source()
    return pick_lan_address(candidates)


def url_for_address(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}"
