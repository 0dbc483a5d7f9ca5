"""Fonts are found at run time; a missing one is one clear message."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardpress.print import fonts


def test_every_role_is_a_truetype_file() -> None:
    for role in fonts.ROLES:
        path = fonts.locate(role)
        assert path.suffix.lower() in {".ttf", ".ttc"}
        assert path.read_bytes()[:4] in {b"\x00\x01\x00\x00", b"ttcf", b"true"}


def test_override_by_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    serif = fonts.locate(fonts.SERIF)
    monkeypatch.setenv("CARDPRESS_FONT_SANS", str(serif))
    assert fonts.locate(fonts.SANS) == serif


def test_bad_override_is_named(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("CARDPRESS_FONT_SANS", str(tmp_path / "NotoSansCJK.otf"))
    with pytest.raises(fonts.FontError, match=r"CARDPRESS_FONT_SANS=.*not a TrueType"):
        fonts.locate(fonts.SANS)


def test_missing_font_says_how_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    role = fonts.ROLES[fonts.SANS]
    monkeypatch.setitem(
        fonts.ROLES, fonts.SANS, fonts.FontRole(role.name, role.env, ("No Such Font",), ())
    )
    with pytest.raises(fonts.FontError) as info:
        fonts.locate(fonts.SANS)
    message = str(info.value)
    assert "apt-get install fonts-morisawa-bizud-gothic" in message
    assert "CARDPRESS_FONT_SANS" in message
