"""Fixtures shared by every test package."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from cardpress.paths import CARDS, ROOT

SHARED = ROOT.parent / "shared"


def pytest_configure(config: pytest.Config) -> None:
    """Apps made without a DATABASE_URL keep their live tables out of the checkout."""
    if "CARDPRESS_DATABASE_URL" not in os.environ:
        config._cardpress_db_dir = folder = tempfile.mkdtemp(prefix="cardpress-tests-")  # type: ignore[attr-defined]
        os.environ["CARDPRESS_DATABASE_URL"] = f"sqlite:///{folder}/tables.sqlite3"


def pytest_unconfigure(config: pytest.Config) -> None:
    folder = getattr(config, "_cardpress_db_dir", None)
    if folder:
        os.environ.pop("CARDPRESS_DATABASE_URL", None)
        shutil.rmtree(folder, ignore_errors=True)


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
