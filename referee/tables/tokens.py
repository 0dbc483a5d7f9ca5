"""Capability tokens: the link is the permission.

The host token is 192 random bits (``secrets``). Each seat's token is derived
from it with HMAC-SHA256, so the host's page can show every seat's QR code
again after a reload while the database holds only SHA-256 hashes of all of
them. Whoever holds the host token may hand out the seats anyway; a seat
token reveals nothing about the host token or the other seats.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

TOKEN_BYTES = 24  # 192 bits, printed as 32 URL-safe characters
TABLE_ID_BYTES = 12  # 96 bits: a table id is a spectator's link, so not guessable either


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def new_host_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def seat_token(host_token: str, seat: int) -> str:
    digest = hmac.new(host_token.encode(), f"seat:{seat}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode().rstrip("=")


def keyed_host_token(secret: str, key_hash: str, table_id: str) -> str:
    """The host token of a table created with an Idempotency-Key: the same for
    every repeat of that create by its client, unguessable without the app's
    secret (the database holds only its hash, as for random ones)."""
    message = f"host:{key_hash}:{table_id}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:TOKEN_BYTES]).decode().rstrip("=")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()
