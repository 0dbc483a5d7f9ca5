"""Round followers for games played with the printed cards (cardpress.follow).

Every page is a GET whose query string is the whole game (players, variant,
log): a reload, Back, a bookmark or the language switch shows the same
moment, and entering an auction redirects to the new state's URL, so the
same entry sent twice lands on the same state. Nothing is stored on the
server; ``static/keep.js`` remembers the latest URL on the phone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Blueprint, redirect, render_template, request, url_for
from flask_babel import gettext, ngettext
from werkzeug.wrappers import Response

from cardpress.follow import LogError, log_prefix
from cardpress.follow.detective_eye import BadRound, DetectiveEyeLedger, Round
from cardpress.follow.finger_auction import Auction, BadBid, FingerAuctionTable, TwoHands
from cardpress.follow.ultimatch import MAX_PLAYERS, BadEntry, PyramidTracker, Turn
from cardpress.games.finger_auction import MAX_BID, MIN_BID, ROUNDS
from cardpress.games.ultimatch.match import NUMBERS, ways
from cardpress.players import MAX_NAME, BadName, first_repeat, player_name, shown
from cardpress.vocabulary import COLOURS
from referee.i18n import keeps_query
from referee.ultimatch_text import (
    card_name,
    colour_labels,
    colour_rgb,
    first_upper,
    reason_lines,
    ways_line,
)
from referee.validation import N_

T = TypeVar("T")

bp = Blueprint("follow", __name__, url_prefix="/<lang:lang>/play")

FINGERS = tuple(range(MIN_BID, MAX_BID + 1))


def player_names(raw: list[str], lo: int, hi: int) -> tuple[list[str], str | None]:
    """The names typed at setup (blank ones dropped), or a sentence saying what is wrong.

    The same rule as the API's (cardpress.players): NFC, nothing invisible-only,
    no control or text-direction characters, duplicates counted after NFC."""
    names: list[str] = []
    for typed in raw[:hi]:
        if not typed.strip():
            continue
        try:
            names.append(player_name(typed))
        except BadName:
            return names, gettext(
                "“%(name)s”: a name is at most %(max)d letters, with no control characters.",
                name=shown(typed),
                max=MAX_NAME,
            )
    if first_repeat(names) is not None:
        return names, gettext("Two players have the same name.")
    if len(names) < lo:
        return names, gettext("Enter the names of %(lo)d to %(hi)d players.", lo=lo, hi=hi)
    return names, None


def _replayed(replay: Callable[[str], T], message: str) -> tuple[T, str | None]:
    """The game in the URL's log; a log that stops replaying (edited by hand, a
    newer version's) shows the game up to there and says so."""
    log = request.args.get("log", "")[:4000]
    try:
        return replay(log), None
    except LogError as exc:
        return replay(log_prefix(log, exc.entry)), gettext(message, n=exc.entry + 1)


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
    table, log_error = _replayed(
        lambda log: FingerAuctionTable.replay(names, variant, log),
        N_(
            "The record of this game could not be read from auction %(n)d on; "
            "it is shown up to there."
        ),
    )
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
        last=table.auctions[-1] if table.auctions else None,
        log=table.log(),
        names=names,
        variant=variant,
        error=log_error or bid_error,
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
                lines.append(gettext("Both right hands are blocked: re-bid."))
            else:
                lines.append(gettext("Both right hands show the same number: re-bid."))
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
            parts.append(gettext('in the "strict" variant any collision means a re-bid'))
        else:
            parts.append(gettext("no bid is unique: everyone makes a re-bid"))
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


# --------------------------------------------------------------------------- Detective Eye


@bp.get("/detective-eye")
@keeps_query("p", "s", "log")
def detective_eye() -> str | Response:
    names, error = player_names(request.args.getlist("p"), 2, 4)
    first = request.args.get("s", "0")
    first_seat = int(first) if first in {str(i) for i in range(len(names))} else 0
    if error or not names:
        return render_template(
            "follow/detective_eye_setup.html",
            error=error if request.args.get("start") else None,
            names=names,
        )
    if request.args.get("start"):
        return redirect(_de_url(names, first_seat, ""), code=303)
    ledger, problem = _replayed(
        lambda log: DetectiveEyeLedger.replay(names, first_seat, log),
        N_(
            "The record of this game could not be read from round %(n)d on; "
            "it is shown up to there."
        ),
    )
    if request.args.get("go") and not problem:
        problem = _de_round(ledger, names)
        if problem is None:
            return redirect(_de_url(names, first_seat, ledger.log()), code=303)
    return render_template(
        "follow/detective_eye.html",
        ledger=ledger,
        winners=", ".join(names[s] for s in ledger.winners),
        last=ledger.rounds[-1] if ledger.rounds else None,
        log=ledger.log(),
        names=names,
        error=problem,
        explain=lambda r: explain_round(r, names),
        state_url=_de_url(names, first_seat, ledger.log()),
        undo_url=_de_url(names, first_seat, ledger.log().rpartition("-")[0]),
    )


