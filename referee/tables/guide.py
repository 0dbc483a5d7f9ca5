"""What is going on at the table and what to do now, in a sentence or two.

A phone's buttons say what a player *can* do; these lines say what the table
is waiting for and why, where the buttons alone leave a new player guessing:
who receives the cards you pass, the declaration to beat and who made it,
which card you put face down, why a player "waits" during another's turn.
Each game's words say its own situation (``Words.situation``) from the
caller's own view only, so a line never tells a secret.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from referee.tables import words


def lines(game: str, view: Mapping[str, Any], names: Sequence[str], seat: int | None) -> list[str]:
    """The situation lines shown above the buttons (or the waiting line)."""
    if view.get("terminal"):
        return []
    return words.of(game).situation(view, names, seat)
