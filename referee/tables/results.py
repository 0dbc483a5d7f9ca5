"""The end of a table's game as the rules tell it: who won, or whether the
team did, why (with the rulings that decided it), and each player's count
as the rules count it.

One source for the API (``result`` of ``GET /api/v1/tables/<id>``, language
free: :func:`result_of`) and the end-of-game panel (:func:`shown`, in the
page's language). The engines' own ``scores()`` are orderings (Detective Eye
negates cards and forgeries, Ultimatch counts the pyramid down); no rule
mentions such totals, so nothing here shows them: each game shows what its
rules count (collection size, points, forgeries and cards in hand, the
settlement score) and breaks the points down where the rules add them up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from flask_babel import ngettext

from cardpress.games import GameState
from referee.tables import words

#: how the games where the players score ended
SCORED = "scores"


@dataclass(frozen=True)
class Standing:
    seat: int
    place: int | None  # None in a cooperative game: no places
    counts: dict[str, Any]  # as the rules count them


@dataclass(frozen=True)
class Result:
    team: bool
    won: bool | None  # the team's (None: a game of places)
    reason: str  # how the game ended, in the engine's word
    rule_ids: tuple[str, ...]
    winners: list[int]
    standings: list[Standing] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "rule_ids": list(self.rule_ids)}


def result_of(game: str, state: GameState) -> Result | None:
    """The result once the game is over (None before)."""
    if not state.is_terminal():
        return None
    said = words.of(game)
    if state.cooperative:
        won = bool(getattr(state, "won", False))
        return Result(True, won, said.team_reason(state), state.result_rules(), state.winners())
    ranks = state.ranking()
    standings = sorted(
        (Standing(seat, ranks[seat], said.counts(state, seat)) for seat in range(len(ranks))),
        key=lambda s: (s.place, s.seat),
    )
    reason = getattr(state, "end_reason", None) or SCORED
    return Result(False, None, reason, state.result_rules(), state.winners(), standings)


def counts(game: str, state: Any, seat: int) -> dict[str, Any]:
    """A player's count at the end, as the game's rules count it."""
    return words.of(game).counts(state, seat)


def running(game: str, state: Any) -> tuple[str, list[str]] | None:
    """The count the table keeps during play, per seat, as the rules count it
    (None: the players keep none, as in cooperative Ultimatch)."""
    return words.of(game).running(state)


# --------------------------------------------------------------------------- in words


@dataclass(frozen=True)
class Shown:
    """The end-of-game panel in the page's language."""

    headline: str
    why: str
    rule_ids: tuple[str, ...]
    team: bool
    won: bool | None
    columns: list[str]
    rows: list[tuple[int, str, list[str], bool]]  # place, name, cells, won
    breakdown: list[str]
    ties: list[str]


def shown(game: str, state: GameState, names: Sequence[str]) -> Shown | None:
    found = result_of(game, state)
    if found is None:
        return None
    said = words.of(game)
    why = said.why(found.reason, words.joined([names[w] for w in found.winners]))
    if found.team:
        return Shown(
            said.team_headline(state, bool(found.won)),
            why,
            found.rule_ids,
            True,
            found.won,
            [],
            [],
            [],
            [],
        )
    headline = ngettext(
        "Winner: %(names)s",
        "Shared win: %(names)s",
        len(found.winners),
        names=words.joined([names[w] for w in found.winners]),
    )
    rows = [
        (s.place or 0, names[s.seat], said.cells(s.counts), s.seat in found.winners)
        for s in found.standings
    ]
    added = [said.breakdown(names[s.seat], s.counts) for s in found.standings]
    return Shown(
        headline,
        why,
        found.rule_ids,
        False,
        None,
        said.columns(),
        rows,
        [line for line in added if line is not None],
        said.tie_breaks(state, names),
    )
