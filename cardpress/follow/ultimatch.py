"""Ultimatch at a paper table: the pyramid tracker.

The team plays the printed cards; the phone keeps the pyramid (UM-8): which
places still hold a card, which are face up and may be matched, which card
each face-up place shows (the table enters a card when it turns face up), and
checks and explains every match with the same rule as the checker
(:func:`cardpress.games.ultimatch.match.explain`). It follows the turns (UM-7),
the passes in a row and the pass rule in force (UM-6), and says when the team
has won (UM-13) or lost. Hands, the alta hand, the exchange and the deck stay
on the table: the phone never sees them, so it states the pass rule instead of
judging a pass.

Log: entries joined by ``-``; a card is its colour's letter and its number
(``o5`` orange 5). ``f9o5.10r2``: place 9 shows orange 5 and place 10 red 2
(places counted from the top, row by row, from 0); ``m9.r7.p2``: the card at
place 9 was matched with red 7 and purple 2; ``p``: a pass; ``x`` (solitaire):
no match, the game is lost.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from cardpress.follow import replay_log
from cardpress.games.ultimatch import COVERED_BY, UNCOVERS, pyramid_rows
from cardpress.games.ultimatch.match import NUMBERS, Explanation, Reason, explain
from cardpress.vocabulary import COLOURS

Card = tuple[str, int]
MAX_PLAYERS = 5
PASS_RULES = ("standard", "strict")  # UM-6 (from cardpress.games.ultimatch)
#: a card in the log: its colour's first letter (unique in UM-1's six) and its number
LETTER: dict[str, str] = {c[0]: c for c in COLOURS}
assert len(LETTER) == len(COLOURS)


class BadEntry(ValueError):
    """An entry the rules or the pyramid refuse: ``reason`` says which check,
    ``rule`` the ruling it cites, ``place``/``card``/``explanation`` what for."""

    def __init__(
        self,
        reason: str,
        rule: str | None = None,
        place: int | None = None,
        card: Card | None = None,
        explanation: Explanation | None = None,
    ) -> None:
        super().__init__(f"{reason}{f' ({rule})' if rule else ''}")
        self.reason = reason
        self.rule = rule
        self.place = place
        self.card = card
        self.explanation = explanation


@dataclass(frozen=True)
class Turn:
    """One turn as the table played it, and what it did to the pyramid."""

    number: int
    seat: int
    kind: str  # match | pass | stuck
    place: int | None = None
    target: Card | None = None
    cards: tuple[Card, ...] = ()
    reasons: tuple[Reason, ...] = ()
    ultimatch: bool = False
    uncovered: tuple[int, ...] = ()
    passes: int = 0  # passes in a row after this turn
    end: str | None = None  # won | lost
    rule_ids: tuple[str, ...] = ()


def card_code(card: Card) -> str:
    return f"{card[0][0]}{card[1]}"


def parse_card(text: str) -> Card:
    """``"o5"`` -> ("orange", 5); ValueError for anything else."""
    colour = LETTER.get(text[:1])
    number = text[1:]
    if colour is None or not (number.isascii() and number.isdigit()) or int(number) not in NUMBERS:
        raise ValueError(f"not a card: {text!r}")
    return colour, int(number)


def _parse_place(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 2):
        raise ValueError(f"not a place: {text!r}")
    return int(text)


@dataclass
class PyramidTracker:
    names: tuple[str, ...]
    first: int = 0  # seat of the first player (UM-7: highest card given to the alta hand)
    clockwise: bool = False  # UM-7's variant; counter-clockwise by default
    pass_rule: str = "standard"  # UM-6: "strict" is the variant
    turns: list[Turn] = field(default_factory=list)
    entries: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not 1 <= len(self.names) <= MAX_PLAYERS:
            raise ValueError(f"1 to {MAX_PLAYERS} players")
        if not 0 <= self.first < len(self.names):
            raise ValueError(f"the first player is a seat from 0 to {len(self.names) - 1}")
        if self.pass_rule not in PASS_RULES:
            raise ValueError(f"the pass rule is one of {', '.join(PASS_RULES)}")
        self.rows = pyramid_rows(len(self.names))
        size = self.rows * (self.rows + 1) // 2
        #: the card each place shows, once the table has entered it
        self.faces: list[Card | None] = [None] * size
        self.gone = [False] * size
        bottom = size - self.rows
        self.face_up = [i >= bottom for i in range(size)]
        self.seat = self.first
        self.passes = 0
        self.end: str | None = None

    # ------------------------------------------------------------ what the table sees

    @property
    def solitaire(self) -> bool:
        return len(self.names) == 1

    @property
    def size(self) -> int:
        return len(self.faces)

    @property
    def done(self) -> bool:
        return self.end is not None

    def row_places(self) -> list[list[int]]:
        """The places of each row, top row first."""
        return [[r * (r + 1) // 2 + i for i in range(r + 1)] for r in range(self.rows)]

    def position(self, place: int) -> tuple[int, int]:
        """(row, card) counted from 1, the top row first, as people count them."""
        for r, places in enumerate(self.row_places()):
            if place in places:
                return r + 1, places.index(place) + 1
        raise ValueError(f"not a place: {place}")

    def open_places(self) -> list[int]:
        """Face-up places still holding a card: the cards a play may match."""
        return [i for i in range(self.size) if self.face_up[i] and not self.gone[i]]

    def pending(self) -> list[int]:
        """Face-up places whose card the table has not entered yet."""
        return [i for i in self.open_places() if self.faces[i] is None]

    def left(self) -> int:
        return self.gone.count(False)

    def covered_by(self, place: int) -> tuple[int, int] | None:
        return COVERED_BY[self.rows][place]

    def next_seat(self, seat: int) -> int:
        return (seat + (1 if self.clockwise else -1)) % len(self.names)

    def passes_left(self) -> int:
        """Passes in a row the team can still make; the next one after loses (UM-6)."""
        return len(self.names) - 1 - self.passes

    def on_pyramid(self) -> set[Card]:
        """Cards known to be lying on the pyramid now: no one can hold them."""
        return {f for i, f in enumerate(self.faces) if f is not None and not self.gone[i]}

    # ------------------------------------------------------------ entries

    def show(self, faces: Mapping[int, Card]) -> None:
        """The table enters the cards that turned face up (the bottom row first)."""
        if not faces:
            raise BadEntry("nothing-shown")
        seen = self.on_pyramid()
        for place, card in faces.items():
            if place not in self.pending():
                raise BadEntry("not-pending", "UM-8", place)
            if card in seen:
                raise BadEntry("twice", "UM-1", place, card)
            seen.add(card)
        for place, card in faces.items():
            self.faces[place] = card
        self.entries.append("f" + ".".join(f"{p}{card_code(c)}" for p, c in faces.items()))

    def match(self, place: int, cards: Sequence[Card]) -> Turn:
        """The active player matched the card at ``place`` with ``cards`` (1 or 2)."""
        self._ready()
        if not 0 <= place < self.size:
            raise BadEntry("place", "UM-8", place)
        if self.gone[place]:
            raise BadEntry("gone", "UM-8", place)
        if not self.face_up[place]:
            raise BadEntry("covered", "UM-8", place)
        target = self.faces[place]
        assert target is not None  # _ready: every open place is known
        if len(cards) not in (1, 2):
            raise BadEntry("count", "UM-3")
        if len(cards) == 2 and cards[0] == cards[1]:
            raise BadEntry("same-card", "UM-1", card=cards[0])
        for card in cards:
            if card in self.on_pyramid():
                raise BadEntry("on-pyramid", "UM-8", self.faces.index(card), card)
        why = explain(target, cards)
        if not why.result.match:
            raise BadEntry("no-match", why.result.rule_ids[0], place, explanation=why)
        self.gone[place] = True
        uncovered = []
        for parent in UNCOVERS[self.rows][place]:
            kids = self.covered_by(parent)
            if kids and all(self.gone[k] for k in kids) and not self.face_up[parent]:
                self.face_up[parent] = True
                uncovered.append(parent)
        self.passes = 0
        rule_ids = list(why.result.rule_ids) + (["UM-5"] if why.result.ultimatch else [])
        end = None
        if self.left() == 0:
            end = "won"
            rule_ids.append("UM-13")
        elif uncovered:
            rule_ids.append("UM-8")
        turn = Turn(
            number=len(self.turns) + 1,
            seat=self.seat,
            kind="match",
            place=place,
            target=target,
            cards=tuple(cards),
            reasons=why.reasons,
            ultimatch=why.result.ultimatch,
            uncovered=tuple(uncovered),
            end=end,
            rule_ids=tuple(rule_ids),
        )
        self.entries.append(f"m{place}." + ".".join(card_code(c) for c in cards))
        return self._next(turn)

    def pass_turn(self) -> Turn:
        """The active player passes (UM-6): they draw one card; everyone in a row loses."""
        self._ready()
        if self.solitaire:
            raise BadEntry("solo-pass", "UM-6")
        self.passes += 1
        lost = self.passes >= len(self.names)
        turn = Turn(
            number=len(self.turns) + 1,
            seat=self.seat,
            kind="pass",
            passes=self.passes,
            end="lost" if lost else None,
            rule_ids=("UM-6",),
        )
        self.entries.append("p")
        return self._next(turn)

    def stuck(self) -> Turn:
        """Solitaire: no card matches, and there is no pass (UM-6): the game is lost."""
        self._ready()
        if not self.solitaire:
            raise BadEntry("not-solo", "UM-6")
        turn = Turn(len(self.turns) + 1, self.seat, "stuck", end="lost", rule_ids=("UM-6",))
        self.entries.append("x")
        return self._next(turn)

    def _ready(self) -> None:
        if self.done:
            raise BadEntry("over", "UM-13" if self.end == "won" else "UM-6")
        if self.pending():
            raise BadEntry("faces", "UM-8", self.pending()[0])

    def _next(self, turn: Turn) -> Turn:
        self.turns.append(turn)
        self.end = turn.end
        if not self.done:
            self.seat = self.next_seat(self.seat)
        return turn

    # ------------------------------------------------------------ the log

    def log(self) -> str:
        return "-".join(self.entries)

    def play(self, entry: str) -> None:
        """Replay one log entry."""
        kind, body = entry[:1], entry[1:]
        if kind == "f":
            faces: dict[int, Card] = {}
            for part in body.split("."):
                digits = len(part) - len(part.lstrip("0123456789"))
                place = _parse_place(part[:digits])
                if place in faces:
                    raise ValueError(f"place {place} shown twice")
                faces[place] = parse_card(part[digits:])
            self.show(faces)
        elif kind == "m":
            place, *cards = body.split(".")
            self.match(_parse_place(place), [parse_card(c) for c in cards])
        elif entry == "p":
            self.pass_turn()
        elif entry == "x":
            self.stuck()
        else:
            raise ValueError(f"not an entry: {entry!r}")

    @classmethod
    def replay(
        cls,
        names: Iterable[str],
        log: str,
        first: int = 0,
        clockwise: bool = False,
        pass_rule: str = "standard",
    ) -> PyramidTracker:
        """The tracker after ``log``; :class:`LogError` names the entry that fails."""
        tracker = cls(tuple(names), first, clockwise, pass_rule)
        replay_log(log, tracker.play)
        return tracker
