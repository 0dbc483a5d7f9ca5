"""Fixtures shared by every test package."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardpress.paths import CARDS, ROOT

SHARED = ROOT.parent / "shared"


@pytest.fixture
def cards_copy(tmp_path: Path) -> Path:
    """A private copy of the real card data, for tests that break it."""
    target = tmp_path / "cards"
    shutil.copytree(CARDS, target)
    return target


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace text in a data file, failing loudly if the text is not there."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
