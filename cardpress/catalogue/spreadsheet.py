"""Card files as spreadsheets: ``cards/<deck>.xlsx`` or ``.ods``, one sheet per card file.

Designers often keep a card list in a spreadsheet. A workbook beside a
product folder (``cards/triptych.xlsx`` next to ``cards/triptych/``) holds
that product's card files, one sheet each, named like the file it stands
for (sheet ``monet`` is ``monet.toml``): one row per card, one column per
field. Nested fields are dotted (``title.ja``, ``bit.text.en``); list fields
(``aliases``, ``icons``) are one cell, comma-separated. A sheet and a TOML
file of the same name would be two sources of one card file: that is an
error, not a precedence rule. The settings files (``deck.toml``,
``catalogue.toml``, ``starter.toml``) stay TOML.

Each row becomes the table a ``[[card]]`` entry would give, read under the
name ``<workbook>:<sheet>:<row>``, so the loader checks it with the same
rules and every problem names file, sheet and row, then card and field as
for TOML. python-calamine reads both formats (one Rust reader, no Python
XML parsing); the writers live in ``cardpress.designer.sheets``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardpress.catalogue.problems import Problems

SUFFIXES = (".xlsx", ".ods")
#: card fields that are arrays in TOML: one comma-separated cell in a sheet
LIST_FIELDS = frozenset({"aliases", "icons"})
LIST_SEPARATOR = ", "


def workbooks(folder: Path) -> list[Path]:
    """The spreadsheets that hold card files of the product in ``folder``."""
    return [p for p in (folder.with_suffix(s) for s in SUFFIXES) if p.is_file()]


def row_source(workbook: Path, sheet: str, row: int) -> Path:
    """The name problems give a row: ``cards/triptych.xlsx:monet:5`` (row as numbered in
    the spreadsheet program, the header being row 1)."""
    return workbook.with_name(f"{workbook.name}:{sheet}:{row}")


def read_sheets(path: Path, problems: Problems) -> dict[str, list[list[Any]]] | None:
    """Every sheet's cells, or None (and a problem) when the file cannot be read."""
    from python_calamine import CalamineWorkbook

    try:
        book = CalamineWorkbook.from_path(str(path))
        return {
            name: book.get_sheet_by_name(name).to_python(skip_empty_area=False)
            for name in book.sheet_names
        }
    except Exception as exc:  # calamine's errors are its own classes: any means unreadable
        problems.at(path).error("file", f"not a readable {path.suffix[1:].upper()} file: {exc}")
        return None


def _cell(value: Any) -> Any:
    """A cell as TOML would have it: spreadsheets store every number as a float."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _empty(value: Any) -> bool:
    return value is None or value == ""


def sheet_cards(
    path: Path, sheet: str, rows: list[list[Any]], problems: Problems
) -> list[tuple[Path, dict[str, Any]]]:
    """The sheet's cards: (row source, the table a ``[[card]]`` entry would be) per row."""
    r = problems.at(path.with_name(f"{path.name}:{sheet}"))
    while rows and all(_empty(v) for v in rows[-1]):
        rows = rows[:-1]
    if not rows:
        return []
    header = [str(_cell(v)).strip() if not _empty(v) else "" for v in rows[0]]
    columns: dict[int, list[str]] = {}
    seen: dict[str, int] = {}
    for i, name in enumerate(header):
        letter = column_letter(i)
        if not name:
            if any(i < len(row) and not _empty(row[i]) for row in rows[1:]):
                r.error(f"column {letter}", "has values but no field name in row 1")
            continue
        parts = name.split(".")
        if not all(parts):
            r.error(name, f"column {letter}: not a field name (use e.g. title.ja)")
            continue
        if name in seen:
            r.error(name, f"column {letter}: the same field as column {column_letter(seen[name])}")
            continue
        seen[name] = i
        columns[i] = parts
    for name in seen:  # title and title.ja cannot both be columns
        for other in seen:
            if other.startswith(name + "."):
                r.error(other, f"column {column_letter(seen[other])} is inside {name!r}")
    cards = []
    for n, row in enumerate(rows[1:], start=2):
        if all(_empty(v) for v in row):
            continue
        card: dict[str, Any] = {}
        for i, parts in columns.items():
            value = _cell(row[i]) if i < len(row) else None
            if _empty(value):
                continue
            if parts[-1] in LIST_FIELDS and isinstance(value, str):
                value = [v.strip() for v in value.split(",") if v.strip()]
            _put(card, parts, value)
        cards.append((row_source(path, sheet, n), card))
    return cards


def _put(table: dict[str, Any], parts: list[str], value: Any) -> None:
    for part in parts[:-1]:
        inner = table.setdefault(part, {})
        if not isinstance(inner, dict):  # reported as a column clash already
            return
        table = inner
    table[parts[-1]] = value


def flatten(card: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """A card table as cells: nested tables dotted, lists joined (the inverse of a row)."""
    cells: dict[str, Any] = {}
    for key, value in card.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            cells.update(flatten(value, f"{name}."))
        elif isinstance(value, list):
            cells[name] = LIST_SEPARATOR.join(str(v) for v in value)
        else:
            cells[name] = value
    return cells


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA: columns as the spreadsheet program names them."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def card_sheets(
    folder: Path, toml_stems: set[str], settings: set[str], problems: Problems
) -> list[tuple[Path, dict[str, Any]]]:
    """Every card row of the product's workbooks, checking that no card file is in two
    places (a sheet and a TOML file, or two workbooks)."""
    found: list[tuple[Path, dict[str, Any]]] = []
    books = workbooks(folder)
    if len(books) > 1:
        problems.at(books[1]).error(
            "file", f"{books[0].name} holds this product's cards too: keep one workbook"
        )
        books = books[:1]
    for book in books:
        sheets = read_sheets(book, problems)
        if sheets is None:
            continue
        for sheet, rows in sheets.items():
            r = problems.at(book.with_name(f"{book.name}:{sheet}"))
            if sheet in settings:
                r.error("sheet", f"{sheet}.toml holds the product's settings: keep them in TOML")
            elif sheet in toml_stems:
                r.error(
                    "sheet",
                    f"{folder.name}/{sheet}.toml holds the same card file: keep one "
                    "(cardpress sheet import or export --replace moves it)",
                )
            else:
                found.extend(sheet_cards(book, sheet, rows, problems))
    return found


__all__ = ["LIST_FIELDS", "SUFFIXES", "card_sheets", "flatten", "sheet_cards", "workbooks"]