def _de_url(names: list[str], first: int, log: str) -> str:
    args: dict[str, Any] = {"p": names}
    if first:
        args["s"] = first
    if log:
        args["log"] = log
    return url_for("follow.detective_eye", **args)


def _de_round(ledger: DetectiveEyeLedger, names: list[str]) -> str | None:
    """Play the round the form describes; a sentence when it cannot be."""
    n = len(names)
    placed = []
    for seat in range(n):
        value = request.args.get(f"placed-{seat}", "1")
        if not (value.isascii() and value.isdigit()):
            value = "0"
        placed.append(int(value))
    challenger = request.args.get("challenger", "")
    result = request.args.get("result", "")
    if challenger not in {str(s) for s in range(n)}:
        return gettext("Choose who challenged.")
    if result not in ("success", "failure"):
        return gettext("Choose whether the challenge succeeded.")
    flipped = [s for s in range(n) if request.args.get(f"flipped-{s}")]
    try:
        ledger.play(int(challenger), result == "success", flipped, placed)
    except BadRound as exc:
        if exc.reason == "placed" and exc.seat is not None:
            return gettext(
                "%(name)s: between 1 and %(max)d cards can be placed (the cards in hand).",
                name=names[exc.seat],
                max=ledger.hands[exc.seat],
            )
        if exc.reason == "flipped":
            return gettext("A success flips at least one card: tick whose cards were flipped.")
        return gettext("The game is over.")
    return None


def explain_round(r: Round, names: list[str]) -> list[str]:
    """What a round changed, in sentences that say why."""
    who = names[r.challenger]
    lines = []
    if r.success:
        owners = _and([names[s] for s in r.flipped])
        lines.append(
            ngettext(
                "%(name)s's challenge succeeded: cards of %(owners)s were flipped, a reward "
                "of %(num)d.",
                "%(name)s's challenge succeeded: cards of %(owners)s were flipped, a reward "
                "of %(num)d.",
                r.reward,
                name=who,
                owners=owners,
            )
        )
        if r.returned:
            lines.append(
                ngettext(
                    "%(name)s returns %(num)d forgery to the supply first.",
                    "%(name)s returns %(num)d forgeries to the supply first.",
                    r.returned,
                    name=who,
                )
            )
        if r.discarded:
            lines.append(
                ngettext(
                    "%(name)s discards %(num)d card of their choice from hand.",
                    "%(name)s discards %(num)d cards of their choice from hand.",
                    r.discarded,
                    name=who,
                )
            )
    else:
        lines.append(gettext("%(name)s's challenge failed: one more miss.", name=who))
        if r.took_forgery:
            lines.append(
                gettext(
                    "Second miss: %(name)s takes a forgery from the supply and the miss count "
                    "starts again.",
                    name=who,
                )
            )
    return lines


# --------------------------------------------------------------------------- Ultimatch


@bp.get("/ultimatch/follow")
@keeps_query("p", "s", "o", "r", "log")
def ultimatch() -> str | Response:
    names, error = player_names(request.args.getlist("p"), 1, MAX_PLAYERS)
    first = request.args.get("s", "0")
    first_seat = int(first) if first in {str(i) for i in range(len(names))} else 0
    clockwise = request.args.get("o") == "cw"
    # UM-6: "official" is the strict variant's name in links of earlier versions
    pass_rule = "strict" if request.args.get("r") in ("strict", "official") else "standard"
    if error or not names:
        return render_template(
            "follow/ultimatch_setup.html",
            error=error if request.args.get("start") else None,
            names=names,
            min_players=1,
            max_players=MAX_PLAYERS,
        )

    def url(log: str) -> str:
        args: dict[str, Any] = {"p": names}
        if first_seat:
            args["s"] = first_seat
        if clockwise:
            args["o"] = "cw"
        if pass_rule != "standard":
            args["r"] = pass_rule
        if log:
            args["log"] = log
        return url_for("follow.ultimatch", **args)

    if request.args.get("start"):
        return redirect(url(""), code=303)
    tracker, problem = _replayed(
        lambda log: PyramidTracker.replay(names, log, first_seat, clockwise, pass_rule),
        N_(
            "The record of this game could not be read from entry %(n)d on; "
            "it is shown up to there."
        ),
    )
    refused: list[str] = []
    go = request.args.get("go")
    if go and not problem:
        try:
            _um_entry(tracker, go)
        except _Unfinished as exc:
            problem = str(exc)
        except BadEntry as exc:
            problem, refused = _um_refusal(exc)
            problem = first_upper(problem)
        else:
            return redirect(url(tracker.log()), code=303)
    log = tracker.log()
    return render_template(
        "follow/ultimatch.html",
        tracker=tracker,
        last=tracker.turns[-1] if tracker.turns else None,
        log=log,
        names=names,
        error=problem,
        refused=refused,
        explain=lambda t: explain_turn(t, names),
        ways={i: ways_line(f, ways(f)) for i, f in enumerate(tracker.faces) if f},
        colour_labels=colour_labels(),
        colour_rgb=colour_rgb(),
        numbers=NUMBERS,
        state_url=url(log),
        undo_url=url(log.rpartition("-")[0]),
    )


