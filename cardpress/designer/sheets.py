"""``cardpress sheet export|import``: a product's card files to a spreadsheet and back.

One workbook per product, one sheet per card file, one row per card, one
column per field (see ``cardpress.catalogue.spreadsheet`` for the columns).
python-calamine reads both formats; the writers are the kept libraries
people already use for them: openpyxl for XLSX (what pandas writes XLSX
with) and odfpy for ODS (what pandas writes ODS with; pyexcel-ods3 would
add two more layers, ezodf and lxml, for the same files). Import writes
TOML with tomlkit, keeping each file's leading comments and the card data's
style (``title = { ja = "...", en = "..." }``).

A round trip changes no data: a card table read back from the sheet equals
the TOML table it was written from, which ``export`` checks before it
replaces anything.
"""

from __future__ import annotations

import dataclasses
import io
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardpress.catalogue.loader import ESHI_SETTINGS
from cardpress.catalogue.problems import CatalogueError, Problems, display_path, read_toml
from cardpress.catalogue.spreadsheet import (
    SUFFIXES,
    card_sheets,
    flatten,
    read_sheets,
    sheet_cards,
    workbooks,
)

SETTINGS = {"triptych": {"deck"}, "ultimatch": {"deck"}, "eshi100": ESHI_SETTINGS}


class SheetError(Exception):
    """A sheet command cannot do what was asked (the message says why and what to do)."""


@dataclass(frozen=True)
class CardFile:
    """One card file's cards as raw tables, as TOML and a sheet both hold them."""

    name: str  # the file's stem, the sheet's name
    cards: list[dict[str, Any]]
    source: Path


def card_files(cards_root: Path, deck: str) -> list[CardFile]:
    """The product's card files as raw tables: TOML files, then workbook sheets."""
    folder = cards_root / deck
    problems = Problems()
    files: list[CardFile] = []
    stems = set()
    for path in sorted(folder.glob("*.toml")):
        if path.stem in SETTINGS[deck]:
            continue
        stems.add(path.stem)
        data = read_toml(path, problems)
        if data is not None:
            files.append(CardFile(path.stem, list(data.get("card", [])), path))
    by_sheet: dict[str, list[dict[str, Any]]] = {}
    for source, card in card_sheets(folder, stems, SETTINGS[deck], problems):
        sheet = source.name.split(":")[1]
        by_sheet.setdefault(sheet, []).append(card)
    books = workbooks(folder)
    files.extend(CardFile(s, cards, books[0]) for s, cards in by_sheet.items())
    if problems.errors:
        raise CatalogueError(problems.errors)
    return files


def columns(cards: list[Mapping[str, Any]]) -> list[str]:
    """Every field any card has, ``id`` first, then in order of first appearance."""
    names: dict[str, None] = {"id": None}
    for card in cards:
        names.update(dict.fromkeys(flatten(card)))
    return list(names)


# --------------------------------------------------------------------------- writing


def workbook_bytes(files: list[CardFile], suffix: str) -> bytes:
    sheets = []
    for f in files:
        names = columns(f.cards)
        rows = [[flatten(card).get(n) for n in names] for card in f.cards]
        sheets.append((f.name, names, rows))
    return _xlsx(sheets) if suffix == ".xlsx" else _ods(sheets)


def _xlsx(sheets: list[tuple[str, list[str], list[list[Any]]]]) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Font

    book = Workbook()
    book.remove(book.active)
    for name, names, rows in sheets:
        ws = book.create_sheet(name)
        ws.append(names)
        for cell in ws[1]:
            cell.font = Font(bold=True)
        for row in rows:
            ws.append(row)
        ws.freeze_panes = "B2"  # the header and the id stay in view
        for i, n in enumerate(names):
            width = max([len(str(n)), *(len(str(r[i] or "")) for r in rows)])
            ws.column_dimensions[ws.cell(1, i + 1).column_letter].width = min(60, width + 2)
    buf = io.BytesIO()
    book.save(buf)
    return buf.getvalue()


def _ods(sheets: list[tuple[str, list[str], list[list[Any]]]]) -> bytes:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    for name, names, rows in sheets:
        table = Table(name=name)
        for row in [names, *rows]:
            tr = TableRow()
            for value in row:
                if value is None:
                    cell = TableCell()
                elif isinstance(value, bool):
                    cell = TableCell(valuetype="boolean", booleanvalue=str(value).lower())
                    cell.addElement(P(text=str(value).upper()))
                elif isinstance(value, int | float):
                    cell = TableCell(valuetype="float", value=value)
                    cell.addElement(P(text=str(value)))
                else:
                    cell = TableCell(valuetype="string")
                    cell.addElement(P(text=str(value)))
                tr.addElement(cell)
            table.addElement(tr)
        doc.spreadsheet.addElement(table)
    buf = io.BytesIO()
    doc.write(buf)
    return buf.getvalue()


