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

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext, pgettext

from cardpress.games import GameState
from referee.tables import words

#: how a cooperative Ultimatch table ended
TEAM_WON, NO_MATCH, ALL_PASSED = "matched", "no-match", "all-passed"
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
    if state.cooperative:
        won = bool(getattr(state, "won", False))
        reason = TEAM_WON if won else NO_MATCH if state.num_players == 1 else ALL_PASSED
        return Result(True, won, reason, state.result_rules(), state.winners())
    ranks = state.ranking()
    standings = sorted(
        (Standing(seat, ranks[seat], counts(game, state, seat)) for seat in range(len(ranks))),
        key=lambda s: (s.place, s.seat),
    )
    reason = getattr(state, "end_reason", None) or SCORED
    return Result(False, None, reason, state.result_rules(), state.winners(), standings)


def counts(game: str, state: Any, seat: int) -> dict[str, Any]:
    """A player's count at the end, as the game's rules count it."""
    if game == "gallery-rush":
        met = seat == state.sole_winner or (
            state.end_reason in ("round", "exhausted") and seat in state.achievers
        )
        return {"collection": len(state.collections[seat]), "victory_condition": met}
    if game == "finger-auction":
        hand, score = state.hand(seat), state.hand_scores()[seat]
        return {
            "points": score.total,
            "cards": score.cards,
            "painters": {
                p.value: {
                    "paintings": hand.counts.get(p, 0),
                    "forgery": p in hand.forgeries,
                    "points": points,
                }
                for p, points in score.painters.items()
            },
            "mona_lisa_as": score.mona_lisa_as.value if score.mona_lisa_as else None,
        }
    if game == "detective-eye":
        return {"forgeries": state.forgeries[seat], "cards_in_hand": state.held(seat)}
    if game == "eshi100":
        settled = state.settlements()[seat]
        return {
            name: getattr(settled, name)
            for name in (
                "score",
                "cards",
                "same_icon_bonus",
                "different_icon_bonus",
                "warehouse",
                "adjustments",
            )
        }
    return {}


