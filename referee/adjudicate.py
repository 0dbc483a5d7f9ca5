"""Request bodies -> engine calls -> contract responses.

One function per API operation. The JSON API and the phone forms both call
these with a body (a dict, or the model the API already validated), so a form
can never accept what the API refuses. The shape of each body is its model in
:mod:`referee.bodies`; what a schema cannot say (totals across hands, the
rules) is checked here. Each returns an :class:`Outcome`: the response model
exactly as ARCHITECTURE.md pins it, plus the rule IDs that decided it (for the
pages).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from pydantic import BaseModel

from cardpress.games import eshi100, finger_auction, gallery_rush, ultimatch
from cardpress.games.finger_auction import FingerHand, HandScore
from cardpress.games.triptych import Tally
from cardpress.vocabulary import (
    ESHI100_DECK,
    PAINTER_IDS,
    PAINTINGS_PER_PAINTER,
    TRIPTYCH_CARDS,
    Icon,
    Painter,
)
from referee import bodies as b
from referee import validation as v
from referee.catalogue import catalogue
from referee.contract import parse
from referee.validation import N_, ApiError


@dataclass(frozen=True)
class Outcome:
    """``response`` is the API's response model (a page may build a plain dict)."""

    response: BaseModel | dict[str, Any]
    rulings: tuple[str, ...] = ()
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def body(self) -> dict[str, Any]:
        """The response body as the API sends it."""
        if isinstance(self.response, dict):
            return self.response
        return self.response.model_dump(mode="json", exclude_unset=True)


def _rule_ids(ids: Iterable[str]) -> tuple[str, ...]:
    """Rule IDs in order, each once."""
    return tuple(dict.fromkeys(ids))


# --------------------------------------------------------------------------- Finger Auction


@lru_cache(maxsize=8192)
def _score_key(
    players: int,
    counts: tuple[tuple[Painter, int], ...],
    forgeries: frozenset[Painter],
    mona_lisa: bool,
) -> HandScore:
    hand = FingerHand(counts=dict(counts), forgeries=forgeries, mona_lisa=mona_lisa)
    return finger_auction.score_hand(hand, players)


def _score_hand(hand: FingerHand, players: int) -> HandScore:
    """The engine's score_hand, memoised: it is pure and its domain is small
    (9^3 counts x 8 forgery sets x Mona Lisa x 3 tables), and a table re-scores
    the same hands as it corrects an entry. HandScore is read-only here."""
    return _score_key(players, tuple(sorted(hand.counts.items())), hand.forgeries, hand.mona_lisa)


def _within_deck(tally: Tally, where: str, count: str, message: str) -> None:
    """A 400 naming the painter's field (under ``where``) when the tally counts
    more of a painter than the deck has; ``count`` names the message's number."""
    if (excess := tally.excess()) is not None:
        painter, n = excess
        f = v.path(where, painter)
        raise ApiError(
            message, f, field=f, painter=painter, max=PAINTINGS_PER_PAINTER, **{count: n}
        )