def _read_back(data: bytes, suffix: str) -> dict[str, list[dict[str, Any]]]:
    """What cardpress would read from ``data``: sheet name -> card tables."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"check{suffix}"
        path.write_bytes(data)
        problems = Problems()
        sheets = read_sheets(path, problems) or {}
        out = {
            name: [card for _, card in sheet_cards(path, name, rows, problems)]
            for name, rows in sheets.items()
        }
    if problems.errors:
        raise SheetError("; ".join(map(str, problems.errors)))
    return out


def export_sheet(cards_root: Path, deck: str, out: Path, *, replace: bool = False) -> list[Path]:
    """Write the product's card files as one workbook at ``out``; returns files removed.

    ``replace``: ``out`` is the product's workbook in the card folder, and the
    TOML card files it now holds are removed (else the cards would be in two places).
    """
    from cardpress.print.atomic import write_atomic

    if out.suffix not in SUFFIXES:
        raise SheetError(f"{out}: a workbook ends in .xlsx or .ods")
    files = card_files(cards_root, deck)
    product_book = out.resolve() in {(cards_root / deck).with_suffix(s).resolve() for s in SUFFIXES}
    tomls = [f for f in files if f.source.suffix == ".toml"]
    if product_book and tomls and not replace:
        raise SheetError(
            f"{display_path(out)} would hold the same cards as "
            f"{', '.join(display_path(f.source) for f in tomls)}: add --replace to remove "
            "those TOML files, or write the workbook outside the card folder"
        )
    data = workbook_bytes(files, out.suffix)
    back = _read_back(data, out.suffix)
    for f in files:  # the round trip must change nothing before anything is replaced
        if back.get(f.name) != f.cards:
            raise SheetError(f"{f.name}: the sheet would not read back as the same cards")
    write_atomic(out, data)
    removed = []
    if product_book and replace:
        for f in tomls:
            f.source.unlink()
            removed.append(f.source)
        for other in workbooks(cards_root / deck):
            if other.resolve() != out.resolve():
                other.unlink()
                removed.append(other)
    return removed


# --------------------------------------------------------------------------- reading


def _leading_comments(path: Path) -> list[str]:
    if not path.is_file():
        return []
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or (not line.strip() and lines):
            lines.append(line)
        else:
            break
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


def card_toml(cards: list[dict[str, Any]], comments: list[str]) -> str:
    """A card file in the data's own style: one ``[[card]]`` table a card, texts inline
    (``title = { ja = "...", en = "..." }``); tomlkit quotes every key and value."""
    lines = [*comments, ""] if comments else [IMPORT_HEADER, ""]
    for card in cards:
        lines.append("[[card]]")
        lines.extend(f"{_key(k)} = {_value(v)}" for k, v in card.items())
        lines.append("")
    return "\n".join(lines)


IMPORT_HEADER = (
    "# Card file written by `cardpress sheet import`; the fields are those of the\n"
    '# README\'s "Editing a card". Edit it, or the spreadsheet, not both.'
)


def _key(key: str) -> str:
    import tomlkit

    return tomlkit.key(key).as_string()


def _value(value: Any) -> str:
    import tomlkit

    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    return tomlkit.item(value).as_string()


def import_sheet(
    cards_root: Path, deck: str, book: Path, *, replace: bool = False
) -> tuple[list[Path], bool]:
    """Write each sheet of ``book`` as the product's TOML card file of the same name.

    Returns the files written and whether ``book`` was removed (``replace``: it is
    the product's workbook in the card folder, which would otherwise hold the
    same cards as the new TOML files).
    """
    from cardpress.print.atomic import write_atomic

    if book.suffix not in SUFFIXES:
        raise SheetError(f"{book}: a workbook ends in .xlsx or .ods")
    if not book.is_file():
        raise SheetError(f"{book}: no such file")
    folder = cards_root / deck
    in_place = book.resolve() in {p.resolve() for p in workbooks(folder)}
    if in_place and not replace:
        raise SheetError(
            f"{display_path(book)} is read as {deck}'s card files: importing it would put "
            "the cards in two places; add --replace to remove it once its TOML files are "
            "written"
        )
    problems = Problems()
    sheets = read_sheets(book, problems)
    if sheets is None:
        raise CatalogueError(problems.errors)
    found: dict[str, list[dict[str, Any]]] = {}
    for name, rows in sheets.items():
        if name in SETTINGS[deck]:
            problems.at(book.with_name(f"{book.name}:{name}")).error(
                "sheet", f"{name}.toml holds the product's settings: keep them in TOML"
            )
            continue
        found[name] = [card for _, card in sheet_cards(book, name, rows, problems)]
    if problems.errors:
        raise CatalogueError(problems.errors)
    texts = {
        folder / f"{name}.toml": card_toml(cards, _leading_comments(folder / f"{name}.toml"))
        for name, cards in found.items()
    }
    for path, text in texts.items():  # what tomlkit wrote must parse back as the same cards
        if tomllib.loads(text).get("card", []) != found[path.stem]:
            raise SheetError(f"{path.name}: the TOML would not read back as the same cards")
    _check_before_import(cards_root, deck, book, list(found))
    for path, text in texts.items():
        write_atomic(path, text.encode("utf-8"))
    removed = False
    if in_place and replace:
        book.unlink()
        removed = True
    return list(texts), removed


def _check_before_import(cards_root: Path, deck: str, book: Path, sheets: list[str]) -> None:
    """Check the card data as it will be after the import, before a file is written.

    A copy of the card folder gets the workbook in place of the TOML files it
    replaces; its problems are told with the real names (workbook, sheet, row).
    """
    import shutil
    import tempfile

    from cardpress.catalogue import check_catalogue

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "cards"
        shutil.copytree(cards_root, root)
        for other in workbooks(root / deck):
            other.unlink()
        for name in sheets:
            (root / deck / f"{name}.toml").unlink(missing_ok=True)
        copy = (root / deck).with_suffix(book.suffix)
        shutil.copyfile(book, copy)
        _, problems = check_catalogue(root)
        names = ((display_path(copy), display_path(book)), (display_path(root), str(cards_root)))
        errors = []
        for problem in problems.errors:
            file = problem.file
            for tmp_name, real in names:
                file = file.replace(tmp_name, real, 1)
            errors.append(dataclasses.replace(problem, file=file))
    if errors:
        raise CatalogueError(errors)


__all__ = ["SheetError", "card_files", "card_toml", "export_sheet", "import_sheet"]
