"""The deck's version on every face, so printed copies of two print runs can be told apart.

A designer reprints only the cards that changed (``cardpress diff``); the
new cards then mix with old ones in one box. The deck's ``version`` (set in
its settings file, e.g. ``version = "2026.12"``) is appended to the small
print each face already carries along its bottom edge: no new element, so
it stays inside the safe zone at the footer's 6 pt, and it comes from the
data alone, so builds stay byte-reproducible.
"""

from __future__ import annotations

from cardpress.print.typography import side_by_side


def with_version(text: str, deck, lang: str) -> str:
    """``text`` followed by the deck's version, or ``text`` alone when none is set."""
    return side_by_side((text, getattr(deck, "version", "")), lang)