def finger_auction_score(body: Any) -> Outcome:
    """Score Finger Auction hands as the scoring API asks. Long because it checks the request
    (player count, hands, the deck's counts) before scoring, each refusal naming its field, in
    the order a person reads the body."""
    req = parse(b.FingerAuctionScoreRequest, body)
    if req.players is not None:
        players = req.players
        if len(req.hands) > players:
            raise ApiError(
                N_("hands: %(n)d hands for a %(players)d-player game"),
                "hands",
                n=len(req.hands),
                players=players,
            )
    elif len(req.hands) < finger_auction.MIN_PLAYERS:
        raise ApiError(
            N_("players is required when fewer than %(min)d hands are sent (%(min)d-%(max)d)"),
            "players",
            min=finger_auction.MIN_PLAYERS,
            max=finger_auction.MAX_PLAYERS,
        )
    else:
        players = len(req.hands)

    tally = Tally()
    forgery_owner: dict[str, int] = {}
    mona_owner: int | None = None
    names: set[str] = set()
    parsed: list[tuple[str, FingerHand]] = []
    for i, hand in enumerate(req.hands):
        where = v.path("hands", i)
        name = hand.name or f"Player {i + 1}"
        if name in names:
            f = v.path(where, "name")
            raise ApiError(N_("%(field)s: two hands are named %(name)s"), f, field=f, name=name)
        names.add(name)
        counts = {p: getattr(hand, p) for p in PAINTER_IDS}
        tally.add(counts)
        _within_deck(
            tally,
            where,
            "total",
            N_("%(field)s: %(total)d %(painter)s paintings across hands; the deck has %(max)d"),
        )
        for j, item in enumerate(hand.forgeries):
            if item in forgery_owner:
                fj = v.path(v.path(where, "forgeries"), j)
                raise ApiError(
                    N_(
                        "%(field)s: the deck has one %(painter)s forgery and hands[%(other)d] "
                        "holds it"
                    ),
                    fj,
                    field=fj,
                    painter=item,
                    other=forgery_owner[item],
                )
            forgery_owner[item] = i
        if hand.mona_lisa:
            if mona_owner is not None:
                f = v.path(where, "mona_lisa")
                raise ApiError(
                    N_("%(field)s: the deck has one Mona Lisa and hands[%(other)d] holds it"),
                    f,
                    field=f,
                    other=mona_owner,
                )
            mona_owner = i
        parsed.append(
            (
                name,
                FingerHand(
                    counts={Painter(p): n for p, n in counts.items()},
                    forgeries=frozenset(Painter(p) for p in hand.forgeries),
                    mona_lisa=hand.mona_lisa,
                ),
            )
        )

    scores = [_score_hand(hand, players) for _, hand in parsed]
    winners = finger_auction.winners(scores)
    results = []
    rulings: list[str] = []
    for (name, _), score in zip(parsed, scores, strict=True):
        as_ = score.mona_lisa_as
        results.append(
            b.HandResult(
                name=name,
                score=int(score.total),
                cards=int(score.cards),
                mona_lisa_as=None if as_ is None else as_.value,
                painters={p.value: int(n) for p, n in score.painters.items()},
            )
        )
        rulings.extend(score.rule_ids)
    out = b.FingerAuctionScoreResponse(results=results, winners=[parsed[i][0] for i in winners])
    if len(winners) != 1 or len({s.total for s in scores}) < len(scores):
        rulings.append("FA-7")
    return Outcome(out, _rule_ids(rulings), {"players": players})


def finger_auction_auction(body: Any) -> Outcome:
    req = parse(b.FingerAuctionAuctionRequest, body)
    two = len(req.bids) == 2
    bids: dict[str, int | finger_auction.TwoHands] = {}
    for player, bid in req.bids.items():
        f = v.path("bids", player)
        if two and not isinstance(bid, b.TwoHands):
            raise _illegal(
                N_("%(field)s: with two participants a bid is a right and a left hand (FA-3)"),
                f,
                player,
                "FA-3",
            )
        if not two and isinstance(bid, b.TwoHands):
            raise _illegal(
                N_("%(field)s: with three or more participants a bid is one number (1-5)"),
                f,
                player,
                "FA-1",
            )
        if isinstance(bid, b.TwoHands):
            if two and req.previous_right.get(player) == bid.right:
                raise _illegal(
                    N_(
                        "%(field)s: illegal bid: the right hand may not repeat %(right)d from "
                        "the previous auction (FA-4)"
                    ),
                    f,
                    player,
                    "FA-4",
                    right=bid.right,
                )
            bids[player] = finger_auction.TwoHands(right=bid.right, left=bid.left)
        else:
            bids[player] = bid
    for player in req.previous_right:
        if player not in bids:
            f = v.path("previous_right", player)
            raise ApiError(
                N_("%(field)s: %(player)s is not a participant in bids"),
                f,
                field=f,
                player=player,
            )
    outcome = finger_auction.adjudicate_auction(
        req.field, bids, previous_right=req.previous_right, variant=req.variant
    )
    rulings = list(_rule_ids(outcome.rule_ids))
    if outcome.outcome == "won":
        out = b.FingerAuctionAuctionResponse(
            outcome="won",
            awards=[b.Award(player=str(p), cards=int(n)) for p, n in outcome.awards],
            rulings=rulings,
        )
    else:
        out = b.FingerAuctionAuctionResponse(outcome="rebid", rulings=rulings)
    return Outcome(out, tuple(rulings))


def _illegal(template: str, where: str, player: str, rule: str, **params: Any) -> ApiError:
    err = ApiError(template, where, field=where, **params)
    err.extra["player"] = player
    err.extra["rule"] = rule
    return err


# --------------------------------------------------------------------------- Gallery Rush


