"""Detective Eye's moves, events and tie-break in words (see :mod:`cardpress.games.wording`)."""

from __future__ import annotations

from typing import Any

from cardpress.games.triptych_words import PaintingWords
from cardpress.games.wording import Said, View


class DetectiveEyeWords(PaintingWords):
    one_card = frozenset({"place", "discard"})

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

    def tie_facts(self, state: Any, seat: int) -> str:
        """DE-8: cards in hand, then forgeries, decide a tied score."""
        return self.joined(
            [
                self.s.ngettext("%(num)d card in hand", "%(num)d cards in hand", state.held(seat)),
                self.s.ngettext("%(num)d forgery", "%(num)d forgeries", state.forgeries[seat]),
            ]
        )
