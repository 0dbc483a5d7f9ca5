"""A sheet's layout trials are tried without drawing and its notes pages counted ahead;
the sheet must come out byte for byte as when every trial is drawn and notes blocks are
added one at a time."""

from __future__ import annotations

import io
import subprocess

import pytest
from pypdf import PdfReader

from cardpress.print import rulesheet
from cardpress.print.booklet import HALF
from cardpress.print.layout import PAPERS

BASE = "https://referee.example.org"


def every_trial_drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[bool, int]]:
    """Draw every trial and add notes one block at a time; returns (dry, notes) per build."""
    built: list[tuple[bool, int]] = []
    real = rulesheet._build

    def drawn(*args, dry: bool = False, **kwargs) -> None:
        built.append((dry, args[6].notes))
        real(*args, dry=False, **kwargs)

    monkeypatch.setattr(rulesheet, "_build", drawn)
    monkeypatch.setattr(rulesheet.StoryEnd, "notes_page", lambda self: None)
    return built


@pytest.mark.parametrize(
    ("game", "lang", "size", "quantum"),
    [
        ("gallery-rush", "ja", PAPERS["a4"], 2),  # two notes blocks to an even count
        ("eshi100", "en", PAPERS["letter"], 2),  # one notes block
        ("detective-eye", "en", PAPERS["a4"], 2),  # a tighter layout kept, then notes
        # four pages to a sheet: three notes blocks (its half-letter booklet needs none)
        ("gallery-rush", "ja", PAPERS["letter"], 4),
        ("detective-eye", "en", HALF["letter"], 4),  # a booklet: a notes page
    ],
)
def test_sheet_is_the_same_as_with_every_trial_drawn(
    monkeypatch: pytest.MonkeyPatch, game: str, lang: str, size, quantum: int
) -> None:
    quick: list[tuple[bool, int]] = []
    real = rulesheet._build

    def counted(*args, dry: bool = False, **kwargs) -> None:
        quick.append((dry, args[6].notes))
        real(*args, dry=dry, **kwargs)

    with monkeypatch.context() as m:
        m.setattr(rulesheet, "_build", counted)
        fast = rulesheet.render_pages(game, lang, size, BASE, quantum)
    with monkeypatch.context() as m:
        slow_builds = every_trial_drawn(m)
        slow = rulesheet.render_pages(game, lang, size, BASE, quantum)
    assert fast == slow
    pages = len(PdfReader(io.BytesIO(fast)).pages)
    assert pages % quantum == 0
    # fewer full typesettings: trials dry, and one notes build whatever the count
    drawn_fast = sum(1 for dry, _ in quick if not dry)
    assert drawn_fast < len(slow_builds)
    assert sum(1 for _, notes in quick if notes) == 1
    assert any(dry for dry, _ in quick)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_table_split_over_a_page_comes_out_as_when_every_trial_is_drawn(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """Gallery Rush's half-letter booklet sets "What a nomination brings" over pages 4
    and 5: a dry trial parts it where the drawn sheet does."""
    fast = rulesheet.render_pages("gallery-rush", lang, HALF["letter"], BASE, 4)
    with monkeypatch.context() as m:
        every_trial_drawn(m)
        slow = rulesheet.render_pages("gallery-rush", lang, HALF["letter"], BASE, 4)
    assert fast == slow
    text = subprocess.run(
        ["pdftotext", "-enc", "UTF-8", "-", "-"], input=fast, capture_output=True, check=True
    ).stdout.decode()
    assert ("（続き）" if lang == "ja" else "(continued)") in text, "the table was not split"


def test_a_sheet_frame_copies_as_deepcopy_would():
    """platypus measures kept-together groups in a copy of the frame: the quick copy has
    every field of the frame, and its background list is its own."""
    import copy

    from reportlab.lib.colors import red

    from cardpress.print.rulesheet import SheetFrame

    frame = SheetFrame(10, 20, 300, 400, id="body")
    frame._frameBGs = [(0, 0, 0, red)]  # as the document gives it its backgrounds
    twin = copy.deepcopy(frame)
    assert type(twin) is SheetFrame and twin is not frame
    assert vars(twin).keys() == vars(frame).keys()
    assert all(vars(twin)[k] == v for k, v in vars(frame).items())
    twin._frameBGs.append("more")
    assert len(frame._frameBGs) == 1
