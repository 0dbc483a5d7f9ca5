"""Ultimatch's moves and events in words (see :mod:`cardpress.games.wording`).

The table plays together: no places, so no tie-breaks to tell. A refused
match says why by the match rule's own reasons.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardpress.games.base import N_
from cardpress.games.ultimatch.engine import NO_MATCH
from cardpress.games.ultimatch.match import explain, parse_card_id
from cardpress.games.wording import Said, TwoTaps, View, Words

#: why a cooperative table lost (the engine's reasons)
LOST_REASONS = {
    "no match in solitaire": N_("no card in hand matches the pyramid"),
    "everyone passed in a row": N_("everyone passed in a row"),
}


#: how a table ended (the API result's ``reason``)
TEAM_WON, NO_MATCH_LEFT, ALL_PASSED = "matched", "no-match", "all-passed"


class UltimatchWords(Words):
    cooperative = True
    one_card = frozenset({"give", "offer", "alta"})

    def card_name(self, cid: str, view: View) -> str:
        """ "Blue 2", 「青の2」: the words the sheets and the card pages use (one msgid)."""
        colour, _sep, number = cid.rpartition("-")
        if not number.isdigit():
            return cid
        colour_name = self.s.name("colours", colour) or colour
        return self.s._("%(colour)s %(number)d", colour=colour_name, number=int(number))

    def printed_key(self, cid: Any, view: View) -> str | None:
        return f"ultimatch:{cid}"

    def action_cards(self, act: str) -> list[str]:
        kind, arg = self.parse(act)
        if kind == "swap":
            return [arg.partition(":")[2]]
        if kind == "match":
            target, _sep, used = arg.partition(":")
            return [target, *used.split("+")]
        return super().action_cards(act)

    def two_taps(self, actions: Sequence[str], view: Any) -> TwoTaps | None:
        """A turn can offer dozens of plays: the pyramid card, then what matches it."""
        moves = [(a, self.action_cards(a)) for a in actions if a.startswith("match:")]
        if not moves:
            return None
        order = [c for c in view.get("pyramid") or [] if c not in (None, "hidden")]
        firsts = [c for c in order if any(cs[0] == c for _a, cs in moves)]
        prompts = (
            self.s._("Step 1: the pyramid card to match."),
            self.s._("Step 2: the cards to match it with."),
        )
        return TwoTaps(moves, firsts, prompts, leads=True)

    def situation(
        self, view: Mapping[str, Any], names: Sequence[str], seat: int | None
    ) -> list[str]:
        """Why a player "waits" during another's turn: the exchange, then the gift."""
        _ = self.s._
        phase = view.get("phase")
        turn = int(view.get("turn", 0))
        others = self.listed([n for i, n in enumerate(names) if i != turn])
        if phase == "offer":
            if seat == turn:
                return [
                    _(
                        "Your turn begins with an exchange: %(players)s each offer you one card "
                        "face down, or nothing. Then you may swap one of your cards for one offer.",
                        players=others,
                    )
                ]
            return [
                _(
                    "%(player)s's turn begins with an exchange: everyone else offers %(player)s "
                    "one card face down, or nothing; then %(player)s may swap one card for one "
                    "offer.",
                    player=names[turn],
                )
            ]
        if phase == "swap":
            if seat == turn:
                return [
                    _("The offers are in: swap one of your cards for one offer, or keep your hand.")
                ]
            return [
                _(
                    "The offers are in: %(player)s swaps for one of them or keeps their hand.",
                    player=names[turn],
                )
            ]
        if phase == "give":
            return [_("Everyone gives one card of their hand to the alta hand, face down.")]
        return []

    def act_give(self, arg: str, view: View) -> str:
        return self.s._("Give %(card)s to the alta hand", card=self.card(arg, view))

    def act_noswap(self, arg: str, view: View) -> str:
        return self.s._("Keep my hand")

    def act_alta(self, arg: str, view: View) -> str:
        return self.s._("Put %(card)s in the alta hand", card=self.card(arg, view))

    def act_offer(self, arg: str, view: View) -> str:
        if arg == "none":
            return self.s._("Offer nothing")
        return self.s._("Offer %(card)s", card=self.card(arg, view))

    def act_swap(self, arg: str, view: View) -> str:
        names = (view or {}).get("players", [])
        seat, _sep, cid = arg.partition(":")
        who = names[int(seat)] if seat.isdigit() and int(seat) < len(names) else seat
        return self.s._("Swap for %(player)s's %(card)s", player=who, card=self.card(cid, view))

    def act_match(self, arg: str, view: View) -> str:
        target, _sep, used = arg.partition(":")
        alta = set((view or {}).get("alta") or [])
        c = lambda x: self.card(x, view)  # noqa: E731
        return self.s._(
            "Match %(target)s with %(cards)s",
            target=c(target),
            cards=self.joined(
                [
                    self.s._("%(card)s from the alta hand", card=c(u)) if u in alta else c(u)
                    for u in used.split("+")
                ]
            ),
        )

    def ev_alta_revealed(self, e: Said) -> str:
        return self.s._("The alta hand is revealed: %(cards)s.", cards=e.cards(e.data.get("alta")))

    def ev_first_player(self, e: Said) -> str:
        return self.s._("%(player)s plays first.", player=e.who)

    def ev_offers(self, e: Said) -> str:
        return self.s._("Offers are made.")

    def ev_exchange(self, e: Said) -> str:
        return self.s._(
            "%(player)s exchanges with %(other)s.", player=e.who, other=e.name(e.data.get("with"))
        )

    def ev_match(self, e: Said) -> str:
        return self.s._(
            "%(player)s matches %(target)s with %(cards)s.",
            player=e.who,
            target=e.card(e.data.get("target")),
            cards=e.cards(e.data.get("cards")),
        )

    def ev_reveal(self, e: Said) -> str:
        return self.s._("%(card)s is revealed.", card=e.card(e.data.get("card")))

    def ev_reward(self, e: Said) -> str:
        return self.s._("%(player)s is rewarded.", player=e.who)

    def ev_won(self, e: Said) -> str:
        return self.s._("Every card is matched: the table wins!")

    def ev_lost(self, e: Said) -> str:
        known = LOST_REASONS.get(str(e.data.get("reason")))
        reason = self.s._(known) if known else self.s._("no play was left")
        return self.s._("The table loses: %(reason)s.", reason=reason)

    def team_reason(self, state: Any) -> str:
        if getattr(state, "won", False):
            return TEAM_WON
        return NO_MATCH_LEFT if state.num_players == 1 else ALL_PASSED

    def team_headline(self, state: Any, won: bool) -> str:
        if won:
            return super().team_headline(state, won)
        return self.s.ngettext(
            "The team lost, with %(num)s pyramid card left.",
            "The team lost, with %(num)s pyramid cards left.",
            sum(1 for c in state.pyramid if c),
        )

    def why(self, reason: str, winners: str) -> str:
        if reason == TEAM_WON:
            return self.s._("Every card of the pyramid is matched.")
        if reason == NO_MATCH_LEFT:
            return self.s._(
                "No card in hand matches a face-up pyramid card, and solitaire has no pass."
            )
        if reason == ALL_PASSED:
            return self.s._("Everyone passed in a row.")
        return super().why(reason, winners)

    def reasons(self, message: str, params: Mapping[str, Any]) -> Sequence[Any] | None:
        if message != NO_MATCH:
            return None
        target, played = params["target"], params["cards"]
        return explain(parse_card_id(target), [parse_card_id(c) for c in played]).reasons
