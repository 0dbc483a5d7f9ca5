"""Card files as spreadsheets: a round trip changes no data; check and build read a
workbook in the card folder; bad cells are told as file:sheet:row: card: field."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from openpyxl import load_workbook

from cardpress.catalogue import check_catalogue
from cardpress.catalogue.models import card_types

DECKS = ("triptych", "ultimatch", "eshi100")
SETTINGS = {"deck", "catalogue", "starter"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Through a real process, so a traceback would show on stderr."""
    return subprocess.run(
        [sys.executable, "-m", "cardpress.cli", *args], capture_output=True, text=True, check=False
    )


def card_data(cards: Path, deck: str) -> dict[str, list]:
    """Every TOML card file of a product, parsed: file stem -> its [[card]] tables."""
    return {
        p.stem: tomllib.loads(p.read_text(encoding="utf-8")).get("card", [])
        for p in sorted((cards / deck).glob("*.toml"))
        if p.stem not in SETTINGS
    }


def models(cards: Path) -> dict[str, list]:
    """The loaded cards of every deck, as the printers see them (where they came from aside)."""
    catalogue, problems = check_catalogue(cards)
    assert catalogue is not None, problems.errors[:5]
    out = {}
    for deck in catalogue.decks:
        out[deck.id] = [
            {k: v for k, v in _fields(c).items() if k != "source"} for c in card_types(deck)
        ]
    return out


def _fields(card) -> dict:
    return {name: getattr(card, name) for name in card.__slots__}


@pytest.mark.parametrize("suffix", [".xlsx", ".ods"])
@pytest.mark.parametrize("deck", DECKS)
def test_round_trip_changes_no_data(cards_copy: Path, tmp_path: Path, deck: str, suffix: str):
    before = card_data(cards_copy, deck)
    book = tmp_path / f"{deck}{suffix}"
    done = run("sheet", "export", deck, "-o", str(book), "--cards", str(cards_copy))
    assert done.returncode == 0, done.stderr
    sheets = load_workbook(book).sheetnames if suffix == ".xlsx" else None
    if sheets is not None:
        assert sheets == list(before)  # one sheet per card file
    for path in (cards_copy / deck).glob("*.toml"):
        if path.stem not in SETTINGS:
            path.write_text("# emptied before the import\n", encoding="utf-8")
    done = run("sheet", "import", str(book), "--cards", str(cards_copy))
    assert done.returncode == 0, done.stdout + done.stderr
    assert card_data(cards_copy, deck) == before


def test_a_workbook_in_the_card_folder_is_read_like_its_toml_files(cards_copy: Path):
    before = models(cards_copy)
    book = cards_copy / "triptych.xlsx"
    refused = run("sheet", "export", "triptych", "-o", str(book), "--cards", str(cards_copy))
    assert refused.returncode == 2 and "--replace" in refused.stderr
    assert not book.exists()
    done = run(
        "sheet", "export", "triptych", "-o", str(book), "--replace", "--cards", str(cards_copy)
    )
    assert done.returncode == 0, done.stderr
    assert not (cards_copy / "triptych" / "monet.toml").exists()
    assert models(cards_copy) == before
    check = run("check", "--cards", str(cards_copy))
    assert check.returncode == 0, check.stdout + check.stderr
    assert "triptych 32" in check.stderr


def test_build_prints_the_same_bytes_from_a_workbook(cards_copy: Path, tmp_path: Path):
    common = ["--deck", "ultimatch", "--lang", "en", "--paper", "a4", "--no-images"]
    common += ["--no-rules", "--no-print-shop", "--base-url", "https://cards.example.org"]
    first = run("build", *common, "--out", str(tmp_path / "a"), "--cards", str(cards_copy))
    assert first.returncode == 0, first.stderr
    book = cards_copy / "ultimatch.ods"
    done = run(
        "sheet", "export", "ultimatch", "-o", str(book), "--replace", "--cards", str(cards_copy)
    )
    assert done.returncode == 0, done.stderr
    second = run("build", *common, "--out", str(tmp_path / "b"), "--cards", str(cards_copy))
    assert second.returncode == 0, second.stderr
    pdf = Path("en/decks/ultimatch-a4.pdf")
    assert (tmp_path / "a" / pdf).read_bytes() == (tmp_path / "b" / pdf).read_bytes()


def test_bad_cells_are_named_by_file_sheet_row_card_and_field(cards_copy: Path):
    book = cards_copy / "triptych.xlsx"
    run("sheet", "export", "triptych", "-o", str(book), "--replace", "--cards", str(cards_copy))
    wb = load_workbook(book)
    ws = wb["monet"]
    header = [c.value for c in ws[1]]
    ws.cell(3, header.index("number") + 1, "two")  # row 3 is m2
    ws.cell(4, header.index("title.en") + 1).value = None  # row 4 is m3
    ws.cell(1, len(header) + 1, "colour")
    ws.cell(5, len(header) + 1, "blue")  # row 5 is m4
    wb.save(book)
    done = run("check", "--cards", str(cards_copy))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    lines = [ln.replace(f"{cards_copy.parent}/", "") for ln in done.stdout.splitlines()]
    assert "cards/triptych.xlsx:monet:3: m2: number: must be a whole number, not a string" in lines
    assert "cards/triptych.xlsx:monet:4: m3: title.en: missing" in lines
    assert any(
        ln.startswith("cards/triptych.xlsx:monet:5: m4: colour: unknown field") for ln in lines
    )
    assert all(ln.count(": ") >= 3 for ln in lines)


def test_a_card_file_in_two_places_is_refused(cards_copy: Path, tmp_path: Path):
    book = tmp_path / "triptych.xlsx"
    run("sheet", "export", "triptych", "-o", str(book), "--cards", str(cards_copy))
    (cards_copy / "triptych.xlsx").write_bytes(book.read_bytes())
    done = run("check", "--cards", str(cards_copy))
    assert done.returncode == 2
    assert f"{cards_copy}/triptych.xlsx:monet: -: sheet: triptych/monet.toml holds the same " in (
        done.stdout
    )


def test_an_unreadable_workbook_is_one_line(cards_copy: Path):
    (cards_copy / "ultimatch.xlsx").write_bytes(b"not a zip file")
    done = run("check", "--cards", str(cards_copy))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert any(
        ln.startswith(f"{cards_copy}/ultimatch.xlsx: -: file: not a readable XLSX file")
        for ln in done.stdout.splitlines()
    )
