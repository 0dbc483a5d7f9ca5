"""Request bodies -> engine calls -> contract responses.

One function per API endpoint. The JSON API and the phone forms both call
these, so a form can never accept what the API refuses (and vice versa).
Each returns an :class:`Outcome`: the response body exactly as
ARCHITECTURE.md pins it, plus the rule IDs that decided it (for the pages).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from cardpress.catalogue.models import Icon, Painter
from cardpress.games import eshi100, finger_auction, gallery_rush, ultimatch
from cardpress.games.finger_auction import FingerHand, HandScore, TwoHands
from referee import validation as v
from referee.catalogue import catalogue
from referee.validation import N_, ApiError

PAINTERS: tuple[str, ...] = ("monet", "gogh", "vermeer")
PAINTINGS_PER_PAINTER = 8
FORGERIES_PER_PAINTER = 1
TRIPTYCH_CARDS = 28  # 24 paintings, 3 forgeries, 1 Mona Lisa
ICONS: tuple[str, ...] = ("ume", "sakura", "asagao", "kikyo")
ESHI100_DECK = 40
MAX_NAME = 40


@dataclass(frozen=True)
class Outcome:
    body: dict[str, Any]
    rulings: tuple[str, ...] = ()
    detail: dict[str, Any] = field(default_factory=dict)


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


def finger_auction_score(body: Any) -> Outcome:
    body = v.obj(body, "", required=("hands",), optional=("players",))
    hands_raw = v.array(body["hands"], "hands", min_items=1, max_items=4)
    if "players" in body:
        players = v.integer(body["players"], "players", 2, 4)
        if len(hands_raw) > players:
            raise ApiError(
                N_("hands: %(n)d hands for a %(players)d-player game"),
                "hands",
                n=len(hands_raw),
                players=players,
            )
    elif len(hands_raw) < 2:
        raise ApiError(N_("players is required when fewer than 2 hands are sent (2-4)"), "players")
    else:
        players = len(hands_raw)

    totals = dict.fromkeys(PAINTERS, 0)
    forgery_owner: dict[str, int] = {}
    mona_owner: int | None = None
    names: set[str] = set()
    parsed: list[tuple[str, FingerHand]] = []
    for i, raw in enumerate(hands_raw):
        where = v.path("hands", i)
        hand = v.obj(raw, where, optional=("name", *PAINTERS, "forgeries", "mona_lisa"))
        name = v.string(
            v.get(hand, "name", f"Player {i + 1}"), v.path(where, "name"), max_length=MAX_NAME
        )
        if name in names:
            raise ApiError(
                N_("%(field)s: two hands are named %(name)s"),
                v.path(where, "name"),
                field=v.path(where, "name"),
                name=name,
            )
        names.add(name)
        counts: dict[str, int] = {}
        for painter in PAINTERS:
            f = v.path(where, painter)
            counts[painter] = v.integer(v.get(hand, painter, 0), f, 0, PAINTINGS_PER_PAINTER)
            totals[painter] += counts[painter]
            if totals[painter] > PAINTINGS_PER_PAINTER:
                raise ApiError(
                    N_(
                        "%(field)s: %(total)d %(painter)s paintings across hands; "
                        "the deck has %(max)d"
                    ),
                    f,
                    field=f,
                    total=totals[painter],
                    painter=painter,
                    max=PAINTINGS_PER_PAINTER,
                )
        f = v.path(where, "forgeries")
        forgeries = v.array(v.get(hand, "forgeries", []), f, max_items=len(PAINTERS))
        for j, item in enumerate(forgeries):
            fj = v.path(f, j)
            v.choice(item, fj, PAINTERS)
            if item in forgery_owner:
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
        f = v.path(where, "mona_lisa")
        mona = v.boolean(v.get(hand, "mona_lisa", False), f)
        if mona:
            if mona_owner is not None:
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
                    forgeries=frozenset(Painter(p) for p in forgeries),
                    mona_lisa=mona,
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
            {
                "name": name,
                "score": int(score.total),
                "cards": int(score.cards),
                "mona_lisa_as": None if as_ is None else as_.value,
                "painters": {p.value: int(n) for p, n in score.painters.items()},
            }
        )
        rulings.extend(score.rule_ids)
    body_out = {"results": results, "winners": [parsed[i][0] for i in winners]}
    if len(winners) != 1 or len({s.total for s in scores}) < len(scores):
        rulings.append("FA-7")
    return Outcome(body_out, tuple(dict.fromkeys(rulings)), {"players": players})


def finger_auction_auction(body: Any) -> Outcome:
    body = v.obj(body, "", required=("field", "bids"), optional=("previous_right", "variant"))
    field_cards = v.integer(body["field"], "field", 1, TRIPTYCH_CARDS)
    bids_raw = v.mapping(body["bids"], "bids")
    if not 1 <= len(bids_raw) <= 4:
        raise ApiError(
            N_("bids must name between 1 and 4 participants, not %(n)d"), "bids", n=len(bids_raw)
        )
    two = len(bids_raw) == 2
    bids: dict[str, int | TwoHands] = {}
    for player, raw in bids_raw.items():
        f = v.path("bids", player)
        v.string(player, f, max_length=MAX_NAME)
        if player != player.strip():
            raise ApiError(
                N_("%(field)s: a player's name must not start or end with a space"), f, field=f
            )
        try:
            bids[player] = _bid(raw, f, two, len(bids_raw))
        except ApiError as exc:
            exc.extra["player"] = player
            raise
    previous = None
    if "previous_right" in body and body["previous_right"] is not None:
        prev_raw = v.mapping(body["previous_right"], "previous_right")
        previous = {}
        for player, raw in prev_raw.items():
            f = v.path("previous_right", player)
            if player not in bids:
                raise ApiError(
                    N_("%(field)s: %(player)s is not a participant in bids"),
                    f,
                    field=f,
                    player=player[:MAX_NAME],
                )
            previous[player] = v.integer(raw, f, 1, 5)
    variant = v.choice(v.get(body, "variant", "standard"), "variant", ("standard", "strict"))
    try:
        outcome = finger_auction.adjudicate_auction(
            field_cards, bids, previous_right=previous, variant=variant
        )
    except finger_auction.IllegalBid as exc:
        player = exc.player
        f = v.path("bids", player) if player else "bids"
        err = ApiError(N_("%(field)s: illegal bid: %(reason)s"), f, field=f, reason=exc.message)
        if player:
            err.extra["player"] = player
        raise err from None
    rulings = list(_rule_ids(outcome.rule_ids))
    out: dict[str, Any] = {"outcome": outcome.outcome}
    if out["outcome"] == "won":
        out["awards"] = [{"player": str(p), "cards": int(n)} for p, n in outcome.awards]
    out["rulings"] = rulings
    return Outcome(out, tuple(rulings))


def _bid(raw: Any, f: str, two: bool, participants: int) -> int | TwoHands:
    if two:
        hands = v.obj(raw, f, required=("right", "left"))
        return TwoHands(
            right=v.integer(hands["right"], v.path(f, "right"), 1, 5),
            left=v.integer(hands["left"], v.path(f, "left"), 1, 5),
        )
    if isinstance(raw, dict) and participants > 2:
        raise ApiError(
            N_("%(field)s: with three or more participants a bid is one number (1-5)"),
            f,
            field=f,
        )
    return v.integer(raw, f, 1, 5)


# --------------------------------------------------------------------------- Gallery Rush


def _collection_counts(raw: Any, where: str) -> tuple[dict[str, int], bool]:
    coll = v.obj(raw, where, optional=(*PAINTERS, "mona_lisa"))
    counts = {
        p: v.integer(v.get(coll, p, 0), v.path(where, p), 0, PAINTINGS_PER_PAINTER)
        for p in PAINTERS
    }
    mona = v.boolean(v.get(coll, "mona_lisa", False), v.path(where, "mona_lisa"))
    return counts, mona


def gallery_rush_victory(body: Any) -> Outcome:
    body = v.obj(body, "", required=("collection",))
    counts, mona = _collection_counts(body["collection"], "collection")
    conditions = gallery_rush.victory_conditions({Painter(p): n for p, n in counts.items()}, mona)
    cards = sum(counts.values()) + int(mona)
    rulings = ["GR-2"]
    if gallery_rush.FOUR_OF_A_PAINTER in conditions:
        rulings.append("GR-4")
    out = {"achieved": bool(conditions), "conditions": list(conditions), "cards": cards}
    return Outcome(out, tuple(rulings))


def gallery_rush_odds(body: Any) -> Outcome:
    """Chances for the next explore flip from everything visible (GR-6, GR-10)."""
    body = v.obj(body, "", optional=("keep", "seen", "seen_forgeries", "mona_lisa_seen"))
    keep = v.array(v.get(body, "keep", []), "keep", max_items=len(PAINTERS))
    for i, item in enumerate(keep):
        v.choice(item, v.path("keep", i), PAINTERS)
    v.unique(keep, "keep")
    seen_raw = v.obj(v.get(body, "seen", {}), "seen", optional=PAINTERS)
    seen = {}
    for p in PAINTERS:
        f = v.path("seen", p)
        seen[p] = v.integer(v.get(seen_raw, p, 0), f, 0, PAINTINGS_PER_PAINTER)
        if seen[p] + keep.count(p) > PAINTINGS_PER_PAINTER:
            raise ApiError(
                N_(
                    "%(field)s: %(n)d %(painter)s paintings seen plus the keep; the deck has "
                    "%(max)d"
                ),
                f,
                field=f,
                n=seen[p] + keep.count(p),
                painter=p,
                max=PAINTINGS_PER_PAINTER,
            )
    forgeries = v.integer(v.get(body, "seen_forgeries", 0), "seen_forgeries", 0, 3)
    mona = v.boolean(v.get(body, "mona_lisa_seen", False), "mona_lisa_seen")
    unseen = TRIPTYCH_CARDS - sum(seen.values()) - len(keep) - forgeries - int(mona)
    if unseen <= 0:
        raise ApiError(N_("no unseen card is left to flip"), "seen")
    odds = gallery_rush.flip_odds(
        [Painter(p) for p in keep], {Painter(p): n for p, n in seen.items()}, forgeries, mona
    )

    def num(x: Fraction) -> float:
        return round(float(x), 4)

    out = {
        "bust": num(odds.bust),
        "forgery": num(odds.forgery),
        "mona_lisa": num(odds.mona_lisa),
        "keep_lost": num(odds.bust + odds.forgery),
        "painters": {p.value: num(x) for p, x in odds.painter.items()},
        "unseen": odds.unseen,
    }
    return Outcome(out, ("GR-6", "GR-10"))


# --------------------------------------------------------------------------- Ultimatch


def _ultimatch_card(
    raw: Any, where: str, known: dict[str, tuple[str, int]]
) -> tuple[str, tuple[str, int]]:
    """A card id of the catalogue's Ultimatch deck, and its (colour, number)."""
    if not isinstance(raw, str):
        raise ApiError(
            N_("%(field)s must be a card id like orange-5, not %(type)s"),
            where,
            field=where,
            type=v.json_type(raw),
        )
    card_id = raw.strip().lower()
    if card_id not in known:
        raise ApiError(N_("%(field)s: unknown card %(card)s"), where, field=where, card=raw[:40])
    return card_id, known[card_id]


