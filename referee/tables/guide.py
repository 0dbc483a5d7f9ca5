"""What is going on at the table and what to do now, in a sentence or two.

A phone's buttons say what a player *can* do; these lines say what the table
is waiting for and why, where the buttons alone leave a new player guessing:
who receives the cards you pass, the declaration to beat and who made it,
which card you put face down, why a player "waits" during another's turn.
Only the caller's own view is read, so a line never tells a secret.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _

from referee.tables import words


def lines(game: str, view: Mapping[str, Any], names: Sequence[str], seat: int | None) -> list[str]:
    """The situation lines shown above the buttons (or the waiting line)."""
    if view.get("terminal"):
        return []
    if game == "detective-eye":
        return _detective_eye(view, names, seat)
    if game == "ultimatch":
        return _ultimatch(view, names, seat)
    if game == "eshi100":
        return _eshi100(view)
    return []


def _left_of(seat: int, names: Sequence[str]) -> str:
    """The player on a seat's left: the next seat clockwise (DE-1)."""
    return names[(seat + 1) % len(names)]


def _right_of(seat: int, names: Sequence[str]) -> str:
    return names[(seat - 1) % len(names)]


def _detective_eye(view: Mapping[str, Any], names: Sequence[str], seat: int | None) -> list[str]:
    phase = view.get("phase")
    choice = (view.get("choice") or [None] * len(names))[seat] if seat is not None else None
    out = []
    if phase == "draft" and seat is not None:
        if choice:
            out.append(
                _(
                    "You pass %(cards)s to %(player)s, on your left. The cards move when "
                    "everyone has picked.",
                    cards=words.cards("detective-eye", choice.split(",")),
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
                    card=words.card("detective-eye", choice),
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
                painter=words.painter(str(painter)),
                player=names[by],
            )
        )
        if phase == "challenge":
            out.append(
                _(
                    "%(player)s turns face-down cards over, one at a time, until %(count)s × "
                    "%(painter)s are found or a card is another painter (%(found)s found so far).",
                    player=names[by],
                    count=count,
                    painter=words.painter(str(painter)),
                    found=view.get("found", 0),
                )
            )
    elif phase == "turn":
        out.append(_("No declaration yet this round."))
    return out


def _ultimatch(view: Mapping[str, Any], names: Sequence[str], seat: int | None) -> list[str]:
    phase = view.get("phase")
    turn = int(view.get("turn", 0))
    others = words.joined([n for i, n in enumerate(names) if i != turn])
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


def _eshi100(view: Mapping[str, Any]) -> list[str]:
    """The bid phase says what the bids are for (ES-3, ES-4): the cards bid only
    buy the right to move one gallery card, which the bid buttons never say."""
    if view.get("phase") != "bid":
        return []
    return [
        _(
            "Auction: the highest bid total moves one gallery card, either one of their "
            "own into their collection or another player's into that player's warehouse. "
            "Ties all move one; a player who bids nothing is out of this auction."
        )
    ]
