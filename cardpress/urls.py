"""The URLs printed on paper: the one place that knows their shape.

A QR code on a card and the "Rules online" line of a rule sheet live for
years after they are printed, so the printers (``cardpress.print``), the
guard over what has gone out (``cardpress.catalogue.printed``), the static
site and the referee's routes all build these paths from here, and this
module imports nothing of the project: every layer may point down to it.
"""

from __future__ import annotations


def card_url(base_url: str, lang: str, deck: str, card_id: str) -> str:
    """The contract URL a card's QR code encodes: ``<base>/<lang>/c/<deck>/<id>``."""
    return f"{base_url.rstrip('/')}/{lang}/c/{deck}/{card_id}"


def rules_url(base_url: str, lang: str, game_id: str) -> str:
    """The contract URL a rule sheet prints: ``<base>/<lang>/rules/<game>``."""
    return f"{base_url.rstrip('/')}/{lang}/rules/{game_id}"


#: the paths this version prints, as patterns (what ``cards/printed.toml`` records)
CARD_URL_SCHEME = card_url("", "{lang}", "{deck}", "{card}")
RULES_URL_SCHEME = rules_url("", "{lang}", "{game}")
