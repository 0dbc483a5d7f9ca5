"""Round followers for games played with the printed cards (cardpress.follow).

Every page is a GET whose query string is the whole game (players, variant,
log): a reload, Back, a bookmark or the language switch shows the same
moment, and entering an auction redirects to the new state's URL, so the
same entry sent twice lands on the same state. Nothing is stored on the
server; ``static/keep.js`` remembers the latest URL on the phone.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext, ngettext
from werkzeug.wrappers import Response

from cardpress.follow import LogError
from cardpress.follow.finger_auction import Auction, BadBid, FingerAuctionTable, TwoHands
from cardpress.games.finger_auction import MAX_BID, MIN_BID, ROUNDS
from referee.i18n import keeps_query

bp = Blueprint("follow", __name__, url_prefix="/<lang:lang>/play")

MAX_NAME = 40
FINGERS = tuple(range(MIN_BID, MAX_BID + 1))


def player_names(raw: list[str], lo: int, hi: int) -> tuple[list[str], str | None]:
    """The names typed at setup (blank ones dropped), or a sentence saying what is wrong."""
    names = [n.strip() for n in raw[:hi] if n.strip()]
    for name in names:
        if len(name) > MAX_NAME or not name.isprintable():
            return names, gettext(
                "“%(name)s”: a name is at most %(max)d letters, with no control characters.",
                name=name[:MAX_NAME],
                max=MAX_NAME,
            )
    if len(set(names)) != len(names):
        return names, gettext("Two players have the same name.")
    if len(names) < lo:
        return names, gettext("Enter the names of %(lo)d to %(hi)d players.", lo=lo, hi=hi)
    return names, None


# --------------------------------------------------------------------------- Finger Auction


@bp.get("/finger-auction/follow")
@keeps_query("p", "v", "log")
def finger_auction() -> str | Response:
    names, error = player_names(request.args.getlist("p"), 2, 4)
    variant = "strict" if request.args.get("v") == "strict" else "standard"
    if error or not names:
        return render_template(
            "follow/finger_auction_setup.html",
            error=error if request.args.get("start") else None,
            names=names,
            variant=variant,
        )
    if request.args.get("start"):
        return redirect(_state_url(names, variant, ""), code=303)
    log = request.args.get("log", "")[:2000]
    log_error = None
    try:
        table = FingerAuctionTable.replay(names, variant, log)
    except LogError as exc:
        log_error = gettext(
            "The record of this game could not be read from auction %(n)d on; "
            "it is shown up to there.",
            n=exc.entry + 1,
        )
        table = FingerAuctionTable.replay(names, variant, "-".join(log.split("-")[: exc.entry]))
    bid_error = None
    if request.args.get("go") and not log_error:
        bids, bid_error = _bids_from_form(table, names)
        if bids is not None:
            try:
                table.auction(bids)
            except BadBid as exc:
                bid_error = _bad_bid(exc, names)
            else:
                return redirect(_state_url(names, variant, table.log()), code=303)
    return render_template(
        "follow/finger_auction.html",
        table=table,
        names=names,
        variant=variant,
        error=log_error or bid_error,
        fingers=FINGERS,
        rounds=ROUNDS,
        explain=lambda a: explain(a, names),
        undo_url=_state_url(names, variant, table.log().rpartition("-")[0]),
        score_url=_score_url(table, names),
        state_url=_state_url(names, variant, table.log()),
    )


def _state_url(names: list[str], variant: str, log: str) -> str:
    args: dict[str, Any] = {"p": names}
    if variant != "standard":
        args["v"] = variant
    if log:
        args["log"] = log
    return url_for("follow.finger_auction", **args)


def _score_url(table: FingerAuctionTable, names: list[str]) -> str:
    """The end-of-game scorer, filled with who took how many cards."""
    args: dict[str, Any] = {"players": len(names)}
    for i, (name, taken) in enumerate(zip(names, table.taken(), strict=True)):
        args[f"name-{i}"] = name
        args[f"took-{i}"] = taken
    return url_for("scorers.finger_auction_score", **args)


def _bids_from_form(
    table: FingerAuctionTable, names: list[str]
) -> tuple[list[int | TwoHands] | None, str | None]:
    bids: list[int | TwoHands] = []
    for seat in table.seats:
        if table.two_hands:
            right = _fingers(f"right-{seat}")
            left = _fingers(f"left-{seat}")
            if right is None or left is None:
                return None, gettext(
                    "%(name)s: choose a right hand and a left hand.", name=names[seat]
                )
            bids.append(TwoHands(right, left))
        else:
            bid = _fingers(f"bid-{seat}")
            if bid is None:
                return None, gettext("%(name)s: choose how many fingers.", name=names[seat])
            bids.append(bid)
    return bids, None


def _fingers(key: str) -> int | None:
    value = request.args.get(key, "")
    return int(value) if value in {str(f) for f in FINGERS} else None


def _bad_bid(exc: BadBid, names: list[str]) -> str:
    if exc.reason == "repeat":
        return gettext(
            "%(name)s: the right hand may not show %(n)d again; it was shown in the "
            "previous auction of this round (FA-4).",
            name=names[exc.seat],
            n=exc.value or 0,
        )
    if exc.reason == "over":
        return gettext("The game is over: score it below.")
    return gettext("These bids do not fit this auction; choose again.")


def _and(items: list[str]) -> str:
    return gettext(" and ").join(items)


def explain(a: Auction, names: list[str]) -> list[str]:
    """The outcome of one auction in sentences, each saying why."""
    return [line[:1].upper() + line[1:] for line in _explain(a, names)]


def _explain(a: Auction, names: list[str]) -> list[str]:
    lines: list[str] = []
    takes = dict(a.takes)
    if len(a.seats) == 2:
        hands = dict(zip(a.seats, a.bids, strict=True))
        for seat in a.seats:
            other = a.seats[1] if seat == a.seats[0] else a.seats[0]
            mine, theirs = hands[seat], hands[other]
            assert isinstance(mine, TwoHands) and isinstance(theirs, TwoHands)
            if seat in a.void:
                lines.append(
                    gettext(
                        "%(name)s's right hand %(n)d is blocked by %(other)s's left hand.",
                        name=names[seat],
                        n=mine.right,
                        other=names[other],
                    )
                )
        if a.winner is None:
            if len(a.void) == 2:
                lines.append(gettext("Both right hands are blocked: bid again."))
            else:
                lines.append(gettext("Both right hands show the same number: bid again."))
            return lines
        loser = a.seats[1] if a.winner == a.seats[0] else a.seats[0]
        win_hand = hands[a.winner]
        assert isinstance(win_hand, TwoHands)
        if a.void:
            reason = gettext("only %(name)s's right hand stands", name=names[a.winner])
        else:
            lose_hand = hands[loser]
            assert isinstance(lose_hand, TwoHands)
            reason = gettext(
                "%(low)d is lower than %(high)d", low=win_hand.right, high=lose_hand.right
            )
        lines.append(_takes(reason, names[a.winner], takes.get(a.winner, 0)))
        if takes.get(loser):
            lines.append(
                ngettext(
                    "%(name)s takes the last %(num)d card.",
                    "%(name)s takes the remaining %(num)d cards.",
                    takes[loser],
                    name=names[loser],
                )
            )
        return lines
    bids = dict(zip(a.seats, a.bids, strict=True))
    collided = [_and([str(v)] * list(bids.values()).count(v)) for v in a.collided]
    parts = [gettext("%(values)s collided", values=_and(collided))] if collided else []
    if a.winner is None:
        if a.strict and collided:
            parts.append(gettext("in the strict variant any collision means everyone bids again"))
        else:
            parts.append(gettext("no bid is unique: everyone bids again"))
        return [gettext("; ").join(parts) + gettext(".")]
    low = bids[a.winner]
    parts.append(gettext("%(n)s is the lowest unique bid", n=low))
    lines.append(_takes(gettext("; ").join(parts), names[a.winner], takes.get(a.winner, 0)))
    return lines


def _takes(reason: str, name: str, cards: int) -> str:
    return ngettext(
        "%(reason)s: %(name)s takes %(num)d card.",
        "%(reason)s: %(name)s takes %(num)d cards.",
        cards,
        reason=reason,
        name=name,
    )


__all__ = ["bp", "explain", "player_names"]
