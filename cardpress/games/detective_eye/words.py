"""Detective Eye's moves, events and tie-break in words (see :mod:`cardpress.games.wording`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardpress.games.triptych_words import PaintingWords
from cardpress.games.wording import Said, TwoTaps, View


def _left_of(seat: int, names: Sequence[str]) -> str:
    """The player on a seat's left: the next seat clockwise (DE-1)."""
    return names[(seat + 1) % len(names)]


def _right_of(seat: int, names: Sequence[str]) -> str:
    return names[(seat - 1) % len(names)]


class DetectiveEyeWords(PaintingWords):
    one_card = frozenset({"place", "discard"})
    counted_kinds = ("declare", "raise")

    def counted_prompt(self, kind: str) -> str:
        if kind == "raise":
            return self.s._("Or raise: first the painter, then how many.")
        return self.s._(
            "Or declare: first the painter, then how many of their cards are face down on "
            "the table."
        )

    def two_taps(self, actions: Sequence[str], view: Any) -> TwoTaps | None:
        """The draft passes two of five cards (10 pairs): the first card, then the second."""
        if not all(a.startswith("pass:") for a in actions):
            return None
        moves = [(a, self.action_cards(a)) for a in actions]
        firsts = [c for c in view.get("hand") or [] if any(c in cs for _a, cs in moves)]
        names = view.get("players") or []
        seat = view.get("viewer")
        receiver = names[(seat + 1) % len(names)] if names and seat is not None else ""
        prompts = (
            self.s._("Step 1: the first card you pass to %(player)s.", player=receiver),
            self.s._("Step 2: the card to pass with it to %(player)s.", player=receiver),
        )
        return TwoTaps(moves, firsts, prompts)

    def situation(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None
    ) -> list[str]:
        """Who receives the cards you pass, which card you put face down, the
        declaration to beat and who made it."""
        _ = self.s._
        phase = view.get("phase")
        choice = (view.get("choice") or [None] * len(names))[seat] if seat is not None else None
        out = []
        if phase == "draft" and seat is not None:
            if choice:
                out.append(
                    _(
                        "You pass %(cards)s to %(player)s, on your left. The cards move when "
                        "everyone has picked.",
                        cards=self.cards(choice.split(",")),
                        player=_left_of(seat, names),
                    )
                )
            else:
                out.append(
                    _(
                        "Pick two cards for %(player)s, on your left; %(other)s passes you two.",
                        player=_left_of(seat, names),
                        other=_right_of(seat, names),
                    )
                )
        elif phase == "reveal" and seat is not None:
            if choice:
                out.append(
                    _(
                        "You put %(card)s face down. The others see a face-down card once "
                        "everyone has put one down.",
                        card=self.card(choice),
                    )
                )
            else:
                out.append(_("Put one card of your hand face down in front of you."))
        bid = view.get("bid")
        if bid:
            painter, count, by = bid[0], bid[1], int(bid[2])
            out.append(
                _(
                    "Highest declaration: %(count)s × %(painter)s, by %(player)s.",
                    count=count,
                    painter=self.painter(str(painter)),
                    player=names[by],
                )
            )
            if phase == "challenge":
                out.append(
                    _(
                        "%(player)s turns face-down cards over, one at a time, until %(count)s × "
                        "%(painter)s are found or a card is another painter (%(found)s found so "
                        "far).",
                        player=names[by],
                        count=count,
                        painter=self.painter(str(painter)),
                        found=view.get("found", 0),
                    )
                )
        elif phase == "turn":
            out.append(_("No declaration yet this round."))
        return out

    def act_place(self, arg: str, view: View) -> str:
        return self.s._("Place %(card)s face down", card=self.card(arg, view))

    def act_declare(self, arg: str, view: View) -> str:
        return self.s._(
            "Declare %(count)s × %(painter)s",
            count=arg.split(":")[-1],
            painter=self.painter(arg.split(":")[0]),
        )

    def act_raise(self, arg: str, view: View) -> str:
        return self.s._(
            "Raise to %(count)s × %(painter)s",
            count=arg.split(":")[-1],
            painter=self.painter(arg.split(":")[0]),
        )

    def act_discard(self, arg: str, view: View) -> str:
        return self.s._("Discard %(card)s", card=self.card(arg, view))

    def act_flip(self, arg: str, view: View) -> str:
        names = (view or {}).get("players", [])
        seat, _sep, pos = arg.partition(":")
        who = names[int(seat)] if seat.isdigit() and int(seat) < len(names) else seat
        position = int(pos) + 1 if pos.isdigit() else pos
        if seat.isdigit() and int(seat) == (view or {}).get("viewer"):
            return self.s._("Flip your own card %(position)s", position=position)
        return self.s._("Flip %(player)s's card %(position)s", player=who, position=position)

    def ev_draft(self, e: Said) -> str:
        return self.s._("Everyone passed cards on.")

    def ev_placed(self, e: Said) -> str:
        return self.s._("Cards are placed face down.")

    def ev_place(self, e: Said) -> str:
        return self.s._("%(player)s places a card face down.", player=e.who)

    def ev_declare(self, e: Said) -> str:
        return self.s._(
            "%(player)s declares %(count)s × %(painter)s.",
            player=e.who,
            count=e.data.get("count"),
            painter=self.painter(str(e.data.get("painter"))),
        )

    def ev_raise(self, e: Said) -> str:
        return self.s._(
            "%(player)s raises to %(count)s × %(painter)s.",
            player=e.who,
            count=e.data.get("count"),
            painter=self.painter(str(e.data.get("painter"))),
        )

    def ev_challenge(self, e: Said) -> str:
        return self.s._(
            "%(player)s must find %(count)s × %(painter)s.",
            player=e.who,
            count=e.data.get("count"),
            painter=self.painter(str(e.data.get("painter"))),
        )

    def ev_challenge_failed(self, e: Said) -> str:
        return self.s._(
            "%(player)s's challenge failed: a flipped card was not the painter declared.",
            player=e.who,
        )

    def ev_challenge_succeeded(self, e: Said) -> str:
        return self.s._("%(player)s's challenge succeeded.", player=e.who)

    def ev_discard(self, e: Said) -> str:
        d = e.data
        return self.s._(
            "%(player)s discards %(cards)s.",
            player=e.who,
            cards=e.cards(d["cards"]) if "cards" in d else e.card(d.get("card")),
        )

    def counts(self, state: Any, seat: int) -> dict[str, Any]:
        return {"forgeries": state.forgeries[seat], "cards_in_hand": state.held(seat)}

    def running(self, state: Any) -> tuple[str, list[str]] | None:
        n = state.num_players
        return self.s._("Forgeries held"), [str(state.forgeries[p]) for p in range(n)]

    def columns(self) -> list[str]:
        return [self.s._("Forgeries"), self.s._("Cards in hand")]

    def cells(self, counts: Mapping[str, Any]) -> list[str]:
        return [str(counts["forgeries"]), str(counts["cards_in_hand"])]

    def why(self, reason: str, winners: str) -> str:
        if reason == "supply":
            return self.s._(
                "The supply ran out of forgeries: the fewest forgeries wins, then the fewest "
                "cards in hand."
            )
        if reason == "hand":
            return self.s._(
                "%(players)s ended a round with one card or none in hand: a win at once.",
                players=winners,
            )
        return super().why(reason, winners)

    def tie_breaks(self, state: Any, names: Sequence[str]) -> list[str]:
        """Detective Eye has no score: after the supply ran out (DE-8) players with
        the same number of forgeries are placed by their cards in hand; after a
        hand ran out (DE-7) the winners share the win. Said only where it decided."""
        _ = self.s._
        ranks, out = state.ranking(), []
        if state.end_reason == "supply":
            by_forgeries: dict[int, list[int]] = {}
            for seat, f in enumerate(state.forgeries):
                by_forgeries.setdefault(f, []).append(seat)
            for f, seats in sorted(by_forgeries.items()):
                if len(seats) < 2 or len({ranks[s] for s in seats}) < 2:
                    continue
                order = [
                    self.s.ngettext(
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
                        players=self.listed([names[s] for s in seats]),
                        count=f,
                        order=self.joined(order),
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
                        players=self.listed([names[s] for s in seats]),
                        place=place,
                    )
                )
        return out
