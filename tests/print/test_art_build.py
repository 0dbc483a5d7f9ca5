"""Triptych's deck PDFs as a build writes them, with their generated art: the same bytes from
two builds (the second a later process's, reading the first build's stroke cache with nothing
painted in memory, over two workers), and each under the issue's 2 MB per language and paper.
The contact sheet's command is the one the README documents."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from cardpress.print.art import painterly
from cardpress.print.build import ART_CACHE, Options, build

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 2_000_000  # bytes: "under 2 MB", read as the smaller megabyte
PAPERS = ("a4", "letter")
LANGS = ("en", "ja")
TRIPTYCH = dict(
    langs=LANGS,
    papers=PAPERS,
    decks=("triptych",),
    print_shop=False,
    images=False,
    rules=False,
    base_url="https://referee.example.org",
)


def test_triptych_builds_twice_to_the_same_bytes_each_deck_under_2_mb(tmp_path: Path):
    a, b = tmp_path / "a", tmp_path / "b"
    kept = dict(painterly._painted)
    try:
        # as a first build in a new process: nothing painted yet (another test in this
        # worker may have painted it all, and then nothing would be written to the cache)
        painterly._painted.clear()
        painterly._formatted.clear()
        build(Options(out=a, jobs=1, **TRIPTYCH))
        shutil.copytree(a / ART_CACHE, b / ART_CACHE)
        painterly._painted.clear()  # as a new process: the strokes come from the cache
        painterly._formatted.clear()
        build(Options(out=b, jobs=2, **TRIPTYCH))
    finally:
        painterly._painted.update(kept)
    for lang in LANGS:
        for paper in PAPERS:
            rel = Path(lang) / "decks" / f"triptych-{paper}.pdf"
            first, second = (a / rel).read_bytes(), (b / rel).read_bytes()
            assert first == second, rel
            assert 0 < (a / rel).stat().st_size < LIMIT, (rel, (a / rel).stat().st_size)


def test_the_contact_sheet_command_is_documented_and_runs():
    """README names ``tools/contact_sheet.py`` and where it writes; the tool says its options."""
    readme = (ROOT / "README.md").read_text()
    assert ".venv/bin/python tools/contact_sheet.py" in readme
    assert "build/contact-sheet.png" in readme
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "contact_sheet.py"), "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for option in ("--lang", "--dpi", "--out"):
        assert option in out
