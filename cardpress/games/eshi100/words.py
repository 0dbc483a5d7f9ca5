"""絵師100人展's moves, events and cards in words (see :mod:`cardpress.games.wording`).

A card is named by the table's own card data (the view's ``cards``): its
title where the catalogue knows the card type, else its icons, and its bid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardpress.games.wording import Said, View, Words, count


class Eshi100Words(Words):
    one_card = frozenset({"collect", "warehouse"})
    ticked_kind = "bid"

    def _info(self, cid: Any, view: View) -> dict[str, Any]:
        return ((view or {}).get("cards") or {}).get(str(cid)) or {}

    def card_name(self, cid: str, view: View) -> str:
        if view is None:  # a card type's id (a player's final collection): its title
            return self.s.name("eshi100", cid) or cid
        info = self._info(cid, view)
        if not info:
            return self.s._("a card")
        title = self.s.name("eshi100", str(info.get("id")))
        if title:
            return self.s._("%(title)s, bid %(bid)s", title=title, bid=info.get("bid"))
        return self.s._(
            "%(icons)s, bid %(bid)s", icons=self.icons(info.get("icons", [])), bid=info.get("bid")
        )

    def printed_key(self, cid: Any, view: View) -> str | None:
        return f"eshi100:{self._info(cid, view).get('id')}"

    def icons(self, ids: Sequence[str]) -> str:
        """Icons by name, as a card lists them."""
        return "・".join(self.s.name("icons", i) or i for i in ids) or "-"

    def effect_text(self, cid: Any, timing: str, view: View) -> str:
        """A card's effect in the listener's language, from the card's own text."""
        effect = self._info(cid, view).get(timing) or {}
        return self.s.text(effect.get("text")) if effect.get("text") else ""

    def act_bid(self, arg: str, view: View) -> str:
        if not arg:
            return self.s._("Bid nothing")
        return self.s._("Bid %(cards)s", cards=self.cards(arg.split(","), view))

    def act_adjust(self, arg: str, view: View) -> str:
        if (view or {}).get("phase") == "manual_settle":
            return self.s.ngettext(
                "Settlement %(amount)s point",
                "Settlement %(amount)s points",
                count(arg),
                amount=self.signed(arg),
            )
        return self.s._("Bid points %(amount)s", amount=self.signed(arg))

    def act_none(self, arg: str, view: View) -> str:
        return self.s._("Nothing to move: go on")

    def act_collect(self, arg: str, view: View) -> str:
        return self.s._("Collect %(card)s", card=self.card(arg, view))

    def act_warehouse(self, arg: str, view: View) -> str:
        return self.s._("Warehouse %(card)s", card=self.card(arg, view))

    def situation(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None
    ) -> list[str]:
        """The bid phase says what the bids are for (ES-3, ES-4): the cards bid only
        buy the right to move one gallery card, which the bid buttons never say."""
        if view.get("phase") != "bid":
            return []
        return [
            self.s._(
                "Auction: the highest bid total moves one gallery card, either one of their "
                "own into their collection or another player's into that player's warehouse. "
                "Ties all move one; a player who bids nothing is out of this auction."
            )
        ]

    def _score(self) -> str:
        return self.s.pgettext("a column of the result table", "Score")

    def counts(self, state: Any, seat: int) -> dict[str, Any]:
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

    def running(self, state: Any) -> tuple[str, list[str]] | None:
        return self._score(), [self.minus(s.score) for s in state.settlements()]

    def columns(self) -> list[str]:
        return [self._score()]

    def cells(self, counts: Mapping[str, Any]) -> list[str]:
        return [self.minus(counts["score"])]

    def breakdown(self, name: str, counts: Mapping[str, Any]) -> str | None:
        """The settlement added up (ES-2): cards, both icon bonuses, warehouse, effects."""
        c = counts
        return self.s.ngettext(
            "%(player)s: %(num)s card in the collection %(same)s same-icon bonus "
            "%(different)s different-icon bonus %(warehouse)s warehouse %(adjustments)s "
            "effects = %(score)s points",
            "%(player)s: %(num)s cards in the collection %(same)s same-icon bonus "
            "%(different)s different-icon bonus %(warehouse)s warehouse %(adjustments)s "
            "effects = %(score)s points",
            c["cards"],
            player=name,
            same=self.signed(c["same_icon_bonus"]),
            different=self.signed(c["different_icon_bonus"]),
            warehouse=self.signed(c["warehouse"]),
            adjustments=self.signed(c["adjustments"]),
            score=self.minus(c["score"]),
        )

    def ev_round_start(self, e: Said) -> str:
        return self.s._("A new round begins.")

    def ev_reveal(self, e: Said) -> str:
        return self.s._("The bids are revealed.")

    def ev_bid(self, e: Said) -> str:
        if count(e.data.get("cards")) == 0:  # ES-3's words for a player who bids no card
            return self.s._("%(player)s bids nothing.", player=e.who)
        return self.s.ngettext(
            "%(player)s bids %(num)d card.",
            "%(player)s bids %(num)d cards.",
            count(e.data.get("cards")),
            player=e.who,
        )

    def ev_bit(self, e: Said) -> str:
        """A bid effect as it happened: whose card, what it says, what it did."""
        d, who = e.data, e.who
        cid = d.get("card")
        # quoted inside a sentence, the effect's own full stop goes (「…に＋3」が発動しました。)
        said = self.effect_text(cid, "bit", e.view).rstrip("。.")
        out = [
            self.s._(
                "Bid effect of %(player)s's %(card)s: “%(effect)s”.",
                player=who,
                card=e.card(cid),
                effect=said,
            )
        ]
        if d.get("op") == "manual":
            out.append(self.s._("The table decides what it changes."))
        elif "drew" in d:
            out.append(
                self.s.ngettext(
                    "%(player)s draws %(num)d card.",
                    "%(player)s draws %(num)d cards.",
                    count(d["drew"]),
                    player=who,
                )
            )
        elif "discarded" in d:
            out.append(self.s._("Discarded: %(cards)s.", cards=e.cards(d["discarded"])))
        return self.sentences(out)

    def ev_bit_manual(self, e: Said) -> str:
        return self.s._(
            "The table changes %(player)s's bid points by %(amount)s.",
            player=e.who,
            amount=self.signed(e.data.get("adjust", 0)),
        )

    def ev_settlement_manual(self, e: Said) -> str:
        return self.s.ngettext(
            "The table changes %(player)s's settlement by %(amount)s point.",
            "The table changes %(player)s's settlement by %(amount)s points.",
            count(e.data.get("adjust", 0)),
            player=e.who,
            amount=self.signed(e.data.get("adjust", 0)),
        )

    def ev_winners(self, e: Said) -> str:
        return self.s._(
            "The auction goes to %(winners)s.",
            winners=self.listed([e.name(w) for w in e.data.get("winners", [])]),
        )

    def ev_no_winner(self, e: Said) -> str:
        return self.s._("Nobody wins the auction.")

    def ev_no_bids(self, e: Said) -> str:
        return self.s._("Nobody bid.")

    def ev_collect(self, e: Said) -> str:
        return self.s._(
            "%(player)s collects %(card)s.", player=e.who, card=e.card(e.data.get("card"))
        )

    def ev_warehouse(self, e: Said) -> str:
        return self.s._(  # the owner's warehouse (ES-4), not the mover's
            "%(player)s puts %(card)s in %(owner)s's warehouse.",
            player=e.who,
            card=e.card(e.data.get("card")),
            owner=e.name(e.data.get("owner")),
        )