def running(game: str, state: Any) -> tuple[str, list[str]] | None:
    """The count the table keeps during play, per seat, as the rules count it
    (None: the players keep none, as in cooperative Ultimatch)."""
    n = state.num_players
    if game == "gallery-rush":
        return _("Cards in collection"), [str(len(c)) for c in state.collections]
    if game == "finger-auction":
        return _("Points"), [str(int(s)) for s in state.scores()]
    if game == "detective-eye":
        return _("Forgeries held"), [str(state.forgeries[p]) for p in range(n)]
    if game == "eshi100":
        return _score(), [_number(s.score) for s in state.settlements()]
    return None


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
    if found.team:
        return Shown(
            _team_headline(found, state),
            _why(game, found, names),
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
    header, cells = COLUMNS[game]
    rows = [
        (s.place or 0, names[s.seat], cells(s.counts), s.seat in found.winners)
        for s in found.standings
    ]
    if game == "detective-eye":
        ties = _de_ties(state, names)
    else:
        ties = words.tie_breaks(game, state, names)
    return Shown(
        headline,
        _why(game, found, names),
        found.rule_ids,
        False,
        None,
        header(),
        rows,
        [_breakdown(game, names[s.seat], s.counts) for s in found.standings if game in BROKEN_DOWN],
        ties,
    )


def _team_headline(found: Result, state: Any) -> str:
    if found.won:
        return _("The team won.")
    left = sum(1 for c in state.pyramid if c)
    return ngettext(
        "The team lost, with %(num)s pyramid card left.",
        "The team lost, with %(num)s pyramid cards left.",
        left,
    )


def _why(game: str, found: Result, names: Sequence[str]) -> str:
    who = words.joined([names[w] for w in found.winners])
    reasons = {
        TEAM_WON: lambda: _("Every card of the pyramid is matched."),
        NO_MATCH: lambda: _(
            "No card in hand matches a face-up pyramid card, and solitaire has no pass."
        ),
        ALL_PASSED: lambda: _("Everyone passed in a row."),
        "mona-lisa": lambda: _(
            "%(player)s named the Mona Lisa and found it: a win alone, at once.", player=who
        ),
        "round": lambda: _(
            "The round in which someone met a victory condition is over: whoever met one "
            "ranks first, by the size of their collection."
        ),
        "exhausted": lambda: _(
            "The deck and the discards ran out: whoever met a victory condition this round "
            "ranks first, then everyone by the size of their collection."
        ),
        "supply": lambda: _(
            "The supply ran out of forgeries: the fewest forgeries wins, then the fewest "
            "cards in hand."
        ),
        "hand": lambda: _(
            "%(players)s ended a round with one card or none in hand: a win at once.",
            players=who,
        ),
    }
    if found.reason in reasons:
        return reasons[found.reason]()
    if game == "finger-auction":
        return _("The most points wins; with equal points, fewer cards held.")
    return _("The highest score wins; equal scores share the win.")


def _number(n: int) -> str:
    """A total that may be negative (ES-2), with a minus sign, not a hyphen."""
    return f"−{-n}" if n < 0 else str(n)


def _yes(value: bool) -> str:
    return _("met") if value else "–"


def _score() -> str:
    return pgettext("a column of the result table", "Score")


#: per game: the column headers and each player's cells
COLUMNS: dict[str, tuple[Callable[[], list[str]], Callable[[dict[str, Any]], list[str]]]] = {
    "gallery-rush": (
        lambda: [_("Cards in collection"), _("Victory condition")],
        lambda c: [str(c["collection"]), _yes(c["victory_condition"])],
    ),
    "finger-auction": (
        lambda: [_("Points"), _("Cards held")],
        lambda c: [str(c["points"]), str(c["cards"])],
    ),
    "detective-eye": (
        lambda: [_("Forgeries"), _("Cards in hand")],
        lambda c: [str(c["forgeries"]), str(c["cards_in_hand"])],
    ),
    "eshi100": (lambda: [_score()], lambda c: [_number(c["score"])]),
}
#: the games whose points the end adds up for everyone to check
BROKEN_DOWN = ("finger-auction", "eshi100")


def _breakdown(game: str, name: str, c: dict[str, Any]) -> str:
    if game == "finger-auction":
        parts = []
        for painter, p in c["painters"].items():
            counted = p["paintings"] + (c["mona_lisa_as"] == painter) - p["forgery"]
            parts.append(
                _(
                    "%(painter)s %(count)s → %(points)s",
                    painter=words.painter(painter),
                    count=max(counted, 0),
                    points=p["points"],
                )
            )
        notes = []
        if c["mona_lisa_as"]:
            notes.append(
                _("the Mona Lisa counts as %(painter)s", painter=words.painter(c["mona_lisa_as"]))
            )
        for painter, p in c["painters"].items():
            if p["forgery"]:
                notes.append(
                    _("the forgery takes one %(painter)s away", painter=words.painter(painter))
                )
        return _(
            "%(player)s: %(parts)s = %(total)s points%(notes)s",
            player=name,
            parts=words.joined(parts),
            total=c["points"],
            notes=_notes(notes),
        )
    return ngettext(
        "%(player)s: %(num)s card in the collection %(same)s same-icon bonus "
        "%(different)s different-icon bonus %(warehouse)s warehouse %(adjustments)s "
        "effects = %(score)s points",
        "%(player)s: %(num)s cards in the collection %(same)s same-icon bonus "
        "%(different)s different-icon bonus %(warehouse)s warehouse %(adjustments)s "
        "effects = %(score)s points",
        c["cards"],
        player=name,
        same=words.signed(c["same_icon_bonus"]),
        different=words.signed(c["different_icon_bonus"]),
        warehouse=words.signed(c["warehouse"]),
        adjustments=words.signed(c["adjustments"]),
        score=_number(c["score"]),
    )


def _notes(notes: list[str]) -> str:
    if not notes:
        return ""
    return _(" (%(notes)s)", notes=words.joined(notes))


def _de_ties(state: Any, names: Sequence[str]) -> list[str]:
    """Detective Eye has no score: after the supply ran out (DE-8) players with
    the same number of forgeries are placed by their cards in hand; after a
    hand ran out (DE-7) the winners share the win. Said only where it decided."""
    ranks, out = state.ranking(), []
    if state.end_reason == "supply":
        by_forgeries: dict[int, list[int]] = {}
        for seat, f in enumerate(state.forgeries):
            by_forgeries.setdefault(f, []).append(seat)
        for f, seats in sorted(by_forgeries.items()):
            if len(seats) < 2 or len({ranks[s] for s in seats}) < 2:
                continue
            order = [
                ngettext(
                    "%(place)s. %(player)s (%(num)s card in hand)",
                    "%(place)s. %(player)s (%(num)s cards in hand)",
                    state.held(s),
                    place=ranks[s],
                    player=names[s],
                )
                for s in sorted(seats, key=lambda s: (ranks[s], s))
            ]
            out.append(
                _(
                    "%(players)s hold the same number of forgeries (%(count)s); fewer cards "
                    "in hand places them: %(order)s.",
                    players=words.joined([names[s] for s in seats]),
                    count=f,
                    order=words.joined(order),
                )
            )
    by_place: dict[int, list[int]] = {}
    for seat, place in enumerate(ranks):
        by_place.setdefault(place, []).append(seat)
    for place, seats in sorted(by_place.items()):
        if len(seats) > 1:
            out.append(
                _(
                    "%(players)s share place %(place)s.",
                    players=words.joined([names[s] for s in seats]),
                    place=place,
                )
            )
    return out