class _Unfinished(ValueError):
    """The form lacks something the entry needs (a sentence for the page)."""


def _um_card(prefix: str) -> tuple[str, int] | None:
    """The card a pair of colour and number selects give, None if both are blank."""
    colour = request.args.get(f"{prefix}-colour", "")
    number = request.args.get(f"{prefix}-number", "")
    if not colour and not number:
        return None
    if colour not in COLOURS or number not in {str(n) for n in NUMBERS}:
        raise _Unfinished(gettext("Choose both the colour and the number of each card."))
    return colour, int(number)


def _um_entry(tracker: PyramidTracker, go: str) -> None:
    if go == "show":
        faces = {}
        for place in tracker.pending():
            card = _um_card(f"face-{place}")
            if card is None:
                raise _Unfinished(gettext("Enter every card that is face up."))
            faces[place] = card
        tracker.show(faces)
    elif go == "match":
        place = request.args.get("place", "")
        if place not in {str(i) for i in tracker.open_places()}:
            raise _Unfinished(gettext("Choose the pyramid card that was matched."))
        cards = [c for c in (_um_card("card1"), _um_card("card2")) if c is not None]
        if not cards:
            raise _Unfinished(gettext("Choose the card or the two cards played."))
        tracker.match(int(place), cards)
    elif go == "pass":
        tracker.pass_turn()
    elif go == "stuck":
        tracker.stuck()


def _um_refusal(exc: BadEntry) -> tuple[str, list[str]]:
    """A refused entry in a sentence citing the rule, and for a play that does
    not match, the reasons why not."""
    if exc.reason == "no-match" and exc.explanation is not None:
        return gettext("This play does not match."), reason_lines(exc.explanation.reasons)
    if exc.reason == "on-pyramid" and exc.card is not None:
        return gettext(
            "%(card)s lies on the pyramid, so nobody can play it (UM-8).",
            card=card_name(exc.card),
        ), []
    if exc.reason == "twice" and exc.card is not None:
        return gettext(
            "%(card)s is already on the pyramid; the deck has one of each card (UM-1).",
            card=card_name(exc.card),
        ), []
    if exc.reason == "same-card":
        return gettext("The two cards played must be different cards (UM-1)."), []
    if exc.reason == "solo-pass":
        return gettext("Solitaire has no pass: with no match, the game is lost (UM-6)."), []
    if exc.reason == "over":
        return gettext("The game is over."), []
    if exc.reason == "faces":
        return gettext("First enter the cards that turned face up."), []
    return gettext("This does not fit the pyramid now; check the cards and try again."), []


def explain_turn(t: Turn, names: list[str]) -> list[str]:
    """A turn in sentences: who matched what with what and by which rule."""
    who = names[t.seat]
    if t.kind == "pass":
        return [gettext("%(name)s passed and draws one card (UM-6).", name=who)]
    if t.kind == "stuck":
        return [gettext("No card matches and solitaire has no pass: the game is lost (UM-6).")]
    assert t.target is not None
    played = [card_name(c) for c in t.cards]
    lines = [
        gettext(
            "%(name)s matched %(target)s with %(cards)s.",
            name=who,
            target=card_name(t.target),
            cards=_and(played),
        ),
        *reason_lines(t.reasons),
    ]
    if t.ultimatch and len(names) == 1:
        lines.append(gettext("Ultimatch reward: draw two cards into your hand (UM-5)."))
    elif t.ultimatch:
        lines.append(
            gettext(
                "Ultimatch reward: at the end of the turn %(name)s draws two cards, puts one "
                "in hand and one in the alta hand (UM-5).",
                name=who,
            )
        )
    return lines


__all__ = ["bp", "explain", "explain_round", "explain_turn", "player_names"]
