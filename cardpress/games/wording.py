"""How a game says its actions, events and results, without knowing who listens.

The engines speak in ids (``bid:3``, ``take:monet-4``, ``auction_won``); a
phone shows "Bid 3 fingers", "Take Monet 4", "Aki won the auction: ...".
Each game's package owns the grammar of its own moves and events in a
:class:`Words` subclass (``cardpress/games/<game>/words.py``); the referee
only hands it a :class:`Speech` (its translation catalogue and the card
catalogue's names) and shows what comes back. The sentences are msgids of
the ``messages`` catalogue, extracted from this package like the engines'
refusals, so translators keep one catalogue.

A move is said by a method ``act_<kind>`` and an event by ``ev_<kind>``;
anything a game does not word falls back to its id, so a new engine action
is never hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from babel.lists import format_list

View = Mapping[str, Any] | None


class Speech(Protocol):
    """What wording needs from whoever shows it: the catalogue and the names."""

    @property
    def lang(self) -> str: ...

    @property
    def cjk(self) -> bool: ...

    def _(self, message: str, **params: Any) -> str: ...

    def ngettext(self, singular: str, plural: str, num: int, **params: Any) -> str: ...

    def pgettext(self, context: str, message: str, **params: Any) -> str: ...

    def name(self, kind: str, key: str) -> str | None:
        """A catalogue name in the listener's language (``painters``,
        ``colours``, ``eshi100`` titles, ``icons``), or None when unknown."""
        ...

    def text(self, value: Any) -> str:
        """A catalogue ``Text`` in the listener's language."""
        ...


def count(value: Any) -> int:
    """How many, for a plural form: a count as the engine gives it (a signed
    amount counts by its size; anything else counts as many)."""
    try:
        return abs(int(value))
    except (TypeError, ValueError):
        return 2


@dataclass(frozen=True)
class Said:
    """One event being worded: its data, who made it, and the table's names."""

    words: Words
    data: Mapping[str, Any]
    player: Any
    names: Sequence[str]
    view: View

    @property
    def who(self) -> str:
        p = self.player
        return self.names[p] if isinstance(p, int) and 0 <= p < len(self.names) else ""

    def name(self, seat: Any) -> str:
        try:
            return self.names[int(seat)]
        except (ValueError, TypeError, IndexError):
            return str(seat)

    def card(self, cid: Any) -> str:
        return self.words.card(cid, self.view)

    def cards(self, ids: Sequence[Any] | None) -> str:
        return self.words.cards(ids or [], self.view)


@dataclass(frozen=True)
class TwoTaps:
    """Many card moves picked in two taps: a card first, then the moves with it.

    ``moves`` pairs each move with its cards; ``leads``: the first card picked
    must be the move's first card (an Ultimatch match's target), not any of them.
    """

    moves: list[tuple[str, list[str]]]
    firsts: list[str]
    prompts: tuple[str, str]
    leads: bool = False


