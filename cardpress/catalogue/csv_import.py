"""Import a player's own 絵師100人展 card list from CSV, to print proxies of it.

Owners of the real cards type their deck into a spreadsheet; we accept it as
CSV with one row per card and a ``copies`` column. Japanese icon names are
accepted beside the ids, and a missing English title falls back to the
Japanese one (the real cards are printed in Japanese only).

Columns (header row required, order free):
    number, title_ja, title_en, bid, icons, copies,
    bit_ja, bit_en, settlement_ja, settlement_en
``icons`` holds one or more icons separated by spaces, "+", "/" or "・".
Effects from a CSV are resolved by hand at the table (op ``manual``).
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from cardpress.catalogue.loader import check_deck_rules
from cardpress.catalogue.models import (
    DeckEntry,
    Effect,
    EffectTiming,
    Eshi100Card,
    Eshi100Catalogue,
    Eshi100Deck,
    Icon,
    Text,
)
from cardpress.catalogue.problems import CatalogueError, Problems

REQUIRED = ("number", "bid", "icons", "copies")
OPTIONAL = ("title_ja", "title_en", "bit_ja", "bit_en", "settlement_ja", "settlement_en")
ICON_NAMES = {
    **{i.value: i for i in Icon},
    "梅": Icon.UME,
    "桜": Icon.SAKURA,
    "朝顔": Icon.ASAGAO,
    "昼顔": Icon.ASAGAO,
    "桔梗": Icon.KIKYO,
    "桐": Icon.KIKYO,
}
SEPARATORS = re.compile(r"[\s+/・,、]+")


def card_id_for(number: str) -> str:
    """A QR-friendly id from a printed card number ("No.012" -> "no-012")."""
    return re.sub(r"[^a-z0-9]+", "-", number.lower()).strip("-")[:12] or "card"


def load_eshi100_csv(path: Path, catalogue: Eshi100Catalogue) -> Eshi100Deck:
    """The player's deck as proxies; CatalogueError lists every bad row and field."""
    problems = Problems()
    file = problems.at(path)
    try:
        text = path.read_text(encoding="utf-8-sig")  # spreadsheets like to add a BOM
    except (OSError, UnicodeDecodeError) as exc:
        file.error("file", f"cannot be read as UTF-8 CSV: {exc}")
        raise CatalogueError(problems.errors) from None
    reader = csv.DictReader(text.splitlines())
    header = [h.strip() for h in reader.fieldnames or []]
    for column in REQUIRED:
        if column not in header:
            file.error(column, "column missing from the header row")
    for column in header:
        if column not in REQUIRED + OPTIONAL:
            file.error(column, "unknown column (known: " + ", ".join(REQUIRED + OPTIONAL) + ")")
    if problems.errors:
        raise CatalogueError(problems.errors)

    types: dict[str, Eshi100Card] = {}
    entries: list[DeckEntry] = []
    for line_no, row in enumerate(reader, start=2):
        row = {k.strip(): (v or "").strip() for k, v in row.items() if k}
        r = file.for_card(f"row {line_no}")
        number = row.get("number", "")
        if not number:
            r.error("number", "missing")
            continue
        card_id = card_id_for(number)
        r = file.for_card(f"row {line_no} ({number})")
        title_ja, title_en = row.get("title_ja", ""), row.get("title_en", "")
        if not (title_ja or title_en):
            r.error("title_ja", "a title is needed in at least one language")
        bid = _whole(r, row, "bid", 0, 20)
        copies = _whole(r, row, "copies", 1, 99)
        icons: list[Icon] = []
        for name in filter(None, SEPARATORS.split(row.get("icons", ""))):
            if name not in ICON_NAMES:
                r.error("icons", f"unknown icon {name!r} (known: {', '.join(ICON_NAMES)})")
            elif ICON_NAMES[name] not in icons:
                icons.append(ICON_NAMES[name])
        if not icons and not row.get("icons"):
            r.error("icons", "needs at least one icon")
        if card_id in types:
            r.error("number", f"card {number} is listed twice; use the copies column")
            continue
        if bid is None or copies is None or not icons or not (title_ja or title_en):
            continue
        types[card_id] = Eshi100Card(
            id=card_id,
            number=number,
            title=Text(title_ja or title_en, title_en or title_ja),
            bid=bid,
            icons=tuple(icons),
            bit=_manual(row, "bit", EffectTiming.BIT),
            settlement=_manual(row, "settlement", EffectTiming.SETTLEMENT),
            proxy=True,
            source=path,
        )
        entries.append(DeckEntry(card_id, copies))
    if not entries and not problems.errors:
        file.error("rows", "no cards listed")
    check_deck_rules(file, entries, catalogue)
    if problems.errors:
        raise CatalogueError(problems.errors)
    name = Text(f"プロキシ：{path.stem}", f"Proxies: {path.stem}")
    return Eshi100Deck(
        "eshi100", name, catalogue, tuple(types.values()), tuple(entries), True, source=path
    )


def _whole(r, row: dict[str, str], column: str, lo: int, hi: int) -> int | None:
    value = row.get(column, "")
    if not value.isdigit() or not lo <= int(value) <= hi:
        r.error(column, f"{value!r} must be a whole number from {lo} to {hi}")
        return None
    return int(value)


def _manual(row: dict[str, str], prefix: str, timing: EffectTiming) -> Effect | None:
    ja, en = row.get(f"{prefix}_ja", ""), row.get(f"{prefix}_en", "")
    if not (ja or en):
        return None
    return Effect(timing, "manual", Text(ja or en, en or ja))
