"""Followers: the bookkeeping of a game played with printed cards.

A table that plays with the paper deck only tells the phone what it can see
(bids shown, challenges won); a follower keeps the rest (who is still in the
round, which right hands FA-4 forbids, misses and forgeries) by driving the
game's own engine, so the follower and the engine can never read a rule
differently. A follower's whole state is its log: a short string the page
keeps in its URL, so a reload, Back or a language switch loses nothing and
sending the same entry twice gives the same state (nothing is counted twice).
"""

from __future__ import annotations

from collections.abc import Callable

MAX_LOG = 200  # entries; a real game has a few dozen at most


class LogError(ValueError):
    """A follower log that does not replay: ``entry`` is its 0-based position."""

    def __init__(self, entry: int, reason: str) -> None:
        super().__init__(f"entry {entry + 1}: {reason}")
        self.entry = entry
        self.reason = reason


def replay_log(log: str, play: Callable[[str], object]) -> None:
    """Feed each entry of ``log`` (``-``-separated) to ``play``; a ValueError
    from an entry becomes a :class:`LogError` naming it."""
    entries = [e for e in log.split("-") if e]
    if len(entries) > MAX_LOG:
        raise LogError(MAX_LOG, f"more than {MAX_LOG} entries")
    for i, entry in enumerate(entries):
        try:
            play(entry)
        except ValueError as exc:
            raise LogError(i, str(exc)) from None


def log_prefix(log: str, entries: int) -> str:
    """The first ``entries`` entries of ``log`` (what replays before a bad one)."""
    return "-".join(log.split("-")[:entries])