class Words:
    """The wording every game shares; a game's package subclasses it."""

    #: whether the game is played together (no places, so no tie-breaks to tell)
    cooperative = False

    def __init__(self, speech: Speech) -> None:
        self.s = speech

    # ------------------------------------------------------------ lists, numbers

    def sep(self) -> str:
        """The list separator of the listener's language (、 in Japanese)."""
        return "、" if self.s.lang == "ja" else ", "

    def joined(self, parts: Iterable[str]) -> str:
        return self.sep().join(parts)

    def listed(self, parts: Iterable[str]) -> str:
        """Names a sentence is about, as the language lists them ("Ben and Chi",
        "Ben, Chi, and Dan"; ja 「Ben、Chi」): "Ben, Chi each offer" is not English."""
        return format_list(list(parts), locale=self.s.lang)

    def plus_joined(self, parts: Iterable[str]) -> str:
        """Parts joined by a plus sign as the language sets it: 赤＋黄, Red + Yellow (termbase)."""
        return ("＋" if self.s.cjk else " + ").join(parts)

    def sentences(self, parts: Sequence[str]) -> str:
        return ("" if self.s.cjk else " ").join(parts)

    def minus(self, n: int) -> str:
        """A total that may be negative, with a minus sign, not a hyphen."""
        return f"−{-n}" if n < 0 else str(n)

    def signed(self, amount: Any) -> str:
        """+3, −2, ±0; a full-width plus after Japanese text (termbase)."""
        n = int(amount)
        if n == 0:
            return "±0"
        if n < 0:
            return f"−{-n}"
        return ("＋" if self.s.cjk else "+") + str(n)

    # ---------------------------------------------------------------------- cards

    def card(self, cid: Any, view: View = None) -> str:
        """A card as players name it: "Monet 4", "Forgery (Gogh)", "Red 7", "card 2 (bid 3)"."""
        cid = str(cid)
        if cid == "hidden":
            return self.s._("a face-down card")
        return self.card_name(cid, view)

    def card_name(self, cid: str, view: View) -> str:
        """A face-up card's name; a game whose ids are not what players say overrides it."""
        return cid

    def cards(self, ids: Sequence[Any], view: View = None) -> str:
        return self.joined(self.card(c, view) for c in ids) if ids else self.s._("nothing")

    def printed_key(self, cid: Any, view: View) -> str | None:
        """Which printed card shows ``cid`` (the key the referee's picture index uses)."""
        return str(cid)

    # -------------------------------------------------------------------- actions

    def parse(self, act: str) -> tuple[str, str]:
        """An action as (kind, argument): ``take:monet-4`` -> ("take", "monet-4")."""
        kind, _sep, arg = act.partition(":")
        return kind, arg

    def action(self, act: str, view: View = None) -> str:
        """The label of a legal action's button."""
        kind, arg = self.parse(act)
        label: Callable[[str, View], str] | None = getattr(self, f"act_{kind}", None)
        return label(arg, view) if label else act

    #: the kinds of action whose argument is the one card they move
    one_card: frozenset[str] = frozenset()

    def action_cards(self, act: str) -> list[str]:
        """The cards an action moves, in the order its label names them (shown as pictures)."""
        kind, arg = self.parse(act)
        if kind in self.one_card and arg and arg != "none":
            return [arg]
        if kind == "pass" and arg:
            return arg.split(",")
        return []

    def act_pass(self, arg: str, view: View) -> str:
        if arg:
            return self.s._("Pass %(cards)s", cards=self.cards(arg.split(","), view))
        return self.s._("Pass")

    # ------------------------------------------------------------ a phone's pickers

    #: the kind of move made of any cards of the hand, ticked (絵師100人展's bid)
    ticked_kind: str | None = None

    def ticked(self, cards: Sequence[str]) -> str:
        """The move that plays the ticked cards."""
        return f"{self.ticked_kind}:" + ",".join(cards)

    def two_hands(self, act: str) -> tuple[int, int] | None:
        """A bid with both hands as (right, left), picked right hand first; else None."""
        return None

    def two_taps(self, actions: Sequence[str], view: View) -> TwoTaps | None:
        """How many card moves are picked in two taps, or None (plain buttons)."""
        return None

    #: kinds of move ``kind:<what>:<count>`` picked in two taps: what, then how many
    counted_kinds: tuple[str, ...] = ()

    def counted(self, act: str) -> tuple[str, str, str] | None:
        """A counted move as (kind, what, count), or None."""
        kind, arg = self.parse(act)
        if kind not in self.counted_kinds:
            return None
        what, _sep, number = arg.partition(":")
        return kind, what, number

    def what(self, key: str) -> str:
        """The name of what a counted move counts."""
        return key

    def counted_prompt(self, kind: str) -> str:
        """What the phone asks before the two taps of a counted move."""
        return ""

    def situation(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None
    ) -> list[str]:
        """What the table is waiting for and why, from the caller's own view only
        (so a line never tells a secret), where the buttons alone leave a new
        player guessing."""
        return []

    # --------------------------------------------------------------------- events

    def event(self, ev: Mapping[str, Any], names: Sequence[str], view: View = None) -> str:
        """One engine event as a sentence."""
        kind = ev.get("kind", "")
        sentence: Callable[[Said], str] | None = getattr(self, f"ev_{kind}", None)
        if sentence is None:
            return kind
        return sentence(Said(self, ev.get("data") or {}, ev.get("player"), names, view))

    def ev_undo(self, e: Said) -> str:
        return self.s._("%(player)s's last move was taken back.", player=e.who)

    def ev_game_end(self, e: Said) -> str:
        won = [e.name(w) for w in e.data.get("winners", [])]
        if not won:
            return self.s._("The game is over.")
        return self.s.ngettext(
            "The game is over: %(winners)s won.",
            "The game is over: %(winners)s share the win.",
            len(won),
            winners=self.listed(won),
        )

    ev_settlement = ev_game_end

    def ev_pass(self, e: Said) -> str:
        return self.s._("%(player)s passes.", player=e.who)

    def ev_reshuffle(self, e: Said) -> str:
        return self.s._("The discards are shuffled into a new deck.")

    def ev_round_end(self, e: Said) -> str:
        return self.s._("The round is over.")

    # -------------------------------------------------------------------- the end

    def team_reason(self, state: Any) -> str:
        """How a game played together ended, in the engine's word (the API's ``reason``)."""
        return "matched" if getattr(state, "won", False) else "lost"

    def team_headline(self, state: Any, won: bool) -> str:
        """The result's first line for a game played together; a game says
        more about how the team lost (what was left) by overriding it."""
        return self.s._("The team won.") if won else self.s._("The team lost.")

    def counts(self, state: Any, seat: int) -> dict[str, Any]:
        """A player's count at the end as the rules count it (language-free: the
        API's result). The engines' ``scores()`` are orderings, which no rule names."""
        return {}

    def running(self, state: Any) -> tuple[str, list[str]] | None:
        """The count the table keeps during play, its name and each seat's
        (None: the players keep none)."""
        return None

    def columns(self) -> list[str]:
        """The result table's headers for :meth:`counts`."""
        return []

    def cells(self, counts: Mapping[str, Any]) -> list[str]:
        return []

    def breakdown(self, name: str, counts: Mapping[str, Any]) -> str | None:
        """A player's points added up for everyone to check (None: nothing to add up)."""
        return None

    def why(self, reason: str, winners: str) -> str:
        """Why the game ended as it did, by the engine's ``reason``."""
        return self.s._("The highest score wins; equal scores share the win.")

    # ------------------------------------------------------------ refusals, ties

    def reasons(self, message: str, params: Mapping[str, Any]) -> Sequence[Any] | None:
        """Why the rule refused, as the rule's own reasons (None: the message says it all)."""
        return None

    def tie_facts(self, state: Any, seat: int) -> str:
        """What the game's result rule compares after the score."""
        return self.s._("the result rule's tie-break")

    def tie_breaks(self, state: Any, names: Sequence[str]) -> list[str]:
        """How the end's ties were settled, in words: who scored the same and how
        the result rule's tie-break ordered them (with the facts it compared),
        and who shares a place. A game played together has no places to break."""
        if self.cooperative:
            return []
        _ = self.s._
        scores, ranks = state.scores(), state.ranking()
        out = []
        by_score: dict[float, list[int]] = {}
        for seat, score in enumerate(scores):
            by_score.setdefault(score, []).append(seat)
        for score, seats in sorted(by_score.items(), key=lambda kv: min(ranks[s] for s in kv[1])):
            if len(seats) < 2 or len({ranks[s] for s in seats}) < 2:
                continue
            seats = sorted(seats, key=lambda s: (ranks[s], s))
            order = [
                _(
                    "%(place)s. %(player)s (%(facts)s)",
                    place=ranks[s],
                    player=names[s],
                    facts=self.tie_facts(state, s),
                )
                for s in seats
            ]
            out.append(
                _(
                    "%(players)s have the same score (%(score)s); the tie-break places them: "
                    "%(order)s.",
                    players=self.listed([names[s] for s in sorted(seats)]),
                    score=int(score) if float(score).is_integer() else score,
                    order=self.joined(order),
                )
            )
        by_place: dict[int, list[int]] = {}
        for seat, place in enumerate(ranks):
            by_place.setdefault(place, []).append(seat)
        for place, seats in sorted(by_place.items()):
            if len(seats) < 2:
                continue
            who = self.listed([names[s] for s in seats])
            if len({scores[s] for s in seats}) == 1:
                out.append(
                    _(
                        "%(players)s share place %(place)s: the tie-break leaves them level.",
                        players=who,
                        place=place,
                    )
                )
            else:  # Gallery Rush after a sole winner (GR-2): everyone else is second
                out.append(_("%(players)s share place %(place)s.", players=who, place=place))
        return out
