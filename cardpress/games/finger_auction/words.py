"""Finger Auction's bids, events and tie-break in words (see :mod:`cardpress.games.wording`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardpress.games.finger_auction.engine import TwoHands, parse_bid, quick_score
from cardpress.games.triptych_words import PaintingWords
from cardpress.games.wording import Said, View, count


class FingerAuctionWords(PaintingWords):
    one_card = frozenset({"take"})

    def bid(self, value: str) -> str:
        """A bid as shown: "3" or "right 3 / left 4"."""
        kind, arg = self.parse(value)
        if kind == "hands":
            right, _sep, left = arg.partition("/")
            return self.s._("right %(right)s, left %(left)s", right=right, left=left)
        return arg

    def two_hands(self, act: str) -> tuple[int, int] | None:
        if not act.startswith("hands:"):
            return None
        hands = parse_bid(act)
        return (hands.right, hands.left) if isinstance(hands, TwoHands) else None

    def act_bid(self, arg: str, view: View) -> str:
        return self.s._("Bid %(fingers)s", fingers=arg)

    def act_hands(self, arg: str, view: View) -> str:
        return self.s._(
            "Right %(right)s, left %(left)s", right=arg.split("/")[0], left=arg.split("/")[-1]
        )

    def ev_auction_won(self, e: Said) -> str:
        won = self.s.ngettext(
            "%(player)s won and takes %(num)d card.",
            "%(player)s won and takes %(num)d cards.",
            count(e.data.get("cards")),
            player=e.who,
        )
        return self.sentences([self._why(e), won])

    def ev_rebid(self, e: Said) -> str:
        return self.sentences([self._why(e), self.s._("Nobody won: re-bid.")])

    def _why(self, e: Said) -> str:
        bids = e.data.get("bids", {})
        return self.sentences(
            [
                self.s._("Bids: %(bids)s.", bids=self._bids(bids, e.name)),
                *self._clashes(bids, e.name),
            ]
        )

    def ev_take(self, e: Said) -> str:
        d = e.data
        if "cards" in d:
            return self.s._("%(player)s takes %(cards)s.", player=e.who, cards=e.cards(d["cards"]))
        return self.s._("%(player)s takes %(cards)s.", player=e.who, cards=e.card(d.get("card")))

    def ev_take_rest(self, e: Said) -> str:
        return self.s._(
            "%(player)s takes the rest: %(cards)s.",
            player=e.who,
            cards=e.cards(e.data.get("cards")),
        )

    def ev_round_start(self, e: Said) -> str:
        return self.s._(
            "Round %(round)s: the field is %(cards)s.",
            round=e.data.get("round"),
            cards=e.cards(e.data.get("field")),
        )

    def ev_round_end(self, e: Said) -> str:
        return self.s._("Round %(round)s is over.", round=e.data.get("round"))

    def _bids(self, bids: Mapping[str, str], name: Callable[[Any], str]) -> str:
        parts = [f"{name(seat)} {self.bid(value)}" for seat, value in bids.items()]
        if self.s.lang != "ja" and any("," in part for part in parts):
            return "; ".join(parts)  # "Aki right 2, left 4; Ben right 5, left 1"
        return self.joined(parts)

    def _clashes(self, bids: Mapping[str, str], name: Callable[[Any], str]) -> list[str]:
        """Why bids did not win: which collided (FA-1), which right hands were blocked (FA-3)."""
        _ = self.s._
        shown = {seat: value.partition(":")[2] for seat, value in bids.items()}
        out = []
        if len(shown) == 2 and all("/" in v for v in shown.values()):
            (a, va), (b, vb) = shown.items()
            (ra, la), (rb, lb) = va.split("/"), vb.split("/")
            for seat, right, other, left in ((a, ra, b, lb), (b, rb, a, la)):
                if right == left:
                    out.append(
                        _(
                            "%(player)s's right hand (%(value)s) is blocked by %(other)s's "
                            "left hand.",
                            player=name(seat),
                            value=right,
                            other=name(other),
                        )
                    )
            if ra == rb and ra != lb and rb != la:
                out.append(_("Both right hands show %(value)s.", value=ra))
            return out
        by_value: dict[str, list[str]] = {}
        for seat, value in shown.items():
            by_value.setdefault(value, []).append(name(seat))
        for value, who in sorted(by_value.items()):
            if len(who) > 1:
                out.append(
                    _(
                        "%(players)s all bid %(value)s: those bids collide.",
                        players=self.listed(who),
                        value=value,
                    )
                )
        return out

    def counts(self, state: Any, seat: int) -> dict[str, Any]:
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

    def running(self, state: Any) -> tuple[str, list[str]] | None:
        return self.s._("Points"), [str(int(s)) for s in state.scores()]

    def columns(self) -> list[str]:
        return [self.s._("Points"), self.s._("Cards held")]

    def cells(self, counts: Mapping[str, Any]) -> list[str]:
        return [str(counts["points"]), str(counts["cards"])]

    def why(self, reason: str, winners: str) -> str:
        return self.s._("The most points wins; with equal points, fewer cards held.")

    def breakdown(self, name: str, counts: Mapping[str, Any]) -> str | None:
        """Each painter's count and points (FA-5, FA-6), the Mona Lisa and forgeries noted."""
        _ = self.s._
        c = counts
        parts = []
        for painter, p in c["painters"].items():
            counted = p["paintings"] + (c["mona_lisa_as"] == painter) - p["forgery"]
            parts.append(
                _(
                    "%(painter)s %(count)s → %(points)s",
                    painter=self.painter(painter),
                    count=max(counted, 0),
                    points=p["points"],
                )
            )
        notes = []
        if c["mona_lisa_as"]:
            notes.append(
                _("the Mona Lisa counts as %(painter)s", painter=self.painter(c["mona_lisa_as"]))
            )
        for painter, p in c["painters"].items():
            if p["forgery"]:
                notes.append(
                    _("the forgery takes one %(painter)s away", painter=self.painter(painter))
                )
        return _(
            "%(player)s: %(parts)s = %(total)s points%(notes)s",
            player=name,
            parts=self.joined(parts),
            total=c["points"],
            notes=_(" (%(notes)s)", notes=self.joined(notes)) if notes else "",
        )

    def tie_facts(self, state: Any, seat: int) -> str:
        """FA-7: the cards held decide a tied score."""
        held = quick_score(state.held[seat], state.num_players)[1]
        return self.s.ngettext("%(num)d card held", "%(num)d cards held", held)
