"""Where cards, templates and catalogues are found: designer's, checkout's, shipped."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardpress import paths
from tests.conftest import edit


def test_the_checkout_folders_are_the_default_while_developing(monkeypatch) -> None:
    monkeypatch.delenv(paths.ENV_ROOT, raising=False)
    monkeypatch.delenv(paths.ENV_CARDS, raising=False)
    for name in paths.DATA_NAMES:
        assert paths.data_dir(name) == paths.CHECKOUT / name


def test_cardpress_root_takes_what_it_has(monkeypatch, tmp_path: Path) -> None:
    (tmp_path / "cards").mkdir()
    monkeypatch.setenv(paths.ENV_ROOT, str(tmp_path))
    monkeypatch.delenv(paths.ENV_CARDS, raising=False)
    assert paths.cards_dir() == tmp_path / "cards"
    assert paths.data_dir("templates") == paths.CHECKOUT / "templates"  # not there: shipped
    assert paths.project_root() == tmp_path


def test_cards_flag_wins(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setenv(paths.ENV_ROOT, str(tmp_path))
    monkeypatch.setenv(paths.ENV_CARDS, str(tmp_path / "mine"))
    assert paths.cards_dir() == tmp_path / "mine"


def test_unknown_folder_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown data folder 'fonts'"):
        paths.data_dir("fonts")


def test_build_reads_the_cards_folder_it_is_given(cards_copy: Path, tmp_path: Path) -> None:
    edit(cards_copy / "ultimatch" / "cards.toml", 'colour = "red"', 'colour = "pink"')
    result = subprocess.run(
        [sys.executable, "-m", "cardpress.cli", "build", "--cards", str(cards_copy),
         "--deck", "ultimatch", "--lang", "en", "--paper", "a4", "--no-print-shop",
         "--no-images", "--no-rules", "--base-url", "https://x.example", "--out",
         str(tmp_path / "out")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert "ultimatch/cards.toml: red-1: colour: unknown value 'pink'" in result.stderr
    assert "Traceback" not in result.stderr