def gallery_rush_victory(body: Any) -> Outcome:
    coll = parse(b.GalleryRushVictoryRequest, body).collection
    counts = {p: getattr(coll, p) for p in PAINTER_IDS}
    conditions = gallery_rush.victory_conditions(
        {Painter(p): n for p, n in counts.items()}, coll.mona_lisa
    )
    cards = sum(counts.values()) + int(coll.mona_lisa)
    rulings = ["GR-2"]
    if gallery_rush.FOUR_OF_A_PAINTER in conditions:
        rulings.append("GR-4")
    out = b.GalleryRushVictoryResponse(
        achieved=bool(conditions), conditions=list(conditions), cards=cards
    )
    return Outcome(out, tuple(rulings))


def gallery_rush_odds(body: Any) -> Outcome:
    """Chances for the next explore flip from everything visible (GR-6, GR-10)."""
    req = parse(b.GalleryRushOddsRequest, body)
    seen = {p: getattr(req.seen, p) for p in PAINTER_IDS}
    tally = Tally()
    tally.add(seen)
    tally.add({p: 1 for p in req.keep})
    _within_deck(
        tally,
        "seen",
        "n",
        N_("%(field)s: %(n)d %(painter)s paintings seen plus the keep; the deck has %(max)d"),
    )
    mona = req.mona_lisa_seen
    unseen = TRIPTYCH_CARDS - sum(seen.values()) - len(req.keep) - req.seen_forgeries - int(mona)
    if unseen <= 0:
        raise ApiError(N_("no unseen card is left to flip"), "seen")
    odds = gallery_rush.flip_odds(
        [Painter(p) for p in req.keep],
        {Painter(p): n for p, n in seen.items()},
        req.seen_forgeries,
        mona,
    )

    def num(x: Fraction) -> float:
        return round(float(x), 4)

    out = b.GalleryRushOddsResponse(
        bust=num(odds.bust),
        forgery=num(odds.forgery),
        mona_lisa=num(odds.mona_lisa),
        keep_lost=num(odds.bust + odds.forgery),
        painters={p.value: num(x) for p, x in odds.painter.items()},
        unseen=odds.unseen,
    )
    return Outcome(out, ("GR-6", "GR-10"))


# --------------------------------------------------------------------------- Ultimatch


def ultimatch_match(body: Any) -> Outcome:
    req = parse(b.UltimatchMatchRequest, body)
    # the deck as the card data has it: a 503 naming the problems while cards/ is broken
    known = {c.id: (c.colour, c.number) for c in catalogue().ultimatch.cards}
    for where, card_id in [("target", req.target)] + [
        (v.path("cards", i), c) for i, c in enumerate(req.cards)
    ]:
        if card_id not in known:
            raise ApiError(N_("%(field)s: unknown card %(card)s"), where, field=where, card=card_id)
        if where != "target" and card_id == req.target:
            raise ApiError(
                N_("%(field)s: %(card)s is the pyramid card itself"),
                where,
                field=where,
                card=card_id,
            )
    result = ultimatch.match(known[req.target], [known[c] for c in req.cards])
    rulings = list(_rule_ids(result.rule_ids))
    out = b.UltimatchMatchResponse(
        match=result.match, ultimatch=result.ultimatch, by=list(result.by), rulings=rulings
    )
    return Outcome(out, tuple(rulings), {"target": req.target, "cards": list(req.cards)})


# --------------------------------------------------------------------------- 絵師100人展


def eshi100_score(body: Any) -> Outcome:
    req = parse(b.Eshi100ScoreRequest, body)
    collection = [tuple(Icon(i) for i in card.icons) for card in req.collection]
    bids = [card.bid for card in req.warehouse]
    if len(collection) + len(bids) > ESHI100_DECK:
        raise ApiError(
            N_("warehouse: %(n)d cards in collection and warehouse; a deck has %(max)d"),
            "warehouse",
            n=len(collection) + len(bids),
            max=ESHI100_DECK,
        )
    s = eshi100.settle(collection, bids, list(req.adjustments))
    out = b.Eshi100ScoreResponse(
        score=s.score,
        cards=s.cards,
        same_icon_bonus=s.same_icon_bonus,
        different_icon_bonus=s.different_icon_bonus,
        warehouse=s.warehouse,
        adjustments=s.adjustments,
    )
    return Outcome(out, _rule_ids(s.rule_ids))
