"""Triptych's cards and the moves its three games share, in words.

Gallery Rush, Finger Auction and Detective Eye play the one Triptych deck:
a card is "Monet 4", "Forgery (Gogh)" or the Mona Lisa in all three, and a
flip, a taken card or a forgery reads the same. Each game's own words
subclass :class:`PaintingWords`.
"""

from __future__ import annotations

from cardpress.games.triptych import MONA_LISA
from cardpress.games.wording import Said, Speech, View, Words


def painter(speech: Speech, pid: str) -> str:
    """A painter as players name them (the Mona Lisa and a forgery included)."""
    if pid == MONA_LISA:
        return speech._("Mona Lisa")
    if pid == "forgery":
        return speech._("a forgery")
    return speech.name("painters", pid) or pid


class PaintingWords(Words):
    def painter(self, pid: str) -> str:
        return painter(self.s, pid)

    def what(self, key: str) -> str:
        return self.painter(key)

    def card_name(self, cid: str, view: View) -> str:
        if cid == MONA_LISA:
            return self.s._("Mona Lisa")
        if cid.startswith("forgery-"):
            return self.s._("Forgery (%(painter)s)", painter=self.painter(cid[8:]))
        who, _sep, number = cid.partition("-")
        return f"{self.painter(who)} {number}"

    def act_take(self, arg: str, view: View) -> str:
        return self.s._("Take %(card)s", card=self.card(arg, view))

    def ev_flip(self, e: Said) -> str:
        if "seat" in e.data:
            return self._challenge_flip(e)
        return self.s._("%(player)s flips %(card)s.", player=e.who, card=e.card(e.data.get("card")))

    def _challenge_flip(self, e: Said) -> str:
        """A challenger's flip (DE-4), said as the table says it: "Aki flips their own
        Vermeer 1: a hit." / "Aki flips Ben's Monet 4: a miss." """
        _ = self.s._
        d, who = e.data, e.who
        owner, card = e.name(d.get("seat")), e.card(d.get("card"))
        own = str(d.get("seat")) == str(e.player)
        if d.get("hit"):
            if own:
                return _("%(player)s flips their own %(card)s: a hit.", player=who, card=card)
            return _(
                "%(player)s flips %(owner)s's %(card)s: a hit.", player=who, owner=owner, card=card
            )
        if own:
            return _("%(player)s flips their own %(card)s: a miss.", player=who, card=card)
        return _(
            "%(player)s flips %(owner)s's %(card)s: a miss.", player=who, owner=owner, card=card
        )

    def ev_forgery(self, e: Said) -> str:
        d = e.data
        if "named" in d:  # Gallery Rush (GR-7): what was named and what showed
            return self.s._(
                "%(player)s named %(painter)s but flipped %(card)s: their %(painter)s cards "
                "are discarded (%(cards)s).",
                player=e.who,
                painter=self.painter(str(d.get("named"))),
                card=e.card(d.get("card")),
                cards=e.cards(d.get("lost")),
            )
        return self.s._("%(player)s takes a forgery as a penalty.", player=e.who)
