"""``cards/printed.toml``: what printed cards carry, so the data never orphans it.

A printed QR code lives for years. This committed file remembers what has
gone out on paper: the URL paths the codes use (after the base URL), and the
ids of cards taken out of a deck. ``cardpress check`` refuses a card that
takes a retired id (as its id or as an alias: old prints would open the
wrong card) and a version of cardpress that prints URL paths the file does
not list (a new scheme must be recorded, and the old ones kept answering).
A missing file means nothing has been printed yet.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from cardpress.catalogue.models import Deck, card_types
from cardpress.catalogue.problems import Problems, read_toml
from cardpress.urls import CARD_URL_SCHEME, RULES_URL_SCHEME

FILE_NAME = "printed.toml"


def check_printed(root: Path, decks: Mapping[str, Deck | None], problems: Problems) -> None:
    path = root / FILE_NAME
    if not path.is_file():
        return
    data = read_toml(path, problems)
    if data is None:
        return
    r = problems.at(path)
    r.only(data, {"card_urls", "rules_urls", "retired", "last_print"})
    for key, current in (("card_urls", CARD_URL_SCHEME), ("rules_urls", RULES_URL_SCHEME)):
        recorded = data.get(key, [])
        if not isinstance(recorded, list) or not all(isinstance(v, str) for v in recorded):
            r.error(key, 'must be a list of URL paths, e.g. ["/{lang}/c/{deck}/{card}"]')
        elif current not in recorded:
            r.error(
                key,
                f"this version prints {current}, but printed codes open "
                f"{' and '.join(recorded) or 'nothing recorded'}: they would stop working. "
                "Keep the old paths answering, then add the new one here",
            )
    retired = data.get("retired", {})
    if not isinstance(retired, dict):
        r.error("retired", "must be a table of deck id = [retired card ids]")
        return
    for deck_id, ids in retired.items():
        if deck_id not in decks:
            r.error(f"retired.{deck_id}", f"unknown deck (known: {', '.join(decks)})")
            continue
        if not isinstance(ids, list) or not all(isinstance(v, str) for v in ids):
            r.error(f"retired.{deck_id}", "must be a list of card ids")
            continue
        deck = decks[deck_id]
        if deck is None:
            continue
        for card in card_types(deck):
            for used in (card.id, *card.aliases):
                if used in ids:
                    field = "id" if used == card.id else "aliases"
                    problems.at(card.source, card.id).error(
                        field,
                        f"{used!r} is retired ({path.name}): cards printed with it belong to "
                        "another card; choose a new id",
                    )
