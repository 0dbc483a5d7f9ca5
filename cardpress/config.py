"""Project settings: where QR codes point, read from flag, environment or file.

The base URL is printed into every card, so a wrong one is expensive (a
whole printed deck); we validate it strictly before anything is drawn.
"""

from __future__ import annotations

import ipaddress
import os
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

from cardpress.paths import CONFIG_FILE

ENV_BASE_URL = "CARDPRESS_BASE_URL"
DEFAULT_BASE_URL = "http://localhost:5000"


class ConfigError(ValueError):
    """A setting is malformed; the message names where it came from."""


def validate_base_url(url: str, origin: str) -> str:
    parts = urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise ConfigError(
            f"{origin}: base URL {url!r} must be an absolute http(s) URL, "
            "e.g. https://referee.example.org"
        )
    if parts.query or parts.fragment:
        raise ConfigError(f"{origin}: base URL {url!r} must not have a query or fragment")
    try:
        parts.port  # noqa: B018 - raises on a malformed port
    except ValueError as exc:
        raise ConfigError(f"{origin}: base URL {url!r} has a malformed port") from exc
    return url.rstrip("/")


def read_config_file(path: Path = CONFIG_FILE) -> dict[str, object]:
    if not path.is_file():
        return {}
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from exc
    section = data.get("cardpress", {})
    if not isinstance(section, dict):
        raise ConfigError(f"{path}: [cardpress] must be a table")
    return section


def resolve_base_url(cli_value: str | None = None, config_file: Path = CONFIG_FILE) -> str:
    """--base-url, then $CARDPRESS_BASE_URL, then cardpress.toml, then the default."""
    if cli_value is not None:
        return validate_base_url(cli_value, "--base-url")
    if env := os.environ.get(ENV_BASE_URL):
        return validate_base_url(env, ENV_BASE_URL)
    value = read_config_file(config_file).get("base_url")
    if value is not None:
        if not isinstance(value, str):
            raise ConfigError(f"{config_file}: base_url must be a string")
        return validate_base_url(value, f"{config_file}: base_url")
    return DEFAULT_BASE_URL


def unreachable_reason(url: str) -> str | None:
    """Why a phone at the table could not open ``url`` (None when it might).

    localhost, loopback (127.0.0.0/8, ::1), link-local (169.254.0.0/16,
    fe80::/10) and the unspecified address all name the machine that built
    the deck, or nothing at all, never a server a phone can reach.
    """
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return "which is localhost"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return None
    if address.is_loopback:
        return "a loopback address"
    if address.is_link_local:
        return "a link-local address"
    if address.is_unspecified:
        return "the unspecified address"
    return None
