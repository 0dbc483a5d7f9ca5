"""Gallery Rush's moves, events and tie-break in words (see :mod:`cardpress.games.wording`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardpress.games.triptych_words import PaintingWords
from cardpress.games.wording import Said, View


class GalleryRushWords(PaintingWords):
    one_card = frozenset({"take"})

    def act_explore(self, arg: str, view: View) -> str:
        return self.s._("Explore: flip a card")

    def act_continue(self, arg: str, view: View) -> str:
        return self.s._("Keep going: flip another")

    def act_bank(self, arg: str, view: View) -> str:
        return self.s._("Bank what you flipped")

    def act_nominate(self, arg: str, view: View) -> str:
        return self.s._("Name %(painter)s, then flip", painter=self.painter(arg))

    def ev_bank(self, e: Said) -> str:
        return self.s._(
            "%(player)s banks %(cards)s.", player=e.who, cards=e.cards(e.data.get("cards"))
        )

    def ev_bust(self, e: Said) -> str:
        return self.s._(
            "%(player)s flips %(card)s and loses %(cards)s.",
            player=e.who,
            card=e.card(e.data.get("card")),
            cards=e.cards(e.data.get("lost")),
        )

    def ev_nomination_succeeded(self, e: Said) -> str:
        return self.s._(
            "%(player)s named %(painter)s and flipped %(card)s: right!",
            player=e.who,
            painter=self.painter(str(e.data.get("named"))),
            card=e.card(e.data.get("card")),
        )

    def ev_nomination_failed(self, e: Said) -> str:
        return self.s._(
            "%(player)s named %(painter)s but flipped %(card)s: wrong.",
            player=e.who,
            painter=self.painter(str(e.data.get("named"))),
            card=e.card(e.data.get("card")),
        )

    def ev_mona_lisa_joins(self, e: Said) -> str:
        return self.s._("The Mona Lisa joins %(player)s.", player=e.who)

    def ev_mona_lisa(self, e: Said) -> str:
        return self.s._("%(player)s has the Mona Lisa.", player=e.who)

    def ev_victory_condition(self, e: Said) -> str:
        return self.s._("%(player)s meets a victory condition.", player=e.who)

    def ev_take(self, e: Said) -> str:
        return self.s._(
            "%(player)s takes %(card)s from %(owner)s.",
            player=e.who,
            card=e.card(e.data.get("card")),
            owner=e.name(e.data.get("from")),
        )

    def counts(self, state: Any, seat: int) -> dict[str, Any]:
        met = seat == state.sole_winner or (
            state.end_reason in ("round", "exhausted") and seat in state.achievers
        )
        return {"collection": len(state.collections[seat]), "victory_condition": met}

    def running(self, state: Any) -> tuple[str, list[str]] | None:
        return self.s._("Cards in collection"), [str(len(c)) for c in state.collections]

    def columns(self) -> list[str]:
        return [self.s._("Cards in collection"), self.s._("Victory condition")]

    def cells(self, counts: Mapping[str, Any]) -> list[str]:
        met = self.s._("met") if counts["victory_condition"] else "–"
        return [str(counts["collection"]), met]

    def why(self, reason: str, winners: str) -> str:
        _ = self.s._
        if reason == "mona-lisa":
            return _(
                "%(player)s named the Mona Lisa and found it: a win alone, at once.",
                player=winners,
            )
        if reason == "round":
            return _(
                "The round in which someone met a victory condition is over: whoever met one "
                "ranks first, by the size of their collection."
            )
        if reason == "exhausted":
            return _(
                "The deck and the discards ran out: whoever met a victory condition this round "
                "ranks first, then everyone by the size of their collection."
            )
        return super().why(reason, winners)

    def tie_facts(self, state: Any, seat: int) -> str:
        """GR-2: a victory condition met (by the sole winner, or by any at a round's end)."""
        met = seat == state.sole_winner or (state.end_reason == "round" and seat in state.achievers)
        return (
            self.s._("meets a victory condition") if met else self.s._("no victory condition met")
        )