def ultimatch_match(body: Any) -> Outcome:
    body = v.obj(body, "", required=("target", "cards"))
    # the deck as the card data has it: a 503 naming the problems while cards/ is broken
    known = {c.id: (c.colour, c.number) for c in catalogue().ultimatch.cards}
    target_id, target = _ultimatch_card(body["target"], "target", known)
    raw_cards = v.array(body["cards"], "cards", min_items=1, max_items=2)
    ids: list[str] = []
    cards: list[tuple[str, int]] = []
    for i, raw in enumerate(raw_cards):
        f = v.path("cards", i)
        card_id, card = _ultimatch_card(raw, f, known)
        if card_id == target_id:
            raise ApiError(
                N_("%(field)s: %(card)s is the pyramid card itself"), f, field=f, card=card_id
            )
        ids.append(card_id)
        cards.append(card)
    v.unique(ids, "cards")
    result = ultimatch.match(target, cards)
    rulings = list(_rule_ids(result.rule_ids))
    out = {
        "match": result.match,
        "ultimatch": result.ultimatch,
        "by": list(result.by),
        "rulings": rulings,
    }
    return Outcome(out, tuple(rulings), {"target": target_id, "cards": ids})


# --------------------------------------------------------------------------- 絵師100人展


def eshi100_score(body: Any) -> Outcome:
    body = v.obj(body, "", required=("collection",), optional=("warehouse", "adjustments"))
    raw_coll = v.array(body["collection"], "collection", max_items=ESHI100_DECK)
    collection: list[tuple[Icon, ...]] = []
    for i, raw in enumerate(raw_coll):
        where = v.path("collection", i)
        card = v.obj(raw, where, required=("icons",))
        f = v.path(where, "icons")
        icons = v.array(card["icons"], f, min_items=1, max_items=len(ICONS))
        for j, icon in enumerate(icons):
            v.choice(icon, v.path(f, j), ICONS)
        v.unique(icons, f)
        collection.append(tuple(Icon(icon) for icon in icons))
    raw_wh = v.array(v.get(body, "warehouse", []), "warehouse", max_items=ESHI100_DECK)
    bids: list[int] = []
    for i, raw in enumerate(raw_wh):
        where = v.path("warehouse", i)
        card = v.obj(raw, where, required=("bid",))
        bids.append(v.integer(card["bid"], v.path(where, "bid"), 0, 99))
    if len(collection) + len(bids) > ESHI100_DECK:
        raise ApiError(
            N_("warehouse: %(n)d cards in collection and warehouse; a deck has %(max)d"),
            "warehouse",
            n=len(collection) + len(bids),
            max=ESHI100_DECK,
        )
    raw_adj = v.array(v.get(body, "adjustments", []), "adjustments", max_items=ESHI100_DECK)
    adjustments = [
        v.integer(raw, v.path("adjustments", i), -99, 99) for i, raw in enumerate(raw_adj)
    ]
    s = eshi100.settle(collection, bids, adjustments)
    out = {
        "score": s.score,
        "cards": s.cards,
        "same_icon_bonus": s.same_icon_bonus,
        "different_icon_bonus": s.different_icon_bonus,
        "warehouse": s.warehouse,
        "adjustments": s.adjustments,
    }
    return Outcome(out, _rule_ids(s.rule_ids))


ENDPOINTS = {
    "finger-auction/score": finger_auction_score,
    "finger-auction/auction": finger_auction_auction,
    "gallery-rush/victory": gallery_rush_victory,
    "gallery-rush/odds": gallery_rush_odds,
    "ultimatch/match": ultimatch_match,
    "eshi100/score": eshi100_score,
}
