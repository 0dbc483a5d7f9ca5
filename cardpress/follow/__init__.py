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


class LogError(ValueError):
    """A follower log that does not replay: ``entry`` is its 0-based position."""

    def __init__(self, entry: int, reason: str) -> None:
        super().__init__(f"entry {entry + 1}: {reason}")
        self.entry = entry
        self.reason = reason
