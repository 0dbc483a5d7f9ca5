"""A player's own 絵師100人展 list, imported from CSV for printing proxies."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardpress.catalogue import CatalogueError, load_catalogue, load_eshi100_csv
from cardpress.catalogue.models import Icon

SAMPLE = Path(__file__).parents[1] / "data" / "eshi100-player-deck.csv"


@pytest.fixture
def rules():
    return load_catalogue().eshi100.catalogue


def messages(path: Path, rules) -> list[str]:
    with pytest.raises(CatalogueError) as info:
        load_eshi100_csv(path, rules)
    return [str(p) for p in info.value.problems]


def test_sample_list_imports_as_a_proxy_deck(rules) -> None:
    deck = load_eshi100_csv(SAMPLE, rules)
    assert deck.size == 40 and deck.proxy
    assert len(deck.types) == 10
    crown = deck.card("no-005")
    assert crown.icons == (Icon.UME, Icon.SAKURA) and crown.title.en == "Flower Crown"
    spring = deck.card("no-001")
    assert spring.title.en == spring.title.ja == "春の庭"  # falls back to the Japanese title
    assert deck.card("no-010").icons == tuple(Icon)
    assert deck.card("no-007").bit is not None and deck.card("no-007").bit.op == "manual"
    assert deck.card("no-009").settlement.text.en == "+1 per collection card"


def test_bad_rows_are_each_named(tmp_path: Path, rules) -> None:
    bad = tmp_path / "mine.csv"
    text = SAMPLE.read_text(encoding="utf-8")
    text = text.replace(
        "No.002,夜の桜,Night Cherry,1,sakura", "No.002,夜の桜,Night Cherry,x,sakura"
    )
    text = text.replace("No.003,朝顔,,1,朝顔", "No.003,朝顔,,1,薔薇")
    bad.write_text(text, encoding="utf-8")
    lines = messages(bad, rules)
    assert any("mine.csv: row 3 (No.002): bid: 'x' must be a whole number" in ln for ln in lines)
    assert any("row 4 (No.003): icons: unknown icon '薔薇'" in ln for ln in lines)


def test_deck_rules_apply_to_imports(tmp_path: Path, rules) -> None:
    bad = tmp_path / "big.csv"
    bad.write_text(
        SAMPLE.read_text(encoding="utf-8").replace(
            "No.010,屏風,,4,梅 桜 朝顔 桔梗,4", "No.010,屏風,,4,梅 桜 朝顔 桔梗,5"
        ),
        encoding="utf-8",
    )
    lines = messages(bad, rules)
    assert any("no-010: copies: 5 copies; a deck may hold at most 4" in ln for ln in lines)
    assert any("the deck has 41 cards; it must have exactly 40" in ln for ln in lines)


def test_missing_and_unknown_columns(tmp_path: Path, rules) -> None:
    bad = tmp_path / "cols.csv"
    bad.write_text("number,title_ja,flowers,copies\nNo.1,a,梅,4\n", encoding="utf-8")
    lines = messages(bad, rules)
    assert any("cols.csv: -: bid: column missing" in ln for ln in lines)
    assert any("cols.csv: -: flowers: unknown column" in ln for ln in lines)


def test_duplicate_rows(tmp_path: Path, rules) -> None:
    bad = tmp_path / "dup.csv"
    bad.write_text(
        SAMPLE.read_text(encoding="utf-8") + "No.001,春の庭,,1,梅,1,,,,\n", encoding="utf-8"
    )
    assert any("listed twice" in ln for ln in messages(bad, rules))


def test_unreadable_file(tmp_path: Path, rules) -> None:
    bad = tmp_path / "binary.csv"
    bad.write_bytes(b"\xff\xfe\x00bad")
    assert any("cannot be read as UTF-8 CSV" in ln for ln in messages(bad, rules))
